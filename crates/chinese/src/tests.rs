//! Unit tests, one or more per rule, each on a position drawn as a diagram: `X` black, `O`
//! white, `.` empty; row 0 is the top edge, and points are named in SGF letters (`ab` =
//! column a, row b).

use super::*;
use rules_core::Reason;
use rules_core::point::Move;
use rules_core::{Assessment, AssessmentSource, Topology, Winner};
use std::sync::Arc;
use tromp_taylor::TrompTaylor;

fn position(rows: &[&str]) -> Board {
    Board::from_diagram(rows).unwrap()
}

fn start(rows: &[&str], to_move: Color) -> StartPosition {
    StartPosition::new(position(rows), to_move)
}

fn pt(g: &dyn GameState, s: &str) -> Point {
    g.board().topology().parse_sgf(s).unwrap()
}

fn place(g: &dyn GameState, s: &str) -> Move {
    Move::Place(pt(g, s))
}

fn play(g: &mut dyn GameState, color: Color, s: &str) -> Result<TurnEffect, Illegal> {
    let mv = if s.is_empty() {
        Move::Pass
    } else {
        place(g, s)
    };
    g.play(&Turn::new(color, mv))
}

fn input(komi: f64, handicap: u32, assessment: &Assessment) -> ScoringInput<'_> {
    ScoringInput {
        komi,
        handicap,
        assessment,
    }
}

fn score_with(g: &dyn GameState, komi: f64, handicap: u32, a: &Assessment) -> ScoreBreakdown {
    g.score(&input(komi, handicap, a)).unwrap()
}

fn score(g: &dyn GameState, komi: f64) -> ScoreBreakdown {
    score_with(g, komi, 0, &Assessment::none())
}

fn dead(g: &dyn GameState, points: &[&str]) -> Assessment {
    Assessment {
        source: AssessmentSource::User,
        dead: points.iter().map(|s| pt(g, s)).collect(),
        ..Assessment::default()
    }
}

const ALLOW_SUICIDE: Chinese = Chinese {
    suicide: SuicideRule::Allowed,
    ko: KoRule::Superko,
    superko: SuperkoKind::Positional,
    compensation: Compensation::None,
    after_two_passes: AfterTwoPasses::End,
};

const SITUATIONAL: Chinese = Chinese {
    suicide: SuicideRule::Forbidden,
    ko: KoRule::Superko,
    superko: SuperkoKind::Situational,
    compensation: Compensation::None,
    after_two_passes: AfterTwoPasses::End,
};

// ---------------------------------------------------------------- the ruleset and its options

#[test]
fn id_komi_counting_and_description_name_every_option() {
    let c = Chinese::default();
    assert_eq!(c.id(), "chinese");
    assert_eq!(c.default_komi(), 7.5);
    assert_eq!(c.counting(), Counting::Area);
    assert!(c.uses_assessment());
    let d = c.describe();
    for word in [
        "suicide forbidden",
        "positional superko",
        "handicap compensation none",
    ] {
        assert!(d.contains(word), "{d}");
    }
    assert!(d.contains("two passes end the game"), "{d}");
    let d = Chinese {
        suicide: SuicideRule::Allowed,
        ko: KoRule::Superko,
        superko: SuperkoKind::Situational,
        compensation: Compensation::NMinusOne,
        after_two_passes: AfterTwoPasses::Resume,
    }
    .describe();
    assert!(d.contains("play may resume after two passes"), "{d}");
    for word in [
        "suicide allowed",
        "situational superko",
        "N−1 points to White",
    ] {
        assert!(d.contains(word), "{d}");
    }
}

#[test]
fn options_parse_from_their_command_line_words() {
    assert_eq!("forbidden".parse(), Ok(SuicideRule::Forbidden));
    assert_eq!("Allowed".parse(), Ok(SuicideRule::Allowed));
    assert!("yes".parse::<SuicideRule>().is_err());
    assert_eq!("none".parse(), Ok(Compensation::None));
    assert_eq!("n".parse(), Ok(Compensation::N));
    assert_eq!("N-1".parse(), Ok(Compensation::NMinusOne));
    let err = "n+1".parse::<Compensation>().unwrap_err();
    assert!(err.to_string().contains("none, n, n-1"), "{err}");
    assert_eq!(parse_superko("situational"), Ok(SuperkoKind::Situational));
    assert_eq!(parse_superko("positional"), Ok(SuperkoKind::Positional));
    assert!(parse_superko("simple").is_err());
    for c in [Compensation::None, Compensation::N, Compensation::NMinusOne] {
        assert_eq!(c.code().parse(), Ok(c));
        assert_eq!(c.to_string(), c.code());
    }
    for s in [SuicideRule::Forbidden, SuicideRule::Allowed] {
        assert_eq!(s.code().parse(), Ok(s));
        assert_eq!(s.to_string(), s.code());
    }
    for a in [AfterTwoPasses::End, AfterTwoPasses::Resume] {
        assert_eq!(a.code().parse(), Ok(a));
        assert_eq!(a.to_string(), a.code());
    }
    assert!("continue".parse::<AfterTwoPasses>().is_err());
}

// ---------------------------------------------------------------- rule 2: occupied points

#[test]
fn a_stone_goes_on_an_empty_point() {
    let s = start(&["X..", "...", "..."], Color::White);
    let mut g = Chinese::default().start(&s);
    let err = play(&mut *g, Color::White, "aa").unwrap_err();
    assert_eq!(err.reason, Reason::Occupied);
    assert!(err.rule.contains("rule 2"));
}

// ---------------------------------------------------------------- rule 5: 禁着点

