//! Property tests over random games on random boards (grids and graphs).
//!
//! * Text 001's theorem: after every move of a game, every board is well-formed — every
//!   stone reaches empty.
//! * `logical` − `tromp-taylor`: the two scores differ, for each side, by exactly the
//!   opponent's stones emptied during the game (text 000 rule 8's `N_opp`).
//! * The incremental board always equals a board rebuilt from scratch.
//! * A hash collision never forbids a legal move: with every key colliding, the set of legal
//!   moves is the same at every step.

use proptest::prelude::*;
use rules_core::{
    Assessment, Board, Color, GameState, Move, Ruleset, ScoringInput, StartPosition, Topology, Turn,
};
use std::sync::Arc;
use tromp_taylor::{CollidingKeys, Logical, TrompTaylor};

/// A random topology: a small grid, or a random connected-ish graph.
fn topology() -> impl Strategy<Value = Topology> {
    prop_oneof![
        (1usize..=6, 1usize..=6).prop_map(|(w, h)| Topology::grid(w, h).unwrap()),
        (
            2usize..=12,
            proptest::collection::vec((0usize..12, 0usize..12), 1..30)
        )
            .prop_map(|(n, pairs)| {
                let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
                let edges: Vec<(String, String)> = pairs
                    .into_iter()
                    .map(|(a, b)| (a % n, b % n))
                    .filter(|(a, b)| a != b)
                    .map(|(a, b)| (names[a].clone(), names[b].clone()))
                    .collect();
                Topology::graph(&names, &edges).unwrap()
            }),
    ]
}

/// Plays `choices` as a game: each choice picks among the legal moves (pass included) of the
/// player to move. Calls `each` after every move with both states.
fn play_out(
    topo: &Topology,
    choices: &[u16],
    rulesets: &[&dyn Ruleset],
    mut each: impl FnMut(&[Box<dyn GameState>]),
) {
    let topo = Arc::new(topo.clone());
    let start = StartPosition {
        board: Board::new(topo.clone()),
        to_move: Color::Black,
        initial_prohibited: vec![],
        trace: None,
    };
    let mut games: Vec<Box<dyn GameState>> = rulesets.iter().map(|r| r.start(&start)).collect();
    for &choice in choices {
        if games[0].is_over() {
            break;
        }
        let color = games[0].to_move();
        let mut legal: Vec<Move> = topo
            .points()
            .map(Move::Place)
            .filter(|&mv| games[0].check(&Turn::new(color, mv)).is_ok())
            .collect();
        // Keep passes rare so that games get long, but possible.
        if legal.is_empty() || choice % 17 == 0 {
            legal.push(Move::Pass);
        }
        let mv = legal[choice as usize % legal.len()];
        for g in &mut games {
            g.play(&Turn::new(color, mv))
                .expect("legal in every variant");
        }
        each(&games);
    }
}

fn score(g: &dyn GameState) -> rules_core::ScoreBreakdown {
    g.score(&ScoringInput {
        komi: 0.0,
        handicap: 0,
        assessment: &Assessment::none(),
    })
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_stone_reaches_empty_after_every_move(
        topo in topology(),
        choices in proptest::collection::vec(any::<u16>(), 0..150),
    ) {
        play_out(&topo, &choices, &[&TrompTaylor], |games| {
            let b = games[0].board();
            assert!(b.libertyless_chains().is_empty(), "text 001 theorem violated:\n{b:?}");
            b.assert_consistent();
        });
    }

    #[test]
    fn logical_minus_tromp_taylor_is_the_captures(
        topo in topology(),
        choices in proptest::collection::vec(any::<u16>(), 0..150),
    ) {
        play_out(&topo, &choices, &[&TrompTaylor, &Logical], |games| {
            let (tt, lo) = (score(&*games[0]), score(&*games[1]));
            let removed = games[1].tally().stones_removed();
            for c in Color::BOTH {
                let (t, l) = match c {
                    Color::Black => (tt.black.total, lo.black.total),
                    Color::White => (tt.white.total, lo.white.total),
                };
                assert_eq!(l - t, f64::from(removed[c.opp()]), "{c}");
            }
            assert_eq!(games[0].tally(), games[1].tally());
        });
    }

    #[test]
    fn colliding_hashes_never_change_legality(
        topo in topology(),
        choices in proptest::collection::vec(any::<u16>(), 0..80),
    ) {
        let colliding = CollidingKeys { logical: false };
        play_out(&topo, &choices, &[&TrompTaylor, &colliding], |games| {
            let color = games[0].to_move();
            for p in games[0].board().topology().points() {
                let turn = Turn::new(color, Move::Place(p));
                assert_eq!(
                    games[0].check(&turn).map_err(|e| e.reason),
                    games[1].check(&turn).map_err(|e| e.reason),
                    "at {p:?}"
                );
            }
            assert_eq!(games[0].board().bits(), games[1].board().bits());
        });
    }
}

/// The properties above only mean something if random games capture and commit suicide.
#[test]
fn random_games_exercise_captures_and_suicides() {
    let mut captures = 0;
    let mut suicides = 0;
    let mut seed = 0x1234_5678_u64;
    for size in [3usize, 4, 5] {
        let topo = Topology::square(size).unwrap();
        for _ in 0..50 {
            let choices: Vec<u16> = (0..200)
                .map(|_| {
                    seed = rules_core::zobrist::mix(seed);
                    seed as u16
                })
                .collect();
            play_out(&topo, &choices, &[&TrompTaylor], |games| {
                let t = games[0].tally();
                captures = captures.max(t.captures.black + t.captures.white);
                suicides = suicides.max(t.self_captures.black + t.self_captures.white);
            });
        }
    }
    assert!(captures > 0, "no capture in any random game");
    assert!(suicides > 1, "no multi-stone suicide in any random game");
}

/// A board that is not a grid: a triangle with a tail.
#[test]
fn graph_games_are_playable() {
    let topo = Topology::graph(
        &["a", "b", "c", "d"],
        &[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")],
    )
    .unwrap();
    let mut moves = 0;
    play_out(
        &topo,
        &[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9],
        &[&Logical],
        |games| {
            moves += 1;
            assert!(games[0].board().libertyless_chains().is_empty());
        },
    );
    assert!(moves > 0);
}
