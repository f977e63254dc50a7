//! Board topologies: which points exist and which are adjacent.
//!
//! Texts 000 and 001 allow any graph ("A *board* is a set `G` together with a symmetric,
//! irreflexive relation `a`", text 000 rule 0). Pauli's rule 1 says the same in words. SGF
//! records give rectangular grids, the common case that must be fast; both are one type here,
//! with neighbours precomputed in a flat adjacency array.

use crate::point::Point;
use crate::zobrist;
use std::collections::HashMap;
use std::fmt;

/// Largest grid side: SGF coordinates use `a`–`z` and `A`–`Z`.
pub const MAX_GRID_SIDE: usize = 52;
/// Largest number of points in a graph board. Far beyond any real use; it bounds the memory
/// a hostile input can ask for (the repetition history keeps a bitset per position).
pub const MAX_GRAPH_POINTS: usize = 10_000;
/// Columns used by GTP vertices (no `I`); GTP boards are at most 25 wide.
pub const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
const SGF_LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Why a topology could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TopologyError {
    /// A grid side outside `1..=52`.
    #[error("board size {width}x{height} is not supported: each side must be 1 to {MAX_GRID_SIDE}")]
    GridSize {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
    /// A graph with no points or too many.
    #[error("a graph board needs 1 to {MAX_GRAPH_POINTS} points, this one has {0}")]
    GraphSize(usize),
    /// Two points with the same name.
    #[error("point name {0:?} appears twice")]
    DuplicateName(String),
    /// An empty point name.
    #[error("point names must not be empty")]
    EmptyName,
    /// An edge naming a point that does not exist.
    #[error("edge {0:?}–{1:?} names an unknown point")]
    UnknownPoint(String, String),
    /// An edge from a point to itself (the relation must be irreflexive, text 000 rule 0).
    #[error("edge {0:?}–{0:?} joins a point to itself; adjacency must be irreflexive")]
    SelfLoop(String),
}

/// The shape of a topology, for coordinates and pictures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// A rectangular grid; point `(x, y)` has index `y * width + x`, `(0, 0)` top left
    /// (SGF's `aa`).
    Grid {
        /// Number of columns.
        width: usize,
        /// Number of rows.
        height: usize,
    },
    /// Any undirected graph; points are named.
    Graph {
        /// Point names, by index.
        names: Vec<String>,
    },
}

/// Points, adjacency, and the Zobrist keys of stones on them.
#[derive(Clone)]
pub struct Topology {
    shape: Shape,
    /// `adj[offsets[i]..offsets[i+1]]` are the neighbours of point `i`.
    offsets: Vec<u32>,
    adj: Vec<Point>,
    /// Zobrist keys: `keys[2 * i + c]` for a stone of colour `c` on point `i`.
    keys: Vec<u64>,
    names: Option<HashMap<String, u16>>,
}

impl fmt::Debug for Topology {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.shape {
            Shape::Grid { width, height } => write!(f, "Topology::grid({width}, {height})"),
            Shape::Graph { names } => write!(
                f,
                "Topology::graph({} points, {} edges)",
                names.len(),
                self.adj.len() / 2
            ),
        }
    }
}

impl PartialEq for Topology {
    fn eq(&self, other: &Self) -> bool {
        self.shape == other.shape && self.offsets == other.offsets && self.adj == other.adj
    }
}
impl Eq for Topology {}

impl Topology {
    /// A `width` × `height` grid, each side 1 to 52.
    pub fn grid(width: usize, height: usize) -> Result<Topology, TopologyError> {
        if !(1..=MAX_GRID_SIDE).contains(&width) || !(1..=MAX_GRID_SIDE).contains(&height) {
            return Err(TopologyError::GridSize { width, height });
        }
        let n = width * height;
        let mut offsets = Vec::with_capacity(n + 1);
        let mut adj = Vec::with_capacity(4 * n);
        offsets.push(0);
        for y in 0..height {
            for x in 0..width {
                if y > 0 {
                    adj.push(Point(((y - 1) * width + x) as u16));
                }
                if x > 0 {
                    adj.push(Point((y * width + x - 1) as u16));
                }
                if x + 1 < width {
                    adj.push(Point((y * width + x + 1) as u16));
                }
                if y + 1 < height {
                    adj.push(Point(((y + 1) * width + x) as u16));
                }
                offsets.push(adj.len() as u32);
            }
        }
        Ok(Topology {
            shape: Shape::Grid { width, height },
            offsets,
            adj,
            keys: stone_keys(n),
            names: None,
        })
    }

