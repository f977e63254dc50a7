//! The engine: a game under one of gorules' rulesets, driven by GTP commands.
//!
//! The engine keeps the start position, every step since (moves, and the setups and
//! player changes a loaded SGF may hold) and the [`GameState`] after each, so `undo` is a
//! pop and a change of rules replays the steps under the new ruleset. Legality is the
//! ruleset's ([`GameState::check`]); the count is the ruleset's too
//! ([`GameState::score`], [`GameState::point_values`]), with the same input `gorules
//! replay` gives it: komi, handicap, and an assessment of the end position — the dead stones
//! set with `gorules-dead`, else the [`Assessor`]'s, else none (the board as it stands).

use crate::handicap;
use crate::player::{Rng, choose_move};
use crate::protocol::{Command, Response, format_response, parse_command, preprocess};
use crate::vertex::{
    self, MAX_SIZE, VertexError, color_name, format_move, parse_color, parse_move,
};
use rules_core::{
    Action, Assessment, Assessor, Board, Color, GameRecord, GameState, Illegal, Komi, Move, Point,
    PointKind, PreAction, RecordedMove, Ruleset, ScoreBreakdown, ScoreError, ScoringInput,
    StartPosition, Topology, Turn, Winner, score::points,
};
use sgf_record::{ReadOptions, WriteOptions, read_sgf, write_sgf};
use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::sync::Arc;

/// How a rules text is to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulesNaming {
    /// `gorules-rules` and `--rules`: a gorules ruleset id first (`tromp-taylor`, `logical`,
    /// `chinese`, `pauli`), else a rules name as records write it or a KataGo rules string.
    Gorules,
    /// `kgs-rules`: one of KGS's names (`chinese`, `japanese`, `aga`, `new_zealand`), read as
    /// the rules KGS plays under that name.
    Kgs,
}

/// A ruleset the resolver chose, with how the text was read.
pub struct Rules {
    /// The ruleset, configured.
    pub ruleset: Box<dyn Ruleset>,
    /// How the text was read and what the choice changes, in words (one line).
    pub how: String,
}

/// Turns a rules text into a ruleset. The binary passes one in, so this crate knows no
/// registry of rulesets and no rules names.
pub trait RulesResolver: Send + Sync {
    /// The ruleset `text` names.
    ///
    /// # Errors
    /// A message naming what is wrong with `text`.
    fn resolve(&self, text: &str, naming: RulesNaming) -> Result<Rules, String>;
}

impl<F> RulesResolver for F
where
    F: Fn(&str, RulesNaming) -> Result<Rules, String> + Send + Sync,
{
    fn resolve(&self, text: &str, naming: RulesNaming) -> Result<Rules, String> {
        self(text, naming)
    }
}

/// The resolver over ruleset-registry, as `gorules gtp` uses it: [`named`](ruleset_registry::named)
/// over the rulesets configured with `options`, our ids first for `--rules` and
/// `gorules-rules` ([`RulesNaming::Gorules`]), rules names only for `kgs-rules` (so KGS's
/// `chinese` is the Chinese rules as KGS plays them, with handicap compensation).
#[must_use]
pub fn registry_resolver(options: ruleset_registry::RulesetOptions) -> Box<dyn RulesResolver> {
    Box::new(move |text: &str, naming: RulesNaming| {
        let ids_first = naming == RulesNaming::Gorules;
        let ruleset_registry::Named { ruleset, how } =
            ruleset_registry::named(text, ids_first, &options).map_err(|e| e.to_string())?;
        Ok(Rules { ruleset, how })
    })
}

/// How the engine starts.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineConfig {
    /// The answer to `name`.
    pub name: String,
    /// The answer to `version`.
    pub version: String,
    /// The rules, read with [`RulesNaming::Gorules`].
    pub rules: String,
    /// Komi; `None` for the ruleset's default until a `komi` command sets one.
    pub komi: Option<f64>,
    /// The seed of the player's random choices.
    pub seed: u64,
    /// The board size (1–25).
    pub size: usize,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            name: "gorules".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            rules: "chinese".to_owned(),
            komi: None,
            seed: 0,
            size: 19,
        }
    }
}

/// Why an engine could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EngineError {
    /// The rules text names no ruleset.
    #[error("rules {text:?}: {message}")]
    Rules {
        /// The text.
        text: String,
        /// What the resolver said.
        message: String,
    },
    /// A board size GTP cannot name.
    #[error("board size {0} is outside 1 to 25, the sizes GTP can name")]
    Size(usize),
    /// A komi that is not a finite number, or beyond ±[`sgf_record::KOMI_MAX`] points.
    #[error("komi {0} is not a finite number of at most ±10000 points")]
    Komi(f64),
}

/// The bytes of a record file for `loadsgf`: a regular file (a FIFO or a device such as
/// `/dev/zero` would block or never end), read up to one byte past the SGF reader's size
/// limit so that `read_sgf` refuses a larger one with its own error.
fn read_record_file(path: &str) -> io::Result<Vec<u8>> {
    use std::io::Read;
    if !std::fs::metadata(path)?.is_file() {
        return Err(io::Error::other("not a regular file"));
    }
    let limit = ReadOptions::default().limits.max_file_bytes as u64;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// `final_status_list`'s statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Stones counted as they stand.
    Alive,
    /// Stones the count takes as dead.
    Dead,
    /// Stones in seki: none, since no ruleset of gorules tells seki apart (their points
    /// count as the ruleset says; the stones are listed as alive).
    Seki,
}

