//! Attempting a puzzle, move by move: what every front end needs to let a player solve one.
//!
//! A move is judged by the prover, not by comparing text with the stored line: a move that
//! keeps the objective forced within the moves left is right (so an equal alternative on the
//! last move, or another shot that works as well, counts), and the defender answers with its
//! longest resistance. A wrong move is taken back, with the reason: the reply that escapes or,
//! for a hold, the opponent's winning move.

use crate::objective::Objective;
use crate::prove::{Prover, Refusal, VERIFY_NODES};
use crate::puzzle::{Board, Puzzle};
use crate::subject::Subject;
use kraal_ai::{Mancala, Morris};
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use std::fmt;

/// What became of a move tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// Right, and the puzzle is solved.
    Solved {
        /// The move, in notation.
        played: String,
    },
    /// Right; the opponent replied and it is the solver's move again.
    Right {
        /// The move, in notation.
        played: String,
        /// The opponent's reply, in notation.
        reply: String,
    },
    /// Wrong: the move is taken back, to try again.
    Wrong {
        /// The move, in notation.
        played: String,
        /// What goes wrong after it, in notation: the reply that escapes (or, for a hold, the
        /// opponent's winning move); `None` where the move does not lose at once but simply
        /// does not achieve the objective.
        refutation: Option<String>,
    },
    /// Not a legal move here (nothing changes).
    Illegal(String),
    /// The puzzle is already over.
    Over,
}

impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Judgement::Solved { played } => write!(f, "{played}: solved!"),
            Judgement::Right { played, reply } => write!(f, "{played}: right. The reply: {reply}"),
            Judgement::Wrong {
                played,
                refutation: Some(r),
            } => write!(f, "not that: after {played} the answer {r} refutes it"),
            Judgement::Wrong {
                played,
                refutation: None,
            } => write!(f, "not that: {played} does not achieve the objective"),
            Judgement::Illegal(why) => write!(f, "{why}"),
            Judgement::Over => f.write_str("the puzzle is over"),
        }
    }
}

/// One family's attempt.
struct Inner<G: Subject> {
    root: G::State,
    now: G::State,
    solver: usize,
    /// Plies left of the objective at `now`.
    left: u32,
    objective: Objective,
    solved: bool,
    played: Vec<G::Move>,
}

impl<G: Subject> Inner<G> {
    fn new(root: &G::State, objective: Objective) -> Inner<G> {
        let (_, plies) = objective.goal();
        Inner {
            root: root.clone(),
            now: root.clone(),
            solver: G::side_to_move(root),
            left: plies,
            objective,
            solved: false,
            played: Vec::new(),
        }
    }

    fn judge(&mut self, mv: G::Move) -> Result<Judgement, Refusal> {
        if self.solved {
            return Ok(Judgement::Over);
        }
        let mut prover = Prover::<G>::new(VERIFY_NODES);
        let works = prover.move_works(&self.now, &self.root, self.objective, mv, self.left)?;
        if !works {
            let refutation = prover
                .refutation(&self.now, &self.root, self.objective, mv, self.left)?
                .map(|m| m.to_string());
            return Ok(Judgement::Wrong {
                played: mv.to_string(),
                refutation,
            });
        }
        let _ = G::play(&mut self.now, mv);
        self.played.push(mv);
        self.left = self.left.saturating_sub(1);
        if matches!(self.objective, Objective::Hold(_))
            || G::verdict(&self.now).is_some()
            || prover.reached(&self.now, &self.root, self.objective, self.solver)?
        {
            self.solved = true;
            return Ok(Judgement::Solved {
                played: mv.to_string(),
            });
        }
        let Some((reply, _)) = prover.longest_reply(
            &self.now,
            &self.root,
            self.objective,
            self.solver,
            self.left,
        )?
        else {
            self.solved = true;
            return Ok(Judgement::Solved {
                played: mv.to_string(),
            });
        };
        let _ = G::play(&mut self.now, reply);
        self.played.push(reply);
        self.left = self.left.saturating_sub(1);
        if G::verdict(&self.now).is_some()
            || prover.reached(&self.now, &self.root, self.objective, self.solver)?
        {
            self.solved = true;
            return Ok(Judgement::Solved {
                played: mv.to_string(),
            });
        }
        Ok(Judgement::Right {
            played: mv.to_string(),
            reply: reply.to_string(),
        })
    }
}

enum Family {
    Morris(Inner<Morris>),
    Mancala(Inner<Mancala>),
}

/// A puzzle being attempted.
pub struct Attempt {
    puzzle: Puzzle,
    family: Family,
    mistakes: u32,
    shown: bool,
}

