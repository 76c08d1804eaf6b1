//! The Morabaraba tables (the mill family in the moving and flying phase): the board's
//! symmetries, found from its topology, the un-move generator, and the sectors of cows a side
//! (3v3, 3v4 with 4v3, 4v4, and the 5-cow sectors; their files are kept by
//! [`crate::TableDir::build_morris`]; see `docs/tables.md`).

mod ban;
mod build;
mod sector;
mod set;
mod symmetry;
mod unmove;

pub use sector::{MorrisValue, Sector, Sector3};
pub use set::{MorrisTables, sectors_up_to};
pub use symmetry::{Symmetry, symmetries};
pub use unmove::Unmoves;
