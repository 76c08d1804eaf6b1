#![doc = include_str!("../README.md")]

pub mod board;
pub mod moves;
pub mod options;
pub mod outcome;
pub mod perft;
pub mod point;
pub mod position;
pub mod render;
pub mod setup;
mod zobrist;

#[cfg(feature = "serde")]
pub mod serde_impls;

pub use board::{Board, BoardKind, CentreMills};
pub use moves::{IllegalMove, Move, MoveError, MoveKind, MoveSyntaxError};
pub use options::{
    Blocked, BoardFull, Flying, OptionError, OptionName, Options, Protection, Remake, RuleSet,
    Shots, ThreeCowsDraw, Trigger,
};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::{perft, perft_divide};
pub use point::{Color, Point};
pub use position::{Phase, Position, ReturnBan, Undo};
pub use render::{Theme, render, render_board};
pub use setup::{PositionError, PositionStringError, Setup, SetupProblem, SetupSyntaxError};

/// Input as an error message quotes it: in backticks, cut to 40 characters, so that a huge
/// line is never echoed whole.
pub(crate) fn quoted(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("`{}…` ({} characters)", &text[..cut], text.chars().count()),
        None => format!("`{text}`"),
    }
}
