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
}

/// A direct-mapped table that keeps the deeper entry on a clash.
pub(crate) struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MiB (at least 1,024 entries).
    pub fn new(megabytes: usize) -> Table<M> {
        let per = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (megabytes.max(1) << 20) / per;
        let size = wanted.next_power_of_two().max(1024) / 2;
        Table {
            entries: vec![None; size],
            mask: size - 1,
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(None);
    }

    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    pub fn store(&mut self, entry: Entry<M>) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        match slot {
            Some(old) if old.key != entry.key && old.depth > entry.depth => {}
            _ => *slot = Some(entry),
        }
    }
}
