//! What a match says: a line or a JSON object per game, the match's summary, the games'
//! comments, and the date they were played.

use super::{End, GameReport};
use crate::engine::Engine;
use crate::vertex::color_name;
use rules_core::{Color, PerColor};
use serde_json::{Value, json};
use sgf_record::parse_result;
use std::fmt::Write as _;

/// Whether game `number` (from 1) has the colours swapped: the engine given with `--white`
/// plays Black. With `--alternate`, every even game.
pub fn swapped(alternate: bool, number: u32) -> bool {
    alternate && number % 2 == 0
}

/// The words for a referee's count that rests on undecided points.
pub(crate) fn undecided_words(points: u32, range: &str, as_they_stand: Option<&str>) -> String {
    let mut w = format!("{points} point(s) undecided, deciding them gives {range}");
    if let Some(count) = as_they_stand {
        let _ = write!(w, " (as they stand: {count})");
    }
    w
}

/// The game comment of the SGF: how the game ended and what everyone counted.
pub fn game_comment(r: &GameReport, referee: &Engine) -> String {
    let mut c = format!(
        "gorules play, referee {} ({}), game {}\n",
        referee.ruleset().id(),
        referee.ruleset().describe(),
        r.number
    );
    let _ = writeln!(
        c,
        "end: {} after {} moves",
        end_words(&r.end, &r.names),
        r.moves
    );
    if let Some(s) = &r.referee {
        match &r.undecided {
            None => {
                let _ = writeln!(c, "referee's count: {s}");
            }
            Some((n, range)) => {
                let _ = writeln!(
                    c,
                    "referee's count: none, {}",
                    undecided_words(*n, range, Some(s))
                );
            }
        }
    }
    for color in Color::BOTH {
        if let Some(s) = &r.engine_scores[color] {
            let _ = writeln!(c, "{} ({}) says: {s}", r.names[color], color_name(color));
        }
    }
    if !r.dead.is_empty() {
        let _ = writeln!(c, "dead stones: {}", r.dead.join(" "));
    }
    for n in &r.referee_notes {
        let _ = writeln!(c, "{n}");
    }
    c
}

/// How a game ended, in words, the engines called by `names`.
#[must_use]
pub fn end_words(end: &End, names: &PerColor<String>) -> String {
    match end {
        End::Passes => "the game is over (passes)".to_owned(),
        End::Resignation(c) => format!("{} ({}) resigned", names[*c], color_name(*c)),
        End::Illegal {
            color,
            mv,
            reason,
            rule,
        } => format!(
            "{} ({}) played {mv}, which is illegal: {reason} ({rule})",
            names[*color],
            color_name(*color)
        ),
        End::MaxMoves => "stopped at --max-moves".to_owned(),
        End::EngineError(e) => format!("engine error: {e}"),
    }
}

/// A game's line of the text output, the engines called by `labels` (see [`labels`]).
pub fn text_line(r: &GameReport, labels: &PerColor<String>) -> String {
    let mut s = format!(
        "game {}: {} (B) vs {} (W): {} — {} after {} moves",
        r.number,
        labels.black,
        labels.white,
        r.result,
        end_words(&r.end, labels),
        r.moves
    );
    if let Some((n, range)) = &r.undecided {
        let _ = write!(
            s,
            "; referee: {}",
            undecided_words(*n, range, r.referee.as_deref())
        );
    }
    for c in Color::BOTH {
        if let Some(score) = &r.engine_scores[c] {
            let _ = write!(
                s,
                "; {} says {score}{}",
                color_name(c),
                match r.agree[c] {
                    Some(false) => " (DIFFERS)",
                    _ => "",
                }
            );
        }
    }
    if !r.dead.is_empty() {
        let _ = write!(s, "; {} dead stone(s)", r.dead.len());
    }
    // What the referee noticed (an engine without `final_status_list`, dead stones it could
    // not use): said here too, not only in the JSON and the SGF, since the count it changes
    // is on this line.
    for n in &r.referee_notes {
        let _ = write!(s, "; note: {n}");
    }
    if let Some(p) = &r.sgf {
        let _ = write!(s, "; {}", p.display());
    }
    s
}

/// A game's JSON object (docs/gtp.md lists the fields); `swapped`: the engine given with
/// `--white` played Black.
#[must_use]
pub fn json_line(r: &GameReport, swapped: bool) -> Value {
    let illegal = match &r.end {
        End::Illegal {
            color,
            mv,
            reason,
            rule,
        } => json!({"color": color_name(*color), "move": mv, "reason": reason, "rule": rule}),
        _ => Value::Null,
    };
    let error = match &r.end {
        End::EngineError(e) => json!(e),
        _ => Value::Null,
    };
    json!({
        "game": r.number,
        "black": r.names.black,
        "white": r.names.white,
        "swapped": swapped,
        "moves": r.moves,
        "end": r.end.code(),
        "result": r.result,
        "referee": r.referee,
        "undecided": r.undecided.as_ref().map(|(n, range)| json!({"points": n, "range": range})),
        "scores": {"black": r.engine_scores.black, "white": r.engine_scores.white},
        "agree": {"black": r.agree.black, "white": r.agree.white},
        "dead": r.dead,
        "illegal": illegal,
        "error": error,
        "notes": r.referee_notes,
        "sgf": r.sgf.as_ref().map(|p| p.display().to_string()),
    })
}

/// What the text output calls the engine given with `--black` and the one given with
/// `--white`: their names, or, when the names are the same (GNU Go at two levels), the names
/// with the flags.
#[must_use]
pub fn labels(first: &str, second: &str) -> [String; 2] {
    if first == second {
        [format!("{first} (--black)"), format!("{second} (--white)")]
    } else {
        [first.to_owned(), second.to_owned()]
    }
}

/// The match's last line, the engines called by `labels`. Wins are counted by engine, the one
/// given with `--black` first, whatever colour it played (`alternate` says which games swap).
#[must_use]
pub fn summary(reports: &[GameReport], labels: &[String; 2], alternate: bool) -> String {
    let mut wins = [0u32; 2];
    let (mut illegal, mut differ, mut void, mut open) = (0, 0, 0, 0);
    for r in reports {
        let winner = parse_result(&r.result).outcome.winner();
        if let Some(w) = winner {
            // The engine given with --black plays Black unless the colours are swapped.
            let first_won = (w == Color::Black) != swapped(alternate, r.number);
            wins[usize::from(!first_won)] += 1;
        } else if r.result == "Void" {
            void += 1;
        } else if r.result == "?" {
            open += 1;
        }
        if matches!(r.end, End::Illegal { .. }) {
            illegal += 1;
        }
        if r.agree.black == Some(false) || r.agree.white == Some(false) {
            differ += 1;
        }
    }
    let mut s = format!(
        "{} game(s): {} won {}, {} won {}",
        reports.len(),
        labels[0],
        wins[0],
        labels[1],
        wins[1]
    );
    let _ = write!(s, "; {illegal} ended by an illegal move, {void} void");
    if open > 0 {
        let _ = write!(
            s,
            ", {open} with no result (the count rests on undecided points)"
        );
    }
    let _ = writeln!(
        s,
        ", {differ} with an engine's count differing from the referee's"
    );
    s
}

/// Today's date (UTC) as `YYYY-MM-DD`, for `DT`.
#[must_use]
pub fn today() -> String {
    date_of(time::OffsetDateTime::now_utc())
}

/// A moment's date (UTC) as `YYYY-MM-DD`.
pub(crate) fn date_of(t: time::OffsetDateTime) -> String {
    let d = t.to_offset(time::UtcOffset::UTC).date();
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}
