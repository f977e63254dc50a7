//! The counts of a `check` run: every input accounted for, by ruleset and by folder, with
//! the findings that decide the exit status.

use super::is_unreadable;
use crate::json::{ErrorReport, FileReport, GameEntry};
use rules_core::{CheckStatus, GameReport};
use serde::Serialize;
use std::collections::BTreeMap;

/// Every input accounted for, and what was found: the [`Counts`] of everything (in this
/// shard), and how the check ended.
#[derive(Debug, Default, Clone, Serialize, schemars::JsonSchema)]
pub struct Summary {
    /// The counts.
    #[serde(flatten)]
    pub counts: Counts,
    /// With `--by-folder`: the same counts for each folder, in the order of their names.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub folders: Vec<FolderSummary>,
    /// The shard checked (`K/N`), when one was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// What was found, by the rules of `--fail-on`: `clean`, `findings` or `error`.
    pub status: String,
    /// The exit code returned: 0, 1 or 2 as `status` says, or 0 with `--exit-zero`.
    pub exit_code: u8,
}

/// What a set of inputs held: the whole of them in [`Summary`], one folder's in
/// [`FolderSummary`]. `files = read + unreadable + skipped`; `games = replayed + unreadable +
/// failed` (games of files that were read).
#[derive(Debug, Default, Clone, Serialize, schemars::JsonSchema)]
pub struct Counts {
    /// Files and archive members met (in this shard, when one was asked for).
    pub files: FileCounts,
    /// Games met in the files that were read.
    pub games: GameCounts,
    /// Errors by kind, files and games together.
    pub errors: BTreeMap<String, u64>,
    /// Per ruleset, in the order met.
    pub rulesets: Vec<RulesetSummary>,
    /// Games for which `--rules recorded` decided no ruleset: no readable `RU`, nothing in
    /// the record to infer the rules from, no `--default-rules` (their warning is
    /// `rules-not-declared` or `rules-unknown`). With `--rules recorded` alone, these and the
    /// ruleset rows' games add up to the games replayed.
    pub no_ruleset: u64,
    /// Games with at least one finding of each kind (any ruleset).
    pub findings: FindingCounts,
}

/// Files and archive members.
#[derive(Debug, Default, Clone, Copy, Serialize, schemars::JsonSchema)]
pub struct FileCounts {
    /// All of them: `read + unreadable + skipped`.
    pub total: u64,
    /// Read (some of their games may still be unreadable).
    pub read: u64,
    /// Could not be read or parsed at all.
    pub unreadable: u64,
    /// Not game records (by name), not read.
    pub skipped: u64,
}

/// Games.
#[derive(Debug, Default, Clone, Copy, Serialize, schemars::JsonSchema)]
pub struct GameCounts {
    /// All games found: `replayed + unreadable + failed`.
    pub total: u64,
    /// Replayed under the rulesets.
    pub replayed: u64,
    /// Could not be read.
    pub unreadable: u64,
    /// Read, but not counted: the outside engine of `--dead engine` failed on them (errors
    /// of kind [`ENGINE_KIND`]). Absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub failed: u64,
}

/// The error kind of a game whose outside engine (`--dead engine`) failed.
pub const ENGINE_KIND: &str = "engine";

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Games with findings, over all rulesets.
#[derive(Debug, Default, Clone, Copy, Serialize, schemars::JsonSchema)]
pub struct FindingCounts {
    /// Games where some ruleset forbids a move.
    pub forbidden: u64,
    /// Games where some ruleset's count differs from the recorded result.
    pub mismatch: u64,
    /// Games where some ruleset's count leaves points undecided.
    pub undecided: u64,
    /// Games where some ruleset's count rests on an estimate less sure than
    /// [`UNCERTAIN_BELOW`].
    pub uncertain: u64,
    /// Files and games that could not be parsed (unreadable input not included).
    pub parse_error: u64,
    /// Files that could not be read at all.
    pub unreadable: u64,
    /// Games whose outside engine (`--dead engine`) failed: it could not be started, crashed,
    /// hung past `--engine-timeout` or answered nonsense. Absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub engine_error: u64,
}

