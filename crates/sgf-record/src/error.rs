//! Errors of the SGF reader. Every error that comes from the content of a file names the
//! place: 1-based line and column (in characters of the decoded text) and the byte offset in
//! the file.

use std::fmt;

/// Where in a file something is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Place {
    /// 1-based line. Lines end at `\n`, `\r\n` or a lone `\r`.
    pub line: u32,
    /// 1-based column, counted in characters of the decoded text.
    pub column: u32,
    /// Byte offset from the start of the file (the bytes as read, BOM included). For a file
    /// transcoded from another charset this is the offset in the original bytes.
    pub offset: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What is wrong. Each kind has a stable kebab-case [`code`](ErrorKind::code), used to count
/// errors by kind over an archive.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The file is larger than [`Limits::max_file_bytes`](crate::Limits::max_file_bytes).
    #[error("the file is {size} bytes, more than the limit of {limit} bytes")]
    FileTooLarge {
        /// Size of the file.
        size: usize,
        /// The limit in force.
        limit: usize,
    },
    /// No `(` followed by `;` anywhere: this is not SGF.
    #[error("no SGF game tree: the text has no '(' followed by ';'")]
    NoGameTree,
    /// A `[` without its `]`.
    #[error("unterminated property value: this '[' has no closing ']' before the end of the file")]
    UnterminatedValue,
    /// The file ends inside this tree right after a `(` (a tree cut short after a complete
    /// node is read, with the finding `game-tree-unclosed`).
    #[error(
        "unclosed game tree: the file ends inside this tree, right after a '(' that has no node"
    )]
    UnclosedGameTree,
    /// `(` not followed by a node (`()` or `((`).
    #[error("a game tree must start with a node (';'), found {found}")]
    MissingNode {
        /// What was found instead.
        found: String,
    },
    /// A property before the first `;` of a tree, or right after a `)`.
    #[error("property {ident} is not inside a node (a ';' must come first)")]
    PropertyOutsideNode {
        /// The identifier.
        ident: String,
    },
    /// A property identifier not followed by `[`.
    #[error("property {ident} has no value: expected '[' after the identifier, found {found}")]
    MissingValue {
        /// The identifier.
        ident: String,
        /// What was found instead.
        found: String,
    },
    /// A character that cannot appear between properties.
    #[error("unexpected {found} inside a game tree: expected a property, ';', '(' or ')'")]
    UnexpectedCharacter {
        /// The character, quoted.
        found: String,
    },
    /// A path from the root longer than [`Limits::max_depth`](crate::Limits::max_depth).
    #[error("the game tree is deeper than the limit of {limit} nodes on one path")]
    TooDeep {
        /// The limit in force.
        limit: usize,
    },
    /// More nodes than [`Limits::max_nodes`](crate::Limits::max_nodes).
    #[error("the game tree has more than the limit of {limit} nodes")]
    TooManyNodes {
        /// The limit in force.
        limit: usize,
    },
    /// A property value longer than [`Limits::max_value_bytes`](crate::Limits::max_value_bytes)
    /// (the place is its `[`).
    #[error("a property value of {size} bytes is larger than the limit of {limit} bytes")]
    ValueTooLarge {
        /// Size of the value.
        size: usize,
        /// The limit in force.
        limit: usize,
    },
    /// More moves on the main line than [`Limits::max_moves`](crate::Limits::max_moves) (the
    /// place is the first move over the limit).
    #[error("the game has more than the limit of {limit} moves")]
    TooManyMoves {
        /// The limit in force.
        limit: usize,
    },
    /// More game trees than [`Limits::max_games`](crate::Limits::max_games).
    #[error("the file has more than the limit of {limit} game trees; the rest are not read")]
    TooManyGames {
        /// The limit in force.
        limit: usize,
    },
    /// `SZ` that is not a size, or a size outside 1..=52.
    #[error("board size SZ[{raw}] is not supported: {why}")]
    BoardSize {
        /// The value as written.
        raw: String,
        /// Why.
        why: String,
    },
    /// `GM` other than 1.
    #[error("GM[{raw}] is not a game of Go (GM[1])")]
    NotGo {
        /// The value as written.
        raw: String,
    },
    /// The game tree closes (its last `)`) while SGF nodes follow in the text skipped after
    /// it: a game read from it would be cut short.
    #[error(
        "the game tree ends here, but SGF nodes follow in the text skipped after it (it would \
         be read cut short)"
    )]
    EndsEarly,
    /// The tree could not be read (or ended early) right after a text value: most likely an
    /// unescaped `]` inside it ended the value early, and no single repair makes the rest of
    /// the tree parse. `cause` is what went wrong.
    #[error("{cause}: an unescaped ']' in {ident} at {at}?")]
    UnescapedBracket {
        /// The property whose value holds the `]`.
        ident: String,
        /// The `]` that ended it.
        at: Place,
        /// What went wrong after it.
        cause: Box<ErrorKind>,
    },
    /// The setup before the first move leaves stones without liberties, and the reader was
    /// asked to refuse such records ([`SetupPolicy::Refuse`](crate::SetupPolicy::Refuse)).
    #[error(
        "the setup leaves {count} stone(s) without liberties ({points}); refused (stones \
         without liberties cannot stand on the board)"
    )]
    SetupWithoutLiberties {
        /// How many stones.
        count: usize,
        /// Where, as SGF points.
        points: String,
    },
    /// sgf-parse rejected a tree the pre-pass accepted (should not happen; reported, not
    /// hidden).
    #[error("sgf-parse rejected this game tree: {0}")]
    Parser(String),
}

