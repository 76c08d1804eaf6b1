//! Zobrist keys for hashing positions, fixed at compile time so hashes are the same everywhere.

/// Holes on the largest board (4x16).
pub(crate) const MAX_HOLES: usize = 64;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

pub(crate) struct Keys {
    /// Per seed count, per global hole (count-major, so that the keys of small counts share a
    /// few cache lines). Count 0 has key 0, so empty holes cost nothing.
    pub holes: [[u64; MAX_HOLES]; 256],
    /// `delta[c][h] = holes[c][h] ^ holes[c + 1][h]`: the change of one more seed in a hole.
    pub delta: [[u64; MAX_HOLES]; 256],
    /// Per side, per captured total.
    pub stores: [[u64; 256]; 2],
    pub north_to_move: u64,
}

const fn build() -> Keys {
    let mut k = Keys {
        holes: [[0; MAX_HOLES]; 256],
        delta: [[0; MAX_HOLES]; 256],
        stores: [[0; 256]; 2],
        north_to_move: 0,
    };
    let mut s = 0x006D_616E_6361_6C61_u64; // "mancala"
    let mut h = 0;
    while h < MAX_HOLES {
        let mut c = 1;
        while c < 256 {
            let (n, v) = splitmix(s);
            s = n;
            k.holes[c][h] = v;
            c += 1;
        }
        h += 1;
    }
    let mut c = 0;
    while c < 255 {
        let mut h = 0;
        while h < MAX_HOLES {
            k.delta[c][h] = k.holes[c][h] ^ k.holes[c + 1][h];
            h += 1;
        }
        c += 1;
    }
    let mut side = 0;
    while side < 2 {
        let mut c = 1;
        while c < 256 {
            let (n, v) = splitmix(s);
            s = n;
            k.stores[side][c] = v;
            c += 1;
        }
        side += 1;
    }
    k.north_to_move = splitmix(s).1;
    k
}

pub(crate) static KEYS: Keys = build();
