//! The search against a plain negamax, its determinism, and its stop flag.

use kraal_ai::{
    Game, Limits, Mancala, Morris, Score, SearchConfig, Searcher, reference_value,
    search::alphabeta::{raw_score, reference_move_value},
};
use kraal_rules_morris::{Options, Position, RuleSet};

mod common;
use common::random_playouts;

/// Mill-game positions under every rule set, repetition draws off (they depend on history the
/// table cannot see).
fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let starts: Vec<Position> = RuleSet::ALL
        .iter()
        .map(|r| {
            Position::new(
                Options::from_rule_set(r.name(), &["repetition-draw=off"]).expect("valid"),
            )
        })
        .collect();
    random_playouts::<Morris>(&starts, count, 60, seed)
}

/// The transposition table only orders moves, and nothing is reduced or pruned by guesswork.
fn exact_config() -> SearchConfig {
    SearchConfig {
        table_cutoffs: false,
        reductions: false,
        ..SearchConfig::default()
    }
}

#[test]
fn alpha_beta_returns_the_negamax_value_on_random_positions() {
    let mut searcher = Searcher::<Morris>::new(exact_config());
    for (i, pos) in random_positions(300, 7).iter().enumerate() {
        let depth = if i % 3 == 0 { 3 } else { 2 };
        let report = searcher.search(pos, Limits::depth(depth));
        if pos.is_game_over() {
            assert!(report.best.is_none());
            continue;
        }
        let want = reference_value::<Morris>(pos, depth);
        assert_eq!(
            raw_score(report.score),
            want,
            "depth {depth} in {}",
            pos.to_position_string()
        );
    }
}

/// Oware and Mulabalaba positions under every rule set, the cycle rule off (it depends on
/// history the table cannot see).
fn random_mancala_positions(count: usize, seed: u64) -> Vec<kraal_rules_mancala::Position> {
    use kraal_rules_mancala::{
        Game as Kind, Options as MancalaOptions, Position as MancalaPosition,
    };
    let starts: Vec<MancalaPosition> = kraal_rules_mancala::RuleSet::ALL
        .iter()
        .map(|r| {
            let overrides: &[&str] = if r.game() == Kind::Oware {
                &["cycle=off"]
            } else {
                &[]
            };
            MancalaPosition::new(MancalaOptions::from_rule_set(r.name(), overrides).expect("valid"))
        })
        .collect();
    random_playouts::<Mancala>(&starts, count, 80, seed)
}

#[test]
fn alpha_beta_returns_the_negamax_value_on_random_mancala_positions() {
    let mut searcher = Searcher::<Mancala>::new(exact_config());
    for (i, pos) in random_mancala_positions(300, 5).iter().enumerate() {
        let depth = if i % 2 == 0 { 4 } else { 3 };
        let report = searcher.search(pos, Limits::depth(depth));
        if pos.is_game_over() {
            continue;
        }
        let want = reference_value::<Mancala>(pos, depth);
        assert_eq!(
            raw_score(report.score),
            want,
            "depth {depth} in {}",
            pos.to_position_string()
        );
    }
}

