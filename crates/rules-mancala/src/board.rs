//! The board model shared by both games: rows of holes owned by the two players, a sowing
//! circuit, hole names and drawing coordinates.
//!
//! Holes are numbered per player along that player's **notation order** (a 0-based `index`):
//!
//! - Oware: South's houses `A`..`F` are indices 0..6 from South's left to right, North's
//!   `a`..`f` are 0..6 from North's left to right. One ring runs through both rows:
//!   `A B C D E F a b c d e f A ...` (anticlockwise seen from above, South at the bottom).
//! - Mulabalaba: each player's 2N holes are numbered 1..2N along that player's own circuit
//!   (index = number - 1): the outer row 1..N from the player's left to right, the inner row
//!   N+1..2N from right to left, so hole 2N sits in front of hole 1. Each player sows only round
//!   their own circuit.
//!
//! A hole's **global index** (see [`Board::global`]) is `side * holes_per_side + index`, South
//! first; in Oware that is also the position on the shared ring.
//!
//! Drawing coordinates ([`Board::cell`]) put row 0 at the top of the picture (North's far row)
//! and column 0 on the left as South sees the board (the west end).

use crate::capture;
use std::fmt;
use std::str::FromStr;

/// One of the two players. South moves first (on the command line, `--white` names South).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    /// The player at the bottom of the picture, who moves first.
    South,
    /// The player at the top of the picture.
    North,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index into per-side arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case name, `south` or `north`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// The one-letter code of position strings: `s` or `n`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::South => 's',
            Side::North => 'n',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text that names no side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSideError(pub String);

impl fmt::Display for ParseSideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a side (expected s, n, south or north)",
            self.0
        )
    }
}
impl std::error::Error for ParseSideError {}

impl FromStr for Side {
    type Err = ParseSideError;

    /// Reads `s`/`south` or `n`/`north` in any case; `w`/`white` and `b`/`black` are accepted
    /// as South and North, as on the command line.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "s" | "south" | "w" | "white" => Ok(Side::South),
            "n" | "north" | "b" | "black" => Ok(Side::North),
            _ => Err(ParseSideError(s.to_owned())),
        }
    }
}

/// Which of the two mancala games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Game {
    /// Oware (Abapa and relatives): two rows, one shared ring.
    Oware,
    /// Mulabalaba: four rows, each player sows round their own two rows.
    Mulabalaba,
}

impl Game {
    /// Both games.
    pub const ALL: [Game; 2] = [Game::Oware, Game::Mulabalaba];

    /// The lower-case name, `oware` or `mulabalaba`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Game::Oware => "oware",
            Game::Mulabalaba => "mulabalaba",
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A hole of the board: its owner and its 0-based index in the owner's notation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole {
    /// The player who owns the hole.
    pub side: Side,
    /// 0-based index in the owner's notation order (Oware `A` = 0, Mulabalaba hole 1 = 0).
    pub index: u8,
}

impl Hole {
    /// A hole by owner and 0-based index.
    #[must_use]
    pub const fn new(side: Side, index: u8) -> Hole {
        Hole { side, index }
    }
}

/// Where a hole is drawn: `row` 0 is the top of the picture (North's far row), `column` 0 the
/// left end as South sees the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Row from the top, 0..[`Board::rows`].
    pub row: u8,
    /// Column from South's left, 0..[`Board::width`].
    pub column: u8,
}

/// A board: the game and the number of holes per row. Small and `Copy`; all geometry is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    game: Game,
    width: u8,
}

impl Board {
    /// A board of `game` with `width` holes per row (not checked: see
    /// [`crate::Options::validate`] for the valid sizes).
    #[must_use]
    pub const fn new(game: Game, width: u8) -> Board {
        Board { game, width }
    }

    /// The game this board is for.
    #[must_use]
    pub const fn game(self) -> Game {
        self.game
    }

    /// Holes per row.
    #[must_use]
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// Rows: 2 for Oware, 4 for Mulabalaba.
    #[must_use]
    pub const fn rows(self) -> usize {
        match self.game {
            Game::Oware => 2,
            Game::Mulabalaba => 4,
        }
    }

