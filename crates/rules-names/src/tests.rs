use super::*;
use crate::katago::PRESETS;

fn known(text: &str) -> RulesDescription {
    read(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn chinese_target(d: &RulesDescription) -> (bool, SuperkoKind, HandicapBonus) {
    match d.mapping().target {
        Target::Chinese {
            suicide_allowed,
            superko,
            compensation,
            ..
        } => (suicide_allowed, superko, compensation),
        other => panic!("{}: mapped to {other:?}", d.text),
    }
}

// ---------------------------------------------------------------- the RU values of the corpus

/// Every `RU[]` value found in ../shared/corpus (counts in docs/rule-names.md).
const CORPUS: &[(&str, usize)] = &[
    ("Japanese", 4954),
    ("Chinese", 1265),
    ("japanese", 432),
    ("chinese", 59),
    ("AGA", 59),
    ("New Zealand", 13),
    ("NZ", 5),
    ("GOE", 1),
];

#[test]
fn every_rules_name_in_the_corpus_is_read() {
    for &(text, _) in CORPUS {
        let d = known(text);
        assert_eq!(d.form, Form::SgfName, "{text}");
    }
    // RU[] (3 files) names nothing.
    assert_eq!(read(""), Err(NameError::Empty));
    assert_eq!(read("  "), Err(NameError::Empty));
}

#[test]
fn japanese_and_korean_are_territory_rules_mapped_to_pauli() {
    for text in [
        "Japanese",
        "japanese",
        "JAPANESE",
        "Japanese rules",
        "J89",
        "Korean",
    ] {
        let d = known(text);
        assert_eq!(d.scoring, Scoring::Territory, "{text}");
        assert_eq!(d.counting(), Counting::Territory);
        assert_eq!(d.ko, Ko::Simple);
        assert_eq!(d.tax, Tax::Seki);
        assert!(!d.suicide);
        assert_eq!(d.komi, Some(6.5));
        let m = d.mapping();
        assert_eq!(m.ruleset, "pauli");
        assert_eq!(m.target, Target::Pauli);
        assert!(!m.exact);
        assert!(
            m.explain().contains("(territory scoring) → pauli"),
            "{}",
            m.explain()
        );
    }
    let m = known("Japanese").mapping();
    assert!(
        m.explain()
            .starts_with("Japanese (territory scoring) → pauli: Pauli's Logical Japanese Rules"),
        "{}",
        m.explain()
    );
    assert!(m.explain().contains("ko confirmation"));
    assert_eq!(known("Korean").name, "Korean");
}

#[test]
fn chinese_in_a_record_is_the_written_rules() {
    for text in ["Chinese", "chinese", "CHINESE", "Chinese rules", "中国规则"] {
        let d = known(text);
        assert_eq!(d.name, "Chinese");
        assert_eq!(d.scoring, Scoring::Area);
        assert_eq!(d.ko, Ko::Positional, "{text}: text 004 禁止全局同形");
        assert!(!d.suicide);
        assert_eq!(d.white_handicap_bonus, HandicapBonus::N);
        assert!(d.friendly_pass_ok);
        assert_eq!(d.komi, Some(7.5));
        assert!(
            d.notes.iter().any(|n| n.contains("simple ko")),
            "{:?}",
            d.notes
        );
        assert_eq!(
            chinese_target(&d),
            (false, SuperkoKind::Positional, HandicapBonus::N)
        );
        let m = d.mapping();
        assert_eq!(m.ruleset, "chinese");
        assert!(m.explain().starts_with("Chinese (area scoring) → chinese (suicide forbidden, positional superko, handicap compensation n)"), "{}", m.explain());
    }
}

#[test]
fn aga_nz_and_goe_map_to_chinese_with_their_options() {
    let aga = known("AGA");
    assert_eq!(aga.ko, Ko::Situational);
    assert_eq!(aga.white_handicap_bonus, HandicapBonus::NMinusOne);
    assert_eq!(
        chinese_target(&aga),
        (false, SuperkoKind::Situational, HandicapBonus::NMinusOne)
    );
    for text in ["NZ", "New Zealand", "new-zealand", "nz"] {
        let nz = known(text);
        assert_eq!(nz.name, "New Zealand");
        assert!(nz.suicide);
        assert_eq!(
            chinese_target(&nz),
            (true, SuperkoKind::Situational, HandicapBonus::Zero),
            "{text}"
        );
    }
    for text in ["GOE", "Ing", "ing", "Ing's"] {
        let goe = known(text);
        assert_eq!(goe.name, "GOE");
        assert!(goe.mapping().explain().contains("fill-in counting"));
        assert_eq!(
            chinese_target(&goe),
            (true, SuperkoKind::Positional, HandicapBonus::Zero),
            "{text}"
        );
    }
}

#[test]
fn tromp_taylor_in_every_spelling_is_tromp_taylor_exactly() {
    for text in [
        "Tromp-Taylor",
        "Tromp/Taylor",
        "tromp taylor",
        "TrompTaylor",
        "TT",
        "tromp_taylor rules",
    ] {
        let d = known(text);
        assert_eq!(d.name, "Tromp-Taylor", "{text}");
        let m = d.mapping();
        assert_eq!(m.ruleset, "tromp-taylor");
        assert!(m.exact);
        assert!(m.changes.is_empty());
        assert!(
            m.explain().ends_with("→ tromp-taylor: the same rules"),
            "{}",
            m.explain()
        );
    }
    assert!(
        known("TT")
            .notes
            .iter()
            .any(|n| n.contains("read as Tromp-Taylor"))
    );
    assert!(known("Tromp/Taylor").notes.is_empty());
}

#[test]
fn chinese_tromp_taylor_is_chinese_played_out() {
    let d = known("Chinese/Tromp-Taylor");
    assert_eq!(d.name, "Chinese/Tromp-Taylor");
    assert!(!d.suicide);
    assert!(!d.friendly_pass_ok);
    assert_eq!(
        chinese_target(&d),
        (false, SuperkoKind::Positional, HandicapBonus::Zero)
    );
    assert!(
        d.mapping()
            .explain()
            .contains("count the board as it stands: score with no dead stones removed")
    );
}

#[test]
fn unknown_names_are_never_guessed() {
    for text in [
        "Mah-jong",
        "Japanese-ish",
        "chinesish",
        "Kor",
        "Chinese 1988",
        "Go",
        "?",
    ] {
        assert_eq!(
            read(text),
            Err(NameError::Unknown(text.to_owned())),
            "{text}"
        );
    }
    let e = read("Mah-jong").unwrap_err();
    assert_eq!(e.to_string(), "unknown rules name \"Mah-jong\"");
}

// ---------------------------------------------------------------- KataGo presets

/// KataGo's GTP documentation, `kata-set-rules`: each shorthand and its JSON equivalent.
const GTP_DOC: &[(&str, &str)] = &[
    (
        "tromp-taylor",
        r#"{"hasButton":false,"ko":"POSITIONAL", "scoring":"AREA",     "suicide":true, "tax":"NONE","whiteHandicapBonus":"0"}"#,
    ),
    (
        "chinese",
        r#"{"hasButton":false,"ko":"SIMPLE",     "scoring":"AREA",     "suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}"#,
    ),
    (
        "chinese-ogs",
        r#"{"hasButton":false,"ko":"POSITIONAL", "scoring":"AREA",     "suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}"#,
    ),
    (
        "chinese-kgs",
        r#"{"hasButton":false,"ko":"POSITIONAL", "scoring":"AREA",     "suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}"#,
    ),
    (
        "japanese",
        r#"{"hasButton":false,"ko":"SIMPLE",     "scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"}"#,
    ),
    (
        "korean",
        r#"{"hasButton":false,"ko":"SIMPLE",     "scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"}"#,
    ),
    (
        "stone-scoring",
        r#"{"hasButton":false,"ko":"SIMPLE",     "scoring":"AREA",     "suicide":false,"tax":"ALL", "whiteHandicapBonus":"0"}"#,
    ),
    (
        "aga",
        r#"{"hasButton":false,"ko":"SITUATIONAL","scoring":"AREA",     "suicide":false,"tax":"NONE","whiteHandicapBonus":"N-1"}"#,
    ),
    (
        "bga",
        r#"{"hasButton":false,"ko":"SITUATIONAL","scoring":"AREA",     "suicide":false,"tax":"NONE","whiteHandicapBonus":"N-1"}"#,
    ),
    (
        "new-zealand",
        r#"{"hasButton":false,"ko":"SITUATIONAL","scoring":"AREA",     "suicide":true, "tax":"NONE","whiteHandicapBonus":"0"}"#,
    ),
    (
        "aga-button",
        r#"{"hasButton":true, "ko":"SITUATIONAL","scoring":"AREA",     "suicide":false,"tax":"NONE","whiteHandicapBonus":"N-1"}"#,
    ),
];

#[test]
fn katago_presets_match_its_documentation() {
    for &(name, json) in GTP_DOC {
        let p = read_katago(name).unwrap();
        assert_eq!(p.form, Form::KataGoPreset);
        let j = read_katago(json).unwrap();
        assert_eq!(j.form, Form::KataGoJson);
        // friendlyPassOk is not in the documented JSON; everything else must agree.
        assert!(
            p.ko == j.ko
                && p.scoring == j.scoring
                && p.tax == j.tax
                && p.suicide == j.suicide
                && p.has_button == j.has_button
                && p.white_handicap_bonus == j.white_handicap_bonus,
            "{name}: {p:?} vs {j:?}"
        );
    }
}

#[test]
fn every_katago_preset_spelling_is_read() {
    let spellings: &[(&str, &str)] = &[
        ("japanese", "Japanese"),
        ("korean", "Korean"),
        ("chinese", "Chinese"),
        ("chineseogs", "Chinese-OGS"),
        ("chinese_ogs", "Chinese-OGS"),
        ("chinese-ogs", "Chinese-OGS"),
        ("chinesekgs", "Chinese-KGS"),
        ("chinese_kgs", "Chinese-KGS"),
        ("chinese-kgs", "Chinese-KGS"),
        ("ancientarea", "Ancient area"),
        ("ancient-area", "Ancient area"),
        ("ancient_area", "Ancient area"),
        ("ancient area", "Ancient area"),
        ("stonescoring", "Stone scoring"),
        ("stone-scoring", "Stone scoring"),
        ("stone_scoring", "Stone scoring"),
        ("stone scoring", "Stone scoring"),
        ("ancientterritory", "Ancient territory"),
        ("ancient-territory", "Ancient territory"),
        ("ancient_territory", "Ancient territory"),
        ("ancient territory", "Ancient territory"),
        ("agabutton", "AGA button"),
        ("aga-button", "AGA button"),
        ("aga_button", "AGA button"),
        ("aga button", "AGA button"),
        ("aga", "AGA"),
        ("bga", "BGA"),
        ("french", "French"),
        ("nz", "New Zealand"),
        ("newzealand", "New Zealand"),
        ("new zealand", "New Zealand"),
        ("new-zealand", "New Zealand"),
        ("new_zealand", "New Zealand"),
        ("tromp-taylor", "Tromp-Taylor"),
        ("tromp_taylor", "Tromp-Taylor"),
        ("tromp taylor", "Tromp-Taylor"),
        ("tromptaylor", "Tromp-Taylor"),
        ("goe", "GOE"),
        ("ing", "Ing"),
    ];
    for &(text, name) in spellings {
        let d = read_katago(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(d.name, name);
        // Any case, trimmed, as KataGo lower-cases and trims.
        let upper = format!("  {}  ", text.to_uppercase());
        assert!(read_katago(&upper).unwrap().same_rules(&d), "{upper:?}");
        // The record reading knows every KataGo preset too, and agrees on all but `chinese`.
        let r = known(text);
        if text == "chinese" {
            assert_eq!((r.ko, d.ko), (Ko::Positional, Ko::Simple));
        } else {
            assert!(r.same_rules(&d), "{text}: {r:?} vs {d:?}");
        }
    }
    let count: usize = PRESETS.iter().map(|(_, s, _)| s.len()).sum();
    assert_eq!(count, spellings.len(), "every preset spelling is tested");
}

#[test]
fn katago_default_komi_per_preset() {
    for (text, komi) in [
        ("japanese", 6.5),
        ("chinese", 7.5),
        ("aga", 7.5),
        ("aga-button", 7.0),
        ("ancient-territory", 6.5),
        ("tromp-taylor", 7.5),
        // KataGo's rules.cpp gives its preset nz 7.5 (not the New Zealand rules' 7).
        ("nz", 7.5),
    ] {
        assert_eq!(read_katago(text).unwrap().komi, Some(komi), "{text}");
    }
}

/// The komi a name carries, as `read` gives it for records and `--rules`: the rules' own where
/// their text names one (New Zealand: 7), KataGo's default for its presets, the number a
/// KataGo string writes.
#[test]
fn names_and_strings_carry_their_komi() {
    for (text, komi) in [
        ("NZ", 7.0),
        ("new_zealand", 7.0),
        ("aga-button", 7.0),
        ("AGA", 7.5),
        ("Japanese", 6.5),
        ("chinese", 7.5),
        ("komi23taxALL", 23.0),
        ("komi23taxALLsui0", 23.0),
        ("koSIMPLEscoreTERRITORY", 6.5),
        ("scoreAREAbutton1", 7.0),
        (r#"{"komi":-3.5}"#, -3.5),
    ] {
        assert_eq!(read(text).unwrap().komi, Some(komi), "{text}");
    }
    let nz = read("nz").unwrap();
    assert!(nz.notes.iter().any(|n| n.contains("7 points")), "{nz:?}");
    let tax = read("komi23taxALL").unwrap();
    assert_eq!((tax.tax, tax.scoring), (Tax::All, Scoring::Area));
}

#[test]
fn katago_reads_only_its_own_spellings() {
    // KataGo knows no `Tromp/Taylor`, `TT` or `Ing's`; records do.
    for text in ["Tromp/Taylor", "TT", "Ing's", "J89"] {
        assert!(
            matches!(read_katago(text), Err(NameError::Unknown(_))),
            "{text}"
        );
        assert!(read(text).is_ok());
    }
}

// ---------------------------------------------------------------- KataGo's short form

#[test]
fn short_form_as_in_the_brief() {
    let d = known("koPOSITIONALscoreAREAsui1");
    assert_eq!(d.form, Form::KataGoShort);
    assert_eq!(
        d.name, "Tromp-Taylor",
        "the same settings as KataGo's Tromp-Taylor"
    );
    assert_eq!(d.mapping().ruleset, "tromp-taylor");
    assert!(d.mapping().exact);
    assert_eq!(d.komi, Some(7.5));
    assert_eq!(d.tax, Tax::None);
}

#[test]
fn short_form_every_key() {
    let d = read_katago("koSITUATIONALscoringAREAtaxALLsui0button1whbN-1fpok1komi6").unwrap();
    assert_eq!(d.ko, Ko::Situational);
    assert_eq!(d.scoring, Scoring::Area);
    assert_eq!(d.tax, Tax::All);
    assert!(!d.suicide);
    assert!(d.has_button);
    assert_eq!(d.white_handicap_bonus, HandicapBonus::NMinusOne);
    assert!(d.friendly_pass_ok);
    assert_eq!(d.komi, Some(6.0));
    assert_eq!(d.name, "custom");
    // Spaces between tokens, any order; `whbN` vs `whbN-1`; `koSPIGHT`; `scoreTERRITORY`.
    let d = read_katago("  whbN  scoreTERRITORY koSPIGHT sui1 ").unwrap();
    assert_eq!(d.white_handicap_bonus, HandicapBonus::N);
    assert_eq!(d.ko, Ko::Spight);
    assert_eq!(
        d.tax,
        Tax::Seki,
        "unspecified tax follows territory scoring"
    );
    assert_eq!(d.komi, Some(6.5), "territory komi by default");
    assert_eq!(read_katago("button1").unwrap().komi, Some(7.0));
    assert_eq!(read_katago("komi-3.5").unwrap().komi, Some(-3.5));
    assert_eq!(read_katago("koSIMPLE").unwrap().ko, Ko::Simple);
    assert!(!read_katago("fpok0").unwrap().friendly_pass_ok);
    assert_eq!(
        read_katago("whb0").unwrap().white_handicap_bonus,
        HandicapBonus::Zero
    );
}

#[test]
fn short_form_as_katago_writes_it_names_the_preset() {
    let d = known("koSIMPLEscoreTERRITORYtaxSEKIsui0");
    assert_eq!(d.name, "Japanese");
    assert_eq!(d.mapping().ruleset, "pauli");
    let d = known("koPOSITIONALscoreAREAtaxNONEsui0whbNfpok1komi7.5");
    assert_eq!(d.name, "Chinese-OGS");
    assert!(
        d.notes
            .iter()
            .any(|n| n.contains("KataGo's preset Chinese-OGS"))
    );
}

#[test]
fn short_and_json_forms_round_trip_every_preset() {
    for (name, spellings, _) in PRESETS {
        let d = read_katago(spellings[0]).unwrap();
        let short = read_katago(&d.katago()).unwrap();
        assert!(short.same_rules(&d), "{name}: {}", d.katago());
        let json = read_katago(&d.katago_json()).unwrap();
        assert!(json.same_rules(&d), "{name}: {}", d.katago_json());
        assert_eq!(json.komi, d.komi);
    }
    assert_eq!(
        read_katago("tromp-taylor").unwrap().katago(),
        "koPOSITIONALscoreAREAtaxNONEsui1"
    );
    assert_eq!(
        read_katago("aga-button").unwrap().katago(),
        "koSITUATIONALscoreAREAtaxNONEsui0button1whbN-1fpok1"
    );
}

#[test]
fn malformed_short_forms_are_errors_that_say_where() {
    for text in [
        "koFOO",
        "koPOSITIONALscoreAREAsui2",
        "koPOSITIONAL scoreAREA sui1 extra",
        "scoreAREAS",
        "taxSOME",
        "whbN+1",
        "whb2",
        "button2",
        "fpok2",
        "komi7.5x",
        "sui1koPOSITIONALfoo",
    ] {
        match read(text) {
            Err(NameError::Malformed { text: t, reason }) => {
                assert_eq!(t, text);
                assert!(!reason.is_empty());
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
    let e = read("koFOO").unwrap_err().to_string();
    assert!(e.contains("koFOO") && e.contains("FOO"), "{e}");
    // Not like the short form at all: unknown, not malformed.
    assert!(matches!(read("komik"), Err(NameError::Unknown(_))));
    assert!(matches!(read("kosher"), Err(NameError::Unknown(_))));
    assert!(matches!(read("kopositional"), Err(NameError::Unknown(_))));
    // Only a text that begins with `{` is read as JSON (as KataGo does).
    assert!(matches!(read(r#"["ko"]"#), Err(NameError::Unknown(_))));
}

// ---------------------------------------------------------------- KataGo's JSON form

#[test]
fn json_form_as_kata_get_rules_answers() {
    let text = r#"{"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"N-1"}"#;
    let d = known(text);
    assert_eq!(d.form, Form::KataGoJson);
    assert_eq!(d.ko, Ko::Positional);
    assert_eq!(d.white_handicap_bonus, HandicapBonus::NMinusOne);
    assert_eq!(d.name, "custom");
    assert_eq!(
        chinese_target(&d),
        (true, SuperkoKind::Positional, HandicapBonus::NMinusOne)
    );
    let d = known(r#"{"ko":"POSITIONAL","scoring":"AREA","suicide":true}"#);
    assert_eq!(d.name, "Tromp-Taylor");
    let d = known(r#" {"score":"TERRITORY","komi":5.5,"friendlyPassOk":true} "#);
    assert_eq!(d.scoring, Scoring::Territory);
    assert_eq!(d.tax, Tax::Seki);
    assert_eq!(d.komi, Some(5.5));
    assert!(d.friendly_pass_ok);
    assert_eq!(known("{}").name, "Tromp-Taylor");
    assert_eq!(known(r#"{"hasButton":true}"#).komi, Some(7.0));
}

#[test]
fn malformed_json_forms_are_errors() {
    for (text, why) in [
        (r#"{"ko":"POSITIONAL""#, "not JSON"),
        (r#"{"ko":["POSITIONAL"]}"#, "must be a string"),
        (r#"{"ko":"positional"}"#, "invalid ko rule"),
        (r#"{"ko":1}"#, "must be a string"),
        (r#"{"scoring":"AREAS"}"#, "invalid scoring rule"),
        (r#"{"tax":"SOME"}"#, "invalid tax rule"),
        (r#"{"suicide":"true"}"#, "must be true or false"),
        (r#"{"hasButton":1}"#, "must be true or false"),
        (
            r#"{"whiteHandicapBonus":"N-2"}"#,
            "invalid whiteHandicapBonus",
        ),
        (r#"{"whiteHandicapBonus":0}"#, "must be a string"),
        (r#"{"komi":7.3}"#, "half-integer"),
        (r#"{"komi":200}"#, "half-integer"),
        (r#"{"komi":"7.5"}"#, "must be a number"),
        (r#"{"button":true}"#, "unknown rules option"),
    ] {
        match read(text) {
            Err(NameError::Malformed { reason, .. }) => {
                assert!(reason.contains(why), "{text}: {reason}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

// ---------------------------------------------------------------- descriptions and mappings

#[test]
fn describe_says_everything_in_words() {
    let d = known("AGA").describe();
    for word in [
        "AGA: area scoring",
        "situational superko",
        "suicide forbidden",
        "N−1 points to White",
        "dead stones agreed",
        "komi 7.5",
        "read \"AGA\" as a rules name",
    ] {
        assert!(d.contains(word), "{word}: {d}");
    }
    let d = read_katago("aga-button").unwrap().describe();
    assert!(d.contains("button"), "{d}");
    assert!(d.contains("a KataGo preset"), "{d}");
    let d = known("Japanese").describe();
    assert!(
        d.contains("territory scoring") && d.contains("no points in seki"),
        "{d}"
    );
}

#[test]
fn mappings_explain_what_they_change() {
    let m = read_katago("chinese").unwrap().mapping();
    assert!(
        m.explain()
            .contains("simple ko, with the ending of a repetition"),
        "{}",
        m.explain()
    );
    assert!(
        matches!(
            m.target,
            Target::Chinese {
                ko: KoRule::Simple,
                ..
            }
        ),
        "{:?}",
        m.target
    );
    assert!(
        m.explain()
            .contains("chinese (suicide forbidden, simple ko,")
    );
    // Superko rules keep superko.
    let m = read("chinese").unwrap().mapping();
    assert!(matches!(
        m.target,
        Target::Chinese {
            ko: KoRule::Superko,
            ..
        }
    ));
    let m = read_katago("stone-scoring").unwrap().mapping();
    assert!(m.explain().contains("group tax"), "{}", m.explain());
    let m = read_katago("aga-button").unwrap().mapping();
    assert!(m.explain().contains("button"), "{}", m.explain());
    let m = read_katago("ancient-territory").unwrap().mapping();
    assert_eq!(m.ruleset, "pauli");
    assert!(m.explain().contains("group tax"), "{}", m.explain());
    let m = read_katago("koSPIGHTscoreAREAsui0fpok1").unwrap().mapping();
    assert!(m.explain().contains("Spight"), "{}", m.explain());
    let m = read_katago("scoreTERRITORYsui1whbN").unwrap().mapping();
    assert!(m.explain().contains("Pauli rule 10"), "{}", m.explain());
    assert!(m.explain().contains("handicap bonus"), "{}", m.explain());
    // Nothing maps to `logical`.
    for (_, spellings, _) in PRESETS {
        assert_ne!(
            read_katago(spellings[0]).unwrap().mapping().ruleset,
            "logical"
        );
    }
}

#[test]
fn descriptions_serialise() {
    let v = serde_json::to_value(known("NZ")).unwrap();
    assert_eq!(v["ko"], "situational");
    assert_eq!(v["white_handicap_bonus"], "0");
    assert_eq!(v["form"], "sgf-name");
    let m = serde_json::to_value(known("AGA").mapping()).unwrap();
    assert_eq!(m["ruleset"], "chinese");
    assert_eq!(m["target"]["superko"], "situational");
}

#[test]
fn the_fold_ignores_case_separators_and_a_trailing_rules() {
    assert_eq!(names::fold(" Tromp/Taylor "), "tromp taylor");
    assert_eq!(names::fold("New_Zealand  Rules"), "new zealand");
    assert_eq!(names::fold("Chinese/Tromp-Taylor"), "chinese tromp taylor");
    assert_eq!(names::fold("rules"), "rules");
    for n in SGF_NAMES {
        for s in n.spellings {
            assert_eq!(names::fold(s), *s, "spellings are stored folded");
        }
    }
}

// ---------------------------------------------------------------- from mutation testing

/// Two descriptions name the same rules only when every rule field agrees; komi and the
/// name do not matter.
#[test]
fn same_rules_compares_every_rule_field() {
    let base = known("Chinese");
    let mut same = base.clone();
    same.komi = Some(0.5);
    same.name = "other".into();
    assert!(base.same_rules(&same));
    let variants: Vec<RulesDescription> = vec![
        RulesDescription {
            ko: Ko::Simple,
            ..base.clone()
        },
        RulesDescription {
            scoring: Scoring::Territory,
            ..base.clone()
        },
        RulesDescription {
            tax: Tax::All,
            ..base.clone()
        },
        RulesDescription {
            suicide: !base.suicide,
            ..base.clone()
        },
        RulesDescription {
            has_button: !base.has_button,
            ..base.clone()
        },
        RulesDescription {
            white_handicap_bonus: HandicapBonus::NMinusOne,
            ..base.clone()
        },
        RulesDescription {
            friendly_pass_ok: !base.friendly_pass_ok,
            ..base.clone()
        },
    ];
    for v in &variants {
        assert!(!base.same_rules(v), "{v}");
        assert!(!v.same_rules(&base), "{v}");
    }
    assert_eq!(base.to_string(), base.describe());
}

/// Korean rules get the same warning as Japanese; Ing's and GOE's ko and counting are named;
/// a declared superko is named in Pauli's mapping.
#[test]
fn mappings_name_the_rules_they_depart_from() {
    for name in ["Japanese", "Korean"] {
        let m = known(name).mapping().explain();
        assert!(
            m.contains(&format!("the {name} rules' ko confirmation")),
            "{m}"
        );
    }
    for name in ["GOE", "Ing"] {
        let m = known(name).mapping().explain();
        assert!(m.contains("Ing's own ko rules"), "{name}: {m}");
    }
    assert!(
        !known("AGA")
            .mapping()
            .explain()
            .contains("Ing's own ko rules")
    );
    for (text, words) in [
        (
            "koPOSITIONALscoreTERRITORYsui0",
            "the declared positional superko becomes",
        ),
        (
            "koSITUATIONALscoreTERRITORYsui0",
            "the declared situational superko becomes",
        ),
        (
            "koSPIGHTscoreTERRITORYsui0",
            "the declared Spight ko rule becomes",
        ),
    ] {
        let m = read_katago(text).unwrap().mapping().explain();
        assert!(m.contains(words), "{text}: {m}");
    }
    let m = read_katago("koSIMPLEscoreTERRITORYsui0")
        .unwrap()
        .mapping()
        .explain();
    assert!(!m.contains("the declared"), "{m}");
}

/// The details of the short and JSON forms: Spight's ko in JSON, komi ended by a space, komi
/// out of range, and what counts as an attempt at the short form.
#[test]
fn short_and_json_form_details() {
    assert_eq!(known(r#"{"ko":"SPIGHT"}"#).ko, Ko::Spight);
    let d = known("komi6.5 scoreAREA");
    assert_eq!((d.komi, d.scoring), (Some(6.5), Scoring::Area));
    assert_eq!(known("komi100000").komi, Some(100_000.0));
    for text in ["komi100001", "komi-200000"] {
        match read(text) {
            Err(NameError::Malformed { reason, .. }) => {
                assert!(reason.contains("out of range"), "{text}: {reason}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // A komi beginning with a sign or a point is an attempt at the short form.
    for text in ["komi+x", "komi.x", "komi-x", "whbNx"] {
        assert!(
            matches!(read(text), Err(NameError::Malformed { .. })),
            "{text}: {:?}",
            read(text)
        );
    }
    assert!(matches!(read("whbx"), Err(NameError::Unknown(_))));
}