    /// A square grid.
    pub fn square(size: usize) -> Result<Topology, TopologyError> {
        Topology::grid(size, size)
    }

    /// Any undirected graph. `edges` name pairs of points; an edge listed twice, or in both
    /// directions, is one edge. Self-loops are an error (the relation is irreflexive).
    pub fn graph<S: AsRef<str>>(names: &[S], edges: &[(S, S)]) -> Result<Topology, TopologyError> {
        let n = names.len();
        if n == 0 || n > MAX_GRAPH_POINTS {
            return Err(TopologyError::GraphSize(n));
        }
        let mut index = HashMap::with_capacity(n);
        for (i, name) in names.iter().enumerate() {
            let name = name.as_ref();
            if name.is_empty() {
                return Err(TopologyError::EmptyName);
            }
            if index.insert(name.to_owned(), i as u16).is_some() {
                return Err(TopologyError::DuplicateName(name.to_owned()));
            }
        }
        let mut lists: Vec<Vec<Point>> = vec![Vec::new(); n];
        for (a, b) in edges {
            let (a, b) = (a.as_ref(), b.as_ref());
            let (Some(&ia), Some(&ib)) = (index.get(a), index.get(b)) else {
                return Err(TopologyError::UnknownPoint(a.to_owned(), b.to_owned()));
            };
            if ia == ib {
                return Err(TopologyError::SelfLoop(a.to_owned()));
            }
            if !lists[ia as usize].contains(&Point(ib)) {
                lists[ia as usize].push(Point(ib));
                lists[ib as usize].push(Point(ia));
            }
        }
        let mut offsets = Vec::with_capacity(n + 1);
        let mut adj = Vec::new();
        offsets.push(0);
        for mut l in lists {
            l.sort_unstable();
            adj.extend(l);
            offsets.push(adj.len() as u32);
        }
        Ok(Topology {
            shape: Shape::Graph {
                names: names.iter().map(|s| s.as_ref().to_owned()).collect(),
            },
            offsets,
            adj,
            keys: stone_keys(n),
            names: Some(index),
        })
    }

    /// Number of points.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Always false: every topology has at least one point.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The shape: grid dimensions or graph names.
    #[must_use]
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// `(width, height)` for a grid.
    #[must_use]
    pub fn grid_size(&self) -> Option<(usize, usize)> {
        match self.shape {
            Shape::Grid { width, height } => Some((width, height)),
            Shape::Graph { .. } => None,
        }
    }

    /// All points, in index order.
    pub fn points(&self) -> impl ExactSizeIterator<Item = Point> + Clone + use<> {
        (0..self.len() as u16).map(Point)
    }

    /// The point with this index, if it exists.
    #[must_use]
    pub fn point(&self, index: usize) -> Option<Point> {
        (index < self.len()).then_some(Point(index as u16))
    }

