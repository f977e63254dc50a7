//! Every `fixtures/sgf/*.sgf` against its `.expect.json` (fixtures/README.md): the `record`
//! subset of each game's report, a game's `error`, or the file's `error`. A fixture without
//! an expectation fails, so nothing is skipped silently.

use rules_core::{Assessment, AssessmentChoice, ReplayOptions, report};
use serde_json::Value;
use sgf_record::{ReadOptions, read_sgf};
use std::path::{Path, PathBuf};

pub fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/sgf")
}

/// `expected` is a subset of `actual`: objects key by key, arrays element by element with
/// equal length, numbers numerically.
fn subset(expected: &Value, actual: &Value, path: &str) -> Result<(), String> {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                let av = a.get(k).unwrap_or(&Value::Null);
                subset(ev, av, &format!("{path}.{k}"))?;
            }
            Ok(())
        }
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                return Err(format!(
                    "{path}: expected {} elements, got {}: {actual}",
                    e.len(),
                    a.len()
                ));
            }
            for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                subset(ev, av, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        (Value::Number(e), Value::Number(a)) => {
            let (e, a) = (e.as_f64(), a.as_f64());
            if e == a {
                Ok(())
            } else {
                Err(format!("{path}: expected {e:?}, got {a:?}"))
            }
        }
        (e, a) if e == a => Ok(()),
        (e, a) => Err(format!("{path}: expected {e}, got {a}")),
    }
}

fn check(sgf: &Path) -> Result<(), String> {
    let expect_path = sgf.with_extension("expect.json");
    let expect: Value = serde_json::from_str(
        &std::fs::read_to_string(&expect_path)
            .map_err(|e| format!("no expectation file {}: {e}", expect_path.display()))?,
    )
    .map_err(|e| format!("{}: {e}", expect_path.display()))?;
    if expect.get("shows").and_then(Value::as_str).is_none() {
        return Err("the expectation has no \"shows\" sentence".to_owned());
    }
    let bytes = std::fs::read(sgf).map_err(|e| e.to_string())?;
    let file = read_sgf(&bytes, &ReadOptions::default());
    if let Some(err) = expect.get("error").and_then(Value::as_str) {
        return match file {
            Err(e) if e.to_string().contains(err) => Ok(()),
            Err(e) => Err(format!("error {e:?} does not contain {err:?}")),
            Ok(_) => Err(format!("expected the file to be rejected with {err:?}")),
        };
    }
    let file = file.map_err(|e| format!("unexpected file error: {e}"))?;
    let games = expect
        .get("games")
        .and_then(Value::as_array)
        .ok_or("the expectation has neither \"games\" nor \"error\"")?;
    if games.len() != file.games.len() {
        return Err(format!(
            "expected {} game(s), read {}",
            games.len(),
            file.games.len()
        ));
    }
    let none = Assessment::none();
    for (i, (eg, g)) in games.iter().zip(&file.games).enumerate() {
        let n = i + 1;
        match (eg.get("error").and_then(Value::as_str), g) {
            (Some(err), Err(e)) => {
                let s = e.to_string();
                if !s.contains(err) || !s.starts_with("line ") {
                    return Err(format!("game {n}: error {s:?} does not contain {err:?}"));
                }
            }
            (Some(err), Ok(_)) => return Err(format!("game {n}: expected error {err:?}")),
            (None, Err(e)) => return Err(format!("game {n}: unexpected error {e}")),
            (None, Ok(r)) => {
                if let Some(er) = eg.get("record") {
                    let rep = report(
                        n as u32,
                        r,
                        &[],
                        &ReplayOptions::default(),
                        AssessmentChoice::Given(&none),
                    )
                    .0;
                    let actual = serde_json::to_value(&rep).map_err(|e| e.to_string())?;
                    subset(er, &actual, &format!("game {n}.record"))?;
                }
            }
        }
    }
    Ok(())
}

#[test]
fn every_sgf_fixture_meets_its_expectation() {
    let dir = fixture_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("fixtures/sgf exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    assert!(files.len() >= 25, "only {} fixtures", files.len());
    let mut failures = Vec::new();
    for f in &files {
        if let Err(e) = check(f) {
            failures.push(format!(
                "{}: {e}",
                f.file_name().unwrap_or_default().to_string_lossy()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fixtures failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

/// docs/sgf.md lists every finding code (and no stale one).
#[test]
fn the_reader_page_lists_every_finding_code() {
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/sgf.md"))
            .expect("docs/sgf.md");
    let table = page
        .split("## Finding codes")
        .nth(1)
        .expect("a Finding codes section");
    for code in sgf_record::codes::ALL {
        assert!(
            table.contains(&format!("| `{code}` |")),
            "docs/sgf.md does not list {code}"
        );
    }
    let listed = table.lines().filter(|l| l.starts_with("| `")).count();
    assert_eq!(
        listed,
        sgf_record::codes::ALL.len(),
        "stale codes in docs/sgf.md"
    );
}