#[test]
fn alpha_beta_with_table_cutoffs_agrees_on_the_best_score() {
    let config = SearchConfig {
        reductions: false,
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::<Morris>::new(config);
    for pos in random_positions(120, 11)
        .iter()
        .filter(|p| !p.is_game_over())
    {
        let want = reference_value::<Morris>(pos, 3);
        let report = searcher.search(pos, Limits::depth(3));
        assert_eq!(
            raw_score(report.score),
            want,
            "{}",
            pos.to_position_string()
        );
    }
}

/// Checks that each of the `top` moves the search reports at `depth` scores what plain negamax
/// gives that move at `depth` (counted from `state`), and that they are the `top` best moves.
fn assert_top_moves_exact<G: Game>(
    searcher: &mut Searcher<G>,
    state: &G::State,
    depth: u32,
    top: usize,
    what: &str,
) {
    let mut config = searcher.config();
    config.top_moves = top;
    searcher.set_config(config);
    let report = searcher.search(state, Limits::depth(depth));
    let mut all = Vec::new();
    G::legal_moves(state, &mut all);
    let mut exact: Vec<i32> = all
        .iter()
        .map(|&mv| reference_move_value::<G>(state, mv, depth))
        .collect();
    exact.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(report.depth, depth, "{what}");
    assert_eq!(report.top.len(), all.len().min(top), "{what}");
    for &(mv, score) in &report.top {
        let want = reference_move_value::<G>(state, mv, depth);
        assert_eq!(
            raw_score(score),
            want,
            "{what}: depth {depth}, top {top}: {mv} scored {score}, negamax {}",
            Score::from_raw(want)
        );
    }
    let got: Vec<i32> = report.top.iter().map(|&(_, s)| raw_score(s)).collect();
    assert_eq!(
        got,
        exact[..got.len()],
        "{what}: not the best moves, best first"
    );
    assert_eq!(raw_score(report.score), exact[0], "{what}");
}

#[test]
fn top_moves_are_scored_exactly() {
    // Depth 2 searches the root in an open window; from depth 3 the aspiration window narrows
    // it, and moves far below the best (which only a long top list reaches) fail low.
    let mut searcher = Searcher::<Morris>::new(exact_config());
    for (i, pos) in random_positions(40, 3)
        .iter()
        .filter(|p| !p.is_game_over())
        .enumerate()
    {
        let what = pos.to_position_string();
        let (depth, top) = match i % 4 {
            0 => (2, 4),
            1 => (3, 4),
            2 => (3, usize::MAX),
            _ => (2, usize::MAX),
        };
        assert_top_moves_exact(&mut searcher, pos, depth, top, &what);
    }
}

/// The reference for a top move at depth d is the child's plain negamax at depth d - 1, negated,
/// with a win or loss one ply further away (the search counts plies from the root).
#[test]
fn a_move_value_is_the_childs_negamax_one_ply_shallower() {
    let mut mates = 0;
    for pos in random_positions(40, 41)
        .iter()
        .filter(|p| !p.is_game_over())
    {
        let mut moves = Vec::new();
        Morris::legal_moves(pos, &mut moves);
        for &mv in moves.iter().take(6) {
            let next = pos.clone().play(mv).expect("legal");
            let child = -reference_value::<Morris>(&next, 1);
            let want = match Score::from_raw(child) {
                Score::WinIn(n) => raw_score(Score::WinIn(n + 1)),
                Score::LossIn(n) => raw_score(Score::LossIn(n + 1)),
                Score::Value(v) => v,
            };
            mates += usize::from(want != child);
            assert_eq!(reference_move_value::<Morris>(pos, mv, 2), want);
        }
    }
    assert!(
        mates > 0,
        "no win or loss among the samples: the shift went untested"
    );
}

/// Issue 21: `a7-a4` and 26 other moves that lose in 2 were scored +0.38 or +0.29 from depth 3.
#[test]
fn every_move_of_the_issue_21_position_is_scored_exactly() {
    let options =
        kraal_rules_morris::Options::from_rule_set("twelve-mens-morris", &["repetition-draw=off"])
            .expect("rules");
    let pos = Position::from_position_string("a1,c5,d5/a7,e3,g4 0:0 b", options).expect("valid");
    let mut searcher = Searcher::<Morris>::new(exact_config());
    for depth in [2, 3, 4] {
        assert_top_moves_exact(&mut searcher, &pos, depth, 54, "issue 21");
    }
}

/// Issue 21 at the depth it was reported at (plain negamax at depth 5 takes a while).
#[test]
#[ignore = "plain negamax at depth five over 54 moves"]
fn every_move_of_the_issue_21_position_is_scored_exactly_at_depth_5() {
    let options =
        kraal_rules_morris::Options::from_rule_set("twelve-mens-morris", &["repetition-draw=off"])
            .expect("rules");
    let pos = Position::from_position_string("a1,c5,d5/a7,e3,g4 0:0 b", options).expect("valid");
    let mut searcher = Searcher::<Morris>::new(exact_config());
    assert_top_moves_exact(&mut searcher, &pos, 5, 54, "issue 21");
}

/// Every top-N score at depth d is the plain negamax value of its move (d - 1 plies below the
/// child, mate distances counted from the root), over random positions of every game.
#[test]
fn top_moves_are_scored_exactly_in_every_game() {
    let mut morris = Searcher::<Morris>::new(exact_config());
    for (i, pos) in random_positions(60, 21)
        .iter()
        .filter(|p| !p.is_game_over())
        .enumerate()
    {
        let top = if i % 2 == 0 { 3 } else { usize::MAX };
        let what = pos.to_position_string();
        assert_top_moves_exact(&mut morris, pos, 3, top, &what);
    }
    let mut mancala = Searcher::<Mancala>::new(exact_config());
    for (i, pos) in random_mancala_positions(60, 17)
        .iter()
        .filter(|p| !p.is_game_over())
        .enumerate()
    {
        let depth = 3 + (i % 2) as u32;
        let top = if i % 3 == 0 { 2 } else { usize::MAX };
        let what = pos.to_position_string();
        assert_top_moves_exact(&mut mancala, pos, depth, top, &what);
    }
}

/// The same with the transposition table cutting the search short.
#[test]
fn top_moves_are_scored_exactly_with_table_cutoffs() {
    let config = SearchConfig {
        reductions: false,
        ..SearchConfig::default()
    };
    let mut morris = Searcher::<Morris>::new(config);
    for pos in random_positions(30, 31)
        .iter()
        .filter(|p| !p.is_game_over())
    {
        let what = pos.to_position_string();
        assert_top_moves_exact(&mut morris, pos, 3, usize::MAX, &what);
    }
    let mut mancala = Searcher::<Mancala>::new(config);
    for pos in random_mancala_positions(30, 37)
        .iter()
        .filter(|p| !p.is_game_over())
    {
        let what = pos.to_position_string();
        assert_top_moves_exact(&mut mancala, pos, 4, usize::MAX, &what);
    }
}

/// The same with the settings `kraal analyse --top` and hints use (reductions asked for):
/// while more than one move is scored, nothing is reduced or pruned.
#[test]
fn top_moves_are_scored_exactly_with_the_default_settings() {
    let config = SearchConfig {
        top_moves: 2,
        ..SearchConfig::default()
    };
    assert!(config.reductions, "the default asks for reductions");
    let mut morris = Searcher::<Morris>::new(config);
    for (i, pos) in random_positions(40, 43)
        .iter()
        .filter(|p| !p.is_game_over())
        .enumerate()
    {
        let what = pos.to_position_string();
        let top = if i % 2 == 0 { 3 } else { usize::MAX };
        assert_top_moves_exact(&mut morris, pos, 4, top, &what);
    }
    let mut mancala = Searcher::<Mancala>::new(config);
    for pos in random_mancala_positions(30, 47)
        .iter()
        .filter(|p| !p.is_game_over())
    {
        let what = pos.to_position_string();
        assert_top_moves_exact(&mut mancala, pos, 5, usize::MAX, &what);
    }
}

#[test]
fn same_position_and_limits_give_the_same_report() {
    let pos =
        Position::from_position_string("a1,b4,d2,f6,e3/a7,c3,e5,g7,d6 0:0 w", Options::default())
            .unwrap();
    for limits in [Limits::depth(5), Limits::nodes(20_000)] {
        let a = Searcher::<Morris>::new(SearchConfig::default()).search(&pos, limits);
        let b = Searcher::<Morris>::new(SearchConfig::default()).search(&pos, limits);
        assert_eq!(
            (a.best, a.score, a.depth, a.nodes, &a.pv),
            (b.best, b.score, b.depth, b.nodes, &b.pv)
        );
    }
    let noisy = SearchConfig {
        noise: 500,
        seed: 9,
        ..SearchConfig::default()
    };
    let a = Searcher::<Morris>::new(noisy).search(&pos, Limits::depth(4));
    let b = Searcher::<Morris>::new(noisy).search(&pos, Limits::depth(4));
    assert_eq!((a.best, a.score), (b.best, b.score));
}

#[test]
fn a_node_limit_is_kept() {
    let pos = Position::new(Options::default());
    let report =
        Searcher::<Morris>::new(SearchConfig::default()).search(&pos, Limits::nodes(5_000));
    assert!(report.nodes <= 5_000, "{}", report.nodes);
    assert!(report.best.is_some());
}

/// Raises the stop flag of a search of the start to depth 40 once it has searched `raise_at`
/// nodes: the search's report and the count the flag was raised at.
fn stopped_after(
    config: SearchConfig,
    raise_at: u64,
) -> (kraal_ai::SearchReport<kraal_rules_morris::Move>, u64) {
    let pos = Position::new(Options::default());
    let mut searcher = Searcher::<Morris>::new(config);
    let flag = searcher.stop_flag();
    let watcher = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            while flag.nodes() < raise_at {
                std::thread::yield_now();
            }
            let seen = flag.nodes();
            flag.stop();
            seen
        })
    };
    let report = searcher.search(&pos, Limits::depth(40));
    let raised_at = watcher.join().expect("watcher");
    assert!(report.nodes >= raised_at);
    assert!(report.depth < 40);
    assert!(report.best.is_some());
    (report, raised_at)
}

