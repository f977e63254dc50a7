//! Depth-first proof-number search (df-pn, Nagai 2002) over the AND/OR graph of a
//! hypothetical game, with a transposition table, explicit budgets, and repetition handled so
//! that the Graph-History-Interaction problem (Kishimoto & Müller 2004) cannot make an
//! answer wrong.
//!
//! # What is proved
//! OR nodes are positions with the prover to move, AND nodes positions with the refuter to
//! move (or, in local games, a sum of independent components, all of which must be won).
//! *Proved* means the prover can force a win; *disproved* means he cannot.
//!
//! # Repetition and the transposition table
//! A child equal to a position on the current path is a refuter win *on this path* (rule 17:
//! a situation similar to a former one). Such results are path dependent, so:
//!
//! * a **proof** never uses a repetition (repetitions only ever count against the prover), so
//!   every proof is history-free and is stored in the table unconditionally: the proofs form
//!   a well-founded order (each is built from leaves and earlier proofs), which is itself a
//!   prover strategy that never repeats a situation (ljr.md §7.4);
//! * a **disproof** carries the shallowest path index of the repetitions it used. At the node
//!   with that index or above it, the refuter's strategy loops inside the subtree — a true
//!   refuter win whatever the history — and the disproof is stored. Below it, the disproof is
//!   kept only for the current visit and never stored.
//!
//! * a proof that rests on a **leaf claimed by a strategy argument** (the static wins of
//!   local games, the whole-game search's decomposition leaf) is history-free only on lines
//!   without captures of prover stones (the argument for it is in [`crate::local`], "Static
//!   wins need a line without captures"). The nodes carry that mark of their line beside
//!   their situation; one table entry per situation, but a proof found on an unmarked line
//!   is not used for the situation reached on a marked one ([`Game::proof_transfers`]),
//!   where it is searched again.
//!
//! With those rules a proof at the root is a real prover win and a disproof at the root
//! a real refuter win (the root has no history). A disproof that depends on the depth limit
//! is never stored and, at the root, yields *unknown*.
//!
//! # Budgets
//! `nodes` bounds the number of node expansions, `max_depth` the recursion depth (so a big
//! region cannot make the recursion deep), `tt_entries` the table. Running out of any of the
//! first two gives [`Outcome::Unknown`], never a guess.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The table's keys are Zobrist hashes already: no further hashing.
#[derive(Default)]
pub(crate) struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

type Table<V> = HashMap<u64, V, BuildHasherDefault<IdentityHasher>>;

/// Infinity for proof and disproof numbers.
pub(crate) const INF: u32 = u32::MAX / 4;

/// AND or OR.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    /// The prover chooses (one child must be proved).
    Or,
    /// All children must be proved.
    And,
}

/// Static value of a node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Eval {
    ProverWin,
    RefuterWin,
    Open,
}

/// A set of points a proof depends on (a relevance zone, Shih et al.): the proof stays valid
/// when the refuter has extra stones anywhere outside it.
pub(crate) trait Zone: Copy + PartialEq {
    fn union(self, o: Self) -> Self;
}

impl Zone for () {
    fn union(self, _: ()) {}
}

impl<const W: usize> Zone for crate::bits::Bits<W> {
    fn union(self, o: Self) -> Self {
        self.or(o)
    }
}

