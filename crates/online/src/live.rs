//! An online game for a front end that draws frames in a loop (the terminal UI, the desktop
//! GUI): [`LiveGame`] is a handle polled each frame, never blocking; the connection, the
//! heartbeat, the reconnect and the resend of a move in flight run on a network thread of its
//! own. The handle keeps the [`Mirror`] of the game and reports what changed as [`Update`]s.
//!
//! A front end keeps its board as an ordinary offline game built from [`Mirror::game`], plays
//! the player's own move on it at once and sends it with [`LiveGame::play`]; the opponent's
//! moves arrive as [`Update::Moved`]. [`Update::Loaded`] (the first whole game, a reconnect, a
//! resync, a refused move) means: build the board again from the mirror.

use crate::client::{ClientError, Connection};
use crate::mirror::{Applied, Mirror};
use crate::outbox::Outbox;
use crate::store::{Seat as StoredSeat, TokenStore};
use kraal_protocol::frames::ClockSpec;
use kraal_protocol::{
    ClaimKind, ClientFrame, ErrorCode, GameStatus, SeatSummary, ServerFrame, WireMove,
};
use kraal_session::TimeControl;
use kraal_session::any::AnyMove;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc as std_mpsc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How long a request (create, join, the list) may wait for its answer.
const ANSWER_TIME: Duration = Duration::from_secs(20);
/// The longest pause between two reconnect attempts.
const LONGEST_PAUSE: Duration = Duration::from_secs(8);

/// How to get into a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Create a game and wait for an opponent to join it by its code.
    Create {
        /// A game (`morabaraba`, `oware`, `mulabalaba`) or a rule-set name.
        game: String,
        /// A rule set of that game.
        rules: Option<String>,
        /// Options changed, `OPTION=VALUE`.
        set: Vec<String>,
        /// The clock.
        clock: TimeControl,
    },
    /// Join a waiting game by its join code.
    Join {
        /// The join code (see [`kraal_protocol::normalise_join_code`]).
        code: String,
    },
    /// Come back to a game whose seat this player holds.
    Resume(StoredSeat),
}

/// The state of the connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// Connecting for the first time.
    Connecting,
    /// Connected and in the game (or waiting for the opponent).
    Connected,
    /// The connection was lost; the next attempt is at `retry_at`.
    Reconnecting {
        /// The attempt coming next, from 1.
        attempt: u32,
        /// When it is made.
        retry_at: Instant,
        /// Why the connection was lost, in words.
        reason: String,
    },
    /// Given up: the server refused, or the game cannot be reached. Words for the player.
    Failed(String),
    /// Closed by this side.
    Closed,
}

/// What changed, as [`LiveGame::poll`] reports it, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Update {
    /// The game was created: the opponent joins with this code; the game waits for them.
    Created {
        /// The join code.
        code: String,
    },
    /// The whole game arrived (the first time, after a reconnect, after a resync, or after a
    /// refused move): build the board again from [`LiveGame::mirror`].
    Loaded,
    /// A move was committed by the server and played on the mirror.
    Moved {
        /// The move.
        mv: AnyMove,
        /// Whether it is this seat's own move (the front end has shown it already).
        mine: bool,
    },
    /// A draw offer came or went, or the opponent's connection came or went.
    Changed,
    /// The game ended, or was aborted.
    Ended(GameStatus),
    /// The server refused the last request; its words.
    Refused(String),
    /// [`LiveGame::link`] changed.
    Link,
}

/// What the player can do in an online game besides moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Give up the game.
    Resign,
    /// Offer a draw.
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline it.
    DeclineDraw,
    /// End the game without a result (before each side has moved).
    Abort,
    /// Claim the win or a draw after the opponent has been gone past the grace period.
    Claim(ClaimKind),
}

impl Action {
    fn frame(self) -> ClientFrame {
        match self {
            Action::Resign => ClientFrame::Resign,
            Action::OfferDraw => ClientFrame::OfferDraw,
            Action::AcceptDraw => ClientFrame::AcceptDraw,
            Action::DeclineDraw => ClientFrame::DeclineDraw,
            Action::Abort => ClientFrame::Abort,
            Action::Claim(kind) => ClientFrame::Claim { kind },
        }
    }
}

