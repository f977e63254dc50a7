//! Hostile input: files made to hurt, generated here (nothing big is checked in). Each gives
//! a record or a clear, located error, in bounded time, on a worker thread's small stack.
//! The binary's view of the same files (time and peak memory of `gorules check`) is in
//! `crates/gorules/tests/it/hostile.rs`; every limit is in docs/limits.md.

use sgf_record::{ErrorKind, Limits, ReadOptions, SgfFile, read_sgf};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Reads `bytes` on a thread with a 2 MiB stack (as `gorules check`'s workers have), within
/// `seconds` (a debug build; generous, a linear reader takes a fraction).
fn read_bounded(bytes: Vec<u8>, options: ReadOptions, seconds: u64) -> Result<SgfFile, String> {
    let start = Instant::now();
    let r = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || read_sgf(&bytes, &options).map_err(|e| e.to_string()))
        .expect("thread")
        .join()
        .expect("no panic, no stack overflow");
    let took = start.elapsed();
    assert!(
        took < Duration::from_secs(seconds),
        "took {took:?}, more than {seconds} s"
    );
    r
}

fn defaults() -> ReadOptions {
    ReadOptions::default()
}

fn one_error(f: &SgfFile) -> &sgf_record::SgfError {
    f.games[0].as_ref().expect_err("an error")
}

