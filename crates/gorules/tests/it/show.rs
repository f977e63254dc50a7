//! `gorules show`: ASCII and SVG pictures of fixtures (snapshots with the exit code), valid
//! XML for every fixture under every ruleset, colour only when allowed, errors, and the
//! example pictures of docs/pictures.md kept in sync.

use crate::util::{gorules, root};
use std::path::{Path, PathBuf};

/// Runs `gorules show` on a fixture (path relative to `fixtures/`) with extra arguments; the
/// exit code and standard output as one text.
fn show(fixture: &str, args: &[&str]) -> String {
    let path = root().join("fixtures").join(fixture);
    let mut all: Vec<std::ffi::OsString> = vec!["show".into(), path.into()];
    all.extend(args.iter().map(Into::into));
    let out = gorules(&all);
    format!(
        "exit: {}\n{}{}",
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8")
    )
}

#[test]
fn ascii_nine_by_nine_under_three_rulesets() {
    for rules in ["tromp-taylor", "chinese", "pauli"] {
        insta::assert_snapshot!(
            format!("ascii_nine_{rules}"),
            show("pictures/nine-dead-stones.sgf", &["--rules", rules])
        );
    }
}

/// A picture marks as undecided only the points its count says are: an area count depends
/// on undecided stones alone, so an empty point bordered by decided stones is drawn decided
/// under `chinese` though its control is open (as `pauli`, which counts control, draws it).
#[test]
fn an_area_picture_marks_only_the_points_its_count_leaves_undecided() {
    let row = |out: &str, n: &str| {
        out.lines()
            .find(|l| l.starts_with(n))
            .unwrap_or_else(|| panic!("no row {n} in {out}"))
            .to_owned()
    };
    let args = |rules| ["--game", "3", "--rules", rules, "--dead", "proved"];
    let chinese = show("pauli/ljr01-suicide.sgf", &args("chinese"));
    let pauli = show("pauli/ljr01-suicide.sgf", &args("pauli"));
    // A5: empty, next to Black's B5 and A4 only.
    assert!(row(&chinese, "5 ").starts_with("5  b  X"), "{chinese}");
    assert!(row(&pauli, "5 ").starts_with("5  b? X"), "{pauli}");
    // The white stones whose life is open stay marked under both.
    assert!(row(&chinese, "5 ").contains("O?"), "{chinese}");
}

#[test]
fn ascii_during_the_game_with_move_numbers() {
    insta::assert_snapshot!(show(
        "pictures/nine-dead-stones.sgf",
        &["--move", "11", "--move-numbers"]
    ));
}

#[test]
fn ascii_nineteen_by_nineteen() {
    insta::assert_snapshot!(show(
        "chinese/stone_count_19x19.sgf",
        &["--rules", "chinese"]
    ));
}

#[test]
fn ascii_rectangular() {
    insta::assert_snapshot!(show(
        "chinese/stone_count_rectangular.sgf",
        &["--rules", "chinese"]
    ));
}

#[test]
fn ascii_forbidden_move() {
    insta::assert_snapshot!(show(
        "tromp-taylor/superko-triple-ko.sgf",
        &["--rules", "tromp-taylor"]
    ));
}

#[test]
fn ascii_dead_stone_by_agreement() {
    insta::assert_snapshot!(show(
        "pauli/ljr16-dead-stone-agreement.sgf",
        &["--rules", "pauli", "--dead", "bb"]
    ));
}

#[test]
fn ascii_graph_boards_are_listed() {
    insta::assert_snapshot!(
        "ascii_graph_superko",
        show(
            "graph/square-cycle-superko.json",
            &["--rules", "tromp-taylor"]
        )
    );
    insta::assert_snapshot!(
        "ascii_graph_triangle",
        show("graph/triangle-with-tail.json", &["--rules", "logical"])
    );
}

