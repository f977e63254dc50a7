//! The comparison of verdicts across rulesets: where two rulesets disagree about one game,
//! and why, in terms that add up. Facts only: the `report` crate puts them in words.
//!
//! Two things can differ:
//!
//! * **legality** — a move one ruleset forbids and the other allows (a superko ban the other
//!   lacks, a suicide the other allows, Pauli's ko and cycle rules), or forbids for another
//!   reason ([`LegalitySplit`], with what the allowing verdict shows, [`Allowance`]);
//! * **the count** — winner and margin ([`CountDiff`]).
//!
//! A count difference is explained from the rulesets' own per-point values
//! ([`GameState::point_values`](crate::GameState::point_values)): every point of the board is
//! grouped by (what it is under A, what it is under B), and each group's effect on Black's
//! margin is stated with its size; captives, komi and handicap compensation are the remaining
//! terms. Because each ruleset's total is exactly the sum of its point values, captives and
//! komi ([`ScoreBreakdown::check_point_values`]), the listed effects sum to the difference of
//! the margins — exactly. [`compare`] checks both facts and returns
//! [`CompareError::DoesNotAddUp`] rather than causes that do not add up.
//!
//! ```
//! use rules_core::compare::{CauseKind, Side, compare};
//! use rules_core::{Color, PointKind, PointValue, ScoreBreakdown, ScoringMethod, SideScore, Verdict};
//! // A one-point board holding a white stone that the players agreed is dead.
//! // Under A (Tromp–Taylor) it counts as it stands: a point for White.
//! let a_values = [PointValue { black: 0.0, white: 1.0, kind: PointKind::Stone(Color::White) }];
//! let a_white = SideScore { stones: 1, ..SideScore::default() };
//! let a = Verdict::outline("tromp-taylor",
//!     Some(ScoreBreakdown::new(ScoringMethod::Area, SideScore::default(), a_white, 0.0)), vec![]);
//! // Under B (Chinese) it is removed as dead and its point is Black's.
//! let b_values = [PointValue { black: 1.0, white: 0.0, kind: PointKind::DeadStone(Color::White) }];
//! let b_black = SideScore { dead: 1, ..SideScore::default() };
//! let b = Verdict::outline("chinese",
//!     Some(ScoreBreakdown::new(ScoringMethod::AreaSharedDame, b_black, SideScore::default(), 0.0)),
//!     vec![]);
//!
//! let names = [("aa".to_owned(), Some("A1".to_owned()))];
//! let d = compare(&Side::new(&a, Some(&a_values)), &Side::new(&b, Some(&b_values)), &names)
//!     .unwrap();
//! let count = d.count.unwrap();
//! assert_eq!((count.result_a.as_str(), count.result_b.as_str()), ("W+1", "B+1"));
//! assert_eq!(count.difference, 2.0);
//! assert_eq!(count.causes.len(), 1);
//! let cause = &count.causes[0];
//! assert_eq!(cause.kind, CauseKind::Points);
//! assert_eq!((cause.under_a, cause.under_b),
//!     (Some(PointKind::Stone(Color::White)), Some(PointKind::DeadStone(Color::White))));
//! assert_eq!((cause.effect, cause.points.as_slice()), (2.0, ["aa".to_owned()].as_slice()));
//! ```

use crate::color::Color;
use crate::ruleset::Reason;
use crate::score::{PointKind, PointValue, ScoreBreakdown};
use crate::verdict::{Ending, EventReport, Forbidden, Policy, Verdict};
use serde::{Deserialize, Serialize};

/// The tolerance for comparing sums of halves and quarters (they are exact in binary; this
/// only absorbs a komi like 6.3).
const EPS: f64 = 1e-9;

/// One ruleset's side of a comparison: its verdict, and the per-point values of the position
/// it counted (`None` when there is no count).
#[derive(Debug, Clone, Copy)]
pub struct Side<'a> {
    /// The verdict.
    pub verdict: &'a Verdict,
    /// [`GameState::point_values`](crate::GameState::point_values) of the counted position.
    pub values: Option<&'a [PointValue]>,
}

impl<'a> Side<'a> {
    /// A side.
    #[must_use]
    pub fn new(verdict: &'a Verdict, values: Option<&'a [PointValue]>) -> Side<'a> {
        Side { verdict, values }
    }
}

/// Why a comparison could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CompareError {
    /// A ruleset's point values do not add up to its own score, or the causes do not add up
    /// to the margin difference: a bug, never shown as an explanation.
    #[error("the explanation does not add up: {0}")]
    DoesNotAddUp(String),
    /// The two sides have different numbers of points.
    #[error("the two counts are of different boards ({0} and {1} points)")]
    DifferentBoards(usize, usize),
}

/// Where two rulesets disagree about one game.
#[derive(Debug, Clone, PartialEq)]
pub struct PairDiff {
    /// The first ruleset (the baseline).
    pub a: String,
    /// The second ruleset.
    pub b: String,
    /// Whether they agree on everything compared: the same forbidden moves for the same
    /// reasons, the same ending, and the same winner and margin.
    pub agree: bool,
    /// Moves one forbids and the other allows (or forbids for another reason), in move order.
    pub legality: Vec<LegalitySplit>,
    /// The counts compared, when both rulesets counted (both verdicts have a score and point
    /// values); when not, its `score_error` tells why.
    pub count: Option<CountDiff>,
    /// How the game ended under each, when that differs and neither replay stopped at a
    /// forbidden move (a stop is a legality split): e.g. two passes that end the game under
    /// one ruleset and not under the other (Pauli rule 4: a pass under a temporary
    /// prohibition).
    pub ending: Option<EndingSplit>,
}

