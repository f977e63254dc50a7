//! The SVG picture: a board that looks like a real one, scalable (`viewBox`), small, and
//! valid XML.
//!
//! What is drawn (the legend under the board names each one the picture uses):
//!
//! * the board: wood (a light gradient) or plain white ([`Theme`]), grid lines with a
//!   thicker edge, star points, coordinates on all four sides (GTP letters and numbers; SGF
//!   letters on boards wider than 25);
//! * stones with a subtle radial shade;
//! * the count ([`Overlay`](crate::Overlay)): a small black or white square on each empty
//!   point counted for (or controlled by) that player; a square split diagonally, half black
//!   and half white, on dame shared half and half; a black and a white square side by side on
//!   a location both players control; a purple `?` on an undecided point; dead stones drawn
//!   faded with a red cross; nothing on a point counted for nobody;
//! * the last move: a ring on its stone (with move numbers: its number in red);
//! * the forbidden move: a red ring, with a faded stone of the mover's colour on an empty
//!   point;
//! * a disputed claim: a dashed orange square around the point;
//! * a point the count left undecided but counts as it stands (a stone, territory, dame):
//!   a purple `?` on it, outlined in white;
//! * move numbers on request, on the stones that moves put there;
//! * a caption: title, last move, forbidden move with its reason and rule, captures, the
//!   count and the result.
//!
//! A graph board is drawn with its points evenly on a circle, its edges as straight lines
//! and each point's name beside it.

use crate::RenderError;
use crate::geometry::{Labels, star_points};
use crate::model::Picture;
use crate::text::{COUNTED_UNDECIDED, Entry, wrap, xml_escape};
use rules_core::{Color, PointKind, Shape};
use std::fmt::Write as _;

/// Largest graph board drawn as an SVG picture; larger ones are an error (the ASCII listing
/// still works).
pub const MAX_GRAPH_DRAWN: usize = 400;

/// Distance between grid lines, in SVG user units.
const CELL: f64 = 24.0;
/// Half the side of an ownership square (the overlay's mark of a counted empty point).
const OWNER_HALF: f64 = 4.5;
/// Space around the grid for coordinates.
const MARGIN: f64 = 34.0;
/// Stone radius.
const STONE: f64 = 11.3;
/// Caption font size and line height.
const FONT: f64 = 11.0;
const LINE: f64 = 15.0;
/// Width of a caption character, roughly, for wrapping.
const CHAR_WIDTH: f64 = 6.6;
/// Narrowest picture, so captions stay readable under a small board.
const MIN_WIDTH: f64 = 440.0;

/// Where the SVG picture draws grid point `(x, y)` (from the top left), in the user units of
/// the board: the board is drawn at the top of the page, centred horizontally (a
/// `translate(dx 0)` on the group that holds it) when the caption is wider than the board.
#[must_use]
pub fn grid_center(x: usize, y: usize) -> (f64, f64) {
    (MARGIN + x as f64 * CELL, MARGIN + y as f64 * CELL)
}

/// The look of the board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Theme {
    /// A wood-coloured board.
    #[default]
    Wood,
    /// A white board with grey coordinates: prints well and suits documents.
    Plain,
}

/// Options of the SVG picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SvgOptions {
    /// Board background.
    pub theme: Theme,
    /// Draw on each stone the number of the move that put it there.
    pub move_numbers: bool,
    /// Draw coordinates around the board.
    pub coordinates: bool,
    /// Draw the legend and caption lines under the board.
    pub caption: bool,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            theme: Theme::Wood,
            move_numbers: false,
            coordinates: true,
            caption: true,
        }
    }
}

/// Draws `picture` as a standalone SVG document (UTF-8, ending with a newline).
///
/// # Errors
/// When the picture's per-point lists do not fit its board ([`Picture::check`]), or a graph
/// board has more than [`MAX_GRAPH_DRAWN`] points.
pub fn svg(picture: &Picture, opts: &SvgOptions) -> Result<String, RenderError> {
    picture.check()?;
    let layout = match picture.topology.shape() {
        Shape::Grid { width, height } => Layout::grid(*width, *height),
        Shape::Graph { names } => {
            if names.len() > MAX_GRAPH_DRAWN {
                return Err(RenderError::GraphTooLarge(names.len()));
            }
            Layout::circle(names.len())
        }
    };
    Ok(Svg {
        p: picture,
        counted_undecided: picture.counted_undecided(),
        opts,
        l: layout,
        out: String::new(),
    }
    .draw())
}

