//! `kraal-server`: online play over websockets. One task per live game (the single writer,
//! [`game::GameTask`]) drives a `kraal-session` game and commits every change to the database
//! ([`db::Db`], SQLite or PostgreSQL) before any client hears of it. [`start`] runs a server
//! (the binary's `main`, and the tests on 127.0.0.1:0); [`router`] is the HTTP side, ready for
//! more routes; [`web`] serves the browser page at `/`, and [`computer`] seats the
//! computer opponents as clients of a game's task.

pub mod computer;
pub mod conn;
pub mod daily;
pub mod db;
pub mod game;
pub mod http;
pub mod ids;
pub mod limits;
pub mod load;
pub mod nodes;
pub mod time;
pub mod views;
pub mod web;

pub use http::router;

use db::{Db, DbError, Lease};
use game::{Cmd, GameTask, LoadError, Role};
use limits::{AddressLimits, Limits};
use nodes::NodeMsg;
use std::collections::HashMap;
use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use time::TimeSource;
use tokio::sync::{Mutex, mpsc, watch};
use tokio::task::JoinHandle;

/// How a server is started.
#[derive(Clone)]
pub struct Options {
    /// The address to listen on (port 0: any free port).
    pub listen: SocketAddr,
    /// `sqlite:PATH` or `postgres://...`.
    pub database: String,
    /// The clock seam.
    pub time: Arc<dyn TimeSource>,
    /// The rate limits.
    pub limits: Limits,
    /// How often clients should ping; a socket silent for three times this is closed.
    pub heartbeat: Duration,
    /// The most computer-opponent searches that run at once (`computer`).
    pub computer_searches: usize,
    /// PostgreSQL with several nodes: how long a node's lease of a game lasts unrenewed (the
    /// owner renews every third of it; a dead node's games are taken over once it runs out).
    pub lease: Duration,
    /// How long a created game waits for its second player before it is aborted and its join
    /// code freed.
    pub waiting_expiry: Duration,
    /// The disconnect grace period for every game, instead of the time control's
    /// ([`game::grace`]): for tests of the claim, and servers that want one period.
    pub grace: Option<Duration>,
}

impl Options {
    /// Options with the defaults: system time, default limits, a 10-second heartbeat.
    #[must_use]
    pub fn new(listen: SocketAddr, database: impl Into<String>) -> Options {
        Options {
            listen,
            database: database.into(),
            time: Arc::new(time::SystemTime),
            limits: Limits::default(),
            heartbeat: Duration::from_secs(10),
            computer_searches: 2,
            lease: Duration::from_secs(15),
            waiting_expiry: Duration::from_secs(24 * 3600),
            grace: None,
        }
    }
}

/// Counters for `/metrics`.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Sockets open.
    pub sockets: AtomicU64,
    /// Moves committed.
    pub moves: AtomicU64,
    /// Changes committed.
    pub commits: AtomicU64,
    /// Changes refused because another writer was first.
    pub conflicts: AtomicU64,
    /// Games finished.
    pub games_finished: AtomicU64,
    /// Stored games whose moves did not replay on start.
    pub integrity_failures: AtomicU64,
    /// Frames refused by the rate limits.
    pub rate_limited: AtomicU64,
}

/// The running server's shared state.
pub struct Server {
    /// The database.
    pub db: Db,
    /// The clock seam.
    pub time: Arc<dyn TimeSource>,
    /// Counters.
    pub metrics: Metrics,
    /// The per-address limits.
    pub limits: AddressLimits,
    /// The heartbeat interval.
    pub heartbeat: Duration,
    /// This node's name (for notifications between nodes, and its leases).
    pub node: String,
    /// The computer opponents' search slots.
    pub computers: computer::Computers,
    /// The connections that asked for the board views.
    pub views: views::Wanted,
    /// How long a lease lasts.
    pub lease: Duration,
    /// How long a created game waits for its second player.
    pub waiting_expiry: Duration,
    /// The grace period for every game, when set (else each time control's).
    pub grace: Option<Duration>,
    /// PostgreSQL: the queue of messages to other nodes (sent in order by one task).
    publisher: Option<mpsc::UnboundedSender<String>>,
    games: Mutex<HashMap<u64, (mpsc::Sender<Cmd>, tokio::task::AbortHandle)>>,
    next_conn: AtomicU64,
    stop: watch::Sender<bool>,
}

