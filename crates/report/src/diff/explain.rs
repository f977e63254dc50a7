//! The comparisons of `diff` in words a Go player understands: why a move is forbidden under
//! one ruleset and allowed under the other, and what each cause of a count difference is.
//! The facts come from [`rules_core::compare`]; every sentence about them is made here.

use rules_core::compare::{Allowance, Cause, CauseKind, CountDiff, LegalitySplit, allowance};
use rules_core::score::points;
use rules_core::{
    Color, Forbidden, KomiSource, PointKind, PointValue, Policy, Reason, ScoreBreakdown, Verdict,
};

/// The tolerance for comparing sums of halves and quarters.
const EPS: f64 = 1e-9;

/// A move the two rulesets `a` and `b` judge differently: who forbids it and why, why the
/// other allows it, and whether the forbidding replay stopped there.
#[must_use]
pub fn split(s: &LegalitySplit, a: &Verdict, b: &Verdict) -> String {
    let stop = |v: &Verdict| {
        if v.on_forbidden == Policy::Stop {
            format!(
                "; the {} replay stops there and counts the position before it",
                v.ruleset
            )
        } else {
            String::new()
        }
    };
    let one = |forbids: &Verdict, allows: &Verdict, f: &Forbidden| {
        format!(
            "{}: {} forbids it — {}; {}{}",
            move_words(f),
            forbids.ruleset,
            reason_words(f),
            allowed_words(allows, f),
            stop(forbids)
        )
    };
    match s.sides(a, b) {
        (Some(f), None) => one(a, b, f),
        (None, Some(f)) => one(b, a, f),
        (Some(x), Some(y)) => format!(
            "{}: both forbid it, for different reasons: {} because {}; {} because {}",
            move_words(x),
            a.ruleset,
            reason_words(x),
            b.ruleset,
            reason_words(y)
        ),
        (None, None) => format!(
            "move {}: neither {} nor {} records it as forbidden",
            s.move_number, a.ruleset, b.ruleset
        ),
    }
}

/// One cause of the count difference `count` between `a` and `b` (the verdicts compared).
///
/// # Panics
/// When a verdict has no score: a count difference is made only of two scores.
#[must_use]
pub fn cause(c: &Cause, count: &CountDiff, a: &Verdict, b: &Verdict) -> String {
    let scores = a.score.as_ref().zip(b.score.as_ref());
    let (sa, sb) = scores.expect("a count difference is made only of two scores");
    match (c.kind, c.worth) {
        (CauseKind::Points, Some((va, vb))) => {
            let n = c.count.unwrap_or(0);
            points_words(a, b, count.same_position, &va, &vb, n)
        }
        (CauseKind::Points, None) => format!(
            "{} point(s): {} to Black's margin",
            c.count.unwrap_or(0),
            signed(c.effect)
        ),
        (CauseKind::Captives, _) => captives_words(a, b, sa, sb, c.effect),
        (CauseKind::Komi, _) => komi_words(a, b, sa, sb, c.effect),
        (CauseKind::Compensation, _) => format!(
            "handicap compensation: {} gives White {} point(s) for the handicap stones, {} \
             gives {}: {} to Black's margin",
            a.ruleset,
            points(sa.compensation()),
            b.ruleset,
            points(sb.compensation()),
            signed(c.effect)
        ),
    }
}

/// Why two verdicts' counts are not compared: each side's reason, or that point values are
/// missing.
#[must_use]
pub fn no_count(a: &Verdict, b: &Verdict) -> String {
    let missing: Vec<String> = [a, b]
        .into_iter()
        .filter_map(|v| {
            crate::verdict_words::no_count_reason(v).map(|why| format!("{}: {why}", v.ruleset))
        })
        .collect();
    if missing.is_empty() {
        "no point values".to_owned()
    } else {
        missing.join("; ")
    }
}

/// `+2`, `-0.5`, `0`: a change of Black's margin.
#[must_use]
pub fn signed(v: f64) -> String {
    if v.abs() < EPS {
        "0".to_owned()
    } else if v > 0.0 {
        format!("+{}", points(v))
    } else {
        format!("-{}", points(-v))
    }
}

