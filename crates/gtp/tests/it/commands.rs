//! Every command of the engine, its replies and its failures.

use crate::util::{ask, engine, fails, ok, play_all, temp_path};

/// Black's ko capture at E4 on 9×9: White may not retake at D4 at once.
const KO: &str = "b D5 w E5 b C4 w D4 b D3 w E3 b A9 w F4 b E4";

#[test]
fn boardsize_accepts_1_to_25_and_clears() {
    let mut e = engine("chinese", 19);
    ok(&mut e, "play b D4");
    for n in [1, 2, 7, 19, 25] {
        ok(&mut e, &format!("boardsize {n}"));
        assert_eq!(e.topology().grid_size(), Some((n, n)));
        assert_eq!(e.turns(), 0);
    }
    for n in ["0", "26", "52", "1000"] {
        let msg = fails(&mut e, &format!("boardsize {n}"));
        assert!(msg.starts_with("unacceptable size"), "{msg}");
    }
    assert_eq!(
        e.topology().grid_size(),
        Some((25, 25)),
        "a refused size changes nothing"
    );
}

#[test]
fn a_25x25_board_is_named_to_its_corners() {
    let mut e = engine("chinese", 25);
    play_all(&mut e, "b A1 w Z25 b A25 w Z1 b M13");
    assert!(fails(&mut e, "play b Z26").starts_with("illegal move"));
    let board = ok(&mut e, "showboard");
    let letters = " A B C D E F G H J K L M N O P Q R S T U V W X Y Z";
    assert!(board.contains(letters), "{board}");
    assert!(board.contains("25 X . ."), "{board}");
    assert!(board.contains(". . O 25"), "{board}");
    assert!(board.contains(" 1 X . ."), "{board}");
    let sgf = ok(&mut e, "printsgf");
    assert!(sgf.contains("SZ[25]"), "{sgf}");
    assert!(sgf.contains(";B[ay];W[ya];B[aa];W[yy];B[lm]"), "{sgf}");
    // A full game on the largest board, to the end.
    ok(&mut e, "clear_board");
    let mut moves = 0;
    while !e.is_over() {
        let color = if moves % 2 == 0 { "b" } else { "w" };
        ok(&mut e, &format!("genmove {color}"));
        moves += 1;
        assert!(moves < 5000, "the game ends");
    }
    assert!(ok(&mut e, "final_score").len() > 1);
}

#[test]
fn clear_board_keeps_size_komi_and_rules() {
    let mut e = engine("tromp-taylor", 9);
    ok(&mut e, "komi 0.5");
    play_all(&mut e, "b E5 w D5");
    ok(&mut e, "clear_board");
    assert_eq!(e.turns(), 0);
    assert_eq!(e.topology().grid_size(), Some((9, 9)));
    assert_eq!(ok(&mut e, "final_score"), "W+0.5");
    assert_eq!(
        ok(&mut e, "gorules-rules").lines().next(),
        Some("tromp-taylor")
    );
}

#[test]
fn komi_is_any_number_a_board_can_outscore() {
    let mut e = engine("chinese", 9);
    assert_eq!(ok(&mut e, "final_score"), "W+7.5", "chinese's default");
    ok(&mut e, "komi -3");
    assert_eq!(ok(&mut e, "final_score"), "B+3");
    ok(&mut e, "komi 0");
    assert_eq!(ok(&mut e, "final_score"), "0", "a draw is 0");
    // Beyond ±10000 points (more than any board can score) or not a number: refused, and
    // the komi stays.
    ok(&mut e, "komi -10000");
    for bad in ["komi 1e308", "komi 10000.5", "komi nan", "komi inf"] {
        assert!(fails(&mut e, bad).contains("komi"), "{bad}");
    }
    assert_eq!(ok(&mut e, "final_score"), "B+10000");
}

