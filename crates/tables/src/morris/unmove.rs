//! Un-moves: the positions of a sector from which the side that just moved reached a given
//! position with one turn that shot nothing, written from the board's lines and mills (not by
//! running the forward move generator backwards), for the predecessor-driven builder.
//!
//! A turn that shoots nothing and keeps the cows on the board is a step along a line, a flight
//! (for a side the options let fly), a mill-closing step or flight whose shot is forfeited
//! (strict protection with every cow of the victim in a mill), or a pass (for a blocked side
//! under `blocked=pass`). No position in a sector has a return ban in force, so none forbids a
//! step into it; a turn that would put one in force leads out of the sector and is no un-move.

use kraal_rules_morris::{Blocked, Flying, Options, Point, Protection, Remake};

/// The most mills through one point on any board (six on the Sotho board's centre).
const MAX_THROUGH: usize = 6;

/// The un-move generator of one board and rule options.
#[derive(Clone, Debug)]
pub struct Unmoves {
    points: u32,
    adjacent: [u32; Point::COUNT],
    mills: Vec<u32>,
    /// The mills through each point, as bit sets of points (`through_len[p]` of them).
    through: [[u32; MAX_THROUGH]; Point::COUNT],
    through_len: [u8; Point::COUNT],
    flying: bool,
    strict: bool,
    return_ban: bool,
    pass: bool,
}

impl Unmoves {
    /// The generator for the board and rules of `options` (draw rules do not matter).
    #[must_use]
    pub fn new(options: &Options) -> Unmoves {
        let board = options.board();
        let mills = board.mill_bits().to_vec();
        let mut through = [[0; MAX_THROUGH]; Point::COUNT];
        let mut through_len = [0u8; Point::COUNT];
        for &m in &mills {
            let mut rest = m;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let n = usize::from(through_len[p]);
                // No board has more than MAX_THROUGH mills through a point.
                if n < MAX_THROUGH {
                    through[p][n] = m;
                    through_len[p] += 1;
                }
            }
        }
        Unmoves {
            points: board.point_bits(),
            adjacent: *board.adjacency(),
            mills,
            through,
            through_len,
            flying: options.flying == Flying::AtThree,
            strict: options.protection == Protection::Strict,
            return_ban: options.remake == Remake::NoImmediateReturn,
            pass: options.blocked == Blocked::Pass,
        }
    }

    /// Whether a cow of `cows` on `p` stands in a complete mill.
    fn in_mill(&self, p: usize, cows: u32) -> bool {
        let mills = &self.through[p][..usize::from(self.through_len[p])];
        mills.iter().any(|&m| (cows & m).count_ones() == 3)
    }

    /// Whether every cow of `cows` stands in a complete mill (so that under strict protection
    /// no shot at them can be taken).
    fn all_in_mills(&self, cows: u32) -> bool {
        let inside = self
            .mills
            .iter()
            .filter(|&&m| cows & m == m)
            .fold(0, |acc, &m| acc | m);
        inside & cows == cows
    }

    /// Whether the side with `own` cows (the other side having `theirs`) has a step or flight.
    fn can_move(&self, own: u32, theirs: u32) -> bool {
        let empty = self.points & !(own | theirs);
        if empty == 0 {
            return false;
        }
        if self.flying && own.count_ones() == 3 {
            return true;
        }
        let mut rest = own;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.adjacent[p] & empty != 0 {
                return true;
            }
        }
        false
    }

    /// Appends to `out` every predecessor of the position where the side to move has the cows
    /// `to_move` and the other side `moved` (none in hand, no ban in force): each as (the cows
    /// of its side to move, which is the side that has just moved here, the other side's).
    /// Each predecessor is a position where the game is not over, with the same cows a side,
    /// from which one legal turn that shot nothing leads here. A predecessor is listed once
    /// per turn (distinct turns give distinct predecessors). Allocates nothing once `out` has
    /// room.
    pub fn unmoves_into(&self, to_move: u32, moved: u32, out: &mut Vec<(u32, u32)>) {
        let empty = self.points & !(to_move | moved);
        let flies = self.flying && moved.count_ones() == 3;
        // A mill closed on arrival shoots unless strict protection forfeits the shot (every cow
        // of the side to move here stood in a mill, and still does: a forfeited turn shoots
        // nothing).
        let forfeits = self.strict && self.all_in_mills(to_move);
        let mut cows = moved;
        while cows != 0 {
            let to = cows.trailing_zeros() as usize;
            cows &= cows - 1;
            let closed = self.in_mill(to, moved);
            if closed && !forfeits {
                continue;
            }
            let mut from_set = if flies {
                empty
            } else {
                self.adjacent[to] & empty
            };
            while from_set != 0 {
                let from = from_set.trailing_zeros() as usize;
                from_set &= from_set - 1;
                let before = moved ^ (1 << to) ^ (1 << from);
                // Leaving a mill and closing one (its shot forfeited) puts a return ban in
                // force: that turn leads to this position with a ban, not to this one.
                if closed && self.return_ban && self.in_mill(from, before) {
                    continue;
                }
                // The game was not over before: the side that moved had this move, has three
                // cows or more, and the board was not full (`from` was empty).
                out.push((before, to_move));
            }
        }
        // A pass: the side that moved was blocked with these same cows, and the side to move
        // here was not (both blocked ends the game, which is then no predecessor).
        if self.pass && !self.can_move(moved, to_move) && self.can_move(to_move, moved) {
            out.push((moved, to_move));
        }
    }
}
