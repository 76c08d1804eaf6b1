//! Every rules example checked against the rules crates: its position sets up, each accepted
//! answer is legal and does what the prompt asks (checked here independently of the lesson's
//! own words: mills from the board's table, captures from the seeds counted before and
//! after), and every other legal move is answered with the lesson's explanation.

use kraal_front::lessons::{LESSONS, Verdict, lessons_of, rules_text};
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use kraal_session::{AnyGame, EndReason, Seat, resolve};

fn after(lesson: &kraal_front::lessons::Lesson, mv: &str) -> AnyGame {
    let mut game = lesson.game().expect("sets up");
    game.play_text(mv).expect("legal");
    game
}

/// White's mills on the board (points taken from the board's table of mills).
fn white_mills(game: &AnyGame) -> Vec<[morris::Point; 3]> {
    let pos = game.morris_position().expect("a mill game");
    pos.board()
        .mills()
        .filter(|m| {
            m.iter()
                .all(|&p| pos.cow_at(p) == Some(morris::Color::White))
        })
        .collect()
}

fn black_cows(game: &AnyGame) -> u32 {
    game.morris_position()
        .expect("a mill game")
        .on_board(morris::Color::Black)
}

/// The seeds South has captured.
fn south_captured(game: &AnyGame) -> u32 {
    game.mancala_position()
        .expect("a mancala game")
        .captured(mancala::Side::South)
}

#[test]
fn every_lesson_sets_up_and_its_answers_are_legal() {
    let mut ids: Vec<&str> = LESSONS.iter().map(|l| l.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), LESSONS.len(), "ids are unique");
    for lesson in LESSONS {
        let game = lesson.game().unwrap_or_else(|e| panic!("{e}"));
        assert!(!game.is_over(), "{}", lesson.id);
        assert!(!lesson.answers.is_empty(), "{}", lesson.id);
        for answer in lesson.answers {
            let verdict = lesson.judge_text(answer);
            assert_eq!(
                verdict,
                Verdict::Right(lesson.right.to_owned()),
                "{}",
                lesson.id
            );
        }
    }
    let count = |g| lessons_of(g).len();
    assert_eq!(
        count("morabaraba") + count("oware") + count("mulabalaba"),
        LESSONS.len()
    );
}

#[test]
fn every_other_legal_move_is_explained_as_wrong() {
    for lesson in LESSONS {
        let game = lesson.game().expect("sets up");
        let mut right = 0;
        for mv in game.legal_moves() {
            match lesson.judge(&mv) {
                Verdict::Right(_) => right += 1,
                Verdict::Wrong(why) => {
                    assert!(
                        why.to_lowercase()
                            .starts_with(&lesson.wrong[..8].to_lowercase()),
                        "{}: {why}",
                        lesson.id
                    );
                }
                Verdict::Illegal(why) => {
                    panic!("{}: a legal move judged illegal: {why}", lesson.id)
                }
            }
        }
        assert_eq!(
            right,
            lesson.answers.len(),
            "{}: every answer is a legal move",
            lesson.id
        );
    }
}

#[test]
fn mill_answers_close_the_mills_they_name_and_shoot_as_the_rule_set_says() {
    for (id, mills, shots) in [
        ("mill-on-a-line", 1, 1),
        ("mill-on-a-diagonal", 1, 1),
        ("cows-in-mills-are-safe", 1, 1),
        ("all-in-mills", 1, 1),
        ("double-mill-two-shots", 2, 2),
        ("double-mill-one-shot", 2, 1),
        ("flying", 1, 1),
    ] {
        let lesson = LESSONS.iter().find(|l| l.id == id).expect("lesson");
        let before = lesson.game().expect("sets up");
        for answer in lesson.answers {
            let game = after(lesson, answer);
            assert_eq!(white_mills(&game).len(), mills, "{id} {answer}");
            assert_eq!(
                black_cows(&before) - black_cows(&game),
                shots,
                "{id} {answer}"
            );
        }
    }
}

