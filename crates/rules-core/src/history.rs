//! Repetition histories.
//!
//! [`History`] stores, for every entry, a 64-bit key and an exact snapshot (a few words).
//! Lookups go through an open-addressing table on the key; every key match is confirmed by
//! comparing snapshots, so a Zobrist collision can never be mistaken for a repetition.
//!
//! [`Superko`] builds the two whole-board repetition bans of the texts on top of it:
//! positional (text 001 §Games 3.2: a move may not recreate any earlier board, the starting
//! one included; text 004 禁止全局同形 and its math `B_k ≠ B_{k−i}`) and situational (the
//! same board with the same player to move).

use crate::board::Board;
use crate::color::Color;
use crate::point::Point;
use crate::zobrist;

/// Keys and exact snapshots, searchable by key.
#[derive(Debug, Clone)]
pub struct History {
    keys: Vec<u64>,
    snaps: Vec<u64>,
    stride: usize,
    /// Open addressing, linear probing: `entry index + 1`, 0 = free slot.
    table: Vec<u32>,
}

impl History {
    /// An empty history whose snapshots are `stride` words long.
    #[must_use]
    pub fn new(stride: usize) -> History {
        History::with_capacity(stride, 0)
    }

    /// An empty history with room for `entries` entries before it grows.
    #[must_use]
    pub fn with_capacity(stride: usize, entries: usize) -> History {
        History {
            keys: Vec::with_capacity(entries),
            snaps: Vec::with_capacity(entries * stride),
            stride,
            table: vec![0; (2 * entries).next_power_of_two().max(64)],
        }
    }

    /// Number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are no entries.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.keys.clear();
        self.snaps.clear();
        self.table.iter_mut().for_each(|s| *s = 0);
    }

    /// Appends an entry; returns its index.
    ///
    /// # Panics
    /// If `snapshot` is not `stride` words long.
    pub fn push(&mut self, key: u64, snapshot: &[u64]) -> usize {
        assert_eq!(snapshot.len(), self.stride, "snapshot length");
        if 2 * (self.keys.len() + 1) > self.table.len() {
            self.grow();
        }
        let idx = self.keys.len();
        self.keys.push(key);
        self.snaps.extend_from_slice(snapshot);
        self.insert_slot(key, idx);
        idx
    }

    /// The snapshot of entry `i`.
    #[must_use]
    pub fn snapshot(&self, i: usize) -> &[u64] {
        &self.snaps[i * self.stride..(i + 1) * self.stride]
    }

    /// The key of entry `i`.
    #[must_use]
    pub fn key(&self, i: usize) -> u64 {
        self.keys[i]
    }

    /// Whether any entry has this key (a candidate repetition; confirm with
    /// [`History::find`]).
    #[inline]
    #[must_use]
    pub fn has_key(&self, key: u64) -> bool {
        let mask = self.table.len() - 1;
        let mut slot = (key as usize) & mask;
        loop {
            match self.table[slot] {
                0 => return false,
                e if self.keys[e as usize - 1] == key => return true,
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// The earliest entry with this key whose snapshot satisfies `exact` (called only on key
    /// matches, so the caller can build its snapshot lazily).
    pub fn find(&self, key: u64, mut exact: impl FnMut(&[u64]) -> bool) -> Option<usize> {
        let mask = self.table.len() - 1;
        let mut slot = (key as usize) & mask;
        let mut best: Option<usize> = None;
        loop {
            match self.table[slot] {
                0 => return best,
                e => {
                    let i = e as usize - 1;
                    if self.keys[i] == key && best.is_none_or(|b| i < b) && exact(self.snapshot(i))
                    {
                        best = Some(i);
                    }
                    slot = (slot + 1) & mask;
                }
            }
        }
    }

    /// Every entry with this key whose snapshot satisfies `exact`, in entry order.
    pub fn find_all(&self, key: u64, mut exact: impl FnMut(&[u64]) -> bool) -> Vec<usize> {
        let mask = self.table.len() - 1;
        let mut slot = (key as usize) & mask;
        let mut out = Vec::new();
        loop {
            match self.table[slot] {
                0 => break,
                e => {
                    let i = e as usize - 1;
                    if self.keys[i] == key && exact(self.snapshot(i)) {
                        out.push(i);
                    }
                    slot = (slot + 1) & mask;
                }
            }
        }
        out.sort_unstable();
        out
    }

    fn insert_slot(&mut self, key: u64, idx: usize) {
        let mask = self.table.len() - 1;
        let mut slot = (key as usize) & mask;
        while self.table[slot] != 0 {
            slot = (slot + 1) & mask;
        }
        self.table[slot] = idx as u32 + 1;
    }

    fn grow(&mut self) {
        let size = self.table.len() * 2;
        self.table = vec![0; size];
        for i in 0..self.keys.len() {
            self.insert_slot(self.keys[i], i);
        }
    }
}

/// Which whole-board repetitions a superko rule forbids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum SuperkoKind {
    /// A move may not recreate any earlier colouring (texts 001, 004).
    #[cfg_attr(feature = "clap", value(help = "No earlier board may recur"))]
    Positional,
    /// A move may not recreate an earlier colouring with the same player to move.
    #[cfg_attr(
        feature = "clap",
        value(help = "No earlier board may recur with the same player to move")
    )]
    Situational,
}

