//! Writes a [`GameRecord`] as SGF (FF\[4\]): what `gorules gtp`'s `printsgf` answers and what
//! `gorules play` saves.
//!
//! The output is one game tree, the main line only: a root node with the game information
//! and the setup, one node per move, and a last node with the end-of-game markup when the
//! record has some. It reads back with [`read_sgf`](crate::read_sgf) to the same record
//! (setup, moves, komi, handicap, rules, result, players, markup), which a test checks.
//!
//! * Passes are written `B[]` (FF\[4\]), never `tt`.
//! * Text values escape `\` and `]`; line breaks in one-line values (players, rules, result)
//!   become spaces, other control characters are dropped, and a multi-line value (`GC`) never
//!   holds an empty line — so the output never holds one either and can be sent as one GTP
//!   response.
//! * Dead stones the markup names ([`Markup::dead`](rules_core::Markup::dead)) are written as
//!   territory of the other colour (`TB` over a dead white stone), as KGS writes them; the
//!   reader reads such a point back as a dead stone. The stone's colour comes from the final
//!   position of the main line.
//! * A cycle removal (gorules' Pauli annotation) is written as the private property
//!   `REMOVECYCLE[start]` in the node of the move that follows it, and Pauli rule 2's initially
//!   prohibited locations as the private root property `INITIALPROHIBITED[bb]`; the reader
//!   reads both back (docs/sgf.md).
//! * Graph boards have no SGF form: [`WriteError::NotAGrid`].

use rules_core::score::points;
use rules_core::{Action, Color, GameRecord, PerColor, Point, RecordedMove, Shape};
use std::fmt::Write as _;

/// Options of [`write_sgf`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// `AP[]`: the application writing the file; the record's own `AP` when `None`.
    pub application: Option<String>,
    /// `GC[]`: a game comment (may span lines; empty lines are dropped).
    pub game_comment: Option<String>,
}

/// Why a record cannot be written as SGF.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// SGF has no form for a graph board.
    #[error("a graph board has no SGF form")]
    NotAGrid,
}

/// Moves per line of output, for readability.
const MOVES_PER_LINE: usize = 10;

