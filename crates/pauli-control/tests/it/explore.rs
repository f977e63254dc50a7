//! Exploration helpers (ignored; for looking at the solver, not for checking it).

use crate::cases::{corner_territory, wall_territory, with_bottom_eyes};
use crate::common::*;

#[test]
#[ignore = "exploration"]
fn explore_territory_sizes() {
    let only: Option<Vec<usize>> = std::env::var("WH")
        .ok()
        .map(|s| s.split('x').map(|x| x.parse().unwrap()).collect());
    for (w, h) in [
        (1, 8),
        (2, 2),
        (2, 3),
        (2, 4),
        (2, 6),
        (2, 8),
        (3, 3),
        (3, 4),
        (3, 5),
        (4, 4),
        (4, 5),
        (5, 5),
    ] {
        if only.as_ref().is_some_and(|o| o != &vec![w, h]) {
            continue;
        }
        let rows = corner_territory(w, h);
        let r: Vec<&str> = rows.iter().map(|s| s.as_str()).collect();
        let b = board(&r);
        let t = std::time::Instant::now();
        let m = analyze_default(&b);
        println!(
            "{w}x{h}: undecided {} nodes {} {:?}\n{}",
            m.undecided().len(),
            m.nodes,
            t.elapsed(),
            picture(&b, &m)
        );
        for f in &m.findings {
            println!(
                "F {:?} {:?} {:?} nodes {} points {}",
                f.player,
                f.verdict,
                f.reason,
                f.nodes,
                f.points.len()
            );
        }
    }
}

/// One territory with large budgets: `WH=3x4` its size; `SHAPE=wall` for
/// [`wall_territory`] (the wall must get both eyes from the corner), else
/// [`corner_territory`]; `LN` local nodes, `MS` the largest set searched as a whole game
/// (0: none), `ZONES` relevance zones.
#[test]
#[ignore = "exploration"]
fn explore_one_territory_big_budget() {
    let wh: Vec<usize> = std::env::var("WH")
        .unwrap_or("2x8".into())
        .split('x')
        .map(|x| x.parse().unwrap())
        .collect();
    let shape = std::env::var("SHAPE").unwrap_or_default();
    let rows = if shape == "wall" {
        wall_territory(wh[0], wh[1])
    } else if shape == "strip" {
        edge_strip_territory(wh[0], wh[1])
    } else {
        corner_territory(wh[0], wh[1])
    };
    let r: Vec<&str> = rows.iter().map(|s| s.as_str()).collect();
    let b = board(&r);
    let mut o = pauli_control::Options::with_budgets(pauli_control::Budgets::thorough());
    let var = |name: &str, default: u64| {
        std::env::var(name)
            .map(|s| s.parse().unwrap())
            .unwrap_or(default)
    };
    o.budgets.local_nodes = var("LN", 2_000_000);
    o.budgets.position_nodes = 20_000_000;
    o.budgets.search_nodes = 20_000_000;
    o.budgets.max_set = var("MS", 0) as usize;
    o.relevance_zones = std::env::var("ZONES").is_ok();
    let t = std::time::Instant::now();
    let m = pauli_control::analyze(&b, &[], &o).unwrap();
    println!(
        "{}x{}: undecided {} nodes {} {:?}\n{}",
        wh[0],
        wh[1],
        m.undecided().len(),
        m.nodes,
        t.elapsed(),
        picture(&b, &m)
    );
}

/// A `w`×`h` territory on the edge, away from the corners: Black's band of columns around it
/// (with two eyes at the bottom), White everywhere else (two eyes too).
fn edge_strip_territory(w: usize, h: usize) -> Vec<String> {
    let n = (h + 4).max(w + 8).max(9);
    let mut rows = vec![vec!['O'; n]; n];
    for (y, row) in rows.iter_mut().enumerate() {
        for (x, c) in row.iter_mut().enumerate().take(w + 4) {
            *c = if (2..w + 2).contains(&x) && y < h {
                '.'
            } else {
                'X'
            };
        }
    }
    with_bottom_eyes(rows)
}

#[test]
#[ignore = "exploration"]
fn explore_cases() {
    let cases: &[(&str, &[&str])] = &[
        ("one eye", &[".XO.O", "XXOOO", "OOOO.", "O.OOO"]),
        (
            "seki",
            &[".OX.OX.", "OOX.OXX", ".OX.OX.", "OOOOXXX", ".O.OX.X"],
        ),
        ("dame", &[".X.O.", "XX.OO", ".X.O.", "XX.OO", ".X.O."]),
        ("dead stone 2x4", &crate::cases::DEAD_STONE),
        (
            "dead stone 2x3 edge",
            &["...X.O.", ".O.X.O.", "XXXX.OO", ".X.XOO.", "XXXXO.O"],
        ),
        (
            "dead stone in a 1-deep strip",
            &[
                ".O......X.O",
                "XXXXXXXXX.O",
                ".X..X..XXOO",
                "XXXXXXXXXO.",
                "OOOOOOOOOOO",
                ".O.O.O.O.O.",
            ],
        ),
        (
            "ko at the boundary",
            &[".X.XO.", "..XO.O", "..XO..", "XXXO..", "..XO.."],
        ),
    ];
    for (name, rows) in cases {
        let b = board(rows);
        let m = analyze_default(&b);
        println!("{name}: nodes {}\n{}", m.nodes, picture(&b, &m));
        for f in &m.findings {
            println!(
                "F {:?} {:?} {:?} nodes {} points {}",
                f.player,
                f.verdict,
                f.reason,
                f.nodes,
                f.points.len()
            );
        }
    }
}

