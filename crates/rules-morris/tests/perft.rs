//! Independent perft checks of the mill-game engine.
//!
//! `fixtures/perft/morris.txt` holds perft counts made by the naive generator in
//! `tests/naive/mod.rs`, which is written from `shared/rules/morris.md` alone and shares no code
//! with the engine. These tests check that
//!
//! - the engine's `perft` reproduces every fixture row (shallow depths in the normal suite,
//!   every depth in an ignored test),
//! - the naive generator reproduces the fixture at the shallowest depths (the fixture is tied to
//!   the naive count, not typed in by hand), and
//! - on positions reached by seeded random playouts from every rule set, the two agree on the
//!   legal move set (canonical strings), the outcome and perft at depth 2.
//!
//! Regenerate the fixture counts with
//! `cargo test --release -p kraal-rules-morris --test perft -- --ignored print_naive_counts --nocapture`
//! (set `NAIVE_MAX_DEPTH` to cap the depth) and paste the printed rows.

mod naive;

use kraal_rules_morris::{
    Color, DrawReason, Options, Outcome, Position, WinReason, perft, perft_divide,
};
use naive::{Colour, NaiveOutcome, NaivePosition, Rules};
use std::collections::BTreeMap;

/// The fixture, compiled in.
const FIXTURE: &str = include_str!("../../../fixtures/perft/morris.txt");

/// Engine perft runs in the normal suite only where the count is at most this.
const ENGINE_SHALLOW_LIMIT: u64 = 1_000_000;

/// The naive generator re-counts fixture depths in the normal suite only up to this count.
const NAIVE_SHALLOW_LIMIT: u64 = 20_000;

/// One fixture row.
#[derive(Clone, Debug)]
struct Row {
    /// Line number in the fixture (1-based), for messages.
    line: usize,
    /// The rule set.
    rule_set: String,
    /// `option=value` overrides.
    overrides: Vec<String>,
    /// The position string.
    position: String,
    /// (depth, count) pairs, depth ascending.
    counts: Vec<(u32, u64)>,
}

impl Row {
    /// The overrides as string slices.
    fn override_refs(&self) -> Vec<&str> {
        self.overrides.iter().map(String::as_str).collect()
    }

    /// The engine's position for this row.
    fn engine(&self) -> Position {
        let options = Options::from_rule_set(&self.rule_set, &self.override_refs())
            .unwrap_or_else(|e| panic!("fixture line {}: options: {e}", self.line));
        Position::from_position_string(&self.position, options)
            .unwrap_or_else(|e| panic!("fixture line {}: position: {e}", self.line))
    }

    /// The naive generator's position for this row.
    fn naive(&self) -> NaivePosition {
        let rules = Rules::new(&self.rule_set, &self.override_refs())
            .unwrap_or_else(|e| panic!("fixture line {}: naive options: {e}", self.line));
        NaivePosition::parse(&self.position, rules)
            .unwrap_or_else(|e| panic!("fixture line {}: naive position: {e}", self.line))
    }

    /// A label for messages.
    fn label(&self) -> String {
        format!(
            "line {}: {} [{}] `{}`",
            self.line,
            self.rule_set,
            self.overrides.join(","),
            self.position
        )
    }
}

/// Parses the fixture: `RULESET | OVERRIDES | POSITION | DEPTH COUNT ...`, `#` comments.
fn fixture_rows() -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, raw) in FIXTURE.lines().enumerate() {
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = text.split('|').map(str::trim).collect();
        assert_eq!(
            fields.len(),
            4,
            "fixture line {}: expected 4 fields: {raw}",
            i + 1
        );
        let overrides = if fields[1] == "-" {
            Vec::new()
        } else {
            fields[1].split(',').map(|s| s.trim().to_owned()).collect()
        };
        let numbers: Vec<u64> = fields[3]
            .split_whitespace()
            .map(|n| {
                n.parse()
                    .unwrap_or_else(|_| panic!("fixture line {}: bad number {n}", i + 1))
            })
            .collect();
        assert!(
            !numbers.is_empty() && numbers.chunks_exact(2).remainder().is_empty(),
            "fixture line {}: counts must be DEPTH COUNT pairs",
            i + 1
        );
        let counts: Vec<(u32, u64)> = numbers.chunks(2).map(|c| (c[0] as u32, c[1])).collect();
        assert!(
            counts.windows(2).all(|w| w[0].0 < w[1].0),
            "fixture line {}: depths must ascend",
            i + 1
        );
        rows.push(Row {
            line: i + 1,
            rule_set: fields[0].to_owned(),
            overrides,
            position: fields[2].to_owned(),
            counts,
        });
    }
    rows
}

