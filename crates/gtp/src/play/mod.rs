//! The match runner behind `gorules play`: two GTP engines play each other, the engine of
//! this crate referees (docs/gtp.md).
//!
//! As GNU Go's twogtp and GoGui's twogtp do, the runner asks the engine to move for
//! `genmove`, relays the move to the other with `play`, and writes the game as SGF. Unlike
//! them, the referee checks every move with its own ruleset: a move it forbids ends the game,
//! lost by the player who made it (`RE[W+F]`, the reason in `GC`). A game ends when the
//! referee's ruleset says it is over (two passes under `chinese`), on resignation, or at the
//! move limit. Then both engines and the referee count: the referee's count is the result,
//! unless it rests on points the dead-stone assessment left undecided: then the result is
//! unknown (`RE[?]`) and the report gives the range deciding them could give.

mod count;
pub mod words;

use crate::client::{ClientError, GtpProcess};
use crate::engine::{Engine, EngineError};
use crate::gtp_result;
use crate::vertex::{color_name, format_move, parse_move, parse_vertex};
use count::compare_score;
use rules_core::{Color, Move, PerColor};
use sgf_record::{WriteError, WriteOptions, parse_result, write_sgf};
use std::path::PathBuf;
use std::time::Duration;

/// How the games of a match are played.
#[derive(Debug, Clone)]
pub struct MatchOptions {
    /// Board size.
    pub size: usize,
    /// Komi.
    pub komi: f64,
    /// A game stops (void) after this many moves.
    pub max_moves: u32,
    /// Each game is written here as `game-NNN.sgf`.
    pub sgf_dir: Option<PathBuf>,
    /// Every move on standard error.
    pub verbose: bool,
    /// Tell engines that know `gorules-dead` the referee's dead stones before their count.
    pub share_dead: bool,
    /// The `AP` of the games written.
    pub application: String,
}

/// Why a match cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// An engine cannot be talked to any more.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// An engine failed a command the game needs.
    #[error("{name} failed {command:?}: {answer}")]
    Refused {
        /// The engine.
        name: String,
        /// The command.
        command: String,
        /// Its answer.
        answer: String,
    },
    /// The referee refused the board or komi.
    #[error(transparent)]
    Referee(#[from] EngineError),
    /// The game could not be written as SGF.
    #[error(transparent)]
    Sgf(#[from] WriteError),
    /// The SGF file could not be written.
    #[error("writing {}: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq)]
pub enum End {
    /// The referee's ruleset says the game is over (passes).
    Passes,
    /// A player resigned.
    Resignation(Color),
    /// A player made a move the referee forbids (or no move at all).
    Illegal {
        /// Who played it.
        color: Color,
        /// The move as the engine gave it.
        mv: String,
        /// Why it is illegal (a reason code, or `not-a-move`).
        reason: String,
        /// The rule that forbids it.
        rule: String,
    },
    /// `--max-moves` was reached.
    MaxMoves,
    /// An engine failed a command or refused a move the referee allows.
    EngineError(String),
}

impl End {
    /// A stable kebab-case code.
    #[must_use]
    pub fn code(&self) -> &'static str {
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
pub struct Player {
    /// The engine's process.
    pub process: GtpProcess,
    /// Its name and version, as it gives them.
    pub name: String,
    knows_final_score: bool,
    knows_final_status_list: bool,
    knows_gorules_dead: bool,
}

impl Player {
    /// Starts the engine `command` and asks its name and what it knows.
    ///
    /// # Errors
    /// When it cannot be started or talked to.
    pub fn start(command: &str, timeout: Duration) -> Result<Player, ClientError> {
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
    fn must(&mut self, command: &str) -> Result<String, MatchError> {
        match answer(&mut self.process, command)? {
            Ok(t) => Ok(t),
            Err(e) => Err(MatchError::Refused {
                name: self.name.clone(),
                command: command.to_owned(),
                answer: e,
            }),
        }
    }
}

fn answer(p: &mut GtpProcess, command: &str) -> Result<Result<String, String>, ClientError> {
    p.send(command)
}

/// What one game gave.
pub struct GameReport {
    /// The game's number in the match, from 1.
    pub number: u32,
    /// The engines' names, by colour.
    pub names: PerColor<String>,
    /// Moves played.
    pub moves: u32,
    /// How it ended.
    pub end: End,
    /// The result, as an SGF `RE`.
    pub result: String,
    /// The referee's count.
    pub referee: Option<String>,
    /// When the game ended by passes and the referee's count rests on undecided points: how
    /// many, and the range of results deciding them could give.
    pub undecided: Option<(u32, String)>,
    /// What the referee noticed.
    pub referee_notes: Vec<String>,
    /// Each engine's `final_score`.
    pub engine_scores: PerColor<Option<String>>,
    /// Whether each engine's count agrees with the referee's (`None`: not compared).
    pub agree: PerColor<Option<bool>>,
    /// The dead stones the referee counted with.
    pub dead: Vec<String>,
    /// Where the game was written.
    pub sgf: Option<PathBuf>,
}

/// Plays one game. `Err` only when an engine cannot be talked to any more.
///
/// # Errors
/// When an engine cannot be talked to, refuses to set up the game, or the game cannot be
/// written.
pub fn play_game(
    number: u32,
    players: &mut PerColor<&mut Player>,
    referee: &mut Engine,
    dead_from: Option<Color>,
    options: &MatchOptions,
) -> Result<GameReport, MatchError> {
    let size = options.size;
    let komi = options.komi;
    let max_moves = options.max_moves;
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
        if options.verbose {
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
        if let Ok(chains) = referee.final_status(crate::Status::Dead) {
            dead = chains
                .iter()
                .flatten()
                .map(|&p| crate::vertex::vertex(&topo, p))
                .collect();
        }
        for c in Color::BOTH {
            let p = &mut players[c];
            if options.share_dead && p.knows_gorules_dead && !dead.is_empty() {
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
                .as_ref()
                .map_or_else(|| "unknown".to_owned(), rules_words::range_with_winner);
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
    record.info.date = Some(words::today());
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
    if let Some(dir) = &options.sgf_dir {
        let comment = words::game_comment(&report, referee);
        let sgf = write_sgf(
            &record,
            &WriteOptions {
                application: Some(options.application.clone()),
                game_comment: Some(comment),
            },
        )?;
        let path = dir.join(format!("game-{number:03}.sgf"));
        std::fs::write(&path, sgf).map_err(|error| MatchError::Write {
            path: path.clone(),
            error,
        })?;
        report.sgf = Some(path);
    }
    Ok(report)
}

#[cfg(test)]
mod game_tests;
#[cfg(test)]
mod tests;
