//! The renderers on hand-built pictures: every overlay symbol, valid XML, and the SVG drawn
//! to pixels with resvg to check that stones land where they belong.

use board_render::{
    AsciiOptions, Disputed, ForbiddenMark, LastMove, Overlay, PNG_MAX_SIDE, Picture, PngOptions,
    RenderError, SvgOptions, Theme, ascii, grid_center, png, svg,
};
use resvg::tiny_skia;
use rules_core::{Board, Color, PerColor, PointKind, PointValue, Reason, ScoringMethod, Topology};
use std::sync::Arc;

/// A board from rows of `X`, `O` and anything else for empty.
fn board(rows: &[&str]) -> Board {
    let topo = Arc::new(Topology::grid(rows[0].len(), rows.len()).unwrap());
    let mut b = Board::new(Arc::clone(&topo));
    let mut edits = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let c = match ch {
                'X' | 'x' | 'U' => Some(Color::Black),
                'O' | 'o' | 'u' => Some(Color::White),
                _ => None,
            };
            edits.push((topo.at(x, y).unwrap(), c));
        }
    }
    b.setup(&edits);
    b
}

/// Point kinds from the same rows: `X`/`O` counted stones, `U`/`u` uncounted stones, `x`/`o`
/// dead stones, `b`/`w` territory, `=` shared, `?` undecided, `&` both, anything else dame.
fn kinds(rows: &[&str]) -> Vec<PointValue> {
    rows.iter()
        .flat_map(|r| r.chars())
        .map(|ch| {
            let kind = match ch {
                'X' => PointKind::Stone(Color::Black),
                'O' => PointKind::Stone(Color::White),
                'U' => PointKind::UncountedStone(Color::Black),
                'u' => PointKind::UncountedStone(Color::White),
                'x' => PointKind::DeadStone(Color::Black),
                'o' => PointKind::DeadStone(Color::White),
                'b' => PointKind::Territory(Color::Black),
                'w' => PointKind::Territory(Color::White),
                '=' => PointKind::Shared,
                '?' => PointKind::Undecided,
                '&' => PointKind::Mutual,
                _ => PointKind::Dame,
            };
            PointValue {
                black: 0.0,
                white: 0.0,
                kind,
            }
        })
        .collect()
}

/// A 7×5 picture with every overlay symbol, the last move, a forbidden move, a dispute.
fn every_symbol() -> Picture {
    let rows = ["bbXOww.", "bXXOOw?", "=XoOx&?", "=XXOOOw", "bbXO.ww"];
    let b = board(&rows);
    let topo = Arc::clone(b.topology());
    let mut p = Picture::new(&b);
    p.title = Some("every symbol <&> \"quoted\"".to_owned());
    p.overlay = Some(Overlay {
        ruleset: "chinese".to_owned(),
        method: ScoringMethod::AreaSharedDame,
        values: kinds(&rows),
        totals: Some(PerColor::new(17.0, 16.5)),
        result: Some("B+0.5".to_owned()),
        undecided: vec![
            topo.parse_point("F2").unwrap(),
            topo.parse_point("G4").unwrap(),
        ],
        estimated: Vec::new(),
    });
    p.last_move = Some(LastMove {
        number: 31,
        color: Color::White,
        point: topo.parse_point("D3"),
    });
    p.forbidden = Some(ForbiddenMark {
        number: 32,
        color: Color::Black,
        point: topo.parse_point("E1"),
        label: "E1".to_owned(),
        reason: Reason::Suicide,
        rule: "text 004 rule 6".to_owned(),
        played: false,
    });
    p.captures = Some(PerColor::new(2, 1));
    p.disputes = vec![Disputed {
        point: topo.parse_point("G3").unwrap(),
        note: "White claims it neutral; Black disagrees".to_owned(),
    }];
    p
}

#[test]
fn ascii_shows_every_symbol_with_a_legend() {
    let text = ascii(&every_symbol(), &AsciiOptions::default()).unwrap();
    assert!(!text.contains('\x1b'), "no escape codes without colour");
    insta::assert_snapshot!(text);
}

