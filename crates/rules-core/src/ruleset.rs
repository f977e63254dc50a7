//! The [`Ruleset`] trait and the [`GameState`] it creates: one interface for every ruleset,
//! object-safe so that `--rules all` can hold `Vec<Box<dyn Ruleset>>` chosen at run time.
//!
//! What the interface allows, because some ruleset needs it:
//! * state beyond the board (repetition histories, capture counts, Pauli's prohibited sets
//!   and passes still needed) — it lives inside the `GameState`;
//! * a turn that holds more than a stone (Pauli rule 3: an optional cycle removal first) —
//!   [`Turn::pre`];
//! * the end of the game decided by the ruleset — [`GameState::is_over`];
//! * scoring from the final state plus an outside assessment of the end position (dead
//!   stones, control) — [`GameState::score`] with [`ScoringInput`], returning a breakdown.

use crate::board::Board;
use crate::color::{Color, PerColor};
use crate::counting::Counting;
use crate::point::{Move, Point};
use crate::score::{Assessment, PointValue, ScoreBreakdown};
use crate::trace::Trace;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// A ruleset with its options fixed: a factory of game states.
pub trait Ruleset: Send + Sync {
    /// Stable identifier used on the command line and in JSON (`tromp-taylor`, `chinese`…).
    fn id(&self) -> &'static str;

    /// One line naming the ruleset and every option in effect, for reports.
    fn describe(&self) -> String;

    /// Komi when neither the record nor the user gives one.
    fn default_komi(&self) -> f64;

    /// Whether scoring wants an outside assessment (dead stones or control): `false` for
    /// rulesets that score the board exactly as it stands.
    fn uses_assessment(&self) -> bool {
        false
    }

    /// Which family of counting the ruleset uses, for comparisons with recorded results.
    fn counting(&self) -> Counting;

    /// A game starting from `start`.
    fn start(&self, start: &StartPosition) -> Box<dyn GameState>;
}

/// The position a game starts from.
#[derive(Debug, Clone)]
pub struct StartPosition {
    /// The starting colouring (empty, or the record's setup).
    pub board: Board,
    /// Who moves first.
    pub to_move: Color,
    /// Pauli rule 2: locations prohibited before the first turn (empty for SGF records).
    pub initial_prohibited: Vec<Point>,
    /// The record's ordinary turns worked out once, for the rulesets of the shared placement
    /// loop to follow ([`crate::trace`]); `None` to work every turn out.
    pub trace: Option<Arc<Trace>>,
}

impl StartPosition {
    /// A start from `board` with `to_move` to play, nothing prohibited and no trace.
    #[must_use]
    pub fn new(board: Board, to_move: Color) -> StartPosition {
        StartPosition {
            board,
            to_move,
            initial_prohibited: Vec::new(),
            trace: None,
        }
    }
}

/// An action taken before the move in a turn (Pauli rule 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PreAction {
    /// Remove the disturbing cycle whose start is the situation after `start` turns.
    RemoveCycle {
        /// Turns played when the cycle's start arose (0 = the start of the game), as in
        /// [`Event::Cycle`].
        start: u32,
    },
}

/// A turn: who acts, an optional action before the move, and the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The player acting.
    pub color: Color,
    /// Pauli rule 3: an optional cycle removal first.
    pub pre: Option<PreAction>,
    /// The stone (or pass).
    pub mv: Move,
}

impl Turn {
    /// A plain move.
    #[must_use]
    pub fn new(color: Color, mv: Move) -> Turn {
        Turn {
            color,
            pre: None,
            mv,
        }
    }
}

