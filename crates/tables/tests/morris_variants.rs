//! The mill tables beyond the standard board's free remake: the Sotho board (25 points, a
//! centre, eight symmetries) and the return ban (`remake=no-immediate-return`), against code
//! written for these tests: one ply of minimax over the tables' values and a plain negamax over
//! the rules crate's checked moves, bans included.

mod common;

use common::{check_negamax, check_one_ply, position, sampler, search};
use kraal_rules_morris::{Color, Options, Point, Position, Protection, ReturnBan, RuleSet, Setup};
use kraal_tables::TableError;
use kraal_tables::morris::{MorrisTables, MorrisValue, Sector, sectors_up_to, symmetries};
use std::sync::OnceLock;

/// The sectors `cows` of `rules`, built in order.
fn build(rules: RuleSet, cows: &[(u8, u8)]) -> MorrisTables {
    let options = rules.options();
    let mut built: Vec<Sector> = Vec::new();
    for &cows in cows {
        let lower: Vec<&Sector> = built.iter().collect();
        let sector = Sector::build_sector(&options, cows, &lower)
            .unwrap_or_else(|e| panic!("{} {cows:?}: {e}", rules.name()));
        built.push(sector);
    }
    MorrisTables::new(built)
}

fn sotho() -> &'static MorrisTables {
    static TABLES: OnceLock<MorrisTables> = OnceLock::new();
    TABLES.get_or_init(|| build(RuleSet::Sotho, &sectors_up_to(4)))
}

fn mssa() -> &'static MorrisTables {
    static TABLES: OnceLock<MorrisTables> = OnceLock::new();
    TABLES.get_or_init(|| build(RuleSet::Mssa, &[(3, 3), (3, 4)]))
}

fn sector(tables: &MorrisTables, cows: (u8, u8)) -> &Sector {
    tables
        .sectors()
        .iter()
        .find(|s| s.cows() == cows)
        .expect("the sector is built")
}

#[test]
fn the_sotho_board_keeps_only_the_eight_symmetries_of_the_square() {
    // Without the inner halves of the diagonals, swapping the rings would send a1-b2 (a line)
    // to c3-b2 (none): only the square's turns and reflections are left.
    let options = RuleSet::Sotho.options();
    assert_eq!(options.board().point_count(), 25);
    assert_eq!(symmetries(options.board()).len(), 8);
    let t = sector(sotho(), (3, 3));
    assert_eq!(t.symmetries().len(), 8);
    // Every class has the centre free or taken; both occur.
    let centre = Point::CENTRE.bit();
    assert!(t.classes().any(|((a, b), _)| (a | b) & centre != 0));
    assert!(t.classes().any(|((a, b), _)| (a | b) & centre == 0));
}

#[test]
fn the_sotho_values_are_what_their_successors_give() {
    let tables = sotho();
    let options = Sector::table_options(&RuleSet::Sotho.options());
    for cows in [(3, 3), (3, 4), (4, 4)] {
        let classes: Vec<_> = sector(tables, cows).classes().collect();
        let all = check_one_ply(&options, &classes, |p| tables.probe(p), 77, 4000);
        // And the decided ones alone (4v4 is nearly all drawn).
        let decided: Vec<_> = classes
            .into_iter()
            .filter(|(_, v)| *v != MorrisValue::Draw)
            .collect();
        let seen = check_one_ply(&options, &decided, |p| tables.probe(p), 78, 4000);
        assert!(seen.wins > 0 && seen.losses > 0, "{cows:?}: {seen:?}");
        if cows != (3, 3) {
            assert!(all.draws > 0, "{cows:?}: {all:?}");
        }
    }
}

#[test]
fn a_plain_search_agrees_with_the_sotho_tables_on_a_seeded_sample() {
    let tables = sotho();
    let options = Sector::table_options(&RuleSet::Sotho.options());
    let classes: Vec<_> = sector(tables, (3, 4)).classes().collect();
    let seen = check_negamax(&options, &classes, |p| tables.probe(p), 88, 5, (3, 2));
    assert!(
        seen.wins == 5 && seen.losses == 5 && seen.draws == 5,
        "{seen:?}"
    );
    let classes: Vec<_> = sector(tables, (3, 3)).classes().collect();
    let seen = check_negamax(&options, &classes, |p| tables.probe(p), 89, 5, (3, 4));
    assert!(seen.wins == 5 && seen.losses == 5, "{seen:?}");
}

#[test]
fn a_plain_search_agrees_with_the_mssa_3v4_table_on_a_seeded_sample() {
    let tables = mssa();
    let options = Sector::table_options(&RuleSet::Mssa.options());
    let classes: Vec<_> = sector(tables, (3, 4)).classes().collect();
    let seen = check_negamax(&options, &classes, |p| tables.probe(p), 44, 6, (3, 2));
    assert!(
        seen.wins == 6 && seen.losses == 6 && seen.draws == 6,
        "{seen:?}"
    );
}

