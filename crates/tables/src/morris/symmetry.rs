//! The symmetries of a mill board, found from its topology: every candidate map of the grid
//! (the eight turns and reflections of the square, each with or without swapping the inner and
//! outer rings) is kept when it maps the board's points to points, its lines to lines and its
//! mills to mills.

use kraal_rules_morris::{Board, Point};

/// A symmetry of a board: the image of each point, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    image: [u8; Point::COUNT],
}

impl Symmetry {
    /// Where `p` goes.
    #[must_use]
    pub fn map(&self, p: Point) -> Point {
        Point::from_index(usize::from(self.image[p.index()])).unwrap_or(p)
    }

    /// The image of a set of points (a bitboard).
    #[must_use]
    pub fn map_bits(&self, bits: u32) -> u32 {
        let mut out = 0;
        let mut rest = bits;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= 1 << self.image[i];
        }
        out
    }

    /// This symmetry after `first`.
    #[must_use]
    pub fn after(&self, first: &Symmetry) -> Symmetry {
        let mut image = [0u8; Point::COUNT];
        for (i, slot) in image.iter_mut().enumerate() {
            *slot = self.image[usize::from(first.image[i])];
        }
        Symmetry { image }
    }
}

/// The images of every bitboard under a board's symmetries, by byte-wise look-up: four table
/// reads a symmetry instead of a loop over the points, for the builder's hot loops.
#[derive(Clone)]
pub(crate) struct Images {
    /// Per symmetry, per byte of a bitboard (bits 0..8, 8..16, 16..24, 24..32), the image of
    /// each value of that byte.
    tables: Vec<[[u32; 256]; 4]>,
}

impl std::fmt::Debug for Images {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Images({} symmetries)", self.tables.len())
    }
}

impl Images {
    /// The look-up tables of `group`.
    pub(crate) fn new(group: &[Symmetry]) -> Images {
        let tables = group
            .iter()
            .map(|s| {
                let mut t = [[0u32; 256]; 4];
                for (byte, table) in t.iter_mut().enumerate() {
                    for (v, slot) in table.iter_mut().enumerate() {
                        // Only the board's 25 points have images; higher bits never occur.
                        let bits = (v as u32) << (8 * byte);
                        *slot = s.map_bits(bits & ((1 << Point::COUNT) - 1));
                    }
                }
                t
            })
            .collect();
        Images { tables }
    }

    /// The smallest image of the pair (`first`, `second`) under the symmetries, as the key
    /// `first << 32 | second` (the pair itself when the group is empty).
    #[inline]
    pub(crate) fn canonical(&self, first: u32, second: u32) -> u64 {
        let map = |t: &[[u32; 256]; 4], b: u32| {
            t[0][(b & 0xff) as usize]
                | t[1][((b >> 8) & 0xff) as usize]
                | t[2][((b >> 16) & 0xff) as usize]
                | t[3][(b >> 24) as usize]
        };
        let mut best = (u64::from(first) << 32) | u64::from(second);
        for t in &self.tables {
            let a = map(t, first);
            // The first side decides unless it ties: skip the second side's image otherwise.
            if u64::from(a) <= best >> 32 {
                let k = (u64::from(a) << 32) | u64::from(map(t, second));
                best = best.min(k);
            }
        }
        best
    }
}

/// A candidate map of the 7x7 grid: `turn` quarter turns, a mirror, and the ring swap.
fn candidate(file: u8, rank: u8, turns: u8, mirror: bool, swap_rings: bool) -> (u8, u8) {
    let (mut x, mut y) = (i32::from(file) - 3, i32::from(rank) - 3);
    if swap_rings {
        let ring = x.abs().max(y.abs());
        if ring != 0 {
            x = x / ring * (4 - ring);
            y = y / ring * (4 - ring);
        }
    }
    if mirror {
        x = -x;
    }
    for _ in 0..turns {
        (x, y) = (-y, x);
    }
    ((x + 3) as u8, (y + 3) as u8)
}

