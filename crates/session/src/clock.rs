//! Clocks: none, a limit per move (the tournament two-minute rule), or a game clock with an
//! increment. Pure logic on instants the caller gives, so it is tested without waiting.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// How time is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TimeControl {
    /// No clock.
    #[default]
    None,
    /// Each move must be made within this time (the two-minute rule: 120 s).
    PerMove(Duration),
    /// Each player has `base` for the game and gains `increment` after each move.
    Game {
        /// Time for the whole game.
        base: Duration,
        /// Time added after each move.
        increment: Duration,
    },
}

/// Text that is not a time control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTimeControl(pub String);

impl fmt::Display for BadTimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a time control (write none, move:120 for 120 seconds a move, or 5+3 for \
             five minutes a game plus three seconds a move)",
            crate::error::quoted(&self.0)
        )
    }
}
impl std::error::Error for BadTimeControl {}

impl FromStr for TimeControl {
    type Err = BadTimeControl;

    /// Reads `none`, `move:SECONDS`, or `MINUTES+SECONDS`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        let bad = || BadTimeControl(s.trim().to_owned());
        let number = |n: &str| {
            n.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
        };
        if t == "none" || t.is_empty() {
            return Ok(TimeControl::None);
        }
        if let Some(seconds) = t.strip_prefix("move:") {
            let s = number(seconds).filter(|s| *s > 0.0).ok_or_else(bad)?;
            return Ok(TimeControl::PerMove(Duration::from_secs_f64(s)));
        }
        let (minutes, increment) = t.split_once('+').ok_or_else(bad)?;
        let base = number(minutes).filter(|m| *m > 0.0).ok_or_else(bad)?;
        let increment = number(increment).ok_or_else(bad)?;
        Ok(TimeControl::Game {
            base: Duration::from_secs_f64(base * 60.0),
            increment: Duration::from_secs_f64(increment),
        })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::None => f.write_str("none"),
            TimeControl::PerMove(d) => write!(f, "move:{}", d.as_secs_f64()),
            TimeControl::Game { base, increment } => {
                write!(
                    f,
                    "{}+{}",
                    base.as_secs_f64() / 60.0,
                    increment.as_secs_f64()
                )
            }
        }
    }
}

/// A running clock for two players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Time left for the game (game clock only).
    remaining: [Duration; 2],
    /// When the side to move's turn started; `None` while the clock is stopped (paused).
    running_since: Option<Instant>,
    /// Time the side to move had already used this turn before a pause.
    used_this_turn: Duration,
}

impl Clock {
    /// A stopped clock with full time for both.
    #[must_use]
    pub fn new(control: TimeControl) -> Clock {
        let base = match control {
            TimeControl::Game { base, .. } => base,
            _ => Duration::ZERO,
        };
        Clock {
            control,
            remaining: [base; 2],
            running_since: None,
            used_this_turn: Duration::ZERO,
        }
    }

    /// The time control.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Starts (or resumes) the side to move's time.
    pub fn start(&mut self, now: Instant) {
        if self.running_since.is_none() {
            self.running_since = Some(now);
        }
    }

    /// Stops the clock, keeping the time used so far this turn (for saving, or a pause).
    pub fn pause(&mut self, now: Instant) {
        if let Some(since) = self.running_since.take() {
            self.used_this_turn += now.saturating_duration_since(since);
        }
    }

    /// Time the side to move has used this turn.
    #[must_use]
    pub fn used(&self, now: Instant) -> Duration {
        self.used_this_turn
            + self
                .running_since
                .map_or(Duration::ZERO, |s| now.saturating_duration_since(s))
    }

    /// Time `side` has left: for the game (game clock), or for this move (per-move limit, when
    /// `side` is to move), or `None` without a clock.
    #[must_use]
    pub fn left(&self, side: usize, to_move: usize, now: Instant) -> Option<Duration> {
        match self.control {
            TimeControl::None => None,
            TimeControl::PerMove(limit) => Some(if side == to_move {
                limit.saturating_sub(self.used(now))
            } else {
                limit
            }),
            TimeControl::Game { .. } => Some(if side == to_move {
                self.remaining[side].saturating_sub(self.used(now))
            } else {
                self.remaining[side]
            }),
        }
    }

