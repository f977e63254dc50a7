//! The pictures' words: titles, the record's line, the position in words, which rulesets of a
//! game are worth a picture, and the file name of each picture. The pictures themselves are
//! drawn by board-render from a run of the pipeline — never from a second replay.

use crate::table::sanitize;
use analysis::{GameAnalysis, Run};
use board_render::Picture;
use rules_core::{CheckStatus, GameRecord, Policy, Verdict};
use std::path::Path;

/// The picture of a run's counted position, titled `title` (sanitised), with the record's
/// line on top of the count's notes.
#[must_use]
pub fn of_run(record: &GameRecord, run: &Run, title: String) -> Picture {
    shown(record, record, run, title, true)
}

/// The picture `show` draws of `run`, a replay of `record` (the game cut after the move
/// shown; `full` is the whole record, whose line heads the notes), titled `title`: with the
/// count when `at_end`, and without one during the game, saying so.
#[must_use]
pub fn shown(
    full: &GameRecord,
    record: &GameRecord,
    run: &Run,
    title: String,
    at_end: bool,
) -> Picture {
    let mut picture = Picture::from_replay(record, &run.replayed);
    picture.title = Some(title);
    picture.notes = record_line(full).into_iter().collect();
    if at_end {
        let notes = count_notes(&run.replayed.verdict, &picture);
        picture.notes.extend(notes);
    } else {
        picture.overlay = None;
        picture
            .notes
            .push("a position during the game: no count is shown".to_owned());
    }
    sanitize_text(&mut picture);
    picture
}

/// The lines under a picture that say its count: the points left undecided and the dead
/// stones only estimated when the count is drawn, or why there is none to show.
fn count_notes(verdict: &Verdict, picture: &Picture) -> Vec<String> {
    let Some(overlay) = &picture.overlay else {
        let why = picture
            .uncounted
            .as_deref()
            .map(|e| format!(": {e}"))
            .unwrap_or_default();
        return vec![format!("{}: no count to show{why}", verdict.ruleset)];
    };
    let mut notes: Vec<String> = verdict
        .score
        .as_ref()
        .and_then(rules_words::undecided_note)
        .into_iter()
        .collect();
    if !overlay.estimated.is_empty() {
        notes.push(format!(
            "estimated dead stones (no proof): {}",
            picture.topology.sgf_names(&overlay.estimated)
        ));
    }
    notes
}

/// The picture of the end of a game under one of its runs, as `check --pictures` draws it:
/// `<file name>, game N, <ruleset>: the end (move M)`.
#[must_use]
pub fn end_of_game(file: &str, game: &GameAnalysis, run: &Run) -> Picture {
    let total = game.record.move_count();
    let title = format!(
        "{}, game {}, {}: {}",
        shown_name(file),
        game.index,
        run.id(),
        position_words(&run.replayed.verdict, total, total)
    );
    of_run(&game.record, run, title)
}

/// The picture of a run where the rulesets disagree, as `diff --pictures` draws it:
/// `<file> game N: <ruleset> <result>`.
#[must_use]
pub fn disagreement(file: &str, game: &GameAnalysis, run: &Run) -> Picture {
    let v = &run.replayed.verdict;
    let mut picture = Picture::from_replay(&game.record, &run.replayed);
    picture.notes = count_notes(v, &picture);
    picture.title = Some(format!(
        "{file} game {}: {} {}",
        game.index,
        v.ruleset,
        v.score
            .as_ref()
            .map_or_else(|| "(no count)".to_owned(), rules_words::result_or_range)
    ));
    picture
}

/// The file's name without its folders, as titles show it.
#[must_use]
pub fn shown_name(file: &str) -> String {
    Path::new(file)
        .file_name()
        .map_or_else(|| file.to_owned(), |n| n.to_string_lossy().into_owned())
}

/// The players, recorded result and declared rules, in one line, when the record has any.
#[must_use]
pub fn record_line(record: &GameRecord) -> Option<String> {
    let player = |name: &Option<String>, rank: &Option<String>| match (name, rank) {
        (Some(n), Some(r)) => Some(format!("{n} ({r})")),
        (Some(n), None) => Some(n.clone()),
        _ => None,
    };
    let mut parts = Vec::new();
    if let Some(b) = player(&record.info.black, &record.info.black_rank) {
        parts.push(format!("Black {b}"));
    }
    if let Some(w) = player(&record.info.white, &record.info.white_rank) {
        parts.push(format!("White {w}"));
    }
    if let Some(ru) = &record.rules {
        parts.push(format!("rules {ru}"));
    }
    if let Some(k) = &record.komi {
        parts.push(format!("komi {}", k.raw));
    }
    if let Some(r) = &record.result {
        parts.push(format!("recorded result {}", r.raw));
    }
    (!parts.is_empty()).then(|| format!("Record: {}", parts.join(", ")))
}

