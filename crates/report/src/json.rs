//! What a command reports per file: the serialisable shape behind both the table and the
//! JSON output (docs/json.md), made from the pipeline's [`GameAnalysis`].

use crate::words;
pub use analysis::ErrorReport;
use analysis::{GameAnalysis, GameError, Loaded};
use rules_core::{Finding, GameRecord, GameReport, Verdict};
use serde::Serialize;

/// The version of the JSON layout. Bumped on any incompatible change.
pub const SCHEMA_VERSION: u32 = 1;

/// The whole output of `gorules replay --format json`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Output<'a> {
    /// The gorules version that wrote it.
    pub gorules: &'static str,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// One entry per input file, in the order given.
    pub files: &'a [FileReport],
}

/// One input file.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct FileReport {
    /// The path as given (`-` for standard input).
    pub file: String,
    /// The character encoding the file was decoded with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    /// Why the file could not be read at all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorReport>,
    /// One entry per game tree.
    pub games: Vec<GameEntry>,
}

/// A game: its report, or why it could not be read.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum GameEntry {
    /// The game was replayed.
    Report(Box<GameReport>),
    /// The game could not be read.
    Error {
        /// 1-based index of the game tree in its file.
        game: u32,
        /// What went wrong.
        error: ErrorReport,
    },
}

impl FileReport {
    /// Whether anything in this file could not be read.
    pub fn has_errors(&self) -> bool {
        self.error.is_some()
            || self
                .games
                .iter()
                .any(|g| matches!(g, GameEntry::Error { .. }))
    }
}

/// Why a verdict has no count, as `<ruleset>: no count: <why>` (a note of `replay`'s table,
/// a problem line of `check`); `None` when it has one.
pub fn no_count_line(v: &Verdict) -> Option<String> {
    crate::verdict_words::no_count_reason(v).map(|why| format!("{}: no count: {why}", v.ruleset))
}

/// The report of one file: `game` turns each readable record (with its 1-based index) into its
/// entry, one after the other; unreadable games and files become errors.
pub fn file_report(
    loaded: Loaded,
    mut game: impl FnMut(u32, GameRecord) -> GameEntry,
) -> FileReport {
    file_report_by(loaded, |_, games| {
        games
            .into_iter()
            .enumerate()
            .map(|(i, g)| read_entry(i, g, &mut game))
            .collect()
    })
}

/// The report of one file whose entries `games` makes from the file's name and its games, in
/// order (`check` makes them in parallel, each with [`read_entry`]); an unreadable file
/// becomes its error.
pub fn file_report_by(
    loaded: Loaded,
    games: impl FnOnce(&str, Vec<Result<GameRecord, ErrorReport>>) -> Vec<GameEntry>,
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
            fr.games = games(&fr.file, file.games);
        }
    }
    fr
}

/// The entry of the game at 0-based position `i` of its file: `game` on a readable record
/// (with its 1-based index), the error otherwise.
pub fn read_entry(
    i: usize,
    g: Result<GameRecord, ErrorReport>,
    game: impl FnOnce(u32, GameRecord) -> GameEntry,
) -> GameEntry {
    let index = i as u32 + 1;
    match g {
        Ok(record) => game(index, record),
        Err(error) => GameEntry::Error { game: index, error },
    }
}

/// A game's entry: its report, or the error that kept it from being analysed.
#[must_use]
pub fn game_entry(index: u32, analysed: Result<GameAnalysis, GameError>) -> GameEntry {
    match analysed {
        Ok(game) => GameEntry::Report(Box::new(game_report(game))),
        Err(e) => GameEntry::Error {
            game: index,
            error: game_error(&e),
        },
    }
}

/// Why a game could not be analysed, as its error: `usage` for a point `--dead` names off
/// the board, `engine` for an outside engine that failed (`--dead engine`).
#[must_use]
pub fn game_error(e: &GameError) -> ErrorReport {
    match e {
        GameError::Point(e) => ErrorReport::new("usage", words::dead_point(e)),
        GameError::Engine(e) => ErrorReport::new("engine", words::engine_error(e)),
    }
}

/// The report of one analysed game: the record's facts, one verdict per run with what the
/// pipeline noticed in words. The analysis is used up (its verdicts move into the report).
#[must_use]
pub fn game_report(game: GameAnalysis) -> GameReport {
    let mut report = rules_core::replay::game_report(game.index, &game.record, Vec::new());
    report
        .warnings
        .extend(crate::verdict_words::setup_without_liberties(&game.record));
    let mut recorded = Vec::with_capacity(game.runs.len());
    let mut verdicts: Vec<Verdict> = Vec::with_capacity(game.runs.len());
    for run in game.runs {
        let mut verdict = run.replayed.verdict;
        let noticed: Vec<Finding> = verdict
            .noticed
            .iter()
            .map(|&n| crate::verdict_words::noticed(n, &verdict))
            .collect();
        verdict.findings.splice(0..0, noticed);
        verdict.check.detail = crate::verdict_words::detail(
            &verdict.check,
            game.record.result.as_ref(),
            verdict.score.as_ref(),
        );
        rules_words::say_event_notes(&mut verdict.events);
        if let Some(score) = &mut verdict.score {
            score.notes = rules_words::score_notes(score, &game.record.topology);
        }
        if let Some(named) = &run.named {
            verdict.findings.insert(0, words::named_rules(named));
        }
        recorded.push(run.recorded);
        verdicts.push(verdict);
    }
    report
        .warnings
        .extend(game.notes.iter().map(words::plan_note));
    if let Some((under, claims)) = &game.claims {
        let findings = words::claims(claims, &game.record.topology);
        match verdicts.get_mut(*under) {
            Some(v) => v.findings.extend(findings),
            None => report.warnings.extend(findings),
        }
    }
    for (run, c) in &game.contradictions {
        if let Some(v) = verdicts.get_mut(*run) {
            v.findings
                .push(words::engine_contradiction(c, &game.record.topology));
        }
    }
    for (run, m) in &game.marked {
        if let Some(v) = verdicts.get_mut(*run) {
            v.findings.extend(words::marked(m, &game.record.topology));
        }
    }
    for (verdict, read) in verdicts.iter_mut().zip(&recorded) {
        if let Some(read) = read {
            verdict.findings.insert(0, words::recorded_rules(read));
        }
    }
    report.verdicts = verdicts;
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{file, plan};

    /// A file has errors when it could not be read, or when one of its games could not.
    #[test]
    fn a_file_has_errors_when_it_or_a_game_could_not_be_read() {
        let tt = plan("tt");
        let clean = file("a.sgf", b"(;GM[1]SZ[5];B[cc])", &tt);
        assert!(!clean.has_errors());
        let unreadable = file("b.sgf", b"no game here", &tt);
        assert!(unreadable.games.is_empty());
        assert!(unreadable.has_errors());
        let one_bad = file("c.sgf", b"(;GM[1]SZ[5];B[cc])(;GM[2])", &tt);
        assert!(one_bad.error.is_none());
        assert!(one_bad.has_errors());
        assert!(matches!(one_bad.games[1], GameEntry::Error { game: 2, .. }));
    }
}
