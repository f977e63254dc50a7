//! Rule 17: claims after the game, counting by agreement, and disputes (ljr.md §8).
//!
//! * A **dead claim** by `C` points at an opposing stone and claims dead every opposing stone
//!   in `C`'s smallest bordered set containing it.
//! * A **neutral claim** by `C` points at an empty location that contacts opposing but no own
//!   stones (checked on the actual board, reading A16).
//! * **Counting by agreement** (§8.2): claimed-dead stones are treated as gone; an empty
//!   location that is not and does not contact a claimed-neutral location, contacts a stone,
//!   and contacts stones of one player only, is that player's.
//! * A **dispute**: the disagreeing player points at a claimed location or stone. For a stone
//!   the claimant proves he controls its location (the stone pointed at, A18); for an empty
//!   location the disagreeing player proves he controls it. The prover starts from his
//!   smallest bordered set containing the location and may extend it by pointing at empty
//!   locations (each adds its smallest bordered set); then rule 14's game is played out, and
//!   its winner wins the game (A17).
//!
//! [`check_claims`] decides, for every claim, what a dispute would give, using the control of
//! [`analyze`]: a dead claim stands iff the claimant controls every stone it
//! covers; a neutral claim stands iff the opponent does not control the location.

use crate::control::{ControlMap, Verdict};
use crate::real::Real;
use crate::sets::smallest_bordered;
use crate::{ControlError, GameOutcome, Options, analyze};
use rules_core::{Board, Color, Markup, PerColor, Point};

/// A claim of rule 17.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Claim {
    /// `by` points at the opposing stone `stone`.
    Dead {
        /// The claimant.
        by: Color,
        /// The stone pointed at.
        stone: Point,
    },
    /// `by` points at the empty location `point`.
    Neutral {
        /// The claimant.
        by: Color,
        /// The location pointed at.
        point: Point,
    },
}

impl Claim {
    /// The claimant.
    #[must_use]
    pub fn by(&self) -> Color {
        match *self {
            Claim::Dead { by, .. } | Claim::Neutral { by, .. } => by,
        }
    }
}

/// What a dispute about a claim would give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimStatus {
    /// The claim agrees with control: no dispute is needed, and one would uphold it.
    Upheld,
    /// A dispute would overturn it: the claimant would lose the dispute, and the game.
    Overturned,
    /// Control of some location it covers is undecided within the budgets.
    Undecided,
}

/// The dispute that decides a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dispute {
    /// The location pointed at by the disagreeing player.
    pub disputed: Point,
    /// Who has to prove control (the claimant for a stone, the disagreeing player for an
    /// empty location).
    pub prover: Color,
    /// His opponent, who moves first in the hypothetical game.
    pub refuter: Color,
    /// The prover's smallest bordered set containing the disputed location.
    pub initial_set: Vec<Point>,
    /// Empty locations the prover points at to extend the set (each adds its smallest
    /// bordered set): the extension the proof uses; empty if none helps.
    pub extensions: Vec<Point>,
    /// The winning set (initial set plus extensions) when the prover wins.
    pub final_set: Vec<Point>,
    /// The outcome of the hypothetical game on the best set.
    pub outcome: GameOutcome,
    /// Who wins the dispute, and so the game (reading A17), when decided.
    pub winner: Option<Color>,
}

/// The check of one claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimCheck {
    /// The claim.
    pub claim: Claim,
    /// What it covers: the stones claimed dead, or the location claimed neutral.
    pub covers: Vec<Point>,
    /// What a dispute would give.
    pub status: ClaimStatus,
    /// The dispute the opponent would start (the covered location he would point at).
    pub dispute: Dispute,
}

