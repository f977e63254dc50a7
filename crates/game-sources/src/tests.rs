use super::*;
use std::io::Write;
#[path = "../tests/support/raw_tar.rs"]
mod raw_tar;

fn names(items: &[Item]) -> Vec<String> {
    items.iter().map(|i| i.name.clone()).collect()
}

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

fn zip_bytes(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in members {
        if name.ends_with('/') {
            w.add_directory(*name, opts).unwrap();
        } else {
            w.start_file(*name, opts).unwrap();
            w.write_all(data).unwrap();
        }
    }
    w.finish().unwrap().into_inner()
}

/// A gzipped tar, members named raw (names like `../x.sgf` survive).
fn tar_gz_bytes(members: &[(&str, &[u8])]) -> Vec<u8> {
    let gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    raw_tar::raw_tar(gz, members).finish().unwrap()
}

#[test]
fn directories_are_walked_sorted_and_every_file_is_accounted_for() {
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(d.path().join("b/c")).unwrap();
    std::fs::write(d.path().join("b/c/z.SGF"), "(;)").unwrap();
    std::fs::write(d.path().join("b/a.sgf"), "(;)").unwrap();
    std::fs::write(d.path().join("a.txt"), "x").unwrap();
    std::fs::write(d.path().join("c.json"), "{}").unwrap();
    let items = collect(&[s(d.path())], &Options::default());
    let root = s(d.path());
    assert_eq!(
        names(&items),
        [
            format!("{root}/a.txt"),
            format!("{root}/b/a.sgf"),
            format!("{root}/b/c/z.SGF"),
            format!("{root}/c.json"),
        ]
    );
    assert_eq!(kinds(&items), ["skipped", "record", "record", "skipped"]);
}

#[test]
fn files_named_explicitly_are_records_whatever_their_name() {
    let d = tempfile::tempdir().unwrap();
    let txt = d.path().join("game.txt");
    let json = d.path().join("g.json");
    std::fs::write(&txt, "(;)").unwrap();
    std::fs::write(&json, "{}").unwrap();
    let items = collect(&[s(&txt), s(&json)], &Options::default());
    match (&items[0].kind, &items[1].kind) {
        (
            ItemKind::Record {
                format: RecordFormat::Sgf,
                ..
            },
            ItemKind::Record {
                format: RecordFormat::GraphJson,
                ..
            },
        ) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn globs_expand_sorted_and_a_pattern_that_matches_nothing_is_an_error() {
    let d = tempfile::tempdir().unwrap();
    for n in ["b.sgf", "a.sgf", "c.txt"] {
        std::fs::write(d.path().join(n), "(;)").unwrap();
    }
    let pat = format!("{}/*.sgf", s(d.path()));
    let none = format!("{}/*.zzz", s(d.path()));
    let missing = s(&d.path().join("missing.sgf"));
    let items = collect(&[pat, none.clone(), missing], &Options::default());
    assert_eq!(kinds(&items), ["record", "record", "no-match", "io"]);
    assert!(items[0].name.ends_with("a.sgf") && items[1].name.ends_with("b.sgf"));
    assert_eq!(items[2].name, none);
}

#[test]
fn files_over_the_limit_are_refused() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("big.sgf");
    std::fs::write(&p, vec![b'x'; 101]).unwrap();
    let mut o = Options::default();
    o.limits.max_record_bytes = 100;
    assert_eq!(kinds(&collect(&[s(&p)], &o)), ["too-large"]);
    o.limits.max_record_bytes = 101;
    assert_eq!(kinds(&collect(&[s(&p)], &o)), ["record"]);
}

#[test]
fn zip_members_are_read_in_place_with_traversal_names_as_names() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("games.zip");
    std::fs::write(
        &p,
        zip_bytes(&[
            ("dir/", b""),
            ("dir/one.sgf", b"(;B[aa])"),
            ("../../escape.sgf", b"(;W[bb])"),
            ("readme.md", b"hi"),
            ("inner.zip", b"PK"),
        ]),
    )
    .unwrap();
    let items = collect(&[s(&p)], &Options::default());
    let z = s(&p);
    assert_eq!(
        names(&items),
        [
            format!("{z}!dir/one.sgf"),
            format!("{z}!../../escape.sgf"),
            format!("{z}!readme.md"),
            format!("{z}!inner.zip"),
        ]
    );
    assert_eq!(kinds(&items), ["record", "record", "skipped", "skipped"]);
    match &items[1].kind {
        ItemKind::Record { bytes, .. } => assert_eq!(bytes, b"(;W[bb])"),
        other => panic!("{other:?}"),
    }
    // Nothing was written next to the archive.
    assert!(!d.path().join("escape.sgf").exists());
    assert!(!d.path().parent().unwrap().join("escape.sgf").exists());
}

