//! Whole games between two clients through a server on 127.0.0.1:0, and every way a game ends.

mod common;

use common::*;
use kraal_protocol::{ClaimKind, ClientFrame, ErrorCode, GameStatus, ServerFrame, WireMove};
use kraal_session::{EndReason, Record, Seat};
use std::time::Duration;

/// The first move with a shot if there is one, else the first.
fn shooter(moves: &[WireMove], _ply: u32) -> WireMove {
    moves
        .iter()
        .copied()
        .find(|m| m.to_string().contains('x'))
        .unwrap_or(moves[0])
}

#[tokio::test]
async fn a_morabaraba_game_with_mills_and_shots_is_played_to_its_end() {
    let time = manual_time();
    let url = sqlite_url("morabaraba");
    let server = start(&url, &time).await;
    let (mut a, mut b) = pair(&server.url(), "morabaraba", &[], "none").await;
    let plies = play_out(&mut a, &mut b, shooter).await;
    let moves = &a.mirror().snapshot.moves;
    assert_eq!(moves.len() as u32, plies);
    assert!(
        moves.iter().any(|m| m.to_string().contains('x')),
        "a mill and a shot"
    );
    let GameStatus::Over { outcome } = a.status() else {
        panic!("not over: {:?}", a.status());
    };
    assert_eq!(b.status(), a.status());
    // The stored record replays to the same result, by the rules on this side.
    a.send(ClientFrame::Export {
        game: a.game.expect("game"),
    })
    .await;
    let ServerFrame::Record { text, .. } = a
        .until("record", |f| matches!(f, ServerFrame::Record { .. }))
        .await
    else {
        unreachable!()
    };
    let record = Record::parse(&text).expect("the export reads as a record");
    assert_eq!(record.moves.len() as u32, plies);
    assert_eq!(record.tag("Result"), Some(outcome.result().notation()));
    let replayed = record.check().expect("the record replays");
    assert_eq!(replayed.outcome, Some(outcome));
    server.kill().await;
}

#[tokio::test]
async fn an_oware_game_with_captures_is_played_to_its_end() {
    let time = manual_time();
    let server = start(&sqlite_url("oware"), &time).await;
    let (mut a, mut b) = pair(&server.url(), "oware", &[], "5+3").await;
    // Always the last legal hole: a fixed, quick game.
    play_out(&mut a, &mut b, |moves, _| moves[moves.len() - 1]).await;
    let GameStatus::Over { outcome } = a.status() else {
        panic!("not over");
    };
    let scores = outcome.scores.expect("mancala scores");
    assert!(scores[0] + scores[1] > 0, "seeds were captured: {scores:?}");
    server.kill().await;
}

#[tokio::test]
async fn illegal_moves_wrong_turns_and_stale_plies_are_refused() {
    let time = manual_time();
    let server = start(&sqlite_url("refused"), &time).await;
    let (mut a, mut b) = pair(&server.url(), "morabaraba", &[], "none").await;
    // Black moves first: not its turn.
    b.send_move("a1").await;
    assert_eq!(b.error().await, ErrorCode::NotYourTurn);
    // A shot without a mill: not legal.
    a.send_move("a1xa4").await;
    assert_eq!(a.error().await, ErrorCode::IllegalMove);
    a.play("a1").await;
    assert_eq!(b.hear_move().await.to_string(), "a1");
    // White again at ply 1: its turn is over.
    let mv = a.parse("d1");
    a.send(ClientFrame::Move {
        ply: 1,
        mv,
        think_ms: None,
    })
    .await;
    assert_eq!(a.error().await, ErrorCode::NotYourTurn);
    // Black for ply 5: no such ply yet.
    let mv = b.parse("d1");
    b.send(ClientFrame::Move {
        ply: 5,
        mv,
        think_ms: None,
    })
    .await;
    assert_eq!(b.error().await, ErrorCode::StalePly);
    // Black for ply 0, another move than the one played there.
    b.send(ClientFrame::Move {
        ply: 0,
        mv,
        think_ms: None,
    })
    .await;
    assert_eq!(b.error().await, ErrorCode::StalePly);
    // The game is unchanged and goes on.
    b.play("d1").await;
    assert_eq!(a.hear_move().await.to_string(), "d1");
    assert_eq!(a.ply(), 2);
    server.kill().await;
}

