//! What `gorules diff` says: for each game, where the rulesets disagree — legality, winner,
//! margin — and why, as JSON (docs/json.md, "gorules diff") or text, made from the pipeline's
//! comparisons ([`GameAnalysis::comparisons`]).

mod explain;
mod pair;

pub use explain::signed;
pub use pair::{Cause, CountDiff, LegalitySplit, PairDiff};

use crate::json::{ErrorReport, SCHEMA_VERSION};
use crate::table::sanitize;
use analysis::GameAnalysis;
use rules_core::compare::CompareError;
use rules_core::score::points;
use rules_core::{Ending, Forbidden};
use serde::Serialize;
use std::io::{self, Write};

/// The whole output of `gorules diff --format json`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct DiffOutput {
    /// The gorules version that wrote it.
    pub gorules: &'static str,
    /// The JSON layout's version.
    pub schema: u32,
    /// One entry per file, in the order given.
    pub files: Vec<DiffFile>,
}

/// One file of `diff`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct DiffFile {
    /// The path as given.
    pub file: String,
    /// Why the file could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorReport>,
    /// One entry per game tree.
    pub games: Vec<DiffGame>,
}

/// One game of `diff`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct DiffGame {
    /// 1-based index of the game in its file.
    pub game: u32,
    /// Why the game could not be read or compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorReport>,
    /// `19x19`, `9x9`, `graph:N`.
    #[serde(skip_serializing_if = "String::is_empty", default)]
    pub board: String,
    /// Moves in the main line.
    pub moves: u32,
    /// Each ruleset's verdict in short, in the order asked for.
    pub rulesets: Vec<DiffRuleset>,
    /// Whether every ruleset agrees with the first.
    pub agree: bool,
    /// Every other ruleset compared with the first.
    pub comparisons: Vec<PairDiff>,
}

/// One ruleset's verdict in short.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct DiffRuleset {
    /// Ruleset id.
    pub ruleset: String,
    /// Whether every move was legal.
    pub legal: bool,
    /// The first forbidden move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_forbidden: Option<Forbidden>,
    /// How the game ended under this ruleset (docs/json.md, `ending`): a count is of a game
    /// that is over only with `passes`.
    pub ending: Ending,
    /// The count as an SGF result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Black's margin (Black's total minus White's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
    /// Points the dead-stone assessment left undecided; `result` and `margin` count them as
    /// they stand (absent when none).
    #[serde(skip_serializing_if = "is_zero", default)]
    pub undecided: u32,
    /// What deciding the undecided points could give (absent when none is undecided).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undecided_range: Option<rules_core::MarginRange>,
    /// Whether `result` is settled: nothing undecided, or deciding it cannot move the margin
    /// (absent without a count).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settled: Option<bool>,
    /// The count in words for the text output: the result when settled, else what deciding
    /// the undecided points could give (`rules_words::result_or_range`) with the count as
    /// it stands. Made from the score itself, once, in [`diff_game`].
    #[serde(skip)]
    count_words: String,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// [`DiffRuleset::count_words`] of a verdict: the count, and the ending when the ruleset's
/// end rule did not end the game.
fn count_words(v: &rules_core::Verdict) -> String {
    let count = count_only(v);
    match crate::words::ending(v.ending) {
        Some(ending) => format!("{count} ({ending})"),
        None => count,
    }
}

/// The count of a verdict in words.
fn count_only(v: &rules_core::Verdict) -> String {
    match &v.score {
        None => format!(
            "no count: {}",
            crate::verdict_words::no_count_reason(v).unwrap_or_default()
        ),
        Some(s) if s.is_settled() => s.result(),
        Some(s) => format!(
            "{} ({} point(s) undecided; as they stand {})",
            rules_words::result_or_range(s),
            s.undecided,
            s.result()
        ),
    }
}

impl DiffOutput {
    /// The output of these files.
    #[must_use]
    pub fn new(files: Vec<DiffFile>) -> DiffOutput {
        DiffOutput {
            gorules: env!("CARGO_PKG_VERSION"),
            schema: SCHEMA_VERSION,
            files,
        }
    }
}

impl DiffGame {
    /// A game that could not be read or compared.
    #[must_use]
    pub fn error(game: u32, error: ErrorReport) -> DiffGame {
        DiffGame {
            game,
            error: Some(error),
            board: String::new(),
            moves: 0,
            rulesets: Vec::new(),
            agree: false,
            comparisons: Vec::new(),
        }
    }
}

