//! A record's actions after its start position, walked into the steps of a game: the one walk
//! the replay driver and the GTP engine's `loadsgf` share, so that both number the moves and
//! attach cycle removals to turns the same way.

use super::{Action, GameRecord, RecordedMove};
use crate::color::Color;
use crate::point::Point;
use crate::ruleset::PreAction;
use std::iter::FusedIterator;
use std::slice;

/// One step of a record after its start position ([`GameRecord::steps`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordStep<'a> {
    /// Stones put on or taken off the board in mid-game (`AB`, `AW`, `AE` after the first
    /// move or cycle removal).
    Edit(&'a [(Point, Option<Color>)]),
    /// The record says who is to play next (`PL` in mid-game).
    SetPlayer(Color),
    /// A move of the record, with the cycle removal that comes before it in the same turn.
    Move {
        /// The record's move number, from 1: moves (passes and off-board points included)
        /// counted in record order. Setups, player changes and cycle removals have none.
        number: u32,
        /// Who moved.
        color: Color,
        /// The cycle removal recorded before this move, if any.
        pre: Option<PreAction>,
        /// The move as recorded.
        mv: &'a RecordedMove,
    },
}

/// The steps of a record after its start position, in record order: see
/// [`GameRecord::steps`].
#[derive(Debug, Clone)]
pub struct RecordSteps<'a> {
    actions: slice::Iter<'a, Action>,
    /// Moves yielded so far.
    moves: u32,
    /// A cycle removal read and not yet given to a move.
    pending: Option<PreAction>,
}

impl GameRecord {
    /// The record's actions after its start position ([`start_position`](super::start_position)'s
    /// setups and `PL`), as the steps of a game: mid-game setups and player changes as they
    /// stand, and each move numbered and carrying the cycle removal recorded before it.
    ///
    /// A record writes Pauli's cycle removal as an action of its own, but under Pauli's rules
    /// it is part of a turn: a turn is an optional removal of a disturbing cycle (rules 7–8),
    /// then a stone or a pass (rule 3), and the move is judged after the removal. So a
    /// removal is folded into the next move's `pre` ([`PreAction::RemoveCycle`]), across any
    /// setup or player change between them. A removal no move follows is dropped, and of two
    /// removals before one move the later one counts (one removal per turn). The removal's
    /// recorded colour is not kept: the turn is the move's.
    #[must_use]
    pub fn steps(&self) -> RecordSteps<'_> {
        RecordSteps {
            actions: self.actions[self.start_len()..].iter(),
            moves: 0,
            pending: None,
        }
    }
}

impl<'a> Iterator for RecordSteps<'a> {
    type Item = RecordStep<'a>;

    fn next(&mut self) -> Option<RecordStep<'a>> {
        for action in self.actions.by_ref() {
            match action {
                Action::Setup(edits) => return Some(RecordStep::Edit(edits)),
                Action::SetPlayer(c) => return Some(RecordStep::SetPlayer(*c)),
                Action::RemoveCycle { start, .. } => {
                    self.pending = Some(PreAction::RemoveCycle { start: *start });
                }
                Action::Move { color, mv } => {
                    self.moves += 1;
                    return Some(RecordStep::Move {
                        number: self.moves,
                        color: *color,
                        pre: self.pending.take(),
                        mv,
                    });
                }
            }
        }
        None
    }
}

