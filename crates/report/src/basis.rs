//! What a count's dead stones rest on, in words: how many are the players' (markup), the
//! user's, proved by the control test, estimated, or an engine's; how sure the estimate is;
//! and the chains it was least sure of.

use rules_core::{ChainStatus, DeadBasis};

/// One line for a count's basis, e.g. "dead stones: 3 proved, 12 estimated; estimate
/// confidence 0.81; least sure: white chain at dd (4 stones) dead, 0.62".
#[must_use]
pub fn basis_line(b: &DeadBasis) -> String {
    let d = &b.dead;
    let parts: Vec<String> = [
        (d.markup, "from the markup"),
        (d.user, "named by the user"),
        (d.proved, "proved"),
        (d.estimated, "estimated"),
        (d.engine, "from the engine"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| format!("{n} {what}"))
    .collect();
    let mut line = if parts.is_empty() {
        "no dead stones".to_owned()
    } else {
        format!("dead stones: {}", parts.join(", "))
    };
    if b.unproved_chains > 0 {
        line.push_str(&format!(
            "; {} chain(s) decided without a proof",
            b.unproved_chains
        ));
    }
    if let Some(c) = b.confidence {
        line.push_str(&format!("; estimate confidence {c:.2}"));
    }
    if !b.least_sure.is_empty() {
        let doubts: Vec<String> = b
            .least_sure
            .iter()
            .map(|x| {
                format!(
                    "{} chain at {} ({} stone(s)) {}, {:.2}",
                    x.color.to_string().to_lowercase(),
                    x.chain,
                    x.stones,
                    status_word(x.status),
                    x.confidence
                )
            })
            .collect();
        line.push_str(&format!("; least sure: {}", doubts.join("; ")));
    }
    line
}

/// The status of a chain in words.
#[must_use]
pub fn status_word(s: ChainStatus) -> &'static str {
    match s {
        ChainStatus::Alive => "alive",
        ChainStatus::Seki => "in seki",
        ChainStatus::Dead => "dead",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::{Color, DeadByBasis, DoubtReport};

    #[test]
    fn a_basis_names_each_source_and_the_least_sure_chains() {
        let mut b = DeadBasis {
            dead: DeadByBasis {
                proved: 3,
                estimated: 12,
                ..DeadByBasis::default()
            },
            unproved_chains: 5,
            confidence: Some(0.812),
            least_sure: vec![DoubtReport {
                chain: "dd".to_owned(),
                stones: 4,
                color: Color::White,
                status: ChainStatus::Dead,
                confidence: 0.62,
            }],
        };
        assert_eq!(
            basis_line(&b),
            "dead stones: 3 proved, 12 estimated; 5 chain(s) decided without a proof; \
             estimate confidence 0.81; least sure: white chain at dd (4 stone(s)) dead, 0.62"
        );
        b = DeadBasis {
            dead: DeadByBasis {
                markup: 2,
                ..DeadByBasis::default()
            },
            ..DeadBasis::default()
        };
        assert_eq!(basis_line(&b), "dead stones: 2 from the markup");
    }
}
