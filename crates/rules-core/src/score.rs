//! Scores: the outside assessment of an end position, the area map every area-counting
//! ruleset shares, and the score breakdown every ruleset returns.

pub use crate::basis::AssessmentSource;
use crate::basis::{DeadBasis, Unproved};
use crate::board::Board;
use crate::color::{Color, PerColor};
use crate::point::Point;
use serde::{Deserialize, Serialize};

pub mod note;
pub use note::ScoreNote;

/// What is known about an end position beyond its stones: which stones are dead, which
/// points each player controls or calls territory, which are neutral, which are undecided.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Assessment {
    /// Where it came from.
    pub source: AssessmentSource,
    /// Stones taken as dead.
    pub dead: Vec<Point>,
    /// Points each player controls / marks as territory (may include dead stones' points).
    pub territory: PerColor<Vec<Point>>,
    /// Points claimed neutral.
    pub neutral: Vec<Point>,
    /// Points whose status could not be decided.
    pub undecided: Vec<Point>,
    /// Undecided points a player is known not to control: his own verdict there is proved,
    /// the other player's is not. Deciding them can give them to the other player or to
    /// nobody, never to him, which narrows the range [`Assessment::decided_for`] bounds.
    /// Empty for assessments that know nothing of the kind (markup, user).
    pub ruled_out: PerColor<Vec<Point>>,
    /// What was decided beyond the proofs, for an estimate or an engine; `None` for the
    /// others (markup, the user's, proofs only).
    pub unproved: Option<Unproved>,
}

/// By point index below `n`, whether the point is in `points` (points at or past `n`, off
/// the board, are ignored, as every method here ignores them).
#[must_use]
pub fn point_mask(points: &[Point], n: usize) -> Vec<bool> {
    let mut mask = vec![false; n];
    for p in points.iter().filter(|p| p.index() < n) {
        mask[p.index()] = true;
    }
    mask
}

impl Assessment {
    /// No information: every stone counts as it stands.
    #[must_use]
    pub fn none() -> Assessment {
        Assessment::default()
    }

    /// This assessment with every undecided point decided for `winner` as far as it can be:
    /// it becomes his territory, and a stone of the other colour on it is dead (his own
    /// stones there live) — except where he is known not to control it
    /// ([`Assessment::ruled_out`]): there the best he can have is that nobody does, so the
    /// point counts as it stands. Nothing is left undecided. Scoring both of these bounds
    /// what deciding the points could do to the count ([`MarginRange`]): every count is
    /// monotone in each player's control.
    #[must_use]
    pub fn decided_for(&self, winner: Color, board: &Board) -> Assessment {
        let mut out = self.clone();
        let mut is_dead = point_mask(&out.dead, board.len());
        let ruled_out = point_mask(&self.ruled_out[winner], board.len());
        for &p in &self.undecided {
            if p.index() >= board.len() || ruled_out[p.index()] {
                continue;
            }
            if board.get(p) == Some(winner.opp()) && !is_dead[p.index()] {
                is_dead[p.index()] = true;
                out.dead.push(p);
            }
            out.territory[winner].push(p);
        }
        out.undecided.clear();
        out.ruled_out = PerColor::default();
        out
    }

    /// The undecided points that matter to an area count (text 004 rule 9, Tromp–Taylor's
    /// count): such a count depends only on which stones are dead, so an undecided empty
    /// point matters only where an undecided stone could change what its region reaches.
    /// These are the undecided stones not taken as dead, and every empty or dead point of a
    /// region of empty and dead points next to one of them. An undecided empty point whose
    /// region is bordered by decided stones only counts the same whatever is decided there.
    /// Sorted.
    #[must_use]
    pub fn undecided_for_area(&self, board: &Board) -> Vec<Point> {
        let topo = board.topology();
        let is_dead = point_mask(&self.dead, board.len());
        let open = |p: Point| board.is_empty_at(p) || is_dead[p.index()];
        // The undecided stones, then a flood from them through empty and dead points; a
        // point is marked when it is queued.
        let mut work: Vec<Point> = self
            .undecided
            .iter()
            .copied()
            .filter(|p| p.index() < board.len() && !open(*p))
            .collect();
        let mut out = point_mask(&work, board.len());
        while let Some(p) = work.pop() {
            for &q in topo.neighbors(p) {
                if open(q) && !out[q.index()] {
                    out[q.index()] = true;
                    work.push(q);
                }
            }
        }
        topo.points().filter(|p| out[p.index()]).collect()
    }

