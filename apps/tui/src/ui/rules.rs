//! The rules screen: an example on the real board (the player tries it with the cursor), the
//! prompt and what the app said, and the rules in plain words beside it.

use super::{block, board_keys, draw_board, wrap};
use crate::app::App;
use crate::keys;
use crate::modes::RulesScreen;
use crate::theme::Role;
use kraal_front::lessons::Verdict;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// Draws the rules screen.
pub fn draw_rules(app: &App, r: &RulesScreen, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let lesson = r.current();
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
        format!("kraal: the rules of {}", r.book.text.title),
        area.width.saturating_sub(2) as usize,
        theme.style(Role::Title),
    );
    draw_board(&r.board, theme, board_area, buf);
    let text_area = Rect::new(
        area.x + board_width + 1,
        area.y + 1,
        area.width.saturating_sub(board_width + 1),
        area.height.saturating_sub(4),
    );
    let title = format!(
        "Example {} of {}: {}",
        r.lesson + 1,
        r.book.lessons.len(),
        lesson.topic
    );
    block(theme, &title).render(text_area, buf);
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
    put(lesson.text, Role::Dim, &mut y);
    put(
        &format!("(Played under the {} rules.)", lesson.rules),
        Role::Dim,
        &mut y,
    );
    y += 1;
    put(lesson.prompt, Role::Title, &mut y);
    if let Some(note) = &r.note {
        put(note, Role::Warning, &mut y);
    }
    if let Some(verdict) = &r.verdict {
        let role = match verdict {
            Verdict::Right(_) => Role::Good,
            _ => Role::Warning,
        };
        put(&verdict.to_string(), role, &mut y);
    }
    y += 1;
    put(
        &format!("The rules: {}", r.book.text.about),
        Role::Title,
        &mut y,
    );
    for difference in &r.book.text.differences {
        put(&format!("Changed: {difference}"), Role::Warning, &mut y);
    }
    for paragraph in r.book.text.paragraphs {
        put(paragraph, Role::Dim, &mut y);
    }
    board_keys(keys::RULES, theme, area, buf);
}
