//! The rule arguments → the pipeline's checked plan, before any work starts: rulesets
//! resolved (the `--rules` list, with `all` and `recorded`), komi checked, policy and
//! dead-stone source chosen. Mistakes are said here with the flags that made them.

use crate::cli::RuleArgs;
use analysis::{Choice, ChoiceError, DeadSource, Plan, RECORDED};
use anyhow::{Context, Result, bail};
use chinese::Chinese;
use pauli::Pauli;
use pauli_control::ControlAssessor;
use rules_core::{Policy, ReplayOptions};
use ruleset_registry::{ALL, RulesetOptions};

/// The ruleset options the command line sets.
pub fn ruleset_options(a: &RuleArgs) -> RulesetOptions {
    RulesetOptions {
        chinese: Chinese {
            suicide: a.suicide,
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
    let dead = DeadSource::parse(args.dead.as_deref())
        .map_err(|e| anyhow::anyhow!("--dead {:?} names no point", e.0))?;
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
        // The estimators run their own quick control test (docs/estimator.md measures why).
        ..Plan::new(Vec::new())
    })
}

/// Reads `--rules`, naming what it takes when it cannot.
fn rules(list: &str, options: &RulesetOptions) -> Result<Vec<Choice>> {
    let known = || format!("known: {}, {RECORDED}, or all", ALL.join(", "));
    Choice::parse_list(list, options).map_err(|e| match e {
        ChoiceError::Empty => anyhow::anyhow!("--rules names no ruleset; {}", known()),
        ChoiceError::Twice(id) => anyhow::anyhow!("ruleset {id:?} is named twice in --rules"),
        ChoiceError::Unknown(id) => anyhow::anyhow!("unknown ruleset {id:?}; {}", known()),
    })
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
        assert!(err(" , ").starts_with("--rules names no ruleset; known: "));
        assert_eq!(
            err("tt,tromp-taylor"),
            "ruleset \"tromp-taylor\" is named twice in --rules"
        );
        assert!(err("all,pauli").contains("\"pauli\" is named twice"));
        assert_eq!(
            err("go"),
            "unknown ruleset \"go\"; known: tromp-taylor, logical, chinese, pauli, recorded, or all"
        );
        assert!(rules("all,recorded", &RulesetOptions::default()).is_ok());
    }
}
