//! TEMPORARY: the former level-by-level sweep builder, kept only to compare its bytes with the
//! predecessor-driven builder's; deleted once they agree.

use super::sector::{MorrisValue, Sector, canonical, classes};
use crate::error::TableError;
use kraal_rules_morris::{Color, Move, Options, Position};

const SIDE: u8 = 3;
const NONE: u32 = u32::MAX;
const LONGEST: u8 = 126;

/// What the moves out of a class's sector (shots into a smaller one, or the end of the game)
/// give its side to move.
#[derive(Clone, Copy)]
struct Exits {
    /// The shortest win through them, in plies (`u8::MAX`: none).
    win: u8,
    /// Whether one of them does not lose (a draw, or a win).
    not_lost: bool,
    /// The longest loss through them, in plies.
    longest_loss: u8,
}

impl Exits {
    const NONE: Exits = Exits {
        win: u8::MAX,
        not_lost: false,
        longest_loss: 0,
    };

    /// Takes an exit worth `value` to the side to move after it (the opponent).
    fn add(&mut self, value: MorrisValue) {
        match value {
            MorrisValue::LossIn(x) => {
                self.win = self.win.min(x.saturating_add(1));
                self.not_lost = true;
            }
            MorrisValue::WinIn(x) => self.longest_loss = self.longest_loss.max(x.saturating_add(1)),
            MorrisValue::Draw => self.not_lost = true,
        }
    }
}

impl Sector {
    /// Solves the sector of `cows` (fewer, more; at least 3 each) under `options`. A shot out
    /// of it lands in a smaller sector, which must be among `lower` (3v4 needs 3v3; 4v4 needs
    /// 3v4); a shot that leaves a side two cows ends the game.
    ///
    /// # Errors
    /// [`TableError::UnsupportedRules`] when the rules give fewer cows a side than the sector
    /// has, the board is not one of the 24-point boards, or a smaller sector needed is not in
    /// `lower`; [`TableError::TooManySweeps`] if a distance would not fit its byte.
    #[doc(hidden)]
    pub fn build_sector_sweep(
        options: &Options,
        cows: (u8, u8),
        lower: &[&Sector],
    ) -> Result<Sector, TableError> {
        let options = Sector::table_options(options);
        let mut pos = Position::new(options);
        let board = pos.board();
        let (small, big) = cows;
        if small < SIDE || small > big || options.cows < big || board.point_count() != 24 {
            return Err(TableError::UnsupportedRules {
                rules: format!(
                    "the {small}v{big} tables need a 24-point board and at least {big} cows"
                ),
            });
        }
        let (group, keys) = classes(&options, cows);
        let count = keys.len();
        let find = |k: u64| keys.binary_search(&k).map(|i| i as u32).unwrap_or(NONE);
        // Successors inside the sector (CSR), and per class: its value if the game is over,
        // and what the moves out of the sector give.
        let mut start = Vec::with_capacity(count + 1);
        let mut succ: Vec<u32> = Vec::new();
        let mut fixed: Vec<Option<MorrisValue>> = vec![None; count];
        let mut exits = vec![Exits::NONE; count];
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
                let (mover, other) = (pos.cow_bits(Color::Black), pos.cow_bits(Color::White));
                if let Some(o) = pos.outcome() {
                    exits[i].add(match o.winner() {
                        Some(Color::White) => MorrisValue::LossIn(0),
                        Some(Color::Black) => MorrisValue::WinIn(0),
                        None => MorrisValue::Draw,
                    });
                } else if (mover | other).count_ones() == w.count_ones() + b.count_ones() {
                    // No shot: the same sector, Black to move; the colours swap so that the
                    // side to move is White.
                    succ.push(find(canonical(&group, mover, other)));
                } else {
                    let value = lower.iter().find_map(|l| l.probe(&pos)).ok_or_else(|| {
                        TableError::UnsupportedRules {
                            rules: format!(
                                "the {small}v{big} tables need the {}v{} tables first",
                                mover.count_ones().min(other.count_ones()),
                                mover.count_ones().max(other.count_ones())
                            ),
                        }
                    })?;
                    exits[i].add(value);
                }
                pos.undo(undo);
            }
        }
        start.push(succ.len() as u32);
        let mut values: Vec<Option<MorrisValue>> = fixed;
        let mut pending: Vec<u32> = (0..count as u32)
            .filter(|&i| values[i as usize].is_none())
            .collect();
        // Level by level: at level d, a win in d needs a successor lost in d - 1 (or an exit
        // that wins in d); a loss in d needs every successor and exit won by the other side, the
        // longest in d. A value decided at level d is never read as level d - 1's, so the
        // sweep can write in place.
        let mut d: u8 = 0;
        while !pending.is_empty() {
            d += 1;
            let before = pending.len();
            pending.retain(|&i| {
                let i = i as usize;
                let e = exits[i];
                let list = &succ[start[i] as usize..start[i + 1] as usize];
                let mut win = e.win <= d;
                let mut all_won = !e.not_lost;
                let mut longest = e.longest_loss;
                for &s in list {
                    match values[s as usize] {
                        Some(MorrisValue::LossIn(x)) if x == d - 1 => win = true,
                        Some(MorrisValue::WinIn(x)) => longest = longest.max(x + 1),
                        _ => all_won = false,
                    }
                }
                if win {
                    values[i] = Some(MorrisValue::WinIn(d));
                    false
                } else if all_won && longest == d {
                    values[i] = Some(MorrisValue::LossIn(d));
                    false
                } else {
                    true
                }
            });
            // No decision this level, and no exit or successor waiting at a later one.
            let waiting = pending.iter().any(|&i| {
                let e = exits[i as usize];
                (e.win > d && e.win != u8::MAX) || e.longest_loss > d
            });
            if pending.len() == before && !waiting {
                break;
            }
            if d >= LONGEST {
                return Err(TableError::TooManySweeps {
                    seeds: usize::from(small) * 10 + usize::from(big),
                });
            }
        }
        let values = values
            .into_iter()
            .map(|v| v.unwrap_or(MorrisValue::Draw).encode())
            .collect();
        let _ = (group, keys);
        Sector::from_sector_values(&options, cows, values)
            .ok_or(TableError::TooManySweeps { seeds: 0 })
    }
}
