//! Per-chain features for the classifier: what the playouts say of the chain and its
//! surroundings, and the chain's liberties and neighbours, all from the chain owner's point
//! of view (positive: good for the owner).

use crate::position::{Position, Proved};

/// Names of the features, in order (the model file lists them too, and loading checks that
/// they match).
pub const NAMES: [&str; COUNT] = [
    "own_chain",
    "own_chain_owner_first",
    "own_chain_opponent_first",
    "own_liberties",
    "own_near",
    "log_size",
    "liberties",
    "atari",
    "open_opponent_adjacent",
    "race_margin",
    "opponent_adjacent_proved_alive",
    "eye_liberties",
    "liberties_in_opponent_territory",
    "liberties_in_own_territory",
    "own_proved_alive_near",
    "on_edge",
];

/// Number of features.
pub const COUNT: usize = 16;

/// Mean ownership per point (+1 Black … −1 White) over all playouts, over those Black
/// started and over those White started.
#[derive(Debug, Clone)]
pub struct Ownership {
    /// Over all playouts.
    pub all: Vec<f32>,
    /// Over the playouts Black started.
    pub black_first: Vec<f32>,
    /// Over the playouts White started.
    pub white_first: Vec<f32>,
}

/// The features of chain `ci`.
#[must_use]
pub fn chain_features(pos: &Position, own: &Ownership, ci: usize) -> [f32; COUNT] {
    let ch = &pos.chains[ci];
    let c = ch.color;
    let sign = if c == 1 { 1.0 } else { -1.0 };
    let mean = |map: &[f32], pts: &[u16]| -> f32 {
        if pts.is_empty() {
            return 0.0;
        }
        pts.iter().map(|&p| map[p as usize] * sign).sum::<f32>() / pts.len() as f32
    };
    let (owner_first, opponent_first) = if c == 1 {
        (&own.black_first, &own.white_first)
    } else {
        (&own.white_first, &own.black_first)
    };
    let near = within_two(pos, &ch.stones);
    let libs = ch.libs.len();
    let mut opponents: Vec<usize> = Vec::new();
    for &s in &ch.stones {
        for &q in pos.geo.neighbors(s as usize) {
            if let Some(o) = pos.chain_at(q as usize) {
                if pos.chains[o].color != c && !opponents.contains(&o) {
                    opponents.push(o);
                }
            }
        }
    }
    let open_opponents: Vec<usize> = opponents
        .iter()
        .copied()
        .filter(|&o| pos.chains[o].proved == Proved::Open)
        .collect();
    // The worst race: our liberties minus those of the best-placed open neighbour.
    let race = open_opponents
        .iter()
        .map(|&o| (libs as i32 - pos.chains[o].libs.len() as i32).clamp(-4, 4))
        .min()
        .unwrap_or(0);
    let own_alive_near = ch.libs.iter().any(|&l| {
        pos.geo.neighbors(l as usize).iter().any(|&q| {
            pos.chain_at(q as usize).is_some_and(|o| {
                o != ci && pos.chains[o].color == c && pos.chains[o].proved == Proved::Alive
            })
        })
    });
    let eye_libs = ch
        .libs
        .iter()
        .filter(|&&l| {
            pos.geo
                .neighbors(l as usize)
                .iter()
                .all(|&q| pos.stones[q as usize] == c)
        })
        .count();
    let frac = |f: Proved| -> f32 {
        if libs == 0 {
            return 0.0;
        }
        ch.libs
            .iter()
            .filter(|&&l| pos.proved[l as usize] == f)
            .count() as f32
            / libs as f32
    };
    let b = |x: bool| if x { 1.0 } else { 0.0 };
    [
        mean(&own.all, &ch.stones),
        mean(owner_first, &ch.stones),
        mean(opponent_first, &ch.stones),
        mean(&own.all, &ch.libs),
        mean(&own.all, &near),
        (1.0 + ch.stones.len() as f32).ln(),
        libs.min(8) as f32 / 8.0,
        b(libs == 1),
        b(!open_opponents.is_empty()),
        race as f32 / 4.0,
        b(opponents
            .iter()
            .any(|&o| pos.chains[o].proved == Proved::Alive)),
        eye_libs.min(3) as f32 / 3.0,
        frac(Proved::Territory(3 - c)),
        frac(Proved::Territory(c)),
        b(own_alive_near),
        b(ch.stones.iter().any(|&s| pos.geo.line(s as usize) == 0)),
    ]
}

/// The points one or two steps from `stones`, the stones excluded.
fn within_two(pos: &Position, stones: &[u16]) -> Vec<u16> {
    let mut seen = vec![false; pos.len()];
    for &s in stones {
        seen[s as usize] = true;
    }
    let mut frontier: Vec<u16> = stones.to_vec();
    let mut out = Vec::new();
    for _ in 0..2 {
        let mut next = Vec::new();
        for &p in &frontier {
            for &q in pos.geo.neighbors(p as usize) {
                if !seen[q as usize] {
                    seen[q as usize] = true;
                    next.push(q);
                    out.push(q);
                }
            }
        }
        frontier = next;
    }
    out
}
