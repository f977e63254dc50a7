//! # ruleset-registry
//!
//! The rulesets gorules knows, in one place: a ruleset id or a rules name → a configured
//! `Box<dyn Ruleset>`.
//!
//! * [`ALL`] — the ids (what `--rules all` stands for); [`canonical_id`] reads the alias `tt`.
//! * [`RulesetOptions`] — how the configurable rulesets (`chinese`, `pauli`) are set up.
//! * [`by_id`] — the ruleset with an id; an unknown id is an [`UnknownRuleset`] that names
//!   the known ones.
//! * [`for_target`] — the ruleset a rules-name mapping ([`rules_names::Target`]) points at.
//! * [`resolve`] — the one reading of a rules text: our id first if asked, else a rules name
//!   as records write it or a KataGo rules string, with how it was read, the described rules
//!   and the komi they carry (the ruleset's default komi). `--rules` entries read ids first,
//!   a record's `RU` does not; [`named`] is the same without the description (GTP);
//!   [`resolve_katago`] reads as KataGo does (its preset `chinese` plays simple ko).
//! * [`katago_form`] — a ruleset of ours as KataGo rules, where KataGo has them
//!   (`kata-get-rules` after the rules were named by id).
//! * [`recorded`] — the ruleset for one game under `--rules recorded`: its `RU`, else rules
//!   inferred from its server, komi or event ([`rules_names::infer`]), else a [`Fallback`]
//!   (`--default-rules NAME`), with how it was chosen ([`RecordedRules`]); configured to resume play after
//!   two passes where the rules' text or the server allows it. [`for_record`] is the same
//!   without a fallback.
//!
//! Why a crate of its own: the binary needs this mapping, and so do the GTP engine's
//! integration tests and the fuzz targets, which cannot use a binary. It sits below both: it
//! depends on rules-core, rules-names and the ruleset crates, and knows nothing of the command
//! line or of GTP (gtp-engine takes a resolver from its caller, so its tests can build one
//! from this crate without a cycle).
//!
//! ```
//! use ruleset_registry::{ALL, RulesetOptions, by_id, named};
//!
//! let options = RulesetOptions::default();
//! for id in ALL {
//!     assert_eq!(by_id(id, &options).unwrap().id(), *id);
//! }
//! let japanese = named("Japanese", true, &options).unwrap();
//! assert_eq!(japanese.ruleset.id(), "pauli");
//! assert!(japanese.how.starts_with("Japanese (territory scoring) → pauli"));
//!
//! // A KataGo string's komi is the ruleset's default komi.
//! let taxed = ruleset_registry::resolve("komi23taxALL", true, &options).unwrap();
//! assert_eq!((taxed.ruleset.id(), taxed.ruleset.default_komi()), ("chinese", 23.0));
//! ```
#![deny(missing_docs)]

use chinese::{AfterTwoPasses, Chinese, Compensation, SuicideRule};
use pauli::{AfterEnd, Pauli};
use rules_core::score::points;
use rules_core::{Counting, GameRecord, GameState, Ruleset, StartPosition};
use rules_names::{HandicapBonus, NameError, RulesDescription, Target};
use tromp_taylor::{Logical, TrompTaylor};

/// Every ruleset id, in report order: what `all` stands for.
pub const ALL: &[&str] = &["tromp-taylor", "logical", "chinese", "pauli"];

/// Short names for ids, as `(alias, id)`.
pub const ALIASES: &[(&str, &str)] = &[("tt", "tromp-taylor")];

/// The id `name` stands for: the id of an alias ([`ALIASES`]), else `name` itself (which may
/// be no id at all).
#[must_use]
pub fn canonical_id(name: &str) -> &str {
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name, |(_, id)| id)
}

/// How the configurable rulesets are set up (in the binary, from the command line).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RulesetOptions {
    /// The `chinese` ruleset as configured.
    pub chinese: Chinese,
    /// The `pauli` ruleset as configured.
    pub pauli: Pauli,
}

/// An id that names no ruleset of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset {id:?}; known: {}", ALL.join(", "))]
pub struct UnknownRuleset {
    /// The id as given.
    pub id: String,
}

/// The ruleset with this id (or alias), configured with `options`.
///
/// # Errors
/// [`UnknownRuleset`] when `id` is none of [`ALL`] nor an alias of one.
pub fn by_id(id: &str, options: &RulesetOptions) -> Result<Box<dyn Ruleset>, UnknownRuleset> {
    Ok(match canonical_id(id) {
        "tromp-taylor" => Box::new(TrompTaylor),
        "logical" => Box::new(Logical),
        "chinese" => Box::new(options.chinese),
        "pauli" => Box::new(options.pauli),
        _ => return Err(UnknownRuleset { id: id.to_owned() }),
    })
}

