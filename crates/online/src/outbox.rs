//! The move a client sent and has not yet seen played. After a reconnect it is sent again if
//! the server's game still waits at its ply, and dropped otherwise: a move is never lost to a
//! dropped socket, and the server, which recognises a resend by its ply, never plays it twice.

use crate::mirror::Mirror;
use kraal_protocol::ClientFrame;

/// The one move in flight, if any.
#[derive(Clone, Debug, Default)]
pub struct Outbox {
    pending: Option<ClientFrame>,
}

impl Outbox {
    /// Notes a frame as sent: a move is kept until it is seen played or refused; other frames
    /// are not kept.
    pub fn sent(&mut self, frame: &ClientFrame) {
        if matches!(frame, ClientFrame::Move { .. }) {
            self.pending = Some(frame.clone());
        }
    }

    /// Forgets the move in flight: it was played (an event showed it) or refused (an error
    /// frame answered it).
    pub fn settled(&mut self) {
        self.pending = None;
    }

    /// The move in flight, if any.
    #[must_use]
    pub fn pending(&self) -> Option<&ClientFrame> {
        self.pending.as_ref()
    }

    /// After the whole game came again (a reconnect or a sync): the move to send again, if the
    /// game still waits for it at its ply on this client's turn. Otherwise the move was played
    /// (or the game moved on) and it is forgotten.
    pub fn to_resend(&mut self, mirror: &Mirror) -> Option<ClientFrame> {
        let waits = matches!(&self.pending, Some(ClientFrame::Move { ply, .. })
            if *ply == mirror.ply() && mirror.my_turn());
        if waits {
            self.pending.clone()
        } else {
            self.pending = None;
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kraal_protocol::frames::ClockSpec;
    use kraal_protocol::{GameId, GameSnapshot, GameStatus, WireMove};
    use kraal_session::Seat;

    /// An Oware game as the server would send it, with `moves` played, seen by South.
    fn mirror(moves: &[&str]) -> Mirror {
        let moves = moves
            .iter()
            .map(|m| WireMove::Mancala(m.parse().expect("a sowing")))
            .collect::<Vec<_>>();
        let to_move = if moves.len() % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        Mirror::new(GameSnapshot {
            game: GameId(1),
            version: 1,
            game_name: "oware".into(),
            rule_set: "abapa".into(),
            set: vec![],
            clock: ClockSpec::default(),
            moves,
            status: GameStatus::Live,
            to_move,
            you: Seat::First,
            clocks_ms: None,
            clock_running: None,
            draw_offer: None,
            opponent_online: true,
            names: [None, None],
        })
        .expect("the game replays")
    }

    fn sowing(ply: u32, hole: &str) -> ClientFrame {
        ClientFrame::Move {
            ply,
            mv: WireMove::Mancala(hole.parse().expect("a sowing")),
            think_ms: None,
        }
    }

    #[test]
    fn a_move_the_server_never_got_is_sent_again() {
        let mut outbox = Outbox::default();
        outbox.sent(&sowing(2, "C"));
        let resend = outbox.to_resend(&mirror(&["A", "a"]));
        assert!(
            matches!(resend, Some(ClientFrame::Move { ply: 2, .. })),
            "{resend:?}"
        );
        assert!(outbox.pending().is_some(), "kept until it is seen played");
    }

    #[test]
    fn a_move_already_played_is_forgotten_not_sent_twice() {
        let mut outbox = Outbox::default();
        outbox.sent(&sowing(2, "C"));
        assert!(outbox.to_resend(&mirror(&["A", "a", "C"])).is_none());
        assert!(outbox.pending().is_none());
    }

    #[test]
    fn only_moves_are_kept_and_a_settled_move_is_gone() {
        let mut outbox = Outbox::default();
        outbox.sent(&ClientFrame::Resign);
        assert!(outbox.pending().is_none(), "a resignation is not resent");
        outbox.sent(&sowing(0, "A"));
        outbox.settled();
        assert!(outbox.to_resend(&mirror(&[])).is_none());
    }
}
