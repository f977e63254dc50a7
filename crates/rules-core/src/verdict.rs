//! Verdicts: what one replay under one ruleset found, in a form that serialises to the
//! documented JSON (docs/json.md). Points are written as SGF coordinates (`pd`) or graph
//! point names, with the GTP vertex (`Q16`) beside them where GTP can name the point.

use crate::color::{Color, PerColor};
use crate::counting::Counting;
use crate::record::{Finding, GameInfo, RecordedResult};
use crate::ruleset::Reason;
use crate::score::ScoreBreakdown;
use serde::{Deserialize, Serialize};

/// What the replay does at a forbidden move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    /// Stop at the first forbidden move and score the position before it (the default, and
    /// what the reference implementation does).
    #[default]
    Stop,
    /// Flag the move, carry it out if the board allows (a superko or suicide violation is
    /// played as the board's mechanics dictate; a stone on an occupied point or off the board
    /// is skipped), and go on.
    PlayOn,
}

/// A forbidden move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Forbidden {
    /// Move number, counting moves (passes included) from 1.
    pub move_number: u32,
    /// Who played it.
    pub color: Color,
    /// The point (SGF coordinate or graph name; the record's text for an off-board point);
    /// absent for a pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point: Option<String>,
    /// The GTP vertex, where GTP can name the point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gtp: Option<String>,
    /// Why it is forbidden.
    pub reason: Reason,
    /// The rule that forbids it.
    pub rule: String,
    /// For repetitions: the move after which the repeated position first arose (0 = the
    /// starting position).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeats_position_after_move: Option<u32>,
    /// Whether the replay carried the move out anyway (policy `play-on`).
    pub played: bool,
}

/// How the game ended, as far as this ruleset is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// The ruleset's own end condition (two passes; Pauli rule 4) was met.
    Passes,
    /// The record says a player resigned.
    Resignation,
    /// The record says a player lost on time.
    Time,
    /// The record says a player forfeited.
    Forfeit,
    /// The replay stopped at a forbidden move.
    Stopped,
    /// The moves ran out before the game ended under this ruleset.
    Unfinished,
    /// A whole-board repetition ended the game without a result (simple ko: a long cycle,
    /// [`KoRule::Simple`](crate::KoRule::Simple)).
    Repetition,
}

/// Where the komi came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum KomiSource {
    /// The record's `KM`.
    Record,
    /// The command line.
    User,
    /// The ruleset's default (the record has none).
    Default,
}

/// The komi used.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct KomiUsed {
    /// Points added to White's score.
    pub value: f64,
    /// Where it came from.
    pub source: KomiSource,
}

/// How the computed result compares with the recorded one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum CheckStatus {
    /// Same winner and margin (or both a draw), and no point the assessment left undecided
    /// can move the count ([`crate::ScoreBreakdown::is_settled`]).
    Agrees,
    /// A different winner or margin, whatever the points the assessment left undecided turn
    /// out to be.
    Differs,
    /// The count rests on points the assessment left undecided, and the recorded result is
    /// one that deciding them could give ([`crate::MarginRange`]), whether or not the count
    /// as they stand equals it: neither agreement nor a difference is proved.
    Undecided,
    /// The recorded result is not a count this ruleset's count can be compared with
    /// (resignation, time, a different counting family, a replay that stopped early…).
    NotComparable,
    /// The record has no result.
    NoResult,
}

/// The comparison with the recorded result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ResultCheck {
    /// The outcome of the comparison.
    pub status: CheckStatus,
    /// What the outcome rests on. Not written out: whoever reports the verdict (the `report`
    /// crate) makes `detail` from it, the record's result and the count; the replay driver
    /// leaves `detail` empty.
    #[serde(skip)]
    #[cfg_attr(feature = "schema", schemars(skip))]
    pub fact: CheckFact,
    /// In words, with both numbers where there are two.
    pub detail: String,
    /// For `differs`: a cause the numbers alone point to, when one is recognised (the
    /// detail says it in words too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub likely_cause: Option<LikelyCause>,
    /// For a count compared with a recorded count (`agrees`, `differs`, `undecided`): the
    /// count's margin minus the record's, in points, from Black's side (positive: the count
    /// favours Black more than the record does), undecided points counted as they stand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin_difference: Option<f64>,
    /// The count compared rests on chains whose status an estimate (or an engine) decided,
    /// not a proof or the players' markup ([`crate::DeadBasis::is_estimated`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub estimated: bool,
}

