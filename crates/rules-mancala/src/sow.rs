//! The sowing of both games on plain arrays: one routine per game ([`oware_move`],
//! [`mulabalaba_move`]), generic over an [`Observer`], serves play, move generation, perft, the
//! claim search and the animation steps. The hot path: no allocation anywhere.

use crate::capture;
use crate::options::{Captures, GrandSlam};

/// Most holes one Mulabalaba player owns (4x16: 32).
pub(crate) const MAX_OWN: usize = 32;

/// A Mulabalaba player's holes along their circuit (only the first `2N` are used).
pub(crate) type Own = [u8; MAX_OWN];

/// Watches one sowing as it happens: the lifts, drops, skips and captures, in board order.
///
/// The one sowing routine of each game ([`oware_move`], [`mulabalaba_move`]) reports to an
/// observer, like the morris `Sink`: [`Quiet`] (does nothing, for play, move generation and
/// perft: the calls compile away), the hash updater of [`crate::Position::play_unchecked`], and
/// the recorder behind [`crate::Position::steps`]. Holes are ring indices in Oware, and indices
/// in the owner's notation order in Mulabalaba (drops and lifts on the mover's holes, captures
/// on the opponent's).
pub(crate) trait Observer {
    /// Whether every seed must be reported by [`Observer::drop`], in order. When false, a lap
    /// of a big hole (as many seeds as the circuit has holes, or more) is sown in bulk and
    /// reported by [`Observer::drops`], one call per hole.
    const EACH_SEED: bool;

    /// Every seed of `hole` (`seeds` of them) is taken up; `relay` when a Mulabalaba relay
    /// continues the move.
    #[inline(always)]
    fn lift(&mut self, _hole: usize, _seeds: u8, _relay: bool) {}

    /// One seed is dropped into `hole`, which held `before` seeds.
    #[inline(always)]
    fn drop(&mut self, _hole: usize, _before: u8) {}

    /// Several seeds are dropped into `hole` at once (only when `EACH_SEED` is false): it held
    /// `before` seeds and now holds `after`.
    #[inline(always)]
    fn drops(&mut self, _hole: usize, _before: u8, _after: u8) {}

    /// Oware: the origin house is passed over on a lap (only when `EACH_SEED` is true).
    #[inline(always)]
    fn skip(&mut self, _hole: usize) {}

    /// Oware: the capture would take every seed of the opponent; `rule` decides what follows.
    #[inline(always)]
    fn grand_slam(&mut self, _rule: GrandSlam) {}

    /// The `seeds` of `hole` are captured.
    #[inline(always)]
    fn capture(&mut self, _hole: usize, _seeds: u8) {}
}

/// The observer that watches nothing: sowing at full speed.
pub(crate) struct Quiet;

impl Observer for Quiet {
    const EACH_SEED: bool = false;
}

/// Oware: sows the seeds of house `origin` (a ring index) round a ring of `ring` houses,
/// skipping the origin on laps, and returns the ring index of the last house sown. An empty
/// origin sows nothing and returns the origin.
// Two plain index runs keep the hot loop as simple as the compiler likes it.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
pub(crate) fn oware_sow<O: Observer>(
    holes: &mut [u8],
    origin: usize,
    ring: usize,
    obs: &mut O,
) -> usize {
    let n = usize::from(holes[origin]);
    obs.lift(origin, n as u8, false);
    holes[origin] = 0;
    if n < ring {
        // The common case: two runs without a wrap test, to the end of the ring, then from its
        // start (fewer seeds than houses never reach the origin again).
        let end = (origin + n).min(ring - 1);
        for i in origin + 1..=end {
            let c = holes[i];
            obs.drop(i, c);
            holes[i] = c + 1;
        }
        let wrapped = origin + n - end;
        for i in 0..wrapped {
            let c = holes[i];
            obs.drop(i, c);
            holes[i] = c + 1;
        }
        if wrapped > 0 { wrapped - 1 } else { end }
    } else if O::EACH_SEED {
        let mut i = origin;
        let mut left = n;
        while left > 0 {
            i += 1;
            if i == ring {
                i = 0;
            }
            if i == origin {
                obs.skip(i);
                continue;
            }
            let c = holes[i];
            obs.drop(i, c);
            holes[i] = c + 1;
            left -= 1;
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
            let c = holes[i];
            let after = c + (q + usize::from(k <= r)) as u8;
            obs.drops(i, c, after);
            holes[i] = after;
        }
        let steps = if r == 0 { others } else { r };
        (origin + steps) % ring
    }
}

/// The ring houses (bit set) that hold seeds after sowing `n` seeds from `origin` round a ring
/// of `ring` houses, that may have been empty before: every house sown, the origin not.
#[inline(always)]
pub(crate) fn oware_sown(origin: usize, n: usize, ring: usize) -> u32 {
    let ring_bits = (1u32 << ring) - 1;
    if n < ring {
        let end = (origin + n).min(ring - 1);
        let wrapped = origin + n - end;
        ((ring_bits >> (ring - (end - origin))) << (origin + 1)) | ((1u32 << wrapped) - 1)
    } else {
        ring_bits & !(1 << origin)
    }
}