    /// Holes each player owns: one row (Oware) or two (Mulabalaba).
    #[must_use]
    pub const fn holes_per_side(self) -> usize {
        self.width() * self.rows() / 2
    }

    /// Holes on the whole board.
    #[must_use]
    pub const fn hole_count(self) -> usize {
        self.width() * self.rows()
    }

    /// The hole of `side` with this 0-based index, if the board has it.
    #[must_use]
    pub fn hole(self, side: Side, index: usize) -> Option<Hole> {
        (index < self.holes_per_side()).then(|| Hole::new(side, index as u8))
    }

    /// Every hole, South's first, each side in notation order.
    pub fn holes(self) -> impl Iterator<Item = Hole> {
        let n = self.holes_per_side();
        Side::ALL
            .into_iter()
            .flat_map(move |s| (0..n).map(move |i| Hole::new(s, i as u8)))
    }

    /// Whether the board has this hole.
    #[must_use]
    pub fn contains(self, hole: Hole) -> bool {
        usize::from(hole.index) < self.holes_per_side()
    }

    /// The global index of a hole: `side * holes_per_side + index`.
    #[must_use]
    pub const fn global(self, hole: Hole) -> usize {
        hole.side.index() * self.holes_per_side() + hole.index as usize
    }

    /// The hole at a global index.
    #[must_use]
    pub fn from_global(self, global: usize) -> Option<Hole> {
        let n = self.holes_per_side();
        match global / n {
            0 => Some(Hole::new(Side::South, (global % n) as u8)),
            1 => Some(Hole::new(Side::North, (global % n) as u8)),
            _ => None,
        }
    }

    /// The next hole along the sowing circuit through `hole` (anticlockwise): the shared ring in
    /// Oware, the owner's own two rows in Mulabalaba.
    #[must_use]
    pub fn next(self, hole: Hole) -> Hole {
        let n = self.holes_per_side() as u8;
        match self.game {
            Game::Oware if hole.index + 1 == n => Hole::new(hole.side.other(), 0),
            Game::Mulabalaba if hole.index + 1 == n => Hole::new(hole.side, 0),
            _ => Hole::new(hole.side, hole.index + 1),
        }
    }

    /// The hole before `hole` on its sowing circuit.
    #[must_use]
    pub fn previous(self, hole: Hole) -> Hole {
        let n = self.holes_per_side() as u8;
        match (self.game, hole.index) {
            (Game::Oware, 0) => Hole::new(hole.side.other(), n - 1),
            (Game::Mulabalaba, 0) => Hole::new(hole.side, n - 1),
            _ => Hole::new(hole.side, hole.index - 1),
        }
    }

    /// Whether a Mulabalaba hole is in its owner's inner row (always false in Oware).
    #[must_use]
    pub fn is_inner(self, hole: Hole) -> bool {
        self.game == Game::Mulabalaba && usize::from(hole.index) >= self.width()
    }

    /// The opponent's hole facing `hole` across the middle of the board: in Oware the house
    /// across (`a` faces `F`); in Mulabalaba, for an inner hole numbered h, the opponent's
    /// inner hole 3N+1-h (outer holes face nothing).
    #[must_use]
    pub fn opposite(self, hole: Hole) -> Option<Hole> {
        let w = self.width() as u8;
        match self.game {
            Game::Oware => Some(Hole::new(hole.side.other(), w - 1 - hole.index)),
            Game::Mulabalaba if hole.index >= w => Some(Hole::new(
                hole.side.other(),
                capture::mulabalaba_facing(self.width(), usize::from(hole.index)) as u8,
            )),
            Game::Mulabalaba => None,
        }
    }

    /// Mulabalaba: for an inner hole numbered k, the owner's outer hole in the same file
    /// (number 2N+1-k). For the hole facing a player's inner hole h (that is 3N+1-h) this is
    /// the opponent's outer hole h-N, captured together with it.
    #[must_use]
    pub fn behind(self, hole: Hole) -> Option<Hole> {
        let w = self.width();
        (self.game == Game::Mulabalaba && usize::from(hole.index) >= w).then(|| {
            Hole::new(
                hole.side,
                capture::mulabalaba_behind(w, usize::from(hole.index)) as u8,
            )
        })
    }

