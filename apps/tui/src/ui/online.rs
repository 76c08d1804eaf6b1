//! The online screen (the server, a game to create, a code to join, the games held), the
//! window while a game is created or joined (the join code, large), and an online game's
//! panel beside the board (the connection, the turn, a draw offer, an opponent gone).

use super::{block, key_line, wrap};
use crate::keys;
use crate::online::{Entering, Line, OnlineGame, OnlineMenu, Pending};
use crate::start::Field;
use crate::theme::{Role, Theme};
use kraal_front::online::{draw_offer_text, join_command, link_text, presence_text, status_text};
use kraal_online::live::Link;
use kraal_protocol::GameStatus;
use kraal_session::any::capitalise;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line as TextLine, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};
use std::time::Instant;

/// Rows under the lines: a blank, the message (two), the key bar (two), the border.
const FOOTER: u16 = 6;

/// Where things go on the online screen.
struct Rows {
    /// The box.
    inner: Rect,
    /// Each line shown, with its screen row.
    lines: Vec<(Line, u16)>,
    /// The section headings, with their rows.
    headings: Vec<(&'static str, u16)>,
    /// Games held not shown above and below the list (it scrolls).
    hidden: (usize, usize),
}

/// The layout of the online screen in `area`.
fn rows(menu: &OnlineMenu, area: Rect) -> Rows {
    let width = area.width.min(96);
    let lines = menu.lines();
    let fixed: Vec<Line> = lines
        .iter()
        .copied()
        .filter(|l| !matches!(l, Line::Seat(_)))
        .collect();
    let seats: Vec<Line> = lines
        .iter()
        .copied()
        .filter(|l| matches!(l, Line::Seat(_)))
        .collect();
    // Border, intro, the fixed lines and three headings; the games held below.
    let top = 2 + fixed.len() as u16 + 3;
    let room = area.height.saturating_sub(top + FOOTER).max(1);
    let shown = (seats.len() as u16).clamp(1, room);
    let height = (top + shown + FOOTER).min(area.height);
    let inner = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    let mut y = inner.y + 2;
    let mut placed = Vec::new();
    let mut headings = Vec::new();
    for line in fixed {
        match line {
            Line::Choice(Field::Game) => {
                headings.push(("Create a game", y));
                y += 1;
            }
            Line::Code => {
                headings.push(("Join a game", y));
                y += 1;
            }
            _ => {}
        }
        placed.push((line, y));
        y += 1;
    }
    headings.push(("Your games", y));
    y += 1;
    // The list scrolls to keep the selected game in view.
    let selected = menu.selected.saturating_sub(lines.len() - seats.len());
    let first = if menu.selected >= lines.len() - seats.len() {
        (selected + 1).saturating_sub(usize::from(shown))
    } else {
        0
    };
    for line in seats.iter().skip(first).take(usize::from(shown)) {
        placed.push((*line, y));
        y += 1;
    }
    let hidden = (
        first,
        seats.len().saturating_sub(first + usize::from(shown)),
    );
    Rows {
        inner,
        lines: placed,
        headings,
        hidden,
    }
}

/// The online-screen line at a screen cell, for mouse clicks (an index into
/// [`OnlineMenu::lines`]).
#[must_use]
pub fn online_line_at(menu: &OnlineMenu, size: Rect, x: u16, y: u16) -> Option<usize> {
    let rows = rows(menu, size);
    if x < rows.inner.x || x >= rows.inner.x + rows.inner.width {
        return None;
    }
    let line = rows.lines.iter().find(|&&(_, row)| row == y)?.0;
    menu.lines().iter().position(|l| *l == line)
}

/// Draws the online screen, and the window over it while a game is entered.
pub fn draw_online(menu: &OnlineMenu, theme: Theme, area: Rect, buf: &mut Buffer, now: Instant) {
    let rows = rows(menu, area);
    let inner = rows.inner;
    block(theme, "Play online").render(inner, buf);
    let x = inner.x + 2;
    let width = inner.width.saturating_sub(4);
    buf.set_stringn(
        x,
        inner.y + 1,
        "Play a person on a kraal server: create a game, or join one by its code.",
        usize::from(width),
        theme.style(Role::Dim),
    );
    for (heading, y) in &rows.headings {
        buf.set_stringn(x, *y, heading, usize::from(width), theme.style(Role::Title));
    }
    let g = theme.glyphs();
    let selected = menu.line();
    let caret = if theme.ascii { "_" } else { "█" };
    for &(line, y) in &rows.lines {
        let is_selected = line == selected;
        let marker = if is_selected { g.turn } else { ' ' };
        buf.set_string(x, y, marker.to_string(), theme.style(Role::Cursor));
        let (label, value, style) = match line {
            Line::Server => {
                let shown = if is_selected {
                    format!("{}{caret}", menu.server)
                } else {
                    menu.server.clone()
                };
                (
                    "Server",
                    shown,
                    Style::default().add_modifier(Modifier::BOLD),
                )
            }
            Line::Name => {
                let shown = if is_selected {
                    format!("{}{caret}", menu.name)
                } else if menu.name.is_empty() {
                    "(none)".to_owned()
                } else {
                    menu.name.clone()
                };
                (
                    "Your name",
                    shown,
                    Style::default().add_modifier(Modifier::BOLD),
                )
            }
            Line::Choice(field) => {
                let (label, value, _) = menu.choices.describe(field);
                let value = if is_selected {
                    let (l, r) = if theme.ascii {
                        ('<', '>')
                    } else {
                        ('◀', '▶')
                    };
                    format!("{l} {value} {r}")
                } else {
                    format!("  {value}")
                };
                (label, value, Style::default().add_modifier(Modifier::BOLD))
            }
            Line::Create => ("", "Create the game".to_owned(), theme.style(Role::Good)),
            Line::Code => {
                let shown = if is_selected {
                    format!("{}{caret}", menu.code)
                } else if menu.code.is_empty() {
                    "(type the code)".to_owned()
                } else {
                    menu.code.clone()
                };
                ("Code", shown, Style::default().add_modifier(Modifier::BOLD))
            }
            Line::Join => ("", "Join the game".to_owned(), theme.style(Role::Good)),
            Line::Seat(index) => ("", menu.seat_line(index), Style::default()),
        };
        let style = if is_selected {
            style.add_modifier(Modifier::REVERSED)
        } else {
            style
        };
        // The values line up with a choice's, which the selection frames with arrows.
        let value = if matches!(line, Line::Choice(_) | Line::Seat(_)) {
            value
        } else {
            format!("  {value}")
        };
        if matches!(line, Line::Seat(_)) {
            buf.set_stringn(x + 2, y, value, usize::from(width.saturating_sub(2)), style);
        } else {
            buf.set_stringn(
                x + 2,
                y,
                format!("{label:<11}"),
                11,
                theme.style(Role::Title),
            );
            buf.set_stringn(
                x + 14,
                y,
                value,
                usize::from(width.saturating_sub(14)),
                style,
            );
        }
    }
    if menu.seats.is_empty()
        && let Some((_, y)) = rows.headings.last()
    {
        buf.set_stringn(
            x + 2,
            y + 1,
            "(none yet: the games you create or join are kept here to resume)",
            usize::from(width.saturating_sub(2)),
            theme.style(Role::Dim),
        );
    }
    if rows.hidden != (0, 0)
        && let Some((_, y)) = rows.headings.last()
    {
        let (above, below) = rows.hidden;
        let text = format!("({above} above, {below} below)");
        let len = text.chars().count() as u16;
        buf.set_stringn(
            (inner.x + inner.width).saturating_sub(len + 2),
            *y,
            text,
            usize::from(len),
            theme.style(Role::Dim),
        );
    }
    // The message, or what the selected line is for.
    let (text, role) = match (&menu.message, menu.unreachable()) {
        (Some(m), _) => (m.clone(), Role::Warning),
        (None, Some(u)) if matches!(selected, Line::Seat(_)) => (u, Role::Warning),
        _ => (menu.describe(), Role::Dim),
    };
    let message_y = inner.y + inner.height.saturating_sub(5);
    for (row, part) in wrap(&text, usize::from(width)).iter().take(2).enumerate() {
        buf.set_stringn(
            x,
            message_y + row as u16,
            part,
            usize::from(width),
            theme.style(role),
        );
    }
    key_line(
        keys::ONLINE,
        theme,
        Rect::new(x, inner.y + inner.height.saturating_sub(3), width, 2),
        buf,
    );
    if let Some(pending) = &menu.pending {
        draw_pending(pending, &menu.server, theme, area, buf, now);
    }
}

/// The window while a game is entered: the join code while the game waits, or how the
/// connection goes.
fn draw_pending(
    pending: &Pending,
    server: &str,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
    now: Instant,
) {
    let width = area.width.min(72);
    let room = usize::from(width.saturating_sub(4));
    let live = &pending.live;
    // A resumed game's server is its own.
    let server = live.seat().map_or(server, |s| s.server.as_str());
    let mut lines: Vec<TextLine> = Vec::new();
    let title;
    if let Some(code) = live.code() {
        title = "Waiting for your opponent";
        lines.push(TextLine::from("Your opponent joins with code"));
        lines.push(TextLine::from(""));
        lines.push(TextLine::from(Span::styled(
            format!("   {code}   "),
            theme
                .style(Role::Good)
                .add_modifier(Modifier::BOLD | Modifier::REVERSED),
        )));
        lines.push(TextLine::from(""));
        for part in wrap(
            &format!("or from a terminal: {}", join_command(code, server)),
            room,
        ) {
            lines.push(TextLine::from(part));
        }
        lines.push(TextLine::from(""));
        let leave = if pending.entering == Entering::Create {
            "The game starts when they join. Esc cancels the game."
        } else {
            "The game starts when they join. Esc goes back (the game keeps waiting)."
        };
        for part in wrap(leave, room) {
            lines.push(TextLine::from(Span::styled(part, theme.style(Role::Dim))));
        }
    } else {
        title = match &pending.entering {
            Entering::Create => "Creating a game",
            Entering::Join(_) => "Joining a game",
            Entering::Resume => "Resuming a game",
        };
        let what = match &pending.entering {
            Entering::Create => format!("Creating the game on {server}..."),
            Entering::Join(code) => format!("Joining the game {code} on {server}..."),
            Entering::Resume => "Resuming the game...".to_owned(),
        };
        for part in wrap(&what, room) {
            lines.push(TextLine::from(part));
        }
        lines.push(TextLine::from(""));
        lines.push(TextLine::from(Span::styled(
            "Esc goes back.",
            theme.style(Role::Dim),
        )));
    }
    lines.push(TextLine::from(""));
    lines.push(link_line(live.link(), theme, now));
    let height = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(rect, buf);
    let inner = block(theme, title).inner(rect);
    block(theme, title).render(rect, buf);
    let inner = Rect::new(
        inner.x + 1,
        inner.y,
        inner.width.saturating_sub(2),
        inner.height,
    );
    Paragraph::new(lines).render(inner, buf);
}

/// The connection indicator: a mark and the words ("connected", "reconnecting in 3 s...").
fn link_line(link: &Link, theme: Theme, now: Instant) -> TextLine<'static> {
    let up = *link == Link::Connected;
    let mark = link_mark(theme, up);
    let role = if up { Role::Good } else { Role::Warning };
    TextLine::from(vec![
        Span::styled(format!("{mark} "), theme.style(role)),
        Span::styled(
            format!("Server: {}", link_text(link, now)),
            theme.style(role),
        ),
    ])
}

