//! The three mill boards as topology tables: points, lines (edges) and mills.
//!
//! This is the single source of truth for the rules *and* for drawing: every renderer takes point
//! positions from [`Point::file`]/[`Point::rank`] and the lines to draw from [`Board::edges`].

use crate::point::{Point, points_of};

/// Which board the game is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum BoardKind {
    /// 24 points with the four full diagonals (Morabaraba, Twelve Men's Morris): 40 lines, 20 mills.
    #[default]
    Standard,
    /// 24 points without diagonals (Nine Men's Morris): 32 lines, 16 mills.
    Plain,
    /// The Sotho board of Lesotho: 25 points with a centre `d4`, short diagonals that are movement
    /// lines only: 40 lines, 16 to 22 mills depending on [`CentreMills`].
    Sotho,
}

/// Which triples through the Sotho centre `d4` are mills (only meaningful on [`BoardKind::Sotho`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CentreMills {
    /// `d4` is never part of a mill (seed 000): 16 mills.
    #[default]
    None,
    /// `d4` only as the middle: `c4-d4-e4` and `d3-d4-d5` (BLAC, Pollard): 18 mills.
    MiddleOnly,
    /// Any three in a row through `d4` (GamesmanOne): 22 mills.
    AnyTriple,
}

/// Indices of points, by name, for writing the tables below.
mod ix {
    pub const A1: u8 = 0;
    pub const D1: u8 = 1;
    pub const G1: u8 = 2;
    pub const B2: u8 = 3;
    pub const D2: u8 = 4;
    pub const F2: u8 = 5;
    pub const C3: u8 = 6;
    pub const D3: u8 = 7;
    pub const E3: u8 = 8;
    pub const A4: u8 = 9;
    pub const B4: u8 = 10;
    pub const C4: u8 = 11;
    pub const E4: u8 = 12;
    pub const F4: u8 = 13;
    pub const G4: u8 = 14;
    pub const C5: u8 = 15;
    pub const D5: u8 = 16;
    pub const E5: u8 = 17;
    pub const B6: u8 = 18;
    pub const D6: u8 = 19;
    pub const F6: u8 = 20;
    pub const A7: u8 = 21;
    pub const D7: u8 = 22;
    pub const G7: u8 = 23;
    pub const D4: u8 = 24;
}
use ix::*;

/// The three squares and the four midlines: the lines every board has.
const SQUARE_EDGES: [(u8, u8); 32] = [
    (A1, D1),
    (D1, G1),
    (G1, G4),
    (G4, G7),
    (G7, D7),
    (D7, A7),
    (A7, A4),
    (A4, A1),
    (B2, D2),
    (D2, F2),
    (F2, F4),
    (F4, F6),
    (F6, D6),
    (D6, B6),
    (B6, B4),
    (B4, B2),
    (C3, D3),
    (D3, E3),
    (E3, E4),
    (E4, E5),
    (E5, D5),
    (D5, C5),
    (C5, C4),
    (C4, C3),
    (D1, D2),
    (D2, D3),
    (D5, D6),
    (D6, D7),
    (A4, B4),
    (B4, C4),
    (E4, F4),
    (F4, G4),
];
/// The outer halves of the diagonals (on the Sotho board, the "short diagonals").
const OUTER_DIAGONALS: [(u8, u8); 4] = [(A1, B2), (G1, F2), (A7, B6), (G7, F6)];
/// The inner halves of the diagonals, which the Sotho board lacks.
const INNER_DIAGONALS: [(u8, u8); 4] = [(B2, C3), (F2, E3), (B6, C5), (F6, E5)];
/// The lines from the Sotho centre to its four neighbours.
const CENTRE_EDGES: [(u8, u8); 4] = [(D4, C4), (D4, E4), (D4, D3), (D4, D5)];

