//! Games carried through the pipeline for this crate's tests, the way the commands carry
//! them: SGF text read ([`analysis::input`]), analysed under a plan, made into a file's report.

use crate::json::{self, FileReport};
use analysis::{Choice, GameAnalysis, Plan, input};
use rules_core::GameRecord;
use ruleset_registry::RulesetOptions;

/// A plan with the rulesets `rules` names (as `--rules` takes them) and the default options.
pub(crate) fn plan(rules: &str) -> Plan {
    Plan::new(Choice::parse_list(rules, &RulesetOptions::default()).expect("rulesets"))
}

/// The first game of SGF text.
pub(crate) fn record(sgf: &str) -> GameRecord {
    let loaded = input::from_bytes("t.sgf".to_owned(), sgf.as_bytes(), false);
    let mut games = loaded.result.expect("a readable file").games;
    games.remove(0).expect("a readable game")
}

/// The first game of SGF text analysed under `plan`.
pub(crate) fn analysed(sgf: &str, plan: &Plan) -> GameAnalysis {
    plan.analyse(1, record(sgf)).expect("an analysed game")
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
