//! What `gorules check` writes: the JSON Lines records, the summary that accounts for every
//! input, and the summary table (docs/json.md, "gorules check").

mod counts;
mod table;
#[cfg(test)]
mod tests;

pub use counts::*;
pub use table::write_summary_table;

use crate::json::{FileReport, GameEntry, SCHEMA_VERSION};
use rules_core::GameReport;
use serde::Serialize;
use std::io::{self, Write};

/// Error kinds that mean the input could not be read at all (as opposed to read and found
/// malformed): they always make the run fail with status 2.
pub const UNREADABLE_KINDS: &[&str] = &[
    "io",
    "no-match",
    "bad-pattern",
    "too-large",
    "archive",
    "archive-member",
    "too-many-members",
    "archive-too-large",
];

/// Whether an error kind is about the input being unreadable (not a parse error).
pub fn is_unreadable(kind: &str) -> bool {
    UNREADABLE_KINDS.contains(&kind)
}

/// One JSON Lines record (`--format jsonl`): a game, an error, a skipped file, or the final
/// summary. Every record carries `type` and `schema`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Record<'a> {
    /// A game that was replayed: the game report of `gorules replay`, with its file.
    Game {
        /// [`SCHEMA_VERSION`].
        schema: u32,
        /// The file (or `archive!member`) it came from.
        file: &'a str,
        /// The file's character encoding.
        #[serde(skip_serializing_if = "Option::is_none")]
        encoding: Option<&'a str>,
        /// The report (`game` is the 1-based index of the game in its file).
        #[serde(flatten)]
        report: &'a GameReport,
    },
    /// A file or game that could not be read.
    Error {
        /// [`SCHEMA_VERSION`].
        schema: u32,
        /// The file (or `archive!member`, or the pattern that matched nothing).
        file: &'a str,
        /// The game, when the file was read but this game was not; absent for the whole file.
        #[serde(skip_serializing_if = "Option::is_none")]
        game: Option<u32>,
        /// A stable kind (`syntax`-like reader kinds, `io`, `archive`, …).
        kind: &'a str,
        /// The message, naming the place.
        message: &'a str,
    },
    /// A file that is not a game record (counted, not read).
    Skipped {
        /// [`SCHEMA_VERSION`].
        schema: u32,
        /// The file.
        file: &'a str,
        /// Why it was not read.
        reason: &'a str,
    },
    /// The last record: everything counted.
    Summary {
        /// [`SCHEMA_VERSION`].
        schema: u32,
        /// The gorules version that wrote it.
        gorules: &'static str,
        /// The counts.
        #[serde(flatten)]
        summary: &'a Summary,
    },
}

/// Writes one file's JSON Lines records.
pub fn write_jsonl_file(out: &mut dyn Write, f: &FileReport) -> io::Result<()> {
    let rec = |out: &mut dyn Write, r: &Record<'_>| -> io::Result<()> {
        serde_json::to_writer(&mut *out, r)?;
        out.write_all(b"\n")
    };
    if let Some(e) = &f.error {
        return rec(
            out,
            &Record::Error {
                schema: SCHEMA_VERSION,
                file: &f.file,
                game: None,
                kind: &e.kind,
                message: &e.message,
            },
        );
    }
    for g in &f.games {
        match g {
            GameEntry::Report(r) => rec(
                out,
                &Record::Game {
                    schema: SCHEMA_VERSION,
                    file: &f.file,
                    encoding: f.encoding.as_deref(),
                    report: r,
                },
            )?,
            GameEntry::Error { game, error } => rec(
                out,
                &Record::Error {
                    schema: SCHEMA_VERSION,
                    file: &f.file,
                    game: Some(*game),
                    kind: &error.kind,
                    message: &error.message,
                },
            )?,
        }
    }
    Ok(())
}

/// Writes a skipped file's record.
pub fn write_jsonl_skipped(out: &mut dyn Write, file: &str, reason: &str) -> io::Result<()> {
    serde_json::to_writer(
        &mut *out,
        &Record::Skipped {
            schema: SCHEMA_VERSION,
            file,
            reason,
        },
    )?;
    out.write_all(b"\n")
}

/// Writes the summary record.
pub fn write_jsonl_summary(out: &mut dyn Write, s: &Summary) -> io::Result<()> {
    serde_json::to_writer(
        &mut *out,
        &Record::Summary {
            schema: SCHEMA_VERSION,
            gorules: env!("CARGO_PKG_VERSION"),
            summary: s,
        },
    )?;
    out.write_all(b"\n")
}
