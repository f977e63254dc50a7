//! The board: a colouring of a topology's points (text 000 rule 2, text 001 `Board`), kept
//! together with incrementally maintained chains, liberty counts and a Zobrist hash.
//!
//! * A *chain* is a maximal connected set of stones of one colour ("group" in text 000
//!   rule 3, "stone block" in text 004). Each chain has a representative point (its *head*);
//!   its stones form a circular linked list.
//! * Each chain carries its number of *pseudo-liberties*: the number of (stone, empty
//!   neighbour) pairs. It is zero exactly when the chain has no liberty, i.e. when none of its
//!   points reaches empty (text 000 rule 4), and it is cheap to maintain.
//! * Each chain carries the XOR of its stones' Zobrist keys, so the hash of the position a
//!   move would produce is known before the move is made ([`Board::analyze`]).
//! * Two bitsets (black, white) are the exact form of the position, used to confirm every
//!   hash hit (see [`crate::history`]).

use crate::color::{Color, PerColor};
use crate::point::Point;
use crate::topology::Topology;
use std::fmt;
use std::sync::Arc;

const EMPTY: u8 = 0;

#[inline]
fn cell_of(c: Color) -> u8 {
    c as u8 + 1
}

#[inline]
fn color_of(cell: u8) -> Option<Color> {
    match cell {
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}

/// A colouring of the points of a topology, with chains and liberties.
#[derive(Clone)]
pub struct Board {
    topo: Arc<Topology>,
    cells: Vec<u8>,
    /// Chain head of each stone (stale for empty points).
    head: Vec<u16>,
    /// Next stone of the same chain (circular; stale for empty points).
    next: Vec<u16>,
    /// At heads: number of stones.
    size: Vec<u32>,
    /// At heads: number of (stone, empty neighbour) pairs.
    plibs: Vec<u32>,
    /// At heads: XOR of the chain's stone keys.
    chash: Vec<u64>,
    /// Black bitset, then white bitset, `words` words each.
    bits: Vec<u64>,
    words: usize,
    hash: u64,
    stones: PerColor<u32>,
}

/// What placing a stone would do, computed without changing the board
/// ([`Board::analyze`]). The move's mechanics are those of text 001 (`clear(clear(b[v ↦ p],
/// p*), p)`): colour the point, clear the opponent, then clear oneself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Analysis {
    /// Opponent stones that would be removed (the opponent colour is cleared first).
    pub captured_stones: u32,
    /// Number of distinct opponent chains that would be removed.
    pub captured_chains: u32,
    /// The captured stone's point when exactly one stone would be captured.
    pub single_capture: Option<Point>,
    /// Whether the new stone's chain would have a liberty right after placement, before any
    /// removal (Pauli rule 12 counts stones without liberties at that moment).
    pub has_liberty_before_capture: bool,
    /// Stones of the new stone's chain right after placement (the new stone plus the chains
    /// it joins).
    pub merged_size: u32,
    /// Whether the player's own chain would be removed: no liberty and no capture.
    pub suicide: bool,
    /// Zobrist hash of the resulting position.
    pub hash_after: u64,
}

impl Analysis {
    /// Own stones that would be removed (the whole merged chain, for a suicide).
    #[must_use]
    pub fn own_stones_lost(&self) -> u32 {
        if self.suicide { self.merged_size } else { 0 }
    }
}

/// What a placement did ([`Board::play`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// Opponent stones removed.
    pub captured: u32,
    /// Own stones removed (suicide).
    pub suicided: u32,
    /// The captured stone's point when exactly one stone was captured.
    pub single_capture: Option<Point>,
}

/// Why a diagram is not a board ([`Board::from_diagram`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// No rows, or rows of different lengths.
    #[error(
        "a diagram needs rows of equal, non-zero length (row {row} has {len}, the first {first})"
    )]
    Ragged {
        /// 0-based row.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        first: usize,
    },
    /// A character that is not `X`, `O`, `.`, `+` or `-`.
    #[error("row {row}, column {column}: {ch:?} is not X (black), O (white) or . (empty)")]
    Character {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The character.
        ch: char,
    },
    /// The grid is not a board gorules plays on.
    #[error(transparent)]
    Size(#[from] crate::topology::TopologyError),
}

/// A chain next to a point ([`Board::with_contacts`]): its head, its colour cell, and how
/// many of the point's neighbours are its stones (the pseudo-liberties it loses when the
/// point is filled).
#[derive(Debug, Clone, Copy, Default)]
struct Contact {
    head: u16,
    cell: u8,
    touching: u32,
}

/// A stone or chain without liberties found on a board that should have none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibertylessChain {
    /// Colour of the chain.
    pub color: Color,
    /// Its stones.
    pub stones: Vec<Point>,
}

impl Board {
    /// An empty board on `topo`.
    #[must_use]
    pub fn new(topo: Arc<Topology>) -> Board {
        let n = topo.len();
        let words = n.div_ceil(64);
        Board {
            cells: vec![EMPTY; n],
            head: vec![0; n],
            next: vec![0; n],
            size: vec![0; n],
            plibs: vec![0; n],
            chash: vec![0; n],
            bits: vec![0; 2 * words],
            words,
            hash: 0,
            stones: PerColor::default(),
            topo,
        }
    }

