//! Hostile and broken input end to end (issue 9). The files are generated here into a
//! temporary directory (nothing big is checked in) and each is given to the `gorules` binary
//! as a child process whose wall time and peak memory (`wait4`'s maximum resident set) are
//! measured and bounded: every file ends in a verdict or a clear error, in bounded time and
//! memory. docs/limits.md lists the limits; `HOSTILE_REPORT=1` prints the measurements.
//!
//! The bounds are for a debug build on a loaded two-core machine: generous, and still far
//! below what the files would cost without their limits (a hang, or gigabytes).

use crate::util::root;
use serde_json::Value;
use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;
#[path = "../../../game-sources/tests/support/raw_tar.rs"]
mod raw_tar;

/// A finished child: exit code, output, wall time and peak memory.
pub struct Run {
    pub code: i32,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub secs: f64,
    pub peak_mb: f64,
}

impl Run {
    /// The JSON Lines records, but of game records only the first of each file (a check of
    /// 100,000 games writes a gigabyte).
    fn jsonl(&self) -> Vec<Value> {
        let mut seen = std::collections::HashSet::new();
        String::from_utf8_lossy(&self.stdout)
            .lines()
            .filter_map(|l| {
                let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l:.200}"));
                let first = v["type"] != "game" || seen.insert(v["file"].to_string());
                first.then_some(v)
            })
            .collect()
    }
}

/// Runs `gorules ARGS` (with `input` on standard input) and measures it. The peak memory is
/// the child's own high-water mark (`VmHWM` in /proc, read until it exits: the last few
/// milliseconds may be missed). Not `wait4`'s `ru_maxrss`: on Linux a child started with
/// `posix_spawn` inherits the test process's high-water mark through `exec`, and
/// `getrusage(RUSAGE_CHILDREN)` mixes every child of the tests running in parallel.
pub fn run_measured<S: AsRef<OsStr>>(args: &[S], input: Option<Vec<u8>>) -> Run {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gorules"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gorules binary starts");
    let feeder = child.stdin.take().zip(input).map(|(mut stdin, bytes)| {
        std::thread::spawn(move || {
            let _ = stdin.write_all(&bytes);
        })
    });
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        out.read_to_end(&mut v).unwrap();
        v
    });
    let errors = std::thread::spawn(move || {
        let mut v = Vec::new();
        err.read_to_end(&mut v).unwrap();
        v
    });
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    let status_file = format!("/proc/{pid}/status");
    let mut peak_kb = 0u64;
    loop {
        if let Ok(s) = std::fs::read_to_string(&status_file) {
            if let Some(kb) = s
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            {
                peak_kb = peak_kb.max(kb);
            }
        }
        // Exited? (WNOWAIT: not reaped yet, so the pid stays ours.)
        // SAFETY: waitid on our own child with a pointer to a live, zeroed local.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            )
        };
        assert_eq!(r, 0, "waitid: {}", std::io::Error::last_os_error());
        // SAFETY: si_pid is set by waitid (0 while the child runs).
        if unsafe { info.si_pid() } != 0 {
            break;
        }
        // Often at first (short runs), then every 5 ms.
        let pause = if start.elapsed().as_millis() < 200 {
            1
        } else {
            5
        };
        std::thread::sleep(std::time::Duration::from_millis(pause));
    }
    let status = child.wait().expect("the child is reaped");
    let secs = start.elapsed().as_secs_f64();
    let stdout = reader.join().unwrap();
    let stderr = errors.join().unwrap();
    if let Some(f) = feeder {
        f.join().unwrap();
    }
    use std::os::unix::process::ExitStatusExt;
    let code = status
        .code()
        .unwrap_or_else(|| -status.signal().unwrap_or(0));
    Run {
        code,
        stdout,
        stderr,
        secs,
        peak_mb: peak_kb as f64 / 1024.0,
    }
}

/// What a hostile file must end in.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Expect {
    /// At least one game replayed (a verdict).
    Verdict,
    /// A game error of this kind (and maybe verdicts for other games).
    GameError(&'static str),
    /// The whole file refused with this kind.
    FileError(&'static str),
}

/// One generated file, what it must end in, and its time and memory bounds.
struct Case {
    name: String,
    expect: Expect,
    max_secs: f64,
    max_mb: f64,
}

const MB: usize = 1 << 20;

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    std::fs::write(dir.join(name), bytes).unwrap();
    name.to_owned()
}