impl Server {
    /// The task of game `id`, loading it from the database if it is not running: the game's
    /// owner when this node gets its lease (always on SQLite), else a follower that reaches
    /// the owner through the database.
    ///
    /// # Errors
    /// No such game, or it cannot be loaded.
    pub async fn actor(self: &Arc<Server>, id: u64) -> Result<mpsc::Sender<Cmd>, LoadError> {
        let mut games = self.games.lock().await;
        if let Some((tx, _)) = games.get(&id)
            && !tx.is_closed()
        {
            return Ok(tx.clone());
        }
        let lease = self.lease_of(id).await?;
        let role = if lease.granted() {
            Role::Owner
        } else {
            Role::Follower
        };
        let mut task = GameTask::load(Arc::clone(self), id, role).await?;
        let taken = matches!(lease, Lease::TakenFrom(_));
        if taken {
            task.taken_over().await?;
        }
        let tx = self.spawn(&mut games, id, task);
        if taken {
            // A computer opponent died with the old owner: it sits down again here, once
            // this table is free.
            let server = Arc::clone(self);
            tokio::spawn(async move { server.reseat_computer(id).await });
        }
        Ok(tx)
    }

    /// The task of game `id` if one runs on this node (none is loaded).
    pub async fn running(&self, id: u64) -> Option<mpsc::Sender<Cmd>> {
        let games = self.games.lock().await;
        games
            .get(&id)
            .filter(|(tx, _)| !tx.is_closed())
            .map(|(tx, _)| tx.clone())
    }

    /// Asks for game `id`'s lease (SQLite: this node owns everything).
    ///
    /// # Errors
    /// The database fails.
    pub async fn lease_of(&self, id: u64) -> Result<Lease, DbError> {
        if !self.db.is_postgres() {
            return Ok(Lease::Renewed);
        }
        let now = self.time.now_ms();
        self.db
            .acquire_lease(id, &self.node, now, now + self.lease_ms())
            .await
    }

    fn lease_ms(&self) -> u64 {
        u64::try_from(self.lease.as_millis()).unwrap_or(u64::MAX / 4)
    }

    /// Whether this node shares its database with others (PostgreSQL): games have owners.
    #[must_use]
    pub fn clustered(&self) -> bool {
        self.publisher.is_some()
    }

    /// Sends a message to the other nodes (after what it tells of is committed).
    pub fn publish(&self, msg: &NodeMsg) {
        let Some(publisher) = &self.publisher else {
            return;
        };
        match msg.payload() {
            Some(payload) => {
                let _ = publisher.send(payload);
            }
            None => eprintln!(
                "kraal-server: game {}: a message too long for a notification is dropped",
                msg.game()
            ),
        }
    }

    fn spawn(
        &self,
        games: &mut HashMap<u64, (mpsc::Sender<Cmd>, tokio::task::AbortHandle)>,
        id: u64,
        task: GameTask,
    ) -> mpsc::Sender<Cmd> {
        let (tx, rx) = mpsc::channel(256);
        let handle = tokio::spawn(task.run(rx));
        games.insert(id, (tx.clone(), handle.abort_handle()));
        tx
    }

    /// Called by a game task as it ends: it is dropped from the table.
    pub(crate) async fn forget(&self, id: u64, commands: &mut mpsc::Receiver<Cmd>) {
        commands.close();
        let mut games = self.games.lock().await;
        if games.get(&id).is_some_and(|(tx, _)| tx.is_closed()) {
            games.remove(&id);
        }
    }

    /// The games with a task on this node.
    pub async fn live_games(&self) -> usize {
        self.games.lock().await.len()
    }

    /// A new connection number, unique across nodes (this node's random number above the
    /// count).
    pub fn connection(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// A receiver that changes to true when the server stops.
    #[must_use]
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.stop.subscribe()
    }

    /// Hands a message from another node to this node's task of its game, if one runs here.
    async fn deliver(&self, msg: NodeMsg) {
        if let Some((tx, _)) = self.games.lock().await.get(&msg.game()) {
            let _ = tx.try_send(Cmd::Node(msg));
        }
    }

    /// Tells every task here that node `node` is dead: an owner's sockets there are gone.
    async fn node_gone(&self, node: &str) {
        for (tx, _) in self.games.lock().await.values() {
            let _ = tx.try_send(Cmd::NodeGone(node.to_owned()));
        }
    }

