//! One live game's task. The owner's task (the node holding the game's lease; on SQLite the
//! only node) is the single writer of the game: it holds the session game, checks every
//! request (seat, turn, ply, legality), keeps the clocks, decides every ending, writes each
//! change to the database (a compare-and-set on the version, fenced by the lease) and only
//! then tells the game's sockets, on this node and, through [`crate::nodes`], on others. A
//! follower's task (on a node with a socket for a game another node owns) passes its sockets'
//! commands to the owner and the owner's events to its sockets; it takes the game over when
//! the owner's lease runs out.

mod follower;

use crate::db::{DbError, GameRow};
use crate::nodes::NodeMsg;
use crate::{Server, ids};
use kraal_protocol::{
    ClaimKind, ClientFrame, ErrorCode, GameId, GameSnapshot, GameStatus, SeatSummary, ServerFrame,
    WireMove,
};
use kraal_session::any::AnyMove;
use kraal_session::{
    AnyGame, Clock, EndReason, GameRules, Outcome, Player, Seat, SessionError, TimeControl,
};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// Where a game task sends a socket's frames.
pub type Outbox = mpsc::Sender<ServerFrame>;

/// The most of a client's reported think time the server credits back for network lag.
pub const LAG_ALLOWANCE_MS: u64 = 500;

/// What a connection asks of a game task.
pub enum Cmd {
    /// A seat's socket comes (resume, or the creator after create), proven by its token.
    Attach {
        /// The connection.
        conn: u64,
        /// The hash of the token given.
        token_hash: String,
        /// Where its frames go.
        outbox: Outbox,
        /// The seat, or why not.
        reply: oneshot::Sender<Result<Seat, ErrorCode>>,
    },
    /// The second player takes the free seat.
    Join {
        /// The connection.
        conn: u64,
        /// The new seat token's hash.
        token_hash: String,
        /// A display name.
        name: Option<String>,
        /// Where its frames go.
        outbox: Outbox,
        /// The seat, or why not.
        reply: oneshot::Sender<Result<Seat, ErrorCode>>,
    },
    /// A socket went.
    Detach {
        /// The connection.
        conn: u64,
    },
    /// A game frame from an attached socket.
    Frame {
        /// The connection.
        conn: u64,
        /// The frame.
        frame: ClientFrame,
    },
    /// The game changed in the database (another node wrote it): read it again.
    Reload,
    /// The game's record text.
    Export {
        /// The record.
        reply: oneshot::Sender<String>,
    },
    /// A message from another node about this game.
    Node(NodeMsg),
    /// The game's lease is this node's or has expired: a follower takes the game over.
    Own,
    /// A node's heartbeat ran out: the owner counts its sockets gone.
    NodeGone(String),
}

/// What a game task is on its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The single writer (the lease holder).
    Owner,
    /// Serves sockets of a game another node owns.
    Follower,
}

/// Where a socket's frames go.
#[derive(Clone, Debug)]
enum Sink {
    /// A socket on this node.
    Local(Outbox),
    /// A socket on another node (named), reached through [`crate::nodes`].
    Remote(String),
}

/// The answer to an attach or a join: the seat, or why not.
type SeatReply = oneshot::Sender<Result<Seat, ErrorCode>>;

/// Where the answer to a join goes.
enum JoinReply {
    Local(SeatReply),
    Remote(String),
}

/// Why a stored game cannot be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// No such game.
    Unknown,
    /// The database failed.
    Db(DbError),
    /// The stored rules or clock no longer read.
    Rules(String),
    /// A stored move does not replay through the rules: the integrity check failed.
    Integrity {
        /// The ply of the move.
        ply: usize,
        /// The move's text.
        text: String,
        /// Why it does not replay.
        error: SessionError,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Unknown => f.write_str("no such game"),
            LoadError::Db(e) => e.fmt(f),
            LoadError::Rules(e) => write!(f, "the stored rules do not read: {e}"),
            LoadError::Integrity { ply, text, error } => {
                write!(f, "stored move {ply} ({text}) does not replay: {error}")
            }
        }
    }
}

impl From<DbError> for LoadError {
    fn from(e: DbError) -> LoadError {
        LoadError::Db(e)
    }
}

/// The disconnect grace period of a time control: longer for slow games.
#[must_use]
pub fn grace(control: TimeControl) -> Duration {
    let clamp = |d: Duration| d.clamp(Duration::from_secs(30), Duration::from_secs(300));
    match control {
        TimeControl::None => Duration::from_secs(120),
        TimeControl::PerMove(limit) => clamp(limit),
        TimeControl::Game { base, .. } => clamp(base / 10),
    }
}

pub(crate) fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "first",
        Seat::Second => "second",
    }
}

pub(crate) fn seat_named(text: &str) -> Option<Seat> {
    match text {
        "first" => Some(Seat::First),
        "second" => Some(Seat::Second),
        _ => None,
    }
}

/// A status as the database keeps it: its name and the outcome's JSON.
#[must_use]
pub fn status_columns(status: &GameStatus) -> (&'static str, Option<String>) {
    match status {
        GameStatus::Waiting => ("waiting", None),
        GameStatus::Live => ("live", None),
        GameStatus::Over { outcome } => ("over", serde_json::to_string(outcome).ok()),
        GameStatus::Aborted => ("aborted", None),
    }
}

/// A status read back from the database.
///
/// # Errors
/// An unknown status name or an outcome that does not read.
pub fn status_of(row: &GameRow) -> Result<GameStatus, String> {
    Ok(match row.status.as_str() {
        "waiting" => GameStatus::Waiting,
        "live" => GameStatus::Live,
        "aborted" => GameStatus::Aborted,
        "over" => {
            let text = row
                .outcome
                .as_deref()
                .ok_or("an ended game without an outcome")?;
            GameStatus::Over {
                outcome: serde_json::from_str(text).map_err(|e| e.to_string())?,
            }
        }
        other => return Err(format!("unknown status {other}")),
    })
}

