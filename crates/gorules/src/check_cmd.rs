//! `gorules check`: many records at once — files, directories, globs, standard input,
//! archives — in parallel, streamed, with a summary that accounts for every input and an
//! exit code that means something (docs/exit-codes.md).
//!
//! A reader thread (`game_sources::stream`) walks the inputs and reads each record's bytes,
//! at most one window ahead; the main thread takes a window of items, has the rayon pool
//! take each through the pipeline (files and the games inside a file in parallel), and
//! writes their results in input order (`report::check_stream`) before taking the next
//! window. Memory is bounded by the window; the output is the same whatever `--jobs`.

use crate::cli::{CheckArgs, CheckFormat, FailOn};
use crate::status::Status;
use analysis::{Plan, input};
use anyhow::{Context, Result};
use game_sources::{Item, ItemKind, Limits, Options, RecordFormat};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use report::check::{Folders, Summary};
use report::check_stream::{Done, Format, Stream};
use report::{ErrorReport, FileReport, GameEntry, json};
use std::io::{self, BufWriter, IsTerminal};
use std::path::Path;
use std::time::Instant;

/// Items processed together: parallel inside a window, in order between windows. Large
/// enough to keep every thread busy, small enough that memory stays flat.
const WINDOW_PER_THREAD: usize = 32;

/// Runs the command.
pub fn run(args: &CheckArgs) -> Result<Status> {
    let plan = crate::plan::from_args(&args.rules)?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("gorules-check-{i}"))
        .build()
        .context("starting the worker threads")?;
    let window = WINDOW_PER_THREAD * jobs;
    let (rx, reader) = game_sources::stream(args.paths.clone(), options(args), window);
    let progress = progress_bar(shows_progress(args.quiet, io::stderr().is_terminal()));
    let folders = args
        .by_folder
        .map(|depth| Folders::new(&args.paths, depth as usize));
    let shard = args.shard.map(|s| s.to_string());
    let out = BufWriter::new(io::stdout().lock());
    let mut stream = Stream::start(out, format(args), shard, folders)?;
    let pictures = args.pictures.as_deref().map(|dir| Pictures {
        dir,
        undecided: args.fail_on.contains(&FailOn::Undecided),
    });
    let start = Instant::now();
    let mut chunk: Vec<Item> = Vec::with_capacity(window);
    while fill(&rx, &mut chunk, window) {
        let done: Vec<Done> = pool.install(|| {
            std::mem::take(&mut chunk)
                .into_par_iter()
                .map(|item| process(&plan, item, pictures))
                .collect()
        });
        for d in done {
            stream.add(d)?;
            progress.inc(1);
        }
        progress.set_message(stream.progress());
    }
    drop(rx);
    reader
        .join()
        .map_err(|_| anyhow::anyhow!("the reader thread panicked"))?;
    progress.finish_and_clear();
    stream.close_folders();
    // `status` says what was found; the exit code is what the process returns (0 with
    // --exit-zero).
    let found = status_of(&stream.summary, &args.fail_on, false);
    let status = status_of(&stream.summary, &args.fail_on, args.exit_zero);
    stream.summary.status = found.word().to_owned();
    stream.summary.exit_code = status.number();
    let fail_on: Vec<&str> = args.fail_on.iter().map(|f| f.name()).collect();
    drop(stream.finish(start.elapsed().as_secs_f64(), &fail_on.join(","))?);
    Ok(status)
}

/// The next window of items; `false` when the reader has no more.
fn fill(rx: &std::sync::mpsc::Receiver<Item>, chunk: &mut Vec<Item>, window: usize) -> bool {
    chunk.clear();
    while chunk.len() < window {
        match rx.recv() {
            Ok(item) => chunk.push(item),
            Err(_) => break,
        }
    }
    !chunk.is_empty()
}

fn options(args: &CheckArgs) -> Options {
    Options {
        limits: Limits {
            max_record_bytes: args.max_record_bytes,
            max_members: args.max_archive_members,
            max_archive_bytes: args.max_archive_bytes,
        },
        shard: args.shard,
    }
}

fn format(args: &CheckArgs) -> Format {
    match args.format {
        CheckFormat::Table => Format::Table { quiet: args.quiet },
        CheckFormat::Json => Format::Json,
        CheckFormat::Jsonl => Format::Jsonl,
    }
}

fn progress_bar(shown: bool) -> ProgressBar {
    if !shown {
        return ProgressBar::hidden();
    }
    let p = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    p.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} · {pos} files · {msg}")
            .expect("a valid template"),
    );
    p
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
    // An engine that failed is an error like an unreadable file: the run did not do what
    // it was asked.
    if s.counts.findings.unreadable > 0
        || s.counts.findings.engine_error > 0
        || (on(FailOn::ParseError) && s.counts.findings.parse_error > 0)
    {
        status = status.and(Status::Error);
    }
    if (on(FailOn::Forbidden) && s.counts.findings.forbidden > 0)
        || (on(FailOn::Mismatch) && s.counts.findings.mismatch > 0)
        || (on(FailOn::Undecided) && s.counts.findings.undecided > 0)
        || (on(FailOn::Uncertain) && s.counts.findings.uncertain > 0)
    {
        status = status.and(Status::Findings);
    }
    status
}

/// `--pictures`: where the pictures go, and whether undecided points are a finding worth
/// one (only when `--fail-on undecided` makes them one: most unmarked games leave some
/// points undecided).
#[derive(Clone, Copy)]
struct Pictures<'a> {
    dir: &'a Path,
    undecided: bool,
}

/// Takes one item through the pipeline (in a worker thread).
fn process(plan: &Plan, item: Item, pictures: Option<Pictures<'_>>) -> Done {
    match item.kind {
        ItemKind::Skipped(reason) => Done::Skipped {
            name: item.name,
            reason,
        },
        ItemKind::Error(e) => Done::File(FileReport {
            file: item.name,
            encoding: None,
            error: Some(ErrorReport::new(e.kind(), e.to_string())),
            games: Vec::new(),
        }),
        ItemKind::Record { format, bytes } => {
            let graph = format == RecordFormat::GraphJson;
            let loaded = input::from_bytes_with(item.name, &bytes, graph, &plan.reading);
            drop(bytes);
            Done::File(check_loaded(plan, loaded, pictures))
        }
    }
}

/// Every game of a loaded file through the pipeline, the games in parallel, in order.
fn check_loaded(plan: &Plan, loaded: input::Loaded, pictures: Option<Pictures<'_>>) -> FileReport {
    json::file_report_by(loaded, |file, games| {
        games
            .into_par_iter()
            .enumerate()
            .map(|(i, g)| {
                json::read_entry(i, g, |index, record| {
                    check_game(plan, file, index, record, pictures)
                })
            })
            .collect()
    })
}

/// One game through the pipeline; with `pictures`, its findings drawn from the same runs.
fn check_game(
    plan: &Plan,
    file: &str,
    index: u32,
    record: rules_core::GameRecord,
    pictures: Option<Pictures<'_>>,
) -> GameEntry {
    let analysed = plan.analyse(index, record);
    if let (Some(p), Ok(game)) = (pictures, &analysed) {
        if let Err(e) = crate::pictures::findings(p.dir, p.undecided, file, game) {
            let warning = format!("no picture of {file} game {index}: {e:#}");
            eprintln!("gorules: warning: {}", report::table::sanitize(&warning));
        }
    }
    json::game_entry(index, analysed)
}

#[cfg(test)]
mod tests;
