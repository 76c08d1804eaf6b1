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

impl fmt::Display for WireMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        AnyMove::from(*self).fmt(f)
    }
}
