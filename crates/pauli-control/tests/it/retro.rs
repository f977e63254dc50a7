//! An independent check of the solver: rule 14's game `H(p, S)` solved by exhaustive
//! retrograde analysis (every reachable situation enumerated, the prover's attractor computed),
//! written naively and sharing no code with the crate. Repetitions need no special handling
//! here: a situation outside the attractor is exactly one from which the refuter can keep the
//! prover away from a formation for ever (ljr.md §7.4). Only for small sets (≤ 28 points).
//!
//! Modelled exactly as the rules say, except that nobody plays on the two new locations
//! (the prover cannot; the refuter's moves there are dominated by a pass, ljr.md §7.2).

use crate::common::*;
use pauli_control::{GameOutcome, Options, PointSet, hypothetical_game};
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

/// Solves `H(prover, S)` exactly; `None` if more than `cap` situations.
pub fn retro(b: &Board, prover: Color, s: &PointSet, cap: usize) -> Option<bool> {
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
    assert!(spts.len() <= 28);
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
                if h.get(s.cells, i) == EMPTY && i != s.ban {
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
    // The attractor of the prover's wins.
    let mut win: Vec<bool> = value.iter().map(|&v| v == 1).collect();
    loop {
        let mut changed = false;
        for i in 0..states.len() {
            if win[i] || value[i] != 0 {
                continue;
            }
            let ok = |&c: &u32| c != END && win[c as usize];
            let w = if states[i].to_move == PROVER {
                kids[i].iter().any(ok)
            } else {
                kids[i].iter().all(ok)
            };
            if w {
                win[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
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
    let Some(exact) = retro(&b, prover, &s, 40_000_000) else {
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