impl ResultCheck {
    /// A check with no recognised cause and no margins compared, not yet in words.
    #[must_use]
    pub fn new(status: CheckStatus, fact: CheckFact) -> ResultCheck {
        ResultCheck {
            status,
            fact,
            detail: String::new(),
            likely_cause: None,
            margin_difference: None,
            estimated: false,
        }
    }

    /// Whether the count, as it stands, is at most one point from the recorded margin, and
    /// the comparison is not [`CheckStatus::Undecided`] (there the count's margin is not
    /// known, only the range the undecided points allow).
    #[must_use]
    pub fn within_one_point(&self) -> bool {
        self.status != CheckStatus::Undecided
            && self
                .margin_difference
                .is_some_and(|d| d.abs() <= 1.0 + 1e-9)
    }
}

/// What a comparison with the recorded result rests on: the fact its words are made of, with
/// the record's result and the count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum CheckFact {
    /// The record has no result.
    #[default]
    NoResult,
    /// The ruleset made no count.
    NoCount,
    /// The record says a player resigned: no count to compare.
    Resignation,
    /// The record says a player lost on time or forfeited.
    TimeOrForfeit,
    /// The record's result is no count (a win without a margin, void, unknown).
    NotACount,
    /// The replay stopped at a forbidden move, so its count is of an earlier position.
    Stopped,
    /// The ruleset counts area plus captures (text 000), which no recorded result uses unless
    /// the record declares exactly that counting.
    CapturesCounted,
    /// The record's rules count in another family than the ruleset.
    OtherCounting {
        /// The counting of the record's rules.
        recorded: Counting,
        /// The ruleset's.
        counted: Counting,
    },
    /// Winner and margin are the record's.
    Equal,
    /// Winner and margin are the record's as the undecided points stand; deciding them
    /// could move the count.
    EqualAsItStands,
    /// The record's margin is one that deciding the undecided points allows.
    Allowed,
    /// Winner or margin differ from the record's.
    Differs,
    /// The game ended in a repetition (simple ko: no result), and the record says void.
    RepetitionVoid,
    /// The game ended in a repetition, and the record gives a result all the same.
    RepetitionWithResult,
}

/// Something the replay driver noticed about one replay, as a fact. Whoever reports the
/// verdict says it (the `report` crate makes a [`Finding`] of it, with [`Noticed::code`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Noticed {
    /// Stones were added or removed after this move (a setup in mid-game); the replay
    /// applies the edit and goes on. Said once, at the first such setup.
    SetupAfterMove(u32),
    /// After this move the record sets `color` to play, who was not to play (text 004 rule 5
    /// has the players alternate; the replay obeys the record).
    PlayerSet {
        /// The move after which the record sets the player.
        after_move: u32,
        /// The player it sets.
        color: Color,
    },
    /// The record gives no komi: the ruleset's default is used (the verdict's `komi`).
    KomiDefault,
    /// This many passes recorded after the game had ended change nothing: the position the
    /// game ended on is the final one, assessed and compared with the record.
    PassesAfterEnd(u32),
    /// The record ends with two passes, which do not end the game under this ruleset (Pauli
    /// rule 4: a pass under a temporary prohibition): its count is of a game not over.
    NotOverAfterPasses,
    /// No dead stones were searched for: the replay stopped at a forbidden move, and its
    /// count is of the earlier position as it stands.
    NotAssessedAfterStop,
    /// No dead stones were searched for: the game is not over under this ruleset.
    NotAssessedNotOver,
    /// Move `at_move` recreates the position after move `repeats_after`: under simple ko a
    /// repetition is no forbidden move, but it ends the game without a result.
    RepetitionEndsGame {
        /// The move that recreates the position.
        at_move: u32,
        /// The move after which the position first arose (0 = the start).
        repeats_after: u32,
    },
}

