//! Oware and Mulabalaba (every rule set of `kraal-rules-mancala`) as a [`Game`], with their
//! evaluations.

use crate::game::{Game, Verdict};
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

fn dot(features: &[i32], weights: &[i32]) -> i32 {
    features.iter().zip(weights).map(|(f, w)| f * w).sum()
}

impl Game for Mancala {
    type State = Position;
    type Move = Move;
    type Undo = Undo;
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
