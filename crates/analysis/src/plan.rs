//! The plan: which rulesets, with which options, and where dead stones come from — checked
//! once, before any game is read; then, per game, the rulesets and dead stones of that game.

use crate::dead::{Assessors, DeadSource, GameDead, PointError};
use estimate::EstimateAssessor;
use pauli_control::{ControlAssessor, Options};
use rules_core::{GameRecord, ReplayOptions, Ruleset};
use ruleset_registry::{ALL, RecordedRules, RulesetOptions};

/// The name that stands for "the ruleset nearest to what each game declares".
pub const RECORDED: &str = "recorded";

/// One entry of a rules list: a fixed ruleset, or the one each game declares.
pub enum Choice {
    /// The same ruleset for every game.
    Fixed(Box<dyn Ruleset>),
    /// Resolved per game from `RU` ([`ruleset_registry::for_record`]).
    Recorded,
}

/// Why a rules list cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceError {
    /// The list names nothing.
    #[error("the list names no ruleset")]
    Empty,
    /// A ruleset is named twice (an alias and its id count as one).
    #[error("ruleset {0:?} is named twice")]
    Twice(String),
    /// A name that is no ruleset.
    #[error("unknown ruleset {0:?}")]
    Unknown(String),
}

impl Choice {
    /// Reads a rules list (comma-separated ids or aliases, `all` for every ruleset of
    /// [`ALL`], [`RECORDED`]), in the order given.
    ///
    /// # Errors
    /// A [`ChoiceError`] for an empty list, a ruleset named twice, an unknown name.
    pub fn parse_list(list: &str, options: &RulesetOptions) -> Result<Vec<Choice>, ChoiceError> {
        let mut ids: Vec<&str> = Vec::new();
        for id in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            if id == "all" {
                ids.extend(ALL);
            } else {
                ids.push(id);
            }
        }
        if ids.is_empty() {
            return Err(ChoiceError::Empty);
        }
        let mut out = Vec::new();
        let mut seen: Vec<&str> = Vec::new();
        for id in ids {
            let id = ruleset_registry::canonical_id(id);
            if seen.contains(&id) {
                return Err(ChoiceError::Twice(id.to_owned()));
            }
            seen.push(id);
            out.push(match id {
                RECORDED => Choice::Recorded,
                other => Choice::Fixed(
                    ruleset_registry::by_id(other, options)
                        .map_err(|e| ChoiceError::Unknown(e.id))?,
                ),
            });
        }
        Ok(out)
    }

    /// The id of a fixed ruleset, or [`RECORDED`].
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Choice::Fixed(r) => r.id(),
            Choice::Recorded => RECORDED,
        }
    }
}

/// Everything the pipeline needs besides the games: checked before any work starts.
pub struct Plan {
    /// The rulesets, in the order asked for.
    pub choices: Vec<Choice>,
    /// Options for rulesets resolved per game (`recorded`).
    pub options: RulesetOptions,
    /// Options of the replay driver.
    pub replay: ReplayOptions,
    /// Where dead stones come from.
    pub dead: DeadSource,
    /// The control test, for dead stones it proves and for rule 17's claims.
    pub control: ControlAssessor,
    /// The estimator, for dead stones no proof decides (territory without teire points).
    pub estimate: EstimateAssessor,
    /// The estimator for records from servers that count teire points as territory.
    pub estimate_counting_teire: EstimateAssessor,
    /// Whether to check the claims of the markup (rule 17).
    pub check_claims: bool,
}

impl Plan {
    /// A plan with these rulesets, the default options, no dead stones searched for.
    #[must_use]
    pub fn new(choices: Vec<Choice>) -> Plan {
        Plan {
            choices,
            options: RulesetOptions::default(),
            replay: ReplayOptions::default(),
            dead: DeadSource::Default,
            control: ControlAssessor::default(),
            estimate: EstimateAssessor::default(),
            estimate_counting_teire: EstimateAssessor::counting_teire(),
            check_claims: false,
        }
    }

    /// Options of the control test.
    #[must_use]
    pub fn control_options(&self) -> &Options {
        &self.control.options
    }

