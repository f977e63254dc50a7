//! Options and budgets of an analysis.

/// Node budgets and limits. Every search stops at its budget and answers *undecided*; no
/// budget ever turns into a guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budgets {
    /// Nodes of one local search (one region of one player).
    pub local_nodes: u64,
    /// Nodes of one search of a whole hypothetical game `H(p, S)`.
    pub search_nodes: u64,
    /// Nodes of the whole analysis of one position (both players, every search).
    pub position_nodes: u64,
    /// Depth limit (plies) of every search: bounds the recursion. At most [`MAX_DEPTH`]
    /// is used, whatever is asked (the search recurses once per ply).
    pub max_depth: u32,
    /// Entries of each search's transposition table (memory bound: about 100 bytes each).
    pub tt_entries: usize,
    /// Largest region (points) given to a local search.
    pub max_local_region: usize,
    /// Largest set `S` (points) for which `H(p, S)` is searched as a whole.
    pub max_set: usize,
    /// Largest number of regions whose connected unions are all tried before a location is
    /// declared not controlled by search. At most [`MAX_ENUMERATED_REGIONS`] is used (the
    /// unions are 2^k subsets).
    pub max_enumerated_regions: usize,
    /// Nodes of one survival search (one opposing group; `crate::survival`).
    pub survival_nodes: u64,
    /// Largest region (points) a survival search plays in; larger ones are walled off.
    pub max_survival_region: usize,
}

/// The deepest any search goes, whatever [`Budgets::max_depth`] says: the searches recurse
/// once per ply, and a check runs on worker threads with small stacks.
pub const MAX_DEPTH: u32 = 400;

/// The most regions whose unions are enumerated, whatever
/// [`Budgets::max_enumerated_regions`] says (2^16 subsets; the masks are 32-bit).
pub const MAX_ENUMERATED_REGIONS: usize = 16;

impl Budgets {
    /// The depth limit actually used: [`Budgets::max_depth`], at most [`MAX_DEPTH`].
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.max_depth.min(MAX_DEPTH)
    }
}

/// The most local nodes [`Budgets::small_board`] raises a budget to: 20,000, the thorough
/// budget's local nodes before they became 200,000 (the default budget on 9×9 boards was
/// measured with it).
pub(crate) const SMALL_BOARD_LOCAL_CAP: u64 = 20_000;

/// `asked` nodes times `factor`, at most `cap`, but never fewer than `asked` (even when that
/// is more than `cap`): how a budget is raised for boards or areas that deserve more.
pub(crate) fn scale_nodes(asked: u64, factor: u64, cap: u64) -> u64 {
    asked.saturating_mul(factor).min(cap).max(asked)
}

impl Default for Budgets {
    /// Budgets for a few milliseconds per 19×19 final position on a small machine (a median
    /// of 3.6 to 9.5 ms on the two-core machines measured, which differ that much): see
    /// `docs/control.md` for what they decide and [`Budgets::thorough`] for more.
    fn default() -> Self {
        Budgets {
            local_nodes: 3_000,
            search_nodes: 300,
            position_nodes: 4_000,
            max_depth: 200,
            tt_entries: 1 << 16,
            max_local_region: 160,
            max_set: 40,
            max_enumerated_regions: 6,
            survival_nodes: 1_000,
            max_survival_region: 30,
        }
    }
}

impl Budgets {
    /// Budgets for a quick answer (a tenth of the default searching).
    #[must_use]
    pub fn quick() -> Budgets {
        Budgets {
            local_nodes: 300,
            search_nodes: 30,
            position_nodes: 400,
            survival_nodes: 100,
            ..Budgets::default()
        }
    }

    /// These budgets for a board of at most about 100 points (9×9): ten times the position
    /// and local nodes, at most the thorough budget's position nodes and
    /// `SMALL_BOARD_LOCAL_CAP` local ones; the whole-game search is left as
    /// it is (5,000 nodes instead of 300 took 3.6 times the time there for 0.14 points of
    /// coverage). A 9×9 final position has a quarter of a 19×19 one's points, so this is
    /// about twice the default time per position: on the 265 counted OGS 9×9 games, coverage
    /// 25.6 → 31.2 % at a median of 9 ms (docs/control.md).
    #[must_use]
    pub fn small_board(self) -> Budgets {
        let t = Budgets::thorough();
        Budgets {
            local_nodes: scale_nodes(self.local_nodes, 10, SMALL_BOARD_LOCAL_CAP),
            position_nodes: scale_nodes(self.position_nodes, 10, t.position_nodes),
            ..self
        }
    }

