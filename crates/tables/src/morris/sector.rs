//! A sector of a mill game: every position with a given number of cows a side on the board and
//! none in hand (3v3, 3v4 with 4v3, ...), each side flying or moving as the rules say, solved
//! to win, draw or loss with the distance in plies, under one table per rule options.
//! Positions are stored once per class of the board's symmetries, with White to move (a
//! position with Black to move is read with the colours swapped).
//!
//! With three cows a side every shot ends the game (the side shot is left with two); a shot
//! out of a larger sector lands in a smaller one, solved before it. The solver (the `build`
//! module) plays every forward move through `kraal-rules-morris` and walks back along
//! un-moves (the `unmove` module).

use super::symmetry::{Images, Symmetry, symmetries};
use crate::error::TableError;
use kraal_rules_morris::{Color, Options, Position, Protection, Remake};
use std::fmt;

/// What a sector table says about a position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MorrisValue {
    /// The side to move wins in this many plies (its turns and the opponent's), at best.
    WinIn(u8),
    /// The side to move loses in this many plies, at best for it.
    LossIn(u8),
    /// Neither side can force a win: with best play the game goes on until a draw rule ends it.
    Draw,
}

impl MorrisValue {
    pub(super) const fn encode(self) -> u8 {
        match self {
            MorrisValue::Draw => 0,
            MorrisValue::WinIn(d) => 1 + d,
            MorrisValue::LossIn(d) => 128 + d,
        }
    }

    pub(super) const fn decode(byte: u8) -> MorrisValue {
        match byte {
            0 => MorrisValue::Draw,
            1..=127 => MorrisValue::WinIn(byte - 1),
            _ => MorrisValue::LossIn(byte - 128),
        }
    }
}

impl fmt::Display for MorrisValue {
    /// `win in 5 (tables)`, `loss in 4 (tables)`, `draw (tables)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MorrisValue::WinIn(d) => write!(f, "win in {d} (tables)"),
            MorrisValue::LossIn(d) => write!(f, "loss in {d} (tables)"),
            MorrisValue::Draw => f.write_str("draw (tables)"),
        }
    }
}

/// A solved sector of the mill games under one set of rule options, in memory: every position
/// with `small` cows on one side and `big` on the other (either side to move), none in hand.
/// A shot out of the sector lands in a smaller one, solved before it; the 3v3 sector's shots
/// all end the game.
#[derive(Clone, Debug)]
pub struct Sector {
    options: Options,
    /// The cows a side: (fewer, more).
    cows: (u8, u8),
    group: Vec<Symmetry>,
    /// The images of bitboards under `group`, for fast look-ups.
    images: Images,
    /// The canonical (side to move, other side) key of each class, sorted.
    keys: Vec<u64>,
    /// The value of each class for its side to move.
    values: Vec<u8>,
}

/// The 3v3 sector (the name from before larger sectors were built).
pub type Sector3 = Sector;

const SIDE: u8 = 3;

fn key(white: u32, black: u32) -> u64 {
    (u64::from(white) << 32) | u64::from(black)
}

/// Every set of `k` points of `points` (a bit set), as bit sets.
fn subsets(points: u32, k: u32, out: &mut Vec<u32>) {
    fn go(rest: u32, k: u32, acc: u32, out: &mut Vec<u32>) {
        if k == 0 {
            out.push(acc);
            return;
        }
        if rest.count_ones() < k {
            return;
        }
        let low = rest & rest.wrapping_neg();
        go(rest & !low, k - 1, acc | low, out);
        go(rest & !low, k, acc, out);
    }
    go(points, k, 0, out);
}

/// The board's symmetries and the sorted canonical keys of every class of positions with
/// `small` and `big` cows (the side to move having either).
pub(super) fn classes(options: &Options, (small, big): (u8, u8)) -> (Vec<Symmetry>, Vec<u64>) {
    let board = options.board();
    let group = symmetries(board);
    let mut keys = Vec::new();
    let (mut fewer, mut more) = (Vec::new(), Vec::new());
    subsets(board.point_bits(), u32::from(small), &mut fewer);
    subsets(board.point_bits(), u32::from(big), &mut more);
    let mut orientations = vec![(&fewer, &more)];
    if small != big {
        orientations.push((&more, &fewer));
    }
    // A class is kept by its smallest image (side to move's cows first). That needs the side
    // to move's cows to be the smallest of their own images, and then only the symmetries that
    // keep them in place can make the other side's smaller: a few checks a pair, not sixteen.
    for (movers, others) in orientations {
        for &m in movers {
            if group.iter().any(|s| s.map_bits(m) < m) {
                continue;
            }
            let keeping: Vec<&Symmetry> = group.iter().filter(|s| s.map_bits(m) == m).collect();
            for &o in others {
                if m & o == 0 && keeping.iter().all(|s| s.map_bits(o) >= o) {
                    keys.push(key(m, o));
                }
            }
        }
    }
    keys.sort_unstable();
    (group, keys)
}

impl Sector {
    /// The stored values, one byte per class in key order (what a table file holds).
    #[must_use]
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The 3v3 table from stored values (see [`Sector::values`]) under `options`; `None` when
    /// their number is not the number of classes.
    #[must_use]
    pub fn from_values(options: &Options, values: Vec<u8>) -> Option<Sector> {
        Sector::from_sector_values(options, (SIDE, SIDE), values)
    }

