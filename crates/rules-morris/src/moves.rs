//! Moves (atomic turns with their shots) and their notation.
//!
//! A placement is written `d2`, a step or fly `a1-d1`, shots follow with `x` (`d2xb4`,
//! `f2xb4xe4`), and a pass is `pass`. Parsing is forgiving (any case, spaces, `:` or `-` or
//! nothing between points); printing is canonical (lower case, `-`, shots sorted by name).

use crate::point::{Point, points_of};
use std::fmt;
use std::str::FromStr;

const NONE: u8 = u8::MAX;

/// One turn: a placement, a step or fly, or a pass, with every cow it shoots.
///
/// A `Move` is small and `Copy`. Parsing one from text checks only its syntax; whether it is
/// legal is a question for a [`crate::Position`].
#[derive(Clone, Copy, Eq)]
// Laid out without padding (the last field is always zero), so that comparing two moves is one
// comparison of eight bytes: the search compares moves at every node.
#[repr(C, align(8))]
pub struct Move {
    shots: u32,
    from: u8,
    to: u8,
    zero: u16,
}

impl Move {
    /// Every field in one word, for comparing without a branch a field.
    #[inline]
    fn word(self) -> u64 {
        u64::from(self.shots)
            | u64::from(self.from) << 32
            | u64::from(self.to) << 40
            | u64::from(self.zero) << 48
    }
}

// By hand, not derived: the derived comparison tests the fields one by one, a branch each, where
// the search compares moves at every node; this one compares the word. `Hash` hashes the same
// word, so equal moves hash alike.
impl PartialEq for Move {
    #[inline]
    fn eq(&self, other: &Move) -> bool {
        self.word() == other.word()
    }
}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.word());
    }
}

/// What kind of turn a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A cow from the hand is placed on a point.
    Place {
        /// Where.
        to: Point,
    },
    /// A cow moves along a line, or flies, from one point to another.
    Move {
        /// From where.
        from: Point,
        /// To where.
        to: Point,
    },
    /// The player is blocked and passes (only under `blocked=pass`).
    Pass,
}

impl Move {
    /// A placement on `to`, shooting nothing.
    #[must_use]
    pub const fn place(to: Point) -> Move {
        Move {
            from: NONE,
            to: to.index() as u8,
            shots: 0,
            zero: 0,
        }
    }

    /// A step or fly from `from` to `to`, shooting nothing.
    #[must_use]
    pub const fn step(from: Point, to: Point) -> Move {
        Move {
            from: from.index() as u8,
            to: to.index() as u8,
            shots: 0,
            zero: 0,
        }
    }

    /// A pass.
    #[must_use]
    pub const fn pass() -> Move {
        Move {
            from: NONE,
            to: NONE,
            shots: 0,
            zero: 0,
        }
    }

    /// The same move shooting the cows on these points as well.
    #[must_use]
    pub fn with_shots(mut self, shots: impl IntoIterator<Item = Point>) -> Move {
        for p in shots {
            self.shots |= p.bit();
        }
        self
    }

    pub(crate) const fn raw(from: u8, to: u8, shots: u32) -> Move {
        Move {
            shots,
            from,
            to,
            zero: 0,
        }
    }

    /// What kind of turn this is.
    #[must_use]
    pub fn kind(self) -> MoveKind {
        match (self.from(), self.to()) {
            (_, None) => MoveKind::Pass,
            (None, Some(to)) => MoveKind::Place { to },
            (Some(from), Some(to)) => MoveKind::Move { from, to },
        }
    }

    /// The point a moving cow leaves (none for a placement or a pass).
    #[must_use]
    pub fn from(self) -> Option<Point> {
        Point::from_index(self.from as usize)
    }

    /// The point a cow is placed or moved on (none for a pass).
    #[must_use]
    pub fn to(self) -> Option<Point> {
        Point::from_index(self.to as usize)
    }

    /// Whether this is a pass.
    #[must_use]
    pub const fn is_pass(self) -> bool {
        self.to == NONE
    }

    /// Whether this is a placement.
    #[must_use]
    pub const fn is_placement(self) -> bool {
        self.from == NONE && self.to != NONE
    }

