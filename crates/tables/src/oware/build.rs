//! Building one Oware table: a forward pass over every board through the rules crate's own
//! moves (sowing is never written here), then sweeps that narrow every interval to the fixed
//! point.
//!
//! For a board of `n` seeds with the side to move to play, a move that captures `c` seeds
//! leads to a board of `n - c` seeds, already in a smaller table; one that captures nothing
//! stays in this table. Whatever the move, the mover ends with `n - v` of the `n` seeds, where
//! `v` is what the opponent takes from the board after it. So, over the moves,
//! `lo = max(n - hi(next))` and `hi = max(n - lo(next))`. Starting from `lo = 0`, `hi = n` and
//! sweeping until nothing changes, each `lo` only rises and each `hi` only falls: `lo` is what
//! the mover can force within a bounded number of moves without repeating a position (so no
//! repetition rule ever applies to it), and `hi` is what the opponent can hold it to in the
//! same way. Positions inside cycles that neither side can leave to its advantage keep an
//! interval.

use super::family::OwareFamily;
use super::value::Seeds;
use crate::error::TableError;
use crate::rank::{self, Boards, HOUSES};
use kraal_rules_mancala::{Move, Position, Side};

/// No successor in this slot.
const NONE: u32 = u32::MAX;
/// Moves per position at most.
const SLOTS: usize = 6;

/// Where a build is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The forward pass has visited `done` of the table's boards.
    Forward {
        /// Boards visited.
        done: u64,
    },
    /// A sweep ended; `changed` intervals narrowed in it (the build ends after a sweep with
    /// none).
    Sweep {
        /// Sweeps so far.
        sweep: u32,
        /// Intervals that narrowed in this sweep.
        changed: u64,
    },
}

/// The balanced stores for a board of `on_board` seeds under `total` seeds: neither side has
/// won by captures yet (only the seeds on the board matter to a table value).
pub(crate) fn balanced_stores(total: u32, on_board: usize) -> [u8; 2] {
    let taken = total.saturating_sub(on_board as u32);
    let south = taken / 2;
    [south as u8, (taken - south) as u8]
}

/// What one move leads to, seen by the rules crate: the seeds it captures and the board after
/// it, turned so that the new side to move is South.
#[inline]
pub(crate) fn after(pos: &mut Position, mv: Move, mover: Side) -> (u8, [u8; HOUSES]) {
    let before = pos.captured(mover);
    let undo = pos.play_unchecked(mv);
    let captured = (pos.captured(mover) - before) as u8;
    let mut next = [0u8; HOUSES];
    next.copy_from_slice(pos.holes());
    if pos.side_to_move() == Side::North {
        next = rank::rotate(&next);
    }
    pos.undo(undo);
    (captured, next)
}

/// The value of a board on which the game is over (South to move): the seeds the rules crate
/// gives South of those on the board.
pub(crate) fn final_share(pos: &Position) -> u8 {
    (pos.scores()[0] - pos.captured(Side::South)) as u8
}

