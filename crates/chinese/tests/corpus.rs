//! On `../shared/corpus`: the counted games that declare Chinese rules and carry
//! `TB`/`TW` markup, scored under `chinese` with the markup's dead stones, against the
//! recorded result. Ignored by default (it reads the corpus); run with
//! `cargo test -p chinese --test corpus -- --ignored --nocapture`.

mod common;

use chinese::{AfterTwoPasses, Chinese, Compensation};
use common::{record, territory_markup};
use rules_core::{
    Assessment, AssessmentChoice, AssessmentSource, CheckStatus, Policy, ReplayOptions, replay,
};
use std::path::Path;

#[test]
#[ignore = "reads ../shared/corpus"]
fn chinese_games_with_markup_match_their_recorded_results() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let mut files = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "sgf") {
                files.push(p);
            }
        }
    }
    files.sort();
    let (mut counted, mut agree) = (0, 0);
    let (mut handicap_games, mut handicap_agree_without) = (0, 0);
    let mut agree_strict = 0;
    let mut mismatches = Vec::new();
    for f in &files {
        let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        if !text.to_lowercase().contains("ru[chinese]") || !text.contains("TB[") {
            continue;
        }
        let Ok(rec) = std::panic::catch_unwind(|| record(&text)) else {
            eprintln!("  not read by the test's minimal reader: {}", f.display());
            continue;
        };
        let Some(rules_core::record::Outcome::Score { .. }) =
            rec.result.as_ref().map(|r| r.outcome.clone())
        else {
            continue;
        };
        counted += 1;
        let assessment = Assessment {
            source: AssessmentSource::Markup,
            territory: territory_markup(&text),
            ..Assessment::default()
        };
        let options = ReplayOptions {
            policy: Policy::Stop,
            komi: None,
        };
        let v = |compensation, after_two_passes| {
            let rules = Chinese {
                compensation,
                after_two_passes,
                ..Chinese::default()
            };
            replay(&rec, &rules, &options, AssessmentChoice::Given(&assessment)).verdict
        };
        // KGS gives White N points in Chinese handicap games: without them the handicap
        // games would not agree.
        if rec.handicap.unwrap_or(0) > 1 {
            handicap_games += 1;
            if v(Compensation::None, AfterTwoPasses::Resume).check.status == CheckStatus::Agrees {
                handicap_agree_without += 1;
            }
        }
        // Text 004 rule 7 (two passes end the game) against text 003 (on dispute, play
        // resumes): records where play resumed after two passes agree only with the latter.
        let strict = v(Compensation::N, AfterTwoPasses::End);
        if strict.check.status == CheckStatus::Agrees {
            agree_strict += 1;
        } else {
            eprintln!(
                "  two passes ending the game: {}: {} {:?}",
                f.strip_prefix(&root).unwrap().display(),
                strict.check.detail,
                strict.first_forbidden.map(|x| (x.move_number, x.reason)),
            );
        }
        let v = v(Compensation::N, AfterTwoPasses::Resume);
        if v.check.status == CheckStatus::Agrees {
            agree += 1;
        } else {
            mismatches.push(format!(
                "{}: HA {:?} {} {:?}",
                f.strip_prefix(&root).unwrap().display(),
                rec.handicap,
                v.check.detail,
                v.first_forbidden.map(|x| (x.move_number, x.reason)),
            ));
        }
    }
    eprintln!(
        "{agree} of {counted} agree with handicap compensation N and play resuming after \
         two passes on dispute ({agree_strict} with two passes ending the game); of the \
         {handicap_games} handicap games, {handicap_agree_without} agree without compensation"
    );
    for m in &mismatches {
        eprintln!("  {m}");
    }
    assert!(counted > 0);
    assert!(agree * 100 >= counted * 99, "{agree} of {counted}");
}