/// A callback run on the network thread when something arrives (egui: `request_repaint`).
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// How to start a [`LiveGame`].
pub struct LiveOptions {
    /// The server's websocket URL, such as `ws://127.0.0.1:7878/ws`.
    pub server: String,
    /// The display name shown to the opponent.
    pub name: Option<String>,
    /// How to get into the game.
    pub entry: Entry,
    /// The seat-token file; `None` is the user's (`online.json` in the data folder).
    pub store: Option<PathBuf>,
    /// Called when something arrives, so a front end that sleeps between frames wakes.
    pub wake: Option<Wake>,
}

/// What the network thread tells the handle.
enum FromNet {
    Link(Link),
    Frame(ServerFrame),
    Seat(StoredSeat),
    /// The token file did not read and was set aside here, or could not be written.
    StoreTrouble(String),
}

/// What the handle asks of the network thread.
enum ToNet {
    Frame(ClientFrame),
    Close,
}

/// An online game in progress: poll it each frame.
pub struct LiveGame {
    to_net: mpsc::UnboundedSender<ToNet>,
    from_net: std_mpsc::Receiver<FromNet>,
    link: Link,
    mirror: Option<Mirror>,
    seat: Option<StoredSeat>,
    code: Option<String>,
    /// A move of this seat sent and not yet seen played or refused.
    move_in_flight: bool,
    /// When this seat's turn began, for the think time the server's lag allowance credits.
    turn_began: Instant,
    /// When the mirror's clocks were last set by the server.
    clocks_at: Instant,
    /// When the opponent may be claimed against (they are gone and the server said when).
    claim_at: Option<Instant>,
    /// Words about the token file, once.
    store_trouble: Option<String>,
}

impl LiveGame {
    /// Starts connecting on a network thread of its own; never blocks.
    #[must_use]
    pub fn start(options: LiveOptions) -> LiveGame {
        let (to_net, net_in) = mpsc::unbounded_channel();
        let (net_out, from_net) = std_mpsc::channel();
        let link = Link::Connecting;
        // A waiting game resumed keeps showing its code (the server sends it only on create);
        // the first whole game drops it if the game is no longer waiting.
        let code = match &options.entry {
            Entry::Resume(seat) => seat.code.clone(),
            _ => None,
        };
        std::thread::Builder::new()
            .name("kraal-online".into())
            .spawn(move || network_thread(options, net_in, net_out))
            .expect("spawning the network thread");
        let now = Instant::now();
        LiveGame {
            to_net,
            from_net,
            link,
            mirror: None,
            seat: None,
            code,
            move_in_flight: false,
            turn_began: now,
            clocks_at: now,
            claim_at: None,
            store_trouble: None,
        }
    }

    /// What arrived since the last poll, applied to the mirror; never blocks.
    pub fn poll(&mut self) -> Vec<Update> {
        let mut updates = Vec::new();
        while let Ok(message) = self.from_net.try_recv() {
            match message {
                FromNet::Link(link) => {
                    if link != self.link {
                        self.link = link;
                        updates.push(Update::Link);
                    }
                }
                FromNet::Seat(seat) => self.seat = Some(seat),
                FromNet::StoreTrouble(words) => self.store_trouble = Some(words),
                FromNet::Frame(frame) => self.apply(&frame, &mut updates),
            }
        }
        updates
    }