    /// Tells every task here to read its game again (after notifications may have been
    /// missed).
    async fn resync_all(&self) {
        for (tx, _) in self.games.lock().await.values() {
            let _ = tx.try_send(Cmd::Reload);
        }
    }

    /// Makes this node the owner of game `id` if its lease is this node's or has expired: a
    /// follower task here takes over; with no task here, one is loaded (replaying the game).
    async fn own(self: &Arc<Server>, id: u64) {
        let mut games = self.games.lock().await;
        if let Some((tx, _)) = games.get(&id)
            && !tx.is_closed()
        {
            let _ = tx.try_send(Cmd::Own);
            return;
        }
        let taken = async {
            let lease = self.lease_of(id).await?;
            if !lease.granted() {
                return Ok(None);
            }
            let mut task = GameTask::load(Arc::clone(self), id, Role::Owner).await?;
            if let Lease::TakenFrom(_) = lease {
                task.taken_over().await?;
            }
            Ok::<_, LoadError>(Some(task))
        };
        match taken.await {
            Ok(Some(task)) => {
                self.spawn(&mut games, id, task);
                drop(games);
                self.reseat_computer(id).await;
            }
            Ok(None) => {}
            Err(e) => eprintln!("kraal-server: taking over game {id}: {e}"),
        }
    }

    /// Seats game `id`'s stored computer opponent again, if it has one (`computer::reseat`).
    pub(crate) async fn reseat_computer(self: &Arc<Server>, id: u64) {
        if let Err(e) = computer::reseat(self, id).await {
            eprintln!("kraal-server: game {id}: the computer cannot take its seat again: {e}");
        }
    }
}

