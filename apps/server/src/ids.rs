//! Random names: game numbers, join codes (six characters, no look-alike letters) and seat
//! tokens (128 random bits; only their SHA-256 is stored).

use sha2::{Digest, Sha256};
use std::fmt::Write;

pub use kraal_protocol::join_code::{
    JOIN_CODE_ALPHABET as CODE_ALPHABET, JOIN_CODE_LEN as CODE_LEN,
    normalise_join_code as normalise_code,
};

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    // The operating system's randomness; without it the server cannot hand out safe tokens.
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes
}

/// A new game number, below 2^53.
#[must_use]
pub fn game_id() -> u64 {
    (u64::from_le_bytes(random_bytes::<8>()) >> 11).max(1)
}

/// A new join code.
#[must_use]
pub fn join_code() -> String {
    let mut code = String::with_capacity(CODE_LEN);
    while code.len() < CODE_LEN {
        for b in random_bytes::<16>() {
            // Rejection sampling keeps every character equally likely.
            let limit = 256 - 256 % CODE_ALPHABET.len();
            if (b as usize) < limit && code.len() < CODE_LEN {
                code.push(char::from(CODE_ALPHABET[b as usize % CODE_ALPHABET.len()]));
            }
        }
    }
    code
}

/// A new seat token: 128 random bits as 32 hex digits.
#[must_use]
pub fn seat_token() -> String {
    hex(&random_bytes::<16>())
}

/// What the database keeps of a token: its SHA-256, hex.
#[must_use]
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(text, "{b:02x}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_use_no_look_alike_characters() {
        for look_alike in b"0O1IL5S2Z8B" {
            assert!(
                !CODE_ALPHABET.contains(look_alike),
                "{}",
                *look_alike as char
            );
        }
        for _ in 0..200 {
            let code = join_code();
            assert_eq!(code.len(), 6);
            assert_eq!(normalise_code(&code.to_lowercase()), Some(code.clone()));
        }
        assert_eq!(normalise_code("ABC12"), None);
        assert_eq!(normalise_code("OOOOOO"), None);
    }

    #[test]
    fn tokens_are_128_bits_and_hash_to_sha256() {
        let token = seat_token();
        assert_eq!(token.len(), 32);
        assert_ne!(token, seat_token());
        // SHA-256 of "abc", FIPS 180-2 appendix B.1.
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(game_id() < 1 << 53);
    }
}
