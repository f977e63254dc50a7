//! `gorules play`: two GTP engines play each other, gorules referees (docs/gtp.md).
//!
//! As GNU Go's twogtp and GoGui's twogtp do, the driver asks the engine to move for
//! `genmove`, relays the move to the other with `play`, and writes the game as SGF. Unlike
//! them, gorules checks every move with its own ruleset: a move the referee forbids ends the
//! game, lost by the player who made it (`RE[W+F]`, the reason in `GC`). A game ends when the
//! referee's ruleset says it is over (two passes under `chinese`), on resignation, or at
//! `--max-moves`. Then both engines and the referee count: the referee's count is the result,
//! unless it rests on points the dead-stone assessment left undecided (`--dead auto`): then
//! the result is unknown (`RE[?]`) and the report gives the range deciding them could give.

use crate::gtp_cmd::{self, DeadArg};
use crate::status::Status;
use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use gtp::client::{ClientError, GtpProcess};
use gtp::vertex::{color_name, format_move, parse_move, parse_vertex};
use gtp::{Engine, gtp_result};
use rules_core::{Color, Move, Outcome, PerColor, ScoreBreakdown};
use serde_json::{Value, json};
use sgf_record::{WriteOptions, parse_result, write_sgf};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

/// `gorules play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The command that starts the engine playing Black (White in the alternate games with
    /// `--alternate`), e.g. `"gnugo --mode gtp --level 0"`.
    #[arg(long, value_name = "COMMAND")]
    pub black: String,

    /// The command that starts the engine playing White.
    #[arg(long, value_name = "COMMAND")]
    pub white: String,

    /// Board size (GTP: 1 to 25).
    #[arg(long, default_value_t = 19, value_name = "N")]
    pub size: usize,

    /// Komi. Default: the referee ruleset's.
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    pub komi: Option<f64>,

    /// The referee's rules: a gorules ruleset, a rules name or a KataGo rules string, as for
    /// `gorules gtp`. The engines are not told: start them with the same rules.
    #[arg(long, short = 'r', default_value = "chinese", value_name = "RULES")]
    pub rules: String,

    /// Number of games (at least 1).
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,

    /// Swap colours every other game.
    #[arg(long)]
    pub alternate: bool,

    /// Write each game here as `game-001.sgf`, `game-002.sgf`, …
    #[arg(long, value_name = "DIR")]
    pub sgf_dir: Option<PathBuf>,

    /// Stop a game after this many moves (a void game). Default: four times the points of
    /// the board.
    #[arg(long, value_name = "N")]
    pub max_moves: Option<u32>,

    /// Seconds to wait for an engine's answer.
    #[arg(long, default_value_t = 600, value_name = "SECONDS")]
    pub timeout: u64,

    /// Dead stones for the referee's count: `none` (the board as it stands), `black` or
    /// `white` (the `final_status_list dead` of the engine given with --black or --white,
    /// whatever colour it played), `auto` (the control solver; a count that rests on points
    /// it leaves undecided is no result: `RE[?]`, with the range deciding them could give).
    #[arg(long, value_enum, default_value_t = DeadFrom::None)]
    pub dead: DeadFrom,

    /// Before asking the engines' counts, tell those that know `gorules-dead` (gorules
    /// engines) the dead stones the referee counts with, so that they count the same position.
    #[arg(long)]
    pub share_dead: bool,

    /// Output: a line per game for people, or a JSON object per game (JSON Lines).
    #[arg(long, short = 'f', value_enum, default_value_t = PlayFormat::Text)]
    pub format: PlayFormat,

    /// Print every move on standard error.
    #[arg(long, short = 'v')]
    pub verbose: bool,
}

/// `--dead`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DeadFrom {
    /// The board as it stands.
    None,
    /// The dead stones of the engine given with --black.
    Black,
    /// The dead stones of the engine given with --white.
    White,
    /// The control solver's.
    Auto,
}

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlayFormat {
    /// A line per game and a summary.
    Text,
    /// A JSON object per game (docs/gtp.md lists the fields).
    Json,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq)]
enum End {
    /// The referee's ruleset says the game is over (passes).
    Passes,
    /// A player resigned.
    Resignation(Color),
    /// A player made a move the referee forbids (or no move at all).
    Illegal {
        color: Color,
        mv: String,
        reason: String,
        rule: String,
    },
    /// `--max-moves` was reached.
    MaxMoves,
    /// An engine failed a command or refused a move the referee allows.
    EngineError(String),
}

