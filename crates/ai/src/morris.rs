//! The mill games (every rule set of `kraal-rules-morris`) as a [`Game`], with their evaluation.

use crate::game::{Game, Verdict};
use crate::weighting::{Weighting, weighted};
use kraal_rules_morris::{Board, Color, Flying, Move, Phase, Point, Position, Undo};

/// The zero-sized adapter that lets search play any mill game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Morris;

/// The evaluation's features, each the side to move's value minus the opponent's.
pub const FEATURES: [&str; 12] = [
    "cows",
    "open-mills-placing",
    "open-mills-moving",
    "double-threats",
    "mobility",
    "blocked-cows",
    "threat-to-move",
    "flying",
    "steps-while-placing",
    "blocked-while-placing",
    "fork-points",
    "fork-to-move",
];

/// The phases of the game whose features are weighted apart, the rows of [`WEIGHTS`] (see
/// [`weight_phase`]).
pub const WEIGHT_PHASES: [&str; 3] = ["placing", "moving", "flying"];

/// The weight of each feature (1,000 is one cow) in each of [`WEIGHT_PHASES`], tuned by
/// self-play with `cargo run --release -p kraal-ai --example tune -- morabaraba`.
pub const WEIGHTS: [[i32; 12]; 3] = [
    [1000, 502, 397, 190, 82, -64, 683, 145, 164, -107, 153, 275],
    [1000, 502, 397, 190, 82, -64, 683, 145, 164, -107, 153, 275],
    [1000, 502, 397, 190, 82, -64, 683, 145, 164, -107, 153, 275],
];

/// The row of [`WEIGHTS`] that scores `pos`: placing (0) while either side has cows in hand,
/// flying (2) once neither has and a side flies, moving (1) otherwise.
#[must_use]
pub fn weight_phase(pos: &Position) -> usize {
    let phases = [pos.phase_of(Color::White), pos.phase_of(Color::Black)];
    phase_row(phases)
}

/// [`weight_phase`] from both colours' phases.
fn phase_row(phases: [Phase; 2]) -> usize {
    if phases.contains(&Phase::Placing) {
        0
    } else if phases.contains(&Phase::Flying) {
        2
    } else {
        1
    }
}

/// The mill games' style terms, which the evaluation leaves out (0% in [`Weighting::NEUTRAL`]):
/// the opponent's cows (against the mover: weighting them makes a shot worth more than a cow
/// kept), the opponent's open mills (against the mover: pairs to block), the mover's own double
/// threats, and its running mills (closed mills with a cow that can step out and back, while
/// moving).
pub const STYLE_TERMS: [&str; 4] = [
    "their-cows",
    "their-open-mills",
    "own-double-threats",
    "running-mills",
];

/// The base weight of each style term, scaled by a weighting's percentage.
pub const STYLE_WEIGHTS: [i32; 4] = [-1000, -400, 400, 500];

/// Features of one side, for the evaluation.
#[derive(Default)]
struct Side {
    material: i32,
    /// Mills with two own cows and an empty third point that a cow can reach.
    open_mills: i32,
    /// Empty points that would close two mills at once.
    double_threats: i32,
    mobility: i32,
    blocked: i32,
    /// While placing: the free steps and the blocked cows the side would have if it moved now
    /// (a blockade right after placing is decided while the last cows go down).
    steps_placing: i32,
    blocked_placing: i32,
    /// While placing with two cows or more in hand: empty points where a cow placed would
    /// open two mills at once (each mill holding one own cow, no other, before it).
    fork_points: i32,
}