/// One step of the game after the start position.
#[derive(Debug, Clone)]
enum Step {
    /// A turn (with Pauli's optional cycle removal).
    Turn(Turn),
    /// Stones put on or taken off (a setup in the middle of a loaded SGF).
    Edit(Vec<(Point, Option<Color>)>),
    /// The player to move set (`PL` in a loaded SGF).
    SetPlayer(Color),
}

/// Every command the engine knows, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "loadsgf",
    "printsgf",
    "is_legal",
    "time_settings",
    "time_left",
    "kgs-rules",
    "kgs-genmove_cleanup",
    "kgs-game_over",
    "gogui-analyze_commands",
    "gorules-rules",
    "gorules-explain_move",
    "gorules-prohibited",
    "gorules-cycles",
    "gorules-remove_cycle",
    "gorules-dead",
    "gorules-score",
];

/// The rules names KGS sends with `kgs-rules`.
pub const KGS_RULES: &[&str] = &["chinese", "japanese", "aga", "new_zealand"];

/// A GTP engine over one of gorules' rulesets.
pub struct Engine {
    name: String,
    version: String,
    resolver: Box<dyn RulesResolver>,
    assessor: Option<Box<dyn Assessor>>,
    ruleset: Box<dyn Ruleset>,
    rules_text: String,
    rules_how: String,
    topo: Arc<Topology>,
    komi: Option<f64>,
    handicap: u32,
    start_setup: Vec<(Point, Option<Color>)>,
    start_to_move: Color,
    /// The state after every step. Earlier states are not kept (each holds the whole
    /// position history, so one per step made memory grow with the square of the game's
    /// length): `undo` replays the steps from the start instead.
    state: Box<dyn GameState>,
    steps: Vec<Step>,
    /// Dead stones set with `gorules-dead` for the current position.
    dead: Option<Vec<Point>>,
    /// A cycle removal to make in the next turn of the player to move (Pauli).
    pending_removal: Option<(Color, u32)>,
    rng: Rng,
    quit: bool,
}

impl Engine {
    /// An engine with the rules of `config`, read by `resolver`.
    ///
    /// # Errors
    /// When the rules text names no ruleset, or the size or komi is out of range.
    pub fn new(
        config: EngineConfig,
        resolver: Box<dyn RulesResolver>,
    ) -> Result<Engine, EngineError> {
        let rules = resolver
            .resolve(&config.rules, RulesNaming::Gorules)
            .map_err(|message| EngineError::Rules {
                text: config.rules.clone(),
                message,
            })?;
        if !(1..=MAX_SIZE).contains(&config.size) {
            return Err(EngineError::Size(config.size));
        }
        if let Some(k) = config.komi {
            if !k.is_finite() || k.abs() > sgf_record::KOMI_MAX {
                return Err(EngineError::Komi(k));
            }
        }
        let topo = Arc::new(Topology::square(config.size).expect("1 to 25 is a valid size"));
        let state = start_state(rules.ruleset.as_ref(), &topo, &[], Color::Black);
        // The fields are those of a cleared board (`clear`), so the start state is built once.
        Ok(Engine {
            name: config.name,
            version: config.version,
            resolver,
            assessor: None,
            ruleset: rules.ruleset,
            rules_text: config.rules,
            rules_how: rules.how,
            topo,
            komi: config.komi,
            handicap: 0,
            start_setup: Vec::new(),
            start_to_move: Color::Black,
            state,
            steps: Vec::new(),
            dead: None,
            pending_removal: None,
            rng: Rng::new(config.seed),
            quit: false,
        })
    }

    /// Sets the assessor of end positions (automatic dead stones) used when no dead stones
    /// were set with `gorules-dead`.
    pub fn set_assessor(&mut self, assessor: Option<Box<dyn Assessor>>) {
        self.assessor = assessor;
    }

    // ----- the typed interface (the driver's referee uses it) -----

    /// The current state.
    #[must_use]
    pub fn state(&self) -> &dyn GameState {
        self.state.as_ref()
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        self.state().board()
    }

    /// The topology (a square grid).
    #[must_use]
    pub fn topology(&self) -> &Arc<Topology> {
        &self.topo
    }

    /// The ruleset.
    #[must_use]
    pub fn ruleset(&self) -> &dyn Ruleset {
        self.ruleset.as_ref()
    }

    /// The komi in effect: the one set, else the ruleset's default.
    #[must_use]
    pub fn komi(&self) -> f64 {
        self.komi.unwrap_or_else(|| self.ruleset.default_komi())
    }

    /// Sets the komi.
    ///
    /// # Errors
    /// [`EngineError::Komi`] for a komi that is not finite or beyond ±`KOMI_MAX` (more than
    /// any board can score; counts would lose their half points in floating point).
    pub fn set_komi(&mut self, komi: f64) -> Result<(), EngineError> {
        if !komi.is_finite() || komi.abs() > sgf_record::KOMI_MAX {
            return Err(EngineError::Komi(komi));
        }
        self.komi = Some(komi);
        Ok(())
    }

