//! Reading input files into game records: SGF (any charset, any quirk `sgf-record` handles)
//! and graph-board games in JSON (docs/graph-format.md).

use crate::plan::Reading;
use rules_core::GameRecord;
use sgf_record::{ReadOptions, graph};
use std::io::Read;
use std::path::Path;

/// An error, for people and machines.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ErrorReport {
    /// A stable kebab-case kind (`io`, `too-large`, `syntax`, `board-size`, …).
    pub kind: String,
    /// The message, naming the place.
    pub message: String,
}

impl ErrorReport {
    /// An error of this kind.
    #[must_use]
    pub fn new(kind: &str, message: impl Into<String>) -> ErrorReport {
        ErrorReport {
            kind: kind.to_owned(),
            message: message.into(),
        }
    }
}

/// A file as read: its name, and its games or why it could not be read at all.
pub struct Loaded {
    /// The path as given (`-` for standard input).
    pub name: String,
    /// The games, or the whole-file error.
    pub result: Result<LoadedFile, ErrorReport>,
}

/// The games of a readable file.
pub struct LoadedFile {
    /// The charset the file was decoded with (SGF only).
    pub encoding: Option<String>,
    /// One entry per game tree.
    pub games: Vec<Result<GameRecord, ErrorReport>>,
}

/// Reads one path (`-` = standard input, read as SGF), with the reader's defaults.
pub fn load(path: &Path) -> Loaded {
    load_with(path, &Reading::default())
}

/// Reads one path (`-` = standard input, read as SGF) as `reading` says.
pub fn load_with(path: &Path, reading: &Reading) -> Loaded {
    let name = path.to_string_lossy().into_owned();
    let limit = ReadOptions::default().limits.max_file_bytes;
    let bytes = if name == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .lock()
            .take(limit as u64 + 1)
            .read_to_end(&mut buf)
            .map(|_| buf)
    } else {
        read_bounded(path, limit)
    };
    let result = match bytes {
        Err(e) => Err(ErrorReport {
            kind: "io".to_owned(),
            message: e.to_string(),
        }),
        Ok(bytes) => {
            let is_json = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"));
            if is_json {
                Ok(load_graph(&bytes, limit))
            } else {
                load_sgf(&bytes, &read_options(limit, reading))
            }
        }
    };
    Loaded { name, result }
}

/// Reads a record already in memory (a file `gorules check` found, an archive member):
/// SGF, or a graph-board game in JSON when `graph_json`. The caller bounded the bytes
/// (`check --max-record-bytes`), so the reader's own file-size limit does not refuse them
/// again: a raised `--max-record-bytes` is obeyed.
pub fn from_bytes(name: String, bytes: &[u8], graph_json: bool) -> Loaded {
    from_bytes_with(name, bytes, graph_json, &Reading::default())
}

/// [`from_bytes`], as `reading` says.
pub fn from_bytes_with(name: String, bytes: &[u8], graph_json: bool, reading: &Reading) -> Loaded {
    let limit = bytes
        .len()
        .max(ReadOptions::default().limits.max_file_bytes);
    let result = if graph_json {
        Ok(load_graph(bytes, limit))
    } else {
        load_sgf(bytes, &read_options(limit, reading))
    };
    Loaded { name, result }
}

/// Reads a file, refusing (without reading it all) one larger than `limit` bytes: the SGF
/// reader then reports the size with its own error.
fn read_bounded(path: &Path, limit: usize) -> std::io::Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    let mut buf = Vec::new();
    file.take(limit as u64 + 1).read_to_end(&mut buf)?;
    Ok(buf)
}

/// The reader's options with a file-size limit of `limit` bytes, as `reading` says.
fn read_options(limit: usize, reading: &Reading) -> ReadOptions {
    let mut options = ReadOptions::default();
    options.limits.max_file_bytes = limit;
    options.setup_without_liberties = reading.setup_without_liberties;
    options
}

fn load_sgf(bytes: &[u8], options: &ReadOptions) -> Result<LoadedFile, ErrorReport> {
    match sgf_record::read_sgf(bytes, options) {
        Err(e) => Err(ErrorReport {
            kind: e.code().to_owned(),
            message: e.to_string(),
        }),
        Ok(file) => Ok(LoadedFile {
            encoding: Some(file.encoding.to_owned()),
            games: file
                .games
                .into_iter()
                .map(|g| {
                    g.map_err(|e| ErrorReport {
                        kind: e.code().to_owned(),
                        message: e.to_string(),
                    })
                })
                .collect(),
        }),
    }
}

fn load_graph(bytes: &[u8], limit: usize) -> LoadedFile {
    // The SGF reader's file-size limit holds for graph-board games too (`read_bounded` reads
    // one byte past it, so a larger file is named as such, not as truncated JSON).
    let game = if bytes.len() > limit {
        Err(ErrorReport {
            kind: "file-too-large".to_owned(),
            message: format!(
                "the file is larger than {limit} bytes, the limit for one record; not read"
            ),
        })
    } else {
        read_graph(bytes)
    };
    LoadedFile {
        encoding: None,
        games: vec![game],
    }
}

fn read_graph(bytes: &[u8]) -> Result<GameRecord, ErrorReport> {
    match std::str::from_utf8(bytes) {
        Err(e) => Err(ErrorReport {
            kind: "encoding".to_owned(),
            message: format!("a graph-board game must be UTF-8 JSON: {e}"),
        }),
        Ok(text) => graph::read_graph_json(text).map_err(|e| ErrorReport {
            kind: "graph".to_owned(),
            message: e.to_string(),
        }),
    }
}