/// Two rulesets that end the same game differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct EndingSplit {
    /// How the game ended under the first ruleset.
    pub under_a: Ending,
    /// How it ended under the second.
    pub under_b: Ending,
}

/// The endings of two verdicts, when they differ and neither stopped at a forbidden move.
fn ending_split(a: &Verdict, b: &Verdict) -> Option<EndingSplit> {
    let stopped = |v: &Verdict| v.ending == Ending::Stopped;
    (a.ending != b.ending && !stopped(a) && !stopped(b)).then_some(EndingSplit {
        under_a: a.ending,
        under_b: b.ending,
    })
}

/// A move on whose legality two rulesets disagree.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LegalitySplit {
    /// Move number (from 1, passes included).
    pub move_number: u32,
    /// Who played it.
    pub color: Color,
    /// The point (SGF coordinate or graph name), absent for a pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point: Option<String>,
    /// The GTP vertex, where GTP can name it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gtp: Option<String>,
    /// Under the first ruleset: the reason it is forbidden, or `None` when allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub under_a: Option<Reason>,
    /// Under the second ruleset: the reason, or `None` when allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub under_b: Option<Reason>,
    /// The rule that forbids it (of the ruleset that forbids it; the first one's when both do).
    pub rule: String,
}

impl LegalitySplit {
    /// The forbidden-move records of this move under the two rulesets (`a`, `b` as compared):
    /// `None` on the side that allows it.
    #[must_use]
    pub fn sides<'v>(
        &self,
        a: &'v Verdict,
        b: &'v Verdict,
    ) -> (Option<&'v Forbidden>, Option<&'v Forbidden>) {
        let at = |v: &'v Verdict| {
            v.forbidden
                .iter()
                .find(|f| f.move_number == self.move_number)
        };
        (at(a), at(b))
    }
}

/// What the verdict of the ruleset that allows a move the other forbids shows about why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowance {
    /// It reports a cycle at this very move: under Pauli's rules a repetition (which the
    /// other forbids as superko or ko) is a cycle, reported and removable (Pauli rules 7–8).
    CycleHere,
    /// The move is a suicide that removes the player's own single stone: the board is as it
    /// was, which is why the other ruleset sees a repetition.
    SingleStoneSuicide,
    /// It lets the position recur and reports the repetition as a cycle after this later
    /// move (Pauli rules 7–8).
    CycleLater(u32),
    /// Its verdict shows nothing more: it has no rule of the kind that forbids the move.
    NoSuchRule,
}

/// Why `allows` allows the move that `f` (the other ruleset's record) forbids, as far as its
/// verdict shows.
#[must_use]
pub fn allowance(allows: &Verdict, f: &Forbidden) -> Allowance {
    let m = f.move_number;
    let repetition = matches!(
        f.reason,
        Reason::PositionalSuperko | Reason::SituationalSuperko
    );
    let cycle_here = allows.events.iter().any(|e| match e {
        EventReport::Cycle { after_move, .. } => *after_move == m,
        _ => false,
    });
    if cycle_here && (repetition || f.reason == Reason::Ko) {
        return Allowance::CycleHere;
    }
    if !repetition {
        return Allowance::NoSuchRule;
    }
    let suicides = allows.self_captures.black + allows.self_captures.white;
    if suicides > 0 && f.repeats_position_after_move == Some(m.saturating_sub(1)) {
        return Allowance::SingleStoneSuicide;
    }
    allows
        .events
        .iter()
        .find_map(|e| match e {
            EventReport::Cycle { after_move, .. } if *after_move >= m => Some(*after_move),
            _ => None,
        })
        .map_or(Allowance::NoSuchRule, Allowance::CycleLater)
}

/// Two counts compared, with the causes of the difference.
#[derive(Debug, Clone, PartialEq)]
pub struct CountDiff {
    /// The first ruleset's result (`B+3.5`).
    pub result_a: String,
    /// The second ruleset's result.
    pub result_b: String,
    /// Black's margin (Black's total minus White's) under the first ruleset.
    pub margin_a: f64,
    /// Black's margin under the second ruleset.
    pub margin_b: f64,
    /// `margin_b - margin_a`: what the causes add up to.
    pub difference: f64,
    /// Whether the winner differs.
    pub winner_changes: bool,
    /// Whether both counted the same position (not so when one replay stopped at a move the
    /// other allowed).
    pub same_position: bool,
    /// The causes, largest effect first. Their `effect`s sum to `difference` exactly.
    pub causes: Vec<Cause>,
}

/// What a cause is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum CauseKind {
    /// A group of points counted differently.
    Points,
    /// Captives (counted by territory scoring and by text 000).
    Captives,
    /// Komi.
    Komi,
    /// Handicap compensation (points to White per handicap stone).
    Compensation,
}

