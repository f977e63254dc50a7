//! # chinese
//!
//! The Chinese rules of Go as gorules reads them: 中国围棋规则 and its mathematical statement
//! (text 004), with RemGo's statement of the same rules (text 003) for the two places where it
//! says more: the ban on suicide is optional (Addendum 1), and repetition is positional
//! (Addendum 2). Our reading, rule by rule, is in `docs/rules/chinese.md`; the fixtures in
//! `fixtures/chinese/` are its executable form.
//!
//! * [`Chinese`] — the `chinese` ruleset with its options fixed: [`SuicideRule`] (forbidden by
//!   default), [`KoRule`] (superko by default; simple ko for KataGo's `koSIMPLE`, where a
//!   repetition ends the game without a result), [`SuperkoKind`] (positional by default) and
//!   [`Compensation`] for handicap games (none by default).
//! * The game it starts follows 提子 (capture: when both sides are left without liberties the
//!   opponent's stones go), 禁着点 (forbidden points), 禁止全局同形 (no global repetition) and
//!   终局 (two passes in a row end the game).
//! * Its count is 计算胜负 (rule 9): the dead stones both players agreed on are taken off,
//!   each side counts its stones and the points they surround, and the empty points between
//!   both sides' stones are shared half and half. The breakdown carries both forms the text
//!   uses — the point margin with komi, and Black's stones against half the board plus half
//!   the komi ([`StoneCount`]) — and checks that they agree.
//!
//! ```
//! use chinese::{Chinese, Compensation, SuicideRule};
//! use rules_core::{Assessment, Board, Color, Move, Reason, Ruleset, ScoringInput,
//!                  StartPosition, SuperkoKind, Topology, Turn};
//! use std::sync::Arc;
//!
//! // 禁着点: White may not play into the corner a1 of Black's two stones.
//! let topo = Arc::new(Topology::square(3).unwrap());
//! let mut board = Board::new(topo.clone());
//! board.setup(&[
//!     (topo.parse_point("A2").unwrap(), Some(Color::Black)),
//!     (topo.parse_point("B1").unwrap(), Some(Color::Black)),
//! ]);
//! let rules = Chinese::default();
//! assert_eq!(rules.suicide, SuicideRule::Forbidden);
//! assert_eq!(rules.superko, SuperkoKind::Positional);
//! assert_eq!(rules.compensation, Compensation::None);
//! let start = StartPosition { board, to_move: Color::White, initial_prohibited: vec![], trace: None };
//! let mut game = rules.start(&start);
//! let a1 = Move::Place(topo.parse_point("A1").unwrap());
//! let err = game.play(&Turn::new(Color::White, a1)).unwrap_err();
//! assert_eq!(err.reason, Reason::Suicide);
//! assert!(err.rule.contains("禁着点"));
//!
//! // Two passes end the game; the count gives Black all 9 points (2 stones + 7 surrounded).
//! game.play(&Turn::new(Color::White, Move::Pass)).unwrap();
//! game.play(&Turn::new(Color::Black, Move::Pass)).unwrap();
//! assert!(game.is_over());
//! let none = Assessment::none();
//! let score = game
//!     .score(&ScoringInput { komi: 7.5, handicap: 0, assessment: &none })
//!     .unwrap();
//! assert_eq!(score.black.total, 9.0);
//! assert_eq!(score.result(), "B+1.5");
//! let count = score.stone_count.unwrap();
//! assert_eq!(count.half_board, 4.5); // half of 3×3
//! assert_eq!(count.black_excess, 0.75); // 9 − 4.5 − 3.75
//! assert!(count.agrees_with_margin); // 2 × 0.75 = 1.5
//! ```
#![deny(missing_docs)]