    /// Changes the board size and clears the board.
    ///
    /// # Errors
    /// [`EngineError::Size`] outside 1–25.
    pub fn set_board_size(&mut self, size: usize) -> Result<(), EngineError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(EngineError::Size(size));
        }
        self.topo = Arc::new(Topology::square(size).expect("1 to 25 is a valid size"));
        self.clear();
        Ok(())
    }

    /// Clears the board: no stones, no moves, Black to play, no handicap.
    pub fn clear(&mut self) {
        self.start_setup.clear();
        self.start_to_move = Color::Black;
        self.handicap = 0;
        self.steps.clear();
        self.state = self.start_state(self.ruleset.as_ref());
        self.dead = None;
        self.pending_removal = None;
    }

    /// Whether the game is over under the ruleset.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.state().is_over()
    }

    /// Number of turns played.
    #[must_use]
    pub fn turns(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Turn(_)))
            .count()
    }

    /// Plays `mv` for `color` if the ruleset allows it (either colour may play, as GTP
    /// allows). A cycle removal asked for with `gorules-remove_cycle` is part of the turn.
    ///
    /// # Errors
    /// The ruleset's reason and rule, and the state is unchanged.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        let turn = Turn {
            color,
            pre: self.pre_for(color),
            mv,
        };
        let mut next = self.state().box_clone();
        next.play(&turn)?;
        next.take_events();
        self.state = next;
        self.steps.push(Step::Turn(turn));
        self.dead = None;
        self.pending_removal = None;
        Ok(())
    }

    /// Why `mv` would be illegal for `color` now, if it would.
    #[must_use]
    pub fn check(&self, color: Color, mv: Move) -> Option<Illegal> {
        self.state()
            .check(&Turn {
                color,
                pre: self.pre_for(color),
                mv,
            })
            .err()
    }

    /// The player's move for `color` ([`crate::player`]), without playing it. With a cycle
    /// removal pending, legality is that of the whole turn.
    pub fn choose(&mut self, color: Color) -> Move {
        let pre = self.pre_for(color);
        choose_move(self.state.as_ref(), color, pre, &mut self.rng)
    }

    /// Chooses a move for `color` and plays it; a move the ruleset refuses (only a pass after
    /// the end can be) is not played. Returns the move.
    pub fn genmove(&mut self, color: Color) -> Move {
        let mv = self.choose(color);
        if self.play(color, mv).is_err() && mv != Move::Pass {
            let _ = self.play(color, Move::Pass);
            return Move::Pass;
        }
        mv
    }

    /// Takes back the last turn; `false` when the last step is no turn (or there is none).
    pub fn undo(&mut self) -> bool {
        if !matches!(self.steps.last(), Some(Step::Turn(_))) {
            return false;
        }
        self.steps.pop();
        self.state = self
            .replay_under(self.ruleset.as_ref())
            .expect("the steps left were played under this ruleset before");
        self.dead = None;
        self.pending_removal = None;
        true
    }

    /// Sets the dead stones for the count of the current position: every chain holding one
    /// of `points` (an empty list clears them, back to the assessor or the board as it
    /// stands). Any move clears them.
    ///
    /// # Errors
    /// When a point holds no stone.
    pub fn set_dead(&mut self, points: &[Point]) -> Result<(), String> {
        if points.is_empty() {
            self.dead = None;
            return Ok(());
        }
        let board = self.board();
        let mut dead = Vec::new();
        for &p in points {
            if board.is_empty_at(p) {
                return Err(format!("{} holds no stone", vertex::vertex(&self.topo, p)));
            }
            dead.extend(board.chain(p));
        }
        dead.sort_unstable();
        dead.dedup();
        self.dead = Some(dead);
        Ok(())
    }

    /// The assessment the count uses: the dead stones set, else the assessor's, else none.
    #[must_use]
    pub fn assessment(&self) -> Assessment {
        if let Some(dead) = &self.dead {
            Assessment::user_dead(dead.clone())
        } else if let Some(a) = &self.assessor {
            a.assess_state(self.state())
        } else {
            Assessment::none()
        }
    }

    /// The ruleset's count of the current position, with the range of margins the points
    /// the assessment left undecided allow ([`rules_core::count`]): a count that is not
    /// [settled](ScoreBreakdown::is_settled) is no result.
    ///
    /// # Errors
    /// When the ruleset cannot count it.
    pub fn score(&self) -> Result<ScoreBreakdown, ScoreError> {
        let assessment = self.assessment();
        rules_core::count(
            self.state(),
            &ScoringInput {
                komi: self.komi(),
                handicap: self.handicap,
                assessment: &assessment,
            },
        )
    }

    /// The chains with this status in the ruleset's count (each chain a list of points),
    /// in board order. A chain with a stone the assessment left undecided has no status: it
    /// is in none of the lists (calling it alive would be a guess).
    ///
    /// # Errors
    /// When the ruleset cannot count the position.
    pub fn final_status(&self, status: Status) -> Result<Vec<Vec<Point>>, ScoreError> {
        let assessment = self.assessment();
        let values = self.state().point_values(&ScoringInput {
            komi: self.komi(),
            handicap: self.handicap,
            assessment: &assessment,
        })?;
        let board = self.board();
        // A chain the assessment left undecided is neither alive nor dead: it is in no list.
        let undecided = rules_core::score::point_mask(&assessment.undecided, board.len());
        let mut seen = vec![false; board.len()];
        let mut out = Vec::new();
        for p in self.topo.points() {
            if seen[p.index()] || board.is_empty_at(p) {
                continue;
            }
            let mut chain: Vec<Point> = board.chain(p).collect();
            chain.sort_unstable();
            for s in &chain {
                seen[s.index()] = true;
            }
            let dead = chain
                .iter()
                .any(|s| matches!(values[s.index()].kind, PointKind::DeadStone(_)));
            let open = chain.iter().any(|s| undecided[s.index()]);
            let wanted = match status {
                Status::Alive => !dead && !open,
                Status::Dead => dead,
                Status::Seki => false,
            };
            if wanted {
                out.push(chain);
            }
        }
        Ok(out)
    }

    /// Changes the rules; the moves so far are replayed under the new ruleset.
    ///
    /// # Errors
    /// When the text names no ruleset, or a move so far is illegal under it (the rules then
    /// stay as they were).
    pub fn set_rules(&mut self, text: &str, naming: RulesNaming) -> Result<&str, String> {
        let rules = self.resolver.resolve(text, naming)?;
        let state = self.replay_under(rules.ruleset.as_ref())?;
        self.ruleset = rules.ruleset;
        self.rules_text = text.to_owned();
        self.rules_how = rules.how;
        self.state = state;
        self.dead = None;
        self.pending_removal = None;
        Ok(&self.rules_how)
    }

    /// The game so far as a record: the start position, the moves, komi, handicap, the
    /// rules text as given (`RU`), and the result when the game is over.
    #[must_use]
    pub fn record(&self) -> GameRecord {
        let mut r = GameRecord::new(self.topo.clone());
        if !self.start_setup.is_empty() {
            r.actions.push(Action::Setup(self.start_setup.clone()));
        }
        if self.start_to_move == Color::White {
            r.actions.push(Action::SetPlayer(Color::White));
        }
        for step in &self.steps {
            match step {
                Step::Turn(t) => {
                    if let Some(PreAction::RemoveCycle { start }) = t.pre {
                        r.actions.push(Action::RemoveCycle {
                            color: t.color,
                            start,
                        });
                    }
                    r.actions.push(Action::Move {
                        color: t.color,
                        mv: match t.mv {
                            Move::Pass => RecordedMove::Pass,
                            Move::Place(p) => RecordedMove::Place(p),
                        },
                    });
                }
                Step::Edit(e) => r.actions.push(Action::Setup(e.clone())),
                Step::SetPlayer(c) => r.actions.push(Action::SetPlayer(*c)),
            }
        }
        let komi = self.komi();
        r.komi = Some(Komi {
            value: komi,
            raw: points(komi),
        });
        r.handicap = (self.handicap > 0).then_some(self.handicap);
        r.rules = Some(self.rules_text.clone());
        if self.is_over() {
            if let Ok(s) = self.score() {
                r.result = Some(sgf_record::parse_result(&s.result()));
            }
        }
        if let Some(dead) = &self.dead {
            r.markup.dead = dead.clone();
        }
        r
    }

    /// Loads the main line of the first game of an SGF text, up to and not including move
    /// `until` (1-based; all moves when `None`). Board size, komi (when the file gives one),
    /// handicap, setup, moves and player to move come from the file; the rules stay.
    ///
    /// # Errors
    /// When the text holds no readable game, its board is not a square GTP can name, or a
    /// move is illegal under the engine's ruleset (then nothing changes).
    pub fn load_sgf(&mut self, bytes: &[u8], until: Option<usize>) -> Result<(), String> {
        let file = read_sgf(bytes, &ReadOptions::default()).map_err(|e| e.to_string())?;
        let record = match file.games.into_iter().next() {
            Some(Ok(r)) => r,
            Some(Err(e)) => return Err(e.to_string()),
            None => return Err("the file holds no game".to_owned()),
        };
        let size = match record.topology.grid_size() {
            Some((w, h)) if w == h && w <= MAX_SIZE => w,
            Some((w, h)) => {
                return Err(format!(
                    "the board is {w}x{h}; GTP boards are square, at most 25x25"
                ));
            }
            None => return Err("a graph board has no GTP form".to_owned()),
        };
        let (start, start_to_move, first) = rules_core::replay::start_position(&record);
        let start_setup: Vec<(Point, Option<Color>)> = record
            .topology
            .points()
            .filter_map(|p| start.get(p).map(|c| (p, Some(c))))
            .collect();
        let mut steps = Vec::new();
        let mut moves = 0usize;
        let mut removal = None;
        for action in &record.actions[first..] {
            match action {
                Action::Setup(e) => steps.push(Step::Edit(e.clone())),
                Action::SetPlayer(c) => steps.push(Step::SetPlayer(*c)),
                Action::RemoveCycle { start, .. } => {
                    removal = Some(PreAction::RemoveCycle { start: *start });
                }
                Action::Move { color, mv } => {
                    moves += 1;
                    if until.is_some_and(|n| moves >= n) {
                        break;
                    }
                    let mv = match mv {
                        RecordedMove::Pass => Move::Pass,
                        RecordedMove::Place(p) => Move::Place(*p),
                        RecordedMove::OffBoard(raw) => {
                            return Err(format!("move {moves} ({raw}) is off the board"));
                        }
                    };
                    steps.push(Step::Turn(Turn {
                        color: *color,
                        pre: removal.take(),
                        mv,
                    }));
                }
            }
        }
        let state = replay_steps(
            self.ruleset.as_ref(),
            &record.topology,
            &start_setup,
            start_to_move,
            &steps,
        )
        .map_err(|e| e.describe(&record.topology, self.ruleset.id()))?;
        self.topo = record.topology.clone();
        debug_assert_eq!(self.topo.grid_size(), Some((size, size)));
        self.start_setup = start_setup;
        self.start_to_move = start_to_move;
        self.steps = steps;
        self.state = state;
        self.handicap = record.handicap.unwrap_or(0);
        if let Some(k) = &record.komi {
            self.komi = Some(k.value);
        }
        self.dead = None;
        self.pending_removal = None;
        Ok(())
    }

    /// Puts handicap stones on the empty board (Black's), White to play.
    ///
    /// # Errors
    /// When the board is not empty or a point repeats.
    pub fn place_handicap(&mut self, stones: &[Point]) -> Result<(), String> {
        if !self.steps.is_empty() || !self.start_setup.is_empty() {
            return Err("the board is not empty".to_owned());
        }
        let mut sorted = stones.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != stones.len() {
            return Err("a vertex is named twice".to_owned());
        }
        if stones.len() < 2 || stones.len() >= self.topo.len() {
            return Err("invalid number of stones".to_owned());
        }
        self.start_setup = stones.iter().map(|&p| (p, Some(Color::Black))).collect();
        self.start_to_move = Color::White;
        self.handicap = stones.len() as u32;
        self.state = self.start_state(self.ruleset.as_ref());
        Ok(())
    }

    // ----- the protocol -----

    /// Whether `quit` was received.
    #[must_use]
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Answers one raw input line: `None` for a line that holds no command (empty, blank or
    /// a comment), else the whole response, empty line included.
    pub fn handle_line(&mut self, raw: &str) -> Option<String> {
        let line = preprocess(raw)?;
        Some(match parse_command(&line) {
            Ok(cmd) => {
                let response = self.execute(&cmd);
                format_response(cmd.id, &response)
            }
            Err(e) => format_response(e.id, &Response::Failure(e.message)),
        })
    }

    /// Reads commands from `input` and answers on `output`, flushing after every response,
    /// until `quit` or the end of the input.
    ///
    /// # Errors
    /// Errors reading or writing.
    pub fn serve<R: BufRead, W: Write>(&mut self, mut input: R, mut output: W) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            if input.read_until(b'\n', &mut buf)? == 0 {
                return Ok(());
            }
            if buf.last() == Some(&b'\n') {
                buf.pop();
            }
            let line = String::from_utf8_lossy(&buf);
            if let Some(response) = self.handle_line(&line) {
                output.write_all(response.as_bytes())?;
                output.flush()?;
            }
            if self.quit {
                return Ok(());
            }
        }
    }

    /// Carries out one command.
    pub fn execute(&mut self, cmd: &Command) -> Response {
        let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
        match cmd.name.as_str() {
            "protocol_version" => Response::text("2"),
            "name" => Response::text(self.name.clone()),
            "version" => Response::text(self.version.clone()),
            "known_command" => match args.as_slice() {
                [name] => Response::text(if COMMANDS.contains(name) {
                    "true"
                } else {
                    "false"
                }),
                _ => syntax("known_command takes a command name"),
            },
            "list_commands" => Response::text(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Response::ok()
            }
            "boardsize" => self.cmd_boardsize(&args),
            "clear_board" => {
                self.clear();
                Response::ok()
            }
            "komi" => match args.as_slice() {
                [k] => match k.parse::<f64>().map(|k| self.set_komi(k)) {
                    Ok(Ok(())) => Response::ok(),
                    Ok(Err(e)) => syntax(e),
                    Err(_) => syntax("komi must be a number"),
                },
                _ => syntax("komi takes one number"),
            },
            "play" => self.cmd_play(&args),
            "genmove" | "kgs-genmove_cleanup" => self.cmd_genmove(&args, true),
            "reg_genmove" => self.cmd_genmove(&args, false),
            "undo" => {
                if self.undo() {
                    Response::ok()
                } else {
                    Response::fail("cannot undo")
                }
            }
            "showboard" => Response::text(format!("\n{}", self.diagram())),
            "final_score" => match self.score() {
                Ok(s) if s.is_settled() => Response::text(gtp_result(&s)),
                Ok(s) => Response::fail(format!("cannot score: {}", unsettled_words(&s))),
                Err(e) => Response::fail(format!("cannot score: {e}")),
            },
            "final_status_list" => self.cmd_final_status_list(&args),
            "fixed_handicap" | "place_free_handicap" => self.cmd_fixed_handicap(&args),
            "set_free_handicap" => self.cmd_set_free_handicap(&args),
            "loadsgf" => self.cmd_loadsgf(&args),
            "printsgf" => self.cmd_printsgf(&args),
            "is_legal" => match self.color_and_move(&args) {
                Ok((c, mv)) => Response::text(if self.check(c, mv).is_none() {
                    "1"
                } else {
                    "0"
                }),
                Err(Some(())) => Response::text("0"),
                Err(None) => syntax("is_legal takes a color and a vertex"),
            },
            "time_settings" => match args.as_slice() {
                [a, b, c] if [a, b, c].iter().all(|s| s.parse::<u64>().is_ok()) => Response::ok(),
                _ => syntax("time_settings takes three integers"),
            },
            "time_left" => match args.as_slice() {
                [c, t, s]
                    if parse_color(c).is_some()
                        && t.parse::<f64>().is_ok()
                        && s.parse::<u64>().is_ok() =>
                {
                    Response::ok()
                }
                _ => syntax("time_left takes a color and two numbers"),
            },
            "kgs-rules" => match args.as_slice() {
                [name] if !KGS_RULES.contains(name) => Response::fail(format!(
                    "unknown rules: {name} (KGS names {})",
                    KGS_RULES.join(", ")
                )),
                [name] => match self.set_rules(name, RulesNaming::Kgs) {
                    Ok(_) => Response::ok(),
                    Err(e) => Response::fail(format!("unknown rules: {e}")),
                },
                _ => syntax("kgs-rules takes one rules name"),
            },
            "kgs-game_over" => Response::ok(),
            "gogui-analyze_commands" => Response::text(
                [
                    "string/gorules: rules/gorules-rules",
                    "string/gorules: score breakdown/gorules-score",
                    "string/gorules: prohibited points/gorules-prohibited %c",
                    "string/gorules: cycles (Pauli)/gorules-cycles",
                    "string/gorules: dead stones/gorules-dead",
                ]
                .join("\n"),
            ),
            "gorules-rules" => {
                if !args.is_empty() {
                    if let Err(e) = self.set_rules(&args.join(" "), RulesNaming::Gorules) {
                        return Response::fail(e);
                    }
                }
                Response::text(format!(
                    "{}\n{}\n{}",
                    self.ruleset.id(),
                    self.ruleset.describe(),
                    self.rules_how
                ))
            }
            "gorules-explain_move" => match self.color_and_move(&args) {
                Ok((c, mv)) => match self.check(c, mv) {
                    None => Response::text("legal"),
                    Some(i) => Response::text(format!("illegal {}: {}", i.reason, i.rule)),
                },
                Err(Some(_)) => Response::text("illegal off-board: the vertex is not on the board"),
                Err(None) => syntax("gorules-explain_move takes a color and a vertex"),
            },
            "gorules-prohibited" => self.cmd_prohibited(&args),
            "gorules-cycles" => self.cmd_cycles(),
            "gorules-remove_cycle" => self.cmd_remove_cycle(&args),
            "gorules-dead" => self.cmd_dead(&args),
            "gorules-score" => match self.score() {
                Ok(s) => Response::text(score_lines(&s)),
                Err(e) => Response::fail(format!("cannot score: {e}")),
            },
            _ => Response::fail("unknown command"),
        }
    }

    fn cmd_boardsize(&mut self, args: &[&str]) -> Response {
        match args {
            [n] => match n.parse::<usize>() {
                Ok(n) => match self.set_board_size(n) {
                    Ok(()) => Response::ok(),
                    Err(_) => Response::fail(format!(
                        "unacceptable size: {n} (GTP boards are 1x1 to 25x25)"
                    )),
                },
                Err(_) => syntax("boardsize takes an integer"),
            },
            _ => syntax("boardsize takes one integer"),
        }
    }

    /// A colour and a move. `Err(Some(()))` for a well-formed vertex off the board,
    /// `Err(None)` for a syntax error.
    fn color_and_move(&self, args: &[&str]) -> Result<(Color, Move), Option<()>> {
        let [c, v] = args else {
            return Err(None);
        };
        let color = parse_color(c).ok_or(None)?;
        match parse_move(&self.topo, v) {
            Ok(mv) => Ok((color, mv)),
            Err(VertexError::OffBoard) => Err(Some(())),
            Err(VertexError::Syntax) => Err(None),
        }
    }

    fn cmd_play(&mut self, args: &[&str]) -> Response {
        match self.color_and_move(args) {
            Ok((color, mv)) => match self.play(color, mv) {
                Ok(()) => Response::ok(),
                Err(_) => Response::fail("illegal move"),
            },
            Err(Some(())) => Response::fail("illegal move"),
            Err(None) => syntax("play takes a color and a vertex"),
        }
    }

    fn cmd_genmove(&mut self, args: &[&str], play: bool) -> Response {
        let [c] = args else {
            return syntax("genmove takes a color");
        };
        let Some(color) = parse_color(c) else {
            return syntax("invalid color");
        };
        let mv = if play {
            self.genmove(color)
        } else {
            self.choose(color)
        };
        Response::text(format_move(&self.topo, mv))
    }

    fn cmd_final_status_list(&mut self, args: &[&str]) -> Response {
        let status = match args {
            [s] => match s.to_ascii_lowercase().as_str() {
                "alive" => Status::Alive,
                "dead" => Status::Dead,
                "seki" => Status::Seki,
                _ => return syntax("the status is alive, dead or seki"),
            },
            _ => return syntax("final_status_list takes a status"),
        };
        match self.final_status(status) {
            Ok(chains) => Response::text(
                chains
                    .iter()
                    .map(|c| self.vertices(c))
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            Err(e) => Response::fail(format!("cannot score: {e}")),
        }
    }

    fn cmd_fixed_handicap(&mut self, args: &[&str]) -> Response {
        let [n] = args else {
            return syntax("takes a number of stones");
        };
        let Ok(n) = n.parse::<usize>() else {
            return syntax("the number of stones is an integer");
        };
        let Some(stones) = handicap::fixed(&self.topo, n) else {
            return Response::fail("invalid number of stones");
        };
        match self.place_handicap(&stones) {
            Ok(()) => Response::text(self.vertices(&stones)),
            Err(e) => Response::fail(e),
        }
    }

    fn cmd_set_free_handicap(&mut self, args: &[&str]) -> Response {
        let mut stones = Vec::new();
        for a in args {
            match vertex::parse_vertex(&self.topo, a) {
                Ok(p) => stones.push(p),
                Err(_) => return syntax(format!("bad vertex list: {a}")),
            }
        }
        match self.place_handicap(&stones) {
            Ok(()) => Response::ok(),
            Err(e) => Response::fail(e),
        }
    }

    fn cmd_loadsgf(&mut self, args: &[&str]) -> Response {
        let (path, until) = match args {
            [path] => (*path, None),
            [path, n] => match n.parse::<usize>() {
                Ok(n) => (*path, Some(n)),
                Err(_) => return syntax("the move number is an integer"),
            },
            _ => return syntax("loadsgf takes a file name and an optional move number"),
        };
        let bytes = match read_record_file(path) {
            Ok(b) => b,
            Err(e) => return Response::fail(format!("cannot load file: {e}")),
        };
        match self.load_sgf(&bytes, until) {
            Ok(()) => Response::ok(),
            Err(e) => Response::fail(format!("cannot load file: {e}")),
        }
    }

    fn cmd_printsgf(&mut self, args: &[&str]) -> Response {
        let options = WriteOptions {
            application: Some(format!("{}:{}", self.name, self.version)),
            game_comment: None,
        };
        let sgf = match write_sgf(&self.record(), &options) {
            Ok(s) => s,
            Err(e) => return Response::fail(e.to_string()),
        };
        match args {
            [] => Response::text(sgf.trim_end().to_owned()),
            [path] => match std::fs::write(path, sgf) {
                Ok(()) => Response::ok(),
                Err(e) => Response::fail(format!("cannot write file: {e}")),
            },
            _ => syntax("printsgf takes an optional file name"),
        }
    }

    fn cmd_prohibited(&mut self, args: &[&str]) -> Response {
        let color = match args {
            [] => self.state().to_move(),
            [c] => match parse_color(c) {
                Some(c) => c,
                None => return syntax("invalid color"),
            },
            _ => return syntax("gorules-prohibited takes an optional color"),
        };
        let mut lines = Vec::new();
        for p in self.topo.points() {
            if !self.board().is_empty_at(p) {
                continue;
            }
            if let Some(i) = self.check(color, Move::Place(p)) {
                lines.push(format!("{} {}", vertex::vertex(&self.topo, p), i.reason));
            }
        }
        Response::text(lines.join("\n"))
    }

    fn cmd_cycles(&mut self) -> Response {
        let Some(game) = pauli::PauliGame::from_state(self.state()) else {
            return Response::fail(format!(
                "{} has no cycles to remove (only pauli does)",
                self.ruleset.id()
            ));
        };
        let lines: Vec<String> = game
            .cycles()
            .iter()
            .map(|c| {
                format!(
                    "{} {} used {} gains black {} white {}",
                    c.start,
                    if c.disturbing {
                        "disturbing"
                    } else {
                        "not-disturbing"
                    },
                    self.vertices(&c.used),
                    c.gains.black,
                    c.gains.white
                )
            })
            .collect();
        Response::text(lines.join("\n"))
    }

    fn cmd_remove_cycle(&mut self, args: &[&str]) -> Response {
        let [start] = args else {
            return syntax("gorules-remove_cycle takes the cycle's start (turns played)");
        };
        let Ok(start) = start.parse::<u32>() else {
            return syntax("the cycle's start is an integer");
        };
        let color = self.state().to_move();
        let turn = Turn {
            color,
            pre: Some(PreAction::RemoveCycle { start }),
            mv: Move::Pass,
        };
        match self.state().check(&turn) {
            Ok(()) => {
                self.pending_removal = Some((color, start));
                Response::ok()
            }
            Err(i) => Response::fail(format!("cannot remove: {}: {}", i.reason, i.rule)),
        }
    }

    fn cmd_dead(&mut self, args: &[&str]) -> Response {
        match args {
            [] => {
                let dead = self.dead.clone().unwrap_or_default();
                let board = self.board();
                let mut seen = vec![false; board.len()];
                let mut lines = Vec::new();
                for &p in &dead {
                    if seen[p.index()] {
                        continue;
                    }
                    let mut chain: Vec<Point> = board.chain(p).collect();
                    chain.sort_unstable();
                    for s in &chain {
                        seen[s.index()] = true;
                    }
                    lines.push(self.vertices(&chain));
                }
                Response::text(lines.join("\n"))
            }
            [none] if none.eq_ignore_ascii_case("none") => {
                self.dead = None;
                Response::ok()
            }
            _ => {
                let mut pts = Vec::new();
                for a in args {
                    match vertex::parse_vertex(&self.topo, a) {
                        Ok(p) => pts.push(p),
                        Err(_) => return syntax(format!("bad vertex list: {a}")),
                    }
                }
                match self.set_dead(&pts) {
                    Ok(()) => Response::ok(),
                    Err(e) => Response::fail(e),
                }
            }
        }
    }

    // ----- helpers -----

    fn pre_for(&self, color: Color) -> Option<PreAction> {
        match self.pending_removal {
            Some((c, start)) if c == color => Some(PreAction::RemoveCycle { start }),
            _ => None,
        }
    }

    fn start_state(&self, ruleset: &dyn Ruleset) -> Box<dyn GameState> {
        start_state(ruleset, &self.topo, &self.start_setup, self.start_to_move)
    }

    fn replay_under(&self, ruleset: &dyn Ruleset) -> Result<Box<dyn GameState>, String> {
        replay_steps(
            ruleset,
            &self.topo,
            &self.start_setup,
            self.start_to_move,
            &self.steps,
        )
        .map_err(|e| {
            format!(
                "cannot change the rules: {}",
                e.describe(&self.topo, ruleset.id())
            )
        })
    }

    fn vertices(&self, points: &[Point]) -> String {
        points
            .iter()
            .map(|&p| vertex::vertex(&self.topo, p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The board as text, with the game's facts beside it.
    fn diagram(&self) -> String {
        let board = self.board();
        let (w, h) = self.topo.grid_size().expect("GTP boards are grids");
        let letters: String = vertex::COLUMNS[..w]
            .iter()
            .map(|&c| format!(" {}", c as char))
            .collect();
        let state = self.state();
        let tally = state.tally();
        let mut facts = vec![
            format!("rules: {}", self.ruleset.id()),
            format!("komi: {}", points(self.komi())),
            format!("to move: {}", color_name(state.to_move())),
            format!("moves: {}", tally.turns),
            format!(
                "captures: black {}, white {}",
                tally.captures.black, tally.captures.white
            ),
        ];
        if self.handicap > 0 {
            facts.push(format!("handicap: {}", self.handicap));
        }
        if state.is_over() {
            facts.push("the game is over".to_owned());
        }
        let last = self.steps.iter().rev().find_map(|s| match s {
            Step::Turn(t) => Some(*t),
            _ => None,
        });
        if let Some(t) = last {
            facts.push(format!(
                "last move: {} {}",
                color_name(t.color),
                format_move(&self.topo, t.mv)
            ));
        }
        let mut out = String::new();
        let _ = writeln!(out, "  {letters}");
        for y in 0..h {
            let row = h - y;
            let _ = write!(out, "{row:>2}");
            for x in 0..w {
                let p = self.topo.at(x, y).expect("on the grid");
                out.push(' ');
                out.push(match board.get(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            match facts.get(y) {
                Some(f) => {
                    let _ = write!(out, " {row:<2}    {f}");
                }
                None => {
                    let _ = write!(out, " {row}");
                }
            }
            out.push('\n');
        }
        let _ = write!(out, "  {letters}");
        for f in facts.iter().skip(h) {
            let _ = write!(out, "\n    {f}");
        }
        out
    }
}

/// A failure that names a syntax error.
fn syntax(detail: impl std::fmt::Display) -> Response {
    Response::Failure(format!("syntax error: {detail}"))
}

/// GTP's form of a result: `B+3.5`, `W+12`, `0` for a draw.
#[must_use]
pub fn gtp_result(s: &ScoreBreakdown) -> String {
    match s.winner {
        Winner::Draw => "0".to_owned(),
        _ => s.result(),
    }
}

/// Why a count that rests on undecided points is no score (`final_score` fails with it):
/// how many points the assessment left open, the count as they stand, and what deciding them
/// could give.
fn unsettled_words(s: &ScoreBreakdown) -> String {
    let mut w = format!(
        "{} point(s) left undecided by the dead-stone assessment (as they stand: {})",
        s.undecided,
        gtp_result(s)
    );
    if let Some(r) = &s.undecided_range {
        let _ = write!(w, "; deciding them gives {}", r.describe_with_winner());
    }
    w
}

/// The lines of `gorules-score`.
fn score_lines(s: &ScoreBreakdown) -> String {
    let side = |name: &str, x: &rules_core::SideScore| {
        format!(
            "{name}: {} = stones {} + territory {} + shared {}/2 + dead {} + captures {} + komi {}",
            points(x.total),
            x.stones,
            x.territory,
            x.shared,
            x.dead,
            x.captures,
            points(x.komi)
        )
    };
    let mut lines = vec![
        format!(
            "{} ({:?}, assessment {})",
            gtp_result(s),
            s.method,
            s.assessment
        ),
        side("black", &s.black),
        side("white", &s.white),
    ];
    lines.extend(s.undecided_note());
    lines.extend(s.notes.iter().cloned());
    lines.join("\n")
}

/// The state at the start: the setup on an empty board, `to_move` to play.
fn start_state(
    ruleset: &dyn Ruleset,
    topo: &Arc<Topology>,
    setup: &[(Point, Option<Color>)],
    to_move: Color,
) -> Box<dyn GameState> {
    let mut board = Board::new(topo.clone());
    board.setup(setup);
    ruleset.start(&StartPosition {
        board,
        to_move,
        initial_prohibited: Vec::new(),
    })
}

/// A step the ruleset refused while replaying.
struct ReplayError {
    turn_number: usize,
    turn: Turn,
    illegal: Illegal,
}

impl ReplayError {
    fn describe(&self, topo: &Topology, ruleset: &str) -> String {
        format!(
            "move {} ({} {}) is illegal under {ruleset}: {}",
            self.turn_number,
            color_name(self.turn.color),
            format_move(topo, self.turn.mv),
            self.illegal
        )
    }
}

/// The state after `steps`, from the start.
fn replay_steps(
    ruleset: &dyn Ruleset,
    topo: &Arc<Topology>,
    setup: &[(Point, Option<Color>)],
    to_move: Color,
    steps: &[Step],
) -> Result<Box<dyn GameState>, ReplayError> {
    let mut state = start_state(ruleset, topo, setup, to_move);
    let mut turn_number = 0;
    for step in steps {
        match step {
            Step::Turn(turn) => {
                turn_number += 1;
                state.play(turn).map_err(|illegal| ReplayError {
                    turn_number,
                    turn: *turn,
                    illegal,
                })?;
                state.take_events();
            }
            Step::Edit(e) => state.edit(e),
            Step::SetPlayer(c) => state.set_to_move(*c),
        }
    }
    Ok(state)
}
