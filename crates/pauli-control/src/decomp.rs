//! The decomposition fixpoint (ljr.md §10 technique 3): which prover chains are safe and
//! which *areas* can be cleaned, each area proved by a local game of [`crate::local`].
//!
//! An **area** is a connected union of prover-free regions and of the prover chains inside
//! it (*inner* chains, which may be captured or connected in its local game); the chains
//! next to an area are its **anchors**, assumed safe in its local game. Start: every region
//! its own area, every chain an anchor. A chain that does not get two liberty credits from
//! the areas around it (one from each area that keeps it a liberty, two from an area that is
//! its only one and keeps two — Müller's 1-vital and Niu & Müller's 2-vital regions) is
//! *merged* with those areas into one area (Niu & Müller's region merging), or, if it
//! touches an area that cannot be part of the set at all, excluded together with its areas.
//! At the fixpoint every remaining area must be proved clean.
//!
//! Result: `S` = the remaining areas plus their anchors is bordered, every anchor holds two
//! credits from areas of `S`, every area of `S` has a won local game: `H(p, S)` is won by the
//! prover (the decomposition theorem in [`crate::local`]).

use crate::arena::Side;
use crate::graph::{self, Chains, Graph, NO};
use crate::local::{self, KMode, LocalCtx, LocalResult};
use crate::search::Outcome;

/// How an area was judged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum AreaNote {
    /// Not part of any set: outside the scope, permanently prohibited points, no chain
    /// around it, or next to an excluded chain.
    Unusable,
    /// Holds a refuter chain that can never be captured (two-eye formation or Benson).
    Hostile,
    /// Proved: keeps every anchor a liberty (or its only anchor two) and ends clean.
    Eye { nodes: u64 },
    /// Proved clean (no liberty promised).
    Clean { nodes: u64 },
    /// The local search did not prove it.
    NotProved { nodes: u64, exhausted: bool },
}

/// The outcome of the fixpoint.
pub(crate) struct Decomposition {
    pub chains: Chains,
    pub regions: Chains,
    /// Per chain: in the winning set (anchor or inner chain of a proved area).
    pub chain_in: Vec<bool>,
    /// Per region: in the winning set.
    pub region_in: Vec<bool>,
    /// Per region: the area it belongs to (index into `areas`).
    pub area_of_region: Vec<u32>,
    /// The areas: (regions, inner chains, note).
    pub areas: Vec<(Vec<u32>, Vec<u32>, AreaNote)>,
    /// Every prover chain in scope and every region inside the scope is in the set.
    pub covers_scope: bool,
}

/// Eye credit of an area.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Credit {
    Unknown,
    None,
    /// One liberty to every anchor.
    All,
    /// Two liberties to its only anchor.
    Two,
}

/// Largest area tried as an eye for all its anchors.
pub(crate) const EYE_MAX: usize = 24;
/// Largest area tried as two eyes for its only anchor.
pub(crate) const TWO_EYES_MAX: usize = 48;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ChainState {
    Anchor,
    Inner,
    Excluded,
}

struct Area {
    regions: Vec<u32>,
    inner: Vec<u32>,
    excluded: bool,
    hostile: bool,
    credit: Credit,
    credit_result: Option<LocalResult>,
    /// Anchors next to the area (recomputed after merges).
    anchors: Vec<u32>,
    points: Vec<usize>,
}

