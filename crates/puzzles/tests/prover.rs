//! The prover against a deliberately naive search written here: plain minimax over every
//! legal move (the rules crates' checked `play`, fresh positions, no pruning, no ordering, no
//! shared code with the prover), on positions from seeded random playouts of every game.

use kraal_ai::{Mancala, Morris};
use kraal_puzzles::{Objective, Prover, Refusal};
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;

/// A tiny xorshift, so the positions are the same on every machine.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// What the naive search needs of a position, written once per rules crate below.
trait Naive: Clone {
    fn moves(&self) -> Vec<String>;
    fn after(&self, mv: &str) -> Self;
    /// 0 or 1: who is to move.
    fn mover(&self) -> usize;
    /// `Some(winner)` (None inside: drawn) when the game is over.
    fn over(&self) -> Option<Option<usize>>;
    fn material(&self, side: usize) -> i32;
}

impl Naive for morris::Position {
    fn moves(&self) -> Vec<String> {
        self.legal_moves().iter().map(ToString::to_string).collect()
    }
    fn after(&self, mv: &str) -> Self {
        let m = self.parse_move(mv).unwrap();
        self.clone().play(m).map_err(|_| ()).unwrap()
    }
    fn mover(&self) -> usize {
        usize::from(self.side_to_move() == morris::Color::Black)
    }
    fn over(&self) -> Option<Option<usize>> {
        self.outcome()
            .map(|o| o.winner().map(|w| usize::from(w == morris::Color::Black)))
    }
    fn material(&self, side: usize) -> i32 {
        let c = morris::Color::ALL[side];
        self.on_board(c) as i32 + i32::from(self.in_hand(c))
    }
}

impl Naive for mancala::Position {
    fn moves(&self) -> Vec<String> {
        self.legal_moves().iter().map(ToString::to_string).collect()
    }
    fn after(&self, mv: &str) -> Self {
        let m = self.parse_move(mv).unwrap();
        self.clone().play(m).map_err(|_| ()).unwrap()
    }
    fn mover(&self) -> usize {
        self.side_to_move().index()
    }
    fn over(&self) -> Option<Option<usize>> {
        self.outcome().map(|o| o.winner().map(mancala::Side::index))
    }
    fn material(&self, side: usize) -> i32 {
        let s = mancala::Side::ALL[side];
        match self.game() {
            mancala::Game::Oware => self.captured(s) as i32,
            mancala::Game::Mulabalaba => self.seeds_on_side(s) as i32,
        }
    }
}

/// Can `solver` force a won game within `plies` plies? Plain minimax.
fn naive_win<P: Naive>(p: &P, solver: usize, plies: u32) -> bool {
    if let Some(w) = p.over() {
        return w == Some(solver);
    }
    if plies == 0 {
        return false;
    }
    let results = p
        .moves()
        .iter()
        .map(|m| naive_win(&p.after(m), solver, plies - 1))
        .collect::<Vec<_>>();
    if p.mover() == solver {
        results.contains(&true)
    } else {
        results.iter().all(|&r| r)
    }
}

/// Can `solver` force a net gain of `k` (counted when it is to move again, or a won game)
/// within `plies` plies? Plain minimax over the gain.
fn naive_gain<P: Naive>(p: &P, solver: usize, base: i32, k: i32, plies: u32) -> bool {
    if let Some(w) = p.over() {
        return w == Some(solver);
    }
    let diff = p.material(solver) - p.material(1 - solver) - base;
    if p.mover() == solver && diff >= k {
        return true;
    }
    if plies == 0 {
        return false;
    }
    let results = p
        .moves()
        .iter()
        .map(|m| naive_gain(&p.after(m), solver, base, k, plies - 1))
        .collect::<Vec<_>>();
    if p.mover() == solver {
        results.contains(&true)
    } else {
        results.iter().all(|&r| r)
    }
}