/// Why a move is forbidden. Serialised in kebab-case; these strings are part of the JSON
/// format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// The point holds a stone.
    Occupied,
    /// The record names a point that is not on the board.
    OffBoard,
    /// The record has the same player move twice (or the wrong player move first after `PL`).
    OutOfTurn,
    /// The game had already ended.
    AfterEnd,
    /// The stone would have no liberty and capture nothing (Chinese 禁着点; Pauli rule 10).
    Suicide,
    /// Pauli rule 11: every liberty of the new stone would be permanently prohibited.
    PseudoSuicide,
    /// Pauli rules 9, 12: the point was cleared by a ko capture in the preceding turn.
    Ko,
    /// Pauli rule 9: the point was used by a removed cycle.
    PermanentlyProhibited,
    /// Pauli rules 2, 9: the point was prohibited before the first turn.
    InitiallyProhibited,
    /// The move recreates an earlier board colouring.
    #[serde(rename = "superko-positional")]
    PositionalSuperko,
    /// The move recreates an earlier board colouring with the same player to move.
    #[serde(rename = "superko-situational")]
    SituationalSuperko,
    /// The pre-action names no cycle that may be removed now.
    NoSuchCycle,
    /// The ruleset has no such action.
    UnsupportedAction,
}

impl Reason {
    /// The kebab-case name used in JSON.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Reason::Occupied => "occupied",
            Reason::OffBoard => "off-board",
            Reason::OutOfTurn => "out-of-turn",
            Reason::AfterEnd => "after-end",
            Reason::Suicide => "suicide",
            Reason::PseudoSuicide => "pseudo-suicide",
            Reason::Ko => "ko",
            Reason::PermanentlyProhibited => "permanently-prohibited",
            Reason::InitiallyProhibited => "initially-prohibited",
            Reason::PositionalSuperko => "superko-positional",
            Reason::SituationalSuperko => "superko-situational",
            Reason::NoSuchCycle => "no-such-cycle",
            Reason::UnsupportedAction => "unsupported-action",
        }
    }

    /// Whether the record's move can still be carried out physically (a stone put on an
    /// empty point of the board) when replaying on past it.
    #[must_use]
    pub fn can_force(self) -> bool {
        !matches!(
            self,
            Reason::Occupied | Reason::OffBoard | Reason::NoSuchCycle | Reason::UnsupportedAction
        )
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A forbidden turn: the reason, the rule that forbids it, and for repetitions the turn
/// number at which the repeated position first arose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal {
    /// Why.
    pub reason: Reason,
    /// The rule that forbids it, cited by text and number ("Tromp–Taylor rule 6 (text 004);
    /// text 001 §Games 3.2").
    pub rule: &'static str,
    /// For repetitions: the turn number (0 = the start) after which the repeated position
    /// arose.
    pub repeats_turn: Option<u32>,
}

impl Illegal {
    /// A forbidden turn with no repetition detail.
    #[must_use]
    pub fn new(reason: Reason, rule: &'static str) -> Illegal {
        Illegal {
            reason,
            rule,
            repeats_turn: None,
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.reason, self.rule)
    }
}

/// What a played turn did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TurnEffect {
    /// Opponent stones captured by the move.
    pub captured: u32,
    /// Own stones removed by the move (suicide).
    pub suicided: u32,
    /// Stones removed by a cycle removal before the move (Pauli rule 7), both colours.
    pub removed_by_cycle: u32,
    /// Whether this turn ended the game.
    pub ended: bool,
}

/// Running totals of a game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Tally {
    /// Opponent stones captured by each player's moves.
    pub captures: PerColor<u32>,
    /// Each player's own stones lost to that player's suicides.
    pub self_captures: PerColor<u32>,
    /// Each player's stones removed by cycle removals (Pauli rule 7).
    pub removed_by_cycles: PerColor<u32>,
    /// Turns played (passes included).
    pub turns: u32,
    /// Passes among them.
    pub passes: u32,
}

impl Tally {
    /// Stones of each colour removed from the board during the game, by whatever means.
    #[must_use]
    pub fn stones_removed(&self) -> PerColor<u32> {
        PerColor::new(
            self.captures.white + self.self_captures.black + self.removed_by_cycles.black,
            self.captures.black + self.self_captures.white + self.removed_by_cycles.white,
        )
    }
}

