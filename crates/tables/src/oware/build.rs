//! Building one Oware table: a forward pass over every board through the rules crate's own
//! moves (sowing is never written here), then sweeps that narrow every interval to the fixed
//! point.
//!
//! The forward pass writes each board's moves that stay in the table to a scratch file, in
//! rank order, and every sweep reads that file front to back: memory holds only the bounds
//! and their distances (four bytes a board), while the successor lists (up to 26 bytes a
//! board, 14 GB for the 25-seed table) stream from the disk or the page cache.
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
use std::fs;
use std::io::{self, Read, Seek, Write};
use std::path::Path;

/// Moves per position at most.
const SLOTS: usize = 6;
/// The longest successor record: its move count, the exit bound, and six ranks.
const RECORD_MAX: usize = 2 + 4 * SLOTS;
/// Bytes the scratch file is written and read in at a time.
const CHUNK: usize = 1 << 22;

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
/// every `m < seeds`. `scratch` is a file the build may create, overwrite and delete (beside
/// the table is best: it needs room for the successor lists). `progress` hears of the build's
/// steps.
///
/// The result holds, for the `count` boards in rank order, first the packed [`Seeds`], then
/// each board's lower-bound distance, then its upper-bound distance (one byte each: the sweep
/// in which the bound last moved, 0 if it never did; with the board's rank it orders every
/// change in time).
///
/// Memory: four bytes a board while building, then the three-byte result; the successor
/// lists go to `scratch`.
///
/// # Errors
/// [`TableError::TooManySeeds`] above [`crate::oware::MAX_SEEDS`] or when a smaller table is
/// missing; [`TableError::IntervalTooWide`] if an interval does not fit one byte;
/// [`TableError::Io`] when the scratch file cannot be written or read back.
pub fn build_table(
    family: OwareFamily,
    seeds: usize,
    smaller: &[&[u8]],
    scratch: &Path,
    progress: &mut dyn FnMut(Step),
) -> Result<Vec<u8>, TableError> {
    let max = super::MAX_SEEDS;
    if seeds > max || smaller.len() < seeds {
        return Err(TableError::TooManySeeds { seeds, max });
    }
    let io = |source| TableError::Io {
        path: scratch.to_owned(),
        source,
    };
    let count = rank::count(seeds) as usize;
    let file = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(scratch)
        .map_err(io)?;
    let result = forward(family, seeds, smaller, (&file, scratch), progress)
        .and_then(|bounds| sweeps(seeds, count, bounds, (&file, scratch), progress));
    drop(file);
    // The scratch file is only ever of use to the build that wrote it.
    let removed = fs::remove_file(scratch).map_err(io);
    let out = result?;
    removed?;
    Ok(out)
}

/// The forward pass: each board's bounds from its exits (moves that capture, or the end of the
/// game), and its moves inside the table written to `file` as one record per board: a zero
/// byte for a board with none, else the count, the upper bound of its exits and the
/// successors' ranks (four bytes each, little-endian).
fn forward(
    family: OwareFamily,
    seeds: usize,
    smaller: &[&[u8]],
    (file, scratch): (&fs::File, &Path),
    progress: &mut dyn FnMut(Step),
) -> Result<Vec<[u8; 2]>, TableError> {
    let options = family.build_options();
    let count = rank::count(seeds) as usize;
    let n = seeds as u8;
    let mut bounds = vec![[0u8; 2]; count];
    let mut out = io::BufWriter::with_capacity(CHUNK, file);
    let mut pos = Position::new(options);
    let stores = balanced_stores(options.total_seeds(), seeds);
    let mut moves = Vec::with_capacity(SLOTS);
    let mut record = [0u8; RECORD_MAX];
    let write_error = |source| TableError::Io {
        path: scratch.to_owned(),
        source,
    };
    for (i, board) in Boards::new(seeds).enumerate() {
        if i % (1 << 20) == 0 {
            progress(Step::Forward { done: i as u64 });
        }
        // The board and stores add up by construction.
        if pos.set_board(&board, stores, Side::South).is_err() {
            unreachable!("a board of {seeds} seeds with balanced stores is valid");
        }
        let mut inside = 0usize;
        let (mut exit_lo, mut exit_hi) = (0u8, 0u8);
        if pos.is_game_over() {
            let v = final_share(&pos);
            (exit_lo, exit_hi) = (v, v);
        } else {
            moves.clear();
            pos.legal_moves_into(&mut moves);
            for &mv in &moves {
                let (captured, next) = after(&mut pos, mv, Side::South);
                if captured == 0 {
                    let at = 2 + 4 * inside;
                    record[at..at + 4].copy_from_slice(&(rank::rank(&next) as u32).to_le_bytes());
                    inside += 1;
                } else {
                    let m = seeds - usize::from(captured);
                    let v = Seeds::unpack(smaller[m][rank::rank(&next) as usize]);
                    exit_lo = exit_lo.max(n - v.hi);
                    exit_hi = exit_hi.max(n - v.lo);
                }
            }
        }
        // A board with a move inside the table starts unknown: [0, n] joined with its exits.
        bounds[i] = [exit_lo, if inside == 0 { exit_hi } else { n }];
        record[0] = inside as u8;
        record[1] = exit_hi;
        let len = if inside == 0 { 1 } else { 2 + 4 * inside };
        out.write_all(&record[..len]).map_err(write_error)?;
    }
    out.flush().map_err(write_error)?;
    progress(Step::Forward { done: count as u64 });
    Ok(bounds)
}

