//! Setting and reading the rules: `gorules-rules` (our ids, rules names, KataGo strings),
//! `kgs-rules`, a change of rules in mid-game, and Pauli's cycle removal.

use crate::util::{engine, fails, ok, play_all, temp_path};

fn id(e: &mut gtp::Engine) -> String {
    ok(e, "gorules-rules").lines().next().unwrap().to_owned()
}

#[test]
fn gorules_rules_reads_our_ids_rules_names_and_katago_strings() {
    let mut e = engine("chinese", 9);
    let shown = ok(&mut e, "gorules-rules");
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.len(), 3, "{shown}");
    assert_eq!(lines[0], "chinese");
    for ours in ["tromp-taylor", "logical", "pauli", "chinese"] {
        let reply = ok(&mut e, &format!("gorules-rules {ours}"));
        assert_eq!(reply.lines().next(), Some(ours));
    }
    // Names as records write them, and KataGo's forms, through rules-names.
    for (text, want) in [
        ("Japanese", "pauli"),
        ("AGA", "chinese"),
        ("New Zealand", "chinese"),
        ("Tromp-Taylor", "tromp-taylor"),
        ("koPOSITIONALscoreAREAsui1", "tromp-taylor"),
        ("koSIMPLEscoreAREAsui0", "chinese"),
        ("koSITUATIONALscoreTERRITORYsui0", "pauli"),
        (
            r#"{"ko": "SITUATIONAL", "scoring": "AREA", "suicide": true}"#,
            "chinese",
        ),
        ("chinese-ogs", "chinese"),
    ] {
        let reply = ok(&mut e, &format!("gorules-rules {text}"));
        let lines: Vec<&str> = reply.lines().collect();
        assert_eq!(lines[0], want, "{text}: {reply}");
        assert!(
            lines[2].contains('→'),
            "{text}: the mapping is explained: {reply}"
        );
    }
    let msg = fails(&mut e, "gorules-rules Mah-jong");
    assert!(msg.contains("unknown rules name"), "{msg}");
    let msg = fails(&mut e, "gorules-rules koPOSITIONALscoreAREAsui7");
    assert!(msg.contains("malformed"), "{msg}");
    assert_eq!(id(&mut e), "chinese", "a refused name changes nothing");
}

#[test]
fn kgs_rules_takes_the_four_kgs_names() {
    let mut e = engine("tromp-taylor", 9);
    for (name, want) in [
        ("japanese", "pauli"),
        ("chinese", "chinese"),
        ("aga", "chinese"),
        ("new_zealand", "chinese"),
    ] {
        assert_eq!(ok(&mut e, &format!("kgs-rules {name}")), "");
        assert_eq!(id(&mut e), want, "{name}");
    }
    // New Zealand rules allow suicide: the mapping says so in the ruleset's options.
    ok(&mut e, "kgs-rules new_zealand");
    play_all(&mut e, "b A2 b B2 b C1 w A1");
    assert_eq!(ok(&mut e, "is_legal w B1"), "1");
    ok(&mut e, "kgs-rules chinese");
    let kgs = ok(&mut e, "gorules-rules");
    assert!(kgs.contains("suicide forbidden"));
    // KGS's `chinese` is read as a rules name (ids last): the Chinese rules as KGS plays
    // them, with one point per handicap stone; our id `chinese` has no compensation.
    assert!(kgs.contains("handicap compensation N points"), "{kgs}");
    ok(&mut e, "gorules-rules chinese");
    let ours = ok(&mut e, "gorules-rules");
    assert!(ours.contains("handicap compensation none"), "{ours}");
    assert!(fails(&mut e, "kgs-rules tromp-taylor").starts_with("unknown rules"));
    assert!(fails(&mut e, "kgs-rules Chinese").starts_with("unknown rules"));
}

#[test]
fn a_change_of_rules_replays_the_game_or_is_refused() {
    let mut e = engine("tromp-taylor", 9);
    play_all(&mut e, "b A2 b B2 b C1 w A1 b E5 w B1");
    let board = ok(&mut e, "showboard");
    let msg = fails(&mut e, "gorules-rules chinese");
    assert!(
        msg.contains("move 6 (white B1) is illegal under chinese: suicide"),
        "{msg}"
    );
    assert_eq!(id(&mut e), "tromp-taylor");
    assert_eq!(e.turns(), 6);
    ok(&mut e, "gorules-rules logical");
    assert_eq!(e.turns(), 6);
    let after = ok(&mut e, "showboard");
    assert_eq!(
        after.replace("rules: logical", "rules: tromp-taylor"),
        board,
        "the same position under the new rules"
    );
    // Komi set by hand stays; the default follows the ruleset.
    ok(&mut e, "komi 2");
    ok(&mut e, "gorules-rules tromp-taylor");
    assert!(ok(&mut e, "showboard").contains("komi: 2"));
}

