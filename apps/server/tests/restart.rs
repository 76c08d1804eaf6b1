//! Nothing lost: a server killed mid-game and started again on the same database resumes the
//! game with every acknowledged move; the same on PostgreSQL, where two nodes also share one
//! game.

mod common;

use common::*;
use kraal_protocol::{BoardView, ClientFrame, GameStatus, PositionView, ServerFrame, WireMove};
use kraal_session::Seat;
use std::time::Duration;

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
    // Long enough for the dead node's leases (PostgreSQL) to run out.
    time.advance(LEASE_RUNS_OUT);

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

/// More than the default lease (15 s).
const LEASE_RUNS_OUT: Duration = Duration::from_secs(16);

/// The next frame, which must be a move's event (not the whole game).
async fn single_event(p: &mut Player) -> WireMove {
    match p.next().await {
        ServerFrame::Moved { mv, .. } => mv,
        other => panic!("not a single move event: {other:?}"),
    }
}

/// The next frame, which must be a `position` view: its ply, the cows (by point name, as the
/// `board` frame listed the points) and the number of legal moves.
async fn position_view(p: &mut Player, points: &[String]) -> (u32, Vec<(String, Seat)>, usize) {
    match p.next().await {
        ServerFrame::Position {
            ply,
            position: PositionView::Mill { cows, .. },
            legal,
            ..
        } => {
            let on = points
                .iter()
                .zip(cows)
                .filter_map(|(name, cow)| cow.map(|c| (name.clone(), c)))
                .collect();
            (ply, on, legal.len())
        }
        other => panic!("not a mill position view: {other:?}"),
    }
}

/// A page (a client that asked for the views) on a node that only follows its game gets the
/// board, and a position after every move, as a page on the owner's node does.
async fn a_page_on_a_following_node_gets_the_views(url: &str) {
    let time = manual_time();
    let one = start(url, &time).await;
    let two = start(url, &time).await;
    // The creator's node owns the game; the page joins on the other node.
    let mut a = Player::connect(&one.url()).await;
    let code = a.create("morabaraba", &[], "none").await;
    let mut page = Player::connect(&two.url()).await;
    page.send(ClientFrame::Views).await;
    page.join(&code).await;
    let ServerFrame::Board {
        board: BoardView::Mill { points, .. },
        ..
    } = page.next().await
    else {
        panic!("no mill board after the game");
    };
    let points: Vec<String> = points.into_iter().map(|p| p.name).collect();
    assert_eq!(points.len(), 24);
    // Morabaraba starts empty, White to place on any of the 24 points.
    assert_eq!(position_view(&mut page, &points).await, (0, vec![], 24));
    a.until(
        "the join",
        |f| matches!(f, ServerFrame::Game(s) if s.status == GameStatus::Live),
    )
    .await;

    // White plays on the owner's node: the page hears the move, then the position after it.
    a.play("d2").await;
    assert!(matches!(page.next().await, ServerFrame::Moved { .. }));
    let white = vec![("d2".to_owned(), Seat::First)];
    assert_eq!(
        position_view(&mut page, &points).await,
        (1, white.clone(), 23)
    );

    // The page's own move goes through the owner and comes back the same way.
    page.play("f4").await;
    let mut both = white;
    both.push(("f4".to_owned(), Seat::Second));
    assert_eq!(position_view(&mut page, &points).await, (2, both, 22));
    // The client on the owner's node did not ask for views and gets none.
    assert!(matches!(a.next().await, ServerFrame::Moved { .. }));
    one.kill().await;
    two.kill().await;
}

/// A game against the computer on a node that dies: once the lease runs out, the node the
/// player comes back to takes the game over, and the computer sits down again there and plays.
async fn a_computer_game_goes_on_after_its_node_dies(url: &str) {
    let time = manual_time();
    let one = start(url, &time).await;
    let two = start(url, &time).await;
    let mut me = Player::connect(&one.url()).await;
    me.send(ClientFrame::PlayComputer {
        game: "oware".into(),
        rules: None,
        set: Vec::new(),
        clock: kraal_protocol::frames::ClockSpec::default(),
        seat: None,
        opponent: "Calf".into(),
        seed: Some(3),
    })
    .await;
    let ServerFrame::Created { game, token, .. } = me.next().await else {
        panic!("not created");
    };
    me.game = Some(game);
    me.token = Some(token);
    me.until(
        "the computer seated",
        |f| matches!(f, ServerFrame::Game(s) if s.status == GameStatus::Live),
    )
    .await;
    let first = me.mirror().legal_moves()[0];
    me.play(&first.to_string()).await;
    me.hear_move().await;

    one.kill().await;
    time.advance(LEASE_RUNS_OUT);
    me.resume(&two.url()).await;
    assert_eq!(me.ply(), 2);
    // The computer takes its seat again (an event after the resumed game), then answers.
    me.until(
        "the computer back",
        |f| matches!(f, ServerFrame::Presence { online: true, seat, .. } if *seat == Seat::Second),
    )
    .await;
    let next = me.mirror().legal_moves()[0];
    me.play(&next.to_string()).await;
    me.hear_move().await;
    assert_eq!(me.ply(), 4);
    two.kill().await;
}

