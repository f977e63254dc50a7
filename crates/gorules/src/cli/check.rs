//! The arguments of `gorules check`.

use super::RuleArgs;
use clap::{Args, ValueEnum};
use game_sources::{Limits, Shard};

/// `gorules check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// What to check: SGF files, directories (walked recursively, sorted; .sgf files and
    /// archives are read, other files are counted as skipped), glob patterns (`'games/**/*.sgf'`),
    /// archives (.zip, .tar, .tar.gz, .tgz: members read in place), or `-` for SGF on
    /// standard input. A .json file named explicitly is a graph-board game.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<String>,

    #[command(flatten)]
    pub rules: RuleArgs,

    /// Output format: `table` (a summary for people, with one line per problem), `json` (one
    /// document: the replay JSON plus a summary), `jsonl` (one record per game, per error, per
    /// skipped file, then a summary; docs/json.md).
    #[arg(long, short = 'f', value_enum, default_value_t = CheckFormat::Table)]
    pub format: CheckFormat,

    /// Check only shard K of N (1 <= K <= N): the inputs are split by the hash of their names,
    /// so N jobs running the same command with 1/N … N/N check everything exactly once
    /// (docs/ci.md).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,

    /// Worker threads. Default: the number of CPUs. The output does not depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// No progress bar, and in the table format no line per problem: only the summary.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// Which findings make the run fail, comma-separated: `forbidden` (a ruleset forbids a
    /// move; exit 1), `mismatch` (a count differs from the recorded result; exit 1),
    /// `undecided` (a count leaves points undecided; exit 1), `uncertain` (a count rests on
    /// an estimate whose confidence is below 0.5; exit 1), `parse-error` (a file or game
    /// cannot be parsed; exit 2). Unreadable input (I/O, damaged archives, limits) always
    /// gives exit 2.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "forbidden,mismatch,parse-error",
        value_name = "LIST"
    )]
    pub fail_on: Vec<FailOn>,

    /// Exit 0 whatever was found or could not be read (bad usage still exits 2): for a report
    /// that must not fail the CI step.
    #[arg(long)]
    pub exit_zero: bool,

    /// Largest record (a file or an archive member, uncompressed), in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_record_bytes)]
    pub max_record_bytes: u64,

    /// Most members read from one archive.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_members)]
    pub max_archive_members: u64,

    /// Most bytes decompressed from one archive (zip bombs stop here).
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_archive_bytes)]
    pub max_archive_bytes: u64,

    /// Also draw, for every game with a finding, the counted position under each ruleset
    /// concerned (a forbidden move, a count that differs from the recorded result, and with
    /// `--fail-on undecided` undecided points) as an SVG in this directory (`<file stem>-<name hash>-g<game>-<ruleset>.svg`, as `gorules show`
    /// draws it).
    #[arg(long, value_name = "DIR")]
    pub pictures: Option<std::path::PathBuf>,

    /// Also count by folder: the summary (table and JSON `summary.folders`) gets the same
    /// figures for each folder below a directory named on the command line, by its first
    /// DEPTH folders (`--by-folder` is 1, `--by-folder=2` two; an archive counts as a
    /// folder). For a corpus of one folder per source, a line per source.
    #[arg(
        long,
        value_name = "DEPTH",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "1",
        value_parser = clap::value_parser!(u32).range(1..)
    )]
    pub by_folder: Option<u32>,
}

/// `--format` of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// A summary for people, with one line per problem.
    Table,
    /// One JSON document: `{gorules, schema, files, skipped, summary}`.
    Json,
    /// JSON Lines: one record per game, error and skipped file, then the summary.
    Jsonl,
}

/// `--fail-on` findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// A ruleset forbids a move of the record.
    Forbidden,
    /// A ruleset's count differs from the recorded result, whatever its undecided points
    /// turn out to be.
    Mismatch,
    /// A ruleset's count leaves points undecided (and so, perhaps, the comparison with the
    /// recorded result).
    Undecided,
    /// A ruleset's count rests on an estimate less sure than
    /// `report::check::UNCERTAIN_BELOW` (0.5).
    Uncertain,
    /// A file or game cannot be parsed.
    ParseError,
}

impl FailOn {
    /// The value as written on the command line.
    pub fn name(self) -> &'static str {
        match self {
            FailOn::Forbidden => "forbidden",
            FailOn::Mismatch => "mismatch",
            FailOn::Undecided => "undecided",
            FailOn::Uncertain => "uncertain",
            FailOn::ParseError => "parse-error",
        }
    }
}
