//! # pauli-control
//!
//! Which player *controls* each location of a finished game, decided by the exact procedure
//! of rules 14–17 of Pauli's Logical Japanese Rules (seed 002; reading: `ljr.md`) — and so
//! which stones are dead — instead of guessing.
//!
//! * [`analyze`] → [`ControlMap`]: per location Black / White / both / neither / undecided
//!   ([`Control`]), with [`Finding`]s saying which set was proved, how, and with how many
//!   search nodes; [`ControlMap::assessment`] turns it into a `rules_core::Assessment`
//!   (dead stones, territory, neutral, undecided).
//! * [`ControlAssessor`] — the `rules_core::Assessor` that gives every ruleset automatic
//!   dead stones.
//! * [`hypothetical_game`] — rule 14's game `H(p, S)` for one set.
//! * Rules 13, 15, 16: [`contacts`], [`is_bordered`], [`smallest_bordered_set`],
//!   [`check_formation`], [`maximal_formation`].
//! * Rule 17: [`check_claims`] — claims, counting by agreement, disputes and their outcomes.
//!
//! The method (details in `docs/control.md`): static proofs (two-eye formations, Benson's
//! unconditional life), a decomposition of each player's area into regions proved one by one
//! by local games, survival games that keep an opposing group on the board (refuting control of
//! a whole region at once), whole-game proof-number search with a transposition table that handles
//! repetitions soundly, and explicit budgets: what is not proved within them is *undecided*,
//! never guessed.
//!
//! ```
//! use pauli_control::{analyze, Control, Options};
//! use rules_core::{Board, Color, Topology};
//! use std::sync::Arc;
//!
//! // LJR-09's board: a black chain with three one-point eyes on top, an empty row below.
//! let rows = [".X.X.", "XXXXX", "....."];
//! let topo = Arc::new(Topology::grid(5, 3).unwrap());
//! let mut board = Board::new(topo.clone());
//! let mut setup = Vec::new();
//! for (y, row) in rows.iter().enumerate() {
//!     for (x, ch) in row.chars().enumerate() {
//!         let c = match ch { 'X' => Some(Color::Black), 'O' => Some(Color::White), _ => None };
//!         setup.push((topo.at(x, y).unwrap(), c));
//!     }
//! }
//! board.setup(&setup);
//! let map = analyze(&board, &[], &Options::default()).unwrap();
//! for name in ["aa", "bb", "cc"] {
//!     assert_eq!(map.control(topo.parse_sgf(name).unwrap()), Control::Black);
//! }
//! assert!(map.dead_stones(&board).is_empty());
//! ```
#![deny(missing_docs)]
// Index loops over parallel per-point and per-chain arrays read better than zipped iterators.
#![allow(clippy::needless_range_loop)]

mod arena;
mod bits;
mod claims;
mod control;
mod decomp;
mod graph;
mod hgame;
mod local;
mod options;
mod real;
mod search;
mod sets;
mod survival;

pub use claims::{
    Claim, ClaimCheck, ClaimStatus, ClaimsReport, Dispute, agreement_control, check_claims,
    claims_from_markup,
};
pub use control::{
    Control, ControlMap, Finding, GameOutcome, PointControl, Reason, Verdict, analyze,
    hypothetical_game,
};
pub use options::{
    Budget, Budgets, KeepProhibited, MAX_DEPTH, MAX_ENUMERATED_REGIONS, MoveOrder, Options,
};
pub use search::Exhausted;
pub use sets::{
    NotFormation, PointSet, check_formation, contacts, is_bordered, is_two_eye_formation,
    maximal_formation, smallest_bordered_set,
};

use rules_core::{Assessment, AssessmentSource, Assessor, Board, Point};
use std::sync::OnceLock;

/// Whether `PAULI_CONTROL_DEBUG` is set: then every local and whole-game search, every dropped
/// chain and every area not proved is described on stderr (a diagnostic, not an interface).
pub(crate) fn debug() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("PAULI_CONTROL_DEBUG").is_some())
}

/// Errors of this crate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ControlError {
    /// A permanently prohibited location is not on the board.
    #[error("permanently prohibited location #{0} is not on the board")]
    ProhibitedOffBoard(usize),
    /// A permanently prohibited location holds a stone (rule 9: they are empty for ever).
    #[error("permanently prohibited location {0} holds a stone")]
    ProhibitedOccupied(Point),
    /// A set was made for another board.
    #[error("the set is for a board of {set} points, the board has {board}")]
    SetSize {
        /// Points of the set's board.
        set: usize,
        /// Points of the board.
        board: usize,
    },
    /// The set is empty or not bordered by the player (rule 15).
    #[error("the set is not bordered by the player (rule 15)")]
    NotBordered,
    /// A claim that rule 17 does not allow.
    #[error("claim {index} is not allowed: {why}")]
    IllegalClaim {
        /// Position of the claim in the list.
        index: usize,
        /// Why.
        why: String,
    },
}

/// Automatic dead stones for every ruleset: stones on locations the opponent controls
/// (rule 14, decided by [`analyze`]). Locations the analysis cannot decide are reported as
/// undecided in the assessment, never guessed.
#[derive(Debug, Clone, Default)]
pub struct ControlAssessor {
    /// Options of the analysis.
    pub options: Options,
    /// Permanently prohibited locations (Pauli's `P`; empty for other rulesets).
    pub prohibited: Vec<Point>,
}

impl ControlAssessor {
    /// An assessor with the given options and no prohibited locations.
    #[must_use]
    pub fn new(options: Options) -> ControlAssessor {
        ControlAssessor {
            options,
            prohibited: Vec::new(),
        }
    }
}

impl ControlAssessor {
    fn assess_with(&self, board: &Board, prohibited: &[Point]) -> Assessment {
        match analyze(board, prohibited, &self.options) {
            Ok(map) => map.assessment(board),
            Err(_) => Assessment {
                source: AssessmentSource::Proved,
                undecided: board.topology().points().collect(),
                ..Assessment::default()
            },
        }
    }
}

impl Assessor for ControlAssessor {
    fn assess(&self, board: &Board) -> Assessment {
        self.assess_with(board, &self.prohibited)
    }

    /// The game's own permanently prohibited locations (a Pauli game after a cycle removal)
    /// join the configured ones (reading A11: they stay prohibited inside the set).
    fn assess_state(&self, state: &dyn rules_core::GameState) -> Assessment {
        let from_game = state.permanently_prohibited();
        if from_game.is_empty() {
            return self.assess(state.board());
        }
        let mut prohibited = self.prohibited.clone();
        prohibited.extend(from_game);
        prohibited.sort_unstable();
        prohibited.dedup();
        self.assess_with(state.board(), &prohibited)
    }
}
