//! One websocket: hello, then create, join or resume one game; its game frames go to the
//! game's task, whose frames come back through the connection's outbox. Rate limits, the
//! frame size limit and the heartbeat are enforced here, on the server's clock seam: a socket
//! silent for three heartbeats is closed, and so is one that keeps sending past its rate
//! ([`crate::limits::Limits::overruns_allowed`]), each with a close frame that says why.

use crate::game::{self, Cmd, LoadError};
use crate::limits::Bucket;
use crate::{Server, ids};
use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use kraal_protocol::{
    ClientFrame, ErrorCode, GameId, MAX_LIST_SEATS, PROTOCOL_VERSION, SeatQuery, ServerFrame,
    parse_client_frame,
};
use kraal_session::Seat;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tokio::sync::{mpsc, oneshot};

/// How long a join waits for the game's owner to answer, in ms.
const ANSWER_WAIT_MS: u64 = 10_000;

/// What the connection is bound to.
struct Bound {
    game: u64,
    task: mpsc::Sender<Cmd>,
}

struct Conn {
    srv: Arc<Server>,
    id: u64,
    ip: IpAddr,
    name: Option<String>,
    hello: bool,
    bound: Option<Bound>,
    outbox: mpsc::Sender<ServerFrame>,
    /// Whether it asked for the views (`ClientFrame::Views`: the browser page).
    views: bool,
}

