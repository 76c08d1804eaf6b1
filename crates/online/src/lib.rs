#![doc = include_str!("../README.md")]

pub mod client;
pub mod live;
pub mod mirror;
pub mod outbox;
pub mod store;

pub use client::{ClientError, Connection, reconnect};
pub use live::{Action, Entry, Link, LiveGame, LiveOptions, Update, fetch_games};
pub use mirror::{Applied, Mirror, MirrorError};
pub use outbox::Outbox;
pub use store::{Seat as StoredSeat, StoreError, TokenStore};
