//! The fitted part of the estimator: a logistic model that turns a chain's features into
//! the probability that the players would call it dead.
//!
//! The weights live in `model/chains.json`, written by `crates/estimate-lab/src/bin/fit.rs`
//! from the labelled positions in `../shared/training/` and `../shared/corpus/special/gnugo/`
//! (docs/estimator.md says how); the corpus's KGS 2017 games are kept for measuring. The file is read once, at
//! first use, and checked against [`features::NAMES`](crate::features::NAMES).

use crate::features::{COUNT, NAMES};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The model file compiled into the crate.
const BUILTIN: &str = include_str!("../model/chains.json");

/// A logistic model over some of the features.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Model {
    /// What the model is and how it was made (for people).
    pub about: String,
    /// The features it reads, by name.
    pub features: Vec<String>,
    /// One weight per feature read.
    pub weights: Vec<f64>,
    /// The intercept.
    pub bias: f64,
    /// How it was fitted: data, counts, seed, regularisation (for people and the docs).
    pub fitted_on: serde_json::Value,
}

/// Why a model file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// Not the JSON of a model.
    #[error("the model file is not a model: {0}")]
    Json(String),
    /// A feature the estimator does not compute.
    #[error("the model reads a feature the estimator does not compute: {0:?}")]
    UnknownFeature(String),
    /// As many weights as features, please.
    #[error("the model has {weights} weight(s) for {features} feature(s)")]
    Shape {
        /// Weights given.
        weights: usize,
        /// Features named.
        features: usize,
    },
}

/// A model ready to predict: the index of each feature it reads.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The model as read.
    pub model: Model,
    index: Vec<usize>,
}

impl Loaded {
    /// Reads and checks a model file.
    ///
    /// # Errors
    /// When it is not a model, names a feature we do not compute, or its weights and
    /// features do not pair up.
    pub fn from_json(text: &str) -> Result<Loaded, ModelError> {
        let model: Model =
            serde_json::from_str(text).map_err(|e| ModelError::Json(e.to_string()))?;
        if model.weights.len() != model.features.len() {
            return Err(ModelError::Shape {
                weights: model.weights.len(),
                features: model.features.len(),
            });
        }
        let index = model
            .features
            .iter()
            .map(|f| {
                NAMES
                    .iter()
                    .position(|n| n == f)
                    .ok_or_else(|| ModelError::UnknownFeature(f.clone()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Loaded { model, index })
    }

    /// The model compiled into the crate.
    ///
    /// # Panics
    /// Never for the file in the repository (a test loads it).
    #[must_use]
    pub fn builtin() -> &'static Loaded {
        static MODEL: OnceLock<Loaded> = OnceLock::new();
        MODEL.get_or_init(|| Loaded::from_json(BUILTIN).expect("model/chains.json is a model"))
    }

    /// The probability that a chain with these features is dead.
    #[must_use]
    pub fn p_dead(&self, x: &[f32; COUNT]) -> f64 {
        let z = self.model.bias
            + self
                .index
                .iter()
                .zip(&self.model.weights)
                .map(|(&i, w)| w * f64::from(x[i]))
                .sum::<f64>();
        1.0 / (1.0 + (-z).exp())
    }
}

/// Fits a logistic model `p = σ(w·x + b)` by Newton's method (iteratively reweighted least
/// squares) with an L2 penalty `lambda` on the weights (not the bias). Deterministic: no
/// random start, no sampling, so the same data always give the same model.
#[must_use]
pub fn fit_logistic(xs: &[Vec<f64>], ys: &[bool], lambda: f64) -> (Vec<f64>, f64) {
    let k = xs.first().map_or(0, Vec::len) + 1;
    let mut beta = vec![0.0; k];
    for _ in 0..50 {
        let mut grad = vec![0.0; k];
        let mut hess = vec![vec![0.0; k]; k];
        for (x, &y) in xs.iter().zip(ys) {
            let row: Vec<f64> = x.iter().copied().chain(std::iter::once(1.0)).collect();
            let z: f64 = row.iter().zip(&beta).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let r = f64::from(u8::from(y)) - p;
            let w = (p * (1.0 - p)).max(1e-9);
            for i in 0..k {
                grad[i] += r * row[i];
                for j in 0..k {
                    hess[i][j] += w * row[i] * row[j];
                }
            }
        }
        for i in 0..k - 1 {
            grad[i] -= lambda * beta[i];
            hess[i][i] += lambda;
        }
        let step = solve(hess, grad);
        let size: f64 = step.iter().map(|s| s.abs()).sum();
        for (b, s) in beta.iter_mut().zip(&step) {
            *b += s;
        }
        if size < 1e-10 {
            break;
        }
    }
    let bias = beta.pop().unwrap_or(0.0);
    (beta, bias)
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting (`a` is small and, with
/// the penalty, positive definite).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let piv = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, piv);
        b.swap(col, piv);
        let d = a[col][col];
        if d.abs() < 1e-300 {
            continue;
        }
        for row in col + 1..n {
            let f = a[row][col] / d;
            for j in col..n {
                a[row][j] -= f * a[col][j];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|j| a[i][j] * x[j]).sum();
        x[i] = if a[i][i].abs() < 1e-300 {
            0.0
        } else {
            (b[i] - s) / a[i][i]
        };
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::Rng;

    #[test]
    fn the_builtin_model_loads_and_reads_known_features() {
        let m = Loaded::builtin();
        assert!(!m.model.features.is_empty());
        assert_eq!(m.model.features.len(), m.model.weights.len());
        // A chain the playouts always lose is dead, one they always keep is alive.
        let mut x = [0.0f32; COUNT];
        for (i, n) in NAMES.iter().enumerate() {
            if n.starts_with("own_chain") {
                x[i] = -1.0;
            }
        }
        assert!(m.p_dead(&x) > 0.9);
        for v in &mut x {
            *v = -*v;
        }
        assert!(m.p_dead(&x) < 0.1);
    }

    #[test]
    fn a_model_naming_an_unknown_feature_or_misshapen_is_refused() {
        let bad = r#"{"about":"","features":["nope"],"weights":[1.0],"bias":0,"fitted_on":null}"#;
        assert_eq!(
            Loaded::from_json(bad).unwrap_err(),
            ModelError::UnknownFeature("nope".into())
        );
        let shape =
            r#"{"about":"","features":["own_chain"],"weights":[],"bias":0,"fitted_on":null}"#;
        assert!(matches!(
            Loaded::from_json(shape),
            Err(ModelError::Shape { .. })
        ));
        assert!(matches!(Loaded::from_json("{"), Err(ModelError::Json(_))));
    }

    #[test]
    fn logistic_fit_recovers_the_weights_that_made_the_data() {
        let mut rng = Rng::new(3);
        let (w, b) = ([2.0, -1.0], 0.5);
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        for _ in 0..20_000 {
            let x: Vec<f64> = (0..2)
                .map(|_| rng.below(2001) as f64 / 1000.0 - 1.0)
                .collect();
            let z = w[0] * x[0] + w[1] * x[1] + b;
            let p = 1.0 / (1.0 + (-z).exp());
            ys.push((rng.below(1_000_000) as f64) < p * 1e6);
            xs.push(x);
        }
        let (fw, fb) = fit_logistic(&xs, &ys, 1e-6);
        assert!(
            (fw[0] - 2.0).abs() < 0.15 && (fw[1] + 1.0).abs() < 0.15,
            "{fw:?}"
        );
        assert!((fb - 0.5).abs() < 0.1, "{fb}");
        assert_eq!(fit_logistic(&xs, &ys, 1e-6), (fw, fb), "deterministic");
    }
}
