//! A validated position: bitboards, hands, the side to move, any return ban, the draw counters
//! and the repetition history; legal moves, play and undo, and the outcome.

use crate::board::Board;
use crate::moves::{IllegalMove, Move, MoveError};
use crate::options::{Blocked, BoardFull, Flying, Options, Protection, Remake, Shots, Trigger};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::point::{Color, Point, points_of};
use crate::zobrist::KEYS;

/// A return ban in force: the cow of `color` on `from` may not move straight to `to` if that
/// re-forms a mill (`remake=no-immediate-return`). It binds `color`'s next turn only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReturnBan {
    /// Whose cow.
    pub color: Color,
    /// Where the cow stands now.
    pub from: Point,
    /// The point of the mill it left.
    pub to: Point,
}

/// Everything that play changes, except the history; copied whole for undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    pub cows: [u32; 2],
    pub hand: [u8; 2],
    pub side: Color,
    /// Per colour: (from, to) point indices of a ban in force.
    pub bans: [Option<(u8, u8)>; 2],
    pub three_cows_plies: u16,
    pub no_shot_plies: u16,
    pub hash: u64,
    /// Index into the history of the first position since the last placement or shot.
    pub window_start: u32,
    /// A filter of the repetition window: bit `hash >> 58` of each of its positions' hashes.
    pub window_keys: u64,
    /// Whether this position's bit was in `window_keys` before it was added: if not, it
    /// cannot repeat an earlier position, and the window need not be searched.
    pub may_repeat: bool,
    /// Per colour, how many of its cows each mill holds, in two bit planes: bit `i` of
    /// `[low, high]` is bit 0 and bit 1 of mill `i`'s count (see [`Position::mills_holding`]).
    pub mill_counts: [[u32; 2]; 2],
    /// Per colour, the free steps of its cows on the board (each cow's empty neighbours,
    /// summed; see [`Position::free_steps`]).
    pub steps: [u8; 2],
    pub outcome: Option<Outcome>,
}

/// What [`Position::play_unchecked`] hands back so that [`Position::undo`] can restore.
#[derive(Clone, Copy, Debug)]
#[must_use = "pass it to Position::undo to take the move back"]
pub struct Undo(State);

/// A legal, validated position of a mill game under some [`Options`].
///
/// Built from a [`crate::Setup`] (see [`Position::from_setup`]) or as [`Position::new`]. Positions
/// hold the hashes of every position since the last placement or shot, so they alone decide
/// every draw, repetition included.
#[derive(Clone, Debug)]
pub struct Position {
    options: Options,
    board: &'static Board,
    pub(crate) state: State,
    history: Vec<u64>,
}

/// Receives generated moves: either stores them or only counts them.
trait Sink {
    /// One move with the given shots.
    fn add(&mut self, from: u8, to: u8, shots: u32);
    /// One move for each single shot in `targets` (non-empty).
    fn add_each(&mut self, from: u8, to: u8, targets: u32);
    /// One move without shots from `from` to each point of `targets`.
    fn add_plain(&mut self, from: u8, targets: u32);
}

impl Sink for Vec<Move> {
    #[inline]
    fn add(&mut self, from: u8, to: u8, shots: u32) {
        self.push(Move::raw(from, to, shots));
    }
    #[inline]
    fn add_each(&mut self, from: u8, to: u8, targets: u32) {
        // A mapped range has an exact length: one reservation, no check per move.
        let mut rest = targets;
        self.extend((0..targets.count_ones()).map(|_| {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            Move::raw(from, to, bit)
        }));
    }
    #[inline]
    fn add_plain(&mut self, from: u8, targets: u32) {
        let mut rest = targets;
        self.extend((0..targets.count_ones()).map(|_| {
            let to = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            Move::raw(from, to, 0)
        }));
    }
}

struct Counter(u64);

impl Sink for Counter {
    #[inline]
    fn add(&mut self, _: u8, _: u8, _: u32) {
        self.0 += 1;
    }
    #[inline]
    fn add_each(&mut self, _: u8, _: u8, targets: u32) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline]
    fn add_plain(&mut self, _: u8, targets: u32) {
        self.0 += u64::from(targets.count_ones());
    }
}

/// The distinct sets of cows a multi-shot turn may take (at most C(12, 6) = 924 of them).
struct ShotSets {
    sets: [u32; 924],
    len: usize,
}

impl ShotSets {
    fn insert(&mut self, set: u32) {
        if !self.sets[..self.len].contains(&set) && self.len < self.sets.len() {
            self.sets[self.len] = set;
            self.len += 1;
        }
    }
}

const NO_POINT: u8 = u8::MAX;

