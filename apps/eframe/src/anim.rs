//! Animations: a cow sliding or appearing, a shot cow fading, seeds sown hole by hole.
//!
//! An animation only says how far it has come at a time (the frame's input time, so tests run
//! it by stepping); the board draws the position after the move with the animation's overrides.

use kraal_rules_mancala::{self as mancala, Hole, Step, apply_steps};
use kraal_rules_morris as morris;

/// How long a mill move takes at speed 1, in seconds.
const MORRIS_SECONDS: f64 = 0.5;
/// How long one seed takes at speed 1, in seconds.
const SEED_SECONDS: f64 = 0.2;
/// The longest a sowing may take, in seconds, however many seeds (a Mulabalaba relay can
/// take forty steps and more): the terminal UI's cap too.
pub const MOST_SOWING_SECONDS: f64 = 3.0;

/// A move being shown.
#[derive(Clone, Debug, PartialEq)]
pub enum Animation {
    /// A mill move: the cow moves or appears, then shot cows fade.
    Morris {
        /// The move.
        mv: morris::Move,
        /// Who made it.
        mover: morris::Color,
        /// When it began.
        start: f64,
        /// How long it takes.
        duration: f64,
    },
    /// Sowing, one step at a time.
    Mancala {
        /// The board.
        board: mancala::Board,
        /// The holes before the move (global order).
        before: Vec<u8>,
        /// The stores before the move.
        stores: [u32; 2],
        /// Who sowed.
        mover: mancala::Side,
        /// Every step of the move.
        steps: Vec<Step>,
        /// When it began.
        start: f64,
        /// Seconds a step.
        step_time: f64,
    },
}

/// How a sowing stands part way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// Seeds in each hole (global order).
    pub holes: Vec<u8>,
    /// Seeds in each store.
    pub stores: [u32; 2],
    /// The hole the last step touched.
    pub current: Option<Hole>,
}

impl Animation {
    /// A mill move by `mover` starting at `now`.
    #[must_use]
    pub fn morris(mv: morris::Move, mover: morris::Color, now: f64, speed: f32) -> Animation {
        Animation::Morris {
            mv,
            mover,
            start: now,
            duration: MORRIS_SECONDS / f64::from(speed.max(0.1)),
        }
    }

    /// The sowing of `mv` from `before`, starting at `now`; `None` if the move is illegal there.
    #[must_use]
    pub fn mancala(
        before: &mancala::Position,
        mv: mancala::Move,
        now: f64,
        speed: f32,
    ) -> Option<Animation> {
        let steps = before.steps(mv).ok()?;
        let step_time = (SEED_SECONDS / f64::from(speed.max(0.1)))
            .min(MOST_SOWING_SECONDS / steps.len().max(1) as f64);
        Some(Animation::Mancala {
            board: before.board(),
            before: before.holes().to_vec(),
            stores: [
                before.captured(mancala::Side::South),
                before.captured(mancala::Side::North),
            ],
            mover: before.side_to_move(),
            steps,
            start: now,
            step_time,
        })
    }

    /// How long the whole animation takes.
    #[must_use]
    pub fn duration(&self) -> f64 {
        match self {
            Animation::Morris { duration, .. } => *duration,
            Animation::Mancala {
                steps, step_time, ..
            } => steps.len() as f64 * step_time,
        }
    }

    /// How far it has come at `now`, 0 to 1.
    #[must_use]
    pub fn progress(&self, now: f64) -> f32 {
        let start = match self {
            Animation::Morris { start, .. } | Animation::Mancala { start, .. } => *start,
        };
        let d = self.duration();
        if d <= 0.0 {
            1.0
        } else {
            ((now - start) / d).clamp(0.0, 1.0) as f32
        }
    }

    /// Whether it is over at `now`.
    #[must_use]
    pub fn is_done(&self, now: f64) -> bool {
        self.progress(now) >= 1.0
    }

    /// The sowing as it stands at `now` (mancala animations only).
    #[must_use]
    pub fn sowing(&self, now: f64) -> Option<Sowing> {
        let Animation::Mancala {
            board,
            before,
            stores,
            mover,
            steps,
            ..
        } = self
        else {
            return None;
        };
        let done = ((self.progress(now) * steps.len() as f32).floor() as usize).min(steps.len());
        let (holes, captured) = apply_steps(*board, before, &steps[..done]);
        let mut stores = *stores;
        stores[mover.index()] += captured;
        let current = steps[..done].iter().rev().find_map(|s| match *s {
            Step::Lift { hole, .. }
            | Step::Drop { hole, .. }
            | Step::Capture { hole, .. }
            | Step::Skip { hole } => Some(hole),
            Step::GrandSlam { .. } | Step::Endless => None,
        });
        Some(Sowing {
            holes,
            stores,
            current,
        })
    }
}

/// Smooth start and stop.
#[must_use]
pub fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sowing_ends_where_the_move_does() {
        let options = mancala::Options::from_rule_set("abapa", &[] as &[&str]).unwrap();
        let pos = mancala::Position::new(options);
        let mv = pos.legal_moves()[2];
        let anim = Animation::mancala(&pos, mv, 10.0, 1.0).unwrap();
        let start = anim.sowing(10.0).unwrap();
        assert_eq!(start.holes, pos.holes());
        let end = anim.sowing(10.0 + anim.duration()).unwrap();
        let after = pos.clone().play(mv).unwrap();
        assert_eq!(end.holes, after.holes());
        assert!(anim.is_done(10.0 + anim.duration()));
        assert!(!anim.is_done(10.0));
    }

    #[test]
    fn speed_shortens_a_move() {
        let mv = morris::Move::place("d7".parse().unwrap());
        let slow = Animation::morris(mv, morris::Color::White, 0.0, 1.0);
        let fast = Animation::morris(mv, morris::Color::White, 0.0, 2.0);
        assert!(fast.duration() < slow.duration());
        assert!((slow.progress(slow.duration() / 2.0) - 0.5).abs() < 1e-3);
    }
}
