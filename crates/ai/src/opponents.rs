//! The seven opponents, from a loose beginner to the strongest settings, each a character:
//! a strength, a style, a way of choosing and a manner (see [`crate::character`]).
//!
//! Strength is set by node budgets and depth limits, not by time, and the choice among the
//! near-best moves is drawn with the move's seed, so the same game played twice goes the same
//! way, and matches between opponents are reproducible. Weak opponents err by their short
//! horizon and their bias (a style that overvalues one thing), never by a random blunder: a
//! move is only ever drawn from those the search found within a margin of the best.

use crate::character::{Manner, Selection, Strength};
use crate::game::{Game, Verdict};
use crate::limits::{Limits, StopFlag};
use crate::mancala::{
    MULABALABA_BIGGEST_HOLE, MULABALABA_INNER_TARGETS, MULABALABA_MOVABLE, MULABALABA_THEIR_SEEDS,
    OWARE_BIG_HOUSE, OWARE_BIGGEST_HOUSE, OWARE_EXPOSED, OWARE_MOVABLE, OWARE_OWN_CAPTURES,
    OWARE_THEIR_MOVABLE, OWARE_THEIR_SEEDS,
};
use crate::morris;
use crate::search::Score;
use crate::search::alphabeta::{SearchConfig, Searcher};
use crate::search::mcts::{MctsConfig, mcts};
use crate::tables::Oracle;
use crate::weighting::{Weighting, term_index};
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// One of the seven opponents: a character as data.
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
    /// How far it searches.
    pub strength: Strength,
    /// What it values: its evaluation's multipliers, per game (a reference, so that an
    /// opponent stays small to copy).
    pub style: &'static Weighting,
    /// How it picks among its best moves.
    pub choice: Selection,
    /// Pace, draws and resigning.
    pub manner: Manner,
    /// Whether it searches with the endgame tables when a program hands them over
    /// ([`Player::set_oracle`]): only the Ancestor, so that the levels below it keep their
    /// measured strength whatever is built on the machine.
    pub tables: bool,
    /// Whether it adds the learned correction to its evaluation ([`SearchConfig::learned`]):
    /// only the Ancestor, so that the levels below it keep their measured strength.
    pub learned: bool,
}

/// The mill games' terms the styles weigh, by name.
const OPEN_MILLS_MOVING: usize = term_index(&morris::FEATURES, "open-mills-moving");
const DOUBLE_THREATS: usize = term_index(&morris::FEATURES, "double-threats");
/// The mill games' style terms come after the features.
const fn style_term(name: &str) -> usize {
    morris::FEATURES.len() + term_index(&morris::STYLE_TERMS, name)
}
const THEIR_COWS: usize = style_term("their-cows");
const THEIR_OPEN_MILLS: usize = style_term("their-open-mills");
const OWN_DOUBLE_THREATS: usize = style_term("own-double-threats");
const RUNNING_MILLS: usize = style_term("running-mills");

/// The manner of the weakest: quick, happy to draw, and never resigning.
const EAGER: Manner = Manner {
    pace: Duration::from_millis(400),
    resign_within: None,
    accepts_draw_at: 300,
    offers_draws: false,
};

/// The shooter and grabber of level 2: a cow shot or a seed taken counts double.
const GRABBER: Weighting = Weighting::NEUTRAL
    .morris(THEIR_COWS, 100)
    .oware(OWARE_OWN_CAPTURES, 100)
    .oware(OWARE_EXPOSED, 40)
    .mulabalaba(MULABALABA_THEIR_SEEDS, 100);

/// The blocker and hoarder of level 3.
const HOARDER: Weighting = Weighting::NEUTRAL
    .morris(THEIR_OPEN_MILLS, 150)
    .oware(OWARE_BIG_HOUSE, 1500)
    .oware(OWARE_BIGGEST_HOUSE, 100)
    .mulabalaba(MULABALABA_BIGGEST_HOLE, 100)
    .mulabalaba(MULABALABA_INNER_TARGETS, 50);

/// The double-mill builder and starver of level 4.
const STARVER: Weighting = Weighting::NEUTRAL
    .morris(DOUBLE_THREATS, 200)
    .morris(OWN_DOUBLE_THREATS, 150)
    .oware(OWARE_THEIR_SEEDS, 100)
    .oware(OWARE_THEIR_MOVABLE, 100)
    .mulabalaba(MULABALABA_MOVABLE, 150)
    .mulabalaba(MULABALABA_THEIR_SEEDS, 30);

/// A mill runner: a closed mill with a cow that can step out and back weighs half a cow, open
/// mills while moving 130%. No opponent carries it: on the Elder it made the Chief's step too
/// small, and on the Chief that step fell to 61.5% (docs/ai.md), so both play the mill games
/// with the plain evaluation.
pub const MILL_RUNNER: Weighting = Weighting::NEUTRAL
    .morris(OPEN_MILLS_MOVING, 130)
    .morris(RUNNING_MILLS, 100);