/// Oware: one whole move of house `origin` (a ring index) of the player whose opponent's row
/// starts at ring index `opp_lo`: the sowing, then the capture under `captures` and the
/// grand-slam `rule`. Returns the seeds captured and the last house sown.
#[inline(always)]
pub(crate) fn oware_move<O: Observer>(
    holes: &mut [u8],
    origin: usize,
    width: usize,
    opp_lo: usize,
    captures: Captures,
    rule: GrandSlam,
    obs: &mut O,
) -> (u8, usize) {
    let last = oware_sow(holes, origin, 2 * width, obs);
    let mut captured = 0u8;
    if let Some(chain) = capture::oware_chain(holes, last, opp_lo, width, captures) {
        if chain.grand_slam {
            obs.grand_slam(rule);
        }
        for i in capture::oware_taken(chain, rule).rev() {
            let c = holes[i];
            obs.capture(i, c);
            captured = captured.wrapping_add(c);
            holes[i] = 0;
        }
    }
    (captured, last)
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
        let last = oware_sow(&mut copy[..ring], side * width + i, ring, &mut Quiet);
        if capture::oware_chain(&copy, last, opp_lo, width, captures).is_some_and(|c| c.grand_slam)
        {
            slams |= 1 << i;
        }
    }
    slams
}

/// Mulabalaba: one lap: takes every seed of `own[h]` and sows them one by one into the
/// following holes of the circuit of `m` holes (the origin is not skipped). Returns the last
/// hole sown (`h` itself if it was empty).
#[inline(always)]
fn lap<O: Observer>(own: &mut Own, m: usize, h: usize, relay: bool, obs: &mut O) -> usize {
    let n = usize::from(own[h]);
    obs.lift(h, n as u8, relay);
    own[h] = 0;
    if n < m || O::EACH_SEED {
        let mut i = h;
        for _ in 0..n {
            i += 1;
            if i == m {
                i = 0;
            }
            let c = own[i];
            obs.drop(i, c);
            own[i] = c + 1;
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
            let c = own[i];
            let after = c + (q + usize::from(k <= r)) as u8;
            obs.drops(i, c, after);
            own[i] = after;
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

/// Mulabalaba: sows the mover's holes `own` (a circuit of `m`) from `start` with relays until
/// the last seed falls into an empty hole, or the relay state repeats.
///
/// The relay state is the mover's holes and the hole where the next lap starts (nothing else
/// changes during a move), so it is finite and the relay either ends or cycles. Brent's cycle
/// detection tells the two apart in constant memory, keeping one saved state, within about
/// 3 × (tail + cycle) laps: no cache, no allocation. An endless relay leaves `own` mid-sowing
/// (callers sow a copy).
#[inline]
pub(crate) fn relay<O: Observer>(own: &mut Own, m: usize, start: usize, obs: &mut O) -> Relay {
    // Short moves are the rule: run a few laps before paying for the cycle detector.
    let mut h = start;
    for k in 0..4 {
        let last = lap(own, m, h, k > 0, obs);
        if own[last] <= 1 {
            return Relay::Ends(last);
        }
        h = last;
    }
    let mut tortoise = (*own, h);
    let mut power: u64 = 1;
    let mut length: u64 = 0;
    loop {
        let last = lap(own, m, h, true, obs);
        if own[last] <= 1 {
            return Relay::Ends(last);
        }
        h = last;
        length += 1;
        if h == tortoise.1 && own[..m] == tortoise.0[..m] {
            return Relay::Endless;
        }
        if length == power {
            tortoise = (*own, h);
            power *= 2;
            length = 0;
        }
    }
}

/// Mulabalaba: one whole move of hole `start` of the mover, whose holes are `own` (a circuit of
/// `2 * width`), against the opponent's row `opp` (notation order): the relay sowing, then the
/// capture. Returns the seeds captured, or `None` for an endless move (then `own` is left
/// mid-sowing and `opp` untouched).
#[inline(always)]
pub(crate) fn mulabalaba_move<O: Observer>(
    own: &mut Own,
    opp: &mut [u8],
    width: usize,
    start: usize,
    obs: &mut O,
) -> Option<u8> {
    let Relay::Ends(last) = relay(own, 2 * width, start, obs) else {
        return None;
    };
    let mut captured = 0u8;
    if let Some(taken) = capture::mulabalaba_taken(opp, width, last) {
        for i in taken {
            let c = opp[i];
            if c > 0 {
                obs.capture(i, c);
            }
            captured = captured.wrapping_add(c);
            opp[i] = 0;
        }
    }
    Some(captured)
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
        let last = oware_sow(&mut holes, 0, 12, &mut Quiet);
        assert_eq!(holes, [0, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
        assert_eq!(last, 1);
        let mut holes = [0u8; 12];
        holes[3] = 22;
        assert_eq!(oware_sow(&mut holes, 3, 12, &mut Quiet), 2);
        assert_eq!(holes, [2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2]);
    }
}
