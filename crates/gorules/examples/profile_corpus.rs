//! Instruction-count profiling of parsing and replay (for `valgrind --tool=callgrind`, whose
//! counts do not depend on machine load): parses every `.sgf` under the given directory, then
//! replays the 19×19 games under the given rulesets.
//!
//! `cargo build --release -p gorules --example profile_corpus`
//! `valgrind --tool=callgrind target/release/examples/profile_corpus DIR tromp-taylor,logical`
//! `callgrind_annotate --inclusive=yes callgrind.out.* | grep -E 'parse_all|replay_all'`

use game_sources::sgf_files;
use rules_core::{Assessment, AssessmentChoice, GameRecord, ReplayOptions, Ruleset, replay};
use sgf_record::{ReadOptions, read_sgf};
use std::path::Path;

#[inline(never)]
fn parse_all(files: &[Vec<u8>]) -> Vec<GameRecord> {
    files
        .iter()
        .filter_map(|b| read_sgf(b, &ReadOptions::default()).ok())
        .flat_map(|f| f.games.into_iter().filter_map(Result::ok))
        .filter(|r| r.topology.grid_size() == Some((19, 19)))
        .collect()
}

#[inline(never)]
fn replay_all(records: &[GameRecord], rulesets: &[Box<dyn Ruleset>]) -> usize {
    let none = Assessment::none();
    let mut legal = 0;
    for r in records {
        for rs in rulesets {
            let done = replay(
                r,
                rs.as_ref(),
                &ReplayOptions::default(),
                AssessmentChoice::Given(&none),
            );
            legal += usize::from(done.verdict.legal);
        }
    }
    legal
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("a directory of SGF files");
    let ids = args
        .next()
        .unwrap_or_else(|| "tromp-taylor,logical".to_owned());
    let rulesets: Vec<Box<dyn Ruleset>> = ids
        .split(',')
        .map(|id| {
            ruleset_registry::by_id(id, &ruleset_registry::RulesetOptions::default())
                .unwrap_or_else(|e| panic!("{e}"))
        })
        .collect();
    let mut paths = Vec::new();
    sgf_files(Path::new(&dir), &mut paths);
    let files: Vec<Vec<u8>> = paths.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let records = parse_all(&files);
    let legal = replay_all(&records, &rulesets);
    println!("{} games, {legal} legal verdicts", records.len());
}
