//! The windows over the game screen: the list of keys, the file prompt, the yes-or-no
//! questions and the end of the game.

use super::block;
use crate::app::{Confirm, Purpose};
use crate::game::Match;
use crate::keys::{self, Binding};
use crate::theme::{Role, Theme};
use kraal_front::Command;
use kraal_front::keymap::{self, FrontEnd};
use kraal_session::any::capitalise;
use kraal_session::outcome::game_length;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

/// A box of `width` x `height` in the middle of `area`, cleared.
fn popup(area: Rect, width: u16, height: u16, buf: &mut Buffer) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(rect, buf);
    rect
}

/// The key label as the theme writes it (arrows spelled out in ASCII).
pub(crate) fn key_label(theme: Theme, label: &str) -> String {
    if theme.ascii {
        label
            .replace('↑', "Up")
            .replace('↓', "Down")
            .replace('←', "Left")
            .replace('→', "Right")
    } else {
        label.to_owned()
    }
}

/// A part of a help window: a heading (none for the first) and its keys with what they do.
type Section = (Option<&'static str>, Vec<(&'static str, &'static str)>);

/// The lines of a terminal key table, for the help.
fn lines_of(table: &[Binding]) -> Vec<(&'static str, &'static str)> {
    table.iter().map(|b| (b.label, b.help)).collect()
}

/// The help over the start screen: its own keys.
pub fn draw_start_help(theme: Theme, table: &[Binding], area: Rect, buf: &mut Buffer) {
    let sections = [(None, lines_of(table))];
    draw_help(theme, "Start screen keys", &sections, 0, area, buf);
}

/// The help over a game: the cursor's keys, the key map every front end shares, and the
/// game-over window's keys; `online`, the keys an online game adds, what the shared keys
/// do there, and the ones it turns off.
pub fn draw_game_help(theme: Theme, online: bool, scroll: u16, area: Rect, buf: &mut Buffer) {
    let mut game = lines_of(keys::CURSOR);
    if !online {
        game.extend(keys::shared().map(|b| (b.label, b.help)));
        let sections = [
            (None, game),
            (Some("When the game is over"), lines_of(keys::GAME_OVER)),
        ];
        draw_help(theme, "Keys", &sections, scroll, area, buf);
        return;
    }
    let off = [Command::Undo, Command::Redo, Command::Hint, Command::Load];
    game.extend(
        keys::shared()
            .filter(|b| !off.contains(&b.command))
            .filter(|b| !keys::ONLINE_WORDS.iter().any(|(c, _)| *c == b.command))
            .map(|b| (b.label, b.help)),
    );
    // Each online key of the terminal's own after the shared one it goes with (x after d,
    // C after c).
    let mut playing: Vec<(&'static str, &'static str)> = Vec::new();
    for (command, help) in keys::ONLINE_WORDS {
        if let Some(b) = keymap::binding(FrontEnd::Terminal, *command) {
            playing.push((b.label, help));
        }
        let partner = match command {
            Command::Draw => Some(keys::Action::Decline),
            Command::Claim => Some(keys::Action::ClaimDraw),
            _ => None,
        };
        playing.extend(
            keys::ONLINE_GAME
                .iter()
                .filter(|b| Some(b.action) == partner)
                .map(|b| (b.label, b.help)),
        );
    }
    let turned_off: Vec<(&'static str, &'static str)> = keys::shared()
        .filter(|b| off.contains(&b.command))
        .map(|b| (b.label, "off in an online game"))
        .collect();
    let sections = [
        (None, game),
        (Some("Online"), playing),
        (Some("Not in an online game"), turned_off),
        (Some("When the game is over"), lines_of(keys::ONLINE_OVER)),
    ];
    draw_help(theme, "Keys", &sections, scroll, area, buf);
}

fn draw_help(
    theme: Theme,
    title: &str,
    sections: &[Section],
    scroll: u16,
    area: Rect,
    buf: &mut Buffer,
) {
    // What a key does wraps under itself, beside the key column (the box fits the terminal).
    let room = usize::from(area.width.min(84).saturating_sub(2 + 16)).max(8);
    let entry = |label: String, help: &str, lines: &mut Vec<Line<'static>>| {
        for (i, part) in super::wrap(help, room).into_iter().enumerate() {
            let key = if i == 0 { label.clone() } else { String::new() };
            lines.push(Line::from(vec![
                Span::styled(format!("{key:<16}"), theme.style(Role::Title)),
                Span::raw(part),
            ]));
        }
    };
    let mut lines: Vec<Line> = Vec::new();
    for (heading, keys) in sections {
        if let Some(heading) = heading {
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled(*heading, theme.style(Role::Title))));
        }
        for (label, help) in keys {
            entry(key_label(theme, label), help, &mut lines);
        }
    }
    lines.push(Line::from(""));
    entry(
        "mouse".to_owned(),
        "click a point, hole or move; the wheel steps through the moves",
        &mut lines,
    );
    let rect = popup(area, 84, lines.len() as u16 + 3, buf);
    // A terminal too short for every line scrolls the list (the last line always shows how).
    let room = rect.height.saturating_sub(3);
    let hidden = (lines.len() as u16).saturating_sub(room);
    let scroll = scroll.min(hidden);
    let below = hidden - scroll;
    let arrows = if theme.ascii { "Up/Down" } else { "↑/↓" };
    let footer = if hidden == 0 {
        "Any key closes this help.".to_owned()
    } else if below > 0 {
        format!("{arrows} scroll ({below} more lines); any other key closes this help.")
    } else {
        format!("{arrows} scroll (the end); any other key closes this help.")
    };
    let inner = block(theme, title).inner(rect);
    block(theme, title).render(rect, buf);
    let [list, last] = Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(inner);
    Paragraph::new(lines).scroll((scroll, 0)).render(list, buf);
    buf.set_stringn(
        last.x,
        last.y,
        footer,
        last.width as usize,
        theme.style(Role::Dim),
    );
}