/// One term of the explanation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Cause {
    /// What it is about.
    pub kind: CauseKind,
    /// For points: what they are under the first ruleset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub under_a: Option<PointKind>,
    /// For points: what they are under the second ruleset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub under_b: Option<PointKind>,
    /// For points: how many.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// For points: which (SGF coordinates or graph names), in board order.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub points: Vec<String>,
    /// The change in Black's margin from the first ruleset's count to the second's.
    pub effect: f64,
    /// For points: what one of them is worth under the first ruleset and under the second
    /// (the same for every point of the group). Not written out: `under_a`, `under_b` and
    /// `effect` say it.
    #[serde(skip)]
    #[cfg_attr(feature = "schema", schemars(skip))]
    pub worth: Option<(PointValue, PointValue)>,
}

/// Compares two rulesets' verdicts on one game. `names` gives each point's SGF name and GTP
/// vertex, in board order (for naming the points of a cause).
///
/// # Errors
/// [`CompareError::DoesNotAddUp`] when a side's point values do not give its own totals, or
/// the causes do not sum to the margin difference (a bug in a ruleset, never hidden);
/// [`CompareError::DifferentBoards`] when the sides disagree on the number of points.
pub fn compare(
    a: &Side<'_>,
    b: &Side<'_>,
    names: &[(String, Option<String>)],
) -> Result<PairDiff, CompareError> {
    let legality = legality(a.verdict, b.verdict);
    let count = match (&a.verdict.score, &b.verdict.score, a.values, b.values) {
        (Some(sa), Some(sb), Some(va), Some(vb)) => {
            Some(count_diff(a.verdict, b.verdict, sa, sb, va, vb, names)?)
        }
        _ => None,
    };
    let ending = ending_split(a.verdict, b.verdict);
    let agree = legality.is_empty()
        && ending.is_none()
        && count
            .as_ref()
            .is_none_or(|c| c.difference.abs() < EPS && !c.winner_changes);
    Ok(PairDiff {
        a: a.verdict.ruleset.clone(),
        b: b.verdict.ruleset.clone(),
        agree,
        legality,
        count,
        ending,
    })
}

/// The last move number whose legality a verdict tells: a replay that stopped at a forbidden
/// move says nothing about later ones.
fn horizon(v: &Verdict) -> u32 {
    match (&v.first_forbidden, v.on_forbidden) {
        (Some(f), Policy::Stop) => f.move_number,
        _ => u32::MAX,
    }
}

fn legality(a: &Verdict, b: &Verdict) -> Vec<LegalitySplit> {
    let limit = horizon(a).min(horizon(b));
    let mut moves: Vec<u32> = a
        .forbidden
        .iter()
        .chain(&b.forbidden)
        .map(|f| f.move_number)
        .filter(|&m| m <= limit)
        .collect();
    moves.sort_unstable();
    moves.dedup();
    let mut out = Vec::new();
    for m in moves {
        let fa = a.forbidden.iter().find(|f| f.move_number == m);
        let fb = b.forbidden.iter().find(|f| f.move_number == m);
        let (ra, rb) = (fa.map(|f| f.reason), fb.map(|f| f.reason));
        if ra == rb {
            continue;
        }
        let f = fa.or(fb).expect("one of them forbids it");
        out.push(LegalitySplit {
            move_number: m,
            color: f.color,
            point: f.point.clone(),
            gtp: f.gtp.clone(),
            under_a: ra,
            under_b: rb,
            rule: f.rule.clone(),
        });
    }
    out
}

fn kind_key(k: PointKind) -> (u8, u8) {
    let c = |c: Color| c as u8;
    match k {
        PointKind::Stone(x) => (0, c(x)),
        PointKind::UncountedStone(x) => (1, c(x)),
        PointKind::DeadStone(x) => (2, c(x)),
        PointKind::Territory(x) => (3, c(x)),
        PointKind::Shared => (4, 0),
        PointKind::Dame => (5, 0),
        PointKind::Undecided => (6, 0),
        PointKind::Mutual => (7, 0),
    }
}

#[allow(clippy::too_many_arguments)]
fn count_diff(
    a: &Verdict,
    b: &Verdict,
    sa: &ScoreBreakdown,
    sb: &ScoreBreakdown,
    va: &[PointValue],
    vb: &[PointValue],
    names: &[(String, Option<String>)],
) -> Result<CountDiff, CompareError> {
    if va.len() != vb.len() {
        return Err(CompareError::DifferentBoards(va.len(), vb.len()));
    }
    for (v, s, vals) in [(a, sa, va), (b, sb, vb)] {
        let (db, dw) = s.check_point_values(vals);
        if db.abs() > EPS || dw.abs() > EPS {
            return Err(CompareError::DoesNotAddUp(format!(
                "{}'s point values miss its totals by {db} (Black) and {dw} (White)",
                v.ruleset
            )));
        }
    }
    let same_position = va
        .iter()
        .zip(vb)
        .all(|(x, y)| x.kind.stone() == y.kind.stone());
    let mut causes: Vec<Cause> = point_groups(va, vb)
        .into_iter()
        .map(|g| Cause {
            kind: CauseKind::Points,
            under_a: Some(g.a.kind),
            under_b: Some(g.b.kind),
            count: Some(g.points.len() as u32),
            // Summed point by point, as the check below sums.
            effect: g.points.iter().map(|&i| vb[i].net() - va[i].net()).sum(),
            points: g
                .points
                .iter()
                .map(|&i| names.get(i).map_or_else(|| i.to_string(), |n| n.0.clone()))
                .collect(),
            worth: Some((g.a, g.b)),
        })
        .collect();
    causes.extend(other_causes(sa, sb));
    causes.sort_by(|x, y| {
        y.effect
            .abs()
            .total_cmp(&x.effect.abs())
            .then_with(|| cause_key(x).cmp(&cause_key(y)))
    });
    let difference = sb.margin - sa.margin;
    let sum: f64 = causes.iter().map(|c| c.effect).sum();
    if (sum - difference).abs() > EPS {
        return Err(CompareError::DoesNotAddUp(format!(
            "{} vs {}: the causes sum to {sum}, the margins differ by {difference}",
            a.ruleset, b.ruleset
        )));
    }
    Ok(CountDiff {
        result_a: sa.result(),
        result_b: sb.result(),
        margin_a: sa.margin,
        margin_b: sb.margin,
        difference,
        winner_changes: sa.winner != sb.winner,
        same_position,
        causes,
    })
}

