//! The game: situations (rule 8), turns (rules 3, 4, 6), prohibited locations (rules 2, 9–13),
//! cycles and their removal (rules 7, 8). The count (rule 5) is in `score.rs`.
//!
//! The turn procedure is `ljr.md` §2:
//!
//! 1. optionally remove a disturbing cycle (rules 3, 7, 8);
//! 2. optionally play a stone on an unprohibited empty location (rules 6, 9);
//! 3. a turn that neither adds nor removes stones is a pass (rule 4); `need`, the passes still
//!    needed to end the game, becomes 1 after a pass made while nothing was temporarily
//!    prohibited, stays 2 after a pass under a ban, and is 2 after anything else; a pass with
//!    `need = 1` ends the game.
//!
//! Per turn the cost is that of [`Board::analyze`] and [`Board::play`] (the chains next to the
//! stone), a few words of hashing for the prohibited sets, and one lookup plus one append in
//! the history of situations.

mod state;

use crate::rules;
use crate::{AfterEnd, Pauli, PauliRuleset, RemovalPolicy};
use rules_core::point::Move;
use rules_core::zobrist::{self, family};
use rules_core::{
    Board, Color, Event, EventNote, GameState, History, Illegal, PerColor, Point, PreAction,
    Reason, StartPosition, Tally, Turn, TurnEffect,
};

/// Key family of a location in the temporarily prohibited set T.
const FAMILY_T: u64 = family::RULESET_BASE + 0x50;
/// Key family of a location in the permanently prohibited set P.
const FAMILY_P: u64 = family::RULESET_BASE + 0x51;
/// Key family of `need` (index 1 or 2).
const FAMILY_NEED: u64 = family::RULESET_BASE + 0x52;

/// At most this many cycles are reported for one situation (the most recent starts, i.e. the
/// shortest cycles); further, older starts are summed up in one note. A long repetition would
/// otherwise report a number of cycles growing with the square of its length.
pub const MAX_CYCLES_REPORTED: usize = 4;

/// Why an empty location is prohibited (rule 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Prohibition {
    /// Rule 10: the new stone would have no liberties while every opposing stone keeps some.
    Suicide,
    /// Rule 11: the new stone and every opposing stone would keep liberties, but all the new
    /// stone's liberties are permanently prohibited.
    PseudoSuicide,
    /// Rules 9, 12: cleared by a ko capture in the preceding turn (temporary).
    Ko,
    /// Rules 2, 9: initially prohibited, and no turn has been made yet (temporary).
    Initial,
    /// Rules 7, 9: used by a removed cycle (permanent).
    Permanent,
}

impl Prohibition {
    /// The reason code of the JSON format.
    #[must_use]
    pub fn reason(self) -> Reason {
        match self {
            Prohibition::Suicide => Reason::Suicide,
            Prohibition::PseudoSuicide => Reason::PseudoSuicide,
            Prohibition::Ko => Reason::Ko,
            Prohibition::Initial => Reason::InitiallyProhibited,
            Prohibition::Permanent => Reason::PermanentlyProhibited,
        }
    }

    /// The prohibition a reason code names, if it names one.
    #[must_use]
    pub fn from_reason(reason: Reason) -> Option<Prohibition> {
        match reason {
            Reason::Suicide => Some(Prohibition::Suicide),
            Reason::PseudoSuicide => Some(Prohibition::PseudoSuicide),
            Reason::Ko => Some(Prohibition::Ko),
            Reason::InitiallyProhibited => Some(Prohibition::Initial),
            Reason::PermanentlyProhibited => Some(Prohibition::Permanent),
            _ => None,
        }
    }

