//! `gorules diff`: the fixtures of fixtures/diff against the `diff` part of their
//! expectations, every explanation adding up exactly (on every fixture, and on the corpus
//! when it is here), and snapshots of both formats with the exit code.

use crate::check::{run, transcript};
use crate::util::{root, subset};
use serde_json::Value;
use std::path::PathBuf;

fn diff_json(args: &[&str]) -> (Value, i32) {
    let mut all = vec!["diff", "--format", "json"];
    all.extend_from_slice(args);
    let out = run(&all);
    let v = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "gorules {all:?}: not JSON ({e}); stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (v, out.status.code().unwrap_or(-1))
}

/// Every comparison's causes sum to the difference of the margins, and the margins are the
/// rulesets' own.
fn assert_adds_up(doc: &Value, errors: &mut Vec<String>) -> usize {
    let mut n = 0;
    for f in doc["files"].as_array().unwrap() {
        for g in f["games"].as_array().unwrap() {
            let margin = |id: &Value| {
                g["rulesets"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|r| r["ruleset"] == *id)
                    .and_then(|r| r["margin"].as_f64())
            };
            for c in g["comparisons"].as_array().unwrap() {
                let Some(count) = c.get("count") else {
                    continue;
                };
                let sum: f64 = count["causes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["effect"].as_f64().unwrap())
                    .sum();
                let diff = count["difference"].as_f64().unwrap();
                let (ma, mb) = (margin(&c["a"]).unwrap(), margin(&c["b"]).unwrap());
                if (sum - diff).abs() > 1e-9 || (mb - ma - diff).abs() > 1e-9 {
                    errors.push(format!(
                        "{} game {}: {} vs {}: causes {sum}, difference {diff}, margins {ma} → {mb}",
                        f["file"], g["game"], c["a"], c["b"]
                    ));
                }
                // A point is in at most one group.
                let mut pts: Vec<&str> = count["causes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|c| c["points"].as_array().into_iter().flatten())
                    .map(|p| p.as_str().unwrap())
                    .collect();
                let before = pts.len();
                pts.sort_unstable();
                pts.dedup();
                assert_eq!(before, pts.len(), "a point in two groups: {c}");
                n += 1;
            }
        }
    }
    n
}

fn diff_fixtures() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("fixtures/diff"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    v.sort();
    v
}

fn args_of(sgf: &std::path::Path) -> (Value, Vec<String>) {
    let exp: Value = serde_json::from_slice(
        &std::fs::read(sgf.with_extension("expect.json")).expect("an expectation"),
    )
    .unwrap();
    let args = exp["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_owned())
        .collect();
    (exp, args)
}

#[test]
fn the_diff_fixtures_explain_themselves_and_add_up() {
    let fixtures = diff_fixtures();
    assert_eq!(fixtures.len(), 3);
    let mut errors = Vec::new();
    for sgf in &fixtures {
        let (exp, args) = args_of(sgf);
        let rel = sgf
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let mut all: Vec<&str> = vec![&rel];
        all.extend(args.iter().map(String::as_str));
        let (doc, code) = diff_json(&all);
        assert_eq!(code, 1, "{rel}: the rulesets disagree");
        assert!(
            assert_adds_up(&doc, &mut errors) > 0,
            "{rel}: nothing compared"
        );
        subset(
            &exp["diff"],
            Some(&doc["files"][0]),
            &format!("{rel}.diff"),
            &mut errors,
        );
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn explanations_name_the_causes_in_go_terms() {
    let (doc, _) = diff_json(&[
        "fixtures/diff/dead_stones_tromp_taylor.sgf",
        "--rules",
        "tromp-taylor,chinese,pauli",
    ]);
    let text = doc.to_string();
    for words in [
        "dead stones left on the board",
        "counts the board as it stands",
        "shared dame",
        "dead stones counted twice under territory scoring",
        "area scoring counts every live stone",
    ] {
        assert!(text.contains(words), "no {words:?}");
    }
    let (doc, _) = diff_json(&["fixtures/diff/superko_suicide_split.sgf", "--rules", "all"]);
    let text = doc.to_string();
    for words in [
        "it is suicide",
        "tromp-taylor allows suicide",
        "positional superko",
        "has no superko",
    ] {
        assert!(text.contains(words), "no {words:?}");
    }
}

/// Every fixture of the repository, under every ruleset: no explanation fails to add up.
#[test]
fn every_fixture_adds_up() {
    let mut args = vec!["--rules".to_owned(), "all".to_owned()];
    let mut stack = vec![root().join("fixtures")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "sgf") {
                args.push(p.to_string_lossy().into_owned());
            }
        }
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let (doc, code) = diff_json(&refs);
    assert_ne!(code, -1);
    let mut errors = Vec::new();
    let n = assert_adds_up(&doc, &mut errors);
    assert!(n > 100, "only {n} comparisons");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// The corpus, when it is here (slow in debug: run with --ignored).
#[test]
#[ignore = "slow: the whole corpus; run with --ignored"]
fn every_corpus_game_adds_up() {
    let corpus = root().join("../shared/corpus");
    if !corpus.is_dir() {
        return;
    }
    let mut files = Vec::new();
    let mut stack = vec![corpus];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "sgf") {
                files.push(p.to_string_lossy().into_owned());
            }
        }
    }
    files.sort();
    let mut errors = Vec::new();
    let mut n = 0;
    for chunk in files.chunks(500) {
        let mut args = vec!["--rules", "all"];
        args.extend(chunk.iter().map(String::as_str));
        let (doc, _) = diff_json(&args);
        n += assert_adds_up(&doc, &mut errors);
    }
    eprintln!("{n} comparisons add up");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn snapshots_of_both_formats_with_the_exit_code() {
    for sgf in diff_fixtures() {
        let (_, args) = args_of(&sgf);
        let stem = sgf.file_stem().unwrap().to_string_lossy().into_owned();
        let rel = sgf
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let mut table = vec!["diff", rel.as_str()];
        table.extend(args.iter().map(String::as_str));
        insta::assert_snapshot!(format!("diff_table_{stem}"), transcript(&table));
        let mut json = vec!["diff", "--format", "json", rel.as_str()];
        json.extend(args.iter().map(String::as_str));
        insta::assert_snapshot!(format!("diff_json_{stem}"), transcript(&json));
    }
    insta::assert_snapshot!(
        "diff_agree",
        transcript(&[
            "diff",
            "fixtures/chinese/same_as_tromp_taylor.sgf",
            "--rules",
            "tromp-taylor,chinese"
        ])
    );
    insta::assert_snapshot!(
        "diff_unreadable",
        transcript(&["diff", "fixtures/archives/README.md"])
    );
    // Several files, an unreadable one among them, one with two games: blank lines between
    // files and games; pairs that agree, pairs with the same result counted differently, and
    // pairs that differ.
    insta::assert_snapshot!(
        "diff_table_several_files",
        transcript(&[
            "diff",
            "--rules",
            "all",
            "fixtures/chinese/seki_shared_dame.sgf",
            "fixtures/archives/README.md",
            "fixtures/pauli/ko-pass-not-end.sgf",
        ])
    );
}

#[test]
fn pictures_of_the_disagreeing_games() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().to_string_lossy().into_owned();
    let out = run(&[
        "diff",
        "--rules",
        "tromp-taylor,chinese",
        "--pictures",
        &dir,
        "fixtures/diff/dead_stones_tromp_taylor.sgf",
        "fixtures/chinese/same_as_tromp_taylor.sgf",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let names = crate::util::picture_names(d.path());
    // Only the game where they disagree is drawn, once per ruleset.
    assert_eq!(
        names,
        [
            "dead_stones_tromp_taylor-g1-chinese.svg",
            "dead_stones_tromp_taylor-g1-tromp-taylor.svg"
        ]
    );
    let chinese = std::fs::read_dir(d.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with("-g1-chinese.svg"))
        .unwrap();
    let svg = std::fs::read_to_string(chinese).unwrap();
    assert!(
        svg.starts_with("<svg") || svg.starts_with("<?xml"),
        "{}",
        &svg[..80]
    );
    assert!(svg.contains("B+6.5"));
}

/// With the solver's dead stones, Pauli's count of this 7×7 position rests on 14 locations
/// the control test leaves undecided (its two territories), while the Chinese count needs only
/// the stones and is settled. Neither `replay` nor `diff` may show the Pauli count as a
/// result: the table shows the range deciding the points could give, and the comparison says
/// it is of the counts as they stand. With `--dead none` nothing is undecided and nothing of
/// this is said.
#[test]
fn a_count_resting_on_undecided_points_is_shown_as_its_range_and_compared_as_it_stands() {
    let sgf = "fixtures/diff/shared_dame_chinese_vs_pauli.sgf";
    let args = |dead: &str, cmd: &str| {
        let out = run(&[cmd, sgf, "--rules", "chinese,pauli", "--dead", dead]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let row = |table: &str, ruleset: &str| {
        table
            .lines()
            .find(|l| l.starts_with(&format!("│ {ruleset} ")))
            .unwrap_or_else(|| panic!("no {ruleset} row in:\n{table}"))
            .to_owned()
    };

    let table = args("proved", "replay");
    assert!(
        row(&table, "pauli").contains("┆ W+1.5 to B+12.5 ┆"),
        "{table}"
    );
    assert!(row(&table, "chinese").contains("┆ W+0.5 "), "{table}");
    let text = args("proved", "diff");
    assert!(
        text.contains("pauli    all moves legal                         W+1.5 to B+12.5 (14 point(s) undecided; as they stand W+1.5)"),
        "{text}"
    );
    assert!(
        text.contains("(compared as they stand: undecided points under pauli (14 point(s));"),
        "{text}"
    );
    // With three rulesets, the note follows the one pair whose count rests on them.
    let out = run(&[
        "diff",
        sgf,
        "--rules",
        "tromp-taylor,chinese,pauli",
        "--dead",
        "proved",
    ]);
    let three = String::from_utf8_lossy(&out.stdout);
    let notes: Vec<&str> = three
        .split("\ntromp-taylor vs ")
        .skip(1)
        .filter(|pair| pair.contains("(compared as they stand: undecided points under pauli"))
        .map(|pair| pair.split(':').next().unwrap())
        .collect();
    assert_eq!(notes, ["pauli"], "{three}");
    let (doc, _) = diff_json(&[sgf, "--rules", "chinese,pauli", "--dead", "proved"]);
    let rulesets = &doc["files"][0]["games"][0]["rulesets"];
    assert_eq!(rulesets[0]["settled"], true, "{rulesets}");
    assert_eq!(rulesets[1]["settled"], false, "{rulesets}");
    assert_eq!(rulesets[1]["undecided"], 14, "{rulesets}");
    assert_eq!(
        rulesets[1]["undecided_range"]["white_best"], -1.5,
        "{rulesets}"
    );
    assert_eq!(
        rulesets[1]["undecided_range"]["black_best"], 12.5,
        "{rulesets}"
    );

    let table = args("none", "replay");
    assert!(row(&table, "pauli").contains("┆ W+1.5 "), "{table}");
    assert!(!table.contains(" to "), "{table}");
    let text = args("none", "diff");
    assert!(!text.contains("as they stand"), "{text}");
}

/// A ruleset that cannot count (a point named dead that is empty at the end) proves no
/// disagreement: the pair agrees when legality does, and the text says why there is no count
/// and that the counts were not all compared.
#[test]
fn a_ruleset_without_a_count_is_no_disagreement_and_says_why() {
    let game = "fixtures/pictures/nine-dead-stones.sgf";
    let args = ["--rules", "chinese,tromp-taylor", "--dead", "A1", game];
    let (doc, code) = diff_json(&args);
    assert_eq!(code, 0, "{doc}");
    let g = &doc["files"][0]["games"][0];
    assert_eq!(g["agree"], true);
    let why = "the assessment of the end position is inconsistent: A1 is named dead (user) but \
               holds no stone";
    assert_eq!(
        g["comparisons"][0]["no_count"],
        format!("chinese: {why}").as_str()
    );
    let mut all = vec!["diff"];
    all.extend_from_slice(&args);
    let text = String::from_utf8(run(&all).stdout).unwrap();
    assert!(text.contains(&format!("no count: {why}\n")), "{text}");
    assert!(
        text.contains(
            "  no disagreement found: legality agrees, but not every count could be compared\n"
        ),
        "{text}"
    );
    assert!(!text.contains("every ruleset agrees"), "{text}");
    // With every count made (no dead stones named), the same pair agrees outright.
    let none = [
        "diff",
        "--rules",
        "chinese,tromp-taylor",
        "--dead",
        "none",
        game,
    ];
    let text = String::from_utf8(run(&none).stdout).unwrap();
    assert!(text.contains("  every ruleset agrees\n"), "{text}");
}

/// A Pauli game that two passes do not end (rule 4: the first is made under a temporary
/// prohibition): `diff` says each ruleset's ending beside its count and names the split, never
/// "every ruleset agrees", though legality and the count agree; `replay`'s table says it
/// where the count is.
#[test]
fn a_game_not_over_under_one_ruleset_is_no_agreement() {
    let fixture = "fixtures/pauli/two-passes-not-over.sgf";
    let out = run(&["diff", "--rules", "chinese,pauli", fixture]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("every ruleset agrees"), "{text}");
    assert!(text.contains("pauli    all moves legal"), "{text}");
    assert!(text.contains("B+2 (not over)"), "{text}");
    assert!(
        text.contains(
            "  ending: the game is over (its end rule, consecutive passes, was met) under \
             chinese, and not over (the moves ran out before it ended) under pauli"
        ),
        "{text}"
    );
    let (doc, code) = diff_json(&["--rules", "chinese,pauli", fixture]);
    assert_eq!(code, 1);
    let game = &doc["files"][0]["games"][0];
    assert_eq!(game["agree"], false);
    assert_eq!(game["rulesets"][0]["ending"], "passes");
    assert_eq!(game["rulesets"][1]["ending"], "unfinished");
    let pair = &game["comparisons"][0];
    assert_eq!(pair["legality"], serde_json::json!([]));
    assert_eq!(
        pair["ending"],
        serde_json::json!({ "under_a": "passes", "under_b": "unfinished" })
    );
    // The replay table says it where the count is.
    let out = run(&["replay", "--rules", "chinese,pauli", fixture]);
    let table = String::from_utf8_lossy(&out.stdout);
    let pauli = table.lines().find(|l| l.starts_with("│ pauli")).unwrap();
    assert!(pauli.contains("B+2 (not over)"), "{table}");
    assert!(table.contains("pauli [not-over-after-passes]"), "{table}");
    assert!(
        table.contains("pauli [dead-stones-not-assessed]"),
        "{table}"
    );
}
