//! The examples of `ljr-examples.md` that concern control (LJR-04, 08–16), each with its
//! expected answer.

use crate::common::*;
use pauli_control::{
    Claim, ClaimStatus, Control, ControlError, GameOutcome, NotFormation, Options, PointSet,
    agreement_control, check_claims, check_formation, hypothetical_game, is_bordered,
    smallest_bordered_set,
};
use rules_core::{Board, Color, Topology};
use std::sync::Arc;

/// Rule 5 score parts from a control map: territory (controlled locations not holding own
/// stones) plus dead stones.
fn score(b: &Board, m: &pauli_control::ControlMap, c: Color) -> usize {
    let a = m.assessment(b);
    let dead = a
        .dead
        .iter()
        .filter(|&&p| b.get(p) == Some(c.opp()))
        .count();
    a.territory[c].len() + dead
}

const LJR08: [&str; 4] = [".X.OX.", ".OOOXX", "OOXXX.", "XXXXXX"];

#[test]
fn ljr04_empty_board_nobody_controls() {
    let b = board(&["...", "...", "..."]);
    let m = analyze_default(&b);
    assert_picture(&b, &m, &["---", "---", "---"]);
    assert_eq!(score(&b, &m, Color::Black), 0);
    assert_eq!(score(&b, &m, Color::White), 0);
}

#[test]
fn ljr08_smallest_bordered_sets() {
    let b = board(&LJR08);
    let chain12 = "ea eb fb cc dc ec ad bd cd dd ed fd";
    let big = format!("aa ab ca da db cb bb bc ac ba {chain12}");
    let set = |c: Color, at: &str| smallest_bordered_set(&b, c, pt(&b, at)).to_vec();
    assert_eq!(set(Color::Black, "aa"), pts(&b, &big), "(a)");
    assert_eq!(
        set(Color::White, "aa"),
        pts(&b, "aa ab ba ca da db cb bb bc ac"),
        "(b)"
    );
    assert_eq!(set(Color::Black, "ea"), pts(&b, chain12), "(c)");
    assert_eq!(set(Color::Black, "da"), pts(&b, &big), "(d)");
    assert_eq!(
        set(Color::Black, "fa"),
        pts(&b, &format!("fa {chain12}")),
        "(e)"
    );
    for (c, at) in [
        (Color::Black, "aa"),
        (Color::White, "aa"),
        (Color::Black, "fa"),
    ] {
        let s = smallest_bordered_set(&b, c, pt(&b, at));
        assert!(is_bordered(&b, c, &s));
    }
}

#[test]
fn ljr09_two_eye_formation_static_test() {
    let b = board(&[".X.X.", "XXXXX", "....."]);
    let set = |list: &str| PointSet::from_points(b.len(), pts(&b, list));
    let s1 = set("aa ba ca da ea ab bb cb db eb");
    let s2 = set("aa ba ca da ab bb cb db eb");
    let s3 = set("aa ba da ab bb cb db eb");
    let s5 = PointSet::from_points(b.len(), b.topology().points());
    for s in [&s1, &s2, &s3, &s5] {
        assert!(is_bordered(&b, Color::Black, s));
    }
    assert_eq!(check_formation(&b, Color::Black, &s1), Ok(()));
    assert_eq!(check_formation(&b, Color::Black, &s2), Ok(()));
    assert!(matches!(
        check_formation(&b, Color::Black, &s3),
        Err(NotFormation::TooFewLiberties(_))
    ));
    assert!(matches!(
        check_formation(&b, Color::Black, &s5),
        Err(NotFormation::EyeWithEmptyNeighbour(_))
    ));
    // S4: a white stone on ea (a setup position; the stone has no liberty).
    let topo = Arc::new(Topology::grid(5, 3).unwrap());
    let mut b4 = Board::new(Arc::clone(&topo));
    let mut edits = Vec::new();
    for (y, row) in [".X.XO", "XXXXX", "....."].iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let c = match ch {
                'X' => Some(Color::Black),
                'O' => Some(Color::White),
                _ => None,
            };
            edits.push((topo.at(x, y).unwrap(), c));
        }
    }
    b4.setup(&edits);
    let s4 = PointSet::from_points(b4.len(), pts(&b4, "aa ba ca da ea ab bb cb db eb"));
    assert!(is_bordered(&b4, Color::Black, &s4));
    assert!(matches!(
        check_formation(&b4, Color::Black, &s4),
        Err(NotFormation::OpposingStone(_))
    ));
    // With aa and ba empty, rows a–b are not a formation: aa has an empty neighbour.
    let b6 = board(&["..X.X", "XXXXX", "....."]);
    let s6 = PointSet::from_points(b6.len(), pts(&b6, "aa ba ca da ea ab bb cb db eb"));
    assert!(matches!(
        check_formation(&b6, Color::Black, &s6),
        Err(NotFormation::EyeWithEmptyNeighbour(_))
    ));
}

