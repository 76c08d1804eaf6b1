//! Playing the computer: one of the seven opponents (`kraal_ai`'s, through the session) takes
//! a seat of a game as a client of the game's task, exactly as a socket would: it joins with a
//! seat token, hears the game's frames through its own outbox and sends its moves as
//! [`ClientFrame::Move`]. So the game task does not know it plays a computer; every rule
//! (turn, ply, legality, clocks, the database before the broadcast) holds as for a person.
//!
//! Searches run on tokio's blocking threads, never on a game task, and at most
//! [`Computers::limit`] at once (a semaphore): a busy server queues the computer's turns
//! rather than starving the game tasks. The opponents' budgets are nodes, so a fixed seed
//! replays the same game.
//!
//! The computer's seat is stored (`kraal_computers`: the opponent, the seed and the seat's
//! token hash), so after a restart, or when another node takes the game over, it takes its
//! seat again ([`reseat`]) and plays on; with the same seed and the same moves it decides as
//! it would have.

use crate::db::ComputerRow;
use crate::game::Cmd;
use crate::{Server, ids};
use kraal_ai::opponents::Opponent;
use kraal_protocol::{ClientFrame, ErrorCode, GameStatus, ServerFrame};
use kraal_session::any::{AnyMove, DrawAnswer};
use kraal_session::{AnyGame, EndReason, GameRules, Player, Seat};
use std::sync::Arc;
use tokio::sync::{Semaphore, mpsc, oneshot};
use tokio::task::JoinHandle;

/// The computer opponents of a server: the limit on searches running at once.
pub struct Computers {
    searches: Arc<Semaphore>,
    limit: usize,
}

impl Computers {
    /// At most `limit` searches at once (at least one).
    #[must_use]
    pub fn new(limit: usize) -> Computers {
        let limit = limit.max(1);
        Computers {
            searches: Arc::new(Semaphore::new(limit)),
            limit,
        }
    }

    /// The most searches that run at once.
    #[must_use]
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Searches that could start now without waiting.
    #[must_use]
    pub fn idle(&self) -> usize {
        self.searches.available_permits()
    }
}

/// The seat name the computer plays under (`Calf (computer)`).
#[must_use]
pub fn display_name(opponent: Opponent) -> String {
    format!("{} (computer)", opponent.name)
}

/// Seats `opponent` in the free seat of waiting game `id` (under `rules`) and starts it
/// playing.
///
/// # Errors
/// The game is unknown, its seat was taken first, or the database failed.
pub async fn seat(
    srv: &Arc<Server>,
    id: u64,
    rules: GameRules,
    opponent: Opponent,
    seed: u64,
) -> Result<Seat, ErrorCode> {
    let task = srv.actor(id).await.map_err(|_| ErrorCode::UnknownGame)?;
    let conn = srv.connection();
    let (outbox, inbox) = mpsc::channel(256);
    let token = ids::seat_token();
    let (reply, answer) = oneshot::channel();
    let join = Cmd::Join {
        conn,
        token_hash: ids::token_hash(&token),
        name: Some(display_name(opponent)),
        outbox,
        reply,
    };
    task.send(join).await.map_err(|_| ErrorCode::UnknownGame)?;
    let seat = answer.await.map_err(|_| ErrorCode::Internal)??;
    let row = ComputerRow {
        game: id,
        seat: crate::game::seat_name(seat).to_owned(),
        opponent: opponent.name.to_owned(),
        seed,
        token_hash: ids::token_hash(&token),
    };
    if let Err(e) = srv.db.insert_computer(&row).await {
        // It plays on; only a restart would lose it.
        eprintln!("kraal-server: game {id}: the computer's seat is not stored: {e}");
    }
    start_playing(srv, task, conn, seat, rules, opponent, seed, inbox);
    Ok(seat)
}

