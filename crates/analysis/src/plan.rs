//! The plan: which rulesets, with which options, and where dead stones come from — checked
//! once, before any game is read; then, per game, the rulesets and dead stones of that game.

use crate::dead::{Assessors, DeadSource, GameDead, PointError};
use crate::estimates::Estimates;
use pauli_control::{ControlAssessor, Options};
use rules_core::{GameRecord, ReplayOptions, Ruleset};
use ruleset_registry::{ALL, Fallback, RecordedRules, RulesetOptions};
use sgf_record::SetupPolicy;

/// The name that stands for "the ruleset nearest to what each game declares".
pub const RECORDED: &str = "recorded";

/// One entry of a rules list: a fixed ruleset, one read from a rules name, or the one each
/// game declares.
pub enum Choice {
    /// The same ruleset for every game, named by its gorules id.
    Fixed(Box<dyn Ruleset>),
    /// The same ruleset for every game, read from a rules name or a KataGo rules string
    /// ([`ruleset_registry::resolve`]), with how it was read.
    Named(Box<dyn Ruleset>, NamedRules),
    /// Resolved per game ([`ruleset_registry::recorded`]): its `RU`, its inferred rules, or
    /// the plan's fallback.
    Recorded,
}

/// A `--rules` entry read as rules rather than as a gorules id: the text and how it was read
/// (the mapping's explanation, [`ruleset_registry::Resolved::how`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedRules {
    /// The entry as given.
    pub text: String,
    /// How it was read and what the mapping changes, in words (one line).
    pub how: String,
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
    /// Two entries are played by the same ruleset (`aga,nz`: both `chinese`), whose reports
    /// could not be told apart.
    #[error("{first:?} and {second:?} are both played by {id}")]
    SameRuleset {
        /// The first entry.
        first: String,
        /// The second entry.
        second: String,
        /// The ruleset both are played by.
        id: String,
    },
    /// A name that is no ruleset id, no rules name and no KataGo rules string.
    #[error("unknown ruleset {text:?}: {why}")]
    Unknown {
        /// The entry as given.
        text: String,
        /// Why it could not be read as rules.
        why: String,
    },
}

/// The entries of a rules list: separated by commas, except inside a KataGo JSON rules
/// string (`{"ko":"SIMPLE","scoring":"AREA"}` holds commas of its own).
fn entries(list: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in list.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth <= 0 => {
                out.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&list[start..]);
    out.into_iter()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

impl Choice {
    /// Reads a rules list in the order given: comma-separated gorules ids or aliases, `all`
    /// for every ruleset of [`ALL`], [`RECORDED`], and rules names (`japanese`, `aga`, `nz`…)
    /// or KataGo rules strings (`koPOSITIONALscoreAREAsui1`, presets, the JSON form), read by
    /// [`ruleset_registry::resolve`] with our ids first. A name's ruleset has the komi its
    /// rules carry as its default komi (used when neither the record nor the user gives one).
    ///
    /// # Errors
    /// A [`ChoiceError`] for an empty list, a ruleset named twice (or two entries played by
    /// the same ruleset), an entry that is neither an id nor rules.
    pub fn parse_list(list: &str, options: &RulesetOptions) -> Result<Vec<Choice>, ChoiceError> {
        let mut texts: Vec<&str> = Vec::new();
        for entry in entries(list) {
            if entry == "all" {
                texts.extend(ALL);
            } else {
                texts.push(entry);
            }
        }
        if texts.is_empty() {
            return Err(ChoiceError::Empty);
        }
        let mut out: Vec<Choice> = Vec::new();
        // Each entry's text, ruleset id, and whether it was read as rules.
        let mut seen: Vec<(&str, &str, bool)> = Vec::new();
        for text in texts {
            let choice = Choice::read(text, options)?;
            let (id, named) = (choice.id(), matches!(choice, Choice::Named(..)));
            if let Some(&(first, _, first_named)) = seen.iter().find(|(_, i, _)| *i == id) {
                let same_text =
                    ruleset_registry::canonical_id(first) == ruleset_registry::canonical_id(text);
                return Err(if same_text || !(named || first_named) {
                    ChoiceError::Twice(id.to_owned())
                } else {
                    ChoiceError::SameRuleset {
                        first: first.to_owned(),
                        second: text.to_owned(),
                        id: id.to_owned(),
                    }
                });
            }
            seen.push((text, id, named));
            out.push(choice);
        }
        Ok(out)
    }

    /// One entry of a rules list.
    fn read(text: &str, options: &RulesetOptions) -> Result<Choice, ChoiceError> {
        if text == RECORDED {
            return Ok(Choice::Recorded);
        }
        let resolved =
            ruleset_registry::resolve(text, true, options).map_err(|e| ChoiceError::Unknown {
                text: text.to_owned(),
                why: e.to_string(),
            })?;
        Ok(match resolved.rules {
            None => Choice::Fixed(resolved.ruleset),
            Some(_) => Choice::Named(
                resolved.ruleset,
                NamedRules {
                    text: text.to_owned(),
                    how: resolved.how,
                },
            ),
        })
    }

    /// The id of a fixed ruleset, or [`RECORDED`].
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Choice::Fixed(r) | Choice::Named(r, _) => r.id(),
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
    /// The estimator, for dead stones no proof decides: one per way of counting teire
    /// points, chosen by the record's server.
    pub estimates: Estimates,
    /// Whether to check the claims of the markup (rule 17).
    pub check_claims: bool,
    /// The rules `recorded` uses for a game whose rules cannot be read or inferred
    /// (`--default-rules`); without one, such a game has no `recorded` ruleset.
    pub fallback: Option<Fallback>,
    /// How records are read ([`crate::input`]).
    pub reading: Reading,
}

/// How records are read: what the reader's options leave to the user.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reading {
    /// Stones the setup before the first move leaves without liberties: removed with a note
    /// (the default), or the record refused (`--strict-setup`).
    pub setup_without_liberties: SetupPolicy,
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
            estimates: Estimates::default(),
            check_claims: false,
            fallback: None,
            reading: Reading::default(),
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
                Choice::Named(r, named) => rulesets.push(Planned::Named(r.as_ref(), named)),
                Choice::Recorded => {
                    let r =
                        ruleset_registry::recorded(record, &self.options, self.fallback.as_ref());
                    match r.ruleset {
                        Some(ruleset) => rulesets.push(Planned::Recorded(ruleset, r.read)),
                        None => warnings.push(PlanNote::Rules(r.read)),
                    }
                }
            }
        }
        let assessors = Assessors {
            control: &self.control,
            estimates: &self.estimates,
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
    /// `recorded` chose no ruleset: the record declares no rules, or none gorules reads, and
    /// nothing in it names them (the game counts as "no ruleset" in `check`'s summary).
    Rules(RecordedRules),
}