#[test]
#[ignore = "report: node counts of the examples"]
fn node_counts() {
    let cases: &[(&str, &[&str])] = &[
        ("LJR-04 empty 3x3", &["...", "...", "..."]),
        ("LJR-10", &[".X.XO", "XXXXO", "OOOOO", ".....", "....."]),
        (
            "LJR-11 seki with eyes",
            &[".X.O.OX.", "XXXOOOXX", "OOOXXXXX", ".O.OX.XX", "OOOOXXXX"],
        ),
        (
            "LJR-12 bent four",
            &[".X.OX.", ".OOOXX", "OOXXX.", "XXXXXX"],
        ),
        ("LJR-13", &[".XO..", "XXO..", ".XOOO", "XXXO.", ".OXO."]),
        ("LJR-16", &["..XO.", ".OXO.", "..XO.", "..XO.", "..XO."]),
        ("two one-point eyes", &[".X.XO.", "XXXXOO", "OOOOO."]),
        ("one eye", &[".XO.O", "XXOOO", "OOOO.", "O.OOO"]),
        (
            "seki",
            &[".OX.OX.", "OOX.OXX", ".OX.OX.", "OOOOXXX", ".O.OX.X"],
        ),
        ("dead stone", &crate::cases::DEAD_STONE),
        ("dame", &[".X.O.", "XX.OO", ".X.O.", "XX.OO", ".X.O."]),
        (
            "unfilled ko",
            &[".X.XO.", "..XO.O", "..XO..", "XXXO..", "..XO.."],
        ),
        ("agreed dead, alive", &crate::cases::AGREED_DEAD_BUT_ALIVE),
    ];
    for (name, rows) in cases {
        let b = board(rows);
        let t = std::time::Instant::now();
        let m = analyze_default(&b);
        println!(
            "{name}: {} nodes, {:?}, undecided {}",
            m.nodes,
            t.elapsed(),
            m.undecided().len()
        );
    }
    for (w, h) in [(2, 6), (3, 4), (3, 5), (2, 8)] {
        let rows = corner_territory(w, h);
        let r: Vec<&str> = rows.iter().map(|s| s.as_str()).collect();
        let b = board(&r);
        let m = analyze_default(&b);
        println!(
            "corner territory {w}x{h}: {} nodes, undecided {}",
            m.nodes,
            m.undecided().len()
        );
    }
}

/// The control map of one record's end position (`FILE=path.sgf`), with every finding that
/// touches the points of `AT` (SGF names, comma-separated).
#[test]
#[ignore = "exploration"]
fn explore_one_record() {
    let Ok(path) = std::env::var("FILE") else {
        return;
    };
    let b = final_position(&path);
    // `THOROUGH=1`: the thorough budgets instead of the default ones.
    let m = if std::env::var("THOROUGH").is_ok() {
        let o = pauli_control::Options {
            budgets: pauli_control::Budgets::thorough(),
            ..pauli_control::Options::default()
        };
        pauli_control::analyze(&b, &[], &o).unwrap()
    } else {
        analyze_default(&b)
    };
    println!("{}", picture(&b, &m));
    let at: Vec<_> = std::env::var("AT")
        .unwrap_or_default()
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|s| pt(&b, s))
        .collect();
    for f in &m.findings {
        if at.is_empty() || f.points.iter().chain(&f.set).any(|p| at.contains(p)) {
            println!(
                "F {:?} {:?} {:?} nodes {} points {:?} set {:?}",
                f.player,
                f.verdict,
                f.reason,
                f.nodes,
                f.points
                    .iter()
                    .map(|&p| b.topology().sgf(p))
                    .collect::<Vec<_>>(),
                f.set
                    .iter()
                    .map(|&p| b.topology().sgf(p))
                    .collect::<Vec<_>>()
            );
        }
    }
}

/// Rule 14's game on one player's smallest bordered set, searched as a whole with a large
/// budget: `FILE=path.sgf` (relative to the working directory, or to ../shared/corpus),
/// `AT` the set's location (SGF name), `PLAYER=B` or `W`, `SN` the nodes (default 1,000,000).
/// docs/control.md ("Can the goals be met?") quotes a run of it.
#[test]
#[ignore = "exploration"]
fn explore_one_set_whole_game() {
    let Ok(path) = std::env::var("FILE") else {
        return;
    };
    let path = if std::path::Path::new(&path).exists() {
        path
    } else {
        format!("{}/{path}", crate::corpus::CORPUS)
    };
    let b = final_position(&path);
    let at = pt(&b, &std::env::var("AT").unwrap_or_else(|_| "aa".into()));
    let player = match std::env::var("PLAYER").as_deref() {
        Ok("W") => rules_core::Color::White,
        _ => rules_core::Color::Black,
    };
    let set = pauli_control::smallest_bordered_set(&b, player, at);
    let mut o = pauli_control::Options::with_budgets(pauli_control::Budgets::thorough());
    o.budgets.search_nodes = std::env::var("SN")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    o.budgets.position_nodes = 4 * o.budgets.search_nodes;
    o.budgets.max_set = b.len();
    o.budgets.tt_entries = 1 << 22;
    let t = std::time::Instant::now();
    let (outcome, nodes) = pauli_control::hypothetical_game(&b, &[], player, &set, &o).unwrap();
    println!(
        "{player} on the {} points of its smallest set at {}: {outcome:?} in {nodes} nodes, {:?}",
        set.len(),
        b.topology().sgf(at),
        t.elapsed()
    );
}
