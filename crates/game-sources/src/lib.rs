//! # game-sources
//!
//! Finds the game records a batch check reads — files, directories, globs, standard input,
//! and the members of `.zip`, `.tar`, `.tar.gz` / `.tgz` archives — and hands them over one
//! by one, as bytes, in a deterministic order. It knows no ruleset and no record format
//! beyond a file's extension.
//!
//! * [`walk`] — visits every [`Item`] of the inputs, in order, calling a sink (push style, so
//!   archive readers need no self-referential iterators).
//! * [`stream`] — the same on a reader thread, through a bounded channel: memory stays flat
//!   however large the archive, and the consumer's pace sets the reader's.
//! * [`Item`] — a name and what became of it: a record's bytes, a skip with its reason, or
//!   a [`SourceError`].
//! * [`Options`] / [`Limits`] / [`Shard`] — size and member limits (zip bombs), and the
//!   deterministic split of the inputs among N jobs.
//!
//! Archives are read in place: members are streamed from the archive and never written to
//! disk, so a member's name (`../../etc/passwd`) is only a name. Every file met is accounted
//! for: a file that is not a game record gives an [`ItemKind::Skipped`], not silence.
//!
//! Order: inputs in the order given; a directory's files sorted by name, recursively; a
//! glob's matches sorted; an archive's members in the archive's own order.
//!
//! ```
//! use game_sources::{collect, ItemKind, Options};
//!
//! let dir = tempfile::tempdir().unwrap();
//! std::fs::write(dir.path().join("b.sgf"), "(;SZ[9];B[ee])").unwrap();
//! std::fs::write(dir.path().join("a.sgf"), "(;SZ[9])").unwrap();
//! std::fs::write(dir.path().join("notes.txt"), "not a game").unwrap();
//! let items = collect(&[dir.path().to_string_lossy().into_owned()], &Options::default());
//! let names: Vec<_> = items.iter().map(|i| i.name.rsplit('/').next().unwrap()).collect();
//! assert_eq!(names, ["a.sgf", "b.sgf", "notes.txt"]);
//! assert!(matches!(items[0].kind, ItemKind::Record { .. }));
//! assert!(matches!(items[2].kind, ItemKind::Skipped(_)));
//! ```
#![deny(missing_docs)]

mod archive;
mod shard;

pub use shard::{Shard, ShardError, fnv1a};

use std::io::{self, Read};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, sync_channel};
use std::thread::JoinHandle;

/// Limits that bound what one input can make the reader do. The defaults are far above any
/// real collection of game records and still stop a zip bomb.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Largest record (a file or an archive member), in bytes, uncompressed. Default 64 MiB.
    pub max_record_bytes: u64,
    /// Most members read from one archive; the rest give one `too-many-members` error.
    /// Default 1,000,000.
    pub max_members: u64,
    /// Most bytes decompressed from one archive, all members together; past it the archive
    /// gives one `archive-too-large` error. Default 4 GiB.
    pub max_archive_bytes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_record_bytes: 64 << 20,
            max_members: 1_000_000,
            max_archive_bytes: 4 << 30,
        }
    }
}

/// How to read the inputs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// Size and member limits.
    pub limits: Limits,
    /// Only the items of this shard (by name); `None` for all.
    pub shard: Option<Shard>,
}

/// The format a record's name says it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordFormat {
    /// SGF (any charset).
    Sgf,
    /// A graph-board game in JSON (only when named explicitly: `.json` files in directories
    /// and archives are not taken as games).
    GraphJson,
}

/// What became of one file or archive member.
#[derive(Debug)]
pub enum ItemKind {
    /// A game record, read whole.
    Record {
        /// Its format, from its name.
        format: RecordFormat,
        /// Its bytes.
        bytes: Vec<u8>,
    },
    /// Not a game record (a README in a directory, a nested archive): counted, not read.
    Skipped(String),
    /// Could not be read.
    Error(SourceError),
}

