//! # board-render
//!
//! Pictures of Go boards that show what a ruleset sees: the stones, the last move, the
//! forbidden move with its reason, captures so far, and — point by point, from the ruleset's
//! own [`PointValue`](rules_core::PointValue)s — who owns each point in its count: area or
//! territory, dead stones, shared dame, Pauli's control, undecided regions, disputed claims.
//!
//! * [`Picture`] — the model: a board plus everything drawn on it. Build one from a finished
//!   replay with [`Picture::from_replay`], or from a bare [`Board`](rules_core::Board) with
//!   [`Picture::new`] and fill in what you know.
//! * [`ascii`] — a text picture for terminals: coordinates, symbols, a legend; ANSI colour
//!   only when [`AsciiOptions::color`] says so (the caller decides: `NO_COLOR`, a pipe,
//!   `--color`). A graph board (not a grid) becomes a listing of its points with their state
//!   and neighbours.
//! * [`svg`] — a scalable picture (`viewBox`) that looks like a real board: wood or plain
//!   ([`Theme`]), grid, star points, shaded stones, ownership squares, dead-stone crosses,
//!   move numbers on request, coordinates and a caption. A graph board is drawn with its
//!   points on a circle and its edges as straight lines (up to [`MAX_GRAPH_DRAWN`] points).
//! * [`png`] — the SVG picture rasterised by `resvg` into PNG bytes ([`PngOptions`]: scale,
//!   fonts); [`svg_to_png`] for any SVG text.
//!
//! What each symbol means is in `docs/pictures.md`; both renderers print a legend of the
//! symbols they used.
//!
//! ```
//! use board_render::{AsciiOptions, Picture, SvgOptions, ascii, svg};
//! use rules_core::{Board, Color, Topology};
//! use std::sync::Arc;
//!
//! let topo = Arc::new(Topology::square(9).unwrap());
//! let mut board = Board::new(topo.clone());
//! board.play(topo.parse_point("E5").unwrap(), Color::Black);
//! board.play(topo.parse_point("C3").unwrap(), Color::White);
//! let picture = Picture::new(&board);
//!
//! let text = ascii(&picture, &AsciiOptions::default()).unwrap();
//! assert!(text.contains("\n5  .  .  .  .  X  .  .  .  .  5\n"));
//! assert!(!text.contains('\x1b'), "no colour unless asked for");
//!
//! let image = svg(&picture, &SvgOptions::default()).unwrap();
//! assert!(image.starts_with("<svg"));
//! ```
#![deny(missing_docs)]

mod ascii;
mod geometry;
mod model;
mod png;
mod svg;
mod text;

pub use ascii::{AsciiOptions, ascii};
pub use geometry::star_points;
pub use model::{Disputed, ForbiddenMark, LastMove, Overlay, Picture};
pub use png::{PNG_MAX_SIDE, PngOptions, png, svg_to_png};
pub use svg::{MAX_GRAPH_DRAWN, SvgOptions, Theme, grid_center, svg};

/// Why a picture could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// A per-point list of the picture does not have one entry per point of the board.
    #[error("the picture's {what} has {got} entries for a board of {points} points")]
    Mismatch {
        /// Which list.
        what: &'static str,
        /// Its length.
        got: usize,
        /// Points of the board.
        points: usize,
    },
    /// A point of the picture is not on its board.
    #[error("the picture's {what} names point {index}, which is not on the board")]
    PointOffBoard {
        /// Which field.
        what: &'static str,
        /// The point's index.
        index: usize,
    },
    /// A graph board too large to draw as an SVG picture.
    #[error(
        "a graph board of {0} points is too large to draw (at most {MAX_GRAPH_DRAWN}); \
         use the ASCII listing instead"
    )]
    GraphTooLarge(usize),
    /// The SVG picture could not be made into a PNG (the rasteriser's reason).
    #[error("cannot draw the PNG picture: {0}")]
    Raster(String),
}
