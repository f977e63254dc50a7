//! One game through the pipeline: its plan, the one replay of each ruleset, the dead stones
//! of the final positions, rule 17's claims — a [`GameAnalysis`].

use crate::claims::{self, ClaimsCheck};
use crate::dead::{DeadSource, GameDead, PointError};
use crate::engine::{Contradiction, EngineError};
use crate::named::Marked;
use crate::plan::{GamePlan, NamedRules, Plan, PlanNote, Planned};
use rules_core::{
    AssessmentChoice, AssessmentSource, GameRecord, ReplayOptions, Replayed, Ruleset, Trace,
};
use ruleset_registry::RecordedRules;
use std::sync::Arc;

/// Everything the pipeline found about one game: facts, no words.
pub struct GameAnalysis {
    /// 1-based index of the game among the game trees of its file.
    pub index: u32,
    /// The record, as read.
    pub record: GameRecord,
    /// One replay per ruleset, in the order asked for.
    pub runs: Vec<Run>,
    /// What planning the game noticed.
    pub notes: Vec<PlanNote>,
    /// Rule 17's claims, when asked for, with the run whose final position they were checked
    /// against.
    pub claims: Option<(usize, ClaimsCheck)>,
    /// Final positions whose dead stones the control test searched (each once).
    pub searches: usize,
    /// With an outside engine as the source: where it contradicted the proofs, by run (the
    /// index in `runs`); the proofs were used.
    pub contradictions: Vec<(usize, Contradiction)>,
    /// With stones the user named as the source: by run whose count used them, where the
    /// names marked more than the named stones (whole chains).
    pub marked: Vec<(usize, Marked)>,
}

/// Why a game could not be analysed: it is reported as the game's error, and a batch goes on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The dead stones name a point that is not on this game's board.
    #[error(transparent)]
    Point(#[from] PointError),
    /// The outside engine gave no dead stones for a final position.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// One ruleset's replay of a game.
pub struct Run {
    /// The verdict, the final state and the dead stones the count used.
    pub replayed: Replayed,
    /// For `recorded`: how the record's `RU` chose the ruleset.
    pub recorded: Option<RecordedRules>,
    /// For a `--rules` entry read as rules (a name, a KataGo string): how it was read.
    pub named: Option<NamedRules>,
}

impl Run {
    /// The ruleset's id.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.replayed.verdict.ruleset
    }
}

/// How much of a plan to carry out for a game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Scope {
    /// Only the first ruleset of the plan (a picture of one position).
    pub first_only: bool,
    /// No dead stones: a position during the game, scored as it stands.
    pub as_it_stands: bool,
}

impl Plan {
    /// Analyses one game under every ruleset of the plan.
    ///
    /// # Errors
    /// When the dead stones name a point that is not on this game's board, or the outside
    /// engine asked for them fails.
    pub fn analyse(&self, index: u32, record: GameRecord) -> Result<GameAnalysis, GameError> {
        self.analyse_in(index, record, Scope::default())
    }

    /// Only the replays of one game under every ruleset of the plan, the record borrowed: for
    /// measurements that need no report (the benchmarks, the instruction counts).
    ///
    /// # Errors
    /// As [`Plan::analyse`].
    pub fn replay_all(&self, record: &GameRecord) -> Result<Vec<Run>, GameError> {
        let GamePlan { rulesets, dead, .. } = self.for_game(record)?;
        let choice = self.assessment(&dead);
        let trace = shared_trace(record, rulesets.len());
        let runs = rulesets
            .into_iter()
            .map(|planned| run(record, planned, &self.replay, choice, trace.as_ref()))
            .collect();
        match dead.failure() {
            Some(e) => Err(e.into()),
            None => Ok(runs),
        }
    }