/// The ruleset a rules-name mapping points at, with the options it names (the rest from
/// `options`).
#[must_use]
pub fn for_target(target: Target, options: &RulesetOptions) -> Box<dyn Ruleset> {
    configured(target, options, false)
}

/// [`for_target`], with play resuming after two passes when `resume` is set: `chinese` with
/// `after_two_passes = resume` (text 003, End 1), `pauli` with [`AfterEnd::Resume`]
/// (docs/rules/pauli.md); `tromp-taylor` keeps its text (two passes end the game).
fn configured(target: Target, options: &RulesetOptions, resume: bool) -> Box<dyn Ruleset> {
    match target {
        Target::TrompTaylor => Box::new(TrompTaylor),
        Target::Pauli if resume => Box::new(options.pauli.with_after_end(AfterEnd::Resume)),
        Target::Pauli => Box::new(options.pauli),
        Target::Chinese {
            suicide_allowed,
            ko,
            superko,
            compensation,
        } => Box::new(Chinese {
            suicide: if suicide_allowed {
                SuicideRule::Allowed
            } else {
                SuicideRule::Forbidden
            },
            ko,
            superko,
            compensation: match compensation {
                HandicapBonus::Zero => Compensation::None,
                HandicapBonus::N => Compensation::N,
                HandicapBonus::NMinusOne => Compensation::NMinusOne,
            },
            after_two_passes: if resume {
                AfterTwoPasses::Resume
            } else {
                options.chinese.after_two_passes
            },
        }),
    }
}

/// A ruleset whose default komi is the komi of the rules it was read from (a KataGo string's
/// `komi23`, a preset's or a rules name's own komi), so that the replay uses it when neither
/// the record nor the user gives one (the replay's order: user, record, ruleset default).
struct WithKomi {
    inner: Box<dyn Ruleset>,
    komi: f64,
}

impl Ruleset for WithKomi {
    fn id(&self) -> &'static str {
        self.inner.id()
    }

    fn describe(&self) -> String {
        format!(
            "{}; komi {} when the record gives none (the rules' own)",
            self.inner.describe(),
            points(self.komi)
        )
    }

    fn default_komi(&self) -> f64 {
        self.komi
    }

    fn uses_assessment(&self) -> bool {
        self.inner.uses_assessment()
    }

    fn counting(&self) -> Counting {
        self.inner.counting()
    }

    fn start(&self, start: &StartPosition) -> Box<dyn GameState> {
        self.inner.start(start)
    }
}

/// `ruleset` with `komi` as its default komi, when that differs from its own.
fn with_komi(ruleset: Box<dyn Ruleset>, komi: Option<f64>) -> Box<dyn Ruleset> {
    match komi {
        Some(komi) if komi != ruleset.default_komi() => Box::new(WithKomi {
            inner: ruleset,
            komi,
        }),
        _ => ruleset,
    }
}

/// A rules text as the registry read it: the ruleset, configured, with everything the reading
/// found ([`resolve`]).
pub struct Resolved {
    /// The ruleset, configured; when the rules carry a komi other than the ruleset's default,
    /// that komi is its [`default_komi`](Ruleset::default_komi).
    pub ruleset: Box<dyn Ruleset>,
    /// How the text was read and what the choice changes, in words (one line).
    pub how: String,
    /// The rules as described (ko, scoring, tax, suicide, button, bonus, komi…), when the text
    /// was read as rules rather than as a gorules id. What a caller needs to go beyond the
    /// nearest ruleset: e.g. [`Ko::Simple`](rules_names::Ko::Simple), which `chinese` plays as
    /// positional superko until it has a simple-ko option (the mapping says so in `how`).
    pub rules: Option<RulesDescription>,
    /// The komi these rules carry (the number in a KataGo string, a preset's default, the
    /// rules' own), used when the record and the user give none. `None` for a gorules id.
    pub komi: Option<f64>,
}

/// Reads `text` (surrounding whitespace aside) as a ruleset: with `ids_first`, our ids and
/// aliases (`tromp-taylor` or `tt`, `logical`, `chinese`, `pauli`) name our rulesets as
/// configured; anything else, and everything when not `ids_first`, is read as rules by
/// [`rules_names::read`] — a name as records write it (`japanese`, `aga`, `nz`, …) or a
/// KataGo rules string (a preset, `koPOSITIONALscoreAREAsui1`, `komi23taxALL`, the JSON form)
/// — and mapped to the nearest ruleset ([`for_target`]), with the komi those rules carry.
///
/// This is the one reading of a rules text: `--rules` entries (ids first), a record's `RU`
/// ([`recorded`], not ids first), GTP's `--rules`, `gorules-rules` (ids first) and
/// `kgs-rules` (not ids first, so its `chinese` is the Chinese rules as KGS plays them, with
/// handicap compensation, not our `chinese`).
///
/// # Errors
/// The [`NameError`] of a text that is neither.
pub fn resolve(
    text: &str,
    ids_first: bool,
    options: &RulesetOptions,
) -> Result<Resolved, NameError> {
    let text = text.trim();
    if ids_first {
        let id = canonical_id(text);
        if let Ok(ruleset) = by_id(id, options) {
            return Ok(Resolved {
                ruleset,
                how: format!("{id}: a gorules ruleset, as named"),
                rules: None,
                komi: None,
            });
        }
    }
    let rules = rules_names::read(text)?;
    Ok(resolved(rules, options, None))
}

