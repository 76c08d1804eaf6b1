//! Text pictures of both boards in several sizes, Unicode and ASCII (insta snapshots under
//! `tests/snapshots`).

use kraal_rules_mancala::{Options, Position, Theme, render};

fn pos(rules: &str, text: Option<&str>) -> Position {
    let mut words = rules.split_whitespace();
    let name = words.next().unwrap();
    let overrides: Vec<&str> = words.collect();
    let options = Options::from_rule_set(name, &overrides).unwrap();
    match text {
        None => Position::new(options),
        Some(t) => Position::from_position_string(t, options).unwrap(),
    }
}

#[test]
fn oware_start() {
    let p = pos("abapa", None);
    insta::assert_snapshot!("oware_start_unicode", render(&p, Theme::Unicode));
    insta::assert_snapshot!("oware_start_ascii", render(&p, Theme::Ascii));
}

#[test]
fn oware_midgame_north_to_move() {
    let p = pos("abapa", Some("13,5,2,1,2,0/0,2,6,7,1,1 4:4 n"));
    insta::assert_snapshot!("oware_midgame_unicode", render(&p, Theme::Unicode));
}

#[test]
fn oware_game_over_by_famine() {
    let p = pos("abapa", Some("1,1,1,1,0,0/0,0,0,0,0,0 22:22 s"));
    insta::assert_snapshot!("oware_famine_ascii", render(&p, Theme::Ascii));
}

#[test]
fn oware_small_and_large_boards() {
    insta::assert_snapshot!(
        "oware_4_houses_ascii",
        render(&pos("abapa houses=4 seeds=3", None), Theme::Ascii)
    );
    let big = pos(
        "abapa houses=12 seeds=10",
        Some("0,10,10,10,10,10,10,10,10,10,10,140/0,0,0,0,0,0,0,0,0,0,0,0 0:0 s"),
    );
    insta::assert_snapshot!("oware_12_houses_unicode", render(&big, Theme::Unicode));
}

#[test]
fn mulabalaba_start_positions() {
    insta::assert_snapshot!(
        "mulabalaba_4x6_unicode",
        render(&pos("mulabalaba-lozi-6", None), Theme::Unicode)
    );
    insta::assert_snapshot!(
        "mulabalaba_4x8_ascii",
        render(&pos("mulabalaba", None), Theme::Ascii)
    );
    insta::assert_snapshot!(
        "mulabalaba_4x16_unicode",
        render(&pos("mulabalaba-toka-16 seeds=3", None), Theme::Unicode)
    );
}

#[test]
fn mulabalaba_midgame_and_game_over() {
    let mid = pos(
        "mulabalaba",
        Some("2,1,0,3,3,2,0,2,1,1,2,2,2,0,0,0/3,0,6,1,1,0,0,6,0,3,1,1,2,0,0,0 8:11 n 10"),
    );
    insta::assert_snapshot!(
        "mulabalaba_4x8_midgame_unicode",
        render(&mid, Theme::Unicode)
    );
    let over = pos(
        "mulabalaba holes=4",
        Some("0,0,0,1,1,1,0,0/0,0,0,0,0,0,0,0 16:13 n 1"),
    );
    insta::assert_snapshot!("mulabalaba_4x4_over_ascii", render(&over, Theme::Ascii));
}
