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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::ErrorReport;
    use crate::testing::{file, plan};

    /// A 3x3 game of one black stone, every point Black's (B+8.5), recorded as B+9.
    const HALF_OFF: &str = "(;GM[1]FF[4]SZ[3]KM[0.5]RE[B+9];B[bb];W[];B[])";

    fn unreadable(name: &str) -> Done {
        Done::File(FileReport {
            file: name.to_owned(),
            encoding: None,
            error: Some(ErrorReport::new("io", "cannot read it")),
            games: Vec::new(),
        })
    }

    fn skipped(name: &str) -> Done {
        Done::Skipped {
            name: name.to_owned(),
            reason: "not a game record".to_owned(),
        }
    }

    /// The whole output of a check of `inputs` in `format`; `elapsed` 0.5 s.
    fn output(format: Format, shard: Option<&str>, inputs: Vec<Done>) -> String {
        let shard = shard.map(str::to_owned);
        let mut stream = Stream::start(Vec::new(), format, shard, None).unwrap();
        for done in inputs {
            stream.add(done).unwrap();
        }
        (stream.summary.status, stream.summary.exit_code) = ("error".to_owned(), 2);
        String::from_utf8(stream.finish(0.5, "forbidden").unwrap()).unwrap()
    }

    /// `--format json`: one document, the files in order with a comma between them, then the
    /// skipped files with their reasons and the summary.
    #[test]
    fn a_json_document_lists_the_files_then_the_skipped_then_the_summary() {
        let inputs = vec![
            unreadable("a.sgf"),
            skipped("d/README.md"),
            unreadable("b.sgf"),
        ];
        let error = r#""error":{"kind":"io","message":"cannot read it"},"games":[]}"#;
        let summary = r#"{"files":{"total":3,"read":0,"unreadable":2,"skipped":1},"games":{"total":0,"replayed":0,"unreadable":0},"errors":{"io":2},"rulesets":[],"no_ruleset":0,"findings":{"forbidden":0,"mismatch":0,"undecided":0,"uncertain":0,"parse_error":0,"unreadable":2},"status":"error","exit_code":2}"#;
        assert_eq!(
            output(Format::Json, None, inputs),
            format!(
                "{{\"gorules\":\"{}\",\"schema\":1,\"files\":[\n{{\"file\":\"a.sgf\",{error},\n\
                 {{\"file\":\"b.sgf\",{error}\n],\"skipped\":[{{\"file\":\"d/README.md\",\
                 \"reason\":\"not a game record\"}}],\"summary\":{summary}}}\n",
                env!("CARGO_PKG_VERSION")
            )
        );
    }

    /// `--format jsonl`: a record per input as it comes, nothing before them, and the summary
    /// last, with the shard checked.
    #[test]
    fn jsonl_writes_a_record_per_input_then_the_summary_with_its_shard() {
        let inputs = vec![skipped("d/README.md"), unreadable("a.sgf")];
        let text = output(Format::Jsonl, Some("2/3"), inputs);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[..2],
            [
                r#"{"type":"skipped","schema":1,"file":"d/README.md","reason":"not a game record"}"#,
                r#"{"type":"error","schema":1,"file":"a.sgf","kind":"io","message":"cannot read it"}"#,
            ]
        );
        let summary: serde_json::Value = serde_json::from_str(lines[2]).unwrap();
        assert_eq!(summary["type"], "summary");
        assert_eq!(summary["shard"], "2/3");
        assert_eq!(summary["files"]["total"], 2);
        assert_eq!(summary["exit_code"], 2);
        assert_eq!(lines.len(), 3, "{text}");
    }

    /// The table: a line per problem as the files come (names made safe for a terminal), a
    /// blank line, then the summary with the shard and the rate of the games replayed.
    #[test]
    fn the_table_lists_the_problems_then_the_summary() {
        let tt = plan("tt");
        let inputs = vec![
            unreadable("e\u{1b}[2Jvil.sgf"),
            skipped("README.md"),
            Done::File(file("h.sgf", HALF_OFF.as_bytes(), &tt)),
        ];
        assert_eq!(
            output(Format::Table { quiet: false }, Some("1/2"), inputs),
            r#"e\u{1b}[2Jvil.sgf: error [io]: cannot read it
h.sgf game 1: tromp-taylor: result differs from the record: record says B+9, computed B+8.5

Checked 3 file(s) (shard 1/2): 1 read, 1 unreadable, 1 skipped (not game records)
1 game(s): 1 replayed, 0 unreadable — in 0.50 s, 2 games/s
┌──────────────┬───────┬───────┬───────────┬───────────────┬─────────────┬─────────┬───────────┬────────────────┬───────────┬──────────────────┬─────────────┐
│ ruleset      ┆ games ┆ legal ┆ forbidden ┆ result agrees ┆ within 1 pt ┆ differs ┆ undecided ┆ not comparable ┆ no result ┆ undecided points ┆ not counted │
╞══════════════╪═══════╪═══════╪═══════════╪═══════════════╪═════════════╪═════════╪═══════════╪════════════════╪═══════════╪══════════════════╪═════════════╡
│ tromp-taylor ┆     1 ┆     1 ┆         0 ┆             0 ┆           1 ┆       1 ┆         0 ┆              0 ┆         0 ┆                0 ┆           0 │
└──────────────┴───────┴───────┴───────────┴───────────────┴─────────────┴─────────┴───────────┴────────────────┴───────────┴──────────────────┴─────────────┘
Errors by kind: io 1
Games with findings: 0 forbidden move, 1 result mismatch, 0 undecided, 0 uncertain; 0 parse error(s), 1 unreadable
Exit 2 (error; --fail-on forbidden)
"#
        );
    }

    /// `--quiet`: the summary alone, not preceded by the blank line that ends the problems.
    #[test]
    fn a_quiet_table_is_the_summary_alone() {
        let tt = plan("tt");
        let inputs = || {
            vec![
                unreadable("a.sgf"),
                Done::File(file("h.sgf", HALF_OFF.as_bytes(), &tt)),
            ]
        };
        let full = output(Format::Table { quiet: false }, None, inputs());
        let quiet = output(Format::Table { quiet: true }, None, inputs());
        let (_, summary) = full.split_once("\n\n").expect("a blank line");
        assert_eq!(quiet, summary);
        assert!(
            quiet.starts_with("Checked 2 file(s): 1 read, 1 unreadable"),
            "{quiet}"
        );
    }

    /// With nothing checked there are no problems, and no blank line before the summary.
    #[test]
    fn with_nothing_checked_the_summary_comes_first() {
        let text = output(Format::Table { quiet: false }, None, Vec::new());
        assert!(
            text.starts_with("Checked 0 file(s): 0 read, 0 unreadable, 0 skipped"),
            "{text}"
        );
    }

    /// The progress bar's words: the games so far, those with a forbidden move, and every
    /// error (parse errors, unreadable files, failed engines).
    #[test]
    fn progress_counts_games_forbidden_moves_and_errors() {
        let tt = plan("tt");
        let suicide = crate::testing::fixture("chinese/suicide_single_stone.sgf");
        let mut engine = file("e.sgf", format!("{HALF_OFF}{HALF_OFF}").as_bytes(), &tt);
        engine.games[1] = crate::json::GameEntry::Error {
            game: 2,
            error: ErrorReport::new(crate::check::ENGINE_KIND, "the engine hung"),
        };
        let mut stream = Stream::start(Vec::new(), Format::Jsonl, None, None).unwrap();
        for done in [
            Done::File(file("s.sgf", suicide.as_bytes(), &tt)),
            Done::File(file("b.sgf", b"nothing here", &tt)),
            unreadable("gone.sgf"),
            Done::File(engine),
        ] {
            stream.add(done).unwrap();
        }
        assert_eq!(
            stream.progress(),
            "3 games · 1 with a forbidden move · 3 errors"
        );
    }

    /// `--by-folder`: the stream counts each input in its folder too, and the folders join
    /// the summary when closed, not before.
    #[test]
    fn the_folders_join_the_summary_when_closed() {
        let folders = Folders::new(&["corpus".to_owned()], 1);
        let mut stream = Stream::start(Vec::new(), Format::Jsonl, None, Some(folders)).unwrap();
        stream.add(skipped("corpus/b/README.md")).unwrap();
        stream.add(unreadable("corpus/a/x.sgf")).unwrap();
        assert!(stream.summary.folders.is_empty());
        stream.close_folders();
        let folders: Vec<_> = stream
            .summary
            .folders
            .iter()
            .map(|f| {
                (
                    f.folder.as_str(),
                    f.counts.files.total,
                    f.counts.files.skipped,
                )
            })
            .collect();
        assert_eq!(folders, [("corpus/a", 1, 0), ("corpus/b", 1, 1)]);
    }
}
