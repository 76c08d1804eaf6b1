//! `kraal-gui`: kraal's board games (Morabaraba and the mill family, Oware, Mulabalaba) in a
//! desktop window, built on egui.
//!
//! The game itself is [`kraal_session::AnyGame`]; what every front end shares above it (the
//! start options, the key map, the autosave, player labels) is [`kraal_front`]. The app
//! ([`KraalApp`]) draws into any [`egui::Ui`], so the same code runs in the window (`main.rs`,
//! through eframe) and in tests (through `egui_kittest`, without a GPU).
//!
//! Each module has one job, and the dependencies point one way, from the app down:
//!
//! - [`app`]: the state and the frame loop (one call a frame), the only module that changes
//!   anything. Its children see its fields: `app::act` carries an [`Action`] out,
//!   `app::play` runs the turns (clicks, the AI, hints, draw answers, the clock,
//!   animations), `app::files` keeps things on disk (settings, the autosave, save and load).
//! - [`panel`]: the toolbar and the side panel, drawn from a read-only view; they return
//!   [`Action`]s. [`menu`]: the start menu, "Play the computer" (it edits its own choices
//!   only). [`home`]: the home screen (every mode) and the settings. [`ascent_view`]: the
//!   Mountain Ascent. [`rules_view`]: the rules with their examples on the board.
//!   [`online_view`]: the online screen (create, join by code, resume, the join code while
//!   waiting) and the connection's indicator; `app::online` runs the online game.
//!   [`dialogs`]: the windows (save and load, game over, resign, the keys).
//! - [`morris_board`], [`mancala_board`]: the boards, drawn from the rules crates' geometry;
//!   they return what was clicked. [`anim`]: move, shot and sowing animations.
//! - [`actions`]: the [`Action`] enum, and keys to actions through the shared key map.
//! - [`cli`]: the command line, checked before a window opens. [`config`]: where files are
//!   kept, and the GUI's own preferences. [`theme`]: light and dark colours.
//!
//! Nothing below [`app`] uses it; [`panel`] and [`dialogs`] use only [`actions`] (the panel
//! also the indicator of [`online_view`]) and the session's read-only calls.

pub mod actions;
pub mod anim;
pub mod app;
pub mod ascent_view;
pub mod cli;
pub mod config;
pub mod daily_view;
pub mod dialogs;
pub mod home;
pub mod mancala_board;
pub mod menu;
pub mod morris_board;
pub mod online_view;
pub mod panel;
pub mod review_view;
pub mod rules_view;
pub mod theme;

pub use actions::Action;
pub use app::KraalApp;
pub use cli::Args;
pub use config::Config;
