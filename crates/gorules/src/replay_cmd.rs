//! `gorules replay`: every game of every file under every ruleset.

use crate::cli::{Format, ReplayArgs};
use crate::status::Status;
use analysis::input;
use anyhow::Result;
use report::{FileReport, json};
use std::io::{self, BufWriter, Write};

/// Runs the command; the status is `Error` when some input could not be read.
pub fn run(args: &ReplayArgs) -> Result<Status> {
    let plan = crate::plan::from_args(&args.rules)?;
    let files: Vec<FileReport> = args
        .files
        .iter()
        .map(|path| {
            json::file_report(input::load_with(path, &plan.reading), |index, record| {
                json::game_entry(index, plan.analyse(index, record))
            })
        })
        .collect();
    let status = files.iter().fold(Status::Clean, |s, f| {
        s.and(if f.has_errors() {
            Status::Error
        } else {
            Status::Clean
        })
    });
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match args.format {
        Format::Table => report::table::write(&mut out, &files)?,
        Format::Json => report::json_doc::write(&mut out, &files)?,
    }
    out.flush()?;
    Ok(status)
}
