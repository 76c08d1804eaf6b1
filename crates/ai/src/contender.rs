//! The players of a match: anything that answers a move for a position, with the time it may
//! take. The seven opponents are one kind ([`BuiltIn`]); a front end adds others, such as an
//! external engine driven over the engine protocol (`kraal match --white engine:"..."`).

use crate::character::Strength;
use crate::game::Game;
use crate::limits::{Limits, StopFlag};
use crate::opponents::{Opponent, Player};
use crate::search::alphabeta::{SearchConfig, Searcher};
use crate::search::mcts::{MctsConfig, mcts};
use std::fmt;
use std::time::Duration;

/// How the time of a match is kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pace {
    /// No time: the opponents use their node budgets (reproducible).
    #[default]
    Budget,
    /// The same time for every move.
    MoveTime(Duration),
    /// A clock for each side: `base` at the start, `increment` added after each move.
    Clock {
        /// Time at the start of the game.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
}

/// The clocks while a game is played on one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Time left, by side (0: the first player, White or South).
    pub remaining: [Duration; 2],
    /// The increment per move.
    pub increment: Duration,
}

/// What a player is given to choose a move.
pub struct Turn<'a, G: Game> {
    /// The position.
    pub state: &'a G::State,
    /// The moves played from the start position to it.
    pub moves: &'a [G::Move],
    /// The side to move (0: the first player).
    pub side: usize,
    /// Seed of the noise and playouts (the same for the same game and ply).
    pub seed: u64,
    /// The time for this move, under [`Pace::MoveTime`].
    pub movetime: Option<Duration>,
    /// The clocks, under [`Pace::Clock`].
    pub clocks: Option<Clocks>,
}

/// Why a side lost a game that the rules did not end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forfeit {
    /// Out of time: it ran past its clock, or gave no answer in time.
    Time {
        /// How long it took (or waited before it was given up on).
        used: Duration,
        /// How long it had.
        allowed: Duration,
    },
    /// It answered a move that cannot be played.
    Illegal {
        /// The move as it was answered.
        text: String,
        /// Why it cannot be played.
        reason: String,
    },
    /// The player failed: the program could not start, exited, or broke the protocol.
    Failed(String),
}

impl Forfeit {
    /// A stable code for game records' `Reason` tag.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            Forfeit::Time { .. } => "time",
            Forfeit::Illegal { .. } => "illegal-move",
            Forfeit::Failed(_) => "engine-failure",
        }
    }
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Forfeit::Time { used, allowed } => write!(
                f,
                "lost on time: {} ms used, {} ms allowed",
                used.as_millis(),
                allowed.as_millis()
            ),
            Forfeit::Illegal { text, reason } => {
                write!(f, "played the illegal move `{text}`: {reason}")
            }
            Forfeit::Failed(why) => write!(f, "failed: {why}"),
        }
    }
}

/// A player of matches.
pub trait Contender<G: Game> {
    /// A new game starts (an external engine is told so and asked whether it is ready).
    ///
    /// # Errors
    /// The player cannot play: it loses the game.
    fn new_game(&mut self) -> Result<(), Forfeit> {
        Ok(())
    }

    /// The move for this turn; `None` only if the player sees no move (the game is then a
    /// draw, as in [`crate::matches::play_game`]). The runner checks the move and the time.
    ///
    /// # Errors
    /// A loss without a move: out of time, an illegal answer, a failed program.
    fn choose(&mut self, turn: &Turn<'_, G>) -> Result<Option<G::Move>, Forfeit>;
}

/// How long a side on a clock thinks: a thirtieth of what is left after 30 ms kept back, plus
/// three quarters of the increment, never more than four fifths of it (the rule of
/// `kraal engine`, docs/engine.md).
#[must_use]
pub fn think_time(remaining: Duration, increment: Duration) -> Duration {
    let usable = remaining.saturating_sub(Duration::from_millis(30));
    (usable / 30)
        .saturating_add(increment.saturating_mul(3) / 4)
        .min(usable.saturating_mul(4) / 5)
        .max(Duration::from_millis(1))
}

/// One of the seven opponents as a match player: its node budget under [`Pace::Budget`]
/// (exactly as [`Player::choose`]), otherwise a search by time with its style and its choice
/// among the near-best moves (the Calf's tree search by time too), so it is stronger than its
/// level when given much time.
pub struct BuiltIn<G: Game> {
    player: Player<G>,
    timed: Option<Box<Searcher<G>>>,
    oracle: Option<std::sync::Arc<dyn crate::tables::Oracle<G>>>,
    threads: usize,
}

impl<G: Game> BuiltIn<G> {
    /// The opponent, ready for a match.
    #[must_use]
    pub fn new(opponent: Opponent) -> BuiltIn<G> {
        BuiltIn::with_tables(opponent, None)
    }

    /// The opponent, consulting `oracle` (endgame tables) in every search (its tree search,
    /// the Calf's, knows none).
    #[must_use]
    pub fn with_tables(
        opponent: Opponent,
        oracle: Option<std::sync::Arc<dyn crate::tables::Oracle<G>>>,
    ) -> BuiltIn<G> {
        let mut player = opponent.player::<G>();
        player.set_oracle(oracle.clone());
        BuiltIn {
            player,
            timed: None,
            oracle,
            threads: 1,
        }
    }

    /// Searches on `threads` threads (lazy SMP, see [`SearchConfig::threads`]) when it searches
    /// by time; its node budget under [`Pace::Budget`] stays on one thread, so that stays
    /// reproducible. The Calf's tree search keeps one thread.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> BuiltIn<G> {
        self.threads = threads.max(1);
        self
    }
}

impl<G: Game> Contender<G> for BuiltIn<G> {
    fn choose(&mut self, turn: &Turn<'_, G>) -> Result<Option<G::Move>, Forfeit> {
        let time = turn.movetime.or_else(|| {
            turn.clocks
                .map(|c| think_time(c.remaining[turn.side], c.increment))
        });
        let Some(time) = time else {
            return Ok(self.player.choose(turn.state, turn.seed).mv);
        };
        let opponent = self.player.opponent();
        Ok(match opponent.strength {
            Strength::AlphaBeta { .. } => {
                let oracle = &self.oracle;
                let searcher = self.timed.get_or_insert_with(|| {
                    let mut searcher = Box::new(Searcher::new(opponent.search_config(16)));
                    searcher.set_oracle(oracle.clone());
                    searcher
                });
                let config = SearchConfig {
                    seed: turn.seed,
                    threads: self.threads,
                    ..searcher.config()
                };
                searcher.set_config(config);
                let report = searcher.search(turn.state, Limits::time(time));
                opponent.choice.pick(&report.top, turn.seed).or(report.best)
            }
            Strength::Mcts { .. } => {
                let config = MctsConfig {
                    seed: turn.seed,
                    ..MctsConfig::default()
                };
                mcts::<G>(turn.state, Limits::time(time), config, &StopFlag::new()).best
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn think_time_keeps_time_back_and_uses_the_increment() {
        let ms = Duration::from_millis;
        assert_eq!(think_time(ms(3030), ms(0)), ms(100));
        assert_eq!(think_time(ms(3030), ms(100)), ms(175));
        assert!(think_time(ms(100), ms(1000)) <= ms(56));
        assert_eq!(think_time(ms(0), ms(0)), ms(1));
    }
}
