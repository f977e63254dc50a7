//! # estimate
//!
//! Dead stones of a finished game where the control test cannot prove them: decided by a
//! measured estimator, labelled as estimated, with a confidence per chain.
//!
//! * [`estimate`] — proves what Pauli's control test (rules 14–16, `pauli-control`) proves
//!   within a small budget, then decides every other chain: [`Estimate`], one
//!   [`ChainVerdict`] per chain (alive, seki or dead; [`Basis::Proved`] or
//!   [`Basis::Estimated`]; a confidence).
//! * [`estimate_with`] — the same from verdicts already at hand.
//! * [`EstimateAssessor`] — the estimator as a `rules_core::Assessor`.
//!
//! How it decides (docs/estimator.md has the measurements): Monte Carlo playouts from the
//! final position, with the proofs held fixed (proved territory is not played in, proved-dead
//! stones start off the board), by players who never fill their own eyes, never put a chain
//! of two or more stones in atari, capture what the last move left in atari, save what it
//! put in atari and answer a capturing race; each chain's mean ownership, split by who
//! moved first, goes through a fitted logistic model ([`model`]) to a probability of being
//! dead. A live chain that most playouts end in a seki (beside a liberty neither side can
//! fill) is a seki. Everything is deterministic: a fixed seed, our own generator.
//!
//! ```
//! use estimate::{Options, Status, estimate};
//! use rules_core::{Board, Color};
//!
//! // A lone white stone inside Black's wall: dead.
//! let board = Board::from_diagram(&[
//!     ".....X...",
//!     "..O..X...",
//!     ".....X...",
//!     "XXXXXX...",
//!     ".........",
//! ])
//! .unwrap();
//! let e = estimate(&board, &[], &Options::default()).unwrap();
//! let white = e.chains.iter().find(|c| c.color == Color::White).unwrap();
//! assert_eq!(white.status, Status::Dead);
//! ```
#![deny(missing_docs)]
#![allow(clippy::needless_range_loop)]

mod counting;
pub mod features;
pub mod geometry;
pub mod model;
pub mod playout;
pub mod position;
mod verdict;

pub use counting::Teire;
pub use model::{Loaded, Model, ModelError, fit_logistic};
pub use verdict::{Basis, ChainVerdict, Estimate, Status};

use features::Ownership;
use pauli_control::{ControlError, PointControl};
use playout::{Fixed, Playouts};
use position::{EMPTY, Position, Proved, color_of};
use rules_core::{Assessment, Assessor, Board, GameState, Point};

/// How the estimator works.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Most playouts per position.
    pub playouts: usize,
    /// Playouts run before the first look at the chains.
    pub min_playouts: usize,
    /// Playouts added between looks.
    pub batch: usize,
    /// Mean ownership (in absolute value) at which an open chain counts as clear: once every
    /// open chain is clear, no more playouts are run.
    pub settled: f32,
    /// Share of playouts ending in a seki above which a live chain is called seki.
    pub seki: f32,
    /// Seed of the playouts.
    pub seed: u64,
    /// The control test's options (budgets) for the proofs made first.
    pub control: pauli_control::Options,
    /// How territory treats teire points (the points a player must fill before counting
    /// once the dame are filled): servers differ (docs/estimator.md measures each).
    pub teire: Teire,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            playouts: 192,
            min_playouts: 32,
            batch: 32,
            settled: 0.3,
            seki: 0.5,
            seed: 0x0067_6f72_756c_6573,
            control: pauli_control::Options::with_budgets(pauli_control::Budgets::quick()),
            teire: Teire::AfterAllDame,
        }
    }
}

/// What the playouts found: ownership per point (also split by who moved first) and, per
/// point, the share of playouts that ended with its stone in a seki.
#[derive(Debug, Clone)]
pub struct Sampled {
    /// Mean ownership.
    pub own: Ownership,
    /// Seki share per point.
    pub seki: Vec<f32>,
    /// Playouts run.
    pub playouts: usize,
}

/// Proves what the control test can on `board` (with `prohibited`, Pauli's permanently
/// prohibited locations, rule 9), then estimates the rest.
///
/// # Errors
/// When the prohibited locations do not fit the board ([`ControlError`]).
pub fn estimate(
    board: &Board,
    prohibited: &[Point],
    options: &Options,
) -> Result<Estimate, ControlError> {
    let map = pauli_control::analyze(board, prohibited, &options.control)?;
    Ok(estimate_with(board, map.points(), options))
}

/// Estimates `board` given the control test's verdicts, one per point.
#[must_use]
pub fn estimate_with(board: &Board, control: &[PointControl], options: &Options) -> Estimate {
    let pos = Position::new(board, control);
    let sampled = sample(&pos, options);
    let model = Loaded::builtin();
    let chains: Vec<ChainVerdict> = (0..pos.chains.len())
        .map(|ci| verdict(&pos, &sampled, model, options, ci))
        .collect();
    let (territory, neutral) = counting::territory(&pos, &chains, options.teire);
    Estimate {
        territory,
        neutral,
        chains,
        playouts: sampled.playouts,
    }
}

