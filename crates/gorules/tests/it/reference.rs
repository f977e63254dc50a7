//! The 500 reference games of `../shared/reference-games/`: verdicts an independent
//! implementation of the texts computed. The authoritative fields (its README) must match
//! exactly for every game: `legal`, `first_illegal` (move number, colour, point, reason) and,
//! for legal games, the scores, margin, winner, captures and stones removed.

use crate::util::{replay_json, root};
use serde_json::Value;
use std::path::PathBuf;

/// Reference ruleset name → our ruleset id.
const RULESETS: &[(&str, &str)] = &[
    ("tromp-taylor", "tromp-taylor"),
    ("logical-captures", "logical"),
    ("chinese", "chinese"),
];

fn reference_dir() -> Option<PathBuf> {
    let d = root().join("../shared/reference-games");
    d.is_dir().then_some(d)
}

fn reason(ours: &str) -> &str {
    match ours {
        "superko-positional" => "superko",
        // Chinese forbids suicide outright; Tromp–Taylor's single-stone suicide is a
        // repetition. The reference names them the same way.
        other => other,
    }
}

fn color(ours: &Value) -> &str {
    match ours.as_str() {
        Some("black") => "B",
        Some("white") => "W",
        _ => "?",
    }
}

fn winner(ours: &Value) -> &str {
    match ours.as_str() {
        Some("black") => "B",
        Some("white") => "W",
        Some("draw") => "draw",
        _ => "?",
    }
}

#[test]
fn reference_games_agree() {
    let Some(dir) = reference_dir() else {
        eprintln!("skipped: ../shared/reference-games is not here");
        return;
    };
    let mut sgfs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    sgfs.sort();
    assert_eq!(sgfs.len(), 500, "the reference set has 500 games");
    let ids: Vec<&str> = RULESETS.iter().map(|(_, ours)| *ours).collect();
    // The reference's chinese removes no dead stones.
    let mut args = vec![
        "--rules".to_owned(),
        ids.join(","),
        "--dead".to_owned(),
        "none".to_owned(),
    ];
    args.extend(sgfs.iter().map(|p| p.to_string_lossy().into_owned()));
    let (out, _) = replay_json(&args);
    let files = out["files"].as_array().unwrap();
    assert_eq!(files.len(), sgfs.len());

    let mut errors = Vec::new();
    let mut compared = 0;
    for (sgf, file) in sgfs.iter().zip(files) {
        let name = sgf.file_stem().unwrap().to_string_lossy();
        let side: Value =
            serde_json::from_slice(&std::fs::read(sgf.with_extension("json")).unwrap()).unwrap();
        let verdicts = file["games"][0]["verdicts"].as_array();
        let Some(verdicts) = verdicts else {
            errors.push(format!("{name}: no verdicts: {file}"));
            continue;
        };
        for (theirs, ours) in RULESETS {
            let exp = &side["expected"][*theirs];
            let got = verdicts.iter().find(|v| v["ruleset"] == *ours).unwrap();
            let mut e = Vec::new();
            if exp["legal"] != got["legal"] {
                e.push(format!(
                    "legal: expected {}, got {}",
                    exp["legal"], got["legal"]
                ));
            }
            match (&exp["first_illegal"], got.get("first_forbidden")) {
                (Value::Null, None) => {}
                (Value::Null, Some(g)) => e.push(format!("unexpected forbidden move {g}")),
                (x, None) => e.push(format!("expected forbidden move {x}")),
                (x, Some(g)) => {
                    let same = x["move_number"] == g["move_number"]
                        && x["color"].as_str() == Some(color(&g["color"]))
                        && x["point"] == g["point"]
                        && x["reason"].as_str() == Some(reason(g["reason"].as_str().unwrap_or("")));
                    if !same {
                        e.push(format!("first forbidden: expected {x}, got {g}"));
                    }
                }
            }
            if exp["legal"] == Value::Bool(true) {
                let s = &got["score"];
                let komi = s["komi"].as_f64().unwrap();
                let num = |v: &Value| v.as_f64().unwrap_or(f64::NAN);
                let pairs = [
                    (
                        "score.black",
                        num(&exp["score"]["black"]),
                        num(&s["black"]["total"]),
                    ),
                    (
                        "score.white",
                        num(&exp["score"]["white"]),
                        num(&s["white"]["total"]) - komi,
                    ),
                    ("margin", num(&exp["margin"]), num(&s["margin"])),
                    (
                        "captures.black",
                        num(&exp["captures"]["black"]),
                        num(&got["captures"]["black"]),
                    ),
                    (
                        "captures.white",
                        num(&exp["captures"]["white"]),
                        num(&got["captures"]["white"]),
                    ),
                    (
                        "stones_removed.black",
                        num(&exp["stones_removed"]["black"]),
                        num(&got["stones_removed"]["black"]),
                    ),
                    (
                        "stones_removed.white",
                        num(&exp["stones_removed"]["white"]),
                        num(&got["stones_removed"]["white"]),
                    ),
                ];
                for (what, want, have) in pairs {
                    if (want - have).abs() > 1e-9 {
                        e.push(format!("{what}: expected {want}, got {have}"));
                    }
                }
                if exp["winner"].as_str() != Some(winner(&s["winner"])) {
                    e.push(format!(
                        "winner: expected {}, got {}",
                        exp["winner"], s["winner"]
                    ));
                }
            }
            for x in e {
                errors.push(format!("{name} {ours}: {x}"));
            }
            compared += 1;
        }
    }
    assert!(
        errors.is_empty(),
        "{} disagreement(s) with the reference:\n{}",
        errors.len(),
        errors.join("\n")
    );
    assert_eq!(compared, 500 * RULESETS.len());
}
