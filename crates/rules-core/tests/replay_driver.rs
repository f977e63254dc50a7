//! The replay driver ([`rules_core::replay()`], [`rules_core::report()`]) through its public
//! API, driven by `Toy`: a ruleset that exists only here. Every real ruleset depends on
//! `rules-core`, so none can drive the driver inside this crate's tests; `Toy` lets these
//! tests pin down what belongs to the driver alone — alternation, off-board points, setups and
//! `PL` in mid-game, the policy at a forbidden move, turn and move numbering, komi, which
//! position is counted and with which assessment, the ending, and the comparison with the
//! recorded result — whatever any ruleset decides about legality.
//!
//! `Toy`'s rules: a stone goes on any empty point with the board's own captures
//! ([`Board::play`]), except on the points it is configured to forbid (each with its own
//! [`Illegal`]); two passes in a row end the game, and nothing may be played after that; the
//! count is each player's stones not taken as dead plus the points the assessment gives
//! him, with komi and one point per handicap stone to White. It reports a note at every
//! pass, a removed cycle at every turn with a pre-action, and a cycle when a stone is played
//! on its configured cycle point.

use rules_core::record::{Finding, Komi};
use rules_core::replay::{check_result, start_position};
use rules_core::{
    Action, Assessment, AssessmentChoice, AssessmentSource, Assessor, Board, CheckFact,
    CheckStatus, Color, Counting, Ending, Event, EventNote, EventReport, GameRecord, GameState,
    Illegal, KomiSource, LikelyCause, Markup, Move, Noticed, Outcome, PerColor, Point, PointKind,
    PointValue, Policy, PreAction, Reason, RecordedMove, RecordedResult, ReplayOptions, Replayed,
    Ruleset, ScoreBreakdown, ScoreError, ScoringInput, ScoringMethod, SideScore, StartPosition,
    Tally, Topology, Turn, TurnEffect, count, replay, report,
};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

/// The rule `Toy` cites for moves after the end.
const TOY_AFTER_END: &str = "toy: nothing is played after two passes";

#[derive(Clone)]
struct Toy {
    id: &'static str,
    default_komi: f64,
    uses_assessment: bool,
    counting: Counting,
    /// Placing a stone here is forbidden for this reason; `force` carries it out.
    forbidden: Vec<(Point, Illegal)>,
    /// A stone here reports a cycle that started after this many turns.
    cycle: Option<(Point, u32)>,
    /// Whether the count fails.
    score_fails: bool,
}

impl Toy {
    fn new() -> Toy {
        Toy {
            id: "toy",
            default_komi: 7.5,
            uses_assessment: true,
            counting: Counting::Area,
            forbidden: Vec::new(),
            cycle: None,
            score_fails: false,
        }
    }

    fn forbid(mut self, p: &str, reason: Reason, repeats_turn: Option<u32>) -> Toy {
        self.forbidden.push((
            pt(p),
            Illegal {
                reason,
                rule: "toy: this point is forbidden",
                repeats_turn,
            },
        ));
        self
    }
}

impl Ruleset for Toy {
    fn id(&self) -> &'static str {
        self.id
    }
    fn describe(&self) -> String {
        format!("{} (komi {})", self.id, self.default_komi)
    }
    fn default_komi(&self) -> f64 {
        self.default_komi
    }
    fn uses_assessment(&self) -> bool {
        self.uses_assessment
    }
    fn counting(&self) -> Counting {
        self.counting
    }
    fn start(&self, start: &StartPosition) -> Box<dyn GameState> {
        Box::new(ToyState {
            rules: self.clone(),
            board: start.board.clone(),
            to_move: start.to_move,
            passes_in_a_row: 0,
            over: false,
            tally: Tally::default(),
            events: Vec::new(),
        })
    }
}

#[derive(Clone)]
struct ToyState {
    rules: Toy,
    board: Board,
    to_move: Color,
    passes_in_a_row: u32,
    over: bool,
    tally: Tally,
    events: Vec<Event>,
}

impl ToyState {
    /// Carries out `turn` on an empty point (or a pass), legal or not.
    fn carry_out(&mut self, turn: &Turn) -> TurnEffect {
        if let Some(PreAction::RemoveCycle { start }) = turn.pre {
            self.events.push(Event::CycleRemoved {
                at: self.tally.turns,
                start,
                remover: turn.color,
                used: Vec::new(),
                gains: PerColor::new(0, 0),
            });
        }
        let mut effect = TurnEffect::default();
        match turn.mv {
            Move::Pass => {
                self.passes_in_a_row += 1;
                self.tally.passes += 1;
                self.events
                    .push(Event::Note(EventNote::ReplayGoesOnAfterEnd));
            }
            Move::Place(p) => {
                self.passes_in_a_row = 0;
                let played = self.board.play(p, turn.color);
                self.tally.captures[turn.color] += played.captured;
                self.tally.self_captures[turn.color] += played.suicided;
                effect.captured = played.captured;
                effect.suicided = played.suicided;
            }
        }
        self.tally.turns += 1;
        if let Some((p, start)) = self.rules.cycle {
            if turn.mv == Move::Place(p) {
                self.events.push(Event::Cycle {
                    at: self.tally.turns,
                    start,
                    disturbing: true,
                    remover: turn.color.opp(),
                    used: vec![p],
                    gains: PerColor::new(0, 0),
                });
            }
        }
        self.to_move = turn.color.opp();
        if self.passes_in_a_row >= 2 && !self.over {
            self.over = true;
            effect.ended = true;
        }
        effect
    }

    /// Whether the turn can be carried out at all: a stone needs an empty point.
    fn placeable(&self, turn: &Turn) -> Result<(), Illegal> {
        match turn.mv {
            Move::Place(p) if !self.board.is_empty_at(p) => {
                Err(Illegal::new(Reason::Occupied, "toy: one stone per point"))
            }
            _ => Ok(()),
        }
    }

