//! The protocol: each command's arguments read, the engine asked, the answer written
//! (docs/gtp.md lists the commands and their replies).

use super::sgf::read_record_file;
use super::words::{score_lines, syntax, unsettled_words};
use super::*;

impl Engine {
    /// Whether `quit` was received.
    #[must_use]
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Answers one raw input line: `None` for a line that holds no command (empty, blank or
    /// a comment), else the whole response, empty line included.
    pub fn handle_line(&mut self, raw: &str) -> Option<String> {
        let line = preprocess(raw)?;
        Some(match parse_command(&line) {
            Ok(cmd) => {
                let response = self.execute(&cmd);
                format_response(cmd.id, &response)
            }
            Err(e) => format_response(e.id, &Response::Failure(e.message)),
        })
    }

    /// Reads commands from `input` and answers on `output`, flushing after every response,
    /// until `quit` or the end of the input.
    ///
    /// # Errors
    /// Errors reading or writing.
    pub fn serve<R: BufRead, W: Write>(&mut self, mut input: R, mut output: W) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            if input.read_until(b'\n', &mut buf)? == 0 {
                return Ok(());
            }
            if buf.last() == Some(&b'\n') {
                buf.pop();
            }
            let line = String::from_utf8_lossy(&buf);
            if let Some(response) = self.handle_line(&line) {
                output.write_all(response.as_bytes())?;
                output.flush()?;
            }
            if self.quit {
                return Ok(());
            }
        }
    }

    /// Carries out one command.
    pub fn execute(&mut self, cmd: &Command) -> Response {
        let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
        match cmd.name.as_str() {
            "protocol_version" => Response::text("2"),
            "name" => Response::text(self.name.clone()),
            "version" => Response::text(self.version.clone()),
            "known_command" => match args.as_slice() {
                [name] => Response::text(if COMMANDS.contains(name) {
                    "true"
                } else {
                    "false"
                }),
                _ => syntax("known_command takes a command name"),
            },
            "list_commands" => Response::text(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Response::ok()
            }
            "boardsize" => self.cmd_boardsize(&args),
            "clear_board" => {
                self.clear();
                Response::ok()
            }
            "komi" => match args.as_slice() {
                [k] => match k.parse::<f64>().map(|k| self.set_komi(k)) {
                    Ok(Ok(())) => Response::ok(),
                    Ok(Err(e)) => syntax(e),
                    Err(_) => syntax("komi must be a number"),
                },
                _ => syntax("komi takes one number"),
            },
            "play" => self.cmd_play(&args),
            "genmove" | "kgs-genmove_cleanup" => self.cmd_genmove(&args, true),
            "reg_genmove" => self.cmd_genmove(&args, false),
            "undo" => {
                if self.undo() {
                    Response::ok()
                } else {
                    Response::fail("cannot undo")
                }
            }
            "showboard" => Response::text(format!("\n{}", self.diagram())),
            "final_score" => match self.score() {
                Ok(s) if s.is_settled() => Response::text(gtp_result(&s)),
                Ok(s) => Response::fail(format!("cannot score: {}", unsettled_words(&s))),
                Err(e) => Response::fail(format!("cannot score: {e}")),
            },
            "final_status_list" => self.cmd_final_status_list(&args),
            "fixed_handicap" | "place_free_handicap" => self.cmd_fixed_handicap(&args),
            "set_free_handicap" => self.cmd_set_free_handicap(&args),
            "loadsgf" => self.cmd_loadsgf(&args),
            "printsgf" => self.cmd_printsgf(&args),
            "is_legal" => match self.color_and_move(&args) {
                Ok((c, mv)) => Response::text(if self.check(c, mv).is_none() {
                    "1"
                } else {
                    "0"
                }),
                Err(Some(())) => Response::text("0"),
                Err(None) => syntax("is_legal takes a color and a vertex"),
            },
            "time_settings" => match args.as_slice() {
                [a, b, c] if [a, b, c].iter().all(|s| s.parse::<u64>().is_ok()) => Response::ok(),
                _ => syntax("time_settings takes three integers"),
            },
            "time_left" => match args.as_slice() {
                [c, t, s]
                    if parse_color(c).is_some()
                        && t.parse::<f64>().is_ok()
                        && s.parse::<u64>().is_ok() =>
                {
                    Response::ok()
                }
                _ => syntax("time_left takes a color and two numbers"),
            },
            "kgs-rules" => match args.as_slice() {
                [name] if !KGS_RULES.contains(name) => Response::fail(format!(
                    "unknown rules: {name} (KGS names {})",
                    KGS_RULES.join(", ")
                )),
                [name] => match self.set_rules(name, RulesNaming::Kgs) {
                    Ok(_) => Response::ok(),
                    Err(e) => Response::fail(format!("unknown rules: {e}")),
                },
                _ => syntax("kgs-rules takes one rules name"),
            },
            "kgs-game_over" => Response::ok(),
            "kata-set-rules" => self.cmd_kata_set_rules(&args),
            "kata-get-rules" => self.cmd_kata_get_rules(&args),
            "gogui-analyze_commands" => Response::text(
                [
                    "string/gorules: rules/gorules-rules",
                    "string/gorules: score breakdown/gorules-score",
                    "string/gorules: prohibited points/gorules-prohibited %c",
                    "string/gorules: cycles (Pauli)/gorules-cycles",
                    "string/gorules: dead stones/gorules-dead",
                ]
                .join("\n"),
            ),
            "gorules-rules" => {
                if !args.is_empty() {
                    if let Err(e) = self.set_rules(&args.join(" "), RulesNaming::Gorules) {
                        return Response::fail(e);
                    }
                }
                Response::text(format!(
                    "{}\n{}\n{}",
                    self.ruleset.id(),
                    self.ruleset.describe(),
                    self.rules_how
                ))
            }
            "gorules-explain_move" => match self.color_and_move(&args) {
                Ok((c, mv)) => match self.check(c, mv) {
                    None => Response::text("legal"),
                    Some(i) => Response::text(format!("illegal {}: {}", i.reason, i.rule)),
                },
                Err(Some(_)) => Response::text("illegal off-board: the vertex is not on the board"),
                Err(None) => syntax("gorules-explain_move takes a color and a vertex"),
            },
            "gorules-prohibited" => self.cmd_prohibited(&args),
            "gorules-cycles" => self.cmd_cycles(),
            "gorules-remove_cycle" => self.cmd_remove_cycle(&args),
            "gorules-dead" => self.cmd_dead(&args),
            "gorules-score" => match self.score() {
                Ok(s) => Response::text(score_lines(&s, self.board().topology())),
                Err(e) => Response::fail(format!("cannot score: {e}")),
            },
            _ => Response::fail("unknown command"),
        }
    }

    fn cmd_boardsize(&mut self, args: &[&str]) -> Response {
        match args {
            [n] => match n.parse::<usize>() {
                Ok(n) => match self.set_board_size(n) {
                    Ok(()) => Response::ok(),
                    Err(_) => Response::fail(format!(
                        "unacceptable size: {n} (GTP boards are 1x1 to 25x25)"
                    )),
                },
                Err(_) => syntax("boardsize takes an integer"),
            },
            _ => syntax("boardsize takes one integer"),
        }
    }

    /// A colour and a move. `Err(Some(()))` for a well-formed vertex off the board,
    /// `Err(None)` for a syntax error.
    fn color_and_move(&self, args: &[&str]) -> Result<(Color, Move), Option<()>> {
        let [c, v] = args else {
            return Err(None);
        };
        let color = parse_color(c).ok_or(None)?;
        match parse_move(&self.topo, v) {
            Ok(mv) => Ok((color, mv)),
            Err(VertexError::OffBoard) => Err(Some(())),
            Err(VertexError::Syntax) => Err(None),
        }
    }

    fn cmd_play(&mut self, args: &[&str]) -> Response {
        match self.color_and_move(args) {
            Ok((color, mv)) => match self.play(color, mv) {
                Ok(()) => Response::ok(),
                Err(_) => Response::fail("illegal move"),
            },
            Err(Some(())) => Response::fail("illegal move"),
            Err(None) => syntax("play takes a color and a vertex"),
        }
    }

    fn cmd_genmove(&mut self, args: &[&str], play: bool) -> Response {
        let [c] = args else {
            return syntax("genmove takes a color");
        };
        let Some(color) = parse_color(c) else {
            return syntax("invalid color");
        };
        let mv = if play {
            self.genmove(color)
        } else {
            self.choose(color)
        };
        Response::text(format_move(&self.topo, mv))
    }

    fn cmd_final_status_list(&mut self, args: &[&str]) -> Response {
        let status = match args {
            [s] => match s.to_ascii_lowercase().as_str() {
                "alive" => Status::Alive,
                "dead" => Status::Dead,
                "seki" => Status::Seki,
                _ => return syntax("the status is alive, dead or seki"),
            },
            _ => return syntax("final_status_list takes a status"),
        };
        match self.final_status(status) {
            Ok(chains) => Response::text(
                chains
                    .iter()
                    .map(|c| self.vertices(c))
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            Err(e) => Response::fail(format!("cannot score: {e}")),
        }
    }

    fn cmd_fixed_handicap(&mut self, args: &[&str]) -> Response {
        let [n] = args else {
            return syntax("takes a number of stones");
        };
        let Ok(n) = n.parse::<usize>() else {
            return syntax("the number of stones is an integer");
        };
        let Some(stones) = handicap::fixed(&self.topo, n) else {
            return Response::fail("invalid number of stones");
        };
        match self.place_handicap(&stones) {
            Ok(()) => Response::text(self.vertices(&stones)),
            Err(e) => Response::fail(e),
        }
    }

    fn cmd_set_free_handicap(&mut self, args: &[&str]) -> Response {
        let mut stones = Vec::new();
        for a in args {
            match vertex::parse_vertex(&self.topo, a) {
                Ok(p) => stones.push(p),
                Err(_) => return syntax(format!("bad vertex list: {a}")),
            }
        }
        match self.place_handicap(&stones) {
            Ok(()) => Response::ok(),
            Err(e) => Response::fail(e),
        }
    }

    fn cmd_loadsgf(&mut self, args: &[&str]) -> Response {
        let (path, until) = match args {
            [path] => (*path, None),
            [path, n] => match n.parse::<usize>() {
                Ok(n) => (*path, Some(n)),
                Err(_) => return syntax("the move number is an integer"),
            },
            _ => return syntax("loadsgf takes a file name and an optional move number"),
        };
        let bytes = match read_record_file(path) {
            Ok(b) => b,
            Err(e) => return Response::fail(format!("cannot load file: {e}")),
        };
        match self.load_sgf(&bytes, until) {
            Ok(()) => Response::ok(),
            Err(e) => Response::fail(format!("cannot load file: {e}")),
        }
    }

    fn cmd_printsgf(&mut self, args: &[&str]) -> Response {
        let options = WriteOptions {
            application: Some(format!("{}:{}", self.name, self.version)),
            game_comment: None,
        };
        let sgf = match write_sgf(&self.record(), &options) {
            Ok(s) => s,
            Err(e) => return Response::fail(e.to_string()),
        };
        match args {
            [] => Response::text(sgf.trim_end().to_owned()),
            [path] => match std::fs::write(path, sgf) {
                Ok(()) => Response::ok(),
                Err(e) => Response::fail(format!("cannot write file: {e}")),
            },
            _ => syntax("printsgf takes an optional file name"),
        }
    }

    fn cmd_prohibited(&mut self, args: &[&str]) -> Response {
        let color = match args {
            [] => self.state().to_move(),
            [c] => match parse_color(c) {
                Some(c) => c,
                None => return syntax("invalid color"),
            },
            _ => return syntax("gorules-prohibited takes an optional color"),
        };
        let mut lines = Vec::new();
        for p in self.topo.points() {
            if !self.board().is_empty_at(p) {
                continue;
            }
            if let Some(i) = self.check(color, Move::Place(p)) {
                lines.push(format!("{} {}", vertex::vertex(&self.topo, p), i.reason));
            }
        }
        Response::text(lines.join("\n"))
    }

    fn cmd_cycles(&mut self) -> Response {
        let Some(game) = pauli::PauliGame::from_state(self.state()) else {
            return Response::fail(format!(
                "{} has no cycles to remove (only pauli does)",
                self.ruleset.id()
            ));
        };
        let lines: Vec<String> = game
            .cycles()
            .iter()
            .map(|c| {
                format!(
                    "{} {} used {} gains black {} white {}",
                    c.start,
                    if c.disturbing {
                        "disturbing"
                    } else {
                        "not-disturbing"
                    },
                    self.vertices(&c.used),
                    c.gains.black,
                    c.gains.white
                )
            })
            .collect();
        Response::text(lines.join("\n"))
    }

    fn cmd_remove_cycle(&mut self, args: &[&str]) -> Response {
        let [start] = args else {
            return syntax("gorules-remove_cycle takes the cycle's start (turns played)");
        };
        let Ok(start) = start.parse::<u32>() else {
            return syntax("the cycle's start is an integer");
        };
        let color = self.state().to_move();
        let turn = Turn {
            color,
            pre: Some(PreAction::RemoveCycle { start }),
            mv: Move::Pass,
        };
        match self.state().check(&turn) {
            Ok(()) => {
                self.pending_removal = Some((color, start));
                Response::ok()
            }
            Err(i) => Response::fail(format!("cannot remove: {}: {}", i.reason, i.rule)),
        }
    }

    fn cmd_dead(&mut self, args: &[&str]) -> Response {
        match args {
            [] => {
                let dead = self.dead.clone().unwrap_or_default();
                let board = self.board();
                let mut seen = vec![false; board.len()];
                let mut lines = Vec::new();
                for &p in &dead {
                    if seen[p.index()] {
                        continue;
                    }
                    let mut chain: Vec<Point> = board.chain(p).collect();
                    chain.sort_unstable();
                    for s in &chain {
                        seen[s.index()] = true;
                    }
                    lines.push(self.vertices(&chain));
                }
                Response::text(lines.join("\n"))
            }
            [none] if none.eq_ignore_ascii_case("none") => {
                self.dead = None;
                Response::ok()
            }
            _ => {
                let mut pts = Vec::new();
                for a in args {
                    match vertex::parse_vertex(&self.topo, a) {
                        Ok(p) => pts.push(p),
                        Err(_) => return syntax(format!("bad vertex list: {a}")),
                    }
                }
                match self.set_dead(&pts) {
                    Ok(()) => Response::ok(),
                    Err(e) => Response::fail(e),
                }
            }
        }
    }

    /// The board as text, with the game's facts beside it.
    fn diagram(&self) -> String {
        let board = self.board();
        let (w, h) = self.topo.grid_size().expect("GTP boards are grids");
        let letters: String = vertex::COLUMNS[..w]
            .iter()
            .map(|&c| format!(" {}", c as char))
            .collect();
        let state = self.state();
        let tally = state.tally();
        let mut facts = vec![
            format!("rules: {}", self.ruleset.id()),
            format!("komi: {}", points(self.komi())),
            format!("to move: {}", color_name(state.to_move())),
            format!("moves: {}", tally.turns),
            format!(
                "captures: black {}, white {}",
                tally.captures.black, tally.captures.white
            ),
        ];
        if self.handicap > 0 {
            facts.push(format!("handicap: {}", self.handicap));
        }
        if state.is_over() {
            facts.push("the game is over".to_owned());
        }
        let last = self.steps.iter().rev().find_map(|s| match s {
            Step::Turn(t) => Some(*t),
            _ => None,
        });
        if let Some(t) = last {
            facts.push(format!(
                "last move: {} {}",
                color_name(t.color),
                format_move(&self.topo, t.mv)
            ));
        }
        let mut out = String::new();
        let _ = writeln!(out, "  {letters}");
        for y in 0..h {
            let row = h - y;
            let _ = write!(out, "{row:>2}");
            for x in 0..w {
                let p = self.topo.at(x, y).expect("on the grid");
                out.push(' ');
                out.push(match board.get(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            match facts.get(y) {
                Some(f) => {
                    let _ = write!(out, " {row:<2}    {f}");
                }
                None => {
                    let _ = write!(out, " {row}");
                }
            }
            out.push('\n');
        }
        let _ = write!(out, "  {letters}");
        for f in facts.iter().skip(h) {
            let _ = write!(out, "\n    {f}");
        }
        out
    }
}
