//! The counts of `check` and its JSON Lines records, from games carried through the pipeline
//! as the command carries them.

use super::*;
use crate::json::{ErrorReport, FileReport, GameEntry};
use crate::testing::{OPEN_7X7, file, fixture, plan, plan_with};
use rules_core::{AssessmentSource, DeadBasis};
use serde_json::json;

/// A file that could not be read at all, with an error of this kind.
fn unreadable(name: &str, kind: &str) -> FileReport {
    FileReport {
        file: name.to_owned(),
        encoding: None,
        error: Some(ErrorReport::new(kind, "cannot read it")),
        games: Vec::new(),
    }
}

/// Counts the files into `c`; their problem lines as the table writes them.
fn add(c: &mut Counts, files: &[FileReport]) -> Vec<String> {
    let problems = files.iter().flat_map(|f| c.add_file(f));
    problems
        .map(|p| format!("{}: {}", p.place, p.what))
        .collect()
}

/// A 3x3 game of one black stone, every point Black's: B+8.5 under `tt`.
const CENTRE: &str = "(;GM[1]FF[4]SZ[3]KM[0.5];B[bb];W[];B[])";

/// What a count rests on: where its assessment came from, and its dead basis as `(unproved
/// chains, confidence)`, `None` for a count with none.
type Basis = (AssessmentSource, Option<(u32, Option<f64>)>);

/// The game counted once for each of `bases`, a game apiece, numbered from 1.
fn counted_on(bases: &[Basis]) -> FileReport {
    let mut f = file("e.sgf", CENTRE.as_bytes(), &plan("tt"));
    let GameEntry::Report(r) = f.games.remove(0) else {
        panic!("a replayed game")
    };
    for (game, &(source, basis)) in (1..).zip(bases) {
        let mut r = r.clone();
        r.game = game;
        let score = r.verdicts[0].score.as_mut().expect("a count");
        score.assessment = source;
        score.dead_basis = basis.map(|(unproved_chains, confidence)| DeadBasis {
            unproved_chains,
            confidence,
            ..DeadBasis::default()
        });
        f.games.push(GameEntry::Report(r));
    }
    f
}

/// Only the kinds that say the input was never read are unreadable; a reader's kind (the
/// text was read and found malformed) and an engine's failure are not.
#[test]
fn only_the_kinds_of_input_that_cannot_be_read_are_unreadable() {
    for kind in ["io", "no-match", "archive-member", "too-large"] {
        assert!(is_unreadable(kind), "{kind}");
    }
    for kind in ["no-game-tree", "not-go", ENGINE_KIND, ""] {
        assert!(!is_unreadable(kind), "{kind}");
    }
}

/// Files that cannot be read, games that cannot be read and games whose engine failed are
/// each counted where they belong, by kind, with a problem line naming the place.
#[test]
fn errors_are_counted_by_kind_where_they_belong() {
    let tt = plan("tt");
    let a = format!("{CENTRE}(;GM[2]SZ[5];B[aa])(;GM[2])");
    let mut engine = file("e.sgf", CENTRE.as_bytes(), &tt);
    engine.games[0] = GameEntry::Error {
        game: 1,
        error: ErrorReport::new(ENGINE_KIND, "the engine hung"),
    };
    let files = [
        file("a.sgf", a.as_bytes(), &tt),
        file("b.sgf", b"nothing here", &tt),
        unreadable("gone.sgf", "io"),
        engine,
    ];
    let mut c = Counts::default();
    assert_eq!(
        add(&mut c, &files),
        [
            "a.sgf game 2: error [not-go]: line 1, column 45: GM[2] is not a game of Go (GM[1])",
            "a.sgf game 3: error [not-go]: line 1, column 64: GM[2] is not a game of Go (GM[1])",
            "b.sgf: error [no-game-tree]: line 1, column 1: no SGF game tree: the text has no '(' \
             followed by ';'",
            "gone.sgf: error [io]: cannot read it",
            "e.sgf game 1: error [engine]: the engine hung",
        ]
    );
    let f = c.files;
    assert_eq!((f.total, f.read, f.unreadable, f.skipped), (4, 2, 2, 0));
    let g = c.games;
    assert_eq!((g.total, g.replayed, g.unreadable, g.failed), (4, 1, 2, 1));
    let errors: Vec<(&str, u64)> = c.errors.iter().map(|(k, n)| (k.as_str(), *n)).collect();
    assert_eq!(
        errors,
        [("engine", 1), ("io", 1), ("no-game-tree", 1), ("not-go", 2)]
    );
    let n = c.findings;
    assert_eq!((n.parse_error, n.unreadable, n.engine_error), (3, 1, 1));
    // What failed is written when it is not 0.
    let json = serde_json::to_value(&c).unwrap();
    assert_eq!(json["games"]["failed"], 1);
    assert_eq!(json["findings"]["engine_error"], 1);
}