    /// The neighbours of `p`.
    #[inline]
    #[must_use]
    pub fn neighbors(&self, p: Point) -> &[Point] {
        let i = p.index();
        &self.adj[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// Whether `a` and `b` are adjacent.
    #[must_use]
    pub fn adjacent(&self, a: Point, b: Point) -> bool {
        self.neighbors(a).contains(&b)
    }

    /// Number of edges.
    #[must_use]
    pub fn edge_count(&self) -> usize {
        self.adj.len() / 2
    }

    /// The Zobrist key of a stone of `color` on `p`.
    #[inline]
    #[must_use]
    pub fn stone_key(&self, p: Point, color: crate::Color) -> u64 {
        self.keys[2 * p.index() + color.index()]
    }

    /// The grid point at column `x`, row `y` (from the top left).
    #[must_use]
    pub fn at(&self, x: usize, y: usize) -> Option<Point> {
        let (w, h) = self.grid_size()?;
        (x < w && y < h).then(|| Point((y * w + x) as u16))
    }

    /// Column and row of a grid point, from the top left.
    #[must_use]
    pub fn xy(&self, p: Point) -> Option<(usize, usize)> {
        let (w, _) = self.grid_size()?;
        Some((p.index() % w, p.index() / w))
    }

    /// SGF coordinate of a grid point (`aa` top left), or the name of a graph point.
    #[must_use]
    pub fn sgf(&self, p: Point) -> String {
        match &self.shape {
            Shape::Grid { width, .. } => {
                let (x, y) = (p.index() % width, p.index() / width);
                let mut s = String::with_capacity(2);
                s.push(SGF_LETTERS[x] as char);
                s.push(SGF_LETTERS[y] as char);
                s
            }
            Shape::Graph { names } => names[p.index()].clone(),
        }
    }

    /// The SGF names of `points`, in their order, separated by spaces: how notes and
    /// messages list points.
    #[must_use]
    pub fn sgf_names(&self, points: &[Point]) -> String {
        points
            .iter()
            .map(|&p| self.sgf(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Every point's SGF name and GTP vertex (where GTP can name it), in point order: the
    /// names [`compare`](crate::compare::compare) gives the points of its causes.
    #[must_use]
    pub fn point_names(&self) -> Vec<(String, Option<String>)> {
        self.points().map(|p| (self.sgf(p), self.gtp(p))).collect()
    }

    /// GTP vertex of a grid point (`A19` top left on 19×19; no `I`), for grids at most 25
    /// wide. `None` for wider grids and for graphs.
    #[must_use]
    pub fn gtp(&self, p: Point) -> Option<String> {
        let (w, h) = self.grid_size()?;
        if w > GTP_COLUMNS.len() {
            return None;
        }
        let (x, y) = (p.index() % w, p.index() / w);
        Some(format!("{}{}", GTP_COLUMNS[x] as char, h - y))
    }

    /// The most readable name of a point: GTP vertex where GTP can name it, else the SGF
    /// coordinate or the graph name.
    #[must_use]
    pub fn label(&self, p: Point) -> String {
        self.gtp(p).unwrap_or_else(|| self.sgf(p))
    }

    /// Parses an SGF coordinate (`pd`) on a grid, or a point name on a graph.
    #[must_use]
    pub fn parse_sgf(&self, s: &str) -> Option<Point> {
        match &self.shape {
            Shape::Grid { .. } => {
                let b = s.as_bytes();
                if b.len() != 2 {
                    return None;
                }
                let x = sgf_letter_value(b[0])?;
                let y = sgf_letter_value(b[1])?;
                self.at(x, y)
            }
            Shape::Graph { .. } => self.names.as_ref()?.get(s).map(|&i| Point(i)),
        }
    }

    /// Parses a GTP vertex (`Q16`, any case) on a grid at most 25 wide, or a point name on a
    /// graph.
    #[must_use]
    pub fn parse_gtp(&self, s: &str) -> Option<Point> {
        match &self.shape {
            Shape::Grid { width, height } => {
                let s = s.trim();
                let mut chars = s.chars();
                let col = chars.next()?.to_ascii_uppercase();
                let x = GTP_COLUMNS.iter().position(|&c| c as char == col)?;
                let row: usize = chars.as_str().parse().ok()?;
                if x >= *width || row == 0 || row > *height {
                    return None;
                }
                self.at(x, height - row)
            }
            Shape::Graph { .. } => self.names.as_ref()?.get(s).map(|&i| Point(i)),
        }
    }

    /// Parses a point written either way: SGF letters, GTP vertex, or a graph name.
    #[must_use]
    pub fn parse_point(&self, s: &str) -> Option<Point> {
        let s = s.trim();
        // Two lower-case letters are SGF; everything else that parses as GTP is GTP.
        if s.len() == 2 && s.bytes().all(|b| b.is_ascii_lowercase()) {
            return self.parse_sgf(s);
        }
        self.parse_gtp(s).or_else(|| self.parse_sgf(s))
    }
}

/// The value of an SGF coordinate letter: `a`–`z` → 0–25, `A`–`Z` → 26–51.
#[must_use]
pub fn sgf_letter_value(b: u8) -> Option<usize> {
    match b {
        b'a'..=b'z' => Some((b - b'a') as usize),
        b'A'..=b'Z' => Some((b - b'A') as usize + 26),
        _ => None,
    }
}

fn stone_keys(n: usize) -> Vec<u64> {
    (0..2 * n as u64)
        .map(|i| zobrist::key(zobrist::family::STONE, i))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_limits() {
        assert!(Topology::grid(1, 1).is_ok());
        assert!(Topology::grid(52, 52).is_ok());
        assert!(Topology::grid(0, 5).is_err());
        assert!(Topology::grid(53, 19).is_err());
    }

    #[test]
    fn sgf_names_lists_points_in_the_order_given() {
        let t = Topology::grid(19, 19).unwrap();
        let pts = [
            t.at(3, 2).unwrap(),
            t.at(0, 0).unwrap(),
            t.at(18, 18).unwrap(),
        ];
        assert_eq!(t.sgf_names(&pts), "dc aa ss");
        assert_eq!(t.sgf_names(&[]), "");
    }

    #[test]
    fn grid_neighbours() {
        let t = Topology::grid(3, 2).unwrap();
        assert_eq!(t.len(), 6);
        assert_eq!(t.edge_count(), 7);
        let corner = t.at(0, 0).unwrap();
        assert_eq!(t.neighbors(corner).len(), 2);
        let mid_top = t.at(1, 0).unwrap();
        assert_eq!(t.neighbors(mid_top).len(), 3);
        let one = Topology::grid(1, 1).unwrap();
        assert!(one.neighbors(Point(0)).is_empty());
    }

    #[test]
    fn adjacency_is_symmetric_and_irreflexive() {
        for t in [Topology::grid(5, 3).unwrap(), Topology::grid(1, 7).unwrap()] {
            for p in t.points() {
                for &q in t.neighbors(p) {
                    assert_ne!(p, q);
                    assert!(t.adjacent(q, p));
                }
            }
        }
    }

    #[test]
    fn coordinates_round_trip() {
        let t = Topology::square(19).unwrap();
        let p = t.parse_sgf("pd").unwrap();
        assert_eq!(t.xy(p), Some((15, 3)));
        assert_eq!(t.sgf(p), "pd");
        assert_eq!(t.gtp(p).as_deref(), Some("Q16"));
        assert_eq!(t.parse_gtp("q16"), Some(p));
        assert_eq!(t.parse_point("Q16"), Some(p));
        assert_eq!(t.parse_point("pd"), Some(p));
        assert_eq!(t.parse_sgf("tt"), None, "tt is off a 19x19 board");
        assert_eq!(t.parse_gtp("I5"), None, "GTP has no column I");
        let big = Topology::square(52).unwrap();
        let last = big.parse_sgf("ZZ").unwrap();
        assert_eq!(big.xy(last), Some((51, 51)));
        assert_eq!(big.gtp(last), None);
    }

    #[test]
    fn rectangular_gtp_rows_count_from_the_bottom() {
        let t = Topology::grid(5, 3).unwrap();
        let top_left = t.at(0, 0).unwrap();
        assert_eq!(t.gtp(top_left).as_deref(), Some("A3"));
        assert_eq!(t.parse_gtp("E1"), t.at(4, 2));
    }

    #[test]
    fn graph_boards() {
        let t = Topology::graph(&["a", "b", "c"], &[("a", "b"), ("b", "a"), ("b", "c")]).unwrap();
        assert_eq!(t.edge_count(), 2);
        let b = t.parse_sgf("b").unwrap();
        assert_eq!(t.neighbors(b).len(), 2);
        assert_eq!(t.label(b), "b");
        assert!(matches!(
            Topology::graph(&["a"], &[("a", "a")]),
            Err(TopologyError::SelfLoop(_))
        ));
        assert!(matches!(
            Topology::graph(&["a", "a"], &[]),
            Err(TopologyError::DuplicateName(_))
        ));
        assert!(matches!(
            Topology::graph(&["a"], &[("a", "z")]),
            Err(TopologyError::UnknownPoint(..))
        ));
        let none: [&str; 0] = [];
        assert!(matches!(
            Topology::graph(&none, &[]),
            Err(TopologyError::GraphSize(0))
        ));
    }

    /// A graph may have up to `MAX_GRAPH_POINTS` points, not one more.
    #[test]
    fn graph_limits() {
        let names: Vec<String> = (0..=MAX_GRAPH_POINTS).map(|i| format!("p{i}")).collect();
        let none: &[(String, String)] = &[];
        let g = Topology::graph(&names[..MAX_GRAPH_POINTS], none).unwrap();
        assert_eq!(g.len(), MAX_GRAPH_POINTS);
        assert!(!g.is_empty());
        assert_eq!(
            Topology::graph(&names, none).unwrap_err(),
            TopologyError::GraphSize(MAX_GRAPH_POINTS + 1)
        );
    }

    /// Topologies are equal when their points and adjacency are; the debug form names them.
    #[test]
    fn equality_and_debug_form() {
        let g = |edges: &[(&str, &str)]| Topology::graph(&["a", "b", "c"], edges).unwrap();
        let path = g(&[("a", "b"), ("b", "c")]);
        assert_eq!(path, g(&[("b", "c"), ("b", "a")]));
        assert_ne!(path, g(&[("a", "b"), ("a", "c")]));
        assert_ne!(path, g(&[("a", "b")]));
        assert_ne!(
            path,
            Topology::graph(&["x", "y", "z"], &[("x", "y"), ("y", "z")]).unwrap()
        );
        assert_eq!(Topology::grid(3, 2).unwrap(), Topology::grid(3, 2).unwrap());
        assert_ne!(Topology::grid(3, 2).unwrap(), Topology::grid(2, 3).unwrap());
        let line = Topology::graph(&["a", "b", "c"], &[("a", "b"), ("b", "c")]).unwrap();
        assert_ne!(Topology::grid(3, 1).unwrap(), line);
        assert_eq!(
            format!("{:?}", Topology::grid(3, 2).unwrap()),
            "Topology::grid(3, 2)"
        );
        assert_eq!(format!("{path:?}"), "Topology::graph(3 points, 2 edges)");
    }

    /// Points, coordinates and adjacency at the edges of the board; every stone key distinct.
    #[test]
    fn points_coordinates_and_keys() {
        let t = Topology::grid(3, 2).unwrap();
        assert_eq!(t.point(5), Some(Point(5)));
        assert_eq!(t.point(6), None);
        assert_eq!(t.at(2, 1), Some(Point(5)));
        assert_eq!(t.at(3, 0), None);
        assert_eq!(t.at(0, 2), None);
        assert!(t.adjacent(Point(0), Point(1)));
        assert!(!t.adjacent(Point(0), Point(4)));
        assert!(
            !t.adjacent(Point(2), Point(3)),
            "no wrap from row end to row start"
        );
        let mut keys: Vec<u64> = t
            .points()
            .flat_map(|p| {
                [
                    t.stone_key(p, crate::Color::Black),
                    t.stone_key(p, crate::Color::White),
                ]
            })
            .collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 12);
        let names = t.point_names();
        assert_eq!(names.len(), 6);
        assert_eq!(names[0], ("aa".to_owned(), Some("A2".to_owned())));
        assert_eq!(names[5], ("cb".to_owned(), Some("C1".to_owned())));
        let g = Topology::graph(&["x", "y"], &[("x", "y")]).unwrap();
        assert_eq!(
            g.point_names(),
            vec![("x".to_owned(), None), ("y".to_owned(), None)]
        );
    }

    /// GTP names points on grids up to 25 wide (no `I`), rows counted from the bottom; a
    /// vertex off the board is no point.
    #[test]
    fn gtp_vertices_at_the_limits() {
        let t = Topology::grid(25, 2).unwrap();
        assert_eq!(t.gtp(Point(24)).as_deref(), Some("Z2"));
        assert_eq!(t.parse_gtp("z2"), Some(Point(24)));
        assert_eq!(Topology::grid(26, 2).unwrap().gtp(Point(0)), None);
        let t = Topology::grid(3, 3).unwrap();
        assert_eq!(t.parse_gtp("C3"), t.at(2, 0));
        assert_eq!(t.parse_gtp("A1"), t.at(0, 2));
        for off in ["D1", "A0", "A4", "J1", "", "A"] {
            assert_eq!(t.parse_gtp(off), None, "{off}");
        }
        assert_eq!(t.parse_point(" bb "), t.at(1, 1));
        assert_eq!(t.parse_point("B2"), t.at(1, 1));
    }
}
