//! One face for both game families: positions, moves, outcomes and pictures, whatever the game.

use crate::error::SessionError;
use crate::outcome::{GameKind, Outcome};
use kraal_ai::{Game, Mancala, Morris};
use kraal_rules_mancala as mancala;
use kraal_rules_morris::{self as morris, Point};
use std::fmt::Display;

/// What front ends need of a game family.
pub trait Family {
    /// The engine's adapter for this family.
    type Ai: Game<Move = Self::Move, State = Self::Position>;
    /// A position.
    type Position: Clone;
    /// A move.
    type Move: Copy + Display + PartialEq + std::fmt::Debug + serde::Serialize;
    /// The family's kind (it names the sides).
    const KIND: GameKind;

    /// The start position, or the position `text` describes.
    ///
    /// # Errors
    /// A position string that cannot be read or describes an impossible position.
    fn position(&self, text: Option<&str>) -> Result<Self::Position, SessionError>;
    /// The position string.
    fn position_string(pos: &Self::Position) -> String;
    /// The legal moves.
    fn legal_moves(pos: &Self::Position) -> Vec<Self::Move>;
    /// Reads a move and resolves it against the position: the move, once legal here.
    ///
    /// # Errors
    /// Text that is not a move, or a move that is illegal here (the error says why).
    fn parse_move(pos: &Self::Position, text: &str) -> Result<Self::Move, SessionError>;
    /// Checks that a typed move is legal here.
    ///
    /// # Errors
    /// The move is illegal here (the error says why).
    fn check(pos: &Self::Position, mv: Self::Move) -> Result<(), SessionError>;
    /// The position after a legal move.
    fn after(pos: &Self::Position, mv: Self::Move) -> Self::Position {
        let mut next = pos.clone();
        let _ = <Self::Ai as Game>::play(&mut next, mv);
        next
    }
    /// The position after the side to move claims that no capture can happen again (Oware's
    /// "too few seeds" end), if the rules grant it.
    ///
    /// # Errors
    /// Why the claim is refused (only Oware has it; a capture is still possible; undecided).
    fn claim(_pos: &Self::Position) -> Result<Self::Position, SessionError> {
        Err(SessionError::ClaimRefused {
            reason: "only oware has the claim that no capture is possible".to_owned(),
        })
    }
    /// The point a moving piece leaves, if the move moves a piece already on the board (for
    /// touch-move); `None` for placements, passes and sowing.
    fn origin(_mv: Self::Move) -> Option<Point> {
        None
    }
    /// 0 when the first player (White, South) is to move, 1 otherwise.
    fn side_index(pos: &Self::Position) -> usize {
        <Self::Ai as Game>::side_to_move(pos)
    }
    /// The end of the game by the rules, if it has ended.
    fn outcome(pos: &Self::Position) -> Option<Outcome>;
    /// Mancala games: the score, first player first (seeds captured; at the end, the final
    /// score the rules give). `None` for the mill games.
    fn score(_pos: &Self::Position) -> Option<[u32; 2]> {
        None
    }
    /// This family's endgame tables among `oracles`, if they were loaded.
    fn oracle_of(
        oracles: &crate::review::Oracles,
    ) -> Option<std::sync::Arc<dyn kraal_ai::Oracle<Self::Ai>>>;
    /// The side to move, lower case (`white`, `south`), for machine output.
    fn side_to_move(pos: &Self::Position) -> &'static str;
    /// A picture of the position.
    fn render(pos: &Self::Position, ascii: bool) -> String;
}

/// The mill games under some options.
pub struct MorrisFamily(pub morris::Options);

/// Oware or Mulabalaba under some options.
pub struct MancalaFamily(pub mancala::Options);

/// The methods both families write the same way, each through its own rules crate (`$rules`):
/// the two crates share their API's shape, not its types.
macro_rules! shared_methods {
    ($rules:ident) => {
        fn position(&self, text: Option<&str>) -> Result<$rules::Position, SessionError> {
            match text {
                None => Ok($rules::Position::new(self.0)),
                Some(t) => $rules::Position::from_position_string(t, self.0).map_err(|e| {
                    SessionError::Position {
                        text: t.to_owned(),
                        reason: e.to_string(),
                    }
                }),
            }
        }
        fn position_string(pos: &$rules::Position) -> String {
            pos.to_position_string()
        }
        fn legal_moves(pos: &$rules::Position) -> Vec<$rules::Move> {
            pos.legal_moves()
        }
        fn parse_move(pos: &$rules::Position, text: &str) -> Result<$rules::Move, SessionError> {
            pos.parse_move(text).map_err(|e| SessionError::Move {
                text: text.to_owned(),
                reason: e.to_string(),
            })
        }
        fn side_to_move(pos: &$rules::Position) -> &'static str {
            pos.side_to_move().name()
        }
        fn check(pos: &$rules::Position, mv: $rules::Move) -> Result<(), SessionError> {
            pos.check(mv).map_err(|why| SessionError::Move {
                text: mv.to_string(),
                reason: format!("{mv} is illegal: {why}"),
            })
        }
        fn render(pos: &$rules::Position, ascii: bool) -> String {
            let theme = if ascii {
                $rules::Theme::Ascii
            } else {
                $rules::Theme::Unicode
            };
            $rules::render(pos, theme)
        }
    };
}

impl Family for MorrisFamily {
    type Ai = Morris;
    type Position = morris::Position;
    type Move = morris::Move;
    const KIND: GameKind = GameKind::Mill;

    shared_methods!(morris);

    fn outcome(pos: &morris::Position) -> Option<Outcome> {
        pos.outcome().map(Outcome::of_morris)
    }
    fn oracle_of(
        oracles: &crate::review::Oracles,
    ) -> Option<std::sync::Arc<dyn kraal_ai::Oracle<Morris>>> {
        oracles.morris.clone()
    }
    fn origin(mv: morris::Move) -> Option<Point> {
        mv.from()
    }
}

impl Family for MancalaFamily {
    type Ai = Mancala;
    type Position = mancala::Position;
    type Move = mancala::Move;
    const KIND: GameKind = GameKind::Mancala;

    shared_methods!(mancala);

    fn outcome(pos: &mancala::Position) -> Option<Outcome> {
        pos.outcome().map(|o| Outcome::of_mancala(o, pos.scores()))
    }
    fn score(pos: &mancala::Position) -> Option<[u32; 2]> {
        Some(pos.scores())
    }
    fn oracle_of(
        oracles: &crate::review::Oracles,
    ) -> Option<std::sync::Arc<dyn kraal_ai::Oracle<Mancala>>> {
        oracles.mancala.clone()
    }
    fn claim(pos: &mancala::Position) -> Result<mancala::Position, SessionError> {
        let mut claimed = pos.clone();
        claimed
            .claim_no_capture()
            .map_err(|why| SessionError::ClaimRefused {
                reason: why.to_string(),
            })?;
        Ok(claimed)
    }
}
