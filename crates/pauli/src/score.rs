//! Rule 5, the count: a player scores one point for each location he controls that is not
//! occupied by one of his stones (territory), one for each opposing stone on a location he
//! controls (dead stone; so a dead stone counts twice: its location and itself), one for each
//! opposing stone removed during the game, no matter by whom (captive); White adds komi.
//!
//! Who controls what is an input here ([`Control::from_assessment`]); deciding it by rules
//! 14–17 is the control solver's job (issue 5). Two forms of input:
//!
//! * **given** ([`ControlMode::Given`]): the assessment lists each player's controlled
//!   locations (`territory`: the record's `TB`/`TW` markup, or the solver's answer). A stone
//!   covered by the opponent's list is dead; so is every stone in `dead`, whose location the
//!   opponent controls. Each player also controls the locations of his own live stones (they
//!   never score for him, but they matter for mutual control).
//! * **agreement** ([`ControlMode::Agreement`]): no controlled locations are listed — rule
//!   17's counting after the claims (`ljr.md` §8.2): the stones claimed dead (`dead`) are
//!   treated as gone; then each empty location that neither is nor contacts a location
//!   claimed neutral (`neutral`), and that contacts stones of exactly one player, is
//!   controlled by that player. With no claims at all (assessment source `none`) this is
//!   "control by agreement with no claims". A dead stone's location is controlled by the
//!   opponent of its owner in any case.

use crate::game::PauliGame;
use rules_core::score::point_mask;
use rules_core::{
    Assessment, AssessmentSource, Board, Color, PerColor, Point, PointKind, PointValue,
    ScoreBreakdown, ScoreError, ScoreNote, ScoringInput, ScoringMethod, SideScore,
};

/// How control was obtained from the assessment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ControlMode {
    /// Each player's controlled locations are listed (markup, the user, or the solver).
    Given,
    /// Rule 17's counting by agreement: dead and neutral claims, then empty locations that
    /// contact one player's stones only.
    Agreement,
}

/// Who controls which location (rule 14's outcome, here taken from outside).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Control {
    /// How it was obtained.
    pub mode: ControlMode,
    controlled: PerColor<Vec<bool>>,
    /// The stones taken as dead (named dead, or covered by the opponent's control), in point
    /// order.
    pub dead: Vec<Point>,
    /// Dead marks on empty locations, ignored.
    pub ignored_dead: Vec<Point>,
    /// Neutral claims on occupied locations, ignored (rule 17 claims empty locations).
    pub ignored_neutral: Vec<Point>,
    /// Dead stones whose location the counting by agreement alone would not give to the
    /// opponent (their region also touches the owner's stones); it is given to him anyway.
    pub dead_in_mixed_regions: Vec<Point>,
}

impl Control {
    /// Nobody controls anything yet, on a board of `n` points.
    fn empty(mode: ControlMode, n: usize) -> Control {
        Control {
            mode,
            controlled: PerColor::new(vec![false; n], vec![false; n]),
            dead: Vec::new(),
            ignored_dead: Vec::new(),
            ignored_neutral: Vec::new(),
            dead_in_mixed_regions: Vec::new(),
        }
    }