/// A game for the search.
pub(crate) trait Game {
    type Node: Copy + Eq;
    type Zone: Zone;
    /// Whether the best child's threshold passes the second-best number by a quarter
    /// ([`epsilon_threshold`]) instead of by one. Only the order of the search depends on it.
    const WIDE_THRESHOLDS: bool = false;
    /// A hash of the node's situation (equal for nodes [`Game::same_situation`] calls
    /// equal): the key of the table and of repetitions.
    fn key(&self, n: &Node<Self>) -> u64;
    /// Whether two nodes are the same situation (rule 17's "similar"): one table entry, and
    /// a repetition on the path. A node may carry more than its situation (what the line to
    /// it did, see [`Game::proof_transfers`]).
    fn same_situation(&self, x: &Node<Self>, y: &Node<Self>) -> bool {
        x == y
    }
    /// Whether a proof found at `proved` also proves `query`, the same situation reached by
    /// another line. A disproof always transfers (within the repetition rules below); a
    /// proof may not, where the game claims wins by arguments that need something of the
    /// line (local games: static wins need a line without captures of prover stones).
    fn proof_transfers(&self, _proved: &Node<Self>, _query: &Node<Self>) -> bool {
        true
    }
    /// Static value.
    fn evaluate(&mut self, n: &Node<Self>) -> Eval;
    /// Children in order of preference, and whether the node is AND or OR. An OR node without
    /// children is lost for the prover; an AND node without children is won.
    fn expand(&mut self, n: &Node<Self>, out: &mut Vec<Node<Self>>) -> Kind;
    /// Initial proof and disproof numbers of a node not yet searched (df-pn with heuristic
    /// initialisation): only the order of the search depends on them.
    fn estimate(&mut self, _n: &Node<Self>) -> (u32, u32) {
        (1, 1)
    }
    /// A zone containing every point of the node's game.
    fn full_zone(&self, n: &Node<Self>) -> Self::Zone;
    /// The zone of a static prover win at `n` (`evaluate` returned `ProverWin`).
    fn leaf_zone(&mut self, n: &Node<Self>) -> Self::Zone {
        self.full_zone(n)
    }
    /// The points the step from `parent` to `child` depends on.
    fn edge_zone(&mut self, parent: &Node<Self>, _child: &Node<Self>) -> Self::Zone {
        self.full_zone(parent)
    }
    /// For an AND node whose children are refuter moves and a pass: the index of the pass
    /// child when relevance-zone pruning is sound at `n`.
    fn zone_pruning(&mut self, _n: &Node<Self>, _kids: &[Node<Self>]) -> Option<usize> {
        None
    }
    /// Whether the refuter move leading to `kid` lies outside `zone`.
    fn outside(&self, _n: &Node<Self>, _kid: &Node<Self>, _zone: &Self::Zone) -> bool {
        false
    }
    /// What a node pruned with the pass zone `zp` adds to its own zone (the surroundings of
    /// refuter moves in `zp` that are illegal now but could become legal).
    fn pruning_closure(&mut self, n: &Node<Self>, _zp: &Self::Zone) -> Self::Zone {
        self.full_zone(n)
    }
}

type Node<G> = <G as Game>::Node;

/// Children, their keys and values of one expanded node.
type Buffers<G> = (
    Vec<Node<G>>,
    Vec<u64>,
    Vec<Val<<G as Game>::Zone>>,
    Vec<usize>,
);

/// Why a search stopped without an answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Exhausted {
    /// The node budget ran out.
    Nodes,
    /// The depth limit was reached on every line that could still decide.
    Depth,
}

/// The answer of a search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Outcome {
    Proved,
    Disproved,
    Unknown(Exhausted),
}

/// Limits of one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub nodes: u64,
    pub max_depth: u32,
    pub tt_entries: usize,
}

#[derive(Clone, Copy)]
struct Entry<N, Z> {
    node: N,
    pn: u32,
    dn: u32,
    /// For proofs: the relevance zone.
    zone: Z,
}

/// pn/dn of a child as seen from its parent; `rep` for disproofs: the shallowest path index
/// of a repetition used (`CLEAN` if none, `TAINT` if the depth limit was used).
#[derive(Clone, Copy, Debug)]
struct Val<Z> {
    pn: u32,
    dn: u32,
    rep: i32,
    zone: Option<Z>,
}

const CLEAN: i32 = i32::MAX;
const TAINT: i32 = -1;

/// Slots of the path's key counts (a power of two; paths are far shorter).
const PATH_SLOTS: usize = 1024;

/// A key's slot: its low bits (the keys are Zobrist hashes, uniform in every bit).
fn path_slot(key: u64) -> usize {
    (key as usize) & (PATH_SLOTS - 1)
}

/// A df-pn searcher over one game.
pub(crate) struct Dfpn<'g, G: Game> {
    pub game: &'g mut G,
    tt: Table<Entry<Node<G>, G::Zone>>,
    path: Vec<(u64, Node<G>)>,
    /// How many nodes on the path have a key with these low bits (`key % PATH_SLOTS`): a
    /// zero proves a key absent without a hash-table probe, for every child looked at; a
    /// count above zero leads to the exact scan of the path.
    on_path_count: Vec<u32>,
    /// Reusable buffers, one per ply.
    pool: Vec<Buffers<G>>,
    pub nodes: u64,
    /// Refuter moves not searched because a proof of the refuter's pass covers them.
    pub pruned: u64,
    limits: Limits,
    aborted: bool,
    depth_hit: bool,
}

/// The transposition table of a search that ran out of nodes, kept so that a later search
/// of the same game from the same root goes on where this one stopped instead of starting
/// again ([`Dfpn::resume`]). Its values are exactly those a single longer search would have
/// had at that point: proofs and disproofs, and the estimates that only order the search.
pub(crate) struct Saved<N, Z> {
    tt: Table<Entry<N, Z>>,
}