/// Reads `text` as KataGo reads a rules string (`kata-set-rules`: a KataGo preset, where
/// `chinese` plays simple ko, the short form or the JSON form; [`rules_names::read_katago`])
/// and maps it to the nearest ruleset, as [`resolve`] does for names. For GTP's KataGo
/// commands; `Resolved::rules` writes the rules back in KataGo's forms
/// ([`RulesDescription::katago_json`] for `kata-get-rules`).
///
/// # Errors
/// The [`NameError`] of a text KataGo would not read.
pub fn resolve_katago(text: &str, options: &RulesetOptions) -> Result<Resolved, NameError> {
    Ok(resolved(rules_names::read_katago(text)?, options, None))
}

/// The ruleset for described rules, play resuming when `resume` says why.
fn resolved(rules: RulesDescription, options: &RulesetOptions, resume: Option<&str>) -> Resolved {
    let mapping = rules.mapping();
    let ruleset = configured(mapping.target, options, resume.is_some());
    let mut how = mapping.explain();
    if let Some(why) = resume {
        if mapping.target != Target::TrompTaylor {
            how.push_str(&format!("; play may resume after two passes ({why})"));
        }
    }
    Resolved {
        ruleset: with_komi(ruleset, rules.komi),
        how,
        komi: rules.komi,
        rules: Some(rules),
    }
}

/// The ruleset with id `id`, configured with `options`, as KataGo rules (KataGo's short form
/// read back into a description), for GTP's `kata-get-rules` when the rules were named by our
/// id: `tromp-taylor` is KataGo's `tromp-taylor`; `chinese` is area scoring with its ko rule,
/// suicide rule and handicap compensation, no tax, dead stones agreed (`fpok1`), komi 7.5.
/// `None` for `logical` (area plus captures: no KataGo rules count so) and `pauli` (Pauli's
/// ko, cycle and control rules are no KataGo rules), and for an unknown id.
#[must_use]
pub fn katago_form(id: &str, options: &RulesetOptions) -> Option<RulesDescription> {
    let text = match canonical_id(id) {
        "tromp-taylor" => "tromp-taylor".to_owned(),
        "chinese" => {
            let c = &options.chinese;
            let ko = match (c.ko, c.superko) {
                (rules_core::KoRule::Simple, _) => "SIMPLE",
                (_, rules_core::SuperkoKind::Positional) => "POSITIONAL",
                (_, rules_core::SuperkoKind::Situational) => "SITUATIONAL",
            };
            let whb = match c.compensation {
                Compensation::None => "0",
                Compensation::N => "N",
                Compensation::NMinusOne => "N-1",
            };
            format!(
                "ko{ko}scoreAREAtaxNONEsui{}whb{whb}fpok1komi{}",
                u8::from(c.suicide == SuicideRule::Allowed),
                chinese::DEFAULT_KOMI
            )
        }
        _ => return None,
    };
    rules_names::read_katago(&text).ok()
}

/// A ruleset [`named`] found, with how it read the text.
pub struct Named {
    /// The ruleset, configured (its default komi is the rules' own: see [`Resolved`]).
    pub ruleset: Box<dyn Ruleset>,
    /// How the text was read and what the choice changes, in words (one line):
    /// `chinese: a gorules ruleset, as named`, or the mapping's
    /// [`explain`](rules_names::Mapping::explain).
    pub how: String,
}

/// The ruleset `text` names, with how it was read: [`resolve`] without the description.
///
/// # Errors
/// The [`NameError`] of a text that is neither an id (when `ids_first`) nor rules.
pub fn named(text: &str, ids_first: bool, options: &RulesetOptions) -> Result<Named, NameError> {
    resolve(text, ids_first, options).map(|r| Named {
        ruleset: r.ruleset,
        how: r.how,
    })
}

/// The rules to use for records that say nothing about theirs (`--default-rules NAME`): a text
/// [`resolve`] reads with ids first, checked once, before any game is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fallback {
    text: String,
}

