//! `gorules show`: a picture of one position under one ruleset — ASCII for terminals, SVG for
//! documents — and the helpers other commands use to draw the picture of a finding
//! (`--pictures DIR`).

use crate::cli::RuleArgs;
use crate::config::ReplayConfig;
use crate::input;
use crate::registry;
use crate::status::Status;
use anyhow::{Context, Result, bail};
use board_render::{AsciiOptions, Picture, SvgOptions, Theme};
use clap::{Args, ValueEnum};
use rules_core::{
    Action, Assessment, AssessmentChoice, GameRecord, ReplayOptions, Ruleset, replay,
};
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// `gorules show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A game record: an SGF file, or a graph-board game (.json, docs/graph-format.md).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Which game of the file (game trees counted from 1).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub game: usize,

    /// Show the position after this move (0: the setup before the first move). Default: the
    /// end of the record, with the ruleset's count point by point.
    #[arg(long = "move", value_name = "M")]
    pub at_move: Option<usize>,

    #[command(flatten)]
    pub rules: RuleArgs,

    /// Picture format. Default: svg when --output names a .svg file, else ascii.
    #[arg(long, short = 'f', value_enum)]
    pub format: Option<PictureFormat>,

    /// Write the picture to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "PATH")]
    pub output: Option<PathBuf>,

    /// Number the stones by the move that put them there.
    #[arg(long)]
    pub move_numbers: bool,

    /// SVG board background.
    #[arg(long, value_enum, default_value_t = ThemeArg::Wood)]
    pub theme: ThemeArg,

    /// ANSI colour in the ASCII picture: `auto` colours only a terminal and never when
    /// NO_COLOR is set.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
}

/// `--format` of `show`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PictureFormat {
    /// Text for terminals.
    Ascii,
    /// A scalable picture.
    Svg,
}

/// `--theme`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ThemeArg {
    /// A wood-coloured board.
    Wood,
    /// A white board.
    Plain,
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Colour when writing to a terminal and NO_COLOR is not set.
    Auto,
    /// Always colour (even with NO_COLOR: the command line wins).
    Always,
    /// Never colour.
    Never,
}

/// Whether the ASCII picture gets ANSI colour: `always` and `never` say so; `auto` colours
/// only a terminal, and never when `NO_COLOR` is set to a non-empty value (no-color.org).
#[must_use]
pub fn use_color(choice: ColorArg, to_terminal: bool, no_color: Option<OsString>) -> bool {
    match choice {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => to_terminal && no_color.is_none_or(|v| v.is_empty()),
    }
}

