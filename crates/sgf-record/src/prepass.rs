//! The pre-pass: one linear, non-recursive scan of the decoded text that does what
//! `sgf-parse` cannot.
//!
//! * It finds the game trees (a `(` followed by `;`), skipping text before, between and
//!   after them, so one broken tree does not hide the others.
//! * It checks the grammar and reports the first error of each tree with its place, so that
//!   `sgf-parse` (whose errors carry no position, and which drops its half-built tree
//!   recursively on an error) is only ever given well-formed trees.
//! * It enforces the depth and node limits before any tree is built.
//! * It notes identifiers `sgf-parse` would mangle (all lower case: `b[pd]` would be dropped)
//!   so they can be upper-cased, and keeps the raw, located values of the properties whose
//!   text `sgf-parse` loses or rejects (`SZ[ 19]`, `KM[6.50]`, `HA[1]`, `GM`).
//!
//! The main line of a tree is, in SGF text order, every node before the first `)`: the first
//! variation is always written first.

use crate::Limits;
use crate::error::{ErrorKind, describe_at};

/// A property value the reader needs verbatim, with its place.
#[derive(Debug, Clone)]
pub(crate) struct RawProp {
    /// Normalised identifier (`SZ`, `KM`, `HA`, `GM`).
    pub ident: &'static str,
    /// The value, escapes removed, not trimmed.
    pub value: String,
    /// Byte offset of the value (after its `[`) in the text.
    pub offset: usize,
    /// Index of the node on the main line (0 = root).
    pub node: usize,
}

/// What the pre-pass learnt about one game tree.
#[derive(Debug, Default)]
pub(crate) struct GameScan {
    /// Offset of the opening `(`.
    pub start: usize,
    /// Offset just after the closing `)` (or the end of the text on an error).
    pub end: usize,
    /// The first error in the tree, with its offset.
    pub error: Option<(usize, ErrorKind)>,
    /// Byte ranges of all-lower-case identifiers, to upper-case before `sgf-parse` sees them.
    pub lower_idents: Vec<(usize, usize)>,
    /// Distinct lower-case identifiers seen (for the finding).
    pub lower_examples: Vec<String>,
    /// Distinct mixed-case (`FF[3]`) identifiers seen, with what they become.
    pub mixed_examples: Vec<(String, String)>,
    /// Raw values of `SZ`, `KM`, `HA`, `GM` on the main line.
    pub props: Vec<RawProp>,
    /// Number of nodes in the tree.
    pub nodes: usize,
    /// Number of moves (`B`, `W` properties) on the main line.
    pub moves: usize,
    /// Number of `)` missing at the end of the text (a truncated file), 0 normally.
    pub unclosed: usize,
}

/// Text outside any game tree.
#[derive(Debug)]
pub(crate) struct Outside {
    /// Offset of its first non-blank character.
    pub offset: usize,
    /// Number of non-blank characters.
    pub chars: usize,
}

/// The result of the pre-pass over a whole file.
#[derive(Debug, Default)]
pub(crate) struct Scan {
    /// The game trees, in file order.
    pub games: Vec<GameScan>,
    /// Text outside the game trees.
    pub outside: Vec<Outside>,
    /// Set when the file has more game trees than the limit (offset of the first one not read).
    pub too_many_games: Option<usize>,
}

const INTERESTING: [&str; 4] = ["SZ", "KM", "HA", "GM"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Just after `(`: a node must come.
    AfterOpen,
    /// Inside a node: properties, `;`, `(`, `)` may come.
    InNode,
    /// Just after a `)` that closed a variation: `(` or `)` may come.
    AfterClose,
}

/// Scans `text`.
pub(crate) fn scan(text: &str, limits: &Limits) -> Scan {
    let b = text.as_bytes();
    let mut out = Scan::default();
    let mut i = 0;
    while i < b.len() {
        let Some(open) = find_tree_start(b, i) else {
            note_outside(b, i, b.len(), &mut out.outside);
            break;
        };
        note_outside(b, i, open, &mut out.outside);
        if out.games.len() >= limits.max_games {
            out.too_many_games = Some(open);
            break;
        }
        let g = scan_tree(text, open, limits);
        i = g.end;
        out.games.push(g);
    }
    out
}