/// Writes `record` as an SGF game tree (text ending with a newline).
///
/// # Errors
/// [`WriteError::NotAGrid`] for a record on a graph board.
///
/// ```
/// use rules_core::{Action, Color, GameRecord, Komi, RecordedMove, Topology};
/// use sgf_record::{read_sgf, write_sgf, ReadOptions, WriteOptions};
/// use std::sync::Arc;
///
/// let topo = Arc::new(Topology::square(9).unwrap());
/// let mut record = GameRecord::new(topo.clone());
/// record.komi = Some(Komi { value: 7.5, raw: "7.5".into() });
/// record.actions.push(Action::Move { color: Color::Black, mv: RecordedMove::Place(topo.parse_gtp("E5").unwrap()) });
/// record.actions.push(Action::Move { color: Color::White, mv: RecordedMove::Pass });
/// let sgf = write_sgf(&record, &WriteOptions::default()).unwrap();
/// assert!(sgf.contains("SZ[9]KM[7.5]"));
/// assert!(sgf.contains(";B[ee];W[]"));
/// let back = read_sgf(sgf.as_bytes(), &ReadOptions::default()).unwrap();
/// assert_eq!(back.games[0].as_ref().unwrap().actions, record.actions);
/// ```
pub fn write_sgf(record: &GameRecord, options: &WriteOptions) -> Result<String, WriteError> {
    let topo = &record.topology;
    let (width, height) = match topo.shape() {
        Shape::Grid { width, height } => (*width, *height),
        Shape::Graph { .. } => return Err(WriteError::NotAGrid),
    };
    let mut out = String::from("(;GM[1]FF[4]CA[UTF-8]");
    let app = options
        .application
        .as_deref()
        .or(record.info.application.as_deref());
    prop(&mut out, "AP", app);
    if width == height {
        let _ = write!(out, "SZ[{width}]");
    } else {
        let _ = write!(out, "SZ[{width}:{height}]");
    }
    if let Some(k) = &record.komi {
        let _ = write!(out, "KM[{}]", points(k.value));
    }
    if let Some(h) = record.handicap {
        let _ = write!(out, "HA[{h}]");
    }
    prop(&mut out, "RU", record.rules.as_deref());
    let info = &record.info;
    prop(&mut out, "PB", info.black.as_deref());
    prop(&mut out, "BR", info.black_rank.as_deref());
    prop(&mut out, "PW", info.white.as_deref());
    prop(&mut out, "WR", info.white_rank.as_deref());
    prop(&mut out, "DT", info.date.as_deref());
    prop(&mut out, "EV", info.event.as_deref());
    prop(&mut out, "GN", info.name.as_deref());
    prop(&mut out, "PC", info.place.as_deref());
    prop(
        &mut out,
        "RE",
        record.result.as_ref().map(|r| r.raw.as_str()),
    );
    if let Some(gc) = &options.game_comment {
        let _ = write!(out, "GC[{}]", text(gc, true));
    }
    if !record.initial_prohibited.is_empty() {
        out.push_str("INITIALPROHIBITED");
        for &p in &record.initial_prohibited {
            let _ = write!(out, "[{}]", topo.sgf(p));
        }
    }

    // The root holds the setup before the first move; a setup or `PL` after a move gets a
    // node of its own; every move has its node.
    let sgf = |p: Point| topo.sgf(p);
    let mut after_move = false;
    let mut moves_on_line = 0;
    let mut pending_removal: Option<u32> = None;
    for action in &record.actions {
        match action {
            Action::Setup(_) | Action::SetPlayer(_) if after_move => {
                out.push_str("\n;");
                after_move = false;
                moves_on_line = 0;
            }
            _ => {}
        }
        match action {
            Action::Setup(edits) => write_setup(&mut out, edits, &sgf),
            Action::SetPlayer(c) => {
                let _ = write!(out, "PL[{}]", c.letter());
            }
            Action::RemoveCycle { start, .. } => pending_removal = Some(*start),
            Action::Move { color, mv } => {
                if moves_on_line % MOVES_PER_LINE == 0 {
                    out.push('\n');
                }
                out.push(';');
                if let Some(start) = pending_removal.take() {
                    let _ = write!(out, "REMOVECYCLE[{start}]");
                }
                let value = match mv {
                    RecordedMove::Pass => String::new(),
                    RecordedMove::Place(p) => sgf(*p),
                    RecordedMove::OffBoard(raw) => text(raw, false),
                };
                let _ = write!(out, "{}[{value}]", color.letter());
                after_move = true;
                moves_on_line += 1;
            }
        }
    }

    // End-of-game markup, in a node after the last move.
    let territory = markup_territory(record);
    if !territory.black.is_empty() || !territory.white.is_empty() {
        out.push_str("\n;");
        for (ident, pts) in [("TB", &territory.black), ("TW", &territory.white)] {
            if !pts.is_empty() {
                out.push_str(ident);
                for &p in pts {
                    let _ = write!(out, "[{}]", sgf(p));
                }
            }
        }
    }
    out.push_str(")\n");
    Ok(out)
}

/// `AB`/`AW`/`AE` of one setup action.
fn write_setup(out: &mut String, edits: &[(Point, Option<Color>)], sgf: &impl Fn(Point) -> String) {
    for (ident, want) in [
        ("AB", Some(Color::Black)),
        ("AW", Some(Color::White)),
        ("AE", None),
    ] {
        let pts: Vec<Point> = edits
            .iter()
            .filter(|(_, c)| *c == want)
            .map(|(p, _)| *p)
            .collect();
        if !pts.is_empty() {
            out.push_str(ident);
            for p in pts {
                let _ = write!(out, "[{}]", sgf(p));
            }
        }
    }
}

