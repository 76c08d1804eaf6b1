//! The mill games (every rule set of `kraal-rules-morris`) as a [`Game`], with their evaluation.

use crate::game::{Game, Verdict};
use kraal_rules_morris::{Board, Color, Move, Phase, Point, Position, Undo};

/// The zero-sized adapter that lets search play any mill game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Morris;

/// The evaluation's features, each the side to move's value minus the opponent's.
pub const FEATURES: [&str; 8] = [
    "cows",
    "open-mills-placing",
    "open-mills-moving",
    "double-threats",
    "mobility",
    "blocked-cows",
    "threat-to-move",
    "flying",
];

/// The weight of each feature (1,000 is one cow), tuned by self-play with
/// `cargo run --release -p kraal-ai --example tune -- morabaraba`.
pub const WEIGHTS: [i32; 8] = [1000, 502, 397, 190, 82, -64, 683, 145];

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
        let side = &mut sides[c];
        side.material = pos.on_board(color) as i32 + i32::from(pos.in_hand(color));
        side.double_threats = double[c].count_ones() as i32;
        if phases[c] == Phase::Moving {
            let mut own = cows[c];
            while own != 0 {
                let p = own.trailing_zeros() as usize;
                own &= own - 1;
                let free = (adjacency[p] & empty).count_ones() as i32;
                side.mobility += free;
                side.blocked += i32::from(free == 0);
            }
        } else {
            side.mobility = empty.count_ones().min(8) as i32;
        }
    }
    sides
}

/// The features of a mill-game position for the side to move (see [`FEATURES`]).
#[must_use]
pub fn features(pos: &Position) -> [i32; 8] {
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
    ]
}

/// The static evaluation of a mill-game position for the side to move.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    features(pos).iter().zip(WEIGHTS).map(|(f, w)| f * w).sum()
}

impl Game for Morris {
    type State = Position;
    type Move = Move;
    type Undo = Undo;
    const NAME: &'static str = "morabaraba";
    const MOVE_KEYS: usize = 26 * 26;

    crate::game::rules_crate_methods!();

    fn hash(state: &Position) -> u64 {
        // The draw counters decide the future too; fold them in so the table never mixes them.
        state.hash()
            ^ u64::from(state.no_shot_plies()).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ u64::from(state.three_cows_plies()).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
    }

    fn evaluate(state: &Position) -> i32 {
        evaluate(state)
    }

    fn side_to_move(state: &Position) -> usize {
        state.side_to_move().index()
    }

    fn move_key(mv: Move) -> usize {
        let from = mv.from().map_or(25, Point::index);
        let to = mv.to().map_or(25, Point::index);
        from * 26 + to
    }

    fn move_prior(_state: &Position, mv: Move) -> i32 {
        mv.shot_bits().count_ones() as i32 * 1000
    }
}