/// One file or archive member, named as the user can find it again: a path, `-` for
/// standard input, or `archive.zip!member/name.sgf` for a member.
#[derive(Debug)]
pub struct Item {
    /// Its name.
    pub name: String,
    /// What became of it.
    pub kind: ItemKind,
}

impl Item {
    fn error(name: impl Into<String>, e: SourceError) -> Item {
        Item {
            name: name.into(),
            kind: ItemKind::Error(e),
        }
    }
}

/// Why an input could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The operating system could not read it (missing, unreadable, a symlink loop).
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A glob pattern matched no file.
    #[error("the pattern matches no file")]
    NoMatch,
    /// A glob pattern is malformed.
    #[error("bad glob pattern: {0}")]
    BadPattern(String),
    /// A record larger than [`Limits::max_record_bytes`].
    #[error("larger than the limit of {limit} bytes")]
    TooLarge {
        /// The limit.
        limit: u64,
    },
    /// The archive itself is damaged or of an unsupported kind.
    #[error("unreadable archive: {0}")]
    Archive(String),
    /// A member that cannot be read (encrypted, unsupported compression, damaged data).
    #[error("unreadable archive member: {0}")]
    Member(String),
    /// More members than [`Limits::max_members`]: the rest were not read.
    #[error("the archive has more than {limit} members; the rest were not read")]
    TooManyMembers {
        /// The limit.
        limit: u64,
    },
    /// More decompressed bytes than [`Limits::max_archive_bytes`]: the rest were not read.
    #[error(
        "the archive decompresses to more than {limit} bytes (a zip bomb?); the rest were not read"
    )]
    ArchiveTooLarge {
        /// The limit.
        limit: u64,
    },
}

impl SourceError {
    /// A stable kebab-case kind, for counting and for JSON.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            SourceError::Io(_) => "io",
            SourceError::NoMatch => "no-match",
            SourceError::BadPattern(_) => "bad-pattern",
            SourceError::TooLarge { .. } => "too-large",
            SourceError::Archive(_) => "archive",
            SourceError::Member(_) => "archive-member",
            SourceError::TooManyMembers { .. } => "too-many-members",
            SourceError::ArchiveTooLarge { .. } => "archive-too-large",
        }
    }
}

/// The kinds of archive gorules reads in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ArchiveKind {
    Zip,
    Tar,
    TarGz,
}

/// What a name's extension says, case-insensitively.
enum Class {
    Record(RecordFormat),
    Archive(ArchiveKind),
    Other,
}

fn classify(name: &str, explicit: bool) -> Class {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".zip") {
        Class::Archive(ArchiveKind::Zip)
    } else if lower.ends_with(".tar.gz") || lower.ends_with(".tgz") {
        Class::Archive(ArchiveKind::TarGz)
    } else if lower.ends_with(".tar") {
        Class::Archive(ArchiveKind::Tar)
    } else if lower.ends_with(".sgf") {
        Class::Record(RecordFormat::Sgf)
    } else if explicit && lower.ends_with(".json") {
        Class::Record(RecordFormat::GraphJson)
    } else if explicit {
        // A file named on the command line is read as SGF whatever its name.
        Class::Record(RecordFormat::Sgf)
    } else {
        Class::Other
    }
}

fn skip_reason(name: &str) -> String {
    match Path::new(name).extension() {
        Some(e) => format!(
            "not a game record (.{}; only .sgf files and archives are read from directories \
             and archives)",
            e.to_string_lossy()
        ),
        None => "not a game record (no .sgf extension)".to_owned(),
    }
}

/// Appends the `.sgf` files under `dir` (any depth, symbolic links followed, extension in
/// any case) to `out`, in path order; a missing or unreadable folder, and a link loop, add
/// nothing. For tests, benchmarks and tools that read a folder of records themselves
/// ([`walk`] is the reader of command-line inputs: archives included, every problem
/// reported).
pub fn sgf_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let entries = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok);
    out.extend(
        entries
            .filter(|e| e.file_type().is_file())
            .map(walkdir::DirEntry::into_path)
            .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf"))),
    );
}

