//! Every fixture under `fixtures/` against its hand-written expectation (fixtures/README.md),
//! through the real binary.

use crate::util::{replay_json, root, subset};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// The record files of the fixture tree (.sgf, and .json that are not expectations).
fn records(files: &[PathBuf]) -> Vec<PathBuf> {
    files
        .iter()
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.ends_with(".sgf") || (name.ends_with(".json") && !name.ends_with(".expect.json"))
        })
        .cloned()
        .collect()
}

fn expectation_of(record: &Path) -> PathBuf {
    let name = record.file_name().unwrap().to_string_lossy();
    let stem = name.rsplit_once('.').unwrap().0;
    record.with_file_name(format!("{stem}.expect.json"))
}

fn check(record: &Path, errors: &mut Vec<String>) -> usize {
    let exp_path = expectation_of(record);
    let exp: Value = match std::fs::read(&exp_path) {
        Ok(b) => serde_json::from_slice(&b)
            .unwrap_or_else(|e| panic!("{}: bad JSON: {e}", exp_path.display())),
        Err(_) => {
            errors.push(format!("{}: no expectation file", record.display()));
            return 0;
        }
    };
    let mut args: Vec<String> = vec![record.to_string_lossy().into_owned()];
    // `{fixtures}` in an argument is this directory (the fake engines of fixtures/engine).
    let fixtures = root().join("fixtures");
    let fixtures = fixtures.to_string_lossy();
    match exp.get("args") {
        Some(Value::Array(a)) => args.extend(
            a.iter()
                .map(|v| v.as_str().unwrap().replace("{fixtures}", &fixtures)),
        ),
        None => args.extend(["--rules".to_owned(), "all".to_owned()]),
        Some(other) => panic!("{}: args must be a list, got {other}", exp_path.display()),
    }
    let (out, run) = replay_json(&args);
    let file = &out["files"][0];
    let mut errs = Vec::new();
    if let Some(want) = exp.get("error") {
        let want = want.as_str().unwrap();
        let got = file["error"]["message"].as_str().unwrap_or("");
        if !got.contains(want) {
            errs.push(format!(
                "error: expected a message containing {want:?}, got {got:?}"
            ));
        }
    } else if let Some(e) = file.get("error") {
        errs.push(format!("unexpected error: {e}"));
    }
    let wants_game_error = exp["games"]
        .as_array()
        .is_some_and(|gs| gs.iter().any(|g| g.get("error").is_some()));
    if (exp.get("error").is_some() || wants_game_error) != (run.status.code() == Some(2)) {
        errs.push(format!(
            "exit code {:?}: 2 exactly when something cannot be read",
            run.status.code()
        ));
    }
    let games = file["games"].as_array().cloned().unwrap_or_default();
    let mut checked = 0;
    if let Some(Value::Array(want_games)) = exp.get("games") {
        if want_games.len() != games.len() {
            errs.push(format!(
                "expected {} game(s), the file has {}",
                want_games.len(),
                games.len()
            ));
        }
        for (gi, (want, got)) in want_games.iter().zip(&games).enumerate() {
            let g = gi + 1;
            let verdicts = got["verdicts"].as_array().cloned().unwrap_or_default();
            for (key, want_v) in want.as_object().expect("a game expectation is an object") {
                match key.as_str() {
                    // Facts about the record itself: a subset of the game report.
                    "record" => subset(want_v, Some(got), &format!("game{g}.record"), &mut errs),
                    // The game must be rejected with a located message.
                    "error" => {
                        let want_msg = want_v.as_str().expect("error is a string");
                        let got_msg = got["error"]["message"].as_str().unwrap_or("");
                        if !got_msg.contains(want_msg) {
                            errs.push(format!(
                                "game {g}: expected an error containing {want_msg:?}, got {got_msg:?}"
                            ));
                        }
                    }
                    ruleset => {
                        let Some(got_v) = verdicts.iter().find(|v| v["ruleset"] == *ruleset) else {
                            errs.push(format!("game {g}: no verdict for {ruleset}"));
                            continue;
                        };
                        subset(
                            want_v,
                            Some(got_v),
                            &format!("game{g}.{ruleset}"),
                            &mut errs,
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    for e in errs {
        errors.push(format!("{}: {e}", record.display()));
    }
    checked
}

#[test]
fn every_fixture_meets_its_expectation() {
    let dir = root().join("fixtures");
    let mut files = Vec::new();
    collect(&dir, &mut files);
    let records = records(&files);
    assert!(records.len() >= 25, "only {} fixtures", records.len());
    let mut errors = Vec::new();
    let mut verdicts = 0;
    for r in &records {
        verdicts += check(r, &mut errors);
    }
    // Every expectation file has its record.
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy();
        if let Some(stem) = name.strip_suffix(".expect.json") {
            let has = ["sgf", "json"]
                .iter()
                .any(|ext| f.with_file_name(format!("{stem}.{ext}")).exists());
            if !has {
                errors.push(format!("{}: expectation without a record", f.display()));
            }
        }
    }
    assert!(
        errors.is_empty(),
        "{} problem(s) in {} fixtures:\n{}",
        errors.len(),
        records.len(),
        errors.join("\n")
    );
    eprintln!("{} fixtures, {verdicts} verdicts checked", records.len());
}

/// `--rules` takes rules names and KataGo strings as `RU` does, with the komi they carry
/// when the record gives none (issue 61): `nz` counts the New Zealand record with 7, KataGo's
/// `komi23taxALL` with 23, and an id keeps the ruleset's own 7.5.
#[test]
fn rules_names_on_the_command_line_carry_their_komi() {
    let nz = root().join("fixtures/recorded/nz-without-km.sgf");
    let nz = nz.to_str().unwrap();
    let komi = |rules: &str| {
        let (out, run) = replay_json([nz, "--rules", rules, "--dead", "none"]);
        assert_eq!(run.status.code(), Some(0), "{rules}");
        let v = out["files"][0]["games"][0]["verdicts"][0].clone();
        (
            v["ruleset"].as_str().unwrap().to_owned(),
            v["komi"]["value"].as_f64().unwrap(),
            v["findings"][0]["code"].as_str().map(str::to_owned),
        )
    };
    assert_eq!(
        komi("nz"),
        ("chinese".to_owned(), 7.0, Some("rules-named".to_owned()))
    );
    assert_eq!(komi("komi23taxALL").1, 23.0);
    assert_eq!(komi("chinese").1, 7.5);
    assert_eq!(komi("japanese").0, "pauli");
    // The user's komi wins over the rules'.
    let (out, _) = replay_json([nz, "--rules", "nz", "--komi", "0.5"]);
    assert_eq!(
        out["files"][0]["games"][0]["verdicts"][0]["komi"]["value"],
        0.5
    );
}

/// `--strict-setup` refuses a record whose setup leaves stones without liberties (KataGo's
/// strict reading), where the default removes them with a note.
#[test]
fn strict_setup_refuses_stones_without_liberties() {
    let fixture = root().join("fixtures/sgf/setup-without-liberties-removed.sgf");
    let fixture = fixture.to_str().unwrap();
    let (out, run) = replay_json([fixture, "--rules", "chinese"]);
    assert_eq!(run.status.code(), Some(0));
    let warnings = out["files"][0]["games"][0]["warnings"].to_string();
    assert!(
        warnings.contains("setup-without-liberties-removed"),
        "{warnings}"
    );
    let (out, run) = replay_json([fixture, "--rules", "chinese", "--strict-setup"]);
    assert_eq!(run.status.code(), Some(2));
    let game = &out["files"][0]["games"][0];
    assert_eq!(game["error"]["kind"], "setup-without-liberties", "{game}");
}