#[test]
fn single_stone_suicide_is_a_forbidden_point() {
    // . X        White a1 ("aa" here, the top-left corner) would have no liberty and
    // X .        capture nothing.
    let s = start(&[".X", "X."], Color::White);
    let mut g = Chinese::default().start(&s);
    let err = play(&mut *g, Color::White, "aa").unwrap_err();
    assert_eq!(err.reason, Reason::Suicide);
    assert_eq!(err.repeats_turn, None);
    assert!(
        err.rule.contains("rule 5 (禁着点, text 004)"),
        "{}",
        err.rule
    );
    assert!(err.rule.contains("text 003 Addendum 1"));
    // Nothing changed.
    assert_eq!(g.board().stone_counts(), PerColor::new(2, 0));
}

#[test]
fn multi_stone_suicide_is_a_forbidden_point() {
    // O X .     White ab joins aa; the pair would have no liberty and captures nothing.
    // . X .
    // X . .
    let s = start(&["OX.", ".X.", "X.."], Color::White);
    let mut g = Chinese::default().start(&s);
    let err = play(&mut *g, Color::White, "ab").unwrap_err();
    assert_eq!(err.reason, Reason::Suicide);
    assert_eq!(g.board().stone_counts(), PerColor::new(3, 1));
}

#[test]
fn a_capture_that_looks_like_suicide_is_legal() {
    // . X O .   Black cb has no liberty once placed, but White bb loses its last one:
    // X O . O   提子 — when both sides are without liberties, the opponent's stones go —
    // . X O .   so bb is captured and cb lives on the liberty it leaves.
    let s = start(&[".XO.", "XO.O", ".XO."], Color::Black);
    let mut g = Chinese::default().start(&s);
    let e = play(&mut *g, Color::Black, "cb").unwrap();
    assert_eq!(e.captured, 1);
    assert_eq!(e.suicided, 0);
    let bb = pt(&*g, "bb");
    assert!(g.board().is_empty_at(bb));
    assert_eq!(g.tally().captures.black, 1);
}

#[test]
fn filling_ones_own_last_liberty_is_suicide_even_next_to_opponents_in_atari_elsewhere() {
    // The white stone at dc is in atari, but Black's move at aa does not touch it: a
    // capture must come from the stone just placed (提子 "下子后").
    let s = start(&[".X..", "X.XO", "..O.", "...."], Color::White);
    let mut g = Chinese::default().start(&s);
    let err = play(&mut *g, Color::White, "aa").unwrap_err();
    assert_eq!(err.reason, Reason::Suicide);
}

#[test]
fn suicide_allowed_behaves_like_tromp_taylor() {
    // Multi-stone suicide: legal, removes one's own stones.
    let s = start(&["OX.", ".X.", "X.."], Color::White);
    let mut g = ALLOW_SUICIDE.start(&s);
    let mut tt = TrompTaylor.start(&s);
    let e = play(&mut *g, Color::White, "ab").unwrap();
    let t = play(&mut *tt, Color::White, "ab").unwrap();
    assert_eq!(e, t);
    assert_eq!(e.suicided, 2);
    assert_eq!(g.board().hash(), tt.board().hash());
    assert_eq!(g.tally(), tt.tally());
    // Single-stone suicide: the board does not change, so it repeats (positional superko).
    let s = start(&[".X", "X."], Color::White);
    let mut g = ALLOW_SUICIDE.start(&s);
    let mut tt = TrompTaylor.start(&s);
    let err = play(&mut *g, Color::White, "aa").unwrap_err();
    let t = play(&mut *tt, Color::White, "aa").unwrap_err();
    assert_eq!(err.reason, Reason::PositionalSuperko);
    assert_eq!(err.reason, t.reason);
    assert_eq!(err.repeats_turn, Some(0));
    assert!(ALLOW_SUICIDE.describe().contains("suicide allowed"));
}

#[test]
fn force_carries_out_a_forbidden_suicide_as_the_board_dictates() {
    let s = start(&["OX.", ".X.", "X.."], Color::White);
    let mut g = Chinese::default().start(&s);
    let mv = place(&*g, "ab");
    let e = g.force(&Turn::new(Color::White, mv)).unwrap();
    assert_eq!(e.suicided, 2);
    assert_eq!(g.tally().self_captures.white, 2);
    assert_eq!(g.to_move(), Color::Black);
    // Forcing onto a stone is impossible.
    let mv = place(&*g, "ba");
    let err = g.force(&Turn::new(Color::Black, mv)).unwrap_err();
    assert_eq!(err.reason, Reason::Occupied);
}

// ---------------------------------------------------------------- rule 6: 禁止全局同形

#[test]
fn retaking_a_ko_at_once_repeats_the_board() {
    let s = start(&[".XO.", "XO.O", ".XO."], Color::Black);
    let mut g = Chinese::default().start(&s);
    play(&mut *g, Color::Black, "cb").unwrap();
    let err = play(&mut *g, Color::White, "bb").unwrap_err();
    assert_eq!(err.reason, Reason::PositionalSuperko);
    assert_eq!(err.repeats_turn, Some(0));
    assert!(err.rule.contains("禁止全局同形"));
    assert!(err.rule.contains("B_k ≠ B_{k−i}"));
    // Situational superko forbids it too: the same board with Black to move is the start.
    let mut g = SITUATIONAL.start(&s);
    play(&mut *g, Color::Black, "cb").unwrap();
    let err = play(&mut *g, Color::White, "bb").unwrap_err();
    assert_eq!(err.reason, Reason::SituationalSuperko);
    assert_eq!(err.repeats_turn, Some(0));
}

