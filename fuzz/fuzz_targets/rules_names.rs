//! Rule strings (`RU[]` values, KataGo's names, short and JSON forms) → `rules_names::read`
//! and `read_katago`, their description in words and the mapping to a ruleset.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for result in [rules_names::read(&text), rules_names::read_katago(&text)] {
        match result {
            Ok(d) => {
                let _ = d.describe();
                let _ = d.counting();
                let m = d.mapping();
                assert!(!m.explain().is_empty());
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
