//! What the reader makes of each quirk, beyond the report fields the expectation files check:
//! the actions, setup, markup, komi text and encoding, read from the fixtures.

use crate::fixtures::fixture_dir;
use rules_core::{Action, Color, GameRecord, RecordedMove};
use sgf_record::{ErrorKind, Limits, ReadOptions, SgfFile, codes, read_sgf};

fn read(name: &str) -> SgfFile {
    let bytes = std::fs::read(fixture_dir().join(format!("{name}.sgf"))).expect("fixture");
    read_sgf(&bytes, &ReadOptions::default()).expect("readable fixture")
}

fn game(name: &str) -> GameRecord {
    read(name).games.remove(0).expect("game 1 reads")
}

/// The moves as `(color letter, sgf point or "pass" or "off:raw")`.
fn moves(r: &GameRecord) -> Vec<String> {
    r.actions
        .iter()
        .filter_map(|a| match a {
            Action::Move { color, mv } => Some(format!(
                "{}{}",
                color.letter(),
                match mv {
                    RecordedMove::Pass => "-".to_owned(),
                    RecordedMove::Place(p) => r.topology.sgf(*p),
                    RecordedMove::OffBoard(raw) => format!("!{raw}"),
                }
            )),
            _ => None,
        })
        .collect()
}

fn codes_of(r: &GameRecord) -> Vec<&str> {
    r.warnings.iter().map(|w| w.code.as_str()).collect()
}

#[test]
fn lower_case_moves_are_read() {
    assert_eq!(
        moves(&game("lower-case-identifiers")),
        ["Bee", "Wcc", "Bgg"]
    );
}

#[test]
fn mixed_case_setup_and_moves_are_read() {
    let r = game("mixed-case-identifiers");
    assert_eq!(moves(&r), ["Wee"]);
    assert!(matches!(&r.actions[0], Action::Setup(s) if s.len() == 1));
}

#[test]
fn two_moves_in_a_node_keep_their_order() {
    let r = game("moves-in-one-node");
    assert_eq!(moves(&r), ["Bee", "Wcc", "Bgg"]);
    assert_eq!(codes_of(&r), [codes::MOVES_IN_ONE_NODE]);
}

#[test]
fn passes() {
    assert_eq!(moves(&game("pass-tt")), ["Bpd", "W-", "Bdp", "W-", "B-"]);
    assert_eq!(moves(&game("pass-empty")), ["Bee", "W-", "B-"]);
    assert_eq!(moves(&game("tt-is-a-point-on-20x20")), ["Btt", "Waa"]);
}

#[test]
fn off_board_moves_are_kept_raw() {
    assert_eq!(moves(&game("off-board-move")), ["Bee", "W!zz"]);
}

#[test]
fn compressed_lists_and_add_empty() {
    let r = game("compressed-point-list");
    let Action::Setup(edits) = &r.actions[0] else {
        panic!("setup first: {:?}", r.actions)
    };
    let black = edits.iter().filter(|e| e.1 == Some(Color::Black)).count();
    let white = edits.iter().filter(|e| e.1 == Some(Color::White)).count();
    assert_eq!((black, white), (9, 2));
    // AE comes after AB in the node, so bb ends empty.
    let last_bb = edits
        .iter()
        .rev()
        .find(|e| r.topology.sgf(e.0) == "bb")
        .expect("bb is edited");
    assert_eq!(last_bb.1, None);
}

#[test]
fn setup_then_player() {
    let r = game("player-to-move");
    assert!(matches!(r.actions[0], Action::Setup(_)));
    assert_eq!(r.actions[1], Action::SetPlayer(Color::White));
    assert_eq!(
        game("player-numeric").actions[1],
        Action::SetPlayer(Color::White)
    );
}

#[test]
fn handicap_in_a_second_node() {
    let r = game("handicap-setup-in-second-node");
    assert_eq!(r.handicap, Some(2));
    assert!(matches!(&r.actions[0], Action::Setup(s) if s.len() == 2));
    assert!(r.warnings.is_empty());
}

#[test]
fn komi_keeps_its_text() {
    let k = game("komi-trailing-zero").komi.expect("komi");
    assert_eq!((k.value, k.raw.as_str()), (6.5, "6.50"));
    let r = game("komi-fox-x100");
    let k = r.komi.as_ref().expect("komi");
    assert_eq!((k.value, k.raw.as_str()), (7.5, "750"));
    assert!(r.warnings[0].message.contains("KM[750] read as 7.5"));
    assert_eq!(
        game("komi-fox-chinese-stones").komi.map(|k| k.value),
        Some(7.5)
    );
    assert_eq!(game("komi-invalid").komi, None);
    // Fox's KM[0] of an even game is 6.5; of a handicap game, 0.
    let r = game("komi-fox-zero-even");
    assert_eq!(
        r.komi.as_ref().map(|k| (k.value, k.raw.as_str())),
        Some((6.5, "0"))
    );
    assert!(
        r.warnings
            .iter()
            .any(|w| w.message.contains("KM[0] read as 6.5"))
    );
    assert_eq!(
        game("komi-fox-zero-handicap").komi.map(|k| k.value),
        Some(0.0)
    );
}