/// The position where positional and situational superko differ ("send two, return one"):
///
/// ```text
///   a b c d          Black to move.
/// a . X . X          1. Black aa: the pair aa-ba is left with one liberty, ca.
/// b O O X X          2. White ca captures the pair (two stones).
/// c . . . .          3. Black ba captures ca (one stone): the board is the start again.
/// d . . . .
/// ```
///
/// After move 3 the board is the one the game started from, so positional superko (text
/// 004's math, `B_3 = B_0`) forbids move 3. But the game started with *Black* to move, and
/// after move 3 *White* is to move: White has never faced this board, so the situational
/// reading of 禁止全局同形 ("不得使对方重复面临曾出现过的局面") allows it.
fn send_two_return_one() -> StartPosition {
    start(&[".X.X", "OOXX", "....", "...."], Color::Black)
}

#[test]
fn positional_and_situational_superko_differ() {
    let s = send_two_return_one();
    let mut pos = Chinese::default().start(&s);
    let mut sit = SITUATIONAL.start(&s);
    for g in [&mut pos, &mut sit] {
        play(&mut **g, Color::Black, "aa").unwrap();
        let e = play(&mut **g, Color::White, "ca").unwrap();
        assert_eq!(e.captured, 2);
    }
    let err = play(&mut *pos, Color::Black, "ba").unwrap_err();
    assert_eq!(err.reason, Reason::PositionalSuperko);
    assert_eq!(err.repeats_turn, Some(0));
    let e = play(&mut *sit, Color::Black, "ba").unwrap();
    assert_eq!(e.captured, 1);
    assert!(sit.board().same_coloring(&s.board));
    assert_eq!(sit.to_move(), Color::White);
    // Tromp–Taylor agrees with positional.
    let mut tt = TrompTaylor.start(&s);
    play(&mut *tt, Color::Black, "aa").unwrap();
    play(&mut *tt, Color::White, "ca").unwrap();
    assert_eq!(
        play(&mut *tt, Color::Black, "ba").unwrap_err().reason,
        Reason::PositionalSuperko
    );
    // The count after two passes (the fixture superko_situational_allows): Black 4 stones +
    // 1 point (ca) + 9 shared / 2; White 2 stones + 9 shared / 2.
    play(&mut *sit, Color::White, "").unwrap();
    play(&mut *sit, Color::Black, "").unwrap();
    assert!(sit.is_over());
    let sc = score(&*sit, 0.5);
    assert_eq!(
        (sc.black.stones, sc.black.territory, sc.black.shared),
        (4, 1, 9)
    );
    assert_eq!(sc.black.total, 9.5);
    assert_eq!(sc.white.total, 2.0 + 4.5 + 0.5);
    assert_eq!(sc.result(), "B+2.5");
}

#[test]
fn situational_superko_counts_boards_faced_after_a_pass() {
    // The ko of the test above, White to move first. White passes: Black now faces the
    // start board (a situation of its own). Black takes the ko, White takes it back: the
    // board is the start with Black to move — the situation after White's pass.
    let s = start(&[".XO.", "XO.O", ".XO."], Color::White);
    let mut g = SITUATIONAL.start(&s);
    play(&mut *g, Color::White, "").unwrap();
    play(&mut *g, Color::Black, "cb").unwrap();
    let err = play(&mut *g, Color::White, "bb").unwrap_err();
    assert_eq!(err.reason, Reason::SituationalSuperko);
    assert_eq!(
        err.repeats_turn,
        Some(1),
        "the position after the pass (turn 1)"
    );
    assert!(err.rule.contains("面临"));
}

#[test]
fn a_pass_is_always_legal_and_two_passes_end_the_game() {
    let s = start(&["...", "...", "..."], Color::Black);
    let mut g = Chinese::default().start(&s);
    assert!(!play(&mut *g, Color::Black, "").unwrap().ended);
    assert!(!g.is_over());
    let e = play(&mut *g, Color::White, "").unwrap();
    assert!(e.ended);
    assert!(g.is_over());
    for mv in ["bb", ""] {
        let err = play(&mut *g, Color::Black, mv).unwrap_err();
        assert_eq!(err.reason, Reason::AfterEnd);
        assert!(err.rule.contains("rule 7 (终局"));
    }
    assert_eq!(g.tally().passes, 2);
}

#[test]
fn play_may_resume_after_two_passes_on_dispute_when_asked() {
    // Text 003 End 1: "On dispute the game continues". Off by default (text 004 rule 7).
    let rules = Chinese {
        after_two_passes: AfterTwoPasses::Resume,
        ..Chinese::default()
    };
    let s = start(&["...", "...", "..."], Color::Black);
    let mut g = rules.start(&s);
    play(&mut *g, Color::Black, "").unwrap();
    play(&mut *g, Color::White, "").unwrap();
    assert!(g.is_over());
    assert!(g.take_events().is_empty());
    // A third pass keeps the game over, and resumes nothing.
    play(&mut *g, Color::Black, "").unwrap();
    assert!(g.is_over());
    assert!(g.take_events().is_empty());
    let e = play(&mut *g, Color::White, "bb").unwrap();
    assert!(!e.ended);
    assert!(!g.is_over());
    let events = g.take_events();
    assert_eq!(events.len(), 1);
    assert!(matches!(
        &events[0],
        rules_core::Event::ResumedAfterPasses { color: Color::White, rule } if rule.contains("On dispute")
    ));
    play(&mut *g, Color::Black, "").unwrap();
    assert!(play(&mut *g, Color::White, "").unwrap().ended);
    // Repetition still holds across the resumption.
    let mut g = rules.start(&start(&[".XO.", "XO.O", ".XO."], Color::Black));
    play(&mut *g, Color::Black, "").unwrap();
    play(&mut *g, Color::White, "").unwrap();
    play(&mut *g, Color::Black, "cb").unwrap();
    assert_eq!(
        play(&mut *g, Color::White, "bb").unwrap_err().reason,
        Reason::PositionalSuperko
    );
}

