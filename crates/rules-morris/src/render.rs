//! Text pictures of a board and a position, drawn from the board's own geometry.

use crate::board::Board;
use crate::point::{Color, Point};
use crate::position::Position;

/// Which characters a text picture uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    /// Box-drawing lines, `○` for White and `●` for Black, `·` for an empty point.
    #[default]
    Unicode,
    /// Plain ASCII: `-`, `|`, `/`, `\`, `W`, `B` and `+`.
    Ascii,
}

struct Glyphs {
    horizontal: char,
    vertical: char,
    rising: char,
    falling: char,
    empty: char,
    white: char,
    black: char,
}

impl Theme {
    fn glyphs(self) -> Glyphs {
        match self {
            Theme::Unicode => Glyphs {
                horizontal: '─',
                vertical: '│',
                rising: '╱',
                falling: '╲',
                empty: '·',
                white: '○',
                black: '●',
            },
            Theme::Ascii => Glyphs {
                horizontal: '-',
                vertical: '|',
                rising: '/',
                falling: '\\',
                empty: '+',
                white: 'W',
                black: 'B',
            },
        }
    }
}

/// Columns per file and rows per rank in the picture.
const COL: usize = 4;
const ROW: usize = 2;
const SIZE: usize = 6 * COL + 1;
const HEIGHT: usize = 6 * ROW + 1;

fn cell(p: Point) -> (usize, usize) {
    (
        usize::from(p.file()) * COL,
        (6 - usize::from(p.rank())) * ROW,
    )
}

/// Draws the board with a cow (or none) on each point, rank numbers on the left and file letters
/// below. `cow_at` says what stands on each point.
#[must_use]
pub fn render_board(
    board: &Board,
    cow_at: impl Fn(Point) -> Option<Color>,
    theme: Theme,
) -> String {
    let g = theme.glyphs();
    let mut grid = vec![vec![' '; SIZE]; HEIGHT];
    for (a, b) in board.edges() {
        let ((c1, r1), (c2, r2)) = (cell(a), cell(b));
        if r1 == r2 {
            grid[r1][c1.min(c2) + 1..c1.max(c2)].fill(g.horizontal);
        } else if c1 == c2 {
            for row in grid.iter_mut().take(r1.max(r2)).skip(r1.min(r2) + 1) {
                row[c1] = g.vertical;
            }
        } else {
            // Diagonal segments join neighbouring files and ranks: one glyph halfway.
            let rising = (a.file() < b.file()) == (a.rank() < b.rank());
            grid[(r1 + r2) / 2][(c1 + c2) / 2] = if rising { g.rising } else { g.falling };
        }
    }
    for p in board.points() {
        let (c, r) = cell(p);
        grid[r][c] = match cow_at(p) {
            None => g.empty,
            Some(Color::White) => g.white,
            Some(Color::Black) => g.black,
        };
    }
    let mut out = String::new();
    for (r, row) in grid.iter().enumerate() {
        let label = if r % ROW == 0 {
            char::from(b'7' - (r / ROW) as u8)
        } else {
            ' '
        };
        let line: String = row.iter().collect();
        out.push(label);
        out.push(' ');
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("  a   b   c   d   e   f   g\n");
    out
}

/// Draws a position: the board, then who is to move (or the result), the phase, cows in hand and
/// on the board, and any return ban in force.
#[must_use]
pub fn render(pos: &Position, theme: Theme) -> String {
    let mut out = render_board(pos.board(), |p| pos.cow_at(p), theme);
    let g = theme.glyphs();
    for color in Color::ALL {
        let mark = if color == Color::White {
            g.white
        } else {
            g.black
        };
        out.push_str(&format!(
            "{mark} {:<5}  in hand {:>2}  on board {:>2}\n",
            capitalise(color.name()),
            pos.in_hand(color),
            pos.on_board(color)
        ));
    }
    match pos.outcome() {
        Some(outcome) => out.push_str(&format!("Game over: {outcome}\n")),
        None => out.push_str(&format!(
            "{} to move ({})\n",
            capitalise(pos.side_to_move().name()),
            pos.phase().name()
        )),
    }
    for ban in pos.bans() {
        out.push_str(&format!(
            "{} may not move {}-{} back into a mill this turn\n",
            capitalise(ban.color.name()),
            ban.from,
            ban.to
        ));
    }
    out
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}
