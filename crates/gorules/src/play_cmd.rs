//! `gorules play`: two GTP engines play each other, gorules referees (docs/gtp.md). The
//! match runner is `gtp::play`; this file turns the arguments into its options.

use crate::cli::{DeadArg, DeadFrom, PlayArgs, PlayFormat};
use crate::gtp_cmd;
use crate::status::Status;
use anyhow::{Context, Result, bail};
use gtp::play::{End, MatchOptions, Player, play_game, words};
use rules_core::{Color, PerColor};
use std::io::{self, Write};
use std::time::Duration;

/// Runs the match.
pub fn run(args: &PlayArgs) -> Result<Status> {
    if !(1..=25).contains(&args.size) {
        bail!(
            "--size {} is outside 1 to 25, the sizes GTP can name",
            args.size
        );
    }
    if let Some(k) = args.komi {
        if !k.is_finite() || k.abs() > sgf_record::KOMI_MAX {
            bail!("--komi {k} is not a usable komi (a number of at most ±10000 points)");
        }
    }
    // The referee is checked before any engine starts.
    // The referee's own dead stones; with black or white, an engine's are set per game.
    let referee_dead = match args.dead {
        DeadFrom::Estimate => DeadArg::Estimate,
        DeadFrom::Proved => DeadArg::Proved,
        DeadFrom::Black | DeadFrom::White | DeadFrom::None => DeadArg::None,
    };
    let mut referee =
        gtp_cmd::engine(&args.rules, args.komi, 0, args.size, referee_dead).context("--rules")?;
    if let Some(dir) = &args.sgf_dir {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("creating --sgf-dir {}", dir.display()))?;
    }
    let options = MatchOptions {
        size: args.size,
        komi: referee.komi(),
        max_moves: args.max_moves.unwrap_or(4 * (args.size * args.size) as u32),
        sgf_dir: args.sgf_dir.clone(),
        verbose: args.verbose,
        share_dead: args.share_dead,
        application: format!("gorules:{}", env!("CARGO_PKG_VERSION")),
    };
    let timeout = Duration::from_secs(args.timeout.max(1));
    let mut first = Player::start(&args.black, timeout).context("starting --black")?;
    let mut second = Player::start(&args.white, timeout).context("starting --white")?;
    let mut out = io::stdout().lock();
    let mut status = Status::Clean;
    let mut reports = Vec::new();
    let labels = words::labels(&first.name, &second.name);
    for number in 1..=args.games {
        let swapped = words::swapped(args.alternate, number);
        let (black, white) = if swapped {
            (&mut second, &mut first)
        } else {
            (&mut first, &mut second)
        };
        let mut players = PerColor::new(black, white);
        let dead_from = match (args.dead, swapped) {
            (DeadFrom::Black, false) | (DeadFrom::White, true) => Some(Color::Black),
            (DeadFrom::White, false) | (DeadFrom::Black, true) => Some(Color::White),
            _ => None,
        };
        let report = match play_game(number, &mut players, &mut referee, dead_from, &options) {
            Ok(r) => r,
            Err(e) => {
                // An engine that stopped answering cannot play on.
                let e = anyhow::Error::new(e);
                writeln!(out, "game {number}: {e:#}")?;
                return Err(e.context(format!("game {number}")));
            }
        };
        if matches!(report.end, End::EngineError(_)) {
            status = status.and(Status::Error);
        }
        match args.format {
            PlayFormat::Text => {
                let [a, b] = labels.clone();
                let by_color = if swapped {
                    PerColor::new(b, a)
                } else {
                    PerColor::new(a, b)
                };
                writeln!(out, "{}", words::text_line(&report, &by_color))?
            }
            PlayFormat::Json => writeln!(out, "{}", words::json_line(&report, swapped))?,
        }
        out.flush()?;
        reports.push(report);
    }
    if args.format == PlayFormat::Text {
        write!(out, "{}", words::summary(&reports, &labels, args.alternate))?;
    }
    first.process.quit();
    second.process.quit();
    Ok(status)
}