use rules_core::placement::{PlacementGame, Texts};
use rules_core::score::StoneCount;
use rules_core::{
    AreaMap, AreaOwner, Board, Color, Counting, GameState, Illegal, PerColor, Point, Ruleset,
    ScoreBreakdown, ScoreError, ScoreNote, ScoringInput, ScoringMethod, SideScore, StartPosition,
    Tally, Turn, TurnEffect,
};
use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

pub use rules_core::{KoRule, SuperkoKind};

/// Rule citations: every forbidden move names the rule that forbids it.
pub mod rules {
    /// A stone goes on an empty point.
    pub const OCCUPIED: &str = "中国围棋规则 rule 2 (围棋的下法, text 004): a stone is put on a \
        point of the board (着一子于棋盘的点上) and does not move after; its math: an action \
        needs B(x, y) = 0";
    /// 禁着点.
    pub const SUICIDE: &str = "中国围棋规则 rule 5 (禁着点, text 004): a point where the stone \
        put would at once be without liberties while capturing nothing is forbidden; text 003 \
        Addendum 1 (prohibition of suicide, an optional rule, here on)";
    /// 禁止全局同形, positional (the math).
    pub const SUPERKO_POSITIONAL: &str = "中国围棋规则 rule 6 (禁止全局同形, text 004) and its \
        math B_k ≠ B_{k−i} for all 0 < i ≤ k: a move may not recreate any earlier board; \
        text 003 Addendum 2";
    /// Simple ko, the option for rules that name it (KataGo's `koSIMPLE`, the practice of
    /// Chinese tournaments).
    pub const SIMPLE_KO: &str = "simple ko (option): a move may not retake a ko at once \
        (recreate the board of either of the two turns before it); any other repetition of an \
        earlier board is no forbidden move but ends the game without a result, since 中国围棋规则 \
        rule 6 (禁止全局同形, text 004) allows no repetition and the option (KataGo's koSIMPLE) \
        leaves long cycles to the referee";
    /// 禁止全局同形, situational (the words).
    pub const SUPERKO_SITUATIONAL: &str = "中国围棋规则 rule 6 (禁止全局同形, text 004), read \
        as its words say (着子后不得使对方重复面临曾出现过的局面): a move may not make the \
        opponent face again a board they have faced before (same board, same player to move)";
    /// 终局.
    pub const AFTER_END: &str = "中国围棋规则 rule 7 (终局, text 004): both players passing in \
        succession (双方连续使用虚着) ends the game; its math: a_{end−1} = a_{end} = PASS";
    /// Play resumes after two passes (option `after_two_passes = resume`).
    pub const RESUME: &str = "text 003 End 1: \"On dispute the game continues\" (option \
        after two passes: resume)";
    /// A turn is a stone or a pass.
    pub const NO_PRE_ACTION: &str = "中国围棋规则 rule 2 (围棋的下法, text 004): a turn puts \
        one stone or passes (使用虚着); there is nothing else to do";
}

/// Komi when the record gives none: 7.5 points, text 004's math ("the black gives white 7.5
/// points"), i.e. 3¾ stones in the stone count.
pub const DEFAULT_KOMI: f64 = 7.5;

/// Whether a move whose own stones would be left without liberties is forbidden.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum SuicideRule {
    /// 中国围棋规则 rule 5 (禁着点): suicide of one stone or of many is forbidden
    /// ([`Reason::Suicide`]). The default: text 004 states it, and text 003 Addendum 1 lists
    /// it as "an optional rule".
    #[default]
    #[cfg_attr(
        feature = "clap",
        value(help = "Suicide of one or many stones is forbidden (text 004 禁着点)")
    )]
    Forbidden,
    /// Text 003 without Addendum 1: the move is played, the opponent's stones without
    /// liberties are removed, then one's own (text 003 steps 2 and 3), exactly as in
    /// Tromp–Taylor. A single-stone suicide then leaves the board as it was, so positional
    /// superko forbids it; a multi-stone suicide is legal unless it repeats.
    #[cfg_attr(
        feature = "clap",
        value(help = "Suicide is a legal move that removes one's own stones")
    )]
    Allowed,
}

