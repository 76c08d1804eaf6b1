//! The daily puzzle screen: today's puzzle on the real board (the player plays it with the
//! cursor), the objective in words, what the app said to the last move, and the result once
//! recorded (the rating and the streaks).

use super::{block, board_keys, draw_board, wrap};
use crate::app::App;
use crate::keys;
use crate::modes::DailyScreen;
use crate::theme::Role;
use kraal_front::daily::Said;
use kraal_puzzles::Judgement;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// Draws the daily puzzle screen.
pub fn draw_daily(app: &App, d: &DailyScreen, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let board_width = (area.width / 2).clamp(20, 60);
    let board_area = Rect::new(
        area.x,
        area.y + 1,
        board_width,
        area.height.saturating_sub(4),
    );
    buf.set_stringn(
        area.x + 1,
        area.y,
        format!("kraal: the daily puzzle, {}", d.daily.game()),
        area.width.saturating_sub(2) as usize,
        theme.style(Role::Title),
    );
    draw_board(&d.board, theme, board_area, buf);
    let text_area = Rect::new(
        area.x + board_width + 1,
        area.y + 1,
        area.width.saturating_sub(board_width + 1),
        area.height.saturating_sub(4),
    );
    block(theme, &format!("{}", d.daily.date)).render(text_area, buf);
    let x = text_area.x + 2;
    let width = text_area.width.saturating_sub(4) as usize;
    let bottom = text_area.y + text_area.height.saturating_sub(1);
    let mut y = text_area.y + 1;
    let mut put = |text: &str, role: Role, y: &mut u16| {
        for line in wrap(text, width) {
            if *y >= bottom {
                return;
            }
            buf.set_stringn(x, *y, line, width, theme.style(role));
            *y += 1;
        }
    };
    for (i, line) in d.daily.heading().iter().enumerate() {
        put(line, if i == 1 { Role::Title } else { Role::Dim }, &mut y);
    }
    let played = d.daily.played_text();
    if !played.is_empty() {
        put(&format!("Played: {}", played.join(" ")), Role::Dim, &mut y);
    }
    y += 1;
    if let Some(note) = &d.note {
        put(note, Role::Warning, &mut y);
    }
    if let Some(said) = d.daily.said() {
        let role = match said {
            Said::Move(Judgement::Right { .. } | Judgement::Solved { .. }) => Role::Good,
            _ => Role::Warning,
        };
        put(&said.to_string(), role, &mut y);
    }
    if let Some(line) = app
        .progress
        .as_ref()
        .and_then(|f| d.daily.result_line(&f.progress.puzzles))
    {
        put(&line, Role::Title, &mut y);
    } else if !d.daily.is_over() {
        put("Your move.", Role::Dim, &mut y);
    }
    board_keys(keys::DAILY, theme, area, buf);
}
