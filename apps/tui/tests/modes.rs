//! The screens around the game, driven by keys: the home screen reaches every mode; a climb of
//! camp 1 (the Calf beaten from a set position) opens camp 2, wins medals, marks a helped
//! climb "assisted" and is kept in the progress file; each rules example accepts its answer
//! and explains a wrong one. Snapshots of the home, ascent and rules screens.

mod common;

use common::{path_to, press, screen};
use crossterm::event::KeyCode;
use kraal_front::ascent::Mountain;
use kraal_front::home::{MODES, Mode};
use kraal_front::lessons::{LESSONS, Verdict};
use kraal_front::progress::ProgressFile;
use kraal_rules_morris::Point;
use kraal_session::{Seat, TimeControl};
use kraal_tui::app::{App, Paths, Screen};
use kraal_tui::{Theme, ui};
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::time::Instant;

const PLAIN: Theme = Theme {
    ascii: true,
    color: false,
};

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-tui-modes-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

fn app_with_progress(dir: &std::path::Path) -> App {
    let paths = Paths {
        settings: None,
        unfinished: None,
        saves: None,
        progress: Some(dir.join("progress.toml")),
        online: Some(dir.join("online.json")),
    };
    let mut app = App::new(PLAIN, paths, 5);
    app.size = Rect::new(0, 0, 100, 32);
    app
}

fn p(label: &str) -> Point {
    label.parse().expect("point")
}

