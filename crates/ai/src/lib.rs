//! Search over any kraal game: alpha-beta and MCTS behind the engine's own small [`Game`] trait,
//! evaluations per game, and the limits and stop flag front ends need.
//!
//! # The seven opponents
//!
//! | level | name | how it plays | budget per move |
//! | --- | --- | --- | --- |
//! | 1 | Calf | a beginner who plays by feel, from a few dozen quick tries | UCT, 20 iterations |
//! | 2 | Herd Boy | sees a move or two ahead and often misjudges them | alpha-beta, 300 nodes, noise ±0.9 |
//! | 3 | Herder | looks a few moves ahead and rarely leaves a mill open | alpha-beta, 1,500 nodes, noise ±0.5 |
//! | 4 | Kraal Keeper | a solid club player who sets up double threats | alpha-beta, 5,000 nodes |
//! | 5 | Elder | patient and deep: punishes loose moves | alpha-beta, 25,000 nodes |
//! | 6 | Chief | a master who calculates long forcing lines | alpha-beta, 125,000 nodes |
//! | 7 | Ancestor | the engine at full strength, within two seconds a move | alpha-beta, 2,500,000 nodes |
//!
//! Noise is in cows or seeds (1,000 evaluation units); Mulabalaba searches get half of each
//! budget ([`Game::budget_percent`]). Budgets count nodes, not time, so a game
//! between two opponents replays exactly; `docs/ai.md` has the measured strength of each step.
//!
//! The crate depends on the rules crates, never the reverse: each game is adapted by a
//! zero-sized type ([`Morris`] for the mill games, [`Mancala`] for Oware and Mulabalaba). The hot path is generic (`Searcher<G: Game>`), not `dyn`.
//!
//! ```
//! use kraal_ai::{Limits, Morris, Score, SearchConfig, Searcher};
//! use kraal_rules_morris::{Options, Position};
//!
//! // Black is down to three cows: White closes a1-d1-g1 and shoots one, winning at once.
//! let pos = Position::from_position_string("a1,b4,d1,g4/c3,c4,e5 0:0 w", Options::default()).unwrap();
//! let mut searcher = Searcher::<Morris>::new(SearchConfig::default());
//! let report = searcher.search(&pos, Limits::depth(4));
//! assert_eq!(report.score, Score::WinIn(1));
//! assert!(report.best.unwrap().to_string().starts_with("g4-g1x"));
//! ```

pub mod game;
pub mod limits;
pub mod mancala;
pub mod matches;
pub mod morris;
pub mod opponents;
pub mod search;
pub mod tuning;

pub use game::{Game, Verdict};
pub use limits::{Limits, Progress, StopFlag};
pub use mancala::Mancala;
pub use matches::{MatchConfig, MatchResult, Sprt, SprtVerdict, play_match};
pub use morris::Morris;
pub use opponents::{OPPONENTS, Opponent, Player, Style};
pub use search::Score;
pub use search::alphabeta::{SearchConfig, SearchReport, Searcher, reference_value};
pub use search::mcts::{MctsConfig, MctsReport, mcts};
