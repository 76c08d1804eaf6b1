//! What can go wrong when naming rules, reading positions and playing moves.

use crate::outcome::Outcome;
use kraal_rules_mancala as mancala;
use kraal_rules_morris::{self as morris, Point};
use std::fmt;

/// A name, position or move that the session cannot use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// No game or rule set has this name.
    UnknownGame {
        /// What was given.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// No rule set has this name.
    UnknownRuleSet {
        /// What was given.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// The rule set belongs to another game.
    RuleSetOfOtherGame {
        /// The rule set.
        rule_set: &'static str,
        /// Its game.
        its_game: &'static str,
        /// The game that was asked for.
        game: &'static str,
    },
    /// An option override of a mill game is wrong.
    MorrisOption(morris::OptionError),
    /// An option override of a mancala game is wrong.
    MancalaOption(mancala::OptionError),
    /// A position string cannot be used.
    Position {
        /// The string.
        text: String,
        /// Why.
        reason: String,
    },
    /// A move cannot be played.
    Move {
        /// The move as given.
        text: String,
        /// Why.
        reason: String,
    },
    /// The game is over: no move, claim or pick is taken.
    GameOver(Outcome),
    /// Touch-move: the cow touched first must move.
    TouchMove {
        /// The point of the cow that was touched.
        touched: Point,
    },
    /// The computer is to move.
    ComputerToMove,
    /// A point of a mill board that cannot be picked now, and why.
    Pick {
        /// The point picked.
        at: Point,
        /// Why it cannot be picked.
        reason: crate::pick::Refusal,
        /// Under touch-move, the cow that was touched and must move.
        touched: Option<Point>,
    },
    /// A hole of a mancala board that cannot be played now, and why (for the player).
    Hole {
        /// The hole, as the notation names it.
        at: String,
        /// Why it cannot be played.
        reason: &'static str,
    },
    /// Passing is not allowed now.
    CannotPass {
        /// Whether this game has passing at all.
        in_this_game: bool,
    },
    /// A claim that no capture can happen again is refused.
    ClaimRefused {
        /// Why.
        reason: String,
    },
    /// A jump to a ply the game does not have.
    NoSuchPly {
        /// The ply asked for.
        ply: usize,
        /// The moves the game has.
        moves: usize,
    },
    /// A pick or a move on a board of the other family (a point or a mill move in a mancala
    /// game, a hole or a sowing in a mill game).
    WrongBoard,
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::UnknownGame { name, known } => {
                write!(
                    f,
                    "unknown game {} (known games and rule sets: {known})",
                    quoted(name)
                )
            }
            SessionError::UnknownRuleSet { name, known } => {
                write!(f, "there is no rule set {} (known: {known})", quoted(name))
            }
            SessionError::RuleSetOfOtherGame {
                rule_set,
                its_game,
                game,
            } => write!(
                f,
                "`{rule_set}` is a rule set of {its_game}, not of {game}: see `kraal rules {game}`"
            ),
            SessionError::MorrisOption(e) => e.fmt(f),
            SessionError::MancalaOption(e) => e.fmt(f),
            SessionError::Position { text, reason } => {
                write!(f, "cannot use the position {}: {reason}", quoted(text))
            }
            SessionError::Move { reason, .. } => f.write_str(reason),
            SessionError::GameOver(outcome) => write!(f, "the game is over ({outcome})"),
            SessionError::TouchMove { touched } => write!(
                f,
                "touch-move: you touched the cow on {touched}, and it must move"
            ),
            SessionError::ComputerToMove => f.write_str("wait: the computer is thinking"),
            SessionError::Pick {
                at,
                reason,
                touched,
            } => {
                write!(f, "{at}: {reason}")?;
                match touched {
                    Some(t) => write!(f, " (touch-move: the cow on {t} must move)"),
                    None => Ok(()),
                }
            }
            SessionError::Hole { at, reason } => write!(f, "{at}: {reason}"),
            SessionError::CannotPass {
                in_this_game: false,
            } => f.write_str("there is no passing in this game"),
            SessionError::CannotPass { in_this_game: true } => {
                f.write_str("you can only pass when you cannot move")
            }
            SessionError::ClaimRefused { reason } => f.write_str(reason),
            SessionError::NoSuchPly { ply, moves } => {
                write!(f, "there is no move {ply}: the game has only {moves} moves")
            }
            SessionError::WrongBoard => f.write_str("that is not a place on this board"),
        }
    }
}

impl std::error::Error for SessionError {}

/// Input as an error message quotes it: in backticks, cut to 40 characters, so that a huge
/// line is never echoed whole.
#[must_use]
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("`{}…` ({} characters)", &text[..cut], text.chars().count()),
        None => format!("`{text}`"),
    }
}
