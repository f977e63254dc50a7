//! Rules 13, 15 and 16 on a real position: bordered sets, the smallest bordered set of a
//! player containing a location, the two-eye formation and the maximal formation.

use crate::arena::Side;
use crate::graph;
use crate::real::Real;
use rules_core::{Board, Color, Point};
use std::fmt;

/// A set of locations of one board (a bitset over its points).
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct PointSet {
    bits: Vec<u64>,
    capacity: usize,
}

impl PointSet {
    /// An empty set for a board of `board_len` points.
    #[must_use]
    pub fn new(board_len: usize) -> PointSet {
        PointSet {
            bits: vec![0; board_len.div_ceil(64)],
            capacity: board_len,
        }
    }

    /// The set of the given points.
    pub fn from_points(board_len: usize, points: impl IntoIterator<Item = Point>) -> PointSet {
        let mut s = PointSet::new(board_len);
        for p in points {
            s.insert(p);
        }
        s
    }

    /// Adds `p`; returns whether it was new.
    ///
    /// # Panics
    /// If `p` is not a point of the board the set was made for.
    pub fn insert(&mut self, p: Point) -> bool {
        let i = p.index();
        assert!(i < self.capacity, "point {p} is off this board");
        let had = self.contains(p);
        self.bits[i / 64] |= 1 << (i % 64);
        !had
    }

    /// Removes `p`; returns whether it was there.
    pub fn remove(&mut self, p: Point) -> bool {
        let had = self.contains(p);
        if had {
            self.bits[p.index() / 64] &= !(1 << (p.index() % 64));
        }
        had
    }

    /// Whether `p` is in the set.
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        let i = p.index();
        i < self.capacity && self.bits[i / 64] >> (i % 64) & 1 == 1
    }

    /// Number of points in the set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// Number of points of the board the set belongs to.
    #[must_use]
    pub fn board_len(&self) -> usize {
        self.capacity
    }

    /// The points, in index order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.capacity)
            .filter(|&i| self.bits[i / 64] >> (i % 64) & 1 == 1)
            .map(Point::from_index)
    }

    /// The points as a vector, in index order.
    #[must_use]
    pub fn to_vec(&self) -> Vec<Point> {
        self.iter().collect()
    }

    /// Adds every point of `other`.
    pub fn union_with(&mut self, other: &PointSet) {
        for (a, b) in self.bits.iter_mut().zip(&other.bits) {
            *a |= b;
        }
    }

    /// Whether every point of `self` is in `other`.
    #[must_use]
    pub fn is_subset(&self, other: &PointSet) -> bool {
        self.bits
            .iter()
            .zip(other.bits.iter().chain(std::iter::repeat(&0)))
            .all(|(a, b)| a & !b == 0)
    }

    pub(crate) fn as_bools(&self) -> Vec<bool> {
        (0..self.capacity)
            .map(|i| self.bits[i / 64] >> (i % 64) & 1 == 1)
            .collect()
    }

    pub(crate) fn from_bools(v: &[bool]) -> PointSet {
        let mut s = PointSet::new(v.len());
        for (i, &b) in v.iter().enumerate() {
            if b {
                s.bits[i / 64] |= 1 << (i % 64);
            }
        }
        s
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|p| p.index()))
            .finish()
    }
}

/// Rule 15: `player` has *bordered* `set` if every location of the set with a neighbour
/// outside it holds one of his stones, and every location outside with a neighbour inside
/// does not.
#[must_use]
pub fn is_bordered(board: &Board, player: Color, set: &PointSet) -> bool {
    let topo = board.topology();
    for p in set.iter() {
        for &q in topo.neighbors(p) {
            if !set.contains(q) && (board.get(p) != Some(player) || board.get(q) == Some(player)) {
                return false;
            }
        }
    }
    true
}

/// Rule 17's "smallest bordered set that includes" a location (ljr.md §6.2): the chain of `at`
/// if it holds a stone of `player`; otherwise the connected set of locations without his
/// stones around `at`, plus every chain of his next to it. (Unique: bordered sets are closed
/// under intersection.)
#[must_use]
pub fn smallest_bordered_set(board: &Board, player: Color, at: Point) -> PointSet {
    let real = Real::new(board, &[]);
    PointSet::from_bools(&smallest_bordered(&real, player, at.index()))
}

