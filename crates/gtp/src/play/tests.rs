//! The match's words and counts.

use super::count::{compare_score, engine_margin};
use super::words::*;
use super::*;
use rules_core::ScoreBreakdown;
use serde_json::{Value, json};

#[test]
fn dates_are_utc_days() {
    let at = |secs: i64| date_of(time::OffsetDateTime::from_unix_timestamp(secs).unwrap());
    assert_eq!(at(0), "1970-01-01");
    assert_eq!(at(86_399), "1970-01-01");
    assert_eq!(at(19_723 * 86_400 + 5), "2024-01-01");
    assert_eq!(at(11_016 * 86_400), "2000-02-29");
    assert_eq!(at(47_540 * 86_400), "2100-02-28");
    assert_eq!(at(-86_400), "1969-12-31");
    // A moment given in another offset is dated in UTC.
    let east = time::OffsetDateTime::from_unix_timestamp(86_399)
        .unwrap()
        .to_offset(time::UtcOffset::from_hms(2, 0, 0).unwrap());
    assert_eq!(date_of(east), "1970-01-01");
    // Today is a date: YYYY-MM-DD.
    let t = today();
    let digits = |r: std::ops::Range<usize>| t[r].bytes().all(|b| b.is_ascii_digit());
    assert!(
        t.len() == 10
            && digits(0..4)
            && &t[4..5] == "-"
            && digits(5..7)
            && &t[7..8] == "-"
            && digits(8..10),
        "{t}"
    );
}

#[test]
fn engine_scores_are_compared_by_winner_and_margin() {
    use rules_core::{ScoringMethod, SideScore};
    // An area count: Black's stones, White's stones plus komi.
    let area = |black: u32, white: u32, komi: f64| {
        ScoreBreakdown::new(
            ScoringMethod::AreaSharedDame,
            SideScore {
                stones: black,
                ..SideScore::default()
            },
            SideScore {
                stones: white,
                komi,
                ..SideScore::default()
            },
            komi,
        )
    };
    let s = area(10, 3, 3.5);
    let same = |t: &str, s: &ScoreBreakdown| compare_score(t, s);
    assert_eq!(same("B+3.5", &s), Some(true));
    assert_eq!(same("B+3.50", &s), Some(true));
    assert_eq!(same("W+3.5", &s), Some(false));
    assert_eq!(same("B+4", &s), Some(false));
    assert_eq!(same("nonsense", &s), Some(false));
    assert_eq!(same("0", &s), Some(false));
    assert_eq!(same("? cannot score: 3 point(s) left undecided", &s), None);
    // A draw: an engine's `0` is Black's margin 0.
    let even = area(10, 6, 4.0);
    assert!(even.margin.abs() < 1e-9);
    assert_eq!(engine_margin("0"), Some(0.0));
    assert_eq!(same("0", &even), Some(true));
    assert_eq!(same("B+0.5", &even), Some(false));

    // Resting on undecided points: only a count outside what deciding them could give
    // differs; the rest is not compared, the count as it stands included.
    let mut open = s.clone();
    open.undecided = 12;
    open.undecided_range = Some(rules_core::MarginRange {
        white_best: -2.5,
        black_best: 9.5,
    });
    assert!(!open.is_settled());
    assert_eq!(same("B+3.5", &open), None);
    assert_eq!(same("W+2.5", &open), None);
    assert_eq!(same("0", &open), None);
    assert_eq!(same("W+3", &open), Some(false));
    assert_eq!(same("B+10", &open), Some(false));
    assert_eq!(same("? cannot score", &open), None);
    assert_eq!(
        undecided_words(12, "W+2.5 to B+9.5", Some("B+3.5")),
        "12 point(s) undecided, deciding them gives W+2.5 to B+9.5 (as they stand: B+3.5)"
    );
}

/// A report of game `number` between `black` and `white`, ended and resulted as given,
/// with nothing else said.
fn report(number: u32, black: &str, white: &str, end: End, result: &str) -> GameReport {
    GameReport {
        number,
        names: PerColor::new(black.to_owned(), white.to_owned()),
        moves: 10,
        end,
        result: result.to_owned(),
        referee: None,
        undecided: None,
        referee_notes: Vec::new(),
        engine_scores: PerColor::new(None, None),
        agree: PerColor::new(None, None),
        dead: Vec::new(),
        sgf: None,
    }
}

#[test]
fn the_summary_counts_wins_by_engine_and_every_other_kind_of_game() {
    let illegal = || End::Illegal {
        color: Color::Black,
        mv: "A1".to_owned(),
        reason: "occupied".to_owned(),
        rule: "r".to_owned(),
    };
    // A match of nine games with --alternate: a (--black) plays Black in the odd games.
    let mut reports = vec![
        report(1, "a", "b", End::Passes, "B+3.5"),
        report(2, "b", "a", End::Passes, "B+0.5"),
        report(3, "a", "b", End::Resignation(Color::Black), "W+R"),
        report(4, "b", "a", illegal(), "W+F"),
        report(5, "a", "b", End::MaxMoves, "Void"),
        report(6, "b", "a", End::EngineError("x".to_owned()), "Void"),
        report(7, "a", "b", End::Passes, "?"),
        report(8, "b", "a", End::Passes, "?"),
        report(9, "a", "b", End::Passes, "Draw"),
    ];
    reports[0].agree = PerColor::new(Some(true), Some(false));
    reports[1].agree = PerColor::new(Some(false), None);
    reports[6].agree = PerColor::new(Some(true), Some(true));
    // a won games 1 (by the count) and 4 (b's illegal move), b games 2 (by the count) and 3
    // (a resigned); game 9 is a draw.
    assert_eq!(
        summary(&reports, &labels("a", "b"), true),
        "9 game(s): a won 2, b won 2; 1 ended by an illegal move, 2 void, 2 with no \
         result (the count rests on undecided points), 2 with an engine's count \
         differing from the referee's\n"
    );
    // Without --alternate the engine given with --black played Black in every game: games
    // 1 and 2 are its wins. Without open games nothing is said of them.
    assert_eq!(
        summary(&reports[..3], &labels("a", "b"), false),
        "3 game(s): a won 2, b won 1; 0 ended by an illegal move, 0 void, 2 with an \
         engine's count differing from the referee's\n"
    );
    // Two engines with one name (two levels of one program) are told apart by their flags.
    assert_eq!(
        summary(&reports[..3], &labels("a", "a"), true),
        "3 game(s): a (--black) won 1, a (--white) won 2; 0 ended by an illegal move, 0 \
         void, 2 with an engine's count differing from the referee's\n"
    );
    assert!(!swapped(false, 2) && !swapped(true, 1) && swapped(true, 2) && !swapped(true, 3));
}