/// The twelve sides of the three squares and the four midlines: the mills every board has.
const SQUARE_MILLS: [[u8; 3]; 16] = [
    [A1, D1, G1],
    [G1, G4, G7],
    [A7, D7, G7],
    [A1, A4, A7],
    [B2, D2, F2],
    [F2, F4, F6],
    [B6, D6, F6],
    [B2, B4, B6],
    [C3, D3, E3],
    [E3, E4, E5],
    [C5, D5, E5],
    [C3, C4, C5],
    [D1, D2, D3],
    [D5, D6, D7],
    [A4, B4, C4],
    [E4, F4, G4],
];
/// The four diagonal mills of the standard board.
const DIAGONAL_MILLS: [[u8; 3]; 4] = [[A1, B2, C3], [G1, F2, E3], [A7, B6, C5], [G7, F6, E5]];
/// Sotho mills with `d4` as the middle.
const CENTRE_MIDDLE_MILLS: [[u8; 3]; 2] = [[C4, D4, E4], [D3, D4, D5]];
/// Sotho mills with `d4` at one end.
const CENTRE_END_MILLS: [[u8; 3]; 4] = [[B4, C4, D4], [D4, E4, F4], [D2, D3, D4], [D4, D5, D6]];

/// The most mills any board has.
pub const MAX_MILLS: usize = 22;
/// The most lines any board has.
pub const MAX_EDGES: usize = 40;

/// A mill board: its points, lines and mills, as bitboards for the rules and lists for drawing.
#[derive(Debug)]
pub struct Board {
    kind: BoardKind,
    centre_mills: CentreMills,
    points: u32,
    adjacent: [u32; Point::COUNT],
    edges: [(u8, u8); MAX_EDGES],
    edge_count: usize,
    mills: [u32; MAX_MILLS],
    mill_count: usize,
    /// For each point, the bit set of indices into `mills` of the mills through it.
    mills_through: [u32; Point::COUNT],
    /// For each of the three low bytes of a point set, the points joined by a line to some
    /// point of that byte: [`Board::neighbours`] in three loads (the 25th point, `d4`, is
    /// looked up in `adjacent`).
    neighbours_by_byte: [[u32; 256]; 3],
    /// For each of the three low bytes of a set of mill indices: the points of the mills of that
    /// byte, and the points on two or more of them ([`Board::points_on_two_mills`] in three
    /// loads; [`MAX_MILLS`] is below 24).
    mills_by_byte: [[(u32, u32); 256]; 3],
}

const fn bits3(t: [u8; 3]) -> u32 {
    (1 << t[0]) | (1 << t[1]) | (1 << t[2])
}

impl Board {
    const fn build(kind: BoardKind, centre_mills: CentreMills) -> Board {
        let mut b = Board {
            kind,
            centre_mills,
            points: (1 << 24) - 1,
            adjacent: [0; Point::COUNT],
            edges: [(0, 0); MAX_EDGES],
            edge_count: 0,
            mills: [0; MAX_MILLS],
            mill_count: 0,
            mills_through: [0; Point::COUNT],
            neighbours_by_byte: [[0; 256]; 3],
            mills_by_byte: [[(0, 0); 256]; 3],
        };
        let sotho = matches!(kind, BoardKind::Sotho);
        if sotho {
            b.points |= 1 << D4;
        }
        b = b.with_edges(&SQUARE_EDGES);
        if !matches!(kind, BoardKind::Plain) {
            b = b.with_edges(&OUTER_DIAGONALS);
        }
        if matches!(kind, BoardKind::Standard) {
            b = b.with_edges(&INNER_DIAGONALS);
        }
        if sotho {
            b = b.with_edges(&CENTRE_EDGES);
        }
        b = b.with_mills(&SQUARE_MILLS);
        if matches!(kind, BoardKind::Standard) {
            b = b.with_mills(&DIAGONAL_MILLS);
        }
        if sotho {
            match centre_mills {
                CentreMills::None => {}
                CentreMills::MiddleOnly => b = b.with_mills(&CENTRE_MIDDLE_MILLS),
                CentreMills::AnyTriple => {
                    b = b.with_mills(&CENTRE_MIDDLE_MILLS);
                    b = b.with_mills(&CENTRE_END_MILLS);
                }
            }
        }
        b.with_neighbour_bytes().with_mill_bytes()
    }

