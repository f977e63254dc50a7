//! Pictures written to a directory (`check --pictures`, `diff --pictures`): drawn from the
//! pipeline's runs, never by replaying again.

use analysis::GameAnalysis;
use anyhow::{Context, Result};
use board_render::{Picture, SvgOptions};
use report::pictures;
use std::path::{Path, PathBuf};

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

/// `gorules check --pictures DIR`: draws the end of one game under each ruleset whose verdict
/// is a finding ([`pictures::finding_rulesets`]); returns the paths written.
///
/// # Errors
/// As [`write_svg`].
pub fn findings(
    dir: &Path,
    undecided: bool,
    file: &str,
    game: &GameAnalysis,
) -> Result<Vec<PathBuf>> {
    let verdicts = game.runs.iter().map(|r| &r.replayed.verdict);
    let which = pictures::finding_rulesets(verdicts, undecided);
    let mut written = Vec::new();
    for run in game
        .runs
        .iter()
        .filter(|r| which.iter().any(|id| id == r.id()))
    {
        let picture = pictures::end_of_game(file, game, run);
        let name = pictures::file_name(file, game.index, run.id());
        written.push(write_svg(dir, &name, &picture)?);
    }
    Ok(written)
}
