//! What the replay driver found about one replay, in words: the `detail` of a verdict's
//! [`ResultCheck`] (made from its [`CheckFact`], the record's result and the count), and the
//! findings it [`Noticed`]; and the warning of a setup that leaves stones without liberties.

use rules_core::score::points;
use rules_core::{
    CheckFact, Finding, GameRecord, LikelyCause, Noticed, RecordedResult, ResultCheck,
    ScoreBreakdown, Verdict,
};

/// What the driver noticed in replaying `v`, as a finding of `v`.
#[must_use]
pub fn noticed(n: Noticed, v: &Verdict) -> Finding {
    let id = &v.ruleset;
    let message = match n {
        Noticed::SetupAfterMove(m) => format!(
            "stones were added or removed after move {m}; the replay applies the edit and goes \
             on"
        ),
        Noticed::PlayerSet { after_move, color } => {
            format!("after move {after_move} the record sets {color} to play")
        }
        Noticed::KomiDefault => format!(
            "the record gives no komi; {id} uses its default of {}",
            points(v.komi.value)
        ),
        Noticed::PassesAfterEnd(n) => format!(
            "{n} pass(es) recorded after the game had ended change nothing: the position the \
             game ended on is the final one, assessed and compared with the record"
        ),
        Noticed::NotOverAfterPasses => format!(
            "the record ends with two passes, which do not end the game under {id}: its count \
             is of a game that is not over"
        ),
        Noticed::NotAssessedAfterStop => "the replay stopped at a forbidden move, so its count \
                                          is of an earlier position, which is scored as it \
                                          stands: no dead stones are searched for"
            .to_owned(),
        Noticed::NotAssessedNotOver => format!(
            "the game is not over under {id}, so its position is scored as it stands: no dead \
             stones are searched for"
        ),
        Noticed::RepetitionEndsGame {
            at_move,
            repeats_after,
        } => format!(
            "move {at_move} recreates the position after move {repeats_after}: under {id}'s \
             simple ko a repetition is no forbidden move, but it ends the game without a result \
             (a long cycle the rules leave to the referee)"
        ),
    };
    Finding::new(n.code(), message)
}

/// The warnings of a record whose setup before the first move leaves stones without
/// liberties: which, and that the first move's clearing removes them (the replay's start,
/// [`rules_core::replay::start_position`]).
#[must_use]
pub fn setup_without_liberties(record: &GameRecord) -> Vec<Finding> {
    let (start, _, _) = rules_core::replay::start_position(record);
    start
        .libertyless_chains()
        .iter()
        .map(|chain| {
            let at: Vec<String> = chain
                .stones
                .iter()
                .map(|&p| record.topology.label(p))
                .collect();
            Finding::new(
                "setup-without-liberties",
                format!(
                    "the setup leaves {} {} stone(s) without liberties at {}; the first move's \
                     clearing removes them",
                    chain.stones.len(),
                    chain.color,
                    at.join(" ")
                ),
            )
        })
        .collect()
}

/// Why `v` has no count: its `score_error`, or "no count was made" for a verdict built
/// without one (the replay driver always gives one); `None` when there is a count. The one
/// place `replay`'s notes, `check`'s problems and a pair's `no_count` take it from.
#[must_use]
pub fn no_count_reason(v: &Verdict) -> Option<&str> {
    v.score
        .is_none()
        .then(|| v.score_error.as_deref().unwrap_or("no count was made"))
}

