//! What the app's tests share: pressing keys, drawing the screen as text, and finding the
//! arrow keys that take the mill-board cursor to a point.

#![allow(dead_code)]

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use kraal_rules_morris::{Board, Point};
use kraal_tui::app::App;
use kraal_tui::game::{Direction, morris_step};
use kraal_tui::ui;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::collections::{HashMap, VecDeque};
use std::time::Instant;

/// Presses one key.
pub fn press(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE), Instant::now());
}

/// The screen as text.
pub fn screen(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
    terminal
        .draw(|frame| ui::draw(app, frame.area(), frame.buffer_mut(), Instant::now()))
        .expect("draw");
    terminal.backend().to_string()
}

/// A shortest path of arrow keys from `from` to `target`, found over the same cursor moves
/// the handler makes.
pub fn path_to(board: &Board, from: Point, target: Point) -> Vec<KeyCode> {
    let keys = [
        (Direction::Up, KeyCode::Up),
        (Direction::Down, KeyCode::Down),
        (Direction::Left, KeyCode::Left),
        (Direction::Right, KeyCode::Right),
    ];
    let mut came: HashMap<Point, (Point, KeyCode)> = HashMap::new();
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        for (direction, key) in keys {
            let next = morris_step(board, p, direction);
            if next != from && !came.contains_key(&next) {
                came.insert(next, (p, key));
                queue.push_back(next);
            }
        }
    }
    let mut path = Vec::new();
    let mut at = target;
    while at != from {
        let (previous, key) = came[&at];
        path.push(key);
        at = previous;
    }
    path.reverse();
    path
}
