//! What every kraal front end shares.
//!
//! This crate will hold a game in progress (position, history with undo and redo, players, clocks,
//! draw offers and resignation) and the game-record format (save and load). It is filled by the
//! sessions issue; for now it only reserves its place in the workspace.
