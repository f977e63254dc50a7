//! `gorules gtp` and `gorules play` through the binary: a GTP session on standard input and
//! output, the flags, matches between engines with gorules as referee, and — when GNU Go is
//! installed — gorules' player against GNU Go, with every move checked and every count
//! compared (docs/gtp.md, "Against GNU Go").

use crate::util::{gnugo, gorules, replay_json, root};
use gtp::testing::scripted;
use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Instant;

const BIN: &str = env!("CARGO_BIN_EXE_gorules");

/// Runs `gorules gtp ARGS` with `input` on standard input.
fn session(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BIN)
        .arg("gtp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gorules gtp starts");
    // A child that refuses its flags exits without reading: the pipe may be closed before
    // the input is written (a race, not an error of the test).
    let written = child.stdin.take().unwrap().write_all(input.as_bytes());
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gorules-gtp-it-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A shell-quoted command line for `gorules play`.
fn quoted(program: &Path, args: &str) -> String {
    format!("'{}' {args}", program.display())
}

#[test]
fn a_session_on_standard_input_and_output() {
    let input = "1 protocol_version\r\n\
                 # a comment line\n\
                 \n\
                 2 boardsize 9\n\
                 3\tplay\tblack\tE5  # comment after a command\n\
                 4 play white E5\n\
                 5 play w D5\n\
                 PLAY b C3\n\
                 6 play b Q16\n\
                 7 final_score\n\
                 8 final_status_list alive\n\
                 9 quit\n\
                 10 name\n";
    let out = session(&["--seed", "1"], input);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "=1 2\n\n=2\n\n=3\n\n?4 illegal move\n\n=5\n\n? unknown command\n\n\
         ?6 illegal move\n\n=7 W+7.5\n\n=8 D5\nE5\n\n=9\n\n"
    );
}

#[test]
fn the_end_of_input_is_quit_and_flags_set_rules_komi_size() {
    let out = session(
        &[
            "--rules",
            "koSITUATIONALscoreAREAsui1",
            "--komi",
            "-2.5",
            "--size",
            "5",
        ],
        "gorules-rules\nfinal_score\nplay b E5\nplay b F5",
    );
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(text.starts_with("= chinese\n"), "{text}");
    assert!(text.contains("situational superko"), "{text}");
    assert!(
        text.contains("\n= B+2.5\n\n=\n\n? illegal move\n\n"),
        "{text}"
    );
    // Bad flags are usage errors, before any command is read.
    let out = session(&["--rules", "Mah-jong"], "name\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown rules name"));
    assert!(out.stdout.is_empty());
    let out = session(&["--size", "26"], "name\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 to 25"));
}

#[test]
fn the_same_seed_gives_the_same_moves() {
    let script = "boardsize 9\n".to_owned() + &"genmove b\ngenmove w\n".repeat(15);
    let a = stdout(&session(&["--seed", "7"], &script));
    let b = stdout(&session(&["--seed", "7"], &script));
    let c = stdout(&session(&["--seed", "8"], &script));
    assert_eq!(a, b);
    assert_ne!(a, c);
}

/// Every command the engine lists is documented in docs/gtp.md.
#[test]
fn docs_gtp_lists_every_command() {
    let doc = std::fs::read_to_string(root().join("docs/gtp.md")).unwrap();
    let listed = stdout(&session(&[], "list_commands\n"));
    let mut missing = Vec::new();
    for name in listed
        .trim_start_matches("= ")
        .lines()
        .filter(|l| !l.is_empty())
    {
        if !doc.contains(&format!("`{name}")) {
            missing.push(name.to_owned());
        }
    }
    assert!(missing.is_empty(), "docs/gtp.md does not list {missing:?}");
}

