//! GTP's entities (section 3): colours and vertices.
//!
//! A vertex is a column letter `A`–`Z` without `I` and a row number counted from the bottom
//! (`A1` is the lower left corner, `T19` the upper right on 19×19), or `pass`; letters and
//! `pass` in any case. GTP boards are at most 25×25, as the letters allow.

use rules_core::{Color, Move, Point, Topology};

/// Column letters of GTP vertices: no `I`.
pub const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The largest board side GTP can name.
pub const MAX_SIZE: usize = 25;

/// Why a text is not a vertex of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VertexError {
    /// Not of the form letter + number, nor `pass`.
    Syntax,
    /// A vertex, but not on this board.
    OffBoard,
}

/// A colour: `b`, `w`, `black`, `white`, any case.
#[must_use]
pub fn parse_color(s: &str) -> Option<Color> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// A vertex or `pass` on `topo` (a grid at most 25 wide).
///
/// # Errors
/// [`VertexError::Syntax`] for text that is no vertex, [`VertexError::OffBoard`] for a
/// vertex outside the board.
pub fn parse_move(topo: &Topology, s: &str) -> Result<Move, VertexError> {
    if s.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    parse_vertex(topo, s).map(Move::Place)
}

/// A vertex (not `pass`) on `topo`.
///
/// # Errors
/// As [`parse_move`].
pub fn parse_vertex(topo: &Topology, s: &str) -> Result<Point, VertexError> {
    let mut chars = s.chars();
    let letter = chars
        .next()
        .ok_or(VertexError::Syntax)?
        .to_ascii_uppercase();
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(VertexError::Syntax);
    }
    let x = COLUMNS
        .iter()
        .position(|&c| c as char == letter)
        .ok_or(VertexError::Syntax)?;
    let row: usize = digits.parse().map_err(|_| VertexError::Syntax)?;
    let (w, h) = topo.grid_size().ok_or(VertexError::OffBoard)?;
    if x >= w || row == 0 || row > h {
        return Err(VertexError::OffBoard);
    }
    topo.at(x, h - row).ok_or(VertexError::OffBoard)
}

/// The GTP vertex of `p` (`A19` in the top left corner of 19×19).
#[must_use]
pub fn vertex(topo: &Topology, p: Point) -> String {
    topo.gtp(p).unwrap_or_else(|| topo.sgf(p))
}

/// `pass` or the vertex.
#[must_use]
pub fn format_move(topo: &Topology, mv: Move) -> String {
    match mv {
        Move::Pass => "pass".to_owned(),
        Move::Place(p) => vertex(topo, p),
    }
}

/// The colour as GTP writes it: `black`, `white`.
#[must_use]
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_are_read_in_any_case_and_never_with_i() {
        let t = Topology::square(19).unwrap();
        let p = parse_vertex(&t, "q16").unwrap();
        assert_eq!(vertex(&t, p), "Q16");
        assert_eq!(t.sgf(p), "pd");
        assert_eq!(vertex(&t, parse_vertex(&t, "A19").unwrap()), "A19");
        assert_eq!(t.sgf(parse_vertex(&t, "A19").unwrap()), "aa");
        assert_eq!(t.sgf(parse_vertex(&t, "T1").unwrap()), "ss");
        assert_eq!(parse_vertex(&t, "I5"), Err(VertexError::Syntax));
        assert_eq!(parse_vertex(&t, "U5"), Err(VertexError::OffBoard));
        assert_eq!(parse_vertex(&t, "A20"), Err(VertexError::OffBoard));
        assert_eq!(parse_vertex(&t, "A0"), Err(VertexError::OffBoard));
        assert_eq!(parse_vertex(&t, "A+5"), Err(VertexError::Syntax));
        assert_eq!(parse_vertex(&t, "5A"), Err(VertexError::Syntax));
        assert_eq!(parse_vertex(&t, "A"), Err(VertexError::Syntax));
        // Three digits are a row (off this board); four are no vertex.
        assert_eq!(parse_vertex(&t, "A100"), Err(VertexError::OffBoard));
        assert_eq!(parse_vertex(&t, "A1234"), Err(VertexError::Syntax));
        assert_eq!(parse_move(&t, "PaSs"), Ok(Move::Pass));
        let big = Topology::square(25).unwrap();
        assert_eq!(vertex(&big, parse_vertex(&big, "Z25").unwrap()), "Z25");
        assert_eq!(big.sgf(parse_vertex(&big, "z25").unwrap()), "ya");
    }

    #[test]
    fn colors() {
        assert_eq!(parse_color("B"), Some(Color::Black));
        assert_eq!(parse_color("wHiTe"), Some(Color::White));
        assert_eq!(parse_color("x"), None);
        assert_eq!(parse_color("bl"), None);
    }
}
