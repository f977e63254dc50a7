//! A game record, independent of any file format: the board, the setup, the moves of the main
//! line, and what the record says about komi, handicap, rules, result and the end position.
//! The `sgf-record` crate produces these from SGF; anything else (a graph-board JSON, GTP)
//! can too.

use crate::board::Board;
use crate::color::{Color, PerColor};
use crate::counting::Counting;
use crate::point::{Move, Point};
use crate::topology::Topology;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod steps;

pub use steps::{RecordStep, RecordSteps};

/// The starting position of a record: its setup before the first move, and who moves first
/// (`PL` if given, else the colour of the first move, else Black). The third value is the
/// index of the record's first action after the start position, where
/// [`GameRecord::steps`] begins.
#[must_use]
pub fn start_position(record: &GameRecord) -> (Board, Color, usize) {
    let mut board = Board::new(record.topology.clone());
    let mut pl = None;
    let first = record.start_len();
    for a in &record.actions[..first] {
        match a {
            Action::Setup(edits) => board.setup(edits),
            Action::SetPlayer(c) => pl = Some(*c),
            Action::Move { .. } | Action::RemoveCycle { .. } => {
                unreachable!("the start position ends at the first move or cycle removal")
            }
        }
    }
    let first_mover = record.actions[first..].iter().find_map(|a| match a {
        Action::Move { color, .. } | Action::RemoveCycle { color, .. } => Some(*color),
        _ => None,
    });
    (board, pl.or(first_mover).unwrap_or(Color::Black), first)
}

/// One game, main line only.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The board.
    pub topology: Arc<Topology>,
    /// Setup, player-to-move and moves, in record order.
    pub actions: Vec<Action>,
    /// Komi as recorded (`KM`), after any normalisation the reader applied.
    pub komi: Option<Komi>,
    /// Handicap as recorded (`HA`), when valid.
    pub handicap: Option<u32>,
    /// The rules the record declares (`RU`), verbatim.
    pub rules: Option<String>,
    /// The counting family of the declared rules, when whoever read the record knows the
    /// name (`sgf-record` reads `RU` with `rules-names`). A recorded count is only compared
    /// with a ruleset's count of the same family.
    pub rules_counting: Option<Counting>,
    /// The recorded result (`RE`), parsed.
    pub result: Option<RecordedResult>,
    /// End-of-game markup: territory and dead-stone marks in the last node(s).
    pub markup: Markup,
    /// Players, date, event and the like, for reports.
    pub info: GameInfo,
    /// Everything the reader noticed or repaired, each with a code and a message.
    pub warnings: Vec<Finding>,
    /// Number of variations (sibling branches off the main line) not replayed.
    pub variations_ignored: u32,
    /// Pauli rule 2: locations prohibited before the first turn, chosen before the game
    /// (the gorules-private root property `INITIALPROHIBITED`; real records never have it).
    /// Only Pauli's rules know them; other rulesets ignore them.
    pub initial_prohibited: Vec<Point>,
}

impl GameRecord {
    /// A record with no setup, moves or metadata on `topology`.
    #[must_use]
    pub fn new(topology: Arc<Topology>) -> GameRecord {
        GameRecord {
            topology,
            actions: Vec::new(),
            komi: None,
            handicap: None,
            rules: None,
            rules_counting: None,
            result: None,
            markup: Markup::default(),
            info: GameInfo::default(),
            warnings: Vec::new(),
            variations_ignored: 0,
            initial_prohibited: Vec::new(),
        }
    }

    /// Number of actions in the start position: the setups and `PL` before the first move or
    /// cycle removal.
    fn start_len(&self) -> usize {
        self.actions
            .iter()
            .position(|a| matches!(a, Action::Move { .. } | Action::RemoveCycle { .. }))
            .unwrap_or(self.actions.len())
    }

    /// Number of moves (passes included) in the main line.
    #[must_use]
    pub fn move_count(&self) -> usize {
        self.actions
            .iter()
            .filter(|a| matches!(a, Action::Move { .. }))
            .count()
    }

    /// The colouring after the main line's setups and placed stones, played with captures but
    /// no rules: occupied points are skipped, cycle removals (Pauli rule 3) are not applied, and
    /// chains a setup left without liberties are cleared at the end. A quick look at the end
    /// position (tools, benchmarks, markup written to SGF); the replay driver gives each
    /// ruleset's own final position.
    #[must_use]
    pub fn main_line_board(&self) -> Board {
        let mut board = Board::new(self.topology.clone());
        for action in &self.actions {
            match action {
                Action::Setup(edits) => board.setup(edits),
                Action::Move {
                    color,
                    mv: RecordedMove::Place(p),
                } if board.is_empty_at(*p) => {
                    board.play(*p, *color);
                }
                _ => {}
            }
        }
        for c in Color::BOTH {
            board.clear_libertyless(c);
        }
        board
    }