#[test]
fn ascii_colour_only_when_asked() {
    let p = every_symbol();
    let plain = ascii(&p, &AsciiOptions::default()).unwrap();
    let coloured = ascii(
        &p,
        &AsciiOptions {
            color: true,
            ..AsciiOptions::default()
        },
    )
    .unwrap();
    assert!(coloured.contains("\x1b["));
    // Every board row that sets a background resets it before the line ends.
    for line in coloured.lines().filter(|l| l.contains("\x1b[48;")) {
        assert!(line.contains("\x1b[0m"), "{line:?}");
    }
    // Without the escapes the two are the same text.
    let mut stripped = String::new();
    let mut chars = coloured.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            stripped.push(c);
        }
    }
    assert_eq!(stripped, plain);
}

#[test]
fn ascii_move_numbers_and_wide_boards() {
    // 30 wide: SGF letters on both axes.
    let topo = Arc::new(Topology::grid(30, 3).unwrap());
    let mut b = Board::new(Arc::clone(&topo));
    b.play(topo.at(0, 0).unwrap(), Color::Black);
    b.play(topo.at(29, 2).unwrap(), Color::White);
    let mut p = Picture::new(&b);
    p.move_numbers = vec![None; topo.len()];
    p.move_numbers[0] = Some(1);
    p.move_numbers[topo.at(29, 2).unwrap().index()] = Some(1234);
    let text = ascii(
        &p,
        &AsciiOptions {
            move_numbers: true,
            ..AsciiOptions::default()
        },
    )
    .unwrap();
    insta::assert_snapshot!(text);
}