    fn apply(&mut self, frame: &ServerFrame, updates: &mut Vec<Update>) {
        let now = Instant::now();
        match frame {
            ServerFrame::Created { code, .. } => {
                self.code = Some(code.clone());
                updates.push(Update::Created { code: code.clone() });
                return;
            }
            ServerFrame::Error { message, .. } => {
                updates.push(Update::Refused(message.clone()));
                if std::mem::take(&mut self.move_in_flight) && self.mirror.is_some() {
                    // The front end showed the refused move: it builds the board again.
                    updates.push(Update::Loaded);
                }
                return;
            }
            ServerFrame::Game(snapshot) => {
                match Mirror::new(snapshot.clone()) {
                    Ok(mirror) => {
                        if mirror.snapshot.status != GameStatus::Waiting {
                            self.code = None;
                        }
                        self.claim_at = None;
                        self.mirror = Some(mirror);
                        self.move_in_flight = false;
                        self.turn_began = now;
                        self.clocks_at = now;
                        updates.push(Update::Loaded);
                    }
                    Err(e) => {
                        self.link = Link::Failed(e.to_string());
                        updates.push(Update::Link);
                    }
                }
                return;
            }
            _ => {}
        }
        let Some(mirror) = &mut self.mirror else {
            return;
        };
        let mine = mirror.my_turn();
        match mirror.apply(frame) {
            Ok(Applied::Moved(mv)) => {
                if mine {
                    self.move_in_flight = false;
                }
                self.turn_began = now;
                self.clocks_at = now;
                updates.push(Update::Moved { mv, mine });
            }
            Ok(Applied::Ended(status)) => {
                self.claim_at = None;
                self.move_in_flight = false;
                updates.push(Update::Ended(status));
            }
            Ok(Applied::Changed) => {
                if let ServerFrame::Presence {
                    seat,
                    online,
                    claim_in_ms,
                    ..
                } = frame
                    && *seat != mirror.snapshot.you
                {
                    self.claim_at = match (online, claim_in_ms) {
                        (false, Some(ms)) => Some(now + Duration::from_millis(*ms)),
                        _ => None,
                    };
                }
                updates.push(Update::Changed);
            }
            Ok(Applied::NeedSync) => {
                let _ = self.to_net.send(ToNet::Frame(ClientFrame::Sync));
            }
            Ok(Applied::Loaded | Applied::Nothing) => {}
            Err(e) => {
                self.link = Link::Failed(e.to_string());
                updates.push(Update::Link);
            }
        }
    }

    /// The connection's state.
    #[must_use]
    pub fn link(&self) -> &Link {
        &self.link
    }

    /// The game as the server last told it, once it has arrived.
    #[must_use]
    pub fn mirror(&self) -> Option<&Mirror> {
        self.mirror.as_ref()
    }

    /// The seat held, once the game was created, joined or resumed.
    #[must_use]
    pub fn seat(&self) -> Option<&StoredSeat> {
        self.seat.as_ref()
    }

    /// The join code while the game waits for the opponent.
    #[must_use]
    pub fn code(&self) -> Option<&str> {
        self.code.as_deref()
    }

    /// Words about the seat-token file (it did not read and was set aside, or could not be
    /// written), if there was trouble with it.
    #[must_use]
    pub fn store_trouble(&self) -> Option<&str> {
        self.store_trouble.as_deref()
    }

    /// Whether this seat may move now: the game is live, it is this seat's turn, and no move
    /// of it is on its way to the server.
    #[must_use]
    pub fn my_turn(&self) -> bool {
        !self.move_in_flight && self.mirror.as_ref().is_some_and(Mirror::my_turn)
    }

    /// Sends this seat's move; the server decides whether it is legal. Does nothing (and
    /// returns false) when it is not this seat's turn.
    pub fn play(&mut self, mv: AnyMove) -> bool {
        if !self.my_turn() {
            return false;
        }
        let Some(mirror) = &self.mirror else {
            return false;
        };
        let thought = u64::try_from(self.turn_began.elapsed().as_millis()).unwrap_or(u64::MAX);
        let frame = ClientFrame::Move {
            ply: mirror.ply(),
            mv: WireMove::from(mv).for_side(mirror.game.side_to_move()),
            think_ms: Some(thought),
        };
        self.move_in_flight = true;
        self.to_net.send(ToNet::Frame(frame)).is_ok()
    }

    /// Resigns, offers, accepts or declines a draw, aborts, or claims; the server answers with
    /// an event or [`Update::Refused`].
    pub fn act(&mut self, action: Action) {
        let _ = self.to_net.send(ToNet::Frame(action.frame()));
    }