    /// Fills `mills_by_byte` from the finished mills.
    const fn with_mill_bytes(mut self) -> Board {
        let mut byte = 0;
        while byte < 3 {
            let mut set = 0;
            while set < 256 {
                let (mut union, mut twice) = (0, 0);
                let mut bit = 0;
                while bit < 8 {
                    let i = byte * 8 + bit;
                    if set & (1 << bit) != 0 && i < self.mill_count {
                        twice |= union & self.mills[i];
                        union |= self.mills[i];
                    }
                    bit += 1;
                }
                self.mills_by_byte[byte][set] = (union, twice);
                set += 1;
            }
            byte += 1;
        }
        self
    }

    /// Fills `neighbours_by_byte` from the finished adjacency.
    const fn with_neighbour_bytes(mut self) -> Board {
        let mut byte = 0;
        while byte < 3 {
            let mut set = 0;
            while set < 256 {
                let mut union = 0;
                let mut bit = 0;
                while bit < 8 {
                    if set & (1 << bit) != 0 {
                        union |= self.adjacent[byte * 8 + bit];
                    }
                    bit += 1;
                }
                self.neighbours_by_byte[byte][set] = union;
                set += 1;
            }
            byte += 1;
        }
        self
    }

    const fn with_edges(mut self, edges: &[(u8, u8)]) -> Board {
        let mut i = 0;
        while i < edges.len() {
            let (a, c) = edges[i];
            self.adjacent[a as usize] |= 1 << c;
            self.adjacent[c as usize] |= 1 << a;
            self.edges[self.edge_count] = (a, c);
            self.edge_count += 1;
            i += 1;
        }
        self
    }

    const fn with_mills(mut self, mills: &[[u8; 3]]) -> Board {
        let mut i = 0;
        while i < mills.len() {
            let m = mills[i];
            let id = self.mill_count;
            self.mills[id] = bits3(m);
            let mut j = 0;
            while j < 3 {
                self.mills_through[m[j] as usize] |= 1 << id;
                j += 1;
            }
            self.mill_count += 1;
            i += 1;
        }
        self
    }