fn hostile_fixture(name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/hostile")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Found by the `sgf_read` fuzz target: a file read as UTF-8 with bad bytes replaced by
/// U+FFFD (3 bytes for 1) placed its errors by text offset, past the end of the file.
#[test]
fn error_offset_past_end_after_replaced_bytes() {
    let bytes = hostile_fixture("error-offset-past-end-after-replaced-bytes.sgf");
    let f = read_sgf(&bytes, &defaults()).expect("reads");
    let mut errors = 0;
    for e in f.games.iter().filter_map(|g| g.as_ref().err()) {
        let place = e.place.expect("located");
        assert!(place.offset <= bytes.len(), "{e}: offset {}", place.offset);
        errors += 1;
    }
    assert!(errors > 0);
    // The offset is the file's: the `[` that is never closed.
    let e = f.games.iter().find_map(|g| g.as_ref().err()).unwrap();
    assert_eq!(e.kind, ErrorKind::UnterminatedValue);
    assert_eq!(bytes[e.place.unwrap().offset], b'[');
}

/// 100,000 broken games after 8 MB of text outside them: each error used to count lines from
/// the start of the file (quadratic: hours); now one forward pass.
#[test]
fn many_located_errors_are_linear() {
    let mut s = "junk outside any game tree\n".repeat(300_000).into_bytes();
    for _ in 0..99_999 {
        s.extend_from_slice(b"(;B[aa]1)\n");
    }
    let f = read_bounded(s, defaults(), 20).expect("reads");
    assert_eq!(f.games.len(), 99_999);
    let last = f.games[99_998].as_ref().expect_err("broken");
    assert_eq!(last.code(), "unexpected-character");
    assert_eq!(last.place.unwrap().line, 300_000 + 99_999);
    assert_eq!(last.place.unwrap().column, 8);
}

/// The same in a transcoded (GBK) file: the byte offsets come from decoding the file once.
#[test]
fn many_located_errors_in_a_transcoded_file_are_linear() {
    let mut s = b"(;CA[gb2312]PB[\xc0\xee])\n".to_vec();
    for _ in 0..20_000 {
        s.extend_from_slice(b"(;PW[\xc0\xee\xc0\xee]B[aa]1)\n");
    }
    let len = s.len();
    let f = read_bounded(s, defaults(), 20).expect("reads");
    assert_eq!(f.encoding, "GBK");
    let last = f.games.last().unwrap().as_ref().expect_err("broken");
    assert_eq!(last.place.unwrap().offset, len - 3, "{last}");
}

/// `HA[50000]` and 50,000 black moves before White's: the handicap-as-moves repair removed
/// the moves one by one (quadratic).
#[test]
fn a_huge_handicap_as_moves_is_linear() {
    let n = 50_000;
    let mut s = format!("(;GM[1]SZ[19]HA[{n}]");
    for _ in 0..n {
        s.push_str(";B[aa]");
    }
    for _ in 0..n {
        s.push_str(";W[bb]");
    }
    s.push(')');
    let f = read_bounded(s.into_bytes(), defaults(), 20).expect("reads");
    let r = f.games[0].as_ref().expect("reads");
    assert_eq!(r.move_count(), n);
    assert!(r.warnings.iter().any(|w| w.code == "handicap-as-moves"));
}

#[test]
fn a_file_over_the_size_limit_is_refused_whole() {
    let opts = ReadOptions {
        limits: Limits {
            max_file_bytes: 1000,
            ..Limits::default()
        },
        ..ReadOptions::default()
    };
    let s = format!("(;C[{}])", "x".repeat(1000)).into_bytes();
    let e = read_bounded(s, opts, 5).expect_err("too large");
    assert_eq!(
        e,
        "the file is 1006 bytes, more than the limit of 1000 bytes"
    );
}

/// A value over the limit (default 1 MiB) is an error of its game, at its `[`; the other
/// games of the file are read.
#[test]
fn a_value_over_the_limit_is_a_located_error() {
    let big = "x".repeat((1 << 20) + 1);
    let s = format!("(;GM[1];B[aa])\n(;GM[1]C[{big}];B[aa])\n(;W[bb])");
    let f = read_bounded(s.into_bytes(), defaults(), 10).expect("reads");
    assert!(f.games[0].is_ok() && f.games[2].is_ok());
    let e = f.games[1].as_ref().expect_err("too large");
    assert_eq!(e.code(), "value-too-large");
    assert_eq!(
        e.to_string(),
        "line 2, column 9: a property value of 1048577 bytes is larger than the limit of \
         1048576 bytes"
    );
    // Exactly at the limit is fine.
    let s = format!("(;C[{}])", "x".repeat(1 << 20));
    let f = read_bounded(s.into_bytes(), defaults(), 10).expect("reads");
    assert!(f.games[0].is_ok());
}

/// 100 MB in one value: over the file limit (64 MiB) before anything is decoded.
#[test]
fn a_100_mb_value_is_over_the_file_limit() {
    let mut s = b"(;C[".to_vec();
    s.resize(100_000_000, b'x');
    s.extend_from_slice(b"])");
    let e = read_bounded(s, defaults(), 10).expect_err("too large");
    assert!(e.contains("more than the limit of 67108864 bytes"), "{e}");
}

#[test]
fn moves_over_the_limit_are_a_located_error() {
    // Moves in one node count too (`moves-in-one-node`): 100,001 of them.
    let s = format!("(;GM[1]SZ[9];{})", "B[aa]".repeat(100_001));
    let f = read_bounded(s.into_bytes(), defaults(), 10).expect("reads");
    let e = one_error(&f);
    assert_eq!(e.kind, ErrorKind::TooManyMoves { limit: 100_000 });
    assert_eq!(e.place.unwrap().column as usize, 14 + 5 * 100_000);
    assert_eq!(
        e.to_string(),
        format!(
            "line 1, column {}: the game has more than the limit of 100000 moves",
            14 + 5 * 100_000
        )
    );
    // 100,000 are read.
    let s = format!("(;GM[1]SZ[9];{})", "B[aa]".repeat(100_000));
    let f = read_bounded(s.into_bytes(), defaults(), 10).expect("reads");
    assert_eq!(f.games[0].as_ref().unwrap().move_count(), 100_000);
}

/// A tree of a million nodes (the limit) reads, every variation counted; one more node is
/// `too-many-nodes`.
#[test]
fn a_million_node_tree() {
    let tree = |variations: usize| {
        let mut s = String::with_capacity(8 * variations + 16);
        s.push_str("(;GM[1]");
        for _ in 0..variations {
            s.push_str("(;B[aa])");
        }
        s.push(')');
        s.into_bytes()
    };
    let f = read_bounded(tree(999_999), defaults(), 60).expect("reads");
    let r = f.games[0].as_ref().expect("reads");
    assert_eq!((r.move_count(), r.variations_ignored), (1, 999_998));
    let f = read_bounded(tree(1_000_000), defaults(), 60).expect("reads");
    let e = one_error(&f);
    assert_eq!(e.kind, ErrorKind::TooManyNodes { limit: 1_000_000 });
    assert!(
        e.to_string()
            .ends_with("the game tree has more than the limit of 1000000 nodes"),
        "{e}"
    );
}

/// 10,000 variations at the end of a ten-move main line: the first is replayed, the others
/// counted.
#[test]
fn ten_thousand_variations() {
    let mut s = String::from("(;GM[1]SZ[19]");
    for i in 0..10 {
        let color = if i % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!(";{color}[{}a]", (b'a' + i) as char));
    }
    s.push_str("(;B[ss])");
    for _ in 0..10_000 {
        s.push_str("(;B[rr];W[qq])");
    }
    s.push(')');
    let f = read_bounded(s.into_bytes(), defaults(), 20).expect("reads");
    let r = f.games[0].as_ref().expect("reads");
    assert_eq!((r.move_count(), r.variations_ignored), (11, 10_000));
    assert!(r.warnings.iter().all(|w| w.code != "game-tree-unclosed"));
}

