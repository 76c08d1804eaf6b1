//! The `serde` feature: every type round-trips through JSON in its canonical text form.
#![cfg(feature = "serde")]

use kraal_rules_mancala::{
    EndReason, Game, Move, Options, Outcome, Position, RuleSet, Setup, Side,
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
fn an_oware_move_is_its_house_letter() {
    let south = Position::new(Options::abapa());
    for mv in south.legal_moves() {
        assert_eq!(round_trip(&mv), format!("\"{mv}\""));
    }
    let c = south.parse_move("c").expect("legal");
    let north = south.play(c).expect("legal");
    for mv in north.legal_moves() {
        assert_eq!(mv.side(), Side::North);
        assert_eq!(round_trip(&mv), format!("\"{mv}\""));
    }
    assert_eq!(
        serde_json::to_string(&Move::new(Game::Oware, Side::North, 2)).expect("json"),
        "\"c\""
    );
    let err = serde_json::from_str::<Move>("\"z\"").unwrap_err();
    assert!(err.to_string().contains("house letters"), "{err}");
    assert!(serde_json::from_str::<Move>("3").is_err());
}

#[test]
fn a_mulabalaba_move_is_its_hole_number_and_comes_back_as_souths() {
    let pos = Position::new(RuleSet::Mulabalaba.options());
    for mv in pos.legal_moves() {
        assert_eq!(round_trip(&mv), format!("\"{mv}\""));
    }
    let north = Move::new(Game::Mulabalaba, Side::North, 4);
    let json = serde_json::to_string(&north).expect("json");
    assert_eq!(json, "\"5\"");
    let back: Move = serde_json::from_str(&json).expect("syntax");
    assert_eq!(back.side(), Side::South);
    assert_eq!(back.with_side(Side::North), north);
    assert!(serde_json::from_str::<Move>("\"33\"").is_err());
}

#[test]
fn rule_sets_are_their_names() {
    for rule_set in RuleSet::ALL {
        assert_eq!(round_trip(&rule_set), format!("\"{}\"", rule_set.name()));
    }
    assert!(serde_json::from_str::<RuleSet>("\"kalah\"").is_err());
}

#[test]
fn options_are_the_game_and_a_map_of_option_texts() {
    for rule_set in RuleSet::ALL {
        round_trip(&rule_set.options());
    }
    let oware = Options::from_rule_set("abapa", &["cycle=off", "seeds=5"]).expect("valid");
    let json = round_trip(&oware);
    assert!(json.starts_with("{\"game\":\"oware\""), "{json}");
    assert!(json.contains("\"cycle\":\"off\""), "{json}");
    assert!(!json.contains("\"holes\""), "only Oware's options: {json}");
    // Only some options, numbers as numbers, the game anywhere.
    let read: Options =
        serde_json::from_str(r#"{"seeds": 5, "cycle": "off"}"#).expect("Oware by default");
    assert_eq!(read, oware);
    let toka: Options =
        serde_json::from_str(r#"{"holes": 12, "game": "Mulabalaba"}"#).expect("a partial map");
    assert_eq!(toka, RuleSet::MulabalabaToka12.options());
    // An option of the other game, a bad value or an unknown game is refused.
    assert!(serde_json::from_str::<Options>(r#"{"holes": 8}"#).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"seeds": 0}"#).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"game": "kalah"}"#).is_err());
}

#[test]
fn a_setup_is_its_position_string() {
    let pos = Position::new(Options::abapa());
    let c = pos.parse_move("C").expect("legal");
    let after = pos.play(c).expect("legal");
    assert_eq!(
        round_trip(&after.to_setup()),
        "\"4,4,0,5,5,5/5,4,4,4,4,4 0:0 n\""
    );
    let mulabalaba = Position::new(RuleSet::Mulabalaba.options());
    let json = round_trip(&mulabalaba.to_setup());
    assert!(json.ends_with(" 0:0 s 0\""), "{json}");
    assert!(serde_json::from_str::<Setup>("\"4,4/4,4\"").is_err());
}

#[test]
fn outcomes_are_tagged_maps_with_kebab_case_reasons() {
    let win = Outcome::Win {
        winner: Side::North,
        reason: EndReason::EndlessMove,
    };
    assert_eq!(
        round_trip(&win),
        r#"{"result":"win","winner":"north","reason":"endless-move"}"#
    );
    let draw = Outcome::Draw {
        reason: EndReason::Halves,
    };
    assert_eq!(round_trip(&draw), r#"{"result":"draw","reason":"halves"}"#);
    for reason in [
        EndReason::Majority,
        EndReason::Halves,
        EndReason::Cycle,
        EndReason::Famine,
        EndReason::NoSeeds,
        EndReason::NoCapturePossible,
        EndReason::NoMove,
        EndReason::EndlessMove,
        EndReason::MaxPlies,
    ] {
        assert_eq!(round_trip(&reason), format!("\"{}\"", reason.name()));
    }
    for side in [Side::South, Side::North] {
        assert_eq!(round_trip(&side), format!("\"{}\"", side.name()));
    }
    for game in Game::ALL {
        assert_eq!(round_trip(&game), format!("\"{}\"", game.name()));
    }
}
