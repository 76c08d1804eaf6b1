//! The Morabaraba tables (the mill family in the moving and flying phase): the board's
//! symmetries, found from its topology, and the 3v3 sector solved in memory. Larger sectors
//! (3v4 to 5v5), table files and `kraal tables build morabaraba` are not done yet (see
//! `docs/tables.md`).

mod sector;
mod symmetry;

pub use sector::{MorrisValue, Sector3};
pub use symmetry::{Symmetry, symmetries};