impl Attempt {
    /// Starts `puzzle` from its position.
    #[must_use]
    pub fn new(puzzle: Puzzle) -> Attempt {
        let family = match &puzzle.board {
            Board::Morris { position, .. } => {
                Family::Morris(Inner::new(position, puzzle.objective))
            }
            Board::Mancala { position, .. } => {
                Family::Mancala(Inner::new(position, puzzle.objective))
            }
        };
        Attempt {
            puzzle,
            family,
            mistakes: 0,
            shown: false,
        }
    }

    /// The puzzle.
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Wrong moves tried so far.
    #[must_use]
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// Whether the solution was asked for.
    #[must_use]
    pub fn solution_shown(&self) -> bool {
        self.shown
    }

    /// Whether the puzzle is solved.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        match &self.family {
            Family::Morris(i) => i.solved,
            Family::Mancala(i) => i.solved,
        }
    }

    /// Whether the player solved it cleanly: no wrong move, no solution asked for.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.is_solved() && self.mistakes == 0 && !self.shown
    }

    /// A picture of the current position.
    #[must_use]
    pub fn picture(&self, ascii: bool) -> String {
        match &self.family {
            Family::Morris(i) => morris::render(
                &i.now,
                if ascii {
                    morris::Theme::Ascii
                } else {
                    morris::Theme::Unicode
                },
            ),
            Family::Mancala(i) => mancala::render(
                &i.now,
                if ascii {
                    mancala::Theme::Ascii
                } else {
                    mancala::Theme::Unicode
                },
            ),
        }
    }

    /// The current position string.
    #[must_use]
    pub fn position_string(&self) -> String {
        match &self.family {
            Family::Morris(i) => i.now.to_position_string(),
            Family::Mancala(i) => i.now.to_position_string(),
        }
    }

    /// The moves played so far (the solver's and the replies), in notation.
    #[must_use]
    pub fn played(&self) -> Vec<String> {
        match &self.family {
            Family::Morris(i) => i.played.iter().map(ToString::to_string).collect(),
            Family::Mancala(i) => i.played.iter().map(ToString::to_string).collect(),
        }
    }

    /// The main line, in notation; marks the solution as shown.
    pub fn solution(&mut self) -> Vec<String> {
        self.shown = true;
        self.puzzle.board.line_text()
    }

    /// Tries a typed mill-game move (from a pick in a front end). A move of the other family
    /// is [`Judgement::Illegal`].
    ///
    /// # Errors
    /// [`Refusal::Budget`] if the prover ran out of positions (not for shipped puzzles).
    pub fn try_morris(&mut self, mv: morris::Move) -> Result<Judgement, Refusal> {
        if self.is_solved() {
            return Ok(Judgement::Over);
        }
        let j = match &mut self.family {
            Family::Morris(i) => match i.now.check(mv) {
                Ok(()) => i.judge(mv)?,
                Err(why) => Judgement::Illegal(format!("{mv} is illegal: {why}")),
            },
            Family::Mancala(_) => Judgement::Illegal(format!("{mv} is not a move of this game")),
        };
        Ok(self.count(j))
    }

    /// Tries a typed mancala move (from a pick in a front end). A move of the other family is
    /// [`Judgement::Illegal`].
    ///
    /// # Errors
    /// [`Refusal::Budget`] if the prover ran out of positions (not for shipped puzzles).
    pub fn try_mancala(&mut self, mv: mancala::Move) -> Result<Judgement, Refusal> {
        if self.is_solved() {
            return Ok(Judgement::Over);
        }
        let j = match &mut self.family {
            Family::Mancala(i) => match i.now.check(mv) {
                Ok(()) => i.judge(mv)?,
                Err(why) => Judgement::Illegal(format!("{mv} is illegal: {why}")),
            },
            Family::Morris(_) => Judgement::Illegal(format!("{mv} is not a move of this game")),
        };
        Ok(self.count(j))
    }

    fn count(&mut self, j: Judgement) -> Judgement {
        if matches!(j, Judgement::Wrong { .. }) {
            self.mistakes += 1;
        }
        j
    }

    /// Tries a move given as text (parsed against the current position).
    ///
    /// # Errors
    /// [`Refusal::Budget`] if the prover ran out of positions (not for shipped puzzles).
    pub fn try_text(&mut self, text: &str) -> Result<Judgement, Refusal> {
        if self.is_solved() {
            return Ok(Judgement::Over);
        }
        let j = match &mut self.family {
            Family::Morris(i) => match i.now.parse_move(text.trim()) {
                Ok(mv) => i.judge(mv)?,
                Err(e) => Judgement::Illegal(e.to_string()),
            },
            Family::Mancala(i) => match i.now.parse_move(text.trim()) {
                Ok(mv) => i.judge(mv)?,
                Err(e) => Judgement::Illegal(e.to_string()),
            },
        };
        Ok(self.count(j))
    }
}
