//! Dead stones from an outside GTP engine (`--dead engine --dead-engine CMD`): a second
//! opinion, with the control test's proofs winning where they exist.
//!
//! For each final position (once per position, for all the game's rulesets):
//!
//! 1. the engine is started (`gtp_engine::GtpProcess::spawn_captured`: its standard error kept, its
//!    process group its own) and given the position itself, stone by stone: `boardsize`,
//!    `clear_board`, `komi` (the record's, when it has one), then one `play` per stone of the
//!    final board (`talk`). Setting the stones, not replaying the moves, makes the engine's
//!    board exactly the one gorules counts, whatever the ruleset did on the way (Pauli's
//!    cycle removals, a forbidden move carried out under `--play-on`, setups in mid-game,
//!    handicap stones), with the commands every GTP engine has (no `loadsgf`, no file);
//!    every chain of a legal board has a liberty, so no stone set this way captures or is
//!    captured, in any order;
//! 2. its `final_status_list dead` is read, and `final_status_list seki` where it answers
//!    one (a `?` there is taken as "no seki");
//! 3. the control test ([`pauli_control::analyze`]) is run on the same position, and a stone
//!    it proves is kept as proved: a proved-alive stone the engine calls dead stays, a
//!    proved-dead stone the engine leaves on the board is removed, and both are recorded
//!    ([`Contradiction`], the finding `engine-contradicts-proof`).
//!
//! The [`Assessor`] trait returns no error, so a failure (the engine cannot start, crashes,
//! hangs past the time-out, answers nonsense) is recorded here ([`EngineAssessor::failure`]),
//! and the pipeline makes it the game's error: a batch goes on with the next game. Each error
//! names the engine's command line and the last lines of its standard error.

mod talk;

use gtp::client::ClientError;
use pauli_control::{ControlAssessor, PointControl, Verdict};
use rules_core::{
    Assessment, AssessmentSource, Assessor, Board, Color, GameState, Point, basis::Unproved,
};
use std::sync::Mutex;
use std::time::Duration;

pub use talk::EngineSaid;

/// An outside engine to ask: its command line and how long one answer may take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineCommand {
    /// The command line, split into words as a shell would (without running one).
    pub command: String,
    /// The longest any one answer may take; an engine that takes longer is ended.
    pub timeout: Duration,
}

impl EngineCommand {
    /// The time-out when none is given: GNU Go 3.8 takes about a second on a 19×19 final
    /// position; thirty leaves room for slower engines and machines.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
}

/// Where the engine and the control test's proofs disagree, on one final position: the
/// proofs were used.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Contradiction {
    /// Stones the control test proves alive that the engine called dead.
    pub called_dead: Vec<Point>,
    /// Stones the control test proves dead that the engine left on the board.
    pub left_alive: Vec<Point>,
}

impl Contradiction {
    /// Whether the engine and the proofs agree.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.called_dead.is_empty() && self.left_alive.is_empty()
    }
}

/// The engine's answer on one final position, the proofs applied.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineVerdict {
    /// The dead stones to count with ([`AssessmentSource::Engine`]).
    pub assessment: Assessment,
    /// Where the proofs overruled the engine.
    pub contradiction: Contradiction,
    /// The stones the engine put in seki (the proved-dead ones excepted).
    pub seki: Vec<Point>,
}

/// Why the engine gave no answer for a position: a per-game error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("engine {engine:?}: {failure}")]
pub struct EngineError {
    /// The engine's command line.
    pub engine: String,
    /// What went wrong.
    pub failure: Failure,
    /// The last lines of its standard error (oldest first), as it left them.
    pub stderr: Vec<String>,
}

/// What went wrong with the engine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The board cannot be given to a GTP engine (GTP knows square grids of 1 to 25 only; a
    /// board with a chain without liberties cannot be set stone by stone).
    #[error("the board cannot be set up in a GTP engine: {0}")]
    Board(BoardProblem),
    /// The program could not be started.
    #[error("cannot start {program:?}: {why}")]
    Start {
        /// The program.
        program: String,
        /// Why, as the system says.
        why: String,
    },
    /// It exited (or closed its output) before answering.
    #[error("exited while answering {command:?}")]
    Exited {
        /// The command it was answering.
        command: String,
    },
    /// No answer within the time-out: it was ended.
    #[error("did not answer {command:?} within {seconds} s; ended")]
    Timeout {
        /// The command.
        command: String,
        /// The time-out.
        seconds: u64,
    },
    /// Something that is not GTP.
    #[error("answered {command:?} with something that is not GTP: {line:?}")]
    Garbage {
        /// The command.
        command: String,
        /// What it answered (the first line, or why it was refused).
        line: String,
    },
    /// Reading from or writing to it failed.
    #[error("{0}")]
    Io(String),
    /// It refused a command it must take (`? …`).
    #[error("refused {command:?}: {answer:?}")]
    Refused {
        /// The command.
        command: String,
        /// Its answer.
        answer: String,
    },
    /// A status list that names something other than stones of the board.
    #[error("answered {command:?} with {token:?}, {why}")]
    Nonsense {
        /// The command.
        command: String,
        /// The word that is wrong.
        token: String,
        /// What is wrong with it.
        why: NonsenseKind,
    },
}

