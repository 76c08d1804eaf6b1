//! `kraal-gui`: kraal's board games (Morabaraba and the mill family, Oware, Mulabalaba) in a
//! desktop window, built on egui.
//!
//! The game itself is [`kraal_session::AnyGame`] (shared with the terminal UI). The app
//! ([`KraalApp`]) draws into any [`egui::Ui`], so the same code runs in the window
//! (`main.rs`, through eframe) and in tests (through `egui_kittest`, without a GPU).
//!
//! - [`menu`]: the start menu.
//! - [`morris_board`], [`mancala_board`]: the boards, drawn from the rules crates' geometry.
//! - [`anim`]: move, shot and sowing animations.
//! - [`app`]: the frame: menu or game, the AI's turn, animations; [`actions`]: what the
//!   player asks for; [`files`]: settings, the unfinished game, save and load.
//! - [`panel`]: status, clocks, the AI's thinking, buttons and the move list.
//! - [`dialogs`]: the save and load dialog and the game-over window.
//! - [`config`]: where files are kept, and the GUI's own preferences.
//! - [`cli`]: the command line.
//! - [`theme`]: light and dark colours.

pub mod actions;
pub mod anim;
pub mod app;
pub mod cli;
pub mod config;
pub mod dialogs;
pub mod files;
pub mod mancala_board;
pub mod menu;
pub mod morris_board;
pub mod panel;
pub mod theme;

pub use actions::Action;
pub use app::KraalApp;
pub use cli::Args;
pub use config::Config;
