//! One board replay of a record, shared by the rulesets that replay it.
//!
//! Checking a record under several rulesets replays it several times, and most of that work is
//! the same each time: a stone goes on an empty point, the opponent's chains without
//! liberties go, the colouring is new. Where the texts differ (suicide, repetitions, play
//! after the end, actions in mid-game) is rare in real records. A [`Trace`] is the record's
//! opening stretch of *ordinary turns* — turns on which every text of the shared placement
//! loop ([`crate::placement`]) agrees — worked out once: a pass (legal at any time under
//! every text), or a stone in turn (text 004 rule 5) on an empty point (Tromp–Taylor rule 7)
//! that is no suicide (forbidden by text 004 禁着点, legal under text 001) and recreates no
//! earlier board (positional superko, text 001 §Games 3.2 and text 004 禁止全局同形: the
//! widest repetition ban, since a situational repetition or a simple-ko recapture repeats a
//! board too). A game of the placement loop started from the trace's start
//! *follows* it ([`crate::placement::PlacementGame`]): on an ordinary turn it only adds the
//! trace's captures to its tally; at the first turn it cannot follow it replays the trace's
//! turns into a board and histories of its own, and goes on as without a trace. A trace
//! changes how much work a replay does, never what it finds.

use crate::board::Board;
use crate::color::Color;
use crate::history::{Superko, SuperkoKind};
use crate::point::Move;
use crate::record::{Action, GameRecord, RecordedMove, start_position};
use crate::score::AreaMap;
use std::sync::{Arc, OnceLock};

/// One ordinary turn and its effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TracedTurn {
    /// Who played it.
    pub color: Color,
    /// The stone or pass.
    pub mv: Move,
    /// Opponent stones it captured.
    pub captured: u32,
}

/// The ordinary turns at the start of a record, worked out once (see the module's text).
#[derive(Debug, Clone)]
pub struct Trace {
    start: Board,
    to_move: Color,
    turns: Vec<TracedTurn>,
    /// The board after the last traced turn.
    end: Board,
    /// Its area map, worked out when a ruleset first counts it.
    end_area: OnceLock<AreaMap>,
}

impl Trace {
    /// The trace of `record`: its ordinary turns from the start position, up to the first
    /// action that is not one (a setup or player change, a cycle removal, a stone out of
    /// turn, off the board, on a stone, a suicide, or a repeated board). `None` when the
    /// setup leaves chains without liberties (the first move is then worked out over the
    /// whole board).
    #[must_use]
    pub fn of(record: &GameRecord) -> Option<Arc<Trace>> {
        let (start, to_move, first) = start_position(record);
        if !start.libertyless_chains().is_empty() {
            return None;
        }
        let mut board = start.clone();
        let mut seen = Superko::new(SuperkoKind::Positional, &board, to_move);
        let mut turns = Vec::with_capacity(record.actions.len() - first);
        let mut next = to_move;
        for action in &record.actions[first..] {
            let Action::Move { color, mv } = action else {
                break;
            };
            if *color != next {
                break;
            }
            let traced = match *mv {
                RecordedMove::Pass => TracedTurn {
                    color: *color,
                    mv: Move::Pass,
                    captured: 0,
                },
                RecordedMove::Place(p) => {
                    if !board.is_empty_at(p) {
                        break;
                    }
                    let a = board.analyze(p, *color);
                    if a.suicide || seen.repeats(&board, p, *color, a.hash_after).is_some() {
                        break;
                    }
                    let played = board.play(p, *color);
                    TracedTurn {
                        color: *color,
                        mv: Move::Place(p),
                        captured: played.captured,
                    }
                }
                RecordedMove::OffBoard(_) => break,
            };
            turns.push(traced);
            next = next.opp();
            let done = u32::try_from(turns.len()).unwrap_or(u32::MAX);
            seen.record(&board, next, done);
        }
        Some(Arc::new(Trace {
            start,
            to_move,
            turns,
            end: board,
            end_area: OnceLock::new(),
        }))
    }

