//! Control of every location of a final position (rule 14), for both players.
//!
//! The analysis, per player `p`:
//! 1. **Decomposition** ([`crate::decomp`]): the fixpoint of safe chains and cleanable
//!    regions, each region proved by a local game. Every point of the resulting sets is
//!    controlled by `p` (one winning set `S` per connected part).
//! 2. **Refutation without search.** A region of `p` (a maximal connected set of points
//!    without `p` stones) lies in every set `S` that contains one of its points. If it holds
//!    an opposing chain that can never be captured in any `H(p, S)` — a member of the
//!    opponent's two-eye formation (rule 17's second ending), unconditionally alive by
//!    Benson, or a chain of the opponent's own decomposition whose whole proof lies inside
//!    the smallest bordered set — then `p` controls none of its points. A chain of `p` all of
//!    whose regions are like that is not controlled either (its set must contain one of
//!    them, or the chain dies in the setup of `H` next to the outside).
//! 3. **Search.** For what is left, the connected union `U` of the remaining candidate
//!    regions around the location is searched as one game `H(p, S_U)`; if that fails and `U`
//!    is small, every connected union of its regions is searched (a part not connected to the
//!    location never helps the prover), so that "not controlled" is proved too.
//!
//! Whatever no step decides stays **undecided**, with the reason (budget, size, not proved).

use crate::bits::with_width;
use crate::decomp::{self, AreaNote, Decomposition};
use crate::graph::NO;
use crate::hgame::{self, HGame, HOpts};
use crate::local::LocalCtx;
use crate::real::Real;
use crate::search::{Dfpn, Exhausted, Limits, Outcome};
use crate::sets::PointSet;
use crate::survival;
use crate::{ControlError, KeepProhibited, Options};
use rules_core::{Assessment, AssessmentSource, Board, Color, PerColor, Point};

/// What is known about one player's control of one location.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Proved: the player controls the location (rule 14).
    Controls,
    /// Proved: he does not.
    DoesNotControl,
    /// Not decided within the budgets.
    Undecided,
}

/// Who controls a location.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Control {
    /// Black controls it, White does not.
    Black,
    /// White controls it, Black does not.
    White,
    /// Both do (not excluded by the text, reading A21; counted for both and flagged).
    Both,
    /// Neither does (neutral: dame, seki, unsettled shapes).
    Neither,
    /// At least one of the two questions is undecided.
    Undecided,
}

/// Both players' verdicts on one location.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct PointControl {
    /// Black's control.
    pub black: Verdict,
    /// White's control.
    pub white: Verdict,
}

impl PointControl {
    /// The verdict of `c`.
    #[must_use]
    pub fn of(&self, c: Color) -> Verdict {
        match c {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The combined answer.
    #[must_use]
    pub fn control(&self) -> Control {
        use Verdict::*;
        match (self.black, self.white) {
            (Controls, Controls) => Control::Both,
            (Controls, DoesNotControl) => Control::Black,
            (DoesNotControl, Controls) => Control::White,
            (DoesNotControl, DoesNotControl) => Control::Neither,
            _ => Control::Undecided,
        }
    }
}

/// How a finding was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Reason {
    /// Safe chains and cleanable regions, each region proved by a local game.
    Decomposition,
    /// The hypothetical game on the set was searched and won.
    Search,
    /// Every set containing the location holds an opposing chain that can never be captured
    /// (the opponent's two-eye formation, Benson's unconditional life, or the opponent's own
    /// proved decomposition).
    OpponentUncapturable,
    /// An opposing group in the location's region wins its survival game: every set
    /// containing the location holds a stone of it for ever, so the player never builds a
    /// two-eye formation there (rules 14–16; `crate::survival`, docs/control.md "Per
    /// location").
    OpponentSurvives,
    /// Every connected set containing the location was searched and lost.
    AllSetsRefuted {
        /// Number of sets searched.
        sets: usize,
    },
    /// A search ran out of its budget or depth.
    Exhausted {
        /// Which limit.
        limit: Exhausted,
    },
    /// The candidate sets are larger than the searches take.
    TooLarge {
        /// Points of the largest set.
        points: usize,
    },
    /// No step proved or refuted it (some candidate sets remain untried).
    NotProved,
}

/// One decision (or non-decision) about a group of locations for one player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Whose control.
    pub player: Color,
    /// The verdict for `points`.
    pub verdict: Verdict,
    /// The locations this finding is about.
    pub points: Vec<Point>,
    /// For [`Verdict::Controls`]: the set `S` on which the prover wins `H(p, S)` (its points
    /// are all controlled). Empty otherwise.
    pub set: Vec<Point>,
    /// How.
    pub reason: Reason,
    /// Search nodes spent on it.
    pub nodes: u64,
}

/// The control of every location of a final position.
#[derive(Debug, Clone)]
pub struct ControlMap {
    points: Vec<PointControl>,
    /// Decisions and non-decisions, by player and group of locations.
    pub findings: Vec<Finding>,
    /// Search nodes spent in total.
    pub nodes: u64,
    /// Whether the position's node budget ran out (some searches were not made).
    pub budget_exhausted: bool,
}

impl ControlMap {
    /// Both verdicts on `p`.
    #[must_use]
    pub fn get(&self, p: Point) -> PointControl {
        self.points[p.index()]
    }

