//! Behaviour tests of the window, driven through AccessKit labels without a GPU.

mod common;

use common::*;
use egui_kittest::kittest::{NodeT, Queryable};
use kraal_gui::KraalApp;
use kraal_session::AnyGame;

#[test]
fn a_game_starts_from_the_menu() {
    let dir = folder("menu");
    let mut h = on_menu(KraalApp::new(config(&dir)));
    assert!(h.state().game().is_none(), "the menu comes first");
    assert!(
        shown(&h, "Calf (level 1)"),
        "the seven opponents are offered"
    );
    assert!(shown(&h, "Ancestor (level 7)"));
    assert!(shown(&h, "koti"), "every rule set is offered");
    click(&mut h, "Another person");
    click(&mut h, "Start the game");
    assert!(h.state().game().is_some());
    assert!(shown(&h, "d7, empty"));
    assert_eq!(h.state().settings().opponent, "human");
    let saved = std::fs::read_to_string(dir.join("settings.toml")).expect("settings saved");
    assert!(saved.contains("opponent = \"human\""), "{saved}");
}

#[test]
fn the_menu_offers_the_mancala_games_and_their_boards() {
    let dir = folder("menu-mancala");
    let mut h = on_menu(KraalApp::new(config(&dir)));
    click(&mut h, "Mulabalaba");
    assert!(
        shown(&h, "mulabalaba-lozi-6"),
        "board sizes come with the rule sets"
    );
    click(&mut h, "mulabalaba-lozi-6");
    click(&mut h, "Another person");
    click(&mut h, "Start the game");
    // 4x6: each player has 12 holes.
    assert!(shown(&h, "south hole 12, 2 seeds"));
    assert!(!shown_containing(&h, "south hole 13"));
    assert!(shown(&h, "north store, 0 seeds"));
}

#[test]
fn a_short_game_against_the_calf() {
    let dir = folder("calf");
    let mut h = on_menu(KraalApp::new(config(&dir)));
    click(&mut h, "Morabaraba");
    click(&mut h, "Calf (level 1)");
    click(&mut h, "White (moves first)");
    click(&mut h, "Start the game");
    assert!(
        h.state().settings().animations,
        "this game runs with animations"
    );
    let candidates = [
        "d7", "b4", "f2", "d2", "a7", "g4", "c3", "e5", "b6", "f6", "a1",
    ];
    // Place until the Calf closes a mill and shoots one of ours.
    let mut turns = 0;
    let shot = loop {
        turns += 1;
        assert!(turns <= 6, "the Calf shot nothing in six turns");
        let point = candidates
            .iter()
            .find(|p| shown(&h, &format!("{p}, empty")))
            .expect("an empty point");
        click(&mut h, &format!("{point}, empty"));
        assert!(shown(&h, &format!("{point}, white cow")), "turn {turns}");
        step_until(&mut h, "the Calf's reply", |app| {
            app.game().is_some_and(|g| g.ply() == 2 * turns)
        });
        let game = h.state().game().expect("a game");
        if let Some(kraal_session::any::AnyMove::Morris(reply)) = game.moves().last()
            && let Some(&shot) = reply.shots().first()
        {
            break shot;
        }
    };
    let game = h.state().game().expect("a game");
    assert_eq!(game.moves().len(), 2 * turns, "{:?}", game.moves());
    let shot = shot.to_string();
    assert!(
        shown(&h, &format!("{shot}, empty")),
        "the shot cow left the board"
    );
    let pos = game.morris_position().expect("a mill game");
    let black = h.get_all_by_label_contains(", black cow").count();
    let white = h.get_all_by_label_contains(", white cow").count();
    assert_eq!(black, turns);
    assert_eq!(white, turns - 1);
    assert_eq!(
        (white, black),
        (
            pos.on_board(kraal_rules_morris::Color::White) as usize,
            pos.on_board(kraal_rules_morris::Color::Black) as usize
        )
    );
    // The move list shows every move.
    for mv in game.moves() {
        assert!(shown(&h, &mv.to_string()), "{mv} in the move list");
    }
    // Undo against the AI takes back its reply and our move: our turn again.
    click(&mut h, "Undo");
    let game = h.state().game().expect("a game");
    assert_eq!(game.ply(), 2 * turns - 2);
    assert!(game.human_to_move());
    assert!(
        shown(&h, &format!("{shot}, white cow")),
        "the shot cow is back"
    );
}

#[test]
fn a_mill_asks_for_a_shot_and_refuses_a_wrong_one() {
    let dir = folder("mill");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--moves",
            "a1 b6 d1 f6",
        ],
    ));
    click(&mut h, "g1, empty");
    assert!(shown(&h, "A mill! Click an opponent's cow to shoot."));
    click(&mut h, "a1, white cow");
    assert!(
        shown(
            &h,
            "a1: that is your own cow; shoot one of Black's, ringed in red."
        ),
        "a refused pick says why"
    );
    assert!(!shown_containing(&h, "a1: a1"), "and names the point once");
    click(&mut h, "f6, black cow");
    assert!(shown(&h, "f6, empty"), "the shot cow is gone");
    assert!(shown(&h, "g1, white cow"));
    let game = h.state().game().expect("a game");
    assert_eq!(
        game.moves().last().map(ToString::to_string).as_deref(),
        Some("g1xf6")
    );
    assert!(shown(&h, "Black: 10 in hand, 1 on the board"));
}

