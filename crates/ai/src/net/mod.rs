//! Small neural networks that correct hand-written evaluations: one hidden layer over the board
//! seen from the side to move, trained on what deeper searches found (`cargo run --release -p
//! kraal-ai --example net`). Each game's inputs and trained weights live in its own module;
//! the network itself, in floats for training and in integers for the search, lives here.

pub mod morris;
pub mod mulabalaba;

/// The most inputs a position of any game turns on.
pub const MAX_ACTIVE: usize = 64;
/// The output's unit: the network's output times this is in evaluation units (1,000 a cow or
/// a seed).
pub const OUTPUT_SCALE: f32 = 1000.0;

/// The network's weights, with `H` hidden units (each game's module says how many its network
/// has).
#[derive(Clone, Debug, PartialEq)]
pub struct Net<const H: usize> {
    /// Input to hidden, a row of `H` per input.
    pub w1: Vec<[f32; H]>,
    /// Hidden biases.
    pub b1: [f32; H],
    /// Hidden to output.
    pub w2: [f32; H],
    /// Output bias.
    pub b2: f32,
}

impl<const H: usize> Net<H> {
    /// A network of zeros over `inputs` inputs (its output is 0 everywhere).
    #[must_use]
    pub fn zero(inputs: usize) -> Net<H> {
        Net {
            w1: vec![[0.0; H]; inputs],
            b1: [0.0; H],
            w2: [0.0; H],
            b2: 0.0,
        }
    }