impl End {
    fn code(&self) -> &'static str {
        match self {
            End::Passes => "passes",
            End::Resignation(_) => "resignation",
            End::Illegal { .. } => "illegal-move",
            End::MaxMoves => "max-moves",
            End::EngineError(_) => "engine-error",
        }
    }
}

/// An engine of the match with its names.
struct Player {
    process: GtpProcess,
    name: String,
    knows_final_score: bool,
    knows_final_status_list: bool,
    knows_gorules_dead: bool,
}

impl Player {
    fn start(command: &str, timeout: Duration) -> Result<Player> {
        let mut process = GtpProcess::spawn(command, timeout)?;
        let name = answer(&mut process, "name")?.unwrap_or_else(|_| command.to_owned());
        let version = answer(&mut process, "version")?.unwrap_or_default();
        let knows_final_score = process.knows("final_score")?;
        let knows_final_status_list = process.knows("final_status_list")?;
        let knows_gorules_dead = process.knows("gorules-dead")?;
        Ok(Player {
            process,
            name: if version.is_empty() {
                name
            } else {
                format!("{name} {version}")
            },
            knows_final_score,
            knows_final_status_list,
            knows_gorules_dead,
        })
    }

    /// Sends a command that must succeed.
    fn must(&mut self, command: &str) -> Result<String> {
        match answer(&mut self.process, command)? {
            Ok(t) => Ok(t),
            Err(e) => bail!("{} failed {command:?}: {e}", self.name),
        }
    }
}

fn answer(p: &mut GtpProcess, command: &str) -> Result<Result<String, String>, ClientError> {
    p.send(command)
}

/// What one game gave.
struct GameReport {
    number: u32,
    names: PerColor<String>,
    moves: u32,
    end: End,
    result: String,
    referee: Option<String>,
    /// When the game ended by passes and the referee's count rests on undecided points: how
    /// many, and the range of results deciding them could give.
    undecided: Option<(u32, String)>,
    referee_notes: Vec<String>,
    engine_scores: PerColor<Option<String>>,
    agree: PerColor<Option<bool>>,
    dead: Vec<String>,
    sgf: Option<PathBuf>,
}

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
    let referee_dead = if args.dead == DeadFrom::Auto {
        DeadArg::Auto
    } else {
        DeadArg::None
    };
    let mut referee =
        gtp_cmd::engine(&args.rules, args.komi, 0, args.size, referee_dead).context("--rules")?;
    let komi = referee.komi();
    if let Some(dir) = &args.sgf_dir {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("creating --sgf-dir {}", dir.display()))?;
    }
    let timeout = Duration::from_secs(args.timeout.max(1));
    let mut first = Player::start(&args.black, timeout).context("starting --black")?;
    let mut second = Player::start(&args.white, timeout).context("starting --white")?;
    let max_moves = args.max_moves.unwrap_or(4 * (args.size * args.size) as u32);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut status = Status::Clean;
    let mut reports = Vec::new();
    let labels = labels(&first.name, &second.name);
    for number in 1..=args.games {
        let swapped = swapped(args.alternate, number);
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
        let game = play_game(
            number,
            &mut players,
            &mut referee,
            komi,
            max_moves,
            dead_from,
            args,
        );
        let report = match game {
            Ok(r) => r,
            Err(e) => {
                // An engine that stopped answering cannot play on.
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
                writeln!(out, "{}", text_line(&report, &by_color))?
            }
            PlayFormat::Json => writeln!(out, "{}", json_line(&report, swapped))?,
        }
        out.flush()?;
        reports.push(report);
    }
    if args.format == PlayFormat::Text {
        write!(out, "{}", summary(&reports, &labels, args.alternate))?;
    }
    first.process.quit();
    second.process.quit();
    Ok(status)
}

/// Whether game `number` (from 1) has the colours swapped: the engine given with `--white`
/// plays Black. With `--alternate`, every even game.
fn swapped(alternate: bool, number: u32) -> bool {
    alternate && number % 2 == 0
}

