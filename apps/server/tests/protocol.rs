//! The server's side of the protocol: bad frames, limits, codes and tokens.

mod common;

use common::*;
use kraal_online::Connection;
use kraal_protocol::{ClientFrame, ErrorCode, GameId, MAX_FRAME_BYTES, ServerFrame};
use kraal_server::limits::Limits;
use std::time::Duration;

#[tokio::test]
async fn junk_and_unknown_types_get_an_error_frame_and_the_socket_stays() {
    let time = manual_time();
    let server = start(&sqlite_url("junk"), &time).await;
    let mut p = Player::connect(&server.url()).await;
    for junk in [
        r#"{"type":"teleport"}"#,
        "not json",
        r#"{"type":"move","ply":-1}"#,
    ] {
        p.conn.send_text(junk.to_owned()).await.expect("sends");
        assert_eq!(p.error().await, ErrorCode::BadMessage, "{junk}");
    }
    p.send(ClientFrame::Ping { n: 7 }).await;
    assert_eq!(p.next().await, ServerFrame::Pong { n: 7 });
    // Game frames before any game.
    p.send(ClientFrame::Resign).await;
    assert_eq!(p.error().await, ErrorCode::NotInGame);
    server.kill().await;
}

#[tokio::test]
async fn a_frame_over_the_limit_closes_the_socket() {
    let time = manual_time();
    let server = start(&sqlite_url("large"), &time).await;
    let mut p = Player::connect(&server.url()).await;
    let big = format!(
        r#"{{"type":"ping","n":1,"pad":"{}"}}"#,
        "x".repeat(MAX_FRAME_BYTES)
    );
    let _ = p.conn.send_text(big).await;
    let closed = p.conn.recv_within(WAIT).await;
    assert!(closed.is_err(), "the socket is closed: {closed:?}");
    server.kill().await;
}

#[tokio::test]
async fn another_protocol_version_is_refused() {
    let time = manual_time();
    let server = start(&sqlite_url("version"), &time).await;
    let (mut socket, _) = tokio_tungstenite::connect_async(server.url())
        .await
        .expect("connects");
    use futures_util::{SinkExt, StreamExt};
    let hello = ClientFrame::Hello {
        version: 99,
        name: None,
    }
    .to_text();
    socket
        .send(tokio_tungstenite::tungstenite::Message::text(hello))
        .await
        .expect("sends");
    let reply = socket.next().await.expect("a reply").expect("a frame");
    let frame = kraal_protocol::parse_server_frame(reply.into_text().expect("text").as_bytes())
        .expect("reads");
    assert!(
        matches!(
            frame,
            ServerFrame::Error {
                code: ErrorCode::ProtocolMismatch,
                ..
            }
        ),
        "{frame:?}"
    );
    server.kill().await;
}

#[tokio::test]
async fn unknown_codes_and_bad_tokens_are_refused() {
    let time = manual_time();
    let server = start(&sqlite_url("tokens"), &time).await;
    let mut a = Player::connect(&server.url()).await;
    let code = a.create("oware", &[], "none").await;
    assert_eq!(code.len(), 6);
    let mut b = Player::connect(&server.url()).await;
    b.send(ClientFrame::Join {
        code: "AAAAAA".into(),
    })
    .await;
    assert_eq!(b.error().await, ErrorCode::UnknownGame);
    b.send(ClientFrame::Resume {
        game: a.game.expect("game"),
        token: "0".repeat(32),
    })
    .await;
    assert_eq!(b.error().await, ErrorCode::BadToken);
    b.send(ClientFrame::Resume {
        game: GameId(12345),
        token: "0".repeat(32),
    })
    .await;
    assert_eq!(b.error().await, ErrorCode::UnknownGame);
    // The code works typed in small letters, once.
    b.join(&code.to_lowercase()).await;
    let mut c = Player::connect(&server.url()).await;
    c.send(ClientFrame::Join { code }).await;
    assert_eq!(c.error().await, ErrorCode::UnknownGame, "the code is spent");
    server.kill().await;
}

#[tokio::test]
async fn a_connection_over_its_message_rate_is_told_to_slow_down() {
    let time = manual_time();
    let limits = Limits {
        messages_per_second: 5,
        message_burst: 10,
        ..Limits::default()
    };
    let server = start_with(&sqlite_url("rate"), &time, limits).await;
    let mut p = Player::connect(&server.url()).await;
    for n in 0..12 {
        p.send(ClientFrame::Ping { n }).await;
    }
    // The hello took one token: nine pongs, then refusals.
    for n in 0..9 {
        assert_eq!(p.next().await, ServerFrame::Pong { n });
    }
    assert_eq!(p.error().await, ErrorCode::RateLimited);
    time.advance(Duration::from_secs(1));
    p.send(ClientFrame::Ping { n: 99 }).await;
    p.until("pong", |f| *f == ServerFrame::Pong { n: 99 }).await;
    server.kill().await;
}

#[tokio::test]
async fn join_attempts_are_limited_per_address() {
    let time = manual_time();
    let limits = Limits {
        joins_per_minute: 3,
        ..Limits::generous()
    };
    let server = start_with(&sqlite_url("guess"), &time, limits).await;
    let mut p = Player::connect(&server.url()).await;
    for _ in 0..3 {
        p.send(ClientFrame::Join {
            code: "AAAAAA".into(),
        })
        .await;
        assert_eq!(p.error().await, ErrorCode::UnknownGame);
    }
    // A new socket from the same address does not start afresh.
    let mut q = Connection::connect(&server.url(), None)
        .await
        .expect("connects");
    q.send(&ClientFrame::Join {
        code: "AAAAAA".into(),
    })
    .await
    .expect("sends");
    let frame = q.recv_within(WAIT).await.expect("a reply");
    assert!(
        matches!(
            frame,
            ServerFrame::Error {
                code: ErrorCode::RateLimited,
                ..
            }
        ),
        "{frame:?}"
    );
    server.kill().await;
}