    /// The rule, cited ("Pauli rule 12: ko capture — …").
    #[must_use]
    pub fn rule(self) -> &'static str {
        match self {
            Prohibition::Suicide => rules::SUICIDE,
            Prohibition::PseudoSuicide => rules::PSEUDO_SUICIDE,
            Prohibition::Ko => rules::KO,
            Prohibition::Initial => rules::INITIAL,
            Prohibition::Permanent => rules::PERMANENT,
        }
    }

    /// Short form for tables: "prohibited: ko capture (rule 12)".
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Prohibition::Suicide => "prohibited: suicide (rule 10)",
            Prohibition::PseudoSuicide => "prohibited: pseudo suicide (rule 11)",
            Prohibition::Ko => "prohibited: ko capture (rule 12)",
            Prohibition::Initial => "prohibited: initially prohibited (rule 2)",
            Prohibition::Permanent => "prohibited: used by a removed cycle (rule 7)",
        }
    }

    /// Whether rule 9 calls it "temporarily prohibited" (ko and initial): only these count
    /// for rule 4 and enter the situation's set T.
    #[must_use]
    pub fn is_temporary(self) -> bool {
        matches!(self, Prohibition::Ko | Prohibition::Initial)
    }

    fn illegal(self) -> Illegal {
        Illegal::new(self.reason(), self.rule())
    }
}

/// The situation of rule 8: what two moments of a game must share to be "similar".
#[derive(Debug, Clone)]
pub struct Situation {
    /// Stones (black and white locations).
    pub board: Board,
    /// The player who has just got the turn.
    pub to_move: Color,
    /// Passes still needed to reach the end of the game: 2, or 1 right after a pass made
    /// while no location was temporarily prohibited (rules 4, 8).
    pub need: u8,
    /// Temporarily prohibited locations: the initially prohibited ones before the first turn,
    /// afterwards the location cleared by a ko capture in the preceding turn, if any (rule 9).
    pub temporarily_prohibited: Vec<Point>,
    /// Permanently prohibited locations: every location used by a removed cycle (rule 9).
    pub permanently_prohibited: Vec<Point>,
}

impl Situation {
    /// Rule 8: the same player has just got the turn, the same number of passes is needed,
    /// the same locations hold black and white stones, the same locations are temporarily and
    /// permanently prohibited.
    #[must_use]
    pub fn is_similar(&self, other: &Situation) -> bool {
        let sorted = |v: &[Point]| {
            let mut v = v.to_vec();
            v.sort_unstable();
            v.dedup();
            v
        };
        self.to_move == other.to_move
            && self.need == other.need
            && self.board.same_coloring(&other.board)
            && sorted(&self.temporarily_prohibited) == sorted(&other.temporarily_prohibited)
            && sorted(&self.permanently_prohibited) == sorted(&other.permanently_prohibited)
    }
}

/// Why [`Pauli::game_from`](crate::Pauli::game_from) refused a situation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SituationError {
    /// `need` must be 1 or 2.
    #[error("passes still needed must be 1 or 2, not {0}")]
    Need(u8),
    /// Right after a clean pass (need 1) nothing can be temporarily prohibited.
    #[error("need 1 follows a pass, after which no location is temporarily prohibited")]
    NeedOneWithBan,
    /// A prohibited location holds a stone (rule 9 prohibits empty locations only, and a
    /// permanently prohibited location stays empty).
    #[error("prohibited location {0} holds a stone")]
    ProhibitedOccupied(String),
}

/// A cycle at the current situation (rules 7, 8), as [`PauliGame::cycles`] lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CycleInfo {
    /// Its start: the number of turns made before the similar former situation (0 = the
    /// start of the game). This is the number a removal names
    /// ([`rules_core::PreAction::RemoveCycle`]).
    pub start: u32,
    /// Whether it may be removed: a pass now would not end the game (rule 8).
    pub disturbing: bool,
    /// Locations it used (rule 7), in point order.
    pub used: Vec<Point>,
    /// Captives each player would gain by its removal (rule 5: the stones on used locations,
    /// each for the opponent of its owner).
    pub gains: PerColor<u32>,
}

/// A set of locations with a bitset (exact form), a list (iteration), and an incrementally
/// kept Zobrist hash.
#[derive(Debug, Clone)]
pub(crate) struct PointSet {
    bits: Vec<u64>,
    list: Vec<Point>,
    hash: u64,
    family: u64,
}

impl PointSet {
    fn new(words: usize, family: u64) -> PointSet {
        PointSet {
            bits: vec![0; words],
            list: Vec::new(),
            hash: 0,
            family,
        }
    }

    #[inline]
    fn contains(&self, p: Point) -> bool {
        self.bits[p.index() / 64] & (1 << (p.index() % 64)) != 0
    }