impl PlanNote {
    /// Whether `recorded` decided no ruleset for the game.
    #[must_use]
    pub fn is_no_ruleset(&self) -> bool {
        matches!(self, PlanNote::Rules(RecordedRules::None(_)))
    }
}

/// A ruleset of a game's plan: shared, or built for this game.
pub enum Planned<'a> {
    /// One of the configured rulesets.
    Shared(&'a dyn Ruleset),
    /// One of the configured rulesets, read from a rules name.
    Named(&'a dyn Ruleset, &'a NamedRules),
    /// Chosen for this game from its `RU`, with how `RU` was read.
    Recorded(Box<dyn Ruleset>, RecordedRules),
}

impl Planned<'_> {
    /// The ruleset.
    #[must_use]
    pub fn ruleset(&self) -> &dyn Ruleset {
        match self {
            Planned::Shared(r) | Planned::Named(r, _) => *r,
            Planned::Recorded(r, _) => r.as_ref(),
        }
    }

    /// How the ruleset was chosen from the record's `RU`, for `recorded`.
    #[must_use]
    pub fn recorded(&self) -> Option<&RecordedRules> {
        match self {
            Planned::Shared(_) | Planned::Named(..) => None,
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
        assert!(matches!(
            ids("go"),
            Err(ChoiceError::Unknown { text, .. }) if text == "go"
        ));
    }

    /// Rules names and KataGo strings are read as `RU` and GTP read them, our ids first; the
    /// komi they carry is the ruleset's default; two entries played by one ruleset are
    /// refused, since their reports could not be told apart.
    #[test]
    fn rules_lists_take_rules_names_and_katago_strings() {
        let options = RulesetOptions::default();
        let list = Choice::parse_list("japanese, nz ,tt", &options).unwrap();
        let got: Vec<(&str, f64)> = list
            .iter()
            .map(|c| match c {
                Choice::Fixed(r) | Choice::Named(r, _) => (r.id(), r.default_komi()),
                Choice::Recorded => (RECORDED, 0.0),
            })
            .collect();
        assert_eq!(
            got,
            [("pauli", 6.5), ("chinese", 7.0), ("tromp-taylor", 7.5)]
        );
        let Choice::Named(_, named) = &list[1] else {
            panic!("nz is a rules name")
        };
        assert_eq!(named.text, "nz");
        assert!(named.how.starts_with("New Zealand"), "{}", named.how);
        assert!(matches!(list[2], Choice::Fixed(_)), "tt is our id");
        // A JSON rules string keeps its commas.
        assert_eq!(
            ids(r#"{"ko":"SIMPLE","scoring":"AREA","suicide":false},pauli"#).unwrap(),
            ["chinese", "pauli"]
        );
        assert_eq!(
            ids("koPOSITIONALscoreAREAsui1komi0").unwrap(),
            ["tromp-taylor"]
        );
        assert_eq!(
            ids("aga,nz"),
            Err(ChoiceError::SameRuleset {
                first: "aga".to_owned(),
                second: "nz".to_owned(),
                id: "chinese".to_owned()
            })
        );
        assert_eq!(
            ids("chinese,aga"),
            Err(ChoiceError::SameRuleset {
                first: "chinese".to_owned(),
                second: "aga".to_owned(),
                id: "chinese".to_owned()
            })
        );
        assert!(matches!(
            ids("koBOGUS"),
            Err(ChoiceError::Unknown { why, .. }) if why.contains("malformed KataGo rules string")
        ));
    }

    #[test]
    fn recorded_takes_the_fallback_for_a_record_that_names_no_rules() {
        let mut plan =
            Plan::new(Choice::parse_list("recorded", &RulesetOptions::default()).unwrap());
        let topology = std::sync::Arc::new(rules_core::Topology::square(9).unwrap());
        let record = GameRecord::new(topology);
        let game = plan.for_game(&record).unwrap();
        assert!(game.rulesets.is_empty());
        assert!(game.warnings[0].is_no_ruleset());
        plan.fallback = Some(Fallback::new("aga", &plan.options).unwrap());
        let game = plan.for_game(&record).unwrap();
        assert_eq!(game.rulesets[0].ruleset().id(), "chinese");
        assert_eq!(
            game.rulesets[0].recorded().map(RecordedRules::code),
            Some("rules-default")
        );
        assert!(game.warnings.is_empty());
    }
}