    /// The board of this kind, with the given centre mills (ignored unless the board is Sotho).
    #[must_use]
    pub fn get(kind: BoardKind, centre_mills: CentreMills) -> &'static Board {
        static STANDARD: Board = Board::build(BoardKind::Standard, CentreMills::None);
        static PLAIN: Board = Board::build(BoardKind::Plain, CentreMills::None);
        static SOTHO: Board = Board::build(BoardKind::Sotho, CentreMills::None);
        static SOTHO_MIDDLE: Board = Board::build(BoardKind::Sotho, CentreMills::MiddleOnly);
        static SOTHO_ANY: Board = Board::build(BoardKind::Sotho, CentreMills::AnyTriple);
        match (kind, centre_mills) {
            (BoardKind::Standard, _) => &STANDARD,
            (BoardKind::Plain, _) => &PLAIN,
            (BoardKind::Sotho, CentreMills::None) => &SOTHO,
            (BoardKind::Sotho, CentreMills::MiddleOnly) => &SOTHO_MIDDLE,
            (BoardKind::Sotho, CentreMills::AnyTriple) => &SOTHO_ANY,
        }
    }

    /// Which board this is.
    #[must_use]
    pub fn kind(&self) -> BoardKind {
        self.kind
    }

    /// Which centre triples are mills (always [`CentreMills::None`] off the Sotho board).
    #[must_use]
    pub fn centre_mills(&self) -> CentreMills {
        self.centre_mills
    }

    /// The bit set of the board's points.
    #[must_use]
    pub fn point_bits(&self) -> u32 {
        self.points
    }

    /// How many points the board has (24 or 25).
    #[must_use]
    pub fn point_count(&self) -> usize {
        self.points.count_ones() as usize
    }

    /// Whether the board has this point.
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        self.points & p.bit() != 0
    }

    /// The board's points, in index order.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        points_of(self.points)
    }

    /// The bit set of the points joined to `p` by a line.
    #[must_use]
    pub fn adjacent_bits(&self, p: Point) -> u32 {
        self.adjacent[p.index()]
    }

    /// For every point index (0..25), the bit set of the points joined to it by a line (empty
    /// for points the board lacks): the adjacency table for hot loops.
    #[must_use]
    pub fn adjacency(&self) -> &[u32; Point::COUNT] {
        &self.adjacent
    }

    /// The points joined by a line to at least one point of the bit set `set` (which may
    /// include them). Branch-free: the blocked-cow count of the evaluation asks it at every
    /// leaf.
    #[must_use]
    #[inline]
    pub fn neighbours(&self, set: u32) -> u32 {
        let table = &self.neighbours_by_byte;
        let centre = self.adjacent[usize::from(D4)] & 0u32.wrapping_sub(set >> D4 & 1);
        table[0][(set & 0xff) as usize]
            | table[1][(set >> 8 & 0xff) as usize]
            | table[2][(set >> 16 & 0xff) as usize]
            | centre
    }

    /// The points that lie on two or more of the mills in `mills`, a bit set of mill indices
    /// (bit `i`: [`Board::mill_bits`]`()[i]`). Branch-free, in three loads: the evaluation asks
    /// it at every leaf while cows are placed, for the points where one cow opens two mills.
    #[must_use]
    #[inline]
    pub fn points_on_two_mills(&self, mills: u32) -> u32 {
        let table = &self.mills_by_byte;
        let (u0, t0) = table[0][(mills & 0xff) as usize];
        let (u1, t1) = table[1][(mills >> 8 & 0xff) as usize];
        let (u2, t2) = table[2][(mills >> 16 & 0xff) as usize];
        t0 | t1 | t2 | (u0 & u1) | ((u0 | u1) & u2)
    }

    /// Whether a line joins `a` and `b`.
    #[must_use]
    pub fn are_adjacent(&self, a: Point, b: Point) -> bool {
        self.adjacent[a.index()] & b.bit() != 0
    }

    /// The lines of the board, each once, for movement and for drawing.
    pub fn edges(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.edges[..self.edge_count].iter().map(|&(a, b)| {
            (
                Point::from_index(a as usize).expect("table index"),
                Point::from_index(b as usize).expect("table index"),
            )
        })
    }

    /// The mills of the board as bit sets of three points.
    #[must_use]
    pub fn mill_bits(&self) -> &[u32] {
        &self.mills[..self.mill_count]
    }

    /// The bit set of the mills through point `p` (bit `i`: [`Board::mill_bits`]`()[i]`).
    #[must_use]
    #[inline]
    pub fn mills_through(&self, p: Point) -> u32 {
        self.mills_through[p.index()]
    }

    /// [`Board::mills_through`] by the point's index (below [`Point::COUNT`]).
    #[inline]
    pub(crate) fn mills_through_index(&self, p: usize) -> u32 {
        self.mills_through[p]
    }

    /// The bit set of every mill of the board (bit `i`: [`Board::mill_bits`]`()[i]`).
    #[must_use]
    #[inline]
    pub fn all_mills(&self) -> u32 {
        ((1u64 << self.mill_count) - 1) as u32
    }

    /// The mills of the board as triples of points, each in index order.
    pub fn mills(&self) -> impl Iterator<Item = [Point; 3]> + '_ {
        self.mill_bits().iter().map(|&m| {
            let mut it = points_of(m);
            let mut next = || it.next().expect("a mill has three points");
            [next(), next(), next()]
        })
    }

    /// How many mills through `p` are complete in `cows` (which must contain `p`).
    #[inline]
    pub(crate) fn mills_formed(&self, p: usize, cows: u32) -> u32 {
        let mut n = 0;
        let mut ids = self.mills_through[p];
        while ids != 0 {
            let m = self.mills[ids.trailing_zeros() as usize];
            ids &= ids - 1;
            n += u32::from(cows & m == m);
        }
        n
    }

    /// The cows of `cows` that stand in at least one complete mill.
    #[inline]
    pub(crate) fn cows_in_mills(&self, cows: u32) -> u32 {
        let mut inside = 0;
        for &m in self.mill_bits() {
            if cows & m == m {
                inside |= m;
            }
        }
        inside
    }
}

