//! Search strategies.

pub mod alphabeta;
mod crumbs;
pub mod mcts;
pub(crate) mod score;
mod tt;

pub use score::Score;
