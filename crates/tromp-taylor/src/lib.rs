//! # tromp-taylor
//!
//! Two rulesets that share one game and differ only in the count:
//!
//! * [`TrompTaylor`] (`tromp-taylor`): the Tromp–Taylor rules as text 004 lists them, stated
//!   formally by text 001. Area scoring, suicide legal, positional superko, the board scored
//!   exactly as it stands.
//! * [`Logical`] (`logical`): text 000, "Logical Rules (based on the ones by J. Tromp)": the
//!   same game on any board graph, whose situation also counts the stones of each colour
//!   emptied by moves, and whose score adds the opponent's emptied stones.
//!
//! Our reading, rule by rule, is in `docs/rules/tromp-taylor.md` and `docs/rules/logical.md`.
//!
//! ```
//! use rules_core::{Board, Color, Move, Ruleset, StartPosition, Topology, Turn};
//! use std::sync::Arc;
//! use tromp_taylor::TrompTaylor;
//!
//! let topo = Arc::new(Topology::square(2).unwrap());
//! let start = StartPosition {
//!     board: Board::new(topo.clone()),
//!     to_move: Color::Black,
//!     initial_prohibited: vec![],
//!     trace: None,
//! };
//! let mut game = TrompTaylor.start(&start);
//! let a1 = topo.parse_point("A1").unwrap();
//! game.play(&Turn::new(Color::Black, Move::Place(a1))).unwrap();
//! game.play(&Turn::new(Color::White, Move::Pass)).unwrap();
//! game.play(&Turn::new(Color::Black, Move::Pass)).unwrap();
//! assert!(game.is_over());
//! ```
#![deny(missing_docs)]

use rules_core::placement::{PlacementGame, Texts};
use rules_core::{
    Board, Color, Counting, GameState, Illegal, Point, PointValue, Ruleset, ScoreBreakdown,
    ScoreError, ScoreNote, ScoringInput, ScoringMethod, SideScore, StartPosition, SuperkoKind,
    Tally, Turn, TurnEffect,
};

/// Which of the two texts a game follows. Only the count and the citations differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Variant {
    /// Texts 001 and 004.
    TrompTaylor,
    /// Text 000.
    Logical,
}

/// Citations, per variant, so every finding names the text it comes from.
struct Citations {
    occupied: &'static str,
    superko: &'static str,
    after_end: &'static str,
    no_pre_action: &'static str,
}

const TT_RULES: Citations = Citations {
    occupied: "Tromp–Taylor rule 7 (text 004): a move colours an empty point; \
               text 001: move(s, v) = ⊥ when b(v) ≠ Empty",
    superko: "Tromp–Taylor rule 6 (text 004): a move may not repeat an earlier grid colouring; \
              text 001 §Games 3.2: b(i+1) ≠ b(j) for all j ≤ i",
    after_end: "Tromp–Taylor rule 8 (text 004): the game ends after two consecutive passes; \
                text 001 §Games 3.3: n(i) < 2",
    no_pre_action: "Tromp–Taylor rule 6 (text 004): a turn is a pass or a move",
};

const LOGICAL_RULES: Citations = Citations {
    occupied: "text 000 rule 7b: Put P needs P coloured empty",
    superko: "text 000 rule 6c: S2's colouring may not appear among the previous colourings",
    after_end: "text 000 rules 6d, 7: a game has ended when it ends in two passes",
    no_pre_action: "text 000 rule 7: a potentially valid move is Pass or Put P",
};

/// The Tromp–Taylor rules (`tromp-taylor`): area scoring, suicide legal, positional superko,
/// the board scored exactly as it stands.
#[derive(Debug, Clone, Copy, Default)]
pub struct TrompTaylor;

/// The logical rules of text 000 (`logical`): Tromp–Taylor on any board graph, each player's
/// score also counting the opponent's stones emptied during the game.
#[derive(Debug, Clone, Copy, Default)]
pub struct Logical;

/// A ruleset whose games make every Zobrist key collide with every other, so that every
/// repetition check falls through to the exact comparison. For tests that show a hash
/// collision can never forbid a legal move; slow.
#[doc(hidden)]
pub struct CollidingKeys {
    /// `true` for `logical`, `false` for `tromp-taylor`.
    pub logical: bool,
}