#[test]
fn the_protection_the_return_ban_and_the_block_are_the_rules_own() {
    let lesson = |id: &str| LESSONS.iter().find(|l| l.id == id).expect("lesson");
    // Shooting from the mill a7-d7-g7 is refused while b4 stands outside it.
    let safe = lesson("cows-in-mills-are-safe");
    assert!(matches!(safe.judge_text("a1xa7"), Verdict::Illegal(_)));
    // Straight back into the mill just left: refused under mssa.
    let ban = lesson("no-immediate-return");
    assert!(matches!(ban.judge_text("g4-g1"), Verdict::Illegal(_)));
    for answer in ban.answers {
        assert_eq!(white_mills(&after(ban, answer)).len(), 1, "{answer}");
    }
    // The default rules allow the return (the lesson names the difference).
    let mut free = AnyGame::new(
        &resolve("morabaraba", None, &[] as &[&str]).expect("rules"),
        Some(ban.position.trim_end_matches(" w:g4-g1")),
        [kraal_session::Player::Human; 2],
        0,
    )
    .expect("sets up");
    assert!(free.play_text("g4-g1xd2").is_ok());
    // The block ends the game: Black has no move and loses.
    let blocked = lesson("blocked");
    let outcome = after(blocked, "c4-b4").outcome().expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Seat::First), EndReason::Blocked)
    );
}

#[test]
fn mancala_answers_capture_what_the_lesson_says() {
    let lesson = |id: &str| LESSONS.iter().find(|l| l.id == id).expect("lesson");
    // Seeds captured by each move, counted by hand from the positions (see each lesson's
    // explanation): F sows a, b, c to 2, 3, 2.
    for (id, mv, seeds) in [
        ("capture-backwards", "F", 7),
        ("capture-backwards", "D", 5),
        ("grand-slam", "E", 4),
        ("grand-slam", "F", 0),
        ("relay", "1", 4),
        ("relay", "5", 0),
        ("relay", "12", 0),
        ("capture-both", "7", 4),
        ("capture-both", "12", 0),
    ] {
        let l = lesson(id);
        let before = south_captured(&l.game().expect("sets up"));
        assert_eq!(south_captured(&after(l, mv)) - before, seeds, "{id} {mv}");
    }
    // The best capture is the answer: no legal move captures more.
    let best = lesson("capture-backwards");
    let game = best.game().expect("sets up");
    let before = south_captured(&game);
    for mv in game.legal_moves() {
        let mut g = best.game().expect("sets up");
        g.play_text(&mv.to_string()).expect("legal");
        assert!(south_captured(&g) - before <= 7, "{mv}");
    }
    // Feeding: every move that does not feed is refused, and F is the one left.
    let feed = lesson("feeding");
    let legal: Vec<String> = feed
        .game()
        .expect("sets up")
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(legal, ["F"]);
    let Verdict::Illegal(why) = feed.judge_text("A") else {
        panic!("A does not feed");
    };
    assert!(why.contains("feed"), "{why}");
}

#[test]
fn the_rules_in_words_name_what_a_rule_set_changes() {
    let default = rules_text(&resolve("morabaraba", None, &[] as &[&str]).expect("rules"));
    assert!(default.differences.is_empty(), "{:?}", default.differences);
    let mssa = rules_text(&resolve("mssa", None, &[] as &[&str]).expect("rules"));
    assert!(
        mssa.differences
            .iter()
            .any(|d| d.starts_with("shots = ")
                && d.contains("the default morabaraba rules: per-mill")),
        "{:?}",
        mssa.differences
    );
    let oware = rules_text(&resolve("oware", None, &[] as &[&str]).expect("rules"));
    assert!(oware.paragraphs.iter().any(|p| p.contains("grand slam")));
    assert!(!oware.paragraphs.join(" ").contains("cow"));
}