    /// Both verdicts on every location, by point index.
    #[must_use]
    pub fn points(&self) -> &[PointControl] {
        &self.points
    }

    /// Who controls `p`.
    #[must_use]
    pub fn control(&self, p: Point) -> Control {
        self.points[p.index()].control()
    }

    /// Number of locations.
    #[must_use]
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Always false (a board has a point).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// Locations `c` controls (proved).
    #[must_use]
    pub fn controlled_by(&self, c: Color) -> Vec<Point> {
        self.select(|pc| pc.of(c) == Verdict::Controls)
    }

    /// Locations whose control is not fully decided.
    #[must_use]
    pub fn undecided(&self) -> Vec<Point> {
        self.select(|pc| pc.control() == Control::Undecided)
    }

    /// Locations both players control (reading A21; never seen so far).
    #[must_use]
    pub fn both(&self) -> Vec<Point> {
        self.select(|pc| pc.control() == Control::Both)
    }

    /// Share of locations whose control is fully decided.
    #[must_use]
    pub fn coverage(&self) -> f64 {
        let decided = self
            .points
            .iter()
            .filter(|pc| pc.control() != Control::Undecided)
            .count();
        decided as f64 / self.points.len().max(1) as f64
    }

    /// Where this map and `other` (of the same position, with other options) both decide a
    /// player's verdict on a location and the verdicts differ. Budgets and move ordering only
    /// decide more or less, never otherwise, so this is empty unless one of the two proved
    /// something false: the tests and the fuzz target `control` check it.
    #[must_use]
    pub fn contradictions(&self, other: &ControlMap) -> Vec<(Point, Color)> {
        let mut out = Vec::new();
        for (i, (a, b)) in self.points.iter().zip(&other.points).enumerate() {
            for c in Color::BOTH {
                let (x, y) = (a.of(c), b.of(c));
                if x != y && x != Verdict::Undecided && y != Verdict::Undecided {
                    out.push((Point::from_index(i), c));
                }
            }
        }
        out
    }

    fn select(&self, f: impl Fn(&PointControl) -> bool) -> Vec<Point> {
        self.points
            .iter()
            .enumerate()
            .filter(|(_, pc)| f(pc))
            .map(|(i, _)| Point::from_index(i))
            .collect()
    }

    /// Dead stones: stones on locations the opponent controls.
    #[must_use]
    pub fn dead_stones(&self, board: &Board) -> Vec<Point> {
        board
            .topology()
            .points()
            .filter(|&p| match board.get(p) {
                Some(c) => self.points[p.index()].of(c.opp()) == Verdict::Controls,
                None => false,
            })
            .collect()
    }

    /// The assessment for scoring: dead stones, territory (controlled locations not holding
    /// the controller's own stones — rule 5's territory, dead stones' locations included),
    /// neutral (empty locations neither controls), undecided locations: those where no
    /// player's control is proved and at least one verdict is open, except a stone whose
    /// opponent is proved not to control it: it is not dead, and its own player's control
    /// of it counts nothing (rule 5 counts no live stone, and territory excludes one's own
    /// stones), so whichever way that verdict goes the count is the same. A location one player is
    /// proved to control counts as his (its stone of the other colour is dead) even when the
    /// other player's verdict is open: that verdict could only add mutual control (ljr.md A21,
    /// never found), so such a location is decided for counting, not listed as undecided.
    /// `ruled_out` names, per player, the undecided locations he is proved not to control:
    /// the count never gives them to him, as they stand or in the range.
    #[must_use]
    pub fn assessment(&self, board: &Board) -> Assessment {
        let mut territory = PerColor::new(Vec::new(), Vec::new());
        let mut neutral = Vec::new();
        let mut undecided = Vec::new();
        let mut ruled_out = PerColor::new(Vec::new(), Vec::new());
        for p in board.topology().points() {
            let pc = self.points[p.index()];
            for c in Color::BOTH {
                if pc.of(c) == Verdict::Controls && board.get(p) != Some(c) {
                    territory[c].push(p);
                }
            }
            match pc.control() {
                Control::Neither if board.is_empty_at(p) => neutral.push(p),
                Control::Undecided
                    if pc.black != Verdict::Controls
                        && pc.white != Verdict::Controls
                        && !board
                            .get(p)
                            .is_some_and(|c| pc.of(c.opp()) == Verdict::DoesNotControl) =>
                {
                    undecided.push(p);
                    for c in Color::BOTH {
                        if pc.of(c) == Verdict::DoesNotControl {
                            ruled_out[c].push(p);
                        }
                    }
                }
                _ => {}
            }
        }
        Assessment {
            source: AssessmentSource::Proved,
            dead: self.dead_stones(board),
            territory,
            neutral,
            undecided,
            ruled_out,
            unproved: None,
        }
    }
}

/// The outcome of one hypothetical game `H(p, S)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case", tag = "outcome")]
pub enum GameOutcome {
    /// The prover builds a two-eye formation on `S` whatever the refuter does.
    ProverWins,
    /// The refuter prevents it.
    RefuterWins,
    /// Not decided within the budget.
    Undecided {
        /// Which limit stopped the search.
        limit: Exhausted,
    },
    /// `S` and its surroundings exceed the compact board (256 points).
    TooLarge,
}

