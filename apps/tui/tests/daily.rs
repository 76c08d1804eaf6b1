//! The daily puzzle screen, driven by keys: today's puzzle of each game solved by playing its
//! own solution line from the pack (the solver's moves picked on the board, the replies played
//! by the app), a wrong move refused with "not that" and retried, the solution shown, and the
//! result kept in the progress file (days solved, streak, rating) in a temporary data folder.

mod common;

use common::{path_to, press, screen};
use crossterm::event::KeyCode;
use kraal_front::daily::Said;
use kraal_front::progress::ProgressFile;
use kraal_puzzles::daily::daily;
use kraal_puzzles::{Date, GameName, Judgement, Puzzle};
use kraal_rules_morris::Point;
use kraal_session::any::AnyMove;
use kraal_tui::Theme;
use kraal_tui::app::{App, Paths, Screen};
use ratatui::layout::Rect;
use std::path::{Path, PathBuf};

const PLAIN: Theme = Theme {
    ascii: true,
    color: false,
};

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-tui-daily-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

/// The app with a progress file in `dir`, on the daily puzzle screen (second on the home
/// screen), its game Morabaraba.
fn daily_app(dir: &Path) -> App {
    let paths = Paths {
        settings: None,
        unfinished: None,
        saves: None,
        progress: Some(dir.join("progress.toml")),
        online: None,
    };
    let mut app = App::new(PLAIN, paths, 5);
    app.size = Rect::new(0, 0, 110, 36);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Daily(_)), "the daily screen");
    app
}

/// Today's puzzle of `game`, read from the shipped pack by the test itself.
fn todays(game: GameName) -> Puzzle {
    let all = kraal_packs::shipped().expect("packs");
    daily(Date::today_utc(), game, &all)
        .expect("a puzzle for today")
        .clone()
}

fn said(app: &App) -> Option<Said> {
    match &app.screen {
        Screen::Daily(d) => d.daily.said().cloned(),
        _ => None,
    }
}

/// The result line the screen shows (it wraps on the screen).
fn result(app: &App) -> String {
    match &app.screen {
        Screen::Daily(d) => app
            .progress
            .as_ref()
            .and_then(|f| d.daily.result_line(&f.progress.puzzles))
            .unwrap_or_default(),
        _ => panic!("the daily screen"),
    }
}

fn played(app: &App) -> Vec<String> {
    match &app.screen {
        Screen::Daily(d) => d.daily.played_text(),
        _ => panic!("the daily screen"),
    }
}

