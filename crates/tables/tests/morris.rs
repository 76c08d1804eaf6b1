//! The Morabaraba sectors (3v3, and 3v4 with 4v3) against code written for these tests: a
//! plain depth-limited search over the rules crate's checked moves on a seeded sample, a
//! successor sweep (full for 3v3, a seeded sample for 3v4), and symmetric images.

use kraal_rules_morris::{Color, Options, Position, RuleSet};
use kraal_tables::morris::{MorrisValue, Sector, Sector3, symmetries};
use std::sync::OnceLock;

mod common;

use common::{one_ply_value, sampler, search};

fn options() -> Options {
    Sector3::table_options(&RuleSet::Morabaraba.options())
}

fn sector() -> &'static Sector3 {
    static SECTOR: OnceLock<Sector3> = OnceLock::new();
    SECTOR.get_or_init(|| Sector3::build(&options()).expect("the 3v3 sector builds"))
}

/// The position with `me` to move holding `mine`, the other side `theirs`.
fn position(mine: u32, theirs: u32, me: Color) -> Position {
    common::position(&options(), mine, theirs, me)
}

#[test]
fn a_plain_search_agrees_with_the_table_on_a_seeded_sample() {
    let table = sector();
    let mut state = 33u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    let classes: Vec<_> = table.classes().collect();
    let (mut wins, mut losses, mut others) = (0, 0, 0);
    let mut tries = 0;
    while (wins < 8 || losses < 8 || others < 8) && tries < 200_000 {
        tries += 1;
        let ((mine, theirs), value) = classes[next() % classes.len()];
        let me = if next() % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let pos = position(mine, theirs, me);
        assert_eq!(table.probe(&pos), Some(value));
        match value {
            // A win within 3 plies is found by a 3-ply search and not by a shorter one.
            MorrisValue::WinIn(d) if d <= 3 && wins < 8 => {
                assert_eq!(
                    search(&pos, u32::from(d)),
                    1,
                    "{}",
                    pos.to_position_string()
                );
                assert_ne!(
                    search(&pos, u32::from(d) - 1),
                    1,
                    "{}",
                    pos.to_position_string()
                );
                wins += 1;
            }
            MorrisValue::LossIn(d) if d <= 4 && losses < 8 => {
                assert_eq!(
                    search(&pos, u32::from(d)),
                    -1,
                    "{}",
                    pos.to_position_string()
                );
                losses += 1;
            }
            // Anything else (a draw, a longer win or loss) is no win within 2 plies.
            MorrisValue::Draw | MorrisValue::WinIn(4..) | MorrisValue::LossIn(3..)
                if others < 8 =>
            {
                assert_ne!(search(&pos, 2), 1, "{}", pos.to_position_string());
                others += 1;
            }
            _ => {}
        }
    }
    assert!(
        wins == 8 && losses == 8 && others == 8,
        "{wins} {losses} {others}"
    );
}

#[test]
fn every_value_of_the_3v3_sector_is_what_its_successors_give() {
    let table = sector();
    let (mut wins, mut losses) = (0, 0);
    for ((mine, theirs), value) in table.classes() {
        let pos = position(mine, theirs, Color::White);
        if pos.is_game_over() {
            continue;
        }
        let want = one_ply_value(&pos, |p| table.probe(p));
        assert_eq!(value, want, "{}", pos.to_position_string());
        wins += usize::from(matches!(value, MorrisValue::WinIn(_)));
        losses += usize::from(matches!(value, MorrisValue::LossIn(_)));
    }
    // Both kinds occur (with everyone flying, the standard board has no drawn 3v3 position).
    assert!(wins > 0 && losses > 0, "{wins} {losses}");
}

#[test]
fn every_symmetric_image_and_the_colour_swap_read_the_same_value() {
    let table = sector();
    let group = symmetries(position(0b111, 0b111 << 9, Color::White).board());
    assert_eq!(group.len(), 16);
    for (n, ((mine, theirs), value)) in table.classes().enumerate() {
        if n % 97 != 0 {
            continue;
        }
        for s in &group {
            let (a, b) = (s.map_bits(mine), s.map_bits(theirs));
            assert_eq!(table.probe(&position(a, b, Color::White)), Some(value));
            assert_eq!(table.probe(&position(a, b, Color::Black)), Some(value));
        }
    }
}