/// What `diff` says about one analysed game: each ruleset in short, and every ruleset
/// compared with the first.
///
/// # Errors
/// When an explanation does not add up: a bug that must not be printed as an explanation.
pub fn diff_game(game: &GameAnalysis) -> Result<DiffGame, CompareError> {
    // Every ruleset against the first, as `comparisons` pairs them.
    let facts = game.comparisons()?;
    let comparisons: Vec<PairDiff> = match game.runs.split_first() {
        Some((first, rest)) => facts
            .into_iter()
            .zip(rest)
            .map(|(f, run)| PairDiff::said(f, &first.replayed.verdict, &run.replayed.verdict))
            .collect(),
        None => Vec::new(),
    };
    // The explanation adds up: checked in `compare`, asserted again where it is printed.
    for c in &comparisons {
        if let Some(count) = &c.count {
            let sum: f64 = count.causes.iter().map(|c| c.cause.effect).sum();
            assert!(
                (sum - count.difference).abs() < 1e-9,
                "{} vs {}: causes sum to {sum}, margins differ by {}",
                c.a,
                c.b,
                count.difference
            );
        }
    }
    let agree = comparisons.iter().all(|c| c.agree);
    Ok(DiffGame {
        game: game.index,
        error: None,
        board: rules_core::replay::board_name(&game.record),
        moves: game.record.move_count() as u32,
        rulesets: game
            .runs
            .iter()
            .map(|r| short(&r.replayed.verdict))
            .collect(),
        agree,
        comparisons,
    })
}

/// One ruleset's verdict in short.
fn short(v: &rules_core::Verdict) -> DiffRuleset {
    DiffRuleset {
        ruleset: v.ruleset.clone(),
        legal: v.legal,
        first_forbidden: v.first_forbidden.clone(),
        ending: v.ending,
        result: v.result.clone(),
        margin: v.score.as_ref().map(|s| s.margin),
        undecided: v.score.as_ref().map_or(0, |s| s.undecided),
        undecided_range: v.score.as_ref().and_then(|s| s.undecided_range),
        settled: v.score.as_ref().map(rules_core::ScoreBreakdown::is_settled),
        count_words: count_words(v),
    }
}

/// One term of a count's explanation: its effect on Black's margin, its words, and the points
/// it is about (the first twelve; `…` when there are more).
fn cause_line(cause: &Cause) -> String {
    const SHOWN: usize = 12;
    let mut line = format!("  {:>6}  {}", signed(cause.cause.effect), cause.explanation);
    let cause = &cause.cause;
    // Only a cause of kind `Points` names points.
    if !cause.points.is_empty() {
        let mut pts: Vec<&str> = cause
            .points
            .iter()
            .take(SHOWN)
            .map(String::as_str)
            .collect();
        if cause.points.len() > SHOWN {
            pts.push("…");
        }
        line.push_str(&format!(" [{}]", pts.join(" ")));
    }
    line
}

/// Writes the text for people.
///
/// # Errors
/// When writing fails.
pub fn write_table(out: &mut dyn Write, files: &[DiffFile]) -> io::Result<()> {
    for (i, f) in files.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let file = sanitize(&f.file);
        if let Some(e) = &f.error {
            writeln!(out, "{file}: error: {}", sanitize(&e.message))?;
            continue;
        }
        for (j, g) in f.games.iter().enumerate() {
            if j > 0 {
                writeln!(out)?;
            }
            if let Some(e) = &g.error {
                writeln!(
                    out,
                    "{file} game {}: error: {}",
                    g.game,
                    sanitize(&e.message)
                )?;
                continue;
            }
            writeln!(
                out,
                "{file} — game {}: {}, {} moves",
                g.game, g.board, g.moves
            )?;
            let width = g
                .rulesets
                .iter()
                .map(|r| r.ruleset.len())
                .max()
                .unwrap_or(0);
            for r in &g.rulesets {
                let legal = match &r.first_forbidden {
                    None => "all moves legal".to_owned(),
                    Some(f) => format!("move {} forbidden ({})", f.move_number, f.reason),
                };
                writeln!(
                    out,
                    "  {:width$}  {:<38}  {}",
                    r.ruleset,
                    legal,
                    sanitize(&r.count_words)
                )?;
            }
            if g.agree {
                // A pair with a ruleset that made no count agrees when legality does: no
                // disagreement is proved, but the counts were not compared.
                if g.comparisons.iter().any(|c| c.no_count.is_some()) {
                    writeln!(
                        out,
                        "  no disagreement found: legality agrees, but not every count could \
                         be compared"
                    )?;
                } else {
                    writeln!(out, "  every ruleset agrees")?;
                }
                continue;
            }
            for c in &g.comparisons {
                write_pair(out, c, &g.rulesets)?;
            }
        }
    }
    Ok(())
}

