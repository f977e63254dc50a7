//! Labelled final positions for fitting and measuring the estimator: games whose record
//! carries the players' end-of-game markup, replayed to their last position.

// Each example uses a part of this module.
#![allow(dead_code)]

use game_sources::sgf_files;
use rules_core::{Assessment, AssessmentChoice, Board, Color, GameRecord, Point, ReplayOptions};
use ruleset_registry::{RulesetOptions, by_id, for_record};
use std::path::{Path, PathBuf};

/// One labelled position.
pub struct Labelled {
    /// Where it came from.
    pub file: PathBuf,
    /// The record.
    pub record: GameRecord,
    /// The final board (replayed under the ruleset the record's `RU` points to).
    pub board: Board,
    /// Pauli's permanently prohibited locations at the end.
    pub prohibited: Vec<Point>,
    /// Per point: the markup calls the stone there dead.
    pub dead: Vec<bool>,
}

/// The games with end-of-game markup under `dirs`, in file order.
pub fn labelled(dirs: &[PathBuf]) -> Vec<Labelled> {
    let mut files = Vec::new();
    for d in dirs {
        sgf_files(d, &mut files);
    }
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        let Ok(file) = sgf_record::read_sgf(&bytes, &Default::default()) else {
            continue;
        };
        for g in file.games.into_iter().flatten() {
            if g.markup.is_empty() || g.topology.grid_size().is_none() {
                continue;
            }
            let options = RulesetOptions::default();
            let ruleset = for_record(&g, &options)
                .0
                .unwrap_or_else(|| by_id("chinese", &options).expect("a ruleset"));
            let none = Assessment::none();
            let done = rules_core::replay(
                &g,
                ruleset.as_ref(),
                &ReplayOptions::default(),
                AssessmentChoice::Given(&none),
            );
            let board = done.state.board().clone();
            let dead = markup_dead(&board, &g);
            out.push(Labelled {
                file: f.clone(),
                prohibited: done.state.permanently_prohibited(),
                record: g,
                board,
                dead,
            });
        }
    }
    out
}

/// Per point, whether the markup calls the stone there dead: it lies on the opponent's
/// marked territory (KGS), or is marked dead.
pub fn markup_dead(board: &Board, g: &GameRecord) -> Vec<bool> {
    let mut dead = vec![false; board.len()];
    for c in Color::BOTH {
        for &p in &g.markup.territory[c] {
            if board.get(p) == Some(c.opp()) {
                dead[p.index()] = true;
            }
        }
    }
    for &p in &g.markup.dead {
        if board.get(p).is_some() {
            dead[p.index()] = true;
        }
    }
    dead
}

/// `../shared` beside the repository.
pub fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}