    /// A grid board from a diagram: one string per row from the top, `X` black, `O` white,
    /// `.` (or `+`, `-`) empty — the notation of the design notes and of GTP's `showboard`.
    /// Stones are placed as a setup: a diagram may show chains without liberties.
    ///
    /// ```
    /// use rules_core::{Board, Color};
    /// let b = Board::from_diagram(&[".X.", "XO.", ".X."]).unwrap();
    /// let p = b.topology().parse_sgf("bb").unwrap();
    /// assert_eq!(b.get(p), Some(Color::White));
    /// assert_eq!(b.liberty_count(p), 1);
    /// ```
    ///
    /// # Errors
    /// Ragged rows, other characters, or a size outside 1–52.
    pub fn from_diagram(rows: &[&str]) -> Result<Board, DiagramError> {
        let first = rows.first().map_or(0, |r| r.chars().count());
        for (row, r) in rows.iter().enumerate() {
            let len = r.chars().count();
            if len != first || len == 0 {
                return Err(DiagramError::Ragged { row, len, first });
            }
        }
        if rows.is_empty() {
            return Err(DiagramError::Ragged {
                row: 0,
                len: 0,
                first: 0,
            });
        }
        let topo = Arc::new(Topology::grid(first, rows.len())?);
        let mut edits = Vec::new();
        for (y, r) in rows.iter().enumerate() {
            for (x, ch) in r.chars().enumerate() {
                let c = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    '.' | '+' | '-' => None,
                    ch => {
                        return Err(DiagramError::Character {
                            row: y,
                            column: x,
                            ch,
                        });
                    }
                };
                if c.is_some() {
                    edits.push((Point((y * first + x) as u16), c));
                }
            }
        }
        let mut b = Board::new(topo);
        b.setup(&edits);
        Ok(b)
    }

    /// The topology.
    #[inline]
    #[must_use]
    pub fn topology(&self) -> &Arc<Topology> {
        &self.topo
    }

    /// Number of points.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false (every topology has a point).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The colour on `p`, `None` when empty.
    #[inline]
    #[must_use]
    pub fn get(&self, p: Point) -> Option<Color> {
        color_of(self.cells[p.index()])
    }

    /// Whether `p` is empty.
    #[inline]
    #[must_use]
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.cells[p.index()] == EMPTY
    }

    /// The Zobrist hash of the colouring (0 for the empty board).
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Number of stones of each colour.
    #[must_use]
    pub fn stone_counts(&self) -> PerColor<u32> {
        self.stones
    }

    /// The exact form of the colouring: the black bitset followed by the white one.
    #[inline]
    #[must_use]
    pub fn bits(&self) -> &[u64] {
        &self.bits
    }

    /// Whether both boards colour every point alike (same topology assumed).
    #[must_use]
    pub fn same_coloring(&self, other: &Board) -> bool {
        self.bits == other.bits
    }

    /// Sets the colour of points directly (setup: SGF `AB`/`AW`/`AE`), then rebuilds the
    /// chains. Nothing is captured: a setup may leave stones without liberties; see
    /// [`Board::libertyless_chains`].
    pub fn setup(&mut self, edits: &[(Point, Option<Color>)]) {
        for &(p, c) in edits {
            let i = p.index();
            if let Some(old) = color_of(self.cells[i]) {
                self.hash ^= self.topo.stone_key(p, old);
                self.stones[old] -= 1;
                self.clear_bit(old, i);
            }
            self.cells[i] = c.map_or(EMPTY, cell_of);
            if let Some(c) = c {
                self.hash ^= self.topo.stone_key(p, c);
                self.stones[c] += 1;
                self.set_bit(c, i);
            }
        }
        self.rebuild_chains();
    }

    /// Recomputes every chain from the cells.
    fn rebuild_chains(&mut self) {
        let n = self.len();
        let mut seen = vec![false; n];
        let mut stack = Vec::new();
        for start in 0..n {
            if seen[start] || self.cells[start] == EMPTY {
                continue;
            }
            let cell = self.cells[start];
            let h = start as u16;
            seen[start] = true;
            stack.push(start);
            let mut prev = h;
            let (mut size, mut plibs, mut chash) = (0u32, 0u32, 0u64);
            while let Some(i) = stack.pop() {
                self.head[i] = h;
                // Thread the list: start → … → i → start.
                self.next[prev as usize] = i as u16;
                prev = i as u16;
                size += 1;
                chash ^= self
                    .topo
                    .stone_key(Point(i as u16), color_of(cell).expect("stone"));
                for &q in self.topo.neighbors(Point(i as u16)) {
                    let j = q.index();
                    if self.cells[j] == EMPTY {
                        plibs += 1;
                    } else if self.cells[j] == cell && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            self.next[prev as usize] = h;
            let hi = h as usize;
            self.size[hi] = size;
            self.plibs[hi] = plibs;
            self.chash[hi] = chash;
        }
    }

    /// The head (representative point) of the chain through the stone on `p`.
    #[inline]
    #[must_use]
    pub fn chain_head(&self, p: Point) -> Option<Point> {
        (self.cells[p.index()] != EMPTY).then(|| Point(self.head[p.index()]))
    }

    /// Stones of the chain through `p` (empty if `p` is empty).
    pub fn chain(&self, p: Point) -> ChainIter<'_> {
        ChainIter {
            board: self,
            start: p.0,
            cur: Some(p.0).filter(|_| !self.is_empty_at(p)),
        }
    }

    /// Number of stones in the chain through the stone on `p` (0 if empty).
    #[must_use]
    pub fn chain_size(&self, p: Point) -> u32 {
        self.chain_head(p).map_or(0, |h| self.size[h.index()])
    }

    /// Whether the chain through the stone on `p` has a liberty (text 000 rule 4: reaches
    /// empty; Pauli rule 13: "has liberties").
    #[inline]
    #[must_use]
    pub fn has_liberty(&self, p: Point) -> bool {
        self.chain_head(p)
            .is_some_and(|h| self.plibs[h.index()] > 0)
    }

    /// The distinct liberties of the chain through `p`, in point order.
    #[must_use]
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let mut libs: Vec<Point> = Vec::new();
        for s in self.chain(p) {
            for &q in self.topo.neighbors(s) {
                if self.is_empty_at(q) {
                    libs.push(q);
                }
            }
        }
        libs.sort_unstable();
        libs.dedup();
        libs
    }

    /// Number of distinct liberties of the chain through `p`.
    #[must_use]
    pub fn liberty_count(&self, p: Point) -> usize {
        self.liberties(p).len()
    }

    /// Every chain without a liberty. Empty on any board reached by play from a well-formed
    /// one (the theorem of text 001); a setup can produce such chains.
    #[must_use]
    pub fn libertyless_chains(&self) -> Vec<LibertylessChain> {
        let mut out = Vec::new();
        for p in self.topo.points() {
            if let Some(c) = self.get(p) {
                let h = self.head[p.index()];
                if h == p.0 && self.plibs[p.index()] == 0 {
                    let mut stones: Vec<Point> = self.chain(p).collect();
                    stones.sort_unstable();
                    out.push(LibertylessChain { color: c, stones });
                }
            }
        }
        out
    }

    /// What placing a `color` stone on the empty point `p` would do, without doing it.
    ///
    /// # Panics
    /// If `p` is occupied (callers check that first: "occupied" is a reason of its own).
    #[must_use]
    pub fn analyze(&self, p: Point, color: Color) -> Analysis {
        assert!(self.is_empty_at(p), "analyze on an occupied point");
        let me = cell_of(color);
        let key = self.topo.stone_key(p, color);
        self.with_contacts(p, |contacts, empty_neighbours| {
            let mut a = Analysis {
                captured_stones: 0,
                captured_chains: 0,
                single_capture: None,
                has_liberty_before_capture: empty_neighbours > 0,
                merged_size: 1,
                suicide: false,
                hash_after: self.hash ^ key,
            };
            let mut captured_hash = 0u64;
            let mut own_hash = key;
            let mut captured_head = 0u16;
            for c in contacts {
                let hi = c.head as usize;
                if c.cell == me {
                    a.merged_size += self.size[hi];
                    own_hash ^= self.chash[hi];
                    if self.plibs[hi] > c.touching {
                        a.has_liberty_before_capture = true;
                    }
                } else if self.plibs[hi] == c.touching {
                    a.captured_stones += self.size[hi];
                    a.captured_chains += 1;
                    captured_hash ^= self.chash[hi];
                    captured_head = c.head;
                }
            }
            if a.captured_stones == 1 {
                a.single_capture = Some(Point(captured_head));
            }
            a.hash_after ^= captured_hash;
            if !a.has_liberty_before_capture && a.captured_stones == 0 {
                a.suicide = true;
                // Remove the new stone and every chain it joined.
                a.hash_after ^= own_hash;
            }
            a
        })
    }

    /// Calls `f` with the distinct chains next to `p` (each once, with the number of `p`'s
    /// neighbours in it) and the number of `p`'s empty neighbours. Grids have at most four
    /// neighbours, kept on the stack; a graph's larger degrees spill to the heap.
    #[inline]
    fn with_contacts<R>(&self, p: Point, f: impl FnOnce(&[Contact], u32) -> R) -> R {
        let nbrs = self.topo.neighbors(p);
        let mut inline = [Contact::default(); 8];
        let mut spill = Vec::new();
        let buf: &mut [Contact] = if nbrs.len() <= inline.len() {
            &mut inline
        } else {
            spill.resize(nbrs.len(), Contact::default());
            &mut spill
        };
        let mut len = 0;
        let mut empty_neighbours = 0;
        for &n in nbrs {
            let cell = self.cells[n.index()];
            if cell == EMPTY {
                empty_neighbours += 1;
                continue;
            }
            let head = self.head[n.index()];
            match buf[..len].iter_mut().find(|c| c.head == head) {
                Some(c) => c.touching += 1,
                None => {
                    buf[len] = Contact {
                        head,
                        cell,
                        touching: 1,
                    };
                    len += 1;
                }
            }
        }
        f(&buf[..len], empty_neighbours)
    }

    /// The exact colouring (as [`Board::bits`]) that placing `color` on `p` would produce,
    /// written into `out`. Used to confirm a hash hit.
    pub fn bits_after(&self, p: Point, color: Color, out: &mut Vec<u64>) {
        let a = self.analyze(p, color);
        out.clear();
        out.extend_from_slice(&self.bits);
        let set = |out: &mut Vec<u64>, c: Color, i: usize, on: bool| {
            let w = c.index() * self.words + i / 64;
            if on {
                out[w] |= 1 << (i % 64);
            } else {
                out[w] &= !(1 << (i % 64));
            }
        };
        set(out, color, p.index(), true);
        let me = cell_of(color);
        self.with_contacts(p, |contacts, _| {
            for c in contacts {
                let capture = c.cell != me && self.plibs[c.head as usize] == c.touching;
                let own_lost = c.cell == me && a.suicide;
                if capture || own_lost {
                    let chain_color = color_of(c.cell).expect("stone");
                    for s in self.chain(Point(c.head)) {
                        set(out, chain_color, s.index(), false);
                    }
                }
            }
        });
        if a.suicide {
            set(out, color, p.index(), false);
        }
    }

    /// Places a `color` stone on the empty point `p`, then removes opponent chains left
    /// without liberties, then the player's own chain if it has none (text 001's
    /// `clear(clear(b[v ↦ p], p*), p)`; text 004 提子: "when both sides are without liberties,
    /// the opponent's stones are removed").
    ///
    /// Only chains next to `p` can lose their last liberty, so this is exact on every board in
    /// which all chains have liberties. For boards from a setup that left some chain without
    /// liberties, follow with [`Board::clear_libertyless`].
    ///
    /// # Panics
    /// If `p` is occupied.
    pub fn play(&mut self, p: Point, color: Color) -> Played {
        assert!(self.is_empty_at(p), "play on an occupied point");
        // The chains next to p, before the stone changes anything (a copy: the calls below
        // mutate the board).
        let mut inline = [Contact::default(); 8];
        let mut spill = Vec::new();
        let (contacts, empty_neighbours): (&[Contact], u32) =
            self.with_contacts(p, |contacts, empty| {
                if contacts.len() <= inline.len() {
                    inline[..contacts.len()].copy_from_slice(contacts);
                    (&inline[..contacts.len()], empty)
                } else {
                    spill = contacts.to_vec();
                    (&spill[..], empty)
                }
            });
        let i = p.index();
        let me = cell_of(color);
        let key = self.topo.stone_key(p, color);
        self.cells[i] = me;
        self.head[i] = p.0;
        self.next[i] = p.0;
        self.size[i] = 1;
        // Liberties: the new stone gains its empty neighbours; every neighbouring chain loses
        // one pseudo-liberty per contact with p.
        self.plibs[i] = empty_neighbours;
        self.chash[i] = key;
        self.hash ^= key;
        self.stones[color] += 1;
        self.set_bit(color, i);
        for c in contacts {
            self.plibs[c.head as usize] -= c.touching;
        }
        // Join friendly chains (merging leaves the heads of the other chains as they were).
        let mut mine = p.0;
        for c in contacts.iter().filter(|c| c.cell == me) {
            mine = self.merge(mine, c.head);
        }
        // Clear the opponent colour (only chains touching p can have lost their last liberty).
        let mut played = Played {
            captured: 0,
            suicided: 0,
            single_capture: None,
        };
        for c in contacts.iter().filter(|c| c.cell != me) {
            if self.plibs[c.head as usize] == 0 {
                played.captured += self.remove_chain(c.head);
                played.single_capture = Some(Point(c.head));
            }
        }
        if played.captured != 1 {
            played.single_capture = None;
        }
        // Clear one's own colour.
        if self.plibs[mine as usize] == 0 {
            played.suicided = self.remove_chain(mine);
        }
        played
    }

    /// Places a `color` stone on the empty point `p` and clears the whole board as text 001
    /// says, for boards on which a setup left chains without liberties: every opponent chain
    /// without a liberty goes, then every own chain without one (`clear(clear(b[v ↦ p], p*),
    /// p)`). Placing a stone never gives the opponent a liberty, so clearing the opponent's
    /// libertyless chains before the placement removes the same stones; and an own chain the
    /// setup left without liberties survives if the opponent's removal freed a point next to it.
    ///
    /// `suicided` counts every own stone removed; whether the placed stone itself went is
    /// `board.is_empty_at(p)` afterwards.
    ///
    /// # Panics
    /// If `p` is occupied.
    pub fn play_clearing_all(&mut self, p: Point, color: Color) -> Played {
        let elsewhere = self.clear_libertyless(color.opp());
        let played = self.play(p, color);
        let captured = elsewhere + played.captured;
        Played {
            captured,
            suicided: played.suicided + self.clear_libertyless(color),
            single_capture: played.single_capture.filter(|_| captured == 1),
        }
    }

    /// Removes every chain of `color` that has no liberty (text 000 rule 5, "clearing the
    /// colour", applied to the whole board). Returns the number of stones removed. Only needed
    /// after a setup that left chains without liberties.
    pub fn clear_libertyless(&mut self, color: Color) -> u32 {
        let mut removed = 0;
        for p in self.topo.points() {
            let i = p.index();
            if self.cells[i] == cell_of(color) && self.head[i] == p.0 && self.plibs[i] == 0 {
                removed += self.remove_chain(p.0);
            }
        }
        removed
    }

    /// Merges the chains with heads `a` and `b`; returns the surviving head.
    fn merge(&mut self, a: u16, b: u16) -> u16 {
        let (big, small) = if self.size[a as usize] >= self.size[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s as usize] = big;
            s = self.next[s as usize];
            if s == small {
                break;
            }
        }
        // Splice the two circular lists.
        let (bi, si) = (big as usize, small as usize);
        self.next.swap(bi, si);
        self.size[bi] += self.size[si];
        self.plibs[bi] += self.plibs[si];
        self.chash[bi] ^= self.chash[si];
        big
    }

    /// Empties the chain with head `h`, giving liberties back to its neighbours. Returns the
    /// number of stones removed.
    fn remove_chain(&mut self, h: u16) -> u32 {
        let topo = &*self.topo;
        let color = color_of(self.cells[h as usize]).expect("chain of stones");
        let count = self.size[h as usize];
        let base = color.index() * self.words;
        let mut s = h;
        loop {
            let si = s as usize;
            self.cells[si] = EMPTY;
            self.bits[base + si / 64] &= !(1 << (si % 64));
            self.hash ^= topo.stone_key(Point(s), color);
            for &n in topo.neighbors(Point(s)) {
                let j = n.index();
                if self.cells[j] != EMPTY && self.head[j] != h {
                    let nh = self.head[j] as usize;
                    self.plibs[nh] += 1;
                }
            }
            s = self.next[si];
            if s == h {
                break;
            }
        }
        self.stones[color] -= count;
        count
    }

    #[inline]
    fn set_bit(&mut self, c: Color, i: usize) {
        self.bits[c.index() * self.words + i / 64] |= 1 << (i % 64);
    }

    #[inline]
    fn clear_bit(&mut self, c: Color, i: usize) {
        self.bits[c.index() * self.words + i / 64] &= !(1 << (i % 64));
    }

    /// The raw cells: 0 empty, 1 black, 2 white (for fast whole-board scans in this crate).
    #[inline]
    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The colour of every point, by index.
    #[must_use]
    pub fn coloring(&self) -> Vec<Option<Color>> {
        self.cells.iter().map(|&c| color_of(c)).collect()
    }

    /// Checks every incremental structure against a recomputation from scratch. For tests.
    #[doc(hidden)]
    pub fn assert_consistent(&self) {
        let mut fresh = Board::new(Arc::clone(&self.topo));
        let edits: Vec<_> = self
            .topo
            .points()
            .filter_map(|p| self.get(p).map(|c| (p, Some(c))))
            .collect();
        fresh.setup(&edits);
        assert_eq!(self.hash, fresh.hash, "hash");
        assert_eq!(self.bits, fresh.bits, "bits");
        assert_eq!(self.stones, fresh.stones, "stone counts");
        for p in self.topo.points() {
            if self.is_empty_at(p) {
                continue;
            }
            let mut mine: Vec<_> = self.chain(p).collect();
            let mut theirs: Vec<_> = fresh.chain(p).collect();
            mine.sort_unstable();
            theirs.sort_unstable();
            assert_eq!(mine, theirs, "chain through {p}");
            let (h, fh) = (
                self.head[p.index()] as usize,
                fresh.head[p.index()] as usize,
            );
            assert_eq!(self.size[h], fresh.size[fh], "size at {p}");
            assert_eq!(self.plibs[h], fresh.plibs[fh], "pseudo-liberties at {p}");
            assert_eq!(self.chash[h], fresh.chash[fh], "chain hash at {p}");
        }
    }
}