    fn insert(&mut self, p: Point) {
        if !self.contains(p) {
            self.bits[p.index() / 64] |= 1 << (p.index() % 64);
            self.list.push(p);
            self.hash ^= zobrist::key(self.family, p.index() as u64);
        }
    }

    fn clear(&mut self) {
        for &p in &self.list {
            self.bits[p.index() / 64] &= !(1 << (p.index() % 64));
        }
        self.list.clear();
        self.hash = 0;
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    fn sorted(&self) -> Vec<Point> {
        let mut v = self.list.clone();
        v.sort_unstable();
        v
    }
}

/// What placing a stone does, by rules 6, 10–12 (legal or not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Placement {
    /// Opposing stones left without liberties, to be captured (rule 6).
    pub(crate) captured: u32,
    /// Rule 10.
    pub(crate) suicide: bool,
    /// Rule 11.
    pub(crate) pseudo_suicide: bool,
    /// Rule 12: the location of the captured stone, when the play is a ko capture.
    pub(crate) ko: Option<Point>,
}

/// The state of one game under Pauli's rules.
#[derive(Clone)]
pub struct PauliGame {
    pub(crate) options: Pauli,
    /// What a stone after the end is (rules 4, 17; `docs/rules/pauli.md`).
    pub(crate) after_end: AfterEnd,
    pub(crate) board: Board,
    pub(crate) to_move: Color,
    /// Passes still needed: 1 or 2.
    pub(crate) need: u8,
    /// Temporarily prohibited.
    pub(crate) t: PointSet,
    /// Whether T holds the initial prohibitions (no turn made yet).
    pub(crate) t_initial: bool,
    /// Permanently prohibited.
    pub(crate) p: PointSet,
    /// Turns made.
    pub(crate) turns: u32,
    /// Situations at the start of each turn since the last removal (or edit).
    pub(crate) history: History,
    /// Turns made before each history entry.
    pub(crate) history_turns: Vec<u32>,
    /// For each location: 1 + the index of the last turn that added or removed a stone there
    /// (0 = never). The cycle starting at index i used `{x : last_change[x] > i}`.
    pub(crate) last_change: Vec<u32>,
    /// Starts of the cycles at the current situation, ascending.
    pub(crate) cycle_starts: Vec<u32>,
    /// Stones removed by a cycle removal in the turn under way (a removal done at the first
    /// opportunity happens before the move arrives).
    pub(crate) removed_this_turn: Option<u32>,
    pub(crate) over: bool,
    /// A setup left stones without liberties: plays follow rule 6 literally over the whole
    /// board (slow) until none is left.
    pub(crate) unsettled: bool,
    pub(crate) tally: Tally,
    pub(crate) events: Vec<Event>,
    pub(crate) scratch: Vec<u64>,
    pub(crate) stones: Vec<Point>,
}

impl std::fmt::Debug for PauliGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PauliGame")
            .field("board", &self.board)
            .field("to_move", &self.to_move)
            .field("need", &self.need)
            .field("t", &self.t.sorted())
            .field("p", &self.p.sorted())
            .field("turns", &self.turns)
            .field("over", &self.over)
            .finish_non_exhaustive()
    }
}

impl PauliGame {
    pub(crate) fn new(rules: PauliRuleset, start: &StartPosition) -> PauliGame {
        let mut g = PauliGame::blank(rules.options, start.board.clone(), start.to_move);
        g.after_end = rules.after_end;
        // Rule 9 prohibits empty locations only: an initially prohibited location that holds a
        // setup stone is not prohibited.
        for &x in &start.initial_prohibited {
            if g.board.is_empty_at(x) {
                g.t.insert(x);
            }
        }
        g.t_initial = true;
        g.reseed_history();
        g
    }

