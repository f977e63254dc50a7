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
use std::borrow::Cow;

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
    /// The root node's properties, in order (to find repeated ones).
    pub root_props: Vec<RootProp>,
    /// Properties repeated in the root, and what was made of them.
    pub repeated: Vec<Repeated>,
    /// Byte ranges to blank out (replace by spaces) before `sgf-parse` sees the tree: the
    /// later copies of a repeated single-valued root property.
    pub blank: Vec<(usize, usize)>,
    /// Offsets of the `]` a repair reads as part of their value (sorted): `sgf-parse` gets
    /// them escaped.
    pub escaped: Vec<usize>,
    /// The repairs of unescaped `]`, in file order, when the tree was repaired.
    pub repairs: Vec<BracketRepair>,
    /// When the tree could not be read (or ended early with nodes after it) right after a
    /// text value: that value, the likely place of an unescaped `]`.
    pub suspect: Option<TextValue>,
    /// The text values of the node the scan was in when it failed or ended (candidates for a
    /// repair).
    pub(crate) node_values: Vec<TextValue>,
    /// Offset of the first setup property (`AB`, `AW`, `AE`) on the main line.
    pub setup_at: Option<usize>,
}

/// A value of a text property (`C`, `GN`, `PB`, …): the kind of value an unescaped `]` ends
/// early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TextValue {
    /// Normalised identifier.
    pub ident: String,
    /// Offset of its `[`.
    pub open: usize,
    /// Offset of the `]` that closed it.
    pub close: usize,
}

/// An unescaped `]` repaired: the value it ended early now ends at a later `]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BracketRepair {
    /// Normalised identifier of the value.
    pub ident: String,
    /// Offset of the `]` that ended it early (the first one escaped).
    pub at: usize,
    /// Offset of the `]` that ends it now.
    pub close: usize,
    /// How many `]` were read as part of the value.
    pub count: usize,
    /// What the tree did without the repair: ended early with nodes after it, or failed.
    pub without: String,
}

/// Properties whose values are text, where an unescaped `]` is the usual mistake.
const TEXT_PROPERTIES: &[&str] = &[
    "C", "GC", "N", "GN", "EV", "PB", "PW", "BR", "WR", "PC", "SO", "AN", "CP", "US", "RO", "DT",
    "ON", "OT", "RE", "RU", "BT", "WT",
];

/// Trees larger than this are not tried for repairs (each try scans the tree again); real
/// records are under 100 KB.
const REPAIR_MAX_TREE_BYTES: usize = 4 << 20;
/// Scans a repair may cost, for one tree.
const REPAIR_MAX_TRIES: usize = 32;

/// A property of the root node, as written.
#[derive(Debug, Clone)]
pub(crate) struct RootProp {
    /// Normalised identifier.
    pub ident: String,
    /// Offset of its identifier.
    pub start: usize,
    /// Offset just after its last `]`.
    pub end: usize,
    /// Its values, as written (escapes kept), joined by `][`.
    pub values: String,
}

/// What the reader made of a property repeated in the root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RepeatedKind {
    /// Every copy has the same value: read once.
    Identical,
    /// A list of points or markup, or a comment: the values are merged.
    Merged,
    /// Single-valued, with different values: the first is kept.
    FirstKept,
}

/// A property repeated in the root.
#[derive(Debug, Clone)]
pub(crate) struct Repeated {
    /// Normalised identifier.
    pub ident: String,
    /// How many times it appears.
    pub count: usize,
    /// The values of each copy, as written.
    pub values: Vec<String>,
    /// What was made of it.
    pub kind: RepeatedKind,
}

/// Properties whose repeated copies in one node add up (point lists, markup): merged, not
/// reduced to one.
const MERGED_PROPERTIES: &[&str] = &[
    "AB", "AW", "AE", "TB", "TW", "AR", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TR", "VW",
];

