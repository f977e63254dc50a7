//! The decomposition fixpoint (ljr.md §10 technique 3): which prover chains are safe and
//! which *areas* can be cleaned, each area proved by a local game of [`crate::local`].
//!
//! * An **area** is a prover-free region, plus the prover chains whose liberties all lie in it
//!   (*inner* chains: stones inside a territory, which its local game may capture or
//!   connect). The other chains next to an area are its **anchors**, assumed safe in its
//!   local game.
//! * Two anchors with two common liberties in one area are **linked** there: a miai
//!   connection that area's local game must keep (a `Connect` requirement). Linked anchors form
//!   **groups** (a spanning forest of links, preferring small areas).
//! * An area gives each group next to it **credits**: as many liberties (0, 1 or 2) as its
//!   local game keeps that group at every refuter-to-move position (Müller's 1-vital and
//!   Niu & Müller's 2-vital regions, for groups). It is asked for two for every group; else
//!   for what each group still *needs*, two less the credits of the other areas (a group
//!   already given two elsewhere is owed nothing here: its liberties in this area are not
//!   asked for); else for one each. A group needs two credits in all; otherwise its chains
//!   are dropped with every area next to them (an area cannot be part of the set without all
//!   the chains around it). Any choice of what to ask is sound — each credit is a won local
//!   game — the choices only decide which proofs are found. The areas are judged smallest
//!   first, so a first round knows the credits of the smaller areas only; when a group is
//!   still short, a second round asks each area again with the credits of all the others.
//! * At the fixpoint every remaining area must be proved clean (with its links kept); an area
//!   that is not is dropped, which may cut links, so the fixpoint runs again.
//! * **Joined areas.** Credits are per area, so a chain between two eye spaces, owed a
//!   liberty by each, is dropped when one of them cannot keep it a liberty at *every*
//!   moment on its own (a refuter stone next to its only liberty there), even where the two
//!   together keep it alive. When the fixpoint leaves such chains dropped (every region
//!   next to them usable), a second pass makes each an inner chain of one area made of all
//!   its regions (at most [`MERGE_MAX`] points): its liberties then all lie in that area,
//!   which is what an inner chain is, and the joined area's local game decides it with the
//!   rest. The larger of the two winning sets is kept.
//!
//! Result: `S` = the remaining areas plus their anchors is bordered, every group keeps a
//! liberty at every moment (two credits, or an open link's two common liberties), every
//! area has a won local game: `H(p, S)` is won by the prover (the decomposition theorem in
//! [`crate::local`], which holds for linked groups as shown there).

use crate::arena::Side;
use crate::graph::{self, Chains, Graph, NO};
use crate::local::{self, LocalCtx, LocalResult, Req};
use crate::search::Outcome;
use rustc_hash::FxHashMap as HashMap;

/// How an area was judged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum AreaNote {
    /// Not part of any set: outside the scope, permanently prohibited points, no chain
    /// around it, or next to a dropped chain.
    Unusable,
    /// Holds a refuter chain that can never be captured (two-eye formation or Benson).
    Hostile,
    /// Proved: keeps the groups around it their liberties and ends clean.
    Eye { nodes: u64 },
    /// Proved clean (no liberty promised).
    Clean { nodes: u64 },
    /// The local search did not prove it, and the area was dropped. (Its node count is only
    /// printed by the debug output, so the note does not keep one.)
    NotProved,
}

/// The outcome of the fixpoint: the chains and regions of the prover with their adjacency,
/// and the pass that was kept.
pub(crate) struct Decomposition {
    pub chains: Chains,
    pub regions: Chains,
    /// Per region: the chains next to it.
    pub region_chains: Vec<Vec<u32>>,
    /// Per chain: the regions next to it.
    pub chain_regions: Vec<Vec<u32>>,
    /// The winning set and how each area was judged.
    pub kept: Pass,
}