/// Every symmetry of `board`, the identity first.
#[must_use]
pub fn symmetries(board: &Board) -> Vec<Symmetry> {
    let mut mills: Vec<u32> = board.mill_bits().to_vec();
    mills.sort_unstable();
    let mut edges: Vec<(usize, usize)> = board
        .edges()
        .map(|(a, b)| (a.index().min(b.index()), a.index().max(b.index())))
        .collect();
    edges.sort_unstable();
    let mut out = Vec::new();
    for swap_rings in [false, true] {
        for mirror in [false, true] {
            for turns in 0..4 {
                let mut image = [0u8; Point::COUNT];
                for (i, slot) in image.iter_mut().enumerate() {
                    *slot = i as u8;
                }
                let mut ok = true;
                for p in board.points() {
                    let (f, r) = candidate(p.file(), p.rank(), turns, mirror, swap_rings);
                    match Point::at(f, r).filter(|q| board.contains(*q)) {
                        Some(q) => image[p.index()] = q.index() as u8,
                        None => ok = false,
                    }
                }
                if !ok {
                    continue;
                }
                let s = Symmetry { image };
                let mut m: Vec<u32> = mills.iter().map(|&b| s.map_bits(b)).collect();
                m.sort_unstable();
                let mut e: Vec<(usize, usize)> = edges
                    .iter()
                    .map(|&(a, b)| {
                        let (a, b) = (usize::from(image[a]), usize::from(image[b]));
                        (a.min(b), a.max(b))
                    })
                    .collect();
                e.sort_unstable();
                if m == mills && e == edges && !out.contains(&s) {
                    out.push(s);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kraal_rules_morris::{BoardKind, CentreMills};

    #[test]
    fn the_standard_and_plain_boards_have_the_sixteen_symmetries_of_the_literature() {
        // Eight of the square times the ring swap: the group Gasser (1996) used to solve Nine
        // Men's Morris; the diagonals of the standard board keep all sixteen.
        for kind in [BoardKind::Standard, BoardKind::Plain] {
            let board = Board::get(kind, CentreMills::None);
            assert_eq!(symmetries(board).len(), 16, "{kind:?}");
        }
    }

    #[test]
    fn the_sotho_board_has_only_the_eight_symmetries_of_the_square() {
        // It lacks the inner halves of the diagonals: swapping the rings would send the line
        // a1-b2 to c3-b2, which is none, and the centre's lines to none. Whatever the centre
        // mills, the square's four turns and four reflections are left.
        for centre in [
            CentreMills::None,
            CentreMills::MiddleOnly,
            CentreMills::AnyTriple,
        ] {
            let board = Board::get(BoardKind::Sotho, centre);
            assert_eq!(symmetries(board).len(), 8, "{centre:?}");
        }
    }

    #[test]
    fn the_image_tables_give_the_smallest_image_of_a_pair() {
        // Against the plain minimum over `map_bits`, on a seeded sample of pairs of disjoint
        // sets of points of each board.
        let mut state = 5u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as u32
        };
        for kind in [BoardKind::Standard, BoardKind::Plain, BoardKind::Sotho] {
            let board = Board::get(kind, CentreMills::None);
            let group = symmetries(board);
            let images = Images::new(&group);
            for _ in 0..2000 {
                let a = next() & board.point_bits();
                let b = next() & board.point_bits() & !a;
                let want = group
                    .iter()
                    .map(|s| (u64::from(s.map_bits(a)) << 32) | u64::from(s.map_bits(b)))
                    .min()
                    .unwrap();
                assert_eq!(images.canonical(a, b), want, "{kind:?} {a:#x} {b:#x}");
            }
        }
    }

    #[test]
    fn the_symmetries_form_a_group_that_keeps_every_mill_and_line() {
        for (kind, centre) in [
            (BoardKind::Standard, CentreMills::None),
            (BoardKind::Plain, CentreMills::None),
            (BoardKind::Sotho, CentreMills::AnyTriple),
        ] {
            let board = Board::get(kind, centre);
            let group = symmetries(board);
            assert!(!group.is_empty());
            for a in &group {
                for b in &group {
                    assert!(group.contains(&a.after(b)), "{kind:?}: not closed");
                }
                // Checked against the board's own lists, mill by mill and line by line.
                for mill in board.mills() {
                    let image = mill.map(|p| a.map(p));
                    assert!(
                        board.mills().any(|m| image.iter().all(|p| m.contains(p))),
                        "{kind:?}: {mill:?} goes to {image:?}"
                    );
                }
                for (x, y) in board.edges() {
                    assert!(board.are_adjacent(a.map(x), a.map(y)), "{kind:?}");
                }
            }
        }
    }
}