/// Why a server did not start.
#[derive(Debug)]
pub enum StartError {
    /// The database.
    Db(DbError),
    /// The listening socket.
    Listen(std::io::Error),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Db(e) => e.fmt(f),
            StartError::Listen(e) => write!(f, "cannot listen: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// A running server.
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its state.
    pub server: Arc<Server>,
    /// What happened on start: games loaded, games that failed the integrity check.
    pub loaded: (usize, usize),
    tasks: Vec<JoinHandle<()>>,
}

impl Running {
    /// The websocket URL (`ws://ADDR/ws`).
    #[must_use]
    pub fn url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    /// Stops at once, as a crash would: every task is dropped mid-flight, every socket closes;
    /// what is in the database stays.
    pub async fn kill(self) {
        self.server.stop.send_replace(true);
        for task in &self.tasks {
            task.abort();
        }
        for (_, (_, handle)) in self.server.games.lock().await.drain() {
            handle.abort();
        }
        for task in self.tasks {
            let _ = task.await;
        }
        self.server.db.close().await;
    }
}

/// Opens the database, loads every unfinished game (replaying its moves through the rules and
/// giving the side to move a fresh turn), and serves.
///
/// # Errors
/// The database cannot be opened, or the address cannot be listened on.
pub async fn start(options: Options) -> Result<Running, StartError> {
    let db = Db::open(&options.database).await.map_err(StartError::Db)?;
    let listener = tokio::net::TcpListener::bind(options.listen)
        .await
        .map_err(StartError::Listen)?;
    let addr = listener.local_addr().map_err(StartError::Listen)?;
    let mut tasks = Vec::new();
    let mut nodes = None;
    let publisher = if db.is_postgres() {
        // Listening before serving: a follower's first command may be answered at once.
        let mut pg = sqlx::postgres::PgListener::connect(db.url())
            .await
            .map_err(|e| StartError::Db(DbError::Sql(e)))?;
        pg.listen(nodes::CHANNEL)
            .await
            .map_err(|e| StartError::Db(DbError::Sql(e)))?;
        nodes = Some(pg);
        let (tx, rx) = mpsc::unbounded_channel();
        tasks.push(tokio::spawn(publish_messages(db.clone(), rx)));
        Some(tx)
    } else {
        None
    };
    let node_no = ids::game_id() & 0xf_ffff;
    let server = Arc::new(Server {
        db,
        time: options.time,
        metrics: Metrics::default(),
        limits: AddressLimits::new(options.limits),
        heartbeat: options.heartbeat,
        computers: computer::Computers::new(options.computer_searches),
        views: views::Wanted::default(),
        node: format!("{addr}-{node_no:05x}"),
        lease: options.lease,
        waiting_expiry: options.waiting_expiry,
        grace: options.grace,
        publisher,
        games: Mutex::new(HashMap::new()),
        next_conn: AtomicU64::new((node_no << 40) | 1),
        stop: watch::Sender::new(false),
    });
    let loaded = load_unfinished(&server).await.map_err(StartError::Db)?;
    if let Some(pg) = nodes {
        tasks.push(tokio::spawn(listen_to_nodes(Arc::clone(&server), pg)));
        tasks.push(tokio::spawn(keep_leases(Arc::clone(&server))));
    }
    let app = router(Arc::clone(&server));
    tasks.push(tokio::spawn(async move {
        let service = app.into_make_service_with_connect_info::<SocketAddr>();
        // Frames are small and each answers another: Nagle's algorithm would hold them back
        // (tens of milliseconds with the peer's delayed acknowledgements).
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
        if let Err(e) = axum::serve(listener, service).await {
            eprintln!("kraal-server: {e}");
        }
    }));
    Ok(Running {
        addr,
        server,
        loaded,
        tasks,
    })
}

async fn load_unfinished(server: &Arc<Server>) -> Result<(usize, usize), DbError> {
    let ids = server.db.unfinished().await?;
    let (mut ok, mut failed) = (0, 0);
    let mut games = server.games.lock().await;
    let mut loaded = Vec::new();
    for id in ids {
        // Another live node's game stays its own.
        if !server.lease_of(id).await?.granted() {
            continue;
        }
        match GameTask::load(Arc::clone(server), id, Role::Owner).await {
            Ok(mut task) => {
                task.restarted(server.clustered()).await?;
                server.spawn(&mut games, id, task);
                loaded.push(id);
                ok += 1;
            }
            Err(e) => {
                eprintln!("kraal-server: game {id} is not loaded: {e}");
                server
                    .metrics
                    .integrity_failures
                    .fetch_add(1, Ordering::Relaxed);
                failed += 1;
            }
        }
    }
    drop(games);
    // The computer opponents take their seats again, as their players' sockets will.
    for id in loaded {
        server.reseat_computer(id).await;
    }
    Ok((ok, failed))
}

/// PostgreSQL: sends the queued messages to the other nodes, in order.
async fn publish_messages(db: Db, mut queue: mpsc::UnboundedReceiver<String>) {
    while let Some(payload) = queue.recv().await {
        if let Err(e) = db.notify(nodes::CHANNEL, &payload).await {
            eprintln!("kraal-server: telling the other nodes: {e}");
        }
    }
}

/// PostgreSQL: the other nodes' messages, handed to this node's game tasks. After the listener
/// reconnects (messages may have been missed), every task reads its game again.
async fn listen_to_nodes(server: Arc<Server>, mut listener: sqlx::postgres::PgListener) {
    loop {
        match listener.try_recv().await {
            Ok(Some(note)) => {
                if let Some(msg) = NodeMsg::read(note.payload())
                    && msg.is_for(&server.node)
                {
                    server.deliver(msg).await;
                }
            }
            // The connection was lost and is made again by the next call.
            Ok(None) => server.resync_all().await,
            Err(e) => {
                eprintln!("kraal-server: listening to the other nodes: {e}");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// PostgreSQL: every third of a lease, records this node's heartbeat, renews its leases, owns
/// the games whose lease is its own or has expired (a dead node's games), and tells its game
/// tasks of nodes found dead (their players count as gone); all through the clock seam.
async fn keep_leases(server: Arc<Server>) {
    let every = (server.lease_ms() / 3).max(1);
    // Nodes whose heartbeat ran out before this were dealt with already.
    let mut seen_dead_until = server.time.now_ms();
    loop {
        let now = server.time.now_ms();
        let until = now + server.lease_ms();
        if let Err(e) = server.db.beat(&server.node, until).await {
            eprintln!("kraal-server: recording this node's heartbeat: {e}");
        }
        if let Err(e) = server.db.renew_leases(&server.node, until).await {
            eprintln!("kraal-server: renewing leases: {e}");
        }
        match server.db.dead_nodes(seen_dead_until, now).await {
            Ok(dead) => {
                for node in dead {
                    server.node_gone(&node).await;
                }
                seen_dead_until = now;
            }
            Err(e) => eprintln!("kraal-server: looking for dead nodes: {e}"),
        }
        match server.db.leases_to_own(&server.node, now).await {
            Ok(ids) => {
                for id in ids {
                    server.own(id).await;
                }
            }
            Err(e) => eprintln!("kraal-server: looking for games to own: {e}"),
        }
        server.time.sleep_until(now + every).await;
    }
}
