//! The sowing kernels of both games on plain arrays: the hot path of play, move generation and
//! perft. No allocation anywhere.

use crate::options::{Captures, GrandSlam};

/// Most holes one Mulabalaba player owns (4x16: 32).
pub(crate) const MAX_OWN: usize = 32;

/// A Mulabalaba player's holes along their circuit (only the first `2N` are used).
pub(crate) type Own = [u8; MAX_OWN];

/// Oware: sows the seeds of house `origin` (a ring index) round a ring of `ring` houses,
/// skipping the origin on laps, and returns the ring index of the last house sown.
/// An empty origin sows nothing and returns the origin.
#[inline]
pub(crate) fn oware_sow(holes: &mut [u8], origin: usize, ring: usize) -> usize {
    let n = usize::from(holes[origin]);
    holes[origin] = 0;
    if n < ring {
        let mut i = origin;
        for _ in 0..n {
            i += 1;
            if i == ring {
                i = 0;
            }
            holes[i] += 1;
        }
        i
    } else {
        // Every other house gets q seeds, the first r after the origin one more.
        let others = ring - 1;
        let (q, r) = (n / others, n % others);
        let mut i = origin;
        for k in 1..=others {
            i += 1;
            if i == ring {
                i = 0;
            }
            holes[i] += (q + usize::from(k <= r)) as u8;
        }
        let steps = if r == 0 { others } else { r };
        (origin + steps) % ring
    }
}

/// Oware: the capture chain ending at `last`: the houses `first..=last` of the opponent's row
/// (`opp_lo..opp_lo + width`) whose counts are in `captures`, with their seeds and whether
/// taking them would empty the opponent's row (a grand slam).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chain {
    pub first: usize,
    pub last: usize,
    pub seeds: u32,
    pub grand_slam: bool,
}

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
        seeds,
        grand_slam: row == seeds,
    })
}

/// Oware: the houses a chain actually captures under the grand-slam rule, as a range
/// `first..end` (empty when nothing is captured). `forced` says the move is a grand slam played
/// under `grand-slam=illegal` because every move is one: it captures the whole chain.
#[inline]
pub(crate) fn oware_taken(chain: Chain, rule: GrandSlam) -> std::ops::Range<usize> {
    if !chain.grand_slam {
        return chain.first..chain.last + 1;
    }
    match rule {
        GrandSlam::NoCapture => chain.first..chain.first,
        GrandSlam::Illegal | GrandSlam::CaptureAll => chain.first..chain.last + 1,
        GrandSlam::LeaveLast => chain.first..chain.last,
    }
}

/// Length of the hole arrays the Oware kernels take (at least 12 + 16, for [`row_word`]).
pub(crate) const HOLES: usize = crate::zobrist::MAX_HOLES;

/// The 16 bytes from `start` as one little-endian word (`holes` must hold `start + 16` bytes).
#[inline(always)]
pub(crate) fn row_word(holes: &[u8], start: usize) -> u128 {
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&holes[start..start + 16]);
    u128::from_le_bytes(bytes)
}

/// The 8 bytes from `start` as one little-endian word (`holes` must hold `start + 8` bytes).
#[inline(always)]
pub(crate) fn row_word64(holes: &[u8], start: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&holes[start..start + 8]);
    u64::from_le_bytes(bytes)
}

