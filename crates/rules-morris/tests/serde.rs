//! The `serde` feature: every type round-trips through JSON in its canonical text form.
#![cfg(feature = "serde")]

use kraal_rules_morris::{
    Color, DrawReason, Move, Options, Outcome, Position, RuleSet, Setup, WinReason,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("serialises");
    let back: T = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(&back, value, "{json}");
    json
}

#[test]
fn a_move_is_its_notation() {
    let pos = Position::new(Options::default());
    let mv = pos.parse_move("d2").expect("legal");
    assert_eq!(round_trip(&mv), "\"d2\"");
    let shot: Move = "A1:D1 x b4".parse().expect("syntax");
    assert_eq!(round_trip(&shot), "\"a1-d1xb4\"");
    assert_eq!(round_trip(&Move::pass()), "\"pass\"");
    // Forgiving in, canonical out; a syntax error is an error.
    assert_eq!(
        serde_json::from_str::<Move>("\"F2XB4XE4\"").expect("syntax"),
        "f2xb4xe4".parse::<Move>().expect("syntax")
    );
    let err = serde_json::from_str::<Move>("\"d9\"").unwrap_err();
    assert!(err.to_string().contains("not a move"), "{err}");
    assert!(serde_json::from_str::<Move>("12").is_err());
}

#[test]
fn every_legal_move_of_a_game_round_trips() {
    // Placements, shots, steps: walk a game by always taking the last legal move.
    let mut pos = Position::new(RuleSet::Koti.options());
    for _ in 0..60 {
        let moves = pos.legal_moves();
        let Some(&mv) = moves.last() else { break };
        for m in &moves {
            assert_eq!(round_trip(m), format!("\"{m}\""));
        }
        pos = pos.play(mv).expect("legal");
    }
}

#[test]
fn rule_sets_are_their_names() {
    for rule_set in RuleSet::ALL {
        assert_eq!(round_trip(&rule_set), format!("\"{}\"", rule_set.name()));
    }
    assert_eq!(
        serde_json::from_str::<RuleSet>("\"NINE_MENS_MORRIS\"").expect("any case"),
        RuleSet::NineMensMorris
    );
    assert!(serde_json::from_str::<RuleSet>("\"chess\"").is_err());
}

#[test]
fn options_are_a_map_of_option_texts() {
    for rule_set in RuleSet::ALL {
        round_trip(&rule_set.options());
    }
    let options =
        Options::from_rule_set("morabaraba", &["cows=11", "three-cows-draw=off"]).expect("valid");
    let json = round_trip(&options);
    assert!(json.contains("\"cows\":\"11\""), "{json}");
    assert!(json.contains("\"three-cows-draw\":\"off\""), "{json}");
    // Only some options, numbers as numbers: the rest are the default rule set's.
    let read: Options =
        serde_json::from_str(r#"{"cows": 11, "three_cows_draw": "off"}"#).expect("a partial map");
    assert_eq!(read, options);
    // Unknown options, bad values and options that make no game are refused.
    assert!(serde_json::from_str::<Options>(r#"{"colour": "red"}"#).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"cows": 99}"#).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"centre-mills": "diagonals"}"#).is_err());
}

#[test]
fn a_setup_is_its_position_string() {
    let start = Setup::start(12);
    assert_eq!(round_trip(&start), "\"-/- 12:12 w - 0 0\"");
    let pos = Position::from_position_string("a1,b4,d1,g4/c3,c4,e5 0:0 w", Options::default())
        .expect("valid");
    // The string lists points by name, so a setup comes back with its points in that order.
    let json = serde_json::to_string(&pos.to_setup()).expect("serialises");
    assert_eq!(json, "\"a1,b4,d1,g4/c3,c4,e5 0:0 w - 0 0\"");
    let back: Setup = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(back.to_string(), pos.to_setup().to_string());
    let again = Position::from_setup(&back, Options::default()).expect("valid");
    assert_eq!(again.to_setup(), pos.to_setup());
    assert_eq!(round_trip(&back), json);
    assert!(serde_json::from_str::<Setup>("\"a1/b2\"").is_err());
}

#[test]
fn outcomes_are_tagged_maps_with_kebab_case_reasons() {
    let win = Outcome::Win {
        winner: Color::Black,
        reason: WinReason::ReducedToTwo,
    };
    assert_eq!(
        round_trip(&win),
        r#"{"result":"win","winner":"black","reason":"reduced-to-two"}"#
    );
    let draw = Outcome::Draw {
        reason: DrawReason::BothBlocked,
    };
    assert_eq!(
        round_trip(&draw),
        r#"{"result":"draw","reason":"both-blocked"}"#
    );
    for reason in [
        WinReason::ReducedToTwo,
        WinReason::Blocked,
        WinReason::BoardFull,
    ] {
        assert_eq!(round_trip(&reason), format!("\"{}\"", reason.name()));
    }
    for reason in [
        DrawReason::ThreeCows,
        DrawReason::NoShot,
        DrawReason::Repetition,
        DrawReason::BoardFull,
        DrawReason::BothBlocked,
    ] {
        assert_eq!(round_trip(&reason), format!("\"{}\"", reason.name()));
    }
    for color in Color::ALL {
        assert_eq!(round_trip(&color), format!("\"{}\"", color.name()));
    }
}
