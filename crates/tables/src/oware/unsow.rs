//! Un-sowing: the boards a board can come from by one move inside its table. The builder
//! uses them only to know which boards to look at again when a value changes; the values
//! themselves always come from the rules crate's own moves.

use crate::rank::{self, HOUSES};

/// Houses on one side.
const SIDE: usize = HOUSES / 2;

/// Pushes to `out` every board (South to move) from which one move of South's, sown as Oware
/// sows (round the board from the next house on, passing over the emptied house on a lap),
/// leaves `board` as the builder sees it after the move: turned round, so that the side to
/// move next is South. `out` is cleared first.
///
/// Every board with a move that leaves `board` and captures nothing is among them. Some may
/// be boards on which that move is not legal (a side that must feed the other) or does
/// capture: the builder only reads a board again for them, so more is harmless and fewer
/// would be wrong (the tests check that none is missed).
pub fn unsow_into(board: &[u8; HOUSES], out: &mut Vec<[u8; HOUSES]>) {
    out.clear();
    let after = rank::rotate(board);
    let seeds: usize = after.iter().map(|&c| usize::from(c)).sum();
    for origin in 0..SIDE {
        if after[origin] != 0 {
            continue;
        }
        let mut before = after;
        // Seed k (1-based) fell into the k-th house after the origin, the origin passed over.
        for k in 1..=seeds {
            let house = (origin + 1 + (k - 1) % (HOUSES - 1)) % HOUSES;
            if before[house] == 0 {
                break;
            }
            before[house] -= 1;
            before[origin] = k as u8;
            out.push(before);
        }
    }
}
