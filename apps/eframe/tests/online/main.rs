//! Online play in the window: the GUI (through egui_kittest, clicked as a player clicks)
//! against a scripted player, through a kraal server running in this process.

#[path = "../common/mod.rs"]
mod common;
mod scripted;

use common::{click, config, folder, shown, shown_containing};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use kraal_gui::KraalApp;
use kraal_session::any::AnyMove;
use scripted::{Scripted, TestServer};

type Gui = Harness<'static, KraalApp>;

/// Steps the window until `done` holds (the connection runs on its own thread), failing
/// after a bound.
fn step_until(h: &mut Gui, what: &str, done: impl Fn(&Gui) -> bool) {
    for _ in 0..4_000 {
        if done(h) {
            h.run();
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the window never showed {what}");
}

/// The window on the online screen, for the server `url`.
fn online_window(dir: &std::path::Path, url: &str) -> Gui {
    let app = KraalApp::from_args(config(dir), ["--server", url]).expect("arguments");
    let mut h = common::harness(app);
    h.run();
    h.get_all_by_label_contains("Play online")
        .next()
        .expect("the home screen offers online play")
        .click();
    h.run();
    h
}

/// The text field labelled `label`.
fn type_into(h: &mut Gui, label: &str, text: &str) {
    field(h, label).focus();
    h.run();
    field(h, label).type_text(text);
    h.run();
}

/// The text field labelled `label`.
fn field<'a>(h: &'a Gui, label: &str) -> egui_kittest::Node<'a> {
    h.get_all_by_role(egui::accesskit::Role::TextInput)
        .find(|n| n.accesskit_node().label().as_deref() == Some(label))
        .unwrap_or_else(|| panic!("a field labelled {label}"))
}

/// Clicks the board's hole or point that plays `mv` (a mancala move: one hole).
fn click_move(h: &mut Gui, mv: AnyMove) {
    let game = h.state().game().expect("a game on the board");
    let pos = game.mancala_position().expect("a mancala game");
    let AnyMove::Mancala(m) = mv else {
        panic!("a mancala move");
    };
    let name = format!("{}, ", pos.board().describe(m.hole()));
    h.get_all_by_label_contains(&name)
        .next()
        .unwrap_or_else(|| panic!("the hole {name}"))
        .click();
    h.run();
}

/// The moves on the window's board, as text.
fn board_moves(h: &Gui) -> Vec<String> {
    h.state()
        .game()
        .map(|g| g.moves().iter().map(ToString::to_string).collect())
        .unwrap_or_default()
}

/// Creates an Oware game from the window's online screen; returns the code it shows.
fn create_from_window(h: &mut Gui) -> String {
    click(h, "Oware");
    click(h, "Create the game");
    step_until(h, "the join code", |h| {
        shown_containing(h, "Your opponent joins with code ")
    });
    let line = h
        .get_all_by_label_contains("Your opponent joins with code ")
        .next()
        .and_then(|n| {
            let node = n.accesskit_node();
            node.value().map(|v| v.to_string()).or_else(|| node.label())
        })
        .expect("the code's line");
    line.trim_start_matches("Your opponent joins with code ")
        .to_owned()
}

#[test]
fn the_window_plays_an_online_game_against_a_scripted_player() {
    let dir = folder("online-game");
    let server = TestServer::start(&dir);
    let mut h = online_window(&dir, &server.url);
    let code = create_from_window(&mut h);
    assert_eq!(code.len(), 6, "{code}");
    assert!(shown(&h, &code), "the code is shown large on its own");
    assert!(shown(&h, "Copy"), "the code can be copied");
    assert!(
        h.state().game().is_none(),
        "no board before the opponent comes"
    );

    let mut bot = Scripted::connect(&server, "Scripted");
    bot.join(&code);
    step_until(&mut h, "the board", |h| shown(h, "south house A, 4 seeds"));
    assert!(
        shown_containing(&h, "Scripted"),
        "the opponent's name is shown"
    );
    assert!(shown(&h, "Server: connected"), "the connection's words");
    assert!(h.state().is_online());

    let mut played = Vec::new();
    for turn in 0..3 {
        // The window's turn: a legal hole clicked on the board.
        let game = h.state().game().expect("a game");
        let mv = game.legal_moves()[turn % game.legal_moves().len()];
        click_move(&mut h, mv);
        played.push(mv.to_string());
        assert_eq!(
            board_moves(&h),
            played,
            "the click played {mv} on the board"
        );
        // The server committed it, and the scripted player heard it.
        let heard = bot.wait_turn();
        assert_eq!(
            heard.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [mv.to_string()],
            "turn {turn}"
        );
        // Its reply arrives on the window's board, and the board takes no click meanwhile.
        let reply = bot.play_first();
        played.push(reply.to_string());
        step_until(&mut h, "the reply", |h| board_moves(h) == played);
        step_until(&mut h, "the animation's end", |h| !h.state().is_animating());
        let times = played.iter().filter(|m| **m == reply.to_string()).count();
        assert_eq!(
            h.query_all_by_label(&reply.to_string()).count(),
            times,
            "{reply} in the move list"
        );
    }
    // Undo and the hint are off online.
    for button in ["Undo", "Hint"] {
        assert!(
            h.get_by_label(button).accesskit_node().is_disabled(),
            "{button} is off online"
        );
    }
    // A draw offer from the other side: the panel says it, with its answers.
    bot.offer_draw();
    step_until(&mut h, "the draw offer", |h| {
        shown(h, "Your opponent offers a draw.")
    });
    click(&mut h, "Decline");
    bot.hear_decline();
    step_until(&mut h, "the offer gone", |h| {
        !shown(h, "Your opponent offers a draw.")
    });
    let status = bot.resign();
    assert!(status.is_finished());
    step_until(&mut h, "the game-over window", |h| shown(h, "Game over"));
    assert!(
        shown_containing(&h, "South wins: North resigned"),
        "the ending as the server says it"
    );
    assert!(!shown(&h, "Take back"), "no take-back online");
}

