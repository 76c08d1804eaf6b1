//! The prover: an exhaustive AND/OR search to the objective's depth.
//!
//! - **Exhaustive.** Alpha-beta in its boolean form only: a solver node stops at the first move
//!   that forces the goal, a defender node at the first reply that escapes. No reductions, no
//!   null moves, no transposition table (a position's repetition history decides draws, so a
//!   table keyed by the board could carry a result into a different history), no pruning by
//!   evaluation. Draws by repetition and by the rules' counters end a line as the rules say,
//!   through the position's own verdict.
//! - **No allocation per node.** The moves of every node live on one stack of moves that grows
//!   once to the deepest line's needs and is reused.
//! - **Uniqueness.** At the root, and at every solver move of the main line, every move that
//!   forces the goal must be the same move for the player ([`Subject::same_key`]: a mill
//!   game's cow from the same point to the same point; which cow it shoots may vary). The
//!   last solver move of a line is the exception: every move that completes the objective
//!   there is accepted, and the puzzle says so.
//! - **Longest resistance.** At every defender move of the main line, the defender plays a
//!   reply after which the goal is furthest away (the first such reply in the rules' move order).

use crate::objective::{Goal, Objective};
use crate::subject::Subject;
use kraal_ai::Verdict;
use std::fmt;

/// The node budget of a verification: far above what any shipped puzzle needs.
pub const VERIFY_NODES: u64 = 400_000_000;

/// Why a position and objective do not make a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is already over.
    GameOver,
    /// The side to move has only one legal move.
    OnlyMove,
    /// No move forces the objective (for a hold: every move loses).
    NotForced,
    /// More than one different move achieves it at this ply of the line.
    NotUnique {
        /// The ply of the line (0: the first move).
        ply: usize,
        /// The moves that achieve it, in notation.
        moves: Vec<String>,
    },
    /// Every move holds: nothing to find.
    NothingToHold,
    /// A move of the given line does not achieve the objective, is not legal, or is not the
    /// defender's longest resistance.
    LineBroken {
        /// The ply of the line (0: the first move).
        ply: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The line stops before the objective is reached, or goes on after it.
    LineLength {
        /// The plies the line has.
        has: usize,
        /// The plies the proof needs.
        needs: usize,
    },
    /// The key move does not capture both opposite holes (Mulabalaba's capture-both).
    NotBothHoles,
    /// The search ran out of its node budget: unknown, so not a puzzle.
    Budget(u64),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => f.write_str("the game is already over"),
            Refusal::OnlyMove => f.write_str("there is only one legal move"),
            Refusal::NotForced => f.write_str("no move forces the objective"),
            Refusal::NotUnique { ply, moves } => write!(
                f,
                "at ply {} more than one move achieves the objective: {}",
                ply + 1,
                moves.join(", ")
            ),
            Refusal::NothingToHold => f.write_str("every move holds, so there is nothing to find"),
            Refusal::LineBroken { ply, reason } => {
                write!(f, "ply {} of the line: {reason}", ply + 1)
            }
            Refusal::LineLength { has, needs } => {
                write!(f, "the line has {has} plies but the proof needs {needs}")
            }
            Refusal::NotBothHoles => {
                f.write_str("the first move does not capture both opposite holes")
            }
            Refusal::Budget(n) => write!(f, "not decided within {n} positions"),
        }
    }
}

impl std::error::Error for Refusal {}

/// A proven puzzle: its main line and what the proof found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof<M> {
    /// The main line: solver and defender moves in turn, the solver's first.
    pub line: Vec<M>,
    /// Whether at some solver move of the line the cow to move and its destination are forced
    /// but only some of the shots work (the "shot choice" theme).
    pub shot_choice: bool,
    /// Whether the last solver move had more than one way to finish.
    pub finish_alternatives: bool,
    /// Positions visited.
    pub nodes: u64,
}

/// The exhaustive prover of one game (see the [module docs](self)).
pub struct Prover<G: Subject> {
    stack: Vec<G::Move>,
    nodes: u64,
    /// `nodes` when the current call began: the budget is per call.
    call_start: u64,
    limit: u64,
    aborted: bool,
    goal: Goal,
    solver: usize,
    base: i32,
}