/// What one pass of [`decompose`] proved, over the chains and regions of its [`Setup`].
pub(crate) struct Pass {
    /// Per chain: in the winning set (anchor or inner chain of a proved area).
    pub chain_in: Vec<bool>,
    /// Per chain: in the winning set as an anchor, so never captured while the prover plays
    /// the composed strategy (inner chains may be, inside their areas' local games).
    pub anchor: Vec<bool>,
    /// Per region: in the winning set.
    pub region_in: Vec<bool>,
    /// Per region: the area it belongs to.
    pub area_of_region: Vec<u32>,
    /// Per area: its note.
    pub area_notes: Vec<AreaNote>,
    /// Every prover chain in scope and every region inside the scope is in the set.
    pub covers_scope: bool,
    /// Per chain: dropped because its group was short of credits with every region next to
    /// it usable (a candidate for the second pass, which merges them).
    short: Vec<bool>,
}

/// Eye credit of an area: the liberties (0, 1 or 2) its local game keeps for each group next
/// to it, in the order of the area's signature.
type Credit = Vec<u8>;

/// A credit judged: the group signature and the needs it was asked for, what the area gives,
/// and the search that showed it.
struct Judged {
    sig: Vec<Vec<u32>>,
    need: Vec<u8>,
    credit: Credit,
    result: LocalResult,
}

/// Largest area tried as giving liberty credits.
pub(crate) const EYE_MAX: usize = 40;
/// Largest area a chain is merged into as an inner chain.
pub(crate) const MERGE_MAX: usize = 60;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ChainState {
    Anchor,
    Inner,
    Excluded,
}

struct Area {
    /// The regions of the area: one, or several joined through inner chains between them.
    regions: Vec<u32>,
    inner: Vec<u32>,
    excluded: bool,
    anchors: Vec<u32>,
    points: Vec<usize>,
    /// The last credit judged.
    credit: Option<Judged>,
    note: AreaNote,
}

struct Link {
    a: u32,
    b: u32,
    area: u32,
}

/// The root of `x` in the union-find forest `uf` (each entry its parent, roots their own),
/// compressing the path on the way.
pub(crate) fn find(uf: &mut [u32], x: u32) -> u32 {
    let mut r = x;
    while uf[r as usize] != r {
        r = uf[r as usize];
    }
    let mut y = x;
    while uf[y as usize] != r {
        let n = uf[y as usize];
        uf[y as usize] = r;
        y = n;
    }
    r
}

/// Runs the fixpoint for the prover of `g` on the points marked in `scope`. With
/// `check_hostile`, regions holding an uncapturable refuter chain are dropped at once.
pub(crate) fn decompose<G: Graph>(
    g: &G,
    scope: &[bool],
    check_hostile: bool,
    ctx: &mut LocalCtx,
) -> Decomposition {
    let setup = Setup::new(g, check_hostile);
    let first = decompose_with(g, scope, &setup, &[], ctx);
    if first.covers_scope || !first.short.iter().any(|&s| s) {
        return setup.into_decomposition(first);
    }
    // Second pass: the chains dropped for want of credits become inner chains of one area
    // made of all their regions. Both passes are sound; the larger set is kept. (A third
    // pass, merging the chains the second one drops as well, gained nothing on 30 counted
    // games per source.)
    let second = decompose_with(g, scope, &setup, &first.short, ctx);
    let size = |d: &Pass| {
        d.chain_in.iter().filter(|&&x| x).count() + d.region_in.iter().filter(|&&x| x).count()
    };
    if size(&second) > size(&first) {
        if crate::debug() {
            eprintln!(
                "merged pass: {} > {} chains and regions",
                size(&second),
                size(&first)
            );
        }
        setup.into_decomposition(second)
    } else {
        setup.into_decomposition(first)
    }
}

/// What both passes of [`decompose`] start from: the prover's chains and regions, which
/// chains touch which regions, and the refuter's stones that can never be captured.
struct Setup {
    ch: Chains,
    rg: Chains,
    /// Refuter stones in his maximal formation or Benson-alive (only with `check_hostile`).
    refuter_immortal: Vec<bool>,
    region_chains: Vec<Vec<u32>>,
    chain_regions: Vec<Vec<u32>>,
}

