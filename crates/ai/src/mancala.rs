//! Oware and Mulabalaba (every rule set of `kraal-rules-mancala`) as a [`Game`], with their
//! evaluations.

use crate::game::{Game, Verdict};
use crate::weighting::{Weighting, weighted};
use kraal_rules_mancala::{Game as Kind, Move, Position, Side, Undo};

/// The zero-sized adapter that lets search play any mancala game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mancala;

/// The Oware evaluation's features, each the side to move's value minus the opponent's.
pub const OWARE_FEATURES: [&str; 5] = [
    "captured",
    "seeds-on-side",
    "exposed-houses",
    "movable-houses",
    "big-house",
];

/// The weight of each Oware feature (1,000 is one captured seed), tuned by self-play with
/// `cargo run --release -p kraal-ai --example tune -- abapa`.
pub const OWARE_WEIGHTS: [i32; 5] = [1000, 72, 350, 493, 35];

/// Oware's style terms, which the evaluation leaves out (0% in [`Weighting::NEUTRAL`]): the
/// seeds the side to move has captured (weighting them makes a capture now worth more than the
/// same capture by the opponent), the seeds in its biggest house (a hoard for a lap), and the
/// opponent's seeds and movable houses (counted against the mover: fewer starve the opponent).
pub const OWARE_STYLE_TERMS: [&str; 4] = [
    "own-captures",
    "biggest-house",
    "their-seeds",
    "their-movable-houses",
];

/// The base weight of each Oware style term, scaled by a weighting's percentage.
pub const OWARE_STYLE_WEIGHTS: [i32; 4] = [1000, 100, -100, -300];

/// Index of a term in an Oware [`Weighting`]: the captures (both sides).
pub const OWARE_CAPTURED: usize = 0;
/// Index of an Oware term: houses with one or two seeds, open to capture.
pub const OWARE_EXPOSED: usize = 2;
/// Index of an Oware term: houses that can move.
pub const OWARE_MOVABLE: usize = 3;
/// Index of an Oware term: a house of 12 or more seeds.
pub const OWARE_BIG_HOUSE: usize = 4;
/// Index of an Oware style term: the mover's own captures.
pub const OWARE_OWN_CAPTURES: usize = 5;
/// Index of an Oware style term: the seeds in the mover's biggest house.
pub const OWARE_BIGGEST_HOUSE: usize = 6;
/// Index of an Oware style term: the opponent's seeds on its side (against the mover).
pub const OWARE_THEIR_SEEDS: usize = 7;
/// Index of an Oware style term: the opponent's movable houses (against the mover).
pub const OWARE_THEIR_MOVABLE: usize = 8;

/// The Mulabalaba evaluation's features, each the side to move's value minus the opponent's.
pub const MULABALABA_FEATURES: [&str; 4] = [
    "seeds-on-side",
    "inner-targets",
    "movable-holes",
    "seeds-in-inner-row",
];

/// The weight of each Mulabalaba feature (1,000 is one seed), tuned by self-play with
/// `cargo run --release -p kraal-ai --example tune -- mulabalaba`.
pub const MULABALABA_WEIGHTS: [i32; 4] = [1000, -212, -294, -233];

/// Mulabalaba's style terms, which the evaluation leaves out (0% in [`Weighting::NEUTRAL`]):
/// the opponent's seeds (against the mover: weighting them makes taking seeds worth more than
/// keeping one's own), and the seeds in the mover's biggest hole (a hoard for a long relay).
pub const MULABALABA_STYLE_TERMS: [&str; 2] = ["their-seeds", "biggest-hole"];

/// The base weight of each Mulabalaba style term, scaled by a weighting's percentage.
pub const MULABALABA_STYLE_WEIGHTS: [i32; 2] = [-1000, 100];

/// Index of a term in a Mulabalaba [`Weighting`]: seeds on the mover's side minus the other's.
pub const MULABALABA_SEEDS: usize = 0;
/// Index of a Mulabalaba term: occupied inner holes (targets for a capture).
pub const MULABALABA_INNER_TARGETS: usize = 1;
/// Index of a Mulabalaba term: holes that can move.
pub const MULABALABA_MOVABLE: usize = 2;
/// Index of a Mulabalaba style term: the opponent's seeds (against the mover).
pub const MULABALABA_THEIR_SEEDS: usize = 4;
/// Index of a Mulabalaba style term: the seeds in the mover's biggest hole.
pub const MULABALABA_BIGGEST_HOLE: usize = 5;

fn diff(me: Side, f: impl Fn(Side) -> i32) -> i32 {
    f(me) - f(me.other())
}

/// Oware features for the side to move (see [`OWARE_FEATURES`]): captures, seeds kept, houses
/// with one or two seeds (a sowing makes them two or three, ready to be captured), houses that
/// can move, and a house of 12 or more seeds (a lap that can capture on the way round).
#[must_use]
pub fn oware_features(pos: &Position) -> [i32; 5] {
    let me = pos.side_to_move();
    [
        diff(me, |s| pos.captured(s) as i32),
        diff(me, |s| pos.seeds_on_side(s) as i32),
        diff(me, |s| {
            pos.row(s).iter().filter(|&&c| c == 1 || c == 2).count() as i32
        }),
        diff(me, |s| pos.row(s).iter().filter(|&&c| c > 0).count() as i32),
        diff(me, |s| i32::from(pos.row(s).iter().any(|&c| c >= 12))),
    ]
}

