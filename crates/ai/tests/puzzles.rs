//! The puzzles of `fixtures/puzzles.txt`: forced wins and only moves, solved within a budget by
//! the engine, checked by plain negamax, and the mill-game wins (the wins in five among them)
//! proven by an AND-OR search over the rules crate alone.

use kraal_ai::search::alphabeta::raw_score;
use kraal_ai::{Game, Limits, Mancala, Morris, Score, SearchConfig, Searcher, reference_value};
use std::fmt::Display;

#[derive(Clone)]
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

/// Whether `attacker` wins within `plies` plies against every defence: an exhaustive AND-OR
/// proof over the rules crate's own move generator and outcome, independent of kraal-ai.
/// `buffers` holds one move list per ply (no allocation in the recursion).
fn forces_win(
    pos: &mut kraal_rules_morris::Position,
    attacker: kraal_rules_morris::Color,
    plies: usize,
    buffers: &mut [Vec<kraal_rules_morris::Move>],
) -> bool {
    if let Some(outcome) = pos.outcome() {
        return outcome.winner() == Some(attacker);
    }
    if plies == 0 {
        return false;
    }
    let (moves, rest) = buffers.split_first_mut().expect("a buffer per ply");
    moves.clear();
    pos.legal_moves_into(moves);
    assert!(!moves.is_empty(), "a game not over has a move");
    let attacking = pos.side_to_move() == attacker;
    for &mv in moves.iter() {
        let undo = pos.play_unchecked(mv);
        let wins = forces_win(pos, attacker, plies - 1, rest);
        pos.undo(undo);
        // The attacker needs one winning move; the defender one that escapes.
        if wins == attacking {
            return wins;
        }
    }
    !attacking
}

/// Proves a mill-game `win N` puzzle move by move with [`forces_win`]: each listed move forces
/// the win within N plies, every other move does not, and no move wins within N - 2 plies.
fn prove_morris_win(p: &Puzzle) -> Result<(), String> {
    let Expect::Win(n) = p.expect else {
        return Err(format!("line {}: not a win", p.line));
    };
    let n = n as usize;
    let options =
        kraal_rules_morris::Options::from_rule_set(&p.rules, &[] as &[&str]).expect("rules");
    let mut pos =
        kraal_rules_morris::Position::from_position_string(&p.position, options).expect("position");
    let attacker = pos.side_to_move();
    let mut buffers = vec![Vec::with_capacity(64); n];
    let mut winners = 0;
    for mv in pos.legal_moves() {
        let undo = pos.play_unchecked(mv);
        let wins = forces_win(&mut pos, attacker, n - 1, &mut buffers);
        let faster = n > 2 && forces_win(&mut pos, attacker, n - 3, &mut buffers);
        pos.undo(undo);
        let listed = p.best.iter().any(|b| matches(b, &mv.to_string()));
        if wins != listed {
            return Err(format!(
                "line {}: {mv} forces a win in {n}: {wins}, listed: {listed}",
                p.line
            ));
        }
        if faster {
            return Err(format!("line {}: {mv} wins in under {n} plies", p.line));
        }
        winners += usize::from(wins);
    }
    if winners == 0 {
        return Err(format!("line {}: no move wins", p.line));
    }
    Ok(())
}

/// The morabaraba `win N` puzzles (the wins in five among them).
fn morris_wins() -> Vec<Puzzle> {
    let wins: Vec<Puzzle> = puzzles()
        .into_iter()
        .filter(|p| p.game == "morabaraba" && matches!(p.expect, Expect::Win(_)))
        .collect();
    assert!(
        wins.iter().filter(|p| p.expect == Expect::Win(5)).count() >= 2,
        "the fixture lost its wins in five"
    );
    wins
}

#[test]
fn the_morris_wins_are_proven_by_an_and_or_search_over_the_rules() {
    for p in morris_wins() {
        if let Err(e) = prove_morris_win(&p) {
            panic!("{e}");
        }
    }
}

/// The prover can fail: another first move, a win two plies shorter or longer, and a listed
/// move missing are each rejected.
#[test]
fn the_and_or_prover_rejects_wrong_answers() {
    for p in morris_wins() {
        let Expect::Win(n) = p.expect else {
            unreachable!()
        };
        let options =
            kraal_rules_morris::Options::from_rule_set(&p.rules, &[] as &[&str]).expect("rules");
        let pos = kraal_rules_morris::Position::from_position_string(&p.position, options)
            .expect("position");
        let other = pos
            .legal_moves()
            .into_iter()
            .map(|m| m.to_string())
            .find(|m| !p.best.iter().any(|b| matches(b, m)))
            .expect("a move outside the answer");
        let mut wrong: Vec<Puzzle> = vec![
            Puzzle {
                best: vec![other.clone()],
                ..p.clone()
            },
            Puzzle {
                best: [p.best.clone(), vec![other]].concat(),
                ..p.clone()
            },
            Puzzle {
                expect: Expect::Win(n + 2),
                ..p.clone()
            },
        ];
        if n > 2 {
            wrong.push(Puzzle {
                expect: Expect::Win(n - 2),
                ..p.clone()
            });
        }
        for w in &wrong {
            assert!(
                prove_morris_win(w).is_err(),
                "line {}: proved {:?} {:?}",
                p.line,
                w.expect,
                w.best
            );
        }
    }
}
