//! Zobrist keys for hashing positions, fixed at compile time so hashes are the same everywhere.

use crate::point::Point;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Most cows in one hand, plus one.
const HANDS: usize = 13;
const PAIRS: usize = Point::COUNT * Point::COUNT;

pub(crate) struct Keys {
    pub cows: [[u64; Point::COUNT]; 2],
    pub hand: [[u64; HANDS]; 2],
    pub black_to_move: u64,
    /// Keys for a return ban of each colour, indexed `from * 25 + to`.
    pub ban: [[u64; PAIRS]; 2],
}

const fn build() -> Keys {
    let mut k = Keys {
        cows: [[0; Point::COUNT]; 2],
        hand: [[0; HANDS]; 2],
        black_to_move: 0,
        ban: [[0; PAIRS]; 2],
    };
    let mut s = 0x6B72_6161_6C21_u64; // "kraal!"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < Point::COUNT {
            let (n, v) = splitmix(s);
            s = n;
            k.cows[c][i] = v;
            i += 1;
        }
        i = 0;
        while i < HANDS {
            let (n, v) = splitmix(s);
            s = n;
            k.hand[c][i] = v;
            i += 1;
        }
        i = 0;
        while i < PAIRS {
            let (n, v) = splitmix(s);
            s = n;
            k.ban[c][i] = v;
            i += 1;
        }
        c += 1;
    }
    k.black_to_move = splitmix(s).1;
    k
}

pub(crate) static KEYS: Keys = build();
