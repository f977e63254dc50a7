//! The compact board every search runs on: a small graph (at most `64 * W` points) with the
//! rules of play that hold inside Pauli's hypothetical game (rules 6, 9–12):
//!
//! * a stone may be put on an empty *playable* point;
//! * opposing chains left without liberties are removed;
//! * suicide (r10) and pseudo-suicide (r11: every liberty of the new stone permanently
//!   prohibited) are not allowed;
//! * a ko capture (r12: the new stone alone without liberties and exactly one opposing stone
//!   captured) bans the captured point for the next turn.
//!
//! Points come in kinds. *Playable* points are where play happens (the set `S` of rule 14, or
//! one region of a local game). *Permanently prohibited* points (`P`, rule 9) are empty
//! forever and count as liberties. *Virtual* points are empty forever too and stand for the
//! two new locations of rule 14 (in a local game: for the liberties a boundary chain has
//! elsewhere); nobody plays there (see [`crate::hgame`] for why that is exact). The remaining
//! points hold stones that never change: the opponent's wall outside `S`, or the prover's
//! boundary chains of a local region — both keep a virtual liberty forever, so they are never
//! captured.
//!
//! The arena speaks of the *prover* (the player whose control is tested) and the *refuter*
//! (his opponent, who moves first), not of Black and White.

use crate::bits::Bits;
use rules_core::zobrist;

/// No point (no ko ban).
pub(crate) const NONE: u16 = u16::MAX;

/// The two roles of the hypothetical game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Side {
    /// The player who tries to build a two-eye formation.
    Prover = 0,
    /// His opponent, who moves first and tries to prevent it.
    Refuter = 1,
}

impl Side {
    #[inline]
    pub fn idx(self) -> usize {
        self as usize
    }
    #[inline]
    pub fn opp(self) -> Side {
        match self {
            Side::Prover => Side::Refuter,
            Side::Refuter => Side::Prover,
        }
    }
}

const FAM_STONE: u64 = zobrist::family::RULESET_BASE + 0x51;
const FAM_BAN: u64 = zobrist::family::RULESET_BASE + 0x52;
const FAM_MISC: u64 = zobrist::family::RULESET_BASE + 0x53;

/// A compact board: the graph, the kinds of points, and Zobrist keys.
#[derive(Clone, Debug)]
pub(crate) struct Arena<const W: usize> {
    pub n: usize,
    adj_off: Vec<u32>,
    adj: Vec<u16>,
    /// Neighbour set of each point.
    pub nbr: Vec<Bits<W>>,
    /// Every point.
    pub all: Bits<W>,
    /// Points where a stone may be put (empty or not).
    pub playable: Bits<W>,
    /// Permanently prohibited points inside the scope: empty forever.
    pub perm: Bits<W>,
    /// Virtual points: empty forever, nobody plays there.
    pub virt: Bits<W>,
    /// The set under test: `S` of rule 14, or the region of a local game (playable ∪ perm).
    pub scope: Bits<W>,
    /// Scope points with a neighbour outside the scope (H: next to the opponent's wall).
    pub border: Bits<W>,
    /// Refuter stones that never change (H: the outside).
    pub wall: Bits<W>,
    /// Prover stones that never leave (local game: the boundary chains).
    pub anchor: Bits<W>,
    /// The real board point of each arena point (`u32::MAX` for virtual points).
    pub origin: Vec<u32>,
    stone_keys: Vec<[u64; 2]>,
}

/// A position of the arena: stones by side, who moves, the ko ban, passes needed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Pos<const W: usize> {
    /// Stones of the prover (`st[0]`) and of the refuter (`st[1]`), walls and anchors included.
    pub st: [Bits<W>; 2],
    pub to_move: Side,
    /// The point the player to move may not play (cleared by a ko capture in the preceding
    /// turn), or [`NONE`].
    pub ban: u16,
    /// Passes needed to end the game (rule 4): 2, or 1 right after a clean pass.
    pub need: u8,
    /// Zobrist hash of the stones.
    pub hash: u64,
    /// The refuter has captured prover stones on the way here, since the root of the search
    /// (in a local game: since the last prover move that joined `M`, or the split that made
    /// its component). Not part of the situation (a repetition ignores it); wins claimed by a
    /// strategy argument need it clear (`crate::local`, "Static wins need a line without
    /// captures").
    pub captured: bool,
}

impl<const W: usize> Pos<W> {
    /// The same situation (rule 17's "similar"): stones, player to move, ban and passes,
    /// whatever [`Pos::captured`] says.
    pub fn same_situation(&self, other: &Pos<W>) -> bool {
        self.st == other.st
            && self.to_move == other.to_move
            && self.ban == other.ban
            && self.need == other.need
    }

    /// Whether a proof found at this position, which may rest on wins claimed by a strategy
    /// argument, also proves `query`, the same situation reached by another line: not when
    /// the proof was found on an unmarked line and `query`'s line is marked
    /// ([`Pos::captured`]; search.rs, `Game::proof_transfers`).
    pub fn proof_transfers_to(&self, query: &Pos<W>) -> bool {
        self.captured || !query.captured
    }
}

/// The result of a legal placement.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placed<const W: usize> {
    pub pos: Pos<W>,
    /// Opposing stones captured.
    pub captured: Bits<W>,
}

/// The chains of a position, computed once and shared by all its moves.
#[derive(Default)]
pub(crate) struct ChainMap<const W: usize> {
    /// Chain index of each point, `u16::MAX` for empty points.
    pub id: Vec<u16>,
    pub stones: Vec<Bits<W>>,
    pub libs: Vec<Bits<W>>,
}

/// Positions with their move-ordering scores, given back by descending score, ties in the
/// order they came (what a stable sort by score gives). Only (score, index) pairs are
/// sorted: the positions, a hundred bytes or more each, stay where they were put.
#[derive(Default)]
pub(crate) struct Scored<const W: usize> {
    /// One `u64` per position, [`Scored::key`]: a single integer comparison in the sort.
    keys: Vec<u64>,
    items: Vec<Pos<W>>,
}

impl<const W: usize> Scored<W> {
    /// The sort key of the `index`-th position with `score`: higher scores first, then
    /// lower indices (the order they came).
    #[inline]
    fn key(score: i32, index: u32) -> u64 {
        // Flipping the sign bit maps i32's order onto u32's; inverting makes it descending.
        let descending = !((score as u32) ^ 0x8000_0000);
        (u64::from(descending) << 32) | u64::from(index)
    }

