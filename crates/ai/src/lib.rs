//! Search over any kraal game.
//!
//! This crate will hold the engine shared by every game: its own small `Game` trait implemented by
//! zero-sized adapters for the rules crates, alpha-beta and MCTS search, the seven opponents, and
//! hints and analysis. It depends on the rules crates, never the reverse. It is filled by the AI
//! issue; for now it only reserves its place in the workspace.
