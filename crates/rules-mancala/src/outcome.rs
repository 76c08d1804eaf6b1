//! How a game ends: the winner or a draw, with the rule that decided it.

use crate::board::Side;
use std::fmt;

/// The rule that ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum EndReason {
    /// Oware: a player captured more than half of the seeds (a win).
    Majority,
    /// Oware: both players captured exactly half of the seeds (a draw, 24-24).
    Halves,
    /// Oware: a position came up for the `cycle`-th time since the last capture; each player
    /// took the seeds on their own side.
    Cycle,
    /// Oware: the side to move could not feed the opponent and took every seed left.
    Famine,
    /// The side to move had no seeds. Oware: each player took the seeds on their own side.
    /// Mulabalaba: the side to move lost.
    NoSeeds,
    /// Oware: a player claimed that no capture could happen again and the claim was granted;
    /// each player took the seeds on their own side.
    NoCapturePossible,
    /// Mulabalaba: the side to move had seeds but no legal move, and lost.
    NoMove,
    /// Mulabalaba (`endless=loses`): the mover played a move whose relay never ends, and lost.
    EndlessMove,
    /// Mulabalaba: the game reached `max-plies`; more seeds on the board won.
    MaxPlies,
}

impl EndReason {
    /// A short kebab-case name for records and machine output.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Majority => "majority",
            EndReason::Halves => "halves",
            EndReason::Cycle => "cycle",
            EndReason::Famine => "famine",
            EndReason::NoSeeds => "no-seeds",
            EndReason::NoCapturePossible => "no-capture-possible",
            EndReason::NoMove => "no-move",
            EndReason::EndlessMove => "endless-move",
            EndReason::MaxPlies => "max-plies",
        }
    }

    /// In Oware, whether the rule gives each player the seeds left on their own side (added to
    /// the final scores). Never so in Mulabalaba, where scores are the seeds captured.
    #[must_use]
    pub const fn collects_seeds(self) -> bool {
        matches!(
            self,
            EndReason::Cycle
                | EndReason::Famine
                | EndReason::NoSeeds
                | EndReason::NoCapturePossible
        )
    }

    /// A phrase for players.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::Majority => "more than half of the seeds captured",
            EndReason::Halves => "each player captured half of the seeds",
            EndReason::Cycle => {
                "the same position came round again; each took the seeds on their side"
            }
            EndReason::Famine => {
                "the player to move could not feed the opponent and took the seeds left"
            }
            EndReason::NoSeeds => "the player to move had no seeds left",
            EndReason::NoCapturePossible => {
                "no capture could happen again; each took the seeds on their side"
            }
            EndReason::NoMove => "the player to move had no legal move",
            EndReason::EndlessMove => "a move whose relay sowing never ends was played",
            EndReason::MaxPlies => {
                "the game reached its greatest length; more seeds on the board won"
            }
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "result", rename_all = "kebab-case"))]
pub enum Outcome {
    /// One player won.
    Win {
        /// The winner.
        winner: Side,
        /// Why.
        reason: EndReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: EndReason,
    },
}

impl Outcome {
    /// The winner, if there is one.
    #[must_use]
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The rule that ended the game.
    #[must_use]
    pub fn reason(self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// The outcome of comparing two scores (South's first): the higher wins, equal draws.
    #[must_use]
    pub fn by_scores(scores: [u32; 2], reason: EndReason) -> Outcome {
        match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Outcome::Win {
                winner: Side::South,
                reason,
            },
            std::cmp::Ordering::Less => Outcome::Win {
                winner: Side::North,
                reason,
            },
            std::cmp::Ordering::Equal => Outcome::Draw { reason },
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins: {}", reason.describe()),
            Outcome::Draw { reason } => write!(f, "draw: {}", reason.describe()),
        }
    }
}