#[test]
fn a_damaged_archive_is_one_error_and_the_walk_goes_on() {
    let d = tempfile::tempdir().unwrap();
    let bad = d.path().join("bad.zip");
    std::fs::write(&bad, b"PK\x03\x04 this is not really a zip").unwrap();
    let badtgz = d.path().join("bad.tgz");
    std::fs::write(&badtgz, b"\x1f\x8b\x08\x00garbage").unwrap();
    let good = d.path().join("good.sgf");
    std::fs::write(&good, b"(;)").unwrap();
    let items = collect(&[s(&bad), s(&badtgz), s(&good)], &Options::default());
    assert_eq!(kinds(&items), ["archive", "archive", "record"]);
}

#[test]
fn zip_bombs_stop_at_the_limits() {
    let d = tempfile::tempdir().unwrap();
    let zeros = vec![0u8; 1 << 20];
    let p = d.path().join("bomb.zip");
    std::fs::write(
        &p,
        zip_bytes(&[("a.sgf", &zeros), ("b.sgf", &zeros), ("c.sgf", &zeros)]),
    )
    .unwrap();
    assert!(std::fs::metadata(&p).unwrap().len() < 20_000);
    // Per member.
    let mut o = Options::default();
    o.limits.max_record_bytes = 1000;
    assert_eq!(
        kinds(&collect(&[s(&p)], &o)),
        ["too-large", "too-large", "too-large"]
    );
    // The archive's total.
    let mut o = Options::default();
    o.limits.max_archive_bytes = (1 << 20) + (1 << 19);
    assert_eq!(
        kinds(&collect(&[s(&p)], &o)),
        ["record", "archive-too-large"]
    );
    // Members.
    let mut o = Options::default();
    o.limits.max_members = 2;
    let items = collect(&[s(&p)], &o);
    assert_eq!(kinds(&items), ["record", "record", "too-many-members"]);
    assert_eq!(items[2].name, s(&p));
}

#[test]
fn tar_gz_members_are_streamed_and_bounded() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("games.tar.gz");
    let zeros = vec![0u8; 50_000];
    std::fs::write(
        &p,
        tar_gz_bytes(&[
            ("a.sgf", b"(;)"),
            ("../up.sgf", b"(;)"),
            ("big.sgf", &zeros),
            ("z.sgf", b"(;)"),
        ]),
    )
    .unwrap();
    let mut o = Options::default();
    o.limits.max_record_bytes = 10_000;
    let items = collect(&[s(&p)], &o);
    assert_eq!(kinds(&items), ["record", "record", "too-large", "record"]);
    assert!(items[1].name.ends_with("!../up.sgf"));
    o.limits.max_archive_bytes = 20_000;
    assert_eq!(
        kinds(&collect(&[s(&p)], &o)),
        ["record", "record", "archive-too-large"]
    );
    // A member refused as too large is still decompressed to be passed over: it counts
    // towards the archive's total, so what follows it is past the limit. The total counts
    // a 512-byte header block per entry and the data padded to whole blocks.
    let through_big = 3 * 512 + 2 * 512 + 50_000u64.div_ceil(512) * 512;
    o.limits.max_archive_bytes = through_big + 7;
    assert_eq!(
        kinds(&collect(&[s(&p)], &o)),
        ["record", "record", "too-large", "archive-too-large"]
    );
    // A plain tar too.
    let t = d.path().join("games.tar");
    let mut raw = Vec::new();
    flate2::read::GzDecoder::new(&std::fs::read(&p).unwrap()[..])
        .read_to_end(&mut raw)
        .unwrap();
    std::fs::write(&t, raw).unwrap();
    assert_eq!(kinds(&collect(&[s(&t)], &Options::default())).len(), 4);
}

