//! The daily puzzle screen, driven through the window: today's puzzle of each game solved by
//! clicking its own solution line from the pack (the replies are the app's), a wrong move
//! refused with "not that" and retried, "Show the solution", and the result kept in the
//! progress file of a temporary data folder.

mod common;

use common::*;
use egui_kittest::kittest::Queryable;
use kraal_front::daily::Said;
use kraal_front::progress::ProgressFile;
use kraal_gui::KraalApp;
use kraal_gui::app::Screen;
use kraal_puzzles::daily::daily;
use kraal_puzzles::{Date, GameName, Judgement, Puzzle};
use kraal_session::any::AnyMove;

type H = egui_kittest::Harness<'static, KraalApp>;

fn click_containing(h: &mut H, part: &str) {
    h.get_all_by_label_contains(part)
        .next()
        .unwrap_or_else(|| panic!("nothing labelled {part}"))
        .click();
    h.run();
}

/// The app on the daily puzzle screen, opened from the home screen.
fn daily_harness(dir: &std::path::Path) -> H {
    let mut h = harness(KraalApp::new(config(dir)));
    h.run();
    click_containing(&mut h, "Daily puzzle");
    assert!(matches!(h.state().screen(), Screen::Daily(_)), "opened");
    h
}

/// Today's puzzle of `game`, read from the shipped pack by the test itself.
fn todays(game: GameName) -> Puzzle {
    let all = kraal_packs::shipped().expect("packs");
    daily(Date::today_utc(), game, &all)
        .expect("a puzzle for today")
        .clone()
}

fn view(h: &H) -> &kraal_gui::daily_view::DailyView {
    match h.state().screen() {
        Screen::Daily(v) => v,
        _ => panic!("the daily screen"),
    }
}

/// Clicks a move given in notation: its points (mill games) or its hole (mancala).
fn play(h: &mut H, mv: &str) {
    let board = &view(h).board;
    if let Some(pos) = board.mancala_position() {
        let hole = board
            .legal_moves()
            .into_iter()
            .find_map(|m| match m {
                AnyMove::Mancala(m) if m.to_string() == mv => Some(m.hole()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{mv} is legal"));
        let label = format!("{}, ", pos.board().describe(hole));
        click_containing(h, &label);
        return;
    }
    for point in mv.split(['-', 'x']) {
        click_containing(h, &format!("{point}, "));
    }
}

/// Clicks the solver's moves of the puzzle's main line; each reply must be the line's.
fn solve(h: &mut H, puzzle: &Puzzle) {
    let line = puzzle.board.line_text();
    for (i, mv) in line.iter().enumerate().step_by(2) {
        play(h, mv);
        match view(h).daily.said() {
            Some(Said::Move(Judgement::Solved { .. })) => return,
            Some(Said::Move(Judgement::Right { .. })) => assert_eq!(
                view(h).daily.played_text(),
                line[..(i + 2).min(line.len())].to_vec(),
                "{}: the reply",
                puzzle.id
            ),
            other => panic!("{}: {mv} gave {other:?}", puzzle.id),
        }
    }
    panic!("{}: the line ended unsolved", puzzle.id);
}

#[test]
fn todays_puzzle_of_each_game_is_solved_by_clicks_and_kept() {
    let dir = folder("daily-solve");
    let mut h = daily_harness(&dir);
    for (n, game) in GameName::ALL.into_iter().enumerate() {
        if n > 0 {
            click(&mut h, game.name());
        }
        let puzzle = todays(game);
        assert_eq!(view(&h).daily.puzzle().id, puzzle.id, "today's {game}");
        assert!(shown_containing(&h, "Objective: "), "the objective");
        solve(&mut h, &puzzle);
        assert!(shown_containing(&h, "solved!"), "{game}");
        assert!(
            shown_containing(&h, "Solved. Your puzzle rating:"),
            "{game}: the result"
        );
        assert!(shown_containing(&h, "Daily streak: 1 (best 1)."), "{game}");
        let (file, aside) = ProgressFile::open(dir.join("progress.toml")).expect("read");
        assert!(aside.is_none());
        let puzzles = &file.progress.puzzles;
        let today = Date::today_utc().to_string();
        assert_eq!(puzzles.solved_days[&today].len(), n + 1, "{game}");
        assert!(puzzles.solved.contains(&puzzle.id));
    }
    // Home: the streak is on the Daily puzzle button.
    click(&mut h, "< Home");
    assert!(shown_containing(&h, "your streak: 1 day (best 1 day)"));
}

#[test]
fn a_wrong_click_says_not_that_and_the_retry_solves_it_not_cleanly() {
    let dir = folder("daily-wrong");
    let mut h = daily_harness(&dir);
    let puzzle = todays(GameName::Morabaraba);
    let key = puzzle.board.line_text()[0].clone();
    // Unique at the root: a move of another cow or to another point fails.
    let stem = |m: &str| m.split('x').next().unwrap_or(m).to_owned();
    let wrong = view(&h)
        .board
        .legal_moves()
        .into_iter()
        .map(|m| m.to_string())
        .find(|m| stem(m) != stem(&key))
        .expect("another legal move");
    play(&mut h, &wrong);
    assert!(
        matches!(
            view(&h).daily.said(),
            Some(Said::Move(Judgement::Wrong { .. }))
        ),
        "{wrong}"
    );
    assert!(shown_containing(&h, "not that:"), "said");
    assert!(view(&h).daily.played_text().is_empty(), "taken back");
    assert_eq!(view(&h).board.ply(), 0, "the board set up again");
    solve(&mut h, &puzzle);
    assert!(shown_containing(&h, "Not solved cleanly."));
    let (file, _) = ProgressFile::open(dir.join("progress.toml")).expect("read");
    assert!(file.progress.puzzles.solved_days.is_empty(), "no streak");
    assert!(file.progress.puzzles.rating < 1500.0);
}

#[test]
fn show_the_solution_shows_the_line_and_ends_the_puzzle() {
    let dir = folder("daily-solution");
    let mut h = daily_harness(&dir);
    let puzzle = todays(GameName::Morabaraba);
    click(&mut h, "Show the solution");
    let line = puzzle.board.line_text().join(" ");
    assert!(shown_containing(&h, &format!("The solution: {line}")));
    assert!(view(&h).daily.is_over());
    assert!(!shown(&h, "Show the solution"), "no second time");
    let (file, _) = ProgressFile::open(dir.join("progress.toml")).expect("read");
    assert!(file.progress.puzzles.rating < 1500.0, "recorded as a loss");
}
