//! KataGo's GTP extensions for rules, as a controller that speaks them expects:
//! `kata-set-rules` (a KataGo rules string: a preset KataGo accepts, the short form, the JSON
//! form) and `kata-get-rules` (the rules in effect, in KataGo's JSON form). docs/gtp.md.

use super::words::syntax;
use super::{Engine, RulesNaming};
use crate::protocol::Response;

impl Engine {
    /// `kata-set-rules RULES`: the rest of the line (a JSON form may hold spaces), read as
    /// KataGo reads it. The komi in effect stays, as KataGo keeps it: a rules string that
    /// names a komi is refused (`komi` sets it). The game so far is replayed under the new
    /// rules, or the command fails and the rules stay.
    pub(super) fn cmd_kata_set_rules(&mut self, args: &[&str]) -> Response {
        if args.is_empty() {
            return syntax("kata-set-rules takes a KataGo rules string");
        }
        let text = args.join(" ");
        if text.to_ascii_lowercase().contains("komi") {
            return Response::fail(
                "kata-set-rules keeps the komi in effect, as KataGo does: send the komi with \
                 `komi`, not in the rules",
            );
        }
        let komi = self.komi();
        match self.set_rules(&text, RulesNaming::KataGo) {
            Ok(_) => {
                self.komi = Some(komi);
                Response::ok()
            }
            Err(e) => Response::fail(format!("unknown rules: {e}")),
        }
    }

    /// `kata-get-rules`: the rules in effect in KataGo's JSON form, with the komi in effect;
    /// fails for rules KataGo has no form of (`logical`, `pauli` named by our id).
    pub(super) fn cmd_kata_get_rules(&self, args: &[&str]) -> Response {
        if !args.is_empty() {
            return syntax("kata-get-rules takes no argument");
        }
        match &self.rules_katago {
            Some(rules) => {
                let mut rules = rules.clone();
                rules.komi = Some(self.komi());
                Response::text(rules.katago_json())
            }
            None => Response::fail(format!(
                "the rules in effect ({}) have no KataGo form: KataGo counts no area plus \
                 captures (logical) and has no Pauli rules; set KataGo rules with \
                 kata-set-rules",
                self.ruleset.id()
            )),
        }
    }
}