/// The rules a row names.
///
/// # Errors
/// The names or overrides no longer resolve.
pub fn rules_of(row: &GameRow) -> Result<(GameRules, TimeControl), String> {
    let overrides: Vec<String> = serde_json::from_str(&row.overrides).map_err(|e| e.to_string())?;
    let rules = kraal_session::resolve(&row.game_name, Some(&row.rule_set), &overrides)
        .map_err(|e| e.to_string())?;
    let control = row
        .clock
        .parse()
        .map_err(|e: kraal_session::clock::BadTimeControl| e.to_string())?;
    Ok((rules, control))
}

/// Plays a typed move on the game, refusing a move of the other family.
fn play(game: &mut AnyGame, mv: AnyMove) -> Result<(), ErrorCode> {
    game.play_move(mv)
        .map(|_| ())
        .map_err(|_| ErrorCode::IllegalMove)
}

/// The game's state as this node holds it.
struct Loaded {
    row: GameRow,
    status: GameStatus,
    control: TimeControl,
    game: AnyGame,
    clock: Clock,
}

/// A game task.
pub struct GameTask {
    srv: Arc<Server>,
    role: Role,
    loaded: Loaded,
    /// Instants for the session's clock: this instant is this many ms since the epoch.
    epoch: (Instant, u64),
    sockets: Vec<(u64, Seat, Sink)>,
    /// A follower's joins waiting for the owner's answer.
    joining: Vec<(u64, Outbox, SeatReply)>,
}

/// The result of trying a change against the database.
enum Commit {
    Done,
    /// Another writer changed the game first; it has been read again.
    Conflict,
}

impl GameTask {
    /// Loads a game from the database, replaying every move through the rules.
    ///
    /// # Errors
    /// No such game, the database fails, or the integrity check fails.
    pub async fn load(srv: Arc<Server>, id: u64, role: Role) -> Result<GameTask, LoadError> {
        let now = srv.time.now_ms();
        let epoch = (Instant::now(), now);
        let loaded = read(&srv, id, epoch).await?;
        Ok(GameTask {
            srv,
            role,
            loaded,
            epoch,
            sockets: Vec::new(),
            joining: Vec::new(),
        })
    }

    /// After a takeover from a dead node: as after a restart (its players count as gone), and
    /// the followers are told to attach their sockets again.
    ///
    /// # Errors
    /// The database fails.
    pub async fn taken_over(&mut self) -> Result<(), DbError> {
        self.restarted(true).await?;
        self.srv.publish(&NodeMsg::NewOwner {
            game: self.id(),
            from: self.srv.node.clone(),
        });
        Ok(())
    }

    /// After a restart: the side to move gets a fresh turn (its clock as at its last move),
    /// and both seats count as gone from now, so the grace period runs from the restart. With
    /// `force` the version moves on even when nothing else changed, so a writer that held the
    /// game before can write nothing more.
    ///
    /// # Errors
    /// The database fails.
    pub async fn restarted(&mut self, force: bool) -> Result<(), DbError> {
        if self.loaded.status.is_finished() {
            return Ok(());
        }
        let now = self.now();
        let mut row = self.loaded.row.clone();
        if row.turn_started_ms.is_some() {
            row.turn_started_ms = Some(now);
        }
        for away in &mut row.away {
            away.get_or_insert(now);
        }
        if force || row != self.loaded.row {
            row.version += 1;
            if let Commit::Done = self.commit(row, None).await? {
                self.rebuild_clock();
            }
        }
        Ok(())
    }

    fn now(&self) -> u64 {
        self.srv.time.now_ms()
    }

    fn instant(&self, ms: u64) -> Instant {
        instant(self.epoch, ms)
    }

    fn id(&self) -> u64 {
        self.loaded.row.id
    }

    fn rebuild_clock(&mut self) {
        self.loaded.clock = clock_of(&self.loaded.row, self.loaded.control, self.epoch);
    }

    fn to_move(&self) -> Seat {
        Seat::from_index(self.loaded.game.side_to_move())
    }

    fn clocks_ms(&self, now: u64) -> Option<[u64; 2]> {
        if self.loaded.control == TimeControl::None {
            return None;
        }
        let to_move = self.loaded.game.side_to_move();
        let at = self.instant(now);
        let ms = |side| {
            self.loaded
                .clock
                .left(side, to_move, at)
                .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        };
        Some([ms(0), ms(1)])
    }

    fn clock_running(&self) -> Option<Seat> {
        (self.loaded.status == GameStatus::Live && self.loaded.row.turn_started_ms.is_some())
            .then(|| self.to_move())
    }

    fn snapshot(&self, you: Seat) -> GameSnapshot {
        let row = &self.loaded.row;
        let opponent = you.other();
        GameSnapshot {
            game: GameId(row.id),
            version: row.version,
            game_name: row.game_name.clone(),
            rule_set: row.rule_set.clone(),
            set: serde_json::from_str(&row.overrides).unwrap_or_default(),
            clock: kraal_protocol::frames::ClockSpec(self.loaded.control),
            moves: self
                .loaded
                .game
                .moves()
                .into_iter()
                .map(WireMove::from)
                .collect(),
            status: self.loaded.status,
            to_move: self.to_move(),
            you,
            clocks_ms: self.clocks_ms(self.now()),
            clock_running: self.clock_running(),
            draw_offer: row.draw_offer.as_deref().and_then(seat_named),
            opponent_online: row.away[opponent.index()].is_none()
                && row.tokens[opponent.index()].is_some(),
            names: row.names.clone(),
        }
    }

