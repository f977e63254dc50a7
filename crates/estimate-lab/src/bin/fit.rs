//! Fits the estimator's model (`crates/estimate/model/chains.json`) from the players' own
//! end-of-game markup: `cargo run --release -p estimate-lab --bin fit [-- OUT.json]`.
//! With `--check` it writes nothing and fails when the shipped file is not what it would write
//! (`.ci/run` runs it, so the shipped weights stay reproducible); without `../shared` there is
//! nothing to fit on, and the check says so and passes.
//!
//! Fitting data: `../shared/training/kgs` (KGS April 2017) and `../shared/corpus/special/gnugo`
//! (GNU Go's scoring regressions), every game whose record carries markup. Not used here, so
//! that it can measure the model: `../shared/corpus/kgs/2017-*` (see `measure`).
//! Deterministic: the playouts' seed is the estimator's own, the fit is Newton's method.
use estimate::features::{NAMES, chain_features};
use estimate::position::{Position, Proved};
use estimate::{Model, Options, fit_logistic, sample};

/// The features the model reads.
const READ: [&str; 3] = [
    "own_chain",
    "own_chain_owner_first",
    "own_chain_opponent_first",
];
/// The L2 penalty on the weights.
const LAMBDA: f64 = 1.0;

/// The shipped model.
const SHIPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../estimate/model/chains.json");

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = args.iter().any(|a| a == "--check");
    let out = args
        .iter()
        .find(|a| *a != "--check")
        .cloned()
        .unwrap_or_else(|| SHIPPED.to_owned());
    let shared = estimate_lab::shared();
    let sources = ["training/kgs", "corpus/special/gnugo"];
    let dirs: Vec<_> = sources.iter().map(|s| shared.join(s)).collect();
    let games = estimate_lab::labelled(&dirs);
    if check && games.is_empty() {
        eprintln!(
            "fit --check: no labelled games under {} (no ../shared beside the repository): \
             nothing to check",
            shared.display()
        );
        return std::process::ExitCode::SUCCESS;
    }
    let options = Options::default();
    let index: Vec<usize> = READ
        .iter()
        .map(|r| NAMES.iter().position(|n| n == r).expect("a feature"))
        .collect();
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for g in &games {
        let map = pauli_control::analyze(&g.board, &g.prohibited, &options.control)
            .expect("prohibited locations of the same state");
        let pos = Position::new(&g.board, map.points());
        let sampled = sample(&pos, &options);
        for (ci, ch) in pos.chains.iter().enumerate() {
            if ch.proved != Proved::Open {
                continue;
            }
            let f = chain_features(&pos, &sampled.own, ci);
            xs.push(index.iter().map(|&i| f64::from(f[i])).collect::<Vec<f64>>());
            ys.push(g.dead[ch.stones[0] as usize]);
        }
    }
    let (weights, bias) = fit_logistic(&xs, &ys, LAMBDA);
    let dead = ys.iter().filter(|&&y| y).count();
    let model = Model {
        about: "P(dead) = logistic(bias + weights · features) for a chain the control test left \
                open; written by crates/estimate-lab/src/bin/fit.rs"
            .to_owned(),
        features: READ.iter().map(|s| (*s).to_owned()).collect(),
        weights,
        bias,
        fitted_on: serde_json::json!({
            "sources": sources,
            "games": games.len(),
            "open_chains": ys.len(),
            "dead_chains": dead,
            "l2_penalty": LAMBDA,
            "seed": options.seed,
            "playouts": options.playouts,
            "proof_budget": "quick",
        }),
    };
    let text = serde_json::to_string_pretty(&model).expect("serialisable") + "\n";
    if check {
        let shipped = std::fs::read_to_string(SHIPPED).unwrap_or_default();
        if shipped == text {
            eprintln!("fit --check: {SHIPPED} is what fit writes");
            return std::process::ExitCode::SUCCESS;
        }
        eprintln!(
            "fit --check: {SHIPPED} is not what fit writes (weights {:?}, bias {}): run \
             `cargo run --release -p estimate-lab --bin fit` and measure again",
            model.weights, model.bias
        );
        return std::process::ExitCode::FAILURE;
    }
    std::fs::write(&out, text).expect("writable model file");
    eprintln!(
        "{} game(s), {} open chain(s) ({dead} dead): weights {:?}, bias {:.4} → {out}",
        games.len(),
        ys.len(),
        model.weights,
        model.bias
    );
    std::process::ExitCode::SUCCESS
}
