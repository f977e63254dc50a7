//! `gorules check`: many records at once — files, directories, globs, standard input,
//! archives — in parallel, streamed, with a summary that accounts for every input and an
//! exit code that means something (docs/exit-codes.md).
//!
//! The pipeline: a reader thread (`game_sources::stream`) walks the inputs and reads each
//! record's bytes, at most one window ahead; the main thread takes a window of items, has the
//! rayon pool parse and replay them (files and the games inside a file in parallel), and
//! writes their results in input order before taking the next window. Memory is bounded by
//! the window, whatever the size of the input; the output is the same whatever `--jobs`.

use crate::check_report::{self, Summary};
use crate::cli::RuleArgs;
use crate::config::ReplayConfig;
use crate::input::{self, Loaded};
use crate::replay_cmd::replay_game;
use crate::report::{ErrorReport, FileReport, GameEntry, Output, SCHEMA_VERSION};
use crate::status::Status;
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use game_sources::{Item, ItemKind, Limits, Options, RecordFormat, Shard};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::time::Instant;

/// `gorules check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// What to check: SGF files, directories (walked recursively, sorted; .sgf files and
    /// archives are read, other files are counted as skipped), glob patterns (`'games/**/*.sgf'`),
    /// archives (.zip, .tar, .tar.gz, .tgz: members read in place), or `-` for SGF on
    /// standard input. A .json file named explicitly is a graph-board game.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<String>,

    #[command(flatten)]
    pub rules: RuleArgs,

    /// Output format: `table` (a summary for people, with one line per problem), `json` (one
    /// document: the replay JSON plus a summary), `jsonl` (one record per game, per error, per
    /// skipped file, then a summary; docs/json.md).
    #[arg(long, short = 'f', value_enum, default_value_t = CheckFormat::Table)]
    pub format: CheckFormat,

    /// Check only shard K of N (1 <= K <= N): the inputs are split by the hash of their names,
    /// so N jobs running the same command with 1/N … N/N check everything exactly once
    /// (docs/ci.md).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,

    /// Worker threads. Default: the number of CPUs. The output does not depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// No progress bar, and in the table format no line per problem: only the summary.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// Which findings make the run fail, comma-separated: `forbidden` (a ruleset forbids a
    /// move; exit 1), `mismatch` (a count differs from the recorded result; exit 1),
    /// `undecided` (a count leaves points undecided; exit 1), `parse-error` (a file or game
    /// cannot be parsed; exit 2). Unreadable input (I/O, damaged archives, limits) always
    /// gives exit 2.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "forbidden,mismatch,parse-error",
        value_name = "LIST"
    )]
    pub fail_on: Vec<FailOn>,

    /// Exit 0 whatever was found or could not be read (bad usage still exits 2): for a report
    /// that must not fail the CI step.
    #[arg(long)]
    pub exit_zero: bool,

    /// Largest record (a file or an archive member, uncompressed), in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_record_bytes)]
    pub max_record_bytes: u64,

    /// Most members read from one archive.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_members)]
    pub max_archive_members: u64,

    /// Most bytes decompressed from one archive (zip bombs stop here).
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_archive_bytes)]
    pub max_archive_bytes: u64,

    /// Also draw, for every game with a finding, the counted position under each ruleset
    /// concerned (a forbidden move, a count that differs from the recorded result, and with
    /// `--fail-on undecided` undecided points) as an SVG in this directory (`<file stem>-<name hash>-g<game>-<ruleset>.svg`, as `gorules show`
    /// draws it).
    #[arg(long, value_name = "DIR")]
    pub pictures: Option<std::path::PathBuf>,

    /// Also count by folder: the summary (table and JSON `summary.folders`) gets the same
    /// figures for each folder below a directory named on the command line, by its first
    /// DEPTH folders (`--by-folder` is 1, `--by-folder=2` two; an archive counts as a
    /// folder). For a corpus of one folder per source, a line per source.
    #[arg(
        long,
        value_name = "DEPTH",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "1",
        value_parser = clap::value_parser!(u32).range(1..)
    )]
    pub by_folder: Option<u32>,
}

