//! The comparison of verdicts across rulesets: where two rulesets disagree about one game,
//! and why, in terms that add up.
//!
//! Two things can differ:
//!
//! * **legality** — a move one ruleset forbids and the other allows (a superko ban the other
//!   lacks, a suicide the other allows, Pauli's ko and cycle rules), or forbids for another
//!   reason ([`LegalitySplit`]);
//! * **the count** — winner and margin ([`CountDiff`]).
//!
//! A count difference is explained from the rulesets' own per-point values
//! ([`GameState::point_values`](crate::GameState::point_values)): every point of the board is
//! grouped by (what it is under A, what it is under B), and each group's effect on Black's
//! margin is stated with its size; captives, komi and handicap compensation are the remaining
//! terms. Because each ruleset's total is exactly the sum of its point values, captives and
//! komi ([`ScoreBreakdown::check_point_values`]), the listed effects sum to the difference of
//! the margins — exactly. [`compare`] checks both facts and returns
//! [`CompareError::DoesNotAddUp`] rather than an explanation that does not add up.
//!
//! ```
//! use rules_core::compare::{CauseKind, Side, compare};
//! use rules_core::{Color, PointKind, PointValue, ScoreBreakdown, ScoringMethod, SideScore};
//! # fn verdict(id: &str, s: ScoreBreakdown) -> rules_core::Verdict {
//! #     use rules_core::*;
//! #     Verdict { ruleset: id.into(), rules: id.into(), legal: true,
//! #       first_forbidden: None, forbidden: vec![], on_forbidden: Policy::Stop,
//! #       moves_total: 0, moves_replayed: 0, passes: 0, captures: PerColor::new(0, 0),
//! #       self_captures: PerColor::new(0, 0), stones_removed: PerColor::new(0, 0),
//! #       ending: Ending::Passes, moves_after_end: 0,
//! #       komi: verdict::KomiUsed { value: s.komi, source: KomiSource::Record },
//! #       result: Some(s.result()), score: Some(s), score_error: None,
//! #       check: ResultCheck::new(CheckStatus::NoResult, String::new()),
//! #       events: vec![], findings: vec![] }
//! # }
//! // A one-point board holding a white stone that the players agreed is dead.
//! // Under A (Tromp–Taylor) it counts as it stands: a point for White.
//! let a_values = [PointValue { black: 0.0, white: 1.0, kind: PointKind::Stone(Color::White) }];
//! let a_white = SideScore { stones: 1, ..SideScore::default() };
//! let a = verdict("tromp-taylor",
//!     ScoreBreakdown::new(ScoringMethod::Area, SideScore::default(), a_white, 0.0));
//! // Under B (Chinese) it is removed as dead and its point is Black's.
//! let b_values = [PointValue { black: 1.0, white: 0.0, kind: PointKind::DeadStone(Color::White) }];
//! let b_black = SideScore { dead: 1, ..SideScore::default() };
//! let b = verdict("chinese",
//!     ScoreBreakdown::new(ScoringMethod::AreaSharedDame, b_black, SideScore::default(), 0.0));
//!
//! let names = [("aa".to_owned(), Some("A1".to_owned()))];
//! let d = compare(&Side::new(&a, Some(&a_values)), &Side::new(&b, Some(&b_values)), &names)
//!     .unwrap();
//! let count = d.count.unwrap();
//! assert_eq!((count.result_a.as_str(), count.result_b.as_str()), ("W+1", "B+1"));
//! assert_eq!(count.difference, 2.0);
//! assert_eq!(count.causes.len(), 1);
//! assert_eq!(count.causes[0].kind, CauseKind::Points);
//! assert_eq!(count.causes[0].effect, 2.0);
//! assert!(count.causes[0].explanation.contains("dead stones left on the board"));
//! ```

use crate::color::Color;
use crate::ruleset::Reason;
use crate::score::{PointKind, PointValue, ScoreBreakdown, points};
use crate::verdict::{Ending, EventReport, Forbidden, KomiSource, Policy, Verdict};
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

/// Why an explanation could not be made.
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    /// The counts compared, when both rulesets counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<CountDiff>,
    /// Why there is no count comparison.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_count: Option<String>,
    /// How the game ended under each, when that differs and neither replay stopped at a
    /// forbidden move (a stop is a legality split): e.g. two passes that end the game under
    /// one ruleset and not under the other (Pauli rule 4: a pass under a temporary
    /// prohibition).
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
    /// In words.
    pub explanation: String,
}

/// Two counts compared, with the causes of the difference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    /// In words a Go player understands.
    pub explanation: String,
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
    let (count, no_count) = match (&a.verdict.score, &b.verdict.score, a.values, b.values) {
        (Some(sa), Some(sb), Some(va), Some(vb)) => (
            Some(count_diff(a.verdict, b.verdict, sa, sb, va, vb, names)?),
            None,
        ),
        _ => {
            let mut missing = Vec::new();
            for v in [a.verdict, b.verdict] {
                if let Some(why) = v.no_count_reason() {
                    missing.push(format!("{}: {why}", v.ruleset));
                }
            }
            if missing.is_empty() {
                missing.push("no point values".to_owned());
            }
            (None, Some(missing.join("; ")))
        }
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
        no_count,
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
        let fa: Vec<&Forbidden> = a.forbidden.iter().filter(|f| f.move_number == m).collect();
        let fb: Vec<&Forbidden> = b.forbidden.iter().filter(|f| f.move_number == m).collect();
        let ra = fa.first().map(|f| f.reason);
        let rb = fb.first().map(|f| f.reason);
        if ra == rb {
            continue;
        }
        let f = fa.first().or(fb.first()).expect("one of them forbids it");
        out.push(LegalitySplit {
            move_number: m,
            color: f.color,
            point: f.point.clone(),
            gtp: f.gtp.clone(),
            under_a: ra,
            under_b: rb,
            rule: f.rule.clone(),
            explanation: explain_split(a, b, fa.first().copied(), fb.first().copied()),
        });
    }
    out
}

