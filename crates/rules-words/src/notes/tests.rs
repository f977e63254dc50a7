use super::*;
use rules_core::{Color, PerColor, ScoringMethod, SideScore};

fn topo() -> Topology {
    Topology::square(9).unwrap()
}

fn at(names: &str) -> Vec<Point> {
    let t = topo();
    names
        .split_whitespace()
        .map(|s| t.parse_sgf(s).unwrap())
        .collect()
}

fn said(note: ScoreNote) -> String {
    score_note(&note, &topo())
}

/// The markup note names at most ten stones, and says when there are more.
#[test]
fn live_stones_in_marked_territory_are_named_ten_at_most() {
    let row = |n: usize| -> Vec<Point> {
        at("ab bb cb db eb fb gb hb ib aa ba")
            .into_iter()
            .take(n)
            .collect()
    };
    let ten = said(ScoreNote::LiveInMarkedTerritory { stones: row(10) });
    assert_eq!(
        ten,
        "the markup marks territory next to 10 stone(s) of the other colour it does not mark \
         dead (ab bb cb db eb fb gb hb ib aa): they count as alive"
    );
    let eleven = said(ScoreNote::LiveInMarkedTerritory { stones: row(11) });
    assert!(
        eleven.contains("next to 11 stone(s)") && eleven.contains("ib aa …)"),
        "{eleven}"
    );
}

/// A territory nobody controls is named with the dame that cost it its wall, or says that
/// no dame touches the wall and claims no cause.
#[test]
fn a_territory_for_nobody_names_the_dame_next_to_its_wall_or_claims_no_cause() {
    let with_dame = said(ScoreNote::TerritoryForNobody {
        color: Color::White,
        lost: at("ga gb gc"),
        dame: at("ge"),
    });
    assert_eq!(
        with_dame,
        "3 location(s) that only White's stones contact count for nobody: the control test \
         proved that White does not control them, nor Black: ga gb gc; rule 14 fills the dame \
         next to the stones around them (ge) with Black stones and lets Black start; the \
         boundary is unfinished there"
    );
    let without = said(ScoreNote::TerritoryForNobody {
        color: Color::Black,
        lost: at("aa"),
        dame: Vec::new(),
    });
    assert!(
        without.starts_with("1 location(s) that only Black's stones contact")
            && without.ends_with("nor White: aa; no dame touches the stones around them"),
        "{without}"
    );
}

/// Text 004 rule 9's stone count: ahead, short or even, and loud when it disagrees with the
/// margin.
#[test]
fn the_stone_count_says_ahead_short_or_even_and_whether_it_agrees() {
    let count = |black_area: f64, agrees_with_margin: bool| {
        said(ScoreNote::StoneCount(StoneCount {
            black_area,
            half_board: 40.5,
            komi_stones: 3.75,
            black_excess: black_area - 44.25,
            agrees_with_margin,
        }))
    };
    assert_eq!(
        count(46.0, true),
        "stone count (text 004 rule 9): Black 46 against 40.5 + 3.75 = 44.25: Black ahead by \
         1.75 stone(s), i.e. 3.5 point(s), as the margin says"
    );
    assert!(count(40.0, true).contains(": Black short by 4.25 stone(s), i.e. 8.5 point(s)"));
    assert!(count(44.25, true).contains(": even: 0 stone(s), i.e. 0 point(s)"));
    assert!(count(46.0, false).ends_with("; THIS DISAGREES WITH THE MARGIN"));
}