/// Serves one socket until it closes, is idle past three heartbeats, or the server stops.
pub async fn serve(srv: Arc<Server>, mut socket: WebSocket, ip: IpAddr) {
    srv.metrics.sockets.fetch_add(1, Ordering::Relaxed);
    let (outbox, mut inbox) = mpsc::channel(256);
    let mut conn = Conn {
        id: srv.connection(),
        srv: Arc::clone(&srv),
        ip,
        name: None,
        hello: false,
        bound: None,
        outbox,
        views: false,
    };
    let mut bucket = Bucket::new(
        srv.limits.limits().messages_per_second,
        srv.limits.limits().message_burst,
        srv.time.now_ms(),
    );
    // Refused frames a connection may send before it is closed; one forgiven each second.
    let mut strikes = Bucket::new(1, srv.limits.limits().overruns_allowed, srv.time.now_ms());
    let mut stopping = srv.stopping();
    let idle_ms = u64::try_from((srv.heartbeat * 3).as_millis()).unwrap_or(u64::MAX / 4);
    let mut heard_ms = srv.time.now_ms();
    loop {
        let message = tokio::select! {
            m = socket.recv() => match m {
                Some(Ok(m)) => m,
                // Closed or failed.
                _ => break,
            },
            () = srv.time.sleep_until(heard_ms.saturating_add(idle_ms)) => {
                close(&mut socket, close_code::AWAY, "no heartbeat: silent for three beats").await;
                break;
            }
            frame = inbox.recv() => {
                let Some(frame) = frame else { break };
                if !conn.views && crate::views::is_view(&frame) {
                    continue;
                }
                if send(&mut socket, &frame).await.is_err() {
                    break;
                }
                continue;
            }
            _ = stopping.changed() => break,
        };
        heard_ms = srv.time.now_ms();
        let bytes = match &message {
            Message::Text(text) => text.as_bytes(),
            Message::Binary(_) => {
                let _ = send(
                    &mut socket,
                    &ServerFrame::error(ErrorCode::BadMessage, "frames are UTF-8 JSON text"),
                )
                .await;
                break;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !bucket.take(srv.time.now_ms()) {
            srv.metrics.rate_limited.fetch_add(1, Ordering::Relaxed);
            if !strikes.take(srv.time.now_ms()) {
                close(
                    &mut socket,
                    close_code::POLICY,
                    "rate limit exceeded: too many messages",
                )
                .await;
                break;
            }
            let reply = ServerFrame::error(ErrorCode::RateLimited, "too many messages: slow down");
            if send(&mut socket, &reply).await.is_err() {
                break;
            }
            continue;
        }
        let frame = match parse_client_frame(bytes) {
            Ok(frame) => frame,
            Err(e) => {
                let closes = e.closes();
                let _ = send(&mut socket, &ServerFrame::error(e.code(), e.to_string())).await;
                if closes {
                    break;
                }
                continue;
            }
        };
        let replies = conn.handle(frame).await;
        let mut close = false;
        for reply in replies {
            close |= matches!(&reply, ServerFrame::Error { code, .. } if code.closes());
            if send(&mut socket, &reply).await.is_err() {
                close = true;
            }
        }
        if close {
            break;
        }
    }
    if let Some(bound) = &conn.bound {
        let _ = bound.task.send(Cmd::Detach { conn: conn.id }).await;
    }
    srv.views.remove(conn.id);
    srv.limits.close_socket(ip, srv.time.now_ms());
    srv.metrics.sockets.fetch_sub(1, Ordering::Relaxed);
}

/// Closes the socket with a close frame naming why.
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

async fn send(socket: &mut WebSocket, frame: &ServerFrame) -> Result<(), axum::Error> {
    socket.send(Message::Text(frame.to_text().into())).await
}

fn error(code: ErrorCode, message: impl Into<String>) -> Vec<ServerFrame> {
    vec![ServerFrame::error(code, message)]
}

fn load_error(e: &LoadError) -> Vec<ServerFrame> {
    match e {
        LoadError::Unknown => error(ErrorCode::UnknownGame, "no game has this number"),
        other => {
            eprintln!("kraal-server: {other}");
            error(ErrorCode::Internal, "the game cannot be loaded")
        }
    }
}

impl Conn {
    /// Answers a frame; what the game's task says comes through the outbox.
    async fn handle(&mut self, frame: ClientFrame) -> Vec<ServerFrame> {
        match frame {
            ClientFrame::Hello { version, name } => {
                if version != PROTOCOL_VERSION {
                    return error(
                        ErrorCode::ProtocolMismatch,
                        format!("this server speaks protocol {PROTOCOL_VERSION}, not {version}"),
                    );
                }
                self.hello = true;
                self.name = name;
                vec![ServerFrame::Welcome {
                    version: PROTOCOL_VERSION,
                    server: format!("kraal-server {}", env!("CARGO_PKG_VERSION")),
                    heartbeat_ms: u64::try_from(self.srv.heartbeat.as_millis()).unwrap_or(10_000),
                }]
            }
            ClientFrame::Ping { n } => vec![ServerFrame::Pong { n }],
            _ if !self.hello => error(ErrorCode::NotInGame, "say hello first"),
            ClientFrame::Create {
                game,
                rules,
                set,
                clock,
                seat,
            } => {
                self.create(
                    &game,
                    rules.as_deref(),
                    &set,
                    clock.0,
                    seat.unwrap_or(Seat::First),
                )
                .await
            }
            ClientFrame::Join { code } => self.join(&code).await,
            ClientFrame::Resume { game, token } => self.resume(game, &token).await,
            ClientFrame::Export { game } => self.export(game).await,
            ClientFrame::Views => {
                self.views = true;
                self.srv.views.add(self.id);
                Vec::new()
            }
            ClientFrame::PlayComputer {
                game,
                rules,
                set,
                clock,
                seat,
                opponent,
                seed,
            } => {
                self.play_computer(
                    &game,
                    rules.as_deref(),
                    &set,
                    clock.0,
                    seat.unwrap_or(Seat::First),
                    &opponent,
                    seed,
                )
                .await
            }
            ClientFrame::List { seats } => self.list(&seats).await,
            frame => match &self.bound {
                Some(bound) => {
                    let cmd = Cmd::Frame {
                        conn: self.id,
                        frame,
                    };
                    if bound.task.send(cmd).await.is_err() {
                        return error(ErrorCode::GameOver, "the game is over");
                    }
                    Vec::new()
                }
                None => error(ErrorCode::NotInGame, "create, join or resume a game first"),
            },
        }
    }

    fn refuse_second_game(&self) -> Option<Vec<ServerFrame>> {
        self.bound.as_ref().map(|_| {
            error(
                ErrorCode::BadMessage,
                "this connection plays a game already: open another",
            )
        })
    }

    async fn create(
        &mut self,
        name: &str,
        rules: Option<&str>,
        set: &[String],
        control: kraal_session::TimeControl,
        seat: Seat,
    ) -> Vec<ServerFrame> {
        if let Some(refused) = self.refuse_second_game() {
            return refused;
        }
        let now = self.srv.time.now_ms();
        if !self.srv.limits.create_game(self.ip, now) {
            self.srv
                .metrics
                .rate_limited
                .fetch_add(1, Ordering::Relaxed);
            return error(
                ErrorCode::RateLimited,
                "too many games created from this address: wait",
            );
        }
        let rules = match kraal_session::resolve(name, rules, set) {
            Ok(rules) => rules,
            Err(e) => return error(ErrorCode::BadRules, e.to_string()),
        };
        let token = ids::seat_token();
        let mut inserted = None;
        for _ in 0..3 {
            let row = game::new_row(
                &rules,
                control,
                seat,
                ids::token_hash(&token),
                self.name.clone(),
                now,
            );
            match self.srv.db.insert_game(&row, now).await {
                Ok(()) => {
                    inserted = Some(row);
                    break;
                }
                // A code or number taken already: draw again.
                Err(e) => eprintln!("kraal-server: creating a game: {e}; trying a new code"),
            }
        }
        let Some(row) = inserted else {
            return error(
                ErrorCode::Internal,
                "the game could not be stored: try again",
            );
        };
        let code = row.code.clone().unwrap_or_default();
        match self.attach(row.id, &token).await {
            Ok(_) => vec![ServerFrame::Created {
                game: GameId(row.id),
                code,
                token,
                seat,
            }],
            Err(frames) => frames,
        }
    }

    /// Creates a game as [`Conn::create`] does, then seats the computer in the other seat.
    #[allow(clippy::too_many_arguments)]
    async fn play_computer(
        &mut self,
        name: &str,
        rules: Option<&str>,
        set: &[String],
        control: kraal_session::TimeControl,
        seat: Seat,
        opponent: &str,
        seed: Option<u64>,
    ) -> Vec<ServerFrame> {
        let opponent = match opponent.parse::<kraal_ai::opponents::Opponent>() {
            Ok(o) => o,
            Err(e) => return error(ErrorCode::BadRules, e.to_string()),
        };
        let resolved = match kraal_session::resolve(name, rules, set) {
            Ok(rules) => rules,
            Err(e) => return error(ErrorCode::BadRules, e.to_string()),
        };
        let frames = self.create(name, rules, set, control, seat).await;
        if let Some(ServerFrame::Created { game, .. }) = frames.first() {
            let seed = seed.unwrap_or_else(ids::game_id);
            if let Err(code) =
                crate::computer::seat(&self.srv, game.0, resolved, opponent, seed).await
            {
                return error(code, "the computer could not take its seat: try again");
            }
        }
        frames
    }

    async fn join(&mut self, code: &str) -> Vec<ServerFrame> {
        if let Some(refused) = self.refuse_second_game() {
            return refused;
        }
        if !self
            .srv
            .limits
            .join_attempt(self.ip, self.srv.time.now_ms())
        {
            self.srv
                .metrics
                .rate_limited
                .fetch_add(1, Ordering::Relaxed);
            return error(
                ErrorCode::RateLimited,
                "too many join attempts: wait a minute",
            );
        }
        let unknown = || error(ErrorCode::UnknownGame, "no game waits with this code");
        let Some(code) = ids::normalise_code(code) else {
            return unknown();
        };
        let id = match self.srv.db.game_by_code(&code).await {
            Ok(Some(id)) => id,
            Ok(None) => return unknown(),
            Err(e) => {
                eprintln!("kraal-server: {e}");
                return error(ErrorCode::Internal, "the database failed: try again");
            }
        };
        let task = match self.srv.actor(id).await {
            Ok(task) => task,
            Err(e) => return load_error(&e),
        };
        let token = ids::seat_token();
        let (reply, answer) = oneshot::channel();
        let cmd = Cmd::Join {
            conn: self.id,
            token_hash: ids::token_hash(&token),
            name: self.name.clone(),
            outbox: self.outbox.clone(),
            reply,
        };
        if task.send(cmd).await.is_err() {
            return unknown();
        }
        // Another node may answer (the game's owner); a dead one never does.
        let give_up = self.srv.time.now_ms() + ANSWER_WAIT_MS;
        let answer = tokio::select! {
            answer = answer => answer,
            () = self.srv.time.sleep_until(give_up) => {
                return error(ErrorCode::Internal, "the game's server did not answer: try again");
            }
        };
        match answer {
            Ok(Ok(seat)) => {
                self.bound = Some(Bound { game: id, task });
                vec![ServerFrame::Joined {
                    game: GameId(id),
                    token,
                    seat,
                }]
            }
            Ok(Err(code)) => error(code, "the game cannot be joined"),
            Err(_) => unknown(),
        }
    }

    async fn resume(&mut self, game: GameId, token: &str) -> Vec<ServerFrame> {
        if let Some(bound) = &self.bound
            && bound.game != game.0
        {
            return error(ErrorCode::BadMessage, "this connection plays another game");
        }
        if !self
            .srv
            .limits
            .join_attempt(self.ip, self.srv.time.now_ms())
        {
            self.srv
                .metrics
                .rate_limited
                .fetch_add(1, Ordering::Relaxed);
            return error(ErrorCode::RateLimited, "too many attempts: wait a minute");
        }
        match self.attach(game.0, token).await {
            Ok(_) => Vec::new(),
            Err(frames) => frames,
        }
    }

    /// Attaches to a game's task with a token (retrying once if the task was just ending).
    async fn attach(&mut self, id: u64, token: &str) -> Result<Seat, Vec<ServerFrame>> {
        for _ in 0..2 {
            let task = self.srv.actor(id).await.map_err(|e| load_error(&e))?;
            let (reply, answer) = oneshot::channel();
            let cmd = Cmd::Attach {
                conn: self.id,
                token_hash: ids::token_hash(token),
                outbox: self.outbox.clone(),
                reply,
            };
            if task.send(cmd).await.is_err() {
                continue;
            }
            match answer.await {
                Ok(Ok(seat)) => {
                    self.bound = Some(Bound { game: id, task });
                    return Ok(seat);
                }
                Ok(Err(code)) => return Err(error(code, "this token holds no seat of the game")),
                Err(_) => {}
            }
        }
        Err(error(
            ErrorCode::Internal,
            "the game's task ended: try again",
        ))
    }

    /// Where each held seat's game stands, from the database.
    async fn list(&mut self, seats: &[SeatQuery]) -> Vec<ServerFrame> {
        if seats.len() > MAX_LIST_SEATS {
            return error(
                ErrorCode::BadMessage,
                format!("a list asks about at most {MAX_LIST_SEATS} games"),
            );
        }
        let mut games = Vec::with_capacity(seats.len());
        for seat in seats {
            match self.srv.db.game(seat.game.0).await {
                Ok(row) => games.push(game::summary(row.as_ref(), seat.game, &seat.token)),
                Err(e) => {
                    eprintln!("kraal-server: {e}");
                    return error(ErrorCode::Internal, "the database failed: try again");
                }
            }
        }
        vec![ServerFrame::Games { games }]
    }

    async fn export(&mut self, game: GameId) -> Vec<ServerFrame> {
        for _ in 0..2 {
            let task = match self.srv.actor(game.0).await {
                Ok(task) => task,
                Err(e) => return load_error(&e),
            };
            let (reply, answer) = oneshot::channel();
            if task.send(Cmd::Export { reply }).await.is_err() {
                continue;
            }
            if let Ok(text) = answer.await {
                return vec![ServerFrame::Record { game, text }];
            }
        }
        error(ErrorCode::Internal, "the game's task ended: try again")
    }
}
