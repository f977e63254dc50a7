//! Local games: one region of the prover, its boundary chains assumed safe (ljr.md §10,
//! techniques 2–3, after Müller 1997 and Niu & Müller 2004), adapted to rule 14's goal.
//!
//! # The local game `L(R, K)`
//! `R` is a *region*: a maximal connected set of points without prover stones (empty points
//! and refuter stones). Its *boundary chains* are the prover chains next to it; here they are
//! stones that are never captured (each gets a virtual liberty). The refuter moves first.
//!
//! * Refuter: any legal move in `R`, or a pass. He **may ignore a ko ban**: in the whole game
//!   he can play elsewhere and come back (the composition below lets the prover answer every
//!   move in the region it was played in, so a ban cannot be relied on).
//! * Prover: a legal move in `R` respecting the ban; a pass only while a ban is on him (in
//!   the whole game he then plays elsewhere or passes without ending the game).
//! * `K` maps some boundary chains to a number `k` (1 or 2): at every position with the
//!   refuter to move, the chain (as merged so far) must have `k` liberties in `R`.
//! * The prover wins when `R` is *clean*: no refuter stone in `R`, no empty point of `R` with
//!   an empty neighbour, every prover chain inside `R` not connected to the boundary with two
//!   liberties, and the `K` requirements met. A clean region is frozen: every empty point is
//!   a one-point eye of chains that cannot be captured, so no refuter move there is legal.
//! * A repetition is a refuter win (the search's rule), as is a refuter chain in `R` that is
//!   unconditionally alive.
//!
//! # Why winning the local games wins `H(p, S)` (the decomposition theorem)
//! Let `S` be a union of regions and of the prover chains next to them, with `P ∩ S = ∅`.
//! Suppose every chain of `S` is credited by the regions of `S` with at least two liberties
//! (`k` = 1 from two regions, or 2 from one), and every region of `S` has a won local game
//! with those `K`. Prover strategy in `H`: answer every refuter move in the region it was
//! played in, by that region's local strategy; after a refuter pass (or a move on the
//! virtual points, equivalent to a pass), make the local strategy's move in any region not yet
//! clean. Then:
//! * a boundary chain is never captured: at any moment at most one region is between a
//!   refuter move and its answer; every other region is at a refuter-to-move position of its
//!   local game, where the chain has its `k` liberties; one refuter move takes at most one
//!   liberty; so the chain always keeps one. Hence the virtual liberty of the local games is
//!   never the one that matters, legality and captures inside each region are as in the local
//!   game, and no refuter stone ever reaches a location next to the outside (first ending);
//! * the local strategies win without repetition (search proofs are well-founded), each
//!   exchange lowers the rank of one region and changes no other, so `H` cannot repeat and
//!   ends with every region clean;
//! * clean regions together with the chains are a two-eye formation on `S`: no refuter
//!   stones, every empty point a one-point eye, every chain with two liberties (its `K`
//!   credits, or two eyes for chains inside a region) — the prover wins. The refuter cannot
//!   get a formation touching `S` first: its chains would then be uncapturable, and the local
//!   game that must capture them could not be won.
//!
//! With `K = ∅` a region whose non-safe part falls apart into several components is a sum of
//! independent local games (each component bounded by safe stones): it is split, and each
//! component is searched on its own.
//!
//! # Static wins (`K = ∅`, refuter to move)
//! Let `M` be the prover stones connected to the boundary (they cannot be captured) and `Q`
//! the points of `R` that are not `M` and have no neighbour in `M`.
//! * **`Q` empty**: the prover fills any empty point next to `M` (legal: it joins `M`); every
//!   such move adds a permanent stone, refuter chains lose their liberties one by one and are
//!   captured, and freed points are next to `M` again; after at most `|R|` prover moves `R` is
//!   full of `M` stones, which is clean.
//! * **`Q = {q}`, `q` with at least two neighbours, no prover stones outside `M`**: as above,
//!   and when the only empty point left is `q`, every refuter chain has `q` as its only
//!   liberty; the prover captures them all by playing `q`, which frees all of `q`'s
//!   neighbours (at least two), so the refuter cannot take the stone back in one move, and
//!   the prover joins it to `M` next.

