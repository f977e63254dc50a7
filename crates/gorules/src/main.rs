//! `gorules`: replay Go game records under several rulesets side by side.
//!
//! The binary only turns arguments into a plan, hands it to the pipeline (`analysis`) and
//! the pipeline's facts to `report`: `cli` holds every argument type, `plan` the rule
//! arguments → the pipeline's plan, and one short file per command.

mod check_cmd;
mod cli;
mod diff_cmd;
mod docs_cmd;
mod gtp_cmd;
mod pictures;
mod plan;
mod play_cmd;
mod replay_cmd;
mod show_cmd;
mod status;

use clap::Parser;
use status::Status;
use std::io::{self, Write};
use std::process::ExitCode;

/// mimalloc instead of the system allocator: reading SGF allocates for every property (the
/// `sgf-parse` lexer), and with glibc malloc allocation was a quarter of `check`'s time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version are not errors.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(status) => status.code(),
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            // Errors may quote a file's name or content: no escape sequence reaches the
            // terminal.
            let sanitize = report::table::sanitize;
            let mut err = io::stderr().lock();
            let _ = writeln!(err, "gorules: error: {}", sanitize(&e.to_string()));
            for cause in e.chain().skip(1) {
                let _ = writeln!(err, "  caused by: {}", sanitize(&cause.to_string()));
            }
            Status::Error.code()
        }
    }
}

fn run(cli: cli::Cli) -> anyhow::Result<Status> {
    match cli.command {
        cli::Command::Replay(args) => replay_cmd::run(&args),
        cli::Command::Gtp(args) => gtp_cmd::run(&args),
        cli::Command::Play(args) => play_cmd::run(&args),
        cli::Command::Show(args) => show_cmd::run(&args),
        cli::Command::Check(args) => check_cmd::run(&args),
        cli::Command::Diff(args) => diff_cmd::run(&args),
        cli::Command::Schema(args) => docs_cmd::schema(&args),
        cli::Command::Completions(args) => docs_cmd::completions(&args),
        cli::Command::Man(args) => docs_cmd::man(&args),
        cli::Command::CliReference => docs_cmd::cli_reference(),
    }
}

/// `gorules … | head` is not an error (as ripgrep does).
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}
