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

#[test]
#[ignore = "builds the mssa sectors up to 4v5: several minutes"]
fn the_mssa_4v5_values_through_return_bans_are_what_their_successors_give() {
    use common::{one_ply_value, position, sampler, search};
    use kraal_rules_morris::Color;
    use kraal_tables::morris::{MorrisTables, MorrisValue};
    // Under the return ban a shot by five cows can leave a ban in force (leaving one mill for
    // another takes five cows), so the 4v5 exits go through the search.
    let options = Sector::table_options(&RuleSet::Mssa.options());
    let mut built: Vec<Sector> = Vec::new();
    for cows in [(3, 3), (3, 4), (4, 4), (3, 5), (4, 5)] {
        let lower: Vec<&Sector> = built.iter().collect();
        let sector = Sector::build_sector(&options, cows, &lower).expect("builds");
        built.push(sector);
    }
    let tables = MorrisTables::new(built);
    let s45 = tables.sectors().last().expect("4v5");
    let classes: Vec<_> = s45.classes().collect();
    let mut next = sampler(45);
    let (mut with_ban, mut searched) = (0, 0);
    let mut kinds = [0usize; 3];
    let mut tries = 0;
    while with_ban < 300 && tries < 2_000_000 {
        tries += 1;
        let ((mine, theirs), value) = classes[next() % classes.len()];
        let pos = position(&options, mine, theirs, Color::White);
        if pos.is_game_over() {
            continue;
        }
        // Only classes with a turn that leaves a ban in force.
        let bans = pos
            .legal_moves()
            .into_iter()
            .any(|mv| pos.clone().play(mv).expect("legal").bans().next().is_some());
        if !bans {
            continue;
        }
        with_ban += 1;
        let text = pos.to_position_string();
        assert_eq!(value, one_ply_value(&pos, |p| tables.probe(p)), "{text}");
        kinds[match value {
            MorrisValue::WinIn(_) => 0,
            MorrisValue::LossIn(_) => 1,
            MorrisValue::Draw => 2,
        }] += 1;
        // The plain negamax three plies deep on the first of them: a win (or loss) within
        // three plies exactly when the table says so.
        if searched < 40 {
            let want = match value {
                MorrisValue::WinIn(d) if d <= 3 => 1,
                MorrisValue::LossIn(d) if d <= 3 => -1,
                _ => 0,
            };
            assert_eq!(search(&pos, 3), want, "{text}: {value}");
            searched += 1;
        }
    }
    assert!(with_ban >= 300 && searched == 40, "{with_ban} {searched}");
    // Wins and draws occur among them.
    assert!(kinds[0] > 0 && kinds[2] > 0, "{kinds:?}");
}
