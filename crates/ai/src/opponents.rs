//! The seven opponents, from a loose beginner to the strongest settings.
//!
//! Strength is set by node budgets (plus evaluation noise for the weakest), not by time, so the
//! same game played twice goes the same way, and matches between opponents are reproducible.

use crate::game::Game;
use crate::limits::{Limits, StopFlag};
use crate::search::Score;
use crate::search::alphabeta::{SearchConfig, Searcher};
use crate::search::mcts::{MctsConfig, mcts};
use std::fmt;

/// How an opponent searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Alpha-beta with a node budget and a deterministic evaluation noise of ± `noise`.
    AlphaBeta {
        /// Nodes per move.
        nodes: u64,
        /// Half-width of the evaluation noise (1,000 is about one cow or seed).
        noise: i32,
    },
    /// UCT tree search with a budget of iterations per move.
    Mcts {
        /// Iterations per move.
        iterations: u64,
    },
}

/// One of the seven opponents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// 1 (weakest) to 7 (strongest).
    pub level: u8,
    /// The name shown in menus.
    pub name: &'static str,
    /// A short description for menus, in the words of the mill games.
    pub description: &'static str,
    /// The same in the words of the mancala games (no mills, no cows).
    pub description_mancala: &'static str,
    /// How it searches.
    pub style: Style,
}

/// The seven opponents, weakest first.
pub const OPPONENTS: [Opponent; 7] = [
    Opponent {
        level: 1,
        name: "Calf",
        description: "a beginner who plays by feel, from a few dozen quick tries",
        description_mancala: "a beginner who plays by feel, from a few dozen quick tries",
        style: Style::Mcts { iterations: 20 },
    },
    Opponent {
        level: 2,
        name: "Herd Boy",
        description: "sees a move or two ahead and often misjudges them",
        description_mancala: "sees a move or two ahead and often misjudges them",
        style: Style::AlphaBeta {
            nodes: 300,
            noise: 900,
        },
    },
    Opponent {
        level: 3,
        name: "Herder",
        description: "looks a few moves ahead and rarely leaves a mill open",
        description_mancala: "looks a few moves ahead and rarely leaves seeds open to capture",
        style: Style::AlphaBeta {
            nodes: 1_500,
            noise: 500,
        },
    },
    Opponent {
        level: 4,
        name: "Kraal Keeper",
        description: "a solid club player who sets up double threats",
        description_mancala: "a solid club player who sets up double threats",
        style: Style::AlphaBeta {
            nodes: 5_000,
            noise: 0,
        },
    },
    Opponent {
        level: 5,
        name: "Elder",
        description: "patient and deep: punishes loose moves",
        description_mancala: "patient and deep: punishes loose moves",
        style: Style::AlphaBeta {
            nodes: 25_000,
            noise: 0,
        },
    },
    Opponent {
        level: 6,
        name: "Chief",
        description: "a master who calculates long forcing lines",
        description_mancala: "a master who calculates long forcing lines",
        style: Style::AlphaBeta {
            nodes: 125_000,
            noise: 0,
        },
    },
    Opponent {
        level: 7,
        name: "Ancestor",
        description: "the engine at full strength, within two seconds a move",
        description_mancala: "the engine at full strength, within two seconds a move",
        style: Style::AlphaBeta {
            nodes: 2_500_000,
            noise: 0,
        },
    },
];

/// Not one of the opponents' names or levels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownOpponent(pub String);

impl fmt::Display for UnknownOpponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = OPPONENTS
            .iter()
            .map(|o| format!("ai:{} ({})", o.level, o.name))
            .collect();
        write!(
            f,
            "there is no opponent `{}` (known: {})",
            self.0,
            names.join(", ")
        )
    }
}
impl std::error::Error for UnknownOpponent {}

impl std::str::FromStr for Opponent {
    type Err = UnknownOpponent;

    /// Reads `ai:3`, `3` or a name such as `herder` or `herd-boy` (any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        let level = t.strip_prefix("ai:").unwrap_or(&t);
        OPPONENTS
            .iter()
            .find(|o| {
                level.parse::<u8>().ok() == Some(o.level)
                    || o.name.to_ascii_lowercase().replace(' ', "-") == t.replace([' ', '_'], "-")
            })
            .copied()
            .ok_or_else(|| UnknownOpponent(s.trim().to_owned()))
    }
}

impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (ai:{})", self.name, self.level)
    }
}

/// An opponent's choice, with what it thought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    /// The move (none if the game is over).
    pub mv: Option<M>,
    /// Its score for the mover.
    pub score: Score,
    /// Nodes or iterations spent.
    pub nodes: u64,
    /// Depth reached (0 for tree search).
    pub depth: u32,
}

/// An opponent ready to play one game: it keeps its search tables between moves.
pub struct Player<G: Game> {
    opponent: Opponent,
    engine: Engine<G>,
    stop: StopFlag,
}

enum Engine<G: Game> {
    AlphaBeta {
        searcher: Box<Searcher<G>>,
        nodes: u64,
    },
    Mcts {
        iterations: u64,
    },
}

