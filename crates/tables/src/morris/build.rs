//! The predecessor-driven solver of one sector.
//!
//! One forward pass over the classes (every move played through `kraal-rules-morris`) finds
//! each class's value if the game is over, what its moves out of the sector give (shots into a
//! smaller sector, valued through the `ban` module's search when a return ban is left in
//! force, or the end of the game), and how many distinct classes of the sector its other moves
//! lead to. Then, level by level, every class decided at level `d - 1` generates
//! its un-moves ([`Unmoves`]): a predecessor of a lost class is won in `d`; a predecessor of a
//! won class counts one successor class fewer, and when none is left (and no exit saves it)
//! it is lost in `d`, or later if an exit's loss is longer. Wins and losses that wait for an
//! exit's level are kept in buckets by level. What is never decided is drawn.
//!
//! Deduplicating matters under the symmetries: the predecessor classes of a class are listed
//! once each (however many un-moves lead to them), exactly as each class counts each of its
//! successor classes once.

use super::ban::{Best, exact, finished};
use super::sector::{MorrisValue, Sector};
use super::symmetry::Images;
use super::unmove::Unmoves;
use crate::error::TableError;
use kraal_rules_morris::{Color, Move, Options, Position};

/// The longest distance a value can hold (its byte keeps 127 for wins, 127 for losses).
pub(super) const LONGEST: u8 = 126;

/// `exit_loss` of a class with an exit that does not lose (a draw or a win): never lost.
const NOT_LOST: u8 = u8::MAX;

/// Per class, what the forward pass found.
struct Forward {
    /// The encoded value (0: not decided yet, or drawn).
    values: Vec<u8>,
    /// Distinct successor classes in the sector not yet known to be won for their mover.
    left: Vec<u8>,
    /// The longest loss through the exits, or [`NOT_LOST`].
    exit_loss: Vec<u8>,
    /// The classes decided at level 0 (the game is over, won or lost).
    decided: Vec<u32>,
    /// Per level, the classes an exit wins at that level; then those lost at that level.
    wins_at: Vec<Vec<u32>>,
    losses_at: Vec<Vec<u32>>,
}

/// The forward pass over every class of `keys`.
fn forward(
    options: &Options,
    cows: (u8, u8),
    images: &Images,
    keys: &[u64],
    lower: &[&Sector],
) -> Result<Forward, TableError> {
    let count = keys.len();
    let levels = usize::from(u8::MAX) + 1;
    let mut f = Forward {
        values: vec![0; count],
        left: vec![0; count],
        exit_loss: vec![0; count],
        decided: Vec::new(),
        wins_at: vec![Vec::new(); levels],
        losses_at: vec![Vec::new(); levels],
    };
    let mut pos = Position::new(*options);
    let mut moves: Vec<Move> = Vec::with_capacity(128);
    let mut succ: Vec<u64> = Vec::with_capacity(128);
    for (i, &k) in keys.iter().enumerate() {
        let (w, b) = ((k >> 32) as u32, k as u32);
        if pos.set_cows([w, b], Color::White).is_err() {
            unreachable!("a class key is a valid position");
        }
        if let Some(o) = pos.outcome() {
            let v = finished(o.winner(), Color::White);
            f.values[i] = v.encode();
            // A drawn end is never decided again (no un-move leads to it from a predecessor
            // that is not over, and nothing ever reads it as won or lost).
            if v != MorrisValue::Draw {
                f.decided.push(i as u32);
            }
            continue;
        }
        // What the moves out of the sector (shots into a smaller one, or the end of the
        // game) give the side to move.
        let mut exits = Best::NONE;
        succ.clear();
        moves.clear();
        pos.legal_moves_into(&mut moves);
        for &mv in &moves {
            let undo = pos.play_unchecked(mv);
            let (mover, other) = (pos.cow_bits(Color::Black), pos.cow_bits(Color::White));
            if (mover | other).count_ones() == w.count_ones() + b.count_ones() {
                // No shot: the same sector, Black to move; the colours swap so that the side
                // to move is White. A finished game here is a class decided at level 0.
                succ.push(images.canonical(mover, other));
            } else if let Some(o) = pos.outcome() {
                exits.add(finished(o.winner(), Color::Black));
            } else {
                // Into a smaller sector, through the search when the shot left a return ban.
                let probe = |p: &Position| lower.iter().find_map(|l| l.probe(p));
                let value =
                    exact(&mut pos, &probe).ok_or_else(|| TableError::UnsupportedRules {
                        rules: format!(
                            "the {}v{} tables need the {}v{} tables first",
                            cows.0,
                            cows.1,
                            mover.count_ones().min(other.count_ones()),
                            mover.count_ones().max(other.count_ones())
                        ),
                    })?;
                exits.add(value);
            }
            pos.undo(undo);
        }
        succ.sort_unstable();
        succ.dedup();
        // At most 66 moves (three flying cows, 22 empty points), so the count fits its byte.
        f.left[i] = u8::try_from(succ.len()).unwrap_or(u8::MAX);
        if exits.win != u8::MAX {
            f.wins_at[usize::from(exits.win)].push(i as u32);
        }
        f.exit_loss[i] = if exits.not_lost {
            NOT_LOST
        } else {
            exits.longest_loss
        };
        // Every move leaves the sector and loses: lost when the longest of them is.
        if succ.is_empty() && !exits.not_lost {
            f.losses_at[usize::from(exits.longest_loss)].push(i as u32);
        }
    }
    Ok(f)
}