impl SuicideRule {
    /// The option's value as written on the command line: `forbidden` or `allowed`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            SuicideRule::Forbidden => "forbidden",
            SuicideRule::Allowed => "allowed",
        }
    }
}

impl fmt::Display for SuicideRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for SuicideRule {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<Self, OptionError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "forbidden" => Ok(SuicideRule::Forbidden),
            "allowed" => Ok(SuicideRule::Allowed),
            _ => Err(OptionError::new("suicide", s, "forbidden, allowed")),
        }
    }
}

/// Points White receives in a handicap game, on top of komi. The texts are silent about
/// handicap (text 004 rule 2: 空枰开局, the game starts on an empty board); this is common
/// Chinese practice, offered only when asked for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Compensation {
    /// No compensation (the default): the count is the texts' own.
    #[default]
    #[cfg_attr(feature = "clap", value(help = "No compensation"))]
    None,
    /// N points for N handicap stones (Chinese practice: Black returns half a stone per
    /// handicap stone in the stone count).
    #[cfg_attr(feature = "clap", value(help = "One point per handicap stone"))]
    N,
    /// N − 1 points for N handicap stones (as the AGA counts).
    #[cfg_attr(
        feature = "clap",
        value(name = "n-1", help = "One point per handicap stone but the first")
    )]
    NMinusOne,
}

impl Compensation {
    /// Points White receives for `handicap` stones (`HA`; 0 for an even game).
    #[must_use]
    pub fn points(self, handicap: u32) -> u32 {
        match self {
            Compensation::None => 0,
            Compensation::N => handicap,
            Compensation::NMinusOne => handicap.saturating_sub(1),
        }
    }

    /// The option's value as written on the command line: `none`, `n` or `n-1`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Compensation::None => "none",
            Compensation::N => "n",
            Compensation::NMinusOne => "n-1",
        }
    }

    /// In words, for descriptions.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Compensation::None => "none",
            Compensation::N => "N points to White for N handicap stones",
            Compensation::NMinusOne => "N−1 points to White for N handicap stones",
        }
    }
}

impl fmt::Display for Compensation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Compensation {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<Self, OptionError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "0" => Ok(Compensation::None),
            "n" => Ok(Compensation::N),
            "n-1" | "n−1" => Ok(Compensation::NMinusOne),
            _ => Err(OptionError::new("handicap compensation", s, "none, n, n-1")),
        }
    }
}

/// What a move after two consecutive passes means.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum AfterTwoPasses {
    /// 中国围棋规则 rule 7 (终局, text 004): two consecutive passes end the game; a move
    /// after them is forbidden ([`Reason::AfterEnd`]). The default.
    #[default]
    #[cfg_attr(
        feature = "clap",
        value(help = "The game is over; later moves are forbidden")
    )]
    End,
    /// Text 003 End 1: "On dispute the game continues": a move after two passes is the
    /// players resuming play because they disagree about dead stones (servers such as KGS
    /// record this). The move is legal, the game goes on, and it ends at the next two
    /// consecutive passes. Each resumption is reported as an event.
    #[cfg_attr(feature = "clap", value(help = "Play resumes (reported as an event)"))]
    Resume,
}

impl AfterTwoPasses {
    /// The option's value as written on the command line: `end` or `resume`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            AfterTwoPasses::End => "end",
            AfterTwoPasses::Resume => "resume",
        }
    }
}

impl fmt::Display for AfterTwoPasses {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for AfterTwoPasses {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<Self, OptionError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "end" => Ok(AfterTwoPasses::End),
            "resume" => Ok(AfterTwoPasses::Resume),
            _ => Err(OptionError::new("after two passes", s, "end, resume")),
        }
    }
}

