//! The real final position as the solver sees it: the colouring of a `rules_core::Board`,
//! its topology, and the permanently prohibited locations `P`.

use crate::arena::Side;
use crate::graph::Graph;
use rules_core::{Board, Color, Point, Topology};
use std::sync::Arc;

/// A final position: colouring, topology, `P`.
#[derive(Clone, Debug)]
pub(crate) struct Real {
    pub topo: Arc<Topology>,
    pub cells: Vec<Option<Color>>,
    pub perm: Vec<bool>,
}

impl Real {
    pub fn new(board: &Board, prohibited: &[Point]) -> Real {
        let mut perm = vec![false; board.len()];
        for p in prohibited {
            if p.index() < perm.len() && board.is_empty_at(*p) {
                perm[p.index()] = true;
            }
        }
        Real {
            topo: Arc::clone(board.topology()),
            cells: board.coloring(),
            perm,
        }
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    #[inline]
    pub fn nbrs(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        self.topo
            .neighbors(Point::from_index(p))
            .iter()
            .map(|q| q.index())
    }

    /// The view with `prover` as the prover.
    pub fn view(&self, prover: Color) -> RealView<'_> {
        RealView { real: self, prover }
    }
}

/// The real position seen from one player.
pub(crate) struct RealView<'a> {
    pub real: &'a Real,
    pub prover: Color,
}

impl Graph for RealView<'_> {
    fn len(&self) -> usize {
        self.real.len()
    }
    fn nbrs(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        self.real.nbrs(p)
    }
    fn stone(&self, p: usize) -> Option<Side> {
        self.real.cells[p].map(|c| {
            if c == self.prover {
                Side::Prover
            } else {
                Side::Refuter
            }
        })
    }
    fn perm(&self, p: usize) -> bool {
        self.real.perm[p]
    }
    fn origin(&self, p: usize) -> u32 {
        p as u32
    }
}
