//! Small verdicts, counts and forbidden moves for the tests of code that reads them
//! (rules-core's comparison, the `report` crate's words for it). Built only for tests and
//! with the `testing` feature.

use crate::color::{Color, PerColor};
use crate::ruleset::Reason;
use crate::score::{PointKind, PointValue, ScoreBreakdown, ScoringMethod, SideScore, Winner};
use crate::verdict::{EventReport, Forbidden, Verdict};

/// [`Verdict::outline`] with the rules text `"<id> rules"`.
#[must_use]
pub fn verdict(id: &str, score: Option<ScoreBreakdown>, forbidden: Vec<Forbidden>) -> Verdict {
    Verdict {
        rules: format!("{id} rules"),
        ..Verdict::outline(id, score, forbidden)
    }
}

/// A point's value.
#[must_use]
pub fn pv(black: f64, white: f64, kind: PointKind) -> PointValue {
    PointValue { black, white, kind }
}

/// Names `p0`, `p1`, … for `n` points, none with a GTP vertex.
#[must_use]
pub fn names(n: usize) -> Vec<(String, Option<String>)> {
    (0..n).map(|i| (format!("p{i}"), None)).collect()
}

/// A territory count whose totals are the sums of `values`, with captives `caps` (Black's,
/// White's), `komi`, and handicap compensation `comp` to White.
#[must_use]
pub fn breakdown(values: &[PointValue], caps: (u32, u32), komi: f64, comp: f64) -> ScoreBreakdown {
    let mut s = ScoreBreakdown::new(
        ScoringMethod::Territory,
        SideScore {
            captures: caps.0,
            ..SideScore::default()
        },
        SideScore {
            captures: caps.1,
            komi: komi + comp,
            ..SideScore::default()
        },
        komi,
    );
    s.black.total += values.iter().map(|v| v.black).sum::<f64>();
    s.white.total += values.iter().map(|v| v.white).sum::<f64>();
    s.margin = s.black.total - s.white.total;
    s.winner = Winner::from_margin(s.margin);
    s
}

/// Black's move `m` at `cc` (GTP `C3`), forbidden for `reason` by "the rule against
/// <reason>", not played.
#[must_use]
pub fn forbidden(m: u32, reason: Reason) -> Forbidden {
    Forbidden {
        move_number: m,
        color: Color::Black,
        point: Some("cc".into()),
        gtp: Some("C3".into()),
        reason,
        rule: format!("the rule against {reason}"),
        repeats_position_after_move: None,
        played: false,
    }
}

/// Pauli's cycle reported after move `m` (rules 7–8): disturbing, removable by White, using
/// no location and gaining nothing.
#[must_use]
pub fn cycle_after(m: u32) -> EventReport {
    EventReport::Cycle {
        after_move: m,
        start_after_move: 0,
        disturbing: true,
        remover: Color::White,
        used: vec![],
        gains: PerColor::new(0, 0),
    }
}

/// No stones of either colour.
#[must_use]
pub fn none() -> PerColor<u32> {
    PerColor::new(0, 0)
}
