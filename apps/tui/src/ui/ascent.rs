//! The Mountain Ascent screen: the camps from the summit down, their locks and medals, the
//! camp selected with its story and past climbs.

use super::home::centred;
use super::{block, key_line, wrap};
use crate::app::App;
use crate::keys;
use crate::modes::AscentScreen;
use crate::start::{CLOCKS, clock_index};
use crate::theme::Role;
use kraal_front::ascent::{CAMPS, ClimbState, Mountain};
use kraal_session::TimeControl;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

/// What a click on the ascent screen landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AscentHit {
    /// A mountain's name in the line of mountains (an index into [`Mountain::all`]).
    Mountain(usize),
    /// A camp's line.
    Camp(u8),
    /// The side for a new climb.
    Colour,
    /// The clock of the climb game.
    Clock,
}

/// Where the ascent screen's parts go in `area`: the box, and the rows of the mountains, of
/// the summit line, of the top camp (the summit; the foot is six rows below), of the side
/// and of the clock. Read by the drawing and by the mouse alike.
struct AscentLayout {
    inner: Rect,
    mountains: u16,
    summit: u16,
    camps: u16,
    colour: u16,
    clock: u16,
    about: u16,
}

impl AscentLayout {
    fn new(area: Rect) -> AscentLayout {
        let inner = centred(area, 96, 32);
        AscentLayout {
            inner,
            mountains: inner.y + 1,
            summit: inner.y + 2,
            camps: inner.y + 4,
            colour: inner.y + 12,
            clock: inner.y + 13,
            about: inner.y + 15,
        }
    }
}

/// The mountains' names as the line of mountains shows them, each with its first column
/// from `x` (the one shown is marked with brackets).
fn mountain_tabs(shown: usize, x: u16) -> Vec<(u16, String)> {
    let mut at = x + "Mountains: ".len() as u16;
    Mountain::all()
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let text = if i == shown {
                format!("[{}]", m.title())
            } else {
                format!(" {} ", m.title())
            };
            let tab = (at, text);
            at += tab.1.chars().count() as u16 + 1;
            tab
        })
        .collect()
}

/// The part of the ascent screen at a screen cell, for mouse clicks.
#[must_use]
pub fn ascent_hit(screen: &AscentScreen, size: Rect, x: u16, y: u16) -> Option<AscentHit> {
    let layout = AscentLayout::new(size);
    let inner = layout.inner;
    if x < inner.x + 2 || x >= inner.x + inner.width.saturating_sub(2) {
        return None;
    }
    if y == layout.mountains {
        return mountain_tabs(screen.mountain, inner.x + 2)
            .iter()
            .position(|(at, text)| x >= *at && x < at + text.chars().count() as u16)
            .map(AscentHit::Mountain);
    }
    if (layout.camps..layout.camps + u16::from(CAMPS)).contains(&y) {
        let row = (y - layout.camps) as u8;
        return Some(AscentHit::Camp(CAMPS - row));
    }
    if y == layout.colour {
        return Some(AscentHit::Colour);
    }
    if y == layout.clock {
        return Some(AscentHit::Clock);
    }
    None
}

