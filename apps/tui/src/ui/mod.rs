//! Drawing: every screen is a pure function of the [`App`]'s state. One module a screen:
//! [`home`] (the home and settings screens), [`ascent`] (the Mountain Ascent), [`rules`] (the
//! rules and their examples), [`daily`] (the daily puzzle), [`start`] (the start screen),
//! [`online`] (the online screen and an online game's panel), [`game`] (the board and its
//! panels), [`overlays`] (the
//! windows over a game); [`layout`] places the game screen's parts once, for the drawing
//! and for the mouse.

pub mod ascent;
pub mod daily;
pub mod game;
pub mod home;
pub mod layout;
pub mod online;
pub mod overlays;
pub mod rules;
pub mod start;

pub use game::draw_board;
pub use layout::{GameLayout, Hit, MoveList, game_layout, hit, min_size};
pub use start::start_line_at;

use crate::app::{App, Screen};
use crate::keys;
use crate::theme::{Role, Theme};
use kraal_puzzles::Date;
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
        Screen::Home(home) => {
            let progress = app.progress.as_ref().map(|f| &f.progress.puzzles);
            let daily = kraal_front::daily::home_description(progress, Date::today_utc());
            home::draw_home(home, app.theme, &daily, area, buf);
        }
        Screen::Ascent(screen) => ascent::draw_ascent(app, screen, area, buf),
        Screen::Rules(rules) => rules::draw_rules(app, rules, area, buf),
        Screen::Daily(daily) => daily::draw_daily(app, daily, area, buf),
        Screen::Settings(_) => home::draw_settings(app, area, buf),
        Screen::Online(menu) => online::draw_online(menu, app.theme, area, buf, now),
    }
}

/// A screen's keys on one line, from its key table.
/// The key bar under a screen that plays moves on a board (the rules examples, the daily
/// puzzle): the cursor keys, then the screen's own `table`, on the last two rows of `area`.
pub(crate) fn board_keys(table: &[keys::Binding], theme: Theme, area: Rect, buf: &mut Buffer) {
    let cursor = if theme.ascii {
        "arrows, Enter: play on the board  -  "
    } else {
        "← ↑ → ↓ Enter: play on the board  -  "
    };
    let y = area.y + area.height.saturating_sub(2);
    buf.set_stringn(
        area.x + 1,
        y,
        cursor,
        area.width as usize,
        theme.style(Role::Dim),
    );
    let used = cursor.chars().count() as u16 + 1;
    key_line(
        table,
        theme,
        Rect::new(area.x + used, y, area.width.saturating_sub(used + 1), 2),
        buf,
    );
}

pub(crate) fn key_line(table: &[keys::Binding], theme: Theme, area: Rect, buf: &mut Buffer) {
    let items: Vec<String> = table
        .iter()
        .map(|b| format!("{} {}", overlays::key_label(theme, b.label), b.help))
        .collect();
    let sep = format!(" {} ", theme.glyphs().separator);
    let lines = wrap_items(&items, &sep, area.width as usize);
    for (row, line) in lines.iter().take(usize::from(area.height)).enumerate() {
        buf.set_stringn(
            area.x,
            area.y + row as u16,
            line,
            area.width as usize,
            theme.style(Role::Dim),
        );
    }
}

/// Text broken into lines of at most `width` characters, at spaces where it can be (a word
/// longer than a line is cut into pieces): messages are wrapped, never cut at a box's edge.
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let used = line.chars().count();
            let room = if used == 0 {
                width
            } else {
                width.saturating_sub(used + 1)
            };
            if word.len() <= room {
                if used > 0 {
                    line.push(' ');
                }
                line.extend(word.iter());
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than the line: as much as fits, the rest on the next.
            let rest = word.split_off(width);
            lines.push(word.iter().collect());
            word = rest;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Items joined by `sep` into lines of at most `width` characters, breaking only between
/// items (the key bar: no key is cut).
#[must_use]
pub fn wrap_items(items: &[String], sep: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in items {
        let used = line.chars().count();
        let extra = sep.chars().count() + item.chars().count();
        if used > 0 && used + extra > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(sep);
        }
        line.push_str(item);
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrapping_breaks_at_spaces_and_cuts_only_words_longer_than_a_line() {
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap("abcdefghij k", 4), ["abcd", "efgh", "ij k"]);
        assert_eq!(wrap("", 5), [""]);
        assert_eq!(wrap("a b", 3), ["a b"]);
    }
}
