//! Command-line arguments, exactly as clap sees them. Nothing here is checked beyond what
//! clap checks; `config` turns these into a checked configuration.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Replay Go game records under several rulesets side by side: whether every move was legal,
/// who won by how much, and where the rulesets disagree.
#[derive(Debug, Parser)]
#[command(name = "gorules", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay every game of the given records under each ruleset and report legality and score.
    Replay(ReplayArgs),
    /// Be a GTP engine on standard input and output: a referee of any ruleset and a weak
    /// seeded player (docs/gtp.md).
    Gtp(crate::gtp_cmd::GtpArgs),
    /// Play two GTP engines against each other with gorules as referee and write the games
    /// as SGF (docs/gtp.md).
    Play(crate::play_cmd::PlayArgs),
    /// Check many records at once (files, directories, globs, archives) for CI: a summary that
    /// accounts for every input, records for machines, an exit code that means something.
    Check(crate::check_cmd::CheckArgs),
    /// Where and why the rulesets disagree about each game: legality, winner, margin, with an
    /// explanation of the margin that adds up.
    Diff(crate::diff_cmd::DiffArgs),
    /// Print the JSON Schema of an output format.
    Schema(crate::docs_cmd::SchemaArgs),
    /// Print shell completions.
    Completions(crate::docs_cmd::CompletionsArgs),
    /// Print the man page (roff).
    Man(crate::docs_cmd::ManArgs),
    /// Print the command-line reference in Markdown (docs/cli.md).
    #[command(hide = true)]
    CliReference,
    /// Draw one position under one ruleset: ASCII for terminals, SVG for documents.
    Show(crate::show_cmd::ShowArgs),
}

/// `gorules replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// Game records: SGF files, or graph-board games (.json, docs/graph-format.md); `-` reads
    /// SGF from standard input.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub rules: RuleArgs,

    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// Options shared by every command that replays games.
#[derive(Debug, Args, Clone)]
pub struct RuleArgs {
    /// Rulesets, comma-separated: tromp-taylor, logical, chinese, pauli, recorded (the ruleset
    /// nearest to each game's RU) — or `all` (the first four).
    #[arg(long, short = 'r', default_value = "all", value_name = "LIST")]
    pub rules: String,

    /// Dead stones for the rulesets that remove or count them: `markup` (the record's
    /// end-of-game markup), `auto` (decided by Pauli's control test, rules 14–17; points it
    /// cannot decide are reported undecided, never guessed), `none`, or points (`D4,Q16` or
    /// `dd,pd`). Default: the markup when the record has some, else auto for a finished game
    /// (a counted result, or two passes at the end), else none.
    #[arg(long, value_name = "markup|auto|none|POINTS")]
    pub dead: Option<String>,

    /// How much searching the control test (`--dead auto`, `--check-claims`) may do per
    /// position: `quick`, `default` (a few milliseconds per 19×19 position), `thorough` (seconds).
    /// Boards of up to 49 points always get `thorough`; boards of up to 100 points (9×9)
    /// get ten times the position and local nodes of the budget chosen.
    #[arg(long, value_enum, default_value_t = crate::control::BudgetArg::Default)]
    pub control_budget: crate::control::BudgetArg,

    /// Check the claims of the record's end-of-game markup (dead stones, neutral points), or
    /// of the stones `--dead` names, against Pauli's control test (rule 17) and report those a
    /// dispute would overturn (replay only).
    #[arg(long)]
    pub check_claims: bool,

    /// chinese: which repetitions are forbidden.
    #[arg(long, value_enum, default_value_t = SuperkoArg::Positional)]
    pub superko: SuperkoArg,

    /// chinese: whether suicide is forbidden (text 003 makes the ban optional).
    #[arg(long, value_enum, default_value_t = SuicideArg::Forbidden)]
    pub suicide: SuicideArg,

    /// chinese: points given to White per handicap stone.
    #[arg(long, value_enum, default_value_t = CompensationArg::None)]
    pub handicap_compensation: CompensationArg,

    /// chinese: what a move after two passes means: the game is over (`end`), or play resumes
    /// after a dispute (`resume`, text 003: "on dispute the game continues").
    #[arg(long, value_enum, default_value_t = AfterPassesArg::End)]
    pub after_two_passes: AfterPassesArg,

    /// pauli: remove the first disturbing cycle as soon as it appears (rule 3), or never.
    #[arg(long, value_enum, default_value_t = RemoveCyclesArg::Never)]
    pub remove_cycles: RemoveCyclesArg,

    /// Komi for every game, overriding the record's `KM`.
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    pub komi: Option<f64>,

    /// Go on past a forbidden move (flag it, carry it out if the board allows) instead of
    /// stopping there and scoring the position before it.
    #[arg(long)]
    pub play_on: bool,
}

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Tables for people.
    Table,
    /// One JSON document (docs/json.md).
    Json,
}

/// `--superko`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SuperkoArg {
    /// No earlier board may recur.
    Positional,
    /// No earlier board may recur with the same player to move.
    Situational,
}

/// `--suicide`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SuicideArg {
    /// Suicide of one or many stones is forbidden (text 004 禁着点).
    Forbidden,
    /// Suicide is a legal move that removes one's own stones.
    Allowed,
}

/// `--handicap-compensation`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CompensationArg {
    /// No compensation.
    None,
    /// One point per handicap stone.
    N,
    /// One point per handicap stone but the first.
    #[value(name = "n-1")]
    NMinus1,
}

/// `--after-two-passes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AfterPassesArg {
    /// The game is over; later moves are forbidden.
    End,
    /// Play resumes (reported as an event).
    Resume,
}

/// `--remove-cycles`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RemoveCyclesArg {
    /// Report disturbing cycles, never remove them.
    Never,
    /// Remove the first disturbing cycle as soon as it appears.
    First,
}