#[test]
fn the_home_screen_reaches_every_mode_and_comes_back() {
    let dir = folder("home");
    insta::assert_snapshot!("home", screen(&app_with_progress(&dir), 100, 32));
    for (i, mode) in MODES.iter().enumerate() {
        let mut app = app_with_progress(&dir);
        for _ in 0..i {
            press(&mut app, KeyCode::Down);
        }
        press(&mut app, KeyCode::Enter);
        let reached = match (&app.screen, mode) {
            (Screen::Start(menu), Mode::PlayComputer) => menu.picking.is_none(),
            (Screen::Ascent(_), Mode::Ascent) => true,
            (Screen::Rules(_), Mode::Rules) => true,
            (Screen::Daily(_), Mode::Daily) => true,
            (Screen::Settings(_), Mode::Settings) => true,
            (Screen::Online(_), Mode::Online) => true,
            // Nothing to continue: the home screen says so.
            (Screen::Home(home), Mode::Continue) => {
                home.message.as_deref() == Some("There is no unfinished game.")
            }
            _ => false,
        };
        assert!(reached, "{mode:?}");
        press(&mut app, KeyCode::Esc);
        assert!(
            matches!(app.screen, Screen::Home(_)),
            "{mode:?}: Esc goes home"
        );
    }
    let mut app = app_with_progress(&dir);
    press(&mut app, KeyCode::Esc);
    assert!(app.quit, "Esc on the home screen quits");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_click_on_a_mode_selects_it_and_a_second_click_opens_it() {
    let dir = folder("home-click");
    let mut app = app_with_progress(&dir);
    let drawn = screen(&app, 100, 32);
    // Where the drawing put "Play online" (rows are quoted: the first character is a quote).
    let (x, y) = drawn
        .lines()
        .enumerate()
        .find_map(|(y, row)| {
            row.find("Play online")
                .map(|at| (row[..at].chars().count() as u16 - 1, y as u16))
        })
        .expect("the Online mode is drawn");
    app.click(x, y, Instant::now());
    let Screen::Home(home) = &app.screen else {
        panic!("one click only selects");
    };
    assert_eq!(home.mode(), Mode::Online);
    app.click(x, y, Instant::now());
    assert!(
        matches!(app.screen, Screen::Online(_)),
        "the second click opens it"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// White closes a1-d1-g1 with g4-g1 and shoots: Black, on three cows, is reduced to two.
const WINNING: &str = "a1,d1,g4,b4/a7,d7,f6 0:0 w";

/// Plays g4-g1xa7 by keys on the game screen and lets the app count it.
fn win_by_keys(app: &mut App) {
    for target in ["g4", "g1", "a7"] {
        let Screen::Game(g) = &app.screen else {
            panic!("a game on the screen");
        };
        let board = g.game.morris_position().expect("mill game").board();
        for key in path_to(board, g.game.point, p(target)) {
            press(app, key);
        }
        press(app, KeyCode::Enter);
    }
    app.tick(Instant::now());
    let Screen::Game(g) = &app.screen else {
        panic!("a game on the screen");
    };
    assert!(g.game.is_over(), "White won");
}

fn note(app: &App) -> String {
    match &app.screen {
        Screen::Game(g) => g.note.as_ref().map(|(n, _)| n.clone()).unwrap_or_default(),
        _ => String::new(),
    }
}

#[test]
fn beating_the_calf_climbs_camp_one_and_a_hint_marks_the_climb_assisted() {
    let dir = folder("climb");
    let mut app = app_with_progress(&dir);
    press(&mut app, KeyCode::Down); // Daily puzzle
    press(&mut app, KeyCode::Down); // Mountain Ascent
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Ascent(_)));
    // Camp 2 is locked: Enter on it says so and no game starts.
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Enter);
    let Screen::Ascent(a) = &app.screen else {
        panic!("still the ascent screen");
    };
    assert_eq!(
        a.message.as_deref(),
        Some("Camp 2 is locked: climb camp 1 first")
    );
    insta::assert_snapshot!("ascent_new", screen(&app, 100, 32));

    let morabaraba = Mountain::new("morabaraba", None).expect("mountain");
    // A first climb with a hint: climbed, but assisted.
    app.start_climb(
        &morabaraba,
        1,
        Seat::First,
        TimeControl::None,
        Some(WINNING.to_owned()),
        Instant::now(),
    );
    assert!(note(&app).contains("Calf waits here"), "{}", note(&app));
    press(&mut app, KeyCode::Char('h'));
    win_by_keys(&mut app);
    let news = note(&app);
    assert!(
        news.starts_with("Camp 1 climbed! New medal: climbed."),
        "{news}"
    );
    assert!(news.contains("Camp 2 is open"), "{news}");
    // Enter in the game-over window: back on the ascent screen with the news; camp 2 is
    // open, one medal of three at camp 1.
    press(&mut app, KeyCode::Enter);
    assert!(
        matches!(app.screen, Screen::Ascent(_)),
        "Enter after a climb: the mountain"
    );
    let shown = screen(&app, 100, 32);
    assert!(
        shown.contains(">o 1 The Calf Pen             Calf          *..  climbed"),
        "{shown}"
    );
    assert!(
        shown.contains(" ~ 2 Herd Boy's Stream        Herd Boy      ...  open"),
        "{shown}"
    );
    assert!(
        shown.contains("Camp 1 climbed! New medal: climbed. Camp 2 is open."),
        "{shown}"
    );
    assert!(shown.contains("1. climbed, assisted:"), "{shown}");

    // Again without help: the unassisted medal.
    app.start_climb(
        &morabaraba,
        1,
        Seat::First,
        TimeControl::None,
        Some(WINNING.to_owned()),
        Instant::now(),
    );
    win_by_keys(&mut app);
    assert!(
        note(&app).contains("New medal: unassisted"),
        "{}",
        note(&app)
    );

    // The progress file holds both climbs and reads back in a new app.
    let (file, aside) = ProgressFile::open(dir.join("progress.toml")).expect("read");
    assert!(aside.is_none());
    let progress = &file.progress.ascent[&morabaraba.key()];
    let status = morabaraba.status(progress);
    assert!(status[0].medals.climbed && status[0].medals.unassisted);
    assert!(!status[0].medals.mastered, "no win as Black yet");
    assert!(status[1].unlocked);
    for climb in &progress.camps["1"].climbs {
        assert!(
            dir.join(&climb.games[0].record).is_file(),
            "the record is kept"
        );
    }
    let again = app_with_progress(&dir);
    assert_eq!(again.ascent_progress(&morabaraba), *progress);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_corrupt_progress_file_is_set_aside_and_reported_on_the_home_screen() {
    let dir = folder("corrupt");
    std::fs::write(dir.join("progress.toml"), "[[ascent").expect("written");
    let app = app_with_progress(&dir);
    let Screen::Home(home) = &app.screen else {
        panic!("home");
    };
    let message = home.message.clone().unwrap_or_default();
    assert!(message.starts_with("The progress file "), "{message}");
    assert!(message.contains("it was kept as"), "{message}");
    let kept = std::fs::read_dir(&dir)
        .expect("folder")
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("progress.toml.corrupt-")
        })
        .count();
    assert_eq!(kept, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Opens `mode` from the home screen by keys (↓ to it, Enter).
fn open_mode(app: &mut App, mode: Mode) {
    let at = MODES.iter().position(|m| *m == mode).expect("a mode shown");
    for _ in 0..at {
        press(app, KeyCode::Down);
    }
    press(app, KeyCode::Enter);
}

/// The rules screen, opened from the home screen.
fn rules_app() -> App {
    let mut app = App::new(PLAIN, Paths::default(), 5);
    app.size = Rect::new(0, 0, 110, 36);
    open_mode(&mut app, Mode::Rules);
    assert!(matches!(app.screen, Screen::Rules(_)));
    app
}

/// Plays a mill move given in notation by picking its points with the cursor keys.
fn pick_move(app: &mut App, mv: &str) {
    let points: Vec<Point> = mv
        .split(['-', 'x'])
        .map(|t| t.parse().expect("point"))
        .collect();
    for target in points {
        let Screen::Rules(r) = &app.screen else {
            panic!("rules");
        };
        let board = r.board.morris_position().expect("a mill example").board();
        for key in path_to(board, r.board.point, target) {
            press(app, key);
        }
        press(app, KeyCode::Enter);
    }
}

fn verdict(app: &App) -> Option<Verdict> {
    match &app.screen {
        Screen::Rules(r) => r.verdict.clone(),
        _ => None,
    }
}

#[test]
fn each_mill_example_accepts_its_answer_by_keys_and_explains_a_wrong_one() {
    let mut app = rules_app();
    insta::assert_snapshot!("rules_first_example", screen(&app, 110, 36));
    let mills: Vec<_> = LESSONS
        .iter()
        .filter(|l| l.game_rules().is_ok_and(|r| r.game_name() == "morabaraba"))
        .collect();
    for (i, lesson) in mills.iter().enumerate() {
        let Screen::Rules(r) = &app.screen else {
            panic!("rules");
        };
        assert_eq!(r.current().id, lesson.id, "example {i}");
        // A wrong move: some legal move that is not an answer.
        let wrong = r
            .board
            .legal_moves()
            .into_iter()
            .map(|m| m.to_string())
            .find(|m| !lesson.answers.contains(&m.as_str()));
        if let Some(wrong) = wrong {
            pick_move(&mut app, &wrong);
            assert_eq!(
                verdict(&app),
                Some(lesson.judge_text(&wrong)),
                "{}: {wrong}",
                lesson.id
            );
            assert!(
                matches!(verdict(&app), Some(Verdict::Wrong(_))),
                "{}",
                lesson.id
            );
            let Screen::Rules(r) = &app.screen else {
                panic!("rules");
            };
            assert_eq!(r.board.ply(), 0, "{}: set up again to try again", lesson.id);
        }
        pick_move(&mut app, lesson.answers[0]);
        assert_eq!(
            verdict(&app),
            Some(Verdict::Right(lesson.right.to_owned())),
            "{}",
            lesson.id
        );
        press(&mut app, KeyCode::Tab);
    }
}

#[test]
fn the_mancala_examples_are_tried_with_the_cursor_too() {
    let mut app = rules_app();
    press(&mut app, KeyCode::Char('g')); // oware
    let Screen::Rules(r) = &app.screen else {
        panic!("rules");
    };
    assert_eq!(r.current().id, "capture-backwards");
    // The cursor starts on South's first house; F is five to the right.
    for _ in 0..5 {
        press(&mut app, KeyCode::Right);
    }
    press(&mut app, KeyCode::Enter);
    assert!(
        verdict(&app).is_some_and(|v| v.is_right()),
        "{:?}",
        verdict(&app)
    );
    insta::assert_snapshot!("rules_oware_right", screen(&app, 110, 36));
}

#[test]
fn the_settings_screen_turns_the_animation_off() {
    let mut app = App::new(PLAIN, Paths::default(), 5);
    open_mode(&mut app, Mode::Settings);
    assert!(matches!(app.screen, Screen::Settings(_)));
    let before = app.animations;
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.animations, !before);
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 24)).expect("terminal");
    terminal
        .draw(|f| ui::draw(&app, f.area(), f.buffer_mut(), Instant::now()))
        .expect("draw");
}