/// Positions from random playouts, each `plies` plies in (or fewer where the game ended).
fn playouts<P: Naive>(start: &P, seed: u64, count: usize, plies: usize) -> Vec<P> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut p = start.clone();
        for _ in 0..plies {
            let moves = p.moves();
            if moves.is_empty() || p.over().is_some() {
                break;
            }
            let m = &moves[rng.below(moves.len())];
            let next = p.after(m);
            if next.over().is_some() {
                break;
            }
            p = next;
        }
        if p.over().is_none() {
            out.push(p);
        }
    }
    out
}

fn morris_positions(
    rules: morris::RuleSet,
    seed: u64,
    count: usize,
    plies: usize,
) -> Vec<morris::Position> {
    // Read back from the position string: puzzles start with an empty history.
    playouts(&morris::Position::new(rules.options()), seed, count, plies)
        .into_iter()
        .map(|p| {
            morris::Position::from_position_string(&p.to_position_string(), rules.options())
                .unwrap()
        })
        .collect()
}

fn mancala_positions(
    rules: mancala::RuleSet,
    seed: u64,
    count: usize,
    plies: usize,
) -> Vec<mancala::Position> {
    playouts(&mancala::Position::new(rules.options()), seed, count, plies)
        .into_iter()
        .map(|p| {
            mancala::Position::from_position_string(&p.to_position_string(), rules.options())
                .unwrap()
        })
        .collect()
}

#[test]
fn the_prover_agrees_with_naive_minimax_on_wins_in_the_mill_games() {
    let mut agreed = [0usize; 2];
    for rules in [
        morris::RuleSet::Morabaraba,
        morris::RuleSet::TwelveMensMorris,
    ] {
        // Deep playouts reach the moving and flying phases, where wins come quickly.
        for p in morris_positions(rules, 7, 40, 60) {
            let mut prover = Prover::<Morris>::new(u64::MAX);
            for n in 1..=2u8 {
                let naive = naive_win(&p, p.mover(), 2 * u32::from(n) - 1);
                let ours = prover.is_forced(&p, Objective::WinIn(n)).unwrap();
                assert_eq!(ours, naive, "win in {n} at {}", p.to_position_string());
                agreed[usize::from(naive)] += 1;
            }
        }
    }
    // The test means something only if both answers come up.
    assert!(agreed[0] > 0 && agreed[1] > 0, "{agreed:?}");
}

#[test]
fn the_prover_agrees_with_naive_minimax_on_shots() {
    let mut agreed = [0usize; 2];
    for p in morris_positions(morris::RuleSet::Morabaraba, 11, 40, 20) {
        let mut prover = Prover::<Morris>::new(u64::MAX);
        let base = p.material(p.mover()) - p.material(1 - p.mover());
        for k in 1..=2u8 {
            let naive = naive_gain(&p, p.mover(), base, i32::from(k), 2);
            let ours = prover
                .is_forced(
                    &p,
                    Objective::Shots {
                        amount: k,
                        moves: 1,
                    },
                )
                .unwrap();
            assert_eq!(ours, naive, "shots {k} in 1 at {}", p.to_position_string());
            agreed[usize::from(naive)] += 1;
        }
    }
    assert!(agreed[0] > 0 && agreed[1] > 0, "{agreed:?}");
}

#[test]
fn the_prover_agrees_with_naive_minimax_in_oware_and_mulabalaba() {
    let mut agreed = [0usize; 2];
    for (rules, plies) in [
        (mancala::RuleSet::Abapa, 70),
        (mancala::RuleSet::Mulabalaba, 30),
    ] {
        for p in mancala_positions(rules, 5, 25, plies) {
            let mut prover = Prover::<Mancala>::new(u64::MAX);
            let base = p.material(p.mover()) - p.material(1 - p.mover());
            for n in 1..=2u8 {
                let naive = naive_win(&p, p.mover(), 2 * u32::from(n) - 1);
                let ours = prover.is_forced(&p, Objective::WinIn(n)).unwrap();
                assert_eq!(ours, naive, "win in {n} at {}", p.to_position_string());
                agreed[usize::from(naive)] += 1;
            }
            for k in [2u8, 4] {
                let naive = naive_gain(&p, p.mover(), base, i32::from(k), 2);
                let ours = prover
                    .is_forced(
                        &p,
                        Objective::Capture {
                            amount: k,
                            moves: 1,
                        },
                    )
                    .unwrap();
                assert_eq!(
                    ours,
                    naive,
                    "capture {k} in 1 at {}",
                    p.to_position_string()
                );
                agreed[usize::from(naive)] += 1;
            }
        }
    }
    assert!(agreed[0] > 0 && agreed[1] > 0, "{agreed:?}");
}