/// Names and record text in a picture's title and notes, made safe for a terminal (a file
/// name or `PB[]` may hold escape sequences).
pub fn sanitize_text(picture: &mut Picture) {
    if let Some(t) = &mut picture.title {
        *t = sanitize(t);
    }
    for n in &mut picture.notes {
        *n = sanitize(n);
    }
}

/// The position a picture shows, in words: the end, a move during the game, or the move
/// before the forbidden one where the replay stopped.
#[must_use]
pub fn position_words(verdict: &Verdict, at: usize, total: usize) -> String {
    let stopped_at = match verdict.on_forbidden {
        Policy::Stop => verdict.first_forbidden.as_ref().map(|f| f.move_number),
        Policy::PlayOn => None,
    };
    match stopped_at {
        Some(n) => format!(
            "before forbidden move {n}, where the replay stops ({total} moves in the record)"
        ),
        None if at == total => format!("the end (move {total})"),
        None => format!("after move {at} of {total}"),
    }
}

/// The rulesets whose verdict on a game is a finding of `gorules check`: a forbidden move, a
/// count that differs from the recorded result, or (when `undecided`) undecided points.
#[must_use]
pub fn finding_rulesets<'a>(
    verdicts: impl IntoIterator<Item = &'a Verdict>,
    undecided: bool,
) -> Vec<String> {
    verdicts
        .into_iter()
        .filter(|v| {
            !v.legal
                || v.check.status == CheckStatus::Differs
                || (undecided && v.score.as_ref().is_some_and(|s| s.undecided > 0))
        })
        .map(|v| v.ruleset.clone())
        .collect()
}

