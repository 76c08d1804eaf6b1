//! The rules screen: an example on the real board (the player tries it with the cursor), the
//! prompt and what the app said, and the rules in plain words beside it.

use super::layout::contains;
use super::{Hit, block, board_keys, draw_board, wrap};
use crate::app::App;
use crate::board::{MancalaLayout, MorrisLayout};
use crate::keys;
use crate::modes::RulesScreen;
use crate::theme::Role;
use kraal_front::lessons::Verdict;
use kraal_session::AnyGame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::Widget;

/// What a click on the rules screen landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesHit {
    /// An example's number in the line of examples (an index into the book's examples).
    Example(usize),
    /// A point or hole of the example's board.
    Board(Hit),
}

/// Where the rules screen's parts go in `area`: the board, the text box, and the row of the
/// line of examples. Read by the drawing and by the mouse alike.
struct RulesLayout {
    board: Rect,
    text: Rect,
    examples: u16,
}

impl RulesLayout {
    fn new(area: Rect) -> RulesLayout {
        let board_width = (area.width / 2).clamp(20, 60);
        let height = area.height.saturating_sub(5);
        RulesLayout {
            board: Rect::new(area.x, area.y + 2, board_width, height),
            text: Rect::new(
                area.x + board_width + 1,
                area.y + 2,
                area.width.saturating_sub(board_width + 1),
                height,
            ),
            examples: area.y + 1,
        }
    }
}

/// The examples' numbers as the line of examples shows them, each with its first column
/// from `x` (the one shown in brackets).
fn example_tabs(r: &RulesScreen, x: u16) -> Vec<(u16, String)> {
    let mut at = x + "Examples: ".len() as u16;
    (0..r.book.lessons.len())
        .map(|i| {
            let text = if i == r.lesson {
                format!("[{}]", i + 1)
            } else {
                format!(" {} ", i + 1)
            };
            let tab = (at, text);
            at += tab.1.chars().count() as u16;
            tab
        })
        .collect()
}

/// The part of the rules screen at a screen cell, for mouse clicks.
#[must_use]
pub fn rules_hit(r: &RulesScreen, size: Rect, x: u16, y: u16) -> Option<RulesHit> {
    let layout = RulesLayout::new(size);
    if y == layout.examples {
        return example_tabs(r, size.x + 1)
            .iter()
            .position(|(at, text)| x >= *at && x < at + text.chars().count() as u16)
            .map(RulesHit::Example);
    }
    if !contains(layout.board, x, y) {
        return None;
    }
    match &r.board.game {
        AnyGame::Morris { session, .. } => MorrisLayout::fit(layout.board)?
            .point_at(session.position().board(), x, y)
            .map(|p| RulesHit::Board(Hit::Point(p))),
        AnyGame::Mancala { session } => {
            MancalaLayout::fit(session.position().board(), layout.board)?
                .hole_at(x, y)
                .map(|h| RulesHit::Board(Hit::Hole(h)))
        }
    }
}

/// Draws the rules screen.
pub fn draw_rules(app: &App, r: &RulesScreen, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let lesson = r.current();
    let layout = RulesLayout::new(area);
    buf.set_stringn(
        area.x + 1,
        area.y,
        format!("kraal: the rules of {}", r.book.text.title),
        area.width.saturating_sub(2) as usize,
        theme.style(Role::Title),
    );
    let right = (area.x + area.width).saturating_sub(1) as usize;
    buf.set_stringn(
        area.x + 1,
        layout.examples,
        "Examples:",
        area.width.saturating_sub(2) as usize,
        theme.style(Role::Dim),
    );
    for (at, text) in example_tabs(r, area.x + 1) {
        let style = if text.starts_with('[') {
            theme.style(Role::Title).add_modifier(Modifier::REVERSED)
        } else {
            theme.style(Role::Good)
        };
        buf.set_stringn(
            at,
            layout.examples,
            text,
            right.saturating_sub(at as usize),
            style,
        );
    }
    draw_board(&r.board, theme, layout.board, buf);
    let text_area = layout.text;
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