    pub fn push(&mut self, score: i32, pos: Pos<W>) {
        self.keys.push(Self::key(score, self.items.len() as u32));
        self.items.push(pos);
    }

    /// Appends `f` of every position to `out`, best score first, and empties the buffer.
    pub fn drain_sorted_into<T>(&mut self, out: &mut Vec<T>, mut f: impl FnMut(Pos<W>) -> T) {
        self.keys.sort_unstable();
        out.extend(
            self.keys
                .iter()
                .map(|&k| f(self.items[(k & 0xffff_ffff) as usize])),
        );
        self.keys.clear();
        self.items.clear();
    }
}

/// Builds an arena from a list of edges (one flat list, not a list per point: arenas are
/// built for every local and whole-game search, and a vector per point was most of the
/// cost of building one).
pub(crate) struct ArenaBuilder {
    /// Both directions of every edge, repeats included (removed by `build`).
    edges: Vec<(u16, u16)>,
    pub playable: Vec<bool>,
    pub perm: Vec<bool>,
    pub virt: Vec<bool>,
    pub scope: Vec<bool>,
    pub wall: Vec<bool>,
    pub anchor: Vec<bool>,
    pub origin: Vec<u32>,
}

impl ArenaBuilder {
    pub fn new() -> Self {
        // Room for a typical arena from the start: growing eight vectors point by point
        // was a measurable share of building one.
        const POINTS: usize = 128;
        ArenaBuilder {
            edges: Vec::with_capacity(8 * POINTS),
            playable: Vec::with_capacity(POINTS),
            perm: Vec::with_capacity(POINTS),
            virt: Vec::with_capacity(POINTS),
            scope: Vec::with_capacity(POINTS),
            wall: Vec::with_capacity(POINTS),
            anchor: Vec::with_capacity(POINTS),
            origin: Vec::with_capacity(POINTS),
        }
    }

    /// Adds a point; returns its index.
    pub fn point(&mut self, origin: u32) -> u16 {
        self.playable.push(false);
        self.perm.push(false);
        self.virt.push(false);
        self.scope.push(false);
        self.wall.push(false);
        self.anchor.push(false);
        self.origin.push(origin);
        (self.origin.len() - 1) as u16
    }

    /// Adds the edge `a`–`b` (an edge added twice, in either direction, is one edge).
    pub fn edge(&mut self, a: u16, b: u16) {
        if a != b {
            self.edges.push((a, b));
            self.edges.push((b, a));
        }
    }

    pub fn len(&self) -> usize {
        self.origin.len()
    }

    pub fn build<const W: usize>(&self) -> Arena<W> {
        let n = self.len();
        assert!(n <= Bits::<W>::CAPACITY, "arena too large");
        // Neighbour sets first (a repeated edge sets its bit again), then the adjacency
        // lists from them, each in increasing order: no sort of the edge list (which was a
        // fifth of the time of a whole-game search trying its decomposition leaf).
        let mut nbr = vec![Bits::<W>::empty(); n];
        for &(a, b) in &self.edges {
            nbr[a as usize].set(b as usize);
        }
        let mut adj: Vec<u16> = Vec::with_capacity(self.edges.len());
        let mut adj_off = Vec::with_capacity(n + 1);
        adj_off.push(0);
        for m in &nbr {
            adj.extend(m.iter().map(|q| q as u16));
            adj_off.push(adj.len() as u32);
        }
        let set = |v: &Vec<bool>| {
            let mut b = Bits::<W>::empty();
            for (i, &x) in v.iter().enumerate() {
                if x {
                    b.set(i);
                }
            }
            b
        };
        let scope = set(&self.scope);
        let mut border = Bits::empty();
        for i in scope.iter() {
            if !nbr[i].is_subset(&scope) {
                border.set(i);
            }
        }
        let stone_keys = (0..n as u64)
            .map(|i| {
                [
                    zobrist::key(FAM_STONE, 2 * i),
                    zobrist::key(FAM_STONE, 2 * i + 1),
                ]
            })
            .collect();
        Arena {
            n,
            adj_off,
            adj,
            nbr,
            all: Bits::first(n),
            playable: set(&self.playable),
            perm: set(&self.perm),
            virt: set(&self.virt),
            scope,
            border,
            wall: set(&self.wall),
            anchor: set(&self.anchor),
            origin: self.origin.clone(),
            stone_keys,
        }
    }
}

impl<const W: usize> Arena<W> {
    /// The neighbours of `p`.
    #[inline]
    pub fn adj(&self, p: usize) -> &[u16] {
        &self.adj[self.adj_off[p] as usize..self.adj_off[p + 1] as usize]
    }

    #[inline]
    pub fn stone_key(&self, p: usize, side: Side) -> u64 {
        self.stone_keys[p][side.idx()]
    }

    /// A position with the given stones, `side` to move, no ban, `need` 2.
    pub fn position(&self, prover: Bits<W>, refuter: Bits<W>, to_move: Side) -> Pos<W> {
        let mut hash = 0;
        for p in prover.iter() {
            hash ^= self.stone_key(p, Side::Prover);
        }
        for p in refuter.iter() {
            hash ^= self.stone_key(p, Side::Refuter);
        }
        Pos {
            st: [prover, refuter],
            to_move,
            ban: NONE,
            need: 2,
            hash,
            captured: false,
        }
    }

    /// Empty points (virtual and permanently prohibited ones included).
    #[inline]
    pub fn empty(&self, pos: &Pos<W>) -> Bits<W> {
        self.all.minus(pos.st[0].or(pos.st[1]))
    }

    /// The union of the neighbour sets of the points of `set`.
    #[inline]
    pub fn dilate(&self, set: Bits<W>) -> Bits<W> {
        let mut r = Bits::empty();
        for p in set.iter() {
            r = r.or(self.nbr[p]);
        }
        r
    }

    /// The chain through `p` within `stones`.
    #[inline]
    pub fn chain(&self, stones: &Bits<W>, p: usize) -> Bits<W> {
        self.chain_and_dilation(stones, p).0
    }