#[test]
fn a_game_left_is_listed_and_resumed_and_the_window_resigns() {
    let dir = folder("online-resume");
    let server = TestServer::start(&dir);
    let mut h = online_window(&dir, &server.url);
    let code = create_from_window(&mut h);
    let mut bot = Scripted::connect(&server, "Scripted");
    bot.join(&code);
    step_until(&mut h, "the board", |h| shown(h, "south house A, 4 seeds"));
    click(&mut h, "south house A, 4 seeds");
    assert_eq!(
        bot.wait_turn().len(),
        1,
        "the window's move reached the server"
    );
    let reply = bot.play_first();
    step_until(&mut h, "the reply", |h| board_moves(h).len() == 2);

    // Leaving the game keeps the seat: the online screen lists it, described by the server.
    click(&mut h, "New game");
    assert!(h.state().game().is_none());
    step_until(&mut h, "the game in the list", |h| {
        shown_containing(h, "your turn at move 3, against Scripted (online)")
    });
    click(&mut h, "Resume");
    step_until(&mut h, "the board again", |h| board_moves(h).len() == 2);
    assert_eq!(board_moves(&h), ["A".to_owned(), reply.to_string()]);
    assert!(h.state().is_online());

    // Resign asks first; then the server ends the game, and both sides hear it.
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    let status = bot.hear_end();
    assert!(status.is_finished());
    step_until(&mut h, "the game-over window", |h| shown(h, "Game over"));
    assert!(shown_containing(&h, "North wins: South resigned"));
    assert!(
        shown_containing(&h, "You lost"),
        "the status says it for this side"
    );
}

#[test]
fn the_server_s_clocks_show_and_a_lost_server_shows_as_reconnecting() {
    let dir = folder("online-clock");
    let mut server = TestServer::start(&dir);
    let mut h = online_window(&dir, &server.url);
    click(&mut h, "5 minutes a game, +3 s a move");
    let code = create_from_window(&mut h);
    let mut bot = Scripted::connect(&server, "Scripted");
    bot.join(&code);
    step_until(&mut h, "the board", |h| shown(h, "south house A, 4 seeds"));
    // The server's clocks (its time stands still in the test: manual time).
    assert!(
        shown(&h, "Clock: South 5:00  North 5:00"),
        "the server's clocks in the panel"
    );
    assert!(shown(&h, "Server: connected"));
    // The server goes away: the indicator says so in words. A move made meanwhile waits to
    // be sent when the connection is back (the shared layer resends it), and says so.
    server.kill();
    step_until(&mut h, "the lost connection", |h| {
        shown_containing(h, "Server: reconnecting")
    });
    click(&mut h, "south house A, 4 seeds");
    assert_eq!(board_moves(&h), ["A"]);
    assert!(
        shown(&h, "Sending your move..."),
        "the move is not yet the server's"
    );
    assert!(
        h.get_by_label("south house F, 4 seeds")
            .accesskit_node()
            .is_disabled(),
        "no second move meanwhile"
    );
}

/// The error shown on the online screen (the message in the error colour).
fn screen_error(h: &Gui, part: &str) -> String {
    h.query_all_by_label_contains(part)
        .next()
        .and_then(|n| {
            let node = n.accesskit_node();
            node.value().map(|v| v.to_string()).or_else(|| node.label())
        })
        .unwrap_or_else(|| panic!("no message containing {part}"))
}

#[test]
fn joining_with_a_bad_code_says_what_is_wrong() {
    let dir = folder("online-bad-code");
    let server = TestServer::start(&dir);
    let mut h = online_window(&dir, &server.url);
    // Not a code at all: refused before any connection, naming what was typed.
    type_into(&mut h, "Join code", "ab!");
    click(&mut h, "Join the game");
    assert!(h.state().game().is_none());
    let error = screen_error(&h, "is not a join code");
    assert!(error.contains("\"ab!\""), "{error}");
    assert!(error.contains("6 characters"), "{error}");

    // A code of the right form (typed in small letters) that names no game: the server's
    // words, and the screen stays for another try.
    let mut h = online_window(&dir, &server.url);
    type_into(&mut h, "Join code", " acdefg ");
    click(&mut h, "Join the game");
    step_until(&mut h, "the server's answer", |h| {
        shown_containing(h, "No game waits with this code")
    });
    assert!(h.state().game().is_none());
    assert!(shown(&h, "Join the game"));
}
