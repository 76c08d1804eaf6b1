//! The board widgets, drawn from the rules crates' geometry: the mill boards (standard, plain,
//! Sotho) scaled to the space they get, and the 2xN and 4xN mancala boards. Each widget's
//! layout also answers mouse clicks (which point or hole is at a cell).

use crate::theme::{Role, Theme};
use kraal_rules_mancala as mancala;
use kraal_rules_morris::{self as morris, Color, Point};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

/// The marks around a point or hole, in order of precedence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Cursor,
    /// The cursor on a point or hole of the last move: both shown, `[` then `}`.
    CursorOnLast,
    Picked,
    LastMove,
    Plain,
}

impl Mark {
    fn brackets(self, plain: (char, char)) -> (char, char) {
        match self {
            Mark::Cursor => ('[', ']'),
            Mark::CursorOnLast => ('[', '}'),
            Mark::Picked => ('<', '>'),
            Mark::LastMove => ('{', '}'),
            Mark::Plain => plain,
        }
    }

    fn role(self) -> Role {
        match self {
            Mark::Cursor | Mark::CursorOnLast => Role::Cursor,
            Mark::Picked => Role::Picked,
            Mark::LastMove => Role::LastMove,
            Mark::Plain => Role::Line,
        }
    }

    /// The role of the right-hand mark (the last move's brace when the cursor is on it).
    fn right_role(self) -> Role {
        match self {
            Mark::CursorOnLast => Role::LastMove,
            other => other.role(),
        }
    }
}

/// Where a mill board goes on the screen: the top-left point (`a7`) and the spacing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MorrisLayout {
    x0: u16,
    y0: u16,
    sx: u16,
    sy: u16,
}

impl MorrisLayout {
    /// Spacing between neighbouring files and ranks, largest first.
    const SCALES: [(u16, u16); 3] = [(8, 4), (6, 3), (4, 2)];

    /// Width and height of the board at one spacing, with rank numbers and file letters.
    const fn size(sx: u16, sy: u16) -> (u16, u16) {
        (6 * sx + 5, 6 * sy + 2)
    }

    /// The smallest space a mill board needs.
    #[must_use]
    pub const fn min_size() -> (u16, u16) {
        MorrisLayout::size(4, 2)
    }

    /// The largest board that fits `area`, centred in it; `None` if none fits.
    #[must_use]
    pub fn fit(area: Rect) -> Option<MorrisLayout> {
        let (sx, sy) = MorrisLayout::SCALES.into_iter().find(|&(sx, sy)| {
            let (w, h) = MorrisLayout::size(sx, sy);
            w <= area.width && h <= area.height
        })?;
        let (w, h) = MorrisLayout::size(sx, sy);
        Some(MorrisLayout {
            x0: area.x + (area.width - w) / 2 + 3,
            y0: area.y + (area.height - h) / 2,
            sx,
            sy,
        })
    }

    /// The screen cell of a point.
    #[must_use]
    pub fn cell(&self, p: Point) -> (u16, u16) {
        (
            self.x0 + u16::from(p.file()) * self.sx,
            self.y0 + (6 - u16::from(p.rank())) * self.sy,
        )
    }

    /// The point drawn at a screen cell (the point or the brackets beside it).
    #[must_use]
    pub fn point_at(&self, board: &morris::Board, x: u16, y: u16) -> Option<Point> {
        board.points().find(|&p| {
            let (px, py) = self.cell(p);
            py == y && x + 1 >= px && x <= px + 1
        })
    }
}

/// A mill board with its cows and highlights.
pub struct MorrisView<'a> {
    /// The position drawn.
    pub pos: &'a morris::Position,
    /// The board cursor.
    pub cursor: Option<Point>,
    /// Points picked this turn (the cow to move, cows to shoot).
    pub picked: &'a [Point],
    /// Points that may be picked next.
    pub targets: &'a [Point],
    /// The points of the last move.
    pub last: &'a [Point],
    /// A move picked but waiting for its shots: the cow is drawn where it goes.
    pub pending: Option<(Option<Point>, Point)>,
    /// How to draw.
    pub theme: Theme,
}

