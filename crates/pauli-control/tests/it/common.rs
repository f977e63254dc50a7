//! Boards from diagrams.

use pauli_control::{Control, ControlMap, Finding, Options, Reason, Verdict, analyze};
use rules_core::{Board, Color, Point, Topology};
use std::sync::Arc;

/// The position at the end of the main line of the first game of the SGF file at `path`.
pub fn final_position(path: &str) -> Board {
    let bytes = std::fs::read(path).unwrap();
    let file = sgf_record::read_sgf(&bytes, &Default::default()).unwrap();
    let rec = file.games.into_iter().next().unwrap().unwrap();
    rec.main_line_board()
}

/// A board from rows of `X` (Black), `O` (White), `.` (empty); `aa` is the top left.
pub fn board(rows: &[&str]) -> Board {
    let topo = Arc::new(Topology::grid(rows[0].len(), rows.len()).unwrap());
    let mut b = Board::new(Arc::clone(&topo));
    let mut edits = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), rows[0].len(), "ragged diagram");
        for (x, ch) in row.chars().enumerate() {
            let c = match ch {
                'X' => Some(Color::Black),
                'O' => Some(Color::White),
                '.' => None,
                _ => panic!("bad diagram char {ch}"),
            };
            edits.push((topo.at(x, y).unwrap(), c));
        }
    }
    b.setup(&edits);
    assert!(
        b.libertyless_chains().is_empty(),
        "diagram has chains without liberties"
    );
    b
}

pub fn pt(b: &Board, s: &str) -> Point {
    b.topology()
        .parse_sgf(s)
        .unwrap_or_else(|| panic!("no point {s}"))
}

pub fn pts(b: &Board, list: &str) -> Vec<Point> {
    let mut v: Vec<Point> = list.split_whitespace().map(|s| pt(b, s)).collect();
    v.sort_unstable();
    v
}

pub fn analyze_default(b: &Board) -> ControlMap {
    let m = analyze(b, &[], &Options::default()).unwrap();
    assert_findings_account_for_every_location(b, &m);
    m
}

/// The findings account for every location once per player, each with the verdict the map
/// gives it there: no location is left out of the report or reported twice.
pub fn assert_findings_account_for_every_location(b: &Board, m: &ControlMap) {
    for c in Color::BOTH {
        let mut seen = vec![0; b.len()];
        for f in m.findings.iter().filter(|f| f.player == c) {
            for &p in &f.points {
                seen[p.index()] += 1;
                assert_eq!(m.get(p).of(c), f.verdict, "{c} at {p}: {f:?}\n{b:?}");
            }
        }
        assert!(seen.iter().all(|&k| k == 1), "{c}: {seen:?}\n{b:?}");
    }
}

/// The first finding of `player` with `reason`, listing the map's findings when there is
/// none.
pub fn finding(m: &ControlMap, player: Color, reason: Reason) -> &Finding {
    m.findings
        .iter()
        .find(|f| f.player == player && f.reason == reason)
        .unwrap_or_else(|| panic!("no {player} finding for {reason:?} in {:?}", m.findings))
}

/// Asserts that `v` is `player`'s verdict on every point of `list` (SGF coordinates),
/// drawing the map when one is not.
pub fn assert_verdict(b: &Board, m: &ControlMap, list: &str, player: Color, v: Verdict) {
    for p in pts(b, list) {
        assert_eq!(m.get(p).of(player), v, "{player} at {p}\n{}", picture(b, m));
    }
}

/// Asserts that `c` is the control of every point of `list` (SGF coordinates), drawing the
/// map when one is not.
pub fn assert_control(b: &Board, m: &ControlMap, list: &str, c: Control) {
    for p in pts(b, list) {
        assert_eq!(m.control(p), c, "{}", picture(b, m));
    }
}

/// The control map as a diagram: `B`/`W` controlled, `-` neither, `*` both, `?` undecided.
pub fn picture(b: &Board, m: &ControlMap) -> String {
    let (w, h) = b.topology().grid_size().unwrap();
    let mut s = String::new();
    for y in 0..h {
        for x in 0..w {
            let p = b.topology().at(x, y).unwrap();
            s.push(match m.control(p) {
                Control::Black => 'B',
                Control::White => 'W',
                Control::Neither => '-',
                Control::Both => '*',
                Control::Undecided => '?',
            });
        }
        s.push('\n');
    }
    s
}

/// Asserts the control picture.
pub fn assert_picture(b: &Board, m: &ControlMap, rows: &[&str]) {
    let got = picture(b, m);
    let want: String = rows.iter().map(|r| format!("{r}\n")).collect();
    assert_eq!(
        got, want,
        "control map\n got:\n{got}\nwant:\n{want}\nfindings: {:#?}",
        m.findings
    );
}

/// A legal position: the given colouring with chains without liberties removed (Black's
/// first, as a capture by White would).
pub fn position(w: usize, h: usize, cells: &[u8]) -> Board {
    let topo = Arc::new(Topology::grid(w, h).unwrap());
    let mut b = Board::new(Arc::clone(&topo));
    let edits: Vec<_> = cells
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            (
                Point::from_index(i),
                match c {
                    1 => Some(Color::Black),
                    2 => Some(Color::White),
                    _ => None,
                },
            )
        })
        .collect();
    b.setup(&edits);
    b.clear_libertyless(Color::Black);
    b.clear_libertyless(Color::White);
    b
}
