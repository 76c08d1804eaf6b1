//! Seeded random playouts over every rule set and board size, checking the invariants of the
//! spec after every move: seeds conserved; `legal_moves` and `is_legal` agree with the naive
//! implementation of `tests/naive` (its own rules, parser and sowing), played alongside, on
//! every move of both games and sides, and the boards after each move agree; notation and position strings round-trip; terminal iff no moves (except
//! where a rule ends the game with moves left); the incremental hash equals the recomputed one;
//! undo restores; no sowing into the opponent's rows (Mulabalaba) or into the origin (Oware);
//! the animation steps give the same board as play.

mod naive;

use kraal_rules_mancala::{
    Board, EndReason, Game, Move, Options, Position, RuleSet, Side, Step, apply_steps,
};
use naive::Naive;

/// A tiny seeded PRNG (xorshift64*), so the test needs no `rand`.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every rule set, with extra sizes and options so that every option value is played; each
/// with the naive implementation's start position of the same rules (read by its own parser).
fn variants() -> Vec<(String, Options, Naive)> {
    let mut out = Vec::new();
    let mut add = |name: &str, overrides: &[&str]| {
        let opts = Options::from_rule_set(name, overrides).unwrap();
        let naive = Naive::start(name, overrides).unwrap();
        out.push((format!("{name} {}", overrides.join(" ")), opts, naive));
    };
    for r in RuleSet::ALL {
        add(r.name(), &[]);
        add(r.name(), &["seeds=3"]);
    }
    add("abapa", &["grand-slam=leave-last"]);
    add("abapa", &["cycle=2"]);
    add("abapa", &["cycle=off", "houses=4", "seeds=2"]);
    add("abapa", &["houses=1", "seeds=3"]);
    add("abapa", &["houses=12", "seeds=2"]);
    add("awale-ludii", &["captures=1,2,3", "houses=5"]);
    add("oware-capture-all", &["captures=2,3,4", "seeds=5"]);
    add("mulabalaba", &["endless=loses"]);
    add("mulabalaba", &["holes=4", "endless=loses"]);
    add("mulabalaba", &["holes=4", "singleton-fallback=no-move"]);
    add("mulabalaba", &["holes=10", "max-plies=60"]);
    add("mulabalaba-lozi-6", &["seeds=1"]);
    out
}

fn total_seeds(p: &Position) -> u32 {
    p.holes().iter().map(|&c| u32::from(c)).sum::<u32>()
        + p.captured(Side::South)
        + p.captured(Side::North)
}

/// Checks one position against the naive one of the same game; returns a random legal move
/// (none if the game is over).
fn check_position(p: &Position, naive: &Naive, rng: &mut Rng, what: &str) -> Option<Move> {
    let opts = *p.options();
    assert_eq!(
        total_seeds(p),
        opts.total_seeds(),
        "{what}: seeds not conserved"
    );
    if p.game() == Game::Mulabalaba {
        // Seeds never cross: each side's holes plus what the opponent took from it.
        for s in Side::ALL {
            assert_eq!(
                p.seeds_on_side(s) + p.captured(s.other()),
                opts.total_seeds() / 2,
                "{what}"
            );
        }
    }
    assert_eq!(p.hash(), p.compute_hash(), "{what}: incremental hash");
    // The position string round-trips (the cycle history is not part of it).
    let text = p.to_position_string();
    let back = Position::from_position_string(&text, opts)
        .unwrap_or_else(|e| panic!("{what}: {text}: {e}"));
    assert_eq!(back.to_position_string(), text, "{what}");
    assert_eq!(back.hash(), p.hash(), "{what}");
    // The legal list and is_legal agree with the naive moves, on every move of both sides
    // and both games (and on holes the board lacks).
    let legal = p.legal_moves();
    let expected = naive.moves();
    let listed: Vec<usize> = legal.iter().map(|m| usize::from(m.index())).collect();
    assert_eq!(listed, expected, "{what}: legal moves in {text}");
    assert!(
        legal
            .iter()
            .all(|m| m.side() == p.side_to_move() && m.game() == p.game())
    );
    assert_eq!(p.count_legal_moves(), expected.len() as u64, "{what}");
    assert_eq!(p.side_to_move().index(), naive.side(), "{what}");
    assert_eq!(
        p.is_game_over(),
        naive.is_over(),
        "{what}: game over in {text}"
    );
    let n = p.board().holes_per_side() as u8;
    for game in Game::ALL {
        for side in Side::ALL {
            for i in 0..n + 2 {
                let mv = Move::new(game, side, i);
                let naive_legal = game == p.game()
                    && side.index() == naive.side()
                    && expected.contains(&usize::from(i));
                assert_eq!(p.is_legal(mv), naive_legal, "{what}: {mv:?} in {text}");
                assert_eq!(p.check(mv).is_ok(), naive_legal, "{what}: {mv:?}");
            }
        }
    }
    // Terminal iff no moves, except where a rule ends the game with moves left.
    match p.outcome() {
        None => assert!(!legal.is_empty(), "{what}: not over but no moves in {text}"),
        Some(o) => {
            assert!(legal.is_empty(), "{what}: over but moves left");
            let with_moves_left = matches!(
                o.reason(),
                EndReason::Majority
                    | EndReason::Halves
                    | EndReason::Cycle
                    | EndReason::EndlessMove
                    | EndReason::MaxPlies
            );
            if !with_moves_left {
                // The ending says there was no move; the rules agree on the board as it is.
                assert!(
                    back.legal_moves().is_empty(),
                    "{what}: {o} yet {text} has moves"
                );
            }
        }
    }
    // Notation round-trips.
    for &mv in &legal {
        assert_eq!(p.parse_move(&mv.to_string()), Ok(mv), "{what}");
        if p.game() == Game::Oware {
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "{what}");
            let other_case = mv.to_string().to_ascii_lowercase();
            let other_case = if other_case == mv.to_string() {
                mv.to_string().to_ascii_uppercase()
            } else {
                other_case
            };
            assert_eq!(
                p.parse_move(&other_case),
                Ok(mv),
                "{what}: either case names the mover's house"
            );
        }
    }
    (!legal.is_empty()).then(|| legal[rng.below(legal.len())])
}

