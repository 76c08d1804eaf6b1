//! Playing the computer through the server (issue 19): the opponent takes its seat as a client
//! of the game's task, plays to the end, replays the same way from the same seed; the views a
//! drawing client asks for come with every state.

mod common;

use common::*;
use kraal_protocol::frames::ClockSpec;
use kraal_protocol::{ClientFrame, ErrorCode, GameStatus, PositionView, ServerFrame, WireMove};
use kraal_session::Seat;

fn play_computer(game: &str, opponent: &str, seed: Option<u64>) -> ClientFrame {
    ClientFrame::PlayComputer {
        game: game.into(),
        rules: None,
        set: Vec::new(),
        clock: ClockSpec::default(),
        seat: None,
        opponent: opponent.into(),
        seed,
    }
}

/// What a game against the computer gave: the moves, how it ended, the frames seen.
struct Played {
    moves: Vec<WireMove>,
    status: GameStatus,
    boards: usize,
    positions: usize,
}

/// Plays the first legal move of every Position frame (views asked for), or of the mirror
/// (no views), until the game ends or `max_plies` are played (then resigns).
async fn against(url: &str, frame: ClientFrame, views: bool, max_plies: usize) -> Played {
    let mut me = Player::connect(url).await;
    if views {
        me.send(ClientFrame::Views).await;
    }
    me.send(frame).await;
    let ServerFrame::Created { seat, .. } = me.next().await else {
        panic!("not created");
    };
    assert_eq!(seat, Seat::First);
    let (mut boards, mut positions) = (0, 0);
    loop {
        let frame = me.next().await;
        let mine = me
            .mirror
            .as_ref()
            .is_some_and(|m| m.snapshot.status == GameStatus::Live && m.snapshot.to_move == seat);
        match &frame {
            ServerFrame::Board { .. } => boards += 1,
            ServerFrame::Position {
                ply,
                legal,
                to_move,
                ..
            } => {
                positions += 1;
                let mirror = me.mirror();
                assert_eq!(
                    *ply,
                    mirror.ply(),
                    "the position is of the state just heard"
                );
                if mirror.snapshot.status == GameStatus::Live {
                    // The legal moves sent are the mirror's, which replays the game itself.
                    let sent: Vec<WireMove> = legal.iter().map(|m| m.mv).collect();
                    assert_eq!(sent, mirror.legal_moves());
                    assert_eq!(*to_move, mirror.snapshot.to_move);
                }
                if mine && !legal.is_empty() {
                    if *ply as usize >= max_plies {
                        me.send(ClientFrame::Resign).await;
                    } else {
                        me.send_move(&legal[0].text).await;
                    }
                }
            }
            ServerFrame::Game(_) | ServerFrame::Moved { .. } if mine && !views => {
                if me.ply() as usize >= max_plies {
                    me.send(ClientFrame::Resign).await;
                } else if let Some(first) = me.mirror().legal_moves().first().copied() {
                    me.send_move(&first.to_string()).await;
                }
                // No legal move: the rules ended the game with that move, and the frame saying
                // so comes next.
            }
            ServerFrame::Error { code, message } => panic!("refused: {code} {message}"),
            _ => {}
        }
        if me
            .mirror
            .as_ref()
            .is_some_and(|m| m.snapshot.status.is_finished())
        {
            break;
        }
    }
    let mirror = me.mirror();
    Played {
        moves: mirror.snapshot.moves.clone(),
        status: mirror.snapshot.status,
        boards,
        positions,
    }
}

#[tokio::test]
async fn the_calf_plays_a_whole_oware_game_and_every_state_carries_its_views() {
    let time = manual_time();
    let server = start(&sqlite_url("computer-oware"), &time).await;
    let played = against(
        &server.url(),
        play_computer("oware", "calf", Some(7)),
        true,
        usize::MAX,
    )
    .await;
    let GameStatus::Over { .. } = played.status else {
        panic!("not over: {:?}", played.status);
    };
    assert!(played.moves.len() > 10, "{} plies", played.moves.len());
    assert!(played.boards >= 1);
    // One position after the whole game, one after each move.
    assert!(
        played.positions > played.moves.len(),
        "{}",
        played.positions
    );
    server.kill().await;
}

#[tokio::test]
async fn a_fixed_seed_replays_the_same_morabaraba_game() {
    let time = manual_time();
    let server = start(&sqlite_url("computer-seed"), &time).await;
    let url = server.url();
    let first = against(&url, play_computer("morabaraba", "1", Some(11)), true, 40).await;
    let again = against(
        &url,
        play_computer("morabaraba", "Calf", Some(11)),
        true,
        40,
    )
    .await;
    assert!(first.moves.len() >= 10, "{} plies", first.moves.len());
    assert_eq!(first.moves, again.moves);
    server.kill().await;
}

#[tokio::test]
async fn a_client_that_asks_for_no_views_gets_none_and_the_herd_boy_plays_mulabalaba() {
    let time = manual_time();
    let server = start(&sqlite_url("computer-noviews"), &time).await;
    let played = against(
        &server.url(),
        play_computer("mulabalaba", "herd-boy", None),
        false,
        30,
    )
    .await;
    assert_eq!((played.boards, played.positions), (0, 0));
    assert!(played.status.is_finished());
    assert!(!played.moves.is_empty());
    server.kill().await;
}

