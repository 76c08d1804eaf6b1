//! Online play in the terminal UI, through a real server in this process: the app is driven
//! by its own key handler (as a player would), against a scripted opponent speaking the
//! protocol; the screens are read as text from ratatui's TestBackend.

mod common;
#[path = "common/server.rs"]
mod server;

use common::{press, screen};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use kraal_front::home::{MODES, Mode};
use kraal_protocol::{ClientFrame, GameStatus};
use kraal_session::Seat;
use kraal_tui::Theme;
use kraal_tui::app::{App, Overlay, Paths, Screen};
use kraal_tui::online::Line;
use kraal_tui::start::Field;
use ratatui::layout::Rect;
use server::{TestServer, folder, wait_until};
use std::path::Path;
use std::time::Instant;

const UNICODE: Theme = Theme {
    ascii: false,
    color: true,
};

/// The app on the online screen, its seat tokens in `dir`, pointed at `url`.
fn online_app(dir: &Path, url: &str) -> App {
    let paths = Paths {
        online: Some(dir.join("online.json")),
        ..Paths::default()
    };
    let mut app = App::new(UNICODE, paths, 7);
    app.size = Rect::new(0, 0, 100, 32);
    app.online_server = url.to_owned();
    let at = MODES
        .iter()
        .position(|m| *m == Mode::Online)
        .expect("an Online mode");
    for _ in 0..at {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter);
    assert!(
        matches!(app.screen, Screen::Online(_)),
        "Enter on Play online opens the online screen"
    );
    app
}

fn menu(app: &App) -> &kraal_tui::online::OnlineMenu {
    match &app.screen {
        Screen::Online(menu) => menu,
        _ => panic!("not on the online screen"),
    }
}

/// Presses ↓ until the selection is on `line`.
fn go_to(app: &mut App, line: Line) {
    for _ in 0..20 {
        if menu(app).line() == line {
            return;
        }
        press(app, KeyCode::Down);
    }
    panic!("no line {line:?} on the online screen");
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let modifiers = if c.is_uppercase() {
            KeyModifiers::SHIFT
        } else {
            KeyModifiers::NONE
        };
        app.handle_key(KeyEvent::new(KeyCode::Char(c), modifiers), Instant::now());
    }
}

/// The game on the screen's moves, as notation.
fn moves(app: &App) -> Vec<String> {
    match &app.screen {
        Screen::Game(g) => g.game.all_moves().iter().map(ToString::to_string).collect(),
        _ => Vec::new(),
    }
}

/// Ticks the app until the game on its screen holds `plies` moves.
fn tick_until_ply(app: &mut App, plies: usize) {
    wait_until(&format!("ply {plies} on the board"), || {
        app.tick(Instant::now());
        (moves(app).len() >= plies).then_some(())
    });
}

/// Whether the game on the screen waits for this player's move.
fn my_turn(app: &App) -> bool {
    match &app.screen {
        Screen::Game(g) => g.online.as_ref().is_some_and(|o| o.live.my_turn()),
        _ => false,
    }
}

/// Creates an Oware game from the online screen by keys and returns the code read from the
/// app's state, checking the waiting window shows it.
fn create_oware(app: &mut App) -> String {
    go_to(app, Line::Choice(Field::Game));
    press(app, KeyCode::Right);
    assert_eq!(menu(app).choices.describe(Field::Game).1, "oware");
    go_to(app, Line::Create);
    press(app, KeyCode::Enter);
    let code = wait_until("the join code", || {
        app.tick(Instant::now());
        menu(app)
            .pending
            .as_ref()
            .and_then(|p| p.live.code().map(str::to_owned))
    });
    let text = screen(app, 100, 32);
    assert!(text.contains("Your opponent joins with code"), "{text}");
    assert!(text.contains(&code), "{text}");
    assert!(
        text.contains(&format!("kraal online join {code}")),
        "{text}"
    );
    code
}