#[test]
fn graph_boards_are_listed() {
    let topo = Arc::new(
        Topology::graph(
            &["a", "b", "c", "d"],
            &[("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("a", "c")],
        )
        .unwrap(),
    );
    let mut b = Board::new(Arc::clone(&topo));
    b.play(topo.parse_point("a").unwrap(), Color::Black);
    b.play(topo.parse_point("c").unwrap(), Color::White);
    let mut p = Picture::new(&b);
    p.last_move = Some(LastMove {
        number: 2,
        color: Color::White,
        point: topo.parse_point("c"),
    });
    p.overlay = Some(Overlay {
        ruleset: "tromp-taylor".to_owned(),
        method: ScoringMethod::Area,
        values: kinds(&["XbOw"]),
        totals: Some(PerColor::new(2.0, 2.0)),
        result: Some("Draw".to_owned()),
        undecided: Vec::new(),
        estimated: Vec::new(),
    });
    let text = ascii(&p, &AsciiOptions::default()).unwrap();
    insta::assert_snapshot!(text);
    // The SVG draws it on a circle; it is valid XML with one name per point.
    let image = svg(&p, &SvgOptions::default()).unwrap();
    let doc = roxmltree::Document::parse(&image).unwrap();
    let names: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .filter(|t| ["a", "b", "c", "d"].contains(t))
        .collect();
    assert_eq!(names.len(), 4, "{names:?}");
}

#[test]
fn svg_snapshot_of_every_symbol() {
    let image = svg(&every_symbol(), &SvgOptions::default()).unwrap();
    insta::assert_snapshot!(image);
}

#[test]
fn svg_is_valid_xml_and_escapes_text() {
    let mut pictures = vec![every_symbol()];
    for (w, h) in [(9, 9), (19, 19), (7, 4), (30, 5), (1, 1), (1, 5)] {
        let topo = Arc::new(Topology::grid(w, h).unwrap());
        let mut b = Board::new(Arc::clone(&topo));
        b.play(topo.at(0, 0).unwrap(), Color::Black);
        let mut p = Picture::new(&b);
        p.title = Some(format!("{w}x{h} & <more>"));
        pictures.push(p);
    }
    for p in &pictures {
        for theme in [Theme::Wood, Theme::Plain] {
            for move_numbers in [false, true] {
                let opts = SvgOptions {
                    theme,
                    move_numbers,
                    ..SvgOptions::default()
                };
                let image = svg(p, &opts).unwrap();
                let doc = roxmltree::Document::parse(&image)
                    .unwrap_or_else(|e| panic!("not XML ({e}):\n{image}"));
                let root = doc.root_element();
                assert_eq!(root.tag_name().name(), "svg");
                assert_eq!(
                    root.tag_name().namespace(),
                    Some("http://www.w3.org/2000/svg")
                );
                assert!(root.attribute("viewBox").is_some(), "scalable");
                let title = doc
                    .descendants()
                    .find(|n| n.has_tag_name("title"))
                    .and_then(|n| n.text());
                assert_eq!(title, p.title.as_deref(), "the title survives escaping");
            }
        }
    }
}

#[test]
fn svg_stays_small() {
    // A full 19×19 board with a count on every point.
    let rows: Vec<String> = (0..19)
        .map(|y| {
            (0..19)
                .map(|x| match (x + y) % 4 {
                    0 => 'X',
                    1 => 'O',
                    2 => 'b',
                    _ => 'w',
                })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut p = Picture::new(&board(&rows));
    p.overlay = Some(Overlay {
        ruleset: "tromp-taylor".to_owned(),
        method: ScoringMethod::Area,
        values: kinds(&rows),
        totals: None,
        result: None,
        undecided: Vec::new(),
        estimated: Vec::new(),
    });
    let image = svg(&p, &SvgOptions::default()).unwrap();
    assert!(image.len() < 40_000, "{} bytes", image.len());
}

#[test]
fn mismatched_pictures_are_errors() {
    let mut p = Picture::new(&board(&["X.", ".O"]));
    p.stones.pop();
    assert_eq!(
        svg(&p, &SvgOptions::default()),
        Err(RenderError::Mismatch {
            what: "stones",
            got: 3,
            points: 4
        })
    );
    assert!(ascii(&p, &AsciiOptions::default()).is_err());

    // Move numbers may be left out (empty), but not given for some points only.
    let mut p = Picture::new(&board(&["X.", ".O"]));
    assert_eq!(p.check(), Ok(()));
    p.move_numbers = vec![None; 3];
    assert_eq!(
        p.check(),
        Err(RenderError::Mismatch {
            what: "move numbers",
            got: 3,
            points: 4
        })
    );
    // No stones at all is a mismatch, not an empty list left out.
    let mut p = Picture::new(&board(&["X.", ".O"]));
    p.stones.clear();
    assert!(matches!(
        p.check(),
        Err(RenderError::Mismatch { what: "stones", .. })
    ));
    // A point just past the board.
    let mut p = Picture::new(&board(&["X.", ".O"]));
    p.disputes = vec![Disputed {
        point: rules_core::Point::from_index(4),
        note: String::new(),
    }];
    assert_eq!(
        p.check(),
        Err(RenderError::PointOffBoard {
            what: "disputes",
            index: 4
        })
    );
}

/// Renders an SVG document to pixels (and to PNG bytes), as `board_render::svg_to_png` does.
fn render(image: &str) -> (tiny_skia::Pixmap, Vec<u8>) {
    let png = board_render::svg_to_png(image, 1.0, false).expect("PNG");
    let pixmap = tiny_skia::Pixmap::decode_png(&png).expect("a PNG that decodes");
    (pixmap, png)
}

/// The `width` and `height` an SVG picture declares.
fn svg_size(image: &str) -> (f64, f64) {
    let doc = roxmltree::Document::parse(image).unwrap();
    let root = doc.root_element();
    let number = |a: &str| root.attribute(a).unwrap().parse::<f64>().unwrap();
    (number("width"), number("height"))
}

/// The PNG picture is the SVG picture rasterised: a PNG that decodes, of the SVG's size times
/// the scale, with the stones where the SVG puts them.
#[test]
fn png_pictures_decode_at_the_svg_size_times_the_scale() {
    let picture = Picture::new(&board(&[
        "X........",
        ".........",
        "..O......",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "........X",
    ]));
    let image = svg(&picture, &SvgOptions::default()).unwrap();
    let (w, h) = svg_size(&image);
    for scale in [1.0f32, 2.0, 0.5] {
        let opts = PngOptions {
            scale,
            system_fonts: false,
            ..PngOptions::default()
        };
        let bytes = png(&picture, &opts).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
        let decoded = tiny_skia::Pixmap::decode_png(&bytes).expect("it decodes");
        let want = |side: f64| (side.ceil() * f64::from(scale)).ceil() as u32;
        assert_eq!(
            (decoded.width(), decoded.height()),
            (want(w), want(h)),
            "scale {scale}"
        );
    }
    // At scale 2 the black stone in the corner is dark, the board beside it is not.
    let opts = PngOptions {
        scale: 2.0,
        system_fonts: false,
        ..PngOptions::default()
    };
    let pixmap = tiny_skia::Pixmap::decode_png(&png(&picture, &opts).unwrap()).unwrap();
    let (x0, y0) = grid_center(0, 0);
    let dx = board_offset(&image);
    let at = |x: f64, y: f64| luma(rgb(&pixmap, 2.0 * (x + dx), 2.0 * y));
    assert!(at(x0, y0) < 80.0, "black stone: {}", at(x0, y0));
    // The middle of a square of the grid, between lines: the board's wood.
    let ((x1, y1), (x2, y2)) = (grid_center(1, 1), grid_center(2, 2));
    let (xm, ym) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
    assert!(at(xm, ym) > 120.0, "the board: {}", at(xm, ym));
    // Bad scales and pictures too large are errors, not panics.
    for scale in [0.0f32, -1.0, f32::NAN, f32::INFINITY] {
        let opts = PngOptions {
            scale,
            system_fonts: false,
            ..PngOptions::default()
        };
        assert!(
            matches!(png(&picture, &opts), Err(RenderError::Raster(_))),
            "{scale}"
        );
    }
    let huge = PngOptions {
        scale: (PNG_MAX_SIDE as f32) / 10.0,
        system_fonts: false,
        ..PngOptions::default()
    };
    let Err(RenderError::Raster(why)) = png(&picture, &huge) else {
        panic!("too large")
    };
    assert!(why.contains("larger than"), "{why}");
    assert!(matches!(
        board_render::svg_to_png("not svg", 1.0, false),
        Err(RenderError::Raster(_))
    ));
}

fn rgb(p: &tiny_skia::Pixmap, x: f64, y: f64) -> (u8, u8, u8) {
    let c = p.pixel(x.round() as u32, y.round() as u32).unwrap();
    (c.red(), c.green(), c.blue())
}

fn luma((r, g, b): (u8, u8, u8)) -> f64 {
    0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b)
}

/// The horizontal offset of the board inside the page (the board is centred over a caption).
fn board_offset(image: &str) -> f64 {
    let doc = roxmltree::Document::parse(image).unwrap();
    let g = doc
        .descendants()
        .find(|n| n.attribute("transform").is_some())
        .unwrap();
    let t = g.attribute("transform").unwrap();
    let inner = t.trim_start_matches("translate(").trim_end_matches(')');
    inner.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn svg_draws_stones_where_they_are() {
    // Black on E5 (the centre), White on C3, nothing on G7 — a 9×9 board.
    let topo = Arc::new(Topology::square(9).unwrap());
    let mut b = Board::new(Arc::clone(&topo));
    b.play(topo.parse_point("E5").unwrap(), Color::Black);
    b.play(topo.parse_point("C3").unwrap(), Color::White);
    let mut p = Picture::new(&b);
    p.title = Some("pixels".to_owned());
    for caption in [false, true] {
        for theme in [Theme::Wood, Theme::Plain] {
            let image = svg(
                &p,
                &SvgOptions {
                    theme,
                    caption,
                    ..SvgOptions::default()
                },
            )
            .unwrap();
            let (pixmap, png) = render(&image);
            assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
            let dx = board_offset(&image);
            // Where the renderer says it draws each point, off the grid lines by 5 units and
            // inside the stone's radius.
            let at = |name: &str| {
                let (x, y) = topo.xy(topo.parse_point(name).unwrap()).unwrap();
                let (cx, cy) = grid_center(x, y);
                (dx + cx + 5.0, cy + 5.0)
            };
            let (bx, by) = at("E5");
            let black = rgb(&pixmap, bx, by);
            assert!(luma(black) < 60.0, "black stone at E5: {black:?}");
            if !caption {
                // Independently of `grid_center`: without a caption the page is the board,
                // and E5 is the centre of a 9×9 board.
                let (w, h) = (f64::from(pixmap.width()), f64::from(pixmap.height()));
                assert_eq!(w, h, "a square board");
                let centre = rgb(&pixmap, w / 2.0 + 5.0, h / 2.0 + 5.0);
                assert!(luma(centre) < 60.0, "black stone in the centre: {centre:?}");
                // C3 is two lines in from the left and the bottom: (2, 6) of 0..8.
                let (x0, x8) = (grid_center(0, 0).0, grid_center(8, 0).0);
                let c3 = (
                    x0 + (x8 - x0) * 2.0 / 8.0 + 5.0,
                    x0 + (x8 - x0) * 6.0 / 8.0 + 5.0,
                );
                assert!(
                    (x0 + x8 - w).abs() < 1e-9,
                    "the grid is centred on the page"
                );
                assert!(luma(rgb(&pixmap, c3.0, c3.1)) > 190.0, "white stone at C3");
            }
            let (wx, wy) = at("C3");
            let white = rgb(&pixmap, wx, wy);
            assert!(luma(white) > 190.0, "white stone at C3: {white:?}");
            assert!(
                i32::from(white.0).abs_diff(i32::from(white.2)) < 20,
                "white is grey, not wood: {white:?}"
            );
            let (ex, ey) = at("G7");
            let empty = rgb(&pixmap, ex, ey);
            match theme {
                Theme::Wood => assert!(
                    empty.0 > 180 && empty.2 < 160 && empty.0 > empty.2 + 50,
                    "an empty point shows the wood: {empty:?}"
                ),
                Theme::Plain => assert!(luma(empty) > 240.0, "plain board: {empty:?}"),
            }
            // The stones are round: a pixel just outside E5's stone (and off the grid lines)
            // is board again.
            let outside = rgb(&pixmap, bx - 5.0 + 13.5, by);
            assert!(luma(outside) > 120.0, "outside the stone: {outside:?}");
        }
    }
    // Write one PNG where a person can look at it.
    let image = svg(&p, &SvgOptions::default()).unwrap();
    let (_, png) = render(&image);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(dir.join("board-render-9x9.png"), png).unwrap();
}

#[test]
fn svg_overlay_pixels() {
    // A dead white stone is faded with a red cross; Black's territory has black squares.
    let rows = ["bbX..", "boX..", "bbX.."];
    let mut p = Picture::new(&board(&rows));
    p.overlay = Some(Overlay {
        ruleset: "chinese".to_owned(),
        method: ScoringMethod::AreaSharedDame,
        values: kinds(&rows),
        totals: None,
        result: None,
        undecided: Vec::new(),
        estimated: Vec::new(),
    });
    let image = svg(
        &p,
        &SvgOptions {
            caption: false,
            ..SvgOptions::default()
        },
    )
    .unwrap();
    let (pixmap, _) = render(&image);
    // The territory square on A3 covers the intersection: a pixel 3 units in is inside it.
    let (ax, ay) = grid_center(0, 0);
    let sq = rgb(&pixmap, ax + 3.0, ay + 3.0);
    assert!(luma(sq) < 40.0, "territory square: {sq:?}");
    // The cross on the dead stone on B2 (x 1, y 1): its centre is red.
    let (bx, by) = grid_center(1, 1);
    let cross = rgb(&pixmap, bx, by);
    assert!(cross.0 > 150 && cross.1 < 90, "red cross: {cross:?}");
}

/// docs/limits.md: a graph board of more than `MAX_GRAPH_DRAWN` points has no SVG picture
/// (an error that says so), while the ASCII listing still works; at the limit it is drawn.
#[test]
fn graph_boards_beyond_the_drawing_limit_are_an_error() {
    use board_render::MAX_GRAPH_DRAWN;
    let ring = |n: usize| {
        let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
        let names_ref: Vec<&str> = names.iter().map(String::as_str).collect();
        let edges: Vec<(&str, &str)> = (0..n)
            .map(|i| (names_ref[i], names_ref[(i + 1) % n]))
            .collect();
        Arc::new(Topology::graph(&names_ref, &edges).unwrap())
    };
    let at_limit = Picture::new(&Board::new(ring(MAX_GRAPH_DRAWN)));
    assert!(svg(&at_limit, &SvgOptions::default()).is_ok());
    let over = Picture::new(&Board::new(ring(MAX_GRAPH_DRAWN + 1)));
    let err = svg(&over, &SvgOptions::default()).unwrap_err();
    assert_eq!(err, RenderError::GraphTooLarge(MAX_GRAPH_DRAWN + 1));
    assert!(err.to_string().contains("at most 400"), "{err}");
    assert!(ascii(&over, &AsciiOptions::default()).is_ok());
}

/// The coloured text pinned down: each style's escape, the marks' own styles (a disputed
/// point, an undecided point counted as it stands), plain characters left unescaped.
#[test]
fn ascii_colour_snapshot() {
    let text = ascii(
        &every_symbol(),
        &AsciiOptions {
            color: true,
            ..AsciiOptions::default()
        },
    )
    .unwrap();
    insta::assert_snapshot!(text.replace('\x1b', "\\e"));
}

/// A 9×9 board: star points (`+` on empty ones) and the legend entries' fixed symbols when
/// only some of their characters are drawn (Black's territory alone still reads `b w`, a dame
/// on a star point `. +`).
#[test]
fn ascii_star_points_and_partial_legend_entries() {
    let rows = [
        "bbX......",
        "bbX......",
        "XXX......",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];
    let mut p = Picture::new(&board(&rows));
    p.overlay = Some(Overlay {
        ruleset: "chinese".to_owned(),
        method: ScoringMethod::AreaSharedDame,
        values: kinds(&rows),
        totals: None,
        result: None,
        undecided: Vec::new(),
        estimated: Vec::new(),
    });
    let text = ascii(&p, &AsciiOptions::default()).unwrap();
    insta::assert_snapshot!(text);
    let legend: Vec<&str> = text.lines().filter(|l| l.starts_with("  ")).collect();
    assert!(legend.contains(&"  b w   empty points reaching only Black / White, counted"));
    assert!(legend.contains(&"  . +   counted for nobody (dame, seki, neutral)"));
}

/// The move-number grid comes only when asked for and when some stone has a number; the
/// note on thousands only when a number has them.
#[test]
fn ascii_move_numbers_only_when_asked_and_present() {
    let b = board(&["X.", ".O"]);
    let mut p = Picture::new(&b);
    p.move_numbers = vec![Some(1), None, None, Some(999)];
    let with = |p: &Picture, move_numbers| {
        ascii(
            p,
            &AsciiOptions {
                move_numbers,
                ..AsciiOptions::default()
            },
        )
        .unwrap()
    };
    assert!(!with(&p, false).contains("Move numbers"));
    let asked = with(&p, true);
    assert!(asked.contains("Move numbers of the stones on the board:"));
    assert!(asked.contains(" 999"), "{asked}");
    assert!(!asked.contains("thousands"), "{asked}");
    p.move_numbers = vec![None; 4];
    assert!(!with(&p, true).contains("Move numbers"));
}

/// A graph board counted by territory says "controlled by"; counted by area, "counted for".
#[test]
fn graph_listing_words_follow_the_counting() {
    let topo = Arc::new(Topology::graph(&["a", "b"], &[("a", "b")]).unwrap());
    let b = Board::new(Arc::clone(&topo));
    let mut p = Picture::new(&b);
    for (method, words) in [
        (
            ScoringMethod::Territory,
            "  a      b       controlled by Black",
        ),
        (ScoringMethod::Area, "  a      b       counted for Black"),
    ] {
        p.overlay = Some(Overlay {
            ruleset: "x".to_owned(),
            method,
            values: kinds(&["b?"]),
            totals: None,
            result: None,
            undecided: Vec::new(),
            estimated: Vec::new(),
        });
        let text = ascii(&p, &AsciiOptions::default()).unwrap();
        assert!(text.contains(words), "{text}");
    }
}

/// A graph board drawn on a circle: its points, edges and names outside the circle; a graph
/// of one point sits at the centre with its name above it.
#[test]
fn svg_snapshot_of_graph_boards() {
    let topo = Arc::new(
        Topology::graph(
            &["a", "b", "c", "d", "e"],
            &[
                ("a", "b"),
                ("b", "c"),
                ("c", "d"),
                ("d", "e"),
                ("e", "a"),
                ("a", "c"),
            ],
        )
        .unwrap(),
    );
    let mut b = Board::new(Arc::clone(&topo));
    b.play(topo.parse_point("a").unwrap(), Color::Black);
    b.play(topo.parse_point("d").unwrap(), Color::White);
    let image = svg(&Picture::new(&b), &SvgOptions::default()).unwrap();
    insta::assert_snapshot!("svg_graph_of_five", image);

    // Twelve points: the circle grows past its smallest radius.
    let names: Vec<String> = (0..12).map(|i| format!("p{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let edges: Vec<(&str, &str)> = (0..12).map(|i| (names[i], names[(i + 1) % 12])).collect();
    let ring = Arc::new(Topology::graph(&names, &edges).unwrap());
    let image = svg(&Picture::new(&Board::new(ring)), &SvgOptions::default()).unwrap();
    insta::assert_snapshot!("svg_graph_of_twelve", image);

    let one = Arc::new(Topology::graph(&["solo"], &[]).unwrap());
    let image = svg(&Picture::new(&Board::new(one)), &SvgOptions::default()).unwrap();
    insta::assert_snapshot!("svg_graph_of_one", image);
}

/// Move numbers on the stones: sizes by the number of digits, the last move's in red; a long
/// title and notes wrapped under the board, the title's lines in bold.
#[test]
fn svg_snapshot_of_move_numbers_and_a_wrapped_caption() {
    let b = board(&["XOXO.", "OX...", "....."]);
    let topo = Arc::clone(b.topology());
    let mut p = Picture::new(&b);
    p.move_numbers = vec![None; topo.len()];
    for (point, number) in [("A3", 1), ("B3", 12), ("C3", 123), ("D3", 1234), ("B2", 40)] {
        p.move_numbers[topo.parse_point(point).unwrap().index()] = Some(number);
    }
    p.last_move = Some(LastMove {
        number: 40,
        color: Color::Black,
        point: topo.parse_point("B2"),
    });
    p.title = Some(
        "a title long enough to be wrapped over more than one line of the caption under \
         a small board"
            .to_owned(),
    );
    p.notes = vec!["a note that is also long enough to need a second line of its own here".into()];
    let image = svg(
        &p,
        &SvgOptions {
            move_numbers: true,
            ..SvgOptions::default()
        },
    )
    .unwrap();
    insta::assert_snapshot!(image);
}

/// A stone counted for both players (`Mutual`) carries the overlay's mark; other stones and
/// the forbidden move's point do not.
#[test]
fn svg_marks_a_stone_both_players_control() {
    let rows = ["XO.", "...", "..."];
    let b = board(&rows);
    let topo = Arc::clone(b.topology());
    let mut p = Picture::new(&b);
    let mut values = kinds(&["&u&", "...", "..."]);
    values[0].kind = PointKind::Mutual;
    p.overlay = Some(Overlay {
        ruleset: "pauli".to_owned(),
        method: ScoringMethod::Territory,
        values,
        totals: None,
        result: None,
        undecided: Vec::new(),
        estimated: Vec::new(),
    });
    let plain = svg(&p, &SvgOptions::default()).unwrap();
    p.forbidden = Some(ForbiddenMark {
        number: 3,
        color: Color::White,
        point: topo.parse_point("C3"),
        label: "C3".to_owned(),
        reason: Reason::Suicide,
        rule: "r".to_owned(),
        played: false,
    });
    let forbidden = svg(&p, &SvgOptions::default()).unwrap();
    insta::assert_snapshot!("svg_mutual_on_a_stone", plain);
    insta::assert_snapshot!("svg_mutual_under_a_forbidden_move", forbidden);
}
