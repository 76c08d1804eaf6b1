//! The transposition table: buckets of four entries sharing a cache line, indexed by the
//! position hash, shared by every thread of a search without locks and without `unsafe`.
//!
//! Each entry is two `AtomicU64` words ("lockless hashing", after Hyatt and Mann):
//!
//! - `data`: the best move (40 bits, [`Game::move_bits`] + 1, 0 for none) and the score
//!   (24 bits, signed);
//! - `check`: the depth, bound and generation in its low 16 bits, and in its high 48 bits a
//!   spread of the position's key XOR a mix of everything else stored.
//!
//! A reader recomputes the check from the key it probes and the words it read; an entry torn by
//! two threads writing at once (one word from each) fails the check and reads as empty, except
//! with a chance of about 2^-48. A hash move is checked against the legal moves before use, so
//! even that chance cannot make an illegal move.

use crate::game::Game;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    Lower,
    Upper,
}

/// What the search stores for a position and reads back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry<M> {
    pub key: u64,
    /// Plies searched below the position (stored clamped to 0..=127).
    pub depth: i32,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<M>,
}

/// Entries per bucket: four of 16 bytes fill a 64-byte cache line.
const WAYS: usize = 4;
/// The low bits of `check` that hold depth, bound and generation.
const META_BITS: u32 = 16;
const META_MASK: u64 = (1 << META_BITS) - 1;
/// Bits of `data` that hold the move (the score takes the rest).
const MOVE_BITS: u32 = 40;
const MOVE_MASK: u64 = (1 << MOVE_BITS) - 1;
/// Generations run 1..=GENERATIONS; 0 marks a slot never written since the last sweep.
const GENERATIONS: u8 = 127;
const MAX_STORED_DEPTH: i32 = 127;

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; WAYS]);

/// The shared table. All methods take `&self`; relaxed atomics suffice because a torn or stale
/// entry is only ever a worse hint, never a wrong move (see the module's notes).
pub(crate) struct Table<G: Game> {
    buckets: Vec<Bucket>,
    mask: usize,
    /// The generation of the current search.
    generation: AtomicU8,
    /// The oldest generation still read: that of the search after the last clear. Entries of
    /// older generations, or of none (0), read as empty.
    oldest: AtomicU8,
    game: PhantomData<fn() -> G>,
}

