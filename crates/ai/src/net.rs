//! A small neural network that corrects the mill games' hand-written evaluation: one hidden
//! layer over the board seen from the side to move, trained on what deeper searches found.

use kraal_rules_morris::{Phase, Point, Position};

/// Inputs: each point holding a cow of the side to move, then of the other side; the cows in
/// hand of each (0 to 12, one input each); whether each side flies.
pub const INPUTS: usize = 2 * Point::COUNT + 2 * HANDS + 2;
/// Hidden units.
pub const HIDDEN: usize = 32;
/// Distinct counts of cows in hand (more than 12 count as 12).
const HANDS: usize = 13;
/// The most inputs a position turns on.
pub const MAX_ACTIVE: usize = 2 * Point::COUNT + 4;

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

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// Input to hidden, a row of `HIDDEN` per input.
    pub w1: Vec<[f32; HIDDEN]>,
    /// Hidden biases.
    pub b1: [f32; HIDDEN],
    /// Hidden to output.
    pub w2: [f32; HIDDEN],
    /// Output bias.
    pub b2: f32,
}

/// The output's unit: the network's output times this is in evaluation units (1,000 a cow).
pub const OUTPUT_SCALE: f32 = 1000.0;

impl Net {
    /// A network of zeros (its output is 0 everywhere).
    #[must_use]
    pub fn zero() -> Net {
        Net {
            w1: vec![[0.0; HIDDEN]; INPUTS],
            b1: [0.0; HIDDEN],
            w2: [0.0; HIDDEN],
            b2: 0.0,
        }
    }

    /// The hidden layer's sums for these active inputs, before they are clipped.
    #[must_use]
    pub fn pre_activations(&self, active: &[u16]) -> [f32; HIDDEN] {
        let mut h = self.b1;
        for &i in active {
            for (v, w) in h.iter_mut().zip(&self.w1[i as usize]) {
                *v += w;
            }
        }
        h
    }

    /// The output (in cows) of the hidden sums `pre`: each clipped to 0..=1, then weighed.
    #[must_use]
    pub fn output_of(&self, pre: &[f32; HIDDEN]) -> f32 {
        pre.iter()
            .zip(&self.w2)
            .fold(self.b2, |out, (v, w)| out + v.clamp(0.0, 1.0) * w)
    }

    /// The output (in cows) for these active inputs.
    #[must_use]
    pub fn output(&self, active: &[u16]) -> f32 {
        self.output_of(&self.pre_activations(active))
    }

    /// The correction for `pos` in evaluation units.
    #[must_use]
    pub fn correction(&self, pos: &Position) -> i32 {
        let mut active = [0u16; MAX_ACTIVE];
        let n = active_inputs(pos, &mut active);
        (self.output(&active[..n]) * OUTPUT_SCALE) as i32
    }

    /// The network in integers, for the search.
    #[must_use]
    pub fn quantized(&self) -> QuantizedNet {
        let q = |v: f32, scale: f32| (v * scale).round().clamp(-32_000.0, 32_000.0) as i16;
        QuantizedNet {
            w1: self
                .w1
                .iter()
                .map(|row| Row(row.map(|v| q(v, HIDDEN_ONE as f32))))
                .collect(),
            b1: Row(self.b1.map(|v| q(v, HIDDEN_ONE as f32))),
            w2: self
                .w2
                .map(|v| q(v, OUTPUT_SCALE * OUTPUT_SHIFT as f32 / HIDDEN_ONE as f32)),
            b2: (self.b2 * OUTPUT_SCALE).round() as i32,
        }
    }

    /// The weights as little-endian `f32`s: `w1` row by row, `b1`, `w2`, `b2`.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut put = |v: f32| out.extend_from_slice(&v.to_le_bytes());
        for row in &self.w1 {
            row.iter().for_each(|&v| put(v));
        }
        self.b1.iter().for_each(|&v| put(v));
        self.w2.iter().for_each(|&v| put(v));
        put(self.b2);
        out
    }

    /// The network [`Net::to_bytes`] wrote; `None` if `bytes` is not that long.
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Option<Net> {
        if bytes.len() != 4 * (INPUTS * HIDDEN + 2 * HIDDEN + 1) {
            return None;
        }
        let mut values = bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut next = || values.next().unwrap_or(0.0);
        let mut net = Net::zero();
        for row in &mut net.w1 {
            row.iter_mut().for_each(|v| *v = next());
        }
        net.b1.iter_mut().for_each(|v| *v = next());
        net.w2.iter_mut().for_each(|v| *v = next());
        net.b2 = next();
        Some(net)
    }
}

