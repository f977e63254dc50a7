//! # rules-words
//!
//! How the facts of `rules-core` and the rulesets are said in English. rules-core and the
//! ruleset crates return facts — a count's [`ScoreNote`]s, a [`MarginRange`] of undecided
//! points, remarks on the game — and this crate says them, once, for every output that needs the words: the
//! report's JSON, table and diff (crate `report`), the GTP engine's `gorules-score` and
//! `final_score` (crate `gtp-engine`) and the pictures' captions (crate `board-render`),
//! which sit at different levels of the crate graph and so cannot share the report's words.
//!
//! * [`count`]: a count as a result or the range it could be, and the note on its undecided
//!   points.
//! * [`notes`]: each [`ScoreNote`] as one line, citing the rule it comes from.
//! * [`events`]: a ruleset's remarks on the game ([`EventNote`]), citing their rules.
//!
//! ```
//! use rules_core::{MarginRange, ScoreNote};
//!
//! let range = MarginRange { white_best: 0.5, black_best: 9.5 };
//! assert_eq!(rules_words::range_with_winner(&range), "B+0.5 to B+9.5, Black wins either way");
//! let topo = rules_core::Topology::square(9).unwrap();
//! let note = ScoreNote::SharedHalf { points: 2 };
//! assert!(rules_words::score_note(&note, &topo).contains("text 004 rule 9"));
//! ```
//!
//! [`ScoreNote`]: rules_core::ScoreNote
//! [`MarginRange`]: rules_core::MarginRange
//! [`EventNote`]: rules_core::EventNote

pub mod count;
pub mod events;
pub mod notes;

pub use count::{range, range_with_winner, result_or_range, undecided_note};
pub use events::{event_note, say_event_notes};
pub use notes::{score_note, score_notes};
