//! Rule 14's hypothetical game `H(p, S)` (ljr.md §7.2) on an [`Arena`], with rule 17's
//! endings (§7.3).
//!
//! # Construction
//! The arena holds the points of `S`, the points outside `S` next to `S` (each now a stone of
//! the refuter `p'`, permanently prohibited ones included — reading A11), and one virtual
//! point adjacent to all of those. Rule 14 creates two new empty locations `v1`, `v2`
//! adjacent to every outside location and not to each other (reading A10); one virtual point
//! stands for both, which is exact because:
//! * the prover can never play on `v1`/`v2` (his stone would have no liberty while the other
//!   is empty, and it could not capture the outside, whose stones all touch both);
//! * a refuter stone there only takes a liberty of his own wall and gives the prover new
//!   options; a pass is never worse for him (ljr.md §7.2), so those moves are pruned;
//! * the outside stones therefore can never be captured, whatever their number of liberties;
//!   only for the refuter's two-eye formation do `v1`, `v2` matter (they are the wall's two
//!   eyes), and the wall is treated as part of that formation from the start.
//!
//! Outside points not next to `S` cannot influence anything in `S` and are left out. Then
//! stones without liberties are removed (rule 14, third item), history is forgotten, `P ∩ S`
//! is kept (reading A11; [`KeepProhibited`](crate::KeepProhibited) can drop it) and the
//! refuter moves first.
//!
//! # Endings (checked initially and after every action)
//! * the prover has built a two-eye formation on `S` (rule 16): prover wins;
//! * a refuter stone on a location of `S` next to the outside (A14): refuter wins;
//! * the refuter's maximal formation contains a location of `S` (A15): refuter wins;
//! * a situation similar to a former one: refuter wins (the search's repetition rule);
//! * (rule 14 reading) two passes, the first one clean, end the game: refuter wins. The
//!   prover never passes cleanly (it would let the refuter end the game), so his only pass is
//!   the one that lifts a ko ban (§7.4).
//!
//! Static shortcuts that are consequences of the rules, not new rules: a refuter chain in `S`
//! next to a permanently prohibited point, or unconditionally alive (Benson), can never be
//! captured, so the prover can never have a formation on `S`; and a position in which every
//! prover chain in `S` is proved safe and every region of `S` proved cleanable by the local
//! games of [`crate::local`] is a prover win ([`crate::decomp`]).

use crate::MoveOrder;
use crate::arena::{Arena, ArenaBuilder, ChainMap, NONE, Pos, Scored, Side};
use crate::bits::Bits;
use crate::decomp::{self, Decomposition};
use crate::graph::ArenaView;
use crate::local::LocalCtx;
use crate::real::Real;
use crate::search::{Eval, Game, Kind};
use rules_core::Color;

/// The decomposition leaf is tried only with this many refuter stones in `S` or fewer
/// (typically right after a capture), so that it stays cheap.
const LEAF_MAX_REFUTER_STONES: u32 = 2;
/// Node budget of each local search made by the decomposition leaf.
const LEAF_LOCAL_NODES: u64 = 100;

/// The pieces of an H arena before its width is chosen.
pub(crate) struct HBuild {
    pub b: ArenaBuilder,
    pub prover: Vec<u16>,
    pub refuter: Vec<u16>,
}

