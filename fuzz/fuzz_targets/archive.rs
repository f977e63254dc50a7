//! Archive bytes (.zip, .tar, .tar.gz: the first byte chooses) → `game_sources::collect`
//! with small limits: every member is a record, a skip or an error, within the limits.
#![no_main]

use game_sources::{ItemKind, Limits, Options, collect};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&kind, bytes)) = data.split_first() else {
        return;
    };
    let ext = ["zip", "tar", "tgz"][usize::from(kind % 3)];
    let dir = std::env::temp_dir().join(format!("gorules-fuzz-archive-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("input.{ext}"));
    std::fs::write(&path, bytes).unwrap();
    let limits = Limits {
        max_record_bytes: 1 << 16,
        max_members: 64,
        max_archive_bytes: 1 << 20,
    };
    let options = Options {
        limits: limits.clone(),
        shard: None,
    };
    let items = collect(&[path.to_string_lossy().into_owned()], &options);
    let mut total = 0u64;
    for item in &items {
        if let ItemKind::Record { bytes, .. } = &item.kind {
            assert!(bytes.len() as u64 <= limits.max_record_bytes);
            total += bytes.len() as u64;
        }
    }
    assert!(total <= limits.max_archive_bytes);
    assert!(items.len() as u64 <= limits.max_members + 1);
});
