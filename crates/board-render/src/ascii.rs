//! The ASCII picture: a grid with coordinates, one symbol per point, marks around the last,
//! forbidden and disputed points, and a legend. ANSI colour only when asked for.
//!
//! Symbols (each cell is three characters wide: a mark, the symbol, a mark):
//!
//! | symbol | meaning |
//! |---|---|
//! | `X` `O` | black and white stones |
//! | `x` `o` | dead black and white stones |
//! | `b` `w` | empty points counted for (or controlled by) Black and White |
//! | `=` | dame shared half and half |
//! | `?` | undecided |
//! | `&` | controlled by both players |
//! | `.` `+` | an empty point (`+` on a star point) counted for nobody |
//! | `!` | the point of the forbidden move, when it is empty |
//! | `(X)` `[!]` `<X>` | the last move, the forbidden move, a disputed claim |
//! | `X?` `b?` … | a point the count left undecided but counts as it stands |

use crate::RenderError;
use crate::geometry::{Labels, star_points};
use crate::model::Picture;
use crate::text::{COUNTED_UNDECIDED, Entry};
use rules_core::{Color, PointKind, Shape};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// Options of the ASCII picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AsciiOptions {
    /// Use ANSI colour escapes. The caller decides: off when `NO_COLOR` is set, when the
    /// output is not a terminal, or when the user says `--color never`. When `false` the
    /// output contains no escape codes at all.
    pub color: bool,
    /// Add a second grid with the number of the move that put each stone on its point.
    pub move_numbers: bool,
    /// Print the legend and the caption lines under the board.
    pub legend: bool,
}

impl Default for AsciiOptions {
    fn default() -> AsciiOptions {
        AsciiOptions {
            color: false,
            move_numbers: false,
            legend: true,
        }
    }
}

/// Draws `picture` as text: a grid board with coordinates, or a listing of a graph board's
/// points with their state and neighbours. Ends with a newline.
///
/// # Errors
/// When the picture's per-point lists do not fit its board ([`Picture::check`]).
pub fn ascii(picture: &Picture, opts: &AsciiOptions) -> Result<String, RenderError> {
    picture.check()?;
    let mut r = Ascii {
        p: picture,
        counted_undecided: picture.counted_undecided(),
        opts,
        out: String::new(),
        entries: BTreeSet::new(),
        marks: BTreeSet::new(),
    };
    if let Some(t) = &picture.title {
        r.out.push_str(t);
        r.out.push('\n');
    }
    match picture.topology.shape() {
        Shape::Grid { width, height } => r.grid(*width, *height),
        Shape::Graph { names } => r.graph(names),
    }
    if opts.legend {
        r.legend();
    }
    Ok(r.out)
}

/// A style of the coloured picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Grid,
    Black,
    White,
    Dead,
    TerritoryBlack,
    TerritoryWhite,
    Shared,
    Undecided,
    Mutual,
    Mark,
    Dispute,
    Plain,
}

impl Style {
    /// The SGR parameters (256-colour palette; the board sits on a wood-coloured background).
    fn sgr(self) -> &'static str {
        match self {
            Style::Grid => "38;5;94",
            Style::Black => "1;38;5;16",
            Style::White => "1;38;5;231",
            Style::Dead => "1;38;5;124",
            Style::TerritoryBlack => "38;5;16",
            Style::TerritoryWhite => "38;5;231",
            Style::Shared => "1;38;5;25",
            Style::Undecided => "1;38;5;90",
            Style::Mutual => "1;38;5;25",
            Style::Mark => "1;38;5;196",
            Style::Dispute => "1;38;5;202",
            Style::Plain => "",
        }
    }
}

/// The board's background in colour mode.
const BOARD_BG: &str = "\x1b[48;5;179m";
const RESET: &str = "\x1b[0m";

/// Marks drawn around a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Mark {
    Forbidden,
    Last,
    Disputed,
    CountedUndecided,
}

impl Mark {
    fn chars(self) -> (char, char) {
        match self {
            Mark::Forbidden => ('[', ']'),
            Mark::Last => ('(', ')'),
            Mark::Disputed => ('<', '>'),
            Mark::CountedUndecided => (' ', '?'),
        }
    }

    fn style(self) -> Style {
        match self {
            Mark::Disputed => Style::Dispute,
            Mark::CountedUndecided => Style::Undecided,
            _ => Style::Mark,
        }
    }
}

struct Ascii<'a> {
    p: &'a Picture,
    /// [`Picture::counted_undecided`].
    counted_undecided: Vec<bool>,
    opts: &'a AsciiOptions,
    out: String,
    /// Legend entries used, with the symbols drawn for them.
    entries: BTreeSet<(Entry, char)>,
    marks: BTreeSet<Mark>,
}