/// Why a board cannot be given to a GTP engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BoardProblem {
    /// Not a square grid of 1 to 25 points a side (a graph, a rectangle, a larger board).
    #[error("GTP boards are square grids of 1 to 25 points a side")]
    NotGtp,
    /// A chain without liberties (from a setup) cannot be set stone by stone.
    #[error("a chain has no liberty")]
    NoLiberty,
}

/// What is wrong with a word of a status list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NonsenseKind {
    /// Not a vertex.
    #[error("which is not a vertex")]
    NotAVertex,
    /// A vertex off the board.
    #[error("which is off the board")]
    OffBoard,
    /// A vertex with no stone.
    #[error("where there is no stone")]
    NoStone,
}

impl Failure {
    /// The failure a client error is.
    fn from_client(e: ClientError) -> Failure {
        match e {
            ClientError::CommandLine(line) => Failure::Start {
                program: line,
                why: "the command line is empty or has an unclosed quote".to_owned(),
            },
            ClientError::Spawn { program, source } => Failure::Start {
                program,
                why: source.to_string(),
            },
            ClientError::Io { source, .. } => Failure::Io(source.to_string()),
            ClientError::Closed { command, .. } => Failure::Exited { command },
            ClientError::Timeout {
                command, seconds, ..
            } => Failure::Timeout { command, seconds },
            ClientError::Protocol { command, line, .. } => Failure::Garbage { command, line },
        }
    }
}

/// The engine as the replay driver's [`Assessor`], for one game: each final position is put
/// to the engine once, with its answer or failure remembered.
pub struct EngineAssessor<'a> {
    engine: EngineCommand,
    control: &'a ControlAssessor,
    komi: Option<f64>,
    seen: Mutex<Vec<Remembered>>,
}

/// A position (board bits and permanently prohibited locations) and what the engine made of
/// it.
type Remembered = (Vec<u64>, Vec<Point>, Result<EngineVerdict, EngineError>);

impl<'a> EngineAssessor<'a> {
    /// An assessor asking `engine`, with the proofs of `control`; `komi` is told to the
    /// engine when known (the record's).
    #[must_use]
    pub fn new(
        engine: EngineCommand,
        control: &'a ControlAssessor,
        komi: Option<f64>,
    ) -> EngineAssessor<'a> {
        EngineAssessor {
            engine,
            control,
            komi,
            seen: Mutex::new(Vec::new()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Remembered>> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The engine's verdict on a final state, asked once per position.
    ///
    /// # Errors
    /// When the engine gave none ([`EngineError`]).
    pub fn verdict(&self, state: &dyn GameState) -> Result<EngineVerdict, EngineError> {
        if let Some(v) = self.remembered(state) {
            return v;
        }
        let prohibited = state.permanently_prohibited();
        let v = self.ask(state.board(), &prohibited);
        self.lock()
            .push((state.board().bits().to_vec(), prohibited, v.clone()));
        v
    }

    /// The verdict on a final state, if the engine was asked about it (it is not asked now).
    #[must_use]
    pub fn remembered(&self, state: &dyn GameState) -> Option<Result<EngineVerdict, EngineError>> {
        let bits = state.board().bits();
        let prohibited = state.permanently_prohibited();
        self.lock()
            .iter()
            .find(|(b, p, _)| b.as_slice() == bits && *p == prohibited)
            .map(|(_, _, v)| v.clone())
    }

    /// The first failure met, if any: the game's error.
    #[must_use]
    pub fn failure(&self) -> Option<EngineError> {
        self.lock().iter().find_map(|(_, _, v)| v.clone().err())
    }

    /// Positions put to the engine so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no position was put to the engine.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn ask(&self, board: &Board, prohibited: &[Point]) -> Result<EngineVerdict, EngineError> {
        let said = talk::ask(&self.engine, board, self.komi)?;
        let mut all_prohibited = self.control.prohibited.clone();
        all_prohibited.extend_from_slice(prohibited);
        all_prohibited.sort_unstable();
        all_prohibited.dedup();
        // Prohibited locations come from the state of this board; should they not fit it,
        // nothing is proved and the engine's word stands.
        let proofs = pauli_control::analyze(board, &all_prohibited, &self.control.options)
            .map(|m| m.points().to_vec())
            .unwrap_or_default();
        Ok(apply_proofs(board, &proofs, &said))
    }
}

impl Assessor for EngineAssessor<'_> {
    fn assess(&self, board: &Board) -> Assessment {
        match self.ask(board, &[]) {
            Ok(v) => v.assessment,
            Err(_) => failed(board),
        }
    }