impl<N, Z> Saved<N, Z> {
    /// Entries the table has room for: the memory it holds, whatever it uses (for a bound
    /// on what is kept; a table made for thousands of nodes holds that much memory even
    /// when its search stopped after one).
    pub fn capacity(&self) -> usize {
        self.tt.capacity()
    }
}

impl<'g, G: Game> Dfpn<'g, G> {
    pub fn new(game: &'g mut G, limits: Limits) -> Self {
        Self::resume(game, limits, None)
    }

    /// A search that starts from the table of an earlier search of the same game, or from
    /// an empty one. `limits.nodes` counts the nodes of this search only.
    pub fn resume(game: &'g mut G, limits: Limits, saved: Option<Saved<Node<G>, G::Zone>>) -> Self {
        let tt = match saved {
            Some(s) => s.tt,
            None => {
                let cap = (limits.nodes as usize).clamp(16, 4096);
                Table::with_capacity_and_hasher(cap, Default::default())
            }
        };
        Dfpn {
            game,
            tt,
            path: Vec::new(),
            on_path_count: vec![0; PATH_SLOTS],
            pool: Vec::new(),
            nodes: 0,
            pruned: 0,
            limits,
            aborted: false,
            depth_hit: false,
        }
    }

    /// Solves from `root`.
    pub fn solve(&mut self, root: Node<G>) -> Outcome {
        let key = self.game.key(&root);
        let v = self.mid(root, key, INF, INF);
        if self.aborted {
            return Outcome::Unknown(Exhausted::Nodes);
        }
        if v.pn == 0 {
            Outcome::Proved
        } else if v.dn == 0 {
            if v.rep == TAINT {
                Outcome::Unknown(Exhausted::Depth)
            } else {
                Outcome::Disproved
            }
        } else {
            // Thresholds are infinite, so this only happens when both numbers overflowed.
            Outcome::Unknown(if self.depth_hit {
                Exhausted::Depth
            } else {
                Exhausted::Nodes
            })
        }
    }

    /// The table, to be given to a later [`Dfpn::resume`] of the same game.
    pub fn into_saved(self) -> Saved<Node<G>, G::Zone> {
        Saved { tt: self.tt }
    }

    fn lookup(&self, key: u64, node: &Node<G>) -> Option<Entry<Node<G>, G::Zone>> {
        self.tt
            .get(&key)
            .filter(|e| {
                self.game.same_situation(&e.node, node)
                    && (e.pn != 0 || self.game.proof_transfers(&e.node, node))
            })
            .copied()
    }

    /// Stores a value. One entry per key: a different node with the same 64-bit key (a
    /// collision) replaces the old one, which only costs a search later; the node itself is
    /// compared on every lookup, so a collision can never give a wrong value.
    fn store(&mut self, key: u64, node: Node<G>, pn: u32, dn: u32, zone: G::Zone) {
        let fin = pn == 0 || dn == 0;
        if let Some(e) = self.tt.get_mut(&key) {
            if self.game.same_situation(&e.node, &node) {
                let open = e.pn != 0 && e.dn != 0;
                // A final value is never replaced by an estimate, nor by another final
                // value unless it is a proof that does not hold for this node.
                let foreign = e.pn == 0 && !self.game.proof_transfers(&e.node, &node);
                if open || (foreign && fin) {
                    *e = Entry { node, pn, dn, zone };
                }
            } else if fin || (e.pn != 0 && e.dn != 0) {
                *e = Entry { node, pn, dn, zone };
            }
            return;
        }
        // Bounded memory: past the cap keep only final values, past twice the cap nothing.
        let len = self.tt.len();
        if len >= 2 * self.limits.tt_entries || (len >= self.limits.tt_entries && !fin) {
            return;
        }
        self.tt.insert(key, Entry { node, pn, dn, zone });
    }

    fn proof(zone: G::Zone) -> Val<G::Zone> {
        Val {
            pn: 0,
            dn: INF,
            rep: CLEAN,
            zone: Some(zone),
        }
    }

    fn disproof(rep: i32) -> Val<G::Zone> {
        Val {
            pn: INF,
            dn: 0,
            rep,
            zone: None,
        }
    }

    fn estimate_val(pn: u32, dn: u32) -> Val<G::Zone> {
        Val {
            pn,
            dn,
            rep: CLEAN,
            zone: None,
        }
    }

    /// The value of a child from the table, the path, or the game's estimate.
    fn child_val(&mut self, key: u64, node: &Node<G>) -> Val<G::Zone> {
        if let Some(e) = self.lookup(key, node) {
            if e.pn == 0 {
                return Self::proof(e.zone);
            }
            if e.dn == 0 {
                return Self::disproof(CLEAN);
            }
            if let Some(j) = self.on_path(node, key) {
                return Self::disproof(j as i32);
            }
            return Self::estimate_val(e.pn, e.dn);
        }
        if let Some(j) = self.on_path(node, key) {
            return Self::disproof(j as i32);
        }
        let (pn, dn) = self.game.estimate(node);
        Self::estimate_val(pn.max(1), dn.max(1))
    }