impl Noticed {
    /// The stable kebab-case code of its [`Finding`].
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Noticed::SetupAfterMove(_) => "setup-after-first-move",
            Noticed::PlayerSet { .. } => "player-set",
            Noticed::KomiDefault => "komi-default",
            Noticed::PassesAfterEnd(_) => "passes-after-end",
            Noticed::NotOverAfterPasses => "not-over-after-passes",
            Noticed::NotAssessedAfterStop | Noticed::NotAssessedNotOver => {
                "dead-stones-not-assessed"
            }
            Noticed::RepetitionEndsGame { .. } => "repetition-ends-game",
        }
    }
}

/// A cause of a difference from the recorded result, recognised from the numbers alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum LikelyCause {
    /// An area count of a handicap game, every point decided, whose record's margin is the
    /// count's with `points` more to `towards`, `points` being the handicap or one less: one
    /// count gives White a compensation for the handicap stones (KGS and Chinese practice one
    /// point per stone, the AGA one per stone but the first) and the other does not.
    HandicapCompensation {
        /// Points between the two margins.
        points: u32,
        /// Whom the record favours by them.
        towards: Color,
        /// Handicap stones.
        handicap: u32,
    },
}

/// An event of the game, with move numbers and points written out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum EventReport {
    /// Pauli rules 7–8: a cycle exists.
    Cycle {
        /// The cycle exists in the position after this move.
        after_move: u32,
        /// It started in the position after this move (0 = the start).
        start_after_move: u32,
        /// Whether it may be removed (a pass would not end the game).
        disturbing: bool,
        /// Who may remove it.
        remover: Color,
        /// Locations it used.
        used: Vec<String>,
        /// Captives each player would gain by its removal.
        gains: PerColor<u32>,
    },
    /// Pauli rule 7: a cycle was removed before the move after `after_move`.
    CycleRemoved {
        /// Removed in the turn following this move.
        after_move: u32,
        /// It started in the position after this move.
        start_after_move: u32,
        /// Who removed it.
        remover: Color,
        /// Locations used, now permanently prohibited.
        used: Vec<String>,
        /// Captives gained.
        gains: PerColor<u32>,
    },
    /// Play resumed after the passes that had ended the game, as the rules allow (text 003
    /// End 1: "on dispute the game continues"; Pauli rule 4 with play after the end allowed).
    ResumedAfterPasses {
        /// The move (a stone) that resumed play.
        move_number: u32,
        /// Who played it.
        color: Color,
        /// The rule that lets play resume.
        rule: String,
    },
    /// A remark.
    Note {
        /// After this move.
        after_move: u32,
        /// The remark.
        message: String,
        /// The remark as a fact: `message` in words once the report has said it
        /// (`rules-words`).
        #[serde(skip)]
        #[cfg_attr(feature = "schema", schemars(skip))]
        noted: Option<crate::ruleset::EventNote>,
    },
}