/// Where things go.
struct Layout {
    /// Width and height of the board area.
    width: f64,
    height: f64,
    /// Centre of each point.
    at: Vec<(f64, f64)>,
    /// Grid size, for grids.
    grid: Option<(usize, usize)>,
}

impl Layout {
    fn grid(w: usize, h: usize) -> Layout {
        let at = (0..w * h).map(|i| grid_center(i % w, i / w)).collect();
        Layout {
            width: 2.0 * MARGIN + (w - 1) as f64 * CELL,
            height: 2.0 * MARGIN + (h - 1) as f64 * CELL,
            at,
            grid: Some((w, h)),
        }
    }

    /// Points evenly on a circle, the first at the top, clockwise; room outside for names.
    fn circle(n: usize) -> Layout {
        let radius = (n as f64 * CELL * 1.6 / std::f64::consts::TAU).max(2.0 * CELL);
        let c = radius + MARGIN + 24.0;
        let at = (0..n)
            .map(|i| {
                if n == 1 {
                    return (c, c);
                }
                let a = std::f64::consts::TAU * i as f64 / n as f64 - std::f64::consts::FRAC_PI_2;
                (round(c + radius * a.cos()), round(c + radius * a.sin()))
            })
            .collect();
        Layout {
            width: 2.0 * c,
            height: 2.0 * c,
            at,
            grid: None,
        }
    }
}

/// A coordinate rounded to a tenth, so the document stays small and stable.
fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// A number as SVG writes it: no trailing `.0`.
fn n(v: f64) -> String {
    let v = round(v);
    if v.fract() == 0.0 {
        format!("{}", v as i64)
    } else {
        format!("{v:.1}")
    }
}

struct Svg<'a> {
    p: &'a Picture,
    /// [`Picture::counted_undecided`].
    counted_undecided: Vec<bool>,
    opts: &'a SvgOptions,
    l: Layout,
    out: String,
}

