//! `gorules check`: inputs of every kind, archives with a broken member, the same output
//! whatever `--jobs`, shards that partition the input, every input accounted for, exit codes
//! (docs/exit-codes.md), and a snapshot of every output format with its exit code.

use crate::util::root;
use serde_json::Value;
use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};

/// Runs gorules in the repository root (so paths in the output are relative and stable).
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gorules"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .output()
        .expect("the gorules binary runs")
}

/// Output and exit code in one text, for snapshots; timings replaced.
pub fn transcript(args: &[&str]) -> String {
    let out = run(args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stdout = stdout
        .lines()
        .map(|l| match l.find(" — in ") {
            Some(i) if l.contains("games/s") || l.ends_with(" s") => {
                format!("{} — in [TIME]", &l[..i])
            }
            _ => l.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    format!(
        "$ gorules {}\nexit: {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
        args.join(" "),
        out.status.code().unwrap_or(-1),
        stdout,
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The JSON Lines records of a run.
pub fn jsonl(args: &[&str]) -> (Vec<Value>, Output) {
    let mut all = vec!["check", "--format", "jsonl"];
    all.extend_from_slice(args);
    let out = run(&all);
    let recs = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    (recs, out)
}

fn of_type<'a>(recs: &'a [Value], t: &str) -> Vec<&'a Value> {
    recs.iter().filter(|r| r["type"] == t).collect()
}

fn code(out: &Output) -> i32 {
    out.status.code().unwrap_or(-1)
}

#[test]
fn an_archive_with_a_broken_member_is_reported_while_the_rest_are_checked() {
    for archive in [
        "fixtures/archives/mixed.zip",
        "fixtures/archives/mixed.tar.gz",
    ] {
        let (recs, out) = jsonl(&[archive]);
        assert_eq!(code(&out), 2, "a parse error fails the run: {archive}");
        let games = of_type(&recs, "game");
        let errors = of_type(&recs, "error");
        let skipped = of_type(&recs, "skipped");
        // a-good (1 game), b-two-games (2), ../escape.sgf (1); c-broken's one game is an error.
        assert_eq!(games.len(), 4, "{archive}");
        assert_eq!(errors.len(), 1, "{archive}");
        assert_eq!(errors[0]["file"], format!("{archive}!games/c-broken.sgf"));
        assert_eq!(errors[0]["game"], 1);
        assert_eq!(errors[0]["kind"], "unterminated-value");
        assert!(
            errors[0]["message"]
                .as_str()
                .unwrap()
                .contains("line 2, column 9")
        );
        assert_eq!(skipped.len(), 1);
        assert_eq!(skipped[0]["file"], format!("{archive}!games/README.txt"));
        assert!(
            games
                .iter()
                .any(|g| g["file"] == format!("{archive}!../escape.sgf")),
            "a traversal name is only a name"
        );
        let s = recs.last().unwrap();
        assert_eq!(s["type"], "summary");
        assert_eq!(s["files"]["total"], 5);
        assert_eq!(s["files"]["read"], 4);
        assert_eq!(s["files"]["skipped"], 1);
        assert_eq!(s["games"]["total"], 5);
        assert_eq!(s["games"]["unreadable"], 1);
        assert_eq!(s["errors"]["unterminated-value"], 1);
        assert_eq!(s["exit_code"], 2);
        assert!(!root().join("fixtures/escape.sgf").exists());
    }
}

#[test]
fn every_record_carries_its_type_and_the_schema_version() {
    let (recs, _) = jsonl(&["fixtures/archives", "fixtures/diff"]);
    assert!(recs.len() > 10);
    for r in &recs {
        assert!(
            ["game", "error", "skipped", "summary"].contains(&r["type"].as_str().unwrap()),
            "{r}"
        );
        assert_eq!(r["schema"], 1, "{r}");
    }
    assert_eq!(of_type(&recs, "summary").len(), 1);
    assert_eq!(recs.last().unwrap()["type"], "summary");
}

/// Every file met is in the summary: read + unreadable + skipped = total, and each is named
/// by some record (a game, an error or a skip).
#[test]
fn every_input_is_accounted_for() {
    let (recs, _) = jsonl(&["fixtures", "fixtures/archives/mixed.zip"]);
    let s = recs.last().unwrap();
    let f = &s["files"];
    let n = |v: &Value| v.as_u64().unwrap();
    assert_eq!(
        n(&f["total"]),
        n(&f["read"]) + n(&f["unreadable"]) + n(&f["skipped"])
    );
    let g = &s["games"];
    assert_eq!(n(&g["total"]), n(&g["replayed"]) + n(&g["unreadable"]));
    let mut named: Vec<&str> = recs[..recs.len() - 1]
        .iter()
        .map(|r| r["file"].as_str().unwrap())
        .collect();
    named.dedup();
    assert_eq!(named.len() as u64, n(&f["total"]));
    assert_eq!(of_type(&recs, "game").len() as u64, n(&g["replayed"]));
    // Everything under fixtures/ is there: the .sgf files and the archives as read, the
    // expectations and READMEs as skipped.
    let mut on_disk = 0;
    for e in walk(&root().join("fixtures")) {
        let name = e.to_string_lossy().into_owned();
        if !(name.ends_with(".zip") || name.ends_with(".tar.gz")) {
            on_disk += 1;
        }
    }
    let members = 5 * 2 + 5; // two archives under fixtures/, and mixed.zip named again
    assert_eq!(n(&f["total"]), on_disk + members);
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn the_output_does_not_depend_on_the_thread_count() {
    let one = run(&["check", "--format", "jsonl", "--jobs", "1", "fixtures"]);
    let two = run(&["check", "--format", "jsonl", "--jobs", "2", "fixtures"]);
    let four = run(&["check", "--format", "jsonl", "-j", "4", "fixtures"]);
    assert!(one.stdout.len() > 10_000);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout, four.stdout);
    assert_eq!(one.status.code(), two.status.code());
}

#[test]
fn shards_partition_the_input() {
    let (all, _) = jsonl(&["fixtures"]);
    let key = |r: &Value| format!("{}#{}#{}", r["type"], r["file"], r["game"]);
    let mut whole: Vec<String> = all[..all.len() - 1].iter().map(key).collect();
    let mut parts = Vec::new();
    let mut files = 0;
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let (recs, _) = jsonl(&["--shard", &shard, "fixtures"]);
        let s = recs.last().unwrap();
        assert_eq!(s["shard"], shard);
        files += s["files"]["total"].as_u64().unwrap();
        assert!(recs.len() > 1, "shard {shard} is empty");
        parts.extend(recs[..recs.len() - 1].iter().map(key));
    }
    whole.sort();
    parts.sort();
    assert_eq!(whole, parts);
    assert_eq!(
        files,
        all.last().unwrap()["files"]["total"].as_u64().unwrap()
    );
}

#[test]
fn exit_codes() {
    let legal = "fixtures/chinese/same_as_tromp_taylor.sgf";
    let forbidden = "fixtures/chinese/suicide_single_stone.sgf";
    let broken = "fixtures/archives/mixed.zip";
    let c = |args: &[&str]| {
        let mut all = vec!["check", "--quiet"];
        all.extend_from_slice(args);
        code(&run(&all))
    };
    assert_eq!(c(&[legal]), 0, "clean");
    assert_eq!(c(&[forbidden]), 1, "a forbidden move is a finding");
    assert_eq!(c(&["--fail-on", "mismatch", forbidden]), 0, "not asked for");
    assert_eq!(c(&["--fail-on", "forbidden", forbidden]), 1);
    assert_eq!(c(&[broken]), 2, "a parse error is an error");
    assert_eq!(
        c(&["--fail-on", "forbidden", broken]),
        1,
        "parse errors not asked for"
    );
    assert_eq!(c(&["--fail-on", "undecided", "--dead", "none", broken]), 0);
    // White's side of this 7×7 board is beyond the control test's budget: undecided.
    let undecided = "fixtures/diff/shared_dame_chinese_vs_pauli.sgf";
    assert_eq!(
        c(&["--fail-on", "undecided", "--dead", "proved", undecided]),
        1
    );
    // The default estimate decides every point: nothing undecided, and a confident count.
    assert_eq!(c(&["--fail-on", "undecided", undecided]), 0);
    let unsure = "fixtures/estimate/unsure-invader.sgf";
    assert_eq!(
        c(&["--rules", "chinese", "--fail-on", "uncertain", unsure]),
        1,
        "an unsure estimate"
    );
    assert_eq!(
        c(&["--rules", "chinese", unsure]),
        0,
        "uncertain only when asked for"
    );
    // The table says which count is uncertain, and counts it on the ruleset's basis line.
    let out = run(&["check", "--rules", "chinese", unsure]);
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.contains(&format!(
            "{unsure} game 1: chinese: the count rests on an estimate of confidence"
        )),
        "{table}"
    );
    assert!(
        table.contains("; 1 of those estimates with a confidence below 0.5"),
        "{table}"
    );
    assert_eq!(c(&["--fail-on", "uncertain", legal]), 0);
    assert_eq!(
        c(&["--fail-on", "undecided", "--dead", "none", undecided]),
        0
    );
    assert_eq!(c(&["--exit-zero", broken]), 0);
    assert_eq!(c(&["fixtures/no-such-file.sgf"]), 2, "unreadable");
    assert_eq!(
        c(&["--fail-on", "forbidden", "fixtures/no-such-file.sgf"]),
        2,
        "unreadable input always counts"
    );
    assert_eq!(c(&["fixtures/*.nothing"]), 2, "a glob that matches nothing");
    assert_eq!(c(&["--shard", "4/3", legal]), 2, "bad usage");
    assert_eq!(c(&["--fail-on", "everything", legal]), 2, "bad usage");
    assert_eq!(c(&["--rules", "nonsense", legal]), 2, "bad usage");
    assert_eq!(c(&[]), 2, "no path");
}

/// A difference the numbers explain (the record's handicap compensation) is counted in the
/// summary and named under the table; it is still a mismatch.
#[test]
fn differences_with_a_likely_cause_are_counted_and_named() {
    let game = "fixtures/chinese/handicap_compensation_named_in_the_check.sgf";
    let args = [
        "check",
        "--rules",
        "chinese",
        "--handicap-compensation",
        "none",
        "--dead",
        "markup",
        game,
    ];
    let out = run(&args);
    assert_eq!(code(&out), 1, "still a mismatch");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "chinese: 1 of the 1 difference(s) from the record have a likely cause: the \
             handicap compensation"
        ),
        "{text}"
    );
    let (recs, _) = jsonl(&args[1..]);
    let summary = of_type(&recs, "summary")[0];
    let chinese = &summary["rulesets"][0];
    assert_eq!(chinese["result"]["differs"], 1);
    assert_eq!(chinese["result"]["differs_with_likely_cause"], 1);
    // With the compensation the record used, it agrees and nothing is named.
    let out = run(&[
        "check",
        "--rules",
        "chinese",
        "--handicap-compensation",
        "n",
        game,
    ]);
    assert_eq!(code(&out), 0);
    assert!(!String::from_utf8_lossy(&out.stdout).contains("likely cause"));
}