#[test]
fn undo_and_redo_by_button_and_key() {
    let dir = folder("undo");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--no-animations",
        ],
    ));
    click(&mut h, "d7, empty");
    click(&mut h, "a1, empty");
    assert!(shown(&h, "a1, black cow"));
    click(&mut h, "Undo");
    assert!(shown(&h, "a1, empty"));
    assert!(shown(&h, "d7, white cow"));
    click(&mut h, "Redo");
    assert!(shown(&h, "a1, black cow"));
    h.key_press(egui::Key::U);
    h.run();
    assert!(shown(&h, "a1, empty"), "U takes back a move");
    h.key_press(egui::Key::R);
    h.run();
    assert!(shown(&h, "a1, black cow"), "R plays it again");
    // Against the AI, undo goes back to the person's turn: two moves.
    assert_eq!(h.state().game().map(|g| g.ply()), Some(2));
}

#[test]
fn the_board_is_playable_by_keyboard() {
    let dir = folder("keys");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--no-animations",
        ],
    ));
    h.get_by_label("d7, empty").focus();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(shown(&h, "d7, white cow"), "Enter picks the focused point");
    h.get_by_label("a4, empty").focus();
    h.run();
    h.key_press(egui::Key::Space);
    h.run();
    assert!(shown(&h, "a4, black cow"), "so does Space");
}

#[test]
fn resigning_opens_the_game_over_window() {
    let dir = folder("over");
    let mut h = harness(app_with(
        &dir,
        &["--game", "morabaraba", "--black", "human", "--moves", "d7"],
    ));
    assert!(!shown(&h, "Game over"));
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    assert!(shown(&h, "Game over"), "the window opens");
    assert!(
        shown_containing(&h, "White wins: Black resign"),
        "Black resigned, so White wins, and the reason is given"
    );
    click(&mut h, "Look at the board");
    assert!(!shown(&h, "Game over"));
    assert!(shown(&h, "d7, white cow"));
    // A finished game is not offered to continue.
    assert!(unfinished_files(&dir).is_empty());
}

#[test]
fn a_game_ended_by_the_rules_says_its_ending_once_with_its_length() {
    let dir = folder("over-rules");
    // Three cows each: one mill that shoots leaves Black with two cows, which loses.
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--set",
            "cows=3",
            "--no-animations",
        ],
    ));
    let game = h.state().game().expect("a game");
    assert_eq!(game.moves().len(), 0);
    // White builds a1-d1-g1 while Black places elsewhere; the mill shoots Black down to two.
    for p in ["a1", "b6", "d1", "f6", "g1"] {
        let empty = format!("{p}, empty");
        click(&mut h, &empty);
    }
    click(&mut h, "f6, black cow");
    assert!(
        shown(&h, "Game over"),
        "{:?}",
        h.state().game().map(|g| g.outcome())
    );
    // Issue 13, item 10: the window and the panel say the ending once, with its reason and
    // the game's length; no headline repeats it.
    let ending = "White wins: Black is down to two cows";
    assert_eq!(
        h.get_all_by_label(ending).count(),
        2,
        "the window and the panel"
    );
    assert!(!shown(&h, "White wins"), "no headline repeating the ending");
    assert!(!shown_containing(&h, "Game over ("), "no result code");
    assert_eq!(
        h.get_all_by_label("The game ended after 3 moves (5 turns).")
            .count(),
        2
    );
}

#[test]
fn save_and_load_through_the_dialog() {
    let dir = folder("save");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--no-animations",
        ],
    ));
    click(&mut h, "d7, empty");
    click(&mut h, "a1, empty");
    click(&mut h, "Save…");
    assert!(shown(&h, "Save the game"));
    click(&mut h, "Save");
    // In the folder for saved games, created on save.
    let file = dir.join("games").join("kraal-morabaraba.txt");
    let text = std::fs::read_to_string(&file).expect("the game was saved");
    assert!(text.contains("d7 a1"), "{text}");
    assert!(!shown(&h, "Save the game"), "the dialog closes");

    click(&mut h, "New game");
    click(&mut h, "Start the game");
    assert!(shown(&h, "d7, empty"), "a fresh game");
    click(&mut h, "Load…");
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text("kraal-morabaraba.txt");
    h.run();
    click(&mut h, "Load");
    assert!(shown(&h, "d7, white cow"), "the saved game is back");
    assert!(shown(&h, "a1, black cow"));

    // A bad file says what is wrong, and the game goes on.
    let bad = dir.join("games").join("bad.txt");
    std::fs::write(&bad, "[Game \"morabaraba\"]\n\n1. d7 d7\n").unwrap();
    click(&mut h, "Load…");
    let field = h.get_by_role(egui::accesskit::Role::TextInput);
    field.type_text("bad.txt");
    h.run();
    click(&mut h, "Load");
    assert!(shown_containing(&h, "Cannot load"), "the error is shown");
    assert!(shown_containing(&h, "move 2"), "and names the bad move");
    click(&mut h, "Cancel");
    assert!(shown(&h, "d7, white cow"), "the game is untouched");
}