/// Seats game `id`'s stored computer opponent again, if it has one (after a restart, or on
/// the node that took the game over; the game's task runs here already): it attaches with its seat's token hash, as a socket
/// resuming does, and plays on from the game as stored.
///
/// # Errors
/// The database fails, the stored opponent or rules no longer read, or the game refuses the
/// seat.
pub async fn reseat(srv: &Arc<Server>, id: u64) -> Result<bool, String> {
    let Some(row) = srv.db.computer(id).await.map_err(|e| e.to_string())? else {
        return Ok(false);
    };
    let game = srv
        .db
        .game(id)
        .await
        .map_err(|e| e.to_string())?
        .ok_or("the game is gone")?;
    if game.status != "live" && game.status != "waiting" {
        return Ok(false);
    }
    let (rules, _) = crate::game::rules_of(&game)?;
    let opponent: Opponent = row.opponent.parse().map_err(|e| format!("{e}"))?;
    let task = srv
        .running(id)
        .await
        .ok_or("the game has no task on this node")?;
    let conn = srv.connection();
    let (outbox, inbox) = mpsc::channel(256);
    let (reply, answer) = oneshot::channel();
    let attach = Cmd::Attach {
        conn,
        token_hash: row.token_hash,
        outbox,
        reply,
    };
    task.send(attach)
        .await
        .map_err(|_| "the game's task is gone")?;
    let seat = answer
        .await
        .map_err(|_| "the game's task is gone".to_owned())?
        .map_err(|code| format!("the seat was refused: {code:?}"))?;
    start_playing(srv, task, conn, seat, rules, opponent, row.seed, inbox);
    Ok(true)
}

#[allow(clippy::too_many_arguments)]
fn start_playing(
    srv: &Arc<Server>,
    task: mpsc::Sender<Cmd>,
    conn: u64,
    seat: Seat,
    rules: GameRules,
    opponent: Opponent,
    seed: u64,
    inbox: mpsc::Receiver<ServerFrame>,
) {
    let computer = Computer {
        srv: Arc::clone(srv),
        task,
        conn,
        seat,
        rules,
        opponent,
        seed,
        moves: Vec::new(),
    };
    tokio::spawn(computer.run(inbox));
}

/// What the computer decided off the game task.
enum Decision {
    /// Its move for ply `ply`.
    Move { ply: usize, mv: AnyMove },
    /// Its answer to the draw offer made at ply `ply`.
    Draw { ply: usize, accept: bool },
    /// It resigns at ply `ply` (lost by proof, by its manner).
    Resign { ply: usize },
    /// Nothing (the game moved on, or it was not its turn).
    Nothing,
}

struct Computer {
    srv: Arc<Server>,
    task: mpsc::Sender<Cmd>,
    conn: u64,
    seat: Seat,
    rules: GameRules,
    opponent: Opponent,
    seed: u64,
    /// The moves played, as the game's frames told them.
    moves: Vec<AnyMove>,
}

impl Computer {
    async fn run(mut self, mut inbox: mpsc::Receiver<ServerFrame>) {
        let mut stopping = self.srv.stopping();
        let mut thinking: Option<JoinHandle<Decision>> = None;
        // The ply of the last search started, so a repeated state starts none again.
        let mut searched: Option<usize> = None;
        let mut live = false;
        loop {
            tokio::select! {
                frame = inbox.recv() => {
                    let Some(frame) = frame else { break };
                    match frame {
                        ServerFrame::Game(snapshot) => {
                            self.moves = snapshot.moves.into_iter().map(AnyMove::from).collect();
                            if snapshot.status.is_finished() {
                                break;
                            }
                            live = snapshot.status == GameStatus::Live;
                        }
                        ServerFrame::Moved { ply, mv, .. } if ply as usize == self.moves.len() => {
                            self.moves.push(AnyMove::from(mv));
                        }
                        ServerFrame::Ended { .. } => break,
                        ServerFrame::DrawOffered { by, .. }
                            if by != self.seat && thinking.is_none() =>
                        {
                            thinking = Some(self.think(Some(by)));
                        }
                        _ => {}
                    }
                }
                done = wait(&mut thinking), if thinking.is_some() => {
                    thinking = None;
                    if !self.act(done).await {
                        break;
                    }
                }
                _ = stopping.changed() => break,
            }
            if live && thinking.is_none() && searched != Some(self.moves.len()) && self.my_turn() {
                searched = Some(self.moves.len());
                thinking = Some(self.think(None));
            }
        }
        if let Some(thinking) = thinking {
            thinking.abort();
        }
        let _ = self.task.send(Cmd::Detach { conn: self.conn }).await;
    }