#[test]
fn the_stop_flag_ends_the_search_within_4096_nodes() {
    let (report, raised_at) = stopped_after(SearchConfig::default(), 200_000);
    assert!(
        report.nodes - raised_at <= 4096,
        "{} nodes after the flag",
        report.nodes - raised_at
    );
}

#[test]
fn the_stop_flag_ends_every_thread() {
    let two_threads = SearchConfig {
        threads: 2,
        ..SearchConfig::default()
    };
    let (report, raised_at) = stopped_after(two_threads, 300_000);
    assert!(
        report.nodes - raised_at <= 4 * 4096,
        "{} nodes after the flag",
        report.nodes - raised_at
    );
}

#[test]
fn tree_search_finds_a_winning_shot_and_is_reproducible() {
    use kraal_ai::{MctsConfig, StopFlag, mcts};
    let pos =
        Position::from_position_string("a1,b4,d1,g4/c3,c4,e5 0:0 w", Options::default()).unwrap();
    for playout_plies in [0, 6] {
        let config = MctsConfig {
            playout_plies,
            seed: 3,
            ..MctsConfig::default()
        };
        let a = mcts::<Morris>(&pos, Limits::nodes(3_000), config, &StopFlag::new());
        let b = mcts::<Morris>(&pos, Limits::nodes(3_000), config, &StopFlag::new());
        assert_eq!(a, b);
        assert_eq!(a.iterations, 3_000);
        let best = a.best.expect("a move").to_string();
        assert!(best.starts_with("g4-g1x"), "{best}");
    }
}