/// Runs `gorules show`.
pub fn run(args: &ShowArgs) -> Result<Status> {
    let config = ReplayConfig::from_args(&args.rules)?;
    let loaded = input::load(&args.file);
    let file = loaded
        .result
        .map_err(|e| anyhow::anyhow!("{}: {} ({})", loaded.name, e.message, e.kind))?;
    let count = file.games.len();
    if args.game == 0 || args.game > count {
        bail!(
            "{}: --game {}: the file has {count} game(s)",
            loaded.name,
            args.game
        );
    }
    let mut record = file
        .games
        .into_iter()
        .nth(args.game - 1)
        .expect("checked above")
        .map_err(|e| {
            anyhow::anyhow!("{} game {}: {} ({})", loaded.name, args.game, e.message, e.kind)
        })?;
    record.rules_counting = registry::declared_counting(&record);
    let total = record.move_count();
    let at = match args.at_move {
        Some(m) if m > total => bail!(
            "--move {m}: game {} of {} has {total} move(s)",
            args.game,
            loaded.name
        ),
        Some(m) => m,
        None => total,
    };
    let end = at == total;
    let plan = config.plan(&record)?;
    let Some(chosen) = plan.rulesets.first() else {
        let why: Vec<String> = plan.warnings.iter().map(|w| w.message.clone()).collect();
        bail!("no ruleset to show: {}", why.join("; "));
    };
    let ruleset = chosen.ruleset();
    // The count is of the end; during the game no assessment applies.
    let assessment = if end {
        plan.assessment.clone()
    } else {
        Assessment::none()
    };
    let cut = cut_after(&record, at);
    let shown = Path::new(&loaded.name)
        .file_name()
        .map_or_else(|| loaded.name.clone(), |n| n.to_string_lossy().into_owned());
    let position = if end {
        format!("the end (move {total})")
    } else {
        format!("after move {at} of {total}")
    };
    let title = format!("{shown}, game {}, {}: {position}", args.game, ruleset.id());
    let mut picture = picture_of(&cut, ruleset, &config.replay, &assessment, title);
    if !end {
        picture.overlay = None;
        picture.notes.clear();
        picture
            .notes
            .push("a position during the game: no count is shown".to_owned());
    }
    if let Some(line) = record_line(&record) {
        picture.notes.insert(0, line);
    }

    let format = args.format.unwrap_or_else(|| {
        match args
            .output
            .as_deref()
            .and_then(Path::extension)
            .map(|e| e.eq_ignore_ascii_case("svg"))
        {
            Some(true) => PictureFormat::Svg,
            _ => PictureFormat::Ascii,
        }
    });
    let text = match format {
        PictureFormat::Ascii => {
            let to_terminal = args.output.is_none() && io::stdout().is_terminal();
            let opts = AsciiOptions {
                color: use_color(args.color, to_terminal, std::env::var_os("NO_COLOR")),
                move_numbers: args.move_numbers,
                legend: true,
            };
            board_render::ascii(&picture, &opts)?
        }
        PictureFormat::Svg => board_render::svg(&picture, &svg_options(args))?,
    };
    match &args.output {
        Some(path) => std::fs::write(path, &text)
            .with_context(|| format!("writing {}", path.display()))?,
        None => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(Status::Clean)
}

fn svg_options(args: &ShowArgs) -> SvgOptions {
    SvgOptions {
        theme: match args.theme {
            ThemeArg::Wood => Theme::Wood,
            ThemeArg::Plain => Theme::Plain,
        },
        move_numbers: args.move_numbers,
        ..SvgOptions::default()
    }
}

/// The record cut after its `at`-th move (setup and player changes before it kept).
#[must_use]
pub fn cut_after(record: &GameRecord, at: usize) -> GameRecord {
    let mut cut = record.clone();
    let mut moves = 0;
    let keep = record
        .actions
        .iter()
        .position(|a| {
            if matches!(a, Action::Move { .. }) {
                if moves == at {
                    return true;
                }
                moves += 1;
            }
            false
        })
        .unwrap_or(record.actions.len());
    cut.actions.truncate(keep);
    cut
}

/// The players, recorded result and declared rules, in one line, when the record has any.
fn record_line(record: &GameRecord) -> Option<String> {
    let player = |name: &Option<String>, rank: &Option<String>| match (name, rank) {
        (Some(n), Some(r)) => Some(format!("{n} ({r})")),
        (Some(n), None) => Some(n.clone()),
        _ => None,
    };
    let mut parts = Vec::new();
    if let Some(b) = player(&record.info.black, &record.info.black_rank) {
        parts.push(format!("Black {b}"));
    }
    if let Some(w) = player(&record.info.white, &record.info.white_rank) {
        parts.push(format!("White {w}"));
    }
    if let Some(ru) = &record.rules {
        parts.push(format!("rules {ru}"));
    }
    if let Some(k) = &record.komi {
        parts.push(format!("komi {}", k.raw));
    }
    if let Some(r) = &record.result {
        parts.push(format!("recorded result {}", r.raw));
    }
    (!parts.is_empty()).then(|| format!("Record: {}", parts.join(", ")))
}

/// The picture of `record` replayed under `ruleset`: the final position with the last move,
/// the first forbidden move, captures and the ruleset's count point by point. For reports
/// that draw each finding (`--pictures DIR`).
#[must_use]
pub fn picture_of(
    record: &GameRecord,
    ruleset: &dyn Ruleset,
    options: &ReplayOptions,
    assessment: &Assessment,
    title: String,
) -> Picture {
    let done = replay(record, ruleset, options, AssessmentChoice::Given(assessment));
    let mut picture = Picture::from_replay(record, &done);
    picture.title = Some(title);
    picture
}

/// A file name for the picture of one game under one ruleset: `<file stem>-g<game>-<ruleset>.svg`,
/// with anything but letters, digits, `-`, `_` and `.` replaced by `_`.
#[must_use]
pub fn picture_file_name(file: &str, game: u32, ruleset: &str) -> String {
    let stem = Path::new(file)
        .file_stem()
        .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned());
    let raw = format!("{stem}-g{game}-{ruleset}.svg");
    raw.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Writes `picture` as SVG into `dir` (created if missing) under `name`; returns the path.
///
/// # Errors
/// When the directory cannot be created or the file written, or the picture cannot be drawn
/// (a graph board too large for SVG).
pub fn write_svg(dir: &Path, name: &str, picture: &Picture) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join(name);
    let text = board_render::svg(picture, &SvgOptions::default())?;
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_only_when_allowed() {
        let set = Some(OsString::from("1"));
        assert!(use_color(ColorArg::Auto, true, None));
        assert!(!use_color(ColorArg::Auto, true, set.clone()));
        assert!(use_color(ColorArg::Auto, true, Some(OsString::new())));
        assert!(!use_color(ColorArg::Auto, false, None));
        assert!(use_color(ColorArg::Always, false, set.clone()));
        assert!(!use_color(ColorArg::Never, true, None));
    }

    #[test]
    fn picture_names_are_safe() {
        assert_eq!(
            picture_file_name("dir/a b.sgf", 2, "tromp-taylor"),
            "a_b-g2-tromp-taylor.svg"
        );
    }
}