/// `--format` of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// A summary for people, with one line per problem.
    Table,
    /// One JSON document: `{gorules, schema, files, skipped, summary}`.
    Json,
    /// JSON Lines: one record per game, error and skipped file, then the summary.
    Jsonl,
}

/// `--fail-on` findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// A ruleset forbids a move of the record.
    Forbidden,
    /// A ruleset's count differs from the recorded result, whatever its undecided points
    /// turn out to be.
    Mismatch,
    /// A ruleset's count leaves points undecided (and so, perhaps, the comparison with the
    /// recorded result).
    Undecided,
    /// A file or game cannot be parsed.
    ParseError,
}

impl FailOn {
    fn name(self) -> &'static str {
        match self {
            FailOn::Forbidden => "forbidden",
            FailOn::Mismatch => "mismatch",
            FailOn::Undecided => "undecided",
            FailOn::ParseError => "parse-error",
        }
    }
}

/// Items processed together: parallel inside a window, in order between windows. Large
/// enough to keep every thread busy, small enough that memory stays flat.
const WINDOW_PER_THREAD: usize = 32;

/// What one item became.
enum Done {
    File(FileReport),
    Skipped { name: String, reason: String },
}

/// Runs the command.
pub fn run(args: &CheckArgs) -> Result<Status> {
    let config = ReplayConfig::from_args(&args.rules)?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("gorules-check-{i}"))
        .build()
        .context("starting the worker threads")?;
    let options = Options {
        limits: Limits {
            max_record_bytes: args.max_record_bytes,
            max_members: args.max_archive_members,
            max_archive_bytes: args.max_archive_bytes,
        },
        shard: args.shard,
    };
    let window = WINDOW_PER_THREAD * jobs;
    let (rx, reader) = game_sources::stream(args.paths.clone(), options, window);

    let progress = if shows_progress(args.quiet, io::stderr().is_terminal()) {
        let p = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        p.set_style(
            ProgressStyle::with_template("{spinner} {elapsed} · {pos} files · {msg}")
                .expect("a valid template"),
        );
        p
    } else {
        ProgressBar::hidden()
    };

    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut summary = Summary {
        shard: args.shard.map(|s| s.to_string()),
        ..Summary::default()
    };
    let mut folders = args
        .by_folder
        .map(|depth| check_report::Folders::new(&args.paths, depth as usize));
    let mut skipped: Vec<(String, String)> = Vec::new();
    let start = Instant::now();
    let mut first_file = true;
    if args.format == CheckFormat::Json {
        write!(
            out,
            "{{\"gorules\":{},\"schema\":{SCHEMA_VERSION},\"files\":[",
            serde_json::to_string(env!("CARGO_PKG_VERSION"))?
        )?;
    }
    let mut chunk: Vec<Item> = Vec::with_capacity(window);
    loop {
        chunk.clear();
        match rx.recv() {
            Ok(item) => chunk.push(item),
            Err(_) => break,
        }
        while chunk.len() < window {
            match rx.recv() {
                Ok(item) => chunk.push(item),
                Err(_) => break,
            }
        }
        let pictures = args.pictures.as_deref().map(|dir| Pictures {
            dir,
            undecided: args.fail_on.contains(&FailOn::Undecided),
        });
        let done: Vec<Done> = pool.install(|| {
            std::mem::take(&mut chunk)
                .into_par_iter()
                .map(|item| process(&config, item, pictures))
                .collect()
        });
        for d in done {
            match d {
                Done::Skipped { name, reason } => {
                    summary.counts.add_skipped();
                    if let Some(folders) = folders.as_mut() {
                        folders.add_skipped(&name);
                    }
                    match args.format {
                        CheckFormat::Jsonl => {
                            check_report::write_jsonl_skipped(&mut out, &name, &reason)?;
                        }
                        CheckFormat::Json => skipped.push((name, reason)),
                        CheckFormat::Table => {}
                    }
                }
                Done::File(f) => {
                    let problems = summary.counts.add_file(&f);
                    if let Some(folders) = folders.as_mut() {
                        folders.add_file(&f);
                    }
                    match args.format {
                        CheckFormat::Jsonl => check_report::write_jsonl_file(&mut out, &f)?,
                        CheckFormat::Json => {
                            if !first_file {
                                out.write_all(b",")?;
                            }
                            out.write_all(b"\n")?;
                            serde_json::to_writer(&mut out, &f)?;
                        }
                        CheckFormat::Table if !args.quiet => {
                            for p in problems {
                                writeln!(
                                    out,
                                    "{}: {}",
                                    crate::render::table::sanitize(&p.place),
                                    crate::render::table::sanitize(&p.what)
                                )?;
                            }
                        }
                        CheckFormat::Table => {}
                    }
                    first_file = false;
                }
            }
            progress.inc(1);
        }
        progress.set_message(format!(
            "{} games · {} with a forbidden move · {} errors",
            summary.counts.games.total,
            summary.counts.findings.forbidden,
            summary.counts.findings.parse_error + summary.counts.findings.unreadable
        ));
    }
    drop(rx);
    reader
        .join()
        .map_err(|_| anyhow::anyhow!("the reader thread panicked"))?;
    progress.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    if let Some(folders) = folders {
        summary.folders = folders.finish();
    }

    // `status` says what was found; `exit_code` is what the process returns (0 with
    // --exit-zero).
    let found = status_of(&summary, &args.fail_on, false);
    let status = status_of(&summary, &args.fail_on, args.exit_zero);
    summary.status = match found {
        Status::Clean => "clean",
        Status::Findings => "findings",
        Status::Error => "error",
    }
    .to_owned();
    summary.exit_code = match status {
        Status::Clean => 0,
        Status::Findings => 1,
        Status::Error => 2,
    };
    let fail_on: Vec<&str> = args.fail_on.iter().map(|f| f.name()).collect();
    match args.format {
        CheckFormat::Jsonl => check_report::write_jsonl_summary(&mut out, &summary)?,
        CheckFormat::Json => {
            #[derive(serde::Serialize)]
            struct Skip<'a> {
                file: &'a str,
                reason: &'a str,
            }
            let skipped: Vec<Skip<'_>> = skipped
                .iter()
                .map(|(file, reason)| Skip { file, reason })
                .collect();
            write!(out, "\n],\"skipped\":")?;
            serde_json::to_writer(&mut out, &skipped)?;
            write!(out, ",\"summary\":")?;
            serde_json::to_writer(&mut out, &summary)?;
            writeln!(out, "}}")?;
        }
        CheckFormat::Table => {
            if !args.quiet && summary.counts.files.total > 0 {
                writeln!(out)?;
            }
            check_report::write_summary_table(&mut out, &summary, elapsed, &fail_on.join(","))?;
        }
    }
    out.flush()?;
    Ok(status)
}