use crate::arena::{Arena, ArenaBuilder, NONE, Pos, Side};
use crate::bits::Bits;
use crate::graph::{self, ArenaView, Graph};
use crate::search::{Dfpn, Eval, Exhausted, Game, Kind, Limits, Outcome};
use crate::MoveOrder;
use std::collections::HashMap;

/// Which boundary chains need liberties kept in the region.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum KMode {
    /// `K = ∅`: the region only has to be cleaned.
    Clean,
    /// Every boundary chain keeps one liberty in the region.
    EyeForAll,
    /// The given boundary chain (index into the caller's chains) keeps two.
    TwoEyes(u32),
}

/// Shared state of all local searches of one analysis: budgets, a cache, counters.
pub(crate) struct LocalCtx {
    /// Limits of one local search.
    pub limits: Limits,
    /// Nodes left for the whole analysis.
    pub remaining: u64,
    /// Nodes spent so far.
    pub spent: u64,
    pub order: MoveOrder,
    /// Largest region (points) given to a local search.
    pub max_region: usize,
    cache: HashMap<Vec<u32>, LocalResult>,
}

impl LocalCtx {
    pub fn new(limits: Limits, total: u64, order: MoveOrder, max_region: usize) -> Self {
        LocalCtx {
            limits,
            remaining: total,
            spent: 0,
            order,
            max_region,
            cache: HashMap::new(),
        }
    }

    /// Charges `n` nodes to the analysis.
    pub fn charge(&mut self, n: u64) {
        self.spent += n;
        self.remaining = self.remaining.saturating_sub(n);
    }
}

/// The answer of a local search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct LocalResult {
    /// Proved: the prover wins the local game. Disproved: he does not (in this conservative
    /// model — not a proof that he cannot win `H`).
    pub outcome: Outcome,
    pub nodes: u64,
}

impl LocalResult {
    pub fn proved(&self) -> bool {
        self.outcome == Outcome::Proved
    }
}