fn move_words(f: &Forbidden) -> String {
    let at = f
        .gtp
        .clone()
        .or_else(|| f.point.clone())
        .map_or_else(|| "a pass".to_owned(), |p| format!("at {p}"));
    format!("move {} ({} {at})", f.move_number, f.color)
}

/// Why one ruleset forbids a move, in words.
fn reason_words(f: &Forbidden) -> String {
    let earlier = |m: Option<u32>| match m {
        Some(0) => "the starting position".to_owned(),
        Some(m) => format!("the position after move {m}"),
        None => "an earlier position".to_owned(),
    };
    match f.reason {
        Reason::PositionalSuperko => format!(
            "it recreates {} — a repeated board position (positional superko)",
            earlier(f.repeats_position_after_move)
        ),
        Reason::SituationalSuperko => format!(
            "it recreates {} with the same player to move (situational superko)",
            earlier(f.repeats_position_after_move)
        ),
        Reason::Suicide => {
            "it is suicide: the stones would have no liberty and it captures nothing".to_owned()
        }
        Reason::PseudoSuicide => {
            "every liberty of the new stone would be permanently prohibited (pseudo-suicide)"
                .to_owned()
        }
        Reason::Ko => "it retakes a ko at once: the point was cleared by a ko capture in the \
                       preceding turn"
            .to_owned(),
        Reason::PermanentlyProhibited => {
            "the point was used by a removed cycle and is permanently prohibited".to_owned()
        }
        Reason::InitiallyProhibited => "the point was prohibited from the start".to_owned(),
        Reason::AfterEnd => "the game had already ended".to_owned(),
        Reason::OutOfTurn => "it is the other player's turn".to_owned(),
        Reason::Occupied => "the point is occupied".to_owned(),
        Reason::OffBoard => "the point is not on the board".to_owned(),
        Reason::NoSuchCycle => "there is no such cycle to remove".to_owned(),
        Reason::UnsupportedAction => "the ruleset has no such action".to_owned(),
    }
}

/// Why the other ruleset allows it, from what its verdict shows ([`allowance`]).
fn allowed_words(allows: &Verdict, f: &Forbidden) -> String {
    let id = &allows.ruleset;
    let rules = &allows.rules;
    let repetition = matches!(
        f.reason,
        Reason::PositionalSuperko | Reason::SituationalSuperko
    );
    match (f.reason, allowance(allows, f)) {
        (_, Allowance::CycleHere) => format!(
            "{id} allows it: under Pauli's rules a repetition is a cycle (rules 7–8), reported \
             and removable, not a forbidden move"
        ),
        (_, Allowance::SingleStoneSuicide) => format!(
            "{id} allows it as a suicide that removes the player's own stone (a single-stone \
             suicide leaves the board as it was, which is why the other ruleset sees a \
             repetition)"
        ),
        (_, Allowance::CycleLater(at)) => format!(
            "{id} has no superko: it lets the position recur, and reports the repetition as a \
             cycle after move {at} (Pauli rules 7–8: a cycle may be removed, it is not a \
             forbidden move)"
        ),
        _ if repetition => format!("{id} has no ban on this repetition ({rules})"),
        (Reason::Suicide, _) => format!(
            "{id} allows suicide: the player's own stones without liberties are removed \
             ({rules})"
        ),
        (Reason::Ko | Reason::PseudoSuicide | Reason::PermanentlyProhibited, _) => {
            format!("{id} has no such rule ({rules})")
        }
        (Reason::AfterEnd, _) => {
            format!("under {id} the game had not ended yet (its end condition differs: {rules})")
        }
        _ => format!("{id} allows it ({rules})"),
    }
}