/// Parses a superko option as written on the command line: `positional` or `situational`.
///
/// # Errors
/// Any other word.
pub fn parse_superko(s: &str) -> Result<SuperkoKind, OptionError> {
    match s.trim().to_ascii_lowercase().as_str() {
        "positional" => Ok(SuperkoKind::Positional),
        "situational" => Ok(SuperkoKind::Situational),
        _ => Err(OptionError::new("superko", s, "positional, situational")),
    }
}

/// The command-line word for a superko kind: `positional` or `situational`.
#[must_use]
pub fn superko_code(kind: SuperkoKind) -> &'static str {
    match kind {
        SuperkoKind::Positional => "positional",
        SuperkoKind::Situational => "situational",
    }
}

/// An option value that is not one of the accepted words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {option} option {value:?}: expected one of {expected}")]
pub struct OptionError {
    /// Which option.
    pub option: &'static str,
    /// What was given.
    pub value: String,
    /// The accepted words.
    pub expected: &'static str,
}

impl OptionError {
    fn new(option: &'static str, value: &str, expected: &'static str) -> OptionError {
        OptionError {
            option,
            value: value.to_owned(),
            expected,
        }
    }
}

/// The Chinese rules (`chinese`), with their options fixed. `Chinese::default()` is the rules
/// as text 004 writes them: suicide forbidden, positional superko, no handicap compensation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chinese {
    /// 禁着点 (text 004 rule 5), optional by text 003 Addendum 1. Default: forbidden.
    pub suicide: SuicideRule,
    /// 禁止全局同形 (text 004 rule 6): superko (default), or simple ko for the rules that
    /// name it (a repetition then ends the game without a result; `docs/rules/chinese.md`).
    pub ko: KoRule,
    /// 禁止全局同形 (text 004 rule 6): positional by its math and text 003 Addendum 2
    /// (default); situational as its words can be read. Under simple ko: which repetition
    /// ends the game.
    pub superko: SuperkoKind,
    /// Handicap compensation to White (the texts are silent). Default: none.
    pub compensation: Compensation,
    /// Whether play may resume after two passes (text 003: "on dispute the game
    /// continues"). Default: no, two passes end the game (text 004 rule 7).
    pub after_two_passes: AfterTwoPasses,
}

impl Default for Chinese {
    fn default() -> Chinese {
        Chinese {
            suicide: SuicideRule::Forbidden,
            ko: KoRule::Superko,
            superko: SuperkoKind::Positional,
            compensation: Compensation::None,
            after_two_passes: AfterTwoPasses::End,
        }
    }
}

impl Chinese {
    /// The options in effect, in words: every option is named, defaults included.
    #[must_use]
    pub fn options_in_words(&self) -> String {
        let ko = match self.ko {
            KoRule::Superko => format!("{} superko", superko_code(self.superko)),
            KoRule::Simple => format!(
                "simple ko, a {} repetition ending the game without a result",
                superko_code(self.superko)
            ),
        };
        format!(
            "suicide {}; {ko}; handicap compensation {}; {}",
            match self.suicide {
                SuicideRule::Forbidden => "forbidden",
                SuicideRule::Allowed => "allowed (as in Tromp–Taylor)",
            },
            self.compensation.words(),
            match self.after_two_passes {
                AfterTwoPasses::End => "two passes end the game",
                AfterTwoPasses::Resume => "play may resume after two passes (dispute)",
            },
        )
    }
}

impl Ruleset for Chinese {
    fn id(&self) -> &'static str {
        "chinese"
    }

    fn describe(&self) -> String {
        format!(
            "Chinese (中国围棋规则, text 004 with text 003): area counting after agreed dead \
             stones, dame shared half and half; {}",
            self.options_in_words()
        )
    }

    fn default_komi(&self) -> f64 {
        DEFAULT_KOMI
    }

    /// Dead stones are those both players agree on (text 004 rule 8, 活棋与死棋): they come
    /// from outside the game.
    fn uses_assessment(&self) -> bool {
        true
    }

    fn counting(&self) -> Counting {
        Counting::Area
    }

    fn start(&self, start: &StartPosition) -> Box<dyn GameState> {
        Box::new(Game::new(*self, start))
    }
}

