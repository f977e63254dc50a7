//! The rule arguments → the pipeline's checked plan, before any work starts: rulesets
//! resolved (the `--rules` list, with `all`, `recorded`, rules names and KataGo strings, and
//! `--default-rules`), komi checked, policy, dead-stone source and the reading of records
//! chosen. Mistakes are said here with the flags that made them.

use crate::cli::RuleArgs;
use analysis::engine::EngineCommand;
use analysis::{Choice, ChoiceError, DeadSource, Plan, RECORDED, Reading};
use anyhow::{Context, Result, bail};
use chinese::Chinese;
use pauli::Pauli;
use pauli_control::ControlAssessor;
use rules_core::{Policy, ReplayOptions};
use ruleset_registry::{ALL, Fallback, RulesetOptions};
use sgf_record::SetupPolicy;
use std::time::Duration;

/// The ruleset options the command line sets.
pub fn ruleset_options(a: &RuleArgs) -> RulesetOptions {
    RulesetOptions {
        chinese: Chinese {
            suicide: a.suicide,
            ko: a.ko,
            superko: a.superko,
            compensation: a.handicap_compensation,
            after_two_passes: a.after_two_passes,
        },
        pauli: Pauli {
            removal: a.remove_cycles,
        },
    }
}

/// Checks and resolves the rule arguments.
pub fn from_args(args: &RuleArgs) -> Result<Plan> {
    if let Some(k) = args.komi {
        if !k.is_finite() || k.abs() > sgf_record::KOMI_MAX {
            bail!("--komi {k} is not a usable komi");
        }
    }
    let options = ruleset_options(args);
    let choices = rules(&args.rules, &options).context("reading --rules")?;
    let fallback = default_rules(args.default_rules.as_deref(), &choices, &options)?;
    let dead = dead_source(args)?;
    Ok(Plan {
        choices,
        options,
        replay: ReplayOptions {
            policy: if args.play_on {
                Policy::PlayOn
            } else {
                Policy::Stop
            },
            komi: args.komi,
        },
        dead,
        control: ControlAssessor::new(args.control_budget.options()),
        check_claims: args.check_claims,
        fallback,
        reading: Reading {
            setup_without_liberties: if args.strict_setup {
                SetupPolicy::Refuse
            } else {
                SetupPolicy::Remove
            },
        },
        // The estimators run their own quick control test (docs/estimator.md measures why).
        ..Plan::new(Vec::new())
    })
}

/// Reads `--dead` (with `--dead-engine` and `--engine-timeout` for `engine`).
fn dead_source(args: &RuleArgs) -> Result<DeadSource> {
    match (args.dead.as_deref().map(str::trim), &args.dead_engine) {
        (Some("engine"), Some(command)) => {
            if gtp::client::split_command_line(command).is_none_or(|w| w.is_empty()) {
                bail!("--dead-engine {command:?} is not a command line");
            }
            if args.engine_timeout == 0 {
                bail!("--engine-timeout must be at least 1 second");
            }
            Ok(DeadSource::Engine(EngineCommand {
                command: command.clone(),
                timeout: Duration::from_secs(args.engine_timeout),
            }))
        }
        (Some("engine"), None) => {
            bail!(
                "--dead engine needs the engine's command line: --dead-engine \"gnugo --mode gtp\""
            )
        }
        (_, Some(_)) => bail!("--dead-engine is used only with --dead engine"),
        (text, None) => {
            DeadSource::parse(text).map_err(|e| anyhow::anyhow!("--dead {:?} names no point", e.0))
        }
    }
}

/// What `--rules` and `--default-rules` take, for their mistakes.
fn accepted() -> String {
    format!(
        "--rules takes gorules ids ({} or tt), {RECORDED}, all, rules names as records write \
         them (japanese, chinese, aga, nz, korean, goe, tromp-taylor…; docs/rule-names.md) and \
         KataGo rules strings (koPOSITIONALscoreAREAsui1, a preset such as chinese-ogs or \
         aga-button, or the JSON form), comma-separated",
        ALL.join(", ")
    )
}

