//! Rules of the mancala games Oware (Abapa) and Mulabalaba.
//!
//! This crate will hold one board model for both games (rows of holes and a sowing circuit),
//! sowing, captures, options and rule sets, positions, notation and perft. It is filled by the
//! mancala issue; for now it only reserves its place in the workspace.
