//! Tuning evaluation weights by self-play: play games, keep each position's features with the
//! game's result, and fit the weights so that a logistic of the evaluation predicts the result
//! (the "Texel" method). Only the weights change; the features are the evaluation's own.

use crate::game::{Game, Verdict};
use crate::mancala::{self, Mancala};
use crate::matches::MOVE_LIMIT;
use crate::morris::{self, Morris};
use crate::opponents::Opponent;
use kraal_rules_mancala::Game as Kind;

/// A game whose evaluation is a weighted sum of features.
///
/// A mill-game evaluation weighs its features apart in each phase of the game
/// ([`morris::WEIGHT_PHASES`]): to the fit, each feature in each phase is a weight of its own
/// (the features of a position are zero outside its phase's block), and the cow is the unit in
/// every phase.
pub trait Tunable: Game {
    /// The names of the weights, for the evaluation of `state`'s game.
    fn feature_names(state: &Self::State) -> Vec<String>;
    /// The features of `state`, from the side to move's view, one for each weight.
    fn features(state: &Self::State) -> Vec<i32>;
    /// The weights in use for `state`'s game.
    fn weights(state: &Self::State) -> Vec<i32>;
    /// The indices of the weights that stay fixed as the unit (one cow, one seed).
    fn units(_state: &Self::State) -> Vec<usize> {
        vec![0]
    }
}

impl Tunable for Morris {
    fn feature_names(_: &Self::State) -> Vec<String> {
        morris::WEIGHT_PHASES
            .iter()
            .flat_map(|phase| {
                morris::FEATURES
                    .iter()
                    .map(move |name| format!("{name} ({phase})"))
            })
            .collect()
    }
    fn features(state: &Self::State) -> Vec<i32> {
        let per_phase = morris::FEATURES.len();
        let mut all = vec![0; per_phase * morris::WEIGHT_PHASES.len()];
        let block = morris::weight_phase(state) * per_phase;
        all[block..block + per_phase].copy_from_slice(&morris::features(state));
        all
    }
    fn weights(_: &Self::State) -> Vec<i32> {
        morris::WEIGHTS.concat()
    }
    fn units(_: &Self::State) -> Vec<usize> {
        (0..morris::WEIGHT_PHASES.len())
            .map(|phase| phase * morris::FEATURES.len())
            .collect()
    }
}

impl Tunable for Mancala {
    fn feature_names(state: &Self::State) -> Vec<String> {
        let names: &[&str] = match state.game() {
            Kind::Oware => &mancala::OWARE_FEATURES,
            Kind::Mulabalaba => &mancala::MULABALABA_FEATURES,
        };
        names.iter().map(ToString::to_string).collect()
    }
    fn features(state: &Self::State) -> Vec<i32> {
        match state.game() {
            Kind::Oware => mancala::oware_features(state).to_vec(),
            Kind::Mulabalaba => mancala::mulabalaba_features(state).to_vec(),
        }
    }
    fn weights(state: &Self::State) -> Vec<i32> {
        match state.game() {
            Kind::Oware => mancala::OWARE_WEIGHTS.to_vec(),
            Kind::Mulabalaba => mancala::MULABALABA_WEIGHTS.to_vec(),
        }
    }
}

/// One position of a self-play game: its features and how the game ended for the side to move
/// (1 won, 0.5 drawn, 0 lost).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position's features.
    pub features: Vec<i32>,
    /// The result for the side to move.
    pub result: f64,
    /// Whether the side to move is the side that moved first in the game (which wins most
    /// games between equal mill-game players: a fit may explain that apart).
    pub first_to_move: bool,
    /// The player's own search score of the position, as an expected result for the side to
    /// move (1 a proven win, 0 a proven loss, a logistic of the value between, one cow or
    /// seed the scale).
    pub searched: f64,
}

impl Sample {
    /// Replaces the result by a blend of it and the search's expectation: `lambda` of the
    /// game's result and the rest of the search score (a fit then learns what a deeper search
    /// sees, not only who won, which in the mill games mostly follows who moved first).
    pub fn blend_search(&mut self, lambda: f64) {
        self.result = lambda * self.result + (1.0 - lambda) * self.searched;
    }
}