impl MorrisView<'_> {
    /// The cow drawn on a point: the position's, with a pending move shown made.
    fn cow_at(&self, p: Point) -> Option<Color> {
        match self.pending {
            Some((_, to)) if to == p => Some(self.pos.side_to_move()),
            Some((Some(from), _)) if from == p => None,
            _ => self.pos.cow_at(p),
        }
    }

    fn mark(&self, p: Point) -> Mark {
        if self.cursor == Some(p) && self.last.contains(&p) && !self.picked.contains(&p) {
            Mark::CursorOnLast
        } else if self.cursor == Some(p) {
            Mark::Cursor
        } else if self.picked.contains(&p) {
            Mark::Picked
        } else if self.last.contains(&p) {
            Mark::LastMove
        } else {
            Mark::Plain
        }
    }
}

impl Widget for MorrisView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(layout) = MorrisLayout::fit(area) else {
            return;
        };
        let g = self.theme.glyphs();
        let line = self.theme.style(Role::Line);
        let board = self.pos.board();
        for (a, b) in board.edges() {
            let ((x1, y1), (x2, y2)) = (layout.cell(a), layout.cell(b));
            if y1 == y2 {
                for x in x1.min(x2) + 1..x1.max(x2) {
                    buf.set_string(x, y1, g.horizontal.to_string(), line);
                }
            } else if x1 == x2 {
                for y in y1.min(y2) + 1..y1.max(y2) {
                    buf.set_string(x1, y, g.vertical.to_string(), line);
                }
            } else {
                let steps = y1.abs_diff(y2);
                let rising = (x2 > x1) == (y2 < y1);
                let glyph = if rising { g.rising } else { g.falling };
                for i in 1..steps {
                    let x = i32::from(x1)
                        + (i32::from(x2) - i32::from(x1)) * i32::from(i) / i32::from(steps);
                    let y = if y2 > y1 { y1 + i } else { y1 - i };
                    buf.set_string(x as u16, y, glyph.to_string(), line);
                }
            }
        }
        // While placing, every empty point is a target: underlining them is enough.
        let empty = board.points().filter(|&p| self.cow_at(p).is_none()).count();
        let target_glyph = if self.targets.len() == empty {
            g.empty
        } else {
            g.target
        };
        for p in board.points() {
            let (x, y) = layout.cell(p);
            let target = self.targets.contains(&p);
            let (glyph, mut style) = match self.cow_at(p) {
                Some(Color::White) => (g.white, self.theme.style(Role::First)),
                Some(Color::Black) => (g.black, self.theme.style(Role::Second)),
                None if target => (target_glyph, self.theme.style(Role::Target)),
                None => (g.empty, line),
            };
            if target {
                style = style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
            }
            let mark = self.mark(p);
            if self.picked.contains(&p) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            buf.set_string(x, y, glyph.to_string(), style);
            if mark != Mark::Plain {
                let (l, r) = mark.brackets((' ', ' '));
                buf.set_string(x - 1, y, l.to_string(), self.theme.style(mark.role()));
                buf.set_string(x + 1, y, r.to_string(), self.theme.style(mark.right_role()));
            }
        }
        let dim = self.theme.style(Role::Dim);
        for rank in 0..7u16 {
            let y = layout.y0 + (6 - rank) * layout.sy;
            buf.set_string(layout.x0 - 3, y, (rank + 1).to_string(), dim);
        }
        let letters_y = layout.y0 + 6 * layout.sy + 1;
        for file in 0..7u16 {
            let letter = char::from(b'a' + file as u8).to_string();
            buf.set_string(layout.x0 + file * layout.sx, letters_y, letter, dim);
        }
    }
}

/// The columns left of the holes: the turn marker and the side's letter.
const LEFT: u16 = 4;
/// The columns right of the holes: the store.
const RIGHT: u16 = 15;