#[test]
fn an_unfinished_game_can_be_continued() {
    let dir = folder("continue");
    {
        let mut h = harness(app_with(
            &dir,
            &[
                "--game",
                "morabaraba",
                "--black",
                "human",
                "--no-animations",
            ],
        ));
        click(&mut h, "d7, empty");
        assert_eq!(unfinished_files(&dir).len(), 1, "kept after each move");
    }
    let mut h = on_menu(KraalApp::new(config(&dir)));
    click(
        &mut h,
        &format!(
            "morabaraba (morabaraba): a person against a person, {}, 1 turn",
            today(&dir)
        ),
    );
    assert!(shown(&h, "d7, white cow"));
    assert_eq!(h.state().game().map(|g| g.ply()), Some(1));
}

#[test]
fn oware_holes_sow_with_animation_and_refuse_with_reasons() {
    let dir = folder("oware");
    let mut h = harness(app_with(&dir, &["--game", "oware", "--black", "human"]));
    assert!(shown(&h, "south house C, 4 seeds"));
    click(&mut h, "north house a, 4 seeds");
    assert!(shown_containing(&h, "that hole is your opponent's"));
    assert!(
        shown_containing(&h, "north house a: that hole"),
        "named once"
    );
    h.get_by_label("south house C, 4 seeds").click();
    h.step();
    assert!(h.state().is_animating(), "the sowing is animated");
    h.run();
    assert!(!h.state().is_animating());
    assert!(shown(&h, "south house C, 0 seeds"));
    assert!(shown(&h, "south house D, 5 seeds"));
    assert!(shown(&h, "north house a, 5 seeds"));
}

#[test]
fn clicking_a_move_shows_its_position_until_back_to_the_game() {
    let dir = folder("review");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--moves",
            "d7 a1 b4",
        ],
    ));
    click(&mut h, "a1");
    assert!(shown(&h, "b4, empty"), "the position after move 2");
    assert!(shown(&h, "a1, black cow"));
    assert!(shown_containing(&h, "after move 2 of 3"));
    click(&mut h, "Back to the game");
    assert!(shown(&h, "b4, white cow"));
}

#[test]
fn the_theme_switches_and_is_kept() {
    let dir = folder("theme");
    let mut h = on_menu(KraalApp::new(config(&dir)));
    assert!(!h.state().prefs().dark);
    click(&mut h, "Dark theme");
    assert!(h.state().prefs().dark);
    assert!(shown(&h, "Light theme"));
    let again = KraalApp::new(config(&dir));
    assert!(again.prefs().dark, "kept between runs");
}

#[test]
fn a_cow_can_be_dragged_along_a_line() {
    let dir = folder("drag");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--position",
            "a1,d2,g7,c5/a7,g1,f4 0:0 w",
            "--no-animations",
        ],
    ));
    assert!(shown(&h, "Click (or drag) one of your cows to move it."));
    let from = h.get_by_label("g7, white cow").rect().center();
    let to = h.get_by_label("d7, empty").rect().center();
    h.hover_at(from);
    h.drag_at(from);
    h.step();
    for i in 1..=5 {
        h.hover_at(from + (to - from) * (i as f32 / 5.0));
        h.step();
    }
    h.drop_at(to);
    h.run();
    assert!(
        shown(&h, "d7, white cow"),
        "the cow went where it was dropped"
    );
    assert!(shown(&h, "g7, empty"));
    assert_eq!(
        h.state()
            .game()
            .and_then(|g| g.moves().last().map(ToString::to_string)),
        Some("g7-d7".to_owned())
    );
}

#[test]
fn touch_move_holds_the_touched_cow_in_tournament_rules() {
    let dir = folder("touch");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--rules",
            "tournament",
            "--black",
            "human",
            "--position",
            "a1,d2,g7,c5/a7,g1,f4 0:0 w",
        ],
    ));
    click(&mut h, "g7, white cow");
    click(&mut h, "d2, white cow");
    assert!(
        shown_containing(&h, "touch-move"),
        "the other cow is refused"
    );
    click(&mut h, "d7, empty");
    assert!(shown(&h, "d7, white cow"), "the touched cow moves");
}

#[test]
fn a_clock_counts_down_for_both_sides() {
    let dir = folder("clock");
    let h = harness(app_with(
        &dir,
        &["--game", "oware", "--black", "human", "--clock", "5+3"],
    ));
    assert!(
        shown_containing(&h, "Clock: South 4:5") || shown_containing(&h, "Clock: South 5:00"),
        "the clock is shown"
    );
    assert!(shown_containing(&h, "North 5:00"));
}

#[test]
fn tab_reaches_the_board_and_enter_places_a_cow() {
    let dir = folder("tab");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--no-animations",
        ],
    ));
    let mut focused = None;
    for _ in 0..100 {
        h.key_press(egui::Key::Tab);
        h.run();
        focused = h
            .get_all_by_label_contains(", empty")
            .find(|n| n.is_focused())
            .and_then(|n| n.accesskit_node().label());
        if focused.is_some() {
            break;
        }
    }
    let label = focused.expect("Tab reaches a point of the board");
    h.key_press(egui::Key::Enter);
    h.run();
    let point = label.trim_end_matches(", empty").to_owned();
    assert!(
        shown(&h, &format!("{point}, white cow")),
        "{point} got a cow"
    );
}

