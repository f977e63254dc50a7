//! The board's shape as the estimator reads it: neighbours in a flat table, diagonal
//! neighbours where the board is a grid (for the eye test of playouts), and each point's
//! distance from the edge.

use rules_core::{Shape, Topology};

/// Neighbour tables of one topology, built once per position.
#[derive(Debug, Clone)]
pub struct Geometry {
    /// `start[p]..start[p + 1]` indexes `nbr` for point `p`.
    start: Vec<u32>,
    nbr: Vec<u16>,
    /// The same for diagonal neighbours (empty for graph boards).
    dstart: Vec<u32>,
    diag: Vec<u16>,
    /// How many neighbours a point in the middle of the board has (4 on grids; the largest
    /// degree on graphs): a point with fewer is on the edge.
    full_degree: usize,
    /// Whether the board is a grid (diagonals are known).
    grid: bool,
    /// Distance from the edge: 0 on the edge (a point with fewer neighbours than
    /// `full_degree`), 1 next to it, …
    line: Vec<u8>,
}

impl Geometry {
    /// The tables of `topo`.
    #[must_use]
    pub fn new(topo: &Topology) -> Geometry {
        let n = topo.len();
        let mut start = Vec::with_capacity(n + 1);
        let mut nbr = Vec::with_capacity(4 * n);
        for p in topo.points() {
            start.push(nbr.len() as u32);
            nbr.extend(topo.neighbors(p).iter().map(|q| q.index() as u16));
        }
        start.push(nbr.len() as u32);
        let mut dstart = Vec::with_capacity(n + 1);
        let mut diag = Vec::new();
        let grid = matches!(topo.shape(), Shape::Grid { .. });
        if let Shape::Grid { width, height } = *topo.shape() {
            for y in 0..height {
                for x in 0..width {
                    dstart.push(diag.len() as u32);
                    for (dx, dy) in [(-1i64, -1i64), (1, -1), (-1, 1), (1, 1)] {
                        let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                        if nx >= 0 && ny >= 0 && (nx as usize) < width && (ny as usize) < height {
                            diag.push((ny as usize * width + nx as usize) as u16);
                        }
                    }
                }
            }
        } else {
            dstart.resize(n, 0);
        }
        dstart.push(diag.len() as u32);
        let full_degree = if grid {
            4
        } else {
            (0..n)
                .map(|p| (start[p + 1] - start[p]) as usize)
                .max()
                .unwrap_or(0)
        };
        let mut g = Geometry {
            start,
            nbr,
            dstart,
            diag,
            full_degree,
            grid,
            line: Vec::new(),
        };
        g.line = g.edge_distances();
        g
    }

    /// Number of points.
    #[must_use]
    pub fn len(&self) -> usize {
        self.start.len() - 1
    }

    /// Whether the board has no point (never: topologies have at least one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The neighbours of `p`.
    #[inline]
    #[must_use]
    pub fn neighbors(&self, p: usize) -> &[u16] {
        &self.nbr[self.start[p] as usize..self.start[p + 1] as usize]
    }

    /// The diagonal neighbours of `p` on a grid; none on a graph board.
    #[inline]
    #[must_use]
    pub fn diagonals(&self, p: usize) -> &[u16] {
        &self.diag[self.dstart[p] as usize..self.dstart[p + 1] as usize]
    }

    /// Whether `p` is on the edge (fewer neighbours than a point in the middle).
    #[inline]
    #[must_use]
    pub fn on_edge(&self, p: usize) -> bool {
        self.neighbors(p).len() < self.full_degree
    }

    /// Whether diagonals are known (grids).
    #[must_use]
    pub fn is_grid(&self) -> bool {
        self.grid
    }

    /// Distance of `p` from the edge (0 on it).
    #[must_use]
    pub fn line(&self, p: usize) -> u8 {
        self.line[p]
    }

    fn edge_distances(&self) -> Vec<u8> {
        let n = self.len();
        let mut d = vec![u8::MAX; n];
        let mut queue: Vec<usize> = (0..n).filter(|&p| self.on_edge(p)).collect();
        for &p in &queue {
            d[p] = 0;
        }
        let mut head = 0;
        while head < queue.len() {
            let p = queue[head];
            head += 1;
            for &q in self.neighbors(p) {
                let q = q as usize;
                if d[q] == u8::MAX {
                    d[q] = d[p].saturating_add(1);
                    queue.push(q);
                }
            }
        }
        // A graph where every point has the full degree has no edge: call it all middle.
        for x in &mut d {
            if *x == u8::MAX {
                *x = 3;
            }
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_has_diagonals_and_lines_from_its_edge() {
        let g = Geometry::new(&Topology::square(5).unwrap());
        assert_eq!(g.neighbors(0), &[1, 5]);
        assert_eq!(g.diagonals(0), &[6]);
        assert_eq!(g.diagonals(12).len(), 4);
        assert!(g.on_edge(4) && !g.on_edge(6));
        assert_eq!((g.line(0), g.line(6), g.line(12)), (0, 1, 2));
    }

    #[test]
    fn a_graph_has_no_diagonals() {
        let names = ["a", "b", "c"];
        let t = Topology::graph(&names, &[("a", "b"), ("b", "c")]).unwrap();
        let g = Geometry::new(&t);
        assert!(!g.is_grid());
        assert!(g.diagonals(1).is_empty());
        assert!(g.on_edge(0) && !g.on_edge(1));
    }
}