    /// The chain through `p` within `stones`, and the union of its points' neighbour sets
    /// (what [`Arena::dilate`] of the chain gives), found in one pass: every point of the
    /// chain is in exactly one frontier.
    #[inline]
    pub fn chain_and_dilation(&self, stones: &Bits<W>, p: usize) -> (Bits<W>, Bits<W>) {
        let mut c = Bits::single(p);
        let mut frontier = c;
        let mut dil = Bits::empty();
        loop {
            let d = self.dilate(frontier);
            dil = dil.or(d);
            let grow = d.and(*stones).minus(c);
            if grow.is_empty() {
                return (c, dil);
            }
            c = c.or(grow);
            frontier = grow;
        }
    }

    /// Everything in `stones` connected to `seed` (seed included if it holds stones).
    pub fn reach(&self, stones: &Bits<W>, seed: Bits<W>) -> Bits<W> {
        let mut c = seed.and(*stones);
        let mut frontier = c;
        loop {
            let grow = self.dilate(frontier).and(*stones).minus(c);
            if grow.is_empty() {
                return c;
            }
            c = c.or(grow);
            frontier = grow;
        }
    }

    /// The chains of `pos` with their liberties.
    pub fn chain_map(&self, pos: &Pos<W>) -> ChainMap<W> {
        let mut cm = ChainMap::default();
        self.chain_map_into(pos, &mut cm);
        cm
    }

    /// [`Arena::chain_map`] into a reused buffer.
    pub fn chain_map_into(&self, pos: &Pos<W>, cm: &mut ChainMap<W>) {
        let empty = self.empty(pos);
        cm.id.clear();
        cm.id.resize(self.n, u16::MAX);
        cm.stones.clear();
        cm.libs.clear();
        let ChainMap { id, stones, libs } = cm;
        for s in 0..2 {
            let mut rest = pos.st[s];
            while let Some(p) = rest.first_one() {
                let (c, dil) = self.chain_and_dilation(&pos.st[s], p);
                rest = rest.minus(c);
                let k = stones.len() as u16;
                for q in c.iter() {
                    id[q] = k;
                }
                libs.push(dil.and(empty));
                stones.push(c);
            }
        }
    }

    /// Puts a stone of `side` on `p` if that is legal (ignoring ko bans, which are the
    /// caller's): `p` empty and playable, not suicide (Pauli rule 10), not pseudo-suicide
    /// (rule 11). Returns the position after the turn: the other side to move, the ban set if
    /// this was a ko capture (rule 12), `need` back to 2. `cm` holds the chains of `pos`.
    pub fn place_with(
        &self,
        pos: &Pos<W>,
        cm: &ChainMap<W>,
        p: usize,
        side: Side,
    ) -> Option<Placed<W>> {
        if !self.playable.has(p) || pos.st[0].has(p) || pos.st[1].has(p) {
            return None;
        }
        let me = side.idx();
        let opp = 1 - me;
        let pb = Bits::<W>::single(p);
        let mut captured = Bits::<W>::empty();
        let mut own = pb;
        let mut own_libs = self.nbr[p].minus(pos.st[0].or(pos.st[1]));
        let empty_neighbours = !own_libs.is_empty();
        // With an empty neighbour that is not permanently prohibited the stone keeps a
        // liberty a player may fill (no r10 or r11) and is no ko capture: its own chain is
        // not needed (most moves).
        let safe = !own_libs.is_subset(&self.perm);
        self.for_each_chain_around(cm, p, |q, ci| {
            if pos.st[opp].has(q) {
                if cm.libs[ci].minus(pb).is_empty() {
                    captured = captured.or(cm.stones[ci]);
                }
            } else if !safe {
                own = own.or(cm.stones[ci]);
                own_libs = own_libs.or(cm.libs[ci]);
            }
        });
        own_libs.clear(p);
        if captured.is_empty() && !safe {
            if own_libs.is_empty() {
                return None; // r10 suicide
            }
            if own_libs.is_subset(&self.perm) {
                return None; // r11 pseudo-suicide
            }
        }
        let mut st = pos.st;
        st[me].set(p);
        let mut hash = pos.hash ^ self.stone_key(p, side);
        if !captured.is_empty() {
            st[opp] = st[opp].minus(captured);
            for q in captured.iter() {
                hash ^= self.stone_key(q, side.opp());
            }
        }
        // Cheapest test first: most moves have an empty neighbour.
        let ko = !empty_neighbours && captured.count_upto(2) == 1 && own.count_upto(2) == 1;
        let ban = if ko {
            captured.first_one().map_or(NONE, |q| q as u16)
        } else {
            NONE
        };
        Some(Placed {
            pos: Pos {
                st,
                to_move: side.opp(),
                ban,
                need: 2,
                hash,
                captured: pos.captured || (side == Side::Refuter && !captured.is_empty()),
            },
            captured,
        })
    }

    /// [`Arena::place_with`] computing the chains itself, written independently: the tests
    /// check the fast version against it.
    #[cfg(test)]
    pub fn place(&self, pos: &Pos<W>, p: usize, side: Side) -> Option<Placed<W>> {
        if !self.playable.has(p) || pos.st[0].has(p) || pos.st[1].has(p) {
            return None;
        }
        let me = side.idx();
        let opp = 1 - me;
        let mut st = pos.st;
        st[me].set(p);
        let empty_after = self.all.minus(st[0].or(st[1]));
        let mut captured = Bits::empty();
        let mut seen = Bits::empty();
        for &q in self.adj(p) {
            let q = q as usize;
            if st[opp].has(q) && !seen.has(q) {
                let c = self.chain(&st[opp], q);
                seen = seen.or(c);
                if !self.dilate(c).intersects(&empty_after) {
                    captured = captured.or(c);
                }
            }
        }
        let mut hash = pos.hash ^ self.stone_key(p, side);
        if !captured.is_empty() {
            st[opp] = st[opp].minus(captured);
            for q in captured.iter() {
                hash ^= self.stone_key(q, side.opp());
            }
        }
        let own = self.chain(&st[me], p);
        let empty_now = self.all.minus(st[0].or(st[1]));
        let libs = self.dilate(own).and(empty_now);
        if captured.is_empty() {
            if libs.is_empty() {
                return None; // r10 suicide
            }
            if libs.is_subset(&self.perm) {
                return None; // r11 pseudo-suicide
            }
        }
        let ko = captured.count() == 1 && own.count() == 1 && !self.nbr[p].intersects(&empty_after);
        let ban = if ko {
            captured.first_one().map_or(NONE, |q| q as u16)
        } else {
            NONE
        };
        Some(Placed {
            pos: Pos {
                st,
                to_move: side.opp(),
                ban,
                need: 2,
                hash,
                captured: pos.captured || (side == Side::Refuter && !captured.is_empty()),
            },
            captured,
        })
    }