#[test]
fn a_move_between_passes_restarts_the_count_of_passes() {
    let s = start(&["...", "...", "..."], Color::Black);
    let mut g = Chinese::default().start(&s);
    play(&mut *g, Color::Black, "").unwrap();
    play(&mut *g, Color::White, "bb").unwrap();
    play(&mut *g, Color::Black, "").unwrap();
    assert!(!g.is_over());
    play(&mut *g, Color::White, "").unwrap();
    assert!(g.is_over());
}

#[test]
fn a_turn_is_a_stone_or_a_pass() {
    let s = start(&["...", "...", "..."], Color::Black);
    let mut g = Chinese::default().start(&s);
    let turn = Turn {
        color: Color::Black,
        pre: Some(rules_core::PreAction::RemoveCycle { start: 0 }),
        mv: Move::Pass,
    };
    assert_eq!(g.play(&turn).unwrap_err().reason, Reason::UnsupportedAction);
    assert_eq!(
        g.force(&turn).unwrap_err().reason,
        Reason::UnsupportedAction
    );
}

// ---------------------------------------------------------------- setups without liberties

#[test]
fn a_setup_without_liberties_is_cleared_by_the_next_move() {
    // X O .    The black stone at aa has no liberty (a setup can do that). White's move
    // O . .    anywhere removes it (提子: the opponent's stones without liberties go).
    // . . .
    let s = start(&["XO.", "O..", "..."], Color::White);
    let mut g = Chinese::default().start(&s);
    let e = play(&mut *g, Color::White, "cc").unwrap();
    assert_eq!(e.captured, 1);
    assert!(g.board().libertyless_chains().is_empty());
    // Black to move: its own libertyless stone goes, but that is no suicide (rule 5 speaks
    // of the stone just placed), so the move is legal.
    let mut g = Chinese::default().start(&StartPosition {
        to_move: Color::Black,
        ..s.clone()
    });
    let e = play(&mut *g, Color::Black, "cc").unwrap();
    assert_eq!(e.suicided, 1);
    assert!(g.board().libertyless_chains().is_empty());
}

#[test]
fn a_setup_chain_without_liberties_goes_before_the_suicide_test() {
    // X O X O    The white stone ba has no liberty (setup); neither has the black stone ca.
    // . X O .    Black ab joins aa and bb and would have no liberty — but the opponent's
    //            stones without liberties go first (提子), ba among them, and its point is a
    //            liberty of the new chain: a capture, not a suicide. Afterwards ca has ba as
    //            a liberty too, so nothing of Black's goes.
    let s = start(&["XOXO", ".XO."], Color::Black);
    let mut g = Chinese::default().start(&s);
    let e = play(&mut *g, Color::Black, "ab").unwrap();
    assert_eq!((e.captured, e.suicided), (1, 0));
    assert_eq!(g.board().stone_counts(), PerColor::new(4, 2));
    assert!(g.board().libertyless_chains().is_empty());
}

#[test]
fn suicide_into_an_unsettled_board_is_still_forbidden() {
    // O X . .    The black stone dd has no liberty (setup). White ab would join aa and leave
    // . X . .    the pair without liberties while capturing nothing next to it: forbidden.
    // X . . O    With suicide allowed the move clears dd (the opponent first), then White's
    // . . O X    own pair.
    let s = start(&["OX..", ".X..", "X..O", "..OX"], Color::White);
    assert!(!s.board.libertyless_chains().is_empty());
    let mut g = Chinese::default().start(&s);
    let err = play(&mut *g, Color::White, "ab").unwrap_err();
    assert_eq!(err.reason, Reason::Suicide);
    let mut g = ALLOW_SUICIDE.start(&s);
    let e = play(&mut *g, Color::White, "ab").unwrap();
    assert_eq!(e.suicided, 2);
    assert_eq!(
        e.captured, 1,
        "the libertyless black stone at dd goes first"
    );
}

// ---------------------------------------------------------------- rule 9: 计算胜负

#[test]
fn area_counting_with_shared_dame_in_a_seki() {
    // X X X X X     The black row and the white stones share exactly two liberties, b and d
    // O . O . O     of the middle row: whoever fills one is captured, so neither does — a
    // O O O O O     seki. Each of the two points reaches both colours: half to each side.
    let s = start(&["XXXXX", "O.O.O", "OOOOO"], Color::Black);
    let mut g = Chinese::default().start(&s);
    // It is a seki: Black filling b leaves the row one liberty, and White captures it.
    let mut probe = g.clone();
    play(&mut *probe, Color::Black, "bb").unwrap();
    assert_eq!(play(&mut *probe, Color::White, "db").unwrap().captured, 6);
    play(&mut *g, Color::Black, "").unwrap();
    play(&mut *g, Color::White, "").unwrap();
    let sc = score(&*g, 0.0);
    assert_eq!(sc.method, ScoringMethod::AreaSharedDame);
    assert_eq!(
        (sc.black.stones, sc.black.territory, sc.black.shared),
        (5, 0, 2)
    );
    assert_eq!(
        (sc.white.stones, sc.white.territory, sc.white.shared),
        (8, 0, 2)
    );
    assert_eq!(sc.black.total, 6.0);
    assert_eq!(sc.white.total, 9.0);
    assert_eq!(sc.dame, 0, "shared points are not dame");
    assert_eq!(sc.result(), "W+3");
    assert!(
        sc.noted.contains(&ScoreNote::SharedHalf { points: 2 }),
        "{:?}",
        sc.noted
    );
    let count = sc.stone_count.unwrap();
    assert_eq!(count.half_board, 7.5);
    assert_eq!(count.black_area, 6.0);
    assert_eq!(count.black_excess, -1.5);
    assert!(count.agrees_with_margin);
    // Tromp–Taylor counts the two points for nobody: same margin, smaller totals.
    let tt = TrompTaylor.start(&s);
    let t = score(&*tt, 0.0);
    assert_eq!((t.black.total, t.white.total), (5.0, 8.0));
    assert_eq!(t.margin, sc.margin);
}

