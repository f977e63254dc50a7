//! `gorules diff`: for each game of a record, where the rulesets disagree — legality, winner,
//! margin — and why (the pipeline's comparisons, in `report::diff`'s words). Exit status: 0
//! when every ruleset agrees, 1 when some disagree, 2 when a file or game cannot be read.

use crate::cli::{DiffArgs, DiffFormat};
use crate::status::Status;
use analysis::{Plan, input};
use anyhow::{Result, anyhow};
use report::diff::{DiffFile, DiffGame, DiffOutput, diff_game};
use report::pictures;
use std::io::{self, BufWriter, Write};
use std::path::Path;

/// Runs the command.
pub fn run(args: &DiffArgs) -> Result<Status> {
    let plan = crate::plan::from_args(&args.rules)?;
    let mut files = Vec::new();
    for path in &args.files {
        files.push(diff_file(
            &plan,
            input::load_with(path, &plan.reading),
            args.pictures.as_deref(),
        )?);
    }
    let mut status = Status::Clean;
    for f in &files {
        if f.error.is_some() || f.games.iter().any(|g| g.error.is_some()) {
            status = status.and(Status::Error);
        }
        if f.games.iter().any(|g| g.error.is_none() && !g.agree) {
            status = status.and(Status::Findings);
        }
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match args.format {
        DiffFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &DiffOutput::new(files))?;
            writeln!(out)?;
        }
        DiffFormat::Table => report::diff::write_table(&mut out, &files)?,
    }
    out.flush()?;
    Ok(status)
}

/// Every game of one file, compared; with `pictures`, each ruleset's counted position of a
/// game where they disagree is drawn.
fn diff_file(plan: &Plan, loaded: input::Loaded, pictures: Option<&Path>) -> Result<DiffFile> {
    let file = loaded.name.clone();
    report::diff::diff_file(loaded, |index, record| {
        let game = match plan.analyse(index, record) {
            Ok(game) => game,
            Err(e) => return Ok(DiffGame::error(index, report::json::game_error(&e))),
        };
        let diff = diff_game(&game).map_err(|e| anyhow!("game {index}: {e}"))?;
        if let (Some(dir), false) = (pictures, diff.agree) {
            for run in &game.runs {
                let name = pictures::file_name(&file, index, run.id());
                let picture = pictures::disagreement(&file, &game, run);
                crate::pictures::write_svg(dir, &name, &picture)?;
            }
        }
        Ok(diff)
    })
}
