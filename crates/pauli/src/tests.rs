//! Tests: one module per rule of text 002 (r2–r13 and r5), then the worked examples of
//! `shared/design/ljr-examples.md` that concern those rules (LJR-01…07, 13, 16).

use crate::{
    AfterEnd, Pauli, PauliGame, PauliRuleset, Prohibition, RemovalPolicy, Situation, SituationError,
};
use rules_core::point::Move;
use rules_core::{
    Assessment, AssessmentSource, Board, Color, Event, EventNote, GameState, PerColor, Point,
    PreAction, Reason, Ruleset, ScoreBreakdown, ScoreNote, ScoringInput, StartPosition, Topology,
    Turn, TurnEffect,
};
use std::sync::Arc;

const B: Color = Color::Black;
const W: Color = Color::White;

/// A board from rows of `X` (black), `O` (white), `.` (empty); row `a` first.
fn board(rows: &[&str]) -> Board {
    Board::from_diagram(rows).unwrap()
}

fn start(rows: &[&str], to_move: Color) -> StartPosition {
    StartPosition::new(board(rows), to_move)
}

fn game(rows: &[&str], to_move: Color) -> PauliGame {
    Pauli::default().game(&start(rows, to_move))
}

fn pt(g: &PauliGame, s: &str) -> Point {
    g.board().topology().parse_sgf(s).unwrap()
}

fn pts(g: &PauliGame, s: &str) -> Vec<Point> {
    let mut v: Vec<Point> = s.split_whitespace().map(|p| pt(g, p)).collect();
    v.sort_unstable();
    v
}

fn names(g: &PauliGame, v: &[Point]) -> String {
    g.board().topology().sgf_names(v)
}

fn turn(g: &PauliGame, c: Color, s: &str) -> Turn {
    Turn::new(c, Move::Place(pt(g, s)))
}

fn play(g: &mut PauliGame, c: Color, s: &str) -> TurnEffect {
    let t = turn(g, c, s);
    g.play(&t)
        .unwrap_or_else(|e| panic!("{} {s}: {e}", c.letter()))
}

fn pass(g: &mut PauliGame, c: Color) -> TurnEffect {
    g.play(&Turn::new(c, Move::Pass)).unwrap()
}

fn refused(g: &mut PauliGame, c: Color, s: &str) -> Reason {
    let t = turn(g, c, s);
    let before = g.situation();
    let err = g.play(&t).expect_err("prohibited");
    assert!(
        before.is_similar(&g.situation()),
        "a refused turn changes nothing"
    );
    assert_eq!(g.check(&t).unwrap_err(), err, "check agrees with play");
    err.reason
}

fn remove(g: &mut PauliGame, c: Color, start: u32, mv: Move) -> Result<TurnEffect, Reason> {
    g.play(&Turn {
        color: c,
        pre: Some(PreAction::RemoveCycle { start }),
        mv,
    })
    .map_err(|e| e.reason)
}

/// The prohibited locations for `c` as "point:reason" words.
fn prohibited(g: &PauliGame, c: Color) -> String {
    g.prohibited(c)
        .iter()
        .map(|(p, why)| format!("{}:{}", g.board().topology().sgf(*p), why.reason()))
        .collect::<Vec<_>>()
        .join(" ")
}

fn input(komi: f64, handicap: u32, assessment: &Assessment) -> ScoringInput<'_> {
    ScoringInput {
        komi,
        handicap,
        assessment,
    }
}

fn score(g: &PauliGame, komi: f64, a: &Assessment) -> ScoreBreakdown {
    GameState::score(g, &input(komi, 0, a)).unwrap()
}

/// What a note of the count explains, in a word.
fn kind(note: &ScoreNote) -> &'static str {
    match note {
        ScoreNote::ControlGiven { .. } => "given",
        ScoreNote::ControlByAgreement { .. } => "agreement",
        ScoreNote::ControlUndecided { .. } => "left undecided",
        ScoreNote::TerritoryForNobody { .. } => "count for nobody",
        ScoreNote::IgnoredDeadMarks(_) => "dead marks on empty locations",
        ScoreNote::IgnoredNeutralClaims(_) => "neutral claims on occupied locations",
        ScoreNote::DeadInMixedRegions(_) => "dead stones whose region",
        ScoreNote::ControlledByBoth(_) => "controlled by both",
        ScoreNote::RemovedByCycles(_) => "removed with cycles",
        ScoreNote::KomiNotWhole(_) => "komi",
        ScoreNote::HandicapIgnored { .. } => "handicap",
        _ => "other",
    }
}

fn assessment(source: AssessmentSource, g: &PauliGame, dead: &str) -> Assessment {
    Assessment {
        source,
        dead: pts(g, dead),
        ..Assessment::default()
    }
}

