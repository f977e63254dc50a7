//! Territory as players count it under territory rules, once the dead stones are known: the
//! empty points of regions that touch one colour's live stones, except the eyes of chains in
//! seki and the points a player must fill before counting (teire).

use crate::position::{EMPTY, Position, color_of};
use crate::verdict::{ChainVerdict, Status};
use rules_core::{Color, PerColor, Point};

/// How territory treats teire points: the points of a player's territory he must fill before
/// counting, once the dame (empty points touching both colours) are filled. Servers count them
/// differently, and their results follow (docs/estimator.md measures each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Teire {
    /// Territory as the board ends, teire points included: OGS.
    AsTerritory,
    /// Left out when the last liberty of one of the player's chains once every dame is
    /// filled by the opponent ([`teire_after_all_dame`]): KGS markup, GNU Go.
    #[default]
    AfterAllDame,
    /// Left out when the opponent's stone on one dame makes it the last liberty of one of the
    /// player's chains ([`teire_after_each_dame`]): Fox, which checks each fill.
    AfterEachDame,
}

/// Each player's territory and the points counted for nobody, for a position whose chains
/// have the verdicts `chains`, teire points treated as `teire` says.
pub(crate) fn territory(
    pos: &Position,
    chains: &[ChainVerdict],
    teire: Teire,
) -> (PerColor<Vec<Point>>, Vec<Point>) {
    let board = after_removal(pos, chains);
    let mut neutral = seki_eyes(pos, chains, &board);
    match teire {
        Teire::AsTerritory => {}
        Teire::AfterAllDame => neutral.extend(teire_after_all_dame(pos, &board)),
        Teire::AfterEachDame => neutral.extend(teire_after_each_dame(pos, &board)),
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
/// count for nobody (Japanese Rules of Go, 1989, article 8: eye points of stones in seki are
/// not territory; KGS counts them so).
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
/// his chains. This is how players mark territory on KGS (measured in docs/estimator.md); a
/// rule that also defends cutting points was tried and lost more games than it won.
fn teire_after_all_dame(pos: &Position, board: &[u8]) -> Vec<Point> {
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
        let unmade: Vec<usize> = dame
            .iter()
            .copied()
            .filter(|&d| first.libs[first.id[d]].len() <= 1)
            .collect();
        for &d in &unmade {
            b[d] = EMPTY;
        }
        let chains = if unmade.is_empty() {
            first
        } else {
            Chains::of(pos, &b)
        };
        for (id, libs) in chains.libs.iter().enumerate() {
            if chains.color[id] == c && libs.len() == 1 {
                out.push(Point::from_index(libs[0]));
            }
        }
    }
    out
}

/// Teire, one dame at a time: a point of a player's territory is his to fill, and so
/// nobody's, when the opponent's stone on one dame (a stone that would not itself stand in
/// atari) leaves one of his chains with that point as its last liberty. Fox counts so: a chain
/// whose second liberty appears only once several dame are filled keeps its point.
fn teire_after_each_dame(pos: &Position, board: &[u8]) -> Vec<Point> {
    let chains = Chains::of(pos, board);
    let mut out = Vec::new();
    for d in (0..board.len()).filter(|&d| board[d] == EMPTY && touches(pos, board, d) == 3) {
        for c in [1u8, 2] {
            // A fill that would stand in atari is not made: the opponent would not play it.
            if chains.fill_liberties(pos, board, d, 3 - c) <= 1 {
                continue;
            }
            for &q in pos.geo.neighbors(d) {
                let q = q as usize;
                if board[q] != c {
                    continue;
                }
                if let &[a, b] = chains.libs[chains.id[q]].as_slice() {
                    let other = if a == d { b } else { a };
                    if touches(pos, board, other) == c {
                        out.push(Point::from_index(other));
                    }
                }
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

    /// The liberties a stone of `color` on the empty point `d` of `b` would have: its empty
    /// neighbours and those of the chains of its colour it joins, `d` itself not counted.
    fn fill_liberties(&self, pos: &Position, b: &[u8], d: usize, color: u8) -> usize {
        let mut libs: Vec<usize> = Vec::new();
        for &q in pos.geo.neighbors(d) {
            let q = q as usize;
            let more: &[usize] = if b[q] == EMPTY {
                std::slice::from_ref(&q)
            } else if b[q] == color {
                &self.libs[self.id[q]]
            } else {
                &[]
            };
            for &l in more {
                if l != d && !libs.contains(&l) {
                    libs.push(l);
                }
            }
        }
        libs.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Basis;
    use pauli_control::{PointControl, Verdict};
    use rules_core::Board;

    /// The territory and neutral points (SGF names) of `rows`, every chain alive except the
    /// one holding the stone `seki` names, which is in seki.
    fn count(rows: &[&str], seki: Option<&str>, teire: Teire) -> (PerColor<String>, String) {
        let board = Board::from_diagram(rows).unwrap();
        let open = PointControl {
            black: Verdict::Undecided,
            white: Verdict::Undecided,
        };
        let pos = Position::new(&board, &vec![open; board.len()]);
        let topo = board.topology();
        let seki = seki.map(|n| topo.parse_sgf(n).unwrap().index() as u16);
        let chains: Vec<ChainVerdict> = pos
            .chains
            .iter()
            .map(|c| ChainVerdict {
                stones: c
                    .stones
                    .iter()
                    .map(|&s| Point::from_index(s as usize))
                    .collect(),
                color: color_of(c.color),
                status: if seki.is_some_and(|s| c.stones.contains(&s)) {
                    Status::Seki
                } else {
                    Status::Alive
                },
                basis: Basis::Estimated,
                confidence: 1.0,
            })
            .collect();
        let (territory, neutral) = territory(&pos, &chains, teire);
        (
            territory.map(|_, t| topo.sgf_names(&t)),
            topo.sgf_names(&neutral),
        )
    }

    /// Black's chain b0-a1-b1 has two liberties: its own point `aa` and the dame `ca`. Once
    /// White fills the dame, Black must fill `aa`: a teire point, nobody's when teire points
    /// are left out (KGS markup, Fox), Black's when counted as territory (OGS).
    #[test]
    fn a_point_a_player_must_fill_once_the_dame_are_filled_is_teire() {
        let rows = [".X.O.", "XXO..", "OOO.."];
        for teire in [Teire::AfterAllDame, Teire::AfterEachDame] {
            let (t, neutral) = count(&rows, None, teire);
            assert_eq!((t[Color::Black].as_str(), neutral.as_str()), ("", "aa"));
        }
        let (t, neutral) = count(&rows, None, Teire::AsTerritory);
        assert_eq!((t[Color::Black].as_str(), neutral.as_str()), ("aa", ""));
    }

    /// The same chain with a second dame, `ac`: only once both are filled is `aa` its last
    /// liberty. Teire after all the dame (KGS); not after any one fill (Fox).
    #[test]
    fn a_point_that_is_the_last_liberty_only_after_two_fills_is_teire_for_kgs_not_fox() {
        let rows = [".X.O.", "XXO..", ".OO..", "OO..."];
        let (t, neutral) = count(&rows, None, Teire::AfterAllDame);
        assert_eq!((t[Color::Black].as_str(), neutral.as_str()), ("", "aa"));
        let (t, neutral) = count(&rows, None, Teire::AfterEachDame);
        assert_eq!((t[Color::Black].as_str(), neutral.as_str()), ("aa", ""));
    }

    /// The same shape, but White's stone filling `ca` would itself have no liberty (Black's
    /// stones surround `cb`): White would not play it, so Black keeps two liberties and `aa`
    /// stays Black's.
    #[test]
    fn a_dame_fill_that_would_stand_in_atari_makes_no_teire() {
        let rows = [".X.X.", "XXOX.", "OOXX.", "....."];
        for teire in [Teire::AfterAllDame, Teire::AfterEachDame] {
            let (t, neutral) = count(&rows, None, teire);
            assert!(t[Color::Black].split(' ').any(|p| p == "aa"), "{t:?}");
            assert!(!neutral.split(' ').any(|p| p == "aa"), "{neutral}");
        }
    }

    /// Japanese Rules of Go (1989), article 8: eye points of stones in seki are not territory.
    /// `aa`, surrounded by Black alone, is Black's while his chain lives, nobody's in seki.
    #[test]
    fn the_eye_of_a_chain_in_seki_counts_for_nobody() {
        let rows = [".XO.", "XXO.", "OOO."];
        let (t, neutral) = count(&rows, None, Teire::AsTerritory);
        assert_eq!((t[Color::Black].as_str(), neutral.as_str()), ("aa", ""));
        let (t, neutral) = count(&rows, Some("ba"), Teire::AsTerritory);
        assert_eq!((t[Color::Black].as_str(), neutral.as_str()), ("", "aa"));
    }
}
