//! # sgf-record
//!
//! Reads game records into [`rules_core::GameRecord`]s: SGF as real servers and programs
//! write it, and a small JSON format for games on graph boards ([`graph`]).
//!
//! * [`read_sgf`] — the bytes of an SGF file → an [`SgfFile`]: the charset used, and one
//!   `Result` per game tree, so a broken game does not hide the others.
//! * [`ReadOptions`] / [`Limits`] — size, depth and node limits (generous defaults).
//! * [`SgfError`] — what is wrong and where (`line 3, column 14: unterminated property
//!   value`); [`ErrorKind::code`] gives a stable kebab-case kind for counting.
//! * [`parse_result`] — `RE` text → a structured result.
//! * [`codes`] — the stable codes of every finding the reader adds to a record's warnings.
//! * [`graph::read_graph_json`] — a graph-board game in JSON (docs/graph-format.md).
//!
//! How it reads: a linear pre-pass over the decoded text finds the game trees, checks the
//! grammar with positions, enforces the limits and notes what `sgf-parse` would get wrong;
//! `sgf-parse` then builds each well-formed tree and types the property values; the main
//! line (first child at every node) becomes the record, and the tree is taken apart
//! iteratively, so a 50,000-move main line neither recurses nor overflows the stack.
//! docs/sgf.md lists every quirk, limit and finding.
//!
//! ```
//! use rules_core::{Action, Color, Outcome, RecordedMove};
//! use sgf_record::{read_sgf, ReadOptions};
//!
//! let sgf = b"(;GM[1]FF[4]SZ[9]KM[6.50]RE[W+R];B[ee];W[tt](;B[dc])(;B[cd]))";
//! let file = read_sgf(sgf, &ReadOptions::default()).unwrap();
//! assert_eq!(file.encoding, "UTF-8");
//! let game = file.games[0].as_ref().unwrap();
//! assert_eq!(game.move_count(), 3);
//! // `tt` is a pass on boards up to 19×19.
//! assert_eq!(
//!     game.actions[1],
//!     Action::Move { color: Color::White, mv: RecordedMove::Pass }
//! );
//! assert_eq!(game.komi.as_ref().unwrap().value, 6.5);
//! assert_eq!(game.komi.as_ref().unwrap().raw, "6.50");
//! assert_eq!(game.result.as_ref().unwrap().outcome, Outcome::Resignation { winner: Color::White });
//! assert_eq!(game.variations_ignored, 1);
//!
//! // Errors name the place.
//! let file = read_sgf(b"(;B[aa]\n;W[bb", &ReadOptions::default()).unwrap();
//! let err = file.games[0].as_ref().unwrap_err();
//! assert_eq!(err.to_string(),
//!     "line 2, column 3: unterminated property value: this '[' has no closing ']' before the end of the file");
//! ```
#![deny(missing_docs)]

mod build;
mod charset;
pub mod codes;
mod error;
pub mod graph;
mod locate;
mod prepass;
mod values;
mod write;

pub use charset::encoding_for_label;
pub use error::{ErrorKind, Place, SgfError};
pub use values::{KOMI_MAX, KOMI_USUAL_MAX, parse_result};
pub use write::{WriteError, WriteOptions, write_sgf};

use rules_core::{Finding, GameRecord};

/// Limits that bound the work and memory a file can ask for. The defaults are far beyond
/// any real record (the longest real games have under 1,000 moves) and still bound a
/// hostile file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Largest file, in bytes. Default 64 MiB.
    pub max_file_bytes: usize,
    /// Most game trees read from one file; the rest give one `too-many-games` error.
    /// Default 100,000.
    pub max_games: usize,
    /// Most nodes in one game tree (all variations). Default 1,000,000.
    pub max_nodes: usize,
    /// Most nodes on one path from the root (the main line's length, for instance).
    /// Default 250,000.
    pub max_depth: usize,
    /// Largest property value, in bytes of the decoded text (escapes included). Default
    /// 1 MiB; the largest value in the test corpus is a 6.8 KB comment.
    pub max_value_bytes: usize,
    /// Most moves (`B`, `W` properties) on a game's main line. Default 100,000; the longest
    /// game in the test corpus has 2,788 moves.
    pub max_moves: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_file_bytes: 64 << 20,
            max_games: 100_000,
            max_nodes: 1_000_000,
            max_depth: 250_000,
            max_value_bytes: 1 << 20,
            max_moves: 100_000,
        }
    }
}

/// Options for [`read_sgf`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Size, depth and node limits.
    pub limits: Limits,
    /// What to do with stones the setup before the first move leaves without liberties.
    pub setup_without_liberties: SetupPolicy,
}