/// Where `text` is drawn on the screen, as a cell (rows are quoted: the first character of
/// a row is a quote).
fn cell_of(drawn: &str, text: &str) -> (u16, u16) {
    drawn
        .lines()
        .enumerate()
        .find_map(|(y, row)| {
            row.find(text)
                .map(|at| (row[..at].chars().count() as u16 - 1, y as u16))
        })
        .unwrap_or_else(|| panic!("{text} is not drawn:\n{drawn}"))
}

/// Clicks where `text` is drawn.
fn click_on(app: &mut App, text: &str) {
    let (x, y) = cell_of(&screen(app, 100, 32), text);
    app.click(x, y, Instant::now());
}

#[test]
fn the_ascent_screen_answers_clicks_and_a_climb_starts_on_the_clock_chosen() {
    let dir = folder("ascent-click");
    let mut app = app_with_progress(&dir);
    open_mode(&mut app, Mode::Ascent);
    let chosen = |app: &App| match &app.screen {
        Screen::Ascent(a) => (a.mountain, a.camp, a.colour, a.clock.to_string()),
        _ => panic!("the ascent screen"),
    };
    assert_eq!(chosen(&app), (0, 1, Seat::First, "none".to_owned()));
    // The keys: t steps through the start form's clocks.
    press(&mut app, KeyCode::Char('t'));
    assert_eq!(chosen(&app).3, "move:120");
    assert!(screen(&app, 100, 32).contains("Clock: two minutes a move (the tournament rule)"));
    // The mouse: a mountain's name, a camp, the side and the clock.
    click_on(&mut app, " Oware ");
    assert_eq!(chosen(&app).0, 1, "Oware's mountain");
    click_on(&mut app, "[Oware]");
    assert_eq!(chosen(&app).0, 1, "a click on the mountain shown keeps it");
    click_on(&mut app, "The Market Stall");
    assert_eq!(chosen(&app).1, 2, "one click selects camp 2");
    click_on(&mut app, "The Market Stall");
    let Screen::Ascent(a) = &app.screen else {
        panic!("a locked camp does not start");
    };
    assert_eq!(
        a.message.as_deref(),
        Some("Camp 2 is locked: climb camp 1 first")
    );
    click_on(&mut app, "Your side in a new climb: South");
    assert_eq!(chosen(&app).2, Seat::Second);
    click_on(&mut app, "Clock: two minutes a move");
    assert_eq!(chosen(&app).3, "5+3", "the next clock");
    click_on(&mut app, "The Village Path");
    click_on(&mut app, "The Village Path");
    let Screen::Game(g) = &app.screen else {
        panic!("a second click on an open camp climbs it");
    };
    assert!(g.climb.is_some(), "a climb game");
    assert!(g.game.clocks(Instant::now()).is_some(), "on the clock");
    assert_eq!(g.game.record().tag("Clock"), Some("5+3"));
    assert_eq!(
        g.game.players(),
        [
            kraal_session::Player::Ai(kraal_ai::OPPONENTS[0]),
            kraal_session::Player::Human
        ],
        "the player took North"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_climb_won_on_the_clock_earns_all_three_medals() {
    let dir = folder("clock-medal");
    let mut app = app_with_progress(&dir);
    let morabaraba = Mountain::new("morabaraba", None).expect("mountain");
    app.start_climb(
        &morabaraba,
        1,
        Seat::First,
        "5+3".parse().expect("a clock"),
        Some(WINNING.to_owned()),
        Instant::now(),
    );
    win_by_keys(&mut app);
    assert!(
        note(&app).starts_with("Camp 1 climbed! New medal: climbed, unassisted, mastered."),
        "{}",
        note(&app)
    );
    press(&mut app, KeyCode::Enter);
    let shown = screen(&app, 100, 32);
    assert!(
        shown.contains(", clock 5+3 ("),
        "the past climb names its clock: {shown}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Both sides on three cows (flying); White's e5-a4 threatens a1-d1-g1 and a1-a4-a7 at once,
/// and Black's cows share no line, so the Calf cannot stop both or shoot back.
const DOUBLE_THREAT: &str = "a1,d1,e5/b2,d6,e4 0:0 w";

/// Picks the points of a move with the cursor keys on the game screen.
fn play_by_keys(app: &mut App, points: &[&str]) {
    for target in points {
        let Screen::Game(g) = &app.screen else {
            panic!("a game on the screen");
        };
        let board = g.game.morris_position().expect("mill game").board();
        for key in path_to(board, g.game.point, p(target)) {
            press(app, key);
        }
        press(app, KeyCode::Enter);
    }
}

#[test]
fn a_climb_game_continued_later_counts_for_the_camp_and_stays_assisted() {
    let dir = folder("resume");
    let paths = Paths {
        settings: None,
        unfinished: Some(kraal_front::Unfinished::in_folder(dir.join("unfinished"))),
        saves: None,
        progress: Some(dir.join("progress.toml")),
        online: None,
    };
    let mut app = App::new(PLAIN, paths.clone(), 5);
    app.size = Rect::new(0, 0, 100, 32);
    let morabaraba = Mountain::new("morabaraba", None).expect("mountain");
    app.start_climb(
        &morabaraba,
        1,
        Seat::First,
        TimeControl::None,
        Some(DOUBLE_THREAT.to_owned()),
        Instant::now(),
    );
    press(&mut app, KeyCode::Char('h'));
    play_by_keys(&mut app, &["e5", "a4"]);
    for _ in 0..2_000 {
        app.tick(Instant::now());
        if let Screen::Game(g) = &app.screen
            && g.game.ply() == 2
        {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    drop(app);

    // A new app: "Continue a game" offers it as the climb it is, and it goes on as one.
    let mut app = App::new(PLAIN, paths, 5);
    app.size = Rect::new(0, 0, 100, 32);
    open_mode(&mut app, Mode::Continue);
    let list = screen(&app, 100, 32);
    assert!(
        list.contains("|> A climb of camp 1, The Calf Pen, assisted: morabaraba (morabaraba): you"),
        "{list}"
    );
    press(&mut app, KeyCode::Enter);
    let Screen::Game(g) = &app.screen else {
        panic!("the game goes on");
    };
    assert_eq!(g.game.ply(), 2, "where it was left");
    let climb = g.climb.as_ref().expect("as the climb game");
    assert!(climb.assisted, "the hint still counts");
    assert!(note(&app).contains("a climb of camp 1"), "{}", note(&app));
    // Whichever mill the Calf blocked, the other closes.
    let Screen::Game(g) = &app.screen else {
        panic!("game");
    };
    let position = g.game.morris_position().expect("mill");
    let black = position
        .cows(kraal_rules_morris::Color::Black)
        .next()
        .expect("a black cow")
        .to_string();
    if position.cow_at(p("g1")).is_none() {
        play_by_keys(&mut app, &["a4", "g1", &black]);
    } else {
        play_by_keys(&mut app, &["d1", "a7", &black]);
    }
    app.tick(Instant::now());
    let news = note(&app);
    assert!(
        news.starts_with("Camp 1 climbed! New medal: climbed. Camp 2 is open."),
        "{news}"
    );
    let (file, _) = ProgressFile::open(dir.join("progress.toml")).expect("read");
    let status = morabaraba.status(&file.progress.ascent[&morabaraba.key()]);
    assert!(status[0].medals.climbed && !status[0].medals.unassisted);
    assert!(status[1].unlocked);
    let left: Vec<_> = std::fs::read_dir(dir.join("unfinished"))
        .expect("folder")
        .flatten()
        .collect();
    assert!(left.is_empty(), "the finished game is not offered again");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_rules_examples_are_chosen_and_tried_by_mouse() {
    let mut app = rules_app();
    let drawn = screen(&app, 110, 36);
    assert!(drawn.contains("Examples: [1] 2  3  4 "), "{drawn}");
    let (x, y) = cell_of(&drawn, " 3 ");
    app.click(x + 1, y, Instant::now());
    let Screen::Rules(r) = &app.screen else {
        panic!("rules");
    };
    assert_eq!(r.lesson, 2, "the third example");
    let lesson = r.current();
    // The answer, clicked point by point on the drawn board.
    let points: Vec<Point> = lesson.answers[0]
        .split(['-', 'x'])
        .map(|t| t.parse().expect("point"))
        .collect();
    for point in points {
        let (x, y) = (0..110u16)
            .flat_map(|x| (0..36u16).map(move |y| (x, y)))
            .find(|&(x, y)| {
                ui::rules::rules_hit(
                    match &app.screen {
                        Screen::Rules(r) => r,
                        _ => panic!("rules"),
                    },
                    app.size,
                    x,
                    y,
                ) == Some(ui::rules::RulesHit::Board(ui::Hit::Point(point)))
            })
            .expect("the point is drawn");
        app.click(x, y, Instant::now());
    }
    assert_eq!(
        verdict(&app),
        Some(Verdict::Right(lesson.right.to_owned())),
        "{}",
        lesson.id
    );
}
