//! The rules resolver the GTP engine gets from the binary (`gorules gtp`, and the referee of
//! `gorules play`): a gorules ruleset id first, else a rules name as records write it or a
//! KataGo rules string, read by `rules-names` and mapped to the nearest ruleset.

use crate::registry::{self, RulesetOptions};
use gtp::{Rules, RulesNaming, RulesResolver};

/// A resolver over the rulesets configured with `options`.
pub fn resolver(options: RulesetOptions) -> Box<dyn RulesResolver> {
    Box::new(move |text: &str, naming: RulesNaming| resolve(text, naming, &options))
}

/// `text` as a ruleset: with [`RulesNaming::Gorules`], our ids (`tromp-taylor` or `tt`,
/// `logical`, `chinese`, `pauli`) name our rulesets as configured; anything else (and every
/// `kgs-rules` name) is read as rules, the way `--rules recorded` reads `RU`.
pub fn resolve(text: &str, naming: RulesNaming, options: &RulesetOptions) -> Result<Rules, String> {
    let t = text.trim();
    if naming == RulesNaming::Gorules {
        let id = if t == "tt" { "tromp-taylor" } else { t };
        if registry::ALL.contains(&id) {
            let ruleset = registry::by_id(id, options).map_err(|e| e.to_string())?;
            return Ok(Rules {
                how: format!("{id}: a gorules ruleset, as named"),
                ruleset,
            });
        }
    }
    let description = rules_names::read(t).map_err(|e| e.to_string())?;
    let mapping = description.mapping();
    Ok(Rules {
        ruleset: registry::for_target(mapping.target, options),
        how: mapping.explain(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str, naming: RulesNaming) -> Result<&'static str, String> {
        resolve(text, naming, &RulesetOptions::default()).map(|r| r.ruleset.id())
    }

    #[test]
    fn our_ids_first_then_names_and_katago_strings() {
        assert_eq!(id("tt", RulesNaming::Gorules), Ok("tromp-taylor"));
        assert_eq!(id("logical", RulesNaming::Gorules), Ok("logical"));
        assert_eq!(id("pauli", RulesNaming::Gorules), Ok("pauli"));
        assert_eq!(id("Japanese", RulesNaming::Gorules), Ok("pauli"));
        assert_eq!(
            id("koSIMPLEscoreAREAsui0", RulesNaming::Gorules),
            Ok("chinese")
        );
        assert_eq!(id("japanese", RulesNaming::Kgs), Ok("pauli"));
        assert_eq!(id("new_zealand", RulesNaming::Kgs), Ok("chinese"));
        assert!(id("mah-jong", RulesNaming::Gorules).is_err());
        // Our "chinese" is the written rules without compensation; KGS's adds N points.
        let ours = resolve("chinese", RulesNaming::Gorules, &RulesetOptions::default()).unwrap();
        let kgs = resolve("chinese", RulesNaming::Kgs, &RulesetOptions::default()).unwrap();
        assert_ne!(ours.ruleset.describe(), kgs.ruleset.describe());
    }
}
