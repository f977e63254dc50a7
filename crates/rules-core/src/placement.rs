//! The game loop the area rulesets share where their texts agree: a turn puts a stone on an
//! empty point or passes; the opponent's chains left without liberties go, then one's own;
//! the colouring may not repeat (superko); two consecutive passes end the game. What the
//! texts do differently is a [`Texts`] value: the citations, whether suicide is forbidden,
//! which repetitions superko forbids (or simple ko, where a repetition ends the game), and
//! whether play may resume after two passes.
//! `tromp-taylor` (texts 000, 001, 004) and `chinese` (texts 003, 004) both play it.

use crate::board::Board;
use crate::color::Color;
use crate::history::{KoRule, Superko, SuperkoKind};
use crate::point::{Move, Point};
use crate::ruleset::{Illegal, Reason, StartPosition, Tally, Turn, TurnEffect};
use crate::score::AreaMap;
use crate::trace::{Trace, TracedTurn};
use std::borrow::Cow;
use std::cell::OnceCell;
use std::sync::Arc;

/// Where the texts of a ruleset differ within the shared loop: the rule each ban cites, and
/// the choices the texts make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Texts {
    /// The rule against a stone on an occupied point.
    pub occupied: &'static str,
    /// The rule against a repetition.
    pub superko: &'static str,
    /// Which positions count as the same (for superko, and for the repetition that ends a
    /// game under simple ko).
    pub superko_kind: SuperkoKind,
    /// Simple ko, with the rule it cites, instead of superko: only the immediate recapture
    /// of a ko is forbidden, and any other repetition ends the game without a result
    /// ([`KoRule::Simple`]). `None`: superko forbids every repetition.
    pub simple_ko: Option<&'static str>,
    /// The rule against suicide, when suicide is forbidden; `None` when it is a legal move
    /// that removes one's own stones.
    pub suicide: Option<&'static str>,
    /// The rule that ends the game.
    pub after_end: &'static str,
    /// The rule that makes a turn a pass or a move (no action before it).
    pub no_pre_action: &'static str,
    /// Whether a stone after two passes resumes play (a dispute) instead of being forbidden.
    pub resume_after_passes: bool,
}

/// One game of the shared loop: the board, the player to move, consecutive passes, the
/// superko history and the running totals.
#[derive(Clone)]
pub struct PlacementGame {
    texts: Texts,
    board: Board,
    to_move: Color,
    /// Consecutive passes.
    passes: u32,
    superko: Superko,
    tally: Tally,
    /// A setup left chains without liberties: the next move is worked out the slow way, over
    /// the whole board (stones without liberties cannot stay on the board).
    unsettled: bool,
    /// Under simple ko: the board before the last turn (its hash and bits), which a ko's
    /// immediate recapture would recreate.
    before_last: Option<(u64, Vec<u64>)>,
    /// Under simple ko: the game ended in a repetition of the position after this many turns.
    repeated: Option<u32>,
    /// Following a shared [`Trace`]: the board, the superko history and `before_last` stay
    /// as at the start until the game leaves the trace ([`PlacementGame::settle`]); the
    /// player to move, the passes and the tally are kept up to date.
    follow: Option<Follow>,
}

/// Where a game following a [`Trace`] is in it.
#[derive(Clone)]
struct Follow {
    trace: Arc<Trace>,
    /// Traced turns carried out.
    at: usize,
    /// The board after them, worked out when asked for before the end of the trace.
    board: OnceCell<Board>,
}

/// The board a move would leave, worked out over the whole board.
struct SlowMove {
    board: Board,
    captured: u32,
    suicided: u32,
    /// Whether the placed stone's own chain is left without liberties.
    suicide: bool,
}