/// Something a ruleset reports about the course of the game, beyond legality.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Pauli rules 7–8: the situation after `at` turns is similar to the one after `start`
    /// turns. Turn counts are "turns played when the situation arose" (0 = the start of the
    /// game), the numbering [`PreAction::RemoveCycle`] uses too.
    Cycle {
        /// Turns played when the current situation arose.
        at: u32,
        /// Turns played when the similar former situation (the cycle's start) arose.
        start: u32,
        /// Whether a pass now would not end the game, so the cycle may be removed (rule 8).
        disturbing: bool,
        /// Who may remove it (the player to move).
        remover: Color,
        /// Locations used by the cycle (rule 7).
        used: Vec<Point>,
        /// Stones each player would gain as captives if it were removed.
        gains: PerColor<u32>,
    },
    /// Pauli rule 7: a cycle was removed, in the turn that followed the situation after `at`
    /// turns.
    CycleRemoved {
        /// Turns played before the turn of the removal.
        at: u32,
        /// Turns played when the cycle's start arose.
        start: u32,
        /// Who removed it.
        remover: Color,
        /// Locations used (now permanently prohibited).
        used: Vec<Point>,
        /// Captives gained by each player.
        gains: PerColor<u32>,
    },
    /// Play resumed after the end of the game, as the rules allow (a dispute about the end:
    /// text 003 End 1, Pauli rule 4 with play after the end allowed): `color` put a stone
    /// after the passes that had ended it, and the game goes on until it ends again.
    ResumedAfterPasses {
        /// Who resumed.
        color: Color,
        /// The rule that lets play resume.
        rule: &'static str,
    },
    /// A remark on the game that is no event of its own: a fact, said by `rules-words`.
    Note(EventNote),
}

/// What a ruleset remarks on during a game, beside its events: facts, said by `rules-words`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventNote {
    /// Pauli rule 8: the situation at the start of `turn` is also similar to `skipped`
    /// earlier situations than the `listed` shortest cycles reported, the first at the start
    /// of `first_turn`.
    CyclesNotListed {
        /// The turn whose starting situation repeats.
        turn: u32,
        /// How many earlier similar situations are not listed.
        skipped: u32,
        /// The turn at whose start the first of them arose.
        first_turn: u32,
        /// How many cycles are listed.
        listed: u32,
    },
    /// Pauli rule 4: the game was over, but the record goes on, and so does the replay.
    ReplayGoesOnAfterEnd,
}

/// What scoring needs beyond the final state.
#[derive(Debug, Clone, Copy)]
pub struct ScoringInput<'a> {
    /// Points added to White's score.
    pub komi: f64,
    /// Handicap stones the record declares (`HA`), 0 for none: for rulesets that compensate
    /// White per handicap stone.
    pub handicap: u32,
    /// Dead stones, territory and control, with their source.
    pub assessment: &'a Assessment,
}

/// Why a position could not be scored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    /// The assessment names points that cannot be what it says (a dead mark on an empty point).
    #[error("the assessment of the end position is inconsistent: {0}")]
    BadAssessment(String),
    /// The ruleset needs information the input does not give.
    #[error("cannot score: {0}")]
    Missing(String),
}

/// The state of one game under one ruleset.
pub trait GameState: Send {
    /// The current board.
    fn board(&self) -> &Board;

    /// The player whose turn it is.
    fn to_move(&self) -> Color;

    /// Whether the game has ended under this ruleset's rules.
    fn is_over(&self) -> bool;

    /// When the game ended in a whole-board repetition its rules leave without a result (a
    /// long cycle under simple ko, [`KoRule::Simple`](crate::KoRule::Simple)) rather than by
    /// its end rule: the turn count at which the repeated position first arose (0 = the
    /// start). `None` for a game that has not ended so.
    fn repetition_end(&self) -> Option<u32> {
        None
    }

    /// Whether `turn` would be legal now (the player need not be the one to move: GTP lets
    /// either colour play; the replay driver checks alternation itself).
    fn check(&self, turn: &Turn) -> Result<(), Illegal>;

    /// Plays `turn` if it is legal; otherwise leaves the state unchanged.
    fn play(&mut self, turn: &Turn) -> Result<TurnEffect, Illegal>;