impl Ruleset for CollidingKeys {
    fn id(&self) -> &'static str {
        if self.logical {
            Logical.id()
        } else {
            TrompTaylor.id()
        }
    }
    fn describe(&self) -> String {
        format!("{} with colliding hash keys (test only)", self.id())
    }
    fn default_komi(&self) -> f64 {
        DEFAULT_KOMI
    }
    fn counting(&self) -> Counting {
        if self.logical {
            Logical.counting()
        } else {
            TrompTaylor.counting()
        }
    }
    fn start(&self, start: &StartPosition) -> Box<dyn GameState> {
        let variant = if self.logical {
            Variant::Logical
        } else {
            Variant::TrompTaylor
        };
        let mut g = Game::new(variant, start);
        g.play.collide_all_keys_for_tests();
        Box::new(g)
    }
}

/// Komi when the record gives none: 7.5, as text 004's math ("the black gives white 7.5
/// points").
pub const DEFAULT_KOMI: f64 = 7.5;

impl Ruleset for TrompTaylor {
    fn id(&self) -> &'static str {
        "tromp-taylor"
    }
    fn describe(&self) -> String {
        "Tromp–Taylor: area scoring of the board as it stands, suicide legal, positional superko"
            .to_owned()
    }
    fn default_komi(&self) -> f64 {
        DEFAULT_KOMI
    }
    fn counting(&self) -> Counting {
        Counting::Area
    }
    fn start(&self, start: &StartPosition) -> Box<dyn GameState> {
        Box::new(Game::new(Variant::TrompTaylor, start))
    }
}

impl Ruleset for Logical {
    fn id(&self) -> &'static str {
        "logical"
    }
    fn describe(&self) -> String {
        "logical (text 000): Tromp–Taylor on any graph, score adds the opponent's emptied stones"
            .to_owned()
    }
    fn default_komi(&self) -> f64 {
        DEFAULT_KOMI
    }
    fn counting(&self) -> Counting {
        Counting::AreaWithCaptures
    }
    fn start(&self, start: &StartPosition) -> Box<dyn GameState> {
        Box::new(Game::new(Variant::Logical, start))
    }
}

/// One game under either variant: the loop the area rulesets share
/// ([`rules_core::placement`]) with this text's citations — suicide legal, positional
/// superko, two passes end the game — and the variant, for the count.
#[derive(Clone)]
struct Game {
    variant: Variant,
    play: PlacementGame,
}

impl Game {
    fn new(variant: Variant, start: &StartPosition) -> Game {
        let rules = match variant {
            Variant::TrompTaylor => &TT_RULES,
            Variant::Logical => &LOGICAL_RULES,
        };
        let texts = Texts {
            occupied: rules.occupied,
            superko: rules.superko,
            superko_kind: SuperkoKind::Positional,
            simple_ko: None,
            // Text 001: suicide is a move like any other; the colouring repeats when a single
            // stone kills itself, which superko then forbids.
            suicide: None,
            after_end: rules.after_end,
            no_pre_action: rules.no_pre_action,
            resume_after_passes: false,
        };
        Game {
            variant,
            play: PlacementGame::new(start, texts),
        }
    }
}

impl GameState for Game {
    fn board(&self) -> &Board {
        self.play.board()
    }

    fn to_move(&self) -> Color {
        self.play.to_move()
    }

    fn is_over(&self) -> bool {
        self.play.is_over()
    }

    // Text 001 §Games 3.2 only constrains moves that put a stone; text 000 rule 6c, read
    // literally, would forbid every pass (a pass keeps the colouring). We read it as text 001
    // does (docs/rules/logical.md): a pass is always legal before the end.
    fn check(&self, turn: &Turn) -> Result<(), Illegal> {
        self.play.check(turn)
    }

    fn play(&mut self, turn: &Turn) -> Result<TurnEffect, Illegal> {
        self.play.play(turn)
    }

    fn force(&mut self, turn: &Turn) -> Result<TurnEffect, Illegal> {
        self.play.force(turn)
    }

    fn edit(&mut self, edits: &[(Point, Option<Color>)]) {
        self.play.edit(edits);
    }

    fn set_to_move(&mut self, color: Color) {
        self.play.set_to_move(color);
    }

    fn tally(&self) -> Tally {
        self.play.tally()
    }

