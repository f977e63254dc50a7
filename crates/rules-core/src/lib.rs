//! # rules-core
//!
//! The rules-independent core of gorules. It knows no ruleset and no file format.
//!
//! * [`Color`], [`Point`], [`Move`] — players, locations, moves.
//! * [`Topology`] — which points exist and which are adjacent: rectangular grids from 1×1 to
//!   52×52, or any undirected graph (texts 000 and 001 allow any graph).
//! * [`Board`] — a colouring with incrementally maintained chains, liberties and Zobrist
//!   hash; [`Board::analyze`] tells what a move would do without making it.
//! * [`history`] — repetition histories with an exact comparison behind every hash hit.
//! * [`Ruleset`] / [`GameState`] — the one interface every ruleset implements.
//! * [`GameRecord`] — a game as a record gives it (setup, moves, komi, result, markup);
//!   [`GameRecord::steps`] walks its actions after the start position into numbered moves.
//! * [`replay()`] — drives a ruleset over a record and returns a [`Verdict`].
//! * [`score`] — area maps, assessments of the end position, score breakdowns and what a
//!   count notes about itself ([`ScoreNote`]), as facts: their words are `rules-words`'.
//! * [`compare`](mod@compare) — where two rulesets' verdicts on a game disagree, and why, adding up.
//!
//! ```
//! use rules_core::{Board, Color, Topology};
//! use std::sync::Arc;
//!
//! let topo = Arc::new(Topology::square(9).unwrap());
//! let mut board = Board::new(topo.clone());
//! let p = topo.parse_point("E5").unwrap();
//! let what = board.analyze(p, Color::Black);
//! assert!(!what.suicide);
//! board.play(p, Color::Black);
//! assert_eq!(board.get(p), Some(Color::Black));
//! assert_eq!(board.hash(), what.hash_after);
//! ```
#![deny(missing_docs)]

pub mod basis;
pub mod board;
pub mod color;
pub mod compare;
pub mod counting;
pub mod history;
pub mod placement;
pub mod point;
pub mod record;
pub mod replay;
pub mod rng;
pub mod ruleset;
pub mod score;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod topology;
pub mod trace;
pub mod verdict;
pub mod zobrist;

pub use basis::{ChainDoubt, ChainStatus, DeadBasis, DeadByBasis, DoubtReport, Unproved};
pub use board::{Analysis, Board, DiagramError, Played};
pub use color::{Color, PerColor};
pub use compare::{
    Allowance, Cause, CauseKind, CompareError, CountDiff, EndingSplit, LegalitySplit, PairDiff,
    Side, compare,
};
pub use counting::Counting;
pub use history::{History, KoRule, Superko, SuperkoKind};
pub use point::{Move, Point};
pub use record::{
    Action, Finding, GameInfo, GameRecord, Komi, Markup, Outcome, RecordStep, RecordSteps,
    RecordedMove, RecordedResult,
};
pub use replay::{
    AssessmentChoice, Assessor, ReplayOptions, Replayed, count, replay, replay_traced, report,
};
pub use rng::Rng;
pub use ruleset::{
    Event, EventNote, GameState, Illegal, PreAction, Reason, Ruleset, ScoreError, ScoringInput,
    StartPosition, Tally, Turn, TurnEffect,
};
pub use score::{
    AreaMap, AreaOwner, Assessment, AssessmentSource, MarginRange, PointKind, PointValue,
    ScoreBreakdown, ScoreNote, ScoringMethod, SideScore, Winner, result_of,
};
pub use topology::{Shape, Topology, TopologyError};
pub use trace::{Trace, TracedTurn};
pub use verdict::{
    CheckFact, CheckStatus, Ending, EventReport, Forbidden, GameReport, KomiSource, LikelyCause,
    Noticed, Policy, ResultCheck, Verdict,
};
