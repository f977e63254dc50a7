//! # pauli
//!
//! Robert Pauli's *Logical Japanese Rules of Go* (popular version, 2004; text 002, rules
//! r1–r17), part 1: the game and the count.
//!
//! * [`Pauli`] (`pauli`): the [`Ruleset`], with its options ([`RemovalPolicy`]).
//! * [`PauliRuleset`]: `Pauli` with [`AfterEnd`], what a stone after the end of the game is:
//!   forbidden by rule 4 (the default), or play resumed, for records whose rules or server
//!   let the players resume (docs/rules/pauli.md, *Play after the end*).
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
//! let start = StartPosition { board, to_move: Color::Black, initial_prohibited: vec![], trace: None };
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

/// What a stone after the end of the game is (rules 4 and 17; our decision and its argument:
/// `docs/rules/pauli.md`, *Play after the end*).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum AfterEnd {
    /// Rule 4: "the game is over and scores are compared"; what follows the end is rule 17's
    /// claims and disputes, which put no stone on the game's board (a dispute is played out
    /// in the position rule 14 builds). A turn after the end is forbidden (`after-end`). The
    /// default: the text.
    #[default]
    Over,
    /// The players resumed play on the board after the end, as the rules a record declares
    /// (the Japanese rules of 1989, article 9) or its server (KGS, OGS, IGS) allow: a stone
    /// after the end is legal, the game goes on with two passes needed and the situations of
    /// the finished game forgotten, and it ends again by rule 4. A pass after the end changes
    /// nothing. Each resumption is reported (an event). `--rules recorded` chooses this for
    /// such records.
    Resume,
}

impl AfterEnd {
    /// The option's value as written: `over` or `resume`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            AfterEnd::Over => "over",
            AfterEnd::Resume => "resume",
        }
    }
}

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
        PauliRuleset::from(*self).game(start)
    }

    /// A game starting in any situation (rule 8): a position with its prohibited locations and
    /// passes still needed, with no former situations and no captives.
    ///
    /// # Errors
    /// When the situation cannot occur (see [`SituationError`]).
    pub fn game_from(&self, situation: Situation) -> Result<PauliGame, SituationError> {
        PauliGame::from_situation(*self, situation)
    }

    /// These rules with play after the end set to `after_end`.
    #[must_use]
    pub fn with_after_end(self, after_end: AfterEnd) -> PauliRuleset {
        PauliRuleset {
            options: self,
            after_end,
        }
    }
}

/// Pauli's rules with every option: those of [`Pauli`] (what the command line sets) and
/// [`AfterEnd`] (what a record's rules or server decide). `Pauli` is this with
/// [`AfterEnd::Over`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PauliRuleset {
    /// The options of [`Pauli`].
    pub options: Pauli,
    /// What a stone after the end is.
    pub after_end: AfterEnd,
}

impl From<Pauli> for PauliRuleset {
    fn from(options: Pauli) -> PauliRuleset {
        options.with_after_end(AfterEnd::Over)
    }
}

impl PauliRuleset {
    /// A game starting from `start`, as the concrete type.
    #[must_use]
    pub fn game(&self, start: &StartPosition) -> PauliGame {
        PauliGame::new(*self, start)
    }
}

impl PauliRuleset {
    /// The rules and every option in effect, in words ([`Ruleset::describe`]).
    fn description(&self) -> String {
        let removal = match self.options.removal {
            RemovalPolicy::Never => "cycles reported, never removed unless asked",
            RemovalPolicy::FirstOpportunity => {
                "the shortest disturbing cycle removed at the first opportunity"
            }
        };
        let after_end = match self.after_end {
            AfterEnd::Over => "",
            AfterEnd::Resume => "; play may resume after the end (the record's rules or server)",
        };
        format!(
            "Pauli's Logical Japanese Rules (2004): territory + captives, prohibited locations \
             (suicide, pseudo suicide, one-turn ko ban, permanent), no superko; {removal}; \
             control taken from the assessment{after_end}"
        )
    }
}

/// The [`Ruleset`] of [`Pauli`] and of [`PauliRuleset`] alike: both are the `pauli` ruleset,
/// the first with [`AfterEnd::Over`].
macro_rules! pauli_ruleset {
    ($rules:ty) => {
        impl Ruleset for $rules {
            fn id(&self) -> &'static str {
                "pauli"
            }

            fn describe(&self) -> String {
                PauliRuleset::from(*self).description()
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
                Box::new(PauliRuleset::from(*self).game(start))
            }
        }
    };
}

pauli_ruleset!(Pauli);
pauli_ruleset!(PauliRuleset);

/// How a report names a forbidden move under `pauli`: "prohibited: ko capture (rule 12)".
/// `None` for reasons that are not prohibitions of rule 9 (occupied, out of turn…).
#[must_use]
pub fn prohibition_label(reason: Reason) -> Option<&'static str> {
    Prohibition::from_reason(reason).map(Prohibition::label)
}