/// Plays out rule 14's hypothetical game `H(player, set)` on a final position exactly (with
/// the given budgets). `set` must be bordered by `player` (rule 15).
pub fn hypothetical_game(
    board: &Board,
    prohibited: &[Point],
    player: Color,
    set: &PointSet,
    options: &Options,
) -> Result<(GameOutcome, u64), ControlError> {
    check_prohibited(board, prohibited)?;
    if set.board_len() != board.len() {
        return Err(ControlError::SetSize {
            set: set.board_len(),
            board: board.len(),
        });
    }
    if set.is_empty() || !crate::sets::is_bordered(board, player, set) {
        return Err(ControlError::NotBordered);
    }
    let resolved = Options {
        budgets: options.budgets_for(board.len()),
        ..*options
    };
    let options = &resolved;
    let real = Real::new(board, prohibited);
    let mut ctx = new_ctx(options);
    let r = solve_h(&real, player, &set.as_bools(), options, &mut ctx);
    Ok(match r {
        None => (GameOutcome::TooLarge, 0),
        Some((o, nodes)) => (
            match o {
                Outcome::Proved => GameOutcome::ProverWins,
                Outcome::Disproved => GameOutcome::RefuterWins,
                Outcome::Unknown(limit) => GameOutcome::Undecided { limit },
            },
            nodes,
        ),
    })
}

pub(crate) fn check_prohibited(board: &Board, prohibited: &[Point]) -> Result<(), ControlError> {
    for &p in prohibited {
        if p.index() >= board.len() {
            return Err(ControlError::ProhibitedOffBoard(p.index()));
        }
        if !board.is_empty_at(p) {
            return Err(ControlError::ProhibitedOccupied(p));
        }
    }
    Ok(())
}

pub(crate) fn new_ctx(options: &Options) -> LocalCtx {
    let b = &options.budgets;
    let mut ctx = LocalCtx::new(
        Limits {
            nodes: b.local_nodes,
            max_depth: b.depth(),
            tt_entries: b.tt_entries,
        },
        b.position_nodes,
        options.order,
        b.max_local_region,
    );
    ctx.zones = options.relevance_zones;
    ctx.levelled = options.levelled_pairs;
    ctx
}

/// The share of the nodes a position has left that one whole-game search may take: at most
/// a quarter. Without it, with the thorough budgets (200,000 nodes a search, 2,000,000 a
/// position) a few hopeless searches of large sets spent whole 19×19 positions: on the first
/// 20 counted KGS games coverage 47.74 → 48.53 % with the share, and on 30 OGS 9×9 games
/// 44.20 % either way (docs/control.md).
const WHOLE_GAME_SHARE: u64 = 4;

/// Searches `H(p, S)`; `None` when it does not fit the compact board.
pub(crate) fn solve_h(
    real: &Real,
    p: Color,
    in_s: &[bool],
    options: &Options,
    ctx: &mut LocalCtx,
) -> Option<(Outcome, u64)> {
    let keep = options.keep_prohibited == KeepProhibited::Keep;
    let hb = hgame::build(real, p, in_s, keep);
    let n = hb.b.len();
    let limits = Limits {
        nodes: options
            .budgets
            .search_nodes
            .min(ctx.remaining / WHOLE_GAME_SHARE),
        max_depth: options.budgets.depth(),
        tt_entries: options.budgets.tt_entries,
    };
    if limits.nodes == 0 {
        return Some((Outcome::Unknown(Exhausted::Nodes), 0));
    }
    let hopts = HOpts {
        order: options.order,
        decomposition: options.decomposition_leaf,
    };
    with_width!(n, run_h(&hb, hopts, limits, ctx))
}

fn run_h<const W: usize>(
    hb: &hgame::HBuild,
    hopts: HOpts,
    limits: Limits,
    ctx: &mut LocalCtx,
) -> (Outcome, u64) {
    let (outcome, nodes) = {
        let (mut g, root) = HGame::<W>::new(hb, hopts, ctx);
        let mut s = Dfpn::new(&mut g, limits);
        let o = s.solve(root);
        (o, s.nodes)
    };
    if crate::debug() {
        eprintln!(
            "H search: {} arena points: {outcome:?} in {nodes} nodes",
            hb.b.len()
        );
    }
    ctx.charge(nodes);
    (outcome, nodes)
}

/// One player's side of the analysis.
struct Side {
    color: Color,
    d: Decomposition,
    hostile: Vec<bool>,
    verdict: Vec<Verdict>,
}

impl Side {
    fn new(real: &Real, color: Color, ctx: &mut LocalCtx) -> Side {
        let view = real.view(color);
        let n = real.len();
        let d = decomp::decompose(&view, &vec![true; n], true, ctx);
        let nr = d.regions.members.len();
        let hostile = (0..nr)
            .map(|r| d.kept.area_notes[d.kept.area_of_region[r] as usize] == AreaNote::Hostile)
            .collect();
        Side {
            color,
            d,
            hostile,
            verdict: vec![Verdict::Undecided; n],
        }
    }

