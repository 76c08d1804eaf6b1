//! The Mountain Ascent screen: the camps from the summit down, their locks and medals, the
//! camp selected with its story and past climbs.

use super::home::centred;
use super::{block, key_line, wrap};
use crate::app::App;
use crate::keys;
use crate::modes::AscentScreen;
use crate::theme::Role;
use kraal_front::ascent::ClimbState;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

/// Draws the ascent screen.
pub fn draw_ascent(app: &App, screen: &AscentScreen, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let mountain = screen.mountain();
    let progress = app.ascent_progress(&mountain);
    let status = mountain.status(&progress);
    let inner = centred(area, 96, 32);
    block(theme, &format!("Mountain Ascent: {}", mountain.title())).render(inner, buf);
    let x = inner.x + 2;
    let width = inner.width.saturating_sub(4) as usize;
    let summit = progress.summit.as_ref().map_or_else(
        || "The summit is not reached yet.".to_owned(),
        |d| format!("Summit reached on {d}."),
    );
    buf.set_stringn(x, inner.y + 1, summit, width, theme.style(Role::Title));
    let (medal, none) = if theme.ascii {
        ('*', '.')
    } else {
        ('◉', '○')
    };
    for (row, s) in status.iter().rev().enumerate() {
        let y = inner.y + 3 + row as u16;
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
    let mut y = inner.y + 11;
    let colour = mountain.kind().side_name(screen.colour);
    let about = format!(
        "{} To climb: {}. You play {colour} in a new climb (c changes it). Medals: climbed, \
         unassisted (no hint or takeback), mastered (unassisted wins with both colours, or on \
         the clock).",
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
                format!(
                    "{} {} as {} ({})",
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
