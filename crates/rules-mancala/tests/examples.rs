//! The examples run as tests, so that CI plays them: each example's `run` is called with the
//! arguments a user would give it.

#[allow(dead_code)]
#[path = "../examples/mancala_random_game.rs"]
mod random_game;

#[allow(dead_code)]
#[path = "../examples/mancala_perft.rs"]
mod perft;

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|a| (*a).to_owned()).collect()
}

#[test]
fn a_random_game_is_played_to_its_end_and_replays_from_its_seed() {
    let game = random_game::run(&[]).expect("defaults");
    assert!(game.starts_with("1. "), "{game}");
    assert!(game.contains("Game over: "), "the game ends: {game}");
    assert_eq!(random_game::run(&[]).expect("defaults"), game);
    let mulabalaba = random_game::run(&args(&["3", "mulabalaba"])).expect("a seed and a rule set");
    assert!(mulabalaba.contains("Game over: "), "{mulabalaba}");
    assert!(random_game::run(&args(&["three"])).is_err());
    assert!(random_game::run(&args(&["1", "kalah"])).is_err());
}

#[test]
fn perft_counts_the_start_and_a_given_position() {
    let start = perft::run(&args(&["start", "3"])).expect("the start");
    assert!(start.contains("depth 1: 6\n"), "{start}");
    assert!(start.contains("depth 3: 190\n"), "{start}");
    let defaults = perft::run(&[]).expect("defaults");
    assert!(defaults.contains("depth 6: "), "{defaults}");
    let given = perft::run(&args(&["0,0,0,0,2,1/1,0,0,0,0,3 20:21 s", "2"])).expect("a position");
    assert!(
        given.starts_with("0,0,0,0,2,1/1,0,0,0,0,3 20:21 s\n"),
        "{given}"
    );
    assert!(given.contains("depth 1: 2\n"), "{given}");
    let mulabalaba = perft::run(&args(&["start", "2", "mulabalaba"])).expect("mulabalaba");
    assert!(mulabalaba.contains("depth 1: 16\n"), "{mulabalaba}");
    assert!(perft::run(&args(&["4,4/4,4 0:0 s"])).is_err());
    assert!(perft::run(&args(&["start", "deep"])).is_err());
}