/// Builds the table of `seeds` seeds for `family`. `smaller[m]` is the table of `m` seeds, for
/// every `m < seeds`. `progress` hears of the build's steps.
///
/// The result holds, for the `count` boards in rank order, first the packed [`Seeds`], then
/// each board's lower-bound distance, then its upper-bound distance (one byte each: the sweep
/// in which the bound last moved, 0 if it never did; with the board's rank it orders every
/// change in time).
///
/// Memory: the values, plus six successor ranks (four bytes each) per board for the sweeps.
///
/// # Errors
/// [`TableError::TooManySeeds`] above [`crate::oware::MAX_SEEDS`] or when a smaller table is
/// missing; [`TableError::IntervalTooWide`] if an interval does not fit one byte.
pub fn build_table(
    family: OwareFamily,
    seeds: usize,
    smaller: &[&[u8]],
    progress: &mut dyn FnMut(Step),
) -> Result<Vec<u8>, TableError> {
    let max = super::MAX_SEEDS;
    if seeds > max || smaller.len() < seeds {
        return Err(TableError::TooManySeeds { seeds, max });
    }
    let options = family.build_options();
    let count = rank::count(seeds) as usize;
    let n = seeds as u8;
    let mut succ = vec![NONE; count * SLOTS];
    let mut exit_lo = vec![0u8; count];
    let mut exit_hi = vec![0u8; count];
    let mut pos = Position::new(options);
    let stores = balanced_stores(options.total_seeds(), seeds);
    let mut moves = Vec::with_capacity(SLOTS);
    for (i, board) in Boards::new(seeds).enumerate() {
        if i % (1 << 20) == 0 {
            progress(Step::Forward { done: i as u64 });
        }
        // The board and stores add up by construction.
        if pos.set_board(&board, stores, Side::South).is_err() {
            unreachable!("a board of {seeds} seeds with balanced stores is valid");
        }
        if pos.is_game_over() {
            let v = final_share(&pos);
            (exit_lo[i], exit_hi[i]) = (v, v);
            continue;
        }
        moves.clear();
        pos.legal_moves_into(&mut moves);
        let mut slot = 0;
        for &mv in &moves {
            let (captured, next) = after(&mut pos, mv, Side::South);
            if captured == 0 {
                succ[i * SLOTS + slot] = rank::rank(&next) as u32;
                slot += 1;
            } else {
                let m = seeds - usize::from(captured);
                let v = Seeds::unpack(smaller[m][rank::rank(&next) as usize]);
                exit_lo[i] = exit_lo[i].max(n - v.hi);
                exit_hi[i] = exit_hi[i].max(n - v.lo);
            }
        }
    }
    progress(Step::Forward { done: count as u64 });
    let mut lo = exit_lo;
    let mut hi = exit_hi.clone();
    // Positions with a move inside the table start unknown: [0, n] joined with their exits.
    for i in 0..count {
        if succ[i * SLOTS] != NONE {
            hi[i] = n;
        }
    }
    // Sweeps in place, in rank order. A bound that moves is stamped with the sweep it moved
    // in; (sweep, rank) orders every change in time, and each is computed from changes made
    // before it, so the stamp is a distance: what `lo` promises is forced without coming back
    // to a position (see `OwareTables::best_move`).
    let mut lo_rank = vec![0u8; count];
    let mut hi_rank = vec![0u8; count];
    let mut sweep: u32 = 0;
    loop {
        sweep += 1;
        let mut changed = 0u64;
        for i in 0..count {
            let slots = &succ[i * SLOTS..i * SLOTS + SLOTS];
            if slots[0] == NONE {
                continue;
            }
            let (mut new_lo, mut new_hi) = (lo[i], exit_hi[i]);
            for &s in slots {
                if s == NONE {
                    break;
                }
                let s = s as usize;
                new_lo = new_lo.max(n - hi[s]);
                new_hi = new_hi.max(n - lo[s]);
            }
            if new_lo != lo[i] || new_hi != hi[i] {
                let stamp = u8::try_from(sweep).map_err(|_| TableError::TooManySweeps { seeds })?;
                changed += 1;
                if new_lo != lo[i] {
                    lo_rank[i] = stamp;
                }
                if new_hi != hi[i] {
                    hi_rank[i] = stamp;
                }
                lo[i] = new_lo;
                hi[i] = new_hi;
            }
        }
        progress(Step::Sweep { sweep, changed });
        if changed == 0 {
            break;
        }
    }
    drop(succ);
    let mut out = Vec::with_capacity(3 * count);
    for i in 0..count {
        let s = Seeds {
            lo: lo[i],
            hi: hi[i],
        };
        out.push(s.pack().ok_or(TableError::IntervalTooWide {
            seeds,
            index: i as u64,
            lo: s.lo,
            hi: s.hi,
        })?);
    }
    out.extend_from_slice(&lo_rank);
    out.extend_from_slice(&hi_rank);
    Ok(out)
}
