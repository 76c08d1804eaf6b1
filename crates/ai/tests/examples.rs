//! The `best_move` example runs as a test, so that CI plays it: its `run` is called with the
//! arguments a user would give it.

#[allow(dead_code)]
#[path = "../examples/best_move.rs"]
mod best_move;

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|a| (*a).to_owned()).collect()
}

#[test]
fn the_engine_finds_the_winning_shot() {
    // Black is down to three cows: White closes a1-d1-g1 and shoots one, winning at once.
    let answer = best_move::run(&args(&["morabaraba", "a1,b4,d1,g4/c3,c4,e5 0:0 w", "4"]))
        .expect("a position");
    assert!(answer.starts_with("best move g4-g1x"), "{answer}");
    assert!(answer.contains("score win in 1"), "{answer}");
}

#[test]
fn the_engine_answers_at_the_start_of_both_families() {
    let morris = best_move::run(&args(&["morabaraba", "start", "2"])).expect("the start");
    assert!(morris.starts_with("best move "), "{morris}");
    let oware = best_move::run(&args(&["abapa", "start", "4"])).expect("oware");
    assert!(oware.starts_with("best move "), "{oware}");
    let mulabalaba = best_move::run(&args(&["mulabalaba", "start", "2"])).expect("mulabalaba");
    assert!(mulabalaba.starts_with("best move "), "{mulabalaba}");
    assert!(best_move::run(&args(&["chess"])).is_err());
    assert!(best_move::run(&args(&["abapa", "4,4/4,4 0:0 s"])).is_err());
    assert!(best_move::run(&args(&["abapa", "start", "deep"])).is_err());
}

#[test]
fn the_engine_says_when_the_game_is_over() {
    // White is down to two cows: the game is over, nothing to search.
    let answer = best_move::run(&args(&["morabaraba", "a1,b2/c3,c4,e5 0:0 w", "2"]))
        .expect("a finished position");
    assert!(answer.contains("the game is over"), "{answer}");
}