    /// A bound on [`Move::route`]: every route is below it.
    pub const ROUTES: usize = 32 * 32;

    /// The move's route as one number below [`Move::ROUTES`], naming its origin and target
    /// points (each by its index, 31 standing for none), for tables indexed by where moves go,
    /// such as a search's history of good moves. Distinct routes give distinct numbers; shots
    /// do not count.
    #[must_use]
    #[inline]
    pub const fn route(self) -> usize {
        ((self.from as usize & 31) << 5) | (self.to as usize & 31)
    }

    pub(crate) const fn origin_raw(self) -> u8 {
        self.from
    }

    pub(crate) const fn target_raw(self) -> u8 {
        self.to
    }

    /// The bit set of the points whose cows are shot.
    #[must_use]
    pub const fn shot_bits(self) -> u32 {
        self.shots
    }

    /// The points whose cows are shot, sorted by name.
    #[must_use]
    pub fn shots(self) -> Vec<Point> {
        let mut v: Vec<Point> = points_of(self.shots).collect();
        v.sort_by_key(|p| p.label());
        v
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            MoveKind::Pass => return f.write_str("pass"),
            MoveKind::Place { to } => write!(f, "{to}")?,
            MoveKind::Move { from, to } => write!(f, "{from}-{to}")?,
        }
        for p in self.shots() {
            write!(f, "x{p}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// Text that is not a move in mill notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSyntaxError {
    /// What was given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for MoveSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a move: {} (write a placement as d2, a move as a1-d1, shots as d2xb4, or pass)",
            crate::quoted(&self.text),
            self.reason
        )
    }
}
impl std::error::Error for MoveSyntaxError {}

fn parse_points(text: &str, part: &str) -> Result<Vec<Point>, String> {
    if part.is_empty() {
        return Err("a point is missing".to_owned());
    }
    if !part.len().is_multiple_of(2) || !part.is_ascii() {
        return Err(format!(
            "{} is not made of point names like d2",
            crate::quoted(part)
        ));
    }
    let _ = text;
    (0..part.len())
        .step_by(2)
        .map(|i| part[i..i + 2].parse::<Point>().map_err(|e| e.to_string()))
        .collect()
}

impl FromStr for Move {
    type Err = MoveSyntaxError;

    /// Parses a move's syntax (not its legality), forgiving case, spaces and separators.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |reason: String| MoveSyntaxError {
            text: s.to_owned(),
            reason,
        };
        let cleaned: String = s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-' && *c != ':')
            .flat_map(char::to_lowercase)
            .collect();
        if cleaned.is_empty() {
            return Err(err("it is empty".to_owned()));
        }
        if cleaned == "pass" {
            return Ok(Move::pass());
        }
        let mut parts = cleaned.split('x');
        let head = parts.next().unwrap_or_default();
        let points = parse_points(s, head).map_err(err)?;
        let mut mv = match points.as_slice() {
            [to] => Move::place(*to),
            [from, to] if from == to => return Err(err(format!("it moves from {from} to {from}"))),
            [from, to] => Move::step(*from, *to),
            _ => {
                return Err(err(
                    "a move names one point (placement) or two (from and to)".to_owned(),
                ));
            }
        };
        for part in parts {
            let shot = parse_points(s, part).map_err(|r| err(format!("after x: {r}")))?;
            let [p] = shot.as_slice() else {
                return Err(err("each x is followed by exactly one point".to_owned()));
            };
            if mv.shots & p.bit() != 0 {
                return Err(err(format!("{p} is shot twice")));
            }
            mv.shots |= p.bit();
        }
        Ok(mv)
    }
}

