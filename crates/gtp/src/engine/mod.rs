//! The engine: a game under one of gorules' rulesets, driven by GTP commands.
//!
//! The engine keeps the start position, every step since (moves, and the setups and
//! player changes a loaded SGF may hold) and the [`GameState`] after each, so `undo` is a
//! pop and a change of rules replays the steps under the new ruleset. Legality is the
//! ruleset's ([`GameState::check`]); the count is the ruleset's too
//! ([`GameState::score`], [`GameState::point_values`]), with the same input `gorules
//! replay` gives it: komi, handicap, and an assessment of the end position — the dead stones
//! set with `gorules-dead`, else those of the engine's [`DeadStones`] (an [`rules_core::Assessor`]'s, the
//! estimator's once the game is over, or none: the board as it stands).

mod commands;
mod dead;
mod kata;
mod replay;
mod sgf;
mod words;

pub use crate::rules::{Rules, RulesDescription, RulesNaming, RulesResolver, registry_resolver};
pub use dead::DeadStones;
pub use words::gtp_result;

use crate::handicap;
use crate::player::{Rng, choose_move};
use crate::protocol::{Command, Response, format_response, parse_command, preprocess};
use crate::vertex::{
    self, MAX_SIZE, VertexError, color_name, format_move, parse_color, parse_move,
};
use replay::{replay_steps, start_state};
use rules_core::{
    Action, Assessment, Board, Color, GameRecord, GameState, Illegal, Komi, Move, Point, PointKind,
    PreAction, RecordStep, RecordedMove, Ruleset, ScoreBreakdown, ScoreError, ScoringInput,
    Topology, Turn, score::points,
};
use sgf_record::{ReadOptions, WriteOptions, read_sgf, write_sgf};
use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::sync::Arc;

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

/// `final_status_list`'s statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Stones counted as they stand.
    Alive,
    /// Stones the count takes as dead.
    Dead,
    /// Stones in seki: the chains the estimator finds in seki ([`DeadStones::Estimate`]);
    /// none from other sources, which do not tell seki apart (their stones are listed as
    /// alive, their points count as the ruleset says).
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
    "kata-set-rules",
    "kata-get-rules",
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
    dead_stones: DeadStones,
    ruleset: Box<dyn Ruleset>,
    rules_text: String,
    rules_how: String,
    /// The rules as KataGo describes them, when KataGo has them (`kata-get-rules`).
    rules_katago: Option<RulesDescription>,
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
            dead_stones: DeadStones::AsItStands,
            ruleset: rules.ruleset,
            rules_text: config.rules,
            rules_how: rules.how,
            rules_katago: rules.katago,
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

    /// Sets where dead stones come from when none were set with `gorules-dead` (at first
    /// [`DeadStones::AsItStands`]).
    pub fn set_dead_stones(&mut self, source: DeadStones) {
        self.dead_stones = source;
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

    /// Chooses a move for `color` and plays it. The player chooses only moves the ruleset
    /// accepts, so only a pass after the end can be refused; a refused move is answered with a
    /// pass, played when the ruleset takes it. Returns the move.
    pub fn genmove(&mut self, color: Color) -> Move {
        let mv = self.choose(color);
        if self.play(color, mv).is_ok() {
            return mv;
        }
        let _ = self.play(color, Move::Pass);
        Move::Pass
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

    /// The assessment the count uses: the dead stones set, else the [`DeadStones`]'.
    #[must_use]
    pub fn assessment(&self) -> Assessment {
        self.judged().assessment
    }

    /// The dead stones set with `gorules-dead`, else what the [`DeadStones`] say.
    fn judged(&self) -> dead::Judged {
        match &self.dead {
            Some(dead) => dead::Judged {
                assessment: Assessment::user_dead(dead.clone()),
                estimate: None,
            },
            None => self.dead_stones.judge(self.state()),
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
        let judged = self.judged();
        let assessment = judged.assessment.clone();
        let values = self.state().point_values(&ScoringInput {
            komi: self.komi(),
            handicap: self.handicap,
            assessment: &assessment,
        })?;
        let board = self.board();
        // A chain the assessment left undecided is neither alive nor dead: it is in no list.
        let undecided = rules_core::score::point_mask(&assessment.undecided, board.len());
        let seki = rules_core::score::point_mask(&judged.seki(), board.len());
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
            let in_seki = chain.iter().any(|s| seki[s.index()]);
            let wanted = match status {
                Status::Alive => !dead && !open && !in_seki,
                Status::Dead => dead,
                Status::Seki => !dead && in_seki,
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
        self.rules_katago = rules.katago;
        self.state = state;
        self.dead = None;
        self.pending_removal = None;
        Ok(&self.rules_how)
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
}