    /// The hidden layer's sums for these active inputs, before they are clipped.
    #[must_use]
    pub fn pre_activations(&self, active: &[u16]) -> [f32; H] {
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
    pub fn output_of(&self, pre: &[f32; H]) -> f32 {
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

    /// The network in integers at precision `P`, for the search.
    #[must_use]
    pub fn quantized<P: Precision>(&self) -> QuantizedNet<H, P> {
        let q = |v: f32, scale: f32| (v * scale).round().clamp(-32_000.0, 32_000.0) as i16;
        let one = f32::from(P::HIDDEN_ONE);
        let output = OUTPUT_SCALE * P::OUTPUT_SHIFT as f32 / one;
        QuantizedNet {
            w1: self
                .w1
                .iter()
                .map(|row| Row(row.map(|v| q(v, one))))
                .collect(),
            b1: Row(self.b1.map(|v| q(v, one))),
            w2: self.w2.map(|v| q(v, output)),
            b2: (self.b2 * OUTPUT_SCALE).round() as i32,
            precision: std::marker::PhantomData,
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
    pub fn from_bytes(bytes: &[u8], inputs: usize) -> Option<Net<H>> {
        if bytes.len() != 4 * (inputs * H + 2 * H + 1) {
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

/// How finely [`QuantizedNet`] holds a network's weights (a type, so that the search's
/// arithmetic has its scales as constants).
pub trait Precision {
    /// A hidden activation of 1: the input weights and hidden biases are in these fractions.
    const HIDDEN_ONE: i16;
    /// The output weights are this many times finer than an evaluation unit per unit of
    /// activation.
    const OUTPUT_SHIFT: i32;
}

/// Hidden values in 256ths, output weights in 64ths of an evaluation unit: coarse enough that
/// no sum of the mill network's rows overflows 16 bits, as [`QuantizedNet::accumulate`] needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coarse {}

impl Precision for Coarse {
    const HIDDEN_ONE: i16 = 256;
    const OUTPUT_SHIFT: i32 = 64;
}

/// Hidden values in 1,024ths, output weights in 256ths: for a network with large output
/// weights, which magnify the rounding of the hidden values (its sums are taken in 32 bits, by
/// [`QuantizedNet::correction`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fine {}

impl Precision for Fine {
    const HIDDEN_ONE: i16 = 1024;
    const OUTPUT_SHIFT: i32 = 256;
}

/// One row of hidden values, aligned to a cache line.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(align(64))]
pub struct Row<const H: usize>([i16; H]);

/// [`Net`] in integers: hidden values in fractions of [`Precision::HIDDEN_ONE`], the output
/// in evaluation units.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantizedNet<const H: usize, P: Precision> {
    w1: Vec<Row<H>>,
    b1: Row<H>,
    w2: [i16; H],
    b2: i32,
    precision: std::marker::PhantomData<P>,
}

impl<const H: usize, P: Precision> QuantizedNet<H, P> {
    /// The correction for these active inputs (each below the network's input count) in
    /// evaluation units.
    #[must_use]
    #[inline]
    pub fn correction(&self, active: &[u16]) -> i32 {
        let mut sums = self.b1.0.map(i32::from);
        for &i in active {
            for (v, &w) in sums.iter_mut().zip(&self.w1[i as usize].0) {
                *v += i32::from(w);
            }
        }
        // Clipped, each fits 16 bits again.
        self.output(&sums.map(|v| v.clamp(0, i32::from(P::HIDDEN_ONE)) as i16))
    }

    /// Whether every sum of rows the hidden layer can see fits an `i16`: then sums can be kept
    /// in 16 bits and updated in any order (see [`QuantizedNet::accumulate`]) and give exactly
    /// [`QuantizedNet::correction`].
    #[must_use]
    pub fn sums_always_fit(&self) -> bool {
        (0..H).all(|u| {
            let rows: i32 = self.w1.iter().map(|row| i32::from(row.0[u]).abs()).sum();
            i32::from(self.b1.0[u]).abs() + rows <= i32::from(i16::MAX)
        })
    }

    /// The correction for the inputs `inputs` (bit `i` for input `i`), by updating `acc` from
    /// the inputs it was last given; the same value as [`QuantizedNet::correction`] when
    /// [`QuantizedNet::sums_always_fit`].
    #[inline]
    pub fn accumulate(&self, acc: &mut Accumulator<H>, inputs: u128) -> i32 {
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
    fn add_rows<const ADD: bool>(&self, sums: &mut Row<H>, mut bits: u128) {
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
    fn output(&self, h: &[i16; H]) -> i32 {
        let sum: i32 = h
            .iter()
            .zip(&self.w2)
            .map(|(&v, &w)| i32::from(v.clamp(0, P::HIDDEN_ONE)) * i32::from(w))
            .sum();
        self.b2 + sum / P::OUTPUT_SHIFT
    }
}

/// The hidden sums of a position kept up to date from the last position seen, for networks of
/// at most 128 inputs (as [`QuantizedNet::accumulate`] keeps it): positions a search evaluates
/// one after another mostly differ in a few inputs, so updating the sums costs a few rows
/// where summing them afresh costs one a point taken.
#[derive(Clone, Copy, Debug, Default)]
pub struct Accumulator<const H: usize> {
    /// The inputs the sums are of, one bit each.
    inputs: u128,
    /// Their rows summed, without the bias.
    sums: Row<H>,
}

impl<const H: usize> Default for Row<H> {
    fn default() -> Self {
        Row([0; H])
    }
}

/// Reads the trained network `bytes` of `inputs` inputs and quantizes it.
///
/// # Panics
///
/// If `bytes` do not hold a network of that shape: the weights are built into the binary, so
/// this is a build error that every test run shows.
fn load<const H: usize, P: Precision>(
    bytes: &[u8],
    inputs: usize,
    what: &str,
) -> QuantizedNet<H, P> {
    Net::from_bytes(bytes, inputs)
        .unwrap_or_else(|| {
            panic!("{what} holds no network of {inputs} inputs and {H} hidden units")
        })
        .quantized()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_survive_bytes_and_a_wrong_length_is_refused() {
        let mut net = Net::<32>::zero(78);
        net.w1[3][5] = 0.25;
        net.b1[1] = -1.5;
        net.w2[31] = 2.0;
        net.b2 = 0.125;
        let bytes = net.to_bytes();
        assert_eq!(Net::from_bytes(&bytes, 78), Some(net));
        assert_eq!(Net::<32>::from_bytes(&bytes, 77), None);
        assert_eq!(Net::<32>::from_bytes(&bytes[1..], 78), None);
        assert_eq!(Net::<32>::from_bytes(&[], 78), None);
        // The same bytes are not a network of another width.
        assert_eq!(Net::<16>::from_bytes(&bytes, 78), None);
    }

    #[test]
    fn the_integers_follow_the_floats_on_a_hand_made_network() {
        // Two inputs; unit 0 passes input 0 through, unit 1 saturates at 1 on input 1.
        let mut net = Net::<2>::zero(2);
        net.w1[0][0] = 0.5;
        net.w1[1][1] = 3.0;
        net.w2[0] = 2.0;
        net.w2[1] = -1.0;
        net.b2 = 0.25;
        let q = net.quantized::<Coarse>();
        // 0.25 + 2 * 0.5 = 1.25 cows; 0.25 - 1 * min(3, 1) = -0.75; both: 0.25.
        assert_eq!(q.correction(&[0]), 1250);
        assert_eq!(q.correction(&[1]), -750);
        assert_eq!(q.correction(&[0, 1]), 250);
        assert_eq!(q.correction(&[]), 250);
        assert_eq!(net.correction(&[0]), 1250);
        // Finer integers give the same values on weights that need no rounding.
        let fine = net.quantized::<Fine>();
        for active in [&[0][..], &[1], &[0, 1], &[]] {
            assert_eq!(fine.correction(active), q.correction(active), "{active:?}");
        }
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
        let mut net = Net::<8>::zero(3);
        for row in &mut net.w1 {
            row[7] = 50.0; // 12,800 in 256ths: three of them overflow an i16
        }
        assert!(!net.quantized::<Coarse>().sums_always_fit());
        net.w1[2][7] = 0.0;
        assert!(net.quantized::<Coarse>().sums_always_fit());
    }
}