/// One game of `gorules play --format json`, parsed.
fn play_json(args: &[String]) -> (Vec<Value>, Output) {
    let mut all = vec!["play".to_owned(), "--format".to_owned(), "json".to_owned()];
    all.extend(args.iter().cloned());
    let out = gorules(&all);
    let games = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| {
                panic!(
                    "not JSON ({e}): {l}\nstderr: {}",
                    String::from_utf8_lossy(&out.stderr)
                )
            })
        })
        .collect();
    (games, out)
}

/// The SGF a game wrote replays under `chinese` to the result it records, every move legal,
/// with the referee's dead stones: its markup, or none when the referee took none (a record
/// without markup would otherwise get the control solver's, which may leave points open).
fn assert_replays(game: &Value) {
    let sgf = game["sgf"].as_str().expect("an SGF was written");
    let no_dead = game["dead"].as_array().is_some_and(Vec::is_empty);
    let dead = if no_dead { "none" } else { "markup" };
    let (v, _) = replay_json(["--rules", "chinese", "--dead", dead, sgf]);
    let g = &v["files"][0]["games"][0];
    let verdict = &g["verdicts"][0];
    assert_eq!(verdict["legal"], true, "{sgf}: {verdict}");
    assert_eq!(verdict["result"], game["result"], "{sgf}: {verdict}");
    assert_eq!(verdict["check"]["status"], "agrees", "{sgf}: {verdict}");
}

#[test]
fn two_gorules_engines_play_with_gorules_as_referee() {
    let dir = temp_dir("self");
    let bin = Path::new(BIN);
    let (games, out) = play_json(&[
        "--black".into(),
        quoted(bin, "gtp --seed 1"),
        "--white".into(),
        quoted(bin, "gtp --seed 2"),
        "--size".into(),
        "9".into(),
        "--komi".into(),
        "7.5".into(),
        "--games".into(),
        "4".into(),
        "--alternate".into(),
        "--sgf-dir".into(),
        dir.display().to_string(),
    ]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(games.len(), 4);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["end"], "passes", "{g}");
        // --alternate: the engine given with --white plays Black in games 2 and 4.
        assert_eq!(g["swapped"], i % 2 == 1, "{g}");
        assert_eq!(g["referee"], g["result"], "{g}");
        assert_eq!(g["agree"]["black"], true, "{g}");
        assert_eq!(g["agree"]["white"], true, "{g}");
        assert_eq!(g["scores"]["black"], g["result"], "{g}");
        assert_replays(g);
    }
    let sgf = std::fs::read_to_string(dir.join("game-002.sgf")).unwrap();
    assert!(
        sgf.contains("PB[gorules ") && sgf.contains("KM[7.5]RU[chinese]"),
        "{sgf}"
    );
}

/// docs/limits.md: `play --max-moves` stops a game that goes on too long: a void game, written
/// with `RE[Void]` and exactly that many moves.
#[test]
fn a_game_stopped_at_max_moves_is_void() {
    let dir = temp_dir("max-moves");
    let bin = Path::new(BIN);
    let (games, out) = play_json(&[
        "--black".into(),
        quoted(bin, "gtp --seed 3"),
        "--white".into(),
        quoted(bin, "gtp --seed 4"),
        "--size".into(),
        "9".into(),
        "--max-moves".into(),
        "7".into(),
        "--sgf-dir".into(),
        dir.display().to_string(),
    ]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g["end"], "max-moves", "{g}");
    let sgf = std::fs::read_to_string(g["sgf"].as_str().expect("an SGF")).unwrap();
    assert!(sgf.contains("RE[Void]"), "{sgf}");
    let moves = sgf.matches(";B[").count() + sgf.matches(";W[").count();
    assert_eq!(moves, 7, "{sgf}");
}