/// Whether a command-line argument is a glob pattern rather than a path.
fn is_pattern(arg: &str) -> bool {
    arg.contains(['*', '?', '['])
}

/// Visits every item of `inputs` in order. `-` is standard input (SGF); an argument with
/// `*`, `?` or `[` that names no existing file is a glob pattern. The sink may stop the walk
/// early by returning [`ControlFlow::Break`].
pub fn walk(inputs: &[String], options: &Options, sink: &mut dyn FnMut(Item) -> ControlFlow<()>) {
    let mut w = Walker { options, sink };
    for arg in inputs {
        if w.arg(arg).is_break() {
            return;
        }
    }
}

/// Every item of `inputs`, in order (for tests and small inputs: it holds every record's
/// bytes at once; batch work uses [`stream`]).
#[must_use]
pub fn collect(inputs: &[String], options: &Options) -> Vec<Item> {
    let mut out = Vec::new();
    walk(inputs, options, &mut |i| {
        out.push(i);
        ControlFlow::Continue(())
    });
    out
}

/// Walks `inputs` on a new thread and sends the items through a channel holding at most
/// `bound` of them: the reader stays at most `bound` items ahead of the consumer, so memory
/// does not grow with the input. Dropping the receiver stops the reader.
#[must_use]
pub fn stream(
    inputs: Vec<String>,
    options: Options,
    bound: usize,
) -> (Receiver<Item>, JoinHandle<()>) {
    let (tx, rx) = sync_channel(bound);
    let handle = std::thread::Builder::new()
        .name("game-sources".to_owned())
        .spawn(move || {
            walk(&inputs, &options, &mut |item| match tx.send(item) {
                Ok(()) => ControlFlow::Continue(()),
                Err(_) => ControlFlow::Break(()),
            });
        })
        .expect("spawning the reader thread");
    (rx, handle)
}

struct Walker<'a> {
    options: &'a Options,
    sink: &'a mut dyn FnMut(Item) -> ControlFlow<()>,
}

