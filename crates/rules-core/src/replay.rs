//! The replay driver: one [`Ruleset`] over one [`GameRecord`], producing a [`Verdict`].
//!
//! The driver owns everything that does not depend on the rules: the starting position from
//! the setup, alternation of the players, off-board points, setups in mid-game, the policy at a
//! forbidden move, komi, event numbering and the comparison with the recorded result. The
//! ruleset's [`GameState`] owns legality, captures, the end of the game and the count.

use crate::basis::DeadBasis;
use crate::board::Board;
use crate::color::Color;
use crate::color::PerColor;
use crate::counting::Counting;
pub use crate::record::start_position;
use crate::record::{Action, GameRecord, Outcome, RecordStep, RecordedMove};
use crate::ruleset::{
    Event, GameState, Illegal, Reason, Ruleset, ScoreError, ScoringInput, StartPosition, Turn,
};
use crate::score::{Assessment, AssessmentSource, MarginRange, ScoreBreakdown};
use crate::topology::Shape;
use crate::trace::Trace;
use crate::verdict::{
    CheckFact, CheckStatus, Ending, EventReport, Forbidden, GameReport, KomiSource, KomiUsed,
    LikelyCause, MarkupReport, Noticed, Policy, ResultCheck, Verdict,
};
use std::sync::Arc;

/// The players alternate: cited for out-of-turn moves under every ruleset.
pub const ALTERNATION_RULE: &str =
    "players alternate (text 004 rule 5; text 001: p* moves next; Pauli rule 3)";

/// A move must be on the board: cited for a recorded move off it under every ruleset.
pub const OFF_BOARD_RULE: &str =
    "the move must be on a point of the board (text 001: Move = Point ∪ {Pass})";

/// Options of a replay that do not depend on the game.
#[derive(Debug, Clone, Default)]
pub struct ReplayOptions {
    /// What to do at a forbidden move.
    pub policy: Policy,
    /// Komi that overrides the record's.
    pub komi: Option<f64>,
}

/// Supplies the assessment of a final position (dead stones, control) when the caller does
/// not have one: the seam for automatic dead stones (Pauli's control test).
pub trait Assessor: Send + Sync {
    /// Assesses a final position.
    fn assess(&self, board: &Board) -> Assessment;

    /// Assesses the final state of a game: by default its board; an assessor that needs more
    /// of the state (Pauli's permanently prohibited locations) reads it here.
    fn assess_state(&self, state: &dyn GameState) -> Assessment {
        self.assess(state.board())
    }
}

