//! The start screen: the choices of a new game, one per line, with what each value means.

use super::block;
use crate::start::{Field, StartMenu};
use crate::theme::{Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

/// The first screen line of each start-screen line (two screen lines each).
fn start_rows(menu: &StartMenu, area: Rect) -> (Rect, Vec<(Field, u16)>) {
    let width = area.width.min(96);
    let lines = menu.lines();
    let height = (lines.len() as u16 * 2 + 7).min(area.height);
    let inner = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    let rows = lines
        .into_iter()
        .enumerate()
        .map(|(i, f)| (f, inner.y + 3 + 2 * i as u16))
        .collect();
    (inner, rows)
}

/// The start-screen line at a screen cell, for mouse clicks.
#[must_use]
pub fn start_line_at(menu: &StartMenu, size: Rect, x: u16, y: u16) -> Option<usize> {
    let (inner, rows) = start_rows(menu, size);
    if x < inner.x || x >= inner.x + inner.width {
        return None;
    }
    rows.iter().position(|&(_, row)| y == row || y == row + 1)
}

/// Draws the start screen.
pub fn draw_start(menu: &StartMenu, theme: Theme, area: Rect, buf: &mut Buffer) {
    let (inner, rows) = start_rows(menu, area);
    block(theme, "kraal: traditional African board games").render(inner, buf);
    buf.set_string(
        inner.x + 2,
        inner.y + 1,
        "Choose a game with the arrow keys, then press Enter. ? lists the keys.",
        theme.style(Role::Dim),
    );
    let g = theme.glyphs();
    let selected = menu.field();
    for (field, y) in rows {
        if y + 1 >= inner.y + inner.height {
            break;
        }
        let (label, value, about) = menu.describe(field);
        let is_selected = field == selected;
        let marker = if is_selected { g.turn } else { ' ' };
        let mut style = match field {
            Field::Start => theme.style(Role::Good),
            Field::Continue if !menu.can_continue() => theme.style(Role::Dim),
            Field::Continue => theme.style(Role::Good),
            _ => Style::default().add_modifier(Modifier::BOLD),
        };
        if is_selected {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let arrows = !matches!(field, Field::Start | Field::Continue);
        let value = if arrows && is_selected {
            let (l, r) = if theme.ascii {
                ('<', '>')
            } else {
                ('◀', '▶')
            };
            format!("{l} {value} {r}")
        } else {
            format!("  {value}  ")
        };
        buf.set_string(
            inner.x + 2,
            y,
            marker.to_string(),
            theme.style(Role::Cursor),
        );
        buf.set_string(
            inner.x + 4,
            y,
            format!("{label:<11}"),
            theme.style(Role::Title),
        );
        buf.set_stringn(
            inner.x + 16,
            y,
            &value,
            inner.width.saturating_sub(18) as usize,
            style,
        );
        let room = inner.width.saturating_sub(20) as usize;
        let about = if about.chars().count() > room {
            let cut: String = about.chars().take(room.saturating_sub(1)).collect();
            if theme.ascii {
                format!("{cut}~")
            } else {
                format!("{cut}…")
            }
        } else {
            about
        };
        buf.set_stringn(inner.x + 18, y + 1, &about, room, theme.style(Role::Dim));
    }
    // The selected choice's description in full, wrapped, under the list.
    let (_, _, about) = menu.describe(selected);
    let details_y = inner.y + inner.height.saturating_sub(4);
    let details = Rect::new(inner.x + 2, details_y, inner.width.saturating_sub(4), 2);
    if menu.message.is_none() && about.chars().count() > inner.width.saturating_sub(20) as usize {
        Paragraph::new(about)
            .style(theme.style(Role::Dim))
            .wrap(Wrap { trim: true })
            .render(details, buf);
    }
    // A message wraps over the room the description would take (never cut at the edge).
    if let Some(message) = &menu.message {
        let room = Rect::new(
            inner.x + 2,
            details_y,
            inner.width.saturating_sub(4),
            (inner.y + inner.height).saturating_sub(details_y + 1),
        );
        Paragraph::new(message.as_str())
            .style(theme.style(Role::Warning))
            .wrap(Wrap { trim: true })
            .render(room, buf);
    }
    if let Some(at) = menu.picking {
        draw_unfinished(menu, at, theme, area, buf);
    }
}

/// The list of unfinished games to continue, newest first, over the start screen.
fn draw_unfinished(menu: &StartMenu, at: usize, theme: Theme, area: Rect, buf: &mut Buffer) {
    let width = area.width.min(96);
    let room = area.height.saturating_sub(6).max(1);
    let shown = (menu.unfinished.len() as u16).min(room);
    let height = (shown + 4).min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(rect, buf);
    let title = "Continue a game";
    let inner = block(theme, title).inner(rect);
    block(theme, title).render(rect, buf);
    // The list scrolls to keep the selected game in view.
    let first = (at + 1).saturating_sub(usize::from(shown));
    let mut lines: Vec<Line> = Vec::new();
    for (i, entry) in menu
        .unfinished
        .iter()
        .enumerate()
        .skip(first)
        .take(usize::from(shown))
    {
        let marker = if i == at { theme.glyphs().turn } else { ' ' };
        let style = if i == at {
            theme.style(Role::Good).add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{marker} "), theme.style(Role::Cursor)),
            Span::styled(entry.to_string(), style),
        ]));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        format!(
            "Enter continues it{}Esc goes back",
            theme.glyphs().separator
        ),
        theme.style(Role::Dim),
    )));
    Paragraph::new(lines).render(inner, buf);
}