    /// The rulesets and dead stones of one game.
    ///
    /// # Errors
    /// When the dead stones name a point that is not on this game's board.
    pub fn for_game(&self, record: &GameRecord) -> Result<GamePlan<'_>, PointError> {
        let mut warnings = Vec::new();
        let mut rulesets = Vec::new();
        for choice in &self.choices {
            match choice {
                Choice::Fixed(r) => rulesets.push(Planned::Shared(r.as_ref())),
                Choice::Recorded => match ruleset_registry::for_record(record, &self.options) {
                    (Some(r), read) => rulesets.push(Planned::Recorded(r, read)),
                    (None, read) => warnings.push(PlanNote::Rules(read)),
                },
            }
        }
        let assessors = Assessors {
            control: &self.control,
            estimate: &self.estimate,
            estimate_counting_teire: &self.estimate_counting_teire,
        };
        let dead = GameDead::choose(&self.dead, record, assessors)?;
        if dead.no_markup {
            warnings.push(PlanNote::NoMarkup);
        }
        Ok(GamePlan {
            rulesets,
            dead,
            warnings,
        })
    }
}

/// The rulesets and dead stones for one game, with what choosing them noticed.
pub struct GamePlan<'a> {
    /// Rulesets in report order.
    pub rulesets: Vec<Planned<'a>>,
    /// The dead stones of the game's final positions.
    pub dead: GameDead<'a>,
    /// What choosing them noticed (unknown rules under `recorded`, missing markup…).
    pub warnings: Vec<PlanNote>,
}

/// What planning a game noticed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanNote {
    /// The markup was asked for, and the record has none: no stone is dead.
    NoMarkup,
    /// `recorded` chose no ruleset: the record declares no rules, or none gorules reads.
    Rules(RecordedRules),
}

/// A ruleset of a game's plan: shared, or built for this game.
pub enum Planned<'a> {
    /// One of the configured rulesets.
    Shared(&'a dyn Ruleset),
    /// Chosen for this game from its `RU`, with how `RU` was read.
    Recorded(Box<dyn Ruleset>, RecordedRules),
}

impl Planned<'_> {
    /// The ruleset.
    #[must_use]
    pub fn ruleset(&self) -> &dyn Ruleset {
        match self {
            Planned::Shared(r) => *r,
            Planned::Recorded(r, _) => r.as_ref(),
        }
    }

    /// How the ruleset was chosen from the record's `RU`, for `recorded`.
    #[must_use]
    pub fn recorded(&self) -> Option<&RecordedRules> {
        match self {
            Planned::Shared(_) => None,
            Planned::Recorded(_, f) => Some(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(list: &str) -> Result<Vec<&'static str>, ChoiceError> {
        Ok(Choice::parse_list(list, &RulesetOptions::default())?
            .iter()
            .map(Choice::id)
            .collect())
    }

    #[test]
    fn a_game_plan_resolves_recorded_rules_and_keeps_the_control_options() {
        let mut plan =
            Plan::new(Choice::parse_list("chinese,recorded", &RulesetOptions::default()).unwrap());
        plan.control = ControlAssessor::new(pauli_control::Budget::Quick.options());
        assert_eq!(
            plan.control_options(),
            &pauli_control::Budget::Quick.options()
        );
        let topology = std::sync::Arc::new(rules_core::Topology::square(9).unwrap());
        let mut record = GameRecord::new(topology);
        record.rules = Some("Japanese".to_owned());
        let game = plan.for_game(&record).unwrap();
        let ids: Vec<&str> = game.rulesets.iter().map(|r| r.ruleset().id()).collect();
        assert_eq!(ids, ["chinese", "pauli"]);
        assert_eq!(game.rulesets[0].recorded(), None);
        assert_eq!(
            game.rulesets[1].recorded().map(RecordedRules::code),
            Some("rules-recorded")
        );
        assert!(game.warnings.is_empty());
        // A record that declares nothing gets no `recorded` ruleset, and a note says so.
        record.rules = None;
        let game = plan.for_game(&record).unwrap();
        assert_eq!(game.rulesets.len(), 1);
        assert_eq!(
            game.warnings,
            [PlanNote::Rules(RecordedRules::None(
                ruleset_registry::Declared::Nothing
            ))]
        );
    }

    #[test]
    fn rules_lists_keep_their_order_and_name_their_mistakes() {
        assert_eq!(
            ids(" tt, chinese ,recorded").unwrap(),
            ["tromp-taylor", "chinese", RECORDED]
        );
        assert_eq!(ids("all").unwrap(), ALL);
        assert_eq!(ids(" , "), Err(ChoiceError::Empty));
        // An alias and its id are the same ruleset.
        assert_eq!(
            ids("tt,tromp-taylor"),
            Err(ChoiceError::Twice("tromp-taylor".to_owned()))
        );
        assert_eq!(
            ids("all,pauli"),
            Err(ChoiceError::Twice("pauli".to_owned()))
        );
        assert_eq!(ids("go"), Err(ChoiceError::Unknown("go".to_owned())));
    }
}