/// `n` variations below a root: `n + 1` nodes.
fn wide_tree(n: usize) -> Vec<u8> {
    let mut s = Vec::with_capacity(8 * n + 16);
    s.extend_from_slice(b"(;GM[1]");
    for _ in 0..n {
        s.extend_from_slice(b"(;B[aa])");
    }
    s.push(b')');
    s
}

fn zip_with(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .large_file(true);
    for (name, data) in members {
        w.start_file(*name, opts).unwrap();
        w.write_all(data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

/// A zip bomb: `copies` members of `size` zeros each, compressed once and copied raw.
fn zip_bomb(size: usize, copies: usize) -> Vec<u8> {
    let one = zip_with(&[("bomb-0.sgf", &vec![0u8; size])]);
    let mut src = zip::ZipArchive::new(std::io::Cursor::new(one)).unwrap();
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for i in 0..copies {
        let f = src.by_index_raw(0).unwrap();
        w.raw_copy_file_rename(f, format!("bomb-{i}.sgf")).unwrap();
    }
    w.finish().unwrap().into_inner()
}

/// Every point of a 52×52 board in turn, Black and White alternating: captures, suicides,
/// occupied points, under every ruleset.
fn moves_everywhere() -> Vec<u8> {
    let letter = |v: usize| {
        (if v < 26 {
            b'a' + v as u8
        } else {
            b'A' + (v - 26) as u8
        }) as char
    };
    let mut s = String::from("(;GM[1]FF[4]SZ[52]KM[7.5]");
    let mut black = true;
    for y in 0..52 {
        for x in 0..52 {
            s.push_str(&format!(
                ";{}[{}{}]",
                if black { 'B' } else { 'W' },
                letter(x),
                letter(y)
            ));
            black = !black;
        }
    }
    s.push(')');
    s.into_bytes()
}

/// How many of the hostile files to make.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
enum Size {
    /// Without the three that take seconds and hundreds of megabytes (a million-node tree,
    /// 100,001 games, a 250,000-deep nest): for the tests that check several times.
    Fast,
    /// Every file of the default run.
    Full,
    /// And a 4 GiB zip bomb.
    Heavy,
}

/// The hostile files, written into `dir`.
fn generate(dir: &Path, size: Size) -> Vec<Case> {
    let full = size >= Size::Full;
    use Expect::*;
    let mut cases = Vec::new();
    let mut add = |name: String, expect: Expect, max_secs: f64, max_mb: f64| {
        cases.push(Case {
            name,
            expect,
            max_secs,
            max_mb,
        });
    };
    // Trees.
    if full {
        add(
            write(dir, "nodes-1m.sgf", &wide_tree(999_999)),
            Verdict,
            90.0,
            1024.0,
        );
    }
    add(
        write(dir, "nodes-1m-plus-one.sgf", &wide_tree(1_000_000)),
        GameError("too-many-nodes"),
        30.0,
        256.0,
    );
    if full {
        let mut nest = b"(;GM[1]".to_vec();
        for _ in 1..250_000 {
            nest.extend_from_slice(b"(;C[x]");
        }
        nest.extend(std::iter::repeat_n(b')', 250_000));
        add(write(dir, "nest-250k.sgf", &nest), Verdict, 60.0, 512.0);
    }
    let mut var = String::from("(;GM[1]SZ[19];B[aa];W[bb](;B[cc])");
    for _ in 0..10_000 {
        var.push_str("(;B[dd];W[ee])");
    }
    var.push(')');
    add(
        write(dir, "variations-10000.sgf", var.as_bytes()),
        Verdict,
        30.0,
        256.0,
    );
    // Values.
    let mut big = b"(;GM[1]C[".to_vec();
    big.resize(100_000_000, b'x');
    big.extend_from_slice(b"];B[aa])");
    add(
        write(dir, "value-100mb.sgf", &big),
        FileError("too-large"),
        30.0,
        256.0,
    );
    drop(big);
    let mut two = b"(;GM[1]C[".to_vec();
    two.resize(2 * MB, b'x');
    two.extend_from_slice(b"];B[aa])");
    add(
        write(dir, "value-2mb.sgf", &two),
        GameError("value-too-large"),
        30.0,
        256.0,
    );
    // Boards.
    add(
        write(dir, "sz52-moves-everywhere.sgf", &moves_everywhere()),
        Verdict,
        60.0,
        256.0,
    );
    add(
        write(dir, "sz0.sgf", b"(;GM[1]SZ[0];B[aa])"),
        GameError("board-size"),
        10.0,
        128.0,
    );
    add(
        write(dir, "sz500.sgf", b"(;GM[1]SZ[500];B[aa])"),
        GameError("board-size"),
        10.0,
        128.0,
    );
    // Moves.
    let passes = |n: usize| {
        let mut s = String::from("(;GM[1]SZ[9]");
        for i in 0..n {
            s.push_str(if i % 2 == 0 { ";B[]" } else { ";W[]" });
        }
        s.push(')');
        s.into_bytes()
    };
    add(
        write(dir, "moves-100000.sgf", &passes(100_000)),
        Verdict,
        60.0,
        256.0,
    );
    add(
        write(dir, "moves-100001.sgf", &passes(100_001)),
        GameError("too-many-moves"),
        30.0,
        256.0,
    );
    let mut ha = String::from("(;GM[1]SZ[19]HA[50000]");
    for _ in 0..50_000 {
        ha.push_str(";B[aa]");
    }
    for _ in 0..50_000 {
        ha.push_str(";W[bb]");
    }
    ha.push(')');
    add(
        write(dir, "handicap-50000.sgf", ha.as_bytes()),
        Verdict,
        60.0,
        256.0,
    );
    // Games.
    let mut broken = "text outside any game tree\n".repeat(300_000).into_bytes();
    for _ in 0..99_999 {
        broken.extend_from_slice(b"(;B[aa]1)\n");
    }
    add(
        write(dir, "broken-games-100k.sgf", &broken),
        GameError("unexpected-character"),
        60.0,
        512.0,
    );
    if full {
        add(
            write(dir, "games-100001.sgf", &b"(;SZ[1])".repeat(100_001)),
            GameError("too-many-games"),
            90.0,
            1024.0,
        );
    }
    // Bad text.
    add(
        write(
            dir,
            "evil-\u{1b}[31mname-\u{9b}2J.sgf",
            b"(;GM[1]SZ[9]CA[\x1b[31m]PB[\x1b\\]0;title\x07\x1b[2J]PW[\xc2\x9b31m]RU[Jap\x1b[2Janese]\
              RE[B+\x1b[5mR]GN[\x1b\\]2;x\x07]C[dead @ \x1bC3];B[\x1b[A];W[ee]PL[\x1bx];B[dd]AB[\x1b[K])",
        ),
        Verdict,
        10.0,
        128.0,
    );
    add(
        write(dir, "nul-bytes.sgf", b"\0(;GM[1]PB[\0\0]GN[\0];B[aa])\0"),
        Verdict,
        10.0,
        128.0,
    );
    add(
        write(dir, "nul-between-properties.sgf", b"(;GM[1];B[aa]\0;W[bb])"),
        GameError("unexpected-character"),
        10.0,
        128.0,
    );
    add(
        write(
            dir,
            "invalid-utf8-no-ca.sgf",
            b"(;GM[1]PB[\xff\xfe\xfd\xc0]PW[\xb0\xa1\xb0];B[aa])",
        ),
        Verdict,
        10.0,
        128.0,
    );
    add(
        write(
            dir,
            "ca-lies.sgf",
            b"(;GM[1]CA[UTF-8]PB[\xb0\xa1\xb0\xa1\xb0\xa1\xb0\xa1];B[aa])",
        ),
        Verdict,
        10.0,
        128.0,
    );
    add(
        write(
            dir,
            "ca-unknown-shift-jis.sgf",
            b"(;GM[1]CA[Klingon]PW[\x95\x5c\x95\x5c];W[aa])",
        ),
        Verdict,
        10.0,
        128.0,
    );
    let mut u16 = vec![0xff, 0xfe];
    for c in "(;GM[1]PB[李];B[aa])".encode_utf16() {
        u16.extend_from_slice(&c.to_le_bytes());
    }
    add(write(dir, "utf16-bom.sgf", &u16), Verdict, 10.0, 128.0);
    let mut junk = Vec::with_capacity(1 << 16);
    let mut x: u32 = 1;
    for _ in 0..1 << 16 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        junk.push((x >> 16) as u8 & !b'(');
    }
    add(
        write(dir, "not-sgf.sgf", &junk),
        FileError("no-game-tree"),
        10.0,
        128.0,
    );
    add(
        write(dir, "empty.sgf", b""),
        FileError("no-game-tree"),
        10.0,
        128.0,
    );
    // Archives.
    add(
        write(
            dir,
            "zip-bomb-member.zip",
            &zip_with(&[("bomb.sgf", &vec![0u8; 200 * MB]), ("ok.sgf", b"(;B[aa])")]),
        ),
        FileError("too-large"),
        30.0,
        256.0,
    );
    add(
        write(
            dir,
            "path-traversal.tar",
            &raw_tar::raw_tar(
                Vec::new(),
                &[
                    ("../../escaped.sgf", b"(;GM[1];B[aa])"),
                    ("/tmp/gorules-hostile-absolute.sgf", b"(;GM[1];B[aa])"),
                    ("a/../../../escaped.sgf", b"(;GM[1];W[aa])"),
                ],
            ),
        ),
        Verdict,
        10.0,
        128.0,
    );
    if size == Size::Heavy {
        // 70 members of 63 MiB of zeros: 4.3 GB decompressed, past the 4 GiB archive limit.
        add(
            write(dir, "zip-bomb-4gib.zip", &zip_bomb(63 * MB, 70)),
            FileError("archive-too-large"),
            300.0,
            512.0,
        );
    }
    cases
}

/// The JSONL records about one file (a path or an archive's members).
fn records_of<'a>(records: &'a [Value], file: &str) -> Vec<&'a Value> {
    records
        .iter()
        .filter(|r| {
            r["file"]
                .as_str()
                .is_some_and(|f| f == file || f.starts_with(&format!("{file}!")))
        })
        .collect()
}