/// Claims checked against control.
#[derive(Debug, Clone)]
pub struct ClaimsReport {
    /// One check per claim, in order.
    pub checks: Vec<ClaimCheck>,
    /// Control by agreement (§8.2), per location: the player it counts for, if any.
    pub agreement: Vec<Option<Color>>,
    /// Score parts by agreement: territory (locations counted, dead stones' locations
    /// included) and dead stones, per player who gains them.
    pub agreement_territory: PerColor<u32>,
    /// Claimed-dead stones counted for each player (the opponent's stones he claimed).
    pub agreement_dead: PerColor<u32>,
    /// Locations whose control by agreement differs from rule 14's decided control.
    pub differences: Vec<Point>,
    /// The control the claims were checked against.
    pub control: ControlMap,
}

impl ClaimsReport {
    /// The claims a dispute would overturn.
    #[must_use]
    pub fn overturned(&self) -> Vec<&ClaimCheck> {
        self.checks
            .iter()
            .filter(|c| c.status == ClaimStatus::Overturned)
            .collect()
    }
}

/// The locations a claim covers, after checking that rule 17 allows it (on the actual
/// board, A16).
fn covers(
    board: &Board,
    real: &Real,
    index: usize,
    claim: &Claim,
) -> Result<Vec<Point>, ControlError> {
    let bad = |why: String| ControlError::IllegalClaim { index, why };
    match *claim {
        Claim::Dead { by, stone } => {
            if stone.index() >= board.len() || board.get(stone) != Some(by.opp()) {
                return Err(bad(format!(
                    "{stone} does not hold a stone of {}",
                    by.opp()
                )));
            }
            let set = smallest_bordered(real, by, stone.index());
            Ok((0..board.len())
                .filter(|&p| set[p] && real.cells[p] == Some(by.opp()))
                .map(Point::from_index)
                .collect())
        }
        Claim::Neutral { by, point } => {
            if point.index() >= board.len() || !board.is_empty_at(point) {
                return Err(bad(format!("{point} is not empty")));
            }
            let (own, opp) = contacted(real, point.index(), by);
            if own || !opp {
                return Err(bad(format!(
                    "{point} must contact stones of {} and none of {by}",
                    by.opp()
                )));
            }
            Ok(vec![point])
        }
    }
}

/// Whether the empty region of `p` touches stones of `by` and of the opponent.
fn contacted(real: &Real, p: usize, by: Color) -> (bool, bool) {
    let mut seen = vec![false; real.len()];
    let mut stack = vec![p];
    seen[p] = true;
    let (mut own, mut opp) = (false, false);
    while let Some(x) = stack.pop() {
        for q in real.nbrs(x) {
            match real.cells[q] {
                Some(c) if c == by => own = true,
                Some(_) => opp = true,
                None if !seen[q] => {
                    seen[q] = true;
                    stack.push(q);
                }
                None => {}
            }
        }
    }
    (own, opp)
}

/// Counting by agreement (§8.2): per location, the player it counts for. Claimed-dead
/// stones are treated as gone; an empty location counts for a player if its empty region
/// holds no claimed-neutral location and touches stones of that player only.
pub fn agreement_control(
    board: &Board,
    claims: &[Claim],
) -> Result<Vec<Option<Color>>, ControlError> {
    let real = Real::new(board, &[]);
    let mut cells = real.cells.clone();
    let mut neutral = vec![false; real.len()];
    for (i, c) in claims.iter().enumerate() {
        let cov = covers(board, &real, i, c)?;
        match c {
            Claim::Dead { .. } => {
                for p in cov {
                    cells[p.index()] = None;
                }
            }
            Claim::Neutral { point, .. } => neutral[point.index()] = true,
        }
    }
    let n = real.len();
    let mut out = vec![None; n];
    let mut seen = vec![false; n];
    for s in 0..n {
        if cells[s].is_some() || seen[s] {
            continue;
        }
        let mut region = Vec::new();
        let mut stack = vec![s];
        seen[s] = true;
        let (mut b, mut w, mut has_neutral) = (false, false, false);
        while let Some(x) = stack.pop() {
            region.push(x);
            has_neutral |= neutral[x];
            for q in real.nbrs(x) {
                match cells[q] {
                    Some(Color::Black) => b = true,
                    Some(Color::White) => w = true,
                    None if !seen[q] => {
                        seen[q] = true;
                        stack.push(q);
                    }
                    None => {}
                }
                has_neutral |= neutral[q];
            }
        }
        let owner = match (b, w, has_neutral) {
            (true, false, false) => Some(Color::Black),
            (false, true, false) => Some(Color::White),
            _ => None,
        };
        for x in region {
            out[x] = owner;
        }
    }
    Ok(out)
}