impl Fallback {
    /// The fallback `text` names.
    ///
    /// # Errors
    /// The [`NameError`] of a text that names no ruleset and no rules.
    pub fn new(text: &str, options: &RulesetOptions) -> Result<Fallback, NameError> {
        resolve(text, true, options)?;
        Ok(Fallback {
            text: text.trim().to_owned(),
        })
    }

    /// The text, as given (trimmed).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// How [`recorded`] chose a game's ruleset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// The rules the record declares (`RU`).
    Declared,
    /// Rules inferred from what else the record says (docs/rule-names.md, *Records without
    /// `RU`*): a server, the komi, the event.
    Inferred(rules_names::infer::Basis),
    /// The fallback the caller gave ([`Fallback`]).
    Fallback,
}

/// The ruleset `--rules recorded` uses for one game, and how it was chosen.
pub struct Recorded {
    /// The ruleset, configured; `None` when nothing decides one (no readable `RU`, nothing to
    /// infer from, no fallback).
    pub ruleset: Option<Box<dyn Ruleset>>,
    /// What was decided and from what ([`RecordedRules`]; `report` words it).
    pub read: RecordedRules,
    /// How the ruleset was chosen; `None` with no ruleset.
    pub basis: Option<Basis>,
    /// The rules as described, when the ruleset comes from rules (not from a gorules id).
    pub rules: Option<RulesDescription>,
    /// Why play may resume after two passes, when the ruleset is configured so (the rules'
    /// text or the record's server: [`rules_names::resumption`]).
    pub resumes: Option<String>,
}

/// What the record says of its rules, when no ruleset comes from its `RU`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Declared {
    /// No `RU`.
    Nothing,
    /// An `RU` gorules cannot read.
    Unreadable {
        /// `RU` as the record writes it.
        ru: String,
        /// Why it cannot be read.
        error: NameError,
    },
}

/// How the ruleset of `--rules recorded` was chosen for a game, as facts (`report` says them
/// in words).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordedRules {
    /// `RU` was read, and mapped to a ruleset.
    Read {
        /// `RU` as the record writes it.
        ru: String,
        /// How the name was read and what the mapping changes ([`Resolved::how`]).
        how: String,
    },
    /// No usable `RU`; the rules were inferred from what else the record says.
    Inferred {
        /// What the record says of its rules.
        declared: Declared,
        /// The property that names the rules (`PC[…]`, `KM[7.5]`, …).
        clue: String,
        /// Why it names them (the row of the table in docs/rule-names.md).
        why: String,
        /// The rules' name.
        name: String,
        /// How they were read ([`Resolved::how`]).
        how: String,
    },
    /// No usable `RU` and nothing to infer from; the caller's fallback was used.
    Default {
        /// What the record says of its rules.
        declared: Declared,
        /// The fallback as given.
        text: String,
        /// How it was read.
        how: String,
    },
    /// Nothing decides a ruleset.
    None(Declared),
}

impl RecordedRules {
    /// A stable kebab-case code: `rules-recorded`, `rules-inferred`, `rules-default`,
    /// `rules-not-declared`, `rules-unknown`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            RecordedRules::Read { .. } => "rules-recorded",
            RecordedRules::Inferred { .. } => "rules-inferred",
            RecordedRules::Default { .. } => "rules-default",
            RecordedRules::None(Declared::Nothing) => "rules-not-declared",
            RecordedRules::None(Declared::Unreadable { .. }) => "rules-unknown",
        }
    }
}

