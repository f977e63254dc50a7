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
use crate::arena::{ChainMap, NONE, Pos, Scored, Side};
use crate::bits::{Bits, with_width};
use crate::decomp::{Decomposition, find};
use crate::hgame::{self, HBuild};
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

/// The groups of `p`'s opponent `o`, each inside one region of `p`, from the two players'
/// decompositions (their chains, free regions and adjacency: `p`'s regions are the `K`s,
/// `o`'s are the candidates for `R`). Regions of more than `max_region` points are left out
/// of `R` (their points next to `C` become walls: a pessimistic model, so still sound).
/// Groups without any region are not returned.
pub(crate) fn groups(
    real: &Real,
    p: &Decomposition,
    o: &Decomposition,
    max_region: usize,
) -> Vec<Group> {
    let k_of = |c: u32| p.regions.id[o.chains.members[c as usize][0]];
    let nc = o.chains.members.len();
    let mut parent: Vec<u32> = (0..nc as u32).collect();
    let mut eligible: Vec<(u32, usize)> = Vec::new(); // (a chain, region index)
    for (r, pts) in o.regions.members.iter().enumerate() {
        if pts.len() > max_region || pts.iter().any(|&x| real.perm[x]) {
            continue;
        }
        let bound = &o.region_chains[r];
        let Some(&first) = bound.first() else {
            continue;
        };
        let k = k_of(first);
        if bound.iter().any(|&c| k_of(c) != k) {
            continue;
        }
        // Inside the closure of `K`: an empty point in `K`, a `p` stone in a chain next
        // to `K`.
        let inside = pts.iter().all(|&x| match real.cells[x] {
            None => p.regions.id[x] == k,
            Some(_) => p.chain_regions[p.chains.id[x] as usize].contains(&k),
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
                k: k_of(c),
                stones: Vec::new(),
                regions: Vec::new(),
            });
        }
        out[slot[root]]
            .regions
            .extend(o.regions.members[r].iter().copied());
    }
    for c in 0..nc {
        let s = slot[find(&mut parent, c as u32) as usize];
        if s != usize::MAX {
            out[s].stones.extend(o.chains.members[c].iter().copied());
        }
    }
    for g in &mut out {
        g.stones.sort_unstable();
        g.regions.sort_unstable();
    }
    out
}

/// Plays the survival game of `g` (`o`, the group's owner, to move first); `Proved` means
/// the group survives, so `p` controls no point of its region. `None` when the board does
/// not fit the compact arena. The board is built as `H(o, C ∪ R)`'s ([`hgame::build`]):
/// the points of `C ∪ R` with their contents, every other neighbour a `p` stone with the
/// virtual liberty (`R`'s points touch only `C ∪ R`, so those are the walls next to `C`).
pub(crate) fn survives(
    real: &Real,
    owner: Color,
    g: &Group,
    order: MoveOrder,
    limits: Limits,
) -> Option<(Outcome, u64)> {
    let mut in_s = vec![false; real.len()];
    for &x in g.stones.iter().chain(&g.regions) {
        in_s[x] = true;
    }
    // `R` holds no permanently prohibited point ([`groups`]), so `keep_p` does not matter.
    let hb = hgame::build(real, owner, &in_s, true);
    with_width!(hb.b.len(), run(&hb, order, limits))
}

