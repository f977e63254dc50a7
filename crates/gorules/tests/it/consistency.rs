//! Invariants across rulesets, through the libraries: every ruleset's per-point values add
//! up to its score (so explanations built on them add up), on every fixture and reference
//! game, and on the corpus when it is present.

use crate::util::root;
use game_sources::sgf_files;
use rules_core::{
    Assessment, AssessmentChoice, GameRecord, ReplayOptions, Ruleset, ScoringInput, replay,
};
use sgf_record::{ReadOptions, read_sgf};
use std::path::{Path, PathBuf};

/// Every ruleset, as `--rules all` gives them.
fn rulesets() -> Vec<Box<dyn Ruleset>> {
    let options = ruleset_registry::RulesetOptions::default();
    ruleset_registry::ALL
        .iter()
        .map(|id| ruleset_registry::by_id(id, &options).unwrap())
        .collect()
}

fn records(path: &Path) -> Vec<GameRecord> {
    let bytes = std::fs::read(path).unwrap();
    match read_sgf(&bytes, &ReadOptions::default()) {
        Ok(f) => f.games.into_iter().filter_map(Result::ok).collect(),
        Err(_) => Vec::new(),
    }
}

/// Every `.sgf` of `../shared/corpus`, or `None` (with a message) when it is not here.
fn corpus_files() -> Option<Vec<PathBuf>> {
    let corpus = root().join("../shared/corpus");
    if !corpus.is_dir() {
        eprintln!("skipped: ../shared/corpus is not here");
        return None;
    }
    let mut files = Vec::new();
    sgf_files(&corpus, &mut files);
    Some(files)
}

/// Returns the number of (game, ruleset) pairs checked.
fn check_point_values(files: &[PathBuf], errors: &mut Vec<String>) -> usize {
    let rulesets = rulesets();
    let mut checked = 0;
    for f in files {
        for rec in records(f) {
            let assessment = if rec.markup.is_empty() {
                Assessment::none()
            } else {
                Assessment::from_markup(&rec.markup)
            };
            for r in &rulesets {
                let done = replay(
                    &rec,
                    r.as_ref(),
                    &ReplayOptions::default(),
                    AssessmentChoice::Given(&assessment),
                );
                let Some(score) = &done.verdict.score else {
                    continue;
                };
                match done
                    .state
                    .point_values(&done.scoring_input(rec.handicap.unwrap_or(0)))
                {
                    Err(e) => errors.push(format!("{} {}: {e}", f.display(), r.id())),
                    Ok(values) => {
                        assert_eq!(values.len(), rec.topology.len());
                        let (db, dw) = score.check_point_values(&values);
                        if db.abs() > 1e-9 || dw.abs() > 1e-9 {
                            errors.push(format!(
                                "{} {}: point values miss the totals by {db} (Black), {dw} (White)",
                                f.display(),
                                r.id()
                            ));
                        }
                    }
                }
                checked += 1;
            }
        }
    }
    checked
}

/// The fixtures, and the reference games when `../shared/reference-games` is here (a fresh
/// clone elsewhere has only the fixtures; the tests must pass there too); whether they were.
fn fixtures_and_reference_games(files: &mut Vec<PathBuf>) -> bool {
    sgf_files(&root().join("fixtures"), files);
    let reference = root().join("../shared/reference-games");
    if reference.is_dir() {
        sgf_files(&reference, files);
        true
    } else {
        eprintln!("../shared/reference-games is not here: the fixtures alone are checked");
        false
    }
}