/// What a ruleset forbids of a whole-board repetition.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum KoRule {
    /// Superko: no move may recreate an earlier position ([`SuperkoKind`] says which
    /// positions count as the same).
    #[default]
    #[cfg_attr(
        feature = "clap",
        value(help = "No earlier position may recur (the kind: --superko)")
    )]
    Superko,
    /// Simple ko: only the immediate recapture of a ko is forbidden (a move may not recreate
    /// the board of either of the two turns before it). Any other repetition of an earlier
    /// position (as [`SuperkoKind`] counts them: a long cycle, triple ko, sending two and
    /// returning one) is no forbidden move, but it ends the game without a result: the
    /// rulesets that offer simple ko forbid repetition in their texts, and leave the cycle to
    /// a referee, who voids the game.
    #[cfg_attr(
        feature = "clap",
        value(
            help = "Only a ko's immediate recapture is forbidden; a repetition ends the game without result"
        )
    )]
    Simple,
}

/// A superko history over a game: the starting position and every later position, each
/// labelled with the number of turns played when it arose.
#[derive(Debug, Clone)]
pub struct Superko {
    kind: SuperkoKind,
    history: History,
    /// Turn number at which each entry arose (0 = the start).
    turns: Vec<u32>,
    scratch: Vec<u64>,
    /// ANDed into every key: all ones normally; tests set it to 0 to make every position
    /// collide with every other and show that only exact matches forbid a move.
    key_mask: u64,
}

impl Superko {
    /// A history holding only the starting position, `to_move` to play, with room for a
    /// long game (most have under 400 moves) without regrowing.
    #[must_use]
    pub fn new(kind: SuperkoKind, start: &Board, to_move: Color) -> Superko {
        Superko::with_room(kind, start, to_move, 512)
    }

    /// [`Superko::new`] with room for `positions` before the history regrows (a game that
    /// follows a shared trace keeps none until it leaves it).
    #[must_use]
    pub fn with_room(
        kind: SuperkoKind,
        start: &Board,
        to_move: Color,
        positions: usize,
    ) -> Superko {
        let stride = start.bits().len() + usize::from(kind == SuperkoKind::Situational);
        let mut s = Superko {
            kind,
            history: History::with_capacity(stride, positions),
            turns: Vec::new(),
            scratch: Vec::with_capacity(stride),
            key_mask: u64::MAX,
        };
        s.record(start, to_move, 0);
        s
    }

    /// Makes every key collide with every other (all keys become 0), for tests that show a
    /// hash collision can never forbid a legal move. Slow: every lookup compares snapshots.
    #[doc(hidden)]
    pub fn collide_all_keys_for_tests(&mut self) {
        self.key_mask = 0;
        let snaps: Vec<Vec<u64>> = (0..self.history.len())
            .map(|i| self.history.snapshot(i).to_vec())
            .collect();
        self.history.clear();
        for s in snaps {
            self.history.push(0, &s);
        }
    }

    /// The kind of ban.
    #[must_use]
    pub fn kind(&self) -> SuperkoKind {
        self.kind
    }

    fn key(&self, hash: u64, to_move: Color) -> u64 {
        self.key_mask
            & match self.kind {
                SuperkoKind::Positional => hash,
                SuperkoKind::Situational => {
                    hash ^ zobrist::key(zobrist::family::TO_MOVE, to_move.index() as u64)
                }
            }
    }

    /// Records the position on `board` with `to_move` to play, reached after `turn` turns.
    /// Under positional superko a position equal to the last one recorded (after a pass) is
    /// not stored again.
    pub fn record(&mut self, board: &Board, to_move: Color, turn: u32) {
        let key = self.key(board.hash(), to_move);
        if self.kind == SuperkoKind::Positional
            && !self.history.is_empty()
            && self.history.key(self.history.len() - 1) == key
            && self.history.snapshot(self.history.len() - 1) == board.bits()
        {
            return;
        }
        match self.kind {
            SuperkoKind::Positional => {
                self.history.push(key, board.bits());
            }
            SuperkoKind::Situational => {
                self.scratch.clear();
                self.scratch.extend_from_slice(board.bits());
                self.scratch.push(to_move.index() as u64);
                self.history.push(key, &self.scratch);
            }
        }
        self.turns.push(turn);
    }

