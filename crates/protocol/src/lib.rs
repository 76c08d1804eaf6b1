#![doc = include_str!("../README.md")]

pub mod frames;
pub mod join_code;
pub mod parse;
pub mod views;
pub mod wire;

pub use frames::{
    ClaimKind, ClientFrame, ErrorCode, GameId, GameSnapshot, GameStatus, ServerFrame,
};
pub use frames::{MAX_LIST_SEATS, SeatQuery, SeatSummary};
pub use join_code::{JOIN_CODE_ALPHABET, JOIN_CODE_LEN, normalise_join_code};
pub use parse::{FrameError, parse_client_frame, parse_server_frame};
pub use views::{BoardView, HoleView, LastMove, MoveView, PointView, PositionView, SowStep};
pub use wire::WireMove;

/// The protocol version a client names in its hello; the server refuses any other with
/// [`ErrorCode::ProtocolMismatch`].
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest frame either side sends or accepts, in bytes (8 KiB). A larger client frame
/// closes the socket.
pub const MAX_FRAME_BYTES: usize = 8 * 1024;

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 24;