/// The depth limit (250,000 nodes on one path), as a main line of empty nodes and as nested
/// variations: at the limit the tree reads on a 2 MiB stack; one more is `too-deep`.
#[test]
fn depth_at_and_over_the_limit() {
    let line = |n: usize| format!("(;GM[1]{})", ";C[x]".repeat(n - 1)).into_bytes();
    let f = read_bounded(line(250_000), defaults(), 30).expect("reads");
    assert!(f.games[0].is_ok());
    let f = read_bounded(line(250_001), defaults(), 30).expect("reads");
    assert_eq!(one_error(&f).kind, ErrorKind::TooDeep { limit: 250_000 });

    let nest = |n: usize| {
        let mut s = String::from("(;GM[1]");
        for _ in 1..n {
            s.push_str("(;C[x]");
        }
        s.push_str(&")".repeat(n));
        s.into_bytes()
    };
    let f = read_bounded(nest(250_000), defaults(), 30).expect("reads");
    assert!(f.games[0].is_ok());
    let f = read_bounded(nest(250_001), defaults(), 30).expect("reads");
    assert_eq!(one_error(&f).kind, ErrorKind::TooDeep { limit: 250_000 });
}

/// A variation 200,000 nodes deep beside the main line is dropped without recursion: the
/// reader hands every node off the main line to an explicit stack (a recursive drop of such a
/// chain overflows the 2 MiB stack and aborts the process).
#[test]
fn a_deep_variation_off_the_main_line_is_dropped_on_a_small_stack() {
    let s = format!(
        "(;GM[1]SZ[9];B[aa](;W[bb])(;W[cc]{}))",
        ";C[x]".repeat(200_000)
    );
    let f = read_bounded(s.into_bytes(), defaults(), 30).expect("reads");
    let r = f.games[0].as_ref().expect("reads");
    assert_eq!((r.move_count(), r.variations_ignored), (2, 1));
}

/// More game trees than the limit: the first 100,000 are read, then one `too-many-games`.
#[test]
fn games_over_the_limit() {
    let s = "(;)".repeat(100_001).into_bytes();
    let f = read_bounded(s, defaults(), 20).expect("reads");
    assert_eq!(f.games.len(), 100_001);
    assert!(f.games[..100_000].iter().all(Result::is_ok));
    let e = f.games[100_000].as_ref().expect_err("over");
    assert_eq!(e.code(), "too-many-games");
    assert_eq!(e.place.unwrap().offset, 300_000);
}

