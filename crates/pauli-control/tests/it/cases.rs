//! The extra cases of the brief.

use crate::common::*;

#[test]
fn two_one_point_eyes_live() {
    let b = board(&[".X.XO.", "XXXXOO", "OOOOO."]);
    let m = analyze_default(&b);
    println!("{}", picture(&b, &m));
}


/// Black holds columns `0..=w` (the wall in column `w`), with an empty corner territory of
/// `w`×`h` at the top and two one-point eyes at the bottom; White holds the rest (alive).
pub fn corner_territory(w: usize, h: usize) -> Vec<String> {
    let n = (h + 4).max(w + 4).max(9);
    let mut rows = vec![vec!['O'; n]; n];
    for y in 0..n {
        for x in 0..=w {
            rows[y][x] = if x < w && y < h { '.' } else { 'X' };
        }
    }
    rows[n - 1][0] = '.';
    rows[n - 3][0] = '.';
    rows[n - 1][n - 1] = '.';
    rows[n - 3][n - 1] = '.';
    rows.into_iter().map(|r| r.into_iter().collect()).collect()
}

#[test]
#[ignore = "exploration"]
fn explore_territory_sizes() {
    let only: Option<Vec<usize>> = std::env::var("WH").ok().map(|s| s.split('x').map(|x| x.parse().unwrap()).collect());
    for (w, h) in [(1, 8), (2, 2), (2, 3), (2, 4), (2, 6), (2, 8), (3, 3), (3, 4), (3, 5), (4, 4), (4, 5), (5, 5)] {
        if only.as_ref().is_some_and(|o| o != &vec![w, h]) { continue; }
        let rows = corner_territory(w, h);
        let r: Vec<&str> = rows.iter().map(|s| s.as_str()).collect();
        let b = board(&r);
        let t = std::time::Instant::now();
        let m = analyze_default(&b);
        println!("{w}x{h}: undecided {} nodes {} {:?}\n{}", m.undecided().len(), m.nodes, t.elapsed(), picture(&b, &m));
        for f in &m.findings { println!("F {:?} {:?} {:?} nodes {} points {}", f.player, f.verdict, f.reason, f.nodes, f.points.len()); }
    }
}

#[test]
#[ignore = "exploration"]
fn explore_one_territory_big_budget() {
    let wh: Vec<usize> = std::env::var("WH").unwrap_or("2x8".into()).split('x').map(|x| x.parse().unwrap()).collect();
    let rows = corner_territory(wh[0], wh[1]);
    let r: Vec<&str> = rows.iter().map(|s| s.as_str()).collect();
    let b = board(&r);
    let mut o = pauli_control::Options::default();
    o.budgets.local_nodes = std::env::var("LN").map(|s| s.parse().unwrap()).unwrap_or(2_000_000);
    o.budgets.position_nodes = 20_000_000;
    o.budgets.max_set = 0;
    let t = std::time::Instant::now();
    let m = pauli_control::analyze(&b, &[], &o).unwrap();
    println!("{}x{}: undecided {} nodes {} {:?}", wh[0], wh[1], m.undecided().len(), m.nodes, t.elapsed());
}
