//! Join codes: six characters from an alphabet without look-alikes, so a code read aloud or
//! copied by hand still works. The server makes them; clients check what a player typed.

/// The join-code alphabet: capital letters and digits without 0/O, 1/I/L, 5/S, 2/Z, 8/B.
pub const JOIN_CODE_ALPHABET: &[u8] = b"ACDEFGHJKMNPQRTUVWXY34679";

/// The length of a join code.
pub const JOIN_CODE_LEN: usize = 6;

/// A join code as typed, normalised: trimmed, capitals; `None` if it cannot be one.
#[must_use]
pub fn normalise_join_code(text: &str) -> Option<String> {
    let code = text.trim().to_ascii_uppercase();
    (code.len() == JOIN_CODE_LEN && code.bytes().all(|b| JOIN_CODE_ALPHABET.contains(&b)))
        .then_some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_codes_are_trimmed_and_capitalised() {
        assert_eq!(normalise_join_code(" ac3d4e \n").as_deref(), Some("AC3D4E"));
    }

    #[test]
    fn look_alikes_and_wrong_lengths_are_no_codes() {
        for bad in [
            "AC3D4", "AC3D4EF", "AC3D4O", "AC3D41", "ac3d4s", "", "AC 3D4",
        ] {
            assert_eq!(normalise_join_code(bad), None, "{bad:?}");
        }
    }
}