    /// Sends a frame to one socket, followed by the views it calls for (the page's board and
    /// position, `crate::views`; a connection that did not ask for them drops them).
    fn send(&mut self, conn: u64, frame: ServerFrame) {
        let views = self.views_after(&frame);
        self.send_one(conn, frame);
        for view in views {
            self.send_one(conn, view);
        }
    }

    /// Sends a frame to every socket, followed by the views it calls for.
    fn broadcast(&mut self, frame: &ServerFrame) {
        self.broadcast_one(frame);
        for view in self.views_after(frame) {
            self.broadcast_one(&view);
        }
    }

    /// Whether a socket of this node asked for the views.
    fn wants_views(&self) -> bool {
        self.srv.views.any(self.sockets.iter().map(|s| s.0))
    }

    /// The views (`crate::views`) that follow `frame`, if a socket of this node asked for them.
    /// (A socket on another node gets none from here: its own node, following the game,
    /// computes them from the database, `follower.rs`.)
    fn views_after(&self, frame: &ServerFrame) -> Vec<ServerFrame> {
        if !self.wants_views() {
            return Vec::new();
        }
        crate::views::following(frame, &self.loaded.game, self.id(), self.loaded.row.version)
    }

    /// Sends a frame to one socket: here, or through its node.
    fn send_one(&mut self, conn: u64, frame: ServerFrame) {
        let Some(i) = self.sockets.iter().position(|s| s.0 == conn) else {
            return;
        };
        match &self.sockets[i].2 {
            Sink::Local(outbox) => {
                if outbox.try_send(frame).is_err() {
                    // A socket that cannot keep up is dropped; it resumes and gets the whole
                    // game.
                    self.sockets.swap_remove(i);
                }
            }
            Sink::Remote(node) => {
                let frame = (!matches!(frame, ServerFrame::Game(_))).then_some(frame);
                self.srv.publish(&NodeMsg::ToConn {
                    game: self.loaded.row.id,
                    to: node.clone(),
                    conn,
                    frame,
                });
            }
        }
    }

    /// Sends an event to every socket: once to each other node holding some.
    fn broadcast_one(&mut self, frame: &ServerFrame) {
        let mut nodes: Vec<String> = Vec::new();
        self.sockets.retain(|s| match &s.2 {
            Sink::Local(outbox) => outbox.try_send(frame.clone()).is_ok(),
            Sink::Remote(node) => {
                if !nodes.contains(node) {
                    nodes.push(node.clone());
                }
                true
            }
        });
        for to in nodes {
            self.srv.publish(&NodeMsg::Event {
                game: self.loaded.row.id,
                to,
                frame: frame.clone(),
            });
        }
    }

    fn send_snapshots(&mut self) {
        let frames: Vec<_> = self
            .sockets
            .iter()
            .map(|s| (s.0, ServerFrame::Game(self.snapshot(s.1))))
            .collect();
        for (conn, frame) in frames {
            self.send(conn, frame);
        }
    }

    fn seat_of(&self, conn: u64) -> Option<Seat> {
        self.sockets.iter().find(|s| s.0 == conn).map(|s| s.1)
    }

    fn online(&self, seat: Seat) -> bool {
        self.sockets.iter().any(|s| s.1 == seat)
    }

    /// Writes `row` if the stored version is still ours (and, with other nodes, the lease is);
    /// on a conflict reads the game again, and a node that lost the lease follows.
    async fn commit(&mut self, row: GameRow, mv: Option<(u64, String)>) -> Result<Commit, DbError> {
        let old = self.loaded.row.version;
        let now = self.now();
        let fence = self.srv.clustered().then_some(self.srv.node.as_str());
        if self.role == Role::Follower {
            return Ok(Commit::Conflict);
        }
        if self.srv.db.save(&row, old, mv, now, fence).await? {
            self.loaded.status = status_of(&row).unwrap_or(self.loaded.status);
            self.loaded.row = row;
            self.srv.metrics.commits.fetch_add(1, Ordering::Relaxed);
            Ok(Commit::Done)
        } else {
            self.srv.metrics.conflicts.fetch_add(1, Ordering::Relaxed);
            self.reload().await;
            if self.srv.clustered() && !self.srv.lease_of(self.id()).await?.granted() {
                self.demote();
            }
            Ok(Commit::Conflict)
        }
    }

    /// Reads the game again from the database; the sockets get the whole game if it changed.
    async fn reload(&mut self) {
        match read(&self.srv, self.id(), self.epoch).await {
            Ok(loaded) => {
                let changed = loaded.row.version != self.loaded.row.version;
                self.loaded = loaded;
                if changed {
                    self.send_snapshots();
                }
            }
            Err(e) => eprintln!("kraal-server: game {}: reload failed: {e}", self.id()),
        }
    }

    fn error(&mut self, conn: u64, code: ErrorCode, message: impl Into<String>) {
        self.send(conn, ServerFrame::error(code, message));
    }

