//! What a client that draws the board needs besides the moves (the browser page): the board's
//! geometry, the position, and the legal moves taken apart into the points or holes a player
//! taps. A client asks for them with [`crate::ClientFrame::Views`]; the server then follows
//! every whole game ([`crate::ServerFrame::Game`]) with a [`crate::ServerFrame::Board`] and
//! every state (the whole game, or a move played) with a [`crate::ServerFrame::Position`].
//!
//! Everything here is derived by the server from the rules crates (their boards, positions
//! and legal moves), so a client never decides legality: it picks from [`MoveView`]s.

use crate::wire::WireMove;
use kraal_session::Seat;
use serde::{Deserialize, Serialize};

/// A point of a mill board: its name in move notation and where it is drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointView {
    /// The point's name (`a1`...`g7`, `d4`), as moves name it.
    pub name: String,
    /// Its column on the 7x7 grid, 0 (file a) to 6 (file g).
    pub x: u8,
    /// Its row on the grid, 0 (rank 1, the first player's side) to 6 (rank 7).
    pub y: u8,
}

/// A hole (or house) of a mancala board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HoleView {
    /// Its index on the board (the order of [`PositionView::Mancala`]'s seeds), which names it
    /// in [`MoveView::hole`] and in sowing steps.
    pub index: u32,
    /// The seat whose hole it is.
    pub owner: Seat,
    /// Its name in move notation (`A`, `c`, `12`).
    pub label: String,
    /// Words for screen readers (`north house c`).
    pub describe: String,
    /// The row it is drawn in, 0 at the top (the second player's far row).
    pub row: u8,
    /// The column it is drawn in, 0 at the left.
    pub column: u8,
}

/// A board's geometry, sent once with each whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "family", rename_all = "kebab-case")]
pub enum BoardView {
    /// A mill board: points on a 7x7 grid, the lines between them, the mills.
    Mill {
        /// The board's name (`standard`, `plain`, `sotho`).
        board: String,
        /// The points, in the order of [`PositionView::Mill`]'s cows.
        points: Vec<PointView>,
        /// The lines a cow moves along, as pairs of point names.
        lines: Vec<[String; 2]>,
        /// The mills, as three point names each.
        mills: Vec<[String; 3]>,
    },
    /// A mancala board: holes in rows and columns.
    Mancala {
        /// `oware` or `mulabalaba`.
        game: String,
        /// Rows drawn (2 or 4).
        rows: u8,
        /// Columns drawn.
        columns: u8,
        /// The holes, by index.
        holes: Vec<HoleView>,
    },
}

/// A position as a client draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "family", rename_all = "kebab-case")]
pub enum PositionView {
    /// A mill game.
    Mill {
        /// Per point of [`BoardView::Mill`], in its order: whose cow stands there, if any.
        cows: Vec<Option<Seat>>,
        /// Cows each seat still has in hand, first seat first.
        in_hand: [u8; 2],
        /// Cows each seat has on the board.
        on_board: [u32; 2],
    },
    /// A mancala game.
    Mancala {
        /// Seeds per hole, by [`HoleView::index`].
        seeds: Vec<u8>,
        /// Seeds each seat has captured, first seat first.
        captured: [u32; 2],
    },
}

/// A legal move taken apart into what a player taps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveView {
    /// The move itself, to send back as it is.
    pub mv: WireMove,
    /// Its notation (`d2xb4`, `C`).
    pub text: String,
    /// A mill move's starting point (a step or a flight).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// A mill move's point placed on or moved to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// A mill move's shots: the opponent's cows taken off, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shots: Vec<String>,
    /// A mancala move's hole ([`HoleView::index`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hole: Option<u32>,
}

/// One step of a sowing, for animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum SowStep {
    /// The seeds of a hole are taken up (the move's hole, or a relay).
    Lift {
        /// The hole.
        hole: u32,
        /// Seeds taken up.
        seeds: u8,
    },
    /// A seed falls into a hole, which then holds `seeds`.
    Drop {
        /// The hole.
        hole: u32,
        /// Seeds in it afterwards.
        seeds: u8,
    },
    /// The seeds of a hole are captured.
    Capture {
        /// The hole.
        hole: u32,
        /// Seeds captured.
        seeds: u8,
    },
}

/// The last move played, as the board marks (and animates) it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastMove {
    /// The move, taken apart.
    pub mv: MoveView,
    /// Who played it.
    pub by: Seat,
    /// A sowing's steps in order (empty for a mill move).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<SowStep>,
}