#[test]
fn shards_partition_the_items() {
    let d = tempfile::tempdir().unwrap();
    for i in 0..40 {
        std::fs::write(d.path().join(format!("{i:02}.sgf")), "(;)").unwrap();
    }
    std::fs::write(
        d.path().join("z.zip"),
        zip_bytes(&[("m1.sgf", b"(;)"), ("m2.sgf", b"(;)"), ("m3.sgf", b"(;)")]),
    )
    .unwrap();
    let all = names(&collect(&[s(d.path())], &Options::default()));
    assert_eq!(all.len(), 43);
    let mut union = Vec::new();
    for k in 1..=3 {
        let o = Options {
            shard: Some(Shard::new(k, 3).unwrap()),
            ..Options::default()
        };
        let part = names(&collect(&[s(d.path())], &o));
        assert!(!part.is_empty() && part.len() < all.len());
        union.extend(part);
    }
    union.sort();
    let mut sorted = all.clone();
    sorted.sort();
    assert_eq!(union, sorted);
}

#[test]
fn stream_delivers_in_order_and_stops_when_dropped() {
    let d = tempfile::tempdir().unwrap();
    for i in 0..20 {
        std::fs::write(d.path().join(format!("{i:02}.sgf")), "(;)").unwrap();
    }
    let (rx, h) = stream(vec![s(d.path())], Options::default(), 2);
    let got: Vec<String> = rx.iter().map(|i| i.name).collect();
    h.join().unwrap();
    let mut sorted = got.clone();
    sorted.sort();
    assert_eq!(got, sorted);
    assert_eq!(got.len(), 20);
    let (rx, h) = stream(vec![s(d.path())], Options::default(), 1);
    let first = rx.recv().unwrap();
    drop(rx);
    h.join().unwrap();
    assert!(first.name.ends_with("00.sgf"));
}

#[cfg(unix)]
#[test]
fn symlinked_directories_are_followed_and_loops_reported() {
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir(d.path().join("real")).unwrap();
    std::fs::write(d.path().join("real/g.sgf"), "(;)").unwrap();
    std::os::unix::fs::symlink(d.path().join("real"), d.path().join("again")).unwrap();
    std::os::unix::fs::symlink(d.path(), d.path().join("real/loop")).unwrap();
    let items = collect(&[s(d.path())], &Options::default());
    let k = kinds(&items);
    assert_eq!(
        k.iter().filter(|k| **k == "record").count(),
        2,
        "{:?}",
        names(&items)
    );
    assert!(k.contains(&"io"), "the loop is reported: {k:?}");
}

/// A raw tar entry: `(entry type, name, data)`.
type RawEntry<'a> = (tar::EntryType, &'a str, &'a [u8]);

