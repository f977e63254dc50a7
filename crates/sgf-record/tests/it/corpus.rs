//! Reads every file of `../shared/corpus` (when it is there): no panic, and every file yields
//! games or a located error. Prints counts of errors by kind and of findings by code.

use game_sources::sgf_files;
use sgf_record::{ReadOptions, read_sgf};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn corpus_dir() -> Option<PathBuf> {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    d.is_dir().then_some(d)
}

#[test]
fn every_corpus_file_reads_or_fails_with_a_place() {
    let Some(dir) = corpus_dir() else {
        println!("skipped: no corpus at ../shared/corpus");
        return;
    };
    let mut files = Vec::new();
    sgf_files(&dir, &mut files);
    let opts = ReadOptions::default();
    let (mut games, mut records, mut file_errors) = (0usize, 0usize, 0usize);
    let mut errors: BTreeMap<&str, (usize, String)> = BTreeMap::new();
    let mut warnings: BTreeMap<String, usize> = BTreeMap::new();
    let mut encodings: BTreeMap<&str, usize> = BTreeMap::new();
    for f in &files {
        let bytes = std::fs::read(f).expect("readable corpus file");
        let rel = f.strip_prefix(&dir).unwrap_or(f).display().to_string();
        match read_sgf(&bytes, &opts) {
            Err(e) => {
                file_errors += 1;
                if e.code() != "file-too-large" {
                    assert!(e.place.is_some(), "{rel}: error without a place: {e}");
                }
                let entry = errors.entry(e.code()).or_insert((0, format!("{rel}: {e}")));
                entry.0 += 1;
            }
            Ok(file) => {
                *encodings.entry(file.encoding).or_default() += 1;
                assert!(!file.games.is_empty(), "{rel}: no games and no error");
                for g in &file.games {
                    games += 1;
                    match g {
                        Ok(r) => {
                            records += 1;
                            for w in &r.warnings {
                                *warnings.entry(w.code.clone()).or_default() += 1;
                            }
                        }
                        Err(e) => {
                            assert!(e.place.is_some(), "{rel}: error without a place: {e}");
                            let entry =
                                errors.entry(e.code()).or_insert((0, format!("{rel}: {e}")));
                            entry.0 += 1;
                        }
                    }
                }
            }
        }
    }
    println!(
        "corpus: {} files, {games} game trees, {records} records, {} game errors, {file_errors} \
         file errors",
        files.len(),
        games - records
    );
    for (code, (n, example)) in &errors {
        println!("  error {code}: {n} (e.g. {example})");
    }
    for (enc, n) in &encodings {
        println!("  encoding {enc}: {n} files");
    }
    for (code, n) in &warnings {
        println!("  finding {code}: {n} games");
    }
    assert!(
        files.len() > 1000,
        "the corpus should have thousands of files"
    );
}
