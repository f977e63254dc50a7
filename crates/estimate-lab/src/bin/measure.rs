//! Measures the estimator against the players' own end-of-game markup, markup ignored:
//! `cargo run --release -p estimate-lab --bin measure [-- DIR ...]`, by default over
//! `../shared/corpus/kgs/2017-*` (not used for fitting; see `fit`).
//!
//! Per game: the score under the ruleset the record's `RU` points to, counted once with the
//! markup's dead stones and once with the estimate's, and whether they are equal; per stone:
//! whether the estimate calls it dead exactly when the markup does. A game whose markup an
//! exact proof contradicts (a stone the markup keeps alive proved dead, or one it calls dead
//! proved alive, by the control test with its thorough budget) is reported apart: no
//! estimator that keeps the proofs can agree with such markup.
use analysis::DeadSource;
use estimate::{Basis, ChainVerdict, Options, Status, estimate};
use pauli_control::{Budgets, Verdict};
use rules_core::{Board, Outcome};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let shared = estimate_lab::shared();
    let dirs: Vec<_> = if args.is_empty() {
        ["2017-01", "2017-02", "2017-03"]
            .iter()
            .map(|m| shared.join("corpus/kgs").join(m))
            .collect()
    } else {
        args.iter().map(Into::into).collect()
    };
    let games = estimate_lab::labelled(&dirs);
    let by_markup_plan = estimate_lab::plan(DeadSource::Markup);
    let by_estimate_plan = estimate_lab::plan(DeadSource::Estimate);
    let options = Options::default();
    let thorough = pauli_control::Options::with_budgets(Budgets::thorough());
    let (mut equal, mut counted, mut contradicted) = (0, 0, 0);
    let (mut stones, mut stones_agree) = (0usize, 0usize);
    let mut times = Vec::new();
    let mut misses = Vec::new();
    let mut classes = [0usize; Miss::ALL.len()];
    // Seki calls: chains the estimate leaves in seki, and those of them the markup calls dead.
    let (mut seki_chains, mut seki_dead) = (0usize, 0usize);
    // Calibration: per band of the estimate's confidence, games and games scored right.
    const BANDS: [f64; 4] = [0.5, 0.8, 0.95, 1.01];
    let mut bands = [(0usize, 0usize); 4];
    for g in &games {
        let t = Instant::now();
        let e = estimate(&g.board, &g.prohibited, &options).expect("prohibited fit");
        times.push(t.elapsed().as_secs_f64() * 1e3);
        let dead = e.dead();
        for c in e.chains.iter().filter(|c| c.status == Status::Seki) {
            seki_chains += 1;
            seki_dead += usize::from(g.dead[c.stones[0].index()]);
        }
        let mut est = vec![false; g.board.len()];
        for p in &dead {
            est[p.index()] = true;
        }
        for p in g.board.topology().points() {
            if g.board.get(p).is_some() {
                stones += 1;
                stones_agree += usize::from(est[p.index()] == g.dead[p.index()]);
            }
        }
        // Both counts through the pipeline, as `gorules check` makes them: the markup's dead
        // stones, and the estimate's (the same estimate: same position, same options).
        let score = |plan: &analysis::Plan| {
            plan.replay_all(&g.record)
                .ok()
                .and_then(|mut runs| runs.pop())
                .and_then(|run| run.replayed.verdict.score)
                .map(|s| s.margin)
        };
        let by_markup = score(&by_markup_plan);
        let by_estimate = score(&by_estimate_plan);
        let is_counted = matches!(
            g.record.result.as_ref().map(|r| &r.outcome),
            Some(Outcome::Score { .. })
        );
        counted += usize::from(is_counted);
        let band = BANDS.iter().position(|&b| e.confidence() < b).unwrap_or(3);
        bands[band].0 += 1;
        bands[band].1 += usize::from(by_markup == by_estimate);
        if by_markup == by_estimate {
            equal += 1;
            continue;
        }
        // Does an exact proof contradict the markup where the estimate and it differ?
        let map = pauli_control::analyze(&g.board, &g.prohibited, &thorough).expect("fit");
        let proof_says_otherwise = e.chains.iter().any(|c| {
            let p = c.stones[0];
            let markup_dead = g.dead[p.index()];
            let opp = map.get(p).of(c.color.opp());
            (markup_dead && opp == Verdict::DoesNotControl)
                || (!markup_dead && opp == Verdict::Controls)
        });
        contradicted += usize::from(proof_says_otherwise);
        let wrong_chains: Vec<&ChainVerdict> = e
            .chains
            .iter()
            .filter(|c| (c.status == Status::Dead) != g.dead[c.stones[0].index()])
            .collect();
        let class = Miss::of(proof_says_otherwise, &wrong_chains, &g.board);
        classes[class as usize] += 1;
        let wrong: Vec<String> = wrong_chains
            .iter()
            .map(|c| {
                format!(
                    "{}{} {} ({}, {:.2})",
                    g.board.topology().sgf(c.stones[0]),
                    if c.stones.len() > 1 {
                        format!("+{}", c.stones.len() - 1)
                    } else {
                        String::new()
                    },
                    format!("{:?}", c.status).to_lowercase(),
                    if c.basis == Basis::Proved {
                        "proved"
                    } else {
                        "estimated"
                    },
                    c.confidence
                )
            })
            .collect();
        misses.push(format!(
            "{}: [{}] markup {:?}, estimate {:?}{}{}: {}",
            g.file.display(),
            class.tag(),
            by_markup,
            by_estimate,
            if is_counted {
                ""
            } else {
                " (not a counted result)"
            },
            if proof_says_otherwise {
                " [markup contradicted by a proof]"
            } else {
                ""
            },
            wrong.join(", ")
        ));
    }
    for m in &misses {
        println!("{m}");
    }
    let mut low = 0.0;
    for (b, (n, right)) in BANDS.iter().zip(bands) {
        println!(
            "confidence [{low:.2}, {:.2}): {n} game(s), score right in {right} ({:.1} %)",
            b.min(1.0),
            100.0 * right as f64 / n.max(1) as f64
        );
        low = *b;
    }
    times.sort_by(f64::total_cmp);
    let q = |f: f64| times[((times.len() - 1) as f64 * f) as usize];
    let n = games.len();
    println!(
        "{n} game(s) with markup ({counted} with a counted result): the estimate's score equals \
         the markup's in {equal} ({:.2} %); {contradicted} of the {} others have markup an exact \
         proof contradicts; without them {:.2} %",
        100.0 * equal as f64 / n as f64,
        n - equal,
        100.0 * equal as f64 / (n - contradicted) as f64
    );
    for (class, n) in Miss::ALL.iter().zip(classes) {
        println!(
            "games that differ, {}: {n} ({})",
            class.tag(),
            class.about()
        );
    }
    println!(
        "seki: {seki_chains} chain(s) left in seki by the estimate, {seki_dead} of them dead by \
         the markup"
    );
    println!(
        "stones: {stones_agree} of {stones} agree ({:.3} %); estimate (proofs included) median \
         {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        100.0 * stones_agree as f64 / stones as f64,
        q(0.5),
        q(0.99),
        q(1.0)
    );
}

