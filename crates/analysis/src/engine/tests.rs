use super::*;
use pauli_control::Options;

/// The fake engine of the fixtures, in `mode` with these answers.
fn fake(mode: &str, dead: &str, seki: &str, timeout_ms: u64) -> EngineCommand {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/engine/fake-engine.sh"
    );
    EngineCommand {
        command: format!("sh {script} {mode} '{dead}' '{seki}'"),
        timeout: Duration::from_millis(timeout_ms),
    }
}

/// Black's live group with a dead white stone inside (C3) and White's live corner (A6–D7,
/// with two eyes), on 7×7: the control test proves both.
const PROVED: [&str; 7] = [
    ".O.OX..", //
    "OOOOX..", //
    "XXXXX.X", //
    "X...X..", //
    "X.O.X..", //
    "XXXXX.X", //
    "....X..",
];

fn board(rows: &[&str]) -> Board {
    Board::from_diagram(rows).unwrap()
}

fn points(b: &Board, names: &str) -> Vec<Point> {
    let mut v: Vec<Point> = names
        .split_whitespace()
        .map(|n| b.topology().parse_gtp(n).unwrap())
        .collect();
    v.sort_unstable();
    v
}

fn proofs(b: &Board) -> Vec<PointControl> {
    pauli_control::analyze(b, &[], &Options::default())
        .unwrap()
        .points()
        .to_vec()
}

#[test]
fn proofs_win_and_each_contradiction_is_named() {
    let b = board(&PROVED);
    let p = proofs(&b);
    // The engine agrees: the stone in Black's area is dead, nothing else.
    let agree = EngineSaid {
        dead: points(&b, "C3"),
        seki: Vec::new(),
    };
    let v = apply_proofs(&b, &p, &agree);
    assert_eq!(v.assessment.dead, points(&b, "C3"));
    assert_eq!(v.assessment.source, AssessmentSource::Engine);
    assert!(v.contradiction.is_empty());
    // The engine calls White's live corner dead and leaves the dead stone: both overruled.
    let wrong = EngineSaid {
        dead: points(&b, "A6 B6 C6 D6 B7 D7"),
        seki: Vec::new(),
    };
    let v = apply_proofs(&b, &p, &wrong);
    assert_eq!(v.assessment.dead, points(&b, "C3"));
    assert_eq!(v.contradiction.called_dead, points(&b, "A6 B6 C6 D6 B7 D7"));
    assert_eq!(v.contradiction.left_alive, points(&b, "C3"));
    // Where nothing is proved, the engine's word stands.
    let open = apply_proofs(&b, &[], &wrong);
    assert_eq!(open.assessment.dead, wrong.dead);
    assert!(open.contradiction.is_empty());
    // What each count rests on: with the proofs, nothing is the engine's alone; without
    // them, every chain (Black's three, White's two) and every dead stone is.
    let engine_only = |v: &EngineVerdict| v.assessment.unproved.clone().unwrap();
    assert_eq!(engine_only(&v).chains, 0);
    assert!(engine_only(&v).dead.is_empty());
    assert_eq!(engine_only(&open).chains, 5);
    assert_eq!(engine_only(&open).dead, wrong.dead);
    assert_eq!(engine_only(&open).confidence, None);
}

#[test]
fn stones_in_seki_make_their_regions_neutral() {
    // A seki in the corner: White's A2–B1 stones and Black's C-stones share a1.
    let b = board(&[
        "XXX..", //
        "OOX..", //
        ".OX..",
    ]);
    let said = EngineSaid {
        dead: Vec::new(),
        seki: points(&b, "A2 B2 B1"),
    };
    let v = apply_proofs(&b, &[], &said);
    assert_eq!(v.seki, said.seki);
    assert_eq!(v.assessment.neutral, points(&b, "A1"));
    // Without seki nothing is neutral.
    let v = apply_proofs(&b, &[], &EngineSaid::default());
    assert!(v.assessment.neutral.is_empty());
}

#[test]
fn the_stones_are_set_up_alternately() {
    let b = board(&["XX.", "O..", "X.."]);
    let order: Vec<(Color, String)> = set_up_order(&b)
        .into_iter()
        .map(|(c, p)| (c, b.topology().gtp(p).unwrap()))
        .collect();
    let want = [
        (Color::Black, "A3"),
        (Color::White, "A2"),
        (Color::Black, "B3"),
        (Color::Black, "A1"),
    ];
    assert_eq!(
        order,
        want.map(|(c, s)| (c, s.to_owned())),
        "Black's and White's in turn, then the rest"
    );
}

#[test]
fn status_lists_name_stones_of_the_board_or_are_nonsense() {
    let b = board(&PROVED);
    let cmd = "final_status_list dead";
    // A stone names its chain; lines and case do not matter.
    assert_eq!(
        talk::stones(&b, cmd, "a6\nC3").unwrap(),
        points(&b, "A6 B6 C6 D6 B7 D7 C3")
    );
    let why = |text: &str| match talk::stones(&b, cmd, text) {
        Err(Failure::Nonsense { why, token, .. }) => (why, token),
        other => panic!("{text:?}: {other:?}"),
    };
    assert_eq!(why("C3 Z9"), (NonsenseKind::OffBoard, "Z9".to_owned()));
    assert_eq!(
        why("banana"),
        (NonsenseKind::NotAVertex, "banana".to_owned())
    );
    assert_eq!(why("pass"), (NonsenseKind::NotAVertex, "pass".to_owned()));
    assert_eq!(why("B3"), (NonsenseKind::NoStone, "B3".to_owned()));
}