/// A position of `cows` (side to move, other side) with a return ban on `banned` that
/// matters: it forbids a step or fly of that side that would close a mill (chosen at random
/// among those); `None` when that side has no such move.
fn with_ban(
    options: &Options,
    (mine, theirs): (u32, u32),
    me: Color,
    banned: Color,
    next: &mut impl FnMut() -> usize,
) -> Option<Position> {
    let pos = position(options, mine, theirs, me);
    let board = pos.board();
    let own = pos.cow_bits(banned);
    let empty = board.point_bits() & !(mine | theirs);
    let mut closing = Vec::new();
    for from in pos.cows(banned) {
        let reach = if own.count_ones() == 3 {
            empty
        } else {
            board.adjacent_bits(from) & empty
        };
        for to in Point::all().filter(|p| reach & p.bit() != 0) {
            let after = own ^ from.bit() ^ to.bit();
            let closes = board
                .mills()
                .any(|m| m.contains(&to) && m.iter().all(|p| after & p.bit() != 0));
            if closes {
                closing.push((from, to));
            }
        }
    }
    if closing.is_empty() {
        return None;
    }
    let (from, to) = closing[next() % closing.len()];
    let setup = Setup {
        bans: vec![ReturnBan {
            color: banned,
            from,
            to,
        }],
        ..pos.to_setup()
    };
    Some(Position::from_setup(&setup, *options).expect("a valid ban"))
}

#[test]
fn positions_with_a_return_ban_are_valued_exactly_through_a_search() {
    let tables = mssa();
    let options = Sector::table_options(&RuleSet::Mssa.options());
    let classes: Vec<_> = sector(tables, (3, 4)).classes().collect();
    let mut next = sampler(1234);
    let (mut changed, mut checked, mut searched) = (0, 0, 0);
    let mut kinds = [0usize; 3];
    for _ in 0..6000 {
        let ((mine, theirs), _) = classes[next() % classes.len()];
        let me = if next().is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        // Mostly the side that just moved (a ban binds its next turn), sometimes the mover.
        let banned = if next().is_multiple_of(4) {
            me
        } else {
            me.other()
        };
        let Some(pos) = with_ban(&options, (mine, theirs), me, banned, &mut next) else {
            continue;
        };
        if pos.is_game_over() {
            continue;
        }
        let value = tables.probe(&pos).expect("a position with a ban is valued");
        let without = tables.probe(&position(&options, mine, theirs, me));
        changed += usize::from(without != Some(value));
        // One ply over the probe: after the banned side's turn no ban is left.
        assert_eq!(
            value,
            common::one_ply_value(&pos, |p| tables.probe(p)),
            "{}",
            pos.to_position_string()
        );
        checked += 1;
        kinds[match value {
            MorrisValue::WinIn(_) => 0,
            MorrisValue::LossIn(_) => 1,
            MorrisValue::Draw => 2,
        }] += 1;
        // The plain negamax on the short ones.
        let text = pos.to_position_string();
        match value {
            MorrisValue::WinIn(d) if d <= 3 => {
                assert_eq!(search(&pos, u32::from(d)), 1, "{text}");
                assert_ne!(search(&pos, u32::from(d) - 1), 1, "{text}");
                searched += 1;
            }
            MorrisValue::LossIn(d) if d <= 2 => {
                assert_eq!(search(&pos, u32::from(d)), -1, "{text}");
                assert_ne!(search(&pos, u32::from(d) - 1), -1, "{text}");
                searched += 1;
            }
            MorrisValue::Draw if searched < 40 => {
                assert_eq!(search(&pos, 2), 0, "{text}");
                searched += 1;
            }
            _ => {}
        }
    }
    // The bans changed some values (a ban that forbids the only winning return matters).
    assert!(checked > 300 && searched > 20, "{checked} {searched}");
    assert!(changed > 0, "no ban changed a value");
    assert!(kinds.iter().all(|&n| n > 0), "{kinds:?}");
}

#[test]
fn strict_protection_with_the_return_ban_is_refused_with_its_reason() {
    let mut options = RuleSet::Mssa.options();
    options.protection = Protection::Strict;
    let e = Sector::build_sector(&options, (3, 3), &[]).unwrap_err();
    assert!(matches!(e, TableError::UnsupportedRules { .. }), "{e}");
    assert!(e.to_string().contains("protection=strict"), "{e}");
    assert!(e.to_string().contains("no-immediate-return"), "{e}");
}

#[test]
#[ignore = "builds every preset up to 4v4: several minutes"]
fn every_preset_builds_up_to_4v4() {
    for rules in RuleSet::ALL {
        let tables = build(rules, &sectors_up_to(4));
        assert_eq!(tables.sectors().len(), 3, "{}", rules.name());
    }
}