    /// The count's two sides from an assessment (no komi).
    fn sides(&self, a: &Assessment) -> Result<PerColor<u32>, ScoreError> {
        let mut sides = PerColor::new(0, 0);
        for &d in &a.dead {
            if self.board.get(d).is_none() {
                return Err(ScoreError::BadAssessment(format!(
                    "dead mark on the empty point {}",
                    self.board.topology().sgf(d)
                )));
            }
        }
        for p in self.board.topology().points() {
            if let Some(c) = self.board.get(p) {
                if !a.dead.contains(&p) {
                    sides[c] += 1;
                }
            }
        }
        for c in Color::BOTH {
            sides[c] += a.territory[c].len() as u32;
        }
        Ok(sides)
    }
}

impl GameState for ToyState {
    fn board(&self) -> &Board {
        &self.board
    }
    fn to_move(&self) -> Color {
        self.to_move
    }
    fn is_over(&self) -> bool {
        self.over
    }
    fn check(&self, turn: &Turn) -> Result<(), Illegal> {
        if self.over {
            return Err(Illegal::new(Reason::AfterEnd, TOY_AFTER_END));
        }
        self.placeable(turn)?;
        if let Move::Place(p) = turn.mv {
            if let Some((_, illegal)) = self.rules.forbidden.iter().find(|(q, _)| *q == p) {
                return Err(illegal.clone());
            }
        }
        Ok(())
    }
    fn play(&mut self, turn: &Turn) -> Result<TurnEffect, Illegal> {
        self.check(turn)?;
        Ok(self.carry_out(turn))
    }
    fn force(&mut self, turn: &Turn) -> Result<TurnEffect, Illegal> {
        self.placeable(turn)?;
        Ok(self.carry_out(turn))
    }
    fn edit(&mut self, edits: &[(Point, Option<Color>)]) {
        self.board.setup(edits);
    }
    fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
    }
    fn tally(&self) -> Tally {
        self.tally
    }
    fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }
    fn score(&self, input: &ScoringInput<'_>) -> Result<ScoreBreakdown, ScoreError> {
        if self.rules.score_fails {
            return Err(ScoreError::Missing("toy cannot count".to_owned()));
        }
        let sides = self.sides(input.assessment)?;
        let side = |stones, komi| SideScore {
            stones,
            komi,
            ..SideScore::default()
        };
        let komi = input.komi + f64::from(input.handicap);
        let mut s = ScoreBreakdown::new(
            ScoringMethod::Area,
            side(sides.black, 0.0),
            side(sides.white, komi),
            komi,
        );
        s.assessment = input.assessment.source;
        s.set_undecided(&input.assessment.undecided, self.board.topology());
        Ok(s)
    }
    fn point_values(&self, input: &ScoringInput<'_>) -> Result<Vec<PointValue>, ScoreError> {
        self.sides(input.assessment)?;
        let a = input.assessment;
        let value = |p: Point, c: Color| {
            let live = self.board.get(p) == Some(c) && !a.dead.contains(&p);
            f64::from(u8::from(live) + u8::from(a.territory[c].contains(&p)))
        };
        Ok(self
            .board
            .topology()
            .points()
            .map(|p| PointValue {
                black: value(p, Color::Black),
                white: value(p, Color::White),
                kind: PointKind::Dame,
            })
            .collect())
    }
    fn box_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }
}

/// An assessor that answers with one assessment and counts its calls.
struct Fixed {
    assessment: Assessment,
    calls: AtomicU32,
    boards: Mutex<Vec<Vec<Option<Color>>>>,
}

impl Fixed {
    fn new(assessment: Assessment) -> Fixed {
        Fixed {
            assessment,
            calls: AtomicU32::new(0),
            boards: Mutex::new(Vec::new()),
        }
    }
    fn calls(&self) -> u32 {
        self.calls.load(Ordering::SeqCst)
    }
}

impl Assessor for Fixed {
    fn assess(&self, board: &Board) -> Assessment {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.boards.lock().unwrap().push(board.coloring());
        self.assessment.clone()
    }
}

fn topo() -> Arc<Topology> {
    Arc::new(Topology::square(5).unwrap())
}

/// A point of the 5×5 board by its SGF coordinate.
fn pt(s: &str) -> Point {
    topo().parse_sgf(s).unwrap()
}

/// A record on the 5×5 board from SGF-like tokens: `B[cc]` a move, `W[]` a pass, `B[zz]` an
/// off-board move, `AB[cc]`/`AW[cc]`/`AE[cc]` a one-point setup, `PL[W]` the player to move,
/// `WRC[2]` White removing the cycle that started after turn 2.
fn rec(tokens: &str) -> GameRecord {
    let topo = topo();
    let mut r = GameRecord::new(topo.clone());
    let color = |s: &str| if s == "B" { Color::Black } else { Color::White };
    for token in tokens.split_whitespace() {
        let (head, arg) = token.trim_end_matches(']').split_once('[').unwrap();
        let action = match head {
            "B" | "W" => Action::Move {
                color: color(head),
                mv: if arg.is_empty() {
                    RecordedMove::Pass
                } else {
                    topo.parse_sgf(arg).map_or_else(
                        || RecordedMove::OffBoard(arg.to_owned()),
                        RecordedMove::Place,
                    )
                },
            },
            "AB" | "AW" | "AE" => Action::Setup(vec![(
                topo.parse_sgf(arg).unwrap(),
                match head {
                    "AB" => Some(Color::Black),
                    "AW" => Some(Color::White),
                    _ => None,
                },
            )]),
            "PL" => Action::SetPlayer(color(arg)),
            "BRC" | "WRC" => Action::RemoveCycle {
                color: color(&head[..1]),
                start: arg.parse().unwrap(),
            },
            _ => panic!("unknown token {token}"),
        };
        r.actions.push(action);
    }
    r
}

fn with_result(mut r: GameRecord, raw: &str, outcome: Outcome) -> GameRecord {
    r.result = Some(RecordedResult {
        raw: raw.to_owned(),
        outcome,
    });
    r
}

fn score_result(r: GameRecord, winner: Color, margin: f64) -> GameRecord {
    let raw = format!(
        "{}+{margin}",
        if winner == Color::Black { "B" } else { "W" }
    );
    with_result(r, &raw, Outcome::Score { winner, margin })
}