/// One ruleset's figures.
#[derive(Debug, Default, Clone, Serialize, schemars::JsonSchema)]
pub struct RulesetSummary {
    /// Ruleset id.
    pub ruleset: String,
    /// Games replayed under it.
    pub games: u64,
    /// Games where every move was legal.
    pub legal: u64,
    /// Games with a forbidden move.
    pub forbidden: u64,
    /// Games by the reason of their first forbidden move.
    pub forbidden_by_reason: BTreeMap<String, u64>,
    /// The comparison with the recorded result.
    pub result: ResultCounts,
    /// Games whose count leaves some points undecided.
    pub undecided: u64,
    /// Games that could not be counted (`score_error`).
    pub unscored: u64,
    /// Counted games by what their dead stones rest on.
    pub basis: BasisCounts,
    /// Counted games whose count rests on an estimate less sure than [`UNCERTAIN_BELOW`].
    pub uncertain: u64,
}

/// An estimate's confidence (the probability that every chain it decided is right) below
/// which its count is `uncertain` (a finding under `--fail-on uncertain`): the count is then
/// more likely wrong somewhere than right everywhere.
pub const UNCERTAIN_BELOW: f64 = 0.5;

/// Counted games by what their dead stones rest on: the least exact source in the count.
#[derive(Debug, Default, Clone, Copy, Serialize, schemars::JsonSchema)]
pub struct BasisCounts {
    /// The record's markup (the players' agreement).
    pub markup: u64,
    /// Stones the user named.
    pub user: u64,
    /// Proofs only (the control test), nothing estimated.
    pub proved: u64,
    /// Some chain decided by the built-in estimator.
    pub estimated: u64,
    /// Some chain decided by an outside engine.
    pub engine: u64,
    /// No dead stone and nothing estimated: the board as it stands.
    pub none: u64,
}

impl BasisCounts {
    /// Counts one score.
    fn add(&mut self, score: &rules_core::ScoreBreakdown) {
        use rules_core::AssessmentSource as S;
        let estimated = score
            .dead_basis
            .as_ref()
            .is_some_and(rules_core::DeadBasis::is_estimated);
        let slot = match score.assessment {
            _ if score.dead_basis.is_none() => &mut self.none,
            S::Estimate if estimated => &mut self.estimated,
            S::Engine if estimated => &mut self.engine,
            S::Estimate | S::Engine | S::Proved => &mut self.proved,
            S::Markup => &mut self.markup,
            S::User => &mut self.user,
            S::None => &mut self.none,
        };
        *slot += 1;
    }
}

/// The confidence of the estimate a count rests on, when it is below [`UNCERTAIN_BELOW`].
#[must_use]
pub fn uncertain(score: &rules_core::ScoreBreakdown) -> Option<f64> {
    score
        .dead_basis
        .as_ref()
        .and_then(|b| b.confidence)
        .filter(|&c| c < UNCERTAIN_BELOW)
}

/// Games by the status of the comparison with the recorded result.
#[derive(Debug, Default, Clone, Copy, Serialize, schemars::JsonSchema)]
pub struct ResultCounts {
    /// Same winner and margin.
    pub agrees: u64,
    /// Counts, as they stand, at most one point from the recorded margin
    /// (`check.margin_difference`), agreements included, whatever the status.
    pub within_one: u64,
    /// A different winner or margin: a result mismatch.
    pub differs: u64,
    /// Of `differs`, those whose check names a likely cause (`check.likely_cause`: the
    /// handicap compensation).
    pub differs_with_likely_cause: u64,
    /// The count as it stands differs, but the recorded result is one the undecided points
    /// allow: no mismatch is proved.
    pub undecided: u64,
    /// Not comparable (resignation, time, another counting family, a stopped replay).
    pub not_comparable: u64,
    /// The record has no result.
    pub no_result: u64,
}

/// One folder's figures (`--by-folder`): the counts of the whole summary, for the files below
/// one folder.
#[derive(Debug, Default, Clone, Serialize, schemars::JsonSchema)]
pub struct FolderSummary {
    /// The folder: a directory named on the command line followed by the first `DEPTH`
    /// folders of a file's path below it (the directory alone for the files directly in it;
    /// an archive's members as `name.zip!folder`), or for a file named on its own or matched
    /// by a pattern, the folder it is in (`.` for none).
    pub folder: String,
    /// Its counts.
    #[serde(flatten)]
    pub counts: Counts,
}