/// Builds `H(prover, S)` for the real position. `in_s[p]` marks `S`; `keep_p` keeps
/// `P ∩ S` permanently prohibited (A11).
pub(crate) fn build(real: &Real, prover: Color, in_s: &[bool], keep_p: bool) -> HBuild {
    let n = real.len();
    let mut b = ArenaBuilder::new();
    let mut idx = vec![u16::MAX; n];
    for p in 0..n {
        if in_s[p] {
            idx[p] = b.point(p as u32);
        }
    }
    let mut wall = Vec::new();
    for p in 0..n {
        if in_s[p] {
            for q in real.nbrs(p) {
                if !in_s[q] && idx[q] == u16::MAX {
                    idx[q] = b.point(q as u32);
                    wall.push(idx[q]);
                }
            }
        }
    }
    let virt = if wall.is_empty() {
        None
    } else {
        Some(b.point(u32::MAX))
    };
    let (mut pr, mut rf) = (Vec::new(), Vec::new());
    for p in 0..n {
        if !in_s[p] {
            continue;
        }
        let i = idx[p];
        b.scope[i as usize] = true;
        if real.perm[p] && keep_p {
            b.perm[i as usize] = true;
        } else {
            b.playable[i as usize] = true;
        }
        match real.cells[p] {
            Some(c) if c == prover => pr.push(i),
            Some(_) => rf.push(i),
            None => {}
        }
        for q in real.nbrs(p) {
            b.edge(i, idx[q]);
        }
    }
    for &w in &wall {
        b.wall[w as usize] = true;
        rf.push(w);
        if let Some(v) = virt {
            b.edge(w, v);
        }
    }
    if let Some(v) = virt {
        b.virt[v as usize] = true;
    }
    HBuild {
        b,
        prover: pr,
        refuter: rf,
    }
}

/// Options of the H game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HOpts {
    pub order: MoveOrder,
    /// Use the decomposition leaf (prover chains safe, regions cleanable).
    pub decomposition: bool,
}

/// The game `H(p, S)`.
pub(crate) struct HGame<'c, const W: usize> {
    pub a: Arena<W>,
    opts: HOpts,
    isolated: bool,
    /// The prover's stones at the start (after stones without liberties are removed).
    start: Bits<W>,
    ctx: &'c mut LocalCtx,
    /// Buffers reused by every expansion (allocation was a fifth of the time).
    cm: ChainMap<W>,
    scored: Scored<W>,
}

impl<'c, const W: usize> HGame<'c, W> {
    /// The arena and the initial position (stones without liberties removed, refuter to
    /// move).
    pub fn new(hb: &HBuild, opts: HOpts, ctx: &'c mut LocalCtx) -> (Self, Pos<W>) {
        let a = hb.b.build::<W>();
        let mut pr = Bits::empty();
        let mut rf = Bits::empty();
        for &p in &hb.prover {
            pr.set(p as usize);
        }
        for &p in &hb.refuter {
            rf.set(p as usize);
        }
        let mut pos = a.position(pr, rf, Side::Refuter);
        // Rule 14, third item: all stones thereafter without liberties are removed.
        let empty = a.empty(&pos);
        let mut dead = [Bits::<W>::empty(); 2];
        for s in 0..2 {
            let mut rest = pos.st[s];
            while let Some(p) = rest.first_one() {
                let c = a.chain(&pos.st[s], p);
                rest = rest.minus(c);
                if !a.dilate(c).intersects(&empty) {
                    dead[s] = dead[s].or(c);
                }
            }
        }
        if !dead[0].is_empty() || !dead[1].is_empty() {
            pos = a.position(
                pos.st[0].minus(dead[0]),
                pos.st[1].minus(dead[1]),
                Side::Refuter,
            );
        }
        let isolated = a.scope.iter().any(|p| a.nbr[p].is_empty());
        (
            HGame {
                a,
                opts,
                isolated,
                start: pos.st[0],
                ctx,
                cm: ChainMap::default(),
                scored: Scored::default(),
            },
            pos,
        )
    }

    /// Rule 16 for the prover on `S`.
    pub fn prover_formation(&self, pos: &Pos<W>) -> bool {
        let a = &self.a;
        if self.isolated || pos.st[1].intersects(&a.scope) || !a.border.is_subset(&pos.st[0]) {
            return false;
        }
        let empty = a.empty(pos);
        let e = empty.and(a.scope);
        if a.dilate(e).intersects(&empty) {
            return false;
        }
        let mut rest = pos.st[0].and(a.scope);
        while let Some(p) = rest.first_one() {
            let c = a.chain(&pos.st[0], p);
            rest = rest.minus(c);
            if !a.dilate(c).and(e).has_at_least(2) {
                return false;
            }
        }
        true
    }