/// Claims read from a record's end-of-game markup: a dead claim for every stone marked dead
/// or lying on the opponent's marked territory that no earlier claim covers (a claim covers
/// the opposing stones of the claimant's smallest bordered set, rule 17), and a neutral claim
/// for every unmarked empty location whose empty region touches stones of one player only
/// (seki eyes, typically) — claimed by the other player. Neutral claims are read only from markup that marks
/// empty locations as territory: a list of dead stones alone says nothing about the empty
/// locations, whether it comes as `DS`-style markup, `--dead`, or `TB`/`TW` on the dead
/// stones only (as GNU Go and `gorules play` write it).
#[must_use]
pub fn claims_from_markup(board: &Board, markup: &Markup) -> Vec<Claim> {
    let real = Real::new(board, &[]);
    let mut out: Vec<Claim> = Vec::new();
    // One dead claim per set: pointing at a stone claims every opposing stone of the
    // claimant's smallest bordered set that holds it (rule 17), so a stone such a claim
    // already covers needs no claim of its own.
    let mut covered = PerColor::new(vec![false; board.len()], vec![false; board.len()]);
    let mut claim_dead = |out: &mut Vec<Claim>, by: Color, stone: Point| {
        if covered[by][stone.index()] {
            return;
        }
        let set = smallest_bordered(&real, by, stone.index());
        for (q, inside) in set.iter().enumerate() {
            if *inside && real.cells[q] == Some(by.opp()) {
                covered[by][q] = true;
            }
        }
        out.push(Claim::Dead { by, stone });
    };
    let mut marked = vec![false; board.len()];
    // Whether the markup marks territory (some empty location), not only dead stones.
    let mut marks_territory = false;
    for c in Color::BOTH {
        for &p in &markup.territory[c] {
            if p.index() < board.len() {
                marked[p.index()] = true;
                marks_territory |= board.is_empty_at(p);
                if board.get(p) == Some(c.opp()) {
                    claim_dead(&mut out, c, p);
                }
            }
        }
    }
    for &p in markup.dead.iter().filter(|p| p.index() < board.len()) {
        if let Some(c) = board.get(p) {
            claim_dead(&mut out, c.opp(), p);
        }
    }
    for p in board.topology().points() {
        if marks_territory && board.is_empty_at(p) && !marked[p.index()] {
            for c in Color::BOTH {
                let (own, opp) = contacted(&real, p.index(), c);
                if opp && !own {
                    out.push(Claim::Neutral { by: c, point: p });
                }
            }
        }
    }
    out
}