/// Comments: every copy is read, as before, and nothing is said (OGS writes its chat as one
/// `C` per line, 156 games of the test corpus).
const COMMENTS: &[&str] = &["C", "GC"];

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
        let g = repair_brackets(text, scan_tree(text, open, limits, &[]), limits);
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

/// Scans one tree starting at the `(` at `open`, then settles the properties repeated in its
/// root. `escaped` lists offsets of `]` to read as part of their value (a repair, sorted).
fn scan_tree(text: &str, open: usize, limits: &Limits, escaped: &[usize]) -> GameScan {
    let mut g = scan_tree_raw(text, open, limits, escaped);
    settle_root_repeats(&mut g);
    g
}

/// Properties repeated in the root: identical copies are read once, lists and comments are
/// merged, different values of a single-valued property keep the first. The copies not read
/// are blanked out (and dropped from `props`), so that `sgf-parse` (which rejects a repeated
/// `GM`) never sees them.
fn settle_root_repeats(g: &mut GameScan) {
    let mut seen: Vec<&str> = Vec::new();
    for p in &g.root_props {
        if seen.contains(&p.ident.as_str()) {
            continue;
        }
        seen.push(&p.ident);
        let copies: Vec<&RootProp> = g.root_props.iter().filter(|q| q.ident == p.ident).collect();
        if copies.len() < 2 || COMMENTS.contains(&p.ident.as_str()) {
            continue;
        }
        let values: Vec<String> = copies.iter().map(|c| c.values.clone()).collect();
        let kind = if MERGED_PROPERTIES.contains(&p.ident.as_str()) {
            RepeatedKind::Merged
        } else if values.iter().all(|v| *v == values[0]) {
            RepeatedKind::Identical
        } else {
            RepeatedKind::FirstKept
        };
        if kind != RepeatedKind::Merged {
            g.blank.extend(copies[1..].iter().map(|c| (c.start, c.end)));
        }
        g.repeated.push(Repeated {
            ident: p.ident.clone(),
            count: copies.len(),
            values,
            kind,
        });
    }
    if !g.blank.is_empty() {
        let blank = &g.blank;
        g.props
            .retain(|p| !blank.iter().any(|&(a, b)| (a..b).contains(&p.offset)));
    }
}