    /// Every legal move of the player to move on a free playable point other than the ban
    /// (the caller's chains `cm` are refreshed for `pos`), the positions after them appended
    /// to `out` in the order `order` asks: by descending `heuristic(cm, point, placed)`, in
    /// point order, or in reverse point order. `scored` is a reused buffer.
    pub fn ordered_moves(
        &self,
        pos: &Pos<W>,
        order: crate::MoveOrder,
        cm: &mut ChainMap<W>,
        scored: &mut Scored<W>,
        out: &mut Vec<Pos<W>>,
        mut heuristic: impl FnMut(&ChainMap<W>, usize, &Placed<W>) -> i32,
    ) {
        self.chain_map_into(pos, cm);
        let free = self.playable.minus(pos.st[0].or(pos.st[1]));
        for x in free.iter() {
            if x as u16 == pos.ban {
                continue;
            }
            if let Some(pl) = self.place_with(pos, cm, x, pos.to_move) {
                let score = order.score(x, || heuristic(cm, x, &pl));
                scored.push(score, pl.pos);
            }
        }
        scored.drain_sorted_into(out, |p| p);
    }

    /// Move-ordering weight of a `side` stone on `x` against the opposing chains next to it,
    /// each counted once (chains meeting `skip` left out): 40 for a chain it puts in atari,
    /// 10 for one left with two liberties, 3 for more, nothing for one it captures (the
    /// caller weighs captures). `cm` holds the chains of `pos`.
    pub fn contact_weight(
        &self,
        pos: &Pos<W>,
        cm: &ChainMap<W>,
        x: usize,
        side: Side,
        skip: Bits<W>,
    ) -> i32 {
        let opp = side.opp().idx();
        let mut s = 0;
        self.for_each_chain_around(cm, x, |q, c| {
            if pos.st[opp].has(q) && !skip.has(q) {
                s += match cm.libs[c].count_upto(4).saturating_sub(1) {
                    0 => 0,
                    1 => 40,
                    2 => 10,
                    _ => 3,
                };
            }
        });
        s
    }

    /// Calls `f(q, c)` once for each chain next to `x`: `q` one of its stones next to `x`,
    /// `c` its index in `cm`. (Eight chains are remembered; on a graph where a point touches
    /// more, a chain may come again — harmless for both callers, whose sums are unions or
    /// only ordering weights.)
    fn for_each_chain_around(&self, cm: &ChainMap<W>, x: usize, mut f: impl FnMut(usize, usize)) {
        let mut seen = [u16::MAX; 8];
        let mut ns = 0;
        for &q in self.adj(x) {
            let c = cm.id[q as usize];
            // An explicit loop: `contains` is not inlined here, and this runs for every move
            // tried.
            if c == u16::MAX || (0..ns).any(|i| seen[i] == c) {
                continue;
            }
            if ns < seen.len() {
                seen[ns] = c;
                ns += 1;
            }
            f(q as usize, c as usize);
        }
    }

    /// The position after a pass by the player to move (rule 4): a pass made while a point is
    /// temporarily prohibited does not count toward the end.
    pub fn pass(&self, pos: &Pos<W>) -> Pos<W> {
        Pos {
            st: pos.st,
            to_move: pos.to_move.opp(),
            ban: NONE,
            need: if pos.ban == NONE { 1 } else { 2 },
            hash: pos.hash,
            captured: pos.captured,
        }
    }

    /// A hash of the whole situation (stones, player to move, ban, need).
    #[inline]
    pub fn situation_hash(&self, pos: &Pos<W>) -> u64 {
        let mut h = pos.hash;
        if pos.to_move == Side::Refuter {
            h ^= zobrist::key(FAM_MISC, 1);
        }
        if pos.need == 1 {
            h ^= zobrist::key(FAM_MISC, 2);
        }
        if pos.ban != NONE {
            h ^= zobrist::key(FAM_BAN, u64::from(pos.ban));
        }
        h
    }

    /// The maximal two-eye formation of `side` (ljr.md §6.3): its chains and one-point eyes.
    /// Chains meeting `pinned` are kept whatever their eyes (the wall of H, whose two eyes
    /// are the virtual locations).
    pub fn max_formation(&self, pos: &Pos<W>, side: Side, pinned: Bits<W>) -> Bits<W> {
        let r = pos.st[side.idx()];
        let empty = self.empty(pos);
        let mut eyes = Bits::<W>::empty();
        for p in empty.iter() {
            let nb = self.nbr[p];
            if !nb.is_empty() && nb.is_subset(&r) {
                eyes.set(p);
            }
        }
        let pinned = self.reach(&r, pinned);
        let mut alive = r;
        loop {
            let mut changed = false;
            let mut rest = alive.minus(pinned);
            while let Some(p) = rest.first_one() {
                let c = self.chain(&r, p);
                rest = rest.minus(c);
                if !self.dilate(c).and(eyes).has_at_least(2) {
                    alive = alive.minus(c);
                    changed = true;
                }
            }
            let mut kept = eyes;
            for p in eyes.iter() {
                if !self.nbr[p].is_subset(&alive) {
                    kept.clear(p);
                }
            }
            if kept != eyes {
                eyes = kept;
                changed = true;
            }
            if !changed {
                return alive.or(eyes);
            }
        }
    }