/// Spreads the bits of the stored words over the check (a multiply by an odd constant is a
/// bijection, and carries every difference upwards into the 48 checked bits).
fn mix(data: u64, meta: u64) -> u64 {
    (data ^ meta.rotate_right(META_BITS)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The key with every bit carried into the 48 checked bits, so that two keys differing only in
/// their low 16 bits (which a small table does not all use for the index) still differ there.
fn spread(key: u64) -> u64 {
    key.wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

fn bound_bits(bound: Bound) -> u64 {
    match bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    }
}

impl<G: Game> Table<G> {
    /// A table of about `megabytes` MiB: the largest power of two of 64-byte buckets that fits
    /// (at least 256 buckets).
    pub fn new(megabytes: usize) -> Table<G> {
        let bytes = megabytes.clamp(1, 1 << 20) << 20;
        let wanted = bytes / std::mem::size_of::<Bucket>();
        let count = (wanted.next_power_of_two() >> usize::from(!wanted.is_power_of_two())).max(256);
        Table {
            buckets: (0..count).map(|_| Bucket::default()).collect(),
            mask: count - 1,
            generation: AtomicU8::new(1),
            oldest: AtomicU8::new(1),
            game: PhantomData,
        }
    }

    /// How many entries the table holds.
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Empties the table for a new search: entries of earlier generations read as empty. A
    /// real sweep happens once every 127 new generations, when the number wraps. Call it only
    /// while no other thread uses the table.
    pub fn clear(&self) {
        let generation = self.next_generation();
        self.oldest.store(generation, Ordering::Relaxed);
    }

    /// Starts a new search that keeps what the earlier ones stored (since the last
    /// [`Table::clear`]): their entries still read, but are the first replaced. When the
    /// generation number wraps (once every 127 searches) the table is emptied instead. Call it
    /// only while no other thread uses the table.
    pub fn age(&self) {
        self.next_generation();
    }

    /// Moves to the next generation, sweeping every slot (and reading nothing older) when the
    /// number wraps; returns it.
    fn next_generation(&self) -> u8 {
        let generation = self.generation.load(Ordering::Relaxed);
        if generation >= GENERATIONS {
            for bucket in &self.buckets {
                for slot in &bucket.0 {
                    slot.check.store(0, Ordering::Relaxed);
                    slot.data.store(0, Ordering::Relaxed);
                }
            }
            self.generation.store(1, Ordering::Relaxed);
            self.oldest.store(1, Ordering::Relaxed);
            1
        } else {
            self.generation.store(generation + 1, Ordering::Relaxed);
            generation + 1
        }
    }

    /// The generations read: the oldest and the current.
    fn live(&self) -> (u8, u8) {
        (
            self.oldest.load(Ordering::Relaxed),
            self.generation.load(Ordering::Relaxed),
        )
    }

    /// Asks the processor to start loading the bucket of `key`, for a probe soon after.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        kraal_tables::prefetch::prefetch(&self.buckets, key as usize & self.mask);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[key as usize & self.mask]
    }

    /// Reads a slot: its meta bits and data if it holds `key` in a generation still read
    /// (`live`: the oldest and the current).
    fn read(slot: &Slot, key: u64, (oldest, current): (u8, u8)) -> Option<(u64, u64)> {
        let check = slot.check.load(Ordering::Relaxed);
        let data = slot.data.load(Ordering::Relaxed);
        let meta = check & META_MASK;
        let live = (oldest..=current).contains(&((meta >> 9) as u8));
        let matches = (check ^ spread(key) ^ mix(data, meta)) & !META_MASK == 0;
        (live && matches).then_some((meta, data))
    }

    /// The entry stored for `key` in a generation still read, if any.
    pub fn probe(&self, key: u64) -> Option<Entry<G::Move>> {
        let live = self.live();
        self.bucket(key).0.iter().find_map(|slot| {
            let (meta, data) = Self::read(slot, key, live)?;
            let bound = match (meta >> 7) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            };
            let bits = data & MOVE_MASK;
            Some(Entry {
                key,
                depth: (meta & 0x7F) as i32,
                score: (data as i64 >> MOVE_BITS) as i32,
                bound,
                best: bits.checked_sub(1).and_then(G::move_from_bits),
            })
        })
    }

    /// Stores `entry`: over the entry of the same position if the bucket has one, else in a
    /// slot empty (or no longer read), else in one left from an earlier search, else over the
    /// shallowest entry (the first of equals). The new entry is always kept.
    pub fn store(&self, entry: Entry<G::Move>) {
        let live @ (oldest, generation) = self.live();
        let bucket = self.bucket(entry.key);
        let mut victim = 0;
        let mut victim_depth = i32::MAX;
        for (i, slot) in bucket.0.iter().enumerate() {
            let check = slot.check.load(Ordering::Relaxed);
            let meta = check & META_MASK;
            if Self::read(slot, entry.key, live).is_some() {
                victim = i;
                break;
            }
            let slot_generation = (meta >> 9) as u8;
            if slot_generation != generation {
                // Empty or unread (-2), or kept from an earlier search (-1).
                let rank = if (oldest..generation).contains(&slot_generation) {
                    -1
                } else {
                    -2
                };
                if rank < victim_depth {
                    victim = i;
                    victim_depth = rank;
                }
                continue;
            }
            let depth = (meta & 0x7F) as i32;
            if depth < victim_depth {
                victim = i;
                victim_depth = depth;
            }
        }
        let mv = entry
            .best
            .map_or(0, |m| (G::move_bits(m) & (MOVE_MASK >> 1)) + 1);
        let data = mv | ((i64::from(entry.score) as u64) << MOVE_BITS);
        let meta = entry.depth.clamp(0, MAX_STORED_DEPTH) as u64
            | bound_bits(entry.bound) << 7
            | u64::from(generation) << 9;
        let check = ((spread(entry.key) ^ mix(data, meta)) & !META_MASK) | meta;
        let slot = &bucket.0[victim];
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(check, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mancala, Morris};
    use kraal_rules_morris::{Move, Point};

    fn entry(key: u64, depth: i32) -> Entry<Move> {
        Entry {
            key,
            depth,
            score: -7,
            bound: Bound::Lower,
            best: Some(Move::place(Point::from_index(3).expect("a point"))),
        }
    }

    #[test]
    fn a_bucket_fills_one_cache_line() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
        assert_eq!(Table::<Morris>::new(16).capacity(), (16 << 20) / 16);
        assert_eq!(Table::<Mancala>::new(3).capacity(), (2 << 20) / 16);
    }

    #[test]
    fn an_entry_reads_back_as_stored() {
        let table = Table::<Morris>::new(1);
        let shot = Move::step(
            Point::from_index(0).expect("a point"),
            Point::from_index(24).expect("a point"),
        )
        .with_shots([Point::from_index(5).expect("a point")]);
        for (key, depth, score, bound, best) in [
            (1u64, 5, -1_000_000, Bound::Upper, Some(shot)),
            (u64::MAX, 127, 999_990, Bound::Exact, None),
            (
                0x1234_5678_9ABC_DEF0,
                0,
                0,
                Bound::Lower,
                Some(Move::pass()),
            ),
        ] {
            let e = Entry {
                key,
                depth,
                score,
                bound,
                best,
            };
            table.store(e);
            assert_eq!(table.probe(key), Some(e));
            assert_eq!(
                table.probe(key ^ (1 << 40)),
                None,
                "another key, same bucket"
            );
        }
    }

    #[test]
    fn a_cleared_table_is_empty_through_every_generation_wrap() {
        let table = Table::<Morris>::new(1);
        for round in 0..300u64 {
            assert!(table.probe(round).is_none(), "round {round}");
            assert!(
                table.probe(round.wrapping_sub(1)).is_none(),
                "round {round}"
            );
            table.store(entry(round, 5));
            assert_eq!(table.probe(round).map(|e| e.depth), Some(5));
            table.clear();
        }
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_entry() {
        let table = Table::<Morris>::new(1);
        let stride = table.mask as u64 + 1;
        // Five positions in one bucket of four, at depths 9, 3, 7, 4, then 6.
        let keys: Vec<u64> = (1..=5).map(|k| 5 + k * stride).collect();
        for (&key, depth) in keys.iter().zip([9, 3, 7, 4, 6]) {
            table.store(entry(key, depth));
        }
        let depths: Vec<Option<i32>> = keys
            .iter()
            .map(|&k| table.probe(k).map(|e| e.depth))
            .collect();
        assert_eq!(depths, [Some(9), None, Some(7), Some(4), Some(6)]);
        // The same position is overwritten in place, even by a shallower entry.
        table.store(entry(keys[0], 2));
        assert_eq!(table.probe(keys[0]).map(|e| e.depth), Some(2));
        assert_eq!(table.probe(keys[2]).map(|e| e.depth), Some(7));
        // After a clear every slot is free again.
        table.clear();
        table.store(entry(keys[1], 1));
        assert_eq!(table.probe(keys[1]).map(|e| e.depth), Some(1));
        assert!(table.probe(keys[0]).is_none());
    }

    #[test]
    fn an_aged_table_reads_earlier_searches_and_replaces_them_first() {
        let table = Table::<Morris>::new(1);
        let stride = table.mask as u64 + 1;
        let keys: Vec<u64> = (1..=5).map(|k| 9 + k * stride).collect();
        // One search fills a bucket at depths 9, 8, 7 and 6.
        for (&key, depth) in keys.iter().zip([9, 8, 7, 6]) {
            table.store(entry(key, depth));
        }
        table.age();
        let depths = |table: &Table<Morris>| -> Vec<Option<i32>> {
            keys.iter()
                .map(|&k| table.probe(k).map(|e| e.depth))
                .collect()
        };
        assert_eq!(depths(&table), [Some(9), Some(8), Some(7), Some(6), None]);
        // The next search's entries, shallower than all, go over the earlier search's (the
        // first of them), not over the shallowest.
        table.store(entry(keys[4], 1));
        assert_eq!(depths(&table), [None, Some(8), Some(7), Some(6), Some(1)]);
        table.store(entry(keys[0], 2));
        assert_eq!(depths(&table), [Some(2), None, Some(7), Some(6), Some(1)]);
        // An entry of an earlier search is overwritten in place by the same position's.
        table.store(entry(keys[3], 3));
        assert_eq!(depths(&table), [Some(2), None, Some(7), Some(3), Some(1)]);
        // A clear forgets every search.
        table.clear();
        assert_eq!(depths(&table), [None; 5]);
    }

    #[test]
    fn an_aged_table_keeps_entries_through_the_generation_wrap_but_one() {
        let table = Table::<Morris>::new(1);
        let mut lost = Vec::new();
        for round in 0..300u64 {
            table.store(entry(round, 5));
            table.age();
            if table.probe(round).is_none() {
                lost.push(round);
            }
            // Every earlier round's entry stays readable until a wrap sweeps the table.
            let swept = lost.last().copied().unwrap_or(0);
            for earlier in swept + 1..round {
                assert!(table.probe(earlier).is_some(), "round {round}: {earlier}");
            }
        }
        // Generations 1 to 127: the 127th new generation wraps to 1 (rounds 126 and 253).
        assert_eq!(lost, [126, 253]);
    }

    #[test]
    fn a_torn_entry_reads_as_empty() {
        let table = Table::<Morris>::new(1);
        let stride = table.mask as u64 + 1;
        let (a, b) = (7, 7 + stride);
        table.store(entry(a, 4));
        // Another position's data word over the first one's check word, as a thread writing
        // the same slot at the same time could leave it.
        let other = Table::<Morris>::new(1);
        other.store(Entry {
            score: 55,
            ..entry(b, 4)
        });
        let slot = &table.bucket(a).0[0];
        let torn = other.bucket(b).0[0].data.load(Ordering::Relaxed);
        slot.data.store(torn, Ordering::Relaxed);
        assert!(table.probe(a).is_none());
        assert!(table.probe(b).is_none());
    }

    #[test]
    fn threads_writing_one_bucket_never_read_a_mixed_entry() {
        // Each thread stores entries whose score, depth and move are all derived from the key;
        // a reader must see either nothing or a consistent entry.
        let table = Table::<Morris>::new(1);
        let stride = table.mask as u64 + 1;
        let make = |k: u64| Entry {
            key: 3 + k * stride,
            depth: (k % 100) as i32,
            score: k as i32 * 3 - 500,
            bound: Bound::Exact,
            best: Some(Move::place(
                Point::from_index(k as usize % 24).expect("a point"),
            )),
        };
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let table = &table;
                s.spawn(move || {
                    for round in 0..20_000u64 {
                        let k = 1 + (round * 2 + t) % 40;
                        table.store(make(k));
                        let probe = 1 + (round * 7 + t) % 40;
                        if let Some(found) = table.probe(make(probe).key) {
                            assert_eq!(found, make(probe));
                        }
                    }
                });
            }
        });
    }
}
