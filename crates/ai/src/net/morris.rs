//! The mill games' network: its inputs (the 24-point board with diagonals, seen from the side
//! to move) and its trained weights.

use super::{Accumulator, Coarse, MAX_ACTIVE, QuantizedNet};
use kraal_rules_morris::{Phase, Point, Position};

/// Hidden units of the mill games' network.
pub const HIDDEN: usize = 128;
/// Inputs: each point holding a cow of the side to move, then of the other side; the cows in
/// hand of each (0 to 12, one input each); whether each side flies.
pub const INPUTS: usize = 2 * Point::COUNT + 2 * HANDS + 2;
// The inputs fit the bit set of `input_bits`.
const _: () = assert!(INPUTS <= 128);
/// Distinct counts of cows in hand (more than 12 count as 12).
const HANDS: usize = 13;
/// The inputs `pos` turns on (each input is 0 or 1), written to `out`; returns how many.
pub fn active_inputs(pos: &Position, out: &mut [u16; MAX_ACTIVE]) -> usize {
    let me = pos.side_to_move();
    let mut n = 0;
    for (offset, colour) in [(0, me), (Point::COUNT, me.other())] {
        let mut bits = pos.cow_bits(colour);
        while bits != 0 {
            out[n] = (offset + bits.trailing_zeros() as usize) as u16;
            bits &= bits - 1;
            n += 1;
        }
    }
    let base = 2 * Point::COUNT;
    for (i, colour) in [me, me.other()].into_iter().enumerate() {
        out[n] = (base + i * HANDS + usize::from(pos.in_hand(colour)).min(HANDS - 1)) as u16;
        n += 1;
        if pos.phase_of(colour) == Phase::Flying {
            out[n] = (base + 2 * HANDS + i) as u16;
            n += 1;
        }
    }
    n
}

/// The inputs `pos` turns on as a bit set (bit `i` for input `i`), the same as
/// [`active_inputs`].
#[must_use]
#[inline]
pub fn input_bits(pos: &Position) -> u128 {
    let me = pos.side_to_move();
    let base = 2 * Point::COUNT;
    let mut bits =
        u128::from(pos.cow_bits(me)) | u128::from(pos.cow_bits(me.other())) << Point::COUNT;
    for (i, colour) in [me, me.other()].into_iter().enumerate() {
        bits |= 1 << (base + i * HANDS + usize::from(pos.in_hand(colour)).min(HANDS - 1));
        if pos.phase_of(colour) == Phase::Flying {
            bits |= 1 << (base + 2 * HANDS + i);
        }
    }
    bits
}

/// What a search keeps to evaluate the network cheaply: the hidden sums of the last position
/// evaluated with each side to move (positions evaluated one after another with the same side
/// to move mostly differ by a cow or two).
pub type Cache = [Accumulator<HIDDEN>; 2];

/// [`correction`], updated in `cache` from the last position evaluated with the same side to
/// move: the same value, cheaper.
#[must_use]
#[inline]
pub fn correction_cached(pos: &Position, cache: &mut Cache) -> i32 {
    if applies(pos) {
        let acc = &mut cache[pos.side_to_move().index()];
        network().accumulate(acc, input_bits(pos))
    } else {
        0
    }
}

/// The trained network, as `cargo run --release -p kraal-ai --example net -- train` wrote it.
static NETWORK_BYTES: &[u8] = include_bytes!("../../nets/morris.bin");

/// The trained network, read once.
#[must_use]
pub fn network() -> &'static QuantizedNet<HIDDEN, Coarse> {
    static NETWORK: std::sync::LazyLock<QuantizedNet<HIDDEN, Coarse>> =
        std::sync::LazyLock::new(|| {
            let net = super::load(NETWORK_BYTES, INPUTS, "nets/morris.bin");
            // `correction_cached` updates sums in any order: they must never saturate.
            assert!(
                net.sums_always_fit(),
                "nets/morris.bin: hidden sums can overflow 16 bits"
            );
            net
        });
    &NETWORK
}

/// The trained network's correction to the hand-written evaluation of `pos`, in evaluation
/// units, where it [`applies`]; 0 elsewhere.
#[must_use]
#[inline]
pub fn correction(pos: &Position) -> i32 {
    if applies(pos) {
        let mut active = [0u16; MAX_ACTIVE];
        let n = active_inputs(pos, &mut active);
        network().correction(&active[..n])
    } else {
        0
    }
}

