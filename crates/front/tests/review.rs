//! The review panel the front ends share: marks in the move list, the note on a move, the
//! graph of the first player's expected result, and the status line.

use kraal_ai::Limits;
use kraal_front::review::ReviewPanel;
use kraal_session::{AnyGame, Player, resolve};

/// fixtures/puzzles.txt: White wins at once by g4-g1 and a shot; b4-a4 lets the win go.
fn missed_win() -> AnyGame {
    let rules = resolve("morabaraba", None, &[] as &[&str]).expect("rules");
    let mut game = AnyGame::new(
        &rules,
        Some("a1,b4,d1,g4/c3,c4,e5 0:0 w"),
        [Player::Human, Player::Human],
        0,
    )
    .expect("position");
    game.play_text("b4-a4").expect("legal");
    game
}

#[test]
fn a_missed_win_is_marked_explained_and_drawn() {
    let game = missed_win();
    let mut panel = ReviewPanel::start_with(&game, Limits::depth(3));
    assert!(panel.status(game.side_names()).starts_with("Reviewing") || !panel.running());
    panel.wait();
    assert!(!panel.running());
    assert_eq!(panel.symbol(1), "??");
    assert_eq!(panel.symbol(2), "", "no second move");
    let note = panel.note(1, game.side_names()).expect("a note");
    assert!(
        note.starts_with("1. White b4-a4?? blunder: let a forced win go; best was g4-g1x"),
        "{note}"
    );
    let graph = panel.graph();
    assert_eq!(graph.len(), 2, "the start and one move");
    assert_eq!(graph[0], 1.0, "White had a forced win");
    assert!(graph[1] < 1.0);
    assert_eq!(
        panel.status(game.side_names()),
        "White: 0 inaccuracies, 0 mistakes, 1 blunder; Black: 0 inaccuracies, 0 mistakes, 0 blunders"
    );
}

#[test]
fn a_stopped_review_says_so() {
    let rules = resolve("oware", None, &[] as &[&str]).expect("rules");
    let mut game = AnyGame::new(&rules, None, [Player::Human, Player::Human], 0).expect("game");
    for m in ["C", "f", "D", "e", "A", "b"] {
        game.play_text(m).expect("legal");
    }
    let mut panel =
        ReviewPanel::start_with(&game, Limits::time(std::time::Duration::from_secs(30)));
    assert!(panel.running());
    panel.stop();
    assert!(!panel.running());
    let status = panel.status(game.side_names());
    assert!(status.contains("(stopped after"), "{status}");
}
