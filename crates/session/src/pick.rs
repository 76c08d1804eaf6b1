//! Building a move from clicks or key presses on the board, the same way in every front end.
//!
//! A mill-game turn can take several picks: the cow to move (not while placing), where it
//! goes, then the cow or cows a mill shoots. [`MorrisPick`] keeps the picks so far, says which
//! points may be picked next (for highlighting) and hands back the whole move once it is
//! complete. A mancala turn is one pick: [`mancala_move_at`].
//!
//! Picking works only from the legal moves, so it can never build an illegal move, and it
//! needs no rule of its own: a shot is asked for exactly when the legal moves carry one.
//!
//! ```
//! use kraal_rules_morris::{Options, Point, Position};
//! use kraal_session::pick::{MorrisPick, Picked, Stage};
//!
//! let pos = Position::new(Options::default());
//! let mut pick = MorrisPick::default();
//! assert_eq!(pick.stage(&pos), Stage::Place);
//! let d7: Point = "d7".parse().unwrap();
//! let Picked::Move(mv) = pick.click(&pos, d7) else { panic!() };
//! assert_eq!(mv.to_string(), "d7");
//! ```

use kraal_rules_mancala as mancala;
use kraal_rules_morris::{Color, Move, Phase, Point, Position};

/// What the next pick of a mill-game turn chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// A point to place a cow from the hand on.
    Place,
    /// One of the mover's cows to move.
    From,
    /// Where the picked cow goes.
    To(Point),
    /// A cow to shoot; `left` shots remain after this one is picked (0 for the last).
    Shoot {
        /// Shots still to pick after this one.
        left: usize,
    },
    /// The only legal move is to pass (Koti's rule for a blocked player).
    Pass,
    /// Nothing can be picked: the game is over.
    None,
}

/// What a click did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked {
    /// The pick was taken; more are needed (see [`MorrisPick::stage`]).
    More,
    /// The turn is complete: this legal move.
    Move(Move),
    /// The point cannot be picked now, and why.
    Refused(Refusal),
}

/// Why a point cannot be picked, read from the position (no rule of its own): each front end
/// words it, or uses its `Display`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// The player cannot move and must pass.
    MustPass,
    /// A point taken by a cow of this colour.
    Taken(Color),
    /// A point where no cow may be placed now, though it is empty.
    CannotPlace,
    /// An empty point, where one of the mover's cows was wanted.
    Empty,
    /// A cow of the other side, where one of the mover's was wanted.
    NotYours {
        /// The other side.
        owner: Color,
    },
    /// One of the mover's cows that cannot move: no point next to it is free.
    Blocked,
    /// A point the picked cow cannot reach: not next to it along a line.
    NotNext {
        /// The picked cow's point.
        from: Point,
    },
    /// A point the picked (flying) cow may not go to now.
    NotThere {
        /// The picked cow's point.
        from: Point,
    },
    /// An empty point, where a cow to shoot was wanted.
    NothingToShoot {
        /// The side whose cows may be shot.
        target: Color,
    },
    /// The shooter's own cow.
    OwnCow {
        /// The side whose cows may be shot.
        target: Color,
    },
    /// A cow that stands in a mill and is safe from this shot.
    InMill,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = |c: Color| if c == Color::White { "White" } else { "Black" };
        match *self {
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::MustPass => f.write_str("you cannot move: pass instead"),
            Refusal::Taken(c) => write!(
                f,
                "that point is taken by a {} cow; place yours on an empty point",
                name(c).to_lowercase()
            ),
            Refusal::CannotPlace => f.write_str("you cannot place a cow there"),
            Refusal::Empty => f.write_str("that point is empty; pick one of your cows to move it"),
            Refusal::NotYours { owner } => {
                write!(f, "that is {}'s cow; pick one of yours", name(owner))
            }
            Refusal::Blocked => {
                f.write_str("that cow is blocked: no point next to it is free; pick another")
            }
            Refusal::NotNext { from } => write!(
                f,
                "it is not next to {from}: a cow moves along a line to the next free point"
            ),
            Refusal::NotThere { from } => write!(f, "the cow on {from} may not go there now"),
            Refusal::NothingToShoot { target } => write!(
                f,
                "that point is empty; shoot one of {}'s highlighted cows",
                name(target)
            ),
            Refusal::OwnCow { target } => write!(
                f,
                "that is your own cow; shoot one of {}'s highlighted cows",
                name(target)
            ),
            Refusal::InMill => {
                f.write_str("that cow stands in a mill; shoot one of the highlighted cows")
            }
        }
    }
}

