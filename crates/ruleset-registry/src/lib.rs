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
//! * [`for_record`] — the ruleset nearest to the rules a game record declares (`RU`), with
//!   how the name was read ([`RecordedRules`]).
//! * [`named`] — a text that may be either: our id first if asked, else a rules name as
//!   records write it or a KataGo rules string, with how it was read (GTP's `--rules`,
//!   `gorules-rules`, `kgs-rules`).
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
//! ```
#![deny(missing_docs)]

use chinese::{Chinese, Compensation, SuicideRule};
use pauli::Pauli;
use rules_core::{GameRecord, Ruleset};
use rules_names::{HandicapBonus, NameError, Target};
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

/// How the rules a record declares (`RU`) were read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordedRules {
    /// The record declares no rules.
    NotDeclared,
    /// `RU` is no rules name gorules reads.
    Unknown {
        /// `RU` as the record writes it.
        ru: String,
        /// Why it cannot be read.
        error: NameError,
    },
    /// `RU` was read, and mapped to a ruleset.
    Read {
        /// `RU` as the record writes it.
        ru: String,
        /// How the name was read and what the mapping changes ([`Named::how`]).
        how: String,
    },
}

impl RecordedRules {
    /// A stable kebab-case code: `rules-not-declared`, `rules-unknown`, `rules-recorded`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            RecordedRules::NotDeclared => "rules-not-declared",
            RecordedRules::Unknown { .. } => "rules-unknown",
            RecordedRules::Read { .. } => "rules-recorded",
        }
    }
}

/// The ruleset nearest to the rules `record` declares, with how the name was read — or, when
/// the record declares nothing gorules can read, no ruleset and why (never a silent guess).
pub fn for_record(
    record: &GameRecord,
    options: &RulesetOptions,
) -> (Option<Box<dyn Ruleset>>, RecordedRules) {
    let Some(ru) = record.rules.as_deref() else {
        return (None, RecordedRules::NotDeclared);
    };
    let ru = ru.to_owned();
    match named(&ru, false, options) {
        Err(error) => (None, RecordedRules::Unknown { ru, error }),
        Ok(Named { ruleset, how }) => (Some(ruleset), RecordedRules::Read { ru, how }),
    }
}

/// A ruleset [`named`] found, with how it read the text.
pub struct Named {
    /// The ruleset, configured.
    pub ruleset: Box<dyn Ruleset>,
    /// How the text was read and what the choice changes, in words (one line):
    /// `chinese: a gorules ruleset, as named`, or the mapping's
    /// [`explain`](rules_names::Mapping::explain).
    pub how: String,
}

/// The ruleset `text` names (surrounding whitespace aside). With `ids_first`, our ids and
/// aliases (`tromp-taylor` or `tt`, `logical`, `chinese`, `pauli`) name our rulesets as
/// configured; anything else, and everything when not `ids_first`, is read as rules by
/// [`rules_names::read`] (a name as records write it, or a KataGo rules string) and mapped to
/// the nearest ruleset ([`for_target`]), the way [`for_record`] reads `RU`.
///
/// GTP's `--rules` and `gorules-rules` read ids first; `kgs-rules` does not, so its `chinese`
/// is the Chinese rules as KGS plays them (with handicap compensation), not our `chinese`.
///
/// # Errors
/// The [`NameError`] of a text that is neither.
pub fn named(text: &str, ids_first: bool, options: &RulesetOptions) -> Result<Named, NameError> {
    let text = text.trim();
    if ids_first {
        let id = canonical_id(text);
        if let Ok(ruleset) = by_id(id, options) {
            return Ok(Named {
                ruleset,
                how: format!("{id}: a gorules ruleset, as named"),
            });
        }
    }
    let mapping = rules_names::read(text)?.mapping();
    Ok(Named {
        ruleset: for_target(mapping.target, options),
        how: mapping.explain(),
    })
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
        let RecordedRules::Read { ru, how } = read else {
            panic!("{read:?}");
        };
        assert_eq!(ru, "Japanese");
        assert!(how.starts_with("Japanese"), "{how}");
        let (ruleset, read) = for_record(&declaring(None), &options);
        assert!(ruleset.is_none());
        assert_eq!(read, RecordedRules::NotDeclared);
        assert_eq!(read.code(), "rules-not-declared");
        let (ruleset, read) = for_record(&declaring(Some("Mah-jong")), &options);
        assert!(ruleset.is_none());
        assert_eq!(read.code(), "rules-unknown");
        assert_eq!(
            read,
            RecordedRules::Unknown {
                ru: "Mah-jong".to_owned(),
                error: NameError::Unknown("Mah-jong".to_owned())
            }
        );
    }
}
