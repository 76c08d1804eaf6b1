//! `kraal-server`: online play over websockets. One task per live game (the single writer,
//! [`game::GameTask`]) drives a `kraal-session` game and commits every change to the database
//! ([`db::Db`], SQLite or PostgreSQL) before any client hears of it. [`start`] runs a server
//! (the binary's `main`, and the tests on 127.0.0.1:0); [`router`] is the HTTP side, ready for
//! more routes; [`web`] serves the browser page at `/`, and [`computer`] seats the
//! computer opponents as clients of a game's task.

pub mod computer;
pub mod conn;
pub mod db;
pub mod game;
pub mod http;
pub mod ids;
pub mod limits;
pub mod load;
pub mod time;
pub mod views;
pub mod web;

pub use http::router;

use db::{Db, DbError};
use game::{Cmd, GameTask, LoadError};
use limits::{AddressLimits, Limits};
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
    /// This node's name (for notifications between nodes).
    pub node: String,
    /// The computer opponents' search slots.
    pub computers: computer::Computers,
    /// The connections that asked for the board views.
    pub views: views::Wanted,
    games: Mutex<HashMap<u64, (mpsc::Sender<Cmd>, tokio::task::AbortHandle)>>,
    next_conn: AtomicU64,
    stop: watch::Sender<bool>,
}

impl Server {
    /// The task of game `id`, loading it from the database if it is not running.
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
        let task = GameTask::load(Arc::clone(self), id).await?;
        Ok(self.spawn(&mut games, id, task))
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

    /// A new connection number.
    pub fn connection(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// A receiver that changes to true when the server stops.
    #[must_use]
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.stop.subscribe()
    }

    /// Tells the task of game `id`, if it runs here, that the database changed.
    async fn changed(&self, id: u64) {
        if let Some((tx, _)) = self.games.lock().await.get(&id) {
            let _ = tx.try_send(Cmd::Reload);
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
    let server = Arc::new(Server {
        db,
        time: options.time,
        metrics: Metrics::default(),
        limits: AddressLimits::new(options.limits),
        heartbeat: options.heartbeat,
        node: format!("{addr}-{:x}", ids::game_id()),
        computers: computer::Computers::new(options.computer_searches),
        views: views::Wanted::default(),
        games: Mutex::new(HashMap::new()),
        next_conn: AtomicU64::new(1),
        stop: watch::Sender::new(false),
    });
    let loaded = load_unfinished(&server).await.map_err(StartError::Db)?;
    let mut tasks = Vec::new();
    if server.db.is_postgres() {
        tasks.push(tokio::spawn(listen_for_changes(Arc::clone(&server))));
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
    for id in ids {
        match GameTask::load(Arc::clone(server), id).await {
            Ok(mut task) => {
                task.restarted().await?;
                server.spawn(&mut games, id, task);
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
    Ok((ok, failed))
}

/// PostgreSQL: "game X changed" from the other nodes, through LISTEN/NOTIFY.
async fn listen_for_changes(server: Arc<Server>) {
    loop {
        let listener = async {
            let mut listener = sqlx::postgres::PgListener::connect(server.db.url()).await?;
            listener.listen("kraal_games").await?;
            Ok::<_, sqlx::Error>(listener)
        };
        match listener.await {
            Ok(mut listener) => {
                while let Ok(note) = listener.recv().await {
                    if let Some((node, id)) = note.payload().split_once(' ')
                        && node != server.node
                        && let Ok(id) = id.parse()
                    {
                        server.changed(id).await;
                    }
                }
            }
            Err(e) => eprintln!("kraal-server: listening for changes: {e}"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