#[test]
fn solving_finds_the_unique_key_that_naive_minimax_finds() {
    // Over positions where naive minimax finds a win in two: the prover's key is one of the
    // naive winning moves, and it refuses exactly where the naive winning moves differ.
    let mut solved = 0;
    for p in morris_positions(morris::RuleSet::Morabaraba, 3, 400, 70) {
        let solver = p.mover();
        if !naive_win(&p, solver, 3) || naive_win(&p, solver, 1) {
            continue;
        }
        let winners: Vec<String> = p
            .moves()
            .into_iter()
            .filter(|m| naive_win(&p.after(m), solver, 2))
            .collect();
        let same_cow = |a: &str, b: &str| a.split('x').next() == b.split('x').next();
        let unique = winners.iter().all(|w| same_cow(w, &winners[0]));
        match Prover::<Morris>::new(u64::MAX).solve(&p, Objective::WinIn(2)) {
            Ok(proof) => {
                assert!(unique, "{}: {winners:?}", p.to_position_string());
                assert!(winners.contains(&proof.line[0].to_string()));
                solved += 1;
            }
            Err(Refusal::NotUnique { .. }) => assert!(!unique, "{}", p.to_position_string()),
            Err(e) => panic!("{}: {e}", p.to_position_string()),
        }
    }
    assert!(solved > 0);
}

#[test]
fn the_hand_worked_fixture_puzzles_prove() {
    // fixtures/puzzles.txt: each worked out by hand (the comments there say how).
    let opts = morris::RuleSet::Morabaraba.options();
    let p = morris::Position::from_position_string("a7,b2,b4,d2,g1/b6,e4,f2 0:0 w", opts).unwrap();
    let proof = Prover::<Morris>::new(u64::MAX)
        .solve(&p, Objective::WinIn(2))
        .unwrap();
    assert_eq!(proof.line[0].to_string(), "b2-a1");
    let p = morris::Position::from_position_string("a1,c4,d3,f2/a7,b4,b6 0:0 w", opts).unwrap();
    let proof = Prover::<Morris>::new(u64::MAX)
        .solve(&p, Objective::WinIn(3))
        .unwrap();
    assert_eq!(proof.line[0].to_string(), "c4-c3");
    // Black threatens f4-f2: White must fly to f2 (from any point).
    let p = morris::Position::from_position_string("a7,d3,g4/a1,b2,d2,f4 0:0 w", opts).unwrap();
    let proof = Prover::<Morris>::new(u64::MAX).solve(&p, Objective::Hold(1));
    // Flying to f2 from different points are different moves: not unique by the cow.
    assert!(matches!(proof, Err(Refusal::NotUnique { .. })), "{proof:?}");

    let abapa = mancala::RuleSet::Abapa.options();
    let p =
        mancala::Position::from_position_string("0,0,0,0,0,1/1,1,1,1,1,1 23:18 s", abapa).unwrap();
    // Reaches 25 at once, but F is South's only move: not a puzzle.
    let proof = Prover::<Mancala>::new(u64::MAX).solve(&p, Objective::Reach25(1));
    assert_eq!(proof, Err(Refusal::OnlyMove));
    assert!(
        Prover::<Mancala>::new(u64::MAX)
            .is_forced(&p, Objective::Reach25(1))
            .unwrap()
    );
    let p =
        mancala::Position::from_position_string("1,0,0,0,1,0/0,0,0,0,0,1 23:22 s", abapa).unwrap();
    let proof = Prover::<Mancala>::new(u64::MAX)
        .solve(&p, Objective::Famine(2))
        .unwrap();
    assert_eq!(proof.line[0].to_string(), "A");
    assert_eq!(
        proof.line.len(),
        2,
        "A, then North's forced f, and South cannot feed"
    );
}