    /// Text 001 `score` / text 004 rule 9: points of one's colour plus empty points that reach
    /// only one's colour; `logical` (text 000 rule 8) adds `N_opp`, the opponent's stones
    /// emptied during the game. Nothing is removed: dead stones count as they stand.
    fn score(&self, input: &ScoringInput<'_>) -> Result<ScoreBreakdown, ScoreError> {
        let map = self.play.area_map();
        let removed = self.play.tally().stones_removed();
        let side = |c: Color| SideScore {
            stones: map.stones[c],
            territory: map.territory[c],
            captures: match self.variant {
                Variant::TrompTaylor => 0,
                Variant::Logical => removed[c.opp()],
            },
            komi: if c == Color::White { input.komi } else { 0.0 },
            ..SideScore::default()
        };
        let method = match self.variant {
            Variant::TrompTaylor => ScoringMethod::Area,
            Variant::Logical => ScoringMethod::AreaWithCaptures,
        };
        let mut s = ScoreBreakdown::new(method, side(Color::Black), side(Color::White), input.komi);
        s.dame = map.shared + map.neutral;
        if !input.assessment.dead.is_empty() {
            s.noted.push(ScoreNote::ScoredAsItStands {
                named_dead: input.assessment.dead.len() as u32,
                source: input.assessment.source,
            });
        }
        Ok(s)
    }

    /// Every point counts as [`rules_core::AreaMap`] says: stones and territory for their colour, points
    /// reaching both colours or none for nobody. Nothing is dead.
    fn point_values(&self, _input: &ScoringInput<'_>) -> Result<Vec<PointValue>, ScoreError> {
        Ok(self
            .play
            .area_map()
            .owner
            .iter()
            .copied()
            .map(|o| PointValue::area(o, false))
            .collect())
    }

    fn box_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::point::Move;
    use rules_core::{Assessment, AssessmentSource, PointKind, Reason};

    fn start(rows: &[&str], to_move: Color) -> StartPosition {
        StartPosition::new(Board::from_diagram(rows).unwrap(), to_move)
    }

    fn pt(g: &dyn GameState, s: &str) -> Point {
        g.board().topology().parse_sgf(s).unwrap()
    }

    fn place(g: &dyn GameState, s: &str) -> Move {
        Move::Place(pt(g, s))
    }

