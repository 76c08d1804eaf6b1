//! Where the parts of the game screen go: one [`GameLayout`] computed from the game and the
//! terminal's size, read by the drawing and by the mouse alike, so a click lands where the
//! thing was drawn.

use crate::app::{App, Screen};
use crate::board::{MancalaLayout, MorrisLayout};
use crate::game::Match;
use kraal_rules_mancala as mancala;
use kraal_rules_morris::Point;
use kraal_session::AnyGame;
use ratatui::layout::{Constraint, Layout, Rect};

/// Width of the side panel next to a mill board.
const PANEL: u16 = 40;
/// The narrowest terminal a mancala game is laid out for (80x24 holds the 4x8 board).
const COMPACT: u16 = 80;
/// Below this width the three panels under a mancala board fold into two columns.
const THREE_PANELS: u16 = 90;
/// Lines for the title, the message and the key bar.
const CHROME: u16 = 3;
/// The narrowest column of the move list (so short moves still line up as a table).
const MIN_COLUMN: u16 = 5;
/// The space between the two moves of a row.
const GAP: u16 = 2;
/// The move number before each row: "  12. ".
const NUMBER: u16 = 6;

/// Where the parts of the game screen go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameLayout {
    /// The title line.
    pub title: Rect,
    /// The board.
    pub board: Rect,
    /// Players, turn, phase and clocks.
    pub status: Rect,
    /// The move list.
    pub moves: MoveList,
    /// The AI's thinking.
    pub ai: Rect,
    /// The message line.
    pub note: Rect,
    /// The key bar.
    pub keys: Rect,
}

/// The move list: its box, the rows it shows and where its columns start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveList {
    /// The box, border included.
    pub area: Rect,
    /// Inside the border.
    pub inner: Rect,
    /// The first pair of moves shown (0 for moves 1 and 2).
    pub first: usize,
    /// How many rows (pairs of moves) are shown.
    pub rows: usize,
    /// The screen column of the move number and of each of the two moves of a row.
    pub number_x: u16,
    /// The screen column of the first and second move of a row.
    pub columns: [u16; 2],
    /// The width of a move's column: the longest move of the game fits whole.
    pub width: u16,
}

impl MoveList {
    fn new(game: &Match, area: Rect, marks: bool) -> MoveList {
        let inner = Rect::new(
            area.x + 1,
            area.y + 1,
            area.width.saturating_sub(2),
            area.height.saturating_sub(2),
        );
        let moves = game.all_moves();
        let rows = usize::from(inner.height);
        let pairs = moves.len().div_ceil(2);
        let current = game.ply().saturating_sub(1) / 2;
        // The row of the move at the cursor always shows.
        let first = if pairs <= rows {
            0
        } else {
            (current + 1).saturating_sub(rows).min(pairs - rows)
        };
        let longest = (0..moves.len())
            .filter_map(|i| game.move_label(i))
            .map(|m| m.chars().count())
            .max()
            .unwrap_or(0);
        // A review's marks (`??`) follow the moves.
        let longest = longest + if marks { 2 } else { 0 };
        let width = u16::try_from(longest).unwrap_or(u16::MAX).max(MIN_COLUMN);
        let first_x = inner.x + NUMBER;
        MoveList {
            area,
            inner,
            first,
            rows: rows.min(pairs - first),
            number_x: inner.x,
            columns: [first_x, first_x.saturating_add(width + GAP)],
            width,
        }
    }

    /// The ply after the move drawn at a screen cell (a click there goes to that move).
    #[must_use]
    pub fn ply_at(&self, x: u16, y: u16, moves: usize) -> Option<usize> {
        if !contains(self.inner, x, y) {
            return None;
        }
        let row = usize::from(y - self.inner.y);
        if row >= self.rows {
            return None;
        }
        let second = x >= self.columns[1];
        let ply = 2 * (self.first + row) + 1 + usize::from(second);
        (ply <= moves).then_some(ply)
    }
}

/// The space the board of this game needs.
fn board_size(game: &Match) -> (u16, u16) {
    match game.mancala_position() {
        None => MorrisLayout::min_size(),
        Some(pos) => MancalaLayout::size(pos.board()),
    }
}

/// The smallest terminal the game fits in.
#[must_use]
pub fn min_size(game: &Match) -> (u16, u16) {
    let (bw, bh) = board_size(game);
    match game.game {
        AnyGame::Morris { .. } => (bw + PANEL, bh.max(17) + CHROME),
        // The panels fold into two columns below 90 columns (see [`GameLayout::new`]).
        AnyGame::Mancala { .. } => (bw.max(COMPACT), bh + 12 + CHROME),
    }
}