#[tokio::test]
async fn postgres_restart_and_a_game_across_two_nodes_that_survives_its_owner() {
    let Some(url) = postgres_url() else { return };
    killed_and_restarted(&url, false).await;
    // In this test, not a test of its own: tests of one binary run at once, and another's
    // nodes on the shared database could take this one's games over.
    a_page_on_a_following_node_gets_the_views(&url).await;
    a_computer_game_goes_on_after_its_node_dies(&url).await;

    let time = manual_time();
    let one = start(&url, &time).await;
    let two = start(&url, &time).await;
    // The creator's node owns the game; the joiner's node follows it.
    let mut a = Player::connect(&one.url()).await;
    let code = a.create("oware", &[], "none").await;
    let mut b = Player::connect(&two.url()).await;
    b.join(&code).await;
    a.until(
        "the join, through the database",
        |f| matches!(f, ServerFrame::Game(s) if s.status == GameStatus::Live),
    )
    .await;
    for _ in 0..12 {
        let (me, other) = mover(&mut a, &mut b);
        let mv = me.mirror().legal_moves()[0];
        let ply = me.ply();
        me.send(ClientFrame::Move {
            ply,
            mv,
            think_ms: None,
        })
        .await;
        assert_eq!(single_event(me).await, mv, "the mover's acknowledgement");
        assert_eq!(single_event(other).await, mv, "the other node's player");
    }
    assert_eq!(a.mirror().snapshot.moves, b.mirror().snapshot.moves);
    let acknowledged = a.mirror().snapshot.moves.clone();

    // The owner dies; once its lease runs out the other node takes the game over, replaying
    // it from the database, and the dead node's player counts as gone.
    one.kill().await;
    time.advance(LEASE_RUNS_OUT);
    b.snapshot().await;
    assert_eq!(
        b.mirror().snapshot.moves,
        acknowledged,
        "every acknowledged move"
    );
    assert!(
        !b.mirror().snapshot.opponent_online,
        "the dead node's player is gone"
    );
    b.send(ClientFrame::Claim {
        kind: kraal_protocol::ClaimKind::Win,
    })
    .await;
    assert_eq!(
        b.error().await,
        kraal_protocol::ErrorCode::CannotClaim,
        "not before the grace period"
    );
    a.resume(&two.url()).await;
    assert_eq!(a.mirror().snapshot.moves, acknowledged);
    let plies = play_out(&mut a, &mut b, |moves, _| moves[moves.len() - 1]).await;
    assert!(plies > 0);
    let GameStatus::Over { outcome } = a.status() else {
        panic!("not over: {:?}", a.status());
    };
    assert_eq!(b.status(), a.status());
    // What the database holds replays to the same end, through the acknowledged moves.
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
    let record = kraal_session::Record::parse(&text).expect("a record");
    let replayed = record.check().expect("it replays");
    assert_eq!(replayed.outcome, Some(outcome));
    assert_eq!(
        record.moves.len(),
        a.mirror().snapshot.moves.len(),
        "every move stored"
    );
    two.kill().await;

    // A node that only follows dies: on the owner its player counts as gone once the dead
    // node's heartbeat runs out.
    let three = start(&url, &time).await;
    let four = start(&url, &time).await;
    let mut c = Player::connect(&three.url()).await;
    let code = c.create("morabaraba", &[], "none").await;
    let mut d = Player::connect(&four.url()).await;
    d.join(&code).await;
    c.until(
        "the join",
        |f| matches!(f, ServerFrame::Game(s) if s.status == GameStatus::Live),
    )
    .await;
    assert!(c.mirror().snapshot.opponent_online);
    four.kill().await;
    time.advance(LEASE_RUNS_OUT);
    c.until("the dead node's player gone", |f| {
        matches!(f, ServerFrame::Presence { online: false, seat, .. } if *seat == kraal_session::Seat::Second)
    })
    .await;
    assert!(!c.mirror().snapshot.opponent_online);
    three.kill().await;
}
