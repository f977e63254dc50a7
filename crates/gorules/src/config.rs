//! Raw arguments → a checked configuration, before any work starts: rulesets resolved (the
//! `--rules` list over ruleset-registry, with the `recorded` choice), komi checked, policy and
//! dead-stone source chosen.

use crate::cli::{
    AfterPassesArg, CompensationArg, RemoveCyclesArg, RuleArgs, SuicideArg, SuperkoArg,
};
use crate::control::CachedAssessor;
use anyhow::{Context, Result, bail};
use chinese::{AfterTwoPasses, Chinese, Compensation, SuicideRule};
use pauli::{Pauli, RemovalPolicy};
use pauli_control::{ControlAssessor, Options};
use rules_core::{
    Assessment, AssessmentChoice, AssessmentSource, Finding, GameRecord, Markup, Point, Policy,
    ReplayOptions, Ruleset, SuperkoKind,
};
use ruleset_registry::{ALL, RulesetOptions, UnknownRuleset};

/// The name that stands for "the ruleset nearest to what each game declares".
pub const RECORDED: &str = "recorded";

/// The ruleset options the command line sets.
pub fn ruleset_options(a: &RuleArgs) -> RulesetOptions {
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

/// One entry of `--rules`: a fixed ruleset, or the one each game declares.
pub enum Choice {
    /// The same ruleset for every game.
    Fixed(Box<dyn Ruleset>),
    /// Resolved per game from `RU` ([`ruleset_registry::for_record`]).
    Recorded,
}

/// What `--rules` takes, for its error messages: the registry's ids, `recorded` and `all`.
fn known() -> String {
    format!("known: {}, {RECORDED}, or all", ALL.join(", "))
}

/// Reads `--rules` (comma-separated ids or aliases, `all`, `recorded`), in the order given.
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
        bail!("--rules names no ruleset; {}", known());
    }
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for id in ids {
        let id = ruleset_registry::canonical_id(id);
        if seen.contains(&id) {
            bail!("ruleset {id:?} is named twice in --rules");
        }
        seen.push(id);
        out.push(match id {
            RECORDED => Choice::Recorded,
            other => match ruleset_registry::by_id(other, options) {
                Ok(ruleset) => Choice::Fixed(ruleset),
                // The registry names its ids; `--rules` takes `recorded` and `all` too.
                Err(UnknownRuleset { id }) => bail!("unknown ruleset {id:?}; {}", known()),
            },
        });
    }
    Ok(out)
}

/// Where dead stones come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeadSource {
    /// The record's markup when it has some, else the control test when the game looks
    /// finished ([`GameRecord::looks_finished`]), else none.
    Default,
    /// The record's end-of-game markup.
    Markup,
    /// Decided by Pauli's control test (rules 14–17).
    Auto,
    /// No dead stones: every stone counts as it stands.
    None,
    /// Points named on the command line (parsed per game, on its board).
    Points(Vec<String>),
}

/// Everything a replay needs besides the games.
pub struct ReplayConfig {
    /// The rulesets, in the order asked for.
    pub choices: Vec<Choice>,
    /// Options for rulesets resolved per game (`recorded`).
    pub options: RulesetOptions,
    /// Options of the replay driver.
    pub replay: ReplayOptions,
    /// Where dead stones come from.
    pub dead: DeadSource,
    /// The control test, for `--dead auto` and `--check-claims`.
    pub control: ControlAssessor,
    /// Whether to check the markup's claims (rule 17).
    pub check_claims: bool,
}

/// The rulesets and assessment for one game, with what choosing them noticed.
pub struct GamePlan<'a> {
    /// Rulesets in report order.
    pub rulesets: Vec<PlanRuleset<'a>>,
    /// The assessment of the end position: given, or decided by the control test.
    assessment: PlanAssessment<'a>,
    /// Findings for the game report (unknown rules under `recorded`, missing markup…).
    pub warnings: Vec<Finding>,
}

/// Where a game's assessment comes from.
enum PlanAssessment<'a> {
    /// Known before the replay (markup, user, none).
    Given(Assessment),
    /// Decided on each replay's final position by the control test (cached per game).
    Auto(CachedAssessor<'a>),
}

/// The claims rule 17 checks (`--check-claims`), and where they come from in words.
pub struct Claims {
    /// Stones claimed dead and points claimed neutral.
    pub markup: Markup,
    /// `--dead`, or "the record's markup (TB/TW)".
    pub from: String,
}

impl GamePlan<'_> {
    /// The claims rule 17 checks (`--check-claims`): the stones named by `--dead`, else the
    /// record's end-of-game markup.
    pub fn claims(&self, record: &GameRecord) -> Claims {
        match &self.assessment {
            PlanAssessment::Given(a) if a.source == AssessmentSource::User => Claims {
                markup: Markup {
                    dead: a.dead.clone(),
                    source: "--dead".to_owned(),
                    ..Markup::default()
                },
                from: "--dead".to_owned(),
            },
            _ => Claims {
                markup: record.markup.clone(),
                from: format!("the record's markup ({})", record.markup.source),
            },
        }
    }

    /// The assessment to give the replay driver.
    pub fn assessment(&self) -> AssessmentChoice<'_> {
        match &self.assessment {
            PlanAssessment::Given(a) => AssessmentChoice::Given(a),
            PlanAssessment::Auto(c) => AssessmentChoice::Auto(c),
        }
    }
}