#[test]
fn play_either_colour_and_illegal_moves() {
    let mut e = engine("chinese", 9);
    // GTP lets either colour play, in any order.
    play_all(&mut e, "w E5 w D5 b pass b C3");
    assert_eq!(fails(&mut e, "play b E5"), "illegal move", "occupied");
    assert_eq!(fails(&mut e, "play b K5"), "illegal move", "off the board");
    assert_eq!(fails(&mut e, "play b J10"), "illegal move", "off the board");
    let mut e = engine("chinese", 9);
    play_all(&mut e, "b A2 b B1");
    assert_eq!(fails(&mut e, "play w A1"), "illegal move", "suicide");
    assert!(ok(&mut e, "gorules-explain_move w A1").starts_with("illegal suicide: "));
    let mut e = engine("chinese", 9);
    play_all(&mut e, KO);
    assert_eq!(fails(&mut e, "play w D4"), "illegal move", "the ko");
    assert!(ok(&mut e, "gorules-explain_move w D4").starts_with("illegal superko-positional: "));
    assert_eq!(ok(&mut e, "gorules-explain_move w D4").lines().count(), 1);
    // After a move elsewhere (a threat and an answer) the ko may be retaken.
    play_all(&mut e, "w H8 b H7 w D4");
}

#[test]
fn is_legal_as_gogui_asks() {
    let mut e = engine("chinese", 9);
    play_all(&mut e, KO);
    assert_eq!(ok(&mut e, "is_legal w D4"), "0");
    assert_eq!(ok(&mut e, "is_legal b D4"), "1", "Black may fill the ko");
    assert_eq!(ok(&mut e, "is_legal w E4"), "0", "occupied");
    assert_eq!(ok(&mut e, "is_legal w pass"), "1");
    assert_eq!(ok(&mut e, "is_legal w Z9"), "0", "off the board");
    assert!(fails(&mut e, "is_legal w 9Z").starts_with("syntax error"));
    let prohibited = ok(&mut e, "gorules-prohibited w");
    assert_eq!(prohibited, "D4 superko-positional");
    assert_eq!(
        ok(&mut e, "gorules-prohibited"),
        prohibited,
        "White is to move"
    );
    assert_eq!(ok(&mut e, "gorules-prohibited b"), "");
}

#[test]
fn tromp_taylor_allows_suicide_and_removes_the_stones() {
    let mut e = engine("tromp-taylor", 9);
    // (Black's E5 keeps the suicide from recreating an earlier board.)
    play_all(&mut e, "b A2 b B2 b C1 w A1 b E5 w B1");
    assert!(ok(&mut e, "showboard").contains(" 1 . . X . . "));
    // A one-stone suicide recreates the board: positional superko forbids it.
    let mut e = engine("tromp-taylor", 9);
    play_all(&mut e, "b A2 b B1");
    assert!(ok(&mut e, "gorules-explain_move w A1").starts_with("illegal superko-positional"));
    let mut c = engine("chinese", 9);
    play_all(&mut c, "b A2 b B2 b C1 w A1 b E5");
    assert!(ok(&mut c, "gorules-explain_move w B1").starts_with("illegal suicide"));
}

#[test]
fn genmove_plays_a_legal_move_reproducibly() {
    let run = |seed: u64| {
        let mut e = gtp::Engine::new(
            gtp::EngineConfig {
                size: 9,
                seed,
                ..gtp::EngineConfig::default()
            },
            crate::util::resolver(),
        )
        .unwrap();
        (0..20)
            .map(|i| ok(&mut e, if i % 2 == 0 { "genmove b" } else { "genmove w" }))
            .collect::<Vec<_>>()
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5), run(6));
    let mut e = engine("chinese", 9);
    let mv = ok(&mut e, "genmove b");
    assert_eq!(e.turns(), 1);
    assert_eq!(
        ok(&mut e, &format!("is_legal w {mv}")),
        "0",
        "{mv} now holds a stone"
    );
}