/// The words of `check`, with `recorded` (the record's result) and `score` (the count) it was
/// made from.
#[must_use]
pub fn detail(
    check: &ResultCheck,
    recorded: Option<&RecordedResult>,
    score: Option<&ScoreBreakdown>,
) -> String {
    let raw = recorded.map_or("", |r| r.raw.as_str());
    let counted = || score.map_or_else(|| "no count".to_owned(), ScoreBreakdown::result);
    // A count compared with the record, with its undecided points when it has some.
    let compared = || match score.and_then(rules_words::undecided_note) {
        Some(note) => format!("{} ({note})", counted()),
        None => counted(),
    };
    match check.fact {
        CheckFact::NoResult => "the record has no result".to_owned(),
        CheckFact::RepetitionVoid => {
            format!("record says {raw}; the game ended in a repetition, without a result")
        }
        CheckFact::RepetitionWithResult => format!(
            "record says {raw}; the game ended in a repetition, which leaves it without a result"
        ),
        CheckFact::NoCount => format!("record says {raw}; no count was made"),
        CheckFact::Resignation => format!(
            "record says {raw} (resignation); the final position counts {}",
            counted()
        ),
        CheckFact::TimeOrForfeit => format!(
            "record says {raw} (time or forfeit); the final position counts {}",
            counted()
        ),
        CheckFact::NotACount => format!(
            "record says {raw}, which is no count; the final position counts {}",
            counted()
        ),
        CheckFact::Stopped => format!(
            "record says {raw}; the replay stopped at a forbidden move, so its count ({}) is of \
             an earlier position",
            counted()
        ),
        CheckFact::CapturesCounted => format!(
            "record says {raw}; this ruleset counts area plus captures (text 000), which no \
             recorded result uses ({})",
            counted()
        ),
        CheckFact::OtherCounting {
            recorded,
            counted: ours,
        } => format!(
            "record says {raw} under {recorded:?} counting; this ruleset counts {ours:?} ({})",
            counted()
        ),
        CheckFact::EqualAsItStands => format!(
            "the count as it stands equals the record, but it rests on undecided points: record \
             says {raw}, computed {}",
            compared()
        ),
        CheckFact::Equal => format!("record says {raw}, computed {}", compared()),
        CheckFact::Allowed => format!(
            "the record's result is one the undecided points allow: record says {raw}, computed \
             {}",
            compared()
        ),
        CheckFact::Differs => {
            let hint = check
                .likely_cause
                .as_ref()
                .map(|c| format!("; {}", likely_cause(c)))
                .unwrap_or_default();
            format!(
                "result differs from the record: record says {raw}, computed {}{hint}",
                compared()
            )
        }
    }
}