/// The ways a mancala board can be drawn, largest first: the columns of one hole (a bracket,
/// three digits, a bracket, and space around), the lines from one row of holes to the next,
/// and whether each hole is drawn in a box of its own (the large scales, for a large terminal).
const MANCALA_SCALES: [(u16, u16, bool); 4] =
    [(12, 5, true), (10, 4, true), (8, 2, false), (6, 1, false)];

/// Where a mancala board goes on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MancalaLayout {
    x0: u16,
    y0: u16,
    board: mancala::Board,
    hole_width: u16,
    gap: u16,
    /// Each hole in a box (one more line above and below it).
    boxed: bool,
}

impl MancalaLayout {
    /// The space the board needs at one scale: holes, labels, side letters and stores.
    const fn size_at(
        board: mancala::Board,
        (hole_width, gap, boxed): (u16, u16, bool),
    ) -> (u16, u16) {
        let width = LEFT + hole_width * board.width() as u16 + RIGHT;
        let b = boxed as u16;
        let height = if board.rows() == 4 {
            7 + 2 * gap + 4 * b
        } else {
            3 + gap + 2 * b
        };
        (width, height)
    }

    /// The smallest space the board needs.
    #[must_use]
    pub fn size(board: mancala::Board) -> (u16, u16) {
        MancalaLayout::size_at(board, MANCALA_SCALES[MANCALA_SCALES.len() - 1])
    }

    /// The space of the largest scale that fits in `width` x `height`, or the smallest scale's.
    #[must_use]
    pub fn size_within(board: mancala::Board, width: u16, height: u16) -> (u16, u16) {
        MANCALA_SCALES
            .into_iter()
            .map(|scale| MancalaLayout::size_at(board, scale))
            .find(|&(w, h)| w <= width && h <= height)
            .unwrap_or_else(|| MancalaLayout::size(board))
    }

    /// The largest board that fits `area`, centred in it; `None` if none fits.
    #[must_use]
    pub fn fit(board: mancala::Board, area: Rect) -> Option<MancalaLayout> {
        MANCALA_SCALES.into_iter().find_map(|scale| {
            let (w, h) = MancalaLayout::size_at(board, scale);
            (w <= area.width && h <= area.height).then(|| MancalaLayout {
                x0: area.x + (area.width - w) / 2 + LEFT,
                y0: area.y + (area.height - h) / 2,
                board,
                hole_width: scale.0,
                gap: scale.1,
                boxed: scale.2,
            })
        })
    }

    /// The screen line of a row of holes (0 is the top row). Four rows are drawn as two
    /// pairs, each player's, with the hole names of both inner rows between them.
    fn row_y(&self, row: u8) -> u16 {
        let g = self.gap;
        let b = u16::from(self.boxed);
        self.y0
            + match row {
                0 => 1 + b,
                1 => 1 + b + g,
                2 => 5 + g + 3 * b,
                _ => 5 + 2 * g + 3 * b,
            }
    }

    /// The line of a row's hole names: above the top row of each side, below the bottom one
    /// (outside the boxes).
    fn label_y(&self, row: u8) -> u16 {
        let y = self.row_y(row);
        let b = u16::from(self.boxed);
        let above = row == 0 || (self.board.rows() == 4 && row == 2);
        if above { y - 1 - b } else { y + 1 + b }
    }

    /// The screen cell where a hole's count starts (after its left bracket).
    #[must_use]
    pub fn cell(&self, hole: mancala::Hole) -> (u16, u16) {
        let cell = self.board.cell(hole);
        (
            self.x0 + u16::from(cell.column) * self.hole_width + self.hole_width / 2 - 1,
            self.row_y(cell.row),
        )
    }

    /// The hole drawn at a screen cell.
    #[must_use]
    pub fn hole_at(&self, x: u16, y: u16) -> Option<mancala::Hole> {
        let b = u16::from(self.boxed);
        self.board.holes().find(|&h| {
            let (hx, hy) = self.cell(h);
            y + b >= hy && y <= hy + b && x + 1 + b >= hx && x < hx + 4 + b
        })
    }
}