/// Draws the ascent screen.
pub fn draw_ascent(app: &App, screen: &AscentScreen, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let mountain = screen.mountain();
    let progress = app.ascent_progress(&mountain);
    let status = mountain.status(&progress);
    let layout = AscentLayout::new(area);
    let inner = layout.inner;
    block(theme, &format!("Mountain Ascent: {}", mountain.title())).render(inner, buf);
    let x = inner.x + 2;
    let width = inner.width.saturating_sub(4) as usize;
    buf.set_stringn(
        x,
        layout.mountains,
        "Mountains:",
        width,
        theme.style(Role::Dim),
    );
    for (at, text) in mountain_tabs(screen.mountain, x) {
        let room = (x as usize + width).saturating_sub(at as usize);
        let style = if text.starts_with('[') {
            theme.style(Role::Title).add_modifier(Modifier::REVERSED)
        } else {
            theme.style(Role::Good)
        };
        buf.set_stringn(at, layout.mountains, text, room, style);
    }
    let summit = progress.summit.as_ref().map_or_else(
        || "The summit is not reached yet.".to_owned(),
        |d| format!("Summit reached on {d}."),
    );
    buf.set_stringn(x, layout.summit, summit, width, theme.style(Role::Title));
    let (medal, none) = if theme.ascii {
        ('*', '.')
    } else {
        ('◉', '○')
    };
    for (row, s) in status.iter().rev().enumerate() {
        let y = layout.camps + row as u16;
        let selected = s.camp.number == screen.camp;
        let emblem = if theme.ascii {
            s.camp.emblem_ascii
        } else {
            s.camp.emblem
        };
        let [r, g, b] = s.camp.colour;
        let emblem_style = if theme.color {
            Style::default().fg(Color::Rgb(r, g, b))
        } else {
            Style::default()
        };
        let marker = if selected { theme.glyphs().turn } else { ' ' };
        buf.set_stringn(x, y, marker.to_string(), 1, theme.style(Role::Title));
        buf.set_stringn(x + 1, y, emblem.to_string(), 1, emblem_style);
        let medals: String = [s.medals.climbed, s.medals.unassisted, s.medals.mastered]
            .iter()
            .map(|&m| if m { medal } else { none })
            .collect();
        let state = if !s.unlocked {
            "locked"
        } else if s.going_on.is_some() {
            "match on"
        } else if s.medals.climbed {
            "climbed"
        } else {
            "open"
        };
        let mut style = if s.unlocked {
            theme.style(Role::Good)
        } else {
            theme.style(Role::Dim)
        };
        if selected {
            style = style.add_modifier(Modifier::REVERSED);
        }
        buf.set_stringn(
            x + 3,
            y,
            format!(
                "{} {:<24} {:<13} {medals}  {state}",
                s.camp.number,
                s.camp.name,
                s.camp.opponent().name
            ),
            width - 3,
            style,
        );
    }
    let camp = &status[usize::from(screen.camp - 1)];
    let colour = mountain.kind().side_name(screen.colour);
    buf.set_stringn(
        x,
        layout.colour,
        format!("Your side in a new climb: {colour}  (c or a click)"),
        width,
        theme.style(Role::Good),
    );
    let clock = CLOCKS[clock_index(screen.clock)].1;
    buf.set_stringn(
        x,
        layout.clock,
        format!("Clock: {clock}  (t or a click)"),
        width,
        theme.style(Role::Good),
    );
    let mut y = layout.about;
    let on_clock = if screen.clock == TimeControl::None {
        ""
    } else {
        " On the clock, running out of time loses the game."
    };
    let about = format!(
        "{} To climb: {}.{on_clock} Medals: climbed, unassisted (no hint or takeback), \
         mastered (unassisted wins with both colours, or on the clock).",
        camp.camp.story,
        camp.camp.requirement()
    );
    for line in wrap(&about, width) {
        buf.set_stringn(x, y, line, width, theme.style(Role::Dim));
        y += 1;
    }
    y += 1;
    let climbs = progress
        .camps
        .get(&camp.camp.number.to_string())
        .map_or(&[][..], |c| &c.climbs[..]);
    let heading = if climbs.is_empty() {
        "No climbs of this camp yet.".to_owned()
    } else {
        format!(
            "Climbs of camp {} (kraal replay FILE shows one):",
            camp.camp.number
        )
    };
    buf.set_stringn(x, y, heading, width, theme.style(Role::Title));
    y += 1;
    let folder = app.progress.as_ref().map(|f| f.folder().to_path_buf());
    let bottom = inner.y + inner.height - 5;
    for (i, climb) in climbs.iter().enumerate().rev() {
        if y >= bottom {
            break;
        }
        let state = match climb.state(&camp.camp) {
            ClimbState::Climbed => "climbed",
            ClimbState::Failed => "failed",
            ClimbState::Continues { .. } => "going on",
        };
        let games: Vec<String> = climb
            .games
            .iter()
            .map(|g| {
                let file = folder
                    .as_ref()
                    .map_or_else(|| g.record.clone(), |f| f.join(&g.record));
                let clock = g
                    .time_control
                    .map_or_else(String::new, |c| format!(", clock {c}"));
                format!(
                    "{} {} as {}{clock} ({})",
                    g.date,
                    g.score,
                    mountain.kind().side_name(g.colour),
                    file.display()
                )
            })
            .collect();
        let assisted = if climb.assisted() { ", assisted" } else { "" };
        buf.set_stringn(
            x,
            y,
            format!("{}. {state}{assisted}: {}", i + 1, games.join("; ")),
            width,
            theme.style(Role::Dim),
        );
        y += 1;
    }
    if let Some(message) = &screen.message {
        for (i, line) in wrap(message, width).iter().take(2).enumerate() {
            buf.set_stringn(
                x,
                inner.y + inner.height - 5 + i as u16,
                line,
                width,
                theme.style(Role::Warning),
            );
        }
    }
    key_line(
        keys::ASCENT,
        theme,
        Rect::new(x, inner.y + inner.height - 3, width as u16, 2),
        buf,
    );
}