/// Whether `check` draws a progress bar: only on a terminal, and never with `--quiet` (a
/// bar on a pipe or a log file would be noise in the output a CI step keeps).
fn shows_progress(quiet: bool, stderr_is_terminal: bool) -> bool {
    !quiet && stderr_is_terminal
}

/// The exit status the findings and errors call for.
pub fn status_of(s: &Summary, fail_on: &[FailOn], exit_zero: bool) -> Status {
    if exit_zero {
        return Status::Clean;
    }
    let on = |f: FailOn| fail_on.contains(&f);
    let mut status = Status::Clean;
    if s.counts.findings.unreadable > 0
        || (on(FailOn::ParseError) && s.counts.findings.parse_error > 0)
    {
        status = status.and(Status::Error);
    }
    if (on(FailOn::Forbidden) && s.counts.findings.forbidden > 0)
        || (on(FailOn::Mismatch) && s.counts.findings.mismatch > 0)
        || (on(FailOn::Undecided) && s.counts.findings.undecided > 0)
    {
        status = status.and(Status::Findings);
    }
    status
}

/// Parses and replays one item (in a worker thread).
/// `--pictures`: where the pictures go, and whether undecided points are a finding worth
/// one (only when `--fail-on undecided` makes them one: most unmarked games leave some
/// points undecided).
#[derive(Clone, Copy)]
struct Pictures<'a> {
    dir: &'a std::path::Path,
    undecided: bool,
}

