//! Building one Oware table: a forward pass over every board through the rules crate's own
//! moves (sowing is never written here), then sweeps that narrow every interval to the fixed
//! point.
//!
//! The forward pass writes each board's moves that stay in the table to scratch files, in
//! rank order, and every sweep reads them front to back: memory holds only the bounds and
//! their distances (four bytes a board, and a bit), while the successor lists (up to 26 bytes
//! a board, 12 GB for the 25-seed table) stream from the disk or the page cache. The forward
//! pass cuts the boards into [`BLOCKS`] blocks of consecutive ranks, each with its own thread
//! and scratch file. A sweep reads a board's successors again only when one of them changed
//! since it last did (found by un-sowing the boards that change: [`super::unsow_into`]).
//!
use super::family::OwareFamily;
use super::value::Seeds;
use crate::error::TableError;
use crate::rank::{self, Boards, HOUSES};
use kraal_rules_mancala::{Move, Position, Side};
use memmap2::MmapMut;
use std::fs;
use std::io::{self, Read, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Moves per position at most.
const SLOTS: usize = 6;
/// The longest successor record: its move count, the exit bound, and six ranks.
const RECORD_MAX: usize = 2 + 4 * SLOTS;
/// The blocks of ranks the forward pass goes through side by side, each on its own thread.
pub const BLOCKS: usize = 2;
/// Bytes a scratch file is written and read in at a time.
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
/// every `m < seeds`. `scratch` names the build's scratch files (`scratch` with `-0`, `-1`,
/// ... appended; beside the table is best, as they need room for the successor lists); they
/// are created, overwritten and deleted by the build. `progress` hears of the build's steps.
///
/// The result holds, for the `count` boards in rank order, first the packed [`Seeds`], then
/// each board's lower-bound distance, then its upper-bound distance (one byte each: the sweep
/// in which the bound last moved, 0 if it never did; with the board's rank it orders every
/// change in time).
///
/// Memory: four bytes and a bit a board while building, then the three-byte result; the
/// successor lists go to the scratch files.
///
/// # Errors
/// [`TableError::TooManySeeds`] above [`crate::oware::MAX_SEEDS`] or when a smaller table is
/// missing; [`TableError::IntervalTooWide`] if an interval does not fit one byte;
/// [`TableError::Io`] when a scratch file cannot be written or read back.
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
    let count = rank::count(seeds) as usize;
    let blocks: Vec<Block> = (0..BLOCKS)
        .map(|b| {
            let mut path = scratch.as_os_str().to_owned();
            path.push(format!("-{b}"));
            Block {
                ranks: count * b / BLOCKS..count * (b + 1) / BLOCKS,
                path: PathBuf::from(path),
            }
        })
        .collect();
    let result = forward(family, seeds, smaller, &blocks, progress)
        .and_then(|bounds| sweeps((family, seeds, smaller), bounds, &blocks, progress));
    // The scratch files are only ever of use to the build that wrote them.
    for block in &blocks {
        match fs::remove_file(&block.path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound && result.is_ok() => {
                return Err(block.error(e));
            }
            _ => {}
        }
    }
    result
}

/// A block of consecutive ranks and its scratch file.
struct Block {
    ranks: Range<usize>,
    path: PathBuf,
}

impl Block {
    fn error(&self, source: io::Error) -> TableError {
        TableError::Io {
            path: self.path.clone(),
            source,
        }
    }
}

