//! How a game ends: the winner or a draw, with the rule that decided it.

use crate::point::Color;
use std::fmt;

/// Why a player won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum WinReason {
    /// The loser's cows (board plus hand) fell to two.
    ReducedToTwo,
    /// The loser, to move, had no legal move (`blocked=lose`).
    Blocked,
    /// Every point was occupied and the first player loses (`board-full=first-player-loses`).
    BoardFull,
}

/// Why the game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum DrawReason {
    /// Three cows each (or either) and no shot for the set number of moves each.
    ThreeCows,
    /// The set number of plies in the moving phase without a shot.
    NoShot,
    /// The same position came up for the set number of times.
    Repetition,
    /// Every point was occupied (`board-full=draw`).
    BoardFull,
    /// Both players were blocked (`blocked=pass`).
    BothBlocked,
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "result", rename_all = "kebab-case"))]
pub enum Outcome {
    /// One player won.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, if there is one.
    #[must_use]
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl WinReason {
    /// A short kebab-case name for records and machine output.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            WinReason::ReducedToTwo => "reduced-to-two",
            WinReason::Blocked => "blocked",
            WinReason::BoardFull => "board-full",
        }
    }
}

impl DrawReason {
    /// A short kebab-case name for records and machine output.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            DrawReason::ThreeCows => "three-cows",
            DrawReason::NoShot => "no-shot",
            DrawReason::Repetition => "repetition",
            DrawReason::BoardFull => "board-full",
            DrawReason::BothBlocked => "both-blocked",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let loser = winner.other();
                let why = match reason {
                    WinReason::ReducedToTwo => format!("{loser} is down to two cows"),
                    WinReason::Blocked => format!("{loser} has no legal move"),
                    WinReason::BoardFull => {
                        "the board is full and the first player loses".to_owned()
                    }
                };
                write!(f, "{winner} wins: {why}")
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    DrawReason::ThreeCows => "three cows and no shot in the set number of moves",
                    DrawReason::NoShot => "no cow shot in the set number of moves",
                    DrawReason::Repetition => "the same position came up again",
                    DrawReason::BoardFull => "the board is full",
                    DrawReason::BothBlocked => "neither player can move",
                };
                write!(f, "draw: {why}")
            }
        }
    }
}