    /// If placing `color` on `p` would recreate an earlier position (with the same player to
    /// move, for situational superko), the turn number at which that position arose.
    /// `hash_after` is [`Analysis::hash_after`](crate::board::Analysis::hash_after) of the
    /// move.
    #[must_use]
    pub fn repeats(&self, board: &Board, p: Point, color: Color, hash_after: u64) -> Option<u32> {
        let key = self.key(hash_after, color.opp());
        if !self.history.has_key(key) {
            return None;
        }
        // A key match: build the exact position and compare.
        let mut exact = Vec::with_capacity(self.history.stride);
        board.bits_after(p, color, &mut exact);
        if self.kind == SuperkoKind::Situational {
            exact.push(color.opp().index() as u64);
        }
        self.history
            .find(key, |snap| snap == exact.as_slice())
            .map(|i| self.turns[i])
    }

    /// If the fully computed position `after`, with `to_move` to play, equals an earlier one:
    /// the turn number at which that position arose. The slow path, for positions
    /// [`Superko::repeats`] cannot predict (after a setup that left stones without liberties).
    #[must_use]
    pub fn repeats_position(&self, after: &Board, to_move: Color) -> Option<u32> {
        let key = self.key(after.hash(), to_move);
        let mut exact = after.bits().to_vec();
        if self.kind == SuperkoKind::Situational {
            exact.push(to_move.index() as u64);
        }
        self.history
            .find(key, |snap| snap == exact.as_slice())
            .map(|i| self.turns[i])
    }

    /// Number of positions stored.
    #[must_use]
    pub fn len(&self) -> usize {
        self.history.len()
    }