/// Runs one job per block, each on its own thread, and returns their results in block order.
/// `poll` is called on this thread every tenth of a second until they are done.
fn on_threads<T: Send>(jobs: Vec<impl FnOnce() -> T + Send>, poll: &mut dyn FnMut()) -> Vec<T> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = jobs.into_iter().map(|job| scope.spawn(job)).collect();
        while !handles.iter().all(|h| h.is_finished()) {
            std::thread::sleep(Duration::from_millis(100));
            poll();
        }
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// The forward pass: each board's bounds from its exits (moves that capture, or the end of the
/// game), and its moves inside the table written to its block's scratch file as one record per
/// board: a zero byte for a board with none, else the count, the upper bound of its exits and
/// the successors' ranks (four bytes each, little-endian).
fn forward(
    family: OwareFamily,
    seeds: usize,
    smaller: &[&[u8]],
    blocks: &[Block],
    progress: &mut dyn FnMut(Step),
) -> Result<Bounds, TableError> {
    let count = rank::count(seeds) as usize;
    let mut bounds = Bounds::new(count).map_err(|e| blocks[0].error(e))?;
    let done = AtomicU64::new(0);
    let mut rest = &mut bounds.map[..];
    let mut jobs = Vec::new();
    for block in blocks {
        let (mine, tail) = rest.split_at_mut(2 * block.ranks.len());
        rest = tail;
        let done = &done;
        jobs.push(move || forward_block(family, seeds, smaller, block, mine, done));
    }
    progress(Step::Forward { done: 0 });
    let results = on_threads(jobs, &mut || {
        progress(Step::Forward {
            done: done.load(Ordering::Relaxed),
        });
    });
    results.into_iter().collect::<Result<(), _>>()?;
    progress(Step::Forward { done: count as u64 });
    Ok(bounds)
}

/// What the rules crate's moves make of one board: its record (see [`forward`]).
struct Mover<'a> {
    pos: Position,
    moves: Vec<Move>,
    stores: [u8; 2],
    smaller: &'a [&'a [u8]],
    seeds: usize,
}

impl<'a> Mover<'a> {
    fn new(family: OwareFamily, seeds: usize, smaller: &'a [&'a [u8]]) -> Self {
        let options = family.build_options();
        Mover {
            pos: Position::new(options),
            moves: Vec::with_capacity(SLOTS),
            stores: balanced_stores(options.total_seeds(), seeds),
            smaller,
            seeds,
        }
    }

    /// Fills `record` for `board` (South to move) and returns its length and the lower bound
    /// of the board's exits.
    fn record(&mut self, board: &[u8; HOUSES], record: &mut [u8; RECORD_MAX]) -> (usize, u8) {
        let (seeds, n) = (self.seeds, self.seeds as u8);
        // The board and stores add up by construction.
        if self.pos.set_board(board, self.stores, Side::South).is_err() {
            unreachable!("a board of {seeds} seeds with balanced stores is valid");
        }
        let mut inside = 0usize;
        let (mut exit_lo, mut exit_hi) = (0u8, 0u8);
        if self.pos.is_game_over() {
            let v = final_share(&self.pos);
            (exit_lo, exit_hi) = (v, v);
        } else {
            self.moves.clear();
            self.pos.legal_moves_into(&mut self.moves);
            for &mv in &self.moves {
                let (captured, next) = after(&mut self.pos, mv, Side::South);
                if captured == 0 {
                    let at = 2 + 4 * inside;
                    record[at..at + 4].copy_from_slice(&(rank::rank(&next) as u32).to_le_bytes());
                    inside += 1;
                } else {
                    let m = seeds - usize::from(captured);
                    let v = Seeds::unpack(self.smaller[m][rank::rank(&next) as usize]);
                    exit_lo = exit_lo.max(n - v.hi);
                    exit_hi = exit_hi.max(n - v.lo);
                }
            }
        }
        record[0] = inside as u8;
        record[1] = exit_hi;
        (if inside == 0 { 1 } else { 2 + 4 * inside }, exit_lo)
    }
}