impl BoardKind {
    /// Every board kind.
    pub const ALL: [BoardKind; 3] = [BoardKind::Standard, BoardKind::Plain, BoardKind::Sotho];

    /// The kebab-case name used on the command line and in records.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BoardKind::Standard => "standard",
            BoardKind::Plain => "plain",
            BoardKind::Sotho => "sotho",
        }
    }
}

impl CentreMills {
    /// Every centre-mill reading.
    pub const ALL: [CentreMills; 3] = [
        CentreMills::None,
        CentreMills::MiddleOnly,
        CentreMills::AnyTriple,
    ];

    /// The kebab-case name used on the command line and in records.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CentreMills::None => "none",
            CentreMills::MiddleOnly => "middle-only",
            CentreMills::AnyTriple => "any-triple",
        }
    }
}

/// Implements `Display` and kebab/snake-case `FromStr` for a closed set of named values.
macro_rules! named_values {
    ($t:ty, $what:literal) => {
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $t {
            type Err = crate::options::UnknownValue;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
                <$t>::ALL
                    .into_iter()
                    .find(|v| v.name() == wanted)
                    .ok_or_else(|| crate::options::UnknownValue {
                        what: $what,
                        value: s.to_owned(),
                        expected: <$t>::ALL
                            .iter()
                            .map(|v| v.name())
                            .collect::<Vec<_>>()
                            .join(", "),
                    })
            }
        }
    };
}
pub(crate) use named_values;