fn morris_position(text: &str) -> Position {
    Position::from_position_string(text, Options::default()).expect("valid position")
}

/// The positions of the search bench: Morabaraba's start and a middlegame.
fn bench_positions() -> [(&'static str, Position); 2] {
    [
        ("start", morris_position("-/- 12:12 w")),
        (
            "midgame",
            morris_position("a1,a4,b2,c4,d2,d6,e3,f4/a7,b6,c3,d3,d5,e4,f2,g1 0:0 w"),
        ),
    ]
}

/// Best move, score and node count of a default search at a fixed depth, pinned so that
/// speed work cannot change what the search does (same tree, same answer).
///
/// Re-pinned on 2026-12-01 for two deliberate changes (issue 14): the evaluation counts the
/// steps and blocked cows of a side still placing, and the bucketed transposition table (was:
/// g1, 502, 516,797 nodes from the start; 191,797 in the middlegame). The evaluation alone
/// (b2, 840, 269,088 nodes) scored 65.3% against the build before it (`kraal match morabaraba`,
/// 100 ms a move, SPRT); the table alone (g1, 502, 349,815; middlegame 271,055) 50.5% over 100
/// games at 100,000 nodes a move (docs/ai.md, "Against the build before" and "Threads"). With
/// table cut-offs the score at a depth depends on what the table kept, so both together give
/// a root move and score of their own.
///
/// Re-pinned on 2026-12-04 for the table's move searched before the others are generated
/// (was: f6, 1067, 310,081 nodes from the start; 271,055 in the middlegame). The order of the
/// other moves is now taken after the table's move was searched, from a history that search
/// has added to, so the trees differ; docs/ai.md ("Against the build before") has the match.
/// Re-pinned again the same day for the history's malus (quiet moves searched before a cutoff
/// lose what the cutoff move gains; was: b2, 840, 281,033 nodes from the start, the mirror
/// image of b6; 251,572 in the middlegame).
/// Re-pinned on 2026-12-05 for the killers searched before the other moves are generated (was:
/// b6, 840, 207,041 nodes from the start): as with the table's move, the order of the rest is
/// taken after the killers' searches, from a history they have added to. The middlegame's tree
/// stayed the same.
/// Re-pinned on 2026-12-07 for the fork points in the evaluation while placing (was: b6, 840,
/// 214,260 nodes from the start). The middlegame, where neither side has cows in hand, is
/// scored as before, and its tree stayed the same.
#[test]
fn a_fixed_depth_search_is_pinned() {
    let expected = [
        ("start", 9, "b6", Score::Value(740), 239_796),
        ("midgame", 10, "b2-b4xb6", Score::Value(3946), 243_210),
    ];
    let mut found = Vec::new();
    for ((name, depth, _, _, _), (_, pos)) in expected.into_iter().zip(bench_positions()) {
        let mut searcher = Searcher::<Morris>::new(SearchConfig::default());
        let report = searcher.search(&pos, Limits::depth(depth));
        let best = report.best.map(|m| m.to_string()).unwrap_or_default();
        println!(
            "{name}: best {best} score {:?} nodes {}",
            report.score, report.nodes
        );
        found.push((name, depth, best, report.score, report.nodes));
    }
    let expected: Vec<_> = expected
        .into_iter()
        .map(|(n, d, b, s, c)| (n, d, b.to_string(), s, c))
        .collect();
    assert_eq!(found, expected);
}

/// Prints nodes per second of fixed-depth Morabaraba searches (`cargo test --release -p
/// kraal-ai --test search -- --ignored --nocapture nodes_per_second`); also the workload for
/// `valgrind --tool=callgrind`. `KRAAL_DEPTH` (8), `KRAAL_REPEATS` (3) and `KRAAL_POSITION`
/// (`start` or `midgame`; both unset) change it. Prints only: no timing is asserted.
#[test]
#[ignore = "a measurement, not a check"]
fn nodes_per_second() {
    let depth = std::env::var("KRAAL_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(8);
    let repeats: u32 = std::env::var("KRAAL_REPEATS")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let only = std::env::var("KRAAL_POSITION").ok();
    for (name, pos) in bench_positions() {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let mut searcher = Searcher::<Morris>::new(SearchConfig::default());
        let mut best = f64::MAX;
        let mut nodes = 0;
        for _ in 0..repeats {
            let started = std::time::Instant::now();
            nodes = searcher.search(&pos, Limits::depth(depth)).nodes;
            best = best.min(started.elapsed().as_secs_f64());
        }
        println!(
            "morabaraba {name} depth {depth}: {nodes} nodes, {:.2} M nodes/s",
            nodes as f64 / best / 1e6
        );
    }
}

/// The one-pass evaluation equals the weighted sum of the named features, in every phase of
/// every rule set (random games long enough to reach moving and flying).
#[test]
fn the_fast_evaluation_equals_the_weighted_features() {
    let starts: Vec<Position> = RuleSet::ALL
        .iter()
        .map(|r| Position::new(Options::from_rule_set(r.name(), &[] as &[&str]).expect("valid")))
        .collect();
    let positions = random_playouts::<Morris>(&starts, 4000, 200, 14);
    for pos in &positions {
        assert_eq!(
            kraal_ai::morris::evaluate(pos),
            kraal_ai::morris::evaluate_by_features(pos),
            "{pos:?}"
        );
    }
    let moving = positions
        .iter()
        .filter(|p| p.phase() != kraal_rules_morris::Phase::Placing)
        .count();
    assert!(moving > 500, "only {moving} positions past placing");
}

/// While placing, the evaluation counts the steps each side's cows would have and the cows that
/// would be blocked: the blockade right after placing. Counted by hand on the board with
/// diagonals. White's a1 has a4, d1 and b2 around it, all Black's: blocked. White's g1 can step
/// to g4 and f2, g7 to g4, d7 and f6: five steps. Black's a4 can step to a7 and b4, d1 only to
/// d2 (a1 and g1 are White's), b2 to b4, d2 and c3: six steps.
#[test]
fn placing_counts_the_steps_a_blockade_takes_away() {
    let names = kraal_ai::morris::FEATURES;
    let of = |text: &str| {
        let features = kraal_ai::morris::features(&morris_position(text));
        let feature = |name: &str| features[names.iter().position(|&n| n == name).expect(name)];
        (
            feature("steps-while-placing"),
            feature("blocked-while-placing"),
        )
    };
    assert_eq!(of("a1,g1,g7/a4,b2,d1 9:9 w"), (5 - 6, 1));
    assert_eq!(of("a4,b2,d1/a1,g1,g7 9:9 w"), (6 - 5, -1));
    // Only sides still placing count them; once both move, mobility and blocked cows do.
    assert_eq!(of("a1,g1,g7/a4,b2,d1 0:0 w"), (0, 0));
}

/// While placing, the evaluation counts the fork points: empty points where a cow placed
/// would open two mills at once. Counted by hand on the board with diagonals. White's a1 lies
/// on the mills a1-d1-g1, a1-a4-a7 and a1-b2-c3, g7 on a7-d7-g7, g1-g4-g7 and e5-f6-g7: a cow
/// on a7 would open a1-a4-a7 and a7-d7-g7, one on g1 a1-d1-g1 and g1-g4-g7; no other empty
/// point lies on two of them. Black's e4 lies on e3-e4-e5 and e4-f4-g4, which do not meet
/// elsewhere. A black cow on a4 spoils a1-a4-a7, and so the fork on a7.
#[test]
fn placing_counts_the_points_that_open_two_mills() {
    let names = kraal_ai::morris::FEATURES;
    let of = |text: &str| {
        let features = kraal_ai::morris::features(&morris_position(text));
        let feature = |name: &str| features[names.iter().position(|&n| n == name).expect(name)];
        (feature("fork-points"), feature("fork-to-move"))
    };
    assert_eq!(of("a1,g7/e4 10:11 b"), (-2, 0));
    assert_eq!(of("a1,g7/e4 10:10 w"), (2, 1));
    assert_eq!(of("a1,g7/a4 10:10 w"), (1, 1));
    // A fork needs two cows in hand: one to open the mills, one to close a mill after a block.
    // (Black's d6 lies on b6-d6-f6 and d5-d6-d7, which meet neither each other nor e4's.)
    assert_eq!(of("a1,g7/d6,e4 2:2 w"), (2, 1));
    assert_eq!(of("a1,g7/d6,e4 1:1 w"), (0, 0));
}

/// Like [`a_fixed_depth_search_is_pinned`], for the mancala games of the search bench.
///
/// Re-pinned for the bucketed table as that test was (before: 35,473 nodes from the Oware
/// start; the trees differ by 5 nodes). Against the old table: 45% over 80 Oware games at
/// 100,000 nodes a move, 42.5% over 40 Mulabalaba games at 50,000 (within the noise of such
/// nearly equal trees), and 63.1% over 80 Oware games at 300,000 nodes a move with a 1 MiB
/// table, where the table fills (docs/ai.md, "Threads").
#[test]
fn a_fixed_depth_mancala_search_is_pinned() {
    let mancala = |rules: &str, text: Option<&str>| {
        let options =
            kraal_rules_mancala::Options::from_rule_set(rules, &[] as &[&str]).expect("rules");
        match text {
            None => kraal_rules_mancala::Position::new(options),
            Some(t) => {
                kraal_rules_mancala::Position::from_position_string(t, options).expect("position")
            }
        }
    };
    let cases = [
        ("oware start", mancala("abapa", None), 10),
        (
            "oware midgame",
            mancala("abapa", Some("2,0,7,1,6,3/5,1,0,4,2,9 5:3 s")),
            10,
        ),
        ("mulabalaba start", mancala("mulabalaba", None), 6),
    ];
    let mut found = Vec::new();
    for (name, pos, depth) in &cases {
        let mut searcher = Searcher::<Mancala>::new(SearchConfig::default());
        let report = searcher.search(pos, Limits::depth(*depth));
        let best = report.best.map(|m| m.to_string()).unwrap_or_default();
        println!(
            "{name}: best {best} score {:?} nodes {}",
            report.score, report.nodes
        );
        found.push((*name, best, report.score, report.nodes));
    }
    // Re-pinned on 2026-12-04 with the mill games' pin (was: F, -206, 35,478 from the Oware
    // start), and again for the history's malus (was: F, -167, 22,857; E, 1107, 8,623; 9,
    // 1616, 5,088), and on 2026-12-05 for the killers searched before the other moves are
    // generated (was: F, -350, 22,941; E, 1107, 8,601; 9, 1644, 4,768).
    let expected = [
        ("oware start", "F", Score::Value(-206), 36_798),
        ("oware midgame", "E", Score::Value(1107), 8_373),
        ("mulabalaba start", "9", Score::Value(1226), 5_397),
    ];
    let expected: Vec<_> = expected
        .into_iter()
        .map(|(n, b, s, c)| (n, b.to_string(), s, c))
        .collect();
    assert_eq!(found, expected);
}

/// With `keep_table` a search starts from what the searcher's last one stored: the same
/// position searched again to the same depth takes a fraction of the nodes, and after
/// `clear_table` exactly the first search's nodes again. Without it every search is the first.
#[test]
fn a_kept_table_carries_one_search_into_the_next() {
    let pos = morris_position("-/- 12:12 w");
    let limits = Limits::depth(8);
    let searches = |keep_table: bool| {
        let mut searcher = Searcher::<Morris>::new(SearchConfig {
            keep_table,
            ..SearchConfig::default()
        });
        let first = searcher.search(&pos, limits);
        let again = searcher.search(&pos, limits);
        searcher.clear_table();
        let cleared = searcher.search(&pos, limits);
        [first.nodes, again.nodes, cleared.nodes]
    };
    let [first, again, cleared] = searches(true);
    assert!(again * 4 < first, "{again} nodes again, {first} first");
    assert_eq!(cleared, first);
    let [first, again, cleared] = searches(false);
    assert_eq!([again, cleared], [first, first]);
}

/// A search stopped by its node budget during an iteration plays the best of the moves that
/// iteration searched to the end: the last iteration's best move rescored a ply deeper, or a
/// move better than it at that depth (exactly, as plain negamax scores it), never one only
/// partly searched. The depth reported is the last one finished.
#[test]
fn an_unfinished_iteration_plays_its_best_finished_move() {
    let config = SearchConfig {
        aspiration: false,
        ..exact_config()
    };
    let depth = 4;
    let mut searcher = Searcher::<Mancala>::new(config);
    let mut changed = 0;
    for pos in random_mancala_positions(60, 11) {
        if pos.is_game_over() {
            continue;
        }
        let finished = searcher.search(&pos, Limits::depth(depth));
        let deeper = searcher.search(&pos, Limits::depth(depth + 1));
        if deeper.depth <= depth || finished.best.is_none() {
            continue; // proven before the next depth
        }
        let last_best = finished.best.expect("a move");
        let last_best_deeper = reference_move_value::<Mancala>(&pos, last_best, depth + 1);
        for step in 1..8 {
            let budget = finished.nodes + (deeper.nodes - finished.nodes) * step / 8;
            let report = searcher.search(&pos, Limits::nodes(budget));
            assert_eq!(report.depth, depth, "budget {budget}");
            let best = report.best.expect("a move");
            let score = raw_score(report.score);
            if best == last_best && score == raw_score(finished.score) {
                continue; // stopped before the first move was searched to the end
            }
            let want = reference_move_value::<Mancala>(&pos, best, depth + 1);
            assert_eq!(score, want, "{best} in {}", pos.to_position_string());
            assert!(want >= last_best_deeper, "{best} below {last_best}");
            changed += usize::from(best != last_best);
        }
    }
    assert!(changed > 0, "no unfinished iteration changed its mind");
}

/// The learned correction: only the Ancestor adds it, it is the plain evaluation plus the
/// network's output, and it leaves the boards it was not trained on alone.
#[test]
fn only_the_ancestor_adds_the_learned_correction() {
    for level in 1..=7 {
        let opponent = kraal_ai::Opponent::level(level).expect("level");
        assert_eq!(
            opponent.search_config(16).learned,
            level == 7,
            "level {level}"
        );
    }
    let mut corrected = 0;
    for pos in random_positions(300, 91) {
        let plain = Morris::evaluate(&pos);
        let learned = Morris::evaluate_learned(&pos);
        let correction = kraal_ai::net::morris::correction(&pos);
        assert_eq!(learned, plain + correction);
        if pos.board().mill_bits().len() == 20 {
            corrected += usize::from(correction != 0);
        } else {
            assert_eq!(correction, 0, "a board without diagonals");
        }
    }
    assert!(
        corrected > 50,
        "the network corrected only {corrected} positions"
    );
}

/// Mulabalaba's learned correction: the plain evaluation plus the network's output on the 4x8
/// board, and nothing added in Oware or on the other Mulabalaba boards.
#[test]
fn the_mulabalaba_correction_is_added_on_its_board_only() {
    use kraal_rules_mancala::Game as Kind;
    let mut corrected = 0;
    for pos in random_mancala_positions(300, 17) {
        let plain = Mancala::evaluate(&pos);
        let correction = kraal_ai::net::mulabalaba::correction(&pos);
        assert_eq!(Mancala::evaluate_learned(&pos), plain + correction);
        if pos.game() == Kind::Mulabalaba && pos.options().width == 8 {
            corrected += usize::from(correction != 0);
        } else {
            assert_eq!(correction, 0, "{:?} {}", pos.game(), pos.options().width);
        }
    }
    assert!(
        corrected > 20,
        "the network corrected only {corrected} positions"
    );
}
