//! Control of 19×19 final positions (`cargo bench -p pauli-control`).
//!
//! First a distribution over a fixed sample of counted 19×19 games from ../shared/corpus
//! (KGS 2017 with markup, OGS, Fox: the first `PAULI_BENCH_GAMES` of each, default 40): time
//! per position (median, p90, p99, max), coverage, and the process's peak memory. Then divan
//! benchmarks of a few single positions. Nothing is asserted: timings depend on the machine.

use game_sources::sgf_files;
use pauli_control::{Options, analyze};
use rules_core::{Board, Outcome};
use std::path::Path;
use std::sync::OnceLock;
use std::time::Instant;

/// `../shared/corpus` beside the repository.
const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus");

/// Final positions of counted 19×19 games, `per_source` from each source.
fn positions(per_source: usize) -> Vec<(String, Board)> {
    let mut out = Vec::new();
    for (dir, need_markup) in [("kgs/2017-01", true), ("ogs/19x19", false), ("fox", false)] {
        let mut files = Vec::new();
        sgf_files(&Path::new(CORPUS).join(dir), &mut files);
        let mut n = 0;
        for f in files {
            if n >= per_source {
                break;
            }
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
                    out.push((f.display().to_string(), g.main_line_board()));
                    n += 1;
                }
            }
        }
    }
    out
}

fn sample() -> &'static Vec<(String, Board)> {
    static S: OnceLock<Vec<(String, Board)>> = OnceLock::new();
    S.get_or_init(|| {
        let n = std::env::var("PAULI_BENCH_GAMES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(40);
        positions(n)
    })
}

/// CPU time of this thread in nanoseconds (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, Linux):
/// unlike wall time, it does not depend on how busy the machine is.
fn thread_cpu_ns() -> u64 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: a valid pointer to a timespec-shaped struct; the clock id is a Linux constant.
    let r = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
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

fn distribution() {
    let sample = sample();
    if sample.is_empty() {
        println!("no corpus at {CORPUS}: distribution skipped");
        return;
    }
    let opts = Options::default();
    let mut times: Vec<f64> = Vec::new();
    let mut cpu: Vec<f64> = Vec::new();
    let (mut points, mut decided, mut nodes) = (0usize, 0usize, 0u64);
    for (_, b) in sample {
        let t = Instant::now();
        let c0 = thread_cpu_ns();
        let m = analyze(b, &[], &opts).expect("analysis");
        cpu.push((thread_cpu_ns() - c0) as f64 / 1e6);
        times.push(t.elapsed().as_secs_f64() * 1e3);
        points += b.len();
        decided += b.len() - m.undecided().len();
        nodes += m.nodes;
    }
    times.sort_by(f64::total_cmp);
    cpu.sort_by(f64::total_cmp);
    let q = |v: &[f64], f: f64| v[((v.len() - 1) as f64 * f).round() as usize];
    println!(
        "control per 19x19 final position over {} positions (default options): wall time median \
         {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms; CPU time median {:.2} ms, p90 {:.2} ms, \
         p99 {:.2} ms, max {:.2} ms; coverage {:.1}%; {:.0} nodes per position; peak memory {} KiB",
        times.len(),
        q(&times, 0.5),
        q(&times, 0.9),
        q(&times, 0.99),
        q(&times, 1.0),
        q(&cpu, 0.5),
        q(&cpu, 0.9),
        q(&cpu, 0.99),
        q(&cpu, 1.0),
        100.0 * decided as f64 / points as f64,
        nodes as f64 / times.len() as f64,
        peak_memory_kib().map_or("?".into(), |k| k.to_string())
    );
}

fn main() {
    distribution();
    divan::main();
}

/// One analysis of a fixed position of the sample (by index).
#[divan::bench(args = [0, 10, 40, 80])]
fn analyze_position(bencher: divan::Bencher, index: usize) {
    let sample = sample();
    let Some((_, b)) = sample.get(index.min(sample.len().saturating_sub(1))) else {
        return;
    };
    let opts = Options::default();
    bencher.bench(|| analyze(divan::black_box(b), &[], &opts).expect("analysis"));
}
