//! Generated documentation: shell completions, the man page, the JSON schemas of the output
//! formats, and the command-line reference (docs/cli.md). The tests in
//! `tests/it/cli_docs.rs` and `tests/it/schema.rs` fail when the files under docs/ are stale;
//! `UPDATE_DOCS=1 cargo test -p gorules --test it docs` rewrites them.

use crate::cli::{CompletionsArgs, ManArgs, SchemaArgs, SchemaOf};
use crate::status::Status;
use anyhow::Result;
use clap::CommandFactory;
use std::io::{self, Write};

/// `gorules completions SHELL`.
pub fn completions(args: &CompletionsArgs) -> Result<Status> {
    let mut cmd = crate::cli::Cli::command();
    let mut out = io::stdout().lock();
    clap_complete::generate(args.shell, &mut cmd, "gorules", &mut out);
    out.flush()?;
    Ok(Status::Clean)
}

/// `gorules man [COMMAND]`: a man page, in roff.
pub fn man(args: &ManArgs) -> Result<Status> {
    let cmd = crate::cli::Cli::command();
    let page = match &args.command {
        None => cmd,
        Some(name) => {
            let Some(sub) = cmd.find_subcommand(name) else {
                anyhow::bail!(
                    "no command {name:?}; known: {}",
                    cmd.get_subcommands()
                        .filter(|c| !c.is_hide_set())
                        .map(|c| c.get_name().to_owned())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            };
            let version = cmd.get_version().unwrap_or_default().to_owned();
            sub.clone()
                .name(format!("gorules-{name}"))
                .bin_name(format!("gorules {name}"))
                .version(version)
        }
    };
    let mut out = io::stdout().lock();
    clap_mangen::Man::new(page).render(&mut out)?;
    out.flush()?;
    Ok(Status::Clean)
}

/// `gorules schema OUTPUT`.
pub fn schema(args: &SchemaArgs) -> Result<Status> {
    let mut out = io::stdout().lock();
    writeln!(out, "{}", schema_text(args.output))?;
    Ok(Status::Clean)
}

/// The JSON schema of an output, pretty-printed.
pub fn schema_text(of: SchemaOf) -> String {
    report::schema::text(of)
}

/// `gorules cli-reference` (hidden): docs/cli.md.
pub fn cli_reference() -> Result<Status> {
    let mut out = io::stdout().lock();
    out.write_all(cli_markdown().as_bytes())?;
    Ok(Status::Clean)
}

/// The command-line reference in Markdown, generated from the clap definitions.
pub fn cli_markdown() -> String {
    let mut cmd = crate::cli::Cli::command();
    // Resolve every argument's settings (value counts, defaults) for introspection.
    cmd.build();
    let mut s = String::new();
    s.push_str("# Command-line reference\n\n");
    s.push_str(
        "<!-- Generated from the clap definitions by `gorules cli-reference`; do not edit.\n     \
         Regenerate: UPDATE_DOCS=1 cargo test -p gorules --test it docs -->\n\n",
    );
    if let Some(about) = cmd.get_about() {
        s.push_str(&format!("{about}\n\n"));
    }
    s.push_str("```\ngorules <COMMAND>\n```\n\n");
    s.push_str("| command | what it does |\n|---|---|\n");
    for sub in cmd.get_subcommands().filter(|c| shown(c)) {
        s.push_str(&format!(
            "| [`{0}`](#gorules-{0}) | {1} |\n",
            sub.get_name(),
            sub.get_about().map(ToString::to_string).unwrap_or_default()
        ));
    }
    s.push('\n');
    for sub in cmd.get_subcommands().filter(|c| shown(c)) {
        command_section(&mut s, sub);
    }
    s
}

fn command_section(s: &mut String, cmd: &clap::Command) {
    let name = cmd.get_name();
    s.push_str(&format!("## gorules {name}\n\n"));
    if let Some(about) = cmd.get_long_about().or(cmd.get_about()) {
        s.push_str(&format!("{about}\n\n"));
    }
    let mut usage = cmd.clone().bin_name(format!("gorules {name}"));
    s.push_str(&format!(
        "```\n{}\n```\n\n",
        usage
            .render_usage()
            .to_string()
            .trim_start_matches("Usage: ")
    ));
    let positionals: Vec<&clap::Arg> = cmd
        .get_arguments()
        .filter(|a| a.is_positional() && !a.is_hide_set())
        .collect();
    if !positionals.is_empty() {
        s.push_str("Arguments:\n\n");
        for a in positionals {
            let names = a
                .get_value_names()
                .map(|v| {
                    v.iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_else(|| a.get_id().to_string().to_uppercase());
            s.push_str(&format!(
                "- `{names}`{}: {}\n",
                if a.get_num_args().is_some_and(|n| n.max_values() > 1) {
                    "…"
                } else {
                    ""
                },
                help_of(a)
            ));
            values_of(s, a);
        }
        s.push('\n');
    }
    let options: Vec<&clap::Arg> = cmd
        .get_arguments()
        .filter(|a| !a.is_positional() && !a.is_hide_set())
        .collect();
    if !options.is_empty() {
        s.push_str("Options:\n\n");
        for a in options {
            let mut flag = String::new();
            if let Some(short) = a.get_short() {
                flag.push_str(&format!("-{short}, "));
            }
            if let Some(long) = a.get_long() {
                flag.push_str(&format!("--{long}"));
            }
            // After `build`, flags (`SetTrue`, `Count`, help, version) take no value.
            let takes_value = a.get_num_args().is_some_and(|n| n.takes_values());
            if takes_value {
                let v = a
                    .get_value_names()
                    .and_then(|v| v.first().map(ToString::to_string))
                    .unwrap_or_else(|| a.get_id().to_string().to_uppercase());
                flag.push_str(&format!(" <{v}>"));
            }
            let help = sentence(help_of(a));
            let mut line = format!("- `{flag}`: {help}");
            let defaults: Vec<String> = a
                .get_default_values()
                .iter()
                .map(|v| v.to_string_lossy().into_owned())
                .collect();
            if !defaults.is_empty() && takes_value {
                line.push_str(&format!(" Default: `{}`.", defaults.join(",")));
            }
            s.push_str(&line);
            s.push('\n');
            values_of(s, a);
        }
        s.push('\n');
    }
    for sub in cmd.get_subcommands().filter(|c| shown(c)) {
        command_section(s, sub);
    }
}

/// Subcommands worth a section: not hidden, and not clap's own `help`.
fn shown(c: &clap::Command) -> bool {
    !c.is_hide_set() && c.get_name() != "help"
}

/// A help text as a sentence: with a full stop unless it has its own (clap drops the full
/// stop of a one-line doc comment, and keeps a long help's). Empty stays empty.
fn sentence(mut help: String) -> String {
    if !help.is_empty() && !help.ends_with(['.', '!', '?']) {
        help.push('.');
    }
    help
}

fn help_of(a: &clap::Arg) -> String {
    a.get_long_help()
        .or(a.get_help())
        .map(|h| h.to_string().replace('\n', " "))
        .unwrap_or_default()
}

fn values_of(s: &mut String, a: &clap::Arg) {
    let values: Vec<_> = a
        .get_possible_values()
        .into_iter()
        .filter(|v| !v.is_hide_set())
        .collect();
    if values.is_empty() || a.get_action().takes_values() && values.len() > 12 {
        return;
    }
    if matches!(
        a.get_action(),
        clap::ArgAction::SetTrue | clap::ArgAction::SetFalse
    ) {
        return;
    }
    for v in values {
        s.push_str(&format!(
            "  - `{}`{}\n",
            v.get_name(),
            v.get_help().map(|h| format!(": {h}")).unwrap_or_default()
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_help_text_ends_as_a_sentence_once() {
        assert_eq!(sentence("Output format".to_owned()), "Output format.");
        for whole in ["Ends here.", "Is it?", "Stop!", ""] {
            assert_eq!(sentence(whole.to_owned()), whole);
        }
    }

    #[test]
    fn an_options_values_are_listed_up_to_twelve() {
        let listed = |n: usize| -> usize {
            let names: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
            let arg = clap::Arg::new("x")
                .long("x")
                .value_parser(clap::builder::PossibleValuesParser::new(names));
            let mut s = String::new();
            values_of(&mut s, &arg);
            s.lines().filter(|l| l.starts_with("  - `v")).count()
        };
        assert_eq!(listed(12), 12);
        assert_eq!(listed(1), 1);
        assert_eq!(listed(13), 0, "too many to list");
    }
}
