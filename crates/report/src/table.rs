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
}
