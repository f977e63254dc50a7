//! Replay speed on real games: the 19×19 games of `../shared/corpus` (skipped, with a message,
//! when the corpus is not there).
//!
//! * `parse` — SGF bytes → game records (sgf-record), the baseline;
//! * `parse_and_replay` — the same plus a replay under `tromp-taylor` and `logical`
//!   (the target: within 1.5× of parsing alone);
//! * `replay` — records already parsed, replayed under one ruleset or two
//!   (target: both rulesets ≥ 20,000 games/s on one core).
//!
//! Run: `cargo bench -p gorules --bench corpus`. Each replay goes through the pipeline
//! (`analysis::Plan`, as every command does): legality, captures, the count and the verdict.

use analysis::{Choice, DeadSource, Plan};
use game_sources::sgf_files;
use rules_core::GameRecord;
use sgf_record::{ReadOptions, read_sgf};
use std::path::Path;
use std::sync::OnceLock;

fn main() {
    if corpus().is_empty() {
        eprintln!("skipped: ../shared/corpus is not here");
        return;
    }
    eprintln!(
        "{} files, {} games of 19x19",
        corpus().len(),
        records().len()
    );
    divan::main();
}

/// The bytes of every corpus file holding a 19×19 game.
fn corpus() -> &'static Vec<Vec<u8>> {
    static C: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    C.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
        let mut files = Vec::new();
        sgf_files(&dir, &mut files);
        files
            .iter()
            .map(|f| std::fs::read(f).unwrap())
            .filter(|b| {
                read_sgf(b, &ReadOptions::default()).is_ok_and(|f| {
                    f.games.iter().any(|g| {
                        g.as_ref()
                            .is_ok_and(|r| r.topology.grid_size() == Some((19, 19)))
                    })
                })
            })
            .collect()
    })
}

fn records() -> &'static Vec<GameRecord> {
    static R: OnceLock<Vec<GameRecord>> = OnceLock::new();
    R.get_or_init(|| corpus().iter().flat_map(|b| parse(b)).collect())
}

fn parse(bytes: &[u8]) -> Vec<GameRecord> {
    read_sgf(bytes, &ReadOptions::default())
        .map(|f| {
            f.games
                .into_iter()
                .filter_map(Result::ok)
                .filter(|r| r.topology.grid_size() == Some((19, 19)))
                .collect()
        })
        .unwrap_or_default()
}

/// The plan of `check --rules LIST --dead none`.
fn plan(list: &str) -> Plan {
    let choices = Choice::parse_list(list, &Default::default()).expect("our ids");
    let mut plan = Plan::new(choices);
    plan.dead = DeadSource::None;
    plan
}

fn replay_all(records: &[GameRecord], plan: &Plan) -> usize {
    let mut legal = 0;
    for r in records {
        let runs = plan.replay_all(r).expect("no points named");
        legal += runs.iter().filter(|r| r.replayed.verdict.legal).count();
    }
    legal
}

fn games() -> divan::counter::ItemsCount {
    divan::counter::ItemsCount::new(records().len())
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn parse_only(bencher: divan::Bencher) {
    bencher
        .counter(games())
        .bench(|| corpus().iter().map(|b| parse(b).len()).sum::<usize>());
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn parse_and_replay_tt_logical(bencher: divan::Bencher) {
    let rs = plan("tromp-taylor,logical");
    bencher.counter(games()).bench(|| {
        corpus()
            .iter()
            .map(|b| replay_all(&parse(b), &rs))
            .sum::<usize>()
    });
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn replay_tt_and_logical(bencher: divan::Bencher) {
    let rs = plan("tromp-taylor,logical");
    bencher
        .counter(games())
        .bench(|| replay_all(divan::black_box(records()), &rs));
}

#[divan::bench(args = ["tromp-taylor", "logical", "chinese", "pauli"], sample_count = 10, sample_size = 1)]
fn replay_one(bencher: divan::Bencher, id: &str) {
    let rs = plan(id);
    bencher
        .counter(games())
        .bench(|| replay_all(divan::black_box(records()), &rs));
}