/// The first difference between the engine's and the naive divide at `depth`, for messages.
fn first_divide_difference(row: &Row, depth: u32) -> String {
    let engine: BTreeMap<String, u64> = perft_divide(&row.engine(), depth)
        .into_iter()
        .map(|(m, n)| (m.to_string(), n))
        .collect();
    let naive: BTreeMap<String, u64> = row.naive().perft_divide(depth).into_iter().collect();
    let mut lines = Vec::new();
    for key in engine
        .keys()
        .chain(naive.keys())
        .collect::<std::collections::BTreeSet<_>>()
    {
        let (e, n) = (engine.get(key), naive.get(key));
        if e != n {
            lines.push(format!("  {key}: engine {e:?}, naive {n:?}"));
        }
    }
    lines.join("\n")
}

/// Checks the engine against every fixture count at most `limit` (all if `None`).
fn check_engine_against_fixture(limit: Option<u64>) {
    let rows = fixture_rows();
    let mut failures = Vec::new();
    let mut checked = 0;
    for row in &rows {
        let pos = row.engine();
        for &(depth, expected) in &row.counts {
            if limit.is_some_and(|l| expected > l) {
                continue;
            }
            checked += 1;
            let got = perft(&pos, depth);
            if got != expected {
                let detail = if expected <= 200_000 {
                    first_divide_difference(row, depth)
                } else {
                    String::new()
                };
                failures.push(format!(
                    "{}\n  depth {depth}: engine {got}, fixture (naive) {expected}\n{detail}",
                    row.label()
                ));
            }
        }
    }
    assert!(
        checked >= rows.len(),
        "too few fixture counts checked ({checked})"
    );
    assert!(
        failures.is_empty(),
        "engine perft differs from the fixture:\n{}",
        failures.join("\n")
    );
}

#[test]
fn fixture_has_start_rows_and_midgame_rows() {
    let rows = fixture_rows();
    for rule_set in ["morabaraba", "nine-mens-morris", "sotho"] {
        assert!(
            rows.iter()
                .any(|r| r.rule_set == rule_set && r.position.starts_with("-/- ")),
            "no start row for {rule_set}"
        );
    }
    assert!(
        rows.iter()
            .filter(|r| !r.position.starts_with("-/- "))
            .count()
            >= 8,
        "too few midgame rows"
    );
}