/// Reads `--rules`, naming what it takes when it cannot.
fn rules(list: &str, options: &RulesetOptions) -> Result<Vec<Choice>> {
    Choice::parse_list(list, options).map_err(|e| match e {
        ChoiceError::Empty => anyhow::anyhow!("--rules names no ruleset; {}", accepted()),
        ChoiceError::Twice(id) => anyhow::anyhow!("ruleset {id:?} is named twice in --rules"),
        ChoiceError::SameRuleset { first, second, id } => anyhow::anyhow!(
            "--rules: {first:?} and {second:?} are both played by {id}, whose reports could \
             not be told apart; name one of them per run"
        ),
        ChoiceError::Unknown { text, why } => {
            anyhow::anyhow!("unknown ruleset {text:?} ({why}); {}", accepted())
        }
    })
}

/// Reads `--default-rules`: the fallback of `recorded`, which the list must name.
fn default_rules(
    text: Option<&str>,
    choices: &[Choice],
    options: &RulesetOptions,
) -> Result<Option<Fallback>> {
    let Some(text) = text else {
        return Ok(None);
    };
    if !choices.iter().any(|c| matches!(c, Choice::Recorded)) {
        bail!(
            "--default-rules {text:?} is the fallback of --rules {RECORDED}, and --rules does \
             not name {RECORDED}"
        );
    }
    Fallback::new(text, options)
        .map(Some)
        .map_err(|e| anyhow::anyhow!("--default-rules {text:?}: {e}; {}", accepted()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_lists_name_their_mistakes_with_the_flag() {
        let err = |list: &str| {
            rules(list, &RulesetOptions::default())
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert!(err(" , ").starts_with("--rules names no ruleset; --rules takes gorules ids"));
        assert_eq!(
            err("tt,tromp-taylor"),
            "ruleset \"tromp-taylor\" is named twice in --rules"
        );
        assert!(err("all,pauli").contains("\"pauli\" is named twice"));
        let go = err("go");
        assert!(
            go.starts_with("unknown ruleset \"go\" (unknown rules name \"go\"); --rules takes gorules ids (tromp-taylor, logical, chinese, pauli or tt), recorded, all, rules names"),
            "{go}"
        );
        assert!(go.contains("KataGo rules strings"), "{go}");
        assert!(err("aga,nz").contains("\"aga\" and \"nz\" are both played by chinese"));
        assert!(rules("all,recorded", &RulesetOptions::default()).is_ok());
        assert!(rules("japanese,koSIMPLEscoreAREAsui0", &RulesetOptions::default()).is_ok());
    }

    #[test]
    fn default_rules_need_recorded_and_a_readable_name() {
        let options = RulesetOptions::default();
        let recorded = rules("recorded", &options).unwrap();
        let fixed = rules("chinese", &options).unwrap();
        let err = |text, choices: &[Choice]| {
            default_rules(Some(text), choices, &options)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert!(
            default_rules(Some("aga"), &recorded, &options)
                .unwrap()
                .is_some()
        );
        assert!(default_rules(None, &fixed, &options).unwrap().is_none());
        assert!(
            err("aga", &fixed).contains("is the fallback of --rules recorded"),
            "{}",
            err("aga", &fixed)
        );
        assert!(
            err("mah-jong", &recorded)
                .starts_with("--default-rules \"mah-jong\": unknown rules name")
        );
    }

    /// The rule arguments of `gorules replay x.sgf ARGS`.
    fn rule_args(args: &[&str]) -> RuleArgs {
        use clap::Parser;
        let line = ["gorules", "replay", "x.sgf"]
            .into_iter()
            .chain(args.iter().copied());
        match crate::cli::Cli::try_parse_from(line).unwrap().command {
            crate::cli::Command::Replay(r) => r.rules,
            _ => unreachable!("a replay"),
        }
    }

    /// `--komi` is a finite number of at most ±10,000 points (the reader's limit), refused
    /// with the flag otherwise; the ruleset options given reach the plan.
    #[test]
    fn the_komi_is_bounded_and_the_ruleset_options_kept() {
        let komi = |k: &str| {
            from_args(&rule_args(&["--komi", k]))
                .err()
                .map(|e| e.to_string())
        };
        assert_eq!(komi("10000"), None);
        assert_eq!(komi("-10000"), None);
        for k in ["10000.5", "-10000.5", "NaN", "inf"] {
            assert_eq!(
                komi(k),
                Some(format!(
                    "--komi {} is not a usable komi",
                    k.parse::<f64>().unwrap()
                ))
            );
        }
        let plan = from_args(&rule_args(&["--suicide", "allowed"])).unwrap();
        assert_eq!(plan.options.chinese.suicide, chinese::SuicideRule::Allowed);
    }
}
