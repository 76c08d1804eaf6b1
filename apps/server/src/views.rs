//! The views a drawing client asks for ([`kraal_protocol::ClientFrame::Views`]): the board's
//! geometry, the position, the legal moves taken apart, and the last move with its sowing
//! steps. All of it is read from the rules crates through the session's game, so the browser
//! page draws and picks without a rule of its own.

use kraal_protocol::{
    BoardView, GameId, GameStatus, HoleView, LastMove, MoveView, PointView, PositionView,
    ServerFrame, SowStep, WireMove,
};
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use kraal_session::any::AnyMove;
use kraal_session::{AnyGame, Seat};
use std::collections::HashSet;
use std::sync::Mutex;

/// The connections that asked for the views, so a game none of whose sockets did (the command
/// line, the load test) computes none.
#[derive(Debug, Default)]
pub struct Wanted {
    conns: Mutex<HashSet<u64>>,
}

impl Wanted {
    /// Connection `conn` asked for the views.
    pub fn add(&self, conn: u64) {
        if let Ok(mut conns) = self.conns.lock() {
            conns.insert(conn);
        }
    }

    /// Connection `conn` closed.
    pub fn remove(&self, conn: u64) {
        if let Ok(mut conns) = self.conns.lock() {
            conns.remove(&conn);
        }
    }

    /// Whether any of these connections asked for the views.
    pub fn any(&self, mut conns: impl Iterator<Item = u64>) -> bool {
        self.conns
            .lock()
            .is_ok_and(|wanted| !wanted.is_empty() && conns.any(|c| wanted.contains(&c)))
    }
}

/// The board's geometry.
#[must_use]
pub fn board(game: &AnyGame) -> BoardView {
    if let Some(position) = game.morris_position() {
        let board = position.board();
        let name = |p: morris::Point| p.label().to_owned();
        BoardView::Mill {
            board: board.kind().name().to_owned(),
            points: board
                .points()
                .map(|p| PointView {
                    name: name(p),
                    x: p.file(),
                    y: p.rank(),
                })
                .collect(),
            lines: board.edges().map(|(a, b)| [name(a), name(b)]).collect(),
            mills: board.mills().map(|m| m.map(name)).collect(),
        }
    } else if let Some(position) = game.mancala_position() {
        let board = position.board();
        BoardView::Mancala {
            game: board.game().name().to_owned(),
            rows: board.rows() as u8,
            columns: board.width() as u8,
            holes: board
                .holes()
                .map(|h| {
                    let cell = board.cell(h);
                    HoleView {
                        index: board.global(h) as u32,
                        owner: Seat::from_index(h.side.index()),
                        label: board.label(h),
                        describe: board.describe(h),
                        row: cell.row,
                        column: cell.column,
                    }
                })
                .collect(),
        }
    } else {
        unreachable_family()
    }
}

/// A game of neither family cannot exist; an empty mancala board stands in for it.
fn unreachable_family() -> BoardView {
    BoardView::Mancala {
        game: String::new(),
        rows: 0,
        columns: 0,
        holes: Vec::new(),
    }
}

/// The position now.
#[must_use]
pub fn position(game: &AnyGame) -> PositionView {
    if let Some(position) = game.morris_position() {
        let seat = |c: morris::Color| Seat::from_index(c.index());
        PositionView::Mill {
            cows: position
                .board()
                .points()
                .map(|p| position.cow_at(p).map(seat))
                .collect(),
            in_hand: morris::Color::ALL.map(|c| position.in_hand(c)),
            on_board: morris::Color::ALL.map(|c| position.on_board(c)),
        }
    } else if let Some(position) = game.mancala_position() {
        PositionView::Mancala {
            seeds: position.holes().to_vec(),
            captured: mancala::Side::ALL.map(|s| position.captured(s)),
        }
    } else {
        PositionView::Mancala {
            seeds: Vec::new(),
            captured: [0, 0],
        }
    }
}

/// A move taken apart (a mancala move's hole is found on `board`).
#[must_use]
pub fn move_view(mv: AnyMove, mancala_board: Option<mancala::Board>) -> MoveView {
    let text = mv.to_string();
    match mv {
        AnyMove::Morris(m) => MoveView {
            mv: WireMove::Mill(m),
            text,
            from: m.from().map(|p| p.label().to_owned()),
            to: m.to().map(|p| p.label().to_owned()),
            shots: m
                .shots()
                .into_iter()
                .map(|p| p.label().to_owned())
                .collect(),
            hole: None,
        },
        AnyMove::Mancala(m) => MoveView {
            mv: WireMove::Mancala(m),
            text,
            from: None,
            to: None,
            shots: Vec::new(),
            hole: mancala_board.map(|b| b.global(m.hole()) as u32),
        },
    }
}

/// The legal moves of the side to move, taken apart (none once the game is over).
#[must_use]
pub fn legal(game: &AnyGame) -> Vec<MoveView> {
    if game.is_over() {
        return Vec::new();
    }
    let board = game.mancala_position().map(mancala::Position::board);
    game.legal_moves()
        .into_iter()
        .map(|m| move_view(m, board))
        .collect()
}

/// The last move, with its sowing steps.
#[must_use]
pub fn last(game: &AnyGame) -> Option<LastMove> {
    let mv = game.last_move()?;
    let by = Seat::from_index(game.side_to_move()).other();
    if let Some((before, sown)) = game.mancala_last_sowing() {
        let board = before.board();
        let at = |h: mancala::Hole| board.global(h) as u32;
        let steps = before
            .steps(sown)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|s| match s {
                mancala::Step::Lift { hole, seeds, .. } => Some(SowStep::Lift {
                    hole: at(hole),
                    seeds,
                }),
                mancala::Step::Drop { hole, seeds } => Some(SowStep::Drop {
                    hole: at(hole),
                    seeds,
                }),
                mancala::Step::Capture { hole, seeds } => Some(SowStep::Capture {
                    hole: at(hole),
                    seeds,
                }),
                _ => None,
            })
            .collect();
        return Some(LastMove {
            mv: move_view(mv, Some(board)),
            by,
            steps,
        });
    }
    Some(LastMove {
        mv: move_view(mv, None),
        by,
        steps: Vec::new(),
    })
}

