//! `PauliGame` as a `rules_core::GameState`: the game's turns (rules 3, 4, 6–13, in
//! `game.rs`) and its count (rule 5, in `score.rs`) behind the one trait the replay driver
//! knows. Apart from both so that the game and its count do not import each other.

use super::PauliGame;
use crate::{rules, score};
use rules_core::point::Move;
use rules_core::{
    Board, Color, Event, GameState, Illegal, Point, PreAction, Reason, ScoreBreakdown, ScoreError,
    ScoringInput, Tally, Turn, TurnEffect,
};
use std::any::Any;

impl GameState for PauliGame {
    fn board(&self) -> &Board {
        &self.board
    }

    fn to_move(&self) -> Color {
        self.to_move
    }

    fn is_over(&self) -> bool {
        self.over
    }

    fn check(&self, turn: &Turn) -> Result<(), Illegal> {
        if self.over {
            self.check_after_end(turn)?;
        }
        match turn.pre {
            None => self.check_move(turn.color, turn.mv).map(|_| ()),
            Some(PreAction::RemoveCycle { start }) => {
                self.check_removal(start)?;
                let mut next = self.clone();
                next.remove_cycle(start, turn.color)?;
                next.check_move(turn.color, turn.mv).map(|_| ())
            }
        }
    }

    fn play(&mut self, turn: &Turn) -> Result<TurnEffect, Illegal> {
        if self.over {
            self.check_after_end(turn)?;
            if turn.mv.is_pass() {
                return Ok(self.pass_after_end(turn.color));
            }
            self.check_move(turn.color, turn.mv)?;
            self.resume(turn.color);
        }
        self.play_turn(turn, false)
    }

    /// Replaying on past a forbidden move: a prohibited stone is played by rule 6 (a suicide
    /// by the board's mechanics, removing the new stone's chain); a stone on an occupied
    /// location and an invalid removal cannot be carried out. After the end, a forced turn
    /// resumes the game (need 2, nothing temporarily prohibited).
    fn force(&mut self, turn: &Turn) -> Result<TurnEffect, Illegal> {
        if let Move::Place(x) = turn.mv {
            if !self.board.is_empty_at(x) {
                return Err(Illegal::new(Reason::Occupied, rules::OCCUPIED));
            }
        }
        if self.over {
            if turn.pre.is_some() {
                return Err(Illegal::new(Reason::NoSuchCycle, rules::NO_SUCH_CYCLE));
            }
            self.resume(turn.color);
        }
        self.play_turn(turn, true)
    }

    /// A setup in mid-game is no turn of the rules: the stones change, and the situations
    /// seen so far are forgotten (no later situation of this game can repeat them by play).
    fn edit(&mut self, edits: &[(Point, Option<Color>)]) {
        self.board.setup(edits);
        self.unsettled = !self.board.libertyless_chains().is_empty();
        if !self.over {
            self.reseed_history();
        }
    }

    fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
        if !self.over {
            self.reseed_history();
        }
    }

    fn tally(&self) -> Tally {
        self.tally
    }

    fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    fn score(&self, input: &ScoringInput<'_>) -> Result<ScoreBreakdown, ScoreError> {
        score::score(self, input)
    }

    fn point_values(
        &self,
        input: &ScoringInput<'_>,
    ) -> Result<Vec<rules_core::PointValue>, ScoreError> {
        score::point_values(self, input)
    }

    fn permanently_prohibited(&self) -> Vec<Point> {
        PauliGame::permanently_prohibited(self)
    }

    fn box_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> Option<&dyn Any> {
        Some(self)
    }
}
