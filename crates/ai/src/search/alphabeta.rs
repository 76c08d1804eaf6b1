//! Negamax alpha-beta with iterative deepening, a transposition table, move ordering (hash
//! move, killers, history), aspiration windows and multi-move reports.

use crate::game::Game;
use crate::limits::{Limits, Progress, StopFlag};
use crate::search::crumbs::{Crumbs, Visit};
use crate::search::score::{INFINITY, Score, WIN_BOUND, from_table, to_table, verdict_score};
use crate::search::tt::{Bound, Entry, Table};
use crate::tables::Oracle;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Switches and sizes of the alpha-beta search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Transposition-table size in MiB.
    pub table_megabytes: usize,
    /// Whether stored scores may cut the search short (off: the table only orders moves).
    pub table_cutoffs: bool,
    /// Whether to search each iteration in a narrow window around the last score first.
    pub aspiration: bool,
    /// How many best moves to score exactly at the root (1 for play, more for hints).
    pub top_moves: usize,
    /// Half-width of a deterministic per-position evaluation noise (0: none), for weak players.
    pub noise: i32,
    /// Seed of that noise.
    pub seed: u64,
    /// Whether late, quiet moves are searched one or two plies shallower first (late move
    /// reductions), and quiet moves far below alpha at the frontier skipped (futility
    /// pruning). Much deeper in the same time, but no longer exactly the negamax value, so
    /// both stay off while more than one top move is scored: top-N scores (hints, analysis,
    /// review, puzzle proofs) are exact at the depth reported.
    pub reductions: bool,
    /// Threads searching at once (lazy SMP): 1 is the plain, deterministic search. With more,
    /// helper threads search the same root and share the transposition table, and the main
    /// thread's result is reported; a node limit then counts the nodes of every thread (to
    /// within about 1,024 a thread), and the result varies from run to run.
    pub threads: usize,
    /// The style of the leaf evaluation (`None`: the plain evaluation, the fast path); see
    /// [`crate::weighting`].
    pub style: Option<crate::weighting::Weighting>,
    /// Whether a search starts from what the searcher's earlier searches stored in the
    /// transposition table (their entries are read, and replaced first), as an engine playing
    /// a game move after move wants; [`Searcher::clear_table`] forgets them at a new game. Off,
    /// every search starts from an empty table, so the same state and limits always give the
    /// same report.
    pub keep_table: bool,
    /// Whether the plain evaluation has the learned correction added
    /// ([`Game::evaluate_learned`]; mill games on the 24-point board with diagonals, and
    /// Mulabalaba on the 4x8 board): the strongest play, used by the engine, analysis and the
    /// Ancestor. Off, the hand-written evaluation alone, with which the weaker opponents'
    /// strength was measured.
    pub learned: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            table_megabytes: 16,
            table_cutoffs: true,
            aspiration: true,
            top_moves: 1,
            noise: 0,
            seed: 0,
            reductions: true,
            threads: 1,
            style: None,
            keep_table: false,
            learned: false,
        }
    }
}

/// What a search found, for playing, hints and analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport<M> {
    /// The best move (none if the game is over).
    pub best: Option<M>,
    /// Its score for the side to move.
    pub score: Score,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The expected line of play, best move first.
    pub pv: Vec<M>,
    /// The best moves with their scores, best first (as many as asked for in `top_moves`).
    pub top: Vec<(M, Score)>,
    /// Time taken.
    pub elapsed: Duration,
}

const ASPIRATION: i32 = 300;
const MAX_PLY: usize = 128;
/// Nodes this far from the horizon or more use the transposition table.
const MIN_TABLE_DEPTH: i32 = 2;
/// How far (in evaluation units) a quiet move at the frontier is assumed to move the score.
const FUTILITY_MARGIN: i32 = 600;
/// How many moves of a node are picked best-first one at a time before the rest are sorted.
const PICKED: usize = 3;
/// Nodes nearer the root than this many plies leave breadcrumbs in a multi-threaded search.
const CRUMB_PLIES: usize = 8;
/// The bound of a history value either way.
const HISTORY_MAX: i32 = 1 << 20;