impl Svg<'_> {
    fn draw(mut self) -> String {
        let theme = self.opts.theme;
        let (caption, legend) = if self.opts.caption {
            (self.caption_lines(), self.legend_entries())
        } else {
            (Vec::new(), Vec::new())
        };
        let page_w = self
            .l
            .width
            .max(if self.opts.caption { MIN_WIDTH } else { 0.0 });
        let per_line = ((page_w - 16.0) / CHAR_WIDTH) as usize;
        let mut wrapped: Vec<(String, bool)> = Vec::new();
        for (i, line) in caption.iter().enumerate() {
            for l in wrap(line, per_line) {
                wrapped.push((l, i == 0 && self.p.title.is_some()));
            }
        }
        let caption_h = if wrapped.is_empty() && legend.is_empty() {
            0.0
        } else {
            8.0 + (wrapped.len() + legend.len()) as f64 * LINE
        };
        let page_h = self.l.height + caption_h;
        let dx = ((page_w - self.l.width) / 2.0).floor();
        let o = &mut self.out;
        let _ = writeln!(
            o,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" \
             height=\"{h}\" font-family=\"DejaVu Sans,Helvetica,Arial,sans-serif\">",
            w = n(page_w),
            h = n(page_h)
        );
        if let Some(t) = &self.p.title {
            let _ = writeln!(o, "<title>{}</title>", xml_escape(t));
        }
        o.push_str(
            "<defs>\
             <radialGradient id=\"gb\" cx=\"35%\" cy=\"30%\" r=\"70%\">\
             <stop offset=\"0\" stop-color=\"#5c5c5c\"/><stop offset=\"0.45\" stop-color=\"#1e1e1e\"/>\
             <stop offset=\"1\" stop-color=\"#000\"/></radialGradient>\
             <radialGradient id=\"gw\" cx=\"35%\" cy=\"30%\" r=\"70%\">\
             <stop offset=\"0\" stop-color=\"#fff\"/><stop offset=\"0.7\" stop-color=\"#ededed\"/>\
             <stop offset=\"1\" stop-color=\"#c4c4c4\"/></radialGradient>",
        );
        if theme == Theme::Wood {
            o.push_str(
                "<linearGradient id=\"wood\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\">\
                 <stop offset=\"0\" stop-color=\"#ebc580\"/><stop offset=\"1\" stop-color=\"#d9a95a\"/>\
                 </linearGradient>",
            );
        }
        o.push_str("</defs>\n");
        let _ = writeln!(
            o,
            "<rect width=\"{}\" height=\"{}\" fill=\"#fff\"/>",
            n(page_w),
            n(page_h)
        );
        let _ = writeln!(o, "<g transform=\"translate({} 0)\">", n(dx));
        let board_fill = match theme {
            Theme::Wood => "url(#wood)",
            Theme::Plain => "#fff",
        };
        let _ = writeln!(
            o,
            "<rect width=\"{}\" height=\"{}\" rx=\"3\" fill=\"{board_fill}\"{}/>",
            n(self.l.width),
            n(self.l.height),
            if theme == Theme::Plain {
                " stroke=\"#bbb\""
            } else {
                ""
            }
        );
        match self.l.grid {
            Some((w, h)) => self.grid_lines(w, h),
            None => self.graph_lines(),
        }
        self.overlay();
        self.stones();
        self.mutual_on_stones();
        self.marks();
        if self.opts.move_numbers {
            self.numbers();
        }
        if self.opts.coordinates {
            self.coordinates();
        }
        self.out.push_str("</g>\n");
        self.caption(&wrapped, &legend, page_h - caption_h);
        self.out.push_str("</svg>\n");
        self.out
    }

    fn line_color(&self) -> &'static str {
        match self.opts.theme {
            Theme::Wood => "#2b1d0e",
            Theme::Plain => "#333",
        }
    }

    fn grid_lines(&mut self, w: usize, h: usize) {
        let (x0, y0) = (MARGIN, MARGIN);
        let (x1, y1) = (
            MARGIN + (w - 1) as f64 * CELL,
            MARGIN + (h - 1) as f64 * CELL,
        );
        let mut d = String::new();
        for y in 1..h.saturating_sub(1) {
            let _ = write!(d, "M{} {}H{}", n(x0), n(y0 + y as f64 * CELL), n(x1));
        }
        for x in 1..w.saturating_sub(1) {
            let _ = write!(d, "M{} {}V{}", n(x0 + x as f64 * CELL), n(y0), n(y1));
        }
        let color = self.line_color();
        if !d.is_empty() {
            let _ = writeln!(
                self.out,
                "<path d=\"{d}\" stroke=\"{color}\" stroke-width=\"0.9\" fill=\"none\"/>"
            );
        }
        // The edge, thicker. A board one point wide or tall is a single line.
        let _ = writeln!(
            self.out,
            "<path d=\"M{} {}H{}V{}H{}Z\" stroke=\"{color}\" stroke-width=\"1.6\" fill=\"none\" \
             stroke-linejoin=\"round\"/>",
            n(x0),
            n(y0),
            n(x1),
            n(y1),
            n(x0)
        );
        let stars = star_points(w, h);
        if !stars.is_empty() {
            let _ = write!(self.out, "<g fill=\"{color}\">");
            for (x, y) in stars {
                let _ = write!(
                    self.out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"2.7\"/>",
                    n(x0 + x as f64 * CELL),
                    n(y0 + y as f64 * CELL)
                );
            }
            self.out.push_str("</g>\n");
        }
    }

    fn graph_lines(&mut self) {
        let topo = &self.p.topology;
        let mut d = String::new();
        for p in topo.points() {
            for q in topo.neighbors(p) {
                if q.index() > p.index() {
                    let (a, b) = (self.l.at[p.index()], self.l.at[q.index()]);
                    let _ = write!(d, "M{} {}L{} {}", n(a.0), n(a.1), n(b.0), n(b.1));
                }
            }
        }
        let color = self.line_color();
        if !d.is_empty() {
            let _ = writeln!(
                self.out,
                "<path d=\"{d}\" stroke=\"{color}\" stroke-width=\"1.2\" fill=\"none\"/>"
            );
        }
        let _ = write!(self.out, "<g fill=\"{color}\">");
        for &(x, y) in &self.l.at {
            let _ = write!(
                self.out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"3.2\"/>",
                n(x),
                n(y)
            );
        }
        self.out.push_str("</g>\n");
    }

    /// Ownership squares and undecided marks on empty points.
    fn overlay(&mut self) {
        let Some(ov) = &self.p.overlay else { return };
        let s = OWNER_HALF;
        let mut black = String::new();
        let mut white = String::new();
        let mut shared = String::new();
        let mut undecided = String::new();
        for (i, v) in ov.values.iter().enumerate() {
            // Stones carry their own marks (drawn over them, `mutual_on_stones`); the
            // forbidden move's point shows the move.
            if self.p.stones[i].is_some() || self.p.is_forbidden(i) {
                continue;
            }
            let (x, y) = self.l.at[i];
            match v.kind {
                PointKind::Territory(Color::Black) => square(&mut black, x, y, s),
                PointKind::Territory(Color::White) => square(&mut white, x, y, s),
                PointKind::Shared => {
                    let _ = write!(
                        shared,
                        "<path d=\"M{a} {b}H{c}L{a} {d}Z\" fill=\"#000\"/>\
                         <path d=\"M{c} {b}V{d}H{a}Z\" fill=\"#fff\"/>\
                         <rect x=\"{a}\" y=\"{b}\" width=\"{w}\" height=\"{w}\" fill=\"none\" \
                         stroke=\"#000\" stroke-width=\"0.7\"/>",
                        a = n(x - s),
                        b = n(y - s),
                        c = n(x + s),
                        d = n(y + s),
                        w = n(2.0 * s)
                    );
                }
                PointKind::Mutual => {
                    square(&mut black, x - s, y, s * 0.8);
                    square(&mut white, x + s, y, s * 0.8);
                }
                PointKind::Undecided => {
                    let _ = write!(
                        undecided,
                        "<text x=\"{}\" y=\"{}\">?</text>",
                        n(x),
                        n(y + 5.0)
                    );
                }
                _ => {}
            }
        }
        if !black.is_empty() {
            let _ = writeln!(self.out, "<g fill=\"#000\">{black}</g>");
        }
        if !white.is_empty() {
            let _ = writeln!(
                self.out,
                "<g fill=\"#fff\" stroke=\"#000\" stroke-width=\"0.7\">{white}</g>"
            );
        }
        if !shared.is_empty() {
            let _ = writeln!(self.out, "<g>{shared}</g>");
        }
        if !undecided.is_empty() {
            let _ = writeln!(
                self.out,
                "<g fill=\"#7b2d9e\" font-size=\"15\" font-weight=\"bold\" \
                 text-anchor=\"middle\">{undecided}</g>"
            );
        }
    }

    /// The mark of a location both players control (Pauli rule 5 counts it for both) where a
    /// stone stands: the overlay's two squares, drawn over the stone (under it they would be
    /// hidden), the black one outlined in white so that it shows on a black stone.
    fn mutual_on_stones(&mut self) {
        let Some(ov) = &self.p.overlay else { return };
        let s = OWNER_HALF * 0.8;
        let mut black = String::new();
        let mut white = String::new();
        for (i, v) in ov.values.iter().enumerate() {
            if self.p.stones[i].is_none()
                || self.p.is_forbidden(i)
                || !matches!(v.kind, PointKind::Mutual)
            {
                continue;
            }
            let (x, y) = self.l.at[i];
            square(&mut black, x - s, y, s);
            square(&mut white, x + s, y, s);
        }
        if !black.is_empty() {
            let _ = writeln!(
                self.out,
                "<g fill=\"#000\" stroke=\"#fff\" stroke-width=\"0.7\">{black}</g>\n\
                 <g fill=\"#fff\" stroke=\"#000\" stroke-width=\"0.7\">{white}</g>"
            );
        }
    }

    fn stones(&mut self) {
        let dead: Vec<bool> = (0..self.p.stones.len())
            .map(|i| matches!(self.p.kind(i), Some(PointKind::DeadStone(_))))
            .collect();
        let mut groups = [String::new(), String::new(), String::new(), String::new()];
        for (i, s) in self.p.stones.iter().enumerate() {
            let Some(c) = s else { continue };
            let g = c.index() + if dead[i] { 2 } else { 0 };
            let (x, y) = self.l.at[i];
            let _ = write!(
                groups[g],
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                n(x),
                n(y),
                STONE
            );
        }
        let [b, w, db, dw] = groups;
        const BLACK: &str = "fill=\"url(#gb)\"";
        const WHITE: &str = "fill=\"url(#gw)\" stroke=\"#6e6e6e\" stroke-width=\"0.6\"";
        for (stones, attrs) in [(&b, BLACK), (&w, WHITE)] {
            if !stones.is_empty() {
                let _ = writeln!(self.out, "<g {attrs}>{stones}</g>");
            }
        }
        for (stones, attrs) in [(&db, BLACK), (&dw, WHITE)] {
            if !stones.is_empty() {
                let _ = writeln!(self.out, "<g {attrs} opacity=\"0.5\">{stones}</g>");
            }
        }
        // Crosses on dead stones: solid red where proved or agreed, dashed amber where only
        // an estimate (or an engine) says so.
        let estimated: Vec<bool> = {
            let mut m = vec![false; self.p.stones.len()];
            if let Some(o) = &self.p.overlay {
                let n = m.len();
                for p in o.estimated.iter().filter(|p| p.index() < n) {
                    m[p.index()] = true;
                }
            }
            m
        };
        let (mut sure, mut guessed) = (String::new(), String::new());
        let k = 6.0;
        for (i, is_dead) in dead.iter().enumerate() {
            if *is_dead && self.p.stones[i].is_some() {
                let (x, y) = self.l.at[i];
                let d = if estimated[i] {
                    &mut guessed
                } else {
                    &mut sure
                };
                let _ = write!(
                    d,
                    "M{} {}L{} {}M{} {}L{} {}",
                    n(x - k),
                    n(y - k),
                    n(x + k),
                    n(y + k),
                    n(x + k),
                    n(y - k),
                    n(x - k),
                    n(y + k)
                );
            }
        }
        if !sure.is_empty() {
            let _ = writeln!(
                self.out,
                "<path d=\"{sure}\" stroke=\"#d0231b\" stroke-width=\"2.2\" stroke-linecap=\"round\" \
                 fill=\"none\"/>"
            );
        }
        if !guessed.is_empty() {
            let _ = writeln!(
                self.out,
                "<path class=\"estimated\" d=\"{guessed}\" stroke=\"#e08a00\" stroke-width=\"2.2\" \
                 stroke-dasharray=\"2.5 2\" fill=\"none\"/>"
            );
        }
    }

    fn marks(&mut self) {
        if let Some(f) = &self.p.forbidden {
            if let Some(p) = f.point {
                let (x, y) = self.l.at[p.index()];
                if self.p.stones[p.index()].is_none() {
                    let fill = match f.color {
                        Color::Black => "fill=\"url(#gb)\"",
                        Color::White => "fill=\"url(#gw)\" stroke=\"#6e6e6e\" stroke-width=\"0.6\"",
                    };
                    let _ = writeln!(
                        self.out,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"{STONE}\" {fill} opacity=\"0.45\"/>",
                        n(x),
                        n(y)
                    );
                }
                let _ = writeln!(
                    self.out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#e0201b\" \
                     stroke-width=\"2.4\"/>",
                    n(x),
                    n(y),
                    n(STONE + 0.6)
                );
            }
        }
        if !self.opts.move_numbers {
            if let Some(p) = self.p.last_move.as_ref().and_then(|m| m.point) {
                if let Some(c) = self.p.stones[p.index()] {
                    let (x, y) = self.l.at[p.index()];
                    let stroke = match c {
                        Color::Black => "#fff",
                        Color::White => "#000",
                    };
                    let _ = writeln!(
                        self.out,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"5.5\" fill=\"none\" stroke=\"{stroke}\" \
                         stroke-width=\"1.8\"/>",
                        n(x),
                        n(y)
                    );
                }
            }
        }
        let mut q = String::new();
        for (i, &(x, y)) in self.l.at.iter().enumerate() {
            if self.counted_undecided[i] {
                let _ = write!(q, "<text x=\"{}\" y=\"{}\">?</text>", n(x), n(y + 5.0));
            }
        }
        if !q.is_empty() {
            let _ = writeln!(
                self.out,
                "<g {COUNTED_UNDECIDED_STYLE} font-size=\"14\">{q}</g>"
            );
        }
        let mut d = String::new();
        for dis in &self.p.disputes {
            let (x, y) = self.l.at[dis.point.index()];
            let s = CELL / 2.0 - 0.5;
            let _ = write!(
                d,
                "M{} {}h{}v{}h-{}Z",
                n(x - s),
                n(y - s),
                n(2.0 * s),
                n(2.0 * s),
                n(2.0 * s)
            );
        }
        if !d.is_empty() {
            let _ = writeln!(
                self.out,
                "<path d=\"{d}\" fill=\"none\" stroke=\"#f07a00\" stroke-width=\"2\" \
                 stroke-dasharray=\"4 2.5\"/>"
            );
        }
    }

    fn numbers(&mut self) {
        let last = self
            .p
            .last_move
            .as_ref()
            .and_then(|m| m.point)
            .map(|p| p.index());
        let mut t = String::new();
        for (i, s) in self.p.stones.iter().enumerate() {
            let (Some(c), Some(num)) = (s, self.p.number(i)) else {
                continue;
            };
            let (x, y) = self.l.at[i];
            let text = num.to_string();
            let size = match text.len() {
                0..=2 => 11.0,
                3 => 9.0,
                _ => 7.5,
            };
            let fill = if last == Some(i) {
                "#e0201b"
            } else {
                match c {
                    Color::Black => "#fff",
                    Color::White => "#000",
                }
            };
            let _ = write!(
                t,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{fill}\">{text}</text>",
                n(x),
                n(y + size * 0.36),
                n(size)
            );
        }
        if !t.is_empty() {
            let _ = writeln!(self.out, "<g text-anchor=\"middle\">{t}</g>");
        }
    }

    fn coordinates(&mut self) {
        let color = match self.opts.theme {
            Theme::Wood => "#4a3418",
            Theme::Plain => "#666",
        };
        let mut t = String::new();
        match (self.l.grid, self.p.topology.shape()) {
            (Some((w, h)), _) => {
                let labels = Labels::of(w, h);
                let (top, bottom) = (MARGIN - 19.0, self.l.height - MARGIN + 19.0);
                let (left, right) = (MARGIN - 20.0, self.l.width - MARGIN + 20.0);
                for (x, c) in labels.cols.iter().enumerate() {
                    let cx = MARGIN + x as f64 * CELL;
                    for y in [top, bottom] {
                        let _ = write!(t, "<text x=\"{}\" y=\"{}\">{c}</text>", n(cx), n(y + 4.0));
                    }
                }
                for (y, r) in labels.rows.iter().enumerate() {
                    let cy = MARGIN + y as f64 * CELL + 4.0;
                    for x in [left, right] {
                        let _ = write!(t, "<text x=\"{}\" y=\"{}\">{r}</text>", n(x), n(cy));
                    }
                }
            }
            (None, Shape::Graph { names }) => {
                // Each name outside the circle, on the ray from the centre through its point.
                let c = self.l.width / 2.0;
                for (i, name) in names.iter().enumerate() {
                    let (x, y) = self.l.at[i];
                    let (dx, dy) = (x - c, y - c);
                    let len = (dx * dx + dy * dy).sqrt();
                    let (ux, uy) = if len > 0.0 {
                        (dx / len, dy / len)
                    } else {
                        (0.0, -1.0)
                    };
                    let (lx, ly) = (x + ux * 22.0, y + uy * 22.0 + 4.0);
                    let _ = write!(
                        t,
                        "<text x=\"{}\" y=\"{}\">{}</text>",
                        n(lx),
                        n(ly),
                        xml_escape(name)
                    );
                }
            }
            (None, Shape::Grid { .. }) => {}
        }
        let _ = writeln!(
            self.out,
            "<g font-size=\"11\" fill=\"{color}\" text-anchor=\"middle\">{t}</g>"
        );
    }

    fn caption_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(t) = &self.p.title {
            lines.push(t.clone());
        }
        lines.extend(self.p.info_lines());
        lines
    }

    /// The legend entries the picture uses, in order, with their words.
    fn legend_entries(&self) -> Vec<(Legend, &'static str)> {
        let method = self.p.overlay.as_ref().map(|o| o.method);
        let mut used = std::collections::BTreeSet::new();
        if let Some(o) = &self.p.overlay {
            for (i, v) in o.values.iter().enumerate() {
                let e = Entry::of(v.kind);
                // A stone that counts as it stands needs no legend entry under area counting.
                if e == Entry::Stones || (e == Entry::Dame && self.p.stones[i].is_some()) {
                    continue;
                }
                used.insert(e);
            }
            if method == Some(rules_core::ScoringMethod::Territory)
                && o.values
                    .iter()
                    .any(|v| matches!(v.kind, PointKind::UncountedStone(_)))
            {
                used.insert(Entry::Stones);
            }
        }
        let mut out: Vec<(Legend, &'static str)> = used
            .into_iter()
            .map(|e| {
                let words = match e {
                    Entry::Dame => "no mark: counted for nobody (dame, seki, neutral)",
                    _ => e.words(method),
                };
                (Legend::Entry(e), words)
            })
            .collect();
        if self.p.last_move.as_ref().is_some_and(|m| m.point.is_some()) && !self.opts.move_numbers {
            out.push((Legend::Last, "last move"));
        }
        if self.p.forbidden.as_ref().is_some_and(|f| f.point.is_some()) {
            out.push((Legend::Forbidden, "forbidden move"));
        }
        if !self.p.disputes.is_empty() {
            out.push((Legend::Disputed, "disputed claim"));
        }
        if self.counted_undecided.iter().any(|&u| u) {
            out.push((Legend::CountedUndecided, COUNTED_UNDECIDED));
        }
        out
    }

    fn caption(&mut self, lines: &[(String, bool)], legend: &[(Legend, &'static str)], top: f64) {
        if lines.is_empty() && legend.is_empty() {
            return;
        }
        let mut y = top + 8.0 + FONT;
        let mut t = String::new();
        for (line, bold) in lines {
            let _ = write!(
                t,
                "<text x=\"8\" y=\"{}\"{}>{}</text>",
                n(y),
                if *bold { " font-weight=\"bold\"" } else { "" },
                xml_escape(line)
            );
            y += LINE;
        }
        for (what, words) in legend {
            let cy = y - 4.0;
            self.legend_icon(*what, 16.0, cy);
            let _ = write!(
                t,
                "<text x=\"32\" y=\"{}\">{}</text>",
                n(y),
                xml_escape(words)
            );
            y += LINE;
        }
        let _ = writeln!(self.out, "<g font-size=\"{FONT}\" fill=\"#222\">{t}</g>");
    }

    /// A small sample of a legend entry centred on (x, y).
    fn legend_icon(&mut self, what: Legend, x: f64, y: f64) {
        let o = &mut self.out;
        let r = 5.5;
        let stone = |o: &mut String, x: f64, c: Color, extra: &str| {
            let fill = match c {
                Color::Black => "fill=\"url(#gb)\"",
                Color::White => "fill=\"url(#gw)\" stroke=\"#6e6e6e\" stroke-width=\"0.5\"",
            };
            let _ = write!(
                o,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{r}\" {fill}{extra}/>",
                n(x),
                n(y)
            );
        };
        match what {
            Legend::Entry(Entry::Stones) => {
                stone(o, x - 6.0, Color::Black, "");
                stone(o, x + 6.0, Color::White, "");
            }
            Legend::Entry(Entry::Dead) => {
                stone(o, x - 6.0, Color::Black, " opacity=\"0.5\"");
                stone(o, x + 6.0, Color::White, " opacity=\"0.5\"");
                let mut d = String::new();
                for cx in [x - 6.0, x + 6.0] {
                    let k = 3.0;
                    let _ = write!(
                        d,
                        "M{} {}L{} {}M{} {}L{} {}",
                        n(cx - k),
                        n(y - k),
                        n(cx + k),
                        n(y + k),
                        n(cx + k),
                        n(y - k),
                        n(cx - k),
                        n(y + k)
                    );
                }
                let _ = write!(
                    o,
                    "<path d=\"{d}\" stroke=\"#d0231b\" stroke-width=\"1.5\" fill=\"none\"/>"
                );
            }
            Legend::Entry(Entry::Territory) => {
                let mut b = String::new();
                square(&mut b, x - 6.0, y, 3.5);
                let mut w = String::new();
                square(&mut w, x + 6.0, y, 3.5);
                let _ = write!(
                    o,
                    "<g fill=\"#000\">{b}</g><g fill=\"#fff\" stroke=\"#000\" \
                     stroke-width=\"0.7\">{w}</g>"
                );
            }
            Legend::Entry(Entry::Shared) => {
                let s = 3.5;
                let _ = write!(
                    o,
                    "<path d=\"M{a} {b}H{c}L{a} {d}Z\" fill=\"#000\"/><path d=\"M{c} {b}V{d}H{a}Z\" \
                     fill=\"#fff\" stroke=\"#000\" stroke-width=\"0.7\"/>",
                    a = n(x - s),
                    b = n(y - s),
                    c = n(x + s),
                    d = n(y + s)
                );
            }
            Legend::Entry(Entry::Mutual) => {
                let mut b = String::new();
                square(&mut b, x - 3.5, y, 3.0);
                let mut w = String::new();
                square(&mut w, x + 3.5, y, 3.0);
                let _ = write!(
                    o,
                    "<g fill=\"#000\">{b}</g><g fill=\"#fff\" stroke=\"#000\" \
                     stroke-width=\"0.7\">{w}</g>"
                );
            }
            Legend::Entry(Entry::Undecided) => {
                let _ = write!(
                    o,
                    "<text x=\"{}\" y=\"{}\" fill=\"#7b2d9e\" font-size=\"13\" font-weight=\"bold\" \
                     text-anchor=\"middle\">?</text>",
                    n(x),
                    n(y + 4.5)
                );
            }
            Legend::Entry(Entry::Dame) => {
                // An unmarked intersection.
                let _ = write!(
                    o,
                    "<path d=\"M{} {}h12M{} {}v12\" stroke=\"#555\" stroke-width=\"0.9\"/>",
                    n(x - 6.0),
                    n(y),
                    n(x),
                    n(y - 6.0)
                );
            }
            Legend::Last => {
                stone(o, x, Color::Black, "");
                let _ = write!(
                    o,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"2.8\" fill=\"none\" stroke=\"#fff\" \
                     stroke-width=\"1.2\"/>",
                    n(x),
                    n(y)
                );
            }
            Legend::Forbidden => {
                let _ = write!(
                    o,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{r}\" fill=\"none\" stroke=\"#e0201b\" \
                     stroke-width=\"1.8\"/>",
                    n(x),
                    n(y)
                );
            }
            Legend::Disputed => {
                let _ = write!(
                    o,
                    "<rect x=\"{}\" y=\"{}\" width=\"11\" height=\"11\" fill=\"none\" \
                     stroke=\"#f07a00\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>",
                    n(x - 5.5),
                    n(y - 5.5)
                );
            }
            Legend::CountedUndecided => {
                stone(o, x, Color::Black, "");
                let _ = write!(
                    o,
                    "<text x=\"{}\" y=\"{}\" {COUNTED_UNDECIDED_STYLE} font-size=\"11\">?</text>",
                    n(x),
                    n(y + 4.0)
                );
            }
        }
    }
}

/// A legend line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Legend {
    Entry(Entry),
    Last,
    Forbidden,
    Disputed,
    CountedUndecided,
}

/// The `?` on a point the count left undecided but counts as it stands: purple like the `?`
/// of an undecided point counted for nobody, with a white outline so that it reads on black
/// stones too.
const COUNTED_UNDECIDED_STYLE: &str = "fill=\"#7b2d9e\" stroke=\"#fff\" stroke-width=\"0.9\" \
     paint-order=\"stroke\" font-weight=\"bold\" text-anchor=\"middle\" \
     font-family=\"sans-serif\"";

/// Appends a square of half-side `s` centred on (x, y).
fn square(out: &mut String, x: f64, y: f64, s: f64) {
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{w}\" height=\"{w}\"/>",
        n(x - s),
        n(y - s),
        w = n(2.0 * s)
    );
}
