//! The computer opponents and the endgame tables in a session: with the tables in use, the
//! Ancestor searches with them (it plays a table win it could never see by itself), while the
//! levels below keep their own search. (A test binary of its own: the switch is the program's.)

use kraal_ai::{MorrisOracle, Opponent, Score};
use kraal_rules_morris::{Color, Point, Position};
use kraal_session::any::AnyGame;
use kraal_session::review::{Oracles, give_tables, use_tables};
use kraal_session::{GameRules, Player, resolve};
use kraal_tables::morris::{MorrisTables, MorrisValue, Sector};
use std::sync::Arc;

/// The points of a bit set, as the position string writes them: `a1,d1,b2`.
fn names(bits: u32) -> String {
    Point::all()
        .filter(|p| bits & p.bit() != 0)
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The computer's move and score with White to move in `start`, White played by `opponent`.
fn computer_move(rules: &GameRules, start: &str, opponent: Opponent) -> (AnyGame, Score) {
    let mut game = AnyGame::new(rules, Some(start), [Player::Ai(opponent), Player::Human], 0)
        .expect("a valid start");
    let played = game.wait_ai().expect("White is the computer");
    (game, played.score)
}

#[test]
fn with_the_tables_in_use_only_the_ancestor_searches_with_them() {
    let rules = resolve("morabaraba", None, &[] as &[&str]).unwrap();
    let options = kraal_rules_morris::Options::morabaraba();
    let sector = Sector::build(&options).unwrap();
    // A long table win for the side to move: far beyond what the Elder's search reaches.
    let ((mine, theirs), distance) = sector
        .classes()
        .find_map(|(cows, v)| match v {
            MorrisValue::WinIn(d) if d >= 11 => Some((cows, d)),
            _ => None,
        })
        .expect("3v3 has wins of 11 plies and more");
    let start = format!("{}/{} 0:0 w", names(mine), names(theirs));
    let check = Position::from_position_string(&start, options).unwrap();
    assert_eq!(sector.probe(&check), Some(MorrisValue::WinIn(distance)));
    let tables = Arc::new(MorrisTables::new(vec![sector]));
    give_tables(
        &rules,
        Oracles {
            morris: Some(Arc::new(MorrisOracle(Arc::clone(&tables)))),
            mancala: None,
        },
    );
    use_tables(true);
    let ancestor = Opponent::level(7).unwrap();
    let elder = Opponent::level(5).unwrap();
    assert!(ancestor.tables && !elder.tables);

    let (game, score) = computer_move(&rules, &start, ancestor);
    assert_eq!(score, Score::WinIn(u32::from(distance)), "{start}");
    // Its move keeps the win: Black, to move, is lost one ply sooner.
    let after = match &game {
        AnyGame::Morris { session, .. } => session.position().clone(),
        AnyGame::Mancala { .. } => unreachable!("a mill game"),
    };
    assert_eq!(after.side_to_move(), Color::Black);
    assert_eq!(
        tables.probe(&after),
        Some(MorrisValue::LossIn(distance - 1))
    );

    // The Elder has the same tables at hand but searches alone: no proof that far.
    let (_, score) = computer_move(&rules, &start, elder);
    assert!(!matches!(score, Score::WinIn(_)), "{score:?}");
    use_tables(false);
}
