//! Hints that consult the endgame tables: off by default; on, a table position's hint says
//! what the tables know, and the hint plays their move. (A test binary of its own: the switch
//! is the program's.)

use kraal_ai::MorrisOracle;
use kraal_session::any::AnyGame;
use kraal_session::review::{Oracles, give_tables, use_tables};
use kraal_session::{Player, resolve};
use kraal_tables::morris::{MorrisTables, Sector};
use std::sync::Arc;

/// White wins in one ply: b2 flies to g1 and closes a1-d1-g1, or d1 to c3 and closes the
/// diagonal a1-b2-c3 (worked out by hand); either shot leaves Black two cows.
const WIN_IN_ONE: &str = "a1,d1,b2/a7,d7,f6 0:0 w";

fn hint(rules: &kraal_session::GameRules, start: Option<&str>) -> kraal_session::any::Hint {
    let mut game = AnyGame::new(rules, start, [Player::Human, Player::Human], 0).unwrap();
    game.ask_hint();
    game.wait_hint().expect("a hint")
}

#[test]
fn a_hint_says_what_the_tables_know_only_when_they_are_turned_on() {
    let rules = resolve("morabaraba", None, &[] as &[&str]).unwrap();
    let options = kraal_rules_morris::Options::morabaraba();
    let sector = Sector::build(&options).unwrap();
    give_tables(
        &rules,
        Oracles {
            morris: Some(Arc::new(MorrisOracle(Arc::new(MorrisTables::new(vec![
                sector,
            ]))))),
            mancala: None,
        },
    );
    // Off (the default): no word of the tables.
    assert_eq!(hint(&rules, Some(WIN_IN_ONE)).tables, None);

    use_tables(true);
    let h = hint(&rules, Some(WIN_IN_ONE));
    assert_eq!(h.tables.as_deref(), Some("win in 1 (tables)"));
    assert!(
        h.to_string().ends_with(" The tables: win in 1 (tables)."),
        "{h}"
    );
    let best = h.best.expect("a move");
    let mut game =
        AnyGame::new(&rules, Some(WIN_IN_ONE), [Player::Human, Player::Human], 0).unwrap();
    game.play_move(best).unwrap();
    let outcome = game.outcome().expect("the hint's move ends the game");
    assert!(
        outcome.to_string().starts_with("White wins"),
        "{best}: {outcome}"
    );
    // A position no table holds: the hint is the search's alone.
    assert_eq!(hint(&rules, None).tables, None);
    use_tables(false);
}