pub(crate) fn smallest_bordered(real: &Real, player: Color, at: usize) -> Vec<bool> {
    let n = real.len();
    let mut in_set = vec![false; n];
    let mut stack = vec![at];
    in_set[at] = true;
    if real.cells[at] == Some(player) {
        while let Some(p) = stack.pop() {
            for q in real.nbrs(p) {
                if !in_set[q] && real.cells[q] == Some(player) {
                    in_set[q] = true;
                    stack.push(q);
                }
            }
        }
        return in_set;
    }
    let mut region = Vec::new();
    while let Some(p) = stack.pop() {
        region.push(p);
        for q in real.nbrs(p) {
            if !in_set[q] && real.cells[q] != Some(player) {
                in_set[q] = true;
                stack.push(q);
            }
        }
    }
    // Every chain of the player next to the region.
    for p in region {
        for q in real.nbrs(p) {
            if !in_set[q] && real.cells[q] == Some(player) {
                in_set[q] = true;
                let mut st = vec![q];
                while let Some(s) = st.pop() {
                    for t in real.nbrs(s) {
                        if !in_set[t] && real.cells[t] == Some(player) {
                            in_set[t] = true;
                            st.push(t);
                        }
                    }
                }
            }
        }
    }
    in_set
}

/// Why a set is not a two-eye formation (rule 16), naming a location that shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NotFormation {
    /// The set is empty.
    #[error("the set is empty")]
    Empty,
    /// A stone of the opponent sits in the set.
    #[error("an opposing stone sits on {0}")]
    OpposingStone(Point),
    /// The set is not bordered by the player (rule 15) at this location.
    #[error("the set is not bordered at {0}")]
    NotBordered(Point),
    /// A location of the set has no neighbour at all.
    #[error("{0} has no neighbour")]
    NoNeighbour(Point),
    /// An empty location of the set (an eye) has an empty neighbour.
    #[error("the empty location {0} has an empty neighbour")]
    EyeWithEmptyNeighbour(Point),
    /// The chain through this stone has fewer than two liberties inside the set.
    #[error("the chain through {0} has fewer than two liberties in the set")]
    TooFewLiberties(Point),
}

/// Rule 16: checks that `player` has built a two-eye formation on `set`.
pub fn check_formation(board: &Board, player: Color, set: &PointSet) -> Result<(), NotFormation> {
    if set.is_empty() {
        return Err(NotFormation::Empty);
    }
    let topo = board.topology();
    for p in set.iter() {
        match board.get(p) {
            Some(c) if c != player => return Err(NotFormation::OpposingStone(p)),
            _ => {}
        }
    }
    for p in set.iter() {
        for &q in topo.neighbors(p) {
            if !set.contains(q) && (board.get(p) != Some(player) || board.get(q) == Some(player)) {
                return Err(NotFormation::NotBordered(p));
            }
        }
    }
    for p in set.iter() {
        if topo.neighbors(p).is_empty() {
            return Err(NotFormation::NoNeighbour(p));
        }
        if board.is_empty_at(p) && topo.neighbors(p).iter().any(|&q| board.is_empty_at(q)) {
            return Err(NotFormation::EyeWithEmptyNeighbour(p));
        }
    }
    for p in set.iter() {
        if board.get(p) == Some(player) {
            let mut libs: Vec<Point> = board
                .liberties(p)
                .into_iter()
                .filter(|&l| set.contains(l))
                .collect();
            libs.dedup();
            if libs.len() < 2 {
                return Err(NotFormation::TooFewLiberties(p));
            }
        }
    }
    Ok(())
}

/// Rule 16 as a yes/no question.
#[must_use]
pub fn is_two_eye_formation(board: &Board, player: Color, set: &PointSet) -> bool {
    check_formation(board, player, set).is_ok()
}

