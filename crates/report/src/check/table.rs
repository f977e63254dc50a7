//! The summary of a `check` run as tables for people.

use super::{FolderSummary, RulesetSummary, Summary, UNCERTAIN_BELOW};
use comfy_table::{CellAlignment, ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};
use std::io::{self, Write};

/// The summary as tables for people; `elapsed` in seconds.
pub fn write_summary_table(
    out: &mut dyn Write,
    s: &Summary,
    elapsed: f64,
    fail_on: &str,
) -> io::Result<()> {
    let rate = if elapsed > 0.0 {
        format!(", {:.0} games/s", s.counts.games.replayed as f64 / elapsed)
    } else {
        String::new()
    };
    let shard = s
        .shard
        .as_ref()
        .map_or_else(String::new, |k| format!(" (shard {k})"));
    writeln!(
        out,
        "Checked {} file(s){shard}: {} read, {} unreadable, {} skipped (not game records)",
        s.counts.files.total,
        s.counts.files.read,
        s.counts.files.unreadable,
        s.counts.files.skipped
    )?;
    let failed = match s.counts.games.failed {
        0 => String::new(),
        n => format!(", {n} not counted (--dead engine failed)"),
    };
    writeln!(
        out,
        "{} game(s): {} replayed, {} unreadable{failed} — in {elapsed:.2} s{rate}",
        s.counts.games.total, s.counts.games.replayed, s.counts.games.unreadable
    )?;
    if !s.counts.rulesets.is_empty() || s.counts.no_ruleset > 0 {
        let heads: Vec<&str> = ["ruleset", "games", "legal", "forbidden"]
            .into_iter()
            .chain(RESULT_HEADS)
            .chain(["undecided points", "not counted"])
            .collect();
        let columns = heads.len();
        let mut t = table(heads);
        for r in &s.counts.rulesets {
            let mut row = vec![
                r.ruleset.clone(),
                r.games.to_string(),
                r.legal.to_string(),
                r.forbidden.to_string(),
            ];
            row.extend(result_cells(r));
            row.extend([r.undecided.to_string(), r.unscored.to_string()]);
            t.add_row(row);
        }
        if s.counts.no_ruleset > 0 {
            t.add_row(no_ruleset_row(s.counts.no_ruleset, columns));
        }
        right_align(&mut t, 1..columns);
        writeln!(out, "{t}")?;
        write_folder_table(out, &s.folders)?;
        for r in s
            .counts
            .rulesets
            .iter()
            .filter(|r| r.result.differs_with_likely_cause > 0)
        {
            writeln!(
                out,
                "{}: {} of the {} difference(s) from the record have a likely cause: the \
                 handicap compensation (check.likely_cause)",
                r.ruleset, r.result.differs_with_likely_cause, r.result.differs
            )?;
        }
        let mut reasons: Vec<&str> = s
            .counts
            .rulesets
            .iter()
            .flat_map(|r| r.forbidden_by_reason.keys().map(String::as_str))
            .collect();
        reasons.sort_unstable();
        reasons.dedup();
        if !reasons.is_empty() {
            writeln!(out, "First forbidden move, by reason:")?;
            let mut head = vec!["reason".to_owned()];
            head.extend(s.counts.rulesets.iter().map(|r| r.ruleset.clone()));
            let mut t = table(head);
            for reason in &reasons {
                let mut row = vec![(*reason).to_owned()];
                row.extend(s.counts.rulesets.iter().map(|r| {
                    r.forbidden_by_reason
                        .get(*reason)
                        .map_or_else(|| "·".to_owned(), u64::to_string)
                }));
                t.add_row(row);
            }
            right_align(&mut t, 1..1 + s.counts.rulesets.len());
            writeln!(out, "{t}")?;
        }
    }
    write_basis_lines(out, &s.counts.rulesets)?;
    if !s.counts.errors.is_empty() {
        let list: Vec<String> = s
            .counts
            .errors
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        writeln!(out, "Errors by kind: {}", list.join(", "))?;
    }
    let engine = match s.counts.findings.engine_error {
        0 => String::new(),
        n => format!(", {n} engine error(s)"),
    };
    writeln!(
        out,
        "Games with findings: {} forbidden move, {} result mismatch, {} undecided, {} \
         uncertain; {} parse error(s), {} unreadable{engine}",
        s.counts.findings.forbidden,
        s.counts.findings.mismatch,
        s.counts.findings.undecided,
        s.counts.findings.uncertain,
        s.counts.findings.parse_error,
        s.counts.findings.unreadable
    )?;
    writeln!(
        out,
        "Exit {} ({}; --fail-on {fail_on})",
        s.exit_code, s.status
    )
}

/// The summary's line for the games `--rules recorded` decided no ruleset for: their number,
/// nothing in the other columns.
fn no_ruleset_row(games: u64, columns: usize) -> Vec<String> {
    let mut row = vec!["no ruleset".to_owned(), games.to_string()];
    row.resize(columns, "·".to_owned());
    row
}