    /// The assessment a record's end-of-game markup makes: its territory points (which, where
    /// they cover stones of the other colour, mark those stones dead — as KGS writes it) and
    /// its explicit dead-stone marks. Source `markup`.
    #[must_use]
    pub fn from_markup(markup: &crate::record::Markup) -> Assessment {
        Assessment {
            source: AssessmentSource::Markup,
            dead: markup.dead.clone(),
            territory: markup.territory.clone(),
            neutral: Vec::new(),
            undecided: Vec::new(),
            ruled_out: PerColor::default(),
            unproved: None,
        }
    }

    /// Stones of one colour standing next to an empty point marked as the other colour's
    /// territory, and not among `dead`: markup that marks territory around stones without
    /// marking them dead (GNU Go's self-play records mark only empty points). Such a territory
    /// is not one — the rulesets count those stones alive, which turns the marked points into
    /// dame under area counting — so a score names them. Sorted.
    #[must_use]
    pub fn live_stones_in_marked_territory(&self, board: &Board, dead: &[Point]) -> Vec<Point> {
        let topo = board.topology();
        let is_dead = point_mask(dead, board.len());
        let mut out = Vec::new();
        for c in Color::BOTH {
            for &p in &self.territory[c] {
                if p.index() >= board.len() || !board.is_empty_at(p) {
                    continue;
                }
                for &q in topo.neighbors(p) {
                    if board.get(q) == Some(c.opp()) && !is_dead[q.index()] {
                        out.push(q);
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The score note for [`Assessment::live_stones_in_marked_territory`], when the
    /// assessment is the record's markup and there are such stones.
    #[must_use]
    pub fn live_stones_noted(&self, board: &Board, dead: &[Point]) -> Option<ScoreNote> {
        if self.source != AssessmentSource::Markup {
            return None;
        }
        let stones = self.live_stones_in_marked_territory(board, dead);
        (!stones.is_empty()).then_some(ScoreNote::LiveInMarkedTerritory { stones })
    }

    /// Stones named dead by the user. Source `user`.
    #[must_use]
    pub fn user_dead(dead: Vec<Point>) -> Assessment {
        Assessment {
            source: AssessmentSource::User,
            dead,
            ..Assessment::default()
        }
    }
}

/// How a point is counted under area scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum AreaOwner {
    /// A stone of this colour.
    Stone(Color),
    /// An empty point that reaches only this colour.
    Territory(Color),
    /// An empty point that reaches both colours (dame; shared under Chinese counting).
    Shared,
    /// An empty point that reaches no stone at all.
    Neutral,
}

/// Area ownership of every point of a colouring: the counting of text 001 (`score`) and text
/// 004 rule 9 ("a player's score is the number of points of her colour, plus the number of
/// empty points that reach only her colour").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AreaMap {
    /// Owner of each point, by index.
    pub owner: Vec<AreaOwner>,
    /// Stones of each colour.
    pub stones: PerColor<u32>,
    /// Empty points reaching only each colour.
    pub territory: PerColor<u32>,
    /// Empty points reaching both colours.
    pub shared: u32,
    /// Empty points reaching no stone.
    pub neutral: u32,
}

impl AreaMap {
    /// The area map of `board` as it stands.
    #[must_use]
    pub fn of(board: &Board) -> AreaMap {
        AreaMap::compute(board, board.cells())
    }

    /// The area map of `board` with the stones on `removed` taken off first (dead stones).
    #[must_use]
    pub fn without(board: &Board, removed: &[Point]) -> AreaMap {
        let mut cells = board.cells().to_vec();
        for p in removed {
            cells[p.index()] = 0;
        }
        AreaMap::compute(board, &cells)
    }

    /// The map of `cells` (0 empty, 1 black, 2 white) on `board`'s topology.
    fn compute(board: &Board, cells: &[u8]) -> AreaMap {
        const COLORS: [Color; 2] = [Color::Black, Color::White];
        let topo = board.topology();
        let n = cells.len();
        let mut owner = vec![AreaOwner::Neutral; n];
        let mut visited = vec![false; n];
        let mut stones = PerColor::new(0, 0);
        let mut territory = PerColor::new(0, 0);
        let (mut shared, mut neutral) = (0, 0);
        let mut region: Vec<u16> = Vec::with_capacity(n);
        for start in 0..n {
            let cell = cells[start];
            if cell != 0 {
                let c = COLORS[cell as usize - 1];
                owner[start] = AreaOwner::Stone(c);
                stones[c] += 1;
                continue;
            }
            if visited[start] {
                continue;
            }
            // Flood the empty region (the region vector is also the work list); `touch`
            // collects the colours it reaches as bits (1 black, 2 white).
            let mut touch = 0u8;
            region.clear();
            visited[start] = true;
            region.push(start as u16);
            let mut next = 0;
            while next < region.len() {
                let p = Point::from_index(region[next] as usize);
                next += 1;
                for &q in topo.neighbors(p) {
                    let qi = q.index();
                    let c = cells[qi];
                    if c != 0 {
                        touch |= c;
                    } else if !visited[qi] {
                        visited[qi] = true;
                        region.push(qi as u16);
                    }
                }
            }
            let o = match touch {
                1 => AreaOwner::Territory(Color::Black),
                2 => AreaOwner::Territory(Color::White),
                3 => AreaOwner::Shared,
                _ => AreaOwner::Neutral,
            };
            let k = region.len() as u32;
            match o {
                AreaOwner::Territory(c) => territory[c] += k,
                AreaOwner::Shared => shared += k,
                _ => neutral += k,
            }
            for &i in &region {
                owner[i as usize] = o;
            }
        }
        AreaMap {
            owner,
            stones,
            territory,
            shared,
            neutral,
        }
    }

    /// Stones plus territory of `c`: the Tromp–Taylor score before komi.
    #[must_use]
    pub fn area(&self, c: Color) -> u32 {
        self.stones[c] + self.territory[c]
    }
}

/// Why a point counts the way it does in a ruleset's count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", content = "color", rename_all = "kebab-case")]
pub enum PointKind {
    /// A stone counted for its owner (area counting).
    Stone(Color),
    /// A live stone that counts for nobody (territory counting counts no stones).
    UncountedStone(Color),
    /// A stone of this colour taken as dead: counted for the opponent (area: the point;
    /// Pauli rule 5: the point as territory plus the stone).
    DeadStone(Color),
    /// An empty point counted for this colour (area reaching only it, or controlled).
    Territory(Color),
    /// An empty point reaching both colours, shared half and half (text 004).
    Shared,
    /// An empty point counted for nobody (dame; neutral; seki).
    Dame,
    /// A point whose status could not be decided: counted for nobody.
    Undecided,
    /// A point both players control (Pauli, reading A21): counted for both.
    Mutual,
}

impl PointKind {
    /// The stone on the point, as far as the kind tells (dead or alive); `None` for an empty
    /// point.
    #[must_use]
    pub fn stone(self) -> Option<Color> {
        match self {
            PointKind::Stone(c) | PointKind::UncountedStone(c) | PointKind::DeadStone(c) => Some(c),
            _ => None,
        }
    }
}

/// What one point is worth to each player in a ruleset's count, and why. Summed over the
/// board, plus captures and komi, these give the totals of the [`ScoreBreakdown`]
/// ([`ScoreBreakdown::check_point_values`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PointValue {
    /// Points this point gives Black.
    pub black: f64,
    /// Points this point gives White.
    pub white: f64,
    /// Why.
    pub kind: PointKind,
}

impl PointValue {
    /// The value of a point under plain area counting, from its [`AreaOwner`].
    #[must_use]
    pub fn area(owner: AreaOwner, shared_half: bool) -> PointValue {
        let (black, white, kind) = match owner {
            AreaOwner::Stone(Color::Black) => (1.0, 0.0, PointKind::Stone(Color::Black)),
            AreaOwner::Stone(Color::White) => (0.0, 1.0, PointKind::Stone(Color::White)),
            AreaOwner::Territory(Color::Black) => (1.0, 0.0, PointKind::Territory(Color::Black)),
            AreaOwner::Territory(Color::White) => (0.0, 1.0, PointKind::Territory(Color::White)),
            AreaOwner::Shared if shared_half => (0.5, 0.5, PointKind::Shared),
            AreaOwner::Shared | AreaOwner::Neutral => (0.0, 0.0, PointKind::Dame),
        };
        PointValue { black, white, kind }
    }

    /// What the point is worth to Black's margin.
    #[must_use]
    pub fn net(&self) -> f64 {
        self.black - self.white
    }
}

/// Which counting produced a breakdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum ScoringMethod {
    /// Stones + empty points reaching only one's colour; dame count for nobody (Tromp–Taylor).
    Area,
    /// As `Area`, plus captured opponent stones (text 000).
    AreaWithCaptures,
    /// Area after removing dead stones; dame between both colours shared half and half
    /// (text 004).
    AreaSharedDame,
    /// Controlled points + dead stones + captives (Pauli rule 5).
    Territory,
}

/// One player's score, part by part. Fields a method does not use are 0.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SideScore {
    /// Own stones counted (area methods).
    pub stones: u32,
    /// Empty (or controlled, for territory) points counted whole.
    pub territory: u32,
    /// Shared points counted half each (their number; the score gets half of it).
    pub shared: u32,
    /// Opponent stones counted because they are dead on one's controlled points.
    pub dead: u32,
    /// Opponent stones captured (or removed) during the game, counted.
    pub captures: u32,
    /// Komi (White only).
    pub komi: f64,
    /// The total.
    pub total: f64,
}

