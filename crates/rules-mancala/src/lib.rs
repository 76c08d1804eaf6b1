#![doc = include_str!("../README.md")]
//!
//! # Inside
//!
//! Each game sows in exactly one routine (`sow::oware_move`, `sow::mulabalaba_move`), generic
//! over an observer in the manner of the morris move `Sink`: a no-op observer for move
//! generation, perft and the claim search (the calls compile away), a hash updater for play,
//! and a recorder for [`Position::steps`]. Which holes a capture takes (the Oware chain and the
//! grand-slam rule, the Mulabalaba facing and behind holes) is written once, in `capture`, and
//! [`Board::opposite`] and [`Board::behind`] read it too.
//!
//! # Decisions where the spec is silent
//!
//! - A Mulabalaba player whose holes all hold two or more seeds but whose every move is endless
//!   (under `endless=illegal`) cannot move and loses; singleton moves are not offered then.
//! - Under `endless=loses`, an endless move still passes the turn and counts a ply; the board
//!   is left as it was before the move, and the game is over.
//! - Mulabalaba moves are written with the hole number alone, for both players; `Move::from_str`
//!   takes a bare number as South's, [`Position::parse_move`] gives it to the side to move.
//! - The Oware cycle rule compares Zobrist hashes (64 bits) of the holes, stores and side to
//!   move; `cycle=off` turns it off, `max-plies=off` turns the Mulabalaba bound off.
//! - The hash covers the holes, both stores and the side to move, not the ply count.
//! - Seeds per hole may be any number from 1 while the board holds at most 255 seeds.
//! - An Oware position string has no ply count (a Mulabalaba one has); [`Position::ply`] then
//!   counts from the position the game was built from.
//! - The Oware ending "the side to move has no seeds at all" is [`EndReason::NoSeeds`]; the
//!   famine ending is [`EndReason::Famine`]; both share out the seeds left, as the cycle rule
//!   and a granted claim do ([`Position::scores`]). The board is left as it was, so that front
//!   ends can show where the seeds were.
//! - The "no capture possible" claim ([`Position::claim_no_capture`]) is decided by a search of
//!   every position reachable without a capture, under the same rules (a grand slam that
//!   captures nothing is no capture); above 12 seeds on the board, or 2,000,000 positions, it
//!   is refused as undecided.
//! - An endless Mulabalaba relay is found without a cache: the relay state (the mover's holes
//!   and the hole where the next lap starts; nothing else changes during a move) is finite, so
//!   Brent's cycle detection on that state alone decides it, in constant memory with one saved
//!   state and no allocation. The spec suggested caching verdicts per (holes, starting hole);
//!   we chose not to, so that a [`Position`] stays plain data (no shared, locked state behind
//!   clones, nothing hidden between calls) and the verdict never depends on what was computed
//!   before. The price: a very long cycle (millions of laps, rare in play) is detected again
//!   each time its position is decided.
//! - At `max-plies` Mulabalaba compares the seeds on the board; a tie is a draw.
//! - Setups are validated against the rule set's seed total: in Oware board plus stores; in
//!   Mulabalaba, per side, that side's holes plus what the opponent captured from it.

pub mod board;
mod capture;
pub mod claim;
pub mod moves;
pub mod options;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod render;
pub mod setup;
mod sow;
pub mod steps;
mod zobrist;

#[cfg(feature = "serde")]
pub mod serde_impls;

pub use board::{Board, Cell, Game, Hole, ParseSideError, Side};
pub use claim::{Claim, ClaimRefused};
pub use moves::{IllegalMove, Move, MoveError, MoveSyntaxError};
pub use options::{
    Captures, Endless, GrandSlam, OptionError, OptionName, Options, RuleSet, SingletonFallback,
    UnknownValue,
};
pub use outcome::{EndReason, Outcome};
pub use perft::{perft, perft_divide};
pub use position::{Position, Undo};
pub use render::{Theme, render, render_board};
pub use setup::{PositionError, PositionStringError, Setup, SetupProblem, SetupSyntaxError};
pub use steps::{Step, apply_steps};

/// Input as an error message quotes it: in backticks, cut to 40 characters, so that a huge
/// line is never echoed whole.
pub(crate) fn quoted(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("`{}…` ({} characters)", &text[..cut], text.chars().count()),
        None => format!("`{text}`"),
    }
}
