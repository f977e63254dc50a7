//! Static structure of a position seen from one player (the *prover*): chains, regions,
//! Benson's unconditional life, and the maximal two-eye formation (rule 16). Written once
//! against the small [`Graph`] trait so that the real final position (any topology) and the
//! positions inside a search (an [`Arena`]) share the code.

use crate::arena::{Arena, Pos, Side};

/// Marks a point as belonging to no chain / region.
pub(crate) const NO: u32 = u32::MAX;

/// A position as the static analyses see it.
pub(crate) trait Graph {
    /// Number of points.
    fn len(&self) -> usize;
    /// Neighbours of `p`.
    fn nbrs(&self, p: usize) -> impl Iterator<Item = usize> + '_;
    /// The stone on `p`, by role.
    fn stone(&self, p: usize) -> Option<Side>;
    /// Whether `p` is permanently prohibited (empty forever; rule 9).
    fn perm(&self, p: usize) -> bool;
    /// A name of `p` that is stable across views of one final position (the real point).
    fn origin(&self, p: usize) -> u32;
}

/// The arena at one position.
pub(crate) struct ArenaView<'a, const W: usize> {
    pub arena: &'a Arena<W>,
    pub pos: &'a Pos<W>,
}

impl<const W: usize> Graph for ArenaView<'_, W> {
    fn len(&self) -> usize {
        self.arena.n
    }
    fn nbrs(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        self.arena.adj(p).iter().map(|&q| q as usize)
    }
    fn stone(&self, p: usize) -> Option<Side> {
        if self.pos.st[0].has(p) {
            Some(Side::Prover)
        } else if self.pos.st[1].has(p) {
            Some(Side::Refuter)
        } else {
            None
        }
    }
    fn perm(&self, p: usize) -> bool {
        self.arena.perm.has(p)
    }
    fn origin(&self, p: usize) -> u32 {
        self.arena.origin[p]
    }
}

/// Chains of one side: `id[p]` is the chain of the stone on `p` (or [`NO`]), `members` the
/// stones of each chain.
pub(crate) struct Chains {
    pub id: Vec<u32>,
    pub members: Vec<Vec<usize>>,
}

/// The chains of `side`.
pub(crate) fn chains<G: Graph>(g: &G, side: Side) -> Chains {
    components(g, |s| s == Some(side))
}

/// The maximal connected sets of points not holding a stone of `side` ("`side`-free
/// regions", ljr.md §6.1).
pub(crate) fn free_regions<G: Graph>(g: &G, side: Side) -> Chains {
    components(g, |s| s != Some(side))
}

/// The connected components of the points whose contents `keep` accepts.
fn components<G: Graph>(g: &G, keep: impl Fn(Option<Side>) -> bool) -> Chains {
    let n = g.len();
    let mut id = vec![NO; n];
    let mut members = Vec::new();
    let mut stack = Vec::new();
    for s in 0..n {
        if id[s] != NO || !keep(g.stone(s)) {
            continue;
        }
        let c = members.len() as u32;
        let mut m = Vec::new();
        id[s] = c;
        stack.push(s);
        while let Some(p) = stack.pop() {
            m.push(p);
            for q in g.nbrs(p) {
                if id[q] == NO && keep(g.stone(q)) {
                    id[q] = c;
                    stack.push(q);
                }
            }
        }
        members.push(m);
    }
    Chains { id, members }
}

/// Benson's unconditional life (Benson 1976) for the chains of `owner`: a chain is alive if
/// the opponent cannot capture it even if `owner` passes for ever. `pinned[c]` marks chains
/// known to be immortal for other reasons (the wall of the hypothetical game).
///
/// A region (a maximal connected set of points without `owner` stones) is *vital* to a chain
/// when every empty point of it is a liberty of the chain; the fixpoint drops chains with
/// fewer than two vital regions enclosed by surviving chains. Permanently prohibited points
/// count as empty (they are liberties nobody can fill), which only makes the opponent weaker,
/// so the theorem holds unchanged.
pub(crate) fn benson<G: Graph>(g: &G, owner: Side, ch: &Chains, pinned: &[bool]) -> Vec<bool> {
    let regions = free_regions(g, owner);
    let nc = ch.members.len();
    let nr = regions.members.len();
    // For each region: its bounding chains, and the chains it is vital to.
    let mut bound: Vec<Vec<u32>> = vec![Vec::new(); nr];
    let mut vital_to: Vec<Vec<u32>> = vec![Vec::new(); nr];
    let mut mark = vec![u32::MAX; nc];
    for (r, pts) in regions.members.iter().enumerate() {
        for &p in pts {
            for q in g.nbrs(p) {
                let c = ch.id[q];
                if c != NO && mark[c as usize] != r as u32 {
                    mark[c as usize] = r as u32;
                    bound[r].push(c);
                }
            }
        }
        // A chain is vital-bound if every empty point of the region touches it.
        'chains: for &c in &bound[r] {
            for &p in pts {
                if g.stone(p).is_none() && !g.nbrs(p).any(|q| ch.id[q] == c) {
                    continue 'chains;
                }
            }
            vital_to[r].push(c);
        }
    }
    let mut alive: Vec<bool> = vec![true; nc];
    let mut region_ok: Vec<bool> = vec![true; nr];
    loop {
        let mut changed = false;
        for r in 0..nr {
            if region_ok[r] && bound[r].iter().any(|&c| !alive[c as usize]) {
                region_ok[r] = false;
                changed = true;
            }
        }
        let mut count = vec![0u32; nc];
        for r in 0..nr {
            if region_ok[r] {
                for &c in &vital_to[r] {
                    count[c as usize] += 1;
                }
            }
        }
        for c in 0..nc {
            if alive[c] && !pinned.get(c).copied().unwrap_or(false) && count[c] < 2 {
                alive[c] = false;
                changed = true;
            }
        }
        if !changed {
            return alive;
        }
    }
}

