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

/// `len` zeroed bytes (at least one) in memory the system is asked to back with huge pages:
/// the sweeps read and write the bounds and the marks at random, and with small pages most of
/// those accesses would miss the processor's address cache as well as its data cache.
fn huge_zeroed(len: usize) -> io::Result<MmapMut> {
    let map = MmapMut::map_anon(len.max(1))?;
    // Only advice: without huge pages the build is slower, never wrong.
    #[cfg(target_os = "linux")]
    let _ = map.advise(memmap2::Advice::HugePage);
    Ok(map)
}

/// Every board's bounds, `lo` and `hi`, two bytes a board, in huge pages ([`huge_zeroed`]).
struct Bounds {
    map: MmapMut,
}

impl Bounds {
    /// Zeroed bounds for `count` boards.
    fn new(count: usize) -> io::Result<Bounds> {
        Ok(Bounds {
            map: huge_zeroed(2 * count)?,
        })
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
    marks: Marks,
    unsown: Vec<[u8; HOUSES]>,
}

/// The boards to read again: a bit a board, in huge pages, and the marks not yet set.
///
/// Setting a mark is a write at random into a bitmap larger than the processor's caches, so
/// marks wait in a short list, each prefetched as it joins, and are set together when the
/// list is full, at the end of a sweep, or before the sweep comes to a board a pending mark
/// is for: the bits the sweep looks at read exactly as if every mark were set at once.
struct Marks {
    bits: MmapMut,
    /// How many bits are set.
    count: usize,
    pending: Vec<usize>,
    /// The board the sweep is at.
    at: usize,
    /// The lowest pending board after `at` (`usize::MAX` if none): the marks for boards up to
    /// `at` only count in the next sweep, so they may wait.
    first_pending: usize,
}

/// Marks that wait to be set at most.
const PENDING: usize = 64;

impl Marks {
    /// Every one of `count` boards marked.
    fn all(count: usize) -> io::Result<Marks> {
        let mut bits = huge_zeroed(count.div_ceil(8))?;
        bits.fill(0xff);
        if !count.is_multiple_of(8) {
            bits[count / 8] = (1 << (count % 8)) - 1;
        }
        Ok(Marks {
            bits,
            count,
            pending: Vec::with_capacity(PENDING),
            at: 0,
            first_pending: usize::MAX,
        })
    }

    /// Whether board `i` is marked (a pending mark for it counts once it is set: see
    /// [`Self::settle`]).
    #[inline]
    fn is_set(&self, i: usize) -> bool {
        self.bits[i / 8] & (1 << (i % 8)) != 0
    }

    /// Marks board `i` to be read (soon: pending).
    #[inline]
    fn mark(&mut self, i: usize) {
        crate::prefetch::prefetch(&self.bits, i / 8);
        if i > self.at {
            self.first_pending = self.first_pending.min(i);
        }
        self.pending.push(i);
        if self.pending.len() == PENDING {
            self.flush();
        }
    }

    /// Sets every pending mark.
    fn flush(&mut self) {
        for &i in &self.pending {
            let (byte, bit) = (i / 8, 1u8 << (i % 8));
            self.count += usize::from(self.bits[byte] & bit == 0);
            self.bits[byte] |= bit;
        }
        self.pending.clear();
        self.first_pending = usize::MAX;
    }

    /// Sets the pending marks if one of them is for board `i` or an earlier one, so that what
    /// is read from `i` on is as if every mark were set.
    #[inline]
    fn settle(&mut self, i: usize) {
        if self.first_pending <= i {
            self.flush();
        }
    }

    /// Sets every pending mark and goes back to the first board, for the next sweep.
    fn end_sweep(&mut self) {
        self.flush();
        self.at = 0;
    }

    /// Takes board `i` out of the boards to read (the sweep is at it now); whether it was
    /// among them.
    #[inline]
    fn take(&mut self, i: usize) -> bool {
        self.settle(i);
        self.at = i;
        let (byte, bit) = (i / 8, 1u8 << (i % 8));
        let was = self.bits[byte] & bit != 0;
        self.bits[byte] &= !bit;
        self.count -= usize::from(was);
        was
    }

    /// The first board at or after `i` to read, if any.
    fn next(&mut self, i: usize) -> Option<usize> {
        match self.next_set(i) {
            Some(found) if found < self.first_pending => Some(found),
            // A pending mark comes first (or is the only one left).
            _ if self.first_pending != usize::MAX => {
                self.flush();
                self.next_set(i)
            }
            found => found,
        }
    }

    /// The first set bit at or after `i`, pending marks aside.
    fn next_set(&self, i: usize) -> Option<usize> {
        let mut byte = i / 8;
        let mut bits = *self.bits.get(byte)? & (u8::MAX << (i % 8));
        // Whole zero words at a time once aligned.
        while bits == 0 {
            byte += 1;
            while byte.is_multiple_of(8) && byte + 8 <= self.bits.len() {
                let word = &self.bits[byte..byte + 8];
                if word.iter().any(|&b| b != 0) {
                    break;
                }
                byte += 8;
            }
            bits = *self.bits.get(byte)?;
        }
        Some(byte * 8 + bits.trailing_zeros() as usize)
    }
}

/// The ranks of the successors a record lists (none for a board without moves inside the
/// table).
#[inline]
fn successors(record: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let inside = usize::from(record[0]);
    record[2.min(record.len())..]
        .chunks_exact(4)
        .take(inside)
        .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]) as usize)
}

