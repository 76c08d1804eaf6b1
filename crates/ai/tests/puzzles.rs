//! The puzzles of `fixtures/puzzles.txt`: forced wins and only moves, solved within a budget.

use kraal_ai::search::alphabeta::raw_score;
use kraal_ai::{Game, Limits, Mancala, Morris, Score, SearchConfig, Searcher, reference_value};
use std::fmt::Display;

struct Puzzle {
    line: usize,
    game: String,
    rules: String,
    position: String,
    expect: Expect,
    best: Vec<String>,
    nodes: u64,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Expect {
    Win(u32),
    Hold,
}

fn puzzles() -> Vec<Puzzle> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/puzzles.txt");
    let text = std::fs::read_to_string(path).expect("fixtures/puzzles.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 6, "line {}: six fields", i + 1);
            let expect = match f[3].split_whitespace().collect::<Vec<_>>().as_slice() {
                ["win", n] => Expect::Win(n.parse().expect("plies")),
                ["hold"] => Expect::Hold,
                other => panic!("line {}: unknown expectation {other:?}", i + 1),
            };
            Puzzle {
                line: i + 1,
                game: f[0].to_owned(),
                rules: f[1].to_owned(),
                position: f[2].to_owned(),
                expect,
                best: f[4].split(',').map(|m| m.trim().to_owned()).collect(),
                nodes: f[5].parse().expect("node budget"),
            }
        })
        .collect()
}

fn matches(pattern: &str, mv: &str) -> bool {
    match (pattern.strip_prefix('*'), pattern.strip_suffix('*')) {
        (Some(rest), _) => mv.ends_with(rest),
        (_, Some(prefix)) => mv.starts_with(prefix),
        _ => pattern == mv,
    }
}

fn solve<G: Game>(p: &Puzzle, state: &G::State)
where
    G::Move: Display,
{
    let report = Searcher::<G>::new(SearchConfig::default()).search(state, Limits::nodes(p.nodes));
    let best = report.best.expect("a move").to_string();
    let ctx = format!(
        "line {} ({}): best {best}, score {}",
        p.line, p.position, report.score
    );
    assert!(p.best.iter().any(|b| matches(b, &best)), "{ctx}");
    match p.expect {
        Expect::Win(n) => assert_eq!(report.score, Score::WinIn(n), "{ctx}"),
        Expect::Hold => assert!(!matches!(report.score, Score::LossIn(_)), "{ctx}"),
    }
}

/// Checks an answer with plain negamax, independently of the search under test.
fn verify<G: Game>(p: &Puzzle, state: &G::State)
where
    G::Move: Display,
{
    let mut moves = Vec::new();
    G::legal_moves(state, &mut moves);
    match p.expect {
        Expect::Win(n) => {
            let win = raw_score(Score::WinIn(n));
            assert_eq!(reference_value::<G>(state, n), win, "line {}", p.line);
            if n > 2 {
                assert!(
                    reference_value::<G>(state, n - 2) < win - 2,
                    "line {}: faster win",
                    p.line
                );
            }
            for mv in moves {
                let mut next = state.clone();
                let _ = G::play(&mut next, mv);
                let wins =
                    -reference_value::<G>(&next, n - 1) >= raw_score(Score::WinIn(n - 1)) - 1;
                let listed = p.best.iter().any(|b| matches(b, &mv.to_string()));
                assert_eq!(wins, listed, "line {}: {mv} wins: {wins}", p.line);
            }
        }
        Expect::Hold => {
            for mv in moves {
                let mut next = state.clone();
                let _ = G::play(&mut next, mv);
                // Outside the answer the opponent wins at once; inside it, not within two plies.
                let loses = reference_value::<G>(&next, 1) >= raw_score(Score::WinIn(1));
                let listed = p.best.iter().any(|b| matches(b, &mv.to_string()));
                assert_eq!(
                    loses, !listed,
                    "line {}: {mv} loses at once: {loses}",
                    p.line
                );
                if listed {
                    assert!(
                        reference_value::<G>(&next, 3) < raw_score(Score::WinIn(3)),
                        "line {}",
                        p.line
                    );
                }
            }
        }
    }
}

/// Runs `check` on every puzzle that `pick` selects.
fn each(pick: fn(&Puzzle) -> bool, check: fn(&Puzzle)) {
    let all = puzzles();
    assert!(all.len() >= 8, "the fixture lost puzzles");
    for p in all.iter().filter(|p| pick(p)) {
        check(p);
    }
}

fn run(p: &Puzzle, verify_too: bool) {
    match p.game.as_str() {
        "morabaraba" => {
            let options = kraal_rules_morris::Options::from_rule_set(&p.rules, &[] as &[&str])
                .expect("rules");
            let pos = kraal_rules_morris::Position::from_position_string(&p.position, options)
                .expect("position");
            if verify_too {
                verify::<Morris>(p, &pos)
            } else {
                solve::<Morris>(p, &pos)
            }
        }
        "mancala" => {
            let options = kraal_rules_mancala::Options::from_rule_set(&p.rules, &[] as &[&str])
                .expect("rules");
            let pos = kraal_rules_mancala::Position::from_position_string(&p.position, options)
                .expect("position");
            if verify_too {
                verify::<Mancala>(p, &pos)
            } else {
                solve::<Mancala>(p, &pos)
            }
        }
        other => panic!("line {}: unknown game {other}", p.line),
    }
}

#[test]
fn the_engine_solves_every_puzzle_within_its_budget() {
    each(|_| true, |p| run(p, false));
}

#[test]
fn puzzle_answers_agree_with_plain_negamax() {
    each(|p| p.expect != Expect::Win(5), |p| run(p, true));
}

#[test]
#[ignore = "plain negamax at depth five takes a minute"]
fn the_wins_in_five_agree_with_plain_negamax() {
    each(|p| p.expect == Expect::Win(5), |p| run(p, true));
}