/// A replay under `stop` with the komi `komi` and the assessment `a`.
fn run_with(r: &GameRecord, toy: &Toy, komi: f64, a: &Assessment) -> Replayed {
    replay(
        r,
        toy,
        &ReplayOptions {
            policy: Policy::Stop,
            komi: Some(komi),
        },
        AssessmentChoice::Given(a),
    )
}

fn run(r: &GameRecord, toy: &Toy, policy: Policy) -> Replayed {
    replay(
        r,
        toy,
        &ReplayOptions { policy, komi: None },
        AssessmentChoice::Given(&Assessment::none()),
    )
}

fn codes(noticed: &[Noticed]) -> Vec<&'static str> {
    noticed.iter().map(|n| n.code()).collect()
}

fn reasons(done: &Replayed) -> Vec<(u32, Reason, bool)> {
    done.verdict
        .forbidden
        .iter()
        .map(|f| (f.move_number, f.reason, f.played))
        .collect()
}

/// The start is the setup before the first move; the first mover is `PL` if given, else the
/// colour of the first move or cycle removal, else Black.
#[test]
fn the_start_is_the_setup_before_the_first_move() {
    let (board, to_move, first) = start_position(&rec("AB[aa] AW[bb] W[cc] AB[dd]"));
    assert_eq!(board.get(pt("aa")), Some(Color::Black));
    assert_eq!(board.get(pt("bb")), Some(Color::White));
    assert_eq!(
        board.get(pt("dd")),
        None,
        "a setup after the first move is no start"
    );
    assert_eq!((to_move, first), (Color::White, 2));
    let (_, to_move, first) = start_position(&rec("AB[aa] PL[W] AW[bb] B[cc]"));
    assert_eq!((to_move, first), (Color::White, 3));
    let (_, to_move, first) = start_position(&rec("WRC[0] B[cc]"));
    assert_eq!((to_move, first), (Color::White, 0));
    let (board, to_move, first) = start_position(&rec("AW[aa] AE[aa] AB[bb]"));
    assert_eq!((to_move, first), (Color::Black, 3));
    assert_eq!(board.stone_counts(), PerColor::new(1, 0));
    let (_, to_move, first) = start_position(&rec(""));
    assert_eq!((to_move, first), (Color::Black, 0));

    // The replay starts there: White moves first, and a first move by Black after `PL[W]` is
    // out of turn.
    let done = run(&rec("AB[aa] PL[W] B[cc]"), &Toy::new(), Policy::Stop);
    assert_eq!(reasons(&done), vec![(1, Reason::OutOfTurn, false)]);
    assert_eq!(done.state.board().get(pt("aa")), Some(Color::Black));
    assert!(
        codes(&done.verdict.noticed)
            .iter()
            .all(|c| *c != "player-set")
    );
    let done = run(&rec("AB[aa] W[cc] B[dd]"), &Toy::new(), Policy::Stop);
    assert!(done.verdict.legal);
    assert!(
        !codes(&done.verdict.noticed).contains(&"setup-after-first-move"),
        "the setup before the first move is the start, not an edit"
    );
}

/// A setup after the first move is applied and reported once, naming the move it follows;
/// after the replay stopped, nothing is applied.
#[test]
fn setups_in_mid_game_are_applied_and_reported_once() {
    let done = run(
        &rec("B[aa] AW[ee] W[bb] AB[dd] AE[aa] B[cc]"),
        &Toy::new(),
        Policy::Stop,
    );
    let board = done.state.board();
    assert_eq!(board.get(pt("ee")), Some(Color::White));
    assert_eq!(board.get(pt("dd")), Some(Color::Black));
    assert_eq!(board.get(pt("aa")), None);
    let setups: Vec<_> = done
        .verdict
        .noticed
        .iter()
        .filter(|n| matches!(n, Noticed::SetupAfterMove(_)))
        .collect();
    assert_eq!(setups, [&Noticed::SetupAfterMove(1)]);
    assert!(done.verdict.legal);

    // Stopped at move 2 (occupied): the later setup and `PL` are not applied.
    let done = run(
        &rec("B[aa] W[aa] AW[ee] PL[B] B[bb]"),
        &Toy::new(),
        Policy::Stop,
    );
    assert_eq!(reasons(&done), vec![(2, Reason::Occupied, false)]);
    assert_eq!(done.state.board().get(pt("ee")), None);
    assert_eq!(done.state.board().get(pt("bb")), None);
    assert_eq!(done.state.to_move(), Color::White);
    assert_eq!(codes(&done.verdict.noticed), vec!["komi-default"]);
    assert_eq!(
        (done.verdict.moves_total, done.verdict.moves_replayed),
        (3, 1)
    );
    assert_eq!(done.verdict.ending, Ending::Stopped);
}

/// `PL` in mid-game that changes the player to move is reported and obeyed; one that names
/// the player already to move is neither.
#[test]
fn a_player_set_in_mid_game_is_obeyed_and_reported_when_it_changes_something() {
    let done = run(&rec("B[aa] PL[W] W[bb]"), &Toy::new(), Policy::Stop);
    assert!(done.verdict.legal);
    assert!(!codes(&done.verdict.noticed).contains(&"player-set"));

    let done = run(&rec("B[aa] PL[B] B[bb] W[cc]"), &Toy::new(), Policy::Stop);
    assert!(done.verdict.legal, "{:?}", done.verdict.forbidden);
    assert_eq!(
        done.verdict.noticed,
        [
            Noticed::PlayerSet {
                after_move: 1,
                color: Color::Black
            },
            Noticed::KomiDefault
        ]
    );
    assert_eq!(done.verdict.moves_replayed, 3);
}

