//! What a count's dead stones rest on: the players' markup, the user, a proof, an estimate
//! or an outside engine. Proofs (Pauli's control test, rules 14–16) are exact; an estimate is
//! not, and says how sure it is. These are the facts; crates/report says them in words.

use crate::board::Board;
use crate::color::Color;
use crate::point::Point;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where an assessment of the end position (dead stones, territory, control) came from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum AssessmentSource {
    /// Nothing is known: every stone counts as it stands.
    #[default]
    None,
    /// The record's end-of-game markup (`TB`/`TW` and the like).
    Markup,
    /// The user named the points (`--dead`, `--control`).
    User,
    /// Proved by Pauli's control test (rules 14–16); what it cannot prove is left
    /// undecided. Read also as `auto`, its name before the estimator came.
    #[serde(alias = "auto")]
    Proved,
    /// What the control test proved, and the rest decided by the built-in estimator: dead
    /// stones counted by agreement (rule 17), as the players would mark them.
    Estimate,
    /// What the control test proved, and the rest as an outside GTP engine's
    /// `final_status_list` says.
    Engine,
}

impl fmt::Display for AssessmentSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AssessmentSource::None => "none",
            AssessmentSource::Markup => "markup",
            AssessmentSource::User => "user",
            AssessmentSource::Proved => "proved",
            AssessmentSource::Estimate => "estimate",
            AssessmentSource::Engine => "engine",
        })
    }
}

/// What became of a chain at the end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum ChainStatus {
    /// It stays on the board and counts for its owner.
    Alive,
    /// It stays on the board beside opposing stones that cannot approach it either (a seki):
    /// alive, and the liberties it shares count for nobody.
    Seki,
    /// It is removed and its points count for the opponent.
    Dead,
}

/// A chain whose status was decided without a proof.
#[derive(Debug, Clone, PartialEq)]
pub struct ChainDoubt {
    /// Its stones, in point order.
    pub stones: Vec<Point>,
    /// Its owner.
    pub color: Color,
    /// The status decided.
    pub status: ChainStatus,
    /// The probability that the status is right, from 0.5 to 1.
    pub confidence: f64,
}

/// What an assessment decided beyond the proofs (an estimate's, an engine's).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Unproved {
    /// The dead stones decided without a proof: a part of [`Assessment::dead`](crate::score::Assessment::dead), the rest of
    /// which is proved.
    pub dead: Vec<Point>,
    /// How many chains were decided without a proof (dead, alive or seki).
    pub chains: u32,
    /// The probability that every such decision is right (the chains taken as independent);
    /// `None` when the source gives none (an engine).
    pub confidence: Option<f64>,
    /// The chains it was least sure of, least sure first.
    pub least_sure: Vec<ChainDoubt>,
}

/// The dead stones a count removed, by what each rests on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct DeadByBasis {
    /// From the record's end-of-game markup (the players' agreement).
    pub markup: u32,
    /// Named by the user.
    pub user: u32,
    /// Proved by the control test.
    pub proved: u32,
    /// Decided by the built-in estimator.
    pub estimated: u32,
    /// Decided by an outside engine.
    pub engine: u32,
}

/// How a chain decided without a proof is reported.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct DoubtReport {
    /// The chain's first stone (SGF name).
    pub chain: String,
    /// Its number of stones.
    pub stones: u32,
    /// Its owner.
    pub color: Color,
    /// The status decided.
    pub status: ChainStatus,
    /// The probability that the status is right (0.5 to 1).
    pub confidence: f64,
}

/// What a count's dead stones rest on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct DeadBasis {
    /// The dead stones, by basis.
    pub dead: DeadByBasis,
    /// Chains (dead, alive or seki) whose status no proof or markup gives: the count rests
    /// on an estimate (or an engine) when this is not zero.
    pub unproved_chains: u32,
    /// For an estimate: the probability that every unproved decision is right.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confidence: Option<f64>,
    /// The chains the estimate was least sure of, least sure first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub least_sure: Vec<DoubtReport>,
}