/// Features of both colours (White first) from one pass over the mills.
fn features_by_colour(pos: &Position, board: &Board) -> [Side; 2] {
    let cows = [pos.cow_bits(Color::White), pos.cow_bits(Color::Black)];
    let empty = board.point_bits() & !(cows[0] | cows[1]);
    let mut sides = [Side::default(), Side::default()];
    let mut gaps = [0u32; 2];
    let mut double = [0u32; 2];
    let phases = [pos.phase_of(Color::White), pos.phase_of(Color::Black)];
    let adjacency = board.adjacency();
    for &m in board.mill_bits() {
        let gap = m & empty;
        if gap == 0 || gap.count_ones() != 1 {
            continue;
        }
        for c in 0..2 {
            if (cows[c] & m).count_ones() == 2 {
                // In the moving phase the gap must be reachable by a cow from outside the mill.
                let reachable = phases[c] != Phase::Moving
                    || adjacency[gap.trailing_zeros() as usize] & cows[c] & !m != 0;
                if reachable {
                    sides[c].open_mills += 1;
                    double[c] |= gaps[c] & gap;
                    gaps[c] |= gap;
                }
            }
        }
    }
    for (c, color) in Color::ALL.into_iter().enumerate() {
        if pos.in_hand(color) >= 2 {
            let (mut seen, mut forks) = (0u32, 0u32);
            for &m in board.mill_bits() {
                if (cows[c] & m).count_ones() == 1 && (m & empty).count_ones() == 2 {
                    forks |= seen & m & empty;
                    seen |= m & empty;
                }
            }
            sides[c].fork_points = forks.count_ones() as i32;
        }
        let side = &mut sides[c];
        side.material = pos.on_board(color) as i32 + i32::from(pos.in_hand(color));
        side.double_threats = double[c].count_ones() as i32;
        let (mut steps, mut blocked) = (0, 0);
        let mut own = cows[c];
        while own != 0 {
            let p = own.trailing_zeros() as usize;
            own &= own - 1;
            let free = (adjacency[p] & empty).count_ones() as i32;
            steps += free;
            blocked += i32::from(free == 0);
        }
        match phases[c] {
            Phase::Moving => (side.mobility, side.blocked) = (steps, blocked),
            Phase::Placing => {
                side.mobility = empty.count_ones().min(8) as i32;
                (side.steps_placing, side.blocked_placing) = (steps, blocked);
            }
            Phase::Flying => side.mobility = empty.count_ones().min(8) as i32,
        }
    }
    sides
}

/// The features of a mill-game position for the side to move (see [`FEATURES`]).
#[must_use]
pub fn features(pos: &Position) -> [i32; 12] {
    let [white, black] = features_by_colour(pos, pos.board());
    let (me, them, my_colour) = match pos.side_to_move() {
        Color::White => (white, black, Color::White),
        Color::Black => (black, white, Color::Black),
    };
    let placing = |c: Color| i32::from(pos.phase_of(c) == Phase::Placing);
    let flying = |c: Color| i32::from(pos.phase_of(c) == Phase::Flying);
    let (mp, tp) = (placing(my_colour), placing(my_colour.other()));
    [
        me.material - them.material,
        me.open_mills * mp - them.open_mills * tp,
        me.open_mills * (1 - mp) - them.open_mills * (1 - tp),
        me.double_threats - them.double_threats,
        me.mobility - them.mobility,
        me.blocked - them.blocked,
        i32::from(me.open_mills > 0),
        flying(my_colour) - flying(my_colour.other()),
        me.steps_placing - them.steps_placing,
        me.blocked_placing - them.blocked_placing,
        me.fork_points - them.fork_points,
        i32::from(me.fork_points > 0),
    ]
}

/// The style terms of a mill-game position for the side to move (see [`STYLE_TERMS`]).
#[must_use]
pub fn style_terms(pos: &Position) -> [i32; 4] {
    let board = pos.board();
    let [white, black] = features_by_colour(pos, board);
    let me = pos.side_to_move();
    let (mine, theirs) = match me {
        Color::White => (white, black),
        Color::Black => (black, white),
    };
    let own = pos.cow_bits(me);
    let empty = board.point_bits() & !(own | pos.cow_bits(me.other()));
    let adjacency = board.adjacency();
    let running = if pos.phase_of(me) == Phase::Moving {
        board
            .mill_bits()
            .iter()
            .filter(|&&m| {
                let mut points = m;
                let mut exit = false;
                while points != 0 {
                    exit |= adjacency[points.trailing_zeros() as usize] & empty != 0;
                    points &= points - 1;
                }
                own & m == m && exit
            })
            .count() as i32
    } else {
        0
    };
    [
        theirs.material,
        theirs.open_mills,
        mine.double_threats,
        running,
    ]
}