    /// Time left on each side's clock (first seat first), the running one counted down since
    /// the server last said; `None` in a game without a clock.
    #[must_use]
    pub fn clocks(&self, now: Instant) -> Option<[Duration; 2]> {
        let snapshot = &self.mirror.as_ref()?.snapshot;
        let [first, second] = snapshot.clocks_ms?;
        let mut left = [Duration::from_millis(first), Duration::from_millis(second)];
        if let Some(running) = snapshot.clock_running {
            let spent = now.saturating_duration_since(self.clocks_at);
            left[running.index()] = left[running.index()].saturating_sub(spent);
        }
        Some(left)
    }

    /// While the opponent is gone and the server said when: the time until this seat may
    /// claim ([`Duration::ZERO`] once it may).
    #[must_use]
    pub fn claim_in(&self, now: Instant) -> Option<Duration> {
        let mirror = self.mirror.as_ref()?;
        if mirror.snapshot.opponent_online || mirror.snapshot.status != GameStatus::Live {
            return None;
        }
        self.claim_at.map(|at| at.saturating_duration_since(now))
    }

    /// Whether the opponent's connection is there (true until a game has arrived).
    #[must_use]
    pub fn opponent_online(&self) -> bool {
        self.mirror
            .as_ref()
            .is_none_or(|m| m.snapshot.opponent_online)
    }
}

impl Drop for LiveGame {
    fn drop(&mut self) {
        let _ = self.to_net.send(ToNet::Close);
    }
}

/// The seats' games as the server describes them, asked on a thread of its own; the answer
/// (or why there is none) comes on the receiver.
#[must_use]
pub fn fetch_games(
    server: &str,
    name: Option<&str>,
    seats: Vec<StoredSeat>,
) -> std_mpsc::Receiver<Result<Vec<SeatSummary>, ClientError>> {
    let (tx, rx) = std_mpsc::channel();
    let server = server.to_owned();
    let name = name.map(str::to_owned);
    std::thread::spawn(move || {
        let answer = match runtime() {
            Ok(runtime) => runtime.block_on(async {
                let asked = async {
                    let mut conn = Connection::connect(&server, name.as_deref()).await?;
                    let summaries = conn.list(&seats).await;
                    conn.close().await;
                    summaries
                };
                tokio::time::timeout(ANSWER_TIME, asked)
                    .await
                    .unwrap_or(Err(ClientError::Timeout))
            }),
            Err(_) => Err(ClientError::Closed),
        };
        let _ = tx.send(answer);
    });
    rx
}

fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
}

/// The network thread's side: sends to the handle and wakes it.
struct Net {
    out: std_mpsc::Sender<FromNet>,
    wake: Option<Wake>,
}

impl Net {
    /// Passes a message on; false once the handle is gone.
    fn tell(&self, message: FromNet) -> bool {
        let alive = self.out.send(message).is_ok();
        if let Some(wake) = &self.wake {
            wake();
        }
        alive
    }
}

fn network_thread(
    options: LiveOptions,
    inbox: mpsc::UnboundedReceiver<ToNet>,
    out: std_mpsc::Sender<FromNet>,
) {
    let net = Net {
        out,
        wake: options.wake.clone(),
    };
    match runtime() {
        Ok(runtime) => runtime.block_on(run(options, inbox, &net)),
        Err(e) => {
            net.tell(FromNet::Link(Link::Failed(format!(
                "the network could not start: {e}"
            ))));
        }
    }
}

/// Words for a failed connection or request.
fn words(e: &ClientError) -> String {
    match e {
        ClientError::Refused { message, .. } => message.clone(),
        ClientError::Socket(_) => format!("the server cannot be reached ({e})"),
        other => other.to_string(),
    }
}

/// Opens the token store, telling the handle about a file set aside.
fn open_store(path: Option<&PathBuf>, net: &Net) -> Option<TokenStore> {
    let opened = match path {
        Some(path) => TokenStore::open(path),
        None => TokenStore::open_default(),
    };
    match opened {
        Ok((store, aside)) => {
            if let Some(aside) = aside {
                net.tell(FromNet::StoreTrouble(format!(
                    "The seat-token file did not read; it was set aside as {}.",
                    aside.display()
                )));
            }
            Some(store)
        }
        Err(e) => {
            net.tell(FromNet::StoreTrouble(format!(
                "The seat tokens cannot be kept: {e}."
            )));
            None
        }
    }
}

