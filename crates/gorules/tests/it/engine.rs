//! `--dead engine`: an outside GTP engine's dead stones. Fake engines (fixtures/engine, POSIX
//! `sh`) for the failures — a hang, a crash, garbage, a program that is not there — and the
//! batch that goes on past them; GNU Go, when installed, for real dead stones.

use crate::check::jsonl;
use crate::util::{gnugo, replay_json, root};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The fake engine of the fixtures in `mode`, with its arguments.
fn fake(args: &str) -> String {
    format!("sh fixtures/engine/fake-engine.sh {args}")
}

/// A folder holding copies of `files` (paths from the repository root), for one check.
fn folder(name: &str, files: &[&str]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gorules-engine-it-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for f in files {
        let from = root().join(f);
        std::fs::copy(&from, dir.join(from.file_name().unwrap())).unwrap();
    }
    dir
}

fn of_type<'a>(recs: &'a [Value], t: &str) -> Vec<&'a Value> {
    recs.iter().filter(|r| r["type"] == t).collect()
}

/// The 7×7 position of the engine fixtures (White's corner proved alive, C3 proved dead).
const SEVEN: &str = "fixtures/engine/an-engine-that-contradicts-a-proof.sgf";
/// Two finished 9×9 games GNU Go reads in well under a second: one whose dead stone no proof
/// decides (the engine's word counts), one whose dead stones are all proved.
const NINES: [&str; 2] = [
    "fixtures/estimate/only-the-estimator-decides.sgf",
    "fixtures/games/gnugo-selfplay-9x9.sgf",
];

/// One game's engine hangs; `check` ends it after --engine-timeout, reports that game's
/// error (the engine, the command, its stderr) and counts it apart, and goes on with the
/// others, which are counted with the engine's dead stones.
#[test]
fn a_check_goes_on_past_a_game_whose_engine_hangs() {
    let dir = folder("hang", &[SEVEN, NINES[0], NINES[1]]);
    // The 7×7 board hangs; the 9×9 ones get the fake engine's answer (no dead stone).
    let engine = format!(
        "sh fixtures/engine/hang-on-size.sh 7 {}",
        fake("answer '' ''")
    );
    let start = Instant::now();
    let (recs, out) = jsonl(&[
        dir.to_str().unwrap(),
        "--rules",
        "chinese",
        "--dead",
        "engine",
        "--dead-engine",
        &engine,
        "--engine-timeout",
        "1",
    ]);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(out.status.code(), Some(2), "an engine error is an error");
    let errors = of_type(&recs, "error");
    assert_eq!(errors.len(), 1, "{recs:?}");
    let e = errors[0];
    assert_eq!(e["kind"], "engine");
    assert_eq!(e["game"], 1);
    assert!(
        e["file"]
            .as_str()
            .unwrap()
            .ends_with("an-engine-that-contradicts-a-proof.sgf")
    );
    let message = e["message"].as_str().unwrap();
    for part in [
        engine.as_str(),
        "did not answer \"final_status_list dead\" within 1 s; ended",
        "its last lines on stderr: fake engine: mode hang | fake engine: reading the position for ever",
    ] {
        assert!(message.contains(part), "{part:?} not in {message}");
    }
    let games = of_type(&recs, "game");
    assert_eq!(games.len(), 2);
    for g in games {
        assert_eq!(g["verdicts"][0]["score"]["assessment"], "engine", "{g}");
    }
    let summary = of_type(&recs, "summary")[0];
    assert_eq!(summary["games"]["total"], 3);
    assert_eq!(summary["games"]["replayed"], 2);
    assert_eq!(summary["games"]["failed"], 1);
    assert_eq!(summary["findings"]["engine_error"], 1);
    assert_eq!(summary["errors"]["engine"], 1);
    let _ = std::fs::remove_dir_all(dir);
}

/// `replay`'s game error for an engine that `kind` of failure, with `--engine-timeout 5`.
fn failure(engine: &str) -> String {
    let (out, run) = replay_json([
        root().join(SEVEN).to_str().unwrap(),
        "--rules",
        "chinese",
        "--dead",
        "engine",
        "--dead-engine",
        &engine.replace("fixtures/", &format!("{}/fixtures/", root().display())),
        "--engine-timeout",
        "5",
    ]);
    assert_eq!(run.status.code(), Some(2), "{out}");
    let error = &out["files"][0]["games"][0]["error"];
    assert_eq!(error["kind"], "engine", "{out}");
    error["message"].as_str().unwrap().to_owned()
}

/// A crash, garbage, a stone that is not on the board, a program that is not there: each a
/// clear error naming the engine, with its last lines on stderr when it wrote any.
#[test]
fn engine_failures_are_named_with_their_last_stderr_lines() {
    let crash = failure(&fake("crash"));
    assert!(
        crash.contains("exited while answering \"final_status_list dead\""),
        "{crash}"
    );
    assert!(
        crash.ends_with("its last lines on stderr: fake engine: mode crash | fake engine: reading the position | fake engine: out of memory"),
        "{crash}"
    );
    let garbage = failure(&fake("garbage"));
    assert!(
        garbage.contains(
            "answered \"final_status_list dead\" with something that is not GTP: \"I am not a GTP engine\""
        ),
        "{garbage}"
    );
    let empty_point = failure(&fake("answer B3"));
    assert!(
        empty_point
            .contains("answered \"final_status_list dead\" with \"B3\", where there is no stone"),
        "{empty_point}"
    );
    let off_board = failure(&fake("answer Q16"));
    assert!(
        off_board.contains("with \"Q16\", which is off the board"),
        "{off_board}"
    );
    let nonsense = failure(&fake("answer 'A6 whatever'"));
    assert!(
        nonsense.contains("with \"whatever\", which is not a vertex"),
        "{nonsense}"
    );
    let missing = failure("/no/such/engine --mode gtp");
    assert!(
        missing.contains("engine \"/no/such/engine --mode gtp\": cannot start \"/no/such/engine\""),
        "{missing}"
    );
    // A program that never ran has no stderr to speak of.
    assert!(!missing.contains("stderr"), "{missing}");
}

