//! The pipeline's facts in words: what planning a game noticed, how `RU` was read, the
//! usage error of a dead stone off the board, and rule 17's claims. These sentences name the
//! command-line flags a reader can change; the libraries below say facts only.

use analysis::claims::{ClaimsCheck, ClaimsOutcome};
use analysis::dead::{ClaimsFrom, PointError};
use analysis::engine::{Contradiction, EngineError};
use analysis::named::Marked;
use analysis::{NamedRules, PlanNote};
use pauli_control::{Claim, ClaimStatus};
use rules_core::{Ending, Finding, Point, Topology};
use ruleset_registry::{Declared, RecordedRules};

/// A note of planning, as a warning of the game.
#[must_use]
pub fn plan_note(note: &PlanNote) -> Finding {
    match note {
        PlanNote::NoMarkup => Finding::new(
            "no-markup",
            "--dead markup: the record has no end-of-game markup; no stone is dead",
        ),
        PlanNote::Rules(read) => recorded_rules(read),
    }
}

/// How `--rules recorded` chose a game's ruleset: from its `RU`, from what else the record
/// says, from `--default-rules`, or not at all.
#[must_use]
pub fn recorded_rules(read: &RecordedRules) -> Finding {
    let prefix = "--rules recorded";
    let declared = |d: &Declared| match d {
        Declared::Nothing => "the record declares no rules (no RU)".to_owned(),
        Declared::Unreadable { ru, error } => {
            format!("RU[{ru}] is not a rules name gorules reads ({error})")
        }
    };
    let message = match read {
        RecordedRules::Read { ru, how } => format!("{prefix}: RU[{ru}] read as {how}"),
        RecordedRules::Inferred {
            declared: d,
            clue,
            why,
            name,
            how,
        } => format!(
            "{prefix}: {}; {clue} names the {name} rules ({why}); read as {how}",
            declared(d)
        ),
        RecordedRules::Default {
            declared: d,
            text,
            how,
        } => format!(
            "{prefix}: {}, and nothing in it names them; the default rules {text:?} (--default-rules) \
             are used: {how}",
            declared(d)
        ),
        RecordedRules::None(d @ Declared::Nothing) => format!(
            "{prefix}: {}, and nothing in it names them (no server, komi or event of \
             docs/rule-names.md); no ruleset chosen",
            declared(d)
        ),
        RecordedRules::None(d) => format!(
            "{prefix}: {}, and nothing else in the record names them; no ruleset chosen",
            declared(d)
        ),
    };
    Finding::new(read.code(), message)
}

/// How a `--rules` entry that is a rules name or a KataGo rules string was read: the ruleset
/// it is played by, and what the mapping changes.
#[must_use]
pub fn named_rules(named: &NamedRules) -> Finding {
    Finding::new(
        "rules-named",
        format!("--rules {}: read as {}", named.text, named.how),
    )
}

/// The warning codes of a game for which `--rules recorded` decided no ruleset
/// ([`recorded_rules`] of `RecordedRules::None`): such a game counts on `check`'s "no
/// ruleset" line.
pub const NO_RULESET_CODES: [&str; 2] = ["rules-not-declared", "rules-unknown"];

/// How a ruleset's game ended, in a few words beside its count; `None` when its own end
/// rule ended it (consecutive passes), the usual case, said nothing of. A game that is not
/// over under a ruleset (the moves ran out, or the record's passes do not end it there: Pauli
/// rule 4) is said to be so.
#[must_use]
pub fn ending(e: Ending) -> Option<&'static str> {
    match e {
        Ending::Passes => None,
        Ending::Unfinished => Some("not over"),
        Ending::Resignation => Some("resigned"),
        Ending::Time => Some("on time"),
        Ending::Forfeit => Some("forfeit"),
        Ending::Stopped => Some("stopped"),
        Ending::Repetition => Some("repetition: no result"),
    }
}