fn process(config: &ReplayConfig, item: Item, pictures: Option<Pictures<'_>>) -> Done {
    match item.kind {
        ItemKind::Skipped(reason) => Done::Skipped {
            name: item.name,
            reason,
        },
        ItemKind::Error(e) => Done::File(FileReport {
            file: item.name,
            encoding: None,
            error: Some(ErrorReport {
                kind: e.kind().to_owned(),
                message: e.to_string(),
            }),
            games: Vec::new(),
        }),
        ItemKind::Record { format, bytes } => {
            let loaded = input::from_bytes(item.name, &bytes, format == RecordFormat::GraphJson);
            drop(bytes);
            Done::File(check_loaded(config, loaded, pictures))
        }
    }
}

/// Replays every game of a loaded file, the games in parallel, in order.
fn check_loaded(
    config: &ReplayConfig,
    loaded: Loaded,
    pictures: Option<Pictures<'_>>,
) -> FileReport {
    let mut fr = FileReport {
        file: loaded.name,
        encoding: None,
        error: None,
        games: Vec::new(),
    };
    match loaded.result {
        Err(e) => fr.error = Some(e),
        Ok(file) => {
            fr.encoding = file.encoding;
            fr.games = file
                .games
                .into_par_iter()
                .enumerate()
                .map(|(i, game)| {
                    let index = i as u32 + 1;
                    match game {
                        Ok(record) => {
                            let kept = pictures.map(|_| record.clone());
                            let entry = replay_game(config, index, record);
                            if let (Some(dir), Some(record), GameEntry::Report(r)) =
                                (pictures, kept, &entry)
                            {
                                crate::show_cmd::finding_pictures(
                                    dir.dir,
                                    dir.undecided,
                                    config,
                                    &fr.file,
                                    &record,
                                    r,
                                );
                            }
                            entry
                        }
                        Err(error) => GameEntry::Error { game: index, error },
                    }
                })
                .collect();
        }
    }
    fr
}

/// The JSON document of `--format json`, for the schema (the command streams it by hand).
#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct CheckOutput<'a> {
    /// The replay JSON's fields: `gorules`, `schema`, `files`.
    #[serde(flatten)]
    pub output: Output<'a>,
    /// Files that are not game records.
    pub skipped: Vec<SkippedFile>,
    /// The summary.
    pub summary: Summary,
}

/// A skipped file in `--format json`.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct SkippedFile {
    /// The file.
    pub file: String,
    /// Why it was not read.
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(forbidden: u64, mismatch: u64, parse: u64, unreadable: u64) -> Summary {
        let mut s = Summary::default();
        s.counts.findings.forbidden = forbidden;
        s.counts.findings.mismatch = mismatch;
        s.counts.findings.parse_error = parse;
        s.counts.findings.unreadable = unreadable;
        s
    }

    #[test]
    fn a_progress_bar_only_on_a_terminal_and_never_when_quiet() {
        assert!(shows_progress(false, true));
        assert!(!shows_progress(true, true));
        assert!(!shows_progress(false, false));
        assert!(!shows_progress(true, false));
    }

    #[test]
    fn the_exit_status_follows_fail_on() {
        let all = [
            FailOn::Forbidden,
            FailOn::Mismatch,
            FailOn::Undecided,
            FailOn::ParseError,
        ];
        assert_eq!(status_of(&summary(0, 0, 0, 0), &all, false), Status::Clean);
        assert_eq!(
            status_of(&summary(1, 0, 0, 0), &all, false),
            Status::Findings
        );
        assert_eq!(
            status_of(&summary(0, 1, 0, 0), &all, false),
            Status::Findings
        );
        assert_eq!(status_of(&summary(1, 1, 1, 0), &all, false), Status::Error);
        assert_eq!(status_of(&summary(0, 0, 0, 1), &all, false), Status::Error);
        // Findings not asked for do not count.
        assert_eq!(
            status_of(&summary(1, 0, 0, 0), &[FailOn::Mismatch], false),
            Status::Clean
        );
        assert_eq!(
            status_of(&summary(0, 0, 3, 0), &[FailOn::Forbidden], false),
            Status::Clean
        );
        // Unreadable input always counts…
        assert_eq!(status_of(&summary(0, 0, 0, 1), &[], false), Status::Error);
        // …but not with --exit-zero.
        assert_eq!(status_of(&summary(5, 5, 5, 5), &all, true), Status::Clean);
    }
}