/// The assessment to score with.
#[derive(Clone, Copy)]
pub enum AssessmentChoice<'a> {
    /// Use this one.
    Given(&'a Assessment),
    /// Ask this assessor about the final position.
    Auto(&'a dyn Assessor),
    /// Ask this assessor about the final position only when the game is over under the
    /// ruleset, or the record does not end it by passing (a counted result agreed without
    /// passes): dead stones are agreed at the end of a game, and passes that do not end it
    /// under this ruleset (Pauli rule 4: a pass under a temporary prohibition) leave a game
    /// that is not over, scored as it stands. The default source of dead stones.
    WhenOver(&'a dyn Assessor),
}

/// A finished replay: the verdict and the final state (for pictures and explanations).
pub struct Replayed {
    /// What was found.
    pub verdict: Verdict,
    /// The state after the last move carried out.
    pub state: Box<dyn GameState>,
    /// The assessment the score used.
    pub assessment: Assessment,
}

impl Replayed {
    /// What the replay scored its final state with: the komi it used, its assessment, and
    /// `handicap` as the record gives it.
    #[must_use]
    pub fn scoring_input(&self, handicap: u32) -> ScoringInput<'_> {
        ScoringInput {
            komi: self.verdict.komi.value,
            handicap,
            assessment: &self.assessment,
        }
    }

    /// The count point by point (what `compare` explains differences with), when the replay
    /// was scored; `handicap` as the record gives it.
    #[must_use]
    pub fn point_values(&self, handicap: u32) -> Option<Vec<crate::PointValue>> {
        self.verdict.score.as_ref()?;
        self.state.point_values(&self.scoring_input(handicap)).ok()
    }
}

/// Replays `record` under `ruleset`.
#[must_use]
pub fn replay(
    record: &GameRecord,
    ruleset: &dyn Ruleset,
    options: &ReplayOptions,
    assessment: AssessmentChoice<'_>,
) -> Replayed {
    replay_traced(record, ruleset, options, assessment, None)
}

/// Replays `record` under `ruleset`, with the record's [`Trace`] (made by [`Trace::of`] for
/// this record) for the ruleset to follow where it can: the same verdict as
/// [`replay`], with less work when several rulesets replay one record.
#[must_use]
pub fn replay_traced(
    record: &GameRecord,
    ruleset: &dyn Ruleset,
    options: &ReplayOptions,
    assessment: AssessmentChoice<'_>,
    trace: Option<&Arc<Trace>>,
) -> Replayed {
    let topo = &record.topology;
    let (board, to_move, _) = start_position(record);
    let mut state = ruleset.start(&StartPosition {
        board,
        to_move,
        initial_prohibited: record.initial_prohibited.clone(),
        trace: trace.cloned(),
    });
    let mut noticed = Vec::new();
    let mut forbidden: Vec<Forbidden> = Vec::new();
    let mut events = Vec::new();
    // turn_moves[t] = the record move number of the t-th turn carried out (0 = the start).
    let mut turn_moves: Vec<u32> = Vec::with_capacity(record.actions.len() + 1);
    turn_moves.push(0);
    // The number of the last record move walked (0 before the first).
    let mut move_number = 0u32;
    let mut moves_replayed = 0u32;
    let mut moves_after_end = 0u32;
    // Whether a stone (not a pass) was recorded after the game ended.
    let mut stone_after_end = false;
    let mut stopped = false;
    let mut edited = false;

    for step in record.steps() {
        match step {
            RecordStep::Edit(edits) => {
                if !stopped {
                    state.edit(edits);
                    if !edited {
                        edited = true;
                        noticed.push(Noticed::SetupAfterMove(move_number));
                    }
                }
            }
            RecordStep::SetPlayer(c) => {
                if !stopped && state.to_move() != c {
                    noticed.push(Noticed::PlayerSet {
                        after_move: move_number,
                        color: c,
                    });
                    state.set_to_move(c);
                }
            }
            RecordStep::Move {
                number,
                color,
                pre,
                mv,
            } => {
                move_number = number;
                if state.is_over() {
                    moves_after_end += 1;
                    stone_after_end |= *mv != RecordedMove::Pass;
                }
                if stopped {
                    continue;
                }
                let was_over = state.is_over();
                let point = mv.to_move();
                let describe = |illegal: &Illegal, played: bool| Forbidden {
                    move_number,
                    color,
                    point: match mv {
                        RecordedMove::Pass => None,
                        RecordedMove::Place(p) => Some(topo.sgf(*p)),
                        RecordedMove::OffBoard(raw) => Some(raw.clone()),
                    },
                    gtp: match mv {
                        RecordedMove::Place(p) => topo.gtp(*p),
                        _ => None,
                    },
                    reason: illegal.reason,
                    rule: illegal.rule.to_owned(),
                    repeats_position_after_move: illegal
                        .repeats_turn
                        .and_then(|t| turn_moves.get(t as usize).copied()),
                    played,
                };
                let Some(mv) = point else {
                    let illegal = Illegal::new(Reason::OffBoard, OFF_BOARD_RULE);
                    forbidden.push(describe(&illegal, false));
                    stopped = options.policy == Policy::Stop;
                    continue;
                };
                let turn = Turn { color, pre, mv };
                // Alternation is the driver's to check; after the end, the ruleset's own
                // after-end verdict takes precedence.
                let mut first_problem = None;
                if !was_over && color != state.to_move() {
                    first_problem = Some(Illegal::new(Reason::OutOfTurn, ALTERNATION_RULE));
                }
                let outcome = match first_problem {
                    Some(p) => Err(p),
                    None => state.play(&turn),
                };
                match outcome {
                    Ok(_) => {
                        moves_replayed += 1;
                        turn_moves.push(move_number);
                    }
                    Err(illegal) => {
                        if options.policy == Policy::Stop {
                            forbidden.push(describe(&illegal, false));
                            stopped = true;
                        } else {
                            // Play on. An out-of-turn move may be fine in itself: try it first;
                            // anything else forbidden is carried out as far as the board allows.
                            let mut problems = vec![illegal.clone()];
                            let mut result = if illegal.reason == Reason::OutOfTurn {
                                state.play(&turn)
                            } else {
                                Err(illegal)
                            };
                            if let Err(second) = result {
                                if second != problems[0] {
                                    problems.push(second);
                                }
                                result = state.force(&turn);
                            }
                            let played = result.is_ok();
                            for p in &problems {
                                forbidden.push(describe(p, played));
                            }
                            if played {
                                moves_replayed += 1;
                                turn_moves.push(move_number);
                            }
                        }
                    }
                }
                collect_events(&mut *state, &turn_moves, topo, &mut events);
            }
        }
    }

    // Komi: the user's, else the record's, else the ruleset's default.
    let komi = match (options.komi, &record.komi) {
        (Some(k), _) => KomiUsed {
            value: k,
            source: KomiSource::User,
        },
        (None, Some(k)) => KomiUsed {
            value: k.value,
            source: KomiSource::Record,
        },
        (None, None) => KomiUsed {
            value: ruleset.default_komi(),
            source: KomiSource::Default,
        },
    };
    if komi.source == KomiSource::Default {
        noticed.push(Noticed::KomiDefault);
    }

    // A replay stopped at passes recorded after the game had ended (servers write a third
    // pass) still holds the final position: nothing after the end can change it. Only a
    // stop before the end, or at a stone placed after it, leaves an earlier position.
    let stopped_early = stopped && (!state.is_over() || stone_after_end);
    if stopped && !stopped_early {
        noticed.push(Noticed::PassesAfterEnd(moves_after_end));
    }
    // An automatic assessment is only made for rulesets that use one (the others score the
    // board as it stands, and the search can be costly), and only of a final position: a
    // replay stopped early at a forbidden move scores the position before it as it stands.
    let passes_not_ending = !stopped && !state.is_over() && ends_with_two_passes(record);
    if passes_not_ending {
        noticed.push(Noticed::NotOverAfterPasses);
    }
    let assessment = match assessment {
        AssessmentChoice::Given(a) => a.clone(),
        AssessmentChoice::Auto(_) | AssessmentChoice::WhenOver(_) if !ruleset.uses_assessment() => {
            Assessment::none()
        }
        AssessmentChoice::Auto(_) | AssessmentChoice::WhenOver(_) if stopped_early => {
            noticed.push(Noticed::NotAssessedAfterStop);
            Assessment::none()
        }
        AssessmentChoice::WhenOver(_) if passes_not_ending => {
            noticed.push(Noticed::NotAssessedNotOver);
            Assessment::none()
        }
        AssessmentChoice::Auto(assessor) | AssessmentChoice::WhenOver(assessor) => {
            assessor.assess_state(&*state)
        }
    };
    let scored = count(
        &*state,
        &ScoringInput {
            komi: komi.value,
            handicap: record.handicap.unwrap_or(0),
            assessment: &assessment,
        },
    );
    let tally = state.tally();
    let repetition = state.repetition_end();
    let ending = if let (true, Some(start)) = (state.is_over(), repetition) {
        noticed.push(Noticed::RepetitionEndsGame {
            at_move: turn_moves.last().copied().unwrap_or(0),
            repeats_after: turn_moves.get(start as usize).copied().unwrap_or(0),
        });
        Ending::Repetition
    } else if state.is_over() {
        Ending::Passes
    } else if stopped {
        Ending::Stopped
    } else {
        match record.result.as_ref().map(|r| &r.outcome) {
            Some(Outcome::Resignation { .. }) => Ending::Resignation,
            Some(Outcome::Time { .. }) => Ending::Time,
            Some(Outcome::Forfeit { .. }) => Ending::Forfeit,
            _ => Ending::Unfinished,
        }
    };
    let (score, score_error) = match scored {
        Ok(mut s) => {
            let dead = s.dead_stones.black + s.dead_stones.white;
            s.dead_basis = DeadBasis::of(
                assessment.source,
                assessment.unproved.as_ref(),
                state.board(),
                dead,
            );
            (Some(s), None)
        }
        Err(e) => (None, Some(e.to_string())),
    };
    let mut check = match ending {
        Ending::Repetition => repetition_check(record),
        _ => check_result(
            record,
            ruleset.counting(),
            record.rules_counting,
            score.as_ref(),
            stopped_early,
        ),
    };
    check.estimated = matches!(
        check.status,
        CheckStatus::Agrees | CheckStatus::Differs | CheckStatus::Undecided
    ) && score
        .as_ref()
        .and_then(|s| s.dead_basis.as_ref())
        .is_some_and(DeadBasis::is_estimated);
    let verdict = Verdict {
        ruleset: ruleset.id().to_owned(),
        rules: ruleset.describe(),
        legal: forbidden.is_empty(),
        first_forbidden: forbidden.first().cloned(),
        forbidden,
        on_forbidden: options.policy,
        moves_total: move_number,
        moves_replayed,
        passes: tally.passes,
        captures: tally.captures,
        self_captures: tally.self_captures,
        stones_removed: tally.stones_removed(),
        ending,
        moves_after_end,
        komi,
        result: score.as_ref().map(ScoreBreakdown::result),
        score,
        score_error,
        check,
        events,
        noticed,
        findings: Vec::new(),
    };
    Replayed {
        verdict,
        state,
        assessment,
    }
}

fn collect_events(
    state: &mut dyn GameState,
    turn_moves: &[u32],
    topo: &crate::topology::Topology,
    out: &mut Vec<EventReport>,
) {
    let after = |t: u32| {
        turn_moves
            .get(t as usize)
            .copied()
            .unwrap_or(*turn_moves.last().unwrap_or(&0))
    };
    for e in state.take_events() {
        out.push(match e {
            Event::Cycle {
                at,
                start,
                disturbing,
                remover,
                used,
                gains,
            } => EventReport::Cycle {
                after_move: after(at),
                start_after_move: after(start),
                disturbing,
                remover,
                used: used.iter().map(|&p| topo.sgf(p)).collect(),
                gains,
            },
            Event::CycleRemoved {
                at,
                start,
                remover,
                used,
                gains,
            } => EventReport::CycleRemoved {
                after_move: after(at),
                start_after_move: after(start),
                remover,
                used: used.iter().map(|&p| topo.sgf(p)).collect(),
                gains,
            },
            Event::ResumedAfterPasses { color, rule } => EventReport::ResumedAfterPasses {
                move_number: *turn_moves.last().unwrap_or(&0),
                color,
                rule: rule.to_owned(),
            },
            Event::Note(noted) => EventReport::Note {
                after_move: *turn_moves.last().unwrap_or(&0),
                message: String::new(),
                noted: Some(noted),
            },
        });
    }
}

/// The ruleset's count of a final state, and when the assessment left points undecided
/// (they are counted as they stand), the range of margins deciding them could give: the
/// count with every one of them decided for White and with every one decided for Black
/// ([`MarginRange`], [`Assessment::decided_for`]). Every count of a finished game goes
/// through here — the replay's, the GTP engine's, the `play` referee's — so that each can say
/// whether its result is settled ([`ScoreBreakdown::is_settled`]).
///
/// # Errors
/// When the ruleset cannot count the position.
pub fn count(
    state: &dyn GameState,
    input: &ScoringInput<'_>,
) -> Result<ScoreBreakdown, ScoreError> {
    let mut scored = state.score(input);
    if let Ok(score) = &mut scored {
        if !input.assessment.undecided.is_empty() {
            let board = state.board();
            let margin = |c: Color| {
                state
                    .score(&ScoringInput {
                        assessment: &input.assessment.decided_for(c, board),
                        ..*input
                    })
                    .map(|s| s.margin)
            };
            if let (Ok(white_best), Ok(black_best)) = (margin(Color::White), margin(Color::Black)) {
                score.undecided_range = Some(MarginRange {
                    white_best,
                    black_best,
                });
            }
        }
    }
    scored
}

/// Whether the record's main line ends with two passes.
fn ends_with_two_passes(record: &GameRecord) -> bool {
    let mut moves = record.actions.iter().rev().filter_map(|a| match a {
        Action::Move { mv, .. } => Some(mv),
        _ => None,
    });
    matches!(
        (moves.next(), moves.next()),
        (Some(RecordedMove::Pass), Some(RecordedMove::Pass))
    )
}

/// The comparison of a game that ended in a repetition (simple ko: no result) with the
/// record: a void record agrees, a count or a win is not comparable with no result.
fn repetition_check(record: &GameRecord) -> ResultCheck {
    match &record.result {
        None => ResultCheck::new(CheckStatus::NoResult, CheckFact::NoResult),
        Some(r) if r.outcome == Outcome::Void => {
            ResultCheck::new(CheckStatus::Agrees, CheckFact::RepetitionVoid)
        }
        Some(_) => ResultCheck::new(CheckStatus::NotComparable, CheckFact::RepetitionWithResult),
    }
}

/// Compares the computed score with the recorded result.
///
/// `record_counting` is the counting family of the rules the record declares, when known:
/// a count is only compared within one family (area with area, territory with territory).
#[must_use]
pub fn check_result(
    record: &GameRecord,
    counting: Counting,
    record_counting: Option<Counting>,
    score: Option<&ScoreBreakdown>,
    stopped: bool,
) -> ResultCheck {
    let not = |fact| ResultCheck::new(CheckStatus::NotComparable, fact);
    let Some(recorded) = &record.result else {
        return ResultCheck::new(CheckStatus::NoResult, CheckFact::NoResult);
    };
    let Some(score) = score else {
        return not(CheckFact::NoCount);
    };
    let (winner, margin) = match &recorded.outcome {
        Outcome::Score { winner, margin } => (Some(*winner), *margin),
        Outcome::Draw => (None, 0.0),
        Outcome::Resignation { .. } => return not(CheckFact::Resignation),
        Outcome::Time { .. } | Outcome::Forfeit { .. } => return not(CheckFact::TimeOrForfeit),
        Outcome::Win { .. } | Outcome::Void | Outcome::Unknown => {
            return not(CheckFact::NotACount);
        }
    };
    if stopped {
        return not(CheckFact::Stopped);
    }
    // No server counts area plus captures (text 000): such a count is compared only with a
    // record that declares exactly that counting.
    if counting == Counting::AreaWithCaptures && record_counting != Some(counting) {
        return not(CheckFact::CapturesCounted);
    }
    if let Some(rc) = record_counting {
        if rc != counting {
            return not(CheckFact::OtherCounting {
                recorded: rc,
                counted: counting,
            });
        }
    }
    let same_winner = winner == score.winner.color();
    let same_margin = (margin - score.margin.abs()).abs() < 1e-9;
    // Black's margin as the record has it.
    let recorded_margin = match winner {
        Some(Color::Black) => margin,
        Some(Color::White) => -margin,
        None => 0.0,
    };
    // The count's margin minus the record's (Black's view).
    let diff = score.margin - recorded_margin;
    let compared = |status: CheckStatus, fact| ResultCheck {
        margin_difference: Some(diff),
        ..ResultCheck::new(status, fact)
    };
    if same_winner && same_margin {
        // A count that depends on undecided points equals the record only as the points
        // stand: deciding them could move it, so that is no agreement.
        if !score.is_settled() {
            return compared(CheckStatus::Undecided, CheckFact::EqualAsItStands);
        }
        return compared(CheckStatus::Agrees, CheckFact::Equal);
    }
    if score
        .undecided_range
        .as_ref()
        .is_some_and(|r: &MarginRange| r.contains(recorded_margin))
    {
        return compared(CheckStatus::Undecided, CheckFact::Allowed);
    }
    ResultCheck {
        likely_cause: handicap_cause(diff, record.handicap.unwrap_or(0), counting, score),
        ..compared(CheckStatus::Differs, CheckFact::Differs)
    }
}

/// Why an area count of a handicap game may differ from its record by a whole number of
/// points: servers give White points for the handicap stones under area counting (KGS and
/// Chinese practice one per stone, the AGA one per stone but the first), which the texts do
/// not (text 004 is silent on handicap; territory counting needs no compensation).
/// `diff` is the count's margin minus the record's (Black's view). Only recognised when
/// the count took dead stones into account (an assessment other than `none`: a count of the
/// board as it stands, Tromp–Taylor's, differs from a record by its dead stones, and by
/// chance sometimes by the handicap) and decided every point, so that the difference is the
/// count's alone.
fn handicap_cause(
    diff: f64,
    handicap: u32,
    counting: Counting,
    score: &ScoreBreakdown,
) -> Option<LikelyCause> {
    if handicap < 2
        || counting != Counting::Area
        || score.assessment == AssessmentSource::None
        || score.undecided > 0
        || diff.fract() != 0.0
    {
        return None;
    }
    let n = f64::from(handicap);
    let points = diff.abs();
    if points != n && points != n - 1.0 {
        return None;
    }
    Some(LikelyCause::HandicapCompensation {
        points: points as u32,
        towards: if diff > 0.0 {
            Color::White
        } else {
            Color::Black
        },
        handicap,
    })
}

/// Replays one record under several rulesets and gathers the verdicts with what the record
/// says ([`game_report`]); with each ruleset's state after the last move carried out (in the
/// order of `rulesets`).
#[must_use]
pub fn report(
    index: u32,
    record: &GameRecord,
    rulesets: &[&dyn Ruleset],
    options: &ReplayOptions,
    assessment: AssessmentChoice<'_>,
) -> (GameReport, Vec<Box<dyn GameState>>) {
    let (verdicts, states): (Vec<Verdict>, Vec<Box<dyn GameState>>) = rulesets
        .iter()
        .map(|r| {
            let done = replay(record, *r, options, assessment);
            (done.verdict, done.state)
        })
        .unzip();
    (game_report(index, record, verdicts), states)
}

/// The verdicts on one record (game `index` of its file) with what the record says: its
/// board, moves, komi, rules, result, markup and warnings.
#[must_use]
pub fn game_report(index: u32, record: &GameRecord, verdicts: Vec<Verdict>) -> GameReport {
    let warnings = record.warnings.clone();
    GameReport {
        game: index,
        board: board_name(record),
        moves: record.move_count() as u32,
        variations_ignored: record.variations_ignored,
        handicap: record.handicap,
        komi: record.komi.as_ref().map(|k| k.value),
        rules: record.rules.clone(),
        rules_counting: record.rules_counting,
        recorded_result: record.result.clone(),
        markup: (!record.markup.is_empty()).then(|| {
            let names = |v: &[crate::point::Point]| -> Vec<String> {
                v.iter().map(|&p| record.topology.sgf(p)).collect()
            };
            MarkupReport {
                source: record.markup.source.clone(),
                territory: PerColor::new(
                    names(&record.markup.territory.black),
                    names(&record.markup.territory.white),
                ),
                dead: names(&record.markup.dead),
            }
        }),
        info: record.info.clone(),
        warnings,
        verdicts,
    }
}

/// `19x19`, `19x13` (width × height), or `graph:N`.
#[must_use]
pub fn board_name(record: &GameRecord) -> String {
    match record.topology.shape() {
        Shape::Grid { width, height } => format!("{width}x{height}"),
        Shape::Graph { names } => format!("graph:{}", names.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::RecordedResult;
    use crate::score::{ScoringMethod, SideScore};
    use crate::topology::Topology;
    use std::sync::Arc;

    fn record(raw: &str, winner: Color, margin: f64) -> GameRecord {
        let mut r = GameRecord::new(Arc::new(Topology::grid(9, 9).unwrap()));
        r.result = Some(RecordedResult {
            raw: raw.to_owned(),
            outcome: Outcome::Score { winner, margin },
        });
        r
    }

    /// A territory count of B+3.5 with `undecided` points and, for them, this range.
    fn score(undecided: u32, range: Option<(f64, f64)>) -> ScoreBreakdown {
        let side = |territory: u32, komi: f64| SideScore {
            territory,
            komi,
            ..SideScore::default()
        };
        let mut s = ScoreBreakdown::new(ScoringMethod::Territory, side(10, 0.0), side(6, 0.5), 0.5);
        s.undecided = undecided;
        s.undecided_range = range.map(|(white_best, black_best)| MarginRange {
            white_best,
            black_best,
        });
        s
    }

    fn status(rec: &GameRecord, s: &ScoreBreakdown) -> (CheckStatus, CheckFact) {
        let c = check_result(rec, Counting::Territory, None, Some(s), false);
        (c.status, c.fact)
    }

    /// With undecided points, a recorded result the range allows is open, not a mismatch;
    /// one outside it differs for certain; one equal to the count as it stands is open too,
    /// unless the undecided points cannot move the count.
    #[test]
    fn a_result_the_undecided_points_allow_is_undecided_not_different() {
        let w = record("W+2.5", Color::White, 2.5);
        assert_eq!(score(0, None).margin, 3.5);
        assert_eq!(status(&w, &score(0, None)).0, CheckStatus::Differs);
        assert_eq!(
            status(&w, &score(4, Some((-4.5, 11.5)))),
            (CheckStatus::Undecided, CheckFact::Allowed)
        );
        assert_eq!(
            status(&w, &score(4, Some((-1.5, 11.5)))),
            (CheckStatus::Differs, CheckFact::Differs)
        );
        // No range (the bounds could not be counted): nothing is claimed beyond the count.
        assert_eq!(status(&w, &score(4, None)).0, CheckStatus::Differs);
        let b = record("B+3.5", Color::Black, 3.5);
        assert_eq!(
            status(&b, &score(4, Some((-4.5, 11.5)))),
            (CheckStatus::Undecided, CheckFact::EqualAsItStands)
        );
        // A sure winner is not enough; a range of one margin is.
        assert_eq!(
            status(&b, &score(4, Some((0.5, 11.5)))).0,
            CheckStatus::Undecided
        );
        assert_eq!(
            status(&b, &score(4, Some((3.5, 3.5)))).0,
            CheckStatus::Agrees
        );
        assert_eq!(status(&b, &score(0, None)).0, CheckStatus::Agrees);
    }

    /// A count compared with a recorded count carries the difference of the margins (Black's
    /// view), agreements included; results that are no count carry none.
    #[test]
    fn compared_counts_carry_the_difference_of_the_margins() {
        let check = |rec: &GameRecord, s: &ScoreBreakdown| {
            check_result(rec, Counting::Territory, None, Some(s), false)
        };
        // The count is B+3.5.
        let w = record("W+2.5", Color::White, 2.5);
        let c = check(&w, &score(0, None));
        assert_eq!(c.margin_difference, Some(6.0));
        assert!(!c.within_one_point());
        let c = check(&record("B+2.5", Color::Black, 2.5), &score(0, None));
        assert_eq!(c.status, CheckStatus::Differs);
        assert_eq!(c.margin_difference, Some(1.0));
        assert!(c.within_one_point());
        let c = check(&record("B+4.5", Color::Black, 4.5), &score(0, None));
        assert_eq!(c.margin_difference, Some(-1.0));
        assert!(c.within_one_point());
        let c = check(&record("B+3.5", Color::Black, 3.5), &score(0, None));
        assert_eq!(c.status, CheckStatus::Agrees);
        assert_eq!(c.margin_difference, Some(0.0));
        // Undecided: measured on the count as it stands, and never within one point, even
        // when the count as it stands is the record's.
        let c = check(&w, &score(4, Some((-4.5, 11.5))));
        assert_eq!(c.status, CheckStatus::Undecided);
        assert_eq!(c.margin_difference, Some(6.0));
        let c = check(
            &record("B+3.5", Color::Black, 3.5),
            &score(4, Some((-4.5, 11.5))),
        );
        assert_eq!(c.status, CheckStatus::Undecided);
        assert_eq!(c.margin_difference, Some(0.0));
        assert!(!c.within_one_point());
        // No count to compare: nothing.
        let mut r = record("B+R", Color::Black, 0.0);
        r.result.as_mut().unwrap().outcome = Outcome::Resignation {
            winner: Color::Black,
        };
        let c = check(&r, &score(0, None));
        assert_eq!(c.status, CheckStatus::NotComparable);
        assert_eq!(c.margin_difference, None);
        assert!(!c.within_one_point());
    }

    /// A count of a handicap game that differs from the record by one point per handicap
    /// stone (or per stone but the first) says so; other differences, even games and counts
    /// with undecided points do not.
    #[test]
    fn a_difference_of_the_handicap_compensation_is_named() {
        // A count that took dead stones into account (here the record's markup).
        let score = |undecided, range| ScoreBreakdown {
            assessment: AssessmentSource::Markup,
            ..score(undecided, range)
        };
        // Compensation is an area-counting matter: the counts here are area counts.
        let cause = |rec: &GameRecord, s: &ScoreBreakdown| {
            check_result(rec, Counting::Area, None, Some(s), false).likely_cause
        };
        let compensation = |points, towards, handicap| {
            Some(LikelyCause::HandicapCompensation {
                points,
                towards,
                handicap,
            })
        };
        let mut w = record("W+2.5", Color::White, 2.5);
        // The count is B+3.5: 6 points more to Black than the record.
        w.handicap = Some(6);
        let check = check_result(&w, Counting::Area, None, Some(&score(0, None)), false);
        assert_eq!(
            check.likely_cause,
            Some(LikelyCause::HandicapCompensation {
                points: 6,
                towards: Color::White,
                handicap: 6
            })
        );
        let json = serde_json::to_value(&check).unwrap();
        assert_eq!(json["likely_cause"]["kind"], "handicap-compensation");
        assert_eq!(json["likely_cause"]["towards"], "white");
        assert_eq!(
            (check.status, check.fact),
            (CheckStatus::Differs, CheckFact::Differs)
        );
        w.handicap = Some(7);
        assert_eq!(cause(&w, &score(0, None)), compensation(6, Color::White, 7));
        for h in [None, Some(0), Some(5), Some(8)] {
            w.handicap = h;
            let check = check_result(&w, Counting::Area, None, Some(&score(0, None)), false);
            assert_eq!(check.likely_cause, None, "{h:?}");
            // No cause, no key: the JSON of other checks is unchanged.
            assert!(
                serde_json::to_value(&check)
                    .unwrap()
                    .get("likely_cause")
                    .is_none()
            );
        }
        w.handicap = Some(6);
        assert_eq!(cause(&w, &score(3, Some((-1.5, 11.5)))), None);
        // A count of the board as it stands (no assessment) differs by its dead stones: a
        // difference equal to the handicap there is chance, not a cause.
        let as_it_stands = ScoreBreakdown {
            assessment: AssessmentSource::None,
            ..score(0, None)
        };
        let check = check_result(&w, Counting::Area, None, Some(&as_it_stands), false);
        assert_eq!(check.status, CheckStatus::Differs);
        assert_eq!(check.likely_cause, None);
        // Territory counting gives no compensation for handicap stones: no such cause there.
        let territory = check_result(&w, Counting::Territory, None, Some(&score(0, None)), false);
        assert_eq!(territory.status, CheckStatus::Differs);
        assert_eq!(territory.likely_cause, None);
        // The other way round: the count gave White points the record did not.
        let mut b = record("B+9.5", Color::Black, 9.5);
        b.handicap = Some(6);
        assert_eq!(cause(&b, &score(0, None)), compensation(6, Color::Black, 6));
    }
}
