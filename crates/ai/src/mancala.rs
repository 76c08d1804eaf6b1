//! Oware and Mulabalaba (every rule set of `kraal-rules-mancala`) as a [`Game`], with their
//! evaluations.

use crate::game::{Game, Verdict};
use kraal_rules_mancala::{Game as Kind, Move, Position, Side, Undo};

/// The zero-sized adapter that lets search play any mancala game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mancala;

/// Oware evaluation weights (1,000 is about one seed captured).
mod oware {
    pub const CAPTURED: i32 = 1000;
    pub const SEEDS_ON_SIDE: i32 = 60;
    pub const EXPOSED_HOUSE: i32 = 140;
    pub const MOBILITY: i32 = 40;
}

/// Mulabalaba evaluation weights (1,000 is about one seed).
mod mulabalaba {
    pub const SEED: i32 = 1000;
    pub const TARGET: i32 = 120;
    pub const MOBILITY: i32 = 40;
}

/// Oware: captures, seeds kept, houses with one or two seeds (a sowing makes them two or three,
/// ready to be captured), and houses that can move.
fn evaluate_oware(pos: &Position, me: Side) -> i32 {
    let them = me.other();
    let exposed = |s: Side| pos.row(s).iter().filter(|&&c| c == 1 || c == 2).count() as i32;
    let movable = |s: Side| pos.row(s).iter().filter(|&&c| c > 0).count() as i32;
    oware::CAPTURED * (pos.captured(me) as i32 - pos.captured(them) as i32)
        + oware::SEEDS_ON_SIDE * (pos.seeds_on_side(me) as i32 - pos.seeds_on_side(them) as i32)
        - oware::EXPOSED_HOUSE * (exposed(me) - exposed(them))
        + oware::MOBILITY * (movable(me) - movable(them))
}

/// Mulabalaba: seeds left on each side (the game is won by taking them all), inner holes that
/// an opponent's capture could empty, and holes that can move.
fn evaluate_mulabalaba(pos: &Position, me: Side) -> i32 {
    let them = me.other();
    let board = pos.board();
    // An occupied inner hole is a target: a capture would take it and the outer hole behind.
    let targets = |s: Side| {
        board
            .holes()
            .filter(|&h| h.side == s && board.is_inner(h) && pos.seeds(h) > 0)
            .count() as i32
    };
    let movable = |s: Side| pos.row(s).iter().filter(|&&c| c >= 2).count() as i32;
    mulabalaba::SEED * (pos.seeds_on_side(me) as i32 - pos.seeds_on_side(them) as i32)
        - mulabalaba::TARGET * (targets(me) - targets(them))
        + mulabalaba::MOBILITY * (movable(me) - movable(them))
}

impl Game for Mancala {
    type State = Position;
    type Move = Move;
    type Undo = Undo;
    const NAME: &'static str = "mancala";
    const MOVE_KEYS: usize = 64;

    fn legal_moves(state: &Position, out: &mut Vec<Move>) {
        state.legal_moves_into(out);
    }

    fn play(state: &mut Position, mv: Move) -> Undo {
        state.play_unchecked(mv)
    }

    fn undo(state: &mut Position, undo: Undo) {
        state.undo(undo);
    }

    fn verdict(state: &Position) -> Option<Verdict> {
        state.outcome().map(|o| match o.winner() {
            None => Verdict::Draw,
            Some(w) if w == state.side_to_move() => Verdict::Win,
            Some(_) => Verdict::Loss,
        })
    }

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
            Kind::Oware => evaluate_oware(state, state.side_to_move()),
            Kind::Mulabalaba => evaluate_mulabalaba(state, state.side_to_move()),
        }
    }

    fn side_to_move(state: &Position) -> usize {
        state.side_to_move().index()
    }

    fn move_key(mv: Move) -> usize {
        mv.side().index() * 32 + usize::from(mv.index()).min(31)
    }
}
