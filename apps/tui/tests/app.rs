//! The whole app driven through its real key and mouse handlers, and its screens drawn
//! through ratatui's TestBackend.

mod common;

use common::{press, screen};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};
use kraal_front::Command;
use kraal_rules_morris::Point;
use kraal_session::pick::mancala_targets;
use kraal_tui::app::{App, Overlay, Paths, Screen};
use kraal_tui::board::MorrisLayout;
use kraal_tui::game::Match;
use kraal_tui::keys::{self, Action};
use kraal_tui::{Theme, ui};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const UNICODE: Theme = Theme {
    ascii: false,
    color: true,
};

/// The app opened on the start form: "Play the computer", the first mode of the home screen.
fn new_app(theme: Theme, paths: Paths, seed: u64) -> App {
    let mut app = App::new(theme, paths, seed);
    assert!(
        matches!(app.screen, Screen::Home(_)),
        "the app opens on the home screen"
    );
    press(&mut app, KeyCode::Enter);
    assert!(
        matches!(app.screen, Screen::Start(_)),
        "Play the computer is the start form"
    );
    app
}

/// An app that keeps no files, its terminal 100x32.
fn app() -> App {
    let mut app = new_app(UNICODE, Paths::default(), 7);
    app.size = Rect::new(0, 0, 100, 32);
    app
}

/// A folder of its own for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-tui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