/// Each note cites the rule it comes from, with its numbers.
#[test]
fn each_note_cites_its_rule_with_its_numbers() {
    let cases = [
        (
            ScoreNote::ScoredAsItStands {
                named_dead: 2,
                source: AssessmentSource::User,
            },
            "the board is scored as it stands: 2 stone(s) named dead (user) count as alive",
        ),
        (
            ScoreNote::DeadRemoved {
                source: AssessmentSource::Markup,
                count: PerColor::new(3, 1),
            },
            "dead stones removed before counting (markup): 3 black, 1 white",
        ),
        (
            ScoreNote::ConnectedToDead { stones: 4 },
            "4 stone(s) counted dead because they are connected to a stone marked dead (text 004 \
             rule 3: connected stones are one inseparable whole)",
        ),
        (
            ScoreNote::SharedHalf { points: 5 },
            "5 empty point(s) between both sides' live stones shared half and half (text 004 \
             rule 9: 双方活棋之间的空点各得一半)",
        ),
        (
            ScoreNote::ReachNoLiveStone { points: 6 },
            "6 empty point(s) reach no live stone: counted for nobody in the margin, half to \
             each side in the stone count (text 004's math: I = ½)",
        ),
        (
            ScoreNote::HandicapUncompensated { handicap: 2 },
            "handicap 2: no compensation to White (option none; the texts are silent)",
        ),
        (
            ScoreNote::HandicapCompensated {
                handicap: 3,
                given: 2,
                komi: 0.5,
                option: "N−1 points to White for N handicap stones",
            },
            "handicap compensation (N−1 points to White for N handicap stones): 2 point(s) to \
             White for handicap 3, added to White's komi (0.5 + 2)",
        ),
        (
            ScoreNote::AreaUndecided { points: 7 },
            "7 point(s) depend on stones the assessment left undecided and are counted as they \
             stand",
        ),
        (
            ScoreNote::ControlGiven {
                source: AssessmentSource::Proved,
            },
            "Pauli rule 5: control given by the control solver: the listed locations, the stones \
             on the opponent's locations and the stones named dead count as dead, and each \
             player's live stones stand on his own locations",
        ),
        (
            ScoreNote::ControlByAgreement {
                source: AssessmentSource::None,
                dead: 1,
                neutral: 2,
            },
            "Pauli rule 5: control by agreement (rule 17 counting) from nothing given: 1 stone(s) \
             claimed dead, 2 location(s) claimed neutral; each empty location that contacts the \
             stones of one player only is his",
        ),
        (
            ScoreNote::ControlUndecided { locations: 8 },
            "8 location(s) the control test left undecided count as they stand (rule 17 \
             counting: an empty one is his whose stones alone its region contacts)",
        ),
        (
            ScoreNote::IgnoredDeadMarks(at("aa bb")),
            "dead marks on empty locations ignored: aa bb",
        ),
        (
            ScoreNote::IgnoredNeutralClaims(at("cc")),
            "neutral claims on occupied locations ignored (rule 17 claims empty locations): cc",
        ),
        (
            ScoreNote::DeadInMixedRegions(at("ea")),
            "dead stones whose region also touches their owner's stones, counted for the \
             opponent as given: ea",
        ),
        (
            ScoreNote::ControlledByBoth(at("da db")),
            "controlled by both players, counted for both (ljr.md A21): da db",
        ),
        (
            ScoreNote::RemovedByCycles(PerColor::new(1, 0)),
            "captives include stones removed with cycles (rule 5: \"no matter by whom\"): 1 \
             black, 0 white",
        ),
        (
            ScoreNote::KomiNotWhole(6.5),
            "komi 6.5 is not a non-negative integer as rule 2 asks; used as given (ljr.md A9)",
        ),
        (
            ScoreNote::HandicapIgnored { handicap: 4 },
            "handicap 4: the rules know no handicap compensation (ljr.md A22)",
        ),
    ];
    for (note, words) in cases {
        assert_eq!(said(note), words);
    }
}

/// Who gave the control, for every source.
#[test]
fn every_source_of_control_is_named() {
    let names: Vec<&str> = [
        AssessmentSource::None,
        AssessmentSource::Markup,
        AssessmentSource::User,
        AssessmentSource::Proved,
        AssessmentSource::Estimate,
        AssessmentSource::Engine,
    ]
    .map(given_by)
    .to_vec();
    assert_eq!(
        names,
        [
            "nothing given",
            "the record's markup",
            "the command line",
            "the control solver",
            "the control solver and the estimator",
            "the control solver and an outside engine",
        ]
    );
}

/// A count's notes are said in the order the ruleset noted them.
#[test]
fn a_count_s_notes_are_said_in_order() {
    let side = SideScore::default();
    let mut s = ScoreBreakdown::new(ScoringMethod::Area, side, side, 0.0);
    assert!(score_notes(&s, &topo()).is_empty());
    s.noted = vec![
        ScoreNote::SharedHalf { points: 1 },
        ScoreNote::HandicapIgnored { handicap: 2 },
    ];
    let said = score_notes(&s, &topo());
    assert_eq!(said.len(), 2);
    assert!(said[0].starts_with("1 empty point(s)") && said[1].starts_with("handicap 2"));
}