    fn input(komi: f64, assessment: &Assessment) -> ScoringInput<'_> {
        ScoringInput {
            komi,
            handicap: 0,
            assessment,
        }
    }

    fn score(g: &dyn GameState, komi: f64) -> ScoreBreakdown {
        g.score(&input(komi, &Assessment::none())).unwrap()
    }

    #[test]
    fn multi_stone_suicide_is_legal_and_removes_own_stones() {
        let s = start(&["OX.", ".X.", "X.."], Color::White);
        let mut g = TrompTaylor.start(&s);
        let mv = place(&*g, "ab");
        let e = g.play(&Turn::new(Color::White, mv)).unwrap();
        assert_eq!(e.suicided, 2);
        assert_eq!(g.tally().self_captures.white, 2);
        assert_eq!(g.tally().stones_removed().white, 2);
    }

    #[test]
    fn single_stone_suicide_is_a_repetition() {
        let s = start(&[".X", "X."], Color::White);
        let mut g = TrompTaylor.start(&s);
        let mv = place(&*g, "aa");
        let err = g.play(&Turn::new(Color::White, mv)).unwrap_err();
        assert_eq!(err.reason, Reason::PositionalSuperko);
        assert_eq!(err.repeats_turn, Some(0));
    }

    #[test]
    fn a_move_recreating_the_setup_is_forbidden() {
        // Black captures, White recaptures the ko: the colouring equals the setup.
        let s = start(&[".XO.", "XO.O", ".XO."], Color::Black);
        let mut g = TrompTaylor.start(&s);
        let cb = place(&*g, "cb");
        g.play(&Turn::new(Color::Black, cb)).unwrap();
        let bb = place(&*g, "bb");
        let err = g.play(&Turn::new(Color::White, bb)).unwrap_err();
        assert_eq!(err.reason, Reason::PositionalSuperko);
        assert_eq!(err.repeats_turn, Some(0));
    }

    #[test]
    fn two_passes_end_the_game_and_nothing_follows() {
        let s = start(&["...", "...", "..."], Color::Black);
        let mut g = TrompTaylor.start(&s);
        g.play(&Turn::new(Color::Black, Move::Pass)).unwrap();
        let e = g.play(&Turn::new(Color::White, Move::Pass)).unwrap();
        assert!(e.ended);
        let mv = place(&*g, "bb");
        let err = g.play(&Turn::new(Color::Black, mv)).unwrap_err();
        assert_eq!(err.reason, Reason::AfterEnd);
        let err = g.play(&Turn::new(Color::Black, Move::Pass)).unwrap_err();
        assert_eq!(err.reason, Reason::AfterEnd);
    }

    #[test]
    fn scores_the_board_as_it_stands() {
        // The white stone at bb is "dead" to a human, but counts, and spoils Black's area.
        let s = start(&["..X.O", ".OX.O", "..X.O"], Color::Black);
        let g = TrompTaylor.start(&s);
        let sc = score(&*g, 0.5);
        assert_eq!(sc.black.total, 3.0);
        assert_eq!(sc.white.total, 4.0 + 0.5);
        assert_eq!(sc.dame, 8, "columns a–b (5) and d (3) touch both colours");
        assert_eq!(sc.result(), "W+1.5");
    }

    #[test]
    fn logical_adds_the_opponents_emptied_stones() {
        let s = start(&["OX.", ".X.", "X.."], Color::White);
        let mut g = Logical.start(&s);
        let mv = place(&*g, "ab");
        g.play(&Turn::new(Color::White, mv)).unwrap();
        let sc = score(&*g, 0.0);
        let tt = {
            let mut t = TrompTaylor.start(&s);
            t.play(&Turn::new(Color::White, mv)).unwrap();
            score(&*t, 0.0)
        };
        assert_eq!(
            sc.black.captures, 2,
            "White's suicide gives Black two captures"
        );
        assert_eq!(sc.black.total - tt.black.total, 2.0);
        assert_eq!(sc.white.total, tt.white.total);
    }

    #[test]
    fn setup_without_liberties_is_cleared_by_the_first_move() {
        // The black stone at aa has no liberty; Black's own move clears White first, then
        // Black, so it goes (text 000 rule 5 clears the whole colour).
        let s = start(&["XO.", "O..", "..."], Color::Black);
        let mut g = TrompTaylor.start(&s);
        let mv = place(&*g, "cc");
        let e = g.play(&Turn::new(Color::Black, mv)).unwrap();
        assert_eq!(e.suicided, 1);
        assert!(g.board().libertyless_chains().is_empty());
    }

    #[test]
    fn setup_clearing_removes_the_opponent_before_oneself() {
        // Regression (found in review): the slow path cleared the mover's chain before the
        // opponent's libertyless stones elsewhere. Text 001 clears the opponent first.
        let s = start(&["XOXO", ".XO."], Color::Black);
        let mut g = TrompTaylor.start(&s);
        let mv = place(&*g, "ab");
        let e = g.play(&Turn::new(Color::Black, mv)).unwrap();
        assert_eq!((e.captured, e.suicided), (1, 0));
        assert_eq!(g.tally().captures.black, 1);
    }

    #[test]
    fn the_rulesets_name_themselves_and_their_komi() {
        assert_eq!(TrompTaylor.id(), "tromp-taylor");
        assert_eq!(Logical.id(), "logical");
        assert_eq!(TrompTaylor.default_komi(), 7.5);
        assert_eq!(Logical.default_komi(), 7.5);
        assert!(TrompTaylor.describe().starts_with("Tromp–Taylor"));
        assert!(Logical.describe().contains("text 000"));
        for logical in [false, true] {
            let plain: &dyn Ruleset = if logical { &Logical } else { &TrompTaylor };
            let colliding = CollidingKeys { logical };
            assert_eq!(colliding.id(), plain.id());
            assert_eq!(colliding.default_komi(), plain.default_komi());
            assert_eq!(colliding.counting(), plain.counting());
            let d = colliding.describe();
            assert!(d.starts_with(plain.id()) && d.contains("colliding"), "{d}");
        }
    }

    #[test]
    fn the_tally_counts_turns_and_passes() {
        let s = start(&["...", "...", "..."], Color::Black);
        let mut g = TrompTaylor.start(&s);
        let bb = place(&*g, "bb");
        g.play(&Turn::new(Color::Black, bb)).unwrap();
        g.play(&Turn::new(Color::White, Move::Pass)).unwrap();
        let aa = place(&*g, "aa");
        g.play(&Turn::new(Color::Black, aa)).unwrap();
        assert_eq!((g.tally().turns, g.tally().passes), (3, 1));
    }

    /// Tromp–Taylor rule 6 (text 001 §Games 3.2: b(i+1) ≠ b(j) for all j ≤ i): every
    /// colouring reached by a move is remembered, not only the setup.
    #[test]
    fn a_move_recreating_the_position_after_a_move_is_forbidden() {
        // Two moves elsewhere, then the ko: White's recapture recreates the position after
        // turn 2, which is forbidden only if positions after moves are remembered.
        let s = start(&[".XO..", "XO.O.", ".XO..", "....."], Color::Black);
        let mut g = TrompTaylor.start(&s);
        for (c, at) in [
            (Color::Black, "ed"),
            (Color::White, "ad"),
            (Color::Black, "cb"),
        ] {
            let mv = place(&*g, at);
            g.play(&Turn::new(c, mv)).unwrap();
        }
        let bb = place(&*g, "bb");
        let err = g.play(&Turn::new(Color::White, bb)).unwrap_err();
        assert_eq!(err.reason, Reason::PositionalSuperko);
        assert_eq!(err.repeats_turn, Some(2));
    }

    /// Setup edits mid-record (SGF AB/AW/AE) and PL; a stone an edit left without liberties
    /// goes with the next move (text 000 rule 5: clearing a colour).
    #[test]
    fn edits_change_the_board_and_a_stone_left_without_liberties_goes_next_move() {
        let s = start(&["...", "...", "..."], Color::Black);
        let mut g = TrompTaylor.start(&s);
        let (aa, ab, ba) = (pt(&*g, "aa"), pt(&*g, "ab"), pt(&*g, "ba"));
        g.edit(&[
            (aa, Some(Color::Black)),
            (ab, Some(Color::White)),
            (ba, Some(Color::White)),
        ]);
        assert_eq!(g.board().get(aa), Some(Color::Black));
        assert_eq!(g.board().libertyless_chains().len(), 1);
        let cc = place(&*g, "cc");
        let e = g.play(&Turn::new(Color::Black, cc)).unwrap();
        assert_eq!(
            e.suicided, 1,
            "text 000 rule 5 clears Black's libertyless stone"
        );
        assert!(g.board().libertyless_chains().is_empty());
        g.set_to_move(Color::Black);
        assert_eq!(g.to_move(), Color::Black);
    }

    /// Text 001 `score` / text 004 rule 9: stones plus empty points reaching only one's colour.
    #[test]
    fn territory_counts_and_every_point_has_its_value() {
        let s = start(&["X..", "...", "..O"], Color::Black);
        let g = TrompTaylor.start(&s);
        let sc = score(&*g, 0.0);
        assert_eq!((sc.black.stones, sc.black.territory), (1, 0));
        assert_eq!(sc.dame, 7, "the empty points reach both colours");
        let s = start(&["X..", "...", "..."], Color::Black);
        let g = TrompTaylor.start(&s);
        let sc = score(&*g, 0.0);
        assert_eq!((sc.black.stones, sc.black.territory), (1, 8));
        assert_eq!(sc.black.total, 9.0);
        assert!(sc.noted.is_empty(), "{:?}", sc.noted);
        let values = g.point_values(&input(0.0, &Assessment::none())).unwrap();
        assert_eq!(values.len(), 9);
        assert_eq!(values.iter().map(|v| v.black).sum::<f64>(), 9.0);
        assert_eq!(values[0].kind, PointKind::Stone(Color::Black));
    }

    /// The board is scored as it stands (text 001): stones named dead still count, and the
    /// count says so.
    #[test]
    fn stones_named_dead_are_noted_and_still_counted() {
        let s = start(&["X..", "...", "..O"], Color::Black);
        let g = TrompTaylor.start(&s);
        let dead = Assessment {
            source: AssessmentSource::User,
            dead: vec![pt(&*g, "cc")],
            ..Assessment::default()
        };
        let sc = g.score(&input(0.0, &dead)).unwrap();
        assert_eq!(sc.white.stones, 1);
        assert!(
            matches!(
                sc.noted[..],
                [ScoreNote::ScoredAsItStands { named_dead: 1, .. }]
            ),
            "{:?}",
            sc.noted
        );
    }

    #[test]
    fn force_plays_a_forbidden_repetition() {
        let s = start(&[".X", "X."], Color::White);
        let mut g = TrompTaylor.start(&s);
        let mv = place(&*g, "aa");
        let before = g.board().hash();
        g.force(&Turn::new(Color::White, mv)).unwrap();
        assert_eq!(g.board().hash(), before);
        assert_eq!(g.tally().self_captures.white, 1);
    }
}
