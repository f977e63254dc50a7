//! The engines' counts against the referee's.

use rules_core::{Color, Outcome, ScoreBreakdown};
use sgf_record::parse_result;

/// Black's margin in an engine's `final_score` (`B+3.5`, `W+12`, `0`, GNU Go's `B+3.0`),
/// when it is a count.
pub(crate) fn engine_margin(text: &str) -> Option<f64> {
    match parse_result(text).outcome {
        Outcome::Score {
            winner: Color::Black,
            margin,
        } => Some(margin),
        Outcome::Score {
            winner: Color::White,
            margin,
        } => Some(-margin),
        Outcome::Draw => Some(0.0),
        _ => None,
    }
}

/// Whether an engine's `final_score` says what the referee counted: by winner and margin
/// when the referee's count is settled. When it rests on undecided points, an engine's count
/// outside what deciding them could give differs for certain; one inside it is not compared
/// (`None`), as `check` calls such a record `undecided`. An engine whose `final_score` failed
/// is never compared.
pub(crate) fn compare_score(text: &str, referee: &ScoreBreakdown) -> Option<bool> {
    // An engine that could not count (its `final_score` failed: `? …`) has no count to
    // compare; an answer that is no count differs.
    if text.starts_with('?') {
        return None;
    }
    let margin = engine_margin(text);
    if referee.is_settled() {
        return Some(margin.is_some_and(|m| (m - referee.margin).abs() < 1e-9));
    }
    match (margin, &referee.undecided_range) {
        (Some(m), Some(r)) if !r.contains(m) => Some(false),
        _ => None,
    }
}