#[test]
fn svg_pictures() {
    insta::assert_snapshot!(
        "svg_nine_pauli",
        show(
            "pictures/nine-dead-stones.sgf",
            &["--rules", "pauli", "--format", "svg"]
        )
    );
    insta::assert_snapshot!(
        "svg_rectangular_plain",
        show(
            "chinese/stone_count_rectangular.sgf",
            &["--rules", "chinese", "--format", "svg", "--theme", "plain"]
        )
    );
    insta::assert_snapshot!(
        "svg_graph_superko",
        show(
            "graph/square-cycle-superko.json",
            &["--rules", "tromp-taylor", "--format", "svg"]
        )
    );
}

fn records(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.is_dir() {
            records(&p, out);
        } else if name.ends_with(".sgf")
            || (name.ends_with(".json") && !name.ends_with(".expect.json"))
        {
            out.push(p);
        }
    }
}

#[test]
fn every_fixture_draws_as_valid_svg_and_plain_ascii() {
    let mut files = Vec::new();
    records(&root().join("fixtures"), &mut files);
    assert!(files.len() > 100, "{} fixtures", files.len());
    let mut drawn = 0;
    for f in &files {
        for rules in ["tromp-taylor", "logical", "chinese", "pauli"] {
            let svg = gorules([
                "show".as_ref(),
                f.as_os_str(),
                "--rules".as_ref(),
                rules.as_ref(),
                "--format".as_ref(),
                "svg".as_ref(),
                "--move-numbers".as_ref(),
            ]);
            match svg.status.code() {
                Some(0) => {
                    let text = String::from_utf8(svg.stdout).unwrap();
                    if let Err(e) = roxmltree::Document::parse(&text) {
                        panic!("{} under {rules}: not XML: {e}", f.display());
                    }
                    drawn += 1;
                }
                // Unreadable records (the reader fixtures) and usage errors.
                Some(2) => assert!(!svg.stderr.is_empty(), "{}: exit 2 says why", f.display()),
                other => panic!("{} under {rules}: exit {other:?}", f.display()),
            }
            let text = gorules([
                "show".as_ref(),
                f.as_os_str(),
                "--rules".as_ref(),
                rules.as_ref(),
            ]);
            assert!(
                !text.stdout.contains(&b'\x1b'),
                "{}: escape codes in a pipe",
                f.display()
            );
        }
    }
    assert!(drawn > 400, "{drawn} pictures drawn");
}