fn write_pair(out: &mut dyn Write, c: &PairDiff, rulesets: &[DiffRuleset]) -> io::Result<()> {
    let no_causes = c.count.as_ref().is_none_or(|d| d.causes.is_empty());
    if c.agree && no_causes {
        writeln!(out, "{} vs {}: agree", c.a, c.b)?;
        return Ok(());
    }
    if c.agree {
        writeln!(
            out,
            "{} vs {}: same legality and result, counted differently:",
            c.a, c.b
        )?;
    } else {
        writeln!(out, "{} vs {}:", c.a, c.b)?;
    }
    for s in &c.legality {
        writeln!(out, "  legality: {}", sanitize(&s.explanation))?;
    }
    if let Some(e) = &c.ending {
        writeln!(
            out,
            "  ending: the game is {} under {}, and {} under {}",
            crate::words::ending_clause(e.under_a),
            c.a,
            crate::words::ending_clause(e.under_b),
            c.b
        )?;
    }
    if let Some(why) = &c.no_count {
        writeln!(out, "  no count to compare: {}", sanitize(why))?;
    }
    if let Some(d) = &c.count {
        let head = if d.winner_changes {
            "the winner changes"
        } else if d.difference.abs() < 1e-9 {
            "same result"
        } else {
            "same winner, another margin"
        };
        writeln!(
            out,
            "  count: {} {} → {} {}: {head}; Black's margin {} → {} ({})",
            c.a,
            d.result_a,
            c.b,
            d.result_b,
            points(d.margin_a),
            points(d.margin_b),
            signed(d.difference)
        )?;
        // Counts resting on undecided points are compared as they stand: say so, since
        // deciding the points could change what the line above says.
        let unsettled: Vec<String> = [&c.a, &c.b]
            .into_iter()
            .filter_map(|id| rulesets.iter().find(|r| &r.ruleset == id))
            .filter(|r| r.settled == Some(false))
            .map(|r| format!("{} ({} point(s))", r.ruleset, r.undecided))
            .collect();
        if !unsettled.is_empty() {
            writeln!(
                out,
                "  (compared as they stand: undecided points under {}; deciding them could \
                 change the margins and the winner)",
                unsettled.join(" and ")
            )?;
        }
        if !d.same_position {
            writeln!(
                out,
                "  (the two counts are of different positions: a replay stopped at a forbidden move)"
            )?;
        }
        for cause in &d.causes {
            writeln!(out, "{}", sanitize(&cause_line(cause)))?;
        }
        if !d.causes.is_empty() {
            writeln!(
                out,
                "  {:>6}  = the difference of the margins",
                signed(d.causes.iter().map(|c| c.cause.effect).sum())
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::compare::CauseKind;

    fn cause(kind: CauseKind, points: usize, effect: f64) -> Cause {
        Cause {
            cause: rules_core::compare::Cause {
                kind,
                under_a: None,
                under_b: None,
                count: (points > 0).then_some(u32::try_from(points).unwrap()),
                points: (0..points).map(|i| format!("p{i}")).collect(),
                effect,
                worth: None,
            },
            explanation: "why".to_owned(),
        }
    }

    #[test]
    fn a_cause_line_names_twelve_points_at_most() {
        let twelve = "p0 p1 p2 p3 p4 p5 p6 p7 p8 p9 p10 p11";
        assert_eq!(
            cause_line(&cause(CauseKind::Points, 12, -12.0)),
            format!("     -12  why [{twelve}]")
        );
        assert_eq!(
            cause_line(&cause(CauseKind::Points, 13, 6.5)),
            format!("    +6.5  why [{twelve} …]")
        );
        assert_eq!(
            cause_line(&cause(CauseKind::Points, 1, 0.5)),
            "    +0.5  why [p0]"
        );
        // Captives, komi and compensation name no point.
        assert_eq!(
            cause_line(&cause(CauseKind::Captives, 0, 0.0)),
            "       0  why"
        );
        assert_eq!(
            cause_line(&cause(CauseKind::Komi, 0, -7.5)),
            "    -7.5  why"
        );
    }
}