#[test]
fn a_tui_player_creates_plays_a_few_moves_and_wins_when_the_opponent_resigns() {
    let dir = folder("play");
    let server = TestServer::start(&dir);
    let mut app = online_app(&dir, &server.url);
    go_to(&mut app, Line::Name);
    type_text(&mut app, "ada");
    let code = create_oware(&mut app);
    assert_eq!(code.len(), 6, "a six-letter code: {code}");

    let mut bob = server.player("bob");
    bob.join(&server, &code);
    wait_until("the game screen", || {
        app.tick(Instant::now());
        matches!(app.screen, Screen::Game(_)).then_some(())
    });
    assert!(
        my_turn(&app),
        "the creator holds the first seat and moves first"
    );
    assert_eq!(bob.mirror().snapshot.you, Seat::Second);
    assert_eq!(
        bob.mirror().snapshot.names[0].as_deref(),
        Some("ada"),
        "the name typed is the one the opponent sees"
    );
    let text = screen(&app, 100, 32);
    assert!(text.contains("Online ● connected"), "the indicator: {text}");
    assert!(text.contains("Your move (South)."), "{text}");
    assert!(text.contains("bob"), "the opponent's name: {text}");

    for turn in 0..3 {
        // Our move, by keys: Enter sows the hole under the cursor (it stays on a hole that
        // can be sown).
        let before = moves(&app).len();
        press(&mut app, KeyCode::Enter);
        assert_eq!(
            moves(&app).len(),
            before + 1,
            "turn {turn}: the board took the move"
        );
        let ours = moves(&app)[before].clone();
        bob.wait_for_ply(&server, before as u32 + 1);
        assert_eq!(
            bob.mirror().snapshot.moves[before].to_string(),
            ours,
            "the server has the move the keys made"
        );
        // A pick out of turn is refused and sends nothing.
        press(&mut app, KeyCode::Enter);
        assert_eq!(
            moves(&app).len(),
            before + 1,
            "no move on the opponent's turn"
        );
        // Bob's move arrives and is played on the board.
        let theirs = bob.mirror().legal_moves()[0];
        bob.play_wire(&server, theirs);
        tick_until_ply(&mut app, before + 2);
        assert_eq!(moves(&app)[before + 1], theirs.to_string());
        assert!(my_turn(&app));
    }
    // The board is the server's game, move for move.
    let server_moves: Vec<String> = bob
        .mirror()
        .snapshot
        .moves
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(moves(&app), server_moves);

    bob.send(&server, ClientFrame::Resign);
    let status = bob.hear_end(&server);
    assert!(matches!(status, GameStatus::Over { .. }), "{status:?}");
    wait_until("the game-over window", || {
        app.tick(Instant::now());
        match &app.screen {
            Screen::Game(g) => (g.overlay == Overlay::GameOver).then_some(()),
            _ => None,
        }
    });
    let text = screen(&app, 100, 32);
    // North (the second seat, Bob) resigned: South, the first player, wins 1-0.
    assert!(text.contains("North resigned"), "{text}");
    assert!(text.contains("Result 1-0"), "{text}");
    // Enter goes back to the online screen, where the finished game is listed.
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Online(_)));
    assert_eq!(menu(&app).seats.len(), 1, "the seat is kept");
    // Resumed, the finished game opens on its ending, and the board takes no move.
    go_to(&mut app, Line::Seat(0));
    press(&mut app, KeyCode::Enter);
    wait_until("the finished game's ending", || {
        app.tick(Instant::now());
        match &app.screen {
            Screen::Game(g) => (g.overlay == Overlay::GameOver).then_some(()),
            _ => None,
        }
    });
    assert_eq!(moves(&app), server_moves);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Enter);
    assert_eq!(moves(&app), server_moves, "no move after the end");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_code_is_refused_with_a_reason_and_an_unknown_one_by_the_server() {
    let dir = folder("bad-code");
    let server = TestServer::start(&dir);
    let mut app = online_app(&dir, &server.url);
    go_to(&mut app, Line::Code);
    type_text(&mut app, "AB1");
    press(&mut app, KeyCode::Enter);
    let message = menu(&app).message.clone().expect("a message");
    assert!(menu(&app).pending.is_none(), "nothing was sent");
    assert!(screen(&app, 100, 32).contains(&message[..20.min(message.len())]));
    // Letters type into the field, Backspace takes them back: now a well-formed code that
    // names no game, which the server refuses.
    for _ in 0..3 {
        press(&mut app, KeyCode::Backspace);
    }
    assert_eq!(menu(&app).code, "");
    type_text(&mut app, "qqqqqq");
    press(&mut app, KeyCode::Enter);
    let refused = wait_until("the server's refusal", || {
        app.tick(Instant::now());
        let m = menu(&app);
        (m.pending.is_none()).then(|| m.message.clone()).flatten()
    });
    // The server's own words for a code no game has.
    assert!(
        refused.contains("no game waits with this code"),
        "{refused}"
    );
    assert!(screen(&app, 100, 32).contains("no game waits with this code"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_indicator_says_reconnecting_when_the_server_goes_away_and_a_left_game_resumes() {
    let dir = folder("reconnect");
    let mut server = TestServer::start(&dir);
    let mut app = online_app(&dir, &server.url);
    let code = create_oware(&mut app);
    let mut bob = server.player("bob");
    bob.join(&server, &code);
    wait_until("the game screen", || {
        app.tick(Instant::now());
        matches!(app.screen, Screen::Game(_)).then_some(())
    });
    press(&mut app, KeyCode::Enter);
    bob.wait_for_ply(&server, 1);
    // n leaves for the online screen; the game is listed by the server and resumes.
    press(&mut app, KeyCode::Char('n'));
    assert!(matches!(app.screen, Screen::Online(_)));
    wait_until("the server's word on the game", || {
        app.tick(Instant::now());
        let line = menu(&app).seat_line(0);
        (!line.contains("asking")).then_some(line)
    });
    go_to(&mut app, Line::Seat(0));
    press(&mut app, KeyCode::Enter);
    wait_until("the game resumed", || {
        app.tick(Instant::now());
        (moves(&app).len() == 1).then_some(())
    });
    assert!(!my_turn(&app), "Bob is to move");
    server.stop();
    wait_until("the reconnecting indicator", || {
        app.tick(Instant::now());
        screen(&app, 100, 32).contains("reconnecting").then_some(())
    });
    let text = screen(&app, 100, 32);
    assert!(!text.contains("Online ● connected"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_online_screen_lists_its_lines_and_keys() {
    let dir = folder("screen");
    let mut app = online_app(&dir, "ws://127.0.0.1:7878/ws");
    insta::assert_snapshot!("online_empty", screen(&app, 100, 32));
    // The Server line is a text field: letters type, Backspace deletes.
    assert_eq!(menu(&app).line(), Line::Server);
    for _ in 0.."7878/ws".len() {
        press(&mut app, KeyCode::Backspace);
    }
    type_text(&mut app, "9000/ws");
    assert_eq!(menu(&app).server, "ws://127.0.0.1:9000/ws");
    // A click on a line selects it; a second click acts on it.
    let (x, y) = cell_of(&app, "Join the game");
    app.click(x, y, Instant::now());
    assert_eq!(menu(&app).line(), Line::Join);
    // A second click acts: the empty code is refused with a reason.
    app.click(x, y, Instant::now());
    assert!(menu(&app).message.is_some(), "the empty code is refused");
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::Home(_)), "Esc goes home");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether the online game on the app's screen shows the opponent's draw offer.
fn offered_to_me(app: &App) -> bool {
    match &app.screen {
        Screen::Game(g) => g.online.as_ref().is_some_and(|o| o.offered_to_me()),
        _ => false,
    }
}

/// The screen cell where `text` is drawn (read from the drawn screen, so a click there
/// checks that the mouse finds what the drawing put there).
fn cell_of(app: &App, text: &str) -> (u16, u16) {
    let drawn = screen(app, app.size.width, app.size.height);
    for (y, row) in drawn.lines().enumerate() {
        // TestBackend rows are quoted: the first character is the quote.
        if let Some(at) = row.find(text) {
            let x = row[..at].chars().count().saturating_sub(1);
            return (x as u16, y as u16);
        }
    }
    panic!("no {text:?} on the screen:\n{drawn}");
}

#[test]
fn a_tui_player_joins_by_code_declines_then_accepts_a_draw_offer() {
    let dir = folder("join");
    let server = TestServer::start(&dir);
    let mut ama = server.player("ama");
    let code = ama.create(&server, "morabaraba", "none");
    let mut app = online_app(&dir, &server.url);
    go_to(&mut app, Line::Code);
    // Typed in small letters with spaces around: read as the code.
    type_text(&mut app, &format!(" {} ", code.to_lowercase()));
    press(&mut app, KeyCode::Enter);
    wait_until("the game screen", || {
        app.tick(Instant::now());
        matches!(app.screen, Screen::Game(_)).then_some(())
    });
    ama.until(
        &server,
        "the game live",
        |f| matches!(f, kraal_protocol::ServerFrame::Game(s) if s.status == GameStatus::Live),
    );
    assert!(!my_turn(&app), "the joiner holds the second seat");
    ama.play(&server, "d6");
    tick_until_ply(&mut app, 1);
    assert!(my_turn(&app));
    // Our placement, by keys: the cursor keys to a1, then Enter.
    let Screen::Game(g) = &app.screen else {
        unreachable!()
    };
    let board = g.game.morris_position().expect("a mill game").board();
    for key in common::path_to(board, g.game.point, "a1".parse().expect("a point")) {
        press(&mut app, key);
    }
    press(&mut app, KeyCode::Enter);
    ama.wait_for_ply(&server, 2);
    assert_eq!(ama.mirror().snapshot.moves[1].to_string(), "a1");

    // The opponent offers a draw: shown, with its keys; x declines it.
    ama.send(&server, ClientFrame::OfferDraw);
    wait_until("the offer", || {
        app.tick(Instant::now());
        screen(&app, 100, 32)
            .contains("Your opponent offers a draw.")
            .then_some(())
    });
    let text = screen(&app, 100, 32);
    assert!(text.contains("d accept the draw"), "{text}");
    assert!(text.contains("x decline"), "{text}");
    press(&mut app, KeyCode::Char('x'));
    ama.until(&server, "the decline", |f| {
        matches!(f, kraal_protocol::ServerFrame::DrawDeclined { .. })
    });
    // The app clears the offer when the server's decline reaches it; until then the first
    // offer still shows, and a `d` pressed on it could reach the server before the second.
    wait_until("the decline on the app's side", || {
        app.tick(Instant::now());
        (!offered_to_me(&app)).then_some(())
    });
    // Offered again, d accepts: a draw by agreement.
    ama.send(&server, ClientFrame::OfferDraw);
    wait_until("the second offer", || {
        app.tick(Instant::now());
        offered_to_me(&app).then_some(())
    });
    press(&mut app, KeyCode::Char('d'));
    let status = ama.hear_end(&server);
    let GameStatus::Over { outcome } = status else {
        panic!("not over: {status:?}");
    };
    assert_eq!(outcome.winner, None, "a draw");
    wait_until("the game-over window", || {
        app.tick(Instant::now());
        match &app.screen {
            Screen::Game(g) => (g.overlay == Overlay::GameOver).then_some(()),
            _ => None,
        }
    });
    let text = screen(&app, 100, 32);
    assert!(text.contains("Result 1/2-1/2"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_help_lists_the_online_keys_and_the_ones_turned_off() {
    let dir = folder("help");
    let server = TestServer::start(&dir);
    let mut ama = server.player("ama");
    let code = ama.create(&server, "oware", "none");
    let mut app = online_app(&dir, &server.url);
    go_to(&mut app, Line::Code);
    type_text(&mut app, &code);
    press(&mut app, KeyCode::Enter);
    wait_until("the game screen", || {
        app.tick(Instant::now());
        matches!(app.screen, Screen::Game(_)).then_some(())
    });
    // Undo is off, and says so.
    press(&mut app, KeyCode::Char('u'));
    let Screen::Game(g) = &app.screen else {
        unreachable!()
    };
    let note = g.note.as_ref().map(|(n, _)| n.clone()).unwrap_or_default();
    assert!(note.starts_with("Not in an online game"), "{note}");
    press(&mut app, KeyCode::Char('?'));
    app.size = Rect::new(0, 0, 100, 60);
    let text = screen(&app, 100, 60);
    for words in [
        "Online",
        "offer a draw, or accept the one your opponent offers",
        "decline the opponent's draw offer",
        "Not in an online game",
        "off in an online game",
        "back to the online screen",
    ] {
        assert!(text.contains(words), "{words:?} in the help:\n{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_waiting_game_resumed_shows_its_code_again_and_starts_when_joined() {
    let dir = folder("resume-waiting");
    let server = TestServer::start(&dir);
    let mut app = online_app(&dir, &server.url);
    let code = create_oware(&mut app);
    // The player quits while the game waits (Ctrl-C: the game is not cancelled).
    app.handle_key(
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
        Instant::now(),
    );
    assert!(app.quit);
    drop(app);
    let mut app = online_app(&dir, &server.url);
    wait_until("the server's word on the waiting game", || {
        app.tick(Instant::now());
        let line = menu(&app).seat_line(0);
        line.contains("waiting").then_some(())
    });
    go_to(&mut app, Line::Seat(0));
    press(&mut app, KeyCode::Enter);
    wait_until("the code in the waiting window", || {
        app.tick(Instant::now());
        screen(&app, 100, 32)
            .contains(&format!("kraal online join {code}"))
            .then_some(())
    });
    let mut bob = server.player("bob");
    bob.join(&server, &code);
    wait_until("the game screen", || {
        app.tick(Instant::now());
        matches!(app.screen, Screen::Game(_)).then_some(())
    });
    assert!(my_turn(&app));
    let _ = std::fs::remove_dir_all(&dir);
}