/// Points counted differently, with what one of them is worth under each ruleset.
struct Group {
    a: PointValue,
    b: PointValue,
    points: Vec<usize>,
}

/// The points whose kind or value differs, grouped by (kind and value under A, kind and
/// value under B), in board order.
fn point_groups(va: &[PointValue], vb: &[PointValue]) -> Vec<Group> {
    let same = |x: &PointValue, y: &PointValue| {
        x.kind == y.kind && (x.black - y.black).abs() < EPS && (x.white - y.white).abs() < EPS
    };
    let mut groups: Vec<Group> = Vec::new();
    for (i, (pa, pb)) in va.iter().zip(vb).enumerate() {
        if same(pa, pb) {
            continue;
        }
        match groups.iter_mut().find(|g| same(&g.a, pa) && same(&g.b, pb)) {
            Some(g) => g.points.push(i),
            None => groups.push(Group {
                a: *pa,
                b: *pb,
                points: vec![i],
            }),
        }
    }
    groups
}

/// The terms besides points: captives, komi, and handicap compensation (what White gets
/// beyond the komi), each when it differs.
fn other_causes(sa: &ScoreBreakdown, sb: &ScoreBreakdown) -> Vec<Cause> {
    let term = |kind, effect| Cause {
        kind,
        under_a: None,
        under_b: None,
        count: None,
        points: Vec::new(),
        effect,
        worth: None,
    };
    let mut out = Vec::new();
    // Any change of either count is named, even one that leaves the difference unchanged
    // (the effect is then 0; a nonzero effect needs a change).
    if sa.black.captures != sb.black.captures || sa.white.captures != sb.white.captures {
        let cap = |s: &ScoreBreakdown| f64::from(s.black.captures) - f64::from(s.white.captures);
        out.push(term(CauseKind::Captives, cap(sb) - cap(sa)));
    }
    let dkomi = -(sb.komi - sa.komi);
    if dkomi.abs() > EPS {
        out.push(term(CauseKind::Komi, dkomi));
    }
    let dcomp = -(sb.compensation() - sa.compensation());
    if dcomp.abs() > EPS {
        out.push(term(CauseKind::Compensation, dcomp));
    }
    out
}

fn cause_key(c: &Cause) -> (u8, (u8, u8), (u8, u8)) {
    (
        c.kind as u8,
        c.under_a.map_or((9, 9), kind_key),
        c.under_b.map_or((9, 9), kind_key),
    )
}

