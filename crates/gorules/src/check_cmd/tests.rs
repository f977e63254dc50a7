use super::*;
use analysis::{Choice, DeadSource};
use rules_core::{Counting, GameState, Ruleset, StartPosition};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

fn summary(forbidden: u64, mismatch: u64, parse: u64, unreadable: u64) -> Summary {
    let mut s = Summary::default();
    s.counts.findings.forbidden = forbidden;
    s.counts.findings.mismatch = mismatch;
    s.counts.findings.parse_error = parse;
    s.counts.findings.unreadable = unreadable;
    s
}

#[test]
fn a_progress_bar_only_on_a_terminal_and_never_when_quiet() {
    assert!(shows_progress(false, true));
    assert!(!shows_progress(true, true));
    assert!(!shows_progress(false, false));
    assert!(!shows_progress(true, false));
}

#[test]
fn the_exit_status_follows_fail_on() {
    let all = [
        FailOn::Forbidden,
        FailOn::Mismatch,
        FailOn::Undecided,
        FailOn::ParseError,
    ];
    assert_eq!(status_of(&summary(0, 0, 0, 0), &all, false), Status::Clean);
    assert_eq!(
        status_of(&summary(1, 0, 0, 0), &all, false),
        Status::Findings
    );
    assert_eq!(
        status_of(&summary(0, 1, 0, 0), &all, false),
        Status::Findings
    );
    assert_eq!(status_of(&summary(1, 1, 1, 0), &all, false), Status::Error);
    assert_eq!(status_of(&summary(0, 0, 0, 1), &all, false), Status::Error);
    // Findings not asked for do not count.
    assert_eq!(
        status_of(&summary(1, 0, 0, 0), &[FailOn::Mismatch], false),
        Status::Clean
    );
    assert_eq!(
        status_of(&summary(0, 0, 3, 0), &[FailOn::Forbidden], false),
        Status::Clean
    );
    // Unreadable input always counts…
    assert_eq!(status_of(&summary(0, 0, 0, 1), &[], false), Status::Error);
    // …but not with --exit-zero.
    assert_eq!(status_of(&summary(5, 5, 5, 5), &all, true), Status::Clean);
}

/// A ruleset that counts the games it starts: each start is one replay.
struct Counted {
    inner: Box<dyn Ruleset>,
    starts: Arc<AtomicUsize>,
}

impl Ruleset for Counted {
    fn id(&self) -> &'static str {
        self.inner.id()
    }
    fn describe(&self) -> String {
        self.inner.describe()
    }
    fn default_komi(&self) -> f64 {
        self.inner.default_komi()
    }
    fn uses_assessment(&self) -> bool {
        self.inner.uses_assessment()
    }
    fn counting(&self) -> Counting {
        self.inner.counting()
    }
    fn start(&self, start: &StartPosition) -> Box<dyn GameState> {
        self.starts.fetch_add(1, Ordering::SeqCst);
        self.inner.start(start)
    }
}

/// `check --pictures` draws the findings of a game from the pipeline's own runs: each
/// ruleset replays the game once, and the control test searches its final position once,
/// pictures included.
#[test]
fn pictures_replay_and_search_each_game_once() {
    let counted = |id: &str, starts: &Arc<AtomicUsize>| {
        let inner = ruleset_registry::by_id(id, &Default::default()).unwrap();
        Choice::Fixed(Box::new(Counted {
            inner,
            starts: Arc::clone(starts),
        }))
    };
    let (tt, cn) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let mut plan = Plan::new(vec![counted("tromp-taylor", &tt), counted("chinese", &cn)]);
    plan.dead = DeadSource::Proved;
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/games/gnugo-selfplay-9x9.sgf");
    let loaded = input::load(&path);
    let record = loaded.result.unwrap().games.remove(0).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let pictures = Pictures {
        dir: dir.path(),
        undecided: true,
    };
    let entry = check_game(&plan, "g.sgf", 1, record.clone(), Some(pictures));
    let GameEntry::Report(r) = entry else {
        panic!("not replayed");
    };
    // Tromp–Taylor's count differs from the record: its picture is drawn.
    assert_eq!(
        report::pictures::finding_rulesets(&r.verdicts, true),
        ["tromp-taylor"]
    );
    let drawn: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(drawn.len(), 1);
    assert_eq!(tt.load(Ordering::SeqCst), 1, "tromp-taylor replays");
    assert_eq!(cn.load(Ordering::SeqCst), 1, "chinese replays");
    // The final position the two rulesets end on is searched once.
    let game = plan.analyse(1, record).unwrap();
    assert_eq!(game.searches, 1);
    assert_eq!(
        (tt.load(Ordering::SeqCst), cn.load(Ordering::SeqCst)),
        (2, 2)
    );
}
