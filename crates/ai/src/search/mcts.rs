//! Monte Carlo tree search (UCT) with evaluation leaves or short random playouts.

use crate::game::{Game, Verdict};
use crate::limits::{Limits, StopFlag};
use crate::search::score::Score;
use std::time::Instant;

/// Settings of the tree search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The exploration constant of UCT.
    pub exploration: f64,
    /// Random plies played from a new leaf before it is evaluated (0: evaluate at once).
    pub playout_plies: u32,
    /// Evaluation units that make a win probability of about 73% (the logistic scale).
    pub scale: f64,
    /// Seed of the random playouts.
    pub seed: u64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 1.2,
            playout_plies: 0,
            scale: 1000.0,
            seed: 0,
        }
    }
}

/// What the tree search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsReport<M> {
    /// The most visited move (none if the game is over).
    pub best: Option<M>,
    /// The root moves with their visits and mean values (win probability for the side to move).
    pub moves: Vec<(M, u32, f64)>,
    /// Iterations run (each visits one new node).
    pub iterations: u64,
}

impl<M: Copy> MctsReport<M> {
    /// The best move's win probability as a score (1,000 per logit unit of the scale).
    #[must_use]
    pub fn score(&self) -> Score {
        let p = self.moves.first().map_or(0.5, |m| m.2).clamp(0.001, 0.999);
        Score::Value(((p / (1.0 - p)).ln() * 1000.0) as i32)
    }
}

struct Node<M> {
    mv: Option<M>,
    children: Vec<usize>,
    untried: Vec<M>,
    visits: u32,
    /// Sum of values from the view of the player who made `mv`.
    value: f64,
}

/// A small xorshift generator for playouts: deterministic per seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn verdict_value(v: Verdict) -> f64 {
    match v {
        Verdict::Win => 1.0,
        Verdict::Loss => 0.0,
        Verdict::Draw => 0.5,
    }
}

/// Runs UCT from `state` within `limits` (nodes count iterations; depth is ignored).
pub fn mcts<G: Game>(
    state: &G::State,
    limits: Limits,
    config: MctsConfig,
    stop: &StopFlag,
) -> MctsReport<G::Move> {
    let started = Instant::now();
    let mut rng = Rng(config.seed | 1);
    let mut root_moves = Vec::new();
    G::legal_moves(state, &mut root_moves);
    let mut tree: Vec<Node<G::Move>> = vec![Node {
        mv: None,
        children: Vec::new(),
        untried: root_moves,
        visits: 0,
        value: 0.0,
    }];
    let budget = limits.nodes.unwrap_or(if limits.time.is_some() {
        u64::MAX
    } else {
        10_000
    });
    let mut iterations = 0;
    let mut buffer = Vec::new();
    while iterations < budget && (!tree[0].untried.is_empty() || !tree[0].children.is_empty()) {
        if iterations % 256 == 0
            && (stop.is_stopped() || limits.time.is_some_and(|t| started.elapsed() >= t))
        {
            break;
        }
        iterations += 1;
        let mut s = state.clone();
        let mut path = vec![0usize];
        let mut node = 0;
        // Selection.
        while tree[node].untried.is_empty() && !tree[node].children.is_empty() {
            let parent_visits = f64::from(tree[node].visits.max(1)).ln();
            let best = tree[node]
                .children
                .iter()
                .copied()
                .max_by(|&a, &b| {
                    let uct = |c: usize| {
                        let n = &tree[c];
                        let visits = f64::from(n.visits.max(1));
                        n.value / visits + config.exploration * (parent_visits / visits).sqrt()
                    };
                    uct(a).total_cmp(&uct(b))
                })
                .expect("children");
            let _ = G::play(&mut s, tree[best].mv.expect("child move"));
            node = best;
            path.push(node);
        }
        // Expansion.
        if !tree[node].untried.is_empty() {
            let i = rng.below(tree[node].untried.len());
            let mv = tree[node].untried.swap_remove(i);
            let _ = G::play(&mut s, mv);
            buffer.clear();
            G::legal_moves(&s, &mut buffer);
            tree.push(Node {
                mv: Some(mv),
                children: Vec::new(),
                untried: buffer.clone(),
                visits: 0,
                value: 0.0,
            });
            let child = tree.len() - 1;
            tree[node].children.push(child);
            node = child;
            path.push(node);
        }
        // Evaluation, from the side to move at the leaf.
        let mut plies = 0;
        let mut flips = false;
        while plies < config.playout_plies && G::verdict(&s).is_none() {
            buffer.clear();
            G::legal_moves(&s, &mut buffer);
            let mv = buffer[rng.below(buffer.len())];
            let _ = G::play(&mut s, mv);
            plies += 1;
            flips = !flips;
        }
        let mut value = match G::verdict(&s) {
            Some(v) => verdict_value(v),
            None => 1.0 / (1.0 + (-f64::from(G::evaluate(&s)) / config.scale).exp()),
        };
        if flips {
            value = 1.0 - value;
        }
        // Backpropagation: the leaf's mover sees 1 - value; alternate upwards.
        for &n in path.iter().rev() {
            tree[n].visits += 1;
            tree[n].value += 1.0 - value;
            value = 1.0 - value;
        }
    }
    let mut moves: Vec<(G::Move, u32, f64)> = tree[0]
        .children
        .iter()
        .map(|&c| {
            let n = &tree[c];
            (
                n.mv.expect("child move"),
                n.visits,
                n.value / f64::from(n.visits.max(1)),
            )
        })
        .collect();
    moves.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    MctsReport {
        best: moves.first().map(|m| m.0),
        moves,
        iterations,
    }
}