impl Sweeper {
    /// Starts loading the bounds that board `i` will read from its record `record`, if it
    /// is to be read at all.
    #[inline]
    fn prefetch(&self, i: usize, record: &[u8]) {
        let [lo, hi] = self.bounds.get(i);
        if lo == hi || !self.marks.is_set(i) {
            return;
        }
        for s in successors(record) {
            crate::prefetch::prefetch(&self.bounds.map, 2 * s);
        }
    }

    /// Reads board `i` again from its record, in sweep `sweep`: whether its bounds changed.
    /// A change marks the boards it can be reached from (its un-sown boards) to be read again.
    fn update(
        &mut self,
        i: usize,
        board: &[u8; HOUSES],
        record: &[u8],
        sweep: u32,
    ) -> Result<bool, TableError> {
        let n = self.n;
        let inside = usize::from(record[0]);
        let [lo, hi] = self.bounds.get(i);
        // An exact bound never moves again (lo only rises, hi only falls).
        if inside == 0 || lo == hi {
            return Ok(false);
        }
        let (mut new_lo, mut new_hi) = (lo, record[1]);
        for s in successors(record) {
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
        super::unsow_into(board, &mut self.unsown);
        for p in &self.unsown {
            self.marks.mark(rank::rank(p) as usize);
        }
        Ok(true)
    }
}

/// How many records ahead of the one being read a sweep prefetches the successors' bounds.
const LOOK_AHEAD: usize = 16;

/// Below this share of the boards to read again, a sweep plays their moves through the rules
/// crate again instead of reading every record: 1 in `SPARSE`. Playing a board's moves again
/// costs some 60 times what passing over its record in the stream does (about 0.8 µs against
/// 15 ns): on the 21-seed table, its sweeps 16 to 20 took 20.7 s at 1 in 20 and 11.6 s at 1 in
/// 64, and gave the same table.
const SPARSE: usize = 64;

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
        // At first every board is to be read.
        marks: Marks::all(count).map_err(|e| blocks[0].error(e))?,
        unsown: Vec::with_capacity(64),
    };
    let mut mover = Mover::new(family, seeds, smaller);
    let mut record = [0u8; RECORD_MAX];
    let mut sweep: u32 = 0;
    loop {
        sweep += 1;
        let mut changed = 0u64;
        if sw.marks.count * SPARSE >= count {
            for block in blocks {
                let file = fs::File::open(&block.path).map_err(|e| block.error(e))?;
                let mut records = Records::new(&file);
                // The boards in step with the records, cheaper than unranking those that change.
                let boards = Boards::from_rank(seeds, block.ranks.start as u64);
                for (i, board) in block.ranks.clone().zip(boards) {
                    // Board i is the next to read, so board i + lead is the next to look
                    // ahead at.
                    while records.lead() < LOOK_AHEAD {
                        let j = i + records.lead();
                        let Some(rec) = records.look_ahead() else {
                            break;
                        };
                        sw.prefetch(j, rec);
                    }
                    let rec = records.next().map_err(|e| block.error(e))?;
                    if sw.marks.take(i) && sw.update(i, &board, rec, sweep)? {
                        changed += 1;
                    }
                }
            }
        } else {
            let mut at = 0;
            while let Some(i) = sw.marks.next(at) {
                sw.marks.take(i);
                let [lo, hi] = sw.bounds.get(i);
                if lo != hi {
                    let board = rank::unrank(i as u64, seeds);
                    mover.record(&board, &mut record);
                    if sw.update(i, &board, &record, sweep)? {
                        changed += 1;
                    }
                }
                at = i + 1;
            }
        }
        sw.marks.end_sweep();
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

/// The successor records of a block, read back front to back in large chunks, with a cursor
/// that runs ahead of the one read through what is already in memory (to prefetch the bounds
/// the records after the current one will need).
struct Records<'f> {
    file: &'f fs::File,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    /// Where the first record not yet looked ahead at starts (at least `start`).
    ahead: usize,
    /// How many records lie between `start` and `ahead`.
    lead: usize,
}

/// The length of the record that `bytes` start with, if it is all there.
fn record_len(bytes: &[u8]) -> Option<usize> {
    let len = match *bytes.first()? {
        0 => 1,
        k if usize::from(k) <= SLOTS => 2 + 4 * usize::from(k),
        _ => return None,
    };
    (len <= bytes.len()).then_some(len)
}

impl<'f> Records<'f> {
    fn new(file: &'f fs::File) -> Self {
        Records {
            file,
            buf: vec![0; CHUNK],
            start: 0,
            end: 0,
            ahead: 0,
            lead: 0,
        }
    }

    /// How many records the look-ahead cursor is ahead of the next one [`Self::next`] reads.
    fn lead(&self) -> usize {
        self.lead
    }

