//! Game-info values: results (`RE`), komi (`KM`), handicap (`HA`), board size (`SZ`), the
//! counting family of the declared rules (`RU`).

use crate::codes;
use rules_core::{Color, Counting, Finding, Komi, Outcome, RecordedResult};

/// Parses a recorded result (`RE`) as servers and programs write it.
///
/// * `B+3.5`, `W+12` (also `B+3.5 points`) → [`Outcome::Score`];
/// * `B+R`, `B+Resign`, `W+Resignation`, `White resigns.` → [`Outcome::Resignation`];
/// * `W+T`, `W+Time`, `W+Timeout`, `W+Time Over` → [`Outcome::Time`];
/// * `B+F`, `B+Forfeit` → [`Outcome::Forfeit`];
/// * `B+`, `B`, `W`, `Black wins` → [`Outcome::Win`] with no reason;
/// * `B+Illegal`, `W+Repetition`, `B+AW`, and a zero margin `B+0.0` (a win is never by 0
///   points) → [`Outcome::Win`] with the text after `+` as the reason;
/// * `0`, `Draw`, `Jigo`, `D+J` → [`Outcome::Draw`];
/// * `Void`, `No result` → [`Outcome::Void`];
/// * `?`, the empty text, `has adjourned.` and anything else → [`Outcome::Unknown`].
///
/// Case and surrounding blanks do not matter; `raw` keeps the text as given.
///
/// ```
/// use rules_core::{Color, Outcome};
/// let r = sgf_record::parse_result(" w+resign ");
/// assert_eq!(r.outcome, Outcome::Resignation { winner: Color::White });
/// assert_eq!(sgf_record::parse_result("B+3.5").outcome.winner(), Some(Color::Black));
/// ```
#[must_use]
pub fn parse_result(text: &str) -> RecordedResult {
    RecordedResult {
        raw: text.to_owned(),
        outcome: outcome(text),
    }
}

fn outcome(text: &str) -> Outcome {
    let s = text.trim();
    let lower = s.to_ascii_lowercase();
    let lower = lower.trim_end_matches('.').trim();
    match lower {
        "" | "?" => return Outcome::Unknown,
        "0" | "0.0" | "draw" | "jigo" | "d" | "tie" => return Outcome::Draw,
        "void" | "no result" | "none" | "v" => return Outcome::Void,
        "white resigns" | "white resigned" => {
            return Outcome::Resignation {
                winner: Color::Black,
            };
        }
        "black resigns" | "black resigned" => {
            return Outcome::Resignation {
                winner: Color::White,
            };
        }
        _ => {}
    }
    // "Black resigns. W 80 B 70" and the like.
    for (prefix, winner) in [
        ("white resigns", Color::Black),
        ("black resigns", Color::White),
    ] {
        if lower.starts_with(prefix) {
            return Outcome::Resignation { winner };
        }
    }
    if lower.starts_with("d+") || lower.starts_with("draw") || lower.starts_with("jigo") {
        return Outcome::Draw;
    }
    for (word, winner) in [("black wins", Color::Black), ("white wins", Color::White)] {
        if lower == word {
            return Outcome::Win {
                winner,
                reason: None,
            };
        }
    }
    // Colour: B / W / Black / White.
    let (winner, rest) = if let Some(r) = strip_prefix_ci(s, "black") {
        (Color::Black, r)
    } else if let Some(r) = strip_prefix_ci(s, "white") {
        (Color::White, r)
    } else if let Some(r) = strip_prefix_ci(s, "b") {
        (Color::Black, r)
    } else if let Some(r) = strip_prefix_ci(s, "w") {
        (Color::White, r)
    } else {
        return Outcome::Unknown;
    };
    let rest = rest.trim_start();
    if rest.is_empty() {
        return Outcome::Win {
            winner,
            reason: None,
        };
    }
    let Some(after) = rest.strip_prefix('+') else {
        return Outcome::Unknown;
    };
    let reason = after
        .trim()
        .trim_start_matches([',', ';', ':'])
        .trim()
        .to_owned();
    if reason.is_empty() {
        return Outcome::Win {
            winner,
            reason: None,
        };
    }
    let r = reason.to_ascii_lowercase();
    let r = r.trim_end_matches('.');
    match r {
        "r" | "res" | "resign" | "resigned" | "resignation" => {
            return Outcome::Resignation { winner };
        }
        "t" | "time" | "timeout" | "time out" | "time-out" | "time over" | "on time" => {
            return Outcome::Time { winner };
        }
        "f" | "forfeit" | "forf" => return Outcome::Forfeit { winner },
        _ => {}
    }
    if let Some(margin) = leading_margin(&reason) {
        if margin > 0.0 {
            return Outcome::Score { winner, margin };
        }
        return Outcome::Win {
            winner,
            reason: Some(reason),
        };
    }
    Outcome::Win {
        winner,
        reason: Some(reason),
    }
}

fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

/// `3.5`, `12`, `3.5 points`, `3.5pts`: a non-negative finite number, optionally followed by
/// a unit word.
fn leading_margin(s: &str) -> Option<f64> {
    let end = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    let number: f64 = s[..end].parse().ok()?;
    let unit = s[end..].trim().to_ascii_lowercase();
    if !matches!(
        unit.as_str(),
        "" | "points" | "point" | "pts" | "pt" | "p" | "moku"
    ) {
        return None;
    }
    (number.is_finite() && number >= 0.0).then_some(number)
}

/// Findings about a parsed result, for the record's warnings.
pub(crate) fn result_findings(r: &RecordedResult, out: &mut Vec<Finding>) {
    match &r.outcome {
        Outcome::Unknown if !r.raw.trim().is_empty() && r.raw.trim() != "?" => {
            out.push(Finding::new(
                codes::RESULT_UNRECOGNISED,
                format!(
                    "RE[{}] is not a result this reader understands; kept as unknown",
                    short(&r.raw)
                ),
            ));
        }
        Outcome::Win {
            reason: Some(reason),
            ..
        } if leading_margin(reason) == Some(0.0) => {
            out.push(Finding::new(
                codes::RESULT_ZERO_MARGIN,
                format!(
                    "RE[{}] names a winner by a margin of 0, which is no count (Fox writes this \
                     for games whose count is unknown); read as a win without a margin",
                    short(&r.raw)
                ),
            ));
        }
        Outcome::Score { margin, .. } if (margin * 2.0).fract() != 0.0 => {
            out.push(Finding::new(
                codes::RESULT_MARGIN_UNUSUAL,
                format!(
                    "RE[{}]: a margin of {margin} is not a multiple of 0.5",
                    short(&r.raw)
                ),
            ));
        }
        _ => {}
    }
}

/// A counted result the record's komi cannot produce. Every ruleset counts whole points
/// (area, territory, captives, and half of an even number of shared dame are all whole on
/// both sides of the difference), so a count's margin differs from the komi by a whole
/// number: `RE[W+1.5]` with `KM[0]` (Fox writes `KM[0]` in games played with komi) or
/// `RE[B+3]` with `KM[6.5]` says that the komi or the result is not the game's.
pub(crate) fn result_komi_findings(
    r: &RecordedResult,
    komi: Option<&Komi>,
    out: &mut Vec<Finding>,
) {
    let Outcome::Score { margin, .. } = r.outcome else {
        return;
    };
    let Some(k) = komi else { return };
    let half = |v: f64| (v * 2.0).fract() == 0.0;
    if !half(margin) || !half(k.value) {
        return;
    }
    if ((margin + k.value) * 2.0).rem_euclid(2.0) != 0.0 {
        out.push(Finding::new(
            codes::RESULT_KOMI_INCONSISTENT,
            format!(
                "RE[{}] cannot be a count with KM[{}]: a count's margin differs from the komi \
                 by a whole number of points, so the komi or the result is not the game's",
                short(&r.raw),
                short(&k.raw)
            ),
        ));
    }
}

/// The counting family of declared rules (`RU`, or a graph file's `rules`) when
/// `rules-names` knows the name: a recorded count is compared only with counts of its family.
pub(crate) fn declared_counting(rules: Option<&str>) -> Option<Counting> {
    rules
        .and_then(|ru| rules_names::read(ru).ok())
        .map(|d| d.counting())
}

/// A value made safe and short for a message.
pub(crate) fn short(s: &str) -> String {
    let mut out: String = s.chars().take(60).flat_map(char::escape_debug).collect();
    if s.chars().count() > 60 {
        out.push('…');
    }
    out
}

/// Largest |komi| not reported as unusual.
pub const KOMI_USUAL_MAX: f64 = 20.0;