/// The evaluation under a style: every feature and style term times its base weight, scaled by
/// `weighting`'s percentage. [`Weighting::NEUTRAL`] gives exactly [`evaluate`].
#[must_use]
pub fn evaluate_with(pos: &Position, weighting: &Weighting) -> i32 {
    let f = features(pos);
    weighted(
        &f,
        &WEIGHTS[weight_phase(pos)],
        &weighting.morris[..f.len()],
    ) + weighted(
        &style_terms(pos),
        &STYLE_WEIGHTS,
        &weighting.morris[f.len()..],
    )
}

/// The static evaluation of a mill-game position for the side to move: the weighted sum of
/// [`features`], computed in one pass without building them (the search's hot path; a test
/// checks it equals [`evaluate_by_features`] on random positions).
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.board();
    let cows = [pos.cow_bits(Color::White), pos.cow_bits(Color::Black)];
    let empty = board.point_bits() & !(cows[0] | cows[1]);
    let on_board = [cows[0].count_ones(), cows[1].count_ones()];
    let hands = [pos.in_hand(Color::White), pos.in_hand(Color::Black)];
    let flies = pos.options().flying == Flying::AtThree;
    // As `Position::phase_of`, from the counts already taken.
    let phase = |c: usize| {
        if hands[c] > 0 {
            Phase::Placing
        } else if flies && on_board[c] == 3 {
            Phase::Flying
        } else {
            Phase::Moving
        }
    };
    let phases = [phase(0), phase(1)];
    let moving = phases.map(|p| p == Phase::Moving);
    let adjacency = board.adjacency();
    let mut open = [0i32; 2];
    let mut gaps = [0u32; 2];
    let mut double = [0u32; 2];
    let mills = board.mill_bits();
    for c in 0..2 {
        // Two own cows and none of the other colour's: the third point is empty.
        let colour = Color::ALL[c];
        let mut candidates = pos.mills_holding(colour, 2) & pos.mills_holding(colour.other(), 0);
        while candidates != 0 {
            let m = mills[candidates.trailing_zeros() as usize];
            candidates &= candidates - 1;
            // In the moving phase the gap must be reachable by a cow from outside the mill.
            // Branch-free (whether a gap counts is as good as random to a predictor): a gap
            // that does not count is masked to nothing. The gap is one point, never none:
            // `min` only spares a bounds check.
            let at = ((m & empty).trailing_zeros() as usize).min(Point::COUNT - 1);
            let reachable = !moving[c] | (adjacency[at] & cows[c] & !m != 0);
            let gap = m & empty & 0u32.wrapping_sub(u32::from(reachable));
            open[c] += i32::from(reachable);
            double[c] |= gaps[c] & gap;
            gaps[c] |= gap;
        }
    }
    let w = &WEIGHTS[phase_row(phases)];
    let placing_mobility = empty.count_ones().min(8) as i32;
    // The cows with no empty neighbour, counted here once for both sides (as
    // `Position::blocked_cows`).
    let unblocked = board.neighbours(empty);
    // Every feature is one side's value minus the other's under the same weight, so each side
    // is weighted alone, by what its phase counts.
    let side = |c: usize| {
        let colour = Color::ALL[c];
        let material = on_board[c] as i32 + i32::from(hands[c]);
        let (steps, blocked) = (
            pos.free_steps(colour) as i32,
            (cows[c] & !unblocked).count_ones() as i32,
        );
        w[0] * material
            + w[3] * double[c].count_ones() as i32
            + match phases[c] {
                // While placing: the steps and blocked cows it would have if it moved now.
                Phase::Placing => {
                    w[1] * open[c] + w[4] * placing_mobility + w[8] * steps + w[9] * blocked
                }
                Phase::Moving => w[2] * open[c] + w[4] * steps + w[5] * blocked,
                Phase::Flying => w[2] * open[c] + w[4] * placing_mobility + w[7],
            }
    };
    let me = pos.side_to_move().index();
    let value = side(me) - side(1 - me) + w[6] * i32::from(open[me] > 0);
    // Only while a side has two cows in hand: the moving phase skips the fork points at once.
    if hands[0].max(hands[1]) >= 2 {
        value + fork_value(pos, empty, hands, me, w)
    } else {
        value
    }
}