/// One game under the Chinese rules: the loop the area rulesets share
/// ([`rules_core::placement`]) with the Chinese texts' citations and options, and the
/// resumptions of play it reports.
#[derive(Clone)]
struct Game {
    rules: Chinese,
    play: PlacementGame,
    /// Events not yet taken (resumptions of play).
    events: Vec<rules_core::Event>,
}

impl Game {
    fn new(rules: Chinese, start: &StartPosition) -> Game {
        let texts = Texts {
            occupied: rules::OCCUPIED,
            superko: match rules.superko {
                SuperkoKind::Positional => rules::SUPERKO_POSITIONAL,
                SuperkoKind::Situational => rules::SUPERKO_SITUATIONAL,
            },
            superko_kind: rules.superko,
            simple_ko: match rules.ko {
                KoRule::Superko => None,
                KoRule::Simple => Some(rules::SIMPLE_KO),
            },
            // 中国围棋规则 rule 5 (禁着点), or text 003 steps 2 and 3 without the ban.
            suicide: match rules.suicide {
                SuicideRule::Forbidden => Some(rules::SUICIDE),
                SuicideRule::Allowed => None,
            },
            after_end: rules::AFTER_END,
            no_pre_action: rules::NO_PRE_ACTION,
            resume_after_passes: rules.after_two_passes == AfterTwoPasses::Resume,
        };
        Game {
            rules,
            play: PlacementGame::new(start, texts),
            events: Vec::new(),
        }
    }