/// LJR-05 (fixtures/pauli/ljr05-*.sgf): a disturbing cycle Black may remove.
#[test]
fn pauli_cycles_are_listed_and_removed_on_request() {
    let path = temp_path("ljr05.sgf");
    std::fs::write(
        &path,
        "(;GM[1]FF[4]SZ[5]KM[0]AB[bb][ac][cc][bd]AW[cb][dc][cd])",
    )
    .unwrap();
    let mut e = engine("pauli", 5);
    ok(&mut e, &format!("loadsgf {}", path.display()));
    assert_eq!(ok(&mut e, "gorules-cycles"), "");
    play_all(&mut e, "b pass w B3 b pass w pass b C3 w pass");
    assert_eq!(
        ok(&mut e, "gorules-cycles"),
        "0 disturbing used B3 C3 gains black 0 white 1"
    );
    assert!(fails(&mut e, "gorules-remove_cycle 2").starts_with("cannot remove: no-such-cycle"));
    ok(&mut e, "gorules-remove_cycle 0");
    // The pending removal is Black's turn: White's moves are judged without it (B3, a used
    // location the removal would prohibit, is still legal for White).
    assert_eq!(ok(&mut e, "is_legal w B3"), "1");
    // The removal is made with Black's next turn (here a pass).
    ok(&mut e, "play b pass");
    let sgf = ok(&mut e, "printsgf");
    assert!(sgf.contains(";REMOVECYCLE[0]B[]"), "{sgf}");
    assert_eq!(
        ok(&mut e, "is_legal w C3"),
        "0",
        "used locations are prohibited for good"
    );
    assert!(ok(&mut e, "gorules-prohibited w").contains("C3 permanently-prohibited"));
    play_all(&mut e, "w pass b pass");
    assert!(e.is_over());
    assert_eq!(
        ok(&mut e, "final_score"),
        "W+1",
        "fixtures/pauli/ljr05-cycle-removed"
    );
    // The written game, removal included, loads back to the same game and count.
    let written = temp_path("ljr05-removed.sgf");
    std::fs::write(&written, ok(&mut e, "printsgf")).unwrap();
    let mut back = engine("pauli", 5);
    ok(&mut back, &format!("loadsgf {}", written.display()));
    assert!(back.is_over(), "the loaded game is over");
    assert_eq!(ok(&mut back, "final_score"), "W+1");
    assert_eq!(ok(&mut back, "is_legal w C3"), "0");
    // Without the removal, the game of the fixture.
    let mut f = engine("pauli", 5);
    ok(&mut f, &format!("loadsgf {}", path.display()));
    play_all(
        &mut f,
        "b pass w B3 b pass w pass b C3 w pass b pass w pass",
    );
    assert_eq!(
        ok(&mut f, "final_score"),
        "B+1",
        "fixtures/pauli/ljr05-cycle-of-passes"
    );
    // Other rulesets have no cycles to remove.
    let mut c = engine("chinese", 5);
    assert!(fails(&mut c, "gorules-cycles").contains("only pauli"));
    assert!(fails(&mut c, "gorules-remove_cycle 0").starts_with("cannot remove"));
}

/// KataGo's rules commands: `kata-set-rules` reads presets, the short form and the JSON form
/// as KataGo does (its `chinese` is simple ko); `kata-get-rules` answers KataGo's JSON form,
/// with the komi in effect, which `kata-set-rules` keeps.
#[test]
fn kata_set_rules_and_kata_get_rules_speak_katago_forms() {
    let mut e = engine("tromp-taylor", 9);
    let json = |e: &mut gtp::Engine| -> serde_json::Value {
        serde_json::from_str(&ok(e, "kata-get-rules")).unwrap()
    };
    // Our id's KataGo form.
    let tt = json(&mut e);
    assert_eq!(
        (
            tt["ko"].as_str(),
            tt["scoring"].as_str(),
            tt["suicide"].as_bool()
        ),
        (Some("POSITIONAL"), Some("AREA"), Some(true))
    );
    assert_eq!(tt["komi"], 7.5);
    ok(&mut e, "komi 6");
    // KataGo's preset `chinese` plays simple ko: our chinese with its simple-ko option.
    assert_eq!(ok(&mut e, "kata-set-rules chinese"), "");
    assert_eq!(id(&mut e), "chinese");
    assert!(ok(&mut e, "gorules-rules").contains("simple ko"));
    let chinese = json(&mut e);
    assert_eq!(chinese["ko"], "SIMPLE");
    assert_eq!(chinese["whiteHandicapBonus"], "N");
    assert_eq!(chinese["komi"], 6.0, "the komi in effect stays");
    // The JSON form, spaces and all, and the short form.
    ok(
        &mut e,
        r#"kata-set-rules {"ko": "SITUATIONAL", "scoring": "AREA", "suicide": true}"#,
    );
    let nz = json(&mut e);
    assert_eq!(
        (nz["ko"].as_str(), nz["suicide"].as_bool()),
        (Some("SITUATIONAL"), Some(true))
    );
    ok(&mut e, "kata-set-rules japanese");
    assert_eq!(id(&mut e), "pauli");
    assert_eq!(json(&mut e)["scoring"], "TERRITORY");
    ok(&mut e, "kata-set-rules koPOSITIONALscoreAREAtaxNONEsui1");
    assert_eq!(id(&mut e), "tromp-taylor");
    assert_eq!(ok(&mut e, "kata-get-rules"), ok(&mut e, "kata-get-rules"));
    // Mistakes change nothing.
    assert!(fails(&mut e, "kata-set-rules koBOGUS").starts_with("unknown rules"));
    assert!(fails(&mut e, "kata-set-rules mah-jong").starts_with("unknown rules"));
    assert!(fails(&mut e, "kata-set-rules chinese komi7").contains("keeps the komi"));
    assert_eq!(id(&mut e), "tromp-taylor");
    // Rules KataGo has no form of.
    ok(&mut e, "gorules-rules pauli");
    assert!(fails(&mut e, "kata-get-rules").contains("no KataGo form"));
    // kgs-rules names rules KataGo knows too.
    ok(&mut e, "kgs-rules aga");
    assert_eq!(json(&mut e)["ko"], "SITUATIONAL");
}