    /// Runs the task until its game is finished and no socket is left (a follower: until no
    /// socket is left), or the server stops.
    pub async fn run(mut self, mut commands: mpsc::Receiver<Cmd>) {
        loop {
            let flag_at = self.flag_deadline().filter(|_| self.role == Role::Owner);
            let expire_at = self.expiry_deadline();
            let deadline = match (flag_at, expire_at) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let wake = async {
                match deadline {
                    Some(ms) => self.srv.time.sleep_until(ms).await,
                    None => std::future::pending().await,
                }
            };
            let cmd = tokio::select! {
                cmd = commands.recv() => cmd,
                () = wake => {
                    self.flag_fall().await;
                    self.expire().await;
                    continue;
                }
            };
            let Some(cmd) = cmd else { break };
            self.handle(cmd).await;
            let done = match self.role {
                Role::Owner => self.loaded.status.is_finished() && self.sockets.is_empty(),
                Role::Follower => self.sockets.is_empty() && self.joining.is_empty(),
            };
            if done {
                break;
            }
        }
        if self.role == Role::Owner
            && self.srv.clustered()
            && self.loaded.status.is_finished()
            && let Err(e) = self.srv.db.release_lease(self.id(), &self.srv.node).await
        {
            eprintln!("kraal-server: game {}: releasing its lease: {e}", self.id());
        }
        self.srv.forget(self.id(), &mut commands).await;
    }

    async fn handle(&mut self, cmd: Cmd) {
        if self.role == Role::Follower {
            self.follow(cmd).await;
            return;
        }
        match cmd {
            Cmd::Attach {
                conn,
                token_hash,
                outbox,
                reply,
            } => {
                let Some(seat) = self.seat_of_token(&token_hash) else {
                    let _ = reply.send(Err(ErrorCode::BadToken));
                    return;
                };
                let _ = reply.send(Ok(seat));
                self.attach(conn, seat, Sink::Local(outbox)).await;
            }
            Cmd::Join {
                conn,
                token_hash,
                name,
                outbox,
                reply,
            } => {
                self.join(
                    conn,
                    token_hash,
                    name,
                    Sink::Local(outbox),
                    JoinReply::Local(reply),
                )
                .await;
            }
            Cmd::Detach { conn } => self.detach(conn).await,
            Cmd::Frame { conn, frame } => {
                if let Some(seat) = self.seat_of(conn) {
                    self.frame(conn, seat, frame).await;
                }
            }
            // The owner's copy is the truth; nothing to read again.
            Cmd::Reload | Cmd::Own => {}
            Cmd::NodeGone(node) => {
                let gone: Vec<u64> = self
                    .sockets
                    .iter()
                    .filter(|s| matches!(&s.2, Sink::Remote(n) if *n == node))
                    .map(|s| s.0)
                    .collect();
                for conn in gone {
                    self.detach(conn).await;
                }
            }
            Cmd::Export { reply } => {
                let _ = reply.send(self.record());
            }
            Cmd::Node(msg) => self.on_follower_msg(msg).await,
        }
    }

    fn seat_of_token(&self, token_hash: &str) -> Option<Seat> {
        [Seat::First, Seat::Second]
            .into_iter()
            .find(|s| self.loaded.row.tokens[s.index()].as_deref() == Some(token_hash))
    }

    async fn attach(&mut self, conn: u64, seat: Seat, sink: Sink) {
        self.arrive(seat).await;
        self.sockets.push((conn, seat, sink));
        let snapshot = ServerFrame::Game(self.snapshot(seat));
        self.send(conn, snapshot);
    }

    async fn detach(&mut self, conn: u64) {
        if let Some(seat) = self.seat_of(conn) {
            self.sockets.retain(|s| s.0 != conn);
            self.leave(seat).await;
        }
    }

    /// The owner: a message from a follower node.
    async fn on_follower_msg(&mut self, msg: NodeMsg) {
        match msg {
            NodeMsg::Attach {
                from, conn, seat, ..
            } => {
                self.sockets.retain(|s| s.0 != conn);
                self.attach(conn, seat, Sink::Remote(from)).await;
            }
            NodeMsg::Detach { conn, .. } => self.detach(conn).await,
            NodeMsg::Frame { conn, frame, .. } => {
                if let Some(seat) = self.seat_of(conn) {
                    self.frame(conn, seat, frame).await;
                } else {
                    // A socket this owner does not know (its node was taken for dead, or
                    // its attach was lost): the followers attach theirs again and resync.
                    self.srv.publish(&NodeMsg::NewOwner {
                        game: self.id(),
                        from: self.srv.node.clone(),
                    });
                }
            }
            NodeMsg::Join {
                from,
                conn,
                token_hash,
                name,
                ..
            } => {
                let reply = JoinReply::Remote(from.clone());
                self.join(conn, token_hash, name, Sink::Remote(from), reply)
                    .await;
            }
            NodeMsg::NewOwner { .. } => {
                // Another node took the game over: this one lost its lease.
                self.reload().await;
                self.demote();
            }
            NodeMsg::Joined { .. } | NodeMsg::ToConn { .. } | NodeMsg::Event { .. } => {}
        }
    }

    /// The owner lost the game's lease: it follows the new owner, attaching its sockets there.
    fn demote(&mut self) {
        self.role = Role::Follower;
        self.sockets.retain(|s| matches!(s.2, Sink::Local(_)));
        for (conn, seat, _) in &self.sockets {
            self.srv.publish(&NodeMsg::Attach {
                game: self.loaded.row.id,
                from: self.srv.node.clone(),
                conn: *conn,
                seat: *seat,
            });
        }
    }

    async fn join(
        &mut self,
        conn: u64,
        token_hash: String,
        name: Option<String>,
        sink: Sink,
        reply: JoinReply,
    ) {
        let result = self.try_join(conn, token_hash, name, sink).await;
        match reply {
            JoinReply::Local(reply) => {
                let _ = reply.send(result);
            }
            JoinReply::Remote(to) => self.srv.publish(&NodeMsg::Joined {
                game: self.id(),
                to,
                conn,
                result,
            }),
        }
        if result.is_ok() {
            self.send_snapshots();
        }
    }