fn move_words(f: &Forbidden) -> String {
    let at = f
        .gtp
        .clone()
        .or_else(|| f.point.clone())
        .map_or_else(|| "a pass".to_owned(), |p| format!("at {p}"));
    format!("move {} ({} {at})", f.move_number, f.color)
}

/// Why one ruleset forbids a move, in words.
fn reason_words(f: &Forbidden) -> String {
    let earlier = |m: Option<u32>| match m {
        Some(0) => "the starting position".to_owned(),
        Some(m) => format!("the position after move {m}"),
        None => "an earlier position".to_owned(),
    };
    match f.reason {
        Reason::PositionalSuperko => format!(
            "it recreates {} — a repeated board position (positional superko)",
            earlier(f.repeats_position_after_move)
        ),
        Reason::SituationalSuperko => format!(
            "it recreates {} with the same player to move (situational superko)",
            earlier(f.repeats_position_after_move)
        ),
        Reason::Suicide => {
            "it is suicide: the stones would have no liberty and it captures nothing".to_owned()
        }
        Reason::PseudoSuicide => {
            "every liberty of the new stone would be permanently prohibited (pseudo-suicide)"
                .to_owned()
        }
        Reason::Ko => "it retakes a ko at once: the point was cleared by a ko capture in the \
                       preceding turn"
            .to_owned(),
        Reason::PermanentlyProhibited => {
            "the point was used by a removed cycle and is permanently prohibited".to_owned()
        }
        Reason::InitiallyProhibited => "the point was prohibited from the start".to_owned(),
        Reason::AfterEnd => "the game had already ended".to_owned(),
        Reason::OutOfTurn => "it is the other player's turn".to_owned(),
        Reason::Occupied => "the point is occupied".to_owned(),
        Reason::OffBoard => "the point is not on the board".to_owned(),
        Reason::NoSuchCycle => "there is no such cycle to remove".to_owned(),
        Reason::UnsupportedAction => "the ruleset has no such action".to_owned(),
    }
}

/// Why the other ruleset allows it, from what its verdict shows.
fn allowed_words(allows: &Verdict, f: &Forbidden) -> String {
    let m = f.move_number;
    let cycle = allows.events.iter().any(|e| match e {
        EventReport::Cycle { after_move, .. } => *after_move == m,
        _ => false,
    });
    let id = &allows.ruleset;
    match f.reason {
        Reason::PositionalSuperko | Reason::SituationalSuperko | Reason::Ko if cycle => format!(
            "{id} allows it: under Pauli's rules a repetition is a cycle (rules 7–8), reported \
             and removable, not a forbidden move"
        ),
        Reason::PositionalSuperko | Reason::SituationalSuperko => {
            let single_suicide = allows.self_captures.black + allows.self_captures.white > 0
                && f.repeats_position_after_move == Some(m.saturating_sub(1));
            if single_suicide {
                format!(
                    "{id} allows it as a suicide that removes the player's own stone (a \
                     single-stone suicide leaves the board as it was, which is why the other \
                     ruleset sees a repetition)"
                )
            } else {
                let later = allows.events.iter().find_map(|e| match e {
                    EventReport::Cycle { after_move, .. } if *after_move >= m => Some(*after_move),
                    _ => None,
                });
                match later {
                    Some(at) => format!(
                        "{id} has no superko: it lets the position recur, and reports the \
                         repetition as a cycle after move {at} (Pauli rules 7–8: a cycle may be \
                         removed, it is not a forbidden move)"
                    ),
                    None => format!("{id} has no ban on this repetition ({})", allows.rules),
                }
            }
        }
        Reason::Suicide => format!(
            "{id} allows suicide: the player's own stones without liberties are removed ({})",
            allows.rules
        ),
        Reason::Ko | Reason::PseudoSuicide | Reason::PermanentlyProhibited => {
            format!("{id} has no such rule ({})", allows.rules)
        }
        Reason::AfterEnd => format!(
            "under {id} the game had not ended yet (its end condition differs: {})",
            allows.rules
        ),
        _ => format!("{id} allows it ({})", allows.rules),
    }
}