    /// Text 003 End 1: on dispute the game continues (the stone resets the count of passes).
    fn note_resumption(&mut self, turn: &Turn) {
        self.events.push(rules_core::Event::ResumedAfterPasses {
            color: turn.color,
            rule: rules::RESUME,
        });
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

    fn repetition_end(&self) -> Option<u32> {
        self.play.repetition_end()
    }

    // Rule 2: 允许任何一方放弃下子权而使用虚着 — either side may pass at any time.
    fn check(&self, turn: &Turn) -> Result<(), Illegal> {
        self.play.check(turn)
    }

    fn play(&mut self, turn: &Turn) -> Result<TurnEffect, Illegal> {
        let resumes = self.play.resumes(turn);
        let effect = self.play.play(turn)?;
        if resumes {
            self.note_resumption(turn);
        }
        Ok(effect)
    }

    // A forbidden suicide is carried out as the board's mechanics dictate (text 003 steps 2
    // and 3): the opponent's stones without liberties go, then one's own.
    fn force(&mut self, turn: &Turn) -> Result<TurnEffect, Illegal> {
        let resumes = self.play.resumes(turn);
        let effect = self.play.force(turn)?;
        if resumes {
            self.note_resumption(turn);
        }
        Ok(effect)
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

    fn take_events(&mut self) -> Vec<rules_core::Event> {
        std::mem::take(&mut self.events)
    }

    fn score(&self, input: &ScoringInput<'_>) -> Result<ScoreBreakdown, ScoreError> {
        count_from(self.play.board(), input, self.rules.compensation, || {
            self.play.area_map()
        })
    }

    /// Text 004 rule 9 point by point: dead stones removed, then each point counts as the
    /// area map says, shared points half each; a dead stone's point is marked as such and
    /// worth what its emptied point is worth.
    fn point_values(
        &self,
        input: &ScoringInput<'_>,
    ) -> Result<Vec<rules_core::PointValue>, ScoreError> {
        let board = self.play.board();
        let dead = dead_stones(board, input.assessment)?;
        let map = area_after_removal(board, &dead, || self.play.area_map());
        let mut values: Vec<rules_core::PointValue> = map
            .owner
            .iter()
            .map(|&o| rules_core::PointValue::area(o, true))
            .collect();
        for &p in &dead.points {
            if let Some(c) = board.get(p) {
                values[p.index()].kind = rules_core::PointKind::DeadStone(c);
            }
        }
        Ok(values)
    }

    fn box_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }
}

/// The stones the assessment takes as dead, each whole chain of them.
///
/// Text 004 rule 8 (活棋与死棋): dead stones are those both sides confirm could be captured;
/// the assessment brings that agreement from outside. A stone is dead when the assessment
/// names it, or when it lies on a point the assessment gives to the other side as territory
/// (`TB`/`TW` markup covering stones of the other colour, as KGS writes it). Rule 3 makes
/// connected stones one inseparable whole (不可分割的整体), so a dead mark on one stone of a
/// chain is read as the whole chain.
///
/// # Errors
/// [`ScoreError::BadAssessment`] when a point named dead holds no stone, or a point is not on
/// the board.
pub fn dead_stones(
    board: &Board,
    assessment: &rules_core::Assessment,
) -> Result<DeadStones, ScoreError> {
    let topo = board.topology();
    let n = board.len();
    let mut marked = vec![false; n];
    let on_board = |p: Point| {
        if p.index() < n {
            Ok(())
        } else {
            Err(ScoreError::BadAssessment(format!(
                "point {p} is not on the board"
            )))
        }
    };
    for &p in &assessment.dead {
        on_board(p)?;
        if board.is_empty_at(p) {
            return Err(ScoreError::BadAssessment(format!(
                "{} is named dead ({}) but holds no stone",
                topo.label(p),
                assessment.source
            )));
        }
        marked[p.index()] = true;
    }
    for c in Color::BOTH {
        for &p in &assessment.territory[c] {
            on_board(p)?;
            if board.get(p) == Some(c.opp()) {
                marked[p.index()] = true;
            }
        }
    }
    let mut out = DeadStones::default();
    let mut done = vec![false; n];
    for p in topo.points() {
        if !marked[p.index()] || done[p.index()] {
            continue;
        }
        let color = board.get(p).expect("marked points hold stones");
        let mut added = 0;
        for s in board.chain(p) {
            done[s.index()] = true;
            if !marked[s.index()] {
                added += 1;
            }
            out.points.push(s);
            out.count[color] += 1;
        }
        out.extended += added;
    }
    out.points.sort_unstable();
    Ok(out)
}

/// The dead stones of an end position ([`dead_stones`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeadStones {
    /// Every dead stone, in point order.
    pub points: Vec<Point>,
    /// How many of each colour.
    pub count: PerColor<u32>,
    /// Stones added because a chain was only partly marked.
    pub extended: u32,
}

/// Text 004 rule 9 (计算胜负) on `board`: remove the dead stones, count each side's stones
/// and the empty points reaching only its stones, share the empty points reaching both half
/// and half; White adds komi and the handicap compensation. Fills both of the text's forms —
/// the point margin and the stone count against half the board plus half the komi — and
/// checks that they agree.
///
/// # Errors
/// [`ScoreError::BadAssessment`] when the assessment names an empty point as dead.
pub fn count(
    board: &Board,
    input: &ScoringInput<'_>,
    compensation: Compensation,
) -> Result<ScoreBreakdown, ScoreError> {
    count_from(board, input, compensation, || {
        Cow::Owned(AreaMap::of(board))
    })
}

/// The area map the count reads: `as_it_stands` (the board's own, which a game may have
/// worked out already) when no stone is dead, else the board's without the dead stones.
fn area_after_removal<'a>(
    board: &Board,
    dead: &DeadStones,
    as_it_stands: impl FnOnce() -> Cow<'a, AreaMap>,
) -> Cow<'a, AreaMap> {
    if dead.points.is_empty() {
        as_it_stands()
    } else {
        Cow::Owned(AreaMap::without(board, &dead.points))
    }
}