    /// Connected parts of the decomposition's winning set: (region ids, chain ids).
    fn components(&self) -> Vec<(Vec<u32>, Vec<u32>)> {
        let nr = self.d.regions.members.len();
        let nc = self.d.chains.members.len();
        let mut seen_r = vec![false; nr];
        let mut seen_c = vec![false; nc];
        let mut out = Vec::new();
        for start in 0..nc {
            if !self.d.kept.chain_in[start] || seen_c[start] {
                continue;
            }
            let (mut rs, mut cs) = (Vec::new(), Vec::new());
            let mut stack = vec![(false, start as u32)];
            seen_c[start] = true;
            while let Some((is_region, i)) = stack.pop() {
                if is_region {
                    rs.push(i);
                    for &c in &self.d.region_chains[i as usize] {
                        if self.d.kept.chain_in[c as usize] && !seen_c[c as usize] {
                            seen_c[c as usize] = true;
                            stack.push((false, c));
                        }
                    }
                } else {
                    cs.push(i);
                    for &r in &self.d.chain_regions[i as usize] {
                        if self.d.kept.region_in[r as usize] && !seen_r[r as usize] {
                            seen_r[r as usize] = true;
                            stack.push((true, r));
                        }
                    }
                }
            }
            out.push((rs, cs));
        }
        out
    }

    fn points_of(&self, regions: &[u32], chains: &[u32]) -> Vec<usize> {
        let mut v: Vec<usize> = regions
            .iter()
            .flat_map(|&r| self.d.regions.members[r as usize].iter().copied())
            .chain(
                chains
                    .iter()
                    .flat_map(|&c| self.d.chains.members[c as usize].iter().copied()),
            )
            .collect();
        v.sort_unstable();
        v
    }
}

/// Decides control of every location of `board` for both players. `prohibited` are the
/// permanently prohibited locations `P` (empty for rulesets other than Pauli's).
pub fn analyze(
    board: &Board,
    prohibited: &[Point],
    options: &Options,
) -> Result<ControlMap, ControlError> {
    check_prohibited(board, prohibited)?;
    let resolved = Options {
        budgets: options.budgets_for(board.len()),
        ..*options
    };
    let options = &resolved;
    let real = Real::new(board, prohibited);
    let n = real.len();
    let mut ctx = new_ctx(options);
    let mut findings = Vec::new();
    // Small local budgets first for every area, larger ones only where a search ran out:
    // one hopeless region cannot starve the others. Results are cached between rounds, and
    // a search that ran out goes on from where it stopped (`local::LocalCtx::open`).
    let full = options.budgets.local_nodes;
    let mut sides = None;
    for l in [full / 16, full / 4, full] {
        ctx.limits.nodes = l.max(1);
        sides = Some([
            Side::new(&real, Color::Black, &mut ctx),
            Side::new(&real, Color::White, &mut ctx),
        ]);
        if crate::debug() {
            eprintln!(
                "round with local limit {l}: {} nodes spent, {} left",
                ctx.spent, ctx.remaining
            );
        }
        if ctx.remaining == 0 || l == full {
            break;
        }
    }
    let mut sides = sides.expect("one round");
    // 1. Decomposition.
    let mut comps: [Vec<(Vec<u32>, Vec<u32>)>; 2] = [Vec::new(), Vec::new()];
    for (i, s) in sides.iter_mut().enumerate() {
        comps[i] = s.components();
        for (rs, cs) in &comps[i] {
            let pts = s.points_of(rs, cs);
            for &p in &pts {
                s.verdict[p] = Verdict::Controls;
            }
            let mut areas: Vec<u32> = rs
                .iter()
                .map(|&r| s.d.kept.area_of_region[r as usize])
                .collect();
            areas.sort_unstable();
            areas.dedup();
            let nodes = areas
                .iter()
                .map(|&a| match s.d.kept.area_notes[a as usize] {
                    AreaNote::Eye { nodes } | AreaNote::Clean { nodes } => nodes,
                    _ => 0,
                })
                .sum();
            let pts: Vec<Point> = pts.into_iter().map(Point::from_index).collect();
            findings.push(Finding {
                player: s.color,
                verdict: Verdict::Controls,
                set: pts.clone(),
                points: pts,
                reason: Reason::Decomposition,
                nodes,
            });
        }
    }
    // 2. Refutation without search: the opponent's proved parts inside one region.
    for i in 0..2 {
        let (me, opp) = if i == 0 {
            let (a, b) = sides.split_at_mut(1);
            (&mut a[0], &b[0])
        } else {
            let (a, b) = sides.split_at_mut(1);
            (&mut b[0], &a[0])
        };
        for (rs, cs) in &comps[1 - i] {
            let pts = opp.points_of(rs, cs);
            // The region of `me` holding the first opposing chain of this part.
            let Some(&anchor) = cs
                .first()
                .and_then(|&c| opp.d.chains.members[c as usize].first())
            else {
                continue;
            };
            let g = me.d.regions.id[anchor];
            if g == NO || me.hostile[g as usize] {
                continue;
            }
            let inside = pts.iter().all(|&t| {
                if real.cells[t] == Some(me.color) {
                    let c = me.d.chains.id[t];
                    me.d.chain_regions[c as usize].contains(&g)
                } else {
                    me.d.regions.id[t] == g
                }
            });
            if inside {
                me.hostile[g as usize] = true;
            }
        }
        survive(&real, me, &opp.d, options, &mut ctx, &mut findings);
        refute_static(me, &mut findings);
    }
    // 3. Search what is left.
    for s in &mut sides {
        search_rest(&real, s, options, &mut ctx, &mut findings);
    }
    let points = (0..n)
        .map(|p| PointControl {
            black: sides[0].verdict[p],
            white: sides[1].verdict[p],
        })
        .collect();
    Ok(ControlMap {
        points,
        findings,
        nodes: ctx.spent,
        budget_exhausted: ctx.remaining == 0,
    })
}