fn meets(records: &[&Value], expect: Expect) -> bool {
    let games = records.iter().filter(|r| r["type"] == "game").count();
    let error = |kind: &str, game: bool| {
        records
            .iter()
            .any(|r| r["type"] == "error" && r["kind"] == kind && r["game"].is_u64() == game)
    };
    match expect {
        Expect::Verdict => games > 0,
        Expect::GameError(kind) => error(kind, true),
        Expect::FileError(kind) => error(kind, false),
    }
}

fn report(line: String) {
    if std::env::var_os("HOSTILE_REPORT").is_some() {
        eprintln!("{line}");
    }
}

/// Each hostile file on its own: `gorules check --format jsonl FILE` ends in the expected
/// verdict or error, exit code 0, 1 or 2 as the findings say, within its time and memory.
fn check_each(size: Size) {
    let dir = tempfile::tempdir().unwrap();
    let cases = generate(dir.path(), size);
    report(format!(
        "{:<38} {:>8} {:>9}  outcome",
        "case", "seconds", "peak MB"
    ));
    let mut failures = Vec::new();
    for case in &cases {
        let path = dir.path().join(&case.name);
        let args: Vec<OsString> = vec![
            "check".into(),
            "--format".into(),
            "jsonl".into(),
            "--quiet".into(),
            path.clone().into(),
        ];
        let run = run_measured(&args, None);
        let records = run.jsonl();
        let file = path.to_string_lossy();
        let mine = records_of(&records, &file);
        let summary = records.last().expect("a summary");
        assert_eq!(summary["type"], "summary");
        report(format!(
            "{:<38} {:>8.2} {:>9.1}  exit {}, {:?}",
            case.name.escape_debug().to_string(),
            run.secs,
            run.peak_mb,
            run.code,
            case.expect
        ));
        if !meets(&mine, case.expect) {
            failures.push(format!(
                "{}: expected {:?}, got {}",
                case.name.escape_debug(),
                case.expect,
                String::from_utf8_lossy(&run.stdout)
                    .chars()
                    .take(600)
                    .collect::<String>()
            ));
        }
        if run.secs > case.max_secs || run.peak_mb > case.max_mb {
            failures.push(format!(
                "{}: {:.1} s, {:.0} MB (bounds {} s, {} MB)",
                case.name.escape_debug(),
                run.secs,
                run.peak_mb,
                case.max_secs,
                case.max_mb
            ));
        }
        let expected_code = summary["exit_code"].as_i64().unwrap();
        assert_eq!(i64::from(run.code), expected_code, "{}", case.name);
        assert!(
            !String::from_utf8_lossy(&run.stderr).contains("panicked"),
            "{}: {}",
            case.name,
            String::from_utf8_lossy(&run.stderr)
        );
    }
    // The tar's traversal names were only names.
    assert!(!dir.path().parent().unwrap().join("escaped.sgf").exists());
    assert!(!Path::new("/tmp/gorules-hostile-absolute.sgf").exists());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn each_hostile_file_ends_in_a_verdict_or_an_error_in_bounded_time_and_memory() {
    check_each(Size::Full);
}

/// The heavy variant: also a 4 GiB zip bomb (70 members of 63 MiB of zeros), decompressed up
/// to the archive limit. About a minute in a debug build.
#[test]
#[ignore = "heavy: decompresses 4 GiB; run with --ignored"]
fn hostile_files_with_a_4_gib_zip_bomb() {
    check_each(Size::Heavy);
}

/// The generated files, plus a FIFO, in one folder; the number of files.
fn hostile_folder(dir: &Path, size: Size) -> usize {
    let cases = generate(dir, size);
    let fifo = dir.join("fifo.sgf");
    let fifo_made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    cases.len() + usize::from(fifo_made)
}

/// `gorules check` over a folder of hostile files: every file is in the summary (read,
/// unreadable or skipped), the exit code is 2, nothing hangs (the FIFO is skipped).
#[test]
fn a_folder_of_hostile_files_is_accounted_for() {
    let dir = tempfile::tempdir().unwrap();
    let files = hostile_folder(dir.path(), Size::Full);
    let run = run_measured(
        &[
            OsStr::new("check"),
            OsStr::new("--format"),
            OsStr::new("jsonl"),
            OsStr::new("--quiet"),
            dir.path().as_os_str(),
        ],
        None,
    );
    let records = run.jsonl();
    let summary = records.last().unwrap();
    report(format!(
        "hostile folder: {files} files, {:.1} s, {:.0} MB, exit {}",
        run.secs, run.peak_mb, run.code
    ));
    assert_eq!(run.code, 2);
    assert_eq!(summary["status"], "error");
    // Archives count as one file each in the walk, their members as files in the summary.
    let names: std::collections::BTreeSet<&str> = records
        .iter()
        .filter_map(|r| r["file"].as_str())
        .map(|f| f.split('!').next().unwrap())
        .collect();
    assert_eq!(names.len(), files, "{names:?}");
    let totals = &summary["files"];
    assert_eq!(
        totals["total"].as_u64().unwrap(),
        totals["read"].as_u64().unwrap()
            + totals["unreadable"].as_u64().unwrap()
            + totals["skipped"].as_u64().unwrap()
    );
    assert!(run.peak_mb < 1536.0, "{:.0} MB", run.peak_mb);
}

/// JSON Lines of `gorules check ARGS` with `jobs` threads.
fn check_jsonl(inputs: &[&Path], jobs: usize) -> (Run, Vec<String>) {
    let mut args: Vec<OsString> = vec![
        "check".into(),
        "--format".into(),
        "jsonl".into(),
        "--quiet".into(),
        "--jobs".into(),
        jobs.to_string().into(),
    ];
    args.extend(inputs.iter().map(|p| p.as_os_str().to_owned()));
    let run = run_measured(&args, None);
    let lines = String::from_utf8_lossy(&run.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    (run, lines)
}

/// The records of `lines` about files under `prefix`, in order.
fn under(lines: &[String], prefix: &str) -> Vec<String> {
    lines
        .iter()
        .filter(|l| {
            serde_json::from_str::<Value>(l).unwrap()["file"]
                .as_str()
                .is_some_and(|f| f.starts_with(prefix))
        })
        .cloned()
        .collect()
}

/// Records + hostile folder: the records of `clean` are the same as without the hostile
/// files, byte for byte; the output is the same with 1 and 2 threads and from run to run.
fn clean_plus_hostile(clean: &Path, size: Size) {
    let dir = tempfile::tempdir().unwrap();
    let hostile = dir.path().join("hostile");
    std::fs::create_dir(&hostile).unwrap();
    let files = hostile_folder(&hostile, size);
    let prefix = clean.to_string_lossy().into_owned();
    let (alone, alone_lines) = check_jsonl(&[clean], 2);
    let (both, both_lines) = check_jsonl(&[clean, &hostile], 2);
    let (one, one_lines) = check_jsonl(&[clean, &hostile], 1);
    let (again, again_lines) = check_jsonl(&[clean, &hostile], 2);
    report(format!(
        "{prefix} alone: {:.1} s, {:.0} MB, exit {}; with {files} hostile files: {:.1} s, {:.0} \
         MB (--jobs 1: {:.1} s, {:.0} MB), exit {}",
        alone.secs,
        alone.peak_mb,
        alone.code,
        both.secs,
        both.peak_mb,
        one.secs,
        one.peak_mb,
        both.code
    ));
    assert_eq!(both.code, 2);
    assert_eq!(
        under(&alone_lines, &prefix),
        under(&both_lines, &prefix),
        "the clean records changed when hostile files were added"
    );
    assert_eq!(both_lines, one_lines, "--jobs 1 and --jobs 2 differ");
    assert_eq!(both_lines, again_lines, "two runs differ");
    let summary: Value = serde_json::from_str(both_lines.last().unwrap()).unwrap();
    let alone_summary: Value = serde_json::from_str(alone_lines.last().unwrap()).unwrap();
    let archives = 2; // members of the zip and the tar are counted as files
    assert!(
        summary["files"]["total"].as_u64().unwrap()
            >= alone_summary["files"]["total"].as_u64().unwrap() + (files - archives) as u64
    );
    let _ = again;
}

/// The fixtures and the hostile folder without its three slowest files (a fast stand-in for
/// the corpus run below).
#[test]
fn fixtures_plus_hostile_files_leave_the_fixture_records_unchanged() {
    clean_plus_hostile(&root().join("fixtures"), Size::Fast);
}

/// `gorules check ../shared/corpus` plus the hostile folder: every corpus record as without
/// the hostile files, the exit code 2, the same output with `--jobs 1` and `--jobs 2` and
/// from run to run. Several minutes in a debug build.
#[test]
#[ignore = "heavy: four checks of the whole corpus; run with --ignored"]
fn corpus_plus_hostile_files_leave_the_corpus_records_unchanged() {
    let corpus = root().join("../shared/corpus");
    if !corpus.is_dir() {
        eprintln!("../shared/corpus absent: test skipped");
        return;
    }
    clean_plus_hostile(&corpus.canonicalize().unwrap(), Size::Full);
}

/// No escape sequence from a file (its name or its text) reaches the terminal: every
/// command, every format, standard output and standard error. JSON escapes C0 characters by
/// construction; tables write every control character as `\u{…}`.
#[test]
fn no_escape_sequence_reaches_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let name = "evil-\u{1b}[31mname-\u{9b}2J-\u{202e}fgs.\u{2066}sgf";
    generate_evil(dir.path(), name);
    let file = dir.path().join(name);
    let f = file.as_os_str();
    // Each command line (the file is added last), and whether it prints a table.
    let runs: [(&[&str], bool); 15] = [
        (&["replay"], true),
        (&["replay", "--rules", "recorded"], true),
        (&["replay", "-f", "json"], false),
        (&["check"], true),
        (&["check", "--rules", "recorded"], true),
        (&["check", "-f", "json"], false),
        (&["check", "-f", "jsonl"], false),
        (&["diff"], true),
        (&["diff", "-r", "recorded,chinese"], true),
        (&["diff", "-f", "json"], false),
        (&["show"], true),
        (&["show", "--move", "1"], true),
        (&["show", "--rules", "recorded"], true),
        (&["show", "--game", "2"], true),
        (&["show", "--game", "3"], true),
    ];
    for (words, table) in runs {
        let mut args: Vec<&OsStr> = words.iter().map(OsStr::new).collect();
        args.push(f);
        let run = run_measured(&args, None);
        for (stream, bytes) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
            let text = String::from_utf8_lossy(bytes);
            let bad: Vec<char> = text
                .chars()
                .filter(|&c| {
                    matches!(c, '\u{1b}' | '\u{7}' | '\u{0}')
                        || (table
                            && (c == '\r'
                                || ('\u{80}'..='\u{9f}').contains(&c)
                                || ('\u{202a}'..='\u{202e}').contains(&c)
                                || ('\u{2066}'..='\u{2069}').contains(&c)))
                })
                .collect();
            assert!(
                bad.is_empty(),
                "gorules {args:?}: {stream} holds {bad:?}:\n{text}"
            );
        }
        assert!(run.code == 0 || run.code == 1 || run.code == 2, "{args:?}");
    }
}

