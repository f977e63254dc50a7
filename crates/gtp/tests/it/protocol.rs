//! Section 2 of the GTP v2 draft: line preprocessing, ids, responses, errors, case.

use crate::util::{ask, engine, fails, ok};
use gtp::COMMANDS;

#[test]
fn ids_are_echoed_on_success_and_on_failure() {
    let mut e = engine("chinese", 9);
    assert_eq!(ask(&mut e, "1 protocol_version"), "=1 2\n\n");
    assert_eq!(ask(&mut e, "protocol_version"), "= 2\n\n");
    assert_eq!(ask(&mut e, "42 clear_board"), "=42\n\n");
    assert_eq!(ask(&mut e, "0 nonsense"), "?0 unknown command\n\n");
    assert_eq!(ask(&mut e, "nonsense"), "? unknown command\n\n");
    assert_eq!(
        ask(&mut e, "18446744073709551615 name"),
        "=18446744073709551615 gorules\n\n"
    );
}

#[test]
fn empty_lines_comments_and_blank_lines_get_no_response() {
    let mut e = engine("chinese", 9);
    for line in [
        "",
        "   ",
        "\t\t",
        "# a comment",
        "   # indented comment",
        "\r",
        "\u{1}\u{2}",
    ] {
        assert_eq!(e.handle_line(line), None, "{line:?}");
    }
    // A comment after a command is cut off.
    assert_eq!(ask(&mut e, "3 name # what is your name?"), "=3 gorules\n\n");
    assert_eq!(ask(&mut e, "komi 6.5#no space before the hash"), "=\n\n");
    assert_eq!(ok(&mut e, "final_score"), "W+6.5");
}

#[test]
fn tabs_spaces_carriage_returns_and_control_characters() {
    let mut e = engine("chinese", 9);
    assert_eq!(ask(&mut e, "\t5\tplay\tblack\tE5\r"), "=5\n\n");
    assert_eq!(ask(&mut e, "   6    play   white    D5   "), "=6\n\n");
    // Control characters other than HT and LF vanish before the line is read.
    assert_eq!(ask(&mut e, "7 pl\u{1}ay b\u{7f} C\u{1b}5"), "=7\n\n");
    assert!(ok(&mut e, "gorules-explain_move w C5").starts_with("illegal occupied: "));
}

#[test]
fn command_names_are_case_sensitive_arguments_are_not() {
    let mut e = engine("chinese", 9);
    assert_eq!(fails(&mut e, "PLAY b E5"), "unknown command");
    assert_eq!(fails(&mut e, "Name"), "unknown command");
    assert_eq!(ok(&mut e, "known_command Play"), "false");
    ok(&mut e, "play BLACK e5");
    ok(&mut e, "play W d5");
    ok(&mut e, "play b PASS");
    assert!(ok(&mut e, "genmove WhItE").len() >= 2);
}

#[test]
fn malformed_commands_are_syntax_errors() {
    let mut e = engine("chinese", 9);
    for line in [
        "play",
        "play b",
        "play b E5 extra",
        "play x E5",
        "play b 5E",
        "play b I5",
        "play b E",
        "boardsize",
        "boardsize nine",
        "boardsize -1",
        "komi",
        "komi seven",
        "komi inf",
        "komi NaN",
        "genmove",
        "genmove purple",
        "known_command",
        "final_status_list",
        "final_status_list undecided",
        "is_legal b",
        "loadsgf",
        "loadsgf a.sgf two",
        "time_settings 1 2",
        "time_settings 300 x 5",
        "time_left b x 0",
        "kgs-rules",
        "kata-set-rules",
        "kata-get-rules chinese",
        "gorules-remove_cycle",
        "gorules-remove_cycle x",
        "gorules-dead Z99",
        "set_free_handicap D4 nonsense",
        "fixed_handicap many",
    ] {
        let msg = fails(&mut e, line);
        assert!(msg.starts_with("syntax error"), "{line:?} → {msg:?}");
    }
    // An id with nothing after it, and an id too large to be one.
    assert_eq!(
        ask(&mut e, "12"),
        "?12 syntax error: no command after the id\n\n"
    );
    assert!(ask(&mut e, "123456789012345678901234567890 name").starts_with("? syntax error"));
    // The board is untouched by all of this.
    assert_eq!(ok(&mut e, "final_score"), "W+7.5");
}

#[test]
fn every_listed_command_is_known_and_answers() {
    let mut e = engine("chinese", 9);
    let listed = ok(&mut e, "list_commands");
    assert_eq!(listed.lines().collect::<Vec<_>>(), COMMANDS);
    for name in COMMANDS {
        assert_eq!(ok(&mut e, &format!("known_command {name}")), "true");
    }
    assert_eq!(ok(&mut e, "known_command frobnicate"), "false");
    // Standard commands have no dash; our own have a prefix with one (section 2.13).
    for name in COMMANDS {
        if name.contains('-') {
            assert!(
                ["kgs-", "kata-", "gogui-", "gorules-"]
                    .iter()
                    .any(|p| name.starts_with(p)),
                "{name}"
            );
        }
    }
}

#[test]
fn administrative_commands() {
    let mut e = engine("chinese", 9);
    assert_eq!(ok(&mut e, "protocol_version"), "2");
    assert_eq!(ok(&mut e, "name"), "gorules");
    assert_eq!(ok(&mut e, "version"), env!("CARGO_PKG_VERSION"));
    assert_eq!(ok(&mut e, "time_settings 300 30 5"), "");
    assert_eq!(ok(&mut e, "time_left b 120 0"), "");
    assert_eq!(ok(&mut e, "kgs-game_over"), "");
    assert!(ok(&mut e, "gogui-analyze_commands").contains("gorules-score"));
    assert!(!e.quit_requested());
    assert_eq!(ask(&mut e, "9 quit"), "=9\n\n");
    assert!(e.quit_requested());
}

#[test]
fn serve_answers_a_session_byte_for_byte_and_stops_at_quit() {
    let mut e = engine("chinese", 9);
    let input = "1 boardsize 7\n\n# set up\n2 clear_board\r\n3 play black D4\n\t4 play white D4\n\
                 5 genmove white\nfoo\n6 quit\n7 name\n";
    let mut out = Vec::new();
    e.serve(input.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let expected_start = "=1\n\n=2\n\n=3\n\n?4 illegal move\n\n=5 ";
    assert!(out.starts_with(expected_start), "{out:?}");
    assert!(out.ends_with("\n\n? unknown command\n\n=6\n\n"), "{out:?}");
    assert!(!out.contains("=7"), "nothing after quit is read");
}

#[test]
fn serve_stops_at_the_end_of_input_and_reads_a_last_line_without_newline() {
    let mut e = engine("chinese", 9);
    let mut out = Vec::new();
    e.serve("name\nversion".as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(
        out,
        format!("= gorules\n\n= {}\n\n", env!("CARGO_PKG_VERSION"))
    );
    // Bytes that are not UTF-8 do not stop the loop.
    let mut out = Vec::new();
    e.serve(&b"1 name \xff\xfe\n2 name\n"[..], &mut out)
        .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.ends_with("=2 gorules\n\n"), "{out:?}");
}
