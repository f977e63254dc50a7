//! The controller's side against small fake engines (POSIX `sh`): answers, failures, ids,
//! an engine that does not answer, one that answers something else, one that exits.

use gtp::client::{ClientError, GtpProcess};
use std::time::Duration;

fn fake(script: &str, timeout_ms: u64) -> GtpProcess {
    GtpProcess::spawn(
        &format!("sh -c '{script}'"),
        Duration::from_millis(timeout_ms),
    )
    .expect("sh starts")
}

/// Echoes `=id <command>` for every command, `?id` for `fail`, a two-line answer for `two`.
const ECHO: &str = r#"while read id cmd rest; do case "$cmd" in
    fail) printf "?%s no such thing\n\n" "$id";;
    two) printf "=%s first\nsecond\n\n" "$id";;
    quit) printf "=%s\n\n" "$id"; exit 0;;
    *) printf "=%s %s\n\n" "$id" "$cmd";;
    esac; done"#;

#[test]
fn answers_failures_and_multi_line_answers() {
    let mut p = fake(ECHO, 5000);
    assert_eq!(p.send("name").unwrap(), Ok("name".to_owned()));
    assert_eq!(p.send("fail").unwrap(), Err("no such thing".to_owned()));
    assert_eq!(p.send("two").unwrap(), Ok("first\nsecond".to_owned()));
    assert!(p.knows("known_command").is_ok());
    p.quit();
}

