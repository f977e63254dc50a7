//! `ControlAssessor`: the `rules_core::Assessor` through which every ruleset gets automatic
//! dead stones (`--dead auto`).

use crate::cases::DEAD_STONE;
use crate::common::*;
use crate::props::A11_CORNER;
use pauli::{Pauli, Situation};
use pauli_control::{ControlAssessor, Options, analyze};
use rules_core::{AssessmentSource, Assessor, Board, Color, GameState, Point};

fn pauli_game(b: &Board, prohibited: Vec<Point>) -> Box<dyn GameState> {
    let situation = Situation {
        board: b.clone(),
        to_move: Color::Black,
        need: 2,
        temporarily_prohibited: Vec::new(),
        permanently_prohibited: prohibited,
    };
    Box::new(Pauli::default().game_from(situation).unwrap())
}

#[test]
fn the_assessor_gives_the_analysis_of_the_board() {
    let b = board(&DEAD_STONE);
    let got = ControlAssessor::default().assess(&b);
    let map = analyze(&b, &[], &Options::default()).unwrap();
    assert_eq!(got, map.assessment(&b));
    assert_eq!(got.source, AssessmentSource::Proved);
    assert_eq!(got.dead, [pt(&b, "bb")]);
    assert!(got.undecided.is_empty(), "{:?}", got.undecided);
    // Through a game state without prohibited locations: the same.
    assert_eq!(
        ControlAssessor::default().assess_state(pauli_game(&b, Vec::new()).as_ref()),
        got
    );
}

#[test]
fn a_prohibited_location_holding_a_stone_leaves_every_location_undecided() {
    // The analysis refuses the input (rule 9: prohibited locations are empty for ever); the
    // assessment guesses nothing.
    let b = board(&DEAD_STONE);
    let assessor = ControlAssessor {
        prohibited: vec![pt(&b, "ea")],
        ..ControlAssessor::default()
    };
    let got = assessor.assess(&b);
    assert_eq!(got.source, AssessmentSource::Proved);
    assert_eq!(got.undecided, b.topology().points().collect::<Vec<_>>());
    assert!(got.dead.is_empty() && got.territory.black.is_empty());
}

#[test]
fn the_games_permanently_prohibited_locations_join_the_configured_ones() {
    let b = board(&A11_CORNER);
    let aa = pt(&b, "aa");
    let with_p = analyze(&b, &[aa], &Options::default())
        .unwrap()
        .assessment(&b);
    let without = ControlAssessor::default().assess(&b);
    assert_ne!(with_p, without, "aa changes the corner's verdict");
    let game = pauli_game(&b, vec![aa]);
    assert_eq!(
        ControlAssessor::default().assess_state(game.as_ref()),
        with_p
    );
    // Named by both the game and the configuration: once.
    let both = ControlAssessor {
        prohibited: vec![aa],
        ..ControlAssessor::default()
    };
    assert_eq!(both.assess_state(game.as_ref()), with_p);
    // Configured only: the game adds nothing.
    assert_eq!(
        both.assess_state(pauli_game(&b, Vec::new()).as_ref()),
        with_p
    );
}