    /// Benson's unconditional life (Benson 1976) for `side` on the arena: the stones of its
    /// chains that the opponent cannot capture even if `side` passes for ever. Chains meeting
    /// `pinned` are alive by assumption (the wall of H). A region (a connected set of points
    /// without `side` stones) is vital to a chain when all its empty points are liberties of
    /// the chain; chains need two vital regions enclosed by surviving chains. Permanently
    /// prohibited and virtual points count as empty: nobody fills them, which only weakens the
    /// attacker.
    pub fn benson(&self, pos: &Pos<W>, side: Side, pinned: Bits<W>) -> Bits<W> {
        // Called at most nodes of the searches: no allocation. At most 64 chains are tracked
        // exactly (bitmasks over chains); with more, nothing is claimed.
        const MAX_CHAINS: usize = 64;
        let own = pos.st[side.idx()];
        let empty = self.empty(pos);
        let mut chains = [Bits::<W>::empty(); MAX_CHAINS];
        let mut dil = [Bits::<W>::empty(); MAX_CHAINS];
        let mut nc = 0;
        let mut rest = own;
        while let Some(p) = rest.first_one() {
            if nc == MAX_CHAINS {
                return Bits::empty();
            }
            let (c, d) = self.chain_and_dilation(&own, p);
            rest = rest.minus(c);
            chains[nc] = c;
            dil[nc] = d;
            nc += 1;
        }
        // Per region (a component of the points without `side` stones): its bounding chains
        // and the chains it is vital to. A region vital to no chain plays no part. Regions are
        // disjoint and not empty, so there are at most as many as points: 64 per word.
        let mut regions = [[(0u64, 0u64); 64]; W];
        let mut nr = 0;
        let others = self.all.minus(own);
        let mut rest = others;
        while let Some(p) = rest.first_one() {
            let r = self.chain(&others, p);
            rest = rest.minus(r);
            let e = r.and(empty);
            let (mut b, mut v) = (0u64, 0u64);
            for (i, d) in dil[..nc].iter().enumerate() {
                if d.intersects(&r) {
                    b |= 1 << i;
                    if e.is_subset(d) {
                        v |= 1 << i;
                    }
                }
            }
            if v == 0 {
                continue;
            }
            regions[nr / 64][nr % 64] = (b, v);
            nr += 1;
        }
        let regions = &regions.as_flattened()[..nr];
        let mut pin = 0u64;
        for (i, c) in chains[..nc].iter().enumerate() {
            if c.intersects(&pinned) {
                pin |= 1 << i;
            }
        }
        let mut alive: u64 = if nc == 64 { u64::MAX } else { (1u64 << nc) - 1 };
        loop {
            let mut count = [0u8; 64];
            for &(b, v) in regions {
                if b & !alive == 0 {
                    let mut x = v & alive;
                    while x != 0 {
                        let i = x.trailing_zeros() as usize;
                        x &= x - 1;
                        count[i] = count[i].saturating_add(1);
                    }
                }
            }
            let mut next = alive;
            for (i, &c) in count.iter().enumerate().take(nc) {
                if c < 2 && pin >> i & 1 == 0 {
                    next &= !(1 << i);
                }
            }
            if next == alive {
                break;
            }
            alive = next;
        }
        let mut out = Bits::empty();
        for (i, c) in chains[..nc].iter().enumerate() {
            if alive >> i & 1 == 1 {
                out = out.or(*c);
            }
        }
        out
    }

    /// The connected components of `set`.
    pub fn components(&self, set: Bits<W>) -> Vec<Bits<W>> {
        let mut out = Vec::new();
        let mut rest = set;
        while let Some(p) = rest.first_one() {
            let c = self.chain(&set, p);
            rest = rest.minus(c);
            out.push(c);
        }
        out
    }

    /// A hash of a set of points (for keys of sub-games on part of the arena).
    pub fn mask_hash(&self, mask: &Bits<W>) -> u64 {
        mask.iter()
            .fold(0, |h, p| h ^ zobrist::key(FAM_MISC, 16 + p as u64))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The next number of a xorshift generator (Marsaglia's 13/7/17): reproducible random
    /// boards and games for the tests, without a dependency.
    pub fn xorshift(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// The set of `points`.
    pub fn bits<const W: usize>(points: &[usize]) -> Bits<W> {
        points
            .iter()
            .fold(Bits::empty(), |s, &p| s.or(Bits::single(p)))
    }

    /// A grid arena from rows of `X` (prover), `O` (refuter), `.` (empty), `#` (perm);
    /// every point playable and in scope.
    pub fn grid(rows: &[&str]) -> (Arena<2>, Pos<2>) {
        let h = rows.len();
        let w = rows[0].len();
        let mut b = ArenaBuilder::new();
        for i in 0..w * h {
            b.point(i as u32);
        }
        for y in 0..h {
            for x in 0..w {
                let i = (y * w + x) as u16;
                if x + 1 < w {
                    b.edge(i, i + 1);
                }
                if y + 1 < h {
                    b.edge(i, i + w as u16);
                }
                b.scope[i as usize] = true;
                b.playable[i as usize] = true;
            }
        }
        let (mut pr, mut rf) = (Bits::empty(), Bits::empty());
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let i = y * w + x;
                match ch {
                    'X' => pr.set(i),
                    'O' => rf.set(i),
                    '#' => {
                        b.perm[i] = true;
                        b.playable[i] = false;
                    }
                    _ => {}
                }
            }
        }
        let a = b.build::<2>();
        let pos = a.position(pr, rf, Side::Refuter);
        (a, pos)
    }

    #[test]
    fn a_refuter_capture_marks_the_line_for_good() {
        let (a, pos) = grid(&["X..", "O..", "..."]);
        assert!(!pos.captured);
        // Refuter moves that capture nothing, and prover captures, leave no mark.
        let quiet = a.place(&pos, 4, Side::Refuter).unwrap().pos;
        assert!(!quiet.captured);
        let (a2, pos2) = grid(&["O..", "X..", "..."]);
        let prover_takes = a2.place(&pos2, 1, Side::Prover).unwrap();
        assert_eq!(prover_takes.captured.count(), 1);
        assert!(!prover_takes.pos.captured);
        // The refuter captures the stone in the corner: marked, and the mark stays through
        // prover moves and passes (both move generators agree).
        let cm = a.chain_map(&pos);
        let taken = a.place_with(&pos, &cm, 1, Side::Refuter).unwrap();
        assert_eq!(taken.captured.count(), 1);
        assert!(taken.pos.captured);
        assert_eq!(a.place(&pos, 1, Side::Refuter).unwrap().pos, taken.pos);
        let later = a.place(&taken.pos, 8, Side::Prover).unwrap().pos;
        assert!(later.captured);
        assert!(a.pass(&later).captured);
        // The mark is not part of the situation.
        let unmarked = Pos {
            captured: false,
            ..later
        };
        assert!(later.same_situation(&unmarked));
        assert_ne!(later, unmarked);
        // A proof found unmarked does not hold for the marked line; the other way it does.
        assert!(!unmarked.proof_transfers_to(&later));
        assert!(later.proof_transfers_to(&unmarked));
        assert!(later.proof_transfers_to(&later) && unmarked.proof_transfers_to(&unmarked));
    }

    /// The builder: an edge added twice or both ways is one edge, a loop is none, each
    /// point's neighbours come in increasing order; every kind of point lands in its own
    /// set; the border is the scope's points with a neighbour outside it.
    #[test]
    fn the_builder_makes_one_edge_per_pair_and_each_kind_its_set() {
        let mut b = ArenaBuilder::new();
        for i in 0..5 {
            assert_eq!(b.point(10 + i), i as u16);
        }
        assert_eq!(b.len(), 5);
        b.edge(3, 0);
        b.edge(0, 1);
        b.edge(1, 0);
        b.edge(0, 1);
        b.edge(2, 2);
        b.edge(1, 2);
        b.edge(3, 4);
        b.playable[0] = true;
        b.playable[1] = true;
        b.perm[2] = true;
        b.virt[4] = true;
        b.wall[3] = true;
        b.anchor[1] = true;
        for p in 0..3 {
            b.scope[p] = true;
        }
        let a = b.build::<1>();
        assert_eq!(a.n, 5);
        assert_eq!(a.adj(0), &[1, 3]);
        assert_eq!(a.adj(1), &[0, 2]);
        assert_eq!(a.adj(2), &[1]);
        assert_eq!(a.adj(3), &[0, 4]);
        assert_eq!(a.adj(4), &[3]);
        let set = bits::<1>;
        assert_eq!(a.nbr[0], set(&[1, 3]));
        assert_eq!(a.all, set(&[0, 1, 2, 3, 4]));
        assert_eq!(a.playable, set(&[0, 1]));
        assert_eq!(a.perm, set(&[2]));
        assert_eq!(a.virt, set(&[4]));
        assert_eq!(a.wall, set(&[3]));
        assert_eq!(a.anchor, set(&[1]));
        assert_eq!(a.scope, set(&[0, 1, 2]));
        assert_eq!(a.border, set(&[0]));
        assert_eq!(a.origin, vec![10, 11, 12, 13, 14]);
        // Stone keys: one per point and side, all different; a position's hash is theirs.
        let mut keys: Vec<u64> = (0..5)
            .flat_map(|p| [a.stone_key(p, Side::Prover), a.stone_key(p, Side::Refuter)])
            .collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 10);
        let pos = a.position(set(&[1]), set(&[3, 4]), Side::Prover);
        assert_eq!(
            pos.hash,
            a.stone_key(1, Side::Prover)
                ^ a.stone_key(3, Side::Refuter)
                ^ a.stone_key(4, Side::Refuter)
        );
        assert_eq!(
            (pos.to_move, pos.ban, pos.need, pos.captured),
            (Side::Prover, NONE, 2, false)
        );
        assert_eq!(a.empty(&pos), set(&[0, 2]));
        assert_eq!(a.dilate(set(&[0, 4])), set(&[1, 3]));
        assert_eq!(Side::Prover.opp(), Side::Refuter);
        assert_eq!(Side::Refuter.opp(), Side::Prover);
        assert_eq!((Side::Prover.idx(), Side::Refuter.idx()), (0, 1));
    }

