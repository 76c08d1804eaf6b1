//! The examples run as tests, so that CI plays them: each example's `run` is called with the
//! arguments a user would give it.

#[allow(dead_code)]
#[path = "../examples/morris_random_game.rs"]
mod random_game;

#[allow(dead_code)]
#[path = "../examples/morris_perft.rs"]
mod perft;

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|a| (*a).to_owned()).collect()
}

#[test]
fn a_random_game_is_played_to_its_end_and_replays_from_its_seed() {
    let game = random_game::run(&[]).expect("defaults");
    assert!(game.starts_with("1. "), "{game}");
    assert!(
        game.contains("wins:") || game.contains("draw:"),
        "the game ends: {game}"
    );
    assert_eq!(random_game::run(&[]).expect("defaults"), game);
    let koti = random_game::run(&args(&["7", "koti"])).expect("a seed and a rule set");
    assert_ne!(koti, game);
    assert!(random_game::run(&args(&["seven"])).is_err());
    assert!(random_game::run(&args(&["1", "chess"])).is_err());
}

#[test]
fn perft_counts_the_start_and_a_given_position() {
    let start = perft::run(&args(&["start", "2"])).expect("the start");
    assert!(start.contains("depth 1: 24\n"), "{start}");
    assert!(
        start.contains(&format!("depth 2: {}\n", 24 * 23)),
        "{start}"
    );
    let defaults = perft::run(&[]).expect("defaults");
    assert!(defaults.contains("depth 4: "), "{defaults}");
    let given = perft::run(&args(&["a1,d1/d7,g7 10:10 w", "1"])).expect("a position");
    assert!(given.starts_with("a1,d1/d7,g7 10:10 w - 0 0\n"), "{given}");
    // Nineteen placements, and g1 closes a1-d1-g1 with a shot at either black cow.
    assert!(given.contains("depth 1: 21\n"), "{given}");
    assert!(perft::run(&args(&["a1/a1 0:0 w"])).is_err());
    assert!(perft::run(&args(&["start", "deep"])).is_err());
}
