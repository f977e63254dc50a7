//! What the estimator says of a position: a verdict per chain (alive, dead or seki; proved
//! or estimated; how sure), and the assessment the rulesets count with.

use rules_core::{Assessment, AssessmentSource, ChainDoubt, Color, PerColor, Point, Unproved};

/// What became of a chain: alive, seki or dead (rules-core's facts).
pub use rules_core::ChainStatus as Status;

/// How many of the least sure chains an assessment names.
pub const LEAST_SURE: usize = 5;
/// Chains at least this sure are not named among the least sure.
pub const SURE: f64 = 0.9;

/// Where a chain's status comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Basis {
    /// The control test proved it (Pauli's rules 14–16): exact.
    Proved,
    /// The estimator decided it.
    Estimated,
}

/// The verdict on one chain.
#[derive(Debug, Clone, PartialEq)]
pub struct ChainVerdict {
    /// Its stones, in point order.
    pub stones: Vec<Point>,
    /// Its owner.
    pub color: Color,
    /// Alive, seki or dead.
    pub status: Status,
    /// Proved or estimated.
    pub basis: Basis,
    /// The probability that the status is right: from 0.5 (a coin toss) to 1; exactly 1
    /// for a proof.
    pub confidence: f64,
}

/// The estimate of a final position.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// Every chain of the board, in order of its first stone.
    pub chains: Vec<ChainVerdict>,
    /// Each player's territory as players would mark it: the points (dead stones' included)
    /// of regions that touch his live stones only, `neutral` excepted.
    pub territory: PerColor<Vec<Point>>,
    /// Empty points counted for nobody though only one colour's stones surround them: the
    /// eyes of chains in seki (Japanese rules, and KGS's count, give them to nobody).
    pub neutral: Vec<Point>,
    /// Playouts run (0 when the proofs decided every chain).
    pub playouts: usize,
}

impl Estimate {
    /// The dead stones, proved and estimated, in point order.
    #[must_use]
    pub fn dead(&self) -> Vec<Point> {
        self.stones_where(|c| c.status == Status::Dead)
    }

    /// The dead stones the control test proved dead.
    #[must_use]
    pub fn proved_dead(&self) -> Vec<Point> {
        self.stones_where(|c| c.status == Status::Dead && c.basis == Basis::Proved)
    }

    /// The dead stones the estimator decided.
    #[must_use]
    pub fn estimated_dead(&self) -> Vec<Point> {
        self.stones_where(|c| c.status == Status::Dead && c.basis == Basis::Estimated)
    }

    fn stones_where(&self, f: impl Fn(&ChainVerdict) -> bool) -> Vec<Point> {
        let mut v: Vec<Point> = self
            .chains
            .iter()
            .filter(|c| f(c))
            .flat_map(|c| c.stones.iter().copied())
            .collect();
        v.sort_unstable();
        v
    }

    /// The probability that every verdict is right, taking the chains as independent (the
    /// product of the confidences); 1 when the proofs decided everything.
    #[must_use]
    pub fn confidence(&self) -> f64 {
        self.chains.iter().map(|c| c.confidence).product()
    }

    /// The estimated chains the estimator was least sure of, least sure first, at most `k`,
    /// only those below `below`.
    #[must_use]
    pub fn least_sure(&self, k: usize, below: f64) -> Vec<&ChainVerdict> {
        let mut v: Vec<&ChainVerdict> = self
            .chains
            .iter()
            .filter(|c| c.basis == Basis::Estimated && c.confidence < below)
            .collect();
        v.sort_by(|a, b| {
            a.confidence
                .total_cmp(&b.confidence)
                .then(a.stones.cmp(&b.stones))
        });
        v.truncate(k);
        v
    }

    /// The assessment to count with: the dead stones, and each player's territory as players
    /// would mark it under territory rules (seki eyes and teire points for nobody); area
    /// rulesets read only the dead stones.
    #[must_use]
    pub fn assessment(&self) -> Assessment {
        let estimated = self
            .chains
            .iter()
            .filter(|c| c.basis == Basis::Estimated)
            .count();
        Assessment {
            source: AssessmentSource::Estimate,
            dead: self.dead(),
            territory: self.territory.clone(),
            neutral: self.neutral.clone(),
            unproved: Some(Unproved {
                dead: self.estimated_dead(),
                chains: estimated as u32,
                confidence: Some(self.confidence()),
                least_sure: self
                    .least_sure(LEAST_SURE, SURE)
                    .into_iter()
                    .map(|c| ChainDoubt {
                        stones: c.stones.clone(),
                        color: c.color,
                        status: c.status,
                        confidence: c.confidence,
                    })
                    .collect(),
            }),
            ..Assessment::default()
        }
    }
}