/// Step 2, with search: a region of `s`'s player holding an opposing group that wins its
/// survival game is hostile (`crate::survival`).
fn survive(
    real: &Real,
    s: &mut Side,
    opp: &Decomposition,
    options: &Options,
    ctx: &mut LocalCtx,
    findings: &mut Vec<Finding>,
) {
    let b = &options.budgets;
    if b.survival_nodes == 0 {
        return;
    }
    // Regions not yet refuted, with a point still open and a stone a group could be made of.
    let wanted: Vec<bool> =
        s.d.regions
            .members
            .iter()
            .enumerate()
            .map(|(r, members)| {
                !s.hostile[r]
                    && members.iter().any(|&p| s.verdict[p] == Verdict::Undecided)
                    && members.iter().any(|&p| real.cells[p].is_some())
            })
            .collect();
    if !wanted.iter().any(|&w| w) {
        return;
    }
    let mut groups = survival::groups(real, &s.d, opp, b.max_survival_region);
    groups.retain(|g| wanted[g.k as usize]);
    // Small groups first: they are cheap, and one survivor settles the region.
    groups.sort_by_key(|g| g.stones.len() + g.regions.len());
    for g in &groups {
        let k = g.k as usize;
        if s.hostile[k] {
            continue;
        }
        let limits = Limits {
            nodes: b.survival_nodes.min(ctx.remaining),
            max_depth: b.depth(),
            tt_entries: b.tt_entries,
        };
        if limits.nodes == 0 {
            return;
        }
        let Some((outcome, nodes)) =
            survival::survives(real, s.color.opp(), g, options.order, limits)
        else {
            continue;
        };
        ctx.charge(nodes);
        if crate::debug() {
            eprintln!(
                "survival of {} stones with {} points of regions against {:?}: {outcome:?} in {nodes} nodes",
                g.stones.len(),
                g.regions.len(),
                s.color
            );
        }
        if outcome == Outcome::Proved {
            s.hostile[k] = true;
            let mut pts = Vec::new();
            for &p in &s.d.regions.members[k] {
                if s.verdict[p] == Verdict::Undecided {
                    s.verdict[p] = Verdict::DoesNotControl;
                    pts.push(Point::from_index(p));
                }
            }
            pts.sort_unstable();
            findings.push(Finding {
                player: s.color,
                verdict: Verdict::DoesNotControl,
                points: pts,
                set: Vec::new(),
                reason: Reason::OpponentSurvives,
                nodes,
            });
        }
    }
}

/// Marks the points of hostile regions, and chains with only hostile regions, as not
/// controlled.
fn refute_static(s: &mut Side, findings: &mut Vec<Finding>) {
    let mut pts = Vec::new();
    for (r, members) in s.d.regions.members.iter().enumerate() {
        if s.hostile[r] {
            for &p in members {
                if s.verdict[p] == Verdict::Undecided {
                    s.verdict[p] = Verdict::DoesNotControl;
                    pts.push(p);
                }
            }
        }
    }
    for (c, members) in s.d.chains.members.iter().enumerate() {
        if s.d.chain_regions[c].iter().all(|&r| s.hostile[r as usize]) {
            for &p in members {
                if s.verdict[p] == Verdict::Undecided {
                    s.verdict[p] = Verdict::DoesNotControl;
                    pts.push(p);
                }
            }
        }
    }
    if !pts.is_empty() {
        pts.sort_unstable();
        findings.push(Finding {
            player: s.color,
            verdict: Verdict::DoesNotControl,
            points: pts.into_iter().map(Point::from_index).collect(),
            set: Vec::new(),
            reason: Reason::OpponentUncapturable,
            nodes: 0,
        });
    }
}

/// Step 3: searches for the undecided locations of one player.
fn search_rest(
    real: &Real,
    s: &mut Side,
    options: &Options,
    ctx: &mut LocalCtx,
    findings: &mut Vec<Finding>,
) {
    let n = real.len();
    let nr = s.d.regions.members.len();
    let mut done = vec![false; nr];
    for x in 0..n {
        if s.verdict[x] != Verdict::Undecided {
            continue;
        }
        let starts: Vec<u32> = if real.cells[x] == Some(s.color) {
            let c = s.d.chains.id[x];
            s.d.chain_regions[c as usize]
                .iter()
                .copied()
                .filter(|&r| !s.hostile[r as usize])
                .collect()
        } else {
            vec![s.d.regions.id[x]]
        };
        if starts.is_empty() || starts.iter().any(|&r| done[r as usize]) {
            continue;
        }
        // The connected union of candidate regions around x.
        let mut u: Vec<u32> = Vec::new();
        let mut stack = starts.clone();
        for &r in &starts {
            done[r as usize] = true;
        }
        while let Some(r) = stack.pop() {
            u.push(r);
            for &c in &s.d.region_chains[r as usize] {
                for &r2 in &s.d.chain_regions[c as usize] {
                    if !s.hostile[r2 as usize] && !done[r2 as usize] {
                        done[r2 as usize] = true;
                        stack.push(r2);
                    }
                }
            }
        }
        u.sort_unstable();
        search_union(real, s, &u, options, ctx, findings);
    }
}

