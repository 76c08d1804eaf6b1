//! What the server's tests share: a server on 127.0.0.1:0 over a database file (or the
//! PostgreSQL of `KRAAL_TEST_POSTGRES`), and players that speak the protocol through
//! `kraal-online`.

#![allow(dead_code)]

use kraal_online::{Applied, Connection, Mirror};
use kraal_protocol::frames::ClockSpec;
use kraal_protocol::{ClientFrame, ErrorCode, GameId, GameStatus, ServerFrame, WireMove};
use kraal_server::limits::Limits;
use kraal_server::time::{ManualTime, TimeSource};
use kraal_server::{Options, Running};
use kraal_session::Seat;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub const WAIT: Duration = Duration::from_secs(20);

/// A fresh temporary database file's URL.
pub fn sqlite_url(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("kraal-server-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    format!("sqlite:{}", dir.join("games.sqlite3").display())
}

/// The test PostgreSQL's URL, or `None` (with a note) when there is none and none is required.
pub fn postgres_url() -> Option<String> {
    match std::env::var("KRAAL_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var("KRAAL_REQUIRE_POSTGRES").as_deref() != Ok("1"),
                "KRAAL_REQUIRE_POSTGRES=1 but KRAAL_TEST_POSTGRES is not set"
            );
            eprintln!("note: KRAAL_TEST_POSTGRES is not set; skipping the PostgreSQL test");
            None
        }
    }
}

/// A test's server, on manual time, with limits no test reaches (the manual clock does not
/// refill the buckets).
pub async fn start(url: &str, time: &ManualTime) -> Running {
    start_with(url, time, Limits::generous()).await
}

/// A test's server with these limits.
pub async fn start_with(url: &str, time: &ManualTime, limits: Limits) -> Running {
    start_options(url, time, |o| o.limits = limits).await
}

/// A test's server on manual time, its options changed by `change`. The heartbeat is an hour
/// (tests move the clock on by minutes, and their sockets are silent meanwhile); a test of
/// the heartbeat sets its own.
pub async fn start_options(
    url: &str,
    time: &ManualTime,
    change: impl FnOnce(&mut Options),
) -> Running {
    let mut options = Options::new("127.0.0.1:0".parse().expect("addr"), url);
    options.time = Arc::new(time.clone()) as Arc<dyn TimeSource>;
    options.limits = Limits::generous();
    options.heartbeat = Duration::from_secs(3600);
    change(&mut options);
    kraal_server::start(options)
        .await
        .expect("the server starts")
}

pub fn manual_time() -> ManualTime {
    ManualTime::new(1_800_000_000_000)
}

/// A player: a connection and, once in a game, its mirror.
pub struct Player {
    pub conn: Connection,
    pub mirror: Option<Mirror>,
    pub game: Option<GameId>,
    pub token: Option<String>,
    pub url: String,
}

impl Player {
    pub async fn connect(url: &str) -> Player {
        Player {
            conn: Connection::connect(url, Some("tester"))
                .await
                .expect("connects"),
            mirror: None,
            game: None,
            token: None,
            url: url.to_owned(),
        }
    }

    pub async fn send(&mut self, frame: ClientFrame) {
        self.conn.send(&frame).await.expect("sends");
    }

    /// The next frame, applied to the mirror.
    pub async fn next(&mut self) -> ServerFrame {
        let frame = self.conn.recv_within(WAIT).await.expect("a frame");
        if std::env::var_os("KRAAL_TEST_TRACE").is_some() {
            eprintln!(
                "{:?} <- {}",
                self.mirror.as_ref().map(|m| m.snapshot.you),
                frame.to_text()
            );
        }
        if let ServerFrame::Game(snapshot) = &frame {
            self.mirror = Some(Mirror::new(snapshot.clone()).expect("mirrors"));
        } else if let Some(mirror) = &mut self.mirror {
            let applied = mirror.apply(&frame).expect("applies");
            assert_ne!(
                applied,
                Applied::NeedSync,
                "a gap in the versions at {frame:?}"
            );
        }
        frame
    }

    /// Reads frames until one matches.
    pub async fn until(&mut self, what: &str, want: impl Fn(&ServerFrame) -> bool) -> ServerFrame {
        for _ in 0..50 {
            let frame = self.next().await;
            if want(&frame) {
                return frame;
            }
        }
        panic!("no {what} in 50 frames");
    }

    pub async fn error(&mut self) -> ErrorCode {
        match self
            .until("error", |f| matches!(f, ServerFrame::Error { .. }))
            .await
        {
            ServerFrame::Error { code, .. } => code,
            _ => unreachable!(),
        }
    }

    pub async fn snapshot(&mut self) {
        self.until("game", |f| matches!(f, ServerFrame::Game(_)))
            .await;
    }

    /// Creates a game; returns its join code.
    pub async fn create(&mut self, game: &str, set: &[&str], clock: &str) -> String {
        self.send(ClientFrame::Create {
            game: game.into(),
            rules: None,
            set: set.iter().map(|s| (*s).to_owned()).collect(),
            clock: ClockSpec(clock.parse().expect("clock")),
            seat: None,
        })
        .await;
        let ServerFrame::Created {
            game,
            code,
            token,
            seat,
        } = self.next().await
        else {
            panic!("not created");
        };
        assert_eq!(seat, Seat::First);
        self.game = Some(game);
        self.token = Some(token);
        self.snapshot().await;
        code
    }