/// The next `(` at or after `from` that is followed (after blanks) by `;`.
fn find_tree_start(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(p) = b[i..].iter().position(|&c| c == b'(') {
        let open = i + p;
        let mut j = open + 1;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if b.get(j) == Some(&b';') {
            return Some(open);
        }
        // `(CA[x])`: a tree without a node is a broken tree, not stray text.
        let id = j;
        while j < b.len() && b[j].is_ascii_uppercase() {
            j += 1;
        }
        if j > id {
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if b.get(j) == Some(&b'[') {
                return Some(open);
            }
        }
        i = open + 1;
    }
    None
}

fn note_outside(b: &[u8], from: usize, to: usize, outside: &mut Vec<Outside>) {
    let slice = &b[from..to];
    let Some(first) = slice.iter().position(|c| !c.is_ascii_whitespace()) else {
        return;
    };
    let chars = slice
        .iter()
        .filter(|&&c| !c.is_ascii_whitespace() && (c as i8) >= -0x40)
        .count();
    outside.push(Outside {
        offset: from + first,
        chars,
    });
}

/// Scans one tree starting at the `(` at `open`. Never recurses.
fn scan_tree(text: &str, open: usize, limits: &Limits) -> GameScan {
    let b = text.as_bytes();
    let mut g = GameScan {
        start: open,
        ..GameScan::default()
    };
    // Depth (nodes on the current path) at each open `(`.
    let mut stack: Vec<usize> = vec![0];
    let mut depth = 0usize;
    let mut state = State::AfterOpen;
    let mut main_line = true;
    let mut main_node = 0usize; // index of the current main-line node + 1
    let mut i = open + 1;
    macro_rules! fail {
        ($at:expr, $kind:expr) => {
            if g.error.is_none() {
                g.error = Some(($at, $kind));
            }
        };
    }
    loop {
        let Some(&c) = b.get(i) else {
            // A tree cut short after a complete node: read it, as if closed.
            if state == State::AfterOpen {
                fail!(open, ErrorKind::UnclosedGameTree);
            }
            g.unclosed = stack.len();
            g.end = b.len();
            return g;
        };
        match c {
            b'(' => {
                if state == State::AfterOpen {
                    fail!(
                        i,
                        ErrorKind::MissingNode {
                            found: "'('".to_owned()
                        }
                    );
                }
                stack.push(depth);
                state = State::AfterOpen;
                i += 1;
            }
            b')' => {
                if state == State::AfterOpen {
                    fail!(
                        i,
                        ErrorKind::MissingNode {
                            found: "')'".to_owned()
                        }
                    );
                }
                depth = stack.pop().unwrap_or(0);
                main_line = false;
                state = State::AfterClose;
                i += 1;
                if stack.is_empty() {
                    g.end = i;
                    return g;
                }
            }
            b';' => {
                if state == State::AfterClose {
                    fail!(
                        i,
                        ErrorKind::UnexpectedCharacter {
                            found: "';' after a ')' (a node cannot follow a closed variation)"
                                .to_owned()
                        }
                    );
                }
                g.nodes += 1;
                depth += 1;
                if g.nodes > limits.max_nodes {
                    fail!(
                        i,
                        ErrorKind::TooManyNodes {
                            limit: limits.max_nodes
                        }
                    );
                }
                if depth > limits.max_depth {
                    fail!(
                        i,
                        ErrorKind::TooDeep {
                            limit: limits.max_depth
                        }
                    );
                }
                if main_line {
                    main_node += 1;
                }
                state = State::InNode;
                i += 1;
            }
            c if c.is_ascii_alphabetic() => {
                let id_start = i;
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let raw_ident = &text[id_start..i];
                if state != State::InNode {
                    fail!(
                        id_start,
                        ErrorKind::PropertyOutsideNode {
                            ident: raw_ident.to_owned()
                        }
                    );
                }
                let ident = normalise_ident(raw_ident, id_start, &mut g);
                if main_line && (ident == "B" || ident == "W") {
                    g.moves += 1;
                    if g.moves > limits.max_moves {
                        fail!(
                            id_start,
                            ErrorKind::TooManyMoves {
                                limit: limits.max_moves
                            }
                        );
                    }
                }
                let mut j = i;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if b.get(j) != Some(&b'[') {
                    fail!(
                        j,
                        ErrorKind::MissingValue {
                            ident: raw_ident.to_owned(),
                            found: describe_at(text, j),
                        }
                    );
                    i = j;
                    continue;
                }
                let interesting = if main_line && g.error.is_none() {
                    INTERESTING.iter().find(|&&s| s == ident.as_str()).copied()
                } else {
                    None
                };
                // Values: `[...]` repeated, blanks between.
                loop {
                    while j < b.len() && b[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    if b.get(j) != Some(&b'[') {
                        break;
                    }
                    let vstart = j + 1;
                    let Some(vend) = value_end(b, vstart) else {
                        fail!(j, ErrorKind::UnterminatedValue);
                        g.end = b.len();
                        return g;
                    };
                    if vend - vstart > limits.max_value_bytes {
                        fail!(
                            j,
                            ErrorKind::ValueTooLarge {
                                size: vend - vstart,
                                limit: limits.max_value_bytes
                            }
                        );
                    }
                    if let Some(ident) = interesting {
                        g.props.push(RawProp {
                            ident,
                            value: unescape(&text[vstart..vend]),
                            offset: vstart,
                            node: main_node.saturating_sub(1),
                        });
                    }
                    j = vend + 1;
                }
                i = j;
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                fail!(
                    i,
                    ErrorKind::UnexpectedCharacter {
                        found: describe_at(text, i)
                    }
                );
                i += text[i..].chars().next().map_or(1, char::len_utf8);
            }
        }
    }
}

/// The offset of the `]` closing a value that starts at `from`, honouring `\` escapes.
fn value_end(b: &[u8], from: usize) -> Option<usize> {
    let mut k = from;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            b']' => return Some(k),
            _ => k += 1,
        }
    }
    None
}

