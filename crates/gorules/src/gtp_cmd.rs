//! `gorules gtp`: a GTP engine on standard input and output (docs/gtp.md).

use crate::status::Status;
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use gtp::{Engine, EngineConfig};
use ruleset_registry::RulesetOptions;
use std::io;

/// `gorules gtp`.
#[derive(Debug, Args)]
pub struct GtpArgs {
    /// The rules: a gorules ruleset (tromp-taylor, logical, chinese, pauli), a rules name as
    /// records write it (Japanese, AGA, NZ…), or a KataGo rules string. `gorules-rules` and
    /// `kgs-rules` change them during the session.
    #[arg(long, short = 'r', default_value = "chinese", value_name = "RULES")]
    pub rules: String,

    /// Komi until a `komi` command sets one. Default: the ruleset's.
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    pub komi: Option<f64>,

    /// Seed of genmove's random choices: the same seed and commands give the same moves.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub seed: u64,

    /// Board size until a `boardsize` command sets one.
    #[arg(long, default_value_t = 19, value_name = "N")]
    pub size: usize,

    /// Dead stones for final_score and final_status_list when `gorules-dead` names none:
    /// `none` counts the board as it stands; `auto` asks the control solver (Pauli's rules
    /// 14–17, pauli-control), which may leave points undecided: `final_score` then fails
    /// when they could move the count, and `final_status_list` lists their chains nowhere.
    #[arg(long, value_enum, default_value_t = DeadArg::None)]
    pub dead: DeadArg,
}

/// `--dead`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DeadArg {
    /// No stone is dead unless `gorules-dead` says so.
    None,
    /// Automatic dead stones from the control solver.
    Auto,
}

/// The engine `gorules gtp` runs, also the referee of `gorules play`.
pub fn engine(
    rules: &str,
    komi: Option<f64>,
    seed: u64,
    size: usize,
    dead: DeadArg,
) -> Result<Engine> {
    let mut engine = Engine::new(
        EngineConfig {
            name: "gorules".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            rules: rules.to_owned(),
            komi,
            seed,
            size,
        },
        gtp::registry_resolver(RulesetOptions::default()),
    )
    .context("starting the GTP engine")?;
    if dead == DeadArg::Auto {
        engine.set_assessor(Some(Box::new(pauli_control::ControlAssessor::default())));
    }
    Ok(engine)
}

/// Runs the engine until `quit` or the end of the input.
pub fn run(args: &GtpArgs) -> Result<Status> {
    let mut engine = engine(&args.rules, args.komi, args.seed, args.size, args.dead)?;
    engine.serve(io::stdin().lock(), io::stdout().lock())?;
    Ok(Status::Clean)
}
