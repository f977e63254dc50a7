//! Helpers shared by the fuzz targets: take a record through the pipeline under every
//! ruleset the way the `gorules` binary does (`replay`, `check`, `diff`), and check what must
//! always hold.
//!
//! A target fails (libFuzzer reports a crash) on a panic, a stack overflow, a time-out
//! (`-timeout`) or an allocation past `-rss_limit_mb` / `-malloc_limit_mb`.

use analysis::{Choice, DeadSource, GameAnalysis, Plan};
use rules_core::compare::{Side, compare_with_first};
use rules_core::{GameRecord, PointValue, Policy, ReplayOptions, Ruleset, SuperkoKind};

/// Every ruleset, with the options that change what is legal or counted.
#[must_use]
pub fn rulesets() -> Vec<Box<dyn Ruleset>> {
    vec![
        Box::new(tromp_taylor::TrompTaylor),
        Box::new(tromp_taylor::Logical),
        Box::new(chinese::Chinese::default()),
        Box::new(chinese::Chinese {
            suicide: chinese::SuicideRule::Allowed,
            ko: rules_core::KoRule::Simple,
            superko: SuperkoKind::Situational,
            compensation: chinese::Compensation::N,
            after_two_passes: chinese::AfterTwoPasses::Resume,
        }),
        Box::new(pauli::Pauli::default()),
        Box::new(pauli::Pauli {
            removal: pauli::RemovalPolicy::FirstOpportunity,
        }),
    ]
}

/// The pipeline's plan over every ruleset with `policy`: the record's markup as dead stones
/// when it has some, else none (the control test has a target of its own).
fn plan(record: &GameRecord, policy: Policy, komi: Option<f64>) -> Plan {
    let mut plan = Plan::new(rulesets().into_iter().map(Choice::Fixed).collect());
    plan.replay = ReplayOptions { policy, komi };
    plan.dead = if record.markup.is_empty() {
        DeadSource::None
    } else {
        DeadSource::Markup
    };
    plan
}

fn analyse(plan: &Plan, record: &GameRecord) -> GameAnalysis {
    match plan.analyse(1, record.clone()) {
        Ok(game) => game,
        Err(e) => panic!("no user points, yet {e}"),
    }
}

/// Takes `record` through the pipeline under every ruleset with `policy`, as `gorules check`
/// does (the report, serialised as JSON), then compares them as `gorules diff` does and
/// checks that every explanation adds up.
pub fn replay_everything(record: &GameRecord, policy: Policy, komi: Option<f64>) {
    let plan = plan(record, policy, komi);
    let game = analyse(&plan, record);
    // The same game through the pipeline again gives the same verdicts (determinism).
    let again = analyse(&plan, record);
    for (a, b) in again.runs.iter().zip(&game.runs) {
        assert_eq!(
            serde_json::to_string(&a.replayed.verdict).unwrap(),
            serde_json::to_string(&b.replayed.verdict).unwrap(),
            "two replays of one record under {} differ",
            b.id()
        );
    }
    // `check` / `replay`: the report and its JSON.
    let rep = report::json::game_report(again);
    let json = serde_json::to_string(&rep).expect("a report serialises");
    assert!(!json.is_empty());
    // `diff`: point values, comparisons.
    let values: Vec<Option<Vec<PointValue>>> = game.point_values();
    let sides: Vec<Side<'_>> = game
        .runs
        .iter()
        .zip(&values)
        .map(|(r, v)| Side::new(&r.replayed.verdict, v.as_deref()))
        .collect();
    let names = record.topology.point_names();
    // Each ruleset against the first, and the first four against each other's order too.
    for start in 0..sides.len().min(3) {
        let mut order: Vec<Side<'_>> = sides[start..].to_vec();
        order.extend_from_slice(&sides[..start]);
        match compare_with_first(&order, &names) {
            Ok(diffs) => {
                for d in diffs {
                    if let Some(count) = &d.count {
                        let sum: f64 = count.causes.iter().map(|c| c.effect).sum();
                        assert!(
                            (sum - count.difference).abs() < 1e-9,
                            "{} vs {}: causes sum to {sum}, margins differ by {}",
                            d.a,
                            d.b,
                            count.difference
                        );
                    }
                }
            }
            // `gorules diff` reports this as an error of the game ("a bug, never shown
            // as an explanation"): a finding for the fuzzer.
            Err(e) => panic!("compare: {e}"),
        }
    }
}

/// A small reader over fuzz bytes: each call takes what it needs, zeros when empty.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// Reads from `data`.
    #[must_use]
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// Whether nothing is left.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte (0 when none is left).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next two bytes as a little-endian number.
    pub fn u16(&mut self) -> u16 {
        u16::from(self.byte()) | (u16::from(self.byte()) << 8)
    }

    /// What is left.
    #[must_use]
    pub fn rest(self) -> &'a [u8] {
        self.data
    }
}

/// A board from fuzz bytes: a small graph ([`small_graph`]) when `graph`, else a grid whose
/// width and height are `side` of the next two bytes. `None` when the topology refuses it.
pub fn board_topology(
    r: &mut Bytes<'_>,
    graph: bool,
    side: impl Fn(u8) -> usize,
) -> Option<std::sync::Arc<rules_core::Topology>> {
    let t = if graph {
        small_graph(r)?
    } else {
        let (w, h) = (side(r.byte()), side(r.byte()));
        rules_core::Topology::grid(w, h).ok()?
    };
    Some(std::sync::Arc::new(t))
}

/// A small graph board from fuzz bytes: 1 to 12 points named `p0`…, an edge between two points
/// when its byte is a multiple of 3. `None` when the topology refuses it.
pub fn small_graph(r: &mut Bytes<'_>) -> Option<rules_core::Topology> {
    let n = 1 + usize::from(r.byte() % 12);
    let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if r.byte() % 3 == 0 {
                edges.push((names[i].clone(), names[j].clone()));
            }
        }
    }
    rules_core::Topology::graph(&names, &edges).ok()
}
