//! Whole games of the player against itself, relayed between two engines as a controller
//! would, with a third engine as referee: every move legal everywhere, every game ends, and
//! all three count the end the same.

use crate::util::{engine, ok};
use gtp::Engine;

fn seeded(rules: &str, size: usize, seed: u64) -> Engine {
    let mut e = engine(rules, size);
    let cfg = gtp::EngineConfig {
        rules: rules.to_owned(),
        size,
        seed,
        ..gtp::EngineConfig::default()
    };
    e = Engine::new(cfg, crate::util::resolver()).unwrap_or(e);
    e
}

/// Plays one game; returns the number of moves and the result.
fn game(rules: &str, size: usize, seed: u64) -> (usize, String) {
    let mut black = seeded(rules, size, seed);
    let mut white = seeded(rules, size, seed + 1000);
    let mut referee = engine(rules, size);
    let limit = size * size * 6 + 10;
    let mut moves = 0;
    let mut color = "b";
    while !referee.is_over() {
        let (mover, other) = if color == "b" {
            (&mut black, &mut white)
        } else {
            (&mut white, &mut black)
        };
        let mv = ok(mover, &format!("genmove {color}"));
        ok(other, &format!("play {color} {mv}"));
        ok(&mut referee, &format!("play {color} {mv}"));
        moves += 1;
        assert!(
            moves < limit,
            "{rules} {size}x{size} seed {seed}: no end after {moves} moves"
        );
        color = if color == "b" { "w" } else { "b" };
    }
    assert!(black.is_over() && white.is_over());
    let result = ok(&mut referee, "final_score");
    assert_eq!(ok(&mut black, "final_score"), result);
    assert_eq!(ok(&mut white, "final_score"), result);
    assert_eq!(ok(&mut referee, "printsgf"), ok(&mut black, "printsgf"));
    let breakdown = ok(&mut referee, "gorules-score");
    assert!(breakdown.starts_with(&result), "{breakdown}");
    (moves, result)
}

#[test]
fn games_end_under_every_ruleset_on_every_size() {
    for rules in ["chinese", "tromp-taylor", "logical", "pauli"] {
        for (size, seed) in [
            (1, 1),
            (2, 2),
            (3, 3),
            (5, 4),
            (7, 5),
            (9, 6),
            (13, 7),
            (19, 8),
        ] {
            let (moves, result) = game(rules, size, seed);
            assert!(moves >= 2, "{rules} {size}: {moves} {result}");
        }
    }
}

#[test]
fn a_1x1_game_is_two_passes() {
    let (moves, result) = game("chinese", 1, 1);
    assert_eq!(moves, 2);
    assert_eq!(result, "W+7.5");
}

#[test]
fn many_short_games_on_small_boards() {
    for seed in 0..40 {
        game("chinese", 5, seed);
        game("pauli", 4, seed);
    }
}
