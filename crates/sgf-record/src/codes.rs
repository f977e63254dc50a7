//! The stable codes of the findings the reader puts in
//! [`GameRecord::warnings`](rules_core::GameRecord::warnings). Each is kebab-case and never
//! changes meaning; `docs/sgf.md` lists them all with examples.

/// The file starts with a byte-order mark (skipped; it decides the charset).
pub const BYTE_ORDER_MARK: &str = "byte-order-mark";
/// No `CA[]` and the bytes are not UTF-8: the charset was guessed.
pub const CHARSET_GUESSED: &str = "charset-guessed";
/// `CA[]` names a charset the bytes are not in (e.g. `CA[UTF-8]` on invalid UTF-8): decoded
/// with a guess instead.
pub const CHARSET_MISMATCH: &str = "charset-mismatch";
/// `CA[]` names no charset the reader knows (`CA[FOO]`): decoded as UTF-8 or a guess.
pub const CHARSET_UNKNOWN: &str = "charset-unknown";
/// Some bytes are malformed in the charset used; they became U+FFFD.
pub const CHARSET_MALFORMED: &str = "charset-malformed";
/// Text before, between or after the game trees was skipped.
pub const TEXT_OUTSIDE_GAME_TREE: &str = "text-outside-game-tree";
/// All-lower-case identifiers (`FF[3]` `b[pd]`) were upper-cased.
pub const IDENTIFIER_LOWER_CASE: &str = "identifier-lower-case";
/// Mixed-case `FF[3]` identifiers (`AddBlack`) were reduced to their capitals (`AB`).
pub const IDENTIFIER_MIXED_CASE: &str = "identifier-mixed-case";
/// A node holds more than one move (`;B[pd]W[dp]`): all are kept, in order.
pub const MOVES_IN_ONE_NODE: &str = "moves-in-one-node";
/// A node holds setup (`AB`/`AW`/`AE`) and a move: the setup is applied first.
pub const SETUP_AND_MOVE_IN_NODE: &str = "setup-and-move-in-node";
/// A `B`/`W` value that is neither a point nor empty (kept as an off-board move).
pub const MOVE_MALFORMED: &str = "move-malformed";
/// A setup point off the board (dropped).
pub const SETUP_OFF_BOARD: &str = "setup-off-board";
/// A setup value that is not a point or a rectangle `aa:cc` (dropped).
pub const SETUP_MALFORMED: &str = "setup-malformed";
/// A `PL` value that is not `B` or `W` (ignored).
pub const PLAYER_MALFORMED: &str = "player-malformed";
/// `PL[1]`/`PL[2]` (old GNU Go files) read as Black/White.
pub const PLAYER_NUMERIC: &str = "player-numeric";
/// The file ends inside a game tree after a complete node (a truncated file): read as if
/// the missing `)` were there.
pub const GAME_TREE_UNCLOSED: &str = "game-tree-unclosed";
/// Blanks around a value (`SZ[ 19]`, `KM[ 7.5 ]`) were ignored.
pub const VALUE_WHITESPACE: &str = "value-whitespace";
/// A later `SZ` on the main line differs from the first (ignored).
pub const SIZE_REPEATED: &str = "size-repeated";
/// `KM` is not a number, or beyond ±[`KOMI_MAX`](crate::KOMI_MAX) (komi left unset).
pub const KOMI_INVALID: &str = "komi-invalid";
/// `KM` is kept but unusual: not a multiple of 0.5, or beyond ±20.
pub const KOMI_UNUSUAL: &str = "komi-unusual";
/// `KM` written ×100 or ×50 (Fox: `KM[750]`, `KM[375]`) was normalised to points.
pub const KOMI_NORMALISED: &str = "komi-normalised";
/// `HA` is 0, 1 or not a number: no handicap is recorded.
pub const HANDICAP_INVALID: &str = "handicap-invalid";
/// `HA[n]` disagrees with the number of black setup stones before the first move.
pub const HANDICAP_STONES_MISMATCH: &str = "handicap-stones-mismatch";
/// `HA[n]` with no setup stones, and the game opens with exactly n black moves before the
/// first white one: free-placement handicap stones written as moves (KGS does this); they
/// are read as the starting setup.
pub const HANDICAP_AS_MOVES: &str = "handicap-as-moves";
/// `RE` could not be understood (kept as `Outcome::Unknown`).
pub const RESULT_UNRECOGNISED: &str = "result-unrecognised";
/// `RE` names a winner with a margin of zero (`B+0.0`): read as a win without a count.
pub const RESULT_ZERO_MARGIN: &str = "result-zero-margin";
/// `RE` margin that is not a multiple of 0.5 (`B+0.2`).
pub const RESULT_MARGIN_UNUSUAL: &str = "result-margin-unusual";
/// A counted `RE` whose margin is not the komi plus a whole number (`RE[W+1.5]` with
/// `KM[0]`): no count gives it, so the komi or the result is not the game's.
pub const RESULT_KOMI_INCONSISTENT: &str = "result-komi-inconsistent";
/// `TB`/`TW` before the end of the main line (not end-of-game markup; ignored).
pub const MARKUP_NOT_AT_END: &str = "markup-not-at-end";
/// A `TB`/`TW` point off the board or malformed (dropped).
pub const MARKUP_MALFORMED: &str = "markup-malformed";
/// A game-info property (`KM`, `HA`, `RE`, `RU`, `PB`, …) appears again later on the main
/// line with another value; the first is used.
pub const GAME_INFO_REPEATED: &str = "game-info-repeated";
/// A property appears more than once in the root: the same value again is read once (a
/// note); point lists, markup and comments are merged (a note); different values of a
/// single-valued property keep the first (a warning). `GM[1]GM[1]` (GNU Go's NNGS records)
/// is read as `GM[1]`.
pub const PROPERTY_REPEATED: &str = "property-repeated";
/// A text value (a comment, a player's name) held an unescaped `]` that ended it early, and
/// exactly one repair — reading that `]` (and possibly the next ones, never over a move) as
/// part of the value — makes the rest of the game tree parse: the repair is made. The message
/// names the place of the `]` and the new end of the value.
pub const UNESCAPED_BRACKET_REPAIRED: &str = "unescaped-bracket-repaired";
/// The setup before the first move left stones without liberties; they were removed (the
/// message names them), as they cannot stand on a board. [`SetupPolicy::Refuse`](crate::SetupPolicy::Refuse)
/// refuses such records instead.
pub const SETUP_WITHOUT_LIBERTIES_REMOVED: &str = "setup-without-liberties-removed";
/// No `HA`, and the record writes a handicap all the same: black setup stones only with White
/// to move (`AB` + `PL[W]`), or the game opening with several black moves before White's
/// first (read as setup). The record then carries the handicap.
pub const HANDICAP_INFERRED: &str = "handicap-inferred";
/// The `GM[1]` value had to be repaired (blanks) for the parser.
pub const GAME_TYPE_REPAIRED: &str = "game-type-repaired";

