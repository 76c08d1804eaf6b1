//! The screens around the game, driven through the window: the home screen reaches every
//! mode and back; a climb of camp 1 (the Calf beaten from a set position) opens camp 2, wins
//! medals, is marked assisted after a hint and is kept in the progress file, read back by a
//! new app; a corrupt progress file is set aside and reported; each rules example accepts its
//! answer and explains a wrong one.

mod common;

use common::*;
use egui_kittest::kittest::Queryable;
use kraal_front::ascent::Mountain;
use kraal_front::home::{MODES, Mode};
use kraal_front::lessons::LESSONS;
use kraal_gui::KraalApp;
use kraal_gui::app::Screen;
use kraal_session::{Seat, TimeControl};

fn click_containing(h: &mut egui_kittest::Harness<'static, KraalApp>, part: &str) {
    h.get_all_by_label_contains(part)
        .next()
        .unwrap_or_else(|| panic!("nothing labelled {part}"))
        .click();
    h.run();
}

#[test]
fn the_home_screen_reaches_every_mode_and_comes_back() {
    let dir = folder("modes-home");
    let mut h = harness(KraalApp::new(config(&dir)));
    h.run();
    assert!(shown(&h, "kraal"), "the title");
    for mode in MODES {
        let description = match mode {
            // With a progress file the streak is shown.
            Mode::Daily => "today's puzzle of each game; your streak: 0 days (best 0 days)",
            _ => mode.description(),
        };
        assert!(shown_containing(&h, description), "{mode:?}");
    }
    for mode in MODES {
        click_containing(&mut h, mode.title());
        let reached = matches!(
            (h.state().screen(), mode),
            (Screen::Play, Mode::PlayComputer | Mode::Continue)
                | (Screen::Ascent(_), Mode::Ascent)
                | (Screen::Rules(_), Mode::Rules)
                | (Screen::Daily(_), Mode::Daily)
                | (Screen::Settings, Mode::Settings)
                | (Screen::Online(_), Mode::Online)
        );
        assert!(reached, "{mode:?}");
        if mode == Mode::PlayComputer {
            assert!(shown(&h, "Start the game"), "the start form");
        }
        if mode == Mode::Online {
            assert!(shown(&h, "Create the game"), "the online screen");
            assert!(
                shown(&h, "No online games yet."),
                "none held in a new folder"
            );
        }
        click(&mut h, "< Home");
        assert!(
            matches!(h.state().screen(), Screen::Home),
            "{mode:?}: back home"
        );
    }
}

/// White closes a1-d1-g1 with g4-g1 and shoots: Black, on three cows, is reduced to two.
const WINNING: &str = "a1,d1,g4,b4/a7,d7,f6 0:0 w";

fn win(h: &mut egui_kittest::Harness<'static, KraalApp>) {
    click(h, "g4, white cow");
    click(h, "g1, empty");
    click(h, "a7, black cow");
    step_until(h, "the ending", |app| {
        app.game().is_some_and(|g| g.is_over())
    });
}

#[test]
fn beating_the_calf_climbs_camp_one_and_opens_camp_two() {
    let dir = folder("modes-climb");
    let mut h = harness(KraalApp::new(config(&dir)));
    h.run();
    h.state_mut().set_animations(false);
    click_containing(&mut h, "Mountain Ascent");
    assert!(shown_containing(&h, "The Calf Pen"));
    assert!(shown_containing(&h, "Climb this camp"));
    let mountain = Mountain::new("morabaraba", None).expect("mountain");

    h.state_mut().start_climb(
        &mountain,
        1,
        Seat::First,
        TimeControl::None,
        Some(WINNING.to_owned()),
    );
    h.run();
    assert!(shown_containing(&h, "Calf waits here"));
    click(&mut h, "Hint");
    win(&mut h);
    assert!(
        shown_containing(&h, "Camp 1 climbed! New medal: climbed. Camp 2 is open."),
        "the news under the board"
    );
    // New game from the game-over window: back to the mountain, with the news.
    click_containing(&mut h, "New game");
    assert!(matches!(h.state().screen(), Screen::Ascent(_)));
    assert!(shown_containing(&h, "Camp 1 climbed!"));
    assert!(shown_containing(&h, "climbed, assisted"), "the past climb");

    h.state_mut().start_climb(
        &mountain,
        1,
        Seat::First,
        TimeControl::None,
        Some(WINNING.to_owned()),
    );
    h.run();
    win(&mut h);
    assert!(shown_containing(&h, "New medal: unassisted."));

    let progress = h.state().ascent_progress(&mountain);
    let status = mountain.status(&progress);
    assert!(status[0].medals.climbed && status[0].medals.unassisted);
    assert!(status[1].unlocked && !status[2].unlocked);
    // A new app reads the same progress from the file.
    let again = KraalApp::new(config(&dir));
    assert_eq!(again.ascent_progress(&mountain), progress);
    for climb in &progress.camps["1"].climbs {
        assert!(
            dir.join(&climb.games[0].record).is_file(),
            "the record is kept"
        );
    }
}