#[test]
fn colour_only_when_allowed() {
    let path = root().join("fixtures/pictures/nine-dead-stones.sgf");
    let path = path.to_str().unwrap();
    // Standard output is a pipe here: no colour by default or with `never`...
    for args in [vec!["show", path], vec!["show", path, "--color", "never"]] {
        let out = gorules(&args);
        assert_eq!(out.status.code(), Some(0));
        assert!(!out.stdout.contains(&b'\x1b'), "{args:?}");
    }
    // ...nor by default without NO_COLOR (which the test helper sets): a pipe is no terminal.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gorules"))
        .args(["show", path])
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(!out.stdout.contains(&b'\x1b'));
    // `always` wins even over NO_COLOR.
    let out = gorules(["show", path, "--color", "always"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\x1b[48;5;179m"), "{text}");
}

#[test]
fn output_file_and_format_from_its_extension() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("show-output");
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("nine.svg");
    let _ = std::fs::remove_file(&target);
    let path = root().join("fixtures/pictures/nine-dead-stones.sgf");
    let out = gorules([
        "show".as_ref(),
        path.as_os_str(),
        "-o".as_ref(),
        target.as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty(), "the picture goes to the file");
    let svg = std::fs::read_to_string(&target).unwrap();
    assert!(svg.starts_with("<svg "), "{}", &svg[..40]);
    roxmltree::Document::parse(&svg).unwrap();
}

/// `gorules show game.sgf -o end.png` writes a PNG (issue 61): it decodes, and its size is the
/// SVG picture's, at one pixel per SVG unit. `--format png` writes one to a pipe too; an
/// output named for another format than `--format` is refused.
#[test]
fn show_writes_a_png_that_decodes_at_the_svg_size() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("show-png");
    std::fs::create_dir_all(&dir).unwrap();
    let (png, svg) = (dir.join("end.png"), dir.join("end.svg"));
    let path = root().join("fixtures/pictures/nine-dead-stones.sgf");
    for target in [&png, &svg] {
        let _ = std::fs::remove_file(target);
        let out = gorules([
            "show".as_ref(),
            path.as_os_str(),
            "-o".as_ref(),
            target.as_os_str(),
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG signature");
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&bytes).expect("the PNG decodes");
    let svg = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let side = |name: &str| -> u32 {
        let v: f32 = doc.root_element().attribute(name).unwrap().parse().unwrap();
        v.ceil() as u32
    };
    assert_eq!(
        (pixmap.width(), pixmap.height()),
        (side("width"), side("height"))
    );
    assert!(
        pixmap.width() > 100 && pixmap.height() > 100,
        "a 9×9 board is drawn"
    );
    // The board's wood colour is there: a picture, not an empty canvas.
    assert!(pixmap.pixels().iter().any(|p| p.alpha() == 255));
    // --format png on a pipe; the same bytes.
    let out = gorules([
        "show".as_ref(),
        path.as_os_str(),
        "--format".as_ref(),
        "png".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, bytes);
    // A name for another format is refused, and nothing is written.
    let wrong = dir.join("end-wrong.svg");
    let out = gorules([
        "show".as_ref(),
        path.as_os_str(),
        "--format".as_ref(),
        "png".as_ref(),
        "-o".as_ref(),
        wrong.as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the extension says svg, --format says png"),
        "{err}"
    );
    assert!(!wrong.exists());
}

/// `--move` may name the last move: that is the end, drawn with its count, as without it.
#[test]
fn the_last_move_is_the_end() {
    let nine = "pictures/nine-dead-stones.sgf";
    let end = show(nine, &[]);
    assert!(end.starts_with("exit: 0\n"), "{end}");
    assert!(end.contains(": the end (move 13)"), "{end}");
    assert_eq!(show(nine, &["--move", "13"]), end);
}

#[test]
fn bad_requests_exit_2_and_say_why() {
    let nine = "pictures/nine-dead-stones.sgf";
    for (args, why) in [
        (vec!["--game", "2"], "--game 2: the file has 1 game(s)"),
        (vec!["--move", "14"], "--move 14: game 1 of"),
        (vec!["--rules", "go"], "unknown ruleset"),
        (vec!["--dead", "Z99"], "is not a point of this 9x9 board"),
    ] {
        let text = show(nine, &args);
        assert!(text.starts_with("exit: 2\n"), "{args:?}: {text}");
        assert!(text.contains(why), "{args:?}: {text}");
    }
    let text = show("sgf/not-sgf.sgf", &[]);
    assert!(text.starts_with("exit: 2\n"), "{text}");
}

/// Runs `gorules check -q --rules tromp-taylor,pauli --pictures DIR` with `extra` arguments
/// on fixtures (paths relative to `fixtures/`), DIR emptied first; the exit code and DIR.
fn check_pictures(dir_name: &str, extra: &[&str], games: &[&str]) -> (Option<i32>, PathBuf) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir_name);
    let _ = std::fs::remove_dir_all(&dir);
    let mut args: Vec<std::ffi::OsString> = ["check", "-q", "--rules", "tromp-taylor,pauli"]
        .iter()
        .chain(extra)
        .map(Into::into)
        .collect();
    args.extend(["--pictures".into(), dir.clone().into_os_string()]);
    args.extend(
        games
            .iter()
            .map(|g| root().join("fixtures").join(g).into_os_string()),
    );
    (gorules(&args).status.code(), dir)
}

#[test]
fn check_draws_each_finding() {
    let (code, dir) = check_pictures(
        "check-pictures",
        &[],
        &[
            "tromp-taylor/superko-triple-ko.sgf",
            "pictures/nine-dead-stones.sgf",
            "chinese/same_as_tromp_taylor.sgf",
        ],
    );
    assert_eq!(code, Some(1), "findings");
    let names = crate::util::picture_names(&dir);
    // The superko is forbidden under tromp-taylor only (Pauli has no superko); the 9×9 count
    // differs from the record under tromp-taylor only; the third game has no finding.
    assert_eq!(
        names,
        [
            "nine-dead-stones-g1-tromp-taylor.svg",
            "superko-triple-ko-g1-tromp-taylor.svg"
        ]
    );
    let drawn = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains("superko-triple-ko-"))
        .unwrap();
    let svg = std::fs::read_to_string(drawn).unwrap();
    roxmltree::Document::parse(&svg).unwrap();
    assert!(svg.contains("superko-positional"), "the caption says why");
}

/// With `--fail-on undecided`, undecided points (of `--dead proved`) are a finding too: only
/// the rulesets whose count leaves some are drawn.
#[test]
fn check_draws_undecided_counts_when_they_are_findings() {
    let (code, dir) = check_pictures(
        "check-pictures-undecided",
        &["--fail-on", "undecided", "--dead", "proved"],
        &[
            "tromp-taylor/multi-stone-capture.sgf",
            "chinese/same_as_tromp_taylor.sgf",
        ],
    );
    assert_eq!(code, Some(1), "findings");
    // Pauli leaves the 5×5 board's empty points open; Tromp–Taylor decides them all, and
    // the second game's counts are decided under both.
    assert_eq!(
        crate::util::picture_names(&dir),
        ["multi-stone-capture-g1-pauli.svg"]
    );
}

/// The example pictures of docs/pictures.md: file name and `gorules show` arguments (a path
/// relative to the repository).
pub const EXAMPLES: &[(&str, &[&str])] = &[
    (
        "nine-tromp-taylor.svg",
        &[
            "fixtures/pictures/nine-dead-stones.sgf",
            "--rules",
            "tromp-taylor",
        ],
    ),
    (
        "nine-chinese.svg",
        &[
            "fixtures/pictures/nine-dead-stones.sgf",
            "--rules",
            "chinese",
        ],
    ),
    (
        "nine-pauli.svg",
        &["fixtures/pictures/nine-dead-stones.sgf", "--rules", "pauli"],
    ),
    (
        "nine-move-11.svg",
        &[
            "fixtures/pictures/nine-dead-stones.sgf",
            "--move",
            "11",
            "--move-numbers",
        ],
    ),
    (
        "triple-ko-forbidden.svg",
        &[
            "fixtures/tromp-taylor/superko-triple-ko.sgf",
            "--rules",
            "tromp-taylor",
        ],
    ),
    (
        "ljr16-pauli.svg",
        &[
            "fixtures/pauli/ljr16-dead-stone-agreement.sgf",
            "--rules",
            "pauli",
            "--dead",
            "bb",
        ],
    ),
    (
        "rectangular-chinese-plain.svg",
        &[
            "fixtures/chinese/stone_count_rectangular.sgf",
            "--rules",
            "chinese",
            "--theme",
            "plain",
        ],
    ),
    (
        "nineteen-move-20.svg",
        &[
            "fixtures/chinese/stone_count_19x19.sgf",
            "--rules",
            "chinese",
            "--move",
            "20",
            "--move-numbers",
        ],
    ),
    (
        "graph-superko.svg",
        &[
            "fixtures/graph/square-cycle-superko.json",
            "--rules",
            "tromp-taylor",
        ],
    ),
];

/// docs/pictures/ holds exactly the example pictures, each as `gorules show` draws it now.
/// `GORULES_UPDATE_PICTURES=1 cargo test -p gorules --test it show::` rewrites them.
#[test]
fn docs_pictures_are_in_sync() {
    let root = root();
    let dir = root.join("docs/pictures");
    let update = std::env::var_os("GORULES_UPDATE_PICTURES").is_some();
    let page = std::fs::read_to_string(root.join("docs/pictures.md")).unwrap_or_default();
    let mut stale = Vec::new();
    for (name, args) in EXAMPLES {
        let mut all: Vec<std::ffi::OsString> = vec!["show".into()];
        all.push(root.join(args[0]).into());
        all.extend(args[1..].iter().map(Into::into));
        all.extend(["--format".into(), "svg".into()]);
        let out = gorules(&all);
        assert_eq!(out.status.code(), Some(0), "{name}");
        let path = dir.join(name);
        let now = String::from_utf8(out.stdout).unwrap();
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &now).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(now.as_str()) {
            stale.push(name.to_string());
        }
        assert!(
            page.contains(&format!("pictures/{name}")),
            "docs/pictures.md shows {name}"
        );
        // The page gives the command that draws it.
        let command = format!("gorules show {}", args.join(" "));
        assert!(
            page.contains(&command),
            "docs/pictures.md gives `{command}`"
        );
    }
    let mut extra: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| !EXAMPLES.iter().any(|(e, _)| e == n))
                .collect()
        })
        .unwrap_or_default();
    extra.sort();
    assert!(
        stale.is_empty() && extra.is_empty(),
        "docs/pictures is out of sync: stale {stale:?}, not an example {extra:?}; \
         run GORULES_UPDATE_PICTURES=1 cargo test -p gorules --test it show::docs_pictures"
    );
}