impl SideScore {
    /// Sums the parts into `total`.
    #[must_use]
    pub fn summed(mut self) -> SideScore {
        self.total = f64::from(self.stones)
            + f64::from(self.territory)
            + f64::from(self.shared) / 2.0
            + f64::from(self.dead)
            + f64::from(self.captures)
            + self.komi;
        self
    }
}

/// The game's outcome on the count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// Black has the higher score.
    Black,
    /// White has the higher score.
    White,
    /// Equal scores (jigo).
    Draw,
}

impl Winner {
    /// The winner given Black's margin over White (komi included).
    #[must_use]
    pub fn from_margin(margin: f64) -> Winner {
        if margin > 0.0 {
            Winner::Black
        } else if margin < 0.0 {
            Winner::White
        } else {
            Winner::Draw
        }
    }

    /// The winning colour, if any.
    #[must_use]
    pub fn color(self) -> Option<Color> {
        match self {
            Winner::Black => Some(Color::Black),
            Winner::White => Some(Color::White),
            Winner::Draw => None,
        }
    }
}

/// Text 004 rule 9's own form of the count: Black's stones-and-points against half the board
/// plus half the komi ("180.5点为归本数" and 3¾ stones of komi on 19×19).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct StoneCount {
    /// Black's area: stones, surrounded points, half of the shared points.
    pub black_area: f64,
    /// Half the number of points on the board (180.5 on 19×19).
    pub half_board: f64,
    /// Half the komi, in stones (3.75 for 7.5 komi).
    pub komi_stones: f64,
    /// Black's area minus (half board + komi stones): positive wins, zero draws.
    pub black_excess: f64,
    /// Whether twice the excess equals the point margin, as it must.
    pub agrees_with_margin: bool,
}

