//! Comparisons between the rulesets of one game: every ruleset against the first, the count
//! explained from each ruleset's own point values ([`rules_core::compare`]).

use crate::game::GameAnalysis;
use rules_core::PointValue;
use rules_core::compare::{CompareError, PairDiff, Side, compare_with_first};

impl GameAnalysis {
    /// Each run's count point by point (`None` without a count).
    #[must_use]
    pub fn point_values(&self) -> Vec<Option<Vec<PointValue>>> {
        let handicap = self.record.handicap.unwrap_or(0);
        self.runs
            .iter()
            .map(|r| r.replayed.point_values(handicap))
            .collect()
    }

    /// Every ruleset compared with the first.
    ///
    /// # Errors
    /// When an explanation does not add up: a bug, never to be shown as an explanation.
    pub fn comparisons(&self) -> Result<Vec<PairDiff>, CompareError> {
        let values = self.point_values();
        let sides: Vec<Side<'_>> = self
            .runs
            .iter()
            .zip(&values)
            .map(|(r, v)| Side::new(&r.replayed.verdict, v.as_deref()))
            .collect();
        compare_with_first(&sides, &self.record.topology.point_names())
    }
}