/// Moves are numbered as the record has them; the checks of alternation, off-board points and
/// the ruleset's own verdict stop the replay at the first problem under `stop`.
#[test]
fn stop_ends_the_replay_at_the_first_forbidden_move() {
    let toy = Toy::new().forbid("cc", Reason::Suicide, None);
    let r = rec("B[aa] W[bb] B[cc] W[dd] B[] W[]");
    let done = run(&r, &toy, Policy::Stop);
    let v = &done.verdict;
    assert!(!v.legal);
    assert_eq!(v.on_forbidden, Policy::Stop);
    assert_eq!(v.forbidden.len(), 1);
    assert_eq!(v.first_forbidden.as_ref(), Some(&v.forbidden[0]));
    let f = &v.forbidden[0];
    assert_eq!(f.move_number, 3);
    assert_eq!(f.color, Color::Black);
    assert_eq!(f.point.as_deref(), Some("cc"));
    assert_eq!(f.gtp.as_deref(), Some("C3"));
    assert_eq!(f.reason, Reason::Suicide);
    assert_eq!(f.rule, "toy: this point is forbidden");
    assert_eq!(f.repeats_position_after_move, None);
    assert!(!f.played);
    assert_eq!((v.moves_total, v.moves_replayed, v.passes), (6, 2, 0));
    assert_eq!(v.ending, Ending::Stopped);
    assert_eq!(done.state.board().stone_counts(), PerColor::new(1, 1));

    // Out of turn under `stop`: one problem, the move not tried.
    let done = run(&rec("B[aa] B[cc] W[dd]"), &toy, Policy::Stop);
    assert_eq!(reasons(&done), vec![(2, Reason::OutOfTurn, false)]);
    assert_eq!(
        done.verdict.forbidden[0].rule,
        rules_core::replay::ALTERNATION_RULE
    );
    assert_eq!(done.state.board().stone_counts(), PerColor::new(1, 0));

    // Off the board: the record's text, no GTP vertex, never played.
    let done = run(&rec("B[aa] W[zz] W[bb]"), &toy, Policy::Stop);
    let f = &done.verdict.forbidden[0];
    assert_eq!(
        (f.move_number, f.reason, f.played),
        (2, Reason::OffBoard, false)
    );
    assert_eq!((f.point.as_deref(), f.gtp.as_deref()), (Some("zz"), None));
    assert_eq!(done.verdict.forbidden.len(), 1);
    assert_eq!(done.state.board().get(pt("bb")), None);
    assert_eq!(done.verdict.ending, Ending::Stopped);
    assert_eq!(done.verdict.moves_replayed, 1);

    // A pass has no point.
    let toy_passes = Toy::new();
    let done = run(&rec("B[] B[]"), &toy_passes, Policy::Stop);
    let f = &done.verdict.forbidden[0];
    assert_eq!((f.point.as_deref(), f.gtp.as_deref()), (None, None));
    assert_eq!(f.reason, Reason::OutOfTurn);
}

/// Under `play-on` a forbidden move is flagged and carried out as far as the board allows,
/// and the replay goes on; an out-of-turn move is tried as it stands first, and a second,
/// different problem with it is flagged too.
#[test]
fn play_on_flags_forbidden_moves_and_carries_them_out() {
    let toy = Toy::new().forbid("cc", Reason::Suicide, None);
    let done = run(
        &rec("B[aa] W[bb] B[cc] W[dd] B[] W[]"),
        &toy,
        Policy::PlayOn,
    );
    let v = &done.verdict;
    assert_eq!(reasons(&done), vec![(3, Reason::Suicide, true)]);
    assert_eq!(v.on_forbidden, Policy::PlayOn);
    assert_eq!((v.moves_total, v.moves_replayed, v.passes), (6, 6, 2));
    assert_eq!(v.ending, Ending::Passes);
    assert_eq!(done.state.board().get(pt("cc")), Some(Color::Black));

    // Occupied: cannot be carried out; the next Black move is then out of turn but fine in
    // itself, so it is played and flagged once.
    let done = run(&rec("B[aa] W[aa] B[bb] W[dd]"), &toy, Policy::PlayOn);
    assert_eq!(
        reasons(&done),
        vec![(2, Reason::Occupied, false), (3, Reason::OutOfTurn, true)]
    );
    assert_eq!(done.verdict.moves_replayed, 3);
    assert_eq!(done.state.board().stone_counts(), PerColor::new(2, 1));

    // Out of turn onto a forbidden point: both problems, and the move forced.
    let done = run(&rec("B[aa] B[cc]"), &toy, Policy::PlayOn);
    assert_eq!(
        reasons(&done),
        vec![(2, Reason::OutOfTurn, true), (2, Reason::Suicide, true)]
    );
    assert_eq!(done.state.board().get(pt("cc")), Some(Color::Black));
    assert_eq!(
        done.verdict.first_forbidden.unwrap().reason,
        Reason::OutOfTurn
    );

    // Out of turn onto an occupied point: both problems, nothing played.
    let done = run(&rec("B[aa] B[aa] W[bb]"), &toy, Policy::PlayOn);
    assert_eq!(
        reasons(&done),
        vec![(2, Reason::OutOfTurn, false), (2, Reason::Occupied, false)]
    );
    assert_eq!(done.verdict.moves_replayed, 2);

    // Off the board: flagged, skipped, and the same player still to move.
    let done = run(&rec("B[aa] W[zz] W[bb] B[] W[]"), &toy, Policy::PlayOn);
    assert_eq!(reasons(&done), vec![(2, Reason::OffBoard, false)]);
    assert_eq!(done.verdict.moves_replayed, 4);
    assert_eq!(done.verdict.ending, Ending::Passes);
}