/// [`count`], with the area map of the board as it stands supplied by the caller.
fn count_from<'a>(
    board: &Board,
    input: &ScoringInput<'_>,
    compensation: Compensation,
    as_it_stands: impl FnOnce() -> Cow<'a, AreaMap>,
) -> Result<ScoreBreakdown, ScoreError> {
    let dead = dead_stones(board, input.assessment)?;
    let map = area_after_removal(board, &dead, as_it_stands);
    let bonus = f64::from(compensation.points(input.handicap));
    let white_komi = input.komi + bonus;
    // "对任意一方的活棋和活棋围住的点以子为单位进行计数。双方活棋之间的空点各得一半。"
    let side = |c: Color| SideScore {
        stones: map.stones[c],
        territory: map.territory[c],
        shared: map.shared,
        komi: if c == Color::White { white_komi } else { 0.0 },
        ..SideScore::default()
    };
    let mut s = ScoreBreakdown::new(
        ScoringMethod::AreaSharedDame,
        side(Color::Black),
        side(Color::White),
        input.komi,
    );
    s.dame = map.neutral;
    s.assessment = input.assessment.source;
    s.dead_stones = dead.count;
    // An area count depends only on which stones are dead: an undecided empty point
    // matters only next to an undecided stone.
    s.set_undecided(
        &input.assessment.undecided_for_area(board),
        board.topology(),
    );

    // The stone count, worked out point by point from the map (not from the sums above), so
    // that its agreement with the margin is a real check. Text 004's math gives every empty
    // point that does not reach exactly one colour ½ (I = ½ "other"): shared points, and the
    // points of an empty region that reaches no stone at all.
    let mut black_area = 0.0;
    for o in &map.owner {
        black_area += match o {
            AreaOwner::Stone(Color::Black) | AreaOwner::Territory(Color::Black) => 1.0,
            AreaOwner::Shared | AreaOwner::Neutral => 0.5,
            AreaOwner::Stone(Color::White) | AreaOwner::Territory(Color::White) => 0.0,
        };
    }
    let half_board = board.len() as f64 / 2.0;
    let komi_stones = white_komi / 2.0;
    let black_excess = black_area - half_board - komi_stones;
    let agrees = (2.0 * black_excess - s.margin).abs() < 1e-9;
    s.stone_count = Some(StoneCount {
        black_area,
        half_board,
        komi_stones,
        black_excess,
        agrees_with_margin: agrees,
    });

    // Notes, so that the report explains itself.
    let total = dead.count.black + dead.count.white;
    if total > 0 {
        s.noted.push(ScoreNote::DeadRemoved {
            source: input.assessment.source,
            count: dead.count,
        });
    }
    if dead.extended > 0 {
        s.noted.push(ScoreNote::ConnectedToDead {
            stones: dead.extended,
        });
    }
    if map.shared > 0 {
        s.noted.push(ScoreNote::SharedHalf { points: map.shared });
    }
    if map.neutral > 0 {
        s.noted.push(ScoreNote::ReachNoLiveStone {
            points: map.neutral,
        });
    }
    // An even game has nothing to compensate, whatever the option.
    if input.handicap > 0 {
        s.noted.push(match compensation {
            Compensation::None => ScoreNote::HandicapUncompensated {
                handicap: input.handicap,
            },
            _ => ScoreNote::HandicapCompensated {
                handicap: input.handicap,
                given: compensation.points(input.handicap),
                komi: input.komi,
                option: compensation.words(),
            },
        });
    }
    if s.undecided > 0 {
        s.noted.push(ScoreNote::AreaUndecided {
            points: s.undecided,
        });
    }
    s.noted
        .extend(input.assessment.live_stones_noted(board, &dead.points));
    s.noted.extend(s.stone_count.map(ScoreNote::StoneCount));
    Ok(s)
}

#[cfg(test)]
mod tests;
