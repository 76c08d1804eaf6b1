//! Search strategies.

pub mod alphabeta;
pub mod mcts;
pub(crate) mod score;
mod tt;

pub use score::Score;