#[test]
fn engine_perft_matches_naive_fixture_at_shallow_depths() {
    check_engine_against_fixture(Some(ENGINE_SHALLOW_LIMIT));
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn engine_perft_matches_naive_fixture_at_every_depth() {
    check_engine_against_fixture(None);
}

#[test]
fn naive_generator_reproduces_fixture_at_shallowest_depths() {
    for row in fixture_rows() {
        let pos = row.naive();
        // The first depth always, then every depth up to the limit.
        for (i, &(depth, expected)) in row.counts.iter().enumerate() {
            if i > 0 && expected > NAIVE_SHALLOW_LIMIT {
                break;
            }
            assert_eq!(pos.perft(depth), expected, "{} depth {depth}", row.label());
        }
    }
}

#[test]
#[ignore = "prints fixture rows recounted by the naive generator"]
fn print_naive_counts() {
    let cap: u32 = std::env::var("NAIVE_MAX_DEPTH")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(u32::MAX);
    for row in fixture_rows() {
        let pos = row.naive();
        let max = row.counts.last().map_or(1, |c| c.0).min(cap);
        let mut counts = Vec::new();
        for depth in 1..=max {
            let start = std::time::Instant::now();
            let n = pos.perft(depth);
            eprintln!(
                "  {} depth {depth}: {n} in {:.2?}",
                row.label(),
                start.elapsed()
            );
            counts.push(format!("{depth} {n}"));
        }
        let overrides = if row.overrides.is_empty() {
            "-".to_owned()
        } else {
            row.overrides.join(",")
        };
        println!(
            "{} | {} | {} | {}",
            row.rule_set,
            overrides,
            row.position,
            counts.join(" ")
        );
    }
}

/// Walks both trees `depth` plies deep in step, comparing move lists and outcomes at every node.
fn walk_in_step(
    engine: &Position,
    naive: &NaivePosition,
    depth: u32,
    path: &mut Vec<String>,
    label: &str,
) -> u64 {
    let mut engine_moves: Vec<(String, kraal_rules_morris::Move)> = engine
        .legal_moves()
        .into_iter()
        .map(|m| (m.to_string(), m))
        .collect();
    engine_moves.sort_by(|a, b| a.0.cmp(&b.0));
    let mut naive_moves = naive.legal_moves();
    naive_moves.sort_by(|a, b| a.text.cmp(&b.text));
    let engine_texts: Vec<&str> = engine_moves.iter().map(|m| m.0.as_str()).collect();
    let naive_texts: Vec<&str> = naive_moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(
        engine_texts,
        naive_texts,
        "{label}: move lists differ after [{}]",
        path.join(" ")
    );
    assert_eq!(
        engine_outcome(engine.outcome()),
        naive.outcome(),
        "{label}: outcomes differ after [{}]",
        path.join(" ")
    );
    if depth == 0 {
        return 1;
    }
    let mut nodes = 1;
    for ((text, mv), naive_move) in engine_moves.iter().zip(&naive_moves) {
        path.push(text.clone());
        let next = engine
            .clone()
            .play(*mv)
            .unwrap_or_else(|(_, e)| panic!("{label}: engine refused {text}: {e}"));
        nodes += walk_in_step(&next, &naive.play(naive_move), depth - 1, path, label);
        path.pop();
    }
    nodes
}

#[test]
fn naive_and_engine_agree_on_move_lists_and_outcomes_through_fixture_trees() {
    let mut nodes = 0;
    for row in fixture_rows() {
        // Two plies everywhere (the board-full rows fill the board at ply 2), three where small.
        let depth = if row
            .counts
            .iter()
            .any(|&(d, n)| d == 3 && n <= NAIVE_SHALLOW_LIMIT)
        {
            3
        } else {
            2
        };
        nodes += walk_in_step(
            &row.engine(),
            &row.naive(),
            depth,
            &mut Vec::new(),
            &row.label(),
        );
    }
    assert!(nodes > 1000, "only {nodes} nodes walked");
}

#[test]
fn naive_boards_have_the_spec_edge_and_mill_counts() {
    let count = |rule_set: &str, overrides: &[&str]| {
        let rules = Rules::new(rule_set, overrides).unwrap();
        (rules.names.len(), rules.edge_count(), rules.mills.len())
    };
    assert_eq!(count("morabaraba", &[]), (24, 40, 20));
    assert_eq!(count("nine-mens-morris", &[]), (24, 32, 16));
    assert_eq!(count("sotho", &[]), (25, 40, 16));
    assert_eq!(count("sotho", &["centre-mills=middle-only"]), (25, 40, 18));
    assert_eq!(count("sotho", &["centre-mills=any-triple"]), (25, 40, 22));
    let standard = Rules::new("morabaraba", &[]).unwrap();
    for (p, name) in standard.names.iter().enumerate() {
        let middle = ["b2", "d2", "f2", "b4", "f4", "b6", "d6", "f6"].contains(name);
        assert_eq!(
            standard.adjacent[p].len(),
            if middle { 4 } else { 3 },
            "degree of {name}"
        );
    }
}

/// A tiny seeded PRNG (xorshift64*), so the playouts need no crate.
struct Prng(u64);

impl Prng {
    /// The next number.
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The engine's outcome in the naive generator's words.
fn engine_outcome(outcome: Option<Outcome>) -> Option<NaiveOutcome> {
    let colour = |c: Color| {
        if c == Color::White {
            Colour::White
        } else {
            Colour::Black
        }
    };
    outcome.map(|o| match o {
        Outcome::Win { winner, reason } => NaiveOutcome::Win(
            colour(winner),
            match reason {
                WinReason::ReducedToTwo => "reduced-to-two",
                WinReason::Blocked => "blocked",
                WinReason::BoardFull => "board-full",
            },
        ),
        Outcome::Draw { reason } => NaiveOutcome::Draw(match reason {
            DrawReason::ThreeCows => "three-cows",
            DrawReason::NoShot => "no-shot",
            DrawReason::Repetition => "repetition",
            DrawReason::BoardFull => "board-full",
            DrawReason::BothBlocked => "both-blocked",
        }),
    })
}

/// Rule sets with overrides for the playouts: every preset, and some options no preset uses.
const PLAYOUT_RULES: [(&str, &[&str]); 17] = [
    ("morabaraba", &[]),
    ("traditional", &[]),
    ("tournament", &[]),
    ("koti", &[]),
    ("mssa", &[]),
    ("classic-it", &[]),
    ("eleven", &[]),
    ("sotho", &[]),
    ("nine-mens-morris", &[]),
    ("twelve-mens-morris", &[]),
    ("morabaraba", &["protection=strict", "cows=5"]),
    ("koti", &["board-full=off", "cows=4"]),
    (
        "morabaraba",
        &["board-full=first-player-loses", "no-shot-draw=off"],
    ),
    (
        "sotho",
        &["centre-mills=middle-only", "shots=per-mill", "cows=6"],
    ),
    (
        "sotho",
        &[
            "centre-mills=any-triple",
            "shots=per-mill",
            "protection=none",
            "cows=7",
        ],
    ),
    (
        "mssa",
        &["cows=4", "three-cows-draw=2:either", "repetition-draw=2"],
    ),
    (
        "traditional",
        &["cows=6", "flying=never", "blocked=pass", "no-shot-draw=8"],
    ),
];

#[test]
fn naive_and_engine_agree_on_moves_outcome_and_perft2_along_random_playouts() {
    let mut rng = Prng(0x9E37_79B9_7F4A_7C15);
    let mut compared = 0;
    let mut perft2_compared = 0;
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (rule_set, overrides) in PLAYOUT_RULES {
        let options = Options::from_rule_set(rule_set, overrides).unwrap();
        for game in 0..4 {
            let mut engine = Position::new(options);
            let mut naive = NaivePosition::start(Rules::new(rule_set, overrides).unwrap());
            // Half the games prefer turns without shots, to reach long moving phases.
            let quiet = game % 2 == 1;
            let mut played: Vec<String> = Vec::new();
            for ply in 0..400 {
                let context = || {
                    format!(
                        "{rule_set} {overrides:?} game {game} after {}",
                        played.join(" ")
                    )
                };
                let mut engine_moves: Vec<String> =
                    engine.legal_moves().iter().map(|m| m.to_string()).collect();
                let mut naive_moves: Vec<String> =
                    naive.legal_moves().iter().map(|m| m.text.clone()).collect();
                engine_moves.sort();
                naive_moves.sort();
                assert_eq!(
                    engine_moves,
                    naive_moves,
                    "move sets differ at {} ({})",
                    naive.to_position_string(),
                    context()
                );
                assert_eq!(
                    engine_outcome(engine.outcome()),
                    naive.outcome(),
                    "outcomes differ at {} ({})",
                    naive.to_position_string(),
                    context()
                );
                compared += 1;
                if ply % 3 == 0 {
                    assert_eq!(
                        perft(&engine, 2),
                        naive.perft(2),
                        "perft 2 differs at {} ({})",
                        naive.to_position_string(),
                        context()
                    );
                    perft2_compared += 1;
                }
                if let Some(o) = naive.outcome() {
                    *seen.entry(format!("{o:?}")).or_default() += 1;
                }
                let position = naive.to_position_string();
                let fields: Vec<&str> = position.split(' ').collect();
                if fields[3] != "-" {
                    *seen.entry("ban in force".into()).or_default() += 1;
                }
                if naive_moves.iter().any(|m| m == "pass") {
                    *seen.entry("pass".into()).or_default() += 1;
                }
                if naive_moves.iter().any(|m| m.matches('x').count() >= 2) {
                    *seen.entry("two shots".into()).or_default() += 1;
                }
                if fields[1] == "0:0" && naive_moves.len() > 40 {
                    *seen.entry("flying".into()).or_default() += 1;
                }
                if naive_moves.is_empty() {
                    break;
                }
                let quiet_moves: Vec<&String> =
                    naive_moves.iter().filter(|m| !m.contains('x')).collect();
                let choice = if quiet && !quiet_moves.is_empty() && rng.below(8) != 0 {
                    quiet_moves[rng.below(quiet_moves.len())].clone()
                } else {
                    naive_moves[rng.below(naive_moves.len())].clone()
                };
                let naive_move = naive
                    .legal_moves()
                    .into_iter()
                    .find(|m| m.text == choice)
                    .unwrap();
                naive = naive.play(&naive_move);
                let engine_move = engine
                    .legal_moves()
                    .into_iter()
                    .find(|m| m.to_string() == choice)
                    .unwrap();
                engine = engine
                    .play(engine_move)
                    .unwrap_or_else(|(_, e)| panic!("engine refused {choice}: {e}"));
                played.push(choice);
            }
        }
    }
    eprintln!("{compared} positions, {perft2_compared} perft-2 comparisons, seen: {seen:#?}");
    assert!(compared >= 300, "only {compared} positions compared");
    for wanted in [
        "ban in force",
        "two shots",
        "flying",
        "pass",
        "Draw(\"no-shot\")",
        "Draw(\"repetition\")",
    ] {
        assert!(
            seen.contains_key(wanted),
            "the playouts never reached: {wanted}"
        );
    }
    assert!(
        perft2_compared >= 100,
        "only {perft2_compared} perft-2 comparisons"
    );
}
