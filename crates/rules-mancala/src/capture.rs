//! The capture geometry of both games, in one place: which holes a capture takes.
//!
//! - Oware: the chain of the opponent's houses ending where the last seed fell, going back while
//!   each holds a count of the `captures` rule, and what the grand-slam rule leaves of it.
//! - Mulabalaba: the opponent's inner hole facing the mover's inner hole, and the opponent's
//!   outer hole behind it (same file).
//!
//! The sowing routines ([`crate::sow`]), the legality of grand slams, the claim search and the
//! public geometry of [`crate::Board::opposite`] and [`crate::Board::behind`] all read these.

use crate::options::{Captures, GrandSlam};
use std::ops::Range;

/// Oware: the capture chain ending at `last`: the houses `first..=last` of the opponent's row
/// whose counts are in `captures`, with their seeds and whether taking them would empty the
/// opponent's row (a grand slam).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chain {
    /// The first house of the chain (ring index), the farthest back from the last seed.
    pub first: usize,
    /// The house where the last seed fell (ring index).
    pub last: usize,
    /// Whether the chain holds every seed of the opponent's row.
    pub grand_slam: bool,
}

/// Oware: the chain the last seed at `last` (a ring index) starts, on the opponent's row
/// `opp_lo..opp_lo + width`; `None` when the last house is not the opponent's or its count is
/// not a capturing one.
#[inline]
pub(crate) fn oware_chain(
    holes: &[u8],
    last: usize,
    opp_lo: usize,
    width: usize,
    captures: Captures,
) -> Option<Chain> {
    if last < opp_lo || last >= opp_lo + width || !captures.contains(holes[last]) {
        return None;
    }
    let mut first = last;
    let mut seeds = u32::from(holes[last]);
    while first > opp_lo && captures.contains(holes[first - 1]) {
        first -= 1;
        seeds += u32::from(holes[first]);
    }
    let row: u32 = holes[opp_lo..opp_lo + width]
        .iter()
        .map(|&c| u32::from(c))
        .sum();
    Some(Chain {
        first,
        last,
        grand_slam: row == seeds,
    })
}

/// Oware: the houses a chain actually captures under the grand-slam rule, as a range of ring
/// indices (empty when nothing is captured). Under `grand-slam=illegal` a grand slam is only
/// played when every move is one, and then it captures the whole chain.
#[inline]
pub(crate) fn oware_taken(chain: Chain, rule: GrandSlam) -> Range<usize> {
    if !chain.grand_slam {
        return chain.first..chain.last + 1;
    }
    match rule {
        GrandSlam::NoCapture => chain.first..chain.first,
        GrandSlam::Illegal | GrandSlam::CaptureAll => chain.first..chain.last + 1,
        GrandSlam::LeaveLast => chain.first..chain.last,
    }
}

/// Mulabalaba: the 0-based index of the opponent's inner hole facing the mover's inner hole
/// `inner` (0-based, `width..2 * width`): hole number h faces the opponent's 3N+1-h.
#[inline(always)]
pub(crate) const fn mulabalaba_facing(width: usize, inner: usize) -> usize {
    3 * width - 1 - inner
}

/// Mulabalaba: the 0-based index of the outer hole in the same file as its owner's inner hole
/// `inner` (0-based): inner hole number k has outer hole 2N+1-k behind it. For the hole facing
/// a player's inner hole h this is the opponent's outer hole h-N.
#[inline(always)]
pub(crate) const fn mulabalaba_behind(width: usize, inner: usize) -> usize {
    2 * width - 1 - inner
}

/// Mulabalaba: the opponent's holes a move whose last seed fell into the mover's empty hole
/// `last` captures: the facing inner hole and the outer hole behind it, or `None` when `last`
/// is an outer hole or the facing hole is empty. `opp` is the opponent's row in notation
/// order. The outer hole is taken even when it is empty.
#[inline(always)]
pub(crate) fn mulabalaba_taken(opp: &[u8], width: usize, last: usize) -> Option<[usize; 2]> {
    if last < width {
        return None;
    }
    let facing = mulabalaba_facing(width, last);
    (opp[facing] > 0).then(|| [facing, mulabalaba_behind(width, facing)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mulabalaba_facing_and_behind_match_the_hole_numbers_of_the_spec() {
        // 4x8: hole 9 (the first inner hole) faces the opponent's 16, behind it their 1;
        // hole 16 faces their 9, behind it their 8.
        assert_eq!(mulabalaba_facing(8, 8) + 1, 16);
        assert_eq!(mulabalaba_behind(8, mulabalaba_facing(8, 8)) + 1, 1);
        assert_eq!(mulabalaba_facing(8, 15) + 1, 9);
        assert_eq!(mulabalaba_behind(8, mulabalaba_facing(8, 15)) + 1, 8);
        let mut opp = [0u8; 16];
        assert_eq!(mulabalaba_taken(&opp, 8, 8), None, "facing hole empty");
        opp[15] = 3;
        assert_eq!(mulabalaba_taken(&opp, 8, 8), Some([15, 0]));
        assert_eq!(
            mulabalaba_taken(&opp, 8, 7),
            None,
            "outer holes capture nothing"
        );
    }
}
