//! The survival game: refuting a player's control of a whole region at once by showing that
//! an opposing group there can always be kept on the board (docs/control.md, "Survival").
//!
//! # Why it refutes
//! Let `p` be the player whose control is tested and `o` his opponent. A *region of `p`*
//! `K` is a maximal connected set of points without `p` stones. Every set `S` bordered by
//! `p` (rule 15) that holds a point of `K` holds all of `K`: a point of `S` not holding a
//! `p` stone has no neighbour outside `S`. It also holds every `p` chain next to `K` (an
//! outside point next to `S` may not hold a `p` stone); call `K` with those chains the
//! *closure* of `K`. Extensions (rule 17) only add to `S`.
//!
//! Take a *group*: `o` chains `C` in `K` and regions `R` (maximal connected sets of points
//! without `o` stones) whose neighbours are all in `C`, with `R` inside the closure of `K`
//! and without permanently prohibited points. The *survival game* is played on `C ∪ R`;
//! every other neighbour of `C` is a permanent `p` stone (a *wall*, with a virtual liberty
//! so that it is never captured and never counts as an eye). `o` moves first, as the
//! refuter does in rule 14's game. Both may pass; both respect ko bans (rule 12) exactly as
//! in `H`. `o` wins once one of his chains is unconditionally alive (Benson's test on the
//! game's board); `p` wins when he captures a stone of `C`, or on a repetition.
//!
//! If `o` wins, `p` controls no point of `K`: in `H(p, S)` for any `S` holding a point of
//! `K` (so `C ∪ R ⊆ S`, with the real contents, history forgotten), `o` plays the winning
//! strategy, taking every `p` move outside `C ∪ R` as a pass. The two games then agree on
//! `C ∪ R`: points of `R` have neighbours only in `C ∪ R`; every neighbour of `C` is in `S`
//! and, when not in `R`, is in `H` empty or a `p` stone where the game has a wall, so every
//! chain of `C` has in `H` at least the liberties it has in the game. Hence a move in `R` is
//! legal in `H` when it is in the game and captures the same stones (a `p` move that would
//! capture a stone of `C` in the game ends it as a `p` win, which the strategy never
//! allows), bans are the same, and no stone of `C` is ever captured in `H`. Once an `o` chain
//! is unconditionally alive on the game's board it is so in `H` (its vital regions are in
//! `R`, bounded by alive chains). So `S` always holds an `o` stone, `p` never builds a
//! two-eye formation on it (rule 16 forbids opposing stones in the set), and he loses every
//! ending of rule 17. One search refutes every set and every extension at once.
//!
//! Repetitions count for `p` and passes never end the game, which is pessimistic for `o`
//! (in `H` a repetition is a refuter win) and keeps proofs history-free: a proof is a
//! strategy that reaches Benson's life without repeating a situation.

use crate::MoveOrder;
use crate::arena::{ArenaBuilder, ChainMap, NONE, Pos, Side};
use crate::bits::Bits;
use crate::graph::{self, NO};
use crate::real::Real;
use crate::search::{Dfpn, Eval, Game, Kind, Limits, Outcome};
use rules_core::Color;

/// A group of the opponent that may be tried: its chains `C` and regions `R`, by real point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Group {
    /// The region of `p` (`K`) the group lies in: an index of `p`'s free regions.
    pub k: u32,
    /// Stones of `C`.
    pub stones: Vec<usize>,
    /// Points of `R`.
    pub regions: Vec<usize>,
}