    /// Control from an assessment of the end position on `board`: [`ControlMode::Given`]
    /// when the assessment lists controlled locations for either player or comes from the
    /// solver (source `auto`), [`ControlMode::Agreement`] otherwise. Empty locations listed
    /// as undecided count as they stand: rule 17's counting with the decided dead stones gone
    /// gives them to the player whose stones alone their region contacts.
    #[must_use]
    pub fn from_assessment(board: &Board, a: &Assessment) -> Control {
        let n = board.len();
        // A territory list that names no empty location says nothing about territory: it only
        // marks the stones it covers as dead (a referee writing TB/TW over dead stones alone).
        // Control is then counted by agreement with those stones dead.
        let names_empty_points = Color::BOTH
            .iter()
            .any(|&c| a.territory[c].iter().any(|&x| board.is_empty_at(x)));
        let given = a.source == AssessmentSource::Proved || names_empty_points;
        let mut c = Control::empty(
            if given {
                ControlMode::Given
            } else {
                ControlMode::Agreement
            },
            n,
        );
        let mut dead = vec![false; n];
        if !given {
            for c in Color::BOTH {
                for &x in &a.territory[c] {
                    if board.get(x) == Some(c.opp()) {
                        dead[x.index()] = true;
                    }
                }
            }
        }
        for &x in &a.dead {
            if board.is_empty_at(x) {
                c.ignored_dead.push(x);
            } else {
                dead[x.index()] = true;
            }
        }
        if given {
            for color in Color::BOTH {
                for &x in &a.territory[color] {
                    c.controlled[color][x.index()] = true;
                }
            }
            // A stone on a location its owner's opponent controls is dead.
            for x in board.topology().points() {
                if let Some(s) = board.get(x) {
                    if c.controlled[s.opp()][x.index()] {
                        dead[x.index()] = true;
                    }
                }
            }
        } else {
            c.agreement(board, a, &dead);
        }
        for x in board.topology().points() {
            let Some(s) = board.get(x) else { continue };
            if dead[x.index()] {
                c.dead.push(x);
                if !c.controlled[s.opp()][x.index()] {
                    if !given {
                        c.dead_in_mixed_regions.push(x);
                    }
                    c.controlled[s.opp()][x.index()] = true;
                }
            } else if given {
                c.controlled[s][x.index()] = true;
            }
        }
        if given && !a.undecided.is_empty() {
            // What the control test could not decide counts as it stands: rule 17's counting
            // with the decided dead stones gone, as if the players had agreed on the board.
            // A stone there stands for its owner (set above); an empty location is his whose
            // stones alone its region contacts, else nobody's — unless he is known not to
            // control it (`ruled_out`: a dispute would overturn that count, rule 17), when it
            // is nobody's.
            let mut stand = Control::empty(ControlMode::Agreement, n);
            stand.agreement(board, a, &dead);
            let ruled_out = PerColor::new(
                point_mask(&a.ruled_out[Color::Black], n),
                point_mask(&a.ruled_out[Color::White], n),
            );
            for &x in &a.undecided {
                if board.is_empty_at(x) {
                    for color in Color::BOTH {
                        c.controlled[color][x.index()] =
                            stand.controlled[color][x.index()] && !ruled_out[color][x.index()];
                    }
                }
            }
        }
        c.ignored_dead.sort_unstable();
        c.ignored_dead.dedup();
        c
    }

    /// Rule 17's counting: claimed-dead stones treated as gone; empty regions (r13: an empty
    /// location contacts exactly the locations next to its empty region) that hold no
    /// neutral claim and touch stones of one player only are that player's.
    fn agreement(&mut self, board: &Board, a: &Assessment, dead: &[bool]) {
        let topo = board.topology();
        let n = board.len();
        let mut coloring = board.coloring();
        for (i, d) in dead.iter().enumerate() {
            if *d {
                coloring[i] = None;
            }
        }
        let mut neutral = vec![false; n];
        for &x in &a.neutral {
            if board.is_empty_at(x) {
                neutral[x.index()] = true;
            } else {
                self.ignored_neutral.push(x);
            }
        }
        let mut seen = vec![false; n];
        let (mut region, mut stack) = (Vec::new(), Vec::new());
        for start in topo.points() {
            if coloring[start.index()].is_some() || seen[start.index()] {
                continue;
            }
            let (mut black, mut white, mut claimed_neutral) = (false, false, false);
            region.clear();
            seen[start.index()] = true;
            stack.push(start);
            while let Some(x) = stack.pop() {
                region.push(x);
                claimed_neutral |= neutral[x.index()];
                for &y in topo.neighbors(x) {
                    match coloring[y.index()] {
                        Some(Color::Black) => black = true,
                        Some(Color::White) => white = true,
                        None if !seen[y.index()] => {
                            seen[y.index()] = true;
                            stack.push(y);
                        }
                        None => {}
                    }
                }
            }
            let owner = match (black, white) {
                (true, false) => Color::Black,
                (false, true) => Color::White,
                _ => continue,
            };
            if claimed_neutral {
                continue;
            }
            for x in &region {
                self.controlled[owner][x.index()] = true;
            }
        }
    }

