//! Snapshots of the text pictures: every board, and positions in each phase and at the end.

use kraal_rules_morris::{Options, Position, Theme, render};

fn picture(rules: &str, overrides: &[&str], text: &str, theme: Theme) -> String {
    let options = Options::from_rule_set(rules, overrides).expect("valid options");
    let pos = Position::from_position_string(text, options).expect("valid position");
    render(&pos, theme)
}

#[test]
fn standard_board_at_the_start() {
    insta::assert_snapshot!(picture("morabaraba", &[], "-/- 12:12 w", Theme::Unicode));
}

#[test]
fn standard_board_at_the_start_in_ascii() {
    insta::assert_snapshot!(picture("morabaraba", &[], "-/- 12:12 w", Theme::Ascii));
}

#[test]
fn plain_board_while_placing() {
    insta::assert_snapshot!(picture(
        "nine-mens-morris",
        &[],
        "a1,d2,g7/b4,f4 6:7 b",
        Theme::Ascii
    ));
}

#[test]
fn sotho_board_with_a_cow_on_the_centre() {
    insta::assert_snapshot!(picture(
        "sotho",
        &[],
        "a1,d4,g4/c3,e5 9:9 w",
        Theme::Unicode
    ));
}

#[test]
fn moving_with_a_return_ban() {
    insta::assert_snapshot!(picture(
        "classic-it",
        &[],
        "c3,d2,e3,g4/b6,c5,d6,e5,f6 0:0 w b:d6-d5 0 0",
        Theme::Ascii
    ));
}

#[test]
fn flying_with_three_cows() {
    insta::assert_snapshot!(picture(
        "morabaraba",
        &[],
        "a1,b4,f6/a7,c3,d3,e5 0:0 w",
        Theme::Unicode
    ));
}

#[test]
fn a_finished_game() {
    insta::assert_snapshot!(picture(
        "morabaraba",
        &[],
        "a1,a4,g1,g7/a7,b2,b4,d1,d7,f2,f6,g4 0:0 w",
        Theme::Ascii
    ));
}
