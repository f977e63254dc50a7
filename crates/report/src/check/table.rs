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
    use crate::check::{BasisCounts, Folders};
    use crate::json::{ErrorReport, FileReport};
    use crate::testing::{file, fixture, plan};

    /// A 3x3 game of one black stone, every point Black's.
    const CENTRE: &str = "(;GM[1]FF[4]SZ[3]KM[0.5];B[bb];W[];B[])";

    /// The summary of these files, as `check` counts them.
    fn summary(files: &[FileReport]) -> Summary {
        let mut s = Summary::default();
        for f in files {
            s.counts.add_file(f);
        }
        s
    }

    fn text(s: &Summary, fail_on: &str) -> String {
        let mut out = Vec::new();
        write_summary_table(&mut out, s, 0.0, fail_on).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn unreadable(name: &str) -> FileReport {
        FileReport {
            file: name.to_owned(),
            encoding: None,
            error: Some(ErrorReport::new("io", "cannot read it")),
            games: Vec::new(),
        }
    }

    /// A row per ruleset in the order met, the first forbidden moves by reason (`·` for
    /// none), a line per ruleset that counted on more than the board as it stands, the errors
    /// by kind, the findings and the exit with what `--fail-on` asked.
    #[test]
    fn the_summary_has_a_row_per_ruleset_and_the_forbidden_moves_by_reason() {
        let both = plan("tt,pauli");
        let agrees = CENTRE.replace("KM[0.5]", "KM[0.5]RE[B+8.5]") + CENTRE;
        let resigned = CENTRE.replace("KM[0.5]", "KM[0.5]RE[W+R]") + CENTRE;
        let mut s = summary(&[
            file("a.sgf", agrees.as_bytes(), &both),
            file("b.sgf", b"nothing here", &both),
            file("c.sgf", resigned.as_bytes(), &both),
            file(
                "s.sgf",
                fixture("chinese/suicide_single_stone.sgf").as_bytes(),
                &both,
            ),
            unreadable("gone.sgf"),
        ]);
        (s.status, s.exit_code) = ("findings".to_owned(), 1);
        assert_eq!(
            text(&s, "forbidden,mismatch"),
            r#"Checked 5 file(s): 3 read, 2 unreadable, 0 skipped (not game records)
5 game(s): 5 replayed, 0 unreadable — in 0.00 s
┌──────────────┬───────┬───────┬───────────┬───────────────┬─────────────┬─────────┬───────────┬────────────────┬───────────┬──────────────────┬─────────────┐
│ ruleset      ┆ games ┆ legal ┆ forbidden ┆ result agrees ┆ within 1 pt ┆ differs ┆ undecided ┆ not comparable ┆ no result ┆ undecided points ┆ not counted │
╞══════════════╪═══════╪═══════╪═══════════╪═══════════════╪═════════════╪═════════╪═══════════╪════════════════╪═══════════╪══════════════════╪═════════════╡
│ tromp-taylor ┆     5 ┆     4 ┆         1 ┆             1 ┆           1 ┆       0 ┆         0 ┆              1 ┆         3 ┆                0 ┆           0 │
│ pauli        ┆     5 ┆     4 ┆         1 ┆             0 ┆           1 ┆       1 ┆         0 ┆              1 ┆         3 ┆                0 ┆           0 │
└──────────────┴───────┴───────┴───────────┴───────────────┴─────────────┴─────────┴───────────┴────────────────┴───────────┴──────────────────┴─────────────┘
First forbidden move, by reason:
┌────────────────────┬──────────────┬───────┐
│ reason             ┆ tromp-taylor ┆ pauli │
╞════════════════════╪══════════════╪═══════╡
│ suicide            ┆            · ┆     1 │
│ superko-positional ┆            1 ┆     · │
└────────────────────┴──────────────┴───────┘
pauli: games counted on an estimate 4, the board as it stands 1
Errors by kind: io 1, no-game-tree 1
Games with findings: 1 forbidden move, 1 result mismatch, 0 undecided, 0 uncertain; 1 parse error(s), 1 unreadable
Exit 1 (findings; --fail-on forbidden,mismatch)
"#
        );
    }

    /// With no game replayed there is no table at all, only the accounting of the files and
    /// their errors.
    #[test]
    fn a_run_that_replayed_nothing_has_no_table() {
        let mut s = summary(&[unreadable("gone.sgf")]);
        s.counts.add_skipped();
        (s.status, s.exit_code) = ("error".to_owned(), 2);
        assert_eq!(
            text(&s, "forbidden"),
            "Checked 2 file(s): 0 read, 1 unreadable, 1 skipped (not game records)
0 game(s): 0 replayed, 0 unreadable — in 0.00 s
Errors by kind: io 1
Games with findings: 0 forbidden move, 0 result mismatch, 0 undecided, 0 uncertain; 0 parse error(s), 1 unreadable
Exit 2 (error; --fail-on forbidden)
"
        );
    }

    /// Games `--rules recorded` chose no ruleset for have a row of their own, their number
    /// and nothing else, even when no game had a ruleset.
    #[test]
    fn games_with_no_ruleset_have_a_row_of_their_own() {
        let mut s = summary(&[file("n.sgf", CENTRE.as_bytes(), &plan("recorded"))]);
        s.status = "clean".to_owned();
        assert_eq!(
            text(&s, "mismatch"),
            "Checked 1 file(s): 1 read, 0 unreadable, 0 skipped (not game records)
1 game(s): 1 replayed, 0 unreadable — in 0.00 s
┌────────────┬───────┬───────┬───────────┬───────────────┬─────────────┬─────────┬───────────┬────────────────┬───────────┬──────────────────┬─────────────┐
│ ruleset    ┆ games ┆ legal ┆ forbidden ┆ result agrees ┆ within 1 pt ┆ differs ┆ undecided ┆ not comparable ┆ no result ┆ undecided points ┆ not counted │
╞════════════╪═══════╪═══════╪═══════════╪═══════════════╪═════════════╪═════════╪═══════════╪════════════════╪═══════════╪══════════════════╪═════════════╡
│ no ruleset ┆     1 ┆     · ┆         · ┆             · ┆           · ┆       · ┆         · ┆              · ┆         · ┆                · ┆           · │
└────────────┴───────┴───────┴───────────┴───────────────┴─────────────┴─────────┴───────────┴────────────────┴───────────┴──────────────────┴─────────────┘
Games with findings: 0 forbidden move, 0 result mismatch, 0 undecided, 0 uncertain; 0 parse error(s), 0 unreadable
Exit 0 (clean; --fail-on mismatch)
"
        );
    }

    /// A ruleset's basis line names each source it counted on with its number, and the
    /// uncertain estimates when there are some; a ruleset that counted every game on the
    /// board as it stands has none.
    #[test]
    fn a_basis_line_names_each_source_a_ruleset_counted_on() {
        let ruleset = |name: &str, basis: BasisCounts, uncertain: u64| RulesetSummary {
            ruleset: name.to_owned(),
            basis,
            uncertain,
            ..RulesetSummary::default()
        };
        let none = BasisCounts::default();
        let rulesets = [
            ruleset(
                "a",
                BasisCounts {
                    markup: 2,
                    none: 1,
                    ..none
                },
                0,
            ),
            ruleset("b", BasisCounts { user: 1, ..none }, 0),
            ruleset("c", BasisCounts { proved: 1, ..none }, 0),
            ruleset(
                "d",
                BasisCounts {
                    estimated: 3,
                    ..none
                },
                2,
            ),
            ruleset("e", BasisCounts { engine: 1, ..none }, 0),
            ruleset("f", BasisCounts { none: 4, ..none }, 0),
        ];
        let mut out = Vec::new();
        write_basis_lines(&mut out, &rulesets).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "a: games counted on the markup 2, the board as it stands 1
b: games counted on the user's stones 1
c: games counted on proofs only 1
d: games counted on an estimate 3; 2 of those estimates with a confidence below 0.5
e: games counted on an engine 1
"
        );
    }

    /// Only a ruleset some of whose differences have a likely cause gets the line naming it.
    #[test]
    fn only_differences_with_a_likely_cause_are_named() {
        let mut s = Summary::default();
        for (name, differs, explained) in [("chinese", 3, 1), ("pauli", 2, 0)] {
            let mut r = RulesetSummary {
                ruleset: name.to_owned(),
                games: differs,
                ..RulesetSummary::default()
            };
            r.result.differs = differs;
            r.result.differs_with_likely_cause = explained;
            s.counts.rulesets.push(r);
        }
        let text = text(&s, "mismatch");
        let lines: Vec<&str> = text.lines().filter(|l| l.contains("likely")).collect();
        assert_eq!(
            lines,
            [
                "chinese: 1 of the 3 difference(s) from the record have a likely cause: the \
                 handicap compensation (check.likely_cause)"
            ]
        );
    }

    /// `--by-folder`: a line per folder and ruleset, the folder's own figures on its first
    /// line only; games with no ruleset on a line of their own; a folder with no game a line
    /// of dots.
    #[test]
    fn the_folder_table_has_a_line_per_folder_and_ruleset() {
        let recorded = plan("recorded");
        let mut folders = Folders::new(&["corpus".to_owned()], 1);
        for (name, ru) in [
            ("corpus/a/x.sgf", "RU[Chinese]"),
            ("corpus/a/t.sgf", "RU[Tromp-Taylor]"),
            ("corpus/a/n.sgf", ""),
            ("corpus/b/n.sgf", ""),
        ] {
            let sgf = CENTRE.replace("KM[0.5]", &format!("KM[0.5]{ru}"));
            folders.add_file(&file(name, sgf.as_bytes(), &recorded));
        }
        folders.add_skipped("corpus/c/README.md");
        folders.add_file(&unreadable("corpus/c/gone.sgf"));
        let mut out = Vec::new();
        write_folder_table(&mut out, &folders.finish()).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "By folder:
┌──────────┬───────┬───────┬────────────┬──────────────┬──────────┬───────────┬───────────────┬─────────────┬─────────┬───────────┬────────────────┬───────────┬──────────────────┐
│ folder   ┆ files ┆ games ┆ unreadable ┆ ruleset      ┆ replayed ┆ forbidden ┆ result agrees ┆ within 1 pt ┆ differs ┆ undecided ┆ not comparable ┆ no result ┆ undecided points │
╞══════════╪═══════╪═══════╪════════════╪══════════════╪══════════╪═══════════╪═══════════════╪═════════════╪═════════╪═══════════╪════════════════╪═══════════╪══════════════════╡
│ corpus/a ┆     3 ┆     3 ┆          0 ┆ chinese      ┆        1 ┆         0 ┆             0 ┆           0 ┆       0 ┆         0 ┆              0 ┆         1 ┆                0 │
│          ┆       ┆       ┆            ┆ tromp-taylor ┆        1 ┆         0 ┆             0 ┆           0 ┆       0 ┆         0 ┆              0 ┆         1 ┆                0 │
│          ┆       ┆       ┆            ┆ no ruleset   ┆        1 ┆         · ┆             · ┆           · ┆       · ┆         · ┆              · ┆         · ┆                · │
│ corpus/b ┆     1 ┆     1 ┆          0 ┆ no ruleset   ┆        1 ┆         · ┆             · ┆           · ┆       · ┆         · ┆              · ┆         · ┆                · │
│ corpus/c ┆     2 ┆     0 ┆          1 ┆ ·            ┆        · ┆         · ┆             · ┆           · ┆       · ┆         · ┆              · ┆         · ┆                · │
└──────────┴───────┴───────┴────────────┴──────────────┴──────────┴───────────┴───────────────┴─────────────┴─────────┴───────────┴────────────────┴───────────┴──────────────────┘
"
        );
    }

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