/// After the game has ended, the ruleset's own verdict on a move stands (alternation is not
/// checked), moves are counted as after the end, and a replay stopped at passes after the end
/// still counts the final position; one stopped at a stone after the end does not.
#[test]
fn moves_after_the_end() {
    let toy = Toy::new();
    let r = score_result(rec("B[aa] W[] B[] W[] B[]"), Color::White, 6.5);
    let done = run(&r, &toy, Policy::Stop);
    let v = &done.verdict;
    assert_eq!(reasons(&done), vec![(4, Reason::AfterEnd, false)]);
    assert_eq!(v.forbidden[0].rule, TOY_AFTER_END);
    assert_eq!(
        (v.moves_total, v.moves_replayed, v.moves_after_end),
        (5, 3, 2)
    );
    assert_eq!(v.ending, Ending::Passes);
    assert!(
        v.noticed.contains(&Noticed::PassesAfterEnd(2)),
        "{:?}",
        v.noticed
    );
    // 1 black stone against 0 + 7.5: W+6.5, compared.
    assert_eq!(v.result.as_deref(), Some("W+6.5"));
    assert_eq!(
        (v.check.status, v.check.fact),
        (CheckStatus::Agrees, CheckFact::Equal)
    );

    // A stone after the end: the replay stopped early, so no comparison.
    let r = score_result(rec("B[aa] W[] B[] W[] B[bb] W[]"), Color::White, 6.5);
    let done = run(&r, &toy, Policy::Stop);
    let v = &done.verdict;
    assert_eq!(v.moves_after_end, 3);
    assert_eq!(v.ending, Ending::Passes);
    assert!(!codes(&v.noticed).contains(&"passes-after-end"));
    assert_eq!(
        (v.check.status, v.check.fact),
        (CheckStatus::NotComparable, CheckFact::Stopped)
    );

    // A pass after the end by the player who just passed: after the end, not out of turn.
    let done = run(&rec("B[] W[] W[]"), &toy, Policy::Stop);
    assert_eq!(reasons(&done), vec![(3, Reason::AfterEnd, false)]);
    // Under play-on the pass after the end is carried out; the game stays over.
    let done = run(&rec("B[] W[] W[] B[cc]"), &toy, Policy::PlayOn);
    assert_eq!(
        reasons(&done),
        vec![(3, Reason::AfterEnd, true), (4, Reason::AfterEnd, true)]
    );
    assert_eq!(done.verdict.moves_after_end, 2);
    assert_eq!(done.verdict.passes, 3);
    // Play-on never stops, so no passes-after-end note: nothing was left out.
    assert!(!codes(&done.verdict.noticed).contains(&"passes-after-end"));
}

/// A removal of a cycle in the record reaches the ruleset with the next move, and only with
/// that one; events are numbered by the moves of the record, not by turns carried out.
#[test]
fn pre_actions_and_events_are_numbered_by_record_moves() {
    let mut toy = Toy::new();
    toy.cycle = Some((pt("cc"), 2));
    // Turns: aa (move 1), bb (move 3), cc (move 4); the off-board move 2 is skipped.
    let r = rec("B[aa] W[zz] WRC[1] W[bb] B[cc] W[] B[]");
    let done = run(&r, &toy, Policy::PlayOn);
    assert_eq!(
        done.verdict.events,
        vec![
            EventReport::CycleRemoved {
                after_move: 1,
                start_after_move: 1,
                remover: Color::White,
                used: vec![],
                gains: PerColor::new(0, 0),
            },
            EventReport::Cycle {
                after_move: 4,
                start_after_move: 3,
                disturbing: true,
                remover: Color::White,
                used: vec!["cc".to_owned()],
                gains: PerColor::new(0, 0),
            },
            EventReport::Note {
                after_move: 5,
                message: String::new(),
                noted: Some(EventNote::ReplayGoesOnAfterEnd),
            },
            EventReport::Note {
                after_move: 6,
                message: String::new(),
                noted: Some(EventNote::ReplayGoesOnAfterEnd),
            },
        ]
    );
    // A turn count past the turns carried out names the last move carried out.
    toy.cycle = Some((pt("cc"), 9));
    let done = run(&rec("B[aa] W[zz] W[bb] B[cc]"), &toy, Policy::PlayOn);
    assert!(
        matches!(
            done.verdict.events[..],
            [EventReport::Cycle {
                after_move: 4,
                start_after_move: 4,
                ..
            }]
        ),
        "{:?}",
        done.verdict.events
    );
}

/// A repetition names the move after which the repeated position arose: the record's move
/// number of that turn, not the turn's own number.
#[test]
fn a_repetition_names_the_record_move_of_the_repeated_position() {
    let r = rec("B[aa] W[zz] W[bb] B[dd]");
    for (repeats_turn, after_move) in [(Some(2), Some(3)), (Some(0), Some(0)), (Some(7), None)] {
        let toy = Toy::new().forbid("dd", Reason::PositionalSuperko, repeats_turn);
        let done = run(&r, &toy, Policy::PlayOn);
        let f = done.verdict.forbidden.last().unwrap();
        assert_eq!((f.move_number, f.reason), (4, Reason::PositionalSuperko));
        assert_eq!(
            f.repeats_position_after_move, after_move,
            "{repeats_turn:?}"
        );
    }
}

/// Komi: the user's, else the record's, else the ruleset's default, which is reported.
#[test]
fn komi_comes_from_the_user_the_record_or_the_ruleset() {
    let toy = Toy::new();
    let mut r = rec("B[aa] W[] B[]");
    let opts = |komi| ReplayOptions {
        policy: Policy::Stop,
        komi,
    };
    let none = Assessment::none();
    let given = AssessmentChoice::Given(&none);
    let v = replay(&r, &toy, &opts(None), given).verdict;
    assert_eq!((v.komi.value, v.komi.source), (7.5, KomiSource::Default));
    assert!(v.noticed.contains(&Noticed::KomiDefault), "{:?}", v.noticed);
    assert_eq!(v.score.as_ref().unwrap().white.komi, 7.5);
    let v = replay(
        &r,
        &Toy {
            default_komi: 6.0,
            ..Toy::new()
        },
        &opts(None),
        given,
    )
    .verdict;
    assert_eq!((v.komi.value, v.komi.source), (6.0, KomiSource::Default));
    assert!(v.noticed.contains(&Noticed::KomiDefault));
    r.komi = Some(Komi {
        value: 0.5,
        raw: "0.5".to_owned(),
    });
    let v = replay(&r, &toy, &opts(None), given).verdict;
    assert_eq!((v.komi.value, v.komi.source), (0.5, KomiSource::Record));
    assert!(!codes(&v.noticed).contains(&"komi-default"));
    assert_eq!(v.result.as_deref(), Some("B+0.5"));
    let v = replay(&r, &toy, &opts(Some(-3.0)), given).verdict;
    assert_eq!((v.komi.value, v.komi.source), (-3.0, KomiSource::User));
    assert_eq!(v.result.as_deref(), Some("B+4"));
    assert!(!codes(&v.noticed).contains(&"komi-default"));
}