/// The per-folder summaries of `--by-folder`, built beside the whole one.
pub struct Folders {
    roots: Vec<String>,
    depth: usize,
    by: BTreeMap<String, Counts>,
}

impl Folders {
    /// Groups the files below the inputs `roots` (the command line's paths) by their first
    /// `depth` folders (`--by-folder` refuses 0).
    pub fn new(roots: &[String], depth: usize) -> Folders {
        Folders {
            roots: roots.to_vec(),
            depth,
            by: BTreeMap::new(),
        }
    }

    /// The folder of a file or member name (see [`FolderSummary::folder`]).
    pub fn folder_of(&self, name: &str) -> String {
        let root = self
            .roots
            .iter()
            .map(|r| r.trim_end_matches('/'))
            .filter(|r| {
                !r.is_empty()
                    && name.len() > r.len() + 1
                    && name.starts_with(r)
                    && matches!(name.as_bytes()[r.len()], b'/' | b'!')
            })
            .max_by_key(|r| r.len());
        // The folders of a path, an archive counting as one (`name.zip!`).
        let folders = |path: &str| -> Vec<String> {
            let path = path.replace('!', "!/");
            let mut parts: Vec<String> = path.split('/').map(str::to_owned).collect();
            parts.pop();
            parts.retain(|p| !p.is_empty() && p != ".");
            parts
        };
        let joined = |parts: Vec<String>| parts.join("/").replace("!/", "!");
        match root {
            Some(r) => {
                let mut parts = folders(&name[r.len() + 1..]);
                parts.truncate(self.depth);
                if parts.is_empty() {
                    r.to_owned()
                } else {
                    let sep = char::from(name.as_bytes()[r.len()]);
                    format!("{r}{sep}{}", joined(parts))
                }
            }
            None => {
                let parts = folders(name);
                if parts.is_empty() {
                    ".".to_owned()
                } else {
                    joined(parts)
                }
            }
        }
    }

    /// Counts a skipped file.
    pub fn add_skipped(&mut self, name: &str) {
        self.by
            .entry(self.folder_of(name))
            .or_default()
            .add_skipped();
    }

    /// Counts one file's report.
    pub fn add_file(&mut self, f: &FileReport) {
        let key = self.folder_of(&f.file);
        self.by.entry(key).or_default().count(f);
    }

    /// The summaries, by folder name.
    pub fn finish(self) -> Vec<FolderSummary> {
        self.by
            .into_iter()
            .map(|(folder, counts)| FolderSummary { folder, counts })
            .collect()
    }
}

/// One problem worth a line in the table: where, and what.
pub struct Problem {
    /// File and game.
    pub place: String,
    /// What.
    pub what: String,
}

impl Counts {
    fn ruleset(&mut self, id: &str) -> &mut RulesetSummary {
        if let Some(i) = self.rulesets.iter().position(|r| r.ruleset == id) {
            return &mut self.rulesets[i];
        }
        self.rulesets.push(RulesetSummary {
            ruleset: id.to_owned(),
            ..RulesetSummary::default()
        });
        self.rulesets.last_mut().expect("just pushed")
    }

    fn error(&mut self, e: &ErrorReport) {
        *self.errors.entry(e.kind.clone()).or_default() += 1;
        if e.kind == ENGINE_KIND {
            self.findings.engine_error += 1;
        } else if is_unreadable(&e.kind) {
            self.findings.unreadable += 1;
        } else {
            self.findings.parse_error += 1;
        }
    }

    /// Counts a skipped file.
    pub fn add_skipped(&mut self) {
        self.files.total += 1;
        self.files.skipped += 1;
    }

    /// Counts one file's report; returns the problems worth a line in the table.
    pub fn add_file(&mut self, f: &FileReport) -> Vec<Problem> {
        let mut problems = Problems(Some(Vec::new()));
        self.count_file(f, &mut problems);
        problems.0.unwrap_or_default()
    }