#[test]
fn an_engine_is_asked_once_per_position_and_its_answer_checked_against_proofs() {
    let b = board(&PROVED);
    let control = ControlAssessor::default();
    // The engine calls White's live corner dead and leaves the dead stone alone.
    let engine = fake("answer", "A6", "", 10_000);
    let assessor = EngineAssessor::new(engine, &control, Some(6.5));
    let a = assessor.assess(&b);
    assert_eq!(a.dead, points(&b, "C3"));
    let state = state_of(&b);
    let v = assessor.verdict(state.as_ref()).unwrap();
    assert_eq!(v.contradiction.called_dead, points(&b, "A6 B6 C6 D6 B7 D7"));
    assert_eq!(v.contradiction.left_alive, points(&b, "C3"));
    assert_eq!(assessor.assess_state(state.as_ref()), v.assessment);
    assert_eq!(assessor.len(), 1);
    assert!(assessor.failure().is_none());
}

#[test]
fn an_engine_without_seki_is_asked_on() {
    let b = board(&PROVED);
    let engine = fake("no-seki", "C3", "", 10_000);
    let said = talk::ask(&engine, &b, None).unwrap();
    assert_eq!(said.dead, points(&b, "C3"));
    assert!(said.seki.is_empty());
}

/// A Pauli game on `b`, Black to move.
fn state_of(b: &Board) -> Box<dyn GameState> {
    use rules_core::Ruleset;
    let start = rules_core::StartPosition::new(b.clone(), Color::Black);
    pauli::Pauli::default().start(&start)
}

#[test]
fn failures_name_the_engine_and_its_last_stderr_lines() {
    let b = board(&PROVED);
    let control = ControlAssessor::default();
    let start = std::time::Instant::now();
    let hang = fake("hang", "", "", 300);
    let assessor = EngineAssessor::new(hang.clone(), &control, None);
    let state = state_of(&b);
    let e = assessor.verdict(state.as_ref()).unwrap_err();
    assert_eq!(e.engine, hang.command);
    assert_eq!(
        e.failure,
        Failure::Timeout {
            command: "final_status_list dead".to_owned(),
            seconds: 0
        }
    );
    assert_eq!(
        e.stderr,
        [
            "fake engine: mode hang",
            "fake engine: reading the position for ever"
        ]
    );
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    // The failure is remembered: the position is not asked again, and the game can say why.
    assert!(assessor.assess_state(state.as_ref()).dead.is_empty());
    assert_eq!(assessor.len(), 1);
    assert_eq!(assessor.failure(), Some(e));

    let crash = talk::ask(&fake("crash", "", "", 10_000), &b, None).unwrap_err();
    assert_eq!(
        crash.failure,
        Failure::Exited {
            command: "final_status_list dead".to_owned()
        }
    );
    assert_eq!(crash.stderr.last().unwrap(), "fake engine: out of memory");
    let garbage = talk::ask(&fake("garbage", "", "", 10_000), &b, None).unwrap_err();
    assert!(
        matches!(&garbage.failure, Failure::Garbage { line, .. } if line == "I am not a GTP engine"),
        "{garbage:?}"
    );
    let nonsense = talk::ask(&fake("answer", "B3", "", 10_000), &b, None).unwrap_err();
    assert!(
        matches!(
            &nonsense.failure,
            Failure::Nonsense {
                why: NonsenseKind::NoStone,
                ..
            }
        ),
        "{nonsense:?}"
    );
    let missing = EngineCommand {
        command: "/no/such/engine --mode gtp".to_owned(),
        timeout: Duration::from_secs(1),
    };
    let e = talk::ask(&missing, &b, None).unwrap_err();
    assert!(matches!(&e.failure, Failure::Start { program, .. } if program == "/no/such/engine"));
}

#[test]
fn boards_gtp_cannot_name_are_refused_before_any_engine_starts() {
    let engine = fake("answer", "", "", 10_000);
    let wide = board(&["X..O", "...."]);
    let e = talk::ask(&engine, &wide, None).unwrap_err();
    assert_eq!(e.failure, Failure::Board(BoardProblem::NotGtp));
    assert!(e.stderr.is_empty());
}

/// The engine sees the board exactly: the commands it was sent, logged by a fake engine.
#[test]
fn the_engine_is_given_the_board_komi_and_stones() {
    let log = std::env::temp_dir().join(format!("analysis-engine-log-{}", std::process::id()));
    let script = format!(
        r#"while read -r id cmd rest; do echo "$cmd $rest" >> {}; printf "=%s\n\n" "$id"; [ "$cmd" = quit ] && exit 0; done"#,
        log.display()
    );
    let engine = EngineCommand {
        command: format!("sh -c '{script}'"),
        timeout: Duration::from_secs(10),
    };
    let b = board(&["X.O", "...", "..X"]);
    let said = talk::ask(&engine, &b, Some(7.5)).unwrap();
    assert_eq!(said, EngineSaid::default());
    let sent = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    assert_eq!(
        sent.lines().collect::<Vec<_>>(),
        [
            "boardsize 3",
            "clear_board ",
            "komi 7.5",
            "play black A3",
            "play white C3",
            "play black C1",
            "final_status_list dead",
            "final_status_list seki",
            "quit ",
        ]
    );
}