impl GameLayout {
    /// The layout of the game screen in `area`, or `None` when the terminal is too small.
    #[must_use]
    ///
    /// The message and the key bar take `note_lines` and `key_lines` (each at least one), as
    /// far as the terminal has rows to spare beyond the board's. With a `review`, its panel
    /// takes the computer's place with more rows, and the move list has room for the marks.
    pub fn new(
        game: &Match,
        area: Rect,
        note_lines: u16,
        key_lines: u16,
        review: bool,
    ) -> Option<GameLayout> {
        // A review shows its graph and the note on a move: its panel takes more rows.
        let ai_rows = if review { 8 } else { 5 };
        let (min_w, min_h) = min_size(game);
        if area.width < min_w || area.height < min_h {
            return None;
        }
        let mut spare = area.height - min_h;
        let key_lines = key_lines.clamp(1, 1 + spare);
        spare -= key_lines - 1;
        let note_lines = note_lines.clamp(1, 1 + spare);
        let [title, body, note, keys] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(note_lines),
            Constraint::Length(key_lines),
        ])
        .areas(area);
        // Mill boards are square: the panels go beside them. Mancala boards are wide: below.
        let (board, status, moves, ai) = match &game.game {
            AnyGame::Morris { .. } => {
                let [board, side] =
                    Layout::horizontal([Constraint::Min(0), Constraint::Length(PANEL)]).areas(body);
                let [status, ai, moves] = Layout::vertical([
                    Constraint::Length(8),
                    Constraint::Length(ai_rows),
                    Constraint::Min(3),
                ])
                .areas(side);
                (board, status, moves, ai)
            }
            AnyGame::Mancala { session } => {
                // The largest board that leaves the panels their room.
                let board = session.position().board();
                let (_, bh) = MancalaLayout::size_within(board, body.width, body.height - 12);
                let [board, panels] =
                    Layout::vertical([Constraint::Length(bh + 2), Constraint::Min(0)]).areas(body);
                let (status, moves, ai) = if panels.width >= THREE_PANELS {
                    let [status, moves, ai] =
                        Layout::horizontal([Constraint::Ratio(1, 3); 3]).areas(panels);
                    (status, moves, ai)
                } else {
                    // Narrow: the players on the left, the computer over the moves on the right.
                    let [status, right] =
                        Layout::horizontal([Constraint::Ratio(1, 2); 2]).areas(panels);
                    let [ai, moves] =
                        Layout::vertical([Constraint::Length(ai_rows), Constraint::Min(3)])
                            .areas(right);
                    (status, moves, ai)
                };
                (board, status, moves, ai)
            }
        };
        Some(GameLayout {
            title,
            board,
            status,
            moves: MoveList::new(game, moves, review),
            ai,
            note,
            keys,
        })
    }

    /// What is at a screen cell.
    #[must_use]
    pub fn hit(&self, game: &Match, x: u16, y: u16) -> Option<Hit> {
        if contains(self.board, x, y) {
            return match &game.game {
                AnyGame::Morris { session, .. } => MorrisLayout::fit(self.board)?
                    .point_at(session.position().board(), x, y)
                    .map(Hit::Point),
                AnyGame::Mancala { session } => {
                    MancalaLayout::fit(session.position().board(), self.board)?
                        .hole_at(x, y)
                        .map(Hit::Hole)
                }
            };
        }
        self.moves
            .ply_at(x, y, game.all_moves().len())
            .map(Hit::Ply)
    }
}

/// What a click landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A point of a mill board.
    Point(Point),
    /// A hole of a mancala board.
    Hole(mancala::Hole),
    /// A move of the list: the ply after it.
    Ply(usize),
}

/// The layout of the app's game screen at its size, or `None` when the terminal is too
/// small (or no game is shown).
#[must_use]
pub fn game_layout(app: &App) -> Option<GameLayout> {
    match &app.screen {
        Screen::Game(g) => super::game::layout_of(g, app.theme, app.size),
        _ => None,
    }
}

/// What is at a screen cell of the app's game screen.
#[must_use]
pub fn hit(app: &App, x: u16, y: u16) -> Option<Hit> {
    let Screen::Game(g) = &app.screen else {
        return None;
    };
    game_layout(app)?.hit(&g.game, x, y)
}

/// Whether a cell is inside a rectangle.
pub(crate) fn contains(r: Rect, x: u16, y: u16) -> bool {
    x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height
}