/// Scans one tree starting at the `(` at `open`. Never recurses.
fn scan_tree_raw(text: &str, open: usize, limits: &Limits, escaped: &[usize]) -> GameScan {
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
    // The text values of the current node, and the last text value anywhere.
    let mut node_values: Vec<TextValue> = Vec::new();
    let mut last_value: Option<TextValue> = None;
    macro_rules! fail {
        ($at:expr, $kind:expr) => {
            if g.error.is_none() {
                g.error = Some(($at, $kind));
                g.node_values = node_values.clone();
                g.suspect = last_value.clone();
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
                    if g.error.is_none() {
                        g.node_values = node_values;
                        g.suspect = last_value;
                    }
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
                node_values.clear();
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
                if main_line && g.setup_at.is_none() && matches!(&*ident, "AB" | "AW" | "AE") {
                    g.setup_at = Some(id_start);
                }
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
                    INTERESTING.iter().find(|&&s| s == ident).copied()
                } else {
                    None
                };
                let in_root = main_line && g.nodes == 1 && state == State::InNode;
                let mut values: Vec<&str> = Vec::new();
                // Values: `[...]` repeated, blanks between.
                loop {
                    while j < b.len() && b[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    if b.get(j) != Some(&b'[') {
                        break;
                    }
                    let vstart = j + 1;
                    let Some(vend) = value_end(b, vstart, escaped) else {
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
                    if in_root {
                        values.push(&text[vstart..vend]);
                    }
                    if TEXT_PROPERTIES.contains(&&*ident) {
                        let v = TextValue {
                            ident: ident.clone().into_owned(),
                            open: j,
                            close: vend,
                        };
                        node_values.push(v.clone());
                        last_value = Some(v);
                    }
                    j = vend + 1;
                }
                if in_root {
                    g.root_props.push(RootProp {
                        ident: ident.into_owned(),
                        start: id_start,
                        end: j,
                        values: values.join("]["),
                    });
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

/// Whether an error is of a kind an unescaped `]` in a text value explains.
pub(crate) fn bracket_error(kind: &ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::MissingValue { .. }
            | ErrorKind::UnexpectedCharacter { .. }
            | ErrorKind::PropertyOutsideNode { .. }
            | ErrorKind::MissingNode { .. }
            | ErrorKind::EndsEarly
    )
}

/// Whether a tree's scan went wrong in a way an unescaped `]` in a text value explains: a
/// grammar error after a text value, or a tree that closed while SGF nodes follow in the text
/// skipped after it.
fn bracket_trouble(text: &str, g: &GameScan) -> bool {
    match &g.error {
        Some((_, kind)) => bracket_error(kind) && g.suspect.is_some(),
        None => g.unclosed == 0 && nodes_follow(text, g.end),
    }
}

/// Whether SGF nodes follow the end of a tree at `end` in the text skipped before the next
/// tree: a node (`;` then a property) in it, or only `]`, `)` and blanks before a `(;` (the
/// rest of the tree read as trees of their own).
pub(crate) fn nodes_follow(text: &str, end: usize) -> bool {
    let b = text.as_bytes();
    let next = find_tree_start(b, end).unwrap_or(b.len());
    let skipped = &b[end..next];
    let node = skipped.iter().enumerate().any(|(k, &c)| {
        if c != b';' {
            return false;
        }
        let rest = &skipped[k + 1..];
        let mut j = rest.iter().take_while(|c| c.is_ascii_whitespace()).count();
        let id = j;
        j += rest[j..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        j > id && rest[j..].iter().find(|c| !c.is_ascii_whitespace()) == Some(&b'[')
    });
    let only_closers = !skipped.iter().all(u8::is_ascii_whitespace)
        && skipped
            .iter()
            .all(|&c| c == b']' || c == b')' || c.is_ascii_whitespace())
        && next < b.len();
    node || only_closers
}

/// Whether the text between two offsets holds a move node (`;` then `B[` or `W[`): a repair
/// must not read moves into a comment.
fn swallows_a_move(text: &str, from: usize, to: usize) -> bool {
    let b = &text.as_bytes()[from..to];
    b.iter().enumerate().any(|(k, &c)| {
        if c != b';' {
            return false;
        }
        let rest = &b[k + 1..];
        let j = rest.iter().take_while(|c| c.is_ascii_whitespace()).count();
        matches!(rest.get(j), Some(b'B' | b'W'))
            && rest[j + 1..].iter().find(|c| !c.is_ascii_whitespace()) == Some(&b'[')
    })
}

/// Tries to repair a tree whose scan went wrong after a text value ([`bracket_trouble`]).
/// A repair reads the value on to its next `]` (and the next, never over a move) until the
/// tree reads further: without error to its end with no nodes after it, or up to a failure
/// after another text value, which is repaired the same way in turn. Each step must be the
/// only one that gets further (the values of the failing node are tried, the last first;
/// a value once repaired is not tried again). A tree that reads to its end so is repaired and
/// reported (`unescaped-bracket-repaired`); otherwise it is left as it was, with the likely
/// cause noted for its error (`unescaped-bracket`), and a tree that closed early with nodes
/// after it becomes an error ([`ErrorKind::EndsEarly`]).
fn repair_brackets(text: &str, g: GameScan, limits: &Limits) -> GameScan {
    if !bracket_trouble(text, &g) {
        return g;
    }
    let b = text.as_bytes();
    let whole = |t: &GameScan| t.error.is_none() && t.unclosed == 0 && !nodes_follow(text, t.end);
    let failure = |t: &GameScan| match &t.error {
        Some((_, kind)) => kind.to_string(),
        None => "the game tree ended there, and SGF nodes follow in the text skipped after it"
            .to_owned(),
    };
    let mut tries = 0;
    let mut repairs: Vec<BracketRepair> = Vec::new();
    let mut escaped: Vec<usize> = Vec::new();
    let mut repaired: Vec<usize> = Vec::new();
    let mut current: Option<GameScan> = None;
    if g.end - g.start <= REPAIR_MAX_TREE_BYTES {
        loop {
            let cur = current.as_ref().unwrap_or(&g);
            let mut steps: Vec<(TextValue, Vec<usize>, usize, GameScan)> = Vec::new();
            for v in cur.node_values.iter().rev() {
                if repaired.contains(&v.open) {
                    continue;
                }
                let mut esc = escaped.clone();
                let mut close = v.close;
                while tries < REPAIR_MAX_TRIES {
                    esc.push(close);
                    esc.sort_unstable();
                    let Some(next) = value_end(b, v.open + 1, &esc) else {
                        break;
                    };
                    if swallows_a_move(text, close, next) {
                        break;
                    }
                    tries += 1;
                    let trial = scan_tree(text, g.start, limits, &esc);
                    let further = whole(&trial)
                        || (bracket_trouble(text, &trial)
                            && trial.suspect.as_ref().is_some_and(|s| s.open > next));
                    if further {
                        steps.push((v.clone(), esc, next, trial));
                        break;
                    }
                    close = next;
                }
            }
            // Out of tries, a value may not have been tried to the end: exactly one is not
            // known, so nothing is repaired.
            if steps.len() != 1 || tries >= REPAIR_MAX_TRIES {
                break;
            }
            let (v, esc, close, trial) = steps.remove(0);
            repairs.push(BracketRepair {
                ident: v.ident,
                at: v.close,
                close,
                count: esc.len() - escaped.len(),
                without: failure(cur),
            });
            repaired.push(v.open);
            escaped = esc;
            let done = whole(&trial);
            current = Some(trial);
            if done {
                let mut t = current.take().unwrap_or_else(|| unreachable!("just set"));
                t.escaped = escaped;
                t.repairs = repairs;
                return t;
            }
        }
    }
    let mut g = g;
    if g.error.is_none() {
        // The tree closed early (its `)` is the last character read) and nodes follow.
        g.error = Some((g.end - 1, ErrorKind::EndsEarly));
    }
    // A text value is named as the likely cause only when nothing but its own text can lie
    // between it and the failure: no move node.
    let failed_at = g.error.as_ref().map_or(g.end, |(at, _)| *at);
    if let Some(v) = &g.suspect {
        if v.close > failed_at || swallows_a_move(text, v.close, failed_at) {
            g.suspect = None;
        }
    }
    g
}

/// The offset of the `]` closing a value that starts at `from`, honouring `\` escapes and the
/// `]` a repair reads as part of the value (`escaped`, sorted).
fn value_end(b: &[u8], from: usize, escaped: &[usize]) -> Option<usize> {
    let mut k = from;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            b']' if escaped.binary_search(&k).is_err() => return Some(k),
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
fn normalise_ident<'t>(raw: &'t str, at: usize, g: &mut GameScan) -> Cow<'t, str> {
    let bytes = raw.as_bytes();
    if bytes.iter().all(u8::is_ascii_uppercase) {
        // The usual case: no copy.
        return Cow::Borrowed(raw);
    }
    if !bytes.iter().any(u8::is_ascii_uppercase) {
        g.lower_idents.push((at, at + raw.len()));
        if g.lower_examples.len() < 8 && !g.lower_examples.iter().any(|e| e == raw) {
            g.lower_examples.push(raw.to_owned());
        }
        return Cow::Owned(raw.to_ascii_uppercase());
    }
    let kept: String = raw.chars().filter(char::is_ascii_uppercase).collect();
    if g.mixed_examples.len() < 8 && !g.mixed_examples.iter().any(|(e, _)| e == raw) {
        g.mixed_examples.push((raw.to_owned(), kept.clone()));
    }
    Cow::Owned(kept)
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
