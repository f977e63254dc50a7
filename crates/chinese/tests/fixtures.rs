//! `fixtures/chinese/*`, checked against this crate directly (the `gorules` binary's fixture
//! test runs them through the CLI; this one keeps the hand-written numbers honest while the
//! ruleset changes). Only the `chinese` and `tromp-taylor` parts of each expectation are
//! checked, with the arguments the fixtures use: `--rules`, `--ko`, `--superko`,
//! `--handicap-compensation`, `--dead markup|none|proved|<points>` (`proved` as none: the
//! fixtures that ask for it say no proof removes a stone; the binary's test runs the control
//! test). The `chinese` part is checked only when `--rules` names our id: a rules name or a
//! KataGo string is read by the registry, above this crate, and checked through the binary.

mod common;

use chinese::{Chinese, Compensation, KoRule, parse_superko};
use common::{record, territory_markup};
use rules_core::{
    Assessment, AssessmentChoice, AssessmentSource, Policy, ReplayOptions, Ruleset, replay,
};
use serde_json::Value;
use std::path::Path;
use tromp_taylor::TrompTaylor;

/// Whether `want` is a subset of `got` (numbers compared numerically).
fn subset(want: &Value, got: &Value, path: &str, errors: &mut Vec<String>) {
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => {
            for (k, v) in w {
                match g.get(k) {
                    Some(gv) => subset(v, gv, &format!("{path}.{k}"), errors),
                    None => errors.push(format!("{path}.{k}: missing (want {v})")),
                }
            }
        }
        (Value::Number(w), Value::Number(g)) => {
            if (w.as_f64().unwrap() - g.as_f64().unwrap()).abs() > 1e-9 {
                errors.push(format!("{path}: {g}, want {w}"));
            }
        }
        (Value::Array(w), Value::Array(g)) => {
            if w.len() != g.len() {
                errors.push(format!("{path}: {} elements, want {}", g.len(), w.len()));
            }
            for (i, (a, b)) in w.iter().zip(g).enumerate() {
                subset(a, b, &format!("{path}[{i}]"), errors);
            }
        }
        (w, g) => {
            if w != g {
                errors.push(format!("{path}: {g}, want {w}"));
            }
        }
    }
}

#[test]
fn every_chinese_fixture_holds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/chinese");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 10, "{} fixtures", cases.len());
    let mut errors = Vec::new();
    for sgf in &cases {
        let name = sgf.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(sgf).unwrap();
        let expect: Value = serde_json::from_str(
            &std::fs::read_to_string(sgf.with_extension("expect.json")).unwrap(),
        )
        .unwrap();
        let args: Vec<String> = expect["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_owned())
            .collect();
        let mut rules = Chinese::default();
        let mut assessment = Assessment::none();
        let mut ours = true;
        let rec = record(&text);
        for pair in args.chunks(2) {
            match pair[0].as_str() {
                "--rules" => ours = pair[1].split(',').any(|e| e == "chinese" || e == "all"),
                "--ko" if pair[1] == "simple" => rules.ko = KoRule::Simple,
                "--superko" => rules.superko = parse_superko(&pair[1]).unwrap(),
                "--handicap-compensation" => {
                    rules.compensation = pair[1].parse::<Compensation>().unwrap();
                }
                "--dead" if pair[1] == "markup" => {
                    assessment = Assessment {
                        source: AssessmentSource::Markup,
                        territory: territory_markup(&text),
                        ..Assessment::default()
                    };
                }
                "--dead" if pair[1] == "none" || pair[1] == "proved" => {
                    assessment = Assessment::none();
                }
                "--dead" => {
                    assessment = Assessment {
                        source: AssessmentSource::User,
                        dead: pair[1]
                            .split(',')
                            .map(|p| rec.topology.parse_sgf(p).unwrap())
                            .collect(),
                        ..Assessment::default()
                    };
                }
                other => panic!("{name}: unknown argument {other}"),
            }
        }
        let game = &expect["games"][0];
        let rulesets: [(&str, &dyn Ruleset); 2] =
            [("chinese", &rules), ("tromp-taylor", &TrompTaylor)];
        for (id, ruleset) in rulesets {
            let Some(want) = game.get(id) else { continue };
            if id == "chinese" && !ours {
                continue;
            }
            let options = ReplayOptions {
                policy: Policy::Stop,
                komi: None,
            };
            let verdict = replay(
                &rec,
                ruleset,
                &options,
                AssessmentChoice::Given(&assessment),
            )
            .verdict;
            let got = serde_json::to_value(&verdict).unwrap();
            let mut e = Vec::new();
            subset(want, &got, id, &mut e);
            errors.extend(e.into_iter().map(|x| format!("{name}: {x}")));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}
