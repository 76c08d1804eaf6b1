//! Nothing lost: a server killed mid-game and started again on the same database resumes the
//! game with every acknowledged move; the same on PostgreSQL, where two nodes also share one
//! game.

mod common;

use common::*;
use kraal_protocol::{ClientFrame, GameStatus, ServerFrame};

async fn killed_and_restarted(url: &str, check_loaded: bool) {
    let time = manual_time();
    let server = start(url, &time).await;
    let (mut a, mut b) = pair(&server.url(), "morabaraba", &[], "5+3").await;
    play_moves(&mut a, &mut b, 7).await;
    let acknowledged = a.mirror().snapshot.moves.clone();
    let clocks = a.mirror().snapshot.clocks_ms.expect("a clock");
    // The eighth move is sent, and the server dies before anyone can be sure of it.
    let mv = b.mirror().legal_moves()[0];
    let ply = b.ply();
    b.send(ClientFrame::Move {
        ply,
        mv,
        think_ms: None,
    })
    .await;
    server.kill().await;

    let server = start(url, &time).await;
    if check_loaded {
        assert_eq!(server.loaded, (1, 0), "one live game loaded, none failed");
    }
    a.resume(&server.url()).await;
    b.resume(&server.url()).await;
    let moves = &a.mirror().snapshot.moves;
    assert_eq!(
        moves[..7],
        acknowledged[..],
        "every acknowledged move is there"
    );
    assert!(
        moves.len() == 7 || moves.len() == 8,
        "the eighth was stored or not: {}",
        moves.len()
    );
    assert_eq!(
        a.mirror().snapshot.clocks_ms.expect("clock")[0],
        clocks[0],
        "White's clock as it was"
    );
    if moves.len() == 7 {
        // Not stored, so it can be sent again.
        b.send(ClientFrame::Move {
            ply,
            mv,
            think_ms: None,
        })
        .await;
        assert_eq!(b.hear_move().await, mv);
        assert_eq!(a.hear_move().await, mv);
    }
    play_moves(&mut a, &mut b, 2).await;
    assert_eq!(a.ply(), 10);
    assert_eq!(b.mirror().snapshot.moves, a.mirror().snapshot.moves);
    assert_eq!(a.status(), GameStatus::Live);
    server.kill().await;
}

#[tokio::test]
async fn a_killed_server_restarted_on_sqlite_resumes_every_acknowledged_move() {
    killed_and_restarted(&sqlite_url("restart"), true).await;
}

/// Waits until the player's mirror is at `ply` (across nodes the other side hears the whole
/// game rather than the move).
async fn reach(p: &mut Player, ply: u32) {
    while p.mirror.as_ref().is_none_or(|m| m.ply() < ply) {
        p.next().await;
    }
}

#[tokio::test]
async fn postgres_restart_and_a_game_across_two_nodes() {
    let Some(url) = postgres_url() else { return };
    killed_and_restarted(&url, false).await;

    let time = manual_time();
    let one = start(&url, &time).await;
    let two = start(&url, &time).await;
    let mut a = Player::connect(&one.url()).await;
    let code = a.create("oware", &[], "none").await;
    let mut b = Player::connect(&two.url()).await;
    b.join(&code).await;
    a.until(
        "the join, through the database",
        |f| matches!(f, ServerFrame::Game(s) if s.status == GameStatus::Live),
    )
    .await;
    for ply in 0..12 {
        let (me, other) = mover(&mut a, &mut b);
        let mv = me.mirror().legal_moves()[0].to_string();
        me.play(&mv).await;
        reach(other, ply + 1).await;
    }
    assert_eq!(a.mirror().snapshot.moves, b.mirror().snapshot.moves);
    b.send(ClientFrame::Resign).await;
    let GameStatus::Over { .. } = b.hear_end().await else {
        panic!("not over");
    };
    while a.status() == GameStatus::Live {
        a.next().await;
    }
    one.kill().await;
    two.kill().await;
}