/// Each ruleset has its row, in the order met: its games, legal or forbidden (by the reason
/// of the first forbidden move), and how its counts compare with the records.
#[test]
fn each_ruleset_counts_its_games_forbidden_moves_and_comparisons() {
    let both = plan("tt,pauli");
    let agrees = CENTRE.replace("KM[0.5]", "KM[0.5]RE[B+8.5]");
    let half_off = CENTRE.replace("KM[0.5]", "KM[0.5]RE[B+9]");
    let resigned = CENTRE.replace("KM[0.5]", "KM[0.5]RE[W+R]");
    let suicide = fixture("chinese/suicide_single_stone.sgf");
    let mut c = Counts::default();
    let files = [agrees + &half_off, resigned + CENTRE, suicide]
        .map(|sgf| file("a.sgf", sgf.as_bytes(), &both));
    let problems = add(&mut c, &files);
    assert_eq!(problems.len(), 5, "{problems:#?}");
    let row = |r: &RulesetSummary| {
        let (x, reasons) = (r.result, r.forbidden_by_reason.iter());
        let reasons: Vec<String> = reasons.map(|(k, n)| format!("{k} {n}")).collect();
        let counts = [
            r.games,
            r.legal,
            r.forbidden,
            x.agrees,
            x.within_one,
            x.differs,
        ];
        let more = [
            x.undecided,
            x.not_comparable,
            x.no_result,
            r.undecided,
            r.unscored,
        ];
        (r.ruleset.clone(), counts, more, reasons)
    };
    let rows: Vec<_> = c.rulesets.iter().map(row).collect();
    assert_eq!(
        rows,
        [
            (
                "tromp-taylor".to_owned(),
                [5, 4, 1, 1, 2, 1],
                [0, 1, 2, 0, 0],
                vec!["superko-positional 1".to_owned()]
            ),
            (
                "pauli".to_owned(),
                [5, 4, 1, 0, 1, 2],
                [0, 1, 2, 0, 0],
                vec!["suicide 1".to_owned()]
            ),
        ]
    );
    let n = c.findings;
    assert_eq!(
        (n.forbidden, n.mismatch, n.undecided, n.uncertain),
        (1, 2, 0, 0)
    );
}

/// A forbidden move and a difference from the record are each a problem line that names the
/// ruleset, the move (or both results) and the rule.
#[test]
fn a_forbidden_move_and_a_difference_are_problem_lines() {
    let suicide = fixture("chinese/suicide_single_stone.sgf");
    let half_off = CENTRE.replace("KM[0.5]", "KM[0.5]RE[B+9]");
    let tt = plan("tt");
    let files = [
        file("s.sgf", suicide.as_bytes(), &tt),
        file("h.sgf", half_off.as_bytes(), &tt),
    ];
    assert_eq!(
        add(&mut Counts::default(), &files),
        [
            "s.sgf game 1: tromp-taylor: move 4 (W A3) is forbidden: superko-positional — \
             Tromp–Taylor rule 6 (text 004): a move may not repeat an earlier grid colouring; \
             text 001 §Games 3.2: b(i+1) ≠ b(j) for all j ≤ i",
            "h.sgf game 1: tromp-taylor: result differs from the record: record says B+9, \
             computed B+8.5",
        ]
    );
}

/// Points the control test left undecided are counted (and a problem) only in a count that
/// leaves some; a count that leaves none is not undecided.
#[test]
fn undecided_points_are_counted_only_when_a_count_leaves_some() {
    let pauli = plan_with("pauli", analysis::DeadSource::Proved);
    let open = OPEN_7X7.replace("KM[0.5]", "KM[0.5]RE[W+0.5]");
    let settled = CENTRE.replace("KM[0.5]", "KM[0.5]RE[B+7.5]");
    let mut c = Counts::default();
    let files = [
        file("o.sgf", open.as_bytes(), &pauli),
        file("s.sgf", settled.as_bytes(), &pauli),
    ];
    assert_eq!(
        add(&mut c, &files),
        ["o.sgf game 1: pauli: 49 point(s) undecided in the count"]
    );
    let r = &c.rulesets[0];
    assert_eq!(
        (r.games, r.undecided, r.result.undecided, r.result.agrees),
        (2, 1, 1, 1)
    );
    assert_eq!((c.findings.undecided, c.findings.mismatch), (1, 0));
}