named_values!(BoardKind, "board");
named_values!(CentreMills, "centre-mills");

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(kind: BoardKind, centre: CentreMills) -> (usize, usize, usize) {
        let b = Board::get(kind, centre);
        // Count edges from the adjacency sets, not from the edge list, so the two must agree.
        let degree_sum: u32 = b.points().map(|p| b.adjacent_bits(p).count_ones()).sum();
        assert_eq!(degree_sum as usize, 2 * b.edges().count());
        (b.point_count(), degree_sum as usize / 2, b.mills().count())
    }

    #[test]
    fn boards_have_the_edge_and_mill_counts_of_the_spec() {
        assert_eq!(counts(BoardKind::Standard, CentreMills::None), (24, 40, 20));
        assert_eq!(counts(BoardKind::Plain, CentreMills::None), (24, 32, 16));
        assert_eq!(counts(BoardKind::Sotho, CentreMills::None), (25, 40, 16));
        assert_eq!(
            counts(BoardKind::Sotho, CentreMills::MiddleOnly),
            (25, 40, 18)
        );
        assert_eq!(
            counts(BoardKind::Sotho, CentreMills::AnyTriple),
            (25, 40, 22)
        );
    }

    /// One step of the fixed-seed xorshift walks of the tests below.
    fn xorshift(x: &mut u64) {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
    }

    #[test]
    fn the_neighbours_of_a_set_are_the_union_of_its_points_neighbours() {
        // Every set of points is too many; a fixed-seed xorshift walk of 20,000 sets per board,
        // each checked against the union of the edge list's ends, point by point.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for kind in BoardKind::ALL {
            for centre in CentreMills::ALL {
                let b = Board::get(kind, centre);
                for _ in 0..20_000 {
                    xorshift(&mut x);
                    let set = x as u32 & b.point_bits();
                    let mut union = 0u32;
                    for (a, c) in b.edges() {
                        if set & a.bit() != 0 {
                            union |= c.bit();
                        }
                        if set & c.bit() != 0 {
                            union |= a.bit();
                        }
                    }
                    assert_eq!(b.neighbours(set), union, "{kind:?} {centre:?} {set:#x}");
                }
                assert_eq!(b.neighbours(0), 0);
            }
        }
    }

    #[test]
    fn the_points_on_two_mills_are_counted_point_by_point() {
        // A fixed-seed xorshift walk of 20,000 sets of mills per board, each checked by counting,
        // for every point, the mills of the set (as triples of points) that hold it.
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for kind in BoardKind::ALL {
            for centre in CentreMills::ALL {
                let b = Board::get(kind, centre);
                let triples: Vec<[Point; 3]> = b.mills().collect();
                for _ in 0..20_000 {
                    xorshift(&mut x);
                    let set = x as u32 & b.all_mills();
                    let mut twice = 0u32;
                    for p in b.points() {
                        let holding = (0..triples.len())
                            .filter(|&i| set & (1 << i) != 0 && triples[i].contains(&p))
                            .count();
                        if holding >= 2 {
                            twice |= p.bit();
                        }
                    }
                    assert_eq!(
                        b.points_on_two_mills(set),
                        twice,
                        "{kind:?} {centre:?} {set:#x}"
                    );
                }
                assert_eq!(b.points_on_two_mills(0), 0);
            }
        }
    }

    #[test]
    fn standard_degrees_are_four_on_the_middle_square_and_three_elsewhere() {
        let b = Board::get(BoardKind::Standard, CentreMills::None);
        let middle = ["b2", "d2", "f2", "b4", "f4", "b6", "d6", "f6"];
        for p in b.points() {
            let want = if middle.contains(&p.label()) { 4 } else { 3 };
            assert_eq!(b.adjacent_bits(p).count_ones(), want, "degree of {p}");
        }
    }

    #[test]
    fn every_mill_is_a_straight_connected_line() {
        for kind in BoardKind::ALL {
            for centre in CentreMills::ALL {
                let b = Board::get(kind, centre);
                for mut mill in b.mills() {
                    // Sorted by file and rank, the middle point lies between the other two.
                    mill.sort_by_key(|p| (p.file(), p.rank()));
                    let [p, q, r] = mill;
                    let (df1, dr1) = (
                        q.file() as i8 - p.file() as i8,
                        q.rank() as i8 - p.rank() as i8,
                    );
                    let (df2, dr2) = (
                        r.file() as i8 - q.file() as i8,
                        r.rank() as i8 - q.rank() as i8,
                    );
                    assert_eq!(df1 * dr2, dr1 * df2, "{p}-{q}-{r} is not straight");
                    assert!(
                        b.are_adjacent(p, q) && b.are_adjacent(q, r),
                        "{p}-{q}-{r} on {kind}"
                    );
                }
            }
        }
    }

    #[test]
    fn sotho_has_short_diagonals_and_a_centre() {
        let b = Board::get(BoardKind::Sotho, CentreMills::None);
        let p = |s: &str| s.parse::<Point>().unwrap();
        assert!(b.contains(Point::CENTRE));
        assert!(b.are_adjacent(p("a1"), p("b2")));
        assert!(!b.are_adjacent(p("b2"), p("c3")));
        assert_eq!(b.adjacent_bits(Point::CENTRE).count_ones(), 4);
        assert!(!Board::get(BoardKind::Standard, CentreMills::None).contains(Point::CENTRE));
    }
}
