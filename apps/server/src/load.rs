//! The load test (`kraal-loadtest`, and a small run in the tests): pairs of bots play whole
//! games on a server, choosing from the legal moves of their mirror of the server's state,
//! then start another, until the time is up. It counts games, moves and errors by code, times
//! each acknowledgement, and checks afterwards that nothing was lost: every acknowledged move
//! is in the database and every finished game replays to its stored result.

use crate::db::Db;
use crate::game::{rules_of, status_of};
use kraal_ai::seeded::SplitMix64;
use kraal_online::{Applied, Connection, Mirror, StoredSeat, reconnect};
use kraal_protocol::{ClientFrame, ErrorCode, GameId, GameStatus, ServerFrame, WireMove};
use kraal_session::{AnyGame, Player};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What to run.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The server's websocket URL.
    pub url: String,
    /// Games played at once (two sockets each).
    pub games: usize,
    /// How long to go on starting and playing games.
    pub duration: Duration,
    /// Chaos: the share of bots that drop their socket and resume, each period (0.05: 5%).
    pub drop_share: f64,
    /// Chaos: the period of the drops (a minute in the chaos run).
    pub chaos_every: Duration,
    /// The games to play, in turn.
    pub game_names: Vec<String>,
}

/// What happened.
#[derive(Debug, Default)]
pub struct Report {
    /// Games played to their end.
    pub finished: u64,
    /// Moves acknowledged.
    pub moves: u64,
    /// Error frames by code.
    pub errors: HashMap<String, u64>,
    /// Bots that could not go on in a started game (connection lost and not resumed).
    pub failures: u64,
    /// Games that could not be created or joined (the server was down: a chaos kill).
    pub not_started: u64,
    /// Sockets dropped and resumed on purpose (chaos).
    pub drops: u64,
    /// Chaos ticks a bot was alive for (each one drops with the plan's share).
    pub chaos_checks: u64,
    /// Acknowledgement latencies, microseconds.
    latencies: Vec<u64>,
    /// The highest acknowledged ply (+1) of each game.
    acked: HashMap<u64, u64>,
    /// Results checked in the database: (games checked, lost moves, bad results).
    pub checked: (u64, u64, u64),
}

impl Report {
    /// The latency at quantile `q` (0..=1), in milliseconds.
    #[must_use]
    pub fn latency_ms(&self, q: f64) -> f64 {
        if self.latencies.is_empty() {
            return 0.0;
        }
        let mut sorted = self.latencies.clone();
        sorted.sort_unstable();
        let i = ((sorted.len() - 1) as f64 * q).round() as usize;
        sorted[i] as f64 / 1000.0
    }

    /// Protocol errors: every error frame but those a chaos run causes on purpose.
    #[must_use]
    pub fn protocol_errors(&self) -> u64 {
        self.errors.values().sum()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "games finished: {}", self.finished)?;
        writeln!(f, "moves acknowledged: {}", self.moves)?;
        let mut errors: Vec<_> = self.errors.iter().collect();
        errors.sort();
        writeln!(f, "errors by code: {errors:?}")?;
        writeln!(
            f,
            "bots failed mid-game: {}; games not started (server down): {}; sockets dropped \
             and resumed: {} of {} chances",
            self.failures, self.not_started, self.drops, self.chaos_checks
        )?;
        writeln!(
            f,
            "acknowledgement latency ms: p50 {:.2}, p90 {:.2}, p99 {:.2}, max {:.2}",
            self.latency_ms(0.5),
            self.latency_ms(0.9),
            self.latency_ms(0.99),
            self.latency_ms(1.0)
        )?;
        write!(
            f,
            "database check: {} games, {} acknowledged moves missing, {} results that do not replay",
            self.checked.0, self.checked.1, self.checked.2
        )
    }
}

type Shared = Arc<Mutex<Report>>;

fn lock(report: &Shared) -> std::sync::MutexGuard<'_, Report> {
    report
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The bots' random choices: SplitMix64 (`kraal_ai::seeded`), so each bot chooses differently
/// but reproducibly, even from the small, close seeds they get.
struct Rng(SplitMix64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(SplitMix64(seed))
    }

    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, p: f64) -> bool {
        (self.next() % 1_000_000) as f64 / 1_000_000.0 < p
    }
}