    /// Budgets for a thorough answer: seconds per 19×19 position, more locations decided.
    /// The local searches get 200,000 nodes (20,000 until stop 40): on the first 20 counted
    /// KGS games, coverage 45.97 → 47.74 % at a median of 1.7 → 2.2 s per position; on 30
    /// OGS 9×9 games 42.80 → 44.20 % at 0.84 → 1.24 s (docs/control.md).
    #[must_use]
    pub fn thorough() -> Budgets {
        Budgets {
            local_nodes: 200_000,
            search_nodes: 200_000,
            position_nodes: 2_000_000,
            tt_entries: 1 << 18,
            max_set: 120,
            survival_nodes: 50_000,
            max_survival_region: 60,
            ..Budgets::default()
        }
    }
}

/// How much searching the control test may do per position: a named choice of
/// [`Budgets`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Budget {
    /// [`Budgets::quick`].
    #[cfg_attr(
        feature = "clap",
        value(help = "A tenth of the default: fast, leaves more points undecided")
    )]
    Quick,
    /// [`Budgets::default`].
    #[default]
    #[cfg_attr(
        feature = "clap",
        value(help = "A few milliseconds per 19×19 final position")
    )]
    Default,
    /// [`Budgets::thorough`].
    #[cfg_attr(feature = "clap", value(help = "Seconds per position; decides more"))]
    Thorough,
}

impl Budget {
    /// The analysis options with this budget (the default options otherwise: small boards
    /// still get more).
    #[must_use]
    pub fn options(self) -> Options {
        Options {
            budgets: match self {
                Budget::Quick => Budgets::quick(),
                Budget::Default => Budgets::default(),
                Budget::Thorough => Budgets::thorough(),
            },
            ..Options::default()
        }
    }
}

/// Reading A11 of ljr.md: what happens to permanently prohibited locations inside the set of
/// the hypothetical game ("all former situations and actions are forgotten").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KeepProhibited {
    /// `P ∩ S` stays permanently prohibited: `P` belongs to the current situation (r8), and
    /// cycle removals are meant to be final. The recommended reading.
    #[default]
    Keep,
    /// `P ∩ S` is forgotten with the history and becomes ordinary empty locations.
    Drop,
}

/// Move ordering of the searches. Only speed depends on it, never an answer (a property the
/// tests check).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MoveOrder {
    /// Captures, ataris and contact moves first.
    #[default]
    Heuristic,
    /// Point order.
    Natural,
    /// Reverse point order.
    Reversed,
}

impl MoveOrder {
    /// The ordering score of a move on point `p`; the searches take moves best score first,
    /// ties in point order. `heuristic` is asked only for [`MoveOrder::Heuristic`].
    pub(crate) fn score(self, p: usize, heuristic: impl FnOnce() -> i32) -> i32 {
        match self {
            MoveOrder::Heuristic => heuristic(),
            MoveOrder::Natural => 0,
            // The highest point first.
            MoveOrder::Reversed => p as i32,
        }
    }
}

/// Options of an analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Budgets and limits.
    pub budgets: Budgets,
    /// Reading A11.
    pub keep_prohibited: KeepProhibited,
    /// Move ordering (speed only).
    pub order: MoveOrder,
    /// Use the decomposition leaf inside whole-game searches (speed only).
    pub decomposition_leaf: bool,
    /// Relevance-zone pruning in local games (Shih et al.): the refuter's pass is searched
    /// first and refuter moves outside its proof's zone are not searched. Sound (answers never
    /// change, see the tests) but slower on our measurements, so off by default.
    pub relevance_zones: bool,
    /// Pairs in levels in the static wins of local games (`local::pairing_cover`): a point
    /// covered by a pair may be paired in turn. Speed only (the tests check that answers do
    /// not change); off leaves the pairs of points next to the prover's safe stones.
    pub levelled_pairs: bool,
    /// Boards of at most this many points use [`Budgets::thorough`] instead of `budgets`
    /// (small boards are cheap, and their positions are often puzzles); 0 turns it off.
    pub thorough_up_to: usize,
    /// Larger boards of at most this many points (9×9 and 10×10 by default) use `budgets`
    /// [`scaled for a small board`](Budgets::small_board); 0 turns it off.
    pub small_board_up_to: usize,
}

impl Options {
    /// The budgets used for a board of `points` points.
    #[must_use]
    pub fn budgets_for(&self, points: usize) -> Budgets {
        if points <= self.thorough_up_to {
            Budgets::thorough()
        } else if points <= self.small_board_up_to {
            self.budgets.small_board()
        } else {
            self.budgets
        }
    }