#[test]
fn reg_genmove_does_not_play() {
    let mut e = engine("chinese", 9);
    let mv = ok(&mut e, "reg_genmove b");
    assert_eq!(e.turns(), 0);
    assert_eq!(ok(&mut e, &format!("is_legal b {mv}")), "1");
}

#[test]
fn genmove_prefers_captures_and_never_fills_its_own_eyes() {
    let mut e = engine("chinese", 9);
    play_all(&mut e, "w E5 b D5 b F5 b E6");
    for _ in 0..5 {
        assert_eq!(ok(&mut e, "reg_genmove b"), "E4", "the only capture");
    }
    // 3×3, every point Black's but two eyes: nothing sensible is left for either player.
    let mut e = engine("chinese", 3);
    ok(&mut e, "set_free_handicap A3 B3 A2 B2 C2 B1 C1");
    assert_eq!(
        ok(&mut e, "genmove w"),
        "pass",
        "White's stone would be a suicide"
    );
    assert_eq!(
        ok(&mut e, "genmove b"),
        "pass",
        "both empty points are Black's eyes"
    );
    assert!(e.is_over());
    assert_eq!(ok(&mut e, "final_score"), "B+1.5");
}

#[test]
fn genmove_after_the_end_passes_without_playing() {
    let mut e = engine("chinese", 9);
    play_all(&mut e, "b pass w pass");
    assert!(e.is_over());
    assert_eq!(fails(&mut e, "play b E5"), "illegal move");
    assert!(ok(&mut e, "gorules-explain_move b E5").starts_with("illegal after-end"));
    assert_eq!(ok(&mut e, "genmove b"), "pass");
    assert_eq!(e.turns(), 2);
}

#[test]
fn undo_takes_back_one_move_at_a_time() {
    let mut e = engine("chinese", 9);
    assert_eq!(fails(&mut e, "undo"), "cannot undo");
    play_all(&mut e, KO);
    let before = ok(&mut e, "showboard");
    ok(&mut e, "play w H8");
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "showboard"), before);
    ok(&mut e, "undo"); // the capture at E4
    assert!(ok(&mut e, "showboard").contains(" 4 . . X O . O"));
    for _ in 0..8 {
        ok(&mut e, "undo");
    }
    assert_eq!(fails(&mut e, "undo"), "cannot undo");
    // Handicap stones are no move.
    ok(&mut e, "fixed_handicap 2");
    assert_eq!(fails(&mut e, "undo"), "cannot undo");
}

#[test]
fn showboard_draws_the_board_with_the_facts() {
    let mut e = engine("chinese", 9);
    play_all(&mut e, "b E5 w D5");
    let board = ok(&mut e, "showboard");
    let expected = "
   A B C D E F G H J
 9 . . . . . . . . . 9     rules: chinese
 8 . . . . . . . . . 8     komi: 7.5
 7 . . . . . . . . . 7     to move: black
 6 . . . . . . . . . 6     moves: 2
 5 . . . O X . . . . 5     captures: black 0, white 0
 4 . . . . . . . . . 4     last move: white D5
 3 . . . . . . . . . 3
 2 . . . . . . . . . 2
 1 . . . . . . . . . 1
   A B C D E F G H J";
    assert_eq!(board, expected);
    assert_eq!(ask(&mut e, "1 showboard"), format!("=1 {expected}\n\n"));
}