#[test]
fn charsets_are_reported() {
    for (name, enc) in [
        ("charset-gb2312", "GBK"),
        ("charset-big5", "Big5"),
        ("charset-shift-jis", "Shift_JIS"),
        ("charset-euc-kr", "EUC-KR"),
        ("charset-latin1-declared", "windows-1252"),
        ("charset-missing-latin1", "windows-1252"),
        ("charset-utf8-declared-but-latin1", "windows-1252"),
        ("byte-order-mark", "UTF-8"),
        ("charset-unknown", "UTF-8"),
    ] {
        assert_eq!(read(name).encoding, enc, "{name}");
    }
}

#[test]
fn kgs_territory_from_the_last_two_nodes() {
    let r = game("territory-kgs");
    assert_eq!(r.markup.source, "TB/TW");
    assert_eq!(r.markup.territory.black.len(), 8);
    assert_eq!(r.markup.territory.white.len(), 4);
    assert!(r.markup.dead.is_empty());
}

#[test]
fn dead_stones_from_kgsde_and_comments() {
    let r = game("dead-stones-kgsde");
    assert_eq!(r.markup.source, "TB KGSDE");
    let dead: Vec<String> = r.markup.dead.iter().map(|&p| r.topology.sgf(p)).collect();
    assert_eq!(dead, ["bd", "dd"]);
    let r = game("dead-stones-comment");
    assert_eq!(r.markup.source, "C[dead @]");
    let dead: Vec<String> = r.markup.dead.iter().map(|&p| r.topology.sgf(p)).collect();
    assert_eq!(dead, ["bd", "dd"]);
}

#[test]
fn markup_before_the_end_is_not_end_markup() {
    let r = game("markup-not-at-end");
    assert!(r.markup.is_empty());
    assert_eq!(r.markup.source, "");
}

#[test]
fn variations_are_counted() {
    let r = game("variations");
    assert_eq!(moves(&r), ["Bee", "Wcc", "Bgg", "Wcg"]);
    assert_eq!(r.variations_ignored, 2);
}

#[test]
fn a_broken_game_does_not_hide_the_first() {
    let f = read("broken-second-game");
    assert_eq!(f.games.len(), 2);
    assert_eq!(moves(f.games[0].as_ref().expect("game 1")), ["Bee", "Wcc"]);
    let e = f.games[1].as_ref().expect_err("game 2 is broken");
    assert_eq!(e.code(), "unterminated-value");
    let p = e.place.expect("a place");
    assert_eq!((p.line, p.column, p.offset), (3, 3, 57));
}

#[test]
fn a_50k_node_main_line_reads_and_drops() {
    let n = 50_000;
    let mut s = String::from("(;GM[1]FF[4]SZ[19]");
    for i in 0..n {
        s.push_str(if i % 2 == 0 { ";B[aa]" } else { ";W[tt]" });
    }
    s.push(')');
    let f = read_sgf(s.as_bytes(), &ReadOptions::default()).expect("reads");
    let r = f
        .games
        .into_iter()
        .next()
        .expect("one game")
        .expect("game reads");
    assert_eq!(r.move_count(), n);
}

#[test]
fn a_50k_deep_nest_of_variations_reads_and_drops() {
    let n = 50_000;
    let mut s = String::from("(;GM[1]SZ[9]");
    for _ in 0..n {
        s.push_str("(;B[aa]");
    }
    s.push_str(&")".repeat(n + 1));
    let f = read_sgf(s.as_bytes(), &ReadOptions::default()).expect("reads");
    let r = f
        .games
        .into_iter()
        .next()
        .expect("one game")
        .expect("game reads");
    assert_eq!(r.move_count(), n);
}