/// The groups of `p`'s opponent, each inside one region of `p`. `p_region[x]` is the index
/// of the region of `p` holding `x` ([`NO`] for `p` stones). Regions of more than
/// `max_region` points are left out of `R` (their points next to `C` become walls: a
/// pessimistic model, so still sound). Groups without any region are not returned.
pub(crate) fn groups(real: &Real, p: Color, p_region: &[u32], max_region: usize) -> Vec<Group> {
    let o = p.opp();
    let view_o = real.view(o);
    let och = graph::chains(&view_o, Side::Prover);
    let org = graph::free_regions(&view_o, Side::Prover);
    let pch = graph::chains(&real.view(p), Side::Prover);
    // The regions of `p` next to each `p` chain (a `p` stone is in the closure of `K` when
    // its chain touches `K`).
    let mut p_chain_ks: Vec<Vec<u32>> = vec![Vec::new(); pch.members.len()];
    for (c, m) in pch.members.iter().enumerate() {
        for &x in m {
            for y in real.nbrs(x) {
                let k = p_region[y];
                if k != NO && !p_chain_ks[c].contains(&k) {
                    p_chain_ks[c].push(k);
                }
            }
        }
    }
    let nc = och.members.len();
    let mut parent: Vec<u32> = (0..nc as u32).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            let up = parent[parent[x as usize] as usize];
            parent[x as usize] = up;
            x = up;
        }
        x
    }
    let mut eligible: Vec<(u32, usize)> = Vec::new(); // (a chain, region index)
    let mut bound: Vec<u32> = Vec::new();
    let mut mark = vec![u32::MAX; nc];
    for (r, pts) in org.members.iter().enumerate() {
        if pts.len() > max_region || pts.iter().any(|&x| real.perm[x]) {
            continue;
        }
        bound.clear();
        for &x in pts {
            for y in real.nbrs(x) {
                let c = och.id[y];
                if c != NO && mark[c as usize] != r as u32 {
                    mark[c as usize] = r as u32;
                    bound.push(c);
                }
            }
        }
        let Some(&first) = bound.first() else {
            continue;
        };
        let k = p_region[och.members[first as usize][0]];
        if bound
            .iter()
            .any(|&c| p_region[och.members[c as usize][0]] != k)
        {
            continue;
        }
        let inside = pts.iter().all(|&x| match real.cells[x] {
            None => p_region[x] == k,
            Some(_) => p_chain_ks[pch.id[x] as usize].contains(&k),
        });
        if !inside {
            continue;
        }
        for &c in &bound[1..] {
            let (a, b) = (find(&mut parent, first), find(&mut parent, c));
            if a != b {
                parent[a as usize] = b;
            }
        }
        eligible.push((first, r));
    }
    let mut out: Vec<Group> = Vec::new();
    let mut slot = vec![usize::MAX; nc];
    for &(c, r) in &eligible {
        let root = find(&mut parent, c) as usize;
        if slot[root] == usize::MAX {
            slot[root] = out.len();
            out.push(Group {
                k: p_region[och.members[c as usize][0]],
                stones: Vec::new(),
                regions: Vec::new(),
            });
        }
        out[slot[root]]
            .regions
            .extend(org.members[r].iter().copied());
    }
    for c in 0..nc {
        let s = slot[find(&mut parent, c as u32) as usize];
        if s != usize::MAX {
            out[s].stones.extend(och.members[c].iter().copied());
        }
    }
    for g in &mut out {
        g.stones.sort_unstable();
        g.regions.sort_unstable();
    }
    out
}

/// The survival game's board before its width is chosen: arena, `o` stones (the prover of
/// the search), `p` stones (walls included), and `C`.
struct Build {
    b: ArenaBuilder,
    owner: Vec<u16>,
    other: Vec<u16>,
}