    async fn try_join(
        &mut self,
        conn: u64,
        token_hash: String,
        name: Option<String>,
        sink: Sink,
    ) -> Result<Seat, ErrorCode> {
        for _ in 0..2 {
            let free = [Seat::First, Seat::Second]
                .into_iter()
                .find(|s| self.loaded.row.tokens[s.index()].is_none());
            let Some(seat) = free.filter(|_| self.loaded.status == GameStatus::Waiting) else {
                return Err(ErrorCode::GameFull);
            };
            let mut row = self.loaded.row.clone();
            row.tokens[seat.index()] = Some(token_hash.clone());
            row.names[seat.index()].clone_from(&name);
            row.code = None;
            row.status = "live".into();
            row.away[seat.index()] = None;
            row.version += 1;
            match self.commit(row, None).await {
                Ok(Commit::Done) => {
                    self.sockets.push((conn, seat, sink));
                    return Ok(seat);
                }
                Ok(Commit::Conflict) => {}
                Err(e) => {
                    eprintln!("kraal-server: game {}: {e}", self.id());
                    return Err(ErrorCode::Internal);
                }
            }
        }
        Err(ErrorCode::Internal)
    }

    /// A seat's first socket came: it is online again.
    async fn arrive(&mut self, seat: Seat) {
        self.presence(seat, true).await;
    }

    /// A seat's last socket went: it is away from now.
    async fn leave(&mut self, seat: Seat) {
        if !self.online(seat) {
            self.presence(seat, false).await;
        }
    }

    async fn presence(&mut self, seat: Seat, online: bool) {
        for _ in 0..2 {
            if self.loaded.status.is_finished()
                || self.loaded.row.away[seat.index()].is_none() == online
            {
                return;
            }
            let mut row = self.loaded.row.clone();
            row.away[seat.index()] = (!online).then(|| self.now());
            row.version += 1;
            match self.commit(row, None).await {
                Ok(Commit::Done) => {
                    let claim_in_ms = (!online)
                        .then(|| u64::try_from(self.grace().as_millis()).unwrap_or(u64::MAX));
                    let frame = ServerFrame::Presence {
                        version: self.loaded.row.version,
                        seat,
                        online,
                        claim_in_ms,
                    };
                    self.broadcast(&frame);
                    return;
                }
                Ok(Commit::Conflict) => {}
                Err(e) => {
                    eprintln!("kraal-server: game {}: {e}", self.id());
                    return;
                }
            }
        }
    }

    async fn frame(&mut self, conn: u64, seat: Seat, frame: ClientFrame) {
        match frame {
            ClientFrame::Move { ply, mv, think_ms } => {
                self.play_move(conn, seat, ply, mv, think_ms).await;
            }
            ClientFrame::Sync => {
                let snapshot = ServerFrame::Game(self.snapshot(seat));
                self.send(conn, snapshot);
            }
            ClientFrame::Resign => {
                if self.loaded.status == GameStatus::Waiting {
                    self.end(conn, GameStatus::Aborted).await;
                } else if self.live(conn) {
                    let outcome = self.decided(Some(seat.other()), EndReason::Resignation);
                    self.end(conn, outcome).await;
                }
            }
            ClientFrame::OfferDraw => self.offer_draw(conn, seat).await,
            ClientFrame::AcceptDraw => {
                if self.live(conn) {
                    if self.draw_offer() == Some(seat.other()) {
                        let outcome = self.decided(None, EndReason::Agreement);
                        self.end(conn, outcome).await;
                    } else {
                        self.error(
                            conn,
                            ErrorCode::NoDrawOffer,
                            "there is no draw offer to accept",
                        );
                    }
                }
            }
            ClientFrame::DeclineDraw => {
                if self.live(conn) {
                    if self.draw_offer() == Some(seat.other()) {
                        self.set_draw_offer(conn, None).await;
                    } else {
                        self.error(
                            conn,
                            ErrorCode::NoDrawOffer,
                            "there is no draw offer to decline",
                        );
                    }
                }
            }
            ClientFrame::Abort => {
                let abortable = self.loaded.status == GameStatus::Waiting
                    || (self.loaded.status == GameStatus::Live && self.loaded.game.ply() < 2);
                if abortable {
                    self.end(conn, GameStatus::Aborted).await;
                } else if self.live(conn) {
                    self.error(
                        conn,
                        ErrorCode::CannotAbort,
                        "each side has moved: resign instead",
                    );
                }
            }
            ClientFrame::Claim { kind } => self.claim(conn, seat, kind).await,
            // The connection answers these itself.
            ClientFrame::Hello { .. }
            | ClientFrame::Create { .. }
            | ClientFrame::Join { .. }
            | ClientFrame::Resume { .. }
            | ClientFrame::Ping { .. }
            | ClientFrame::Export { .. }
            | ClientFrame::Views
            | ClientFrame::PlayComputer { .. }
            | ClientFrame::List { .. } => {}
        }
    }

    /// Whether the game is being played; if not, tells the connection why.
    fn live(&mut self, conn: u64) -> bool {
        match self.loaded.status {
            GameStatus::Live => true,
            GameStatus::Waiting => {
                self.error(conn, ErrorCode::NotInGame, "the game waits for an opponent");
                false
            }
            GameStatus::Over { .. } | GameStatus::Aborted => {
                self.error(conn, ErrorCode::GameOver, "the game is over");
                false
            }
        }
    }

    fn draw_offer(&self) -> Option<Seat> {
        self.loaded.row.draw_offer.as_deref().and_then(seat_named)
    }

    fn decided(&self, winner: Option<Seat>, reason: EndReason) -> GameStatus {
        GameStatus::Over {
            outcome: Outcome::decided(self.loaded.game.kind(), winner, reason),
        }
    }

