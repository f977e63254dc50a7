//! Replay speed of the engine alone (no parsing): synthetic 19×19 games of 250 moves,
//! replayed move by move through the `GameState` interface. The corpus benchmark
//! (`crates/gorules/benches`) measures real games; this one isolates the rules engine.

use rules_core::{Board, Color, Move, Ruleset, StartPosition, Topology, Turn};
use std::sync::Arc;
use tromp_taylor::{Logical, TrompTaylor};

fn main() {
    divan::main();
}

/// Deterministic pseudo-random legal games: (start, moves).
fn games(n: usize, len: usize) -> (StartPosition, Vec<Vec<Turn>>) {
    let topo = Arc::new(Topology::square(19).unwrap());
    let start = StartPosition {
        board: Board::new(topo.clone()),
        to_move: Color::Black,
        initial_prohibited: vec![],
        trace: None,
    };
    let mut seed = 42u64;
    let mut out = Vec::new();
    for _ in 0..n {
        let mut g = TrompTaylor.start(&start);
        let mut turns = Vec::new();
        while turns.len() < len && !g.is_over() {
            let color = g.to_move();
            let mut mv = Move::Pass;
            for _ in 0..20 {
                seed = rules_core::zobrist::mix(seed);
                let p = topo.point((seed % 361) as usize).unwrap();
                let t = Turn::new(color, Move::Place(p));
                if g.check(&t).is_ok() {
                    mv = Move::Place(p);
                    break;
                }
            }
            let t = Turn::new(color, mv);
            g.play(&t).unwrap();
            turns.push(t);
        }
        out.push(turns);
    }
    (start, out)
}

fn replay_all(r: &dyn Ruleset, start: &StartPosition, games: &[Vec<Turn>]) -> u32 {
    let mut total = 0;
    for turns in games {
        let mut g = r.start(start);
        for t in turns {
            total += g.play(t).unwrap().captured;
        }
    }
    total
}

const GAMES: usize = 100;

#[divan::bench(args = ["tromp-taylor", "logical"], sample_count = 20)]
fn replay_100_games(bencher: divan::Bencher, id: &str) {
    let (start, games) = games(GAMES, 250);
    let r: Box<dyn Ruleset> = match id {
        "tromp-taylor" => Box::new(TrompTaylor),
        _ => Box::new(Logical),
    };
    bencher
        .counter(divan::counter::ItemsCount::new(GAMES))
        .bench(|| replay_all(&*r, &start, divan::black_box(&games)));
}
