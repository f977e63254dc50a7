//! Graph-board games in JSON (docs/graph-format.md) → `graph::read_graph_json` → replay
//! under every ruleset.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules_core::Policy;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = sgf_record::graph::read_graph_json(text) {
        gorules_fuzz::replay_everything(&record, Policy::Stop, None);
    }
});