    /// The index on the current path of a node with the same situation as `node` (whose
    /// key is `key`).
    fn on_path(&self, node: &Node<G>, key: u64) -> Option<usize> {
        if self.on_path_count[path_slot(key)] == 0 {
            return None;
        }
        self.path
            .iter()
            .position(|(k, n)| *k == key && self.game.same_situation(n, node))
    }

    fn mid(&mut self, node: Node<G>, key: u64, th_pn: u32, th_dn: u32) -> Val<G::Zone> {
        self.nodes += 1;
        if self.nodes > self.limits.nodes {
            self.aborted = true;
            return Self::estimate_val(1, 1);
        }
        // A node with an estimate in the table was open when first seen (static values
        // never change).
        let known_open = self
            .lookup(key, &node)
            .is_some_and(|e| e.pn != 0 && e.dn != 0);
        let eval = if known_open {
            Eval::Open
        } else {
            self.game.evaluate(&node)
        };
        match eval {
            Eval::ProverWin => {
                let zone = self.game.leaf_zone(&node);
                self.store(key, node, 0, INF, zone);
                return Self::proof(zone);
            }
            Eval::RefuterWin => {
                let zone = self.game.full_zone(&node);
                self.store(key, node, INF, 0, zone);
                return Self::disproof(CLEAN);
            }
            Eval::Open => {}
        }
        let ply = self.path.len();
        if ply as u32 >= self.limits.max_depth {
            self.depth_hit = true;
            return Self::disproof(TAINT);
        }
        let (mut kids, mut keys, mut vals, mut active) = self.pool.pop().unwrap_or_default();
        kids.clear();
        keys.clear();
        vals.clear();
        active.clear();
        let kind = self.game.expand(&node, &mut kids);
        for k in &kids {
            keys.push(self.game.key(k));
        }
        let full = self.game.full_zone(&node);
        if kids.is_empty() {
            self.pool.push((kids, keys, vals, active));
            return match kind {
                Kind::Or => {
                    self.store(key, node, INF, 0, full);
                    Self::disproof(CLEAN)
                }
                Kind::And => {
                    self.store(key, node, 0, INF, full);
                    Self::proof(full)
                }
            };
        }
        // Relevance-zone pruning: the refuter's pass first; once it is proved, only the
        // refuter moves inside its zone need a search of their own.
        let pass = match kind {
            Kind::And => self.game.zone_pruning(&node, &kids),
            Kind::Or => None,
        };
        match pass {
            Some(p) => active.push(p),
            None => active.extend(0..kids.len()),
        }
        let mut pass_zone: Option<G::Zone> = None;
        self.path.push((key, node));
        self.on_path_count[path_slot(key)] += 1;
        for i in 0..kids.len() {
            // `active` is every child, or the pass alone.
            let v = if pass.is_none_or(|p| p == i) {
                self.child_val(keys[i], &kids[i])
            } else {
                Self::estimate_val(1, 1)
            };
            vals.push(v);
        }
        let result = loop {
            if let (Some(p), None) = (pass, pass_zone) {
                if vals[p].pn == 0 {
                    let zp = vals[p].zone.unwrap_or(full);
                    let closure = self.game.pruning_closure(&node, &zp);
                    pass_zone = Some(zp.union(closure));
                    for i in 0..kids.len() {
                        if i == p {
                            continue;
                        }
                        if self.game.outside(&node, &kids[i], &zp) {
                            self.pruned += 1;
                        } else {
                            active.push(i);
                            vals[i] = self.child_val(keys[i], &kids[i]);
                        }
                    }
                }
            }
            let (mut pn, dn, best, second) = aggregate(kind, &vals, &active);
            if pass.is_some() && pass_zone.is_none() && pn != 0 {
                // Until the pass is proved the other refuter moves are still pending: count
                // them, so that the node does not look cheaper than it is (ordering only).
                pn = pn.saturating_add((kids.len() - 1) as u32).min(INF);
            }
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn || self.aborted {
                break (pn, dn);
            }
            let (c_pn, c_dn) = match kind {
                Kind::Or => (
                    th_pn.min(child_threshold::<G>(second)),
                    sat_sub(th_dn, dn).saturating_add(vals[best].dn).min(INF),
                ),
                Kind::And => (
                    sat_sub(th_pn, pn).saturating_add(vals[best].pn).min(INF),
                    th_dn.min(child_threshold::<G>(second)),
                ),
            };
            let v = self.mid(kids[best], keys[best], c_pn, c_dn);
            vals[best] = v;
        };
        self.path.pop();
        self.on_path_count[path_slot(key)] -= 1;
        let (pn, dn) = result;
        let out = if self.aborted {
            Self::estimate_val(1, 1)
        } else if pn == 0 {
            // The zone of the proof: the winning child's (OR), or everything the children
            // searched depend on plus the pass zone (AND).
            let zone = match kind {
                Kind::Or => {
                    let i = active
                        .iter()
                        .copied()
                        .find(|&i| vals[i].pn == 0)
                        .expect("a proved child");
                    let e = self.game.edge_zone(&node, &kids[i]);
                    vals[i].zone.unwrap_or(full).union(e)
                }
                Kind::And => {
                    let mut z = pass_zone.unwrap_or_else(|| {
                        if pass.is_some() {
                            full
                        } else {
                            vals[active[0]].zone.unwrap_or(full)
                        }
                    });
                    for &i in &active {
                        let e = self.game.edge_zone(&node, &kids[i]);
                        z = z.union(vals[i].zone.unwrap_or(full)).union(e);
                    }
                    z
                }
            };
            self.store(key, node, 0, INF, zone);
            Self::proof(zone)
        } else if dn == 0 {
            let rep = match kind {
                Kind::Or => active.iter().map(|&i| vals[i].rep).min().unwrap_or(CLEAN),
                Kind::And => active
                    .iter()
                    .filter(|&&i| vals[i].dn == 0)
                    .map(|&i| vals[i].rep)
                    .max()
                    .unwrap_or(CLEAN),
            };
            if rep >= ply as i32 {
                self.store(key, node, INF, 0, full);
                Self::disproof(CLEAN)
            } else {
                Self::disproof(rep)
            }
        } else {
            let (pn, dn) = (pn.min(INF - 1), dn.min(INF - 1));
            self.store(key, node, pn, dn, full);
            Self::estimate_val(pn, dn)
        };
        self.pool.push((kids, keys, vals, active));
        out
    }
}

