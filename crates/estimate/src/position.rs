//! The final position as the estimator reads it: stones, chains with their liberties, and
//! what the control test proved about each point.

use crate::geometry::Geometry;
use pauli_control::{PointControl, Verdict};
use rules_core::{Board, Color, Point};

/// Colour codes of the estimator's arrays (as in playouts): 0 empty, 1 Black, 2 White.
pub const EMPTY: u8 = 0;
/// Black.
pub const BLACK: u8 = 1;
/// White.
pub const WHITE: u8 = 2;

/// The code of a colour.
#[must_use]
pub fn code(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The colour of a code (1 or 2).
#[must_use]
pub fn color_of(code: u8) -> Color {
    if code == BLACK {
        Color::Black
    } else {
        Color::White
    }
}

/// What the control test proved about one point, as far as counting needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proved {
    /// Nothing decisive: the estimator decides.
    Open,
    /// An empty point one player controls and the other does not: his territory.
    Territory(u8),
    /// An empty point neither controls (dame, a seki's liberty).
    Neutral,
    /// A stone whose location the opponent controls: dead.
    Dead,
    /// A stone whose location the opponent is proved not to control: it stays on the board.
    Alive,
}

impl Proved {
    /// The fact a control verdict gives on a point holding `stone` (0 for empty).
    #[must_use]
    pub fn from_control(stone: u8, pc: PointControl) -> Proved {
        let of = |c: u8| if c == BLACK { pc.black } else { pc.white };
        if stone == EMPTY {
            for c in [BLACK, WHITE] {
                if of(c) == Verdict::Controls && of(3 - c) == Verdict::DoesNotControl {
                    return Proved::Territory(c);
                }
            }
            if pc.black == Verdict::DoesNotControl && pc.white == Verdict::DoesNotControl {
                return Proved::Neutral;
            }
            return Proved::Open;
        }
        match of(3 - stone) {
            Verdict::Controls => Proved::Dead,
            Verdict::DoesNotControl => Proved::Alive,
            Verdict::Undecided => Proved::Open,
        }
    }
}

/// One chain of the position.
#[derive(Debug, Clone)]
pub struct Chain {
    /// 1 Black, 2 White.
    pub color: u8,
    /// Its stones, ascending.
    pub stones: Vec<u16>,
    /// Its liberties, ascending.
    pub libs: Vec<u16>,
    /// What was proved of it (`Open`, `Dead` or `Alive`; a chain's stones share one fate, so
    /// the first stone's fact stands for all — the control test decides whole chains).
    pub proved: Proved,
}

/// The position: geometry, stones, chains, proved facts.
#[derive(Debug, Clone)]
pub struct Position {
    /// Neighbour tables.
    pub geo: Geometry,
    /// Per point: 0 empty, 1 Black, 2 White.
    pub stones: Vec<u8>,
    /// Per point: the index of its chain in `chains`, `u32::MAX` for an empty point.
    pub chain_of: Vec<u32>,
    /// The chains, in order of their first stone.
    pub chains: Vec<Chain>,
    /// Per point: what the control test proved.
    pub proved: Vec<Proved>,
}

impl Position {
    /// The position of `board`, with one control verdict per point (`control.len()` must be
    /// the board's size; pass every verdict `Undecided` when nothing was proved).
    #[must_use]
    pub fn new(board: &Board, control: &[PointControl]) -> Position {
        let geo = Geometry::new(board.topology());
        let stones: Vec<u8> = board
            .topology()
            .points()
            .map(|p| board.get(p).map_or(EMPTY, code))
            .collect();
        let proved = (0..stones.len())
            .map(|p| Proved::from_control(stones[p], control[p]))
            .collect();
        Position::from_parts(geo, stones, proved)
    }

    /// A position from its arrays (the stones must all have liberties, as on a real board).
    #[must_use]
    pub fn from_parts(geo: Geometry, stones: Vec<u8>, proved: Vec<Proved>) -> Position {
        let n = stones.len();
        let mut chain_of = vec![u32::MAX; n];
        let mut chains = Vec::new();
        let mut stack = Vec::new();
        for p in 0..n {
            if stones[p] == EMPTY || chain_of[p] != u32::MAX {
                continue;
            }
            let id = chains.len() as u32;
            let c = stones[p];
            let mut members = Vec::new();
            let mut libs = Vec::new();
            chain_of[p] = id;
            stack.push(p);
            while let Some(q) = stack.pop() {
                members.push(q as u16);
                for &r in geo.neighbors(q) {
                    let r = r as usize;
                    if stones[r] == c && chain_of[r] == u32::MAX {
                        chain_of[r] = id;
                        stack.push(r);
                    } else if stones[r] == EMPTY {
                        libs.push(r as u16);
                    }
                }
            }
            members.sort_unstable();
            libs.sort_unstable();
            libs.dedup();
            // Dead if any stone is proved dead, alive if any is proved alive (the control
            // test decides the location of every stone of a chain alike).
            let facts = members.iter().map(|&s| proved[s as usize]);
            let chain_proved = facts
                .clone()
                .find(|f| *f == Proved::Dead)
                .or_else(|| facts.clone().find(|f| *f == Proved::Alive))
                .unwrap_or(Proved::Open);
            chains.push(Chain {
                color: c,
                stones: members,
                libs,
                proved: chain_proved,
            });
        }
        Position {
            geo,
            stones,
            chain_of,
            chains,
            proved,
        }
    }

    /// Number of points.
    #[must_use]
    pub fn len(&self) -> usize {
        self.stones.len()
    }

    /// Whether the board has no point (never).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.stones.is_empty()
    }

    /// The chain at `p`, if a stone is there.
    #[must_use]
    pub fn chain_at(&self, p: usize) -> Option<usize> {
        let c = self.chain_of[p];
        (c != u32::MAX).then_some(c as usize)
    }

    /// The point `p` as a `rules_core` point.
    #[must_use]
    pub fn point(p: usize) -> Point {
        Point::from_index(p)
    }
}
