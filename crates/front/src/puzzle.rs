//! Puzzles in a front end: the player's puzzle progress (the daily puzzles solved, the streak,
//! the Glicko-2 rating), picking a puzzle near the player's rating, and recording an attempt.
//! Attempting one, move by move, is [`kraal_puzzles::Attempt`]; the packs are data the front
//! ends embed (`data/puzzles/`).
//!
//! The streak and the best streak are derived from the days solved, never stored twice.

use kraal_puzzles::{Date, GameName, Puzzle};
use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use std::collections::{BTreeMap, BTreeSet};

/// The deviation a puzzle's rating is taken to have when the player's rating is updated.
pub const PUZZLE_DEVIATION: f64 = 80.0;

/// The `[puzzles]` section of the progress file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct PuzzleProgress {
    /// The days a daily puzzle was solved (`YYYY-MM-DD`), each with the games solved that day.
    #[serde(default)]
    pub solved_days: BTreeMap<String, BTreeSet<String>>,
    /// The ids of the puzzles solved (with or without help), so `play` offers new ones.
    #[serde(default)]
    pub solved: BTreeSet<String>,
    /// The player's Glicko-2 rating.
    #[serde(default = "default_rating")]
    pub rating: f64,
    /// Its deviation.
    #[serde(default = "default_deviation")]
    pub deviation: f64,
    /// Its volatility.
    #[serde(default = "default_volatility")]
    pub volatility: f64,
    /// Keys this version does not know, kept and written back unchanged.
    #[serde(flatten)]
    pub other: toml::Table,
}

fn default_rating() -> f64 {
    Glicko2Rating::new().rating
}
fn default_deviation() -> f64 {
    Glicko2Rating::new().deviation
}
fn default_volatility() -> f64 {
    Glicko2Rating::new().volatility
}

impl Default for PuzzleProgress {
    fn default() -> Self {
        PuzzleProgress {
            solved_days: BTreeMap::new(),
            solved: BTreeSet::new(),
            rating: default_rating(),
            deviation: default_deviation(),
            volatility: default_volatility(),
            other: toml::Table::new(),
        }
    }
}

/// What recording an attempt changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Recorded {
    /// The rating before.
    pub before: f64,
    /// The rating after.
    pub after: f64,
    /// The streak of daily puzzles, after.
    pub streak: u32,
}

impl PuzzleProgress {
    /// Whether nothing was ever recorded (the section is then not written).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == PuzzleProgress::default()
    }

    /// Days solved in a row, ending on `today` or, if today's is not solved yet, yesterday.
    #[must_use]
    pub fn streak(&self, today: Date) -> u32 {
        let solved = |d: Date| self.solved_days.contains_key(&d.to_string());
        let mut day = if solved(today) {
            today
        } else {
            Date::from_days_since_epoch(today.days_since_epoch() - 1)
        };
        let mut n = 0;
        while solved(day) {
            n += 1;
            day = Date::from_days_since_epoch(day.days_since_epoch() - 1);
        }
        n
    }

    /// The longest run of days solved in a row.
    #[must_use]
    pub fn best_streak(&self) -> u32 {
        let days: Vec<i64> = self
            .solved_days
            .keys()
            .filter_map(|d| d.parse::<Date>().ok())
            .map(Date::days_since_epoch)
            .collect();
        let (mut best, mut run, mut last) = (0, 0, None);
        for d in days {
            run = if last == Some(d - 1) { run + 1 } else { 1 };
            best = best.max(run);
            last = Some(d);
        }
        best
    }

    /// The player's rating.
    #[must_use]
    pub fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// Records an attempt at `puzzle`: solved cleanly (no wrong move, no solution asked for)
    /// is a win against the puzzle's rating, anything else a loss. A daily puzzle solved
    /// cleanly on its own day (`daily`) counts for the streak.
    pub fn record(&mut self, puzzle: &Puzzle, clean: bool, daily: Option<Date>) -> Recorded {
        let before = self.rating;
        let opponent = Glicko2Rating {
            rating: f64::from(puzzle.rating),
            deviation: PUZZLE_DEVIATION,
            volatility: default_volatility(),
        };
        let outcome = if clean { Outcomes::WIN } else { Outcomes::LOSS };
        let (me, _) = glicko2(&self.glicko(), &opponent, &outcome, &Glicko2Config::new());
        self.rating = me.rating;
        self.deviation = me.deviation;
        self.volatility = me.volatility;
        self.solved.insert(puzzle.id.clone());
        if let Some(day) = daily
            && clean
        {
            self.solved_days
                .entry(day.to_string())
                .or_default()
                .insert(puzzle.variant.game().name().to_owned());
        }
        let today = daily.unwrap_or_else(Date::today_utc);
        Recorded {
            before,
            after: self.rating,
            streak: self.streak(today),
        }
    }
}

/// A puzzle of `game` near the player's rating: of those not solved yet (all of them once every
/// one is), the closest in rating; ties go to the first in pack order.
#[must_use]
pub fn near_rating<'a>(
    puzzles: &'a [Puzzle],
    game: GameName,
    progress: &PuzzleProgress,
) -> Option<&'a Puzzle> {
    let of_game = || puzzles.iter().filter(move |p| p.variant.game() == game);
    let distance = |p: &&Puzzle| (f64::from(p.rating) - progress.rating).abs() as u64;
    of_game()
        .filter(|p| !progress.solved.contains(&p.id))
        .min_by_key(distance)
        .or_else(|| of_game().min_by_key(distance))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> Date {
        s.parse().unwrap()
    }

    #[test]
    fn streaks_count_days_in_a_row_from_the_solved_days() {
        let mut p = PuzzleProgress::default();
        for d in [
            "2026-11-20",
            "2026-11-21",
            "2026-11-22",
            "2026-11-28",
            "2026-11-29",
        ] {
            p.solved_days
                .entry(d.to_owned())
                .or_default()
                .insert("oware".to_owned());
        }
        assert_eq!(p.best_streak(), 3);
        // Today not solved yet: the run up to yesterday still stands.
        assert_eq!(p.streak(day("2026-11-30")), 2);
        assert_eq!(p.streak(day("2026-11-29")), 2);
        assert_eq!(p.streak(day("2026-12-01")), 0);
    }
}