/// Plays a move given in notation by picking its points (mill games) or its hole (mancala)
/// with the cursor keys and Enter.
fn pick(app: &mut App, mv: &str) {
    let Screen::Daily(d) = &mut app.screen else {
        panic!("the daily screen");
    };
    if d.board.morris_position().is_none() {
        let hole = d
            .board
            .legal_moves()
            .into_iter()
            .find_map(|m| match m {
                AnyMove::Mancala(m) if m.to_string() == mv => Some(m.hole()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{mv} is legal"));
        d.board.hole = hole;
        press(app, KeyCode::Enter);
        return;
    }
    for target in mv.split(['-', 'x']) {
        let target: Point = target.parse().expect("point");
        let Screen::Daily(d) = &app.screen else {
            panic!("the daily screen");
        };
        let board = d.board.morris_position().expect("a mill game").board();
        for key in path_to(board, d.board.point, target) {
            press(app, key);
        }
        press(app, KeyCode::Enter);
    }
}

/// Plays the solver's moves of `puzzle`'s main line by picks; after each, the app's reply must
/// be the line's next move (the pack's defender plays the longest resistance, as the app does).
fn solve(app: &mut App, puzzle: &Puzzle) {
    let line = puzzle.board.line_text();
    for (i, mv) in line.iter().enumerate().step_by(2) {
        pick(app, mv);
        let expected: Vec<String> = line[..(i + 2).min(line.len())].to_vec();
        match said(app) {
            Some(Said::Move(Judgement::Solved { .. })) => return,
            Some(Said::Move(Judgement::Right { .. })) => {
                assert_eq!(played(app), expected, "{}: the reply", puzzle.id);
            }
            other => panic!("{}: {mv} gave {other:?}", puzzle.id),
        }
    }
    panic!("{}: the line ended unsolved", puzzle.id);
}

#[test]
fn todays_puzzle_of_each_game_is_solved_by_keys_and_kept_in_the_progress_file() {
    let dir = folder("solve");
    let mut app = daily_app(&dir);
    for (n, game) in [GameName::Morabaraba, GameName::Oware, GameName::Mulabalaba]
        .into_iter()
        .enumerate()
    {
        let puzzle = todays(game);
        let Screen::Daily(d) = &app.screen else {
            panic!("the daily screen");
        };
        assert_eq!(d.daily.puzzle().id, puzzle.id, "today's {game}");
        let shown = screen(&app, 110, 36);
        assert!(shown.contains(&puzzle.id), "{shown}");
        assert!(shown.contains("Objective: "), "{shown}");
        solve(&mut app, &puzzle);
        let shown = screen(&app, 110, 36);
        assert!(shown.contains("Solved. Your puzzle rating:"), "{shown}");
        let result = result(&app);
        assert!(result.ends_with("Daily streak: 1 (best 1)."), "{result}");
        // Kept: the day, with this game, and the puzzle.
        let (file, aside) = ProgressFile::open(dir.join("progress.toml")).expect("read");
        assert!(aside.is_none());
        let puzzles = &file.progress.puzzles;
        let today = Date::today_utc().to_string();
        assert_eq!(puzzles.solved_days[&today].len(), n + 1, "{game}");
        assert!(puzzles.solved_days[&today].contains(game.name()));
        assert!(puzzles.solved.contains(&puzzle.id));
        assert!(puzzles.rating > 1500.0, "a clean solve raises the rating");
        press(&mut app, KeyCode::Char('g'));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_wrong_move_says_not_that_and_is_taken_back_to_try_again() {
    let dir = folder("wrong");
    let mut app = daily_app(&dir);
    let puzzle = todays(GameName::Morabaraba);
    let key = &puzzle.board.line_text()[0];
    // The key move's cow and points; the proof is unique at the root, so a move of another
    // cow or to another point fails (only the shot may differ).
    let stem = |m: &str| m.split('x').next().unwrap_or(m).to_owned();
    let Screen::Daily(d) = &app.screen else {
        panic!("the daily screen");
    };
    let wrong = d
        .board
        .legal_moves()
        .into_iter()
        .map(|m| m.to_string())
        .find(|m| stem(m) != stem(key))
        .expect("another legal move");
    pick(&mut app, &wrong);
    let Some(Said::Move(Judgement::Wrong { played: tried, .. })) = said(&app) else {
        panic!("{wrong}: {:?}", said(&app));
    };
    assert_eq!(tried, wrong);
    let shown = screen(&app, 110, 36);
    assert!(shown.contains("not that:"), "{shown}");
    assert!(played(&app).is_empty(), "taken back");
    let Screen::Daily(d) = &app.screen else {
        panic!("the daily screen");
    };
    assert_eq!(d.board.ply(), 0, "the board set up again");
    // The retry solves it, but not cleanly: no day for the streak, the rating goes down.
    solve(&mut app, &puzzle);
    let (file, _) = ProgressFile::open(dir.join("progress.toml")).expect("read");
    let puzzles = &file.progress.puzzles;
    assert!(
        puzzles.solved_days.is_empty(),
        "a retry does not count for the streak"
    );
    assert!(puzzles.solved.contains(&puzzle.id));
    assert!(puzzles.rating < 1500.0, "{}", puzzles.rating);
    assert!(screen(&app, 110, 36).contains("Not solved cleanly."));
    assert!(
        result(&app).ends_with("Daily streak: 0 (best 0)."),
        "{}",
        result(&app)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn s_shows_the_solution_and_records_the_puzzle_unsolved() {
    let dir = folder("solution");
    let mut app = daily_app(&dir);
    let puzzle = todays(GameName::Morabaraba);
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(said(&app), Some(Said::Solution(puzzle.board.line_text())));
    let shown = screen(&app, 110, 36);
    assert!(shown.contains("The solution: "), "{shown}");
    let (file, _) = ProgressFile::open(dir.join("progress.toml")).expect("read");
    assert!(file.progress.puzzles.solved_days.is_empty());
    assert!(file.progress.puzzles.rating < 1500.0);
    // The board takes no more moves.
    press(&mut app, KeyCode::Enter);
    assert!(played(&app).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