#[test]
fn limits_give_located_errors() {
    let s = format!("(;GM[1]{})", ";B[aa]".repeat(100));
    let opts = ReadOptions {
        limits: Limits {
            max_depth: 50,
            ..Limits::default()
        },
        ..ReadOptions::default()
    };
    let f = read_sgf(s.as_bytes(), &opts).expect("file reads");
    let e = f.games[0].as_ref().expect_err("too deep");
    assert_eq!(e.kind, ErrorKind::TooDeep { limit: 50 });
    assert!(e.to_string().starts_with("line 1, column "), "{e}");

    let opts = ReadOptions {
        limits: Limits {
            max_file_bytes: 10,
            ..Limits::default()
        },
        ..ReadOptions::default()
    };
    let e = read_sgf(s.as_bytes(), &opts).expect_err("too large");
    assert_eq!(e.code(), "file-too-large");
    assert!(e.to_string().contains("more than the limit of 10 bytes"));

    let opts = ReadOptions {
        limits: Limits {
            max_nodes: 10,
            ..Limits::default()
        },
        ..ReadOptions::default()
    };
    let f = read_sgf(s.as_bytes(), &opts).expect("file reads");
    assert_eq!(
        f.games[0].as_ref().map_err(|e| e.code()).err(),
        Some("too-many-nodes")
    );
}

#[test]
fn control_characters_in_names_are_kept_and_harmless() {
    let s = b"(;GM[1]PB[\x1b[31mred\x1b[0m\x07]PW[nul\x00byte];B[aa])";
    let f = read_sgf(s, &ReadOptions::default()).expect("reads");
    let r = f.games[0].as_ref().expect("game");
    assert_eq!(r.info.black.as_deref(), Some("\u{1b}[31mred\u{1b}[0m\u{7}"));
    assert_eq!(r.info.white.as_deref(), Some("nul\0byte"));
}

/// Every prefix of every fixture, and a few mangled versions: no panic, and every error has
/// a place.
#[test]
fn no_panic_on_truncated_or_mangled_input() {
    let mut files: Vec<_> = std::fs::read_dir(fixture_dir())
        .expect("fixtures")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    let opts = ReadOptions::default();
    let check = |bytes: &[u8]| match read_sgf(bytes, &opts) {
        Ok(f) => {
            for g in &f.games {
                if let Err(e) = g {
                    assert!(e.place.is_some(), "{e}");
                }
            }
        }
        Err(e) => assert!(e.place.is_some(), "{e}"),
    };
    for f in files {
        let bytes = std::fs::read(&f).expect("fixture");
        for cut in 0..=bytes.len() {
            check(&bytes[..cut]);
        }
        for (i, b) in bytes.iter().enumerate() {
            for with in [b'(', b')', b';', b'[', b']', b'\\', 0xff] {
                if *b != with {
                    let mut m = bytes.clone();
                    m[i] = with;
                    check(&m);
                }
            }
        }
    }
}

/// The reader names the counting family of `RU` (the recorded result is only compared with a
/// ruleset counting the same way); a name nobody knows leaves it open.
#[test]
fn declared_rules_get_their_counting_family() {
    use rules_core::Counting;
    let family = |ru: &str| {
        let text = format!("(;GM[1]FF[4]SZ[9]RU[{ru}];B[cc];W[gg])");
        read_sgf(text.as_bytes(), &ReadOptions::default())
            .expect("readable")
            .games
            .remove(0)
            .expect("game 1 reads")
            .rules_counting
    };
    assert_eq!(family("Chinese"), Some(Counting::Area));
    assert_eq!(family("Japanese"), Some(Counting::Territory));
    assert_eq!(family("no such rules"), None);
}

fn read_text(s: &str) -> Result<GameRecord, sgf_record::SgfError> {
    read_sgf(s.as_bytes(), &ReadOptions::default())
        .expect("file reads")
        .games
        .remove(0)
}

/// `GM` with blanks around the 1 is read as Go, and the tree is parsed with the value
/// repaired (alone, and together with the other repairs of the text: lower-case identifiers,
/// an unclosed tree); a plain `GM[1]` needs no repair; another game is refused.
#[test]
fn a_game_type_with_blanks_is_repaired() {
    for text in [
        "(;GM[ 1 ]FF[4]SZ[9];B[cc];W[gg])",
        "(;FF[4]GM[1 ]SZ[9];B[cc];W[gg])",
        "(;gm[ 1]sz[9];b[cc];W[gg]",
        "(;GM[\\ 1]SZ[9]PB[a\\]b];B[cc];W[gg])",
        "a mail header before the tree\n(;GM[ 1]SZ[9];B[cc];W[gg])",
    ] {
        let g = read_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(moves(&g), ["Bcc", "Wgg"], "{text}");
        assert_eq!(g.topology.len(), 81, "{text}");
        assert!(codes_of(&g).contains(&codes::GAME_TYPE_REPAIRED), "{text}");
    }
    let g = read_text("(;GM[1]SZ[9];B[cc])").unwrap();
    assert!(!codes_of(&g).contains(&codes::GAME_TYPE_REPAIRED));
    let e = read_text("(;GM[2]SZ[9];B[cc])").unwrap_err();
    assert_eq!(e.code(), "not-go");
}