    fn assess_state(&self, state: &dyn GameState) -> Assessment {
        match self.verdict(state) {
            Ok(v) => v.assessment,
            Err(_) => failed(state.board()),
        }
    }
}

/// What a position the engine failed on counts with until the pipeline turns the failure
/// into the game's error: every point undecided (no count comes of it).
fn failed(board: &Board) -> Assessment {
    Assessment {
        source: AssessmentSource::Engine,
        undecided: board.topology().points().collect(),
        ..Assessment::default()
    }
}

/// What a stone's proof says: `Some(true)` proved dead, `Some(false)` proved alive (its
/// opponent is proved to control, or not to control, its location), `None` not proved.
fn proved_dead(board: &Board, proofs: &[PointControl], p: Point) -> Option<bool> {
    let c = board.get(p)?;
    match proofs.get(p.index())?.of(c.opp()) {
        Verdict::Controls => Some(true),
        Verdict::DoesNotControl => Some(false),
        Verdict::Undecided => None,
    }
}

/// The engine's statuses with the proofs applied: a proof wins, and where it overrules the
/// engine, that is recorded.
#[must_use]
pub fn apply_proofs(board: &Board, proofs: &[PointControl], said: &EngineSaid) -> EngineVerdict {
    let n = board.len();
    let engine_dead = rules_core::score::point_mask(&said.dead, n);
    let mut dead = Vec::new();
    let mut unproved = Unproved::default();
    let mut contradiction = Contradiction::default();
    for p in board.topology().points().filter(|&p| !board.is_empty_at(p)) {
        let by_engine = engine_dead[p.index()];
        match proved_dead(board, proofs, p) {
            Some(true) => {
                dead.push(p);
                if !by_engine {
                    contradiction.left_alive.push(p);
                }
            }
            Some(false) if by_engine => contradiction.called_dead.push(p),
            Some(false) => {}
            None => {
                if board.chain_head(p) == Some(p) {
                    unproved.chains += 1;
                }
                if by_engine {
                    dead.push(p);
                    unproved.dead.push(p);
                }
            }
        }
    }
    let dead_mask = rules_core::score::point_mask(&dead, n);
    let seki: Vec<Point> = said
        .seki
        .iter()
        .copied()
        .filter(|p| !dead_mask[p.index()])
        .collect();
    let neutral = seki_eyes(board, &dead_mask, &seki);
    EngineVerdict {
        assessment: Assessment {
            source: AssessmentSource::Engine,
            dead,
            neutral,
            unproved: Some(unproved),
            ..Assessment::default()
        },
        contradiction,
        seki,
    }
}

/// The empty points of every region (empty points and dead stones, connected) that touches a
/// stone in seki: they count for nobody, as the eyes and shared liberties of a seki do under
/// territory counting (area rulesets read only the dead stones).
fn seki_eyes(board: &Board, dead: &[bool], seki: &[Point]) -> Vec<Point> {
    let topo = board.topology();
    let in_seki = rules_core::score::point_mask(seki, board.len());
    let open = |p: Point| board.is_empty_at(p) || dead[p.index()];
    let mut seen = vec![false; board.len()];
    let mut neutral = Vec::new();
    for start in topo.points().filter(|&p| open(p)) {
        if seen[start.index()] {
            continue;
        }
        seen[start.index()] = true;
        let (mut region, mut stack, mut touches_seki) = (Vec::new(), vec![start], false);
        while let Some(p) = stack.pop() {
            region.push(p);
            for &q in topo.neighbors(p) {
                if open(q) {
                    if !seen[q.index()] {
                        seen[q.index()] = true;
                        stack.push(q);
                    }
                } else {
                    touches_seki |= in_seki[q.index()];
                }
            }
        }
        if touches_seki {
            neutral.extend(region.into_iter().filter(|&p| board.is_empty_at(p)));
        }
    }
    neutral.sort_unstable();
    neutral
}

/// The stones of `board` in the order they are set up in the engine: Black's and White's
/// alternately while both have some (so that no engine sees many moves of one colour in a
/// row where it need not), then the rest.
#[must_use]
pub fn set_up_order(board: &Board) -> Vec<(Color, Point)> {
    let of = |c: Color| -> Vec<Point> {
        board
            .topology()
            .points()
            .filter(|&p| board.get(p) == Some(c))
            .collect()
    };
    let (black, white) = (of(Color::Black), of(Color::White));
    let mut order = Vec::with_capacity(black.len() + white.len());
    for i in 0..black.len().max(white.len()) {
        if let Some(&p) = black.get(i) {
            order.push((Color::Black, p));
        }
        if let Some(&p) = white.get(i) {
            order.push((Color::White, p));
        }
    }
    order
}

#[cfg(test)]
mod tests;