impl DeadBasis {
    /// What the `dead` stones a count removed from `board` rest on, given where its
    /// assessment came from and what it decided without a proof (the count's own number of
    /// dead stones: markup marks them by its territory too); `None` when no stone was dead and
    /// nothing was estimated.
    #[must_use]
    pub fn of(
        source: AssessmentSource,
        unproved: Option<&Unproved>,
        board: &Board,
        dead: u32,
    ) -> Option<DeadBasis> {
        let on_board = |ps: &[Point]| ps.iter().filter(|&&p| board.get(p).is_some()).count();
        let unproved_dead = unproved.map_or(0, |u| on_board(&u.dead) as u32);
        let mut by = DeadByBasis::default();
        match source {
            AssessmentSource::None => {}
            AssessmentSource::Markup => by.markup = dead,
            AssessmentSource::User => by.user = dead,
            AssessmentSource::Proved => by.proved = dead,
            AssessmentSource::Estimate => {
                by.estimated = unproved_dead.min(dead);
                by.proved = dead - by.estimated;
            }
            AssessmentSource::Engine => {
                by.engine = unproved_dead.min(dead);
                by.proved = dead - by.engine;
            }
        }
        let chains = unproved.map_or(0, |u| u.chains);
        if dead == 0 && chains == 0 {
            return None;
        }
        let topo = board.topology();
        Some(DeadBasis {
            dead: by,
            unproved_chains: chains,
            confidence: unproved.and_then(|u| u.confidence),
            least_sure: unproved
                .map(|u| {
                    u.least_sure
                        .iter()
                        .map(|d| DoubtReport {
                            chain: d.stones.first().map_or_else(String::new, |&p| topo.sgf(p)),
                            stones: d.stones.len() as u32,
                            color: d.color,
                            status: d.status,
                            confidence: d.confidence,
                        })
                        .collect()
                })
                .unwrap_or_default(),
        })
    }

    /// Whether the count rests on decisions no proof or markup gives.
    #[must_use]
    pub fn is_estimated(&self) -> bool {
        self.unproved_chains > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        Board::from_diagram(&["XXXX.", "X.OX.", "XXXX.", ".....", "..O.."]).unwrap()
    }

    #[test]
    fn dead_stones_are_counted_by_what_they_rest_on() {
        let b = board();
        let p = |n: &str| b.topology().parse_sgf(n).unwrap();
        let mut source = AssessmentSource::Estimate;
        let mut unproved = Some(Unproved {
            dead: vec![p("ce")],
            chains: 2,
            confidence: Some(0.8),
            least_sure: vec![ChainDoubt {
                stones: vec![p("ce")],
                color: Color::White,
                status: ChainStatus::Dead,
                confidence: 0.8,
            }],
        });
        let basis = DeadBasis::of(source, unproved.as_ref(), &b, 2).unwrap();
        assert_eq!((basis.dead.proved, basis.dead.estimated), (1, 1));
        assert!(basis.is_estimated());
        assert_eq!(basis.confidence, Some(0.8));
        assert_eq!(basis.least_sure[0].chain, "ce");
        assert_eq!(basis.least_sure[0].status, ChainStatus::Dead);
        // An unproved point without a stone is not a dead stone.
        unproved.as_mut().unwrap().dead.push(p("ea"));
        assert_eq!(
            DeadBasis::of(source, unproved.as_ref(), &b, 2)
                .unwrap()
                .dead
                .estimated,
            1
        );
        source = AssessmentSource::Markup;
        unproved = None;
        let basis = DeadBasis::of(source, unproved.as_ref(), &b, 3).unwrap();
        assert_eq!((basis.dead.markup, basis.dead.proved), (3, 0));
        assert!(!basis.is_estimated());
        assert_eq!(DeadBasis::of(AssessmentSource::None, None, &b, 0), None);
    }
}
