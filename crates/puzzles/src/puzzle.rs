//! The puzzle type: a position of one game, an objective, the proven main line, and what the
//! pack says about it.

use crate::date::Date;
use crate::objective::Objective;
use crate::prove::{Proof, Prover, Refusal};
use crate::subject::Subject;
use crate::themes::Theme;
use crate::variant::Variant;
use kraal_ai::{Mancala, Morris};
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;

/// The position and main line of a puzzle, typed by game family.
#[derive(Clone, Debug)]
pub enum Board {
    /// A mill game.
    Morris {
        /// The position the solver starts from (an empty repetition history).
        position: morris::Position,
        /// The main line: the solver's moves and the defender's replies in turn.
        line: Vec<morris::Move>,
    },
    /// Oware or Mulabalaba.
    Mancala {
        /// The position the solver starts from.
        position: mancala::Position,
        /// The main line.
        line: Vec<mancala::Move>,
    },
}

impl Board {
    /// The position string of the start position.
    #[must_use]
    pub fn position_string(&self) -> String {
        match self {
            Board::Morris { position, .. } => position.to_position_string(),
            Board::Mancala { position, .. } => position.to_position_string(),
        }
    }

    /// The main line in notation.
    #[must_use]
    pub fn line_text(&self) -> Vec<String> {
        match self {
            Board::Morris { line, .. } => line.iter().map(ToString::to_string).collect(),
            Board::Mancala { line, .. } => line.iter().map(ToString::to_string).collect(),
        }
    }

    /// The solver's side by name (`white`, `black`, `south`, `north`).
    #[must_use]
    pub fn side_name(&self) -> &'static str {
        match self {
            Board::Morris { position, .. } => position.side_to_move().name(),
            Board::Mancala { position, .. } => position.side_to_move().name(),
        }
    }

    /// The plies of the main line.
    #[must_use]
    pub fn line_len(&self) -> usize {
        match self {
            Board::Morris { line, .. } => line.len(),
            Board::Mancala { line, .. } => line.len(),
        }
    }
}

/// A puzzle as a pack holds it.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Unique within its pack, such as `morabaraba-0001`.
    pub id: String,
    /// The game and rule set.
    pub variant: Variant,
    /// The position and the main line.
    pub board: Board,
    /// What the solver must achieve.
    pub objective: Objective,
    /// Themes, from exact predicates on the proof.
    pub themes: Vec<Theme>,
    /// The difficulty as a Glicko-2 rating.
    pub rating: u16,
    /// Where it was found.
    pub source: String,
    /// The day it was added to its pack (the daily pick never shows it before).
    pub added: Date,
}

impl PartialEq for Puzzle {
    /// Puzzles are equal when every tag is (positions compared by their position strings).
    fn eq(&self, other: &Puzzle) -> bool {
        self.id == other.id
            && self.variant == other.variant
            && self.board.position_string() == other.board.position_string()
            && self.board.line_text() == other.board.line_text()
            && self.objective == other.objective
            && self.themes == other.themes
            && self.rating == other.rating
            && self.source == other.source
            && self.added == other.added
    }
}

/// What a verification proved, game-independent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Positions the prover visited.
    pub nodes: u64,
    /// Whether the last solver move may finish in more than one way.
    pub finish_alternatives: bool,
    /// Whether the shot chosen matters (mill games).
    pub shot_choice: bool,
}

fn summary<M>(p: Proof<M>) -> Verified {
    Verified {
        nodes: p.nodes,
        finish_alternatives: p.finish_alternatives,
        shot_choice: p.shot_choice,
    }
}

fn verify_in<G: Subject>(
    position: &G::State,
    objective: Objective,
    line: &[G::Move],
    node_limit: u64,
) -> Result<Verified, Refusal> {
    Prover::<G>::new(node_limit)
        .verify(position, objective, line)
        .map(summary)
}

impl Puzzle {
    /// Proves the puzzle again from its position: its objective, uniqueness and main line.
    ///
    /// # Errors
    /// Why it does not prove (or the node budget ran out).
    pub fn verify(&self, node_limit: u64) -> Result<Verified, Refusal> {
        match &self.board {
            Board::Morris { position, line } => {
                verify_in::<Morris>(position, self.objective, line, node_limit)
            }
            Board::Mancala { position, line } => {
                verify_in::<Mancala>(position, self.objective, line, node_limit)
            }
        }
    }

    /// The solver's moves in the main line.
    #[must_use]
    pub fn solver_moves(&self) -> usize {
        self.board.line_len().div_ceil(2)
    }
}