/// Solves `L(region, K)` on the view `g` (whose prover is the region's owner). `chain_id` are
/// the prover chains of `g` by point.
pub(crate) fn solve<G: Graph>(
    g: &G,
    region: &[usize],
    chain_id: &[u32],
    k: KMode,
    ctx: &mut LocalCtx,
) -> LocalResult {
    let origin = |p: usize| g.origin(p);
    if region.iter().any(|&p| g.perm(p)) {
        return LocalResult {
            outcome: Outcome::Unknown(Exhausted::Nodes),
            nodes: 0,
        };
    }
    // Arena: region points, then boundary stones, then one virtual point.
    let mut pts: Vec<usize> = region.to_vec();
    pts.sort_unstable_by_key(|&p| origin(p));
    let mut in_region = HashMap::with_capacity(pts.len());
    for (i, &p) in pts.iter().enumerate() {
        in_region.insert(p, i);
    }
    let mut anchors: Vec<usize> = Vec::new();
    for &p in &pts {
        for q in g.nbrs(p) {
            if g.stone(q) == Some(Side::Prover)
                && !in_region.contains_key(&q)
                && !anchors.contains(&q)
            {
                anchors.push(q);
            }
        }
    }
    anchors.sort_unstable_by_key(|&p| origin(p));
    let n = pts.len() + anchors.len() + 1;
    // The cache key: points, stones, chain grouping of the anchors, K.
    let mut key: Vec<u32> = Vec::with_capacity(2 * n + 4);
    for &p in &pts {
        key.push(origin(p));
        key.push(match g.stone(p) {
            None => 0,
            Some(Side::Prover) => 1,
            Some(Side::Refuter) => 2,
        });
    }
    key.push(u32::MAX);
    // Chains renumbered in order of first appearance, so the key does not depend on the
    // caller's numbering.
    let mut renum: Vec<(u32, u32)> = Vec::new();
    let mut local_chain = Vec::with_capacity(anchors.len());
    for &p in &anchors {
        let c = chain_id[p];
        let r = match renum.iter().find(|(old, _)| *old == c) {
            Some(&(_, r)) => r,
            None => {
                let r = renum.len() as u32;
                renum.push((c, r));
                r
            }
        };
        local_chain.push(r);
        key.push(origin(p));
        key.push(r);
    }
    key.push(u32::MAX);
    let k_local: Vec<(usize, u8)> = match k {
        KMode::Clean => Vec::new(),
        KMode::EyeForAll => (0..renum.len())
            .map(|r| {
                let i = local_chain.iter().position(|&c| c == r as u32).expect("chain");
                (pts.len() + i, 1)
            })
            .collect(),
        KMode::TwoEyes(c) => match renum.iter().find(|(old, _)| *old == c) {
            Some(&(_, r)) => {
                let i = local_chain.iter().position(|&x| x == r).expect("chain");
                vec![(pts.len() + i, 2)]
            }
            None => {
                return LocalResult {
                    outcome: Outcome::Disproved,
                    nodes: 0,
                };
            }
        },
    };
    for &(i, kk) in &k_local {
        key.push(i as u32);
        key.push(u32::from(kk));
    }
    if let Some(r) = ctx.cache.get(&key) {
        return *r;
    }
    if pts.len() > ctx.max_region || n > 256 || ctx.remaining == 0 {
        return LocalResult {
            outcome: Outcome::Unknown(Exhausted::Nodes),
            nodes: 0,
        };
    }
    let mut b = ArenaBuilder::new();
    for &p in &pts {
        let i = b.point(origin(p));
        b.scope[i as usize] = true;
        b.playable[i as usize] = true;
    }
    for &p in &anchors {
        let i = b.point(origin(p));
        b.anchor[i as usize] = true;
    }
    let v = b.point(u32::MAX);
    b.virt[v as usize] = true;
    let (mut pr, mut rf) = (Vec::new(), Vec::new());
    for (i, &p) in pts.iter().enumerate() {
        match g.stone(p) {
            Some(Side::Refuter) => rf.push(i as u16),
            Some(Side::Prover) => pr.push(i as u16),
            None => {}
        }
        for q in g.nbrs(p) {
            if let Some(&j) = in_region.get(&q) {
                b.edge(i as u16, j as u16);
            } else if let Some(j) = anchors.iter().position(|&a| a == q) {
                b.edge(i as u16, (pts.len() + j) as u16);
            }
        }
    }
    for (j, _) in anchors.iter().enumerate() {
        let aj = (pts.len() + j) as u16;
        pr.push(aj);
        b.edge(aj, v);
        // Link the anchors of one chain: they are one chain in the real position.
        if let Some(prev) = (0..j).rev().find(|&i| local_chain[i] == local_chain[j]) {
            b.edge(aj, (pts.len() + prev) as u16);
        }
    }
    let limits = Limits {
        nodes: ctx.limits.nodes.min(ctx.remaining),
        ..ctx.limits
    };
    let order = ctx.order;
    let result = if n <= 64 {
        run::<1>(&b, &pr, &rf, &k_local, limits, order)
    } else if n <= 128 {
        run::<2>(&b, &pr, &rf, &k_local, limits, order)
    } else {
        run::<4>(&b, &pr, &rf, &k_local, limits, order)
    };
    ctx.charge(result.nodes);
    ctx.cache.insert(key, result);
    result
}

fn run<const W: usize>(
    b: &ArenaBuilder,
    pr: &[u16],
    rf: &[u16],
    k: &[(usize, u8)],
    limits: Limits,
    order: MoveOrder,
) -> LocalResult {
    let a = b.build::<W>();
    let mut ps = Bits::<W>::empty();
    let mut rs = Bits::<W>::empty();
    for &p in pr {
        ps.set(p as usize);
    }
    for &p in rf {
        rs.set(p as usize);
    }
    let pos = a.position(ps, rs, Side::Refuter);
    let mask = a.scope;
    let mut game = LGame {
        scope_hash: a.mask_hash(&mask),
        outside: a.all.minus(a.virt),
        a,
        k: k.iter().map(|&(i, kk)| (i as u16, kk)).collect(),
        order,
    };
    let root = LNode { pos, mask };
    let mut s = Dfpn::new(&mut game, limits);
    let outcome = s.solve(root);
    LocalResult {
        outcome,
        nodes: s.nodes,
    }
}