/// The forward pass over one block: `bounds` are the block's.
fn forward_block(
    family: OwareFamily,
    seeds: usize,
    smaller: &[&[u8]],
    block: &Block,
    bounds: &mut [u8],
    done: &AtomicU64,
) -> Result<(), TableError> {
    let n = seeds as u8;
    let file = fs::File::create(&block.path).map_err(|e| block.error(e))?;
    let mut out = io::BufWriter::with_capacity(CHUNK, file);
    let mut mover = Mover::new(family, seeds, smaller);
    let mut record = [0u8; RECORD_MAX];
    let boards = Boards::from_rank(seeds, block.ranks.start as u64);
    for (i, board) in boards.take(block.ranks.len()).enumerate() {
        if i % (1 << 16) == 0 {
            done.fetch_add(if i == 0 { 0 } else { 1 << 16 }, Ordering::Relaxed);
        }
        let (len, exit_lo) = mover.record(&board, &mut record);
        // A board with a move inside the table starts unknown: [0, n] joined with its exits.
        bounds[2 * i] = exit_lo;
        bounds[2 * i + 1] = if record[0] == 0 { record[1] } else { n };
        out.write_all(&record[..len]).map_err(|e| block.error(e))?;
    }
    out.flush().map_err(|e| block.error(e))
}

/// Every board's bounds, `lo` and `hi`, two bytes a board, in memory the system is asked to
/// back with huge pages: the sweeps read it at random, and with small pages most of those
/// reads would miss the processor's address cache as well as its data cache.
struct Bounds {
    map: MmapMut,
}

impl Bounds {
    /// Zeroed bounds for `count` boards.
    fn new(count: usize) -> io::Result<Bounds> {
        let map = MmapMut::map_anon(2 * count.max(1))?;
        // Only advice: without huge pages the build is slower, never wrong.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(Bounds { map })
    }

    #[inline]
    fn get(&self, i: usize) -> [u8; 2] {
        [self.map[2 * i], self.map[2 * i + 1]]
    }

    #[inline]
    fn set(&mut self, i: usize, [lo, hi]: [u8; 2]) {
        self.map[2 * i] = lo;
        self.map[2 * i + 1] = hi;
    }
}

/// The bounds being narrowed, their distances, and which boards to read again.
struct Sweeper {
    n: u8,
    seeds: usize,
    bounds: Bounds,
    lo_rank: Vec<u8>,
    hi_rank: Vec<u8>,
    /// Boards to read in this sweep (those after the one being read) or the next.
    dirty: Vec<u64>,
    /// How many bits of `dirty` are set.
    dirty_count: usize,
    unsown: Vec<[u8; HOUSES]>,
}

impl Sweeper {
    /// Takes board `i` out of the boards to read; whether it was among them.
    fn take(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let was = self.dirty[word] & bit != 0;
        self.dirty[word] &= !bit;
        self.dirty_count -= usize::from(was);
        was
    }

    /// The first board at or after `i` to read, if any.
    fn next_dirty(&self, i: usize) -> Option<usize> {
        let mut word = i / 64;
        let mut bits = *self.dirty.get(word)? & (u64::MAX << (i % 64));
        while bits == 0 {
            word += 1;
            bits = *self.dirty.get(word)?;
        }
        Some(word * 64 + bits.trailing_zeros() as usize)
    }

    /// Reads board `i` again from its record, in sweep `sweep`: whether its bounds changed.
    /// A change marks the boards it can be reached from (its un-sown boards) to be read again.
    fn update(&mut self, i: usize, record: &[u8], sweep: u32) -> Result<bool, TableError> {
        let n = self.n;
        let inside = usize::from(record[0]);
        let [lo, hi] = self.bounds.get(i);
        // An exact bound never moves again (lo only rises, hi only falls).
        if inside == 0 || lo == hi {
            return Ok(false);
        }
        let (mut new_lo, mut new_hi) = (lo, record[1]);
        for s in record[2..2 + 4 * inside].chunks_exact(4) {
            let s = u32::from_le_bytes([s[0], s[1], s[2], s[3]]) as usize;
            let [s_lo, s_hi] = self.bounds.get(s);
            new_lo = new_lo.max(n - s_hi);
            new_hi = new_hi.max(n - s_lo);
        }
        if new_lo == lo && new_hi == hi {
            return Ok(false);
        }
        let seeds = self.seeds;
        let stamp = u8::try_from(sweep).map_err(|_| TableError::TooManySweeps { seeds })?;
        if new_lo != lo {
            self.lo_rank[i] = stamp;
        }
        if new_hi != hi {
            self.hi_rank[i] = stamp;
        }
        self.bounds.set(i, [new_lo, new_hi]);
        super::unsow_into(&rank::unrank(i as u64, seeds), &mut self.unsown);
        for p in &self.unsown {
            let p = rank::rank(p) as usize;
            let (word, bit) = (p / 64, 1u64 << (p % 64));
            self.dirty_count += usize::from(self.dirty[word] & bit == 0);
            self.dirty[word] |= bit;
        }
        Ok(true)
    }
}