    /// The record after the last one looked ahead at, if it is whole in memory already (it
    /// is still to be read by [`Self::next`]).
    fn look_ahead(&mut self) -> Option<&[u8]> {
        let at = self.ahead;
        let len = record_len(&self.buf[at..self.end])?;
        self.ahead += len;
        self.lead += 1;
        Some(&self.buf[at..at + len])
    }

    /// The next record, whole.
    fn next(&mut self) -> io::Result<&[u8]> {
        if self.end - self.start < RECORD_MAX {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.ahead -= self.start;
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
        let len = record_len(available).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the build's scratch file ended early or was changed",
            )
        })?;
        self.start += len;
        if self.lead == 0 {
            self.ahead = self.start;
        } else {
            self.lead -= 1;
        }
        Ok(&available[..len])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small generator of its own for the tests' choices (Knuth's MMIX constants).
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) as usize) % n
        }
    }

    /// Marks made while a sweep is at board `at`: `marks` against a plain list of flags that
    /// sets every mark at once. At most `most` marks; returns how many were made.
    fn mark_some(
        rng: &mut Lcg,
        (marks, flags): (&mut Marks, &mut [bool]),
        at: usize,
        most: usize,
    ) -> usize {
        let made = rng.below(most + 1);
        for _ in 0..made {
            // Boards just ahead as often as any: those are the ones a pending mark could miss.
            let p = if rng.below(2) == 0 {
                (at + rng.below(8)) % flags.len()
            } else {
                rng.below(flags.len())
            };
            marks.mark(p);
            flags[p] = true;
        }
        made
    }

    #[test]
    fn pending_marks_read_as_if_every_mark_were_set_at_once() {
        for (count, seed) in [(1usize, 1u64), (7, 2), (64, 3), (333, 4), (5000, 5)] {
            let mut rng = Lcg(seed);
            let mut marks = Marks::all(count).unwrap();
            let mut flags = vec![true; count];
            assert_eq!(marks.count, count);
            let mut made = 0;
            for sweep in 0..12 {
                if sweep % 4 == 0 {
                    // A full sweep: every board in turn.
                    for i in 0..count {
                        assert_eq!(marks.take(i), flags[i], "board {i} of {count}");
                        flags[i] = false;
                        made += mark_some(&mut rng, (&mut marks, &mut flags), i, 3);
                    }
                } else {
                    // A sparse sweep: from one marked board to the next.
                    let mut at = 0;
                    loop {
                        let want = (at..count).find(|&j| flags[j]);
                        let got = marks.next(at);
                        assert_eq!(got, want, "the next board from {at} of {count}");
                        let Some(i) = got else { break };
                        assert!(marks.take(i));
                        flags[i] = false;
                        // Fewer marks than boards read, so that the sweep runs dry.
                        let most = usize::from(rng.below(3) == 0);
                        made += mark_some(&mut rng, (&mut marks, &mut flags), i, most);
                        at = i + 1;
                    }
                }
                marks.end_sweep();
                assert_eq!(marks.count, flags.iter().filter(|&&f| f).count());
                for (i, &f) in flags.iter().enumerate() {
                    assert_eq!(marks.is_set(i), f, "board {i} of {count}");
                }
            }
            // Enough marks that the list filled up many times over.
            assert!(count < 100 || made > 10 * PENDING, "{made} marks");
        }
    }

    #[test]
    fn looking_ahead_sees_the_records_that_are_read_next() {
        let path = std::env::temp_dir().join(format!("kraal-records-{}", std::process::id()));
        // Records of every length, more than one chunk of them.
        let mut bytes = Vec::new();
        let mut lens = Vec::new();
        let mut rng = Lcg(9);
        while bytes.len() < 2 * CHUNK + 100 {
            let inside = rng.below(SLOTS + 1);
            let len = if inside == 0 { 1 } else { 2 + 4 * inside };
            let start = bytes.len();
            bytes.push(inside as u8);
            bytes.extend((1..len).map(|k| (start + k) as u8));
            lens.push(len);
        }
        fs::write(&path, &bytes).unwrap();
        let file = fs::File::open(&path).unwrap();
        let mut records = Records::new(&file);
        let mut starts = vec![0usize];
        for len in &lens {
            starts.push(starts.last().unwrap() + len);
        }
        let mut looked = 0;
        for (i, &len) in lens.iter().enumerate() {
            while records.lead() < LOOK_AHEAD {
                let j = i + records.lead();
                let Some(rec) = records.look_ahead() else {
                    break;
                };
                assert_eq!(rec, &bytes[starts[j]..starts[j] + lens[j]], "record {j}");
                looked += 1;
            }
            let rec = records.next().unwrap();
            assert_eq!(rec, &bytes[starts[i]..starts[i] + len], "record {i}");
        }
        assert!(records.next().is_err(), "a read past the end is an error");
        drop(file);
        fs::remove_file(&path).unwrap();
        // Looking ahead only stops where a chunk ends.
        assert!(
            looked + 2 * LOOK_AHEAD * 3 > lens.len(),
            "{looked} of {}",
            lens.len()
        );
    }
}
