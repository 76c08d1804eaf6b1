//! The online tests' harness: a kraal server in this process (on `127.0.0.1:0`, over a
//! temporary SQLite file, on manual time so no grace period or clock runs out by itself),
//! and a scripted opponent that speaks the protocol through `kraal-online`.

#![allow(dead_code)]

use kraal_online::{Applied, Connection, Mirror};
use kraal_protocol::frames::ClockSpec;
use kraal_protocol::{ClientFrame, GameStatus, ServerFrame, WireMove};
use kraal_server::time::{ManualTime, TimeSource};
use kraal_server::{Options, Running};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long any one wait may take before the test fails (far more than a frame needs).
pub const WAIT: Duration = Duration::from_secs(20);

/// A folder of its own for one test.
pub fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-tui-online-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

/// A server running on a tokio runtime of its own.
pub struct TestServer {
    /// The runtime the server (and the scripted players) run on.
    pub runtime: tokio::runtime::Runtime,
    /// The server, until it is stopped.
    pub running: Option<Running>,
    /// The server's clock, moved by hand.
    pub time: ManualTime,
    /// Its websocket URL.
    pub url: String,
}

impl TestServer {
    /// Starts a server over a database file in `dir`.
    pub fn start(dir: &std::path::Path) -> TestServer {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let time = ManualTime::new(1_800_000_000_000);
        let database = format!("sqlite:{}", dir.join("games.sqlite3").display());
        let running = runtime.block_on(async {
            let mut options = Options::new("127.0.0.1:0".parse().expect("addr"), database);
            options.time = Arc::new(time.clone()) as Arc<dyn TimeSource>;
            options.limits = kraal_server::limits::Limits::generous();
            // The manual clock never moves by itself: no heartbeat closes a quiet socket.
            options.heartbeat = Duration::from_secs(3600);
            kraal_server::start(options)
                .await
                .expect("the server starts")
        });
        let url = running.url();
        TestServer {
            runtime,
            running: Some(running),
            time,
            url,
        }
    }

    /// Stops the server at once, as a crash would (every socket closes).
    pub fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            self.runtime.block_on(running.kill());
        }
    }

    /// A scripted player connected to the server under `name`.
    pub fn player(&self, name: &str) -> Scripted {
        let conn = self
            .runtime
            .block_on(Connection::connect(&self.url, Some(name)))
            .expect("the scripted player connects");
        Scripted { conn, mirror: None }
    }
}

/// A scripted player: a connection and, once in a game, its mirror of it. Each call blocks
/// on the server's runtime until the frame it waits for arrives (or fails after [`WAIT`]).
pub struct Scripted {
    /// The connection.
    pub conn: Connection,
    /// The game as it sees it, once in one.
    pub mirror: Option<Mirror>,
}

impl Scripted {
    /// Sends one frame.
    pub fn send(&mut self, server: &TestServer, frame: ClientFrame) {
        server
            .runtime
            .block_on(self.conn.send(&frame))
            .expect("the scripted player sends");
    }

    /// The next frame, applied to the mirror.
    pub fn next(&mut self, server: &TestServer) -> ServerFrame {
        let frame = server
            .runtime
            .block_on(self.conn.recv_within(WAIT))
            .expect("a frame for the scripted player");
        if let ServerFrame::Game(snapshot) = &frame {
            self.mirror = Some(Mirror::new(snapshot.clone()).expect("the game mirrors"));
        } else if let Some(mirror) = &mut self.mirror {
            let applied = mirror.apply(&frame).expect("the frame applies");
            assert_ne!(
                applied,
                Applied::NeedSync,
                "a gap in the versions at {frame:?}"
            );
        }
        frame
    }

    /// Reads frames until one matches `want`.
    pub fn until(
        &mut self,
        server: &TestServer,
        what: &str,
        want: impl Fn(&ServerFrame) -> bool,
    ) -> ServerFrame {
        for _ in 0..100 {
            let frame = self.next(server);
            if want(&frame) {
                return frame;
            }
        }
        panic!("the scripted player saw no {what} in 100 frames");
    }

    /// Creates a game; returns its join code.
    pub fn create(&mut self, server: &TestServer, game: &str, clock: &str) -> String {
        self.send(
            server,
            ClientFrame::Create {
                game: game.into(),
                rules: None,
                set: Vec::new(),
                clock: ClockSpec(clock.parse().expect("a clock")),
                seat: None,
            },
        );
        let code = match self.until(server, "created", |f| {
            matches!(f, ServerFrame::Created { .. })
        }) {
            ServerFrame::Created { code, .. } => code,
            _ => unreachable!(),
        };
        self.until(server, "the whole game", |f| {
            matches!(f, ServerFrame::Game(_))
        });
        code
    }

    /// Joins the game of `code` and waits for the whole game.
    pub fn join(&mut self, server: &TestServer, code: &str) {
        self.send(server, ClientFrame::Join { code: code.into() });
        self.until(server, "joined", |f| {
            matches!(f, ServerFrame::Joined { .. })
        });
        self.until(server, "the whole game", |f| {
            matches!(f, ServerFrame::Game(_))
        });
    }

    /// The game as this player sees it.
    pub fn mirror(&self) -> &Mirror {
        self.mirror.as_ref().expect("in a game")
    }

    /// Plays a legal move given by its notation and waits for the server's acknowledgement.
    pub fn play(&mut self, server: &TestServer, text: &str) {
        let mv = self
            .mirror()
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == text)
            .unwrap_or_else(|| panic!("{text} is not a legal move here"));
        self.play_wire(server, mv);
    }

    /// Plays a move and waits for the server's acknowledgement.
    pub fn play_wire(&mut self, server: &TestServer, mv: WireMove) {
        let ply = self.mirror().ply();
        self.send(
            server,
            ClientFrame::Move {
                ply,
                mv,
                think_ms: None,
            },
        );
        self.until(
            server,
            "its move acknowledged",
            |f| matches!(f, ServerFrame::Moved { ply: p, .. } if *p == ply),
        );
    }

    /// Waits until the mirror holds `plies` moves (the other side's moves arriving).
    pub fn wait_for_ply(&mut self, server: &TestServer, plies: u32) {
        for _ in 0..100 {
            if self.mirror.as_ref().is_some_and(|m| m.ply() >= plies) {
                return;
            }
            self.next(server);
        }
        panic!("the scripted player never saw ply {plies}");
    }

    /// Waits for the game to end and returns how.
    pub fn hear_end(&mut self, server: &TestServer) -> GameStatus {
        match self.until(server, "the end", |f| {
            matches!(f, ServerFrame::Ended { .. })
        }) {
            ServerFrame::Ended { status, .. } => status,
            _ => unreachable!(),
        }
    }
}

/// Calls `step` (which moves the app on) until `done` holds, failing after [`WAIT`]; never
/// assumes a fixed time is enough.
pub fn wait_until<T>(what: &str, mut step: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + WAIT;
    loop {
        if let Some(value) = step() {
            return value;
        }
        assert!(Instant::now() < deadline, "waited {WAIT:?} for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}