/// Plays one game. `Err` only when an engine cannot be talked to any more.
fn play_game(
    number: u32,
    players: &mut PerColor<&mut Player>,
    referee: &mut Engine,
    komi: f64,
    max_moves: u32,
    dead_from: Option<Color>,
    args: &PlayArgs,
) -> Result<GameReport> {
    let size = args.size;
    referee.clear();
    referee.set_board_size(size)?;
    referee.set_komi(komi)?;
    for c in Color::BOTH {
        let p = &mut players[c];
        p.must(&format!("boardsize {size}"))?;
        p.must("clear_board")?;
        p.must(&format!("komi {}", rules_core::score::points(komi)))?;
    }
    let topo = referee.topology().clone();
    let names = PerColor::new(players.black.name.clone(), players.white.name.clone());
    let mut color = Color::Black;
    let mut moves = 0u32;
    let end = loop {
        if referee.is_over() {
            break End::Passes;
        }
        if moves >= max_moves {
            break End::MaxMoves;
        }
        let reply = match players[color]
            .process
            .send(&format!("genmove {}", color_name(color)))?
        {
            Ok(r) => r,
            Err(e) => {
                break End::EngineError(format!(
                    "{} failed genmove {}: {e}",
                    names[color],
                    color_name(color)
                ));
            }
        };
        if args.verbose {
            eprintln!(
                "game {number} move {}: {} {reply}",
                moves + 1,
                color_name(color)
            );
        }
        if reply.eq_ignore_ascii_case("resign") {
            break End::Resignation(color);
        }
        let mv = match parse_move(&topo, &reply) {
            Ok(mv) => mv,
            Err(_) => {
                break End::Illegal {
                    color,
                    mv: reply,
                    reason: "not-a-move".to_owned(),
                    rule: "genmove must answer a vertex of the board, pass or resign (GTP)"
                        .to_owned(),
                };
            }
        };
        if let Err(illegal) = referee.play(color, mv) {
            // Kept in the record, so that the SGF shows what was played.
            break End::Illegal {
                color,
                mv: format_move(&topo, mv),
                reason: illegal.reason.to_string(),
                rule: illegal.rule.to_owned(),
            };
        }
        moves += 1;
        let relay = format!("play {} {}", color_name(color), format_move(&topo, mv));
        match players[color.opp()].process.send(&relay)? {
            Ok(_) => {}
            Err(e) => {
                break End::EngineError(format!(
                    "{} refused {relay:?} ({e}), which the referee allows",
                    names[color.opp()]
                ));
            }
        }
        color = color.opp();
    };

    // The counts: the referee's dead stones first, then the engines' counts.
    let mut engine_scores = PerColor::new(None, None);
    let mut dead = Vec::new();
    let mut referee_notes = Vec::new();
    if end == End::Passes {
        if let Some(c) = dead_from {
            let p = &mut players[c];
            if p.knows_final_status_list {
                match p.process.send("final_status_list dead")? {
                    Ok(list) => {
                        let mut points = Vec::new();
                        for v in list.split_whitespace() {
                            match parse_vertex(&topo, v) {
                                Ok(pt) => points.push(pt),
                                Err(_) => referee_notes
                                    .push(format!("{}'s dead stone {v:?} is no vertex", p.name)),
                            }
                        }
                        if let Err(e) = referee.set_dead(&points) {
                            referee_notes.push(format!("{}'s dead stones: {e}", p.name));
                        }
                    }
                    Err(e) => {
                        referee_notes.push(format!("{} failed final_status_list: {e}", p.name));
                    }
                }
            } else {
                referee_notes.push(format!("{} has no final_status_list", p.name));
            }
        }
        if let Ok(chains) = referee.final_status(gtp::Status::Dead) {
            dead = chains
                .iter()
                .flatten()
                .map(|&p| gtp::vertex::vertex(&topo, p))
                .collect();
        }
        for c in Color::BOTH {
            let p = &mut players[c];
            if args.share_dead && p.knows_gorules_dead && !dead.is_empty() {
                if let Err(e) = p
                    .process
                    .send(&format!("gorules-dead {}", dead.join(" ")))?
                {
                    referee_notes.push(format!("{} refused the dead stones: {e}", p.name));
                }
            }
            if p.knows_final_score {
                engine_scores[c] = Some(match p.process.send("final_score")? {
                    Ok(s) => s,
                    Err(e) => format!("? {e}"),
                });
            }
        }
    }
    let score = referee.score();
    let referee_result = score.as_ref().ok().map(gtp_result);
    if let Err(e) = &score {
        referee_notes.push(format!("the referee cannot count: {e}"));
    }
    // A count that rests on undecided points is no result: what deciding them could give.
    // Only said where the count is the result (a game ended by passes).
    let counted = matches!(end, End::Passes);
    let undecided = score
        .as_ref()
        .ok()
        .filter(|s| counted && !s.is_settled())
        .map(|s| {
            let range = s
                .undecided_range
                .map_or_else(|| "unknown".to_owned(), |r| r.describe_with_winner());
            (s.undecided, range)
        });
    let result = match &end {
        End::Passes => match &score {
            Ok(s) if s.is_settled() => s.result(),
            Ok(_) => "?".to_owned(),
            Err(_) => "Void".to_owned(),
        },
        End::Resignation(c) => format!("{}+R", c.opp().letter()),
        End::Illegal { color, .. } => format!("{}+F", color.opp().letter()),
        End::MaxMoves | End::EngineError(_) => "Void".to_owned(),
    };
    let agree = engine_scores
        .clone()
        .map(|_, s: Option<String>| match (&s, &score) {
            (Some(s), Ok(referee)) => compare_score(s, referee),
            _ => None,
        });

    // The record.
    let mut record = referee.record();
    record.info.black = Some(names.black.clone());
    record.info.white = Some(names.white.clone());
    record.info.date = Some(today());
    record.result = Some(parse_result(&result));
    if let End::Illegal { color, mv, .. } = &end {
        if let Ok(Move::Place(p)) = parse_move(&topo, mv) {
            record.actions.push(rules_core::Action::Move {
                color: *color,
                mv: rules_core::RecordedMove::Place(p),
            });
        }
    }
    let report = GameReport {
        number,
        names,
        moves,
        end,
        result,
        referee: referee_result,
        undecided,
        referee_notes,
        engine_scores,
        agree,
        dead,
        sgf: None,
    };
    let mut report = report;
    if let Some(dir) = &args.sgf_dir {
        let comment = game_comment(&report, referee);
        let sgf = write_sgf(
            &record,
            &WriteOptions {
                application: Some(format!("gorules:{}", env!("CARGO_PKG_VERSION"))),
                game_comment: Some(comment),
            },
        )?;
        let path = dir.join(format!("game-{number:03}.sgf"));
        std::fs::write(&path, sgf).with_context(|| format!("writing {}", path.display()))?;
        report.sgf = Some(path);
    }
    Ok(report)
}

