//! `gorules gtp`: a GTP engine on standard input and output (docs/gtp.md).

use crate::cli::{DeadArg, GtpArgs};
use crate::status::Status;
use anyhow::{Context, Result};
use gtp::{DeadStones, Engine, EngineConfig};
use ruleset_registry::RulesetOptions;
use std::io;

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
    engine.set_dead_stones(match dead {
        DeadArg::Estimate => DeadStones::Estimate(estimate::Options::default()),
        DeadArg::Proved => {
            DeadStones::Assessor(Box::new(pauli_control::ControlAssessor::default()))
        }
        DeadArg::None => DeadStones::AsItStands,
    });
    Ok(engine)
}

/// Runs the engine until `quit` or the end of the input.
pub fn run(args: &GtpArgs) -> Result<Status> {
    let mut engine = engine(&args.rules, args.komi, args.seed, args.size, args.dead)?;
    engine.serve(io::stdin().lock(), io::stdout().lock())?;
    Ok(Status::Clean)
}