/// How a ruleset's game ended, as a clause: "over (its end rule was met)", "not over (the
/// moves ran out before it ended)"…, for `diff`'s line on rulesets that end a game
/// differently.
#[must_use]
pub fn ending_clause(e: Ending) -> &'static str {
    match e {
        Ending::Passes => "over (its end rule, consecutive passes, was met)",
        Ending::Unfinished => "not over (the moves ran out before it ended)",
        Ending::Resignation => "not over by its end rule; the record says a player resigned",
        Ending::Time => "not over by its end rule; the record says a player lost on time",
        Ending::Forfeit => "not over by its end rule; the record says a player forfeited",
        Ending::Stopped => "stopped at a forbidden move",
        Ending::Repetition => "ended in a repetition, without a result (simple ko)",
    }
}

/// A point `--dead` names that is not on the game's board.
#[must_use]
pub fn dead_point(e: &PointError) -> String {
    let n = &e.name;
    match e.grid {
        Some((w, h)) => format!("--dead: {n:?} is not a point of this {w}x{h} board"),
        None => format!("--dead: {n:?} names no point of this graph board"),
    }
}

/// An outside engine that gave no dead stones (`--dead engine`): what went wrong, its command
/// line, and the last lines of its standard error.
#[must_use]
pub fn engine_error(e: &EngineError) -> String {
    let mut s = format!("--dead engine: {e}");
    if e.stderr.iter().any(|l| !l.trim().is_empty()) {
        s.push_str("; its last lines on stderr: ");
        s.push_str(&e.stderr.join(" | "));
    } else if !matches!(
        e.failure,
        analysis::engine::Failure::Board(_) | analysis::engine::Failure::Start { .. }
    ) {
        s.push_str("; it wrote nothing on stderr");
    }
    s
}

/// What the stones named by `--dead` marked beyond themselves on a final position: whole
/// chains (`dead-chain-marked`).
#[must_use]
pub fn marked(m: &Marked, topo: &Topology) -> Vec<Finding> {
    m.grown
        .iter()
        .map(|c| {
            Finding::new(
                "dead-chain-marked",
                format!(
                    "--dead {}: names a stone of a chain of {}; the whole chain is counted dead: {}",
                    labels(topo, &c.named),
                    c.chain.len(),
                    names(topo, &c.chain)
                ),
            )
        })
        .collect()
}

/// Where an outside engine contradicted the control test's proofs on a final position: the
/// proofs were counted (finding `engine-contradicts-proof`).
#[must_use]
pub fn engine_contradiction(c: &Contradiction, topo: &Topology) -> Finding {
    let mut parts = Vec::new();
    if !c.called_dead.is_empty() {
        parts.push(format!(
            "it calls dead {} stone(s) the control test proves alive, counted alive: {}",
            c.called_dead.len(),
            labels(topo, &c.called_dead)
        ));
    }
    if !c.left_alive.is_empty() {
        parts.push(format!(
            "it leaves on the board {} stone(s) the control test proves dead, counted dead: {}",
            c.left_alive.len(),
            labels(topo, &c.left_alive)
        ));
    }
    Finding::new(
        "engine-contradicts-proof",
        format!(
            "--dead engine: the engine contradicts Pauli's control test (rules 14–16): {}",
            parts.join("; ")
        ),
    )
}