/// The expected result for the side to move of a search score (see [`Sample::searched`]).
#[must_use]
pub fn expected_result(score: crate::Score, scale: f64) -> f64 {
    match score {
        crate::Score::WinIn(_) => 1.0,
        crate::Score::LossIn(_) => 0.0,
        crate::Score::Value(v) => 1.0 / (1.0 + (-f64::from(v) / scale).exp()),
    }
}

fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z ^ (z >> 31)
}

/// Plays `games` self-play games of `player` against itself from `start` (each after
/// `opening_plies` seeded random plies) and keeps every position after the opening. The games
/// are shared among `threads` threads (game `g` goes to thread `g % threads`, each with its own
/// engine), so the samples depend on the thread count but not on timing.
pub fn self_play_samples<G: Tunable>(
    start: &G::State,
    player: Opponent,
    games: u32,
    opening_plies: u32,
    seed: u64,
    threads: u32,
) -> Vec<Sample> {
    let threads = threads.max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut engine = player.player::<G>();
                    let mut samples = Vec::new();
                    for game in (t..games).step_by(threads as usize) {
                        self_play_game::<G>(
                            start,
                            &mut engine,
                            game,
                            opening_plies,
                            seed,
                            &mut samples,
                        );
                    }
                    samples
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a self-play thread panicked"))
            .collect()
    })
}

/// Plays self-play game number `game` and appends its positions to `samples`.
fn self_play_game<G: Tunable>(
    start: &G::State,
    engine: &mut crate::opponents::Player<G>,
    game: u32,
    opening_plies: u32,
    seed: u64,
    samples: &mut Vec<Sample>,
) {
    let mut moves = Vec::new();
    let mut state = start.clone();
    let mut seen: Vec<(Vec<i32>, usize, f64)> = Vec::new();
    let mut verdict = None;
    for ply in 0..MOVE_LIMIT {
        if let Some(v) = G::verdict(&state) {
            verdict = Some((v, G::side_to_move(&state)));
            break;
        }
        let mv = if ply < opening_plies {
            moves.clear();
            G::legal_moves(&state, &mut moves);
            moves[(mix(seed ^ u64::from(game), u64::from(ply)) % moves.len() as u64) as usize]
        } else {
            let choice = engine.choose(&state, mix(seed, (u64::from(game) << 16) | u64::from(ply)));
            let Some(mv) = choice.mv else { break };
            seen.push((
                G::features(&state),
                G::side_to_move(&state),
                expected_result(choice.score, 1000.0),
            ));
            mv
        };
        let _ = G::play(&mut state, mv);
    }
    // A game cut at the move limit counts as drawn.
    let (v, side) = verdict.unwrap_or((Verdict::Draw, 0));
    for (features, mover, searched) in seen {
        let v = if mover == side { v } else { v.flip() };
        let result = match v {
            Verdict::Win => 1.0,
            Verdict::Draw => 0.5,
            Verdict::Loss => 0.0,
        };
        samples.push(Sample {
            features,
            result,
            first_to_move: mover == G::side_to_move(start),
            searched,
        });
    }
}

fn predict(sample: &Sample, weights: &[f64], scale: f64) -> f64 {
    let eval: f64 = sample
        .features
        .iter()
        .zip(weights)
        .map(|(&f, w)| f64::from(f) * w)
        .sum();
    1.0 / (1.0 + (-eval / scale).exp())
}