#[test]
fn an_engine_that_does_not_answer_times_out() {
    let mut p = fake("sleep 5", 200);
    match p.send("name") {
        Err(ClientError::Timeout { command, .. }) => assert_eq!(command, "name"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_answer_that_is_not_gtp_or_has_the_wrong_id() {
    let mut p = fake(r#"read line; printf "hello\n\n"; sleep 5"#, 2000);
    assert!(matches!(p.send("name"), Err(ClientError::Protocol { .. })));
    let mut p = fake(r#"read line; printf "=99 x\n\n"; sleep 5"#, 2000);
    assert!(matches!(p.send("name"), Err(ClientError::Protocol { .. })));
}

#[test]
fn an_engine_that_exits() {
    let mut p = fake("exit 0", 2000);
    assert!(matches!(
        p.send("name"),
        Err(ClientError::Closed { .. } | ClientError::Io { .. })
    ));
    assert!(matches!(
        GtpProcess::spawn("/no/such/engine --gtp", Duration::from_secs(1)),
        Err(ClientError::Spawn { .. })
    ));
    assert!(matches!(
        GtpProcess::spawn("'unclosed", Duration::from_secs(1)),
        Err(ClientError::CommandLine(_))
    ));
}

/// What the engine's loop writes splits, as the client splits it, into one response per
/// command.
#[test]
fn the_engine_loop_writes_what_the_client_reads() {
    use std::io::{BufRead, BufReader};
    let mut engine = crate::util::engine("chinese", 9);
    let input = "1 name\n2 play b E5\n3 play b E5\n4 showboard\n";
    let mut out = Vec::new();
    engine.serve(input.as_bytes(), &mut out).unwrap();
    // Split the output the way the client does: responses end with an empty line.
    let reader = BufReader::new(&out[..]);
    let mut responses = Vec::new();
    let mut current = String::new();
    for line in reader.lines() {
        let line = line.unwrap();
        if line.is_empty() {
            responses.push(std::mem::take(&mut current));
        } else {
            if !current.is_empty() {
                current.push('\n');
            }
            current.push_str(&line);
        }
    }
    assert_eq!(responses.len(), 4, "{responses:?}");
    assert!(responses[0].starts_with("=1 "));
    assert_eq!(responses[2], "?3 illegal move");
    assert!(responses[3].starts_with("=4 \n   A B C"));
}

/// The time-out is for the whole answer: an engine that starts an answer and keeps printing
/// lines without the closing empty line times out instead of holding the controller.
#[test]
fn an_answer_that_never_ends_times_out() {
    let mut p = fake(
        r#"read id cmd; printf "=1 start\n"; while true; do echo more; sleep 0.05; done"#,
        500,
    );
    let start = std::time::Instant::now();
    match p.send("name") {
        Err(ClientError::Timeout { command, .. }) => assert_eq!(command, "name"),
        other => panic!("{other:?}"),
    }
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

/// An answer of endless short lines is cut at 4 MiB and reported.
#[test]
fn an_answer_over_four_mib_is_an_error() {
    let mut p = fake(r#"read id cmd; printf "=1 "; yes xxxxxxxxxxxxxxx"#, 20_000);
    let e = p.send("name").unwrap_err();
    assert!(
        e.to_string().contains("an answer over 4194304 bytes"),
        "{e}"
    );
}

/// A line without end is cut at 1 MiB and reported, not read into memory for ever.
#[test]
fn a_line_without_end_is_an_error() {
    let mut p = fake(r#"read id cmd; printf "=1 "; yes x | tr -d "\n""#, 20_000);
    assert!(matches!(p.send("name"), Err(ClientError::Io { .. })));
}

/// Each command carries the next id (1, 2, …), checked against the answer's; the engine's
/// label is its command line.
#[test]
fn ids_count_up_and_the_label_is_the_command_line() {
    let script = r#"read a; printf "=1 a\n\n"; read b; printf "=2 b\n\n"; sleep 5"#;
    let mut p = fake(script, 5000);
    assert_eq!(p.label(), format!("sh -c '{script}'"));
    assert_eq!(p.send("name").unwrap(), Ok("a".to_owned()));
    assert_eq!(p.send("version").unwrap(), Ok("b".to_owned()));
}

/// `knows` is `known_command`'s `true`; anything else is no.
#[test]
fn knows_reads_known_command() {
    let script = r#"while read id cmd rest; do case "$rest" in
        name) printf "=%s true\n\n" "$id";;
        *) printf "=%s false\n\n" "$id";;
        esac; done"#;
    let mut p = fake(script, 5000);
    assert!(p.knows("name").unwrap());
    assert!(!p.knows("genmove").unwrap());
}

/// `quit` is sent to the engine (which sees it before its input closes).
#[test]
fn quit_sends_quit() {
    let mark = crate::util::temp_path("quit-seen");
    let script = format!(
        r#"while read id cmd; do if [ "$cmd" = quit ]; then touch {}; printf "=%s\n\n" "$id"; exit 0; fi; printf "=%s\n\n" "$id"; done"#,
        mark.display()
    );
    let p = fake(&script, 5000);
    p.quit();
    assert!(mark.exists(), "the engine saw no quit");
    let _ = std::fs::remove_file(mark);
}

/// Dropping the controller ends an engine that does not end by itself: it is killed and
/// waited for (no process, not even a zombie, is left).
#[test]
fn dropping_the_controller_ends_the_engine() {
    let pid_file = crate::util::temp_path("engine-pid");
    let p = fake(&format!("echo $$ > {}; sleep 30", pid_file.display()), 5000);
    let mut pid = String::new();
    for _ in 0..200 {
        pid = std::fs::read_to_string(&pid_file).unwrap_or_default();
        if pid.ends_with('\n') {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let proc_dir = format!("/proc/{}", pid.trim());
    assert!(std::path::Path::new(&proc_dir).exists(), "{proc_dir}");
    drop(p);
    assert!(
        !std::path::Path::new(&proc_dir).exists(),
        "{proc_dir} is left"
    );
    let _ = std::fs::remove_file(pid_file);
}

/// A last line without its line feed is still a line: here the engine's answer, cut off by
/// its exit, which is then reported as the engine closing, not as bad data.
#[test]
fn a_last_line_without_a_line_feed_is_read() {
    let mut p = fake(r#"read id cmd; printf "=1 ok""#, 5000);
    match p.send("name") {
        Err(ClientError::Closed { command, .. }) => assert_eq!(command, "name"),
        other => panic!("{other:?}"),
    }
}

/// An answer of exactly 4 MiB (lines of 1,000 bytes) is read whole; the limit adds up the
/// lengths, it does not multiply them.
#[test]
fn an_answer_of_exactly_four_mib_is_read() {
    let script = r#"read id cmd; printf "=1 %0115d\n" 0; yes "$(printf %01000d 0)" | head -n 4190; printf "\n"; sleep 5"#;
    let mut p = fake(script, 20_000);
    let text = p.send("name").unwrap().unwrap();
    assert_eq!(text.len(), 115 + 4190 * 1001);
}

fn captured(script: &str, timeout_ms: u64) -> GtpProcess {
    GtpProcess::spawn_captured(
        &format!("sh -c '{script}'"),
        Duration::from_millis(timeout_ms),
    )
    .expect("sh starts")
}

/// A captured engine's standard error is kept, its last lines only: here the words of an
/// engine that gives up, read after it has exited.
#[test]
fn a_captured_engine_keeps_the_tail_of_its_standard_error() {
    let mut p = captured(
        r#"i=0; while [ $i -lt 30 ]; do echo "warming up $i" >&2; i=$((i+1)); done; read id cmd; echo "fatal: no network file" >&2; exit 3"#,
        5000,
    );
    assert!(matches!(
        p.send("name"),
        Err(ClientError::Closed { .. } | ClientError::Io { .. })
    ));
    let tail = p.stderr_tail(Duration::from_secs(2));
    assert_eq!(tail.len(), gtp::client::KEPT_LINES);
    assert_eq!(tail.last().unwrap(), "fatal: no network file");
    assert_eq!(tail[0], "warming up 11");
    // An engine whose standard error is passed through has no tail.
    let p = fake("exit 0", 1000);
    assert!(p.stderr_tail(Duration::ZERO).is_empty());
}

/// Ending a captured engine that hangs ends what it started too (its process group): here
/// the `sleep` a script waits on, which would otherwise hold the pipes for a minute.
#[test]
fn ending_a_hung_captured_engine_ends_its_children() {
    let pid_file = crate::util::temp_path("grandchild-pid");
    let _ = std::fs::remove_file(&pid_file);
    let mut p = captured(
        &format!(
            "sleep 60 & echo $! > {}; echo started >&2; wait",
            pid_file.display()
        ),
        200,
    );
    assert!(matches!(p.send("name"), Err(ClientError::Timeout { .. })));
    let mut pid = String::new();
    for _ in 0..200 {
        pid = std::fs::read_to_string(&pid_file).unwrap_or_default();
        if pid.ends_with('\n') {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let proc_dir = format!("/proc/{}", pid.trim());
    assert!(std::path::Path::new(&proc_dir).exists(), "{proc_dir}");
    let start = std::time::Instant::now();
    p.end();
    assert_eq!(p.stderr_tail(Duration::from_secs(2)), ["started"]);
    assert!(start.elapsed() < Duration::from_secs(3));
    // The sleep was killed; its parent, the shell we reaped, no longer waits for it, so it is
    // gone or a zombie of init's for an instant.
    for _ in 0..100 {
        let state = std::fs::read_to_string(format!("{proc_dir}/stat")).unwrap_or_default();
        if state.is_empty() || state.contains(") Z") {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let state = std::fs::read_to_string(format!("{proc_dir}/stat")).unwrap_or_default();
    assert!(state.is_empty() || state.contains(") Z"), "{state}");
    let _ = std::fs::remove_file(pid_file);
}