/// A hidden activation of 1 in [`QuantizedNet`].
const HIDDEN_ONE: i16 = 256;
/// The output weights of [`QuantizedNet`] are this many times finer than an evaluation unit
/// per unit of activation.
const OUTPUT_SHIFT: i32 = 64;

/// One row of hidden values, aligned to a cache line.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(align(64))]
pub struct Row([i16; HIDDEN]);

/// [`Net`] in integers: hidden values in 256ths, the output in evaluation units.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantizedNet {
    w1: Vec<Row>,
    b1: Row,
    w2: [i16; HIDDEN],
    b2: i32,
}

impl QuantizedNet {
    /// The correction for `pos` in evaluation units.
    #[must_use]
    #[inline]
    pub fn correction(&self, pos: &Position) -> i32 {
        let mut active = [0u16; MAX_ACTIVE];
        let n = active_inputs(pos, &mut active);
        let mut h = self.b1.0;
        for &i in &active[..n.min(MAX_ACTIVE)] {
            for (v, w) in h.iter_mut().zip(&self.w1[i as usize].0) {
                *v = v.saturating_add(*w);
            }
        }
        let sum: i32 = h
            .iter()
            .zip(&self.w2)
            .map(|(&v, &w)| i32::from(v.clamp(0, HIDDEN_ONE)) * i32::from(w))
            .sum();
        self.b2 + sum / OUTPUT_SHIFT
    }
}

/// The trained network, as `cargo run --release -p kraal-ai --example net -- train` wrote it.
static NETWORK_BYTES: &[u8] = include_bytes!("../nets/morris.bin");

/// The trained network, read once.
#[must_use]
pub fn network() -> &'static QuantizedNet {
    static NETWORK: std::sync::LazyLock<QuantizedNet> = std::sync::LazyLock::new(|| {
        Net::from_bytes(NETWORK_BYTES)
            .expect("nets/morris.bin holds a network of the current shape")
            .quantized()
    });
    &NETWORK
}

/// The trained network's correction to the hand-written evaluation of `pos`, in evaluation
/// units, where it [`applies`]; 0 elsewhere.
#[must_use]
#[inline]
pub fn correction(pos: &Position) -> i32 {
    if applies(pos) {
        network().correction(pos)
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
    fn weights_survive_bytes_and_a_wrong_length_is_refused() {
        let mut net = Net::zero();
        net.w1[3][5] = 0.25;
        net.b1[1] = -1.5;
        net.w2[31] = 2.0;
        net.b2 = 0.125;
        let bytes = net.to_bytes();
        assert_eq!(Net::from_bytes(&bytes), Some(net));
        assert_eq!(Net::from_bytes(&bytes[1..]), None);
        assert_eq!(Net::from_bytes(&[]), None);
    }

    #[test]
    fn the_integer_network_agrees_with_the_float_one() {
        let net = Net::from_bytes(NETWORK_BYTES).expect("the trained network loads");
        let quantized = net.quantized();
        let mut pos = Position::new(Options::default());
        let mut moves = Vec::new();
        let mut worst = 0;
        // A seeded walk through all three phases.
        for ply in 0..80u64 {
            if pos.outcome().is_some() {
                break;
            }
            let exact = net.correction(&pos);
            let integer = quantized.correction(&pos);
            worst = worst.max((exact - integer).abs());
            moves.clear();
            pos.legal_moves_into(&mut moves);
            let pick = (ply.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize % moves.len();
            let _ = Morris::play(&mut pos, moves[pick]);
        }
        // Rounding each weight to a 256th adds up over the ~26 rows a position sums: 25 at
        // most on this walk. A wrong scale would be off by hundreds.
        assert!(
            worst <= 40,
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
        assert_eq!(correction(&morabaraba), network().correction(&morabaraba));
    }
}