/// Checks what a move did to the board.
fn check_move(before: &Position, after: &Position, mv: Move, what: &str) {
    let board: Board = before.board();
    let mover = before.side_to_move();
    let endless = after.outcome().map(|o| o.reason()) == Some(EndReason::EndlessMove);
    // The steps, applied to the board, give the board after play.
    let steps = before.steps(mv).unwrap();
    let (holes, captured) = apply_steps(board, before.holes(), &steps);
    assert_eq!(
        holes,
        after.holes(),
        "{what}: steps of {mv} from {}",
        before.to_position_string()
    );
    assert_eq!(
        captured,
        after.captured(mover) - before.captured(mover),
        "{what}"
    );
    match before.game() {
        Game::Oware => {
            // The origin house is never sown into, even on laps.
            assert_eq!(after.seeds(mv.hole()), 0, "{what}");
            assert!(
                !steps
                    .iter()
                    .any(|s| matches!(s, Step::Drop { hole, .. } if *hole == mv.hole()))
            );
        }
        Game::Mulabalaba => {
            // Nothing is sown into the opponent's rows; the opponent's holes only lose seeds.
            assert!(steps.iter().all(|s| match s {
                Step::Drop { hole, .. } | Step::Lift { hole, .. } => hole.side == mover,
                Step::Capture { hole, .. } => hole.side != mover,
                _ => true,
            }));
            for (a, b) in before
                .row(mover.other())
                .iter()
                .zip(after.row(mover.other()))
            {
                assert!(b == a || *b == 0, "{what}");
            }
            if endless {
                assert_eq!(
                    before.holes(),
                    after.holes(),
                    "{what}: an endless move leaves the board"
                );
            }
        }
    }
}

fn playout(name: &str, opts: Options, start: &Naive, seed: u64, max_plies: usize) {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut p = Position::new(opts);
    let mut naive = start.clone();
    let mut line: Vec<(Position, Move)> = Vec::new();
    for ply in 0..max_plies {
        let what = format!("{name} seed {seed} ply {ply}");
        let Some(mv) = check_position(&p, &naive, &mut rng, &what) else {
            break;
        };
        let before = p.clone();
        let undo = p.play_unchecked(mv);
        naive = naive.play(usize::from(mv.index()));
        // The board after the move is the naive one.
        let holes: Vec<u32> = p.holes().iter().map(|&c| u32::from(c)).collect();
        assert_eq!(
            holes,
            naive.holes(),
            "{what}: {mv} from {}",
            before.to_position_string()
        );
        let captured = Side::ALL.map(|s| p.captured(s));
        assert_eq!(captured, naive.captured(), "{what}: {mv}");
        check_move(&before, &p, mv, &what);
        // play and play_unchecked agree; undo restores.
        assert_eq!(before.clone().play(mv).unwrap(), p, "{what}");
        let mut back = p.clone();
        back.undo(undo);
        assert_eq!(back, before, "{what}: undo");
        assert_eq!(back.hash(), before.hash());
        // An illegal move is handed back with the position unchanged.
        let n = p.board().holes_per_side() as u8;
        let bad = Move::new(
            p.game(),
            p.side_to_move().other(),
            rng.below(usize::from(n)) as u8,
        );
        let (same, _) = p.clone().play(bad).unwrap_err();
        assert_eq!(same, p);
        line.push((before, mv));
    }
    // Undoing the whole game move by move returns to the start.
    let mut q = Position::new(opts);
    let mut undos = Vec::new();
    for (_, mv) in &line {
        undos.push(q.play_unchecked(*mv));
    }
    assert_eq!(q, p, "{name} seed {seed}: replay");
    while let Some(u) = undos.pop() {
        q.undo(u);
    }
    assert_eq!(q, Position::new(opts), "{name} seed {seed}: undo all");
}

#[test]
fn random_playouts_keep_every_invariant() {
    for (name, opts, naive) in variants() {
        for seed in 1..=6 {
            playout(&name, opts, &naive, seed, 160);
        }
    }
}

#[test]
#[ignore = "long: many more playouts"]
fn random_playouts_keep_every_invariant_long() {
    for (name, opts, naive) in variants() {
        for seed in 1..=300 {
            playout(&name, opts, &naive, seed, 1000);
        }
    }
}