#[test]
fn dead_stones_are_removed_before_counting() {
    // . . X O .    The white stone bb sits in Black's area, the black stone ed in White's.
    // . O X O .    Both players agree both are dead: removed, Black has columns a–c (15),
    // . . X O .    White d–e (10).
    // . . X O X
    // . . X O .
    let s = start(&["..XO.", ".OXO.", "..XO.", "..XOX", "..XO."], Color::Black);
    let g = Chinese::default().start(&s);
    let a = dead(&*g, &["bb", "ed"]);
    let sc = score_with(&*g, 0.5, 0, &a);
    assert_eq!(sc.assessment, AssessmentSource::User);
    assert_eq!(sc.dead_stones, PerColor::new(1, 1));
    assert_eq!(
        (sc.black.stones, sc.black.territory, sc.black.shared),
        (5, 10, 0)
    );
    assert_eq!(
        (sc.white.stones, sc.white.territory, sc.white.shared),
        (5, 5, 0)
    );
    assert_eq!(sc.result(), "B+4.5");
    assert!(sc.stone_count.unwrap().agrees_with_margin);
    assert_eq!(sc.stone_count.unwrap().black_excess, 2.25);
    // With no assessment they stand: both regions reach both colours and are shared.
    let sc = score(&*g, 0.5);
    assert_eq!(sc.assessment, AssessmentSource::None);
    assert_eq!(sc.dead_stones, PerColor::new(0, 0));
    assert_eq!((sc.black.stones, sc.black.shared), (6, 13));
    assert_eq!(sc.result(), "W+0.5");
}

#[test]
fn territory_markup_covering_stones_of_the_other_colour_marks_them_dead() {
    // The same position with KGS-style markup: TB over columns a–b (bb holds a white stone),
    // TW over column e (ed holds a black stone).
    let s = start(&["..XO.", ".OXO.", "..XO.", "..XOX", "..XO."], Color::Black);
    let g = Chinese::default().start(&s);
    let pts = |v: &[&str]| v.iter().map(|s| pt(&*g, s)).collect::<Vec<_>>();
    let a = Assessment {
        source: AssessmentSource::Markup,
        territory: PerColor::new(
            pts(&["aa", "ba", "ab", "bb", "ac", "bc", "ad", "bd", "ae", "be"]),
            pts(&["ea", "eb", "ec", "ed", "ee"]),
        ),
        ..Assessment::default()
    };
    let sc = score_with(&*g, 0.5, 0, &a);
    assert_eq!(sc.assessment, AssessmentSource::Markup);
    assert_eq!(sc.dead_stones, PerColor::new(1, 1));
    assert_eq!(sc.result(), "B+4.5");
    // Territory marks on one's own stones, or on empty points, kill nothing.
    let a = Assessment {
        source: AssessmentSource::Markup,
        territory: PerColor::new(pts(&["ca", "aa"]), pts(&["da", "ea"])),
        ..Assessment::default()
    };
    assert_eq!(score_with(&*g, 0.5, 0, &a).dead_stones, PerColor::new(0, 0));
}

#[test]
fn a_dead_mark_on_one_stone_kills_its_whole_chain() {
    // . . X O .    The white pair bb-bc is one chain: naming bb is enough (rule 3: connected
    // . O X O .    stones are one inseparable whole).
    // . O X O .
    // . . X O X
    // . . X O .
    let s = start(&["..XO.", ".OXO.", ".OXO.", "..XOX", "..XO."], Color::Black);
    let g = Chinese::default().start(&s);
    let sc = score_with(&*g, 0.5, 0, &dead(&*g, &["bb", "ed"]));
    assert_eq!(sc.dead_stones, PerColor::new(1, 2));
    assert_eq!(sc.result(), "B+4.5");
    assert!(
        sc.noted.contains(&ScoreNote::ConnectedToDead { stones: 1 }),
        "{:?}",
        sc.noted
    );
    let d = dead_stones(g.board(), &dead(&*g, &["bb", "bc", "bb"])).unwrap();
    assert_eq!(d.points.len(), 2);
    assert_eq!(d.extended, 0);
}

#[test]
fn a_dead_mark_on_an_empty_point_is_a_bad_assessment() {
    let s = start(&["..XO.", ".OXO.", "..XO."], Color::Black);
    let g = Chinese::default().start(&s);
    let err = g.score(&input(0.5, 0, &dead(&*g, &["aa"]))).unwrap_err();
    assert!(matches!(err, ScoreError::BadAssessment(_)));
    assert!(err.to_string().contains("holds no stone"), "{err}");
}

#[test]
fn a_dead_mark_off_the_board_is_a_bad_assessment() {
    let s = start(&["..XO.", ".OXO.", "..XO."], Color::Black);
    let g = Chinese::default().start(&s);
    let off = Assessment {
        source: AssessmentSource::User,
        dead: vec![Point::from_index(g.board().len())],
        ..Assessment::default()
    };
    let err = g.score(&input(0.5, 0, &off)).unwrap_err();
    assert!(err.to_string().contains("not on the board"), "{err}");
}