/// A score with its parts, so reports can explain themselves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ScoreBreakdown {
    /// How it was counted.
    pub method: ScoringMethod,
    /// Black's score.
    pub black: SideScore,
    /// White's score (komi included).
    pub white: SideScore,
    /// Komi used.
    pub komi: f64,
    /// Black's total minus White's total.
    pub margin: f64,
    /// Who won on the count.
    pub winner: Winner,
    /// Empty points counted for nobody.
    pub dame: u32,
    /// Source of dead stones / control used, `none` when the board was scored as it stands.
    pub assessment: AssessmentSource,
    /// Dead stones removed or counted, by colour of the stones.
    pub dead_stones: PerColor<u32>,
    /// Points whose status the assessment left undecided (each ruleset says how it counts
    /// them: as they stand). An area count names only the points it depends on: undecided
    /// stones and the regions next to them ([`Assessment::undecided_for_area`]).
    pub undecided: u32,
    /// Those points, by their SGF names, in point order: where the control test did not
    /// decide.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undecided_points: Vec<String>,
    /// When points were left undecided: the margins if every one of them went to White and
    /// if every one went to Black. However they are decided, the margin lies in this range,
    /// so a recorded result outside it differs for certain and one inside it is open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undecided_range: Option<MarginRange>,
    /// What the dead stones rest on (markup, the user, proofs, the estimate, an engine),
    /// and how sure an estimate is; absent when no stone was dead and nothing estimated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dead_basis: Option<DeadBasis>,
    /// Text 004's stone-count form, for rulesets that report it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stone_count: Option<StoneCount>,
    /// Anything else worth saying about the count.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// What the ruleset noted about its count, as facts, in order: `notes` in words once the
    /// report has said them (`rules-words`); empty in the JSON.
    #[serde(skip)]
    pub noted: Vec<ScoreNote>,
}

