//! The engine's counts in words: GTP's result form, why an unsettled count is no score,
//! `gorules-score`'s lines.

use crate::protocol::Response;
use rules_core::{ScoreBreakdown, Topology, Winner, score::points};
use std::fmt::Write as _;

/// A failure that names a syntax error.
pub(super) fn syntax(detail: impl std::fmt::Display) -> Response {
    Response::Failure(format!("syntax error: {detail}"))
}

/// GTP's form of a result: `B+3.5`, `W+12`, `0` for a draw.
#[must_use]
pub fn gtp_result(s: &ScoreBreakdown) -> String {
    match s.winner {
        Winner::Draw => "0".to_owned(),
        _ => s.result(),
    }
}

/// Why a count that rests on undecided points is no score (`final_score` fails with it):
/// how many points the assessment left open, the count as they stand, and what deciding them
/// could give.
pub(super) fn unsettled_words(s: &ScoreBreakdown) -> String {
    let mut w = format!(
        "{} point(s) left undecided by the dead-stone assessment (as they stand: {})",
        s.undecided,
        gtp_result(s)
    );
    if let Some(r) = &s.undecided_range {
        let _ = write!(
            w,
            "; deciding them gives {}",
            rules_words::range_with_winner(r)
        );
    }
    w
}

/// The lines of `gorules-score`.
pub(super) fn score_lines(s: &ScoreBreakdown, topology: &Topology) -> String {
    let side = |name: &str, x: &rules_core::SideScore| {
        format!(
            "{name}: {} = stones {} + territory {} + shared {}/2 + dead {} + captures {} + komi {}",
            points(x.total),
            x.stones,
            x.territory,
            x.shared,
            x.dead,
            x.captures,
            points(x.komi)
        )
    };
    let mut lines = vec![
        format!(
            "{} ({:?}, assessment {})",
            gtp_result(s),
            s.method,
            s.assessment
        ),
        side("black", &s.black),
        side("white", &s.white),
    ];
    lines.extend(rules_words::undecided_note(s));
    lines.extend(rules_words::score_notes(s, topology));
    lines.join("\n")
}