#[test]
fn an_illegal_move_loses_the_game_and_is_recorded() {
    // A fake engine that answers every genmove with A1.
    let script = r#"while read id cmd rest; do case "$cmd" in
        genmove) printf "=%s A1\n\n" "$id";;
        name) printf "=%s always-A1\n\n" "$id";;
        known_command) printf "=%s false\n\n" "$id";;
        quit) printf "=%s\n\n" "$id"; exit 0;;
        *) printf "=%s\n\n" "$id";;
        esac; done"#;
    let fake = format!("sh -c '{script}'");
    let dir = temp_dir("illegal");
    let (games, out) = play_json(&[
        "--black".into(),
        fake,
        "--white".into(),
        quoted(Path::new(BIN), "gtp"),
        "--size".into(),
        "9".into(),
        // The open board's count rests on undecided points, but it is not the result here:
        // nothing is said of them.
        "--dead".into(),
        "proved".into(),
        "--sgf-dir".into(),
        dir.display().to_string(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let g = &games[0];
    assert_eq!(g["end"], "illegal-move", "{g}");
    assert_eq!(g["result"], "W+F");
    assert!(g["undecided"].is_null(), "{g}");
    assert_eq!(g["illegal"]["color"], "black");
    assert_eq!(g["illegal"]["move"], "A1");
    assert_eq!(g["illegal"]["reason"], "occupied");
    assert_eq!(g["moves"], 2, "A1, White's answer, then A1 again");
    let sgf = std::fs::read_to_string(dir.join("game-001.sgf")).unwrap();
    assert!(sgf.contains("RE[W+F]"), "{sgf}");
    assert!(
        sgf.contains(";B[ai]") && sgf.matches("B[ai]").count() == 2,
        "{sgf}"
    );
    assert!(sgf.contains("which is illegal: occupied"), "{sgf}");
    let (v, _) = replay_json([
        "--rules",
        "chinese",
        dir.join("game-001.sgf").to_str().unwrap(),
    ]);
    let verdict = &v["files"][0]["games"][0]["verdicts"][0];
    assert_eq!(
        verdict["legal"], false,
        "the replay finds the same forbidden move"
    );
}

#[test]
fn play_refuses_bad_arguments_before_starting_engines() {
    let out = gorules(["play", "--black", "x", "--white", "y", "--size", "30"]);
    assert_eq!(out.status.code(), Some(2));
    let out = gorules([
        "play", "--black", "x", "--white", "y", "--rules", "nonsense",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown rules name"));
    let out = gorules(["play", "--black", "x", "--white", "y", "--games", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--games"));
    let out = gorules(["play", "--black", "/no/such/engine", "--white", "y"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot start engine"));
}

/// The arguments of a match: `--black BLACK --white WHITE`, then `rest`.
fn match_args(black: String, white: String, rest: &[&str]) -> Vec<String> {
    let mut a = vec!["--black".to_owned(), black, "--white".to_owned(), white];
    a.extend(rest.iter().map(|s| (*s).to_owned()));
    a
}

/// Runs `gorules play ARGS` with the text output.
fn play_text(args: &[String]) -> Output {
    gorules(std::iter::once("play").chain(args.iter().map(String::as_str)))
}

/// `play`'s text: a line per game with the engines by colour (swapped in the second game by
/// `--alternate`), the end, the counts and what the referee noticed, then the summary.
/// `--dead white` takes the dead stones of the engine given with `--white` whatever colour it
/// plays, and `--share-dead` offers them to the engines that know `gorules-dead`.
#[test]
fn play_in_text_with_alternate_colours_and_the_dead_stones_of_one_engine() {
    let dir = temp_dir("scripted-text");
    let all = "final_status_list final_score gorules-dead";
    let play = |share: &[&str]| {
        let rest = [
            &[
                "--size",
                "9",
                "--games",
                "2",
                "--alternate",
                "--dead",
                "white",
            ],
            share,
        ]
        .concat();
        play_text(&match_args(
            scripted(&dir, "first", "E5", "", "final_score", "B+3"),
            scripted(&dir, "second", "", "E5", all, "W+7.5"),
            &rest,
        ))
    };
    let out = play(&["--share-dead"]);
    assert!(out.status.success(), "{out:?}");
    // Game 1: first (Black) plays E5, both pass; second (White) calls E5 dead, refuses to be
    // told so, and counts it as the referee does. Game 2: first, now White, has no moves left;
    // second, now Black, calls a stone dead that is not there. White wins both by komi.
    assert_eq!(
        stdout(&out),
        "game 1: first (B) vs second (W): W+7.5 — the game is over (passes) after 3 moves; \
         black says B+3 (DIFFERS); white says W+7.5; 1 dead stone(s); note: second refused \
         the dead stones: not now\n\
         game 2: second (B) vs first (W): W+7.5 — the game is over (passes) after 2 moves; \
         black says W+7.5; white says B+3 (DIFFERS); note: second's dead stones: E5 holds \
         no stone\n\
         2 game(s): first won 1, second won 1; 0 ended by an illegal move, 0 void, 2 with \
         an engine's count differing from the referee's\n"
    );
    // Without --share-dead nobody is told.
    let out = play(&[]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(!text.contains("refused"), "{text}");
    assert!(text.contains("1 dead stone(s)\n"), "{text}");
}

/// Two engines with one name (two levels of one program) are told apart by their flags, in
/// each game's line and in the summary, and wins are counted by engine across swapped
/// colours: on an empty board White wins by komi, so each engine wins the game it plays White.
#[test]
fn two_engines_with_one_name_are_told_apart_by_their_flags() {
    let dir = temp_dir("scripted-same-name");
    let out = play_text(&match_args(
        scripted(&dir, "same", "", "", "", ""),
        scripted(&dir, "same", "", "", "", ""),
        &["--size", "5", "--games", "3", "--alternate"],
    ));
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        stdout(&out),
        "game 1: same (--black) (B) vs same (--white) (W): W+7.5 — the game is over \
         (passes) after 2 moves\n\
         game 2: same (--white) (B) vs same (--black) (W): W+7.5 — the game is over \
         (passes) after 2 moves\n\
         game 3: same (--black) (B) vs same (--white) (W): W+7.5 — the game is over \
         (passes) after 2 moves\n\
         3 game(s): same (--black) won 1, same (--white) won 2; 0 ended by an illegal move, \
         0 void, 0 with an engine's count differing from the referee's\n"
    );
}

/// `--dead proved` counts with the control solver: one black stone alone on the board is
/// neither alive nor dead to it, so the count rests on every point and is no result (`?`);
/// `--dead none` counts the board as it stands.
#[test]
fn play_counts_with_the_solver_only_with_dead_proved() {
    let dir = temp_dir("scripted-auto");
    let run = |dead: &str| {
        play_json(&match_args(
            scripted(&dir, "stone", "E5", "", "", ""),
            scripted(&dir, "passer", "", "", "", ""),
            &["--size", "9", "--dead", dead],
        ))
    };
    let (games, out) = run("proved");
    assert!(out.status.success(), "{out:?}");
    let g = &games[0];
    assert_eq!(g["result"], "?", "{g}");
    assert_eq!(g["referee"], "B+73.5", "{g}");
    assert_eq!(
        g["undecided"],
        serde_json::json!({"points": 81, "range": "W+7.5 to B+73.5"}),
        "{g}"
    );
    let (games, out) = run("none");
    assert!(out.status.success(), "{out:?}");
    let g = &games[0];
    assert_eq!(g["result"], "B+73.5", "{g}");
    assert!(g["undecided"].is_null(), "{g}");
}

/// An engine that fails `genmove` ends its game void with an engine error, the match goes on,
/// and the exit status is 2 (docs/gtp.md).
#[test]
fn an_engine_that_cannot_move_voids_the_game_and_the_match_exits_2() {
    let dir = temp_dir("scripted-error");
    let args = match_args(
        scripted(&dir, "broken", "fail,D4", "", "", ""),
        scripted(&dir, "passer", "", "", "", ""),
        &["--size", "5", "--games", "2"],
    );
    let out = play_text(&args);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(
        stdout(&out),
        "game 1: broken (B) vs passer (W): Void — engine error: broken failed genmove black: \
         cannot move after 0 moves\n\
         game 2: broken (B) vs passer (W): B+17.5 — the game is over (passes) after 3 moves\n\
         2 game(s): broken won 1, passer won 0; 0 ended by an illegal move, 1 void, 0 with \
         an engine's count differing from the referee's\n"
    );
    let (games, out) = play_json(&args);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(games[0]["end"], "engine-error", "{}", games[0]);
    assert_eq!(games[0]["result"], "Void", "{}", games[0]);
    assert_eq!(
        games[0]["error"], "broken failed genmove black: cannot move",
        "{}",
        games[0]
    );
    assert_eq!(games[1]["end"], "passes", "{}", games[1]);
    assert!(games[1]["error"].is_null(), "{}", games[1]);
}

/// `--komi` is refused unless it is a number of at most ±10,000 points, before any engine is
/// started; at the bound it is taken (and then the missing engine is what fails).
#[test]
fn play_takes_a_komi_up_to_ten_thousand_points() {
    for komi in ["NaN", "inf", "-inf", "10000.5", "-10001"] {
        let out = gorules([
            "play", "--black", "/no/such", "--white", "y", "--komi", komi,
        ]);
        assert_eq!(out.status.code(), Some(2), "{komi}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is not a usable komi"), "{komi}: {err}");
    }
    for komi in ["10000", "-10000", "0"] {
        let out = gorules([
            "play", "--black", "/no/such", "--white", "y", "--komi", komi,
        ]);
        assert_eq!(out.status.code(), Some(2), "{komi}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("cannot start engine"), "{komi}: {err}");
    }
}

/// One `gorules play` run of the GNU Go test.
struct Run {
    what: &'static str,
    size: usize,
    games: usize,
    black: String,
    white: String,
    /// Which engine is GNU Go: "white" (as given, whatever colour it plays) or "both".
    gnu: &'static str,
    /// `--share-dead`: gorules engines count with the referee's dead stones.
    share_dead: bool,
}

/// gorules' player against GNU Go under `chinese`: every move legal, GNU Go's `final_score`,
/// gorules' own and the referee's count the same, and every SGF replaying to its result.
///
/// Dead stones: GNU Go's `final_score` removes the stones it judges dead; the referee takes
/// the same stones (`--dead white`: GNU Go's `final_status_list dead`) and counts with its own
/// code, so the comparison checks the counting, not the judgement. In some runs GNU Go has
/// `--capture-all-dead`: it captures every dead stone before passing, and since the random
/// player fills everything but its eyes, the end position holds no dead stone — there the
/// gorules engine's own `final_score`, the board as it stands, must agree by itself. In the
/// others GNU Go passes leaving dead stones; `--share-dead` hands them to the gorules engine
/// (`gorules-dead`) before its `final_score`, and the SGF records them as territory markup
/// (`TB`/`TW`), which `gorules replay` reads back. GNU Go against itself adds close counts.
#[test]
fn gorules_against_gnu_go() {
    let Some(gnugo) = gnugo() else {
        eprintln!(
            "SKIPPED gorules_against_gnu_go: GNU Go is not installed \
             (apt-get install gnugo; .ci/run installs it)"
        );
        return;
    };
    let started = Instant::now();
    let bin = Path::new(BIN);
    let gnugo_cmd = |extra: &str, seed: u32| {
        quoted(
            &gnugo,
            &format!(
                "--mode gtp --level 0 --chinese-rules --positional-superko --never-resign \
                 --seed {seed} {extra}"
            ),
        )
    };
    let ours = |seed: u32| quoted(bin, &format!("gtp --seed {seed}"));
    let runs = [
        Run {
            what: "9x9, GNU Go captures all dead",
            size: 9,
            games: 6,
            black: ours(11),
            white: gnugo_cmd("--capture-all-dead", 1),
            gnu: "white",
            share_dead: false,
        },
        Run {
            what: "9x9, GNU Go leaves dead stones",
            size: 9,
            games: 14,
            black: ours(12),
            white: gnugo_cmd("", 2),
            gnu: "white",
            share_dead: true,
        },
        Run {
            what: "19x19, GNU Go captures all dead",
            size: 19,
            games: 1,
            black: ours(13),
            white: gnugo_cmd("--capture-all-dead", 3),
            gnu: "white",
            share_dead: false,
        },
        Run {
            what: "19x19, GNU Go leaves dead stones",
            size: 19,
            games: 1,
            black: gnugo_cmd("", 4),
            white: ours(14),
            gnu: "black",
            share_dead: true,
        },
        Run {
            what: "9x9, GNU Go against GNU Go",
            size: 9,
            games: 4,
            black: gnugo_cmd("", 5),
            white: gnugo_cmd("", 6),
            gnu: "both",
            share_dead: false,
        },
    ];
    let mut lines = Vec::new();
    let mut total = 0;
    for (k, run) in runs.iter().enumerate() {
        let what = run.what;
        let dir = temp_dir(&format!("gnugo-{k}"));
        // The referee takes the dead stones of GNU Go, given with --black or --white.
        let dead_from = if run.gnu == "black" { "black" } else { "white" };
        let mut args: Vec<String> = vec![
            "--black".into(),
            run.black.clone(),
            "--white".into(),
            run.white.clone(),
            "--size".into(),
            run.size.to_string(),
            "--komi".into(),
            "7.5".into(),
            "--rules".into(),
            "chinese".into(),
            "--games".into(),
            run.games.to_string(),
            "--alternate".into(),
            "--dead".into(),
            dead_from.into(),
            "--sgf-dir".into(),
            dir.display().to_string(),
        ];
        if run.share_dead {
            args.push("--share-dead".into());
        }
        let (games, out) = play_json(&args);
        assert!(out.status.success(), "{what}: {out:?}");
        assert_eq!(games.len(), run.games, "{what}");
        let (mut dead_games, mut dead_stones, mut moves) = (0, 0, 0);
        for (i, g) in games.iter().enumerate() {
            assert_eq!(
                g["end"], "passes",
                "{what}: every move legal, the game played out: {g}"
            );
            assert_eq!(g["referee"], g["result"], "{what}: {g}");
            // Both engines' counts are the referee's: GNU Go's with its own dead stones,
            // gorules' with none (there are none) or with the same ones (--share-dead).
            assert_eq!(g["agree"]["black"], true, "{what}: {g}");
            assert_eq!(g["agree"]["white"], true, "{what}: {g}");
            let dead = g["dead"].as_array().unwrap().len();
            if run.gnu != "both" && !run.share_dead {
                assert_eq!(dead, 0, "{what}: GNU Go captured everything dead: {g}");
            }
            // Alternate games swap colours; the names say who played what.
            let gnu_black = g["black"].as_str().unwrap().starts_with("GNU Go");
            let gnu_white = g["white"].as_str().unwrap().starts_with("GNU Go");
            assert!(gnu_black || gnu_white, "{g}");
            if run.gnu != "both" {
                assert_ne!(gnu_black, gnu_white, "{what}: game {i}: {g}");
            }
            if dead > 0 {
                dead_games += 1;
                dead_stones += dead;
            }
            moves += g["moves"].as_u64().unwrap();
            assert_replays(g);
        }
        total += run.games;
        lines.push(format!(
            "{what}: {} game(s), {moves} moves, {dead_games} with dead stones ({dead_stones} \
             stones), results {}",
            run.games,
            games
                .iter()
                .map(|g| g["result"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    eprintln!(
        "gorules_against_gnu_go: {total} games in {:.0?}\n  {}",
        started.elapsed(),
        lines.join("\n  ")
    );
}

/// GNU Go against itself with the control solver as the referee's dead-stone source
/// (`--dead proved`): a count that rests on points the solver left undecided is no result.
/// Such a game is `RE[?]` with the range deciding them could give, and no engine's count
/// inside that range is called different; a settled count is the result as usual.
#[test]
fn a_referee_count_resting_on_undecided_points_is_no_result() {
    let Some(gnugo) = gnugo() else {
        eprintln!(
            "SKIPPED a_referee_count_resting_on_undecided_points_is_no_result: GNU Go is not \
             installed (apt-get install gnugo; .ci/run installs it)"
        );
        return;
    };
    let gnugo_cmd = |seed: u32| {
        quoted(
            &gnugo,
            &format!("--mode gtp --level 0 --chinese-rules --never-resign --seed {seed}"),
        )
    };
    let dir = temp_dir("gnugo-auto");
    let args: Vec<String> = [
        "--black",
        &gnugo_cmd(21),
        "--white",
        &gnugo_cmd(22),
        "--size",
        "9",
        "--komi",
        "7.5",
        "--rules",
        "chinese",
        "--games",
        "3",
        "--alternate",
        "--dead",
        "proved",
        "--sgf-dir",
        &dir.display().to_string(),
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    let (games, out) = play_json(&args);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(games.len(), 3);
    let mut open = 0;
    for g in &games {
        assert_eq!(g["end"], "passes", "{g}");
        let sgf = std::fs::read_to_string(g["sgf"].as_str().unwrap()).unwrap();
        assert!(
            sgf.contains(&format!("RE[{}]", g["result"].as_str().unwrap())),
            "{g}"
        );
        if g["undecided"].is_null() {
            // Settled: the referee's count is the result, and each engine is compared.
            assert_ne!(g["result"], "?", "{g}");
            assert!(g["agree"]["black"].is_boolean(), "{g}");
            continue;
        }
        open += 1;
        assert_eq!(g["result"], "?", "{g}");
        assert!(g["undecided"]["points"].as_u64().unwrap() > 0, "{g}");
        let range = g["undecided"]["range"].as_str().unwrap();
        assert!(range.contains(" to "), "{g}");
        // The count as they stand lies in the range, so an engine that says it is not
        // called different.
        for c in ["black", "white"] {
            if g["scores"][c] == g["referee"] {
                assert!(g["agree"][c].is_null(), "{g}");
            }
        }
    }
    eprintln!("--dead proved, GNU Go against itself: {open} of 3 games with no result");
}

/// Black's margin in a count such as `B+3.5`, `W+12`, `0` (GNU Go writes `B+3.0`).
fn margin(count: &str) -> Option<f64> {
    match count.split_once('+') {
        Some(("B", m)) => m.parse().ok(),
        Some(("W", m)) => m.parse::<f64>().ok().map(|m| -m),
        _ => (count == "0").then_some(0.0),
    }
}

/// The issue's referee test: GNU Go against gorules' weak player with `gorules play`'s
/// default settings (the referee's dead stones estimated). GNU Go wins every game, and the
/// referee's count is within one point of GNU Go's own `final_score` in at least 95 % of the
/// games. GNU Go counts under the referee's rules (`--chinese-rules`: the engines are not
/// told the rules) and plays both colours (`--alternate`).
#[test]
fn the_referee_counts_gnu_go_against_the_weak_player_as_gnu_go_does() {
    let Some(gnugo) = gnugo() else {
        eprintln!(
            "SKIPPED the_referee_counts_gnu_go_against_the_weak_player_as_gnu_go_does: GNU Go \
             is not installed (apt-get install gnugo; .ci/run installs it)"
        );
        return;
    };
    let games = 4;
    let (played, out) = play_json(&[
        "--black".into(),
        quoted(&gnugo, "--mode gtp --level 1 --chinese-rules"),
        "--white".into(),
        quoted(Path::new(BIN), "gtp"),
        "--size".into(),
        "9".into(),
        "--games".into(),
        games.to_string(),
        "--alternate".into(),
    ]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(played.len(), games);
    let mut close = 0;
    for g in &played {
        assert_eq!(g["end"], "passes", "{g}");
        let gnu = if g["black"].as_str().unwrap().starts_with("GNU Go") {
            "black"
        } else {
            "white"
        };
        let referee = margin(g["referee"].as_str().unwrap()).unwrap();
        let gnu_sign = if gnu == "black" { 1.0 } else { -1.0 };
        assert!(referee * gnu_sign > 0.0, "GNU Go ({gnu}) wins: {g}");
        assert_eq!(g["result"], g["referee"], "{g}");
        let own = margin(g["scores"][gnu].as_str().unwrap()).unwrap();
        if (own - referee).abs() <= 1.0 {
            close += 1;
        }
    }
    assert!(
        close * 100 >= 95 * games,
        "the referee within one point of GNU Go in {close} of {games} games: {played:?}"
    );
    let lines: Vec<String> = played
        .iter()
        .map(|g| {
            format!(
                "{} (B) vs {} (W): referee {}, GNU Go says {}, {} dead stone(s)",
                g["black"],
                g["white"],
                g["referee"],
                g["scores"],
                g["dead"].as_array().unwrap().len()
            )
        })
        .collect();
    eprintln!(
        "referee test: within one point of GNU Go in {close} of {games} games\n  {}",
        lines.join("\n  ")
    );
}

/// `kata-set-rules` round trip through `gorules gtp`: rules set in KataGo's forms come back
/// from `kata-get-rules` in KataGo's JSON form, which `kata-set-rules` reads again; both are
/// listed by `list_commands`.
#[test]
fn kata_set_rules_round_trip_through_gorules_gtp() {
    let input = "1 kata-set-rules aga-button\n\
                 2 kata-get-rules\n\
                 3 list_commands\n\
                 4 kata-set-rules chinese\n\
                 5 gorules-rules\n\
                 6 quit\n";
    let out = session(&["--komi", "7"], input);
    assert!(out.status.success());
    let text = stdout(&out);
    let responses: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(responses[0], "=1");
    let json = responses[1].strip_prefix("=2 ").unwrap();
    let rules: Value = serde_json::from_str(json).unwrap();
    assert_eq!(rules["ko"], "SITUATIONAL");
    assert_eq!(rules["hasButton"], true);
    assert_eq!(rules["whiteHandicapBonus"], "N-1");
    assert_eq!(rules["komi"], 7.0);
    let listed = responses[2];
    assert!(
        listed.contains("\nkata-set-rules\nkata-get-rules\n"),
        "{listed}"
    );
    assert_eq!(responses[3], "=4");
    assert!(responses[4].starts_with("=5 chinese\n"), "{}", responses[4]);
    assert!(responses[4].contains("simple ko"), "{}", responses[4]);
    // The JSON answer, sent back (KataGo's JSON form has no spaces; the komi it carries is
    // the engine's, which kata-set-rules refuses to take from the rules: sent without it).
    let mut back = rules.clone();
    back.as_object_mut().unwrap().remove("komi");
    let input = format!("1 kata-set-rules {back}\n2 kata-get-rules\n3 gorules-rules\n");
    let out = session(&["--komi", "7"], &input);
    let text = stdout(&out);
    let responses: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(responses[0], "=1", "{text}");
    let again: Value = serde_json::from_str(responses[1].strip_prefix("=2 ").unwrap()).unwrap();
    assert_eq!(again, rules);
    assert!(responses[2].starts_with("=3 chinese\n"), "{text}");
}