impl Position {
    /// The start position of a game under `options`: empty board, every cow in hand, White to move.
    ///
    /// # Panics
    /// Never for options that pass [`Options::validate`]; options with more than 12 cows panic.
    #[must_use]
    pub fn new(options: Options) -> Position {
        assert!(
            options.cows <= 12,
            "options must be validated: cows={}",
            options.cows
        );
        Position::from_parts(
            options,
            [0, 0],
            [options.cows; 2],
            Color::White,
            [None; 2],
            0,
            0,
        )
    }

    /// Replaces the cows on the board (bit sets, White's first) and the side to move, in place,
    /// with none in hand, no return bans, the draw counters at zero and the repetition history
    /// restarted (its buffer is reused, so this allocates nothing). Meant for programs that
    /// visit many positions, such as endgame-table builders.
    ///
    /// # Errors
    /// The first problem found: a cow on a point the board lacks, two cows on one point, more
    /// cows than the rules give a colour; the position is left unchanged then.
    pub fn set_cows(&mut self, cows: [u32; 2], side: Color) -> Result<(), crate::SetupProblem> {
        for color in [Color::White, Color::Black] {
            let bits = cows[color.index()];
            let off = bits & !self.board.point_bits();
            if off != 0 {
                let p = Point::from_index(off.trailing_zeros() as usize).unwrap_or(Point::CENTRE);
                return Err(crate::SetupProblem::NotOnBoard(color, p));
            }
            if bits.count_ones() > u32::from(self.options.cows) {
                return Err(crate::SetupProblem::TooManyCows {
                    color,
                    count: bits.count_ones(),
                    allowed: self.options.cows,
                });
            }
        }
        let both = cows[0] & cows[1];
        if both != 0 {
            let p = Point::from_index(both.trailing_zeros() as usize).unwrap_or(Point::CENTRE);
            return Err(crate::SetupProblem::DoubleOccupied(p));
        }
        self.state = State {
            cows,
            hand: [0, 0],
            side,
            bans: [None; 2],
            three_cows_plies: 0,
            no_shot_plies: 0,
            hash: 0,
            window_start: 0,
            window_keys: 0,
            may_repeat: false,
            mill_counts: [[0; 2]; 2],
            steps: [0; 2],
            outcome: None,
        };
        self.state.hash = self.compute_hash();
        self.state.mill_counts = self.compute_mill_counts();
        self.state.steps = self.compute_steps();
        self.history.clear();
        self.history.push(self.state.hash);
        self.state.window_keys = window_key(self.state.hash);
        self.state.outcome = self.compute_outcome();
        Ok(())
    }

    /// Builds a position from checked parts and computes its hash and outcome.
    pub(crate) fn from_parts(
        options: Options,
        cows: [u32; 2],
        hand: [u8; 2],
        side: Color,
        bans: [Option<(u8, u8)>; 2],
        three_cows_plies: u16,
        no_shot_plies: u16,
    ) -> Position {
        let mut pos = Position {
            options,
            board: options.board(),
            state: State {
                cows,
                hand,
                side,
                bans,
                three_cows_plies,
                no_shot_plies,
                hash: 0,
                window_start: 0,
                window_keys: 0,
                may_repeat: false,
                mill_counts: [[0; 2]; 2],
                steps: [0; 2],
                outcome: None,
            },
            history: Vec::with_capacity(64),
        };
        pos.state.hash = pos.compute_hash();
        pos.state.mill_counts = pos.compute_mill_counts();
        pos.state.steps = pos.compute_steps();
        pos.history.push(pos.state.hash);
        pos.state.window_keys = window_key(pos.state.hash);
        pos.state.outcome = pos.compute_outcome();
        pos
    }

