//! What can go wrong when naming rules, reading positions and playing moves.

use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
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
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::UnknownGame { name, known } => {
                write!(
                    f,
                    "unknown game `{name}` (known games and rule sets: {known})"
                )
            }
            SessionError::UnknownRuleSet { name, known } => {
                write!(f, "there is no rule set `{name}` (known: {known})")
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
                write!(f, "cannot use the position `{text}`: {reason}")
            }
            SessionError::Move { reason, .. } => f.write_str(reason),
        }
    }
}

impl std::error::Error for SessionError {}