/// A node's search window and the best score and move found so far.
struct Window<M> {
    alpha: i32,
    beta: i32,
    best: i32,
    best_move: Option<M>,
}

impl<M> Window<M> {
    /// Counts a move's score: the best so far if it is higher, and alpha rises with it.
    fn raise(&mut self, score: i32, mv: M) {
        if score > self.best {
            self.best = score;
            self.best_move = Some(mv);
            self.alpha = self.alpha.max(score);
        }
    }
}

/// A node whose table move did not cut off, as [`Searcher::search_generated`] needs it.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    ply: u32,
    /// Only the moves with a prior are searched (futility pruning).
    futile: bool,
    /// Another thread is searching this node now: late quiet moves are reduced a ply more.
    shared: bool,
}

/// What the threads of one multi-threaded search share besides the table.
#[derive(Default)]
struct Shared {
    /// Nodes of every thread, each adding its own at every poll and at its end.
    nodes: AtomicU64,
    /// Raised when the main thread has finished: the helpers stop.
    done: AtomicBool,
    /// Which thread searches which node near the root now.
    crumbs: Crumbs,
}

/// An alpha-beta searcher for one game. Keep it between moves to reuse its buffers.
pub struct Searcher<G: Game> {
    config: SearchConfig,
    table: Arc<Table<G>>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    buffers: Vec<Vec<G::Move>>,
    order: Vec<Vec<i64>>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: StopFlag,
    aborted: bool,
    /// Whether this search reduces and prunes (see [`SearchConfig::reductions`]).
    prune: bool,
    /// Endgame tables, if the program handed some (see [`crate::tables`]).
    oracle: Option<Arc<dyn Oracle<G>>>,
    /// 0 for the main thread; helpers count from 1.
    thread: usize,
    /// Set while a multi-threaded search runs.
    shared: Option<Arc<Shared>>,
    /// Nodes already added to `shared.nodes`.
    flushed: u64,
    /// The helper threads' searchers, kept between searches for their buffers.
    helpers: Vec<Searcher<G>>,
    /// What the learned evaluation keeps between leaves.
    learned_cache: G::LearnedCache,
}

impl<G: Game> Searcher<G> {
    /// A searcher with these settings and a stop flag of its own.
    #[must_use]
    pub fn new(config: SearchConfig) -> Searcher<G> {
        Searcher::with_table(config, Arc::new(Table::new(config.table_megabytes)))
    }

