#![doc = include_str!("../README.md")]

pub mod error;
pub mod file;
pub mod morris;
pub mod oware;
pub mod prefetch;
pub mod rank;
pub mod store;

pub use error::TableError;
pub use oware::{OwareFamily, OwareProbe, OwareTables, Seeds, Verdict};
pub use store::{ENV_VAR, Event, Fate, TableDir, TableFile};