/// Black's margin in an engine's `final_score` (`B+3.5`, `W+12`, `0`, GNU Go's `B+3.0`),
/// when it is a count.
fn engine_margin(text: &str) -> Option<f64> {
    match parse_result(text).outcome {
        Outcome::Score {
            winner: Color::Black,
            margin,
        } => Some(margin),
        Outcome::Score {
            winner: Color::White,
            margin,
        } => Some(-margin),
        Outcome::Draw => Some(0.0),
        _ => None,
    }
}

/// Whether an engine's `final_score` says what the referee counted: by winner and margin
/// when the referee's count is settled. When it rests on undecided points, an engine's count
/// outside what deciding them could give differs for certain; one inside it is not compared
/// (`None`), as `check` calls such a record `undecided`. An engine whose `final_score` failed
/// is never compared.
fn compare_score(text: &str, referee: &ScoreBreakdown) -> Option<bool> {
    // An engine that could not count (its `final_score` failed: `? …`) has no count to
    // compare; an answer that is no count differs.
    if text.starts_with('?') {
        return None;
    }
    let margin = engine_margin(text);
    if referee.is_settled() {
        return Some(margin.is_some_and(|m| (m - referee.margin).abs() < 1e-9));
    }
    match (margin, &referee.undecided_range) {
        (Some(m), Some(r)) if !r.contains(m) => Some(false),
        _ => None,
    }
}

/// The words for a referee's count that rests on undecided points.
fn undecided_words(points: u32, range: &str, as_they_stand: Option<&str>) -> String {
    let mut w = format!("{points} point(s) undecided, deciding them gives {range}");
    if let Some(count) = as_they_stand {
        let _ = write!(w, " (as they stand: {count})");
    }
    w
}