    /// Whether `color` controls `x`.
    #[must_use]
    pub fn controls(&self, color: Color, x: Point) -> bool {
        self.controlled[color][x.index()]
    }

    /// The locations `color` controls, in point order.
    #[must_use]
    pub fn controlled(&self, color: Color) -> Vec<Point> {
        (0..self.controlled[color].len())
            .filter(|&i| self.controlled[color][i])
            .map(Point::from_index)
            .collect()
    }

    /// Locations both players control (`ljr.md` A21: not excluded by the text; counted for
    /// both and flagged).
    #[must_use]
    pub fn mutual(&self) -> Vec<Point> {
        (0..self.controlled.black.len())
            .filter(|&i| self.controlled.black[i] && self.controlled.white[i])
            .map(Point::from_index)
            .collect()
    }
}

/// Notes on the empty locations that look like one player's territory — their region
/// contacts his stones only, so counting by agreement (rule 17) would give them to him —
/// but that the control test decided for nobody: the test proved he does not control them
/// (they are not among `undecided`) and the opponent does not either. One note per player,
/// listing those locations and the dame (empty locations whose region contacts both
/// colours and that the test gave to nobody) next to the chains around them: rule 14 fills
/// everything outside the set with opposing stones, those dame included, and lets the
/// opponent start, so such a dame can cost the wall the liberty it needs (an unfinished
/// boundary); without one, the note says so and claims no cause. Records scored by the
/// players' agreement count these locations for the player, hence the note: it says where a
/// count under these rules departs from theirs, and why.
fn territory_for_nobody(board: &Board, control: &Control, undecided: &[Point]) -> Vec<ScoreNote> {
    let topo = board.topology();
    let area = rules_core::AreaMap::of(board);
    let open = point_mask(undecided, board.len());
    // Decided, and controlled by neither player.
    let nobodys = |x: Point| {
        !open[x.index()] && !control.controls(Color::Black, x) && !control.controls(Color::White, x)
    };
    let mut notes = Vec::new();
    for c in Color::BOTH {
        let lost: Vec<Point> = topo
            .points()
            .filter(|&x| area.owner[x.index()] == rules_core::AreaOwner::Territory(c) && nobodys(x))
            .collect();
        if lost.is_empty() {
            continue;
        }
        // The chains around them, and the dame next to those chains.
        let mut in_wall = vec![false; board.len()];
        let mut dame = vec![false; board.len()];
        for &x in &lost {
            for &y in topo.neighbors(x) {
                if board.get(y) != Some(c) || in_wall[y.index()] {
                    continue;
                }
                for s in board.chain(y) {
                    in_wall[s.index()] = true;
                    for &z in topo.neighbors(s) {
                        // A dame: its region contacts both colours, and the control test
                        // gave it to nobody (a location next to a dead stone is not one).
                        if area.owner[z.index()] == rules_core::AreaOwner::Shared && nobodys(z) {
                            dame[z.index()] = true;
                        }
                    }
                }
            }
        }
        let dame: Vec<Point> = topo.points().filter(|x| dame[x.index()]).collect();
        notes.push(ScoreNote::TerritoryForNobody {
            color: c,
            lost,
            dame,
        });
    }
    notes
}