/// The verdict on chain `ci`.
fn verdict(
    pos: &Position,
    sampled: &Sampled,
    model: &Loaded,
    options: &Options,
    ci: usize,
) -> ChainVerdict {
    let ch = &pos.chains[ci];
    let (dead, basis, confidence) = match ch.proved {
        Proved::Dead => (true, Basis::Proved, 1.0),
        Proved::Alive => (false, Basis::Proved, 1.0),
        _ => {
            let p = model.p_dead(&features::chain_features(pos, &sampled.own, ci));
            (p >= 0.5, Basis::Estimated, p.max(1.0 - p))
        }
    };
    let seki = ch
        .stones
        .iter()
        .map(|&s| sampled.seki[s as usize])
        .sum::<f32>()
        / ch.stones.len() as f32;
    let status = if dead {
        Status::Dead
    } else if seki >= options.seki {
        Status::Seki
    } else {
        Status::Alive
    };
    ChainVerdict {
        stones: ch
            .stones
            .iter()
            .map(|&s| Point::from_index(s as usize))
            .collect(),
        color: color_of(ch.color),
        status,
        basis,
        confidence,
    }
}

/// The playouts' start: proved-dead stones off the board, proved territory frozen with its
/// owner. Proved-alive chains are left to the playouts like any other (keeping one side of a
/// seki from capture lets the other side be killed for free; measured in docs/estimator.md).
fn playout_start(pos: &Position) -> (Vec<u8>, Fixed, Vec<i8>) {
    let n = pos.len();
    let mut fixed = Fixed {
        frozen: vec![false; n],
    };
    let mut owner = vec![0i8; n];
    let mut stones = pos.stones.clone();
    let sign = |c: u8| if c == 1 { 1i8 } else { -1 };
    for p in 0..n {
        match (pos.stones[p], pos.proved[p]) {
            (EMPTY, Proved::Territory(c)) => {
                fixed.frozen[p] = true;
                owner[p] = sign(c);
            }
            (EMPTY, _) => {}
            (c, _) => {
                if pos.chains[pos.chain_of[p] as usize].proved == Proved::Dead {
                    stones[p] = EMPTY;
                    fixed.frozen[p] = true;
                    owner[p] = -sign(c);
                }
            }
        }
    }
    (stones, fixed, owner)
}

/// Runs the playouts for `pos`: `options.min_playouts` first, then batches of
/// `options.batch` up to `options.playouts`, stopping as soon as every open chain's mean
/// ownership is at least `options.settled` from zero (clear positions are cheap; unclear
/// ones get the whole budget). No playout at all when the proofs decided every chain.
#[must_use]
pub fn sample(pos: &Position, options: &Options) -> Sampled {
    let (stones, fixed, owner) = playout_start(pos);
    let mut playouts = Playouts::new(&pos.geo, &stones, &fixed, &owner, options.seed);
    let open: Vec<&position::Chain> = pos
        .chains
        .iter()
        .filter(|c| c.proved == Proved::Open)
        .collect();
    while !open.is_empty() && playouts.count() < options.playouts {
        let k = if playouts.count() == 0 {
            options.min_playouts
        } else {
            options.batch
        };
        playouts.run(k.min(options.playouts - playouts.count()).max(1));
        let clear = open.iter().all(|ch| {
            let sign = if ch.color == 1 { 1.0 } else { -1.0 };
            let m = ch
                .stones
                .iter()
                .map(|&s| playouts.mean(s as usize) * sign)
                .sum::<f32>()
                / ch.stones.len() as f32;
            m.abs() >= options.settled
        });
        if clear {
            break;
        }
    }
    let n = pos.len();
    Sampled {
        own: Ownership {
            all: playouts.means(),
            black_first: (0..n).map(|p| playouts.mean_first(p, 1)).collect(),
            white_first: (0..n).map(|p| playouts.mean_first(p, 2)).collect(),
        },
        seki: (0..n).map(|p| playouts.seki_rate(p)).collect(),
        playouts: playouts.count(),
    }
}

/// The estimator as a `rules_core::Assessor`: every ruleset that removes dead stones gets
/// the proved and estimated ones.
#[derive(Debug, Clone, Copy, Default)]
pub struct EstimateAssessor {
    /// How to estimate.
    pub options: Options,
}

impl Assessor for EstimateAssessor {
    fn assess(&self, board: &Board) -> Assessment {
        self.assessment(board, &[])
    }

    fn assess_state(&self, state: &dyn GameState) -> Assessment {
        self.assessment(state.board(), &state.permanently_prohibited())
    }
}

impl EstimateAssessor {
    /// The default estimator with teire points treated as `teire` says.
    #[must_use]
    pub fn with_teire(teire: Teire) -> EstimateAssessor {
        EstimateAssessor {
            options: Options {
                teire,
                ..Options::default()
            },
        }
    }

    fn assessment(&self, board: &Board, prohibited: &[Point]) -> Assessment {
        // Prohibited locations come from the game state of the same board, so they fit it;
        // should they not, the board alone is estimated.
        estimate(board, prohibited, &self.options)
            .or_else(|_| estimate(board, &[], &self.options))
            .map(|e| e.assessment())
            .unwrap_or_default()
    }
}