#[test]
fn final_score_counts_the_board_as_it_stands_until_dead_stones_are_named() {
    let mut e = engine("chinese", 9);
    play_all(&mut e, "b E5 w A1");
    // Every empty point reaches both colours: shared half and half (text 004).
    assert_eq!(ok(&mut e, "final_score"), "W+7.5");
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    assert_eq!(ok(&mut e, "final_status_list seki"), "");
    assert_eq!(ok(&mut e, "final_status_list alive"), "E5\nA1");
    ok(&mut e, "gorules-dead A1");
    assert_eq!(ok(&mut e, "gorules-dead"), "A1");
    assert_eq!(ok(&mut e, "final_score"), "B+73.5");
    assert_eq!(ok(&mut e, "final_status_list dead"), "A1");
    assert_eq!(ok(&mut e, "final_status_list ALIVE"), "E5");
    let breakdown = ok(&mut e, "gorules-score");
    assert!(
        breakdown.starts_with("B+73.5 (AreaSharedDame, assessment user)"),
        "{breakdown}"
    );
    assert!(
        breakdown.contains("black: 81 = stones 1 + territory 80"),
        "{breakdown}"
    );
    ok(&mut e, "gorules-dead none");
    assert_eq!(ok(&mut e, "final_score"), "W+7.5");
    assert!(fails(&mut e, "gorules-dead C3").contains("holds no stone"));
    // A move clears the dead stones.
    ok(&mut e, "gorules-dead A1");
    ok(&mut e, "play b C3");
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
}

/// An assessor that decides nothing about White's stones (and calls nothing dead), as the
/// control test does where its budget does not reach.
struct WhiteLeftOpen;

impl rules_core::Assessor for WhiteLeftOpen {
    fn assess(&self, board: &rules_core::Board) -> rules_core::Assessment {
        let mut a = rules_core::Assessment::none();
        a.source = rules_core::AssessmentSource::Proved;
        a.undecided = board
            .topology()
            .points()
            .filter(|&p| board.get(p) == Some(rules_core::Color::White))
            .collect();
        a
    }
}

#[test]
fn a_count_that_rests_on_undecided_stones_is_no_final_score() {
    let mut e = engine("chinese", 9);
    e.set_dead_stones(gtp::DeadStones::Assessor(Box::new(WhiteLeftOpen)));
    play_all(&mut e, "b E5 w A1");
    // As they stand W+7.5 (shared points); with A1 dead B+73.5, alive W+7.5. The area
    // count depends on A1 and on the 79 empty points its status could give to Black.
    let why = fails(&mut e, "final_score");
    assert_eq!(
        why,
        "cannot score: 80 point(s) left undecided by the dead-stone assessment (as they \
         stand: W+7.5); deciding them gives W+7.5 to B+73.5"
    );
    // The open chain has no status; the decided one keeps its own.
    assert_eq!(ok(&mut e, "final_status_list alive"), "E5");
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    let breakdown = ok(&mut e, "gorules-score");
    assert!(
        breakdown.contains("deciding them gives W+7.5 to B+73.5"),
        "{breakdown}"
    );
    // Dead stones named by the user decide everything: a score again.
    ok(&mut e, "gorules-dead A1");
    assert_eq!(ok(&mut e, "final_score"), "B+73.5");
    ok(&mut e, "gorules-dead none");
    // A stone whatever its status cannot move: settled, so a score.
    ok(&mut e, "clear_board");
    play_all(&mut e, "b E5");
    assert_eq!(ok(&mut e, "final_score"), "B+73.5");
}

#[test]
fn final_status_list_gives_one_chain_per_line() {
    let mut e = engine("chinese", 9);
    play_all(&mut e, "b A1 b B1 b C1 w E5 w E6 b J9");
    assert_eq!(ok(&mut e, "final_status_list alive"), "J9\nE6 E5\nA1 B1 C1");
    ok(&mut e, "gorules-dead B1");
    assert_eq!(
        ok(&mut e, "final_status_list dead"),
        "A1 B1 C1",
        "the whole chain"
    );
}

