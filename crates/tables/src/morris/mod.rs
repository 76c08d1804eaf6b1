//! Groundwork for the Morabaraba tables (sectors of cows in the moving and flying phase): the
//! board's symmetries, found from its topology. The sector tables themselves are not built yet
//! (see `docs/tables.md`).

mod symmetry;

pub use symmetry::{Symmetry, symmetries};