/// The game comment of the SGF: how the game ended and what everyone counted.
fn game_comment(r: &GameReport, referee: &Engine) -> String {
    let mut c = format!(
        "gorules play, referee {} ({}), game {}\n",
        referee.ruleset().id(),
        referee.ruleset().describe(),
        r.number
    );
    let _ = writeln!(
        c,
        "end: {} after {} moves",
        end_words(&r.end, &r.names),
        r.moves
    );
    if let Some(s) = &r.referee {
        match &r.undecided {
            None => {
                let _ = writeln!(c, "referee's count: {s}");
            }
            Some((n, range)) => {
                let _ = writeln!(
                    c,
                    "referee's count: none, {}",
                    undecided_words(*n, range, Some(s))
                );
            }
        }
    }
    for color in Color::BOTH {
        if let Some(s) = &r.engine_scores[color] {
            let _ = writeln!(c, "{} ({}) says: {s}", r.names[color], color_name(color));
        }
    }
    if !r.dead.is_empty() {
        let _ = writeln!(c, "dead stones: {}", r.dead.join(" "));
    }
    for n in &r.referee_notes {
        let _ = writeln!(c, "{n}");
    }
    c
}

fn end_words(end: &End, names: &PerColor<String>) -> String {
    match end {
        End::Passes => "the game is over (passes)".to_owned(),
        End::Resignation(c) => format!("{} ({}) resigned", names[*c], color_name(*c)),
        End::Illegal {
            color,
            mv,
            reason,
            rule,
        } => format!(
            "{} ({}) played {mv}, which is illegal: {reason} ({rule})",
            names[*color],
            color_name(*color)
        ),
        End::MaxMoves => "stopped at --max-moves".to_owned(),
        End::EngineError(e) => format!("engine error: {e}"),
    }
}

/// A game's line of the text output, the engines called by `labels` (see [`labels`]).
fn text_line(r: &GameReport, labels: &PerColor<String>) -> String {
    let mut s = format!(
        "game {}: {} (B) vs {} (W): {} — {} after {} moves",
        r.number,
        labels.black,
        labels.white,
        r.result,
        end_words(&r.end, labels),
        r.moves
    );
    if let Some((n, range)) = &r.undecided {
        let _ = write!(
            s,
            "; referee: {}",
            undecided_words(*n, range, r.referee.as_deref())
        );
    }
    for c in Color::BOTH {
        if let Some(score) = &r.engine_scores[c] {
            let _ = write!(
                s,
                "; {} says {score}{}",
                color_name(c),
                match r.agree[c] {
                    Some(false) => " (DIFFERS)",
                    _ => "",
                }
            );
        }
    }
    if !r.dead.is_empty() {
        let _ = write!(s, "; {} dead stone(s)", r.dead.len());
    }
    // What the referee noticed (an engine without `final_status_list`, dead stones it could
    // not use): said here too, not only in the JSON and the SGF, since the count it changes
    // is on this line.
    for n in &r.referee_notes {
        let _ = write!(s, "; note: {n}");
    }
    if let Some(p) = &r.sgf {
        let _ = write!(s, "; {}", p.display());
    }
    s
}

/// A game's JSON object (docs/gtp.md lists the fields); `swapped`: the engine given with
/// `--white` played Black.
fn json_line(r: &GameReport, swapped: bool) -> Value {
    let illegal = match &r.end {
        End::Illegal {
            color,
            mv,
            reason,
            rule,
        } => json!({"color": color_name(*color), "move": mv, "reason": reason, "rule": rule}),
        _ => Value::Null,
    };
    let error = match &r.end {
        End::EngineError(e) => json!(e),
        _ => Value::Null,
    };
    json!({
        "game": r.number,
        "black": r.names.black,
        "white": r.names.white,
        "swapped": swapped,
        "moves": r.moves,
        "end": r.end.code(),
        "result": r.result,
        "referee": r.referee,
        "undecided": r.undecided.as_ref().map(|(n, range)| json!({"points": n, "range": range})),
        "scores": {"black": r.engine_scores.black, "white": r.engine_scores.white},
        "agree": {"black": r.agree.black, "white": r.agree.white},
        "dead": r.dead,
        "illegal": illegal,
        "error": error,
        "notes": r.referee_notes,
        "sgf": r.sgf.as_ref().map(|p| p.display().to_string()),
    })
}

