//! No string makes a parser panic: moves, position strings, options, rule sets, sides.

use kraal_rules_mancala::{Move, OptionName, Options, Position, RuleSet, Setup, Side};
use proptest::prelude::*;

fn positions() -> Vec<Position> {
    RuleSet::ALL
        .iter()
        .map(|r| Position::new(r.options()))
        .collect()
}

/// Text made of the characters the parsers care about, to reach deep into them.
fn notation_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex(r"[0-9,/:;# \-+snwbSNeEaAlLmM=_]{0,80}").unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn move_parsers_never_panic(text in any::<String>(), near in notation_like()) {
        for t in [&text, &near] {
            let _ = t.parse::<Move>();
            for p in positions() {
                if let Ok(mv) = p.parse_move(t) {
                    prop_assert!(p.is_legal(mv));
                    prop_assert_eq!(p.parse_move(&mv.to_string()), Ok(mv));
                }
            }
        }
    }

    #[test]
    fn position_string_parsers_never_panic(text in any::<String>(), near in notation_like()) {
        for t in [&text, &near] {
            if let Ok(setup) = t.parse::<Setup>() {
                // What parses prints back to something that parses to the same setup.
                prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup.clone()));
            }
            for r in RuleSet::ALL {
                if let Ok(p) = Position::from_position_string(t, r.options()) {
                    let again = Position::from_position_string(&p.to_position_string(), r.options());
                    prop_assert_eq!(again.map(|q| q.to_position_string()), Ok(p.to_position_string()));
                }
            }
        }
    }

    #[test]
    fn valid_looking_boards_are_validated_without_panic(
        south in proptest::collection::vec(-300i64..300, 0..20),
        north in proptest::collection::vec(-300i64..300, 0..20),
        captured in (-300i64..300, -300i64..300),
        ply in proptest::option::of(-5i64..5_000_000_000),
    ) {
        let setup = Setup {
            holes: [south, north],
            captured: [captured.0, captured.1],
            side_to_move: Side::North,
            ply,
        };
        for r in RuleSet::ALL {
            match Position::from_setup(&setup, r.options()) {
                Ok(p) => prop_assert_eq!(p.to_setup().holes, setup.holes.clone()),
                Err(e) => prop_assert!(!e.0.is_empty() && !e.to_string().is_empty()),
            }
        }
    }

    #[test]
    fn option_parsers_never_panic(name in any::<String>(), value in any::<String>(), near in notation_like()) {
        let _ = name.parse::<RuleSet>();
        let _ = name.parse::<OptionName>();
        let _ = name.parse::<Side>();
        for r in RuleSet::ALL {
            let _ = Options::from_rule_set(r.name(), &[format!("{name}={value}")]);
            let _ = Options::from_rule_set(r.name(), &[near.as_str()]);
            for o in OptionName::ALL {
                let mut opts = r.options();
                if opts.set(o.name(), &value).is_ok() && opts.validate().is_ok() {
                    // Valid options make a position without panicking.
                    let _ = Position::new(opts).legal_moves();
                }
                let mut opts = r.options();
                if opts.set(o.name(), &near).is_ok() && opts.validate().is_ok() {
                    let _ = Position::new(opts).legal_moves();
                }
            }
        }
    }
}
