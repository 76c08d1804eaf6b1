//! The home screen (every mode, with what it is) and the settings screen.

use super::{block, key_line, wrap};
use crate::app::App;
use crate::keys;
use crate::modes::HomeMenu;
use crate::theme::{Role, Theme};
use kraal_front::home::{MODES, Mode};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::Widget;

/// A box of `width` x `height` in the middle of `area` (cut to fit).
pub(crate) fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// The home screen's box in `area`, with `message` lines under the modes, and the rows a
/// mode takes (its title and description, and a blank line between modes when the terminal
/// is tall enough: an 80x24 terminal shows every mode without it).
fn home_box(area: Rect, message: usize) -> (Rect, u16) {
    let height = |step: u16| 6 + step * MODES.len() as u16 + message as u16 + 2;
    let step = if height(3) <= area.height { 3 } else { 2 };
    (centred(area, 80, height(step)), step)
}

/// The home screen's mode at a screen cell, for mouse clicks (an index into [`MODES`]),
/// found from the same box the drawing uses.
#[must_use]
pub fn home_line_at(home: &HomeMenu, size: Rect, x: u16, y: u16) -> Option<usize> {
    let message = home.message.as_deref().map_or(0, |m| wrap(m, 76).len());
    let (inner, step) = home_box(size, message);
    if x < inner.x || x >= inner.x + inner.width {
        return None;
    }
    (0..MODES.len()).find(|&i| {
        let row = inner.y + 3 + step * i as u16;
        (y == row || y == row + 1) && row + 1 < inner.y + inner.height
    })
}

/// Draws the home screen; `daily` is the daily puzzle's description (with the streak).
pub fn draw_home(home: &HomeMenu, theme: Theme, daily: &str, area: Rect, buf: &mut Buffer) {
    let message = home
        .message
        .as_deref()
        .map(|m| wrap(m, 76))
        .unwrap_or_default();
    let (inner, step) = home_box(area, message.len());
    block(theme, "kraal").render(inner, buf);
    let x = inner.x + 2;
    let width = inner.width.saturating_sub(4) as usize;
    buf.set_stringn(
        x,
        inner.y + 1,
        "Traditional African board games: Morabaraba, Oware and Mulabalaba",
        width,
        theme.style(Role::Title),
    );
    let g = theme.glyphs();
    for (i, mode) in MODES.iter().enumerate() {
        let y = inner.y + 3 + step * i as u16;
        if y + 1 >= inner.y + inner.height {
            break;
        }
        let selected = i == home.selected;
        let marker = if selected { g.turn } else { ' ' };
        let mut style = theme.style(Role::Good).add_modifier(Modifier::BOLD);
        if selected {
            style = style.add_modifier(Modifier::REVERSED);
        }
        buf.set_stringn(x, y, format!("{marker} {:<20}", mode.title()), width, style);
        buf.set_stringn(
            x + 4,
            y + 1,
            if *mode == Mode::Daily {
                daily
            } else {
                mode.description()
            },
            width - 4,
            theme.style(Role::Dim),
        );
    }
    let top = inner.y + 3 + step * MODES.len() as u16;
    for (row, line) in message.iter().enumerate() {
        buf.set_stringn(x, top + row as u16, line, width, theme.style(Role::Warning));
    }
    key_line(
        keys::HOME,
        theme,
        Rect::new(x, inner.y + inner.height - 2, width as u16, 1),
        buf,
    );
}

/// Draws the settings screen.
pub fn draw_settings(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let inner = centred(area, 86, 16);
    block(theme, "Settings").render(inner, buf);
    let x = inner.x + 2;
    let width = inner.width.saturating_sub(4) as usize;
    let g = theme.glyphs();
    buf.set_stringn(
        x,
        inner.y + 2,
        format!(
            "{} Animation: {}   (sowing shown hole by hole)",
            g.turn,
            if app.animations { "on" } else { "off" }
        ),
        width,
        theme.style(Role::Good).add_modifier(Modifier::REVERSED),
    );
    let shown = |p: Option<&std::path::Path>| {
        p.map_or_else(|| "(not kept)".to_owned(), |p| p.display().to_string())
    };
    let rows = [
        ("Settings file", shown(app.paths.settings.as_deref())),
        ("Progress file", shown(app.paths.progress.as_deref())),
        (
            "Unfinished games",
            shown(app.paths.unfinished.as_ref().map(|u| u.folder())),
        ),
        ("Saved games", shown(app.paths.saves.as_deref())),
    ];
    buf.set_stringn(
        x,
        inner.y + 4,
        "Where kraal keeps your files:",
        width,
        theme.style(Role::Title),
    );
    for (i, (label, value)) in rows.iter().enumerate() {
        buf.set_stringn(
            x,
            inner.y + 6 + i as u16,
            format!("{label:<18} {value}"),
            width,
            theme.style(Role::Dim),
        );
    }
    buf.set_stringn(
        x,
        inner.y + 11,
        "Unicode or ASCII drawing: kraal-tui --ascii; no colour: NO_COLOR=1.",
        width,
        theme.style(Role::Dim),
    );
    key_line(
        keys::SETTINGS,
        theme,
        Rect::new(x, inner.y + inner.height - 2, width as u16, 1),
        buf,
    );
}