/// The ruleset for a game under `--rules recorded`, every game getting one when anything in
/// it decides one:
///
/// 1. the rules the record declares (`RU`), read as [`resolve`] reads them;
/// 2. else (no `RU`, or one gorules cannot read), the rules inferred from the record's server,
///    komi or event ([`rules_names::infer`], the table of docs/rule-names.md);
/// 3. else `fallback`, when given (`--default-rules NAME`);
/// 4. else no ruleset, and why (never a silent guess).
///
/// When the rules' text or the record's server lets the players resume play after two passes
/// ([`rules_names::resumption`]: the Japanese rules' article 9, the Chinese rules' "On dispute
/// the game continues", the New Zealand rules; KGS, OGS, IGS), the ruleset is configured to
/// resume: `chinese` with `after_two_passes = resume`, `pauli` with [`AfterEnd::Resume`].
/// `tromp-taylor` keeps its text. A gorules id given as the fallback is used as configured.
#[must_use]
pub fn recorded(
    record: &GameRecord,
    options: &RulesetOptions,
    fallback: Option<&Fallback>,
) -> Recorded {
    // 1. RU.
    let declared = match record.rules.as_deref() {
        None => Declared::Nothing,
        Some(ru) => match rules_names::read(ru) {
            Ok(rules) => {
                let resumes = rules_names::resumption(&rules, record);
                let r = resolved(rules, options, resumes.as_deref());
                return Recorded {
                    ruleset: Some(r.ruleset),
                    read: RecordedRules::Read {
                        ru: ru.to_owned(),
                        how: r.how,
                    },
                    basis: Some(Basis::Declared),
                    rules: r.rules,
                    resumes,
                };
            }
            Err(error) => Declared::Unreadable {
                ru: ru.to_owned(),
                error,
            },
        },
    };
    // 2. Inferred.
    if let Some(inference) = rules_names::infer(record) {
        let resumes = rules_names::resumption(&inference.rules, record);
        let name = inference.rules.name.clone();
        let r = resolved(inference.rules, options, resumes.as_deref());
        return Recorded {
            ruleset: Some(r.ruleset),
            read: RecordedRules::Inferred {
                declared,
                clue: inference.clue,
                why: inference.why,
                name,
                how: r.how,
            },
            basis: Some(Basis::Inferred(inference.basis)),
            rules: r.rules,
            resumes,
        };
    }
    // 3. The fallback.
    if let Some(fallback) = fallback {
        let text = fallback.text();
        let read = match resolve(text, true, options) {
            Ok(Resolved {
                rules: Some(rules), ..
            }) => {
                let resumes = rules_names::resumption(&rules, record);
                Ok((resolved(rules, options, resumes.as_deref()), resumes))
            }
            Ok(by_id) => Ok((by_id, None)),
            Err(e) => Err(e),
        };
        match read {
            Ok((r, resumes)) => {
                return Recorded {
                    ruleset: Some(r.ruleset),
                    read: RecordedRules::Default {
                        declared,
                        text: text.to_owned(),
                        how: r.how,
                    },
                    basis: Some(Basis::Fallback),
                    rules: r.rules,
                    resumes,
                };
            }
            // Checked by `Fallback::new`; the options cannot make it unreadable.
            Err(e) => unreachable!("the fallback {text:?} was checked: {e}"),
        }
    }
    // 4. Nothing.
    Recorded {
        ruleset: None,
        read: RecordedRules::None(declared),
        basis: None,
        rules: None,
        resumes: None,
    }
}

