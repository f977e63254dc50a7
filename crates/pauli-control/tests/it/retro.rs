//! An independent check of the solver: rule 14's game `H(p, S)` solved by exhaustive
//! retrograde analysis (every reachable situation enumerated, the prover's attractor computed),
//! written naively and sharing no code with the crate. Repetitions need no special handling
//! here: a situation outside the attractor is exactly one from which the refuter can keep the
//! prover away from a formation for ever (ljr.md §7.4). Only for small sets (`MAX_RETRO_POINTS`).
//!
//! Modelled exactly as the rules say, except that nobody plays on the two new locations
//! (the prover cannot; the refuter's moves there are dominated by a pass, ljr.md §7.2).

use crate::common::*;
use pauli_control::{Budgets, GameOutcome, Options, PointSet, hypothetical_game};
use proptest::prelude::RngCore;
use proptest::test_runner::{RngAlgorithm, TestRng};
use rules_core::{Board, Color};
use std::collections::HashMap;

struct H {
    n: usize,
    nbrs: Vec<Vec<usize>>,
    border: Vec<bool>,
    isolated: Vec<bool>,
}

const EMPTY: u8 = 0;
const PROVER: u8 = 1;
const REFUTER: u8 = 2;
const NOBAN: usize = 31;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct St {
    cells: u64,
    to_move: u8,
    ban: usize,
    need: u8,
}