/// A file name for the picture of one game under one ruleset:
/// `<file stem>-<hash>-g<game>-<ruleset>.svg`, with anything but ASCII letters, digits, `-`,
/// `_` and `.` replaced by `_`. The hash (8 hex digits of FNV-1a over the whole name) keeps
/// `a/001.sgf`, `b/001.sgf` and `x.zip!001.sgf` apart: one run of `check` writes pictures in
/// parallel into one directory, where equal names overwrote each other.
#[must_use]
pub fn file_name(file: &str, game: u32, ruleset: &str) -> String {
    let stem = Path::new(file)
        .file_stem()
        .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned());
    let hash = game_sources::fnv1a(file.as_bytes()) >> 32;
    let raw = format!("{stem}-{hash:08x}-g{game}-{ruleset}.svg");
    raw.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_line_names_what_the_record_has() {
        let topology = std::sync::Arc::new(rules_core::Topology::square(9).unwrap());
        let mut record = GameRecord::new(topology);
        assert_eq!(record_line(&record), None);
        record.info.white = Some("Sai".to_owned());
        assert_eq!(record_line(&record).unwrap(), "Record: White Sai");
        record.info.black = Some("Shusaku".to_owned());
        record.info.black_rank = Some("9p".to_owned());
        record.info.white_rank = Some("7d".to_owned());
        assert_eq!(
            record_line(&record).unwrap(),
            "Record: Black Shusaku (9p), White Sai (7d)"
        );
        // A rank without a name says nothing.
        record.info.black = None;
        assert_eq!(record_line(&record).unwrap(), "Record: White Sai (7d)");
    }

    /// Under a drawn count: its undecided points and the dead stones only estimated; with
    /// none drawn, why, with the ruleset's reason when it gave one.
    #[test]
    fn the_count_notes_say_what_is_drawn_or_why_nothing_is() {
        let board = rules_core::Board::new(std::sync::Arc::new(
            rules_core::Topology::square(5).unwrap(),
        ));
        let mut picture = Picture::new(&board);
        let mut v = rules_core::testing::verdict("pauli", None, vec![]);
        assert_eq!(count_notes(&v, &picture), ["pauli: no count to show"]);
        picture.uncounted = Some("cannot score: the game is not over".to_owned());
        assert_eq!(
            count_notes(&v, &picture),
            ["pauli: no count to show: cannot score: the game is not over"]
        );
        let mut score = rules_core::testing::breakdown(&[], (0, 0), 0.5, 0.0);
        score.undecided = 2;
        v.score = Some(score);
        let at = |s: &str| board.topology().parse_sgf(s).unwrap();
        picture.overlay = Some(board_render::Overlay {
            ruleset: "pauli".to_owned(),
            method: rules_core::ScoringMethod::Territory,
            values: Vec::new(),
            totals: None,
            result: None,
            undecided: Vec::new(),
            estimated: vec![at("aa"), at("cb")],
        });
        assert_eq!(
            count_notes(&v, &picture),
            [
                "2 point(s) undecided, counted as they stand",
                "estimated dead stones (no proof): aa cb"
            ]
        );
    }

    #[test]
    fn picture_names_are_safe_and_distinct() {
        let name = file_name("dir/a b.sgf", 2, "tromp-taylor");
        let hash = game_sources::fnv1a(b"dir/a b.sgf") >> 32;
        assert_eq!(name, format!("a_b-{hash:08x}-g2-tromp-taylor.svg"));
        // Equal stems from different places give different names.
        let names: std::collections::HashSet<String> = ["a/001.sgf", "b/001.sgf", "x.zip!001.sgf"]
            .iter()
            .map(|f| file_name(f, 1, "chinese"))
            .collect();
        assert_eq!(names.len(), 3);
        assert!(names.iter().all(|n| n.ends_with("-g1-chinese.svg")));
    }

    #[test]
    fn a_shown_name_drops_the_folders_only() {
        assert_eq!(shown_name("games/2024/a b.sgf"), "a b.sgf");
        assert_eq!(shown_name("x.sgf"), "x.sgf");
        // Nothing to take a name from: the text as given.
        assert_eq!(shown_name(".."), "..");
    }

    /// Titles and notes come from files and records: escapes reach no terminal.
    #[test]
    fn a_pictures_title_and_notes_are_sanitised() {
        let board = rules_core::Board::new(std::sync::Arc::new(
            rules_core::Topology::square(3).unwrap(),
        ));
        let mut picture = Picture::new(&board);
        picture.title = Some("a\u{1b}[2Jb".to_owned());
        picture.notes = vec!["Black \u{202e}x".to_owned(), "plain".to_owned()];
        sanitize_text(&mut picture);
        assert_eq!(picture.title.as_deref(), Some("a\\u{1b}[2Jb"));
        assert_eq!(picture.notes, ["Black \\u{202e}x", "plain"]);
    }

    /// The end, a move during the game, or the move before a forbidden one under `stop`
    /// (under `play-on` the replay went on, so the position is the one asked for).
    #[test]
    fn the_position_is_said_by_where_the_replay_is() {
        use rules_core::testing::{forbidden, verdict};
        let clean = verdict("tt", None, vec![]);
        assert_eq!(position_words(&clean, 40, 40), "the end (move 40)");
        assert_eq!(position_words(&clean, 39, 40), "after move 39 of 40");
        let mut stopped = verdict("tt", None, vec![forbidden(7, rules_core::Reason::Suicide)]);
        assert_eq!(
            position_words(&stopped, 40, 40),
            "before forbidden move 7, where the replay stops (40 moves in the record)"
        );
        stopped.on_forbidden = Policy::PlayOn;
        assert_eq!(position_words(&stopped, 12, 40), "after move 12 of 40");
    }

    /// `check`'s findings: a forbidden move, a count that differs from the record, and
    /// undecided points only when asked for; the others are left out, in order.
    #[test]
    fn the_rulesets_worth_a_picture_are_those_with_a_finding() {
        use rules_core::testing::{breakdown, forbidden, verdict};
        let clean = verdict("clean", Some(breakdown(&[], (0, 0), 0.5, 0.0)), vec![]);
        let illegal = verdict(
            "illegal",
            None,
            vec![forbidden(3, rules_core::Reason::Suicide)],
        );
        let mut differs = verdict("differs", None, vec![]);
        differs.check.status = CheckStatus::Differs;
        let mut score = breakdown(&[], (0, 0), 0.5, 0.0);
        score.undecided = 1;
        let undecided = verdict("undecided", Some(score), vec![]);
        let all = [&clean, &illegal, &differs, &undecided];
        assert_eq!(
            finding_rulesets(all, true),
            ["illegal", "differs", "undecided"]
        );
        assert_eq!(finding_rulesets(all, false), ["illegal", "differs"]);
        assert!(finding_rulesets([&clean], true).is_empty());
    }
}
