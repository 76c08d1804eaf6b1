//! Reading values: the tables of one family held in memory, probed by position.

use super::build::after;
use super::family::OwareFamily;
use super::value::Seeds;
use crate::file::TableBytes;
use crate::rank::{self, HOUSES};
use kraal_rules_mancala::{Move, Position, Side};
use std::fmt;

/// The game's result a table value decides, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move wins.
    Win,
    /// Nobody wins.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Verdict {
    /// The word players read: `win`, `draw`, `loss`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "loss",
        }
    }
}

/// What the tables say about a position, for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OwareProbe {
    /// Seeds on the board.
    pub on_board: u8,
    /// How many of them the side to move will take.
    pub seeds: Seeds,
    /// The side to move's final score (captured so far plus `seeds`), as an interval.
    pub score: Seeds,
    /// The result, when the whole interval gives the same one.
    pub verdict: Option<Verdict>,
}

impl fmt::Display for OwareProbe {
    /// `win, seeds 7..9 (tables)`, `draw, seeds 4 (tables)`, or `seeds 7..9 (tables)` when the
    /// interval spans more than one result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(v) = self.verdict {
            write!(f, "{}, ", v.name())?;
        }
        write!(f, "seeds {} (tables)", self.seeds)
    }
}

/// How [`OwareTables::best_move`] ranks a move: its lower bound, whether it captures, and the
/// (sweep, rank) stamp of the position it leads to, earliest best.
type MoveKey = (u8, bool, std::cmp::Reverse<(u8, u64)>);

/// The tables of one family for `0..=max` seeds, mapped from their files or in memory.
#[derive(Debug)]
pub struct OwareTables {
    family: OwareFamily,
    tables: Vec<TableBytes>,
}

impl OwareTables {
    /// Tables from their values in memory: `tables[n]` is the table of `n` seeds, as built.
    #[must_use]
    pub fn new(family: OwareFamily, tables: Vec<Vec<u8>>) -> OwareTables {
        OwareTables::from_bytes(family, tables.into_iter().map(TableBytes::from).collect())
    }

    /// Tables from their values, mapped or in memory: `tables[n]` is the table of `n` seeds.
    #[must_use]
    pub fn from_bytes(family: OwareFamily, tables: Vec<TableBytes>) -> OwareTables {
        OwareTables { family, tables }
    }

    /// The family.
    #[must_use]
    pub fn family(&self) -> OwareFamily {
        self.family
    }

    /// The most seeds a table is held for (`None`: no tables).
    #[must_use]
    pub fn max_seeds(&self) -> Option<usize> {
        self.tables.len().checked_sub(1)
    }

    /// The bytes of the table of `seeds` seeds, as built (see [`super::build_table`]).
    #[must_use]
    pub fn table(&self, seeds: usize) -> Option<&[u8]> {
        self.tables.get(seeds).map(|t| &**t)
    }

    /// Whether the table of `seeds` seeds is read through a memory map of its file (as
    /// [`crate::TableDir`] reads them), not held in memory.
    #[must_use]
    pub fn is_mapped(&self, seeds: usize) -> bool {
        matches!(self.tables.get(seeds), Some(TableBytes::Mapped(_)))
    }

    /// The interval of a board with South to move (global house order), if its table is held.
    #[must_use]
    #[inline]
    pub fn board(&self, holes: &[u8; HOUSES]) -> Option<Seeds> {
        let n: usize = holes.iter().map(|&c| usize::from(c)).sum();
        let table = self.tables.get(n)?;
        table
            .get(rank::rank(holes) as usize)
            .map(|&b| Seeds::unpack(b))
    }

    /// The distances of a board with South to move: the sweeps in which its lower bound and
    /// its upper bound last moved (0: never). With the board's rank they order the changes in
    /// time.
    #[must_use]
    pub fn distances(&self, holes: &[u8; HOUSES]) -> Option<(u8, u8)> {
        let n: usize = holes.iter().map(|&c| usize::from(c)).sum();
        let table = self.tables.get(n)?;
        let count = table.len() / 3;
        let r = rank::rank(holes) as usize;
        Some((*table.get(count + r)?, *table.get(2 * count + r)?))
    }

