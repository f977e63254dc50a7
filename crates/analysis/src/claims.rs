//! Rule 17: the claims of the record's end-of-game markup (or of the stones the user names),
//! checked against rule 14's control on a game's final position. Facts only: what was
//! checked and what a dispute would give; the report says it in words.

use crate::dead::{ClaimsFrom, GameDead, claimed};
use pauli_control::{ClaimsReport, ControlError, Options, check_claims, claims_from_markup};
use rules_core::{GameRecord, GameState};

/// The claims of one game, checked.
#[derive(Debug, Clone)]
pub struct ClaimsCheck {
    /// Where the claims come from.
    pub from: ClaimsFrom,
    /// What checking them gave.
    pub outcome: ClaimsOutcome,
}

/// What checking the claims gave.
#[derive(Debug, Clone)]
pub enum ClaimsOutcome {
    /// Nothing to check: no markup naming dead stones or neutral points, no stone named.
    NothingToCheck,
    /// The control test could not check them.
    Failed(ControlError),
    /// Every claim checked.
    Checked(ClaimsReport),
}

/// Checks the claims `dead` and `record` make against `state`, the final position of a
/// replay (Pauli's, whose permanently prohibited locations matter, when there is one).
#[must_use]
pub fn check(
    dead: &GameDead<'_>,
    record: &GameRecord,
    state: &dyn GameState,
    options: &Options,
) -> ClaimsCheck {
    let (markup, from) = claimed(dead, record);
    let board = state.board();
    let claims = claims_from_markup(board, &markup);
    let outcome = if claims.is_empty() {
        ClaimsOutcome::NothingToCheck
    } else {
        match check_claims(board, &state.permanently_prohibited(), &claims, options) {
            Ok(report) => ClaimsOutcome::Checked(report),
            Err(e) => ClaimsOutcome::Failed(e),
        }
    };
    ClaimsCheck { from, outcome }
}
