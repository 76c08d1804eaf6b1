//! What every kraal front end shares.
//!
//! - [`GameRules`]: a game and its rules, resolved from names (`morabaraba`, `koti`,
//!   `oware`, `--set cows=11`...).
//! - [`family`]: one face for both game families (positions, moves, outcomes, pictures), so a
//!   front end handles any game with the same code.
//! - [`record`]: the game-record format: read, check move by move, write, save atomically.
//!
//! A game in progress (history with undo and redo, players, clocks, draw offers) is still to
//! come; front ends use the pieces above meanwhile.

pub mod error;
pub mod family;
pub mod record;
pub mod rules;

pub use error::SessionError;
pub use record::{Record, RecordError, RecordMove, Replayed};
pub use rules::{GAMES, GameRules, OptionRow, resolve, rule_sets_of};