/// A [`LikelyCause`] in words.
#[must_use]
pub fn likely_cause(cause: &LikelyCause) -> String {
    match *cause {
        LikelyCause::HandicapCompensation {
            points,
            towards,
            handicap,
        } => {
            let how = if points == handicap {
                "one per handicap stone (N for N stones, as KGS and Chinese practice count)"
            } else {
                "one per handicap stone but the first (N-1 for N stones, as the AGA counts)"
            };
            let who = match towards {
                rules_core::Color::White => "does not give",
                rules_core::Color::Black => "gives and the record does not",
            };
            format!(
                "the record's margin is this count's with {points} point(s) more to {towards}: \
                 {how}, a handicap compensation this count {who} (handicap {handicap})"
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::testing::{breakdown, pv};
    use rules_core::{CheckStatus, Color, Counting, MarginRange, Outcome, PointKind};

    fn recorded(raw: &str) -> RecordedResult {
        RecordedResult {
            raw: raw.to_owned(),
            outcome: Outcome::Unknown,
        }
    }

    /// B+3.5.
    fn count() -> ScoreBreakdown {
        breakdown(
            &[pv(4.0, 0.0, PointKind::Territory(Color::Black))],
            (0, 0),
            0.5,
            0.0,
        )
    }

    fn words(fact: CheckFact, raw: &str, score: Option<&ScoreBreakdown>) -> String {
        let check = ResultCheck::new(CheckStatus::NotComparable, fact);
        detail(&check, Some(&recorded(raw)), score)
    }

    /// A verdict without a count says why: its score error, or that none was made.
    #[test]
    fn a_verdict_without_a_count_says_why() {
        let counted = rules_core::testing::verdict("x", Some(count()), vec![]);
        assert_eq!(no_count_reason(&counted), None);
        let mut failed = rules_core::testing::verdict("y", None, vec![]);
        failed.score_error = Some("cannot score: no".into());
        assert_eq!(no_count_reason(&failed), Some("cannot score: no"));
        failed.score_error = None;
        assert_eq!(no_count_reason(&failed), Some("no count was made"));
    }

    /// Each thing the driver notices, with its code and the ruleset's name and komi where
    /// the words need them.
    #[test]
    fn what_the_driver_noticed_is_said_with_its_code() {
        let mut v = rules_core::testing::verdict("toy", None, vec![]);
        v.komi.value = 6.5;
        let said = |n| {
            let f = noticed(n, &v);
            (f.code, f.message)
        };
        let cases = [
            (
                Noticed::SetupAfterMove(3),
                "setup-after-first-move",
                "stones were added or removed after move 3; the replay applies the edit and \
                 goes on",
            ),
            (
                Noticed::PlayerSet {
                    after_move: 4,
                    color: Color::White,
                },
                "player-set",
                "after move 4 the record sets White to play",
            ),
            (
                Noticed::KomiDefault,
                "komi-default",
                "the record gives no komi; toy uses its default of 6.5",
            ),
            (
                Noticed::PassesAfterEnd(2),
                "passes-after-end",
                "2 pass(es) recorded after the game had ended change nothing: the position the \
                 game ended on is the final one, assessed and compared with the record",
            ),
            (
                Noticed::NotOverAfterPasses,
                "not-over-after-passes",
                "the record ends with two passes, which do not end the game under toy: its \
                 count is of a game that is not over",
            ),
            (
                Noticed::NotAssessedAfterStop,
                "dead-stones-not-assessed",
                "the replay stopped at a forbidden move, so its count is of an earlier \
                 position, which is scored as it stands: no dead stones are searched for",
            ),
            (
                Noticed::NotAssessedNotOver,
                "dead-stones-not-assessed",
                "the game is not over under toy, so its position is scored as it stands: no \
                 dead stones are searched for",
            ),
            (
                Noticed::RepetitionEndsGame {
                    at_move: 9,
                    repeats_after: 5,
                },
                "repetition-ends-game",
                "move 9 recreates the position after move 5: under toy's simple ko a \
                 repetition is no forbidden move, but it ends the game without a result (a long \
                 cycle the rules leave to the referee)",
            ),
        ];
        for (n, code, message) in cases {
            assert_eq!(said(n), (code.to_owned(), message.to_owned()), "{n:?}");
        }
    }

    /// A setup that leaves stones without liberties is said once per chain, with its stones;
    /// a setup with liberties everywhere, and stones placed by moves, are not.
    #[test]
    fn a_setup_without_liberties_is_said_chain_by_chain() {
        use rules_core::{Action, GameRecord, Point, RecordedMove, Topology};
        let topo = std::sync::Arc::new(Topology::square(3).unwrap());
        let at = |v: &str| topo.parse_point(v).unwrap();
        let setup = |stones: &[(&str, Color)]| {
            let mut r = GameRecord::new(topo.clone());
            let edits: Vec<(Point, Option<Color>)> =
                stones.iter().map(|&(v, c)| (at(v), Some(c))).collect();
            r.actions.push(Action::Setup(edits));
            r.actions.push(Action::Move {
                color: Color::Black,
                mv: RecordedMove::Pass,
            });
            r
        };
        let (b, w) = (Color::Black, Color::White);
        // A black stone in the corner, a white one beside it: the black one has no liberty.
        let one = setup(&[("A1", b), ("A2", w), ("B1", w)]);
        let said = setup_without_liberties(&one);
        assert_eq!(said.len(), 1, "{said:?}");
        assert_eq!(said[0].code, "setup-without-liberties");
        assert_eq!(
            said[0].message,
            "the setup leaves 1 Black stone(s) without liberties at A1; the first move's \
             clearing removes them"
        );
        // Two chains of two colours, each without a liberty, on a full board.
        let full: Vec<(&str, Color)> = ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]
            .iter()
            .map(|&v| (v, if v.starts_with('A') { b } else { w }))
            .collect();
        let said = setup_without_liberties(&setup(&full));
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(
            said[0].message.contains("3 Black stone(s)")
                || said[1].message.contains("3 Black stone(s)")
        );
        assert!(said.iter().any(|f| f.message.contains("6 White stone(s)")));
        assert!(setup_without_liberties(&setup(&[("B2", b)])).is_empty());
        assert!(setup_without_liberties(&GameRecord::new(topo.clone())).is_empty());
    }

    /// Every fact in words, with the record's result and the count where it has them.
    #[test]
    fn each_fact_is_said_with_both_results() {
        let s = count();
        let s = Some(&s);
        assert_eq!(
            detail(
                &ResultCheck::new(CheckStatus::NoResult, CheckFact::NoResult),
                None,
                None
            ),
            "the record has no result"
        );
        assert_eq!(
            words(CheckFact::Equal, "B+3.5", s),
            "record says B+3.5, computed B+3.5"
        );
        assert_eq!(
            words(CheckFact::NoCount, "W+4.5", None),
            "record says W+4.5; no count was made"
        );
        assert_eq!(
            words(CheckFact::Resignation, "W+R", s),
            "record says W+R (resignation); the final position counts B+3.5"
        );
        assert_eq!(
            words(CheckFact::TimeOrForfeit, "W+T", s),
            "record says W+T (time or forfeit); the final position counts B+3.5"
        );
        assert_eq!(
            words(CheckFact::NotACount, "Void", s),
            "record says Void, which is no count; the final position counts B+3.5"
        );
        assert_eq!(
            words(CheckFact::Stopped, "W+1", s),
            "record says W+1; the replay stopped at a forbidden move, so its count (B+3.5) is \
             of an earlier position"
        );
        assert_eq!(
            words(CheckFact::CapturesCounted, "0", s),
            "record says 0; this ruleset counts area plus captures (text 000), which no \
             recorded result uses (B+3.5)"
        );
        let other = CheckFact::OtherCounting {
            recorded: Counting::Territory,
            counted: Counting::Area,
        };
        assert_eq!(
            words(other, "0", s),
            "record says 0 under Territory counting; this ruleset counts Area (B+3.5)"
        );
        assert_eq!(
            words(CheckFact::RepetitionVoid, "Void", None),
            "record says Void; the game ended in a repetition, without a result"
        );
        assert_eq!(
            words(CheckFact::RepetitionWithResult, "B+2", None),
            "record says B+2; the game ended in a repetition, which leaves it without a result"
        );
    }

    /// A count resting on undecided points says how many and what deciding them gives.
    #[test]
    fn undecided_points_are_said_beside_the_count() {
        let mut s = count();
        s.undecided = 4;
        s.undecided_range = Some(MarginRange {
            white_best: -4.5,
            black_best: 11.5,
        });
        let note = "(4 point(s) undecided, counted as they stand; deciding them gives W+4.5 to \
                    B+11.5)";
        assert_eq!(
            words(CheckFact::EqualAsItStands, "B+3.5", Some(&s)),
            format!(
                "the count as it stands equals the record, but it rests on undecided points: \
                 record says B+3.5, computed B+3.5 {note}"
            )
        );
        assert_eq!(
            words(CheckFact::Allowed, "W+2.5", Some(&s)),
            format!(
                "the record's result is one the undecided points allow: record says W+2.5, \
                 computed B+3.5 {note}"
            )
        );
        // Not compared: the count alone.
        assert_eq!(
            words(CheckFact::Resignation, "W+R", Some(&s)),
            "record says W+R (resignation); the final position counts B+3.5"
        );
    }

    /// A difference, with the handicap compensation that explains it when there is one.
    #[test]
    fn a_difference_names_its_likely_cause() {
        let s = count();
        let mut check = ResultCheck::new(CheckStatus::Differs, CheckFact::Differs);
        let said = |check: &ResultCheck| detail(check, Some(&recorded("W+2.5")), Some(&s));
        assert_eq!(
            said(&check),
            "result differs from the record: record says W+2.5, computed B+3.5"
        );
        check.likely_cause = Some(LikelyCause::HandicapCompensation {
            points: 6,
            towards: Color::White,
            handicap: 6,
        });
        assert_eq!(
            said(&check),
            "result differs from the record: record says W+2.5, computed B+3.5; the record's \
             margin is this count's with 6 point(s) more to White: one per handicap stone (N \
             for N stones, as KGS and Chinese practice count), a handicap compensation this \
             count does not give (handicap 6)"
        );
        check.likely_cause = Some(LikelyCause::HandicapCompensation {
            points: 5,
            towards: Color::Black,
            handicap: 6,
        });
        let words = said(&check);
        assert!(
            words.contains("5 point(s) more to Black: one per handicap stone but the first (N-1")
                && words.ends_with("this count gives and the record does not (handicap 6)"),
            "{words}"
        );
    }
}