/// A count that cannot be made (here a point named dead that holds no stone at the end) is
/// counted as "not counted" for its ruleset only, and both `check` and `replay` say why.
#[test]
fn a_count_that_cannot_be_made_is_counted_and_says_why() {
    let game = "fixtures/pictures/nine-dead-stones.sgf";
    let args = ["--rules", "chinese,tromp-taylor", "--dead", "A1", game];
    let (recs, out) = jsonl(&args);
    assert_eq!(
        code(&out),
        1,
        "tromp-taylor's count differs from the record"
    );
    let summary = of_type(&recs, "summary")[0];
    let unscored: Vec<(&str, u64)> = summary["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["ruleset"].as_str().unwrap(),
                r["unscored"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(unscored, [("chinese", 1), ("tromp-taylor", 0)]);
    let why = "chinese: no count: the assessment of the end position is inconsistent: A1 is \
               named dead (user) but holds no stone";
    let mut all = vec!["check"];
    all.extend_from_slice(&args);
    let text = String::from_utf8(run(&all).stdout).unwrap();
    assert!(text.contains(&format!("{game} game 1: {why}")), "{text}");
    let text =
        String::from_utf8(run(&["replay", "--rules", "chinese", "--dead", "A1", game]).stdout)
            .unwrap();
    assert!(text.contains(&format!("  {why}\n")), "{text}");
}

#[test]
fn globs_stdin_and_explicit_files() {
    let (recs, out) = jsonl(&["fixtures/diff/*.sgf"]);
    assert_eq!(code(&out), 1);
    let files: Vec<&str> = of_type(&recs, "game")
        .iter()
        .map(|r| r["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        [
            "fixtures/diff/dead_stones_tromp_taylor.sgf",
            "fixtures/diff/shared_dame_chinese_vs_pauli.sgf",
            "fixtures/diff/superko_suicide_split.sgf",
            "fixtures/diff/superko_suicide_split.sgf",
        ]
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_gorules"))
        .args(["check", "--format", "jsonl", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"(;SZ[5]KM[0.5];B[cc];W[dd];B[];W[])")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(code(&out), 0);
    let first: Value =
        serde_json::from_slice(out.stdout.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!(first["file"], "-");
    assert_eq!(first["board"], "5x5");
}

#[test]
fn zip_bombs_and_damaged_archives_are_errors_and_the_run_goes_on() {
    let d = tempfile::tempdir().unwrap();
    let bomb = d.path().join("bomb.zip");
    let mut w = zip::ZipWriter::new(std::fs::File::create(&bomb).unwrap());
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    w.start_file("zeros.sgf", opts).unwrap();
    w.write_all(&vec![b' '; 4 << 20]).unwrap();
    w.start_file("fine.sgf", opts).unwrap();
    w.write_all(b"(;SZ[5];B[cc];W[dd];B[];W[])").unwrap();
    w.finish().unwrap();
    assert!(std::fs::metadata(&bomb).unwrap().len() < 50_000);
    let damaged = d.path().join("damaged.tar.gz");
    std::fs::write(&damaged, b"\x1f\x8b\x08\x00\x00\x00\x00\x00not gzip at all").unwrap();
    let (b, dmg) = (bomb.to_string_lossy(), damaged.to_string_lossy());
    let (recs, out) = jsonl(&["--max-record-bytes", "100000", &b, &dmg]);
    assert_eq!(code(&out), 2);
    let errors = of_type(&recs, "error");
    assert_eq!(errors.len(), 2, "{recs:#?}");
    assert_eq!(errors[0]["kind"], "too-large");
    assert!(
        errors[0]["file"]
            .as_str()
            .unwrap()
            .ends_with("bomb.zip!zeros.sgf")
    );
    assert_eq!(errors[1]["kind"], "archive");
    assert_eq!(
        of_type(&recs, "game").len(),
        1,
        "the member after the bomb is checked"
    );
    let (recs, _) = jsonl(&["--max-archive-bytes", "1000000", &b]);
    assert_eq!(of_type(&recs, "error")[0]["kind"], "archive-too-large");
    let (recs, _) = jsonl(&["--max-archive-members", "1", &b]);
    let kinds: Vec<&str> = of_type(&recs, "error")
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    // The spaces are read (no record limit here) and hold no game tree.
    assert_eq!(kinds, ["no-game-tree", "too-many-members"]);
}

#[test]
fn a_broken_pipe_is_success() {
    let mut args = vec!["check", "--format", "jsonl", "--jobs", "1"];
    args.extend(std::iter::repeat_n("fixtures", 30));
    let mut child = Command::new(env!("CARGO_BIN_EXE_gorules"))
        .args(&args)
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 100];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn progress_is_silent_when_piped() {
    let out = run(&["check", "fixtures/diff"]);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn snapshots_of_every_format_with_the_exit_code() {
    let inputs = ["fixtures/diff", "fixtures/archives/mixed.tar.gz"];
    for (name, extra) in [
        ("check_table", vec![]),
        ("check_table_quiet", vec!["--quiet"]),
        ("check_json", vec!["--format", "json"]),
        ("check_jsonl", vec!["--format", "jsonl"]),
        (
            "check_jsonl_exit_zero",
            vec!["--format", "jsonl", "--exit-zero"],
        ),
    ] {
        let mut args = vec!["check", "--rules", "tromp-taylor,chinese,pauli"];
        args.extend(extra);
        args.extend(inputs);
        insta::assert_snapshot!(name, transcript(&args));
    }
    insta::assert_snapshot!(
        "check_clean",
        transcript(&["check", "fixtures/chinese/same_as_tromp_taylor.sgf"])
    );
    insta::assert_snapshot!(
        "check_bad_usage",
        transcript(&["check", "--shard", "0/2", "fixtures"])
    );
}

/// A shard that receives no input (one file, hashed into the other shard) is a clean run of
/// nothing: the summary says so, and it comes first, with no blank line above it (the blank
/// line separates the problem lines, if any, from the summary).
#[test]
fn an_empty_shard_is_a_clean_run_of_nothing() {
    let file = "fixtures/chinese/same_as_tromp_taylor.sgf";
    let shards: Vec<Output> = ["1/2", "2/2"]
        .iter()
        .map(|k| run(&["check", "--shard", k, file]))
        .collect();
    let texts: Vec<String> = shards
        .iter()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .collect();
    let empty = texts
        .iter()
        .position(|t| t.contains("Checked 0 file(s)"))
        .expect("one shard has nothing to check");
    assert!(
        texts[1 - empty].starts_with("\nChecked 1 file(s)"),
        "{}",
        texts[1 - empty]
    );
    assert!(
        texts[empty].starts_with("Checked 0 file(s)"),
        "{}",
        texts[empty]
    );
    assert!(texts[empty].contains("0 game(s)"), "{}", texts[empty]);
    for out in &shards {
        assert_eq!(code(out), 0);
    }
}

#[test]
fn snapshots_of_replay_formats_with_the_exit_code() {
    let f = "fixtures/diff/dead_stones_tromp_taylor.sgf";
    insta::assert_snapshot!("replay_table", transcript(&["replay", f]));
    insta::assert_snapshot!(
        "replay_json",
        transcript(&["replay", "--format", "json", f])
    );
    insta::assert_snapshot!(
        "replay_unreadable",
        transcript(&["replay", "fixtures/archives/README.md"])
    );
    // Files, and the games of one file, are set apart by a blank line; an unreadable file
    // takes its place among them. A game's head counts the variations not replayed.
    insta::assert_snapshot!(
        "replay_table_several_files",
        transcript(&[
            "replay",
            "--rules",
            "tromp-taylor",
            "fixtures/tromp-taylor/one-by-one-draw.sgf",
            "fixtures/archives/README.md",
            "fixtures/pauli/ko-pass-not-end.sgf",
            "fixtures/sgf/variations.sgf",
        ])
    );
}

/// `--by-folder`: every file below a directory named on the command line is counted once
/// more under its folder (an archive named on its own: under its members' folders), and the
/// folders add up to the whole summary.
#[test]
fn by_folder_counts_add_up_to_the_whole() {
    let (recs, out) = jsonl(&[
        "--rules",
        "tromp-taylor,chinese",
        "--by-folder",
        "fixtures",
        "fixtures/archives/mixed.zip",
    ]);
    assert_eq!(code(&out), 2, "mixed.zip has a broken member");
    let s = recs.last().unwrap();
    let folders = s["folders"].as_array().expect("summary.folders");
    let names: Vec<&str> = folders
        .iter()
        .map(|f| f["folder"].as_str().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted, "in the order of their names");
    for expected in [
        "fixtures/archives",
        "fixtures/chinese",
        "fixtures/diff",
        "fixtures/archives/mixed.zip!games",
    ] {
        assert!(names.contains(&expected), "{expected} in {names:?}");
    }
    // Depth 1: `fixtures` itself (its README) or one folder below it; the members of
    // mixed.zip, named on its own, below it.
    assert!(
        names
            .iter()
            .all(|n| n.matches('/').count() <= 1 || n.contains('!')),
        "one level: {names:?}"
    );
    let n = |v: &Value| v.as_u64().unwrap();
    let sum = |path: &[&str]| -> u64 {
        folders
            .iter()
            .map(|f| path.iter().fold(f, |v, k| &v[*k]))
            .map(n)
            .sum()
    };
    for path in [
        ["files", "total"],
        ["files", "read"],
        ["files", "skipped"],
        ["files", "unreadable"],
        ["games", "total"],
        ["games", "unreadable"],
    ] {
        assert_eq!(sum(&path), n(&s[path[0]][path[1]]), "{path:?}");
    }
    for ruleset in ["tromp-taylor", "chinese"] {
        let whole = s["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["ruleset"] == ruleset)
            .unwrap();
        for key in [
            "agrees",
            "differs",
            "undecided",
            "not_comparable",
            "no_result",
        ] {
            let parts: u64 = folders
                .iter()
                .flat_map(|f| f["rulesets"].as_array().unwrap())
                .filter(|r| r["ruleset"] == ruleset)
                .map(|r| n(&r["result"][key]))
                .sum();
            assert_eq!(parts, n(&whole["result"][key]), "{ruleset} {key}");
        }
    }
    // Errors by kind too (the folder summaries have them since stop 41).
    let errors = |v: &Value| -> std::collections::BTreeMap<String, u64> {
        v["errors"]
            .as_object()
            .expect("errors")
            .iter()
            .map(|(k, v)| (k.clone(), n(v)))
            .collect()
    };
    let mut parts = std::collections::BTreeMap::new();
    for f in folders {
        for (k, v) in errors(f) {
            *parts.entry(k).or_insert(0) += v;
        }
    }
    assert!(!parts.is_empty(), "mixed.zip's broken member is an error");
    assert_eq!(parts, errors(s));
    // The archive named on its own is grouped by its members' folders; it is also met
    // under `fixtures`, with the same names, so each member is counted there twice.
    let games = folders
        .iter()
        .find(|f| f["folder"] == "fixtures/archives/mixed.zip!games")
        .unwrap();
    assert_eq!(n(&games["games"]["unreadable"]), 2, "c-broken.sgf, twice");
    assert_eq!(n(&games["files"]["total"]), 8, "four members, twice");
    // A depth of 0 is bad usage, not silently 1.
    let out = run(&["check", "--by-folder=0", "fixtures/diff"]);
    assert_eq!(code(&out), 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--by-folder"));
    // Without the option there is no `folders`.
    let (recs, _) = jsonl(&["--rules", "tromp-taylor", "fixtures/diff"]);
    assert!(recs.last().unwrap().get("folders").is_none());
}

#[test]
fn by_folder_table_snapshot() {
    insta::assert_snapshot!(
        "check_table_by_folder",
        transcript(&[
            "check",
            "--quiet",
            "--rules",
            "chinese,pauli",
            "--by-folder",
            "fixtures/archives/mixed.tar.gz",
            "fixtures/diff",
            // A folder with no game replayed: a row of `·` under every ruleset column.
            "fixtures/sgf/not-sgf.sgf",
        ])
    );
}

/// `--rules recorded` on a folder of unmarked records — rules declared (`RU`), inferred from a
/// server or a komi, and nothing to decide from: every game is on a ruleset row or on the
/// "no ruleset" line, and they add up to the games (issue 61). `--default-rules` decides a
/// ruleset for the last kind too.
#[test]
fn recorded_rules_account_for_every_game_with_a_no_ruleset_line() {
    let summary = |extra: &[&str]| {
        let mut args = vec!["fixtures/recorded", "--rules", "recorded", "--dead", "none"];
        args.extend_from_slice(extra);
        let (recs, out) = jsonl(&args);
        // Nothing unreadable (the fallback's count of the last record may differ from its
        // result: exit 1).
        assert!(code(&out) < 2, "{}", String::from_utf8_lossy(&out.stderr));
        let games = of_type(&recs, "game");
        let codes: Vec<String> = games
            .iter()
            .flat_map(|g| {
                let verdicts = g["verdicts"].as_array().unwrap().iter();
                let warnings = g["warnings"].as_array().unwrap().iter();
                verdicts
                    .flat_map(|v| v["findings"].as_array().cloned().unwrap_or_default())
                    .chain(warnings.cloned())
                    .map(|f| f["code"].as_str().unwrap().to_owned())
                    .collect::<Vec<_>>()
            })
            .collect();
        (of_type(&recs, "summary")[0].clone(), codes)
    };
    let add_up = |s: &Value| {
        let rows: u64 = s["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["games"].as_u64().unwrap())
            .sum();
        (
            rows,
            s["no_ruleset"].as_u64().unwrap(),
            s["games"]["total"].as_u64().unwrap(),
        )
    };
    let (s, codes) = summary(&[]);
    for kind in ["rules-recorded", "rules-inferred", "rules-not-declared"] {
        assert!(codes.iter().any(|c| c == kind), "{kind}: {codes:?}");
    }
    let (rows, none, total) = add_up(&s);
    assert_eq!(none, 1, "{s}");
    assert_eq!(rows + none, total, "{s}");
    assert_eq!(s["games"]["unreadable"], 0);
    // The table has the line, with the same count, and so has the table by folder.
    let out = run(&[
        "check",
        "fixtures/recorded",
        "--rules",
        "recorded",
        "--dead",
        "none",
        "--by-folder",
    ]);
    let table = String::from_utf8_lossy(&out.stdout);
    let (whole, by_folder) = table.split_once("By folder:").expect("a table by folder");
    let line = whole
        .lines()
        .find(|l| l.contains("no ruleset ┆"))
        .unwrap_or_else(|| panic!("{table}"));
    assert!(line.contains("┆     1 ┆"), "{line}");
    let line = by_folder
        .lines()
        .find(|l| l.contains("┆ no ruleset ┆"))
        .unwrap_or_else(|| panic!("{table}"));
    assert!(line.contains("┆ no ruleset ┆        1 ┆"), "{line}");
    assert!(
        table.contains("no-ru-nothing-to-infer.sgf game 1: no ruleset: --rules recorded"),
        "{table}"
    );
    // With a fallback every game gets a ruleset.
    let (s, codes) = summary(&["--default-rules", "aga"]);
    let (rows, none, total) = add_up(&s);
    assert_eq!((none, rows), (0, total), "{s}");
    assert!(codes.iter().any(|c| c == "rules-default"), "{codes:?}");
}
