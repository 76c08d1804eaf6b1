//! Endgame tables in the search: an [`Oracle`] answers exact values for the positions it
//! knows, and the searcher takes them as leaves. Opt-in: a [`crate::Searcher`] consults no
//! tables until [`crate::Searcher::set_oracle`] hands it some, so a search without them is the
//! same search as before, node for node.

use crate::game::Game;
use crate::mancala::Mancala;
use crate::morris::Morris;
use crate::search::score::{WIN, WIN_BOUND};
use kraal_rules_mancala::Position;
use kraal_tables::morris::{MorrisTables, MorrisValue};
use kraal_tables::{OwareTables, Verdict};
use std::sync::Arc;

/// The score of a win the tables prove, at the root (a table win in `n` plies from the root
/// scores one less per ply, so the search prefers reaching it soon). Below the scores of wins
/// at a known distance: the tables store the result, not the distance.
pub const TABLE_WIN: i32 = WIN_BOUND - 1;

/// Exact knowledge of some positions of a game, for the search.
pub trait Oracle<G: Game>: Send + Sync {
    /// The score of `state` for its side to move, `ply` plies below the root, when the oracle
    /// knows it exactly; `None` otherwise. Must not allocate: it runs at search nodes.
    fn probe(&self, state: &G::State, ply: u32) -> Option<i32>;

    /// Keeps only the root moves the oracle knows to be best in `state` (all of them when it
    /// does not know). Called once a search, at the root.
    fn filter_root(&self, _state: &G::State, _moves: &mut Vec<G::Move>) {}

    /// The result of `state` for its side to move with best play, when the oracle knows it
    /// exactly (for reviews: "threw away a table win"); `None` otherwise.
    fn verdict(&self, _state: &G::State) -> Option<crate::game::Verdict> {
        None
    }

    /// What the oracle knows of `state`, in the words of `kraal analyse` ("win in 5
    /// (tables)", "draw, seeds 4 (tables)"), for hints; `None` where it knows nothing.
    fn describe(&self, _state: &G::State) -> Option<String> {
        None
    }
}

/// The Oware tables as an oracle. A position is answered only when it is fresh (no position
/// since the last capture but itself: a capture just landed in the table, or the game was set
/// up there), since a table value holds from a fresh position under any repetition rule.
#[derive(Clone, Debug)]
pub struct OwareOracle(pub Arc<OwareTables>);

impl Oracle<Mancala> for OwareOracle {
    /// The tables' words for a fresh position (as [`Oracle::probe`] answers only those).
    fn describe(&self, state: &Position) -> Option<String> {
        if state.repetition_window().len() != 1 {
            return None;
        }
        self.0.probe(state).map(|p| p.to_string())
    }

    #[inline]
    fn probe(&self, state: &Position, ply: u32) -> Option<i32> {
        if state.repetition_window().len() != 1 {
            return None;
        }
        let probe = self.0.probe(state)?;
        Some(match probe.verdict {
            Some(Verdict::Win) => TABLE_WIN - ply as i32,
            Some(Verdict::Loss) => -(TABLE_WIN - ply as i32),
            Some(Verdict::Draw) => 0,
            // Undecided between results: the middle of the final scores, 1,000 a seed as in
            // the evaluation.
            None => {
                let total = pos_total(state);
                (i32::from(probe.score.lo) + i32::from(probe.score.hi) - total) * 500
            }
        })
    }

    /// Where the tables promise a win or a draw, keeps the one move they play
    /// ([`OwareTables::best_move`]: it keeps the promise and makes progress, whatever the
    /// opponent does). Otherwise keeps the moves that keep the tables' lower bound (the seeds
    /// the mover is sure of) and lets the search choose among them.
    fn filter_root(&self, state: &Position, moves: &mut Vec<kraal_rules_mancala::Move>) {
        let verdict = self.0.probe(state).and_then(|p| p.verdict);
        if matches!(verdict, Some(Verdict::Win | Verdict::Draw))
            && let Some(best) = self.0.best_move(state)
        {
            moves.retain(|&m| m == best);
            return;
        }
        let Some(scored) = self.0.moves(state) else {
            return;
        };
        let Some(&(_, top)) = scored.first() else {
            return;
        };
        moves.retain(|m| scored.iter().any(|&(s, v)| s == *m && v.lo == top.lo));
    }

    /// Only at a fresh position, as [`Oracle::probe`].
    fn verdict(&self, state: &Position) -> Option<crate::game::Verdict> {
        if state.repetition_window().len() != 1 {
            return None;
        }
        Some(match self.0.probe(state)?.verdict? {
            Verdict::Win => crate::game::Verdict::Win,
            Verdict::Loss => crate::game::Verdict::Loss,
            Verdict::Draw => crate::game::Verdict::Draw,
        })
    }
}

fn pos_total(state: &Position) -> i32 {
    state.options().total_seeds() as i32
}

/// The Morabaraba sectors built (3v3, 3v4 with 4v3, 4v4, ...) as an oracle: a win or loss at
/// distance `d` is an exact leaf
/// (scored as a finished game `d` plies further on) only when every draw counter in force has
/// at least `d` plies to go; nearer a counter's limit, the search goes on by itself. A table
/// draw is a draw.
#[derive(Clone, Debug)]
pub struct MorrisOracle(pub Arc<MorrisTables>);

/// Plies left before a draw counter ends the game (`u32::MAX` without counters).
fn plies_left(state: &kraal_rules_morris::Position) -> u32 {
    let options = state.options();
    let mut left = u32::MAX;
    if let Some(n) = options.no_shot_draw {
        left = left.min(u32::from(n).saturating_sub(u32::from(state.no_shot_plies())));
    }
    if let Some(rule) = options.three_cows_draw {
        let limit = 2 * u32::from(rule.moves);
        left = left.min(limit.saturating_sub(u32::from(state.three_cows_plies())));
    }
    left
}

impl Oracle<Morris> for MorrisOracle {
    #[inline]
    fn probe(&self, state: &kraal_rules_morris::Position, ply: u32) -> Option<i32> {
        let value = self.0.probe(state)?;
        let left = plies_left(state);
        match value {
            MorrisValue::Draw => Some(0),
            MorrisValue::WinIn(d) if u32::from(d) <= left => {
                Some(WIN - (ply + u32::from(d)) as i32)
            }
            MorrisValue::LossIn(d) if u32::from(d) <= left => {
                Some(-(WIN - (ply + u32::from(d)) as i32))
            }
            _ => None,
        }
    }

    /// The tables' words: "win in 5 (tables)", whatever the draw counters say.
    fn describe(&self, state: &kraal_rules_morris::Position) -> Option<String> {
        self.0.probe(state).map(|v| v.to_string())
    }

    /// A table result, where the draw counters leave room for it (as [`Oracle::probe`]).
    fn verdict(&self, state: &kraal_rules_morris::Position) -> Option<crate::game::Verdict> {
        self.probe(state, 0).map(|score| match score {
            0 => crate::game::Verdict::Draw,
            s if s > 0 => crate::game::Verdict::Win,
            _ => crate::game::Verdict::Loss,
        })
    }
}