    /// Rule 17, second ending (A15): the refuter's maximal formation, the wall counted as
    /// alive, contains a location of `S`.
    pub fn refuter_formation_touches(&self, pos: &Pos<W>) -> bool {
        let a = &self.a;
        if !pos.st[1].intersects(&a.scope) {
            // Without refuter stones in S only an empty border point surrounded by the wall
            // could be a refuter eye in S.
            let empty = a.empty(pos).and(a.border);
            if !empty.iter().any(|p| a.nbr[p].is_subset(&pos.st[1])) {
                return false;
            }
        }
        a.max_formation(pos, Side::Refuter, a.wall)
            .intersects(&a.scope)
    }

    /// A refuter chain in `S` that can never be captured: next to a permanently prohibited
    /// point, or unconditionally alive (Benson).
    fn refuter_immortal_in_s(&self, pos: &Pos<W>) -> bool {
        let a = &self.a;
        let rs = pos.st[1].and(a.scope);
        if rs.is_empty() {
            return false;
        }
        let near = a.dilate(rs);
        if !a.perm.is_empty() && near.intersects(&a.perm) {
            return true;
        }
        // Benson's test needs, for a chain of `rs` not joined to the wall, two regions vital
        // to it: components of the points without refuter stones whose empty points are all
        // its liberties. A component holding an empty point next to no stone of `rs` is vital
        // to none of them; when every component holds one, the test can only fail (most
        // calls, and much cheaper than the test).
        if !near.intersects(&a.wall) {
            let others = a.all.minus(pos.st[1]);
            let free = a.empty(pos).minus(near);
            if a.reach(&others, free) == others {
                return false;
            }
        }
        a.benson(pos, Side::Refuter, a.wall).intersects(&a.scope)
    }

    fn ordered_moves(&mut self, pos: &Pos<W>, out: &mut Vec<Pos<W>>) {
        let mut cm = std::mem::take(&mut self.cm);
        let mut scored = std::mem::take(&mut self.scored);
        let side = pos.to_move;
        self.a.ordered_moves(
            pos,
            self.opts.order,
            &mut cm,
            &mut scored,
            out,
            |cm, p, pl| self.score(pos, cm, p, side, pl.captured.count_few()),
        );
        self.cm = cm;
        self.scored = scored;
    }

    fn score(&self, before: &Pos<W>, cm: &ChainMap<W>, p: usize, side: Side, captured: u32) -> i32 {
        let a = &self.a;
        let mut s = 100 * captured as i32;
        if side == Side::Refuter && a.border.has(p) {
            s += 10_000;
        }
        s += a.contact_weight(before, cm, p, side, Bits::empty());
        if before.st[side.idx()].intersects(&a.nbr[p]) {
            s += 1;
        }
        s
    }
}

impl<const W: usize> Game for HGame<'_, W> {
    type Node = Pos<W>;
    type Zone = ();

    fn full_zone(&self, _n: &Pos<W>) {}

    fn key(&self, n: &Pos<W>) -> u64 {
        self.a.situation_hash(n)
    }

    fn same_situation(&self, x: &Pos<W>, y: &Pos<W>) -> bool {
        x.same_situation(y)
    }

    fn proof_transfers(&self, proved: &Pos<W>, query: &Pos<W>) -> bool {
        // Decomposition leaves are claimed only on lines without captures of prover stones.
        proved.proof_transfers_to(query)
    }

    fn evaluate(&mut self, pos: &Pos<W>) -> Eval {
        if self.prover_formation(pos) {
            return Eval::ProverWin;
        }
        if pos.st[1].intersects(&self.a.border) {
            return Eval::RefuterWin;
        }
        if self.refuter_formation_touches(pos) {
            return Eval::RefuterWin;
        }
        if self.refuter_immortal_in_s(pos) {
            return Eval::RefuterWin;
        }
        if self.opts.decomposition
            && pos.to_move == Side::Refuter
            && !pos.captured
            && self.a.perm.is_empty()
            && self.decomposition_wins(pos)
        {
            return Eval::ProverWin;
        }
        Eval::Open
    }

    fn expand(&mut self, pos: &Pos<W>, out: &mut Vec<Pos<W>>) -> Kind {
        self.ordered_moves(pos, out);
        match pos.to_move {
            Side::Prover => {
                if pos.ban != NONE {
                    out.push(self.a.pass(pos));
                }
                Kind::Or
            }
            Side::Refuter => {
                out.push(self.a.pass(pos));
                Kind::And
            }
        }
    }
}