/// Each note of the count is there exactly when what it explains is: dead stones (of one
/// colour only, too), stones dead by connection, shared and neutral points, a handicap without
/// compensation, undecided points.
#[test]
fn the_notes_of_a_count_appear_exactly_when_their_cause_does() {
    // Nothing to explain: Black's two columns and White's three, no dead stone, no dame.
    let s = start(&["XXOOO", "XXOOO", "XXOOO"], Color::Black);
    let g = Chinese::default().start(&s);
    let plain = score(&*g, 0.5);
    assert_eq!(kinds(&plain), ["stone count"]);
    // One black stone (of a chain of two) named dead inside White's area: the note, the
    // chain's second stone, and nothing shared or neutral.
    let s = start(&["XX.OO", "XX.OO", "XXO.O", "XXOXX"], Color::Black);
    let g = Chinese::default().start(&s);
    let sc = score_with(&*g, 0.5, 0, &dead(&*g, &["dd"]));
    assert_eq!(sc.dead_stones.black, 2, "{sc:?}");
    assert_eq!(
        kinds(&sc),
        ["dead removed", "connected", "shared", "stone count"],
        "column c shared: {:?}",
        sc.noted
    );
    assert!(sc.noted.contains(&ScoreNote::DeadRemoved {
        source: AssessmentSource::User,
        count: PerColor::new(2, 0),
    }));
    // A handicap without compensation says so.
    let s = start(&["XXOOO", "XXOOO", "XXOOO"], Color::Black);
    let g = Chinese::default().start(&s);
    let sc = score_with(&*g, 0.5, 2, &Assessment::none());
    assert!(
        sc.noted
            .contains(&ScoreNote::HandicapUncompensated { handicap: 2 }),
        "{:?}",
        sc.noted
    );
    // Undecided points are noted.
    let undecided = Assessment {
        source: AssessmentSource::Proved,
        undecided: vec![pt(&*g, "aa")],
        ..Assessment::default()
    };
    let sc = score_with(&*g, 0.5, 0, &undecided);
    assert_eq!(sc.undecided, 1);
    assert_eq!(kinds(&sc), ["undecided", "stone count"], "{:?}", sc.noted);
}

/// The kinds of a count's notes, in order: what each explains.
fn kinds(sc: &ScoreBreakdown) -> Vec<&'static str> {
    sc.noted
        .iter()
        .map(|n| match n {
            ScoreNote::DeadRemoved { .. } => "dead removed",
            ScoreNote::ConnectedToDead { .. } => "connected",
            ScoreNote::SharedHalf { .. } => "shared",
            ScoreNote::ReachNoLiveStone { .. } => "neutral",
            ScoreNote::HandicapUncompensated { .. } | ScoreNote::HandicapCompensated { .. } => {
                "handicap"
            }
            ScoreNote::AreaUndecided { .. } => "undecided",
            ScoreNote::StoneCount(_) => "stone count",
            _ => "other",
        })
        .collect()
}

/// Setup edits in the middle of a record (AB/AW/AE), the player to move set by PL, and the
/// value of every point.
#[test]
fn edits_the_player_to_move_and_point_values() {
    let s = start(&["...", "...", "..."], Color::Black);
    let mut g = Chinese::default().start(&s);
    let (aa, ab, ba) = (pt(&*g, "aa"), pt(&*g, "ab"), pt(&*g, "ba"));
    g.edit(&[
        (aa, Some(Color::Black)),
        (ab, Some(Color::White)),
        (ba, Some(Color::White)),
    ]);
    assert_eq!(g.board().get(aa), Some(Color::Black));
    // The black stone has no liberty: the next move clears it before anything else.
    play(&mut *g, Color::Black, "cc").unwrap();
    assert_eq!(g.board().get(aa), None);
    g.set_to_move(Color::Black);
    assert_eq!(g.to_move(), Color::Black);
    let values = g.point_values(&input(0.0, 0, &Assessment::none())).unwrap();
    assert_eq!(values.len(), 9);
    assert_eq!(
        values[ab.index()].kind,
        rules_core::PointKind::Stone(Color::White)
    );
    assert_eq!(
        values[aa.index()].kind,
        rules_core::PointKind::Territory(Color::White),
        "aa reaches only White once its stone is gone"
    );
    assert_eq!(values[aa.index()].white, 1.0);
    let shared = values
        .iter()
        .filter(|v| v.kind == rules_core::PointKind::Shared);
    assert!(shared.clone().count() > 0 && shared.clone().all(|v| v.black == 0.5));
}

#[test]
fn handicap_compensation_is_an_explicit_option() {
    // . X O . .    Two handicap stones; Black 10 (5 stones + column a), White 15.
    let s = start(&[".XO..", ".XO..", ".XO..", ".XO..", ".XO.."], Color::Black);
    let none = Assessment::none();
    let cases = [
        (Compensation::None, 0.5, "W+5.5", -2.75),
        (Compensation::N, 2.5, "W+7.5", -3.75),
        (Compensation::NMinusOne, 1.5, "W+6.5", -3.25),
    ];
    for (compensation, white_komi, result, excess) in cases {
        let rules = Chinese {
            compensation,
            ..Chinese::default()
        };
        let g = rules.start(&s);
        let sc = score_with(&*g, 0.5, 2, &none);
        assert_eq!(sc.komi, 0.5, "the record's komi is reported as it is");
        assert_eq!(sc.white.komi, white_komi, "{compensation:?}");
        assert_eq!(sc.white.total, 15.0 + white_komi);
        assert_eq!(sc.result(), result);
        let count = sc.stone_count.unwrap();
        assert_eq!(count.komi_stones, white_komi / 2.0);
        assert_eq!(count.black_excess, excess);
        assert!(count.agrees_with_margin);
        assert!(kinds(&sc).contains(&"handicap"), "{:?}", sc.noted);
        assert!(rules.describe().contains(compensation.words()));
    }
    // An even game gets nothing whatever the option.
    let g = Chinese {
        compensation: Compensation::N,
        ..Chinese::default()
    }
    .start(&s);
    let even = score_with(&*g, 0.5, 0, &none);
    assert_eq!(even.white.komi, 0.5);
    // ... and says nothing of a compensation.
    assert!(!kinds(&even).contains(&"handicap"), "{:?}", even.noted);
    assert_eq!(Compensation::NMinusOne.points(1), 0);
    assert_eq!(Compensation::NMinusOne.points(0), 0);
    assert_eq!(Compensation::N.points(9), 9);
}

