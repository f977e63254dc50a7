//! Monte Carlo ownership: the final position played out to the end many times by two
//! random players who never fill their own eyes, and each point's owner counted.
//!
//! A playout board of its own (not `rules_core::Board`): chains as circular lists with
//! pseudo-liberties kept as a count, a sum and a sum of squares, so that "in atari" and its
//! one liberty are known in constant time (the standard trick of playout engines). Suicide is
//! not played, simple ko is respected; that is all the rules a playout needs.
//!
//! What the control test proved is kept fixed ([`Fixed`]): proved territory is not played
//! in, proved-dead stones are off the board from the start, and a proved-alive chain is
//! never captured.

use crate::geometry::Geometry;
use rules_core::Rng;

const EMPTY: u8 = 0;
const NONE: u16 = u16::MAX;

/// What the playouts must respect: per point, whether nobody may play there (a proved
/// territory, a proved-dead stone's location).
#[derive(Debug, Clone, Default)]
pub struct Fixed {
    /// Per point: no move is made here.
    pub frozen: Vec<bool>,
}

/// A board for fast playouts. Colours are 1 (Black) and 2 (White), 0 for empty.
pub struct PlayoutBoard<'g> {
    geo: &'g Geometry,
    color: Vec<u8>,
    head: Vec<u16>,
    next: Vec<u16>,
    /// Per chain head: pseudo-liberty count, sum of (point + 1), sum of squares.
    libs: Vec<u16>,
    lib_sum: Vec<u32>,
    lib_sum2: Vec<u64>,
    size: Vec<u16>,
    frozen: Vec<bool>,
    /// Empty points where a move may be tried, and each point's index in that list.
    empties: Vec<u16>,
    empty_pos: Vec<u16>,
    ko: u16,
    last: u16,
}

impl Clone for PlayoutBoard<'_> {
    fn clone(&self) -> Self {
        PlayoutBoard {
            geo: self.geo,
            color: self.color.clone(),
            head: self.head.clone(),
            next: self.next.clone(),
            libs: self.libs.clone(),
            lib_sum: self.lib_sum.clone(),
            lib_sum2: self.lib_sum2.clone(),
            size: self.size.clone(),
            frozen: self.frozen.clone(),
            empties: self.empties.clone(),
            empty_pos: self.empty_pos.clone(),
            ko: self.ko,
            last: self.last,
        }
    }

    /// Copies `source` into `self` without allocating (every playout starts from the same
    /// position).
    fn clone_from(&mut self, source: &Self) {
        self.geo = source.geo;
        self.color.clone_from(&source.color);
        self.head.clone_from(&source.head);
        self.next.clone_from(&source.next);
        self.libs.clone_from(&source.libs);
        self.lib_sum.clone_from(&source.lib_sum);
        self.lib_sum2.clone_from(&source.lib_sum2);
        self.size.clone_from(&source.size);
        self.frozen.clone_from(&source.frozen);
        self.empties.clone_from(&source.empties);
        self.empty_pos.clone_from(&source.empty_pos);
        self.ko = source.ko;
        self.last = source.last;
    }
}

