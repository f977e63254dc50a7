//! SGF bytes → records (`sgf_record::read_sgf`): any bytes give a result or an error, with
//! the default limits and with small ones, setup stones without liberties removed or refused
//! (the first byte chooses), never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sgf_record::{Limits, ReadOptions, SetupPolicy, read_sgf};

fuzz_target!(|data: &[u8]| {
    // Small limits half of the time, so that every limit's error path is reached; the strict
    // setup mode a quarter of the time.
    let first = data.first().copied().unwrap_or(0);
    let setup_without_liberties = if first & 2 == 2 {
        SetupPolicy::Refuse
    } else {
        SetupPolicy::Remove
    };
    let options = if first & 1 == 1 {
        ReadOptions {
            limits: Limits {
                max_file_bytes: 1 << 16,
                max_games: 4,
                max_nodes: 64,
                max_depth: 16,
                ..Limits::default()
            },
            setup_without_liberties,
        }
    } else {
        ReadOptions {
            setup_without_liberties,
            ..ReadOptions::default()
        }
    };
    match read_sgf(data, &options) {
        Err(e) => {
            let _ = (e.to_string(), e.code());
        }
        Ok(file) => {
            assert!(!file.games.is_empty(), "Ok with no game");
            for game in &file.games {
                match game {
                    Ok(record) => {
                        let _ = record.move_count();
                        // Every point of the record is on its board.
                        for a in &record.actions {
                            if let rules_core::Action::Move {
                                mv: rules_core::RecordedMove::Place(p),
                                ..
                            } = a
                            {
                                assert!(record.topology.xy(*p).is_some());
                            }
                        }
                    }
                    Err(e) => {
                        let s = e.to_string();
                        if let Some(place) = e.place {
                            assert!(place.offset <= data.len(), "{s}: offset past the end");
                            assert!(place.line >= 1 && place.column >= 1);
                        }
                    }
                }
            }
        }
    }
});
