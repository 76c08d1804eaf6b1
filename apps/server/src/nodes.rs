//! Between nodes (several servers on one PostgreSQL): each live game is owned by one node, the
//! holder of its lease (`kraal_leases`); only the owner's game task writes the game. A node
//! holding a player's socket for a game it does not own runs a follower task for it, which
//! passes the player's commands to the owner and hands the owner's events to its sockets. The
//! messages travel on PostgreSQL's `kraal_nodes` notification channel (LISTEN/NOTIFY), after
//! the change they tell of is committed: the database stays the truth, and a node that missed
//! a message reads the game again from it.

use kraal_protocol::{ClientFrame, ErrorCode, ServerFrame};
use kraal_session::Seat;
use serde::{Deserialize, Serialize};

/// The notification channel.
pub const CHANNEL: &str = "kraal_nodes";

/// PostgreSQL's limit on a notification's payload is 8000 bytes; a message longer than this
/// is not sent (a client frame that large is no game command).
pub const MAX_PAYLOAD: usize = 7_900;

/// A message from one node to another, about game `game`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum NodeMsg {
    /// To the owner: a socket on node `from` holds seat `seat` (its token checked there
    /// against the database).
    Attach {
        /// The game.
        game: u64,
        /// The follower's node.
        from: String,
        /// The connection (connection numbers are unique across nodes).
        conn: u64,
        /// Its seat.
        seat: Seat,
    },
    /// To the owner: that socket went.
    Detach {
        /// The game.
        game: u64,
        /// The follower's node.
        from: String,
        /// The connection.
        conn: u64,
    },
    /// To the owner: a game frame from that socket.
    Frame {
        /// The game.
        game: u64,
        /// The follower's node.
        from: String,
        /// The connection.
        conn: u64,
        /// The frame.
        frame: ClientFrame,
    },
    /// To the owner: a socket on node `from` takes the free seat.
    Join {
        /// The game.
        game: u64,
        /// The follower's node.
        from: String,
        /// The connection.
        conn: u64,
        /// The new seat token's hash.
        token_hash: String,
        /// The display name.
        name: Option<String>,
    },
    /// To a follower: the answer to its join.
    Joined {
        /// The game.
        game: u64,
        /// The follower's node.
        to: String,
        /// The connection.
        conn: u64,
        /// The seat, or why not.
        result: Result<Seat, ErrorCode>,
    },
    /// To a follower: a frame for one socket; `None` means the whole game, which the follower
    /// reads from the database itself (a whole game may be longer than a notification).
    ToConn {
        /// The game.
        game: u64,
        /// The follower's node.
        to: String,
        /// The connection.
        conn: u64,
        /// The frame.
        frame: Option<ServerFrame>,
    },
    /// To a follower: a versioned event for every socket it holds of the game.
    Event {
        /// The game.
        game: u64,
        /// The follower's node.
        to: String,
        /// The event.
        frame: ServerFrame,
    },
    /// From a new owner (after a takeover): followers attach their sockets again and send them
    /// the whole game.
    NewOwner {
        /// The game.
        game: u64,
        /// The new owner.
        from: String,
    },
}

impl NodeMsg {
    /// The game it is about.
    #[must_use]
    pub fn game(&self) -> u64 {
        match self {
            NodeMsg::Attach { game, .. }
            | NodeMsg::Detach { game, .. }
            | NodeMsg::Frame { game, .. }
            | NodeMsg::Join { game, .. }
            | NodeMsg::Joined { game, .. }
            | NodeMsg::ToConn { game, .. }
            | NodeMsg::Event { game, .. }
            | NodeMsg::NewOwner { game, .. } => *game,
        }
    }

    /// Whether node `node` should hand it to its task of the game: messages to the owner go
    /// to every node (only an owner task acts on them), the others to the node named.
    #[must_use]
    pub fn is_for(&self, node: &str) -> bool {
        match self {
            NodeMsg::Attach { from, .. }
            | NodeMsg::Detach { from, .. }
            | NodeMsg::Frame { from, .. }
            | NodeMsg::Join { from, .. }
            | NodeMsg::NewOwner { from, .. } => from != node,
            NodeMsg::Joined { to, .. } | NodeMsg::ToConn { to, .. } | NodeMsg::Event { to, .. } => {
                to == node
            }
        }
    }

    /// The message as a notification's payload, or `None` when it is too long for one.
    #[must_use]
    pub fn payload(&self) -> Option<String> {
        serde_json::to_string(self)
            .ok()
            .filter(|p| p.len() <= MAX_PAYLOAD)
    }

    /// A payload read back; `None` when it is no message of this version.
    #[must_use]
    pub fn read(payload: &str) -> Option<NodeMsg> {
        serde_json::from_str(payload).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip_and_go_where_they_are_addressed() {
        let join = NodeMsg::Join {
            game: 7,
            from: "b".into(),
            conn: 3,
            token_hash: "ab".into(),
            name: None,
        };
        let text = join.payload().expect("short");
        assert!(text.starts_with(r#"{"kind":"join","game":7"#), "{text}");
        assert_eq!(NodeMsg::read(&text), Some(join.clone()));
        assert!(join.is_for("a"), "to the owner: every other node");
        assert!(!join.is_for("b"), "not back to its sender");
        let joined = NodeMsg::Joined {
            game: 7,
            to: "b".into(),
            conn: 3,
            result: Err(ErrorCode::GameFull),
        };
        assert!(joined.is_for("b") && !joined.is_for("a"));
        assert_eq!(
            NodeMsg::read(&joined.payload().expect("short")),
            Some(joined)
        );
        assert_eq!(NodeMsg::read("{\"kind\":\"nonsense\"}"), None);
        let long = NodeMsg::ToConn {
            game: 1,
            to: "b".into(),
            conn: 1,
            frame: Some(ServerFrame::error(ErrorCode::Internal, "x".repeat(8_000))),
        };
        assert_eq!(long.payload(), None, "longer than a notification");
    }
}
