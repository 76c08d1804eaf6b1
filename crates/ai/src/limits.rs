//! How long a search may run, and the flag that stops it from another thread.

use crate::search::Score;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
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
    progress: Arc<Mutex<Option<Progress>>>,
    iterations: Arc<Mutex<VecDeque<Progress>>>,
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
        *self.progress.lock().unwrap_or_else(PoisonError::into_inner) = None;
        self.iterations
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }

    /// Nodes searched so far, as last published by the search (at most 1,024 behind).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    pub(crate) fn publish(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
    }

    /// Publishes `nodes` unless a higher count is published already: the threads of one search
    /// each publish the count of all of them, and their stores may arrive out of order.
    pub(crate) fn publish_at_least(&self, nodes: u64) {
        self.nodes.fetch_max(nodes, Ordering::Relaxed);
    }

    /// The last finished iteration of the search, for a front end showing the engine think
    /// (`None` before the first one, and for searches that do not iterate, such as MCTS).
    #[must_use]
    pub fn progress(&self) -> Option<Progress> {
        self.progress
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Every iteration finished since the last call, oldest first (at most the last
    /// [`StopFlag::KEPT`]), for a front end printing one line per depth: iterations that
    /// finish within one look at [`StopFlag::progress`] are not lost.
    #[must_use]
    pub fn take_iterations(&self) -> Vec<Progress> {
        self.iterations
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .drain(..)
            .collect()
    }

    /// How many finished iterations [`StopFlag::take_iterations`] keeps.
    pub const KEPT: usize = 128;

    /// Publishes a finished iteration (once per depth, so the locks cost nothing).
    pub(crate) fn publish_progress(&self, progress: Progress) {
        {
            let mut queue = self
                .iterations
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if queue.len() >= Self::KEPT {
                queue.pop_front();
            }
            queue.push_back(progress.clone());
        }
        *self.progress.lock().unwrap_or_else(PoisonError::into_inner) = Some(progress);
    }
}

/// What a search has found so far: its last finished iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The depth finished.
    pub depth: u32,
    /// The score of the best move, for the side to move.
    pub score: Score,
    /// The best line, in move notation.
    pub pv: Vec<String>,
    /// Nodes searched when the iteration finished (by every thread).
    pub nodes: u64,
    /// Time taken when the iteration finished.
    pub elapsed: Duration,
}
