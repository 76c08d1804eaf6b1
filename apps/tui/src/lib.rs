//! `kraal-tui`: kraal's full-screen terminal game (ratatui + crossterm).
//!
//! The pieces, each with one job:
//! - [`app`]: the state and how keys, mouse clicks and time change it;
//! - [`ui`]: drawing every screen as a pure function of that state (so tests snapshot it);
//! - [`board`]: the board widgets, drawn from the rules crates' geometry;
//! - [`game`]: a game of either family, with the picks of a turn and the sowing animation;
//! - [`start`]: the start screen's choices;
//! - [`keys`]: the key tables shared by the handler and the help;
//! - [`theme`]: Unicode or ASCII glyphs, colour or none (`NO_COLOR`).
//!
//! Game logic lives in `kraal-session`; this crate turns input into moves and state into
//! pictures.

pub mod app;
pub mod board;
pub mod game;
pub mod keys;
pub mod start;
pub mod theme;
pub mod ui;

pub use app::{App, Paths};
pub use theme::Theme;
