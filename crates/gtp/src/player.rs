//! The player behind `genmove`: simple, fast, legal, reproducible — and weak on purpose. It
//! is there so that games can be played through gorules, not to win them.
//!
//! The policy, for the player to move:
//! 1. the candidates are the empty points where a stone is legal under the ruleset
//!    ([`GameState::check`]) and that are neither a suicide (even where the ruleset allows
//!    one) nor one of the player's own one-point eyes ([`is_own_eye`]);
//! 2. if some candidates capture, one of them is chosen at random;
//! 3. else any candidate, at random;
//! 4. with no candidate left, the player passes.
//!
//! Because it never fills its own eyes and otherwise plays everywhere, a game it takes part
//! in ends with every empty point an eye of one side or a point neither may fill: the end
//! position scores the same with or without a dead-stone judgement, in most games.
//!
//! Randomness comes from [`Rng`], a SplitMix64 generator: the same seed and the same
//! commands give the same moves.

use rules_core::{Board, Color, GameState, Move, Point, PreAction, Turn};

pub use rules_core::Rng;

/// Whether the empty point `p` is one of `color`'s own one-point eyes: every neighbour is a
/// stone of `color`, and the diagonals do not make it false — on the edge no diagonal may
/// hold an opponent stone, inside at most one may. On boards without diagonals (graphs) the
/// neighbours decide alone.
#[must_use]
pub fn is_own_eye(board: &Board, p: Point, color: Color) -> bool {
    let topo = board.topology();
    if !board.is_empty_at(p) {
        return false;
    }
    let nbrs = topo.neighbors(p);
    if nbrs.is_empty() || nbrs.iter().any(|&q| board.get(q) != Some(color)) {
        return false;
    }
    let Some((x, y)) = topo.xy(p) else {
        return true;
    };
    let mut on_board = 0;
    let mut enemy = 0;
    for (dx, dy) in [(-1i64, -1i64), (1, -1), (-1, 1), (1, 1)] {
        let (nx, ny) = (x as i64 + dx, y as i64 + dy);
        if nx < 0 || ny < 0 {
            continue;
        }
        if let Some(q) = topo.at(nx as usize, ny as usize) {
            on_board += 1;
            if board.get(q) == Some(color.opp()) {
                enemy += 1;
            }
        }
    }
    if on_board < 4 { enemy == 0 } else { enemy <= 1 }
}

/// The move the player makes for `color` in `state` (see the module documentation).
/// `pre` is an action the turn makes first (Pauli's cycle removal): candidates are checked
/// with it, as the whole turn.
pub fn choose_move(
    state: &dyn GameState,
    color: Color,
    pre: Option<PreAction>,
    rng: &mut Rng,
) -> Move {
    let board = state.board();
    let mut captures: Vec<Point> = Vec::new();
    let mut others: Vec<Point> = Vec::new();
    for p in board.topology().points() {
        if !board.is_empty_at(p) || is_own_eye(board, p, color) {
            continue;
        }
        let a = board.analyze(p, color);
        let turn = Turn {
            color,
            pre,
            mv: Move::Place(p),
        };
        if a.suicide || state.check(&turn).is_err() {
            continue;
        }
        if a.captured_stones > 0 {
            captures.push(p);
        } else {
            others.push(p);
        }
    }
    let pool = if captures.is_empty() {
        &others
    } else {
        &captures
    };
    if pool.is_empty() {
        Move::Pass
    } else {
        Move::Place(pool[rng.below(pool.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::from_diagram(rows).unwrap()
    }

    #[test]
    fn eyes_true_and_false() {
        let b = board(&[".X...", "XX...", ".....", ".XXX.", ".X.XO", ".XXX."]);
        let t = b.topology().clone();
        assert!(
            is_own_eye(&b, t.at(0, 0).unwrap(), Color::Black),
            "corner eye"
        );
        assert!(!is_own_eye(&b, t.at(0, 0).unwrap(), Color::White));
        // Inside, one enemy diagonal is allowed.
        assert!(is_own_eye(&b, t.at(2, 4).unwrap(), Color::Black));
        let b = board(&[".X...", "XO..."]);
        assert!(
            !is_own_eye(&b, t.at(0, 0).unwrap(), Color::Black),
            "a corner eye with an enemy diagonal is false"
        );
    }

    /// Every diagonal is looked at, and the count of diagonals on the board decides the
    /// rule: inside (four) one enemy diagonal is allowed, on the edge none.
    #[test]
    fn eyes_by_their_diagonals() {
        let eye = |rows: &[&str], x: usize, y: usize| {
            let b = board(rows);
            let p = b.topology().at(x, y).unwrap();
            is_own_eye(&b, p, Color::Black)
        };
        // Inside, next to the first row and column (diagonals at x = 0 and y = 0), one
        // enemy diagonal.
        assert!(eye(&[".X...", "X.X..", ".XO..", ".....", "....."], 1, 1));
        // Two enemy diagonals, on either pair of opposite corners.
        assert!(!eye(&[".....", ".OX..", ".X.X.", "..XO.", "....."], 2, 2));
        assert!(!eye(&[".....", "..XO.", ".X.X.", ".OX..", "....."], 2, 2));
        assert!(eye(&[".....", "..XO.", ".X.X.", "..X..", "....."], 2, 2));
        assert!(eye(&[".....", "..X..", ".X.X.", ".OX..", "....."], 2, 2));
        // On the edge, one enemy diagonal makes the eye false.
        assert!(!eye(&[".X.X.", ".OX..", ".....", ".....", "....."], 2, 0));
        assert!(eye(&[".X.X.", "..X..", ".....", ".....", "....."], 2, 0));
    }

    /// The player fills none of its own eyes (with only eyes left it passes) and commits no
    /// suicide.
    #[test]
    fn the_player_fills_no_own_eye_and_commits_no_suicide() {
        use rules_core::{Ruleset, StartPosition};
        let b = board(&["X.X", "XXX", "X.X"]);
        let state = tromp_taylor::TrompTaylor.start(&StartPosition::new(b, Color::Black));
        let mut rng = Rng::new(1);
        for _ in 0..10 {
            assert_eq!(
                choose_move(state.as_ref(), Color::Black, None, &mut rng),
                Move::Pass
            );
        }
        // Nor does it commit suicide, even where the ruleset allows it: under Tromp–Taylor
        // Black may play A2 and lose both his stones (a one-stone suicide would repeat the
        // position), but the player chooses among the other points.
        let b = board(&["XO.", ".O.", "OO."]);
        let suicide = b.topology().at(0, 1).unwrap();
        let state = tromp_taylor::TrompTaylor.start(&StartPosition::new(b, Color::Black));
        let turn = Turn {
            color: Color::Black,
            pre: None,
            mv: Move::Place(suicide),
        };
        assert!(state.check(&turn).is_ok(), "the suicide is legal here");
        for _ in 0..40 {
            let mv = choose_move(state.as_ref(), Color::Black, None, &mut rng);
            assert!(mv != Move::Pass && mv != Move::Place(suicide), "{mv:?}");
        }
    }
}