fn build(real: &Real, g: &Group) -> Build {
    let n = real.len();
    let mut b = ArenaBuilder::new();
    let mut idx = vec![u16::MAX; n];
    for &x in g.stones.iter().chain(&g.regions) {
        idx[x] = b.point(x as u32);
    }
    let mut walls = Vec::new();
    for &x in &g.stones {
        for y in real.nbrs(x) {
            if idx[y] == u16::MAX {
                idx[y] = b.point(y as u32);
                walls.push(idx[y]);
            }
        }
    }
    let (mut owner, mut other) = (Vec::new(), Vec::new());
    for &x in g.stones.iter().chain(&g.regions) {
        let i = idx[x];
        b.scope[i as usize] = true;
        for y in real.nbrs(x) {
            b.edge(i, idx[y]);
        }
        match real.cells[x] {
            Some(_) if g.stones.binary_search(&x).is_ok() => owner.push(i),
            Some(_) => other.push(i),
            None => {}
        }
    }
    for &x in &g.regions {
        b.playable[idx[x] as usize] = true;
    }
    if !walls.is_empty() {
        let v = b.point(u32::MAX);
        b.virt[v as usize] = true;
        for &w in &walls {
            b.wall[w as usize] = true;
            b.edge(w, v);
            other.push(w);
        }
    }
    Build { b, owner, other }
}

/// Plays the survival game of `g` (the opponent of `p` to move first); `Proved` means the
/// group survives, so `p` controls no point of its region. `None` when the board does not
/// fit the compact arena.
pub(crate) fn survives(
    real: &Real,
    g: &Group,
    order: MoveOrder,
    limits: Limits,
) -> Option<(Outcome, u64)> {
    let bd = build(real, g);
    let n = bd.b.len();
    Some(if n <= 64 {
        run::<1>(&bd, order, limits)
    } else if n <= 128 {
        run::<2>(&bd, order, limits)
    } else if n <= 256 {
        run::<4>(&bd, order, limits)
    } else {
        return None;
    })
}

fn run<const W: usize>(bd: &Build, order: MoveOrder, limits: Limits) -> (Outcome, u64) {
    let a = bd.b.build::<W>();
    let mut own = Bits::empty();
    let mut oth = Bits::empty();
    for &x in &bd.owner {
        own.set(x as usize);
    }
    for &x in &bd.other {
        oth.set(x as usize);
    }
    let root = a.position(own, oth, Side::Prover);
    let mut game = SGame {
        a,
        c: own,
        order,
        cm: ChainMap::default(),
        scored: Vec::new(),
    };
    let mut s = Dfpn::new(&mut game, limits);
    let o = s.solve(root);
    (o, s.nodes)
}

/// The game: the arena's prover is `o` (who tries to survive), its refuter `p`.
struct SGame<const W: usize> {
    a: crate::arena::Arena<W>,
    /// The stones of `C`: `p` wins when one is captured.
    c: Bits<W>,
    order: MoveOrder,
    cm: ChainMap<W>,
    scored: Vec<(i32, Pos<W>)>,
}

impl<const W: usize> SGame<W> {
    fn moves(&mut self, pos: &Pos<W>, out: &mut Vec<Pos<W>>) {
        let mut cm = std::mem::take(&mut self.cm);
        let mut scored = std::mem::take(&mut self.scored);
        let a = &self.a;
        let free = a.playable.minus(pos.st[0].or(pos.st[1]));
        let c = self.c;
        a.ordered_moves(pos, self.order, &mut cm, &mut scored, out, |cm, x, pl| {
            let mut s = 100 * pl.captured.count() as i32
                + a.contact_weight(pos, cm, x, pos.to_move, Bits::empty());
            // Points where eyes are made or spoiled: many empty neighbours in play.
            s += 2 * a.nbr[x].and(free).count() as i32;
            if a.nbr[x].intersects(&c) {
                s += 4;
            }
            s
        });
        self.cm = cm;
        self.scored = scored;
    }
}

/// A pass: the ban is lifted, and passes never end the game (`need` stays 2), so two passes
/// in a row repeat the situation, which counts for `p`.
fn pass<const W: usize>(pos: &Pos<W>) -> Pos<W> {
    Pos {
        to_move: pos.to_move.opp(),
        ban: NONE,
        need: 2,
        captured: false,
        ..*pos
    }
}

