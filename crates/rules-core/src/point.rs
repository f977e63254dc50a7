//! Points and moves. A [`Point`] is an index into a [`Topology`](crate::Topology); its
//! coordinates and names belong to the topology, not to the point.

use std::fmt;

/// A location of the board: an index `0..topology.len()`.
///
/// Points are only meaningful together with the topology that made them; the topology
/// validates every point it hands out, so a `Point` in hand is always on its board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub(crate) u16);

impl Point {
    /// The index of this point, `0..topology.len()`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// A point from its index. The caller vouches that `i < topology.len()`; the board
    /// panics on an index past its end (a programming error, never a data error: data goes
    /// through [`Topology::point`](crate::Topology::point)).
    #[inline]
    #[must_use]
    pub const fn from_index(i: usize) -> Point {
        Point(i as u16)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// What a player does with the stone in a turn (text 001: `Move = Point ∪ {Pass}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// No stone is placed.
    Pass,
    /// A stone is placed on the point.
    Place(Point),
}

impl Move {
    /// The point, for a placement.
    #[must_use]
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Pass => None,
            Move::Place(p) => Some(p),
        }
    }

    /// Whether this is a pass.
    #[must_use]
    pub fn is_pass(self) -> bool {
        matches!(self, Move::Pass)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_moves() {
        let p = Point::from_index(5);
        assert_eq!((p.index(), p.to_string()), (5, "#5".to_owned()));
        assert_eq!(Move::Place(p).point(), Some(p));
        assert_eq!(Move::Pass.point(), None);
        assert!(Move::Pass.is_pass());
        assert!(!Move::Place(p).is_pass());
    }
}
