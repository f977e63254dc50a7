//! A count in words: its result, or the range its undecided points allow.

use rules_core::{MarginRange, ScoreBreakdown, Winner, result_of};

/// `W+30.5 to B+12`: the two ends of a range as results.
#[must_use]
pub fn range(r: &MarginRange) -> String {
    format!("{} to {}", result_of(r.white_best), result_of(r.black_best))
}

/// [`range`], with `, White wins either way` (or Black) when every way of deciding the
/// points gives the same winner: the words every report of a count resting on undecided
/// points uses (the result check, GTP's `final_score`, `gorules play`).
#[must_use]
pub fn range_with_winner(r: &MarginRange) -> String {
    match r.sure_winner() {
        Some(Winner::Black) => format!("{}, Black wins either way", range(r)),
        Some(Winner::White) => format!("{}, White wins either way", range(r)),
        Some(Winner::Draw) | None => range(r),
    }
}

/// The count in a word for a table: the result (`B+3.5`) when it is settled
/// ([`ScoreBreakdown::is_settled`]), otherwise what deciding the undecided points could give
/// (`W+2.5 to B+40`), or, when that range could not be computed, the count as it stands
/// marked so (`B+3.5 as it stands`). A count resting on undecided points is never shown as a
/// plain result.
#[must_use]
pub fn result_or_range(s: &ScoreBreakdown) -> String {
    if s.is_settled() {
        return s.result();
    }
    match &s.undecided_range {
        Some(r) => range(r),
        None => format!("{} as it stands", s.result()),
    }
}

/// When the assessment left points undecided, the words for them: how many, that they were
/// counted as they stand, and what deciding them could give, with the winner when every way
/// of deciding them gives the same one. `None` when nothing is undecided. Shared by the
/// result check and the pictures' caption.
#[must_use]
pub fn undecided_note(s: &ScoreBreakdown) -> Option<String> {
    if s.undecided == 0 {
        return None;
    }
    let mut note = format!("{} point(s) undecided, counted as they stand", s.undecided);
    if let Some(r) = &s.undecided_range {
        note.push_str("; deciding them gives ");
        note.push_str(&range_with_winner(r));
    }
    Some(note)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::{ScoringMethod, SideScore};

    #[test]
    fn a_range_is_said_as_its_two_results_with_the_winner_when_it_is_sure() {
        let r = MarginRange {
            white_best: -4.5,
            black_best: 2.0,
        };
        assert_eq!(range(&r), "W+4.5 to B+2");
        assert_eq!(range_with_winner(&r), "W+4.5 to B+2");
        let sure = MarginRange {
            white_best: 0.5,
            black_best: 9.5,
        };
        assert_eq!(
            range_with_winner(&sure),
            "B+0.5 to B+9.5, Black wins either way"
        );
        let white = MarginRange {
            white_best: -9.0,
            black_best: -0.5,
        };
        assert_eq!(
            range_with_winner(&white),
            "W+9 to W+0.5, White wins either way"
        );
    }

    #[test]
    fn undecided_points_are_said_with_what_deciding_them_gives() {
        let side = SideScore::default();
        let mut s = ScoreBreakdown::new(ScoringMethod::Territory, side, side, 0.0);
        assert_eq!(undecided_note(&s), None);
        s.undecided = 3;
        assert_eq!(
            undecided_note(&s).as_deref(),
            Some("3 point(s) undecided, counted as they stand")
        );
        s.undecided_range = Some(MarginRange {
            white_best: 0.5,
            black_best: 9.5,
        });
        assert_eq!(
            undecided_note(&s).as_deref(),
            Some(
                "3 point(s) undecided, counted as they stand; deciding them gives B+0.5 to \
                 B+9.5, Black wins either way"
            )
        );
        s.undecided_range = Some(MarginRange {
            white_best: -4.5,
            black_best: 2.0,
        });
        assert!(undecided_note(&s).unwrap().ends_with("W+4.5 to B+2"));
    }

    #[test]
    fn a_count_resting_on_undecided_points_is_shown_as_its_range_never_as_a_result() {
        let side = SideScore {
            territory: 4,
            ..SideScore::default()
        };
        let white = SideScore {
            komi: 0.5,
            ..SideScore::default()
        };
        let mut s = ScoreBreakdown::new(ScoringMethod::Territory, side, white, 0.5);
        assert_eq!(result_or_range(&s), "B+3.5");
        s.undecided = 6;
        assert_eq!(result_or_range(&s), "B+3.5 as it stands");
        s.undecided_range = Some(MarginRange {
            white_best: -2.5,
            black_best: 9.5,
        });
        assert_eq!(result_or_range(&s), "W+2.5 to B+9.5");
        // Undecided points that cannot move the margin leave a result.
        s.undecided_range = Some(MarginRange {
            white_best: 3.5,
            black_best: 3.5,
        });
        assert_eq!(result_or_range(&s), "B+3.5");
    }
}