    async fn offer_draw(&mut self, conn: u64, seat: Seat) {
        if !self.live(conn) {
            return;
        }
        match self.draw_offer() {
            Some(s) if s == seat.other() => {
                let outcome = self.decided(None, EndReason::Agreement);
                self.end(conn, outcome).await;
            }
            Some(_) => {}
            None => self.set_draw_offer(conn, Some(seat)).await,
        }
    }

    async fn set_draw_offer(&mut self, conn: u64, offer: Option<Seat>) {
        let mut row = self.loaded.row.clone();
        row.draw_offer = offer.map(|s| seat_name(s).to_owned());
        row.version += 1;
        match self.commit(row, None).await {
            Ok(Commit::Done) => {
                let version = self.loaded.row.version;
                let frame = match offer {
                    Some(by) => ServerFrame::DrawOffered { version, by },
                    None => ServerFrame::DrawDeclined { version },
                };
                self.broadcast(&frame);
            }
            Ok(Commit::Conflict) => {
                self.error(conn, ErrorCode::Internal, "the game changed: try again")
            }
            Err(e) => self.db_failed(conn, &e),
        }
    }

    /// The grace period of this game: the server's `--grace-seconds` when set, else the
    /// time control's ([`grace`]).
    fn grace(&self) -> Duration {
        self.srv.grace.unwrap_or_else(|| grace(self.loaded.control))
    }

    async fn claim(&mut self, conn: u64, seat: Seat, kind: ClaimKind) {
        if !self.live(conn) {
            return;
        }
        let opponent = seat.other();
        let gone_since = self.loaded.row.away[opponent.index()];
        let grace_ms = u64::try_from(self.grace().as_millis()).unwrap_or(u64::MAX);
        let now = self.now();
        match gone_since {
            Some(since) if !self.online(opponent) && now.saturating_sub(since) >= grace_ms => {
                let winner = (kind == ClaimKind::Win).then_some(seat);
                let outcome = self.decided(winner, EndReason::Abandonment);
                self.end(conn, outcome).await;
            }
            Some(since) => {
                let left = (since + grace_ms).saturating_sub(now);
                self.error(
                    conn,
                    ErrorCode::CannotClaim,
                    format!(
                        "the opponent has been gone less than the grace period: {} s more",
                        left.div_ceil(1000)
                    ),
                );
            }
            None => self.error(conn, ErrorCode::CannotClaim, "the opponent is connected"),
        }
    }

    /// Ends the game with `status` (over or aborted), committed before anyone hears of it.
    async fn end(&mut self, conn: u64, status: GameStatus) {
        match self.finish(status).await {
            Ok(true) => {}
            Ok(false) => self.error(conn, ErrorCode::Internal, "the game changed: try again"),
            Err(e) => self.db_failed(conn, &e),
        }
    }

    async fn finish(&mut self, status: GameStatus) -> Result<bool, DbError> {
        let mut row = self.loaded.row.clone();
        let (name, outcome) = status_columns(&status);
        row.status = name.to_owned();
        row.outcome = outcome;
        row.code = None;
        row.draw_offer = None;
        row.clock_state = Some(self.loaded.clock.snapshot(self.instant(self.now())));
        row.turn_started_ms = None;
        row.version += 1;
        match self.commit(row, None).await? {
            Commit::Done => {
                self.rebuild_clock();
                let frame = ServerFrame::Ended {
                    version: self.loaded.row.version,
                    status,
                };
                self.broadcast(&frame);
                self.srv
                    .metrics
                    .games_finished
                    .fetch_add(1, Ordering::Relaxed);
                Ok(true)
            }
            Commit::Conflict => Ok(false),
        }
    }

    fn db_failed(&mut self, conn: u64, e: &DbError) {
        eprintln!("kraal-server: game {}: {e}", self.id());
        self.error(
            conn,
            ErrorCode::Internal,
            "the server's database failed: try again",
        );
    }

    /// When a waiting game expires (no second player came), on the owner.
    fn expiry_deadline(&self) -> Option<u64> {
        (self.role == Role::Owner && self.loaded.status == GameStatus::Waiting).then(|| {
            let ttl = u64::try_from(self.srv.waiting_expiry.as_millis()).unwrap_or(u64::MAX / 4);
            self.loaded.row.created_ms.saturating_add(ttl)
        })
    }

    /// Aborts a waiting game past its expiry: its join code is freed.
    async fn expire(&mut self) {
        if let Some(at) = self.expiry_deadline()
            && self.now() >= at
            && let Err(e) = self.finish(GameStatus::Aborted).await
        {
            eprintln!("kraal-server: game {}: expiring it: {e}", self.id());
        }
    }

    /// When the side to move's flag falls (with the lag allowance), if a clock runs.
    fn flag_deadline(&self) -> Option<u64> {
        let started = self.loaded.row.turn_started_ms?;
        if self.loaded.status != GameStatus::Live {
            return None;
        }
        let to_move = self.loaded.game.side_to_move();
        let left = self
            .loaded
            .clock
            .left(to_move, to_move, self.instant(started))?;
        Some(started + u64::try_from(left.as_millis()).unwrap_or(u64::MAX) + LAG_ALLOWANCE_MS)
    }

    async fn flag_fall(&mut self) {
        let now = self.now();
        let to_move = self.loaded.game.side_to_move();
        if self.loaded.status == GameStatus::Live
            && self.loaded.row.turn_started_ms.is_some()
            && self
                .loaded
                .clock
                .flagged(to_move, self.instant(now.saturating_sub(LAG_ALLOWANCE_MS)))
        {
            let status = self.decided(Some(Seat::from_index(to_move).other()), EndReason::Time);
            if let Err(e) = self.finish(status).await {
                eprintln!("kraal-server: game {}: {e}", self.id());
            }
        }
    }

