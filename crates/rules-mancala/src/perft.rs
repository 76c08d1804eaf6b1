//! perft: counting move sequences of an exact length, to test and time move generation.

use crate::moves::Move;
use crate::position::Position;

/// Counts the move sequences of exactly `depth` turns from `pos`, as chess programs do: a game
/// that ends earlier contributes nothing at that depth. The last ply is counted in bulk (legal
/// moves are counted, not played). No allocation per node.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut pos = pos.clone();
    count(&mut pos, depth)
}

fn count(pos: &mut Position, depth: u32) -> u64 {
    if depth == 1 {
        return pos.count_legal_moves();
    }
    if depth == 2 && pos.game() == crate::Game::Oware {
        return pos.oware_perft2();
    }
    let (game, side) = (pos.game(), pos.side_to_move());
    let mut mask = pos.legal_mask();
    let mut total = 0;
    while mask != 0 {
        let mv = Move::new(game, side, mask.trailing_zeros() as u8);
        mask &= mask - 1;
        let undo = pos.play_unchecked(mv);
        total += count(pos, depth - 1);
        pos.undo(undo);
    }
    total
}

/// perft split by first move: each legal move with the count of sequences it starts.
#[must_use]
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut pos = pos.clone();
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let undo = pos.play_unchecked(mv);
            let n = if depth == 1 {
                1
            } else {
                count(&mut pos, depth - 1)
            };
            pos.undo(undo);
            (mv, n)
        })
        .collect()
}
