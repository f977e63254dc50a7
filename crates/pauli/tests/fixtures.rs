//! Replays `fixtures/pauli/*.sgf` through `rules_core::replay` and checks each verdict against
//! its `.expect.json` (the subset semantics of `fixtures/README.md`).
//!
//! The workspace's own fixture test runs these through the `gorules` binary and its SGF
//! reader; this one needs neither, so the `pauli` crate can check its expectations on its own.
//! It reads only the SGF it needs (`SZ`, `KM`, `PL`, `AB`, `AW`, `B`, `W`, `TB`, `TW`) and the
//! arguments the fixtures use (`--rules`, `--remove-cycles`, `--dead`).

use pauli::{Pauli, RemovalPolicy};
use rules_core::{
    Action, Assessment, AssessmentChoice, AssessmentSource, Color, GameRecord, Komi, PerColor,
    Point, RecordedMove, ReplayOptions, Ruleset, Topology, replay,
};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::Arc;

type Node = Vec<(String, Vec<String>)>;

/// The game trees of an SGF text, each its main line of nodes (no variations).
fn parse_sgf(text: &str) -> Vec<Vec<Node>> {
    let b = text.as_bytes();
    let mut games = Vec::new();
    let mut i = 0;
    let mut depth = 0;
    let mut nodes: Vec<Node> = Vec::new();
    while i < b.len() {
        match b[i] {
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                depth -= 1;
                if depth == 0 {
                    games.push(std::mem::take(&mut nodes));
                }
                i += 1;
            }
            b';' => {
                nodes.push(Vec::new());
                i += 1;
            }
            c if c.is_ascii_uppercase() => {
                let start = i;
                while b[i].is_ascii_uppercase() {
                    i += 1;
                }
                let id = text[start..i].to_owned();
                let mut values = Vec::new();
                loop {
                    while b[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    if b[i] != b'[' {
                        break;
                    }
                    i += 1;
                    let mut v = String::new();
                    while b[i] != b']' {
                        if b[i] == b'\\' {
                            i += 1;
                        }
                        v.push(b[i] as char);
                        i += 1;
                    }
                    i += 1;
                    values.push(v);
                }
                nodes.last_mut().expect("a node").push((id, values));
            }
            _ => i += 1,
        }
    }
    games
}

fn record(nodes: &[Node]) -> GameRecord {
    let prop = |id: &str| {
        nodes[0]
            .iter()
            .find(|(k, _)| k == id)
            .map(|(_, v)| v.clone())
    };
    let (w, h) = match prop("SZ").map(|v| v[0].clone()) {
        Some(s) => match s.split_once(':') {
            Some((w, h)) => (w.parse().unwrap(), h.parse().unwrap()),
            None => (s.parse().unwrap(), s.parse().unwrap()),
        },
        None => (19, 19),
    };
    let topo = Arc::new(Topology::grid(w, h).unwrap());
    let at = |s: &str| topo.parse_sgf(s).unwrap_or_else(|| panic!("point {s}"));
    let mut r = GameRecord::new(topo.clone());
    r.komi = prop("KM").map(|v| Komi {
        value: v[0].parse().unwrap(),
        raw: v[0].clone(),
    });
    for node in nodes {
        let mut setup = Vec::new();
        for (id, values) in node {
            match id.as_str() {
                "AB" | "AW" => {
                    let c = if id == "AB" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    setup.extend(values.iter().map(|v| (at(v), Some(c))));
                }
                "PL" => r
                    .actions
                    .push(Action::SetPlayer(Color::parse(&values[0]).unwrap())),
                "B" | "W" => {
                    let color = Color::parse(id).unwrap();
                    let mv = if values[0].is_empty() {
                        RecordedMove::Pass
                    } else {
                        RecordedMove::Place(at(&values[0]))
                    };
                    r.actions.push(Action::Move { color, mv });
                }
                "INITIALPROHIBITED" => {
                    r.initial_prohibited = values.iter().map(|v| at(v)).collect();
                }
                "TB" | "TW" => {
                    let c = if id == "TB" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    r.markup.territory[c] = values.iter().map(|v| at(v)).collect();
                }
                _ => {}
            }
        }
        if !setup.is_empty() {
            r.actions.insert(0, Action::Setup(setup));
        }
    }
    r
}