/// The repairs of the text hold where the tree does not start the file, where `GM` is not the
/// root's first property the pre-pass notes (`SZ` before it), and where its value holds an
/// escape: the lower-case identifiers and the blank `GM` value are replaced at their own
/// places and no further, so what follows them (`PB`) is still read.
#[test]
fn repairs_of_the_text_hold_after_text_before_the_tree() {
    for text in [
        "From: a server\nSubject: game\n\n(;gm[1]sz[9]pb[x];b[cc];w[gg])",
        "header (;FF[4]SZ[9]GM[ 1]PB[x];B[cc];W[gg])",
        "header (;ff[4]CA[UTF-8]sz[9]gm[ 1]pb[x];b[cc];w[gg])",
        "(;GM[\\ 1]PB[x]SZ[9];B[cc];W[gg])",
    ] {
        let g = read_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(moves(&g), ["Bcc", "Wgg"], "{text}");
        assert_eq!(g.topology.len(), 81, "{text}");
        assert_eq!(g.info.black.as_deref(), Some("x"), "{text}");
    }
}

/// Every game-information property read in the ordinary way (not leniently) lands in its own
/// field.
#[test]
fn game_information_is_read_into_its_fields() {
    let r = read_text(
        "(;GM[1]FF[4]SZ[9]RU[Japanese]RE[B+R]PB[Lee]PW[Cho]BR[9d]WR[8d]DT[2026-11-30]\
         EV[Cup]GN[Final]PC[Seoul]AP[gorules:0.1];B[ee])",
    )
    .unwrap();
    assert_eq!(
        information(&r),
        [
            "Japanese",
            "B+R",
            "Lee",
            "Cho",
            "9d",
            "8d",
            "2026-11-30",
            "Cup",
            "Final",
            "Seoul",
            "gorules:0.1"
        ]
        .map(Some)
    );
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
}

/// A later `SZ` on the main line that differs from the first is reported and ignored; one
/// that repeats it is not reported. Blanks around values are reported once per game.
#[test]
fn repeated_sizes_and_blanks_around_values() {
    let g = read_text("(;GM[1]SZ[9];SZ[13];B[cc])").unwrap();
    assert_eq!(g.topology.len(), 81);
    assert!(codes_of(&g).contains(&codes::SIZE_REPEATED));
    let g = read_text("(;GM[1]SZ[9];SZ[9];B[cc])").unwrap();
    assert!(!codes_of(&g).contains(&codes::SIZE_REPEATED));
    let g = read_text("(;GM[1]SZ[ 9 ]KM[ 6.5 ];B[cc])").unwrap();
    let blanks = codes_of(&g)
        .iter()
        .filter(|c| **c == codes::VALUE_WHITESPACE)
        .count();
    assert_eq!(blanks, 1, "{:?}", g.warnings);
}

/// A file exactly as large as the limit is read; one byte more is not.
#[test]
fn the_file_size_limit_is_inclusive() {
    let s = "(;GM[1]SZ[9];B[cc])";
    let opts = |max_file_bytes| ReadOptions {
        limits: Limits {
            max_file_bytes,
            ..Limits::default()
        },
        ..ReadOptions::default()
    };
    assert!(read_sgf(s.as_bytes(), &opts(s.len())).is_ok());
    assert_eq!(
        read_sgf(s.as_bytes(), &opts(s.len() - 1))
            .unwrap_err()
            .code(),
        "file-too-large"
    );
}

/// The first game of an SGF text.
fn game_of(sgf: &str) -> GameRecord {
    let f = read_sgf(sgf.as_bytes(), &ReadOptions::default()).expect("file reads");
    f.games
        .into_iter()
        .next()
        .expect("a game")
        .expect("game reads")
}

/// The warnings as `code: message`.
fn warnings_of(sgf: &str) -> Vec<String> {
    game_of(sgf)
        .warnings
        .iter()
        .map(|w| format!("{}: {}", w.code, w.message))
        .collect()
}