/// The connection's mark: full when connected, hollow when not (the words say it too).
fn link_mark(theme: Theme, up: bool) -> &'static str {
    match (up, theme.ascii) {
        (true, false) => "●",
        (false, false) => "○",
        (true, true) => "*",
        (false, true) => "!",
    }
}

/// The online panel beside the board, in the computer's place.
pub fn draw_online_panel(
    online: &OnlineGame,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
    now: Instant,
) {
    let live = &online.live;
    // The connection in the title, so the panel's few lines are for the game.
    let mark = link_mark(theme, *live.link() == Link::Connected);
    let title = format!("Online {mark} {}", link_text(live.link(), now));
    let inner = block(theme, &title).inner(area);
    block(theme, &title).render(area, buf);
    let mut lines = vec![TextLine::from(Span::styled(
        status_text(live),
        theme.style(Role::Title),
    ))];
    // The keys for these are in the key bar (it shows them when they apply): the panel is
    // small beside a mill board.
    for text in [draw_offer_text(live), presence_text(live, now)]
        .into_iter()
        .flatten()
    {
        lines.push(TextLine::from(Span::styled(
            text,
            theme.style(Role::Warning),
        )));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// How the server ended an online game, for the game-over window: the ending as a
/// sentence and the result line; `None` while it goes on.
#[must_use]
pub fn online_ending(online: &OnlineGame) -> Option<(String, String)> {
    match online.status()? {
        GameStatus::Over { outcome } => Some((
            capitalise(&outcome.to_string()),
            format!("Result {}", outcome.result()),
        )),
        GameStatus::Aborted => Some((
            "The game was aborted before both players had moved.".to_owned(),
            "No result".to_owned(),
        )),
        GameStatus::Waiting | GameStatus::Live => None,
    }
}

/// Who plays a side of an online game, for the status panel: "you", or the opponent's
/// display name.
#[must_use]
pub fn seat_label(online: &OnlineGame, side: usize) -> String {
    let Some(mirror) = online.live.mirror() else {
        return String::new();
    };
    let name = mirror.snapshot.names.get(side).cloned().flatten();
    if mirror.snapshot.you.index() == side {
        name.map_or_else(|| "you".to_owned(), |n| format!("you ({n})"))
    } else {
        name.unwrap_or_else(|| "your opponent".to_owned())
    }
}
