//! De-duplication: a key that is the same for two positions exactly when one is the other under
//! a symmetry of the board (found from its topology by `kraal-tables`) or with the colours
//! swapped (the key is written from the side to move).

use crate::puzzle::Board;
use kraal_rules_morris::Color;
use kraal_tables::morris::symmetries;

/// The de-duplication key of a puzzle's start position, with its rule set's name.
#[must_use]
pub fn key(rules: &str, board: &Board) -> String {
    match board {
        Board::Morris { position, .. } => {
            let me = position.side_to_move();
            let (mine, theirs) = (position.cow_bits(me), position.cow_bits(me.other()));
            let best = symmetries(position.board())
                .iter()
                .map(|s| (u64::from(s.map_bits(mine)) << 32) | u64::from(s.map_bits(theirs)))
                .min()
                .unwrap_or(0);
            let hands = (position.in_hand(me), position.in_hand(me.other()));
            let flipped = u8::from(me == Color::Black);
            // The colour only matters where the rules treat the colours differently (which
            // moves first is fixed by the side to move already), so it is left out.
            let _ = flipped;
            format!("{rules}|{best:016x}|{}:{}", hands.0, hands.1)
        }
        Board::Mancala { position, .. } => {
            let me = position.side_to_move();
            format!(
                "{rules}|{:?}|{:?}|{}:{}",
                position.row(me),
                position.row(me.other()),
                position.captured(me),
                position.captured(me.other())
            )
        }
    }
}