#[test]
fn the_sotho_board_has_its_centre_point() {
    let dir = folder("sotho");
    let mut h = harness(app_with(
        &dir,
        &["--game", "sotho", "--black", "human", "--no-animations"],
    ));
    assert!(shown(&h, "d4, empty"));
    click(&mut h, "d4, empty");
    assert!(shown(&h, "d4, white cow"));
    // The standard board has no centre.
    let mut standard = harness(app_with(
        &dir,
        &["--game", "morabaraba", "--black", "human"],
    ));
    standard.run();
    assert!(!shown(&standard, "d4, empty"));
}

#[test]
fn shortcut_keys_open_the_dialogs_and_switch_the_theme() {
    let dir = folder("shortcuts");
    let mut h = harness(app_with(
        &dir,
        &["--game", "oware", "--black", "human", "--no-animations"],
    ));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(shown(&h, "Save the game"), "Ctrl+S opens the save dialog");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!shown(&h, "Save the game"), "Esc closes it");
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::T);
    h.run();
    assert!(h.state().prefs().dark, "T switches the theme");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run();
    assert!(shown(&h, "Load a game"), "Ctrl+O opens the load dialog");
}

#[test]
fn a_hint_names_a_legal_move_and_goes_when_the_position_changes() {
    let dir = folder("hint");
    let mut h = harness(app_with(
        &dir,
        &["--game", "oware", "--black", "human", "--no-animations"],
    ));
    click(&mut h, "Hint");
    step_until(&mut h, "the hint arrives", |app| {
        app.hint_text().is_some_and(|t| t.starts_with("Hint: "))
    });
    assert!(shown_containing(&h, "Hint: "), "the hint is shown");
    // The engine's best with the same budget, searched here: the hint names it, and it is legal.
    let pos = h
        .state()
        .game()
        .and_then(|g| g.mancala_position())
        .expect("oware")
        .clone();
    let report = kraal_ai::Searcher::<kraal_ai::Mancala>::new(kraal_ai::SearchConfig {
        top_moves: 3,
        table_megabytes: 8,
        ..kraal_ai::SearchConfig::default()
    })
    .search(&pos, kraal_ai::Limits::nodes(kraal_session::HINT_NODES));
    let best = report.best.expect("a best move");
    assert!(pos.legal_moves().contains(&best), "{best} is legal");
    let text = h.state().hint_text().unwrap_or_default().to_owned();
    assert!(
        text.starts_with(&format!("Hint: {best} (")),
        "{text} names {best}"
    );
    click(&mut h, "south house A, 4 seeds");
    assert!(
        !shown_containing(&h, "Hint: "),
        "a move makes it stale, so it goes"
    );
}

#[test]
fn a_draw_offered_by_one_person_can_be_accepted_by_the_other() {
    let dir = folder("draw");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--no-animations",
        ],
    ));
    click(&mut h, "Offer a draw");
    assert!(shown_containing(&h, "White offers a draw"));
    assert!(
        !shown(&h, "Accept the draw"),
        "not to the one who offered it"
    );
    click(&mut h, "d7, empty");
    assert!(
        shown(&h, "Accept the draw"),
        "Black may accept on their turn"
    );
    click(&mut h, "Accept the draw");
    assert!(shown(&h, "Game over"));
    assert_eq!(
        h.get_all_by_label("Draw: agreed by the players").count(),
        2,
        "the ending in the window and the panel"
    );
}

#[test]
fn reviewing_a_resigned_game_keeps_the_resignation() {
    let dir = folder("review-over");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--moves",
            "d7 a1",
        ],
    ));
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    click(&mut h, "Look at the board");
    click(&mut h, "d7");
    assert!(shown(&h, "a1, empty"), "the position after move 1");
    click(&mut h, "Back to the game");
    let outcome = h.state().game().and_then(|g| g.outcome());
    assert_eq!(
        outcome.map(|o| o.result()),
        Some(kraal_session::GameResult::SecondWins),
        "White resigned, and still has"
    );
    assert!(shown(&h, "a1, black cow"));
}

#[test]
fn the_ai_opens_when_the_player_takes_the_second_side() {
    let dir = folder("black");
    let mut h = on_menu(KraalApp::new(config(&dir)));
    click(&mut h, "Oware");
    click(&mut h, "Calf (level 1)");
    click(&mut h, "North");
    click(&mut h, "Start the game");
    step_until(&mut h, "the Calf's opening", |app| {
        app.game().is_some_and(|g| g.ply() == 1) && !app.is_animating()
    });
    let game = h.state().game().expect("a game");
    assert!(game.human_to_move(), "then it is our turn");
    assert!(shown(&h, "North: you"));
    assert!(shown_containing(&h, "north house a, "));
}