/// Two files with the same name in different folders get two pictures, not one overwritten.
#[test]
fn check_pictures_of_equal_file_names_do_not_overwrite_each_other() {
    let d = tempfile::tempdir().unwrap();
    let game = root().join("fixtures/tromp-taylor/superko-triple-ko.sgf");
    for sub in ["a", "b"] {
        std::fs::create_dir_all(d.path().join(sub)).unwrap();
        std::fs::copy(&game, d.path().join(sub).join("game.sgf")).unwrap();
    }
    let pics = d.path().join("pictures");
    let out = gorules([
        "check".as_ref(),
        "-q".as_ref(),
        "--rules".as_ref(),
        "tromp-taylor".as_ref(),
        "--pictures".as_ref(),
        pics.as_os_str(),
        d.path().join("a").as_os_str(),
        d.path().join("b").as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        crate::util::picture_names(&pics),
        ["game-g1-tromp-taylor.svg", "game-g1-tromp-taylor.svg"]
    );
}

/// Dead stones only the estimate gives are crossed differently (a dashed amber line, class
/// `estimated`) from proved or agreed ones, and the text picture lists them in a note.
#[test]
fn estimated_dead_stones_are_drawn_apart_from_proved_ones() {
    let fixture = "estimate/only-the-estimator-decides.sgf";
    let svg = show(fixture, &["--rules", "chinese", "--format", "svg"]);
    // The cross on cb (column C, row 2 from the top: centre 82, 58).
    let cross = "d=\"M76 52L88 64M88 52L76 64\"";
    assert!(
        svg.contains(&format!(
            "<path class=\"estimated\" {cross} stroke=\"#e08a00\""
        )),
        "{svg}"
    );
    assert!(
        !svg.contains(&format!("<path {cross} stroke=\"#d0231b\"")),
        "{svg}"
    );
    let text = show(fixture, &["--rules", "chinese"]);
    assert!(
        text.contains("estimated dead stones (no proof): cb"),
        "{text}"
    );
    // Named by the user, the same stone is crossed as agreed.
    let svg = show(
        fixture,
        &["--rules", "chinese", "--format", "svg", "--dead", "cb"],
    );
    assert!(!svg.contains("class=\"estimated\""), "{svg}");
    assert!(
        svg.contains(&format!("<path {cross} stroke=\"#d0231b\"")),
        "{svg}"
    );
}
