//! `kraal-tui`: kraal's full-screen terminal game (ratatui + crossterm).
//!
//! The pieces, each with one job:
//! - [`app`]: the state and how keys, mouse clicks and time change it;
//! - [`ui`]: drawing every screen as a pure function of that state (so tests snapshot it),
//!   one module a screen, with one layout of the game screen for drawing and mouse alike;
//! - [`board`]: the board widgets, drawn from the rules crates' geometry;
//! - [`game`]: a game of either family, with the picks of a turn and the sowing animation;
//! - [`start`]: the start screen's choices;
//! - [`modes`]: the home, Mountain Ascent, rules and settings screens' state (their keys in
//!   `mode_keys`);
//! - [`online`]: the online screen and an online game's connection (their keys and the
//!   server's updates in `online_keys`);
//! - [`keys`]: terminal keys turned into the shared key map's ([`kraal_front::keymap`]), and
//!   the terminal's own small tables (cursor, start screen, game over);
//! - [`theme`]: Unicode or ASCII glyphs, colour or none (`NO_COLOR`).
//!
//! Game logic lives in `kraal-session`, and what the front ends share above it (start
//! options, the key map, the autosave, player labels) in `kraal-front`; this crate turns
//! input into moves and state into pictures.

pub mod app;
pub mod board;
pub mod game;
pub mod keys;
mod mode_keys;
pub mod modes;
pub mod online;
mod online_keys;
pub mod start;
pub mod theme;
pub mod ui;

pub use app::{App, Paths};
pub use theme::Theme;

/// The index one step on from `index` among `count` (forward or back), wrapping round: how a
/// selection moves through a list of lines or a value through its choices.
#[must_use]
pub fn cycle(index: usize, count: usize, forward: bool) -> usize {
    let count = count.max(1);
    if forward {
        (index + 1) % count
    } else {
        (index + count - 1) % count
    }
}
