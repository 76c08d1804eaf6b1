//! How long a search may run, and the flag that stops it from another thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// Limits on one search; the first one reached ends it. With none set, the search runs to
/// [`Limits::MAX_DEPTH`] or until stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies (whole turns).
    pub depth: Option<u32>,
    /// Most nodes to visit.
    pub nodes: Option<u64>,
    /// Most time to take.
    pub time: Option<Duration>,
}

impl Limits {
    /// The deepest search ever run.
    pub const MAX_DEPTH: u32 = 64;

    /// Search to a fixed depth.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search up to a node budget.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Search for a time.
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }
}

/// A flag that any thread can raise to stop a running search, and the node count the search
/// publishes while it runs. Cheap to clone: clones share the flag.
#[derive(Clone, Debug, Default)]
pub struct StopFlag {
    stop: Arc<AtomicBool>,
    nodes: Arc<AtomicU64>,
}

impl StopFlag {
    /// A new, lowered flag.
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks the search to stop as soon as it can (it polls every 1,024 nodes).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Lowers the flag for the next search.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.nodes.store(0, Ordering::Relaxed);
    }

    /// Nodes searched so far, as last published by the search (at most 1,024 behind).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    pub(crate) fn publish(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
    }
}