#[test]
fn a_corrupt_settings_file_or_a_bad_load_is_explained_in_the_menu() {
    let dir = folder("corrupt");
    std::fs::write(dir.join("settings.toml"), "opponent = [not toml").unwrap();
    let h = on_menu(KraalApp::new(config(&dir)));
    assert!(shown_containing(&h, "is corrupt"), "the warning is shown");
    assert!(h.state().game().is_none());

    // A bad --load is refused before a window opens, with the reason.
    let missing = dir.join("no-such-game.txt");
    let err = KraalApp::from_args(config(&dir), ["--load", missing.to_str().unwrap()])
        .err()
        .expect("a missing file is refused");
    assert!(
        err.starts_with("kraal-gui: cannot open"),
        "a bad --load says why: {err}"
    );
}

#[test]
fn the_question_mark_lists_every_key() {
    let dir = folder("keys-window");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--no-animations",
        ],
    ));
    assert!(!shown(&h, "The keys"));
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Questionmark);
    h.run();
    assert!(shown(&h, "The keys"), "? opens the keys window");
    for binding in kraal_front::keymap::bindings(kraal_front::keymap::FrontEnd::Window) {
        assert!(shown(&h, binding.help), "{:?} is listed", binding.command);
    }
    assert!(shown_containing(&h, "hint"), "the hint key is listed");
    assert!(!shown_containing(&h, "quit"), "the terminal's keys are not");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!shown(&h, "The keys"), "Esc closes it");
}

#[test]
fn h_asks_for_a_hint_and_d_offers_a_draw() {
    let dir = folder("hint-key");
    let mut h = harness(app_with(
        &dir,
        &["--game", "oware", "--black", "human", "--no-animations"],
    ));
    assert_eq!(h.state().hint_text(), None);
    h.key_press(egui::Key::H);
    h.run();
    assert!(
        h.state().hint_text().is_some(),
        "h asks the engine for a hint"
    );
    step_until(&mut h, "the hint arrives", |app| {
        app.hint_text().is_some_and(|t| t.starts_with("Hint: "))
    });
    h.key_press(egui::Key::D);
    h.run();
    assert!(
        shown_containing(&h, "South offers a draw"),
        "d offers a draw"
    );
}

#[test]
fn shift_r_asks_before_resigning() {
    let dir = folder("resign-key");
    let mut h = harness(app_with(
        &dir,
        &["--game", "oware", "--black", "human", "--no-animations"],
    ));
    h.key_press(egui::Key::R);
    h.run();
    assert!(!shown(&h, "Resign?"), "r is redo, not resign");
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::R);
    h.run();
    assert!(shown(&h, "Resign?"), "R asks first");
    click(&mut h, "Keep playing");
    assert!(!h.state().game().is_some_and(|g| g.is_over()));
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::R);
    h.run();
    click(&mut h, "Yes, resign");
    assert!(shown(&h, "Game over"));
}

#[test]
fn brackets_step_through_the_moves_and_end_returns() {
    let dir = folder("step-keys");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--moves",
            "d7 a1 b4",
        ],
    ));
    h.key_press(egui::Key::OpenBracket);
    h.run();
    assert!(shown_containing(&h, "after move 2 of 3"), "[ steps back");
    assert!(shown(&h, "b4, empty"));
    h.key_press(egui::Key::Home);
    h.run();
    assert!(shown(&h, "d7, empty"), "Home goes to the start");
    h.key_press(egui::Key::CloseBracket);
    h.run();
    assert!(shown_containing(&h, "after move 1 of 3"), "] steps forward");
    h.key_press(egui::Key::End);
    h.run();
    assert!(shown(&h, "b4, white cow"), "End is back at the game");
    assert!(!shown_containing(&h, "Looking at the position"));
}

#[test]
fn the_game_is_kept_after_each_move_and_dropped_at_the_end() {
    let dir = folder("autosave");
    let mut h = harness(app_with(
        &dir,
        &["--game", "oware", "--black", "human", "--no-animations"],
    ));
    assert!(
        unfinished_files(&dir).is_empty(),
        "nothing is kept before a move"
    );
    click(&mut h, "south house C, 4 seeds");
    let [last] = unfinished_files(&dir)
        .try_into()
        .expect("kept after the move");
    let kept = std::fs::read_to_string(&last).expect("kept after the move");
    assert!(kept.contains("C"), "{kept}");
    click(&mut h, "north house f, 4 seeds");
    let kept = kraal_session::Record::load(&last).expect("a record");
    assert_eq!(kept.moves.len(), 2, "the reply is kept");
    h.key_press(egui::Key::U);
    h.run();
    let kept = kraal_session::Record::load(&last).expect("a record");
    assert_eq!(kept.moves.len(), 1, "so is the undo");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(!last.exists(), "every move taken back: nothing to continue");
    click(&mut h, "south house C, 4 seeds");
    assert!(last.exists(), "kept again after a move");
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    assert!(!last.exists(), "a finished game is not offered again");
}

#[test]
fn mancala_games_speak_of_seeds_not_cows() {
    let dir = folder("words");
    let mut h = on_menu(KraalApp::new(config(&dir)));
    click(&mut h, "Oware");
    // The opponents are described in the game's words (the list of games names them all).
    for o in kraal_ai::OPPONENTS {
        let about = o.describe(false);
        assert!(shown(&h, about), "{about}");
        for word in ["cow", "mill", "shot", "shoot"] {
            assert!(!about.contains(word), "{} says {word:?} in Oware", o.name);
        }
    }
    click(&mut h, "Another person");
    click(&mut h, "Start the game");
    assert!(shown(&h, "Click one of your houses to sow its seeds."));
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Questionmark);
    h.run();
    assert!(shown(&h, "The keys"));
    assert!(shown_containing(&h, "click a hole to sow it"));
    for word in ["cow", "mill", "shot", "shoot"] {
        assert!(!shown_containing(&h, word), "the game says {word:?}");
    }
}