/// Rule 5 for `game`'s current position.
pub(crate) fn score(
    game: &PauliGame,
    input: &ScoringInput<'_>,
) -> Result<ScoreBreakdown, ScoreError> {
    let board = game.board();
    let topo = board.topology();
    let control = Control::from_assessment(board, input.assessment);
    let captives = game.captives();

    let mut territory = PerColor::new(0u32, 0u32);
    let mut dead = PerColor::new(0u32, 0u32);
    let mut dame = 0;
    for x in topo.points() {
        let here = board.get(x);
        for c in Color::BOTH {
            if control.controls(c, x) {
                if here != Some(c) {
                    territory[c] += 1;
                }
                if here == Some(c.opp()) {
                    dead[c] += 1;
                }
            }
        }
        if here.is_none()
            && !control.controls(Color::Black, x)
            && !control.controls(Color::White, x)
        {
            dame += 1;
        }
    }
    let side = |c: Color| SideScore {
        territory: territory[c],
        dead: dead[c],
        captures: captives[c],
        komi: if c == Color::White { input.komi } else { 0.0 },
        ..SideScore::default()
    };
    let mut s = ScoreBreakdown::new(
        ScoringMethod::Territory,
        side(Color::Black),
        side(Color::White),
        input.komi,
    );
    s.dame = dame;
    s.assessment = input.assessment.source;
    // By colour of the stones: White's dead stones are the ones Black counts.
    s.dead_stones = PerColor::new(dead.white, dead.black);
    s.set_undecided(&input.assessment.undecided, topo);

    let source = input.assessment.source;
    s.noted.push(match control.mode {
        ControlMode::Given => ScoreNote::ControlGiven { source },
        ControlMode::Agreement => ScoreNote::ControlByAgreement {
            source,
            dead: control.dead.len() as u32,
            neutral: (input.assessment.neutral.len() - control.ignored_neutral.len()) as u32,
        },
    });
    if s.undecided > 0 {
        s.noted.push(ScoreNote::ControlUndecided {
            locations: s.undecided,
        });
    }
    if source == AssessmentSource::Proved {
        s.noted.extend(territory_for_nobody(
            board,
            &control,
            &input.assessment.undecided,
        ));
    }
    s.noted
        .extend(input.assessment.live_stones_noted(board, &control.dead));
    if !control.ignored_dead.is_empty() {
        s.noted
            .push(ScoreNote::IgnoredDeadMarks(control.ignored_dead.clone()));
    }
    if !control.ignored_neutral.is_empty() {
        s.noted.push(ScoreNote::IgnoredNeutralClaims(
            control.ignored_neutral.clone(),
        ));
    }
    if !control.dead_in_mixed_regions.is_empty() {
        s.noted.push(ScoreNote::DeadInMixedRegions(
            control.dead_in_mixed_regions.clone(),
        ));
    }
    let mutual = control.mutual();
    if !mutual.is_empty() {
        s.noted.push(ScoreNote::ControlledByBoth(mutual));
    }
    let removed = rules_core::GameState::tally(game).removed_by_cycles;
    if removed.black + removed.white > 0 {
        s.noted.push(ScoreNote::RemovedByCycles(removed));
    }
    if input.komi.fract() != 0.0 || input.komi < 0.0 {
        s.noted.push(ScoreNote::KomiNotWhole(input.komi));
    }
    if input.handicap > 0 {
        s.noted.push(ScoreNote::HandicapIgnored {
            handicap: input.handicap,
        });
    }
    Ok(s)
}