fn run<const W: usize>(hb: &HBuild, order: MoveOrder, limits: Limits) -> (Outcome, u64) {
    let a = hb.b.build::<W>();
    let mut own = Bits::empty();
    let mut oth = Bits::empty();
    for &x in &hb.prover {
        own.set(x as usize);
    }
    for &x in &hb.refuter {
        oth.set(x as usize);
    }
    let root = a.position(own, oth, Side::Prover);
    let mut game = SGame {
        a,
        c: own,
        order,
        cm: ChainMap::default(),
        scored: Scored::default(),
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
    scored: Scored<W>,
}

impl<const W: usize> SGame<W> {
    fn moves(&mut self, pos: &Pos<W>, out: &mut Vec<Pos<W>>) {
        let mut cm = std::mem::take(&mut self.cm);
        let mut scored = std::mem::take(&mut self.scored);
        let a = &self.a;
        let free = a.playable.minus(pos.st[0].or(pos.st[1]));
        let c = self.c;
        a.ordered_moves(pos, self.order, &mut cm, &mut scored, out, |cm, x, pl| {
            let mut s = 100 * pl.captured.count_few() as i32
                + a.contact_weight(pos, cm, x, pos.to_move, Bits::empty());
            // Points where eyes are made or spoiled: many empty neighbours in play.
            s += 2 * a.nbr[x].and(free).count_few() as i32;
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

    /// White's groups tested against Black.
    fn white_groups(r: &Real) -> Vec<Group> {
        white_groups_up_to(r, 40)
    }

    /// White's groups tested against Black, with regions of at most `max_region` points.
    fn white_groups_up_to(r: &Real, max_region: usize) -> Vec<Group> {
        let decomposition = |c: Color| {
            let mut ctx = crate::control::new_ctx(&crate::Options::default());
            crate::decomp::decompose(&r.view(c), &vec![true; r.len()], true, &mut ctx)
        };
        groups(
            r,
            &decomposition(Color::Black),
            &decomposition(Color::White),
            max_region,
        )
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
        let gs = white_groups(&r);
        assert_eq!(gs.len(), 1, "{gs:?}");
        let mut outs = Vec::new();
        for order in [
            MoveOrder::Heuristic,
            MoveOrder::Natural,
            MoveOrder::Reversed,
        ] {
            outs.push(
                survives(&r, Color::White, &gs[0], order, limits())
                    .unwrap()
                    .0,
            );
        }
        assert!(outs.iter().all(|o| *o == outs[0]), "{outs:?}");
        outs[0]
    }

    #[test]
    fn a_pass_lifts_the_ko_ban_and_the_ko_can_be_connected() {
        // `o` (the arena's prover, X) takes the ko at 5, capturing `p`'s stone on 6 (rule
        // 12). `p` may not retake at once; he passes. A location is prohibited only when it
        // was cleared by a ko capture in the *preceding* turn (rule 9), so now `o` may fill
        // 6 himself and connect the ko; and passes never end this game.
        let (a, start) = crate::arena::tests::grid(&[".OX.", "O.OX", ".OX."]);
        let start = Pos {
            to_move: Side::Prover,
            ..start
        };
        let taken = a.place(&start, 5, Side::Prover).unwrap();
        assert_eq!(taken.captured, Bits::single(6));
        let banned = taken.pos;
        assert_eq!((banned.to_move, banned.ban), (Side::Refuter, 6));
        let passed = pass(&banned);
        assert_eq!(
            passed,
            Pos {
                to_move: Side::Prover,
                ban: NONE,
                need: 2,
                ..banned
            }
        );
        let mut game = SGame {
            a,
            c: start.st[0],
            order: MoveOrder::Natural,
            cm: ChainMap::default(),
            scored: Scored::default(),
        };
        let mut kids = Vec::new();
        // `p` under the ban: no retake on 6, and his pass last.
        assert!(matches!(game.expand(&banned, &mut kids), Kind::And));
        assert!(kids.iter().all(|k| !k.st[1].has(6)));
        assert_eq!(kids.last(), Some(&passed));
        // After the pass: `o` may connect on 6.
        kids.clear();
        assert!(matches!(game.expand(&passed, &mut kids), Kind::Or));
        assert!(kids.iter().any(|k| k.st[0].has(6)));
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
    fn a_seki_is_a_repetition_and_survives_only_beside_an_eye() {
        // White's only region holds three Black stones between two empty points. Whoever
        // fills one of them puts both sides in atari, and the other captures (Black's four
        // stones would leave White a straight four). So both pass, and two passes repeat
        // the situation, which counts for Black (`p`): the group does not survive. With a
        // one-point eye beside it, Benson's test counts the seki's region as vital too
        // (Black can never fill it), and the group is alive at once.
        assert_eq!(
            solve(&[".XXX.OX.", "OOOOOOX.", "XXXXXXX.", "........"]),
            Outcome::Disproved
        );
        assert_eq!(
            solve(&[".XXX.O.O", "OOOOOOOO", "XXXXXXXX", "........"]),
            Outcome::Proved
        );
    }

    #[test]
    fn chains_around_a_common_region_make_one_group() {
        // Four White chains around b2, two of them also around a1: one group, all four
        // chains' stones in it, both regions. (The open area, past 40 points, is no region
        // of the group.)
        let r = real(&[
            ".OX.....", "O.OX....", "XOX.....", "X.......", "........", "........", "........",
        ]);
        let gs = white_groups(&r);
        assert_eq!(gs.len(), 1, "{gs:?}");
        let index = |x: usize, y: usize| y * 8 + x;
        assert_eq!(
            gs[0].stones,
            vec![index(1, 0), index(0, 1), index(2, 1), index(1, 2)]
        );
        assert_eq!(gs[0].regions, vec![index(0, 0), index(1, 1)]);
    }

    #[test]
    fn regions_are_used_up_to_max_region_points_and_without_prohibited_points() {
        // White's three-point region: used up to a limit of three points, not at two; not
        // when one of its points is permanently prohibited (rule 9).
        let rows = ["...OX", "OOOOX", "XXXXX", "....."];
        let region = vec![0, 1, 2];
        let r = real(&rows);
        assert_eq!(white_groups_up_to(&r, 3)[0].regions, region);
        assert!(white_groups_up_to(&r, 2).is_empty());
        let b = Board::from_diagram(&rows).unwrap();
        let prohibited = Real::new(&b, &[b.topology().at(1, 0).unwrap()]);
        assert!(white_groups_up_to(&prohibited, 40).is_empty());
    }

    #[test]
    fn the_heuristic_order_proves_a_corner_with_fewer_nodes() {
        // White's empty 4×2 corner lives; preferring captures, contact, points with empty
        // neighbours and points next to `C` proves it in fewer nodes than point order either
        // way (90 against 120 when written); five of cargo-mutants' eight changes to the weights
        // cost more than 120.
        let r = real(&["....OX", "....OX", "OOOOOX", "XXXXXX", "......"]);
        let gs = white_groups(&r);
        let nodes = |order| {
            let (outcome, nodes) = survives(&r, Color::White, &gs[0], order, limits()).unwrap();
            assert_eq!(outcome, Outcome::Proved, "{order:?}");
            nodes
        };
        let heuristic = nodes(MoveOrder::Heuristic);
        for order in [MoveOrder::Natural, MoveOrder::Reversed] {
            let other = nodes(order);
            assert!(heuristic < other, "{heuristic} against {other} ({order:?})");
        }
    }

    #[test]
    fn regions_outside_the_closure_are_not_used() {
        // The region of Black's chain in the top left (with the empty b1) touches only
        // White's chain, but b1, surrounded by Black alone, is not in White's region of
        // Black (`K`): the region is outside the closure and not part of White's group,
        // while the empty points on the right and below are.
        let r = real(&["X.XO.", "XXXO.", "OOOO.", "....."]);
        let gs = white_groups(&r);
        assert_eq!(gs.len(), 1, "{gs:?}");
        assert!(!gs[0].regions.contains(&1), "{gs:?}");
        assert!(gs[0].regions.contains(&4), "{gs:?}");
    }
}