/// Removes SGF escapes: `\x` is `x`, and a `\` before a line break removes both.
pub(crate) fn unescape(s: &str) -> String {
    if !s.contains('\\') {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\n') if chars.peek() == Some(&'\r') => {
                chars.next();
            }
            Some('\r') if chars.peek() == Some(&'\n') => {
                chars.next();
            }
            Some('\n' | '\r') => {}
            Some(x) => out.push(x),
            None => {}
        }
    }
    out
}

/// The identifier as the reader uses it: all upper case stays; no upper-case letter at all
/// (`b`, `add`) is upper-cased (`sgf-parse` would drop every letter); mixed case (`FF[3]`
/// `AddBlack`) keeps its upper-case letters, as `sgf-parse` does.
fn normalise_ident(raw: &str, at: usize, g: &mut GameScan) -> String {
    let bytes = raw.as_bytes();
    if bytes.iter().all(u8::is_ascii_uppercase) {
        return raw.to_owned();
    }
    if !bytes.iter().any(u8::is_ascii_uppercase) {
        g.lower_idents.push((at, at + raw.len()));
        if g.lower_examples.len() < 8 && !g.lower_examples.iter().any(|e| e == raw) {
            g.lower_examples.push(raw.to_owned());
        }
        return raw.to_ascii_uppercase();
    }
    let kept: String = raw.chars().filter(char::is_ascii_uppercase).collect();
    if g.mixed_examples.len() < 8 && !g.mixed_examples.iter().any(|(e, _)| e == raw) {
        g.mixed_examples.push((raw.to_owned(), kept.clone()));
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> GameScan {
        let mut s = scan(text, &Limits::default());
        assert_eq!(s.games.len(), 1, "{text}");
        s.games.remove(0)
    }

    #[test]
    fn finds_trees_and_outside_text() {
        let s = scan(
            "Game (2004)\n(;GM[1];B[aa])junk(;W[bb](;B[cc])(;B[dd]))",
            &Limits::default(),
        );
        assert_eq!(s.games.len(), 2);
        assert!(s.games.iter().all(|g| g.error.is_none()));
        assert_eq!(s.outside.len(), 2);
        assert_eq!(s.games[1].nodes, 3);
    }

    #[test]
    fn main_line_props_are_located() {
        let g = one("(;SZ[ 19]KM[6.50];B[aa](;HA[2])(;KM[1]))");
        let v: Vec<_> = g
            .props
            .iter()
            .map(|p| (p.ident, p.value.as_str(), p.node))
            .collect();
        assert_eq!(v, [("SZ", " 19", 0), ("KM", "6.50", 0), ("HA", "2", 2)]);
        assert_eq!(g.props[0].offset, 5);
    }

    #[test]
    fn errors_are_located() {
        let t = "(;B[aa];W[bb\n";
        assert_eq!(one(t).error, Some((9, ErrorKind::UnterminatedValue)));
        let cut = one("(;B[aa](;W[bb]");
        assert_eq!((cut.error, cut.unclosed), (None, 2));
        assert!(matches!(
            one("(;B[aa](").error,
            Some((0, ErrorKind::UnclosedGameTree))
        ));
        assert!(matches!(
            one("(CA[UTF-8])").error,
            Some((1, ErrorKind::PropertyOutsideNode { .. }))
        ));
        assert!(matches!(
            one("(;B[aa]C)").error,
            Some((8, ErrorKind::MissingValue { .. }))
        ));
        assert!(matches!(
            one("(;B[aa]())").error,
            Some((8, ErrorKind::MissingNode { .. }))
        ));
        assert!(matches!(
            one("(;B[aa](;W[bb])C[x])").error,
            Some((15, ErrorKind::PropertyOutsideNode { .. }))
        ));
        assert!(matches!(
            one("(;B[aa]1)").error,
            Some((7, ErrorKind::UnexpectedCharacter { .. }))
        ));
    }

    #[test]
    fn an_error_does_not_swallow_the_next_game() {
        let s = scan("(;B[aa]2)(;W[bb])", &Limits::default());
        assert_eq!(s.games.len(), 2);
        assert!(s.games[0].error.is_some());
        assert!(s.games[1].error.is_none());
    }

    #[test]
    fn limits() {
        let deep = format!("({})", ";B[aa]".repeat(100));
        let limits = Limits {
            max_depth: 50,
            ..Limits::default()
        };
        let g = scan(&deep, &limits).games.remove(0);
        assert!(matches!(
            g.error,
            Some((_, ErrorKind::TooDeep { limit: 50 }))
        ));
        let limits = Limits {
            max_games: 1,
            ..Limits::default()
        };
        let s = scan("(;)(;)", &limits);
        assert_eq!(s.games.len(), 1);
        assert_eq!(s.too_many_games, Some(3));
        let limits = Limits {
            max_value_bytes: 4,
            max_moves: 2,
            ..Limits::default()
        };
        assert!(one("(;C[abcd];B[aa]W[bb])").error.is_none());
        let g = scan("(;C[abcd];B[aa]C[abcde])", &limits).games.remove(0);
        assert_eq!(
            g.error,
            Some((16, ErrorKind::ValueTooLarge { size: 5, limit: 4 }))
        );
        let g = scan("(;B[aa];W[bb](;b[cc])(;B[dd]))", &limits)
            .games
            .remove(0);
        assert_eq!(g.error, Some((15, ErrorKind::TooManyMoves { limit: 2 })));
        // Moves in variations do not count.
        let g = scan("(;B[aa](;W[bb])(;W[cc]B[dd]W[ee]))", &limits)
            .games
            .remove(0);
        assert_eq!((g.error, g.moves), (None, 2));
    }

    #[test]
    fn identifiers() {
        let g = one("(;b[pd]AddBlack[aa]add[bb])");
        assert_eq!(g.lower_idents, [(2, 3), (19, 22)]);
        assert_eq!(g.lower_examples, ["b", "add"]);
        assert_eq!(g.mixed_examples, [("AddBlack".to_owned(), "AB".to_owned())]);
    }

    /// A backslash before a line break removes it, whatever the break: LF, CR, CR LF or
    /// LF CR (SGF's soft line break); the character after the break stays.
    #[test]
    fn soft_line_breaks_of_every_kind() {
        for text in ["a\\\nb", "a\\\rb", "a\\\r\nb", "a\\\n\rb"] {
            assert_eq!(unescape(text), "ab", "{text:?}");
        }
        assert_eq!(unescape("a\\\n\nb"), "a\nb", "one break only");
    }

    #[test]
    fn escapes() {
        assert_eq!(
            unescape(
                r"a\]b\\c\
d"
            ),
            r"a]b\cd"
        );
        let g = one(r"(;C[x\]y];B[aa])");
        assert!(g.error.is_none());
        assert_eq!(g.nodes, 2);
    }
}
