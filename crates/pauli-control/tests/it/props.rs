//! Properties and consistency checks.

use crate::common::*;
use pauli_control::{
    Budgets, Control, ControlError, GameOutcome, KeepProhibited, MoveOrder, Options, PointSet,
    Reason, Verdict, analyze, hypothetical_game, is_bordered, maximal_formation,
};
use proptest::prelude::*;
use rules_core::{Board, Color, Point, Topology};
use std::sync::Arc;

fn small_budget(order: MoveOrder) -> Options {
    Options {
        order,
        ..Options::with_budgets(Budgets {
            local_nodes: 3_000,
            search_nodes: 3_000,
            position_nodes: 30_000,
            ..Budgets::default()
        })
    }
}

fn check_invariants(b: &Board, order: MoveOrder) -> pauli_control::ControlMap {
    let m = analyze(b, &[], &small_budget(order)).unwrap();
    // A21: both players controlling a location has never been seen on a real position.
    assert!(m.both().is_empty(), "both control {:?}\n{b:?}", m.both());
    // A two-eye formation that stands is controlled by its owner.
    for c in Color::BOTH {
        for p in maximal_formation(b, c).iter() {
            assert_eq!(
                m.get(p).of(c),
                Verdict::Controls,
                "{c} formation at {p}\n{b:?}"
            );
        }
    }
    assert_findings_account_for_every_location(b, &m);
    // Dead stones are exactly the stones on locations the opponent controls.
    for p in m.dead_stones(b) {
        let c = b.get(p).unwrap();
        assert_eq!(m.get(p).of(c.opp()), Verdict::Controls);
    }
    // Every winning set is bordered and, searched as a whole game, won (or undecided within
    // the budget) — never lost: the decomposition agrees with the direct search. The direct
    // search does not use the decomposition at its leaves, so a wrong static win cannot
    // confirm itself.
    assert_winning_sets_stand(b, &m, &small_budget(order), 30);
    m
}

/// Every winning set of `m` with at most `max_set` points is bordered and, searched as a
/// whole game with `options` but without decomposition leaves, not refuted. Returns how many
/// sets were searched and how many of them the search itself proved.
pub(crate) fn assert_winning_sets_stand(
    b: &Board,
    m: &pauli_control::ControlMap,
    options: &Options,
    max_set: usize,
) -> (usize, usize) {
    let direct = Options {
        decomposition_leaf: false,
        ..*options
    };
    let (mut searched, mut proved) = (0, 0);
    for f in &m.findings {
        if f.verdict == Verdict::Controls && f.set.len() <= max_set {
            let set = PointSet::from_points(b.len(), f.set.iter().copied());
            assert!(is_bordered(b, f.player, &set));
            let (r, _) = hypothetical_game(b, &[], f.player, &set, &direct).unwrap();
            assert!(
                !matches!(r, GameOutcome::RefuterWins),
                "{:?} proved {:?} but the search refutes it\n{b:?}",
                f.reason,
                f.player
            );
            searched += 1;
            proved += usize::from(matches!(r, GameOutcome::ProverWins));
        }
    }
    (searched, proved)
}

/// Where both maps decide a player's verdict on a location, they give the same one: options
/// that change speed or budgets decide less or more, never otherwise.
fn assert_agree_where_both_decide(
    a: &pauli_control::ControlMap,
    b: &pauli_control::ControlMap,
    board: &Board,
    what: &str,
) {
    let bad = a.contradictions(b);
    assert!(bad.is_empty(), "{what}: {bad:?}\n{board:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn control_invariants_on_random_positions(cells in proptest::collection::vec(0u8..3, 20)) {
        let b = position(5, 4, &cells);
        let a = check_invariants(&b, MoveOrder::Heuristic);
        // The answer does not depend on move ordering: where both runs decide, they agree.
        let n = analyze(&b, &[], &small_budget(MoveOrder::Natural)).unwrap();
        // Nor on the budgets: a run with a tenth of them decides less, never otherwise.
        let q = analyze(&b, &[], &Options::with_budgets(Budgets::quick())).unwrap();
        assert_agree_where_both_decide(&a, &n, &b, "natural move order");
        assert_agree_where_both_decide(&a, &q, &b, "quick budgets");
    }

    #[test]
    fn dense_random_positions(cells in proptest::collection::vec(prop_oneof![1 => Just(0u8), 2 => Just(1u8), 2 => Just(2u8)], 24)) {
        let b = position(6, 4, &cells);
        check_invariants(&b, MoveOrder::Reversed);
    }
}