/// What the text output calls the engine given with `--black` and the one given with
/// `--white`: their names, or, when the names are the same (GNU Go at two levels), the names
/// with the flags.
fn labels(first: &str, second: &str) -> [String; 2] {
    if first == second {
        [format!("{first} (--black)"), format!("{second} (--white)")]
    } else {
        [first.to_owned(), second.to_owned()]
    }
}

/// The match's last line, the engines called by `labels`. Wins are counted by engine, the one
/// given with `--black` first, whatever colour it played (`alternate` says which games swap).
fn summary(reports: &[GameReport], labels: &[String; 2], alternate: bool) -> String {
    let mut wins = [0u32; 2];
    let (mut illegal, mut differ, mut void, mut open) = (0, 0, 0, 0);
    for r in reports {
        let winner = parse_result(&r.result).outcome.winner();
        if let Some(w) = winner {
            // The engine given with --black plays Black unless the colours are swapped.
            let first_won = (w == Color::Black) != swapped(alternate, r.number);
            wins[usize::from(!first_won)] += 1;
        } else if r.result == "Void" {
            void += 1;
        } else if r.result == "?" {
            open += 1;
        }
        if matches!(r.end, End::Illegal { .. }) {
            illegal += 1;
        }
        if r.agree.black == Some(false) || r.agree.white == Some(false) {
            differ += 1;
        }
    }
    let mut s = format!(
        "{} game(s): {} won {}, {} won {}",
        reports.len(),
        labels[0],
        wins[0],
        labels[1],
        wins[1]
    );
    let _ = write!(s, "; {illegal} ended by an illegal move, {void} void");
    if open > 0 {
        let _ = write!(
            s,
            ", {open} with no result (the count rests on undecided points)"
        );
    }
    let _ = writeln!(
        s,
        ", {differ} with an engine's count differing from the referee's"
    );
    s
}

/// Today's date (UTC) as `YYYY-MM-DD`, for `DT`.
fn today() -> String {
    date_of(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
    )
}