/// A record whose name and every text property hold escape sequences, plus games whose
/// errors quote them.
fn generate_evil(dir: &Path, name: &str) -> PathBuf {
    let bytes: &[u8] = b"(;GM[1]FF[4]CA[\x1b[31m]SZ[9]KM[\x1b\\]0;x\x07]HA[\x1b[1m]\
        RU[Jap\x1b[2Janese]RE[B+\x1b[5mR]PB[Black\x1b[31mRed\x1b[0m\xe2\x80\xaeder]PW[\xc2\x9b31mWhite]\
        GN[\x1b\\]2;pwned\x07]EV[\x07ev]DT[\x1b[H]AP[\x1b[8m:1]PC[p\rc]\n\
        ;B[\x1b[A]C[IGS dead @ \x1bC3];W[ee]PL[\x1bx];B[dd]AB[\x1b[K];W[]TB[\x1b[4m]TW[zz]\
        KGSDE[\x1b];B[]W[])\n(;SZ[\x1b[0m])\n(;GM[\x1b[31m])\n(;B[aa]\x1b[31m)\n";
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// Solver budgets: the control solver (`gorules gtp --dead proved`, pauli-control's default
/// budgets) on a 25×25 board full of scattered stones answers `final_score` in bounded time
/// and memory.
#[test]
fn the_control_solver_stays_within_its_budgets_on_a_hostile_position() {
    let mut script = String::from("boardsize 25\nclear_board\n");
    let mut x: u32 = 7;
    let mut played = std::collections::HashSet::new();
    let cols = "ABCDEFGHJKLMNOPQRSTUVWXYZ".as_bytes();
    let mut black = true;
    for _ in 0..400 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let (c, r) = ((x >> 8) as usize % 25, (x >> 20) as usize % 25);
        if played.insert((c, r)) {
            script.push_str(&format!(
                "play {} {}{}\n",
                if black { "b" } else { "w" },
                cols[c] as char,
                r + 1
            ));
            black = !black;
        }
    }
    script.push_str("final_score\nfinal_status_list dead\nquit\n");
    let run = run_measured(
        &["gtp", "--rules", "pauli", "--dead", "proved"],
        Some(script.into_bytes()),
    );
    let out = String::from_utf8_lossy(&run.stdout);
    report(format!(
        "gtp --dead proved, 25x25, {} stones: {:.1} s, {:.0} MB",
        played.len(),
        run.secs,
        run.peak_mb
    ));
    assert_eq!(run.code, 0, "{}", String::from_utf8_lossy(&run.stderr));
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    // A count, or (most of such a board is beyond the default budgets) the refusal to give
    // one that rests on undecided points.
    let score = answers[answers.len() - 3];
    assert!(
        score.starts_with('=') || score.contains("left undecided by the dead-stone assessment"),
        "{score}"
    );
    assert!(run.secs < 120.0, "{:.1} s", run.secs);
    assert!(run.peak_mb < 1024.0, "{:.0} MB", run.peak_mb);
}