/// Every ruleset compared with the first: the shape of `gorules diff`.
///
/// # Errors
/// As [`compare`].
pub fn compare_with_first(
    sides: &[Side<'_>],
    names: &[(String, Option<String>)],
) -> Result<Vec<PairDiff>, CompareError> {
    let Some((first, rest)) = sides.split_first() else {
        return Ok(Vec::new());
    };
    rest.iter().map(|s| compare(first, s, names)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::PerColor;
    use crate::score::{ScoringMethod, SideScore};
    use crate::testing::{breakdown, cycle_after, forbidden, names, none, pv, verdict};

    /// Two rulesets that end the game differently do not agree, though legality and the
    /// count do; a stopped replay is a legality split, not an ending one.
    #[test]
    fn different_endings_are_a_split_unless_one_stopped() {
        let vals = [pv(1.0, 0.0, PointKind::Stone(Color::Black))];
        let s = breakdown(&vals, (0, 0), 0.0, 0.0);
        let a = verdict("a", Some(s.clone()), vec![]);
        let mut b = verdict("b", Some(s), vec![]);
        let pair = |a: &Verdict, b: &Verdict| {
            compare(
                &Side::new(a, Some(&vals)),
                &Side::new(b, Some(&vals)),
                &names(1),
            )
            .unwrap()
        };
        assert!(pair(&a, &b).agree);
        assert_eq!(pair(&a, &b).ending, None);
        b.ending = Ending::Unfinished;
        let d = pair(&a, &b);
        assert!(!d.agree);
        assert_eq!(
            d.ending,
            Some(EndingSplit {
                under_a: Ending::Passes,
                under_b: Ending::Unfinished
            })
        );
        b.ending = Ending::Stopped;
        assert_eq!(pair(&a, &b).ending, None);
    }

    #[test]
    fn every_term_is_listed_and_they_add_up() {
        use Color::{Black as B, White as W};
        let va = vec![
            pv(0.0, 1.0, PointKind::Stone(W)),
            pv(0.0, 1.0, PointKind::Stone(W)),
            pv(0.0, 0.0, PointKind::Dame),
            pv(1.0, 0.0, PointKind::Stone(B)),
            pv(0.5, 0.5, PointKind::Shared),
        ];
        let vb = vec![
            pv(2.0, 0.0, PointKind::DeadStone(W)),
            pv(2.0, 0.0, PointKind::DeadStone(W)),
            pv(1.0, 0.0, PointKind::Territory(B)),
            pv(0.0, 0.0, PointKind::UncountedStone(B)),
            pv(0.0, 0.0, PointKind::Dame),
        ];
        let sa = breakdown(&va, (0, 0), 7.5, 0.0);
        let sb = breakdown(&vb, (3, 1), 6.5, 2.0);
        let (a, b) = (
            verdict("x", Some(sa), vec![]),
            verdict("y", Some(sb), vec![]),
        );
        let d = compare(
            &Side::new(&a, Some(&va)),
            &Side::new(&b, Some(&vb)),
            &names(5),
        )
        .unwrap();
        let c = d.count.unwrap();
        let sum: f64 = c.causes.iter().map(|c| c.effect).sum();
        assert!((sum - c.difference).abs() < 1e-12);
        // dead stones 2 × (+3), dame→territory +1, stone→uncounted -1, shared→dame 0,
        // captives +2, komi +1, compensation -2.
        assert_eq!(c.difference, 6.0 + 1.0 - 1.0 + 2.0 + 1.0 - 2.0);
        let kinds: Vec<CauseKind> = c.causes.iter().map(|c| c.kind).collect();
        assert_eq!(kinds.len(), 7, "{:#?}", c.causes);
        assert_eq!(c.causes[0].count, Some(2));
        assert_eq!(c.causes[0].points, ["p0", "p1"]);
        assert_eq!(
            (c.causes[0].under_a, c.causes[0].under_b),
            (Some(PointKind::Stone(W)), Some(PointKind::DeadStone(W)))
        );
        assert_eq!(
            c.causes[0].worth,
            Some((va[0], vb[0])),
            "what one point of the group is worth under each"
        );
        assert!(kinds.contains(&CauseKind::Compensation) && kinds.contains(&CauseKind::Komi));
        assert!(!d.agree);
        assert!(c.same_position);
    }

    /// Each side's point values are checked against that side's own total, Black's and
    /// White's.
    #[test]
    fn point_values_that_miss_the_total_are_refused() {
        for color in Color::BOTH {
            let va = vec![match color {
                Color::Black => pv(1.0, 0.0, PointKind::Stone(color)),
                Color::White => pv(0.0, 1.0, PointKind::Stone(color)),
            }];
            let mut sa = breakdown(&va, (0, 0), 0.0, 0.0);
            match color {
                Color::Black => sa.black.total += 1.0,
                Color::White => sa.white.total += 0.5,
            }
            let a = verdict("x", Some(sa), vec![]);
            let b = verdict("y", Some(breakdown(&va, (0, 0), 0.0, 0.0)), vec![]);
            let e = compare(
                &Side::new(&a, Some(&va)),
                &Side::new(&b, Some(&va)),
                &names(1),
            );
            assert!(
                matches!(e, Err(CompareError::DoesNotAddUp(_))),
                "{color}: {e:?}"
            );
        }
    }

    /// Points are grouped only when both kinds and both values are the same; the terms other
    /// than points appear exactly when they differ (captives of one colour alone, komi
    /// without compensation; the same compensation on both sides is no cause).
    #[test]
    fn causes_group_only_equal_points_and_name_only_the_terms_that_differ() {
        use Color::{Black as B, White as W};
        // p0 and p1 change kind alike but to different values; p2 and p0 to the same values
        // but under different kinds: three causes.
        let va = vec![
            pv(0.0, 0.0, PointKind::Dame),
            pv(0.0, 0.0, PointKind::Dame),
            pv(0.0, 0.0, PointKind::Undecided),
        ];
        let vb = vec![
            pv(1.0, 0.0, PointKind::Territory(B)),
            pv(0.0, 1.0, PointKind::Territory(W)),
            pv(1.0, 0.0, PointKind::Territory(B)),
        ];
        let sa = breakdown(&va, (0, 0), 6.5, 2.0);
        let sb = breakdown(&vb, (2, 0), 7.5, 2.0);
        let c = counted(
            &verdict("x", Some(sa), vec![]),
            &va,
            &verdict("y", Some(sb), vec![]),
            &vb,
        );
        let mut got: Vec<(CauseKind, Vec<String>, f64)> = c
            .causes
            .iter()
            .map(|c| (c.kind, c.points.clone(), c.effect))
            .collect();
        got.sort_by(|x, y| x.1.cmp(&y.1).then(x.2.total_cmp(&y.2)));
        assert_eq!(
            got,
            [
                (CauseKind::Komi, vec![], -1.0),
                (CauseKind::Captives, vec![], 2.0),
                (CauseKind::Points, vec!["p0".to_owned()], 1.0),
                (CauseKind::Points, vec!["p1".to_owned()], -1.0),
                (CauseKind::Points, vec!["p2".to_owned()], 1.0),
            ]
        );
        assert_eq!(c.difference, 2.0);
    }

    /// Captives counted under both rulesets: the cause is the change of Black's captives
    /// minus White's, from one count to the other.
    #[test]
    fn captives_under_both_counts_give_the_change_of_their_difference() {
        let va = vec![pv(1.0, 0.0, PointKind::Stone(Color::Black))];
        let sa = breakdown(&va, (1, 0), 0.0, 0.0);
        let sb = breakdown(&va, (3, 1), 0.0, 0.0);
        let c = counted(
            &verdict("x", Some(sa), vec![]),
            &va,
            &verdict("y", Some(sb), vec![]),
            &va,
        );
        let kinds: Vec<(CauseKind, f64)> = c.causes.iter().map(|c| (c.kind, c.effect)).collect();
        assert_eq!(kinds, [(CauseKind::Captives, 1.0)]);
        assert_eq!(c.difference, 1.0);
    }

    /// A negative komi is Black's (`black.komi`): a change of it is a komi cause, not a
    /// compensation.
    #[test]
    fn a_change_of_a_negative_komi_is_no_compensation() {
        let va = vec![pv(1.0, 0.0, PointKind::Stone(Color::Black))];
        let black_komi = |komi: f64| {
            let mut s = ScoreBreakdown::new(
                ScoringMethod::Area,
                SideScore {
                    stones: 1,
                    komi: -komi,
                    ..SideScore::default()
                },
                SideScore::default(),
                komi,
            );
            s.winner = crate::score::Winner::from_margin(s.margin);
            s
        };
        let c = counted(
            &verdict("x", Some(black_komi(-3.0)), vec![]),
            &va,
            &verdict("y", Some(black_komi(-2.0)), vec![]),
            &va,
        );
        let kinds: Vec<CauseKind> = c.causes.iter().map(|c| c.kind).collect();
        assert_eq!(kinds, [CauseKind::Komi]);
        assert_eq!((c.difference, c.causes[0].effect), (-1.0, -1.0));
    }

    #[test]
    fn identical_counts_agree_with_no_causes() {
        let va = vec![pv(1.0, 0.0, PointKind::Stone(Color::Black))];
        let s = breakdown(&va, (0, 0), 0.5, 0.0);
        let (a, b) = (
            verdict("x", Some(s.clone()), vec![]),
            verdict("y", Some(s), vec![]),
        );
        let d = compare(
            &Side::new(&a, Some(&va)),
            &Side::new(&b, Some(&va)),
            &names(1),
        )
        .unwrap();
        assert!(d.agree);
        assert!(d.count.unwrap().causes.is_empty());
    }

    #[test]
    fn a_move_one_ruleset_forbids_is_a_split_and_later_moves_are_not_compared() {
        let f = |m, reason| Forbidden {
            move_number: m,
            color: Color::White,
            point: Some("aa".into()),
            gtp: Some("A19".into()),
            reason,
            rule: "rule".into(),
            repeats_position_after_move: Some(3),
            played: false,
        };
        let a = verdict("tt", None, vec![f(7, Reason::PositionalSuperko)]);
        let b = verdict("pauli", None, vec![f(9, Reason::Ko)]);
        let d = compare(&Side::new(&a, None), &Side::new(&b, None), &names(1)).unwrap();
        assert_eq!(d.legality.len(), 1);
        let s = &d.legality[0];
        assert_eq!(
            (s.move_number, s.under_a, s.under_b),
            (7, Some(Reason::PositionalSuperko), None)
        );
        assert_eq!(s.sides(&a, &b), (Some(&a.forbidden[0]), None));
        assert!(d.count.is_none());
        assert!(!d.agree);
        // The same move forbidden for the same reason is no split.
        let c = verdict("chinese", None, vec![f(7, Reason::PositionalSuperko)]);
        let d = compare(&Side::new(&a, None), &Side::new(&c, None), &names(1)).unwrap();
        assert!(d.legality.is_empty() && d.agree);
    }

    /// The count comparison of two counted verdicts with their point values.
    fn counted(a: &Verdict, va: &[PointValue], b: &Verdict, vb: &[PointValue]) -> CountDiff {
        compare(
            &Side::new(a, Some(va)),
            &Side::new(b, Some(vb)),
            &names(va.len()),
        )
        .unwrap()
        .count
        .unwrap()
    }

    /// The one split of two verdicts that differ at one move.
    fn split(a: &Verdict, b: &Verdict) -> LegalitySplit {
        let d = compare(&Side::new(a, None), &Side::new(b, None), &names(1)).unwrap();
        assert_eq!(d.legality.len(), 1, "{:?}", d.legality);
        d.legality.into_iter().next().unwrap()
    }

    /// A split names the move and each side's reason (`None` where allowed), the rule of the
    /// side that forbids it, and the forbidden-move records behind it; both forbidding for
    /// different reasons is a split too.
    #[test]
    fn a_split_names_the_move_and_each_side_s_reason() {
        let x = verdict("x", None, vec![forbidden(4, Reason::Suicide)]);
        let y = verdict("y", None, vec![]);
        let s = split(&x, &y);
        assert_eq!(
            (s.move_number, s.color, s.under_a, s.under_b),
            (4, Color::Black, Some(Reason::Suicide), None)
        );
        assert_eq!(
            (s.point.as_deref(), s.gtp.as_deref()),
            (Some("cc"), Some("C3"))
        );
        assert_eq!(s.rule, "the rule against suicide");
        assert_eq!(s.sides(&x, &y), (Some(&x.forbidden[0]), None));
        // The other way round.
        let s = split(&y, &x);
        assert_eq!((s.under_a, s.under_b), (None, Some(Reason::Suicide)));
        assert_eq!(s.sides(&y, &x), (None, Some(&x.forbidden[0])));
        // Both forbid, for different reasons: the first one's rule.
        let z = verdict("z", None, vec![forbidden(4, Reason::Occupied)]);
        let s = split(&x, &z);
        assert_eq!(
            (s.under_a, s.under_b),
            (Some(Reason::Suicide), Some(Reason::Occupied))
        );
        assert_eq!(s.rule, "the rule against suicide");
        assert_eq!(
            s.sides(&z, &x),
            (Some(&z.forbidden[0]), Some(&x.forbidden[0]))
        );
    }

    /// Why the other ruleset allows a move, from what its verdict shows: a cycle reported at
    /// that move (Pauli), a single-stone suicide that only looks like a repetition, a cycle
    /// reported later, or simply no such rule.
    #[test]
    fn why_a_move_is_allowed_is_read_from_the_allowing_verdict() {
        let plain = verdict("y", None, vec![]);
        let with = |events: Vec<EventReport>, self_captures: PerColor<u32>| Verdict {
            events,
            self_captures,
            ..plain.clone()
        };
        let superko = |repeats| Forbidden {
            repeats_position_after_move: repeats,
            ..forbidden(6, Reason::PositionalSuperko)
        };
        let situational = Forbidden {
            reason: Reason::SituationalSuperko,
            ..superko(Some(5))
        };
        let ko = forbidden(6, Reason::Ko);
        let here = with(vec![cycle_after(6)], none());
        assert_eq!(allowance(&here, &superko(None)), Allowance::CycleHere);
        assert_eq!(allowance(&here, &ko), Allowance::CycleHere);
        // A cycle at the move says nothing about a suicide.
        let suicide = forbidden(6, Reason::Suicide);
        assert_eq!(allowance(&here, &suicide), Allowance::NoSuchRule);
        // A suicide of either colour, and a repetition of the position just before it.
        for caps in [PerColor::new(1, 0), PerColor::new(0, 2)] {
            let v = with(vec![], caps);
            assert_eq!(
                allowance(&v, &superko(Some(5))),
                Allowance::SingleStoneSuicide
            );
            assert_eq!(allowance(&v, &situational), Allowance::SingleStoneSuicide);
            // The repetition is of an older position.
            assert_eq!(allowance(&v, &superko(Some(4))), Allowance::NoSuchRule);
            // Only a repetition can be a suicide seen as one.
            assert_eq!(allowance(&v, &ko), Allowance::NoSuchRule);
        }
        assert_eq!(allowance(&plain, &superko(Some(5))), Allowance::NoSuchRule);
        // A cycle reported at a later move (Pauli finds it when the next turn begins); an
        // earlier one says nothing about this move.
        let later = with(vec![cycle_after(5), cycle_after(8)], none());
        assert_eq!(allowance(&later, &superko(None)), Allowance::CycleLater(8));
        assert_eq!(allowance(&later, &ko), Allowance::NoSuchRule);
        let earlier = with(vec![cycle_after(5)], none());
        assert_eq!(allowance(&earlier, &superko(None)), Allowance::NoSuchRule);
    }

    /// A replay that played on tells about every move; one that stopped, only up to its stop.
    #[test]
    fn moves_after_a_stop_are_not_compared_but_after_play_on_they_are() {
        let x = verdict("x", None, vec![forbidden(3, Reason::Suicide)]);
        let y = verdict("y", None, vec![forbidden(8, Reason::Ko)]);
        let d = compare(&Side::new(&x, None), &Side::new(&y, None), &names(1)).unwrap();
        assert_eq!(d.legality.len(), 1);
        let on = Verdict {
            on_forbidden: Policy::PlayOn,
            ..x.clone()
        };
        let d = compare(&Side::new(&on, None), &Side::new(&y, None), &names(1)).unwrap();
        let moves: Vec<u32> = d.legality.iter().map(|s| s.move_number).collect();
        assert_eq!(moves, vec![3, 8]);
    }

    /// Without two counts (a score and point values on each side) there is nothing to compare;
    /// the verdict's `score_error` tells why it has none.
    #[test]
    fn without_two_counts_there_is_no_count_to_compare() {
        let va = vec![pv(1.0, 0.0, PointKind::Stone(Color::Black))];
        let s = breakdown(&va, (0, 0), 0.0, 0.0);
        let counted = verdict("x", Some(s), vec![]);
        let mut failed = verdict("y", None, vec![]);
        failed.score_error = Some("cannot score: no".into());
        let d = compare(
            &Side::new(&counted, Some(&va)),
            &Side::new(&failed, None),
            &names(1),
        )
        .unwrap();
        assert!(d.count.is_none());
        assert!(d.agree, "no legality split and no count to differ");
        let d = compare(
            &Side::new(&failed, None),
            &Side::new(&verdict("z", None, vec![]), None),
            &names(1),
        )
        .unwrap();
        assert!(d.count.is_none() && d.agree);
        let d = compare(
            &Side::new(&counted, Some(&va)),
            &Side::new(&counted, None),
            &names(1),
        )
        .unwrap();
        assert!(d.count.is_none(), "no point values on one side");
        assert_eq!(
            compare_with_first(&[], &names(1)).unwrap(),
            Vec::<PairDiff>::new()
        );
        let all = compare_with_first(
            &[
                Side::new(&counted, Some(&va)),
                Side::new(&failed, None),
                Side::new(&counted, Some(&va)),
            ],
            &names(1),
        )
        .unwrap();
        let pairs: Vec<(&str, &str)> = all.iter().map(|d| (d.a.as_str(), d.b.as_str())).collect();
        assert_eq!(pairs, vec![("x", "y"), ("x", "x")]);
        let e = compare(
            &Side::new(&counted, Some(&va)),
            &Side::new(&counted, Some(&[])),
            &names(1),
        );
        assert_eq!(e, Err(CompareError::DifferentBoards(1, 0)));
    }

    /// Points are grouped by what they are and are worth under each ruleset (all four values
    /// compared), points the same under both are left out, and causes of equal size are
    /// listed in a fixed order: points by kind, then captives, komi, compensation.
    #[test]
    fn points_are_grouped_by_kind_and_value_and_causes_ordered() {
        use Color::{Black as B, White as W};
        let va = vec![
            pv(0.0, 0.0, PointKind::Dame),
            pv(0.0, 0.0, PointKind::Dame),
            pv(0.5, 0.5, PointKind::Shared),
            pv(1.0, 1.0, PointKind::Mutual),
            pv(1.0, 1.0, PointKind::Mutual),
            pv(1.0, 0.0, PointKind::Stone(B)),
            pv(0.5, 0.5, PointKind::Shared),
            pv(1.0, 0.0, PointKind::Territory(B)),
        ];
        let vb = vec![
            pv(0.0, 1.0, PointKind::Territory(W)),
            pv(1.0, 0.0, PointKind::Territory(B)),
            pv(0.5, 0.5, PointKind::Shared),
            pv(0.5, 0.5, PointKind::Shared),
            pv(0.5, 0.5, PointKind::Shared),
            pv(1.0, 0.0, PointKind::Territory(B)),
            pv(0.0, 0.0, PointKind::Dame),
            pv(1.0, 0.0, PointKind::Territory(B)),
        ];
        let sa = breakdown(&va, (0, 0), 1.0, 0.0);
        let sb = breakdown(&vb, (0, 0), 0.0, 0.0);
        let (a, b) = (
            verdict("x", Some(sa), vec![]),
            verdict("y", Some(sb), vec![]),
        );
        let c = counted(&a, &va, &b, &vb);
        type Listed<'a> = (
            CauseKind,
            Option<PointKind>,
            Option<PointKind>,
            Vec<&'a str>,
            f64,
        );
        let listed: Vec<Listed> = c
            .causes
            .iter()
            .map(|c| {
                let points = c.points.iter().map(String::as_str).collect();
                (c.kind, c.under_a, c.under_b, points, c.effect)
            })
            .collect();
        assert_eq!(
            listed,
            vec![
                // |effect| 1: points first, by kind (territory Black before White), then komi.
                (
                    CauseKind::Points,
                    Some(PointKind::Dame),
                    Some(PointKind::Territory(B)),
                    vec!["p1"],
                    1.0
                ),
                (
                    CauseKind::Points,
                    Some(PointKind::Dame),
                    Some(PointKind::Territory(W)),
                    vec!["p0"],
                    -1.0
                ),
                (CauseKind::Komi, None, None, vec![], 1.0),
                // |effect| 0: a stone that became territory of the same worth; the mutual
                // points, shared under B; shared dame made plain dame.
                (
                    CauseKind::Points,
                    Some(PointKind::Stone(B)),
                    Some(PointKind::Territory(B)),
                    vec!["p5"],
                    0.0
                ),
                (
                    CauseKind::Points,
                    Some(PointKind::Shared),
                    Some(PointKind::Dame),
                    vec!["p6"],
                    0.0
                ),
                (
                    CauseKind::Points,
                    Some(PointKind::Mutual),
                    Some(PointKind::Shared),
                    vec!["p3", "p4"],
                    0.0
                ),
            ]
        );
        assert_eq!(c.causes[5].count, Some(2));
        assert_eq!(c.difference, 1.0);
        assert!(!c.same_position, "p5 holds a stone under x only");
        assert!(!c.winner_changes);
    }

    /// A breakdown whose margin is not its totals' difference cannot be explained: the causes
    /// would not add up to the margins' difference, and that is an error, not an explanation.
    #[test]
    fn causes_that_miss_the_difference_are_refused() {
        let va = vec![pv(1.0, 0.0, PointKind::Stone(Color::Black))];
        let sa = breakdown(&va, (0, 0), 0.0, 0.0);
        let mut sb = sa.clone();
        sb.margin += 2.0;
        let (a, b) = (
            verdict("x", Some(sa), vec![]),
            verdict("y", Some(sb), vec![]),
        );
        let e = compare(
            &Side::new(&a, Some(&va)),
            &Side::new(&b, Some(&va)),
            &names(1),
        );
        assert!(
            matches!(&e, Err(CompareError::DoesNotAddUp(m)) if m.ends_with("the margins differ by 2")),
            "{e:?}"
        );
    }
}