/// A node of a local game: a position and the part of the arena in play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct LNode<const W: usize> {
    pos: Pos<W>,
    mask: Bits<W>,
}

/// The local game.
pub(crate) struct LGame<const W: usize> {
    a: Arena<W>,
    k: Vec<(u16, u8)>,
    order: MoveOrder,
    scope_hash: u64,
    outside: Bits<W>,
}

impl<const W: usize> LGame<W> {
    fn m(&self, pos: &Pos<W>) -> Bits<W> {
        self.a.reach(&pos.st[0], self.a.anchor)
    }

    /// `M` plus the inner chains that are connected to it by miai: two empty points, each
    /// next to the chain and to `M*`, not used by another chain (iterated).
    fn m_star(&self, pos: &Pos<W>, mask: Bits<W>, m: Bits<W>) -> Bits<W> {
        let a = &self.a;
        let empty = a.empty(pos);
        let mut mstar = m;
        let mut used = Bits::<W>::empty();
        loop {
            let mut progress = false;
            let mut rest = pos.st[0].and(mask).minus(mstar);
            while let Some(p) = rest.first_one() {
                let c = a.chain(&pos.st[0], p);
                rest = rest.minus(c);
                let conn = a
                    .dilate(c)
                    .and(a.dilate(mstar))
                    .and(empty)
                    .minus(used);
                if conn.count() >= 2 {
                    let mut it = conn.iter();
                    used.set(it.next().expect("two"));
                    used.set(it.next().expect("two"));
                    mstar = mstar.or(c);
                    progress = true;
                }
            }
            if !progress {
                return mstar;
            }
        }
    }

    fn k_ok(&self, pos: &Pos<W>) -> bool {
        let empty = self.a.empty(pos).and(self.a.scope);
        self.k.iter().all(|&(anc, kk)| {
            let c = self.a.chain(&pos.st[0], anc as usize);
            self.a.dilate(c).and(empty).count() >= u32::from(kk)
        })
    }

    fn clean(&self, pos: &Pos<W>, mask: Bits<W>, m: Bits<W>) -> bool {
        let a = &self.a;
        if pos.st[1].intersects(&mask) {
            return false;
        }
        let empty = a.empty(pos);
        let e = empty.and(mask);
        if a.dilate(e).intersects(&empty) {
            return false;
        }
        let mut inner = pos.st[0].and(mask).minus(m);
        while let Some(p) = inner.first_one() {
            let c = a.chain(&pos.st[0], p);
            inner = inner.minus(c);
            if a.dilate(c).and(e).count() < 2 {
                return false;
            }
        }
        self.k_ok(pos)
    }

    /// The node for one component of a split region, with everything outside it canonically
    /// filled with prover stones (all of them safe and irrelevant inside).
    fn component(&self, pos: &Pos<W>, comp: Bits<W>) -> LNode<W> {
        let st0 = self.outside.minus(comp).or(pos.st[0].and(comp));
        let st1 = pos.st[1].and(comp);
        LNode {
            pos: self.a.position(st0, st1, Side::Refuter),
            mask: comp,
        }
    }

    fn moves(&self, n: &LNode<W>, out: &mut Vec<LNode<W>>) {
        let a = &self.a;
        let pos = &n.pos;
        let side = pos.to_move;
        let free = a.playable.and(n.mask).minus(pos.st[0].or(pos.st[1]));
        let m = self.m(pos);
        let near_m = a.dilate(m);
        let mut scored: Vec<(i32, Pos<W>)> = Vec::new();
        for p in free.iter() {
            if side == Side::Prover && p as u16 == pos.ban {
                continue;
            }
            let Some(pl) = a.place(pos, p, side) else {
                continue;
            };
            let mut child = pl.pos;
            if side == Side::Prover {
                // The refuter may ignore a ban (he can play elsewhere and come back).
                child.ban = NONE;
            }
            let score = match self.order {
                MoveOrder::Natural => 0,
                MoveOrder::Reversed => -(p as i32),
                MoveOrder::Heuristic => {
                    let mut s = 100 * pl.captured.count() as i32;
                    let opp = side.opp().idx();
                    let empty = a.empty(&child);
                    let mut seen = Bits::<W>::empty();
                    for &q in a.adj(p) {
                        let q = q as usize;
                        if child.st[opp].has(q) && !seen.has(q) && !m.has(q) {
                            let c = a.chain(&child.st[opp], q);
                            seen = seen.or(c);
                            s += match a.dilate(c).and(empty).count() {
                                1 => 40,
                                2 => 10,
                                _ => 3,
                            };
                        }
                    }
                    match side {
                        Side::Prover => {
                            if near_m.has(p) {
                                s += 5;
                            }
                        }
                        Side::Refuter => {
                            if !near_m.has(p) {
                                s += 5;
                            }
                        }
                    }
                    s
                }
            };
            scored.push((score, child));
        }
        scored.sort_by(|x, y| y.0.cmp(&x.0));
        out.extend(scored.into_iter().map(|(_, pos)| LNode { pos, mask: n.mask }));
    }
}

