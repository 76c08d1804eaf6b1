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
pub trait Tunable: Game {
    /// The features' names, for the evaluation of `state`'s game.
    fn feature_names(state: &Self::State) -> &'static [&'static str];
    /// The features of `state`, from the side to move's view.
    fn features(state: &Self::State) -> Vec<i32>;
    /// The weights in use for `state`'s game.
    fn weights(state: &Self::State) -> &'static [i32];
}

impl Tunable for Morris {
    fn feature_names(_: &Self::State) -> &'static [&'static str] {
        &morris::FEATURES
    }
    fn features(state: &Self::State) -> Vec<i32> {
        morris::features(state).to_vec()
    }
    fn weights(_: &Self::State) -> &'static [i32] {
        &morris::WEIGHTS
    }
}

impl Tunable for Mancala {
    fn feature_names(state: &Self::State) -> &'static [&'static str] {
        match state.game() {
            Kind::Oware => &mancala::OWARE_FEATURES,
            Kind::Mulabalaba => &mancala::MULABALABA_FEATURES,
        }
    }
    fn features(state: &Self::State) -> Vec<i32> {
        match state.game() {
            Kind::Oware => mancala::oware_features(state).to_vec(),
            Kind::Mulabalaba => mancala::mulabalaba_features(state).to_vec(),
        }
    }
    fn weights(state: &Self::State) -> &'static [i32] {
        match state.game() {
            Kind::Oware => &mancala::OWARE_WEIGHTS,
            Kind::Mulabalaba => &mancala::MULABALABA_WEIGHTS,
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
}

fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z ^ (z >> 31)
}

/// Plays `games` self-play games of `player` against itself from `start` (each after
/// `opening_plies` seeded random plies) and keeps every position after the opening.
pub fn self_play_samples<G: Tunable>(
    start: &G::State,
    player: Opponent,
    games: u32,
    opening_plies: u32,
    seed: u64,
) -> Vec<Sample> {
    let mut samples = Vec::new();
    let mut engine = player.player::<G>();
    let mut moves = Vec::new();
    for game in 0..games {
        let mut state = start.clone();
        let mut seen: Vec<(Vec<i32>, usize)> = Vec::new();
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
                seen.push((G::features(&state), G::side_to_move(&state)));
                match engine
                    .choose(&state, mix(seed, (u64::from(game) << 16) | u64::from(ply)))
                    .mv
                {
                    Some(mv) => mv,
                    None => break,
                }
            };
            let _ = G::play(&mut state, mv);
        }
        // A game cut at the move limit counts as drawn.
        let (v, side) = verdict.unwrap_or((Verdict::Draw, 0));
        for (features, mover) in seen {
            let v = if mover == side { v } else { v.flip() };
            let result = match v {
                Verdict::Win => 1.0,
                Verdict::Draw => 0.5,
                Verdict::Loss => 0.0,
            };
            samples.push(Sample { features, result });
        }
    }
    samples
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

/// Fits the weights to `samples` by gradient descent on the squared error, keeping the first
/// weight (the unit: one cow or one seed) fixed. Returns the new weights, rounded.
#[must_use]
pub fn fit(samples: &[Sample], initial: &[i32], scale: f64, rounds: u32) -> Vec<i32> {
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
            if i > 0 {
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
            });
        }
        let fitted = fit(&samples, &[1000, 0], 1000.0, 400);
        assert!((fitted[1] - 400).abs() < 80, "{fitted:?}");
        assert!(loss(&samples, &fitted, 1000.0) < loss(&samples, &[1000, 0], 1000.0));
    }
}