impl H {
    fn get(&self, c: u64, i: usize) -> u8 {
        (c >> (2 * i) & 3) as u8
    }
    fn set(&self, c: u64, i: usize, v: u8) -> u64 {
        (c & !(3 << (2 * i))) | (u64::from(v) << (2 * i))
    }
    fn chain(&self, c: u64, i: usize) -> Vec<usize> {
        let col = self.get(c, i);
        let mut seen = vec![i];
        let mut k = 0;
        while k < seen.len() {
            let j = seen[k];
            k += 1;
            for &q in &self.nbrs[j] {
                if self.get(c, q) == col && !seen.contains(&q) {
                    seen.push(q);
                }
            }
        }
        seen
    }
    /// Liberties: empty neighbours in S; refuter chains on the border touch the wall, which
    /// always has the new locations as liberties.
    fn has_lib(&self, c: u64, ch: &[usize]) -> bool {
        ch.iter().any(|&j| {
            self.nbrs[j].iter().any(|&q| self.get(c, q) == EMPTY)
                || (self.get(c, j) == REFUTER && self.border[j])
        })
    }
    fn play(&self, c: u64, i: usize, col: u8) -> Option<(u64, usize)> {
        let c1 = self.set(c, i, col);
        let opp = 3 - col;
        let single_nolib = self.nbrs[i]
            .iter()
            .all(|&q| self.get(c1, q) != EMPTY && self.get(c1, q) != col)
            && !(col == REFUTER && self.border[i]);
        let mut cap = Vec::new();
        for &q in &self.nbrs[i] {
            if self.get(c1, q) == opp && !cap.contains(&q) {
                let ch = self.chain(c1, q);
                if !self.has_lib(c1, &ch) {
                    cap.extend(ch);
                }
            }
        }
        let mut c2 = c1;
        for &q in &cap {
            c2 = self.set(c2, q, EMPTY);
        }
        if cap.is_empty() && !self.has_lib(c2, &self.chain(c2, i)) {
            return None;
        }
        let ban = if cap.len() == 1 && single_nolib {
            cap[0]
        } else {
            NOBAN
        };
        Some((c2, ban))
    }
    fn prover_formation(&self, c: u64) -> bool {
        for i in 0..self.n {
            let v = self.get(c, i);
            if v == REFUTER || (self.border[i] && v != PROVER) || self.isolated[i] {
                return false;
            }
            if v == EMPTY && self.nbrs[i].iter().any(|&q| self.get(c, q) == EMPTY) {
                return false;
            }
        }
        for i in 0..self.n {
            if self.get(c, i) == PROVER {
                let ch = self.chain(c, i);
                let mut libs: Vec<usize> = ch
                    .iter()
                    .flat_map(|&j| self.nbrs[j].iter().copied())
                    .filter(|&q| self.get(c, q) == EMPTY)
                    .collect();
                libs.sort_unstable();
                libs.dedup();
                if libs.len() < 2 {
                    return false;
                }
            }
        }
        true
    }
    fn refuter_formation_touches(&self, c: u64) -> bool {
        let mut eyes: Vec<bool> = (0..self.n)
            .map(|i| {
                self.get(c, i) == EMPTY
                    && (self.border[i] || !self.nbrs[i].is_empty())
                    && self.nbrs[i].iter().all(|&q| self.get(c, q) == REFUTER)
            })
            .collect();
        let mut alive: Vec<bool> = (0..self.n).map(|i| self.get(c, i) == REFUTER).collect();
        let pinned: Vec<bool> = (0..self.n)
            .map(|i| self.get(c, i) == REFUTER && self.chain(c, i).iter().any(|&j| self.border[j]))
            .collect();
        loop {
            let mut changed = false;
            for i in 0..self.n {
                if alive[i] && !pinned[i] {
                    let ch = self.chain(c, i);
                    let mut e: Vec<usize> = ch
                        .iter()
                        .flat_map(|&j| self.nbrs[j].iter().copied())
                        .filter(|&q| eyes[q])
                        .collect();
                    e.sort_unstable();
                    e.dedup();
                    if e.len() < 2 {
                        for j in ch {
                            alive[j] = false;
                        }
                        changed = true;
                    }
                }
            }
            for i in 0..self.n {
                if eyes[i] && self.nbrs[i].iter().any(|&q| !alive[q]) {
                    eyes[i] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        (0..self.n).any(|i| alive[i] || eyes[i])
    }
}

/// Which moves the exhaustive analysis lets the prover make.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ProverMoves {
    /// Every legal move: the analysis is exact.
    All,
    /// Never on an empty location all of whose neighbours in `S` are his own stones (filling
    /// his own one-point eye). The prover only loses choices, so a win found this way is a
    /// win of the real game; a loss found this way may not be one (such a move could in
    /// principle serve as a waiting move). It keeps the analysis small once the prover has
    /// eyes: otherwise every line where he fills them and the refuter captures everything
    /// is enumerated too.
    NoOwnEyeFilling,
}

/// The most points of a set [`retro`] takes: two bits a point in a `u64`, and `NOBAN` past
/// every point's index, with room to spare.
const MAX_RETRO_POINTS: usize = 28;

/// Solves `H(prover, S)` exactly (with [`ProverMoves::All`]); `None` if more than `cap`
/// situations, or more than [`MAX_RETRO_POINTS`] points.
pub fn retro(
    b: &Board,
    prover: Color,
    s: &PointSet,
    cap: usize,
    moves: ProverMoves,
) -> Option<bool> {
    let idx: Vec<Option<usize>> = {
        let mut k = 0;
        b.topology()
            .points()
            .map(|p| {
                if s.contains(p) {
                    k += 1;
                    Some(k - 1)
                } else {
                    None
                }
            })
            .collect()
    };
    let spts: Vec<_> = b.topology().points().filter(|&p| s.contains(p)).collect();
    if spts.len() > MAX_RETRO_POINTS {
        return None;
    }
    let h = H {
        n: spts.len(),
        nbrs: spts
            .iter()
            .map(|&p| {
                b.topology()
                    .neighbors(p)
                    .iter()
                    .filter_map(|q| idx[q.index()])
                    .collect()
            })
            .collect(),
        border: spts
            .iter()
            .map(|&p| {
                b.topology()
                    .neighbors(p)
                    .iter()
                    .any(|q| idx[q.index()].is_none())
            })
            .collect(),
        isolated: spts
            .iter()
            .map(|&p| b.topology().neighbors(p).is_empty())
            .collect(),
    };
    let mut c = 0u64;
    for (i, &p) in spts.iter().enumerate() {
        let v = match b.get(p) {
            None => EMPTY,
            Some(x) if x == prover => PROVER,
            Some(_) => REFUTER,
        };
        c = h.set(c, i, v);
    }
    // Setup: stones without liberties go.
    let mut dead = Vec::new();
    for i in 0..h.n {
        if h.get(c, i) != EMPTY && !h.has_lib(c, &h.chain(c, i)) {
            dead.push(i);
        }
    }
    for i in dead {
        c = h.set(c, i, EMPTY);
    }
    let start = St {
        cells: c,
        to_move: REFUTER,
        ban: NOBAN,
        need: 2,
    };
    let mut index: HashMap<St, u32> = HashMap::new();
    let mut states: Vec<St> = vec![start];
    index.insert(start, 0);
    // value: 1 prover win, 2 refuter win (terminal), 0 open
    let mut value: Vec<u8> = Vec::new();
    let mut kids: Vec<Vec<u32>> = Vec::new();
    const END: u32 = u32::MAX;
    let mut k = 0;
    while k < states.len() {
        let s = states[k];
        k += 1;
        let mut v = 0;
        if h.prover_formation(s.cells) {
            v = 1;
        } else if (0..h.n).any(|i| h.border[i] && h.get(s.cells, i) == REFUTER)
            || h.refuter_formation_touches(s.cells)
        {
            v = 2;
        }
        value.push(v);
        let mut ks = Vec::new();
        if v == 0 {
            let mut next = Vec::new();
            for i in 0..h.n {
                let own_eye = s.to_move == PROVER
                    && moves == ProverMoves::NoOwnEyeFilling
                    && h.nbrs[i].iter().all(|&q| h.get(s.cells, q) == PROVER);
                if h.get(s.cells, i) == EMPTY && i != s.ban && !own_eye {
                    if let Some((c2, ban)) = h.play(s.cells, i, s.to_move) {
                        next.push(St {
                            cells: c2,
                            to_move: 3 - s.to_move,
                            ban,
                            need: 2,
                        });
                    }
                }
            }
            // A pass; with need 1 (and no ban) it ends the game without a formation.
            if s.need == 1 && s.ban == NOBAN {
                ks.push(END);
            } else {
                next.push(St {
                    cells: s.cells,
                    to_move: 3 - s.to_move,
                    ban: NOBAN,
                    need: if s.ban == NOBAN { 1 } else { 2 },
                });
            }
            for t in next {
                let id = *index.entry(t).or_insert_with(|| {
                    states.push(t);
                    (states.len() - 1) as u32
                });
                ks.push(id);
            }
            if states.len() > cap {
                return None;
            }
        }
        kids.push(ks);
    }
    // The attractor of the prover's wins, by counting: a prover-to-move situation is won
    // once one child is, a refuter-to-move one once all are (an ending pass never is).
    let n = states.len();
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut remaining: Vec<u32> = vec![0; n];
    for (i, ks) in kids.iter().enumerate() {
        for &c in ks {
            if c != END {
                parents[c as usize].push(i as u32);
            }
        }
        remaining[i] = ks.len() as u32;
    }
    let mut win: Vec<bool> = value.iter().map(|&v| v == 1).collect();
    let mut queue: Vec<u32> = (0..n as u32).filter(|&i| win[i as usize]).collect();
    while let Some(c) = queue.pop() {
        for &p in &parents[c as usize] {
            let p = p as usize;
            if win[p] || value[p] != 0 {
                continue;
            }
            remaining[p] -= 1;
            if states[p].to_move == PROVER || remaining[p] == 0 {
                win[p] = true;
                queue.push(p as u32);
            }
        }
    }
    Some(win[0])
}

fn compare(rows: &[&str], prover: Color, set: Option<&str>) {
    let b = board(rows);
    let s = match set {
        Some(list) => PointSet::from_points(b.len(), pts(&b, list)),
        None => PointSet::from_points(b.len(), b.topology().points()),
    };
    let Some(exact) = retro(&b, prover, &s, 40_000_000, ProverMoves::All) else {
        println!("{rows:?} {prover:?} {set:?}: skipped, more than 40 million situations");
        return;
    };
    let (ours, nodes) = hypothetical_game(&b, &[], prover, &s, &Options::default()).unwrap();
    let ours = match ours {
        GameOutcome::ProverWins => true,
        GameOutcome::RefuterWins => false,
        other => panic!("solver undecided: {other:?}"),
    };
    println!("{rows:?} {prover:?} {set:?}: exact {exact}, solver {ours} ({nodes} nodes)");
    assert_eq!(exact, ours, "{rows:?} {prover:?} {set:?}");
}

#[test]
#[ignore = "exhaustive; run with --release --ignored"]
fn retrograde_agrees_with_the_solver() {
    // LJR-10's two sets.
    let ljr10 = [".X.XO", "XXXXO", "OOOOO", ".....", "....."];
    compare(&ljr10, Color::Black, Some("aa ba da ab bb cb db"));
    compare(&ljr10, Color::Black, Some("aa ba ca da ab bb cb db"));
    // LJR-16: Black's wall and the two columns with the white stone.
    let ljr16 = ["..XO.", ".OXO.", "..XO.", "..XO.", "..XO."];
    compare(
        &ljr16,
        Color::Black,
        Some("aa ba ca ab bb cb ac bc cc ad bd cd ae be ce"),
    );
    // Small enclosed shapes.
    compare(&["..X", "..X", "XXX"], Color::Black, None);
    compare(&["...", "...", "..."], Color::Black, None);
    // A two-point eye and a one-point eye: alive.
    compare(&["..X.X", "XXXXX"], Color::Black, None);
    // The unfilled ko of cases.rs: Black's corner with the ko at ca/da.
    let ko = [".X.XO.", "..XO.O", "..XO..", "XXXO..", "..XO.."];
    compare(
        &ko,
        Color::Black,
        Some("aa ba ca da ab bb cb ac bc cc ad bd cd ae be ce"),
    );
    // Filled, the same corner is Black's.
    let filled = [".XXXO.", "..XO.O", "..XO..", "XXXO..", "..XO.."];
    compare(
        &filled,
        Color::Black,
        Some("aa ba ca da ab bb cb ac bc cc ad bd cd ae be ce"),
    );
    // White's dead stone inside a small territory of Black's, with Black's two eyes.
    let dead = ["..X.X", ".OXXX", "XXX.."];
    compare(&dead, Color::Black, None);
    // The group of KGS 2017-02-15-11 the players agreed was dead: it lives.
    let alive = crate::cases::AGREED_DEAD_BUT_ALIVE;
    compare(
        &alive,
        Color::White,
        Some("ea fa ga ha db eb fb gb cc dc ec fc gc dd ed fd gd ce de ee ge"),
    );
    // LJR-11's seki, one of Black's candidate sets.
    let ljr11 = [".X.O.OX.", "XXXOOOXX", "OOOXXXXX", ".O.OX.XX", "OOOOXXXX"];
    compare(&ljr11, Color::Black, Some("aa ba ab bb cb"));
}

#[test]
#[ignore = "exhaustive, large; run with --release --ignored"]
fn retrograde_bent_four() {
    let ljr12 = [".X.OX.", ".OOOXX", "OOXXX.", "XXXXXX"];
    compare(&ljr12, Color::Black, None);
}

/// proptest's deterministic generator, seeded, so that a failing case replays from its seed.
struct Rng(TestRng);

impl Rng {
    fn seeded(seed: u64) -> Rng {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        Rng(TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n
    }
}

/// What a differential run saw: sets whose verdict the exhaustive analysis confirmed, sets
/// too large for it, and proved sets it could neither confirm nor refute (lost without eye
/// filling, too large with it).
#[derive(Default, Debug)]
struct Tally {
    proved: usize,
    refuted: usize,
    skipped: usize,
    inconclusive: usize,
    /// Findings refuted by an opposing group's survival game (their sets are checked too).
    survival: usize,
}

/// Checks the solver's verdict on `H(player, set)` against the exhaustive analysis: first
/// without the prover's own eye filling (small), and where that loses a set the solver
/// proves, with every move (exact). Fails only on a certain disagreement.
fn check_set(
    b: &Board,
    player: Color,
    set: &PointSet,
    solver: bool,
    cap: usize,
    tally: &mut Tally,
) {
    let show = std::env::var("RETRO_SHOW").is_ok();
    let at = || format!("H({player:?}, {:?})\n{b:?}", set.iter().collect::<Vec<_>>());
    match retro(b, player, set, cap, ProverMoves::NoOwnEyeFilling) {
        None => {
            tally.skipped += 1;
            if show {
                println!("skipped: {player:?} set of {} points", set.len());
            }
        }
        Some(true) => {
            assert!(solver, "the solver refutes a set the prover wins: {}", at());
            tally.proved += 1;
        }
        Some(false) if !solver => tally.refuted += 1,
        Some(false) => match retro(b, player, set, cap, ProverMoves::All) {
            Some(exact) => {
                assert!(exact, "the solver proves a set the prover loses: {}", at());
                println!("won only by filling an own eye: {}", at());
                tally.proved += 1;
            }
            None => {
                println!("inconclusive: {}", at());
                tally.inconclusive += 1;
            }
        },
    }
}

/// Compares, on one position, every set the solver claims won (`analyze`: the decomposition
/// with its local games and static wins, or the whole-game search) and every smallest
/// bordered set that `hypothetical_game` decides, with the exhaustive analysis.
fn differential(b: &Board, cap: usize, max_set: usize, tally: &mut Tally) {
    differential_with(b, &Options::default(), cap, max_set, tally);
}

/// [`differential`] with the analysis run with `options`.
fn differential_with(b: &Board, options: &Options, cap: usize, max_set: usize, tally: &mut Tally) {
    let m = pauli_control::analyze(b, &[], options).unwrap();
    for f in &m.findings {
        if f.verdict == pauli_control::Verdict::Controls && f.set.len() <= max_set {
            let set = PointSet::from_points(b.len(), f.set.iter().copied());
            check_set(b, f.player, &set, true, cap, tally);
        }
    }
    // Survival refutations (one opposing group kept on the board for ever): the smallest
    // bordered set around each refuted location, and the largest extension, must be lost.
    for f in &m.findings {
        if f.reason == pauli_control::Reason::OpponentSurvives {
            tally.survival += 1;
            let mut seen: Vec<PointSet> = Vec::new();
            for &p in &f.points {
                let set = pauli_control::smallest_bordered_set(b, f.player, p);
                if set.len() <= max_set && !set.is_empty() && !seen.contains(&set) {
                    check_set(b, f.player, &set, false, cap, tally);
                    seen.push(set);
                }
            }
            // The largest extension: every location without the player's stone with its
            // smallest bordered set (a union of bordered sets is bordered).
            let all = PointSet::from_points(
                b.len(),
                b.topology()
                    .points()
                    .filter(|&q| b.get(q) != Some(f.player))
                    .flat_map(|q| {
                        pauli_control::smallest_bordered_set(b, f.player, q)
                            .iter()
                            .collect::<Vec<_>>()
                    }),
            );
            if all.len() <= max_set && !seen.contains(&all) {
                check_set(b, f.player, &all, false, cap, tally);
            }
        }
    }
    for c in Color::BOTH {
        let mut seen: Vec<PointSet> = Vec::new();
        for p in b.topology().points() {
            if b.get(p) == Some(c) {
                continue;
            }
            let set = pauli_control::smallest_bordered_set(b, c, p);
            if set.len() > max_set || set.is_empty() || seen.contains(&set) {
                continue;
            }
            seen.push(set.clone());
            match hypothetical_game(b, &[], c, &set, options).unwrap().0 {
                GameOutcome::ProverWins => check_set(b, c, &set, true, cap, tally),
                GameOutcome::RefuterWins => check_set(b, c, &set, false, cap, tally),
                _ => {}
            }
        }
    }
    if std::env::var("RETRO_SHOW").is_ok() {
        println!("{b:?}\n{}", crate::common::picture(b, &m));
    }
}

/// Any colouring, mostly one colour with some of the other (a territory with dead stones, or
/// the reverse).
fn random_cells(rng: &mut Rng, n: usize) -> Vec<u8> {
    let weights: [u8; 6] = if rng.below(2) == 0 {
        [0, 0, 1, 2, 2, 2]
    } else {
        [0, 0, 0, 1, 1, 2]
    };
    (0..n).map(|_| weights[rng.below(6) as usize]).collect()
}

/// A Black wall around the top left corner (`a` × `b` points inside), and inside mostly
/// empty points with some stones of either colour: the territories the decomposition, the
/// local games and their static wins are made for. Outside the wall either White (the wall
/// must find its eyes in the corner) or Black with up to two one-point eyes (the corner may
/// only have to be won).
fn territory_cells(rng: &mut Rng, w: usize, h: usize) -> Vec<u8> {
    let a = 2 + rng.below(w as u64 - 2) as usize;
    let b = 2 + rng.below(h as u64 - 2) as usize;
    let frame = rng.below(3) != 0;
    let mut cells = vec![0u8; w * h];
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            cells[i] = if x < a && y < b {
                [0, 0, 0, 0, 0, 0, 1, 2][rng.below(8) as usize]
            } else if (x <= a && y <= b) || frame {
                1
            } else if rng.below(4) == 0 {
                0
            } else {
                2
            };
        }
    }
    if frame {
        // Two eyes of Black's own outside the corner, not next to each other.
        let outside: Vec<usize> = (0..w * h).filter(|&i| i % w > a || i / w > b).collect();
        for _ in 0..2 {
            if outside.is_empty() {
                break;
            }
            let i = outside[rng.below(outside.len() as u64) as usize];
            let free = |j: usize| cells[j] == 1;
            let next_to_eye = (i % w > 0 && !free(i - 1))
                || (i % w + 1 < w && !free(i + 1))
                || (i >= w && !free(i - w))
                || (i + w < w * h && !free(i + w));
            if !next_to_eye {
                cells[i] = 0;
            }
        }
    }
    cells
}

/// A `(w - 2)` × `(h - 2)` corner at the top left with random contents, inside a Black group
/// with two one-point eyes of its own in the last column: the corner only has to be won, and
/// the group cannot be captured, so the exhaustive analysis stays small.
fn framed_corner(rng: &mut Rng, w: usize, h: usize) -> Vec<u8> {
    let mut cells = vec![1u8; w * h];
    for y in 0..h - 2 {
        for x in 0..w - 2 {
            cells[y * w + x] = [0, 0, 0, 0, 1, 2][rng.below(6) as usize];
        }
    }
    cells[w - 1] = 0;
    cells[(h - 2) * w + w - 1] = 0;
    cells
}

/// Random positions checked against the retrograde analysis (`differential`). A few small
/// boards here; `RETRO_CASES=n` (and `--ignored`, in release) runs `n` larger ones.
#[test]
fn random_positions_agree_with_retrograde() {
    let mut tally = Tally::default();
    let mut rng = Rng::seeded(1);
    for case in 0..16 {
        let (w, h) = if case % 2 == 0 { (5, 4) } else { (6, 4) };
        let cells = framed_corner(&mut rng, w, h);
        differential(
            &crate::common::position(w, h, &cells),
            300_000,
            24,
            &mut tally,
        );
    }
    println!("{tally:?}");
    assert!(tally.proved > 0 && tally.refuted > 0, "{tally:?}");
}

/// Survival refutations (`Reason::OpponentSurvives`) on small random positions: the
/// smallest bordered set around every location they refute, and the union of all smallest
/// bordered sets, are lost in the exhaustive analysis too. The other searches get almost
/// no nodes, so that survival games are also played where the player's control is real but
/// not proved otherwise.
#[test]
fn survival_refutations_agree_with_retrograde() {
    let options = Options::with_budgets(Budgets {
        local_nodes: 1,
        search_nodes: 1,
        position_nodes: 10_000_000,
        survival_nodes: 100_000,
        ..Budgets::default()
    });
    let mut tally = Tally::default();
    // White's group in Black's corner has one eye and dies: a wrong survival claim here
    // would refute Black's control of a set the exhaustive analysis proves Black wins.
    #[rustfmt::skip]
    let one_eye: [u8; 16] = [
        0, 2, 0, 1,
        2, 2, 2, 1,
        1, 1, 1, 1,
        0, 1, 0, 1,
    ];
    differential_with(
        &crate::common::position(4, 4, &one_eye),
        &options,
        4_000_000,
        24,
        &mut tally,
    );
    for case in 0..40u64 {
        let mut rng = Rng::seeded(0x5u64.wrapping_mul(1_000_003).wrapping_add(case));
        let (w, h) = [(5, 4), (6, 4)][rng.below(2) as usize];
        let cells = if case % 2 == 0 {
            framed_corner(&mut rng, w, h)
        } else {
            random_cells(&mut rng, w * h)
        };
        differential_with(
            &crate::common::position(w, h, &cells),
            &options,
            300_000,
            24,
            &mut tally,
        );
    }
    println!("{tally:?}");
    assert!(tally.survival > 0, "{tally:?}");
}

#[test]
#[ignore = "exhaustive; run with --release --ignored"]
fn many_random_positions_agree_with_retrograde() {
    let cases: u64 = std::env::var("RETRO_CASES")
        .map(|s| s.parse().unwrap())
        .unwrap_or(200);
    let seed: u64 = std::env::var("RETRO_SEED")
        .map(|s| s.parse().unwrap())
        .unwrap_or(7);
    let mut tally = Tally::default();
    for case in 0..cases {
        let mut rng = Rng::seeded(seed.wrapping_mul(1_000_003).wrapping_add(case));
        let (w, h) = [(4, 4), (5, 4), (6, 4), (5, 5), (7, 4), (6, 5)][rng.below(6) as usize];
        let cells = match rng.below(3) {
            0 => random_cells(&mut rng, w * h),
            1 => territory_cells(&mut rng, w, h),
            _ => framed_corner(&mut rng, w, h),
        };
        let b = crate::common::position(w, h, &cells);
        let before = tally.proved + tally.refuted;
        differential(&b, 500_000, 24, &mut tally);
        if case % 10 == 0 {
            println!(
                "case {case}: {tally:?} (+{})",
                tally.proved + tally.refuted - before
            );
        }
    }
    println!("{tally:?}");
}

/// One set of a recorded game's final position against the exhaustive analysis:
/// `GAME=path SET="ai bi …" PLAYER=b|w`, with the solver's answer at the thorough budgets
/// beside it. For looking at a verdict of the corpus that needs checking by a second method
/// (`explore_one_record` in explore.rs shows the findings and their sets).
#[test]
#[ignore = "exploration; run with --release --ignored --nocapture"]
fn retrograde_on_a_recorded_position() {
    let (Ok(game), Ok(set)) = (std::env::var("GAME"), std::env::var("SET")) else {
        return;
    };
    let prover = match std::env::var("PLAYER").as_deref() {
        Ok("w") => Color::White,
        _ => Color::Black,
    };
    let b = final_position(&game);
    let s = PointSet::from_points(b.len(), pts(&b, &set));
    let exact = retro(&b, prover, &s, 40_000_000, ProverMoves::All);
    let (ours, nodes) = hypothetical_game(
        &b,
        &[],
        prover,
        &s,
        &Options::with_budgets(Budgets::thorough()),
    )
    .unwrap();
    println!("exact {exact:?}, solver {ours:?} ({nodes} nodes)");
}