    /// Whether the record shows a finished game whose final position is worth assessing
    /// (dead stones, control): its result is a count or a draw, or its main line ends with
    /// two passes. A game ended by resignation, time or nothing at all is scored as it
    /// stands by default, since no one agreed on its dead stones.
    #[must_use]
    pub fn looks_finished(&self) -> bool {
        if self
            .result
            .as_ref()
            .is_some_and(|r| matches!(r.outcome, Outcome::Score { .. } | Outcome::Draw))
        {
            return true;
        }
        let mut moves = self.actions.iter().rev().filter_map(|a| match a {
            Action::Move { mv, .. } => Some(mv),
            _ => None,
        });
        matches!(
            (moves.next(), moves.next()),
            (Some(RecordedMove::Pass), Some(RecordedMove::Pass))
        )
    }
}

/// One step of a record's main line.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Stones put on or taken off the board directly (`AB`, `AW`, `AE`). Before the first
    /// move this is the starting position; later it is an edit, reported as a finding.
    Setup(Vec<(Point, Option<Color>)>),
    /// The record says who is to play next (`PL`).
    SetPlayer(Color),
    /// A move.
    Move {
        /// Who moved.
        color: Color,
        /// What was played.
        mv: RecordedMove,
    },
    /// Pauli rule 3: the player to move removes the disturbing cycle that started at turn
    /// `start` (a gorules-private annotation; real records never contain it).
    RemoveCycle {
        /// Who removes it.
        color: Color,
        /// Turn number at which the cycle started (0 = the start of the game).
        start: u32,
    },
}

/// A move as written in a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordedMove {
    /// A pass.
    Pass,
    /// A stone on a point of the board.
    Place(Point),
    /// A point the record names that is not on the board (reported, never played).
    OffBoard(String),
}

impl RecordedMove {
    /// The move to play: `None` for a point off the board, which is never played (text 001:
    /// Move = Point ∪ {Pass}).
    #[must_use]
    pub fn to_move(&self) -> Option<Move> {
        match self {
            RecordedMove::Pass => Some(Move::Pass),
            RecordedMove::Place(p) => Some(Move::Place(*p)),
            RecordedMove::OffBoard(_) => None,
        }
    }
}

/// Komi as recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Komi {
    /// The value used: points added to White's score.
    pub value: f64,
    /// The text in the record.
    pub raw: String,
}

/// The recorded result (`RE`), parsed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RecordedResult {
    /// The text in the record.
    pub raw: String,
    /// What it means.
    pub outcome: Outcome,
}

/// What a recorded result says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Outcome {
    /// Won on the count by `margin` points (`B+3.5`).
    Score {
        /// The winner.
        winner: Color,
        /// The margin in points.
        margin: f64,
    },
    /// Won by resignation (`B+R`, `B+Resign`).
    Resignation {
        /// The winner.
        winner: Color,
    },
    /// Won on time (`W+T`, `W+Time`).
    Time {
        /// The winner.
        winner: Color,
    },
    /// Won by forfeit (`B+F`, `B+Forfeit`).
    Forfeit {
        /// The winner.
        winner: Color,
    },
    /// A win with no reason or margin (`B+`, `B`), or a reason not listed above
    /// (`B+Illegal`, `W+Repetition`): `reason` keeps it.
    Win {
        /// The winner.
        winner: Color,
        /// The text after `+`, if any.
        reason: Option<String>,
    },
    /// A draw (`0`, `Draw`, `Jigo`).
    Draw,
    /// No result, void (`Void`, `?` is [`Outcome::Unknown`]).
    Void,
    /// Anything else (`?`, free text).
    Unknown,
}

impl Outcome {
    /// The winner, for the outcomes that name one.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Score { winner, .. }
            | Outcome::Resignation { winner }
            | Outcome::Time { winner }
            | Outcome::Forfeit { winner }
            | Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw | Outcome::Void | Outcome::Unknown => None,
        }
    }
}

/// End-of-game markup: what the record says about the final position beyond the stones.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Markup {
    /// Points marked as each player's territory (`TB`, `TW`).
    pub territory: PerColor<Vec<Point>>,
    /// Stones explicitly marked dead (forms vary by server; the reader says which it read).
    pub dead: Vec<Point>,
    /// Which properties the markup came from (e.g. `TB/TW`), empty when there is none.
    pub source: String,
}

impl Markup {
    /// Whether the record carries any end-of-game markup.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.territory.black.is_empty() && self.territory.white.is_empty() && self.dead.is_empty()
    }
}

/// Descriptive game information (all optional, verbatim after charset decoding).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GameInfo {
    /// Black player (`PB`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// White player (`PW`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    /// Black's rank (`BR`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black_rank: Option<String>,
    /// White's rank (`WR`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white_rank: Option<String>,
    /// Date (`DT`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Event (`EV`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// Game name (`GN`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Place (`PC`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// Application that wrote the record (`AP`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub application: Option<String>,
    /// Where the record comes from (`SO`: a book, a web site, an archive).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// Something noticed while reading or replaying: a stable kebab-case `code` for machines and