    /// Carries out `turn` even though it is forbidden, as far as the board allows (replaying
    /// past a forbidden move). Fails only when the move cannot be made at all (occupied).
    fn force(&mut self, turn: &Turn) -> Result<TurnEffect, Illegal>;

    /// Changes stones directly (a setup in the middle of a record).
    fn edit(&mut self, edits: &[(Point, Option<Color>)]);

    /// Sets the player to move (a record's `PL`).
    fn set_to_move(&mut self, color: Color);

    /// Running totals.
    fn tally(&self) -> Tally;

    /// Events since the last call.
    fn take_events(&mut self) -> Vec<Event> {
        Vec::new()
    }

    /// Scores the current position.
    fn score(&self, input: &ScoringInput<'_>) -> Result<ScoreBreakdown, ScoreError>;

    /// What every point of the current position is worth to each player under this ruleset's
    /// count, and why: the per-point form of [`GameState::score`]. Summed with captures and
    /// komi it gives the same totals, so explanations built on it add up.
    fn point_values(&self, input: &ScoringInput<'_>) -> Result<Vec<PointValue>, ScoreError>;

    /// Locations no stone may ever occupy again (Pauli rule 9: used by a removed cycle);
    /// empty for rulesets without such a rule. Pauli's control test keeps them (ljr.md A11).
    fn permanently_prohibited(&self) -> Vec<Point> {
        Vec::new()
    }

    /// A copy of this state (for undo, and for trying moves).
    fn box_clone(&self) -> Box<dyn GameState>;

    /// The concrete state, for callers that know the ruleset and need more than this trait
    /// shows (Pauli's control test needs the permanently prohibited locations). `None` unless
    /// the ruleset opts in.
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }
}

impl Clone for Box<dyn GameState> {
    fn clone(&self) -> Self {
        self.box_clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REASONS: [Reason; 13] = [
        Reason::Occupied,
        Reason::OffBoard,
        Reason::OutOfTurn,
        Reason::AfterEnd,
        Reason::Suicide,
        Reason::PseudoSuicide,
        Reason::Ko,
        Reason::PermanentlyProhibited,
        Reason::InitiallyProhibited,
        Reason::PositionalSuperko,
        Reason::SituationalSuperko,
        Reason::NoSuchCycle,
        Reason::UnsupportedAction,
    ];

    /// A reason's code is its JSON name and its display; only a move on an empty point of
    /// the board can be carried out past a ban.
    #[test]
    fn reasons_have_one_name_and_say_whether_they_can_be_forced() {
        for r in REASONS {
            let json = serde_json::to_value(r).unwrap();
            assert_eq!(json.as_str(), Some(r.code()));
            assert_eq!(r.to_string(), r.code());
            assert_eq!(serde_json::from_value::<Reason>(json).unwrap(), r);
        }
        assert_eq!(Reason::PositionalSuperko.code(), "superko-positional");
        let unforceable: Vec<Reason> = REASONS.into_iter().filter(|r| !r.can_force()).collect();
        assert_eq!(
            unforceable,
            vec![
                Reason::Occupied,
                Reason::OffBoard,
                Reason::NoSuchCycle,
                Reason::UnsupportedAction
            ]
        );
        let illegal = Illegal::new(Reason::Ko, "Pauli rule 12");
        assert_eq!(illegal.to_string(), "ko (Pauli rule 12)");
        assert_eq!(illegal.repeats_turn, None);
    }

    /// Stones removed, by colour: the other player's captures, one's own suicides and one's
    /// stones removed with cycles.
    #[test]
    fn stones_removed_add_every_way_of_removal() {
        let t = Tally {
            captures: PerColor::new(2, 3),
            self_captures: PerColor::new(5, 7),
            removed_by_cycles: PerColor::new(11, 13),
            ..Tally::default()
        };
        assert_eq!(t.stones_removed(), PerColor::new(3 + 5 + 11, 2 + 7 + 13));
    }
}