#[test]
fn a_climb_starts_on_the_clock_chosen_and_won_on_it_is_mastered() {
    let dir = folder("modes-clock");
    let mut h = harness(KraalApp::new(config(&dir)));
    h.run();
    h.state_mut().set_animations(false);
    click_containing(&mut h, "Mountain Ascent");
    // The start form's clock choice, on the ascent screen.
    click(&mut h, "5 minutes a game, +3 s a move");
    assert!(shown_containing(&h, "running out of time loses the game"));
    click(&mut h, "Climb this camp");
    let game = h.state().game().expect("a climb game");
    assert_eq!(game.record().tag("Clock"), Some("5+3"), "on the clock");
    assert!(game.clocks(std::time::Instant::now()).is_some());

    let mountain = Mountain::new("morabaraba", None).expect("mountain");
    let clock: TimeControl = "5+3".parse().expect("a clock");
    h.state_mut()
        .start_climb(&mountain, 1, Seat::First, clock, Some(WINNING.to_owned()));
    h.run();
    win(&mut h);
    assert!(
        shown_containing(&h, "New medal: climbed, unassisted, mastered."),
        "an unassisted climb on the clock earns the third medal"
    );
    click_containing(&mut h, "New game");
    assert!(
        shown_containing(&h, ", clock 5+3: "),
        "the past climb names its clock"
    );
}

/// Both sides on three cows (flying); White's e5-a4 threatens a1-d1-g1 and a1-a4-a7 at once,
/// and Black's cows share no line, so the Calf cannot stop both or shoot back.
const DOUBLE_THREAT: &str = "a1,d1,e5/b2,d6,e4 0:0 w";

#[test]
fn a_climb_game_continued_later_counts_for_the_camp_and_stays_assisted() {
    let dir = folder("modes-resume");
    let mountain = Mountain::new("morabaraba", None).expect("mountain");
    let mut h = harness(KraalApp::new(config(&dir)));
    h.run();
    h.state_mut().set_animations(false);
    h.state_mut().start_climb(
        &mountain,
        1,
        Seat::First,
        TimeControl::None,
        Some(DOUBLE_THREAT.to_owned()),
    );
    h.run();
    click(&mut h, "Hint");
    click(&mut h, "e5, white cow");
    click(&mut h, "a4, empty");
    step_until(&mut h, "the Calf's answer", |app| {
        app.game().is_some_and(|g| g.ply() == 2)
    });
    drop(h);

    // A new app: the game is offered as the climb it is, and goes on as one.
    let mut h = harness(KraalApp::new(config(&dir)));
    h.run();
    h.state_mut().set_animations(false);
    click_containing(&mut h, "Continue a game");
    click_containing(
        &mut h,
        "A climb of camp 1, The Calf Pen, assisted: morabaraba",
    );
    assert!(shown_containing(&h, "Welcome back: a climb of camp 1"));
    let game = h.state().game().expect("the game goes on");
    assert_eq!(game.ply(), 2, "where it was left");
    let position = game.morris_position().expect("a mill game");
    let black = position
        .cows(kraal_rules_morris::Color::Black)
        .next()
        .expect("a black cow");
    if position.cow_at("g1".parse().expect("point")).is_none() {
        click(&mut h, "a4, white cow");
        click(&mut h, "g1, empty");
    } else {
        click(&mut h, "d1, white cow");
        click(&mut h, "a7, empty");
    }
    click(&mut h, &format!("{black}, black cow"));
    step_until(&mut h, "the ending", |app| {
        app.game().is_some_and(|g| g.is_over())
    });
    assert!(
        shown_containing(&h, "Camp 1 climbed! New medal: climbed. Camp 2 is open."),
        "it counts, and the hint before the break still marks it assisted"
    );
    let status = mountain.status(&h.state().ascent_progress(&mountain));
    assert!(status[0].medals.climbed && !status[0].medals.unassisted);
}

#[test]
fn a_corrupt_progress_file_is_set_aside_and_reported_on_the_home_screen() {
    let dir = folder("modes-corrupt");
    std::fs::write(dir.join("progress.toml"), "version = [").expect("written");
    let mut h = harness(KraalApp::new(config(&dir)));
    h.run();
    assert!(shown_containing(&h, "it was kept as"));
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
}

#[test]
fn the_first_rules_example_accepts_its_answer_and_explains_a_wrong_one() {
    let dir = folder("modes-rules");
    let mut h = harness(KraalApp::new(config(&dir)));
    h.run();
    click_containing(&mut h, "examples to try");
    let lesson = LESSONS[0];
    assert!(shown(&h, lesson.prompt));
    // A wrong placement: judged, explained, and the example set up again.
    click(&mut h, "g7, empty");
    assert!(shown_containing(
        &h,
        "Not quite: That placement leaves a1 and d1"
    ));
    assert!(shown(&h, "g7, empty"), "set up again");
    // The answer: g1, then the shot.
    click(&mut h, "g1, empty");
    click(&mut h, "b4, black cow");
    assert!(shown_containing(&h, &format!("Right! {}", lesson.right)));
    // An Oware example is tried on its own board.
    click(&mut h, "oware");
    click(&mut h, "south house F, 3 seeds");
    assert!(shown_containing(&h, "Right! F sows into a, b and c"));
}

#[test]
fn open_names_the_screen_to_start_on() {
    let dir = folder("modes-open");
    let h = harness(app_with(&dir, &["--open", "rules"]));
    assert!(matches!(h.state().screen(), Screen::Rules(_)));
    let err = KraalApp::from_args(config(&dir), ["--open", "moon"])
        .err()
        .expect("not a screen");
    assert!(err.contains("moon"), "{err}");
}

#[test]
fn an_unfinished_game_set_aside_is_reported_on_the_home_screen() {
    let dir = folder("modes-aside");
    std::fs::create_dir_all(dir.join("unfinished")).expect("folder");
    std::fs::write(dir.join("unfinished/broken.txt"), "not a game record\n").expect("written");
    let mut h = harness(KraalApp::new(config(&dir)));
    h.run();
    assert!(shown_containing(&h, "broken.txt cannot be continued"));
}
