//! The un-move generator against the rules crate's forward moves, on seeded samples of
//! positions of the 3v3, 3v4, 4v3 and 4v4 sectors under several rule sets: every forward turn
//! that stays in the sector is found backwards, and every un-move is a forward turn.

use kraal_rules_morris::{
    Blocked, BoardKind, Color, Options, Point, Position, Protection, Remake, RuleSet,
};
use kraal_tables::morris::{Sector, Unmoves};

/// A seeded generator of numbers for the samples.
fn sampler(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state >> 33
    }
}

/// `n` random points of `free` (a bit set with at least `n` points).
fn pick(free: u32, n: u32, next: &mut impl FnMut() -> u64) -> u32 {
    let mut chosen: u32 = 0;
    while chosen.count_ones() < n {
        let left: Vec<u32> = (0..32)
            .filter(|i| (free & !chosen) & (1 << i) != 0)
            .collect();
        chosen |= 1 << left[(next() % left.len() as u64) as usize];
    }
    chosen
}

/// The rule sets tested: the two standard presets, strict protection (no preset has it, so it
/// is set on Morabaraba, and with the return ban on MSSA), and passes (Koti; on the plain board
/// too, where four cows can be blocked by four).
fn rule_sets() -> Vec<(String, Options)> {
    let mut out = Vec::new();
    for r in [
        RuleSet::Morabaraba,
        RuleSet::NineMensMorris,
        RuleSet::Koti,
        RuleSet::Tournament,
        RuleSet::Mssa,
    ] {
        out.push((r.name().to_owned(), r.options()));
    }
    let mut strict = RuleSet::Morabaraba.options();
    strict.protection = Protection::Strict;
    out.push(("morabaraba protection=strict".to_owned(), strict));
    let mut strict_ban = RuleSet::Mssa.options();
    strict_ban.protection = Protection::Strict;
    out.push(("mssa protection=strict".to_owned(), strict_ban));
    let mut plain_koti = RuleSet::Koti.options();
    plain_koti.board = BoardKind::Plain;
    out.push(("koti board=plain".to_owned(), plain_koti));
    out.into_iter()
        .map(|(n, o)| (n, Sector::table_options(&o)))
        .collect()
}

/// The position with the side to move holding `mine` and the other side `theirs`; White is to
/// move or Black, as `side` says.
fn position(options: &Options, mine: u32, theirs: u32, side: Color) -> Position {
    let mut pos = Position::new(*options);
    let cows = match side {
        Color::White => [mine, theirs],
        Color::Black => [theirs, mine],
    };
    pos.set_cows(cows, side).expect("a valid position");
    pos
}

/// (side to move, other side) of a position.
fn sides(pos: &Position) -> (u32, u32) {
    let me = pos.side_to_move();
    (pos.cow_bits(me), pos.cow_bits(me.other()))
}

/// Whether the turns from `before` lead to `after` (both as (side to move, other side)).
fn forward_reaches(options: &Options, before: (u32, u32), after: (u32, u32)) -> bool {
    let pos = position(options, before.0, before.1, Color::White);
    pos.legal_moves().into_iter().any(|mv| {
        let q = pos.clone().play(mv).expect("a legal move");
        q.bans().next().is_none() && sides(&q) == after
    })
}

/// What [`check_position`] saw: forward turns found backwards, un-moves found forwards, and
/// forward turns that kept the cows but put a return ban in force.
#[derive(Default)]
struct Seen {
    forward: usize,
    backward: usize,
    banned: usize,
}

/// Checks one position both ways: (a) every forward turn from it that stays in the sector is
/// an un-move of the position it leads to; (b) every un-move of it is a position, not over,
/// with a turn to it.
fn check_position(name: &str, options: &Options, pos: &Position, seen: &mut Seen) {
    let unmoves = Unmoves::new(options);
    let (mine, theirs) = sides(pos);
    let mut out = Vec::new();
    for mv in pos.legal_moves() {
        let q = pos.clone().play(mv).expect("a legal move");
        let (q_me, q_them) = sides(&q);
        if q_me.count_ones() != theirs.count_ones() || q_them.count_ones() != mine.count_ones() {
            continue;
        }
        if q.bans().next().is_some() {
            seen.banned += 1;
            continue;
        }
        out.clear();
        unmoves.unmoves_into(q_me, q_them, &mut out);
        assert!(
            out.contains(&(mine, theirs)),
            "{name}: {mv} from {} is not found backwards from {}",
            pos.to_position_string(),
            q.to_position_string()
        );
        seen.forward += 1;
    }
    out.clear();
    unmoves.unmoves_into(mine, theirs, &mut out);
    let mut sorted = out.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), out.len(), "{name}: an un-move listed twice");
    let side = pos.side_to_move();
    for &(p_me, p_them) in &out {
        assert_eq!(
            (p_me & p_them, p_me.count_ones(), p_them),
            (0, theirs.count_ones(), mine),
            "{name}"
        );
        let p = position(options, p_me, p_them, side.other());
        assert!(
            !p.is_game_over(),
            "{name}: {} is over",
            p.to_position_string()
        );
        assert!(
            forward_reaches(options, (p_me, p_them), (mine, theirs)),
            "{name}: no turn from {} to {}",
            p.to_position_string(),
            pos.to_position_string()
        );
        seen.backward += 1;
    }
}