/// Mulabalaba features for the side to move (see [`MULABALABA_FEATURES`]): seeds left (the game
/// is won by taking them all), occupied inner holes (a capture takes one and the outer hole
/// behind it), holes that can move, and seeds kept in the inner row.
#[must_use]
pub fn mulabalaba_features(pos: &Position) -> [i32; 4] {
    let me = pos.side_to_move();
    // Holes 1..N are the outer row, N+1..2N the inner row (notation order).
    let width = usize::from(pos.options().width);
    let inner = |s: Side| &pos.row(s)[width..];
    [
        diff(me, |s| pos.seeds_on_side(s) as i32),
        diff(me, |s| inner(s).iter().filter(|&&c| c > 0).count() as i32),
        diff(me, |s| {
            pos.row(s).iter().filter(|&&c| c >= 2).count() as i32
        }),
        diff(me, |s| inner(s).iter().map(|&c| i32::from(c)).sum()),
    ]
}

/// The Oware style terms for the side to move (see [`OWARE_STYLE_TERMS`]).
#[must_use]
pub fn oware_style_terms(pos: &Position) -> [i32; 4] {
    let me = pos.side_to_move();
    let them = me.other();
    [
        pos.captured(me) as i32,
        pos.row(me).iter().copied().max().map_or(0, i32::from),
        pos.seeds_on_side(them) as i32,
        pos.row(them).iter().filter(|&&c| c > 0).count() as i32,
    ]
}

/// The Mulabalaba style terms for the side to move (see [`MULABALABA_STYLE_TERMS`]).
#[must_use]
pub fn mulabalaba_style_terms(pos: &Position) -> [i32; 2] {
    let me = pos.side_to_move();
    [
        pos.seeds_on_side(me.other()) as i32,
        pos.row(me).iter().copied().max().map_or(0, i32::from),
    ]
}

/// The evaluation under a style: every feature and style term times its base weight, scaled by
/// `weighting`'s percentage. [`Weighting::NEUTRAL`] gives exactly [`Mancala`]'s evaluation.
#[must_use]
pub fn evaluate_with(pos: &Position, weighting: &Weighting) -> i32 {
    match pos.game() {
        Kind::Oware => {
            let f = oware_features(pos);
            let s = oware_style_terms(pos);
            weighted(&f, &OWARE_WEIGHTS, &weighting.oware[..f.len()])
                + weighted(&s, &OWARE_STYLE_WEIGHTS, &weighting.oware[f.len()..])
        }
        Kind::Mulabalaba => {
            let f = mulabalaba_features(pos);
            let s = mulabalaba_style_terms(pos);
            weighted(&f, &MULABALABA_WEIGHTS, &weighting.mulabalaba[..f.len()])
                + weighted(
                    &s,
                    &MULABALABA_STYLE_WEIGHTS,
                    &weighting.mulabalaba[f.len()..],
                )
        }
    }
}

fn dot(features: &[i32], weights: &[i32]) -> i32 {
    features.iter().zip(weights).map(|(f, w)| f * w).sum()
}

impl Game for Mancala {
    type State = Position;
    type Move = Move;
    type Undo = Undo;
    type LearnedCache = ();
    const NAME: &'static str = "mancala";
    const MOVE_KEYS: usize = 64;

    crate::game::rules_crate_methods!();

    fn hash(state: &Position) -> u64 {
        match state.game() {
            Kind::Oware => state.hash(),
            // The move limit makes the ply count part of the future.
            Kind::Mulabalaba => {
                state.hash() ^ u64::from(state.ply()).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            }
        }
    }

    fn evaluate(state: &Position) -> i32 {
        match state.game() {
            Kind::Oware => dot(&oware_features(state), &OWARE_WEIGHTS),
            Kind::Mulabalaba => dot(&mulabalaba_features(state), &MULABALABA_WEIGHTS),
        }
    }

    fn evaluate_learned(state: &Position) -> i32 {
        Self::evaluate(state) + crate::net::mulabalaba::correction(state)
    }

    fn evaluate_with(state: &Position, weighting: &Weighting) -> i32 {
        evaluate_with(state, weighting)
    }

    fn side_to_move(state: &Position) -> usize {
        state.side_to_move().index()
    }

    fn budget_percent(state: &Position) -> u64 {
        // A Mulabalaba node (relay sowing, endless-relay checks) costs two to four Oware nodes.
        match state.game() {
            Kind::Oware => 100,
            Kind::Mulabalaba => 50,
        }
    }

    fn move_key(mv: Move) -> usize {
        mv.side().index() * 32 + usize::from(mv.index()).min(31)
    }

    fn move_bits(mv: Move) -> u64 {
        let game = match mv.game() {
            Kind::Oware => 0,
            Kind::Mulabalaba => 1,
        };
        u64::from(mv.index()) | (mv.side().index() as u64) << 8 | game << 9
    }

    fn move_from_bits(bits: u64) -> Option<Move> {
        if bits >> 10 != 0 {
            return None;
        }
        let game = if bits >> 9 & 1 == 0 {
            Kind::Oware
        } else {
            Kind::Mulabalaba
        };
        let side = Side::ALL[(bits >> 8 & 1) as usize];
        Some(Move::new(game, side, bits as u8))
    }
}
