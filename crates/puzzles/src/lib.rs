#![doc = include_str!("../README.md")]

pub mod attempt;
pub mod daily;
pub mod date;
pub mod dedup;
pub mod format;
pub mod from_tables;
pub mod generate;
pub mod objective;
pub mod prove;
pub mod puzzle;
pub mod rating;
pub mod subject;
pub mod themes;
pub mod variant;

pub use attempt::{Attempt, Judgement};
pub use date::{Date, Weekday};
pub use format::{FormatError, Problem, parse_pack, write_pack, write_puzzle};
pub use objective::{Goal, Objective};
pub use prove::{Proof, Prover, Refusal, VERIFY_NODES};
pub use puzzle::{Board, Puzzle, Verified};
pub use subject::Subject;
pub use themes::Theme;
pub use variant::{GameName, Variant};
