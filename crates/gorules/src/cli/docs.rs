//! The arguments of `gorules schema`, `completions` and `man`.

use clap::Args;
use clap_complete::Shell;
pub use report::schema::Of as SchemaOf;

/// `gorules completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// `gorules schema`.
#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Which output.
    #[arg(value_enum)]
    pub output: SchemaOf,
}

/// `gorules man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// A subcommand: its own page (`gorules-check(1)`). Default: the main page.
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}
