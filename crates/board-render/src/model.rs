//! The picture model: a board and everything drawn on it, independent of how it is drawn.

use crate::RenderError;
use rules_core::score::points;
use rules_core::{
    Action, Board, Color, GameRecord, PerColor, Point, PointKind, PointValue, Policy, Reason,
    RecordedMove, Replayed, ScoringMethod, Topology,
};
use std::collections::HashSet;
use std::sync::Arc;

/// A board position and everything a picture of it shows.
///
/// Every field is public: build one with [`Picture::new`] or [`Picture::from_replay`] and
/// change what you like. Per-point lists (`stones`, `move_numbers`, the overlay's values) have
/// one entry per point of `topology`, by point index; the renderers check this.
#[derive(Debug, Clone)]
pub struct Picture {
    /// The board's points and adjacency.
    pub topology: Arc<Topology>,
    /// The stone on each point.
    pub stones: Vec<Option<Color>>,
    /// Who is to move, when the game is not over (shown in the caption).
    pub to_move: Option<Color>,
    /// The last move carried out.
    pub last_move: Option<LastMove>,
    /// For each point, the number of the move that put the stone now on it (`None` for an
    /// empty point or a setup stone). Drawn only when a renderer is asked for move numbers.
    /// Empty when unknown.
    pub move_numbers: Vec<Option<u32>>,
    /// The first forbidden move, highlighted with its reason.
    pub forbidden: Option<ForbiddenMark>,
    /// Opponent stones each player has captured so far.
    pub captures: Option<PerColor<u32>>,
    /// A ruleset's count, point by point.
    pub overlay: Option<Overlay>,
    /// Points whose claim is disputed (Pauli rule 17), when a caller knows of some.
    pub disputes: Vec<Disputed>,
    /// A heading: the file, game, ruleset and move.
    pub title: Option<String>,
    /// Anything else worth a line under the picture (the caller's words).
    pub notes: Vec<String>,
    /// Why the position shows no count although it was replayed for one: the ruleset's
    /// error (its count's, or its point values'), or `None` when it gave no reason. Set only
    /// when `overlay` is `None`.
    pub uncounted: Option<String>,
}

/// The last move carried out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMove {
    /// Its number (moves and passes counted from 1).
    pub number: u32,
    /// Who played it.
    pub color: Color,
    /// Where, or `None` for a pass.
    pub point: Option<Point>,
}

/// A forbidden move, as the replay found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForbiddenMark {
    /// Its number in the record.
    pub number: u32,
    /// Who played it.
    pub color: Color,
    /// The point, when it is on the board (`None` for a pass or an off-board point).
    pub point: Option<Point>,
    /// The move as written for people: a GTP vertex or SGF point, the record's text for an
    /// off-board point, or `pass`.
    pub label: String,
    /// Why it is forbidden.
    pub reason: Reason,
    /// The rule that forbids it.
    pub rule: String,
    /// Whether the replay carried it out anyway (`--play-on`).
    pub played: bool,
}

/// One ruleset's count of the position, point by point.
#[derive(Debug, Clone, PartialEq)]
pub struct Overlay {
    /// The ruleset's id (`chinese`).
    pub ruleset: String,
    /// How it counts: decides the legend's words (area, shared dame, Pauli's control).
    pub method: ScoringMethod,
    /// What each point is worth, and why ([`rules_core::GameState::point_values`]).
    pub values: Vec<PointValue>,
    /// Each player's total (captures and komi included), when the position was scored.
    pub totals: Option<PerColor<f64>>,
    /// The result on the count (`B+4.5`).
    pub result: Option<String>,
    /// Points the count left undecided (its `undecided_points`: the control test proved
    /// nothing about them, and for an area count they are points the count depends on).
    /// They are counted as they stand; those the count gave a kind of its own (a stone,
    /// territory, dame) are drawn with a `?` beside their symbol, the others as undecided.
    pub undecided: Vec<Point>,
    /// Dead stones no proof or markup gives: the estimator's or an engine's
    /// (`Assessment::unproved`). The SVG crosses them in a dashed amber line instead of the
    /// solid red of proved and agreed dead stones; the text forms list them in a note.
    pub estimated: Vec<Point>,
}

/// A disputed claim on one point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disputed {
    /// The disputed point.
    pub point: Point,
    /// What the dispute is, in words (who claims what, who proves, who won).
    pub note: String,
}

impl Picture {
    /// A picture of `board` as it stands: stones only.
    #[must_use]
    pub fn new(board: &Board) -> Picture {
        Picture {
            topology: Arc::clone(board.topology()),
            stones: board.coloring(),
            to_move: None,
            last_move: None,
            move_numbers: Vec::new(),
            forbidden: None,
            captures: None,
            overlay: None,
            disputes: Vec::new(),
            title: None,
            notes: Vec::new(),
            uncounted: None,
        }
    }

