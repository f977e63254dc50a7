//! The `chinese` expectations of `../shared/reference-games/` (500 random games computed by an
//! independent implementation of the texts: suicide forbidden, positional superko, shared
//! points split half and half, no dead stones removed), all met.
//!
//! The records are plain (one game tree, `SZ`, `KM`, `AB`/`AW`, moves, `B[]`/`B[tt]` passes),
//! so a few lines of parsing suffice here; the real SGF reader lives in its own crate.

mod common;

use chinese::Chinese;
use common::record;
use rules_core::{
    Assessment, AssessmentChoice, Color, Policy, Reason, ReplayOptions, Winner, replay,
};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference-games")
}

#[test]
fn every_chinese_expectation_is_met() {
    let dir = dir();
    if !dir.is_dir() {
        eprintln!("{} not found: skipped", dir.display());
        return;
    }
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 500, "the reference set has 500 games");
    let (mut checked, mut legal) = (0, 0);
    let mut failures = Vec::new();
    for sgf in &names {
        let rec = record(&std::fs::read_to_string(sgf).unwrap());
        let side: Value =
            serde_json::from_str(&std::fs::read_to_string(sgf.with_extension("json")).unwrap())
                .unwrap();
        let want = &side["expected"]["chinese"];
        let options = ReplayOptions {
            policy: Policy::Stop,
            komi: None,
        };
        let none = Assessment::none();
        let got = replay(
            &rec,
            &Chinese::default(),
            &options,
            AssessmentChoice::Given(&none),
        )
        .verdict;
        let name = sgf.file_name().unwrap().to_string_lossy().into_owned();
        let mut fail = |what: String| failures.push(format!("{name}: {what}"));
        checked += 1;
        if got.legal != want["legal"].as_bool().unwrap() {
            fail(format!("legal {} expected {}", got.legal, want["legal"]));
            continue;
        }
        if let Some(f) = want["first_illegal"].as_object() {
            let g = got.first_forbidden.as_ref().unwrap();
            let reason = match g.reason {
                Reason::PositionalSuperko => "superko",
                r => r.code(),
            };
            let color = match g.color {
                Color::Black => "B",
                Color::White => "W",
            };
            if u64::from(g.move_number) != f["move_number"].as_u64().unwrap()
                || color != f["color"]
                || g.point.as_deref() != f["point"].as_str()
                || reason != f["reason"]
            {
                fail(format!("first forbidden {g:?}, expected {f:?}"));
            }
            continue;
        }
        legal += 1;
        let score = got.score.as_ref().unwrap();
        let komi = want["komi"].as_f64().unwrap();
        let eq = |a: f64, b: &Value| (a - b.as_f64().unwrap()).abs() < 1e-9;
        let winner = match score.winner {
            Winner::Black => "B",
            Winner::White => "W",
            Winner::Draw => "0",
        };
        if !eq(score.black.total, &want["score"]["black"])
            || !eq(score.white.total - komi, &want["score"]["white"])
            || !eq(score.margin, &want["margin"])
            || (winner != want["winner"] && !(winner == "0" && want["winner"].is_null()))
        {
            fail(format!(
                "score B {} W {} margin {} winner {winner}, expected {} {} {} {}",
                score.black.total,
                score.white.total - komi,
                score.margin,
                want["score"]["black"],
                want["score"]["white"],
                want["margin"],
                want["winner"]
            ));
        }
        for (key, got) in [
            ("captures", got.captures),
            ("stones_removed", got.stones_removed),
        ] {
            if u64::from(got.black) != want[key]["black"].as_u64().unwrap()
                || u64::from(got.white) != want[key]["white"].as_u64().unwrap()
            {
                fail(format!("{key} {got:?}, expected {}", want[key]));
            }
        }
        assert!(score.stone_count.unwrap().agrees_with_margin, "{name}");
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} games differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(checked, 500);
    eprintln!("{checked} games checked, {legal} of them legal under chinese");
}
