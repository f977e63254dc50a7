//! Where the engine's count takes dead stones from when `gorules-dead` names none: the board
//! as it stands, an assessor's (the control test's proofs), or — once the game is over — the
//! built-in estimator's, which also tells seki apart (`final_status_list seki`).

use estimate::{Estimate, Options, Status as ChainStatus};
use rules_core::{Assessment, Assessor, GameState, Point};

/// The engine's source of dead stones when `gorules-dead` names none.
#[derive(Default)]
pub enum DeadStones {
    /// No stone is dead: the board as it stands.
    #[default]
    AsItStands,
    /// An assessor's, at any time (the control test's proofs: what it cannot prove is left
    /// undecided, and a count that rests on it is no score).
    Assessor(Box<dyn Assessor>),
    /// Once the game is over, the estimator's (what the control test proves, the rest
    /// estimated, seki told apart); before, the board as it stands, as `gorules replay` counts
    /// an unfinished game.
    Estimate(Options),
}

/// What the source says of the current position: an assessment, and for the estimator the
/// verdict on every chain.
pub(super) struct Judged {
    pub assessment: Assessment,
    pub estimate: Option<Estimate>,
}

impl DeadStones {
    /// The judgement of `state`.
    pub(super) fn judge(&self, state: &dyn GameState) -> Judged {
        let (assessment, estimate) = match self {
            DeadStones::AsItStands => (Assessment::none(), None),
            DeadStones::Assessor(a) => (a.assess_state(state), None),
            DeadStones::Estimate(_) if !state.is_over() => (Assessment::none(), None),
            DeadStones::Estimate(options) => {
                let board = state.board();
                // The prohibited locations come from the state of this board; should they not
                // fit it, the board alone is estimated.
                let e = estimate::estimate(board, &state.permanently_prohibited(), options)
                    .or_else(|_| estimate::estimate(board, &[], options));
                match e {
                    Ok(e) => (e.assessment(), Some(e)),
                    Err(_) => (Assessment::none(), None),
                }
            }
        };
        Judged {
            assessment,
            estimate,
        }
    }
}

impl Judged {
    /// The stones of the chains the estimator put in seki (none for other sources).
    pub(super) fn seki(&self) -> Vec<Point> {
        self.estimate
            .iter()
            .flat_map(|e| &e.chains)
            .filter(|c| c.status == ChainStatus::Seki)
            .flat_map(|c| c.stones.iter().copied())
            .collect()
    }
}