/// The count's input: the record's handicap and the komi reach the ruleset, and the replay
/// keeps the assessment it scored with, so that its point values add up to its count.
#[test]
fn the_count_gets_the_handicap_komi_and_assessment() {
    let toy = Toy::new();
    let mut r = rec("B[aa] W[bb] B[cc] W[] B[]");
    r.handicap = Some(2);
    let mut dead = Assessment::user_dead(vec![pt("bb")]);
    dead.territory.black.push(pt("bb"));
    let done = run_with(&r, &toy, 0.5, &dead);
    let s = done.verdict.score.as_ref().unwrap();
    // Black: 2 stones and bb; White: no live stone, komi 0.5 and 2 for the handicap.
    assert_eq!((s.black.total, s.white.total), (3.0, 2.5));
    assert_eq!(s.assessment, AssessmentSource::User);
    assert_eq!(done.assessment, dead);
    let input = done.scoring_input(2);
    assert_eq!((input.komi, input.handicap), (0.5, 2));
    let values = done.point_values(2).unwrap();
    assert_eq!(s.check_point_values(&values), (0.0, 0.0));
    // No count, no point values.
    let failing = Toy {
        score_fails: true,
        ..Toy::new()
    };
    let done = run(&r, &failing, Policy::Stop);
    assert!(done.point_values(2).is_none());
}

/// Which assessment the count uses: the one given; for `Auto`, the assessor's — asked only
/// for a ruleset that uses one and only about a final position; a replay stopped early is
/// scored as it stands, and says so.
#[test]
fn the_assessor_is_asked_only_about_final_positions_of_rulesets_that_use_one() {
    let mut marked = Assessment::user_dead(vec![pt("aa")]);
    marked.source = AssessmentSource::Proved;
    let opts = ReplayOptions::default();
    let finished = rec("B[aa] W[bb] B[] W[]");

    let fixed = Fixed::new(marked.clone());
    let done = replay(
        &finished,
        &Toy::new(),
        &opts,
        AssessmentChoice::Auto(&fixed),
    );
    assert_eq!(fixed.calls(), 1);
    assert_eq!(done.assessment, marked);
    assert_eq!(
        fixed.boards.lock().unwrap()[0],
        done.state.board().coloring(),
        "the final position is assessed"
    );
    let s = done.verdict.score.as_ref().unwrap();
    assert_eq!(
        (s.black.stones, s.assessment),
        (0, AssessmentSource::Proved)
    );

    let plain = Toy {
        uses_assessment: false,
        ..Toy::new()
    };
    let fixed = Fixed::new(marked.clone());
    let done = replay(&finished, &plain, &opts, AssessmentChoice::Auto(&fixed));
    assert_eq!(fixed.calls(), 0);
    assert_eq!(done.assessment, Assessment::none());
    assert!(!codes(&done.verdict.noticed).contains(&"dead-stones-not-assessed"));

    // A given assessment is used whether or not the ruleset uses one.
    let done = replay(&finished, &plain, &opts, AssessmentChoice::Given(&marked));
    assert_eq!(done.assessment, marked);

    // Stopped before the end.
    let fixed = Fixed::new(marked.clone());
    let stopped = rec("B[aa] W[bb] W[cc] B[] W[]");
    let done = replay(&stopped, &Toy::new(), &opts, AssessmentChoice::Auto(&fixed));
    assert_eq!(fixed.calls(), 0);
    assert_eq!(done.assessment, Assessment::none());
    assert!(
        done.verdict
            .noticed
            .contains(&Noticed::NotAssessedAfterStop)
    );
    // Played on past the problem: the end is final, and assessed.
    let done = replay(
        &stopped,
        &Toy::new(),
        &ReplayOptions {
            policy: Policy::PlayOn,
            komi: None,
        },
        AssessmentChoice::Auto(&fixed),
    );
    assert_eq!(fixed.calls(), 1);
    assert!(!codes(&done.verdict.noticed).contains(&"dead-stones-not-assessed"));
    // Stopped at a pass after the end: the final position, assessed.
    let fixed = Fixed::new(marked.clone());
    let done = replay(
        &rec("B[aa] W[bb] B[] W[] B[]"),
        &Toy::new(),
        &opts,
        AssessmentChoice::Auto(&fixed),
    );
    assert_eq!(fixed.calls(), 1);
    assert_eq!(done.assessment, marked);
}

/// How the game ended: the ruleset's end first, then a stop, then what the record says.
#[test]
fn the_ending_is_the_rulesets_then_the_stop_then_the_records() {
    let toy = Toy::new();
    let ending = |r: &GameRecord| run(r, &toy, Policy::Stop).verdict.ending;
    let open = || rec("B[aa] W[bb]");
    assert_eq!(ending(&open()), Ending::Unfinished);
    let w = Color::White;
    for (outcome, expected) in [
        (Outcome::Resignation { winner: w }, Ending::Resignation),
        (Outcome::Time { winner: w }, Ending::Time),
        (Outcome::Forfeit { winner: w }, Ending::Forfeit),
        (
            Outcome::Win {
                winner: w,
                reason: None,
            },
            Ending::Unfinished,
        ),
        (
            Outcome::Score {
                winner: w,
                margin: 1.0,
            },
            Ending::Unfinished,
        ),
    ] {
        assert_eq!(ending(&with_result(open(), "W+", outcome)), expected);
    }
    let resigned = |tokens| with_result(rec(tokens), "W+R", Outcome::Resignation { winner: w });
    assert_eq!(ending(&resigned("B[aa] W[bb] B[] W[]")), Ending::Passes);
    assert_eq!(ending(&resigned("B[aa] B[bb]")), Ending::Stopped);
    // Played on past a problem, the record's ending stands.
    let done = run(&resigned("B[aa] B[bb]"), &toy, Policy::PlayOn);
    assert_eq!(done.verdict.ending, Ending::Resignation);
}

