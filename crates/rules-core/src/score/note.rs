//! What a count notes about itself: the facts a ruleset adds to a [`ScoreBreakdown`] so that a
//! report can explain the count — how many stones were removed and why, which points were
//! shared, which locations nobody controls, what the rules do with a handicap. Facts only
//! (numbers, points, rule options); the words are `rules-words`' business, shared by every
//! output that says them (the report, the GTP engine's `gorules-score`, the pictures).
//!
//! [`ScoreBreakdown`]: crate::ScoreBreakdown

use crate::{AssessmentSource, Color, PerColor, Point, score::StoneCount};

/// One fact a count notes about itself, in the order the ruleset noted them.
#[derive(Debug, Clone, PartialEq)]
pub enum ScoreNote {
    // ---- Any ruleset that takes dead stones from the record's markup ----
    /// The markup marks territory next to these stones of the other colour without marking
    /// them dead: they count as alive ([`Assessment::live_stones_in_marked_territory`]).
    ///
    /// [`Assessment::live_stones_in_marked_territory`]: crate::Assessment::live_stones_in_marked_territory
    LiveInMarkedTerritory {
        /// The stones, in point order.
        stones: Vec<Point>,
    },

    // ---- Tromp–Taylor and the logical rules (text 001: no dead stones) ----
    /// The board is scored as it stands: the stones the assessment names dead count alive.
    ScoredAsItStands {
        /// How many stones were named dead.
        named_dead: u32,
        /// Who named them.
        source: AssessmentSource,
    },

    // ---- The Chinese rules (text 004) ----
    /// Dead stones removed before counting.
    DeadRemoved {
        /// Who decided them.
        source: AssessmentSource,
        /// How many, by colour of the stones.
        count: PerColor<u32>,
    },
    /// Stones counted dead because they are connected to a stone marked dead (text 004 rule 3:
    /// connected stones are one inseparable whole).
    ConnectedToDead {
        /// How many stones the marks were extended to.
        stones: u32,
    },
    /// Empty points between both sides' live stones, shared half and half (text 004 rule 9).
    SharedHalf {
        /// How many.
        points: u32,
    },
    /// Empty points that reach no live stone: nobody's in the margin, half each in the stone
    /// count (text 004's math: I = ½).
    ReachNoLiveStone {
        /// How many.
        points: u32,
    },
    /// A handicap game counted without compensation (the texts are silent).
    HandicapUncompensated {
        /// The handicap (`HA`).
        handicap: u32,
    },
    /// A handicap game counted with compensation to White, added to the komi.
    HandicapCompensated {
        /// The handicap (`HA`).
        handicap: u32,
        /// The points White receives.
        given: u32,
        /// The komi they are added to.
        komi: f64,
        /// The compensation option, as its crate describes it.
        option: &'static str,
    },
    /// Points that depend on stones the assessment left undecided, counted as they stand.
    AreaUndecided {
        /// How many.
        points: u32,
    },
    /// Text 004 rule 9's stone count, which must agree with the margin.
    StoneCount(StoneCount),

    // ---- Pauli's Logical Japanese Rules ----
    /// Rule 5 with control given: the listed locations, stones on the opponent's locations and
    /// the stones named dead count as dead.
    ControlGiven {
        /// Who gave it.
        source: AssessmentSource,
    },
    /// Rule 5 with control by agreement (rule 17 counting).
    ControlByAgreement {
        /// Who claimed it.
        source: AssessmentSource,
        /// Stones claimed dead.
        dead: u32,
        /// Locations claimed neutral (those on empty locations).
        neutral: u32,
    },
    /// Locations the control test left undecided, counted as they stand (rule 17 counting).
    ControlUndecided {
        /// How many.
        locations: u32,
    },
    /// Locations that only `color`'s stones contact, which the control test proved neither
    /// player controls: counting by agreement would give them to `color`.
    TerritoryForNobody {
        /// Whose stones alone contact them.
        color: Color,
        /// The locations, in point order.
        lost: Vec<Point>,
        /// The dame next to the chains around them, which rule 14 fills with the opponent's
        /// stones (empty when there is none: then no cause is claimed).
        dame: Vec<Point>,
    },
    /// Dead marks on empty locations, ignored.
    IgnoredDeadMarks(Vec<Point>),
    /// Neutral claims on occupied locations, ignored (rule 17 claims empty locations).
    IgnoredNeutralClaims(Vec<Point>),
    /// Dead stones whose region also touches their owner's stones, counted for the opponent
    /// as given.
    DeadInMixedRegions(Vec<Point>),
    /// Locations controlled by both players, counted for both (ljr.md A21).
    ControlledByBoth(Vec<Point>),
    /// Captives include stones removed with cycles (rule 5: "no matter by whom").
    RemovedByCycles(PerColor<u32>),
    /// A komi that is not a non-negative integer as rule 2 asks, used as given (ljr.md A9).
    KomiNotWhole(f64),
    /// A handicap, which the rules know no compensation for (ljr.md A22).
    HandicapIgnored {
        /// The handicap (`HA`).
        handicap: u32,
    },
}