/// Tiny solver budgets: the analysis stops at once and leaves points undecided; whatever it
/// decides, the default budgets decide the same (a budget never turns into a guess).
#[test]
fn tiny_solver_budgets_stop_at_once_and_never_guess() {
    use pauli_control::{Budgets, ControlAssessor, Options};
    use rules_core::{Assessor, Board, Color, Topology};
    use std::sync::Arc;
    let topo = Arc::new(Topology::square(13).unwrap());
    let mut board = Board::new(topo.clone());
    let mut x: u32 = 11;
    let mut color = Color::Black;
    for _ in 0..120 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let p = topo.point((x >> 8) as usize % topo.len()).unwrap();
        if !board.is_empty_at(p) {
            continue;
        }
        let a = board.analyze(p, color);
        if !a.suicide && a.captured_stones == 0 {
            board.play(p, color);
            color = color.opp();
        }
    }
    let tiny = ControlAssessor::new(Options {
        budgets: Budgets {
            local_nodes: 10,
            search_nodes: 10,
            position_nodes: 50,
            max_depth: 4,
            tt_entries: 64,
            ..Budgets::default()
        },
        ..Options::default()
    });
    let start = Instant::now();
    let small = tiny.assess(&board);
    let took = start.elapsed();
    assert!(took.as_secs_f64() < 10.0, "{took:?}");
    let full = ControlAssessor::default().assess(&board);
    for p in &small.dead {
        assert!(
            full.dead.contains(p),
            "tiny budgets call {p:?} dead, the default budgets do not"
        );
    }
    for c in Color::BOTH {
        for p in &small.territory[c] {
            assert!(full.territory[c].contains(p), "{c:?} territory {p:?}");
        }
    }
}

