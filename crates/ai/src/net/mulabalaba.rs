//! Mulabalaba's network: its inputs (the 4x8 board seen from the side to move) and its trained
//! weights.

use super::{Fine, MAX_ACTIVE, QuantizedNet};
use kraal_rules_mancala::{Game as Kind, Position};

/// Hidden units of Mulabalaba's network.
pub const HIDDEN: usize = 128;
/// Holes on each side: two rows of eight.
const HOLES: usize = 16;
/// Distinct counts of seeds in a hole (more than 15 count as 15).
const COUNTS: usize = 16;
/// Inputs: each hole of the side to move (outer row then inner, in notation order) holding
/// each count of seeds, one input per hole and count; then the same for the other side.
pub const INPUTS: usize = 2 * HOLES * COUNTS;

/// The inputs `pos` turns on (each input is 0 or 1), written to `out`; returns how many (one
/// per hole, 32, where the network [`applies`]; none elsewhere).
pub fn active_inputs(pos: &Position, out: &mut [u16; MAX_ACTIVE]) -> usize {
    if !applies(pos) {
        return 0;
    }
    let me = pos.side_to_move();
    let mut n = 0;
    for (side, colour) in [me, me.other()].into_iter().enumerate() {
        for (hole, &seeds) in pos.row(colour).iter().enumerate() {
            out[n] = ((side * HOLES + hole) * COUNTS + usize::from(seeds).min(COUNTS - 1)) as u16;
            n += 1;
        }
    }
    n
}

/// The trained network, as `cargo run --release -p kraal-ai --example net -- train` wrote it.
static NETWORK_BYTES: &[u8] = include_bytes!("../../nets/mulabalaba.bin");

/// The trained network, read once.
#[must_use]
pub fn network() -> &'static QuantizedNet<HIDDEN, Fine> {
    static NETWORK: std::sync::LazyLock<QuantizedNet<HIDDEN, Fine>> =
        std::sync::LazyLock::new(|| super::load(NETWORK_BYTES, INPUTS, "nets/mulabalaba.bin"));
    &NETWORK
}

/// The trained network's correction to the hand-written evaluation of `pos`, in evaluation
/// units, where it [`applies`]; 0 elsewhere.
#[must_use]
#[inline]
pub fn correction(pos: &Position) -> i32 {
    let mut active = [0u16; MAX_ACTIVE];
    match active_inputs(pos, &mut active) {
        0 => 0,
        n => network().correction(&active[..n]),
    }
}

/// Whether the network applies to `pos`: Mulabalaba on the 4x8 board, on which it was trained.
#[must_use]
#[inline]
pub fn applies(pos: &Position) -> bool {
    pos.game() == Kind::Mulabalaba && usize::from(pos.options().width) * 2 == HOLES
}

#[cfg(test)]
mod tests {
    use super::*;
    use kraal_rules_mancala::Options;

    fn start(rule_set: &str) -> Position {
        Position::new(Options::from_rule_set(rule_set, &[] as &[&str]).expect("rule set"))
    }

    #[test]
    fn the_inputs_are_each_hole_and_its_count_from_the_side_to_move() {
        let pos = start("mulabalaba");
        let mut active = [0u16; MAX_ACTIVE];
        assert_eq!(active_inputs(&pos, &mut active), 32);
        // Two seeds in every hole: input hole * 16 + 2 for all 32 holes.
        let want: Vec<u16> = (0..32).map(|hole| hole * 16 + 2).collect();
        assert_eq!(active[..32], want[..]);
        // After a move the other side is to move: its row comes first.
        let mut moves = Vec::new();
        pos.legal_moves_into(&mut moves);
        let mover = pos.side_to_move();
        let pos = pos.play(moves[0]).expect("a legal move");
        assert_eq!(active_inputs(&pos, &mut active), 32);
        for (hole, &seeds) in pos.row(mover.other()).iter().enumerate() {
            assert_eq!(
                active[hole],
                (hole * 16 + usize::from(seeds).min(15)) as u16
            );
        }
        for (hole, &seeds) in pos.row(mover).iter().enumerate() {
            let index = (16 + hole) * 16 + usize::from(seeds).min(15);
            assert_eq!(active[16 + hole], index as u16);
        }
    }

    #[test]
    fn the_integer_network_agrees_with_the_float_one() {
        let net = crate::net::Net::<HIDDEN>::from_bytes(NETWORK_BYTES, INPUTS)
            .expect("the network loads");
        let quantized = net.quantized::<crate::net::Fine>();
        let mut pos = start("mulabalaba");
        let mut moves = Vec::new();
        let (mut worst, mut largest) = (0, 0);
        // A seeded walk from the start to the end of the game.
        for ply in 0..150u64 {
            moves.clear();
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let mut active = [0u16; MAX_ACTIVE];
            let n = active_inputs(&pos, &mut active);
            let exact = net.correction(&active[..n]);
            worst = worst.max((exact - quantized.correction(&active[..n])).abs());
            largest = largest.max(exact.abs());
            let pick = (ply.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize % moves.len();
            pos = pos.play(moves[pick]).expect("a legal move");
        }
        // The trained network moves evaluations by seeds (up to 9,738 on this walk); its
        // weights in 1,024ths, summed in 32 bits over the 32 rows a position turns on, move
        // them by 27 at most here (in 256ths, with its output weights of up to 9.4 seeds a
        // unit over 128 units, by 227). A wrong scale would be off by thousands.
        assert!(largest > 2000, "the network hardly corrects: {largest}");
        assert!(
            worst <= 60,
            "the integers differ by {worst} (of 1,000 a seed), largest {largest}"
        );
    }

    #[test]
    fn the_network_corrects_only_the_board_it_was_trained_on() {
        for rule_set in ["abapa", "mulabalaba-lozi-6", "mulabalaba-toka-12"] {
            let pos = start(rule_set);
            assert!(!applies(&pos), "{rule_set}");
            assert_eq!(correction(&pos), 0, "{rule_set}");
        }
        let pos = start("mulabalaba");
        assert!(applies(&pos));
        let mut active = [0u16; MAX_ACTIVE];
        let n = active_inputs(&pos, &mut active);
        assert_eq!(correction(&pos), network().correction(&active[..n]));
    }
}
