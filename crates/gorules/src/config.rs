//! Raw arguments → a checked configuration, before any work starts: rulesets resolved, komi
//! checked, policy and dead-stone source chosen.

use crate::cli::RuleArgs;
use crate::registry::{self, Choice, RulesetOptions};
use anyhow::{Context, Result, bail};
use rules_core::{Assessment, Finding, GameRecord, Point, Policy, ReplayOptions, Ruleset};

/// Where dead stones come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeadSource {
    /// The record's markup when it has some, else none.
    Default,
    /// The record's end-of-game markup.
    Markup,
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
}

/// The rulesets and assessment for one game, with what choosing them noticed.
pub struct GamePlan<'a> {
    /// Rulesets in report order.
    pub rulesets: Vec<PlanRuleset<'a>>,
    /// The assessment of the end position.
    pub assessment: Assessment,
    /// Findings for the game report (unknown rules under `recorded`, missing markup…).
    pub warnings: Vec<Finding>,
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
            if !k.is_finite() || k.abs() > 10_000.0 {
                bail!("--komi {k} is not a usable komi");
            }
        }
        let options = RulesetOptions::from_args(args);
        let choices = registry::resolve(&args.rules, &options).context("reading --rules")?;
        let dead = match args.dead.as_deref().map(str::trim) {
            None => DeadSource::Default,
            Some("markup") => DeadSource::Markup,
            Some("none") => DeadSource::None,
            Some("auto") => bail!(
                "--dead auto needs the control solver (Pauli's rules 14–17), which this build \
                 does not have yet; use markup, none, or a list of points"
            ),
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
        })
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
                Choice::Recorded => match registry::for_record(record, &self.options) {
                    (Some(r), finding) => rulesets.push(PlanRuleset::Recorded(r, finding)),
                    (None, finding) => warnings.push(finding),
                },
            }
        }
        let assessment = match &self.dead {
            DeadSource::None => Assessment::none(),
            DeadSource::Default if record.markup.is_empty() => Assessment::none(),
            DeadSource::Default => Assessment::from_markup(&record.markup),
            DeadSource::Markup => {
                if record.markup.is_empty() {
                    warnings.push(Finding::new(
                        "no-markup",
                        "--dead markup: the record has no end-of-game markup; no stone is dead",
                    ));
                }
                Assessment::from_markup(&record.markup)
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
                Assessment::user_dead(points)
            }
        };
        Ok(GamePlan {
            rulesets,
            assessment,
            warnings,
        })
    }
}
