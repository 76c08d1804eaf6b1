//! The transposition table: a fixed array of entries indexed by the position hash.

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub depth: i32,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<M>,
    /// Set by [`Table::store`]: the table's generation when stored (it fits in padding, so an
    /// entry is no bigger than before).
    pub generation: u8,
}

/// A direct-mapped table that keeps the deeper entry on a clash.
///
/// Clearing bumps a generation number instead of writing the whole table: a slot of an older
/// generation reads as empty, exactly as if it had been cleared (a real sweep happens once every
/// 255 clears, when the number wraps).
pub(crate) struct Table<M> {
    slots: Vec<Entry<M>>,
    mask: usize,
    generation: u8,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MiB (at least 1,024 entries). The entry count depends only on
    /// the size of an `Option<Entry>`, as it always has, so a size gives the same table.
    pub fn new(megabytes: usize) -> Table<M> {
        let per = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (megabytes.max(1) << 20) / per;
        let size = wanted.next_power_of_two().max(1024) / 2;
        Table {
            slots: vec![Self::EMPTY; size],
            mask: size - 1,
            generation: 1,
        }
    }

    /// An entry of generation 0, which is never current.
    const EMPTY: Entry<M> = Entry {
        key: 0,
        depth: 0,
        score: 0,
        bound: Bound::Exact,
        best: None,
        generation: 0,
    };

    pub fn clear(&mut self) {
        if self.generation == u8::MAX {
            self.slots.fill(Self::EMPTY);
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let slot = &self.slots[key as usize & self.mask];
        (slot.generation == self.generation && slot.key == key).then_some(*slot)
    }

    pub fn store(&mut self, entry: Entry<M>) {
        let generation = self.generation;
        let slot = &mut self.slots[entry.key as usize & self.mask];
        if slot.generation == generation && slot.key != entry.key && slot.depth > entry.depth {
            return;
        }
        *slot = Entry {
            generation,
            ..entry
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: i32) -> Entry<u8> {
        Entry {
            key,
            depth,
            score: 7,
            bound: Bound::Lower,
            best: Some(3),
            generation: 0,
        }
    }

    #[test]
    fn an_entry_with_its_generation_is_no_bigger_than_an_optional_one_was() {
        // The generation byte sits in padding: the same megabytes hold as many entries.
        assert!(
            std::mem::size_of::<Entry<kraal_rules_morris::Move>>()
                <= std::mem::size_of::<Option<Entry<kraal_rules_morris::Move>>>()
        );
        assert!(
            std::mem::size_of::<Entry<kraal_rules_mancala::Move>>()
                <= std::mem::size_of::<Option<Entry<kraal_rules_mancala::Move>>>()
        );
    }

    #[test]
    fn a_cleared_table_is_empty_through_every_generation_wrap() {
        let mut table = Table::<u8>::new(1);
        for round in 0..600u64 {
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
    fn a_clash_keeps_the_deeper_entry_within_a_generation_only() {
        let mut table = Table::<u8>::new(1);
        let other = 1 + table.mask as u64 + 1;
        table.store(entry(1, 9));
        table.store(entry(other, 3));
        assert!(table.probe(other).is_none());
        assert_eq!(table.probe(1).map(|e| e.depth), Some(9));
        table.store(entry(1, 2));
        assert_eq!(table.probe(1).map(|e| e.depth), Some(2));
        table.clear();
        table.store(entry(other, 3));
        assert_eq!(table.probe(other).map(|e| e.depth), Some(3));
        assert!(table.probe(1).is_none());
    }
}
