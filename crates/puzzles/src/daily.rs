//! The daily puzzle: a pure function of the date and the game.
//!
//! - **Eligible**: the puzzles of the game added on the day or before, whose rating is in the
//!   day's band: easier early in the week, harder at the weekend ([`band`]). When the band holds
//!   none, every puzzle added by the day is eligible.
//! - **Rendezvous hashing**: of the eligible puzzles, the one with the highest FNV-1a hash of
//!   `DATE|GAME|ID` wins. A puzzle added later never is eligible for an earlier day, and adding
//!   one never changes another's hash, so appending to a pack (with today's date, as the
//!   generator does) never changes a past day.

use crate::date::{Date, Weekday};
use crate::puzzle::Puzzle;
use crate::variant::GameName;

/// The ratings of a day's puzzle (inclusive).
#[must_use]
pub const fn band(day: Weekday) -> (u16, u16) {
    match day {
        Weekday::Monday | Weekday::Tuesday => (0, 1_150),
        Weekday::Wednesday | Weekday::Thursday => (1_000, 1_500),
        Weekday::Friday => (1_300, 1_800),
        Weekday::Saturday | Weekday::Sunday => (1_500, 4_000),
    }
}

/// FNV-1a, 64 bits: fixed for ever, the same on every machine.
fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn score(date: Date, game: GameName, p: &Puzzle) -> u64 {
    fnv1a(&format!("{date}|{}|{}", game.name(), p.id))
}

/// The daily puzzle of `game` on `date` among `puzzles` (any packs, any order), if any puzzle of
/// the game was added by that day.
#[must_use]
pub fn daily(date: Date, game: GameName, puzzles: &[Puzzle]) -> Option<&Puzzle> {
    let (lo, hi) = band(date.weekday());
    let before: Vec<&Puzzle> = puzzles
        .iter()
        .filter(|p| p.variant.game() == game && p.added <= date)
        .collect();
    let pick = |only_band: bool| {
        before
            .iter()
            .filter(|p| !only_band || (lo..=hi).contains(&p.rating))
            .map(|p| (score(date, game, p), *p))
            .max_by(|a, b| a.0.cmp(&b.0).then_with(|| b.1.id.cmp(&a.1.id)))
            .map(|(_, p)| p)
    };
    pick(true).or_else(|| pick(false))
}