#[test]
fn handicap_commands() {
    let mut e = engine("chinese", 19);
    assert_eq!(ok(&mut e, "fixed_handicap 2"), "D4 Q16");
    assert!(ok(&mut e, "showboard").contains("to move: white"));
    assert!(fails(&mut e, "fixed_handicap 3").contains("not empty"));
    ok(&mut e, "clear_board");
    assert_eq!(
        ok(&mut e, "fixed_handicap 9"),
        "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"
    );
    ok(&mut e, "clear_board");
    assert_eq!(
        fails(&mut e, "fixed_handicap 10"),
        "invalid number of stones"
    );
    assert_eq!(
        fails(&mut e, "fixed_handicap 1"),
        "invalid number of stones"
    );
    assert_eq!(ok(&mut e, "place_free_handicap 3"), "D4 Q16 D16");
    ok(&mut e, "clear_board");
    ok(&mut e, "set_free_handicap C3 R17 K10");
    assert!(fails(&mut e, "set_free_handicap A1 B1").contains("not empty"));
    ok(&mut e, "clear_board");
    assert!(fails(&mut e, "set_free_handicap A1 A1").contains("twice"));
    assert!(fails(&mut e, "set_free_handicap A1").contains("invalid number"));
    ok(&mut e, "set_free_handicap A1 B2");
    let sgf = ok(&mut e, "printsgf");
    assert!(sgf.contains("HA[2]"), "{sgf}");
    assert!(sgf.contains("AB[as][br]PL[W]"), "{sgf}");
}

#[test]
fn printsgf_and_loadsgf_round_trip() {
    let mut e = engine("chinese", 9);
    ok(&mut e, "komi 6.5");
    play_all(&mut e, &format!("{KO} w pass b G7 w pass b pass"));
    assert!(e.is_over());
    let sgf = ok(&mut e, "printsgf");
    assert!(sgf.starts_with("(;GM[1]FF[4]CA[UTF-8]AP[gorules:"), "{sgf}");
    assert!(sgf.contains("SZ[9]KM[6.5]RU[chinese]"), "{sgf}");
    assert!(sgf.contains(";B[gc];W[];B[])"), "{sgf}");
    let result = ok(&mut e, "final_score");
    assert!(sgf.contains(&format!("RE[{result}]")), "{sgf}");
    let path = temp_path("round-trip.sgf");
    ok(&mut e, &format!("printsgf {}", path.display()));
    assert_eq!(std::fs::read_to_string(&path).unwrap().trim_end(), sgf);

    let mut f = engine("chinese", 19);
    ok(&mut f, &format!("loadsgf {}", path.display()));
    assert_eq!(f.topology().grid_size(), Some((9, 9)));
    assert_eq!(ok(&mut f, "printsgf"), sgf);
    assert_eq!(ok(&mut f, "showboard"), ok(&mut e, "showboard"));
    assert_eq!(ok(&mut f, "final_score"), result);
    // Up to and not including move 9: the ko capture is not made yet.
    ok(&mut f, &format!("loadsgf {} 9", path.display()));
    assert_eq!(f.turns(), 8);
    assert!(ok(&mut f, "showboard").contains("to move: black"));
    assert_eq!(ok(&mut f, "is_legal b E4"), "1");
    ok(&mut f, &format!("loadsgf {} 1", path.display()));
    assert_eq!(f.turns(), 0);
    ok(&mut f, &format!("loadsgf {} 1000", path.display()));
    assert_eq!(f.turns(), 13);
}