    /// These options with `budgets` for every board size.
    #[must_use]
    pub fn with_budgets(budgets: Budgets) -> Options {
        Options {
            budgets,
            thorough_up_to: 0,
            small_board_up_to: 0,
            ..Options::default()
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            budgets: Budgets::default(),
            keep_prohibited: KeepProhibited::Keep,
            order: MoveOrder::Heuristic,
            decomposition_leaf: true,
            relevance_zones: false,
            levelled_pairs: true,
            thorough_up_to: 49,
            small_board_up_to: 100,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three tiers as documented: `quick` a tenth of the default's searching and the
    /// same limits; `thorough` at least the default everywhere, with more of every node
    /// budget, a larger table, whole-game searches of larger sets and larger survival
    /// regions.
    #[test]
    fn quick_default_and_thorough_are_ordered_as_documented() {
        let (q, d, t) = (Budgets::quick(), Budgets::default(), Budgets::thorough());
        for (quick, default) in [
            (q.local_nodes, d.local_nodes),
            (q.search_nodes, d.search_nodes),
            (q.position_nodes, d.position_nodes),
            (q.survival_nodes, d.survival_nodes),
        ] {
            assert_eq!(quick * 10, default);
        }
        assert_eq!(
            (q.max_depth, q.tt_entries, q.max_set, q.max_survival_region),
            (d.max_depth, d.tt_entries, d.max_set, d.max_survival_region)
        );
        for (thorough, default) in [
            (t.local_nodes, d.local_nodes),
            (t.search_nodes, d.search_nodes),
            (t.position_nodes, d.position_nodes),
            (t.survival_nodes, d.survival_nodes),
            (t.tt_entries as u64, d.tt_entries as u64),
            (t.max_set as u64, d.max_set as u64),
            (t.max_survival_region as u64, d.max_survival_region as u64),
        ] {
            assert!(thorough > default, "{thorough} against {default}");
        }
        assert_eq!(
            (t.max_depth, t.max_local_region, t.max_enumerated_regions),
            (d.max_depth, d.max_local_region, d.max_enumerated_regions)
        );
    }

    /// Each tier's bound is inclusive: a board of `thorough_up_to` points is thorough, one
    /// point more is a small board up to `small_board_up_to` inclusive, and a larger board
    /// gets the budgets as given. 0 turns a tier off.
    #[test]
    fn budgets_for_each_board_size_and_the_bounds_inclusive() {
        let options = Options::default();
        let (thorough, small) = (options.thorough_up_to, options.small_board_up_to);
        assert_eq!((thorough, small), (49, 100));
        assert_eq!(options.budgets_for(1), Budgets::thorough());
        assert_eq!(options.budgets_for(thorough), Budgets::thorough());
        assert_eq!(
            options.budgets_for(thorough + 1),
            options.budgets.small_board()
        );
        assert_eq!(options.budgets_for(small), options.budgets.small_board());
        assert_eq!(options.budgets_for(small + 1), options.budgets);
        assert_eq!(options.budgets_for(361), options.budgets);
        // The three differ, so each answer above names one tier.
        assert_ne!(Budgets::thorough(), options.budgets.small_board());
        assert_ne!(options.budgets.small_board(), options.budgets);

        let quick = Options::with_budgets(Budgets::quick());
        assert_eq!(
            quick,
            Options {
                budgets: Budgets::quick(),
                thorough_up_to: 0,
                small_board_up_to: 0,
                ..Options::default()
            }
        );
        for points in [1, 49, 81, 100, 361] {
            assert_eq!(quick.budgets_for(points), Budgets::quick());
        }
    }

    /// Natural order scores every move alike (ties go in point order), reversed order the
    /// highest point best, and only the heuristic order asks the heuristic.
    #[test]
    fn each_move_order_scores_as_documented() {
        let asked = std::cell::Cell::new(0);
        let heuristic = || {
            asked.set(asked.get() + 1);
            17
        };
        assert_eq!(MoveOrder::Natural.score(5, heuristic), 0);
        assert_eq!(MoveOrder::Reversed.score(5, heuristic), 5);
        assert_eq!(MoveOrder::Reversed.score(300, heuristic), 300);
        assert_eq!(asked.get(), 0);
        assert_eq!(MoveOrder::Heuristic.score(5, heuristic), 17);
        assert_eq!(asked.get(), 1);
    }
}
