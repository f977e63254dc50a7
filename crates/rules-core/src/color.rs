//! Players and the per-player pairs used throughout the core.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// A player, and the colour of that player's stones.
///
/// Every text names the two players Black and White; an empty point is not a `Color` but the
/// absence of one (`Option<Color>`), so "the colour of an empty point" cannot be confused
/// with a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// The player who moves first unless the record says otherwise.
    Black,
    /// The player who receives komi.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The opponent (`p*` in text 001).
    #[inline]
    #[must_use]
    pub const fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The SGF property letter: `B` or `W`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// Parses `B`/`W`/`black`/`white` (any case).
    #[must_use]
    pub fn parse(s: &str) -> Option<Color> {
        match s.trim().to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

/// One value per player, indexable by [`Color`]. Serialises as `{"black": …, "white": …}`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PerColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> PerColor<T> {
    /// A pair from its two values.
    pub const fn new(black: T, white: T) -> Self {
        PerColor { black, white }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(Color, T) -> U) -> PerColor<U> {
        PerColor {
            black: f(Color::Black, self.black),
            white: f(Color::White, self.white),
        }
    }
}

impl<T> Index<Color> for PerColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

impl<T> IndexMut<Color> for PerColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opp_is_an_involution() {
        for c in Color::BOTH {
            assert_ne!(c, c.opp());
            assert_eq!(c, c.opp().opp());
        }
    }

    #[test]
    fn parse_accepts_letters_and_words() {
        assert_eq!(Color::parse("B"), Some(Color::Black));
        assert_eq!(Color::parse(" white "), Some(Color::White));
        assert_eq!(Color::parse("x"), None);
    }

    #[test]
    fn per_color_indexes_by_color() {
        let mut p = PerColor::new(1, 2);
        p[Color::White] += 5;
        assert_eq!(p[Color::Black], 1);
        assert_eq!(p[Color::White], 7);
        assert_eq!(
            serde_json::to_string(&p).unwrap(),
            r#"{"black":1,"white":7}"#
        );
    }
}