/// One replay of one game under one ruleset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Verdict {
    /// Ruleset id (`tromp-taylor`, `logical`, `chinese`, `pauli`).
    pub ruleset: String,
    /// The ruleset and its options, in words.
    pub rules: String,
    /// Whether every replayed move was legal.
    pub legal: bool,
    /// The first forbidden move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_forbidden: Option<Forbidden>,
    /// Every forbidden move met (more than one only with policy `play-on`).
    pub forbidden: Vec<Forbidden>,
    /// What the replay did at a forbidden move (always stated, even when there was none).
    pub on_forbidden: Policy,
    /// Moves in the record's main line (passes included).
    pub moves_total: u32,
    /// Moves carried out.
    pub moves_replayed: u32,
    /// Passes among the moves carried out.
    pub passes: u32,
    /// Opponent stones captured by each player's moves.
    pub captures: PerColor<u32>,
    /// Each player's stones lost to their own suicides.
    pub self_captures: PerColor<u32>,
    /// Stones of each colour removed during the game, by any means.
    pub stones_removed: PerColor<u32>,
    /// How the game ended for this ruleset.
    pub ending: Ending,
    /// Moves in the record after the game had ended under this ruleset.
    pub moves_after_end: u32,
    /// The komi used.
    pub komi: KomiUsed,
    /// The count of the final position (the position before the forbidden move, when the
    /// replay stopped).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreBreakdown>,
    /// Why there is no score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_error: Option<String>,
    /// The count as an SGF result (`B+3.5`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The comparison with the recorded result.
    pub check: ResultCheck,
    /// Events (Pauli's cycles).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<EventReport>,
    /// What the replay driver noticed, as facts, in the order it noticed them. Not written
    /// out: whoever reports the verdict (the `report` crate) puts them first among `findings`,
    /// in words, before what the pipeline found; the replay driver leaves `findings` empty.
    #[serde(skip)]
    #[cfg_attr(feature = "schema", schemars(skip))]
    pub noticed: Vec<Noticed>,
    /// Anything else this replay noticed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub findings: Vec<Finding>,
}

impl Verdict {
    /// A verdict that holds only these facts: `ruleset` (its rules text the same word),
    /// `forbidden` (legal when empty; the replay stopped at the first), the count `score`
    /// with the record's komi, and nothing else (no moves, no events, no findings, no
    /// recorded result). A base for examples and for tests of what reads verdicts.
    #[must_use]
    pub fn outline(
        ruleset: &str,
        score: Option<ScoreBreakdown>,
        forbidden: Vec<Forbidden>,
    ) -> Verdict {
        Verdict {
            ruleset: ruleset.to_owned(),
            rules: ruleset.to_owned(),
            legal: forbidden.is_empty(),
            first_forbidden: forbidden.first().cloned(),
            forbidden,
            on_forbidden: Policy::Stop,
            moves_total: 0,
            moves_replayed: 0,
            passes: 0,
            captures: PerColor::new(0, 0),
            self_captures: PerColor::new(0, 0),
            stones_removed: PerColor::new(0, 0),
            ending: Ending::Passes,
            moves_after_end: 0,
            komi: KomiUsed {
                value: score.as_ref().map_or(0.0, |s| s.komi),
                source: KomiSource::Record,
            },
            result: score.as_ref().map(ScoreBreakdown::result),
            score,
            score_error: None,
            check: ResultCheck::new(CheckStatus::NoResult, CheckFact::NoResult),
            events: Vec::new(),
            noticed: Vec::new(),
            findings: Vec::new(),
        }
    }
}

/// A record's end-of-game markup, points written out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MarkupReport {
    /// The properties it came from (`TB/TW`, `TB/TW KGSDE`, …).
    pub source: String,
    /// Points marked as each player's territory.
    pub territory: PerColor<Vec<String>>,
    /// Stones marked dead explicitly.
    pub dead: Vec<String>,
}

/// Every verdict on one game, with what the record says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GameReport {
    /// 1-based index of the game among the game trees of its file.
    pub game: u32,
    /// `19x19`, `19x13`, or `graph:N` (N points).
    pub board: String,
    /// Moves in the main line.
    pub moves: u32,
    /// Variations not replayed.
    pub variations_ignored: u32,
    /// Recorded handicap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub handicap: Option<u32>,
    /// Recorded komi.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub komi: Option<f64>,
    /// Declared rules (`RU`), verbatim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Declared rules' counting family, when the name is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules_counting: Option<Counting>,
    /// Recorded result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded_result: Option<RecordedResult>,
    /// The record's end-of-game markup, when it has some.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub markup: Option<MarkupReport>,
    /// Players and the like.
    pub info: GameInfo,
    /// What reading the record and setting up the game noticed.
    pub warnings: Vec<Finding>,
    /// One verdict per ruleset, in the order asked for.
    pub verdicts: Vec<Verdict>,
}