    pub async fn join(&mut self, code: &str) {
        self.send(ClientFrame::Join { code: code.into() }).await;
        let ServerFrame::Joined { game, token, .. } = self.next().await else {
            panic!("not joined");
        };
        self.game = Some(game);
        self.token = Some(token);
        self.snapshot().await;
    }

    /// Reconnects and resumes with the token (to `url`: maybe another node).
    pub async fn resume(&mut self, url: &str) {
        let game = self.game.expect("a game");
        let token = self.token.clone().expect("a token");
        self.conn = Connection::connect(url, None).await.expect("reconnects");
        self.url = url.to_owned();
        self.mirror = None;
        self.send(ClientFrame::Resume { game, token }).await;
        self.snapshot().await;
    }

    pub fn mirror(&self) -> &Mirror {
        self.mirror.as_ref().expect("in a game")
    }

    pub fn ply(&self) -> u32 {
        self.mirror().ply()
    }

    pub fn status(&self) -> GameStatus {
        self.mirror().snapshot.status
    }

    /// Sends a move (notation) for the current ply.
    pub async fn send_move(&mut self, text: &str) {
        let mv = self.parse(text);
        let ply = self.ply();
        self.send(ClientFrame::Move {
            ply,
            mv,
            think_ms: None,
        })
        .await;
    }

    pub fn parse(&self, text: &str) -> WireMove {
        self.mirror()
            .legal_moves()
            .into_iter()
            .chain(std::iter::once(fallback(
                &self.mirror().snapshot.game_name,
                text,
            )))
            .find(|m| m.to_string() == text)
            .expect("a move")
    }

    /// Plays a move and waits for its acknowledgement.
    pub async fn play(&mut self, text: &str) {
        self.send_move(text).await;
        self.until("moved", |f| matches!(f, ServerFrame::Moved { .. }))
            .await;
    }

    /// Waits for the opponent's move.
    pub async fn hear_move(&mut self) -> WireMove {
        match self
            .until("moved", |f| matches!(f, ServerFrame::Moved { .. }))
            .await
        {
            ServerFrame::Moved { mv, .. } => mv,
            _ => unreachable!(),
        }
    }

    pub async fn hear_end(&mut self) -> GameStatus {
        match self
            .until("ended", |f| matches!(f, ServerFrame::Ended { .. }))
            .await
        {
            ServerFrame::Ended { status, .. } => status,
            _ => unreachable!(),
        }
    }
}

/// A move parsed without a position (for illegal ones).
fn fallback(game: &str, text: &str) -> WireMove {
    let json = if game == "morabaraba" {
        format!(r#"{{"mill":"{text}"}}"#)
    } else {
        format!(r#"{{"mancala":"{text}"}}"#)
    };
    serde_json::from_str(&json).expect("a move's syntax")
}

/// Two players in a new game: the creator (first seat) and the joiner.
pub async fn pair(url: &str, game: &str, set: &[&str], clock: &str) -> (Player, Player) {
    let mut a = Player::connect(url).await;
    let code = a.create(game, set, clock).await;
    let mut b = Player::connect(url).await;
    b.join(&code).await;
    // The creator hears of the join: the whole game again, now live.
    a.until(
        "game",
        |f| matches!(f, ServerFrame::Game(s) if s.status == GameStatus::Live),
    )
    .await;
    (a, b)
}

/// Whose turn it is, of the two.
pub fn mover<'a>(a: &'a mut Player, b: &'a mut Player) -> (&'a mut Player, &'a mut Player) {
    if a.mirror().my_turn() { (a, b) } else { (b, a) }
}

/// Plays to the end, each side choosing with `choose` from the legal moves; returns the plies.
pub async fn play_out(
    a: &mut Player,
    b: &mut Player,
    choose: impl Fn(&[WireMove], u32) -> WireMove,
) -> u32 {
    let mut plies = 0;
    while a.status() == GameStatus::Live {
        let (me, other) = mover(a, b);
        let moves = me.mirror().legal_moves();
        let mv = choose(&moves, me.ply());
        let ply = me.ply();
        me.send(ClientFrame::Move {
            ply,
            mv,
            think_ms: None,
        })
        .await;
        me.until("moved", |f| matches!(f, ServerFrame::Moved { .. }))
            .await;
        // As text: a Mulabalaba hole number names no side on the wire.
        assert_eq!(other.hear_move().await.to_string(), mv.to_string());
        plies += 1;
        if me.mirror().game.is_over() {
            me.hear_end().await;
            other.hear_end().await;
        }
    }
    plies
}

/// Plays `n` moves, the first legal move each time, both players hearing each.
pub async fn play_moves(a: &mut Player, b: &mut Player, n: usize) {
    for _ in 0..n {
        let (me, other) = mover(a, b);
        let mv = me.mirror().legal_moves()[0].to_string();
        me.play(&mv).await;
        other.hear_move().await;
    }
}

pub fn db_path(url: &str) -> PathBuf {
    PathBuf::from(url.trim_start_matches("sqlite:"))
}
