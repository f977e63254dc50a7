//! Quality on real games (ignored by default; run with `--release --ignored --nocapture`):
//! coverage of the final positions of counted games in ../shared/corpus, agreement of the
//! dead stones with the KGS 2017 territory markup, and time per position.

use game_sources::sgf_files;
use pauli_control::{Options, analyze};
use rules_core::{Board, Color, GameRecord, Outcome, Point};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `../shared/corpus` beside the repository.
pub const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus");

/// Counted games (a score result) of a folder, as (path, record).
pub fn counted(dir: &str) -> Vec<(PathBuf, GameRecord)> {
    let mut files = Vec::new();
    sgf_files(&Path::new(CORPUS).join(dir), &mut files);
    let mut out = Vec::new();
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        let Ok(file) = sgf_record::read_sgf(&bytes, &Default::default()) else {
            continue;
        };
        for g in file.games.into_iter().flatten() {
            let scored = matches!(
                g.result.as_ref().map(|r| &r.outcome),
                Some(Outcome::Score { margin, .. }) if *margin > 0.0
            );
            if scored && g.topology.grid_size().is_some_and(|(w, h)| w == h) {
                out.push((f.clone(), g));
            }
        }
    }
    out
}

/// Dead stones according to the markup: stones on the opponent's marked territory, and
/// stones marked dead.
#[allow(dead_code)]
pub fn markup_dead(b: &Board, rec: &GameRecord) -> Vec<Point> {
    let mut v = Vec::new();
    for c in Color::BOTH {
        for &p in &rec.markup.territory[c] {
            if b.get(p) == Some(c.opp()) {
                v.push(p);
            }
        }
    }
    for &p in &rec.markup.dead {
        if b.get(p).is_some() {
            v.push(p);
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// CPU time of this thread in nanoseconds (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, Linux):
/// unlike wall time, it does not depend on how busy the machine is.
pub fn thread_cpu_ns() -> u64 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: a valid pointer to a timespec-shaped struct; the clock id is a Linux constant.
    let r = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    if r == 0 {
        (t.sec as u64) * 1_000_000_000 + t.nsec as u64
    } else {
        0
    }
}

#[derive(Default, Debug)]
pub struct Stats {
    pub cpu_us: Vec<u64>,
    pub games: usize,
    pub points: usize,
    pub decided: usize,
    pub full_games: usize,
    pub times_us: Vec<u64>,
    pub nodes: u64,
    pub exhausted: usize,
}

impl Stats {
    pub fn add(&mut self, b: &Board, opts: &Options) -> pauli_control::ControlMap {
        let t = Instant::now();
        let c0 = thread_cpu_ns();
        let m = analyze(b, &[], opts).unwrap();
        self.cpu_us.push((thread_cpu_ns() - c0) / 1000);
        self.times_us.push(t.elapsed().as_micros() as u64);
        let und = m.undecided().len();
        self.games += 1;
        self.points += b.len();
        self.decided += b.len() - und;
        if und == 0 {
            self.full_games += 1;
        }
        self.nodes += m.nodes;
        if m.budget_exhausted {
            self.exhausted += 1;
        }
        m
    }

    pub fn report(&mut self, name: &str) {
        self.times_us.sort_unstable();
        self.cpu_us.sort_unstable();
        let cq = |f: f64| {
            self.cpu_us
                .get(((self.cpu_us.len() as f64 - 1.0) * f) as usize)
                .copied()
                .unwrap_or(0)
        };
        println!(
            "{name}: CPU time per position median {} µs p90 {} p99 {} max {}",
            cq(0.5),
            cq(0.9),
            cq(0.99),
            cq(1.0)
        );
        let q = |f: f64| {
            self.times_us
                .get(((self.times_us.len() as f64 - 1.0) * f) as usize)
                .copied()
                .unwrap_or(0)
        };
        println!(
            "{name}: {} games, coverage {:.3}% ({} of {} points), fully decided games {}, \
             time median {} µs p90 {} p99 {} max {}, nodes {}, position budget exhausted {}",
            self.games,
            100.0 * self.decided as f64 / self.points.max(1) as f64,
            self.decided,
            self.points,
            self.full_games,
            q(0.5),
            q(0.9),
            q(0.99),
            q(1.0),
            self.nodes,
            self.exhausted
        );
    }
}

/// Games per source: `CORPUS_LIMIT`, else `default`.
fn corpus_limit(default: usize) -> usize {
    env_count("CORPUS_LIMIT", default)
}

/// A count from the environment variable `name`, else `default`.
fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The 19×19 default budgets for every board size (no thorough or small-board tier), with the
/// node budgets and `max_set` taken from the environment where given (`PN` position, `LN`
/// local, `SN` whole-game, `MS` max set, `SVN` survival nodes, `SVR` largest survival
/// region; `NOLEAF` turns the whole-game search's
/// decomposition leaf off): how the budget figures in docs/control.md were measured.
fn options_from_env() -> Options {
    let mut o = Options::with_budgets(pauli_control::Budgets::default());
    let var = |name: &str| std::env::var(name).ok().map(|v| v.parse::<u64>().unwrap());
    if let Some(v) = var("PN") {
        o.budgets.position_nodes = v;
    }
    if let Some(v) = var("LN") {
        o.budgets.local_nodes = v;
    }
    if let Some(v) = var("SN") {
        o.budgets.search_nodes = v;
    }
    if let Some(v) = var("MS") {
        o.budgets.max_set = v as usize;
    }
    if let Some(v) = var("SVN") {
        o.budgets.survival_nodes = v;
    }
    if let Some(v) = var("SVR") {
        o.budgets.max_survival_region = v as usize;
    }
    if std::env::var("NOLEAF").is_ok() {
        o.decomposition_leaf = false;
    }
    o
}

fn picture(b: &Board, m: &pauli_control::ControlMap) -> String {
    let (w, h) = b.topology().grid_size().unwrap();
    let mut s = String::new();
    for y in 0..h {
        for x in 0..w {
            let p = b.topology().at(x, y).unwrap();
            let st = match b.get(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            let c = match m.control(p) {
                pauli_control::Control::Black => 'b',
                pauli_control::Control::White => 'w',
                pauli_control::Control::Neither => '-',
                pauli_control::Control::Both => '*',
                pauli_control::Control::Undecided => '?',
            };
            s.push(st);
            s.push(c);
        }
        s.push('\n');
    }
    s
}

#[test]
#[ignore = "corpus; run with --release --ignored --nocapture"]
fn explore_kgs() {
    let games = counted(&std::env::var("DIR").unwrap_or("kgs/2017-01".into()));
    let mut st = Stats::default();
    let only = std::env::var("ONLY").ok();
    let need_markup = std::env::var("DIR").is_err();
    for (path, rec) in games
        .iter()
        .filter(|(_, r)| !need_markup || !r.markup.is_empty())
        .filter(|(p, _)| {
            only.as_ref()
                .is_none_or(|o| p.to_string_lossy().contains(o.as_str()))
        })
        .take(20)
    {
        let b = rec.main_line_board();
        let o = options_from_env();
        let m = st.add(&b, &o);
        println!(
            "{} undecided {} nodes {} t {}µs",
            path.display(),
            m.undecided().len(),
            m.nodes,
            st.times_us.last().unwrap()
        );
        if !m.undecided().is_empty() && std::env::var("SHOW").is_ok() {
            println!("{}", picture(&b, &m));
            for f in &m.findings {
                if true {
                    println!(
                        "  {:?} {:?} {:?} {} pts",
                        f.player,
                        f.reason,
                        f.nodes,
                        f.points.len()
                    );
                }
            }
        }
    }
    st.report("kgs 2017-01 (20)");
}

/// Coverage, time and markup agreement per source. `CORPUS_LIMIT` caps the games per source
/// (default: all); `SOURCE` keeps the sources whose name starts with it (`ogs 9x9`).
#[test]
#[ignore = "corpus; run with --release --ignored --nocapture"]
fn corpus_quality() {
    let limit = corpus_limit(usize::MAX);
    // `CORPUS_SKIP`: games of each source passed over first (a second sample beside the
    // first `CORPUS_LIMIT`, to check a change measured on one against the other).
    let skip = env_count("CORPUS_SKIP", 0);
    let o = options_from_env();
    for (name, dirs, markup_only) in [
        (
            "kgs 2017 (TB/TW)",
            &["kgs/2017-01", "kgs/2017-02", "kgs/2017-03"][..],
            true,
        ),
        ("ogs 9x9", &["ogs/9x9"][..], false),
        ("ogs 19x19", &["ogs/19x19"][..], false),
        ("fox", &["fox"][..], false),
    ] {
        if std::env::var("SOURCE").is_ok_and(|s| !name.starts_with(s.as_str())) {
            continue;
        }
        let mut st = Stats::default();
        // Markup agreement on the stones both sides decided.
        let (mut agree_games, mut markup_games) = (0, 0);
        let (mut dead_markup, mut dead_ours, mut dead_both, mut dead_conflict) = (0, 0, 0, 0);
        let (mut n, mut skipped) = (0, 0);
        let mut cats: std::collections::BTreeMap<String, usize> = Default::default();
        for d in dirs {
            for (_, rec) in counted(d) {
                if n >= limit {
                    break;
                }
                if markup_only && rec.markup.is_empty() {
                    continue;
                }
                if skipped < skip {
                    skipped += 1;
                    continue;
                }
                n += 1;
                let b = rec.main_line_board();
                let m = st.add(&b, &o);
                for p in b.topology().points() {
                    let pc = m.get(p);
                    let k = format!(
                        "{:?}/{:?}/{}",
                        pc.black,
                        pc.white,
                        match b.get(p) {
                            None => "empty",
                            Some(_) => "stone",
                        }
                    );
                    *cats.entry(k).or_insert(0usize) += 1;
                }
                if !rec.markup.is_empty() {
                    markup_games += 1;
                    let md = markup_dead(&b, &rec);
                    let ours = m.dead_stones(&b);
                    dead_markup += md.len();
                    dead_ours += ours.len();
                    dead_both += ours.iter().filter(|p| md.contains(p)).count();
                    // A conflict: a stone we decided (alive or dead) the other way.
                    let conflict = b
                        .topology()
                        .points()
                        .filter(|&p| {
                            let Some(c) = b.get(p) else { return false };
                            let decided = m.get(p).of(c.opp()) != pauli_control::Verdict::Undecided;
                            decided && (ours.contains(&p) != md.contains(&p))
                        })
                        .count();
                    dead_conflict += conflict;
                    if conflict == 0 {
                        agree_games += 1;
                    }
                }
            }
        }
        st.report(name);
        if std::env::var("CATS").is_ok() {
            for (k, v) in &cats {
                println!("  {k}: {v}");
            }
        }
        if markup_games > 0 {
            println!(
                "  markup: {markup_games} games; dead stones marked {dead_markup}, ours {dead_ours}, \
                 both {dead_both}; stones decided against the markup {dead_conflict}; games without \
                 such a stone {agree_games}"
            );
        }
    }
}

/// Lists the stones decided against the KGS markup, with the board and the findings.
#[test]
#[ignore = "corpus; run with --release --ignored --nocapture"]
fn markup_conflicts() {
    let o = Options::with_budgets(pauli_control::Budgets::default());
    for d in ["kgs/2017-01", "kgs/2017-02", "kgs/2017-03"] {
        for (path, rec) in counted(d) {
            if rec.markup.is_empty() {
                continue;
            }
            let b = rec.main_line_board();
            let m = analyze(&b, &[], &o).unwrap();
            let md = markup_dead(&b, &rec);
            let ours = m.dead_stones(&b);
            let bad: Vec<Point> = b
                .topology()
                .points()
                .filter(|&p| {
                    let Some(c) = b.get(p) else { return false };
                    m.get(p).of(c.opp()) != pauli_control::Verdict::Undecided
                        && ours.contains(&p) != md.contains(&p)
                })
                .collect();
            if bad.is_empty() {
                continue;
            }
            println!(
                "{} RE {:?}: {}",
                path.display(),
                rec.result.as_ref().map(|r| r.raw.clone()),
                bad.iter()
                    .map(|&p| format!(
                        "{}({}: markup {}, ours {})",
                        b.topology().sgf(p),
                        b.get(p).unwrap().letter(),
                        if md.contains(&p) { "dead" } else { "alive" },
                        if ours.contains(&p) { "dead" } else { "alive" }
                    ))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            println!("{}", picture(&b, &m));
            for f in &m.findings {
                if f.points.iter().any(|p| bad.contains(p)) {
                    println!(
                        "  {:?} {:?} {:?} set {}",
                        f.player,
                        f.verdict,
                        f.reason,
                        f.set.len()
                    );
                }
            }
        }
    }
}

/// Claims read from the KGS markup, checked against control: how many a dispute would
/// uphold, overturn, or leave undecided.
#[test]
#[ignore = "corpus; run with --release --ignored --nocapture"]
fn markup_claims() {
    use pauli_control::{ClaimStatus, check_claims, claims_from_markup};
    let o = Options::with_budgets(pauli_control::Budgets::default());
    let (mut up, mut over, mut und, mut games) = (0, 0, 0, 0);
    for d in ["kgs/2017-01", "kgs/2017-02", "kgs/2017-03"] {
        for (path, rec) in counted(d) {
            if rec.markup.is_empty() {
                continue;
            }
            let b = rec.main_line_board();
            let claims = claims_from_markup(&b, &rec.markup);
            let r = check_claims(&b, &[], &claims, &o).unwrap();
            games += 1;
            for c in &r.checks {
                match c.status {
                    ClaimStatus::Upheld => up += 1,
                    ClaimStatus::Overturned => {
                        over += 1;
                        println!(
                            "{}: {:?} overturned (prover {:?}, winner {:?})",
                            path.display(),
                            c.claim,
                            c.dispute.prover,
                            c.dispute.winner
                        );
                    }
                    ClaimStatus::Undecided => und += 1,
                }
            }
        }
    }
    println!("markup claims in {games} games: upheld {up}, overturned {over}, undecided {und}");
}

/// What the undecided locations of the final positions are: empty points whose empty region
/// touches one colour only (territory as players see it) or both (contested), stones, and
/// the reasons the findings give for the open verdicts. `CORPUS_LIMIT` caps the games per
/// source. The figures are in docs/control.md.
#[test]
#[ignore = "corpus; run with --release --ignored --nocapture"]
fn undecided_breakdown() {
    use pauli_control::{Reason, Verdict};
    use rules_core::{AreaMap, AreaOwner};
    use std::collections::BTreeMap;
    let limit = corpus_limit(60);
    let o = options_from_env();
    for (name, dir) in [
        ("kgs 2017-01", "kgs/2017-01"),
        ("ogs 9x9", "ogs/9x9"),
        ("ogs 19x19", "ogs/19x19"),
        ("fox", "fox"),
    ] {
        let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
        let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
        let (mut total, mut undecided) = (0usize, 0usize);
        for (_, rec) in counted(dir).into_iter().take(limit) {
            let b = rec.main_line_board();
            let m = analyze(&b, &[], &o).unwrap();
            let topo = b.topology();
            // Empty regions and the colours they reach (text 001's area map).
            let area = AreaMap::of(&b);
            for p in topo.points() {
                total += 1;
                let pc = m.get(p);
                if pc.of(Color::Black) != Verdict::Undecided
                    && pc.of(Color::White) != Verdict::Undecided
                {
                    continue;
                }
                undecided += 1;
                let open = |v: Verdict| v == Verdict::Undecided;
                let pair = match (pc.of(Color::Black), pc.of(Color::White)) {
                    (b, w) if open(b) && open(w) => "both players open",
                    (Verdict::Controls, _) | (_, Verdict::Controls) => {
                        "one player proved to control, the other open"
                    }
                    _ => "one player proved not to control, the other open",
                };
                *kinds.entry(pair).or_default() += 1;
                let kind = match area.owner[p.index()] {
                    AreaOwner::Stone(_) => "stone",
                    AreaOwner::Shared => "empty, region touches both colours",
                    AreaOwner::Neutral => "empty, region touches no stone",
                    AreaOwner::Territory(_) => "empty, region touches one colour",
                };
                *kinds.entry(kind).or_default() += 1;
            }
            for f in &m.findings {
                if f.verdict == Verdict::Undecided {
                    let r = match f.reason {
                        Reason::Exhausted { limit } => format!("exhausted ({limit:?})"),
                        Reason::TooLarge { .. } => "too large".to_owned(),
                        Reason::NotProved => "not proved".to_owned(),
                        ref other => format!("{other:?}"),
                    };
                    *reasons.entry(r).or_default() += f.points.len();
                }
            }
        }
        println!(
            "{name}: {undecided} of {total} locations undecided ({:.1} %)",
            100.0 * undecided as f64 / total.max(1) as f64
        );
        for (k, v) in &kinds {
            println!(
                "  {k}: {v} ({:.1} % of the undecided)",
                100.0 * *v as f64 / undecided.max(1) as f64
            );
        }
        for (k, v) in &reasons {
            println!("  open verdicts, {k}: {v} player-locations");
        }
    }
}

/// The stones we decide against GNU Go's opinion (`final_status_list dead` after `loadsgf`,
/// GNU Go 3.8 from Debian, looked for at `/usr/games/gnugo` or `GNUGO`): for the first
/// `CORPUS_LIMIT` (default 30) counted games of each source, the stones we prove dead that
/// GNU Go calls alive, and those we prove alive (their opponent proved not to control them)
/// that it calls dead. GNU Go's statuses are heuristic, and rule 14 differs from its
/// judgement at unfinished boundaries and unsettled shapes, so a disagreement is something
/// to look at, not an error by itself. Skips when GNU Go is not installed.
#[test]
#[ignore = "corpus and GNU Go; run with --release --ignored --nocapture"]
fn against_gnugo_statuses() {
    use pauli_control::Verdict;
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let gnugo = std::env::var("GNUGO").unwrap_or_else(|_| "/usr/games/gnugo".to_owned());
    if !Path::new(&gnugo).exists() {
        eprintln!("GNU Go not found at {gnugo}: skipped");
        return;
    }
    let mut child = Command::new(&gnugo)
        .args(["--mode", "gtp", "--chinese-rules"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut to = child.stdin.take().unwrap();
    let mut from = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |cmd: &str| -> Result<String, String> {
        writeln!(to, "{cmd}").unwrap();
        to.flush().unwrap();
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if from.read_line(&mut line).unwrap() == 0 || line.trim().is_empty() {
                break;
            }
            answer.push_str(&line);
        }
        match answer.strip_prefix('=') {
            Some(a) => Ok(a.trim().to_owned()),
            None => Err(answer),
        }
    };
    let limit = corpus_limit(30);
    let o = options_from_env();
    let only = std::env::var("SOURCE").ok();
    for (name, dir) in [
        ("kgs 2017-01", "kgs/2017-01"),
        ("ogs 9x9", "ogs/9x9"),
        ("ogs 19x19", "ogs/19x19"),
        ("fox", "fox"),
    ] {
        if only.as_ref().is_some_and(|s| !name.starts_with(s.as_str())) {
            continue;
        }
        let (mut games, mut ours_dead, mut ours_alive, mut dead_vs_alive, mut alive_vs_dead) =
            (0, 0, 0, 0, 0);
        let (mut their_dead, mut open_dead) = (0, 0);
        for (path, rec) in counted(dir).into_iter().take(limit) {
            let b = rec.main_line_board();
            if ask(&format!("loadsgf {}", path.display())).is_err() {
                continue;
            }
            let Ok(dead) = ask("final_status_list dead") else {
                continue;
            };
            games += 1;
            let theirs: Vec<Point> = dead
                .split_whitespace()
                .filter_map(|v| b.topology().parse_gtp(v))
                .collect();
            let m = analyze(&b, &[], &o).unwrap();
            let mut notes = Vec::new();
            for p in b.topology().points() {
                let Some(c) = b.get(p) else { continue };
                let v = m.get(p).of(c.opp());
                let they = theirs.contains(&p);
                match v {
                    Verdict::Controls => {
                        ours_dead += 1;
                        if !they {
                            dead_vs_alive += 1;
                            notes.push(format!("{} dead (GNU Go: alive)", b.topology().sgf(p)));
                        }
                    }
                    Verdict::DoesNotControl => {
                        ours_alive += 1;
                        if they {
                            alive_vs_dead += 1;
                            notes.push(format!("{} alive (GNU Go: dead)", b.topology().sgf(p)));
                        }
                    }
                    Verdict::Undecided => {
                        open_dead += usize::from(they);
                    }
                }
                their_dead += usize::from(they);
            }
            if !notes.is_empty() {
                println!("  {}: {}", path.display(), notes.join(", "));
            }
        }
        println!(
            "{name}: {games} games; stones we prove dead {ours_dead} (GNU Go calls {dead_vs_alive} \
             alive), prove alive {ours_alive} (GNU Go calls {alive_vs_dead} dead); GNU Go calls \
             {their_dead} dead, {open_dead} of them undecided here"
        );
    }
    let _ = ask("quit");
    let _ = child.wait();
}

/// What the area count needs: per stone, the opponent's verdict on its location (a stone is
/// dead exactly when the opponent controls it), against the KGS 2017 markup as outside truth
/// (dead = on the opponent's marked territory or marked dead), on the first `CORPUS_LIMIT`
/// counted games with markup (default 60).
#[test]
#[ignore = "corpus; run with --release --ignored --nocapture"]
fn stone_verdicts_against_markup() {
    let limit = corpus_limit(60);
    let o = options_from_env();
    let mut table: std::collections::BTreeMap<(bool, StoneVerdict), usize> = Default::default();
    let with_markup = ["kgs/2017-01", "kgs/2017-02", "kgs/2017-03"]
        .into_iter()
        .flat_map(counted)
        .filter(|(_, rec)| !rec.markup.is_empty())
        .take(limit);
    let mut games = 0;
    for (_, rec) in with_markup {
        games += 1;
        let b = rec.main_line_board();
        let dead = markup_dead(&b, &rec);
        let m = analyze(&b, &[], &o).unwrap();
        for p in b.topology().points() {
            if let Some(v) = stone_verdict(&b, &m, p) {
                *table
                    .entry((dead.binary_search(&p).is_ok(), v))
                    .or_default() += 1;
            }
        }
    }
    println!("{games} games");
    for ((d, v), n) in &table {
        println!("{:5} {v:?} {n}", if *d { "dead" } else { "alive" });
    }
}

/// The opponent's verdict on a stone's location, all the area count needs of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum StoneVerdict {
    /// The opponent controls it: dead.
    Controls,
    /// The opponent is proved not to control it: alive.
    DoesNotControl,
    /// Not decided.
    Open,
}

/// [`StoneVerdict`] of the stone on `p`, `None` for an empty point.
fn stone_verdict(b: &Board, m: &pauli_control::ControlMap, p: Point) -> Option<StoneVerdict> {
    use pauli_control::Verdict;
    let c = b.get(p)?;
    Some(match m.get(p).of(c.opp()) {
        Verdict::Controls => StoneVerdict::Controls,
        Verdict::DoesNotControl => StoneVerdict::DoesNotControl,
        _ => StoneVerdict::Open,
    })
}

/// One record's end position (`FILE`), each stone marked by the opponent's verdict on its
/// location, which is all the area count needs: `X`/`O` the opponent is proved not to control
/// it (alive), `x`/`o` he is proved to (dead), `B`/`W` open.
#[test]
#[ignore = "exploration"]
fn show_open_stones() {
    let Ok(path) = std::env::var("FILE") else {
        return;
    };
    let b = crate::common::final_position(&path);
    let m = analyze(&b, &[], &options_from_env()).unwrap();
    let (w, h) = b.topology().grid_size().unwrap();
    for y in 0..h {
        let mut s = String::new();
        for x in 0..w {
            let p = b.topology().at(x, y).unwrap();
            let black = b.get(p) == Some(Color::Black);
            s.push(match stone_verdict(&b, &m, p) {
                None => '.',
                Some(StoneVerdict::DoesNotControl) => {
                    if black {
                        'X'
                    } else {
                        'O'
                    }
                }
                Some(StoneVerdict::Controls) => {
                    if black {
                        'x'
                    } else {
                        'o'
                    }
                }
                Some(StoneVerdict::Open) => {
                    if black {
                        'B'
                    } else {
                        'W'
                    }
                }
            });
            s.push(' ');
        }
        println!("{s}");
    }
}

/// The differential of `props::assert_agree_where_both_decide` on real final positions:
/// options that change only speed or budgets decide more or fewer verdicts, never other ones,
/// so any location where two runs both decide a player's verdict and differ means one of them
/// proved something false. The retrograde comparison (`retro.rs`) checks the solver against
/// exhaustive search, but only on boards small enough to enumerate; this checks it where the
/// large areas, the survival games and the position budget come into play. `CORPUS_LIMIT`
/// games per source (default 30), `SOURCE` as in [`corpus_quality`]. Also checks that no
/// location is controlled by both players (reading A21: never seen).
#[test]
#[ignore = "corpus; run with --release --ignored --nocapture"]
fn options_never_contradict_on_the_corpus() {
    use pauli_control::{Budgets, MoveOrder};
    let limit = corpus_limit(30);
    let base = Options::with_budgets(Budgets::default());
    let scaled = |k: u64| {
        let d = Budgets::default();
        Options::with_budgets(Budgets {
            position_nodes: d.position_nodes * k,
            local_nodes: d.local_nodes * k,
            search_nodes: d.search_nodes * k,
            survival_nodes: d.survival_nodes * k,
            ..d
        })
    };
    let variants: Vec<(&str, Options)> = vec![
        ("quick", Options::with_budgets(Budgets::quick())),
        ("ten times the nodes", scaled(10)),
        (
            "natural move order",
            Options {
                order: MoveOrder::Natural,
                ..base
            },
        ),
        (
            "no decomposition leaf",
            Options {
                decomposition_leaf: false,
                ..base
            },
        ),
        (
            "relevance zones",
            Options {
                relevance_zones: true,
                ..base
            },
        ),
        (
            "no levelled pairs",
            Options {
                levelled_pairs: false,
                ..base
            },
        ),
        (
            "small-board and thorough tiers",
            Options {
                budgets: Budgets::default(),
                ..Options::default()
            },
        ),
    ];
    let mut failures = Vec::new();
    let mut decided = vec![(0usize, 0usize); variants.len()];
    let mut positions = 0;
    for (name, dirs) in [
        ("kgs", &["kgs/2017-01", "kgs/2017-02", "kgs/2017-03"][..]),
        ("ogs 9x9", &["ogs/9x9"][..]),
        ("ogs 19x19", &["ogs/19x19"][..]),
        ("fox", &["fox"][..]),
    ] {
        if std::env::var("SOURCE").is_ok_and(|s| !name.starts_with(s.as_str())) {
            continue;
        }
        let games = dirs.iter().flat_map(|d| counted(d)).take(limit);
        for (path, rec) in games {
            positions += 1;
            let b = rec.main_line_board();
            let m0 = analyze(&b, &[], &base).unwrap();
            let count = |m: &pauli_control::ControlMap| {
                b.topology()
                    .points()
                    .flat_map(|p| Color::BOTH.map(|c| m.get(p).of(c)))
                    .filter(|v| *v != pauli_control::Verdict::Undecided)
                    .count()
            };
            let d0 = count(&m0);
            if !m0.both().is_empty() {
                failures.push(format!("{}: both control {:?}", path.display(), m0.both()));
            }
            for (i, (what, o)) in variants.iter().enumerate() {
                let m = analyze(&b, &[], o).unwrap();
                let bad = m0.contradictions(&m);
                if !bad.is_empty() {
                    failures.push(format!("{} ({what}): {bad:?}", path.display()));
                }
                if !m.both().is_empty() {
                    failures.push(format!("{} ({what}): both {:?}", path.display(), m.both()));
                }
                decided[i].0 += d0;
                decided[i].1 += count(&m);
            }
        }
    }
    println!("{positions} positions");
    for ((what, _), (d0, d)) in variants.iter().zip(&decided) {
        println!("  {what}: {d} verdicts decided against {d0} with the defaults");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every set the default analysis proves a player controls (by decomposition, survival games
/// or search), with at most `MS` points (default 30), searched again as a whole game `H(p, S)`
/// without decomposition leaves, at the whole-game budget `SN` (default 3,000 nodes), is never
/// refuted: the independent check of `props::check_invariants`, on the final positions of the
/// first `CORPUS_LIMIT` counted games per source (default 30).
#[test]
#[ignore = "corpus; run with --release --ignored --nocapture"]
fn winning_sets_stand_on_the_corpus() {
    use pauli_control::Budgets;
    let limit = corpus_limit(30);
    let max_set = env_count("MS", 30);
    // One whole-game search may take a quarter of what the position has left
    // (`WHOLE_GAME_SHARE`), and sets past `max_set` are not searched: both are raised so that
    // `SN` and `MS` are what bound the check.
    let search_nodes = env_count("SN", 3_000) as u64;
    let check = Options::with_budgets(Budgets {
        search_nodes,
        position_nodes: 4 * search_nodes,
        max_set,
        ..Budgets::default()
    });
    let base = Options::with_budgets(Budgets::default());
    let (mut positions, mut searched, mut proved) = (0, 0, 0);
    for dirs in [
        &["kgs/2017-01", "kgs/2017-02", "kgs/2017-03"][..],
        &["ogs/9x9"][..],
        &["ogs/19x19"][..],
        &["fox"][..],
    ] {
        for (_, rec) in dirs.iter().flat_map(|d| counted(d)).take(limit) {
            positions += 1;
            let b = rec.main_line_board();
            let m = analyze(&b, &[], &base).unwrap();
            let (s, p) = crate::props::assert_winning_sets_stand(&b, &m, &check, max_set);
            searched += s;
            proved += p;
        }
    }
    println!(
        "{positions} positions: {searched} winning sets of at most {max_set} points searched \
         again, {proved} of them proved by that search, none refuted"
    );
}