    /// The rule options this position is played under.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.state.side
    }

    /// The bit set of `color`'s cows on the board.
    #[must_use]
    pub fn cow_bits(&self, color: Color) -> u32 {
        self.state.cows[color.index()]
    }

    /// The bit set of the mills (bit `i`: [`Board::mill_bits`]`()[i]`) that hold exactly `n`
    /// of `color`'s cows; `n` above 3 gives none. Kept up to date by play and undo, so it costs
    /// a few instructions: the evaluation and move generation ask it at every node.
    #[must_use]
    #[inline]
    pub fn mills_holding(&self, color: Color, n: u32) -> u32 {
        let [low, high] = self.state.mill_counts[color.index()];
        let all = self.board.all_mills();
        match n {
            0 => all & !(low | high),
            1 => low & !high,
            2 => high & !low,
            3 => low & high,
            _ => 0,
        }
    }

    /// The free steps of `color`'s cows on the board: each cow's empty neighbours, summed,
    /// whatever the colour's phase (a colour still placing has the steps it would have if it
    /// moved now). Kept up to date by play and undo, so it costs a load: the evaluation asks
    /// it at every leaf.
    #[must_use]
    #[inline]
    pub fn free_steps(&self, color: Color) -> u32 {
        u32::from(self.state.steps[color.index()])
    }

    /// How many of `color`'s cows on the board have no empty neighbour (whatever the colour's
    /// phase). Counted when asked, in a few loads ([`Board::neighbours`]): keeping it through
    /// play and undo cost every node more than the leaves' counts do.
    #[must_use]
    #[inline]
    pub fn blocked_cows(&self, color: Color) -> u32 {
        let empty = self.empty();
        (self.state.cows[color.index()] & !self.board.neighbours(empty)).count_ones()
    }

    /// The empty points where `color` would close a mill by placing a cow there (the third
    /// point of each mill holding two of its cows and none of the other colour's).
    #[inline]
    fn closing_points(&self, color: Color) -> u32 {
        let mut mills = self.mills_holding(color, 2) & self.mills_holding(color.other(), 0);
        let all = self.board.mill_bits();
        let mut closing = 0;
        while mills != 0 {
            closing |= all[mills.trailing_zeros() as usize];
            mills &= mills - 1;
        }
        closing & !self.state.cows[color.index()]
    }

    /// The cow on `p`, if any.
    #[must_use]
    pub fn cow_at(&self, p: Point) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| self.cow_bits(*c) & p.bit() != 0)
    }

    /// `color`'s cows on the board, in index order.
    pub fn cows(&self, color: Color) -> impl Iterator<Item = Point> {
        points_of(self.cow_bits(color))
    }

    /// How many cows `color` has on the board.
    #[must_use]
    pub fn on_board(&self, color: Color) -> u32 {
        self.cow_bits(color).count_ones()
    }

    /// How many cows `color` still has to place.
    #[must_use]
    pub fn in_hand(&self, color: Color) -> u8 {
        self.state.hand[color.index()]
    }

    /// The return bans in force (at most one per colour).
    pub fn bans(&self) -> impl Iterator<Item = ReturnBan> + '_ {
        Color::ALL.into_iter().filter_map(|color| {
            self.state.bans[color.index()].map(|(f, t)| ReturnBan {
                color,
                from: Point::from_index(f as usize).expect("ban point"),
                to: Point::from_index(t as usize).expect("ban point"),
            })
        })
    }

    /// Plies counted towards the three-cows draw.
    #[must_use]
    pub fn three_cows_plies(&self) -> u16 {
        self.state.three_cows_plies
    }

    /// Plies counted towards the no-shot draw.
    #[must_use]
    pub fn no_shot_plies(&self) -> u16 {
        self.state.no_shot_plies
    }

    /// The Zobrist hash of the repetition key: cows, hands, side to move and bans.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.state.hash
    }

    /// The game's end, if it has ended.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// The phase of the side to move.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase_of(self.state.side)
    }

    /// The phase of `color`: placing while it has cows in hand, then moving, or flying with three.
    #[must_use]
    pub fn phase_of(&self, color: Color) -> Phase {
        if self.state.hand[color.index()] > 0 {
            Phase::Placing
        } else if self.flies(color) {
            Phase::Flying
        } else {
            Phase::Moving
        }
    }

    #[inline]
    fn flies(&self, color: Color) -> bool {
        self.options.flying == Flying::AtThree
            && self.state.hand[color.index()] == 0
            && self.state.cows[color.index()].count_ones() == 3
    }

    #[inline]
    fn empty(&self) -> u32 {
        self.board.point_bits() & !(self.state.cows[0] | self.state.cows[1])
    }

    fn total(&self, color: Color) -> u32 {
        self.state.cows[color.index()].count_ones() + u32::from(self.state.hand[color.index()])
    }

    /// The cows a single shot may take from `targets` (the opponent's cows still standing).
    #[inline]
    fn eligible(&self, targets: u32) -> u32 {
        self.protected_from(targets, || self.board.cows_in_mills(targets))
    }

    /// The cows of `targets` a single shot may take under the protection rule, given the cows
    /// of `targets` that stand in complete mills (asked only when the rule needs them).
    #[inline]
    fn protected_from(&self, targets: u32, in_mills: impl FnOnce() -> u32) -> u32 {
        match self.options.protection {
            Protection::None => targets,
            Protection::Standard => {
                let free = targets & !in_mills();
                if free != 0 { free } else { targets }
            }
            Protection::Strict => targets & !in_mills(),
        }
    }

    /// [`Position::eligible`] for every cow of `color` on the board, its cows in mills read off
    /// the mill counts.
    #[inline]
    fn eligible_all(&self, color: Color) -> u32 {
        self.protected_from(self.state.cows[color.index()], || {
            let mut full = self.mills_holding(color, 3);
            let mut inside = 0;
            while full != 0 {
                inside |= self.board.mill_bits()[full.trailing_zeros() as usize];
                full &= full - 1;
            }
            inside
        })
    }

    /// How many mills the side to move closes by a cow placed on `to` (`from` is
    /// [`NO_POINT`]) or moved from `from` to the empty point `to`: the mills through `to` that
    /// hold two of its cows, less those through `from` (the cow leaves them).
    #[inline(always)]
    fn mills_closed(&self, from: u8, to: u8) -> u32 {
        let through = |p: u8| {
            if p == NO_POINT {
                0
            } else {
                self.board.mills_through_index(usize::from(p))
            }
        };
        (through(to) & self.mills_holding(self.state.side, 2) & !through(from)).count_ones()
    }

    /// Shots a move that closes `formed` mills earns.
    #[inline]
    fn shots_earned(&self, formed: u32) -> u32 {
        match self.options.shots {
            Shots::PerMill => formed,
            Shots::One => formed.min(1),
        }
    }

    /// Whether the ban of the side to move forbids this step or fly (given that it forms a mill).
    #[inline]
    fn banned(&self, color: Color, from: u8, to: u8) -> bool {
        self.state.bans[color.index()] == Some((from, to))
    }

    /// Collects every set of `k` shots (fewer if they run out) from `targets`, each shot judged
    /// after the earlier ones are gone.
    fn shot_sets(&self, targets: u32, k: u32, chosen: u32, out: &mut ShotSets) {
        let eligible = if k == 0 { 0 } else { self.eligible(targets) };
        if eligible == 0 {
            out.insert(chosen);
            return;
        }
        for p in points_of(eligible) {
            if chosen & p.bit() == 0 {
                self.shot_sets(targets & !p.bit(), k - 1, chosen | p.bit(), out);
            }
        }
    }

    /// Emits the moves of a placement or step `from`-`to` with every legal choice of shots.
    #[inline]
    fn emit<S: Sink>(&self, sink: &mut S, from: u8, to: u8, opp: u32, single: &mut Option<u32>) {
        let formed = self.mills_closed(from, to);
        if formed == 0 {
            sink.add(from, to, 0);
            return;
        }
        if from != NO_POINT && self.banned(self.state.side, from, to) {
            return;
        }
        let k = self.shots_earned(formed);
        if k == 1 {
            let single = *single.get_or_insert_with(|| self.eligible_all(self.state.side.other()));
            if single == 0 {
                sink.add(from, to, 0)
            } else {
                sink.add_each(from, to, single)
            }
        } else {
            self.emit_shot_sets(sink, from, to, opp, k);
        }
    }

    /// Emits a move that earns `k` shots (two or more) with every set of them. Rare, and kept
    /// out of [`Position::emit`] so that its large buffer does not weigh on every call.
    #[cold]
    #[inline(never)]
    fn emit_shot_sets<S: Sink>(&self, sink: &mut S, from: u8, to: u8, opp: u32, k: u32) {
        let mut sets = ShotSets {
            sets: [0; 924],
            len: 0,
        };
        self.shot_sets(opp, k, 0, &mut sets);
        for &set in &sets.sets[..sets.len] {
            sink.add(from, to, set);
        }
    }

    fn generate<S: Sink>(&self, sink: &mut S) {
        if self.state.outcome.is_some() {
            return;
        }
        let side = self.state.side;
        let own = self.state.cows[side.index()];
        let opp = self.state.cows[side.other().index()];
        let empty = self.empty();
        let mut single = None;
        if self.state.hand[side.index()] > 0 {
            let closing = self.closing_points(side);
            sink.add_plain(NO_POINT, empty & !closing);
            for t in points_of(closing) {
                let t = t.index() as u8;
                self.emit(sink, NO_POINT, t, opp, &mut single);
            }
        } else {
            let flies = self.flies(side);
            // A step can only close a mill on a point where a placement would.
            let closing = self.closing_points(side);
            for f in points_of(own) {
                let targets = if flies {
                    empty
                } else {
                    self.board.adjacent_bits(f) & empty
                };
                let f = f.index() as u8;
                sink.add_plain(f, targets & !closing);
                for t in points_of(targets & closing) {
                    let t = t.index() as u8;
                    self.emit(sink, f, t, opp, &mut single);
                }
            }
        }
        if self.options.blocked == Blocked::Pass && !self.can_move(side) {
            sink.add(NO_POINT, NO_POINT, 0);
        }
    }

    /// Appends every legal move to `out` (nothing once the game is over). Reuse `out` in hot loops:
    /// it is the only allocation.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.generate(out);
    }

    /// Every legal move (none once the game is over).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.generate(&mut v);
        v
    }

    /// How many legal moves there are, without listing them.
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    /// Whether `color` has any placement, step or fly (a pass does not count).
    #[inline]
    fn can_move(&self, color: Color) -> bool {
        let c = color.index();
        // The moving phase without a ban, as in most positions of a search: some cow has an
        // empty neighbour (the counts kept by play and undo; none when the board is full).
        if self.state.hand[c] == 0 && self.state.bans[c].is_none() && !self.flies(color) {
            return self.state.steps[c] != 0;
        }
        self.can_move_by_rules(color)
    }

    /// [`Position::can_move`] for the cases its fast path leaves: a side placing or flying, or
    /// moving with a ban in force.
    fn can_move_by_rules(&self, color: Color) -> bool {
        let empty = self.empty();
        if empty == 0 {
            return false;
        }
        if self.state.hand[color.index()] > 0 || self.flies(color) {
            // A ban forbids at most one of the many flies, and never a placement.
            return self.state.cows[color.index()] != 0 || self.state.hand[color.index()] > 0;
        }
        // Moving with a ban in force (`can_move` answers the moving phase without one).
        let own = self.state.cows[color.index()];
        for f in points_of(own) {
            let mut targets = self.board.adjacent_bits(f) & empty;
            if let Some((bf, bt)) = self.state.bans[color.index()]
                && bf as usize == f.index()
                && targets & (1 << bt) != 0
                && self
                    .board
                    .mills_formed(bt as usize, own ^ f.bit() ^ (1 << bt))
                    > 0
            {
                targets &= !(1 << bt);
            }
            if targets != 0 {
                return true;
            }
        }
        false
    }

    /// Decides the end of the game, in the order of the spec.
    fn compute_outcome(&self) -> Option<Outcome> {
        self.reduced_to_two().or_else(|| self.outcome_but_reduced())
    }

    /// A win by reducing a side to two cows (the side to move's loss first).
    fn reduced_to_two(&self) -> Option<Outcome> {
        let side = self.state.side;
        for loser in [side, side.other()] {
            if self.total(loser) < 3 {
                return Some(Outcome::Win {
                    winner: loser.other(),
                    reason: WinReason::ReducedToTwo,
                });
            }
        }
        None
    }

    /// The end of the game by every rule after [`Position::reduced_to_two`], in the order of
    /// the spec. Inlined into play, where most positions need only its first few comparisons.
    #[inline(always)]
    fn outcome_but_reduced(&self) -> Option<Outcome> {
        let side = self.state.side;
        let draw = |reason| Some(Outcome::Draw { reason });
        if let Some(rule) = self.options.three_cows_draw
            && self.state.three_cows_plies >= 2 * rule.moves
        {
            return draw(DrawReason::ThreeCows);
        }
        if let Some(n) = self.options.no_shot_draw
            && self.state.no_shot_plies >= n
        {
            return draw(DrawReason::NoShot);
        }
        if let Some(n) = self.options.repetition_draw
            && (self.state.may_repeat || n <= 1)
        {
            // The hash includes the side to move, so only every other position of the window
            // (this one's parity, counting back from it) can be the same.
            let seen = self.history[self.state.window_start as usize..]
                .iter()
                .rev()
                .step_by(2)
                .filter(|&&h| h == self.state.hash)
                .count();
            if seen >= usize::from(n) {
                return draw(DrawReason::Repetition);
            }
        }
        if self.empty() == 0 {
            match self.options.board_full {
                BoardFull::Draw => return draw(DrawReason::BoardFull),
                BoardFull::FirstPlayerLoses => {
                    return Some(Outcome::Win {
                        winner: Color::Black,
                        reason: WinReason::BoardFull,
                    });
                }
                BoardFull::Off => {}
            }
        }
        if !self.can_move(side) {
            return match self.options.blocked {
                Blocked::Lose => Some(Outcome::Win {
                    winner: side.other(),
                    reason: WinReason::Blocked,
                }),
                Blocked::Pass if !self.can_move(side.other()) => draw(DrawReason::BothBlocked),
                Blocked::Pass => None,
            };
        }
        None
    }

    fn three_cows_trigger(&self) -> bool {
        match self.options.three_cows_draw {
            None => false,
            Some(rule) => {
                let three = |c: Color| self.total(c) == 3;
                match rule.trigger {
                    Trigger::Both => three(Color::White) && three(Color::Black),
                    Trigger::Either => three(Color::White) || three(Color::Black),
                }
            }
        }
    }

    /// Recomputes the hash from scratch (the incremental one must always equal it).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in Color::ALL {
            for p in points_of(self.state.cows[c.index()]) {
                h ^= KEYS.cows[c.index()][p.index()];
            }
            h ^= KEYS.hand[c.index()][usize::from(self.state.hand[c.index()])];
            if let Some((f, t)) = self.state.bans[c.index()] {
                h ^= KEYS.ban[c.index()][usize::from(f) * Point::COUNT + usize::from(t)];
            }
        }
        if self.state.side == Color::Black {
            h ^= KEYS.black_to_move;
        }
        h
    }

    /// Counts, from scratch, the cows each mill holds (the incremental counts must always equal it).
    fn compute_mill_counts(&self) -> [[u32; 2]; 2] {
        let mut counts = [[0; 2]; 2];
        for c in Color::ALL {
            for p in points_of(self.state.cows[c.index()]) {
                count_in(&mut counts[c.index()], self.board.mills_through(p));
            }
        }
        counts
    }

    /// Counts, from scratch, each colour's free steps (the incremental counts must always
    /// equal it).
    fn compute_steps(&self) -> [u8; 2] {
        let empty = self.empty();
        let mut steps = [0u8; 2];
        for c in Color::ALL {
            for p in points_of(self.state.cows[c.index()]) {
                steps[c.index()] += (self.board.adjacent_bits(p) & empty).count_ones() as u8;
            }
        }
        steps
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]) and returns what
    /// [`Position::undo`] needs to take it back. This is the fast path for search.
    ///
    /// Playing an illegal move leaves the position inconsistent (but never panics).
    // Inlined so that the state saved for undo is written once, straight into the caller's
    // `Undo`, rather than copied there from this frame.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let undo = Undo(self.state);
        let prev = &undo.0;
        let side = prev.side;
        let (s, o) = (side.index(), side.other().index());
        let st = &mut self.state;
        let (from, to, shots) = (mv.origin_raw(), mv.target_raw(), mv.shot_bits());
        let mut new_ban = None;
        let board = self.board;
        let through = |p: u8| board.mills_through_index(usize::from(p));
        if to != NO_POINT {
            st.cows[s] |= 1 << to;
            st.hash ^= KEYS.cows[s][to as usize];
            count_in(&mut st.mill_counts[s], through(to));
            steps_in(st, board, s, to);
            if from == NO_POINT {
                st.hash ^= KEYS.hand[s][usize::from(st.hand[s])];
                st.hand[s] = st.hand[s].saturating_sub(1);
                st.hash ^= KEYS.hand[s][usize::from(st.hand[s])];
            } else {
                st.cows[s] &= !(1 << from);
                st.hash ^= KEYS.cows[s][from as usize];
                count_out(&mut st.mill_counts[s], through(from));
                steps_out(st, board, s, from);
                // A mill through `from` was complete before the move and one through `to` is
                // after it: the counts' full mills (both bit planes set) tell it without a loop.
                let full = |counts: [u32; 2]| counts[0] & counts[1];
                if self.options.remake == Remake::NoImmediateReturn
                    && full(prev.mill_counts[s]) & through(from) != 0
                    && full(st.mill_counts[s]) & through(to) != 0
                {
                    new_ban = Some((to, from));
                }
            }
        }
        if shots != 0 {
            // One cow at a time, so that each update of the steps sees the board it changes.
            for p in points_of(shots) {
                st.cows[o] &= !p.bit();
                st.hash ^= KEYS.cows[o][p.index()];
                count_out(&mut st.mill_counts[o], board.mills_through(p));
                steps_out(st, board, o, p.index() as u8);
            }
            if let Some((bf, bt)) = st.bans[o]
                && shots & (1 << bf) != 0
            {
                st.hash ^= KEYS.ban[o][usize::from(bf) * Point::COUNT + usize::from(bt)];
                st.bans[o] = None;
            }
        }
        if st.bans[s] != new_ban {
            for (f, t) in [st.bans[s], new_ban].into_iter().flatten() {
                st.hash ^= KEYS.ban[s][usize::from(f) * Point::COUNT + usize::from(t)];
            }
            st.bans[s] = new_ban;
        }
        st.side = side.other();
        st.hash ^= KEYS.black_to_move;
        st.no_shot_plies = no_shot_plies_after(prev.no_shot_plies, mv);
        let hash = st.hash;
        self.state.three_cows_plies = if shots == 0 && self.three_cows_trigger() {
            self.state.three_cows_plies.saturating_add(1)
        } else {
            0
        };
        self.history.push(hash);
        let key = window_key(hash);
        if shots != 0 || mv.is_placement() {
            self.state.window_start = (self.history.len() - 1) as u32;
            self.state.window_keys = key;
            self.state.may_repeat = false;
        } else {
            self.state.may_repeat = self.state.window_keys & key != 0;
            self.state.window_keys |= key;
        }
        // Only a shot lowers a side's count of cows (placing moves one from the hand to the
        // board), and the position before the move had not ended, so both had three or more.
        self.state.outcome = if shots != 0 {
            self.compute_outcome()
        } else {
            self.outcome_but_reduced()
        };
        undo
    }

    /// The hash ([`Position::hash`]) this position will have after the legal move `mv`, told
    /// without playing it, but for the return bans: a ban the move sets, or lifts by shooting
    /// the banned cow, is left out, and the mover's own ban is taken as lifted. A hint for a
    /// search that fetches the table entry of the next position early; never a key to rely on.
    #[must_use]
    pub fn hash_after_hint(&self, mv: Move) -> u64 {
        let st = &self.state;
        let (s, o) = (st.side.index(), st.side.other().index());
        let mut h = st.hash ^ KEYS.black_to_move;
        let (from, to) = (mv.origin_raw(), mv.target_raw());
        if to != NO_POINT {
            h ^= KEYS.cows[s][usize::from(to)];
            if from == NO_POINT {
                let hand = st.hand[s];
                h ^= KEYS.hand[s][usize::from(hand)]
                    ^ KEYS.hand[s][usize::from(hand.saturating_sub(1))];
            } else {
                h ^= KEYS.cows[s][usize::from(from)];
            }
        }
        for p in points_of(mv.shot_bits()) {
            h ^= KEYS.cows[o][p.index()];
        }
        if let Some((f, t)) = st.bans[s] {
            h ^= KEYS.ban[s][usize::from(f) * Point::COUNT + usize::from(t)];
        }
        h
    }

    /// The plies counted towards the no-shot draw ([`Position::no_shot_plies`]) once the legal
    /// move `mv` is played.
    #[must_use]
    pub fn no_shot_plies_after(&self, mv: Move) -> u16 {
        no_shot_plies_after(self.state.no_shot_plies, mv)
    }

    /// Takes back the move that returned `undo`. Moves must be undone in reverse order.
    pub fn undo(&mut self, undo: Undo) {
        self.state = undo.0;
        self.history.pop();
    }

    /// Plays a move after checking it.
    ///
    /// # Errors
    /// Hands the position back unchanged, with the reason, when the move is illegal.
    // The position is handed back by value (as the mancala crate's `play` does): boxing it would
    // allocate on every refused move, and search plays through `play_unchecked`, not here.
    #[allow(clippy::result_large_err)]
    pub fn play(mut self, mv: Move) -> Result<Position, (Position, IllegalMove)> {
        match self.check(mv) {
            Ok(()) => {
                let _ = self.play_unchecked(mv);
                Ok(self)
            }
            Err(reason) => Err((self, reason)),
        }
    }

    /// Parses a move in notation and checks it against this position.
    ///
    /// # Errors
    /// A syntax error for text that is not a move; an illegal-move error, with the reason, for
    /// a move that cannot be played here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv: Move = text.parse().map_err(MoveError::Syntax)?;
        self.check(mv)
            .map_err(|reason| MoveError::Illegal { mv, reason })?;
        Ok(mv)
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Checks a move against the rules, clause by clause, and says which one it breaks.
    ///
    /// # Errors
    /// The first rule the move breaks.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_game_over() {
            return Err(IllegalMove::GameOver);
        }
        let side = self.state.side;
        let must_pass = self.options.blocked == Blocked::Pass && !self.can_move(side);
        let Some(to) = mv.to() else {
            return match (must_pass, mv.shot_bits()) {
                (false, _) => Err(IllegalMove::CannotPass),
                (true, 0) => Ok(()),
                (true, _) => Err(IllegalMove::NoMill),
            };
        };
        if must_pass {
            return Err(IllegalMove::MustPass);
        }
        let own = self.cow_bits(side);
        let opp = self.cow_bits(side.other());
        let on_board = |p: Point| {
            if self.board.contains(p) {
                Ok(())
            } else {
                Err(IllegalMove::NotOnBoard(p))
            }
        };
        match mv.from() {
            None => {
                if self.in_hand(side) == 0 {
                    return Err(IllegalMove::NothingInHand);
                }
                on_board(to)?;
            }
            Some(from) => {
                if self.in_hand(side) > 0 {
                    return Err(IllegalMove::MustPlace);
                }
                on_board(from)?;
                on_board(to)?;
                if own & from.bit() == 0 {
                    return Err(IllegalMove::NotYourCow(from));
                }
                if !self.flies(side) && !self.board.are_adjacent(from, to) {
                    return Err(IllegalMove::NotAdjacent(from, to));
                }
            }
        }
        if (own | opp) & to.bit() != 0 {
            return Err(IllegalMove::Occupied(to));
        }
        // `to` is empty: the mills through it that hold two of the mover's cows now, and not
        // the one that leaves, are complete after the move (the kept counts, no loop).
        let formed = self.mills_closed(mv.origin_raw(), mv.target_raw());
        if let Some(from) = mv.from()
            && formed > 0
            && self.banned(side, from.index() as u8, to.index() as u8)
        {
            return Err(IllegalMove::ReturnBan(from, to));
        }
        let shots = mv.shot_bits();
        // Most moves close no mill: told here, without a call.
        if formed == 0 {
            return if shots == 0 {
                Ok(())
            } else {
                Err(IllegalMove::NoMill)
            };
        }
        self.check_shots(shots, self.shots_earned(formed), opp)
    }

    /// The shots of a move that closes mills and earns `earned` of them (one or more).
    fn check_shots(&self, shots: u32, earned: u32, opp: u32) -> Result<(), IllegalMove> {
        let given = shots.count_ones();
        if let Some(p) = points_of(shots & !opp).next() {
            return Err(IllegalMove::NothingToShoot(p));
        }
        let available = match self.options.protection {
            Protection::Strict => opp & !self.board.cows_in_mills(opp),
            Protection::Standard | Protection::None => opp,
        };
        let owed = earned.min(available.count_ones());
        if given < owed {
            return Err(IllegalMove::MissingShot { owed, given });
        }
        if given > owed {
            return Err(IllegalMove::TooManyShots { owed, given });
        }
        if self.shots_in_some_order(opp, shots) {
            return Ok(());
        }
        // Name a cow that is protected now; if each could go first, one is protected after.
        let first = points_of(shots & !self.eligible(opp)).next();
        Err(IllegalMove::ProtectedCow(
            first
                .or_else(|| points_of(shots).last())
                .expect("shots given"),
        ))
    }

    /// Whether the cows of `shots` can all be shot one after another from `targets`.
    fn shots_in_some_order(&self, targets: u32, shots: u32) -> bool {
        if shots == 0 {
            return true;
        }
        let eligible = self.eligible(targets) & shots;
        points_of(eligible).any(|p| self.shots_in_some_order(targets & !p.bit(), shots & !p.bit()))
    }

    /// The hashes of the positions since the last placement or shot, oldest first, this one last.
    #[must_use]
    pub fn repetition_window(&self) -> &[u64] {
        &self.history[self.state.window_start as usize..]
    }
}