    async fn play_move(
        &mut self,
        conn: u64,
        seat: Seat,
        ply: u32,
        mv: WireMove,
        think_ms: Option<u64>,
    ) {
        for attempt in 0..2 {
            if !self.live(conn) {
                return;
            }
            let played = self.loaded.game.ply();
            let ply = ply as usize;
            if ply < played {
                let moves = self.loaded.game.moves();
                let stored = moves.get(ply).map(|m| m.to_string());
                if stored == Some(mv.to_string()) {
                    // A resend of a move already played: not applied again; the whole game
                    // tells the client where it stands.
                    let snapshot = ServerFrame::Game(self.snapshot(seat));
                    self.send(conn, snapshot);
                } else {
                    self.error(
                        conn,
                        ErrorCode::StalePly,
                        format!("ply {ply} is played already; the game is at ply {played}"),
                    );
                }
                return;
            }
            if ply > played {
                self.error(
                    conn,
                    ErrorCode::StalePly,
                    format!("the game is at ply {played}, not {ply}"),
                );
                return;
            }
            if seat != self.to_move() {
                self.error(conn, ErrorCode::NotYourTurn, "it is the other side's turn");
                return;
            }
            let mv = mv.for_side(self.loaded.game.side_to_move());
            let any = AnyMove::from(mv);
            if !self.loaded.game.legal_moves().contains(&any) {
                self.error(
                    conn,
                    ErrorCode::IllegalMove,
                    format!("{mv} is not a legal move here"),
                );
                return;
            }
            match self.commit_move(ply, any, think_ms).await {
                Ok(Some(())) => return,
                Ok(None) if attempt == 0 => {}
                Ok(None) => self.error(conn, ErrorCode::Internal, "the game changed: try again"),
                Err(e) => {
                    self.db_failed(conn, &e);
                    return;
                }
            }
        }
    }

    /// Plays a checked move: the clock, the database, then the broadcast. `None`: another
    /// writer changed the game first (it has been read again).
    async fn commit_move(
        &mut self,
        ply: usize,
        mv: AnyMove,
        think_ms: Option<u64>,
    ) -> Result<Option<()>, DbError> {
        let now = self.now();
        let side = self.loaded.game.side_to_move();
        let mut clock = self.loaded.clock.clone();
        let mut turn_started = self.loaded.row.turn_started_ms;
        if let Some(started) = turn_started {
            let elapsed = now.saturating_sub(started);
            let credit = think_ms
                .map_or(0, |t| elapsed.saturating_sub(t))
                .min(LAG_ALLOWANCE_MS);
            let moved_at = self.instant(now - credit);
            if clock.flagged(side, moved_at) {
                let status = self.decided(Some(Seat::from_index(side).other()), EndReason::Time);
                self.finish(status).await?;
                return Ok(Some(()));
            }
            clock.end_turn(side, moved_at);
            clock = Clock::restore(self.loaded.control, &clock.snapshot(moved_at)).unwrap_or(clock);
            clock.start(self.instant(now));
            turn_started = Some(now);
        } else if ply == 1 && self.loaded.control != TimeControl::None {
            // The clock starts once each side has made its first move.
            clock.start(self.instant(now));
            turn_started = Some(now);
        }
        if play(&mut self.loaded.game, mv).is_err() {
            return Ok(Some(()));
        }
        let outcome = self.loaded.game.outcome();
        let mut row = self.loaded.row.clone();
        row.plies += 1;
        row.version += if outcome.is_some() { 2 } else { 1 };
        row.clock_state =
            (self.loaded.control != TimeControl::None).then(|| clock.snapshot(self.instant(now)));
        row.turn_started_ms = if outcome.is_some() {
            None
        } else {
            turn_started
        };
        if self.draw_offer() == Some(Seat::from_index(side).other()) {
            // A move declines the opponent's offer.
            row.draw_offer = None;
        }
        let status = outcome.map_or(GameStatus::Live, |outcome| GameStatus::Over { outcome });
        let (name, outcome_json) = status_columns(&status);
        row.status = name.to_owned();
        row.outcome = outcome_json;
        if outcome.is_some() {
            row.draw_offer = None;
        }
        match self.commit(row, Some((ply as u64, mv.to_string()))).await {
            Ok(Commit::Done) => {
                self.loaded.clock = clock;
                self.srv.metrics.moves.fetch_add(1, Ordering::Relaxed);
                let version = self.loaded.row.version;
                let moved = ServerFrame::Moved {
                    version: if outcome.is_some() {
                        version - 1
                    } else {
                        version
                    },
                    ply: ply as u32,
                    mv: WireMove::from(mv),
                    clocks_ms: self.clocks_ms(now),
                    clock_running: self.clock_running(),
                };
                self.broadcast(&moved);
                if outcome.is_some() {
                    self.broadcast(&ServerFrame::Ended { version, status });
                    self.srv
                        .metrics
                        .games_finished
                        .fetch_add(1, Ordering::Relaxed);
                }
                Ok(Some(()))
            }
            Ok(Commit::Conflict) => Ok(None),
            Err(e) => {
                // Not stored: take the move back.
                self.loaded.game.undo_turn();
                Err(e)
            }
        }
    }