/// The date (UTC) `secs` seconds after 1970-01-01 00:00, as `YYYY-MM-DD`.
fn date_of(secs: u64) -> String {
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Days since 1970-01-01 → (year, month, day), Howard Hinnant's algorithm.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        // Around century years that are not leap years, and before the epoch.
        assert_eq!(civil_from_days(47_540), (2100, 2, 28));
        assert_eq!(civil_from_days(47_541), (2100, 3, 1));
        assert_eq!(civil_from_days(47_481), (2099, 12, 31));
        assert_eq!(civil_from_days(-25_509), (1900, 2, 28));
        assert_eq!(civil_from_days(-25_508), (1900, 3, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(86_399), "1970-01-01");
        assert_eq!(date_of(19_723 * 86_400 + 5), "2024-01-01");
        // Today is a date: YYYY-MM-DD.
        let t = today();
        let digits = |r: std::ops::Range<usize>| t[r].bytes().all(|b| b.is_ascii_digit());
        assert!(
            t.len() == 10
                && digits(0..4)
                && &t[4..5] == "-"
                && digits(5..7)
                && &t[7..8] == "-"
                && digits(8..10),
            "{t}"
        );
    }

    #[test]
    fn engine_scores_are_compared_by_winner_and_margin() {
        use rules_core::{ScoringMethod, SideScore};
        // An area count: Black's stones, White's stones plus komi.
        let area = |black: u32, white: u32, komi: f64| {
            ScoreBreakdown::new(
                ScoringMethod::AreaSharedDame,
                SideScore {
                    stones: black,
                    ..SideScore::default()
                },
                SideScore {
                    stones: white,
                    komi,
                    ..SideScore::default()
                },
                komi,
            )
        };
        let s = area(10, 3, 3.5);
        let same = |t: &str, s: &ScoreBreakdown| compare_score(t, s);
        assert_eq!(same("B+3.5", &s), Some(true));
        assert_eq!(same("B+3.50", &s), Some(true));
        assert_eq!(same("W+3.5", &s), Some(false));
        assert_eq!(same("B+4", &s), Some(false));
        assert_eq!(same("nonsense", &s), Some(false));
        assert_eq!(same("0", &s), Some(false));
        assert_eq!(same("? cannot score: 3 point(s) left undecided", &s), None);
        // A draw: an engine's `0` is Black's margin 0.
        let even = area(10, 6, 4.0);
        assert!(even.margin.abs() < 1e-9);
        assert_eq!(engine_margin("0"), Some(0.0));
        assert_eq!(same("0", &even), Some(true));
        assert_eq!(same("B+0.5", &even), Some(false));

        // Resting on undecided points: only a count outside what deciding them could give
        // differs; the rest is not compared, the count as it stands included.
        let mut open = s.clone();
        open.undecided = 12;
        open.undecided_range = Some(rules_core::MarginRange {
            white_best: -2.5,
            black_best: 9.5,
        });
        assert!(!open.is_settled());
        assert_eq!(same("B+3.5", &open), None);
        assert_eq!(same("W+2.5", &open), None);
        assert_eq!(same("0", &open), None);
        assert_eq!(same("W+3", &open), Some(false));
        assert_eq!(same("B+10", &open), Some(false));
        assert_eq!(same("? cannot score", &open), None);
        assert_eq!(
            undecided_words(12, "W+2.5 to B+9.5", Some("B+3.5")),
            "12 point(s) undecided, deciding them gives W+2.5 to B+9.5 (as they stand: B+3.5)"
        );
    }

    /// A report of game `number` between `black` and `white`, ended and resulted as given,
    /// with nothing else said.
    fn report(number: u32, black: &str, white: &str, end: End, result: &str) -> GameReport {
        GameReport {
            number,
            names: PerColor::new(black.to_owned(), white.to_owned()),
            moves: 10,
            end,
            result: result.to_owned(),
            referee: None,
            undecided: None,
            referee_notes: Vec::new(),
            engine_scores: PerColor::new(None, None),
            agree: PerColor::new(None, None),
            dead: Vec::new(),
            sgf: None,
        }
    }

    #[test]
    fn the_summary_counts_wins_by_engine_and_every_other_kind_of_game() {
        let illegal = || End::Illegal {
            color: Color::Black,
            mv: "A1".to_owned(),
            reason: "occupied".to_owned(),
            rule: "r".to_owned(),
        };
        // A match of nine games with --alternate: a (--black) plays Black in the odd games.
        let mut reports = vec![
            report(1, "a", "b", End::Passes, "B+3.5"),
            report(2, "b", "a", End::Passes, "B+0.5"),
            report(3, "a", "b", End::Resignation(Color::Black), "W+R"),
            report(4, "b", "a", illegal(), "W+F"),
            report(5, "a", "b", End::MaxMoves, "Void"),
            report(6, "b", "a", End::EngineError("x".to_owned()), "Void"),
            report(7, "a", "b", End::Passes, "?"),
            report(8, "b", "a", End::Passes, "?"),
            report(9, "a", "b", End::Passes, "Draw"),
        ];
        reports[0].agree = PerColor::new(Some(true), Some(false));
        reports[1].agree = PerColor::new(Some(false), None);
        reports[6].agree = PerColor::new(Some(true), Some(true));
        // a won games 1 (by the count) and 4 (b's illegal move), b games 2 (by the count) and 3
        // (a resigned); game 9 is a draw.
        assert_eq!(
            summary(&reports, &labels("a", "b"), true),
            "9 game(s): a won 2, b won 2; 1 ended by an illegal move, 2 void, 2 with no \
             result (the count rests on undecided points), 2 with an engine's count \
             differing from the referee's\n"
        );
        // Without --alternate the engine given with --black played Black in every game: games
        // 1 and 2 are its wins. Without open games nothing is said of them.
        assert_eq!(
            summary(&reports[..3], &labels("a", "b"), false),
            "3 game(s): a won 2, b won 1; 0 ended by an illegal move, 0 void, 2 with an \
             engine's count differing from the referee's\n"
        );
        // Two engines with one name (two levels of one program) are told apart by their flags.
        assert_eq!(
            summary(&reports[..3], &labels("a", "a"), true),
            "3 game(s): a (--black) won 1, a (--white) won 2; 0 ended by an illegal move, 0 \
             void, 2 with an engine's count differing from the referee's\n"
        );
        assert!(!swapped(false, 2) && !swapped(true, 1) && swapped(true, 2) && !swapped(true, 3));
    }

    #[test]
    fn a_text_line_says_the_end_the_counts_the_dead_stones_and_the_notes() {
        let mut r = report(3, "a 1.0", "b", End::Passes, "?");
        r.referee = Some("B+2.5".to_owned());
        r.undecided = Some((4, "W+1.5 to B+6.5".to_owned()));
        r.engine_scores = PerColor::new(Some("B+2.5".to_owned()), Some("W+9".to_owned()));
        r.agree = PerColor::new(None, Some(false));
        r.dead = vec!["A1".to_owned(), "B2".to_owned()];
        r.referee_notes = vec!["b has no final_status_list".to_owned()];
        r.sgf = Some(PathBuf::from("games/game-003.sgf"));
        assert_eq!(
            text_line(&r, &r.names),
            "game 3: a 1.0 (B) vs b (W): ? — the game is over (passes) after 10 moves; \
             referee: 4 point(s) undecided, deciding them gives W+1.5 to B+6.5 (as they \
             stand: B+2.5); black says B+2.5; white says W+9 (DIFFERS); 2 dead stone(s); \
             note: b has no final_status_list; games/game-003.sgf"
        );
        let bare = report(1, "a", "b", End::MaxMoves, "Void");
        assert_eq!(
            text_line(&bare, &bare.names),
            "game 1: a (B) vs b (W): Void — stopped at --max-moves after 10 moves"
        );
        let resigned = report(2, "a", "b", End::Resignation(Color::White), "B+R");
        assert_eq!(
            text_line(&resigned, &resigned.names),
            "game 2: a (B) vs b (W): B+R — b (white) resigned after 10 moves"
        );
    }

    #[test]
    fn the_json_line_gives_the_illegal_move_or_the_engine_error_by_the_end() {
        let failed = report(
            1,
            "a",
            "b",
            End::EngineError("a failed genmove".to_owned()),
            "Void",
        );
        let j = json_line(&failed, false);
        assert_eq!(j["swapped"], false);
        assert_eq!(j["end"], "engine-error");
        assert_eq!(j["error"], "a failed genmove");
        assert_eq!(j["illegal"], Value::Null);
        let illegal = End::Illegal {
            color: Color::Black,
            mv: "Z9".to_owned(),
            reason: "not-a-move".to_owned(),
            rule: "GTP".to_owned(),
        };
        let j = json_line(&report(2, "a", "b", illegal, "W+F"), true);
        assert_eq!(j["swapped"], true);
        assert_eq!(j["end"], "illegal-move");
        assert_eq!(j["error"], Value::Null);
        assert_eq!(
            j["illegal"],
            json!({"color": "black", "move": "Z9", "reason": "not-a-move", "rule": "GTP"})
        );
        for (end, code) in [
            (End::Passes, "passes"),
            (End::Resignation(Color::Black), "resignation"),
            (End::MaxMoves, "max-moves"),
        ] {
            let j = json_line(&report(3, "a", "b", end, "Void"), false);
            assert_eq!(j["end"], code);
            assert_eq!(j["error"], Value::Null);
            assert_eq!(j["illegal"], Value::Null);
        }
    }

    #[test]
    fn the_game_comment_lists_the_dead_stones_only_when_there_are_some() {
        let referee = gtp_cmd::engine("chinese", Some(7.5), 0, 9, DeadArg::None).unwrap();
        let mut r = report(2, "a", "b", End::Passes, "B+1.5");
        r.referee = Some("B+1.5".to_owned());
        r.engine_scores = PerColor::new(None, Some("B+1.5".to_owned()));
        let comment = game_comment(&r, &referee);
        assert!(
            comment.starts_with("gorules play, referee chinese ("),
            "{comment}"
        );
        assert!(
            comment.ends_with(
                ", game 2\nend: the game is over (passes) after 10 moves\nreferee's count: \
                 B+1.5\nb (white) says: B+1.5\n"
            ),
            "{comment}"
        );
        r.dead = vec!["C3".to_owned(), "D4".to_owned()];
        r.referee_notes = vec!["a has no final_status_list".to_owned()];
        let comment = game_comment(&r, &referee);
        assert!(
            comment.ends_with(
                "b (white) says: B+1.5\ndead stones: C3 D4\na has no final_status_list\n"
            ),
            "{comment}"
        );
    }
}