/// Why a well-formed move is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game is already over.
    GameOver,
    /// The point is not on this board (such as d4 off the Sotho board).
    NotOnBoard(Point),
    /// A cow stands on the target point already.
    Occupied(Point),
    /// The player still has cows in hand and must place one.
    MustPlace,
    /// The player has no cows left in hand to place.
    NothingInHand,
    /// There is no cow of the player's on this point.
    NotYourCow(Point),
    /// The two points are not joined by a line, and the player cannot fly.
    NotAdjacent(Point, Point),
    /// The cow may not move straight back into the mill it just left (`remake=no-immediate-return`).
    ReturnBan(Point, Point),
    /// The move closes no mill, so it earns no shot.
    NoMill,
    /// The move earns more shots than it takes.
    MissingShot {
        /// Shots the move must take.
        owed: u32,
        /// Shots it takes.
        given: u32,
    },
    /// The move takes more shots than it earns.
    TooManyShots {
        /// Shots the move may take.
        owed: u32,
        /// Shots it takes.
        given: u32,
    },
    /// There is no opponent cow on this point to shoot.
    NothingToShoot(Point),
    /// The cow stands in a mill and may not be shot now.
    ProtectedCow(Point),
    /// The player is not blocked, so may not pass.
    CannotPass,
    /// The player is blocked and must pass.
    MustPass,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::NotOnBoard(p) => write!(f, "{p} is not a point of this board"),
            IllegalMove::Occupied(p) => write!(f, "{p} is occupied"),
            IllegalMove::MustPlace => {
                f.write_str("you still have cows in hand: place one on an empty point")
            }
            IllegalMove::NothingInHand => {
                f.write_str("you have no cows left in hand: move a cow (from-to)")
            }
            IllegalMove::NotYourCow(p) => write!(f, "there is no cow of yours on {p}"),
            IllegalMove::NotAdjacent(a, b) => write!(f, "{a} and {b} are not joined by a line"),
            IllegalMove::ReturnBan(a, b) => {
                write!(
                    f,
                    "the cow on {a} may not go straight back to {b} to re-form a mill this turn"
                )
            }
            IllegalMove::NoMill => f.write_str("this move closes no mill, so it shoots nothing"),
            IllegalMove::MissingShot { owed, given } => {
                write!(
                    f,
                    "this move closes a mill: it must shoot {owed} cow(s), not {given}"
                )
            }
            IllegalMove::TooManyShots { owed, given } => {
                write!(f, "this move may shoot only {owed} cow(s), not {given}")
            }
            IllegalMove::NothingToShoot(p) => write!(f, "there is no opponent cow on {p} to shoot"),
            IllegalMove::ProtectedCow(p) => {
                write!(
                    f,
                    "the cow on {p} stands in a mill and is protected while other cows are not"
                )
            }
            IllegalMove::CannotPass => f.write_str("you can move, so you may not pass"),
            IllegalMove::MustPass => f.write_str("you have no legal move and must pass"),
        }
    }
}
impl std::error::Error for IllegalMove {}

/// A move given as text that cannot be played: either not a move at all, or illegal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move.
    Syntax(MoveSyntaxError),
    /// The move is not legal in the position.
    Illegal {
        /// The move, in canonical notation.
        mv: Move,
        /// Why it is illegal.
        reason: IllegalMove,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(e) => e.fmt(f),
            MoveError::Illegal { mv, reason } => write!(f, "{mv} is illegal: {reason}"),
        }
    }
}
impl std::error::Error for MoveError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> String {
        s.parse::<Move>()
            .map(|m| m.to_string())
            .unwrap_or_else(|e| format!("error: {}", e.reason))
    }

    #[test]
    fn notation_is_forgiving_on_input_and_canonical_on_output() {
        assert_eq!(m("D2"), "d2");
        assert_eq!(m("a1 d1"), "a1-d1");
        assert_eq!(m("a1:d1"), "a1-d1");
        assert_eq!(m("a1d1"), "a1-d1");
        assert_eq!(m(" A1 - D1 X G7 "), "a1-d1xg7");
        assert_eq!(m("f2xe4xb4"), "f2xb4xe4");
        assert_eq!(m("PASS"), "pass");
    }

    #[test]
    fn bad_move_text_gets_a_syntax_error_naming_the_problem() {
        assert_eq!(m(""), "error: it is empty");
        assert!(m("h9").contains("not a point"), "{}", m("h9"));
        assert!(m("a1-a1").contains("from a1 to a1"));
        assert!(m("a1d1g1").contains("one point"));
        assert!(m("d2x").contains("after x"));
        assert!(m("d2xb4xb4").contains("twice"));
        assert!(m("d2xb4e4").contains("exactly one"));
        assert!(m("ü").contains("point names"));
    }
}