    /// The board the trace starts from.
    #[must_use]
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// Who moves first.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The ordinary turns, in order.
    #[must_use]
    pub fn turns(&self) -> &[TracedTurn] {
        &self.turns
    }

    /// The board after every traced turn.
    #[must_use]
    pub fn end(&self) -> &Board {
        &self.end
    }

    /// The area map of [`Trace::end`], worked out once for every ruleset that counts it.
    #[must_use]
    pub fn end_area(&self) -> &AreaMap {
        self.end_area.get_or_init(|| AreaMap::of(&self.end))
    }

    /// Whether a game starting from `board` with `to_move` to play starts where the trace
    /// does.
    #[must_use]
    pub fn starts_at(&self, board: &Board, to_move: Color) -> bool {
        to_move == self.to_move
            && board.hash() == self.start.hash()
            && board.same_coloring(&self.start)
            && (Arc::ptr_eq(board.topology(), self.start.topology())
                || board.topology() == self.start.topology())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::SuperkoKind;
    use crate::placement::{PlacementGame, Texts};
    use crate::point::Point;
    use crate::rng::Rng;
    use crate::ruleset::{StartPosition, Turn};
    use crate::topology::Topology;

    fn record(size: usize, moves: &[(Color, RecordedMove)]) -> GameRecord {
        let mut r = GameRecord::new(Arc::new(Topology::square(size).unwrap()));
        for &(color, ref mv) in moves {
            r.actions.push(Action::Move {
                color,
                mv: mv.clone(),
            });
        }
        r
    }

    fn at(r: &GameRecord, name: &str) -> RecordedMove {
        RecordedMove::Place(r.topology.parse_sgf(name).unwrap())
    }

    use Color::{Black as B, White as W};

    #[test]
    fn the_trace_stops_at_the_first_turn_that_is_not_ordinary() {
        let base = record(3, &[]);
        let p = |s: &str| at(&base, s);
        let len =
            |moves: &[(Color, RecordedMove)]| Trace::of(&record(3, moves)).unwrap().turns.len();
        // Passes and captures are ordinary: W's stone at ab is taken by B's ba... then bb.
        assert_eq!(
            len(&[
                (B, p("ba")),
                (W, p("aa")),
                (B, p("ab")),
                (W, RecordedMove::Pass)
            ]),
            4
        );
        // Out of turn.
        assert_eq!(len(&[(B, p("aa")), (B, p("bb"))]), 1);
        // On a stone.
        assert_eq!(len(&[(B, p("aa")), (W, p("aa"))]), 1);
        // Off the board.
        assert_eq!(len(&[(B, RecordedMove::OffBoard("zz".into()))]), 0);
        // A suicide: W at aa between B's ab and ba.
        assert_eq!(
            len(&[(B, p("ab")), (W, p("cc")), (B, p("ba")), (W, p("aa"))]),
            3
        );
        // A repetition: the ko on a 4×4 corner, taken back at once.
        let base4 = record(4, &[]);
        let q = |s: &str| at(&base4, s);
        let ko = [
            (B, q("ba")),
            (W, q("ca")),
            (B, q("ab")),
            (W, q("db")),
            (B, q("cb")),
            (W, q("bb")),
            (B, q("dd")),
            (W, q("aa")), // W takes: B's ab... no capture yet; B's ba is in atari
        ];
        let traced = Trace::of(&record(4, &ko)).unwrap();
        assert_eq!(traced.turns.len(), ko.len(), "no repetition yet");
        // A setup in mid-game ends the trace.
        let mut r = record(3, &[(B, p("aa"))]);
        r.actions
            .push(Action::Setup(vec![(Point::from_index(4), Some(W))]));
        r.actions.push(Action::Move {
            color: W,
            mv: p("cc"),
        });
        assert_eq!(Trace::of(&r).unwrap().turns.len(), 1);
        assert_eq!(
            Trace::of(&r).unwrap().end().get(Point::from_index(0)),
            Some(B)
        );
    }

    /// A trace is followed only from its own start: the same colouring on an equal board
    /// (the same topology, or an equal one), the same player to move.
    #[test]
    fn a_trace_starts_only_where_its_record_does() {
        let r = record(4, &[(B, at(&record(4, &[]), "aa"))]);
        let trace = Trace::of(&r).unwrap();
        let empty = Board::new(Arc::clone(&r.topology));
        assert!(trace.starts_at(&empty, B));
        assert!(!trace.starts_at(&empty, W));
        let equal_topology = Arc::new(Topology::square(4).unwrap());
        assert!(trace.starts_at(&Board::new(equal_topology), B));
        assert!(!trace.starts_at(&Board::new(Arc::new(Topology::square(5).unwrap())), B));
        let mut one_stone = empty.clone();
        one_stone.setup(&[(Point::from_index(5), Some(W))]);
        assert!(!trace.starts_at(&one_stone, B));
        assert!(!trace.starts_at(&one_stone, W));
    }

    /// The work is shared: a game that follows the whole trace ends on the trace's own board
    /// and area map (no copy, nothing replayed), and one that leaves it works out its own.
    #[test]
    fn a_game_that_follows_the_whole_trace_shares_its_end() {
        let base = record(4, &[]);
        let p = |s: &str| at(&base, s);
        let moves = [
            (B, p("ba")),
            (W, p("aa")),
            (B, p("ab")), // takes W's aa
            (W, RecordedMove::Pass),
            (B, p("dd")),
        ];
        let r = record(4, &moves);
        let trace = Trace::of(&r).unwrap();
        assert_eq!(trace.turns.len(), moves.len());
        assert_eq!(trace.turns[2].captured, 1);
        let texts = all_texts()[0];
        let mut start = StartPosition::new(trace.start().clone(), B);
        start.trace = Some(Arc::clone(&trace));
        let mut g = PlacementGame::new(&start, texts);
        for (i, t) in trace.turns().iter().enumerate() {
            g.play(&Turn::new(t.color, t.mv)).unwrap();
            if i == 2 {
                // In the middle of the trace: the board and its map as they stand then.
                assert_eq!(g.board().stone_counts(), crate::color::PerColor::new(2, 0));
                assert_eq!(*g.area_map(), AreaMap::of(g.board()));
            }
        }
        assert!(std::ptr::eq(g.board(), trace.end()));
        assert!(matches!(g.area_map(), std::borrow::Cow::Borrowed(_)));
        assert_eq!(g.tally().captures.black, 1);
        // A turn past the trace: the game replays it and goes on with a board of its own.
        g.play(&Turn::new(
            W,
            Move::Place(r.topology.parse_sgf("cc").unwrap()),
        ))
        .unwrap();
        assert!(!std::ptr::eq(g.board(), trace.end()));
        assert!(matches!(g.area_map(), std::borrow::Cow::Owned(_)));
        assert_eq!(g.board().stone_counts(), crate::color::PerColor::new(3, 1));
    }

    /// A trace changes how much work a game does, never what it finds: random records on
    /// small boards (stones on stones, out of turn, suicides, kos and longer repetitions,
    /// passes and play after the end, setups in mid-game), played by two games of the shared
    /// loop under each kind of text, one following the record's trace and one not, the way
    /// the replay driver plays them. Every answer and every state after every turn agrees.
    #[test]
    fn following_a_trace_changes_nothing() {
        let mut rng = Rng::new(7);
        let mut followed = 0;
        for case in 0..400 {
            let size = 2 + case % 3;
            let r = random_record(&mut rng, size);
            let Some(trace) = Trace::of(&r) else { continue };
            followed += trace.turns.len();
            for texts in all_texts() {
                compare_games(&r, &trace, texts);
            }
        }
        assert!(followed > 2000, "only {followed} traced turns");
    }

    /// Stones mostly on empty points (a board of the plain mechanics keeps track), so that
    /// traces run long before something out of the ordinary ends them.
    fn random_record(rng: &mut Rng, size: usize) -> GameRecord {
        let mut r = record(size, &[]);
        let n = size * size;
        let mut board = Board::new(Arc::clone(&r.topology));
        let mut color = B;
        for _ in 0..rng.below(6 * n) {
            match rng.below(40) {
                0 => r.actions.push(Action::Setup(vec![(
                    Point::from_index(rng.below(n)),
                    [None, Some(B), Some(W)][rng.below(3)],
                )])),
                1 => color = color.opp(), // out of turn
                2..=5 => {
                    r.actions.push(Action::Move {
                        color,
                        mv: RecordedMove::Pass,
                    });
                    color = color.opp();
                }
                _ => {
                    let empty: Vec<Point> = r
                        .topology
                        .points()
                        .filter(|&p| board.is_empty_at(p))
                        .collect();
                    let p = if empty.is_empty() || rng.below(10) == 0 {
                        Point::from_index(rng.below(n))
                    } else {
                        empty[rng.below(empty.len())]
                    };
                    if board.is_empty_at(p) {
                        board.play(p, color);
                    }
                    r.actions.push(Action::Move {
                        color,
                        mv: RecordedMove::Place(p),
                    });
                    color = color.opp();
                }
            }
        }
        r
    }

    fn all_texts() -> Vec<Texts> {
        let mut out = Vec::new();
        for suicide in [None, Some("suicide rule")] {
            for superko_kind in [SuperkoKind::Positional, SuperkoKind::Situational] {
                for simple_ko in [None, Some("ko rule")] {
                    for resume_after_passes in [false, true] {
                        out.push(Texts {
                            occupied: "occupied rule",
                            superko: "superko rule",
                            superko_kind,
                            simple_ko,
                            suicide,
                            after_end: "end rule",
                            no_pre_action: "no pre-action rule",
                            resume_after_passes,
                        });
                    }
                }
            }
        }
        out
    }

    fn compare_games(r: &GameRecord, trace: &Arc<Trace>, texts: Texts) {
        let (board, to_move, first) = start_position(r);
        let mut start = StartPosition::new(board, to_move);
        let mut plain = PlacementGame::new(&start, texts);
        start.trace = Some(Arc::clone(trace));
        let mut traced = PlacementGame::new(&start, texts);
        for (i, action) in r.actions[first..].iter().enumerate() {
            match action {
                Action::Setup(edits) => {
                    plain.edit(edits);
                    traced.edit(edits);
                }
                Action::Move { color, mv } => {
                    let RecordedMove::Place(p) = mv else {
                        let turn = Turn::new(*color, Move::Pass);
                        assert_eq!(plain.check(&turn), traced.check(&turn));
                        assert_eq!(plain.play(&turn), traced.play(&turn));
                        continue;
                    };
                    let turn = Turn::new(*color, Move::Place(*p));
                    assert_eq!(plain.check(&turn), traced.check(&turn), "check, action {i}");
                    let (a, b) = (plain.play(&turn), traced.play(&turn));
                    assert_eq!(a, b, "play, action {i}");
                    if a.is_err() {
                        assert_eq!(plain.force(&turn), traced.force(&turn), "force, action {i}");
                    }
                }
                _ => unreachable!("random records hold moves and setups"),
            }
            assert!(
                plain.board().same_coloring(traced.board()),
                "board, action {i}"
            );
            assert_eq!(plain.board().hash(), traced.board().hash());
            assert_eq!(plain.tally(), traced.tally(), "tally, action {i}");
            assert_eq!(plain.to_move(), traced.to_move());
            assert_eq!(plain.is_over(), traced.is_over());
            assert_eq!(plain.repetition_end(), traced.repetition_end());
        }
    }
}
