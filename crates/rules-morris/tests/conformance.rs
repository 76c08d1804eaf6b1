//! Seeded random-playout conformance over every rule set: what must hold in every position of
//! every game, whatever the rules (after OpenSpiel's basic tests).

use kraal_rules_morris::{Color, Move, Options, Point, Position, RuleSet};

/// A small seeded generator (SplitMix64), so runs are reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every preset, plus overrides that exercise the options no preset combines.
fn configurations() -> Vec<(String, Options)> {
    let mut v: Vec<(String, Options)> = RuleSet::ALL
        .iter()
        .map(|r| (r.name().to_owned(), r.options()))
        .collect();
    let extra: [(&str, &[&str]); 7] = [
        ("sotho", &["centre-mills=middle-only", "shots=per-mill"]),
        (
            "sotho",
            &[
                "centre-mills=any-triple",
                "shots=per-mill",
                "protection=none",
            ],
        ),
        ("morabaraba", &["protection=strict", "cows=5"]),
        ("koti", &["board-full=off", "cows=12"]),
        ("mssa", &["flying=never", "cows=4"]),
        (
            "morabaraba",
            &["board-full=first-player-loses", "three-cows-draw=2:either"],
        ),
        (
            "nine-mens-morris",
            &["cows=3", "remake=no-immediate-return"],
        ),
    ];
    for (base, sets) in extra {
        let options = Options::from_rule_set(base, sets).expect("valid overrides");
        v.push((format!("{base} {}", sets.join(" ")), options));
    }
    v
}

/// A random move-shaped value: mostly nonsense, sometimes close to legal.
fn random_move(rng: &mut Rng, legal: &[Move]) -> Move {
    let point = |rng: &mut Rng| Point::from_index(rng.below(Point::COUNT)).expect("index");
    let base = if !legal.is_empty() && rng.below(2) == 0 {
        let m = legal[rng.below(legal.len())];
        match (m.from(), m.to()) {
            (Some(f), Some(t)) => Move::step(f, t),
            (None, Some(t)) => Move::place(t),
            _ => Move::pass(),
        }
    } else {
        match rng.below(4) {
            0 => Move::place(point(rng)),
            1 => Move::pass(),
            _ => Move::step(point(rng), point(rng)),
        }
    };
    let shots = rng.below(3);
    base.with_shots((0..shots).map(|_| point(rng)))
}

