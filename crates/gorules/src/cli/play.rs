//! The arguments of `gorules gtp` and `gorules play`.

use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// `gorules gtp`.
#[derive(Debug, Args)]
pub struct GtpArgs {
    /// The rules: a gorules ruleset (tromp-taylor, logical, chinese, pauli), a rules name as
    /// records write it (Japanese, AGA, NZ…), or a KataGo rules string. `gorules-rules` and
    /// `kgs-rules` change them during the session.
    #[arg(long, short = 'r', default_value = "chinese", value_name = "RULES")]
    pub rules: String,

    /// Komi until a `komi` command sets one. Default: the ruleset's.
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    pub komi: Option<f64>,

    /// Seed of genmove's random choices: the same seed and commands give the same moves.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub seed: u64,

    /// Board size until a `boardsize` command sets one.
    #[arg(long, default_value_t = 19, value_name = "N")]
    pub size: usize,

    /// Dead stones for final_score and final_status_list when `gorules-dead` names none:
    /// `estimate` (once the game is over, what Pauli's control test proves and the rest
    /// decided by the built-in estimator, seki told apart; before, the board as it stands),
    /// `proved` (only what the control test proves, at any time: points it leaves undecided
    /// make `final_score` fail when they could move the count, and `final_status_list` lists
    /// their chains nowhere), `none` (the board as it stands).
    #[arg(long, value_enum, default_value_t = DeadArg::Estimate)]
    pub dead: DeadArg,
}

/// `--dead` of `gorules gtp`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DeadArg {
    /// The estimator's, once the game is over (also spelled `auto`, the default).
    #[value(alias = "auto")]
    Estimate,
    /// Only what the control test proves.
    Proved,
    /// No stone is dead unless `gorules-dead` says so.
    None,
}

/// `gorules play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The command that starts the engine playing Black (White in the alternate games with
    /// `--alternate`), e.g. `"gnugo --mode gtp --level 0"`.
    #[arg(long, value_name = "COMMAND")]
    pub black: String,

    /// The command that starts the engine playing White.
    #[arg(long, value_name = "COMMAND")]
    pub white: String,

    /// Board size (GTP: 1 to 25).
    #[arg(long, default_value_t = 19, value_name = "N")]
    pub size: usize,

    /// Komi. Default: the referee ruleset's.
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    pub komi: Option<f64>,

    /// The referee's rules: a gorules ruleset, a rules name or a KataGo rules string, as for
    /// `gorules gtp`. The engines are not told: start them with the same rules.
    #[arg(long, short = 'r', default_value = "chinese", value_name = "RULES")]
    pub rules: String,

    /// Number of games (at least 1).
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,

    /// Swap colours every other game.
    #[arg(long)]
    pub alternate: bool,

    /// Write each game here as `game-001.sgf`, `game-002.sgf`, …
    #[arg(long, value_name = "DIR")]
    pub sgf_dir: Option<PathBuf>,

    /// Stop a game after this many moves (a void game). Default: four times the points of
    /// the board.
    #[arg(long, value_name = "N")]
    pub max_moves: Option<u32>,

    /// Seconds to wait for an engine's answer.
    #[arg(long, default_value_t = 600, value_name = "SECONDS")]
    pub timeout: u64,

    /// Dead stones for the referee's count: `estimate` (what Pauli's control test proves, the
    /// rest decided by the built-in estimator), `proved` (only what the control test proves;
    /// a count that rests on points it leaves undecided is no result: `RE[?]`, with the range
    /// deciding them could give), `black` or `white` (the `final_status_list dead` of the
    /// engine given with --black or --white, whatever colour it played), `none` (the board as
    /// it stands).
    #[arg(long, value_enum, default_value_t = DeadFrom::Estimate)]
    pub dead: DeadFrom,

    /// Before asking the engines' counts, tell those that know `gorules-dead` (gorules
    /// engines) the dead stones the referee counts with, so that they count the same position.
    #[arg(long)]
    pub share_dead: bool,

    /// Output: a line per game for people, or a JSON object per game (JSON Lines).
    #[arg(long, short = 'f', value_enum, default_value_t = PlayFormat::Text)]
    pub format: PlayFormat,

    /// Print every move on standard error.
    #[arg(long, short = 'v')]
    pub verbose: bool,
}

/// `--dead` of `gorules play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DeadFrom {
    /// The estimator's (also spelled `auto`, the default).
    #[value(alias = "auto")]
    Estimate,
    /// Only what the control test proves.
    Proved,
    /// The dead stones of the engine given with --black.
    Black,
    /// The dead stones of the engine given with --white.
    White,
    /// The board as it stands.
    None,
}

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlayFormat {
    /// A line per game and a summary.
    Text,
    /// A JSON object per game (docs/gtp.md lists the fields).
    Json,
}
