//! Property tests: no string makes a parser panic, and whatever parses prints back to itself.

use kraal_rules_morris::{Move, Options, Point, Position, RuleSet, Setup};
use proptest::prelude::*;

/// Strings made of the characters the notations use, so parsers get past their first check.
fn notation_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-gA-G0-9xX:,/ \\-wbpas]{0,40}").expect("regex")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn move_parsing_never_panics(s in "\\PC{0,30}", t in notation_like()) {
        for text in [s, t] {
            if let Ok(mv) = text.parse::<Move>() {
                prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            }
        }
    }

    #[test]
    fn position_strings_never_panic(s in "\\PC{0,60}", t in notation_like()) {
        for text in [s, t] {
            let _ = text.parse::<Point>();
            if let Ok(setup) = text.parse::<Setup>() {
                prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup.clone()));
            }
            for rules in [RuleSet::Morabaraba, RuleSet::Sotho, RuleSet::NineMensMorris] {
                if let Ok(pos) = Position::from_position_string(&text, rules.options()) {
                    let again = Position::from_position_string(&pos.to_position_string(), rules.options());
                    prop_assert_eq!(again.map(|p| p.to_position_string()), Ok(pos.to_position_string()));
                }
            }
        }
    }

    #[test]
    fn option_parsing_never_panics(name in "\\PC{0,20}", value in "\\PC{0,20}", assignment in "[a-z_\\-=:0-9]{0,30}") {
        let mut options = Options::default();
        let _ = options.set(&name, &value);
        let _ = options.apply(&assignment);
        let _ = name.parse::<RuleSet>();
        let _ = Options::from_rule_set(&name, &[assignment]);
    }

    #[test]
    fn moves_checked_against_a_position_never_panic(text in notation_like()) {
        let start = Position::new(Options::default());
        let _ = start.parse_move(&text);
    }
}