/// Draws the prompt window.
pub fn draw_prompt(theme: Theme, purpose: Purpose, text: &str, area: Rect, buf: &mut Buffer) {
    let title = match purpose {
        Purpose::Save => "Save the game",
        Purpose::Load => "Open a saved game",
    };
    let caret = if theme.ascii { "_" } else { "█" };
    let width = area.width.min(64);
    let room = usize::from(width.saturating_sub(2));
    // A long name wraps (cut anywhere: a path has no spaces to break at).
    let typed: Vec<char> = format!("{text}{caret}").chars().collect();
    let mut lines = vec![Line::from("File name:")];
    for part in typed.chunks(room.max(1)) {
        lines.push(Line::from(Span::styled(
            part.iter().collect::<String>(),
            theme.style(Role::Title),
        )));
    }
    let keys = format!("Enter to confirm{}Esc to cancel", theme.glyphs().separator);
    for line in super::wrap(&keys, room) {
        lines.push(Line::from(Span::styled(line, theme.style(Role::Dim))));
    }
    let rect = popup(area, width, lines.len() as u16 + 2, buf);
    Paragraph::new(lines)
        .block(block(theme, title))
        .render(rect, buf);
}

/// Draws the confirm window.
pub fn draw_confirm(theme: Theme, question: Confirm, area: Rect, buf: &mut Buffer) {
    let (title, text) = match question {
        Confirm::Quit => (
            "Quit?",
            "The game is not saved to a file. Quit anyway? You can continue it from the start screen next time. (y/n)",
        ),
        Confirm::Resign => ("Resign?", "Give up this game? (y/n)"),
    };
    let width = area.width.min(60);
    let lines = super::wrap(text, usize::from(width.saturating_sub(2)));
    let rect = popup(area, width, lines.len() as u16 + 2, buf);
    Paragraph::new(lines.into_iter().map(Line::from).collect::<Vec<_>>())
        .block(block(theme, title))
        .render(rect, buf);
}

/// Draws the game over window: the ending as `kraal play` words it ("White wins: Black has
/// no legal move"; "Result 1-0, after 19 moves (37 turns)"), then the keys.
///
/// An online game's ending is the server's (`online`: the sentence and the result), which
/// may be one the board does not know (a resignation, a claim, time).
pub fn draw_game_over(
    game: &Match,
    online: Option<(String, String)>,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let (headline, result) = match (&online, game.outcome()) {
        (Some((headline, result)), _) => (headline.clone(), result.clone()),
        (None, Some(outcome)) => (
            capitalise(&outcome.to_string()),
            format!("Result {}", outcome.result()),
        ),
        (None, None) => return,
    };
    let width = area.width.min(80);
    let room = usize::from(width.saturating_sub(2));
    let mut lines: Vec<Line> = Vec::new();
    for line in super::wrap(&headline, room) {
        lines.push(Line::from(Span::styled(line, theme.style(Role::Good))));
    }
    let result = format!("{result}, {}", game_length(game.all_moves().len()));
    for line in super::wrap(&result, room) {
        lines.push(Line::from(Span::styled(line, theme.style(Role::Dim))));
    }
    lines.push(Line::from(""));
    let help_room = room.saturating_sub(10).max(8);
    let table = if online.is_some() {
        keys::ONLINE_OVER
    } else {
        keys::GAME_OVER
    };
    for b in table {
        for (i, part) in super::wrap(b.help, help_room).into_iter().enumerate() {
            let key = if i == 0 {
                key_label(theme, b.label)
            } else {
                String::new()
            };
            lines.push(Line::from(vec![
                Span::styled(format!("{key:<10}"), theme.style(Role::Title)),
                Span::raw(part),
            ]));
        }
    }
    let rect = popup(area, width, lines.len() as u16 + 2, buf);
    Paragraph::new(lines)
        .block(block(theme, "Game over"))
        .render(rect, buf);
}