/// A ruleset that could make no count is counted as not counted, says why, and its
/// comparison with the record is not comparable.
#[test]
fn a_count_that_could_not_be_made_is_not_counted_and_says_why() {
    let plan = plan_with(
        "chinese",
        analysis::DeadSource::Points(vec!["A1".to_owned()]),
    );
    let game = b"(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+0.5];B[cc];W[];B[])";
    let mut c = Counts::default();
    assert_eq!(
        add(&mut c, &[file("d.sgf", game, &plan)]),
        [
            "d.sgf game 1: chinese: no count: the assessment of the end position is \
             inconsistent: A1 is named dead (user) but holds no stone"
        ]
    );
    let r = &c.rulesets[0];
    assert_eq!((r.games, r.unscored, r.result.not_comparable), (1, 1, 1));
}

/// A difference the numbers explain (the handicap compensation) is still a difference, and
/// counted apart too; one they do not explain is not.
#[test]
fn a_difference_with_a_likely_cause_is_counted_apart() {
    let plan = plan_with("chinese", analysis::DeadSource::Markup);
    let handicap = fixture("chinese/handicap_compensation_named_in_the_check.sgf");
    let unexplained = CENTRE.replace("KM[0.5]", "KM[0.5]RE[B+9]");
    let mut c = Counts::default();
    add(&mut c, &[file("h.sgf", handicap.as_bytes(), &plan)]);
    add(&mut c, &[file("u.sgf", unexplained.as_bytes(), &plan)]);
    let x = c.rulesets[0].result;
    assert_eq!((x.differs, x.differs_with_likely_cause), (2, 1));
    assert_eq!(c.findings.mismatch, 2);
}

/// A game `--rules recorded` chose no ruleset for is counted apart (not in any ruleset's
/// row), with a problem line saying why.
#[test]
fn a_game_with_no_recorded_ruleset_is_counted_apart() {
    let recorded = plan("recorded");
    let chinese = CENTRE.replace("KM[0.5]", "KM[0.5]RU[Chinese]");
    let mut c = Counts::default();
    let files = [
        file("c.sgf", chinese.as_bytes(), &recorded),
        file("n.sgf", CENTRE.as_bytes(), &recorded),
    ];
    assert_eq!(
        add(&mut c, &files),
        [
            "n.sgf game 1: no ruleset: --rules recorded: the record declares no rules (no RU), \
             and nothing in it names them (no server, komi or event of docs/rule-names.md); no \
             ruleset chosen"
        ]
    );
    assert_eq!(c.no_ruleset, 1);
    let rows: Vec<_> = c
        .rulesets
        .iter()
        .map(|r| (r.ruleset.as_str(), r.games))
        .collect();
    assert_eq!(rows, [("chinese", 1)]);
}

/// A count is filed by the least exact source of its dead stones: an estimate or an engine
/// only when some chain was decided without a proof, the board as it stands when nothing
/// was dead.
#[test]
fn counts_are_filed_by_what_their_dead_stones_rest_on() {
    use AssessmentSource as S;
    let f = counted_on(&[
        (S::Markup, Some((0, None))),
        (S::User, Some((0, None))),
        (S::Proved, Some((0, None))),
        (S::Estimate, Some((2, None))),
        (S::Estimate, Some((0, None))),
        (S::Engine, Some((1, None))),
        (S::Engine, Some((0, None))),
        (S::Proved, None),
        (S::None, Some((0, None))),
    ]);
    let mut c = Counts::default();
    c.count(&f);
    let b = c.rulesets[0].basis;
    let filed = [b.markup, b.user, b.proved, b.estimated, b.engine, b.none];
    assert_eq!(filed, [1, 1, 3, 1, 1, 2]);
}

/// A count rests on an uncertain estimate when its confidence is below an even chance: a
/// finding, with a problem line giving the confidence; at 0.5 or with none it is not.
#[test]
fn a_count_is_uncertain_only_below_an_even_chance() {
    let f = counted_on(&[
        (AssessmentSource::Estimate, Some((3, Some(0.3)))),
        (AssessmentSource::Estimate, Some((3, Some(0.5)))),
        (AssessmentSource::Estimate, Some((3, Some(0.9)))),
        (AssessmentSource::Estimate, Some((3, None))),
    ]);
    let mut c = Counts::default();
    assert_eq!(
        add(&mut c, &[f]),
        [
            "e.sgf game 1: tromp-taylor: the count rests on an estimate of confidence 0.30, \
             below 0.5"
        ]
    );
    assert_eq!((c.rulesets[0].uncertain, c.findings.uncertain), (1, 1));
}