#[test]
fn loadsgf_reads_setups_and_refuses_what_it_cannot_hold() {
    let mut e = engine("chinese", 19);
    let path = temp_path("setup.sgf");
    std::fs::write(
        &path,
        "(;GM[1]FF[4]SZ[5]KM[0.5]HA[2]AB[bb][dd]AW[cc]PL[W];W[cd];B[];W[ab])",
    )
    .unwrap();
    ok(&mut e, &format!("loadsgf {}", path.display()));
    assert_eq!(e.turns(), 3);
    let board = ok(&mut e, "showboard");
    assert!(board.contains(" 4 O X . . . 4"), "{board}");
    assert!(board.contains("komi: 0.5"), "{board}");
    assert!(board.contains("handicap: 2"), "{board}");
    let sgf = ok(&mut e, "printsgf");
    assert!(sgf.contains("AB[bb][dd]AW[cc]PL[W]"), "{sgf}");

    assert!(fails(&mut e, "loadsgf /no/such/file.sgf").starts_with("cannot load file"));
    std::fs::write(&path, "(;GM[1]SZ[26])").unwrap();
    assert!(fails(&mut e, &format!("loadsgf {}", path.display())).contains("at most 25x25"));
    std::fs::write(&path, "(;GM[1]SZ[9:7])").unwrap();
    assert!(fails(&mut e, &format!("loadsgf {}", path.display())).contains("square"));
    std::fs::write(&path, "not sgf at all").unwrap();
    assert!(fails(&mut e, &format!("loadsgf {}", path.display())).starts_with("cannot load file"));
    // A game with a move our ruleset forbids (a suicide under chinese) is refused whole.
    std::fs::write(&path, "(;GM[1]SZ[9];B[ab];B[ba];W[aa])").unwrap();
    let msg = fails(&mut e, &format!("loadsgf {}", path.display()));
    assert!(
        msg.contains("move 3 (white A9) is illegal under chinese: suicide"),
        "{msg}"
    );
    assert_eq!(e.turns(), 3, "the position before stays");
    // A move off the board is refused by its record move number; a load that stops before it
    // holds the moves up to it.
    std::fs::write(&path, "(;GM[1]SZ[5];B[aa];W[];B[zz];W[bb])").unwrap();
    let msg = fails(&mut e, &format!("loadsgf {}", path.display()));
    assert_eq!(msg, "cannot load file: move 3 (zz) is off the board");
    assert_eq!(e.turns(), 3, "the position before stays");
    ok(&mut e, &format!("loadsgf {} 3", path.display()));
    assert_eq!(e.turns(), 2);
}

/// With the estimator as the source of dead stones (`gorules gtp`'s default), a finished
/// game is counted with the estimate's dead stones and its seki told apart; before the end,
/// and with stones named by `gorules-dead`, the board counts as it stands or as named.
#[test]
fn a_finished_game_is_counted_with_the_estimate() {
    let fixture = |name: &str| {
        format!(
            "loadsgf {}/../../fixtures/estimate/{name}.sgf",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    let mut e = engine("chinese", 9);
    e.set_dead_stones(gtp::DeadStones::Estimate(estimate::Options::default()));
    // White's stone C8 is dead (the estimate; no proof decides it).
    ok(&mut e, &fixture("only-the-estimator-decides"));
    assert!(e.is_over());
    assert_eq!(ok(&mut e, "final_score"), "W+37.5");
    assert_eq!(ok(&mut e, "final_status_list dead"), "C8");
    assert_eq!(ok(&mut e, "final_status_list seki"), "");
    // Named dead stones win; `none` gives the estimate back.
    ok(&mut e, "gorules-dead G9");
    assert_eq!(
        ok(&mut e, "final_status_list dead"),
        "G9 G8 G7 G6 G5 A4 B4 C4 D4 E4 F4 G4"
    );
    ok(&mut e, "gorules-dead none");
    assert_eq!(ok(&mut e, "final_score"), "W+37.5");
    // Before the end (one pass taken back), the board as it stands.
    ok(&mut e, "undo");
    assert!(!e.is_over());
    assert_eq!(ok(&mut e, "final_score"), "W+50.5");
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    // A seki in the corner: its chains are listed as seki, not alive, and not killed.
    ok(&mut e, &fixture("corner-seki-kept"));
    assert_eq!(
        ok(&mut e, "final_status_list seki"),
        "B9 C9 D9 E9 E8 A7 B7 C7 D7 E7\nA8 B8 C8"
    );
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    assert_eq!(
        ok(&mut e, "final_status_list alive"),
        "F9 F8 F7 A6 B6 C6 D6 E6 F6"
    );
    assert_eq!(ok(&mut e, "final_score"), "W+65.5");
}