impl PlacementGame {
    /// A game from `start` under `texts`.
    #[must_use]
    pub fn new(start: &StartPosition, texts: Texts) -> PlacementGame {
        let follow = start
            .trace
            .as_ref()
            .filter(|t| t.starts_at(&start.board, start.to_move))
            .map(|t| Follow {
                trace: Arc::clone(t),
                at: 0,
                board: OnceCell::new(),
            });
        // A game following a trace keeps no history until it leaves it (it is then replayed
        // from the start: `settle`).
        let room = if follow.is_some() { 0 } else { 512 };
        PlacementGame {
            texts,
            board: start.board.clone(),
            to_move: start.to_move,
            passes: 0,
            superko: Superko::with_room(texts.superko_kind, &start.board, start.to_move, room),
            tally: Tally::default(),
            unsettled: !start.board.libertyless_chains().is_empty(),
            before_last: texts
                .simple_ko
                .map(|_| (start.board.hash(), start.board.bits().to_vec())),
            repeated: None,
            follow,
        }
    }

    /// The same game without a trace, its traced turns carried out the ordinary way: what
    /// a game that follows `trace` up to `at` turns stands for.
    fn replayed(&self, trace: &Trace, at: usize) -> PlacementGame {
        let start = StartPosition::new(trace.start().clone(), trace.to_move());
        let mut game = PlacementGame::new(&start, self.texts);
        for t in &trace.turns()[..at] {
            game.apply(&Turn::new(t.color, t.mv), false);
        }
        game
    }

    /// Leaves the trace, if the game follows one: from here on every turn is worked out.
    fn settle(&mut self) {
        if let Some(f) = self.follow.take() {
            *self = self.replayed(&f.trace, f.at);
        }
    }

    /// The traced turn that `turn` is, when the game follows a trace and may follow it with
    /// this turn: the same player and move, no action before it, the game not over (every
    /// text's checks pass on such a turn; see [`crate::trace`]).
    fn traced(&self, turn: &Turn) -> Option<TracedTurn> {
        let f = self.follow.as_ref()?;
        let t = *f.trace.turns().get(f.at)?;
        (turn.pre.is_none() && t.color == turn.color && t.mv == turn.mv && !self.is_over())
            .then_some(t)
    }

    /// Carries out a traced turn: what [`PlacementGame::apply`] does on an ordinary turn,
    /// with the board's work already done by the trace.
    fn follow_turn(&mut self, t: TracedTurn) -> TurnEffect {
        let mut effect = TurnEffect::default();
        match t.mv {
            Move::Pass => {
                self.passes += 1;
                self.tally.passes += 1;
            }
            Move::Place(_) => {
                self.tally.captures[t.color] += t.captured;
                self.passes = 0;
                effect.captured = t.captured;
            }
        }
        self.tally.turns += 1;
        self.to_move = t.color.opp();
        if let Some(f) = &mut self.follow {
            f.at += 1;
            f.board = OnceCell::new();
        }
        effect.ended = self.is_over();
        effect
    }

    /// Which ko rule the texts follow.
    #[must_use]
    pub fn ko_rule(&self) -> KoRule {
        match self.texts.simple_ko {
            Some(_) => KoRule::Simple,
            None => KoRule::Superko,
        }
    }

    /// Under simple ko, when the game ended in a repetition: the turn count at which the
    /// repeated position first arose.
    #[must_use]
    pub fn repetition_end(&self) -> Option<u32> {
        self.repeated
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        match &self.follow {
            None => &self.board,
            Some(f) if f.at == f.trace.turns().len() => f.trace.end(),
            Some(f) => f.board.get_or_init(|| self.replayed(&f.trace, f.at).board),
        }
    }

