//! The client's copy of a game, kept in step with the server's frames: a session game rebuilt
//! from the whole game ([`kraal_protocol::GameSnapshot`]) and moved on by each versioned event.
//! A gap in the versions asks for the whole game again ([`Applied::NeedSync`]).

use kraal_protocol::{GameSnapshot, GameStatus, ServerFrame, WireMove};
use kraal_session::any::AnyMove;
use kraal_session::{AnyGame, Player, Seat, SessionError};
use std::fmt;

/// Why a snapshot cannot be mirrored.
#[derive(Debug)]
pub enum MirrorError {
    /// The rules it names do not resolve here.
    Rules(SessionError),
    /// A move of it does not replay.
    Move {
        /// The ply.
        ply: usize,
        /// Why.
        error: SessionError,
    },
}

impl fmt::Display for MirrorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MirrorError::Rules(e) => write!(f, "the server's game: {e}"),
            MirrorError::Move { ply, error } => write!(f, "the server's move {ply}: {error}"),
        }
    }
}

impl std::error::Error for MirrorError {}

/// What a frame did to the mirror.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied {
    /// The whole game was loaded.
    Loaded,
    /// A move was played (by either side).
    Moved(AnyMove),
    /// The game ended.
    Ended(GameStatus),
    /// A draw offer came or went, or a player's socket came or went.
    Changed,
    /// An event was missed: send [`kraal_protocol::ClientFrame::Sync`].
    NeedSync,
    /// Nothing about the game.
    Nothing,
}

/// A game as the server last told it.
pub struct Mirror {
    /// The whole game, with its fields kept current by the events.
    pub snapshot: GameSnapshot,
    /// The session game, for the board and the legal moves.
    pub game: AnyGame,
}

impl Mirror {
    /// Builds the mirror of a whole game.
    ///
    /// # Errors
    /// The rules or a move do not replay here.
    pub fn new(snapshot: GameSnapshot) -> Result<Mirror, MirrorError> {
        let rules =
            kraal_session::resolve(&snapshot.game_name, Some(&snapshot.rule_set), &snapshot.set)
                .map_err(MirrorError::Rules)?;
        let mut game = AnyGame::new(&rules, None, [Player::Human, Player::Human], 0)
            .map_err(MirrorError::Rules)?;
        let mut snapshot = snapshot;
        for (ply, mv) in snapshot.moves.iter_mut().enumerate() {
            *mv = mv.for_side(game.side_to_move());
            game.play_move(AnyMove::from(*mv))
                .map_err(|error| MirrorError::Move { ply, error })?;
        }
        Ok(Mirror { snapshot, game })
    }

    /// The ply to play next.
    #[must_use]
    pub fn ply(&self) -> u32 {
        u32::try_from(self.snapshot.moves.len()).unwrap_or(u32::MAX)
    }

    /// Whether it is this client's turn in a live game.
    #[must_use]
    pub fn my_turn(&self) -> bool {
        self.snapshot.status == GameStatus::Live && self.snapshot.to_move == self.snapshot.you
    }

    /// The legal moves now.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<WireMove> {
        self.game
            .legal_moves()
            .into_iter()
            .map(WireMove::from)
            .collect()
    }

    fn next_version(&mut self, version: u64) -> bool {
        if version == self.snapshot.version + 1 {
            self.snapshot.version = version;
            true
        } else {
            false
        }
    }

    /// Applies a frame from the server.
    ///
    /// # Errors
    /// A whole game that does not replay here.
    pub fn apply(&mut self, frame: &ServerFrame) -> Result<Applied, MirrorError> {
        Ok(match frame {
            ServerFrame::Game(snapshot) => {
                *self = Mirror::new(snapshot.clone())?;
                Applied::Loaded
            }
            ServerFrame::Moved {
                version,
                ply,
                mv,
                clocks_ms,
                clock_running,
            } => {
                if *ply != self.ply() || !self.next_version(*version) {
                    return Ok(Applied::NeedSync);
                }
                let mv = &mv.for_side(self.game.side_to_move());
                if self.game.play_move(AnyMove::from(*mv)).is_err() {
                    return Ok(Applied::NeedSync);
                }
                self.snapshot.moves.push(*mv);
                self.snapshot.to_move = Seat::from_index(self.game.side_to_move());
                self.snapshot.clocks_ms = *clocks_ms;
                self.snapshot.clock_running = *clock_running;
                if self
                    .snapshot
                    .draw_offer
                    .is_some_and(|s| s == self.snapshot.to_move)
                {
                    // The mover's move declined the other side's offer.
                    self.snapshot.draw_offer = None;
                }
                Applied::Moved(AnyMove::from(*mv))
            }
            ServerFrame::Ended { version, status } => {
                if !self.next_version(*version) {
                    return Ok(Applied::NeedSync);
                }
                self.snapshot.status = *status;
                self.snapshot.draw_offer = None;
                self.snapshot.clock_running = None;
                Applied::Ended(*status)
            }
            ServerFrame::DrawOffered { version, by } => {
                if !self.next_version(*version) {
                    return Ok(Applied::NeedSync);
                }
                self.snapshot.draw_offer = Some(*by);
                Applied::Changed
            }
            ServerFrame::DrawDeclined { version } => {
                if !self.next_version(*version) {
                    return Ok(Applied::NeedSync);
                }
                self.snapshot.draw_offer = None;
                Applied::Changed
            }
            ServerFrame::Presence {
                version,
                seat,
                online,
                ..
            } => {
                if !self.next_version(*version) {
                    return Ok(Applied::NeedSync);
                }
                if *seat != self.snapshot.you {
                    self.snapshot.opponent_online = *online;
                }
                Applied::Changed
            }
            _ => Applied::Nothing,
        })
    }
}
