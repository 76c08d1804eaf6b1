//! Text pictures of a board and a position, drawn from the board's own geometry
//! ([`Board::cell`], [`Board::label`]).
//!
//! Oware is drawn as one block of two rows, North's above South's, with the house letters
//! above and below. Mulabalaba is drawn as two blocks of two rows, North's above South's, with
//! the hole numbers on the outside of each row pair: North's outer row numbers above, North's
//! inner row numbers below North's block, South's inner row numbers above South's block and
//! South's outer row numbers below it. Every hole shows its seed count.

use crate::board::{Board, Cell, Game, Hole, Side};
use crate::position::Position;

/// Which characters a text picture uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    /// Box-drawing lines and a `▶` marking the side to move.
    #[default]
    Unicode,
    /// Plain ASCII: `+`, `-`, `|` and `>`.
    Ascii,
}

struct Glyphs {
    top: [char; 3],
    middle: [char; 3],
    bottom: [char; 3],
    horizontal: char,
    vertical: char,
    marker: char,
}

impl Theme {
    fn glyphs(self) -> Glyphs {
        match self {
            Theme::Unicode => Glyphs {
                top: ['╭', '┬', '╮'],
                middle: ['├', '┼', '┤'],
                bottom: ['╰', '┴', '╯'],
                horizontal: '─',
                vertical: '│',
                marker: '▶',
            },
            Theme::Ascii => Glyphs {
                top: ['+', '+', '+'],
                middle: ['+', '+', '+'],
                bottom: ['+', '+', '+'],
                horizontal: '-',
                vertical: '|',
                marker: '>',
            },
        }
    }
}

/// Characters per hole in the picture.
const CELL: usize = 5;
/// Characters before the first hole: a marker, a row name and spaces.
const MARGIN: &str = "     ";

fn rule(g: &Glyphs, ends: [char; 3], width: usize) -> String {
    let mut s = String::from(MARGIN);
    s.push(ends[0]);
    for c in 0..width {
        s.extend(std::iter::repeat_n(g.horizontal, CELL - 1));
        s.push(if c + 1 == width { ends[2] } else { ends[1] });
    }
    s
}

fn labels(board: Board, row: u8) -> String {
    let mut s = String::from(MARGIN);
    for column in 0..board.width() as u8 {
        let label = board
            .hole_at(Cell { row, column })
            .map(|h| board.label(h))
            .unwrap_or_default();
        s.push_str(&format!("{label:>4} "));
    }
    s.trim_end().to_owned()
}

fn holes_line(
    board: Board,
    row: u8,
    name: &str,
    marked: bool,
    g: &Glyphs,
    seeds: &dyn Fn(Hole) -> u8,
) -> String {
    let mark = if marked { g.marker } else { ' ' };
    let mut s = format!("{mark} {name:<3}");
    for column in 0..board.width() as u8 {
        s.push(g.vertical);
        let count = board.hole_at(Cell { row, column }).map_or(0, seeds);
        s.push_str(&format!("{count:>3} "));
    }
    s.push(g.vertical);
    s
}

/// Draws the board with the seeds `seeds` gives for each hole, marking the rows of `to_move`.
#[must_use]
pub fn render_board(
    board: Board,
    seeds: impl Fn(Hole) -> u8,
    to_move: Option<Side>,
    theme: Theme,
) -> String {
    let g = theme.glyphs();
    let w = board.width();
    let mut lines = Vec::new();
    let owner = |row: u8| {
        if usize::from(row) < board.rows() / 2 {
            Side::North
        } else {
            Side::South
        }
    };
    let line =
        |row: u8, name: &str| holes_line(board, row, name, to_move == Some(owner(row)), &g, &seeds);
    match board.game() {
        Game::Oware => {
            lines.push(labels(board, 0));
            lines.push(rule(&g, g.top, w));
            lines.push(line(0, "N"));
            lines.push(rule(&g, g.middle, w));
            lines.push(line(1, "S"));
            lines.push(rule(&g, g.bottom, w));
            lines.push(labels(board, 1));
        }
        Game::Mulabalaba => {
            lines.push(labels(board, 0));
            lines.push(rule(&g, g.top, w));
            lines.push(line(0, "N"));
            lines.push(rule(&g, g.middle, w));
            lines.push(line(1, "N"));
            lines.push(rule(&g, g.bottom, w));
            lines.push(labels(board, 1));
            lines.push(labels(board, 2));
            lines.push(rule(&g, g.top, w));
            lines.push(line(2, "S"));
            lines.push(rule(&g, g.middle, w));
            lines.push(line(3, "S"));
            lines.push(rule(&g, g.bottom, w));
            lines.push(labels(board, 3));
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// Draws a position: the board with the seeds in every hole, the seeds each player has
/// captured, and who is to move (or the result and final scores).
#[must_use]
pub fn render(pos: &Position, theme: Theme) -> String {
    let to_move = (!pos.is_game_over()).then(|| pos.side_to_move());
    let mut out = render_board(pos.board(), |h| pos.seeds(h), to_move, theme);
    for side in [Side::North, Side::South] {
        out.push_str(&format!(
            "{:<5}  captured {:>3}  on board {:>3}\n",
            capitalise(side.name()),
            pos.captured(side),
            pos.seeds_on_side(side)
        ));
    }
    if pos.game() == Game::Mulabalaba {
        match pos.options().max_plies {
            Some(max) => out.push_str(&format!("Ply {} of {max}\n", pos.ply())),
            None => out.push_str(&format!("Ply {}\n", pos.ply())),
        }
    }
    match pos.outcome() {
        Some(outcome) => {
            let [s, n] = pos.scores();
            out.push_str(&format!(
                "Game over: {outcome}\nFinal score: south {s}, north {n}\n"
            ));
        }
        None => out.push_str(&format!(
            "{} to move\n",
            capitalise(pos.side_to_move().name())
        )),
    }
    out
}