    /// The area map of the board as it stands (text 004 rule 9, text 001 `score`): at the end
    /// of a shared trace, the trace's, worked out once for every ruleset that counts it.
    #[must_use]
    pub fn area_map(&self) -> Cow<'_, AreaMap> {
        match &self.follow {
            Some(f) if f.at == f.trace.turns().len() => Cow::Borrowed(f.trace.end_area()),
            _ => Cow::Owned(AreaMap::of(self.board())),
        }
    }

    /// The player to move.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The running totals.
    #[must_use]
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Whether two consecutive passes have ended the game (play may still resume, when the
    /// texts allow it), or, under simple ko, a repetition has.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.passes >= 2 || self.repeated.is_some()
    }

    /// Whether `turn` would resume play after two passes (a stone after the end, which the
    /// texts allow; never after a repetition, which has no result to dispute).
    #[must_use]
    pub fn resumes(&self, turn: &Turn) -> bool {
        self.is_over()
            && self.repeated.is_none()
            && !turn.mv.is_pass()
            && self.texts.resume_after_passes
    }

    /// Makes every key of the superko history collide, for tests (see
    /// [`Superko::collide_all_keys_for_tests`]).
    #[doc(hidden)]
    pub fn collide_all_keys_for_tests(&mut self) {
        self.settle();
        self.superko.collide_all_keys_for_tests();
    }

    /// Whether `turn` is legal now.
    ///
    /// # Errors
    /// The [`Illegal`] that forbids it.
    pub fn check(&self, turn: &Turn) -> Result<(), Illegal> {
        if let Some(f) = &self.follow {
            if self.traced(turn).is_some() {
                return Ok(());
            }
            return self.replayed(&f.trace, f.at).check(turn);
        }
        self.check_pre(turn)?;
        if let (Some(_), Some(rule)) = (self.repeated, self.texts.simple_ko) {
            return Err(Illegal::new(Reason::AfterEnd, rule));
        }
        if self.is_over() && !self.texts.resume_after_passes {
            return Err(Illegal::new(Reason::AfterEnd, self.texts.after_end));
        }
        match turn.mv {
            // Every text lets either side pass at any time.
            Move::Pass => Ok(()),
            Move::Place(p) => self.check_place(p, turn.color),
        }
    }

    /// Plays `turn` if it is legal.
    ///
    /// # Errors
    /// The [`Illegal`] that forbids it; nothing changes.
    pub fn play(&mut self, turn: &Turn) -> Result<TurnEffect, Illegal> {
        if let Some(t) = self.traced(turn) {
            return Ok(self.follow_turn(t));
        }
        self.settle();
        self.check(turn)?;
        Ok(self.apply(turn, false))
    }

    /// Carries out `turn` as far as the board allows: a forbidden suicide or repetition is
    /// played as the board's mechanics dictate.
    ///
    /// # Errors
    /// An action before the move, or a stone on an occupied point.
    pub fn force(&mut self, turn: &Turn) -> Result<TurnEffect, Illegal> {
        self.settle();
        self.check_pre(turn)?;
        if let Move::Place(p) = turn.mv {
            if !self.board.is_empty_at(p) {
                return Err(Illegal::new(Reason::Occupied, self.texts.occupied));
            }
        }
        Ok(self.apply(turn, true))
    }

    /// Changes stones directly (a setup in the middle of a record).
    pub fn edit(&mut self, edits: &[(Point, Option<Color>)]) {
        self.settle();
        self.board.setup(edits);
        self.unsettled = !self.board.libertyless_chains().is_empty();
        // No turn made this board: no recapture can be immediate across it.
        self.remember_before_turn();
        self.superko
            .record(&self.board, self.to_move, self.tally.turns);
    }

    /// Sets the player to move. Under situational superko the board with this player to move
    /// is now a situation that has occurred (positional superko stores nothing new: the board
    /// is unchanged).
    pub fn set_to_move(&mut self, color: Color) {
        self.settle();
        self.to_move = color;
        self.superko
            .record(&self.board, self.to_move, self.tally.turns);
    }

    fn check_pre(&self, turn: &Turn) -> Result<(), Illegal> {
        match turn.pre {
            Some(_) => Err(Illegal::new(
                Reason::UnsupportedAction,
                self.texts.no_pre_action,
            )),
            None => Ok(()),
        }
    }

    /// The move worked out over the whole board, for positions in which a setup left chains
    /// without liberties: after the stone is put, every opponent stone without liberties is
    /// removed, then one's own; the move is a suicide when the placed stone is gone.
    fn slow_move(&self, p: Point, color: Color) -> SlowMove {
        let mut board = self.board.clone();
        let played = board.play_clearing_all(p, color);
        SlowMove {
            suicide: board.is_empty_at(p),
            board,
            captured: played.captured,
            suicided: played.suicided,
        }
    }

    /// Legality of a stone on `p`: the point is empty, it is no forbidden suicide (when the
    /// texts forbid it), and the position it leaves is new.
    fn check_place(&self, p: Point, color: Color) -> Result<(), Illegal> {
        if !self.board.is_empty_at(p) {
            return Err(Illegal::new(Reason::Occupied, self.texts.occupied));
        }
        let repeats = if self.unsettled {
            let after = self.slow_move(p, color);
            if let (true, Some(rule)) = (after.suicide, self.texts.suicide) {
                return Err(Illegal::new(Reason::Suicide, rule));
            }
            if let Some(rule) = self.texts.simple_ko {
                return self.check_simple_ko(after.board.hash(), rule, |out| {
                    out.extend_from_slice(after.board.bits());
                });
            }
            self.superko.repeats_position(&after.board, color.opp())
        } else {
            // Captures first: `analyze` removes the opponent's stones before it asks whether
            // the placed stone has a liberty.
            let a = self.board.analyze(p, color);
            if let (true, Some(rule)) = (a.suicide, self.texts.suicide) {
                return Err(Illegal::new(Reason::Suicide, rule));
            }
            if let Some(rule) = self.texts.simple_ko {
                return self.check_simple_ko(a.hash_after, rule, |out| {
                    self.board.bits_after(p, color, out);
                });
            }
            self.superko.repeats(&self.board, p, color, a.hash_after)
        };
        match repeats {
            // A single-stone suicide leaves the colouring unchanged and so always repeats.
            Some(turn) => Err(Illegal {
                reason: match self.texts.superko_kind {
                    SuperkoKind::Positional => Reason::PositionalSuperko,
                    SuperkoKind::Situational => Reason::SituationalSuperko,
                },
                rule: self.texts.superko,
                repeats_turn: Some(turn),
            }),
            None => Ok(()),
        }
    }

    /// Simple ko: the board after the move (its hash, and its bits when asked) may not be the
    /// board before the last turn (a ko's immediate recapture) nor the board now (a move that
    /// changes nothing, a single-stone suicide). Any other repetition is allowed, and ends the
    /// game ([`PlacementGame::apply`]).
    fn check_simple_ko(
        &self,
        hash_after: u64,
        rule: &'static str,
        bits_after: impl FnOnce(&mut Vec<u64>),
    ) -> Result<(), Illegal> {
        let turns = self.tally.turns;
        let mut candidates = vec![(self.board.hash(), self.board.bits(), turns)];
        if let Some((hash, bits)) = &self.before_last {
            candidates.push((*hash, bits.as_slice(), turns.saturating_sub(1)));
        }
        if candidates.iter().all(|(hash, ..)| *hash != hash_after) {
            return Ok(());
        }
        let mut exact = Vec::with_capacity(self.board.bits().len());
        bits_after(&mut exact);
        match candidates
            .iter()
            .find(|(_, bits, _)| *bits == exact.as_slice())
        {
            Some(&(_, _, turn)) => Err(Illegal {
                reason: Reason::Ko,
                rule,
                repeats_turn: Some(turn),
            }),
            None => Ok(()),
        }
    }

    /// Under simple ko, remembers the board as it is before the next turn.
    fn remember_before_turn(&mut self) {
        if self.texts.simple_ko.is_some() {
            self.before_last = Some((self.board.hash(), self.board.bits().to_vec()));
        }
    }

    /// Carries out a turn whose legality has been settled (or is being overridden: `forced`).
    /// Under simple ko a stone that recreates an earlier position ends the game (not a forced
    /// one: its repetition is the forbidden move's, reported as such).
    fn apply(&mut self, turn: &Turn, forced: bool) -> TurnEffect {
        let mut effect = TurnEffect::default();
        self.remember_before_turn();
        match turn.mv {
            Move::Pass => {
                self.passes += 1;
                self.tally.passes += 1;
            }
            Move::Place(p) => {
                let (captured, suicided) = if self.unsettled {
                    let after = self.slow_move(p, turn.color);
                    self.board = after.board;
                    self.unsettled = false;
                    (after.captured, after.suicided)
                } else {
                    let played = self.board.play(p, turn.color);
                    (played.captured, played.suicided)
                };
                self.tally.captures[turn.color] += captured;
                self.tally.self_captures[turn.color] += suicided;
                self.passes = 0;
                effect.captured = captured;
                effect.suicided = suicided;
            }
        }
        self.tally.turns += 1;
        self.to_move = turn.color.opp();
        if self.texts.simple_ko.is_some() && !forced && !turn.mv.is_pass() {
            self.repeated = self.superko.repeats_position(&self.board, self.to_move);
        }
        // A pass leaves the board as it was, so positional superko stores nothing new; under
        // situational superko the opponent now faces this board, a situation of its own.
        self.superko
            .record(&self.board, self.to_move, self.tally.turns);
        effect.ended = self.is_over();
        effect
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::PreAction;

    const TEXTS: Texts = Texts {
        occupied: "occupied rule",
        superko: "superko rule",
        superko_kind: SuperkoKind::Positional,
        simple_ko: None,
        suicide: None,
        after_end: "end rule",
        no_pre_action: "no pre-action rule",
        resume_after_passes: false,
    };

    fn game(rows: &[&str], to_move: Color, texts: Texts) -> PlacementGame {
        let board = Board::from_diagram(rows).unwrap();
        PlacementGame::new(&StartPosition::new(board, to_move), texts)
    }

    fn at(g: &PlacementGame, name: &str) -> Turn {
        let p = g.board().topology().parse_sgf(name).unwrap();
        Turn::new(g.to_move(), Move::Place(p))
    }

    #[test]
    fn suicide_is_forbidden_only_when_the_texts_say_so() {
        // Black at `aa` has no liberty and captures nothing: a two-stone suicide with `ba`.
        let rows = [".XO", "OO.", "..."];
        let mut allowed = game(&rows, Color::Black, TEXTS);
        let turn = at(&allowed, "aa");
        let effect = allowed.play(&turn).unwrap();
        assert_eq!((effect.captured, effect.suicided), (0, 2));
        assert_eq!(allowed.tally().self_captures.black, 2);
        let forbidding = Texts {
            suicide: Some("suicide rule"),
            ..TEXTS
        };
        let mut banned = game(&rows, Color::Black, forbidding);
        let err = banned.play(&turn).unwrap_err();
        assert_eq!((err.reason, err.rule), (Reason::Suicide, "suicide rule"));
        // Forced, it is played as the board dictates.
        assert_eq!(banned.force(&turn).unwrap().suicided, 2);
    }

    #[test]
    fn occupied_points_and_actions_before_the_move_are_refused() {
        let mut g = game(&["X.", ".."], Color::White, TEXTS);
        let turn = at(&g, "aa");
        let err = g.check(&turn).unwrap_err();
        assert_eq!((err.reason, err.rule), (Reason::Occupied, "occupied rule"));
        assert_eq!(g.force(&turn).unwrap_err().reason, Reason::Occupied);
        let pre = Turn {
            pre: Some(PreAction::RemoveCycle { start: 0 }),
            ..at(&g, "bb")
        };
        assert_eq!(g.check(&pre).unwrap_err().rule, "no pre-action rule");
        assert_eq!(g.force(&pre).unwrap_err().reason, Reason::UnsupportedAction);
    }

    #[test]
    fn two_passes_end_the_game_unless_play_may_resume() {
        for resume in [false, true] {
            let texts = Texts {
                resume_after_passes: resume,
                ..TEXTS
            };
            let mut g = game(&["...", "...", "..."], Color::Black, texts);
            let pass = |c| Turn::new(c, Move::Pass);
            assert!(!g.play(&pass(Color::Black)).unwrap().ended);
            assert!(g.play(&pass(Color::White)).unwrap().ended);
            assert!(g.is_over());
            let stone = at(&g, "bb");
            assert_eq!(g.resumes(&stone), resume);
            assert!(!g.resumes(&pass(Color::Black)));
            match g.play(&stone) {
                Ok(_) => assert!(resume && !g.is_over()),
                Err(e) => assert!(!resume && e.reason == Reason::AfterEnd && e.rule == "end rule"),
            }
            assert_eq!(g.tally().passes, 2);
            assert_eq!(g.tally().turns, 2 + u32::from(resume));
        }
    }

    #[test]
    fn simple_ko_forbids_only_the_immediate_recapture() {
        // The ko of the test below, under simple ko: the retake is refused as a ko, the
        // turn it would repeat named; after a move elsewhere and an answer, it is allowed.
        let rows = [".XO.", "X.XO", ".XO.", "...."];
        let texts = Texts {
            simple_ko: Some("ko rule"),
            ..TEXTS
        };
        let mut g = game(&rows, Color::White, texts);
        g.play(&at(&g, "bb")).unwrap();
        let retake = at(&g, "cb");
        let err = g.check(&retake).unwrap_err();
        assert_eq!((err.reason, err.rule), (Reason::Ko, "ko rule"));
        assert_eq!(err.repeats_turn, Some(0));
        g.play(&at(&g, "ad")).unwrap();
        g.play(&at(&g, "dd")).unwrap();
        assert_eq!(g.check(&retake), Ok(()));
    }

    #[test]
    fn repetitions_are_named_by_the_kind_of_superko() {
        // A ko: White takes at `ba`, Black may not retake at once.
        let rows = [".XO.", "X.XO", ".XO.", "...."];
        for (kind, reason) in [
            (SuperkoKind::Positional, Reason::PositionalSuperko),
            (SuperkoKind::Situational, Reason::SituationalSuperko),
        ] {
            let texts = Texts {
                superko_kind: kind,
                ..TEXTS
            };
            let mut g = game(&rows, Color::White, texts);
            let take = at(&g, "bb");
            assert_eq!(g.play(&take).unwrap().captured, 1);
            assert_eq!(g.tally().captures.white, 1);
            assert_eq!(g.tally().turns, 1);
            let retake = at(&g, "cb");
            let err = g.check(&retake).unwrap_err();
            assert_eq!((err.reason, err.rule), (reason, "superko rule"));
            assert_eq!(err.repeats_turn, Some(0));
            // Forced, the position recurs.
            assert_eq!(g.force(&retake).unwrap().captured, 1);
        }
    }

    #[test]
    fn after_a_setup_without_liberties_the_next_move_clears_the_whole_board() {
        let mut g = game(&["...", "...", "..."], Color::Black, TEXTS);
        let topo = g.board().topology().clone();
        let p = |n: &str| topo.parse_sgf(n).unwrap();
        // A white stone at `aa` surrounded by black: left without liberties by the edit.
        g.edit(&[
            (p("aa"), Some(Color::White)),
            (p("ba"), Some(Color::Black)),
            (p("ab"), Some(Color::Black)),
        ]);
        let effect = g.play(&at(&g, "cc")).unwrap();
        assert_eq!(effect.captured, 1);
        assert_eq!(g.board().get(p("aa")), None);
        g.set_to_move(Color::Black);
        assert_eq!(g.to_move(), Color::Black);
    }
}