impl<const W: usize> Game for LGame<W> {
    type Node = LNode<W>;

    fn key(&self, n: &LNode<W>) -> u64 {
        let mh = if n.mask == self.a.scope {
            self.scope_hash
        } else {
            self.a.mask_hash(&n.mask)
        };
        self.a.situation_hash(&n.pos) ^ mh
    }

    fn evaluate(&mut self, n: &LNode<W>) -> Eval {
        let a = &self.a;
        let pos = &n.pos;
        let m = self.m(pos);
        if self.clean(pos, n.mask, m) {
            return Eval::ProverWin;
        }
        if pos.to_move == Side::Refuter && !self.k.is_empty() && !self.k_ok(pos) {
            return Eval::RefuterWin;
        }
        let rs = pos.st[1].and(n.mask);
        if !rs.is_empty() {
            if a.max_formation(pos, Side::Refuter, Bits::empty())
                .intersects(&n.mask)
            {
                return Eval::RefuterWin;
            }
            if rs.count() >= 4 {
                let view = ArenaView { arena: a, pos };
                let ch = graph::chains(&view, Side::Refuter);
                let alive = graph::benson(&view, Side::Refuter, &ch, &[]);
                if ch
                    .members
                    .iter()
                    .zip(&alive)
                    .any(|(mm, &al)| al && mm.iter().any(|&p| n.mask.has(p)))
                {
                    return Eval::RefuterWin;
                }
            }
        }
        if pos.to_move == Side::Refuter && self.k.is_empty() {
            let nm = n.mask.minus(m);
            let q = nm.minus(a.dilate(m));
            if q.is_empty() {
                return Eval::ProverWin;
            }
            if pos.st[0].intersects(&nm) {
                let ms = self.m_star(pos, n.mask, m);
                if n.mask.minus(ms).minus(a.dilate(ms)).is_empty() {
                    return Eval::ProverWin;
                }
            }
            if q.count() == 1 && !pos.st[0].intersects(&nm) {
                let qp = q.first_one().expect("one point");
                if a.nbr[qp].count() >= 2 {
                    return Eval::ProverWin;
                }
            }
        }
        Eval::Open
    }

    fn expand(&mut self, n: &LNode<W>, out: &mut Vec<LNode<W>>) -> Kind {
        let pos = &n.pos;
        match pos.to_move {
            Side::Refuter => {
                if self.k.is_empty() {
                    let m = self.m(pos);
                    let nm = n.mask.minus(m);
                    if nm != n.mask {
                        let comps = self.a.components(nm);
                        for c in comps {
                            out.push(self.component(pos, c));
                        }
                        return Kind::And;
                    }
                }
                self.moves(n, out);
                out.push(LNode {
                    pos: Pos {
                        to_move: Side::Prover,
                        ban: NONE,
                        need: 2,
                        ..*pos
                    },
                    mask: n.mask,
                });
                Kind::And
            }
            Side::Prover => {
                self.moves(n, out);
                if pos.ban != NONE {
                    out.push(LNode {
                        pos: Pos {
                            to_move: Side::Refuter,
                            ban: NONE,
                            need: 2,
                            ..*pos
                        },
                        mask: n.mask,
                    });
                }
                Kind::Or
            }
        }
    }
}

