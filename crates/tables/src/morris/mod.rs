//! The Morabaraba tables (the mill family in the moving and flying phase): the board's
//! symmetries, found from its topology, and the 3v3 sector (its file is kept by
//! [`crate::TableDir::build_morris3`]). Larger sectors (3v4 to 5v5) are not built yet (see
//! `docs/tables.md`).

mod sector;
mod symmetry;

pub use sector::{MorrisValue, Sector3};
pub use symmetry::{Symmetry, symmetries};