#[test]
fn the_sector_file_is_kept_and_a_broken_one_set_aside_and_rebuilt() {
    use kraal_tables::{Fate, TableDir, TableError};
    let root = std::env::temp_dir().join(format!("kraal-tables-morris-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let dir = TableDir::new(&root);
    let options = RuleSet::Morabaraba.options();
    let (built, fate) = dir.build_morris3(&options).unwrap();
    assert_eq!(fate, Fate::Built);
    assert_eq!(built.values(), sector().values());
    let (_, fate) = dir.build_morris3(&options).unwrap();
    assert_eq!(fate, Fate::Kept);
    let path = dir.morris3_path("morris-morabaraba");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.truncate(bytes.len() - 1);
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        dir.load_morris3(&options),
        Err(TableError::Corrupt {
            set_aside: Some(_),
            ..
        })
    ));
    let (again, fate) = dir.build_morris3(&options).unwrap();
    assert_eq!(fate, Fate::Built);
    assert_eq!(again.values(), sector().values());
    let _ = std::fs::remove_dir_all(&root);
}

/// The 3v4 sector (with 4v3), built over the 3v3 one: about 1.5 million classes.
fn sector34() -> &'static Sector {
    static SECTOR: OnceLock<Sector> = OnceLock::new();
    SECTOR.get_or_init(|| {
        Sector::build_sector(&options(), (3, 4), &[sector()]).expect("the 3v4 sector builds")
    })
}

#[test]
fn the_3v4_values_are_what_their_successors_give_in_both_sectors() {
    let (small, big) = (sector(), sector34());
    let probe = |p: &Position| big.probe(p).or_else(|| small.probe(p));
    let classes: Vec<_> = big.classes().collect();
    let mut next = sampler(34);
    let mut seen = [0usize; 3];
    for _ in 0..40_000 {
        let ((mine, theirs), value) = classes[next() % classes.len()];
        let pos = position(mine, theirs, Color::White);
        if pos.is_game_over() {
            continue;
        }
        assert_eq!(
            value,
            one_ply_value(&pos, probe),
            "{}",
            pos.to_position_string()
        );
        seen[match value {
            MorrisValue::WinIn(_) => 0,
            MorrisValue::LossIn(_) => 1,
            MorrisValue::Draw => 2,
        }] += 1;
    }
    // Wins, losses and draws all occur (a side of four cows cannot fly).
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn a_plain_search_agrees_with_the_3v4_table_on_a_seeded_sample() {
    let table = sector34();
    let classes: Vec<_> = table.classes().collect();
    let mut next = sampler(43);
    let (mut wins, mut losses, mut others) = (0, 0, 0);
    let mut tries = 0;
    while (wins < 6 || losses < 6 || others < 6) && tries < 400_000 {
        tries += 1;
        let ((mine, theirs), value) = classes[next() % classes.len()];
        let pos = position(mine, theirs, Color::Black);
        assert_eq!(table.probe(&pos), Some(value), "the colour swap");
        let text = pos.to_position_string();
        match value {
            MorrisValue::WinIn(d) if d <= 3 && wins < 6 => {
                assert_eq!(search(&pos, u32::from(d)), 1, "{text}");
                assert_ne!(search(&pos, u32::from(d) - 1), 1, "{text}");
                wins += 1;
            }
            MorrisValue::LossIn(d) if d <= 2 && losses < 6 => {
                assert_eq!(search(&pos, u32::from(d)), -1, "{text}");
                losses += 1;
            }
            MorrisValue::Draw if others < 6 => {
                assert_eq!(search(&pos, 2), 0, "{text}");
                others += 1;
            }
            _ => {}
        }
    }
    assert!(
        wins == 6 && losses == 6 && others == 6,
        "{wins} {losses} {others}"
    );
}

#[test]
fn a_larger_sector_without_the_smaller_one_is_refused_by_name() {
    let e = Sector::build_sector(&options(), (3, 4), &[]).unwrap_err();
    assert!(
        e.to_string()
            .contains("the 3v4 tables need the 3v3 tables first"),
        "{e}"
    );
}
