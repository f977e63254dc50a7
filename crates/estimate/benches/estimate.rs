//! The estimator on 19×19 final positions (`cargo bench -p estimate`).
//!
//! A distribution over a fixed sample of counted 19×19 games from ../shared/corpus (KGS 2017
//! with markup, OGS, Fox: the first `ESTIMATE_BENCH_GAMES` of each, default 40): CPU time per
//! position, proofs included (median, p90, p99, max), playouts per position, and the
//! process's peak memory after one pass and after three (flat memory: the same). Nothing is
//! asserted: timings depend on the machine.

use estimate::{Options, estimate};
use game_sources::sgf_files;
use rules_core::{Board, Outcome};
use std::path::Path;

/// `../shared/corpus` beside the repository.
const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus");

/// Final positions of counted 19×19 games, `per_source` from each source.
fn positions(per_source: usize) -> Vec<Board> {
    let mut out = Vec::new();
    for (dir, need_markup) in [("kgs/2017-01", true), ("ogs/19x19", false), ("fox", false)] {
        let mut files = Vec::new();
        sgf_files(&Path::new(CORPUS).join(dir), &mut files);
        files.sort();
        let mut n = 0;
        for f in files {
            let Ok(bytes) = std::fs::read(&f) else {
                continue;
            };
            let Ok(file) = sgf_record::read_sgf(&bytes, &Default::default()) else {
                continue;
            };
            for g in file.games.into_iter().flatten() {
                let counted = matches!(
                    g.result.as_ref().map(|r| &r.outcome),
                    Some(Outcome::Score { margin, .. }) if *margin > 0.0
                );
                if counted
                    && g.topology.grid_size() == Some((19, 19))
                    && (!need_markup || !g.markup.is_empty())
                    && n < per_source
                {
                    out.push(g.main_line_board());
                    n += 1;
                }
            }
        }
    }
    out
}

/// CPU time of this thread in nanoseconds (Linux `CLOCK_THREAD_CPUTIME_ID`): unlike wall
/// time, it does not depend on how busy the machine is.
fn thread_cpu_ns() -> u64 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: a valid pointer to a timespec-shaped struct; 3 is CLOCK_THREAD_CPUTIME_ID.
    let r = unsafe { clock_gettime(3, &mut t) };
    if r == 0 {
        (t.sec as u64) * 1_000_000_000 + t.nsec as u64
    } else {
        0
    }
}

fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn main() {
    let per_source = std::env::var("ESTIMATE_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    let sample = positions(per_source);
    if sample.is_empty() {
        println!("no corpus at {CORPUS}: nothing to measure");
        return;
    }
    let options = Options::default();
    let mut cpu = Vec::new();
    let mut playouts = 0usize;
    let mut peak_after_first = None;
    for pass in 0..3 {
        for b in &sample {
            let c0 = thread_cpu_ns();
            let e = estimate(b, &[], &options).expect("no prohibited locations");
            if pass == 0 {
                cpu.push((thread_cpu_ns() - c0) as f64 / 1e6);
                playouts += e.playouts;
            }
            std::hint::black_box(e);
        }
        if pass == 0 {
            peak_after_first = peak_memory_kib();
        }
    }
    cpu.sort_by(f64::total_cmp);
    let q = |f: f64| cpu[((cpu.len() - 1) as f64 * f).round() as usize];
    let kib = |k: Option<u64>| k.map_or("?".to_owned(), |k| k.to_string());
    println!(
        "estimate (proofs included) per 19x19 final position over {} positions: CPU time median \
         {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {:.0} playouts per position; peak \
         memory {} KiB after one pass, {} KiB after three",
        cpu.len(),
        q(0.5),
        q(0.9),
        q(0.99),
        q(1.0),
        playouts as f64 / cpu.len() as f64,
        kib(peak_after_first),
        kib(peak_memory_kib())
    );
}