impl Opponent {
    /// The description for menus, in the words of a mill game or of a mancala game.
    #[must_use]
    pub const fn describe(&self, mill_game: bool) -> &'static str {
        if mill_game {
            self.description
        } else {
            self.description_mancala
        }
    }

    /// The opponent at this level (1..=7).
    #[must_use]
    pub fn level(level: u8) -> Option<Opponent> {
        OPPONENTS.iter().find(|o| o.level == level).copied()
    }

    /// A player of this strength for game `G`.
    #[must_use]
    pub fn player<G: Game>(self) -> Player<G> {
        let engine = match self.style {
            Style::AlphaBeta { nodes, noise } => Engine::AlphaBeta {
                searcher: Box::new(Searcher::new(SearchConfig {
                    // About 24 bytes an entry; a table a few times the budget is plenty.
                    table_megabytes: ((nodes * 4 * 24) >> 20).clamp(1, 64) as usize,
                    noise,
                    ..SearchConfig::default()
                })),
                nodes,
            },
            Style::Mcts { iterations } => Engine::Mcts { iterations },
        };
        Player {
            opponent: self,
            engine,
            stop: StopFlag::new(),
        }
    }
}

impl<G: Game> Player<G> {
    /// Who this is.
    #[must_use]
    pub fn opponent(&self) -> Opponent {
        self.opponent
    }

    /// Consults `oracle` (endgame tables) in its searches from now on; `None` stops. The tree
    /// search of the Calf knows no tables and ignores it.
    pub fn set_oracle(&mut self, oracle: Option<std::sync::Arc<dyn crate::tables::Oracle<G>>>) {
        if let Engine::AlphaBeta { searcher, .. } = &mut self.engine {
            searcher.set_oracle(oracle);
        }
    }

    /// The flag that interrupts a move being thought about (the best so far is played).
    #[must_use]
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// Chooses a move. `seed` varies the noise and playouts: the same state and seed give the
    /// same move. A stop raised before or during the choice cuts it short (the best move found
    /// so far is played); the flag is lowered again once the choice is made.
    pub fn choose(&mut self, state: &G::State, seed: u64) -> Choice<G::Move> {
        let choice = self.think(state, seed);
        self.stop.reset();
        choice
    }

    fn think(&mut self, state: &G::State, seed: u64) -> Choice<G::Move> {
        match &mut self.engine {
            Engine::AlphaBeta { searcher, nodes } => {
                let nodes = (*nodes * G::budget_percent(state) / 100).max(1);
                let config = SearchConfig {
                    seed,
                    ..searcher.config()
                };
                searcher.set_config(config);
                searcher.set_stop_flag(self.stop.clone());
                let report = searcher.search(state, Limits::nodes(nodes));
                Choice {
                    mv: report.best,
                    score: report.score,
                    nodes: report.nodes,
                    depth: report.depth,
                }
            }
            Engine::Mcts { iterations } => {
                let config = MctsConfig {
                    seed,
                    ..MctsConfig::default()
                };
                let iterations = (*iterations * G::budget_percent(state) / 100).max(1);
                let report = mcts::<G>(state, Limits::nodes(iterations), config, &self.stop);
                Choice {
                    mv: report.best,
                    score: report.score(),
                    nodes: report.iterations,
                    depth: 0,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mancala_descriptions_speak_of_no_mills_or_cows() {
        for o in OPPONENTS {
            let text = o.describe(false).to_lowercase();
            assert!(
                !text.contains("mill") && !text.contains("cow"),
                "{}: {text}",
                o.name
            );
        }
        assert!(OPPONENTS[2].describe(true).contains("mill"));
    }

    #[test]
    fn opponents_are_found_by_level_and_name() {
        for o in OPPONENTS {
            assert_eq!(format!("ai:{}", o.level).parse::<Opponent>(), Ok(o));
            assert_eq!(o.name.to_uppercase().parse::<Opponent>(), Ok(o));
            assert_eq!(o.name.replace(' ', "-").parse::<Opponent>(), Ok(o));
        }
        assert!(
            "ai:8"
                .parse::<Opponent>()
                .unwrap_err()
                .to_string()
                .contains("Ancestor")
        );
    }

    #[test]
    fn budgets_grow_and_noise_shrinks_with_the_level() {
        let budget = |o: &Opponent| match o.style {
            Style::AlphaBeta { nodes, .. } => nodes,
            Style::Mcts { iterations } => iterations,
        };
        let noise = |o: &Opponent| match o.style {
            Style::AlphaBeta { noise, .. } => noise,
            Style::Mcts { .. } => i32::MAX,
        };
        for pair in OPPONENTS.windows(2) {
            assert_eq!(pair[1].level, pair[0].level + 1);
            assert!(
                budget(&pair[1]) > budget(&pair[0]),
                "{} {}",
                pair[0],
                pair[1]
            );
            assert!(
                noise(&pair[1]) <= noise(&pair[0]),
                "{} {}",
                pair[0],
                pair[1]
            );
        }
    }
}
