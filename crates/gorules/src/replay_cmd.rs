//! `gorules replay`: every game of every file under every ruleset.

use crate::cli::{Format, ReplayArgs};
use crate::config::{PlanRuleset, ReplayConfig};
use crate::input;
use crate::render;
use crate::report::{ErrorReport, FileReport, GameEntry};
use crate::status::Status;
use anyhow::Result;
use rules_core::{GameRecord, report};
use std::io::{self, BufWriter, Write};

/// Runs the command; the status is `Error` when some input could not be read.
pub fn run(args: &ReplayArgs) -> Result<Status> {
    let config = ReplayConfig::from_args(&args.rules)?;
    let mut files = Vec::with_capacity(args.files.len());
    for path in &args.files {
        files.push(replay_file(&config, input::load(path)));
    }
    let status = files.iter().fold(Status::Clean, |s, f| {
        s.and(if f.has_errors() {
            Status::Error
        } else {
            Status::Clean
        })
    });
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match args.format {
        Format::Table => render::table::write(&mut out, &files)?,
        Format::Json => render::json::write(&mut out, &files)?,
    }
    out.flush()?;
    Ok(status)
}

/// Replays every game of one loaded file.
pub fn replay_file(config: &ReplayConfig, loaded: input::Loaded) -> FileReport {
    let mut fr = FileReport {
        file: loaded.name,
        encoding: None,
        error: None,
        games: Vec::new(),
    };
    match loaded.result {
        Err(e) => fr.error = Some(e),
        Ok(file) => {
            fr.encoding = file.encoding;
            for (i, game) in file.games.into_iter().enumerate() {
                let index = i as u32 + 1;
                fr.games.push(match game {
                    Ok(record) => replay_game(config, index, record),
                    Err(error) => GameEntry::Error { game: index, error },
                });
            }
        }
    }
    fr
}

/// Replays one game under every ruleset of the configuration.
pub fn replay_game(config: &ReplayConfig, index: u32, record: GameRecord) -> GameEntry {
    let plan = match config.plan(&record) {
        Ok(plan) => plan,
        Err(e) => {
            return GameEntry::Error {
                game: index,
                error: ErrorReport {
                    kind: "usage".to_owned(),
                    message: format!("{e:#}"),
                },
            };
        }
    };
    let rulesets: Vec<&dyn rules_core::Ruleset> =
        plan.rulesets.iter().map(PlanRuleset::ruleset).collect();
    let (mut rep, states) = report(index, &record, &rulesets, &config.replay, plan.assessment());
    rep.warnings.extend(plan.warnings.iter().cloned());
    if config.check_claims {
        // Rule 17 checks the claims against the final position of the replay; Pauli's, when
        // it is among the rulesets (its permanently prohibited points matter). The final
        // position does not depend on the dead stones the count used.
        let under = plan
            .rulesets
            .iter()
            .position(|r| r.ruleset().id() == "pauli")
            .unwrap_or(0);
        if let Some(state) = states.get(under) {
            let findings = crate::control::claim_findings(
                &plan.claims(&record),
                &**state,
                config.control_options(),
            );
            match rep.verdicts.get_mut(under) {
                Some(v) => v.findings.extend(findings),
                None => rep.warnings.extend(findings),
            }
        }
    }
    for (verdict, chosen) in rep.verdicts.iter_mut().zip(&plan.rulesets) {
        if let PlanRuleset::Recorded(_, finding) = chosen {
            verdict.findings.insert(0, finding.clone());
        }
    }
    GameEntry::Report(Box::new(rep))
}