    /// The move that makes progress towards what the tables promise the side to move of `pos`
    /// (its lower bound), if every table it needs is held: a move that keeps the lower bound
    /// and, when it captures nothing, leads to a position whose bound was proved sooner. Played
    /// move after move it never repeats a position while the promise stands, so no repetition
    /// rule can cut it short (from a position with no repetition behind it).
    #[must_use]
    pub fn best_move(&self, pos: &Position) -> Option<Move> {
        let mover = pos.side_to_move();
        let on_board: u32 = pos.holes().iter().map(|&c| u32::from(c)).sum();
        let mut scratch = pos.clone();
        // Best: the highest lower bound; then a capture (fewer seeds is progress); then the
        // position whose upper bound changed last earliest, by (sweep, rank).
        let mut best: Option<(Move, MoveKey)> = None;
        for mv in pos.legal_moves() {
            let (captured, next) = after(&mut scratch, mv, mover);
            let v = self.board(&next)?;
            let (_, hi_stamp) = self.distances(&next)?;
            let lo = on_board as u8 - v.hi;
            let key = (
                lo,
                captured > 0,
                std::cmp::Reverse((hi_stamp, rank::rank(&next))),
            );
            if best.as_ref().is_none_or(|(_, k)| key > *k) {
                best = Some((mv, key));
            }
        }
        best.map(|(mv, _)| mv)
    }

    /// The interval of `pos` for its side to move: the seeds it takes of those on the board.
    /// `None` when the table is not held or `pos` is not one of this family's positions.
    /// Allocates nothing.
    #[must_use]
    #[inline]
    pub fn seeds(&self, pos: &Position) -> Option<Seeds> {
        let holes: &[u8; HOUSES] = pos.holes().try_into().ok()?;
        if OwareFamily::of(pos.options()).ok()? != self.family {
            return None;
        }
        match pos.side_to_move() {
            Side::South => self.board(holes),
            Side::North => self.board(&rank::rotate(holes)),
        }
    }

    /// What the tables say about `pos` (not over), with the result it decides.
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<OwareProbe> {
        if pos.is_game_over() {
            return None;
        }
        let seeds = self.seeds(pos)?;
        let on_board: u32 = pos.holes().iter().map(|&c| u32::from(c)).sum();
        let captured = pos.captured(pos.side_to_move());
        let score = Seeds {
            lo: (captured + u32::from(seeds.lo)) as u8,
            hi: (captured + u32::from(seeds.hi)) as u8,
        };
        let half = pos.options().total_seeds() / 2;
        let (lo, hi) = (u32::from(score.lo), u32::from(score.hi));
        let verdict = if lo > half {
            Some(Verdict::Win)
        } else if hi < half {
            Some(Verdict::Loss)
        } else if lo == half && hi == half {
            Some(Verdict::Draw)
        } else {
            None
        };
        Some(OwareProbe {
            on_board: on_board as u8,
            seeds,
            score,
            verdict,
        })
    }

    /// Every legal move of `pos` with the interval of board seeds the mover ends with after it,
    /// best first (by lower bound, then upper bound). `None` when a table is missing.
    #[must_use]
    pub fn moves(&self, pos: &Position) -> Option<Vec<(Move, Seeds)>> {
        let on_board: u32 = pos.holes().iter().map(|&c| u32::from(c)).sum();
        let mover = pos.side_to_move();
        let mut scratch = pos.clone();
        let mut out = Vec::new();
        for mv in pos.legal_moves() {
            let (_, next) = after(&mut scratch, mv, mover);
            let v = self.board(&next)?;
            out.push((mv, v.other_side(on_board as u8)));
        }
        out.sort_by_key(|&(_, s)| std::cmp::Reverse((s.lo, s.hi)));
        Some(out)
    }
}