impl<G: Subject> Prover<G> {
    /// A prover that gives up (an unknown result, never a false proof) after `node_limit`
    /// positions in one call.
    #[must_use]
    pub fn new(node_limit: u64) -> Prover<G> {
        Prover {
            stack: Vec::with_capacity(4096),
            nodes: 0,
            call_start: 0,
            limit: node_limit,
            aborted: false,
            goal: Goal::Win,
            solver: 0,
            base: 0,
        }
    }

    /// Positions visited since the prover was made.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn material_diff(&self, s: &G::State) -> i32 {
        G::material(s, self.solver) - G::material(s, 1 - self.solver)
    }

    fn set_goal(&mut self, goal: Goal, solver: usize, root: &G::State) {
        self.goal = goal;
        self.solver = solver;
        self.base = 0;
        self.base = self.material_diff(root);
    }

    /// Whether the solver forces the goal within `plies` plies from `s` (the solver and the
    /// goal as set). The heart of the prover: allocation-free after warm-up.
    fn forces(&mut self, s: &mut G::State, plies: u32) -> bool {
        self.nodes += 1;
        if self.nodes - self.call_start > self.limit {
            self.aborted = true;
            return false;
        }
        let side = G::side_to_move(s);
        if let Some(v) = G::verdict(s) {
            let won = match v {
                Verdict::Win => side == self.solver,
                Verdict::Loss => side != self.solver,
                Verdict::Draw => false,
            };
            return won && (self.goal != Goal::Famine || G::ended_by_famine(s));
        }
        match self.goal {
            Goal::Store(k) if G::store(s, self.solver) >= k => return true,
            Goal::Gain(k) if side == self.solver && self.material_diff(s) - self.base >= k => {
                return true;
            }
            _ => {}
        }
        if plies == 0 {
            return false;
        }
        let start = self.stack.len();
        G::legal_moves(s, &mut self.stack);
        let end = self.stack.len();
        {
            let state: &G::State = s;
            self.stack[start..end].sort_unstable_by_key(|&m| -G::move_prior(state, m));
        }
        let solver_node = side == self.solver;
        let mut result = !solver_node;
        for i in start..end {
            let mv = self.stack[i];
            let undo = G::play(s, mv);
            let r = self.forces(s, plies - 1);
            G::undo(s, undo);
            if self.aborted {
                result = false;
                break;
            }
            if r == solver_node {
                result = r;
                break;
            }
        }
        self.stack.truncate(start);
        result
    }

    /// `forces` from the position after `mv`.
    fn forces_after(&mut self, s: &mut G::State, mv: G::Move, plies: u32) -> bool {
        let undo = G::play(s, mv);
        let r = self.forces(s, plies);
        G::undo(s, undo);
        r
    }

    /// The fewest plies within which the solver forces the goal from `s`, up to `max`.
    fn distance(&mut self, s: &mut G::State, max: u32) -> Option<u32> {
        (0..=max).find(|&d| self.forces(s, d))
    }

    fn check_budget(&self) -> Result<(), Refusal> {
        if self.aborted {
            Err(Refusal::Budget(self.limit))
        } else {
            Ok(())
        }
    }

    /// Proves that `objective` is a puzzle in `state` and finds its main line.
    ///
    /// # Errors
    /// Why it is not a puzzle, or [`Refusal::Budget`] when the node budget ran out.
    pub fn solve(
        &mut self,
        state: &G::State,
        objective: Objective,
    ) -> Result<Proof<G::Move>, Refusal> {
        self.walk(state, objective, None)
    }

    /// Re-proves a puzzle with its given main line: the same checks as [`Prover::solve`], and
    /// each move of `line` must be one the proof allows (a unique solver move, or on the last
    /// solver move any finishing move; a longest-resistance defender reply), and the line must
    /// end where the objective is reached.
    ///
    /// # Errors
    /// Why the puzzle does not prove.
    pub fn verify(
        &mut self,
        state: &G::State,
        objective: Objective,
        line: &[G::Move],
    ) -> Result<Proof<G::Move>, Refusal> {
        self.walk(state, objective, Some(line))
    }

    fn walk(
        &mut self,
        state: &G::State,
        objective: Objective,
        given: Option<&[G::Move]>,
    ) -> Result<Proof<G::Move>, Refusal> {
        self.aborted = false;
        self.call_start = self.nodes;
        let start_nodes = self.nodes;
        if G::verdict(state).is_some() {
            return Err(Refusal::GameOver);
        }
        let mut s = state.clone();
        let mut root_moves = Vec::new();
        G::legal_moves(&s, &mut root_moves);
        if root_moves.len() < 2 {
            return Err(Refusal::OnlyMove);
        }
        let solver = G::side_to_move(&s);
        if let Objective::Hold(_) = objective {
            return self.walk_hold(&mut s, objective, &root_moves, given, start_nodes);
        }
        let (goal, plies) = objective.goal();
        self.set_goal(goal, solver, &s);
        let mut line = Vec::new();
        let mut shot_choice = false;
        let mut finish_alternatives = false;
        let mut remaining = plies;
        let mut moves = root_moves;
        let mut ply = 0usize;
        loop {
            // A solver node: `moves` are its legal moves, `remaining` plies are left.
            let mut winning = Vec::new();
            let mut best: Option<(u32, G::Move)> = None;
            for &mv in &moves {
                let undo = G::play(&mut s, mv);
                let d = self.distance(&mut s, remaining - 1);
                G::undo(&mut s, undo);
                self.check_budget()?;
                if let Some(d) = d {
                    winning.push(mv);
                    if best.is_none_or(|(bd, _)| d < bd) {
                        best = Some((d, mv));
                    }
                }
            }
            let Some((dist, first)) = best else {
                return Err(if ply == 0 {
                    Refusal::NotForced
                } else {
                    Refusal::LineBroken {
                        ply,
                        reason: "the objective is no longer forced".to_owned(),
                    }
                });
            };
            // Finishing: the objective is complete right after this move (and, for a gain, the
            // defender's reply).
            let finishing = match goal {
                Goal::Gain(_) => dist <= 1,
                _ => dist == 0,
            };
            let same = winning.iter().all(|&m| G::same_key(m, first));
            if !same && (ply == 0 || !finishing) {
                return Err(Refusal::NotUnique {
                    ply,
                    moves: winning.iter().map(ToString::to_string).collect(),
                });
            }
            finish_alternatives |= finishing && winning.len() > 1;
            shot_choice |= same
                && moves
                    .iter()
                    .any(|&m| G::same_key(m, first) && !winning.contains(&m));
            let mv = match given {
                None => first,
                Some(g) => {
                    let Some(&m) = g.get(ply) else {
                        return Err(Refusal::LineLength {
                            has: g.len(),
                            needs: ply + 1,
                        });
                    };
                    if !winning.contains(&m) {
                        return Err(Refusal::LineBroken {
                            ply,
                            reason: format!("{m} does not achieve the objective"),
                        });
                    }
                    m
                }
            };
            if ply == 0
                && matches!(objective, Objective::CaptureBoth { .. })
                && !G::captures_both(&s, mv)
            {
                return Err(Refusal::NotBothHoles);
            }
            let mv_dist = {
                let undo = G::play(&mut s, mv);
                let d = self.distance(&mut s, remaining - 1);
                G::undo(&mut s, undo);
                d.unwrap_or(0)
            };
            line.push(mv);
            let _ = G::play(&mut s, mv);
            ply += 1;
            remaining = mv_dist;
            let mv_finishing = match goal {
                Goal::Gain(_) => mv_dist <= 1,
                _ => mv_dist == 0,
            };
            if G::verdict(&s).is_some() || (mv_finishing && !matches!(goal, Goal::Gain(_))) {
                break;
            }
            // A defender node: the reply that keeps the goal furthest away.
            let mut replies = Vec::new();
            G::legal_moves(&s, &mut replies);
            let mut longest: Option<(u32, G::Move)> = None;
            let mut dists = Vec::with_capacity(replies.len());
            for &r in &replies {
                let undo = G::play(&mut s, r);
                let d = self.distance(&mut s, remaining.saturating_sub(1));
                G::undo(&mut s, undo);
                self.check_budget()?;
                let Some(d) = d else {
                    return Err(Refusal::LineBroken {
                        ply,
                        reason: format!("the reply {r} escapes"),
                    });
                };
                dists.push(d);
                if longest.is_none_or(|(ld, _)| d > ld) {
                    longest = Some((d, r));
                }
            }
            let Some((far, reply)) = longest else {
                break;
            };
            let reply = match given {
                None => reply,
                Some(g) => {
                    let Some(&m) = g.get(ply) else {
                        return Err(Refusal::LineLength {
                            has: g.len(),
                            needs: ply + 1,
                        });
                    };
                    match replies.iter().position(|&r| r == m) {
                        Some(i) if dists[i] == far => m,
                        Some(_) => {
                            return Err(Refusal::LineBroken {
                                ply,
                                reason: format!("{m} is not the longest resistance"),
                            });
                        }
                        None => {
                            return Err(Refusal::LineBroken {
                                ply,
                                reason: format!("{m} is not a legal reply"),
                            });
                        }
                    }
                }
            };
            line.push(reply);
            let _ = G::play(&mut s, reply);
            ply += 1;
            remaining = far;
            if G::verdict(&s).is_some() || (mv_finishing && matches!(goal, Goal::Gain(_))) {
                break;
            }
            if matches!(goal, Goal::Gain(k) if self.material_diff(&s) - self.base >= k) {
                break;
            }
            moves.clear();
            G::legal_moves(&s, &mut moves);
        }
        if let Some(g) = given
            && g.len() != line.len()
        {
            return Err(Refusal::LineLength {
                has: g.len(),
                needs: line.len(),
            });
        }
        Ok(Proof {
            line,
            shot_choice,
            finish_alternatives,
            nodes: self.nodes - start_nodes,
        })
    }

    fn walk_hold(
        &mut self,
        s: &mut G::State,
        objective: Objective,
        root_moves: &[G::Move],
        given: Option<&[G::Move]>,
        start_nodes: u64,
    ) -> Result<Proof<G::Move>, Refusal> {
        let (_, plies) = objective.goal();
        let opponent = 1 - G::side_to_move(s);
        let mut holding = Vec::new();
        for &mv in root_moves {
            let undo = G::play(s, mv);
            self.set_goal(Goal::Win, opponent, s);
            let loses = self.forces(s, plies);
            G::undo(s, undo);
            self.check_budget()?;
            if !loses {
                holding.push(mv);
            }
        }
        let Some(&first) = holding.first() else {
            return Err(Refusal::NotForced);
        };
        if holding.len() == root_moves.len() {
            return Err(Refusal::NothingToHold);
        }
        if !holding.iter().all(|&m| G::same_key(m, first)) {
            return Err(Refusal::NotUnique {
                ply: 0,
                moves: holding.iter().map(ToString::to_string).collect(),
            });
        }
        let shot_choice = root_moves
            .iter()
            .any(|&m| G::same_key(m, first) && !holding.contains(&m));
        let key = match given {
            None => first,
            Some([m]) if holding.contains(m) => *m,
            Some([m]) => {
                return Err(Refusal::LineBroken {
                    ply: 0,
                    reason: format!("{m} does not hold"),
                });
            }
            Some(g) => {
                return Err(Refusal::LineLength {
                    has: g.len(),
                    needs: 1,
                });
            }
        };
        Ok(Proof {
            line: vec![key],
            shot_choice,
            finish_alternatives: false,
            nodes: self.nodes - start_nodes,
        })
    }

    /// Whether, in `state`, playing `mv` keeps the objective forced within `plies` plies
    /// counted from `state` (for a hold: whether `mv` holds). What a front end asks to judge a
    /// player's move that is not the line's.
    ///
    /// # Errors
    /// [`Refusal::Budget`] when the node budget ran out.
    pub fn move_works(
        &mut self,
        state: &G::State,
        root: &G::State,
        objective: Objective,
        mv: G::Move,
        plies: u32,
    ) -> Result<bool, Refusal> {
        self.aborted = false;
        self.call_start = self.nodes;
        let mut s = state.clone();
        let solver = G::side_to_move(&s);
        let r = if let Objective::Hold(_) = objective {
            let undo = G::play(&mut s, mv);
            self.set_goal(Goal::Win, 1 - solver, &s);
            let loses = self.forces(&mut s, plies);
            G::undo(&mut s, undo);
            !loses
        } else {
            let (goal, _) = objective.goal();
            self.set_goal(goal, solver, root);
            self.forces_after(&mut s, mv, plies.saturating_sub(1))
        };
        self.check_budget()?;
        Ok(r)
    }

    /// Whether the solver (the side to move in `state`) forces `objective`'s goal within its
    /// plies. For the generator's quick tests.
    ///
    /// # Errors
    /// [`Refusal::Budget`] when the node budget ran out.
    pub fn is_forced(&mut self, state: &G::State, objective: Objective) -> Result<bool, Refusal> {
        self.aborted = false;
        self.call_start = self.nodes;
        let (goal, plies) = objective.goal();
        let mut s = state.clone();
        self.set_goal(goal, G::side_to_move(&s), state);
        let r = self.forces(&mut s, plies);
        self.check_budget()?;
        Ok(r)
    }

    /// Whether some move of the side to move in `state` stops the opponent from forcing a win
    /// within `plies` plies after it. For the generator's "the value turned" test.
    ///
    /// # Errors
    /// [`Refusal::Budget`] when the node budget ran out.
    pub fn can_escape(
        &mut self,
        state: &G::State,
        goal: Goal,
        plies: u32,
    ) -> Result<bool, Refusal> {
        self.aborted = false;
        self.call_start = self.nodes;
        let mut s = state.clone();
        let opponent = 1 - G::side_to_move(&s);
        let mut moves = Vec::new();
        G::legal_moves(&s, &mut moves);
        for mv in moves {
            let undo = G::play(&mut s, mv);
            self.set_goal(goal, opponent, &s);
            let r = self.forces(&mut s, plies);
            G::undo(&mut s, undo);
            self.check_budget()?;
            if !r {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

impl<G: Subject> Prover<G> {
    /// Whether the objective is complete in `state` (a solver node), counted from `root`.
    ///
    /// # Errors
    /// [`Refusal::Budget`] when the node budget ran out.
    pub fn reached(
        &mut self,
        state: &G::State,
        root: &G::State,
        objective: Objective,
        solver: usize,
    ) -> Result<bool, Refusal> {
        self.aborted = false;
        self.call_start = self.nodes;
        let (goal, _) = objective.goal();
        self.set_goal(goal, solver, root);
        let r = self.forces(&mut state.clone(), 0);
        self.check_budget()?;
        Ok(r)
    }

    /// The defender's longest resistance in `state` (the defender to move), with `plies`
    /// plies left of the objective counted from `root` for `solver`: the reply after which
    /// the goal is furthest away, and that distance. `None` when the defender has no move.
    ///
    /// # Errors
    /// [`Refusal::Budget`] when the node budget ran out.
    pub fn longest_reply(
        &mut self,
        state: &G::State,
        root: &G::State,
        objective: Objective,
        solver: usize,
        plies: u32,
    ) -> Result<Option<(G::Move, u32)>, Refusal> {
        self.aborted = false;
        self.call_start = self.nodes;
        let (goal, _) = objective.goal();
        self.set_goal(goal, solver, root);
        let mut s = state.clone();
        let mut replies = Vec::new();
        G::legal_moves(&s, &mut replies);
        let mut best: Option<(G::Move, u32)> = None;
        for r in replies {
            let undo = G::play(&mut s, r);
            let d = self.distance(&mut s, plies.saturating_sub(1));
            G::undo(&mut s, undo);
            self.check_budget()?;
            // A reply that escapes is the longest resistance of all.
            let d = d.unwrap_or(u32::MAX);
            if best.is_none_or(|(_, bd)| d > bd) {
                best = Some((r, d));
            }
        }
        Ok(best)
    }

    /// Why `mv` fails in `state` (solver to move, `plies` left, counted from `root`): for a
    /// hold, the opponent's first move of a forced win; otherwise a reply that escapes.
    /// `None` when `mv` does not fail, or when the failing move ends the game.
    ///
    /// # Errors
    /// [`Refusal::Budget`] when the node budget ran out.
    pub fn refutation(
        &mut self,
        state: &G::State,
        root: &G::State,
        objective: Objective,
        mv: G::Move,
        plies: u32,
    ) -> Result<Option<G::Move>, Refusal> {
        self.aborted = false;
        self.call_start = self.nodes;
        let mut s = state.clone();
        let solver = G::side_to_move(&s);
        let _ = G::play(&mut s, mv);
        let mut replies = Vec::new();
        G::legal_moves(&s, &mut replies);
        for r in replies {
            let undo = G::play(&mut s, r);
            let refutes = if let Objective::Hold(_) = objective {
                self.set_goal(Goal::Win, 1 - solver, &s);
                // The opponent's move starts a win it forces within the plies left.
                self.forces(&mut s, plies.saturating_sub(1))
            } else {
                let (goal, _) = objective.goal();
                self.set_goal(goal, solver, root);
                !self.forces(&mut s, plies.saturating_sub(2))
            };
            G::undo(&mut s, undo);
            self.check_budget()?;
            if refutes {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }
}