/// Komi beyond ±`KOMI_MAX` points is no komi (`komi-invalid`): more than any board can
/// score (a 52×52 grid has 2,704 points, a graph board at most 10,000), and so large that
/// counts lose their half points in floating point (`KM[7444…4.50]` made two rulesets'
/// margins equal while their point-by-point causes differed by 2). The same bound as
/// `--komi`.
pub const KOMI_MAX: f64 = 10_000.0;

/// Reads `KM`: a number, blanks allowed. Returns the komi (when it is a number) and findings.
///
/// A whole number of at least 100 in absolute value is read as Fox writes komi: ×100 when it
/// is a multiple of 50 (`KM[750]` = 7.5, `KM[650]` = 6.5, `KM[550]` = 5.5), else ×50 when it
/// is a multiple of 25 (`KM[375]` = 3.75 stones under Chinese rules = 7.5 points). Either way
/// a `komi-normalised` finding says so. Values not a multiple of 0.5 or beyond ±20 are kept
/// with a `komi-unusual` finding.
pub(crate) fn read_komi(raw: &str, out: &mut Vec<Finding>) -> Option<Komi> {
    let t = raw.trim();
    let value: f64 = match t.parse::<f64>() {
        Ok(v) if v.is_finite() && t.bytes().all(|b| b.is_ascii_digit() || b"+-.".contains(&b)) => v,
        _ => {
            out.push(Finding::new(
                codes::KOMI_INVALID,
                format!("KM[{}] is not a number; no komi is recorded", short(raw)),
            ));
            return None;
        }
    };
    let whole = !t.contains('.');
    let mut used = value;
    if whole && value.abs() >= 100.0 {
        let i = value as i64;
        let factor = if i % 50 == 0 {
            Some(100.0)
        } else if i % 25 == 0 {
            Some(50.0)
        } else {
            None
        };
        if let Some(f) = factor {
            used = value / f;
            let why = if f == 100.0 {
                "komi written ×100, as the Fox server does (KM[750] is 7.5)"
            } else {
                "komi in stones written ×100, as the Fox server does for Chinese rules \
                 (KM[375] is 3.75 stones, 7.5 points)"
            };
            out.push(Finding::new(
                codes::KOMI_NORMALISED,
                format!("KM[{}] read as {used} points: {why}", short(raw)),
            ));
        }
    }
    if used.abs() > KOMI_MAX {
        out.push(Finding::new(
            codes::KOMI_INVALID,
            format!(
                "KM[{}] is beyond ±{KOMI_MAX} points, more than any board can score; no komi \
                 is recorded",
                short(raw)
            ),
        ));
        return None;
    }
    if (used * 2.0).fract() != 0.0 || used.abs() > KOMI_USUAL_MAX {
        out.push(Finding::new(
            codes::KOMI_UNUSUAL,
            format!(
                "komi {used} is unusual (not a multiple of 0.5, or beyond ±{KOMI_USUAL_MAX}); \
                 kept as recorded"
            ),
        ));
    }
    Some(Komi {
        value: used,
        raw: raw.to_owned(),
    })
}

/// Reads `HA`: 2 or more stones; 0, 1 and non-numbers are reported and give no handicap.
pub(crate) fn read_handicap(raw: &str, out: &mut Vec<Finding>) -> Option<u32> {
    match raw.trim().parse::<u32>() {
        Ok(n) if n >= 2 => Some(n),
        Ok(n) => {
            out.push(Finding::new(
                codes::HANDICAP_INVALID,
                format!(
                    "HA[{n}] is not a handicap (a handicap is 2 stones or more); none recorded"
                ),
            ));
            None
        }
        Err(_) => {
            out.push(Finding::new(
                codes::HANDICAP_INVALID,
                format!("HA[{}] is not a number; no handicap recorded", short(raw)),
            ));
            None
        }
    }
}