#[test]
fn move_order_does_not_change_answers_on_the_examples() {
    let boards: Vec<Board> = [
        &[".X.XO", "XXXXO", "OOOOO", ".....", "....."][..],
        &[".OX.OX.", "OOX.OXX", ".OX.OX.", "OOOOXXX", ".O.OX.X"][..],
        &[".X.OX.", ".OOOXX", "OOXXX.", "XXXXXX"][..],
        &[".XO..", "XXO..", ".XOOO", "XXXO.", ".OXO."][..],
        &["..XO.", ".OXO.", "..XO.", "..XO.", "..XO."][..],
    ]
    .iter()
    .map(|rows| board(rows))
    .collect();
    for b in &boards {
        let maps: Vec<_> = [
            MoveOrder::Heuristic,
            MoveOrder::Natural,
            MoveOrder::Reversed,
        ]
        .iter()
        .map(|&order| {
            let o = Options {
                order,
                ..Options::default()
            };
            analyze(b, &[], &o).unwrap()
        })
        .collect();
        for p in b.topology().points() {
            assert_ne!(maps[0].control(p), Control::Undecided);
            assert_eq!(maps[0].control(p), maps[1].control(p), "{b:?} {p}");
        }
        // Reverse point order is slower on some sets: on the last example Black's `H` for
        // a1 is refuted in 20,000–27,000 nodes in the other orders and not within the budget
        // in this one, so a1 stays undecided for Black there. Where it decides, it agrees.
        assert_agree_where_both_decide(&maps[0], &maps[2], b, "reverse point order");
    }
}

#[test]
fn relevance_zones_change_speed_not_answers() {
    let mut boards: Vec<Board> = [
        &[".X.OX.", ".OOOXX", "OOXXX.", "XXXXXX"][..],
        &crate::cases::DEAD_STONE[..],
        &[".OX.OX.", "OOX.OXX", ".OX.OX.", "OOOOXXX", ".O.OX.X"][..],
    ]
    .iter()
    .map(|rows| board(rows))
    .collect();
    for (w, h) in [(2, 6), (3, 4), (3, 3)] {
        let rows = crate::cases::corner_territory(w, h);
        let r: Vec<&str> = rows.iter().map(String::as_str).collect();
        boards.push(board(&r));
    }
    // Thorough budgets on these boards of up to 100 points.
    let base = Options {
        thorough_up_to: 100,
        ..Options::default()
    };
    for b in &boards {
        let off = analyze(b, &[], &base).unwrap();
        let on = analyze(
            b,
            &[],
            &Options {
                relevance_zones: true,
                ..base
            },
        )
        .unwrap();
        for p in b.topology().points() {
            assert_ne!(off.control(p), Control::Undecided, "{b:?} {p}");
            // Zones are slower here; where both runs decide, they agree.
            if on.control(p) != Control::Undecided {
                assert_eq!(off.control(p), on.control(p), "{b:?} {p}");
            }
        }
    }
}

#[test]
fn the_decomposition_leaf_changes_speed_not_answers() {
    let b = board(&[".X.OX.", ".OOOXX", "OOXXX.", "XXXXXX"]);
    let with = analyze(&b, &[], &Options::default()).unwrap();
    let without = analyze(
        &b,
        &[],
        &Options {
            decomposition_leaf: false,
            ..Options::default()
        },
    )
    .unwrap();
    assert_agree_where_both_decide(&with, &without, &b, "without the decomposition leaf");
}