/// A tar.gz from raw entries.
fn tar_gz_raw(entries: &[RawEntry<'_>]) -> Vec<u8> {
    let gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    raw_tar::raw_tar_typed(gz, entries).finish().unwrap()
}

#[test]
fn tar_long_names_are_read_and_bounded() {
    use tar::EntryType::{GNULongLink, GNULongName, Regular, XHeader};
    let d = tempfile::tempdir().unwrap();
    // A GNU long name and a PAX path name the member after them.
    let long = format!("{}/game.sgf", "d".repeat(150));
    let pax_path = format!("{} path=pax/named.sgf\n", "path=pax/named.sgf\n".len() + 3);
    let p = d.path().join("names.tar.gz");
    std::fs::write(
        &p,
        tar_gz_raw(&[
            (GNULongName, "././@LongLink", format!("{long}\0").as_bytes()),
            (Regular, "short", b"(;)"),
            (XHeader, "pax", pax_path.as_bytes()),
            (Regular, "other", b"(;)"),
        ]),
    )
    .unwrap();
    let items = collect(&[s(&p)], &Options::default());
    assert_eq!(kinds(&items), ["record", "record"]);
    assert_eq!(
        names(&items),
        [
            format!("{}!{long}", s(&p)),
            format!("{}!pax/named.sgf", s(&p))
        ]
    );
    // Extension entries between a long name and its member leave the name in place (a GNU
    // long link target, a PAX header without `path`); a PAX `path` wins over a GNU long name.
    let mtime = "12 mtime=17\n";
    let p = d.path().join("mixed.tar.gz");
    std::fs::write(
        &p,
        tar_gz_raw(&[
            (GNULongName, "././@LongLink", format!("{long}\0").as_bytes()),
            (XHeader, "pax", mtime.as_bytes()),
            (Regular, "short", b"(;)"),
            (GNULongName, "././@LongLink", format!("{long}\0").as_bytes()),
            (GNULongLink, "././@LongLink", b"target.sgf\0"),
            (Regular, "short2", b"(;)"),
            (GNULongName, "././@LongLink", format!("{long}\0").as_bytes()),
            (XHeader, "pax", pax_path.as_bytes()),
            (Regular, "short3", b"(;)"),
        ]),
    )
    .unwrap();
    let items = collect(&[s(&p)], &Options::default());
    assert_eq!(kinds(&items), ["record", "record", "record"]);
    assert_eq!(
        names(&items),
        [
            format!("{}!{long}", s(&p)),
            format!("{}!{long}", s(&p)),
            format!("{}!pax/named.sgf", s(&p))
        ]
    );
    // A long name of 1 MiB is not read whole: the archive stops with an error.
    let huge = vec![b'x'; 1 << 20];
    let p = d.path().join("huge-name.tar.gz");
    std::fs::write(
        &p,
        tar_gz_raw(&[
            (GNULongName, "././@LongLink", &huge),
            (Regular, "a.sgf", b"(;)"),
        ]),
    )
    .unwrap();
    let items = collect(&[s(&p)], &Options::default());
    assert_eq!(kinds(&items), ["archive"]);
    assert!(
        matches!(&items[0].kind, ItemKind::Error(e) if e.to_string().contains("long name")),
        "{:?}",
        items[0].kind
    );
}

/// A PAX `path` names the member whatever the order of the extension entries before it; the
/// last `path` record of a header wins, and an empty one leaves the header's own name.
#[test]
fn tar_pax_paths_win_in_either_order() {
    use tar::EntryType::{GNULongName, Regular, XHeader};
    let d = tempfile::tempdir().unwrap();
    let long = format!("{}/game.sgf", "d".repeat(150));
    let record = |kv: &str| format!("{} {kv}\n", kv.len() + 2 + (kv.len() + 2).to_string().len());
    let pax = record("path=pax/named.sgf");
    let twice = record("path=first.sgf") + &record("path=second.sgf");
    let empty = record("path=");
    let p = d.path().join("order.tar.gz");
    std::fs::write(
        &p,
        tar_gz_raw(&[
            (XHeader, "pax", pax.as_bytes()),
            (GNULongName, "././@LongLink", format!("{long}\0").as_bytes()),
            (Regular, "short", b"(;)"),
            (XHeader, "pax", twice.as_bytes()),
            (Regular, "short2", b"(;)"),
            (XHeader, "pax", empty.as_bytes()),
            (Regular, "own.sgf", b"(;)"),
        ]),
    )
    .unwrap();
    let items = collect(&[s(&p)], &Options::default());
    assert_eq!(
        names(&items),
        [
            format!("{}!pax/named.sgf", s(&p)),
            format!("{}!second.sgf", s(&p)),
            format!("{}!own.sgf", s(&p)),
        ]
    );
}

/// Entries that are headers only (PAX headers, directories) count towards the archive's
/// byte limit by their header blocks: a flood of them ends the archive.
#[test]
fn tar_header_only_entries_count_towards_the_archive_limit() {
    use tar::EntryType::{Directory, Regular, XHeader};
    let d = tempfile::tempdir().unwrap();
    let mut entries: Vec<RawEntry<'_>> = Vec::new();
    for i in 0..200 {
        entries.push(if i % 2 == 0 {
            (XHeader, "pax", b"")
        } else {
            (Directory, "dir/", b"")
        });
    }
    entries.push((Regular, "a.sgf", b"(;)"));
    let p = d.path().join("headers.tar.gz");
    std::fs::write(&p, tar_gz_raw(&entries)).unwrap();
    let mut o = Options::default();
    assert_eq!(kinds(&collect(&[s(&p)], &o)), ["record"]);
    o.limits.max_archive_bytes = 100 * 512;
    let items = collect(&[s(&p)], &o);
    assert_eq!(kinds(&items), ["archive-too-large"]);
}

/// A tar member whose header declares more than the record limit is refused unread, even
/// when the archive is cut short and fewer bytes follow than the limit.
#[test]
fn a_tar_member_declared_over_the_record_limit_is_refused_unread() {
    let big = vec![b'x'; 20_000];
    let mut raw = raw_tar::raw_tar(Vec::new(), &[("big.sgf", &big)]);
    raw.truncate(512 + 5_000);
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("cut.tar");
    std::fs::write(&p, &raw).unwrap();
    let mut o = Options::default();
    o.limits.max_record_bytes = 10_000;
    let items = collect(&[s(&p)], &o);
    assert_eq!(kinds(&items)[0], "too-large", "{:?}", kinds(&items));
}

#[test]
fn tar_pax_sizes_and_sparse_members_end_the_archive_with_a_reason() {
    use tar::EntryType::{GNUSparse, Regular, XHeader};
    let d = tempfile::tempdir().unwrap();
    let cases: [(&str, RawEntry<'_>, &str); 2] = [
        (
            "pax.tar.gz",
            (XHeader, "pax", b"12 size=999\n"),
            "PAX header sets",
        ),
        ("sparse.tar.gz", (GNUSparse, "s.sgf", b"(;)"), "GNU sparse"),
    ];
    for (file, first, why) in cases {
        let p = d.path().join(file);
        std::fs::write(&p, tar_gz_raw(&[first, (Regular, "a.sgf", b"(;)")])).unwrap();
        let items = collect(&[s(&p)], &Options::default());
        assert_eq!(kinds(&items), ["archive"], "{file}");
        assert!(
            matches!(&items[0].kind, ItemKind::Error(e) if e.to_string().contains(why)),
            "{file}: {:?}",
            items[0].kind
        );
    }
}

#[test]
fn tar_members_of_other_shards_count_towards_the_archive_limit() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("bomb.tar.gz");
    let zeros = vec![0u8; 50_000];
    let members: Vec<(String, &[u8])> = (0..6)
        .map(|i| (format!("m{i}.sgf"), zeros.as_slice()))
        .collect();
    let refs: Vec<(&str, &[u8])> = members.iter().map(|(n, d)| (n.as_str(), *d)).collect();
    std::fs::write(&p, tar_gz_bytes(&refs)).unwrap();
    // 300,000 bytes in all, 120,000 allowed: every shard stops at the same member, the
    // third, whichever shard it belongs to.
    let mut stops = Vec::new();
    for k in 1..=3 {
        let mut o = Options::default();
        o.limits.max_archive_bytes = 120_000;
        o.shard = Some(Shard::new(k, 3).unwrap());
        let items = collect(&[s(&p)], &o);
        assert!(
            items
                .iter()
                .all(|i| !i.name.ends_with("m3.sgf") && !i.name.ends_with("m4.sgf")),
            "shard {k}: {:?}",
            names(&items)
        );
        stops.extend(
            items
                .iter()
                .filter(
                    |i| matches!(&i.kind, ItemKind::Error(e) if e.kind() == "archive-too-large"),
                )
                .map(|i| i.name.clone()),
        );
    }
    assert_eq!(stops, [format!("{}!m2.sgf", s(&p))]);
}

#[test]
fn sgf_files_lists_records_under_a_folder_in_path_order() {
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir(d.path().join("sub")).unwrap();
    for f in ["b.SGF", "a.sgf", "sub/c.sgf", "notes.txt", "sgf"] {
        std::fs::write(d.path().join(f), "(;)").unwrap();
    }
    let mut out = Vec::new();
    crate::sgf_files(d.path(), &mut out);
    let rel: Vec<String> = out
        .iter()
        .map(|p| p.strip_prefix(d.path()).unwrap().display().to_string())
        .collect();
    assert_eq!(rel, ["a.sgf", "b.SGF", "sub/c.sgf"]);
    // A missing folder adds nothing.
    crate::sgf_files(&d.path().join("missing"), &mut out);
    assert_eq!(out.len(), 3);
    // Links are followed; a link loop ends (each file once).
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(d.path(), d.path().join("sub/loop")).unwrap();
        std::os::unix::fs::symlink(d.path(), d.path().join("sub/loop2")).unwrap();
        let mut again = Vec::new();
        crate::sgf_files(d.path(), &mut again);
        assert_eq!(again, out);
    }
}