    pub(crate) fn from_situation(
        options: Pauli,
        s: Situation,
    ) -> Result<PauliGame, SituationError> {
        if !(1..=2).contains(&s.need) {
            return Err(SituationError::Need(s.need));
        }
        if s.need == 1 && !s.temporarily_prohibited.is_empty() {
            return Err(SituationError::NeedOneWithBan);
        }
        for &x in s
            .temporarily_prohibited
            .iter()
            .chain(&s.permanently_prohibited)
        {
            if !s.board.is_empty_at(x) {
                return Err(SituationError::ProhibitedOccupied(
                    s.board.topology().sgf(x),
                ));
            }
        }
        let mut g = PauliGame::blank(options, s.board, s.to_move);
        g.need = s.need;
        for &x in &s.temporarily_prohibited {
            g.t.insert(x);
        }
        for &x in &s.permanently_prohibited {
            g.p.insert(x);
        }
        // Given without a history, T is a ko ban (it binds the next turn only either way).
        g.t_initial = false;
        g.reseed_history();
        Ok(g)
    }

    fn blank(options: Pauli, board: Board, to_move: Color) -> PauliGame {
        let words = board.bits().len() / 2;
        let n = board.len();
        let unsettled = !board.libertyless_chains().is_empty();
        PauliGame {
            options,
            after_end: AfterEnd::Over,
            to_move,
            need: 2,
            t: PointSet::new(words, FAMILY_T),
            t_initial: false,
            p: PointSet::new(words, FAMILY_P),
            turns: 0,
            history: History::new(4 * words + 1),
            history_turns: Vec::new(),
            last_change: vec![0; n],
            cycle_starts: Vec::new(),
            removed_this_turn: None,
            over: false,
            unsettled,
            tally: Tally::default(),
            events: Vec::new(),
            scratch: Vec::with_capacity(4 * words + 1),
            stones: Vec::new(),
            board,
        }
    }

    /// The game behind a `dyn GameState`, when it is a `pauli` game (e.g. the state a replay
    /// returns).
    #[must_use]
    pub fn from_state(state: &dyn GameState) -> Option<&PauliGame> {
        state.as_any()?.downcast_ref::<PauliGame>()
    }

    /// The options the game was started with.
    #[must_use]
    pub fn options(&self) -> Pauli {
        self.options
    }

