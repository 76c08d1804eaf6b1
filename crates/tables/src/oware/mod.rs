//! Oware tables: one per number of seeds on the board, a [`Seeds`] interval per board with
//! South to move (a board with North to move is turned round first), ranked by
//! [`crate::rank`].

mod build;
mod family;
mod probe;
mod unsow;
mod value;

pub use build::{Step, build_table};
pub use family::OwareFamily;
pub use probe::{OwareProbe, OwareTables, Verdict};
pub use unsow::unsow_into;
pub use value::Seeds;

/// The most seeds on the board a table is built for (a stored lower bound has five bits; the
/// 25-seed table already holds 600 million boards).
pub const MAX_SEEDS: usize = 25;