impl<'g> PlayoutBoard<'g> {
    /// A board with the given stones (`1` Black, `2` White per point), which must all have
    /// liberties, and the fixed points.
    #[must_use]
    pub fn new(geo: &'g Geometry, stones: &[u8], fixed: &Fixed) -> PlayoutBoard<'g> {
        let n = geo.len();
        let mut b = PlayoutBoard {
            geo,
            color: vec![EMPTY; n],
            head: vec![NONE; n],
            next: vec![NONE; n],
            libs: vec![0; n],
            lib_sum: vec![0; n],
            lib_sum2: vec![0; n],
            size: vec![0; n],
            frozen: fixed.frozen.clone(),
            empties: Vec::with_capacity(n),
            empty_pos: vec![NONE; n],
            ko: NONE,
            last: NONE,
        };
        b.frozen.resize(n, false);
        for p in 0..n {
            if stones[p] != EMPTY {
                b.put_stone(p, stones[p]);
            }
        }
        for p in 0..n {
            if b.color[p] == EMPTY && !b.frozen[p] {
                b.add_empty(p);
            }
        }
        b
    }

    /// The colour at `p`.
    #[inline]
    #[must_use]
    pub fn color(&self, p: usize) -> u8 {
        self.color[p]
    }

    fn add_empty(&mut self, p: usize) {
        self.empty_pos[p] = self.empties.len() as u16;
        self.empties.push(p as u16);
    }

    fn remove_empty(&mut self, p: usize) {
        let i = self.empty_pos[p];
        if i == NONE {
            return;
        }
        let last = self.empties.pop().expect("listed");
        if last as usize != p {
            self.empties[i as usize] = last;
            self.empty_pos[last as usize] = i;
        }
        self.empty_pos[p] = NONE;
    }

    fn add_lib(&mut self, h: usize, lib: usize) {
        let v = lib as u64 + 1;
        self.libs[h] += 1;
        self.lib_sum[h] += v as u32;
        self.lib_sum2[h] += v * v;
    }

    fn remove_lib(&mut self, h: usize, lib: usize) {
        let v = lib as u64 + 1;
        self.libs[h] -= 1;
        self.lib_sum[h] -= v as u32;
        self.lib_sum2[h] -= v * v;
    }

    /// Whether the chain with head `h` has exactly one liberty.
    #[inline]
    fn in_atari(&self, h: usize) -> bool {
        let l = u64::from(self.libs[h]);
        l > 0 && l * self.lib_sum2[h] == u64::from(self.lib_sum[h]) * u64::from(self.lib_sum[h])
    }

    /// Places a stone without captures (setup): links it to neighbouring chains.
    fn put_stone(&mut self, p: usize, c: u8) {
        self.color[p] = c;
        self.head[p] = p as u16;
        self.next[p] = p as u16;
        self.size[p] = 1;
        self.libs[p] = 0;
        self.lib_sum[p] = 0;
        self.lib_sum2[p] = 0;
        let geo = self.geo;
        for &q in geo.neighbors(p) {
            let q = q as usize;
            match self.color[q] {
                EMPTY => self.add_lib(p, q),
                _ => {
                    let h = self.head[q] as usize;
                    self.remove_lib(h, p);
                }
            }
        }
        for &q in geo.neighbors(p) {
            let q = q as usize;
            if self.color[q] == c {
                self.merge(self.head[p] as usize, self.head[q] as usize);
            }
        }
    }

    fn merge(&mut self, a: usize, b: usize) {
        if a == b {
            return;
        }
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        self.libs[big] += self.libs[small];
        self.lib_sum[big] += self.lib_sum[small];
        self.lib_sum2[big] += self.lib_sum2[small];
    }

    /// Whether `p` is an eye of `c`: every neighbour is `c`'s, and (on grids) at most one
    /// diagonal is the opponent's — none on the edge — so that it is not a false eye.
    #[must_use]
    pub fn is_eye(&self, p: usize, c: u8) -> bool {
        if self
            .geo
            .neighbors(p)
            .iter()
            .any(|&q| self.color[q as usize] != c)
        {
            return false;
        }
        if !self.geo.is_grid() {
            return true;
        }
        let opp = 3 - c;
        let bad = self
            .geo
            .diagonals(p)
            .iter()
            .filter(|&&q| self.color[q as usize] == opp)
            .count();
        let allowed = usize::from(!self.geo.on_edge(p));
        bad <= allowed
    }

    /// Whether `c` may play at the empty point `p`: not the ko point and not suicide (a
    /// playout needs no more of the rules).
    #[must_use]
    pub fn legal(&self, p: usize, c: u8) -> bool {
        if p == self.ko as usize {
            return false;
        }
        let mut ok = false;
        for &q in self.geo.neighbors(p) {
            let q = q as usize;
            let qc = self.color[q];
            if qc == EMPTY {
                ok = true;
            } else {
                let h = self.head[q] as usize;
                let atari = self.in_atari(h);
                if qc == c {
                    ok |= !atari;
                } else if atari {
                    ok = true;
                }
            }
        }
        ok
    }

    /// Plays a legal move of `c` at `p`.
    pub fn play(&mut self, p: usize, c: u8) {
        self.remove_empty(p);
        self.put_stone(p, c);
        let opp = 3 - c;
        let mut captured = 0usize;
        let mut last_captured = NONE;
        let geo = self.geo;
        for &q in geo.neighbors(p) {
            let q = q as usize;
            if self.color[q] == opp {
                let h = self.head[q] as usize;
                if self.libs[h] == 0 {
                    captured += self.size[h] as usize;
                    last_captured = h as u16;
                    self.remove_chain(h);
                }
            }
        }
        self.last = p as u16;
        let h = self.head[p] as usize;
        self.ko = if captured == 1 && self.size[h] == 1 && self.in_atari(h) {
            last_captured
        } else {
            NONE
        };
    }

    fn remove_chain(&mut self, h: usize) {
        let geo = self.geo;
        let mut s = h;
        loop {
            let nx = self.next[s] as usize;
            self.color[s] = EMPTY;
            self.head[s] = NONE;
            if !self.frozen[s] {
                self.add_empty(s);
            }
            for &q in geo.neighbors(s) {
                let q = q as usize;
                if self.color[q] != EMPTY {
                    let hq = self.head[q] as usize;
                    self.add_lib(hq, s);
                }
            }
            s = nx;
            if s == h {
                break;
            }
        }
    }

    /// The one liberty of the chain with head `h`, which is in atari.
    fn atari_liberty(&self, h: usize) -> usize {
        (self.lib_sum[h] / u32::from(self.libs[h])) as usize - 1
    }

    /// Whether `c` playing at `p` leaves a chain of two or more stones with one liberty and
    /// captures nothing: a move no sensible player makes (it fills a seki's shared liberty,
    /// or gives away a group). A single stone in atari (a throw-in, a nakade) is allowed.
    #[must_use]
    pub fn self_atari(&self, p: usize, c: u8) -> bool {
        let geo = self.geo;
        let mut lib = NONE as usize;
        let mut joins = false;
        for &q in geo.neighbors(p) {
            let q = q as usize;
            match self.color[q] {
                EMPTY => {
                    if lib != NONE as usize && lib != q {
                        return false;
                    }
                    lib = q;
                }
                x if x == c => {
                    joins = true;
                }
                _ => {
                    if self.in_atari(self.head[q] as usize) {
                        return false;
                    }
                }
            }
        }
        if !joins {
            return false;
        }
        // A chain joined with many pseudo-liberties surely keeps two (a shortcut: walking a
        // long chain for each candidate move is the playouts' main cost).
        if geo.neighbors(p).iter().any(|&q| {
            let q = q as usize;
            self.color[q] == c && self.libs[self.head[q] as usize] > 6
        }) {
            return false;
        }
        // Liberties of the chains joined, other than p.
        for &q in geo.neighbors(p) {
            let q = q as usize;
            if self.color[q] != c {
                continue;
            }
            let h = self.head[q] as usize;
            let mut s = h;
            loop {
                for &r in geo.neighbors(s) {
                    let r = r as usize;
                    if self.color[r] == EMPTY && r != p && r != lib {
                        if lib != NONE as usize {
                            return false;
                        }
                        lib = r;
                    }
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        true
    }

    fn acceptable(&self, p: usize, c: u8) -> bool {
        !self.is_eye(p, c) && self.legal(p, c) && (!self.self_atari(p, c) || self.nakade(p, c))
    }

    /// Whether a self-atari of `c` at `p` is a nakade: the chain it makes has at most three
    /// stones, or at most five (the killing shapes of an eye space: bulky five and smaller)
    /// while every opposing chain it touches keeps two liberties or more, so that only `c`'s
    /// stones are in danger — filling an eye space to kill, not a seki's shared liberty.
    fn nakade(&self, p: usize, c: u8) -> bool {
        let geo = self.geo;
        let mut heads: Vec<usize> = Vec::with_capacity(4);
        let mut size = 1usize;
        for &q in geo.neighbors(p) {
            let q = q as usize;
            if self.color[q] == c {
                let h = self.head[q] as usize;
                if !heads.contains(&h) {
                    heads.push(h);
                    size += self.size[h] as usize;
                }
            }
        }
        if size > 5 {
            return false;
        }
        // The stones of the new chain, and the opposing chains around them.
        let mut stones = vec![p];
        for &h in &heads {
            let mut s = h;
            loop {
                stones.push(s);
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        // Three stones or fewer whose last liberty the opponent alone surrounds: whatever it
        // costs, the space they leave when captured is one eye too small for two (a sacrifice
        // that kills, as in a false seki). Not in open areas, where it only gives stones away.
        if size <= 3 && self.enclosed_liberty(&stones, p, c) {
            return true;
        }
        let mut opposing: Vec<usize> = Vec::new();
        for &s in &stones {
            for &q in geo.neighbors(s) {
                let q = q as usize;
                if self.color[q] == 3 - c {
                    let h = self.head[q] as usize;
                    if !opposing.contains(&h) {
                        opposing.push(h);
                    }
                }
            }
        }
        opposing
            .iter()
            .all(|&h| self.liberties_besides(h, p, 2) >= 2)
    }

    /// Whether the one liberty of the chain of `stones` (with `p` played by `c`) touches
    /// only the opponent's stones and the chain.
    fn enclosed_liberty(&self, stones: &[usize], p: usize, c: u8) -> bool {
        let geo = self.geo;
        let lib = stones.iter().find_map(|&s| {
            geo.neighbors(s)
                .iter()
                .map(|&q| q as usize)
                .find(|&q| q != p && self.color[q] == EMPTY)
        });
        let Some(lib) = lib else { return false };
        geo.neighbors(lib).iter().all(|&q| {
            let q = q as usize;
            q == p || self.color[q] == 3 - c || stones.contains(&q)
        })
    }

    /// The distinct liberties of the chain with head `h` other than `p`, counted up to `cap`.
    fn liberties_besides(&self, h: usize, p: usize, cap: usize) -> usize {
        let mut found: Vec<usize> = Vec::with_capacity(cap);
        let mut s = h;
        loop {
            for &r in self.geo.neighbors(s) {
                let r = r as usize;
                if self.color[r] == EMPTY && r != p && !found.contains(&r) {
                    found.push(r);
                    if found.len() >= cap {
                        return found.len();
                    }
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        found.len()
    }

    /// A move answering the opponent's last one: capture a chain of his next to it that is in
    /// atari, or save a chain of `c`'s next to it that it put in atari.
    fn reply(&self, c: u8) -> Option<usize> {
        let last = self.last as usize;
        if self.last == NONE || self.color[last] == EMPTY {
            return None;
        }
        let h = self.head[last] as usize;
        if self.in_atari(h) {
            let l = self.atari_liberty(h);
            if self.legal(l, c) {
                return Some(l);
            }
        }
        for &q in self.geo.neighbors(last) {
            let q = q as usize;
            if self.color[q] == c && self.in_atari(self.head[q] as usize) {
                let l = self.atari_liberty(self.head[q] as usize);
                if self.acceptable(l, c) {
                    return Some(l);
                }
            }
        }
        self.race_reply(c, h)
    }

    /// In a capturing race: the opponent's last move (chain `h`) took a liberty of a short
    /// chain of `c`'s; answer by taking one of `h`'s liberties, an outside one (not shared)
    /// first, when `h` is short of liberties too.
    fn race_reply(&self, c: u8, h: usize) -> Option<usize> {
        // Pseudo-liberties bound the real ones from above: a chain with at most 8 of them has
        // at most 8 liberties, and long chains with many are no race (a shortcut: walking
        // them is costly).
        if self.libs[h] > 12 {
            return None;
        }
        let mut theirs = [0u16; 8];
        let nt = self.liberties_of(h, &mut theirs);
        if nt > 4 {
            return None;
        }
        let last = self.last as usize;
        let mut ours = [0u16; 8];
        let short = self.geo.neighbors(last).iter().any(|&q| {
            let q = q as usize;
            self.color[q] == c && self.libs[self.head[q] as usize] <= 12 && {
                let n = self.liberties_of(self.head[q] as usize, &mut ours);
                n <= 4 && n + 1 >= nt
            }
        });
        if !short {
            return None;
        }
        let shared = |l: u16| {
            self.geo
                .neighbors(l as usize)
                .iter()
                .any(|&r| self.color[r as usize] == c)
        };
        let outside = theirs[..nt].iter().copied().filter(|&l| !shared(l));
        let inside = theirs[..nt].iter().copied().filter(|&l| shared(l));
        outside
            .chain(inside)
            .map(usize::from)
            .find(|&l| self.acceptable(l, c))
    }

    /// The distinct liberties of the chain with head `h`, up to five (enough to tell a
    /// race); how many.
    fn liberties_of(&self, h: usize, out: &mut [u16; 8]) -> usize {
        let mut n = 0;
        let mut s = h;
        loop {
            for &r in self.geo.neighbors(s) {
                if self.color[r as usize] == EMPTY && !out[..n].contains(&r) {
                    if n == 5 {
                        return n;
                    }
                    out[n] = r;
                    n += 1;
                }
            }
            s = self.next[s] as usize;
            if s == h {
                return n;
            }
        }
    }

    /// One move of `c`: a reply to the opponent's last move when there is one
    /// ([`PlayoutBoard::reply`]), else a legal move that neither fills one of `c`'s eyes nor
    /// puts a chain in atari, chosen by a random start over the empty points. `false` when
    /// there is none (a pass).
    pub fn random_move(&mut self, c: u8, rng: &mut Rng) -> bool {
        if let Some(p) = self.reply(c) {
            self.play(p, c);
            return true;
        }
        let n = self.empties.len();
        if n == 0 {
            return false;
        }
        for _ in 0..4 {
            let p = self.empties[rng.below(n)] as usize;
            if self.acceptable(p, c) {
                self.play(p, c);
                return true;
            }
        }
        let start = rng.below(n);
        for i in (start..n).chain(0..start) {
            let p = self.empties[i] as usize;
            if self.acceptable(p, c) {
                self.play(p, c);
                return true;
            }
        }
        false
    }

    /// Once the playout is over, marks (by chain head, in `mark`) the chains next to an empty
    /// point that touches both colours. Playouts fill every point but eyes and moves that
    /// would put a chain in atari, so such a point is a liberty neither side can fill: the
    /// chains around it live in seki.
    pub fn mark_seki(&self, mark: &mut [bool]) {
        mark.fill(false);
        for p in 0..self.color.len() {
            if self.color[p] != EMPTY || self.frozen[p] {
                continue;
            }
            let nb = self.geo.neighbors(p);
            let has = |c: u8| nb.iter().any(|&q| self.color[q as usize] == c);
            if has(1) && has(2) {
                for &q in nb {
                    let q = q as usize;
                    if self.color[q] != EMPTY {
                        mark[self.head[q] as usize] = true;
                    }
                }
            }
        }
    }

    /// Who owns `p` once the playout is over: its stone's colour, or the colour of every
    /// neighbour of an empty point (0 when they differ or there is none).
    #[must_use]
    pub fn owner(&self, p: usize) -> u8 {
        let c = self.color[p];
        if c != EMPTY {
            return c;
        }
        let mut seen = EMPTY;
        for &q in self.geo.neighbors(p) {
            let qc = self.color[q as usize];
            if qc == EMPTY || (seen != EMPTY && qc != seen) {
                return EMPTY;
            }
            seen = qc;
        }
        seen
    }
}

/// Playouts from one position, accumulated: run them in batches and read the mean
/// ownership between batches (the estimator stops early when every open chain is clear).
pub struct Playouts<'g> {
    start: PlayoutBoard<'g>,
    work: PlayoutBoard<'g>,
    frozen_owner: Vec<i8>,
    sum: Vec<i32>,
    /// The same over the playouts Black started (even ones).
    sum_black_first: Vec<i32>,
    /// Per point: playouts that ended with the stone there in a seki (see
    /// [`PlayoutBoard::mark_seki`]).
    seki: Vec<u32>,
    /// Scratch: per chain head, whether it touches a shared liberty.
    seki_mark: Vec<bool>,
    done: usize,
    rng: Rng,
}

impl<'g> Playouts<'g> {
    /// Playouts from `stones` with `fixed` respected; frozen points keep `frozen_owner`'s
    /// value (+1 Black, −1 White, 0 nobody). Deterministic for a given `seed`.
    #[must_use]
    pub fn new(
        geo: &'g Geometry,
        stones: &[u8],
        fixed: &Fixed,
        frozen_owner: &[i8],
        seed: u64,
    ) -> Playouts<'g> {
        let start = PlayoutBoard::new(geo, stones, fixed);
        Playouts {
            work: start.clone(),
            start,
            frozen_owner: frozen_owner.to_vec(),
            sum: vec![0; geo.len()],
            sum_black_first: vec![0; geo.len()],
            seki: vec![0; geo.len()],
            seki_mark: vec![false; geo.len()],
            done: 0,
            rng: Rng::new(seed),
        }
    }

    /// Runs `k` more playouts. Black moves first in the even ones, White in the odd ones.
    pub fn run(&mut self, k: usize) {
        let n = self.sum.len();
        let max_moves = 3 * n + 20;
        for _ in 0..k {
            let b = &mut self.work;
            b.clone_from(&self.start);
            let mut c = if self.done % 2 == 0 { 1 } else { 2 };
            let (mut passes, mut moves) = (0, 0);
            while passes < 2 && moves < max_moves {
                if b.random_move(c, &mut self.rng) {
                    passes = 0;
                } else {
                    passes += 1;
                }
                moves += 1;
                c = 3 - c;
            }
            b.mark_seki(&mut self.seki_mark);
            for (p, k) in self.seki.iter_mut().enumerate() {
                if b.color[p] != EMPTY
                    && b.color[p] == self.start.color[p]
                    && self.seki_mark[b.head[p] as usize]
                {
                    *k += 1;
                }
            }
            let black_first = self.done % 2 == 0;
            for (p, s) in self.sum.iter_mut().enumerate() {
                let v = match b.owner(p) {
                    1 => 1,
                    2 => -1,
                    _ => 0,
                };
                *s += v;
                if black_first {
                    self.sum_black_first[p] += v;
                }
            }
            self.done += 1;
        }
    }

    /// Share of the playouts so far that ended with the stone first at `p` still there and in
    /// a seki.
    #[must_use]
    pub fn seki_rate(&self, p: usize) -> f32 {
        self.seki[p] as f32 / self.done.max(1) as f32
    }

    /// Playouts run so far.
    #[must_use]
    pub fn count(&self) -> usize {
        self.done
    }

    /// Mean ownership of `p` so far: +1 Black … −1 White (a frozen point: its fixed owner).
    #[must_use]
    pub fn mean(&self, p: usize) -> f32 {
        if self.start.frozen[p] {
            f32::from(self.frozen_owner[p])
        } else {
            self.sum[p] as f32 / self.done.max(1) as f32
        }
    }

    /// Mean ownership of `p` over the playouts `first` started (+1 Black … −1 White).
    #[must_use]
    pub fn mean_first(&self, p: usize, first: u8) -> f32 {
        if self.start.frozen[p] {
            return f32::from(self.frozen_owner[p]);
        }
        let black_games = self.done.div_ceil(2);
        let (sum, k) = if first == 1 {
            (self.sum_black_first[p], black_games)
        } else {
            (
                self.sum[p] - self.sum_black_first[p],
                self.done - black_games,
            )
        };
        sum as f32 / k.max(1) as f32
    }

    /// The mean ownership of every point.
    #[must_use]
    pub fn means(&self) -> Vec<f32> {
        (0..self.sum.len()).map(|p| self.mean(p)).collect()
    }
}

/// Per point, the mean ownership over `playouts` playouts: +1 Black, −1 White (see
/// [`Playouts`]).
#[must_use]
pub fn ownership(
    geo: &Geometry,
    stones: &[u8],
    fixed: &Fixed,
    frozen_owner: &[i8],
    playouts: usize,
    seed: u64,
) -> Vec<f32> {
    let mut p = Playouts::new(geo, stones, fixed, frozen_owner, seed);
    p.run(playouts);
    p.means()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::Topology;

    fn board(rows: &[&str]) -> (Geometry, Vec<u8>) {
        let t = Topology::grid(rows[0].len(), rows.len()).unwrap();
        let stones = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|ch| match ch {
                'X' => 1,
                'O' => 2,
                _ => 0,
            })
            .collect();
        (Geometry::new(&t), stones)
    }

    #[test]
    fn captures_ko_and_suicide() {
        let (g, s) = board(&[".XO..", "XO.O.", ".XO..", "....."]);
        let fixed = Fixed::default();
        let mut b = PlayoutBoard::new(&g, &s, &fixed);
        // Black takes the ko at c2 (index 7), capturing b2.
        assert!(b.legal(7, 1));
        b.play(7, 1);
        assert_eq!(b.color(6), 0);
        // White may not retake at once.
        assert!(!b.legal(6, 2));
        // a1 (index 0) is surrounded by black stones: suicide for White, an eye of Black.
        assert!(!b.legal(0, 2));
        assert!(b.is_eye(0, 1));
    }

    /// Self-atari of two stones or more is refused, except a nakade: inside Black's straight
    /// three on the edge, with White's stone on the vital point (`ca`), White may add `ba`
    /// though the two stones then have one liberty (`da`, surrounded by Black alone). Filling
    /// a seki's shared liberty stays refused: White's four stones at `aa` would leave Black's
    /// chain in atari too.
    #[test]
    fn a_nakade_may_put_stones_in_atari_a_seki_liberty_may_not_be_filled() {
        let (g, s) = board(&["X.O.XO...", "XXXXXO...", "OOOOOO...", "........."]);
        let fixed = Fixed::default();
        let b = PlayoutBoard::new(&g, &s, &fixed);
        assert!(b.self_atari(1, 2));
        assert!(b.acceptable(1, 2), "the nakade at ba");
        let (g, s) = board(&[".XXXXO...", "OOO.XO...", "XXXXXO...", "OOOOOO..."]);
        let b = PlayoutBoard::new(&g, &s, &fixed);
        assert!(b.self_atari(0, 2));
        assert!(!b.acceptable(0, 2), "the seki's shared liberty aa");
        assert!(!b.acceptable(12, 2), "the seki's shared liberty db");
    }

    #[test]
    fn a_dead_stone_in_a_big_territory_is_owned_by_the_surrounder() {
        let (g, s) = board(&[
            ".....X...",
            "..O..X...",
            ".....X...",
            ".....X...",
            "XXXXXX...",
            ".........",
        ]);
        let n = s.len();
        let fixed = Fixed {
            frozen: vec![false; n],
        };
        let own = ownership(&g, &s, &fixed, &vec![0; n], 64, 1);
        assert!(own[11] > 0.5, "the white stone is Black's: {}", own[11]);
    }
}
