//! What makes an opponent itself besides its style ([`crate::weighting`]): its strength (how far
//! it searches), its choice (how it picks among the near-best moves) and its manner (pace, draws,
//! resigning).

use crate::search::Score;
use crate::search::alphabeta::raw_score;
use crate::seeded::SplitMix64;
use std::time::Duration;

/// How far an opponent searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strength {
    /// Alpha-beta with a node budget, and an optional depth limit.
    AlphaBeta {
        /// Nodes per move.
        nodes: u64,
        /// The deepest iteration, if limited (a short horizon).
        depth: Option<u32>,
    },
    /// UCT tree search with a budget of iterations per move.
    Mcts {
        /// Iterations per move.
        iterations: u64,
    },
}

impl Strength {
    /// The node or iteration budget per move.
    #[must_use]
    pub const fn budget(&self) -> u64 {
        match *self {
            Strength::AlphaBeta { nodes, .. } => nodes,
            Strength::Mcts { iterations } => iterations,
        }
    }
}

/// How an opponent picks its move among the best few its search scored.
///
/// The root's `candidates` best moves are scored exactly; those within `margin` of the best
/// are drawn with a seeded softmax, a move `d` evaluation units below the best weighing
/// `2^(-d / temperature)` as much (1,000 units are a cow or a seed). Integer arithmetic keeps
/// the draw the same on every machine. A move the search proved lost is never drawn while one
/// not proved lost is at hand, and a proven win is always played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Selection {
    /// How many root moves the search scores exactly (1: only the best).
    pub candidates: usize,
    /// How far below the best, in evaluation units, a move may be and still be drawn.
    pub margin: i32,
    /// The units below the best that halve a move's chance (0: always the best).
    pub temperature: i32,
}

impl Selection {
    /// Always the best move.
    pub const BEST: Selection = Selection {
        candidates: 1,
        margin: 0,
        temperature: 0,
    };

    /// Whether the same position always gives the same move, whatever the seed.
    #[must_use]
    pub const fn is_deterministic(&self) -> bool {
        self.candidates <= 1 || self.temperature <= 0 || self.margin <= 0
    }

    /// Draws a move from `top` (scored moves, best first), with `seed`. `None` only if `top`
    /// is empty.
    #[must_use]
    pub fn pick<M: Copy>(&self, top: &[(M, Score)], seed: u64) -> Option<M> {
        let &(best, best_score) = top.first()?;
        if self.is_deterministic() || !matches!(best_score, Score::Value(_)) {
            // A proven win is played; when every move loses, the longest resistance is.
            return Some(best);
        }
        let best_raw = raw_score(best_score);
        let weight = |score: Score| -> u64 {
            // Proven losses and moves beyond the margin are never drawn.
            let Score::Value(v) = score else { return 0 };
            let below = best_raw - v;
            if below > self.margin {
                return 0;
            }
            let t = i64::from(self.temperature);
            let below = i64::from(below.max(0));
            let (halvings, rest) = (below / t, below % t);
            if halvings >= 40 {
                return 0;
            }
            let whole = (1u64 << 40) >> halvings;
            // Between two halvings, a straight line from 1 to 1/2.
            whole - (whole as u128 * rest as u128 / (2 * t as u128)) as u64
        };
        let total: u64 = top.iter().map(|&(_, s)| weight(s)).sum();
        if total == 0 {
            return Some(best);
        }
        let mut draw = SplitMix64(seed ^ 0xC0FF_EE00_5EED_0001).below(total);
        for &(mv, score) in top {
            let w = weight(score);
            if draw < w {
                return Some(mv);
            }
            draw -= w;
        }
        Some(best)
    }
}

/// How an opponent behaves at the board, apart from its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Manner {
    /// How long a front end may let it seem to think before its move shows (its pace).
    pub pace: Duration,
    /// It resigns when its search or the endgame tables prove it lost within this many plies
    /// (`None`: it plays every game to the end). Never on an evaluation alone.
    pub resign_within: Option<u32>,
    /// It accepts a draw offer when its own score is at most this (1,000: a cow or a seed).
    pub accepts_draw_at: i32,
    /// It offers a draw with its move when the endgame tables show the game a dead draw.
    pub offers_draws: bool,
}

impl Manner {
    /// Whether a search score of `score` for it makes it resign.
    #[must_use]
    pub fn resigns_at(&self, score: Score) -> bool {
        matches!((score, self.resign_within), (Score::LossIn(n), Some(within)) if n <= within)
    }

    /// Whether it takes a draw offered when it scores its own side `score`.
    #[must_use]
    pub fn accepts_draw(&self, score: Score) -> bool {
        match score {
            Score::Value(v) => v <= self.accepts_draw_at,
            Score::WinIn(_) => false,
            Score::LossIn(_) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOFT: Selection = Selection {
        candidates: 4,
        margin: 600,
        temperature: 200,
    };

    #[test]
    fn the_same_seed_draws_the_same_move_and_seeds_spread_the_draws() {
        let top = [
            ('a', Score::Value(100)),
            ('b', Score::Value(50)),
            ('c', Score::Value(-100)),
            ('d', Score::Value(-900)),
        ];
        let mut counts = [0; 4];
        for seed in 0..2_000u64 {
            let mv = SOFT.pick(&top, seed).unwrap();
            assert_eq!(SOFT.pick(&top, seed), Some(mv));
            counts[(mv as u8 - b'a') as usize] += 1;
        }
        // 'd' is 1,000 below the best, beyond the margin of 600: never drawn.
        assert_eq!(counts[3], 0);
        // Weights 1, 2^(-1/4) ~ 0.84 (by the straight line: 0.875), 2^(-1) = 0.5.
        assert!(counts[0] > counts[1] && counts[1] > counts[2], "{counts:?}");
        assert!(counts[2] > 300, "{counts:?}");
    }

    #[test]
    fn a_proven_loss_is_never_drawn_and_a_proven_win_always_played() {
        let top = [('a', Score::Value(0)), ('b', Score::LossIn(3))];
        for seed in 0..500 {
            assert_eq!(SOFT.pick(&top, seed), Some('a'));
        }
        let top = [('w', Score::WinIn(5)), ('x', Score::Value(900))];
        for seed in 0..500 {
            assert_eq!(SOFT.pick(&top, seed), Some('w'));
        }
        let lost = [('l', Score::LossIn(9)), ('m', Score::LossIn(3))];
        assert_eq!(SOFT.pick(&lost, 7), Some('l'));
        assert_eq!(SOFT.pick::<char>(&[], 7), None);
    }

    #[test]
    fn resigning_needs_a_proven_loss() {
        let manner = Manner {
            pace: Duration::ZERO,
            resign_within: Some(20),
            accepts_draw_at: 0,
            offers_draws: false,
        };
        assert!(manner.resigns_at(Score::LossIn(7)));
        assert!(!manner.resigns_at(Score::LossIn(21)));
        assert!(!manner.resigns_at(Score::Value(-99_000)));
        assert!(!manner.resigns_at(Score::WinIn(1)));
        let stubborn = Manner {
            resign_within: None,
            ..manner
        };
        assert!(!stubborn.resigns_at(Score::LossIn(1)));
        assert!(manner.accepts_draw(Score::Value(0)) && !manner.accepts_draw(Score::Value(1)));
    }
}
