//! Tables for people: per game, one row per ruleset.

use crate::json::{FileReport, GameEntry};
use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};
use rules_core::score::points;
use rules_core::{AssessmentSource, CheckStatus, GameReport, Policy, Verdict};
use std::io::{self, Write};

/// Writes every file's games as tables.
pub fn write(out: &mut dyn Write, files: &[FileReport]) -> io::Result<()> {
    for (i, f) in files.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        if let Some(e) = &f.error {
            writeln!(
                out,
                "{}: error: {}",
                sanitize(&f.file),
                sanitize(&e.message)
            )?;
            continue;
        }
        for (j, g) in f.games.iter().enumerate() {
            if j > 0 {
                writeln!(out)?;
            }
            match g {
                GameEntry::Report(r) => write_game(out, &f.file, r)?,
                GameEntry::Error { game, error } => {
                    writeln!(
                        out,
                        "{} game {game}: error: {}",
                        sanitize(&f.file),
                        sanitize(&error.message)
                    )?;
                }
            }
        }
    }
    Ok(())
}

fn write_game(out: &mut dyn Write, file: &str, g: &GameReport) -> io::Result<()> {
    let mut head = format!("{file} — game {}: {}, {} moves", g.game, g.board, g.moves);
    if let Some(h) = g.handicap {
        head.push_str(&format!(", handicap {h}"));
    }
    if let Some(k) = g.komi {
        head.push_str(&format!(", komi {}", points(k)));
    }
    if let Some(r) = &g.rules {
        head.push_str(&format!(", rules {r:?}"));
    }
    if let Some(r) = &g.recorded_result {
        head.push_str(&format!(", result {}", r.raw));
    }
    if g.variations_ignored > 0 {
        head.push_str(&format!(
            ", {} variation(s) not replayed",
            g.variations_ignored
        ));
    }
    writeln!(out, "{}", sanitize(&head))?;
    let mut players = Vec::new();
    if let Some(b) = &g.info.black {
        players.push(format!("Black {b}"));
    }
    if let Some(w) = &g.info.white {
        players.push(format!("White {w}"));
    }
    if !players.is_empty() {
        writeln!(out, "{}", sanitize(&players.join(" · ")))?;
    }

    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(vec![
            "ruleset",
            "legal",
            "first forbidden move",
            "moves",
            "captures B/W",
            "Black",
            "White",
            "result",
            "recorded",
            "agrees",
        ]);
    for v in &g.verdicts {
        t.add_row(row(v, g));
    }
    writeln!(out, "{t}")?;
    let stop = g
        .verdicts
        .iter()
        .any(|v| v.on_forbidden == Policy::Stop && !v.legal);
    if stop {
        writeln!(
            out,
            "  a replay stops at the first forbidden move and scores the position before it \
             (--play-on goes on)"
        )?;
    }
    for w in &g.warnings {
        writeln!(out, "  note [{}]: {}", w.code, sanitize(&w.message))?;
    }
    for v in &g.verdicts {
        if let Some(f) = &v.first_forbidden {
            writeln!(
                out,
                "  {}: move {} forbidden by {}",
                v.ruleset, f.move_number, f.rule
            )?;
        }
        for f in &v.findings {
            writeln!(
                out,
                "  {} [{}]: {}",
                v.ruleset,
                f.code,
                sanitize(&f.message)
            )?;
        }
        if let Some(s) = &v.score {
            for n in &s.notes {
                writeln!(out, "  {}: {}", v.ruleset, sanitize(n))?;
            }
            if let Some(b) = &s.dead_basis {
                writeln!(out, "  {}: {}", v.ruleset, crate::basis::basis_line(b))?;
            }
        }
        if let Some(line) = crate::json::no_count_line(v) {
            writeln!(out, "  {}", sanitize(&line))?;
        }
        if matches!(
            v.check.status,
            CheckStatus::Differs | CheckStatus::Undecided
        ) {
            // The check's detail says what the undecided points could make of the count.
            writeln!(out, "  {}: {}", v.ruleset, sanitize(&v.check.detail))?;
        } else if let Some(note) = v.score.as_ref().and_then(rules_words::undecided_note) {
            writeln!(out, "  {}: {}", v.ruleset, sanitize(&note))?;
        }
    }
    if g.verdicts.iter().any(left_undecided_by_search) {
        writeln!(out, "  {}", undecided_hint())?;
    }
    Ok(())
}