    /// The picture of a finished replay of `record`: the final board, who is to move (unless
    /// the game is over), the last move carried out, the number of the move that put each
    /// stone on its point, the first forbidden move, captures, and the ruleset's count point
    /// by point (with the assessment the replay used). When the position cannot be counted
    /// the overlay is left out and `uncounted` keeps the ruleset's reason; the notes under
    /// the picture are the caller's.
    ///
    /// To picture the position after move *M*, replay a record cut after move *M*.
    #[must_use]
    pub fn from_replay(record: &GameRecord, replayed: &Replayed) -> Picture {
        let state = replayed.state.as_ref();
        let verdict = &replayed.verdict;
        let board = state.board();
        let topo = board.topology();
        let mut picture = Picture::new(board);
        if !state.is_over() {
            picture.to_move = Some(state.to_move());
        }
        picture.captures = Some(verdict.captures);

        // Which moves were carried out: all but the forbidden ones that were skipped, and
        // none from the first forbidden move on when the replay stopped there.
        let stop_at = match verdict.on_forbidden {
            Policy::Stop => verdict.first_forbidden.as_ref().map(|f| f.move_number),
            Policy::PlayOn => None,
        };
        let skipped: HashSet<u32> = verdict
            .forbidden
            .iter()
            .filter(|f| !f.played)
            .map(|f| f.move_number)
            .collect();
        let mut placed: Vec<Option<(u32, Color)>> = vec![None; topo.len()];
        let mut number = 0u32;
        for action in &record.actions {
            match action {
                Action::Setup(edits) => {
                    for (p, _) in edits {
                        if let Some(slot) = placed.get_mut(p.index()) {
                            *slot = None;
                        }
                    }
                }
                Action::Move { color, mv } => {
                    number += 1;
                    if stop_at.is_some_and(|s| number >= s) {
                        break;
                    }
                    if skipped.contains(&number) {
                        continue;
                    }
                    let point = match mv {
                        RecordedMove::Place(p) => Some(*p),
                        RecordedMove::Pass | RecordedMove::OffBoard(_) => None,
                    };
                    if let Some(p) = point {
                        placed[p.index()] = Some((number, *color));
                    }
                    picture.last_move = Some(LastMove {
                        number,
                        color: *color,
                        point,
                    });
                }
                Action::SetPlayer(_) | Action::RemoveCycle { .. } => {}
            }
        }
        picture.move_numbers = placed
            .iter()
            .zip(&picture.stones)
            .map(|(placed, stone)| match (placed, stone) {
                (Some((n, c)), Some(s)) if c == s => Some(*n),
                _ => None,
            })
            .collect();

        if let Some(f) = &verdict.first_forbidden {
            let point = f.point.as_deref().and_then(|s| topo.parse_sgf(s));
            let label = match (&f.point, point) {
                (None, _) => "pass".to_owned(),
                (Some(_), Some(p)) => topo.label(p),
                (Some(raw), None) => raw.clone(),
            };
            picture.forbidden = Some(ForbiddenMark {
                number: f.move_number,
                color: f.color,
                point,
                label,
                reason: f.reason,
                rule: f.rule.clone(),
                played: f.played,
            });
        }

        match &verdict.score {
            Some(score) => {
                let input = replayed.scoring_input(record.handicap.unwrap_or(0));
                let estimated: Vec<Point> = replayed
                    .assessment
                    .unproved
                    .as_ref()
                    .map(|u| u.dead.clone())
                    .unwrap_or_default();
                match state.point_values(&input) {
                    Ok(values) => {
                        picture.overlay = Some(Overlay {
                            ruleset: verdict.ruleset.clone(),
                            method: score.method,
                            values,
                            totals: Some(PerColor::new(score.black.total, score.white.total)),
                            result: Some(rules_words::result_or_range(score)),
                            // The count's own list: an area count names only the
                            // undecided points it depends on.
                            undecided: score
                                .undecided_points
                                .iter()
                                .filter_map(|s| topo.parse_sgf(s))
                                .collect(),
                            estimated,
                        });
                    }
                    Err(e) => picture.uncounted = Some(e.to_string()),
                }
            }
            None => picture.uncounted.clone_from(&verdict.score_error),
        }
        picture
    }

