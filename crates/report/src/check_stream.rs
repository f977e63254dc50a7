//! `gorules check`'s output as the results come: a line or record per file in the format
//! asked for, the counts of the summary kept as they go, and the summary at the end.

use crate::check::{self, Folders, Summary};
use crate::json::{FileReport, SCHEMA_VERSION};
use crate::table::sanitize;
use std::io::{self, Write};

/// The formats of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A summary for people, with one line per problem unless quiet.
    Table {
        /// Only the summary.
        quiet: bool,
    },
    /// One JSON document.
    Json,
    /// JSON Lines.
    Jsonl,
}

/// What one input became.
pub enum Done {
    /// A file or member read (or not), with its games.
    File(FileReport),
    /// A file that is not a game record.
    Skipped {
        /// The file.
        name: String,
        /// Why it was not read.
        reason: String,
    },
}

/// The output of a check, written as the results come.
pub struct Stream<W: Write> {
    out: W,
    format: Format,
    /// The summary so far.
    pub summary: Summary,
    folders: Option<Folders>,
    skipped: Vec<(String, String)>,
    first_file: bool,
}

impl<W: Write> Stream<W> {
    /// Starts the output; `folders` counts by folder too (`--by-folder`).
    ///
    /// # Errors
    /// When writing fails.
    pub fn start(
        mut out: W,
        format: Format,
        shard: Option<String>,
        folders: Option<Folders>,
    ) -> io::Result<Stream<W>> {
        if format == Format::Json {
            write!(
                out,
                "{{\"gorules\":{},\"schema\":{SCHEMA_VERSION},\"files\":[",
                serde_json::to_string(env!("CARGO_PKG_VERSION"))?
            )?;
        }
        Ok(Stream {
            out,
            format,
            summary: Summary {
                shard,
                ..Summary::default()
            },
            folders,
            skipped: Vec::new(),
            first_file: true,
        })
    }

    /// Counts and writes what one input became.
    ///
    /// # Errors
    /// When writing fails.
    pub fn add(&mut self, done: Done) -> io::Result<()> {
        match done {
            Done::Skipped { name, reason } => {
                self.summary.counts.add_skipped();
                if let Some(folders) = self.folders.as_mut() {
                    folders.add_skipped(&name);
                }
                match self.format {
                    Format::Jsonl => check::write_jsonl_skipped(&mut self.out, &name, &reason)?,
                    Format::Json => self.skipped.push((name, reason)),
                    Format::Table { .. } => {}
                }
            }
            Done::File(f) => {
                let problems = match self.format {
                    Format::Table { quiet: false } => self.summary.counts.add_file(&f),
                    _ => {
                        self.summary.counts.count(&f);
                        Vec::new()
                    }
                };
                if let Some(folders) = self.folders.as_mut() {
                    folders.add_file(&f);
                }
                match self.format {
                    Format::Jsonl => check::write_jsonl_file(&mut self.out, &f)?,
                    Format::Json => {
                        if !self.first_file {
                            self.out.write_all(b",")?;
                        }
                        self.out.write_all(b"\n")?;
                        serde_json::to_writer(&mut self.out, &f)?;
                    }
                    Format::Table { quiet: false } => {
                        for p in problems {
                            let (place, what) = (sanitize(&p.place), sanitize(&p.what));
                            writeln!(self.out, "{place}: {what}")?;
                        }
                    }
                    Format::Table { quiet: true } => {}
                }
                self.first_file = false;
            }
        }
        Ok(())
    }

    /// The progress so far, in words (for a progress bar).
    #[must_use]
    pub fn progress(&self) -> String {
        let c = &self.summary.counts;
        format!(
            "{} games · {} with a forbidden move · {} errors",
            c.games.total,
            c.findings.forbidden,
            c.findings.parse_error + c.findings.unreadable + c.findings.engine_error
        )
    }

    /// The per-folder counts are complete: they join the summary.
    pub fn close_folders(&mut self) {
        if let Some(folders) = self.folders.take() {
            self.summary.folders = folders.finish();
        }
    }

    /// Writes the summary (`status` and `exit_code` set by the caller) and ends the output;
    /// `elapsed` in seconds, `fail_on` as given.
    ///
    /// # Errors
    /// When writing fails.
    pub fn finish(mut self, elapsed: f64, fail_on: &str) -> io::Result<W> {
        match self.format {
            Format::Jsonl => check::write_jsonl_summary(&mut self.out, &self.summary)?,
            Format::Json => {
                #[derive(serde::Serialize)]
                struct Skip<'a> {
                    file: &'a str,
                    reason: &'a str,
                }
                let skipped: Vec<Skip<'_>> = self
                    .skipped
                    .iter()
                    .map(|(file, reason)| Skip { file, reason })
                    .collect();
                write!(self.out, "\n],\"skipped\":")?;
                serde_json::to_writer(&mut self.out, &skipped)?;
                write!(self.out, ",\"summary\":")?;
                serde_json::to_writer(&mut self.out, &self.summary)?;
                writeln!(self.out, "}}")?;
            }
            Format::Table { quiet } => {
                if !quiet && self.summary.counts.files.total > 0 {
                    writeln!(self.out)?;
                }
                check::write_summary_table(&mut self.out, &self.summary, elapsed, fail_on)?;
            }
        }
        self.out.flush()?;
        Ok(self.out)
    }
}