/// The maximal two-eye formation of `player` (ljr.md §6.3): a formation (possibly empty)
/// containing every formation of his on the board.
#[must_use]
pub fn maximal_formation(board: &Board, player: Color) -> PointSet {
    let real = Real::new(board, &[]);
    let view = real.view(player);
    let ch = graph::chains(&view, Side::Prover);
    PointSet::from_bools(&graph::max_formation(&view, Side::Prover, &ch, &[]))
}

/// Rule 13: whether `from` contacts `to` — starting at `from` and stepping any number of
/// times to a neighbour in the same state (empty, or the same colour), one reaches a location
/// next to `to`.
#[must_use]
pub fn contacts(board: &Board, from: Point, to: Point) -> bool {
    let topo = board.topology();
    let state = board.get(from);
    let mut seen = vec![false; board.len()];
    let mut stack = vec![from];
    seen[from.index()] = true;
    while let Some(p) = stack.pop() {
        if topo.neighbors(p).contains(&to) {
            return true;
        }
        for &q in topo.neighbors(p) {
            if !seen[q.index()] && board.get(q) == state {
                seen[q.index()] = true;
                stack.push(q);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(i: usize) -> Point {
        Point::from_index(i)
    }

    #[test]
    fn a_point_set_inserts_removes_and_answers_across_words() {
        let mut s = PointSet::new(130);
        assert!(s.is_empty() && s.board_len() == 130);
        assert_eq!(s.len(), 0);
        for i in [0, 63, 64, 70, 129] {
            assert!(s.insert(pt(i)), "{i} is new");
            assert!(!s.insert(pt(i)), "{i} is there already");
        }
        assert_eq!(s.len(), 5);
        assert!(!s.is_empty());
        assert_eq!(s.to_vec(), [0, 63, 64, 70, 129].map(pt));
        assert_eq!(format!("{s:?}"), "{0, 63, 64, 70, 129}");
        // Removing one point leaves its neighbours in the same word alone.
        assert!(s.remove(pt(64)));
        assert!(!s.remove(pt(64)));
        assert!(!s.remove(pt(65)));
        assert_eq!(s.to_vec(), [0, 63, 70, 129].map(pt));
        for i in [63, 129, 0, 70] {
            assert!(s.contains(pt(i)));
            assert!(s.remove(pt(i)));
            assert!(!s.contains(pt(i)));
        }
        assert!(s.is_empty() && s.to_vec().is_empty());
        assert_eq!(s.len(), 0);
        // A point past the board is in no set, even where the last word has room for it, and
        // removing it does nothing.
        let full = PointSet::from_bools(&[true; 64]);
        assert!(!full.contains(pt(64)) && !full.contains(pt(200)));
        let mut s = PointSet::from_points(10, [pt(9)]);
        assert!(!s.contains(pt(10)) && !s.remove(pt(10)));
        assert_eq!(s.len(), 1);
    }

    #[test]
    #[should_panic(expected = "off this board")]
    fn inserting_a_point_off_the_board_panics() {
        PointSet::new(9).insert(pt(9));
    }

    #[test]
    fn union_subset_and_the_bool_form() {
        let a = PointSet::from_points(100, [1, 65, 99].map(pt));
        let mut b = PointSet::from_points(100, [2, 65].map(pt));
        assert!(!a.is_subset(&b) && !b.is_subset(&a));
        b.union_with(&a);
        assert_eq!(b.to_vec(), [1, 2, 65, 99].map(pt));
        assert!(a.is_subset(&b) && b.is_subset(&b) && !b.is_subset(&a));
        assert!(PointSet::new(100).is_subset(&a));
        // A set of a smaller board against a larger one: the missing words are empty.
        assert!(PointSet::from_points(10, [pt(1)]).is_subset(&a));
        assert!(!a.is_subset(&PointSet::from_points(10, [pt(1)])));
        let bools = b.as_bools();
        assert_eq!(bools.len(), 100);
        assert_eq!(
            bools
                .iter()
                .enumerate()
                .filter(|(_, x)| **x)
                .map(|(i, _)| i)
                .collect::<Vec<_>>(),
            [1, 2, 65, 99]
        );
        assert_eq!(PointSet::from_bools(&bools), b);
    }

    /// Rule 15 both ways: each location of the set with a neighbour outside must hold the
    /// player's stone, and no location outside next to the set may.
    #[test]
    fn bordered_sets_by_rule_15() {
        let board = Board::from_diagram(&[".X.O.", "XX.OO", ".X.O."]).unwrap();
        let t = board.topology();
        let set = |pts: &[(usize, usize)]| {
            PointSet::from_points(board.len(), pts.iter().map(|&(x, y)| t.at(x, y).unwrap()))
        };
        let corner = set(&[(0, 0), (1, 0), (0, 1), (1, 1), (1, 2), (0, 2)]);
        assert!(is_bordered(&board, Color::Black, &corner));
        assert!(!is_bordered(&board, Color::White, &corner));
        // The smallest bordered set around the empty corner: that point and the chain
        // around it, without the other eye.
        let smallest = set(&[(0, 0), (1, 0), (0, 1), (1, 1), (1, 2)]);
        assert!(is_bordered(&board, Color::Black, &smallest));
        assert_eq!(
            smallest_bordered_set(&board, Color::Black, t.at(0, 0).unwrap()),
            smallest
        );
        // An empty location of the set next to the outside.
        let open = set(&[(0, 0), (1, 0), (2, 0)]);
        assert!(!is_bordered(&board, Color::Black, &open));
        // The player's own stone outside next to the set (the set holds only his stones at
        // its edge).
        let part = set(&[(1, 0)]);
        assert!(!is_bordered(&board, Color::Black, &part));
        // Rule 16 names the location.
        assert_eq!(
            check_formation(&board, Color::Black, &part),
            Err(NotFormation::NotBordered(t.at(1, 0).unwrap()))
        );
        // The whole board has no outside: bordered by both.
        let all = PointSet::from_points(board.len(), t.points());
        assert!(is_bordered(&board, Color::Black, &all) && is_bordered(&board, Color::White, &all));
    }

    /// Rule 16 on a living group and the maximal formation (ljr.md §6.3); rule 13's
    /// "contacts" from a stone (through its chain) and from an empty location (through its
    /// empty region).
    #[test]
    fn formations_and_contact_on_a_real_board() {
        let board = Board::from_diagram(&[".X.XO", "XXXXO", "OOOOO", ".....", "....."]).unwrap();
        let t = board.topology();
        let at = |x, y| t.at(x, y).unwrap();
        let group = PointSet::from_points(board.len(), (0..4).flat_map(|x| [at(x, 0), at(x, 1)]));
        assert!(is_two_eye_formation(&board, Color::Black, &group));
        assert_eq!(maximal_formation(&board, Color::Black), group);
        assert!(!is_two_eye_formation(&board, Color::White, &group));
        assert!(maximal_formation(&board, Color::White).is_empty());
        // One eye only: the chain has one liberty in the set.
        let one_eye = PointSet::from_points(board.len(), [at(0, 0), at(1, 0), at(0, 1), at(1, 1)]);
        assert!(!is_two_eye_formation(&board, Color::Black, &one_eye));

        // A neighbour is contacted without a jump.
        assert!(contacts(&board, at(0, 0), at(1, 0)));
        // A stone contacts what its chain touches — the far eye, White's wall next to it —
        // and nothing beyond.
        assert!(contacts(&board, at(1, 0), at(2, 0)));
        assert!(contacts(&board, at(0, 1), at(4, 0)));
        assert!(!contacts(&board, at(0, 1), at(0, 3)));
        // An empty location contacts through empty locations only: the eye reaches neither
        // the other eye nor White; the open ground reaches White's wall but not Black's
        // stones behind it.
        assert!(!contacts(&board, at(0, 0), at(2, 0)));
        assert!(!contacts(&board, at(0, 0), at(4, 0)));
        assert!(contacts(&board, at(4, 4), at(2, 2)));
        assert!(!contacts(&board, at(4, 4), at(2, 1)));
    }
}
