//! Games on graph boards, in a small JSON format (specified in `docs/graph-format.md`).
//!
//! ```
//! let json = r#"{
//!   "points": ["a", "b", "c", "d"],
//!   "edges": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]],
//!   "setup": { "white": ["c"] },
//!   "komi": 0.5,
//!   "moves": ["B b", "W a", "B d", "W pass", "B pass"],
//!   "result": "B+3.5"
//! }"#;
//! let game = sgf_record::graph::read_graph_json(json).unwrap();
//! assert_eq!(game.topology.len(), 4);
//! assert_eq!(game.move_count(), 5);
//! assert_eq!(game.komi.as_ref().unwrap().value, 0.5);
//! ```

use crate::values;
use rules_core::{
    Action, Color, Finding, GameInfo, GameRecord, Komi, RecordedMove, Topology, TopologyError,
};
use serde::Deserialize;
use std::sync::Arc;

/// Why a graph game could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GraphError {
    /// Not JSON, or not the shape of the format (serde_json names line and column).
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// The points and edges do not make a board.
    #[error("board: {0}")]
    Board(#[from] TopologyError),
    /// A setup list names a point that does not exist.
    #[error("setup.{color}: no point is named {name:?}")]
    SetupPoint {
        /// `black`, `white` or `empty`.
        color: &'static str,
        /// The name.
        name: String,
    },
    /// A move that is not `"<B|W> <point|pass>"`, or names no point.
    #[error("moves[{index}] ({text:?}): {why}")]
    Move {
        /// 0-based index in `moves`.
        index: usize,
        /// The move as written.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// `first` is not `black` or `white`.
    #[error("first: {0:?} is not \"black\" or \"white\"")]
    First(String),
    /// More moves than the SGF reader's limit ([`crate::Limits::max_moves`]'s default).
    #[error("moves: {count} moves, more than the limit of {limit}")]
    TooManyMoves {
        /// Moves in the file.
        count: usize,
        /// The limit.
        limit: usize,
    },
}

/// The JSON document.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GraphGame {
    points: Vec<String>,
    #[serde(default)]
    edges: Vec<(String, String)>,
    #[serde(default)]
    setup: Setup,
    #[serde(default)]
    first: Option<String>,
    #[serde(default)]
    komi: Option<f64>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    info: GameInfo,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Setup {
    #[serde(default)]
    black: Vec<String>,
    #[serde(default)]
    white: Vec<String>,
    #[serde(default)]
    empty: Vec<String>,
}

/// Reads a graph-board game from its JSON text (docs/graph-format.md).
///
/// # Errors
/// [`GraphError`]: JSON errors carry line and column; the others name the field and entry.
pub fn read_graph_json(text: &str) -> Result<GameRecord, GraphError> {
    let g: GraphGame = serde_json::from_str(text)?;
    let limit = crate::Limits::default().max_moves;
    if g.moves.len() > limit {
        return Err(GraphError::TooManyMoves {
            count: g.moves.len(),
            limit,
        });
    }
    let edges: Vec<(&str, &str)> = g
        .edges
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let names: Vec<&str> = g.points.iter().map(String::as_str).collect();
    let topo = Arc::new(Topology::graph(&names, &edges)?);
    let mut rec = GameRecord::new(topo.clone());

    let mut edits = Vec::new();
    for (color, list, c) in [
        ("black", &g.setup.black, Some(Color::Black)),
        ("white", &g.setup.white, Some(Color::White)),
        ("empty", &g.setup.empty, None),
    ] {
        for name in list {
            let p = topo.parse_sgf(name).ok_or_else(|| GraphError::SetupPoint {
                color,
                name: name.clone(),
            })?;
            edits.push((p, c));
        }
    }
    if !edits.is_empty() {
        rec.actions.push(Action::Setup(edits));
    }
    if let Some(first) = &g.first {
        let c = Color::parse(first).ok_or_else(|| GraphError::First(first.clone()))?;
        rec.actions.push(Action::SetPlayer(c));
    }
    for (index, text) in g.moves.iter().enumerate() {
        let bad = |why: String| GraphError::Move {
            index,
            text: text.clone(),
            why,
        };
        let mut parts = text.split_whitespace();
        let (Some(c), Some(what), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(bad(
                "expected a colour and a point or \"pass\", e.g. \"B a\"".to_owned(),
            ));
        };
        let color = Color::parse(c).ok_or_else(|| bad(format!("{c:?} is not B or W")))?;
        let mv = if what.eq_ignore_ascii_case("pass") {
            RecordedMove::Pass
        } else {
            RecordedMove::Place(
                topo.parse_sgf(what)
                    .ok_or_else(|| bad(format!("no point is named {what:?}")))?,
            )
        };
        rec.actions.push(Action::Move { color, mv });
    }
    rec.komi = match g.komi {
        Some(value) if value.abs() > values::KOMI_MAX => {
            rec.warnings.push(Finding::new(
                crate::codes::KOMI_INVALID,
                format!(
                    "komi {value} is beyond ±{} points, more than any board can score; no komi \
                     is recorded",
                    values::KOMI_MAX
                ),
            ));
            None
        }
        other => other.map(|value| Komi {
            value,
            raw: value.to_string(),
        }),
    };
    if let Some(r) = g.result.filter(|r| !r.trim().is_empty()) {
        let r = values::parse_result(&r);
        let mut w: Vec<Finding> = Vec::new();
        values::result_findings(&r, &mut w);
        rec.warnings.extend(w);
        rec.result = Some(r);
    }
    rec.rules_counting = values::declared_counting(g.rules.as_deref());
    rec.rules = g.rules;
    rec.info = g.info;
    Ok(rec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_triangle() {
        let r = read_graph_json(
            r#"{"points":["x","y","z"],"edges":[["x","y"],["y","z"],["z","x"]],
                "setup":{"black":["x"]},"first":"white","moves":["W y","B pass","w pass"]}"#,
        )
        .unwrap();
        assert_eq!(r.topology.edge_count(), 3);
        assert_eq!(r.actions.len(), 5);
        assert_eq!(r.actions[1], Action::SetPlayer(Color::White));
    }

    #[test]
    fn declared_rules_get_their_counting_family() {
        let read = |rules: &str| {
            read_graph_json(&format!(r#"{{"points":["x","y"],"rules":"{rules}"}}"#))
                .unwrap()
                .rules_counting
        };
        assert_eq!(read("Japanese"), Some(rules_core::Counting::Territory));
        assert_eq!(read("Chinese"), Some(rules_core::Counting::Area));
        assert_eq!(read("house rules"), None);
    }

    #[test]
    fn errors_are_clear() {
        let e = read_graph_json("{\"points\": [\"a\",\n \"b\"], \"edgez\": []}").unwrap_err();
        let s = e.to_string();
        assert!(
            s.contains("unknown field `edgez`") && s.contains("line 2"),
            "{s}"
        );
        let e = read_graph_json(r#"{"points":["a"],"moves":["B q"]}"#).unwrap_err();
        assert_eq!(e.to_string(), "moves[0] (\"B q\"): no point is named \"q\"");
        let e = read_graph_json(r#"{"points":["a"],"edges":[["a","a"]]}"#).unwrap_err();
        assert!(e.to_string().starts_with("board: edge"), "{e}");
        let e = read_graph_json(r#"{"points":["a"],"setup":{"white":["b"]}}"#).unwrap_err();
        assert_eq!(e.to_string(), "setup.white: no point is named \"b\"");
        let e = read_graph_json(r#"{"points":["a"],"moves":["B"]}"#).unwrap_err();
        assert!(e.to_string().contains("expected a colour"), "{e}");
    }
}
