//! The JSON schemas under docs/schema/ (generated with schemars from the report types): the
//! files are up to date, and real outputs of every command validate against them, so the
//! output cannot drift from its documented shape. Regenerate:
//! `UPDATE_DOCS=1 cargo test -p gorules --test it docs`.

use crate::check::run;
use crate::cli_docs::check_generated;
use serde_json::Value;

const SCHEMAS: &[(&str, &str)] = &[
    ("replay", "docs/schema/replay.schema.json"),
    ("check", "docs/schema/check.schema.json"),
    ("check-jsonl", "docs/schema/check-jsonl.schema.json"),
    ("diff", "docs/schema/diff.schema.json"),
];

fn schema(which: &str) -> Value {
    let out = run(&["schema", which]);
    assert!(out.status.success(), "gorules schema {which}");
    serde_json::from_slice(&out.stdout).unwrap()
}

fn validate(which: &str, instance: &Value, errors: &mut Vec<String>) {
    let s = schema(which);
    let v = jsonschema::validator_for(&s).expect("a valid schema");
    for e in v.iter_errors(instance) {
        errors.push(format!("{which}: {e} at {}", e.instance_path));
    }
}

fn json_of(args: &[&str]) -> Value {
    let out = run(args);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

#[test]
fn docs_schemas_are_up_to_date() {
    for (which, file) in SCHEMAS {
        let out = run(&["schema", which]);
        assert!(out.status.success());
        check_generated(file, &String::from_utf8(out.stdout).unwrap());
    }
}

#[test]
fn replay_output_matches_its_schema() {
    let mut errors = Vec::new();
    // Every fixture (errors, graph boards, markup, events, every ruleset).
    let doc = json_of(&[
        "replay",
        "--format",
        "json",
        "--rules",
        "all",
        "fixtures/diff/dead_stones_tromp_taylor.sgf",
        "fixtures/archives/README.md",
    ]);
    validate("replay", &doc, &mut errors);
    let mut all = vec![
        "check".to_owned(),
        "--format".to_owned(),
        "json".to_owned(),
        "fixtures".to_owned(),
    ];
    all.push("--play-on".to_owned());
    let refs: Vec<&str> = all.iter().map(String::as_str).collect();
    let check = json_of(&refs);
    validate("check", &check, &mut errors);
    // The replay JSON is the check JSON less `skipped` and `summary`.
    let mut as_replay = check.clone();
    as_replay.as_object_mut().unwrap().remove("skipped");
    as_replay.as_object_mut().unwrap().remove("summary");
    validate("replay", &as_replay, &mut errors);
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn check_jsonl_records_match_their_schema() {
    let out = run(&[
        "check",
        "--format",
        "jsonl",
        "fixtures",
        "fixtures/*.nothing",
    ]);
    let mut errors = Vec::new();
    let mut types = std::collections::BTreeSet::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let rec: Value = serde_json::from_str(line).unwrap();
        types.insert(rec["type"].as_str().unwrap().to_owned());
        validate("check-jsonl", &rec, &mut errors);
    }
    assert_eq!(
        types.into_iter().collect::<Vec<_>>(),
        ["error", "game", "skipped", "summary"]
    );
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn diff_output_matches_its_schema() {
    let mut errors = Vec::new();
    let doc = json_of(&[
        "diff",
        "--format",
        "json",
        "--rules",
        "all",
        "fixtures/diff/superko_suicide_split.sgf",
        "fixtures/diff/dead_stones_tromp_taylor.sgf",
        "fixtures/archives/README.md",
    ]);
    validate("diff", &doc, &mut errors);
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// A drift is caught: an output with a field the schema does not know fails.
#[test]
fn the_schema_catches_drift() {
    let mut doc = json_of(&[
        "diff",
        "--format",
        "json",
        "fixtures/diff/superko_suicide_split.sgf",
    ]);
    doc["files"][0]["games"][0]["agree"] = Value::String("maybe".into());
    let mut errors = Vec::new();
    validate("diff", &doc, &mut errors);
    assert!(!errors.is_empty());
}