/// Rule 17: the claims (the record's end-of-game markup, or the stones named by `--dead`:
/// stones claimed dead, points claimed neutral), checked against rule 14's control on the
/// final position. One finding with the totals, and one per claim a dispute would overturn
/// or that stays undecided; `claims-not-checked` when there is nothing to check.
#[must_use]
pub fn claims(check: &ClaimsCheck, topo: &Topology) -> Vec<Finding> {
    let from = match &check.from {
        ClaimsFrom::User => "--dead".to_owned(),
        ClaimsFrom::Markup(source) => format!("the record's markup ({source})"),
    };
    let report = match &check.outcome {
        ClaimsOutcome::NothingToCheck => {
            return vec![Finding::new(
                "claims-not-checked",
                "rule 17: there is no claim to check: the record has no end-of-game markup \
                 naming dead stones or neutral points, and --dead names no stone",
            )];
        }
        ClaimsOutcome::Failed(e) => {
            return vec![Finding::new(
                "claims-not-checked",
                format!("rule 17: the claims of {from} could not be checked: {e}"),
            )];
        }
        ClaimsOutcome::Checked(report) => report,
    };
    let count = |s: ClaimStatus| report.checks.iter().filter(|c| c.status == s).count();
    let mut out = vec![Finding::new(
        "claims-checked",
        format!(
            "rule 17: {} claim(s) from {from} checked against rule 14's control: {} upheld, \
             {} a dispute would overturn, {} undecided",
            report.checks.len(),
            count(ClaimStatus::Upheld),
            count(ClaimStatus::Overturned),
            count(ClaimStatus::Undecided),
        ),
    )];
    for c in &report.checks {
        let what = match c.claim {
            Claim::Dead { by, .. } => format!(
                "{by}'s claim that the {} stone(s) at {} are dead",
                c.covers.len(),
                names(topo, &c.covers)
            ),
            Claim::Neutral { by, point } => {
                format!("{by}'s claim that {} is neutral", topo.label(point))
            }
        };
        let d = &c.dispute;
        match c.status {
            ClaimStatus::Upheld => {}
            ClaimStatus::Overturned => out.push(Finding::new(
                "claim-overturned",
                format!(
                    "rule 17: {what} would be overturned: in the dispute {} proves on {} \
                     point(s) with {} moving first, and {} wins the dispute — and the game \
                     (reading A17)",
                    d.prover,
                    d.final_set.len().max(d.initial_set.len()),
                    d.refuter,
                    d.winner
                        .map_or_else(|| "nobody".to_owned(), |w| w.to_string())
                ),
            )),
            ClaimStatus::Undecided => out.push(Finding::new(
                "claim-undecided",
                format!(
                    "rule 17: {what}: the dispute at {} is not decided within the search \
                     budget",
                    topo.label(d.disputed)
                ),
            )),
        }
    }
    out
}

