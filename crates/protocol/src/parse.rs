//! Reading frames from bytes: the size limit, UTF-8, then JSON into the typed frame. Never
//! panics; memory is bounded by the size limit, checked before anything is read.

use crate::frames::{ClientFrame, ErrorCode, ServerFrame};
use crate::{MAX_FRAME_BYTES, MAX_NAME_CHARS};
use std::fmt;

/// Why bytes are not a frame.
#[derive(Debug)]
pub enum FrameError {
    /// More than [`MAX_FRAME_BYTES`] bytes.
    TooLarge {
        /// The frame's length.
        len: usize,
    },
    /// Not UTF-8 text.
    NotUtf8,
    /// Not JSON, or no frame of this protocol (unknown type, missing or bad field).
    BadMessage(serde_json::Error),
    /// A display name that is too long or holds control characters.
    BadName,
}

impl FrameError {
    /// The error code the server answers with.
    #[must_use]
    pub const fn code(&self) -> ErrorCode {
        match self {
            FrameError::TooLarge { .. } => ErrorCode::TooLarge,
            FrameError::NotUtf8 | FrameError::BadMessage(_) | FrameError::BadName => {
                ErrorCode::BadMessage
            }
        }
    }

    /// Whether the socket is closed for this (too large, not text).
    #[must_use]
    pub const fn closes(&self) -> bool {
        matches!(self, FrameError::TooLarge { .. } | FrameError::NotUtf8)
    }
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrameError::TooLarge { len } => write!(
                f,
                "a frame of {len} bytes is over the limit of {MAX_FRAME_BYTES} bytes"
            ),
            FrameError::NotUtf8 => f.write_str("the frame is not UTF-8 text"),
            FrameError::BadMessage(e) => write!(f, "the frame is not a message: {e}"),
            FrameError::BadName => write!(
                f,
                "a display name has at most {MAX_NAME_CHARS} printable characters"
            ),
        }
    }
}

impl std::error::Error for FrameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FrameError::BadMessage(e) => Some(e),
            _ => None,
        }
    }
}

/// Whether a display name is short and printable (no control characters, not blank).
#[must_use]
pub fn valid_name(name: &str) -> bool {
    let chars = name.chars().count();
    (1..=MAX_NAME_CHARS).contains(&chars)
        && !name.trim().is_empty()
        && name.chars().all(|c| !c.is_control())
}

fn text_of(bytes: &[u8]) -> Result<&str, FrameError> {
    if bytes.len() > MAX_FRAME_BYTES {
        return Err(FrameError::TooLarge { len: bytes.len() });
    }
    std::str::from_utf8(bytes).map_err(|_| FrameError::NotUtf8)
}

/// Reads a client's frame from the bytes of one websocket message.
///
/// # Errors
/// Too large, not UTF-8, not a frame of this protocol, or a bad display name.
pub fn parse_client_frame(bytes: &[u8]) -> Result<ClientFrame, FrameError> {
    let frame: ClientFrame =
        serde_json::from_str(text_of(bytes)?).map_err(FrameError::BadMessage)?;
    if let ClientFrame::Hello {
        name: Some(name), ..
    } = &frame
        && !valid_name(name)
    {
        return Err(FrameError::BadName);
    }
    Ok(frame)
}

/// Reads a server's frame (for clients).
///
/// # Errors
/// Too large, not UTF-8, or not a frame of this protocol.
pub fn parse_server_frame(bytes: &[u8]) -> Result<ServerFrame, FrameError> {
    // A snapshot of a long game can pass 8 KiB; clients accept up to 64 KiB from the server.
    if bytes.len() > 8 * MAX_FRAME_BYTES {
        return Err(FrameError::TooLarge { len: bytes.len() });
    }
    let text = std::str::from_utf8(bytes).map_err(|_| FrameError::NotUtf8)?;
    serde_json::from_str(text).map_err(FrameError::BadMessage)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::WireMove;
    use proptest::prelude::*;

    #[test]
    fn unknown_types_and_junk_are_bad_messages_not_panics() {
        for junk in [
            &br#"{"type":"teleport"}"#[..],
            br#"{"type":"move","ply":"x"}"#,
            br#"{"type":"move","ply":1,"mv":{"mill":"z9"}}"#,
            br#"[1,2,3]"#,
            b"",
            b"{",
        ] {
            let error = parse_client_frame(junk).expect_err("junk");
            assert_eq!(error.code(), ErrorCode::BadMessage, "{junk:?}");
        }
        assert!(matches!(
            parse_client_frame(&[0xff, 0xfe]),
            Err(FrameError::NotUtf8)
        ));
        let big = vec![b' '; MAX_FRAME_BYTES + 1];
        let error = parse_client_frame(&big).expect_err("too big");
        assert_eq!(error.code(), ErrorCode::TooLarge);
        assert!(error.closes());
    }

    #[test]
    fn a_move_frame_reads_as_a_typed_move() {
        let frame =
            parse_client_frame(br#"{"type":"move","ply":0,"mv":{"mancala":"C"}}"#).expect("a move");
        let ClientFrame::Move { ply, mv, think_ms } = frame else {
            panic!("not a move: {frame:?}");
        };
        assert_eq!((ply, think_ms), (0, None));
        assert!(matches!(mv, WireMove::Mancala(_)));
        assert_eq!(mv.to_string(), "C");
    }

    #[test]
    fn names_are_short_and_printable() {
        assert!(valid_name("Thandi"));
        assert!(!valid_name("a\u{7}b"));
        assert!(!valid_name("   "));
        assert!(!valid_name(&"x".repeat(MAX_NAME_CHARS + 1)));
        let frame = br#"{"type":"hello","version":1,"name":"bad\nname"}"#;
        assert!(matches!(
            parse_client_frame(frame),
            Err(FrameError::BadName)
        ));
    }

    /// Fragments of real frames, so random input often gets deep into the parser.
    const PIECES: &[&str] = &[
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"type\"",
        "\"move\"",
        "\"hello\"",
        "\"create\"",
        "\"ply\"",
        "\"mv\"",
        "\"mill\"",
        "\"mancala\"",
        "\"d2xb4\"",
        "\"C\"",
        "1",
        "-1",
        "18446744073709551616",
        "null",
        "true",
        "\"set\"",
        "\"a=b\"",
        "\"\\u0000\"",
        "\"",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..10_000)) {
            let result = parse_client_frame(&bytes);
            if bytes.len() > MAX_FRAME_BYTES {
                let too_large = matches!(result, Err(FrameError::TooLarge { .. }));
                prop_assert!(too_large, "{} bytes read", bytes.len());
            }
        }

        #[test]
        fn frame_shaped_text_never_panics(pieces in proptest::collection::vec(0..PIECES.len(), 0..200)) {
            let text: String = pieces.iter().map(|&i| PIECES[i]).collect();
            if let Ok(frame) = parse_client_frame(text.as_bytes()) {
                // Whatever reads also writes back and reads the same.
                let again = parse_client_frame(frame.to_text().as_bytes());
                prop_assert_eq!(again.ok(), Some(frame));
            }
        }

        #[test]
        fn deep_nesting_is_refused_not_a_stack_overflow(depth in 0usize..4000) {
            let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            prop_assert!(parse_client_frame(text.as_bytes()).is_err());
        }
    }
}