impl<const W: usize> HGame<'_, W> {
    /// The decomposition leaf: every prover chain in `S` safe and every region of `S`
    /// cleanable, proved by local games (ljr.md §10, technique 3).
    fn decomposition_wins(&mut self, pos: &Pos<W>) -> bool {
        let a = &self.a;
        // Cheap necessary conditions first: no empty border point, every prover chain with
        // two liberties.
        if !a.border.is_subset(&pos.st[0]) {
            return false;
        }
        let empty = a.empty(pos);
        let mut rest = pos.st[0].and(a.scope);
        while let Some(p) = rest.first_one() {
            let c = a.chain(&pos.st[0], p);
            rest = rest.minus(c);
            if !a.dilate(c).and(empty).has_at_least(2) {
                return false;
            }
        }
        if pos.st[1].and(a.scope).count() > LEAF_MAX_REFUTER_STONES {
            return false;
        }
        let view = ArenaView {
            arena: &self.a,
            pos,
        };
        let scope: Vec<bool> = (0..self.a.n).map(|p| self.a.scope.has(p)).collect();
        let saved = self.ctx.limits.nodes;
        self.ctx.limits.nodes = saved.min(LEAF_LOCAL_NODES);
        let d: Decomposition = decomp::decompose(&view, &scope, false, self.ctx);
        self.ctx.limits.nodes = saved;
        // No repetition of a situation before this one: the line here has no captures of
        // prover stones (`pos.captured` is clear), so every earlier position lacks some stone
        // the prover has placed since the start; those stones are anchors, which the composed
        // strategy never lets the refuter capture.
        d.kept.covers_scope
            && pos.st[0]
                .minus(self.start)
                .iter()
                .all(|p| d.kept.anchor[d.chains.id[p] as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::{Board, Point};

    /// Three 9×9 boards with refuter stones inside `S` (every point but the first two rows):
    /// groups that live, groups that die, and stones next to the wall.
    const BOARDS: [&[&str]; 3] = [
        &[
            ".........",
            ".........",
            "OOOOOOOOO",
            "O.......O",
            "O.XXXXX.O",
            "O.X.X.X.O",
            "O.XXXXX.O",
            "O.......O",
            "OOOOOOOOO",
        ],
        &[
            ".........",
            ".........",
            "XXXXXXXXX",
            "X..O.O..X",
            "X.OOOOO.X",
            "X.O.X.O.X",
            "X.OOOOOXX",
            "X....X.X.",
            "XXXXXXX.X",
        ],
        &[
            ".........",
            ".........",
            "OOOOOOOOO",
            "O.X.X...O",
            "OXXXXX..O",
            "O....OO.O",
            "O.XXX...O",
            "O.X.X..OO",
            "OOOOOOOOO",
        ],
    ];

    /// `H`'s options with the natural move order, with or without the decomposition leaf.
    fn natural(decomposition: bool) -> HOpts {
        HOpts {
            order: MoveOrder::Natural,
            decomposition,
        }
    }

    /// Plays 40 random games of up to 60 moves in `H(p, S)` from each board and each
    /// prover, handing every position reached to `check` (with the board's number).
    fn along_random_games(mut check: impl FnMut(&HGame<'_, 2>, &Pos<2>, usize)) {
        for (k, rows) in BOARDS.iter().enumerate() {
            let board = Board::from_diagram(rows).unwrap();
            let real = Real::new(&board, &[]);
            for prover in [Color::Black, Color::White] {
                let in_s: Vec<bool> = (0..real.len()).map(|p| p >= 18).collect();
                let hb = build(&real, prover, &in_s, true);
                let mut ctx = crate::control::new_ctx(&crate::Options::default());
                let opts = natural(false);
                let (mut g, start) = HGame::<'_, 2>::new(&hb, opts, &mut ctx);
                let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ ((k as u64) << 8);
                for _game in 0..40 {
                    let mut pos = start;
                    for _ in 0..60 {
                        check(&g, &pos, k);
                        let mut children = Vec::new();
                        g.ordered_moves(&pos, &mut children);
                        if children.is_empty() {
                            break;
                        }
                        let r = crate::arena::tests::xorshift(&mut seed);
                        pos = children[(r % children.len() as u64) as usize];
                    }
                }
            }
        }
    }

    /// `refuter_immortal_in_s` skips Benson's test when no region can be vital to a refuter
    /// chain in `S`; along random games it must say what the test says.
    #[test]
    fn the_benson_shortcut_agrees_with_the_test() {
        // Refuter stones in S away from the wall (where the shortcut may answer): alive by
        // the test, and not.
        let (mut alive, mut dead) = (0, 0);
        along_random_games(|g, pos, k| {
            let rs = pos.st[1].and(g.a.scope);
            let plain = !rs.is_empty()
                && g.a
                    .benson(pos, Side::Refuter, g.a.wall)
                    .intersects(&g.a.scope);
            assert_eq!(g.refuter_immortal_in_s(pos), plain, "board {k}");
            if !rs.is_empty() && !g.a.dilate(rs).intersects(&g.a.wall) {
                alive += usize::from(plain);
                dead += usize::from(!plain);
            }
        });
        assert!(alive > 0 && dead > 0, "alive {alive}, not alive {dead}");
    }

    /// Rule 17's second ending (A15): `refuter_formation_touches` skips the maximal
    /// formation when `S` holds no refuter stone and no empty border point is surrounded by
    /// the wall; along random games it must say what the formation says, and both answers
    /// must occur, with and without refuter stones in `S`.
    #[test]
    fn the_refuter_formation_shortcut_agrees_with_rule_16() {
        let mut seen = [[0usize; 2]; 2];
        along_random_games(|g, pos, k| {
            let plain =
                g.a.max_formation(pos, Side::Refuter, g.a.wall)
                    .intersects(&g.a.scope);
            assert_eq!(g.refuter_formation_touches(pos), plain, "board {k}");
            let inside = pos.st[1].intersects(&g.a.scope);
            seen[usize::from(inside)][usize::from(plain)] += 1;
        });
        assert!(
            seen[1][1] > 0 && seen[1][0] > 0 && seen[0][0] > 0,
            "{seen:?}"
        );
    }

    /// A prover stone of `S` whose neighbours all lie outside `S` has no liberty in `H` and
    /// is removed at the start (rule 14, third item); its empty location, surrounded by the
    /// wall, is an eye of the refuter's formation and lies in `S`: the refuter has won (rule
    /// 17's second ending) before any move, though `S` holds none of his stones.
    #[test]
    fn a_prover_stone_removed_at_the_start_leaves_a_refuter_eye_in_s() {
        let board = Board::from_diagram(&[".O.", "OXO", ".O."]).unwrap();
        let real = Real::new(&board, &[]);
        let in_s: Vec<bool> = (0..real.len()).map(|p| p == 4).collect();
        let hb = build(&real, Color::Black, &in_s, true);
        let mut ctx = crate::control::new_ctx(&crate::Options::default());
        let opts = natural(true);
        let (mut g, start) = HGame::<'_, 1>::new(&hb, opts, &mut ctx);
        assert!(start.st[0].is_empty() && !start.st[1].intersects(&g.a.scope));
        assert!(g.refuter_formation_touches(&start));
        assert!(!g.refuter_immortal_in_s(&start));
        assert_eq!(g.evaluate(&start), Eval::RefuterWin);
    }

    /// `H`'s points (rule 14): one per location of `S`, one per outside neighbour however
    /// many locations of `S` it touches, and the two new empty locations as one virtual
    /// point next to every outside one.
    #[test]
    fn one_arena_point_per_outside_neighbour() {
        let board = Board::from_diagram(&[".O.", "OXO", ".O."]).unwrap();
        let real = Real::new(&board, &[]);
        let mut ctx = crate::control::new_ctx(&crate::Options::default());
        for (in_s, points) in [(vec![4], 1 + 4 + 1), (vec![0, 1, 3], 3 + 3 + 1)] {
            let in_s: Vec<bool> = (0..real.len()).map(|p| in_s.contains(&p)).collect();
            let hb = build(&real, Color::White, &in_s, true);
            let (g, _) = HGame::<'_, 1>::new(&hb, natural(false), &mut ctx);
            assert_eq!(g.a.n, points);
        }
    }

    /// A refuter chain next to a permanently prohibited location of `S` (A11) keeps that
    /// liberty for ever, so it is immortal whatever Benson's test says; a refuter chain away
    /// from the prohibited location is not made immortal by it.
    #[test]
    fn a_refuter_chain_next_to_a_prohibited_location_is_immortal() {
        let cases: [(&[&str], usize, bool); 2] = [
            (&["OOOOO", "OX.XO", "OOOOO"], 7, true),
            (&["OOOOOOO", "OX.O.OO", "OOOOOOO"], 11, false),
        ];
        for (rows, prohibited, immortal) in cases {
            let board = Board::from_diagram(rows).unwrap();
            let real = Real::new(&board, &[Point::from_index(prohibited)]);
            let in_s = vec![true; real.len()];
            let hb = build(&real, Color::White, &in_s, true);
            let mut ctx = crate::control::new_ctx(&crate::Options::default());
            let opts = natural(false);
            let (g, start) = HGame::<'_, 1>::new(&hb, opts, &mut ctx);
            assert!(!g.a.perm.is_empty());
            assert_eq!(g.refuter_immortal_in_s(&start), immortal, "{rows:?}");
            // Benson's test alone finds neither chain alive: one region holds every empty
            // point.
            assert!(
                !g.a.benson(&start, Side::Refuter, g.a.wall)
                    .intersects(&g.a.scope)
            );
        }
    }

    /// A win the decomposition leaf claims holds only on lines without captures of prover
    /// stones; the transposition table must not hand a proof found on such a line to the
    /// same situation reached through a capture (search.rs, `Game::proof_transfers`), while
    /// the converse, and a proof on the same kind of line, are used.
    #[test]
    fn proofs_do_not_transfer_from_an_unmarked_line_to_a_marked_one() {
        let board = Board::from_diagram(&["..XO.", ".OXO.", "..XO."]).unwrap();
        let real = Real::new(&board, &[]);
        let in_s: Vec<bool> = (0..real.len()).map(|p| p % 5 < 3).collect();
        let hb = build(&real, Color::Black, &in_s, true);
        let mut ctx = crate::control::new_ctx(&crate::Options::default());
        let opts = natural(true);
        let (g, unmarked) = HGame::<'_, 1>::new(&hb, opts, &mut ctx);
        assert!(!unmarked.captured);
        let mut marked = unmarked;
        marked.captured = true;
        assert!(g.same_situation(&unmarked, &marked));
        assert_eq!(g.key(&unmarked), g.key(&marked));
        assert!(!g.proof_transfers(&unmarked, &marked));
        assert!(g.proof_transfers(&marked, &unmarked));
        assert!(g.proof_transfers(&unmarked, &unmarked) && g.proof_transfers(&marked, &marked));
        // Another player to move is another situation.
        let mut other = unmarked;
        other.to_move = Side::Prover;
        assert!(!g.same_situation(&unmarked, &other));
    }
}
