//! The rulesets gorules knows, by id, with the options the command line sets; and the
//! `recorded` choice, resolved per game from its declared rules.

use crate::cli::{
    AfterPassesArg, CompensationArg, RemoveCyclesArg, RuleArgs, SuicideArg, SuperkoArg,
};
use anyhow::{Result, bail};
use chinese::{AfterTwoPasses, Chinese, Compensation, SuicideRule};
use pauli::{Pauli, RemovalPolicy};
use rules_core::{Finding, GameRecord, Ruleset, SuperkoKind};
use rules_names::{HandicapBonus, Target};
use tromp_taylor::{Logical, TrompTaylor};

/// Every ruleset `all` stands for, in order.
pub const ALL: &[&str] = &["tromp-taylor", "logical", "chinese", "pauli"];

/// The name that stands for "the ruleset nearest to what each game declares".
pub const RECORDED: &str = "recorded";

/// Ruleset options from the command line.
#[derive(Debug, Clone, Default)]
pub struct RulesetOptions {
    /// The `chinese` ruleset as configured.
    pub chinese: Chinese,
    /// The `pauli` ruleset as configured.
    pub pauli: Pauli,
}

impl RulesetOptions {
    /// The options from the command line.
    pub fn from_args(a: &RuleArgs) -> RulesetOptions {
        RulesetOptions {
            chinese: Chinese {
                suicide: match a.suicide {
                    SuicideArg::Forbidden => SuicideRule::Forbidden,
                    SuicideArg::Allowed => SuicideRule::Allowed,
                },
                superko: match a.superko {
                    SuperkoArg::Positional => SuperkoKind::Positional,
                    SuperkoArg::Situational => SuperkoKind::Situational,
                },
                compensation: match a.handicap_compensation {
                    CompensationArg::None => Compensation::None,
                    CompensationArg::N => Compensation::N,
                    CompensationArg::NMinus1 => Compensation::NMinusOne,
                },
                after_two_passes: match a.after_two_passes {
                    AfterPassesArg::End => AfterTwoPasses::End,
                    AfterPassesArg::Resume => AfterTwoPasses::Resume,
                },
            },
            pauli: Pauli {
                removal: match a.remove_cycles {
                    RemoveCyclesArg::Never => RemovalPolicy::Never,
                    RemoveCyclesArg::First => RemovalPolicy::FirstOpportunity,
                },
            },
        }
    }
}

/// One entry of `--rules`: a fixed ruleset, or the one each game declares.
pub enum Choice {
    /// The same ruleset for every game.
    Fixed(Box<dyn Ruleset>),
    /// Resolved per game from `RU` ([`for_record`]).
    Recorded,
}

/// Reads `--rules` (comma-separated ids, `all`, `recorded`), in the order given.
pub fn resolve(list: &str, options: &RulesetOptions) -> Result<Vec<Choice>> {
    let mut ids: Vec<&str> = Vec::new();
    for id in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if id == "all" {
            ids.extend(ALL);
        } else {
            ids.push(id);
        }
    }
    if ids.is_empty() {
        bail!(
            "--rules names no ruleset; known: {}, {RECORDED}, or all",
            ALL.join(", ")
        );
    }
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for id in ids {
        let id = if id == "tt" { "tromp-taylor" } else { id };
        if seen.contains(&id) {
            bail!("ruleset {id:?} is named twice in --rules");
        }
        seen.push(id);
        out.push(match id {
            RECORDED => Choice::Recorded,
            other => Choice::Fixed(by_id(other, options)?),
        });
    }
    Ok(out)
}

/// The ruleset with this id, configured.
pub fn by_id(id: &str, options: &RulesetOptions) -> Result<Box<dyn Ruleset>> {
    Ok(match id {
        "tromp-taylor" => Box::new(TrompTaylor),
        "logical" => Box::new(Logical),
        "chinese" => Box::new(options.chinese),
        "pauli" => Box::new(options.pauli),
        other => bail!(
            "unknown ruleset {other:?}; known: {}, {RECORDED}, or all",
            ALL.join(", ")
        ),
    })
}

/// The ruleset nearest to the rules `record` declares, with a finding that says how the name
/// was read and what the mapping changes — or, when the record declares nothing gorules can
/// read, no ruleset and a finding that says so (never a silent guess).
pub fn for_record(
    record: &GameRecord,
    options: &RulesetOptions,
) -> (Option<Box<dyn Ruleset>>, Finding) {
    let Some(ru) = record.rules.as_deref() else {
        return (
            None,
            Finding::new(
                "rules-not-declared",
                "--rules recorded: the record declares no rules (no RU); no ruleset chosen",
            ),
        );
    };
    match rules_names::read(ru) {
        Err(e) => (
            None,
            Finding::new(
                "rules-unknown",
                format!(
                    "--rules recorded: RU[{ru}] is not a rules name gorules reads ({e}); no ruleset chosen"
                ),
            ),
        ),
        Ok(desc) => {
            let mapping = desc.mapping();
            let ruleset = for_target(mapping.target, options);
            (
                Some(ruleset),
                Finding::new(
                    "rules-recorded",
                    format!("--rules recorded: RU[{ru}] read as {}", mapping.explain()),
                ),
            )
        }
    }
}

/// The ruleset a rules-name mapping points at, with the options it names (the rest from
/// `options`).
pub fn for_target(target: Target, options: &RulesetOptions) -> Box<dyn Ruleset> {
    match target {
        Target::TrompTaylor => Box::new(TrompTaylor),
        Target::Pauli => Box::new(options.pauli),
        Target::Chinese {
            suicide_allowed,
            superko,
            compensation,
        } => Box::new(Chinese {
            suicide: if suicide_allowed {
                SuicideRule::Allowed
            } else {
                SuicideRule::Forbidden
            },
            superko,
            compensation: match compensation {
                HandicapBonus::Zero => Compensation::None,
                HandicapBonus::N => Compensation::N,
                HandicapBonus::NMinusOne => Compensation::NMinusOne,
            },
            after_two_passes: options.chinese.after_two_passes,
        }),
    }
}