/// Samples positions of the sectors 3v3, 3v4, 4v3 and 4v4 and checks each both ways.
fn check(name: &str, options: &Options, seed: u64, samples: usize) -> Seen {
    let board = options.board().point_bits();
    let mut next = sampler(seed);
    let mut seen = Seen::default();
    for (a, b) in [(3, 3), (3, 4), (4, 3), (4, 4)] {
        for _ in 0..samples {
            let mine = pick(board, a, &mut next);
            let theirs = pick(board & !mine, b, &mut next);
            let side = if next().is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            };
            check_position(
                name,
                options,
                &position(options, mine, theirs, side),
                &mut seen,
            );
        }
    }
    seen
}

#[test]
fn the_unmoves_are_exactly_the_forward_turns_that_stay_in_the_sector() {
    for (n, (name, options)) in rule_sets().iter().enumerate() {
        let seen = check(name, options, 7 + n as u64, 300);
        // Both directions were exercised (a few thousand turns each).
        assert!(
            seen.forward > 1000 && seen.backward > 1000,
            "{name}: {} {}",
            seen.forward,
            seen.backward
        );
    }
}

/// Bit set of the named points.
fn bits(names: &[&str]) -> u32 {
    names
        .iter()
        .map(|n| n.parse::<Point>().expect("a point").bit())
        .fold(0, |a, b| a | b)
}

#[test]
fn a_pass_is_an_unmove_exactly_when_the_side_that_passed_was_blocked() {
    let (_, options) = rule_sets()
        .into_iter()
        .find(|(n, _)| n == "koti board=plain")
        .expect("the plain Koti rules");
    assert_eq!(options.blocked, Blocked::Pass);
    let unmoves = Unmoves::new(&options);
    // Four cows on a1, d1, g1 and a4 are blocked on the plain board by d2, g4, a7 and b4.
    let blocked = bits(&["a1", "d1", "g1", "a4"]);
    let blockers = bits(&["d2", "g4", "a7", "b4"]);
    let mut out = Vec::new();
    unmoves.unmoves_into(blockers, blocked, &mut out);
    // The blocked side's only turn was the pass (none of its cows can have stepped in).
    assert_eq!(out, vec![(blocked, blockers)]);
    assert!(forward_reaches(
        &options,
        (blocked, blockers),
        (blockers, blocked)
    ));
    // The other way round the blockers, who can move, never passed: their un-moves are steps.
    out.clear();
    unmoves.unmoves_into(blocked, blockers, &mut out);
    assert!(!out.is_empty() && !out.contains(&(blockers, blocked)));
    for &(p_me, p_them) in &out {
        assert!(forward_reaches(
            &options,
            (p_me, p_them),
            (blocked, blockers)
        ));
    }
}

#[test]
fn a_forfeited_shot_is_an_unmove_unless_it_puts_a_return_ban_in_force() {
    // Strict protection forfeits every shot at three cows that all stand in one mill: every
    // 3v4 and 4v3 position with them on a1-d1-g1, either side to move, and a 5v3 one where the
    // cow on g4 can leave the mill e4-f4-g4 for g7 and close a7-d7-g7 (under the return ban
    // that turn puts a ban in force, so it is no un-move of the position without one).
    let mut strict = Sector::table_options(&RuleSet::Morabaraba.options());
    strict.protection = Protection::Strict;
    let mut strict_ban = strict;
    strict_ban.remake = Remake::NoImmediateReturn;
    let mill = bits(&["a1", "d1", "g1"]);
    let free: Vec<u32> = (0..24).filter(|i| mill & (1 << i) == 0).collect();
    for (name, options) in [("strict", strict), ("strict, return ban", strict_ban)] {
        let mut seen = Seen::default();
        for a in 0..free.len() {
            for b in a + 1..free.len() {
                for c in b + 1..free.len() {
                    for d in c + 1..free.len() {
                        let four = [a, b, c, d].iter().fold(0, |acc, &i| acc | 1 << free[i]);
                        let side = if (a + b + c + d).is_multiple_of(2) {
                            Color::White
                        } else {
                            Color::Black
                        };
                        check_position(
                            name,
                            &options,
                            &position(&options, four, mill, side),
                            &mut seen,
                        );
                        check_position(
                            name,
                            &options,
                            &position(&options, mill, four, side),
                            &mut seen,
                        );
                    }
                }
            }
        }
        assert!(seen.forward > 0 && seen.backward > 0, "{name}");
        let five = bits(&["a7", "d7", "e4", "f4", "g4"]);
        let before = Seen {
            forward: seen.forward,
            ..Seen::default()
        };
        check_position(
            name,
            &options,
            &position(&options, five, mill, Color::White),
            &mut seen,
        );
        let after_g7 = bits(&["a7", "d7", "e4", "f4", "g7"]);
        let mut out = Vec::new();
        Unmoves::new(&options).unmoves_into(mill, after_g7, &mut out);
        let found = out.contains(&(five, mill));
        if name.contains("ban") {
            assert!(seen.banned > 0 && !found, "{name}");
        } else {
            assert!(
                seen.banned == 0 && found && seen.forward > before.forward,
                "{name}"
            );
        }
    }
}
