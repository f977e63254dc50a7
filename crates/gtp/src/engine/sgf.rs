//! Games in and out as SGF: `loadsgf` and `printsgf`.

use super::replay::replay_steps;
use super::*;

/// The bytes of a record file for `loadsgf`: a regular file (a FIFO or a device such as
/// `/dev/zero` would block or never end), read up to one byte past the SGF reader's size
/// limit so that `read_sgf` refuses a larger one with its own error.
pub(super) fn read_record_file(path: &str) -> io::Result<Vec<u8>> {
    use std::io::Read;
    if !std::fs::metadata(path)?.is_file() {
        return Err(io::Error::other("not a regular file"));
    }
    let limit = ReadOptions::default().limits.max_file_bytes as u64;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

impl Engine {
    /// The game so far as a record: the start position, the moves, komi, handicap, the
    /// rules text as given (`RU`), and the result when the game is over.
    #[must_use]
    pub fn record(&self) -> GameRecord {
        let mut r = GameRecord::new(self.topo.clone());
        if !self.start_setup.is_empty() {
            r.actions.push(Action::Setup(self.start_setup.clone()));
        }
        if self.start_to_move == Color::White {
            r.actions.push(Action::SetPlayer(Color::White));
        }
        for step in &self.steps {
            match step {
                Step::Turn(t) => {
                    if let Some(PreAction::RemoveCycle { start }) = t.pre {
                        r.actions.push(Action::RemoveCycle {
                            color: t.color,
                            start,
                        });
                    }
                    r.actions.push(Action::Move {
                        color: t.color,
                        mv: match t.mv {
                            Move::Pass => RecordedMove::Pass,
                            Move::Place(p) => RecordedMove::Place(p),
                        },
                    });
                }
                Step::Edit(e) => r.actions.push(Action::Setup(e.clone())),
                Step::SetPlayer(c) => r.actions.push(Action::SetPlayer(*c)),
            }
        }
        let komi = self.komi();
        r.komi = Some(Komi {
            value: komi,
            raw: points(komi),
        });
        r.handicap = (self.handicap > 0).then_some(self.handicap);
        r.rules = Some(self.rules_text.clone());
        if self.is_over() {
            if let Ok(s) = self.score() {
                r.result = Some(sgf_record::parse_result(&s.result()));
            }
        }
        if let Some(dead) = &self.dead {
            r.markup.dead = dead.clone();
        }
        r
    }

    /// Loads the main line of the first game of an SGF text, up to and not including move
    /// `until` (1-based; all moves when `None`). Board size, komi (when the file gives one),
    /// handicap, setup, moves and player to move come from the file; the rules stay.
    ///
    /// # Errors
    /// When the text holds no readable game, its board is not a square GTP can name, or a
    /// move is illegal under the engine's ruleset (then nothing changes).
    pub fn load_sgf(&mut self, bytes: &[u8], until: Option<usize>) -> Result<(), String> {
        let file = read_sgf(bytes, &ReadOptions::default()).map_err(|e| e.to_string())?;
        let record = match file.games.into_iter().next() {
            Some(Ok(r)) => r,
            Some(Err(e)) => return Err(e.to_string()),
            None => return Err("the file holds no game".to_owned()),
        };
        let size = match record.topology.grid_size() {
            Some((w, h)) if w == h && w <= MAX_SIZE => w,
            Some((w, h)) => {
                return Err(format!(
                    "the board is {w}x{h}; GTP boards are square, at most 25x25"
                ));
            }
            None => return Err("a graph board has no GTP form".to_owned()),
        };
        let (start, start_to_move, _) = rules_core::replay::start_position(&record);
        let start_setup: Vec<(Point, Option<Color>)> = record
            .topology
            .points()
            .filter_map(|p| start.get(p).map(|c| (p, Some(c))))
            .collect();
        let mut steps = Vec::new();
        for step in record.steps() {
            match step {
                RecordStep::Edit(e) => steps.push(Step::Edit(e.to_vec())),
                RecordStep::SetPlayer(c) => steps.push(Step::SetPlayer(c)),
                RecordStep::Move {
                    number,
                    color,
                    pre,
                    mv,
                } => {
                    if until.is_some_and(|n| number as usize >= n) {
                        break;
                    }
                    let mv = match mv {
                        RecordedMove::Pass => Move::Pass,
                        RecordedMove::Place(p) => Move::Place(*p),
                        RecordedMove::OffBoard(raw) => {
                            return Err(format!("move {number} ({raw}) is off the board"));
                        }
                    };
                    steps.push(Step::Turn(Turn { color, pre, mv }));
                }
            }
        }
        let state = replay_steps(
            self.ruleset.as_ref(),
            &record.topology,
            &start_setup,
            start_to_move,
            &steps,
        )
        .map_err(|e| e.describe(&record.topology, self.ruleset.id()))?;
        self.topo = record.topology.clone();
        debug_assert_eq!(self.topo.grid_size(), Some((size, size)));
        self.start_setup = start_setup;
        self.start_to_move = start_to_move;
        self.steps = steps;
        self.state = state;
        self.handicap = record.handicap.unwrap_or(0);
        if let Some(k) = &record.komi {
            self.komi = Some(k.value);
        }
        self.dead = None;
        self.pending_removal = None;
        Ok(())
    }
}
