//! Automatic dead stones and claim checking from Pauli's control test (rules 14–17, the
//! `pauli-control` crate), as the commands use them.

use clap::ValueEnum;
use pauli_control::{
    Budgets, Claim, ClaimStatus, ControlAssessor, Options, check_claims, claims_from_markup,
};
use rules_core::{Assessment, Assessor, Board, Finding, GameState, Point, Topology};
use std::sync::Mutex;

/// `--control-budget`: how much searching the control test may do per position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum BudgetArg {
    /// A tenth of the default: fast, leaves more points undecided.
    Quick,
    /// A few milliseconds per 19×19 final position.
    #[default]
    Default,
    /// Seconds per position; decides more.
    Thorough,
}

impl BudgetArg {
    /// The analysis options for this budget.
    pub fn options(self) -> Options {
        Options {
            budgets: match self {
                BudgetArg::Quick => Budgets::quick(),
                BudgetArg::Default => Budgets::default(),
                BudgetArg::Thorough => Budgets::thorough(),
            },
            ..Options::default()
        }
    }
}

/// The control assessor for one game, remembering its last answer: the rulesets of one game
/// usually end on the same position, which is then searched once.
pub struct CachedAssessor<'a> {
    inner: &'a ControlAssessor,
    last: Mutex<Option<Remembered>>,
}

/// A position (board bits and permanently prohibited locations) and its assessment.
type Remembered = (Vec<u64>, Vec<Point>, Assessment);

impl<'a> CachedAssessor<'a> {
    /// A cache in front of `inner`.
    pub fn new(inner: &'a ControlAssessor) -> CachedAssessor<'a> {
        CachedAssessor {
            inner,
            last: Mutex::new(None),
        }
    }
}

impl Assessor for CachedAssessor<'_> {
    fn assess(&self, board: &Board) -> Assessment {
        self.inner.assess(board)
    }

    fn assess_state(&self, state: &dyn GameState) -> Assessment {
        let bits = state.board().bits().to_vec();
        let prohibited = state.permanently_prohibited();
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((b, p, a)) = last.as_ref() {
            if *b == bits && *p == prohibited {
                return a.clone();
            }
        }
        let a = self.inner.assess_state(state);
        *last = Some((bits, prohibited, a.clone()));
        a
    }
}

/// Rule 17: the claims (the record's end-of-game markup, or the stones named by `--dead`:
/// stones claimed dead, points claimed neutral), checked against rule 14's control on the
/// final position. One finding with the totals, and one per claim a dispute would overturn
/// or that stays undecided; `claims-not-checked` when there is nothing to check.
pub fn claim_findings(
    given: &crate::config::Claims,
    state: &dyn GameState,
    options: &Options,
) -> Vec<Finding> {
    let board = state.board();
    let claims = claims_from_markup(board, &given.markup);
    if claims.is_empty() {
        return vec![Finding::new(
            "claims-not-checked",
            "rule 17: there is no claim to check: the record has no end-of-game markup naming \
             dead stones or neutral points, and --dead names no stone",
        )];
    }
    let topo = board.topology();
    let from = &given.from;
    let report = match check_claims(board, &state.permanently_prohibited(), &claims, options) {
        Ok(r) => r,
        Err(e) => {
            return vec![Finding::new(
                "claims-not-checked",
                format!("rule 17: the claims of {from} could not be checked: {e}"),
            )];
        }
    };
    let count = |s: ClaimStatus| report.checks.iter().filter(|c| c.status == s).count();
    let mut out = vec![Finding::new(
        "claims-checked",
        format!(
            "rule 17: {} claim(s) from {from} checked against rule 14's control: {} upheld, \
             {} a dispute would overturn, {} undecided",
            report.checks.len(),
            count(ClaimStatus::Upheld),
            count(ClaimStatus::Overturned),
            count(ClaimStatus::Undecided),
        ),
    )];
    for c in &report.checks {
        let what = match c.claim {
            Claim::Dead { by, .. } => format!(
                "{by}'s claim that the {} stone(s) at {} are dead",
                c.covers.len(),
                names(topo, &c.covers)
            ),
            Claim::Neutral { by, point } => {
                format!("{by}'s claim that {} is neutral", topo.label(point))
            }
        };
        let d = &c.dispute;
        match c.status {
            ClaimStatus::Upheld => {}
            ClaimStatus::Overturned => out.push(Finding::new(
                "claim-overturned",
                format!(
                    "rule 17: {what} would be overturned: in the dispute {} proves on {} \
                     point(s) with {} moving first, and {} wins the dispute — and the game \
                     (reading A17)",
                    d.prover,
                    d.final_set.len().max(d.initial_set.len()),
                    d.refuter,
                    d.winner
                        .map_or_else(|| "nobody".to_owned(), |w| w.to_string())
                ),
            )),
            ClaimStatus::Undecided => out.push(Finding::new(
                "claim-undecided",
                format!(
                    "rule 17: {what}: the dispute at {} is not decided within the search \
                     budget",
                    topo.label(d.disputed)
                ),
            )),
        }
    }
    out
}