fn check_position(pos: &Position, name: &str, rng: &mut Rng, shot: [u32; 2]) {
    let ctx = || format!("{name}: {}", pos.to_position_string());
    let legal = pos.legal_moves();
    // Terminal iff no legal moves.
    assert_eq!(pos.is_game_over(), legal.is_empty(), "{}", ctx());
    assert_eq!(pos.count_legal_moves(), legal.len() as u64, "{}", ctx());
    // Cows are conserved: board + hand + shot = the rules' number.
    for c in Color::ALL {
        let total = pos.on_board(c) + u32::from(pos.in_hand(c)) + shot[c.index()];
        assert_eq!(
            total,
            u32::from(pos.options().cows),
            "{c} cows in {}",
            ctx()
        );
    }
    // The incremental hash equals one computed from scratch.
    assert_eq!(pos.hash(), pos.compute_hash(), "{}", ctx());
    // The per-mill counts kept through play and undo equal a count of each mill's cows.
    for c in Color::ALL {
        for (i, &mill) in pos.board().mill_bits().iter().enumerate() {
            let held = (pos.cow_bits(c) & mill).count_ones();
            for n in 0..=4 {
                let listed = pos.mills_holding(c, n) & (1 << i) != 0;
                assert_eq!(listed, held == n, "{c}, mill {i}, {n} cows: {}", ctx());
            }
        }
    }
    // The free steps kept through play and undo, and the blocked cows counted from the board's
    // neighbour tables, equal a count of each cow's empty neighbours.
    let empty =
        pos.board().point_bits() & !(pos.cow_bits(Color::White) | pos.cow_bits(Color::Black));
    for c in Color::ALL {
        let free: Vec<u32> = pos
            .cows(c)
            .map(|p| (pos.board().adjacent_bits(p) & empty).count_ones())
            .collect();
        assert_eq!(
            pos.free_steps(c),
            free.iter().sum::<u32>(),
            "{c} steps: {}",
            ctx()
        );
        let blocked = free.iter().filter(|&&n| n == 0).count() as u32;
        assert_eq!(pos.blocked_cows(c), blocked, "{c} blocked: {}", ctx());
    }
    // The position string round-trips.
    let text = pos.to_position_string();
    let back = Position::from_position_string(&text, *pos.options()).expect("own string reads");
    assert_eq!(back.to_position_string(), text);
    assert_eq!(back.hash(), pos.hash());
    if pos.outcome().is_none() || back.outcome().is_some() {
        // A repetition draw depends on history the string does not hold.
        assert_eq!(back.legal_moves(), legal, "{}", ctx());
    }
    // Every legal move is legal by the checker and its notation round-trips.
    for &mv in &legal {
        assert!(pos.is_legal(mv), "{mv} generated but refused in {}", ctx());
        let text = mv.to_string();
        assert_eq!(text.parse::<Move>(), Ok(mv), "{text}");
        assert_eq!(
            text.to_uppercase().replace('-', " ").parse::<Move>(),
            Ok(mv),
            "{text}"
        );
        assert_eq!(pos.parse_move(&text), Ok(mv));
    }
    // The checker and the generator agree on moves that are not in the list, too.
    for _ in 0..6 {
        let mv = random_move(rng, &legal);
        assert_eq!(pos.is_legal(mv), legal.contains(&mv), "{mv} in {}", ctx());
    }
}

fn playouts(games_per_configuration: usize, seed: u64) {
    for (name, options) in configurations() {
        let mut rng = Rng(seed ^ name.len() as u64);
        for _ in 0..games_per_configuration {
            let mut pos = Position::new(options);
            let mut shot = [0u32; 2];
            for _ply in 0..1000 {
                check_position(&pos, &name, &mut rng, shot);
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[rng.below(legal.len())];
                // Undo restores the position exactly; a clone equals its original.
                let before = pos.clone();
                assert_eq!(before, pos);
                let hint = pos.hash_after_hint(mv);
                let undo = pos.play_unchecked(mv);
                // The hint is the next position's hash wherever no return ban is in force.
                if before.bans().next().is_none() && pos.bans().next().is_none() {
                    assert_eq!(hint, pos.hash(), "hash after {mv} in {name}");
                }
                pos.undo(undo);
                assert_eq!(pos, before, "undo of {mv} in {name}");
                shot[pos.side_to_move().other().index()] += mv.shot_bits().count_ones();
                pos = pos.play(mv).expect("a generated move plays");
            }
        }
    }
}

#[test]
fn random_playouts_keep_every_invariant() {
    playouts(150, 1);
}

#[test]
#[ignore = "thousands of games: run with --ignored"]
fn random_playouts_keep_every_invariant_full() {
    playouts(2000, 2);
}

#[test]
fn hashes_agree_across_transpositions() {
    let start = Position::new(Options::default());
    let play_all = |moves: &[&str]| {
        moves.iter().fold(start.clone(), |p, m| {
            let mv = p.parse_move(m).expect("legal");
            p.play(mv).expect("legal")
        })
    };
    let a = play_all(&["a1", "b2", "c3", "d2", "e3"]);
    let b = play_all(&["e3", "d2", "c3", "b2", "a1"]);
    assert_eq!(a.to_position_string(), b.to_position_string());
    assert_eq!(a.hash(), b.hash());
    let c = play_all(&["a1", "b2", "c3", "d2", "g7"]);
    assert_ne!(a.hash(), c.hash());
}