/// The picks made so far in a mill-game turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MorrisPick {
    from: Option<Point>,
    to: Option<Point>,
    shots: u32,
}

impl MorrisPick {
    /// Forgets every pick (Esc).
    pub fn clear(&mut self) {
        *self = MorrisPick::default();
    }

    /// Whether nothing has been picked yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == MorrisPick::default()
    }

    /// The cow picked to move, if any.
    #[must_use]
    pub fn from(&self) -> Option<Point> {
        self.from
    }

    /// The point picked to place or move to, if any.
    #[must_use]
    pub fn to(&self) -> Option<Point> {
        self.to
    }

    /// The cows picked to shoot so far.
    #[must_use]
    pub fn shots(&self) -> Vec<Point> {
        Point::all().filter(|p| self.shots & p.bit() != 0).collect()
    }

    /// The legal moves that agree with the picks so far.
    fn candidates(&self, pos: &Position) -> Vec<Move> {
        pos.legal_moves()
            .into_iter()
            .filter(|m| {
                !m.is_pass()
                    && (self.from.is_none() || m.from() == self.from)
                    && (self.to.is_none() || m.to() == self.to)
                    && m.shot_bits() & self.shots == self.shots
            })
            .collect()
    }

    /// What the next pick chooses in `pos`.
    #[must_use]
    pub fn stage(&self, pos: &Position) -> Stage {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return Stage::None;
        }
        if legal.iter().all(|m| m.is_pass()) {
            return Stage::Pass;
        }
        if self.to.is_some() {
            let most = self
                .candidates(pos)
                .iter()
                .map(|m| m.shot_bits().count_ones())
                .max()
                .unwrap_or(0);
            let left = most.saturating_sub(self.shots.count_ones() + 1) as usize;
            return Stage::Shoot { left };
        }
        match self.from {
            Some(from) => Stage::To(from),
            None if legal.iter().any(|m| m.is_placement()) => Stage::Place,
            None => Stage::From,
        }
    }

    /// The points that may be picked next (to highlight them).
    #[must_use]
    pub fn targets(&self, pos: &Position) -> Vec<Point> {
        let stage = self.stage(pos);
        let mut bits = 0u32;
        for m in self.candidates(pos) {
            bits |= match stage {
                Stage::Place | Stage::To(_) => m.to().map_or(0, Point::bit),
                Stage::From => m.from().map_or(0, Point::bit),
                Stage::Shoot { .. } => m.shot_bits() & !self.shots,
                Stage::Pass | Stage::None => 0,
            };
        }
        Point::all().filter(|p| bits & p.bit() != 0).collect()
    }

    /// Picks `point`. While choosing where a cow goes, clicking another cow that can move
    /// picks that cow instead, and clicking the picked cow again lets it go.
    pub fn click(&mut self, pos: &Position, point: Point) -> Picked {
        let stage = self.stage(pos);
        let is_target = self.targets(pos).contains(&point);
        let mover = pos.side_to_move();
        let at = pos.cow_at(point);
        match stage {
            Stage::None => return Picked::Refused(Refusal::GameOver),
            Stage::Pass => return Picked::Refused(Refusal::MustPass),
            Stage::Place if !is_target => {
                return Picked::Refused(at.map_or(Refusal::CannotPlace, Refusal::Taken));
            }
            Stage::Place => self.to = Some(point),
            Stage::From if !is_target => {
                return Picked::Refused(match at {
                    None => Refusal::Empty,
                    Some(owner) if owner != mover => Refusal::NotYours { owner },
                    Some(_) => Refusal::Blocked,
                });
            }
            Stage::From => {
                self.from = Some(point);
                return Picked::More;
            }
            Stage::To(from) if point == from => {
                self.clear();
                return Picked::More;
            }
            Stage::To(from) if !is_target => {
                let other = MorrisPick::default();
                if other.stage(pos) == Stage::From && other.targets(pos).contains(&point) {
                    self.from = Some(point);
                    return Picked::More;
                }
                return Picked::Refused(match at {
                    Some(c) => Refusal::Taken(c),
                    None if pos.phase_of(mover) == Phase::Flying => Refusal::NotThere { from },
                    None => Refusal::NotNext { from },
                });
            }
            Stage::To(_) => self.to = Some(point),
            Stage::Shoot { .. } if !is_target => {
                let target = mover.other();
                return Picked::Refused(match at {
                    None => Refusal::NothingToShoot { target },
                    Some(c) if c == mover => Refusal::OwnCow { target },
                    Some(_) => Refusal::InMill,
                });
            }
            Stage::Shoot { .. } => self.shots |= point.bit(),
        }
        self.finish(pos)
    }

    /// The move, if the picks make a whole one: a candidate with exactly the shots picked,
    /// and no candidate asking for more.
    fn finish(&mut self, pos: &Position) -> Picked {
        let candidates = self.candidates(pos);
        let wants_more = candidates.iter().any(|m| m.shot_bits() != self.shots);
        match candidates.iter().find(|m| m.shot_bits() == self.shots) {
            Some(&mv) if !wants_more => {
                self.clear();
                Picked::Move(mv)
            }
            _ => Picked::More,
        }
    }
}