/// Rule 5 point by point: a controlled location not holding the controller's stone is worth
/// one point to him, and one more if an opposing (dead) stone sits on it; live stones count
/// for nobody; locations nobody controls count for nobody. Sums to [`score`] less captives
/// and komi.
pub(crate) fn point_values(
    game: &PauliGame,
    input: &ScoringInput<'_>,
) -> Result<Vec<PointValue>, ScoreError> {
    let board = game.board();
    let control = Control::from_assessment(board, input.assessment);
    let undecided = point_mask(&input.assessment.undecided, board.len());
    Ok(board
        .topology()
        .points()
        .map(|x| {
            let here = board.get(x);
            let mut worth = PerColor::new(0.0, 0.0);
            for c in Color::BOTH {
                if control.controls(c, x) {
                    if here != Some(c) {
                        worth[c] += 1.0;
                    }
                    if here == Some(c.opp()) {
                        worth[c] += 1.0;
                    }
                }
            }
            let (b, w) = (
                control.controls(Color::Black, x),
                control.controls(Color::White, x),
            );
            let kind = match here {
                _ if b && w => PointKind::Mutual,
                Some(s) if control.controls(s.opp(), x) => PointKind::DeadStone(s),
                Some(s) => PointKind::UncountedStone(s),
                None if b => PointKind::Territory(Color::Black),
                None if w => PointKind::Territory(Color::White),
                None if undecided[x.index()] => PointKind::Undecided,
                None => PointKind::Dame,
            };
            PointValue {
                black: worth.black,
                white: worth.white,
                kind,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// White's territory ga–gc sits behind the stone gd, whose second liberty is the dame
    /// ge (`fixtures/control/territory-lost-to-an-unfinished-boundary`): control given as the
    /// control test decides it — White controls his three eyes, Black his seven.
    fn position() -> (Board, Assessment) {
        let b = Board::from_diagram(&[
            ".O.O.O.", "OOOOOO.", "OOOOOO.", "XXXXXXO", ".X.X.X.", "XXXXXXX", ".X.X.X.",
        ])
        .unwrap();
        let at = |s: &str| b.topology().parse_sgf(s).unwrap();
        let a = Assessment {
            source: AssessmentSource::Proved,
            territory: PerColor::new(
                ["ae", "ce", "ee", "ag", "cg", "eg", "gg"].map(at).to_vec(),
                ["aa", "ca", "ea"].map(at).to_vec(),
            ),
            ..Assessment::default()
        };
        (b, a)
    }

    #[test]
    fn a_territory_given_to_nobody_is_named_with_the_dame_next_to_its_wall() {
        let (b, a) = position();
        let at = |s: &str| b.topology().parse_sgf(s).unwrap();
        let notes = territory_for_nobody(&b, &Control::from_assessment(&b, &a), &[]);
        assert_eq!(
            notes,
            [ScoreNote::TerritoryForNobody {
                color: Color::White,
                lost: ["ga", "gb", "gc"].map(at).to_vec(),
                dame: vec![at("ge")],
            }]
        );
    }

    #[test]
    fn undecided_or_controlled_locations_get_no_such_note() {
        let (b, mut a) = position();
        let open: Vec<Point> = ["ga", "gb", "gc"]
            .map(|s| b.topology().parse_sgf(s).unwrap())
            .to_vec();
        // Undecided: the test proved nothing, so the note would claim too much.
        let notes = territory_for_nobody(&b, &Control::from_assessment(&b, &a), &open);
        assert!(notes.is_empty(), "{notes:?}");
        // Controlled by White: nothing departs from the players' count.
        a.territory.white.extend(open);
        let notes = territory_for_nobody(&b, &Control::from_assessment(&b, &a), &[]);
        assert!(notes.is_empty(), "{notes:?}");
    }

    #[test]
    fn a_location_the_test_gave_to_a_player_is_no_dame() {
        // ge's region contacts both colours as the board stands (as next to a dead stone),
        // but the control test gave it to White: it is his, not a dame.
        let (b, mut a) = position();
        a.territory
            .white
            .push(b.topology().parse_sgf("ge").unwrap());
        let notes = territory_for_nobody(&b, &Control::from_assessment(&b, &a), &[]);
        assert!(
            matches!(&notes[..], [ScoreNote::TerritoryForNobody { color: Color::White, lost, dame }]
                if lost.len() == 3 && dame.is_empty()),
            "{notes:?}"
        );
    }

    #[test]
    fn without_a_dame_next_to_the_wall_no_cause_is_claimed() {
        // The same, with the dame ge filled by White: gd–ge now has the liberty gc only.
        let (mut b, a) = position();
        let ge = b.topology().parse_sgf("ge").unwrap();
        b.setup(&[(ge, Some(Color::White))]);
        let notes = territory_for_nobody(&b, &Control::from_assessment(&b, &a), &[]);
        assert!(
            matches!(&notes[..], [ScoreNote::TerritoryForNobody { color: Color::White, lost, dame }]
                if lost.len() == 3 && dame.is_empty()),
            "{notes:?}"
        );
    }
}