#[test]
fn letters_typed_in_a_file_name_are_not_shortcuts() {
    let dir = folder("typing");
    let mut h = harness(app_with(
        &dir,
        &["--game", "oware", "--black", "human", "--no-animations"],
    ));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(shown(&h, "Save the game"));
    h.key_press(egui::Key::H);
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::T);
    h.run();
    assert_eq!(h.state().hint_text(), None, "h while typing asks no hint");
    assert!(!h.state().prefs().dark, "T while typing keeps the theme");
    h.key_press(egui::Key::Escape);
    h.run();
    h.key_press(egui::Key::H);
    h.run();
    assert!(
        h.state().hint_text().is_some(),
        "h works again after the dialog"
    );
}

// Issue 13: what a new player ran into.

#[test]
fn touch_move_says_what_is_allowed_and_why_a_click_is_refused() {
    let dir = folder("touch-words");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--rules",
            "tournament",
            "--black",
            "human",
            "--position",
            "a1,d2,g7,c5/a7,g1,f4 0:0 w",
            "--no-animations",
        ],
    ));
    click(&mut h, "g7, white cow");
    assert!(
        shown(
            &h,
            "Click where the cow on g7 goes (touch-move: it must move)."
        ),
        "the prompt says the cow must move"
    );
    click(&mut h, "g7, white cow");
    assert!(
        shown(
            &h,
            "g7: touch-move: you touched this cow, so it must move; click where it goes."
        ),
        "letting go is refused, with the reason"
    );
    assert!(
        shown(
            &h,
            "Click where the cow on g7 goes (touch-move: it must move)."
        ),
        "the cow stays picked"
    );
    click(&mut h, "d2, white cow");
    assert!(
        shown_containing(&h, "you touched the cow on g7, and it must move"),
        "another cow is refused, with the reason"
    );
    click(&mut h, "a4, empty");
    assert!(
        shown(
            &h,
            "a4: it is not next to g7: a cow moves along a line to the next free point \
             (touch-move: the cow on g7 must move)."
        ),
        "a point it cannot reach is refused, with the reason"
    );
    click(&mut h, "d7, empty");
    assert!(shown(&h, "d7, white cow"), "the touched cow moves");
}

#[test]
fn a_refused_click_says_why_and_no_backticks_show() {
    let dir = folder("why");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--no-animations",
            "--moves",
            "b2",
        ],
    ));
    click(&mut h, "b2, white cow");
    assert!(
        shown(
            &h,
            "b2: that point is taken by a white cow; place yours on an empty point."
        ),
        "the refusal says why"
    );
    // A record the rules refuse: its error quotes the move in backticks; the window shows
    // quotation marks, and names the file once.
    let bad = dir.join("games").join("bad.txt");
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::write(&bad, "[Game \"morabaraba\"]\n\n1. d7 d7\n").unwrap();
    click(&mut h, "Load…");
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text("bad.txt");
    h.run();
    click(&mut h, "Load");
    let error = h
        .query_all_by_label_contains("move 2")
        .next()
        .and_then(|n| n.accesskit_node().value().map(|v| v.to_string()))
        .expect("the error is shown");
    assert!(!error.contains('`'), "{error}");
    assert!(error.contains("“d7”"), "{error}");
    assert_eq!(
        error.matches("bad.txt").count(),
        1,
        "the file is named once: {error}"
    );
}

#[test]
fn captures_are_announced_in_the_status_and_the_move_list() {
    let dir = folder("captures");
    // South's F (4 seeds) sows a, b, c, d: d becomes 3 and c 2, both captured.
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "oware",
            "--black",
            "human",
            "--position",
            "4,4,4,4,4,4/0,0,1,2,0,0 10:11 s",
            "--no-animations",
        ],
    ));
    click(&mut h, "south house F, 4 seeds");
    let said = h
        .state()
        .game()
        .and_then(kraal_session::AnyGame::last_taken)
        .map(|t| format!("{t}."))
        .expect("a capture");
    assert!(shown(&h, &said), "the status line says {said:?}");
    assert!(shown(&h, "F +5"), "the move list gives the count");
    // The computer's captures too: North's only move, f, takes South's A (2 + 1 seeds).
    let dir = folder("captures-ai");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "oware",
            "--white",
            "human",
            "--black",
            "ai:1",
            "--position",
            "2,4,4,4,4,8/0,0,0,0,0,1 10:11 n",
            "--no-animations",
        ],
    ));
    step_until(&mut h, "the computer's move", |app| {
        app.game().is_some_and(|g| g.ply() == 1)
    });
    assert!(shown(&h, "North captures 3 from A."));
    assert!(shown(&h, "f +3"));
    // The person's capture stays said after the computer's reply.
    let dir = folder("captures-reply");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "oware",
            "--white",
            "human",
            "--black",
            "ai:1",
            "--position",
            "4,4,4,4,4,4/0,0,1,2,0,0 10:11 s",
            "--no-animations",
        ],
    ));
    click(&mut h, "south house F, 4 seeds");
    step_until(&mut h, "the computer's reply", |app| {
        app.game().is_some_and(|g| g.ply() == 2)
    });
    assert!(shown(&h, &said), "{said:?} after the reply");
}