impl ScoreBreakdown {
    /// Handicap compensation: what White gets beyond the komi (points per handicap stone).
    #[must_use]
    pub fn compensation(&self) -> f64 {
        self.white.komi - self.black.komi - self.komi
    }

    /// A breakdown from the two sides: margin and winner are derived.
    #[must_use]
    pub fn new(method: ScoringMethod, black: SideScore, white: SideScore, komi: f64) -> Self {
        let (black, white) = (black.summed(), white.summed());
        let margin = black.total - white.total;
        ScoreBreakdown {
            method,
            black,
            white,
            komi,
            margin,
            winner: Winner::from_margin(margin),
            dame: 0,
            assessment: AssessmentSource::None,
            dead_stones: PerColor::new(0, 0),
            undecided: 0,
            undecided_points: Vec::new(),
            undecided_range: None,
            dead_basis: None,
            stone_count: None,
            notes: Vec::new(),
            noted: Vec::new(),
        }
    }

    /// Records the points the assessment left undecided: their number and their names.
    pub fn set_undecided(&mut self, points: &[crate::Point], topology: &crate::Topology) {
        let mut points = points.to_vec();
        points.sort_unstable();
        points.dedup();
        self.undecided = points.len() as u32;
        self.undecided_points = points.iter().map(|&p| topology.sgf(p)).collect();
    }

    /// Checks that point values add up to this breakdown: for each player, the sum over the
    /// board plus captures plus komi equals the total. Returns the two discrepancies (0 when
    /// consistent).
    #[must_use]
    pub fn check_point_values(&self, values: &[PointValue]) -> (f64, f64) {
        let (b, w) = values
            .iter()
            .fold((0.0, 0.0), |(b, w), v| (b + v.black, w + v.white));
        (
            self.black.total - (b + f64::from(self.black.captures) + self.black.komi),
            self.white.total - (w + f64::from(self.white.captures) + self.white.komi),
        )
    }

    /// The result in SGF's `RE` form: `B+3.5`, `W+12`, `Draw`.
    #[must_use]
    pub fn result(&self) -> String {
        result_of(self.margin)
    }

    /// Whether the margin is the count's whatever the undecided points turn out to be: none
    /// was left undecided, or deciding them every way gives this one margin. A count that is
    /// not settled is no result: it is the board as it stands on points nobody has decided,
    /// and the recorded result, a referee's or an engine's count can only be *allowed* by it
    /// ([`MarginRange::contains`]), never confirmed.
    #[must_use]
    pub fn is_settled(&self) -> bool {
        self.undecided == 0
            || self
                .undecided_range
                .is_some_and(|r| (r.black_best - r.white_best).abs() < 1e-9)
    }
}

/// The margins (Black's total minus White's) an end position can have however its undecided
/// points are decided: each ruleset's count is monotone in control, so deciding every one for
/// one player gives that player's best. Area counting (text 004 rule 9, Tromp–Taylor): a
/// stone taken as dead only turns its point, and the empty region it opens, towards the other
/// side. Pauli rule 5: a location moving from White's control, through nobody's, to Black's
/// never lowers Black's margin (a dead stone counts for the controller twice, the location
/// and the stone).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MarginRange {
    /// The margin with every undecided point White's (the lowest).
    pub white_best: f64,
    /// The margin with every undecided point Black's (the highest).
    pub black_best: f64,
}

impl MarginRange {
    /// Whether `margin` (Black's minus White's) is one the undecided points allow.
    #[must_use]
    pub fn contains(&self, margin: f64) -> bool {
        margin >= self.white_best - 1e-9 && margin <= self.black_best + 1e-9
    }

    /// The winner, when every way of deciding the points gives the same one.
    #[must_use]
    pub fn sure_winner(&self) -> Option<Winner> {
        let (lo, hi) = (
            Winner::from_margin(self.white_best),
            Winner::from_margin(self.black_best),
        );
        (lo == hi).then_some(lo)
    }
}

