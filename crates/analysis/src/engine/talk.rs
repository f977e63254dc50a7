//! The conversation with the engine about one final position: set it up stone by stone, ask
//! for the dead stones and the stones in seki, check that the answers name stones of the
//! board, and end the engine.

use super::{BoardProblem, EngineCommand, EngineError, Failure, NonsenseKind, set_up_order};
use gtp::client::GtpProcess;
use gtp::vertex::{self, MAX_SIZE, VertexError};
use rules_core::{Board, Point};
use std::time::Duration;

/// How long the last words of an engine that failed are waited for, once it is ended.
const STDERR_WAIT: Duration = Duration::from_millis(500);

/// What the engine said of a position, checked against the board (each named stone's whole
/// chain, in point order).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EngineSaid {
    /// `final_status_list dead`.
    pub dead: Vec<Point>,
    /// `final_status_list seki` (empty when the engine does not answer it).
    pub seki: Vec<Point>,
}

/// Asks `engine` about `board`.
///
/// # Errors
/// When the board cannot be set up in a GTP engine, or the engine fails.
pub(super) fn ask(
    engine: &EngineCommand,
    board: &Board,
    komi: Option<f64>,
) -> Result<EngineSaid, EngineError> {
    let error = |failure, stderr| EngineError {
        engine: engine.command.clone(),
        failure,
        stderr,
    };
    let size = gtp_size(board).map_err(|p| error(Failure::Board(p), Vec::new()))?;
    let mut process = GtpProcess::spawn_captured(&engine.command, engine.timeout)
        .map_err(|e| error(Failure::from_client(e), Vec::new()))?;
    match converse(&mut process, board, size, komi) {
        Ok(said) => {
            process.quit();
            Ok(said)
        }
        Err(failure) => {
            process.end();
            Err(error(failure, process.stderr_tail(STDERR_WAIT)))
        }
    }
}

/// The side of a board GTP can take: a square grid of 1 to 25, every chain with a liberty.
fn gtp_size(board: &Board) -> Result<usize, BoardProblem> {
    match board.topology().grid_size() {
        Some((w, h)) if w == h && (1..=MAX_SIZE).contains(&w) => {}
        _ => return Err(BoardProblem::NotGtp),
    }
    if !board.libertyless_chains().is_empty() {
        return Err(BoardProblem::NoLiberty);
    }
    Ok(board.topology().grid_size().map_or(0, |(w, _)| w))
}

/// The commands and answers, up to the status lists.
fn converse(
    p: &mut GtpProcess,
    board: &Board,
    size: usize,
    komi: Option<f64>,
) -> Result<EngineSaid, Failure> {
    let topo = board.topology();
    must(p, &format!("boardsize {size}"))?;
    must(p, "clear_board")?;
    if let Some(k) = komi {
        // Komi does not decide which stones are dead; an engine that refuses it is asked on.
        let _refused = send(p, &format!("komi {k}"))?;
    }
    for (color, point) in set_up_order(board) {
        let c = vertex::color_name(color);
        must(p, &format!("play {c} {}", vertex::vertex(topo, point)))?;
    }
    let dead_command = "final_status_list dead";
    let dead = stones(board, dead_command, &must(p, dead_command)?)?;
    let seki_command = "final_status_list seki";
    let seki = match send(p, seki_command)? {
        Ok(text) => stones(board, seki_command, &text)?,
        Err(_) => Vec::new(),
    };
    Ok(EngineSaid { dead, seki })
}

/// Sends a command: its answer, `Err` for `?`.
fn send(p: &mut GtpProcess, command: &str) -> Result<Result<String, String>, Failure> {
    p.send(command).map_err(Failure::from_client)
}

/// Sends a command that must succeed.
fn must(p: &mut GtpProcess, command: &str) -> Result<String, Failure> {
    send(p, command)?.map_err(|answer| Failure::Refused {
        command: command.to_owned(),
        answer,
    })
}

/// The stones a status list names, each with its whole chain, in point order.
///
/// # Errors
/// [`Failure::Nonsense`] for a word that is not a vertex of the board holding a stone.
pub(super) fn stones(board: &Board, command: &str, text: &str) -> Result<Vec<Point>, Failure> {
    let topo = board.topology();
    let mut out = Vec::new();
    for token in text.split_whitespace() {
        let nonsense = |why| Failure::Nonsense {
            command: command.to_owned(),
            token: token.chars().take(40).collect(),
            why,
        };
        let point = vertex::parse_vertex(topo, token).map_err(|e| match e {
            VertexError::Syntax => nonsense(NonsenseKind::NotAVertex),
            VertexError::OffBoard => nonsense(NonsenseKind::OffBoard),
        })?;
        if board.is_empty_at(point) {
            return Err(nonsense(NonsenseKind::NoStone));
        }
        out.extend(board.chain(point));
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}