    /// The table of the sector of `cows` (fewer, more) from stored values; `None` when their
    /// number is not the number of classes.
    #[must_use]
    pub fn from_sector_values(
        options: &Options,
        cows: (u8, u8),
        values: Vec<u8>,
    ) -> Option<Sector> {
        let options = Sector::table_options(options);
        let (group, keys) = classes(&options, cows);
        (keys.len() == values.len()).then_some(Sector {
            options,
            cows,
            images: Images::new(&group),
            group,
            keys,
            values,
        })
    }

    /// How many classes of 3v3 positions the board of `options` has.
    #[must_use]
    pub fn class_count(options: &Options) -> usize {
        Sector::sector_class_count(options, (SIDE, SIDE))
    }

    /// How many classes of positions the sector of `cows` (fewer, more) has.
    #[must_use]
    pub fn sector_class_count(options: &Options, cows: (u8, u8)) -> usize {
        classes(options, cows).1.len()
    }

    /// The cows a side of this sector: (fewer, more).
    #[must_use]
    pub fn cows(&self) -> (u8, u8) {
        self.cows
    }

    /// The options this table was built under (draw counters and repetition off).
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// How many classes of positions the table holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the table holds no position (never, once built).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The board's symmetries the table is stored under.
    #[must_use]
    pub fn symmetries(&self) -> &[Symmetry] {
        &self.group
    }

    /// The options a table is built under for positions played under `options`: the same
    /// moves and shots, no draw counters, no repetition draw.
    #[must_use]
    pub fn table_options(options: &Options) -> Options {
        let mut o = *options;
        o.three_cows_draw = None;
        o.no_shot_draw = None;
        o.repetition_draw = None;
        o
    }

    /// Solves the 3v3 sector under `options`.
    ///
    /// # Errors
    /// [`TableError::UnsupportedRules`] when the rules give fewer than three cows a side or
    /// combine strict protection with the return ban.
    pub fn build(options: &Options) -> Result<Sector, TableError> {
        Sector::build_sector(options, (SIDE, SIDE), &[])
    }

    /// Solves the sector of `cows` (fewer, more; at least 3 each) under `options`. A shot out
    /// of it lands in a smaller sector, which must be among `lower` (3v4 needs 3v3; 4v4 needs
    /// 3v4); a shot that leaves a side two cows ends the game. The solver is driven by
    /// predecessors (see the `build` module): one forward pass over the classes, then un-moves
    /// from the classes decided, level by level.
    ///
    /// # Errors
    /// [`TableError::UnsupportedRules`] when the rules give fewer cows a side than the sector
    /// has, combine strict protection with the return ban (see the code), or a smaller sector
    /// needed is not in `lower`; [`TableError::TooManySweeps`] if a distance would not fit its
    /// byte.
    pub fn build_sector(
        options: &Options,
        cows: (u8, u8),
        lower: &[&Sector],
    ) -> Result<Sector, TableError> {
        let options = Sector::table_options(options);
        let (small, big) = cows;
        if small < SIDE || small > big || options.cows < big {
            return Err(TableError::UnsupportedRules {
                rules: format!("the {small}v{big} tables need at least {big} cows a side"),
            });
        }
        // A shot forfeited under strict protection stays in the sector, and under the return
        // ban the turn that left a mill for it would put a ban in force there: a position
        // the sector cannot hold.
        if options.protection == Protection::Strict && options.remake == Remake::NoImmediateReturn {
            return Err(TableError::UnsupportedRules {
                rules: "protection=strict with remake=no-immediate-return: a forfeited shot can \
                        put a return ban in force inside a sector, which the tables do not hold"
                    .to_owned(),
            });
        }
        let (group, keys) = classes(&options, cows);
        let images = Images::new(&group);
        let values = super::build::solve(&options, cows, &images, &keys, lower)?;
        Ok(Sector {
            options,
            cows,
            group,
            images,
            keys,
            values,
        })
    }

    /// The value of `pos` for its side to move, if it is a position of this sector with none in
    /// hand and no return ban in force, under rules whose moves and shots are this table's.
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<MorrisValue> {
        if Sector::table_options(pos.options()) != self.options
            || pos.in_hand(Color::White) + pos.in_hand(Color::Black) != 0
            || pos.bans().next().is_some()
            || pos.is_game_over()
        {
            return None;
        }
        let (w, b) = (pos.cow_bits(Color::White), pos.cow_bits(Color::Black));
        let (fewer, more) = (
            w.count_ones().min(b.count_ones()),
            w.count_ones().max(b.count_ones()),
        );
        if (fewer, more) != (u32::from(self.cows.0), u32::from(self.cows.1)) {
            return None;
        }
        let (me, them) = match pos.side_to_move() {
            Color::White => (w, b),
            Color::Black => (b, w),
        };
        let i = self
            .keys
            .binary_search(&self.images.canonical(me, them))
            .ok()?;
        Some(MorrisValue::decode(self.values[i]))
    }

    /// Every class with its value: the representative (the side to move's cows, the other
    /// side's) and what it is worth to the side to move.
    pub fn classes(&self) -> impl Iterator<Item = ((u32, u32), MorrisValue)> + '_ {
        self.keys
            .iter()
            .zip(&self.values)
            .map(|(&k, &v)| (((k >> 32) as u32, k as u32), MorrisValue::decode(v)))
    }
}