/// A margin (Black's minus White's) in SGF's `RE` form: `B+3.5`, `W+12`, `Draw`.
#[must_use]
pub fn result_of(margin: f64) -> String {
    match Winner::from_margin(margin) {
        Winner::Draw => "Draw".to_owned(),
        Winner::Black => format!("B+{}", points(margin)),
        Winner::White => format!("W+{}", points(-margin)),
    }
}

/// A number of points without a trailing `.0`: `3`, `3.5`, `3.75`.
#[must_use]
pub fn points(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::from_diagram(rows).unwrap()
    }

    #[test]
    fn area_map_counts_territory_dame_and_neutral() {
        let b = board(&[".X.O.", ".X.O.", ".X.O."]);
        let m = AreaMap::of(&b);
        assert_eq!(m.stones, PerColor::new(3, 3));
        assert_eq!(m.territory, PerColor::new(3, 3));
        assert_eq!(m.shared, 3);
        assert_eq!(m.neutral, 0);
        assert_eq!(m.area(Color::Black), 6);
        let empty = board(&["...", "..."]);
        assert_eq!(AreaMap::of(&empty).neutral, 6);
    }

    /// Markup that marks territory around a stone without marking it dead (GNU Go's
    /// self-play records) is named in a note; marking the stone itself (KGS) is not.
    #[test]
    fn territory_marked_around_an_unmarked_stone_is_noted() {
        let b = board(&["..X.O", ".OX.O", "..X.O"]);
        let at = |s: &str| b.topology().parse_sgf(s).unwrap();
        let mut markup = crate::record::Markup::default();
        markup.territory.black = vec![at("aa"), at("ba"), at("ab"), at("ac"), at("bc")];
        let a = Assessment::from_markup(&markup);
        assert_eq!(a.live_stones_in_marked_territory(&b, &[]), vec![at("bb")]);
        assert_eq!(
            a.live_stones_noted(&b, &[]),
            Some(ScoreNote::LiveInMarkedTerritory {
                stones: vec![at("bb")]
            })
        );
        assert!(
            a.live_stones_noted(&b, &[at("bb")]).is_none(),
            "dead: no note"
        );
        markup.territory.black.push(at("bb"));
        let kgs = Assessment::from_markup(&markup);
        let dead = [at("bb")];
        assert!(kgs.live_stones_noted(&b, &dead).is_none());
        let auto = Assessment {
            source: AssessmentSource::Proved,
            ..a
        };
        assert!(auto.live_stones_noted(&b, &[]).is_none(), "markup only");
    }

    #[test]
    fn removing_dead_stones_changes_ownership() {
        // Text 004: dead stones are removed before counting.
        let b = board(&["..X.O", ".OX.O", "..X.O"]);
        let with = AreaMap::of(&b);
        assert_eq!(
            with.territory.black, 0,
            "the white stone spoils Black's area"
        );
        let p = b.topology().parse_sgf("bb").unwrap();
        let without = AreaMap::without(&b, &[p]);
        assert_eq!(without.territory.black, 6);
    }

    #[test]
    fn breakdown_derives_margin_winner_and_result() {
        let black = SideScore {
            stones: 10,
            territory: 5,
            shared: 3,
            ..SideScore::default()
        };
        let white = SideScore {
            stones: 9,
            territory: 4,
            shared: 3,
            komi: 7.5,
            ..SideScore::default()
        };
        let s = ScoreBreakdown::new(ScoringMethod::AreaSharedDame, black, white, 7.5);
        assert_eq!(s.black.total, 16.5);
        assert_eq!(s.white.total, 22.0);
        assert_eq!(s.margin, -5.5);
        assert_eq!(s.winner, Winner::White);
        assert_eq!(s.result(), "W+5.5");
        assert_eq!(points(3.0), "3");
        assert_eq!(points(3.75), "3.75");
    }

    /// For an area count only undecided stones matter, with the empty and dead points of
    /// the regions next to them; an undecided empty point whose region only decided stones
    /// border does not.
    #[test]
    fn undecided_for_area_keeps_open_stones_and_the_regions_they_touch() {
        //  a b c d e f
        //  X O . X X .   row a
        //  X . X . . .   row b
        //  O O O X . .   row c
        let b = board(&["XO.XX.", "X.X...", "OOOX.."]);
        let t = b.topology();
        let at = |s: &str| t.parse_sgf(s).unwrap();
        let names = |ps: Vec<Point>| ps.iter().map(|&p| t.sgf(p)).collect::<Vec<_>>();
        let a = Assessment {
            source: AssessmentSource::Proved,
            // The black stones `aa` and `ab` are dead.
            dead: vec![at("aa"), at("ab")],
            territory: PerColor::new(Vec::new(), Vec::new()),
            neutral: Vec::new(),
            // Open: the white stone `ba`, the black stone `ea`, and the empty points `ca`
            // and `fc`.
            undecided: vec![at("ba"), at("ea"), at("ca"), at("fc")],
            ruled_out: PerColor::default(),
            unproved: None,
        };
        // `ba` touches the region {aa, ab, bb} (dead and empty points) and {ca}; `ea`
        // touches {fa, fb, db, eb, ec, fc}. Nothing else is open.
        assert_eq!(
            names(a.undecided_for_area(&b)),
            vec![
                "aa", "ba", "ca", "ea", "fa", "ab", "bb", "db", "eb", "fb", "ec", "fc"
            ]
        );
        // With `ea` decided, the empty `fc` no longer matters: its region is bordered by
        // decided stones only.
        let fewer = Assessment {
            undecided: vec![at("ba"), at("ca"), at("fc")],
            ..a.clone()
        };
        assert_eq!(
            names(fewer.undecided_for_area(&b)),
            vec!["aa", "ba", "ca", "ab", "bb"]
        );
        // Only empty points open: nothing matters.
        let empties = Assessment {
            undecided: vec![at("ca"), at("fb")],
            ..a
        };
        assert!(empties.undecided_for_area(&b).is_empty());
    }

    /// Deciding the undecided points for one player: his territory, the other colour's
    /// stones there dead, his own alive; nothing left undecided. The range's ends read as
    /// results, and a margin inside it is allowed.
    #[test]
    fn undecided_points_decided_for_one_player_bound_the_margin() {
        let b = board(&["XO.", "..."]);
        let t = b.topology();
        let at = |s: &str| t.parse_sgf(s).unwrap();
        let a = Assessment {
            source: AssessmentSource::Proved,
            dead: Vec::new(),
            territory: PerColor::new(vec![at("ab")], Vec::new()),
            neutral: Vec::new(),
            undecided: vec![at("aa"), at("ba"), at("ca")],
            ruled_out: PerColor::default(),
            unproved: None,
        };
        let black = a.decided_for(Color::Black, &b);
        assert_eq!(black.dead, vec![at("ba")]);
        assert_eq!(
            black.territory.black,
            vec![at("ab"), at("aa"), at("ba"), at("ca")]
        );
        assert!(black.undecided.is_empty());
        let white = a.decided_for(Color::White, &b);
        assert_eq!(white.dead, vec![at("aa")]);
        assert_eq!(white.territory.white, vec![at("aa"), at("ba"), at("ca")]);
        assert_eq!(white.territory.black, vec![at("ab")]);
        // A stone already dead (and listed twice as undecided) is dead once.
        let twice = Assessment {
            dead: vec![at("ba")],
            undecided: vec![at("ba"), at("ba")],
            ..a.clone()
        };
        assert_eq!(twice.decided_for(Color::Black, &b).dead, vec![at("ba")]);
        // Points White is known not to control stay as they stand when deciding for him:
        // the black stone `aa` cannot be dead, the empty `ca` cannot be his.
        let known = Assessment {
            ruled_out: PerColor::new(Vec::new(), vec![at("aa"), at("ca")]),
            ..a.clone()
        };
        let white = known.decided_for(Color::White, &b);
        assert!(white.dead.is_empty());
        assert_eq!(white.territory.white, vec![at("ba")]);
        assert!(white.undecided.is_empty() && white.ruled_out.white.is_empty());
        // Deciding for Black is not affected by what White cannot have.
        assert_eq!(
            known.decided_for(Color::Black, &b),
            a.decided_for(Color::Black, &b)
        );

        let r = MarginRange {
            white_best: -4.5,
            black_best: 2.0,
        };
        assert!(r.contains(-4.5) && r.contains(0.0) && r.contains(2.0));
        assert!(!r.contains(-5.0) && !r.contains(2.5));
        assert_eq!(r.sure_winner(), None);
        let sure = MarginRange {
            white_best: 0.5,
            black_best: 9.5,
        };
        assert_eq!(sure.sure_winner(), Some(Winner::Black));
        assert_eq!(result_of(0.0), "Draw");
    }

    #[test]
    fn a_count_is_settled_only_when_its_undecided_points_cannot_move_it() {
        let side = SideScore::default();
        let mut s = ScoreBreakdown::new(ScoringMethod::Territory, side, side, 0.0);
        assert!(s.is_settled());
        // Undecided points with no range: nothing says they cannot matter.
        s.undecided = 2;
        assert!(!s.is_settled());
        s.undecided_range = Some(MarginRange {
            white_best: -1.5,
            black_best: 3.0,
        });
        assert!(!s.is_settled());
        // A winner sure either way is not enough: the margin must be one.
        s.undecided_range = Some(MarginRange {
            white_best: 0.5,
            black_best: 3.0,
        });
        assert!(!s.is_settled());
        s.undecided_range = Some(MarginRange {
            white_best: 0.5,
            black_best: 0.5,
        });
        assert!(s.is_settled());
    }

    /// Points off the board (at or past the board's length) are ignored by every method, as
    /// `point_mask` promises; they never panic.
    #[test]
    fn points_off_the_board_are_ignored() {
        let b = board(&["X.", ".O"]);
        let off = Point::from_index(4);
        assert_eq!(
            point_mask(&[off, Point::from_index(1)], 4),
            [false, true, false, false]
        );
        let a = Assessment {
            undecided: vec![off, Point::from_index(0)],
            ..Assessment::default()
        };
        let mut want = vec![
            Point::from_index(0),
            Point::from_index(1),
            Point::from_index(2),
        ];
        want.sort_unstable();
        assert_eq!(a.undecided_for_area(&b), want);
        let mut marked = Assessment::from_markup(&crate::record::Markup::default());
        // A territory mark off the board or on a stone is no empty point next to stones.
        marked.territory.black = vec![off, Point::from_index(3)];
        assert!(marked.live_stones_in_marked_territory(&b, &[]).is_empty());
        marked.territory.black.push(Point::from_index(1));
        assert_eq!(
            marked.live_stones_in_marked_territory(&b, &[]),
            vec![Point::from_index(3)]
        );
    }

    /// Only markup gets the note on live stones in marked territory.
    #[test]
    fn only_markup_notes_live_stones_in_its_territory() {
        let b = board(&["..", "O."]);
        let user = Assessment {
            source: AssessmentSource::User,
            territory: PerColor::new(vec![Point::from_index(0)], vec![]),
            ..Assessment::default()
        };
        assert_eq!(
            user.live_stones_in_marked_territory(&b, &[]),
            vec![Point::from_index(2)]
        );
        assert_eq!(user.live_stones_noted(&b, &[]), None);
    }

    #[test]
    fn sources_and_area_values_in_words() {
        let names: Vec<String> = [
            AssessmentSource::None,
            AssessmentSource::Markup,
            AssessmentSource::User,
            AssessmentSource::Proved,
            AssessmentSource::Estimate,
            AssessmentSource::Engine,
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(
            names,
            ["none", "markup", "user", "proved", "estimate", "engine"]
        );
        assert_eq!(Assessment::none(), Assessment::default());
        let shared = PointValue::area(AreaOwner::Shared, true);
        assert_eq!(
            (shared.black, shared.white, shared.kind),
            (0.5, 0.5, PointKind::Shared)
        );
        let dame = PointValue::area(AreaOwner::Shared, false);
        assert_eq!(
            (dame.black, dame.white, dame.kind),
            (0.0, 0.0, PointKind::Dame)
        );
        let neutral = PointValue::area(AreaOwner::Neutral, true);
        assert_eq!(neutral.kind, PointKind::Dame);
    }

    /// Point values are checked against each side's total with its captures and its komi,
    /// Black's included (a negative komi is Black's).
    #[test]
    fn point_values_are_checked_with_captures_and_komi_on_both_sides() {
        let side = |captures, komi| SideScore {
            stones: 1,
            captures,
            komi,
            ..SideScore::default()
        };
        let s = ScoreBreakdown::new(ScoringMethod::Area, side(2, 1.5), side(3, 0.5), 0.0);
        let values = [
            PointValue::area(AreaOwner::Stone(Color::Black), false),
            PointValue::area(AreaOwner::Stone(Color::White), false),
        ];
        assert_eq!(s.check_point_values(&values), (0.0, 0.0));
        assert_eq!(s.check_point_values(&values[..1]), (0.0, 1.0));
    }
}