#[tokio::test]
async fn a_resend_after_a_reconnect_is_not_applied_twice() {
    let time = manual_time();
    let server = start(&sqlite_url("resend"), &time).await;
    let (mut a, mut b) = pair(&server.url(), "oware", &[], "none").await;
    let first = a.mirror().legal_moves()[0];
    a.send(ClientFrame::Move {
        ply: 0,
        mv: first,
        think_ms: None,
    })
    .await;
    // The connection drops before the client reads the acknowledgement.
    assert_eq!(b.hear_move().await, first);
    a.resume(&server.url()).await;
    assert_eq!(
        a.mirror().snapshot.moves,
        vec![first],
        "resumed with the move"
    );
    // The client, unsure, sends it again for ply 0: recognised, the whole game comes back.
    a.send(ClientFrame::Move {
        ply: 0,
        mv: first,
        think_ms: None,
    })
    .await;
    a.snapshot().await;
    assert_eq!(a.mirror().snapshot.moves, vec![first], "not played twice");
    let reply = b.mirror().legal_moves()[0];
    b.play(&reply.to_string()).await;
    assert_eq!(a.hear_move().await, reply);
    assert_eq!(a.ply(), 2);
    server.kill().await;
}

#[tokio::test]
async fn resignation_ends_the_game_for_the_other_side() {
    let time = manual_time();
    let server = start(&sqlite_url("resign"), &time).await;
    let (mut a, mut b) = pair(&server.url(), "oware", &[], "none").await;
    b.send(ClientFrame::Resign).await;
    let GameStatus::Over { outcome } = a.hear_end().await else {
        panic!("not over");
    };
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat::First), EndReason::Resignation)
    );
    assert_eq!(b.hear_end().await, GameStatus::Over { outcome });
    // Nothing more can be played.
    a.send_move(&a.mirror().legal_moves()[0].to_string()).await;
    assert_eq!(a.error().await, ErrorCode::GameOver);
    server.kill().await;
}

#[tokio::test]
async fn a_draw_is_offered_declined_offered_again_and_accepted() {
    let time = manual_time();
    let server = start(&sqlite_url("draw"), &time).await;
    let (mut a, mut b) = pair(&server.url(), "morabaraba", &[], "none").await;
    b.send(ClientFrame::AcceptDraw).await;
    assert_eq!(b.error().await, ErrorCode::NoDrawOffer);
    a.send(ClientFrame::OfferDraw).await;
    b.until("offer", |f| {
        matches!(
            f,
            ServerFrame::DrawOffered {
                by: Seat::First,
                ..
            }
        )
    })
    .await;
    b.send(ClientFrame::DeclineDraw).await;
    a.until("declined", |f| {
        matches!(f, ServerFrame::DrawDeclined { .. })
    })
    .await;
    assert_eq!(a.mirror().snapshot.draw_offer, None);
    a.send(ClientFrame::OfferDraw).await;
    b.until("offer", |f| matches!(f, ServerFrame::DrawOffered { .. }))
        .await;
    b.send(ClientFrame::AcceptDraw).await;
    let GameStatus::Over { outcome } = a.hear_end().await else {
        panic!("not over");
    };
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, EndReason::Agreement)
    );
    server.kill().await;
}

#[tokio::test]
async fn a_game_aborts_until_each_side_has_moved() {
    let time = manual_time();
    let server = start(&sqlite_url("abort"), &time).await;
    let (mut a, mut b) = pair(&server.url(), "oware", &[], "none").await;
    let mv = a.mirror().legal_moves()[0].to_string();
    a.play(&mv).await;
    b.hear_move().await;
    b.send(ClientFrame::Abort).await;
    assert_eq!(b.hear_end().await, GameStatus::Aborted);
    assert_eq!(a.hear_end().await, GameStatus::Aborted);

    let (mut a, mut b) = pair(&server.url(), "oware", &[], "none").await;
    play_moves(&mut a, &mut b, 2).await;
    a.send(ClientFrame::Abort).await;
    assert_eq!(a.error().await, ErrorCode::CannotAbort);
    server.kill().await;
}

#[tokio::test]
async fn the_flag_falls_on_the_server_on_paused_time() {
    let time = manual_time();
    let server = start(&sqlite_url("flag"), &time).await;
    let (mut a, mut b) = pair(&server.url(), "oware", &[], "1+0").await;
    // No clock runs before each side has moved once.
    time.advance(Duration::from_secs(600));
    play_moves(&mut a, &mut b, 2).await;
    assert_eq!(a.mirror().snapshot.clock_running, Some(Seat::First));
    assert_eq!(a.mirror().snapshot.clocks_ms, Some([60_000, 60_000]));
    time.advance(Duration::from_secs(59));
    // Still in time: a move is taken (South's clock keeps 1 s, no increment).
    let mv = a.mirror().legal_moves()[0].to_string();
    a.play(&mv).await;
    b.hear_move().await;
    assert_eq!(b.mirror().snapshot.clocks_ms, Some([1_000, 60_000]));
    // North thinks for a minute and more: its flag falls, on the server, with no move sent.
    time.advance(Duration::from_secs(61));
    let GameStatus::Over { outcome } = a.hear_end().await else {
        panic!("not over");
    };
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat::First), EndReason::Time)
    );
    assert_eq!(b.hear_end().await, GameStatus::Over { outcome });
    server.kill().await;
}