/// The position frame of the game now, at `version`, in `status`.
#[must_use]
pub fn position_frame(game: &AnyGame, version: u64, status: &GameStatus) -> ServerFrame {
    ServerFrame::Position {
        version,
        ply: game.ply() as u32,
        to_move: Seat::from_index(game.side_to_move()),
        position: position(game),
        legal: if status.is_finished() {
            Vec::new()
        } else {
            legal(game)
        },
        last: last(game),
        ending: match status {
            GameStatus::Over { outcome } => Some(outcome.to_string()),
            GameStatus::Aborted => Some("The game was aborted: no result.".to_owned()),
            GameStatus::Waiting | GameStatus::Live => None,
        },
    }
}

/// The board frame of game `id`.
#[must_use]
pub fn board_frame(game: &AnyGame, id: u64) -> ServerFrame {
    ServerFrame::Board {
        game: GameId(id),
        board: board(game),
        sides: game.side_names().map(str::to_owned),
    }
}

/// Whether a frame is one of the views (dropped for a connection that did not ask for them).
#[must_use]
pub fn is_view(frame: &ServerFrame) -> bool {
    matches!(
        frame,
        ServerFrame::Board { .. } | ServerFrame::Position { .. }
    )
}

/// Whether `frame` is followed by views ([`following`] gives some).
#[must_use]
pub fn calls_for_views(frame: &ServerFrame) -> bool {
    matches!(
        frame,
        ServerFrame::Game(_) | ServerFrame::Moved { .. } | ServerFrame::Ended { .. }
    )
}

/// The views that follow `frame` when the game is `game` (after the frame was applied).
#[must_use]
pub fn following(frame: &ServerFrame, game: &AnyGame, id: u64, version: u64) -> Vec<ServerFrame> {
    match frame {
        ServerFrame::Game(snapshot) => vec![
            board_frame(game, id),
            position_frame(game, version, &snapshot.status),
        ],
        ServerFrame::Moved { .. } => vec![position_frame(game, version, &GameStatus::Live)],
        ServerFrame::Ended { status, .. } => vec![position_frame(game, version, status)],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kraal_session::Player;

    fn game(name: &str) -> AnyGame {
        let rules = kraal_session::resolve(name, None, &[] as &[&str]).expect("rules");
        AnyGame::new(&rules, None, [Player::Human, Player::Human], 0).expect("game")
    }

    #[test]
    fn the_morabaraba_board_has_24_points_and_20_mills_of_its_points() {
        let BoardView::Mill {
            points,
            lines,
            mills,
            ..
        } = board(&game("morabaraba"))
        else {
            panic!("a mill board");
        };
        // Morabaraba: 24 points; 16 lines of three plus the 4 diagonals of three (the standard
        // board, docs/rules/morabaraba.md).
        assert_eq!(points.len(), 24);
        assert_eq!(mills.len(), 20);
        let names: Vec<&str> = points.iter().map(|p| p.name.as_str()).collect();
        for mill in &mills {
            assert!(mill.iter().all(|p| names.contains(&p.as_str())), "{mill:?}");
        }
        // 32 lines on the squares and their crossings, plus 8 diagonal segments.
        assert_eq!(lines.len(), 40);
        let a1 = points.iter().find(|p| p.name == "a1").expect("a1");
        assert_eq!((a1.x, a1.y), (0, 0));
        let g7 = points.iter().find(|p| p.name == "g7").expect("g7");
        assert_eq!((g7.x, g7.y), (6, 6));
    }

    #[test]
    fn the_first_placements_are_the_24_empty_points_with_nothing_to_shoot() {
        let g = game("morabaraba");
        let legal = legal(&g);
        assert_eq!(legal.len(), 24);
        assert!(
            legal
                .iter()
                .all(|m| m.from.is_none() && m.shots.is_empty() && m.to.is_some())
        );
        let PositionView::Mill {
            cows,
            in_hand,
            on_board,
        } = position(&g)
        else {
            panic!("a mill position");
        };
        assert!(cows.iter().all(Option::is_none));
        assert_eq!(in_hand, [12, 12]);
        assert_eq!(on_board, [0, 0]);
    }

    #[test]
    fn an_oware_sowing_shows_each_seed_dropped() {
        let mut g = game("oware");
        let BoardView::Mancala { rows, holes, .. } = board(&g) else {
            panic!("a mancala board");
        };
        assert_eq!((rows, holes.len()), (2, 12));
        assert_eq!(legal(&g).len(), 6);
        g.play_text("C").expect("C");
        let last = last(&g).expect("a last move");
        // House C (index 2) holds 4 seeds: lifted, then one each into D, E, F and a.
        assert_eq!(last.mv.hole, Some(2));
        assert_eq!(
            last.steps,
            vec![
                SowStep::Lift { hole: 2, seeds: 4 },
                SowStep::Drop { hole: 3, seeds: 5 },
                SowStep::Drop { hole: 4, seeds: 5 },
                SowStep::Drop { hole: 5, seeds: 5 },
                SowStep::Drop { hole: 6, seeds: 5 },
            ]
        );
        let PositionView::Mancala { seeds, captured } = position(&g) else {
            panic!("a mancala position");
        };
        assert_eq!(seeds, vec![4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]);
        assert_eq!(captured, [0, 0]);
    }
}
