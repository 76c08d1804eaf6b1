//! Points of a mill board and the two colours.

use std::fmt;
use std::str::FromStr;

/// One of the two players. White (called "dark" in MSSA texts) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Color {
    /// The player who moves first.
    White,
    /// The player who moves second.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: the index into per-colour arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case name, `white` or `black`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The one-letter code used in position strings: `w` or `b`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A point of the 7x7 grid that some mill board uses, named like a chess square (`a1`..`g7`).
///
/// There are 25 such points: the 24 of the standard board and the centre `d4`, which only the
/// Sotho board has. Whether a point exists on a given board is the board's business
/// ([`crate::Board::contains`]); a `Point` only says which of the 25 it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

/// Files (0..=6) and ranks (0..=6) of the 25 points, in index order.
const COORDS: [(u8, u8); 25] = [
    (0, 0),
    (3, 0),
    (6, 0),
    (1, 1),
    (3, 1),
    (5, 1),
    (2, 2),
    (3, 2),
    (4, 2),
    (0, 3),
    (1, 3),
    (2, 3),
    (4, 3),
    (5, 3),
    (6, 3),
    (2, 4),
    (3, 4),
    (4, 4),
    (1, 5),
    (3, 5),
    (5, 5),
    (0, 6),
    (3, 6),
    (6, 6),
    (3, 3),
];

const LABELS: [&str; 25] = [
    "a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4", "g4", "c5",
    "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7", "d4",
];

impl Point {
    /// How many points exist on any board (24, plus the Sotho centre).
    pub const COUNT: usize = 25;
    /// The Sotho centre point, `d4`.
    pub const CENTRE: Point = Point(24);

    /// The point with this index (0..25), if any. Indices run rank by rank from `a1`; `d4` is 24.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < Self::COUNT {
            Some(Point(index as u8))
        } else {
            None
        }
    }

    /// The point's index, 0..25: its bit in a bitboard.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The point's bit in a bitboard.
    #[must_use]
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// The file, 0 (`a`) to 6 (`g`).
    #[must_use]
    pub const fn file(self) -> u8 {
        COORDS[self.0 as usize].0
    }

    /// The rank, 0 (`1`) to 6 (`7`).
    #[must_use]
    pub const fn rank(self) -> u8 {
        COORDS[self.0 as usize].1
    }

    /// The point at this file and rank (both 0..=6), if one exists there.
    #[must_use]
    pub fn at(file: u8, rank: u8) -> Option<Point> {
        COORDS
            .iter()
            .position(|&c| c == (file, rank))
            .map(|i| Point(i as u8))
    }

    /// The name, such as `d7`.
    #[must_use]
    pub const fn label(self) -> &'static str {
        LABELS[self.0 as usize]
    }

    /// Every point, in index order.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..Self::COUNT as u8).map(Point)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The text is not the name of a point (`a1`..`g7` on the mill grid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePointError(pub String);

impl fmt::Display for ParsePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a point of the mill grid (a1 to g7)",
            crate::quoted(&self.0)
        )
    }
}

impl std::error::Error for ParsePointError {}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Parses a point name in either case, such as `d7` or `D7`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        LABELS
            .iter()
            .position(|&l| l == lower)
            .map(|i| Point(i as u8))
            .ok_or_else(|| ParsePointError(s.to_owned()))
    }
}

/// Iterates over the points of a bitboard, lowest index first.
pub(crate) fn points_of(mut bits: u32) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            Some(Point(i as u8))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_match_coordinates() {
        for p in Point::all() {
            let name = format!("{}{}", (b'a' + p.file()) as char, p.rank() + 1);
            assert_eq!(p.label(), name);
            assert_eq!(name.parse::<Point>(), Ok(p));
            assert_eq!(Point::at(p.file(), p.rank()), Some(p));
        }
    }

    #[test]
    fn bad_point_names_are_refused() {
        assert!("b1".parse::<Point>().is_err());
        assert!("h7".parse::<Point>().is_err());
        assert!("".parse::<Point>().is_err());
        assert_eq!("D4".parse::<Point>(), Ok(Point::CENTRE));
    }
}