#[tokio::test]
async fn an_unknown_opponent_or_game_is_refused_in_words() {
    let time = manual_time();
    let server = start(&sqlite_url("computer-unknown"), &time).await;
    let mut me = Player::connect(&server.url()).await;
    me.send(play_computer("oware", "grandmaster", None)).await;
    let ServerFrame::Error { code, message } = me.next().await else {
        panic!("not refused");
    };
    assert_eq!(code, ErrorCode::BadRules);
    assert!(message.contains("grandmaster"), "{message}");
    me.send(play_computer("chess", "calf", None)).await;
    let ServerFrame::Error { code, message } = me.next().await else {
        panic!("not refused");
    };
    assert_eq!(code, ErrorCode::BadRules);
    assert!(message.contains("chess"), "{message}");
    server.kill().await;
}

#[tokio::test]
async fn the_first_position_of_a_mill_game_has_every_point_empty() {
    let time = manual_time();
    let server = start(&sqlite_url("computer-position"), &time).await;
    let mut me = Player::connect(&server.url()).await;
    me.send(ClientFrame::Views).await;
    let mut frame = play_computer("morabaraba", "calf", Some(1));
    if let ClientFrame::PlayComputer { seat, .. } = &mut frame {
        *seat = Some(Seat::Second);
    }
    me.send(frame).await;
    let position = me
        .until("position", |f| matches!(f, ServerFrame::Position { .. }))
        .await;
    let ServerFrame::Position {
        ply,
        position: PositionView::Mill { cows, in_hand, .. },
        ..
    } = position
    else {
        panic!("a mill position");
    };
    // Either the start (before the computer's first placement) or just after it.
    assert!(ply <= 1);
    assert_eq!(cows.len(), 24);
    assert_eq!(cows.iter().filter(|c| c.is_some()).count(), ply as usize);
    assert_eq!(in_hand[1], 12);
    me.send(ClientFrame::Resign).await;
    server.kill().await;
}

#[tokio::test]
async fn with_one_search_slot_two_computer_games_both_play_to_the_end() {
    let time = manual_time();
    let mut options = kraal_server::Options::new(
        "127.0.0.1:0".parse().expect("addr"),
        sqlite_url("computer-slots"),
    );
    options.time = std::sync::Arc::new(time.clone());
    options.limits = kraal_server::limits::Limits::generous();
    options.computer_searches = 1;
    let server = kraal_server::start(options).await.expect("starts");
    assert_eq!(server.server.computers.limit(), 1);
    let url = server.url();
    let (a, b) = tokio::join!(
        against(
            &url,
            play_computer("oware", "calf", Some(1)),
            true,
            usize::MAX
        ),
        against(
            &url,
            play_computer("oware", "herd boy", Some(2)),
            true,
            usize::MAX
        ),
    );
    assert!(
        matches!(a.status, GameStatus::Over { .. }),
        "{:?}",
        a.status
    );
    assert!(
        matches!(b.status, GameStatus::Over { .. }),
        "{:?}",
        b.status
    );
    // Every slot is free again once the games are over.
    assert_eq!(server.server.computers.idle(), 1);
    server.kill().await;
}

/// Starts a game against `opponent` with `seed`, as the first player, and waits until the
/// computer has taken its seat.
async fn start_against(url: &str, opponent: &str, seed: u64) -> Player {
    let mut me = Player::connect(url).await;
    me.send(play_computer("morabaraba", opponent, Some(seed)))
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
    me
}

/// Plays `turns` of the first legal move, each answered by the computer.
async fn my_turns(me: &mut Player, turns: usize) {
    for _ in 0..turns {
        let first = me.mirror().legal_moves()[0];
        me.play(&first.to_string()).await;
        me.hear_move().await;
    }
}

#[tokio::test]
async fn a_game_against_the_computer_survives_a_restart_and_plays_on_as_it_would_have() {
    let time = manual_time();
    let url = sqlite_url("computer-restart");
    // Uninterrupted: six turns each.
    let server = start(&url, &time).await;
    let mut me = start_against(&server.url(), "Herd Boy", 5).await;
    my_turns(&mut me, 6).await;
    let straight = me.mirror().snapshot.moves.clone();
    me.send(ClientFrame::Resign).await;
    me.hear_end().await;

    // The same game, the server killed after three turns and started again on its database.
    let mut me = start_against(&server.url(), "Herd Boy", 5).await;
    my_turns(&mut me, 3).await;
    server.kill().await;
    let server = start(&url, &time).await;
    me.resume(&server.url()).await;
    assert!(
        me.mirror().snapshot.opponent_online,
        "the computer took its seat again"
    );
    assert_eq!(
        me.mirror().snapshot.names[1].as_deref(),
        Some("Herd Boy (computer)")
    );
    my_turns(&mut me, 3).await;
    // With the same seed and the same moves it chose as it would have without the restart.
    assert_eq!(me.mirror().snapshot.moves, straight);
    server.kill().await;
}