impl ErrorKind {
    /// Stable kebab-case identifier of the kind.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::FileTooLarge { .. } => "file-too-large",
            ErrorKind::NoGameTree => "no-game-tree",
            ErrorKind::UnterminatedValue => "unterminated-value",
            ErrorKind::UnclosedGameTree => "unclosed-game-tree",
            ErrorKind::MissingNode { .. } => "missing-node",
            ErrorKind::PropertyOutsideNode { .. } => "property-outside-node",
            ErrorKind::MissingValue { .. } => "missing-value",
            ErrorKind::UnexpectedCharacter { .. } => "unexpected-character",
            ErrorKind::TooDeep { .. } => "too-deep",
            ErrorKind::TooManyNodes { .. } => "too-many-nodes",
            ErrorKind::TooManyGames { .. } => "too-many-games",
            ErrorKind::ValueTooLarge { .. } => "value-too-large",
            ErrorKind::TooManyMoves { .. } => "too-many-moves",
            ErrorKind::BoardSize { .. } => "board-size",
            ErrorKind::NotGo { .. } => "not-go",
            ErrorKind::EndsEarly => "ends-early",
            ErrorKind::UnescapedBracket { .. } => "unescaped-bracket",
            ErrorKind::SetupWithoutLiberties { .. } => "setup-without-liberties",
            ErrorKind::Parser(_) => "parser",
        }
    }
}

/// An error reading a file or one of its games: what is wrong, and where.
///
/// Displays as `line 3, column 14: unterminated property value: …`; the caller prefixes the
/// file name. Only [`ErrorKind::FileTooLarge`] has no place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct SgfError {
    /// Where, when the error is about a place in the text.
    pub place: Option<Place>,
    /// What.
    pub kind: ErrorKind,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.place {
            Some(p) => write!(f, "{p}: {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl SgfError {
    /// Stable kebab-case identifier of the kind (see [`ErrorKind::code`]).
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }
}

/// Describes the character at `offset` of `text` for an error message: `'x'`, `end of file`.
pub(crate) fn describe_at(text: &str, offset: usize) -> String {
    match text.get(offset..).and_then(|s| s.chars().next()) {
        None => "the end of the file".to_owned(),
        Some(c) if c.is_control() => format!("the control character U+{:04X}", c as u32),
        Some(c) => format!("'{c}'"),
    }
}

/// Line and column (1-based, columns in characters) of byte `offset` in `text` (the
/// reference for [`crate::locate::Locator`], which `read_sgf` uses).
#[cfg(test)]
pub(crate) fn line_column(text: &str, offset: usize) -> (u32, u32) {
    let offset = offset.min(text.len());
    let bytes = text.as_bytes();
    let mut line = 1u32;
    let mut line_start = 0usize;
    let mut i = 0usize;
    while i < offset {
        match bytes[i] {
            b'\n' => {
                line += 1;
                line_start = i + 1;
            }
            b'\r' if bytes.get(i + 1) != Some(&b'\n') => {
                line += 1;
                line_start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    // `offset` may fall inside a character when a caller points at a byte; count whole
    // characters started before it.
    let column = bytes[line_start..offset]
        .iter()
        .filter(|&&b| (b as i8) >= -0x40)
        .count() as u32
        + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_character_at_an_offset_is_described() {
        assert_eq!(describe_at("a]b", 1), "']'");
        assert_eq!(describe_at("a\u{1}", 1), "the control character U+0001");
        assert_eq!(describe_at("ab", 2), "the end of the file");
    }

    #[test]
    fn line_and_column() {
        let t = "ab\ncd\r\nef\rgé h";
        assert_eq!(line_column(t, 0), (1, 1));
        assert_eq!(line_column(t, 1), (1, 2));
        assert_eq!(line_column(t, 3), (2, 1));
        assert_eq!(line_column(t, 7), (3, 1));
        assert_eq!(line_column(t, 10), (4, 1));
        // after the two-byte é
        assert_eq!(line_column(t, t.find(' ').unwrap()), (4, 3));
        assert_eq!(line_column(t, 999), (4, 5));
    }

    #[test]
    fn display_names_the_place() {
        let e = SgfError {
            place: Some(Place {
                line: 3,
                column: 14,
                offset: 40,
            }),
            kind: ErrorKind::UnterminatedValue,
        };
        assert!(
            e.to_string()
                .starts_with("line 3, column 14: unterminated property value")
        );
        assert_eq!(e.code(), "unterminated-value");
    }
}
