//! Command-line arguments, exactly as clap sees them: every argument type of every command.
//! Nothing here is checked beyond what clap checks; `plan` turns the rule arguments into the
//! pipeline's checked plan. The rule options are the rule crates' own types (their clap
//! feature), not copies.

mod check;
mod docs;
mod play;
mod show;

pub use check::{CheckArgs, CheckFormat, FailOn};
pub use docs::{CompletionsArgs, ManArgs, SchemaArgs, SchemaOf};
pub use play::{DeadArg, DeadFrom, GtpArgs, PlayArgs, PlayFormat};
pub use show::{ColorArg, PictureFormat, ShowArgs, ThemeArg};

use chinese::{AfterTwoPasses, Compensation, SuicideRule};
use clap::{Args, Parser, Subcommand, ValueEnum};
use pauli::RemovalPolicy;
use pauli_control::Budget;
use rules_core::{KoRule, SuperkoKind};
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
    Gtp(GtpArgs),
    /// Play two GTP engines against each other with gorules as referee and write the games
    /// as SGF (docs/gtp.md).
    Play(PlayArgs),
    /// Check many records at once (files, directories, globs, archives) for CI: a summary that
    /// accounts for every input, records for machines, an exit code that means something.
    Check(CheckArgs),
    /// Where and why the rulesets disagree about each game: legality, winner, margin, with an
    /// explanation of the margin that adds up.
    Diff(DiffArgs),
    /// Print the JSON Schema of an output format.
    Schema(SchemaArgs),
    /// Print shell completions.
    Completions(CompletionsArgs),
    /// Print the man page (roff).
    Man(ManArgs),
    /// Print the command-line reference in Markdown (docs/cli.md).
    #[command(hide = true)]
    CliReference,
    /// Draw one position under one ruleset: ASCII for terminals, SVG for documents.
    Show(ShowArgs),
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
    /// Rulesets, comma-separated: gorules ids (tromp-taylor or tt, logical, chinese, pauli),
    /// `all` (those four), `recorded` (for each game the ruleset nearest to its RU, or to the
    /// rules its server, komi or event point to), rules names as records write them
    /// (japanese, chinese, aga, nz, korean, goe…; docs/rule-names.md) and KataGo rules strings
    /// (koPOSITIONALscoreAREAsui1, presets such as chinese-ogs or aga-button, the JSON form).
    /// Our ids are read first (`chinese` is our chinese). A rules name's komi (KataGo's preset
    /// komi, `komi23` in a string) is used when neither the record nor --komi gives one. Two
    /// entries played by the same ruleset are refused.
    #[arg(long, short = 'r', default_value = "all", value_name = "LIST")]
    pub rules: String,

    /// The rules `--rules recorded` uses for a game whose rules it can neither read (RU) nor
    /// infer (server, komi, event): a gorules id, a rules name or a KataGo rules string, as
    /// in --rules. Without it such a game gets no `recorded` ruleset (counted as "no ruleset"
    /// by check).
    #[arg(long, value_name = "NAME")]
    pub default_rules: Option<String>,

    /// Refuse a record whose setup before the first move (AB, AW, AE) leaves stones without
    /// liberties (error `setup-without-liberties`), as KataGo's strict reading does, instead
    /// of removing them with a note.
    #[arg(long)]
    pub strict_setup: bool,

    /// Dead stones for the rulesets that remove or count them: `markup` (the record's
    /// end-of-game markup), `estimate` (what Pauli's control test proves, rules 14–16, and
    /// the rest decided by the built-in estimator: one count, labelled estimated, with a
    /// confidence), `proved` (only what the control test proves; the rest is left undecided
    /// and the count is a range), `engine` (an outside GTP engine's `final_status_list`,
    /// given with --dead-engine; where the control test proves otherwise the proof is
    /// counted and a finding says so), `none`, or points (`D4,Q16` or `dd,pd`): each named
    /// stone marks its whole chain on the final position, with a note (a named empty point
    /// leaves the count unmade, saying why). Default (`auto`): the markup when the record has
    /// some, else `estimate` for a finished game (a counted result, or two passes at the end),
    /// else none.
    #[arg(long, value_name = "auto|markup|estimate|proved|engine|none|POINTS")]
    pub dead: Option<String>,

    /// The GTP engine for `--dead engine`: its command line (split as a shell would, not run
    /// by one), e.g. "gnugo --mode gtp". Each final position is set up in a fresh engine
    /// stone by stone; a game whose engine fails gets an error naming it with its last lines
    /// on stderr, and a batch goes on.
    #[arg(long, value_name = "COMMAND")]
    pub dead_engine: Option<String>,

    /// The longest the --dead-engine may take over one answer; an engine that takes longer is
    /// ended, and the game gets an error.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub engine_timeout: u64,

    /// How much searching the control test (`--dead proved`, `--check-claims`) may do per
    /// position: `quick`, `default` (a few milliseconds per 19×19 position), `thorough` (seconds).
    /// Boards of up to 49 points always get `thorough`; boards of up to 100 points (9×9)
    /// get ten times the position and local nodes of the budget chosen.
    #[arg(long, value_enum, default_value_t = Budget::Default)]
    pub control_budget: Budget,

    /// Check the claims of the record's end-of-game markup (dead stones, neutral points), or
    /// of the stones `--dead` names, against Pauli's control test (rule 17) and report those a
    /// dispute would overturn (replay only).
    #[arg(long)]
    pub check_claims: bool,

    /// chinese: the ko rule: superko (text 004 rule 6: no repetition), or simple ko for rules
    /// that name it (KataGo's koSIMPLE; only a ko's immediate recapture is forbidden, and any
    /// other repetition ends the game without a result: docs/rules/chinese.md).
    #[arg(long, value_enum, default_value_t = KoRule::Superko)]
    pub ko: KoRule,

    /// chinese: which repetitions are forbidden (under --ko simple: which end the game).
    #[arg(long, value_enum, default_value_t = SuperkoKind::Positional)]
    pub superko: SuperkoKind,

    /// chinese: whether suicide is forbidden (text 003 makes the ban optional).
    #[arg(long, value_enum, default_value_t = SuicideRule::Forbidden)]
    pub suicide: SuicideRule,

    /// chinese: points given to White per handicap stone.
    #[arg(long, value_enum, default_value_t = Compensation::None)]
    pub handicap_compensation: Compensation,

    /// chinese: what a move after two passes means: the game is over (`end`), or play resumes
    /// after a dispute (`resume`, text 003: "on dispute the game continues").
    #[arg(long, value_enum, default_value_t = AfterTwoPasses::End)]
    pub after_two_passes: AfterTwoPasses,

    /// pauli: remove the first disturbing cycle as soon as it appears (rule 3), or never.
    #[arg(long, value_enum, default_value_t = RemovalPolicy::Never)]
    pub remove_cycles: RemovalPolicy,

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

/// `gorules diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// Game records (SGF, or graph-board .json); `-` reads SGF from standard input.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub rules: RuleArgs,

    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t = DiffFormat::Table)]
    pub format: DiffFormat,

    /// Also draw, for every game where the rulesets disagree, the counted position under each
    /// ruleset as an SVG in this directory (`<file stem>-<name hash>-g<game>-<ruleset>.svg`, as `gorules show`
    /// draws it: the count point by point, the first forbidden move marked).
    #[arg(long, value_name = "DIR")]
    pub pictures: Option<PathBuf>,
}

/// `--format` of `diff`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    /// Text for people.
    Table,
    /// One JSON document (docs/json.md, "gorules diff").
    Json,
}
