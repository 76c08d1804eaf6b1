//! One face for both game families: positions, moves, outcomes and pictures, whatever the game.

use crate::error::SessionError;
use kraal_ai::{Game, Mancala, Morris};
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use std::fmt::Display;

/// What front ends need of a game family.
pub trait Family {
    /// The engine's adapter for this family.
    type Ai: Game<Move = Self::Move, State = Self::Position>;
    /// A position.
    type Position: Clone;
    /// A move.
    type Move: Copy + Display + PartialEq;

    /// The start position, or the position `text` describes.
    ///
    /// # Errors
    /// A position string that cannot be read or describes an impossible position.
    fn position(&self, text: Option<&str>) -> Result<Self::Position, SessionError>;
    /// The position string.
    fn position_string(pos: &Self::Position) -> String;
    /// The legal moves.
    fn legal_moves(pos: &Self::Position) -> Vec<Self::Move>;
    /// Reads a move and plays it.
    ///
    /// # Errors
    /// Text that is not a move, or a move that is illegal here (the error says why).
    fn play(pos: Self::Position, text: &str) -> Result<Self::Position, SessionError>;
    /// Reads a move and checks it against the position.
    ///
    /// # Errors
    /// Text that is not a move, or a move that is illegal here (the error says why).
    fn parse_move(pos: &Self::Position, text: &str) -> Result<Self::Move, SessionError>;
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
    fn claim(_pos: &Self::Position) -> Result<Self::Position, String> {
        Err("only oware has the claim that no capture is possible".to_owned())
    }
    /// The point a moving piece leaves, if the move moves a piece already on the board (for
    /// touch-move); `None` for placements, passes and sowing.
    fn origin(_mv: Self::Move) -> Option<String> {
        None
    }
    /// 0 when the first player (White, South) is to move, 1 otherwise.
    fn side_index(pos: &Self::Position) -> usize {
        <Self::Ai as Game>::side_to_move(pos)
    }
    /// The end of the game, as a sentence and a short reason, if it has ended.
    fn outcome(pos: &Self::Position) -> Option<(String, &'static str)>;
    /// Whether the first player (White, South) won: `None` for a draw or a game not over.
    fn winner_is_first(pos: &Self::Position) -> Option<bool>;
    /// The side to move, lower case.
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
        fn play(pos: $rules::Position, text: &str) -> Result<$rules::Position, SessionError> {
            let mv = Self::parse_move(&pos, text)?;
            pos.play(mv).map_err(|(_, why)| SessionError::Move {
                text: text.to_owned(),
                reason: format!("{mv} is illegal: {why}"),
            })
        }
        fn side_to_move(pos: &$rules::Position) -> &'static str {
            pos.side_to_move().name()
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

    shared_methods!(morris);

    fn outcome(pos: &morris::Position) -> Option<(String, &'static str)> {
        pos.outcome().map(|o| {
            let reason = match o {
                morris::Outcome::Win { reason, .. } => reason.name(),
                morris::Outcome::Draw { reason } => reason.name(),
            };
            (o.to_string(), reason)
        })
    }
    fn origin(mv: morris::Move) -> Option<String> {
        mv.from().map(|p| p.label().to_owned())
    }
    fn winner_is_first(pos: &morris::Position) -> Option<bool> {
        pos.outcome()
            .and_then(|o| o.winner())
            .map(|w| w == morris::Color::White)
    }
}

impl Family for MancalaFamily {
    type Ai = Mancala;
    type Position = mancala::Position;
    type Move = mancala::Move;

    shared_methods!(mancala);

    fn outcome(pos: &mancala::Position) -> Option<(String, &'static str)> {
        pos.outcome().map(|o| (o.to_string(), o.reason().name()))
    }
    fn claim(pos: &mancala::Position) -> Result<mancala::Position, String> {
        let mut claimed = pos.clone();
        claimed.claim_no_capture().map_err(|why| why.to_string())?;
        Ok(claimed)
    }
    fn winner_is_first(pos: &mancala::Position) -> Option<bool> {
        pos.outcome()
            .and_then(|o| o.winner())
            .map(|w| w == mancala::Side::South)
    }
}