/// The mean squared error of the predictions of `weights` on `samples`.
#[must_use]
pub fn loss(samples: &[Sample], weights: &[i32], scale: f64) -> f64 {
    let w: Vec<f64> = weights.iter().map(|&w| f64::from(w)).collect();
    let total: f64 = samples
        .iter()
        .map(|s| (predict(s, &w, scale) - s.result).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// Fits the weights to `samples` by gradient descent on the squared error, keeping the weights
/// at the indices `units` (the unit: one cow or one seed) fixed. Returns the new weights,
/// rounded.
#[must_use]
pub fn fit(
    samples: &[Sample],
    initial: &[i32],
    units: &[usize],
    scale: f64,
    rounds: u32,
) -> Vec<i32> {
    let mut w: Vec<f64> = initial.iter().map(|&w| f64::from(w)).collect();
    let n = samples.len().max(1) as f64;
    let mut rate = 2.0e5;
    let mut previous = f64::INFINITY;
    for _ in 0..rounds {
        let mut gradient = vec![0.0; w.len()];
        let mut total = 0.0;
        for s in samples {
            let p = predict(s, &w, scale);
            let error = p - s.result;
            total += error * error;
            let slope = 2.0 * error * p * (1.0 - p) / scale;
            for (g, &f) in gradient.iter_mut().zip(&s.features) {
                *g += slope * f64::from(f);
            }
        }
        if total > previous {
            rate /= 2.0;
        }
        previous = total;
        for (i, (wi, g)) in w.iter_mut().zip(&gradient).enumerate() {
            if !units.contains(&i) {
                *wi -= rate * g / n;
            }
        }
    }
    w.iter().map(|w| w.round() as i32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_recovers_a_weight_that_explains_the_results() {
        // Results drawn from a known logistic of two features: the fit must find the second
        // weight again (the first is the fixed unit).
        let mut samples = Vec::new();
        let true_weights = [1000.0, 400.0];
        let mut state = 12345u64;
        for _ in 0..4000 {
            state = mix(state, 7);
            let a = (state % 5) as i32 - 2;
            let b = ((state >> 8) % 7) as i32 - 3;
            let eval = f64::from(a) * true_weights[0] + f64::from(b) * true_weights[1];
            let p = 1.0 / (1.0 + (-eval / 1000.0).exp());
            let coin = ((state >> 20) % 10_000) as f64 / 10_000.0;
            samples.push(Sample {
                features: vec![a, b],
                result: if coin < p { 1.0 } else { 0.0 },
                first_to_move: false,
                searched: 0.5,
            });
        }
        let fitted = fit(&samples, &[1000, 0], &[0], 1000.0, 400);
        assert!((fitted[1] - 400).abs() < 80, "{fitted:?}");
        assert!(loss(&samples, &fitted, 1000.0) < loss(&samples, &[1000, 0], 1000.0));
    }

    #[test]
    fn a_target_blends_the_result_with_the_search() {
        use crate::Score;
        assert_eq!(expected_result(Score::WinIn(7), 1000.0), 1.0);
        assert_eq!(expected_result(Score::LossIn(2), 1000.0), 0.0);
        assert_eq!(expected_result(Score::Value(0), 1000.0), 0.5);
        // 1 / (1 + e^-1), by hand.
        let one_cow = expected_result(Score::Value(1000), 1000.0);
        assert!((one_cow - 0.731_058_6).abs() < 1e-6, "{one_cow}");
        let sample = || Sample {
            features: vec![1],
            result: 1.0,
            first_to_move: true,
            searched: 0.2,
        };
        let mut blended = sample();
        blended.blend_search(0.25);
        assert!((blended.result - (0.25 + 0.75 * 0.2)).abs() < 1e-12);
        let mut result_only = sample();
        result_only.blend_search(1.0);
        assert_eq!(result_only.result, 1.0);
    }

    /// To the fit, a mill-game position's features sit in its phase's block, so the weighted
    /// sum of the fit's features and weights is the evaluation, in every phase. Phases by hand:
    /// cows in hand (placing), none in hand and four cows each (moving), White down to three
    /// (flying, Morabaraba flies at three).
    #[test]
    fn the_fit_sees_each_mill_position_in_its_phase() {
        use kraal_rules_morris::{Options, Position};
        for (text, phase) in [
            ("a1,g1,g7/a4,b2,d1 9:9 w", 0),
            ("a1,g1,g7,d7/a4,b2,d1,d2 0:0 w", 1),
            ("a1,g1,g7/a4,b2,d1,d2 0:0 b", 2),
            ("a1,g1,g7/a4,b2,d1,d2 0:0 w", 2),
        ] {
            let pos = Position::from_position_string(text, Options::default()).expect("valid");
            assert_eq!(morris::weight_phase(&pos), phase, "{text}");
            let features = Morris::features(&pos);
            let per_phase = morris::FEATURES.len();
            assert_eq!(features.len(), 3 * per_phase);
            let outside = features
                .iter()
                .enumerate()
                .filter(|&(i, &f)| i / per_phase != phase && f != 0)
                .count();
            assert_eq!(outside, 0, "{text}: features outside the phase's block");
            let weighted: i32 = features
                .iter()
                .zip(Morris::weights(&pos))
                .map(|(f, w)| f * w)
                .sum();
            assert_eq!(weighted, morris::evaluate(&pos), "{text}");
        }
        assert_eq!(
            Morris::units(&Position::new(Options::default())),
            [0, 12, 24]
        );
    }
}
