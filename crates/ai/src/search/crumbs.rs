//! Breadcrumbs for a multi-threaded search: which thread is searching which node near the
//! root right now.
//!
//! In lazy SMP every thread searches the same root, so two threads often search the same node
//! at the same time and do the same work twice. A thread entering a node near the root leaves
//! a crumb (the node's key and its thread number) in a small shared array; a thread that finds
//! another thread's crumb on its node reduces that node's late quiet moves by one ply more, so
//! it gets through sooner to nodes the other thread has not reached. The crumb is taken away
//! when its thread leaves the node. (The idea is Stockfish's; this is its own code.)

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots in the array: a key's slot is its low bits.
const SLOTS: usize = 1024;
/// The low byte of a crumb holds its thread's number plus one; the rest is the key's.
const THREAD_BITS: u64 = 0xFF;

/// The shared array of crumbs, one per slot, 0 where none lies.
pub(crate) struct Crumbs {
    slots: Box<[AtomicU64]>,
}

/// What a thread found when it entered a node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Visit {
    /// The slot of the crumb this thread left, to take away when it leaves the node.
    left: Option<usize>,
    /// Whether another thread is searching this node now.
    pub(crate) shared: bool,
}

impl Default for Crumbs {
    /// An array with no crumbs.
    fn default() -> Crumbs {
        Crumbs {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Crumbs {
    /// Thread `thread` enters the node of `key`: it leaves its crumb if the slot is free, and
    /// learns whether another thread's crumb lies there for the same key.
    pub(crate) fn enter(&self, key: u64, thread: usize) -> Visit {
        let slot = (key as usize) % SLOTS;
        let mine = (key & !THREAD_BITS) | (thread as u64 % THREAD_BITS + 1);
        let found = self.slots[slot].load(Ordering::Relaxed);
        if found == 0 {
            let left = self.slots[slot]
                .compare_exchange(0, mine, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
                .then_some(slot);
            return Visit {
                left,
                shared: false,
            };
        }
        Visit {
            left: None,
            shared: found & !THREAD_BITS == key & !THREAD_BITS && found != mine,
        }
    }

    /// The thread leaves the node it entered with `visit`: its crumb, if it left one, goes.
    pub(crate) fn leave(&self, visit: Visit) {
        if let Some(slot) = visit.left {
            self.slots[slot].store(0, Ordering::Relaxed);
        }
    }

    /// Whether no crumb is left anywhere (every thread has left every node).
    #[cfg(test)]
    fn is_clear(&self) -> bool {
        self.slots.iter().all(|s| s.load(Ordering::Relaxed) == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: u64 = 0x1234_5678_9ABC_DE00;

    #[test]
    fn a_second_thread_on_the_same_node_finds_the_first_ones_crumb() {
        let crumbs = Crumbs::default();
        let first = crumbs.enter(KEY, 0);
        assert!(!first.shared);
        let second = crumbs.enter(KEY, 1);
        assert!(second.shared, "thread 1 finds thread 0 on the node");
        assert_eq!(
            second.left, None,
            "the slot is taken: thread 1 leaves no crumb"
        );
        crumbs.leave(second);
        assert!(!crumbs.is_clear(), "thread 1's leaving takes nothing away");
        crumbs.leave(first);
        assert!(crumbs.is_clear());
        assert!(
            !crumbs.enter(KEY, 1).shared,
            "after thread 0 left, the node is free"
        );
    }

    #[test]
    fn a_thread_does_not_find_its_own_crumb_nor_another_nodes() {
        let crumbs = Crumbs::default();
        let first = crumbs.enter(KEY, 0);
        // A transposition searched again deeper in the same thread's line.
        assert!(!crumbs.enter(KEY, 0).shared);
        // Another node in the same slot (the same low bits, other high bits).
        let other = KEY ^ (1 << 40);
        let visit = crumbs.enter(other, 1);
        assert!(!visit.shared);
        assert_eq!(visit.left, None);
        crumbs.leave(first);
        assert!(crumbs.is_clear());
    }
}
