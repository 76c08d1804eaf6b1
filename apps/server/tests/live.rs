//! `kraal_online::LiveGame`, the polled handle the terminal UI and the desktop GUI play
//! through, against a real server on loopback: create and join by code, moves both ways, the
//! end; a server that dies mid-game and comes back at the same address (the handle
//! reconnects and sends again the move it made meanwhile); a code nobody made.

mod common;

use kraal_online::{Action, Entry, Link, LiveGame, LiveOptions, TokenStore, Update};
use kraal_protocol::GameStatus;
use kraal_session::{Seat, TimeControl};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A fresh token file for one player of one test.
fn token_file(test: &str, who: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-live-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{who}.json"));
    let _ = std::fs::remove_file(&path);
    path
}

fn live(server: &str, entry: Entry, store: PathBuf) -> LiveGame {
    LiveGame::start(LiveOptions {
        server: server.to_owned(),
        name: Some("tester".into()),
        entry,
        store: Some(store),
        wake: None,
    })
}

/// Polls until `want` holds of the updates seen so far (and the handle), or fails after 20 s.
async fn until(
    live: &mut LiveGame,
    seen: &mut Vec<Update>,
    what: &str,
    want: impl Fn(&LiveGame, &[Update]) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        seen.extend(live.poll());
        if want(live, seen) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "no {what}; updates: {seen:?}; link: {:?}",
            live.link()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

fn moved(seen: &[Update], mine: bool) -> usize {
    seen.iter()
        .filter(|u| matches!(u, Update::Moved { mine: m, .. } if *m == mine))
        .count()
}

fn create(server: &str, store: PathBuf) -> LiveGame {
    live(
        server,
        Entry::Create {
            game: "oware".into(),
            rules: None,
            set: vec![],
            clock: TimeControl::None,
        },
        store,
    )
}

/// Creates a game and joins it: the two handles, both with the live game loaded.
async fn a_game(server: &str, test: &str) -> (LiveGame, LiveGame) {
    let mut a = create(server, token_file(test, "a"));
    let (mut seen_a, mut seen_b) = (Vec::new(), Vec::new());
    until(&mut a, &mut seen_a, "join code", |l, _| l.code().is_some()).await;
    let code = a.code().expect("a code").to_owned();
    assert!(seen_a.contains(&Update::Created { code: code.clone() }));
    let mut b = live(server, Entry::Join { code }, token_file(test, "b"));
    let is_live = |l: &LiveGame, _: &[Update]| {
        l.mirror()
            .is_some_and(|m| m.snapshot.status == GameStatus::Live)
    };
    until(&mut b, &mut seen_b, "the live game", is_live).await;
    until(&mut a, &mut seen_a, "the live game", is_live).await;
    assert_eq!(a.code(), None, "the code is gone once the game is live");
    (a, b)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_handles_play_a_game_to_its_end() {
    let time = common::manual_time();
    let running = common::start(&common::sqlite_url("live-play"), &time).await;
    let url = running.url();
    let (mut a, mut b) = a_game(&url, "play").await;
    let (mut seen_a, mut seen_b) = (Vec::new(), Vec::new());
    assert_eq!(a.link(), &Link::Connected);
    assert_eq!(a.mirror().expect("game").snapshot.you, Seat::First);
    assert!(a.my_turn() && !b.my_turn());

    // Three moves each way, each side's move taken from its own mirror's legal moves.
    for round in 1..=3 {
        let mv = a.mirror().expect("game").game.legal_moves()[0];
        assert!(a.play(mv));
        assert!(!a.my_turn(), "no second move while the first is on its way");
        until(&mut a, &mut seen_a, "own move acknowledged", |_, s| {
            moved(s, true) == round
        })
        .await;
        until(&mut b, &mut seen_b, "the opponent's move", |_, s| {
            moved(s, false) == round
        })
        .await;
        assert!(seen_b.contains(&Update::Moved { mv, mine: false }));

        let reply = b.mirror().expect("game").game.legal_moves()[0];
        assert!(!a.play(reply), "not A's turn");
        assert!(b.play(reply));
        until(&mut b, &mut seen_b, "own move acknowledged", |_, s| {
            moved(s, true) == round
        })
        .await;
        until(&mut a, &mut seen_a, "the opponent's move", |_, s| {
            moved(s, false) == round
        })
        .await;
    }
    assert_eq!(a.mirror().expect("game").ply(), 6);
    assert_eq!(
        a.mirror().expect("game").snapshot.moves,
        b.mirror().expect("game").snapshot.moves
    );

    b.act(Action::Resign);
    let ended = |_: &LiveGame, s: &[Update]| s.iter().any(|u| matches!(u, Update::Ended(_)));
    until(&mut a, &mut seen_a, "the end", ended).await;
    until(&mut b, &mut seen_b, "the end", ended).await;
    let GameStatus::Over { outcome } = a.mirror().expect("game").snapshot.status else {
        panic!("not over: {:?}", a.mirror().expect("game").snapshot.status);
    };
    assert_eq!(outcome.winner, Some(Seat::First), "B resigned");

    // Each side's seat was kept in its token file, with the game's name.
    let (store, aside) = TokenStore::open(&token_file_kept("play", "b")).expect("reads");
    assert!(aside.is_none());
    assert_eq!(store.seats.len(), 1);
    assert_eq!(store.seats[0].game_name, "oware");
    assert_eq!(store.seats[0].seat, Seat::Second);
    assert_eq!(Some(&store.seats[0]), b.seat());
    drop((a, b));
    running.kill().await;
}

/// The token file of a test's player, without clearing it.
fn token_file_kept(test: &str, who: &str) -> PathBuf {
    std::env::temp_dir()
        .join(format!("kraal-live-{test}-{}", std::process::id()))
        .join(format!("{who}.json"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handle_reconnects_after_the_server_comes_back_and_resends_its_move() {
    let time = common::manual_time();
    let database = common::sqlite_url("live-reconnect");
    let running = common::start(&database, &time).await;
    let addr = running.addr;
    let url = running.url();
    let (mut a, mut b) = a_game(&url, "reconnect").await;
    let (mut seen_a, mut seen_b) = (Vec::new(), Vec::new());

    running.kill().await;
    let reconnecting = |l: &LiveGame, _: &[Update]| matches!(l.link(), Link::Reconnecting { .. });
    until(&mut a, &mut seen_a, "reconnecting", reconnecting).await;
    until(&mut b, &mut seen_b, "reconnecting", reconnecting).await;

    // A moves while the server is down: the move waits, and is sent once the game is back.
    let mv = a.mirror().expect("game").game.legal_moves()[0];
    assert!(a.play(mv));

    let running = common::start_options(&database, &time, |o| o.listen = addr).await;
    let connected = |l: &LiveGame, _: &[Update]| l.link() == &Link::Connected;
    until(&mut a, &mut seen_a, "connected again", connected).await;
    until(&mut a, &mut seen_a, "own move played", |_, s| {
        moved(s, true) == 1
    })
    .await;
    until(&mut b, &mut seen_b, "the move", |l, _| {
        l.mirror().is_some_and(|m| m.ply() == 1)
    })
    .await;
    assert_eq!(b.mirror().expect("game").snapshot.moves[0], mv.into());
    assert!(b.my_turn());
    drop((a, b));
    running.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_code_nobody_made_fails_with_the_servers_words() {
    let time = common::manual_time();
    let running = common::start(&common::sqlite_url("live-bad-code"), &time).await;
    let mut b = live(
        &running.url(),
        Entry::Join {
            code: "ACDEFG".into(),
        },
        token_file("bad-code", "b"),
    );
    let mut seen = Vec::new();
    until(&mut b, &mut seen, "a failure", |l, _| {
        matches!(l.link(), Link::Failed(_))
    })
    .await;
    let Link::Failed(why) = b.link() else {
        unreachable!()
    };
    assert!(why.contains("code"), "{why}");
    assert!(b.mirror().is_none() && b.seat().is_none());
    drop(b);
    running.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_server_is_a_failure_not_a_hang() {
    // A port nothing listens on: bind one, note it, let it go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("binds")
        .local_addr()
        .expect("addr")
        .port();
    let mut a = create(
        &format!("ws://127.0.0.1:{port}/ws"),
        token_file("none", "a"),
    );
    let mut seen = Vec::new();
    until(&mut a, &mut seen, "a failure", |l, _| {
        matches!(l.link(), Link::Failed(_))
    })
    .await;
    let Link::Failed(why) = a.link() else {
        unreachable!()
    };
    assert!(why.contains("cannot be reached"), "{why}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_opponent_gone_counts_down_to_the_claim() {
    let time = common::manual_time();
    let running = common::start(&common::sqlite_url("live-claim"), &time).await;
    let (mut a, b) = a_game(&running.url(), "claim").await;
    let mut seen = Vec::new();
    assert_eq!(a.claim_in(Instant::now()), None, "the opponent is there");
    drop(b);
    until(&mut a, &mut seen, "the opponent gone", |l, _| {
        !l.opponent_online()
    })
    .await;
    // An untimed game's grace is two minutes (the server's `grace`), counted from now.
    let left = a.claim_in(Instant::now()).expect("a countdown");
    assert!(
        left > Duration::from_secs(110) && left <= Duration::from_secs(120),
        "{left:?}"
    );
    assert_eq!(
        a.claim_in(Instant::now() + Duration::from_secs(121)),
        Some(Duration::ZERO)
    );
    // Too early on the server's clock: refused, in words.
    a.act(Action::Claim(kraal_protocol::ClaimKind::Win));
    until(&mut a, &mut seen, "the refusal", |_, s| {
        s.iter().any(|u| matches!(u, Update::Refused(_)))
    })
    .await;
    time.advance(Duration::from_secs(121));
    a.act(Action::Claim(kraal_protocol::ClaimKind::Win));
    until(&mut a, &mut seen, "the end", |_, s| {
        s.iter().any(|u| matches!(u, Update::Ended(_)))
    })
    .await;
    let GameStatus::Over { outcome } = a.mirror().expect("game").snapshot.status else {
        panic!("not over");
    };
    assert_eq!(outcome.winner, Some(Seat::First));
    assert_eq!(a.claim_in(Instant::now()), None, "no countdown once over");
    drop(a);
    running.kill().await;
}
