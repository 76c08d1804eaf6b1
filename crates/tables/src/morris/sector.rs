//! The 3v3 sector of a mill game: every position with three cows a side on the board and none
//! in hand, each side flying or moving as the rules say, solved to win, draw or loss with the
//! distance in plies, under one table per rule options. Positions are stored once per class
//! of the board's symmetries, with White to move (a position with Black to move is read with
//! the colours swapped).
//!
//! With three cows a side every shot ends the game (the side shot is left with two), so the
//! sector needs no other table. The builder plays every move through `kraal-rules-morris`.

use super::symmetry::{Symmetry, symmetries};
use crate::error::TableError;
use kraal_rules_morris::{Color, Move, Options, Position};
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
    const fn encode(self) -> u8 {
        match self {
            MorrisValue::Draw => 0,
            MorrisValue::WinIn(d) => 1 + d,
            MorrisValue::LossIn(d) => 128 + d,
        }
    }

    const fn decode(byte: u8) -> MorrisValue {
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

/// The solved 3v3 sector under one set of rule options, in memory.
#[derive(Clone, Debug)]
pub struct Sector3 {
    options: Options,
    group: Vec<Symmetry>,
    /// The canonical (White, Black) key of each class, sorted.
    keys: Vec<u64>,
    /// The value of each class, White to move.
    values: Vec<u8>,
}

const SIDE: u8 = 3;
const NONE: u32 = u32::MAX;

fn key(white: u32, black: u32) -> u64 {
    (u64::from(white) << 32) | u64::from(black)
}

fn canonical(group: &[Symmetry], white: u32, black: u32) -> u64 {
    group
        .iter()
        .map(|s| key(s.map_bits(white), s.map_bits(black)))
        .min()
        .unwrap_or(key(white, black))
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

/// The board's symmetries and the sorted canonical keys of every class of 3v3 positions.
fn classes(options: &Options) -> (Vec<Symmetry>, Vec<u64>) {
    let board = options.board();
    let group = symmetries(board);
    let mut sets = Vec::new();
    subsets(board.point_bits(), u32::from(SIDE), &mut sets);
    let mut keys = Vec::new();
    for &w in &sets {
        for &b in &sets {
            if w & b == 0 {
                keys.push(canonical(&group, w, b));
            }
        }
    }
    keys.sort_unstable();
    keys.dedup();
    (group, keys)
}

impl Sector3 {
    /// The stored values, one byte per class in key order (what a table file holds).
    #[must_use]
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// A table from stored values (see [`Sector3::values`]) under `options`; `None` when their
    /// number is not the number of classes.
    #[must_use]
    pub fn from_values(options: &Options, values: Vec<u8>) -> Option<Sector3> {
        let options = Sector3::table_options(options);
        let (group, keys) = classes(&options);
        (keys.len() == values.len()).then_some(Sector3 {
            options,
            group,
            keys,
            values,
        })
    }

    /// How many classes of 3v3 positions the board of `options` has.
    #[must_use]
    pub fn class_count(options: &Options) -> usize {
        classes(options).1.len()
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
    /// [`TableError::UnsupportedRules`] when the rules give fewer than three cows a side or the
    /// board is not one of the 24-point boards.
    pub fn build(options: &Options) -> Result<Sector3, TableError> {
        let options = Sector3::table_options(options);
        let mut pos = Position::new(options);
        let board = pos.board();
        if options.cows < SIDE || board.point_count() != 24 {
            return Err(TableError::UnsupportedRules {
                rules: "the 3v3 tables need a 24-point board and at least 3 cows".to_owned(),
            });
        }
        let (group, keys) = classes(&options);
        let count = keys.len();
        let find = |k: u64| keys.binary_search(&k).map(|i| i as u32).unwrap_or(NONE);
        // Successors (CSR), and per class: terminal value, or whether a move wins at once.
        let mut start = Vec::with_capacity(count + 1);
        let mut succ: Vec<u32> = Vec::new();
        let mut fixed: Vec<Option<MorrisValue>> = vec![None; count];
        let mut wins_now = vec![false; count];
        let mut draws_now = vec![false; count];
        let mut moves: Vec<Move> = Vec::with_capacity(128);
        for (i, &k) in keys.iter().enumerate() {
            start.push(succ.len() as u32);
            let (w, b) = ((k >> 32) as u32, k as u32);
            if pos.set_cows([w, b], Color::White).is_err() {
                unreachable!("a class key is a valid position");
            }
            if let Some(o) = pos.outcome() {
                fixed[i] = Some(match o.winner() {
                    Some(Color::White) => MorrisValue::WinIn(0),
                    Some(Color::Black) => MorrisValue::LossIn(0),
                    None => MorrisValue::Draw,
                });
                continue;
            }
            moves.clear();
            pos.legal_moves_into(&mut moves);
            for &mv in &moves {
                let undo = pos.play_unchecked(mv);
                match pos.outcome() {
                    Some(o) => match o.winner() {
                        Some(Color::White) => wins_now[i] = true,
                        None => draws_now[i] = true,
                        Some(Color::Black) => {}
                    },
                    None => {
                        // Black to move: swap the colours so that the side to move is White.
                        let next = canonical(
                            &group,
                            pos.cow_bits(Color::Black),
                            pos.cow_bits(Color::White),
                        );
                        succ.push(find(next));
                    }
                }
                pos.undo(undo);
            }
        }
        start.push(succ.len() as u32);
        let mut values: Vec<Option<MorrisValue>> = fixed;
        // Level by level: at level d, a win in d needs a successor lost in d - 1 (or, at d = 1,
        // a move that wins at once); a loss in d needs every successor won, the longest in
        // d - 1. Each level reads only the levels before it.
        let mut d: u8 = 0;
        loop {
            d += 1;
            let mut decided = 0;
            let mut next = values.clone();
            for i in 0..count {
                if values[i].is_some() {
                    continue;
                }
                let list = &succ[start[i] as usize..start[i + 1] as usize];
                let mut win = d == 1 && wins_now[i];
                let mut all_won = !draws_now[i] && !wins_now[i];
                let mut longest = 0u8;
                for &s in list {
                    match values[s as usize] {
                        Some(MorrisValue::LossIn(x)) if x == d - 1 => win = true,
                        Some(MorrisValue::WinIn(x)) => longest = longest.max(x),
                        _ => all_won = false,
                    }
                }
                if win {
                    next[i] = Some(MorrisValue::WinIn(d));
                    decided += 1;
                } else if all_won && longest + 1 == d {
                    next[i] = Some(MorrisValue::LossIn(d));
                    decided += 1;
                }
            }
            values = next;
            if decided == 0 {
                break;
            }
            if d >= 126 {
                return Err(TableError::TooManySweeps { seeds: 6 });
            }
        }
        let values = values
            .into_iter()
            .map(|v| v.unwrap_or(MorrisValue::Draw).encode())
            .collect();
        Ok(Sector3 {
            options,
            group,
            keys,
            values,
        })
    }

    /// The value of `pos` for its side to move, if it is a 3v3 position with none in hand and no
    /// return ban in force, under rules whose moves and shots are this table's.
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<MorrisValue> {
        if Sector3::table_options(pos.options()) != self.options
            || pos.in_hand(Color::White) + pos.in_hand(Color::Black) != 0
            || pos.bans().next().is_some()
            || pos.is_game_over()
        {
            return None;
        }
        let (w, b) = (pos.cow_bits(Color::White), pos.cow_bits(Color::Black));
        if w.count_ones() != u32::from(SIDE) || b.count_ones() != u32::from(SIDE) {
            return None;
        }
        let (me, them) = match pos.side_to_move() {
            Color::White => (w, b),
            Color::Black => (b, w),
        };
        let i = self
            .keys
            .binary_search(&canonical(&self.group, me, them))
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