/// The legal move that empties `hole`, if there is one.
///
/// # Errors
/// Why the hole cannot be played, for the player.
pub fn mancala_move_at(
    pos: &mancala::Position,
    hole: mancala::Hole,
) -> Result<mancala::Move, &'static str> {
    if pos.is_game_over() {
        return Err("the game is over");
    }
    if hole.side != pos.side_to_move() {
        return Err("that hole is your opponent's");
    }
    let mv = mancala::Move::new(pos.game(), hole.side, hole.index);
    if pos.is_legal(mv) {
        return Ok(mv);
    }
    if pos.seeds(hole) == 0 {
        Err("that hole is empty")
    } else {
        Err("that move is not allowed here (see the rules: feeding, singletons)")
    }
}

/// The holes the side to move may play (to highlight them).
#[must_use]
pub fn mancala_targets(pos: &mancala::Position) -> Vec<mancala::Hole> {
    pos.legal_moves().into_iter().map(|m| m.hole()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kraal_rules_morris::Options;

    fn p(label: &str) -> Point {
        label.parse().unwrap()
    }

    fn morris(text: &str, overrides: &[&str]) -> Position {
        let options = Options::from_rule_set("morabaraba", overrides).unwrap();
        Position::from_position_string(text, options).unwrap()
    }

    #[test]
    fn a_placement_is_one_pick() {
        let pos = Position::new(Options::default());
        let mut pick = MorrisPick::default();
        assert_eq!(pick.targets(&pos).len(), 24);
        assert_eq!(
            pick.click(&pos, p("a1")),
            Picked::Move(Move::place(p("a1")))
        );
        assert!(pick.is_empty());
    }

    #[test]
    fn a_step_is_two_picks_and_another_cow_can_be_picked_instead() {
        let pos = morris("a1,d2,g7,c5/a7,g1,f4 0:0 w", &[]);
        let mut pick = MorrisPick::default();
        assert_eq!(pick.stage(&pos), Stage::From);
        assert_eq!(
            pick.click(&pos, p("a7")),
            Picked::Refused(Refusal::NotYours {
                owner: Color::Black
            })
        );
        assert_eq!(pick.click(&pos, p("b2")), Picked::Refused(Refusal::Empty));
        assert_eq!(pick.click(&pos, p("a1")), Picked::More);
        assert_eq!(
            pick.click(&pos, p("g4")),
            Picked::Refused(Refusal::NotNext { from: p("a1") })
        );
        assert_eq!(
            pick.click(&pos, p("f4")),
            Picked::Refused(Refusal::Taken(Color::Black))
        );
        assert_eq!(pick.stage(&pos), Stage::To(p("a1")));
        assert_eq!(pick.targets(&pos), vec![p("d1"), p("b2"), p("a4")]);
        assert_eq!(pick.click(&pos, p("d2")), Picked::More);
        assert_eq!(pick.from(), Some(p("d2")));
        assert_eq!(pick.click(&pos, p("d2")), Picked::More);
        assert!(pick.is_empty());
        pick.click(&pos, p("g7"));
        assert_eq!(
            pick.click(&pos, p("d7")),
            Picked::Move(Move::step(p("g7"), p("d7")))
        );
    }

    #[test]
    fn a_refused_pick_says_why() {
        let pos = morris("a1/b6 11:11 w", &[]);
        let mut pick = MorrisPick::default();
        assert_eq!(
            pick.click(&pos, p("b6")),
            Picked::Refused(Refusal::Taken(Color::Black))
        );
        assert_eq!(
            Refusal::Taken(Color::Black).to_string(),
            "that point is taken by a black cow; place yours on an empty point"
        );
        // White's a1 is hemmed in by Black's d1, a4 and b2 (four cows: no flying).
        let pos = morris("a1,g7,c5,e5/d1,a4,b2,f6 0:0 w", &[]);
        assert_eq!(pick.click(&pos, p("a1")), Picked::Refused(Refusal::Blocked));
        // After a mill: White's own cow, an empty point, and Black's cows in a mill (d1-d2-d3
        // stands while f6 is free to shoot).
        let pos = morris("a7,d7/d1,d2,d3,f6 8:8 w", &[]);
        let mut pick = MorrisPick::default();
        assert_eq!(
            pick.click(&pos, p("g7")),
            Picked::More,
            "a7-d7-g7 is a mill"
        );
        let target = Color::Black;
        assert_eq!(
            pick.click(&pos, p("a7")),
            Picked::Refused(Refusal::OwnCow { target })
        );
        assert_eq!(
            pick.click(&pos, p("b4")),
            Picked::Refused(Refusal::NothingToShoot { target })
        );
        assert_eq!(pick.click(&pos, p("d2")), Picked::Refused(Refusal::InMill));
    }

    #[test]
    fn a_mill_asks_for_its_shot_among_the_shootable_cows() {
        // White closes a1-d1-g1 by placing g1; no Black cow stands in a mill, so any may be shot.
        let pos = morris("a1,d1/b6,f6 10:10 w", &[]);
        let mut pick = MorrisPick::default();
        assert_eq!(pick.click(&pos, p("g1")), Picked::More);
        assert_eq!(pick.stage(&pos), Stage::Shoot { left: 0 });
        assert_eq!(pick.targets(&pos), vec![p("b6"), p("f6")]);
        assert!(matches!(pick.click(&pos, p("a1")), Picked::Refused(_)));
        let Picked::Move(mv) = pick.click(&pos, p("f6")) else {
            panic!("the shot completes the move");
        };
        assert_eq!(mv, Move::place(p("g1")).with_shots([p("f6")]));
    }

    #[test]
    fn per_mill_shots_take_two_picks_for_a_double_mill() {
        // Placing d1 closes a1-d1-g1 and d1-d2-d3: two mills, two shots.
        let pos = morris("a1,g1,d2,d3/b6,f6,d7,a7 8:8 w", &["shots=per-mill"]);
        let mut pick = MorrisPick::default();
        assert_eq!(pick.click(&pos, p("d1")), Picked::More);
        assert_eq!(pick.stage(&pos), Stage::Shoot { left: 1 });
        assert_eq!(pick.click(&pos, p("b6")), Picked::More);
        assert_eq!(pick.stage(&pos), Stage::Shoot { left: 0 });
        assert!(!pick.targets(&pos).contains(&p("b6")));
        let Picked::Move(mv) = pick.click(&pos, p("a7")) else {
            panic!("the second shot completes the move");
        };
        assert_eq!(mv.shots(), vec![p("a7"), p("b6")]);
    }

    #[test]
    fn mancala_holes_are_checked_with_reasons() {
        let options = mancala::Options::from_rule_set("abapa", &[] as &[&str]).unwrap();
        let pos = mancala::Position::from_position_string("0,4,4,4,4,4/4,4,4,4,4,4 0:4 s", options)
            .unwrap();
        let south = |i| mancala::Hole::new(mancala::Side::South, i);
        assert_eq!(mancala_move_at(&pos, south(0)), Err("that hole is empty"));
        assert_eq!(
            mancala_move_at(&pos, mancala::Hole::new(mancala::Side::North, 0)),
            Err("that hole is your opponent's")
        );
        assert_eq!(mancala_move_at(&pos, south(1)).unwrap().to_string(), "B");
        assert_eq!(mancala_targets(&pos).len(), 5);
    }
}
