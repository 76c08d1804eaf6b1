//! The Morabaraba tables (the mill family in the moving and flying phase): the board's
//! symmetries, found from its topology, and the sectors of 3 and 4 cows a side (3v3, 3v4 with 4v3,
//! 4v4; their files are kept by [`crate::TableDir::build_morris`]). The 5-cow sectors are not
//! built yet (see `docs/tables.md`).

mod sector;
mod set;
mod symmetry;

pub use sector::{MorrisValue, Sector, Sector3};
pub use set::{MorrisTables, sectors_up_to};
pub use symmetry::{Symmetry, symmetries};