fn cycles(events: &[Event]) -> Vec<(u32, u32, bool, Color)> {
    events
        .iter()
        .filter_map(|e| match e {
            // Reported 1-based, as the worked examples number turns.
            Event::Cycle {
                at,
                start,
                disturbing,
                remover,
                ..
            } => Some((*at + 1, *start + 1, *disturbing, *remover)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
mod r2_initial_prohibitions {
    use super::*;

    #[test]
    fn prohibit_the_first_turn_only() {
        let mut s = start(&["...", "...", "..."], B);
        let topo = s.board.topology().clone();
        s.initial_prohibited = vec![topo.parse_sgf("bb").unwrap()];
        let mut g = Pauli::default().game(&s);
        assert_eq!(g.prohibition(pt(&g, "bb"), B), Some(Prohibition::Initial));
        assert_eq!(g.prohibition(pt(&g, "bb"), W), Some(Prohibition::Initial));
        assert_eq!(refused(&mut g, B, "bb"), Reason::InitiallyProhibited);
        play(&mut g, B, "aa");
        assert_eq!(g.prohibition(pt(&g, "bb"), W), None);
        play(&mut g, W, "bb");
    }

    #[test]
    fn an_occupied_location_is_not_prohibited() {
        let mut s = start(&["...", ".X.", "..."], B);
        let topo = s.board.topology().clone();
        s.initial_prohibited = vec![topo.parse_sgf("bb").unwrap()];
        let mut g = Pauli::default().game(&s);
        assert!(g.temporarily_prohibited().is_empty());
        // So the first pass is clean and two passes end the game.
        pass(&mut g, B);
        assert_eq!(g.need(), 1);
        assert!(pass(&mut g, W).ended);
    }

    #[test]
    fn describe_and_ids() {
        let p = Pauli::default();
        assert_eq!(p.id(), "pauli");
        assert!(p.uses_assessment());
        assert_eq!(p.counting(), rules_core::Counting::Territory);
        assert_eq!(p.default_komi(), 6.5);
        assert!(p.describe().contains("never"));
        let first = Pauli {
            removal: RemovalPolicy::FirstOpportunity,
        };
        assert!(first.describe().contains("first opportunity"));
        assert_eq!(RemovalPolicy::FirstOpportunity.code(), "first");
    }
}

// ---------------------------------------------------------------------------------------
mod r3_turns {
    use super::*;

    /// LJR-05's position: a ko whose repetition by passes gives a disturbing cycle.
    pub(super) const KO5: &[&str] = &[".....", ".XO..", "X.XO.", ".XO..", "....."];

    pub(super) fn ljr05_to_turn_6() -> PauliGame {
        ljr05_to_turn_6_with(B)
    }

    /// LJR-05 to turn 6 with `first` in Black's part: the colours exchanged when `first` is
    /// White.
    pub(super) fn ljr05_to_turn_6_with(first: Color) -> PauliGame {
        let rows: Vec<String> = KO5
            .iter()
            .map(|row| match first {
                B => (*row).to_owned(),
                W => row.replace('X', "x").replace('O', "X").replace('x', "O"),
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let mut g = game(&rows, first);
        ljr05_turns(&mut g, first, 6);
        g
    }

    /// The first `n` turns of LJR-05 (pass, the ko taken, two passes, the ko taken back, a
    /// pass), with `first` in Black's part, on a board holding its position in the top left
    /// corner.
    pub(super) fn ljr05_turns(g: &mut PauliGame, first: Color, n: usize) {
        let (x, o) = (first, first.opp());
        let turns: [(Color, Option<&str>); 6] = [
            (x, None),
            (o, Some("bc")),
            (x, None),
            (o, None),
            (x, Some("cc")),
            (o, None),
        ];
        for &(c, at) in &turns[..n] {
            match at {
                Some(at) => play(g, c, at),
                None => pass(g, c),
            };
        }
    }

    #[test]
    fn removal_then_stone_in_one_turn() {
        let mut g = ljr05_to_turn_6();
        // Black removes the cycle (start 0), then plays ea in the same turn.
        let ea = pt(&g, "ea");
        let e = remove(&mut g, B, 0, Move::Place(ea)).unwrap();
        assert_eq!(e.removed_by_cycle, 1);
        assert_eq!(g.board().get(pt(&g, "ea")), Some(B));
        assert!(g.board().is_empty_at(pt(&g, "cc")));
        assert_eq!(g.to_move(), W);
    }

    #[test]
    fn the_stone_is_judged_after_the_removal() {
        // bc is open to Black before the removal, permanently prohibited after it: the turn
        // "remove, then bc" is refused as a whole.
        let mut g = ljr05_to_turn_6();
        let bc = pt(&g, "bc");
        assert_eq!(g.prohibition(bc, B), None);
        let before = g.situation();
        assert_eq!(
            remove(&mut g, B, 0, Move::Place(bc)).unwrap_err(),
            Reason::PermanentlyProhibited
        );
        assert!(
            before.is_similar(&g.situation()),
            "refused turn left no trace"
        );
        assert_eq!(g.captives(), PerColor::new(1, 1));
    }

    #[test]
    fn one_removal_per_turn_and_only_of_an_existing_disturbing_cycle() {
        let mut g = ljr05_to_turn_6();
        assert_eq!(
            remove(&mut g, B, 1, Move::Pass).unwrap_err(),
            Reason::NoSuchCycle
        );
        // With the option, the removal happens at once; a second one is refused.
        let mut g = ljr05_to_turn_6();
        let mut auto = game(KO5, B);
        auto.options.removal = RemovalPolicy::FirstOpportunity;
        for t in [
            Turn::new(B, Move::Pass),
            turn(&auto, W, "bc"),
            Turn::new(B, Move::Pass),
            Turn::new(W, Move::Pass),
            turn(&auto, B, "cc"),
            Turn::new(W, Move::Pass),
        ] {
            auto.play(&t).unwrap();
        }
        assert_eq!(auto.permanently_prohibited(), pts(&auto, "bc cc"));
        assert_eq!(
            remove(&mut auto, B, 0, Move::Pass).unwrap_err(),
            Reason::NoSuchCycle
        );
        // Not removing is always allowed.
        pass(&mut g, B);
    }

    #[test]
    fn a_removal_only_turn_is_not_a_pass() {
        let mut g = ljr05_to_turn_6();
        let e = remove(&mut g, B, 0, Move::Pass).unwrap();
        assert_eq!(e.removed_by_cycle, 1);
        assert_eq!(g.need(), 2, "stones were removed: no pass (rule 4, A5)");
        assert_eq!(GameState::tally(&g).passes, 4, "turns 1, 3, 4, 6 only");
    }
}

// ---------------------------------------------------------------------------------------
mod r4_end {
    use super::*;

    #[test]
    fn two_clean_passes_end_the_game() {
        let mut g = game(&["...", "...", "..."], B);
        assert_eq!(g.need(), 2);
        assert!(!pass(&mut g, B).ended);
        assert_eq!(g.need(), 1);
        assert!(pass(&mut g, W).ended);
        assert!(g.is_over());
        let t = turn(&g, B, "aa");
        assert_eq!(g.play(&t).unwrap_err().reason, Reason::AfterEnd);
        assert_eq!(
            g.play(&Turn::new(B, Move::Pass)).unwrap_err().reason,
            Reason::AfterEnd
        );
    }

    #[test]
    fn a_stone_between_passes_restarts_the_count() {
        let mut g = game(&["...", "...", "..."], B);
        pass(&mut g, B);
        play(&mut g, W, "aa");
        assert_eq!(g.need(), 2);
        pass(&mut g, B);
        assert!(!g.is_over());
        assert!(pass(&mut g, W).ended);
    }

    #[test]
    fn a_pass_under_a_ko_ban_does_not_count() {
        // Black ko-captures; White passes under the ban; Black passes: not over (rule 4).
        let mut g = game(&[".XO.", "XO.O", ".XO."], B);
        play(&mut g, B, "cb");
        pass(&mut g, W);
        assert_eq!(g.need(), 2, "White's pass was made while bb was prohibited");
        assert!(!pass(&mut g, B).ended);
        assert_eq!(g.need(), 1);
        assert!(pass(&mut g, W).ended);
    }
}

// ---------------------------------------------------------------------------------------
/// Play after the end (rules 4 and 17, docs/rules/pauli.md): forbidden by default, resumed
/// under `AfterEnd::Resume`.
mod after_end {
    use super::*;

    fn resuming(rows: &[&str], to_move: Color) -> PauliGame {
        Pauli::default()
            .with_after_end(AfterEnd::Resume)
            .game(&start(rows, to_move))
    }

    #[test]
    fn the_default_is_the_text_and_the_option_is_described() {
        assert_eq!(PauliRuleset::default(), Pauli::default().into());
        assert_eq!(PauliRuleset::default().after_end, AfterEnd::Over);
        assert_eq!(game(&["..."], B).after_end(), AfterEnd::Over);
        assert_eq!(resuming(&["..."], B).after_end(), AfterEnd::Resume);
        let over = PauliRuleset::default().describe();
        assert_eq!(over, Pauli::default().describe());
        let resume = Pauli::default().with_after_end(AfterEnd::Resume).describe();
        assert!(resume.starts_with(&over), "{resume}");
        assert!(resume.contains("play may resume after the end"), "{resume}");
        assert_eq!(
            (AfterEnd::Over.code(), AfterEnd::Resume.code()),
            ("over", "resume")
        );
    }

    #[test]
    fn a_stone_after_the_end_resumes_the_game_and_is_reported() {
        let mut g = resuming(&["...", "...", "..."], B);
        pass(&mut g, B);
        assert!(pass(&mut g, W).ended);
        assert!(g.is_over());
        let t = turn(&g, B, "bb");
        assert_eq!(g.check(&t), Ok(()));
        let effect = play(&mut g, B, "bb");
        assert!(!effect.ended);
        assert!(!g.is_over());
        assert_eq!(g.need(), 2, "two passes are needed again");
        let events = g.take_events();
        assert_eq!(events.len(), 1, "{events:?}");
        let Event::ResumedAfterPasses { color, rule } = &events[0] else {
            panic!("{events:?}")
        };
        assert_eq!(*color, B);
        assert!(rule.starts_with("Pauli rule 4"), "{rule}");
        // The resumed game ends as any game does (rule 4).
        assert!(!pass(&mut g, W).ended);
        assert!(pass(&mut g, B).ended);
        assert_eq!(g.tally().turns, 5);
        assert_eq!(g.tally().passes, 4);
    }

    #[test]
    fn a_pass_after_the_end_changes_nothing() {
        let mut g = resuming(&["...", "...", "..."], B);
        pass(&mut g, B);
        pass(&mut g, W);
        let effect = pass(&mut g, B);
        assert!(effect.ended && g.is_over());
        assert_eq!(g.to_move(), W);
        assert!(g.take_events().is_empty());
        assert_eq!(g.tally().passes, 3);
    }

    #[test]
    fn a_resumed_stone_is_still_judged_by_the_rules() {
        // Black's corner aa is a suicide for White: forbidden after the end too.
        let mut g = resuming(&[".X.", "X..", "..."], W);
        pass(&mut g, W);
        pass(&mut g, B);
        assert!(g.is_over());
        assert_eq!(refused(&mut g, W, "aa"), Reason::Suicide);
        assert!(g.is_over(), "a refused turn resumes nothing");
        assert!(g.take_events().is_empty());
        // A cycle removal is no turn after the end: no cycle of a finished game disturbs.
        let removal = Turn {
            color: W,
            pre: Some(PreAction::RemoveCycle { start: 0 }),
            mv: Move::Pass,
        };
        assert_eq!(g.check(&removal).unwrap_err().reason, Reason::AfterEnd);
    }

    #[test]
    fn under_the_default_a_replay_past_the_end_still_resumes_by_force() {
        let mut g = game(&["...", "...", "..."], B);
        pass(&mut g, B);
        pass(&mut g, W);
        let t = turn(&g, B, "bb");
        assert_eq!(g.play(&t).unwrap_err().reason, Reason::AfterEnd);
        g.force(&t).unwrap();
        assert!(!g.is_over());
        let events = g.take_events();
        assert!(
            matches!(&events[..], [Event::Note(EventNote::ReplayGoesOnAfterEnd)]),
            "{events:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------
mod r5_count {
    use super::*;

    #[test]
    fn counting_with_nothing_given_is_agreement_without_claims() {
        let g = game(&["..X.O", "..X.O", "..X.O"], B);
        let s = score(&g, 0.0, &Assessment::none());
        assert_eq!(s.black.territory, 6);
        assert_eq!(s.white.territory, 0, "column d touches both colours");
        assert_eq!(s.dame, 3);
        assert_eq!(s.assessment, AssessmentSource::None);
        assert_eq!(kind(&s.noted[0]), "agreement", "{:?}", s.noted);
        assert_eq!(s.result(), "B+6");
    }

    #[test]
    fn a_dead_stone_counts_twice_and_captives_count() {
        let mut g = game(&["..X.O", ".OX.O", "..X.O"], B);
        g.tally.captures = PerColor::new(2, 1);
        let s = score(&g, 0.0, &assessment(AssessmentSource::User, &g, "bb"));
        assert_eq!(s.black.territory, 6, "bb's location included");
        assert_eq!(s.black.dead, 1);
        assert_eq!(s.black.captures, 2);
        assert_eq!(s.black.total, 9.0);
        assert_eq!(s.white.captures, 1);
        assert_eq!(s.dead_stones, PerColor::new(0, 1));
    }

    #[test]
    fn markup_gives_control_and_covered_stones_are_dead() {
        let g = game(&["..X.O", ".OX.O", "..X.O"], B);
        let a = Assessment {
            source: AssessmentSource::Markup,
            territory: PerColor::new(pts(&g, "aa ba ab bb ac bc"), pts(&g, "da db dc")),
            ..Assessment::default()
        };
        let s = score(&g, 0.5, &a);
        assert_eq!((s.black.territory, s.black.dead), (6, 1));
        assert_eq!((s.white.territory, s.white.dead), (3, 0));
        assert_eq!(s.white.total, 3.5);
        assert_eq!(s.assessment, AssessmentSource::Markup);
        assert_eq!(kind(&s.noted[0]), "given", "{:?}", s.noted);
        assert!(
            s.noted.contains(&ScoreNote::KomiNotWhole(0.5)),
            "fractional komi flagged"
        );
    }

    #[test]
    fn markup_over_dead_stones_only_marks_them_dead_and_counts_by_agreement() {
        // A referee that writes TB/TW over the dead stones alone (gorules play does): the
        // list names no empty location, so it is read as dead-stone marks, and the empty
        // locations count by agreement — not as nobody's.
        let g = game(&["..X.O", ".OX.O", "..X.O"], B);
        let a = Assessment {
            source: AssessmentSource::Markup,
            territory: PerColor::new(pts(&g, "bb"), vec![]),
            ..Assessment::default()
        };
        let s = score(&g, 0.0, &a);
        assert_eq!(kind(&s.noted[0]), "agreement", "{:?}", s.noted);
        assert_eq!((s.black.territory, s.black.dead), (6, 1));
        assert_eq!(s.white.territory, 0, "column d touches both colours");
        assert_eq!(s.dead_stones, PerColor::new(0, 1));
    }

    #[test]
    fn mutual_control_counts_for_both_and_is_flagged() {
        let g = game(&["..X.O", "..X.O", "..X.O"], B);
        let a = Assessment {
            source: AssessmentSource::User,
            territory: PerColor::new(pts(&g, "aa da"), pts(&g, "da")),
            ..Assessment::default()
        };
        let s = score(&g, 0.0, &a);
        assert_eq!(s.black.territory, 2);
        assert_eq!(s.white.territory, 1);
        assert!(
            s.noted
                .contains(&ScoreNote::ControlledByBoth(pts(&g, "da"))),
            "{:?}",
            s.noted
        );
    }

    #[test]
    fn neutral_claims_count_for_nobody_and_undecided_locations_as_they_stand() {
        let g = game(&["..X.O", "..X.O", "..X.O"], B);
        let a = Assessment {
            source: AssessmentSource::User,
            neutral: pts(&g, "aa"),
            ..Assessment::default()
        };
        let s = score(&g, 0.0, &a);
        assert_eq!(
            s.black.territory, 0,
            "aa's region contacts the neutral claim"
        );
        let a = Assessment {
            source: AssessmentSource::Proved,
            territory: PerColor::new(pts(&g, "aa ba ab bb ac"), vec![]),
            undecided: pts(&g, "ac"),
            ..Assessment::default()
        };
        let s = score(&g, 0.0, &a);
        assert_eq!(
            s.black.territory, 5,
            "undecided ac counts as it stands: its region contacts Black only"
        );
        assert_eq!(s.undecided, 1);
        // Unless Black is proved not to control it (the eye of a group in seki): then it is
        // nobody's — a dispute would overturn the claim (r17).
        let known = Assessment {
            source: AssessmentSource::Proved,
            territory: PerColor::new(pts(&g, "aa ba ab bb"), vec![]),
            undecided: pts(&g, "ac"),
            ruled_out: PerColor::new(pts(&g, "ac"), vec![]),
            ..Assessment::default()
        };
        let s = score(&g, 0.0, &known);
        assert_eq!(
            (s.black.territory, s.white.territory, s.undecided),
            (4, 0, 1)
        );
        // White ruled out there changes nothing: as it stands, the location is Black's.
        let other = Assessment {
            ruled_out: PerColor::new(vec![], pts(&g, "ac")),
            ..known
        };
        assert_eq!(score(&g, 0.0, &other).black.territory, 5);
        // An undecided location whose region contacts both players is nobody's.
        let a = Assessment {
            source: AssessmentSource::Proved,
            territory: PerColor::new(pts(&g, "aa ba ab bb ac bc"), vec![]),
            undecided: pts(&g, "da"),
            ..Assessment::default()
        };
        let s = score(&g, 0.0, &a);
        assert_eq!((s.black.territory, s.white.territory, s.dame), (6, 0, 3));
        assert!(
            s.noted
                .contains(&ScoreNote::ControlUndecided { locations: 1 })
        );
    }

    #[test]
    fn the_solver_s_empty_answer_means_nobody_controls_anything() {
        let g = game(&["..X.O", "..X.O", "..X.O"], B);
        let a = Assessment {
            source: AssessmentSource::Proved,
            ..Assessment::default()
        };
        let s = score(&g, 0.0, &a);
        assert_eq!((s.black.territory, s.white.territory), (0, 0));
        assert_eq!(s.dame, 9);
    }

    #[test]
    fn dead_marks_on_empty_locations_are_ignored_with_a_note() {
        let g = game(&["..X.O", "..X.O", "..X.O"], B);
        let s = score(&g, 0.0, &assessment(AssessmentSource::Markup, &g, "aa"));
        assert_eq!(s.black.territory, 6);
        assert!(
            s.noted
                .contains(&ScoreNote::IgnoredDeadMarks(pts(&g, "aa")))
        );
    }

    fn values(g: &PauliGame, a: &Assessment) -> Vec<rules_core::PointValue> {
        GameState::point_values(g, &input(0.0, 0, a)).unwrap()
    }

    /// Rule 5 point by point, under control given by the solver: a dead stone's location
    /// worth two, a location both players control (A21) worth one to each, an undecided one
    /// and a dame worth nothing, live stones uncounted; the values sum to each side's total
    /// less captives and komi.
    #[test]
    fn point_values_sum_to_the_count_and_name_each_location() {
        use rules_core::PointKind as K;
        let g = game(&["..X.O", ".OX.O", "..X.O", "..X.O"], B);
        let a = Assessment {
            source: AssessmentSource::Proved,
            territory: PerColor::new(pts(&g, "aa ba ab bb ac bc ad bd db"), pts(&g, "db dc")),
            undecided: pts(&g, "da"),
            ..Assessment::default()
        };
        let control = crate::Control::from_assessment(g.board(), &a);
        assert_eq!(control.mutual(), pts(&g, "db"));
        assert_eq!(
            control.controlled(W),
            pts(&g, "db dc ea eb ec ed"),
            "his locations and his live stones"
        );
        let s = score(&g, 0.5, &a);
        let v = values(&g, &a);
        let sum = |f: fn(&rules_core::PointValue) -> f64| v.iter().map(f).sum::<f64>();
        assert_eq!(sum(|v| v.black), s.black.total);
        assert_eq!(sum(|v| v.white), s.white.total - 0.5);
        assert_eq!((s.black.total, s.white.total), (10.0, 2.5), "{s:?}");
        let kind = |at: &str| v[pt(&g, at).index()].kind;
        assert_eq!(kind("aa"), K::Territory(B));
        assert_eq!(kind("bb"), K::DeadStone(W));
        assert_eq!(v[pt(&g, "bb").index()].black, 2.0);
        assert_eq!(kind("cb"), K::UncountedStone(B));
        assert_eq!(kind("eb"), K::UncountedStone(W));
        assert_eq!(kind("da"), K::Undecided);
        assert_eq!(kind("db"), K::Mutual);
        assert_eq!(kind("dc"), K::Territory(W));
        assert_eq!(kind("dd"), K::Dame);
        let has = |what: &str| s.noted.iter().any(|n| super::kind(n) == what);
        assert!(has("controlled by both"), "{:?}", s.noted);
        assert!(has("left undecided"), "{:?}", s.noted);
    }

    /// Counting by agreement: a dead stone whose region, once it is gone, also touches its
    /// owner's stones is still the opponent's, and named; one in a clean region is not named.
    /// Undecided locations a player is ruled out of matter only for control given.
    #[test]
    fn dead_stones_in_mixed_regions_are_named_and_ruled_out_needs_given_control() {
        let g = game(&["..X.O", ".OX.O", "..X.O"], B);
        let a = assessment(AssessmentSource::User, &g, "bb ea");
        let control = crate::Control::from_assessment(g.board(), &a);
        assert_eq!(control.mode, crate::ControlMode::Agreement);
        assert_eq!(control.dead_in_mixed_regions, pts(&g, "ea"));
        assert!(control.controls(B, pt(&g, "bb")) && control.controls(B, pt(&g, "ea")));
        let s = score(&g, 0.0, &a);
        assert!(
            s.noted
                .contains(&ScoreNote::DeadInMixedRegions(pts(&g, "ea"))),
            "{:?}",
            s.noted
        );
        let a = Assessment {
            source: AssessmentSource::User,
            dead: pts(&g, "bb"),
            undecided: pts(&g, "aa"),
            ruled_out: PerColor::new(pts(&g, "aa"), Vec::new()),
            ..Assessment::default()
        };
        let control = crate::Control::from_assessment(g.board(), &a);
        assert!(
            control.controls(B, pt(&g, "aa")),
            "agreement gives aa to Black"
        );
    }

    /// Each note of the count is there exactly when its cause is.
    #[test]
    fn the_notes_of_a_count_appear_exactly_when_their_cause_does() {
        let count = |g: &PauliGame, komi: f64, handicap: u32, a: &Assessment| {
            GameState::score(g, &input(komi, handicap, a))
                .unwrap()
                .noted
        };
        let has = |notes: &[ScoreNote], what: &str| notes.iter().any(|n| kind(n) == what);
        let g = game(&["..X.O", "..X.O", "..X.O"], B);
        let plain = count(&g, 0.0, 0, &Assessment::none());
        for cause in [
            "left undecided",
            "count for nobody",
            "dead marks on empty locations",
            "neutral claims on occupied locations",
            "dead stones whose region",
            "controlled by both",
            "removed with cycles",
            "komi",
            "handicap",
        ] {
            assert!(!has(&plain, cause), "{cause}: {plain:?}");
        }
        assert!(!has(&count(&g, 6.0, 0, &Assessment::none()), "komi"));
        assert!(count(&g, 6.5, 0, &Assessment::none()).contains(&ScoreNote::KomiNotWhole(6.5)));
        assert!(count(&g, -1.0, 0, &Assessment::none()).contains(&ScoreNote::KomiNotWhole(-1.0)));
        assert!(
            count(&g, 0.0, 2, &Assessment::none())
                .contains(&ScoreNote::HandicapIgnored { handicap: 2 })
        );
        let neutral_on_a_stone = Assessment {
            source: AssessmentSource::User,
            neutral: pts(&g, "ca"),
            ..Assessment::default()
        };
        let notes = count(&g, 0.0, 0, &neutral_on_a_stone);
        assert!(
            notes.contains(&ScoreNote::IgnoredNeutralClaims(pts(&g, "ca"))),
            "{notes:?}"
        );
        // The claims counted are those on empty locations: one of two here.
        let two_claims = Assessment {
            neutral: pts(&g, "ca aa"),
            ..neutral_on_a_stone.clone()
        };
        assert_eq!(
            count(&g, 0.0, 0, &two_claims)[0],
            ScoreNote::ControlByAgreement {
                source: AssessmentSource::User,
                dead: 0,
                neutral: 1
            }
        );
        // Black's column a–b given to nobody: noted when the solver says so, not when the
        // command line does (the note explains the control test's answers).
        let given = |source| Assessment {
            source,
            territory: PerColor::new(pts(&g, "ba bb bc"), pts(&g, "da db dc")),
            ..Assessment::default()
        };
        assert!(has(
            &count(&g, 0.0, 0, &given(AssessmentSource::Proved)),
            "count for nobody"
        ));
        assert!(!has(
            &count(&g, 0.0, 0, &given(AssessmentSource::User)),
            "count for nobody"
        ));
        // Stones removed with a cycle are among the captives, and the count says so.
        let mut g = super::r3_turns::ljr05_to_turn_6();
        remove(&mut g, B, 0, Move::Pass).unwrap();
        let notes = count(&g, 0.0, 0, &Assessment::none());
        assert!(
            notes.contains(&ScoreNote::RemovedByCycles(PerColor::new(1, 0))),
            "{notes:?}"
        );
        // The same with the colours exchanged: a removal that takes only a white stone.
        let mut g = super::r3_turns::ljr05_to_turn_6_with(W);
        remove(&mut g, W, 0, Move::Pass).unwrap();
        assert_eq!(GameState::tally(&g).removed_by_cycles, PerColor::new(0, 1));
        let notes = count(&g, 0.0, 0, &Assessment::none());
        assert!(
            notes.contains(&ScoreNote::RemovedByCycles(PerColor::new(0, 1))),
            "{notes:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------
mod r6_play {
    use super::*;

    #[test]
    fn captures_every_opposing_stone_without_liberties() {
        let mut g = game(&["XOO.", ".XXO", "....", "...."], B);
        let e = play(&mut g, B, "da");
        assert_eq!(e.captured, 2);
        assert_eq!(g.captives(), PerColor::new(2, 0));
        assert!(g.board().is_empty_at(pt(&g, "ba")));
    }

    #[test]
    fn a_stone_on_an_occupied_location_is_refused() {
        let mut g = game(&["X.", ".."], W);
        assert_eq!(refused(&mut g, W, "aa"), Reason::Occupied);
    }

    #[test]
    fn literal_capture_after_a_setup_without_liberties() {
        // The setup leaves white aa without liberties. Rule 6: Black's next stone, anywhere,
        // captures it ("all opposing stones thereafter being without liberties").
        let mut g = game(&["OX.", "X..", "..."], B);
        let e = play(&mut g, B, "cc");
        assert_eq!(e.captured, 1);
        assert_eq!(g.captives(), PerColor::new(1, 0));
        assert!(g.board().is_empty_at(pt(&g, "aa")));
        assert!(g.board().libertyless_chains().is_empty());
        // Back to the fast path.
        assert!(!g.unsettled);
        play(&mut g, W, "bb");
    }

    /// Rule 12 counts every stone on the board without liberties: a capture of one stone by
    /// a lone new stone that keeps a liberty is no ko capture, even while another stone of
    /// the player (left without liberties by the setup) makes two stones without liberties.
    #[test]
    fn a_capture_beside_a_stone_left_without_liberties_is_no_ko() {
        // Black aa has no liberty after the setup; Black ed captures White ee and keeps
        // liberties at dd and ec.
        let mut g = game(&["XO...", "O....", ".....", ".....", "...XO"], B);
        assert!(g.unsettled);
        let ed = pt(&g, "ed");
        let pl = g.placement(ed, B);
        assert_eq!((pl.captured, pl.ko), (1, None));
        let e = play(&mut g, B, "ed");
        assert_eq!(e.captured, 1);
        assert!(g.temporarily_prohibited().is_empty());
        assert_eq!(g.board().get(pt(&g, "aa")), Some(B));
    }

    #[test]
    fn own_stones_without_liberties_stay_until_the_opponent_plays() {
        // Black aa has no liberty after the setup; Black's own stone elsewhere does not
        // remove it (rule 6 removes opposing stones only); White's next stone does.
        let mut g = game(&["XO.", "O..", "..."], B);
        play(&mut g, B, "cc");
        assert_eq!(g.board().get(pt(&g, "aa")), Some(B));
        let e = play(&mut g, W, "ca");
        assert_eq!(e.captured, 1);
        assert_eq!(g.captives(), PerColor::new(0, 1));
    }
}

// ---------------------------------------------------------------------------------------
mod r7_r8_cycles {
    use super::r3_turns::{KO5, ljr05_to_turn_6};
    use super::*;

    #[test]
    fn similar_needs_all_six_conditions() {
        let g = game(KO5, B);
        let s = g.situation();
        assert!(s.is_similar(&g.situation()));
        let mut other = s.clone();
        other.need = 1;
        assert!(!s.is_similar(&other), "need");
        let mut other = s.clone();
        other.to_move = W;
        assert!(!s.is_similar(&other), "player");
        let mut other = s.clone();
        other.temporarily_prohibited = pts(&g, "bc");
        assert!(!s.is_similar(&other), "T");
        let mut other = s.clone();
        other.permanently_prohibited = pts(&g, "ee");
        assert!(!s.is_similar(&other), "P");
        let mut other = s.clone();
        other.board.setup(&[(pt(&g, "ee"), Some(W))]);
        assert!(!s.is_similar(&other), "stones");
    }

    #[test]
    fn a_cycle_is_reported_with_its_used_locations_and_gains() {
        let mut g = ljr05_to_turn_6();
        let events = g.take_events();
        assert_eq!(
            events,
            vec![Event::Cycle {
                at: 6,
                start: 0,
                disturbing: true,
                remover: B,
                used: pts(&g, "bc cc"),
                gains: PerColor::new(0, 1),
            }]
        );
        let c = g.cycles();
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].start, 0);
    }

    #[test]
    fn removal_takes_stones_of_both_colours_and_prohibits_used_locations() {
        // LJR-06 covers a removal with stones of both colours; here: a removal whose used
        // set includes a location emptied during the cycle.
        let mut g = ljr05_to_turn_6();
        remove(&mut g, B, 0, Move::Pass).unwrap();
        assert_eq!(g.permanently_prohibited(), pts(&g, "bc cc"));
        assert!(
            g.board().is_empty_at(pt(&g, "bc")),
            "bc was empty at the cycle's end"
        );
        assert_eq!(g.captives(), PerColor::new(1, 2));
        assert_eq!(GameState::tally(&g).removed_by_cycles, PerColor::new(1, 0));
    }

    #[test]
    fn situations_before_a_removal_are_forgotten() {
        let mut g = ljr05_to_turn_6();
        remove(&mut g, B, 0, Move::Pass).unwrap();
        g.take_events();
        // Play on: nothing after the removal can repeat a situation before it (P differs).
        pass(&mut g, W);
        pass(&mut g, B);
        assert!(g.is_over());
        assert!(cycles(&g.take_events()).is_empty());
    }

    #[test]
    fn many_repetitions_report_the_shortest_cycles_only() {
        let mut g = game(KO5, B);
        let seq = |g: &mut PauliGame| {
            pass(g, B);
            play(g, W, "bc");
            pass(g, B);
            pass(g, W);
            play(g, B, "cc");
            pass(g, W);
        };
        for _ in 0..6 {
            seq(&mut g);
        }
        let events = g.take_events();
        let last: Vec<_> = events.iter().rev().take(5).collect();
        // At the start of turn 37: similar to the situations at turns 1, 7, …, 31.
        assert!(
            matches!(
                last[4],
                Event::Note(EventNote::CyclesNotListed {
                    turn: 37,
                    skipped: 2,
                    first_turn: 1,
                    listed: 4
                })
            ),
            "{:?}",
            last[4]
        );
        assert!(matches!(
            last[0],
            Event::Cycle {
                at: 36,
                start: 30,
                ..
            }
        ));
    }
}

// ---------------------------------------------------------------------------------------
mod r9_r13_prohibitions {
    use super::*;

    #[test]
    fn suicide_single_and_multi_stone() {
        let mut g = game(&[".X", "X."], W);
        assert_eq!(refused(&mut g, W, "aa"), Reason::Suicide);
        let mut g = game(&["OX.", ".X.", "X.."], W);
        assert_eq!(refused(&mut g, W, "ab"), Reason::Suicide);
        assert!(g.prohibition(pt(&g, "ab"), B).is_none());
    }

    #[test]
    fn a_stone_without_liberties_that_captures_is_no_suicide() {
        // Black cb has no liberty after placement, but white bb loses its last one.
        let mut g = game(&[".XO.", "XO.O", ".XO."], B);
        assert!(g.prohibition(pt(&g, "cb"), B).is_none());
        assert_eq!(play(&mut g, B, "cb").captured, 1);
    }

    #[test]
    fn ko_ban_binds_the_next_turn_only() {
        let mut g = game(&[".XO.", "XO.O", ".XO."], B);
        play(&mut g, B, "cb");
        assert_eq!(g.temporarily_prohibited(), pts(&g, "bb"));
        assert_eq!(refused(&mut g, W, "bb"), Reason::Ko);
        play(&mut g, W, "da");
        assert!(g.temporarily_prohibited().is_empty());
        play(&mut g, B, "ac");
        // White may now retake, and that is a ko capture too.
        play(&mut g, W, "bb");
        assert_eq!(g.temporarily_prohibited(), pts(&g, "cb"));
    }

    #[test]
    fn capturing_two_stones_is_no_ko_capture_and_the_return_is_immediate() {
        // Black db has no liberty after placement and captures the two stones bb, cb:
        // three stones without liberties, not two (rule 12). White may return at once.
        let mut g = game(&[".XXO.", "XOO.O", ".XXO."], B);
        let e = play(&mut g, B, "db");
        assert_eq!(e.captured, 2);
        assert!(g.temporarily_prohibited().is_empty());
        let e = play(&mut g, W, "cb");
        assert_eq!(
            e.captured, 1,
            "W cb keeps the liberty bb: no ko capture either"
        );
        assert!(g.temporarily_prohibited().is_empty());
    }

    #[test]
    fn pseudo_suicide_needs_permanent_liberties_only() {
        let g = ljr07();
        assert_eq!(
            g.prohibition(pt(&g, "dc"), B),
            Some(Prohibition::PseudoSuicide)
        );
        assert_eq!(g.prohibition(pt(&g, "dc"), W), None);
        // A capture is never pseudo suicide: White ec gone would give dc a real liberty.
    }

    #[test]
    fn a_liberty_on_a_permanently_prohibited_location_is_still_a_liberty() {
        // Rule 13 counts empty locations, and P locations are empty: white bb and the black
        // ring share the liberty ba, which nobody may fill. Both live; nothing can be played.
        let mut g = Pauli::default()
            .game_from(Situation {
                board: board(&["X.X", "XOX", "XXX"]),
                to_move: B,
                need: 2,
                temporarily_prohibited: vec![],
                permanently_prohibited: vec![Point::from_index(1)],
            })
            .unwrap();
        assert!(g.board().has_liberty(pt(&g, "bb")));
        assert_eq!(prohibited(&g, B), "ba:permanently-prohibited");
        assert_eq!(prohibited(&g, W), "ba:permanently-prohibited");
        pass(&mut g, B);
        assert!(pass(&mut g, W).ended);
    }

    pub(super) fn ljr07() -> PauliGame {
        Pauli::default()
            .game_from(Situation {
                board: board(&[".....", ".OOO.", ".O..O", ".OOO.", "....."]),
                to_move: B,
                need: 2,
                temporarily_prohibited: vec![],
                permanently_prohibited: vec![Point::from_index(12)], // cc on 5×5
            })
            .unwrap()
    }

    #[test]
    fn situations_that_cannot_occur_are_refused() {
        let s = |need, t: Vec<Point>, p: Vec<Point>| Situation {
            board: board(&["X..", "...", "..."]),
            to_move: B,
            need,
            temporarily_prohibited: t,
            permanently_prohibited: p,
        };
        let p = Pauli::default();
        assert_eq!(
            p.game_from(s(3, vec![], vec![])).unwrap_err(),
            SituationError::Need(3)
        );
        assert_eq!(
            p.game_from(s(1, vec![Point::from_index(4)], vec![]))
                .unwrap_err(),
            SituationError::NeedOneWithBan
        );
        assert!(matches!(
            p.game_from(s(2, vec![], vec![Point::from_index(0)])),
            Err(SituationError::ProhibitedOccupied(x)) if x == "aa"
        ));
        // Need 1 with nothing temporarily prohibited, and need 2 with a ko ban, can occur.
        assert!(p.game_from(s(1, vec![], vec![])).is_ok());
        let g = p
            .game_from(s(2, vec![Point::from_index(4)], vec![]))
            .unwrap();
        assert_eq!(g.temporarily_prohibited(), vec![Point::from_index(4)]);
    }

    #[test]
    fn labels_name_the_rule() {
        assert_eq!(
            crate::prohibition_label(Reason::Ko),
            Some("prohibited: ko capture (rule 12)")
        );
        assert_eq!(crate::prohibition_label(Reason::Occupied), None);
        for p in [
            Prohibition::Suicide,
            Prohibition::PseudoSuicide,
            Prohibition::Ko,
            Prohibition::Initial,
            Prohibition::Permanent,
        ] {
            assert_eq!(Prohibition::from_reason(p.reason()), Some(p));
            assert!(p.rule().starts_with("Pauli rule "));
            assert_eq!(
                p.is_temporary(),
                matches!(p, Prohibition::Ko | Prohibition::Initial)
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
mod state {
    use super::*;

    #[test]
    fn the_concrete_game_is_found_behind_the_trait() {
        let boxed: Box<dyn GameState> = Pauli::default().start(&start(&["..", ".."], B));
        let g = PauliGame::from_state(&*boxed).expect("a pauli game");
        assert!(g.permanently_prohibited().is_empty());
        let tt: Box<dyn GameState> = tromp_like();
        assert!(PauliGame::from_state(&*tt).is_none());
    }

    /// A state of another ruleset (one that does not opt in to `as_any`).
    fn tromp_like() -> Box<dyn GameState> {
        #[derive(Clone)]
        struct Other(Board);
        impl GameState for Other {
            fn board(&self) -> &Board {
                &self.0
            }
            fn to_move(&self) -> Color {
                B
            }
            fn is_over(&self) -> bool {
                false
            }
            fn check(&self, _: &Turn) -> Result<(), rules_core::Illegal> {
                Ok(())
            }
            fn play(&mut self, _: &Turn) -> Result<TurnEffect, rules_core::Illegal> {
                Ok(TurnEffect::default())
            }
            fn force(&mut self, _: &Turn) -> Result<TurnEffect, rules_core::Illegal> {
                Ok(TurnEffect::default())
            }
            fn edit(&mut self, _: &[(Point, Option<Color>)]) {}
            fn set_to_move(&mut self, _: Color) {}
            fn tally(&self) -> rules_core::Tally {
                rules_core::Tally::default()
            }
            fn score(
                &self,
                _: &ScoringInput<'_>,
            ) -> Result<ScoreBreakdown, rules_core::ScoreError> {
                Err(rules_core::ScoreError::Missing("test".into()))
            }
            fn point_values(
                &self,
                _: &ScoringInput<'_>,
            ) -> Result<Vec<rules_core::PointValue>, rules_core::ScoreError> {
                Err(rules_core::ScoreError::Missing("test".into()))
            }
            fn box_clone(&self) -> Box<dyn GameState> {
                Box::new(self.clone())
            }
        }
        Box::new(Other(board(&["..", ".."])))
    }

    #[test]
    fn force_plays_prohibited_stones_by_the_board_s_mechanics() {
        let mut g = game(&[".XO.", "XO.O", ".XO."], B);
        play(&mut g, B, "cb");
        let t = turn(&g, W, "bb");
        let e = g.force(&t).unwrap();
        assert_eq!(e.captured, 1, "the forced ko recapture captures");
        assert_eq!(g.temporarily_prohibited(), pts(&g, "cb"));
        // A forced suicide removes the stone; it becomes the opponent's captive.
        let mut g = game(&[".X", "X."], W);
        let t = turn(&g, W, "aa");
        let e = g.force(&t).unwrap();
        assert_eq!(e.suicided, 1);
        assert_eq!(g.captives(), PerColor::new(1, 0));
        assert!(g.board().libertyless_chains().is_empty());
        // Occupied cannot be forced.
        let t = turn(&g, W, "ba");
        assert_eq!(g.force(&t).unwrap_err().reason, Reason::Occupied);
    }

    #[test]
    fn force_after_the_end_resumes() {
        let mut g = game(&["...", "...", "..."], B);
        pass(&mut g, B);
        pass(&mut g, W);
        let t = turn(&g, B, "bb");
        g.force(&t).unwrap();
        assert!(!g.is_over());
        assert_eq!(g.need(), 2);
        assert!(matches!(&g.take_events()[..], [Event::Note(_)]));
    }

    #[test]
    fn an_edit_forgets_former_situations() {
        let mut g = r3_turns_ko();
        super::r3_turns::ljr05_turns(&mut g, B, 5);
        // A setup in mid-game (here one that changes nothing in the end).
        g.edit(&[(pt(&g, "ee"), Some(W)), (pt(&g, "ee"), None)]);
        pass(&mut g, W);
        assert!(
            cycles(&g.take_events()).is_empty(),
            "the start was forgotten"
        );
    }

    fn r3_turns_ko() -> PauliGame {
        game(super::r3_turns::KO5, B)
    }

    /// A `PL` in mid-game sets the player to move and, like an edit, forgets the situations
    /// before it: LJR-05's cycle is not found across it.
    #[test]
    fn a_player_set_forgets_former_situations() {
        let mut g = r3_turns_ko();
        super::r3_turns::ljr05_turns(&mut g, B, 5);
        g.set_to_move(B);
        assert_eq!(g.to_move(), B);
        g.set_to_move(W);
        assert_eq!(g.to_move(), W);
        pass(&mut g, W);
        assert!(
            cycles(&g.take_events()).is_empty(),
            "the start was forgotten"
        );
    }

    /// An edit that leaves stones without liberties switches to rule 6 read literally: the
    /// opponent's next stone, anywhere, captures them; an edit that leaves every stone a
    /// liberty does not.
    #[test]
    fn an_edit_without_liberties_is_followed_literally() {
        let mut g = game(&["...", "...", "..."], B);
        g.edit(&[(pt(&g, "ba"), Some(B)), (pt(&g, "ab"), Some(B))]);
        assert!(!g.unsettled);
        g.edit(&[(pt(&g, "aa"), Some(W))]);
        assert!(g.unsettled);
        let e = play(&mut g, B, "cc");
        assert_eq!(e.captured, 1);
        assert!(g.board().is_empty_at(pt(&g, "aa")));
        assert!(!g.unsettled);
    }

    /// The accessors tell the state: the options, the permanently prohibited locations
    /// (directly and through the trait), the turns in the tally, the debug form.
    #[test]
    fn the_accessors_tell_the_state() {
        let first = Pauli {
            removal: RemovalPolicy::FirstOpportunity,
        };
        assert_eq!(first.game(&start(&[".."], B)).options(), first);
        let mut g = super::r3_turns::ljr05_to_turn_6();
        assert_eq!((g.turns(), GameState::tally(&g).turns), (6, 6));
        remove(&mut g, B, 0, Move::Pass).unwrap();
        assert!(g.is_permanently_prohibited(pt(&g, "bc")));
        assert!(!g.is_permanently_prohibited(pt(&g, "ea")));
        let state: &dyn GameState = &g;
        assert_eq!(state.permanently_prohibited(), pts(&g, "bc cc"));
        let debug = format!("{g:?}");
        assert!(
            debug.starts_with("PauliGame {")
                && debug.contains("need: 2, ")
                && debug.contains("turns: 7"),
            "{debug}"
        );
    }

    /// The exact form of a situation and its key change with each part of it (rule 8:
    /// stones, the player to move, passes still needed, T, P), so the history finds a former
    /// situation only when every part agrees, and quickly.
    #[test]
    fn the_snapshot_and_the_key_cover_every_part_of_a_situation() {
        let x = |s: &str| {
            board(&["...", "...", "..."])
                .topology()
                .parse_sgf(s)
                .unwrap()
        };
        let situation = |rows: &[&str], to_move, need, t: &[&str], p: &[&str]| Situation {
            board: board(rows),
            to_move,
            need,
            temporarily_prohibited: t.iter().map(|s| x(s)).collect(),
            permanently_prohibited: p.iter().map(|s| x(s)).collect(),
        };
        let one = &["X..", "...", "..."];
        let situations = [
            situation(one, W, 1, &[], &[]),
            situation(one, B, 1, &[], &[]),
            situation(one, W, 2, &[], &[]),
            situation(one, B, 2, &[], &[]),
            situation(one, W, 2, &["cc"], &[]),
            situation(one, W, 2, &["cc", "bb"], &[]),
            situation(one, W, 2, &[], &["cc"]),
            situation(one, W, 2, &[], &["cc", "bb"]),
            situation(&["X..", "...", "..O"], W, 2, &[], &[]),
        ];
        let forms: Vec<(Vec<u64>, u64)> = situations
            .iter()
            .map(|s| {
                let mut g = Pauli::default().game_from(s.clone()).unwrap();
                g.fill_snapshot();
                (g.scratch.clone(), g.key())
            })
            .collect();
        for (i, a) in forms.iter().enumerate() {
            for (j, b) in forms.iter().enumerate().skip(i + 1) {
                assert_ne!(a.0, b.0, "snapshots of situations {i} and {j}");
                assert_ne!(a.1, b.1, "keys of situations {i} and {j}");
            }
        }
        // The same situation gives the same form, however it was reached.
        let mut g = Pauli::default().game_from(situations[6].clone()).unwrap();
        g.fill_snapshot();
        assert_eq!((g.scratch.clone(), g.key()), forms[6]);
    }

    /// Situations on boards of more than 64 locations (several words per bitset) are kept and
    /// compared whole: LJR-05's cycle in the corner of a 9×9 board.
    #[test]
    fn cycles_are_found_on_boards_of_several_words() {
        let mut rows: Vec<String> = super::r3_turns::KO5
            .iter()
            .map(|r| format!("{r}...."))
            .collect();
        rows.extend((0..4).map(|_| ".........".to_owned()));
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let mut g = game(&rows, B);
        assert!(g.board().len() > 64);
        super::r3_turns::ljr05_turns(&mut g, B, 6);
        assert_eq!(cycles(&g.take_events()), vec![(7, 1, true, B)]);
    }

    #[test]
    fn a_hash_collision_never_makes_a_cycle() {
        // Two situations with equal keys but different contents: the exact snapshot decides.
        let mut g = game(&["...", "...", "..."], B);
        g.history.clear();
        g.history_turns.clear();
        g.fill_snapshot();
        let key = g.key();
        let mut other = g.scratch.clone();
        other[0] ^= 1;
        g.history.push(key, &other);
        g.history_turns.push(0);
        g.turns = 1;
        g.enter_situation();
        assert!(g.cycles().is_empty());
    }
}

// ---------------------------------------------------------------------------------------
// The worked examples (shared/design/ljr-examples.md).
mod examples {
    use super::*;

    const LJR01: &[&str] = &[".XO.X", "XXOX.", "..X..", "XO...", ".XO.."];

    #[test]
    fn ljr01_suicide_multi_stone_suicide_and_a_capture() {
        let g = game(LJR01, W);
        assert_eq!(prohibited(&g, W), "aa:suicide da:suicide");
        assert_eq!(prohibited(&g, B), "");
        // ae captures be although the new stone has no liberty after placement.
        assert_eq!(g.prohibition(pt(&g, "ae"), W), None);
    }

    #[test]
    fn ljr02_ko_capture_and_the_one_turn_ban() {
        let mut g = game(LJR01, W);
        let e = play(&mut g, W, "ae");
        assert_eq!(e.captured, 1);
        assert_eq!(g.temporarily_prohibited(), pts(&g, "be"));
        assert_eq!(prohibited(&g, B), "be:ko");
        play(&mut g, B, "ee");
        play(&mut g, W, "ed");
        assert_eq!(g.prohibition(pt(&g, "be"), B), None);
        let e = play(&mut g, B, "be");
        assert_eq!(e.captured, 1);
        assert_eq!(g.temporarily_prohibited(), pts(&g, "ae"));
        assert_eq!(g.prohibition(pt(&g, "ae"), W), Some(Prohibition::Ko));
        assert_eq!(g.captives(), PerColor::new(1, 1));
    }

    #[test]
    fn ljr03_a_snapback_is_not_a_ko() {
        let mut g = game(&[".....", ".....", "XXXXX", "XOOOX", "XO..X"], B);
        play(&mut g, B, "ce");
        let e = play(&mut g, W, "de");
        assert_eq!(e.captured, 1);
        assert!(g.temporarily_prohibited().is_empty());
        let e = play(&mut g, B, "ce");
        assert_eq!(e.captured, 5);
        assert_eq!(g.captives(), PerColor::new(5, 1));
    }

    #[test]
    fn ljr04_initial_prohibitions_and_which_passes_count() {
        let mut s = start(&["...", "...", "..."], B);
        let bb = s.board.topology().parse_sgf("bb").unwrap();
        s.initial_prohibited = vec![bb];
        let mut g = Pauli::default().game(&s);
        assert_eq!(prohibited(&g, B), "bb:initially-prohibited");
        pass(&mut g, B);
        assert_eq!(g.need(), 2, "Black's pass was made while bb was prohibited");
        assert_eq!(prohibited(&g, W), "");
        pass(&mut g, W);
        assert!(!g.is_over());
        assert!(pass(&mut g, B).ended, "the third pass ends the game");
        let s = score(&g, 0.0, &Assessment::none());
        assert_eq!((s.black.total, s.white.total), (0.0, 0.0));
        assert_eq!(s.result(), "Draw");
    }

    #[test]
    fn ljr05_need_and_t_table_and_the_cycle() {
        let mut g = game(super::r3_turns::KO5, B);
        let mut table = Vec::new();
        let mut record = |g: &PauliGame| {
            table.push((g.need(), names(g, &g.temporarily_prohibited())));
        };
        pass(&mut g, B);
        record(&g);
        assert_eq!(play(&mut g, W, "bc").captured, 1);
        record(&g);
        pass(&mut g, B);
        record(&g);
        pass(&mut g, W);
        record(&g);
        assert_eq!(play(&mut g, B, "cc").captured, 1);
        record(&g);
        pass(&mut g, W);
        record(&g);
        assert_eq!(
            table,
            [(1, ""), (2, "cc"), (2, ""), (1, ""), (2, "bc"), (2, "")]
                .map(|(n, t)| (n, t.to_owned()))
        );
        // Start of turn 7: similar to the diagram's situation, disturbing.
        let c = g.cycles();
        assert_eq!(c.len(), 1);
        assert_eq!((c[0].start, c[0].disturbing), (0, true));
        assert_eq!(c[0].used, pts(&g, "bc cc"));
        assert_eq!(g.captives(), PerColor::new(1, 1));

        // (a) Black removes it.
        let mut removed = g.clone();
        remove(&mut removed, B, 0, Move::Pass).unwrap();
        assert_eq!(removed.captives(), PerColor::new(1, 2));
        assert_eq!(removed.permanently_prohibited(), pts(&g, "bc cc"));

        // (b) Black passes: the cycle at turn 8 is not disturbing; White's pass ends the game.
        g.take_events();
        pass(&mut g, B);
        let c = g.cycles();
        assert_eq!((c.len(), c[0].start, c[0].disturbing), (1, 1, false));
        assert_eq!(cycles(&g.take_events()), vec![(8, 2, false, W)]);
        assert_eq!(
            remove(&mut g, W, 1, Move::Pass).unwrap_err(),
            Reason::NoSuchCycle
        );
        assert!(pass(&mut g, W).ended);
    }

    pub(super) const LJR06: &[&str] = &[
        ".XXO.O.", "XXO.OOO", ".XXOO.O", "XX.XOOO", ".XXOO.O", "XXO.OOO", ".XXOO.O",
    ];

    pub(super) fn ljr06_seven_turns(g: &mut PauliGame) -> Vec<String> {
        let mut t = Vec::new();
        for (c, at) in [
            (B, "db"),
            (W, "cd"),
            (B, "df"),
            (W, "cb"),
            (B, "dd"),
            (W, "cf"),
            (B, "db"),
        ] {
            assert_eq!(play(g, c, at).captured, 1, "{at}");
            t.push(names(g, &g.temporarily_prohibited()));
        }
        t
    }

    #[test]
    fn ljr06_triple_ko_cycle_and_removal() {
        let mut g = game(LJR06, B);
        assert_eq!(
            prohibited(&g, B),
            "ea:suicide ga:suicide fc:suicide fe:suicide fg:suicide"
        );
        let t = ljr06_seven_turns(&mut g);
        assert_eq!(t, ["cb", "dd", "cf", "db", "cd", "df", "cb"]);
        // The first cycle: at the start of turn 8, starting after turn 1.
        assert_eq!(cycles(&g.take_events()), vec![(8, 2, true, W)]);
        let c = g.cycles();
        assert_eq!(c[0].used, pts(&g, "cb cd cf db dd df"));
        assert_eq!(c[0].gains, PerColor::new(1, 2));
        assert_eq!(g.captives(), PerColor::new(4, 3));

        // White removes it and plays nothing: not a pass.
        let e = remove(&mut g, W, 1, Move::Pass).unwrap();
        assert_eq!(e.removed_by_cycle, 3);
        assert_eq!(g.need(), 2);
        assert_eq!(g.captives(), PerColor::new(5, 5));
        assert_eq!(g.permanently_prohibited(), pts(&g, "cb cd cf db dd df"));
        let want = board(&[
            ".XXO.O.", "XX..OOO", ".XXOO.O", "XX..OOO", ".XXOO.O", "XX..OOO", ".XXOO.O",
        ]);
        assert!(g.board().same_coloring(&want), "{:?}", g.board());
        assert_eq!(
            prohibited(&g, B),
            "ea:suicide ga:suicide cb:permanently-prohibited db:permanently-prohibited \
             fc:suicide cd:permanently-prohibited dd:permanently-prohibited fe:suicide \
             cf:permanently-prohibited df:permanently-prohibited fg:suicide"
        );
        assert!(matches!(
            g.take_events().last(),
            Some(Event::CycleRemoved {
                at: 7,
                start: 1,
                remover: W,
                ..
            })
        ));
    }

    #[test]
    fn ljr06_removed_at_the_first_opportunity() {
        let mut g = Pauli {
            removal: RemovalPolicy::FirstOpportunity,
        }
        .game(&start(LJR06, B));
        ljr06_seven_turns(&mut g);
        let events = g.take_events();
        assert_eq!(events.len(), 2);
        assert!(matches!(
            events[0],
            Event::Cycle {
                at: 7,
                start: 1,
                ..
            }
        ));
        assert!(matches!(
            &events[1],
            Event::CycleRemoved { at: 7, start: 1, remover: W, gains, .. }
                if *gains == PerColor::new(1, 2)
        ));
        assert_eq!(g.captives(), PerColor::new(5, 5));
        assert_eq!(
            g.to_move(),
            W,
            "the removal is the first action of White's turn"
        );
        // White's pass completes the turn: not a pass, stones were removed.
        let e = pass(&mut g, W);
        assert_eq!(e.removed_by_cycle, 3);
        assert_eq!(g.need(), 2);
    }

    #[test]
    fn ljr07_pseudo_suicide() {
        let g = super::r9_r13_prohibitions::ljr07();
        assert_eq!(
            prohibited(&g, B),
            "cc:permanently-prohibited dc:pseudo-suicide"
        );
        assert_eq!(prohibited(&g, W), "cc:permanently-prohibited");
    }

    #[test]
    fn ljr13_a_full_count() {
        let mut g = game(&[".XO..", "XXO..", ".XOOO", "XXXO.", ".OXO."], B);
        g.tally.captures = PerColor::new(3, 2);
        let s = score(&g, 6.0, &assessment(AssessmentSource::User, &g, "be"));
        assert_eq!(
            (s.black.territory, s.black.dead, s.black.captures),
            (4, 1, 3)
        );
        assert_eq!(s.black.total, 8.0);
        assert_eq!(
            (s.white.territory, s.white.dead, s.white.captures),
            (6, 0, 2)
        );
        assert_eq!(s.white.total, 14.0);
        assert_eq!(s.result(), "W+6");
        // The same from markup.
        let a = Assessment {
            source: AssessmentSource::Markup,
            territory: PerColor::new(pts(&g, "aa ac ae be"), pts(&g, "da ea db eb ed ee")),
            ..Assessment::default()
        };
        let m = score(&g, 6.0, &a);
        assert_eq!((m.black.total, m.white.total), (8.0, 14.0));
        assert!(
            !m.noted
                .iter()
                .any(|n| matches!(n, ScoreNote::KomiNotWhole(_))),
            "integer komi"
        );
    }

    #[test]
    fn ljr16_one_position_by_agreement() {
        let g = game(&["..XO.", ".OXO.", "..XO.", "..XO.", "..XO."], B);
        let s = score(&g, 0.5, &assessment(AssessmentSource::User, &g, "bb"));
        assert_eq!((s.black.territory, s.black.dead), (10, 1));
        assert_eq!(s.white.total, 5.5);
        assert_eq!(s.result(), "B+5.5");
        assert_eq!(s.assessment, AssessmentSource::User);
    }
}

// ---------------------------------------------------------------------------------------
// Random games on small boards against the definitions, by brute force.
mod random_games {
    use super::*;

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// Plays random turns; after each one checks that every stone has liberties, that the
    /// cycles found are exactly the former situations (since the last removal) similar to the
    /// current one by rule 8, that `check` agrees with `play`, and that captives add up.
    fn run(seed: u64, w: usize, h: usize, removals: bool) -> (u32, u32) {
        let mut rng = Rng(seed);
        let topo = Arc::new(Topology::grid(w, h).unwrap());
        let s = StartPosition {
            board: Board::new(topo.clone()),
            to_move: B,
            initial_prohibited: vec![Point::from_index(rng.below(w * h))],
            trace: None,
        };
        let mut g = Pauli::default().game(&s);
        let mut seen: Vec<(u32, Situation)> = vec![(0, g.situation())];
        let (mut cycles_found, mut removed) = (0, 0);
        for _ in 0..300 {
            if g.is_over() {
                break;
            }
            let c = g.to_move();
            let mut pre = None;
            let cyc = g.cycles();
            if removals && !cyc.is_empty() && cyc[0].disturbing && rng.below(2) == 0 {
                pre = Some(PreAction::RemoveCycle {
                    start: cyc[rng.below(cyc.len())].start,
                });
            }
            let empties: Vec<Point> = topo
                .points()
                .filter(|&p| g.board().is_empty_at(p))
                .collect();
            let mv = if empties.is_empty() || (g.need() == 2 && rng.below(4) == 0) {
                Move::Pass
            } else {
                Move::Place(empties[rng.below(empties.len())])
            };
            let t = Turn { color: c, pre, mv };
            // Rules 6 and 10–12 read literally over the whole board (the reading used after a
            // setup that leaves stones without liberties) agree with the fast reading on a
            // board whose stones all have liberties: for every empty location and either
            // player, and for the turn itself.
            for &p in &empties {
                for color in Color::BOTH {
                    assert_eq!(
                        g.placement(p, color),
                        g.placement_literal(p, color),
                        "seed {seed} turn {} {p:?} {color}",
                        g.turns()
                    );
                }
            }
            let mut literal = g.clone();
            literal.unsettled = true;
            let literal_result = literal.play(&t);
            let checked = g.check(&t);
            let before = g.situation();
            let result = g.play(&t);
            assert_eq!(literal_result, result, "seed {seed} turn {}", g.turns());
            assert!(literal.situation().is_similar(&g.situation()));
            assert_eq!(literal.last_change, g.last_change);
            assert_eq!(literal.cycles(), g.cycles());
            assert_eq!(literal.events, g.events);
            assert_eq!(GameState::tally(&literal), GameState::tally(&g));
            if result.is_ok() && matches!(mv, Move::Place(_)) {
                assert!(!literal.unsettled, "settled again once the stone is played");
            }
            match result {
                Ok(e) => {
                    assert!(checked.is_ok());
                    if e.removed_by_cycle > 0 {
                        removed += 1;
                        seen.clear();
                    }
                }
                Err(err) => {
                    assert_eq!(checked.unwrap_err(), err);
                    assert!(before.is_similar(&g.situation()));
                    if let Move::Place(p) = mv {
                        // A refused stone names a prohibition the definitions confirm.
                        if pre.is_none() {
                            assert_eq!(g.prohibition(p, c).map(|x| x.reason()), Some(err.reason));
                        }
                    }
                    continue;
                }
            }
            assert!(g.board().libertyless_chains().is_empty(), "{:?}", g.board());
            g.board().assert_consistent();
            let removed_stones = GameState::tally(&g).stones_removed();
            assert_eq!(
                g.captives(),
                PerColor::new(removed_stones.white, removed_stones.black)
            );
            if g.is_over() {
                break;
            }
            let now = g.situation();
            let expected: Vec<u32> = seen
                .iter()
                .filter(|(_, s)| s.is_similar(&now))
                .map(|(t, _)| *t)
                .collect();
            let found: Vec<u32> = g.cycles().iter().map(|c| c.start).collect();
            assert_eq!(found, expected, "seed {seed} turn {}", g.turns());
            cycles_found += u32::from(!found.is_empty());
            seen.push((g.turns(), now));
        }
        (cycles_found, removed)
    }

    #[test]
    fn cycles_are_exactly_the_similar_former_situations() {
        let (mut cycles, mut removed) = (0, 0);
        for seed in 0..150 {
            let (c, r) = run(seed, 3, 3, seed % 2 == 1);
            cycles += c;
            removed += r;
            let (c, r) = run(seed + 1000, 4, 3, seed % 2 == 1);
            cycles += c;
            removed += r;
        }
        assert!(
            cycles > 40,
            "the random games should repeat situations ({cycles})"
        );
        eprintln!("{cycles} situations with cycles, {removed} removals");
        assert!(removed > 5, "and remove some cycles ({removed})");
    }
}