/// Sweeps in place, in rank order, reading the successor records from `file`, until nothing
/// changes; then the packed result.
fn sweeps(
    seeds: usize,
    count: usize,
    mut bounds: Vec<[u8; 2]>,
    (file, scratch): (&fs::File, &Path),
    progress: &mut dyn FnMut(Step),
) -> Result<Vec<u8>, TableError> {
    let n = seeds as u8;
    let read_error = |source| TableError::Io {
        path: scratch.to_owned(),
        source,
    };
    // A bound that moves is stamped with the sweep it moved in; (sweep, rank) orders every
    // change in time, and each is computed from changes made before it, so the stamp is a
    // distance: what `lo` promises is forced without coming back to a position (see
    // `OwareTables::best_move`).
    let mut lo_rank = vec![0u8; count];
    let mut hi_rank = vec![0u8; count];
    let mut records = Records::new(file);
    let mut sweep: u32 = 0;
    loop {
        sweep += 1;
        records.rewind().map_err(read_error)?;
        let mut changed = 0u64;
        for i in 0..count {
            let record = records.next().map_err(read_error)?;
            let inside = usize::from(record[0]);
            let [lo, hi] = bounds[i];
            // An exact bound never moves again (lo only rises, hi only falls).
            if inside == 0 || lo == hi {
                continue;
            }
            let (mut new_lo, mut new_hi) = (lo, record[1]);
            for s in record[2..2 + 4 * inside].chunks_exact(4) {
                let s = u32::from_le_bytes([s[0], s[1], s[2], s[3]]) as usize;
                let [s_lo, s_hi] = bounds[s];
                new_lo = new_lo.max(n - s_hi);
                new_hi = new_hi.max(n - s_lo);
            }
            if new_lo != lo || new_hi != hi {
                let stamp = u8::try_from(sweep).map_err(|_| TableError::TooManySweeps { seeds })?;
                changed += 1;
                if new_lo != lo {
                    lo_rank[i] = stamp;
                }
                if new_hi != hi {
                    hi_rank[i] = stamp;
                }
                bounds[i] = [new_lo, new_hi];
            }
        }
        progress(Step::Sweep { sweep, changed });
        if changed == 0 {
            break;
        }
    }
    let mut out = Vec::with_capacity(3 * count);
    for (i, &[lo, hi]) in bounds.iter().enumerate() {
        let s = Seeds { lo, hi };
        out.push(s.pack().ok_or(TableError::IntervalTooWide {
            seeds,
            index: i as u64,
            lo,
            hi,
        })?);
    }
    drop(bounds);
    out.extend_from_slice(&lo_rank);
    out.extend_from_slice(&hi_rank);
    Ok(out)
}

/// The successor records of [`forward`], read back front to back in large chunks.
struct Records<'f> {
    file: &'f fs::File,
    buf: Vec<u8>,
    start: usize,
    end: usize,
}

impl<'f> Records<'f> {
    fn new(file: &'f fs::File) -> Self {
        Records {
            file,
            buf: vec![0; CHUNK],
            start: 0,
            end: 0,
        }
    }

    /// Back to the first record.
    fn rewind(&mut self) -> io::Result<()> {
        (&mut &*self.file).seek(io::SeekFrom::Start(0))?;
        (self.start, self.end) = (0, 0);
        Ok(())
    }

    /// The next record, whole.
    fn next(&mut self) -> io::Result<&[u8]> {
        if self.end - self.start < RECORD_MAX {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
            while self.end < RECORD_MAX {
                let read = (&mut &*self.file).read(&mut self.buf[self.end..])?;
                if read == 0 {
                    break;
                }
                self.end += read;
            }
        }
        let available = &self.buf[self.start..self.end];
        let len = match available.first() {
            None => 0,
            Some(0) => 1,
            Some(&k) => 2 + 4 * usize::from(k),
        };
        if len == 0 || available.len() < len || len > RECORD_MAX {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the build's scratch file ended early or was changed",
            ));
        }
        self.start += len;
        Ok(&self.buf[self.start - len..self.start])
    }
}
