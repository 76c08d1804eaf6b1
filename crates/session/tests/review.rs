//! Reviews through the session: the moves on the board, in the background with progress, and
//! a review that is stopped keeps what it reviewed.

use kraal_ai::Limits;
use kraal_session::review::{Oracles, ReviewJob, ReviewOptions};
use kraal_session::{AnyGame, Player, resolve};
use std::time::Duration;

fn oware_game(moves: &[&str]) -> AnyGame {
    let rules = resolve("oware", None, &[] as &[&str]).expect("rules");
    let mut game = AnyGame::new(&rules, None, [Player::Human, Player::Human], 0).expect("game");
    for m in moves {
        game.play_text(m).expect("legal");
    }
    game
}

#[test]
fn a_background_review_covers_the_whole_history_and_reports_progress() {
    let mut game = oware_game(&["C", "f", "D", "e"]);
    // Stepped back to look: the moves after the cursor are reviewed too.
    game.jump(1).expect("ply 1");
    let on_board = game.all_moves().len();
    let options = ReviewOptions {
        limits: Limits::depth(3),
        oracles: Oracles::default(),
    };
    let mut job = ReviewJob::start(&game, options);
    let review = job.wait().expect("finished").expect("legal");
    assert!(review.complete);
    assert_eq!(review.moves.len(), on_board);
    let played: Vec<String> = review.moves.iter().map(|m| m.played.to_string()).collect();
    let want: Vec<String> = game.all_moves().iter().map(ToString::to_string).collect();
    assert_eq!(played, want);
    assert_eq!(job.progress(), (on_board + 1, on_board + 1));
}

#[test]
fn a_stopped_review_returns_what_it_reviewed() {
    let game = oware_game(&["C", "f", "D", "e", "A", "b"]);
    let options = ReviewOptions {
        // Long enough that the review cannot finish before it is stopped.
        limits: Limits::time(Duration::from_secs(30)),
        oracles: Oracles::default(),
    };
    let mut job = ReviewJob::start(&game, options);
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        job.poll().is_none(),
        "a 30 s a position review is still running"
    );
    job.stop();
    let review = job.wait().expect("stopped").expect("legal");
    assert!(!review.complete);
    assert!(review.moves.len() < game.ply());
}