/// Board sizes outside 1..=52 are an error of the game, at the value; 52×52 reads.
#[test]
fn board_sizes() {
    for (sz, ok) in [
        ("0", false),
        ("500", false),
        ("53", false),
        ("52:0", false),
        ("-1", false),
        ("99999999999999999999999", false),
        ("52", true),
        ("1", true),
        ("52:1", true),
    ] {
        let s = format!("(;GM[1]SZ[{sz}];B[aa])");
        let f = read_bounded(s.into_bytes(), defaults(), 5).expect("reads");
        match &f.games[0] {
            Ok(_) => assert!(ok, "SZ[{sz}] read"),
            Err(e) => {
                assert!(!ok, "SZ[{sz}]: {e}");
                assert_eq!(e.code(), "board-size");
                assert!(
                    e.to_string()
                        .starts_with("line 1, column 11: board size SZ["),
                    "{e}"
                );
            }
        }
    }
}

/// Bad text: invalid UTF-8 without `CA`, a `CA` that lies, NUL bytes, control characters —
/// always a result, the text kept (renderers escape it), never a panic.
#[test]
fn bad_text_gives_a_result() {
    let cases: &[&[u8]] = &[
        b"(;PB[\xff\xfe\xfd]PW[\xc0\xee];B[aa])",
        b"(;CA[UTF-8]PB[\xb0\xa1\xb0\xa1\xb0\xa1];B[aa])",
        b"(;CA[Shift_JIS]PB[\xff\xff\xff\xff];B[aa])",
        b"(;CA[\x1b[2J]PB[x];B[aa])",
        b"(;CA[]PB[\x00\x00]GN[\x00];B[aa]\x00)",
        b"(;PB[\x1b]0;title\x07\x1b[2J\x9b31m];B[aa])",
        b"\x00(;B[aa])\x00",
        b"\xff\xfe(\x00;\x00B\x00[\x00a\x00a\x00]\x00)\x00",
        b"\xfe\xff\x00(\x00;\x00B",
    ];
    for &bytes in cases {
        let f = read_bounded(bytes.to_vec(), defaults(), 5);
        if let Ok(f) = f {
            for g in &f.games {
                if let Err(e) = g {
                    assert!(e.place.is_some_and(|p| p.offset <= bytes.len()), "{e}");
                }
            }
        }
    }
    let f = read_sgf(b"(;PB[a\x1b[31mb\x00c];B[aa])", &defaults()).unwrap();
    let r = f.games[0].as_ref().unwrap();
    assert_eq!(r.info.black.as_deref(), Some("a\u{1b}[31mb\0c"));
}