/// Each problem the reader puts right names itself in words, with the first case; several of
/// one kind are counted.
#[test]
fn problems_are_named_in_words_and_counted() {
    for (sgf, want) in [
        (
            "(;GM[1]SZ[9]AB[zz];B[ee])",
            "setup-off-board: setup point(s) off the board were dropped: AB[zz]",
        ),
        (
            "(;GM[1]SZ[30]AB[ZZ];B[ee])",
            "setup-off-board: setup point(s) off the board were dropped: AB[ZZ]",
        ),
        (
            "(;GM[1]SZ[9]AB[a];B[ee])",
            "setup-malformed: setup value(s) that are not points were dropped: AB[a]",
        ),
        (
            "(;GM[1]SZ[9];B[ee];W[dd]TB[zz])",
            "markup-malformed: territory point(s) off the board or malformed were dropped: TB[zz]",
        ),
        (
            "(;GM[1]SZ[9];B[e];W[dd])",
            "move-malformed: malformed move value(s) were read leniently: B[e] read as an \
             off-board move \"e\"",
        ),
        (
            "(;GM[1]SZ[9]PL[X];B[ee])",
            "player-malformed: PL value(s) that are not B or W were ignored: PL[X]",
        ),
        (
            "(;GM[1]SZ[9]PL[2];W[ee])",
            "player-numeric: old numeric PL value(s) (1 = Black, 2 = White) were read: PL[2] \
             read as PL[W]",
        ),
        (
            "(;GM[1]SZ[9];B[ee]REMOVECYCLE[x])",
            "private-property-malformed: gorules-private propert(ies) with a malformed value or \
             out of place were ignored (INITIALPROHIBITED takes points in the root, REMOVECYCLE \
             a turn number on a node with one move): REMOVECYCLE[x] at node 1",
        ),
        (
            "(;GM[1]SZ[9]KM[6.5];B[ee]KM[7.5])",
            "game-info-repeated: repeated game information; the first value is used: KM[7.5] \
             at main-line node 1 repeats KM[6.5]; the first is used",
        ),
    ] {
        assert_eq!(warnings_of(sgf), [want], "{sgf}");
    }
    let two = warnings_of("(;GM[1]SZ[9]AB[zz];AB[yy];B[ee])");
    assert_eq!(two.len(), 1, "{two:?}");
    assert!(
        two[0].starts_with(
            "setup-off-board: 2 setup point(s) off the board were dropped; the first: AB[zz]"
        ),
        "{two:?}"
    );
    // The same value again is no repetition worth a word.
    assert!(warnings_of("(;GM[1]SZ[9]KM[6.5];B[ee]KM[6.5])").is_empty());
}

/// `HA[n]` with the game opening on exactly `n` black moves and then White's move (or
/// nothing) reads them as setup; `n + 1` black moves, or fewer than `n`, stay moves.
#[test]
fn handicap_moves_become_setup_only_when_exactly_n_open_the_game() {
    let setup = |sgf: &str| {
        let r = game_of(sgf);
        (
            matches!(&r.actions[0], Action::Setup(s) if s.len() == 2),
            codes_of(&r).contains(&codes::HANDICAP_AS_MOVES),
            moves(&r).len(),
        )
    };
    assert_eq!(
        setup("(;GM[1]SZ[9]HA[2];B[ee];B[dd];W[cc])"),
        (true, true, 1)
    );
    assert_eq!(setup("(;GM[1]SZ[9]HA[2];B[ee];B[dd])"), (true, true, 0));
    assert_eq!(
        setup("(;GM[1]SZ[9]HA[2];B[ee];B[dd];B[cc])"),
        (false, false, 3)
    );
    assert_eq!(setup("(;GM[1]SZ[9]HA[2];B[ee])"), (false, false, 1));
}

/// Values sgf-parse refuses are read leniently, each by its own property: a move keeps its
/// colour, setup and territory theirs, and game information goes to its own field.
#[test]
fn values_the_parser_refuses_are_read_by_their_own_property() {
    let r = game_of("(;GM[1]SZ[9]AB[ cc ]AW[ dd ]AB[];B[ ee ];W[e];B[ff][gg]TB[ aa ]TW[ bb ])");
    assert_eq!(moves(&r), ["Bee", "W!e", "Bff"]);
    let Action::Setup(edits) = &r.actions[0] else {
        panic!("setup first: {:?}", r.actions)
    };
    let named: Vec<(String, Option<Color>)> = edits
        .iter()
        .map(|(p, c)| (r.topology.sgf(*p), *c))
        .collect();
    assert_eq!(
        named,
        [
            ("cc".to_owned(), Some(Color::Black)),
            ("dd".to_owned(), Some(Color::White))
        ]
    );
    let t = &r.markup.territory;
    let sgf = |v: &Vec<rules_core::Point>| v.iter().map(|p| r.topology.sgf(*p)).collect::<Vec<_>>();
    assert_eq!(
        (sgf(&t.black), sgf(&t.white)),
        (vec!["aa".to_owned()], vec!["bb".to_owned()])
    );
    // Each malformed move is reported with what it was read as; an empty AB[] is nothing
    // (beyond AB appearing twice in the root, which is said).
    let w: Vec<&str> = r.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        w,
        [
            "AB appears 2 times in the root; the values are read together",
            "3 malformed move value(s) were read leniently; the first: B[ ee ] read as ee"
        ],
        "{w:?}"
    );

    let r = game_of(
        "(;GM[1]SZ[9]RU[a][b]RE[c][d]PB[e][f]PW[g][h]BR[i][j]WR[k][l]DT[m][n]EV[o][p]\
         GN[q][r]PC[s][t]AP[u][v];B[ee])",
    );
    assert_eq!(
        information(&r),
        [
            "a, b", "c, d", "e, f", "g, h", "i, j", "k, l", "m, n", "o, p", "q, r", "s, t", "u, v"
        ]
        .map(Some)
    );
}

