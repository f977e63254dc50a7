//! How a rules text becomes a ruleset: a [`RulesResolver`] the caller passes in, and
//! [`registry_resolver`], the one over ruleset-registry.

use rules_core::Ruleset;
pub use rules_names::RulesDescription;

/// How a rules text is to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulesNaming {
    /// `gorules-rules` and `--rules`: a gorules ruleset id first (`tromp-taylor`, `logical`,
    /// `chinese`, `pauli`), else a rules name as records write it or a KataGo rules string.
    Gorules,
    /// `kgs-rules`: one of KGS's names (`chinese`, `japanese`, `aga`, `new_zealand`), read as
    /// the rules KGS plays under that name.
    Kgs,
    /// `kata-set-rules`: a KataGo rules string exactly as KataGo reads it — a preset (its
    /// `chinese` plays simple ko), the short form or the JSON form.
    KataGo,
}

/// A ruleset the resolver chose, with how the text was read.
pub struct Rules {
    /// The ruleset, configured.
    pub ruleset: Box<dyn Ruleset>,
    /// How the text was read and what the choice changes, in words (one line).
    pub how: String,
    /// The rules as KataGo describes them (`kata-get-rules` answers their JSON form): the
    /// rules read from a name or a KataGo string, or our ruleset's KataGo form when the text
    /// was our id; `None` when KataGo has no such rules (`logical`, `pauli` by id).
    pub katago: Option<RulesDescription>,
}

/// Turns a rules text into a ruleset. The binary passes one in, so this crate knows no
/// registry of rulesets and no rules names.
pub trait RulesResolver: Send + Sync {
    /// The ruleset `text` names.
    ///
    /// # Errors
    /// A message naming what is wrong with `text`.
    fn resolve(&self, text: &str, naming: RulesNaming) -> Result<Rules, String>;
}

impl<F> RulesResolver for F
where
    F: Fn(&str, RulesNaming) -> Result<Rules, String> + Send + Sync,
{
    fn resolve(&self, text: &str, naming: RulesNaming) -> Result<Rules, String> {
        self(text, naming)
    }
}

/// The resolver over ruleset-registry, as `gorules gtp` uses it:
/// [`resolve`](ruleset_registry::resolve) over the rulesets configured with `options`, our ids
/// first for `--rules` and `gorules-rules` ([`RulesNaming::Gorules`]), rules names only for
/// `kgs-rules` (so KGS's `chinese` is the Chinese rules as KGS plays them, with handicap
/// compensation), KataGo's own reading for `kata-set-rules`
/// ([`resolve_katago`](ruleset_registry::resolve_katago)). Our ids get their KataGo form
/// ([`katago_form`](ruleset_registry::katago_form)).
#[must_use]
pub fn registry_resolver(options: ruleset_registry::RulesetOptions) -> Box<dyn RulesResolver> {
    Box::new(move |text: &str, naming: RulesNaming| {
        let resolved = match naming {
            RulesNaming::KataGo => ruleset_registry::resolve_katago(text, &options),
            RulesNaming::Gorules => ruleset_registry::resolve(text, true, &options),
            RulesNaming::Kgs => ruleset_registry::resolve(text, false, &options),
        }
        .map_err(|e| e.to_string())?;
        let katago = match resolved.rules {
            Some(rules) => Some(rules),
            None => ruleset_registry::katago_form(resolved.ruleset.id(), &options),
        };
        Ok(Rules {
            ruleset: resolved.ruleset,
            how: resolved.how,
            katago,
        })
    })
}
