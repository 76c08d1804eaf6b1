//! Attempting shipped puzzles: the main line solves them (with the replies of the line), a
//! wrong move is refused with its refutation and can be retried, text that is no move changes
//! nothing.

use kraal_puzzles::{Attempt, Judgement, Puzzle, parse_pack};
use std::path::PathBuf;

fn pack(name: &str) -> Vec<Puzzle> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/puzzles")
        .join(name);
    parse_pack(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Plays the line's solver moves; checks each reply is the line's.
fn solve_by_the_line(a: &mut Attempt) {
    let line = a.puzzle().board.line_text();
    for (i, mv) in line.iter().enumerate().step_by(2) {
        match a.try_text(mv).unwrap() {
            Judgement::Right { reply, .. } => assert_eq!(Some(&reply), line.get(i + 1)),
            Judgement::Solved { .. } => {
                assert!(i + 2 >= line.len(), "{}: solved early", a.puzzle().id);
                return;
            }
            other => panic!("{}: {mv}: {other}", a.puzzle().id),
        }
    }
    panic!("{}: the line did not solve it", a.puzzle().id);
}

#[test]
fn the_main_line_solves_shipped_puzzles_of_every_pack() {
    for name in [
        "morabaraba.txt",
        "traditional.txt",
        "twelve-mens-morris.txt",
        "oware.txt",
        "mulabalaba.txt",
    ] {
        for p in pack(name).into_iter().step_by(10) {
            let mut a = Attempt::new(p);
            solve_by_the_line(&mut a);
            assert!(a.is_solved() && a.is_clean());
            assert_eq!(a.try_text("a1").unwrap(), Judgement::Over);
        }
    }
}

#[test]
fn a_wrong_move_is_refused_with_a_reason_and_the_puzzle_can_be_retried() {
    let mut tested = 0;
    for name in ["morabaraba.txt", "oware.txt", "mulabalaba.txt"] {
        for p in pack(name).into_iter().take(5) {
            let key = p.board.line_text()[0].clone();
            let mut a = Attempt::new(p);
            let before = a.position_string();
            // Some legal move other than the key: the first that the attempt calls wrong.
            let wrong = match &a.puzzle().board {
                kraal_puzzles::Board::Morris { position, .. } => position
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .find(|m| m.split('x').next() != key.split('x').next()),
                kraal_puzzles::Board::Mancala { position, .. } => position
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .find(|m| *m != key),
            }
            .expect("two moves or more");
            let j = a.try_text(&wrong).unwrap();
            assert!(
                matches!(j, Judgement::Wrong { .. }),
                "{}: {wrong}: {j}",
                a.puzzle().id
            );
            assert!(j.to_string().starts_with("not that: "), "{j}");
            assert_eq!(a.position_string(), before, "a wrong move is taken back");
            assert_eq!(a.mistakes(), 1);
            solve_by_the_line(&mut a);
            assert!(a.is_solved() && !a.is_clean(), "solved, but not cleanly");
            tested += 1;
        }
    }
    assert_eq!(tested, 15);
}

#[test]
fn a_typed_move_is_judged_as_its_text_and_one_of_the_other_family_is_illegal() {
    let p = pack("morabaraba.txt").remove(0);
    let kraal_puzzles::Board::Morris { line, .. } = p.board.clone() else {
        panic!("a mill game");
    };
    let mut typed = Attempt::new(p.clone());
    let mut text = Attempt::new(p);
    assert_eq!(
        typed.try_morris(line[0]).unwrap(),
        text.try_text(&line[0].to_string()).unwrap()
    );
    let sow = kraal_rules_mancala::Move::new(
        kraal_rules_mancala::Game::Oware,
        kraal_rules_mancala::Side::South,
        0,
    );
    let mut other = Attempt::new(pack("morabaraba.txt").remove(1));
    assert!(matches!(
        other.try_mancala(sow).unwrap(),
        Judgement::Illegal(_)
    ));
}

#[test]
fn text_that_is_no_legal_move_changes_nothing_and_the_solution_can_be_shown() {
    let p = pack("morabaraba.txt").remove(0);
    let line = p.board.line_text();
    let mut a = Attempt::new(p);
    let before = a.position_string();
    assert!(matches!(a.try_text("zz9").unwrap(), Judgement::Illegal(_)));
    assert_eq!(a.position_string(), before);
    assert_eq!(a.mistakes(), 0);
    assert_eq!(a.solution(), line);
    assert!(a.solution_shown() && !a.is_clean());
}