    /// Whether the computer is to move in the game replayed from the moves heard.
    fn my_turn(&self) -> bool {
        self.replay()
            .is_some_and(|g| !g.is_over() && Seat::from_index(g.side_to_move()) == self.seat)
    }

    /// The game replayed from the moves heard, with the computer in its seat.
    fn replay(&self) -> Option<AnyGame> {
        replay(
            &self.rules,
            self.seat,
            self.opponent,
            self.seed,
            &self.moves,
        )
    }

    /// Starts a search (for a move, or on a draw offered by `offer`) on a blocking thread,
    /// once a search slot is free.
    fn think(&self, offer: Option<Seat>) -> JoinHandle<Decision> {
        let searches = Arc::clone(&self.srv.computers.searches);
        let (rules, seat, opponent, seed) =
            (self.rules.clone(), self.seat, self.opponent, self.seed);
        let moves = self.moves.clone();
        tokio::spawn(async move {
            let Ok(_permit) = searches.acquire_owned().await else {
                return Decision::Nothing;
            };
            tokio::task::spawn_blocking(move || decide(&rules, seat, opponent, seed, &moves, offer))
                .await
                .unwrap_or(Decision::Nothing)
        })
    }

    /// Sends what was decided, if it still fits the game; false when the game's task is gone.
    async fn act(&mut self, decision: Decision) -> bool {
        let frame = match decision {
            Decision::Move { ply, mv } if ply == self.moves.len() => ClientFrame::Move {
                ply: ply as u32,
                mv: mv.into(),
                think_ms: None,
            },
            Decision::Draw { ply, accept } if ply == self.moves.len() => {
                if accept {
                    ClientFrame::AcceptDraw
                } else {
                    ClientFrame::DeclineDraw
                }
            }
            Decision::Resign { ply } if ply == self.moves.len() => ClientFrame::Resign,
            _ => return true,
        };
        self.task
            .send(Cmd::Frame {
                conn: self.conn,
                frame,
            })
            .await
            .is_ok()
    }
}

async fn wait(thinking: &mut Option<JoinHandle<Decision>>) -> Decision {
    match thinking {
        Some(handle) => handle.await.unwrap_or(Decision::Nothing),
        None => std::future::pending().await,
    }
}

/// The game from its moves with `opponent` in `seat`.
fn replay(
    rules: &GameRules,
    seat: Seat,
    opponent: Opponent,
    seed: u64,
    moves: &[AnyMove],
) -> Option<AnyGame> {
    let mut players = [Player::Human, Player::Human];
    players[seat.index()] = Player::Ai(opponent);
    let mut game = AnyGame::new(rules, None, players, seed).ok()?;
    for &mv in moves {
        game.play_move(mv).ok()?;
    }
    Some(game)
}

/// Runs on a blocking thread: the session's engine chooses the move (or answers the offer).
fn decide(
    rules: &GameRules,
    seat: Seat,
    opponent: Opponent,
    seed: u64,
    moves: &[AnyMove],
    offer: Option<Seat>,
) -> Decision {
    let Some(mut game) = replay(rules, seat, opponent, seed, moves) else {
        return Decision::Nothing;
    };
    let ply = moves.len();
    match offer {
        // The session asks the computer when the person offers on their own turn; on the
        // computer's turn its coming move declines the offer anyway.
        Some(by) if Seat::from_index(game.side_to_move()) == by => {
            let accept = matches!(game.offer_draw(), DrawAnswer::ComputerThinking)
                && matches!(game.wait_draw(), Some(DrawAnswer::ComputerAccepts));
            Decision::Draw { ply, accept }
        }
        Some(_) => Decision::Draw { ply, accept: false },
        None => match game.wait_ai() {
            Some(played) => Decision::Move { ply, mv: played.mv },
            // The session ended the game without a move: the computer resigned.
            None if game
                .outcome()
                .is_some_and(|o| matches!(o.reason, EndReason::Resignation)) =>
            {
                Decision::Resign { ply }
            }
            None => Decision::Nothing,
        },
    }
}