/// Runs the fixpoint for the prover of `g` on the points marked in `scope`. With
/// `check_hostile`, regions holding an uncapturable refuter chain are excluded at once.
pub(crate) fn decompose<G: Graph>(
    g: &G,
    scope: &[bool],
    check_hostile: bool,
    ctx: &mut LocalCtx,
) -> Decomposition {
    let ch = graph::chains(g, Side::Prover);
    let rg = graph::free_regions(g, Side::Prover);
    let nc = ch.members.len();
    let nr = rg.members.len();
    // Hostility: refuter chains that are members of his maximal formation or Benson-alive.
    let mut refuter_immortal = vec![false; g.len()];
    if check_hostile {
        let rch = graph::chains(g, Side::Refuter);
        let form = graph::max_formation(g, Side::Refuter, &rch, &[]);
        let alive = graph::benson(g, Side::Refuter, &rch, &[]);
        for (c, m) in rch.members.iter().enumerate() {
            if alive[c] || form[m[0]] {
                for &p in m {
                    refuter_immortal[p] = true;
                }
            }
        }
        for p in 0..g.len() {
            if form[p] {
                refuter_immortal[p] = true;
            }
        }
    }
    let mut region_chains: Vec<Vec<u32>> = vec![Vec::new(); nr];
    let mut chain_regions: Vec<Vec<u32>> = vec![Vec::new(); nc];
    {
        let mut mark = vec![u32::MAX; nc];
        for (r, pts) in rg.members.iter().enumerate() {
            for &p in pts {
                for q in g.nbrs(p) {
                    let c = ch.id[q];
                    if c != NO && mark[c as usize] != r as u32 {
                        mark[c as usize] = r as u32;
                        region_chains[r].push(c);
                        chain_regions[c as usize].push(r as u32);
                    }
                }
            }
        }
    }
    let mut areas: Vec<Area> = Vec::with_capacity(nr);
    let mut area_of: Vec<u32> = (0..nr as u32).collect();
    for (r, pts) in rg.members.iter().enumerate() {
        let inside = pts.iter().all(|&p| scope[p] && !g.perm(p));
        let hostile = pts.iter().any(|&p| refuter_immortal[p]);
        areas.push(Area {
            regions: vec![r as u32],
            inner: Vec::new(),
            excluded: !inside || hostile || region_chains[r].is_empty(),
            hostile,
            credit: Credit::Unknown,
            credit_result: None,
            anchors: region_chains[r].clone(),
            points: pts.clone(),
        });
    }
    let mut state: Vec<ChainState> = ch
        .members
        .iter()
        .map(|m| {
            if m.iter().all(|&p| scope[p]) {
                ChainState::Anchor
            } else {
                ChainState::Excluded
            }
        })
        .collect();
    // Chains out of scope exclude their areas.
    for c in 0..nc {
        if state[c] == ChainState::Excluded {
            for &r in &chain_regions[c] {
                areas[r as usize].excluded = true;
            }
        }
    }
    loop {
        let mut changed = false;
        for c in 0..nc {
            if state[c] != ChainState::Anchor {
                continue;
            }
            // Areas next to c (distinct).
            let mut adj: Vec<u32> = chain_regions[c]
                .iter()
                .map(|&r| area_of[r as usize])
                .collect();
            adj.sort_unstable();
            adj.dedup();
            let mut credits = 0;
            for &a in &adj {
                let a = a as usize;
                if areas[a].excluded {
                    continue;
                }
                if areas[a].credit == Credit::Unknown {
                    let (cr, res) = eye_credit(g, &areas[a], &ch, ctx);
                    areas[a].credit = cr;
                    areas[a].credit_result = res;
                }
                credits += match areas[a].credit {
                    Credit::All => 1,
                    Credit::Two => 2,
                    _ => 0,
                };
                if credits >= 2 {
                    break;
                }
            }
            if credits >= 2 {
                continue;
            }
            changed = true;
            if adj.iter().any(|&a| areas[a as usize].excluded) {
                // A chain next to the outside of every possible set must be safe.
                state[c] = ChainState::Excluded;
                for &a in &adj {
                    exclude(&mut areas, &mut state, a as usize);
                }
            } else {
                // Merge c and its areas into the first of them.
                state[c] = ChainState::Inner;
                let target = adj[0] as usize;
                for &a in &adj[1..] {
                    let a = a as usize;
                    let (regions, inner, points) = (
                        std::mem::take(&mut areas[a].regions),
                        std::mem::take(&mut areas[a].inner),
                        std::mem::take(&mut areas[a].points),
                    );
                    for &r in &regions {
                        area_of[r as usize] = target as u32;
                    }
                    areas[target].regions.extend(regions);
                    areas[target].inner.extend(inner);
                    areas[target].points.extend(points);
                    areas[a].excluded = true; // emptied
                    areas[a].anchors.clear();
                }
                areas[target].inner.push(c as u32);
                areas[target].points.extend(ch.members[c].iter().copied());
                let mut anchors: Vec<u32> = areas[target]
                    .regions
                    .iter()
                    .flat_map(|&r| region_chains[r as usize].iter().copied())
                    .filter(|&x| state[x as usize] == ChainState::Anchor)
                    .collect();
                anchors.sort_unstable();
                anchors.dedup();
                areas[target].anchors = anchors;
                areas[target].credit = Credit::Unknown;
                areas[target].credit_result = None;
            }
        }
        if !changed {
            break;
        }
    }
    // Every remaining area must end clean.
    let mut notes = vec![AreaNote::Unusable; areas.len()];
    for (a, area) in areas.iter_mut().enumerate() {
        if area.regions.is_empty() {
            continue;
        }
        if area.excluded {
            notes[a] = if area.hostile {
                AreaNote::Hostile
            } else {
                AreaNote::Unusable
            };
            continue;
        }
        match area.credit {
            Credit::All | Credit::Two => {
                notes[a] = AreaNote::Eye {
                    nodes: area.credit_result.map_or(0, |x| x.nodes),
                };
            }
            _ => {
                let res = local::solve(g, &area.points, &ch.id, KMode::Clean, ctx);
                if res.proved() {
                    notes[a] = AreaNote::Clean { nodes: res.nodes };
                } else {
                    if std::env::var("PC_DEBUG").is_ok() {
                        let pts = &area.points;
                        let rs = pts.iter().filter(|&&p| g.stone(p) == Some(Side::Refuter)).count();
                        let ps = pts.iter().filter(|&&p| g.stone(p) == Some(Side::Prover)).count();
                        let q = pts
                            .iter()
                            .filter(|&&p| {
                                !g.nbrs(p).any(|x| g.stone(x) == Some(Side::Prover) && !pts.contains(&x))
                            })
                            .count();
                        eprintln!(
                            "area size {} refuter {} inner {} interior {} anchors {} outcome {:?} nodes {}",
                            pts.len(), rs, ps, q, area.anchors.len(), res.outcome, res.nodes
                        );
                    }
                    let prior = area.credit_result.map_or(0, |x| x.nodes);
                    notes[a] = AreaNote::NotProved {
                        nodes: res.nodes + prior,
                        exhausted: matches!(res.outcome, Outcome::Unknown(_)),
                    };
                    area.excluded = true;
                }
            }
        }
    }
    let mut region_in = vec![false; nr];
    let mut chain_in = vec![false; nc];
    for area in &areas {
        if area.excluded || area.regions.is_empty() {
            continue;
        }
        for &r in &area.regions {
            region_in[r as usize] = true;
            for &c in &region_chains[r as usize] {
                chain_in[c as usize] = true;
            }
        }
        for &c in &area.inner {
            chain_in[c as usize] = true;
        }
    }
    let covers_scope = (0..nc).all(|c| chain_in[c] || !ch.members[c].iter().any(|&p| scope[p]))
        && (0..nr).all(|r| region_in[r] || !rg.members[r].iter().all(|&p| scope[p]));
    let out_areas = areas
        .into_iter()
        .zip(notes)
        .map(|(a, n)| (a.regions, a.inner, n))
        .collect();
    Decomposition {
        chains: ch,
        regions: rg,
        chain_in,
        region_in,
        area_of_region: area_of,
        areas: out_areas,
        covers_scope,
    }
}