    /// What a stone after the end of this game is ([`AfterEnd`]).
    #[must_use]
    pub fn after_end(&self) -> AfterEnd {
        self.after_end
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player who has the turn.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Passes still needed to end the game (rules 4, 8): 1 or 2.
    #[must_use]
    pub fn need(&self) -> u8 {
        self.need
    }

    /// Temporarily prohibited locations (rule 9), in point order.
    #[must_use]
    pub fn temporarily_prohibited(&self) -> Vec<Point> {
        self.t.sorted()
    }

    /// Permanently prohibited locations (rule 9), in point order: what the control test
    /// (rule 14) keeps inside the set it examines.
    #[must_use]
    pub fn permanently_prohibited(&self) -> Vec<Point> {
        self.p.sorted()
    }

    /// Whether `x` is permanently prohibited.
    #[must_use]
    pub fn is_permanently_prohibited(&self, x: Point) -> bool {
        self.p.contains(x)
    }

    /// Captives of each player (rule 5): opposing stones removed during the game, by capture
    /// or by cycle removal, no matter by whom.
    #[must_use]
    pub fn captives(&self) -> PerColor<u32> {
        let removed = self.tally.stones_removed();
        PerColor::new(removed.white, removed.black)
    }

    /// Turns made so far (passes and removal-only turns included).
    #[must_use]
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Whether the game is over (rule 4).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The current situation (rule 8).
    #[must_use]
    pub fn situation(&self) -> Situation {
        Situation {
            board: self.board.clone(),
            to_move: self.to_move,
            need: self.need,
            temporarily_prohibited: self.t.sorted(),
            permanently_prohibited: self.p.sorted(),
        }
    }

    /// The cycles at the current situation (rule 8): one per former situation, since the
    /// last removal, similar to the current one; shortest last. Empty once a cycle has been
    /// removed in the turn under way.
    #[must_use]
    pub fn cycles(&self) -> Vec<CycleInfo> {
        self.cycle_starts
            .iter()
            .map(|&start| {
                let (used, gains) = self.used_since(start);
                CycleInfo {
                    start,
                    disturbing: self.need == 2,
                    used,
                    gains,
                }
            })
            .collect()
    }

    /// Why the empty location `x` is prohibited for `color` now (rule 9), if it is. For an
    /// occupied location: `None` (rule 9 speaks of empty locations; a stone there is refused
    /// as occupied).
    #[must_use]
    pub fn prohibition(&self, x: Point, color: Color) -> Option<Prohibition> {
        if !self.board.is_empty_at(x) {
            return None;
        }
        self.prohibition_of(x, color, &self.placement(x, color))
    }

    /// Every empty location prohibited for `color` now, with the reason, in point order.
    #[must_use]
    pub fn prohibited(&self, color: Color) -> Vec<(Point, Prohibition)> {
        self.board
            .topology()
            .points()
            .filter_map(|x| self.prohibition(x, color).map(|why| (x, why)))
            .collect()
    }

    // ---------------------------------------------------------------------------------
    // Rules 6, 9–13: what a placement does and whether it is prohibited.

    /// What placing `color` on the empty `x` does (rules 6, 10–12), legal or not.
    pub(crate) fn placement(&self, x: Point, color: Color) -> Placement {
        if self.unsettled {
            return self.placement_literal(x, color);
        }
        // Every stone has liberties before the placement (rule 6 keeps it so), so only the
        // new stone's chain and the opposing chains next to it can be without liberties
        // afterwards (`ljr.md` §3.2).
        let a = self.board.analyze(x, color);
        let captured = a.captured_stones;
        let no_liberty = !a.has_liberty_before_capture;
        let suicide = captured == 0 && no_liberty;
        let pseudo_suicide =
            captured == 0 && !no_liberty && !self.p.is_empty() && self.liberties_all_in_p(x, color);
        // Rule 12: exactly two stones on the whole board without liberties, of different
        // colours: the new stone alone, and one captured stone.
        let ko = (no_liberty && a.merged_size == 1 && captured == 1)
            .then_some(a.single_capture)
            .flatten();
        Placement {
            captured,
            suicide,
            pseudo_suicide,
            ko,
        }
    }

    /// Rule 11's test for a stone that keeps a liberty and captures nothing: are all the
    /// liberties of its chain (r13: the empty locations its location contacts) permanently
    /// prohibited?
    fn liberties_all_in_p(&self, x: Point, color: Color) -> bool {
        let topo = self.board.topology();
        for &n in topo.neighbors(x) {
            match self.board.get(n) {
                None => {
                    if !self.p.contains(n) {
                        return false;
                    }
                }
                Some(c) if c == color => {
                    for s in self.board.chain(n) {
                        for &m in topo.neighbors(s) {
                            if m != x && self.board.is_empty_at(m) && !self.p.contains(m) {
                                return false;
                            }
                        }
                    }
                }
                Some(_) => {}
            }
        }
        true
    }

    /// Rules 6, 10–12 read literally over the whole board, for positions in which a setup
    /// left stones without liberties: "all opposing stones thereafter being without
    /// liberties" are captured wherever they are, and the ko test counts every stone on the
    /// board without liberties.
    pub(crate) fn placement_literal(&self, x: Point, color: Color) -> Placement {
        let mut b = self.board.clone();
        b.setup(&[(x, Some(color))]);
        let (mut opp, mut total, mut own_new) = (0u32, 0u32, false);
        let mut opp_at = None;
        for chain in b.libertyless_chains() {
            total += chain.stones.len() as u32;
            if chain.color == color {
                own_new |= chain.stones.contains(&x);
            } else {
                opp += chain.stones.len() as u32;
                opp_at = chain.stones.first().copied();
            }
        }
        let pseudo_suicide = opp == 0
            && !own_new
            && !self.p.is_empty()
            && b.liberties(x).iter().all(|&l| self.p.contains(l));
        let new_alone = own_new && b.chain_size(x) == 1;
        Placement {
            captured: opp,
            suicide: opp == 0 && own_new,
            pseudo_suicide,
            ko: (total == 2 && opp == 1 && new_alone)
                .then_some(opp_at)
                .flatten(),
        }
    }

    /// Rule 9, in the order reported: permanent, temporary (initial or ko), suicide, pseudo
    /// suicide.
    fn prohibition_of(&self, x: Point, _color: Color, pl: &Placement) -> Option<Prohibition> {
        if self.p.contains(x) {
            Some(Prohibition::Permanent)
        } else if self.t.contains(x) {
            Some(if self.t_initial {
                Prohibition::Initial
            } else {
                Prohibition::Ko
            })
        } else if pl.suicide {
            Some(Prohibition::Suicide)
        } else if pl.pseudo_suicide {
            Some(Prohibition::PseudoSuicide)
        } else {
            None
        }
    }

    fn check_move(&self, color: Color, mv: Move) -> Result<Option<Placement>, Illegal> {
        let Move::Place(x) = mv else {
            return Ok(None);
        };
        if !self.board.is_empty_at(x) {
            return Err(Illegal::new(Reason::Occupied, rules::OCCUPIED));
        }
        let pl = self.placement(x, color);
        match self.prohibition_of(x, color, &pl) {
            Some(why) => Err(why.illegal()),
            None => Ok(Some(pl)),
        }
    }

    // ---------------------------------------------------------------------------------
    // Rules 7, 8: situations, cycles, removal.

    /// The history key of the current situation: stones, player to move, need, T, P.
    pub(crate) fn key(&self) -> u64 {
        self.board.hash()
            ^ zobrist::key(family::TO_MOVE, self.to_move.index() as u64)
            ^ zobrist::key(FAMILY_NEED, u64::from(self.need))
            ^ self.t.hash
            ^ self.p.hash
    }

    /// The exact form of the current situation: black and white bitsets, T, P, and one word
    /// for the player to move and need.
    pub(crate) fn fill_snapshot(&mut self) {
        self.scratch.clear();
        self.scratch.extend_from_slice(self.board.bits());
        self.scratch.extend_from_slice(&self.t.bits);
        self.scratch.extend_from_slice(&self.p.bits);
        self.scratch
            .push(self.to_move.index() as u64 | (u64::from(self.need) << 1));
    }

    /// Forgets every former situation and records the current one (at the start, after a
    /// removal is not needed: the next situation is the first one recorded; after an edit).
    fn reseed_history(&mut self) {
        self.history.clear();
        self.history_turns.clear();
        self.cycle_starts.clear();
        self.fill_snapshot();
        self.history.push(self.key(), &self.scratch);
        self.history_turns.push(self.turns);
    }

    /// A new turn begins: find the former situations similar to this one (rule 8), report
    /// the cycles, record the situation, and remove a cycle if the options say so.
    pub(crate) fn enter_situation(&mut self) {
        self.fill_snapshot();
        let key = self.key();
        let exact = &self.scratch;
        let found = self.history.find_all(key, |s| s == exact.as_slice());
        self.cycle_starts.clear();
        self.cycle_starts
            .extend(found.iter().map(|&i| self.history_turns[i]));
        self.history.push(key, &self.scratch);
        self.history_turns.push(self.turns);
        if self.cycle_starts.is_empty() {
            return;
        }
        self.report_cycles();
        if self.options.removal == RemovalPolicy::FirstOpportunity && self.need == 2 {
            let shortest = *self.cycle_starts.last().expect("a cycle");
            let remover = self.to_move;
            self.remove_cycle(shortest, remover)
                .expect("a disturbing cycle at the start of the turn can be removed");
        }
    }

    fn report_cycles(&mut self) {
        let n = self.cycle_starts.len();
        let skipped = n.saturating_sub(MAX_CYCLES_REPORTED);
        let turn = self.turns + 1;
        if skipped > 0 {
            self.events.push(Event::Note(EventNote::CyclesNotListed {
                turn,
                skipped: skipped as u32,
                first_turn: self.cycle_starts[0] + 1,
                listed: MAX_CYCLES_REPORTED as u32,
            }));
        }
        for k in skipped..n {
            let start = self.cycle_starts[k];
            let (used, gains) = self.used_since(start);
            self.events.push(Event::Cycle {
                at: turn - 1,
                start,
                disturbing: self.need == 2,
                remover: self.to_move,
                used,
                gains,
            });
        }
    }

    /// Rule 7: the locations used by the cycle starting after `start` turns — where a stone
    /// was added or removed in any of the turns since — and the captives its removal gives.
    fn used_since(&self, start: u32) -> (Vec<Point>, PerColor<u32>) {
        let mut gains = PerColor::new(0, 0);
        let used: Vec<Point> = self
            .board
            .topology()
            .points()
            .filter(|x| self.last_change[x.index()] > start)
            .collect();
        for &x in &used {
            if let Some(c) = self.board.get(x) {
                gains[c.opp()] += 1;
            }
        }
        (used, gains)
    }

    /// Checks that the cycle starting after `start` turns may be removed now.
    fn check_removal(&self, start: u32) -> Result<(), Illegal> {
        if self.over
            || self.removed_this_turn.is_some()
            || self.need != 2
            || !self.cycle_starts.contains(&start)
        {
            return Err(Illegal::new(Reason::NoSuchCycle, rules::NO_SUCH_CYCLE));
        }
        Ok(())
    }

    /// Rule 7: removes every stone on a location the cycle used (each a captive for the
    /// opponent of its owner, rule 5) and prohibits those locations permanently (rule 9).
    fn remove_cycle(&mut self, start: u32, remover: Color) -> Result<u32, Illegal> {
        self.check_removal(start)?;
        let (used, gains) = self.used_since(start);
        let mut edits = Vec::new();
        for &x in &used {
            if let Some(c) = self.board.get(x) {
                edits.push((x, None));
                self.tally.removed_by_cycles[c] += 1;
                self.last_change[x.index()] = self.turns + 1;
            }
            self.p.insert(x);
        }
        self.board.setup(&edits);
        if self.unsettled {
            self.unsettled = !self.board.libertyless_chains().is_empty();
        }
        // P changed: no former situation can be similar to a later one (ljr.md §4.1).
        self.history.clear();
        self.history_turns.clear();
        self.cycle_starts.clear();
        let removed = edits.len() as u32;
        self.removed_this_turn = Some(removed);
        self.events.push(Event::CycleRemoved {
            at: self.turns,
            start,
            remover,
            used,
            gains,
        });
        Ok(removed)
    }

    // ---------------------------------------------------------------------------------
    // Rules 3, 4, 6: the turn.

    /// Carries out the move of a turn whose removal (if any) is done; legality is settled
    /// (or being overridden).
    fn apply(
        &mut self,
        color: Color,
        mv: Move,
        checked: Option<Placement>,
        forced: bool,
    ) -> TurnEffect {
        let mut effect = TurnEffect {
            removed_by_cycle: self.removed_this_turn.unwrap_or(0),
            ..TurnEffect::default()
        };
        let ban_at_start = !self.t.is_empty();
        let mut changed = effect.removed_by_cycle > 0;
        let mut ko = None;
        let stamp = self.turns + 1;
        match mv {
            Move::Pass => {}
            Move::Place(x) => {
                let pl = checked.unwrap_or_else(|| self.placement(x, color));
                let (captured, suicided) = if self.unsettled {
                    self.place_literal(x, color)
                } else {
                    self.place_fast(x, color, &pl, forced)
                };
                self.last_change[x.index()] = stamp;
                self.tally.captures[color] += captured;
                self.tally.self_captures[color] += suicided;
                effect.captured = captured;
                effect.suicided = suicided;
                if suicided == 0 {
                    ko = pl.ko;
                }
                changed = true;
            }
        }
        // Rule 4 (ljr.md §2, step 3): a turn that neither adds nor removes stones is a pass.
        if changed {
            self.need = 2;
        } else {
            self.tally.passes += 1;
            if !ban_at_start && self.need == 1 {
                self.over = true;
            } else {
                self.need = if ban_at_start { 2 } else { 1 };
            }
        }
        // Rule 9: a ko ban binds the next turn only; initial prohibitions lapse with the
        // first turn.
        self.t.clear();
        self.t_initial = false;
        if let Some(k) = ko {
            self.t.insert(k);
        }
        self.turns += 1;
        self.tally.turns += 1;
        self.to_move = color.opp();
        self.removed_this_turn = None;
        self.cycle_starts.clear();
        if !self.over {
            self.enter_situation();
        }
        effect.ended = self.over;
        effect
    }

    /// Rule 6 on a board where every stone has liberties: only the chains next to `x` change.
    fn place_fast(&mut self, x: Point, color: Color, pl: &Placement, forced: bool) -> (u32, u32) {
        // Remember the stones that may be removed, to stamp their locations as changed.
        self.stones.clear();
        if pl.captured > 0 || (forced && pl.suicide) {
            for &n in self.board.topology().neighbors(x) {
                if !self.board.is_empty_at(n) {
                    self.stones.extend(self.board.chain(n));
                }
            }
        }
        // A forced suicide: the board's mechanics remove the new stone's chain (the replay
        // goes on past a forbidden move; the stones become the opponent's captives).
        let played = self.board.play(x, color);
        let stamp = self.turns + 1;
        for &s in &self.stones {
            if self.board.is_empty_at(s) {
                self.last_change[s.index()] = stamp;
            }
        }
        (played.captured, played.suicided)
    }

    /// Rule 6 read literally (after a setup that left stones without liberties): put the
    /// stone, then remove every opposing stone on the board without liberties.
    fn place_literal(&mut self, x: Point, color: Color) -> (u32, u32) {
        let before = self.board.coloring();
        self.board.setup(&[(x, Some(color))]);
        let captured = self.board.clear_libertyless(color.opp());
        let stamp = self.turns + 1;
        for (i, c) in before.iter().enumerate() {
            if c.is_some() && self.board.is_empty_at(Point::from_index(i)) {
                self.last_change[i] = stamp;
            }
        }
        self.unsettled = !self.board.libertyless_chains().is_empty();
        (captured, 0)
    }

    // ---------------------------------------------------------------------------------
    // After the end (rules 4, 17; docs/rules/pauli.md, "Play after the end").

    /// Whether `turn` may come after the end: never under [`AfterEnd::Over`] (rule 4: the
    /// game is over); under [`AfterEnd::Resume`] a pass or a stone may (a cycle removal may
    /// not: no cycle of the finished game is disturbing, rule 8).
    fn check_after_end(&self, turn: &Turn) -> Result<(), Illegal> {
        match (self.after_end, turn.pre) {
            (AfterEnd::Resume, None) => Ok(()),
            _ => Err(Illegal::new(Reason::AfterEnd, rules::AFTER_END)),
        }
    }

    /// A pass after the end, under [`AfterEnd::Resume`]: a turn that changes nothing; the
    /// game stays over.
    fn pass_after_end(&mut self, color: Color) -> TurnEffect {
        self.turns += 1;
        self.tally.turns += 1;
        self.tally.passes += 1;
        self.to_move = color.opp();
        TurnEffect {
            ended: true,
            ..TurnEffect::default()
        }
    }

    /// Play resumes after the end (a stone follows it, under [`AfterEnd::Resume`] or when a
    /// replay goes on past the end): two passes are needed again, nothing is temporarily
    /// prohibited (the ending pass cleared every ko ban, rule 9), and the situations of the
    /// finished game are forgotten.
    fn resume(&mut self, color: Color) {
        self.over = false;
        self.need = 2;
        self.t.clear();
        self.t_initial = false;
        self.reseed_history();
        self.events.push(match self.after_end {
            AfterEnd::Resume => Event::ResumedAfterPasses {
                color,
                rule: rules::RESUME,
            },
            // Not a resumption the rules allow: the forced turn after the end is reported as
            // forbidden (after-end); this says the replay went on.
            AfterEnd::Over => Event::Note(EventNote::ReplayGoesOnAfterEnd),
        });
    }

    fn play_turn(&mut self, turn: &Turn, forced: bool) -> Result<TurnEffect, Illegal> {
        match turn.pre {
            None => {
                let checked = self.check_move(turn.color, turn.mv);
                if !forced {
                    checked.clone()?;
                }
                let pl = checked.ok().flatten();
                Ok(self.apply(turn.color, turn.mv, pl, forced))
            }
            Some(PreAction::RemoveCycle { start }) => {
                // The removal and the move are one turn: try both on a copy, so that a
                // refused turn leaves the state unchanged.
                self.check_removal(start)?;
                let mut next = self.clone();
                next.remove_cycle(start, turn.color)?;
                let checked = next.check_move(turn.color, turn.mv);
                if !forced {
                    checked.clone()?;
                }
                *self = next;
                let pl = checked.ok().flatten();
                Ok(self.apply(turn.color, turn.mv, pl, forced))
            }
        }
    }
}