fn explain_split(
    a: &Verdict,
    b: &Verdict,
    fa: Option<&Forbidden>,
    fb: Option<&Forbidden>,
) -> String {
    let stop = |v: &Verdict, f: &Forbidden| {
        if v.on_forbidden == Policy::Stop {
            format!(
                "; the {} replay stops there and counts the position before it",
                v.ruleset
            )
        } else {
            let _ = f;
            String::new()
        }
    };
    match (fa, fb) {
        (Some(f), None) => format!(
            "{}: {} forbids it — {}; {}{}",
            move_words(f),
            a.ruleset,
            reason_words(f),
            allowed_words(b, f),
            stop(a, f)
        ),
        (None, Some(f)) => format!(
            "{}: {} forbids it — {}; {}{}",
            move_words(f),
            b.ruleset,
            reason_words(f),
            allowed_words(a, f),
            stop(b, f)
        ),
        (Some(x), Some(y)) => format!(
            "{}: both forbid it, for different reasons: {} because {}; {} because {}",
            move_words(x),
            a.ruleset,
            reason_words(x),
            b.ruleset,
            reason_words(y)
        ),
        (None, None) => unreachable!("a split has a forbidden side"),
    }
}

/// What a point is worth to Black's margin.
fn net(v: &PointValue) -> f64 {
    v.black - v.white
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
    // Group the points by (kind under A, kind under B, value under A, value under B).
    struct Group {
        ka: PointKind,
        kb: PointKind,
        a: PointValue,
        b: PointValue,
        points: Vec<usize>,
    }
    let mut groups: Vec<Group> = Vec::new();
    for (i, (pa, pb)) in va.iter().zip(vb).enumerate() {
        let same = pa.kind == pb.kind
            && (pa.black - pb.black).abs() < EPS
            && (pa.white - pb.white).abs() < EPS;
        if same {
            continue;
        }
        let found = groups.iter_mut().find(|g| {
            g.ka == pa.kind
                && g.kb == pb.kind
                && (g.a.black - pa.black).abs() < EPS
                && (g.a.white - pa.white).abs() < EPS
                && (g.b.black - pb.black).abs() < EPS
                && (g.b.white - pb.white).abs() < EPS
        });
        match found {
            Some(g) => g.points.push(i),
            None => groups.push(Group {
                ka: pa.kind,
                kb: pb.kind,
                a: *pa,
                b: *pb,
                points: vec![i],
            }),
        }
    }
    let same_position = va
        .iter()
        .zip(vb)
        .all(|(x, y)| stone_of(x.kind) == stone_of(y.kind));
    let mut causes: Vec<Cause> = groups
        .iter()
        .map(|g| {
            let n = g.points.len() as u32;
            let per = net(&g.b) - net(&g.a);
            // Summed point by point, as the check below sums.
            let effect: f64 = g.points.iter().map(|&i| net(&vb[i]) - net(&va[i])).sum();
            Cause {
                kind: CauseKind::Points,
                under_a: Some(g.ka),
                under_b: Some(g.kb),
                count: Some(n),
                points: g
                    .points
                    .iter()
                    .map(|&i| names.get(i).map_or_else(|| i.to_string(), |n| n.0.clone()))
                    .collect(),
                effect,
                explanation: explain_points(a, b, same_position, g.ka, g.kb, &g.a, &g.b, n, per),
            }
        })
        .collect();
    // Captives.
    let cap = |s: &ScoreBreakdown| f64::from(s.black.captures) - f64::from(s.white.captures);
    let dcap = cap(sb) - cap(sa);
    // Any change of either count is named, even one that leaves the difference unchanged
    // (`dcap` is then 0; a nonzero `dcap` needs a change).
    if sa.black.captures != sb.black.captures || sa.white.captures != sb.white.captures {
        causes.push(Cause {
            kind: CauseKind::Captives,
            under_a: None,
            under_b: None,
            count: None,
            points: Vec::new(),
            effect: dcap,
            explanation: explain_captives(a, b, sa, sb, dcap),
        });
    }
    // Komi, and compensation (what White gets beyond the komi).
    let comp = |s: &ScoreBreakdown| s.white.komi - s.black.komi - s.komi;
    let dkomi = -(sb.komi - sa.komi);
    if dkomi.abs() > EPS {
        let src = |v: &Verdict| match v.komi.source {
            KomiSource::Record => "the record's",
            KomiSource::User => "from the command line",
            KomiSource::Default => "the ruleset's default, the record giving none",
        };
        causes.push(Cause {
            kind: CauseKind::Komi,
            under_a: None,
            under_b: None,
            count: None,
            points: Vec::new(),
            effect: dkomi,
            explanation: format!(
                "komi: {} gives White {} ({}), {} gives {} ({}): {} to Black's margin",
                a.ruleset,
                points(sa.komi),
                src(a),
                b.ruleset,
                points(sb.komi),
                src(b),
                signed(dkomi)
            ),
        });
    }
    let dcomp = -(comp(sb) - comp(sa));
    if dcomp.abs() > EPS {
        causes.push(Cause {
            kind: CauseKind::Compensation,
            under_a: None,
            under_b: None,
            count: None,
            points: Vec::new(),
            effect: dcomp,
            explanation: format!(
                "handicap compensation: {} gives White {} point(s) for the handicap stones, {} \
                 gives {}: {} to Black's margin",
                a.ruleset,
                points(comp(sa)),
                b.ruleset,
                points(comp(sb)),
                signed(dcomp)
            ),
        });
    }
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

fn cause_key(c: &Cause) -> (u8, (u8, u8), (u8, u8)) {
    (
        c.kind as u8,
        c.under_a.map_or((9, 9), kind_key),
        c.under_b.map_or((9, 9), kind_key),
    )
}

/// The stone on a point, as far as the kind tells (dead or alive).
fn stone_of(k: PointKind) -> Option<Color> {
    match k {
        PointKind::Stone(c) | PointKind::UncountedStone(c) | PointKind::DeadStone(c) => Some(c),
        _ => None,
    }
}

/// `+2`, `-0.5`, `0`.
fn signed(v: f64) -> String {
    if v.abs() < EPS {
        "0".to_owned()
    } else if v > 0.0 {
        format!("+{}", points(v))
    } else {
        format!("-{}", points(-v))
    }
}

fn lower(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A kind in words, with what one such point is worth.
fn kind_words(k: PointKind, v: &PointValue) -> String {
    let worth = |v: &PointValue| match (v.black, v.white) {
        (b, w) if b.abs() < EPS && w.abs() < EPS => "nothing".to_owned(),
        (b, w) if w.abs() < EPS => format!("{} to Black", points(b)),
        (b, w) if b.abs() < EPS => format!("{} to White", points(w)),
        (b, w) => format!("{} to Black and {} to White", points(b), points(w)),
    };
    let what = match k {
        PointKind::Stone(c) => format!("{} stones counted as area", lower(c)),
        PointKind::UncountedStone(c) => format!(
            "live {} stones, which territory scoring does not count",
            lower(c)
        ),
        PointKind::DeadStone(c) => format!("dead {} stones", lower(c)),
        PointKind::Territory(c) => format!("{c}'s territory"),
        PointKind::Shared => "dame shared half and half".to_owned(),
        PointKind::Dame => "dame or neutral points, seki included".to_owned(),
        PointKind::Undecided => "points whose status is undecided".to_owned(),
        PointKind::Mutual => "points both players control".to_owned(),
    };
    format!("{what} ({} each)", worth(v))
}

/// The reason a Go player would give for a group of points counted differently.
fn theme(
    (a, b): (&str, &str),
    same_position: bool,
    ka: PointKind,
    kb: PointKind,
    va: &PointValue,
    vb: &PointValue,
) -> Option<String> {
    use PointKind as K;
    // Differences of counting method alone; anything else, when the two replays counted
    // different positions, comes from the positions.
    let method_only = matches!(
        (ka, kb),
        (K::Stone(_), K::UncountedStone(_))
            | (K::UncountedStone(_), K::Stone(_))
            | (K::Shared, K::Dame)
            | (K::Dame, K::Shared)
            | (K::DeadStone(_), K::DeadStone(_))
    );
    if stone_of(ka) != stone_of(kb) || (!same_position && !method_only) {
        return Some(
            "the positions differ here: a replay that stopped at a forbidden move counts the \
             position before it"
                .to_owned(),
        );
    }
    Some(match (ka, kb) {
        (K::Stone(c), K::DeadStone(d)) | (K::DeadStone(d), K::Stone(c)) if c == d => {
            let (alive_under, dead_under) = if matches!(ka, K::Stone(_)) {
                (a, b)
            } else {
                (b, a)
            };
            let dead_value = if matches!(ka, K::DeadStone(_)) {
                net(va).abs()
            } else {
                net(vb).abs()
            };
            let twice = if dead_value >= 2.0 - EPS {
                "; dead stones counted twice under territory scoring: the point they stand \
                 on and the stone itself as a captive (Pauli rule 5)"
            } else {
                ""
            };
            format!(
                "dead stones left on the board: {alive_under} counts the board as it stands, so \
                 these {} stones count as alive (Tromp–Taylor: removing dead stones is the \
                 players' job before the game ends); {dead_under} takes them off as dead{twice}",
                lower(c)
            )
        }
        (K::DeadStone(_), K::DeadStone(_)) => {
            let (n1, n2) = (net(va).abs(), net(vb).abs());
            if (n1 - n2).abs() > EPS && n1.max(n2) >= 2.0 - EPS {
                "dead stones counted twice under territory scoring: the point they stand on, \
                 and the stone itself as a captive (Pauli rule 5); area scoring counts the \
                 point only"
                    .to_owned()
            } else {
                return None;
            }
        }
        (K::Stone(_), K::UncountedStone(_)) | (K::UncountedStone(_), K::Stone(_)) => {
            "area scoring counts every live stone as a point; territory scoring counts only \
             surrounded points and captives"
                .to_owned()
        }
        (K::Shared, _) | (_, K::Shared) => {
            "shared dame: text 004 (Chinese) splits each point between both colours half and \
             half; elsewhere such points are counted for nobody or for one side"
                .to_owned()
        }
        (K::Dame, K::Territory(_)) | (K::Territory(_), K::Dame) => {
            "points next to stones one ruleset takes as dead (or a seki): with the dead stones \
             off the board they reach only one colour and are territory; with them on, they \
             reach both and are dame"
                .to_owned()
        }
        (K::Undecided, _) | (_, K::Undecided) => {
            "undecided points count for nobody until their status is settled".to_owned()
        }
        (K::Mutual, _) | (_, K::Mutual) => {
            "points both players control count for both (Pauli)".to_owned()
        }
        _ => return None,
    })
}

#[allow(clippy::too_many_arguments)]
fn explain_points(
    a: &Verdict,
    b: &Verdict,
    same_position: bool,
    ka: PointKind,
    kb: PointKind,
    va: &PointValue,
    vb: &PointValue,
    n: u32,
    per: f64,
) -> String {
    let mut s = format!(
        "{n} point(s): under {} {}; under {} {}: {} to Black's margin",
        a.ruleset,
        kind_words(ka, va),
        b.ruleset,
        kind_words(kb, vb),
        signed(per * f64::from(n))
    );
    if let Some(t) = theme((&a.ruleset, &b.ruleset), same_position, ka, kb, va, vb) {
        s.push_str(" — ");
        s.push_str(&t);
    }
    s
}

fn explain_captives(
    a: &Verdict,
    b: &Verdict,
    sa: &ScoreBreakdown,
    sb: &ScoreBreakdown,
    d: f64,
) -> String {
    let counted = |v: &Verdict, s: &ScoreBreakdown| {
        if s.black.captures == 0 && s.white.captures == 0 {
            format!("{} counts no captives", v.ruleset)
        } else {
            format!(
                "{} counts captives (Black {}, White {})",
                v.ruleset, s.black.captures, s.white.captures
            )
        }
    };
    format!(
        "captives: {}; {}: {} to Black's margin",
        counted(a, sa),
        counted(b, sb),
        signed(d)
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
    use crate::verdict::{CheckStatus, Ending, KomiUsed, ResultCheck};

    fn verdict(id: &str, s: Option<ScoreBreakdown>, forbidden: Vec<Forbidden>) -> Verdict {
        Verdict {
            ruleset: id.into(),
            rules: format!("{id} rules"),
            legal: forbidden.is_empty(),
            first_forbidden: forbidden.first().cloned(),
            forbidden,
            on_forbidden: Policy::Stop,
            moves_total: 10,
            moves_replayed: 10,
            passes: 0,
            captures: PerColor::new(0, 0),
            self_captures: PerColor::new(0, 0),
            stones_removed: PerColor::new(0, 0),
            ending: Ending::Passes,
            moves_after_end: 0,
            komi: KomiUsed {
                value: s.as_ref().map_or(0.0, |s| s.komi),
                source: KomiSource::Record,
            },
            result: s.as_ref().map(ScoreBreakdown::result),
            score: s,
            score_error: None,
            check: ResultCheck::new(CheckStatus::NoResult, String::new()),
            events: vec![],
            findings: vec![],
        }
    }

    fn pv(black: f64, white: f64, kind: PointKind) -> PointValue {
        PointValue { black, white, kind }
    }

    fn names(n: usize) -> Vec<(String, Option<String>)> {
        (0..n).map(|i| (format!("p{i}"), None)).collect()
    }

    fn breakdown(vals: &[PointValue], caps: (u32, u32), komi: f64, comp: f64) -> ScoreBreakdown {
        // Put everything in `territory`/`shared`-free fields so the totals are the sums.
        let b: f64 = vals.iter().map(|v| v.black).sum();
        let w: f64 = vals.iter().map(|v| v.white).sum();
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
        s.black.total += b;
        s.white.total += w;
        s.margin = s.black.total - s.white.total;
        s.winner = crate::score::Winner::from_margin(s.margin);
        s
    }

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
        assert!(
            c.causes[0].explanation.contains("dead stones"),
            "{}",
            c.causes[0].explanation
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
        assert!(s.explanation.contains("after move 3"), "{}", s.explanation);
        assert!(d.no_count.is_some());
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

    fn forbidden(m: u32, reason: Reason) -> Forbidden {
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

    /// The one split of two verdicts that differ at one move.
    fn split(a: &Verdict, b: &Verdict) -> LegalitySplit {
        let d = compare(&Side::new(a, None), &Side::new(b, None), &names(1)).unwrap();
        assert_eq!(d.legality.len(), 1, "{:?}", d.legality);
        d.legality.into_iter().next().unwrap()
    }

    /// What the allowing side `y` is said to do about a move `x` forbids.
    fn allowed(f: Forbidden, y: &Verdict) -> String {
        let x = verdict("x", None, vec![f]);
        let e = split(&x, y).explanation;
        let (_, tail) = e.split_once("; ").unwrap();
        tail.trim_end_matches("; the x replay stops there and counts the position before it")
            .to_owned()
    }

    /// A split names the move, who forbids it and why, why the other allows it, and whether
    /// the forbidding replay stopped there; both forbidding for different reasons is a split
    /// too.
    #[test]
    fn a_split_says_who_forbids_the_move_and_why_the_other_allows_it() {
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
        assert_eq!(
            s.explanation,
            "move 4 (Black at C3): x forbids it — it is suicide: the stones would have no \
             liberty and it captures nothing; y allows suicide: the player's own stones \
             without liberties are removed (y rules); the x replay stops there and counts the \
             position before it"
        );
        // The other way round, from a replay that played on: no stop.
        let mut on = x.clone();
        on.ruleset = "z".into();
        on.rules = "z rules".into();
        on.on_forbidden = Policy::PlayOn;
        let s = split(&y, &on);
        assert_eq!((s.under_a, s.under_b), (None, Some(Reason::Suicide)));
        assert_eq!(
            s.explanation,
            "move 4 (Black at C3): z forbids it — it is suicide: the stones would have no \
             liberty and it captures nothing; y allows suicide: the player's own stones \
             without liberties are removed (y rules)"
        );
        // A point GTP cannot name, and a pass.
        let mut f = forbidden(2, Reason::AfterEnd);
        f.gtp = None;
        let s = split(&verdict("x", None, vec![f.clone()]), &y);
        assert!(
            s.explanation.starts_with("move 2 (Black at cc): x forbids"),
            "{}",
            s.explanation
        );
        f.point = None;
        let s = split(&verdict("x", None, vec![f]), &y);
        assert!(
            s.explanation
                .starts_with("move 2 (Black a pass): x forbids"),
            "{}",
            s.explanation
        );
        // Both forbid, for different reasons.
        let y = verdict("y", None, vec![forbidden(4, Reason::Occupied)]);
        let s = split(&x, &y);
        assert_eq!(
            (s.under_a, s.under_b),
            (Some(Reason::Suicide), Some(Reason::Occupied))
        );
        assert_eq!(
            s.explanation,
            "move 4 (Black at C3): both forbid it, for different reasons: x because it is \
             suicide: the stones would have no liberty and it captures nothing; y because the \
             point is occupied"
        );
    }

    /// Why a move is forbidden, for every reason, with the repeated position named.
    #[test]
    fn every_reason_is_put_in_words() {
        let words = |reason, repeats| {
            let mut f = forbidden(6, reason);
            f.repeats_position_after_move = repeats;
            reason_words(&f)
        };
        assert_eq!(
            words(Reason::PositionalSuperko, Some(0)),
            "it recreates the starting position — a repeated board position (positional \
             superko)"
        );
        assert_eq!(
            words(Reason::SituationalSuperko, Some(4)),
            "it recreates the position after move 4 with the same player to move \
             (situational superko)"
        );
        assert!(words(Reason::PositionalSuperko, None).contains("recreates an earlier position"));
        for (reason, phrase) in [
            (Reason::PseudoSuicide, "(pseudo-suicide)"),
            (Reason::Ko, "retakes a ko at once"),
            (Reason::PermanentlyProhibited, "used by a removed cycle"),
            (Reason::InitiallyProhibited, "prohibited from the start"),
            (Reason::AfterEnd, "had already ended"),
            (Reason::OutOfTurn, "the other player's turn"),
            (Reason::OffBoard, "not on the board"),
            (Reason::NoSuchCycle, "no such cycle"),
            (Reason::UnsupportedAction, "no such action"),
        ] {
            assert!(words(reason, None).contains(phrase), "{reason}");
        }
    }

    /// Why the other ruleset allows a move, from what its verdict shows: a cycle reported at
    /// that move (Pauli), a single-stone suicide that only looks like a repetition, a cycle
    /// reported later, or simply no such rule.
    #[test]
    fn why_a_move_is_allowed_is_read_from_the_allowing_verdict() {
        let plain = verdict("y", None, vec![]);
        let cycle_after = |m: u32| EventReport::Cycle {
            after_move: m,
            start_after_move: 0,
            disturbing: true,
            remover: Color::White,
            used: vec![],
            gains: PerColor::new(0, 0),
        };
        let with = |events: Vec<EventReport>, self_captures: PerColor<u32>| Verdict {
            events,
            self_captures,
            ..plain.clone()
        };
        let none = PerColor::new(0, 0);
        let superko = |repeats| Forbidden {
            repeats_position_after_move: repeats,
            ..forbidden(6, Reason::PositionalSuperko)
        };
        let pauli_cycle = "y allows it: under Pauli's rules a repetition is a cycle (rules \
                           7–8), reported and removable, not a forbidden move";
        assert_eq!(
            allowed(superko(None), &with(vec![cycle_after(6)], none)),
            pauli_cycle
        );
        assert_eq!(
            allowed(forbidden(6, Reason::Ko), &with(vec![cycle_after(6)], none)),
            pauli_cycle
        );
        let single = "y allows it as a suicide that removes the player's own stone (a \
                      single-stone suicide leaves the board as it was, which is why the other \
                      ruleset sees a repetition)";
        assert_eq!(
            allowed(superko(Some(5)), &with(vec![], PerColor::new(1, 0))),
            single
        );
        assert_eq!(
            allowed(superko(Some(5)), &with(vec![], PerColor::new(0, 2))),
            single
        );
        // A suicide somewhere in the game, but the repetition is of an older position.
        let no_ban = "y has no ban on this repetition (y rules)";
        assert_eq!(
            allowed(superko(Some(4)), &with(vec![], PerColor::new(1, 0))),
            no_ban
        );
        assert_eq!(allowed(superko(Some(5)), &with(vec![], none)), no_ban);
        // A cycle reported at a later move (Pauli finds it when the next turn begins); an
        // earlier one says nothing about this move.
        assert_eq!(
            allowed(
                superko(None),
                &with(vec![cycle_after(5), cycle_after(8)], none)
            ),
            "y has no superko: it lets the position recur, and reports the repetition as a \
             cycle after move 8 (Pauli rules 7–8: a cycle may be removed, it is not a \
             forbidden move)"
        );
        assert_eq!(
            allowed(superko(None), &with(vec![cycle_after(5)], none)),
            no_ban
        );
        for (reason, expected) in [
            (Reason::Ko, "y has no such rule (y rules)"),
            (Reason::PseudoSuicide, "y has no such rule (y rules)"),
            (
                Reason::PermanentlyProhibited,
                "y has no such rule (y rules)",
            ),
            (
                Reason::AfterEnd,
                "under y the game had not ended yet (its end condition differs: y rules)",
            ),
            (Reason::OutOfTurn, "y allows it (y rules)"),
        ] {
            assert_eq!(allowed(forbidden(6, reason), &plain), expected, "{reason}");
        }
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

    /// Without two counts there is nothing to compare, and the reason is given.
    #[test]
    fn no_count_says_which_side_has_none_and_why() {
        let va = vec![pv(1.0, 0.0, PointKind::Stone(Color::Black))];
        let s = breakdown(&va, (0, 0), 0.0, 0.0);
        let counted = verdict("x", Some(s), vec![]);
        let mut failed = verdict("y", None, vec![]);
        failed.score_error = Some("cannot score: no".into());
        assert_eq!(counted.no_count_reason(), None);
        assert_eq!(failed.no_count_reason(), Some("cannot score: no"));
        assert_eq!(
            verdict("z", None, vec![]).no_count_reason(),
            Some("no count was made")
        );
        let d = compare(
            &Side::new(&counted, Some(&va)),
            &Side::new(&failed, None),
            &names(1),
        )
        .unwrap();
        assert_eq!(d.no_count.as_deref(), Some("y: cannot score: no"));
        assert!(d.agree, "no legality split and no count to differ");
        let d = compare(
            &Side::new(&failed, None),
            &Side::new(&verdict("z", None, vec![]), None),
            &names(1),
        )
        .unwrap();
        assert_eq!(
            d.no_count.as_deref(),
            Some("y: cannot score: no; z: no count was made")
        );
        let d = compare(
            &Side::new(&counted, Some(&va)),
            &Side::new(&counted, None),
            &names(1),
        )
        .unwrap();
        assert_eq!(d.no_count.as_deref(), Some("no point values"));
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

    /// Captives, komi and compensation, each with its words, and the explanation of a group
    /// of points in full.
    #[test]
    fn each_term_is_explained_in_words() {
        use Color::White as W;
        let va = vec![
            pv(0.0, 1.0, PointKind::Stone(W)),
            pv(0.0, 1.0, PointKind::Stone(W)),
        ];
        let vb = vec![
            pv(2.0, 0.0, PointKind::DeadStone(W)),
            pv(2.0, 0.0, PointKind::DeadStone(W)),
        ];
        let sa = breakdown(&va, (0, 0), 7.5, 0.0);
        let sb = breakdown(&vb, (3, 1), 6.5, 2.0);
        let a = verdict("x", Some(sa), vec![]);
        let mut b = verdict("y", Some(sb), vec![]);
        b.komi.source = KomiSource::User;
        let c = counted(&a, &va, &b, &vb);
        let by_kind = |k: CauseKind| c.causes.iter().find(|c| c.kind == k).unwrap();
        assert_eq!(by_kind(CauseKind::Points).effect, 6.0);
        assert_eq!(
            by_kind(CauseKind::Points).explanation,
            "2 point(s): under x white stones counted as area (1 to White each); under y dead \
             white stones (2 to Black each): +6 to Black's margin — dead stones left on the \
             board: x counts the board as it stands, so these white stones count as alive \
             (Tromp–Taylor: removing dead stones is the players' job before the game ends); y \
             takes them off as dead; dead stones counted twice under territory scoring: the \
             point they stand on and the stone itself as a captive (Pauli rule 5)"
        );
        assert_eq!(by_kind(CauseKind::Captives).effect, 2.0);
        assert_eq!(
            by_kind(CauseKind::Captives).explanation,
            "captives: x counts no captives; y counts captives (Black 3, White 1): +2 to \
             Black's margin"
        );
        assert_eq!(by_kind(CauseKind::Komi).effect, 1.0);
        assert_eq!(
            by_kind(CauseKind::Komi).explanation,
            "komi: x gives White 7.5 (the record's), y gives 6.5 (from the command line): +1 to \
             Black's margin"
        );
        assert_eq!(by_kind(CauseKind::Compensation).effect, -2.0);
        assert_eq!(
            by_kind(CauseKind::Compensation).explanation,
            "handicap compensation: x gives White 0 point(s) for the handicap stones, y gives \
             2: -2 to Black's margin"
        );
        // Captives that change on both sides alike change nothing, and are still shown.
        let sa = breakdown(&va, (0, 0), 0.0, 0.0);
        let sb = breakdown(&va, (1, 1), 0.0, 0.0);
        let (a, mut b) = (
            verdict("x", Some(sa), vec![]),
            verdict("y", Some(sb), vec![]),
        );
        b.komi.source = KomiSource::Default;
        let c = counted(&a, &va, &b, &va);
        assert_eq!(c.causes.len(), 1);
        assert_eq!(
            c.causes[0].explanation,
            "captives: x counts no captives; y counts captives (Black 1, White 1): 0 to \
             Black's margin"
        );
        // Captives on one side only.
        let sb = breakdown(&va, (2, 0), 0.0, 0.0);
        let b2 = Verdict {
            score: Some(sb),
            ..b.clone()
        };
        let c = counted(&b2, &va, &a, &va);
        assert_eq!(
            c.causes[0].explanation,
            "captives: y counts captives (Black 2, White 0); x counts no captives: -2 to \
             Black's margin"
        );
        // The default komi's source in words.
        let sb = breakdown(&va, (0, 0), 0.5, 0.0);
        let b = Verdict {
            score: Some(sb),
            ..b
        };
        let c = counted(&a, &va, &b, &va);
        assert_eq!(
            c.causes[0].explanation,
            "komi: x gives White 0 (the record's), y gives 0.5 (the ruleset's default, the \
             record giving none): -0.5 to Black's margin"
        );
    }

    /// The reason a Go player would give for each kind of change, and none where there is
    /// none to give.
    #[test]
    fn each_change_of_kind_has_its_theme() {
        use Color::{Black as B, White as W};
        use PointKind as K;
        let t = |same: bool, ka, va: (f64, f64), kb, vb: (f64, f64)| {
            theme(
                ("x", "y"),
                same,
                ka,
                kb,
                &pv(va.0, va.1, ka),
                &pv(vb.0, vb.1, kb),
            )
        };
        // Dead under one, alive under the other, either way round; counted twice or once.
        let dead = t(true, K::DeadStone(B), (0.0, 1.0), K::Stone(B), (1.0, 0.0)).unwrap();
        assert!(
            dead.starts_with(
                "dead stones left on the board: y counts the board as it stands, so these \
                 black stones"
            ) && dead.ends_with("x takes them off as dead"),
            "{dead}"
        );
        let twice = t(true, K::Stone(W), (0.0, 1.0), K::DeadStone(W), (2.0, 0.0)).unwrap();
        assert!(twice.ends_with("as a captive (Pauli rule 5)"), "{twice}");
        let differ = Some("the positions differ here");
        let area = Some("area scoring counts every live stone");
        #[rustfmt::skip]
        let cases = [
            // (same position, under A, worth, under B, worth, the theme's beginning)
            (true, K::DeadStone(W), (1.0, 0.0), K::DeadStone(W), (2.0, 0.0), Some("dead stones counted twice under territory scoring")),
            (true, K::DeadStone(W), (0.5, 0.0), K::DeadStone(W), (1.0, 0.0), None),
            (true, K::Stone(B), (1.0, 0.0), K::UncountedStone(B), (0.0, 0.0), area),
            (true, K::UncountedStone(W), (0.0, 0.0), K::Stone(W), (0.0, 1.0), area),
            (true, K::Shared, (0.5, 0.5), K::Dame, (0.0, 0.0), Some("shared dame")),
            (true, K::Territory(B), (1.0, 0.0), K::Shared, (0.5, 0.5), Some("shared dame")),
            (true, K::Dame, (0.0, 0.0), K::Territory(W), (0.0, 1.0), Some("points next to stones")),
            (true, K::Territory(B), (1.0, 0.0), K::Dame, (0.0, 0.0), Some("points next to stones")),
            (true, K::Undecided, (0.0, 0.0), K::Territory(B), (1.0, 0.0), Some("undecided points")),
            (true, K::Mutual, (1.0, 1.0), K::Territory(B), (1.0, 0.0), Some("points both players")),
            (true, K::Territory(B), (1.0, 0.0), K::Territory(W), (0.0, 1.0), None),
            // A stone under one count only: the positions differ.
            (true, K::Stone(B), (1.0, 0.0), K::Territory(W), (0.0, 1.0), differ),
            (true, K::Territory(B), (1.0, 0.0), K::UncountedStone(W), (0.0, 0.0), differ),
            // Counts of different positions: only differences of method keep their theme.
            (false, K::Dame, (0.0, 0.0), K::Territory(W), (0.0, 1.0), differ),
            (false, K::Shared, (0.5, 0.5), K::Dame, (0.0, 0.0), Some("shared dame")),
            (false, K::Stone(B), (1.0, 0.0), K::UncountedStone(B), (0.0, 0.0), area),
        ];
        for (same, ka, va, kb, vb, start) in cases {
            let theme = t(same, ka, va, kb, vb);
            match start {
                Some(start) => assert!(
                    theme.as_deref().is_some_and(|s| s.starts_with(start)),
                    "{ka:?} → {kb:?}: {theme:?} should start with {start:?}"
                ),
                None => assert_eq!(theme, None, "{ka:?} → {kb:?}"),
            }
        }
    }

    /// Signs and worths in words.
    #[test]
    fn signed_numbers_and_worths() {
        assert_eq!(signed(2.0), "+2");
        assert_eq!(signed(-0.5), "-0.5");
        assert_eq!(signed(0.0), "0");
        assert_eq!(signed(1e-12), "0");
        assert_eq!(signed(-1e-12), "0");
        let w = |b, w| kind_words(PointKind::Dame, &pv(b, w, PointKind::Dame));
        assert_eq!(
            w(0.0, 0.0),
            "dame or neutral points, seki included (nothing each)"
        );
        assert_eq!(
            w(1.0, 0.0),
            "dame or neutral points, seki included (1 to Black each)"
        );
        assert_eq!(
            w(0.0, 2.0),
            "dame or neutral points, seki included (2 to White each)"
        );
        assert_eq!(
            w(0.5, 0.5),
            "dame or neutral points, seki included (0.5 to Black and 0.5 to White each)"
        );
        let kind = |k| kind_words(k, &pv(0.0, 0.0, k));
        assert!(kind(PointKind::Stone(Color::White)).starts_with("white stones counted"));
        assert!(kind(PointKind::UncountedStone(Color::Black)).starts_with("live black stones"));
        assert!(kind(PointKind::Territory(Color::White)).starts_with("White's territory"));
        assert!(kind(PointKind::Undecided).starts_with("points whose status is undecided"));
        assert!(kind(PointKind::Mutual).starts_with("points both players control"));
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
