//! # pauli
//!
//! Robert Pauli's *Logical Japanese Rules of Go* (popular version, 2004; text 002, rules
//! r1–r17), part 1: the game and the count.
//!
//! * [`Pauli`] (`pauli`): the [`Ruleset`], with its options ([`RemovalPolicy`]).
//! * [`PauliGame`]: the state of one game — the *situation* of rule 8 (board, player to move,
//!   passes still needed, temporarily and permanently prohibited locations), the situations
//!   seen since the last cycle removal, captives, and whether the game is over. It implements
//!   [`GameState`]; [`Pauli::game`] returns it concretely, and [`PauliGame::from_state`] finds
//!   it behind a `dyn GameState` (for the control solver, which needs the permanently
//!   prohibited set at the end).
//! * [`Situation`]: the five fields of rule 8, to inspect a game or to start one anywhere.
//! * [`Prohibition`]: why an empty location is prohibited (rules 9–12, 2, 7).
//! * [`Control`]: who controls which location, from an outside [`Assessment`](rules_core::Assessment) (rule 5 counts
//!   it; rules 14–17, which decide it, are the control solver's, not this crate's).
//!
//! Our reading, rule by rule, with every ambiguity and the fixtures that show it:
//! `docs/rules/pauli.md`; the specification it follows: `shared/design/ljr.md`.
//!
//! ```
//! use pauli::{Pauli, Prohibition};
//! use rules_core::{Board, Color, GameState, Move, StartPosition, Topology, Turn};
//! use std::sync::Arc;
//!
//! // A ko: Black captures at cb (LJR-02 in miniature); White may not retake at once.
//! let topo = Arc::new(Topology::grid(4, 3).unwrap());
//! let mut board = Board::new(topo.clone());
//! let at = |s: &str| topo.parse_sgf(s).unwrap();
//! //   a b c d
//! // a . X O .
//! // b X O . O      Black plays cb: exactly two stones lack liberties, cb and bb
//! // c . X O .
//! board.setup(&[
//!     (at("ba"), Some(Color::Black)), (at("ab"), Some(Color::Black)), (at("bc"), Some(Color::Black)),
//!     (at("ca"), Some(Color::White)), (at("bb"), Some(Color::White)), (at("db"), Some(Color::White)),
//!     (at("cc"), Some(Color::White)),
//! ]);
//! let start = StartPosition { board, to_move: Color::Black, initial_prohibited: vec![] };
//! let mut game = Pauli::default().game(&start);
//! game.play(&Turn::new(Color::Black, Move::Place(at("cb")))).unwrap();
//! assert_eq!(game.temporarily_prohibited(), &[at("bb")]);
//! assert_eq!(game.prohibition(at("bb"), Color::White), Some(Prohibition::Ko));
//! let err = game.play(&Turn::new(Color::White, Move::Place(at("bb")))).unwrap_err();
//! assert!(err.rule.starts_with("Pauli rule 12"));
//!
//! // A pass under the ko ban does not count towards the end (rule 4): two passes do not end
//! // the game here, a third does.
//! game.play(&Turn::new(Color::White, Move::Pass)).unwrap();
//! game.play(&Turn::new(Color::Black, Move::Pass)).unwrap();
//! assert!(!game.is_over());
//! game.play(&Turn::new(Color::White, Move::Pass)).unwrap();
//! assert!(game.is_over());
//! ```
#![deny(missing_docs)]

mod game;
pub mod rules;
mod score;
#[cfg(test)]
mod tests;

pub use game::{CycleInfo, PauliGame, Prohibition, Situation, SituationError};
pub use score::{Control, ControlMode};

use rules_core::{Counting, GameState, Reason, Ruleset, StartPosition};

/// What the replay does when a disturbing cycle appears (rules 3, 7, 8). Records cannot
/// express a removal, so the default never removes and reports each cycle instead.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum RemovalPolicy {
    /// Never remove on its own; report every cycle ([`rules_core::Event::Cycle`]). A removal
    /// still happens when a turn asks for it ([`rules_core::Turn::pre`]).
    #[default]
    #[cfg_attr(
        feature = "clap",
        value(help = "Report disturbing cycles, never remove them")
    )]
    Never,
    /// As soon as a disturbing cycle exists at the start of a turn, the player to move removes
    /// the shortest one (the most recent start) before his move
    /// ([`rules_core::Event::CycleRemoved`]).
    #[cfg_attr(
        feature = "clap",
        value(
            name = "first",
            help = "Remove the first disturbing cycle as soon as it appears"
        )
    )]
    FirstOpportunity,
}

impl RemovalPolicy {
    /// The command-line spelling (`never`, `first`).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            RemovalPolicy::Never => "never",
            RemovalPolicy::FirstOpportunity => "first",
        }
    }
}

/// Komi when neither the record nor the user gives one (`rulesets.md`). Rule 2 asks for an
/// integer; 6.5 is the common Japanese value, and every fractional komi is flagged in the
/// score's notes (reading A9).
pub const DEFAULT_KOMI: f64 = 6.5;

/// Pauli's Logical Japanese Rules (`pauli`), with their options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Pauli {
    /// When cycles are removed without the record asking (rules 3, 7).
    pub removal: RemovalPolicy,
}

impl Pauli {
    /// A game starting from `start`, as the concrete type (the [`Ruleset::start`] of this
    /// ruleset boxes the same thing).
    #[must_use]
    pub fn game(&self, start: &StartPosition) -> PauliGame {
        PauliGame::new(*self, start)
    }

    /// A game starting in any situation (rule 8): a position with its prohibited locations and
    /// passes still needed, with no former situations and no captives.
    ///
    /// # Errors
    /// When the situation cannot occur (see [`SituationError`]).
    pub fn game_from(&self, situation: Situation) -> Result<PauliGame, SituationError> {
        PauliGame::from_situation(*self, situation)
    }
}

impl Ruleset for Pauli {
    fn id(&self) -> &'static str {
        "pauli"
    }

    fn describe(&self) -> String {
        let removal = match self.removal {
            RemovalPolicy::Never => {
                "cycles reported, never removed unless asked (--remove-cycles never)"
            }
            RemovalPolicy::FirstOpportunity => {
                "the shortest disturbing cycle removed at the first opportunity (--remove-cycles first)"
            }
        };
        format!(
            "Pauli's Logical Japanese Rules (2004): territory + captives, prohibited locations \
             (suicide, pseudo suicide, one-turn ko ban, permanent), no superko; {removal}; \
             control taken from the assessment"
        )
    }

    fn default_komi(&self) -> f64 {
        DEFAULT_KOMI
    }

    fn uses_assessment(&self) -> bool {
        true
    }

    fn counting(&self) -> Counting {
        Counting::Territory
    }

    fn start(&self, start: &StartPosition) -> Box<dyn GameState> {
        Box::new(self.game(start))
    }
}

/// How a report names a forbidden move under `pauli`: "prohibited: ko capture (rule 12)".
/// `None` for reasons that are not prohibitions of rule 9 (occupied, out of turn…).
#[must_use]
pub fn prohibition_label(reason: Reason) -> Option<&'static str> {
    Prohibition::from_reason(reason).map(Prohibition::label)
}