#[test]
fn lines_that_appear_never_move_the_buttons() {
    let dir = folder("steady");
    let mut h = harness(app_with(
        &dir,
        &["--game", "oware", "--black", "human", "--no-animations"],
    ));
    click(&mut h, "south house C, 4 seeds");
    let undo = h.get_by_label("Undo").rect();
    let animations = h.get_by_label("Animations").rect();
    // An error line.
    click(&mut h, "south house C, 0 seeds");
    assert!(
        shown_containing(&h, "south house C: "),
        "a refusal is shown"
    );
    assert_eq!(h.get_by_label("Undo").rect(), undo, "after an error line");
    // A hint line ("Looking for a hint..." and then the hint).
    click(&mut h, "Hint");
    assert!(h.state().hint_text().is_some());
    assert_eq!(h.get_by_label("Undo").rect(), undo, "after a hint line");
    step_until(&mut h, "the hint", |app| {
        app.hint_text().is_some_and(|t| t.starts_with("Hint: "))
    });
    assert_eq!(h.get_by_label("Undo").rect(), undo, "after the hint");
    assert_eq!(h.get_by_label("Animations").rect(), animations);
}

#[test]
fn a_small_window_leaves_the_board_at_least_half_the_width() {
    let dir = folder("small");
    let app = app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--no-animations",
        ],
    );
    let mut h = egui_kittest::Harness::builder()
        .with_size([640.0, 420.0])
        .with_max_steps(400)
        .build_ui_state(|ui, app: &mut KraalApp| app.ui(ui), app);
    h.run();
    let panel_left = h.get_by_label("Undo").rect().left();
    assert!(panel_left >= 340.0, "the panel starts at {panel_left}");
    let board =
        h.get_by_label("g1, empty").rect().right() - h.get_by_label("a1, empty").rect().left();
    assert!(board >= 200.0, "the board is {board} wide");
    // The keys window fits: its list scrolls, its Close button is on the screen.
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Questionmark);
    h.run();
    let close = h.get_by_label("Close").rect();
    assert!(close.bottom() <= 420.0, "Close at {close:?}");
}

#[test]
fn a_long_relay_is_animated_in_three_seconds_at_most() {
    let dir = folder("relay");
    let mut h = harness(app_with(
        &dir,
        &["--game", "mulabalaba", "--black", "human"],
    ));
    let game = h.state().game().expect("a game");
    let pos = game.mancala_position().expect("a mancala game").clone();
    // The start position's longest relay.
    let (mv, steps) = pos
        .legal_moves()
        .into_iter()
        .map(|mv| (mv, pos.steps(mv).expect("legal").len()))
        .max_by_key(|&(_, n)| n)
        .expect("a move");
    assert!(steps > 15, "a long relay: {steps} steps");
    let hole = mv.hole();
    let label = kraal_gui::mancala_board::hole_label(pos.board(), hole, u32::from(pos.seeds(hole)));
    h.get_by_label(&label).click();
    h.step();
    let seconds = h.state().animation_seconds().expect("animated");
    assert!(
        seconds <= 3.0 && seconds > 2.0,
        "{steps} steps take {seconds} s"
    );
    assert!(
        shown_containing(&h, "Yellow ring: the hole the seeds are dropped in"),
        "the ring that follows the sowing is explained"
    );
}

#[test]
fn every_unfinished_game_is_offered_newest_first_and_kept_in_its_own_file() {
    let dir = folder("many");
    let play = |words: &[&str], clicks: &[&str]| {
        let mut h = harness(app_with(&dir, words));
        for label in clicks {
            click(&mut h, label);
        }
    };
    play(
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--no-animations",
        ],
        &["d7, empty"],
    );
    let [older] = unfinished_files(&dir).try_into().expect("one game");
    // The older game was written an hour ago.
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&older)
        .and_then(|f| f.set_modified(hour_ago))
        .expect("file time");
    play(
        &["--game", "oware", "--black", "human", "--no-animations"],
        &["south house C, 4 seeds", "north house f, 4 seeds"],
    );
    assert_eq!(
        unfinished_files(&dir).len(),
        2,
        "a new game overwrites none"
    );
    // A file that is no game is set aside and reported, not offered.
    std::fs::write(dir.join("unfinished").join("broken.txt"), "no record\n").unwrap();

    let mut h = on_menu(KraalApp::new(config(&dir)));
    let date = today(&dir);
    let newer = format!("oware (abapa): a person against a person, {date}, 2 turns");
    let older_line = format!("morabaraba (morabaraba): a person against a person, {date}, 1 turn");
    let top = h.get_by_label(&newer).rect().top();
    assert!(
        top < h.get_by_label(&older_line).rect().top(),
        "newest first"
    );
    assert!(
        shown_containing(&h, "broken.txt cannot be continued"),
        "the corrupt file is reported"
    );
    assert!(!shown_containing(&h, "no record"));
    let untouched = std::fs::read_to_string(unfinished_with(&dir, "abapa")).unwrap();

    // The older game goes on in its own file.
    click(&mut h, &older_line);
    assert!(shown(&h, "d7, white cow"));
    click(&mut h, "a1, empty");
    let kept = kraal_session::Record::load(&older).expect("its own file");
    assert_eq!(
        kept.moves.len(),
        2,
        "the continued game writes on to its file"
    );
    assert_eq!(unfinished_files(&dir).len(), 2, "and to no other");
    assert_eq!(
        std::fs::read_to_string(unfinished_with(&dir, "abapa")).unwrap(),
        untouched,
        "the other game is left alone"
    );
    // Back in the menu, both are offered again.
    click(&mut h, "New game");
    assert!(shown(&h, &newer));
    assert!(shown(&h, &older_line.replace("1 turn", "2 turns")));
}