    /// Counts one file's report, without the words of its problems.
    pub fn count(&mut self, f: &FileReport) {
        self.count_file(f, &mut Problems(None));
    }

    fn count_file(&mut self, f: &FileReport, problems: &mut Problems) {
        self.files.total += 1;
        if let Some(e) = &f.error {
            self.files.unreadable += 1;
            self.error(e);
            problems.push(|| Problem {
                place: f.file.clone(),
                what: format!("error [{}]: {}", e.kind, e.message),
            });
            return;
        }
        self.files.read += 1;
        for g in &f.games {
            self.games.total += 1;
            match g {
                GameEntry::Error { game, error } => {
                    if error.kind == ENGINE_KIND {
                        self.games.failed += 1;
                    } else {
                        self.games.unreadable += 1;
                    }
                    self.error(error);
                    problems.push(|| Problem {
                        place: format!("{} game {game}", f.file),
                        what: format!("error [{}]: {}", error.kind, error.message),
                    });
                }
                GameEntry::Report(r) => {
                    self.games.replayed += 1;
                    self.add_game(&f.file, r, problems);
                }
            }
        }
    }

    fn add_game(&mut self, file: &str, r: &GameReport, problems: &mut Problems) {
        let (mut forbidden, mut mismatch, mut undecided, mut uncertain) =
            (false, false, false, false);
        let place = || format!("{file} game {}", r.game);
        if let Some(w) = r
            .warnings
            .iter()
            .find(|w| crate::words::NO_RULESET_CODES.contains(&w.code.as_str()))
        {
            self.no_ruleset += 1;
            problems.push(|| Problem {
                place: place(),
                what: format!("no ruleset: {}", w.message),
            });
        }
        for v in &r.verdicts {
            let s = self.ruleset(&v.ruleset);
            s.games += 1;
            if v.legal {
                s.legal += 1;
            } else {
                s.forbidden += 1;
                forbidden = true;
            }
            if let Some(f) = &v.first_forbidden {
                *s.forbidden_by_reason
                    .entry(f.reason.code().to_owned())
                    .or_default() += 1;
                problems.push(|| {
                    let at = f
                        .gtp
                        .clone()
                        .or_else(|| f.point.clone())
                        .unwrap_or_else(|| "pass".to_owned());
                    Problem {
                        place: place(),
                        what: format!(
                            "{}: move {} ({} {at}) is forbidden: {} — {}",
                            v.ruleset,
                            f.move_number,
                            f.color.letter(),
                            f.reason,
                            f.rule
                        ),
                    }
                });
            }
            s.result.within_one += u64::from(v.check.within_one_point());
            match v.check.status {
                CheckStatus::Agrees => s.result.agrees += 1,
                CheckStatus::Differs => {
                    s.result.differs += 1;
                    if v.check.likely_cause.is_some() {
                        s.result.differs_with_likely_cause += 1;
                    }
                    mismatch = true;
                    problems.push(|| Problem {
                        place: place(),
                        what: format!("{}: {}", v.ruleset, v.check.detail),
                    });
                }
                CheckStatus::Undecided => s.result.undecided += 1,
                CheckStatus::NotComparable => s.result.not_comparable += 1,
                CheckStatus::NoResult => s.result.no_result += 1,
            }
            if let Some(score) = &v.score {
                s.basis.add(score);
                if let Some(confidence) = self::uncertain(score) {
                    s.uncertain += 1;
                    uncertain = true;
                    problems.push(|| Problem {
                        place: place(),
                        what: format!(
                            "{}: the count rests on an estimate of confidence {confidence:.2}, \
                             below {UNCERTAIN_BELOW}",
                            v.ruleset,
                        ),
                    });
                }
            }
            match &v.score {
                Some(score) if score.undecided > 0 => {
                    s.undecided += 1;
                    undecided = true;
                    problems.push(|| Problem {
                        place: place(),
                        what: format!(
                            "{}: {} point(s) undecided in the count",
                            v.ruleset, score.undecided
                        ),
                    });
                }
                Some(_) => {}
                None => s.unscored += 1,
            }
            if let Some(what) = crate::json::no_count_line(v) {
                problems.push(|| Problem {
                    place: place(),
                    what,
                });
            }
        }
        self.findings.forbidden += u64::from(forbidden);
        self.findings.mismatch += u64::from(mismatch);
        self.findings.undecided += u64::from(undecided);
        self.findings.uncertain += u64::from(uncertain);
    }
}

