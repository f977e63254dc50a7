//! # estimate-lab
//!
//! How the estimator's model is made and measured (docs/estimator.md): labelled final
//! positions — games whose record carries the players' end-of-game markup — replayed to their
//! last position through the per-game pipeline (`analysis`), as every command replays them.
//! Two programs use them: `fit` writes `crates/estimate/model/chains.json`, `measure` compares
//! the estimate with the markup on games never fitted on.

use analysis::{Choice, DeadSource, Plan};
use game_sources::sgf_files;
use rules_core::{Board, Color, GameRecord, Point};
use ruleset_registry::{Fallback, RulesetOptions};
use std::path::{Path, PathBuf};

/// One labelled position.
pub struct Labelled {
    /// Where it came from.
    pub file: PathBuf,
    /// The record.
    pub record: GameRecord,
    /// The final board (replayed under the ruleset the record's `RU` points to, the Chinese
    /// rules when it names none gorules reads).
    pub board: Board,
    /// Pauli's permanently prohibited locations at the end.
    pub prohibited: Vec<Point>,
    /// Per point: the markup calls the stone there dead.
    pub dead: Vec<bool>,
}

/// The plan every labelled game is replayed by: `--rules recorded --default-rules chinese`,
/// with `dead` as the dead stones.
///
/// # Panics
/// Never: `chinese` is a rules name the registry reads.
#[must_use]
pub fn plan(dead: DeadSource) -> Plan {
    let mut plan = Plan::new(vec![Choice::Recorded]);
    plan.fallback =
        Some(Fallback::new("chinese", &RulesetOptions::default()).expect("the Chinese rules"));
    plan.dead = dead;
    plan
}

/// The games with end-of-game markup under `dirs`, in file order.
#[must_use]
pub fn labelled(dirs: &[PathBuf]) -> Vec<Labelled> {
    let mut files = Vec::new();
    for d in dirs {
        sgf_files(d, &mut files);
    }
    files.sort();
    let plan = plan(DeadSource::None);
    let mut out = Vec::new();
    for f in files {
        // Read as every command reads (analysis::input); an unreadable file has no labels.
        let Ok(file) = analysis::input::load(&f).result else {
            continue;
        };
        for g in file.games.into_iter().flatten() {
            if g.markup.is_empty() || g.topology.grid_size().is_none() {
                continue;
            }
            let Some(run) = plan.replay_all(&g).ok().and_then(|mut r| r.pop()) else {
                continue;
            };
            let state = run.replayed.state;
            let board = state.board().clone();
            let dead = markup_dead(&board, &g);
            out.push(Labelled {
                file: f.clone(),
                prohibited: state.permanently_prohibited(),
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
#[must_use]
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
#[must_use]
pub fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}
