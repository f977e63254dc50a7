//! Helpers to talk to an engine (with the binary's resolver, `gtp::registry_resolver`).

use gtp::{Engine, EngineConfig, RulesResolver};
use ruleset_registry::RulesetOptions;

/// Our ids first (for `gorules-rules`), then rules names and KataGo strings, as `gorules gtp`.
pub fn resolver() -> Box<dyn RulesResolver> {
    gtp::registry_resolver(RulesetOptions::default())
}

/// An engine with these rules on a board of this size, seed 1.
pub fn engine(rules: &str, size: usize) -> Engine {
    Engine::new(
        EngineConfig {
            rules: rules.to_owned(),
            size,
            seed: 1,
            ..EngineConfig::default()
        },
        resolver(),
    )
    .expect("the engine starts")
}

/// The raw response to one line (which must hold a command).
pub fn ask(e: &mut Engine, line: &str) -> String {
    e.handle_line(line)
        .unwrap_or_else(|| panic!("{line:?} holds a command"))
}

/// The text of a successful response (the command is sent without id).
#[track_caller]
pub fn ok(e: &mut Engine, line: &str) -> String {
    let r = ask(e, line);
    assert!(r.starts_with('='), "{line:?} failed: {r:?}");
    assert!(r.ends_with("\n\n"), "{line:?}: {r:?}");
    r[1..r.len() - 2].trim_start_matches(' ').to_owned()
}

/// The message of a failed response.
#[track_caller]
pub fn fails(e: &mut Engine, line: &str) -> String {
    let r = ask(e, line);
    assert!(r.starts_with('?'), "{line:?} succeeded: {r:?}");
    r[1..r.len() - 2].trim_start_matches(' ').to_owned()
}

/// Plays a sequence of `color vertex` moves, all of which must be legal.
#[track_caller]
pub fn play_all(e: &mut Engine, moves: &str) {
    let words: Vec<&str> = moves.split_whitespace().collect();
    for pair in words.chunks(2) {
        ok(e, &format!("play {} {}", pair[0], pair[1]));
    }
}

/// A temporary file path, unique per test.
pub fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gtp-engine-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}