/// Reads `SZ`: `n` or `w:h`, blanks allowed. `Err` says why it is not a supported size.
pub(crate) fn read_size(raw: &str) -> Result<(usize, usize), String> {
    let t = raw.trim();
    let parse = |s: &str| -> Result<usize, String> {
        let s = s.trim();
        let n: i64 = s
            .parse()
            .map_err(|_| format!("{:?} is not a whole number", short(s)))?;
        if !(1..=rules_core::topology::MAX_GRID_SIDE as i64).contains(&n) {
            return Err(format!(
                "each side must be 1 to {}",
                rules_core::topology::MAX_GRID_SIDE
            ));
        }
        Ok(n as usize)
    };
    match t.split_once(':') {
        Some((w, h)) => Ok((parse(w)?, parse(h)?)),
        None => {
            let n = parse(t)?;
            Ok((n, n))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn o(s: &str) -> Outcome {
        parse_result(s).outcome
    }

    /// The codes of the findings about a result.
    fn result_codes(raw: &str) -> Vec<String> {
        let mut out = Vec::new();
        result_findings(&parse_result(raw), &mut out);
        out.into_iter().map(|f| f.code).collect()
    }

    #[test]
    fn findings_about_results() {
        assert!(result_codes("B+3.5").is_empty());
        assert!(result_codes("W+R").is_empty());
        assert!(result_codes("B+12").is_empty());
        assert_eq!(result_codes("B+0.3"), [codes::RESULT_MARGIN_UNUSUAL]);
        assert_eq!(result_codes("W+0.75"), [codes::RESULT_MARGIN_UNUSUAL]);
        assert_eq!(result_codes("what?"), [codes::RESULT_UNRECOGNISED]);
        assert!(result_codes("?").is_empty());
    }

    /// Komi findings: ×100 and ×50 forms normalised, the limits inclusive, a value with
    /// other characters not a number.
    #[test]
    fn findings_about_komi() {
        let komi = |raw: &str| {
            let mut out = Vec::new();
            let k = read_komi(raw, &mut out).map(|k| k.value);
            (k, out.into_iter().map(|f| f.code).collect::<Vec<_>>())
        };
        assert_eq!(komi("6.5"), (Some(6.5), vec![]));
        assert_eq!(
            komi("750"),
            (Some(7.5), vec![codes::KOMI_NORMALISED.to_owned()])
        );
        assert_eq!(
            komi("375"),
            (Some(7.5), vec![codes::KOMI_NORMALISED.to_owned()])
        );
        assert_eq!(
            komi("-100"),
            (Some(-1.0), vec![codes::KOMI_NORMALISED.to_owned()])
        );
        assert_eq!(komi("6.5e0"), (None, vec![codes::KOMI_INVALID.to_owned()]));
        assert_eq!(
            komi(&KOMI_USUAL_MAX.to_string()),
            (Some(KOMI_USUAL_MAX), vec![])
        );
        assert_eq!(
            komi("0.3"),
            (Some(0.3), vec![codes::KOMI_UNUSUAL.to_owned()])
        );
    }

    #[test]
    fn short_values_keep_sixty_characters() {
        let sixty = "x".repeat(60);
        assert_eq!(short(&sixty), sixty);
        assert_eq!(short(&"x".repeat(61)), format!("{sixty}…"));
        assert_eq!(short("a\nb"), "a\\nb");
    }

    #[test]
    fn a_count_the_komi_cannot_give_is_reported() {
        let flagged = |re: &str, km: Option<f64>| {
            let mut out = Vec::new();
            let komi = km.map(|value| Komi {
                value,
                raw: value.to_string(),
            });
            result_komi_findings(&parse_result(re), komi.as_ref(), &mut out);
            out.iter()
                .any(|f| f.code == codes::RESULT_KOMI_INCONSISTENT)
        };
        assert!(
            flagged("W+1.5", Some(0.0)),
            "Fox: KM[0] in a game with komi"
        );
        assert!(flagged("B+3", Some(6.5)));
        assert!(flagged("W+2", Some(-0.5)));
        assert!(!flagged("W+1.5", Some(6.5)));
        assert!(!flagged("B+3.5", Some(-0.5)));
        assert!(!flagged("B+4", Some(0.0)));
        assert!(!flagged("B+4", Some(7.0)));
        assert!(!flagged("W+1.5", None), "no komi, nothing to compare");
        assert!(!flagged("W+R", Some(0.0)), "not a count");
        assert!(
            !flagged("B+0.2", Some(7.5)),
            "not a multiple of 0.5: reported otherwise"
        );
        assert!(
            !flagged("W+1.5", Some(3.75)),
            "komi in quarter points: not judged"
        );
    }

    #[test]
    fn results() {
        use Color::{Black as B, White as W};
        assert_eq!(
            o("B+3.5"),
            Outcome::Score {
                winner: B,
                margin: 3.5
            }
        );
        assert_eq!(
            o("w+12"),
            Outcome::Score {
                winner: W,
                margin: 12.0
            }
        );
        assert_eq!(
            o("W+0.5 points"),
            Outcome::Score {
                winner: W,
                margin: 0.5
            }
        );
        assert_eq!(o("W+R"), Outcome::Resignation { winner: W });
        assert_eq!(o("B+Resign"), Outcome::Resignation { winner: B });
        assert_eq!(o("White resigns."), Outcome::Resignation { winner: B });
        assert_eq!(
            o("Black resigns. W 80 B 70"),
            Outcome::Resignation { winner: W }
        );
        assert_eq!(o("W+T"), Outcome::Time { winner: W });
        assert_eq!(o("W+Time"), Outcome::Time { winner: W });
        assert_eq!(o("W+Time Over"), Outcome::Time { winner: W });
        assert_eq!(o("b+time"), Outcome::Time { winner: B });
        assert_eq!(o("B+F"), Outcome::Forfeit { winner: B });
        assert_eq!(o("W+Forfeit"), Outcome::Forfeit { winner: W });
        for s in ["B+", "B", " b ", "Black wins"] {
            assert_eq!(
                o(s),
                Outcome::Win {
                    winner: B,
                    reason: None
                },
                "{s}"
            );
        }
        assert_eq!(
            o("B+Illegal"),
            Outcome::Win {
                winner: B,
                reason: Some("Illegal".into())
            }
        );
        assert_eq!(
            o("W+Repetition"),
            Outcome::Win {
                winner: W,
                reason: Some("Repetition".into())
            }
        );
        assert_eq!(
            o("B+0.0"),
            Outcome::Win {
                winner: B,
                reason: Some("0.0".into())
            }
        );
        assert_eq!(
            o("B+, human judge for communication error "),
            Outcome::Win {
                winner: B,
                reason: Some("human judge for communication error".into())
            }
        );
        for s in ["0", "Draw", "jigo", "D+J", "draw"] {
            assert_eq!(o(s), Outcome::Draw, "{s}");
        }
        assert_eq!(o("Void"), Outcome::Void);
        for s in ["?", "", "has adjourned.", "john wins", "B-3"] {
            assert_eq!(o(s), Outcome::Unknown, "{s}");
        }
        assert_eq!(parse_result(" W+R ").raw, " W+R ");
    }

    #[test]
    fn komi() {
        let mut f = Vec::new();
        let k = |s: &str, f: &mut Vec<Finding>| read_komi(s, f).map(|k| k.value);
        assert_eq!(k("6.50", &mut f), Some(6.5));
        assert_eq!(k(" 7.5 ", &mut f), Some(7.5));
        assert_eq!(k("0.50", &mut f), Some(0.5));
        assert_eq!(k("-4.5", &mut f), Some(-4.5));
        assert!(f.is_empty());
        assert_eq!(k("750", &mut f), Some(7.5));
        assert_eq!(k("375", &mut f), Some(7.5));
        assert_eq!(k("550", &mut f), Some(5.5));
        assert_eq!(f.len(), 3);
        assert!(f.iter().all(|x| x.code == codes::KOMI_NORMALISED));
        f.clear();
        assert_eq!(k("75.50", &mut f), Some(75.5));
        assert_eq!(k("6.3", &mut f), Some(6.3));
        assert_eq!(f.len(), 2);
        assert!(f.iter().all(|x| x.code == codes::KOMI_UNUSUAL));
        f.clear();
        assert_eq!(k("5 1/2", &mut f), None);
        assert_eq!(k("nan", &mut f), None);
        assert_eq!(f[0].code, codes::KOMI_INVALID);
    }

    #[test]
    fn sizes() {
        assert_eq!(read_size("19"), Ok((19, 19)));
        assert_eq!(read_size(" 19"), Ok((19, 19)));
        assert_eq!(read_size("19:13"), Ok((19, 13)));
        assert!(read_size("53").is_err());
        assert!(read_size("0").is_err());
        assert!(read_size("-10").is_err());
        assert!(read_size("x").is_err());
    }

    #[test]
    fn handicap() {
        let mut f = Vec::new();
        assert_eq!(read_handicap("0", &mut f), None);
        assert_eq!(read_handicap("1", &mut f), None);
        assert_eq!(read_handicap(" 4 ", &mut f), Some(4));
        assert_eq!(f.len(), 2);
    }
}