/// The maximal two-eye formation of `owner` (ljr.md §6.3): a set of points (chains and
/// one-point eyes) containing every formation of `owner`. `pinned[c]` keeps chains whatever
/// their eyes (the immortal wall). Returns membership per point.
pub(crate) fn max_formation<G: Graph>(
    g: &G,
    owner: Side,
    ch: &Chains,
    pinned: &[bool],
) -> Vec<bool> {
    let n = g.len();
    let nc = ch.members.len();
    // Candidate eyes: empty points with at least one neighbour, all neighbours `owner` stones.
    let mut eye = vec![false; n];
    for p in 0..n {
        if g.stone(p).is_none() {
            let mut any = false;
            let mut all = true;
            for q in g.nbrs(p) {
                any = true;
                if g.stone(q) != Some(owner) {
                    all = false;
                    break;
                }
            }
            eye[p] = any && all;
        }
    }
    let mut alive = vec![true; nc];
    loop {
        let mut changed = false;
        // Chains touching fewer than two eyes go.
        for c in 0..nc {
            if !alive[c] || pinned.get(c).copied().unwrap_or(false) {
                continue;
            }
            // Count distinct eyes, up to two (a point may be seen from several stones).
            let mut eyes = 0;
            let mut first = usize::MAX;
            'm: for &p in &ch.members[c] {
                for q in g.nbrs(p) {
                    if eye[q] {
                        if first == usize::MAX {
                            first = q;
                            eyes = 1;
                        } else if q != first {
                            eyes = 2;
                            break 'm;
                        }
                    }
                }
            }
            if eyes < 2 {
                alive[c] = false;
                changed = true;
            }
        }
        // Eyes touching a dropped chain go.
        for p in 0..n {
            if eye[p]
                && g.nbrs(p)
                    .any(|q| ch.id[q] != NO && !alive[ch.id[q] as usize])
            {
                eye[p] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = eye;
    for c in 0..nc {
        if alive[c] {
            for &p in &ch.members[c] {
                out[p] = true;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::real::Real;
    use rules_core::{Board, Color};

    /// Black's chains on a real board (the prover side of the view) and Benson's answer for
    /// each, by chain index; `pinned_at` pins the chain on that point.
    fn black_alive(rows: &[&str], pinned_at: Option<usize>) -> (Chains, Vec<bool>) {
        let real = Real::new(&Board::from_diagram(rows).unwrap(), &[]);
        let view = real.view(Color::Black);
        let ch = chains(&view, Side::Prover);
        let mut pinned = vec![false; ch.members.len()];
        if let Some(p) = pinned_at {
            pinned[ch.id[p] as usize] = true;
        }
        let alive = benson(&view, Side::Prover, &ch, &pinned);
        (ch, alive)
    }

    #[test]
    fn benson_keeps_two_eyes_and_drops_one() {
        // Two one-point eyes: alive.
        let (ch, alive) = black_alive(&[".X.XO", "XXXXO", "OOOOO", ".....", "....."], None);
        assert_eq!(alive, [true]);
        assert_eq!(ch.members.len(), 1);
        // One eye and open ground: not alive.
        let (_, alive) = black_alive(&[".X.OO", "XXOO.", "OOO..", "....."], None);
        assert_eq!(alive, [false]);
        // Four stones around a point: every empty point is an eye of the stones next to it
        // (White cannot play anywhere), so all four live.
        let (ch, alive) = black_alive(&[".X.", "X.X", ".X.", "OOO"], None);
        assert_eq!(ch.members.len(), 4);
        assert_eq!(alive, [true; 4]);
        // One chain with three eyes along the edge.
        let (ch, alive) = black_alive(&["X.X.X", "XXXXX", "OOOOO"], None);
        assert_eq!(ch.members.len(), 1);
        assert_eq!(alive, [true]);
    }

    /// A pinned chain (the immortal wall of `H`) is kept whatever its eyes, and keeps the
    /// regions it bounds usable for the chains beside it.
    #[test]
    fn benson_counts_regions_bounded_by_pinned_chains() {
        // `a`, `c`, `e` alone, eyes between them: `a` has one region, so it falls, and
        // with it each of the others in turn.
        let rows = ["X.X.X."];
        let (ch, alive) = black_alive(&rows, None);
        assert_eq!(ch.members.len(), 3);
        assert_eq!(alive, [false; 3]);
        // `a` pinned: `b` stays usable, so `c` has two regions, and so has `e`.
        let (_, alive) = black_alive(&rows, Some(0));
        assert_eq!(alive, [true; 3]);
    }
}
