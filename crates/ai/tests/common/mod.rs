//! What the AI's test files share: seeded random play.

#![allow(dead_code)] // each test file uses its own part

use kraal_ai::Game;

/// A small seeded generator (a linear congruential one), independent of the code under test.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Positions reached by seeded random play of up to `max_plies` plies from each start in turn.
pub fn random_playouts<G: Game>(
    starts: &[G::State],
    count: usize,
    max_plies: usize,
    seed: u64,
) -> Vec<G::State> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for start in starts.iter().cycle().take(count) {
        out.push(random_play::<G>(start, &mut rng, max_plies));
    }
    out
}

/// The position after up to `max_plies` random plies from `start` (fewer if the game ends).
pub fn random_play<G: Game>(start: &G::State, rng: &mut Rng, max_plies: usize) -> G::State {
    let mut state = start.clone();
    let mut moves = Vec::new();
    for _ in 0..rng.below(max_plies) {
        moves.clear();
        G::legal_moves(&state, &mut moves);
        if moves.is_empty() {
            break;
        }
        let _ = G::play(&mut state, moves[rng.below(moves.len())]);
    }
    state
}