/// The territory to write: the markup's, plus every dead stone as the other colour's
/// territory (its colour read from the final position of the main line).
fn markup_territory(record: &GameRecord) -> PerColor<Vec<Point>> {
    let mut t = record.markup.territory.clone();
    if !record.markup.dead.is_empty() {
        let board = record.main_line_board();
        for &p in &record.markup.dead {
            if let Some(c) = board.get(p) {
                t[c.opp()].push(p);
            }
        }
    }
    for c in Color::BOTH {
        t[c].sort_unstable();
        t[c].dedup();
    }
    t
}

/// A property with a text value, if there is one.
fn prop(out: &mut String, ident: &str, value: Option<&str>) {
    if let Some(v) = value {
        let _ = write!(out, "{ident}[{}]", text(v, false));
    }
}

/// An SGF text value: `\` and `]` escaped, control characters dropped; line breaks kept
/// (without empty lines) when `multiline`, else turned into spaces.
fn text(v: &str, multiline: bool) -> String {
    let mut s = String::with_capacity(v.len());
    let mut last_newline = true;
    for ch in v.chars() {
        match ch {
            '\\' | ']' => {
                s.push('\\');
                s.push(ch);
            }
            '\n' if multiline => {
                if !last_newline {
                    s.push('\n');
                }
                last_newline = true;
                continue;
            }
            '\n' | '\t' => s.push(' '),
            c if c.is_control() => {}
            c => s.push(c),
        }
        last_newline = false;
    }
    if multiline {
        while s.ends_with('\n') {
            s.pop();
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ReadOptions, read_sgf};
    use game_sources::sgf_files;
    use rules_core::{GameInfo, Komi, Markup, RecordedResult, Topology, record::Outcome};
    use std::path::Path;
    use std::sync::Arc;

    #[test]
    fn text_escapes_and_never_leaves_an_empty_line() {
        assert_eq!(text(r"a]b\c", false), r"a\]b\\c");
        assert_eq!(text("one\ntwo\r\n", false), "one two ");
        assert_eq!(text("\n\none\n\n\ntwo\n\n", true), "one\ntwo");
        assert_eq!(text("bell\u{7}", false), "bell");
    }

    /// The layout pinned down: the root holds the setup before the first move, a `PL` after
    /// a move opens a node of its own (the reader puts `W[dd]PL[W]`'s `PL` before the move),
    /// ten moves to a line, territory in a last node (and no such node without territory).
    #[test]
    fn the_layout_of_a_written_game() {
        let moves: String = (0..11)
            .map(|i| format!(";{}[]", ["B", "W"][i % 2]))
            .collect();
        let game = read_one(&format!(
            "(;GM[1]SZ[5]AB[cc];B[ee];W[dd]PL[W]{moves};TB[aa])"
        ));
        let written = write_sgf(&game, &WriteOptions::default()).unwrap();
        assert_eq!(
            written,
            "(;GM[1]FF[4]CA[UTF-8]SZ[5]AB[cc]\n;B[ee]\n;PL[W]\n;W[dd];B[];W[];B[];W[];B[];W[];B[];\
             W[];B[]\n;W[];B[]\n;TB[aa])\n"
        );
        let bare = read_one("(;GM[1]SZ[5];B[ee])");
        let written = write_sgf(&bare, &WriteOptions::default()).unwrap();
        assert_eq!(written, "(;GM[1]FF[4]CA[UTF-8]SZ[5]\n;B[ee])\n");
    }

    fn read_one(sgf: &str) -> GameRecord {
        let file = read_sgf(sgf.as_bytes(), &ReadOptions::default()).expect("reads");
        assert_eq!(file.games.len(), 1, "{sgf}");
        file.games
            .into_iter()
            .next()
            .unwrap()
            .expect("the game reads")
    }

    /// What a round trip must keep.
    fn assert_same(a: &GameRecord, b: &GameRecord, what: &str) {
        assert_eq!(
            a.topology.grid_size(),
            b.topology.grid_size(),
            "{what}: size"
        );
        assert_eq!(a.actions, b.actions, "{what}: actions");
        assert_eq!(
            a.komi.as_ref().map(|k| k.value),
            b.komi.as_ref().map(|k| k.value),
            "{what}: komi"
        );
        assert_eq!(a.handicap, b.handicap, "{what}: handicap");
        assert_eq!(a.rules, b.rules, "{what}: rules");
        assert_eq!(
            a.result.as_ref().map(|r| &r.outcome),
            b.result.as_ref().map(|r| &r.outcome),
            "{what}: result"
        );
        // Names as the writer writes them: control characters dropped (a fixture of
        // fixtures/hostile has them).
        let written = |v: &Option<String>| v.as_deref().map(|v| text(v, false));
        assert_eq!(written(&a.info.black), written(&b.info.black), "{what}: PB");
        assert_eq!(written(&a.info.white), written(&b.info.white), "{what}: PW");
    }

    #[test]
    fn a_built_record_round_trips_with_setup_passes_markup_and_escapes() {
        let topo = Arc::new(Topology::grid(13, 9).unwrap());
        let at = |s: &str| topo.parse_sgf(s).unwrap();
        let mut r = GameRecord::new(topo.clone());
        r.actions = vec![
            Action::Setup(vec![
                (at("cc"), Some(Color::Black)),
                (at("dd"), Some(Color::Black)),
                (at("gg"), Some(Color::White)),
            ]),
            Action::SetPlayer(Color::White),
            Action::Move {
                color: Color::White,
                mv: RecordedMove::Place(at("ee")),
            },
            Action::Move {
                color: Color::Black,
                mv: RecordedMove::Pass,
            },
            Action::Setup(vec![(at("aa"), Some(Color::White)), (at("cc"), None)]),
            Action::Move {
                color: Color::White,
                mv: RecordedMove::Place(at("mi")),
            },
            Action::Move {
                color: Color::Black,
                mv: RecordedMove::Pass,
            },
            Action::Move {
                color: Color::White,
                mv: RecordedMove::Pass,
            },
        ];
        r.komi = Some(Komi {
            value: -2.5,
            raw: "-2.5".into(),
        });
        r.handicap = Some(2);
        r.rules = Some("Chinese".into());
        r.result = Some(crate::parse_result("W+12.5"));
        r.info = GameInfo {
            black: Some("gorules ] \\ seed 1".into()),
            white: Some("GNU Go\n3.8".into()),
            ..GameInfo::default()
        };
        r.markup = Markup {
            territory: PerColor::new(vec![at("ab")], vec![at("ia"), at("ib")]),
            dead: vec![at("dd")],
            source: String::new(),
        };
        let options = WriteOptions {
            application: Some("gorules:test".into()),
            game_comment: Some("first\n\nsecond".into()),
        };
        let sgf = write_sgf(&r, &options).unwrap();
        assert!(!sgf.contains("\n\n"), "no empty line:\n{sgf}");
        assert!(sgf.contains("SZ[13:9]"), "{sgf}");
        assert!(sgf.contains(r"PB[gorules \] \\ seed 1]"), "{sgf}");
        assert!(sgf.contains(";B[]"), "{sgf}");
        let back = read_one(&sgf);
        let mut expected = r.clone();
        expected.info.white = Some("GNU Go 3.8".into());
        assert_same(&expected, &back, "built");
        assert_eq!(back.info.application.as_deref(), Some("gorules:test"));
        // The dead black stone comes back as White's territory, so as a dead stone.
        assert_eq!(back.markup.territory.black, vec![at("ab")]);
        let mut tw = vec![at("ia"), at("ib"), at("dd")];
        tw.sort_unstable();
        assert_eq!(back.markup.territory.white, tw);
        assert!(back.markup.dead.is_empty());
        assert_eq!(
            back.result.unwrap(),
            RecordedResult {
                raw: "W+12.5".into(),
                outcome: Outcome::Score {
                    winner: Color::White,
                    margin: 12.5
                }
            }
        );
    }

    #[test]
    fn pauli_annotations_round_trip_and_malformed_ones_are_reported() {
        let topo = Arc::new(Topology::grid(3, 3).unwrap());
        let at = |s: &str| topo.parse_sgf(s).unwrap();
        let mut r = GameRecord::new(topo.clone());
        r.initial_prohibited = vec![at("ca"), at("bb")];
        r.actions = vec![
            Action::Move {
                color: Color::Black,
                mv: RecordedMove::Place(at("aa")),
            },
            Action::RemoveCycle {
                color: Color::White,
                start: 0,
            },
            Action::Move {
                color: Color::White,
                mv: RecordedMove::Pass,
            },
        ];
        let sgf = write_sgf(&r, &WriteOptions::default()).unwrap();
        assert!(sgf.contains("INITIALPROHIBITED[ca][bb]"), "{sgf}");
        assert!(sgf.contains(";REMOVECYCLE[0]W[]"), "{sgf}");
        let back = read_one(&sgf);
        assert_same(&r, &back, "annotations");
        assert_eq!(back.initial_prohibited, r.initial_prohibited);
        assert!(
            back.warnings.iter().any(|w| w.code == "initial-prohibited"),
            "{:?}",
            back.warnings
        );

        // Out of place or malformed: ignored, and said so.
        for bad in [
            "(;SZ[3];B[aa]INITIALPROHIBITED[bb])",
            "(;SZ[3]INITIALPROHIBITED[zz])",
            "(;SZ[3]INITIALPROHIBITED[b])",
            "(;SZ[3];REMOVECYCLE[x]B[aa])",
            "(;SZ[3];REMOVECYCLE[0])",
            "(;SZ[3];REMOVECYCLE[0]B[aa]W[bb])",
        ] {
            let rec = read_one(bad);
            assert!(rec.initial_prohibited.is_empty(), "{bad}");
            assert!(
                !rec.actions
                    .iter()
                    .any(|a| matches!(a, Action::RemoveCycle { .. })),
                "{bad}"
            );
            assert!(
                rec.warnings
                    .iter()
                    .any(|w| w.code == "private-property-malformed"),
                "{bad}: {:?}",
                rec.warnings
            );
        }
    }

    #[test]
    fn graph_boards_have_no_sgf_form() {
        let topo = Arc::new(Topology::graph(&["a", "b"], &[("a", "b")]).unwrap());
        assert_eq!(
            write_sgf(&GameRecord::new(topo), &WriteOptions::default()),
            Err(WriteError::NotAGrid)
        );
    }

    /// Every game of the fixtures reads back the same after writing (what the record holds
    /// of it: the reader's repairs are the input here).
    #[test]
    fn every_fixture_game_round_trips() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut files = Vec::new();
        sgf_files(&root.join("fixtures"), &mut files);
        files.sort();
        assert!(files.len() > 50, "the fixtures are there");
        let mut games = 0;
        for f in &files {
            let bytes = std::fs::read(f).unwrap();
            let Ok(file) = read_sgf(&bytes, &ReadOptions::default()) else {
                continue;
            };
            for (i, g) in file.games.into_iter().enumerate() {
                let Ok(record) = g else { continue };
                let what = format!("{} game {}", f.display(), i + 1);
                let sgf = write_sgf(&record, &WriteOptions::default()).unwrap();
                assert!(!sgf.contains("\n\n"), "{what}: empty line");
                let back = read_one(&sgf);
                assert_same(&record, &back, &what);
                let dead_as_territory = |r: &GameRecord| {
                    let mut t = markup_territory(r);
                    for c in Color::BOTH {
                        t[c].sort_unstable();
                    }
                    t
                };
                assert_eq!(
                    dead_as_territory(&record),
                    dead_as_territory(&back),
                    "{what}: markup"
                );
                games += 1;
            }
        }
        assert!(games > 50, "{games} games");
    }
}