/// The set of a union of regions: the regions and every chain next to them.
fn set_of(s: &Side, regions: &[u32], n: usize) -> Vec<bool> {
    let mut in_s = vec![false; n];
    for &r in regions {
        for &p in &s.d.regions.members[r as usize] {
            in_s[p] = true;
        }
        for &c in &s.d.region_chains[r as usize] {
            for &p in &s.d.chains.members[c as usize] {
                in_s[p] = true;
            }
        }
    }
    in_s
}

fn search_union(
    real: &Real,
    s: &mut Side,
    u: &[u32],
    options: &Options,
    ctx: &mut LocalCtx,
    findings: &mut Vec<Finding>,
) {
    let n = real.len();
    let color = s.color;
    // The undecided locations this union is about.
    let in_u = set_of(s, u, n);
    let targets: Vec<usize> = (0..n)
        .filter(|&p| in_u[p] && s.verdict[p] == Verdict::Undecided)
        .collect();
    if targets.is_empty() {
        return;
    }
    let size = in_u.iter().filter(|&&b| b).count();
    let mut nodes_total = 0;
    let mut worst: Option<Reason> = None;
    if size <= options.budgets.max_set {
        match solve_h(real, color, &in_u, options, ctx) {
            Some((Outcome::Proved, nodes)) => {
                mark_controls(s, &in_u, Reason::Search, nodes, findings);
                return;
            }
            Some((Outcome::Disproved, nodes)) => nodes_total += nodes,
            Some((Outcome::Unknown(limit), nodes)) => {
                nodes_total += nodes;
                worst = Some(Reason::Exhausted { limit });
            }
            None => worst = Some(Reason::TooLarge { points: size }),
        }
    } else {
        worst = Some(Reason::TooLarge { points: size });
    }
    if u.len()
        > options
            .budgets
            .max_enumerated_regions
            .min(crate::options::MAX_ENUMERATED_REGIONS)
    {
        undecided(
            s,
            &targets,
            worst.unwrap_or(Reason::NotProved),
            nodes_total,
            findings,
        );
        return;
    }
    // Every connected union of the regions (the full one is done).
    let k = u.len();
    let adjacent = region_adjacency(s, u);
    let full = (1u32 << k) - 1;
    // results[mask]: Some(true) won, Some(false) lost, None unknown / not searched.
    let mut results: Vec<(u32, Option<bool>, Vec<bool>)> = Vec::new();
    let full_result = if worst.is_none() { Some(false) } else { None };
    results.push((full, full_result, in_u.clone()));
    for mask in 1..full {
        if !is_connected(mask, &adjacent) {
            continue;
        }
        let regions: Vec<u32> = (0..k)
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| u[i])
            .collect();
        let in_s = set_of(s, &regions, n);
        let r = match solve_h(real, color, &in_s, options, ctx) {
            Some((Outcome::Proved, nodes)) => {
                nodes_total += nodes;
                Some(true)
            }
            Some((Outcome::Disproved, nodes)) => {
                nodes_total += nodes;
                Some(false)
            }
            Some((Outcome::Unknown(limit), nodes)) => {
                nodes_total += nodes;
                worst.get_or_insert(Reason::Exhausted { limit });
                None
            }
            None => {
                let points = in_s.iter().filter(|&&b| b).count();
                worst.get_or_insert(Reason::TooLarge { points });
                None
            }
        };
        results.push((mask, r, in_s));
    }
    let sets = results.len();
    for (_, r, in_s) in &results {
        if *r == Some(true) {
            mark_controls(s, in_s, Reason::Search, 0, findings);
        }
    }
    // A location is refuted when every searched set containing it was lost and none is
    // unknown.
    let mut refuted = Vec::new();
    let mut open = Vec::new();
    for &p in &targets {
        if s.verdict[p] != Verdict::Undecided {
            continue;
        }
        let containing: Vec<&Option<bool>> = results
            .iter()
            .filter(|(_, _, in_s)| in_s[p])
            .map(|(_, r, _)| r)
            .collect();
        if !containing.is_empty() && containing.iter().all(|r| **r == Some(false)) {
            refuted.push(p);
        } else {
            open.push(p);
        }
    }
    if !refuted.is_empty() {
        for &p in &refuted {
            s.verdict[p] = Verdict::DoesNotControl;
        }
        findings.push(Finding {
            player: color,
            verdict: Verdict::DoesNotControl,
            points: refuted.into_iter().map(Point::from_index).collect(),
            set: Vec::new(),
            reason: Reason::AllSetsRefuted { sets },
            nodes: nodes_total,
        });
    }
    if !open.is_empty() {
        undecided(s, &open, worst.unwrap_or(Reason::NotProved), 0, findings);
    }
}

