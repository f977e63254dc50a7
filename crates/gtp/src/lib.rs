//! # gtp-engine
//!
//! The Go Text Protocol (GTP version 2, draft 2) for gorules: an engine that keeps a game
//! under any of gorules' rulesets — a referee that tells legal moves from illegal ones and
//! counts the end position with the same code as `gorules replay` — and a weak, seeded
//! player, so that games can be played through it.
//!
//! * [`protocol`] — preprocessing of input lines, commands with ids, `=`/`?` responses.
//! * [`Engine`] — the game and every command (`docs/gtp.md` lists them with their replies);
//!   [`Engine::serve`] runs the loop over any reader and writer.
//! * [`RulesResolver`] — how a rules text becomes a ruleset, passed in by the caller;
//!   [`registry_resolver`] is the one over the ruleset-registry crate that `gorules gtp`
//!   uses (this crate holds no registry of rulesets and no rules names of its own). KataGo's
//!   `kata-set-rules` and `kata-get-rules` speak KataGo's rules forms (`engine::kata`).
//! * [`player`] — the move chooser behind `genmove`.
//! * [`client::GtpProcess`] — another GTP engine in a child process, for drivers that play
//!   two engines against each other.
//! * [`play`] — the match runner behind `gorules play`: two engines, this crate's engine as
//!   referee, the games written as SGF.
//! * [`vertex`] — colours and vertices.
//!
//! ```
//! use gtp::{Engine, EngineConfig, Rules, RulesNaming};
//!
//! // A resolver that knows one ruleset; the binary's knows all of gorules' names.
//! let resolver = |text: &str, _: RulesNaming| match text {
//!     "tromp-taylor" => Ok(Rules {
//!         ruleset: Box::new(tromp_taylor::TrompTaylor) as Box<dyn rules_core::Ruleset>,
//!         how: "Tromp–Taylor".to_owned(),
//!         katago: None,
//!     }),
//!     other => Err(format!("unknown rules {other:?}")),
//! };
//! let config = EngineConfig { rules: "tromp-taylor".into(), size: 9, ..EngineConfig::default() };
//! let mut engine = Engine::new(config, Box::new(resolver)).unwrap();
//! assert_eq!(engine.handle_line("1 play black E5").unwrap(), "=1\n\n");
//! assert_eq!(engine.handle_line("2 play white E5").unwrap(), "?2 illegal move\n\n");
//! assert_eq!(engine.handle_line("# a comment"), None);
//! assert_eq!(engine.handle_line("komi 7.5").unwrap(), "=\n\n");
//! assert_eq!(engine.handle_line("final_score").unwrap(), "= B+73.5\n\n");
//! ```
#![deny(missing_docs)]

pub mod client;
pub mod engine;
pub mod handicap;
pub mod play;
pub mod player;
pub mod protocol;
pub mod rules;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod vertex;

pub use engine::{
    COMMANDS, DeadStones, Engine, EngineConfig, EngineError, Rules, RulesNaming, RulesResolver,
    Status, gtp_result, registry_resolver,
};
pub use protocol::{Command, Response, format_response, parse_command, preprocess};
