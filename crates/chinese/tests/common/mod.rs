//! A minimal SGF reader for the tests of this crate: one game tree, main line only, the
//! properties the reference games and `fixtures/chinese` use. The real reader is its own
//! crate; this one only lets the ruleset's tests run without it.
#![allow(dead_code)]

use rules_core::record::{Action, GameRecord, Komi, Outcome, RecordedMove, RecordedResult};
use rules_core::{Color, PerColor, Point, Topology};
use std::sync::Arc;

/// `(ident, values)` of every property of every node of the main line (the first variation
/// at every branch), in order; only the first game tree.
pub fn nodes(text: &str) -> Vec<Vec<(String, Vec<String>)>> {
    let mut out: Vec<Vec<(String, Vec<String>)>> = Vec::new();
    let mut chars = text.chars().peekable();
    let mut ident = String::new();
    let mut depth = 0usize;
    // After the first variation of a node closes, its siblings are skipped until the node's
    // own sequence closes (depth below the value held here).
    let mut skip: Option<usize> = None;
    while let Some(c) = chars.next() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                match skip {
                    Some(d) if depth >= d => {}
                    _ if depth == 0 => break,
                    _ => skip = Some(depth),
                }
            }
            ';' if skip.is_none() => out.push(Vec::new()),
            'A'..='Z' if skip.is_none() => ident.push(c),
            'a'..='z' => {} // FF[3] lower-case letters inside property names
            '[' => {
                let mut v = String::new();
                while let Some(d) = chars.next() {
                    match d {
                        '\\' => v.extend(chars.next()),
                        ']' => break,
                        _ => v.push(d),
                    }
                }
                if skip.is_some() {
                    continue;
                }
                let node = out.last_mut().expect("a property inside a node");
                if ident.is_empty() {
                    node.last_mut().expect("a value after an ident").1.push(v);
                } else {
                    node.push((std::mem::take(&mut ident), vec![v]));
                }
            }
            _ => {}
        }
    }
    out
}

pub fn record(text: &str) -> GameRecord {
    let nodes = nodes(text);
    let root = &nodes[0];
    let get = |id: &str| root.iter().find(|(i, _)| i == id).map(|(_, v)| v.clone());
    let sz = get("SZ").map_or("19".to_owned(), |v| v[0].clone());
    let (w, h) = match sz.split_once(':') {
        Some((a, b)) => (a.parse().unwrap(), b.parse().unwrap()),
        None => (sz.parse().unwrap(), sz.parse().unwrap()),
    };
    let topo = Arc::new(Topology::grid(w, h).unwrap());
    let mut rec = GameRecord::new(topo.clone());
    rec.result = get("RE").map(|v| {
        let raw = v[0].clone();
        let (who, margin) = raw.split_once('+').expect("results like B+3.5");
        let winner = Color::parse(who).unwrap();
        let outcome = match margin.parse::<f64>() {
            Ok(margin) => Outcome::Score { winner, margin },
            Err(_) => Outcome::Win {
                winner,
                reason: Some(margin.to_owned()),
            },
        };
        RecordedResult { raw, outcome }
    });
    rec.handicap = get("HA").map(|v| v[0].parse().unwrap());
    rec.komi = get("KM").map(|v| Komi {
        value: v[0].parse().unwrap(),
        raw: v[0].clone(),
    });
    for node in &nodes {
        let mut setup = Vec::new();
        for (id, values) in node {
            let color = match id.as_str() {
                "B" | "AB" => Some(Color::Black),
                "W" | "AW" => Some(Color::White),
                _ => None,
            };
            match id.as_str() {
                "AB" | "AW" => {
                    for v in values {
                        setup.push((topo.parse_sgf(v).unwrap(), color));
                    }
                }
                "B" | "W" => {
                    let v = &values[0];
                    let mv = if v.is_empty() || (v == "tt" && w <= 19 && h <= 19) {
                        RecordedMove::Pass
                    } else {
                        RecordedMove::Place(topo.parse_sgf(v).unwrap())
                    };
                    rec.actions.push(Action::Move {
                        color: color.unwrap(),
                        mv,
                    });
                }
                _ => {}
            }
        }
        if !setup.is_empty() {
            rec.actions.push(Action::Setup(setup));
        }
    }
    rec
}

/// The `TB`/`TW` points of the last node.
pub fn territory_markup(text: &str) -> PerColor<Vec<Point>> {
    let nodes = nodes(text);
    let rec = record(text);
    let last = nodes.last().unwrap();
    let points = |id: &str| -> Vec<Point> {
        last.iter()
            .filter(|(i, _)| i == id)
            .flat_map(|(_, v)| v.iter().map(|s| rec.topology.parse_sgf(s).unwrap()))
            .collect()
    };
    PerColor::new(points("TB"), points("TW"))
}