/// The no-shot count after `mv`: a shot starts it again, a placement leaves it, a step or fly
/// adds one.
fn no_shot_plies_after(count: u16, mv: Move) -> u16 {
    if mv.shot_bits() != 0 {
        0
    } else if mv.is_placement() {
        count
    } else {
        count.saturating_add(1)
    }
}

/// Adds a cow to a colour's mill counts (see [`State::mill_counts`]): one more in each mill of
/// `mills`, none of which is full.
#[inline]
fn count_in(counts: &mut [u32; 2], mills: u32) {
    let carry = counts[0] & mills;
    counts[0] ^= mills;
    counts[1] ^= carry;
}

/// The bit of a hash in [`State::window_keys`].
#[inline]
fn window_key(hash: u64) -> u64 {
    1 << (hash >> 58)
}

/// Takes a cow from a colour's mill counts: one fewer in each mill of `mills`, none empty.
#[inline]
fn count_out(counts: &mut [u32; 2], mills: u32) {
    let borrow = !counts[0] & mills;
    counts[0] ^= mills;
    counts[1] ^= borrow;
}

/// A cow of colour `c` has arrived on the point `p`, empty before (`st.cows` holds it now):
/// the cows around `p` lose their step into it, and the new cow's own steps count (see
/// [`State::steps`]). Wrapping arithmetic: an illegal move played unchecked leaves the counts
/// wrong, never panics.
#[inline(always)]
fn steps_in(st: &mut State, board: &Board, c: usize, p: u8) {
    let empty = board.point_bits() & !(st.cows[0] | st.cows[1]);
    let around = board.adjacency()[usize::from(p)];
    for k in 0..2 {
        st.steps[k] = st.steps[k].wrapping_sub((around & st.cows[k]).count_ones() as u8);
    }
    let own = (around & empty).count_ones() as u8;
    st.steps[c] = st.steps[c].wrapping_add(own);
}

