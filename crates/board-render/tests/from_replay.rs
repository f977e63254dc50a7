//! `Picture::from_replay` on real replays: a record read from SGF and replayed under the
//! Chinese rules (suicide forbidden), so that the picture's move numbers, last move, player
//! to move and forbidden move come from the driver, not from hand-built verdicts.

use board_render::Picture;
use chinese::Chinese;
use rules_core::{AssessmentChoice, Color, GameRecord, Policy, ReplayOptions, Replayed, replay};

fn record(sgf: &str) -> GameRecord {
    let file = sgf_record::read_sgf(sgf.as_bytes(), &Default::default()).expect("reads");
    file.games
        .into_iter()
        .next()
        .expect("a game")
        .expect("game reads")
}

fn picture(sgf: &str, policy: Policy) -> (Picture, Replayed) {
    let r = record(sgf);
    let none = rules_core::Assessment::none();
    let done = replay(
        &r,
        &Chinese::default(),
        &ReplayOptions { policy, komi: None },
        AssessmentChoice::Given(&none),
    );
    (Picture::from_replay(&r, &done), done)
}

/// The move number of each stone by its SGF point, in board order.
fn numbers(p: &Picture) -> Vec<(String, u32)> {
    p.topology
        .points()
        .filter_map(|q| p.move_numbers[q.index()].map(|n| (p.topology.sgf(q), n)))
        .collect()
}

fn pairs(v: &[(&str, u32)]) -> Vec<(String, u32)> {
    v.iter().map(|(s, n)| ((*s).to_owned(), *n)).collect()
}

#[test]
fn each_stone_carries_the_number_of_the_move_that_put_it_there() {
    // White's stone at aa is captured by move 3; Black fills the point with move 5.
    let (p, done) = picture(
        "(;GM[1]SZ[5];B[ba];W[aa];B[ab];W[ee];B[aa];W[dd])",
        Policy::Stop,
    );
    assert!(done.verdict.forbidden.is_empty());
    assert_eq!(
        numbers(&p),
        pairs(&[("aa", 5), ("ba", 1), ("ab", 3), ("dd", 6), ("ee", 4)])
    );
    let last = p.last_move.clone().expect("a last move");
    assert_eq!((last.number, last.color), (6, Color::White));
    assert_eq!(last.point.map(|q| p.topology.sgf(q)), Some("dd".to_owned()));
    // The game goes on: Black to move.
    assert_eq!(p.to_move, Some(Color::Black));
    assert_eq!(p.captures.map(|c| (c.black, c.white)), Some((1, 0)));
}

#[test]
fn a_finished_game_has_nobody_to_move_and_a_pass_as_its_last_move() {
    let (p, done) = picture("(;GM[1]SZ[5];B[cc];W[dd];B[];W[])", Policy::Stop);
    assert!(done.state.is_over());
    assert_eq!(p.to_move, None);
    let last = p.last_move.clone().expect("a last move");
    assert_eq!((last.number, last.point), (4, None));
    assert_eq!(numbers(&p), pairs(&[("cc", 1), ("dd", 2)]));
    assert!(p.overlay.is_some(), "a finished game is counted");
}

#[test]
fn playing_on_skips_only_the_moves_not_carried_out() {
    // Move 2 is on Black's stone: it cannot be carried out, and the stone keeps its number;
    // the moves after it are numbered as the record numbers them.
    let (p, done) = picture(
        "(;GM[1]SZ[5];B[aa];W[aa];W[cc];B[ba];W[bb];B[ab];W[ca])",
        Policy::PlayOn,
    );
    let played: Vec<(u32, bool)> = done
        .verdict
        .forbidden
        .iter()
        .map(|f| (f.move_number, f.played))
        .collect();
    assert!(played.contains(&(2, false)), "{played:?}");
    assert_eq!(numbers(&p)[0], ("aa".to_owned(), 1), "{:?}", numbers(&p));
    assert!(
        numbers(&p).contains(&("cc".to_owned(), 3)),
        "{:?}",
        numbers(&p)
    );
    let last = p.last_move.clone().expect("a last move");
    assert_eq!(last.number, 7);
    let forbidden = p.forbidden.clone().expect("the first forbidden move");
    assert_eq!((forbidden.number, forbidden.played), (2, false));
}

#[test]
fn stopping_at_a_forbidden_move_numbers_only_the_moves_before_it() {
    let (p, done) = picture("(;GM[1]SZ[5];B[aa];W[aa];W[bb];B[cc])", Policy::Stop);
    assert_eq!(done.verdict.forbidden.len(), 1);
    assert_eq!(numbers(&p), pairs(&[("aa", 1)]));
    let last = p.last_move.clone().expect("a last move");
    assert_eq!((last.number, last.color), (1, Color::Black));
    let forbidden = p.forbidden.clone().expect("the forbidden move");
    assert_eq!(forbidden.number, 2);
    assert_eq!(forbidden.label, "A5");
}

/// A stone a setup in mid-game turned to the other colour is not the move's stone: it
/// carries no number (a point a move placed and a setup emptied carries none either).
#[test]
fn a_stone_a_setup_changed_carries_no_move_number() {
    let (p, done) = picture("(;GM[1]SZ[5];B[aa];W[ee];AW[aa]AE[ee];B[cc])", Policy::Stop);
    assert!(done.verdict.forbidden.is_empty());
    assert_eq!(numbers(&p), pairs(&[("cc", 3)]));
    let aa = p.topology.parse_sgf("aa").unwrap();
    assert_eq!(p.stones[aa.index()], Some(Color::White));
}
