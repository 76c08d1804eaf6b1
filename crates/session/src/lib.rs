#![doc = include_str!("../README.md")]

pub mod any;
pub mod clock;
pub mod error;
pub mod family;
pub mod files;
pub mod game;
pub mod outcome;
pub mod pick;
pub mod record;
pub mod review;
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