/// Bit i set when byte i of `x` is not zero (branch-free).
#[inline(always)]
pub(crate) fn nonzero_bytes64(x: u64) -> u32 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let t = (((x & LOW7) + LOW7) | x) & !LOW7;
    ((t >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Bit i set when byte i of `x` is not zero (branch-free).
#[inline(always)]
pub(crate) fn nonzero_bytes(x: u128) -> u32 {
    const LOW7: u128 = 0x7F7F_7F7F_7F7F_7F7F_7F7F_7F7F_7F7F_7F7F;
    let t = (((x & LOW7) + LOW7) | x) & !LOW7;
    // Gather the top bit of each byte: byte i of (t >> 7) is 0 or 1.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let lo = ((t as u64) >> 7).wrapping_mul(GATHER) >> 56;
    let hi = (((t >> 64) as u64) >> 7).wrapping_mul(GATHER) >> 56;
    (lo | hi << 8) as u32
}

/// Oware: the legal moves of `side` (0 South, 1 North) as a bit set over its house indices:
/// non-empty houses; those that reach the opponent if the opponent has no seeds (feeding); under
/// `grand-slam=illegal`, not the grand slams unless every move is one.
#[inline(always)]
pub(crate) fn oware_legal(
    holes: &[u8],
    side: usize,
    width: usize,
    captures: Captures,
    rule: GrandSlam,
) -> u32 {
    oware_legal_nz(
        holes,
        ring_nonzero(holes, 2 * width),
        side,
        width,
        captures,
        rule,
    )
}

/// Bit i set when ring house i (of `ring` houses, at most 24) is not empty.
#[inline(always)]
pub(crate) fn ring_nonzero(holes: &[u8], ring: usize) -> u32 {
    let low = if ring >= 16 {
        nonzero_bytes(row_word(holes, 0))
    } else {
        nonzero_bytes(row_word(holes, 0) & ((1u128 << (8 * ring)) - 1))
    };
    if ring > 16 {
        let high = row_word64(holes, 16) & (u64::MAX >> (64 - 8 * (ring - 16)));
        low | nonzero_bytes64(high) << 16
    } else {
        low
    }
}

/// [`oware_legal`] given `nz`, the bit set of non-empty ring houses.
#[inline(always)]
pub(crate) fn oware_legal_nz(
    holes: &[u8],
    nz: u32,
    side: usize,
    width: usize,
    captures: Captures,
    rule: GrandSlam,
) -> u32 {
    let row = (1u32 << width) - 1;
    let mut mask = nz >> (side * width) & row;
    if nz >> ((1 - side) * width) & row == 0 {
        mask &= feeding(holes, side, width);
    }
    if rule == GrandSlam::Illegal && mask != 0 {
        let slams = grand_slams(holes, side, width, captures, mask);
        if slams != mask {
            mask &= !slams;
        }
    }
    mask
}

/// Oware: the houses of `side` whose seeds reach the opponent's row.
#[inline(never)]
fn feeding(holes: &[u8], side: usize, width: usize) -> u32 {
    let own = &holes[side * width..side * width + width];
    let mut mask = 0;
    for (i, &c) in own.iter().enumerate() {
        if usize::from(c) >= width - i {
            mask |= 1 << i;
        }
    }
    mask
}

/// Oware: which of the moves in `mask` are grand slams.
#[inline(never)]
fn grand_slams(holes: &[u8], side: usize, width: usize, captures: Captures, mask: u32) -> u32 {
    let ring = 2 * width;
    let opp_lo = (1 - side) * width;
    let mut slams = 0;
    for i in 0..width {
        if mask & (1 << i) == 0 {
            continue;
        }
        let mut copy = [0u8; HOLES];
        copy[..ring].copy_from_slice(&holes[..ring]);
        let last = oware_sow(&mut copy[..ring], side * width + i, ring);
        if oware_chain(&copy, last, opp_lo, width, captures).is_some_and(|c| c.grand_slam) {
            slams |= 1 << i;
        }
    }
    slams
}

/// Mulabalaba: one lap: takes every seed of `own[h]` and sows them one by one into the
/// following holes of the circuit of `m` holes (the origin is not skipped). Returns the last
/// hole sown (`h` itself if it was empty).
#[inline]
pub(crate) fn lap(own: &mut Own, m: usize, h: usize) -> usize {
    let n = usize::from(own[h]);
    own[h] = 0;
    if n < m {
        let mut i = h;
        for _ in 0..n {
            i += 1;
            if i == m {
                i = 0;
            }
            own[i] += 1;
        }
        i
    } else {
        let (q, r) = (n / m, n % m);
        let mut i = h;
        for k in 1..=m {
            i += 1;
            if i == m {
                i = 0;
            }
            own[i] += (q + usize::from(k <= r)) as u8;
        }
        (h + n) % m
    }
}

/// How a Mulabalaba move's relay sowing ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Relay {
    /// The last seed fell into this hole, which was empty.
    Ends(usize),
    /// The relay state repeated: the sowing never ends.
    Endless,
}

/// Mulabalaba: sows from `start` with relays until the last seed falls into an empty hole, or
/// the relay state (the holes and the hole where the next lap starts) repeats. Brent's cycle
/// detection keeps one saved state: constant memory, at most about 3 × (tail + cycle) laps.
///
/// Gives up and returns `None` after `budget` laps (the holes are then left mid-sowing).
#[inline]
pub(crate) fn relay(own: &mut Own, m: usize, start: usize, budget: u64) -> Option<Relay> {
    // Short moves are the rule: run a few laps before paying for the cycle detector.
    let mut h = start;
    for _ in 0..4 {
        let last = lap(own, m, h);
        if own[last] <= 1 {
            return Some(Relay::Ends(last));
        }
        h = last;
    }
    let mut tortoise = (*own, h);
    let mut power: u64 = 1;
    let mut length: u64 = 0;
    let mut laps: u64 = 4;
    loop {
        let last = lap(own, m, h);
        laps += 1;
        if own[last] <= 1 {
            return Some(Relay::Ends(last));
        }
        h = last;
        length += 1;
        if h == tortoise.1 && own[..m] == tortoise.0[..m] {
            return Some(Relay::Endless);
        }
        if laps >= budget {
            return None;
        }
        if length == power {
            tortoise = (*own, h);
            power *= 2;
            length = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonzero_bytes_marks_every_occupied_byte() {
        let mut holes = [0u8; 32];
        for pattern in [0u32, 1, 0xFFFF, 0xA5A5, 0x8001, 0x1234] {
            for (i, h) in holes.iter_mut().take(16).enumerate() {
                *h = if pattern >> i & 1 != 0 {
                    (i as u8 + 1) * 15
                } else {
                    0
                };
            }
            assert_eq!(nonzero_bytes(row_word(&holes, 0)), pattern);
            assert_eq!(nonzero_bytes64(row_word64(&holes, 0)), pattern & 0xFF);
        }
    }

    #[test]
    fn ring_nonzero_covers_every_ring_size() {
        for ring in (2..=24).step_by(2) {
            let mut holes = [0u8; HOLES];
            for i in (0..ring).filter(|i| i % 3 != 1) {
                holes[i] = 1 + i as u8;
            }
            holes[ring] = 9; // outside the ring
            let expected = (0..ring).filter(|i| i % 3 != 1).fold(0, |m, i| m | 1 << i);
            assert_eq!(ring_nonzero(&holes, ring), expected, "ring {ring}");
        }
    }

    #[test]
    fn oware_laps_skip_the_origin() {
        let mut holes = [0u8; 12];
        holes[0] = 23;
        let last = oware_sow(&mut holes, 0, 12);
        assert_eq!(holes, [0, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
        assert_eq!(last, 1);
        let mut holes = [0u8; 12];
        holes[3] = 22;
        assert_eq!(oware_sow(&mut holes, 3, 12), 2);
        assert_eq!(holes, [2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2]);
    }
}
