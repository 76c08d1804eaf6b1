//! Drawing: every screen is a pure function of the [`App`]'s state. One module a screen:
//! [`start`] (the start screen), [`game`] (the board and its panels), [`overlays`] (the
//! windows over a game); [`layout`] places the game screen's parts once, for the drawing
//! and for the mouse.

pub mod game;
pub mod layout;
pub mod overlays;
pub mod start;

pub use game::draw_board;
pub use layout::{GameLayout, Hit, MoveList, game_layout, hit, min_size};
pub use start::start_line_at;

use crate::app::{App, Screen};
use crate::keys;
use crate::theme::{Role, Theme};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::symbols::border;
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders};
use std::time::Instant;

/// Box edges in plain ASCII.
const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// A block with a title, in the theme's border.
pub(crate) fn block(theme: Theme, title: &str) -> Block<'static> {
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Line))
        .title(Span::styled(format!(" {title} "), theme.style(Role::Title)));
    if theme.ascii {
        block.border_set(ASCII_BORDER)
    } else {
        block.border_set(border::ROUNDED)
    }
}

/// Draws the app.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    draw(app, area, frame.buffer_mut(), Instant::now());
}

/// Draws the app into a buffer at `now` (clocks are read at this time).
pub fn draw(app: &App, area: Rect, buf: &mut Buffer, now: Instant) {
    match &app.screen {
        Screen::Start(menu) => {
            start::draw_start(menu, app.theme, area, buf);
            if app.start_help {
                overlays::draw_start_help(app.theme, keys::START, area, buf);
            }
        }
        Screen::Game(g) => game::draw_game(app, g, area, buf, now),
    }
}