/// Connects, resumes `seat`, and reads the server's first answer: the whole game, or why not.
async fn resume(
    seat: &StoredSeat,
    name: Option<&str>,
    attempts: u32,
) -> Result<(Connection, ServerFrame), ClientError> {
    let mut conn = crate::client::reconnect(seat, name, attempts).await?;
    match conn.recv_within(ANSWER_TIME).await? {
        ServerFrame::Error { code, message } => Err(ClientError::Refused { code, message }),
        first => Ok((conn, first)),
    }
}

/// Connects and gets into the game: the seat held, the connection, and the first frame
/// to pass on.
async fn enter(
    options: &LiveOptions,
) -> Result<(StoredSeat, Connection, ServerFrame), ClientError> {
    let name = options.name.as_deref();
    let request = match &options.entry {
        Entry::Resume(seat) => {
            let (conn, first) = resume(seat, name, 3).await?;
            return Ok((seat.clone(), conn, first));
        }
        Entry::Create {
            game,
            rules,
            set,
            clock,
        } => ClientFrame::Create {
            game: game.clone(),
            rules: rules.clone(),
            set: set.clone(),
            clock: ClockSpec(*clock),
            seat: None,
        },
        Entry::Join { code } => ClientFrame::Join { code: code.clone() },
    };
    let mut conn = Connection::connect(&options.server, name).await?;
    conn.send(&request).await?;
    let answer = conn.recv_within(ANSWER_TIME).await?;
    let seat = match &answer {
        ServerFrame::Created {
            game,
            token,
            seat,
            code,
        } => StoredSeat {
            server: options.server.clone(),
            game: *game,
            token: token.clone(),
            game_name: String::new(),
            seat: *seat,
            code: Some(code.clone()),
        },
        ServerFrame::Joined { game, token, seat } => StoredSeat {
            server: options.server.clone(),
            game: *game,
            token: token.clone(),
            game_name: String::new(),
            seat: *seat,
            code: None,
        },
        ServerFrame::Error { code, message } => {
            return Err(ClientError::Refused {
                code: *code,
                message: message.clone(),
            });
        }
        other => return Err(ClientError::Unexpected(Box::new(other.clone()))),
    };
    Ok((seat, conn, answer))
}

/// Whether a refusal means the seat is gone for good (no point trying again).
fn hopeless(e: &ClientError) -> bool {
    matches!(
        e,
        ClientError::Refused {
            code: ErrorCode::BadToken | ErrorCode::UnknownGame | ErrorCode::ProtocolMismatch,
            ..
        }
    )
}

/// The network thread's state across connections.
struct Session<'a> {
    net: &'a Net,
    seat: StoredSeat,
    store: Option<TokenStore>,
    outbox: Outbox,
    /// Frames asked for while the connection was down, sent once the game is back.
    held: Vec<ClientFrame>,
}

impl Session<'_> {
    /// Saves the seat in the token store and tells the handle.
    fn keep(&mut self) {
        self.net.tell(FromNet::Seat(self.seat.clone()));
        if let Some(store) = &mut self.store
            && let Err(e) = store.put(self.seat.clone())
        {
            self.net.tell(FromNet::StoreTrouble(format!(
                "The seat token could not be kept: {e}."
            )));
        }
    }

    /// Takes a frame from the server: keeps the seat's details, resends a move in flight and
    /// the held frames after a whole game, and passes the frame on. False once the handle is
    /// gone.
    async fn received(&mut self, conn: &mut Connection, frame: ServerFrame) -> bool {
        match &frame {
            ServerFrame::Error { .. } | ServerFrame::Moved { .. } => self.outbox.settled(),
            ServerFrame::Game(snapshot) => {
                let waiting = snapshot.status == GameStatus::Waiting;
                if self.seat.game_name != snapshot.game_name
                    || (!waiting && self.seat.code.is_some())
                {
                    self.seat.game_name.clone_from(&snapshot.game_name);
                    if !waiting {
                        self.seat.code = None;
                    }
                    self.keep();
                }
                // A failed send shows as the next receive's failure.
                if let Ok(mirror) = Mirror::new(snapshot.clone())
                    && let Some(again) = self.outbox.to_resend(&mirror)
                {
                    let _ = conn.send(&again).await;
                }
                for held in std::mem::take(&mut self.held) {
                    let _ = conn.send(&held).await;
                }
            }
            _ => {}
        }
        self.net.tell(FromNet::Frame(frame))
    }

    /// Notes a frame the handle asked for while the connection is down.
    fn hold(&mut self, frame: ClientFrame) {
        self.outbox.sent(&frame);
        if !matches!(frame, ClientFrame::Move { .. }) {
            self.held.push(frame);
        }
    }
}