/// a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Finding {
    /// Stable identifier, e.g. `komi-normalised`, `setup-after-first-move`.
    pub code: String,
    /// What happened, in words.
    pub message: String,
}

impl Finding {
    /// A finding from its code and message.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Finding {
        Finding {
            code: code.into(),
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_move_is_played_unless_it_is_off_the_board() {
        let p = Point(3);
        assert_eq!(RecordedMove::Pass.to_move(), Some(Move::Pass));
        assert_eq!(RecordedMove::Place(p).to_move(), Some(Move::Place(p)));
        assert_eq!(RecordedMove::OffBoard("zz".into()).to_move(), None);
    }
    use crate::topology::Topology;

    fn record(moves: &[RecordedMove], result: Option<Outcome>) -> GameRecord {
        let mut r = GameRecord::new(Arc::new(Topology::square(9).unwrap()));
        for (i, mv) in moves.iter().enumerate() {
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            r.actions.push(Action::Move {
                color,
                mv: mv.clone(),
            });
        }
        r.result = result.map(|outcome| RecordedResult {
            outcome,
            raw: String::new(),
        });
        r
    }

    #[test]
    fn main_line_board_captures_skips_occupied_points_and_clears_libertyless_setup() {
        let r = record(&[], None);
        let t = r.topology.clone();
        let at = |x, y| t.at(x, y).unwrap();
        let mut r = r;
        // Setup: a White stone in the corner already surrounded by Black (no liberty).
        r.actions.push(Action::Setup(vec![
            (at(8, 8), Some(Color::White)),
            (at(7, 8), Some(Color::Black)),
            (at(8, 7), Some(Color::Black)),
        ]));
        let mv = |color, p| Action::Move {
            color,
            mv: RecordedMove::Place(p),
        };
        // White a1 (0,0); Black captures it with b1 and a2; White plays on occupied b1.
        r.actions.push(mv(Color::White, at(0, 0)));
        r.actions.push(mv(Color::Black, at(1, 0)));
        r.actions.push(mv(Color::White, at(1, 0)));
        r.actions.push(mv(Color::Black, at(0, 1)));
        let b = r.main_line_board();
        assert_eq!(b.get(at(0, 0)), None, "captured");
        assert_eq!(
            b.get(at(1, 0)),
            Some(Color::Black),
            "the occupied point kept its stone"
        );
        assert_eq!(b.get(at(0, 1)), Some(Color::Black));
        assert_eq!(
            b.get(at(8, 8)),
            None,
            "the libertyless setup stone is cleared"
        );
        assert_eq!(b.get(at(7, 8)), Some(Color::Black));
    }

    #[test]
    fn finished_games_end_in_two_passes_or_a_count() {
        let p = RecordedMove::Pass;
        let at = RecordedMove::Place(Point::from_index(3));
        let resigned = Outcome::Resignation {
            winner: Color::White,
        };
        assert!(record(&[at.clone(), p.clone(), p.clone()], None).looks_finished());
        assert!(!record(&[p.clone(), at.clone(), p.clone()], None).looks_finished());
        assert!(!record(std::slice::from_ref(&at), Some(resigned)).looks_finished());
        assert!(!record(&[], None).looks_finished());
        let count = Outcome::Score {
            winner: Color::Black,
            margin: 2.5,
        };
        assert!(record(std::slice::from_ref(&at), Some(count)).looks_finished());
        assert!(record(&[at], Some(Outcome::Draw)).looks_finished());
    }

    #[test]
    fn outcomes_name_their_winner_and_markup_is_empty_only_without_marks() {
        let w = Color::White;
        for o in [
            Outcome::Score {
                winner: w,
                margin: 1.5,
            },
            Outcome::Resignation { winner: w },
            Outcome::Time { winner: w },
            Outcome::Forfeit { winner: w },
            Outcome::Win {
                winner: w,
                reason: None,
            },
        ] {
            assert_eq!(o.winner(), Some(w), "{o:?}");
        }
        for o in [Outcome::Draw, Outcome::Void, Outcome::Unknown] {
            assert_eq!(o.winner(), None, "{o:?}");
        }
        let p = Point::from_index(0);
        assert!(Markup::default().is_empty());
        let marks = [
            Markup {
                territory: PerColor::new(vec![p], vec![]),
                ..Markup::default()
            },
            Markup {
                territory: PerColor::new(vec![], vec![p]),
                ..Markup::default()
            },
            Markup {
                dead: vec![p],
                ..Markup::default()
            },
        ];
        for m in marks {
            assert!(!m.is_empty(), "{m:?}");
        }
    }
}
