//! Moves: one hole of the side to move, with all sowing, relays and captures inside the turn.
//!
//! # Notation
//!
//! - Oware: the house letter, `A`..`F` for South and `a`..`f` for North (up to `L`/`l` on 12
//!   houses). Canonical output uses the mover's case; [`crate::Position::parse_move`] reads
//!   either case as a house of the side to move.
//! - Mulabalaba: the hole number 1..2N along the mover's own circuit (the same numbers for both
//!   players). `Move::from_str` alone cannot know whose hole a number is and takes it as
//!   South's; [`crate::Position::parse_move`] gives it to the side to move.
//!
//! Input is forgiving: surrounding spaces are ignored, and a number may be written `#4`.

use crate::board::{Game, Hole, Side};
use std::fmt;
use std::str::FromStr;

/// One turn: the hole the side to move empties. Small and `Copy`.
///
/// Parsing one from text checks only its syntax; whether it is legal is a question for a
/// [`crate::Position`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    game: Game,
    side: Side,
    index: u8,
}

impl Move {
    /// The move of `side` emptying its hole with this 0-based index in notation order
    /// (Oware `A`/`a` = 0; Mulabalaba hole 1 = 0).
    #[must_use]
    pub const fn new(game: Game, side: Side, index: u8) -> Move {
        Move { game, side, index }
    }

    /// The game the move is written for.
    #[must_use]
    pub const fn game(self) -> Game {
        self.game
    }

    /// The player who moves.
    #[must_use]
    pub const fn side(self) -> Side {
        self.side
    }

    /// The 0-based index of the hole in the mover's notation order.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.index
    }

    /// The hole the move empties.
    #[must_use]
    pub const fn hole(self) -> Hole {
        Hole::new(self.side, self.index)
    }

    /// The same hole for another side (used to read notation for the side to move).
    #[must_use]
    pub const fn with_side(self, side: Side) -> Move {
        Move { side, ..self }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.game {
            Game::Oware if self.index < 26 => {
                let base = if self.side == Side::South { b'A' } else { b'a' };
                write!(f, "{}", char::from(base + self.index))
            }
            Game::Oware => write!(f, "?{}", self.index),
            Game::Mulabalaba => write!(f, "{}", u32::from(self.index) + 1),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({} {} {self})", self.game, self.side)
    }
}

/// Text that is not a move in either game's notation.
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
            "{} is not a move: {} (an oware move is a house letter such as C or c, a \
             mulabalaba move a hole number such as 5)",
            crate::quoted(&self.text),
            self.reason
        )
    }
}
impl std::error::Error for MoveSyntaxError {}

/// The largest hole number in any Mulabalaba board (4x16: 32 holes per player).
const MAX_NUMBER: u32 = 32;

impl FromStr for Move {
    type Err = MoveSyntaxError;

    /// Parses a move's syntax: an Oware house letter `a`..`l` (case gives the side) or a
    /// Mulabalaba hole number 1..32 (taken as South's). Spaces around it are ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |reason: &str| MoveSyntaxError {
            text: s.to_owned(),
            reason: reason.to_owned(),
        };
        let t = s.trim();
        if t.is_empty() {
            return Err(err("it is empty"));
        }
        let digits = t.strip_prefix('#').unwrap_or(t).trim();
        if digits.bytes().all(|b| b.is_ascii_digit()) && !digits.is_empty() {
            return match digits.parse::<u32>() {
                Ok(n) if (1..=MAX_NUMBER).contains(&n) => {
                    Ok(Move::new(Game::Mulabalaba, Side::South, (n - 1) as u8))
                }
                _ => Err(err("hole numbers run from 1 to at most 32")),
            };
        }
        let mut chars = t.chars();
        match (chars.next(), chars.next()) {
            (Some(c @ 'A'..='L'), None) => Ok(Move::new(Game::Oware, Side::South, c as u8 - b'A')),
            (Some(c @ 'a'..='l'), None) => Ok(Move::new(Game::Oware, Side::North, c as u8 - b'a')),
            (Some(c), None) if c.is_ascii_alphabetic() => {
                Err(err("house letters run from a to at most l"))
            }
            _ => Err(err("write one house letter or one hole number")),
        }
    }
}

/// Why a well-formed move is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game is already over.
    GameOver,
    /// The move is written for the other game.
    WrongGame(Game),
    /// The hole belongs to the player who is not to move.
    NotYourTurn(Side),
    /// The board has no such hole.
    NoSuchHole(Move),
    /// The hole is empty.
    EmptyHole(Move),
    /// Oware: the opponent has no seeds and this move gives them none.
    MustFeed(Move),
    /// Oware (`grand-slam=illegal`): the move would capture every seed of the opponent, and
    /// another move is not a grand slam.
    GrandSlam(Move),
    /// Mulabalaba: the hole holds a single seed while another hole holds two or more.
    SingleSeed(Move),
    /// Mulabalaba: the single seed's next hole is empty while another single seed has an
    /// occupied next hole (or `singleton-fallback=no-move`).
    NextHoleEmpty(Move),
    /// Mulabalaba (`endless=illegal`): the relay sowing of this move never ends.
    Endless(Move),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::WrongGame(game) => {
                write!(f, "this is a move of the other game, not {game}")
            }
            IllegalMove::NotYourTurn(side) => {
                write!(f, "it is {}'s turn, not {side}'s", side.other())
            }
            IllegalMove::NoSuchHole(mv) => write!(f, "the board has no hole {mv}"),
            IllegalMove::EmptyHole(mv) => write!(f, "hole {mv} is empty"),
            IllegalMove::MustFeed(mv) => write!(
                f,
                "your opponent has no seeds, and {mv} gives them none: you must feed them"
            ),
            IllegalMove::GrandSlam(mv) => write!(
                f,
                "{mv} would capture every seed of your opponent (a grand slam), which is not \
                 allowed while another move is"
            ),
            IllegalMove::SingleSeed(mv) => write!(
                f,
                "hole {mv} holds a single seed: move a hole with two or more seeds"
            ),
            IllegalMove::NextHoleEmpty(mv) => write!(
                f,
                "the hole after {mv} is empty: move a single seed into an occupied hole"
            ),
            IllegalMove::Endless(mv) => {
                write!(f, "the relay sowing of {mv} would go round for ever")
            }
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
            .map(|m| format!("{m:?}"))
            .unwrap_or_else(|e| format!("error: {}", e.reason))
    }

    #[test]
    fn notation_is_forgiving_on_input_and_canonical_on_output() {
        assert_eq!(m("C"), "Move(oware south C)");
        assert_eq!(m(" c "), "Move(oware north c)");
        assert_eq!(m("L"), "Move(oware south L)");
        assert_eq!(m("7"), "Move(mulabalaba south 7)");
        assert_eq!(m("#12"), "Move(mulabalaba south 12)");
        assert_eq!(m(" 032 "), "Move(mulabalaba south 32)");
    }

    #[test]
    fn bad_move_text_gets_a_syntax_error_naming_the_problem() {
        assert_eq!(m(""), "error: it is empty");
        assert_eq!(m("0"), "error: hole numbers run from 1 to at most 32");
        assert_eq!(m("33"), "error: hole numbers run from 1 to at most 32");
        assert_eq!(
            m("99999999999999999999"),
            "error: hole numbers run from 1 to at most 32"
        );
        assert_eq!(m("m"), "error: house letters run from a to at most l");
        assert_eq!(m("ab"), "error: write one house letter or one hole number");
        assert_eq!(m("ü"), "error: write one house letter or one hole number");
        assert_eq!(m("#"), "error: write one house letter or one hole number");
    }
}
