//! The 3v5 sector (with 5v3) of Morabaraba, built over 3v4 and 3v3, against code written for
//! the tests: one ply of minimax over the tables' own values on a seeded sample, and a plain
//! negamax on a few short wins, losses and draws. Ignored by default (a minute or more):
//! `cargo test --release -p kraal-tables -- --ignored the_3v5`.

mod common;

use common::{check_negamax, check_one_ply};
use kraal_rules_morris::{Position, RuleSet};
use kraal_tables::morris::Sector;

#[test]
#[ignore = "builds 3v3, 3v4 and 3v5: a minute or more"]
fn the_3v5_values_are_what_their_successors_give_and_what_a_plain_search_finds() {
    let options = Sector::table_options(&RuleSet::Morabaraba.options());
    let s33 = Sector::build_sector(&options, (3, 3), &[]).expect("3v3 builds");
    let s34 = Sector::build_sector(&options, (3, 4), &[&s33]).expect("3v4 builds");
    let s35 = Sector::build_sector(&options, (3, 5), &[&s34, &s33]).expect("3v5 builds");
    let probe = |p: &Position| [&s35, &s34, &s33].iter().find_map(|s| s.probe(p));
    let classes: Vec<_> = s35.classes().collect();
    // Both orientations are among the classes (the side to move with 3 cows or with 5).
    let seen = check_one_ply(&options, &classes, probe, 35, 20_000);
    assert!(
        seen.wins > 0 && seen.losses > 0 && seen.draws > 0,
        "{seen:?}"
    );
    let seen = check_negamax(&options, &classes, probe, 53, 4, (3, 4));
    assert!(
        seen.wins == 4 && seen.losses == 4 && seen.draws == 4,
        "{seen:?}"
    );
}