/// Below this share of the boards to read again, a sweep plays their moves through the rules
/// crate again instead of reading every record: 1 in `SPARSE`.
const SPARSE: usize = 20;

/// Sweeps in place, in rank order, until nothing changes; then the packed result.
///
/// A board is read again only when one of its successors changed since it was last read (the
/// un-sown boards of every board that changes are marked): the others would come out the same.
/// So the result is exactly that of sweeping every board every time. While many boards are
/// to be read, a sweep reads the records of every block in turn; once few are, it plays just
/// those boards' moves again, so the late sweeps, in which a few boards in a hundred still
/// change, cost little.
fn sweeps(
    (family, seeds, smaller): (OwareFamily, usize, &[&[u8]]),
    bounds: Bounds,
    blocks: &[Block],
    progress: &mut dyn FnMut(Step),
) -> Result<Vec<u8>, TableError> {
    let count = bounds.map.len() / 2;
    // A bound that moves is stamped with the sweep it moved in; (sweep, rank) orders every
    // change in time, and each is computed from changes made before it, so the stamp is a
    // distance: what `lo` promises is forced without coming back to a position (see
    // `OwareTables::best_move`).
    let mut sw = Sweeper {
        n: seeds as u8,
        seeds,
        bounds,
        lo_rank: vec![0u8; count],
        hi_rank: vec![0u8; count],
        dirty: vec![0; count.div_ceil(64)],
        dirty_count: 0,
        unsown: Vec::with_capacity(64),
    };
    // At first every board is to be read.
    for i in 0..count {
        sw.dirty[i / 64] |= 1 << (i % 64);
    }
    sw.dirty_count = count;
    let mut mover = Mover::new(family, seeds, smaller);
    let mut record = [0u8; RECORD_MAX];
    let mut sweep: u32 = 0;
    loop {
        sweep += 1;
        let mut changed = 0u64;
        if sw.dirty_count * SPARSE >= count {
            for block in blocks {
                let file = fs::File::open(&block.path).map_err(|e| block.error(e))?;
                let mut records = Records::new(&file);
                for i in block.ranks.clone() {
                    let rec = records.next().map_err(|e| block.error(e))?;
                    if sw.take(i) && sw.update(i, rec, sweep)? {
                        changed += 1;
                    }
                }
            }
        } else {
            let mut at = 0;
            while let Some(i) = sw.next_dirty(at) {
                sw.take(i);
                let [lo, hi] = sw.bounds.get(i);
                if lo != hi {
                    mover.record(&rank::unrank(i as u64, seeds), &mut record);
                    if sw.update(i, &record, sweep)? {
                        changed += 1;
                    }
                }
                at = i + 1;
            }
        }
        progress(Step::Sweep { sweep, changed });
        if changed == 0 {
            break;
        }
    }
    let Sweeper {
        bounds,
        lo_rank,
        hi_rank,
        ..
    } = sw;
    let mut out = Vec::with_capacity(3 * count);
    for (i, b) in bounds.map.chunks_exact(2).enumerate() {
        let (lo, hi) = (b[0], b[1]);
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

/// The successor records of a block, read back front to back in large chunks.
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
            Some(0) => 1,
            Some(&k) if usize::from(k) <= SLOTS => 2 + 4 * usize::from(k),
            _ => RECORD_MAX + 1,
        };
        if available.len() < len {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the build's scratch file ended early or was changed",
            ));
        }
        self.start += len;
        Ok(&available[..len])
    }
}
