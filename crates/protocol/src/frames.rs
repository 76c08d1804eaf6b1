//! The frames: what a client sends ([`ClientFrame`]) and what the server sends
//! ([`ServerFrame`]), each a JSON object tagged by `"type"`.

use crate::views::{BoardView, LastMove, MoveView, PositionView};
use crate::wire::WireMove;
use kraal_session::{Outcome, Seat, TimeControl};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A game's number on the server (below 2^53, so JavaScript reads it exactly).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub u64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for GameId {
    type Err = std::num::ParseIntError;

    fn from_str(text: &str) -> Result<GameId, Self::Err> {
        text.trim().parse().map(GameId)
    }
}

/// A time control on the wire: its text form (`"none"`, `"5+3"`, `"move:120"`), read by
/// [`TimeControl`]'s parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ClockSpec(pub TimeControl);

impl TryFrom<String> for ClockSpec {
    type Error = kraal_session::clock::BadTimeControl;

    fn try_from(text: String) -> Result<ClockSpec, Self::Error> {
        text.parse().map(ClockSpec)
    }
}

impl From<ClockSpec> for String {
    fn from(clock: ClockSpec) -> String {
        clock.0.to_string()
    }
}

/// What a player claims when the opponent has been gone longer than the grace period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimKind {
    /// The win.
    Win,
    /// A draw.
    Draw,
}

/// A frame from a client. A connection says hello first, then creates, joins or resumes one
/// game; the game's frames after that are about that game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ClientFrame {
    /// The first frame: the protocol version spoken and an optional display name.
    Hello {
        /// Must be [`crate::PROTOCOL_VERSION`].
        version: u32,
        /// A short printable name shown to the opponent.
        #[serde(default)]
        name: Option<String>,
    },
    /// Creates a game and waits for an opponent; the reply is [`ServerFrame::Created`].
    Create {
        /// The game or rule-set name (`morabaraba`, `oware`...).
        game: String,
        /// A rule set of that game.
        #[serde(default)]
        rules: Option<String>,
        /// `OPTION=VALUE` overrides.
        #[serde(default)]
        set: Vec<String>,
        /// The time control.
        #[serde(default)]
        clock: ClockSpec,
        /// The seat the creator takes (the first when absent).
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Takes the free seat of the game with this join code.
    Join {
        /// The six-character join code.
        code: String,
    },
    /// Takes a seat again with its token (after a disconnect or a restart).
    Resume {
        /// The game.
        game: GameId,
        /// The seat token [`ServerFrame::Created`] or [`ServerFrame::Joined`] gave.
        token: String,
    },
    /// A move for ply `ply` (the number of moves before it). A resend of a move already
    /// played is recognised by its ply and not applied twice.
    Move {
        /// The ply this move is for.
        ply: u32,
        /// The move.
        mv: WireMove,
        /// How long the client thought, in milliseconds (credited within a bounded lag
        /// allowance).
        #[serde(default)]
        think_ms: Option<u64>,
    },
    /// Resigns the game.
    Resign,
    /// Offers a draw (it stands until the opponent answers or moves).
    OfferDraw,
    /// Accepts the opponent's draw offer.
    AcceptDraw,
    /// Declines the opponent's draw offer.
    DeclineDraw,
    /// Aborts the game: allowed until each side has moved once; no result.
    Abort,
    /// Claims the win or a draw after the opponent has been gone past the grace period.
    Claim {
        /// What is claimed.
        kind: ClaimKind,
    },
    /// Asks for the whole game again (after a gap in the event versions).
    Sync,
    /// A heartbeat; the server answers [`ServerFrame::Pong`].
    Ping {
        /// Echoed back.
        n: u64,
    },
    /// Asks for a game's record (a finished game's or a live game's so far).
    Export {
        /// The game.
        game: GameId,
    },
    /// Asks for the views a client needs to draw the board (the browser page): from now on
    /// this connection gets a [`ServerFrame::Board`] after every whole game and a
    /// [`ServerFrame::Position`] after every state. Send it before create, join or resume.
    Views,
    /// Creates a game against one of the server's computer opponents, which takes the other
    /// seat at once; the reply is [`ServerFrame::Created`] (its join code is of no use).
    PlayComputer {
        /// The game or rule-set name (`morabaraba`, `oware`...).
        game: String,
        /// A rule set of that game.
        #[serde(default)]
        rules: Option<String>,
        /// `OPTION=VALUE` overrides.
        #[serde(default)]
        set: Vec<String>,
        /// The time control.
        #[serde(default)]
        clock: ClockSpec,
        /// The seat the player takes (the first when absent).
        #[serde(default)]
        seat: Option<Seat>,
        /// The opponent: its name (`Calf`) or level (`1` to `7`).
        opponent: String,
        /// A fixed seed for the opponent's choices (the same game replays the same way);
        /// random when absent.
        #[serde(default)]
        seed: Option<u64>,
    },
    /// Asks where each of these held seats' games stands (at most [`MAX_LIST_SEATS`]); the
    /// reply is [`ServerFrame::Games`]. Needs no game on the connection.
    List {
        /// The seats: each game with its seat token.
        seats: Vec<SeatQuery>,
    },
}