/// For each region `u[i]` of a union, the regions of the union it touches through a chain
/// next to both, as a bit mask over `u`'s indices (itself left out).
fn region_adjacency(s: &Side, u: &[u32]) -> Vec<u32> {
    let chains = |i: usize| &s.d.region_chains[u[i] as usize];
    (0..u.len())
        .map(|i| {
            (0..u.len())
                .filter(|&j| j != i && chains(i).iter().any(|c| chains(j).contains(c)))
                .fold(0, |m, j| m | 1 << j)
        })
        .collect()
}

/// Whether the regions of `mask` (bits over a union's indices) form one connected set,
/// through the regions of `mask` only; `adjacent[i]` is the mask of region `i`'s neighbours.
/// A set of regions not connected to the location searched never helps the prover there
/// (docs/control.md "Per location"), so only connected ones are searched.
fn is_connected(mask: u32, adjacent: &[u32]) -> bool {
    // Start from the lowest region of the mask and grow through neighbours inside it.
    let mut reach = mask & mask.wrapping_neg();
    loop {
        let grown = adjacent
            .iter()
            .enumerate()
            .filter(|&(i, _)| reach >> i & 1 == 1)
            .fold(reach, |r, (_, &a)| r | (a & mask));
        if grown == reach {
            return reach == mask;
        }
        reach = grown;
    }
}

fn mark_controls(
    s: &mut Side,
    in_s: &[bool],
    reason: Reason,
    nodes: u64,
    findings: &mut Vec<Finding>,
) {
    let pts: Vec<Point> = (0..in_s.len())
        .filter(|&p| in_s[p])
        .map(Point::from_index)
        .collect();
    let mut newly = Vec::new();
    for &p in &pts {
        if s.verdict[p.index()] != Verdict::Controls {
            s.verdict[p.index()] = Verdict::Controls;
            newly.push(p);
        }
    }
    if newly.is_empty() {
        return;
    }
    findings.push(Finding {
        player: s.color,
        verdict: Verdict::Controls,
        points: newly,
        set: pts,
        reason,
        nodes,
    });
}