impl FusedIterator for RecordSteps<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::Topology;
    use std::sync::Arc;

    const B: Color = Color::Black;
    const W: Color = Color::White;

    fn record(actions: Vec<Action>) -> GameRecord {
        let mut r = GameRecord::new(Arc::new(Topology::square(9).unwrap()));
        r.actions = actions;
        r
    }

    fn place(color: Color, i: usize) -> Action {
        Action::Move {
            color,
            mv: RecordedMove::Place(Point::from_index(i)),
        }
    }

    fn pass(color: Color) -> Action {
        Action::Move {
            color,
            mv: RecordedMove::Pass,
        }
    }

    fn remove(color: Color, start: u32) -> Action {
        Action::RemoveCycle { color, start }
    }

    fn removal(start: u32) -> Option<PreAction> {
        Some(PreAction::RemoveCycle { start })
    }

    /// Each move's number, colour, removal and recorded move.
    fn moves(r: &GameRecord) -> Vec<(u32, Color, Option<PreAction>, RecordedMove)> {
        r.steps()
            .filter_map(|s| match s {
                RecordStep::Move {
                    number,
                    color,
                    pre,
                    mv,
                } => Some((number, color, pre, mv.clone())),
                RecordStep::Edit(_) | RecordStep::SetPlayer(_) => None,
            })
            .collect()
    }

    #[test]
    fn moves_are_numbered_from_one_in_record_order_passes_and_off_board_points_included() {
        let off = RecordedMove::OffBoard("zz".to_owned());
        let r = record(vec![
            place(B, 3),
            pass(W),
            Action::Move {
                color: B,
                mv: off.clone(),
            },
            place(W, 7),
        ]);
        assert_eq!(
            moves(&r),
            vec![
                (1, B, None, RecordedMove::Place(Point::from_index(3))),
                (2, W, None, RecordedMove::Pass),
                (3, B, None, off),
                (4, W, None, RecordedMove::Place(Point::from_index(7))),
            ]
        );
        assert!(record(Vec::new()).steps().next().is_none());
    }

    #[test]
    fn a_cycle_removal_goes_to_the_next_move_only_and_a_later_one_replaces_it() {
        let r = record(vec![
            place(B, 1),
            remove(W, 1),
            pass(W),
            pass(B),
            remove(W, 0),
            remove(W, 2),
            place(W, 5),
        ]);
        assert_eq!(
            moves(&r),
            vec![
                (1, B, None, RecordedMove::Place(Point::from_index(1))),
                (2, W, removal(1), RecordedMove::Pass),
                (3, B, None, RecordedMove::Pass),
                (4, W, removal(2), RecordedMove::Place(Point::from_index(5))),
            ],
            "the removal is a step of no number of its own"
        );
    }

    #[test]
    fn a_cycle_removal_no_move_follows_is_dropped() {
        let r = record(vec![place(B, 1), pass(W), remove(B, 0)]);
        assert_eq!(
            moves(&r),
            vec![
                (1, B, None, RecordedMove::Place(Point::from_index(1))),
                (2, W, None, RecordedMove::Pass),
            ]
        );
        assert_eq!(r.steps().count(), 2, "nothing more comes of the removal");
        let before_a_setup = record(vec![remove(B, 0), Action::Setup(Vec::new())]);
        assert_eq!(
            before_a_setup.steps().collect::<Vec<_>>(),
            vec![RecordStep::Edit(&[])]
        );
    }

    #[test]
    fn mid_game_setups_and_player_changes_pass_through_and_a_removal_waits_across_them() {
        let edit = vec![
            (Point::from_index(9), Some(W)),
            (Point::from_index(1), None),
        ];
        let r = record(vec![
            place(B, 1),
            Action::Setup(edit.clone()),
            Action::SetPlayer(B),
            place(B, 2),
            remove(W, 1),
            Action::SetPlayer(W),
            Action::Setup(Vec::new()),
            pass(W),
        ]);
        let mv2 = RecordedMove::Place(Point::from_index(2));
        let pass = RecordedMove::Pass;
        assert_eq!(
            r.steps().collect::<Vec<_>>(),
            vec![
                RecordStep::Move {
                    number: 1,
                    color: B,
                    pre: None,
                    mv: &RecordedMove::Place(Point::from_index(1)),
                },
                RecordStep::Edit(&edit),
                RecordStep::SetPlayer(B),
                RecordStep::Move {
                    number: 2,
                    color: B,
                    pre: None,
                    mv: &mv2,
                },
                RecordStep::SetPlayer(W),
                RecordStep::Edit(&[]),
                RecordStep::Move {
                    number: 3,
                    color: W,
                    pre: removal(1),
                    mv: &pass,
                },
            ]
        );
    }

    #[test]
    fn the_start_position_is_skipped_and_a_leading_removal_starts_the_steps() {
        let setup = Action::Setup(vec![(Point::from_index(4), Some(B))]);
        let r = record(vec![
            setup.clone(),
            Action::SetPlayer(W),
            place(W, 3),
            setup,
        ]);
        let steps: Vec<_> = r.steps().collect();
        assert_eq!(steps.len(), 2, "{steps:?}");
        assert!(matches!(
            steps[0],
            RecordStep::Move {
                number: 1,
                color: W,
                ..
            }
        ));
        assert!(matches!(steps[1], RecordStep::Edit([(_, Some(B))])));

        let only_start = record(vec![Action::SetPlayer(W), Action::Setup(Vec::new())]);
        assert_eq!(only_start.steps().count(), 0);

        let leading = record(vec![
            Action::SetPlayer(W),
            remove(W, 0),
            Action::SetPlayer(W),
            pass(W),
        ]);
        assert_eq!(
            leading.steps().collect::<Vec<_>>(),
            vec![
                RecordStep::SetPlayer(W),
                RecordStep::Move {
                    number: 1,
                    color: W,
                    pre: removal(0),
                    mv: &RecordedMove::Pass,
                },
            ],
            "a removal ends the start position as a move does"
        );
    }
}
