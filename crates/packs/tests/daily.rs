//! The daily puzzle as the front ends drive it ([`kraal_front::daily::DailyPuzzle`]), over four
//! weeks of days and every game: each day's puzzle set up on a board, solved by playing the
//! pack's own main line move by move (the replies must be the line's: the app's defender plays
//! the longest resistance, as the pack's proof does), and recorded.

use kraal_front::daily::{DailyPuzzle, Said};
use kraal_front::puzzle::PuzzleProgress;
use kraal_puzzles::{Date, GameName, Judgement};

#[test]
fn four_weeks_of_dailies_are_solved_by_their_own_lines_on_the_board() {
    let all = kraal_packs::shipped().expect("packs");
    let first: Date = "2026-12-01".parse().expect("date");
    for offset in 0..28 {
        let date = Date::from_days_since_epoch(first.days_since_epoch() + offset);
        for game in GameName::ALL {
            let mut d = DailyPuzzle::new(game, date, true, &all).expect("a daily");
            let line = d.puzzle().board.line_text();
            let id = d.puzzle().id.clone();
            let mut solved = false;
            for (i, text) in line.iter().enumerate().step_by(2) {
                let mut board = d.board().expect("board");
                assert_eq!(board.ply(), i, "{id}");
                let mv = board.play_text(text).expect("the line's move is legal");
                let said = d.judge_pick(&board).expect("judged").cloned();
                match said {
                    Some(Said::Move(Judgement::Solved { .. })) => {
                        solved = true;
                        break;
                    }
                    Some(Said::Move(Judgement::Right { played, reply })) => {
                        assert_eq!(played, mv.to_string(), "{id}");
                        assert_eq!(Some(&reply), line.get(i + 1), "{id}: the reply");
                    }
                    other => panic!("{id} on {date}: {text} gave {other:?}"),
                }
            }
            assert!(solved, "{id} on {date}: solved by its line");
            let mut progress = PuzzleProgress::default();
            let r = d.record(&mut progress).expect("recorded");
            assert_eq!(r.streak, 1, "{id}");
            assert!(progress.solved_days[&date.to_string()].contains(game.name()));
            // Recording twice changes nothing.
            assert_eq!(d.record(&mut progress), Some(r));
        }
    }
}

#[test]
fn a_half_made_pick_is_not_judged() {
    let all = kraal_packs::shipped().expect("packs");
    let date: Date = "2026-12-05".parse().expect("date");
    let mut d = DailyPuzzle::new(GameName::Morabaraba, date, false, &all).expect("daily");
    let board = d.board().expect("board");
    assert_eq!(d.judge_pick(&board).expect("nothing to judge"), None);
    assert!(!d.is_over());
    let mut progress = PuzzleProgress::default();
    assert_eq!(
        d.record(&mut progress),
        None,
        "nothing recorded before the end"
    );
    d.show_solution();
    let r = d.record(&mut progress).expect("recorded");
    assert!(r.after < r.before, "the solution shown counts as a loss");
    assert!(progress.solved_days.is_empty(), "and not for the streak");
}