/// A mancala board with its seeds and highlights.
pub struct MancalaView<'a> {
    /// The position drawn (its board, side to move and captures).
    pub pos: &'a mancala::Position,
    /// The seeds shown in each hole, in the board's global order (differs from the position
    /// while a move is animated).
    pub holes: &'a [u8],
    /// The captured seeds shown, South's then North's.
    pub captured: [u32; 2],
    /// The board cursor.
    pub cursor: Option<mancala::Hole>,
    /// The holes that may be played.
    pub targets: &'a [mancala::Hole],
    /// The hole of the last move.
    pub last: Option<mancala::Hole>,
    /// The hole the animation is at.
    pub active: Option<mancala::Hole>,
    /// Whether to mark the side to move (not once the game is over).
    pub turn: bool,
    /// How to draw.
    pub theme: Theme,
}

impl Widget for MancalaView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let board = self.pos.board();
        let Some(layout) = MancalaLayout::fit(board, area) else {
            return;
        };
        let g = self.theme.glyphs();
        let dim = self.theme.style(Role::Dim);
        for hole in board.holes() {
            let (x, y) = layout.cell(hole);
            let mark = if self.cursor == Some(hole) && self.last == Some(hole) {
                Mark::CursorOnLast
            } else if self.cursor == Some(hole) {
                Mark::Cursor
            } else if self.last == Some(hole) {
                Mark::LastMove
            } else {
                Mark::Plain
            };
            let (l, r) = mark.brackets(('(', ')'));
            let (mark_style, right_style) = match mark {
                Mark::Plain => (self.theme.style(Role::Line), self.theme.style(Role::Line)),
                other => (
                    self.theme.style(other.role()),
                    self.theme.style(other.right_role()),
                ),
            };
            let seeds = self.holes[board.global(hole)];
            let mut style = self.theme.style(if hole.side == mancala::Side::South {
                Role::First
            } else {
                Role::Second
            });
            if self.targets.contains(&hole) {
                style = style.patch(self.theme.style(Role::Target));
            }
            if self.active == Some(hole) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if seeds == 0 && !self.targets.contains(&hole) {
                style = self.theme.style(Role::Line);
            }
            if layout.boxed {
                // The box takes the mark's colour; the brackets inside still say what it is.
                let edge = if mark == Mark::Plain { dim } else { mark_style };
                let (top, bottom, side) = if self.theme.ascii {
                    ("+-----+", "+-----+", "|")
                } else {
                    ("╭─────╮", "╰─────╯", "│")
                };
                buf.set_string(x - 2, y - 1, top, edge);
                buf.set_string(x - 2, y + 1, bottom, edge);
                buf.set_string(x - 2, y, side, edge);
                buf.set_string(x + 4, y, side, edge);
            }
            buf.set_string(x - 1, y, l.to_string(), mark_style);
            buf.set_string(x, y, format!("{seeds:>3}"), style);
            buf.set_string(x + 3, y, r.to_string(), right_style);
            let label = board.label(hole);
            buf.set_string(
                x,
                layout.label_y(board.cell(hole).row),
                format!("{label:>3}"),
                dim,
            );
        }
        let to_move = self.pos.side_to_move();
        for row in 0..board.rows() as u8 {
            let side = if usize::from(row) < board.rows() / 2 {
                mancala::Side::North
            } else {
                mancala::Side::South
            };
            let y = layout.row_y(row);
            let turn = if side == to_move && self.turn {
                g.turn
            } else {
                ' '
            };
            let role = if side == mancala::Side::South {
                Role::First
            } else {
                Role::Second
            };
            buf.set_string(
                layout.x0 - LEFT,
                y,
                format!("{turn} {}", side.letter().to_ascii_uppercase()),
                self.theme.style(role),
            );
        }
        // The stores: North's beside its far row, South's beside its far row.
        let right = layout.x0 + layout.hole_width * board.width() as u16 + 2;
        let stores = [
            (mancala::Side::North, layout.row_y(0)),
            (mancala::Side::South, layout.row_y(board.rows() as u8 - 1)),
        ];
        for (side, y) in stores {
            let text = format!("store {:>3}", self.captured[side.index()]);
            buf.set_string(right, y, text, Style::default().patch(dim));
        }
    }
}
