//! The JSON form of one comparison of `diff` (docs/json.md, "gorules diff"): the facts of
//! [`rules_core::compare`] with their words ([`explain`](super::explain)) beside them.

use super::explain;
use rules_core::Verdict;
use rules_core::compare::{self, EndingSplit};
use serde::Serialize;

/// Where two rulesets disagree about one game.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PairDiff {
    /// The first ruleset (the baseline).
    pub a: String,
    /// The second ruleset.
    pub b: String,
    /// Whether they agree on everything compared: the same forbidden moves for the same
    /// reasons, the same ending, and the same winner and margin.
    pub agree: bool,
    /// Moves one forbids and the other allows (or forbids for another reason), in move order.
    pub legality: Vec<LegalitySplit>,
    /// The counts compared, when both rulesets counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<CountDiff>,
    /// Why there is no count comparison.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_count: Option<String>,
    /// How the game ended under each, when that differs and neither replay stopped at a
    /// forbidden move (a stop is a legality split): e.g. two passes that end the game under
    /// one ruleset and not under the other (Pauli rule 4: a pass under a temporary
    /// prohibition).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<EndingSplit>,
}

/// A move on whose legality two rulesets disagree.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LegalitySplit {
    /// The facts.
    #[serde(flatten)]
    pub split: compare::LegalitySplit,
    /// In words.
    pub explanation: String,
}

/// Two counts compared, with the causes of the difference.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct CountDiff {
    /// The first ruleset's result (`B+3.5`).
    pub result_a: String,
    /// The second ruleset's result.
    pub result_b: String,
    /// Black's margin (Black's total minus White's) under the first ruleset.
    pub margin_a: f64,
    /// Black's margin under the second ruleset.
    pub margin_b: f64,
    /// `margin_b - margin_a`: what the causes add up to.
    pub difference: f64,
    /// Whether the winner differs.
    pub winner_changes: bool,
    /// Whether both counted the same position (not so when one replay stopped at a move the
    /// other allowed).
    pub same_position: bool,
    /// The causes, largest effect first. Their `effect`s sum to `difference` exactly.
    pub causes: Vec<Cause>,
}

/// One term of the explanation.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Cause {
    /// The facts.
    #[serde(flatten)]
    pub cause: compare::Cause,
    /// In words a Go player understands.
    pub explanation: String,
}

impl PairDiff {
    /// The comparison `facts` of the verdicts `a` and `b` (the two compared), put in words.
    #[must_use]
    pub fn said(facts: compare::PairDiff, a: &Verdict, b: &Verdict) -> PairDiff {
        let no_count = facts.count.is_none().then(|| explain::no_count(a, b));
        let legality = facts
            .legality
            .into_iter()
            .map(|split| LegalitySplit {
                explanation: explain::split(&split, a, b),
                split,
            })
            .collect();
        PairDiff {
            a: facts.a,
            b: facts.b,
            agree: facts.agree,
            legality,
            count: facts.count.map(|c| CountDiff::said(c, a, b)),
            no_count,
            ending: facts.ending,
        }
    }
}

impl CountDiff {
    /// The count comparison `facts` of the verdicts `a` and `b`, put in words.
    fn said(mut facts: compare::CountDiff, a: &Verdict, b: &Verdict) -> CountDiff {
        let causes = std::mem::take(&mut facts.causes);
        let causes = causes
            .into_iter()
            .map(|cause| Cause {
                explanation: explain::cause(&cause, &facts, a, b),
                cause,
            })
            .collect();
        CountDiff {
            result_a: facts.result_a,
            result_b: facts.result_b,
            margin_a: facts.margin_a,
            margin_b: facts.margin_b,
            difference: facts.difference,
            winner_changes: facts.winner_changes,
            same_position: facts.same_position,
            causes,
        }
    }
}