/// Why a game's estimated count differs from the count of its markup, as far as the board
/// and the proofs tell (docs/estimator.md, "Can the goals be met?").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Miss {
    /// An exact proof (thorough budget) contradicts the markup somewhere: no estimator that
    /// keeps the proofs can agree.
    ProofContradictsMarkup,
    /// The same dead stones, another count: how the players marked teire and dame points.
    SameDeadStones,
    /// The only chains in dispute are chains of one or two stones in atari that the estimate
    /// calls dead and the markup leaves alive: stones the opponent can take at once, not
    /// marked by the players (their count, and the record's result, follow their marking).
    UnmarkedStonesInAtari,
    /// Anything else: a chain the estimator judged otherwise than the players (capturing
    /// races, eyes, sekis).
    Judgement,
}

impl Miss {
    const ALL: [Miss; 4] = [
        Miss::ProofContradictsMarkup,
        Miss::SameDeadStones,
        Miss::UnmarkedStonesInAtari,
        Miss::Judgement,
    ];

    fn of(proof_contradicts: bool, wrong: &[&ChainVerdict], board: &Board) -> Miss {
        let unmarked_in_atari = |c: &&ChainVerdict| {
            c.status == Status::Dead && c.stones.len() <= 2 && board.liberty_count(c.stones[0]) == 1
        };
        if proof_contradicts {
            Miss::ProofContradictsMarkup
        } else if wrong.is_empty() {
            Miss::SameDeadStones
        } else if wrong.iter().all(unmarked_in_atari) {
            Miss::UnmarkedStonesInAtari
        } else {
            Miss::Judgement
        }
    }

    fn tag(self) -> &'static str {
        match self {
            Miss::ProofContradictsMarkup => "proof contradicts markup",
            Miss::SameDeadStones => "same dead stones",
            Miss::UnmarkedStonesInAtari => "unmarked stones in atari",
            Miss::Judgement => "judgement",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Miss::ProofContradictsMarkup => "no estimator that keeps the proofs can agree",
            Miss::SameDeadStones => "the players' marking of teire and dame points",
            Miss::UnmarkedStonesInAtari => {
                "one or two stones in atari the players left unmarked; their count follows it"
            }
            Miss::Judgement => "the estimator judged a chain otherwise",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::Color;

    fn chain(board: &Board, sgf: &[&str], status: Status) -> ChainVerdict {
        ChainVerdict {
            stones: sgf
                .iter()
                .map(|s| board.topology().parse_sgf(s).unwrap())
                .collect(),
            color: Color::White,
            status,
            basis: Basis::Estimated,
            confidence: 0.99,
        }
    }

    /// A proof outranks everything; no chain in dispute is a marking of points; a stone in
    /// atari called dead is an unmarked one; a stone with two liberties, a big chain or a
    /// chain called alive is the estimator's judgement.
    #[test]
    fn each_miss_gets_the_class_the_board_gives_it() {
        let board = Board::from_diagram(&[
            "..O..", // ca: two liberties
            "XOX..", // bb: one liberty, ba
            ".X...", //
            ".....", //
            ".....",
        ])
        .unwrap();
        let in_atari = chain(&board, &["bb"], Status::Dead);
        let two_libs = chain(&board, &["ca"], Status::Dead);
        let alive = chain(&board, &["bb"], Status::Alive);
        assert_eq!(
            Miss::of(true, &[&in_atari], &board),
            Miss::ProofContradictsMarkup
        );
        assert_eq!(Miss::of(false, &[], &board), Miss::SameDeadStones);
        assert_eq!(
            Miss::of(false, &[&in_atari], &board),
            Miss::UnmarkedStonesInAtari
        );
        assert_eq!(
            Miss::of(false, &[&in_atari, &two_libs], &board),
            Miss::Judgement
        );
        assert_eq!(Miss::of(false, &[&alive], &board), Miss::Judgement);
        let three = chain(&board, &["bb", "ca", "aa"], Status::Dead);
        assert_eq!(Miss::of(false, &[&three], &board), Miss::Judgement);
    }
}