    /// Where the hole is drawn.
    #[must_use]
    pub fn cell(self, hole: Hole) -> Cell {
        let w = self.width() as u8;
        let i = hole.index;
        let (row, column) = match (self.game, hole.side) {
            (Game::Oware, Side::South) => (1, i),
            (Game::Oware, Side::North) => (0, w - 1 - i),
            (Game::Mulabalaba, Side::South) if i < w => (3, i),
            (Game::Mulabalaba, Side::South) => (2, 2 * w - 1 - i),
            (Game::Mulabalaba, Side::North) if i < w => (0, w - 1 - i),
            (Game::Mulabalaba, Side::North) => (1, i - w),
        };
        Cell { row, column }
    }

    /// The hole drawn at a cell, if any.
    #[must_use]
    pub fn hole_at(self, cell: Cell) -> Option<Hole> {
        self.holes().find(|&h| self.cell(h) == cell)
    }

    /// The hole's name in move notation: Oware `A`..`L` for South and `a`..`l` for North;
    /// Mulabalaba the number 1..2N (the same for both players).
    #[must_use]
    pub fn label(self, hole: Hole) -> String {
        match (self.game, hole.side) {
            (Game::Oware, Side::South) => char::from(b'A' + hole.index).to_string(),
            (Game::Oware, Side::North) => char::from(b'a' + hole.index).to_string(),
            (Game::Mulabalaba, _) => (u32::from(hole.index) + 1).to_string(),
        }
    }

    /// A label for screen readers and tests, such as `north house c` or `south hole 12`.
    #[must_use]
    pub fn describe(self, hole: Hole) -> String {
        match self.game {
            Game::Oware => format!("{} house {}", hole.side, self.label(hole)),
            Game::Mulabalaba => format!("{} hole {}", hole.side, self.label(hole)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oware_ring_runs_through_both_rows() {
        let b = Board::new(Game::Oware, 6);
        let mut h = Hole::new(Side::South, 0);
        let mut names = Vec::new();
        for _ in 0..13 {
            names.push(b.label(h));
            h = b.next(h);
        }
        assert_eq!(names.concat(), "ABCDEFabcdefA");
        assert_eq!(
            b.opposite(Hole::new(Side::North, 0)),
            Some(Hole::new(Side::South, 5))
        );
        assert_eq!(
            b.cell(Hole::new(Side::North, 0)),
            Cell { row: 0, column: 5 }
        );
        assert_eq!(
            b.previous(Hole::new(Side::South, 0)),
            Hole::new(Side::North, 5)
        );
    }

    #[test]
    fn mulabalaba_geometry_matches_the_spec() {
        let b = Board::new(Game::Mulabalaba, 8);
        // Hole 16 sits in front of hole 1.
        assert_eq!(
            b.cell(Hole::new(Side::South, 15)),
            Cell { row: 2, column: 0 }
        );
        assert_eq!(
            b.cell(Hole::new(Side::South, 0)),
            Cell { row: 3, column: 0 }
        );
        // Each player's circuit closes on itself.
        assert_eq!(
            b.next(Hole::new(Side::North, 15)),
            Hole::new(Side::North, 0)
        );
        for h in b.holes().filter(|&h| b.is_inner(h)) {
            let o = b.opposite(h).unwrap();
            assert_eq!(b.cell(o).column, b.cell(h).column, "{h:?}");
            let behind = b.behind(o).unwrap();
            assert_eq!(b.cell(behind).column, b.cell(h).column);
            // Numbers: h faces 3N+1-h, and the outer hole behind it is h-N.
            assert_eq!(u32::from(o.index) + 1, 25 - (u32::from(h.index) + 1));
            assert_eq!(u32::from(behind.index) + 1, u32::from(h.index) + 1 - 8);
        }
        let cells: std::collections::BTreeSet<_> = b
            .holes()
            .map(|h| (b.cell(h).row, b.cell(h).column))
            .collect();
        assert_eq!(cells.len(), 32);
        assert_eq!(
            b.hole_at(Cell { row: 1, column: 0 }),
            Some(Hole::new(Side::North, 8))
        );
    }
}
