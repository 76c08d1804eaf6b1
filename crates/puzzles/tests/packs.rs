//! The shipped packs in `data/puzzles/`: they read, and every puzzle proves again. The normal
//! run re-proves a seeded sample of each pack; `cargo test -p kraal-puzzles -- --ignored`
//! re-proves all of them (or `kraal puzzle verify`).

use kraal_ai::{Mancala, Morris};
use kraal_puzzles::{Board, GameName, Puzzle, Subject, VERIFY_NODES, parse_pack};
use std::path::PathBuf;

const PACKS: [&str; 5] = [
    "morabaraba.txt",
    "traditional.txt",
    "twelve-mens-morris.txt",
    "oware.txt",
    "mulabalaba.txt",
];

fn pack(name: &str) -> Vec<Puzzle> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/puzzles")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_pack(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every `step`-th puzzle from a seeded offset.
fn sample(puzzles: &[Puzzle], seed: usize, step: usize) -> Vec<&Puzzle> {
    puzzles.iter().skip(seed % step).step_by(step).collect()
}

#[test]
fn the_packs_hold_at_least_the_counts_the_issue_asks_for() {
    let counts: Vec<usize> = PACKS.iter().map(|p| pack(p).len()).collect();
    let least = [400, 100, 100, 200, 100];
    for ((name, n), least) in PACKS.iter().zip(&counts).zip(least) {
        assert!(*n >= least, "{name} has {n} puzzles, fewer than {least}");
    }
    for (name, game) in [
        ("morabaraba.txt", GameName::Morabaraba),
        ("oware.txt", GameName::Oware),
        ("mulabalaba.txt", GameName::Mulabalaba),
    ] {
        assert!(
            pack(name)
                .iter()
                .all(|p| p.variant == game.default_variant())
        );
    }
}

#[test]
fn a_seeded_sample_of_every_pack_proves_again() {
    for (i, name) in PACKS.iter().enumerate() {
        let puzzles = pack(name);
        for p in sample(&puzzles, 7 + i, 4) {
            if let Err(e) = p.verify(VERIFY_NODES) {
                panic!("{name}: {} does not prove: {e}", p.id);
            }
        }
    }
}

#[test]
#[ignore = "every shipped puzzle: a few minutes; run with cargo test -p kraal-puzzles -- --ignored"]
fn every_shipped_puzzle_proves_again() {
    for name in PACKS {
        for p in pack(name) {
            if let Err(e) = p.verify(VERIFY_NODES) {
                panic!("{name}: {} does not prove: {e}", p.id);
            }
        }
    }
}

/// The puzzle with its first move replaced by another legal move (not the same cow's or
/// hole's), or `None` when there is none.
fn with_other_key(p: &Puzzle) -> Option<Puzzle> {
    let mut q = p.clone();
    match &mut q.board {
        Board::Morris { position, line } => {
            let other = position
                .legal_moves()
                .into_iter()
                .find(|&m| !Morris::same_key(m, line[0]))?;
            line[0] = other;
        }
        Board::Mancala { position, line } => {
            let other = position
                .legal_moves()
                .into_iter()
                .find(|&m| !Mancala::same_key(m, line[0]))?;
            line[0] = other;
        }
    }
    Some(q)
}

fn without_key(p: &Puzzle) -> Puzzle {
    let mut q = p.clone();
    match &mut q.board {
        Board::Morris { line, .. } => {
            line.remove(0);
        }
        Board::Mancala { line, .. } => {
            line.remove(0);
        }
    }
    q
}

#[test]
fn a_shipped_puzzle_with_its_key_move_altered_or_removed_fails_verification() {
    for name in PACKS {
        for p in pack(name).iter().take(6) {
            let altered = with_other_key(p).expect("every puzzle has two moves or more");
            assert!(
                altered.verify(VERIFY_NODES).is_err(),
                "{name}: {} proves with its key move replaced",
                p.id
            );
            assert!(
                without_key(p).verify(VERIFY_NODES).is_err(),
                "{name}: {} proves with its key move removed",
                p.id
            );
        }
    }
}

#[test]
fn no_two_puzzles_of_a_pack_are_the_same_position_under_symmetry_or_colour_swap() {
    for name in PACKS {
        let puzzles = pack(name);
        let mut keys = std::collections::HashSet::new();
        for p in &puzzles {
            let k = kraal_puzzles::dedup::key(p.variant.rules_name(), &p.board);
            assert!(keys.insert(k), "{name}: {} repeats an earlier puzzle", p.id);
        }
    }
}

#[test]
fn the_puzzles_of_the_other_mill_rule_sets_do_not_prove_under_the_default_rules() {
    // The traditional and Twelve Men's Morris packs hold only puzzles whose proof differs: the
    // same position, objective and line fail under the morabaraba rules.
    for name in ["traditional.txt", "twelve-mens-morris.txt"] {
        for p in pack(name) {
            let Board::Morris { position, line } = &p.board else {
                panic!("{name}: a mill game");
            };
            let opts = kraal_rules_morris::RuleSet::Morabaraba.options();
            let Ok(under_default) = kraal_rules_morris::Position::from_position_string(
                &position.to_position_string(),
                opts,
            ) else {
                continue;
            };
            let mut q = p.clone();
            q.variant = GameName::Morabaraba.default_variant();
            q.board = Board::Morris {
                position: under_default,
                line: line.clone(),
            };
            assert!(
                q.verify(VERIFY_NODES).is_err(),
                "{name}: {} proves under the default rules too",
                p.id
            );
        }
    }
}