/// What a user can do about points the control test left undecided, said once per game.
/// Boards up to the control test's thorough limit get its thorough budget already.
fn undecided_hint() -> String {
    format!(
        "to decide the undecided points, name the dead stones as the players agreed them \
         (--dead D4,Q16, say); on boards of more than {} points --control-budget thorough \
         also searches longer",
        pauli_control::Options::default().thorough_up_to
    )
}

/// Whether the verdict's count has points that the control test (`--dead auto`) could not
/// decide: the case [`undecided_hint`] is for. Points left undecided by the user's or the
/// record's own dead stones are not.
fn left_undecided_by_search(v: &Verdict) -> bool {
    v.score
        .as_ref()
        .is_some_and(|s| s.assessment == AssessmentSource::Proved && s.undecided > 0)
}

fn row(v: &Verdict, g: &GameReport) -> Vec<String> {
    let first = v.first_forbidden.as_ref().map_or_else(String::new, |f| {
        let at = f
            .gtp
            .clone()
            .or_else(|| f.point.clone())
            .unwrap_or_else(|| "pass".to_owned());
        format!(
            "{} {} {} {} ({})",
            f.move_number,
            f.color.letter(),
            sanitize(&at),
            f.reason,
            rule_head(&f.rule)
        )
    });
    let (black, white) = v.score.as_ref().map_or_else(
        || ("—".to_owned(), "—".to_owned()),
        |s| (points(s.black.total), points(s.white.total)),
    );
    let moves = if v.moves_replayed == v.moves_total {
        v.moves_total.to_string()
    } else {
        format!("{}/{}", v.moves_replayed, v.moves_total)
    };
    vec![
        v.ruleset.clone(),
        if v.legal { "yes" } else { "no" }.to_owned(),
        first,
        moves,
        format!("{} / {}", v.captures.black, v.captures.white),
        black,
        white,
        // A count resting on undecided points is shown as the range deciding them could give;
        // an ending other than the ruleset's own end rule is said beside it.
        with_ending(
            v.score.as_ref().map_or_else(
                || v.result.clone().unwrap_or_else(|| "—".to_owned()),
                rules_words::result_or_range,
            ),
            v,
        ),
        g.recorded_result
            .as_ref()
            .map_or_else(|| "—".to_owned(), |r| sanitize(&r.raw)),
        agrees_cell(&v.check),
    ]
}

/// A count with the ruleset's ending beside it when its end rule did not end the game
/// (`W+3.5 (not over)`): where the count is, the reader learns what it is a count of.
fn with_ending(count: String, v: &Verdict) -> String {
    match crate::words::ending(v.ending) {
        Some(words) => format!("{count} ({words})"),
        None => count,
    }
}

/// The "agrees" column: the check's status, marked `(est.)` when the count rests on an
/// estimate.
fn agrees_cell(check: &rules_core::ResultCheck) -> String {
    let status = match check.status {
        CheckStatus::Agrees => "yes",
        CheckStatus::Differs => "NO",
        CheckStatus::Undecided => "undecided",
        CheckStatus::NotComparable => "n/a",
        CheckStatus::NoResult => "—",
    };
    if check.estimated {
        format!("{status} (est.)")
    } else {
        status.to_owned()
    }
}

/// The head of a rule citation — the text and rule number before the explanation
/// ("Pauli rule 12", "Tromp–Taylor rule 6 (text 004)"), for the table; the note under the
/// table gives the whole citation.
fn rule_head(rule: &str) -> &str {
    let end = [": ", "; ", " and ", " — "]
        .iter()
        .filter_map(|sep| rule.find(sep))
        .min()
        .unwrap_or(rule.len());
    rule[..end].trim()
}

