//! perft against the tables in `fixtures/perft/` (numbers from the naive implementation in
//! `tests/naive`, and the public Oware reference), and the naive implementation against the
//! same tables.

mod naive;

use kraal_rules_mancala::{Options, Position, perft, perft_divide};
use naive::{Mulabalaba, Oware, Rules};

/// One line of a perft table: `RULE-SET [OVERRIDES] | POSITION | DEPTH | NODES | SOURCE`.
#[derive(Debug)]
struct Case {
    rules: String,
    position: String,
    depth: u32,
    nodes: u64,
    source: String,
}

fn table(name: &str) -> Vec<Case> {
    let path = format!("{}/../../fixtures/perft/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 5, "bad line in {name}: {l}");
            Case {
                rules: f[0].to_owned(),
                position: f[1].to_owned(),
                depth: f[2].parse().unwrap(),
                nodes: f[3].parse().unwrap(),
                source: f[4].to_owned(),
            }
        })
        .collect()
}

fn options(rules: &str) -> Options {
    let mut words = rules.split_whitespace();
    let name = words.next().unwrap();
    let overrides: Vec<&str> = words.collect();
    Options::from_rule_set(name, &overrides).unwrap()
}

fn position(case: &Case) -> Position {
    let opts = options(&case.rules);
    if case.position == "start" {
        Position::new(opts)
    } else {
        Position::from_position_string(&case.position, opts).unwrap()
    }
}

/// The naive count: its own rule sets, option parser and position parser (no `Options`, no
/// engine position string).
fn naive_perft(case: &Case) -> u64 {
    let rules = Rules::from_line(&case.rules).unwrap_or_else(|e| panic!("{case:?}: {e}"));
    let bad = |e: String| -> u64 { panic!("{case:?}: {e}") };
    match rules {
        Rules::Oware(r) => match Oware::parse(&r, &case.position) {
            Ok(p) => naive::oware_perft(&r, &p, case.depth),
            Err(e) => bad(e),
        },
        Rules::Mulabalaba(r) => match Mulabalaba::parse(&r, &case.position) {
            Ok(p) => naive::mulabalaba_perft(&r, &p, case.depth),
            Err(e) => bad(e),
        },
    }
}

fn check_engine(name: &str, max_nodes: u64) {
    let mut checked = 0;
    for case in table(name) {
        if case.nodes > max_nodes {
            continue;
        }
        let pos = position(&case);
        assert_eq!(perft(&pos, case.depth), case.nodes, "{case:?}");
        checked += 1;
    }
    assert!(checked > 0, "no case of {name} was checked");
}

#[test]
fn engine_matches_the_oware_table() {
    check_engine("oware.txt", 3_000_000);
}

#[test]
fn engine_matches_the_mulabalaba_table() {
    check_engine("mulabalaba.txt", 1_000_000);
}

#[test]
#[ignore = "deep perft: minutes"]
fn engine_matches_the_deep_tables() {
    check_engine("oware.txt", u64::MAX);
    check_engine("mulabalaba.txt", u64::MAX);
}

/// The naive implementation agrees with every table line it produced (small ones here).
#[test]
fn naive_implementation_matches_the_tables() {
    for name in ["oware.txt", "mulabalaba.txt"] {
        let mut checked = 0;
        for case in table(name) {
            if case.source == "naive" && case.nodes <= 60_000 {
                assert_eq!(naive_perft(&case), case.nodes, "{case:?}");
                checked += 1;
            }
        }
        assert!(checked >= 20, "only {checked} naive cases of {name}");
    }
}

/// The Oware start against the public reference of the spec (OpenSpiel's `oware`).
#[test]
fn oware_start_matches_the_public_reference() {
    let reference = [6u64, 36, 190, 1014, 5219, 27332, 139_157, 711_414];
    let pos = Position::new(Options::abapa());
    for (depth, &nodes) in (1..).zip(&reference) {
        assert_eq!(perft(&pos, depth), nodes, "depth {depth}");
    }
}

#[test]
#[ignore = "deep perft: about a minute"]
fn oware_start_matches_the_public_reference_deep() {
    let reference = [3_592_872u64, 18_137_964, 91_558_687];
    let pos = Position::new(Options::abapa());
    for (depth, &nodes) in (9..).zip(&reference) {
        assert_eq!(perft(&pos, depth), nodes, "depth {depth}");
    }
}

#[test]
fn divide_sums_to_perft_and_names_each_move() {
    for case in table("oware.txt")
        .into_iter()
        .chain(table("mulabalaba.txt"))
    {
        if case.nodes > 200_000 || case.depth < 2 {
            continue;
        }
        let pos = position(&case);
        let divide = perft_divide(&pos, case.depth);
        assert_eq!(
            divide.iter().map(|(_, n)| n).sum::<u64>(),
            case.nodes,
            "{case:?}"
        );
        let moves: Vec<_> = divide.iter().map(|(m, _)| *m).collect();
        assert_eq!(moves, pos.legal_moves());
        for (mv, n) in divide {
            let child = pos.clone().play(mv).unwrap();
            assert_eq!(perft(&child, case.depth - 1), n, "{case:?} {mv}");
        }
    }
}

/// Prints table lines for new positions, counted by the naive implementation:
/// `cargo test -p kraal-rules-mancala --test perft -- --ignored print_naive --nocapture`.
#[test]
#[ignore = "a tool for writing the tables"]
fn print_naive_counts() {
    let spec = std::env::var("NAIVE").unwrap_or_default();
    for line in spec.split(';').filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        for depth in f[2].split(',') {
            let case = Case {
                rules: f[0].to_owned(),
                position: f[1].to_owned(),
                depth: depth.parse().unwrap(),
                nodes: 0,
                source: String::new(),
            };
            println!(
                "{} | {} | {} | {} | naive",
                case.rules,
                case.position,
                case.depth,
                naive_perft(&case)
            );
        }
    }
}
