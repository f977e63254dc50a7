//! Instruction-count profiling of the per-game pipeline (for `valgrind --tool=callgrind`,
//! whose counts do not depend on machine load): reads every `.sgf` under the given directory,
//! then takes every game through the pipeline as `gorules check --rules LIST --dead none
//! --format jsonl` does (bytes → records → one replay per ruleset → report → a JSON line),
//! into a buffer. `scripts/instructions.sh` runs it and prints instructions per game.
//!
//! `cargo build --release -p gorules --example profile_corpus`
//! `valgrind --tool=callgrind target/release/examples/profile_corpus DIR tromp-taylor,logical`
//! `callgrind_annotate --inclusive=yes callgrind.out.* | grep -E 'parse_all|check_all'`

use analysis::{Choice, DeadSource, Plan, input};
use game_sources::sgf_files;
use report::json;
use std::path::Path;

/// The binary's allocator (`src/main.rs`), so that the count is the binary's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Reads every file into records (the pipeline's input stage), and counts the games.
#[inline(never)]
fn parse_all(files: &[(String, Vec<u8>)]) -> Vec<input::Loaded> {
    files
        .iter()
        .map(|(name, bytes)| input::from_bytes(name.clone(), bytes, false))
        .collect()
}

/// Every game of every file through the pipeline and into JSON Lines; returns the legal
/// verdicts.
#[inline(never)]
fn check_all(loaded: Vec<input::Loaded>, plan: &Plan, out: &mut Vec<u8>) -> usize {
    let mut legal = 0;
    for file in loaded {
        let report = json::file_report(file, |index, record| {
            let game = plan.analyse(index, record);
            if let Ok(g) = &game {
                legal += g.runs.iter().filter(|r| r.replayed.verdict.legal).count();
            }
            json::game_entry(index, game)
        });
        out.clear();
        report::check::write_jsonl_file(out, &report).expect("a buffer takes it");
    }
    legal
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("a directory of SGF files");
    let ids = args
        .next()
        .unwrap_or_else(|| "tromp-taylor,logical".to_owned());
    let choices = Choice::parse_list(&ids, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
    let mut plan = Plan::new(choices);
    plan.dead = DeadSource::None;
    let mut paths = Vec::new();
    sgf_files(Path::new(&dir), &mut paths);
    let files: Vec<(String, Vec<u8>)> = paths
        .iter()
        .map(|p| (p.display().to_string(), std::fs::read(p).unwrap()))
        .collect();
    let loaded = parse_all(&files);
    let games: usize = loaded
        .iter()
        .map(|l| l.result.as_ref().map_or(0, |f| f.games.len()))
        .sum();
    let mut out = Vec::new();
    let legal = check_all(loaded, &plan, &mut out);
    println!("{games} games, {legal} legal verdicts");
}