/// Text from a file (or a file's name), made safe for a terminal: control characters (C0
/// and C1, so every escape sequence: ESC, CSI U+009B, BEL, CR…) and the bidirectional
/// overrides that reorder what a terminal shows are written as `\u{…}` escapes.
pub fn sanitize(s: &str) -> String {
    if !s.chars().any(unsafe_char) {
        return s.to_owned();
    }
    s.chars()
        .map(|c| {
            if unsafe_char(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A character a terminal must not receive from a file as it is.
fn unsafe_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{OPEN_7X7, file, fixture, plan, plan_with};

    #[test]
    fn a_rule_head_ends_at_the_first_separator() {
        assert_eq!(rule_head("Pauli rule 12: ko capture"), "Pauli rule 12");
        assert_eq!(
            rule_head("Tromp–Taylor rule 8 (text 004): the game ends; text 001 §3.3"),
            "Tromp–Taylor rule 8 (text 004)"
        );
        // Whichever separator comes first, of the four.
        assert_eq!(rule_head("rule 7 — ends; more: after"), "rule 7");
        assert_eq!(rule_head("rule 1 and rule 2: both"), "rule 1");
        assert_eq!(rule_head("rule 3; then: this"), "rule 3");
        // None: the whole citation, trimmed.
        assert_eq!(rule_head(" Pauli rule 9 "), "Pauli rule 9");
        assert_eq!(rule_head(""), "");
    }

    #[test]
    fn sanitize_escapes_control_characters_and_direction_overrides_only() {
        assert_eq!(sanitize("plain 黑棋 — text"), "plain 黑棋 — text");
        assert_eq!(
            sanitize("a\u{1b}[31mb\r\u{9b}c"),
            "a\\u{1b}[31mb\\u{d}\\u{9b}c"
        );
        assert_eq!(sanitize("x\u{202e}y\u{2066}z"), "x\\u{202e}y\\u{2066}z");
        // The neighbours of the bidirectional ranges pass.
        assert_eq!(
            sanitize("\u{2029}\u{202f}\u{2065}\u{206a}").chars().count(),
            4
        );
    }

    fn table(files: &[FileReport]) -> String {
        let mut out = Vec::new();
        write(&mut out, files).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Files in order, a blank line between files and between games; a file or a game that
    /// cannot be read is its error line; the head names what the record has.
    #[test]
    fn files_and_games_are_shown_in_order_with_their_errors() {
        let tt = plan("tt");
        let a = file(
            "a.sgf",
            b"(;GM[1]FF[4]SZ[5]HA[2]KM[0.5]RU[Chinese]RE[B+3]PB[Black One]PW[White Two]\
              AB[bb][dd];W[cc];B[cb](;W[];B[])(;W[dc]))(;GM[2]SZ[5];B[aa])(;GM[1]SZ[5];B[aa];W[ab])",
            &tt,
        );
        let b = file("b.sgf", b"nothing here", &tt);
        let c = file(
            "c.sgf",
            b"(;GM[1]SZ[3];B[aa];W[ba];B[ca];W[bb];B[];W[])",
            &tt,
        );
        assert_eq!(
            table(&[a, b, c]),
            r#"a.sgf — game 1: 5x5, 4 moves, handicap 2, komi 0.5, rules "Chinese", result B+3, 1 variation(s) not replayed
Black Black One · White White Two
┌──────────────┬───────┬──────────────────────┬───────┬──────────────┬───────┬───────┬────────┬──────────┬────────┐
│ ruleset      ┆ legal ┆ first forbidden move ┆ moves ┆ captures B/W ┆ Black ┆ White ┆ result ┆ recorded ┆ agrees │
╞══════════════╪═══════╪══════════════════════╪═══════╪══════════════╪═══════╪═══════╪════════╪══════════╪════════╡
│ tromp-taylor ┆ yes   ┆                      ┆ 4     ┆ 0 / 0        ┆ 3     ┆ 1.5   ┆ B+1.5  ┆ B+3      ┆ NO     │
└──────────────┴───────┴──────────────────────┴───────┴──────────────┴───────┴───────┴────────┴──────────┴────────┘
  note [result-komi-inconsistent]: RE[B+3] cannot be a count with KM[0.5]: a count's margin differs from the komi by a whole number of points, so the komi or the result is not the game's
  tromp-taylor: result differs from the record: record says B+3, computed B+1.5

a.sgf game 2: error: line 1, column 120: GM[2] is not a game of Go (GM[1])

a.sgf — game 3: 5x5, 2 moves
┌──────────────┬───────┬──────────────────────┬───────┬──────────────┬───────┬───────┬──────────────────┬──────────┬────────┐
│ ruleset      ┆ legal ┆ first forbidden move ┆ moves ┆ captures B/W ┆ Black ┆ White ┆ result           ┆ recorded ┆ agrees │
╞══════════════╪═══════╪══════════════════════╪═══════╪══════════════╪═══════╪═══════╪══════════════════╪══════════╪════════╡
│ tromp-taylor ┆ yes   ┆                      ┆ 2     ┆ 0 / 0        ┆ 1     ┆ 8.5   ┆ W+7.5 (not over) ┆ —        ┆ —      │
└──────────────┴───────┴──────────────────────┴───────┴──────────────┴───────┴───────┴──────────────────┴──────────┴────────┘
  tromp-taylor [komi-default]: the record gives no komi; tromp-taylor uses its default of 7.5

b.sgf: error: line 1, column 1: no SGF game tree: the text has no '(' followed by ';'

c.sgf — game 1: 3x3, 6 moves
┌──────────────┬───────┬──────────────────────┬───────┬──────────────┬───────┬───────┬────────┬──────────┬────────┐
│ ruleset      ┆ legal ┆ first forbidden move ┆ moves ┆ captures B/W ┆ Black ┆ White ┆ result ┆ recorded ┆ agrees │
╞══════════════╪═══════╪══════════════════════╪═══════╪══════════════╪═══════╪═══════╪════════╪══════════╪════════╡
│ tromp-taylor ┆ yes   ┆                      ┆ 6     ┆ 0 / 0        ┆ 2     ┆ 9.5   ┆ W+7.5  ┆ —        ┆ —      │
└──────────────┴───────┴──────────────────────┴───────┴──────────────┴───────┴───────┴────────┴──────────┴────────┘
  tromp-taylor [komi-default]: the record gives no komi; tromp-taylor uses its default of 7.5
"#
        );
    }

    /// Under `stop`, one line says what a stopped replay counts; under `play-on` it is not
    /// said, and the forbidden moves are listed either way.
    #[test]
    fn a_replay_stopped_at_a_forbidden_move_says_so_once() {
        let mut both = plan("tt,pauli");
        let suicide = fixture("chinese/suicide_single_stone.sgf");
        assert_eq!(
            table(&[file("s.sgf", suicide.as_bytes(), &both)]),
            r#"s.sgf — game 1: 3x3, 6 moves, komi 0.5, rules "Chinese"
┌──────────────┬───────┬────────────────────────────────────────────────────────────┬───────┬──────────────┬───────┬───────┬─────────────────┬──────────┬────────┐
│ ruleset      ┆ legal ┆ first forbidden move                                       ┆ moves ┆ captures B/W ┆ Black ┆ White ┆ result          ┆ recorded ┆ agrees │
╞══════════════╪═══════╪════════════════════════════════════════════════════════════╪═══════╪══════════════╪═══════╪═══════╪═════════════════╪══════════╪════════╡
│ tromp-taylor ┆ no    ┆ 4 W A3 superko-positional (Tromp–Taylor rule 6 (text 004)) ┆ 3/6   ┆ 0 / 0        ┆ 3     ┆ 1.5   ┆ B+1.5 (stopped) ┆ —        ┆ —      │
│ pauli        ┆ no    ┆ 4 W A3 suicide (Pauli rule 10)                             ┆ 3/6   ┆ 0 / 0        ┆ 1     ┆ 0.5   ┆ B+0.5 (stopped) ┆ —        ┆ —      │
└──────────────┴───────┴────────────────────────────────────────────────────────────┴───────┴──────────────┴───────┴───────┴─────────────────┴──────────┴────────┘
  a replay stops at the first forbidden move and scores the position before it (--play-on goes on)
  tromp-taylor: move 4 forbidden by Tromp–Taylor rule 6 (text 004): a move may not repeat an earlier grid colouring; text 001 §Games 3.2: b(i+1) ≠ b(j) for all j ≤ i
  pauli: move 4 forbidden by Pauli rule 10: suicide — after placement every opposing stone still has liberties but the new stone has none (prohibited by rule 9)
  pauli [dead-stones-not-assessed]: the replay stopped at a forbidden move, so its count is of an earlier position, which is scored as it stands: no dead stones are searched for
  pauli: Pauli rule 5: control by agreement (rule 17 counting) from nothing given: 0 stone(s) claimed dead, 0 location(s) claimed neutral; each empty location that contacts the stones of one player only is his
  pauli: komi 0.5 is not a non-negative integer as rule 2 asks; used as given (ljr.md A9)
"#
        );
        both.replay.policy = Policy::PlayOn;
        let played_on = table(&[file("s.sgf", suicide.as_bytes(), &both)]);
        assert!(!played_on.contains("a replay stops"), "{played_on}");
        assert!(played_on.contains("\n  tromp-taylor: move 4 forbidden by Tromp–Taylor rule 6"));
        assert!(played_on.contains("\n  pauli: move 4 forbidden by Pauli rule 10: suicide"));
    }

    /// Points the control test left undecided: the check's detail when the record has a
    /// result, the undecided note when not, and once per game what to do about them; a count
    /// whose dead stones were estimated says what they rest on instead, with no hint.
    #[test]
    fn undecided_points_are_said_with_what_to_do_about_them() {
        let mut pauli = plan_with("pauli", analysis::DeadSource::Proved);
        let game = OPEN_7X7;
        let with_result = game.replace("KM[0.5]", "KM[0.5]RE[W+0.5]");
        assert_eq!(
            table(&[
                file("r.sgf", with_result.as_bytes(), &pauli),
                file("n.sgf", game.as_bytes(), &pauli)
            ]),
            r#"r.sgf — game 1: 7x7, 5 moves, komi 0.5, result W+0.5
┌─────────┬───────┬──────────────────────┬───────┬──────────────┬───────┬───────┬──────────────────┬──────────┬───────────┐
│ ruleset ┆ legal ┆ first forbidden move ┆ moves ┆ captures B/W ┆ Black ┆ White ┆ result           ┆ recorded ┆ agrees    │
╞═════════╪═══════╪══════════════════════╪═══════╪══════════════╪═══════╪═══════╪══════════════════╪══════════╪═══════════╡
│ pauli   ┆ yes   ┆                      ┆ 5     ┆ 0 / 0        ┆ 0     ┆ 0.5   ┆ W+50.5 to B+47.5 ┆ W+0.5    ┆ undecided │
└─────────┴───────┴──────────────────────┴───────┴──────────────┴───────┴───────┴──────────────────┴──────────┴───────────┘
  pauli: Pauli rule 5: control given by the control solver: the listed locations, the stones on the opponent's locations and the stones named dead count as dead, and each player's live stones stand on his own locations
  pauli: 49 location(s) the control test left undecided count as they stand (rule 17 counting: an empty one is his whose stones alone its region contacts)
  pauli: komi 0.5 is not a non-negative integer as rule 2 asks; used as given (ljr.md A9)
  pauli: the count as it stands equals the record, but it rests on undecided points: record says W+0.5, computed W+0.5 (49 point(s) undecided, counted as they stand; deciding them gives W+50.5 to B+47.5)
  to decide the undecided points, name the dead stones as the players agreed them (--dead D4,Q16, say); on boards of more than 49 points --control-budget thorough also searches longer

n.sgf — game 1: 7x7, 5 moves, komi 0.5
┌─────────┬───────┬──────────────────────┬───────┬──────────────┬───────┬───────┬──────────────────┬──────────┬────────┐
│ ruleset ┆ legal ┆ first forbidden move ┆ moves ┆ captures B/W ┆ Black ┆ White ┆ result           ┆ recorded ┆ agrees │
╞═════════╪═══════╪══════════════════════╪═══════╪══════════════╪═══════╪═══════╪══════════════════╪══════════╪════════╡
│ pauli   ┆ yes   ┆                      ┆ 5     ┆ 0 / 0        ┆ 0     ┆ 0.5   ┆ W+50.5 to B+47.5 ┆ —        ┆ —      │
└─────────┴───────┴──────────────────────┴───────┴──────────────┴───────┴───────┴──────────────────┴──────────┴────────┘
  pauli: Pauli rule 5: control given by the control solver: the listed locations, the stones on the opponent's locations and the stones named dead count as dead, and each player's live stones stand on his own locations
  pauli: 49 location(s) the control test left undecided count as they stand (rule 17 counting: an empty one is his whose stones alone its region contacts)
  pauli: komi 0.5 is not a non-negative integer as rule 2 asks; used as given (ljr.md A9)
  pauli: 49 point(s) undecided, counted as they stand; deciding them gives W+50.5 to B+47.5
  to decide the undecided points, name the dead stones as the players agreed them (--dead D4,Q16, say); on boards of more than 49 points --control-budget thorough also searches longer
"#
        );
        pauli.dead = analysis::DeadSource::Default;
        let estimated = table(&[file("n.sgf", game.as_bytes(), &pauli)]);
        assert!(
            estimated.contains("\n  pauli: no dead stones; 3 chain(s) decided without a proof; estimate confidence 0."),
            "{estimated}"
        );
        assert!(!estimated.contains("undecided"), "{estimated}");
    }

    /// A ruleset that could make no count shows dashes and says why under the table.
    #[test]
    fn a_count_that_could_not_be_made_says_why() {
        let plan = plan_with(
            "chinese,tt",
            analysis::DeadSource::Points(vec!["A1".to_owned()]),
        );
        let game = b"(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+0.5];B[cc];W[];B[])";
        assert_eq!(
            table(&[file("d.sgf", game, &plan)]),
            r#"d.sgf — game 1: 5x5, 3 moves, komi 0.5, result W+0.5
┌──────────────┬───────┬──────────────────────┬───────┬──────────────┬───────┬───────┬────────┬──────────┬────────┐
│ ruleset      ┆ legal ┆ first forbidden move ┆ moves ┆ captures B/W ┆ Black ┆ White ┆ result ┆ recorded ┆ agrees │
╞══════════════╪═══════╪══════════════════════╪═══════╪══════════════╪═══════╪═══════╪════════╪══════════╪════════╡
│ chinese      ┆ yes   ┆                      ┆ 3     ┆ 0 / 0        ┆ —     ┆ —     ┆ —      ┆ W+0.5    ┆ n/a    │
│ tromp-taylor ┆ yes   ┆                      ┆ 3     ┆ 0 / 0        ┆ 25    ┆ 0.5   ┆ B+24.5 ┆ W+0.5    ┆ NO     │
└──────────────┴───────┴──────────────────────┴───────┴──────────────┴───────┴───────┴────────┴──────────┴────────┘
  chinese: no count: the assessment of the end position is inconsistent: A1 is named dead (user) but holds no stone
  tromp-taylor: result differs from the record: record says W+0.5, computed B+24.5
"#
        );
    }

    /// The hint is for points the search left undecided: not for a count with none, nor for
    /// points other dead stones (the user's, the record's) left undecided.
    #[test]
    fn the_hint_is_only_for_points_the_search_left_undecided() {
        let verdict = |source: AssessmentSource, undecided: u32| {
            let mut score = rules_core::testing::breakdown(&[], (0, 0), 0.5, 0.0);
            score.assessment = source;
            score.undecided = undecided;
            rules_core::testing::verdict("pauli", Some(score), vec![])
        };
        assert!(left_undecided_by_search(&verdict(
            AssessmentSource::Proved,
            1
        )));
        assert!(!left_undecided_by_search(&verdict(
            AssessmentSource::Proved,
            0
        )));
        assert!(!left_undecided_by_search(&verdict(
            AssessmentSource::User,
            3
        )));
        assert!(!left_undecided_by_search(&rules_core::testing::verdict(
            "pauli",
            None,
            vec![]
        )));
    }
}
