//! # analysis
//!
//! The per-game pipeline of gorules, the one path every command, the GTP engine, the fuzz
//! targets and the benchmarks take from bytes to facts:
//!
//! * [`input`] — bytes (a file, standard input, an archive member) → game records;
//! * [`Plan`] — the rulesets ([`Choice`]), their options, the replay options and the
//!   dead-stone source ([`DeadSource`]), checked before any work; per game, a [`GamePlan`];
//! * the one replay of each ruleset ([`Plan::analyse`]; nothing else calls
//!   `rules_core::replay`);
//! * [`dead`] — the one place that decides dead stones: markup, the user's, the control
//!   test's proofs, the estimator, an outside GTP engine checked against the proofs
//!   ([`engine`]), with one cache per final position shared by the game's rulesets; the
//!   user's named stones marking their chains ([`named`]); the estimator per server's way of
//!   counting teire points ([`estimates`]);
//! * [`claims`] — rule 17's claims checked against control;
//! * comparisons between rulesets ([`GameAnalysis::comparisons`]).
//!
//! The result is a [`GameAnalysis`]: facts (verdicts, final states, assessments, notes), no
//! sentences; the `report` crate says them in words.
//!
//! ```
//! use analysis::{Choice, DeadSource, Plan};
//! use ruleset_registry::RulesetOptions;
//!
//! let choices = Choice::parse_list("tromp-taylor,chinese", &RulesetOptions::default()).unwrap();
//! let mut plan = Plan::new(choices);
//! plan.dead = DeadSource::None;
//! let file = sgf_record::read_sgf(b"(;GM[1]SZ[9]KM[7];B[ee];W[cc];B[];W[])", &Default::default())
//!     .unwrap();
//! let record = file.games.into_iter().next().unwrap().unwrap();
//! let game = plan.analyse(1, record).unwrap();
//! assert_eq!(game.runs.len(), 2);
//! assert!(game.runs.iter().all(|r| r.replayed.verdict.legal));
//! assert!(game.comparisons().unwrap()[0].agree);
//! ```
#![deny(missing_docs)]

pub mod claims;
mod compare;
pub mod dead;
pub mod engine;
pub mod estimates;
mod game;
pub mod input;
pub mod named;
mod plan;

pub use dead::{Assessors, DeadSource, GameDead, PointError};
pub use estimates::Estimates;
pub use game::{GameAnalysis, GameError, Run, Scope, cut_after};
pub use input::{ErrorReport, Loaded, LoadedFile};
pub use plan::{
    Choice, ChoiceError, GamePlan, NamedRules, Plan, PlanNote, Planned, RECORDED, Reading,
};