/// `RU`, `RE` and the game information, in the order `RU RE PB PW BR WR DT EV GN PC AP`.
fn information(r: &GameRecord) -> [Option<&str>; 11] {
    let i = &r.info;
    [
        r.rules.as_deref(),
        r.result.as_ref().map(|x| x.raw.as_str()),
        i.black.as_deref(),
        i.white.as_deref(),
        i.black_rank.as_deref(),
        i.white_rank.as_deref(),
        i.date.as_deref(),
        i.event.as_deref(),
        i.name.as_deref(),
        i.place.as_deref(),
        i.application.as_deref(),
    ]
}

/// The file's findings as `code: message`.
fn file_findings(sgf: &str) -> (usize, Vec<String>) {
    let f = read_sgf(sgf.as_bytes(), &ReadOptions::default()).expect("file reads");
    let w = f
        .findings
        .iter()
        .map(|w| format!("{}: {}", w.code, w.message))
        .collect();
    (f.games.len(), w)
}

/// Where a game tree starts: `(` and, after any blanks, `;` — or a property (`(CA [x])`, a
/// broken tree, is a game with an error, not stray text). Anything else is text outside the
/// trees, counted in characters (blanks aside).
#[test]
fn game_trees_start_where_a_node_or_a_property_does() {
    let outside = |n: usize, line: usize, column: usize| {
        format!(
            "text-outside-game-tree: {n} character(s) outside the game trees were skipped (the \
             first at line {line}, column {column})"
        )
    };
    assert_eq!(file_findings("( \n;GM[1]SZ[9])"), (1, vec![]));
    assert_eq!(
        file_findings("([x])(;GM[1]SZ[9])"),
        (1, vec![outside(5, 1, 1)])
    );
    assert_eq!(
        file_findings("(;GM[1]SZ[9])(CA"),
        (1, vec![outside(3, 1, 14)])
    );
    assert_eq!(
        file_findings("\u{e9} x (;GM[1]SZ[9])"),
        (1, vec![outside(2, 1, 1)])
    );
    // The place is that of the first character, past the blanks.
    assert_eq!(
        file_findings("(;GM[1]SZ[9])  x"),
        (1, vec![outside(1, 1, 16)])
    );
    let f = read_sgf(b"(CA [x])", &ReadOptions::default()).expect("file reads");
    let e = f.games[0].as_ref().expect_err("a broken tree");
    assert!(e.to_string().contains("not inside a node"), "{e}");
}

/// Territory given twice in one node adds up; game information repeated with the same
/// value is no repetition.
#[test]
fn repeated_markup_adds_up_and_the_same_information_is_no_repetition() {
    let r = game_of("(;GM[1]SZ[9]TB[aa]TB[ bb ])");
    let black: Vec<String> = r
        .markup
        .territory
        .black
        .iter()
        .map(|p| r.topology.sgf(*p))
        .collect();
    assert_eq!(black, ["aa", "bb"]);
    assert!(
        game_of("(;GM[1]SZ[9]PB[a][b];PB[a][b])")
            .warnings
            .is_empty()
    );
    // A property nobody knows is passed over in silence (it is no REMOVECYCLE).
    assert!(warnings_of("(;GM[1]SZ[9];B[ee]XY[z])").is_empty());
}

/// Blanks between a property's identifier and its value are allowed (SGF's grammar).
#[test]
fn blanks_between_an_identifier_and_its_value() {
    let r = game_of("(;GM[1]SZ[9];B \n [ee];W\t[dd])");
    assert_eq!(moves(&r), ["Bee", "Wdd"]);
}

// ---------------------------------------------------------------------------------------
// Repairs with a note, errors with a place (issue 61).

fn warning_codes(sgf: &str) -> Vec<String> {
    game_of(sgf).warnings.into_iter().map(|w| w.code).collect()
}

fn error_of(sgf: &str) -> sgf_record::SgfError {
    let f = read_sgf(sgf.as_bytes(), &ReadOptions::default()).expect("file reads");
    f.games
        .into_iter()
        .next()
        .expect("a game")
        .expect_err("the game is an error")
}