    /// Analyses one game, as far as `scope` says.
    ///
    /// # Errors
    /// As [`Plan::analyse`].
    pub fn analyse_in(
        &self,
        index: u32,
        record: GameRecord,
        scope: Scope,
    ) -> Result<GameAnalysis, GameError> {
        let GamePlan {
            mut rulesets,
            dead,
            warnings,
        } = self.for_game(&record)?;
        if scope.first_only {
            rulesets.truncate(1);
        }
        let none = GameDead::none();
        let dead = if scope.as_it_stands { &none } else { &dead };
        let choice = self.assessment(dead);
        let trace = shared_trace(&record, rulesets.len());
        let runs: Vec<Run> = rulesets
            .into_iter()
            .map(|planned| run(&record, planned, &self.replay, choice, trace.as_ref()))
            .collect();
        if let Some(e) = dead.failure() {
            return Err(e.into());
        }
        let contradictions = runs
            .iter()
            .enumerate()
            .filter_map(|(i, r)| Some((i, dead.contradiction(r.replayed.state.as_ref())?)))
            .collect();
        // Only where the count used the named stones (Tromp–Taylor and `logical` count the
        // board as it stands).
        let marked = runs
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                r.replayed.verdict.score.as_ref().map(|s| s.assessment)
                    == Some(AssessmentSource::User)
            })
            .filter_map(|(i, r)| Some((i, dead.marked(r.replayed.state.board())?)))
            .collect();
        let claims = if self.check_claims {
            // Rule 17 checks the claims against the final position of the replay; Pauli's,
            // when it is among the rulesets (its permanently prohibited points matter). The
            // final position does not depend on the dead stones the count used.
            let under = runs.iter().position(|r| r.id() == "pauli").unwrap_or(0);
            runs.get(under).map(|r| {
                let state = r.replayed.state.as_ref();
                (
                    under,
                    claims::check(dead, &record, state, self.control_options()),
                )
            })
        } else {
            None
        };
        Ok(GameAnalysis {
            index,
            searches: dead.searches(),
            record,
            runs,
            notes: warnings,
            claims,
            contradictions,
            marked,
        })
    }
}

impl Plan {
    /// What the replay driver takes for the game's dead stones. The default source's dead
    /// stones (the estimate, for a finished game without markup) are asked for only under a
    /// ruleset whose game is over ([`AssessmentChoice::WhenOver`]): when the record ends by
    /// passing and those passes do not end the game under a ruleset (Pauli rule 4: a pass
    /// under a temporary prohibition), its position is scored as it stands. A source named
    /// explicitly (`--dead proved`, `--dead estimate`) is asked whatever the ending.
    fn assessment<'a>(&self, dead: &'a GameDead<'_>) -> AssessmentChoice<'a> {
        match (dead.choice(), &self.dead) {
            (AssessmentChoice::Auto(assessor), DeadSource::Default) => {
                AssessmentChoice::WhenOver(assessor)
            }
            (choice, _) => choice,
        }
    }
}

/// The one replay of a ruleset over a record.
/// The record's [`Trace`], when more than one ruleset replays it: the board work of its
/// ordinary turns done once for all of them (a single replay gains nothing from it).
fn shared_trace(record: &GameRecord, rulesets: usize) -> Option<Arc<Trace>> {
    if rulesets > 1 {
        Trace::of(record)
    } else {
        None
    }
}

fn run(
    record: &GameRecord,
    planned: Planned<'_>,
    options: &ReplayOptions,
    dead: AssessmentChoice<'_>,
    trace: Option<&Arc<Trace>>,
) -> Run {
    let (ruleset, recorded, named): (&dyn Ruleset, _, _) = match &planned {
        Planned::Shared(r) => (*r, None, None),
        Planned::Named(r, named) => (*r, None, Some((*named).clone())),
        Planned::Recorded(r, read) => (r.as_ref(), Some(read.clone()), None),
    };
    Run {
        replayed: rules_core::replay_traced(record, ruleset, options, dead, trace),
        recorded,
        named,
    }
}

/// The record cut after its `at`-th move (setup and player changes before it kept): the game
/// as it stood then.
#[must_use]
pub fn cut_after(record: &GameRecord, at: usize) -> GameRecord {
    let mut cut = record.clone();
    let mut moves = 0;
    let keep = record
        .actions
        .iter()
        .position(|a| {
            if matches!(a, rules_core::Action::Move { .. }) {
                if moves == at {
                    return true;
                }
                moves += 1;
            }
            false
        })
        .unwrap_or(record.actions.len());
    cut.actions.truncate(keep);
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Choice;
    use rules_core::{Action, Color, Point, RecordedMove};
    use ruleset_registry::RulesetOptions;

    /// `replay_all` (the measurements' way in) gives one run per ruleset of the plan, in the
    /// plan's order, each a replay of the whole record.
    #[test]
    fn replay_all_replays_the_record_once_per_ruleset() {
        let plan = Plan::new(
            Choice::parse_list("tromp-taylor,chinese", &RulesetOptions::default()).unwrap(),
        );
        let topology = std::sync::Arc::new(rules_core::Topology::square(5).unwrap());
        let mut record = GameRecord::new(topology);
        for (color, mv) in [
            (Color::Black, RecordedMove::Place(Point::from_index(12))),
            (Color::White, RecordedMove::Pass),
            (Color::Black, RecordedMove::Pass),
        ] {
            record.actions.push(Action::Move { color, mv });
        }
        let runs = plan.replay_all(&record).unwrap();
        let ids: Vec<&str> = runs.iter().map(Run::id).collect();
        assert_eq!(ids, ["tromp-taylor", "chinese"]);
        for run in &runs {
            assert_eq!(run.replayed.verdict.moves_replayed, 3);
        }
    }
}
