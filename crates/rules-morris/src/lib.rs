//! Rules of Morabaraba and the mill family: boards, rule sets, positions, moves, notation,
//! perft and text pictures.
//!
//! The crate is pure: plain data in, plain data out, no I/O, no threads, no clocks.
//!
//! - [`Board`]: the three boards (standard, plain, sotho) as topology tables, the single source
//!   for rules and drawing.
//! - [`Options`] and [`RuleSet`]: every rule on which the sources disagree, and the named presets.
//! - [`Setup`] (unchecked plain data, with the position string) and [`Position`] (validated).
//! - [`Move`]: one atomic turn with its shots, in forgiving-in, canonical-out notation.
//! - [`perft`], [`perft_divide`]; [`render`] for text pictures.
//!
//! ```
//! use kraal_rules_morris::{Options, Position, RuleSet, perft};
//!
//! let options = Options::from_rule_set("morabaraba", &["cows=11"]).unwrap();
//! let pos = Position::new(options);
//! assert_eq!(pos.legal_moves().len(), 24);
//! assert_eq!(perft(&pos, 2), 24 * 23);
//!
//! let mv = pos.parse_move("D2").unwrap();
//! let pos = pos.play(mv).unwrap();
//! assert_eq!(pos.to_position_string(), "d2/- 10:11 b - 0 0");
//!
//! // A syntax error and an illegal move are told apart.
//! assert!(pos.parse_move("d9").unwrap_err().to_string().contains("not a move"));
//! assert!(pos.parse_move("d2").unwrap_err().to_string().contains("occupied"));
//! # let _ = RuleSet::ALL;
//! ```

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