    /// The contact weight of a stone against each opposing chain next to it, counted once:
    /// 40 for a chain it puts in atari, 10 for one left with two liberties, 3 for more, 0 for
    /// one it captures; chains meeting `skip` and own chains count nothing.
    #[test]
    fn contact_weights_by_the_liberties_left() {
        let weight = |rows: &[&str], x: usize, side: Side, skip: &[usize]| {
            let (a, pos) = grid(rows);
            let cm = a.chain_map(&pos);
            a.contact_weight(&pos, &cm, x, side, bits(skip))
        };
        // Indices 0 1 2 / 3 4 5 / 6 7 8. Refuter chains 0–1 (liberties 2, 4) and 5–8
        // (liberties 2, 4, 7); the prover's stone 3 (liberties 4, 6).
        let rows = ["OO.", "X.O", "..O"];
        // On 4: 0–1 put in atari (40), 5–8 left with two (10); the own stone 3 counts nothing.
        assert_eq!(weight(&rows, 4, Side::Prover, &[]), 50);
        // `skip` holds whole chains (the callers' sets): the chain's stone next to 4 meets it.
        assert_eq!(weight(&rows, 4, Side::Prover, &[5, 8]), 40);
        assert_eq!(weight(&rows, 4, Side::Prover, &[0, 1]), 10);
        // On 2 the same two chains, each counted once though 2 touches 1 and 5.
        assert_eq!(weight(&rows, 2, Side::Prover, &[]), 50);
        // The refuter on 6 puts the prover's stone 3 in atari.
        assert_eq!(weight(&rows, 6, Side::Refuter, &[]), 40);
        // Three liberties left or more weigh 3; a chain captured, 0.
        assert_eq!(weight(&["....", ".OO.", "...."], 1, Side::Prover, &[]), 3);
        assert_eq!(weight(&["XO.", "XX."], 2, Side::Prover, &[]), 0);
        // A chain touched through two of its stones counts once: 0–1–3 meets 4 through 1
        // and 3 and is left with two liberties (of 2, 4, 6): 10, not 20.
        assert_eq!(weight(&["OO.", "O..", "..."], 4, Side::Prover, &[]), 10);
    }

