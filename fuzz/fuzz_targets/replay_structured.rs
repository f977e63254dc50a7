//! Bytes → a small board (a grid of any size 1×1 to 52×52 or a small graph) and a list of
//! actions (moves anywhere, passes, off-board points, setups in mid-game, `PL`, Pauli cycle
//! removals, out-of-turn moves), markup and a result → replay under every ruleset, both
//! policies, the report's JSON and the comparisons of `gorules diff`.
#![no_main]

use gorules_fuzz::{Bytes, board_topology};
use libfuzzer_sys::fuzz_target;
use rules_core::{Action, Color, GameRecord, Komi, Policy, RecordedMove};

fn color(b: u8) -> Color {
    if b & 1 == 0 {
        Color::Black
    } else {
        Color::White
    }
}

fuzz_target!(|data: &[u8]| {
    let mut r = Bytes::new(data);
    let shape = r.byte();
    // Mostly small grids; now and then up to 52×52; or a graph: n points, edges from a bit
    // matrix.
    let large = shape & 0x40 != 0;
    let side = |b: u8| -> usize {
        if large {
            1 + usize::from(b % 52)
        } else {
            1 + usize::from(b % 9)
        }
    };
    let Some(topo) = board_topology(&mut r, shape & 0x80 != 0, side) else {
        return;
    };
    let n = topo.len();
    let point = |r: &mut Bytes<'_>| topo.point(usize::from(r.u16()) % n).expect("in range");
    let mut record = GameRecord::new(topo.clone());
    let flags = r.byte();
    if flags & 1 == 1 {
        let k = f64::from(i16::from_le_bytes([r.byte(), r.byte()])) / 4.0;
        record.komi = Some(Komi {
            value: k,
            raw: k.to_string(),
        });
    }
    if flags & 2 == 2 {
        record.handicap = Some(u32::from(r.byte() % 10));
    }
    if flags & 4 == 4 {
        let results = [
            "B+3.5", "W+0.5", "B+R", "W+T", "0", "Void", "?", "B+0", "W+12.25",
        ];
        let t = results[usize::from(r.byte()) % results.len()];
        record.result = Some(sgf_record::parse_result(t));
    }
    if flags & 8 == 8 {
        // End-of-game markup, possibly nonsense (dead marks on empty points, overlaps).
        for _ in 0..r.byte() % 8 {
            record.markup.dead.push(point(&mut r));
        }
        for _ in 0..r.byte() % 8 {
            record.markup.territory.black.push(point(&mut r));
        }
        for _ in 0..r.byte() % 8 {
            record.markup.territory.white.push(point(&mut r));
        }
        record.markup.dead.sort_unstable();
        record.markup.dead.dedup();
        record.markup.source = "fuzz".to_owned();
    }
    let policy = if flags & 16 == 16 {
        Policy::PlayOn
    } else {
        Policy::Stop
    };
    let komi = (flags & 32 == 32).then_some(-6.5);
    let mut next = Color::Black;
    while !r.is_empty() && record.actions.len() < 2000 {
        let op = r.byte();
        match op % 32 {
            0..=19 => {
                // A move of the player whose turn it is (now and then out of turn).
                let c = if op & 0x80 != 0 { next.opp() } else { next };
                let p = point(&mut r);
                record.actions.push(Action::Move {
                    color: c,
                    mv: RecordedMove::Place(p),
                });
                next = c.opp();
            }
            20..=24 => {
                record.actions.push(Action::Move {
                    color: next,
                    mv: RecordedMove::Pass,
                });
                next = next.opp();
            }
            25 => {
                record.actions.push(Action::Move {
                    color: next,
                    mv: RecordedMove::OffBoard("zz".to_owned()),
                });
                next = next.opp();
            }
            26 | 27 => {
                let mut edits = Vec::new();
                for _ in 0..1 + r.byte() % 6 {
                    let p = point(&mut r);
                    let c = match r.byte() % 3 {
                        0 => None,
                        1 => Some(Color::Black),
                        _ => Some(Color::White),
                    };
                    edits.push((p, c));
                }
                edits.sort_unstable_by_key(|&(p, _)| p);
                edits.dedup_by_key(|&mut (p, _)| p);
                record.actions.push(Action::Setup(edits));
            }
            28 | 29 => {
                let c = color(r.byte());
                record.actions.push(Action::SetPlayer(c));
                next = c;
            }
            _ => {
                let start = u32::from(r.byte());
                record
                    .actions
                    .push(Action::RemoveCycle { color: next, start });
            }
        }
    }
    gorules_fuzz::replay_everything(&record, policy, komi);
});