    /// Whether the side to move has run out of time.
    #[must_use]
    pub fn flagged(&self, to_move: usize, now: Instant) -> bool {
        self.left(to_move, to_move, now)
            .is_some_and(|d| d.is_zero())
    }

    /// Ends `side`'s turn at `now`: charges its time (and adds the increment); the other side's
    /// time starts. Returns false, charging nothing, if the time had already run out.
    pub fn end_turn(&mut self, side: usize, now: Instant) -> bool {
        if self.flagged(side, now) {
            return false;
        }
        if let TimeControl::Game { increment, .. } = self.control {
            self.remaining[side] = self.remaining[side].saturating_sub(self.used(now)) + increment;
        }
        self.used_this_turn = Duration::ZERO;
        self.running_since = Some(now);
        true
    }

    /// The state to save: the time each side has left and the time used this turn, in seconds.
    #[must_use]
    pub fn snapshot(&self, now: Instant) -> String {
        format!(
            "{} {} {}",
            self.remaining[0].as_secs_f64(),
            self.remaining[1].as_secs_f64(),
            self.used(now).as_secs_f64()
        )
    }

    /// A stopped clock restored from [`Clock::snapshot`]'s text.
    #[must_use]
    pub fn restore(control: TimeControl, snapshot: &str) -> Option<Clock> {
        let values: Vec<f64> = snapshot
            .split_whitespace()
            .map(|v| v.parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0))
            .collect::<Option<_>>()?;
        let [white, black, used] = values.as_slice() else {
            return None;
        };
        Some(Clock {
            control,
            remaining: [
                Duration::from_secs_f64(*white),
                Duration::from_secs_f64(*black),
            ],
            running_since: None,
            used_this_turn: Duration::from_secs_f64(*used),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn time_controls_read_and_print() {
        assert_eq!("none".parse(), Ok(TimeControl::None));
        assert_eq!("move:120".parse(), Ok(TimeControl::PerMove(secs(120))));
        assert_eq!(
            "5+3".parse(),
            Ok(TimeControl::Game {
                base: secs(300),
                increment: secs(3)
            })
        );
        for bad in ["5", "move:0", "move:x", "-1+2", "5+-1", "0+5"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        let t: TimeControl = "5+3".parse().unwrap();
        assert_eq!(t.to_string().parse(), Ok(t));
    }

    #[test]
    fn a_game_clock_charges_the_mover_and_adds_the_increment() {
        let t0 = Instant::now();
        let mut c = Clock::new("1+2".parse().unwrap());
        c.start(t0);
        assert!(c.end_turn(0, t0 + secs(10)));
        assert_eq!(c.left(0, 1, t0 + secs(10)), Some(secs(52)));
        assert_eq!(c.left(1, 1, t0 + secs(25)), Some(secs(45)));
        assert!(c.flagged(1, t0 + secs(70)));
        assert!(
            !c.end_turn(1, t0 + secs(71)),
            "a flagged move does not count"
        );
    }

    #[test]
    fn the_two_minute_rule_limits_each_move() {
        let t0 = Instant::now();
        let mut c = Clock::new(TimeControl::PerMove(secs(120)));
        c.start(t0);
        assert!(!c.flagged(0, t0 + secs(119)));
        assert!(c.end_turn(0, t0 + secs(119)));
        assert!(c.flagged(1, t0 + secs(119 + 120)));
        assert_eq!(Clock::new(TimeControl::None).left(0, 0, t0), None);
    }

    #[test]
    fn a_paused_clock_does_not_run_and_restores_from_its_snapshot() {
        let t0 = Instant::now();
        let mut c = Clock::new("1+0".parse().unwrap());
        c.start(t0);
        c.pause(t0 + secs(20));
        assert_eq!(
            c.used(t0 + secs(500)),
            secs(20),
            "no time passes while paused"
        );
        let text = c.snapshot(t0 + secs(500));
        let mut back = Clock::restore(c.control(), &text).expect("snapshot reads");
        assert_eq!(back.used(t0), secs(20));
        back.start(t0 + secs(1000));
        assert_eq!(back.left(0, 0, t0 + secs(1010)), Some(secs(30)));
        assert_eq!(Clock::restore(c.control(), "1 2"), None);
        assert_eq!(Clock::restore(c.control(), "1 x 3"), None);
    }
}
