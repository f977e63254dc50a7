//! What `gorules diff` says: for each game, where the rulesets disagree — legality, winner,
//! margin — and why, as JSON (docs/json.md, "gorules diff") or text, made from the pipeline's
//! comparisons ([`GameAnalysis::comparisons`]).

mod explain;
mod pair;

pub use explain::signed;
pub use pair::{Cause, CountDiff, LegalitySplit, PairDiff};

use crate::json::{ErrorReport, SCHEMA_VERSION};
use crate::table::sanitize;
use analysis::{GameAnalysis, Loaded};
use rules_core::compare::CompareError;
use rules_core::score::points;
use rules_core::{Ending, Forbidden, GameRecord};
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

/// The diff of one file: `game` compares each readable record (with its 1-based index), one
/// after the other; unreadable games and an unreadable file become errors. An error of `game`
/// (an explanation that does not add up, a picture not written) ends the file.
///
/// # Errors
/// The first error of `game`.
pub fn diff_file<E>(
    loaded: Loaded,
    mut game: impl FnMut(u32, GameRecord) -> Result<DiffGame, E>,
) -> Result<DiffFile, E> {
    let mut f = DiffFile {
        file: loaded.name,
        error: None,
        games: Vec::new(),
    };
    match loaded.result {
        Err(e) => f.error = Some(e),
        Ok(file) => {
            for (i, g) in file.games.into_iter().enumerate() {
                let index = i as u32 + 1;
                f.games.push(match g {
                    Ok(record) => game(index, record)?,
                    Err(error) => DiffGame::error(index, error),
                });
            }
        }
    }
    Ok(f)
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
    use crate::testing::{OPEN_7X7, fixture, plan_with};
    use analysis::DeadSource;
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

    fn diff_file(name: &str, bytes: &[u8], plan: &analysis::Plan) -> DiffFile {
        let loaded = analysis::input::from_bytes(name.to_owned(), bytes, false);
        super::diff_file(loaded, |index, record| match plan.analyse(index, record) {
            Ok(game) => diff_game(&game),
            Err(e) => Ok(DiffGame::error(index, crate::json::game_error(&e))),
        })
        .unwrap()
    }

    fn text(files: &[DiffFile]) -> String {
        let mut out = Vec::new();
        write_table(&mut out, files).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Files and games in order with a blank line between them, their errors, a game every
    /// ruleset agrees on in one line, and a disagreement explained cause by cause.
    #[test]
    fn files_games_and_their_errors_are_said_in_order() {
        let p = plan_with("chinese,tt", DeadSource::Markup);
        let dead = fixture("diff/dead_stones_tromp_taylor.sgf");
        let files = [
            diff_file("d.sgf", dead.as_bytes(), &p),
            diff_file("b.sgf", b"none", &p),
            diff_file("c.sgf", b"(;GM[1]SZ[5]KM[0.5];B[cc];W[];B[])(;GM[2])", &p),
        ];
        assert_eq!(
            text(&files),
            r#"d.sgf — game 1: 7x7, 20 moves
  chinese       all moves legal                         B+6.5
  tromp-taylor  all moves legal                         W+8.5
chinese vs tromp-taylor:
  count: chinese B+6.5 → tromp-taylor W+8.5: the winner changes; Black's margin 6.5 → -8.5 (-15)
     -19  19 point(s): under chinese Black's territory (1 to Black each); under tromp-taylor dame or neutral points, seki included (nothing each): -19 to Black's margin — points next to stones one ruleset takes as dead (or a seki): with the dead stones off the board they reach only one colour and are territory; with them on, they reach both and are dame [aa ba ca ab bb cb ac bc cc ad cd ae …]
      +6  6 point(s): under chinese White's territory (1 to White each); under tromp-taylor dame or neutral points, seki included (nothing each): +6 to Black's margin — points next to stones one ruleset takes as dead (or a seki): with the dead stones off the board they reach only one colour and are territory; with them on, they reach both and are dame [ga gb gc ge gf gg]
      -4  2 point(s): under chinese dead white stones (1 to Black each); under tromp-taylor white stones counted as area (1 to White each): -4 to Black's margin — dead stones left on the board: tromp-taylor counts the board as it stands, so these white stones count as alive (Tromp–Taylor: removing dead stones is the players' job before the game ends); chinese takes them off as dead [bd be]
      +2  1 point(s): under chinese dead black stones (1 to White each); under tromp-taylor black stones counted as area (1 to Black each): +2 to Black's margin — dead stones left on the board: tromp-taylor counts the board as it stands, so these black stones count as alive (Tromp–Taylor: removing dead stones is the players' job before the game ends); chinese takes them off as dead [gd]
       0  7 point(s): under chinese dame shared half and half (0.5 to Black and 0.5 to White each); under tromp-taylor dame or neutral points, seki included (nothing each): 0 to Black's margin — shared dame: text 004 (Chinese) splits each point between both colours half and half; elsewhere such points are counted for nobody or for one side [ea eb ec ed ee ef eg]
     -15  = the difference of the margins

b.sgf: error: line 1, column 1: no SGF game tree: the text has no '(' followed by ';'

c.sgf — game 1: 5x5, 3 moves
  chinese       all moves legal                         B+24.5
  tromp-taylor  all moves legal                         B+24.5
  every ruleset agrees

c.sgf game 2: error: line 1, column 40: GM[2] is not a game of Go (GM[1])
"#
        );
    }

    /// A count resting on undecided points is said with its range and compared as it stands,
    /// saying so; a game not over says it beside its count.
    #[test]
    fn undecided_points_are_compared_as_they_stand_and_said() {
        let p = plan_with("pauli,tt", DeadSource::Proved);
        let games = b"(;GM[1]FF[4]SZ[7]KM[0.5];B[cc];W[ee];B[dd];W[];B[])\
                      (;GM[1]SZ[5]KM[0.5];B[cc];W[dd])";
        assert_eq!(
            text(&[diff_file("u.sgf", games, &p)]),
            r#"u.sgf — game 1: 7x7, 5 moves
  pauli         all moves legal                         W+50.5 to B+47.5 (49 point(s) undecided; as they stand W+0.5)
  tromp-taylor  all moves legal                         B+0.5
pauli vs tromp-taylor:
  count: pauli W+0.5 → tromp-taylor B+0.5: the winner changes; Black's margin -0.5 → 0.5 (+1)
  (compared as they stand: undecided points under pauli (49 point(s)); deciding them could change the margins and the winner)
      +2  2 point(s): under pauli live black stones, which territory scoring does not count (nothing each); under tromp-taylor black stones counted as area (1 to Black each): +2 to Black's margin — area scoring counts every live stone as a point; territory scoring counts only surrounded points and captives [cc dd]
      -1  1 point(s): under pauli live white stones, which territory scoring does not count (nothing each); under tromp-taylor white stones counted as area (1 to White each): -1 to Black's margin — area scoring counts every live stone as a point; territory scoring counts only surrounded points and captives [ee]
       0  46 point(s): under pauli points whose status is undecided (nothing each); under tromp-taylor dame or neutral points, seki included (nothing each): 0 to Black's margin — undecided points count for nobody until their status is settled [aa ba ca da ea fa ga ab bb cb db eb …]
      +1  = the difference of the margins

u.sgf — game 2: 5x5, 2 moves
  pauli         all moves legal                         W+25.5 to B+24.5 (25 point(s) undecided; as they stand W+0.5) (not over)
  tromp-taylor  all moves legal                         W+0.5 (not over)
  every ruleset agrees
"#
        );
    }

    /// A ruleset that made no count: why, and no claim that every ruleset agrees.
    #[test]
    fn a_count_not_made_is_no_agreement_of_counts() {
        let p = plan_with("chinese,tt", DeadSource::Points(vec!["A1".to_owned()]));
        let game = b"(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+0.5];B[cc];W[];B[])";
        assert_eq!(
            text(&[diff_file("n.sgf", game, &p)]),
            r#"n.sgf — game 1: 5x5, 3 moves
  chinese       all moves legal                         no count: the assessment of the end position is inconsistent: A1 is named dead (user) but holds no stone
  tromp-taylor  all moves legal                         B+24.5
  no disagreement found: legality agrees, but not every count could be compared
"#
        );
    }

    /// A pair with the same legality and result counted differently is explained; a pair
    /// whose result differs is explained without that head.
    #[test]
    fn the_same_result_counted_differently_is_explained() {
        let p = plan_with("chinese,tt,logical", DeadSource::None);
        let game = fixture("diff/shared_dame_chinese_vs_pauli.sgf");
        assert_eq!(
            text(&[diff_file("k.sgf", game.as_bytes(), &p)]),
            r#"k.sgf — game 1: 7x7, 19 moves
  chinese       all moves legal                         W+0.5
  tromp-taylor  all moves legal                         W+0.5
  logical       all moves legal                         B+0.5
chinese vs tromp-taylor: same legality and result, counted differently:
  count: chinese W+0.5 → tromp-taylor W+0.5: same result; Black's margin -0.5 → -0.5 (0)
       0  7 point(s): under chinese dame shared half and half (0.5 to Black and 0.5 to White each); under tromp-taylor dame or neutral points, seki included (nothing each): 0 to Black's margin — shared dame: text 004 (Chinese) splits each point between both colours half and half; elsewhere such points are counted for nobody or for one side [da db dc dd de df dg]
       0  = the difference of the margins
chinese vs logical:
  count: chinese W+0.5 → logical B+0.5: the winner changes; Black's margin -0.5 → 0.5 (+1)
      +1  captives: chinese counts no captives; logical counts captives (Black 1, White 0): +1 to Black's margin
       0  7 point(s): under chinese dame shared half and half (0.5 to Black and 0.5 to White each); under logical dame or neutral points, seki included (nothing each): 0 to Black's margin — shared dame: text 004 (Chinese) splits each point between both colours half and half; elsewhere such points are counted for nobody or for one side [da db dc dd de df dg]
      +1  = the difference of the margins
"#
        );
    }

    /// A pair that agrees in a game where others do not is one line; a replay stopped at a
    /// forbidden move is compared at another position, which is said.
    #[test]
    fn a_stopped_replay_is_compared_at_another_position() {
        let p = plan_with("tt,chinese,pauli", DeadSource::None);
        let games = fixture("diff/superko_suicide_split.sgf");
        let said = text(&[diff_file("s.sgf", games.as_bytes(), &p)]);
        for line in [
            "  chinese       move 1 forbidden (suicide)              B+12.5 (stopped)\n",
            "  count: tromp-taylor B+15.5 → chinese B+12.5: same winner, another margin; \
             Black's margin 15.5 → 12.5 (-3)\n  (the two counts are of different positions: a \
             replay stopped at a forbidden move)\n",
            "\ntromp-taylor vs chinese: agree\ntromp-taylor vs pauli:\n",
            "  count: tromp-taylor W+5 → pauli B+1: the winner changes; Black's margin -5 → 1 (+6)\n",
        ] {
            assert!(said.contains(line), "{line}\nnot in\n{said}");
        }
        assert_eq!(
            said.matches("(the two counts are of different positions")
                .count(),
            3
        );
    }

    /// Where one ruleset's end rule ended the game and the other's did not, each ending is said.
    #[test]
    fn an_ending_that_differs_is_said() {
        let p = plan_with("chinese,pauli", DeadSource::Default);
        let game = fixture("pauli/two-passes-not-over.sgf");
        let said = text(&[diff_file("p.sgf", game.as_bytes(), &p)]);
        assert!(
            said.contains(
                "\nchinese vs pauli:\n  ending: the game is over (its end rule, consecutive \
                 passes, was met) under chinese, and not over (the moves ran out before it \
                 ended) under pauli\n"
            ),
            "{said}"
        );
    }

    /// In JSON, a ruleset's undecided points are written only when there are some.
    #[test]
    fn the_json_writes_undecided_points_only_when_there_are_some() {
        let p = plan_with("pauli,tt", DeadSource::Proved);
        let game = OPEN_7X7.as_bytes();
        let doc =
            serde_json::to_value(DiffOutput::new(vec![diff_file("u.sgf", game, &p)])).unwrap();
        let rulesets = &doc["files"][0]["games"][0]["rulesets"];
        assert_eq!(rulesets[0]["ruleset"], "pauli");
        assert_eq!(rulesets[0]["undecided"], 49);
        assert_eq!(rulesets[1]["ruleset"], "tromp-taylor");
        assert!(rulesets[1].get("undecided").is_none(), "{rulesets}");
    }

    /// When both counts of a pair rest on undecided points, both are named, in order.
    #[test]
    fn both_unsettled_counts_are_named_in_order() {
        let p = plan_with("pauli,chinese", DeadSource::Proved);
        let game = OPEN_7X7.as_bytes();
        let said = text(&[diff_file("u.sgf", game, &p)]);
        assert!(
            said.contains("  (compared as they stand: undecided points under pauli (49 point(s)) and chinese ("),
            "{said}"
        );
    }
}