    /// The game as a record of the project's format, with the server's result.
    fn record(&self) -> String {
        let mut record = self.loaded.game.record();
        let row = &self.loaded.row;
        record.set_tag("Site", "kraal-server");
        record.set_tag("OnlineGame", &row.id.to_string());
        for (seat, tag) in [(Seat::First, "White"), (Seat::Second, "Black")] {
            let name = row.names[seat.index()].as_deref().unwrap_or("anonymous");
            record.set_tag(tag, name);
        }
        if self.loaded.control != TimeControl::None {
            record.set_tag("Clock", &self.loaded.control.to_string());
        }
        match &self.loaded.status {
            GameStatus::Over { outcome } => {
                record.set_tag("Result", outcome.result().notation());
                record.set_tag("Reason", outcome.reason.name());
            }
            GameStatus::Aborted => {
                record.set_tag("Result", "*");
                record.set_tag("Reason", "aborted");
            }
            GameStatus::Waiting | GameStatus::Live => record.set_tag("Result", "*"),
        }
        record.to_string()
    }
}

fn instant(epoch: (Instant, u64), ms: u64) -> Instant {
    let (at, at_ms) = epoch;
    if ms >= at_ms {
        at + Duration::from_millis(ms - at_ms)
    } else {
        at.checked_sub(Duration::from_millis(at_ms - ms))
            .unwrap_or(at)
    }
}

fn clock_of(row: &GameRow, control: TimeControl, epoch: (Instant, u64)) -> Clock {
    let mut clock = row
        .clock_state
        .as_deref()
        .and_then(|s| Clock::restore(control, s))
        .unwrap_or_else(|| Clock::new(control));
    if let Some(started) = row.turn_started_ms {
        clock.start(instant(epoch, started));
    }
    clock
}

/// Reads a game and replays its moves through the rules.
async fn read(srv: &Server, id: u64, epoch: (Instant, u64)) -> Result<Loaded, LoadError> {
    let row = srv.db.game(id).await?.ok_or(LoadError::Unknown)?;
    let moves = srv.db.moves(id).await?;
    let (rules, control) = rules_of(&row).map_err(LoadError::Rules)?;
    let status = status_of(&row).map_err(LoadError::Rules)?;
    let mut game = AnyGame::new(&rules, None, [Player::Human, Player::Human], 0)
        .map_err(|e| LoadError::Rules(e.to_string()))?;
    for (ply, text) in moves.iter().enumerate() {
        game.play_text(text).map_err(|error| LoadError::Integrity {
            ply,
            text: text.clone(),
            error,
        })?;
    }
    if moves.len() as u64 != row.plies {
        return Err(LoadError::Rules(format!(
            "{} moves stored for {} plies",
            moves.len(),
            row.plies
        )));
    }
    if let (GameStatus::Over { outcome }, Some(replayed)) = (&status, game.outcome())
        && *outcome != replayed
    {
        return Err(LoadError::Rules(format!(
            "the stored result ({outcome}) is not the replayed one ({replayed})"
        )));
    }
    let clock = clock_of(&row, control, epoch);
    Ok(Loaded {
        row,
        status,
        control,
        game,
        clock,
    })
}

/// Where a held seat's game stands, read from the database (the truth; no task needed).
#[must_use]
pub fn summary(row: Option<&GameRow>, game: GameId, token: &str) -> SeatSummary {
    let missing = |code| SeatSummary::Missing { game, code };
    let Some(row) = row else {
        return missing(ErrorCode::UnknownGame);
    };
    let hash = ids::token_hash(token);
    let Some(you) = [Seat::First, Seat::Second]
        .into_iter()
        .find(|s| row.tokens[s.index()].as_deref() == Some(hash.as_str()))
    else {
        return missing(ErrorCode::BadToken);
    };
    let Ok(status) = status_of(row) else {
        return missing(ErrorCode::UnknownGame);
    };
    let opponent = you.other().index();
    SeatSummary::Game {
        game,
        game_name: row.game_name.clone(),
        rule_set: row.rule_set.clone(),
        status,
        you,
        // Turns strictly alternate (a pass is a move), the first seat first.
        to_move: Seat::from_index((row.plies % 2) as usize),
        plies: u32::try_from(row.plies).unwrap_or(u32::MAX),
        opponent_name: row.names[opponent].clone(),
        opponent_online: row.tokens[opponent].is_some() && row.away[opponent].is_none(),
    }
}

/// A new game's row, waiting for its second player.
#[must_use]
pub fn new_row(
    rules: &GameRules,
    control: TimeControl,
    seat: Seat,
    token_hash: String,
    name: Option<String>,
    now_ms: u64,
) -> GameRow {
    let mut tokens = [None, None];
    tokens[seat.index()] = Some(token_hash);
    let mut names = [None, None];
    names[seat.index()] = name;
    GameRow {
        id: ids::game_id(),
        code: Some(ids::join_code()),
        game_name: rules.game_name().to_owned(),
        rule_set: rules.rule_set_name().to_owned(),
        overrides: serde_json::to_string(&rules.overrides()).unwrap_or_else(|_| "[]".into()),
        clock: control.to_string(),
        tokens,
        names,
        status: "waiting".into(),
        outcome: None,
        version: 0,
        plies: 0,
        clock_state: None,
        turn_started_ms: None,
        draw_offer: None,
        away: [None, None],
        created_ms: now_ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_games_get_longer_grace() {
        assert_eq!(grace("1+0".parse().expect("tc")), Duration::from_secs(30));
        assert_eq!(grace("30+0".parse().expect("tc")), Duration::from_secs(180));
        assert_eq!(
            grace("180+0".parse().expect("tc")),
            Duration::from_secs(300)
        );
        assert_eq!(
            grace("move:120".parse().expect("tc")),
            Duration::from_secs(120)
        );
    }

    #[test]
    fn instants_map_both_sides_of_the_epoch() {
        let at = Instant::now() + Duration::from_secs(100);
        let epoch = (at, 50_000);
        assert_eq!(instant(epoch, 51_000), at + Duration::from_secs(1));
        assert_eq!(instant(epoch, 49_000) + Duration::from_secs(1), at);
    }
}
