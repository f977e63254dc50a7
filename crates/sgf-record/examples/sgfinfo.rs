//! Prints what the reader makes of SGF files: encoding, per game the board, moves, komi,
//! result, markup and warnings, or the error.
//! `cargo run -p sgf-record --example sgfinfo -- FILE...`

use sgf_record::{ReadOptions, read_sgf};

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        match read_sgf(&bytes, &ReadOptions::default()) {
            Err(e) => println!("{path}: error: {e}"),
            Ok(file) => {
                println!(
                    "{path}: {} game(s), encoding {}",
                    file.games.len(),
                    file.encoding
                );
                for (i, g) in file.games.iter().enumerate() {
                    match g {
                        Err(e) => println!("  game {}: error [{}]: {e}", i + 1, e.code()),
                        Ok(r) => {
                            println!(
                                "  game {}: {:?}, {} moves, {} actions, komi {:?}, handicap {:?}, \
                                 rules {:?}, result {:?}, variations ignored {}",
                                i + 1,
                                r.topology,
                                r.move_count(),
                                r.actions.len(),
                                r.komi.as_ref().map(|k| (k.value, k.raw.as_str())),
                                r.handicap,
                                r.rules,
                                r.result.as_ref().map(|x| (&x.raw, &x.outcome)),
                                r.variations_ignored
                            );
                            println!("    info: {:?}", r.info);
                            if !r.markup.is_empty() {
                                println!(
                                    "    markup {}: TB {} TW {} dead {}",
                                    r.markup.source,
                                    r.markup.territory.black.len(),
                                    r.markup.territory.white.len(),
                                    r.markup.dead.len()
                                );
                            }
                            for w in &r.warnings {
                                println!("    {}: {}", w.code, w.message);
                            }
                        }
                    }
                }
            }
        }
    }
}