/// A ruleset of a plan: shared, or built for this game.
pub enum PlanRuleset<'a> {
    /// One of the configured rulesets.
    Shared(&'a dyn Ruleset),
    /// Chosen for this game from its `RU`, with the finding that explains the choice.
    Recorded(Box<dyn Ruleset>, Finding),
}

impl PlanRuleset<'_> {
    /// The ruleset.
    pub fn ruleset(&self) -> &dyn Ruleset {
        match self {
            PlanRuleset::Shared(r) => *r,
            PlanRuleset::Recorded(r, _) => r.as_ref(),
        }
    }
}

impl ReplayConfig {
    /// Checks and resolves the rule arguments.
    pub fn from_args(args: &RuleArgs) -> Result<ReplayConfig> {
        if let Some(k) = args.komi {
            if !k.is_finite() || k.abs() > sgf_record::KOMI_MAX {
                bail!("--komi {k} is not a usable komi");
            }
        }
        let options = ruleset_options(args);
        let choices = resolve(&args.rules, &options).context("reading --rules")?;
        let dead = match args.dead.as_deref().map(str::trim) {
            None => DeadSource::Default,
            Some("markup") => DeadSource::Markup,
            Some("none") => DeadSource::None,
            Some("auto") => DeadSource::Auto,
            Some(list) => {
                let points: Vec<String> = list
                    .split([',', ' '])
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect();
                if points.is_empty() {
                    bail!("--dead {list:?} names no point");
                }
                DeadSource::Points(points)
            }
        };
        Ok(ReplayConfig {
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
        })
    }

    /// Options of the control test.
    pub fn control_options(&self) -> &Options {
        &self.control.options
    }

    /// The rulesets and the assessment for one game.
    ///
    /// # Errors
    /// When `--dead` names a point that is not on this game's board.
    pub fn plan(&self, record: &GameRecord) -> Result<GamePlan<'_>> {
        let mut warnings = Vec::new();
        let mut rulesets = Vec::new();
        for choice in &self.choices {
            match choice {
                Choice::Fixed(r) => rulesets.push(PlanRuleset::Shared(r.as_ref())),
                Choice::Recorded => match ruleset_registry::for_record(record, &self.options) {
                    (Some(r), finding) => rulesets.push(PlanRuleset::Recorded(r, finding)),
                    (None, finding) => warnings.push(finding),
                },
            }
        }
        let given = |a: Assessment| PlanAssessment::Given(a);
        let auto = || PlanAssessment::Auto(CachedAssessor::new(&self.control));
        let assessment = match &self.dead {
            DeadSource::None => given(Assessment::none()),
            DeadSource::Auto => auto(),
            DeadSource::Default if !record.markup.is_empty() => {
                given(Assessment::from_markup(&record.markup))
            }
            // Dead stones are agreed at the end of a game: an unfinished one (resigned, timed
            // out, cut short) is scored as it stands, and not searched.
            DeadSource::Default if record.looks_finished() => auto(),
            DeadSource::Default => given(Assessment::none()),
            DeadSource::Markup => {
                if record.markup.is_empty() {
                    warnings.push(Finding::new(
                        "no-markup",
                        "--dead markup: the record has no end-of-game markup; no stone is dead",
                    ));
                }
                given(Assessment::from_markup(&record.markup))
            }
            DeadSource::Points(names) => {
                let topo = &record.topology;
                let points = names
                    .iter()
                    .map(|n| {
                        topo.parse_point(n).with_context(|| match topo.grid_size() {
                            Some((w, h)) => {
                                format!("--dead: {n:?} is not a point of this {w}x{h} board")
                            }
                            None => format!("--dead: {n:?} names no point of this graph board"),
                        })
                    })
                    .collect::<Result<Vec<Point>>>()?;
                given(Assessment::user_dead(points))
            }
        };
        Ok(GamePlan {
            rulesets,
            assessment,
            warnings,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(list: &str) -> Result<Vec<&'static str>> {
        Ok(resolve(list, &RulesetOptions::default())?
            .iter()
            .map(|c| match c {
                Choice::Fixed(r) => r.id(),
                Choice::Recorded => RECORDED,
            })
            .collect())
    }

    #[test]
    fn rules_lists_keep_their_order_and_name_their_mistakes() {
        assert_eq!(
            ids(" tt, chinese ,recorded").unwrap(),
            ["tromp-taylor", "chinese", RECORDED]
        );
        assert_eq!(ids("all").unwrap(), ALL);
        let err = |list: &str| ids(list).unwrap_err().to_string();
        assert!(err(" , ").starts_with("--rules names no ruleset; known: "));
        // An alias and its id are the same ruleset.
        assert_eq!(
            err("tt,tromp-taylor"),
            "ruleset \"tromp-taylor\" is named twice in --rules"
        );
        assert!(err("all,pauli").contains("\"pauli\" is named twice"));
        assert!(err("go").starts_with("unknown ruleset \"go\"; known: "));
    }
}
