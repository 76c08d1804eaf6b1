//! What the solver of a puzzle must achieve.
//!
//! Text forms (the `Objective` tag):
//!
//! | text | meaning |
//! | --- | --- |
//! | `win in N` | force a win of the game within N of your own moves |
//! | `hold N` | play the only move after which the opponent cannot force a win within N of its moves |
//! | `shots K in N` | mill games: a winning shot sequence, K cows more shot than lost within N moves, counted after the opponent's reply |
//! | `capture K in N` | mancala games: the best capture, K seeds more taken than lost within N moves, counted after the opponent's reply |
//! | `reach-25 in N` | Oware: force your store to 25 seeds or more within N moves |
//! | `famine in N` | Oware: force the game to end by famine, won, within N moves |
//! | `capture-both in N` | Mulabalaba: win seeds within N moves with a first move that captures both opposite holes, each holding seeds |

use std::fmt;
use std::str::FromStr;

/// What the solver must achieve (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Force a win within this many own moves.
    WinIn(u8),
    /// The only move that holds: after it the opponent cannot force a win within this many of
    /// its moves; after every other move it can.
    Hold(u8),
    /// Mill games: shoot `amount` more cows than you lose within `moves` moves.
    Shots {
        /// Cows gained, net.
        amount: u8,
        /// Own moves.
        moves: u8,
    },
    /// Mancala games: capture `amount` more seeds than you lose within `moves` moves.
    Capture {
        /// Seeds gained, net.
        amount: u8,
        /// Own moves.
        moves: u8,
    },
    /// Oware: reach 25 captured seeds within this many moves.
    Reach25(u8),
    /// Oware: force the game to end by famine, won, within this many moves.
    Famine(u8),
    /// Mulabalaba: gain `amount` seeds within `moves` moves, starting with a move that captures
    /// both opposite holes, each holding seeds.
    CaptureBoth {
        /// Seeds gained, net.
        amount: u8,
        /// Own moves.
        moves: u8,
    },
}

/// The goal a search tests at the nodes of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The game is won.
    Win,
    /// Material gained, net, counted when the solver is to move again.
    Gain(i32),
    /// The solver's store holds at least this many seeds.
    Store(u32),
    /// The game is won by famine.
    Famine,
}

/// An objective text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectiveError(pub String);

impl fmt::Display for ObjectiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not an objective (win in N, hold N, shots K in N, capture K in N, \
             reach-25 in N, famine in N, capture-both K in N; N from 1 to 9)",
            self.0
        )
    }
}

impl std::error::Error for ObjectiveError {}

impl Objective {
    /// The solver's moves the objective allows.
    #[must_use]
    pub const fn moves(self) -> u8 {
        match self {
            Objective::WinIn(n)
            | Objective::Hold(n)
            | Objective::Reach25(n)
            | Objective::Famine(n)
            | Objective::Shots { moves: n, .. }
            | Objective::Capture { moves: n, .. }
            | Objective::CaptureBoth { moves: n, .. } => n,
        }
    }

    /// The goal searched for and the plies searched, from the solver's side (for
    /// [`Objective::Hold`], the opponent's win after the solver's move, searched from there).
    #[must_use]
    pub const fn goal(self) -> (Goal, u32) {
        let n = self.moves() as u32;
        match self {
            Objective::WinIn(_) => (Goal::Win, 2 * n - 1),
            Objective::Hold(_) => (Goal::Win, 2 * n - 1),
            Objective::Reach25(_) => (Goal::Store(25), 2 * n - 1),
            Objective::Famine(_) => (Goal::Famine, 2 * n - 1),
            Objective::Shots { amount, .. }
            | Objective::Capture { amount, .. }
            | Objective::CaptureBoth { amount, .. } => (Goal::Gain(amount as i32), 2 * n),
        }
    }

    /// The objective in a player's words.
    #[must_use]
    pub fn describe(self) -> String {
        let moves = |n: u8| {
            if n == 1 {
                "1 move".to_owned()
            } else {
                format!("{n} moves")
            }
        };
        match self {
            Objective::WinIn(n) => format!("win in {}", moves(n)),
            Objective::Hold(n) => format!(
                "find the only move that holds: every other lets the opponent win within {}",
                moves(n)
            ),
            Objective::Shots { amount, moves: n } => format!(
                "shoot {amount} cow{} more than you lose, within {}",
                if amount == 1 { "" } else { "s" },
                moves(n)
            ),
            Objective::Capture { amount, moves: n } => format!(
                "capture {amount} seed{} more than you lose, within {}",
                if amount == 1 { "" } else { "s" },
                moves(n)
            ),
            Objective::Reach25(n) => format!("reach 25 seeds within {}", moves(n)),
            Objective::Famine(n) => format!("win by famine within {}", moves(n)),
            Objective::CaptureBoth { amount, moves: n } => format!(
                "capture both opposite holes and come out {amount} seed{} ahead within {}",
                if amount == 1 { "" } else { "s" },
                moves(n)
            ),
        }
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Objective::WinIn(n) => write!(f, "win in {n}"),
            Objective::Hold(n) => write!(f, "hold {n}"),
            Objective::Shots { amount, moves } => write!(f, "shots {amount} in {moves}"),
            Objective::Capture { amount, moves } => write!(f, "capture {amount} in {moves}"),
            Objective::Reach25(n) => write!(f, "reach-25 in {n}"),
            Objective::Famine(n) => write!(f, "famine in {n}"),
            Objective::CaptureBoth { amount, moves } => {
                write!(f, "capture-both {amount} in {moves}")
            }
        }
    }
}

impl FromStr for Objective {
    type Err = ObjectiveError;

    fn from_str(s: &str) -> Result<Objective, ObjectiveError> {
        let bad = || ObjectiveError(s.to_owned());
        let words: Vec<&str> = s.split_whitespace().collect();
        let num = |w: &str| -> Result<u8, ObjectiveError> {
            match w.parse::<u8>() {
                Ok(n @ 1..=9) => Ok(n),
                _ => Err(bad()),
            }
        };
        let amount = |w: &str| -> Result<u8, ObjectiveError> {
            match w.parse::<u8>() {
                Ok(n @ 1..=48) => Ok(n),
                _ => Err(bad()),
            }
        };
        Ok(match words.as_slice() {
            ["win", "in", n] => Objective::WinIn(num(n)?),
            ["hold", n] => Objective::Hold(num(n)?),
            ["reach-25", "in", n] => Objective::Reach25(num(n)?),
            ["famine", "in", n] => Objective::Famine(num(n)?),
            ["shots", k, "in", n] => Objective::Shots {
                amount: amount(k)?,
                moves: num(n)?,
            },
            ["capture", k, "in", n] => Objective::Capture {
                amount: amount(k)?,
                moves: num(n)?,
            },
            ["capture-both", k, "in", n] => Objective::CaptureBoth {
                amount: amount(k)?,
                moves: num(n)?,
            },
            _ => return Err(bad()),
        })
    }
}