/// Runs the plan against a running server; the database check is [`check`].
pub async fn run(plan: &Plan) -> Report {
    let report: Shared = Arc::new(Mutex::new(Report::default()));
    let start = Instant::now();
    let deadline = start + plan.duration;
    let mut tasks = Vec::new();
    for i in 0..plan.games {
        let plan = plan.clone();
        let report = Arc::clone(&report);
        tasks.push(tokio::spawn(async move {
            let mut n = 0;
            while Instant::now() < deadline {
                let game = &plan.game_names[(i + n) % plan.game_names.len()];
                let seed = (i as u64 + 1) * 7_919 + n as u64 * 104_729;
                match one_game(&plan, game, seed, (start, deadline), &report).await {
                    Ok(()) => {}
                    Err(Stage::Start) => {
                        lock(&report).not_started += 1;
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                    Err(Stage::Play) => lock(&report).failures += 1,
                }
                n += 1;
            }
        }));
        // Spread the starts a little.
        if i % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    for task in tasks {
        let _ = task.await;
    }
    Arc::try_unwrap(report)
        .map(|m| {
            m.into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        })
        .unwrap_or_default()
}

async fn expect_seat(
    conn: &mut Connection,
) -> Result<(GameId, String, kraal_session::Seat, Option<String>), ()> {
    match conn.recv_within(Duration::from_secs(30)).await {
        Ok(ServerFrame::Created {
            game,
            code,
            token,
            seat,
        }) => Ok((game, token, seat, Some(code))),
        Ok(ServerFrame::Joined { game, token, seat }) => Ok((game, token, seat, None)),
        _ => Err(()),
    }
}

/// Where a game failed.
enum Stage {
    /// Creating or joining it (the server was down).
    Start,
    /// Playing it.
    Play,
}

async fn one_game(
    plan: &Plan,
    game: &str,
    seed: u64,
    (start, deadline): (Instant, Instant),
    report: &Shared,
) -> Result<(), Stage> {
    let started = async {
        let mut a = Connection::connect(&plan.url, None).await.map_err(|_| ())?;
        a.send(&ClientFrame::Create {
            game: game.to_owned(),
            rules: None,
            set: Vec::new(),
            clock: kraal_protocol::frames::ClockSpec::default(),
            seat: None,
        })
        .await
        .map_err(|_| ())?;
        let (id, token_a, seat_a, code) = expect_seat(&mut a).await?;
        let mut b = Connection::connect(&plan.url, None).await.map_err(|_| ())?;
        let code = code.ok_or(())?;
        b.send(&ClientFrame::Join { code }).await.map_err(|_| ())?;
        let (_, token_b, seat_b, _) = expect_seat(&mut b).await?;
        Ok::<_, ()>((a, b, id, [token_a, token_b], [seat_a, seat_b]))
    };
    let (a, b, id, [token_a, token_b], [seat_a, seat_b]) =
        started.await.map_err(|()| Stage::Start)?;
    let seat = |token, seat| StoredSeat {
        server: plan.url.clone(),
        game: id,
        token,
        game_name: game.to_owned(),
        seat,
        code: None,
    };
    let bot_a = bot(
        a,
        seat(token_a, seat_a),
        seed,
        (start, deadline),
        (plan.drop_share, plan.chaos_every),
        Arc::clone(report),
    );
    let bot_b = bot(
        b,
        seat(token_b, seat_b),
        seed ^ 0xabcdef,
        (start, deadline),
        (plan.drop_share, plan.chaos_every),
        Arc::clone(report),
    );
    let (ra, rb) = tokio::join!(bot_a, bot_b);
    if ra.is_ok() && rb.is_ok() {
        Ok(())
    } else {
        Err(Stage::Play)
    }
}

/// One bot: plays its side until the game ends or the time is up.
async fn bot(
    mut conn: Connection,
    seat: StoredSeat,
    seed: u64,
    (start, deadline): (Instant, Instant),
    (drop_share, chaos_every): (f64, Duration),
    report: Shared,
) -> Result<(), ()> {
    let mut rng = Rng::new(seed);
    let mut mirror: Option<Mirror> = None;
    let mut pending: Option<(u32, WireMove, Instant)> = None;
    // The chaos ticks are each whole period of the run: every bot alive then may drop.
    let mut next_chaos = start + chaos_every;
    while next_chaos < Instant::now() {
        next_chaos += chaos_every;
    }
    let ended = |m: &Option<Mirror>| m.as_ref().is_some_and(|m| m.snapshot.status.is_finished());
    loop {
        if Instant::now() >= deadline || ended(&mirror) {
            break;
        }
        if drop_share > 0.0 && Instant::now() >= next_chaos {
            while next_chaos <= Instant::now() {
                next_chaos += chaos_every;
            }
            lock(&report).chaos_checks += 1;
            if rng.chance(drop_share) {
                lock(&report).drops += 1;
                conn.close().await;
                conn = reconnect(&seat, None, 20).await.map_err(|_| ())?;
                mirror = None;
                continue;
            }
        }
        let frame = match conn.recv_within(Duration::from_secs(5)).await {
            Ok(frame) => frame,
            Err(kraal_online::ClientError::Timeout) => {
                let _ = conn.send(&ClientFrame::Ping { n: 0 }).await;
                continue;
            }
            Err(_) => {
                // The server went (a chaos kill): resume when it is back.
                conn = reconnect(&seat, None, 30).await.map_err(|_| ())?;
                mirror = None;
                continue;
            }
        };
        match &frame {
            ServerFrame::Game(snapshot) => {
                mirror = Some(Mirror::new(snapshot.clone()).map_err(|_| ())?);
                if let Some((ply, mv, _)) = pending
                    && mirror
                        .as_ref()
                        .is_some_and(|m| m.ply() == ply && m.my_turn())
                {
                    // Not stored before the server went: send it again.
                    let _ = conn
                        .send(&ClientFrame::Move {
                            ply,
                            mv,
                            think_ms: None,
                        })
                        .await;
                    continue;
                }
                if mirror
                    .as_ref()
                    .is_some_and(|m| m.ply() > pending.map_or(u32::MAX, |p| p.0))
                {
                    record_ack(&report, seat.game, pending.take());
                }
            }
            ServerFrame::Error { code, .. } => {
                *lock(&report)
                    .errors
                    .entry(code.name().to_owned())
                    .or_default() += 1;
                if *code == ErrorCode::Internal {
                    let _ = conn.send(&ClientFrame::Sync).await;
                }
                continue;
            }
            _ => {
                let Some(m) = &mut mirror else { continue };
                match m.apply(&frame) {
                    Ok(Applied::NeedSync) => {
                        let _ = conn.send(&ClientFrame::Sync).await;
                        continue;
                    }
                    Ok(Applied::Moved(_)) => {
                        if let (ServerFrame::Moved { ply, .. }, Some(p)) = (&frame, pending)
                            && *ply == p.0
                        {
                            record_ack(&report, seat.game, pending.take());
                        }
                    }
                    Ok(Applied::Ended(_)) if seat.seat == kraal_session::Seat::First => {
                        lock(&report).finished += 1;
                    }
                    _ => {}
                }
            }
        }
        if let Some(m) = &mirror
            && m.my_turn()
            && pending.is_none()
            && !m.game.is_over()
        {
            let moves = m.legal_moves();
            if moves.is_empty() {
                continue;
            }
            let mv = moves[rng.below(moves.len())];
            let ply = m.ply();
            pending = Some((ply, mv, Instant::now()));
            if conn
                .send(&ClientFrame::Move {
                    ply,
                    mv,
                    think_ms: None,
                })
                .await
                .is_err()
            {
                continue;
            }
        }
    }
    conn.close().await;
    Ok(())
}

fn record_ack(report: &Shared, game: GameId, pending: Option<(u32, WireMove, Instant)>) {
    if let Some((ply, _, sent)) = pending {
        let mut r = lock(report);
        r.moves += 1;
        r.latencies
            .push(u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX));
        let acked = r.acked.entry(game.0).or_default();
        *acked = (*acked).max(u64::from(ply) + 1);
    }
}

/// Checks the database after a run: every acknowledged move is stored, and every finished
/// game's moves replay through the rules to its stored result.
///
/// # Errors
/// The database fails.
pub async fn check(db: &Db, report: &mut Report) -> Result<(), crate::db::DbError> {
    let (mut games, mut lost, mut bad) = (0, 0, 0);
    for (&id, &acked) in &report.acked {
        let stored = db.moves(id).await?.len() as u64;
        lost += acked.saturating_sub(stored);
    }
    for id in db.finished().await? {
        games += 1;
        let Some(row) = db.game(id).await? else {
            continue;
        };
        let replays = async {
            let (rules, _) = rules_of(&row).ok()?;
            let GameStatus::Over { outcome } = status_of(&row).ok()? else {
                return None;
            };
            let mut game = AnyGame::new(&rules, None, [Player::Human, Player::Human], 0).ok()?;
            for text in db.moves(id).await.ok()? {
                game.play_text(&text).ok()?;
            }
            // A rules ending must be the replayed one; a session ending (resignation, time...)
            // stands on a game the rules have not ended.
            Some(match game.outcome() {
                Some(replayed) => replayed == outcome,
                None => outcome.reason.is_session_ending(),
            })
        };
        if replays.await != Some(true) {
            bad += 1;
        }
    }
    report.checked = (games, lost, bad);
    Ok(())
}

/// This process's resident memory in KiB (Linux), or of process `pid`.
#[must_use]
pub fn rss_kib(pid: Option<u32>) -> Option<u64> {
    let path = pid.map_or_else(
        || "/proc/self/status".to_owned(),
        |p| format!("/proc/{p}/status"),
    );
    let status = std::fs::read_to_string(path).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}
