//! A move shown step by step (the holes visited in order, relays, captures), so that front ends
//! can animate sowing.

use crate::board::{Board, Game, Hole, Side};
use crate::moves::{IllegalMove, Move};
use crate::options::GrandSlam;
use crate::position::Position;
use crate::sow::{self, MAX_OWN, Observer, Own, Quiet, Relay};

/// One step of a move, in the order it happens on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Every seed of a hole is taken up: the move's own hole, or (Mulabalaba) a relay hole where
    /// the last seed fell into an occupied hole.
    Lift {
        /// The hole emptied.
        hole: Hole,
        /// Seeds taken up.
        seeds: u8,
        /// Whether this continues the move by relay.
        relay: bool,
    },
    /// One seed is dropped into a hole.
    Drop {
        /// The hole.
        hole: Hole,
        /// Seeds in the hole afterwards.
        seeds: u8,
    },
    /// Oware: the origin house is passed over on a lap of 12 or more seeds.
    Skip {
        /// The origin house.
        hole: Hole,
    },
    /// Oware: the capture would take every seed of the opponent; what the rule does follows
    /// (captures, fewer captures, or none).
    GrandSlam {
        /// The rule applied.
        rule: GrandSlam,
    },
    /// The seeds of a hole are captured into the mover's store.
    Capture {
        /// The hole emptied.
        hole: Hole,
        /// Seeds captured.
        seeds: u8,
    },
    /// Mulabalaba (`endless=loses`): the relay never ends; the move loses and the board is left
    /// as it was.
    Endless,
}

/// Writes down what the sowing routine reports, as steps (the observer of animation).
struct Recorder {
    board: Board,
    /// The mover.
    side: Side,
    steps: Vec<Step>,
}

impl Recorder {
    /// The hole the sowing routine names: a ring index in Oware; in Mulabalaba an index on the
    /// mover's own holes, or (`opponent`) on the opponent's.
    fn hole(&self, index: usize, opponent: bool) -> Hole {
        match self.board.game() {
            Game::Oware => self.board.from_global(index).expect("a ring index"),
            Game::Mulabalaba => {
                let side = if opponent {
                    self.side.other()
                } else {
                    self.side
                };
                Hole::new(side, index as u8)
            }
        }
    }
}

impl Observer for Recorder {
    const EACH_SEED: bool = true;

    fn lift(&mut self, hole: usize, seeds: u8, relay: bool) {
        let hole = self.hole(hole, false);
        self.steps.push(Step::Lift { hole, seeds, relay });
    }

    fn drop(&mut self, hole: usize, before: u8) {
        let hole = self.hole(hole, false);
        self.steps.push(Step::Drop {
            hole,
            seeds: before + 1,
        });
    }

    fn drops(&mut self, _hole: usize, _before: u8, _after: u8) {
        unreachable!("the recorder asks for every seed");
    }

    fn skip(&mut self, hole: usize) {
        let hole = self.hole(hole, false);
        self.steps.push(Step::Skip { hole });
    }

    fn grand_slam(&mut self, rule: GrandSlam) {
        self.steps.push(Step::GrandSlam { rule });
    }

    fn capture(&mut self, hole: usize, seeds: u8) {
        let hole = self.hole(hole, true);
        self.steps.push(Step::Capture { hole, seeds });
    }
}

impl Position {
    /// The steps of a legal move, in order: lifts, drops, skips, relays and captures. Applying
    /// them to this position's holes gives the holes after [`Position::play`].
    ///
    /// The steps come from the same sowing routine as play, watched by a recorder.
    ///
    /// # Errors
    /// The reason, when the move is not legal here.
    pub fn steps(&self, mv: Move) -> Result<Vec<Step>, IllegalMove> {
        self.check(mv)?;
        let board = self.board();
        let side = self.side_to_move();
        let mut rec = Recorder {
            board,
            side,
            steps: Vec::new(),
        };
        let index = usize::from(mv.index());
        let w = board.width();
        let opts = self.options();
        match self.game() {
            Game::Oware => {
                let mut holes = self.holes().to_vec();
                let origin = side.index() * w + index;
                let opp_lo = side.other().index() * w;
                let (captures, rule) = (opts.captures, opts.grand_slam);
                let _ = sow::oware_move(&mut holes, origin, w, opp_lo, captures, rule, &mut rec);
            }
            Game::Mulabalaba => {
                let m = board.holes_per_side();
                let mut own: Own = [0; MAX_OWN];
                own[..m].copy_from_slice(self.row(side));
                // An endless relay has no steps to show (and may be millions of laps long):
                // find out first, quietly.
                if sow::relay(&mut own.clone(), m, index, &mut Quiet) == Relay::Endless {
                    rec.steps.push(Step::Endless);
                } else {
                    let mut opp = self.row(side.other()).to_vec();
                    let _ = sow::mulabalaba_move(&mut own, &mut opp, w, index, &mut rec);
                }
            }
        }
        Ok(rec.steps)
    }
}

/// Applies steps to a copy of the holes (global order), as a front end would animate them.
/// Returns the holes afterwards and the seeds captured.
#[must_use]
pub fn apply_steps(board: crate::Board, holes: &[u8], steps: &[Step]) -> (Vec<u8>, u32) {
    let mut holes = holes.to_vec();
    let mut captured = 0;
    for step in steps {
        match *step {
            Step::Lift { hole, .. } => holes[board.global(hole)] = 0,
            Step::Drop { hole, .. } => holes[board.global(hole)] += 1,
            Step::Capture { hole, seeds } => {
                holes[board.global(hole)] = 0;
                captured += u32::from(seeds);
            }
            Step::Skip { .. } | Step::GrandSlam { .. } | Step::Endless => {}
        }
    }
    (holes, captured)
}