impl Walker<'_> {
    fn in_shard(&self, name: &str) -> bool {
        self.options.shard.is_none_or(|s| s.contains(name))
    }

    fn emit(&mut self, item: Item) -> ControlFlow<()> {
        if self.in_shard(&item.name) {
            (self.sink)(item)
        } else {
            ControlFlow::Continue(())
        }
    }

    fn arg(&mut self, arg: &str) -> ControlFlow<()> {
        if arg == "-" {
            return self.stdin();
        }
        let path = Path::new(arg);
        if is_pattern(arg) && std::fs::symlink_metadata(path).is_err() {
            return self.pattern(arg);
        }
        self.path(path, true)
    }

    fn stdin(&mut self) -> ControlFlow<()> {
        self.standard_input(io::stdin().lock())
    }

    /// `-`: `input` read as one SGF record named `-`, in its shard only and within the
    /// record limit (a reader of its own so that tests need no standard input).
    fn standard_input(&mut self, input: impl Read) -> ControlFlow<()> {
        if !self.in_shard("-") {
            return ControlFlow::Continue(());
        }
        let limit = self.options.limits.max_record_bytes;
        let kind = match read_limited(input, limit) {
            Ok(bytes) => ItemKind::Record {
                format: RecordFormat::Sgf,
                bytes,
            },
            Err(e) => ItemKind::Error(e),
        };
        (self.sink)(Item {
            name: "-".to_owned(),
            kind,
        })
    }

    fn pattern(&mut self, pattern: &str) -> ControlFlow<()> {
        let paths = match glob::glob(pattern) {
            Err(e) => {
                return self.emit(Item::error(pattern, SourceError::BadPattern(e.to_string())));
            }
            Ok(paths) => paths,
        };
        let mut matched: Vec<Result<PathBuf, glob::GlobError>> = paths.collect();
        if matched.is_empty() {
            return self.emit(Item::error(pattern, SourceError::NoMatch));
        }
        matched.sort_by(|a, b| match (a, b) {
            (Ok(a), Ok(b)) => a.cmp(b),
            (Ok(_), Err(_)) => std::cmp::Ordering::Less,
            (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
            (Err(a), Err(b)) => a.path().cmp(b.path()),
        });
        for m in matched {
            match m {
                Ok(p) => self.path(&p, true)?,
                Err(e) => {
                    let name = e.path().to_string_lossy().into_owned();
                    self.emit(Item::error(name, SourceError::Io(e.into())))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// A path: named on the command line (`explicit`) or found in a directory.
    fn path(&mut self, path: &Path, explicit: bool) -> ControlFlow<()> {
        let name = path.to_string_lossy().into_owned();
        match std::fs::metadata(path) {
            Err(e) => self.emit(Item::error(name, SourceError::Io(e))),
            Ok(m) if m.is_dir() => self.dir(path),
            // A FIFO, socket or device met in a directory would block or never end; one
            // named on the command line (`<(zcat games.sgf.gz)`) is read as asked.
            Ok(m) if !explicit && !m.is_file() => self.emit(Item {
                name,
                kind: ItemKind::Skipped(
                    "not a regular file (a FIFO, socket or device): not read".to_owned(),
                ),
            }),
            Ok(_) => match classify(&name, explicit) {
                Class::Archive(kind) => self.archive(path, &name, kind),
                Class::Record(format) => {
                    if !self.in_shard(&name) {
                        return ControlFlow::Continue(());
                    }
                    let limit = self.options.limits.max_record_bytes;
                    let kind = match std::fs::File::open(path)
                        .map_err(SourceError::Io)
                        .and_then(|f| read_limited(f, limit))
                    {
                        Ok(bytes) => ItemKind::Record { format, bytes },
                        Err(e) => ItemKind::Error(e),
                    };
                    (self.sink)(Item { name, kind })
                }
                Class::Other => {
                    let reason = skip_reason(&name);
                    self.emit(Item {
                        name,
                        kind: ItemKind::Skipped(reason),
                    })
                }
            },
        }
    }

    fn dir(&mut self, root: &Path) -> ControlFlow<()> {
        let walker = walkdir::WalkDir::new(root)
            .follow_links(true)
            .sort_by_file_name();
        for entry in walker {
            match entry {
                Err(e) => {
                    let name = e.path().unwrap_or(root).to_string_lossy().into_owned();
                    let err = match e.into_io_error() {
                        Some(io) => io,
                        None => io::Error::other("a symbolic link loop"),
                    };
                    self.emit(Item::error(name, SourceError::Io(err)))?;
                }
                Ok(e) if e.file_type().is_dir() => {}
                Ok(e) => self.path(e.path(), false)?,
            }
        }
        ControlFlow::Continue(())
    }

    fn archive(&mut self, path: &Path, name: &str, kind: ArchiveKind) -> ControlFlow<()> {
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) => return self.emit(Item::error(name, SourceError::Io(e))),
        };
        match kind {
            ArchiveKind::Zip => archive::zip(self, file, name),
            ArchiveKind::Tar => archive::tar(self, io::BufReader::new(file), name),
            ArchiveKind::TarGz => archive::tar(
                self,
                flate2::read::MultiGzDecoder::new(io::BufReader::new(file)),
                name,
            ),
        }
    }
}

/// Reads at most `limit` bytes; more is a [`SourceError::TooLarge`] (found without reading
/// past `limit + 1` bytes).
fn read_limited(r: impl Read, limit: u64) -> Result<Vec<u8>, SourceError> {
    let mut buf = Vec::new();
    r.take(limit.saturating_add(1)).read_to_end(&mut buf)?;
    if buf.len() as u64 > limit {
        return Err(SourceError::TooLarge { limit });
    }
    Ok(buf)
}

/// The name of an archive member: `archive!member`.
fn member_name(archive: &str, member: &str) -> String {
    format!("{archive}!{member}")
}

#[cfg(test)]
mod tests;