/// Graph-board games: a board over 10,000 points and more moves than the limit are clear
/// errors.
#[test]
fn graph_games_over_the_limits() {
    use sgf_record::graph::read_graph_json;
    let moves = vec!["\"pass\""; 100_001].join(",");
    let json = format!(r#"{{"points":["a","b"],"edges":[["a","b"]],"moves":[{moves}]}}"#);
    let e = read_graph_json(&json).expect_err("too many moves");
    assert_eq!(
        e.to_string(),
        "moves: 100001 moves, more than the limit of 100000"
    );
    // The limit itself is allowed.
    let moves = vec!["\"B pass\",\"W pass\""; 50_000].join(",");
    let json = format!(r#"{{"points":["a","b"],"edges":[["a","b"]],"moves":[{moves}]}}"#);
    assert_eq!(
        read_graph_json(&json).expect("at the limit").move_count(),
        100_000
    );
    let points: Vec<String> = (0..10_001).map(|i| format!("\"p{i}\"")).collect();
    let json = format!(r#"{{"points":[{}]}}"#, points.join(","));
    let e = read_graph_json(&json).expect_err("too many points");
    assert_eq!(
        e.to_string(),
        "board: a graph board needs 1 to 10000 points, this one has 10001"
    );
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(read_graph_json(&deep).is_err());
}

/// Found by the `sgf_replay` fuzz target (fixtures/hostile/komi-beyond-any-score.sgf):
/// `KM[7444…4.50]` (10^120) was kept as an unusual komi, and the counts lost their half
/// points in floating point, so `gorules diff` found two rulesets' margins equal while their
/// point-by-point causes differed by 2 ("the explanation does not add up"). A komi beyond
/// ±10,000 is no komi.
#[test]
fn komi_beyond_any_score_is_no_komi() {
    let bytes = hostile_fixture("komi-beyond-any-score.sgf");
    let f = read_sgf(&bytes, &defaults()).expect("reads");
    let r = f.games[0].as_ref().expect("reads");
    assert_eq!(r.komi, None);
    let w = r
        .warnings
        .iter()
        .find(|w| w.code == "komi-invalid")
        .unwrap();
    assert!(
        w.message.contains("is beyond ±10000 points"),
        "{}",
        w.message
    );
    for (km, beyond) in [
        ("10000", false), // Fox ×100: 100 points
        ("10000.0", false),
        ("-10000.5", true),
        ("9999.5", false),
        ("12345678901234567890.5", true),
    ] {
        let s = format!("(;KM[{km}])");
        let f = read_sgf(s.as_bytes(), &defaults()).unwrap();
        let r = f.games[0].as_ref().unwrap();
        let found = r
            .warnings
            .iter()
            .any(|w| w.message.contains("beyond ±10000"));
        assert_eq!((found, r.komi.is_none()), (beyond, beyond), "KM[{km}]");
    }
    let json = r#"{"points":["a","b"],"edges":[["a","b"]],"komi":1e200}"#;
    let g = sgf_record::graph::read_graph_json(json).unwrap();
    assert_eq!(g.komi, None);
    assert!(g.warnings.iter().any(|w| w.code == "komi-invalid"));
    // In a graph game too, the limit itself is a komi; a blank result is none.
    let json = r#"{"points":["a","b"],"edges":[["a","b"]],"komi":-10000,"result":"  "}"#;
    let g = sgf_record::graph::read_graph_json(json).unwrap();
    assert_eq!(g.komi.map(|k| k.value), Some(-10_000.0));
    assert!(
        g.result.is_none() && g.warnings.is_empty(),
        "{:?}",
        g.warnings
    );
}

/// Repairs of unescaped `]` are bounded: a tree over 4 MiB is not tried (its early end is an
/// error), and a node whose many comments would each need trying gives up after 32 scans
/// rather than repair on a guess; 10,000 broken trees in a file cost linear time.
#[test]
fn bracket_repairs_are_bounded() {
    // Over 4 MiB: long comments (under the value limit) before the broken one.
    let big = format!(
        "(;SZ[9]{};B[ee]C[see ([pd]) here];W[cc];B[dd])",
        format!(";C[{}]", "x".repeat(512 << 10)).repeat(10)
    );
    let f = read_bounded(big.into_bytes(), defaults(), 20).expect("reads");
    assert_eq!(
        one_error(&f).code(),
        "unescaped-bracket",
        "not tried: an error"
    );
    // The same small tree is repaired.
    let small = "(;SZ[9]C[x];B[ee]C[see ([pd]) here];W[cc];B[dd])";
    let f = read_bounded(small.as_bytes().to_vec(), defaults(), 5).expect("reads");
    assert!(f.games[0].is_ok());
    // Many comments in the failing node, each with stray `]` of its own: tries run out, no
    // guess is made.
    let mut crowded = String::from("(;SZ[9];B[ee]");
    for _ in 0..40 {
        crowded.push_str("C[a]b]c]");
    }
    crowded.push_str(";W[cc])");
    let f = read_bounded(crowded.into_bytes(), defaults(), 20).expect("reads");
    assert!(f.games[0].is_err(), "{:?}", f.games[0]);
    // 10,000 trees, each broken the same way and repaired.
    let many = "(;SZ[9];B[ee]C[see ([pd]) here];W[cc])\n".repeat(10_000);
    let f = read_bounded(many.into_bytes(), defaults(), 60).expect("reads");
    assert_eq!(f.games.len(), 10_000);
    assert!(f.games.iter().all(Result::is_ok));
}