    /// Whether nothing is stored (never: the start is always there).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_confirms_exactly() {
        let mut h = History::new(2);
        h.push(7, &[1, 2]);
        h.push(7, &[3, 4]);
        h.push(9, &[1, 2]);
        assert_eq!(h.find(7, |s| s == [3, 4]), Some(1));
        assert_eq!(h.find(7, |s| s == [1, 2]), Some(0));
        // A key collision with a different snapshot is not a repetition.
        assert_eq!(h.find(7, |s| s == [5, 6]), None);
        assert_eq!(h.find(8, |_| true), None);
        assert_eq!(h.find_all(7, |_| true), vec![0, 1]);
    }

    #[test]
    fn grows_and_keeps_entries() {
        let mut h = History::new(1);
        for i in 0..1000u64 {
            h.push(i.wrapping_mul(0x9E37_79B9_7F4A_7C15), &[i]);
        }
        for i in 0..1000u64 {
            let k = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            assert_eq!(h.find(k, |s| s == [i]), Some(i as usize));
        }
        h.clear();
        assert!(h.is_empty());
        assert!(!h.has_key(0));
    }

    #[test]
    fn colliding_keys_never_forbid() {
        // Every entry under the same key: only the exact snapshot may match.
        let mut h = History::new(1);
        for i in 0..100u64 {
            h.push(42, &[i]);
        }
        assert_eq!(h.find(42, |s| s == [57]), Some(57));
        assert_eq!(h.find(42, |s| s == [1000]), None);
    }

    /// Keys are found exactly when present, including keys whose slot is taken by another
    /// key; the entries keep their keys; `find` gives the earliest match.
    #[test]
    fn has_key_and_find_answer_for_every_entry() {
        let mut h = History::new(1);
        assert!(h.is_empty());
        assert_eq!(h.len(), 0);
        // 0 and 64 share a home slot in a table of 64.
        h.push(0, &[10]);
        assert!(h.has_key(0));
        assert!(!h.has_key(64));
        h.push(64, &[11]);
        assert!(h.has_key(64));
        assert!(!h.has_key(128) && !h.has_key(1));
        for i in 2..300u64 {
            h.push(i.wrapping_mul(0x9E37_79B9_7F4A_7C15), &[i]);
        }
        assert_eq!(h.len(), 300);
        assert!(!h.is_empty());
        for i in 2..300u64 {
            let k = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            assert!(h.has_key(k));
            assert_eq!(h.key(i as usize), k);
        }
        for i in 300..600u64 {
            assert!(!h.has_key(i.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        }
        assert_eq!(h.key(1), 64);
        // Two entries match: the earlier one.
        h.push(64, &[11]);
        assert_eq!(h.find(64, |s| s == [11]), Some(1));
        assert_eq!(h.find_all(64, |s| s == [11]), vec![1, 300]);
    }

    /// A ko on a 4×4 board: Black takes at c3 (x 2, y 1), White's immediate retake at b3
    /// (x 1, y 1) recreates the start.
    fn ko_board() -> Board {
        Board::from_diagram(&[".XO.", "XO.O", ".XO.", "...."]).unwrap()
    }

    fn at(b: &Board, x: usize, y: usize) -> Point {
        b.topology().at(x, y).unwrap()
    }

    /// Text 001 §Games 3.2: a move may not recreate an earlier board. The answer is the turn
    /// at which the board arose, by the fast path and the slow one alike; a pass's repeated
    /// board is stored once.
    #[test]
    fn positional_superko_names_the_turn_of_the_repeated_board() {
        let mut b = ko_board();
        let mut sk = Superko::new(SuperkoKind::Positional, &b, Color::Black);
        assert_eq!(sk.kind(), SuperkoKind::Positional);
        assert_eq!(sk.len(), 1);
        assert!(!sk.is_empty());
        let (take, retake) = (at(&b, 2, 1), at(&b, 1, 1));
        let a = b.analyze(take, Color::Black);
        assert_eq!(sk.repeats(&b, take, Color::Black, a.hash_after), None);
        b.play(take, Color::Black);
        sk.record(&b, Color::White, 7);
        assert_eq!(sk.len(), 2);
        // A pass: the same board is not stored again.
        sk.record(&b, Color::Black, 8);
        assert_eq!(sk.len(), 2);
        let a = b.analyze(retake, Color::White);
        assert_eq!(sk.repeats(&b, retake, Color::White, a.hash_after), Some(0));
        let mut after = b.clone();
        after.play(retake, Color::White);
        assert_eq!(sk.repeats_position(&after, Color::Black), Some(0));
        assert_eq!(sk.repeats_position(&after, Color::White), Some(0));
        // White plays elsewhere instead; the board after Black's take arose at turn 7.
        let mut b2 = b.clone();
        b2.play(at(&b, 3, 3), Color::White);
        sk.record(&b2, Color::Black, 9);
        assert_eq!(sk.len(), 3);
        let p = at(&b, 0, 3);
        let a = b2.analyze(p, Color::Black);
        assert_eq!(sk.repeats(&b2, p, Color::Black, a.hash_after), None);
        // Undoing White's stone is no move; the slow path still names turn 7 for that board.
        assert_eq!(sk.repeats_position(&b, Color::White), Some(7));
        // Hash collisions change nothing: every answer is confirmed exactly.
        sk.collide_all_keys_for_tests();
        let a = b.analyze(retake, Color::White);
        assert_eq!(sk.repeats(&b, retake, Color::White, a.hash_after), Some(0));
        assert_eq!(
            sk.repeats(&b2, p, Color::Black, b2.analyze(p, Color::Black).hash_after),
            None
        );
        assert_eq!(sk.repeats_position(&b, Color::Black), Some(7));
    }

    /// Situational superko: the same board is a repetition only with the same player to
    /// move, and a pass (the same board, the other player to move) is stored.
    #[test]
    fn situational_superko_needs_the_same_player_to_move() {
        let mut b = ko_board();
        let (take, retake) = (at(&b, 2, 1), at(&b, 1, 1));
        let mut sk = Superko::new(SuperkoKind::Situational, &b, Color::Black);
        assert_eq!(sk.kind(), SuperkoKind::Situational);
        b.play(take, Color::Black);
        sk.record(&b, Color::White, 1);
        sk.record(&b, Color::Black, 2);
        assert_eq!(sk.len(), 3, "a pass changes the situation");
        // White retakes: the start board with Black to move, as at the start.
        let a = b.analyze(retake, Color::White);
        assert_eq!(sk.repeats(&b, retake, Color::White, a.hash_after), Some(0));
        let mut after = b.clone();
        after.play(retake, Color::White);
        assert_eq!(sk.repeats_position(&after, Color::Black), Some(0));
        assert_eq!(sk.repeats_position(&after, Color::White), None);
        // Had the game started with White to move, the retake repeats no situation.
        let start = ko_board();
        let mut sk = Superko::new(SuperkoKind::Situational, &start, Color::White);
        sk.record(&b, Color::White, 1);
        assert_eq!(sk.repeats(&b, retake, Color::White, a.hash_after), None);
        // Black taking the ko again (after White's retake) recreates turn 1's board with
        // White to move.
        let a = after.analyze(take, Color::Black);
        assert_eq!(
            sk.repeats(&after, take, Color::Black, a.hash_after),
            Some(1)
        );
    }
}