/// The network thread's work: enter the game, then pass frames both ways, ping, and reconnect
/// whenever the connection drops, until the handle closes or is dropped.
async fn run(options: LiveOptions, mut inbox: mpsc::UnboundedReceiver<ToNet>, net: &Net) {
    let store = open_store(options.store.as_ref(), net);
    let (seat, mut conn, first) = match enter(&options).await {
        Ok(entered) => entered,
        Err(e) => {
            net.tell(FromNet::Link(Link::Failed(words(&e))));
            return;
        }
    };
    let mut session = Session {
        net,
        seat,
        store,
        outbox: Outbox::default(),
        held: Vec::new(),
    };
    session.keep();
    net.tell(FromNet::Link(Link::Connected));
    let mut first = Some(first);
    let mut n = 0;
    loop {
        if let Some(frame) = first.take()
            && !matches!(frame, ServerFrame::Joined { .. })
            && !session.received(&mut conn, frame).await
        {
            conn.close().await;
            return;
        }
        let mut ping = tokio::time::interval(conn.heartbeat);
        ping.tick().await;
        // Serve this connection until it fails.
        let lost = loop {
            tokio::select! {
                frame = conn.recv() => match frame {
                    Ok(frame) => {
                        if !session.received(&mut conn, frame).await {
                            conn.close().await;
                            return;
                        }
                    }
                    Err(e) => break e,
                },
                asked = inbox.recv() => match asked {
                    None | Some(ToNet::Close) => {
                        conn.close().await;
                        return;
                    }
                    Some(ToNet::Frame(frame)) => {
                        session.outbox.sent(&frame);
                        if let Err(e) = conn.send(&frame).await {
                            break e;
                        }
                    }
                },
                _ = ping.tick() => {
                    n += 1;
                    if let Err(e) = conn.send(&ClientFrame::Ping { n }).await {
                        break e;
                    }
                }
            }
        };
        // Reconnect, with a growing pause, until it works, the seat is refused, or the
        // handle goes away. Frames asked for meanwhile are held.
        let reason = words(&lost);
        let mut pause = Duration::from_secs(1);
        let mut attempt = 1;
        (conn, first) = loop {
            let retry_at = Instant::now() + pause;
            net.tell(FromNet::Link(Link::Reconnecting {
                attempt,
                retry_at,
                reason: reason.clone(),
            }));
            let sleep = tokio::time::sleep(pause);
            tokio::pin!(sleep);
            // Wait out the pause, still taking the handle's requests.
            loop {
                tokio::select! {
                    () = &mut sleep => break,
                    asked = inbox.recv() => match asked {
                        None | Some(ToNet::Close) => return,
                        Some(ToNet::Frame(frame)) => session.hold(frame),
                    },
                }
            }
            match resume(&session.seat, options.name.as_deref(), 1).await {
                Ok((conn, first)) => {
                    net.tell(FromNet::Link(Link::Connected));
                    break (conn, Some(first));
                }
                Err(e) if hopeless(&e) => {
                    net.tell(FromNet::Link(Link::Failed(words(&e))));
                    return;
                }
                Err(_) => {
                    pause = (pause * 2).min(LONGEST_PAUSE);
                    attempt += 1;
                }
            }
        };
    }
}