/// The patient keeper of moves of level 5 (the mancala games; the plain evaluation in the
/// mill games).
const PATIENT: Weighting = Weighting::NEUTRAL
    .oware(OWARE_MOVABLE, 130)
    .mulabalaba(MULABALABA_MOVABLE, 120);

/// The seven opponents, weakest first.
pub const OPPONENTS: [Opponent; 7] = [
    Opponent {
        level: 1,
        name: "Calf",
        description: "a beginner who plays by feel, from a few dozen quick tries",
        description_mancala: "a beginner who plays by feel, from a few dozen quick tries",
        strength: Strength::Mcts { iterations: 20 },
        style: &Weighting::NEUTRAL,
        choice: Selection::BEST,
        manner: EAGER,
        tables: false,
        learned: false,
    },
    Opponent {
        level: 2,
        name: "Herd Boy",
        description: "shoots whenever he can: greedy for cows, blind to a threat two turns off",
        description_mancala: "captures whatever he can now, blind to a threat two turns off",
        strength: Strength::AlphaBeta {
            nodes: 300,
            depth: None,
        },
        style: &GRABBER,
        choice: Selection {
            candidates: 3,
            margin: 400,
            temperature: 200,
        },
        manner: EAGER,
        tables: false,
        learned: false,
    },
    Opponent {
        level: 3,
        name: "Herder",
        description: "blocks every pair you make, looking a few moves ahead",
        description_mancala: "hoards seeds in one big house, looking a few moves ahead",
        strength: Strength::AlphaBeta {
            nodes: 1_500,
            depth: None,
        },
        style: &HOARDER,
        choice: Selection {
            candidates: 2,
            margin: 200,
            temperature: 100,
        },
        manner: Manner {
            pace: Duration::from_millis(600),
            resign_within: None,
            accepts_draw_at: 100,
            offers_draws: true,
        },
        tables: false,
        learned: false,
    },
    Opponent {
        level: 4,
        name: "Kraal Keeper",
        description: "a solid club player who builds double mills",
        description_mancala: "a solid club player who starves your side of seeds",
        strength: Strength::AlphaBeta {
            nodes: 5_000,
            depth: None,
        },
        style: &STARVER,
        choice: Selection {
            candidates: 2,
            margin: 150,
            temperature: 100,
        },
        manner: Manner {
            pace: Duration::from_millis(800),
            resign_within: Some(6),
            accepts_draw_at: 0,
            offers_draws: true,
        },
        tables: false,
        learned: false,
    },
    Opponent {
        level: 5,
        name: "Elder",
        description: "patient and deep: punishes loose moves",
        description_mancala: "patient and deep: keeps moves in hand, and punishes loose ones",
        strength: Strength::AlphaBeta {
            nodes: 25_000,
            depth: None,
        },
        style: &PATIENT,
        choice: Selection::BEST,
        manner: Manner {
            pace: Duration::from_millis(1_000),
            resign_within: Some(12),
            accepts_draw_at: 0,
            offers_draws: true,
        },
        tables: false,
        learned: false,
    },
    Opponent {
        level: 6,
        name: "Chief",
        description: "a master who calculates long forcing lines",
        description_mancala: "a master who calculates long forcing lines",
        strength: Strength::AlphaBeta {
            nodes: 125_000,
            depth: None,
        },
        style: &Weighting::NEUTRAL,
        choice: Selection::BEST,
        manner: Manner {
            pace: Duration::from_millis(1_000),
            resign_within: Some(40),
            accepts_draw_at: -500,
            offers_draws: true,
        },
        tables: false,
        learned: false,
    },
    Opponent {
        level: 7,
        name: "Ancestor",
        description: "the engine at full strength, within two seconds a move",
        description_mancala: "the engine at full strength, within two seconds a move",
        strength: Strength::AlphaBeta {
            nodes: 4_000_000,
            depth: None,
        },
        style: &Weighting::NEUTRAL,
        choice: Selection::BEST,
        manner: Manner {
            pace: Duration::ZERO,
            resign_within: Some(u32::MAX),
            accepts_draw_at: -1_000,
            offers_draws: true,
        },
        tables: true,
        learned: true,
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
    /// It resigns instead of playing `mv`: lost by proof (see [`Manner::resign_within`]).
    pub resigns: bool,
    /// It offers a draw with `mv`: the tables show the position after it a draw.
    pub offers_draw: bool,
}

/// An opponent ready to play one game: it keeps its search tables between moves.
pub struct Player<G: Game> {
    opponent: Opponent,
    engine: Engine<G>,
    stop: StopFlag,
    /// Tables that judge its manner (resigning, offering draws), not its search.
    referee: Option<Arc<dyn Oracle<G>>>,
}

enum Engine<G: Game> {
    AlphaBeta {
        searcher: Box<Searcher<G>>,
        nodes: u64,
        depth: Option<u32>,
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

    /// The search settings of this opponent's alpha-beta (its style and how many root moves
    /// it scores), with a table of `table_megabytes`.
    #[must_use]
    pub fn search_config(&self, table_megabytes: usize) -> SearchConfig {
        SearchConfig {
            table_megabytes,
            top_moves: self.choice.candidates.max(1),
            style: (!self.style.is_neutral()).then_some(*self.style),
            learned: self.learned,
            ..SearchConfig::default()
        }
    }

    /// Whether it always plays the same move in the same position, whatever the seed.
    #[must_use]
    pub fn is_deterministic(&self) -> bool {
        matches!(self.strength, Strength::AlphaBeta { .. }) && self.choice.is_deterministic()
    }

    /// A player of this strength for game `G`.
    #[must_use]
    pub fn player<G: Game>(self) -> Player<G> {
        let engine = match self.strength {
            Strength::AlphaBeta { nodes, depth } => Engine::AlphaBeta {
                // About 24 bytes an entry; a table a few times the budget is plenty.
                searcher: Box::new(Searcher::new(
                    self.search_config(((nodes * 4 * 24) >> 20).clamp(1, 64) as usize),
                )),
                nodes,
                depth,
            },
            Strength::Mcts { iterations } => Engine::Mcts { iterations },
        };
        Player {
            opponent: self,
            engine,
            stop: StopFlag::new(),
            referee: None,
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

    /// Judges its manner by `tables` from now on (`None`: by its search alone): it resigns
    /// when they prove it lost and offers a draw when they show one. Its search does not
    /// consult them (that is [`Player::set_oracle`]).
    pub fn set_referee(&mut self, tables: Option<Arc<dyn Oracle<G>>>) {
        self.referee = tables;
    }

    /// The flag that interrupts a move being thought about (the best so far is played).
    #[must_use]
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// Chooses a move. `seed` varies the choice among the near-best moves and the playouts:
    /// the same state and seed give the same move. The choice says whether it resigns (only
    /// when lost by proof) or offers a draw, by its manner. A stop raised before or during the choice cuts it short (the best move found
    /// so far is played); the flag is lowered again once the choice is made.
    pub fn choose(&mut self, state: &G::State, seed: u64) -> Choice<G::Move> {
        let mut choice = self.think(state, seed);
        self.stop.reset();
        let manner = self.opponent.manner;
        let judged = self.referee.as_ref().and_then(|r| r.verdict(state));
        choice.resigns = choice.mv.is_some()
            && manner.resign_within.is_some()
            && (manner.resigns_at(choice.score) || judged == Some(Verdict::Loss));
        if manner.offers_draws
            && let (Some(referee), Some(mv)) = (&self.referee, choice.mv)
        {
            let mut after = state.clone();
            let _ = G::play(&mut after, mv);
            choice.offers_draw =
                G::verdict(&after).is_none() && referee.verdict(&after) == Some(Verdict::Draw);
        }
        choice
    }

    fn think(&mut self, state: &G::State, seed: u64) -> Choice<G::Move> {
        match &mut self.engine {
            Engine::AlphaBeta {
                searcher,
                nodes,
                depth,
            } => {
                let nodes = (*nodes * G::budget_percent(state) / 100).max(1);
                let config = SearchConfig {
                    seed,
                    ..searcher.config()
                };
                searcher.set_config(config);
                searcher.set_stop_flag(self.stop.clone());
                let limits = Limits {
                    depth: *depth,
                    ..Limits::nodes(nodes)
                };
                let report = searcher.search(state, limits);
                let picked = self.opponent.choice.pick(&report.top, seed);
                let mv = picked.or(report.best);
                let score = report
                    .top
                    .iter()
                    .find(|(m, _)| Some(*m) == mv)
                    .map_or(report.score, |&(_, s)| s);
                Choice {
                    mv,
                    score,
                    nodes: report.nodes,
                    depth: report.depth,
                    resigns: false,
                    offers_draw: false,
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
                    resigns: false,
                    offers_draw: false,
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
        assert!(OPPONENTS[3].describe(true).contains("mill"));
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
    fn budgets_grow_and_the_choice_narrows_with_the_level() {
        for pair in OPPONENTS.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert_eq!(b.level, a.level + 1);
            assert!(b.strength.budget() > a.strength.budget(), "{a} {b}");
            if matches!(a.strength, Strength::AlphaBeta { .. }) {
                assert!(b.choice.margin <= a.choice.margin, "{a} {b}");
                assert!(b.choice.temperature <= a.choice.temperature, "{a} {b}");
            }
        }
        // The strongest play their best move and the plain evaluation.
        for o in &OPPONENTS[5..] {
            assert!(o.is_deterministic() && o.style.is_neutral(), "{o}");
        }
    }
}