/// Where problem lines go: nowhere (their words are not made) or into a list.
struct Problems(Option<Vec<Problem>>);

impl Problems {
    fn push(&mut self, problem: impl FnOnce() -> Problem) {
        if let Some(list) = &mut self.0 {
            list.push(problem());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::write_summary_table;

    /// A game whose outside engine failed is counted apart: read, not counted, an engine
    /// error; the games before and after it are counted as usual.
    #[test]
    fn a_game_whose_engine_failed_is_counted_apart() {
        use crate::json::{ErrorReport, FileReport, GameEntry};
        let entry = |kind: &str, game| GameEntry::Error {
            game,
            error: ErrorReport::new(kind, "…"),
        };
        let file = FileReport {
            file: "a.sgf".to_owned(),
            encoding: None,
            error: None,
            games: vec![entry(super::ENGINE_KIND, 1), entry("syntax", 2)],
        };
        let mut s = Summary::default();
        let problems = s.counts.add_file(&file);
        assert_eq!(problems.len(), 2);
        let g = s.counts.games;
        assert_eq!((g.total, g.replayed, g.unreadable, g.failed), (2, 0, 1, 1));
        let f = s.counts.findings;
        assert_eq!((f.engine_error, f.parse_error), (1, 1));
        assert_eq!(s.counts.errors.get("engine"), Some(&1));
        let mut out = Vec::new();
        write_summary_table(&mut out, &s, 0.0, "forbidden").unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains(
                "2 game(s): 0 replayed, 1 unreadable, 1 not counted (--dead engine failed)"
            ),
            "{text}"
        );
        assert!(
            text.contains("1 parse error(s), 0 unreadable, 1 engine error(s)\n"),
            "{text}"
        );
        // Absent from the JSON when nothing failed.
        let json = serde_json::to_value(Summary::default().counts).unwrap();
        assert!(json["games"].get("failed").is_none());
        assert!(json["findings"].get("engine_error").is_none());
    }

    #[test]
    fn a_file_belongs_to_the_folders_below_the_input_it_came_from() {
        let roots = [
            "corpus/".to_owned(),
            "corpus/kgs".to_owned(),
            "a.zip".to_owned(),
        ];
        let one = Folders::new(&roots, 1);
        let two = Folders::new(&roots, 2);
        // The longest input that is a folder of the name wins.
        assert_eq!(one.folder_of("corpus/ogs/9x9/1.sgf"), "corpus/ogs");
        assert_eq!(two.folder_of("corpus/ogs/9x9/1.sgf"), "corpus/ogs/9x9");
        assert_eq!(one.folder_of("corpus/kgs/2001/x.sgf"), "corpus/kgs/2001");
        // Directly in an input: the input.
        assert_eq!(one.folder_of("corpus/MANIFEST.md"), "corpus");
        // An archive is a folder; members are grouped below it.
        assert_eq!(one.folder_of("corpus/b.tar.gz!g/x.sgf"), "corpus/b.tar.gz!");
        assert_eq!(
            two.folder_of("corpus/b.tar.gz!g/x.sgf"),
            "corpus/b.tar.gz!g"
        );
        assert_eq!(one.folder_of("a.zip!games/x.sgf"), "a.zip!games");
        assert_eq!(one.folder_of("a.zip!x.sgf"), "a.zip");
        // Not below an input (a file named on its own, a pattern, stdin): its folder.
        assert_eq!(one.folder_of("elsewhere/deep/x.sgf"), "elsewhere/deep");
        assert_eq!(one.folder_of("x.sgf"), ".");
        // `.` and empty folders say nothing.
        assert_eq!(one.folder_of("./elsewhere//deep/x.sgf"), "elsewhere/deep");
        assert_eq!(one.folder_of("./x.sgf"), ".");
        assert_eq!(one.folder_of("-"), ".");
        // A name that merely starts with an input's name is not below it.
        assert_eq!(one.folder_of("corpus2/x.sgf"), "corpus2");
    }
}
