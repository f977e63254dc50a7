//! Games carried through the pipeline for this crate's tests, the way the commands carry
//! them: SGF text read ([`analysis::input`]), analysed under a plan, made into a file's report.

use crate::json::{self, FileReport};
use analysis::{Choice, DeadSource, Plan, input};
use ruleset_registry::RulesetOptions;

/// A plan with the rulesets `rules` names (as `--rules` takes them) and the default options.
pub(crate) fn plan(rules: &str) -> Plan {
    Plan::new(Choice::parse_list(rules, &RulesetOptions::default()).expect("rulesets"))
}

/// [`plan`] with its dead stones from `dead` (as `--dead` gives them).
pub(crate) fn plan_with(rules: &str, dead: DeadSource) -> Plan {
    Plan {
        dead,
        ..plan(rules)
    }
}

/// A finished 7×7 game of two black stones and one white: the control test proves none of it,
/// so under `--dead proved` Pauli's count leaves all 49 points undecided (W+0.5 as they stand).
pub(crate) const OPEN_7X7: &str = "(;GM[1]FF[4]SZ[7]KM[0.5];B[cc];W[ee];B[dd];W[];B[])";

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