/// Whether `actual` holds every key of `expected` with an equal value.
fn subset(expected: &Value, actual: &Value, path: &str, errors: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, v) in e {
                match a.get(k) {
                    Some(av) => subset(v, av, &format!("{path}.{k}"), errors),
                    None => errors.push(format!("{path}.{k}: missing")),
                }
            }
        }
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                errors.push(format!(
                    "{path}: {} elements expected, got {actual}",
                    e.len()
                ));
                return;
            }
            for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                subset(ev, av, &format!("{path}[{i}]"), errors);
            }
        }
        (Value::Number(e), Value::Number(a)) => {
            if (e.as_f64().unwrap() - a.as_f64().unwrap()).abs() > 1e-9 {
                errors.push(format!("{path}: expected {e}, got {a}"));
            }
        }
        (e, a) => {
            if e != a {
                errors.push(format!("{path}: expected {e}, got {a}"));
            }
        }
    }
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/pauli")
}

fn check(sgf: &Path) -> Vec<String> {
    let expect_path = sgf.with_extension("expect.json");
    let expect: Value = serde_json::from_str(
        &std::fs::read_to_string(&expect_path)
            .unwrap_or_else(|_| panic!("{} has no expectation file", sgf.display())),
    )
    .unwrap();
    let args: Vec<String> = expect["args"]
        .as_array()
        .map(|a| a.iter().map(|v| v.as_str().unwrap().to_owned()).collect())
        .unwrap_or_default();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args[i + 1].clone())
    };
    let mut pauli = Pauli::default();
    if let Some(r) = arg("--remove-cycles") {
        pauli.removal = match r.as_str() {
            "first" => RemovalPolicy::FirstOpportunity,
            _ => RemovalPolicy::Never,
        };
    }
    // Other rulesets of a fixture (`chinese`) are checked through the binary's fixture test.
    let rulesets: Vec<Box<dyn Ruleset>> = arg("--rules")
        .unwrap_or_else(|| "pauli".into())
        .split(',')
        .filter_map(|id| -> Option<Box<dyn Ruleset>> {
            match id {
                "pauli" => Some(Box::new(pauli)),
                "tromp-taylor" => Some(Box::new(tromp_taylor::TrompTaylor)),
                _ => None,
            }
        })
        .collect();
    let text = std::fs::read_to_string(sgf).unwrap();
    let games = parse_sgf(&text);
    let expected_games = expect["games"].as_array().unwrap();
    let mut errors = Vec::new();
    if games.len() != expected_games.len() {
        errors.push(format!(
            "{} games, {} expected",
            games.len(),
            expected_games.len()
        ));
    }
    for (g, (nodes, expected)) in games.iter().zip(expected_games).enumerate() {
        let rec = record(nodes);
        let dead = arg("--dead");
        let markup = match dead.as_deref() {
            Some("markup") => true,
            Some(_) => false,
            // The CLI's default when no --dead is given is not settled: use the markup when
            // there is some, so fixtures that want none must say `--dead none`.
            None => !rec.markup.is_empty(),
        };
        // `proved` is read as none: the fixtures that ask for it say no proof removes a stone
        // there (the binary's fixture test runs the control test).
        let assessment = match dead.filter(|d| d != "markup" && d != "none" && d != "proved") {
            Some(d) => Assessment {
                source: AssessmentSource::User,
                dead: d
                    .split(',')
                    .map(|s| rec.topology.parse_sgf(s.trim()).unwrap())
                    .collect::<Vec<Point>>(),
                ..Assessment::default()
            },
            None if markup => Assessment {
                source: AssessmentSource::Markup,
                territory: PerColor::new(
                    rec.markup.territory.black.clone(),
                    rec.markup.territory.white.clone(),
                ),
                dead: rec.markup.dead.clone(),
                ..Assessment::default()
            },
            None => Assessment::none(),
        };
        for rs in &rulesets {
            let Some(want) = expected.get(rs.id()) else {
                continue;
            };
            let v = replay(
                &rec,
                rs.as_ref(),
                &ReplayOptions::default(),
                AssessmentChoice::Given(&assessment),
            )
            .verdict;
            let actual = serde_json::to_value(&v).unwrap();
            let mut e = Vec::new();
            subset(
                want,
                &actual,
                &format!("game {} {}", g + 1, rs.id()),
                &mut e,
            );
            if !e.is_empty() {
                e.push(format!(
                    "verdict: {}",
                    serde_json::to_string_pretty(&actual).unwrap()
                ));
            }
            errors.extend(e);
        }
    }
    errors
}

#[test]
fn every_pauli_fixture_meets_its_expectation() {
    let mut sgfs: Vec<PathBuf> = std::fs::read_dir(fixtures_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    sgfs.sort();
    assert!(sgfs.len() >= 10);
    let mut failures = Vec::new();
    for sgf in &sgfs {
        let errors = check(sgf);
        if !errors.is_empty() {
            failures.push(format!("{}:\n  {}", sgf.display(), errors.join("\n  ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
