//! What every kraal front end shares.
//!
//! - [`GameRules`]: a game and its rules, resolved from names (`morabaraba`, `koti`,
//!   `oware`, `--set cows=11`...).
//! - [`family`]: one face for both game families (positions, moves, outcomes, pictures), so a
//!   front end handles any game with the same code.
//! - [`record`]: the game-record format: read, check move by move, write, save atomically.
//!
//! - [`AnyGame`]: a game of either family behind one type, with what a screen shows in words.
//! - [`pick`]: moves built click by click, the same in every front end.
//! - [`Session`]: a game in progress: history with undo, redo and jumps, the players (human or
//!   one of the seven opponents, thinking on a background thread), resignation, draw offers,
//!   hints, clocks ([`TimeControl`]: none, the two-minute rule, a game clock with increment),
//!   touch-move, and the record of the game.

pub mod any;
pub mod clock;
pub mod error;
pub mod family;
pub mod game;
pub mod outcome;
pub mod pick;
pub mod record;
pub mod rules;
pub mod settings;
pub mod taken;

pub use any::AnyGame;
pub use clock::{Clock, TimeControl};
pub use error::SessionError;
pub use game::{DrawOffer, HINT_NODES, MOVE_LIMIT, Player, Session};
pub use outcome::{EndReason, GameKind, GameResult, Outcome, Seat};
pub use record::{Record, RecordError, RecordMove, Replayed};
pub use rules::{GAMES, GameRules, OptionRow, resolve, rule_sets_of};
pub use settings::{Loaded, Settings, SettingsError};