const LJR10: [&str; 5] = [".X.XO", "XXXXO", "OOOOO", ".....", "....."];

#[test]
fn ljr10_control_needs_the_second_eye() {
    let b = board(&LJR10);
    let o = Options::default();
    let s0 = PointSet::from_points(b.len(), pts(&b, "aa ba da ab bb cb db"));
    assert_eq!(s0, smallest_bordered_set(&b, Color::Black, pt(&b, "aa")));
    let (r0, _) = hypothetical_game(&b, &[], Color::Black, &s0, &o).unwrap();
    assert_eq!(r0, GameOutcome::RefuterWins, "White plays aa and captures");
    let mut s1 = s0.clone();
    s1.insert(pt(&b, "ca"));
    let (r1, nodes) = hypothetical_game(&b, &[], Color::Black, &s1, &o).unwrap();
    assert_eq!(r1, GameOutcome::ProverWins);
    assert!(nodes <= 1, "already a formation");
    let m = analyze_default(&b);
    assert_picture(&b, &m, &["BBBBW", "BBBBW", "WWWWW", "WWWWW", "WWWWW"]);
    assert_eq!(m.assessment(&b).territory[Color::Black].len(), 2);
}

const LJR11: [&str; 5] = [".X.O.OX.", "XXXOOOXX", "OOOXXXXX", ".O.OX.XX", "OOOOXXXX"];

#[test]
fn ljr11_seki_with_eyes_nobody_controls_the_seki() {
    let b = board(&LJR11);
    let m = analyze_default(&b);
    assert_picture(
        &b,
        &m,
        &["------BB", "------BB", "WWWBBBBB", "WWWWBBBB", "WWWWBBBB"],
    );
    assert_eq!(score(&b, &m, Color::Black), 2);
    assert_eq!(score(&b, &m, Color::White), 2);
}

const LJR12: [&str; 4] = LJR08;

#[test]
fn ljr12_bent_four_in_the_corner_is_dead() {
    let b = board(&LJR12);
    let m = analyze_default(&b);
    assert_picture(&b, &m, &["BBBBBB", "BBBBBB", "BBBBBB", "BBBBBB"]);
    assert_eq!(score(&b, &m, Color::Black), 17);
    assert_eq!(score(&b, &m, Color::White), 0);
    assert_eq!(m.dead_stones(&b), pts(&b, "da db cb bb bc ac"));
    println!("LJR-12: {} nodes", m.nodes);
}

const LJR13: [&str; 5] = [".XO..", "XXO..", ".XOOO", "XXXO.", ".OXO."];

#[test]
fn ljr13_full_count() {
    let b = board(&LJR13);
    let m = analyze_default(&b);
    assert_picture(&b, &m, &["BBWWW", "BBWWW", "BBWWW", "BBBWW", "BBBWW"]);
    let (captives_b, captives_w, komi) = (3, 2, 6);
    let black = score(&b, &m, Color::Black) + captives_b;
    let white = score(&b, &m, Color::White) + captives_w + komi;
    assert_eq!((black, white), (8, 14), "W+6");
    assert_eq!(m.dead_stones(&b), pts(&b, "be"));
}