    /// A situation is the stones, the player to move, the ban and the passes needed: each
    /// one differing makes another situation, with another hash; the mark of a refuter
    /// capture is not part of it.
    #[test]
    fn each_part_of_a_situation_counts_in_the_comparison_and_the_hash() {
        let (a, pos) = grid(&["X..", "O..", "..."]);
        assert!(pos.same_situation(&pos));
        let other = [
            a.position(pos.st[0], pos.st[1].or(Bits::single(8)), Side::Refuter),
            a.position(pos.st[1], pos.st[0], Side::Refuter),
            Pos {
                to_move: Side::Prover,
                ..pos
            },
            Pos { ban: 4, ..pos },
            Pos { ban: 5, ..pos },
            Pos { need: 1, ..pos },
            a.pass(&pos),
            a.place(&pos, 4, Side::Refuter).unwrap().pos,
        ];
        for o in &other {
            assert!(!pos.same_situation(o), "{o:?}");
            assert!(!o.same_situation(&pos), "{o:?}");
        }
        let mut hashes: Vec<u64> = std::iter::once(&pos)
            .chain(&other)
            .map(|p| a.situation_hash(p))
            .collect();
        let n = hashes.len();
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), n, "{hashes:?}");
        let marked = Pos {
            captured: true,
            ..pos
        };
        assert!(marked.same_situation(&pos));
        assert_eq!(a.situation_hash(&marked), a.situation_hash(&pos));
    }

    #[test]
    fn point_order_and_reverse_point_order() {
        // Every empty point of an empty 3×2 grid, ascending or descending; the heuristic
        // order by its scores, ties in point order.
        let (a, pos) = grid(&["...", "..."]);
        let order = |order: crate::MoveOrder| {
            let mut out = Vec::new();
            a.ordered_moves(
                &pos,
                order,
                &mut ChainMap::default(),
                &mut Scored::default(),
                &mut out,
                |_, x, _| i32::from(x == 4),
            );
            out.iter()
                .map(|p: &Pos<2>| p.st[1].first_one().unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(order(crate::MoveOrder::Natural), [0, 1, 2, 3, 4, 5]);
        assert_eq!(order(crate::MoveOrder::Reversed), [5, 4, 3, 2, 1, 0]);
        assert_eq!(order(crate::MoveOrder::Heuristic), [4, 0, 1, 2, 3, 5]);
    }

    #[test]
    fn suicide_capture_and_ko() {
        // LJR-01/02 in miniature: O on ae captures be as a ko capture.
        let (a, pos) = grid(&[".XO.", "XO.O", ".XO."]);
        // Prover (X) at cb captures the refuter stone bb: a ko capture.
        let placed = a.place(&pos, 6, Side::Prover).unwrap();
        assert_eq!(placed.captured.count(), 1);
        assert_eq!(placed.pos.ban, 5);
        // Refuter at aa takes ba's last liberty: also a ko capture.
        let placed = a.place(&pos, 0, Side::Refuter).unwrap();
        assert_eq!(placed.pos.ban, 1);
        // Prover at da: no liberty, captures nothing: suicide (r10).
        assert!(a.place(&pos, 3, Side::Prover).is_none());
    }

    #[test]
    fn pseudo_suicide() {
        // LJR-07: X to play dc next to the permanently prohibited cc.
        let (a, pos) = grid(&[".....", ".OOO.", ".O#.O", ".OOO.", "....."]);
        assert!(a.place(&pos, 13, Side::Prover).is_none());
        assert!(a.place(&pos, 13, Side::Refuter).is_some());
        assert!(
            a.place(&pos, 12, Side::Refuter).is_none(),
            "perm is not playable"
        );
    }

    #[test]
    fn place_with_agrees_with_place() {
        let mut boards: Vec<Vec<String>> = [
            &[".XO.", "XO.O", ".XO."][..],
            &[".....", ".OOO.", ".O#.O", ".OOO.", "....."][..],
            &["XOO.", ".XXO", "....", "...."][..],
            &["OX.", ".X.", "X.."][..],
        ]
        .iter()
        .map(|rows| rows.iter().map(|r| r.to_string()).collect())
        .collect();
        // Random fillings with permanently prohibited points (r11's pseudo-suicide, ko
        // captures next to them).
        let mut seed = 0x853c_49e6_748f_ea9bu64;
        for _ in 0..300 {
            boards.push(
                (0..6)
                    .map(|_| {
                        (0..6)
                            .map(|_| {
                                ['X', 'X', 'O', 'O', '.', '.', '#']
                                    [(xorshift(&mut seed) % 7) as usize]
                            })
                            .collect()
                    })
                    .collect(),
            );
        }
        let (mut legal, mut captures) = (0, 0);
        for rows in &boards {
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let (a, pos) = grid(&rows);
            for side in [Side::Prover, Side::Refuter] {
                let p0 = Pos {
                    to_move: side,
                    ..pos
                };
                let cm = a.chain_map(&p0);
                for p in 0..a.n {
                    let x = a.place(&p0, p, side).map(|r| (r.pos, r.captured));
                    let y = a.place_with(&p0, &cm, p, side).map(|r| (r.pos, r.captured));
                    assert_eq!(x, y, "{rows:?} {p} {side:?}");
                    legal += usize::from(x.is_some());
                    captures += usize::from(x.is_some_and(|(_, c)| !c.is_empty()));
                }
            }
        }
        assert!(
            legal > 1000 && captures > 100,
            "{legal} legal, {captures} captures"
        );
    }

    #[test]
    fn benson_keeps_chains_with_two_vital_regions_and_the_pinned() {
        // Two one-point eyes (a1, c1; e1 a third): unconditionally alive.
        let (a, pos) = grid(&[".X.X.", "XXXXX", ".....", "..O..", "....."]);
        let x = pos.st[Side::Prover.idx()];
        assert_eq!(a.benson(&pos, Side::Prover, Bits::empty()), x);
        // The refuter's lone stone c4 has no eye.
        assert!(a.benson(&pos, Side::Refuter, Bits::empty()).is_empty());
        // One eye, the rest open: nothing is claimed, unless the chain is pinned (the wall
        // of H, alive by assumption).
        let (a, pos) = grid(&[".XXXX", "XXXXX", ".....", "..O..", "....."]);
        let x = pos.st[Side::Prover.idx()];
        assert!(a.benson(&pos, Side::Prover, Bits::empty()).is_empty());
        assert_eq!(a.benson(&pos, Side::Prover, Bits::single(1)), x);
        // Two chains with one eye each: a pin keeps the chain it meets, whichever it is, and
        // only that one.
        let (a, pos) = grid(&[".X...", "XX...", ".....", "...XX", "...X."]);
        let (first, second) = (a.chain(&pos.st[0], 1), a.chain(&pos.st[0], 23));
        assert!(a.benson(&pos, Side::Prover, Bits::empty()).is_empty());
        assert_eq!(a.benson(&pos, Side::Prover, Bits::single(23)), second);
        assert_eq!(a.benson(&pos, Side::Prover, Bits::single(5)), first);
        // Single stones on one colour of a chequerboard: every empty point is a region vital
        // to all its neighbours (many small regions), so every stone is alive.
        let (a, pos) = grid(&["X.X.X", ".X.X.", "X.X.X", ".X.X.", "X.X.X"]);
        let x = pos.st[Side::Prover.idx()];
        assert_eq!(x.count(), 13);
        assert_eq!(a.benson(&pos, Side::Prover, Bits::empty()), x);
    }

    /// `components` splits a set into its connected parts, in the order of their first
    /// points; `mask_hash` tells sets apart and is additive over disjoint sets (the keys of
    /// sub-games on different parts of the arena must differ).
    #[test]
    fn components_and_mask_hashes_of_sets() {
        let (a, _) = grid(&[".....", ".....", ".....", ".....", "....."]);
        // Rows of a 5×5 board: {0, 1, 6}, {3, 4, 9, 14}, {12}, {20, 21, 22}.
        let set = bits::<2>(&[0, 1, 6, 3, 4, 9, 14, 12, 20, 21, 22]);
        let parts = a.components(set);
        assert_eq!(
            parts,
            vec![
                bits(&[0, 1, 6]),
                bits(&[3, 4, 9, 14]),
                bits(&[12]),
                bits(&[20, 21, 22])
            ]
        );
        assert!(a.components(Bits::empty()).is_empty());
        assert_eq!(a.components(a.all), vec![a.all]);

        assert_eq!(a.mask_hash(&Bits::empty()), 0);
        let mut seen = std::collections::HashSet::new();
        for m in 0..1u64 << 10 {
            let mask = bits::<2>(&(0..10).filter(|i| m >> i & 1 == 1).collect::<Vec<_>>());
            assert!(seen.insert(a.mask_hash(&mask)), "{m:b}");
        }
        let (x, y) = (bits::<2>(&[0, 7, 13]), bits::<2>(&[2, 24]));
        assert_eq!(a.mask_hash(&x.or(y)), a.mask_hash(&x) ^ a.mask_hash(&y));
    }

    #[test]
    fn scored_positions_come_best_first_ties_in_order() {
        let (a, pos) = grid(&["...", "...", "..."]);
        let mut sc = Scored::<2>::default();
        let scores = [3, 7, 3, -1, 7, 0];
        let placed: Vec<Pos<2>> = (0..scores.len())
            .map(|p| a.place(&pos, p, Side::Prover).expect("legal").pos)
            .collect();
        for (s, p) in scores.iter().zip(&placed) {
            sc.push(*s, *p);
        }
        let mut out = Vec::new();
        sc.drain_sorted_into(&mut out, |p| placed.iter().position(|q| *q == p));
        assert_eq!(out, [1, 4, 0, 2, 5, 3].map(Some));
        // Emptied: the next use starts afresh.
        sc.push(1, placed[5]);
        let mut again = Vec::new();
        sc.drain_sorted_into(&mut again, |p| p);
        assert_eq!(again, [placed[5]]);
    }

    #[test]
    fn scored_keys_order_every_score_descending_then_by_index() {
        let scores = [i32::MAX, 10_000, 1, 0, -1, -10_000, i32::MIN];
        for w in scores.windows(2) {
            assert!(
                Scored::<1>::key(w[0], 5) < Scored::<1>::key(w[1], 0),
                "{w:?}"
            );
        }
        for s in scores {
            assert!(Scored::<1>::key(s, 0) < Scored::<1>::key(s, 1));
            assert!(Scored::<1>::key(s, u32::MAX - 1) < Scored::<1>::key(s, u32::MAX));
        }
    }

    #[test]
    fn chain_and_dilation_is_the_chain_and_its_dilation() {
        let mut seen = 0;
        for rows in [
            &[".XO.", "XO.O", ".XO."][..],
            &[".....", ".OOO.", ".O#.O", ".OOO.", "....."][..],
            &["XOO.", ".XXO", "....", "...."][..],
        ] {
            let (a, pos) = grid(rows);
            for stones in pos.st {
                for p in stones.iter() {
                    let (c, d) = a.chain_and_dilation(&stones, p);
                    // `chain` is this function's first half; `reach` floods on its own.
                    assert_eq!(c, a.reach(&stones, Bits::single(p)), "{rows:?} {p}");
                    assert_eq!(d, a.dilate(c), "{rows:?} {p}");
                    seen += usize::from(c.count() > 1);
                }
            }
        }
        assert!(seen > 0, "some chain has several stones");
    }

    /// The chain map against chains flooded one by one: every chain, its liberties, the
    /// order (by side, then by smallest point) and the index of every stone, on random
    /// fillings of a board with long chains.
    #[test]
    fn chain_map_matches_flooding_each_chain() {
        let (a, _) = grid(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut cm = ChainMap::default();
        let mut multi = 0;
        for _ in 0..300 {
            let (mut pr, mut rf) = (Bits::<2>::empty(), Bits::<2>::empty());
            for p in 0..a.n {
                match xorshift(&mut seed) % 5 {
                    0 | 1 => pr.set(p),
                    2 | 3 => rf.set(p),
                    _ => {}
                }
            }
            let pos = a.position(pr, rf, Side::Prover);
            a.chain_map_into(&pos, &mut cm);
            let mut expected = Vec::new();
            for st in pos.st {
                let mut rest = st;
                while let Some(p) = rest.first_one() {
                    let c = a.chain(&st, p);
                    rest = rest.minus(c);
                    expected.push((c, a.dilate(c).and(a.empty(&pos))));
                    multi += usize::from(c.count() > 3);
                }
            }
            let got: Vec<_> = cm
                .stones
                .iter()
                .copied()
                .zip(cm.libs.iter().copied())
                .collect();
            assert_eq!(got, expected);
            for p in 0..a.n {
                match cm.id[p] {
                    u16::MAX => assert!(!pr.has(p) && !rf.has(p)),
                    k => assert!(cm.stones[k as usize].has(p)),
                }
            }
        }
        assert!(multi > 100, "chains of several stones: {multi}");
    }

    #[test]
    fn multi_stone_capture_is_no_ko() {
        let (a, pos) = grid(&["XOO.", ".XXO", "....", "...."]);
        let placed = a.place(&pos, 3, Side::Prover).unwrap();
        assert_eq!(placed.captured.count(), 2);
        assert_eq!(placed.pos.ban, NONE);
        let mut h = 0;
        for p in placed.pos.st[0].iter() {
            h ^= a.stone_key(p, Side::Prover);
        }
        for p in placed.pos.st[1].iter() {
            h ^= a.stone_key(p, Side::Refuter);
        }
        assert_eq!(h, placed.pos.hash);
    }
}