/// A gorules-private property (`INITIALPROHIBITED` in the root, `REMOVECYCLE` on a move's
/// node) with a value that is not what it must be, or in a place where it means nothing
/// (ignored).
pub const PRIVATE_PROPERTY_MALFORMED: &str = "private-property-malformed";
/// The root declares initially prohibited locations (`INITIALPROHIBITED`, Pauli rule 2):
/// only `pauli` has them; the other rulesets ignore them.
pub const INITIAL_PROHIBITED: &str = "initial-prohibited";

/// Every code, for documentation tests.
pub const ALL: &[&str] = &[
    BYTE_ORDER_MARK,
    CHARSET_GUESSED,
    CHARSET_MISMATCH,
    CHARSET_UNKNOWN,
    CHARSET_MALFORMED,
    TEXT_OUTSIDE_GAME_TREE,
    IDENTIFIER_LOWER_CASE,
    IDENTIFIER_MIXED_CASE,
    MOVES_IN_ONE_NODE,
    SETUP_AND_MOVE_IN_NODE,
    MOVE_MALFORMED,
    SETUP_OFF_BOARD,
    SETUP_MALFORMED,
    PLAYER_MALFORMED,
    PLAYER_NUMERIC,
    GAME_TREE_UNCLOSED,
    VALUE_WHITESPACE,
    SIZE_REPEATED,
    KOMI_INVALID,
    KOMI_UNUSUAL,
    KOMI_NORMALISED,
    HANDICAP_INVALID,
    HANDICAP_STONES_MISMATCH,
    HANDICAP_AS_MOVES,
    RESULT_UNRECOGNISED,
    RESULT_ZERO_MARGIN,
    RESULT_MARGIN_UNUSUAL,
    RESULT_KOMI_INCONSISTENT,
    MARKUP_NOT_AT_END,
    MARKUP_MALFORMED,
    GAME_INFO_REPEATED,
    PROPERTY_REPEATED,
    UNESCAPED_BRACKET_REPAIRED,
    SETUP_WITHOUT_LIBERTIES_REMOVED,
    HANDICAP_INFERRED,
    GAME_TYPE_REPAIRED,
    PRIVATE_PROPERTY_MALFORMED,
    INITIAL_PROHIBITED,
];
