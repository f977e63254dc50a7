//! Hostile input to the engine: files that are not files, files over the size limit, and
//! lines made to hurt. Every line gets a well-formed answer in bounded time (the `gtp` fuzz
//! target, fuzz/fuzz_targets/gtp.rs, tries arbitrary lines).

use crate::util::{ask, engine, fails, ok, temp_path};
use std::time::{Duration, Instant};

/// `loadsgf` of something that is not a regular file fails at once: `/dev/zero` was read
/// until memory ran out, a FIFO blocked for ever.
#[test]
fn loadsgf_refuses_what_is_not_a_regular_file() {
    let mut e = engine("chinese", 9);
    let start = Instant::now();
    assert_eq!(
        fails(&mut e, "loadsgf /dev/zero"),
        "cannot load file: not a regular file"
    );
    let dir = temp_path("hostile-dir");
    std::fs::create_dir_all(&dir).unwrap();
    assert!(fails(&mut e, &format!("loadsgf {}", dir.display())).starts_with("cannot load file"));
    let fifo = temp_path("hostile.fifo");
    let _ = std::fs::remove_file(&fifo);
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        assert_eq!(
            fails(&mut e, &format!("loadsgf {}", fifo.display())),
            "cannot load file: not a regular file"
        );
        std::fs::remove_file(&fifo).unwrap();
    }
    assert!(start.elapsed() < Duration::from_secs(5));
    // The engine is unchanged and still answers.
    ok(&mut e, "play b E5");
}

/// A record over the SGF reader's size limit (64 MiB) is refused with the reader's error,
/// without reading more than one byte past the limit.
#[test]
fn loadsgf_refuses_a_file_over_the_size_limit() {
    let path = temp_path("hostile-large.sgf");
    let f = std::fs::File::create(&path).unwrap();
    f.set_len((64 << 20) + 10).unwrap(); // sparse: no disk used
    let mut e = engine("chinese", 9);
    let answer = fails(&mut e, &format!("loadsgf {}", path.display()));
    assert_eq!(
        answer,
        "cannot load file: the file is 67108865 bytes, more than the limit of 67108864 bytes"
    );
    std::fs::remove_file(&path).unwrap();
}

/// Lines that are long, full of NULs and control characters, huge ids, many arguments,
/// broken UTF-8 (as `serve` passes it on, lossily): one answer each, well formed.
#[test]
fn hostile_lines_get_well_formed_answers() {
    let mut e = engine("pauli", 19);
    let long = format!("play b {}", "A".repeat(1 << 20));
    let many = format!("name {}", "x ".repeat(100_000));
    let lines = [
        long.as_str(),
        many.as_str(),
        "\0\0\0name\0",
        "99999999999999999999999999 name",
        "-1 name",
        "1.5 name",
        "boardsize 0",
        "boardsize 26",
        "boardsize 18446744073709551616",
        "komi nan",
        "komi -inf",
        "komi 1e308",
        "play b Z99",
        "play b A0",
        "play b \u{1b}[31m",
        "play pink A1",
        "genmove",
        "fixed_handicap 100",
        "place_free_handicap 400",
        "set_free_handicap A1 A1",
        "gorules-dead A1 A1 Z26",
        "gorules-remove_cycle 99999999999",
        "gorules-rules \u{202e}japanese",
        "kgs-rules {\"ko\":",
        "time_left b nan 1",
        "loadsgf",
        "undo",
        "final_status_list everything",
        "\u{fffd}\u{fffd} name",
    ];
    let start = Instant::now();
    for line in lines {
        let answer = ask(&mut e, line);
        assert!(
            answer.starts_with('=') || answer.starts_with('?'),
            "{line:.40?} → {answer:.80?}"
        );
        assert!(answer.ends_with("\n\n"), "{line:.40?} → {answer:.80?}");
        assert!(!answer[..answer.len() - 2].contains("\n\n"));
    }
    assert!(start.elapsed() < Duration::from_secs(20));
    ok(&mut e, "play b D4");
}