/// Solves the sector whose sorted class keys are `keys` (under the board's symmetries
/// `images`): the encoded value of each class for its side to move.
///
/// # Errors
/// [`TableError::UnsupportedRules`] when a shot lands in a sector not in `lower`;
/// [`TableError::TooManySweeps`] when a distance would not fit its byte.
pub(super) fn solve(
    options: &Options,
    cows: (u8, u8),
    images: &Images,
    keys: &[u64],
    lower: &[&Sector],
) -> Result<Vec<u8>, TableError> {
    let Forward {
        mut values,
        mut left,
        exit_loss,
        decided,
        mut wins_at,
        mut losses_at,
    } = forward(options, cows, images, keys, lower)?;
    let unmoves = Unmoves::new(options);
    let mut preds: Vec<(u32, u32)> = Vec::with_capacity(128);
    let mut pred_keys: Vec<u64> = Vec::with_capacity(128);
    let mut current = decided;
    let mut d: usize = 0;
    loop {
        d += 1;
        let waiting = wins_at[d..]
            .iter()
            .chain(&losses_at[d..])
            .any(|l| !l.is_empty());
        if current.is_empty() && !waiting {
            break;
        }
        if d > usize::from(LONGEST) {
            return Err(TableError::TooManySweeps {
                seeds: usize::from(cows.0) * 10 + usize::from(cows.1),
            });
        }
        let level = d as u8;
        let mut next: Vec<u32> = Vec::new();
        for &q in &current {
            let q = q as usize;
            let lost = matches!(MorrisValue::decode(values[q]), MorrisValue::LossIn(_));
            let k = keys[q];
            preds.clear();
            unmoves.unmoves_into((k >> 32) as u32, k as u32, &mut preds);
            pred_keys.clear();
            pred_keys.extend(preds.iter().map(|&(a, b)| images.canonical(a, b)));
            pred_keys.sort_unstable();
            pred_keys.dedup();
            for pk in &pred_keys {
                // Every predecessor is a position of the sector, so its class is listed.
                let Ok(c) = keys.binary_search(pk) else {
                    debug_assert!(false, "an un-move outside the sector's classes");
                    continue;
                };
                if values[c] != 0 {
                    continue;
                }
                if lost {
                    values[c] = MorrisValue::WinIn(level).encode();
                    next.push(c as u32);
                    continue;
                }
                debug_assert!(left[c] > 0, "more won successors than successor classes");
                left[c] = left[c].saturating_sub(1);
                if left[c] == 0 && exit_loss[c] != NOT_LOST {
                    let at = level.max(exit_loss[c]);
                    if at == level {
                        values[c] = MorrisValue::LossIn(level).encode();
                        next.push(c as u32);
                    } else {
                        losses_at[usize::from(at)].push(c as u32);
                    }
                }
            }
        }
        for c in std::mem::take(&mut wins_at[d]) {
            if values[c as usize] == 0 {
                values[c as usize] = MorrisValue::WinIn(level).encode();
                next.push(c);
            }
        }
        for c in std::mem::take(&mut losses_at[d]) {
            if values[c as usize] == 0 {
                values[c as usize] = MorrisValue::LossIn(level).encode();
                next.push(c);
            }
        }
        current = next;
    }
    Ok(values)
}