/// The verdict carries the ruleset's name, options and tally, and the count's result; a
/// count that fails leaves the error and no result.
#[test]
fn the_verdict_carries_the_tally_and_the_count() {
    // Black captures the white stone on aa.
    let r = score_result(rec("B[ba] W[aa] B[ab] W[] B[]"), Color::White, 4.5);
    let done = run(&r, &Toy::new(), Policy::Stop);
    let v = &done.verdict;
    assert_eq!(
        (v.ruleset.as_str(), v.rules.as_str()),
        ("toy", "toy (komi 7.5)")
    );
    assert!(v.legal);
    assert_eq!(v.first_forbidden, None);
    assert_eq!(v.captures, PerColor::new(1, 0));
    assert_eq!(v.self_captures, PerColor::new(0, 0));
    assert_eq!(v.stones_removed, PerColor::new(0, 1));
    assert_eq!((v.passes, v.moves_total, v.moves_after_end), (2, 5, 0));
    assert_eq!(v.result.as_deref(), Some("W+5.5"));
    assert_eq!(v.score_error, None);
    assert_eq!(v.check.status, CheckStatus::Differs);
    assert_eq!(v.check.margin_difference, Some(-1.0));

    let failing = Toy {
        score_fails: true,
        ..Toy::new()
    };
    let done = run(&r, &failing, Policy::Stop);
    let v = &done.verdict;
    assert_eq!((&v.score, &v.result), (&None, &None));
    assert_eq!(
        v.score_error.as_deref(),
        Some("cannot score: toy cannot count")
    );
    assert_eq!(
        (v.check.status, v.check.fact),
        (CheckStatus::NotComparable, CheckFact::NoCount)
    );
}

/// `count` gives a count with undecided points the range deciding them allows: all for White
/// and all for Black, each as [`Assessment::decided_for`] decides them.
#[test]
fn count_bounds_the_undecided_points() {
    let mut r = rec("B[aa] W[ee]");
    r.komi = Some(Komi {
        value: 0.0,
        raw: "0".to_owned(),
    });
    let state = run(&r, &Toy::new(), Policy::Stop).state;
    let mut a = Assessment::none();
    fn input(assessment: &Assessment) -> ScoringInput<'_> {
        ScoringInput {
            komi: 0.5,
            handicap: 0,
            assessment,
        }
    }
    let s = count(&*state, &input(&a)).unwrap();
    assert_eq!((s.margin, s.undecided_range), (-0.5, None));
    // aa undecided: White's best takes the stone as dead and the point as his; Black's best
    // keeps the stone and takes the point as well.
    a.undecided = vec![pt("aa")];
    let s = count(&*state, &input(&a)).unwrap();
    assert_eq!(s.margin, -0.5);
    let range = s.undecided_range.unwrap();
    assert_eq!((range.white_best, range.black_best), (-2.5, 0.5));
    assert!(!s.is_settled());
    // A count that fails fails whatever is undecided.
    let failing = Toy {
        score_fails: true,
        ..Toy::new()
    };
    let state = run(&r, &failing, Policy::Stop).state;
    assert!(count(&*state, &input(&a)).is_err());
    // Through the replay: the verdict's score has the range, and the record's result inside
    // it is undecided.
    let r = score_result(rec("B[aa] W[ee] B[] W[]"), Color::White, 2.5);
    let done = run_with(&r, &Toy::new(), 0.5, &a);
    assert_eq!(done.verdict.check.status, CheckStatus::Undecided);
    assert_eq!(
        done.verdict
            .score
            .unwrap()
            .undecided_range
            .map(|r| (r.white_best, r.black_best)),
        Some((-2.5, 0.5))
    );
}

/// The comparison with the recorded result: what can be compared, within one counting
/// family, and what cannot.
#[test]
fn the_recorded_result_is_compared_only_with_a_count_of_its_kind() {
    let toy = Toy {
        default_komi: 0.0,
        ..Toy::new()
    };
    // An empty board with no komi: a draw.
    let board = || rec("B[] W[]");
    let check = |r: &GameRecord, toy: &Toy| run(r, toy, Policy::Stop).verdict.check;
    let c = check(&board(), &toy);
    assert_eq!(
        (c.status, c.fact),
        (CheckStatus::NoResult, CheckFact::NoResult)
    );
    let c = check(&with_result(board(), "0", Outcome::Draw), &toy);
    assert_eq!((c.status, c.fact), (CheckStatus::Agrees, CheckFact::Equal));
    assert_eq!(c.margin_difference, Some(0.0));
    let c = check(&score_result(board(), Color::Black, 0.5), &toy);
    assert_eq!(c.status, CheckStatus::Differs);
    assert_eq!(c.margin_difference, Some(-0.5));
    // The same margin for the other player is a difference.
    let one = Toy {
        default_komi: 1.0,
        ..toy.clone()
    };
    let c = check(&score_result(board(), Color::Black, 1.0), &one);
    assert_eq!(
        (c.status, c.fact),
        (CheckStatus::Differs, CheckFact::Differs)
    );
    assert_eq!(c.margin_difference, Some(-2.0));
    let w = Color::White;
    for (raw, outcome, fact) in [
        (
            "W+R",
            Outcome::Resignation { winner: w },
            CheckFact::Resignation,
        ),
        ("W+T", Outcome::Time { winner: w }, CheckFact::TimeOrForfeit),
        (
            "W+F",
            Outcome::Forfeit { winner: w },
            CheckFact::TimeOrForfeit,
        ),
        (
            "W+",
            Outcome::Win {
                winner: w,
                reason: None,
            },
            CheckFact::NotACount,
        ),
        ("Void", Outcome::Void, CheckFact::NotACount),
        ("?", Outcome::Unknown, CheckFact::NotACount),
    ] {
        let c = check(&with_result(board(), raw, outcome), &toy);
        assert_eq!(
            (c.status, c.fact),
            (CheckStatus::NotComparable, fact),
            "{raw}"
        );
        assert_eq!(c.margin_difference, None);
    }

    // Counting families.
    let with_captures = Toy {
        counting: Counting::AreaWithCaptures,
        ..toy.clone()
    };
    let draw = |family| {
        let mut r = with_result(board(), "0", Outcome::Draw);
        r.rules_counting = family;
        r
    };
    let c = check(&draw(None), &with_captures);
    assert_eq!(
        (c.status, c.fact),
        (CheckStatus::NotComparable, CheckFact::CapturesCounted)
    );
    let c = check(&draw(Some(Counting::Area)), &with_captures);
    assert_eq!(c.status, CheckStatus::NotComparable);
    assert_eq!(
        check(&draw(Some(Counting::AreaWithCaptures)), &with_captures).status,
        CheckStatus::Agrees
    );
    let c = check(&draw(Some(Counting::Territory)), &toy);
    assert_eq!(
        (c.status, c.fact),
        (
            CheckStatus::NotComparable,
            CheckFact::OtherCounting {
                recorded: Counting::Territory,
                counted: Counting::Area
            }
        )
    );
    assert_eq!(
        check(&draw(Some(Counting::Area)), &toy).status,
        CheckStatus::Agrees
    );
    // `check_result` takes the family from its argument, not from the record.
    let s = run(&board(), &toy, Policy::Stop).verdict.score.unwrap();
    let c = check_result(
        &draw(None),
        Counting::Area,
        Some(Counting::Territory),
        Some(&s),
        false,
    );
    assert_eq!(c.status, CheckStatus::NotComparable);
    let c = check_result(
        &draw(Some(Counting::Territory)),
        Counting::Area,
        None,
        Some(&s),
        false,
    );
    assert_eq!(c.status, CheckStatus::Agrees);
}