/// The most seats one [`ClientFrame::List`] may ask about.
pub const MAX_LIST_SEATS: usize = 32;

/// A held seat, as [`ClientFrame::List`] asks about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatQuery {
    /// The game.
    pub game: GameId,
    /// The seat token.
    pub token: String,
}

/// Where one held seat's game stands, in [`ServerFrame::Games`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SeatSummary {
    /// The game, as the database holds it.
    Game {
        /// The game.
        game: GameId,
        /// The game's name (`morabaraba`, `oware`...).
        game_name: String,
        /// The rule set's name.
        rule_set: String,
        /// Where the game stands (with the result when it is over).
        status: GameStatus,
        /// The seat the token holds.
        you: Seat,
        /// The side to move.
        to_move: Seat,
        /// The moves played.
        plies: u32,
        /// The opponent's display name, if they gave one.
        opponent_name: Option<String>,
        /// Whether the opponent's socket is connected.
        opponent_online: bool,
    },
    /// The server knows no such game ([`ErrorCode::UnknownGame`]) or the token is not one of
    /// its seats ([`ErrorCode::BadToken`]).
    Missing {
        /// The game asked about.
        game: GameId,
        /// Why.
        code: ErrorCode,
    },
}

impl SeatSummary {
    /// The game it is about.
    #[must_use]
    pub const fn game(&self) -> GameId {
        match self {
            SeatSummary::Game { game, .. } | SeatSummary::Missing { game, .. } => *game,
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub enum GameStatus {
    /// Waiting for the second player.
    Waiting,
    /// Being played.
    Live,
    /// Finished, with its outcome.
    Over {
        /// How it ended.
        outcome: Outcome,
    },
    /// Aborted before each side had moved: no result.
    Aborted,
}

impl GameStatus {
    /// Whether the game is finished (over or aborted).
    #[must_use]
    pub const fn is_finished(&self) -> bool {
        matches!(self, GameStatus::Over { .. } | GameStatus::Aborted)
    }
}

/// The whole game, as a client needs it to draw the board and go on playing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSnapshot {
    /// The game.
    pub game: GameId,
    /// The version of the game's state: every event after this carries the next number.
    pub version: u64,
    /// The game's name (`morabaraba`, `oware`...).
    pub game_name: String,
    /// The rule set's name.
    pub rule_set: String,
    /// The `OPTION=VALUE` overrides on the rule set.
    pub set: Vec<String>,
    /// The time control.
    pub clock: ClockSpec,
    /// Every move so far, oldest first (the ply to play is its length).
    pub moves: Vec<WireMove>,
    /// Where the game stands.
    pub status: GameStatus,
    /// The side to move.
    pub to_move: Seat,
    /// The seat of the client this is sent to.
    pub you: Seat,
    /// Time left for each side in milliseconds, first seat first, when a clock runs.
    pub clocks_ms: Option<[u64; 2]>,
    /// Whose clock runs (none before each side's first move, or when no clock is kept).
    pub clock_running: Option<Seat>,
    /// A standing draw offer, by whom.
    pub draw_offer: Option<Seat>,
    /// Whether the opponent's socket is connected.
    pub opponent_online: bool,
    /// The players' display names, first seat first.
    pub names: [Option<String>; 2],
}

/// A frame from the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ServerFrame {
    /// The answer to hello.
    Welcome {
        /// The protocol version spoken.
        version: u32,
        /// The server's name and version.
        server: String,
        /// How often the client should ping, in milliseconds.
        heartbeat_ms: u64,
    },
    /// A game was created: share the code; keep the token.
    Created {
        /// The game.
        game: GameId,
        /// The join code for the opponent.
        code: String,
        /// This seat's token (128 random bits, hex); the server keeps only its hash.
        token: String,
        /// The creator's seat.
        seat: Seat,
    },
    /// The free seat was taken; the whole game follows.
    Joined {
        /// The game.
        game: GameId,
        /// This seat's token.
        token: String,
        /// The seat taken.
        seat: Seat,
    },
    /// The whole game (after create, join, resume, sync, a restart or a missed event).
    Game(GameSnapshot),
    /// A move was committed to the database and played. It is the mover's acknowledgement.
    Moved {
        /// The game's version after the move.
        version: u64,
        /// The ply the move was played at.
        ply: u32,
        /// The move.
        mv: WireMove,
        /// Time left for each side after the move, in milliseconds.
        clocks_ms: Option<[u64; 2]>,
        /// Whose clock now runs.
        clock_running: Option<Seat>,
    },
    /// A draw offer was made.
    DrawOffered {
        /// The game's version after the offer.
        version: u64,
        /// Who offered.
        by: Seat,
    },
    /// A draw offer was declined (or withdrawn by a move).
    DrawDeclined {
        /// The game's version after it.
        version: u64,
    },
    /// A player's socket came or went.
    Presence {
        /// The game's version after it.
        version: u64,
        /// Whose socket.
        seat: Seat,
        /// Whether it is connected now.
        online: bool,
        /// When gone: how long until the other side may claim, in milliseconds.
        claim_in_ms: Option<u64>,
    },
    /// The game ended (or was aborted).
    Ended {
        /// The game's version after it.
        version: u64,
        /// How it stands now: over or aborted.
        status: GameStatus,
    },
    /// The answer to a ping.
    Pong {
        /// The ping's number.
        n: u64,
    },
    /// A game's record, in the project's readable record format.
    Record {
        /// The game.
        game: GameId,
        /// The record text.
        text: String,
    },
    /// A request failed; the connection stays open unless the code says otherwise.
    Error {
        /// What went wrong.
        code: ErrorCode,
        /// Words for people.
        message: String,
    },
    /// The board's geometry, after each whole game, to a connection that asked for
    /// [`ClientFrame::Views`].
    Board {
        /// The game.
        game: GameId,
        /// The geometry, from the rules crates.
        board: BoardView,
        /// The sides' names, first seat first (`White`, `Black`; `South`, `North`).
        sides: [String; 2],
    },
    /// The position and the legal moves, after each whole game, each move played and the end,
    /// to a
    /// connection that asked for [`ClientFrame::Views`].
    Position {
        /// The game's version this position is at.
        version: u64,
        /// The plies played.
        ply: u32,
        /// The side to move.
        to_move: Seat,
        /// The position.
        position: PositionView,
        /// The legal moves of the side to move (empty when the game is over).
        legal: Vec<MoveView>,
        /// The last move played, if any.
        #[serde(default)]
        last: Option<LastMove>,
        /// How the game ended, in words ("White wins: Black has no legal move"), once over.
        #[serde(default)]
        ending: Option<String>,
    },
    /// The answer to [`ClientFrame::List`]: one summary per seat asked about, in order.
    Games {
        /// The summaries.
        games: Vec<SeatSummary>,
    },
}

/// What went wrong with a client's request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// The move is not legal in the position.
    IllegalMove,
    /// It is the other side's turn.
    NotYourTurn,
    /// The move is for a ply that is not the one to play.
    StalePly,
    /// The seat token is not this game's.
    BadToken,
    /// No game has this number or join code.
    UnknownGame,
    /// The game is over.
    GameOver,
    /// Too many requests: slow down.
    RateLimited,
    /// The frame is larger than [`crate::MAX_FRAME_BYTES`].
    TooLarge,
    /// The frame is not a message of this protocol.
    BadMessage,
    /// The hello named another protocol version.
    ProtocolMismatch,
    /// The connection has no game yet (create, join or resume first), or said no hello.
    NotInGame,
    /// Both seats are taken.
    GameFull,
    /// The game, rule set, options or time control cannot be used.
    BadRules,
    /// The game cannot be aborted now (each side has moved).
    CannotAbort,
    /// The opponent is connected, or not gone long enough, or the game has not started.
    CannotClaim,
    /// There is no draw offer to answer.
    NoDrawOffer,
    /// The server failed (its database): try again.
    Internal,
}

