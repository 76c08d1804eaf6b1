//! The other side of the window's online tests: a kraal server in this process (on a tokio
//! runtime of its own, over a SQLite file in a temporary folder, on manual time) and a
//! scripted player that speaks the protocol through `kraal-online`, as the server's own tests
//! do. Every wait has a deadline; nothing sleeps a fixed time and assumes.

#![allow(dead_code)]

use kraal_online::{Applied, Connection, Mirror};
use kraal_protocol::frames::ClockSpec;
use kraal_protocol::{ClientFrame, GameStatus, ServerFrame, WireMove};
use kraal_server::limits::Limits;
use kraal_server::time::{ManualTime, TimeSource};
use kraal_server::{Options, Running};
use kraal_session::TimeControl;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::runtime::{Handle, Runtime};

/// How long any one frame may take to come.
pub const WAIT: Duration = Duration::from_secs(20);

/// A server on `127.0.0.1:0`, its runtime, and its manual clock.
pub struct TestServer {
    runtime: Runtime,
    running: Option<Running>,
    /// The server's clock: it moves only when a test moves it.
    pub time: ManualTime,
    /// Its websocket URL.
    pub url: String,
}

impl TestServer {
    /// Starts a server over a fresh database in `dir`.
    pub fn start(dir: &Path) -> TestServer {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let time = ManualTime::new(1_800_000_000_000);
        let database = format!("sqlite:{}", dir.join("games.sqlite3").display());
        let mut options = Options::new("127.0.0.1:0".parse().expect("an address"), database);
        options.time = Arc::new(time.clone()) as Arc<dyn TimeSource>;
        options.limits = Limits::generous();
        // The sockets stay quiet while a test clicks; an hour's heartbeat never runs out.
        options.heartbeat = Duration::from_secs(3600);
        let running = runtime
            .block_on(kraal_server::start(options))
            .expect("the server starts");
        let url = running.url();
        TestServer {
            runtime,
            running: Some(running),
            time,
            url,
        }
    }

    /// Where a scripted player runs its futures.
    pub fn handle(&self) -> Handle {
        self.runtime.handle().clone()
    }

    /// Stops the server as a crash would (its sockets close).
    pub fn kill(&mut self) {
        if let Some(running) = self.running.take() {
            self.runtime.block_on(running.kill());
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A scripted player: a connection and, once in a game, its mirror.
pub struct Scripted {
    handle: Handle,
    conn: Connection,
    /// The game as this player last heard it.
    pub mirror: Option<Mirror>,
}

impl Scripted {
    /// Connects to `server` as `name`.
    pub fn connect(server: &TestServer, name: &str) -> Scripted {
        let handle = server.handle();
        let conn = handle
            .block_on(Connection::connect(&server.url, Some(name)))
            .expect("the scripted player connects");
        Scripted {
            handle,
            conn,
            mirror: None,
        }
    }

    fn send(&mut self, frame: ClientFrame) {
        self.handle
            .block_on(self.conn.send(&frame))
            .expect("the scripted player sends");
    }

    /// The next frame, applied to the mirror.
    fn next(&mut self) -> ServerFrame {
        let frame = self
            .handle
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

    /// Reads frames until one matches.
    fn until(&mut self, what: &str, want: impl Fn(&ServerFrame) -> bool) -> ServerFrame {
        for _ in 0..100 {
            let frame = self.next();
            if want(&frame) {
                return frame;
            }
        }
        panic!("the scripted player heard no {what} in 100 frames");
    }

    /// The game as last heard.
    pub fn mirror(&self) -> &Mirror {
        self.mirror
            .as_ref()
            .expect("the scripted player is in a game")
    }

    /// Creates a game of `game` with these overrides and no clock; returns its join code.
    pub fn create(&mut self, game: &str, set: &[&str]) -> String {
        self.send(ClientFrame::Create {
            game: game.into(),
            rules: None,
            set: set.iter().map(|s| (*s).to_owned()).collect(),
            clock: ClockSpec(TimeControl::None),
            seat: None,
        });
        let ServerFrame::Created { code, .. } =
            self.until("created", |f| matches!(f, ServerFrame::Created { .. }))
        else {
            unreachable!()
        };
        self.until("game", |f| matches!(f, ServerFrame::Game(_)));
        code
    }

    /// Takes the free seat of the game with this code.
    pub fn join(&mut self, code: &str) {
        self.send(ClientFrame::Join { code: code.into() });
        let frame = self.until("joined or error", |f| {
            matches!(f, ServerFrame::Joined { .. } | ServerFrame::Error { .. })
        });
        assert!(
            matches!(frame, ServerFrame::Joined { .. }),
            "joining {code}: {frame:?}"
        );
        self.until("game", |f| matches!(f, ServerFrame::Game(_)));
    }

    /// Reads frames until it is this player's turn; returns the moves heard meanwhile (the
    /// window's moves, as the server committed them).
    pub fn wait_turn(&mut self) -> Vec<WireMove> {
        let mut heard = Vec::new();
        for _ in 0..100 {
            if self.mirror.as_ref().is_some_and(Mirror::my_turn) {
                return heard;
            }
            if let ServerFrame::Moved { mv, .. } = self.next() {
                heard.push(mv);
            }
        }
        panic!("the scripted player's turn never came");
    }

    /// Plays the first legal move and waits for the server to commit it; returns it.
    pub fn play_first(&mut self) -> WireMove {
        let mirror = self.mirror();
        let mv = mirror.legal_moves()[0];
        let ply = mirror.ply();
        self.send(ClientFrame::Move {
            ply,
            mv,
            think_ms: None,
        });
        self.until(
            "its move committed",
            |f| matches!(f, ServerFrame::Moved { ply: p, .. } if *p == ply),
        );
        mv
    }

    /// Resigns and waits for the ending.
    pub fn resign(&mut self) -> GameStatus {
        self.send(ClientFrame::Resign);
        self.hear_end()
    }

    /// Offers a draw and waits for the server to pass it on.
    pub fn offer_draw(&mut self) {
        self.send(ClientFrame::OfferDraw);
        self.until("the draw offer", |f| {
            matches!(f, ServerFrame::DrawOffered { .. })
        });
    }

    /// Waits for the opponent to decline this player's draw offer.
    pub fn hear_decline(&mut self) {
        self.until("the offer declined", |f| {
            matches!(f, ServerFrame::DrawDeclined { .. })
        });
    }

    /// Waits for the game's ending.
    pub fn hear_end(&mut self) -> GameStatus {
        match self.until("the ending", |f| matches!(f, ServerFrame::Ended { .. })) {
            ServerFrame::Ended { status, .. } => status,
            _ => unreachable!(),
        }
    }
}