impl Ascii<'_> {
    fn styled(&mut self, ch: char, style: Style) {
        if self.opts.color && style != Style::Plain {
            let _ = write!(self.out, "\x1b[{}m{ch}\x1b[22;39m", style.sgr());
        } else {
            self.out.push(ch);
        }
    }

    /// The symbol of point `i` and its style; `star` marks an empty star point.
    fn symbol(&mut self, i: usize, star: bool) -> (char, Style) {
        let stone = self.p.stones[i];
        let kind = self.p.kind(i);
        let (ch, style, entry) = match (kind, stone) {
            (_, None) if self.p.is_forbidden(i) => ('!', Style::Mark, None),
            (Some(PointKind::DeadStone(c)), _) => match c {
                Color::Black => ('x', Style::Dead, Some(Entry::Dead)),
                Color::White => ('o', Style::Dead, Some(Entry::Dead)),
            },
            (Some(PointKind::Mutual), _) => ('&', Style::Mutual, Some(Entry::Mutual)),
            (_, Some(Color::Black)) => ('X', Style::Black, Some(Entry::Stones)),
            (_, Some(Color::White)) => ('O', Style::White, Some(Entry::Stones)),
            (Some(PointKind::Territory(Color::Black)), None) => {
                ('b', Style::TerritoryBlack, Some(Entry::Territory))
            }
            (Some(PointKind::Territory(Color::White)), None) => {
                ('w', Style::TerritoryWhite, Some(Entry::Territory))
            }
            (Some(PointKind::Shared), None) => ('=', Style::Shared, Some(Entry::Shared)),
            (Some(PointKind::Undecided), None) => ('?', Style::Undecided, Some(Entry::Undecided)),
            (Some(_), None) => (if star { '+' } else { '.' }, Style::Grid, Some(Entry::Dame)),
            (None, None) => (if star { '+' } else { '.' }, Style::Grid, None),
        };
        if let Some(e) = entry {
            self.entries.insert((e, ch));
        }
        (ch, style)
    }

    fn mark(&mut self, i: usize) -> Option<Mark> {
        let m = if self.p.is_forbidden(i) {
            Some(Mark::Forbidden)
        } else if self.p.is_last(i) {
            Some(Mark::Last)
        } else if self.p.is_disputed(i) {
            Some(Mark::Disputed)
        } else if self.counted_undecided[i] {
            Some(Mark::CountedUndecided)
        } else {
            None
        };
        if let Some(m) = m {
            self.marks.insert(m);
        }
        m
    }

    fn grid(&mut self, w: usize, h: usize) {
        let labels = Labels::of(w, h);
        let lw = labels.rows.iter().map(String::len).max().unwrap_or(1);
        let stars: BTreeSet<usize> = star_points(w, h)
            .into_iter()
            .map(|(x, y)| y * w + x)
            .collect();
        let mut header = " ".repeat(lw + 1);
        for c in &labels.cols {
            let _ = write!(header, " {c} ");
        }
        let header = header.trim_end().to_owned();
        self.out.push_str(&header);
        self.out.push('\n');
        for y in 0..h {
            let _ = write!(self.out, "{:>lw$} ", labels.rows[y]);
            if self.opts.color {
                self.out.push_str(BOARD_BG);
            }
            for x in 0..w {
                let i = y * w + x;
                let (ch, style) = self.symbol(i, stars.contains(&i));
                match self.mark(i) {
                    Some(m) => {
                        let (l, r) = m.chars();
                        self.styled(l, m.style());
                        self.styled(ch, style);
                        self.styled(r, m.style());
                    }
                    None => {
                        self.out.push(' ');
                        self.styled(ch, style);
                        self.out.push(' ');
                    }
                }
            }
            if self.opts.color {
                self.out.push_str(RESET);
            }
            let _ = writeln!(self.out, " {}", labels.rows[y]);
        }
        self.out.push_str(&header);
        self.out.push('\n');

        if self.opts.move_numbers && self.p.move_numbers.iter().any(Option::is_some) {
            self.out
                .push_str("\nMove numbers of the stones on the board:\n");
            let mut header = " ".repeat(lw);
            for c in &labels.cols {
                let _ = write!(header, "{c:>4}");
            }
            self.out.push_str(&header);
            self.out.push('\n');
            let mut big = false;
            for y in 0..h {
                let _ = write!(self.out, "{:>lw$}", labels.rows[y]);
                for x in 0..w {
                    match self.p.number(y * w + x) {
                        Some(n) => {
                            big |= n >= 1000;
                            let _ = write!(self.out, "{:>4}", n % 1000);
                        }
                        None => self.out.push_str("   ."),
                    }
                }
                let _ = writeln!(self.out, "  {}", labels.rows[y]);
            }
            self.out.push_str(&header);
            self.out.push('\n');
            if big {
                self.out
                    .push_str("(numbers of 1000 and more are shown without their thousands)\n");
            }
        }
    }

    fn graph(&mut self, names: &[String]) {
        let topo = &self.p.topology;
        let _ = writeln!(
            self.out,
            "Graph board: {} points, {} edges. A graph has no grid to draw; each point with \
             its state and neighbours:",
            topo.len(),
            topo.edge_count()
        );
        let method = self.p.overlay.as_ref().map(|o| o.method);
        let mut rows: Vec<[String; 5]> = Vec::with_capacity(names.len());
        let mut symbols = Vec::with_capacity(names.len());
        for (i, name) in names.iter().enumerate() {
            symbols.push(self.symbol(i, false));
            let count = self
                .p
                .kind(i)
                .map(|k| count_words(k, method))
                .unwrap_or_default();
            let number = self.p.number(i).map(|n| n.to_string()).unwrap_or_default();
            let mut marks = Vec::new();
            if self.p.is_last(i) {
                marks.push("last move".to_owned());
            }
            if let Some(f) = self.p.forbidden.as_ref().filter(|_| self.p.is_forbidden(i)) {
                marks.push(format!("forbidden move {} ({})", f.number, f.reason));
            }
            if self.p.is_disputed(i) {
                marks.push("disputed".to_owned());
            }
            if self.counted_undecided[i] {
                marks.push("undecided".to_owned());
            }
            let neighbours: Vec<&str> = topo
                .neighbors(rules_core::Point::from_index(i))
                .iter()
                .map(|q| names[q.index()].as_str())
                .collect();
            rows.push([
                name.clone(),
                count,
                number,
                marks.join(", "),
                neighbours.join(" "),
            ]);
        }
        let heads = ["point", "count", "move", "marks", "neighbours"];
        let mut widths = heads.map(str::len);
        for r in &rows {
            for (w, cell) in widths.iter_mut().zip(r) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let pad = |s: &str, w: usize| format!("{s}{}", " ".repeat(w - s.chars().count()));
        let mut line = format!("  {}  symbol", pad(heads[0], widths[0]));
        for (h, w) in heads.iter().zip(widths).skip(1) {
            line.push_str("  ");
            line.push_str(&pad(h, w));
        }
        self.out.push_str(line.trim_end());
        self.out.push('\n');
        for (r, (ch, style)) in rows.iter().zip(symbols) {
            let _ = write!(self.out, "  {}  ", pad(&r[0], widths[0]));
            self.styled(ch, style);
            let mut rest = "     ".to_owned();
            for (cell, w) in r.iter().zip(widths).skip(1) {
                rest.push_str("  ");
                rest.push_str(&pad(cell, w));
            }
            self.out.push_str(rest.trim_end());
            self.out.push('\n');
        }
    }

    fn legend(&mut self) {
        let method = self.p.overlay.as_ref().map(|o| o.method);
        let mut lines: Vec<(String, &str)> = Vec::new();
        let mut seen = BTreeSet::new();
        for &(entry, _) in &self.entries {
            if !seen.insert(entry) {
                continue;
            }
            let symbols = match entry {
                Entry::Stones => "X O".to_owned(),
                Entry::Dead => "x o".to_owned(),
                Entry::Territory => "b w".to_owned(),
                Entry::Dame if self.entries.contains(&(Entry::Dame, '+')) => ". +".to_owned(),
                Entry::Dame => ".".to_owned(),
                _ => self
                    .entries
                    .iter()
                    .filter(|(e, _)| *e == entry)
                    .map(|(_, c)| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
            };
            lines.push((symbols, entry.words(method)));
        }
        for m in &self.marks {
            lines.push(match m {
                Mark::Last => ("( )".to_owned(), "last move"),
                Mark::Forbidden => ("[ ]".to_owned(), "forbidden move (! on an empty point)"),
                Mark::Disputed => ("< >".to_owned(), "disputed claim"),
                Mark::CountedUndecided => ("X? b?".to_owned(), COUNTED_UNDECIDED),
            });
        }
        let info = self.p.info_lines();
        if lines.is_empty() && info.is_empty() {
            return;
        }
        self.out.push('\n');
        for (symbols, words) in lines {
            let _ = writeln!(self.out, "  {symbols:<5} {words}");
        }
        for l in info {
            let _ = writeln!(self.out, "{l}");
        }
    }
}

/// A point's count in a few words, for the graph listing.
fn count_words(kind: PointKind, method: Option<rules_core::ScoringMethod>) -> String {
    let control = method == Some(rules_core::ScoringMethod::Territory);
    match kind {
        PointKind::Stone(c) => format!("{c} stone, counted"),
        PointKind::UncountedStone(c) => format!("{c} stone"),
        PointKind::DeadStone(c) => format!("dead {c} stone, for {}", c.opp()),
        PointKind::Territory(c) if control => format!("controlled by {c}"),
        PointKind::Territory(c) => format!("counted for {c}"),
        PointKind::Shared => "shared, half each".to_owned(),
        PointKind::Dame => "nobody's".to_owned(),
        PointKind::Undecided => "undecided".to_owned(),
        PointKind::Mutual => "both players'".to_owned(),
    }
}
