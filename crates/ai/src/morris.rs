//! The mill games (every rule set of `kraal-rules-morris`) as a [`Game`], with their evaluation.

use crate::game::{Game, Verdict};
use kraal_rules_morris::{Board, Color, Move, Phase, Point, Position, Undo};

/// The zero-sized adapter that lets search play any mill game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Morris;

/// Evaluation weights, in hundredths of a cow.
mod weight {
    pub const COW: i32 = 1000;
    pub const OPEN_MILL: i32 = 90;
    pub const DOUBLE_THREAT: i32 = 160;
    pub const MOBILITY: i32 = 12;
    pub const BLOCKED_COW: i32 = 35;
    pub const TO_MOVE_WITH_THREAT: i32 = 250;
}

fn bits(mut b: u32) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            Point::from_index(i).expect("bit of a point")
        })
    })
}

/// Features of one side, for the evaluation.
struct Side {
    material: i32,
    /// Empty points that would close a mill, and whether a cow can get there.
    open_mills: i32,
    double_threats: i32,
    mobility: i32,
    blocked: i32,
    can_close_now: bool,
}

fn side_features(pos: &Position, board: &Board, color: Color) -> Side {
    let own = pos.cow_bits(color);
    let opp = pos.cow_bits(color.other());
    let empty = board.point_bits() & !(own | opp);
    let phase = pos.phase_of(color);
    let mut closing_count = [0u8; Point::COUNT];
    let mut open_mills = 0;
    let mut reach = 0u32;
    match phase {
        Phase::Placing | Phase::Flying => reach = empty,
        Phase::Moving => {
            for p in bits(own) {
                reach |= board.adjacent_bits(p) & empty;
            }
        }
    }
    let mut can_close_now = false;
    for &m in board.mill_bits() {
        if (own & m).count_ones() == 2 && m & empty != 0 {
            let gap = m & empty;
            let i = gap.trailing_zeros() as usize;
            closing_count[i] += 1;
            // In the moving phase the gap must be reachable by a cow from outside this mill.
            let reachable = match phase {
                Phase::Placing | Phase::Flying => true,
                Phase::Moving => {
                    let gap_point = Point::from_index(i).expect("gap");
                    board.adjacent_bits(gap_point) & own & !m != 0
                }
            };
            if reachable {
                open_mills += 1;
                can_close_now = true;
            }
        }
    }
    let double_threats = closing_count.iter().filter(|&&n| n >= 2).count() as i32;
    let (mut mobility, mut blocked) = (0, 0);
    if phase == Phase::Moving {
        for p in bits(own) {
            let free = (board.adjacent_bits(p) & empty).count_ones() as i32;
            mobility += free;
            blocked += i32::from(free == 0);
        }
    } else {
        mobility = reach.count_ones().min(8) as i32;
    }
    Side {
        material: pos.on_board(color) as i32 + i32::from(pos.in_hand(color)),
        open_mills,
        double_threats,
        mobility,
        blocked,
        can_close_now,
    }
}

/// The static evaluation of a mill-game position for the side to move.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.board();
    let me = side_features(pos, board, pos.side_to_move());
    let them = side_features(pos, board, pos.side_to_move().other());
    let mut score = weight::COW * (me.material - them.material)
        + weight::OPEN_MILL * (me.open_mills - them.open_mills)
        + weight::DOUBLE_THREAT * (me.double_threats - them.double_threats)
        + weight::MOBILITY * (me.mobility - them.mobility)
        - weight::BLOCKED_COW * (me.blocked - them.blocked);
    if me.can_close_now {
        score += weight::TO_MOVE_WITH_THREAT;
    }
    score
}

impl Game for Morris {
    type State = Position;
    type Move = Move;
    type Undo = Undo;
    const NAME: &'static str = "morabaraba";
    const MOVE_KEYS: usize = 26 * 26;

    fn legal_moves(state: &Position, out: &mut Vec<Move>) {
        state.legal_moves_into(out);
    }

    fn play(state: &mut Position, mv: Move) -> Undo {
        state.play_unchecked(mv)
    }

    fn undo(state: &mut Position, undo: Undo) {
        state.undo(undo);
    }

    fn verdict(state: &Position) -> Option<Verdict> {
        state.outcome().map(|o| match o.winner() {
            None => Verdict::Draw,
            Some(w) if w == state.side_to_move() => Verdict::Win,
            Some(_) => Verdict::Loss,
        })
    }

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
