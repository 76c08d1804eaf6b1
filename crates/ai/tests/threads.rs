//! Lazy SMP: several threads on one search keep its limits, its stop flag and its answers; and
//! the search reports every iteration it finishes.

mod common;

use kraal_ai::{Game, Limits, Morris, Score, SearchConfig, Searcher, reference_value};
use kraal_rules_morris::{Options, Position};

fn two_threads() -> SearchConfig {
    SearchConfig {
        threads: 2,
        ..SearchConfig::default()
    }
}

#[test]
fn one_thread_is_the_default() {
    assert_eq!(SearchConfig::default().threads, 1);
}

#[test]
fn a_node_limit_counts_the_nodes_of_every_thread() {
    let pos = Position::new(Options::default());
    let mut searcher = Searcher::<Morris>::new(two_threads());
    for _ in 0..3 {
        let report = searcher.search(&pos, Limits::nodes(200_000));
        // Each thread adds its nodes every 1,024 and stops within 1,024 of the main thread.
        assert!(report.nodes >= 200_000, "{}", report.nodes);
        assert!(report.nodes <= 200_000 + 4 * 1024, "{}", report.nodes);
        assert!(report.best.is_some());
    }
}

#[test]
fn two_threads_find_the_forced_win_that_plain_negamax_finds() {
    // White shoots into a won ending; the plain negamax of the same depth says how soon.
    let pos =
        Position::from_position_string("a1,b4,d1,g4/c3,c4,e5 0:0 w", Options::default()).unwrap();
    let depth = 5;
    let expected = Score::from_raw(reference_value::<Morris>(&pos, depth));
    assert!(matches!(expected, Score::WinIn(_)), "{expected:?}");
    let mut searcher = Searcher::<Morris>::new(SearchConfig {
        reductions: false,
        ..two_threads()
    });
    for _ in 0..3 {
        let report = searcher.search(&pos, Limits::depth(depth));
        assert_eq!(report.score, expected);
        let best = report.best.expect("a move");
        assert!(pos.legal_moves().contains(&best), "{best}");
    }
}

#[test]
fn every_finished_iteration_is_reported_in_order() {
    let pos = Position::new(Options::default());
    for config in [SearchConfig::default(), two_threads()] {
        let mut searcher = Searcher::<Morris>::new(config);
        let flag = searcher.stop_flag();
        let report = searcher.search(&pos, Limits::depth(6));
        let iterations = flag.take_iterations();
        let depths: Vec<u32> = iterations.iter().map(|p| p.depth).collect();
        assert_eq!(depths, [1, 2, 3, 4, 5, 6], "{} threads", config.threads);
        assert!(iterations.windows(2).all(|w| w[0].nodes <= w[1].nodes));
        let last = iterations.last().expect("six");
        assert_eq!(last.score, report.score);
        assert!(last.nodes <= report.nodes);
        assert_eq!(last.pv.first(), report.best.map(|m| m.to_string()).as_ref());
        assert!(flag.take_iterations().is_empty(), "taken once");
    }
}

/// Every legal move along seeded random games, packed for the table and unpacked again.
fn assert_moves_round_trip<G: Game>(start: &G::State, games: u64) {
    let mut moves = Vec::new();
    for seed in 0..games {
        let mut state = start.clone();
        let mut z = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..200 {
            moves.clear();
            G::legal_moves(&state, &mut moves);
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                let bits = G::move_bits(m);
                assert!(bits < 1 << 39, "{m}: {bits:#x}");
                assert_eq!(G::move_from_bits(bits), Some(m), "{m}");
            }
            z ^= z << 13;
            z ^= z >> 7;
            z ^= z << 17;
            let _ = G::play(&mut state, moves[(z % moves.len() as u64) as usize]);
        }
    }
}

#[test]
fn every_move_survives_the_table_packing() {
    for rules in kraal_rules_morris::RuleSet::ALL {
        let options = Options::from_rule_set(rules.name(), &[] as &[&str]).expect("rules");
        assert_moves_round_trip::<Morris>(&Position::new(options), 20);
    }
    for rules in kraal_rules_mancala::RuleSet::ALL {
        let options = kraal_rules_mancala::Options::from_rule_set(rules.name(), &[] as &[&str])
            .expect("rules");
        assert_moves_round_trip::<kraal_ai::Mancala>(
            &kraal_rules_mancala::Position::new(options),
            20,
        );
    }
    // Bits that pack no move read as none, not as a wrong move.
    assert_eq!(Morris::move_from_bits(u64::MAX >> 25), None);
    assert_eq!(kraal_ai::Mancala::move_from_bits(1 << 12), None);
}

/// The key guessed before a move for the table's prefetch is the key after it, but where a
/// return ban is in force or the three-cows count starts (the guesses it documents), in
/// seeded random games of every rule set.
#[test]
fn the_prefetch_key_is_the_next_key() {
    let (mut exact, mut guessed) = (0, 0);
    for rules in kraal_rules_morris::RuleSet::ALL {
        let options = Options::from_rule_set(rules.name(), &[] as &[&str]).expect("rules");
        for seed in 0..10u64 {
            let mut rng = common::Rng(seed ^ 0x5EED);
            let mut state = Position::new(options);
            let mut moves = Vec::new();
            for _ in 0..300 {
                moves.clear();
                Morris::legal_moves(&state, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                let hint = Morris::hash_after(&state, mv).expect("mill games guess");
                let banned_before = state.bans().next().is_some();
                let counting_before = state.three_cows_plies() > 0;
                let _ = Morris::play(&mut state, mv);
                let banned = banned_before || state.bans().next().is_some();
                let starts_count = !counting_before && state.three_cows_plies() > 0;
                if banned || starts_count {
                    guessed += 1;
                } else {
                    assert_eq!(hint, Morris::hash(&state), "{rules:?} after {mv}");
                    exact += 1;
                }
            }
        }
    }
    assert!(exact > 10 * guessed, "{exact} exact, {guessed} guessed");
}