/// A line per ruleset whose counts rest on something besides the board as it stands: how
/// many rest on the markup, the user's stones, proofs only, the estimate or an engine.
fn write_basis_lines(out: &mut dyn Write, rulesets: &[RulesetSummary]) -> io::Result<()> {
    for r in rulesets {
        let b = &r.basis;
        if b.markup + b.user + b.proved + b.estimated + b.engine == 0 {
            continue;
        }
        let parts: Vec<String> = [
            (b.markup, "the markup"),
            (b.user, "the user's stones"),
            (b.proved, "proofs only"),
            (b.estimated, "an estimate"),
            (b.engine, "an engine"),
            (b.none, "the board as it stands"),
        ]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{what} {n}"))
        .collect();
        let uncertain = if r.uncertain > 0 {
            format!(
                "; {} of those estimates with a confidence below {UNCERTAIN_BELOW}",
                r.uncertain
            )
        } else {
            String::new()
        };
        writeln!(
            out,
            "{}: games counted on {}{uncertain}",
            r.ruleset,
            parts.join(", ")
        )?;
    }
    Ok(())
}

/// The heads of the result columns of both tables, in the order of [`result_cells`].
const RESULT_HEADS: [&str; 6] = [
    "result agrees",
    "within 1 pt",
    "differs",
    "undecided",
    "not comparable",
    "no result",
];

/// A ruleset's comparison with the records, as table cells (see [`RESULT_HEADS`]).
fn result_cells(r: &RulesetSummary) -> [String; 6] {
    let c = &r.result;
    [
        c.agrees,
        c.within_one,
        c.differs,
        c.undecided,
        c.not_comparable,
        c.no_result,
    ]
    .map(|n| n.to_string())
}

/// The `--by-folder` table: a line per folder and ruleset.
fn write_folder_table(out: &mut dyn Write, folders: &[FolderSummary]) -> io::Result<()> {
    if folders.is_empty() {
        return Ok(());
    }
    writeln!(out, "By folder:")?;
    // The folder's own columns, then the ruleset's.
    const FOLDER_HEADS: [&str; 4] = ["folder", "files", "games", "unreadable"];
    let heads: Vec<&str> = FOLDER_HEADS
        .into_iter()
        .chain(["ruleset", "replayed", "forbidden"])
        .chain(RESULT_HEADS)
        .chain(["undecided points"])
        .collect();
    let columns = heads.len();
    let mut t = table(heads);
    for f in folders {
        let head = |first: bool| -> Vec<String> {
            if first {
                vec![
                    f.folder.clone(),
                    f.counts.files.total.to_string(),
                    f.counts.games.total.to_string(),
                    (f.counts.files.unreadable + f.counts.games.unreadable).to_string(),
                ]
            } else {
                vec![String::new(); FOLDER_HEADS.len()]
            }
        };
        let no_ruleset = f.counts.no_ruleset;
        if f.counts.rulesets.is_empty() && no_ruleset == 0 {
            let mut row = head(true);
            row.extend(std::iter::repeat_n(
                "·".to_owned(),
                columns - FOLDER_HEADS.len(),
            ));
            t.add_row(row);
        }
        for (i, r) in f.counts.rulesets.iter().enumerate() {
            let mut row = head(i == 0);
            row.extend([
                r.ruleset.clone(),
                r.games.to_string(),
                r.forbidden.to_string(),
            ]);
            row.extend(result_cells(r));
            row.push(r.undecided.to_string());
            t.add_row(row);
        }
        // The folder's games `--rules recorded` chose no ruleset for: counted, never left out.
        if no_ruleset > 0 {
            let mut row = head(f.counts.rulesets.is_empty());
            row.extend(no_ruleset_row(no_ruleset, columns - FOLDER_HEADS.len()));
            t.add_row(row);
        }
    }
    // Numbers right, names (the folder, the ruleset) left.
    right_align(&mut t, 1..FOLDER_HEADS.len());
    right_align(&mut t, FOLDER_HEADS.len() + 1..columns);
    writeln!(out, "{t}")
}

/// A condensed table with these heads, as wide as its content.
fn table<T: Into<comfy_table::Cell>>(heads: Vec<T>) -> Table {
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(heads);
    t
}

fn right_align(t: &mut Table, cols: std::ops::Range<usize>) {
    for c in cols {
        if let Some(col) = t.column_mut(c) {
            col.set_cell_alignment(CellAlignment::Right);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_gives_a_rate_only_for_a_measured_time() {
        let mut s = Summary::default();
        s.counts.games.total = 10;
        s.counts.games.replayed = 10;
        let text = |elapsed: f64| {
            let mut out = Vec::new();
            write_summary_table(&mut out, &s, elapsed, "forbidden").unwrap();
            String::from_utf8(out).unwrap()
        };
        assert!(
            text(2.0).contains("10 replayed, 0 unreadable — in 2.00 s, 5 games/s\n"),
            "{}",
            text(2.0)
        );
        assert!(
            text(0.0).contains("10 replayed, 0 unreadable — in 0.00 s\n"),
            "{}",
            text(0.0)
        );
    }
}
