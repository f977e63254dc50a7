//! Parsing throughput on the corpus's 19×19 games (`../shared/corpus`, when present):
//! `cargo bench -p sgf-record`. One iteration reads every 19×19 file once; divide the number
//! of games printed at the start by the time per iteration for games per second.
//! `sgf_parse_alone` times sgf-parse by itself on the same files: the part of reading that is
//! not ours.

use sgf_record::{ReadOptions, read_sgf};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn main() {
    let files = corpus_19x19();
    let games: usize = files.iter().map(|(_, n)| n).sum();
    println!("corpus 19x19: {} files, {games} games", files.len());
    divan::main();
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.filter_map(Result::ok) {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "sgf") {
            out.push(p);
        }
    }
}

/// The bytes of every corpus file whose games are all 19×19, with its game count.
fn corpus_19x19() -> &'static [(Vec<u8>, usize)] {
    static FILES: OnceLock<Vec<(Vec<u8>, usize)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
        let mut paths = Vec::new();
        collect(&dir, &mut paths);
        paths.sort();
        let opts = ReadOptions::default();
        paths
            .into_iter()
            .filter_map(|p| {
                let bytes = std::fs::read(p).ok()?;
                let f = read_sgf(&bytes, &opts).ok()?;
                let all19 = !f.games.is_empty()
                    && f.games.iter().all(|g| {
                        g.as_ref()
                            .is_ok_and(|r| r.topology.grid_size() == Some((19, 19)))
                    });
                let n = f.games.len();
                all19.then_some((bytes, n))
            })
            .collect()
    })
}

#[divan::bench(sample_count = 10)]
fn parse_corpus_19x19(bencher: divan::Bencher) {
    let files = corpus_19x19();
    let opts = ReadOptions::default();
    bencher.bench(|| {
        let mut moves = 0usize;
        for (bytes, _) in files {
            if let Ok(f) = read_sgf(divan::black_box(bytes), &opts) {
                for r in f.games.iter().flatten() {
                    moves += r.move_count();
                }
            }
        }
        moves
    });
}

/// sgf-parse alone (its tree of typed properties, nothing of ours): the floor under
/// `parse_corpus_19x19`, and so under every command's rate (issue 60 compares `check` with
/// sgfmill; this says how much of a game's time no change of ours can take away).
#[divan::bench(sample_count = 10)]
fn sgf_parse_alone(bencher: divan::Bencher) {
    let files = corpus_19x19();
    bencher.bench(|| {
        let mut n = 0usize;
        for (bytes, _) in files {
            let s = String::from_utf8_lossy(bytes);
            if let Ok(t) = sgf_parse::parse(divan::black_box(&s)) {
                n += t.len();
            }
        }
        n
    });
}
