//! Games carried through the pipeline for this crate's tests, the way the commands carry
//! them: SGF text read ([`analysis::input`]), analysed under a plan, made into a file's report.

use crate::json::{self, FileReport};
use analysis::{Choice, Plan, input};
use ruleset_registry::RulesetOptions;

/// A plan with the rulesets `rules` names (as `--rules` takes them) and the default options.
pub(crate) fn plan(rules: &str) -> Plan {
    Plan::new(Choice::parse_list(rules, &RulesetOptions::default()).expect("rulesets"))
}

/// The report of a file named `name` holding `bytes`, every game analysed under `plan`.
pub(crate) fn file(name: &str, bytes: &[u8], plan: &Plan) -> FileReport {
    let loaded = input::from_bytes(name.to_owned(), bytes, false);
    json::file_report(loaded, |i, r| json::game_entry(i, plan.analyse(i, r)))
}

/// A fixture of the repository's `fixtures/` folder, by its path there.
pub(crate) fn fixture(path: &str) -> String {
    let at = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(path);
    std::fs::read_to_string(&at).unwrap_or_else(|e| panic!("{}: {e}", at.display()))
}