/// What the reader does with stones that the setup before the first move (`AB`, `AW`, `AE`)
/// leaves without liberties, which no rules let stand on a board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum SetupPolicy {
    /// Remove them, with a note (`setup-without-liberties-removed`): every chain without a
    /// liberty in the position the setup builds goes, of both colours at once. KataGo's
    /// `setStone` removes such stones as it places them too.
    #[default]
    Remove,
    /// Refuse the record: the game is an error (`setup-without-liberties`), as KataGo's
    /// `setStonesFailIfNoLibs` refuses such a position (a strict mode).
    Refuse,
}

/// What a file holds: its games, in order, each read or rejected on its own.
#[derive(Debug)]
pub struct SgfFile {
    /// The charset used to decode the file (an `encoding_rs` name: `UTF-8`, `GBK`, `Big5`,
    /// `Shift_JIS`, `EUC-KR`, `windows-1252`, …).
    pub encoding: &'static str,
    /// Findings about the whole file (charset, text outside the game trees). They are also
    /// copied into the warnings of every game read.
    pub findings: Vec<Finding>,
    /// One entry per game tree, in file order.
    pub games: Vec<Result<GameRecord, SgfError>>,
}

/// Reads the bytes of an SGF file.
///
/// # Errors
/// Fails as a whole only when the file is larger than [`Limits::max_file_bytes`] or holds no
/// game tree at all (then the error names line 1, column 1). Everything else is per game.
pub fn read_sgf(bytes: &[u8], options: &ReadOptions) -> Result<SgfFile, SgfError> {
    let limits = &options.limits;
    if bytes.len() > limits.max_file_bytes {
        return Err(SgfError {
            place: None,
            kind: ErrorKind::FileTooLarge {
                size: bytes.len(),
                limit: limits.max_file_bytes,
            },
        });
    }
    let decoded = charset::decode(bytes);
    let text: &str = &decoded.text;
    // Places are asked for in file order (one forward pass, however many errors).
    let mut locator = locate::Locator::new(bytes, &decoded);
    let mut place = |offset: usize| -> Place { locator.place(offset) };
    let scan = prepass::scan(text, limits);
    if scan.games.is_empty() {
        return Err(SgfError {
            place: Some(place(0)),
            kind: ErrorKind::NoGameTree,
        });
    }
    let mut findings = decoded.findings.clone();
    if !scan.outside.is_empty() {
        let chars: usize = scan.outside.iter().map(|o| o.chars).sum();
        let first = place(scan.outside[0].offset);
        findings.push(Finding::new(
            codes::TEXT_OUTSIDE_GAME_TREE,
            format!(
                "{chars} character(s) outside the game trees were skipped (the first at {first})"
            ),
        ));
    }
    let mut games = Vec::with_capacity(scan.games.len() + 1);
    for g in &scan.games {
        let game = match &g.error {
            Some((offset, kind)) => {
                // The likely cause first: it comes before the error in the file.
                let kind = match &g.suspect {
                    Some(v) if prepass::bracket_error(kind) => ErrorKind::UnescapedBracket {
                        ident: v.ident.clone(),
                        at: place(v.close),
                        cause: Box::new(kind.clone()),
                    },
                    _ => kind.clone(),
                };
                Err(SgfError {
                    place: Some(place(*offset)),
                    kind,
                })
            }
            None => build::build(text, g, options)
                .map(|mut rec| {
                    let repaired: Vec<Finding> = g
                        .repairs
                        .iter()
                        .map(|r| {
                            let (at, close) = (place(r.at), place(r.close));
                            Finding::new(
                                codes::UNESCAPED_BRACKET_REPAIRED,
                                format!(
                                    "{} at {at}: an unescaped ']' ended the value early ({}); \
                                     {} ']' read as part of the value, which now ends at \
                                     {close}",
                                    r.ident, r.without, r.count
                                ),
                            )
                        })
                        .collect();
                    rec.warnings.splice(0..0, repaired);
                    if !findings.is_empty() {
                        let mut w = findings.clone();
                        w.append(&mut rec.warnings);
                        rec.warnings = w;
                    }
                    rec
                })
                .map_err(|(offset, kind)| SgfError {
                    place: Some(place(offset)),
                    kind,
                }),
        };
        games.push(game);
    }
    if let Some(offset) = scan.too_many_games {
        games.push(Err(SgfError {
            place: Some(place(offset)),
            kind: ErrorKind::TooManyGames {
                limit: limits.max_games,
            },
        }));
    }
    Ok(SgfFile {
        encoding: decoded.encoding.name(),
        findings,
        games,
    })
}