impl<const W: usize> Game for SGame<W> {
    type Node = Pos<W>;
    type Zone = ();

    fn full_zone(&self, _n: &Pos<W>) {}

    fn key(&self, n: &Pos<W>) -> u64 {
        self.a.situation_hash(n)
    }

    fn same_situation(&self, x: &Pos<W>, y: &Pos<W>) -> bool {
        x.same_situation(y)
    }

    fn evaluate(&mut self, pos: &Pos<W>) -> Eval {
        if !self.c.is_subset(&pos.st[0]) {
            return Eval::RefuterWin;
        }
        if !self.a.benson(pos, Side::Prover, Bits::empty()).is_empty() {
            return Eval::ProverWin;
        }
        Eval::Open
    }

    fn expand(&mut self, pos: &Pos<W>, out: &mut Vec<Pos<W>>) -> Kind {
        self.moves(pos, out);
        out.push(pass(pos));
        match pos.to_move {
            Side::Prover => Kind::Or,
            Side::Refuter => Kind::And,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::Board;

    fn real(rows: &[&str]) -> Real {
        Real::new(&Board::from_diagram(rows).unwrap(), &[])
    }

    fn p_regions(r: &Real, p: Color) -> Vec<u32> {
        graph::free_regions(&r.view(p), Side::Prover).id
    }

    fn limits() -> Limits {
        Limits {
            nodes: 200_000,
            max_depth: 200,
            tt_entries: 1 << 18,
        }
    }

    /// The outcome for the (single) group of White in `rows`, tested against Black.
    fn solve(rows: &[&str]) -> Outcome {
        let r = real(rows);
        let gs = groups(&r, Color::Black, &p_regions(&r, Color::Black), 40);
        assert_eq!(gs.len(), 1, "{gs:?}");
        let mut outs = Vec::new();
        for order in [
            MoveOrder::Heuristic,
            MoveOrder::Natural,
            MoveOrder::Reversed,
        ] {
            outs.push(survives(&r, &gs[0], order, limits()).unwrap().0);
        }
        assert!(outs.iter().all(|o| *o == outs[0]), "{outs:?}");
        outs[0]
    }

    #[test]
    fn two_eyes_survive_at_once() {
        assert_eq!(
            solve(&["O.O.OX..", "OOOOOX..", "XXXXXX..", "........"]),
            Outcome::Proved
        );
    }

    #[test]
    fn a_straight_three_with_the_move_lives() {
        // o moves first and plays the middle.
        assert_eq!(
            solve(&["...OX...", "OOOOX...", "XXXXX...", "........"]),
            Outcome::Proved
        );
    }

    #[test]
    fn a_straight_two_dies() {
        assert_eq!(
            solve(&["..OX....", "OOOX....", "XXXX....", "........"]),
            Outcome::Disproved
        );
    }

    #[test]
    fn a_six_point_corner_space_lives() {
        assert_eq!(
            solve(&["......OX", "OOOOOOOX", "XXXXXXXX", "........"]),
            Outcome::Proved
        );
    }

    #[test]
    fn one_eye_and_a_point_next_to_the_wall_die() {
        // c1 touches Black's wall, so it is a wall point of the game: one eye is left.
        assert_eq!(
            solve(&[".O.X....", "OOOX....", "XXXX....", "........"]),
            Outcome::Disproved
        );
    }

    #[test]
    fn regions_outside_the_closure_are_not_used() {
        // White's "eye" at a1 holds a black stone with its own eye-less shape; the region of
        // black stones bb.. lies in the closure (they touch White's region), so it is used.
        let r = real(&["X.XO.", "XXXO.", "OOOO.", "....."]);
        let gs = groups(&r, Color::Black, &p_regions(&r, Color::Black), 40);
        // Black's chain holds an empty point (b1) surrounded by Black only: not in K.
        assert!(gs.iter().all(|g| !g.regions.contains(&1)), "{gs:?}");
    }
}
