//! GTP: arbitrary lines → the protocol parser (`preprocess`, `parse_command`,
//! `format_response`) and the engine (`Engine::handle_line`): every line gets a well-formed
//! answer, never a panic, in bounded time. `loadsgf` reads the SGF that follows a line
//! `%SGF` in the input instead of a file, and `printsgf FILE` is not sent (it would write
//! files on the fuzzing machine).
#![no_main]

use gtp::{Engine, EngineConfig};
use libfuzzer_sys::fuzz_target;
use ruleset_registry::RulesetOptions;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (commands, sgf) = match text.split_once("\n%SGF\n") {
        Some((c, s)) => (c, Some(s)),
        None => (&*text, None),
    };
    // The first line may choose the rules and size, as `gorules gtp --rules … --size …`.
    let mut config = EngineConfig {
        size: 1 + data.first().map_or(0, |b| usize::from(b % 25)),
        seed: 7,
        ..EngineConfig::default()
    };
    if let Some(rules) = commands
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("#rules "))
    {
        config.rules = rules.to_owned();
    }
    // The binary's resolver (`gorules gtp`), over default-configured rulesets.
    let resolver = gtp::registry_resolver(RulesetOptions::default());
    let Ok(mut engine) = Engine::new(config, resolver) else {
        return;
    };
    for (n, line) in commands.lines().enumerate() {
        if n >= 200 {
            break;
        }
        // The protocol layer alone.
        if let Some(pre) = gtp::preprocess(line) {
            assert!(!pre.contains(['\n', '\r']), "preprocess left a line break");
            if let Ok(cmd) = gtp::parse_command(&pre) {
                if cmd.name == "printsgf" && !cmd.args.is_empty() {
                    continue;
                }
                if cmd.name == "loadsgf" {
                    if let Some(sgf) = sgf {
                        let until = cmd.args.get(1).and_then(|a| a.parse::<usize>().ok());
                        let _ = engine.load_sgf(sgf.as_bytes(), until);
                    }
                    continue;
                }
            }
        }
        if let Some(answer) = engine.handle_line(line) {
            // `=`/`?`, optional id, text, and exactly one empty line at the end.
            assert!(
                answer.starts_with('=') || answer.starts_with('?'),
                "{line:?} → {answer:?}"
            );
            assert!(answer.ends_with("\n\n"), "{line:?} → {answer:?}");
            assert!(
                !answer[..answer.len() - 2].contains("\n\n"),
                "an empty line inside the answer to {line:?}: {answer:?}"
            );
        }
        if engine.quit_requested() {
            break;
        }
    }
});