#[test]
fn ljr14_agreement_and_a_dispute_the_prover_must_set_up() {
    let b = board(&LJR12);
    let o = Options::default();
    let claims = [Claim::Dead {
        by: Color::Black,
        stone: pt(&b, "da"),
    }];
    let r = check_claims(&b, &[], &claims, &o).unwrap();
    let c = &r.checks[0];
    // (a) all six white stones are claimed.
    assert_eq!(c.covers, pts(&b, "da db cb bb bc ac"));
    // (b) counting by agreement: Black 11 territory + 6 dead = 17.
    assert_eq!(r.agreement_territory[Color::Black], 11);
    assert_eq!(r.agreement_dead[Color::Black], 6);
    assert_eq!(r.agreement_territory[Color::White], 0);
    assert!(r.differences.is_empty(), "{:?}", r.differences);
    // (c) Black proves, from the 22 locations of LJR-08 (a), pointing at fa and fc.
    assert_eq!(c.status, ClaimStatus::Upheld);
    let d = &c.dispute;
    assert_eq!(d.prover, Color::Black);
    assert_eq!(d.initial_set.len(), 22);
    assert_eq!(d.extensions, pts(&b, "fa fc"));
    assert_eq!(d.final_set.len(), 24);
    assert_eq!(d.winner, Some(Color::Black));
    // (d) without fa and fc, or with fa only, White wins.
    let init = PointSet::from_points(b.len(), d.initial_set.iter().copied());
    let (r22, _) = hypothetical_game(&b, &[], Color::Black, &init, &o).unwrap();
    assert_eq!(r22, GameOutcome::RefuterWins);
    let mut with_fa = init.clone();
    with_fa.insert(pt(&b, "fa"));
    let (r23, _) = hypothetical_game(&b, &[], Color::Black, &with_fa, &o).unwrap();
    assert_eq!(r23, GameOutcome::RefuterWins);
}

#[test]
fn ljr15_true_neutral_claim_and_a_losing_disagreement() {
    let b = board(&LJR11);
    let o = Options::default();
    // (a) White points at aa: legal, claims it neutral.
    let white_claim = Claim::Neutral {
        by: Color::White,
        point: pt(&b, "aa"),
    };
    // A claim of White's on a location contacting his own stones is not allowed.
    let bad = Claim::Neutral {
        by: Color::White,
        point: pt(&b, "ea"),
    };
    assert!(check_claims(&b, &[], &[bad], &o).is_err());
    // (b) Black points at ea; both pass: 2 : 2.
    let black_claim = Claim::Neutral {
        by: Color::Black,
        point: pt(&b, "ea"),
    };
    let r = check_claims(&b, &[], &[white_claim, black_claim], &o).unwrap();
    assert_eq!(r.agreement_territory[Color::Black], 2);
    assert_eq!(r.agreement_territory[Color::White], 2);
    let agreement = agreement_control(&b, &[white_claim, black_claim]).unwrap();
    for p in ["aa", "ca", "ea"] {
        assert_eq!(agreement[pt(&b, p).index()], None);
    }
    // (c) Black disagreeing with aa must prove it, from aa plus his inner chain, and loses.
    let c = &r.checks[0];
    assert_eq!(c.status, ClaimStatus::Upheld);
    assert_eq!(c.dispute.prover, Color::Black);
    assert_eq!(c.dispute.initial_set, pts(&b, "aa ba ab bb cb"));
    assert_eq!(c.dispute.winner, Some(Color::White));
    assert!(r.overturned().is_empty());
}