/// The cow of colour `c` has left the point `p` (`st.cows` no longer holds it): its steps go,
/// and the cows around `p` gain a step into it.
#[inline(always)]
fn steps_out(st: &mut State, board: &Board, c: usize, p: u8) {
    let empty = board.point_bits() & !(st.cows[0] | st.cows[1]);
    let around = board.adjacency()[usize::from(p)];
    let own = (around & empty).count_ones() as u8;
    st.steps[c] = st.steps[c].wrapping_sub(own);
    for k in 0..2 {
        st.steps[k] = st.steps[k].wrapping_add((around & st.cows[k]).count_ones() as u8);
    }
}

/// The phase a player is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Cows in hand remain: each turn places one.
    Placing,
    /// Cows step along lines to adjacent empty points.
    Moving,
    /// Three cows left (under `flying=at-three`): a cow may move to any empty point.
    Flying,
}

impl Phase {
    /// The lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Placing => "placing",
            Phase::Moving => "moving",
            Phase::Flying => "flying",
        }
    }
}

impl PartialEq for Position {
    /// Positions are equal when their options, state and repetition windows are.
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && State {
                window_start: 0,
                ..self.state
            } == State {
                window_start: 0,
                ..other.state
            }
            && self.repetition_window() == other.repetition_window()
    }
}
impl Eq for Position {}
