//! Bytes → a small final position (a grid 1×1 to 7×7, or a graph of up to 12 points; stones
//! anywhere, chains without liberties removed; some empty points permanently prohibited) →
//! the control test of rules 14–17 (`pauli_control`) under two budgets and two move orders,
//! the assessment every ruleset scores with, and rule 17's claims. What must hold:
//!
//! * no panic, bounded time and memory (small budgets);
//! * the same options give the same answer (no dependence on hash order);
//! * where two runs with different budgets or move orders both decide a location, they agree
//!   (a contradiction means one of them proved something false);
//! * every winning set is bordered (rule 15), holds the locations it was found for, and is not
//!   refuted when searched as a whole game without the decomposition's shortcuts;
//! * dead stones are exactly the stones on locations the opponent controls; the assessment's
//!   parts are disjoint, and deciding the undecided points leaves none;
//! * every claim gets exactly one check, or a documented error.
#![no_main]

use gorules_fuzz::{Bytes, board_topology};
use libfuzzer_sys::fuzz_target;
use pauli_control::{
    Budgets, Claim, ControlMap, GameOutcome, KeepProhibited, MoveOrder, Options, PointSet, Verdict,
    analyze, check_claims, hypothetical_game, is_bordered,
};
use rules_core::{Board, Color, Point};
use std::sync::Arc;

fn budgets(scale: u64) -> Options {
    Options::with_budgets(Budgets {
        local_nodes: 60 * scale,
        search_nodes: 60 * scale,
        position_nodes: 600 * scale,
        tt_entries: 1 << 12,
        ..Budgets::default()
    })
}

fn verdicts(m: &ControlMap, board: &Board) -> Vec<(Verdict, Verdict)> {
    board
        .topology()
        .points()
        .map(|p| (m.get(p).of(Color::Black), m.get(p).of(Color::White)))
        .collect()
}

fn agree(a: &ControlMap, b: &ControlMap, board: &Board, what: &str) {
    let bad = a.contradictions(b);
    assert!(bad.is_empty(), "{what}: {bad:?}\n{board:?}");
}

fuzz_target!(|data: &[u8]| {
    let mut r = Bytes::new(data);
    let shape = r.byte();
    let Some(topo) = board_topology(&mut r, shape & 0x80 != 0, |b| 1 + usize::from(b % 7)) else {
        return;
    };
    let n = topo.len();
    // Two bits a point: empty, Black, White, or empty and permanently prohibited (when the
    // flag allows `P`).
    let with_p = shape & 0x40 != 0;
    let mut cells = Vec::with_capacity(n);
    let mut byte = 0u8;
    for i in 0..n {
        if i % 4 == 0 {
            byte = r.byte();
        }
        cells.push((byte >> (2 * (i % 4))) & 3);
    }
    let mut board = Board::new(Arc::clone(&topo));
    let edits: Vec<(Point, Option<Color>)> = cells
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let p = topo.point(i).expect("in range");
            let stone = match c {
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            };
            (p, stone)
        })
        .collect();
    board.setup(&edits);
    board.clear_libertyless(Color::Black);
    board.clear_libertyless(Color::White);
    let prohibited: Vec<Point> = if with_p {
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c == 3)
            .map(|(i, _)| topo.point(i).expect("in range"))
            .filter(|&p| board.is_empty_at(p))
            .collect()
    } else {
        Vec::new()
    };
    let keep = if shape & 0x20 == 0 {
        KeepProhibited::Keep
    } else {
        KeepProhibited::Drop
    };
    let options = |scale: u64, order: MoveOrder| Options {
        order,
        keep_prohibited: keep,
        ..budgets(scale)
    };

    let small = options(1, MoveOrder::Heuristic);
    let a = analyze(&board, &prohibited, &small).expect("P is empty and on the board");
    // Deterministic.
    let again = analyze(&board, &prohibited, &small).expect("as above");
    assert_eq!(
        verdicts(&a, &board),
        verdicts(&again, &board),
        "two runs differ\n{board:?}"
    );
    // Budgets and move order change only how much is decided, never what.
    let b = analyze(&board, &prohibited, &options(8, MoveOrder::Reversed)).expect("as above");
    agree(&a, &b, &board, "small heuristic vs larger reversed");

    // Winning sets.
    let direct = Options {
        decomposition_leaf: false,
        ..options(8, MoveOrder::Natural)
    };
    for m in [&a, &b] {
        for f in &m.findings {
            if f.verdict != Verdict::Controls {
                continue;
            }
            let set = PointSet::from_points(n, f.set.iter().copied());
            assert!(is_bordered(&board, f.player, &set), "{f:?}\n{board:?}");
            for &p in &f.points {
                assert!(set.contains(p), "{f:?}: {p} not in its set\n{board:?}");
            }
            if f.set.len() <= 24 {
                let (outcome, _) = hypothetical_game(&board, &prohibited, f.player, &set, &direct)
                    .expect("a bordered set of this board");
                assert!(
                    !matches!(outcome, GameOutcome::RefuterWins),
                    "{:?} proved {} on {:?} but the whole-game search refutes it\n{board:?}",
                    f.reason,
                    f.player,
                    f.set
                );
            }
        }
    }

    // Dead stones and the assessment.
    let dead = a.dead_stones(&board);
    for p in topo.points() {
        if let Some(c) = board.get(p) {
            let opp_controls = a.get(p).of(c.opp()) == Verdict::Controls;
            assert_eq!(dead.contains(&p), opp_controls, "{p}\n{board:?}");
        }
    }
    let assessment = a.assessment(&board);
    for p in &assessment.dead {
        assert!(board.get(*p).is_some(), "dead empty point {p}");
    }
    let mut seen = vec![0u8; n];
    for p in assessment
        .territory
        .black
        .iter()
        .chain(&assessment.territory.white)
    {
        seen[p.index()] += 1;
    }
    for p in assessment.neutral.iter().chain(&assessment.undecided) {
        seen[p.index()] += 1;
    }
    assert!(
        seen.iter().all(|&k| k <= 1),
        "a location in two parts of the assessment\n{board:?}"
    );
    for c in Color::BOTH {
        assert!(assessment.decided_for(c, &board).undecided.is_empty());
    }

    // Rule 17: a few claims from the rest of the bytes.
    let mut claims = Vec::new();
    while !r.is_empty() && claims.len() < 4 {
        let k = r.byte();
        let p = topo.point(usize::from(r.byte()) % n).expect("in range");
        let by = if k & 1 == 0 {
            Color::Black
        } else {
            Color::White
        };
        claims.push(if k & 2 == 0 {
            Claim::Dead { by, stone: p }
        } else {
            Claim::Neutral { by, point: p }
        });
    }
    if !claims.is_empty() {
        if let Ok(report) = check_claims(&board, &prohibited, &claims, &small) {
            assert_eq!(report.checks.len(), claims.len());
            assert_eq!(report.agreement.len(), n);
        }
    }
});