#[test]
fn skipped_files_say_why() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("notes.txt"), "x").unwrap();
    std::fs::write(d.path().join("README"), "x").unwrap();
    let items = collect(&[s(d.path())], &Options::default());
    let reasons: Vec<&str> = items
        .iter()
        .map(|i| match &i.kind {
            ItemKind::Skipped(r) => r.as_str(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        reasons,
        [
            "not a game record (no .sgf extension)",
            "not a game record (.txt; only .sgf files and archives are read from directories \
             and archives)",
        ]
    );
}

#[test]
fn standard_input_is_one_record_named_dash_in_its_shard_and_bounded() {
    let take = |options: &Options, input: &[u8]| {
        let mut got = Vec::new();
        let mut sink = |item: Item| {
            got.push(item);
            ControlFlow::Continue(())
        };
        let mut w = Walker {
            options,
            sink: &mut sink,
        };
        assert!(w.standard_input(input).is_continue());
        got
    };
    let items = take(&Options::default(), b"(;B[aa])");
    assert_eq!(names(&items), ["-"]);
    assert!(matches!(
        &items[0].kind,
        ItemKind::Record { format: RecordFormat::Sgf, bytes } if bytes == b"(;B[aa])"
    ));
    // `-` belongs to exactly one shard of two.
    let in_shards: Vec<usize> = (1..=2)
        .map(|k| {
            let o = Options {
                shard: Some(Shard::new(k, 2).unwrap()),
                ..Options::default()
            };
            take(&o, b"(;)").len()
        })
        .collect();
    assert_eq!(in_shards.iter().sum::<usize>(), 1, "{in_shards:?}");
    let mut o = Options::default();
    o.limits.max_record_bytes = 3;
    assert_eq!(kinds(&take(&o, b"(;)")), ["record"]);
    assert_eq!(kinds(&take(&o, b"(;B)")), ["too-large"]);
}

#[test]
fn archive_limits_are_inclusive() {
    let d = tempfile::tempdir().unwrap();
    // A zip member of exactly the record limit is read (declared and read sizes both at it).
    let p = d.path().join("exact.zip");
    std::fs::write(&p, zip_bytes(&[("a.sgf", b"(;B[aa])")])).unwrap();
    let mut o = Options::default();
    o.limits.max_record_bytes = 8;
    assert_eq!(kinds(&collect(&[s(&p)], &o)), ["record"]);
    o.limits.max_record_bytes = 7;
    assert_eq!(kinds(&collect(&[s(&p)], &o)), ["too-large"]);
    // A zip whose members fill the archive limit exactly.
    let mut o = Options::default();
    o.limits.max_archive_bytes = 8;
    assert_eq!(kinds(&collect(&[s(&p)], &o)), ["record"]);
    o.limits.max_archive_bytes = 7;
    assert_eq!(kinds(&collect(&[s(&p)], &o)), ["archive-too-large"]);
    // A tar whose blocks fill the archive limit exactly: a header block and a data block.
    let t = d.path().join("exact.tar.gz");
    std::fs::write(&t, tar_gz_bytes(&[("a.sgf", b"(;)")])).unwrap();
    let mut o = Options::default();
    o.limits.max_archive_bytes = 1024;
    assert_eq!(kinds(&collect(&[s(&t)], &o)), ["record"]);
    o.limits.max_archive_bytes = 1023;
    assert_eq!(kinds(&collect(&[s(&t)], &o)), ["archive-too-large"]);
}

#[test]
fn tar_long_names_up_to_64_kib_are_read() {
    use tar::EntryType::{GNULongName, Regular};
    let d = tempfile::tempdir().unwrap();
    let long = format!("{}/game.sgf", "d".repeat(60_000));
    let p = d.path().join("long.tar.gz");
    std::fs::write(
        &p,
        tar_gz_raw(&[
            (GNULongName, "././@LongLink", format!("{long}\0").as_bytes()),
            (Regular, "short", b"(;)"),
        ]),
    )
    .unwrap();
    let items = collect(&[s(&p)], &Options::default());
    assert_eq!(kinds(&items), ["record"]);
    assert_eq!(names(&items), [format!("{}!{long}", s(&p))]);
}
