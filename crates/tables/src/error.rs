//! What can go wrong with a table.

use std::fmt;
use std::path::PathBuf;

/// An error from building, reading or probing tables.
#[derive(Debug)]
pub enum TableError {
    /// The file system refused: a folder or file could not be made, read, written or renamed.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// No table file where one was looked for.
    Missing {
        /// The file looked for.
        path: PathBuf,
    },
    /// A table file is broken; it was moved aside (when that worked) and must be rebuilt.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
        /// Where it was moved to, if it could be moved.
        set_aside: Option<PathBuf>,
    },
    /// These rules have no table family (the tables serve the Oware rule sets).
    UnsupportedRules {
        /// The rule options, as the rules crate prints their differences from Abapa.
        rules: String,
    },
    /// More seeds than tables are built for.
    TooManySeeds {
        /// Seeds asked for.
        seeds: usize,
        /// The most this crate builds.
        max: usize,
    },
    /// A value interval is wider than the one-byte format holds (`hi - lo <= 7`).
    IntervalTooWide {
        /// Seeds on the board.
        seeds: usize,
        /// The position's rank.
        index: u64,
        /// Its lower bound.
        lo: u8,
        /// Its upper bound.
        hi: u8,
    },
    /// A distance (sweep count) does not fit the one byte the format gives it.
    TooManySweeps {
        /// Seeds on the board.
        seeds: usize,
    },
    /// The user's data folder could not be found (and `KRAAL_TABLES` is not set).
    NoDataFolder,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            TableError::Missing { path } => write!(f, "{}: no such table file", path.display()),
            TableError::Corrupt {
                path,
                reason,
                set_aside,
            } => {
                write!(f, "{}: corrupt table file: {reason}", path.display())?;
                match set_aside {
                    Some(p) => write!(f, " (moved to {}; build it again)", p.display()),
                    None => write!(f, " (could not move it aside; delete it and build again)"),
                }
            }
            TableError::UnsupportedRules { rules } => {
                write!(f, "no endgame tables for these rules ({rules})")
            }
            TableError::TooManySeeds { seeds, max } => {
                write!(
                    f,
                    "tables for {seeds} seeds asked for, at most {max} are built"
                )
            }
            TableError::IntervalTooWide {
                seeds,
                index,
                lo,
                hi,
            } => write!(
                f,
                "position {index} of the {seeds}-seed table has the interval {lo}..{hi}, wider \
                 than the file format holds"
            ),
            TableError::TooManySweeps { seeds } => write!(
                f,
                "the {seeds}-seed table needs more than 255 sweeps, more than the file format holds"
            ),
            TableError::NoDataFolder => write!(
                f,
                "no data folder for the tables could be found; set KRAAL_TABLES to a folder"
            ),
        }
    }
}

impl std::error::Error for TableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TableError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
