//! A count's notes in words: each [`ScoreNote`] a ruleset added to its count, as one line
//! citing the rule it comes from.

use rules_core::score::StoneCount;
use rules_core::score::points;
use rules_core::{AssessmentSource, Point, ScoreBreakdown, ScoreNote, Topology};

/// Every note of `score`, in the order the ruleset noted them; `topology` names the points.
#[must_use]
pub fn score_notes(score: &ScoreBreakdown, topology: &Topology) -> Vec<String> {
    score
        .noted
        .iter()
        .map(|n| score_note(n, topology))
        .collect()
}

/// One note in words; `topology` names its points.
#[must_use]
pub fn score_note(note: &ScoreNote, topo: &Topology) -> String {
    match note {
        ScoreNote::LiveInMarkedTerritory { stones } => live_in_marked_territory(stones, topo),
        ScoreNote::ScoredAsItStands { named_dead, source } => format!(
            "the board is scored as it stands: {named_dead} stone(s) named dead ({source}) count \
             as alive"
        ),
        ScoreNote::DeadRemoved { source, count } => format!(
            "dead stones removed before counting ({source}): {} black, {} white",
            count.black, count.white
        ),
        ScoreNote::ConnectedToDead { stones } => format!(
            "{stones} stone(s) counted dead because they are connected to a stone marked dead \
             (text 004 rule 3: connected stones are one inseparable whole)"
        ),
        ScoreNote::SharedHalf { points } => format!(
            "{points} empty point(s) between both sides' live stones shared half and half (text \
             004 rule 9: 双方活棋之间的空点各得一半)"
        ),
        ScoreNote::ReachNoLiveStone { points } => format!(
            "{points} empty point(s) reach no live stone: counted for nobody in the margin, half \
             to each side in the stone count (text 004's math: I = ½)"
        ),
        ScoreNote::HandicapUncompensated { handicap } => format!(
            "handicap {handicap}: no compensation to White (option none; the texts are silent)"
        ),
        ScoreNote::HandicapCompensated {
            handicap,
            given,
            komi,
            option,
        } => format!(
            "handicap compensation ({option}): {given} point(s) to White for handicap \
             {handicap}, added to White's komi ({} + {given})",
            points(*komi)
        ),
        ScoreNote::AreaUndecided { points } => format!(
            "{points} point(s) depend on stones the assessment left undecided and are counted \
             as they stand"
        ),
        ScoreNote::StoneCount(c) => stone_count(c),
        ScoreNote::ControlGiven { source } => format!(
            "Pauli rule 5: control given by {}: the listed locations, the stones on the \
             opponent's locations and the stones named dead count as dead, and each player's \
             live stones stand on his own locations",
            given_by(*source)
        ),
        ScoreNote::ControlByAgreement {
            source,
            dead,
            neutral,
        } => format!(
            "Pauli rule 5: control by agreement (rule 17 counting) from {}: {dead} stone(s) \
             claimed dead, {neutral} location(s) claimed neutral; each empty location that \
             contacts the stones of one player only is his",
            given_by(*source)
        ),
        ScoreNote::ControlUndecided { locations } => format!(
            "{locations} location(s) the control test left undecided count as they stand (rule \
             17 counting: an empty one is his whose stones alone its region contacts)"
        ),
        ScoreNote::TerritoryForNobody { color, lost, dame } => {
            let why = if dame.is_empty() {
                "no dame touches the stones around them".to_owned()
            } else {
                format!(
                    "rule 14 fills the dame next to the stones around them ({}) with {} stones \
                     and lets {} start; the boundary is unfinished there",
                    topo.sgf_names(dame),
                    color.opp(),
                    color.opp()
                )
            };
            format!(
                "{} location(s) that only {color}'s stones contact count for nobody: the \
                 control test proved that {color} does not control them, nor {}: {}; {why}",
                lost.len(),
                color.opp(),
                topo.sgf_names(lost)
            )
        }
        ScoreNote::IgnoredDeadMarks(at) => {
            format!(
                "dead marks on empty locations ignored: {}",
                topo.sgf_names(at)
            )
        }
        ScoreNote::IgnoredNeutralClaims(at) => format!(
            "neutral claims on occupied locations ignored (rule 17 claims empty locations): {}",
            topo.sgf_names(at)
        ),
        ScoreNote::DeadInMixedRegions(at) => format!(
            "dead stones whose region also touches their owner's stones, counted for the \
             opponent as given: {}",
            topo.sgf_names(at)
        ),
        ScoreNote::ControlledByBoth(at) => format!(
            "controlled by both players, counted for both (ljr.md A21): {}",
            topo.sgf_names(at)
        ),
        ScoreNote::RemovedByCycles(removed) => format!(
            "captives include stones removed with cycles (rule 5: \"no matter by whom\"): {} \
             black, {} white",
            removed.black, removed.white
        ),
        ScoreNote::KomiNotWhole(komi) => format!(
            "komi {} is not a non-negative integer as rule 2 asks; used as given (ljr.md A9)",
            points(*komi)
        ),
        ScoreNote::HandicapIgnored { handicap } => {
            format!("handicap {handicap}: the rules know no handicap compensation (ljr.md A22)")
        }
    }
}

/// Who gave the control Pauli rule 5 counts by.
fn given_by(source: AssessmentSource) -> &'static str {
    match source {
        AssessmentSource::None => "nothing given",
        AssessmentSource::Markup => "the record's markup",
        AssessmentSource::User => "the command line",
        AssessmentSource::Proved => "the control solver",
        AssessmentSource::Estimate => "the control solver and the estimator",
        AssessmentSource::Engine => "the control solver and an outside engine",
    }
}

/// Live stones in marked territory: how many, and the first ten by name.
fn live_in_marked_territory(stones: &[Point], topo: &Topology) -> String {
    let mut names: Vec<String> = stones.iter().take(10).map(|&p| topo.sgf(p)).collect();
    if stones.len() > 10 {
        names.push("…".to_owned());
    }
    format!(
        "the markup marks territory next to {} stone(s) of the other colour it does not mark \
         dead ({}): they count as alive",
        stones.len(),
        names.join(" ")
    )
}

/// Text 004 rule 9's stone count, and whether it agrees with the margin.
fn stone_count(c: &StoneCount) -> String {
    let standing = if c.black_excess > 0.0 {
        "Black ahead by"
    } else if c.black_excess < 0.0 {
        "Black short by"
    } else {
        "even:"
    };
    format!(
        "stone count (text 004 rule 9): Black {} against {} + {} = {}: {standing} {} \
         stone(s), i.e. {} point(s){}",
        points(c.black_area),
        points(c.half_board),
        points(c.komi_stones),
        points(c.half_board + c.komi_stones),
        points(c.black_excess.abs()),
        points(2.0 * c.black_excess.abs()),
        if c.agrees_with_margin {
            ", as the margin says"
        } else {
            "; THIS DISAGREES WITH THE MARGIN"
        },
    )
}

#[cfg(test)]
mod tests;
