//! From a well-formed game tree to a [`GameRecord`]: `sgf-parse` builds the tree, this module
//! walks its main line (taking it apart as it goes, so nothing is dropped recursively).

use crate::codes;
use crate::error::ErrorKind;
use crate::prepass::{GameScan, RawProp, Repeated, RepeatedKind};
use crate::values::{self, short};
use crate::{ReadOptions, SetupPolicy};
use rules_core::{
    Action, Color, Finding, GameInfo, GameRecord, Komi, Markup, PerColor, Point, RecordedMove,
    Topology,
};
use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::{GameTree, ParseOptions, SgfNode};
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

type Node = SgfNode<Prop>;

/// Builds the record of one game tree the pre-pass accepted. `Err` carries the offset the
/// error refers to.
pub(crate) fn build(
    text: &str,
    scan: &GameScan,
    options: &ReadOptions,
) -> Result<GameRecord, (usize, ErrorKind)> {
    let mut warnings = Vec::new();
    // Board size: the first SZ on the main line.
    let sizes: Vec<&RawProp> = scan.props.iter().filter(|p| p.ident == "SZ").collect();
    let (width, height) = match sizes.first() {
        None => (19, 19),
        Some(p) => {
            let wh = values::read_size(&p.value).map_err(|why| {
                (
                    p.offset,
                    ErrorKind::BoardSize {
                        raw: short(&p.value),
                        why,
                    },
                )
            })?;
            if p.value.trim() != p.value {
                note_whitespace(&mut warnings, "SZ", &p.value);
            }
            for later in &sizes[1..] {
                if values::read_size(&later.value).ok() != Some(wh) {
                    warnings.push(Finding::new(
                        codes::SIZE_REPEATED,
                        format!(
                            "SZ[{}] at main-line node {} differs from the first SZ[{}]; ignored",
                            short(&later.value),
                            later.node,
                            short(&p.value)
                        ),
                    ));
                }
            }
            wh
        }
    };
    let mut repair_gm = false;
    if let Some(gm) = scan.props.iter().find(|p| p.ident == "GM" && p.node == 0) {
        let t = gm.value.trim();
        if t != "1" {
            return Err((
                gm.offset,
                ErrorKind::NotGo {
                    raw: short(&gm.value),
                },
            ));
        }
        if gm.value != "1" {
            repair_gm = true;
            warnings.push(Finding::new(
                codes::GAME_TYPE_REPAIRED,
                format!("GM[{}] read as GM[1]", short(&gm.value)),
            ));
        }
    }

    // The text sgf-parse sees: the tree, with lower-case identifiers upper-cased.
    let mut slice: Cow<'_, str> = Cow::Borrowed(&text[scan.start..scan.end]);
    for r in &scan.repeated {
        warnings.push(repeated_finding(r));
    }
    if !scan.lower_idents.is_empty()
        || repair_gm
        || scan.unclosed > 0
        || !scan.blank.is_empty()
        || !scan.escaped.is_empty()
    {
        let mut owned = slice.into_owned().into_bytes();
        for &(a, b) in &scan.lower_idents {
            owned[a - scan.start..b - scan.start].make_ascii_uppercase();
        }
        for &(a, b) in &scan.blank {
            owned[a - scan.start..b - scan.start].fill(b' ');
        }
        let mut s = String::from_utf8(owned).unwrap_or_default();
        // Edits that change lengths, from the end backwards so that offsets stay true: the
        // repaired GM value, and a `\` before each `]` a repair reads as part of its value.
        let mut edits: Vec<(usize, usize, &str)> = scan
            .escaped
            .iter()
            .map(|&e| (e - scan.start, e - scan.start, "\\"))
            .collect();
        if repair_gm {
            if let Some(gm) = scan.props.iter().find(|p| p.ident == "GM" && p.node == 0) {
                let a = gm.offset - scan.start;
                edits.push((a, a + raw_len(text, gm.offset), "1"));
            }
        }
        edits.sort_unstable_by_key(|e| std::cmp::Reverse(e.0));
        for (a, b, with) in edits {
            s.replace_range(a..b, with);
        }
        if scan.unclosed > 0 {
            s.push_str(&")".repeat(scan.unclosed));
            warnings.push(Finding::new(
                codes::GAME_TREE_UNCLOSED,
                format!(
                    "the file ends inside the game tree ({} ')' missing); read as if closed",
                    scan.unclosed
                ),
            ));
        }
        slice = Cow::Owned(s);
        if !scan.lower_examples.is_empty() {
            warnings.push(Finding::new(
                codes::IDENTIFIER_LOWER_CASE,
                format!(
                    "lower-case property identifiers ({}) were read as upper case ({} in all)",
                    scan.lower_examples
                        .iter()
                        .map(|e| format!("{e}[]"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    scan.lower_idents.len()
                ),
            ));
        }
    }
    if !scan.mixed_examples.is_empty() {
        warnings.push(Finding::new(
            codes::IDENTIFIER_MIXED_CASE,
            format!(
                "FF[3] mixed-case identifiers were reduced to their capitals: {}",
                scan.mixed_examples
                    .iter()
                    .map(|(a, b)| format!("{a} → {b}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }

    let mut trees = sgf_parse::parse_with_options(&slice, &ParseOptions::default())
        .map_err(|e| (scan.start, ErrorKind::Parser(e.to_string())))?;
    let root = match (trees.pop(), trees.is_empty()) {
        (Some(GameTree::GoGame(root)), true) => root,
        (Some(other), true) => {
            teardown_tree(other);
            return Err((
                scan.start,
                ErrorKind::NotGo {
                    raw: "(not 1)".to_owned(),
                },
            ));
        }
        (first, _) => {
            first.into_iter().for_each(teardown_tree);
            trees.into_iter().for_each(teardown_tree);
            return Err((
                scan.start,
                ErrorKind::Parser("expected exactly one game tree".to_owned()),
            ));
        }
    };

    let topology = topology(width, height);
    let mut w = Walker::new(topology, warnings);
    // One action per main-line move, and a few more for setups and the player to move.
    w.rec_actions.reserve(scan.moves + 4);
    w.walk(root);
    w.finish(scan, options)
}

/// The finding for a property repeated in the root.
fn repeated_finding(r: &Repeated) -> Finding {
    let ident = &r.ident;
    let times = r.count;
    let message = match r.kind {
        RepeatedKind::Identical => format!(
            "{ident}[{}] appears {times} times in the root with the same value; read once",
            short(&r.values[0])
        ),
        RepeatedKind::Merged => {
            format!("{ident} appears {times} times in the root; the values are read together")
        }
        RepeatedKind::FirstKept => format!(
            "{ident} appears {times} times in the root with different values ({}); the first \
             is kept",
            r.values
                .iter()
                .map(|v| format!("{ident}[{}]", short(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    Finding::new(codes::PROPERTY_REPEATED, message)
}

/// Length of the raw value text starting at `offset` (up to its closing `]`).
fn raw_len(text: &str, offset: usize) -> usize {
    let b = text.as_bytes();
    let mut k = offset;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            b']' => break,
            _ => k += 1,
        }
    }
    k.min(b.len()) - offset
}

fn note_whitespace(warnings: &mut Vec<Finding>, ident: &str, value: &str) {
    if warnings.iter().any(|f| f.code == codes::VALUE_WHITESPACE) {
        return;
    }
    warnings.push(Finding::new(
        codes::VALUE_WHITESPACE,
        format!(
            "{ident}[{}]: blanks around the value were ignored",
            short(value)
        ),
    ));
}

thread_local! {
    static TOPOLOGIES: RefCell<HashMap<(usize, usize), Arc<Topology>>> = RefCell::new(HashMap::new());
}

/// A shared grid topology (square boards up to 25 are cached per thread; the caller has
/// checked the size).
fn topology(width: usize, height: usize) -> Arc<Topology> {
    let make = || {
        Arc::new(
            Topology::grid(width, height)
                .unwrap_or_else(|_| unreachable!("size {width}x{height} checked by read_size")),
        )
    };
    if width != height || width > 25 {
        return make();
    }
    TOPOLOGIES.with(|c| {
        c.borrow_mut()
            .entry((width, height))
            .or_insert_with(make)
            .clone()
    })
}

/// Drops a whole tree without recursion.
fn teardown_tree(t: GameTree) {
    match t {
        GameTree::GoGame(n) => teardown(vec![n]),
        GameTree::Unknown(n) => {
            let mut stack = vec![n];
            while let Some(mut n) = stack.pop() {
                stack.append(&mut n.children);
            }
        }
    }
}

/// Drops nodes without recursion: each node's children are moved out before it is dropped.
pub(crate) fn teardown(mut stack: Vec<Node>) {
    while let Some(mut n) = stack.pop() {
        stack.append(&mut n.children);
    }
}

/// Territory seen on the main line: where, and which points.
struct TerritoryMark {
    node: usize,
    points: Vec<Point>,
}

struct Walker {
    topo: Arc<Topology>,
    small: bool,
    rec_actions: Vec<Action>,
    /// The moves of the node being read (kept between nodes: no allocation per node).
    node_moves: Vec<(Color, RecordedMove)>,
    warnings: Vec<Finding>,
    variations: u32,
    info: GameInfo,
    rules: Option<String>,
    result: Option<String>,
    seen_info: HashMap<&'static str, String>,
    territory: PerColor<Option<TerritoryMark>>,
    /// `KGSDE[]` dead stones (old KGS): the latest node that has them.
    kgs_dead: Option<TerritoryMark>,
    /// `dead @ C8` lines in comments (IGS/NNGS), by node.
    comment_dead: Vec<TerritoryMark>,
    early_markup: Vec<usize>,
    last_placing_node: Option<usize>,
    multi_move_nodes: Vec<usize>,
    setup_move_nodes: Vec<usize>,
    moves_seen: bool,
    handicap_stones: usize,
    /// White setup stones before the first move.
    white_setup_stones: usize,
    problems: HashMap<&'static str, (usize, String)>,
    /// `INITIALPROHIBITED` of the root (Pauli rule 2).
    initial_prohibited: Vec<Point>,
}

impl Walker {
    fn new(topo: Arc<Topology>, warnings: Vec<Finding>) -> Walker {
        let small = topo.grid_size().is_some_and(|(w, h)| w <= 19 && h <= 19);
        Walker {
            topo,
            small,
            rec_actions: Vec::new(),
            node_moves: Vec::new(),
            warnings,
            variations: 0,
            info: GameInfo::default(),
            rules: None,
            result: None,
            seen_info: HashMap::new(),
            territory: PerColor::default(),
            kgs_dead: None,
            comment_dead: Vec::new(),
            early_markup: Vec::new(),
            last_placing_node: None,
            multi_move_nodes: Vec::new(),
            setup_move_nodes: Vec::new(),
            moves_seen: false,
            handicap_stones: 0,
            white_setup_stones: 0,
            problems: HashMap::new(),
            initial_prohibited: Vec::new(),
        }
    }

    /// Walks the main line from `root`, consuming the tree.
    fn walk(&mut self, root: Node) {
        let mut node = root;
        let mut index = 0usize;
        let mut spare: Vec<Node> = Vec::new();
        loop {
            let mut children = std::mem::take(&mut node.children);
            self.node(index, std::mem::take(&mut node.properties));
            drop(node);
            if children.is_empty() {
                break;
            }
            self.variations = self.variations.saturating_add((children.len() - 1) as u32);
            let first = children.remove(0);
            spare.append(&mut children);
            if spare.len() > 1024 {
                teardown(std::mem::take(&mut spare));
            }
            node = first;
            index += 1;
        }
        teardown(spare);
    }

    fn problem(&mut self, code: &'static str, node: usize, what: String) {
        let e = self.problems.entry(code).or_insert((0, what));
        e.0 += 1;
        let _ = node;
    }

    fn node(&mut self, index: usize, props: Vec<Prop>) {
        let mut setup: Vec<(Point, Option<Color>)> = Vec::new();
        let mut player = None;
        let mut moves = std::mem::take(&mut self.node_moves);
        moves.clear();
        let mut removal: Option<u32> = None;
        for prop in props {
            match prop {
                Prop::B(m) => moves.push((Color::Black, self.sgf_move(m))),
                Prop::W(m) => moves.push((Color::White, self.sgf_move(m))),
                Prop::AB(ps) => self.setup_points(&ps, Some(Color::Black), "AB", &mut setup),
                Prop::AW(ps) => self.setup_points(&ps, Some(Color::White), "AW", &mut setup),
                Prop::AE(ps) => self.setup_points(&ps, None, "AE", &mut setup),
                Prop::PL(c) => {
                    player = Some(match c {
                        sgf_parse::Color::Black => Color::Black,
                        sgf_parse::Color::White => Color::White,
                    });
                }
                Prop::TB(ps) => self.territory_points(index, Color::Black, &ps),
                Prop::TW(ps) => self.territory_points(index, Color::White, &ps),
                Prop::RU(t) => self.info_text(index, "RU", t.text),
                Prop::RE(t) => self.info_text(index, "RE", t.text),
                Prop::PB(t) => self.info_text(index, "PB", t.text),
                Prop::PW(t) => self.info_text(index, "PW", t.text),
                Prop::BR(t) => self.info_text(index, "BR", t.text),
                Prop::WR(t) => self.info_text(index, "WR", t.text),
                Prop::DT(t) => self.info_text(index, "DT", t.text),
                Prop::EV(t) => self.info_text(index, "EV", t.text),
                Prop::GN(t) => self.info_text(index, "GN", t.text),
                Prop::PC(t) => self.info_text(index, "PC", t.text),
                Prop::SO(t) => self.info_text(index, "SO", t.text),
                Prop::AP((name, version)) => {
                    let v = if version.text.is_empty() {
                        name.text
                    } else {
                        format!("{}:{}", name.text, version.text)
                    };
                    self.info_text(index, "AP", v);
                }
                Prop::C(t) if t.text.contains("dead @") => self.comment_dead_marks(index, &t.text),
                Prop::Unknown(id, vals) if id == "KGSDE" => {
                    let mut pts = Vec::new();
                    for v in &vals {
                        match self.lenient_points(v) {
                            Some(mut p) => pts.append(&mut p),
                            None => self.problem(
                                codes::MARKUP_MALFORMED,
                                index,
                                format!("KGSDE[{}]", short(v)),
                            ),
                        }
                    }
                    pts.sort_unstable();
                    pts.dedup();
                    self.kgs_dead = Some(TerritoryMark {
                        node: index,
                        points: pts,
                    });
                }
                Prop::Unknown(id, vals) if id == "INITIALPROHIBITED" => {
                    self.initial_prohibited_points(index, &vals);
                }
                Prop::Unknown(id, vals) if id == "REMOVECYCLE" => {
                    removal = match vals.as_slice() {
                        [v] => v.trim().parse::<u32>().ok(),
                        _ => None,
                    };
                    if removal.is_none() {
                        self.problem(
                            codes::PRIVATE_PROPERTY_MALFORMED,
                            index,
                            format!("REMOVECYCLE[{}] at node {index}", short(&vals.join("]["))),
                        );
                    }
                }
                Prop::Invalid(id, vals) => {
                    self.invalid(index, &id, &vals, &mut moves, &mut setup, &mut player)
                }
                _ => {}
            }
        }
        if !setup.is_empty() {
            if !moves.is_empty() {
                self.setup_move_nodes.push(index);
            }
            if !self.moves_seen {
                self.handicap_stones += setup
                    .iter()
                    .filter(|(_, c)| *c == Some(Color::Black))
                    .count();
                self.white_setup_stones += setup
                    .iter()
                    .filter(|(_, c)| *c == Some(Color::White))
                    .count();
            }
            self.rec_actions.push(Action::Setup(setup));
        }
        if let Some(c) = player {
            self.rec_actions.push(Action::SetPlayer(c));
        }
        if moves.len() > 1 {
            self.multi_move_nodes.push(index);
        }
        // `REMOVECYCLE[start]` (written by `sgf_record::write`): the player of the node's move
        // removes the cycle that started at turn `start` before moving (Pauli rule 3).
        if let Some(start) = removal {
            match moves.as_slice() {
                [(color, _)] => self.rec_actions.push(Action::RemoveCycle {
                    color: *color,
                    start,
                }),
                _ => self.problem(
                    codes::PRIVATE_PROPERTY_MALFORMED,
                    index,
                    format!("REMOVECYCLE[{start}] at node {index}, which does not hold one move"),
                ),
            }
        }
        for (color, mv) in moves.drain(..) {
            self.moves_seen = true;
            if matches!(mv, RecordedMove::Place(_) | RecordedMove::OffBoard(_)) {
                self.last_placing_node = Some(index);
            }
            self.rec_actions.push(Action::Move { color, mv });
        }
        self.node_moves = moves;
    }

    /// A move value from sgf-parse: `tt` is a pass on boards up to 19×19.
    fn sgf_move(&mut self, m: SgfMove) -> RecordedMove {
        match m {
            SgfMove::Pass => RecordedMove::Pass,
            SgfMove::Move(p) => self.point_move(p),
        }
    }

    fn point_move(&self, p: SgfPoint) -> RecordedMove {
        if self.small && p.x == 19 && p.y == 19 {
            return RecordedMove::Pass;
        }
        match self.topo.at(p.x as usize, p.y as usize) {
            Some(pt) => RecordedMove::Place(pt),
            None => RecordedMove::OffBoard(letters(p)),
        }
    }

    fn setup_points(
        &mut self,
        ps: &HashSet<SgfPoint>,
        color: Option<Color>,
        ident: &str,
        setup: &mut Vec<(Point, Option<Color>)>,
    ) {
        let mut pts: Vec<Point> = Vec::with_capacity(ps.len());
        for p in ps {
            match self.topo.at(p.x as usize, p.y as usize) {
                Some(pt) => pts.push(pt),
                None => self.problem(
                    codes::SETUP_OFF_BOARD,
                    0,
                    format!("{ident}[{}]", letters(*p)),
                ),
            }
        }
        pts.sort_unstable();
        setup.extend(pts.into_iter().map(|p| (p, color)));
    }

    /// `INITIALPROHIBITED[bb][cc]` in the root: Pauli rule 2's initially prohibited
    /// locations. Each value must be one point on the board.
    fn initial_prohibited_points(&mut self, index: usize, vals: &[String]) {
        for v in vals {
            let p = (index == 0)
                .then(|| v.trim().parse::<SgfPoint>().ok())
                .flatten()
                .and_then(|p| self.topo.at(p.x as usize, p.y as usize));
            match p {
                Some(p) => self.initial_prohibited.push(p),
                None => self.problem(
                    codes::PRIVATE_PROPERTY_MALFORMED,
                    index,
                    format!("INITIALPROHIBITED[{}] at node {index}", short(v)),
                ),
            }
        }
    }

    fn territory_points(&mut self, index: usize, color: Color, ps: &HashSet<SgfPoint>) {
        let mut pts: Vec<Point> = Vec::with_capacity(ps.len());
        for p in ps {
            match self.topo.at(p.x as usize, p.y as usize) {
                Some(pt) => pts.push(pt),
                None => self.problem(
                    codes::MARKUP_MALFORMED,
                    index,
                    format!("T{}[{}]", color.letter(), letters(*p)),
                ),
            }
        }
        pts.sort_unstable();
        self.add_territory(index, color, pts);
    }

    /// IGS/NNGS write the stones a player marked dead during scoring as comment lines
    /// `NAME dead @ C8` (a GTP-style vertex; the server removes the whole chain).
    fn comment_dead_marks(&mut self, index: usize, text: &str) {
        let mut pts = Vec::new();
        for line in text.lines() {
            if let Some((_, after)) = line.split_once("dead @") {
                let vertex = after.split_whitespace().next().unwrap_or("");
                if let Some(p) = self.topo.parse_gtp(vertex) {
                    pts.push(p);
                }
            }
        }
        if !pts.is_empty() {
            self.comment_dead.push(TerritoryMark {
                node: index,
                points: pts,
            });
        }
    }

    fn add_territory(&mut self, index: usize, color: Color, pts: Vec<Point>) {
        if let Some(prev) = self.territory[color].take() {
            if prev.node == index {
                let mut merged = prev.points;
                merged.extend(pts);
                merged.sort_unstable();
                merged.dedup();
                self.territory[color] = Some(TerritoryMark {
                    node: index,
                    points: merged,
                });
                return;
            }
            self.early_markup.push(prev.node);
        }
        self.territory[color] = Some(TerritoryMark {
            node: index,
            points: pts,
        });
    }

    fn info_text(&mut self, index: usize, ident: &'static str, value: String) {
        if let Some(first) = self.seen_info.get(ident) {
            if *first != value {
                let msg = format!(
                    "{ident}[{}] at main-line node {index} repeats {ident}[{}]; the first is used",
                    short(&value),
                    short(first)
                );
                self.problem(codes::GAME_INFO_REPEATED, index, msg);
            }
            return;
        }
        self.seen_info.insert(ident, value.clone());
        let slot = match ident {
            "RU" => &mut self.rules,
            "RE" => &mut self.result,
            "PB" => &mut self.info.black,
            "PW" => &mut self.info.white,
            "BR" => &mut self.info.black_rank,
            "WR" => &mut self.info.white_rank,
            "DT" => &mut self.info.date,
            "EV" => &mut self.info.event,
            "GN" => &mut self.info.name,
            "PC" => &mut self.info.place,
            "AP" => &mut self.info.application,
            "SO" => &mut self.info.source,
            _ => return,
        };
        *slot = Some(value);
    }

    /// Properties sgf-parse could not read: read them leniently here.
    fn invalid(
        &mut self,
        index: usize,
        id: &str,
        vals: &[String],
        moves: &mut Vec<(Color, RecordedMove)>,
        setup: &mut Vec<(Point, Option<Color>)>,
        player: &mut Option<Color>,
    ) {
        let first = vals.first().map(String::as_str).unwrap_or("");
        match id {
            "B" | "W" => {
                let color = if id == "B" {
                    Color::Black
                } else {
                    Color::White
                };
                let t = first.trim();
                let mv = if t.is_empty() {
                    RecordedMove::Pass
                } else if let Ok(p) = t.parse::<SgfPoint>() {
                    self.point_move(p)
                } else {
                    RecordedMove::OffBoard(short(first))
                };
                if vals.len() != 1 || t != first || matches!(mv, RecordedMove::OffBoard(_)) {
                    self.problem(
                        codes::MOVE_MALFORMED,
                        index,
                        format!(
                            "{id}{} read as {}",
                            vals.iter()
                                .map(|v| format!("[{}]", short(v)))
                                .collect::<String>(),
                            match &mv {
                                RecordedMove::Pass => "a pass".to_owned(),
                                RecordedMove::Place(p) => self.topo.sgf(*p),
                                RecordedMove::OffBoard(r) => format!("an off-board move {r:?}"),
                            }
                        ),
                    );
                }
                moves.push((color, mv));
            }
            "AB" | "AW" | "AE" => {
                let color = match id {
                    "AB" => Some(Color::Black),
                    "AW" => Some(Color::White),
                    _ => None,
                };
                let mut pts = Vec::new();
                for v in vals {
                    match self.lenient_points(v) {
                        Some(mut p) => pts.append(&mut p),
                        None if v.trim().is_empty() => {}
                        None => self.problem(
                            codes::SETUP_MALFORMED,
                            index,
                            format!("{id}[{}]", short(v)),
                        ),
                    }
                }
                pts.sort_unstable();
                pts.dedup();
                setup.extend(pts.into_iter().map(|p| (p, color)));
            }
            "TB" | "TW" => {
                let color = if id == "TB" {
                    Color::Black
                } else {
                    Color::White
                };
                let mut pts = Vec::new();
                for v in vals {
                    match self.lenient_points(v) {
                        Some(mut p) => pts.append(&mut p),
                        None => self.problem(
                            codes::MARKUP_MALFORMED,
                            index,
                            format!("{id}[{}]", short(v)),
                        ),
                    }
                }
                pts.sort_unstable();
                pts.dedup();
                self.add_territory(index, color, pts);
            }
            "PL" => match Color::parse(first) {
                Some(c) => *player = Some(c),
                None if matches!(first.trim(), "1" | "2") => {
                    let c = if first.trim() == "1" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    *player = Some(c);
                    self.problem(
                        codes::PLAYER_NUMERIC,
                        index,
                        format!("PL[{}] read as PL[{}]", first.trim(), c.letter()),
                    );
                }
                None => self.problem(
                    codes::PLAYER_MALFORMED,
                    index,
                    format!("PL[{}]", short(first)),
                ),
            },
            "RU" | "RE" | "PB" | "PW" | "BR" | "WR" | "DT" | "EV" | "GN" | "PC" | "SO" | "AP" => {
                let ident: &'static str = match id {
                    "RU" => "RU",
                    "RE" => "RE",
                    "PB" => "PB",
                    "PW" => "PW",
                    "BR" => "BR",
                    "WR" => "WR",
                    "DT" => "DT",
                    "EV" => "EV",
                    "GN" => "GN",
                    "PC" => "PC",
                    "SO" => "SO",
                    _ => "AP",
                };
                self.info_text(index, ident, vals.join(", "));
            }
            _ => {}
        }
    }

    /// Points of a setup or markup value, blanks allowed: `pd`, or a rectangle `aa:cc` in
    /// either corner order. Off-board points are dropped (and reported). `None` when the
    /// value is not a point or rectangle.
    fn lenient_points(&mut self, v: &str) -> Option<Vec<Point>> {
        let t = v.trim();
        let (a, b) = match t.split_once(':') {
            Some((a, b)) => (
                a.trim().parse::<SgfPoint>().ok()?,
                b.trim().parse::<SgfPoint>().ok()?,
            ),
            None => {
                let p = t.parse::<SgfPoint>().ok()?;
                (p, p)
            }
        };
        let mut out = Vec::new();
        for x in a.x.min(b.x)..=a.x.max(b.x) {
            for y in a.y.min(b.y)..=a.y.max(b.y) {
                match self.topo.at(x as usize, y as usize) {
                    Some(p) => out.push(p),
                    None => self.problem(
                        codes::SETUP_OFF_BOARD,
                        0,
                        format!("[{}]", letters(SgfPoint { x, y })),
                    ),
                }
            }
        }
        Some(out)
    }

    /// Everything gathered, as a record. KM and HA come from the pre-pass's raw values
    /// (sgf-parse loses `KM[6.50]`'s text and rejects `HA[1]` and `KM[ 7.5 ]`); the first
    /// occurrence on the main line counts.
    /// KGS writes free-placement handicap stones as the game's first moves (`HA[5]` then
    /// `;B[dd];B[pd];B[jj]…`). When the game opens with exactly `n` black stone moves and then
    /// a white move (or nothing), turns them into setup and returns true.
    fn handicap_moves_to_setup(&mut self, n: usize) -> bool {
        let moves: Vec<usize> = self
            .rec_actions
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a, Action::Move { .. }))
            .map(|(i, _)| i)
            .take(n + 1)
            .collect();
        if n < 2 || moves.len() < n {
            return false;
        }
        let black_stone = |a: &Action| {
            matches!(
                a,
                Action::Move {
                    color: Color::Black,
                    mv: RecordedMove::Place(_)
                }
            )
        };
        let white_next = moves.get(n).is_none_or(|&i| {
            matches!(
                self.rec_actions[i],
                Action::Move {
                    color: Color::White,
                    ..
                }
            )
        });
        if !moves[..n]
            .iter()
            .all(|&i| black_stone(&self.rec_actions[i]))
            || !white_next
        {
            return false;
        }
        // One setup action where the first stone was, the other moves removed.
        let mut stones: Vec<(Point, Option<Color>)> = moves[..n]
            .iter()
            .filter_map(|&i| match self.rec_actions[i] {
                Action::Move {
                    mv: RecordedMove::Place(p),
                    ..
                } => Some((p, Some(Color::Black))),
                _ => None,
            })
            .collect();
        stones.sort_unstable_by_key(|&(p, _)| p);
        self.rec_actions[moves[0]] = Action::Setup(stones);
        // The other moves go in one pass (removing them one by one was quadratic: `HA[50000]`
        // with 50,000 black moves took minutes).
        let gone = &moves[1..n];
        let (mut next, mut index) = (0, 0);
        self.rec_actions.retain(|_| {
            let keep = gone.get(next) != Some(&index);
            next += usize::from(!keep);
            index += 1;
            keep
        });
        true
    }

    /// The points of the black stone moves the game opens with, when a white move follows
    /// them (empty otherwise).
    fn opening_black_moves(&self) -> Vec<Point> {
        let mut points = Vec::new();
        for a in &self.rec_actions {
            match a {
                Action::Move {
                    color: Color::Black,
                    mv: RecordedMove::Place(p),
                } => points.push(*p),
                Action::Move {
                    color: Color::White,
                    ..
                } => return points,
                Action::Move { .. } => return Vec::new(),
                _ => {}
            }
        }
        Vec::new()
    }

    /// The black setup stones before the first move.
    fn setup_black(&self) -> Vec<Point> {
        let mut black: Vec<Point> = Vec::new();
        for a in &self.rec_actions {
            match a {
                Action::Setup(edits) => black.extend(
                    edits
                        .iter()
                        .filter(|(_, c)| *c == Some(Color::Black))
                        .map(|(p, _)| *p),
                ),
                Action::Move { .. } => break,
                _ => {}
            }
        }
        black
    }

    /// Whether `stones` stand as handicap stones do: no two of them neighbours (the stones of
    /// a test position usually touch) and none on the edge of the board (no handicap stone
    /// goes on the first line; a record whose opening black stones do is a record with a
    /// mistake, left to the replay's `out-of-turn`).
    fn apart(&self, mut stones: Vec<Point>) -> bool {
        stones.sort_unstable();
        let off_edge = |p: Point| match (self.topo.grid_size(), self.topo.xy(p)) {
            (Some((w, h)), Some((x, y))) => x > 0 && y > 0 && x + 1 < w && y + 1 < h,
            _ => true,
        };
        stones.iter().all(|&p| {
            off_edge(p)
                && self
                    .topo
                    .neighbors(p)
                    .iter()
                    .all(|n| stones.binary_search(n).is_err())
        })
    }

    /// Whether White is to play first: a `PL[W]` before the first move, or White's move first.
    fn white_first(&self) -> bool {
        for a in &self.rec_actions {
            match a {
                Action::SetPlayer(c) => return *c == Color::White,
                Action::Move { color, .. } => return *color == Color::White,
                _ => {}
            }
        }
        false
    }

    /// No `HA`, and the record writes a handicap all the same (KataGo reads both forms so, and
    /// so do the servers that write them): black setup stones only, White to move; or the
    /// game opening with several black moves before White's first, which become the setup.
    fn infer_handicap(&mut self, w: &mut Vec<Finding>) -> Option<u32> {
        if self.handicap_stones >= 2
            && self.white_setup_stones == 0
            && self.white_first()
            && self.apart(self.setup_black())
        {
            let n = self.handicap_stones;
            w.push(Finding::new(
                codes::HANDICAP_INFERRED,
                format!(
                    "no HA: {n} black setup stones and White to play first (PL[W] or White's \
                     move) read as a handicap of {n}"
                ),
            ));
            return u32::try_from(n).ok();
        }
        let opening = self.opening_black_moves();
        let k = opening.len();
        if self.handicap_stones == 0
            && self.white_setup_stones == 0
            && k >= 2
            && self.apart(opening)
            && self.handicap_moves_to_setup(k)
        {
            self.handicap_stones = k;
            w.push(Finding::new(
                codes::HANDICAP_INFERRED,
                format!(
                    "no HA: the game opens with {k} black moves before White's first, read as \
                     {k} handicap stones placed freely (the setup), not as moves"
                ),
            ));
            return u32::try_from(k).ok();
        }
        None
    }

    /// Stones of the setup before the first move that are left without liberties: removed
    /// (a note), or the record refused ([`SetupPolicy::Refuse`]).
    fn settle_setup(
        &mut self,
        policy: SetupPolicy,
        at: usize,
        w: &mut Vec<Finding>,
    ) -> Result<(), (usize, ErrorKind)> {
        let first_move = self
            .rec_actions
            .iter()
            .position(|a| matches!(a, Action::Move { .. }))
            .unwrap_or(self.rec_actions.len());
        let Some(last_setup) = self.rec_actions[..first_move]
            .iter()
            .rposition(|a| matches!(a, Action::Setup(_)))
        else {
            return Ok(());
        };
        let mut board = rules_core::Board::new(self.topo.clone());
        for a in &self.rec_actions[..first_move] {
            if let Action::Setup(edits) = a {
                board.setup(edits);
            }
        }
        let mut gone: Vec<Point> = board
            .libertyless_chains()
            .into_iter()
            .flat_map(|c| c.stones)
            .collect();
        if gone.is_empty() {
            return Ok(());
        }
        gone.sort_unstable();
        let points = self.topo.sgf_names(&gone);
        if policy == SetupPolicy::Refuse {
            return Err((
                at,
                ErrorKind::SetupWithoutLiberties {
                    count: gone.len(),
                    points,
                },
            ));
        }
        w.push(Finding::new(
            codes::SETUP_WITHOUT_LIBERTIES_REMOVED,
            format!(
                "the setup leaves {} stone(s) without liberties ({points}); they were removed, \
                 as stones without liberties cannot stand on the board",
                gone.len()
            ),
        ));
        if let Action::Setup(edits) = &mut self.rec_actions[last_setup] {
            edits.extend(gone.into_iter().map(|p| (p, None)));
        }
        Ok(())
    }

    /// The Fox server (its records say `AP[YuanYu]`) writes `KM[0]` for an even game under
    /// Japanese rules played with 6.5 komi: of the corpus's 235 such counted games, 169 give
    /// their result exactly with 6.5 and none with 0 (docs/rule-names.md, *Fox*). Read so,
    /// with a note; handicap games keep their 0.
    fn fox_even_komi(&self, komi: &mut Komi, handicap: Option<u32>, w: &mut Vec<Finding>) {
        let fox = rules_names::infer::fox(self.info.application.as_deref(), self.rules.as_deref());
        if fox && komi.value == 0.0 && handicap.unwrap_or(0) == 0 {
            komi.value = 6.5;
            w.push(Finding::new(
                codes::KOMI_NORMALISED,
                format!(
                    "KM[{}] read as 6.5 points: the Fox server (AP[YuanYu]) writes KM[0] for \
                     an even game under Japanese rules played with 6.5 komi",
                    short(&komi.raw)
                ),
            ));
        }
    }

    fn finish(
        mut self,
        scan: &GameScan,
        options: &ReadOptions,
    ) -> Result<GameRecord, (usize, ErrorKind)> {
        let mut w = std::mem::take(&mut self.warnings);
        let mut komi = None;
        if let Some(p) = scan.props.iter().find(|p| p.ident == "KM") {
            if p.value.trim() != p.value {
                note_whitespace(&mut w, "KM", &p.value);
            }
            komi = values::read_komi(&p.value, &mut w);
            for later in scan.props.iter().filter(|q| q.ident == "KM").skip(1) {
                if later.value.trim() != p.value.trim() {
                    self.problem(
                        codes::GAME_INFO_REPEATED,
                        later.node,
                        format!(
                            "KM[{}] at main-line node {} repeats KM[{}]; the first is used",
                            short(&later.value),
                            later.node,
                            short(&p.value)
                        ),
                    );
                }
            }
        }
        let mut handicap = None;
        if let Some(p) = scan.props.iter().find(|p| p.ident == "HA") {
            handicap = values::read_handicap(&p.value, &mut w);
            if let Some(n) = handicap {
                if self.handicap_stones == 0 && self.handicap_moves_to_setup(n as usize) {
                    self.handicap_stones = n as usize;
                    w.push(Finding::new(
                        codes::HANDICAP_AS_MOVES,
                        format!(
                            "HA[{n}] and no setup stones: the game opens with {n} black moves \
                             before White's first, read as free-placement handicap stones \
                             (as KGS writes them), not as moves"
                        ),
                    ));
                }
                if n as usize != self.handicap_stones {
                    w.push(Finding::new(
                        codes::HANDICAP_STONES_MISMATCH,
                        format!(
                            "HA[{n}] but the setup before the first move has {} black stone(s)",
                            self.handicap_stones
                        ),
                    ));
                }
            }
        }
        if scan.props.iter().all(|p| p.ident != "HA") {
            handicap = self.infer_handicap(&mut w);
        }
        if let Some(k) = &mut komi {
            self.fox_even_komi(k, handicap, &mut w);
        }
        self.settle_setup(
            options.setup_without_liberties,
            scan.setup_at.unwrap_or(scan.start),
            &mut w,
        )?;
        let result = self.result.take().and_then(|raw| {
            if raw.trim().is_empty() {
                return None;
            }
            let r = values::parse_result(&raw);
            values::result_findings(&r, &mut w);
            values::result_komi_findings(&r, komi.as_ref(), &mut w);
            Some(r)
        });
        if !self.multi_move_nodes.is_empty() {
            w.push(Finding::new(
                codes::MOVES_IN_ONE_NODE,
                format!(
                    "{} node(s) hold more than one move (first at main-line node {}); all moves \
                     are kept in order",
                    self.multi_move_nodes.len(),
                    self.multi_move_nodes[0]
                ),
            ));
        }
        if !self.setup_move_nodes.is_empty() {
            w.push(Finding::new(
                codes::SETUP_AND_MOVE_IN_NODE,
                format!(
                    "{} node(s) hold both setup and a move (first at main-line node {}); the \
                     setup is applied before the move",
                    self.setup_move_nodes.len(),
                    self.setup_move_nodes[0]
                ),
            ));
        }
        // End-of-game markup: TB/TW in the nodes from the last stone-placing move to the end.
        let segment = self.last_placing_node.unwrap_or(0);
        let mut markup = Markup::default();
        let mut source = Vec::new();
        for color in Color::BOTH {
            if let Some(m) = self.territory[color].take() {
                if m.node >= segment {
                    markup.territory[color] = m.points;
                    source.push(if color == Color::Black { "TB" } else { "TW" });
                } else {
                    self.early_markup.push(m.node);
                }
            }
        }
        let mut sources = Vec::new();
        if !source.is_empty() {
            sources.push(source.join("/"));
        }
        if let Some(m) = self.kgs_dead.take().filter(|m| m.node >= segment) {
            markup.dead.extend(m.points);
            sources.push("KGSDE".to_owned());
        }
        let comment: Vec<Point> = std::mem::take(&mut self.comment_dead)
            .into_iter()
            .filter(|m| m.node >= segment)
            .flat_map(|m| m.points)
            .collect();
        if !comment.is_empty() {
            markup.dead.extend(comment);
            sources.push("C[dead @]".to_owned());
        }
        markup.dead.sort_unstable();
        markup.dead.dedup();
        markup.source = sources.join(" ");
        if !self.early_markup.is_empty() {
            self.early_markup.sort_unstable();
            self.early_markup.dedup();
            w.push(Finding::new(
                codes::MARKUP_NOT_AT_END,
                format!(
                    "TB/TW at main-line node(s) {} come before the last move; not read as \
                     end-of-game markup",
                    self.early_markup
                        .iter()
                        .take(5)
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        let mut problems: Vec<_> = self.problems.into_iter().collect();
        problems.sort_by_key(|(code, _)| *code);
        for (code, (count, first)) in problems {
            let what = match code {
                codes::SETUP_OFF_BOARD => "setup point(s) off the board were dropped",
                codes::SETUP_MALFORMED => "setup value(s) that are not points were dropped",
                codes::MARKUP_MALFORMED => {
                    "territory point(s) off the board or malformed were dropped"
                }
                codes::MOVE_MALFORMED => "malformed move value(s) were read leniently",
                codes::PLAYER_MALFORMED => "PL value(s) that are not B or W were ignored",
                codes::PLAYER_NUMERIC => "old numeric PL value(s) (1 = Black, 2 = White) were read",
                codes::PRIVATE_PROPERTY_MALFORMED => {
                    "gorules-private propert(ies) with a malformed value or out of place were \
                     ignored (INITIALPROHIBITED takes points in the root, REMOVECYCLE a turn \
                     number on a node with one move)"
                }
                _ => "repeated game information; the first value is used",
            };
            w.push(Finding::new(
                code,
                if count > 1 {
                    format!("{count} {what}; the first: {first}")
                } else {
                    format!("{what}: {first}")
                },
            ));
        }
        let mut initial_prohibited = self.initial_prohibited;
        initial_prohibited.sort_unstable();
        initial_prohibited.dedup();
        if !initial_prohibited.is_empty() {
            w.push(Finding::new(
                codes::INITIAL_PROHIBITED,
                format!(
                    "initially prohibited (Pauli rule 2, INITIALPROHIBITED): {}; only pauli \
                     has initial prohibitions, the other rulesets ignore them",
                    self.topo.sgf_names(&initial_prohibited)
                ),
            ));
        }
        Ok(GameRecord {
            topology: self.topo,
            actions: self.rec_actions,
            komi,
            handicap,
            rules_counting: values::declared_counting(self.rules.as_deref()),
            rules: self.rules,
            result,
            markup,
            info: self.info,
            warnings: w,
            variations_ignored: self.variations,
            initial_prohibited,
        })
    }
}

fn letters(p: SgfPoint) -> String {
    let l = |v: u8| -> char {
        match v {
            0..=25 => (b'a' + v) as char,
            26..=51 => (b'A' + v - 26) as char,
            _ => '?',
        }
    };
    let mut s = String::with_capacity(2);
    s.push(l(p.x));
    s.push(l(p.y));
    s
}