#[test]
fn saving_goes_to_the_folder_for_games_and_native_dialogs_can_be_turned_off() {
    let dir = folder("save-folder");
    let mut config = config(&dir);
    config.native_dialogs = true;
    let app = KraalApp::from_args(
        config,
        [
            "--game",
            "oware",
            "--black",
            "human",
            "--no-animations",
            "--no-native-dialogs",
        ],
    )
    .expect("arguments");
    let mut h = harness(app);
    click(&mut h, "south house C, 4 seeds");
    click(&mut h, "Save…");
    assert!(
        shown(&h, "Save the game"),
        "the window's own field, never a native dialog"
    );
    click(&mut h, "Save");
    let saved = dir.join("games").join("kraal-oware.txt");
    assert!(
        saved.is_file(),
        "saved in the games folder, created on save"
    );
    assert!(shown_containing(&h, "Saved to "));
    // Saving over a file asks first.
    let before = std::fs::read_to_string(&saved).unwrap();
    click(&mut h, "north house f, 4 seeds");
    click(&mut h, "Save…");
    click(&mut h, "Save");
    assert!(
        shown_containing(&h, "exists already: click Save again to replace it"),
        "the player is asked"
    );
    assert_eq!(
        std::fs::read_to_string(&saved).unwrap(),
        before,
        "not yet replaced"
    );
    click(&mut h, "Save");
    assert!(!shown(&h, "Save the game"), "the dialog closes");
    assert_ne!(std::fs::read_to_string(&saved).unwrap(), before, "replaced");
}

#[test]
fn the_review_button_marks_a_missed_win_and_names_the_best_move() {
    let dir = folder("engine-review");
    // fixtures/puzzles.txt: g4-g1 and a shot wins at once; b4-a4 lets the win go.
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--black",
            "human",
            "--position",
            "a1,b4,d1,g4/c3,c4,e5 0:0 w",
            "--moves",
            "b4-a4",
            "--no-animations",
        ],
    ));
    click(&mut h, "Review");
    step_until(&mut h, "the review", |app| {
        app.engine_review().is_some_and(|r| !r.running())
    });
    assert!(shown(&h, "b4-a4??"), "the move list marks the move");
    assert!(
        shown_containing(
            &h,
            "1. White b4-a4?? blunder: let a forced win go; best was g4-g1x"
        ),
        "the note on the move at the cursor"
    );
    assert!(shown_containing(
        &h,
        "White: 0 inaccuracies, 0 mistakes, 1 blunder"
    ));
}

#[test]
fn the_game_over_window_offers_the_review_and_the_graph_is_clickable() {
    let dir = folder("engine-review-over");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "oware",
            "--black",
            "human",
            "--moves",
            "C f D e",
            "--no-animations",
        ],
    ));
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    click(&mut h, "Review this game");
    assert!(
        !shown(&h, "Game over"),
        "the window makes way for the review"
    );
    step_until(&mut h, "the review", |app| {
        app.engine_review().is_some_and(|r| !r.running())
    });
    assert_eq!(h.state().engine_review().map(|r| r.graph().len()), Some(5));
    // The middle of the graph is the position after two of the four moves.
    click(&mut h, "Expected result over the game");
    assert_eq!(h.state().game().map(AnyGame::ply), Some(2));
}

#[test]
fn a_computer_lost_by_proof_resigns_and_the_window_says_so() {
    // Black (three cows, flying) cannot stop both of White's threats from d7: lost in two
    // plies, which the Ancestor's search proves, so by its manner it resigns.
    let dir = folder("computer-resigns");
    let mut h = harness(app_with(
        &dir,
        &[
            "--game",
            "morabaraba",
            "--white",
            "human",
            "--black",
            "ai:7",
            "--position",
            "a1,a4,g1,g4,d7/b6,d2,f4 0:0 b",
            "--no-animations",
        ],
    ));
    step_until(&mut h, "the computer's resignation", |app| {
        app.game().is_some_and(kraal_session::AnyGame::is_over)
    });
    h.run();
    assert!(shown(&h, "Game over"), "the window opens");
    assert!(
        shown_containing(&h, "White wins: Black resign"),
        "the window gives the reason"
    );
    assert_eq!(h.state().game().map(kraal_session::AnyGame::ply), Some(0));
}