    /// Checks that every per-point list fits the board and every point is on it.
    ///
    /// # Errors
    /// [`RenderError::Mismatch`] or [`RenderError::PointOffBoard`].
    pub fn check(&self) -> Result<(), RenderError> {
        let n = self.topology.len();
        let fits = |what: &'static str, got: usize, optional: bool| {
            if got == n || (optional && got == 0) {
                Ok(())
            } else {
                Err(RenderError::Mismatch {
                    what,
                    got,
                    points: n,
                })
            }
        };
        fits("stones", self.stones.len(), false)?;
        fits("move numbers", self.move_numbers.len(), true)?;
        if let Some(o) = &self.overlay {
            fits("point values", o.values.len(), false)?;
        }
        let on = |what: &'static str, p: Point| {
            if p.index() < n {
                Ok(())
            } else {
                Err(RenderError::PointOffBoard {
                    what,
                    index: p.index(),
                })
            }
        };
        if let Some(p) = self.last_move.as_ref().and_then(|m| m.point) {
            on("last move", p)?;
        }
        if let Some(p) = self.forbidden.as_ref().and_then(|f| f.point) {
            on("forbidden move", p)?;
        }
        for d in &self.disputes {
            on("disputes", d.point)?;
        }
        Ok(())
    }

    /// The count's kind of point `p`, when there is an overlay.
    pub(crate) fn kind(&self, p: usize) -> Option<PointKind> {
        self.overlay.as_ref().map(|o| o.values[p].kind)
    }

    /// The move number to draw on point `p`.
    pub(crate) fn number(&self, p: usize) -> Option<u32> {
        self.move_numbers.get(p).copied().flatten()
    }

    /// Whether `p` is the last move's point.
    pub(crate) fn is_last(&self, p: usize) -> bool {
        self.last_move
            .as_ref()
            .and_then(|m| m.point)
            .is_some_and(|q| q.index() == p)
    }

    /// Whether `p` is the forbidden move's point.
    pub(crate) fn is_forbidden(&self, p: usize) -> bool {
        self.forbidden
            .as_ref()
            .and_then(|f| f.point)
            .is_some_and(|q| q.index() == p)
    }

    /// By point: whether it is undecided but counted as it stands: the count gave it a kind
    /// of its own (a stone, territory, dame) rather than [`PointKind::Undecided`], which has
    /// its own symbol. Computed once per drawing (a lookup per point would be quadratic).
    pub(crate) fn counted_undecided(&self) -> Vec<bool> {
        let mut out = vec![false; self.stones.len()];
        if let Some(o) = &self.overlay {
            for q in &o.undecided {
                let counted = o
                    .values
                    .get(q.index())
                    .is_some_and(|v| v.kind != PointKind::Undecided);
                if let Some(slot) = out.get_mut(q.index()).filter(|_| counted) {
                    *slot = true;
                }
            }
        }
        out
    }

    /// Whether `p` is disputed.
    pub(crate) fn is_disputed(&self, p: usize) -> bool {
        self.disputes.iter().any(|d| d.point.index() == p)
    }

    /// The lines of text under a picture: move, forbidden move, captures, count, disputes,
    /// notes. Shared by both renderers.
    pub(crate) fn info_lines(&self) -> Vec<String> {
        let topo = &self.topology;
        let mut lines = Vec::new();
        if let Some(m) = &self.last_move {
            let at = m.point.map_or_else(|| "pass".to_owned(), |p| topo.label(p));
            lines.push(format!("Last move: {} {} {at}", m.number, m.color.letter()));
        }
        if let Some(c) = self.to_move {
            lines.push(format!("{c} to move"));
        }
        if let Some(f) = &self.forbidden {
            lines.push(format!(
                "Forbidden: move {} {} {}: {}{} ({})",
                f.number,
                f.color.letter(),
                f.label,
                f.reason,
                if f.played { ", played anyway" } else { "" },
                f.rule
            ));
        }
        if let Some(c) = &self.captures {
            lines.push(format!(
                "Captures: Black has taken {}, White has taken {}",
                c.black, c.white
            ));
        }
        if let Some(o) = &self.overlay {
            let mut s = format!("Count ({}, {})", o.ruleset, method_words(o.method));
            if let Some(t) = &o.totals {
                s.push_str(&format!(
                    ": Black {}, White {}",
                    points(t.black),
                    points(t.white)
                ));
                if !o.undecided.is_empty() {
                    s.push_str(" as they stand");
                }
            }
            // A count resting on undecided points carries the range deciding them could
            // give, not a result (`rules_words::result_or_range`).
            if let Some(r) = &o.result {
                s.push_str(&format!(", {r}"));
            }
            lines.push(s);
        }
        for d in &self.disputes {
            lines.push(format!("Disputed {}: {}", topo.label(d.point), d.note));
        }
        lines.extend(self.notes.iter().cloned());
        lines
    }
}

/// How a counting method is named in captions.
pub(crate) fn method_words(m: ScoringMethod) -> &'static str {
    match m {
        ScoringMethod::Area => "area",
        ScoringMethod::AreaWithCaptures => "area plus captures",
        ScoringMethod::AreaSharedDame => "area, dame shared",
        ScoringMethod::Territory => "control, Pauli rule 5",
    }
}
