//! Difficulty: the weakest of the seven opponents that finds the first move in 4 of 5 seeded
//! tries, plus the solution's length, mapped to a Glicko-2 rating.

use crate::subject::Subject;
use kraal_ai::OPPONENTS;

/// Tries per opponent, and how many must find the move.
pub const TRIES: u64 = 5;
/// Finds needed of [`TRIES`].
pub const FINDS: u64 = 4;

/// The weakest opponent level (1..=7) whose choice in `state` satisfies `accept` in 4 of 5
/// seeded tries, or `None` when not even the strongest does.
///
/// An alpha-beta opponent that always plays its best move chooses the same move whatever the
/// seed, so one try stands for all five.
pub fn weakest_finder<G: Subject>(
    state: &G::State,
    seed: u64,
    mut accept: impl FnMut(G::Move) -> bool,
) -> Option<u8> {
    for opponent in OPPONENTS {
        let deterministic = opponent.is_deterministic();
        let mut player = opponent.player::<G>();
        let mut found = 0;
        let tries = if deterministic { 1 } else { TRIES };
        for t in 0..tries {
            if player
                .choose(state, seed.wrapping_mul(31).wrapping_add(t))
                .mv
                .is_some_and(&mut accept)
            {
                found += 1;
            }
        }
        let found = if deterministic { found * TRIES } else { found };
        if found >= FINDS {
            return Some(opponent.level);
        }
    }
    None
}

/// The rating of a puzzle found first by opponent `level` (`None`: by none of them) with
/// `solver_moves` moves to find.
#[must_use]
pub fn rating(level: Option<u8>, solver_moves: usize) -> u16 {
    let base = match level {
        Some(l) => 500 + 200 * u16::from(l),
        None => 2_100,
    };
    base + 80 * (solver_moves.saturating_sub(1).min(8) as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weaker_finders_and_shorter_lines_rate_lower() {
        assert_eq!(rating(Some(1), 1), 700);
        assert_eq!(rating(Some(7), 1), 1_900);
        assert_eq!(rating(None, 1), 2_100);
        assert_eq!(rating(Some(3), 3), 1_260);
        assert!(rating(Some(2), 2) < rating(Some(3), 2));
    }
}
