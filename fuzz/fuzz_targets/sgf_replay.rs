//! SGF bytes → records → replay under every ruleset (both policies), the report's JSON,
//! and the comparisons `gorules diff` makes, whose explanations must add up.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules_core::Policy;
use sgf_record::{ReadOptions, read_sgf};

fuzz_target!(|data: &[u8]| {
    let Ok(file) = read_sgf(data, &ReadOptions::default()) else {
        return;
    };
    for record in file.games.iter().flatten().take(4) {
        gorules_fuzz::replay_everything(record, Policy::Stop, None);
        gorules_fuzz::replay_everything(record, Policy::PlayOn, None);
    }
});
