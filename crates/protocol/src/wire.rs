//! A move on the wire: typed by family, in the rules crates' own notation.
//!
//! A frame carries a move as `{"mill": "d2xb4"}` or `{"mancala": "C"}`. The text is read by the
//! rules crate's parser when the frame is parsed (a syntax check only, no position needed), so
//! from there on the move is a typed `morris::Move` or `mancala::Move`; it is converted once to
//! the session's [`AnyMove`] at the edge ([`From`] both ways) and checked against the position
//! by the server.

use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use kraal_session::any::AnyMove;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A move of either family, as frames carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WireMove {
    /// A mill-game turn with its shots (`"d2xb4"`, `"a1-d1"`, `"pass"`).
    Mill(morris::Move),
    /// A sowing (`"C"`).
    Mancala(mancala::Move),
}

impl From<AnyMove> for WireMove {
    fn from(mv: AnyMove) -> WireMove {
        match mv {
            AnyMove::Morris(m) => WireMove::Mill(m),
            AnyMove::Mancala(m) => WireMove::Mancala(m),
        }
    }
}

impl From<WireMove> for AnyMove {
    fn from(mv: WireMove) -> AnyMove {
        match mv {
            WireMove::Mill(m) => AnyMove::Morris(m),
            WireMove::Mancala(m) => AnyMove::Mancala(m),
        }
    }
}

impl WireMove {
    /// The move as made by the side to move (`side`: 0 the first seat, 1 the second). A
    /// Mulabalaba hole number is written the same for both players and reads back as the first
    /// player's, so it is given to the side to move; every other move names its side already
    /// (an Oware letter by its case) and is returned unchanged.
    #[must_use]
    pub fn for_side(self, side: usize) -> WireMove {
        match self {
            WireMove::Mancala(m) if m.game() == mancala::Game::Mulabalaba => {
                WireMove::Mancala(m.with_side(mancala::Side::ALL[side % 2]))
            }
            other => other,
        }
    }
}

impl fmt::Display for WireMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        AnyMove::from(*self).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mulabalaba_hole_goes_to_the_side_to_move_and_an_oware_letter_keeps_its_side() {
        let hole: WireMove = serde_json::from_str(r#"{"mancala":"5"}"#).expect("a hole");
        let WireMove::Mancala(north) = hole.for_side(1) else {
            panic!("a sowing");
        };
        assert_eq!(north.side(), mancala::Side::North);
        assert_eq!(north.index(), 4, "hole 5 is index 4");
        assert_eq!(hole.for_side(0), hole, "the first seat's as read");
        let house: WireMove = serde_json::from_str(r#"{"mancala":"C"}"#).expect("a house");
        assert_eq!(house.for_side(1), house, "C is South's whoever moves");
    }
}
