//! `gorules show`: a picture of one position under one ruleset — ASCII for terminals, SVG for
//! documents — and the helpers other commands use to draw the picture of a finding
//! (`--pictures DIR`).

use crate::cli::RuleArgs;
use crate::config::ReplayConfig;
use crate::input;
use crate::status::Status;
use anyhow::{Context, Result, bail};
use board_render::{AsciiOptions, Picture, SvgOptions, Theme};
use clap::{Args, ValueEnum};
use rules_core::{
    Action, Assessment, AssessmentChoice, CheckStatus, GameRecord, GameReport, Policy, Verdict,
    replay,
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
    let record = file
        .games
        .into_iter()
        .nth(args.game - 1)
        .expect("checked above")
        .map_err(|e| {
            anyhow::anyhow!(
                "{} game {}: {} ({})",
                loaded.name,
                args.game,
                e.message,
                e.kind
            )
        })?;
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
    let none = Assessment::none();
    let assessment = if end {
        plan.assessment()
    } else {
        AssessmentChoice::Given(&none)
    };
    let cut = cut_after(&record, at);
    let shown = Path::new(&loaded.name)
        .file_name()
        .map_or_else(|| loaded.name.clone(), |n| n.to_string_lossy().into_owned());
    let done = replay(&cut, ruleset, &config.replay, assessment);
    let position = position_words(&done.verdict, at, total);
    let mut picture = Picture::from_replay(&cut, &done);
    picture.title = Some(format!(
        "{shown}, game {}, {}: {position}",
        args.game,
        ruleset.id()
    ));
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
    sanitize_text(&mut picture);

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
        Some(path) => {
            std::fs::write(path, &text).with_context(|| format!("writing {}", path.display()))?
        }
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

/// Names and record text in a picture's title and notes, made safe for a terminal (a file
/// name or `PB[]` may hold escape sequences).
fn sanitize_text(picture: &mut Picture) {
    use crate::render::table::sanitize;
    if let Some(t) = &mut picture.title {
        *t = sanitize(t);
    }
    for n in &mut picture.notes {
        *n = sanitize(n);
    }
}

/// The position a picture shows, in words: the end, a move during the game, or the move
/// before the forbidden one where the replay stopped.
fn position_words(verdict: &Verdict, at: usize, total: usize) -> String {
    let stopped_at = match verdict.on_forbidden {
        Policy::Stop => verdict.first_forbidden.as_ref().map(|f| f.move_number),
        Policy::PlayOn => None,
    };
    match stopped_at {
        Some(n) => format!(
            "before forbidden move {n}, where the replay stops ({total} moves in the record)"
        ),
        None if at == total => format!("the end (move {total})"),
        None => format!("after move {at} of {total}"),
    }
}

/// The rulesets whose verdict on a game is a finding of `gorules check`: a forbidden move, a
/// count that differs from the recorded result, or (when `undecided`) undecided points.
#[must_use]
pub fn finding_rulesets(report: &GameReport, undecided: bool) -> Vec<String> {
    report
        .verdicts
        .iter()
        .filter(|v| {
            !v.legal
                || v.check.status == CheckStatus::Differs
                || (undecided && v.score.as_ref().is_some_and(|s| s.undecided > 0))
        })
        .map(|v| v.ruleset.clone())
        .collect()
}

/// Writes the SVG picture of the end of one game under each ruleset of `config` that `which`
/// names (every one when `None`) into `dir` (created if missing), as
/// [`picture_file_name`]: the pictures of a report's findings (`--pictures DIR`).
/// Returns the paths written.
///
/// # Errors
/// When the game's plan cannot be made (a `--dead` point off this board), the directory
/// cannot be created, a file cannot be written, or a graph board is too large to draw.
pub fn write_game_pictures(
    dir: &Path,
    config: &ReplayConfig,
    file: &str,
    game: u32,
    record: &GameRecord,
    which: Option<&[String]>,
) -> Result<Vec<PathBuf>> {
    let plan = config.plan(record)?;
    let total = record.move_count();
    let shown = Path::new(file)
        .file_name()
        .map_or_else(|| file.to_owned(), |n| n.to_string_lossy().into_owned());
    let mut written = Vec::new();
    for chosen in &plan.rulesets {
        let ruleset = chosen.ruleset();
        if which.is_some_and(|w| !w.iter().any(|id| id == ruleset.id())) {
            continue;
        }
        let done = replay(record, ruleset, &config.replay, plan.assessment());
        let mut picture = Picture::from_replay(record, &done);
        picture.title = Some(format!(
            "{shown}, game {game}, {}: {}",
            ruleset.id(),
            position_words(&done.verdict, total, total)
        ));
        if let Some(line) = record_line(record) {
            picture.notes.insert(0, line);
        }
        sanitize_text(&mut picture);
        written.push(write_svg(
            dir,
            &picture_file_name(file, game, ruleset.id()),
            &picture,
        )?);
    }
    Ok(written)
}

/// `gorules check --pictures DIR`: draws the rulesets of one game whose verdicts are findings
/// ([`finding_rulesets`]); a picture that cannot be written is a warning on standard error,
/// not a reason to stop checking.
pub fn finding_pictures(
    dir: &Path,
    undecided: bool,
    config: &ReplayConfig,
    file: &str,
    record: &GameRecord,
    report: &GameReport,
) {
    let game = report.game;
    let which = finding_rulesets(report, undecided);
    if which.is_empty() {
        return;
    }
    if let Err(e) = write_game_pictures(dir, config, file, game, record, Some(&which)) {
        let warning = format!("no picture of {file} game {game}: {e:#}");
        eprintln!(
            "gorules: warning: {}",
            crate::render::table::sanitize(&warning)
        );
    }
}

/// A file name for the picture of one game under one ruleset:
/// `<file stem>-<hash>-g<game>-<ruleset>.svg`, with anything but ASCII letters, digits, `-`,
/// `_` and `.` replaced by `_`. The hash (8 hex digits of FNV-1a over the whole name) keeps
/// `a/001.sgf`, `b/001.sgf` and `x.zip!001.sgf` apart: one run of `check` writes pictures in
/// parallel into one directory, where equal names overwrote each other.
#[must_use]
pub fn picture_file_name(file: &str, game: u32, ruleset: &str) -> String {
    let stem = Path::new(file)
        .file_stem()
        .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned());
    let hash = game_sources::fnv1a(file.as_bytes()) >> 32;
    let raw = format!("{stem}-{hash:08x}-g{game}-{ruleset}.svg");
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
/// When the directory cannot be created, the file written, or the picture drawn (a graph
/// board too large for SVG).
pub fn write_svg(dir: &Path, name: &str, picture: &Picture) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join(name);
    let text = board_render::svg(picture, &SvgOptions::default())
        .with_context(|| format!("drawing {}", path.display()))?;
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
    fn the_record_line_names_what_the_record_has() {
        let topology = std::sync::Arc::new(rules_core::Topology::square(9).unwrap());
        let mut record = GameRecord::new(topology);
        assert_eq!(record_line(&record), None);
        record.info.white = Some("Sai".to_owned());
        assert_eq!(record_line(&record).unwrap(), "Record: White Sai");
        record.info.black = Some("Shusaku".to_owned());
        record.info.black_rank = Some("9p".to_owned());
        record.info.white_rank = Some("7d".to_owned());
        assert_eq!(
            record_line(&record).unwrap(),
            "Record: Black Shusaku (9p), White Sai (7d)"
        );
        // A rank without a name says nothing.
        record.info.black = None;
        assert_eq!(record_line(&record).unwrap(), "Record: White Sai (7d)");
    }

    #[test]
    fn picture_names_are_safe_and_distinct() {
        let name = picture_file_name("dir/a b.sgf", 2, "tromp-taylor");
        let hash = game_sources::fnv1a(b"dir/a b.sgf") >> 32;
        assert_eq!(name, format!("a_b-{hash:08x}-g2-tromp-taylor.svg"));
        // Equal stems from different places give different names.
        let names: std::collections::HashSet<String> = ["a/001.sgf", "b/001.sgf", "x.zip!001.sgf"]
            .iter()
            .map(|f| picture_file_name(f, 1, "chinese"))
            .collect();
        assert_eq!(names.len(), 3);
        assert!(names.iter().all(|n| n.ends_with("-g1-chinese.svg")));
    }
}