/// The moves of the game on the screen, as their notation.
fn moves(app: &App) -> Vec<String> {
    game(app)
        .all_moves()
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn chars(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

fn game(app: &App) -> &Match {
    match &app.screen {
        Screen::Game(g) => &g.game,
        _ => panic!("no game on the screen"),
    }
}

fn overlay(app: &App) -> Overlay {
    match &app.screen {
        Screen::Game(g) => g.overlay.clone(),
        _ => Overlay::None,
    }
}

/// Starts a game from the start screen by keys: `left` presses of ← on the game line, then
/// the opponent set `opponent` steps on (0: a person), animation off.
fn start_by_keys(app: &mut App, left: usize, size_steps: usize, opponent: usize) {
    for _ in 0..left {
        press(app, KeyCode::Left);
    }
    press(app, KeyCode::Down); // rules
    press(app, KeyCode::Down);
    if size_steps > 0 {
        for _ in 0..size_steps {
            press(app, KeyCode::Right);
        }
        press(app, KeyCode::Down);
    }
    // The settings' default opponent is the Herder (3): step to the one wanted.
    for _ in 0..(opponent + 8 - 3) % 8 {
        press(app, KeyCode::Right);
    }
    press(app, KeyCode::Down); // colour
    press(app, KeyCode::Down); // clock
    press(app, KeyCode::Down); // animation
    press(app, KeyCode::Right);
    press(app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Game(_)), "the game started");
}

/// Moves the mill-board cursor to `target` with arrow keys (a shortest key path, found over
/// the same cursor moves the handler makes), then presses Enter.
fn pick_point(app: &mut App, target: Point) {
    let m = game(app);
    let board = m.morris_position().expect("a mill game").board();
    for key in common::path_to(board, m.point, target) {
        press(app, key);
    }
    assert_eq!(game(app).point, target);
    press(app, KeyCode::Enter);
}

fn p(label: &str) -> Point {
    label.parse().expect("point")
}

/// Lets time pass until the computer has moved (or the game is over).
fn wait_for_ai(app: &mut App) {
    for _ in 0..20_000 {
        app.tick(Instant::now());
        if game(app).human_to_move() || game(app).is_over() {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the computer did not move");
}

#[test]
fn a_whole_game_by_keys_against_the_calf() {
    let mut app = app();
    // Mulabalaba (two steps left of Morabaraba... one: the list wraps), 4x4, the Calf.
    start_by_keys(&mut app, 1, 1, 1);
    assert_eq!(game(&app).rules().overrides(), ["holes=4"]);
    let mut human_moves = 0;
    while !game(&app).is_over() {
        assert!(human_moves < 400, "the game should end");
        if !game(&app).human_to_move() {
            wait_for_ai(&mut app);
            continue;
        }
        let g = game(&app);
        let pos = g.mancala_position().expect("a mancala game");
        let board = pos.board();
        let targets = mancala_targets(pos);
        let target = targets[human_moves % targets.len()];
        let (from, to) = (board.cell(g.hole), board.cell(target));
        for _ in from.row..to.row {
            press(&mut app, KeyCode::Down);
        }
        for _ in to.row..from.row {
            press(&mut app, KeyCode::Up);
        }
        for _ in from.column..to.column {
            press(&mut app, KeyCode::Right);
        }
        for _ in to.column..from.column {
            press(&mut app, KeyCode::Left);
        }
        let before = game(&app).ply();
        press(&mut app, KeyCode::Char(' '));
        assert_eq!(game(&app).ply(), before + 1, "the move was played");
        human_moves += 1;
    }
    app.tick(Instant::now());
    assert_eq!(overlay(&app), Overlay::GameOver);
    let text = screen(&app, 100, 32);
    assert!(text.contains("Game over"), "{text}");
    assert!(game(&app).outcome().is_some());
    let record = game(&app).record();
    assert_eq!(record.moves.len(), game(&app).all_moves().len());
    // Enter plays again with the same choices.
    press(&mut app, KeyCode::Enter);
    assert_eq!(game(&app).all_moves().len(), 0);
    assert_eq!(game(&app).rules().overrides(), ["holes=4"]);
}

#[test]
fn undo_and_redo_by_keys() {
    let mut app = app();
    start_by_keys(&mut app, 0, 0, 0);
    pick_point(&mut app, p("d6"));
    pick_point(&mut app, p("a1"));
    pick_point(&mut app, p("g7"));
    assert_eq!(moves(&app), ["d6", "a1", "g7"]);
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(game(&app).ply(), 1);
    assert_eq!(game(&app).redoable(), 2);
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(game(&app).ply(), 2);
    // Stepping back and forth keeps the moves; playing from the past drops the undone tail.
    press(&mut app, KeyCode::Home);
    assert_eq!(game(&app).ply(), 0);
    press(&mut app, KeyCode::Char(']'));
    assert_eq!(game(&app).ply(), 1);
    pick_point(&mut app, p("b2"));
    assert_eq!(moves(&app), ["d6", "b2"]);
    press(&mut app, KeyCode::Char('r'));
    let Screen::Game(g) = &app.screen else {
        panic!()
    };
    assert!(
        g.note
            .as_ref()
            .is_some_and(|(t, _)| t.contains("nothing to redo"))
    );
}

#[test]
fn a_mill_and_its_shot_by_keys() {
    let mut app = app();
    start_by_keys(&mut app, 0, 0, 0);
    for point in ["a1", "b6", "d1", "f6"] {
        pick_point(&mut app, p(point));
    }
    pick_point(&mut app, p("g1"));
    assert_eq!(game(&app).ply(), 4, "the move waits for its shot");
    let text = screen(&app, 100, 32);
    assert!(text.contains("Mill! Shoot a cow"), "{text}");
    // A cow that cannot be shot is refused with a reason.
    pick_point(&mut app, p("a1"));
    assert_eq!(game(&app).ply(), 4);
    let Screen::Game(g) = &app.screen else {
        panic!()
    };
    assert!(
        g.note
            .as_ref()
            .is_some_and(|(t, _)| t.starts_with("a1: ") && t.contains("your own cow"))
    );
    pick_point(&mut app, p("f6"));
    assert_eq!(moves(&app), ["a1", "b6", "d1", "f6", "g1xf6"]);
    insta::assert_snapshot!("mill_and_shot", screen(&app, 100, 32));
}

#[test]
fn the_help_lists_every_binding_the_handler_knows() {
    let mut app = app();
    press(&mut app, KeyCode::Char('?'));
    let start_help = screen(&app, 100, 40);
    for b in keys::START {
        assert!(start_help.contains(b.label), "{}", b.label);
        assert!(start_help.contains(b.help), "{}", b.help);
    }
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(overlay(&app), Overlay::Help);
    let help = screen(&app, 100, 44);
    for b in keys::CURSOR {
        assert!(help.contains(b.label), "{}", b.label);
        assert!(help.contains(b.help), "{}", b.help);
        // The key really is handled: it maps to the binding's action.
        for &(code, modifiers) in b.keys {
            assert_eq!(
                keys::game_action(KeyEvent::new(code, modifiers)),
                Some(b.action)
            );
        }
    }
    for b in keys::shared() {
        assert!(help.contains(b.label), "{}", b.label);
        assert!(help.contains(b.help), "{}", b.help);
        for &key in b.keys {
            assert_eq!(
                keys::game_action(keys::event_of(key)),
                Some(Action::Game(b.command))
            );
        }
    }
    for b in keys::GAME_OVER {
        assert!(help.contains(b.label), "{}", b.label);
        assert!(help.contains(b.help), "{}", b.help);
        for &(code, modifiers) in b.keys {
            assert_eq!(
                keys::action(keys::GAME_OVER, KeyEvent::new(code, modifiers)),
                Some(b.action)
            );
        }
    }
    insta::assert_snapshot!("help", help);
    press(&mut app, KeyCode::Char('x'));
    assert_eq!(overlay(&app), Overlay::None, "any key closes the help");
    assert!(keys::shared().any(|b| b.command == Command::Hint));
}

#[test]
fn save_load_and_the_quit_prompt() {
    let dir = folder("save");
    let file = dir.join("game.txt");
    let mut app = app();
    start_by_keys(&mut app, 0, 0, 0);
    pick_point(&mut app, p("d6"));
    press(&mut app, KeyCode::Char('q'));
    assert!(
        matches!(overlay(&app), Overlay::Confirm(_)),
        "unsaved: asks first"
    );
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.quit);
    press(&mut app, KeyCode::Char('s'));
    // Clear the suggested name and type ours.
    for _ in 0..40 {
        press(&mut app, KeyCode::Backspace);
    }
    chars(&mut app, &file.display().to_string());
    press(&mut app, KeyCode::Enter);
    let saved = std::fs::read_to_string(&file).expect("the game was saved");
    assert!(saved.contains("d6"), "{saved}");
    pick_point(&mut app, p("a1"));
    assert_eq!(game(&app).all_moves().len(), 2);
    // Loading brings back the saved game.
    press(&mut app, KeyCode::Char('o'));
    press(&mut app, KeyCode::Enter);
    assert_eq!(moves(&app), ["d6"]);
    // A file that is not a game is refused with a reason.
    press(&mut app, KeyCode::Char('o'));
    for _ in 0..80 {
        press(&mut app, KeyCode::Backspace);
    }
    chars(&mut app, &dir.join("missing.txt").display().to_string());
    press(&mut app, KeyCode::Enter);
    // One plain sentence that names the file once.
    let missing = dir.join("missing.txt").display().to_string();
    let text = note(&app).unwrap_or_default();
    assert!(text.starts_with("Not loaded: "), "{text}");
    assert_eq!(text.matches(&missing).count(), 1, "{text}");
    // Nor a file that is not a record.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, [0xff, 0xfe]).expect("written");
    press(&mut app, KeyCode::Char('o'));
    for _ in 0..80 {
        press(&mut app, KeyCode::Backspace);
    }
    chars(&mut app, &bad.display().to_string());
    press(&mut app, KeyCode::Enter);
    let text = note(&app).unwrap_or_default();
    assert_eq!(
        text.matches(&bad.display().to_string()).count(),
        1,
        "{text}"
    );
    assert_eq!(moves(&app), ["d6"], "the game on the board stays");
    press(&mut app, KeyCode::Char('q'));
    assert!(app.quit, "saved: quits at once");
    std::fs::remove_dir_all(&dir).ok();
}

/// The files in a folder, sorted.
fn files_in(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// The moves kept in a file.
fn kept_in(path: &std::path::Path) -> Vec<String> {
    kraal_session::Record::load(path)
        .map(|r| r.moves.iter().map(|m| m.text.clone()).collect())
        .unwrap_or_default()
}

#[test]
fn every_unfinished_game_is_kept_and_one_is_chosen_to_continue() {
    let dir = folder("continue");
    // A folder that does not exist yet: the first move makes it.
    let store = dir.join("kraal").join("unfinished");
    let paths = Paths {
        settings: Some(dir.join("settings.toml")),
        unfinished: Some(kraal_front::Unfinished::in_folder(store.clone())),
        saves: None,
        progress: None,
        online: None,
    };
    let mut app = new_app(UNICODE, paths.clone(), 3);
    start_by_keys(&mut app, 0, 0, 0);
    pick_point(&mut app, p("d6"));
    pick_point(&mut app, p("a1"));
    // A second game does not overwrite the first: it has a file of its own.
    // (The start screen opens on "Continue a game" now: the keys below pick other rules.)
    press(&mut app, KeyCode::Char('n'));
    start_by_keys(&mut app, 0, 0, 0);
    pick_point(&mut app, p("b2"));
    assert_eq!(files_in(&store).len(), 2, "{:?}", files_in(&store));
    // A file that is not a game is set aside and reported, not offered.
    std::fs::write(store.join("broken.txt"), [0xff, 0xfe]).expect("written");
    drop(app);
    let mut app = new_app(UNICODE, paths, 3);
    let start = screen(&app, 100, 32);
    assert!(
        start.contains("2 unfinished games to choose from"),
        "{start}"
    );
    assert!(start.contains("broken.txt cannot be continued"), "{start}");
    press(&mut app, KeyCode::Char('c'));
    let list = screen(&app, 100, 32);
    assert!(list.contains("Continue a game"), "{list}");
    let newest = list
        .find("morabaraba (classic-it): a person against a person, ")
        .expect(&list);
    let older = list
        .find("morabaraba (morabaraba): a person against a person, ")
        .expect(&list);
    assert!(newest < older, "newest first: {list}");
    assert!(
        list.contains(" 1 turn ") && list.contains(" 2 turns "),
        "{list}"
    );
    // The older game, continued, goes on in its own file.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert_eq!(moves(&app), ["d6", "a1"]);
    pick_point(&mut app, p("g7"));
    let files = files_in(&store);
    assert_eq!(
        files.len(),
        3,
        "the two games and the broken one set aside: {files:?}"
    );
    let mill_file = files
        .iter()
        .find(|f| f.display().to_string().contains("morabaraba-two-players"))
        .expect("the mill game's file");
    assert_eq!(kept_in(mill_file), ["d6", "a1", "g7"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_click_on_a_point_places_a_cow() {
    let mut app = app();
    start_by_keys(&mut app, 0, 0, 0);
    let layout = ui::game_layout(&app).expect("the board fits");
    let (x, y) = MorrisLayout::fit(layout.board).expect("fits").cell(p("a1"));
    // The cell beside the point (where the cursor's bracket goes) counts as the point too.
    app.click(x + 1, y, Instant::now());
    assert_eq!(moves(&app), ["a1"]);
    let text = screen(&app, 100, 32);
    let drawn = text.lines().nth(usize::from(y)).expect("the row is drawn");
    assert!(drawn.contains('○'), "a White cow stands on a1: {drawn}");
    // A click on the move list goes back to that move; the wheel steps.
    app.click(
        layout.moves.area.x + 7,
        layout.moves.area.y + 1,
        Instant::now(),
    );
    assert_eq!(game(&app).ply(), 1);
    let wheel = |kind| {
        Event::Mouse(MouseEvent {
            kind,
            column: 1,
            row: 1,
            modifiers: KeyModifiers::NONE,
        })
    };
    app.handle_event(&wheel(MouseEventKind::ScrollUp), Instant::now());
    assert_eq!(game(&app).ply(), 0);
    app.handle_event(&wheel(MouseEventKind::ScrollDown), Instant::now());
    assert_eq!(game(&app).ply(), 1);
}

#[test]
fn screens() {
    let mut app = app();
    insta::assert_snapshot!("start", screen(&app, 100, 32));
    start_by_keys(&mut app, 0, 0, 0);
    for point in ["d6", "a1", "g7", "b2"] {
        pick_point(&mut app, p(point));
    }
    pick_point(&mut app, p("d2"));
    insta::assert_snapshot!("game_in_progress", screen(&app, 100, 32));
    insta::assert_snapshot!("too_small", screen(&app, 50, 12));
    press(&mut app, KeyCode::Char('R'));
    press(&mut app, KeyCode::Char('y'));
    app.tick(Instant::now());
    assert_eq!(overlay(&app), Overlay::GameOver);
    insta::assert_snapshot!("game_over", screen(&app, 100, 32));
    let ascii = Theme {
        ascii: true,
        color: false,
    };
    let mut plain = new_app(ascii, Paths::default(), 7);
    press(&mut plain, KeyCode::Left);
    press(&mut plain, KeyCode::Enter);
    insta::assert_snapshot!("mulabalaba_ascii", screen(&plain, 100, 32));
}

#[test]
fn a_clock_shows_in_the_status() {
    let mut app = app();
    let start = Instant::now();
    start_by_keys_with_clock(&mut app, start);
    // A second and a half later: White's clock has run (rounded up to 4:59); Black's waits.
    let later = start + Duration::from_millis(1500);
    let text = screen_at(&app, 100, 32, later);
    assert!(text.contains("Clock  White 4:59   Black 5:00"), "{text}");
    assert!(
        screen_at(&app, 100, 32, start).contains("Clock  White 5:00   Black 5:00"),
        "the clock starts full"
    );
}

/// The screen as text, its clocks read at `now`.
fn screen_at(app: &App, width: u16, height: u16, now: Instant) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
    terminal
        .draw(|frame| ui::draw(app, frame.area(), frame.buffer_mut(), now))
        .expect("draw");
    terminal.backend().to_string()
}

/// Morabaraba between two people with the 5+3 clock, chosen by keys.
fn start_by_keys_with_clock(app: &mut App, now: Instant) {
    let mut press = |code| app.handle_key(KeyEvent::new(code, KeyModifiers::NONE), now);
    press(KeyCode::Down); // rules
    press(KeyCode::Down); // opponent
    for _ in 0..5 {
        press(KeyCode::Right); // Herder (3) round to a person (0)
    }
    press(KeyCode::Down); // colour
    press(KeyCode::Down); // clock
    press(KeyCode::Right);
    press(KeyCode::Right);
    press(KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Game(_)));
}

#[test]
fn oware_says_who_must_feed() {
    let rules = kraal_session::resolve("oware", None, &[] as &[&str]).expect("rules");
    let humans = [kraal_session::Player::Human; 2];
    let game = Match::new(&rules, Some("1,2,3,4,5,6/0,0,0,0,0,0 20:7 s"), humans, 1).expect("game");
    assert_eq!(
        game.prompt(),
        "South must feed North: only moves that reach North's houses are allowed."
    );
}

#[test]
fn the_help_scrolls_in_a_short_terminal() {
    let mut app = app();
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('?'));
    let top = screen(&app, 100, 24);
    assert!(top.contains("more lines"), "{top}");
    assert!(top.contains("move the cursor up"));
    for _ in 0..40 {
        press(&mut app, KeyCode::Down);
    }
    let bottom = screen(&app, 100, 24);
    assert!(!bottom.contains("move the cursor up"), "{bottom}");
    assert!(
        bottom.contains("the wheel steps through the moves"),
        "{bottom}"
    );
    assert_eq!(overlay(&app), Overlay::Help);
    press(&mut app, KeyCode::Char('x'));
    assert_eq!(overlay(&app), Overlay::None);
}

/// Starts a game between two people at once, as the command line does.
fn start_at(app: &mut App, name: &str, position: Option<&str>) {
    let game = kraal_front::NewGame {
        rules: kraal_session::resolve(name, None, &[] as &[&str]).expect("rules"),
        position: position.map(str::to_owned),
        players: [kraal_session::Player::Human; 2],
        clock: kraal_session::TimeControl::None,
    };
    app.start_game(&game).expect("the game starts");
}

/// The message under the board, if any.
fn note(app: &App) -> Option<String> {
    match &app.screen {
        Screen::Game(g) => g.note.as_ref().map(|(text, _)| text.clone()),
        _ => None,
    }
}

/// Ticks until a hint is on the screen; returns its note and how long it took.
fn wait_for_hint(app: &mut App) -> (String, Duration) {
    let started = Instant::now();
    for _ in 0..20_000 {
        app.tick(Instant::now());
        if let Some(text) = note(app).filter(|t| t.starts_with("Hint: ")) {
            return (text, started.elapsed());
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("no hint came");
}

/// Ticks for `time`, asserting that no hint shows meanwhile.
fn no_hint_for(app: &mut App, time: Duration) {
    let until = Instant::now() + time;
    while Instant::now() < until {
        app.tick(Instant::now());
        let text = screen(app, 100, 32);
        assert!(!text.contains("Hint: "), "a stale hint: {text}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn a_double_shot_shows_whole_in_the_move_list_and_its_columns_answer_clicks() {
    let mut app = app();
    // b2-a1 closes a1-d1-g1 and a1-a4-a7 at once: two shots (Morabaraba's shots=per-mill).
    start_at(
        &mut app,
        "morabaraba",
        Some("b2,d1,g1,a4,a7/c5,e5,f6,g4,e3 0:0 w"),
    );
    for point in ["b2", "a1", "e3", "g4"] {
        pick_point(&mut app, p(point));
    }
    assert_eq!(moves(&app), ["b2-a1xe3xg4"]);
    // Black, down to three cows, flies.
    pick_point(&mut app, p("c5"));
    pick_point(&mut app, p("b4"));
    assert_eq!(moves(&app), ["b2-a1xe3xg4", "c5-b4"]);
    let text = screen(&app, 100, 32);
    let layout = ui::game_layout(&app).expect("the board fits");
    let list = layout.moves;
    let row = text
        .lines()
        .nth(usize::from(list.inner.y))
        .expect("the first row");
    assert!(row.contains("1. b2-a1xe3xg4  c5-b4"), "{row}");
    assert!(list.width >= 11, "the column fits the double shot");
    // A click on each column goes to that move.
    app.click(list.columns[0] + 10, list.inner.y, Instant::now());
    assert_eq!(game(&app).ply(), 1);
    app.click(list.columns[1], list.inner.y, Instant::now());
    assert_eq!(game(&app).ply(), 2);
}

#[test]
fn a_hint_is_looked_for_on_the_worker_and_moves_the_cursor() {
    let mut app = app();
    start_at(&mut app, "morabaraba", None);
    pick_point(&mut app, p("d6"));
    pick_point(&mut app, p("a1"));
    // The cursor is on a1, where White cannot place: the hint must move it.
    assert_eq!(game(&app).point, p("a1"));
    press(&mut app, KeyCode::Char('h'));
    let text = screen(&app, 100, 32);
    assert!(text.contains("Looking for a hint..."), "{text}");
    let (hint, took) = wait_for_hint(&mut app);
    let best: Point = hint
        .trim_start_matches("Hint: ")
        .split(' ')
        .next()
        .and_then(|m| m.parse().ok())
        .expect("a placement");
    assert_eq!(game(&app).point, best, "{hint}");
    assert!(screen(&app, 100, 32).contains(&hint[..12]));
    assert!(!screen(&app, 100, 32).contains("Looking for a hint"));

    // A move in between cancels the hint: nothing stale shows, however long one waits.
    press(&mut app, KeyCode::Char('h'));
    pick_point(&mut app, p("g7"));
    assert_eq!(moves(&app), ["d6", "a1", "g7"]);
    no_hint_for(&mut app, took * 3 + Duration::from_millis(200));
    assert!(!game(&app).hint_pending());
    // So does an undo.
    press(&mut app, KeyCode::Char('h'));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(
        moves(&app),
        ["d6", "a1", "g7"],
        "undo keeps the move to redo"
    );
    assert_eq!(game(&app).ply(), 2);
    no_hint_for(&mut app, took * 3 + Duration::from_millis(200));
    assert!(!game(&app).hint_pending());
}

#[test]
fn a_hint_in_oware_puts_the_cursor_on_the_hole_to_sow() {
    let mut app = app();
    start_at(&mut app, "oware", None);
    // Put the cursor on North's row, where South cannot sow.
    press(&mut app, KeyCode::Up);
    let before = game(&app).hole;
    assert_eq!(before.side, kraal_rules_mancala::Side::North);
    press(&mut app, KeyCode::Char('h'));
    assert!(screen(&app, 100, 32).contains("Looking for a hint..."));
    let (hint, _) = wait_for_hint(&mut app);
    let hole = game(&app).hole;
    assert_eq!(hole.side, kraal_rules_mancala::Side::South, "{hint}");
    let pos = game(&app).mancala_position().expect("oware");
    let best = hint
        .trim_start_matches("Hint: ")
        .split(' ')
        .next()
        .expect("a move");
    assert_eq!(pos.parse_move(best).expect("legal").hole(), hole, "{hint}");
}

#[test]
fn a_mancala_game_says_nothing_of_cows_mills_or_shots() {
    let mill_words = |text: &str| {
        let lower = text.to_lowercase();
        ["cow", "mill", "shot", "shoot"]
            .into_iter()
            .filter(|w| lower.contains(w))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    for steps_left in [1, 2] {
        let mut app = app();
        // Mulabalaba (one step left), Oware (two); every opponent's description.
        for _ in 0..steps_left {
            press(&mut app, KeyCode::Left);
        }
        press(&mut app, KeyCode::Down);
        press(&mut app, KeyCode::Down);
        if steps_left == 1 {
            press(&mut app, KeyCode::Down);
        }
        for _ in 0..8 {
            let text = screen(&app, 100, 32);
            assert_eq!(mill_words(&text), Vec::<String>::new(), "{text}");
            press(&mut app, KeyCode::Right);
        }
        // The Calf, so the computer's panel shows its thinking and moves.
        press(&mut app, KeyCode::Right);
        press(&mut app, KeyCode::Enter);
        let name = game(&app).rules().game_name();
        assert_ne!(name, "morabaraba");
        for _ in 0..3 {
            if game(&app).human_to_move() {
                press(&mut app, KeyCode::Enter);
            }
            wait_for_ai(&mut app);
            let text = screen(&app, 100, 32);
            assert_eq!(mill_words(&text), Vec::<String>::new(), "{name}: {text}");
        }
        press(&mut app, KeyCode::Char('?'));
        let help = screen(&app, 100, 48);
        assert_eq!(mill_words(&help), Vec::<String>::new(), "{name}: {help}");
    }
}

#[test]
fn the_autosave_follows_moves_undo_and_the_end_not_every_key() {
    let dir = folder("autosave");
    let paths = Paths {
        settings: None,
        unfinished: Some(kraal_front::Unfinished::in_folder(dir.clone())),
        saves: None,
        progress: None,
        online: None,
    };
    let only = || files_in(&dir).first().cloned().unwrap_or_default();
    let kept = || kept_in(&only());
    let mut app = new_app(UNICODE, paths, 3);
    app.size = Rect::new(0, 0, 100, 32);
    // Against the Calf: its move is kept as well as the person's.
    start_by_keys(&mut app, 0, 0, 1);
    pick_point(&mut app, p("d6"));
    wait_for_ai(&mut app);
    assert_eq!(kept().len(), 2, "the person's move and the computer's");
    let free = ["b2", "f2", "b6", "f6"]
        .into_iter()
        .map(p)
        .find(|&point| {
            game(&app)
                .morris_position()
                .expect("mill")
                .cow_at(point)
                .is_none()
        })
        .expect("a free point");
    pick_point(&mut app, free);
    wait_for_ai(&mut app);
    assert_eq!(kept().len(), 4);
    let last = only();
    // Keys that change no move write nothing.
    std::fs::remove_file(&last).expect("the file was there");
    for key in [
        KeyCode::Left,
        KeyCode::Char('?'),
        KeyCode::Esc,
        KeyCode::Char('['),
    ] {
        press(&mut app, key);
    }
    assert!(!last.exists(), "no write without a move");
    press(&mut app, KeyCode::Char(']'));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(game(&app).ply(), 2);
    assert!(last.exists(), "an undo is kept");
    assert_eq!(kept().len(), 2, "{:?}", kept());
    // Resigning ends the game: the file goes.
    press(&mut app, KeyCode::Char('R'));
    press(&mut app, KeyCode::Char('y'));
    assert!(!last.exists(), "a finished game is not offered to continue");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_autosave_that_fails_is_a_warning_and_the_game_goes_on() {
    let paths = Paths {
        settings: None,
        unfinished: Some(kraal_front::Unfinished::in_folder(PathBuf::from(
            "/proc/kraal-tui/unfinished",
        ))),
        saves: None,
        progress: None,
        online: None,
    };
    let mut app = new_app(UNICODE, paths, 3);
    app.size = Rect::new(0, 0, 100, 32);
    start_by_keys(&mut app, 0, 0, 0);
    pick_point(&mut app, p("d6"));
    assert_eq!(moves(&app), ["d6"]);
    let text = note(&app).unwrap_or_default();
    assert!(text.starts_with("Cannot keep the game for later"), "{text}");
    assert!(screen(&app, 100, 32).contains("Cannot keep the game for later"));
    pick_point(&mut app, p("a1"));
    assert_eq!(moves(&app), ["d6", "a1"]);
}

/// Moves the mancala cursor to the hole labelled `label` with arrow keys, then presses Enter.
fn sow(app: &mut App, label: &str) {
    let pos = game(app).mancala_position().expect("a mancala game");
    let target = pos.parse_move(label).expect("a legal move").hole();
    for key in [KeyCode::Right, KeyCode::Left, KeyCode::Up, KeyCode::Down] {
        for _ in 0..16 {
            if game(app).hole == target {
                break;
            }
            press(app, key);
        }
    }
    assert_eq!(game(app).hole, target, "the cursor reached {label}");
    press(app, KeyCode::Enter);
}

#[test]
fn captures_and_shots_are_announced_and_marked_in_the_move_list() {
    // The person's capture: South's F takes 3 + 2 from North's d and c.
    let mut app = self::app();
    app.animations = false;
    start_at(&mut app, "oware", Some("4,4,4,4,4,4/0,0,1,2,0,0 10:11 s"));
    sow(&mut app, "F");
    assert_eq!(
        note(&app).as_deref(),
        Some("South captures 3 + 2 from d, c.")
    );
    let text = screen(&app, 100, 32);
    assert!(text.contains("South captures 3 + 2 from d, c."), "{text}");
    assert!(
        text.contains("   1. F +5"),
        "the move list marks it: {text}"
    );
    // A move that takes nothing says nothing.
    sow(&mut app, "a");
    assert_eq!(note(&app), None);
    // The computer's capture (South has one move, and it captures), in the note and its panel.
    let mut app = app_with(
        "oware",
        "0,0,0,0,0,4/0,0,1,2,5,5 15:16 s",
        [
            kraal_session::Player::parse("ai:1").expect("Calf"),
            kraal_session::Player::Human,
        ],
    );
    wait_for_ai(&mut app);
    assert_eq!(
        note(&app).as_deref(),
        Some("South captures 3 + 2 from d, c.")
    );
    let text = screen(&app, 100, 32);
    assert!(text.contains("South played F"), "{text}");
    assert!(text.contains("  South captures 3 + 2 from d,"), "{text}");
    assert!(text.contains("F +5"), "{text}");
    // A shot, by keys.
    let mut app = self::app();
    start_at(&mut app, "morabaraba", Some("a1,d1/b6,f6 10:10 w"));
    pick_point(&mut app, p("g1"));
    pick_point(&mut app, p("f6"));
    assert_eq!(note(&app).as_deref(), Some("White shoots f6."));
    assert!(screen(&app, 100, 32).contains("White shoots f6."));
}

/// An app with a game between these players from a position, animations off.
fn app_with(name: &str, position: &str, players: [kraal_session::Player; 2]) -> App {
    let mut app = app();
    app.animations = false;
    let game = kraal_front::NewGame {
        rules: kraal_session::resolve(name, None, &[] as &[&str]).expect("rules"),
        position: Some(position.to_owned()),
        players,
        clock: kraal_session::TimeControl::None,
    };
    app.start_game(&game).expect("the game starts");
    app
}

#[test]
fn saving_starts_in_the_save_folder_makes_it_and_reads_a_tilde_as_home() {
    let dir = folder("saves");
    let saves = dir.join("Documents").join("kraal");
    let mut app = new_app(
        UNICODE,
        Paths {
            saves: Some(saves.clone()),
            ..Paths::default()
        },
        7,
    );
    app.size = Rect::new(0, 0, 100, 32);
    start_by_keys(&mut app, 0, 0, 0);
    pick_point(&mut app, p("d6"));
    press(&mut app, KeyCode::Char('s'));
    let suggested = saves.join("kraal-game.txt");
    assert_eq!(
        overlay(&app),
        Overlay::Prompt {
            purpose: kraal_tui::app::Purpose::Save,
            text: suggested.display().to_string()
        }
    );
    // The folder does not exist yet: saving makes it.
    press(&mut app, KeyCode::Enter);
    assert_eq!(kept_in(&suggested), ["d6"], "{:?}", note(&app));
    // A leading ~ is the home folder.
    let Some(home) = std::env::var_os("HOME").map(PathBuf::from) else {
        return;
    };
    let name = format!(".kraal-tui-tilde-{}.txt", std::process::id());
    press(&mut app, KeyCode::Char('s'));
    for _ in 0..200 {
        press(&mut app, KeyCode::Backspace);
    }
    chars(&mut app, &format!("~/{name}"));
    press(&mut app, KeyCode::Enter);
    let file = home.join(&name);
    assert_eq!(kept_in(&file), ["d6"], "{:?}", note(&app));
    assert_eq!(note(&app), Some(format!("Saved to {}.", file.display())));
    std::fs::remove_file(&file).ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// The rows of a screen, each trimmed of the frame's spaces and box edges.
fn rows(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| {
            l.trim_matches('"')
                .trim_matches(|c: char| c == '│' || c == '|' || c.is_whitespace())
                .to_owned()
        })
        .collect()
}

/// Whether the screen shows `words` whole, maybe wrapped over rows that follow each other
/// (compared without spaces, as a wrap may break anywhere in a word too long for a line).
fn shows_wrapped(text: &str, words: &str) -> bool {
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    let rows = rows(text);
    let words = squeeze(words);
    (0..rows.len()).any(|start| {
        let mut joined = String::new();
        for row in &rows[start..] {
            joined.push_str(&squeeze(row));
            if joined.contains(&words) {
                return true;
            }
            if !words.starts_with(&joined) {
                break;
            }
        }
        false
    })
}

#[test]
fn long_messages_wrap_in_a_narrow_terminal() {
    let mut app = app();
    app.size = Rect::new(0, 0, 80, 24);
    start_by_keys(&mut app, 0, 0, 0);
    let long = format!(
        "/tmp/{}/a-folder-with-a-rather-long-name/and-another-one/missing-game.txt",
        "kraal-tui-nowhere"
    );
    press(&mut app, KeyCode::Char('o'));
    for _ in 0..200 {
        press(&mut app, KeyCode::Backspace);
    }
    chars(&mut app, &long);
    // The prompt shows the whole name.
    let prompt = screen(&app, 80, 24);
    let (first, rest) = long.split_at(62);
    assert!(prompt.contains(&format!("│{first}│")), "{prompt}");
    assert!(prompt.contains(&format!("│{rest}█")), "{prompt}");
    press(&mut app, KeyCode::Enter);
    let message = note(&app).expect("a refusal");
    assert!(message.len() > 80, "{message}");
    let text = screen(&app, 80, 24);
    assert!(shows_wrapped(&text, &message), "{message}\n{text}");
    // The key bar is whole too.
    for key in ["q quit", "? help", "s save"] {
        assert!(text.contains(key), "{key}: {text}");
    }
}

#[test]
fn the_game_over_window_reads_as_kraal_play_does() {
    // Black's f4-g4 leaves White no move.
    let mut app = self::app();
    start_at(
        &mut app,
        "morabaraba",
        Some("a1,a4,g1,g7/a7,b2,b4,d1,d7,f2,f6,f4 0:0 b"),
    );
    pick_point(&mut app, p("f4"));
    pick_point(&mut app, p("g4"));
    app.tick(Instant::now());
    assert_eq!(overlay(&app), Overlay::GameOver);
    let text = screen(&app, 100, 32);
    assert!(
        text.contains("│Black wins: White has no legal move "),
        "{text}"
    );
    assert!(
        text.contains("│Result 0-1, after 1 move (1 turn) "),
        "{text}"
    );
    assert_eq!(
        text.matches("has no legal move").count(),
        1 + 1,
        "the window and the status panel: {text}"
    );
}

#[test]
fn tournament_touch_move_says_the_touched_cow_must_move() {
    let mut app = self::app();
    let game = kraal_front::NewGame {
        rules: kraal_session::resolve("morabaraba", Some("tournament"), &[] as &[&str])
            .expect("rules"),
        position: Some("a1,g1,a7,d3/b2,f2,b6,d5 0:0 w".to_owned()),
        players: [kraal_session::Player::Human; 2],
        clock: kraal_session::TimeControl::None,
    };
    app.start_game(&game).expect("the game starts");
    pick_point(&mut app, p("a1"));
    let text = screen(&app, 100, 32);
    assert!(
        text.contains(
            "Where does the cow on a1 go? (touch-move: it must move; pick one of its points)"
        ),
        "{text}"
    );
    assert!(!text.contains("let it go"), "{text}");
    // Another cow is refused, with where the touched one may go.
    pick_point(&mut app, p("g1"));
    assert_eq!(
        note(&app).as_deref(),
        Some("Touch-move: you touched the cow on a1, and it must move: pick one of d1, a4.")
    );
    assert_eq!(moves(&app), Vec::<String>::new());
    pick_point(&mut app, p("d1"));
    assert_eq!(moves(&app), ["a1-d1"]);
}

#[test]
fn the_cursor_on_the_last_move_shows_both_marks() {
    let mut app = self::app();
    start_by_keys(&mut app, 0, 0, 0);
    pick_point(&mut app, p("a1"));
    // The cursor stays on a1, the last move's point: "[" for the cursor, "}" for the move.
    let text = screen(&app, 100, 32);
    assert!(text.contains("[○}"), "{text}");
    press(&mut app, KeyCode::Up);
    let text = screen(&app, 100, 32);
    assert!(text.contains("{○}"), "{text}");
    // A mancala hole too: South sows, the cursor goes to North's side; back down on it.
    let mut app = self::app();
    app.animations = false;
    start_at(&mut app, "oware", None);
    let sown = game(&app).hole;
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Down);
    for key in [KeyCode::Right, KeyCode::Left] {
        for _ in 0..6 {
            if game(&app).hole == sown {
                break;
            }
            press(&mut app, key);
        }
    }
    assert_eq!(game(&app).hole, sown);
    let text = screen(&app, 100, 32);
    assert!(text.contains("[  0}"), "{text}");
}

#[test]
fn every_game_fits_80x24_with_its_key_line_whole() {
    for (left, name) in [(0, "Morabaraba"), (1, "Oware"), (2, "Mulabalaba")] {
        let mut app = self::app();
        app.size = Rect::new(0, 0, 80, 24);
        // ← on the game line: mulabalaba, then oware (the order the start screen cycles).
        let steps = [0, 2, 1][left];
        for _ in 0..steps {
            press(&mut app, KeyCode::Left);
        }
        press(&mut app, KeyCode::Enter);
        assert!(
            game(&app).rules().game_name().eq_ignore_ascii_case(name),
            "{name}: {}",
            game(&app).rules().game_name()
        );
        for (width, height) in [(80, 24), (90, 24), (100, 32)] {
            let text = screen(&app, width, height);
            assert!(
                !text.contains("needs at least"),
                "{name} {width}x{height}: {text}"
            );
            for key in ["move", "undo", "redo", "hint", "s save", "? help", "q quit"] {
                assert!(text.contains(key), "{name} {width}x{height}: {key}: {text}");
            }
            assert!(text.contains("╭ Moves"), "{name} {width}x{height}: {text}");
            assert!(
                text.contains("╭ Computer"),
                "{name} {width}x{height}: {text}"
            );
        }
        if name == "Mulabalaba" {
            insta::assert_snapshot!("mulabalaba_80x24", screen(&app, 80, 24));
        }
    }
}

/// The rows between the title and the first panel: the board's.
fn board_rows(text: &str) -> usize {
    text.lines()
        .skip(1)
        .take_while(|l| !l.contains("╭ Game"))
        .count()
}

#[test]
fn a_mancala_board_grows_in_a_large_terminal() {
    for steps in [2, 1] {
        let mut app = self::app();
        for _ in 0..steps {
            press(&mut app, KeyCode::Left);
        }
        press(&mut app, KeyCode::Enter);
        let small = board_rows(&screen(&app, 80, 24));
        let large_text = screen(&app, 120, 40);
        let large = board_rows(&large_text);
        assert!(large > small, "{small} then {large} rows: {large_text}");
        if steps == 2 {
            insta::assert_snapshot!("oware_120x40", large_text);
        }
        // The mouse finds the holes where the large board draws them.
        app.size = Rect::new(0, 0, 120, 40);
        let layout = ui::game_layout(&app).expect("fits");
        let pos = game(&app).mancala_position().expect("mancala").clone();
        let board = kraal_tui::board::MancalaLayout::fit(pos.board(), layout.board).expect("fits");
        for hole in kraal_session::pick::mancala_targets(&pos) {
            let (x, y) = board.cell(hole);
            for (dx, dy) in [(0, 0), (1, -1), (2, 1)] {
                let (cx, cy) = (x + dx, (i32::from(y) + dy) as u16);
                assert_eq!(board.hole_at(cx, cy), Some(hole), "{hole:?} at {cx},{cy}");
            }
        }
    }
}

/// Ticks until the review on the screen has finished.
fn wait_for_review(app: &mut App) {
    for _ in 0..20_000 {
        app.tick(Instant::now());
        if let Screen::Game(g) = &app.screen
            && g.review.as_ref().is_some_and(|r| !r.running())
        {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the review did not finish");
}

#[test]
fn v_reviews_the_game_marks_a_missed_win_and_names_the_best_move() {
    let mut app = app();
    // fixtures/puzzles.txt: g4-g1 and a shot wins at once; b4-a4 lets the win go.
    start_at(&mut app, "morabaraba", Some("a1,b4,d1,g4/c3,c4,e5 0:0 w"));
    pick_point(&mut app, p("b4"));
    pick_point(&mut app, p("a4"));
    assert_eq!(moves(&app), ["b4-a4"]);
    press(&mut app, KeyCode::Char('v'));
    let text = screen(&app, 100, 32);
    assert!(text.contains("Review (v)"), "{text}");
    wait_for_review(&mut app);
    assert!(
        note(&app).is_some_and(
            |n| n.starts_with("Review done. White: 0 inaccuracies, 0 mistakes, 1 blunder")
        ),
        "{:?}",
        note(&app)
    );
    let text = screen(&app, 100, 32);
    assert!(
        text.contains("1. b4-a4??"),
        "the move list marks the move:\n{text}"
    );
    assert!(text.contains("b4-a4?? blunder: let a forced"), "{text}");
    assert!(text.contains("best was g4-g1x"), "{text}");
}

#[test]
fn the_game_over_window_reviews_the_game_from_its_start() {
    let mut app = app();
    start_at(&mut app, "morabaraba", Some("a1,b4,d1,g4/c3,c4,e5 0:0 w"));
    for point in ["g4", "g1", "c3"] {
        pick_point(&mut app, p(point));
    }
    assert_eq!(moves(&app), ["g4-g1xc3"]);
    app.tick(Instant::now());
    assert_eq!(overlay(&app), Overlay::GameOver);
    press(&mut app, KeyCode::Char('v'));
    assert_eq!(overlay(&app), Overlay::None);
    assert_eq!(game(&app).ply(), 0, "the review starts at the start");
    wait_for_review(&mut app);
    // At the start the panel points at the first move; one step on, the move and its verdict.
    press(&mut app, KeyCode::Char(']'));
    let text = screen(&app, 100, 32);
    assert!(text.contains("1. White g4-g1xc3 (best, won)"), "{text}");
    assert!(
        !text.contains("g4-g1xc3?"),
        "the winning move is not marked:\n{text}"
    );
}

#[test]
fn with_animations_on_the_computer_takes_its_pace() {
    let calf = kraal_ai::Opponent::level(1).expect("level 1");
    let mut app = app_with(
        "morabaraba",
        "a1,d1/b6,f6 10:10 w",
        [
            kraal_session::Player::Ai(calf),
            kraal_session::Player::Human,
        ],
    );
    app.animations = true;
    let asked = Instant::now();
    // Its twenty tries take milliseconds; at the moment it was asked it still waits.
    for _ in 0..50 {
        app.tick(asked);
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(!game(&app).human_to_move(), "still thinking, for show");
    // (It began a moment after it was asked.)
    let after = asked + calf.manner.pace + Duration::from_millis(500);
    for _ in 0..2_000 {
        app.tick(after);
        if game(&app).human_to_move() {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the computer did not move after its pace");
}