/// The ruleset `--rules recorded` uses for `record`, with how it was chosen: [`recorded`]
/// without a fallback.
pub fn for_record(
    record: &GameRecord,
    options: &RulesetOptions,
) -> (Option<Box<dyn Ruleset>>, RecordedRules) {
    let r = recorded(record, options, None);
    (r.ruleset, r.read)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chinese::AfterTwoPasses;
    use pauli::RemovalPolicy;
    use rules_core::{SuperkoKind, Topology};
    use std::sync::Arc;

    #[test]
    fn every_id_names_its_ruleset_and_aliases_name_theirs() {
        let options = RulesetOptions::default();
        for id in ALL {
            assert_eq!(by_id(id, &options).unwrap().id(), *id);
        }
        for (alias, id) in ALIASES {
            assert!(ALL.contains(id), "{alias} stands for {id}, one of ALL");
            assert_eq!(canonical_id(alias), *id);
            assert_eq!(by_id(alias, &options).unwrap().id(), *id);
        }
        assert_eq!(canonical_id("go"), "go");
    }

    #[test]
    fn an_unknown_id_is_an_error_that_names_the_known_ones() {
        for id in ["go", "", "Chinese", "recorded", "all"] {
            let Err(e) = by_id(id, &RulesetOptions::default()) else {
                panic!("{id:?} names a ruleset");
            };
            assert_eq!(e, UnknownRuleset { id: id.to_owned() });
            assert_eq!(
                e.to_string(),
                format!("unknown ruleset {id:?}; known: tromp-taylor, logical, chinese, pauli")
            );
        }
    }

    #[test]
    fn options_configure_the_rulesets_they_name() {
        let options = RulesetOptions {
            chinese: Chinese {
                suicide: SuicideRule::Allowed,
                ko: rules_core::KoRule::Superko,
                superko: SuperkoKind::Situational,
                compensation: Compensation::N,
                after_two_passes: AfterTwoPasses::Resume,
            },
            pauli: Pauli {
                removal: RemovalPolicy::FirstOpportunity,
            },
        };
        let by = |id| by_id(id, &options).unwrap().describe();
        assert_eq!(by("chinese"), options.chinese.describe());
        assert_eq!(by("pauli"), options.pauli.describe());
        // A mapping names the options the rules fix; the rest come from `options`.
        let mapped = for_target(
            Target::Chinese {
                suicide_allowed: false,
                ko: rules_core::KoRule::Superko,
                superko: SuperkoKind::Positional,
                compensation: HandicapBonus::Zero,
            },
            &options,
        );
        let want = Chinese {
            after_two_passes: AfterTwoPasses::Resume,
            ..Chinese::default()
        };
        assert_eq!(mapped.describe(), want.describe());
        assert_eq!(
            for_target(Target::Pauli, &options).describe(),
            options.pauli.describe()
        );
    }

    fn id(text: &str, ids_first: bool) -> Result<&'static str, NameError> {
        named(text, ids_first, &RulesetOptions::default()).map(|r| r.ruleset.id())
    }

    #[test]
    fn our_ids_first_then_names_and_katago_strings() {
        assert_eq!(id("tt", true), Ok("tromp-taylor"));
        assert_eq!(id(" logical ", true), Ok("logical"));
        assert_eq!(id("pauli", true), Ok("pauli"));
        assert_eq!(id("Japanese", true), Ok("pauli"));
        assert_eq!(id("koSIMPLEscoreAREAsui0", true), Ok("chinese"));
        assert_eq!(id("japanese", false), Ok("pauli"));
        assert_eq!(id("new_zealand", false), Ok("chinese"));
        assert_eq!(
            id("mah-jong", true),
            Err(NameError::Unknown("mah-jong".into()))
        );
        // Our "chinese" is the written rules without compensation; KGS's adds N points.
        let ours = named("chinese", true, &RulesetOptions::default()).unwrap();
        let kgs = named("chinese", false, &RulesetOptions::default()).unwrap();
        assert_ne!(ours.ruleset.describe(), kgs.ruleset.describe());
        assert_eq!(ours.how, "chinese: a gorules ruleset, as named");
        assert!(kgs.how.contains('→'), "{}", kgs.how);
    }

    fn declaring(ru: Option<&str>) -> GameRecord {
        let mut record = GameRecord::new(Arc::new(Topology::square(9).unwrap()));
        record.rules = ru.map(str::to_owned);
        record
    }

    #[test]
    fn a_record_gets_the_ruleset_it_declares_or_none_and_why() {
        let options = RulesetOptions::default();
        let (ruleset, read) = for_record(&declaring(Some("Japanese")), &options);
        assert_eq!(ruleset.map(|r| r.id()), Some("pauli"));
        assert_eq!(read.code(), "rules-recorded");
        match read {
            RecordedRules::Read { ru, how } => {
                assert_eq!(ru, "Japanese");
                assert!(how.starts_with("Japanese"), "{how}");
            }
            other => panic!("{other:?}"),
        }
        let (ruleset, read) = for_record(&declaring(None), &options);
        assert!(ruleset.is_none());
        assert_eq!(read, RecordedRules::None(Declared::Nothing));
        assert_eq!(read.code(), "rules-not-declared");
        let (ruleset, read) = for_record(&declaring(Some("Mah-jong")), &options);
        assert!(ruleset.is_none());
        assert_eq!(read.code(), "rules-unknown");
        assert!(matches!(
            read,
            RecordedRules::None(Declared::Unreadable { ref ru, .. }) if ru == "Mah-jong"
        ));
    }

    /// `--rules` entries, `RU` and GTP read rules texts the same way, with the komi the rules
    /// carry as the ruleset's default komi (used when neither the record nor the user gives
    /// one).
    #[test]
    fn a_rules_text_carries_its_komi() {
        let options = RulesetOptions::default();
        let komi = |text: &str| {
            let r = resolve(text, true, &options).unwrap();
            (r.ruleset.id(), r.ruleset.default_komi(), r.komi)
        };
        assert_eq!(komi("komi23taxALL"), ("chinese", 23.0, Some(23.0)));
        assert_eq!(komi("nz"), ("chinese", 7.0, Some(7.0)));
        assert_eq!(komi("aga-button"), ("chinese", 7.0, Some(7.0)));
        assert_eq!(komi("japanese"), ("pauli", 6.5, Some(6.5)));
        assert_eq!(
            komi("koPOSITIONALscoreAREAsui1"),
            ("tromp-taylor", 7.5, Some(7.5))
        );
        assert_eq!(
            komi("koPOSITIONALscoreAREAsui1komi0"),
            ("tromp-taylor", 0.0, Some(0.0))
        );
        // Our ids carry no komi of their own beyond the ruleset's.
        assert_eq!(komi("chinese"), ("chinese", 7.5, None));
        assert_eq!(komi("pauli"), ("pauli", 6.5, None));
        // A komi other than the ruleset's own is said in its description; the same komi is not.
        let nz = resolve("nz", true, &options).unwrap().ruleset.describe();
        assert!(
            nz.ends_with("; komi 7 when the record gives none (the rules' own)"),
            "{nz}"
        );
        let japanese = resolve("japanese", true, &options).unwrap().ruleset;
        assert_eq!(japanese.describe(), Pauli::default().describe());
        // `named` is the same reading.
        let named = named("komi23taxALL", true, &options).unwrap();
        assert_eq!(named.ruleset.default_komi(), 23.0);
        assert!(named.how.contains("group tax"), "{}", named.how);
    }

    /// KataGo's koSIMPLE stays simple ko in the described rules, and the nearest ruleset is
    /// `chinese` with its simple-ko option (a repetition ends the game without a result).
    #[test]
    fn simple_ko_is_kept_in_the_description_and_played_by_chinese() {
        let r = resolve("koSIMPLEscoreAREAsui0", true, &RulesetOptions::default()).unwrap();
        assert_eq!(r.ruleset.id(), "chinese");
        assert_eq!(
            r.rules.as_ref().map(|d| d.ko),
            Some(rules_names::Ko::Simple)
        );
        assert!(
            r.how.contains("simple ko, with the ending of a repetition"),
            "{}",
            r.how
        );
        assert!(
            r.ruleset.describe().contains("simple ko"),
            "{}",
            r.ruleset.describe()
        );
        assert!(
            resolve("chinese", true, &RulesetOptions::default())
                .unwrap()
                .rules
                .is_none()
        );
    }

    fn record_with(ru: Option<&str>, komi: Option<f64>, place: Option<&str>) -> GameRecord {
        let mut r = declaring(ru);
        r.komi = komi.map(|value| rules_core::Komi {
            value,
            raw: points(value),
        });
        r.info.place = place.map(str::to_owned);
        r
    }

    #[test]
    fn recorded_infers_the_rules_of_a_record_without_ru() {
        let options = RulesetOptions::default();
        let r = recorded(&record_with(None, Some(7.5), None), &options, None);
        assert_eq!(r.ruleset.as_ref().map(|r| r.id()), Some("chinese"));
        assert_eq!(
            r.basis,
            Some(Basis::Inferred(rules_names::infer::Basis::Komi))
        );
        assert_eq!(r.read.code(), "rules-inferred");
        match &r.read {
            RecordedRules::Inferred {
                declared,
                clue,
                name,
                ..
            } => {
                assert_eq!(*declared, Declared::Nothing);
                assert_eq!((clue.as_str(), name.as_str()), ("KM[7.5]", "Chinese"));
            }
            other => panic!("{other:?}"),
        }
        // Chinese: play resumes on a dispute (text 003).
        assert!(r.resumes.as_deref().unwrap().contains("text 003"));
        let chinese = Chinese {
            compensation: Compensation::N,
            after_two_passes: AfterTwoPasses::Resume,
            ..Chinese::default()
        };
        assert_eq!(r.ruleset.unwrap().describe(), chinese.describe());

        let nngs = recorded(&record_with(None, Some(0.5), Some("NNGS")), &options, None);
        assert_eq!(nngs.ruleset.as_ref().map(|r| r.id()), Some("pauli"));
        assert_eq!(
            nngs.basis,
            Some(Basis::Inferred(rules_names::infer::Basis::Server))
        );
        assert!(
            matches!(&nngs.read, RecordedRules::Inferred { clue, name, .. }
                if clue == "PC[NNGS]" && name == "Japanese"),
            "{:?}",
            nngs.read
        );

        // An unreadable RU is said, and the rules are inferred all the same.
        let odd = recorded(&record_with(Some(""), Some(6.5), None), &options, None);
        assert_eq!(odd.read.code(), "rules-inferred");
        assert!(
            matches!(&odd.read, RecordedRules::Inferred {
                declared: Declared::Unreadable { ru, .. }, ..
            } if ru.is_empty()),
            "{:?}",
            odd.read
        );
        assert_eq!(odd.ruleset.map(|r| r.id()), Some("pauli"));
    }

    #[test]
    fn recorded_falls_back_on_the_default_rules_or_says_there_are_none() {
        let options = RulesetOptions::default();
        let silent = record_with(None, Some(5.5), None);
        let none = recorded(&silent, &options, None);
        assert!(none.ruleset.is_none() && none.basis.is_none());
        assert_eq!(none.read, RecordedRules::None(Declared::Nothing));

        let aga = Fallback::new(" aga ", &options).unwrap();
        assert_eq!(aga.text(), "aga");
        let r = recorded(&silent, &options, Some(&aga));
        assert_eq!(r.basis, Some(Basis::Fallback));
        assert_eq!(r.read.code(), "rules-default");
        assert!(
            matches!(&r.read, RecordedRules::Default { text, .. } if text == "aga"),
            "{:?}",
            r.read
        );
        assert_eq!(r.ruleset.map(|r| r.id()), Some("chinese"));
        assert_eq!(
            r.resumes, None,
            "AGA's text does not resume, and no server says so"
        );

        // A gorules id as the fallback is used as configured.
        let id = Fallback::new("tt", &options).unwrap();
        let r = recorded(&silent, &options, Some(&id));
        assert_eq!(r.ruleset.map(|r| r.id()), Some("tromp-taylor"));
        assert!(r.rules.is_none());

        // The fallback is checked before any game is read.
        assert_eq!(
            Fallback::new("mah-jong", &options),
            Err(NameError::Unknown("mah-jong".into()))
        );
        // A record that says something does not need it.
        let said = recorded(&record_with(Some("NZ"), None, None), &options, Some(&aga));
        assert_eq!(said.basis, Some(Basis::Declared));
        assert_eq!(said.ruleset.unwrap().default_komi(), 7.0, "NZ's own komi");
    }

    /// `recorded` resumes where the rules' text or the server allows it, and only there.
    #[test]
    fn recorded_resumes_for_the_rules_and_servers_that_allow_it() {
        let options = RulesetOptions::default();
        let resumes = |ru: &str, place: Option<&str>| {
            let r = recorded(&record_with(Some(ru), None, place), &options, None);
            (r.ruleset.unwrap().describe(), r.resumes.is_some())
        };
        let (japanese, yes) = resumes("Japanese", None);
        assert!(yes);
        assert_eq!(
            japanese,
            Pauli::default().with_after_end(AfterEnd::Resume).describe()
        );
        let (aga, no) = resumes("AGA", None);
        assert!(!no);
        assert!(aga.contains("two passes end the game"), "{aga}");
        let (aga_ogs, yes) = resumes("AGA", Some("OGS: http://online-go.com/game/1"));
        assert!(yes);
        assert!(
            aga_ogs.contains("play may resume after two passes"),
            "{aga_ogs}"
        );
        let (tt, no) = resumes("Tromp-Taylor", Some("OGS: http://online-go.com/game/1"));
        assert!(!no, "Tromp–Taylor keeps its text");
        assert_eq!(tt, TrompTaylor.describe());
        // How the rules were read says why.
        let r = recorded(&record_with(Some("chinese"), None, None), &options, None);
        assert!(
            matches!(&r.read, RecordedRules::Read { how, .. }
                if how.contains("play may resume after two passes (the Chinese rules")),
            "{:?}",
            r.read
        );
    }

    /// Our rulesets as KataGo rules, where KataGo has them, and read back to the same ruleset.
    #[test]
    fn our_rulesets_have_a_katago_form_where_katago_has_them() {
        let options = RulesetOptions::default();
        let tt = katago_form("tt", &options).unwrap();
        assert_eq!(tt.mapping().ruleset, "tromp-taylor");
        let chinese = katago_form("chinese", &options).unwrap();
        assert_eq!(
            chinese.katago_json(),
            r#"{"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","komi":7.5,"scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"0"}"#
        );
        let back = resolve_katago(&chinese.katago_json(), &options).unwrap();
        assert_eq!(back.ruleset.id(), "chinese");
        let simple = RulesetOptions {
            chinese: Chinese {
                ko: rules_core::KoRule::Simple,
                compensation: Compensation::N,
                ..Chinese::default()
            },
            ..options
        };
        let d = katago_form("chinese", &simple).unwrap();
        assert_eq!(
            (d.ko, d.white_handicap_bonus),
            (rules_names::Ko::Simple, HandicapBonus::N)
        );
        assert!(katago_form("pauli", &options).is_none());
        assert!(katago_form("logical", &options).is_none());
        assert!(katago_form("go", &options).is_none());
    }

    /// KataGo's own reading for its GTP commands: its preset `chinese` is simple ko (named
    /// after KataGo's preset), where a record's `Chinese` is positional superko; the JSON form
    /// comes back as KataGo writes it.
    #[test]
    fn katago_strings_are_read_as_katago_reads_them() {
        let options = RulesetOptions::default();
        let katago = resolve_katago("chinese", &options).unwrap();
        let record = resolve("chinese", false, &options).unwrap();
        let ko = |r: &Resolved| r.rules.as_ref().unwrap().ko;
        assert_eq!(ko(&katago), rules_names::Ko::Simple);
        assert_eq!(ko(&record), rules_names::Ko::Positional);
        assert_eq!(katago.ruleset.id(), "chinese");
        let nz = resolve_katago("nz", &options).unwrap();
        assert_eq!(nz.komi, Some(7.5), "KataGo's preset komi");
        let json = resolve_katago(
            r#"{"ko":"SITUATIONAL","scoring":"AREA","suicide":false}"#,
            &options,
        )
        .unwrap();
        assert_eq!(
            json.rules.unwrap().katago_json(),
            r#"{"friendlyPassOk":false,"hasButton":false,"ko":"SITUATIONAL","komi":7.5,"scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"0"}"#
        );
        assert!(matches!(
            resolve_katago("koBOGUS", &options),
            Err(NameError::Malformed { .. })
        ));
    }
}