#[test]
fn the_stone_count_agrees_with_the_margin_on_odd_even_and_rectangular_boards() {
    // (diagram, komi, Black's area, half the board, point margin)
    let cases: &[(&[&str], f64, f64, f64, f64)] = &[
        // 19×19 (odd): Black column j, White column l, column k shared.
        (&[".........X.O......."; 19], 7.5, 199.5, 180.5, 30.5),
        // 4×4 (even), one shared column.
        (&["X.O.", "X.O.", "X.O.", "X.O."], 7.5, 6.0, 8.0, -11.5),
        // 7 wide × 4 tall, shared column d: Black exactly half the board, loses by komi.
        (
            &["..X.O..", "..X.O..", "..X.O..", "..X.O.."],
            0.5,
            14.0,
            14.0,
            -0.5,
        ),
        // 6 wide × 3 tall, no shared point.
        (&["XXXOOO", "XXXOOO", "XXXOOO"], 0.0, 9.0, 9.0, 0.0),
        // An empty 5×5 board: 25 points reach no stone.
        (&["....."; 5], 7.5, 12.5, 12.5, -7.5),
    ];
    for &(rows, komi, area, half, margin) in cases {
        let s = start(rows, Color::Black);
        let g = Chinese::default().start(&s);
        let sc = score(&*g, komi);
        let count = sc.stone_count.unwrap();
        assert_eq!(count.black_area, area, "{rows:?}");
        assert_eq!(count.half_board, half, "{rows:?}");
        assert_eq!(count.komi_stones, komi / 2.0);
        assert_eq!(sc.margin, margin, "{rows:?}");
        assert_eq!(2.0 * count.black_excess, margin, "{rows:?}");
        assert!(count.agrees_with_margin, "{rows:?}");
    }
}

#[test]
fn the_empty_board_is_counted_for_nobody_in_the_margin() {
    let s = start(&["....."; 5], Color::Black);
    let g = Chinese::default().start(&s);
    let sc = score(&*g, 7.5);
    assert_eq!(sc.dame, 25);
    assert_eq!(sc.black.total, 0.0);
    assert_eq!(sc.winner, Winner::White);
    assert!(
        sc.noted
            .contains(&ScoreNote::ReachNoLiveStone { points: 25 }),
        "{:?}",
        sc.noted
    );
}

#[test]
fn chinese_and_tromp_taylor_agree_without_suicide_dead_stones_or_shared_dame() {
    let s = start(&["XXXOOO", "X.XO.O", "XXXOOO"], Color::Black);
    let g = Chinese::default().start(&s);
    let tt = TrompTaylor.start(&s);
    let a = score(&*g, 7.5);
    let b = score(&*tt, 7.5);
    assert_eq!(a.black.total, b.black.total);
    assert_eq!(a.white.total, b.white.total);
    assert_eq!(a.result(), b.result());
}

// ---------------------------------------------------------------- random games

mod random {
    use super::*;
    use proptest::prelude::*;