/// The same value again is read once; GM twice no longer makes sgf-parse reject the tree.
#[test]
fn repeated_root_properties_are_read_once_merged_or_the_first_kept() {
    let r = game_of("(;GM[1]GM[1]SZ[9]SZ[9];B[ee])");
    assert_eq!(r.topology.grid_size(), Some((9, 9)));
    assert_eq!(
        r.warnings
            .iter()
            .map(|w| w.message.as_str())
            .collect::<Vec<_>>(),
        [
            "GM[1] appears 2 times in the root with the same value; read once",
            "SZ[9] appears 2 times in the root with the same value; read once"
        ]
    );
    // A repeated GM whose first value is not Go is still not Go.
    assert_eq!(error_of("(;GM[4]GM[1];B[ee])").code(), "not-go");
    // The first SZ is kept, the second never reaches the reader.
    let r = game_of("(;SZ[9]SZ[13];B[ee])");
    assert_eq!(r.topology.grid_size(), Some((9, 9)));
    assert_eq!(warning_codes("(;SZ[9]SZ[13];B[ee])"), ["property-repeated"]);
    // Setup lists are merged: both stones stand.
    let r = game_of("(;SZ[9]AB[cc]AB[gg]AW[ee];B[dd])");
    let Action::Setup(edits) = &r.actions[0] else {
        panic!("{:?}", r.actions)
    };
    assert_eq!(edits.len(), 3, "{edits:?}");
    // Repeats in later nodes are what they were.
    assert_eq!(
        warning_codes("(;SZ[9]KM[6.5];B[ee]KM[7.5]KM[7.5])"),
        ["game-info-repeated"]
    );
}

/// Repairs: one value, several `]` in it, two values in one node, variations after it.
#[test]
fn unescaped_brackets_are_repaired_when_exactly_one_reading_works() {
    let moves_of = |sgf: &str| moves(&game_of(sgf));
    let repaired = |sgf: &str| {
        game_of(sgf)
            .warnings
            .iter()
            .filter(|w| w.code == codes::UNESCAPED_BRACKET_REPAIRED)
            .count()
    };
    let cases = [
        ("(;SZ[9];B[ee]C[see ([pd]) here];W[cc];B[dd])", 3, 1),
        ("(;SZ[9];B[ee]C[a] b] c];W[cc];B[dd])", 3, 1),
        ("(;SZ[9];B[ee]C[x]y]z];W[cc]C[p]q]r];B[dd])", 3, 2),
        ("(;SZ[9];B[ee]C[a ([b]) c]C[d ([e]) f];W[cc])", 2, 2),
        ("(;SZ[9]PB[Black [2k]]PW[White];B[ee];W[cc])", 2, 1),
    ];
    for (sgf, n, fixes) in cases {
        assert_eq!(moves_of(sgf).len(), n, "{sgf}");
        assert_eq!(repaired(sgf), fixes, "{sgf}");
    }
    // Variations after the value stay this tree's: one game, its main line, one variation.
    let f = read_sgf(
        b"(;SZ[9];B[ee]C[x ([pd])](;W[aa];B[bb])(;W[cc]))",
        &ReadOptions::default(),
    )
    .unwrap();
    assert_eq!(f.games.len(), 1);
    let r = f.games[0].as_ref().unwrap();
    assert_eq!(
        (moves(r), r.variations_ignored),
        (vec!["Bee".to_owned(), "Waa".into(), "Bbb".into()], 1)
    );
    // The repaired value is the whole comment: `sgf-parse` got the `]` escaped.
    let r = game_of("(;SZ[9];B[ee]C[Black [2k]: hello dead @ E5];W[cc])");
    assert_eq!(
        r.markup.dead.len(),
        0,
        "no move after it: not end-of-game markup"
    );
    let warning = &r.warnings[0].message;
    assert!(
        warning.starts_with("C at line 1, column 25: an unescaped ']' ended the value early"),
        "{warning}"
    );
}

