//! Code written for the tests, independent of the builder: positions from a setup, a plain
//! negamax over the rules crate's checked moves, one ply of minimax over probed values, and a
//! seeded sampler.

#![allow(dead_code)]

use kraal_rules_morris::{Color, Options, Point, Position, Setup};
use kraal_tables::morris::MorrisValue;

fn points(bits: u32) -> Vec<Point> {
    Point::all().filter(|p| bits & p.bit() != 0).collect()
}

/// The position under `options` with `me` to move holding `mine`, the other side `theirs`,
/// none in hand, no ban, built from a setup.
pub fn position(options: &Options, mine: u32, theirs: u32, me: Color) -> Position {
    let cows = match me {
        Color::White => [points(mine), points(theirs)],
        Color::Black => [points(theirs), points(mine)],
    };
    let setup = Setup {
        cows,
        in_hand: [0, 0],
        side_to_move: me,
        bans: Vec::new(),
        three_cows_plies: 0,
        no_shot_plies: 0,
    };
    Position::from_setup(&setup, *options).expect("a valid position")
}

/// Plain negamax to `depth` plies over the checked moves (return bans included): 1 when the
/// side to move can force a win within the depth, -1 when the other side can, 0 when neither
/// is proved.
pub fn search(pos: &Position, depth: u32) -> i32 {
    if let Some(o) = pos.outcome() {
        return match o.winner() {
            Some(w) if w == pos.side_to_move() => 1,
            Some(_) => -1,
            None => 0,
        };
    }
    if depth == 0 {
        return 0;
    }
    let mut best = -1;
    for mv in pos.legal_moves() {
        let v = -search(&pos.clone().play(mv).expect("a legal move"), depth - 1);
        best = best.max(v);
        if best == 1 {
            break;
        }
    }
    best
}

/// What one ply of plain minimax over `probe`'s values says `pos` is worth to its side to
/// move: each move's result is the finished game's, or the probed value after it.
pub fn one_ply_value(
    pos: &Position,
    probe: impl Fn(&Position) -> Option<MorrisValue>,
) -> MorrisValue {
    let me = pos.side_to_move();
    let mut results = Vec::new();
    for mv in pos.legal_moves() {
        let after = pos.clone().play(mv).expect("a legal move");
        results.push(match after.outcome() {
            Some(o) if o.winner() == Some(me) => MorrisValue::WinIn(1),
            Some(o) if o.winner().is_none() => MorrisValue::Draw,
            Some(_) => MorrisValue::LossIn(1),
            None => match probe(&after).expect("every position after a move is in a table") {
                MorrisValue::WinIn(d) => MorrisValue::LossIn(d + 1),
                MorrisValue::LossIn(d) => MorrisValue::WinIn(d + 1),
                MorrisValue::Draw => MorrisValue::Draw,
            },
        });
    }
    let fastest_win = results
        .iter()
        .filter_map(|r| match r {
            MorrisValue::WinIn(d) => Some(*d),
            _ => None,
        })
        .min();
    if let Some(d) = fastest_win {
        MorrisValue::WinIn(d)
    } else if results.contains(&MorrisValue::Draw) || results.is_empty() {
        MorrisValue::Draw
    } else {
        let slowest = results
            .iter()
            .filter_map(|r| match r {
                MorrisValue::LossIn(d) => Some(*d),
                _ => None,
            })
            .max()
            .expect("a loss");
        MorrisValue::LossIn(slowest)
    }
}

/// A seeded generator of indices for the samples.
pub fn sampler(seed: u64) -> impl FnMut() -> usize {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    }
}

/// Counts of wins, losses and draws seen.
#[derive(Debug, Default)]
pub struct Kinds {
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
}

/// Checks a seeded sample of `samples` classes of `classes` (the side to move's cows, the
/// other side's, the value) against one ply over `probe`; what kinds of values it saw.
pub fn check_one_ply(
    options: &Options,
    classes: &[((u32, u32), MorrisValue)],
    probe: impl Fn(&Position) -> Option<MorrisValue>,
    seed: u64,
    samples: usize,
) -> Kinds {
    let mut next = sampler(seed);
    let mut seen = Kinds::default();
    for _ in 0..samples {
        let ((mine, theirs), value) = classes[next() % classes.len()];
        let side = if next().is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let pos = position(options, mine, theirs, side);
        if pos.is_game_over() {
            continue;
        }
        assert_eq!(
            value,
            one_ply_value(&pos, &probe),
            "{}",
            pos.to_position_string()
        );
        match value {
            MorrisValue::WinIn(_) => seen.wins += 1,
            MorrisValue::LossIn(_) => seen.losses += 1,
            MorrisValue::Draw => seen.draws += 1,
        }
    }
    seen
}

/// Checks classes of a seeded sample against the plain negamax until `each` short wins (in at
/// most `win_depth` plies, found at that depth and not one less), `each` short losses (in at
/// most `loss_depth`) and `each` draws (no win within two plies for either side) are seen.
/// Returns how many of each were checked.
pub fn check_negamax(
    options: &Options,
    classes: &[((u32, u32), MorrisValue)],
    probe: impl Fn(&Position) -> Option<MorrisValue>,
    seed: u64,
    each: usize,
    (win_depth, loss_depth): (u8, u8),
) -> Kinds {
    let mut next = sampler(seed);
    let mut seen = Kinds::default();
    let mut tries = 0;
    while (seen.wins < each || seen.losses < each || seen.draws < each) && tries < 1_000_000 {
        tries += 1;
        let ((mine, theirs), value) = classes[next() % classes.len()];
        let side = if next().is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let pos = position(options, mine, theirs, side);
        assert_eq!(probe(&pos), Some(value), "the probe");
        let text = pos.to_position_string();
        match value {
            MorrisValue::WinIn(d) if d <= win_depth && seen.wins < each => {
                assert_eq!(search(&pos, u32::from(d)), 1, "{text}");
                assert_ne!(search(&pos, u32::from(d) - 1), 1, "{text}");
                seen.wins += 1;
            }
            MorrisValue::LossIn(d) if d <= loss_depth && seen.losses < each => {
                assert_eq!(search(&pos, u32::from(d)), -1, "{text}");
                if d > 0 {
                    assert_ne!(search(&pos, u32::from(d) - 1), -1, "{text}");
                }
                seen.losses += 1;
            }
            MorrisValue::Draw if seen.draws < each => {
                assert_eq!(search(&pos, 2), 0, "{text}");
                seen.draws += 1;
            }
            _ => {}
        }
    }
    seen
}