/// A black corner territory; with `aa` permanently prohibited, White's stone on `ba` could
/// never be captured (A11), so Black no longer controls the corner.
pub const A11_CORNER: [&str; 5] = ["..X.X", "..XXX", "XXX..", "X.X..", "XXX.."];

#[test]
fn permanently_prohibited_point_inside_the_set_reading_a11() {
    // A black corner territory with aa permanently prohibited. Kept (A11's recommended
    // reading): White plays ba, a stone whose liberty aa nobody can ever take, so Black can
    // never clear his set. Dropped: aa is an ordinary point and the corner is Black's.
    let b = board(&A11_CORNER);
    let aa = pt(&b, "aa");
    let keep = analyze(&b, &[aa], &Options::default()).unwrap();
    assert_eq!(keep.get(pt(&b, "bb")).black, Verdict::DoesNotControl);
    let drop = analyze(
        &b,
        &[aa],
        &Options {
            keep_prohibited: KeepProhibited::Drop,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(drop.control(pt(&b, "bb")), Control::Black);
    // Prohibited points must be empty points of the board.
    assert!(matches!(
        analyze(&b, &[pt(&b, "ca")], &Options::default()),
        Err(ControlError::ProhibitedOccupied(_))
    ));
}

#[test]
fn any_graph_not_only_grids() {
    // A ring of eight points with a chord; Black holds six of them around two eyes.
    let names = ["a", "b", "c", "d", "e", "f", "g", "h"];
    let edges = [
        ("a", "b"),
        ("b", "c"),
        ("c", "d"),
        ("d", "e"),
        ("e", "f"),
        ("f", "g"),
        ("g", "h"),
        ("h", "a"),
        ("b", "f"),
    ];
    let topo = Arc::new(Topology::graph(&names, &edges).unwrap());
    let mut b = Board::new(Arc::clone(&topo));
    let black: Vec<_> = ["b", "c", "e", "f", "g", "h"]
        .iter()
        .map(|n| (topo.parse_point(n).unwrap(), Some(Color::Black)))
        .collect();
    b.setup(&black);
    let m = analyze(&b, &[], &Options::default()).unwrap();
    // a (between h and b) and d (between c and e) are one-point eyes: Black controls all.
    for p in topo.points() {
        assert_eq!(m.control(p), Control::Black, "{}", topo.label(p));
    }
    assert!(m.findings.iter().any(|f| f.reason == Reason::Decomposition));
}

#[test]
fn the_levelled_pairing_changes_speed_not_answers() {
    // Two-line corner territories, one with a white stone inside: the levelled pairing proves
    // them without search; without it the local search must reach the same answers. (The
    // 2×3 corner needs no search either way: its interior is two points, one move from one,
    // see the next test.)
    let mut boards = Vec::new();
    for h in [4, 5, 6] {
        let mut rows = crate::cases::corner_territory(2, h);
        boards.push(rows.clone());
        if h == 5 {
            rows[2].replace_range(0..1, "O");
            boards.push(rows);
        }
    }
    let thorough = Options::with_budgets(Budgets::thorough());
    for rows in &boards {
        let r: Vec<&str> = rows.iter().map(String::as_str).collect();
        let b = board(&r);
        let with = analyze(&b, &[], &thorough).unwrap();
        let without = analyze(
            &b,
            &[],
            &Options {
                levelled_pairs: false,
                ..thorough
            },
        )
        .unwrap();
        for p in b.topology().points() {
            assert_ne!(with.control(p), Control::Undecided, "{rows:?} {p}");
            assert_eq!(with.control(p), without.control(p), "{rows:?} {p}");
        }
        assert!(
            with.nodes < without.nodes,
            "{rows:?}: {} nodes with, {} without",
            with.nodes,
            without.nodes
        );
        // The whole-game search without decomposition leaves does not refute the winning
        // sets.
        assert_winning_sets_stand(&b, &with, &thorough, 40);
    }
}

#[test]
fn interiors_one_move_from_a_single_point_are_won_statically() {
    // local.rs, `one_move_to_single_q` and `pairs_but_one`: an interior `Q` (points neither
    // the wall's nor next to it) that one move next to the wall cuts down to one point,
    // whatever the refuter plays first, and levelled pairs that cover all of `Q` but one
    // point, are prover wins without search. The 2×3 corner (`Q` = the corner and the edge
    // point next to it) is proved at the root even without levelled pairs; the 3×3 and 3×4
    // corners need a search whose leaves these wins end earlier (568 and 12,563 nodes before
    // them).
    let thorough = Options::with_budgets(Budgets::thorough());
    let big = Options {
        budgets: Budgets {
            local_nodes: 100_000,
            ..Budgets::thorough()
        },
        ..thorough
    };
    let no_levels = Options {
        levelled_pairs: false,
        ..thorough
    };
    for (w, h, options, most) in [
        (2, 3, &no_levels, 1),
        (3, 3, &thorough, 400),
        (3, 4, &big, 8_000),
    ] {
        let rows = crate::cases::corner_territory(w, h);
        let r: Vec<&str> = rows.iter().map(String::as_str).collect();
        let b = board(&r);
        let m = analyze(&b, &[], options).unwrap();
        for p in b.topology().points() {
            assert_ne!(m.control(p), Control::Undecided, "{w}×{h} {p}");
        }
        assert_eq!(m.control(pt(&b, "aa")), Control::Black, "{w}×{h}");
        assert!(m.nodes <= most, "{w}×{h}: {} nodes", m.nodes);
        // The whole-game search without decomposition leaves does not refute the sets.
        assert_winning_sets_stand(&b, &m, &thorough, 40);
        // Where that search is within reach (the 2×3 and 3×3 corners with their walls, 27
        // and 36 points), it proves the corner's set outright.
        if (w, h) == (3, 4) {
            continue;
        }
        let direct = Options {
            decomposition_leaf: false,
            ..thorough
        };
        let corner = m
            .findings
            .iter()
            .find(|f| f.verdict == Verdict::Controls && f.player == Color::Black)
            .expect("Black's corner is proved");
        let set = PointSet::from_points(b.len(), corner.set.iter().copied());
        let (r, _) = hypothetical_game(&b, &[], Color::Black, &set, &direct).unwrap();
        assert_eq!(r, GameOutcome::ProverWins, "{w}×{h}");
    }
}

/// Analyzes `rows` with the default budgets and checks every location's control against
/// `want`, that White's proofs took at most `max_nodes` nodes in all (static wins, not
/// search), and that the whole-game search does not refute the winning sets.
fn assert_proved_statically(
    rows: &[&str],
    want: impl Fn(&Board, Point) -> Control,
    max_nodes: u64,
) {
    let b = board(rows);
    let m = analyze(&b, &[], &Options::default()).unwrap();
    for p in b.topology().points() {
        assert_eq!(
            m.control(p),
            want(&b, p),
            "{rows:?} {}",
            b.topology().sgf(p)
        );
    }
    let local: u64 = m
        .findings
        .iter()
        .filter(|f| f.player == Color::White && f.verdict == pauli_control::Verdict::Controls)
        .map(|f| f.nodes)
        .sum();
    assert!(local <= max_nodes, "{rows:?}: {local} nodes");
    assert_winning_sets_stand(&b, &m, &Options::with_budgets(Budgets::thorough()), 40);
}

#[test]
fn small_eye_regions_count_as_eyes_without_search() {
    // White's only liberties are eye spaces of two and three points (straight, then bent);
    // each counts as one eye of the wall statically (local.rs, `static_win`). One node per
    // area for the proofs; the rest is the decomposition first asking each area for both
    // eyes (refuted in a few nodes).
    let boards: [&[&str]; 2] = [
        &["..O...OX.", "OOOOOOOX.", "XXXXXXXXX", "X.X.X.X.X"],
        &["..O..OX.X", "OOOO.OX.X", "XXXOOOXXX", "X.XXXXX.X"],
    ];
    for rows in boards {
        let want = |b: &Board, p: Point| match b.get(p) {
            Some(Color::Black) => Control::Black,
            Some(Color::White) => Control::White,
            None if b
                .topology()
                .neighbors(p)
                .iter()
                .any(|&q| b.get(q) == Some(Color::White)) =>
            {
                Control::White
            }
            None => Control::Black,
        };
        assert_proved_statically(rows, want, 20);
    }
}

#[test]
fn eye_regions_of_any_size_and_with_refuter_stones_count_as_eyes_without_search() {
    // White's only liberties are a straight four along the edge and a two-point space
    // holding a Black stone (in atari, its last liberty a point Black cannot fill): every
    // point of both is next to White's wall, so each keeps the wall a liberty whatever Black
    // does and ends with an eye (local.rs, `static_win`, eye regions). In the second board
    // the four holds a Black stone too, next to the wall. Before eye regions of any size,
    // the search needed 30 nodes for the first board.
    let boards: [&[&str]; 2] = [
        &["....O.XOX", "OOOOOOOOX", "XXXXXXXXX", "X.X.X.X.X"],
        &[".X..O.XOX", "OOOOOOOOX", "XXXXXXXXX", "X.X.X.X.X"],
    ];
    for rows in boards {
        // White's side: the first two rows but the last column.
        let want = |b: &Board, p: Point| {
            let name = b.topology().sgf(p);
            let bytes = name.as_bytes();
            if bytes[1] <= b'b' && bytes[0] < b'i' {
                Control::White
            } else {
                Control::Black
            }
        };
        assert_proved_statically(rows, want, 20);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The decomposition alone (no whole-game search): every set it proves, with the credits
    /// each area is asked for chosen per group (decomp.rs), stands against the direct search.
    #[test]
    fn decomposition_alone_never_claims_a_lost_set(cells in proptest::collection::vec(prop_oneof![2 => Just(0u8), 1 => Just(1u8), 3 => Just(2u8)], 35)) {
        let b = position(7, 5, &cells);
        let mut o = small_budget(MoveOrder::Heuristic);
        o.budgets.max_set = 0;
        o.budgets.max_enumerated_regions = 0;
        let m = analyze(&b, &[], &o).unwrap();
        assert_winning_sets_stand(&b, &m, &small_budget(MoveOrder::Heuristic), 24);
    }
}

/// The heuristic move order (captures, the refuter's moves on the border of `S`, contact)
/// changes how many nodes a proof takes, never its answer: on the whole-game searches of
/// LJR-16 and LJR-04 (the decomposition leaf off, so that `H`'s own ordering decides), it needs
/// fewer nodes in all than the natural order of the points.
#[test]
fn the_heuristic_order_proves_with_fewer_nodes_than_the_natural_order() {
    const LJR16: [&str; 5] = ["..XO.", ".OXO.", "..XO.", "..XO.", "..XO."];
    let cases: [(&[&str], Color, &str); 3] = [
        (&LJR16, Color::White, "ea"),
        (&LJR16, Color::Black, "aa"),
        (&["...", "...", "..."], Color::Black, "bb"),
    ];
    let mut total = [0u64; 2];
    for (rows, player, at) in cases {
        let b = board(rows);
        let s = pauli_control::smallest_bordered_set(&b, player, pt(&b, at));
        let mut outcomes = Vec::new();
        for (k, order) in [MoveOrder::Heuristic, MoveOrder::Natural]
            .into_iter()
            .enumerate()
        {
            let o = Options {
                order,
                decomposition_leaf: false,
                ..Options::default()
            };
            let (outcome, nodes) = hypothetical_game(&b, &[], player, &s, &o).unwrap();
            total[k] += nodes;
            outcomes.push(outcome);
        }
        assert_eq!(outcomes[0], outcomes[1], "{rows:?}");
    }
    // 35,894 against 50,148 nodes when this test was written.
    assert!(
        total[0] < total[1],
        "heuristic {} natural {}",
        total[0],
        total[1]
    );
}
