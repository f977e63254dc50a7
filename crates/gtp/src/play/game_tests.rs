//! [`play_game`] against scripted engines ([`crate::testing::scripted`]): how a game ends,
//! who is asked what after it, and what the report says.

use super::*;
use crate::testing::scripted;
use crate::{DeadStones, EngineConfig};
use std::path::Path;

/// A directory of the test's own for the scripts.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gtp-play-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Chinese-rules referee on a `size` board, komi 7.5, its dead stones from `dead`.
fn referee(size: usize, dead: DeadStones) -> Engine {
    let mut e = Engine::new(
        EngineConfig {
            size,
            komi: Some(7.5),
            ..EngineConfig::default()
        },
        crate::registry_resolver(ruleset_registry::RulesetOptions::default()),
    )
    .unwrap();
    e.set_dead_stones(dead);
    e
}

fn options(size: usize, max_moves: u32, share_dead: bool) -> MatchOptions {
    MatchOptions {
        size,
        komi: 7.5,
        max_moves,
        sgf_dir: None,
        verbose: false,
        share_dead,
        application: "test".to_owned(),
    }
}

fn start(command: &str) -> Player {
    Player::start(command, Duration::from_secs(20)).unwrap()
}

/// One game between the engines `black` and `white`.
fn game(
    black: &str,
    white: &str,
    referee: &mut Engine,
    dead_from: Option<Color>,
    options: &MatchOptions,
) -> Result<GameReport, MatchError> {
    let (mut b, mut w) = (start(black), start(white));
    play_game(
        1,
        &mut PerColor::new(&mut b, &mut w),
        referee,
        dead_from,
        options,
    )
}

const ALL: &str = "final_status_list final_score gorules-dead";

fn passer(dir: &Path) -> String {
    scripted(dir, "passer", "", "", ALL, "W+7.5")
}

/// An engine is named as it answers `name` (with its version when it gives one).
#[test]
fn an_engine_is_named_as_it_answers() {
    let dir = temp_dir("name");
    assert_eq!(start(&passer(&dir)).name, "passer");
}

/// A command the game needs that an engine refuses ends the match with its answer.
#[test]
fn a_board_an_engine_refuses_stops_the_match() {
    let dir = temp_dir("refused");
    let mut referee = referee(21, DeadStones::AsItStands);
    let e = game(
        &passer(&dir),
        &passer(&dir),
        &mut referee,
        None,
        &options(21, 10, false),
    );
    match e {
        Err(MatchError::Refused {
            name,
            command,
            answer,
        }) => {
            assert_eq!(
                (name.as_str(), command.as_str(), answer.as_str()),
                ("passer", "boardsize 21", "unacceptable size")
            );
        }
        _ => panic!("not refused"),
    }
}

/// A game over by passes: the dead stones of the engine named, offered to the engines that
/// know `gorules-dead` (which refuses them, noted), the engines' counts compared with the
/// referee's, which is the result.
#[test]
fn a_game_over_by_passes_is_counted_with_an_engines_dead_stones() {
    let dir = temp_dir("passes");
    let black = scripted(&dir, "first", "E5", "", "final_score", "B+3");
    let white = scripted(&dir, "second", "", "E5", ALL, "W+7.5");
    let mut referee = referee(9, DeadStones::AsItStands);
    let share = options(9, 100, true);
    let r = game(&black, &white, &mut referee, Some(Color::White), &share).unwrap();
    assert_eq!((r.end.clone(), r.moves), (End::Passes, 3));
    assert_eq!(
        (r.result.as_str(), r.referee.as_deref()),
        ("W+7.5", Some("W+7.5"))
    );
    assert_eq!(r.dead, ["E5"]);
    assert_eq!(r.undecided, None);
    assert_eq!(
        r.engine_scores,
        PerColor::new(Some("B+3".to_owned()), Some("W+7.5".to_owned()))
    );
    assert_eq!(r.agree, PerColor::new(Some(false), Some(true)));
    assert_eq!(r.referee_notes, ["second refused the dead stones: not now"]);
    assert_eq!(
        r.names,
        PerColor::new("first".to_owned(), "second".to_owned())
    );
    // Not shared: nobody is told.
    let r = game(
        &black,
        &white,
        &mut referee,
        Some(Color::White),
        &options(9, 100, false),
    );
    assert!(r.unwrap().referee_notes.is_empty());
    // Shared, but no stone is dead: nothing to tell.
    let r = game(&black, &white, &mut referee, None, &share).unwrap();
    assert!(
        r.dead.is_empty() && r.referee_notes.is_empty(),
        "{:?}",
        r.referee_notes
    );
}

/// At the move limit the game is void: no engine is asked to count, and the referee's count
/// is given but is no result, however undecided.
#[test]
fn a_game_at_the_move_limit_is_void_and_not_counted_by_the_engines() {
    let dir = temp_dir("limit");
    let black = scripted(&dir, "first", "C3,D4", "", ALL, "B+1");
    let white = scripted(&dir, "second", "E5", "", ALL, "W+1");
    let control = || DeadStones::Assessor(Box::new(pauli_control::ControlAssessor::default()));
    let mut referee = referee(9, control());
    let r = game(&black, &white, &mut referee, None, &options(9, 2, false)).unwrap();
    assert_eq!(
        (r.end, r.moves, r.result.as_str()),
        (End::MaxMoves, 2, "Void")
    );
    assert_eq!(r.engine_scores, PerColor::new(None, None));
    assert_eq!(r.agree, PerColor::new(None, None));
    assert_eq!(r.undecided, None);
    assert!(r.referee.is_some());
}

/// A count resting on points the referee's dead stones leave undecided is no result (`?`),
/// with what deciding them could give.
#[test]
fn a_count_resting_on_undecided_points_is_no_result() {
    let dir = temp_dir("undecided");
    let black = scripted(&dir, "stone", "E5", "", "", "");
    let white = scripted(&dir, "passer", "", "", "", "");
    let control = DeadStones::Assessor(Box::new(pauli_control::ControlAssessor::default()));
    let mut referee = referee(9, control);
    let r = game(&black, &white, &mut referee, None, &options(9, 100, false)).unwrap();
    assert_eq!((r.end, r.moves, r.result.as_str()), (End::Passes, 3, "?"));
    assert_eq!(r.referee.as_deref(), Some("B+73.5"));
    assert_eq!(r.undecided, Some((81, "W+7.5 to B+73.5".to_owned())));
}
