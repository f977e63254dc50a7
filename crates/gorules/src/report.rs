//! What a command reports per file: the serialisable shape behind both the table and the
//! JSON output (docs/json.md).

use rules_core::{GameReport, Verdict};
use serde::Serialize;

/// The version of the JSON layout. Bumped on any incompatible change.
pub const SCHEMA_VERSION: u32 = 1;

/// The whole output of `gorules replay --format json`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Output<'a> {
    /// The gorules version that wrote it.
    pub gorules: &'static str,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// One entry per input file, in the order given.
    pub files: &'a [FileReport],
}

/// One input file.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct FileReport {
    /// The path as given (`-` for standard input).
    pub file: String,
    /// The character encoding the file was decoded with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    /// Why the file could not be read at all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorReport>,
    /// One entry per game tree.
    pub games: Vec<GameEntry>,
}

/// A game: its report, or why it could not be read.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum GameEntry {
    /// The game was replayed.
    Report(Box<GameReport>),
    /// The game could not be read.
    Error {
        /// 1-based index of the game tree in its file.
        game: u32,
        /// What went wrong.
        error: ErrorReport,
    },
}

/// An error, for people and machines.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ErrorReport {
    /// A stable kebab-case kind (`io`, `too-large`, `syntax`, `board-size`, …).
    pub kind: String,
    /// The message, naming the place.
    pub message: String,
}

impl FileReport {
    /// Whether anything in this file could not be read.
    pub fn has_errors(&self) -> bool {
        self.error.is_some()
            || self
                .games
                .iter()
                .any(|g| matches!(g, GameEntry::Error { .. }))
    }
}

/// Why a verdict has no count, as `<ruleset>: no count: <why>` (a note of `replay`'s table,
/// a problem line of `check`); `None` when it has one.
pub fn no_count_line(v: &Verdict) -> Option<String> {
    v.no_count_reason()
        .map(|why| format!("{}: no count: {why}", v.ruleset))
}
