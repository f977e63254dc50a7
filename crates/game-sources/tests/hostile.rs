//! Hostile inputs to the file finder: what is lying around in a directory, and archives made
//! to hurt. Each becomes records, skips or errors, within the limits, in bounded time.
//! (Zip bombs and traversal names of the common kinds are in `src/tests.rs`.)

use game_sources::{Item, ItemKind, Options, collect};
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};
#[path = "support/raw_tar.rs"]
mod raw_tar;

fn kinds(items: &[Item]) -> Vec<&'static str> {
    items
        .iter()
        .map(|i| match &i.kind {
            ItemKind::Record { .. } => "record",
            ItemKind::Skipped(_) => "skipped",
            ItemKind::Error(e) => e.kind(),
        })
        .collect()
}

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// A FIFO named like a record, in a directory: opening it blocked `gorules check` for ever.
/// It is skipped, with a reason.
#[test]
fn a_fifo_in_a_directory_is_skipped_not_opened() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("a.sgf"), "(;)").unwrap();
    let fifo = d.path().join("b.sgf");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        eprintln!("mkfifo unavailable: test skipped");
        return;
    }
    std::fs::write(d.path().join("c.sgf"), "(;)").unwrap();
    let start = Instant::now();
    let items = collect(&[s(d.path())], &Options::default());
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_eq!(kinds(&items), ["record", "skipped", "record"]);
    match &items[1].kind {
        ItemKind::Skipped(why) => {
            assert_eq!(
                why,
                "not a regular file (a FIFO, socket or device): not read"
            );
        }
        other => panic!("{other:?}"),
    }
}

/// A tar whose members are named to escape: `../`, absolute paths, a name with an escape
/// sequence. They are names only: read in place, nothing written anywhere.
#[test]
fn tar_path_traversal_names_are_only_names() {
    let d = tempfile::tempdir().unwrap();
    let inner = d.path().join("inner");
    std::fs::create_dir(&inner).unwrap();
    let p = inner.join("evil.tar");
    let escape = format!("{}/escaped.sgf", d.path().display());
    std::fs::write(
        &p,
        raw_tar::raw_tar(
            Vec::new(),
            &[
                ("../escaped.sgf", b"(;B[aa])"),
                ("../../../../../../tmp/escaped.sgf", b"(;B[aa])"),
                (escape.as_str(), b"(;B[aa])"),
                ("a/../../escaped.sgf", b"(;B[aa])"),
                ("\x1b[31mred.sgf", b"(;B[aa])"),
            ],
        ),
    )
    .unwrap();
    let items = collect(&[s(&p)], &Options::default());
    assert_eq!(kinds(&items), ["record"; 5]);
    assert!(items[0].name.ends_with("evil.tar!../escaped.sgf"));
    assert!(items[2].name.ends_with(&format!("evil.tar!{escape}")));
    assert!(items[4].name.ends_with("!\u{1b}[31mred.sgf"));
    assert!(!d.path().join("escaped.sgf").exists());
    assert!(!inner.join("escaped.sgf").exists());
}

/// A .tar.gz whose skipped member (a README) is huge: passing over it means decompressing it,
/// so its size counts towards the archive's limit and the walk stops there.
#[test]
fn a_huge_skipped_member_counts_towards_the_archive_limit() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("readme-bomb.tar.gz");
    let zeros = vec![0u8; 4 << 20];
    let tar = raw_tar::raw_tar(
        Vec::new(),
        &[("a.sgf", b"(;)"), ("README", &zeros), ("b.sgf", b"(;)")],
    );
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&tar).unwrap();
    std::fs::write(&p, gz.finish().unwrap()).unwrap();
    let mut o = Options::default();
    o.limits.max_archive_bytes = 1 << 20;
    let items = collect(&[s(&p)], &o);
    assert_eq!(kinds(&items), ["record", "archive-too-large"]);
    assert!(items[1].name.ends_with("!README"));
    // Under a limit that holds it, it is skipped and the walk goes on.
    o.limits.max_archive_bytes = 8 << 20;
    assert_eq!(
        kinds(&collect(&[s(&p)], &o)),
        ["record", "skipped", "record"]
    );
}

/// Zip members that cannot be opened (here: a compression method this reader lacks) count
/// as members: a central directory of broken entries does not escape the member limit.
#[test]
fn broken_zip_members_count_towards_the_member_limit() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("broken.zip");
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for i in 0..10 {
        w.start_file(format!("g{i}.sgf"), opts).unwrap();
        w.write_all(b"(;)").unwrap();
    }
    let mut bytes = w.finish().unwrap().into_inner();
    // Method 12 (bzip2) in every local and central header.
    for i in 0..bytes.len().saturating_sub(12) {
        match &bytes[i..i + 4] {
            b"PK\x03\x04" => bytes[i + 8] = 12,
            b"PK\x01\x02" => bytes[i + 10] = 12,
            _ => {}
        }
    }
    std::fs::write(&p, bytes).unwrap();
    let all = collect(&[s(&p)], &Options::default());
    assert_eq!(kinds(&all), ["archive-member"; 10]);
    let mut o = Options::default();
    o.limits.max_members = 3;
    let items = collect(&[s(&p)], &o);
    assert_eq!(
        kinds(&items),
        [
            "archive-member",
            "archive-member",
            "archive-member",
            "too-many-members"
        ]
    );
}