impl ErrorCode {
    /// A stable kebab-case name (`illegal-move`...), as the frames carry it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ErrorCode::IllegalMove => "illegal-move",
            ErrorCode::NotYourTurn => "not-your-turn",
            ErrorCode::StalePly => "stale-ply",
            ErrorCode::BadToken => "bad-token",
            ErrorCode::UnknownGame => "unknown-game",
            ErrorCode::GameOver => "game-over",
            ErrorCode::RateLimited => "rate-limited",
            ErrorCode::TooLarge => "too-large",
            ErrorCode::BadMessage => "bad-message",
            ErrorCode::ProtocolMismatch => "protocol-mismatch",
            ErrorCode::NotInGame => "not-in-game",
            ErrorCode::GameFull => "game-full",
            ErrorCode::BadRules => "bad-rules",
            ErrorCode::CannotAbort => "cannot-abort",
            ErrorCode::CannotClaim => "cannot-claim",
            ErrorCode::NoDrawOffer => "no-draw-offer",
            ErrorCode::Internal => "internal",
        }
    }

    /// Whether the server closes the socket after sending this error.
    #[must_use]
    pub const fn closes(self) -> bool {
        matches!(self, ErrorCode::TooLarge | ErrorCode::ProtocolMismatch)
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl ServerFrame {
    /// An error frame.
    #[must_use]
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerFrame {
        ServerFrame::Error {
            code,
            message: message.into(),
        }
    }

    /// The frame as JSON text.
    #[must_use]
    pub fn to_text(&self) -> String {
        // Serialising these types cannot fail: every map key is a string.
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl ClientFrame {
    /// The frame as JSON text.
    #[must_use]
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_tagged_by_type_with_stable_names() {
        let mv: WireMove = serde_json::from_str(r#"{"mill":"d2xb4"}"#).expect("a move");
        let frame = ClientFrame::Move {
            ply: 4,
            mv,
            think_ms: None,
        };
        assert_eq!(
            frame.to_text(),
            r#"{"type":"move","ply":4,"mv":{"mill":"d2xb4"},"think_ms":null}"#
        );
        let error = ServerFrame::error(ErrorCode::StalePly, "ply 3 is played");
        assert_eq!(
            error.to_text(),
            r#"{"type":"error","code":"stale-ply","message":"ply 3 is played"}"#
        );
        let create: ClientFrame =
            serde_json::from_str(r#"{"type":"create","game":"oware","clock":"5+3"}"#)
                .expect("create");
        assert_eq!(
            create,
            ClientFrame::Create {
                game: "oware".into(),
                rules: None,
                set: vec![],
                clock: ClockSpec(TimeControl::Game {
                    base: std::time::Duration::from_secs(300),
                    increment: std::time::Duration::from_secs(3),
                }),
                seat: None,
            }
        );
    }

    #[test]
    fn a_list_asks_with_tokens_and_is_answered_per_seat() {
        let list: ClientFrame =
            serde_json::from_str(r#"{"type":"list","seats":[{"game":12,"token":"00ff"}]}"#)
                .expect("a list");
        assert_eq!(
            list,
            ClientFrame::List {
                seats: vec![SeatQuery {
                    game: GameId(12),
                    token: "00ff".into(),
                }],
            }
        );
        let games = ServerFrame::Games {
            games: vec![SeatSummary::Missing {
                game: GameId(12),
                code: ErrorCode::BadToken,
            }],
        };
        assert_eq!(
            games.to_text(),
            r#"{"type":"games","games":[{"kind":"missing","game":12,"code":"bad-token"}]}"#
        );
    }

    #[test]
    fn every_error_code_serialises_as_its_name() {
        use ErrorCode::*;
        for code in [
            IllegalMove,
            NotYourTurn,
            StalePly,
            BadToken,
            UnknownGame,
            GameOver,
            RateLimited,
            TooLarge,
            BadMessage,
            ProtocolMismatch,
            NotInGame,
            GameFull,
            BadRules,
            CannotAbort,
            CannotClaim,
            NoDrawOffer,
            Internal,
        ] {
            let json = serde_json::to_string(&code).expect("json");
            assert_eq!(json, format!("\"{}\"", code.name()));
            assert_eq!(
                serde_json::from_str::<ErrorCode>(&json).expect("back"),
                code
            );
        }
    }
}
