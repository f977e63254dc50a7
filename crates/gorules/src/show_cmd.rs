//! `gorules show`: a picture of one position under one ruleset — ASCII for terminals, SVG
//! and PNG for documents. The position after move M is the pipeline's run over the record cut
//! there.

use crate::cli::{ColorArg, PictureFormat, ShowArgs, ThemeArg};
use crate::status::Status;
use analysis::{GameAnalysis, Scope, input};
use anyhow::{Context, Result, anyhow, bail};
use board_render::{AsciiOptions, Picture, PngOptions, SvgOptions, Theme};
use report::{pictures, words};
use rules_core::GameRecord;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::Path;

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
    let plan = crate::plan::from_args(&args.rules)?;
    let format = format(args.format, args.output.as_deref())?;
    if format == PictureFormat::Png && args.output.is_none() && io::stdout().is_terminal() {
        bail!("a PNG picture is not written to a terminal: name a file with -o FILE.png");
    }
    let (name, record) = read_game(args, &plan.reading)?;
    let total = record.move_count();
    let at = match args.at_move {
        Some(m) if m > total => bail!(
            "--move {m}: game {} of {name} has {total} move(s)",
            args.game
        ),
        Some(m) => m,
        None => total,
    };
    let end = at == total;
    // The count is of the end; during the game no dead stones apply.
    let scope = Scope {
        first_only: true,
        as_it_stands: !end,
    };
    let game = plan
        .analyse_in(args.game as u32, analysis::cut_after(&record, at), scope)
        .map_err(|e| anyhow!("{}", report::json::game_error(&e).message))?;
    let picture = picture(&game, &name, &record, at, total)?;
    let bytes = match format {
        PictureFormat::Ascii => {
            let to_terminal = args.output.is_none() && io::stdout().is_terminal();
            let opts = AsciiOptions {
                color: use_color(args.color, to_terminal, std::env::var_os("NO_COLOR")),
                move_numbers: args.move_numbers,
                legend: true,
            };
            board_render::ascii(&picture, &opts)?.into_bytes()
        }
        PictureFormat::Svg => board_render::svg(&picture, &svg_options(args))?.into_bytes(),
        PictureFormat::Png => board_render::png(
            &picture,
            &PngOptions {
                svg: svg_options(args),
                ..PngOptions::default()
            },
        )?,
    };
    match &args.output {
        Some(path) => {
            std::fs::write(path, &bytes).with_context(|| format!("writing {}", path.display()))?
        }
        None => {
            let mut out = io::stdout().lock();
            out.write_all(&bytes)?;
            out.flush()?;
        }
    }
    Ok(Status::Clean)
}

/// The file's name and the game `--game` asks for.
fn read_game(args: &ShowArgs, reading: &analysis::Reading) -> Result<(String, GameRecord)> {
    let loaded = input::load_with(&args.file, reading);
    let name = loaded.name;
    let file = loaded
        .result
        .map_err(|e| anyhow!("{name}: {} ({})", e.message, e.kind))?;
    let count = file.games.len();
    if args.game == 0 || args.game > count {
        bail!("{name}: --game {}: the file has {count} game(s)", args.game);
    }
    let record = file
        .games
        .into_iter()
        .nth(args.game - 1)
        .expect("checked above")
        .map_err(|e| anyhow!("{name} game {}: {} ({})", args.game, e.message, e.kind))?;
    Ok((name, record))
}

/// The picture of the game's one run, at move `at` of `total`.
fn picture(
    game: &GameAnalysis,
    name: &str,
    record: &GameRecord,
    at: usize,
    total: usize,
) -> Result<Picture> {
    let Some(run) = game.runs.first() else {
        let why: Vec<String> = game
            .notes
            .iter()
            .map(|n| words::plan_note(n).message)
            .collect();
        bail!("no ruleset to show: {}", why.join("; "));
    };
    let position = pictures::position_words(&run.replayed.verdict, at, total);
    let title = format!(
        "{}, game {}, {}: {position}",
        pictures::shown_name(name),
        game.index,
        run.id()
    );
    Ok(pictures::shown(
        record,
        &game.record,
        run,
        title,
        at == total,
    ))
}

/// Extensions of picture formats gorules does not write: an `--output` named so is refused
/// rather than filled with another format.
const OTHER_PICTURES: [&str; 9] = [
    "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "pdf", "eps",
];

/// The format `--output`'s extension names: `Some(Ok(format))` for .svg and .png,
/// `Some(Err(()))` for a picture format gorules does not write, `None` for anything else (no
/// extension, .txt…: text).
fn named_by(output: &Path) -> Option<Result<PictureFormat, ()>> {
    let ext = output.extension()?.to_string_lossy().to_ascii_lowercase();
    match ext.as_str() {
        "svg" => Some(Ok(PictureFormat::Svg)),
        "png" => Some(Ok(PictureFormat::Png)),
        e if OTHER_PICTURES.contains(&e) => Some(Err(())),
        _ => None,
    }
}

/// `--format`, else the format `--output`'s extension names, else ascii; an `--output` whose
/// extension names another format than `--format` (or one gorules does not write) is
/// refused.
fn format(given: Option<PictureFormat>, output: Option<&Path>) -> Result<PictureFormat> {
    let named = output.and_then(named_by);
    let word = |f: PictureFormat| match f {
        PictureFormat::Ascii => "ascii",
        PictureFormat::Svg => "svg",
        PictureFormat::Png => "png",
    };
    let path = || output.map_or_else(String::new, |p| p.display().to_string());
    match (given, named) {
        (_, Some(Err(()))) => bail!(
            "--output {}: gorules draws ascii, svg and png pictures, not this format; name \
             the file .svg, .png or .txt",
            path()
        ),
        (Some(f), Some(Ok(n))) if f != n => bail!(
            "--output {}: the extension says {}, --format says {}; name the file .{} or \
             choose --format {}",
            path(),
            word(n),
            word(f),
            if f == PictureFormat::Ascii {
                "txt"
            } else {
                word(f)
            },
            word(n)
        ),
        (Some(f), _) => Ok(f),
        (None, Some(Ok(n))) => Ok(n),
        (None, None) => Ok(PictureFormat::Ascii),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_follows_the_output_name_and_refuses_a_mismatch() {
        let f = |given, name: Option<&str>| {
            format(given, name.map(Path::new)).map_err(|e| e.to_string())
        };
        assert_eq!(f(None, Some("end.png")), Ok(PictureFormat::Png));
        assert_eq!(f(None, Some("end.SVG")), Ok(PictureFormat::Svg));
        assert_eq!(f(None, Some("end.txt")), Ok(PictureFormat::Ascii));
        assert_eq!(f(None, None), Ok(PictureFormat::Ascii));
        assert_eq!(
            f(Some(PictureFormat::Png), Some("end")),
            Ok(PictureFormat::Png)
        );
        assert_eq!(
            f(Some(PictureFormat::Png), Some("end.png")),
            Ok(PictureFormat::Png)
        );
        assert_eq!(
            f(Some(PictureFormat::Svg), Some("end.png")),
            Err(
                "--output end.png: the extension says png, --format says svg; name the file \
                 .svg or choose --format png"
                    .to_owned()
            )
        );
        assert!(
            f(Some(PictureFormat::Ascii), Some("end.svg"))
                .unwrap_err()
                .contains("name the file .txt or choose --format svg")
        );
        assert!(
            f(None, Some("end.jpg"))
                .unwrap_err()
                .contains("not this format")
        );
    }

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
}