/// `--komi` beyond ±10,000 points (`sgf_record::KOMI_MAX`, more than any board can score) or
/// not a number is bad usage: exit 2 with a message, for replay and play alike.
#[test]
fn komi_beyond_any_score_is_refused_on_the_command_line() {
    let game = crate::util::root().join("fixtures/chinese/same_as_tromp_taylor.sgf");
    for komi in ["10000.5", "-1e300", "NaN", "inf"] {
        let out = crate::util::gorules([
            "replay".as_ref(),
            game.as_os_str(),
            format!("--komi={komi}").as_ref(),
        ]);
        assert_eq!(out.status.code(), Some(2), "--komi {komi}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("komi"),
            "--komi {komi}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let ok = crate::util::gorules([
        "replay".as_ref(),
        game.as_os_str(),
        "--komi=-10000".as_ref(),
    ]);
    assert_eq!(ok.status.code(), Some(0));
    let play = crate::util::gorules(["play", "--komi=1e308", "--black", "x", "--white", "y"]);
    assert_eq!(play.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&play.stderr).contains("komi"));
}

/// The SGF reader's file-size limit, which `replay`, `diff` and `show` apply to every input
/// (`input.rs`).
fn reader_file_limit() -> usize {
    sgf_record::ReadOptions::default().limits.max_file_bytes
}