fn undecided(s: &Side, pts: &[usize], reason: Reason, nodes: u64, findings: &mut Vec<Finding>) {
    findings.push(Finding {
        player: s.color,
        verdict: Verdict::Undecided,
        points: pts.iter().map(|&p| Point::from_index(p)).collect(),
        set: Vec::new(),
        reason,
        nodes,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::Topology;
    use std::sync::Arc;

    /// A map with the given verdicts and nothing else.
    fn map_of(points: Vec<PointControl>) -> ControlMap {
        ControlMap {
            points,
            findings: Vec::new(),
            nodes: 0,
            budget_exhausted: false,
        }
    }

    #[test]
    fn a_whole_game_search_takes_at_most_a_quarter_of_what_the_position_has_left() {
        // An empty 7×7 board searched whole for Black: hopeless within any small budget. With
        // 400 nodes left and 200,000 allowed a search, it stops after a quarter of the 400.
        let b = rules_core::Board::from_diagram(&["......."; 7]).unwrap();
        let real = Real::new(&b, &[]);
        let options = Options::with_budgets(crate::Budgets::thorough());
        let mut ctx = new_ctx(&options);
        ctx.remaining = 400;
        let in_s = vec![true; b.len()];
        let (outcome, nodes) = solve_h(&real, Color::Black, &in_s, &options, &mut ctx).unwrap();
        assert_eq!(outcome, Outcome::Unknown(Exhausted::Nodes));
        // The node that found the limit passed counts too.
        assert_eq!(nodes, 400 / WHOLE_GAME_SHARE + 1);
        // (The local searches of its decomposition leaves are charged besides.)
        assert!(ctx.remaining <= 400 - nodes);
    }

    /// A location one player is proved to control counts as his in the assessment even when
    /// the other's verdict is open (only mutual control, A21, could change it); a location
    /// with no proved controller and an open verdict is undecided, unless it holds a stone
    /// its opponent is proved not to control.
    #[test]
    fn a_proved_controller_decides_the_assessment_an_open_verdict_alone_does_not() {
        use Verdict::*;
        let topo = Arc::new(Topology::grid(7, 1).unwrap());
        let mut board = Board::new(topo.clone());
        let (a, b, c) = (
            topo.at(0, 0).unwrap(),
            topo.at(1, 0).unwrap(),
            topo.at(2, 0).unwrap(),
        );
        let d = topo.at(3, 0).unwrap();
        let e = topo.at(4, 0).unwrap();
        let (f, g) = (topo.at(5, 0).unwrap(), topo.at(6, 0).unwrap());
        board.setup(&[
            (a, Some(Color::Black)),
            (d, Some(Color::White)),
            (e, Some(Color::White)),
            (g, Some(Color::Black)),
        ]);
        let pc = |black, white| PointControl { black, white };
        // a: a black stone White is proved to control, Black's verdict open;
        // b: empty, White proved, Black open; c: both open; d: a white stone Black is
        // proved not to control, White's own verdict open (decided for counting: it
        // lives, and counts nothing whoever controls it); e: a white stone with Black's
        // verdict open (undecided: it may be dead); f: empty, neither controls (neutral);
        // g: a black stone neither controls (a stone in seki: not neutral, not dead).
        let map = map_of(vec![
            pc(Undecided, Controls),
            pc(Undecided, Controls),
            pc(Undecided, Undecided),
            pc(DoesNotControl, Undecided),
            pc(Undecided, DoesNotControl),
            pc(DoesNotControl, DoesNotControl),
            pc(DoesNotControl, DoesNotControl),
        ]);
        assert_eq!(
            map.control(a),
            Control::Undecided,
            "the map keeps the open verdict"
        );
        let assessment = map.assessment(&board);
        assert_eq!(assessment.dead, vec![a]);
        assert_eq!(assessment.territory[Color::White], vec![a, b]);
        assert_eq!(assessment.undecided, vec![c, e]);
        assert_eq!(assessment.neutral, vec![f]);
        assert_eq!(assessment.ruled_out[Color::White], vec![e]);
        assert!(assessment.ruled_out[Color::Black].is_empty());
    }

    /// Every pair of verdicts gives its combined answer, and the map's accessors select by
    /// it: who controls, what is open, what both control, the share decided.
    #[test]
    fn the_combined_answer_and_the_maps_selections() {
        use Verdict::*;
        let pc = |black, white| PointControl { black, white };
        let all = [Controls, DoesNotControl, Undecided];
        let mut points = Vec::new();
        for black in all {
            for white in all {
                points.push(pc(black, white));
            }
        }
        let expected = [
            Control::Both,
            Control::Black,
            Control::Undecided,
            Control::White,
            Control::Neither,
            Control::Undecided,
            Control::Undecided,
            Control::Undecided,
            Control::Undecided,
        ];
        for (x, want) in points.iter().zip(expected) {
            assert_eq!(x.control(), want, "{x:?}");
            assert_eq!(x.of(Color::Black), x.black);
            assert_eq!(x.of(Color::White), x.white);
        }
        let map = map_of(points);
        let p = Point::from_index;
        assert_eq!(map.len(), 9);
        assert!(!map.is_empty());
        assert_eq!(map.get(p(5)), pc(DoesNotControl, Undecided));
        assert_eq!(map.control(p(3)), Control::White);
        assert_eq!(map.controlled_by(Color::Black), vec![p(0), p(1), p(2)]);
        assert_eq!(map.controlled_by(Color::White), vec![p(0), p(3), p(6)]);
        assert_eq!(map.undecided(), vec![p(2), p(5), p(6), p(7), p(8)]);
        assert_eq!(map.both(), vec![p(0)]);
        assert_eq!(map.coverage(), 4.0 / 9.0);
        let empty = map_of(Vec::new());
        assert!(empty.is_empty());
        assert_eq!(empty.coverage(), 0.0);
    }

    /// Connected sets of regions: a path 0–1–2 and a triangle with a pendant 0–1–2–0, 2–3.
    #[test]
    fn connected_sets_of_regions() {
        let path = [0b010, 0b101, 0b010];
        let connected: Vec<u32> = (1..8).filter(|&m| is_connected(m, &path)).collect();
        assert_eq!(connected, vec![0b001, 0b010, 0b011, 0b100, 0b110, 0b111]);
        let pendant = [0b0110, 0b0101, 0b1011, 0b0100];
        // Every non-empty set but those holding 3 and not 2 with another region.
        let count = (1..16).filter(|&m| is_connected(m, &pendant)).count();
        assert_eq!(count, 12);
        for m in [0b1001, 0b1010, 0b1011] {
            assert!(!is_connected(m, &pendant), "{m:#b}");
        }
    }

    /// Regions touch when a chain lies next to both: on a row `. X . X .` Black's regions
    /// `a` and `c` share the chain `b`, `c` and `e` the chain `d`, and `a` and `e` none.
    #[test]
    fn regions_touch_through_a_chain_next_to_both() {
        let b = rules_core::Board::from_diagram(&[".X.X."]).unwrap();
        let real = Real::new(&b, &[]);
        let mut ctx = new_ctx(&Options::default());
        let side = Side::new(&real, Color::Black, &mut ctx);
        let u: Vec<u32> = [0, 2, 4].map(|p| side.d.regions.id[p]).to_vec();
        assert_eq!(region_adjacency(&side, &u), vec![0b010, 0b101, 0b010]);
        let all: Vec<u32> = [4, 0, 2].map(|p| side.d.regions.id[p]).to_vec();
        assert_eq!(region_adjacency(&side, &all), vec![0b100, 0b100, 0b011]);
    }

    /// Two maps contradict each other only where both decide a verdict and differ; an open
    /// verdict on either side is no contradiction.
    #[test]
    fn contradictions_are_verdicts_both_maps_decide_differently() {
        use Verdict::*;
        let pc = |black, white| PointControl { black, white };
        let a = map_of(vec![
            pc(Controls, DoesNotControl),
            pc(Undecided, Controls),
            pc(DoesNotControl, Undecided),
        ]);
        let b = map_of(vec![
            pc(Controls, Controls),
            pc(DoesNotControl, Undecided),
            pc(Controls, DoesNotControl),
        ]);
        let p = Point::from_index;
        assert_eq!(
            a.contradictions(&b),
            vec![(p(0), Color::White), (p(2), Color::Black)]
        );
        assert_eq!(
            b.contradictions(&a),
            vec![(p(0), Color::White), (p(2), Color::Black)]
        );
        assert!(a.contradictions(&a).is_empty());
    }
}
