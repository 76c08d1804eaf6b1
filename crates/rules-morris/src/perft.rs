//! perft: counting move sequences of an exact length, to test and time move generation.

use crate::moves::Move;
use crate::position::Position;

/// Counts the move sequences of exactly `depth` turns from `pos`, as chess programs do: a game
/// that ends earlier contributes nothing at that depth. Counts the last ply in bulk.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut pos = pos.clone();
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    count(&mut pos, depth, &mut buffers)
}

fn count(pos: &mut Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves();
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    pos.legal_moves_into(moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let undo = pos.play_unchecked(mv);
        total += count(pos, depth - 1, rest);
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
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let undo = pos.play_unchecked(mv);
            let n = count(&mut pos, depth - 1, &mut buffers);
            pos.undo(undo);
            (mv, n)
        })
        .collect()
}