/// A skipped file is one of the files, and nothing else.
#[test]
fn a_skipped_file_counts_among_the_files_only() {
    let mut c = Counts::default();
    c.add_skipped();
    c.add_skipped();
    let f = c.files;
    assert_eq!((f.total, f.read, f.unreadable, f.skipped), (2, 0, 0, 2));
    assert_eq!(c.games.total, 0);
}

/// `--by-folder`: each folder counts its own files (skipped, unreadable, read), and the
/// summaries come in the order of the folders' names.
#[test]
fn each_folder_counts_its_own_files() {
    let tt = plan("tt");
    let mut folders = Folders::new(&["corpus".to_owned()], 1);
    folders.add_file(&file("corpus/b/x.sgf", CENTRE.as_bytes(), &tt));
    folders.add_skipped("corpus/a/README.md");
    folders.add_file(&unreadable("corpus/a/deep/y.sgf", "io"));
    let rows: Vec<_> = folders
        .finish()
        .into_iter()
        .map(|s| {
            let f = s.counts.files;
            let games = s.counts.games.replayed;
            (s.folder, [f.total, f.read, f.unreadable, f.skipped, games])
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("corpus/a".to_owned(), [2, 0, 1, 1, 0]),
            ("corpus/b".to_owned(), [1, 1, 0, 0, 1]),
        ]
    );
}

/// A file named on the command line is an input of its own; it belongs to the folder it is
/// in, not below itself.
#[test]
fn a_file_named_as_an_input_belongs_to_the_folder_it_is_in() {
    let roots = ["games/x.sgf".to_owned(), "y.sgf".to_owned()];
    let folders = Folders::new(&roots, 1);
    assert_eq!(folders.folder_of("games/x.sgf"), "games");
    assert_eq!(folders.folder_of("y.sgf"), ".");
}

/// Every game of a file is a `game` record with its file and encoding; a game that cannot be
/// read is an `error` record naming it; records are one line each.
#[test]
fn a_file_is_a_record_per_game_in_order() {
    let sgf = format!("{CENTRE}(;GM[2]SZ[5];B[aa])");
    let f = file("a.sgf", sgf.as_bytes(), &plan("tt"));
    let mut out = Vec::new();
    write_jsonl_file(&mut out, &f).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with(
            r#"{"type":"game","schema":1,"file":"a.sgf","encoding":"UTF-8","game":1,"board":"3x3","#
        ),
        "{text}"
    );
    assert_eq!(
        lines[1],
        r#"{"type":"error","schema":1,"file":"a.sgf","game":2,"kind":"not-go","message":"line 1, column 45: GM[2] is not a game of Go (GM[1])"}"#
    );
    assert!(text.ends_with("}\n"));
}

/// A file that cannot be read is one `error` record, with no game.
#[test]
fn an_unreadable_file_is_one_error_record() {
    let mut out = Vec::new();
    write_jsonl_file(&mut out, &unreadable("gone.sgf", "io")).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "{\"type\":\"error\",\"schema\":1,\"file\":\"gone.sgf\",\"kind\":\"io\",\"message\":\"cannot read it\"}\n"
    );
}

/// A skipped file is one `skipped` record with its reason.
#[test]
fn a_skipped_file_is_one_record_with_its_reason() {
    let mut out = Vec::new();
    write_jsonl_skipped(&mut out, "d/README.md", "not a game record").unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "{\"type\":\"skipped\",\"schema\":1,\"file\":\"d/README.md\",\"reason\":\"not a game record\"}\n"
    );
}

/// The `summary` record names the version that wrote it and carries the counts, the shard,
/// the status and the exit code.
#[test]
fn the_summary_record_carries_the_counts_and_the_version() {
    let mut s = Summary {
        shard: Some("2/3".to_owned()),
        status: "clean".to_owned(),
        ..Summary::default()
    };
    s.counts.add_skipped();
    let mut out = Vec::new();
    write_jsonl_summary(&mut out, &s).unwrap();
    let text = String::from_utf8(out).unwrap();
    let zero = json!({"total": 0, "replayed": 0, "unreadable": 0});
    let findings = json!({"forbidden": 0, "mismatch": 0, "undecided": 0, "uncertain": 0,
        "parse_error": 0, "unreadable": 0});
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&text).unwrap(),
        json!({
            "type": "summary", "schema": 1, "gorules": env!("CARGO_PKG_VERSION"),
            "files": {"total": 1, "read": 0, "unreadable": 0, "skipped": 1},
            "games": zero, "errors": {}, "rulesets": [], "no_ruleset": 0, "findings": findings,
            "shard": "2/3", "status": "clean", "exit_code": 0
        })
    );
    assert!(text.starts_with("{\"type\":\"summary\",\"schema\":1,\"gorules\":"));
    assert!(text.ends_with("}\n") && text.lines().count() == 1, "{text}");
}