fn lower(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A kind in words, with what one such point is worth.
fn kind_words(v: &PointValue) -> String {
    let worth = match (v.black, v.white) {
        (b, w) if b.abs() < EPS && w.abs() < EPS => "nothing".to_owned(),
        (b, w) if w.abs() < EPS => format!("{} to Black", points(b)),
        (b, w) if b.abs() < EPS => format!("{} to White", points(w)),
        (b, w) => format!("{} to Black and {} to White", points(b), points(w)),
    };
    let what = match v.kind {
        PointKind::Stone(c) => format!("{} stones counted as area", lower(c)),
        PointKind::UncountedStone(c) => format!(
            "live {} stones, which territory scoring does not count",
            lower(c)
        ),
        PointKind::DeadStone(c) => format!("dead {} stones", lower(c)),
        PointKind::Territory(c) => format!("{c}'s territory"),
        PointKind::Shared => "dame shared half and half".to_owned(),
        PointKind::Dame => "dame or neutral points, seki included".to_owned(),
        PointKind::Undecided => "points whose status is undecided".to_owned(),
        PointKind::Mutual => "points both players control".to_owned(),
    };
    format!("{what} ({worth} each)")
}

/// The reason a Go player would give for a group of points counted differently (`va` under
/// ruleset `a`, `vb` under `b`).
fn theme(
    (a, b): (&str, &str),
    same_position: bool,
    va: &PointValue,
    vb: &PointValue,
) -> Option<String> {
    use PointKind as K;
    let (ka, kb) = (va.kind, vb.kind);
    // Differences of counting method alone; anything else, when the two replays counted
    // different positions, comes from the positions.
    let method_only = matches!(
        (ka, kb),
        (K::Stone(_), K::UncountedStone(_))
            | (K::UncountedStone(_), K::Stone(_))
            | (K::Shared, K::Dame)
            | (K::Dame, K::Shared)
            | (K::DeadStone(_), K::DeadStone(_))
    );
    if ka.stone() != kb.stone() || (!same_position && !method_only) {
        return Some(
            "the positions differ here: a replay that stopped at a forbidden move counts the \
             position before it"
                .to_owned(),
        );
    }
    Some(match (ka, kb) {
        // One colour: a stone of the other colour under one count is another position (above).
        (K::Stone(c), K::DeadStone(_)) | (K::DeadStone(_), K::Stone(c)) => {
            let (alive_under, dead_under, dead) = if matches!(ka, K::Stone(_)) {
                (a, b, vb)
            } else {
                (b, a, va)
            };
            let twice = if dead.net().abs() >= 2.0 - EPS {
                "; dead stones counted twice under territory scoring: the point they stand \
                 on and the stone itself as a captive (Pauli rule 5)"
            } else {
                ""
            };
            format!(
                "dead stones left on the board: {alive_under} counts the board as it stands, so \
                 these {} stones count as alive (Tromp–Taylor: removing dead stones is the \
                 players' job before the game ends); {dead_under} takes them off as dead{twice}",
                lower(c)
            )
        }
        (K::DeadStone(_), K::DeadStone(_)) => {
            let (n1, n2) = (va.net().abs(), vb.net().abs());
            if (n1 - n2).abs() > EPS && n1.max(n2) >= 2.0 - EPS {
                "dead stones counted twice under territory scoring: the point they stand on, \
                 and the stone itself as a captive (Pauli rule 5); area scoring counts the \
                 point only"
                    .to_owned()
            } else {
                return None;
            }
        }
        (K::Stone(_), K::UncountedStone(_)) | (K::UncountedStone(_), K::Stone(_)) => {
            "area scoring counts every live stone as a point; territory scoring counts only \
             surrounded points and captives"
                .to_owned()
        }
        (K::Shared, _) | (_, K::Shared) => {
            "shared dame: text 004 (Chinese) splits each point between both colours half and \
             half; elsewhere such points are counted for nobody or for one side"
                .to_owned()
        }
        (K::Dame, K::Territory(_)) | (K::Territory(_), K::Dame) => {
            "points next to stones one ruleset takes as dead (or a seki): with the dead stones \
             off the board they reach only one colour and are territory; with them on, they \
             reach both and are dame"
                .to_owned()
        }
        (K::Undecided, _) | (_, K::Undecided) => {
            "undecided points count for nobody until their status is settled".to_owned()
        }
        (K::Mutual, _) | (_, K::Mutual) => {
            "points both players control count for both (Pauli)".to_owned()
        }
        _ => return None,
    })
}

/// `n` points worth `va` under `a` and `vb` under `b`.
fn points_words(
    a: &Verdict,
    b: &Verdict,
    same_position: bool,
    va: &PointValue,
    vb: &PointValue,
    n: u32,
) -> String {
    let mut s = format!(
        "{n} point(s): under {} {}; under {} {}: {} to Black's margin",
        a.ruleset,
        kind_words(va),
        b.ruleset,
        kind_words(vb),
        signed((vb.net() - va.net()) * f64::from(n))
    );
    if let Some(t) = theme((&a.ruleset, &b.ruleset), same_position, va, vb) {
        s.push_str(" — ");
        s.push_str(&t);
    }
    s
}

fn captives_words(
    a: &Verdict,
    b: &Verdict,
    sa: &ScoreBreakdown,
    sb: &ScoreBreakdown,
    effect: f64,
) -> String {
    let counted = |v: &Verdict, s: &ScoreBreakdown| {
        if s.black.captures == 0 && s.white.captures == 0 {
            format!("{} counts no captives", v.ruleset)
        } else {
            format!(
                "{} counts captives (Black {}, White {})",
                v.ruleset, s.black.captures, s.white.captures
            )
        }
    };
    format!(
        "captives: {}; {}: {} to Black's margin",
        counted(a, sa),
        counted(b, sb),
        signed(effect)
    )
}

fn komi_words(
    a: &Verdict,
    b: &Verdict,
    sa: &ScoreBreakdown,
    sb: &ScoreBreakdown,
    effect: f64,
) -> String {
    let source = |v: &Verdict| match v.komi.source {
        KomiSource::Record => "the record's",
        KomiSource::User => "from the command line",
        KomiSource::Default => "the ruleset's default, the record giving none",
    };
    format!(
        "komi: {} gives White {} ({}), {} gives {} ({}): {} to Black's margin",
        a.ruleset,
        points(sa.komi),
        source(a),
        b.ruleset,
        points(sb.komi),
        source(b),
        signed(effect)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::compare::{Side, compare};
    use rules_core::testing::{breakdown, cycle_after, forbidden, names, none, pv, verdict};
    use rules_core::{EventReport, PerColor};

    /// The one split of two verdicts that differ at one move, in words.
    fn split_words(a: &Verdict, b: &Verdict) -> String {
        let d = compare(&Side::new(a, None), &Side::new(b, None), &names(1)).unwrap();
        assert_eq!(d.legality.len(), 1, "{:?}", d.legality);
        split(&d.legality[0], a, b)
    }

    /// What the allowing side `y` is said to do about a move `x` forbids.
    fn allowed(f: Forbidden, y: &Verdict) -> String {
        let x = verdict("x", None, vec![f]);
        let e = split_words(&x, y);
        let (_, tail) = e.split_once("; ").unwrap();
        tail.trim_end_matches("; the x replay stops there and counts the position before it")
            .to_owned()
    }

    /// A split names the move, who forbids it and why, why the other allows it, and whether
    /// the forbidding replay stopped there; both forbidding for different reasons is a split
    /// too.
    #[test]
    fn a_split_says_who_forbids_the_move_and_why_the_other_allows_it() {
        let x = verdict("x", None, vec![forbidden(4, Reason::Suicide)]);
        let y = verdict("y", None, vec![]);
        assert_eq!(
            split_words(&x, &y),
            "move 4 (Black at C3): x forbids it — it is suicide: the stones would have no \
             liberty and it captures nothing; y allows suicide: the player's own stones \
             without liberties are removed (y rules); the x replay stops there and counts the \
             position before it"
        );
        // The other way round, from a replay that played on: no stop.
        let mut on = x.clone();
        on.ruleset = "z".into();
        on.rules = "z rules".into();
        on.on_forbidden = Policy::PlayOn;
        assert_eq!(
            split_words(&y, &on),
            "move 4 (Black at C3): z forbids it — it is suicide: the stones would have no \
             liberty and it captures nothing; y allows suicide: the player's own stones \
             without liberties are removed (y rules)"
        );
        // A point GTP cannot name, and a pass.
        let mut f = forbidden(2, Reason::AfterEnd);
        f.gtp = None;
        let s = split_words(&verdict("x", None, vec![f.clone()]), &y);
        assert!(s.starts_with("move 2 (Black at cc): x forbids"), "{s}");
        f.point = None;
        let s = split_words(&verdict("x", None, vec![f]), &y);
        assert!(s.starts_with("move 2 (Black a pass): x forbids"), "{s}");
        // Both forbid, for different reasons.
        let y = verdict("y", None, vec![forbidden(4, Reason::Occupied)]);
        assert_eq!(
            split_words(&x, &y),
            "move 4 (Black at C3): both forbid it, for different reasons: x because it is \
             suicide: the stones would have no liberty and it captures nothing; y because the \
             point is occupied"
        );
        // Verdicts that are not the ones compared: said, not a panic.
        let d = compare(&Side::new(&x, None), &Side::new(&y, None), &names(1)).unwrap();
        let plain = verdict("p", None, vec![]);
        let s = split(&d.legality[0], &plain, &plain);
        assert_eq!(s, "move 4: neither p nor p records it as forbidden");
    }

    /// Why a move is forbidden, for every reason, with the repeated position named.
    #[test]
    fn every_reason_is_put_in_words() {
        let words = |reason, repeats| {
            let mut f = forbidden(6, reason);
            f.repeats_position_after_move = repeats;
            reason_words(&f)
        };
        assert_eq!(
            words(Reason::PositionalSuperko, Some(0)),
            "it recreates the starting position — a repeated board position (positional \
             superko)"
        );
        assert_eq!(
            words(Reason::SituationalSuperko, Some(4)),
            "it recreates the position after move 4 with the same player to move \
             (situational superko)"
        );
        assert!(words(Reason::PositionalSuperko, None).contains("recreates an earlier position"));
        for (reason, phrase) in [
            (Reason::Suicide, "it is suicide"),
            (Reason::PseudoSuicide, "(pseudo-suicide)"),
            (Reason::Ko, "retakes a ko at once"),
            (Reason::PermanentlyProhibited, "used by a removed cycle"),
            (Reason::InitiallyProhibited, "prohibited from the start"),
            (Reason::AfterEnd, "had already ended"),
            (Reason::OutOfTurn, "the other player's turn"),
            (Reason::Occupied, "the point is occupied"),
            (Reason::OffBoard, "not on the board"),
            (Reason::NoSuchCycle, "no such cycle"),
            (Reason::UnsupportedAction, "no such action"),
        ] {
            assert!(words(reason, None).contains(phrase), "{reason}");
        }
    }

    /// Why the other ruleset allows a move, in words, for each thing its verdict can show
    /// ([`allowance`]) and each reason with none.
    #[test]
    fn why_a_move_is_allowed_is_said_from_the_allowing_verdict() {
        let plain = verdict("y", None, vec![]);
        let with = |events: Vec<EventReport>, self_captures: PerColor<u32>| Verdict {
            events,
            self_captures,
            ..plain.clone()
        };
        let superko = |repeats| Forbidden {
            repeats_position_after_move: repeats,
            ..forbidden(6, Reason::PositionalSuperko)
        };
        let pauli_cycle = "y allows it: under Pauli's rules a repetition is a cycle (rules \
                           7–8), reported and removable, not a forbidden move";
        assert_eq!(
            allowed(superko(None), &with(vec![cycle_after(6)], none())),
            pauli_cycle
        );
        assert_eq!(
            allowed(
                forbidden(6, Reason::Ko),
                &with(vec![cycle_after(6)], none())
            ),
            pauli_cycle
        );
        assert_eq!(
            allowed(superko(Some(5)), &with(vec![], PerColor::new(1, 0))),
            "y allows it as a suicide that removes the player's own stone (a single-stone \
             suicide leaves the board as it was, which is why the other ruleset sees a \
             repetition)"
        );
        assert_eq!(
            allowed(superko(Some(4)), &with(vec![], PerColor::new(1, 0))),
            "y has no ban on this repetition (y rules)"
        );
        assert_eq!(
            allowed(
                superko(None),
                &with(vec![cycle_after(5), cycle_after(8)], none())
            ),
            "y has no superko: it lets the position recur, and reports the repetition as a \
             cycle after move 8 (Pauli rules 7–8: a cycle may be removed, it is not a \
             forbidden move)"
        );
        for (reason, expected) in [
            (Reason::Ko, "y has no such rule (y rules)"),
            (Reason::PseudoSuicide, "y has no such rule (y rules)"),
            (
                Reason::PermanentlyProhibited,
                "y has no such rule (y rules)",
            ),
            (
                Reason::AfterEnd,
                "under y the game had not ended yet (its end condition differs: y rules)",
            ),
            (Reason::OutOfTurn, "y allows it (y rules)"),
        ] {
            assert_eq!(allowed(forbidden(6, reason), &plain), expected, "{reason}");
        }
    }

    /// Why two verdicts' counts are not compared: each side without one, or missing point
    /// values.
    #[test]
    fn no_count_says_which_side_has_none_and_why() {
        let vals = [pv(1.0, 0.0, PointKind::Stone(Color::Black))];
        let counted = verdict("x", Some(breakdown(&vals, (0, 0), 0.0, 0.0)), vec![]);
        let mut failed = verdict("y", None, vec![]);
        failed.score_error = Some("cannot score: no".into());
        assert_eq!(no_count(&counted, &failed), "y: cannot score: no");
        assert_eq!(
            no_count(&failed, &verdict("z", None, vec![])),
            "y: cannot score: no; z: no count was made"
        );
        assert_eq!(no_count(&counted, &counted), "no point values");
    }

    /// The count difference of two counted verdicts with their point values.
    fn counted(a: &Verdict, va: &[PointValue], b: &Verdict, vb: &[PointValue]) -> CountDiff {
        compare(
            &Side::new(a, Some(va)),
            &Side::new(b, Some(vb)),
            &names(va.len()),
        )
        .unwrap()
        .count
        .unwrap()
    }

    /// Each cause of `a` against `b` in words, by kind.
    fn said(
        a: &Verdict,
        va: &[PointValue],
        b: &Verdict,
        vb: &[PointValue],
    ) -> Vec<(CauseKind, String)> {
        let c = counted(a, va, b, vb);
        c.causes
            .iter()
            .map(|x| (x.kind, cause(x, &c, a, b)))
            .collect()
    }

    /// Captives, komi and compensation, each with its words, and the explanation of a group
    /// of points in full.
    #[test]
    fn each_term_is_explained_in_words() {
        use Color::White as W;
        let va = vec![
            pv(0.0, 1.0, PointKind::Stone(W)),
            pv(0.0, 1.0, PointKind::Stone(W)),
        ];
        let vb = vec![
            pv(2.0, 0.0, PointKind::DeadStone(W)),
            pv(2.0, 0.0, PointKind::DeadStone(W)),
        ];
        let sa = breakdown(&va, (0, 0), 7.5, 0.0);
        let sb = breakdown(&vb, (3, 1), 6.5, 2.0);
        let a = verdict("x", Some(sa), vec![]);
        let mut b = verdict("y", Some(sb), vec![]);
        b.komi.source = KomiSource::User;
        let causes = said(&a, &va, &b, &vb);
        let by_kind = |k: CauseKind| causes.iter().find(|c| c.0 == k).unwrap().1.as_str();
        assert_eq!(
            by_kind(CauseKind::Points),
            "2 point(s): under x white stones counted as area (1 to White each); under y dead \
             white stones (2 to Black each): +6 to Black's margin — dead stones left on the \
             board: x counts the board as it stands, so these white stones count as alive \
             (Tromp–Taylor: removing dead stones is the players' job before the game ends); y \
             takes them off as dead; dead stones counted twice under territory scoring: the \
             point they stand on and the stone itself as a captive (Pauli rule 5)"
        );
        assert_eq!(
            by_kind(CauseKind::Captives),
            "captives: x counts no captives; y counts captives (Black 3, White 1): +2 to \
             Black's margin"
        );
        assert_eq!(
            by_kind(CauseKind::Komi),
            "komi: x gives White 7.5 (the record's), y gives 6.5 (from the command line): +1 to \
             Black's margin"
        );
        assert_eq!(
            by_kind(CauseKind::Compensation),
            "handicap compensation: x gives White 0 point(s) for the handicap stones, y gives \
             2: -2 to Black's margin"
        );
        // Captives that change on both sides alike change nothing, and are still shown.
        let sa = breakdown(&va, (0, 0), 0.0, 0.0);
        let sb = breakdown(&va, (1, 1), 0.0, 0.0);
        let (a, mut b) = (
            verdict("x", Some(sa), vec![]),
            verdict("y", Some(sb), vec![]),
        );
        b.komi.source = KomiSource::Default;
        assert_eq!(
            said(&a, &va, &b, &va),
            [(
                CauseKind::Captives,
                "captives: x counts no captives; y counts captives (Black 1, White 1): 0 to \
                 Black's margin"
                    .to_owned()
            )]
        );
        // Captives on one side only.
        let b2 = Verdict {
            score: Some(breakdown(&va, (2, 0), 0.0, 0.0)),
            ..b.clone()
        };
        assert_eq!(
            said(&b2, &va, &a, &va)[0].1,
            "captives: y counts captives (Black 2, White 0); x counts no captives: -2 to \
             Black's margin"
        );
        // The default komi's source in words.
        let b = Verdict {
            score: Some(breakdown(&va, (0, 0), 0.5, 0.0)),
            ..b
        };
        assert_eq!(
            said(&a, &va, &b, &va)[0].1,
            "komi: x gives White 0 (the record's), y gives 0.5 (the ruleset's default, the \
             record giving none): -0.5 to Black's margin"
        );
    }

    /// The reason a Go player would give for each kind of change, and none where there is
    /// none to give.
    #[test]
    fn each_change_of_kind_has_its_theme() {
        use Color::{Black as B, White as W};
        use PointKind as K;
        let t = |same: bool, ka, va: (f64, f64), kb, vb: (f64, f64)| {
            theme(("x", "y"), same, &pv(va.0, va.1, ka), &pv(vb.0, vb.1, kb))
        };
        // Dead under one, alive under the other, either way round; counted twice or once.
        let dead = t(true, K::DeadStone(B), (0.0, 1.0), K::Stone(B), (1.0, 0.0)).unwrap();
        assert!(
            dead.starts_with(
                "dead stones left on the board: y counts the board as it stands, so these \
                 black stones"
            ) && dead.ends_with("x takes them off as dead"),
            "{dead}"
        );
        let twice = t(true, K::Stone(W), (0.0, 1.0), K::DeadStone(W), (2.0, 0.0)).unwrap();
        assert!(twice.ends_with("as a captive (Pauli rule 5)"), "{twice}");
        let differ = Some("the positions differ here");
        let area = Some("area scoring counts every live stone");
        #[rustfmt::skip]
        let cases = [
            // (same position, under A, worth, under B, worth, the theme's beginning)
            (true, K::DeadStone(W), (1.0, 0.0), K::DeadStone(W), (2.0, 0.0), Some("dead stones counted twice under territory scoring")),
            (true, K::DeadStone(W), (0.5, 0.0), K::DeadStone(W), (1.0, 0.0), None),
            // Worth two to Black's margin under both, split differently: not counted twice by one.
            (true, K::DeadStone(W), (2.0, 0.0), K::DeadStone(W), (2.5, 0.5), None),
            (true, K::Stone(B), (1.0, 0.0), K::UncountedStone(B), (0.0, 0.0), area),
            (true, K::UncountedStone(W), (0.0, 0.0), K::Stone(W), (0.0, 1.0), area),
            (true, K::Shared, (0.5, 0.5), K::Dame, (0.0, 0.0), Some("shared dame")),
            (true, K::Territory(B), (1.0, 0.0), K::Shared, (0.5, 0.5), Some("shared dame")),
            (true, K::Dame, (0.0, 0.0), K::Territory(W), (0.0, 1.0), Some("points next to stones")),
            (true, K::Territory(B), (1.0, 0.0), K::Dame, (0.0, 0.0), Some("points next to stones")),
            (true, K::Undecided, (0.0, 0.0), K::Territory(B), (1.0, 0.0), Some("undecided points")),
            (true, K::Mutual, (1.0, 1.0), K::Territory(B), (1.0, 0.0), Some("points both players")),
            (true, K::Territory(B), (1.0, 0.0), K::Territory(W), (0.0, 1.0), None),
            // A stone under one count only: the positions differ.
            (true, K::Stone(B), (1.0, 0.0), K::Territory(W), (0.0, 1.0), differ),
            (true, K::Territory(B), (1.0, 0.0), K::UncountedStone(W), (0.0, 0.0), differ),
            // Counts of different positions: only differences of method keep their theme.
            (false, K::Dame, (0.0, 0.0), K::Territory(W), (0.0, 1.0), differ),
            (false, K::Shared, (0.5, 0.5), K::Dame, (0.0, 0.0), Some("shared dame")),
            (false, K::Stone(B), (1.0, 0.0), K::UncountedStone(B), (0.0, 0.0), area),
        ];
        for (same, ka, va, kb, vb, start) in cases {
            let theme = t(same, ka, va, kb, vb);
            match start {
                Some(start) => assert!(
                    theme.as_deref().is_some_and(|s| s.starts_with(start)),
                    "{ka:?} → {kb:?}: {theme:?} should start with {start:?}"
                ),
                None => assert_eq!(theme, None, "{ka:?} → {kb:?}"),
            }
        }
    }

    /// Signs and worths in words.
    #[test]
    fn signed_numbers_and_worths() {
        assert_eq!(signed(2.0), "+2");
        assert_eq!(signed(-0.5), "-0.5");
        assert_eq!(signed(0.0), "0");
        assert_eq!(signed(1e-12), "0");
        assert_eq!(signed(-1e-12), "0");
        let w = |b, w| kind_words(&pv(b, w, PointKind::Dame));
        assert_eq!(
            w(0.0, 0.0),
            "dame or neutral points, seki included (nothing each)"
        );
        assert_eq!(
            w(1.0, 0.0),
            "dame or neutral points, seki included (1 to Black each)"
        );
        assert_eq!(
            w(0.0, 2.0),
            "dame or neutral points, seki included (2 to White each)"
        );
        assert_eq!(
            w(0.5, 0.5),
            "dame or neutral points, seki included (0.5 to Black and 0.5 to White each)"
        );
        let kind = |k| kind_words(&pv(0.0, 0.0, k));
        assert!(kind(PointKind::Stone(Color::White)).starts_with("white stones counted"));
        assert!(kind(PointKind::UncountedStone(Color::Black)).starts_with("live black stones"));
        assert!(kind(PointKind::DeadStone(Color::Black)).starts_with("dead black stones"));
        assert!(kind(PointKind::Territory(Color::White)).starts_with("White's territory"));
        assert!(kind(PointKind::Shared).starts_with("dame shared half and half"));
        assert!(kind(PointKind::Undecided).starts_with("points whose status is undecided"));
        assert!(kind(PointKind::Mutual).starts_with("points both players control"));
    }
}