/// Checks every claim against rule 14's control (computed with `options`), counts by
/// agreement, and lists the locations where the two differ.
pub fn check_claims(
    board: &Board,
    prohibited: &[Point],
    claims: &[Claim],
    options: &Options,
) -> Result<ClaimsReport, ControlError> {
    let real = Real::new(board, prohibited);
    let map = analyze(board, prohibited, options)?;
    let mut checks = Vec::new();
    for (i, claim) in claims.iter().enumerate() {
        let cov = covers(board, &real, i, claim)?;
        let (status, disputed, prover) = match *claim {
            Claim::Dead { by, .. } => {
                // The disagreeing player points at the covered stone least favourable to the
                // claimant.
                let verdicts: Vec<Verdict> = cov.iter().map(|&p| map.get(p).of(by)).collect();
                let worst = verdicts
                    .iter()
                    .position(|v| *v == Verdict::DoesNotControl)
                    .or_else(|| verdicts.iter().position(|v| *v == Verdict::Undecided))
                    .unwrap_or(0);
                let status = match verdicts[worst] {
                    Verdict::Controls => ClaimStatus::Upheld,
                    Verdict::DoesNotControl => ClaimStatus::Overturned,
                    Verdict::Undecided => ClaimStatus::Undecided,
                };
                (status, cov[worst], by)
            }
            Claim::Neutral { by, point } => {
                let status = match map.get(point).of(by.opp()) {
                    Verdict::Controls => ClaimStatus::Overturned,
                    Verdict::DoesNotControl => ClaimStatus::Upheld,
                    Verdict::Undecided => ClaimStatus::Undecided,
                };
                (status, point, by.opp())
            }
        };
        let dispute = dispute(board, &real, &map, disputed, prover);
        checks.push(ClaimCheck {
            claim: *claim,
            covers: cov,
            status,
            dispute,
        });
    }
    let agreement = agreement_control(board, claims)?;
    let mut agreement_territory = PerColor::new(0, 0);
    let mut agreement_dead = PerColor::new(0, 0);
    let mut differences = Vec::new();
    for p in board.topology().points() {
        let a = agreement[p.index()];
        if let Some(c) = a {
            agreement_territory[c] += 1;
            if board.get(p) == Some(c.opp()) {
                agreement_dead[c] += 1;
            }
        }
        // Compare with rule 14 where decided: for a location counted by agreement, its
        // player must control it; for empty ones counted for nobody, nobody may.
        let pc = map.get(p);
        let differs = match a {
            Some(c) => pc.of(c) == Verdict::DoesNotControl,
            None => {
                board.get(p).is_none() && Color::BOTH.iter().any(|&c| pc.of(c) == Verdict::Controls)
            }
        } || board
            .get(p)
            .is_some_and(|c| a != Some(c.opp()) && pc.of(c.opp()) == Verdict::Controls);
        if differs {
            differences.push(p);
        }
    }
    Ok(ClaimsReport {
        checks,
        agreement,
        agreement_territory,
        agreement_dead,
        differences,
        control: map,
    })
}

/// The dispute about `at` with `prover` to prove control.
fn dispute(board: &Board, real: &Real, map: &ControlMap, at: Point, prover: Color) -> Dispute {
    let initial = smallest_bordered(real, prover, at.index());
    let initial_set: Vec<Point> = (0..board.len())
        .filter(|&p| initial[p])
        .map(Point::from_index)
        .collect();
    let verdict = map.get(at).of(prover);
    let (outcome, winner) = match verdict {
        Verdict::Controls => (GameOutcome::ProverWins, Some(prover)),
        Verdict::DoesNotControl => (GameOutcome::RefuterWins, Some(prover.opp())),
        Verdict::Undecided => (
            GameOutcome::Undecided {
                limit: crate::Exhausted::Nodes,
            },
            None,
        ),
    };
    let mut extensions = Vec::new();
    let mut final_set = Vec::new();
    if verdict == Verdict::Controls {
        // The proved set containing the location, and one empty location per region it
        // adds to the initial set.
        if let Some(f) = map
            .findings
            .iter()
            .find(|f| f.player == prover && f.verdict == Verdict::Controls && f.set.contains(&at))
        {
            final_set = f.set.clone();
            let mut covered = initial.clone();
            for &p in &f.set {
                if !covered[p.index()] && board.is_empty_at(p) {
                    extensions.push(p);
                    let add = smallest_bordered(real, prover, p.index());
                    for (c, a) in covered.iter_mut().zip(add) {
                        *c |= a;
                    }
                }
            }
        }
    }
    Dispute {
        disputed: at,
        prover,
        refuter: prover.opp(),
        initial_set,
        extensions,
        final_set,
        outcome,
        winner,
    }
}