/// `--dead engine` needs `--dead-engine`, which is for `--dead engine` only; both are
/// checked before any file is read.
#[test]
fn the_engine_flags_go_together() {
    let cases: [(&[&str], &str); 3] = [
        (
            &["--dead", "engine"],
            "--dead engine needs the engine's command line",
        ),
        (
            &["--dead-engine", "gnugo"],
            "--dead-engine is used only with --dead engine",
        ),
        (
            &["--dead", "engine", "--dead-engine", "'unclosed"],
            "is not a command line",
        ),
    ];
    for (args, want) in cases {
        let mut all = vec!["replay", "/no/such/file.sgf"];
        all.extend_from_slice(args);
        let out = crate::check::run(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// GNU Go's own dead stones for a record (`loadsgf`: the moves replayed in GNU Go itself),
/// in its vertex names.
fn gnugo_dead(gnugo: &Path, record: &Path) -> Vec<String> {
    use std::io::Write;
    let mut child = std::process::Command::new(gnugo)
        .args(["--mode", "gtp"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    write!(
        child.stdin.take().unwrap(),
        "loadsgf {}\nfinal_status_list dead\nquit\n",
        record.display()
    )
    .unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let answer = out.split("\n\n").nth(1).unwrap().trim_start_matches('=');
    let mut dead: Vec<String> = answer.split_whitespace().map(str::to_owned).collect();
    dead.sort();
    dead
}

/// `--dead engine` with GNU Go counts GNU Go's dead stones: the count is the one the same
/// stones named with `--dead` give, where GNU Go's own `final_status_list` on the game
/// (loaded with its moves) names them. In the first game no proof decides them: they are the
/// engine's; in the second the proofs agree with GNU Go.
#[test]
fn dead_stones_from_gnu_go() {
    let Some(gnugo) = gnugo() else {
        eprintln!(
            "SKIPPED dead_stones_from_gnu_go: GNU Go is not installed \
             (apt-get install gnugo; .ci/run installs it)"
        );
        return;
    };
    let engine = format!("'{}' --mode gtp", gnugo.display());
    for record in NINES {
        let path = root().join(record);
        let dead = gnugo_dead(&gnugo, &path);
        assert!(!dead.is_empty(), "{record}: GNU Go finds dead stones here");
        let count = |dead_args: &[&str]| {
            let mut args = vec![path.to_str().unwrap(), "--rules", "chinese,pauli"];
            args.extend_from_slice(dead_args);
            let (out, run) = replay_json(&args);
            assert!(run.status.success(), "{record}: {out}");
            out["files"][0]["games"][0]["verdicts"].clone()
        };
        let by_engine = count(&["--dead", "engine", "--dead-engine", &engine]);
        let named = count(&["--dead", &dead.join(",")]);
        for (e, n) in by_engine
            .as_array()
            .unwrap()
            .iter()
            .zip(named.as_array().unwrap())
        {
            assert_eq!(e["result"], n["result"], "{record}: {e} {n}");
            assert_eq!(
                e["score"]["dead_stones"], n["score"]["dead_stones"],
                "{record}"
            );
            let basis = &e["score"]["dead_basis"]["dead"];
            let by = |k: &str| basis[k].as_u64().unwrap() as usize;
            assert_eq!(by("engine") + by("proved"), dead.len(), "{record}: {basis}");
            let engine_only = if record == NINES[0] { dead.len() } else { 0 };
            assert_eq!(by("engine"), engine_only, "{record}: {basis}");
            assert!(e.get("findings").is_none(), "{record}: {e}");
        }
    }
}

/// A check with GNU Go over a small folder where one game's engine hangs: that game is an
/// error naming the engine, the others are counted with GNU Go's dead stones.
#[test]
fn a_check_with_gnu_go_goes_on_past_a_hang() {
    let Some(gnugo) = gnugo() else {
        eprintln!(
            "SKIPPED a_check_with_gnu_go_goes_on_past_a_hang: GNU Go is not installed \
             (apt-get install gnugo; .ci/run installs it)"
        );
        return;
    };
    let dir = folder("gnugo-hang", &[SEVEN, NINES[0], NINES[1]]);
    let engine = format!(
        "sh fixtures/engine/hang-on-size.sh 7 '{}' --mode gtp",
        gnugo.display()
    );
    let (recs, out) = jsonl(&[
        dir.to_str().unwrap(),
        "--rules",
        "chinese",
        "--dead",
        "engine",
        "--dead-engine",
        &engine,
        // GNU Go needs well under a second on these boards, but tests share the machine.
        "--engine-timeout",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let errors = of_type(&recs, "error");
    assert_eq!(errors.len(), 1, "{recs:?}");
    assert!(
        errors[0]["message"]
            .as_str()
            .unwrap()
            .contains("within 10 s; ended")
    );
    let games = of_type(&recs, "game");
    assert_eq!(games.len(), 2);
    for g in games {
        let v = &g["verdicts"][0];
        assert_eq!(v["score"]["assessment"], "engine", "{g}");
        // GNU Go's dead stones give the recorded result of these games.
        assert_eq!(v["check"]["status"], "agrees", "{g}");
    }
    let summary = of_type(&recs, "summary")[0];
    assert_eq!(summary["games"]["failed"], 1);
    assert_eq!(summary["games"]["replayed"], 2);
    let _ = std::fs::remove_dir_all(dir);
}
