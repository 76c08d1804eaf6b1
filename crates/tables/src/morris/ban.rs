//! Exact values through return bans. A sector holds no position with a return ban in force
//! (`remake=no-immediate-return`): a ban comes with a turn that left a mill and closed a new
//! one, so with a shot, and lapses after the banned side's next turn. A position with one is
//! valued by a small negamax over the rules crate's legal moves (which respect the ban) down
//! to the positions without a ban, whose values the tables give; distances count the plies of
//! the search too. The builder values its exits this way and [`super::MorrisTables::probe`]
//! the positions a front end hands it.

use super::sector::MorrisValue;
use kraal_rules_morris::{Color, Move, Position};

/// How deep the search may go before it gives up. A ban lasts at most two plies unless a new
/// shot brings another (and shots run out), so real chains are short; the bound only stops
/// rules where a ban could come without a shot, which no table is built for.
const MOST_PLIES: u32 = 24;

/// The value of a finished game for `side`.
pub(super) fn finished(winner: Option<Color>, side: Color) -> MorrisValue {
    match winner {
        Some(w) if w == side => MorrisValue::WinIn(0),
        Some(_) => MorrisValue::LossIn(0),
        None => MorrisValue::Draw,
    }
}

/// What a set of moves worth `results` (each to the side to move after it) gives the side to
/// move before them: the fastest win, else a draw, else the slowest loss.
#[derive(Clone, Copy, Debug)]
pub(super) struct Best {
    /// The shortest win, in plies (`u8::MAX`: none).
    pub win: u8,
    /// Whether a move does not lose (a draw, or a win).
    pub not_lost: bool,
    /// The longest loss, in plies.
    pub longest_loss: u8,
}

impl Best {
    /// No move yet.
    pub const NONE: Best = Best {
        win: u8::MAX,
        not_lost: false,
        longest_loss: 0,
    };

    /// Takes a move worth `value` to the side to move after it (the opponent).
    pub fn add(&mut self, value: MorrisValue) {
        match value {
            MorrisValue::LossIn(x) => {
                self.win = self.win.min(x.saturating_add(1));
                self.not_lost = true;
            }
            MorrisValue::WinIn(x) => self.longest_loss = self.longest_loss.max(x.saturating_add(1)),
            MorrisValue::Draw => self.not_lost = true,
        }
    }

    /// The value of the moves taken, all of them being every move there is (none: a draw,
    /// which only a position whose game is over could have, and those are valued before).
    pub fn value(self) -> MorrisValue {
        if self.win != u8::MAX {
            MorrisValue::WinIn(self.win)
        } else if self.not_lost || self.longest_loss == 0 {
            MorrisValue::Draw
        } else {
            MorrisValue::LossIn(self.longest_loss)
        }
    }
}

/// The exact value of `pos` (under the tables' options: no draw counters, no repetition) for
/// its side to move: the finished game's, `probe`'s when no ban is in force, and otherwise the
/// negamax over its moves. `None` when `probe` knows a position reached without a ban not,
/// or the search would go deeper than any real chain of bans. `pos` is played on and
/// restored.
pub(super) fn exact(
    pos: &mut Position,
    probe: &impl Fn(&Position) -> Option<MorrisValue>,
) -> Option<MorrisValue> {
    search(pos, probe, 0)
}

fn search(
    pos: &mut Position,
    probe: &impl Fn(&Position) -> Option<MorrisValue>,
    ply: u32,
) -> Option<MorrisValue> {
    if let Some(o) = pos.outcome() {
        return Some(finished(o.winner(), pos.side_to_move()));
    }
    if pos.bans().next().is_none() {
        return probe(pos);
    }
    if ply >= MOST_PLIES {
        return None;
    }
    let mut moves: Vec<Move> = Vec::with_capacity(64);
    pos.legal_moves_into(&mut moves);
    let mut best = Best::NONE;
    for mv in moves {
        let undo = pos.play_unchecked(mv);
        let value = search(pos, probe, ply + 1);
        pos.undo(undo);
        best.add(value?);
    }
    Some(best.value())
}
