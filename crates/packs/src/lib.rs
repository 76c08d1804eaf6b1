//! The shipped puzzle packs, embedded once for every front end (the CLI, the TUI and the GUI).
//!
//! The packs live in `data/puzzles/` at the top of the workspace (append-only). A library's
//! `include_str!` of a file outside its own folder cannot be packaged, so this crate is not
//! published (`publish = false`) and is not one of the library crates `.ci/run` packages;
//! `kraal-front` takes the puzzles as a slice instead of embedding them.

use kraal_puzzles::{FormatError, Puzzle, parse_pack};
use std::fmt;

/// The shipped packs: file name (in `data/puzzles/`) and text.
pub const PACKS: [(&str, &str); 5] = [
    (
        "morabaraba.txt",
        include_str!("../../../data/puzzles/morabaraba.txt"),
    ),
    (
        "traditional.txt",
        include_str!("../../../data/puzzles/traditional.txt"),
    ),
    (
        "twelve-mens-morris.txt",
        include_str!("../../../data/puzzles/twelve-mens-morris.txt"),
    ),
    ("oware.txt", include_str!("../../../data/puzzles/oware.txt")),
    (
        "mulabalaba.txt",
        include_str!("../../../data/puzzles/mulabalaba.txt"),
    ),
];

/// A shipped pack that does not read (only a build with a broken pack can have one).
#[derive(Debug)]
pub struct PackError {
    /// The pack's file name.
    pub pack: &'static str,
    /// What is wrong in it.
    pub error: FormatError,
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the shipped pack {}: {}", self.pack, self.error)
    }
}

impl std::error::Error for PackError {}

/// Every shipped puzzle, pack after pack.
///
/// # Errors
/// A shipped pack that does not read.
pub fn shipped() -> Result<Vec<Puzzle>, PackError> {
    let mut all = Vec::new();
    for (pack, text) in PACKS {
        all.extend(parse_pack(text).map_err(|error| PackError { pack, error })?);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_pack_reads_and_each_game_has_puzzles() {
        let all = shipped().unwrap();
        for game in ["morabaraba", "oware", "mulabalaba"] {
            assert!(
                all.iter().any(|p| p.variant.game().name() == game),
                "{game}"
            );
        }
    }
}