#[test]
fn ljr16_one_position_by_agreement() {
    let b = board(&["..XO.", ".OXO.", "..XO.", "..XO.", "..XO."]);
    let claims = [Claim::Dead {
        by: Color::Black,
        stone: pt(&b, "bb"),
    }];
    let agreement = agreement_control(&b, &claims).unwrap();
    let count = |c: Color| agreement.iter().filter(|&&a| a == Some(c)).count();
    // Black: columns a–b (bb's location included) = 10, plus the dead stone = 11.
    assert_eq!(count(Color::Black), 10);
    assert_eq!(count(Color::White), 5);
    let r = check_claims(&b, &[], &claims, &Options::default()).unwrap();
    assert_eq!(r.agreement_dead[Color::Black], 1);
    // The count stands only by agreement. Under rule 14 White, moving first with bb already
    // inside, keeps Black from two eyes in columns a–b (confirmed by the exhaustive
    // retrograde check in retro.rs): a dispute would overturn the claim, and columns a–c
    // are nobody's.
    assert_eq!(r.checks[0].status, ClaimStatus::Overturned);
    assert_eq!(r.checks[0].dispute.winner, Some(Color::White));
    // Every location agreement gives Black (columns a–b, the dead stone's included) is one
    // he is proved not to control; column c's stones and White's side agree.
    assert_eq!(r.differences, pts(&b, "aa ba ab bb ac bc ad bd ae be"));
    let overturned = r.overturned();
    assert_eq!(overturned.len(), 1);
    assert!(std::ptr::eq(overturned[0], &r.checks[0]));
    assert_picture(
        &b,
        &r.control,
        &["---WW", "---WW", "---WW", "---WW", "---WW"],
    );
    assert_eq!(r.control.control(pt(&b, "bb")), Control::Neither);
}

/// Rule 17 lets a player point only at an opposing stone or at an empty location that
/// contacts opposing but no own stones; anything else is refused with the claim's index:
/// a dead claim on an empty location or on the claimant's stone, a neutral claim on a stone,
/// on dame or on a location that contacts no stone.
#[test]
fn claims_rule_17_does_not_allow_are_refused() {
    let b = board(&["..XO.", ".OXO.", "..XO.", "..XO.", "..XO."]);
    let o = Options::default();
    let ok = Claim::Dead {
        by: Color::Black,
        stone: pt(&b, "bb"),
    };
    let refused = [
        // Black pointing at an empty location, and at his own stone, as dead.
        Claim::Dead {
            by: Color::Black,
            stone: pt(&b, "aa"),
        },
        Claim::Dead {
            by: Color::Black,
            stone: pt(&b, "ca"),
        },
        // A stone claimed neutral.
        Claim::Neutral {
            by: Color::White,
            point: pt(&b, "ca"),
        },
    ];
    for claim in refused {
        match check_claims(&b, &[], &[ok, claim], &o) {
            Err(ControlError::IllegalClaim { index, .. }) => assert_eq!(index, 1, "{claim:?}"),
            other => panic!("{claim:?} accepted: {other:?}"),
        }
    }
    // A stone claimed neutral, even one whose neighbourhood contacts only the opponent.
    let lone = board(&["X.X.."]);
    let claim = Claim::Neutral {
        by: Color::White,
        point: pt(&lone, "aa"),
    };
    assert!(matches!(
        check_claims(&lone, &[], &[claim], &o),
        Err(ControlError::IllegalClaim { index: 0, .. })
    ));
    // Empty locations claimed neutral that contact the claimant's stones as well as the
    // opponent's (dame), or no stones at all.
    let dame = board(&[".X.O.", "XX.OO", ".X.O."]);
    let empty = board(&["...", "...", "..."]);
    for (b, at) in [(&dame, "ca"), (&empty, "bb")] {
        for by in [Color::Black, Color::White] {
            let claim = Claim::Neutral {
                by,
                point: pt(b, at),
            };
            assert!(
                matches!(
                    check_claims(b, &[], &[claim], &o),
                    Err(ControlError::IllegalClaim { index: 0, .. })
                ),
                "{claim:?} accepted"
            );
        }
    }
}

/// Without claims, counting by agreement gives nobody the region around an unclaimed dead
/// stone (it touches both colours) and leaves the stone standing; rule 14 gives Black all of
/// it, so each of those locations is a difference — the empty ones and the stone.
#[test]
fn unclaimed_dead_stones_are_differences_between_agreement_and_control() {
    let b = board(&crate::cases::DEAD_STONE);
    let r = check_claims(&b, &[], &[], &Options::default()).unwrap();
    assert!(r.checks.is_empty());
    assert_eq!(r.differences, pts(&b, "aa ba ca da ab bb cb db"));
    assert_eq!(r.agreement_dead[Color::Black], 0);
}