/// The threshold of the best child: the second-best number plus a margin of a quarter
/// (the "1 + ε trick" of Pawlewicz and Lew, 2007), so that the search stays longer in one
/// child instead of switching between two of nearly equal value and re-searching them.
/// Thresholds only order the search; the answers do not depend on them.
#[inline]
fn epsilon_threshold(second: u32) -> u32 {
    second.saturating_add(second / 4).saturating_add(1).min(INF)
}

/// The best child's threshold for `G` (see [`Game::WIDE_THRESHOLDS`]).
#[inline]
fn child_threshold<G: Game>(second: u32) -> u32 {
    if G::WIDE_THRESHOLDS {
        epsilon_threshold(second)
    } else {
        second.saturating_add(1).min(INF)
    }
}

#[inline]
fn sat_sub(a: u32, b: u32) -> u32 {
    a.saturating_sub(b)
}

/// (pn, dn, best child, second-best number) of a node from its active children.
fn aggregate<Z>(kind: Kind, vals: &[Val<Z>], active: &[usize]) -> (u32, u32, usize, u32) {
    let mut best = active[0];
    let mut first = INF + 1;
    let mut second = INF;
    let mut sum: u32 = 0;
    for &i in active {
        let v = &vals[i];
        let (sel, add) = match kind {
            Kind::Or => (v.pn, v.dn),
            Kind::And => (v.dn, v.pn),
        };
        sum = sum.saturating_add(add).min(INF);
        if sel < first {
            second = first.min(INF);
            first = sel;
            best = i;
        } else if sel < second {
            second = sel;
        }
    }
    let first = first.min(INF);
    match kind {
        Kind::Or => (first, sum, best, second),
        Kind::And => (sum, first, best, second),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game on integers with explicit edges, for the GHI cases.
    struct Toy {
        /// children of each node; node kinds; terminal values.
        edges: Vec<Vec<usize>>,
        or: Vec<bool>,
        value: Vec<Eval>,
    }

    impl Game for Toy {
        type Node = usize;
        type Zone = ();
        fn full_zone(&self, _n: &usize) {}
        fn key(&self, n: &usize) -> u64 {
            *n as u64
        }
        fn evaluate(&mut self, n: &usize) -> Eval {
            self.value[*n]
        }
        fn expand(&mut self, n: &usize, out: &mut Vec<usize>) -> Kind {
            out.extend(&self.edges[*n]);
            if self.or[*n] { Kind::Or } else { Kind::And }
        }
    }

    fn lim() -> Limits {
        Limits {
            nodes: 10_000,
            max_depth: 100,
            tt_entries: 1000,
        }
    }

    /// A uniform tree of `branching` children per node and `depth` plies, OR nodes at even
    /// depths, leaves won by the prover where a hash of their number says so.
    struct Tree {
        branching: u64,
        depth: u64,
    }

    impl Game for Tree {
        /// (depth, number among the nodes of that depth)
        type Node = (u64, u64);
        type Zone = ();
        fn full_zone(&self, _n: &(u64, u64)) {}
        fn key(&self, n: &(u64, u64)) -> u64 {
            (n.0 << 40) ^ n.1
        }
        fn evaluate(&mut self, n: &(u64, u64)) -> Eval {
            if n.0 < self.depth {
                return Eval::Open;
            }
            let h = n.1.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
            if h % 5 < 3 {
                Eval::ProverWin
            } else {
                Eval::RefuterWin
            }
        }
        fn expand(&mut self, n: &(u64, u64), out: &mut Vec<(u64, u64)>) -> Kind {
            out.extend((0..self.branching).map(|i| (n.0 + 1, n.1 * self.branching + i)));
            if n.0 % 2 == 0 { Kind::Or } else { Kind::And }
        }
    }

    #[test]
    fn a_resumed_search_finds_the_same_answer_with_fewer_new_nodes() {
        let mut g = Tree {
            branching: 4,
            depth: 7,
        };
        let lim = || Limits {
            nodes: 1_000_000,
            max_depth: 100,
            tt_entries: 1 << 16,
        };
        let mut fresh = Dfpn::new(&mut g, lim());
        let answer = fresh.solve((0, 0));
        let total = fresh.nodes;
        assert!(matches!(answer, Outcome::Proved | Outcome::Disproved));
        assert!(
            total > 100,
            "the tree is too easy to test resuming: {total}"
        );
        // Stopped at a third of the nodes, then resumed with all of them, then in many small
        // steps: the answer is the same, and the work done before is not done again.
        let small = Limits {
            nodes: total / 3,
            ..lim()
        };
        let mut first = Dfpn::new(&mut g, small);
        assert_eq!(first.solve((0, 0)), Outcome::Unknown(Exhausted::Nodes));
        let spent = first.nodes;
        let saved = first.into_saved();
        assert!(!saved.tt.is_empty() && saved.capacity() >= saved.tt.len());
        let mut second = Dfpn::resume(&mut g, lim(), Some(saved));
        assert_eq!(second.solve((0, 0)), answer);
        assert!(
            second.nodes < total,
            "resumed {} after {spent}, fresh {total}",
            second.nodes
        );
        let step = Limits {
            nodes: total / 10,
            ..lim()
        };
        let mut saved = None;
        for _ in 0..100 {
            let mut s = Dfpn::resume(&mut g, step, saved.take());
            let o = s.solve((0, 0));
            if o != Outcome::Unknown(Exhausted::Nodes) {
                assert_eq!(o, answer);
                return;
            }
            saved = Some(s.into_saved());
        }
        panic!("a search resumed a hundred times with a tenth of the nodes never ended");
    }

    #[test]
    fn simple_proof_and_disproof() {
        use Eval::*;
        // 0 (OR) -> 1 (AND) -> {2 win, 3 win}; 0 -> 4 loss
        let mut g = Toy {
            edges: vec![vec![4, 1], vec![2, 3], vec![], vec![], vec![]],
            or: vec![true, false, true, true, true],
            value: vec![Open, Open, ProverWin, ProverWin, RefuterWin],
        };
        assert_eq!(Dfpn::new(&mut g, lim()).solve(0), Outcome::Proved);
        g.value[3] = RefuterWin;
        assert_eq!(Dfpn::new(&mut g, lim()).solve(0), Outcome::Disproved);
    }

    #[test]
    fn ghi_path_dependent_disproof_is_not_reused() {
        use Eval::*;
        // The classic GHI shape: root 0 (OR) has children 1 and 2. Node 1 (AND) leads only to
        // 3; node 2 (AND) leads only to 3; 3 (OR) can go back to 1 (a repetition when reached
        // via 1) or to 4, a prover win only via... 4 (AND) -> 2.
        // Via 1: 0-1-3: 3 may go to 4 -> 2 -> 3 (repetition) or back to 1 (repetition): lost.
        // Via 2: 0-2-3: 3 may go to 1 -> 3 (repetition) ... all lost as well; with a win leaf
        // added at 4 the answer must be a proof from both sides.
        let mut g = Toy {
            edges: vec![vec![1, 2], vec![3], vec![3], vec![1, 4], vec![5], vec![]],
            or: vec![true, false, false, true, false, true],
            value: vec![Open, Open, Open, Open, Open, ProverWin],
        };
        assert_eq!(Dfpn::new(&mut g, lim()).solve(0), Outcome::Proved);
        // Without the win leaf, the only way on is back: a refuter win by repetition.
        g.edges[4] = vec![2];
        assert_eq!(Dfpn::new(&mut g, lim()).solve(0), Outcome::Disproved);
    }

    #[test]
    fn a_proof_that_needs_a_state_first_disproved_by_repetition_elsewhere() {
        use Eval::*;
        // 0 OR -> {1, 2}. 1 AND -> {3}. 3 OR -> {1, 6}: 6 loses, 1 repeats: so 3 is a
        // path-dependent loss when reached through 1. 2 AND -> {3}, 3 reached via 2: 3 -> 1
        // -> 3 repetition again. 0 is lost. Now give 3 a second way: 3 -> 7 (win) only;
        // everything proved.
        let mut g = Toy {
            edges: vec![
                vec![1, 2],
                vec![3],
                vec![3],
                vec![1, 6],
                vec![],
                vec![],
                vec![],
            ],
            or: vec![true, false, false, true, true, true, true],
            value: vec![Open, Open, Open, Open, Open, Open, RefuterWin],
        };
        assert_eq!(Dfpn::new(&mut g, lim()).solve(0), Outcome::Disproved);
        g.value[6] = ProverWin;
        assert_eq!(Dfpn::new(&mut g, lim()).solve(0), Outcome::Proved);
    }

    /// A toy game whose nodes carry a mark of the line (like [`Pos::captured`]): node 3 is a
    /// prover win by a "static" argument only when reached unmarked, and otherwise leads to
    /// a refuter win. 0 (AND) -> {1, 2}; 1 -> 3 unmarked; 2 -> 3 marked.
    ///
    /// [`Pos::captured`]: crate::arena::Pos::captured
    struct Marked {
        /// Whether a proof found unmarked may be reused marked.
        transfer_all: bool,
    }

    impl Game for Marked {
        type Node = (usize, bool);
        type Zone = ();
        fn full_zone(&self, _n: &(usize, bool)) {}
        fn key(&self, n: &(usize, bool)) -> u64 {
            n.0 as u64
        }
        fn same_situation(&self, x: &(usize, bool), y: &(usize, bool)) -> bool {
            x.0 == y.0
        }
        fn proof_transfers(&self, proved: &(usize, bool), query: &(usize, bool)) -> bool {
            self.transfer_all || proved.1 || !query.1
        }
        fn evaluate(&mut self, n: &(usize, bool)) -> Eval {
            match *n {
                (3, false) => Eval::ProverWin,
                (4, _) => Eval::RefuterWin,
                _ => Eval::Open,
            }
        }
        fn expand(&mut self, n: &(usize, bool), out: &mut Vec<(usize, bool)>) -> Kind {
            match n.0 {
                0 => {
                    out.extend([(1, false), (2, false)]);
                    Kind::And
                }
                1 => {
                    out.push((3, n.1));
                    Kind::Or
                }
                2 => {
                    out.push((3, true));
                    Kind::Or
                }
                _ => {
                    out.push((4, n.1));
                    Kind::Or
                }
            }
        }
    }

    #[test]
    fn a_proof_that_needs_an_unmarked_line_is_not_reused_on_a_marked_one() {
        // Node 3 is proved first, through 1, unmarked; reached again through 2, marked, the
        // proof must not be taken from the table: there 3 is lost, and so is the root.
        let mut g = Marked {
            transfer_all: false,
        };
        assert_eq!(
            Dfpn::new(&mut g, lim()).solve((0, false)),
            Outcome::Disproved
        );
        // Reusing it would have proved the root.
        let mut g = Marked { transfer_all: true };
        assert_eq!(Dfpn::new(&mut g, lim()).solve((0, false)), Outcome::Proved);
    }

    #[test]
    fn budget_gives_unknown() {
        use Eval::*;
        // A long chain of OR nodes ending in a win.
        let n = 50;
        let mut edges: Vec<Vec<usize>> = (0..n).map(|i| vec![i + 1]).collect();
        edges.push(vec![]);
        let mut value = vec![Open; n];
        value.push(ProverWin);
        let mut g = Toy {
            edges,
            or: vec![true; n + 1],
            value,
        };
        let small = Limits {
            nodes: 10,
            max_depth: 100,
            tt_entries: 100,
        };
        assert_eq!(
            Dfpn::new(&mut g, small).solve(0),
            Outcome::Unknown(Exhausted::Nodes)
        );
        let shallow = Limits {
            nodes: 1000,
            max_depth: 10,
            tt_entries: 100,
        };
        assert_eq!(
            Dfpn::new(&mut g, shallow).solve(0),
            Outcome::Unknown(Exhausted::Depth)
        );
        assert_eq!(Dfpn::new(&mut g, lim()).solve(0), Outcome::Proved);
    }

    #[test]
    fn the_table_keeps_final_values_and_lets_collisions_replace_open_entries() {
        // `Marked` compares situations by the number; a proof of a marked node stands for
        // either node of that number, a proof of an unmarked one only for the unmarked one.
        // `store` takes the key as given, so two numbers can be made to collide.
        let mut g = Marked {
            transfer_all: false,
        };
        let mut s = Dfpn::new(&mut g, lim());
        let at = |s: &Dfpn<'_, Marked>, n: (usize, bool)| s.lookup(7, &n).map(|e| (e.pn, e.dn));
        // An estimate is replaced by an estimate, then by a final value.
        s.store(7, (7, false), 3, 4, ());
        s.store(7, (7, false), 5, 6, ());
        assert_eq!(at(&s, (7, false)), Some((5, 6)));
        s.store(7, (7, false), 0, INF, ());
        // A proof is replaced neither by an estimate nor by another final value of the same
        // node.
        s.store(7, (7, false), 2, 2, ());
        s.store(7, (7, false), INF, 0, ());
        assert_eq!(at(&s, (7, false)), Some((0, INF)));
        // The marked node cannot use that proof: an estimate of it does not replace the
        // proof, a final value of it does.
        assert_eq!(at(&s, (7, true)), None);
        s.store(7, (7, true), 2, 2, ());
        assert_eq!(at(&s, (7, false)), Some((0, INF)));
        s.store(7, (7, true), INF, 0, ());
        assert_eq!(at(&s, (7, true)), Some((INF, 0)));
        // Another node with the same key replaces an open entry even with an estimate, and
        // a final one only with a final value.
        s.store(7, (8, false), 1, 1, ());
        assert_eq!(at(&s, (8, false)), None);
        s.store(7, (8, false), 0, INF, ());
        assert_eq!(at(&s, (8, false)), Some((0, INF)));
        s.store(7, (9, false), 1, 1, ());
        assert_eq!(at(&s, (9, false)), None);
        let mut g = Marked {
            transfer_all: false,
        };
        let mut s = Dfpn::new(&mut g, lim());
        s.store(7, (7, false), 3, 4, ());
        s.store(7, (8, false), 1, 2, ());
        assert_eq!(at(&s, (8, false)), Some((1, 2)));
        assert_eq!(at(&s, (7, false)), None);
        // A disproof holds for the marked node as well, so a proof of that one does not
        // replace it (only a proof can be foreign).
        s.store(7, (7, false), INF, 0, ());
        s.store(7, (7, true), 0, INF, ());
        assert_eq!(at(&s, (7, true)), Some((INF, 0)));
    }

    #[test]
    fn past_the_cap_the_table_keeps_only_final_values_and_past_twice_the_cap_nothing() {
        let mut g = Marked {
            transfer_all: false,
        };
        let limits = Limits {
            tt_entries: 3,
            ..lim()
        };
        let mut s = Dfpn::new(&mut g, limits);
        for n in 1..=4 {
            s.store(n, (n as usize, false), 1, 1, ());
        }
        for n in 5..=8 {
            s.store(n, (n as usize, false), 0, INF, ());
        }
        let kept: Vec<u64> = (1..=8)
            .filter(|&n| s.lookup(n, &(n as usize, false)).is_some())
            .collect();
        assert_eq!(kept, [1, 2, 3, 5, 6, 7]);
    }

    /// A chain of OR nodes 0 → 1 → 2 → 3, won at 3, whose keys all collide.
    struct Colliding;

    impl Game for Colliding {
        type Node = usize;
        type Zone = ();
        fn full_zone(&self, _n: &usize) {}
        fn key(&self, _n: &usize) -> u64 {
            0
        }
        fn same_situation(&self, x: &usize, y: &usize) -> bool {
            x == y
        }
        fn evaluate(&mut self, n: &usize) -> Eval {
            if *n == 3 { Eval::ProverWin } else { Eval::Open }
        }
        fn expand(&mut self, n: &usize, out: &mut Vec<usize>) -> Kind {
            out.push(n + 1);
            Kind::Or
        }
    }

    #[test]
    fn a_key_collision_on_the_path_is_not_a_repetition() {
        // Every node has the key of the root, but none repeats a situation: a repetition
        // needs the same situation, not only the same key.
        assert_eq!(Dfpn::new(&mut Colliding, lim()).solve(0), Outcome::Proved);
    }
}
