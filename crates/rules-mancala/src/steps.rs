//! A move shown step by step (the holes visited in order, relays, captures), so that front ends
//! can animate sowing.

use crate::board::{Game, Hole};
use crate::moves::{IllegalMove, Move};
use crate::options::GrandSlam;
use crate::position::{Position, Sown};
use crate::sow::{self, MAX_OWN, Own};

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

impl Position {
    /// The steps of a legal move, in order: lifts, drops, skips, relays and captures. Applying
    /// them to this position's holes gives the holes after [`Position::play`].
    ///
    /// # Errors
    /// The reason, when the move is not legal here.
    pub fn steps(&self, mv: Move) -> Result<Vec<Step>, IllegalMove> {
        self.check(mv)?;
        let mut steps = Vec::new();
        match self.game() {
            Game::Oware => self.oware_steps(usize::from(mv.index()), &mut steps),
            Game::Mulabalaba => self.mulabalaba_steps(usize::from(mv.index()), &mut steps),
        }
        Ok(steps)
    }

    fn oware_steps(&self, index: usize, steps: &mut Vec<Step>) {
        let board = self.board();
        let w = board.width();
        let ring = 2 * w;
        let side = self.side_to_move();
        let mut holes = self.holes().to_vec();
        let origin = side.index() * w + index;
        let hole_of = |g: usize| board.from_global(g).expect("ring index");
        let mut n = holes[origin];
        holes[origin] = 0;
        steps.push(Step::Lift {
            hole: hole_of(origin),
            seeds: n,
            relay: false,
        });
        let mut i = origin;
        while n > 0 {
            i = (i + 1) % ring;
            if i == origin {
                steps.push(Step::Skip { hole: hole_of(i) });
                continue;
            }
            holes[i] += 1;
            n -= 1;
            steps.push(Step::Drop {
                hole: hole_of(i),
                seeds: holes[i],
            });
        }
        let opp_lo = side.other().index() * w;
        if let Some(chain) = sow::oware_chain(&holes, i, opp_lo, w, self.options().captures) {
            let rule = self.options().grand_slam;
            if chain.grand_slam {
                steps.push(Step::GrandSlam { rule });
            }
            for g in sow::oware_taken(chain, rule).rev() {
                steps.push(Step::Capture {
                    hole: hole_of(g),
                    seeds: holes[g],
                });
            }
        }
    }

    fn mulabalaba_steps(&self, index: usize, steps: &mut Vec<Step>) {
        let board = self.board();
        let m = board.holes_per_side();
        let w = board.width();
        let side = self.side_to_move();
        let mut own: Own = [0; MAX_OWN];
        own[..m].copy_from_slice(self.row(side));
        if self.sow_own(&mut own.clone(), index) == Sown::Endless {
            steps.push(Step::Endless);
            return;
        }
        let hole = |i: usize| Hole::new(side, i as u8);
        let mut h = index;
        let mut relay = false;
        loop {
            let mut n = own[h];
            own[h] = 0;
            steps.push(Step::Lift {
                hole: hole(h),
                seeds: n,
                relay,
            });
            let mut i = h;
            while n > 0 {
                i = (i + 1) % m;
                own[i] += 1;
                n -= 1;
                steps.push(Step::Drop {
                    hole: hole(i),
                    seeds: own[i],
                });
            }
            if own[i] > 1 {
                h = i;
                relay = true;
                continue;
            }
            if i >= w {
                let opp: &[u8] = self.row(side.other());
                let (facing, behind) = (3 * w - 1 - i, i - w);
                if opp[facing] > 0 {
                    let other = side.other();
                    steps.push(Step::Capture {
                        hole: Hole::new(other, facing as u8),
                        seeds: opp[facing],
                    });
                    if opp[behind] > 0 {
                        steps.push(Step::Capture {
                            hole: Hole::new(other, behind as u8),
                            seeds: opp[behind],
                        });
                    }
                }
            }
            return;
        }
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