    /// Plays the same random moves under two rulesets while both accept them; returns the
    /// first move on which they disagree, if any.
    fn disagreement(
        a: &Chinese,
        size: usize,
        moves: &[(usize, bool)],
        suicide_matters: bool,
    ) -> Option<String> {
        let topo = Arc::new(Topology::square(size).unwrap());
        let s = StartPosition {
            board: Board::new(topo.clone()),
            to_move: Color::Black,
            initial_prohibited: vec![],
            trace: None,
        };
        let mut g = a.start(&s);
        let mut t = TrompTaylor.start(&s);
        for (i, &(m, pass)) in moves.iter().enumerate() {
            let color = g.to_move();
            let mv = if pass {
                Move::Pass
            } else {
                Move::Place(topo.point(m % topo.len()).unwrap())
            };
            let turn = Turn::new(color, mv);
            let x = g.check(&turn);
            let y = t.check(&turn);
            match (&x, &y) {
                (Ok(()), Ok(())) => {}
                (Err(e), Err(f)) if e.reason == f.reason => continue,
                (Err(e), Ok(())) if !suicide_matters && e.reason == Reason::Suicide => {
                    // A multi-stone suicide: Tromp–Taylor plays it, Chinese does not.
                    return None;
                }
                (Err(e), Err(f))
                    if !suicide_matters
                        && e.reason == Reason::Suicide
                        && f.reason == Reason::PositionalSuperko =>
                {
                    continue;
                }
                _ => return Some(format!("move {i}: {x:?} vs {y:?}")),
            }
            let e1 = g.play(&turn).unwrap();
            let e2 = t.play(&turn).unwrap();
            if e1 != e2 || g.board().hash() != t.board().hash() {
                return Some(format!("move {i}: effects {e1:?} vs {e2:?}"));
            }
            if g.is_over() {
                break;
            }
        }
        None
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// With suicide allowed, Chinese legality is Tromp–Taylor legality, move by move.
        #[test]
        fn suicide_allowed_is_tromp_taylor(
            size in 2usize..6,
            moves in prop::collection::vec((0usize..36, prop::bool::weighted(0.05)), 0..120),
        ) {
            let d = disagreement(&ALLOW_SUICIDE, size, &moves, true);
            prop_assert!(d.is_none(), "{:?}", d);
        }

        /// With suicide forbidden, the two agree on every move up to the first suicide
        /// (single-stone suicide: Chinese says suicide, Tromp–Taylor says superko).
        #[test]
        fn default_agrees_with_tromp_taylor_until_a_suicide(
            size in 2usize..6,
            moves in prop::collection::vec((0usize..36, prop::bool::weighted(0.05)), 0..120),
        ) {
            let d = disagreement(&Chinese::default(), size, &moves, false);
            prop_assert!(d.is_none(), "{:?}", d);
        }

        /// The stone count always agrees with the margin, whatever the position.
        #[test]
        fn stone_count_always_agrees(
            w in 1usize..8, h in 1usize..8,
            cells in prop::collection::vec(0u8..3, 64),
            komi2 in -20i32..20,
            dead_every in 2usize..9,
        ) {
            let topo = Arc::new(Topology::grid(w, h).unwrap());
            let mut board = Board::new(topo.clone());
            let edits: Vec<_> = topo.points().map(|p| (p, match cells[p.index()] {
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            })).collect();
            board.setup(&edits);
            let dead: Vec<Point> = topo.points()
                .filter(|p| board.get(*p).is_some() && p.index() % dead_every == 0)
                .collect();
            let a = Assessment { source: AssessmentSource::User, dead, ..Assessment::default() };
            let sc = count(&board, &input(f64::from(komi2) / 2.0, 3, &a), Compensation::NMinusOne)
                .unwrap();
            let c = sc.stone_count.unwrap();
            prop_assert!(c.agrees_with_margin);
            let total = sc.black.total + sc.white.total - sc.white.komi + f64::from(sc.dame);
            prop_assert_eq!(total, topo.len() as f64);
        }
    }
}

// ---------------------------------------------------------------- simple ko (option)

const SIMPLE_KO: Chinese = Chinese {
    suicide: SuicideRule::Forbidden,
    ko: KoRule::Simple,
    superko: SuperkoKind::Positional,
    compensation: Compensation::None,
    after_two_passes: AfterTwoPasses::End,
};

/// Simple ko forbids retaking a ko at once (the board of the turn before the opponent's
/// capture), and allows it after a move elsewhere.
#[test]
fn simple_ko_forbids_only_the_immediate_recapture() {
    // White takes at bb; Black may not retake at cb at once.
    let rows = [".XO.", "X.XO", ".XO.", "...."];
    let mut g = SIMPLE_KO.start(&start(&rows, Color::White));
    assert_eq!(play(&mut *g, Color::White, "bb").unwrap().captured, 1);
    let err = play(&mut *g, Color::Black, "cb").unwrap_err();
    assert_eq!(err.reason, Reason::Ko);
    assert!(err.rule.contains("simple ko"), "{}", err.rule);
    assert_eq!(err.repeats_turn, Some(0));
    // A threat and its answer elsewhere; then the retake is allowed, and it repeats nothing
    // (the stones at ad and dd are new).
    play(&mut *g, Color::Black, "ad").unwrap();
    play(&mut *g, Color::White, "dd").unwrap();
    assert_eq!(play(&mut *g, Color::Black, "cb").unwrap().captured, 1);
    assert!(!g.is_over());
    assert_eq!(g.repetition_end(), None);
    assert!(SIMPLE_KO.describe().contains("simple ko"));
}

/// Under simple ko a long cycle is no forbidden move: send two, return one recreates the
/// start, which ends the game without a result; later moves come after the end.
#[test]
fn under_simple_ko_a_repetition_ends_the_game() {
    // fixtures/chinese/superko_positional: Black aa, White ca takes two, Black ba takes one.
    let rows = [".X.X", "OOXX", "....", "...."];
    let mut g = SIMPLE_KO.start(&start(&rows, Color::Black));
    play(&mut *g, Color::Black, "aa").unwrap();
    assert_eq!(play(&mut *g, Color::White, "ca").unwrap().captured, 2);
    let e = play(&mut *g, Color::Black, "ba").unwrap();
    assert!(e.ended);
    assert!(g.is_over());
    assert_eq!(g.repetition_end(), Some(0));
    let after = play(&mut *g, Color::White, "").unwrap_err();
    assert_eq!(after.reason, Reason::AfterEnd);
    // Forced (play on), a ko recapture is the forbidden move's, and ends nothing.
    let rows = [".XO.", "X.XO", ".XO.", "...."];
    let mut g = SIMPLE_KO.start(&start(&rows, Color::White));
    play(&mut *g, Color::White, "bb").unwrap();
    let p = g.board().topology().parse_sgf("cb").unwrap();
    g.force(&Turn::new(Color::Black, Move::Place(p))).unwrap();
    assert!(!g.is_over());
    // Under superko the same cycle is forbidden.
    let mut g = Chinese::default().start(&start(&[".X.X", "OOXX", "....", "...."], Color::Black));
    play(&mut *g, Color::Black, "aa").unwrap();
    play(&mut *g, Color::White, "ca").unwrap();
    assert_eq!(
        play(&mut *g, Color::Black, "ba").unwrap_err().reason,
        Reason::PositionalSuperko
    );
}