    /// A searcher on `table`, with its own killers, history, buffers and stop flag.
    fn with_table(config: SearchConfig, table: Arc<Table<G>>) -> Searcher<G> {
        Searcher {
            config,
            table,
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; G::MOVE_KEYS],
            buffers: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            order: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: StopFlag::new(),
            aborted: false,
            prune: false,
            oracle: None,
            thread: 0,
            shared: None,
            flushed: 0,
            helpers: Vec::new(),
            learned_cache: G::LearnedCache::default(),
        }
    }

    /// A helper for a multi-threaded search: its own killers, history and buffers, the main
    /// searcher's table, stop flag and oracle.
    fn helper(&self, thread: usize) -> Searcher<G> {
        Searcher {
            stop: self.stop.clone(),
            oracle: self.oracle.clone(),
            thread,
            ..Searcher::with_table(self.config, Arc::clone(&self.table))
        }
    }

    /// Consults `oracle` (endgame tables) at every node below the root from now on; `None`
    /// stops. Without one the search is the plain search.
    pub fn set_oracle(&mut self, oracle: Option<Arc<dyn Oracle<G>>>) {
        self.oracle = oracle;
    }

    /// The settings in use.
    #[must_use]
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Changes the settings (a new table size takes effect only through [`Searcher::new`];
    /// a new thread count at the next search).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// Forgets what earlier searches stored in the transposition table (for a new game when
    /// [`SearchConfig::keep_table`] is on; otherwise every search starts empty anyway).
    pub fn clear_table(&self) {
        self.table.clear();
    }

    /// The flag that stops this searcher; clone it to another thread.
    #[must_use]
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// Uses `flag` as this searcher's stop flag.
    pub fn set_stop_flag(&mut self, flag: StopFlag) {
        self.stop = flag;
    }

    /// Searches `state` within `limits` and reports the best move found. With one thread (see
    /// [`SearchConfig::threads`]) the same state, limits (by depth or nodes) and config give
    /// the same report.
    pub fn search(&mut self, state: &G::State, limits: Limits) -> SearchReport<G::Move> {
        let started = Instant::now();
        if self.config.keep_table {
            self.table.age();
        } else {
            self.table.clear();
        }
        let threads = self.config.threads.max(1);
        if threads == 1 {
            return self.search_thread(state, limits, started);
        }
        // Lazy SMP: the helpers search the same root into the shared table until the main
        // thread is done; only the main thread's result counts.
        let shared = Arc::new(Shared::default());
        self.stop.publish(0);
        let mut helpers = std::mem::take(&mut self.helpers);
        helpers.truncate(threads - 1);
        while helpers.len() < threads - 1 {
            helpers.push(self.helper(helpers.len() + 1));
        }
        for helper in &mut helpers {
            helper.config = self.config;
            helper.table = Arc::clone(&self.table);
            helper.stop = self.stop.clone();
            helper.oracle.clone_from(&self.oracle);
            helper.shared = Some(Arc::clone(&shared));
        }
        self.shared = Some(Arc::clone(&shared));
        let mut report = std::thread::scope(|scope| {
            for helper in &mut helpers {
                scope.spawn(move || helper.search_thread(state, limits, started));
            }
            let report = self.search_thread(state, limits, started);
            shared.done.store(true, Ordering::Relaxed);
            report
        });
        for helper in &mut helpers {
            helper.shared = None;
        }
        self.helpers = helpers;
        self.shared = None;
        report.nodes = shared.nodes.load(Ordering::Relaxed);
        self.stop.publish(report.nodes);
        report.elapsed = started.elapsed();
        report
    }

    /// Nodes searched so far by every thread of this search.
    fn total_nodes(&self) -> u64 {
        self.shared.as_ref().map_or(self.nodes, |shared| {
            shared.nodes.load(Ordering::Relaxed) + self.nodes - self.flushed
        })
    }

    /// One thread's iterative deepening (the whole search on one thread).
    fn search_thread(
        &mut self,
        state: &G::State,
        limits: Limits,
        started: Instant,
    ) -> SearchReport<G::Move> {
        let main = self.thread == 0;
        self.flushed = 0;
        self.history.fill(0);
        self.killers.fill([None; 2]);
        self.nodes = 0;
        self.aborted = false;
        self.prune = self.config.reductions && self.config.top_moves <= 1;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time.map(|t| started + t);
        let max_depth = limits
            .depth
            .unwrap_or(Limits::MAX_DEPTH)
            .min(MAX_PLY as u32 - 1);

        let mut state = state.clone();
        let mut root: Vec<(G::Move, i32)> = Vec::new();
        let mut moves = Vec::new();
        G::legal_moves(&state, &mut moves);
        if let Some(oracle) = &self.oracle {
            oracle.filter_root(&state, &mut moves);
        }
        let mut report = SearchReport {
            best: moves.first().copied(),
            score: Score::Value(if moves.is_empty() {
                0
            } else {
                self.leaf(&state)
            }),
            depth: 0,
            nodes: 0,
            pv: moves.first().copied().into_iter().collect(),
            top: Vec::new(),
            elapsed: Duration::ZERO,
        };
        if let Some(verdict) = G::verdict(&state) {
            report.score = Score::from_raw(verdict_score(verdict, 0));
        }
        moves.sort_by_key(|&m| -G::move_prior(&state, m));
        root.extend(moves.iter().map(|&m| (m, -INFINITY)));
        if !main && !root.is_empty() {
            // Helpers start from other moves and every other one a ply deeper, so that they
            // fill the table with what the main thread will need next, not what it has.
            let turn = self.thread % root.len();
            root.rotate_left(turn);
        }
        let skip = u32::from(!main && self.thread % 2 == 1);
        let mut previous = 0;
        for depth in 1..=max_depth {
            if root.is_empty() {
                break;
            }
            let depth = (depth + skip).min(max_depth);
            let scored = self.aspirated_root(&mut state, &mut root, depth, previous);
            let Some((best_move, best_score)) = scored else {
                break;
            };
            previous = best_score;
            report.best = Some(best_move);
            report.score = Score::from_raw(best_score);
            if self.aborted {
                // An unfinished iteration's best move is played, but its depth was not reached.
                if main && report.pv.first() != Some(&best_move) {
                    report.pv = self.principal_variation(&mut state, best_move, depth);
                }
                break;
            }
            report.depth = depth;
            report.top = root
                .iter()
                .take(self.config.top_moves.max(1))
                .map(|&(m, s)| (m, Score::from_raw(s)))
                .collect();
            if !main {
                continue;
            }
            report.pv = self.principal_variation(&mut state, best_move, depth);
            self.stop.publish_progress(Progress {
                depth,
                score: report.score,
                pv: report.pv.iter().map(ToString::to_string).collect(),
                nodes: self.total_nodes(),
                elapsed: started.elapsed(),
            });
            // A win or loss within the horizon is proven; deeper search cannot change it (but
            // the other top moves' scores can still deepen).
            let proven = matches!(report.score, Score::WinIn(n) | Score::LossIn(n) if n <= depth);
            if proven && self.config.top_moves <= 1 {
                break;
            }
        }
        report.nodes = self.nodes;
        report.elapsed = started.elapsed();
        if let Some(shared) = &self.shared {
            shared
                .nodes
                .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
            self.flushed = self.nodes;
        } else {
            self.stop.publish(self.nodes);
        }
        report
    }

    /// One iteration at the root, first in a narrow window around `previous`, widened on failure.
    /// Sorts `root` best first and returns the best move and score.
    ///
    /// If the search is stopped during the iteration, the moves searched to the end count: the
    /// first of them is the last iteration's best, so the best of them is at least as good at
    /// this depth, unless none scored above the window (then the deeper search has only found
    /// the last best worse than it seemed, and the last iteration's result stands: `None`). With
    /// more than one top move an unfinished iteration is never used.
    ///
    /// With more than one top move the window stays open below: a top move other than the best
    /// may score far below `previous`, and one that failed low would keep its upper bound as its
    /// score (issue 21). A move that fails high is the best, and that widens the window.
    fn aspirated_root(
        &mut self,
        state: &mut G::State,
        root: &mut [(G::Move, i32)],
        depth: u32,
        previous: i32,
    ) -> Option<(G::Move, i32)> {
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = if self.config.aspiration && depth >= 3 {
            (previous - delta, previous + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        if self.config.top_moves > 1 {
            alpha = -INFINITY;
        }
        loop {
            let best = self.root_iteration(state, root, depth, alpha, beta)?;
            if self.aborted {
                let proven = self.config.top_moves <= 1 && best.1 > alpha;
                return proven.then_some(best);
            }
            if best.1 <= alpha && alpha > -INFINITY {
                alpha = (alpha - delta).max(-INFINITY);
            } else if best.1 >= beta && beta < INFINITY {
                beta = (beta + delta).min(INFINITY);
            } else {
                return Some(best);
            }
            delta = delta.saturating_mul(4);
        }
    }

    fn root_iteration(
        &mut self,
        state: &mut G::State,
        root: &mut [(G::Move, i32)],
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<(G::Move, i32)> {
        let top = self.config.top_moves.max(1);
        let mut done = 0;
        for i in 0..root.len() {
            // Moves better than the `top`-th best so far are searched exactly; one that fails low
            // scores at most the `top`-th best and sorts after it (ties keep the earlier move).
            // The first `top` moves are searched from `alpha`, which is open unless `top` is 1.
            let floor = if i >= top {
                let mut best: Vec<i32> = root[..i].iter().map(|r| r.1).collect();
                best.sort_unstable_by(|a, b| b.cmp(a));
                best[top - 1].max(alpha)
            } else {
                alpha
            };
            let mv = root[i].0;
            let undo = G::play(state, mv);
            let child = depth as i32 - 1;
            // Principal variation search: after the first move, try to prove each move no
            // better than the floor with a null window; search exactly only those that are.
            let mut score = if i == 0 {
                -self.negamax(state, child, 1, -beta, -floor)
            } else {
                -self.negamax(state, child, 1, -floor - 1, -floor)
            };
            if i > 0 && score > floor && score < beta {
                score = -self.negamax(state, child, 1, -beta, -floor);
            }
            G::undo(state, undo);
            if self.aborted {
                break;
            }
            root[i].1 = score;
            done = i + 1;
        }
        if done == 0 {
            return None;
        }
        // Searched moves best first (stable, so ties keep the earlier order); the rest after.
        root[..done].sort_by_key(|r| std::cmp::Reverse(r.1));
        let key = G::hash(state);
        self.table.store(Entry {
            key,
            depth: depth as i32,
            score: root[0].1,
            bound: Bound::Exact,
            best: Some(root[0].0),
        });
        Some(root[0])
    }

    fn poll(&mut self) {
        if let Some(shared) = &self.shared {
            let new = self.nodes - self.flushed;
            self.flushed = self.nodes;
            let total = shared.nodes.fetch_add(new, Ordering::Relaxed) + new;
            // Every thread publishes, so the count stays fresh while one waits for a core.
            self.stop.publish_at_least(total);
            if total >= self.node_limit || shared.done.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        } else {
            self.stop.publish(self.nodes);
        }
        if self.stop.is_stopped() || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.aborted = true;
        }
    }

    fn leaf(&mut self, state: &G::State) -> i32 {
        let value = match &self.config.style {
            None if self.config.learned => {
                G::evaluate_learned_cached(state, &mut self.learned_cache)
            }
            None => G::evaluate(state),
            Some(weighting) => G::evaluate_with(state, weighting),
        };
        if self.config.noise == 0 {
            return value;
        }
        let mut z = G::hash(state) ^ self.config.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z ^= z >> 29;
        let span = 2 * self.config.noise as u64 + 1;
        value + (z % span) as i32 - self.config.noise
    }

    fn negamax(
        &mut self,
        state: &mut G::State,
        depth: i32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.nodes >= self.node_limit {
            self.aborted = true;
            return 0;
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.poll();
        }
        if self.aborted {
            return 0;
        }
        if let Some(verdict) = G::verdict(state) {
            return verdict_score(verdict, ply);
        }
        if let Some(oracle) = &self.oracle
            && let Some(score) = oracle.probe(state, ply)
        {
            return score;
        }
        let p = ply as usize;
        if depth <= 0 || p + 1 >= MAX_PLY {
            return self.leaf(state);
        }
        // The table lives in main memory: a probe at the frontier costs more than it saves.
        let use_table = depth >= MIN_TABLE_DEPTH;
        let key = if use_table { G::hash(state) } else { 0 };
        let mut hash_move = None;
        if let Some(entry) = use_table.then(|| self.table.probe(key)).flatten() {
            hash_move = entry.best;
            if self.config.table_cutoffs && entry.depth >= depth {
                let score = from_table(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        // With threads, a node another thread is searching now has its late moves reduced more.
        let visit = match &self.shared {
            Some(shared) if use_table && p < CRUMB_PLIES => shared.crumbs.enter(key, self.thread),
            _ => Visit::default(),
        };
        // Futility pruning: one ply from the horizon, a quiet move rarely lifts a position far
        // below alpha above it. Only moves with a prior (shots, captures) are searched then.
        let futile = self.prune
            && depth == 1
            && alpha.abs() < WIN_BOUND
            && self.leaf(state) + FUTILITY_MARGIN <= alpha;
        let original_alpha = alpha;
        let mut window = Window {
            alpha,
            beta,
            best: if futile { alpha } else { -INFINITY },
            best_move: None,
        };
        // The table's move is searched before the other moves are generated: where it cuts
        // off, as it mostly does, they never are. It is the first move searched, as it would
        // be first in the order of the generated moves, so the tree is the same.
        let first = hash_move.filter(|&m| G::is_legal(state, m));
        if let Some(mv) = first {
            self.prefetch_child(state, mv, depth);
            let undo = G::play(state, mv);
            let score = -self.negamax(state, depth - 1, ply + 1, -beta, -alpha);
            G::undo(state, undo);
            if self.aborted {
                self.leave(visit);
                return 0;
            }
            window.raise(score, mv);
        }
        if window.alpha < beta {
            let node = Node {
                depth,
                ply,
                futile,
                shared: visit.shared,
            };
            self.search_generated(state, node, first, &mut window);
        } else if let Some(mv) = first {
            self.reward(p, state, mv, depth);
        }
        self.leave(visit);
        if self.aborted {
            return 0;
        }
        let Window {
            best, best_move, ..
        } = window;
        if !use_table {
            return best;
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(Entry {
            key,
            depth,
            score: to_table(best, ply),
            bound,
            best: best_move,
        });
        best
    }

    /// Searches the rest of a node whose table move (`first`, if legal) did not cut off: the
    /// killers first, each checked for legality without generating anything, then, unless one
    /// cut off, the generated moves by prior and history. The order is the one a full
    /// generation would give (the killers order before every other move), so the tree is too.
    fn search_generated(
        &mut self,
        state: &mut G::State,
        node: Node,
        first: Option<G::Move>,
        window: &mut Window<G::Move>,
    ) {
        let Node {
            depth,
            ply,
            futile,
            shared,
        } = node;
        let p = ply as usize;
        let killers = self.killers[p];
        // Moves searched before the generated ones: the table's move and the legal killers, the
        // first `before` entries.
        let mut searched: [Option<G::Move>; 3] = [first, None, None];
        let mut before = usize::from(first.is_some());
        for killer in killers.into_iter().flatten() {
            if Some(killer) == first || !G::is_legal(state, killer) {
                continue;
            }
            searched[before] = Some(killer);
            let i = before;
            before += 1;
            // A killer is never reduced nor left out as futile: it cut off at this ply before.
            let score = self.search_move(
                state,
                killer,
                depth,
                ply,
                (window.alpha, window.beta),
                (i > 0).then_some(0),
            );
            if self.aborted {
                return;
            }
            window.raise(score, killer);
            if window.alpha >= window.beta {
                self.reward(p, state, killer, depth);
                let tried = searched.into_iter().flatten().filter(|&m| m != killer);
                self.punish_quiet(state, killer, depth, tried);
                return;
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[p]);
        let mut order = std::mem::take(&mut self.order[p]);
        moves.clear();
        G::legal_moves(state, &mut moves);
        order.clear();
        let history = &self.history;
        // The move's index (in the low 16 bits) breaks ties, so the order never depends on the
        // sort, and names the move: ordering the keys orders the moves.
        let tagged = |key: i64, i: usize| (key << 16) | (0xFFFF - i.min(0xFFFF) as i64);
        for (i, &m) in moves.iter().enumerate() {
            if searched[..before].contains(&Some(m)) {
                continue;
            }
            let prior = G::move_prior(state, m);
            // At a futile node only the moves with a prior are searched, and they order
            // before every quiet move: leave the quiet ones out (same order, same indices).
            if futile && prior == 0 {
                continue;
            }
            let key =
                i64::from(prior) * 4096 + i64::from(history[G::move_key(m)].clamp(-4095, 4095));
            order.push(tagged(key, i));
        }
        // Keys are distinct, so picking the best few one by one and sorting the rest once
        // gives the order a full sort would, cheaper where a cutoff comes early.
        let mut sorted = false;
        for j in 0..order.len() {
            if j + before < PICKED {
                let best_at = (j..order.len()).max_by_key(|&k| order[k]).unwrap_or(j);
                order.swap(j, best_at);
            } else if !sorted {
                order[j..].sort_unstable_by(|a, b| b.cmp(a));
                sorted = true;
            }
            let mv = moves[0xFFFF - (order[j] & 0xFFFF) as usize];
            let quiet = G::move_prior(state, mv) == 0;
            // The move's place among all the node's moves, those searched before first.
            let i = j + before;
            let reduction = if self.prune && quiet && depth >= 3 && i >= 3 {
                1 + i32::from(depth >= 5 && i >= 6)
                    + i32::from(depth >= 8 && i >= 12)
                    + i32::from(shared)
            } else {
                0
            };
            let score = self.search_move(
                state,
                mv,
                depth,
                ply,
                (window.alpha, window.beta),
                (i > 0).then_some(reduction),
            );
            if self.aborted {
                break;
            }
            window.raise(score, mv);
            if window.alpha >= window.beta {
                self.reward(p, state, mv, depth);
                let tried = order[..j]
                    .iter()
                    .map(|&k| moves[0xFFFF - (k & 0xFFFF) as usize]);
                self.punish_quiet(
                    state,
                    mv,
                    depth,
                    searched.iter().flatten().copied().chain(tried),
                );
                break;
            }
        }
        self.buffers[p] = moves;
        self.order[p] = order;
    }

    /// Plays `mv` and searches it by principal variation search within the node's `window`:
    /// the node's first move (`reduction` is `None`) with the whole window, the others with a
    /// null window (first `reduction` plies shallower), searched again in full only if they
    /// beat alpha. Returns its score for the node's side to move.
    fn search_move(
        &mut self,
        state: &mut G::State,
        mv: G::Move,
        depth: i32,
        ply: u32,
        window: (i32, i32),
        reduction: Option<i32>,
    ) -> i32 {
        let (alpha, beta) = window;
        self.prefetch_child(state, mv, depth);
        let undo = G::play(state, mv);
        let score = if let Some(reduction) = reduction {
            let mut s = -self.negamax(state, depth - 1 - reduction, ply + 1, -alpha - 1, -alpha);
            if s > alpha && reduction > 0 {
                s = -self.negamax(state, depth - 1, ply + 1, -alpha - 1, -alpha);
            }
            if s > alpha && s < beta {
                s = -self.negamax(state, depth - 1, ply + 1, -beta, -alpha);
            }
            s
        } else {
            -self.negamax(state, depth - 1, ply + 1, -beta, -alpha)
        };
        G::undo(state, undo);
        score
    }

    /// Takes away the breadcrumb `visit` left, if any.
    fn leave(&self, visit: Visit) {
        if let Some(shared) = &self.shared {
            shared.crumbs.leave(visit);
        }
    }

    /// Before `mv` is played at a node of `depth`: if the child will probe the table, asks
    /// for its entry now, so that the load overlaps the play instead of stalling the probe.
    #[inline]
    fn prefetch_child(&self, state: &G::State, mv: G::Move, depth: i32) {
        if depth > MIN_TABLE_DEPTH
            && let Some(key) = G::hash_after(state, mv)
        {
            self.table.prefetch(key);
        }
    }

    /// After a cutoff by `mv` at `depth`: if it is quiet, the quiet moves of `tried` (searched
    /// before it without cutting off) lose in the history what it gained, so they order later.
    fn punish_quiet(
        &mut self,
        state: &G::State,
        mv: G::Move,
        depth: i32,
        tried: impl Iterator<Item = G::Move>,
    ) {
        if G::move_prior(state, mv) != 0 {
            return;
        }
        for m in tried {
            if G::move_prior(state, m) == 0 {
                let h = &mut self.history[G::move_key(m)];
                *h = (*h - depth * depth).max(-HISTORY_MAX);
            }
        }
    }

    /// Remembers `mv`, which cut off at ply `p` and `depth`: as a killer if it is quiet, and in
    /// the history.
    fn reward(&mut self, p: usize, state: &G::State, mv: G::Move, depth: i32) {
        let killers = self.killers[p];
        if G::move_prior(state, mv) == 0 && killers[0] != Some(mv) {
            self.killers[p] = [Some(mv), killers[0]];
        }
        let h = &mut self.history[G::move_key(mv)];
        *h = (*h + depth * depth).min(HISTORY_MAX);
    }

    /// Follows the table's best moves from the root for up to `depth` plies.
    fn principal_variation(
        &mut self,
        state: &mut G::State,
        first: G::Move,
        depth: u32,
    ) -> Vec<G::Move> {
        let mut pv = vec![first];
        let mut undos = vec![G::play(state, first)];
        let mut legal = Vec::new();
        while pv.len() < depth as usize {
            let Some(next) = self.table.probe(G::hash(state)).and_then(|e| e.best) else {
                break;
            };
            legal.clear();
            G::legal_moves(state, &mut legal);
            if !legal.contains(&next) {
                break;
            }
            pv.push(next);
            undos.push(G::play(state, next));
        }
        while let Some(u) = undos.pop() {
            G::undo(state, u);
        }
        pv
    }
}

/// Plain negamax without pruning, tables or ordering: the reference value of a position at a
/// depth, for testing the real search. Exponential: keep the depth small.
#[must_use]
pub fn reference_value<G: Game>(state: &G::State, depth: u32) -> i32 {
    reference::<G>(&mut state.clone(), depth, 0)
}

/// Plain negamax, like [`reference_value`], of playing `mv` in `state` and searching `depth`
/// plies in all, `mv` included, with wins and losses counted in plies from `state`: the exact
/// score a search of `state` to `depth` reports for `mv` among its top moves.
///
/// That is `-reference_value(after mv, depth - 1)`, except that a win or loss is one ply
/// further away (the reference counts from the position after `mv`). `depth` must be at least 1.
#[must_use]
pub fn reference_move_value<G: Game>(state: &G::State, mv: G::Move, depth: u32) -> i32 {
    assert!(depth >= 1, "a move takes a ply");
    let mut state = state.clone();
    let _ = G::play(&mut state, mv);
    -reference::<G>(&mut state, depth - 1, 1)
}

fn reference<G: Game>(state: &mut G::State, depth: u32, ply: u32) -> i32 {
    if let Some(verdict) = G::verdict(state) {
        return verdict_score(verdict, ply);
    }
    if depth == 0 {
        return G::evaluate(state);
    }
    let mut moves = Vec::new();
    G::legal_moves(state, &mut moves);
    let mut best = -INFINITY;
    for mv in moves {
        let undo = G::play(state, mv);
        best = best.max(-reference::<G>(state, depth - 1, ply + 1));
        G::undo(state, undo);
    }
    best
}

/// The raw score behind a [`Score`] (the inverse of [`Score::from_raw`]).
#[must_use]
pub fn raw_score(score: Score) -> i32 {
    use crate::search::score::WIN;
    match score {
        Score::Value(v) => v,
        Score::WinIn(n) => WIN - n as i32,
        Score::LossIn(n) => -(WIN - n as i32),
    }
}