/// Errors: the reading goes wrong after a text value and no single repair works (it would
/// swallow a move, or nothing parses): the place of the failure and the likely cause. A tree
/// closed early with nodes after it is an error even with no text value to blame.
#[test]
fn unrepairable_brackets_and_early_ends_are_errors_with_places() {
    let e = error_of("(;SZ[9];B[ee]C[moves: ] 3;B[gc] 4;W[cg]];B[gc])");
    assert_eq!(e.code(), "unescaped-bracket");
    let ErrorKind::UnescapedBracket { ident, at, cause } = &e.kind else {
        panic!("{e:?}")
    };
    assert_eq!(ident, "C");
    assert_eq!((at.line, at.column, at.offset), (1, 23, 22));
    assert_eq!(cause.code(), "unexpected-character");
    let place = e.place.unwrap();
    assert_eq!((place.line, place.column), (1, 25));
    assert!(
        e.to_string()
            .ends_with(": an unescaped ']' in C at line 1, column 23?"),
        "{e}"
    );
    let e = error_of("(;SZ[9];B[ee];W[cc]);B[dd];W[ff])");
    assert_eq!(e.kind, ErrorKind::EndsEarly);
    assert_eq!(e.place.unwrap().column, 20);
    // A comment far from the failure (moves between) is not blamed.
    let e = error_of("(;SZ[9];B[ee]C[fine];W[cc];B[dd]1)");
    assert_eq!(e.code(), "unexpected-character");
    // A complete game followed by stray text is still a game with a note.
    let r = game_of("(;SZ[9];B[ee];W[cc]) and that was it");
    assert_eq!(r.move_count(), 2);
    assert_eq!(
        r.warnings
            .iter()
            .map(|w| w.code.as_str())
            .collect::<Vec<_>>(),
        ["text-outside-game-tree"]
    );
}

/// Handicap without HA: black setup stones apart with White first, or black moves apart
/// opening the game; not touching stones (a test position), not when HA is given.
#[test]
fn a_handicap_without_ha_is_inferred_only_as_handicaps_are_written() {
    let handicap = |sgf: &str| game_of(sgf).handicap;
    assert_eq!(handicap("(;SZ[9]AB[cc][gg]PL[W];W[ee])"), Some(2));
    assert_eq!(
        handicap("(;SZ[9]AB[cc][gg][cg];W[ee])"),
        Some(3),
        "White's move first"
    );
    assert_eq!(
        handicap("(;SZ[9]AB[cc][cd]PL[W];W[ee])"),
        None,
        "touching stones"
    );
    assert_eq!(handicap("(;SZ[9]AB[cc][gg];B[ee])"), None, "Black first");
    assert_eq!(
        handicap("(;SZ[9]AB[cc][gg]AW[ee]PL[W];W[dd])"),
        None,
        "white stones"
    );
    assert_eq!(
        handicap("(;SZ[9]AB[cc][gg]PL[W]HA[0];W[ee])"),
        None,
        "HA given"
    );
    let r = game_of("(;SZ[9];B[cc];B[gg];B[cg];W[ee];B[dd])");
    assert_eq!(r.handicap, Some(3));
    assert_eq!(moves(&r), ["Wee", "Bdd"]);
    assert_eq!(
        handicap("(;SZ[9];B[cc];B[cd];W[ee])"),
        None,
        "touching moves"
    );
    assert_eq!(handicap("(;SZ[9];B[ab];B[ba];W[aa])"), None, "on the edge");
    assert_eq!(
        handicap("(;SZ[9]AB[cc][gi]PL[W];W[ee])"),
        None,
        "a setup stone on the edge"
    );
    assert_eq!(
        handicap("(;SZ[9];B[cc];B[gg])"),
        None,
        "no white move follows"
    );
    assert_eq!(
        handicap("(;SZ[9];B[cc];W[gg];B[ee])"),
        None,
        "one black move"
    );
}

/// Setup stones without liberties: removed by default (both colours at once), or the game
/// refused in the strict mode, at the first setup property.
#[test]
fn setup_stones_without_liberties_are_removed_or_refused() {
    let sgf = "(;SZ[3]AB[aa]AW[ba][ab]\n;B[cc])";
    let r = game_of(sgf);
    let mut board = rules_core::Board::new(r.topology.clone());
    for a in &r.actions {
        if let Action::Setup(e) = a {
            board.setup(e);
        }
    }
    assert!(board.libertyless_chains().is_empty());
    let count = |c: Color| {
        (0..board.len())
            .filter(|&i| board.get(rules_core::Point::from_index(i)) == Some(c))
            .count()
    };
    assert_eq!((count(Color::Black), count(Color::White)), (0, 2));
    assert_eq!(r.warnings[0].code, codes::SETUP_WITHOUT_LIBERTIES_REMOVED);
    let strict = ReadOptions {
        setup_without_liberties: sgf_record::SetupPolicy::Refuse,
        ..ReadOptions::default()
    };
    let f = read_sgf(sgf.as_bytes(), &strict).unwrap();
    let e = f.games[0].as_ref().unwrap_err();
    assert_eq!(e.code(), "setup-without-liberties");
    assert_eq!(
        e.to_string(),
        "line 1, column 8: the setup leaves 1 stone(s) without liberties (aa); refused (stones \
         without liberties cannot stand on the board)"
    );
    // A setup whose stones all have liberties reads alike in both modes.
    assert!(read_sgf(b"(;SZ[3]AB[aa];W[cc])", &strict).unwrap().games[0].is_ok());
}
