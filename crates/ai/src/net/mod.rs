//! Small neural networks that correct hand-written evaluations: one hidden layer over the board
//! seen from the side to move, trained on what deeper searches found (`cargo run --release -p
//! kraal-ai --example net`). Each game's inputs and trained weights live in its own module;
//! the network itself, in floats for training and in integers for the search, lives here.

pub mod morris;
pub mod mulabalaba;

/// Hidden units.
pub const HIDDEN: usize = 32;
/// The most inputs a position of any game turns on.
pub const MAX_ACTIVE: usize = 64;
/// The output's unit: the network's output times this is in evaluation units (1,000 a cow or
/// a seed).
pub const OUTPUT_SCALE: f32 = 1000.0;

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

impl Net {
    /// A network of zeros over `inputs` inputs (its output is 0 everywhere).
    #[must_use]
    pub fn zero(inputs: usize) -> Net {
        Net {
            w1: vec![[0.0; HIDDEN]; inputs],
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

    /// The output (in cows or seeds) of the hidden sums `pre`: each clipped to 0..=1, then
    /// weighed.
    #[must_use]
    pub fn output_of(&self, pre: &[f32; HIDDEN]) -> f32 {
        pre.iter()
            .zip(&self.w2)
            .fold(self.b2, |out, (v, w)| out + v.clamp(0.0, 1.0) * w)
    }

    /// The output (in cows or seeds) for these active inputs.
    #[must_use]
    pub fn output(&self, active: &[u16]) -> f32 {
        self.output_of(&self.pre_activations(active))
    }

    /// The correction for these active inputs in evaluation units.
    #[must_use]
    pub fn correction(&self, active: &[u16]) -> i32 {
        (self.output(active) * OUTPUT_SCALE) as i32
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

    /// The network of `inputs` inputs that [`Net::to_bytes`] wrote; `None` if `bytes` is not
    /// that long.
    #[must_use]
    pub fn from_bytes(bytes: &[u8], inputs: usize) -> Option<Net> {
        if bytes.len() != 4 * (inputs * HIDDEN + 2 * HIDDEN + 1) {
            return None;
        }
        let mut values = bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut next = || values.next().unwrap_or(0.0);
        let mut net = Net::zero(inputs);
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
    /// The correction for these active inputs (each below the network's input count) in
    /// evaluation units.
    #[must_use]
    #[inline]
    pub fn correction(&self, active: &[u16]) -> i32 {
        let mut h = self.b1.0;
        for &i in active {
            for (v, w) in h.iter_mut().zip(&self.w1[i as usize].0) {
                *v = v.saturating_add(*w);
            }
        }
        self.output(&h)
    }

    /// Whether every sum of rows the hidden layer can see fits an `i16` without saturating:
    /// then sums can be updated in any order (see [`QuantizedNet::accumulate`]) and give
    /// exactly [`QuantizedNet::correction`].
    #[must_use]
    pub fn sums_always_fit(&self) -> bool {
        (0..HIDDEN).all(|u| {
            let rows: i32 = self.w1.iter().map(|row| i32::from(row.0[u]).abs()).sum();
            i32::from(self.b1.0[u]).abs() + rows <= i32::from(i16::MAX)
        })
    }

    /// The correction for the inputs `inputs` (bit `i` for input `i`), by updating `acc` from
    /// the inputs it was last given; the same value as [`QuantizedNet::correction`] when
    /// [`QuantizedNet::sums_always_fit`].
    #[inline]
    pub fn accumulate(&self, acc: &mut Accumulator, inputs: u128) -> i32 {
        let changed = acc.inputs ^ inputs;
        if changed.count_ones() > inputs.count_ones() {
            acc.sums = Row::default();
            self.add_rows::<true>(&mut acc.sums, inputs);
        } else {
            self.add_rows::<true>(&mut acc.sums, changed & inputs);
            self.add_rows::<false>(&mut acc.sums, changed & acc.inputs);
        }
        acc.inputs = inputs;
        let mut h = acc.sums.0;
        for (v, b) in h.iter_mut().zip(&self.b1.0) {
            *v = v.wrapping_add(*b);
        }
        self.output(&h)
    }

    /// Adds (`ADD`) or takes away the rows of the inputs in `bits`.
    #[inline]
    fn add_rows<const ADD: bool>(&self, sums: &mut Row, mut bits: u128) {
        while bits != 0 {
            let row = &self.w1[bits.trailing_zeros() as usize].0;
            for (v, w) in sums.0.iter_mut().zip(row) {
                *v = if ADD {
                    v.wrapping_add(*w)
                } else {
                    v.wrapping_sub(*w)
                };
            }
            bits &= bits - 1;
        }
    }

    /// The output in evaluation units of the hidden sums `h` (bias included).
    #[inline]
    fn output(&self, h: &[i16; HIDDEN]) -> i32 {
        let sum: i32 = h
            .iter()
            .zip(&self.w2)
            .map(|(&v, &w)| i32::from(v.clamp(0, HIDDEN_ONE)) * i32::from(w))
            .sum();
        self.b2 + sum / OUTPUT_SHIFT
    }
}

/// The hidden sums of a position kept up to date from the last position seen, for networks of
/// at most 128 inputs (as [`QuantizedNet::accumulate`] keeps it): positions a search evaluates
/// one after another mostly differ in a few inputs, so updating the sums costs a few rows
/// where summing them afresh costs one a point taken.
#[derive(Clone, Copy, Debug, Default)]
pub struct Accumulator {
    /// The inputs the sums are of, one bit each.
    inputs: u128,
    /// Their rows summed, without the bias.
    sums: Row,
}

impl Default for Row {
    fn default() -> Self {
        Row([0; HIDDEN])
    }
}

/// Reads the trained network `bytes` of `inputs` inputs and quantizes it.
///
/// # Panics
///
/// If `bytes` do not hold a network of that shape: the weights are built into the binary, so
/// this is a build error that every test run shows.
fn load(bytes: &[u8], inputs: usize, what: &str) -> QuantizedNet {
    Net::from_bytes(bytes, inputs)
        .unwrap_or_else(|| panic!("{what} holds no network of {inputs} inputs"))
        .quantized()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_survive_bytes_and_a_wrong_length_is_refused() {
        let mut net = Net::zero(78);
        net.w1[3][5] = 0.25;
        net.b1[1] = -1.5;
        net.w2[31] = 2.0;
        net.b2 = 0.125;
        let bytes = net.to_bytes();
        assert_eq!(Net::from_bytes(&bytes, 78), Some(net));
        assert_eq!(Net::from_bytes(&bytes, 77), None);
        assert_eq!(Net::from_bytes(&bytes[1..], 78), None);
        assert_eq!(Net::from_bytes(&[], 78), None);
    }

    #[test]
    fn the_integers_follow_the_floats_on_a_hand_made_network() {
        // Two inputs; unit 0 passes input 0 through, unit 1 saturates at 1 on input 1.
        let mut net = Net::zero(2);
        net.w1[0][0] = 0.5;
        net.w1[1][1] = 3.0;
        net.w2[0] = 2.0;
        net.w2[1] = -1.0;
        net.b2 = 0.25;
        let q = net.quantized();
        // 0.25 + 2 * 0.5 = 1.25 cows; 0.25 - 1 * min(3, 1) = -0.75; both: 0.25.
        assert_eq!(q.correction(&[0]), 1250);
        assert_eq!(q.correction(&[1]), -750);
        assert_eq!(q.correction(&[0, 1]), 250);
        assert_eq!(q.correction(&[]), 250);
        assert_eq!(net.correction(&[0]), 1250);
        assert!(q.sums_always_fit());
        // The accumulator, from nothing, to input 0, to both, to input 1, to none.
        let mut acc = Accumulator::default();
        assert_eq!(q.accumulate(&mut acc, 0b01), 1250);
        assert_eq!(q.accumulate(&mut acc, 0b11), 250);
        assert_eq!(q.accumulate(&mut acc, 0b10), -750);
        assert_eq!(q.accumulate(&mut acc, 0b00), 250);
    }

    #[test]
    fn sums_that_could_overflow_are_told() {
        let mut net = Net::zero(3);
        for row in &mut net.w1 {
            row[7] = 50.0; // 12,800 in 256ths: three of them overflow an i16
        }
        assert!(!net.quantized().sums_always_fit());
        net.w1[2][7] = 0.0;
        assert!(net.quantized().sums_always_fit());
    }
}