impl Setup {
    fn new<G: Graph>(g: &G, check_hostile: bool) -> Setup {
        let ch = graph::chains(g, Side::Prover);
        let rg = graph::free_regions(g, Side::Prover);
        let nc = ch.members.len();
        let nr = rg.members.len();
        // Hostility: refuter chains that are members of his maximal formation or
        // Benson-alive.
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
        Setup {
            ch,
            rg,
            refuter_immortal,
            region_chains,
            chain_regions,
        }
    }

    /// The result: the pass kept, with the chains and regions it speaks of (moved, not
    /// copied: only one pass is kept).
    fn into_decomposition(self, kept: Pass) -> Decomposition {
        Decomposition {
            chains: self.ch,
            regions: self.rg,
            region_chains: self.region_chains,
            chain_regions: self.chain_regions,
            kept,
        }
    }
}

/// [`decompose`] with the chains marked in `merge` (when every region next to them is usable
/// and the result not larger than [`MERGE_MAX`]) made inner chains of one area joining their
/// regions: such a chain has all its liberties in that area, which is what makes a chain
/// inner (the local game may capture it, or must end with it clean, two liberties), so the
/// decomposition theorem holds for the joined area as for any other.
fn decompose_with<G: Graph>(
    g: &G,
    scope: &[bool],
    setup: &Setup,
    merge: &[bool],
    ctx: &mut LocalCtx,
) -> Pass {
    let Setup {
        ch,
        rg,
        refuter_immortal,
        region_chains,
        chain_regions,
    } = setup;
    let nc = ch.members.len();
    let nr = rg.members.len();
    let mut areas: Vec<Area> = rg
        .members
        .iter()
        .enumerate()
        .map(|(r, pts)| {
            let inside = pts.iter().all(|&p| scope[p] && !g.perm(p));
            let hostile = pts.iter().any(|&p| refuter_immortal[p]);
            Area {
                regions: vec![r as u32],
                inner: Vec::new(),
                excluded: !inside || hostile || region_chains[r].is_empty(),
                anchors: region_chains[r].clone(),
                points: pts.clone(),
                credit: None,
                note: if hostile {
                    AreaNote::Hostile
                } else {
                    AreaNote::Unusable
                },
            }
        })
        .collect();
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
    // Chains whose liberties all lie in one area become inner chains of it.
    for c in 0..nc {
        if state[c] == ChainState::Anchor && chain_regions[c].len() == 1 {
            let a = chain_regions[c][0] as usize;
            if !areas[a].excluded && areas[a].points.len() + ch.members[c].len() <= MERGE_MAX {
                state[c] = ChainState::Inner;
                areas[a].inner.push(c as u32);
                areas[a].points.extend(ch.members[c].iter().copied());
                areas[a].anchors.retain(|&x| x != c as u32);
            }
        }
    }
    // The area of every region (regions are joined by the merges below).
    let mut area_of: Vec<u32> = (0..nr as u32).collect();
    for c in (0..nc).filter(|&c| merge.get(c) == Some(&true)) {
        if state[c] != ChainState::Anchor {
            continue;
        }
        let mut ars: Vec<usize> = chain_regions[c]
            .iter()
            .map(|&r| area_of[r as usize] as usize)
            .collect();
        ars.sort_unstable();
        ars.dedup();
        let size = ch.members[c].len() + ars.iter().map(|&a| areas[a].points.len()).sum::<usize>();
        if ars.len() < 2 || size > MERGE_MAX || ars.iter().any(|&a| areas[a].excluded) {
            continue;
        }
        let target = ars[0];
        for &a in &ars[1..] {
            let moved = std::mem::take(&mut areas[a].points);
            areas[target].points.extend(moved);
            let inner = std::mem::take(&mut areas[a].inner);
            areas[target].inner.extend(inner);
            let anchors = std::mem::take(&mut areas[a].anchors);
            areas[target].anchors.extend(anchors);
            let regions = std::mem::take(&mut areas[a].regions);
            for &r in &regions {
                area_of[r as usize] = target as u32;
            }
            areas[target].regions.extend(regions);
            areas[a].excluded = true;
        }
        state[c] = ChainState::Inner;
        let t = &mut areas[target];
        t.inner.push(c as u32);
        t.points.extend(ch.members[c].iter().copied());
        t.anchors.sort_unstable();
        t.anchors.dedup();
        t.anchors.retain(|&x| x != c as u32);
    }
    let area_of = area_of;
    for c in 0..nc {
        if state[c] == ChainState::Excluded {
            drop_chain(c, chain_regions, &area_of, &mut areas, &mut state);
        }
    }
    // Which chains were dropped for want of credits with all their regions usable.
    let usable: Vec<bool> = areas.iter().map(|a| !a.excluded).collect();
    let mut short = vec![false; nc];
    // Candidate links: anchor pairs with two common empty liberties in one area.
    let mut links: Vec<Link> = Vec::new();
    {
        let mut common: HashMap<(u32, u32, u32), u32> = HashMap::default();
        let mut near: Vec<u32> = Vec::new();
        for (ai, area) in areas.iter().enumerate() {
            if area.excluded {
                continue;
            }
            for &p in &area.points {
                if g.stone(p).is_some() {
                    continue;
                }
                near.clear();
                near.extend(
                    g.nbrs(p)
                        .map(|q| ch.id[q])
                        .filter(|&c| c != NO && state[c as usize] == ChainState::Anchor),
                );
                near.sort_unstable();
                near.dedup();
                for i in 0..near.len() {
                    for j in i + 1..near.len() {
                        *common.entry((near[i], near[j], ai as u32)).or_default() += 1;
                    }
                }
            }
        }
        let mut cand: Vec<(usize, u32, u32, u32)> = common
            .into_iter()
            .filter(|&(_, n)| n >= 2)
            .map(|((a, b, ar), _)| (areas[ar as usize].points.len(), a, b, ar))
            .collect();
        cand.sort_unstable();
        let mut uf: Vec<u32> = (0..nc as u32).collect();
        for (_, a, b, ar) in cand {
            let (ra, rb) = (find(&mut uf, a), find(&mut uf, b));
            if ra != rb {
                uf[ra as usize] = rb;
                links.push(Link { a, b, area: ar });
            }
        }
    }
    // The most credit each area could give a group next to it (see `eye_credit`): none when
    // no local search can prove it with a liberty asked for, one for a single empty point,
    // else two.
    let most: Vec<u32> = areas
        .iter()
        .map(|a| {
            if a.excluded {
                return 0;
            }
            match credit_without_search(g, &a.points) {
                Some(k) => u32::from(k),
                None if local::out_of_reach(g, &a.points, ctx) => 0,
                None => 2,
            }
        })
        .collect();
    // Drops every anchor chain whose group has fewer than two `credits` (by group root) with
    // its areas, marking in `short` those whose regions were all usable; whether any was.
    let drop_short = |credits: &[u32],
                      groups: &[u32],
                      areas: &mut [Area],
                      state: &mut [ChainState],
                      short: &mut [bool]| {
        let mut changed = false;
        for c in 0..nc {
            if state[c] == ChainState::Anchor && credits[groups[c] as usize] < 2 {
                if crate::debug() {
                    eprintln!(
                        "drop chain of {} stones: group credits {}",
                        ch.members[c].len(),
                        credits[groups[c] as usize]
                    );
                }
                short[c] = all_usable(&chain_regions[c], &area_of, &usable);
                drop_chain(c, chain_regions, &area_of, areas, state);
                changed = true;
            }
        }
        changed
    };
    loop {
        // Groups that could not get two credits even if every area gave them the most it
        // could are dropped before any search: the fixpoint below would drop them too, after
        // spending nodes on their areas.
        loop {
            let groups = group_ids(nc, &state, &links, &areas);
            let mut best = vec![0u32; nc];
            for (ai, area) in areas.iter().enumerate().filter(|(_, a)| !a.excluded) {
                for grp in signature(area, &groups) {
                    best[groups[grp[0] as usize] as usize] += most[ai];
                }
            }
            if !drop_short(&best, &groups, &mut areas, &mut state, &mut short) {
                break;
            }
        }
        // The fixpoint of groups and credits.
        loop {
            let groups = group_ids(nc, &state, &links, &areas);
            // Cheapest areas first; an area is searched only for a group still short of two
            // credits. A second round, when a group is short after the first, asks each area
            // for what its groups need beyond the credits of all the other areas (the first
            // round only knew those of the smaller ones).
            let mut order: Vec<usize> = (0..areas.len()).filter(|&a| !areas[a].excluded).collect();
            order.sort_by_key(|&a| areas[a].points.len());
            let mut credits = vec![0u32; nc];
            let mut given: Vec<Vec<u8>> = vec![Vec::new(); areas.len()];
            for round in 0..2 {
                // Credits of the areas not yet judged in this round, as the last round gave
                // them (none in the first round).
                let mut rest = credits.clone();
                if round == 1 {
                    if !(0..nc)
                        .any(|c| state[c] == ChainState::Anchor && credits[groups[c] as usize] < 2)
                    {
                        break;
                    }
                    credits = vec![0u32; nc];
                }
                for &ai in &order {
                    let sig = signature(&areas[ai], &groups);
                    for (grp, &c) in sig.iter().zip(&given[ai]) {
                        rest[groups[grp[0] as usize] as usize] -= u32::from(c);
                    }
                    // What each group still needs beyond the other areas' credits.
                    let need: Vec<u8> = sig
                        .iter()
                        .map(|grp| {
                            let root = groups[grp[0] as usize] as usize;
                            2 - (credits[root] + rest[root]).min(2) as u8
                        })
                        .collect();
                    let fresh = areas[ai]
                        .credit
                        .as_ref()
                        .is_some_and(|j| j.sig == sig && j.need == need);
                    if !fresh {
                        if need.iter().all(|&k| k == 0) {
                            given[ai] = vec![0; sig.len()];
                            continue;
                        }
                        let base = connects(&links, ai);
                        let (credit, result) =
                            eye_credit(g, &areas[ai], &sig, &need, base, ch, ctx);
                        areas[ai].credit = Some(Judged {
                            sig: sig.clone(),
                            need,
                            credit,
                            result,
                        });
                    }
                    given[ai] = match &areas[ai].credit {
                        Some(j) if j.sig == sig => j.credit.clone(),
                        _ => vec![0; sig.len()],
                    };
                    for (grp, &c) in sig.iter().zip(&given[ai]) {
                        credits[groups[grp[0] as usize] as usize] += u32::from(c);
                    }
                }
            }
            if !drop_short(&credits, &groups, &mut areas, &mut state, &mut short) {
                break;
            }
        }
        // Every remaining area must end clean (with its links kept).
        let mut dropped = false;
        for ai in 0..areas.len() {
            if areas[ai].excluded {
                continue;
            }
            let groups = group_ids(nc, &state, &links, &areas);
            let sig = signature(&areas[ai], &groups);
            let current = areas[ai]
                .credit
                .as_ref()
                .filter(|j| j.sig == sig)
                .map(|j| (j.credit.iter().any(|&c| c > 0), j.result));
            match current {
                Some((true, res)) => {
                    areas[ai].note = AreaNote::Eye { nodes: res.nodes };
                }
                _ => {
                    let reqs = connects(&links, ai);
                    let res = local::solve(g, &areas[ai].points, &ch.id, &reqs, ctx);
                    if res.proved() {
                        areas[ai].note = AreaNote::Clean { nodes: res.nodes };
                    } else {
                        areas[ai].note = AreaNote::NotProved;
                        if crate::debug() {
                            debug_area(g, &areas[ai], &res);
                        }
                        exclude_area(ai, &mut areas, &mut state);
                        dropped = true;
                    }
                }
            }
        }
        if !dropped {
            break;
        }
    }
    let mut region_in = vec![false; nr];
    let mut chain_in = vec![false; nc];
    for area in &areas {
        if area.excluded {
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
    let anchor = (0..nc)
        .map(|c| chain_in[c] && state[c] == ChainState::Anchor)
        .collect();
    Pass {
        chain_in,
        anchor,
        region_in,
        area_of_region: area_of,
        area_notes: areas.iter().map(|a| a.note).collect(),
        covers_scope,
        short,
    }
}

fn debug_area<G: Graph>(g: &G, area: &Area, res: &LocalResult) {
    let pts = &area.points;
    let rs = pts
        .iter()
        .filter(|&&p| g.stone(p) == Some(Side::Refuter))
        .count();
    let ps = pts
        .iter()
        .filter(|&&p| g.stone(p) == Some(Side::Prover))
        .count();
    let q = pts
        .iter()
        .filter(|&&p| {
            !g.nbrs(p)
                .any(|x| g.stone(x) == Some(Side::Prover) && !pts.contains(&x))
        })
        .count();
    if crate::debug() {
        let cells: Vec<String> = pts
            .iter()
            .map(|&p| {
                format!(
                    "{}:{}",
                    g.origin(p),
                    match g.stone(p) {
                        None => '.',
                        Some(Side::Prover) => 'p',
                        Some(Side::Refuter) => 'r',
                    }
                )
            })
            .collect();
        let anchors: Vec<String> = area.anchors.iter().map(|c| format!("{c}")).collect();
        eprintln!("AREA {} | {}", cells.join(" "), anchors.join(","));
    }
    eprintln!(
        "area not proved: size {} refuter {} inner {} interior {} anchors {}: {:?} in {} nodes",
        pts.len(),
        rs,
        ps,
        q,
        area.anchors.len(),
        res.outcome,
        res.nodes
    );
}

/// Whether every region of a chain (`regions`) lies in an area that was usable when the
/// pass began: a chain dropped for want of credits with all of them usable is a candidate
/// for the second pass, which joins them (`Pass::short`).
fn all_usable(regions: &[u32], area_of: &[u32], usable: &[bool]) -> bool {
    regions
        .iter()
        .all(|&r| usable[area_of[r as usize] as usize])
}

/// Drops a chain: it and every area next to it leave the set.
fn drop_chain(
    c: usize,
    chain_regions: &[Vec<u32>],
    area_of: &[u32],
    areas: &mut [Area],
    state: &mut [ChainState],
) {
    state[c] = ChainState::Excluded;
    for &r in &chain_regions[c] {
        exclude_area(area_of[r as usize] as usize, areas, state);
    }
}

fn exclude_area(a: usize, areas: &mut [Area], state: &mut [ChainState]) {
    if areas[a].excluded {
        return;
    }
    areas[a].excluded = true;
    if matches!(areas[a].note, AreaNote::Eye { .. } | AreaNote::Clean { .. }) {
        areas[a].note = AreaNote::Unusable;
    }
    for &c in &areas[a].inner {
        state[c as usize] = ChainState::Excluded;
    }
}

/// Group of every chain (a representative chain id), through links in usable areas.
fn group_ids(nc: usize, state: &[ChainState], links: &[Link], areas: &[Area]) -> Vec<u32> {
    let mut uf: Vec<u32> = (0..nc as u32).collect();
    for l in links {
        if !areas[l.area as usize].excluded
            && state[l.a as usize] == ChainState::Anchor
            && state[l.b as usize] == ChainState::Anchor
        {
            let (ra, rb) = (find(&mut uf, l.a), find(&mut uf, l.b));
            if ra != rb {
                uf[ra as usize] = rb;
            }
        }
    }
    (0..nc as u32).map(|c| find(&mut uf, c)).collect()
}

/// The groups next to an area, each as the sorted list of its member chains next to it.
fn signature(area: &Area, groups: &[u32]) -> Vec<Vec<u32>> {
    let mut by: Vec<(u32, u32)> = area
        .anchors
        .iter()
        .map(|&c| (groups[c as usize], c))
        .collect();
    by.sort_unstable();
    let mut out: Vec<Vec<u32>> = Vec::new();
    let mut last = u32::MAX;
    for (gid, c) in by {
        if gid != last {
            out.push(Vec::with_capacity(4));
            last = gid;
        }
        out.last_mut().expect("group").push(c);
    }
    out
}

/// The links an area must keep.
fn connects(links: &[Link], area: usize) -> Vec<Req> {
    links
        .iter()
        .filter(|l| l.area as usize == area)
        .map(|l| Req::Connect { a: l.a, b: l.b })
        .collect()
}

/// The credit an area gives every group next to it when no search is made: one for a single
/// empty point (already clean: its neighbours are all prover stones), none for an area of
/// more than [`EYE_MAX`] points (not tried for credits).
fn credit_without_search<G: Graph>(g: &G, pts: &[usize]) -> Option<u8> {
    if pts.len() == 1 && g.stone(pts[0]).is_none() {
        Some(1)
    } else if pts.len() > EYE_MAX {
        Some(0)
    } else {
        None
    }
}

/// The credit of an area for the groups next to it (`sig`), its local game keeping the links
/// `base`: two liberties for every group; else what each group still needs (`need`: two less
/// the credits the other areas give it; a group owed none is kept alive by those areas, its
/// liberties here are not asked for); else one for each. A single empty point needs no
/// search. A question already asked is not asked again, nor one asking at least as much of every
/// group as one disproved (asking more only makes the local game harder).
fn eye_credit<G: Graph>(
    g: &G,
    area: &Area,
    sig: &[Vec<u32>],
    need: &[u8],
    base: Vec<Req>,
    ch: &Chains,
    ctx: &mut LocalCtx,
) -> (Credit, LocalResult) {
    let none = LocalResult {
        outcome: Outcome::Disproved,
        nodes: 0,
    };
    let pts = &area.points;
    let zero = vec![0; sig.len()];
    if sig.is_empty() {
        return (zero, none);
    }
    if let Some(k) = credit_without_search(g, pts) {
        return (vec![k; sig.len()], none);
    }
    let mut spent = 0;
    let mut last = none;
    // The questions asked, and whether each was disproved.
    let mut asked: Vec<(Credit, bool)> = Vec::new();
    for ks in [vec![2; sig.len()], need.to_vec(), vec![1; sig.len()]] {
        if ks.iter().all(|&k| k == 0)
            || asked
                .iter()
                .any(|(a, lost)| *a == ks || *lost && a.iter().zip(&ks).all(|(x, y)| x <= y))
        {
            continue;
        }
        let mut reqs = base.clone();
        for (grp, &k) in sig.iter().zip(&ks).filter(|x| *x.1 > 0) {
            reqs.push(Req::Libs {
                members: grp.clone(),
                k,
            });
        }
        let mut r = local::solve(g, pts, &ch.id, &reqs, ctx);
        spent += r.nodes;
        if r.proved() {
            r.nodes = spent;
            return (ks, r);
        }
        asked.push((ks, r.outcome == Outcome::Disproved));
        last = r;
    }
    last.nodes = spent;
    (zero, last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::real::Real;
    use rules_core::{Board, Color};

    /// White's decomposition of `rows`, and the chain ids of the points `(x, y)` of `at`.
    fn white(rows: &[&str], at: &[(usize, usize)]) -> (Decomposition, Vec<u32>) {
        let b = Board::from_diagram(rows).unwrap();
        let real = Real::new(&b, &[]);
        let mut ctx = crate::control::new_ctx(&crate::Options::default());
        let d = decompose(
            &real.view(Color::White),
            &vec![true; real.len()],
            true,
            &mut ctx,
        );
        let ids = at
            .iter()
            .map(|&(x, y)| d.chains.id[b.topology().at(x, y).unwrap().index()])
            .collect();
        (d, ids)
    }

    #[test]
    fn a_chain_with_all_its_liberties_in_one_region_is_an_inner_chain() {
        // White's stone b5 inside his walled 3×3 corner: its only region is the corner, so it
        // belongs to the corner's area, for the local game to keep or capture, rather than
        // being an anchor assumed safe. The corner is proved, the stone in the set as an inner
        // chain; the wall is an anchor.
        let rows = ["...OX.", ".O.OX.", "...OX.", "OOOOX.", "XXXXX.", "......"];
        let (d, ids) = white(&rows, &[(1, 1), (3, 0)]);
        let (stone, wall) = (ids[0] as usize, ids[1] as usize);
        assert!(d.kept.chain_in[stone]);
        assert!(!d.kept.anchor[stone]);
        assert!(d.kept.chain_in[wall] && d.kept.anchor[wall]);
    }

    #[test]
    fn the_first_pass_keeps_a_chain_between_two_eyes_as_an_anchor() {
        // White's chain around the one-point eyes a6 and c6, on an otherwise empty board:
        // every region next to it is usable and the three together are small enough to join,
        // but only a chain the first pass dropped for want of credits is merged. This one has
        // two credits, so it stays an anchor and its two eyes stay two areas.
        let rows = [".O.O..", "OOOO..", "......", "......", "......", "......"];
        let (d, ids) = white(&rows, &[(1, 0)]);
        let chain = ids[0] as usize;
        assert!(d.kept.chain_in[chain] && d.kept.anchor[chain]);
        let b = Board::from_diagram(&rows).unwrap();
        let region = |x: usize, y: usize| d.regions.id[b.topology().at(x, y).unwrap().index()];
        let (a6, c6) = (region(0, 0) as usize, region(2, 0) as usize);
        assert!(d.kept.region_in[a6] && d.kept.region_in[c6]);
        assert_ne!(d.kept.area_of_region[a6], d.kept.area_of_region[c6]);
    }

    /// An area of `points` next to the anchor chains `anchors`, not yet judged.
    fn area(points: Vec<usize>, anchors: Vec<u32>) -> Area {
        Area {
            regions: vec![0],
            inner: Vec::new(),
            excluded: false,
            anchors,
            points,
            credit: None,
            note: AreaNote::Unusable,
        }
    }

    #[test]
    fn the_credit_without_search_is_one_for_a_single_empty_point_and_none_past_eye_max() {
        // A 9×9 board with a black stone at a9 (point 0, the top left corner); b9 (point 1)
        // is empty.
        let mut rows = vec!["........."; 9];
        rows[0] = "X........";
        let b = Board::from_diagram(&rows).unwrap();
        let real = Real::new(&b, &[]);
        let g = real.view(Color::White);
        assert_eq!(credit_without_search(&g, &[1]), Some(1));
        // A single point holding a stone is searched like any other area.
        assert_eq!(credit_without_search(&g, &[0]), None);
        let upto = |n: usize| (0..n).collect::<Vec<_>>();
        assert_eq!(credit_without_search(&g, &upto(2)), None);
        assert_eq!(credit_without_search(&g, &upto(EYE_MAX)), None);
        assert_eq!(credit_without_search(&g, &upto(EYE_MAX + 1)), Some(0));
    }

    #[test]
    fn links_join_anchors_into_groups_only_in_usable_areas() {
        // Chains 0–1 linked in area 0, 1–2 in area 1, 3–4 in area 2 (excluded); chain 5 alone.
        let mut areas = vec![
            area(vec![10, 11], vec![0, 1]),
            area(vec![12, 13], vec![1, 2]),
            area(vec![14, 15], vec![3, 4]),
        ];
        areas[2].excluded = true;
        let links = [
            Link {
                a: 0,
                b: 1,
                area: 0,
            },
            Link {
                a: 1,
                b: 2,
                area: 1,
            },
            Link {
                a: 3,
                b: 4,
                area: 2,
            },
        ];
        let mut state = vec![ChainState::Anchor; 6];
        let groups = group_ids(6, &state, &links, &areas);
        assert!(groups[0] == groups[1] && groups[1] == groups[2]);
        assert_ne!(groups[3], groups[4]);
        assert!(groups[..5].iter().all(|&g| g != groups[5]));
        // A link holds only between anchors: an inner or dropped end cuts it.
        state[1] = ChainState::Inner;
        let groups = group_ids(6, &state, &links, &areas);
        assert!(groups[0] != groups[1] && groups[1] != groups[2] && groups[0] != groups[2]);
        // The links an area must keep are its own.
        assert_eq!(connects(&links, 1), vec![Req::Connect { a: 1, b: 2 }]);
        assert!(connects(&links, 3).is_empty());
    }

    #[test]
    fn the_signature_lists_the_groups_next_to_an_area_each_with_its_chains() {
        // Anchors 4, 1, 3 and 0 around the area; chains 0 and 3 in one group (root 3), 1 and 4
        // alone.
        let groups = [3, 1, 2, 3, 4];
        let sig = signature(&area(vec![9], vec![4, 1, 3, 0]), &groups);
        assert_eq!(sig, vec![vec![1], vec![0, 3], vec![4]]);
        assert!(signature(&area(vec![9], Vec::new()), &groups).is_empty());
    }
}
