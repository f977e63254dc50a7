//! The stones the user names dead (`--dead D4,Q16`), each with its whole chain on a final
//! position: a GUI marks a group with one click, and Pauli's rule 17 claims the whole set a
//! pointed-at stone belongs to, so a named stone stands for its chain. The list names dead
//! stones only; nothing in it can keep a chain alive, so a chain is dead as soon as one of its
//! stones is named. A named point that holds no stone on the final position stays in the
//! list as named: the rulesets that remove dead stones then refuse the count as inconsistent
//! and say why (a mistyped point is not silently dropped).

use rules_core::{Assessment, Assessor, Board, Point};

/// The points the user named, decided on each final position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedStones {
    points: Vec<Point>,
}

/// What the named points mark on one final position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marked {
    /// Every stone counted dead: the chains of the named stones.
    pub dead: Vec<Point>,
    /// The chains that hold more stones than the list names, with the names that marked them.
    pub grown: Vec<GrownChain>,
}

/// A chain marked dead by naming some of its stones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrownChain {
    /// The stones of the chain the list names, in the list's order.
    pub named: Vec<Point>,
    /// Every stone of the chain, in point order.
    pub chain: Vec<Point>,
}

impl Marked {
    /// Whether the list marked exactly the points it names: no chain grew.
    #[must_use]
    pub fn is_plain(&self) -> bool {
        self.grown.is_empty()
    }
}

impl NamedStones {
    /// The named points, as parsed on the game's board.
    #[must_use]
    pub fn new(points: Vec<Point>) -> NamedStones {
        NamedStones { points }
    }

    /// The points as named.
    #[must_use]
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// What the names mark on `board`: each named stone's whole chain, once.
    #[must_use]
    pub fn on(&self, board: &Board) -> Marked {
        let mut out = Marked::default();
        // By point index, the chain (an index into `out.grown`'s candidates) it was marked in.
        let mut chain_of: Vec<Option<usize>> = vec![None; board.len()];
        let mut chains: Vec<GrownChain> = Vec::new();
        for &p in &self.points {
            if p.index() >= board.len() || board.is_empty_at(p) {
                out.dead.push(p);
                continue;
            }
            if let Some(c) = chain_of[p.index()] {
                if !chains[c].named.contains(&p) {
                    chains[c].named.push(p);
                }
                continue;
            }
            let mut chain: Vec<Point> = board.chain(p).collect();
            chain.sort_unstable();
            for q in &chain {
                chain_of[q.index()] = Some(chains.len());
            }
            chains.push(GrownChain {
                named: vec![p],
                chain,
            });
        }
        for c in chains {
            out.dead.extend_from_slice(&c.chain);
            if c.chain.len() > c.named.len() {
                out.grown.push(c);
            }
        }
        out.dead.sort_unstable();
        out.dead.dedup();
        out
    }
}

impl Assessor for NamedStones {
    fn assess(&self, board: &Board) -> Assessment {
        Assessment::user_dead(self.on(board).dead)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::AssessmentSource;

    /// A white chain of three (`ba`, `bb`, `cb`) and a lone white stone (`ea`) in Black's
    /// area.
    const ROWS: [&str; 4] = ["XO..O", "XOOXX", "XXXX.", "....."];

    fn names(board: &Board, list: &[&str]) -> NamedStones {
        NamedStones::new(
            list.iter()
                .map(|n| board.topology().parse_sgf(n).unwrap())
                .collect(),
        )
    }

    fn sgf(board: &Board, points: &[Point]) -> Vec<String> {
        points.iter().map(|&p| board.topology().sgf(p)).collect()
    }

    #[test]
    fn one_named_stone_marks_its_whole_chain() {
        let b = Board::from_diagram(&ROWS).unwrap();
        let marked = names(&b, &["bb"]).on(&b);
        assert_eq!(sgf(&b, &marked.dead), ["ba", "bb", "cb"]);
        assert_eq!(marked.grown.len(), 1);
        assert_eq!(sgf(&b, &marked.grown[0].named), ["bb"]);
        assert_eq!(sgf(&b, &marked.grown[0].chain), ["ba", "bb", "cb"]);
        assert!(!marked.is_plain());
        let a = names(&b, &["bb"]).assess(&b);
        assert_eq!(a.source, AssessmentSource::User);
        assert_eq!(a.dead, marked.dead);
    }

    #[test]
    fn naming_every_stone_or_a_lone_stone_marks_exactly_those() {
        let b = Board::from_diagram(&ROWS).unwrap();
        let marked = names(&b, &["cb", "ba", "bb", "ea", "ba"]).on(&b);
        assert_eq!(sgf(&b, &marked.dead), ["ba", "ea", "bb", "cb"]);
        assert!(marked.is_plain(), "{marked:?}");
    }

    #[test]
    fn a_named_empty_point_stays_named_for_the_ruleset_to_refuse() {
        let b = Board::from_diagram(&ROWS).unwrap();
        let marked = names(&b, &["dd", "ea", "dd"]).on(&b);
        assert_eq!(sgf(&b, &marked.dead), ["ea", "dd"]);
        assert!(marked.is_plain());
    }
}