/// A graph-board game larger than the record limit (64 MiB) is named too large, not read as
/// truncated JSON; one of exactly 64 MiB is read (the limit is inclusive).
#[test]
fn a_graph_board_file_over_the_size_limit_is_named_too_large() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("graph-too-large");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("huge.json");
    let limit = reader_file_limit();
    assert_eq!(limit, 64 * MB);
    for (size, code) in [(limit + 1, 2), (limit, 0)] {
        let mut text = br#"{"points":["a"],"edges":[],"moves":[]}"#.to_vec();
        text.resize(size, b' ');
        std::fs::write(&path, &text).unwrap();
        let (doc, out) = crate::util::replay_json([path.as_os_str()]);
        assert_eq!(out.status.code(), Some(code), "{size} bytes: {doc}");
        let game = &doc["files"][0]["games"][0];
        if code == 2 {
            assert_eq!(game["error"]["kind"], "file-too-large", "{doc}");
        } else {
            assert_eq!(game["board"], "graph:1", "{doc}");
        }
    }
    std::fs::remove_file(&path).unwrap();
}

/// A game on standard input (`gorules replay -`) obeys the reader's 64 MiB limit exactly:
/// one of exactly 64 MiB is read whole (the game is at its end, so a byte lost would cut its
/// last node), one byte more is named too large rather than read cut short.
#[test]
fn standard_input_at_the_size_limit_is_read_whole_and_past_it_refused() {
    let limit = reader_file_limit();
    let game = b"(;GM[1]SZ[9]KM[0.5];B[ee];W[];B[])";
    for (size, code) in [(limit, 0), (limit + 1, 2)] {
        let mut input = vec![b'\n'; size - game.len()];
        input.extend_from_slice(game);
        assert_eq!(input.len(), size);
        let run = run_measured(&["replay", "--format", "json", "-"], Some(input));
        let doc: Value = serde_json::from_slice(&run.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&run.stderr)));
        assert_eq!(run.code, code, "{size} bytes: {doc}");
        let file = &doc["files"][0];
        assert_eq!(file["file"], "-");
        if size == limit {
            let g = &file["games"][0];
            assert_eq!(g["moves"], 3, "{g}");
            assert_eq!(g["warnings"], serde_json::json!([]), "{g}");
        } else {
            assert_eq!(file["error"]["kind"], "file-too-large", "{file}");
        }
    }
}

/// `check --max-record-bytes` raised above the reader's 64 MiB default is obeyed: the file
/// the walk admitted is not refused again by the SGF reader.
#[test]
fn a_raised_record_limit_is_obeyed() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("raised-record-limit");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("padded.sgf");
    let mut text = b"(;GM[1]SZ[9];B[ee];W[];B[])".to_vec();
    text.resize(65 * 1024 * 1024, b'\n');
    std::fs::write(&path, &text).unwrap();
    let check = |extra: &[&str]| {
        let mut args: Vec<&OsStr> = vec!["check".as_ref(), "-q".as_ref()];
        args.extend(extra.iter().map(OsStr::new));
        args.push(path.as_os_str());
        crate::util::gorules(args).status.code()
    };
    assert_eq!(check(&[]), Some(2), "over the default: too large");
    assert_eq!(check(&["--max-record-bytes", "100000000"]), Some(0));
    std::fs::remove_file(&path).unwrap();
}