/// Excludes an area and, transitively, the inner chains in it.
fn exclude(areas: &mut [Area], state: &mut [ChainState], a: usize) {
    areas[a].excluded = true;
    for &c in &areas[a].inner {
        state[c as usize] = ChainState::Excluded;
    }
}

/// The eye credit of an area: a single empty point is an eye for every anchor without
/// search; small areas are searched.
fn eye_credit<G: Graph>(
    g: &G,
    area: &Area,
    ch: &Chains,
    ctx: &mut LocalCtx,
) -> (Credit, Option<LocalResult>) {
    let pts = &area.points;
    if pts.len() == 1 && g.stone(pts[0]).is_none() {
        // Already clean: an empty point whose neighbours are all prover stones.
        return (Credit::All, None);
    }
    let mut spent = 0;
    if area.anchors.len() == 1 && pts.len() <= TWO_EYES_MAX {
        let r = local::solve(g, pts, &ch.id, KMode::TwoEyes(area.anchors[0]), ctx);
        spent += r.nodes;
        if r.proved() {
            return (Credit::Two, Some(r));
        }
    }
    if pts.len() <= EYE_MAX && !area.anchors.is_empty() {
        let mut r = local::solve(g, pts, &ch.id, KMode::EyeForAll, ctx);
        r.nodes += spent;
        if r.proved() {
            return (Credit::All, Some(r));
        }
        return (Credit::None, Some(r));
    }
    (Credit::None, None)
}