/// Every point of a list, by its label, separated by spaces.
fn labels(topo: &Topology, points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| topo.label(p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first eight points of a list, and how many more.
fn names(topo: &Topology, points: &[Point]) -> String {
    const SHOWN: usize = 8;
    let mut s: Vec<String> = points.iter().take(SHOWN).map(|&p| topo.label(p)).collect();
    if points.len() > SHOWN {
        s.push(format!("… ({} more)", points.len() - SHOWN));
    }
    s.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use analysis::dead::{DeadSource, GameDead};
    use pauli::{Pauli, Situation};
    use pauli_control::{ControlAssessor, Options};
    use rules_core::{Board, Color, GameRecord, GameState};

    /// The codes check's "no ruleset" line counts are those of the registry's `None`.
    #[test]
    fn no_ruleset_codes_are_the_registrys() {
        use ruleset_registry::{Declared, RecordedRules};
        let unreadable = Declared::Unreadable {
            ru: "x".to_owned(),
            error: rules_names::NameError::Empty,
        };
        assert_eq!(
            NO_RULESET_CODES,
            [
                RecordedRules::None(Declared::Nothing).code(),
                RecordedRules::None(unreadable).code()
            ]
        );
        assert_eq!(ending(Ending::Passes), None);
        assert_eq!(ending(Ending::Unfinished), Some("not over"));
    }

    /// A Pauli game on the position `rows`, Black to move.
    fn game(rows: &[&str]) -> Box<dyn GameState> {
        let situation = Situation {
            board: Board::from_diagram(rows).unwrap(),
            to_move: Color::Black,
            need: 2,
            temporarily_prohibited: Vec::new(),
            permanently_prohibited: Vec::new(),
        };
        Box::new(Pauli::default().game_from(situation).unwrap())
    }

    /// White's group lives with two eyes (`aa` and `ca`) whatever its length; Black's claim
    /// that it is dead would be overturned, and the finding names its stones, eight at most.
    #[test]
    fn an_overturned_claim_names_eight_of_its_stones_and_counts_the_rest() {
        let control = ControlAssessor::default();
        let message = |top: &str, second: &str| -> String {
            let rows = [top, second, "XXXXXXXXX", "........."];
            let state = game(&rows);
            let topo = state.board().topology().clone();
            let record = GameRecord::new(topo.clone());
            let estimates = analysis::Estimates::default();
            let assessors = analysis::dead::Assessors {
                control: &control,
                estimates: &estimates,
            };
            let dead = GameDead::choose(
                &DeadSource::Points(vec!["ba".to_owned()]),
                &record,
                assessors,
            )
            .unwrap();
            let check =
                analysis::claims::check(&dead, &record, state.as_ref(), &Options::default());
            let found = claims(&check, &topo);
            let codes: Vec<&str> = found.iter().map(|f| f.code.as_str()).collect();
            assert_eq!(codes, ["claims-checked", "claim-overturned"]);
            assert!(
                found[0].message.ends_with(
                    "1 claim(s) from --dead checked against rule 14's control: 0 upheld, 1 a \
                     dispute would overturn, 0 undecided"
                ),
                "{}",
                found[0].message
            );
            found[1].message.clone()
        };
        let eight = message(".O.OOX...", "OOOOOX...");
        assert!(
            eight.starts_with(
                "rule 17: Black's claim that the 8 stone(s) at B4 D4 E4 A3 B3 C3 D3 E3 are \
                 dead would be overturned"
            ),
            "{eight}"
        );
        let ten = message(".O.OOOX..", "OOOOOOX..");
        assert!(
            ten.starts_with(
                "rule 17: Black's claim that the 10 stone(s) at B4 D4 E4 F4 A3 B3 C3 D3 … (2 \
                 more) are dead would be overturned"
            ),
            "{ten}"
        );
    }

    #[test]
    fn recorded_rules_and_dead_points_are_said_with_their_flags() {
        let f = recorded_rules(&RecordedRules::None(Declared::Nothing));
        assert_eq!(f.code, "rules-not-declared");
        assert_eq!(
            f.message,
            "--rules recorded: the record declares no rules (no RU), and nothing in it names \
             them (no server, komi or event of docs/rule-names.md); no ruleset chosen"
        );
        let mahjong = Declared::Unreadable {
            ru: "Mah-jong".to_owned(),
            error: rules_names::NameError::Unknown("Mah-jong".to_owned()),
        };
        let f = recorded_rules(&RecordedRules::None(mahjong.clone()));
        assert_eq!(f.code, "rules-unknown");
        assert_eq!(
            f.message,
            "--rules recorded: RU[Mah-jong] is not a rules name gorules reads \
             (unknown rules name \"Mah-jong\"), and nothing else in the record names them; no \
             ruleset chosen"
        );
        let f = recorded_rules(&RecordedRules::Inferred {
            declared: mahjong,
            clue: "KM[7.5]".to_owned(),
            why: "7.5 is area counting's komi".to_owned(),
            name: "Chinese".to_owned(),
            how: "Chinese → chinese".to_owned(),
        });
        assert_eq!(
            (f.code.as_str(), f.message.as_str()),
            (
                "rules-inferred",
                "--rules recorded: RU[Mah-jong] is not a rules name gorules reads (unknown rules \
                 name \"Mah-jong\"); KM[7.5] names the Chinese rules (7.5 is area counting's \
                 komi); read as Chinese → chinese"
            )
        );
        let f = recorded_rules(&RecordedRules::Default {
            declared: Declared::Nothing,
            text: "aga".to_owned(),
            how: "AGA → chinese".to_owned(),
        });
        assert_eq!(f.code, "rules-default");
        assert!(
            f.message
                .contains("the default rules \"aga\" (--default-rules)")
        );
        let f = recorded_rules(&RecordedRules::Read {
            ru: "Japanese".to_owned(),
            how: "Japanese → pauli".to_owned(),
        });
        assert_eq!(
            (f.code.as_str(), f.message.as_str()),
            (
                "rules-recorded",
                "--rules recorded: RU[Japanese] read as Japanese → pauli"
            )
        );
        let grid = PointError {
            name: "Z9".to_owned(),
            grid: Some((9, 9)),
        };
        assert_eq!(
            dead_point(&grid),
            "--dead: \"Z9\" is not a point of this 9x9 board"
        );
        let graph = PointError {
            name: "q".to_owned(),
            grid: None,
        };
        assert_eq!(
            dead_point(&graph),
            "--dead: \"q\" names no point of this graph board"
        );
        assert_eq!(plan_note(&PlanNote::NoMarkup).code, "no-markup");
    }

    /// A chain marked from one named stone is said with the name as given and at most eight
    /// of its stones, so a big group's note stays one line.
    #[test]
    fn a_marked_chain_is_said_with_its_name_and_eight_stones_at_most() {
        let topo = rules_core::Topology::square(19).unwrap();
        let row: Vec<Point> = (0..10)
            .map(|x| topo.parse_sgf(&format!("{}a", (b'a' + x) as char)).unwrap())
            .collect();
        let m = Marked {
            dead: row.clone(),
            grown: vec![analysis::named::GrownChain {
                named: vec![row[3]],
                chain: row,
            }],
        };
        let found = marked(&m, &topo);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, "dead-chain-marked");
        assert_eq!(
            found[0].message,
            "--dead D19: names a stone of a chain of 10; the whole chain is counted dead: \
             A19 B19 C19 D19 E19 F19 G19 H19 … (2 more)"
        );
    }

    /// An engine's failure with its last lines on stderr; without any, that it wrote
    /// nothing — unless it never ran (the board could not be given to it, or it could not
    /// be started), when there is nothing to say about its stderr.
    #[test]
    fn an_engine_failure_says_what_its_stderr_held() {
        use analysis::engine::{BoardProblem, EngineError, Failure};
        let error = |failure: Failure, stderr: &[&str]| EngineError {
            engine: "gnugo --mode gtp".to_owned(),
            failure,
            stderr: stderr.iter().map(|l| (*l).to_owned()).collect(),
        };
        let exited = || Failure::Exited {
            command: "final_status_list dead".to_owned(),
        };
        assert_eq!(
            engine_error(&error(exited(), &["out of memory", "abort"])),
            "--dead engine: engine \"gnugo --mode gtp\": exited while answering \
             \"final_status_list dead\"; its last lines on stderr: out of memory | abort"
        );
        let silent = "--dead engine: engine \"gnugo --mode gtp\": exited while answering \
                      \"final_status_list dead\"; it wrote nothing on stderr";
        assert_eq!(engine_error(&error(exited(), &[])), silent);
        // Blank lines are nothing.
        assert_eq!(engine_error(&error(exited(), &[" ", ""])), silent);
        let board = error(Failure::Board(BoardProblem::NotGtp), &[]);
        assert!(
            engine_error(&board).ends_with("1 to 25 points a side"),
            "{}",
            engine_error(&board)
        );
        let start = Failure::Start {
            program: "gnugo".to_owned(),
            why: "not found".to_owned(),
        };
        assert!(engine_error(&error(start, &[])).ends_with("\"gnugo\": not found"));
    }

    /// Each way an engine contradicts the proofs is said only when it happened.
    #[test]
    fn an_engine_contradiction_says_each_side_that_happened() {
        let topo = Topology::square(9).unwrap();
        let at = |v: &str| topo.parse_sgf(v).unwrap();
        let said = |called_dead: Vec<Point>, left_alive: Vec<Point>| {
            let c = analysis::engine::Contradiction {
                called_dead,
                left_alive,
            };
            engine_contradiction(&c, &topo).message
        };
        let head = "--dead engine: the engine contradicts Pauli's control test (rules 14–16): ";
        let dead = "it calls dead 1 stone(s) the control test proves alive, counted alive: C3";
        let alive = "it leaves on the board 2 stone(s) the control test proves dead, counted \
                     dead: A1 B1";
        assert_eq!(said(vec![at("cg")], vec![]), format!("{head}{dead}"));
        assert_eq!(
            said(vec![], vec![at("ai"), at("bi")]),
            format!("{head}{alive}")
        );
        assert_eq!(
            said(vec![at("cg")], vec![at("ai"), at("bi")]),
            format!("{head}{dead}; {alive}")
        );
    }
}