/// Whether the network applies to `pos`: the 24-point board with diagonals (Morabaraba, Twelve
/// Men's Morris and their variants), on which it was trained.
#[must_use]
#[inline]
pub fn applies(pos: &Position) -> bool {
    pos.board().mill_bits().len() == 20
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::morris::Morris;
    use crate::net::Net;
    use kraal_rules_morris::{Options, Point};

    fn position(text: &str, rule_set: &str) -> Position {
        let options = Options::from_rule_set(rule_set, &[] as &[&str]).expect("rule set");
        Position::from_position_string(text, options).expect("position")
    }

    fn index(name: &str) -> u16 {
        name.parse::<Point>().expect("point").index() as u16
    }

    #[test]
    fn the_inputs_are_the_points_of_each_side_then_the_hands_then_flying() {
        // Black to move: Black's cows are "own", White's the other side's.
        let pos = position("a1,d2,g7/b4,f6 9:10 b", "morabaraba");
        let mut active = [0u16; MAX_ACTIVE];
        let n = active_inputs(&pos, &mut active);
        let mut got = active[..n].to_vec();
        got.sort_unstable();
        let count = Point::COUNT as u16;
        let base = 2 * count;
        let mut want = vec![
            index("b4"),
            index("f6"),
            count + index("a1"),
            count + index("d2"),
            count + index("g7"),
            base + 10,     // Black, to move, has 10 in hand
            base + 13 + 9, // White has 9
        ];
        want.sort_unstable();
        assert_eq!(got, want);
    }

    #[test]
    fn a_side_with_three_cows_and_none_in_hand_flies() {
        let pos = position("a1,d2,g7/b4,f6,a7,c5 0:0 w", "morabaraba");
        let mut active = [0u16; MAX_ACTIVE];
        let n = active_inputs(&pos, &mut active);
        let flying = (2 * Point::COUNT + 2 * HANDS) as u16;
        assert!(active[..n].contains(&flying), "White, to move, flies");
        assert!(!active[..n].contains(&(flying + 1)), "Black has four cows");
    }

    #[test]
    fn the_integer_network_agrees_with_the_float_one() {
        let net =
            Net::<HIDDEN>::from_bytes(NETWORK_BYTES, INPUTS).expect("the trained network loads");
        let quantized = net.quantized::<crate::net::Coarse>();
        let mut pos = Position::new(Options::default());
        let mut moves = Vec::new();
        let mut worst = 0;
        // A seeded walk through all three phases.
        for ply in 0..80u64 {
            if pos.outcome().is_some() {
                break;
            }
            let mut active = [0u16; MAX_ACTIVE];
            let n = active_inputs(&pos, &mut active);
            let exact = net.correction(&active[..n]);
            let integer = quantized.correction(&active[..n]);
            worst = worst.max((exact - integer).abs());
            moves.clear();
            pos.legal_moves_into(&mut moves);
            let pick = (ply.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize % moves.len();
            let _ = Morris::play(&mut pos, moves[pick]);
        }
        // Rounding each weight to a 256th adds up over the ~26 rows a position sums: 21 at
        // most on this walk (41 with 32 hidden units). A wrong scale would be off by hundreds.
        assert!(
            worst <= 60,
            "the integers differ by {worst} (of 1,000 a cow)"
        );
    }

    #[test]
    fn the_network_corrects_only_the_board_it_was_trained_on() {
        let nine = position("a1,d2,g7/b4,f6,a7 0:0 w", "nine-mens-morris");
        assert!(!applies(&nine));
        assert_eq!(correction(&nine), 0);
        let morabaraba = position("a1,d2,g7/b4,f6,a7 0:0 w", "morabaraba");
        assert!(applies(&morabaraba));
        let mut active = [0u16; MAX_ACTIVE];
        let n = active_inputs(&morabaraba, &mut active);
        assert_eq!(correction(&morabaraba), network().correction(&active[..n]));
        let mut cache = Cache::default();
        assert_eq!(correction_cached(&nine, &mut cache), 0);
    }

    #[test]
    fn the_bit_set_names_the_same_inputs_as_the_list() {
        let pos = position("a1,d2,g7/b4,f6,a7,c5 0:0 w", "morabaraba");
        let mut active = [0u16; MAX_ACTIVE];
        let n = active_inputs(&pos, &mut active);
        let from_list = active[..n].iter().fold(0u128, |bits, &i| bits | 1 << i);
        assert_eq!(input_bits(&pos), from_list);
        assert_eq!(n, 7 + 2 + 1, "seven cows, two hands, White flies");
    }

    #[test]
    fn the_cached_correction_equals_the_plain_one_along_a_search_like_walk() {
        // Moves played and taken back in a seeded order, as a search visits positions: the
        // cache is updated from whichever position it saw last.
        let mut cache = Cache::default();
        let mut updated = 0;
        for game in 0..6u64 {
            let options = Options::from_rule_set(
                if game % 2 == 0 {
                    "morabaraba"
                } else {
                    "twelve-mens-morris"
                },
                &[] as &[&str],
            )
            .expect("rule set");
            let mut pos = Position::new(options);
            let mut moves = Vec::new();
            let mut seed = game.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            for _ in 0..120 {
                if pos.outcome().is_some() {
                    break;
                }
                moves.clear();
                pos.legal_moves_into(&mut moves);
                // Look at a few replies (played, checked, taken back), then play one on.
                for mv in moves.iter().take(4) {
                    let undo = Morris::play(&mut pos, *mv);
                    assert_eq!(correction_cached(&pos, &mut cache), correction(&pos));
                    Morris::undo(&mut pos, undo);
                    updated += 1;
                }
                assert_eq!(correction_cached(&pos, &mut cache), correction(&pos));
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let _ = Morris::play(&mut pos, moves[seed as usize % moves.len()]);
            }
        }
        assert!(updated > 500, "only {updated} positions checked");
    }
}
