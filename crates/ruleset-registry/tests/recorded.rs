//! `fixtures/recorded/*` checked at the library level: each record read by `sgf-record`, its
//! ruleset chosen by [`ruleset_registry::recorded`] (what `--rules recorded` calls), replayed
//! by `rules_core::report` with no dead stones (the fixtures' `--dead none`), and compared
//! with the hand-written expectation (fixtures/README.md). The `gorules` binary's fixture test
//! runs the same files through the command line.
//!
//! Also: the OGS game of the corpus that resumes after two passes
//! (`ogs/19x19/600313.sgf`, when `../shared/corpus` is there) is replayed to its final
//! position.

use rules_core::{Assessment, AssessmentChoice, ReplayOptions, Verdict, report};
use ruleset_registry::{RulesetOptions, recorded};
use serde_json::Value;
use sgf_record::{ReadOptions, read_sgf};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `want` is a subset of `got`: objects key by key, arrays element by element with equal
/// length, numbers numerically, `null` matching an absent key.
fn subset(want: &Value, got: Option<&Value>, path: &str, errors: &mut Vec<String>) {
    match (want, got) {
        (Value::Null, None | Some(Value::Null)) => {}
        (Value::Object(w), Some(Value::Object(g))) => {
            for (k, v) in w {
                subset(v, g.get(k), &format!("{path}.{k}"), errors);
            }
        }
        (Value::Array(w), Some(Value::Array(g))) => {
            if w.len() != g.len() {
                errors.push(format!(
                    "{path}: {} elements, want {}: {g:?}",
                    g.len(),
                    w.len()
                ));
            }
            for (i, (a, b)) in w.iter().zip(g).enumerate() {
                subset(a, Some(b), &format!("{path}[{i}]"), errors);
            }
        }
        (Value::Number(w), Some(Value::Number(g))) => {
            if w.as_f64() != g.as_f64() {
                errors.push(format!("{path}: {g}, want {w}"));
            }
        }
        (w, g) if Some(w) == g => {}
        (w, g) => errors.push(format!("{path}: {g:?}, want {w}")),
    }
}

/// The verdict of each ruleset `recorded` chose, as the binary writes it (findings by code): the finding that
/// says how the ruleset was chosen (its code) first among its findings; for a game with no
/// ruleset, no verdict and that finding among the game's warnings.
fn replayed(record: &rules_core::GameRecord) -> (Value, Vec<Value>) {
    let chosen = recorded(record, &RulesetOptions::default(), None);
    let Some(ruleset) = chosen.ruleset else {
        // No ruleset: the game is reported with no verdict, and a warning that says why
        // (`no-ru-nothing-to-infer`, check's "no ruleset" line).
        let mut report = rules_core::replay::game_report(1, record, Vec::new());
        report
            .warnings
            .push(rules_core::Finding::new(chosen.read.code(), String::new()));
        return (serde_json::to_value(&report).unwrap(), Vec::new());
    };
    let none = Assessment::none();
    let (report, _) = report(
        1,
        record,
        &[ruleset.as_ref()],
        &ReplayOptions::default(),
        AssessmentChoice::Given(&none),
    );
    let verdicts = report
        .verdicts
        .iter()
        .map(|v: &Verdict| {
            // The report's findings: how the ruleset was chosen, then what the driver noticed
            // (their codes; the words are the report's).
            let mut findings = vec![serde_json::json!({ "code": chosen.read.code() })];
            findings.extend(
                v.noticed
                    .iter()
                    .map(|n| serde_json::json!({ "code": n.code() })),
            );
            let mut v = serde_json::to_value(v).unwrap();
            v["findings"] = Value::Array(findings);
            v
        })
        .collect();
    (serde_json::to_value(&report).unwrap(), verdicts)
}

#[test]
fn every_recorded_fixture_meets_its_expectation() {
    let dir = root().join("fixtures/recorded");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "{} fixtures", files.len());
    let mut errors = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let want: Value = serde_json::from_slice(
            &std::fs::read(f.with_extension("expect.json")).expect("an expectation"),
        )
        .unwrap();
        let args: Vec<&str> = want["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        assert_eq!(args, ["--rules", "recorded", "--dead", "none"], "{name}");
        let file = read_sgf(&std::fs::read(f).unwrap(), &ReadOptions::default()).unwrap();
        let games = want["games"].as_array().unwrap();
        assert_eq!(games.len(), file.games.len(), "{name}");
        for (g, (want, got)) in games.iter().zip(&file.games).enumerate() {
            let record = got.as_ref().expect("the fixture reads");
            let (report, verdicts) = replayed(record);
            for (key, w) in want.as_object().unwrap() {
                let path = format!("{name} game {}.{key}", g + 1);
                if key == "record" {
                    subset(w, Some(&report), &path, &mut errors);
                    continue;
                }
                match verdicts.iter().find(|v| v["ruleset"] == **key) {
                    Some(v) => subset(w, Some(v), &path, &mut errors),
                    None => errors.push(format!("{path}: no verdict for {key}")),
                }
            }
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// The OGS game the issue names: pass, pass at moves 263–264, then the players play on
/// (265–267) and both pass again (268–269). Under `recorded` (RU[japanese] on OGS: pauli, resuming) every move is
/// legal, the resumption is reported with its move number, and the count is of the final
/// position: before, the replay stopped at move 265 as `after-end` and counted the position
/// after move 264 (B+8.5 against the recorded W+13.5).
#[test]
fn the_ogs_game_that_resumes_after_two_passes_is_scored_at_its_final_position() {
    let path = root().join("../shared/corpus/ogs/19x19/600313.sgf");
    let Ok(bytes) = std::fs::read(&path) else {
        println!("skipped: no corpus at {}", path.display());
        return;
    };
    let file = read_sgf(&bytes, &ReadOptions::default()).unwrap();
    let record = file.games[0].as_ref().unwrap();
    let (_, verdicts) = replayed(record);
    let v = &verdicts[0];
    assert_eq!(v["ruleset"], "pauli");
    assert_eq!(v["legal"], true, "{v}");
    assert_eq!(
        (v["moves_total"].as_u64(), v["moves_replayed"].as_u64()),
        (Some(269), Some(269))
    );
    assert_eq!(v["ending"], "passes");
    assert_eq!(
        v["events"],
        serde_json::json!([{
            "kind": "resumed-after-passes",
            "move_number": 265,
            "color": "black",
            "rule": "Pauli rule 4, with play after the end allowed (the record's rules or \
                     server let the players resume; option after-end resume)"
        }])
    );
    // The stones of moves 265–267 stand on the final board.
    let chosen = recorded(record, &RulesetOptions::default(), None);
    assert!(
        chosen
            .resumes
            .unwrap()
            .contains("OGS lets the players resume")
    );
    let ruleset = chosen.ruleset.unwrap();
    let done = rules_core::replay(
        record,
        ruleset.as_ref(),
        &ReplayOptions::default(),
        AssessmentChoice::Given(&Assessment::none()),
    );
    let board = done.state.board();
    let at = |s: &str| record.topology.parse_sgf(s).unwrap();
    assert_eq!(board.get(at("ls")), Some(rules_core::Color::Black));
    assert_eq!(board.get(at("ks")), Some(rules_core::Color::White));
    assert_eq!(board.get(at("ms")), Some(rules_core::Color::Black));
    // The count is of that final position.
    assert_eq!(done.verdict.result.as_deref(), v["result"].as_str());
    assert!(done.verdict.score.is_some());
}