#[tokio::test]
async fn a_player_gone_past_the_grace_period_can_be_claimed_against() {
    let time = manual_time();
    let server = start(&sqlite_url("claim"), &time).await;
    let (mut a, b) = pair(&server.url(), "morabaraba", &[], "none").await;
    a.send(ClientFrame::Claim {
        kind: ClaimKind::Win,
    })
    .await;
    assert_eq!(
        a.error().await,
        ErrorCode::CannotClaim,
        "the opponent is here"
    );
    b.conn.close().await;
    let ServerFrame::Presence { claim_in_ms, .. } = a
        .until("presence", |f| {
            matches!(f, ServerFrame::Presence { online: false, .. })
        })
        .await
    else {
        unreachable!()
    };
    assert_eq!(claim_in_ms, Some(120_000), "the grace of an untimed game");
    time.advance(Duration::from_secs(119));
    a.send(ClientFrame::Claim {
        kind: ClaimKind::Win,
    })
    .await;
    assert_eq!(
        a.error().await,
        ErrorCode::CannotClaim,
        "within the grace period"
    );
    time.advance(Duration::from_secs(1));
    a.send(ClientFrame::Claim {
        kind: ClaimKind::Win,
    })
    .await;
    let GameStatus::Over { outcome } = a.hear_end().await else {
        panic!("not over");
    };
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat::First), EndReason::Abandonment)
    );
    server.kill().await;
}

/// `--grace-seconds` (`Options::grace`) sets one grace period for every game, whatever its
/// clock: here 3 s instead of a 5+3 game's 30 s.
#[tokio::test]
async fn the_servers_grace_period_replaces_the_clocks() {
    let time = manual_time();
    let server = start_options(&sqlite_url("grace"), &time, |o| {
        o.grace = Some(Duration::from_secs(3));
    })
    .await;
    let (mut a, b) = pair(&server.url(), "oware", &[], "5+3").await;
    b.conn.close().await;
    let ServerFrame::Presence { claim_in_ms, .. } = a
        .until("presence", |f| {
            matches!(f, ServerFrame::Presence { online: false, .. })
        })
        .await
    else {
        unreachable!()
    };
    assert_eq!(claim_in_ms, Some(3_000));
    time.advance(Duration::from_secs(2));
    a.send(ClientFrame::Claim {
        kind: ClaimKind::Draw,
    })
    .await;
    assert_eq!(a.error().await, ErrorCode::CannotClaim, "within 3 s");
    time.advance(Duration::from_secs(1));
    a.send(ClientFrame::Claim {
        kind: ClaimKind::Draw,
    })
    .await;
    let GameStatus::Over { outcome } = a.hear_end().await else {
        panic!("not over");
    };
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, EndReason::Abandonment)
    );
    server.kill().await;
}

#[tokio::test]
async fn a_mulabalaba_game_with_captures_is_played_to_its_end() {
    let time = manual_time();
    let server = start(&sqlite_url("mulabalaba"), &time).await;
    let (mut a, mut b) = pair(&server.url(), "mulabalaba", &[], "none").await;
    // Always the first legal hole: a fixed game.
    let plies = play_out(&mut a, &mut b, |moves, _| moves[0]).await;
    let GameStatus::Over { outcome } = a.status() else {
        panic!("not over: {:?}", a.status());
    };
    assert_eq!(b.status(), a.status());
    eprintln!("{plies} plies: {outcome:?}");
    let scores = outcome.scores.expect("mancala scores");
    assert!(scores[0] + scores[1] > 0, "seeds were captured: {scores:?}");
    server.kill().await;
}

#[tokio::test]
async fn a_game_nobody_joins_expires_and_frees_its_code() {
    let time = manual_time();
    let server = start_options(&sqlite_url("expiry"), &time, |o| {
        o.waiting_expiry = Duration::from_secs(60);
    })
    .await;
    let mut early = Player::connect(&server.url()).await;
    let early_code = early.create("oware", &[], "none").await;
    time.advance(Duration::from_secs(40));
    let mut late = Player::connect(&server.url()).await;
    let late_code = late.create("oware", &[], "none").await;
    // 61 s after the first game was made, 21 s after the second.
    time.advance(Duration::from_secs(21));
    assert_eq!(early.hear_end().await, GameStatus::Aborted);
    let mut joiner = Player::connect(&server.url()).await;
    joiner.send(ClientFrame::Join { code: early_code }).await;
    assert_eq!(
        joiner.error().await,
        ErrorCode::UnknownGame,
        "the code is freed"
    );
    joiner.join(&late_code).await;
    assert_eq!(
        joiner.status(),
        GameStatus::Live,
        "the younger game still waits"
    );
    server.kill().await;
}
