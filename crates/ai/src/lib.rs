#![doc = include_str!("../README.md")]

pub mod character;
pub mod contender;
pub mod game;
pub mod limits;
pub mod mancala;
pub mod matches;
pub mod morris;
pub mod net;
pub mod opponents;
pub mod review;
pub mod search;
pub mod seeded;
pub mod tables;
pub mod tuning;
pub mod weighting;

pub use character::{Manner, Selection, Strength};
pub use contender::{BuiltIn, Clocks, Contender, Forfeit, Pace, Turn, think_time};
pub use game::{Game, Verdict};
pub use limits::{Limits, Progress, StopFlag};
pub use mancala::Mancala;
pub use matches::{
    Ending, GameReport, MatchConfig, MatchResult, Sprt, SprtVerdict, play_contest_game, play_match,
    play_match_with,
};
pub use morris::Morris;
pub use opponents::{OPPONENTS, Opponent, Player};
pub use review::{GameReview, Mark, MoveReview, ReviewConfig, ReviewScale, Thrown, review};
pub use search::Score;
pub use search::alphabeta::{SearchConfig, SearchReport, Searcher, reference_value};
pub use search::mcts::{MctsConfig, MctsReport, mcts};
pub use tables::{MorrisOracle, Oracle, OwareOracle};
pub use weighting::Weighting;