#[tokio::test]
async fn a_silent_socket_is_closed_after_three_missed_heartbeats_on_paused_time() {
    let time = manual_time();
    let server = start_options(&sqlite_url("heartbeat"), &time, |o| {
        o.heartbeat = Duration::from_secs(10);
    })
    .await;
    let mut p = Player::connect(&server.url()).await;
    // Two beats and more without a word, then a ping: still open, and the silence starts again.
    for n in 0..2 {
        time.advance(Duration::from_secs(29));
        p.send(ClientFrame::Ping { n }).await;
        assert_eq!(p.next().await, ServerFrame::Pong { n });
    }
    // Three beats and a second more: closed, with a close frame that says why.
    time.advance(Duration::from_secs(31));
    match p.conn.recv_within(WAIT).await {
        Err(kraal_online::ClientError::ClosedBecause(why)) => {
            assert!(why.contains("heartbeat"), "{why}");
        }
        other => panic!("not closed for the heartbeat: {other:?}"),
    }
    server.kill().await;
}

#[tokio::test]
async fn a_connection_that_keeps_going_past_its_rate_is_closed_and_told_why() {
    let time = manual_time();
    let limits = Limits {
        messages_per_second: 1,
        message_burst: 3,
        overruns_allowed: 4,
        ..Limits::default()
    };
    let server = start_with(&sqlite_url("abuse"), &time, limits).await;
    let mut p = Player::connect(&server.url()).await;
    for n in 0..8 {
        p.send(ClientFrame::Ping { n }).await;
    }
    // The hello took one token of three: two pongs, then four refusals, then the close.
    for n in 0..2 {
        assert_eq!(p.next().await, ServerFrame::Pong { n });
    }
    for _ in 0..4 {
        assert_eq!(p.error().await, ErrorCode::RateLimited);
    }
    match p.conn.recv_within(WAIT).await {
        Err(kraal_online::ClientError::ClosedBecause(why)) => {
            assert!(why.contains("rate limit"), "{why}");
        }
        other => panic!("not closed for the rate: {other:?}"),
    }
    server.kill().await;
}

#[tokio::test]
async fn a_list_of_held_seats_gets_one_summary_each_from_the_database() {
    use kraal_online::StoredSeat;
    use kraal_protocol::{GameStatus, SeatSummary};
    use kraal_session::Seat;
    let time = manual_time();
    let server = start(&sqlite_url("list"), &time).await;
    let (mut a, mut b) = pair(&server.url(), "oware", &[], "none").await;
    play_moves(&mut a, &mut b, 3).await;
    let mut waiting = Player::connect(&server.url()).await;
    waiting.create("morabaraba", &[], "none").await;
    let stored = |p: &Player, token: Option<String>| StoredSeat {
        server: server.url(),
        game: p.game.expect("a game"),
        token: token.unwrap_or_else(|| p.token.clone().expect("a token")),
        game_name: String::new(),
        seat: Seat::First,
        code: None,
    };
    let seats = [
        stored(&b, None),
        stored(&waiting, None),
        stored(&a, Some("0".repeat(32))),
        StoredSeat {
            game: GameId(12345),
            ..stored(&a, None)
        },
    ];
    let mut asker = Connection::connect(&server.url(), None)
        .await
        .expect("connects");
    let summaries = asker.list(&seats).await.expect("a list");
    assert_eq!(summaries.len(), 4);
    let SeatSummary::Game {
        game_name,
        status,
        you,
        to_move,
        plies,
        opponent_name,
        opponent_online,
        ..
    } = &summaries[0]
    else {
        panic!("{:?}", summaries[0]);
    };
    assert_eq!(game_name, "oware");
    assert_eq!(*status, GameStatus::Live);
    assert_eq!(*you, Seat::Second);
    assert_eq!(*plies, 3);
    assert_eq!(
        *to_move,
        Seat::Second,
        "three moves made: the second seat's turn"
    );
    assert_eq!(opponent_name.as_deref(), Some("tester"));
    assert!(*opponent_online);
    assert!(
        matches!(
            &summaries[1],
            SeatSummary::Game {
                status: GameStatus::Waiting,
                opponent_online: false,
                ..
            }
        ),
        "{:?}",
        summaries[1]
    );
    assert_eq!(
        summaries[2],
        SeatSummary::Missing {
            game: a.game.expect("game"),
            code: ErrorCode::BadToken
        }
    );
    assert_eq!(
        summaries[3],
        SeatSummary::Missing {
            game: GameId(12345),
            code: ErrorCode::UnknownGame
        }
    );
    // The opponent goes away: the list says so.
    drop(a);
    let mut away = false;
    for _ in 0..50 {
        b.next().await;
        if !b.mirror().snapshot.opponent_online {
            away = true;
            break;
        }
    }
    assert!(away, "b heard a leave");
    let again = asker.list(&seats[..1]).await.expect("a list");
    assert!(
        matches!(
            &again[0],
            SeatSummary::Game {
                opponent_online: false,
                ..
            }
        ),
        "{:?}",
        again[0]
    );
    server.kill().await;
}