#[test]
fn a_text_line_says_the_end_the_counts_the_dead_stones_and_the_notes() {
    let mut r = report(3, "a 1.0", "b", End::Passes, "?");
    r.referee = Some("B+2.5".to_owned());
    r.undecided = Some((4, "W+1.5 to B+6.5".to_owned()));
    r.engine_scores = PerColor::new(Some("B+2.5".to_owned()), Some("W+9".to_owned()));
    r.agree = PerColor::new(None, Some(false));
    r.dead = vec!["A1".to_owned(), "B2".to_owned()];
    r.referee_notes = vec!["b has no final_status_list".to_owned()];
    r.sgf = Some(PathBuf::from("games/game-003.sgf"));
    assert_eq!(
        text_line(&r, &r.names),
        "game 3: a 1.0 (B) vs b (W): ? — the game is over (passes) after 10 moves; \
         referee: 4 point(s) undecided, deciding them gives W+1.5 to B+6.5 (as they \
         stand: B+2.5); black says B+2.5; white says W+9 (DIFFERS); 2 dead stone(s); \
         note: b has no final_status_list; games/game-003.sgf"
    );
    let bare = report(1, "a", "b", End::MaxMoves, "Void");
    assert_eq!(
        text_line(&bare, &bare.names),
        "game 1: a (B) vs b (W): Void — stopped at --max-moves after 10 moves"
    );
    let resigned = report(2, "a", "b", End::Resignation(Color::White), "B+R");
    assert_eq!(
        text_line(&resigned, &resigned.names),
        "game 2: a (B) vs b (W): B+R — b (white) resigned after 10 moves"
    );
}

#[test]
fn the_json_line_gives_the_illegal_move_or_the_engine_error_by_the_end() {
    let failed = report(
        1,
        "a",
        "b",
        End::EngineError("a failed genmove".to_owned()),
        "Void",
    );
    let j = json_line(&failed, false);
    assert_eq!(j["swapped"], false);
    assert_eq!(j["end"], "engine-error");
    assert_eq!(j["error"], "a failed genmove");
    assert_eq!(j["illegal"], Value::Null);
    let illegal = End::Illegal {
        color: Color::Black,
        mv: "Z9".to_owned(),
        reason: "not-a-move".to_owned(),
        rule: "GTP".to_owned(),
    };
    let j = json_line(&report(2, "a", "b", illegal, "W+F"), true);
    assert_eq!(j["swapped"], true);
    assert_eq!(j["end"], "illegal-move");
    assert_eq!(j["error"], Value::Null);
    assert_eq!(
        j["illegal"],
        json!({"color": "black", "move": "Z9", "reason": "not-a-move", "rule": "GTP"})
    );
    for (end, code) in [
        (End::Passes, "passes"),
        (End::Resignation(Color::Black), "resignation"),
        (End::MaxMoves, "max-moves"),
    ] {
        let j = json_line(&report(3, "a", "b", end, "Void"), false);
        assert_eq!(j["end"], code);
        assert_eq!(j["error"], Value::Null);
        assert_eq!(j["illegal"], Value::Null);
    }
}

#[test]
fn the_game_comment_lists_the_dead_stones_only_when_there_are_some() {
    let config = crate::EngineConfig {
        rules: "chinese".to_owned(),
        komi: Some(7.5),
        size: 9,
        ..crate::EngineConfig::default()
    };
    let referee = Engine::new(config, crate::registry_resolver(Default::default())).unwrap();
    let mut r = report(2, "a", "b", End::Passes, "B+1.5");
    r.referee = Some("B+1.5".to_owned());
    r.engine_scores = PerColor::new(None, Some("B+1.5".to_owned()));
    let comment = game_comment(&r, &referee);
    assert!(
        comment.starts_with("gorules play, referee chinese ("),
        "{comment}"
    );
    assert!(
        comment.ends_with(
            ", game 2\nend: the game is over (passes) after 10 moves\nreferee's count: \
             B+1.5\nb (white) says: B+1.5\n"
        ),
        "{comment}"
    );
    r.dead = vec!["C3".to_owned(), "D4".to_owned()];
    r.referee_notes = vec!["a has no final_status_list".to_owned()];
    let comment = game_comment(&r, &referee);
    assert!(
        comment
            .ends_with("b (white) says: B+1.5\ndead stones: C3 D4\na has no final_status_list\n"),
        "{comment}"
    );
}