#[test]
fn point_values_add_up_to_the_score() {
    let mut files = Vec::new();
    let with_reference = fixtures_and_reference_games(&mut files);
    let mut errors = Vec::new();
    let n = check_point_values(&files, &mut errors);
    assert!(
        n > if with_reference { 2000 } else { 400 },
        "only {n} verdicts checked"
    );
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// The corpus (8,468 real files), when it is here: run with `--ignored` (a minute in debug).
#[test]
#[ignore = "slow: the whole corpus; run with --ignored"]
fn point_values_add_up_on_the_corpus() {
    let Some(files) = corpus_files() else { return };
    let mut errors = Vec::new();
    let n = check_point_values(&files, &mut errors);
    eprintln!("{n} verdicts checked");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// Issue 3: where nothing separates them — no suicide, no dead stones, no shared point —
/// `chinese` and `tromp-taylor` give the same verdict: the same legality, the same first
/// forbidden move, the same counts and result.
fn chinese_agrees_with_tromp_taylor(files: &[PathBuf]) -> (usize, Vec<String>) {
    let tt = tromp_taylor::TrompTaylor;
    let cn = chinese::Chinese::default();
    let none = Assessment::none();
    let options = ReplayOptions::default();
    let (mut compared, mut errors) = (0, Vec::new());
    for f in files {
        for rec in records(f) {
            let a = replay(&rec, &tt, &options, AssessmentChoice::Given(&none)).verdict;
            let b = replay(&rec, &cn, &options, AssessmentChoice::Given(&none)).verdict;
            let suicide = a.self_captures.black + a.self_captures.white > 0
                || b.first_forbidden
                    .as_ref()
                    .is_some_and(|f| f.reason == rules_core::Reason::Suicide);
            let shared = b.score.as_ref().is_some_and(|s| s.black.shared > 0);
            if suicide || shared {
                continue;
            }
            compared += 1;
            let same = a.legal == b.legal
                && a.first_forbidden
                    .as_ref()
                    .map(|f| (f.move_number, f.reason))
                    == b.first_forbidden
                        .as_ref()
                        .map(|f| (f.move_number, f.reason))
                && a.result == b.result
                && a.score.as_ref().map(|s| (s.black.total, s.white.total))
                    == b.score.as_ref().map(|s| (s.black.total, s.white.total))
                && a.captures == b.captures
                && a.ending == b.ending;
            if !same {
                errors.push(format!(
                    "{}: tromp-taylor {:?} {:?} vs chinese {:?} {:?}",
                    f.display(),
                    a.result,
                    a.first_forbidden.map(|f| f.reason),
                    b.result,
                    b.first_forbidden.map(|f| f.reason)
                ));
            }
        }
    }
    (compared, errors)
}

#[test]
fn chinese_and_tromp_taylor_agree_where_nothing_separates_them() {
    let mut files = Vec::new();
    let with_reference = fixtures_and_reference_games(&mut files);
    let (n, errors) = chinese_agrees_with_tromp_taylor(&files);
    assert!(
        n > if with_reference { 100 } else { 40 },
        "only {n} records compared"
    );
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// Issue 60: the record's shared trace (`rules_core::Trace`) changes how much work a replay
/// does, never what it finds. Every ruleset (and `chinese` under each of its options that
/// change the loop: suicide, ko, superko kind, play after the end), replayed with the trace
/// and without it, gives the same verdict, the same final board and the same point values,
/// under both policies at a forbidden move.
fn a_shared_trace_changes_no_replay(files: &[PathBuf]) -> usize {
    use chinese::{AfterTwoPasses, Chinese, SuicideRule};
    use rules_core::{KoRule, Policy, SuperkoKind, Trace, replay_traced};
    let mut rulesets = rulesets();
    for suicide in [SuicideRule::Forbidden, SuicideRule::Allowed] {
        for ko in [KoRule::Superko, KoRule::Simple] {
            for superko in [SuperkoKind::Positional, SuperkoKind::Situational] {
                for after_two_passes in [AfterTwoPasses::End, AfterTwoPasses::Resume] {
                    rulesets.push(Box::new(Chinese {
                        suicide,
                        ko,
                        superko,
                        after_two_passes,
                        ..Chinese::default()
                    }));
                }
            }
        }
    }
    let mut compared = 0;
    for f in files {
        for rec in records(f) {
            let Some(trace) = Trace::of(&rec) else {
                continue;
            };
            let assessment = if rec.markup.is_empty() {
                Assessment::none()
            } else {
                Assessment::from_markup(&rec.markup)
            };
            for policy in [Policy::Stop, Policy::PlayOn] {
                let options = ReplayOptions { policy, komi: None };
                for r in &rulesets {
                    let given = AssessmentChoice::Given(&assessment);
                    let plain = replay(&rec, r.as_ref(), &options, given);
                    let traced = replay_traced(&rec, r.as_ref(), &options, given, Some(&trace));
                    let at = || format!("{} {} {policy:?}", f.display(), r.describe());
                    assert_eq!(plain.verdict, traced.verdict, "{}", at());
                    assert!(
                        plain.state.board().same_coloring(traced.state.board()),
                        "{}",
                        at()
                    );
                    let handicap = rec.handicap.unwrap_or(0);
                    assert_eq!(
                        plain.point_values(handicap),
                        traced.point_values(handicap),
                        "{}",
                        at()
                    );
                    compared += 1;
                }
            }
        }
    }
    compared
}

#[test]
fn a_shared_trace_changes_no_replay_of_the_fixtures() {
    let mut files = Vec::new();
    let with_reference = fixtures_and_reference_games(&mut files);
    let n = a_shared_trace_changes_no_replay(&files);
    assert!(
        n > if with_reference { 20_000 } else { 4_000 },
        "only {n} replays compared"
    );
}

#[test]
#[ignore = "slow: the whole corpus; run with --ignored"]
fn a_shared_trace_changes_no_replay_of_the_corpus() {
    let Some(files) = corpus_files() else { return };
    eprintln!(
        "{} replays compared",
        a_shared_trace_changes_no_replay(&files)
    );
}

#[test]
#[ignore = "slow: the whole corpus; run with --ignored"]
fn chinese_and_tromp_taylor_agree_on_the_corpus() {
    let Some(files) = corpus_files() else { return };
    let (n, errors) = chinese_agrees_with_tromp_taylor(&files);
    eprintln!("{n} records compared");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// The range a count gives for its undecided points bounds every way of deciding them: the
/// counts are monotone in control. On fixtures and reference games, searched with small
/// budgets so that many points stay undecided, each undecided point is given to Black, to
/// White or to nobody at random (never to a player proved not to control it), many times
/// over, and `chinese` and `pauli` count the result: the margin always lies in the range,
/// and so does the count as it stands.
#[test]
fn the_undecided_range_bounds_every_way_of_deciding_the_points() {
    use pauli_control::{Budgets, ControlAssessor, Options};
    use rules_core::Color;
    let mut files = Vec::new();
    fixtures_and_reference_games(&mut files);
    let small = ControlAssessor::new(Options {
        budgets: Budgets::quick(),
        thorough_up_to: 0,
        ..Options::default()
    });
    let rulesets: [Box<dyn Ruleset>; 2] = [
        Box::new(chinese::Chinese::default()),
        Box::new(pauli::Pauli::default()),
    ];
    let mut seed: u64 = 7;
    let mut next = move |n: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    let (mut ranges, mut tries) = (0, 0);
    for f in &files {
        for rec in records(f) {
            for r in &rulesets {
                let done = replay(
                    &rec,
                    r.as_ref(),
                    &ReplayOptions::default(),
                    AssessmentChoice::Auto(&small),
                );
                let Some(score) = &done.verdict.score else {
                    continue;
                };
                let Some(range) = score.undecided_range else {
                    assert_eq!(score.undecided, 0, "{} {}", f.display(), r.id());
                    continue;
                };
                ranges += 1;
                let at = || format!("{} {}: {range:?}", f.display(), r.id());
                assert!(range.contains(score.margin), "{}", at());
                let board = done.state.board();
                for _ in 0..8 {
                    let mut decided = done.assessment.clone();
                    decided.undecided.clear();
                    for &p in &done.assessment.undecided {
                        let to = match next(3) {
                            0 => Color::Black,
                            1 => Color::White,
                            _ => continue,
                        };
                        // A player proved not to control the point cannot be given it.
                        if done.assessment.ruled_out[to].contains(&p) {
                            continue;
                        }
                        decided.territory[to].push(p);
                        if board.get(p) == Some(to.opp()) {
                            decided.dead.push(p);
                        }
                    }
                    let margin = done
                        .state
                        .score(&ScoringInput {
                            komi: done.verdict.komi.value,
                            handicap: rec.handicap.unwrap_or(0),
                            assessment: &decided,
                        })
                        .unwrap()
                        .margin;
                    tries += 1;
                    assert!(range.contains(margin), "{}: margin {margin}", at());
                }
            }
        }
    }
    assert!(ranges > 200, "only {ranges} counts had undecided points");
    eprintln!("{ranges} ranges, {tries} decisions checked");
}
