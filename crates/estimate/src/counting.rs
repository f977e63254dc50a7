//! Territory as players count it under territory rules, once the dead stones are known: the
//! empty points of regions that touch one colour's live stones, except the eyes of chains in
//! seki and the points a player must fill before counting (teire).

use crate::position::{EMPTY, Position, color_of};
use crate::verdict::{ChainVerdict, Status};
use rules_core::{Color, PerColor, Point};

/// Each player's territory and the points counted for nobody, for a position whose chains
/// have the verdicts `chains`; teire points left out when `leave_out_teire`.
pub(crate) fn territory(
    pos: &Position,
    chains: &[ChainVerdict],
    leave_out_teire: bool,
) -> (PerColor<Vec<Point>>, Vec<Point>) {
    let board = after_removal(pos, chains);
    let mut neutral = seki_eyes(pos, chains, &board);
    if leave_out_teire {
        neutral.extend(teire_points(pos, &board));
    }
    neutral.sort_unstable();
    neutral.dedup();
    let mut out = PerColor::new(Vec::new(), Vec::new());
    for (region, colours, _) in regions(pos, &board) {
        if colours == 1 || colours == 2 {
            let c = color_of(colours);
            out[c].extend(
                region
                    .iter()
                    .map(|&p| Point::from_index(p))
                    .filter(|p| neutral.binary_search(p).is_err()),
            );
        }
    }
    out[Color::Black].sort_unstable();
    out[Color::White].sort_unstable();
    (out, neutral)
}

/// The stones with the dead ones taken off.
fn after_removal(pos: &Position, chains: &[ChainVerdict]) -> Vec<u8> {
    (0..pos.len())
        .map(|p| match pos.chain_at(p) {
            Some(c) if chains[c].status == Status::Dead => EMPTY,
            _ => pos.stones[p],
        })
        .collect()
}

/// The empty regions of `board`, each with the colours of the stones it touches (a bit per
/// colour) and the stones it touches.
fn regions(pos: &Position, board: &[u8]) -> Vec<(Vec<usize>, u8, Vec<usize>)> {
    let mut seen = vec![false; board.len()];
    let mut out = Vec::new();
    for start in 0..board.len() {
        if seen[start] || board[start] != EMPTY {
            continue;
        }
        let (mut region, mut colours, mut touched) = (vec![start], 0u8, Vec::new());
        seen[start] = true;
        let mut i = 0;
        while i < region.len() {
            let p = region[i];
            i += 1;
            for &q in pos.geo.neighbors(p) {
                let q = q as usize;
                if board[q] == EMPTY {
                    if !seen[q] {
                        seen[q] = true;
                        region.push(q);
                    }
                } else {
                    colours |= board[q];
                    touched.push(q);
                }
            }
        }
        out.push((region, colours, touched));
    }
    out
}

/// The regions that touch one colour only, one of whose chains is in seki: its eyes, which
/// count for nobody (Japanese rules; KGS counts them so).
fn seki_eyes(pos: &Position, chains: &[ChainVerdict], board: &[u8]) -> Vec<Point> {
    let mut out = Vec::new();
    for (region, colours, touched) in regions(pos, board) {
        let seki = touched
            .iter()
            .any(|&q| chains[pos.chain_of[q] as usize].status == Status::Seki);
        if seki && (colours == 1 || colours == 2) {
            out.extend(region.iter().map(|&p| Point::from_index(p)));
        }
    }
    out
}

/// Teire: fill every dame (an empty point touching both colours) with the opponent's stones,
/// except where such a stone would itself stand in atari; a point of a player's territory is
/// his to fill before counting, and so nobody's, when it is then the last liberty of one of
/// his chains. This is how players mark territory on KGS
/// (measured in docs/estimator.md); a rule that also defends cutting points was tried and
/// lost more games than it won.
fn teire_points(pos: &Position, board: &[u8]) -> Vec<Point> {
    let n = board.len();
    let dame: Vec<usize> = (0..n)
        .filter(|&p| board[p] == EMPTY && touches(pos, board, p) == 3)
        .collect();
    let mut out = Vec::new();
    for c in [1u8, 2] {
        let mut b = board.to_vec();
        for &d in &dame {
            b[d] = 3 - c;
        }
        // A fill that would stand in atari is not made: the opponent would not play it.
        let first = Chains::of(pos, &b);
        for &d in &dame {
            let k = first.id[d];
            if first.libs[k].len() <= 1 {
                b[d] = EMPTY;
            }
        }
        let chains = Chains::of(pos, &b);
        for (id, libs) in chains.libs.iter().enumerate() {
            if chains.color[id] == c && libs.len() == 1 {
                out.push(Point::from_index(libs[0]));
            }
        }
    }
    out
}

/// The colours of the stones next to `p` (a bit per colour).
fn touches(pos: &Position, board: &[u8], p: usize) -> u8 {
    pos.geo
        .neighbors(p)
        .iter()
        .fold(0, |acc, &q| acc | board[q as usize])
}

/// Chains of an array of stones, with their liberties.
struct Chains {
    /// Per point, its chain (`usize::MAX` for an empty point).
    id: Vec<usize>,
    /// Per chain, its colour and distinct liberties.
    color: Vec<u8>,
    libs: Vec<Vec<usize>>,
}

impl Chains {
    fn of(pos: &Position, b: &[u8]) -> Chains {
        let n = b.len();
        let mut id = vec![usize::MAX; n];
        let (mut color, mut libs) = (Vec::new(), Vec::new());
        for start in 0..n {
            if b[start] == EMPTY || id[start] != usize::MAX {
                continue;
            }
            let k = color.len();
            let mut stack = vec![start];
            let mut l: Vec<usize> = Vec::new();
            id[start] = k;
            while let Some(p) = stack.pop() {
                for &q in pos.geo.neighbors(p) {
                    let q = q as usize;
                    if b[q] == b[start] && id[q] == usize::MAX {
                        id[q] = k;
                        stack.push(q);
                    } else if b[q] == EMPTY && !l.contains(&q) {
                        l.push(q);
                    }
                }
            }
            color.push(b[start]);
            libs.push(l);
        }
        Chains { id, color, libs }
    }
}