/// Iterator over the stones of one chain.
pub struct ChainIter<'a> {
    board: &'a Board,
    start: u16,
    cur: Option<u16>,
}

impl Iterator for ChainIter<'_> {
    type Item = Point;
    fn next(&mut self) -> Option<Point> {
        let c = self.cur?;
        let n = self.board.next[c as usize];
        self.cur = (n != self.start).then_some(n);
        Some(Point(c))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {:?} hash {:016x}", self.topo, self.hash)?;
        if let Some((w, h)) = self.topo.grid_size() {
            for y in 0..h {
                for x in 0..w {
                    let p = Point((y * w + x) as u16);
                    f.write_str(match self.get(p) {
                        None => ".",
                        Some(Color::Black) => "X",
                        Some(Color::White) => "O",
                    })?;
                }
                writeln!(f)?;
            }
        } else {
            for p in self.topo.points() {
                if let Some(c) = self.get(p) {
                    writeln!(f, "{} {}", self.topo.sgf(p), c.letter())?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from a diagram, checked for consistency.
    pub(crate) fn board(rows: &[&str]) -> Board {
        let b = Board::from_diagram(rows).unwrap();
        b.assert_consistent();
        b
    }

    #[test]
    fn diagrams_are_checked() {
        assert!(matches!(
            Board::from_diagram(&["..", "..."]),
            Err(DiagramError::Ragged { row: 1, .. })
        ));
        assert!(matches!(
            Board::from_diagram(&[".Z"]),
            Err(DiagramError::Character { ch: 'Z', .. })
        ));
        assert!(Board::from_diagram(&[]).is_err());
        assert_eq!(
            Board::from_diagram(&["X+-", "..O"]).unwrap().stone_counts(),
            PerColor::new(1, 1)
        );
    }

    fn pt(b: &Board, s: &str) -> Point {
        b.topology().parse_sgf(s).unwrap()
    }

    #[test]
    fn single_capture() {
        let mut b = board(&[".X.", "XO.", ".X."]);
        let p = pt(&b, "cb");
        let a = b.analyze(p, Color::Black);
        assert_eq!(a.captured_stones, 1);
        assert_eq!(a.single_capture, Some(pt(&b, "bb")));
        let played = b.play(p, Color::Black);
        assert_eq!(played.captured, 1);
        assert_eq!(b.hash(), a.hash_after);
        assert!(b.is_empty_at(pt(&b, "bb")));
        b.assert_consistent();
    }

    #[test]
    fn multi_stone_capture_and_liberties() {
        let mut b = board(&["XOO.", ".XXO", "....", "...."]);
        assert_eq!(b.liberty_count(pt(&b, "ba")), 1);
        let a = b.analyze(pt(&b, "da"), Color::Black);
        assert_eq!(a.captured_stones, 2);
        assert_eq!(a.single_capture, None);
        let played = b.play(pt(&b, "da"), Color::Black);
        assert_eq!(played.captured, 2);
        assert_eq!(b.hash(), a.hash_after);
        b.assert_consistent();
    }

    #[test]
    fn multi_stone_suicide_removes_own_chain() {
        // White plays ab: joins aa and has no liberty; nothing is captured.
        let mut b = board(&["OX.", ".X.", "X.."]);
        let p = pt(&b, "ab");
        let a = b.analyze(p, Color::White);
        assert!(a.suicide);
        assert_eq!(a.merged_size, 2);
        assert_eq!(a.own_stones_lost(), 2);
        let played = b.play(p, Color::White);
        assert_eq!(played.suicided, 2);
        assert_eq!(b.hash(), a.hash_after);
        assert_eq!(b.stone_counts(), PerColor::new(3, 0));
        b.assert_consistent();
    }

    #[test]
    fn single_stone_suicide_leaves_the_position_unchanged() {
        let mut b = board(&[".X", "X."]);
        let before = b.hash();
        let a = b.analyze(pt(&b, "aa"), Color::White);
        assert!(a.suicide);
        assert_eq!(a.hash_after, before);
        b.play(pt(&b, "aa"), Color::White);
        assert_eq!(b.hash(), before);
        b.assert_consistent();
    }

    #[test]
    fn capture_before_suicide() {
        // Black cb has no liberty once placed, but white bb loses its last one: the opponent's
        // stones go first (text 004 提子), so this is a capture, not a suicide — and the
        // shape Pauli rule 12 calls a ko capture.
        let mut b = board(&[".XO.", "XO.O", ".XO."]);
        let p = pt(&b, "cb");
        let a = b.analyze(p, Color::Black);
        assert!(!a.has_liberty_before_capture);
        assert!(!a.suicide);
        assert_eq!(a.captured_stones, 1);
        assert_eq!(a.merged_size, 1);
        assert_eq!(a.single_capture, Some(pt(&b, "bb")));
        let played = b.play(p, Color::Black);
        assert_eq!(played.captured, 1);
        assert_eq!(played.suicided, 0);
        assert_eq!(b.liberties(p), vec![pt(&b, "bb")]);
        b.assert_consistent();
    }

    #[test]
    fn bits_after_matches_play() {
        let cases: &[(&[&str], &str, Color)] = &[
            (&[".X.", "XO.", ".X."], "cb", Color::Black),
            (&["OX.", ".X.", "X.."], "ab", Color::White),
            (&["XOO.", ".XXO", "....", "...."], "da", Color::Black),
        ];
        for (rows, at, c) in cases {
            let mut b = board(rows);
            let p = pt(&b, at);
            let mut predicted = Vec::new();
            b.bits_after(p, *c, &mut predicted);
            b.play(p, *c);
            assert_eq!(predicted, b.bits(), "{rows:?} {at}");
        }
    }

    #[test]
    fn setup_reports_libertyless_chains_and_clearing_removes_them() {
        let mut b = board(&["XO", "O."]);
        let dead = b.libertyless_chains();
        assert_eq!(dead.len(), 1);
        assert_eq!(dead[0].color, Color::Black);
        assert_eq!(b.clear_libertyless(Color::Black), 1);
        assert!(b.libertyless_chains().is_empty());
        b.assert_consistent();
    }

    #[test]
    fn clearing_all_clears_the_opponent_first() {
        // Black ab joins aa and bb into a chain without liberties; the setup left white ba
        // and black ca without liberties too. Text 001: clear White first — ba goes — and
        // then Black's chain and ca both have a liberty at ba: one capture, no suicide.
        let mut b = board(&["XOXO", ".XO."]);
        let played = b.play_clearing_all(pt(&b, "ab"), Color::Black);
        assert_eq!((played.captured, played.suicided), (1, 0));
        assert!(b.is_empty_at(pt(&b, "ba")));
        assert_eq!(b.get(pt(&b, "ca")), Some(Color::Black));
        assert!(b.libertyless_chains().is_empty());
        b.assert_consistent();
    }

    /// The debug form draws a grid row by row (so that a failed assertion shows the
    /// position), and `assert_consistent` notices a corrupted incremental field.
    #[test]
    fn the_debug_form_draws_the_board_and_the_consistency_check_bites() {
        let b = board(&["X.O", "...", ".OX"]);
        let text = format!("{b:?}");
        let rows: Vec<&str> = text.lines().skip(1).collect();
        assert_eq!(rows, ["X.O", "...", ".OX"], "{text}");
        let mut bad = b.clone();
        bad.hash ^= 1;
        let caught = std::panic::catch_unwind(move || bad.assert_consistent());
        assert!(caught.is_err(), "a wrong hash must fail the check");
    }

    #[test]
    fn one_by_one_board() {
        let topo = Arc::new(Topology::grid(1, 1).unwrap());
        let mut b = Board::new(topo);
        let a = b.analyze(Point(0), Color::Black);
        assert!(a.suicide);
        b.play(Point(0), Color::Black);
        assert_eq!(b.stone_counts(), PerColor::new(0, 0));
    }

    /// The board's incremental state against an oracle that floods every chain afresh: on a
    /// 5×4 grid, a 9×8 grid (more than 64 points: two words per colour) and a graph with a
    /// point of ten neighbours (more than `play` keeps on its stack), random placements
    /// (suicides and captures included, as text 001 plays them) and random setup edits (which
    /// may leave chains without liberties and overwrite stones), followed on such boards by
    /// text 001's move clearing the whole board ([`Board::play_clearing_all`]). After every
    /// step: the colouring, the hash (the XOR of the stones' keys), the stone counts, every
    /// chain's head, size and liberties; before every placement, each field of
    /// [`Board::analyze`] and [`Board::bits_after`] against what the placement does.
    /// A point with more neighbouring chains than the stack holds (eight): the centre of a
    /// star of ten single white stones, each with the centre as its only liberty. Black on
    /// the centre takes all ten, and `analyze`, `bits_after` and `play` agree.
    #[test]
    fn a_point_next_to_more_chains_than_the_stack_holds() {
        let mut names = vec!["centre".to_owned()];
        names.extend((0..10).map(|i| format!("leaf{i}")));
        let edges: Vec<(String, String)> = (1..names.len())
            .map(|i| (names[0].clone(), names[i].clone()))
            .collect();
        let topo = Arc::new(Topology::graph(&names, &edges).unwrap());
        let mut b = Board::new(topo);
        let leaves: Vec<_> = (1..=10).map(|i| (Point(i), Some(Color::White))).collect();
        b.setup(&leaves);
        let a = b.analyze(Point(0), Color::Black);
        assert_eq!((a.captured_stones, a.captured_chains), (10, 10));
        assert!(!a.suicide && !a.has_liberty_before_capture);
        let mut after = Vec::new();
        b.bits_after(Point(0), Color::Black, &mut after);
        let played = b.play(Point(0), Color::Black);
        assert_eq!(played.captured, 10);
        assert_eq!(b.bits(), after.as_slice());
        assert_eq!(b.hash(), a.hash_after);
        assert_eq!(b.stone_counts(), PerColor::new(1, 0));
        b.assert_consistent();
    }

    #[test]
    fn the_incremental_board_agrees_with_flooding_every_chain() {
        fn flood(b: &Board, p: Point) -> (Vec<Point>, Vec<Point>) {
            let c = b.get(p).expect("a stone");
            let (mut stones, mut libs) = (vec![p], Vec::new());
            let mut i = 0;
            while i < stones.len() {
                for &q in b.topology().neighbors(stones[i]) {
                    match b.get(q) {
                        None => libs.push(q),
                        Some(d) if d == c && !stones.contains(&q) => stones.push(q),
                        Some(_) => {}
                    }
                }
                i += 1;
            }
            stones.sort_unstable();
            libs.sort_unstable();
            libs.dedup();
            (stones, libs)
        }
        fn check(b: &Board) {
            assert!(!b.is_empty());
            let mut hash = 0;
            let mut counts = PerColor::new(0, 0);
            let mut heads = Vec::new();
            let coloring = b.coloring();
            assert_eq!(coloring.len(), b.len());
            for p in b.topology().points() {
                assert_eq!(coloring[p.index()], b.get(p));
                let Some(c) = b.get(p) else {
                    assert_eq!(b.chain_head(p), None);
                    assert_eq!((b.chain_size(p), b.has_liberty(p)), (0, false));
                    continue;
                };
                hash ^= b.topology().stone_key(p, c);
                counts[c] += 1;
                let (stones, libs) = flood(b, p);
                assert_eq!(b.chain_size(p) as usize, stones.len(), "size at {p}");
                assert_eq!(b.liberties(p), libs, "liberties at {p}");
                assert_eq!(b.liberty_count(p), libs.len());
                assert_eq!(b.has_liberty(p), !libs.is_empty(), "liberty at {p}");
                let mut chain: Vec<Point> = b.chain(p).collect();
                chain.sort_unstable();
                assert_eq!(chain, stones, "chain through {p}");
                let head = b.chain_head(p).expect("a stone has a head");
                assert_eq!(b.chain_head(stones[0]), Some(head));
                if p == stones[0] {
                    assert!(!heads.contains(&head), "two chains share the head {head}");
                    heads.push(head);
                }
            }
            assert_eq!(b.hash(), hash);
            assert_eq!(b.stone_counts(), counts);
            b.assert_consistent();
            assert!(b.same_coloring(&b.clone()));
            let empty = Board::new(Arc::clone(b.topology()));
            assert_eq!(b.same_coloring(&empty), counts == PerColor::new(0, 0));
        }
        /// What placing `c` on `p` does, by flooding: the board after it, and the analysis.
        fn naive(b: &Board, p: Point, c: Color) -> (Board, Analysis) {
            let mut after = b.clone();
            after.setup(&[(p, Some(c))]);
            let (merged, libs) = flood(&after, p);
            let mut captured: Vec<Point> = Vec::new();
            let mut chains = 0;
            for &q in b.topology().neighbors(p) {
                if after.get(q) == Some(c.opp()) && !captured.contains(&q) {
                    let (stones, libs) = flood(&after, q);
                    if libs.is_empty() {
                        chains += 1;
                        captured.extend(stones);
                    }
                }
            }
            let removed: Vec<_> = captured.iter().map(|&q| (q, None)).collect();
            after.setup(&removed);
            let suicide = flood(&after, p).1.is_empty();
            if suicide {
                let own: Vec<_> = merged.iter().map(|&q| (q, None)).collect();
                after.setup(&own);
            }
            let a = Analysis {
                captured_stones: captured.len() as u32,
                captured_chains: chains,
                single_capture: (captured.len() == 1).then(|| captured[0]),
                has_liberty_before_capture: !libs.is_empty(),
                merged_size: merged.len() as u32,
                suicide,
                hash_after: after.hash(),
            };
            (after, a)
        }
        /// Text 001's move on a board a setup left with libertyless chains, by flooding: the
        /// opponent's libertyless chains everywhere, the placement (as [`naive`]), then one's
        /// own libertyless chains anywhere. The board after it, and what it removed.
        fn naive_clearing_all(b: &Board, p: Point, c: Color) -> (Board, Played) {
            let lost = |n: &Board, c: Color| -> Vec<(Point, Option<Color>)> {
                n.libertyless_chains()
                    .into_iter()
                    .filter(|l| l.color == c)
                    .flat_map(|l| l.stones)
                    .map(|s| (s, None))
                    .collect()
            };
            let mut before = b.clone();
            let elsewhere = lost(&before, c.opp());
            before.setup(&elsewhere);
            let (mut after, a) = naive(&before, p, c);
            let own = lost(&after, c);
            after.setup(&own);
            let captured = elsewhere.len() as u32 + a.captured_stones;
            let played = Played {
                captured,
                suicided: a.own_stones_lost() + own.len() as u32,
                single_capture: a.single_capture.filter(|_| captured == 1),
            };
            (after, played)
        }
        // A ring of 14 with chords, and a hub next to ten of them (more neighbours than
        // `play` keeps on its stack).
        let mut names: Vec<String> = (0..14).map(|i| format!("p{i}")).collect();
        names.push("hub".into());
        let mut edges: Vec<(String, String)> = Vec::new();
        for i in 0..14 {
            edges.push((names[i].clone(), names[(i + 1) % 14].clone()));
            if i % 3 == 0 {
                edges.push((names[i].clone(), names[(i + 5) % 14].clone()));
            }
            if i < 10 {
                edges.push(("hub".into(), names[i].clone()));
            }
        }
        // The 9×8 grid has more than 64 points: the colouring takes two words per colour.
        let topologies = [
            Topology::grid(5, 4).unwrap(),
            Topology::graph(&names, &edges).unwrap(),
            Topology::grid(9, 8).unwrap(),
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % m as u64) as usize
        };
        let (mut captures, mut suicides, mut libertyless, mut overwrites) = (0, 0, 0, 0);
        for topo in topologies {
            let topo = Arc::new(topo);
            for _ in 0..80 {
                let mut b = Board::new(Arc::clone(&topo));
                for _ in 0..80 {
                    let p = Point::from_index(next(b.len()));
                    let c = if next(2) == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    if next(8) == 0 {
                        // A setup edit: a stone of either colour, or an empty point.
                        let to = [None, Some(Color::Black), Some(Color::White)][next(3)];
                        overwrites += usize::from(b.get(p).is_some() && to != b.get(p));
                        b.setup(&[(p, to)]);
                        check(&b);
                        if !b.libertyless_chains().is_empty() {
                            libertyless += 1;
                            let q = Point::from_index(next(b.len()));
                            if b.is_empty_at(q) {
                                let (expected, want) = naive_clearing_all(&b, q, c);
                                assert_eq!(b.play_clearing_all(q, c), want);
                                assert!(b.same_coloring(&expected));
                            } else {
                                b.clear_libertyless(Color::White);
                                b.clear_libertyless(Color::Black);
                            }
                            assert!(b.libertyless_chains().is_empty());
                        }
                        check(&b);
                        continue;
                    }
                    if !b.is_empty_at(p) {
                        continue;
                    }
                    let (expected, want) = naive(&b, p, c);
                    assert_eq!(b.analyze(p, c), want, "{c} at {p}");
                    let mut bits = Vec::new();
                    b.bits_after(p, c, &mut bits);
                    let played = b.play(p, c);
                    assert_eq!(bits, b.bits());
                    assert!(b.same_coloring(&expected));
                    assert_eq!(b.hash(), want.hash_after);
                    assert_eq!(played.captured, want.captured_stones);
                    assert_eq!(played.suicided, want.own_stones_lost());
                    assert_eq!(played.single_capture, want.single_capture);
                    captures += usize::from(played.captured > 0);
                    suicides += usize::from(played.suicided > 0);
                    check(&b);
                }
            }
        }
        assert!(
            captures > 50 && suicides > 20 && libertyless > 20 && overwrites > 50,
            "{captures} captures, {suicides} suicides, {libertyless} libertyless, \
             {overwrites} overwrites"
        );
    }
}