/// The fork features' share of [`evaluate`] for the side to move `me`, from the cows in hand
/// and the empty points already taken.
#[inline]
fn fork_value(pos: &Position, empty: u32, hands: [u8; 2], me: usize, w: &[i32; 12]) -> i32 {
    // Fork points (see `Side::fork_points`), for a side with two cows or more in hand: the
    // empty points on two of the mills that hold one of its cows and none of the other's.
    let forks = [0, 1].map(|c| {
        if hands[c] < 2 {
            return 0;
        }
        let colour = Color::ALL[c];
        let opening = pos.mills_holding(colour, 1) & pos.mills_holding(colour.other(), 0);
        (pos.board().points_on_two_mills(opening) & empty).count_ones() as i32
    });
    w[10] * (forks[me] - forks[1 - me]) + w[11] * i32::from(forks[me] > 0)
}

/// The static evaluation as the plain dot product of [`features`] and the phase's row of
/// [`WEIGHTS`]: the definition [`evaluate`] must equal.
#[must_use]
pub fn evaluate_by_features(pos: &Position) -> i32 {
    features(pos)
        .iter()
        .zip(WEIGHTS[weight_phase(pos)])
        .map(|(f, w)| f * w)
        .sum()
}

/// The search's key: the rules' hash with the draw counters folded in.
fn fold_counters(hash: u64, no_shot_plies: u16, three_cows_plies: u16) -> u64 {
    hash ^ u64::from(no_shot_plies).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ u64::from(three_cows_plies).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
}

impl Game for Morris {
    type State = Position;
    type Move = Move;
    type Undo = Undo;
    const NAME: &'static str = "morabaraba";
    const MOVE_KEYS: usize = Move::ROUTES;

    crate::game::rules_crate_methods!();

    fn hash(state: &Position) -> u64 {
        // The draw counters decide the future too; fold them in so the table never mixes them.
        fold_counters(
            state.hash(),
            state.no_shot_plies(),
            state.three_cows_plies(),
        )
    }

    fn hash_after(state: &Position, mv: Move) -> Option<u64> {
        // The three-cows count is guessed: it goes on while it runs and no shot is made (it
        // starts when a shot leaves the trigger's cows, which the hint does not look for).
        let three = match state.three_cows_plies() {
            n if n > 0 && mv.shot_bits() == 0 => n.saturating_add(1),
            _ => 0,
        };
        Some(fold_counters(
            state.hash_after_hint(mv),
            state.no_shot_plies_after(mv),
            three,
        ))
    }

    fn evaluate(state: &Position) -> i32 {
        evaluate(state)
    }

    fn evaluate_learned(state: &Position) -> i32 {
        evaluate(state) + crate::net::morris::correction(state)
    }

    type LearnedCache = crate::net::morris::Cache;

    fn evaluate_learned_cached(state: &Position, cache: &mut Self::LearnedCache) -> i32 {
        evaluate(state) + crate::net::morris::correction_cached(state, cache)
    }

    fn evaluate_with(state: &Position, weighting: &Weighting) -> i32 {
        evaluate_with(state, weighting)
    }

    fn side_to_move(state: &Position) -> usize {
        state.side_to_move().index()
    }

    fn move_key(mv: Move) -> usize {
        mv.route()
    }

    fn move_bits(mv: Move) -> u64 {
        // Five bits each for the two points (31: none), then one bit per point shot.
        let point = |p: Option<Point>| p.map_or(31, |p| p.index() as u64);
        point(mv.from()) | point(mv.to()) << 5 | u64::from(mv.shot_bits()) << 10
    }

    fn move_from_bits(bits: u64) -> Option<Move> {
        let point = |b: u64| match b & 31 {
            31 => Ok(None),
            i => Point::from_index(i as usize).map(Some).ok_or(()),
        };
        let shots = bits >> 10;
        if shots >> Point::COUNT != 0 {
            return None;
        }
        let mv = match (point(bits).ok()?, point(bits >> 5).ok()?) {
            (None, None) => Move::pass(),
            (None, Some(to)) => Move::place(to),
            (Some(from), Some(to)) => Move::step(from, to),
            (Some(_), None) => return None,
        };
        let mut rest = shots;
        let shot = std::iter::from_fn(|| {
            let at = rest.trailing_zeros() as usize;
            rest &= rest.wrapping_sub(1);
            Point::from_index(at)
        });
        Some(mv.with_shots(shot))
    }

    fn move_prior(_state: &Position, mv: Move) -> i32 {
        // A thousand a cow shot.
        mv.shot_bits().count_ones() as i32 * 1000
    }
}