/// A handicap game whose area count differs from the record by the compensation servers
/// give: named from two handicap stones on, never for one.
#[test]
fn the_handicap_compensation_is_named_from_two_stones() {
    // An empty board with komi 0.5 and an assessment (so the count took dead stones into
    // account): W+0.5 plus the handicap.
    let toy = Toy::new();
    let mut marked = Assessment::none();
    marked.source = AssessmentSource::Markup;
    let check = |handicap: u32, recorded: f64| {
        let mut r = score_result(rec("B[] W[]"), Color::White, recorded);
        r.handicap = Some(handicap);
        let done = run_with(&r, &toy, 0.5, &marked);
        done.verdict.check
    };
    // The count gives White 2.5 with two handicap stones; a record without compensation says
    // W+0.5 (the count has 2 more to White: N), with AGA's says W+1.5 (N − 1).
    let c = check(2, 0.5);
    assert_eq!(c.status, CheckStatus::Differs);
    assert_eq!(
        c.likely_cause,
        Some(LikelyCause::HandicapCompensation {
            points: 2,
            towards: Color::Black,
            handicap: 2
        })
    );
    assert!(check(2, 1.5).likely_cause.is_some());
    assert_eq!(check(2, 5.5).likely_cause, None);
    assert_eq!(
        check(2, 1.0).likely_cause,
        None,
        "not a whole number of points"
    );
    // One handicap stone: White 1.5, and a record of W+0.5 is one point off, which is no
    // compensation (a handicap of one stone is only the move).
    let c = check(1, 0.5);
    assert_eq!((c.status, c.likely_cause), (CheckStatus::Differs, None));
}

/// `report` replays a record under each ruleset in order and gathers what the record says,
/// with the reader's warnings and the setup's chains without liberties.
#[test]
fn report_gathers_the_record_and_each_rulesets_verdict() {
    let mut r = rec("AB[aa] AW[ba] AW[ab] B[cc] W[] B[] W[]");
    r.warnings
        .push(Finding::new("reader", "something the reader noticed"));
    r.komi = Some(Komi {
        value: 6.5,
        raw: "6.5".to_owned(),
    });
    r.handicap = Some(0);
    r.rules = Some("Toy".to_owned());
    r.rules_counting = Some(Counting::Area);
    r.variations_ignored = 3;
    let a = Toy::new();
    let b = Toy {
        id: "toy-b",
        ..Toy::new()
    };
    let (game, states) = report(
        7,
        &r,
        &[&a, &b],
        &ReplayOptions::default(),
        AssessmentChoice::Given(&Assessment::none()),
    );
    assert_eq!(game.game, 7);
    assert_eq!(game.board, "5x5");
    assert_eq!(game.moves, 4);
    assert_eq!(game.variations_ignored, 3);
    assert_eq!((game.handicap, game.komi), (Some(0), Some(6.5)));
    assert_eq!(game.rules.as_deref(), Some("Toy"));
    assert_eq!(game.rules_counting, Some(Counting::Area));
    assert_eq!(game.markup, None);
    let ids: Vec<_> = game.verdicts.iter().map(|v| v.ruleset.as_str()).collect();
    assert_eq!(ids, vec!["toy", "toy-b"]);
    assert_eq!(states.len(), 2);
    assert_eq!(states[1].board().get(pt("cc")), Some(Color::Black));
    // The record's own warnings; the setup's stones without liberties are a fact of the start
    // (the report says them).
    let warned: Vec<&str> = game.warnings.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(warned, ["reader"]);

    // Markup, and a graph board.
    let mut r = rec("B[aa]");
    r.markup = Markup {
        territory: PerColor::new(vec![pt("bb")], vec![]),
        dead: vec![pt("aa")],
        source: "TB/TW".to_owned(),
    };
    let (game, _) = report(
        0,
        &r,
        &[&a],
        &ReplayOptions::default(),
        AssessmentChoice::Given(&Assessment::none()),
    );
    let markup = game.markup.unwrap();
    assert_eq!(markup.source, "TB/TW");
    assert_eq!(
        markup.territory,
        PerColor::new(vec!["bb".to_owned()], vec![])
    );
    assert_eq!(markup.dead, vec!["aa".to_owned()]);
    assert!(game.warnings.is_empty());
    let graph = Topology::graph(&["x", "y", "z"], &[("x", "y"), ("y", "z")]).unwrap();
    let r = GameRecord::new(Arc::new(graph));
    assert_eq!(rules_core::replay::board_name(&r), "graph:3");
    let wide = GameRecord::new(Arc::new(Topology::grid(13, 7).unwrap()));
    assert_eq!(rules_core::replay::board_name(&wide), "13x7");
}