fn names(topo: &Topology, points: &[Point]) -> String {
    const SHOWN: usize = 8;
    let mut s: Vec<String> = points.iter().take(SHOWN).map(|&p| topo.label(p)).collect();
    if points.len() > SHOWN {
        s.push(format!("… ({} more)", points.len() - SHOWN));
    }
    s.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Claims;
    use pauli::{Pauli, Situation};
    use rules_core::{Color, Markup};

    /// A Pauli game on the position `rows` with `prohibited` (SGF names) permanently
    /// prohibited, Black to move.
    fn game(rows: &[&str], prohibited: &[&str]) -> Box<dyn GameState> {
        let board = Board::from_diagram(rows).unwrap();
        let permanently_prohibited = prohibited
            .iter()
            .map(|n| board.topology().parse_sgf(n).unwrap())
            .collect();
        let situation = Situation {
            board,
            to_move: Color::Black,
            need: 2,
            temporarily_prohibited: Vec::new(),
            permanently_prohibited,
        };
        Box::new(Pauli::default().game_from(situation).unwrap())
    }

    /// A white stone dead inside Black's territory.
    const DEAD_STONE: [&str; 3] = ["XXXX.", "X.OX.", "XXXX."];
    /// A black corner whose verdict depends on `aa` being permanently prohibited (ljr.md A11:
    /// a white stone at `ba` would keep a liberty nobody can ever take).
    const A11_CORNER: [&str; 5] = ["..X.X", "..XXX", "XXX..", "X.X..", "XXX.."];

    #[test]
    fn the_cache_answers_only_for_the_same_board_and_prohibited_locations() {
        let inner = ControlAssessor::default();
        let fresh = |s: &dyn GameState| inner.assess_state(s);
        let (corner, corner_p) = (game(&A11_CORNER, &[]), game(&A11_CORNER, &["aa"]));
        assert_ne!(fresh(corner.as_ref()), fresh(corner_p.as_ref()));
        let cached = CachedAssessor::new(&inner);
        // Each position differs from the one before in its board, or in its permanently
        // prohibited locations only, or not at all.
        for s in [
            game(&DEAD_STONE, &[]),
            game(&A11_CORNER, &[]),
            game(&A11_CORNER, &["aa"]),
            game(&A11_CORNER, &["aa"]),
            game(&A11_CORNER, &[]),
            game(&DEAD_STONE, &[]),
        ] {
            assert_eq!(cached.assess_state(s.as_ref()), fresh(s.as_ref()));
        }
        // A board alone goes to the control test as it is.
        let b = Board::from_diagram(&DEAD_STONE).unwrap();
        assert_eq!(cached.assess(&b), inner.assess(&b));
        assert_eq!(cached.assess(&b).dead.len(), 1);
    }

    /// White's group lives with two eyes (`aa` and `ca`) whatever its length; Black's claim
    /// that it is dead would be overturned, and the finding names its stones, eight at most.
    #[test]
    fn an_overturned_claim_names_eight_of_its_stones_and_counts_the_rest() {
        let message = |top: &str, second: &str| -> String {
            let rows = [top, second, "XXXXXXXXX", "........."];
            let state = game(&rows, &[]);
            let markup = Markup {
                dead: vec![state.board().topology().parse_sgf("ba").unwrap()],
                source: "--dead".to_owned(),
                ..Markup::default()
            };
            let claims = Claims {
                markup,
                from: "--dead".to_owned(),
            };
            let found = claim_findings(&claims, state.as_ref(), &Options::default());
            let codes: Vec<&str> = found.iter().map(|f| f.code.as_str()).collect();
            assert_eq!(codes, ["claims-checked", "claim-overturned"]);
            assert!(
                found[0].message.ends_with(
                    "1 claim(s) from --dead checked against rule 14's control: 0 upheld, 1 a \
                     dispute would overturn, 0 undecided"
                ),
                "{}",
                found[0].message
            );
            found[1].message.clone()
        };
        let eight = message(".O.OOX...", "OOOOOX...");
        assert!(
            eight.starts_with(
                "rule 17: Black's claim that the 8 stone(s) at B4 D4 E4 A3 B3 C3 D3 E3 are \
                 dead would be overturned"
            ),
            "{eight}"
        );
        let ten = message(".O.OOOX..", "OOOOOOX..");
        assert!(
            ten.starts_with(
                "rule 17: Black's claim that the 10 stone(s) at B4 D4 E4 F4 A3 B3 C3 D3 … (2 \
                 more) are dead would be overturned"
            ),
            "{ten}"
        );
    }
}
