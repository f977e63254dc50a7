//! The engine's game replayed from its start and steps (after `undo`, a change of rules, a
//! loaded SGF).

use super::Step;
use crate::vertex::{color_name, format_move};
use rules_core::{Board, Color, GameState, Illegal, Point, Ruleset, StartPosition, Topology, Turn};
use std::sync::Arc;

/// The state at the start: the setup on an empty board, `to_move` to play.
pub(super) fn start_state(
    ruleset: &dyn Ruleset,
    topo: &Arc<Topology>,
    setup: &[(Point, Option<Color>)],
    to_move: Color,
) -> Box<dyn GameState> {
    let mut board = Board::new(topo.clone());
    board.setup(setup);
    ruleset.start(&StartPosition::new(board, to_move))
}

/// A step the ruleset refused while replaying.
pub(super) struct ReplayError {
    turn_number: usize,
    turn: Turn,
    illegal: Illegal,
}

impl ReplayError {
    pub(super) fn describe(&self, topo: &Topology, ruleset: &str) -> String {
        format!(
            "move {} ({} {}) is illegal under {ruleset}: {}",
            self.turn_number,
            color_name(self.turn.color),
            format_move(topo, self.turn.mv),
            self.illegal
        )
    }
}

/// The state after `steps`, from the start.
pub(super) fn replay_steps(
    ruleset: &dyn Ruleset,
    topo: &Arc<Topology>,
    setup: &[(Point, Option<Color>)],
    to_move: Color,
    steps: &[Step],
) -> Result<Box<dyn GameState>, ReplayError> {
    let mut state = start_state(ruleset, topo, setup, to_move);
    let mut turn_number = 0;
    for step in steps {
        match step {
            Step::Turn(turn) => {
                turn_number += 1;
                state.play(turn).map_err(|illegal| ReplayError {
                    turn_number,
                    turn: *turn,
                    illegal,
                })?;
                state.take_events();
            }
            Step::Edit(e) => state.edit(e),
            Step::SetPlayer(c) => state.set_to_move(*c),
        }
    }
    Ok(state)
}
