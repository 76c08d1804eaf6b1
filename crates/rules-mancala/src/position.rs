//! A validated position: the holes, both stores (seeds captured), the side to move, the ply
//! count and (Oware) the positions since the last capture; legal moves, play and undo, and the
//! outcome.

use crate::board::{Board, Game, Side};
use crate::moves::{IllegalMove, Move, MoveError, MoveSyntaxError};
use crate::options::{Endless, Options, SingletonFallback};
use crate::outcome::{EndReason, Outcome};
use crate::sow::{self, MAX_OWN, Observer, Own, Quiet};
use crate::zobrist::{KEYS, MAX_HOLES};
use std::fmt;

/// Everything that play changes, except the history; copied whole for undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// Seeds per global hole (South's holes first, each side in notation order).
    pub holes: [u8; MAX_HOLES],
    /// Seeds captured by South and North.
    pub stores: [u8; 2],
    pub side: Side,
    /// Plies played (counted from the position string's ply count).
    pub ply: u32,
    pub hash: u64,
    /// Oware: index into the history of the first position since the last capture.
    pub window_start: u32,
    pub outcome: Option<Outcome>,
    /// The moves the rules allow as a bit set over the mover's hole indices (0 once the game
    /// is over), less those of `unverified` that turn out endless.
    pub moves: u32,
    /// Mulabalaba: moves of `moves` not yet sown to the end to tell whether they are endless.
    /// A search visits most positions without listing their moves, so only the first
    /// candidate is checked when a move is played (enough to tell whether the game goes on);
    /// the rest are checked when the moves are listed.
    pub unverified: u32,
}

/// What [`Position::play_unchecked`] hands back so that [`Position::undo`] can restore.
#[derive(Clone, Copy, Debug)]
#[must_use = "pass it to Position::undo to take the move back"]
pub struct Undo(State);

/// Bits set in each byte value (a table is faster than `count_ones` on baseline x86-64).
const POPCOUNT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// Keeps the Zobrist hash, and the bit set of non-empty houses, up to date while Oware sows
/// and captures (ring index = global index).
struct Hashing {
    hash: u64,
    nz: u32,
}

impl Observer for Hashing {
    const EACH_SEED: bool = false;

    #[inline(always)]
    fn lift(&mut self, hole: usize, seeds: u8, _relay: bool) {
        self.hash ^= KEYS.holes[usize::from(seeds)][hole];
    }

    #[inline(always)]
    fn drop(&mut self, hole: usize, before: u8) {
        self.hash ^= KEYS.delta[usize::from(before)][hole];
    }

    #[inline(always)]
    fn drops(&mut self, hole: usize, before: u8, after: u8) {
        self.hash ^= KEYS.holes[usize::from(before)][hole] ^ KEYS.holes[usize::from(after)][hole];
    }

    #[inline(always)]
    fn capture(&mut self, hole: usize, seeds: u8) {
        self.hash ^= KEYS.holes[usize::from(seeds)][hole];
        self.nz &= !(1 << hole);
    }
}

/// A legal, validated position of Oware or Mulabalaba under some [`Options`].
///
/// Built as [`Position::new`] or from a [`crate::Setup`] ([`Position::from_setup`],
/// [`Position::from_position_string`]). In Oware the position keeps the hashes of every position
/// since the last capture, so it alone decides the cycle rule.
///
/// Plain data: the options, a small `Copy` state and the hash history, nothing shared between
/// clones. A Mulabalaba relay that might never end is decided by Brent's cycle detection on the
/// relay's own state each time (constant memory, no cache; see the crate doc).
#[derive(Clone)]
pub struct Position {
    options: Options,
    board: Board,
    /// Half the seeds of the game (Oware: more than this many captured wins).
    half: u8,
    /// Holes per side.
    per_side: usize,
    pub(crate) state: State,
    history: Vec<u64>,
}

impl Position {
    /// The start position of a game under `options`: every hole holds `seeds`, South to move.
    ///
    /// # Panics
    /// When the options do not pass [`Options::validate`] (options from
    /// [`Options::from_rule_set`] and [`crate::RuleSet::options`] always do).
    #[must_use]
    pub fn new(options: Options) -> Position {
        if let Err(e) = options.validate() {
            panic!("options must be valid: {e}");
        }
        let mut holes = [0; MAX_HOLES];
        holes[..options.board().hole_count()].fill(options.seeds);
        Position::from_parts(options, holes, [0, 0], Side::South, 0)
    }

    /// Builds a position from checked parts and computes its hash and outcome.
    pub(crate) fn from_parts(
        options: Options,
        holes: [u8; MAX_HOLES],
        stores: [u8; 2],
        side: Side,
        ply: u32,
    ) -> Position {
        let mut pos = Position {
            options,
            board: options.board(),
            half: (options.total_seeds() / 2) as u8,
            per_side: options.board().holes_per_side(),
            state: State {
                holes,
                stores,
                side,
                ply,
                hash: 0,
                window_start: 0,
                outcome: None,
                moves: 0,
                unverified: 0,
            },
            history: Vec::with_capacity(64),
        };
        pos.state.hash = pos.compute_hash();
        if pos.game() == Game::Oware {
            pos.history.push(pos.state.hash);
        }
        pos.decide();
        pos
    }

    /// Replaces the holes (global order, as [`Position::holes`]), both stores and the side to
    /// move, in place: the options stay, the ply count and the Oware cycle history restart (the
    /// history's buffer is reused, so this allocates nothing). Meant for programs that visit
    /// many positions, such as endgame-table builders.
    ///
    /// # Errors
    /// [`crate::SetupProblem::HoleCount`] when `holes` is not the board's size,
    /// [`crate::SetupProblem::SeedTotal`] (Oware) or [`crate::SetupProblem::SideSeedTotal`]
    /// (Mulabalaba) when the seeds do not add up to the rule set's total; the position is left
    /// unchanged then.
    pub fn set_board(
        &mut self,
        holes: &[u8],
        stores: [u8; 2],
        side: Side,
    ) -> Result<(), crate::SetupProblem> {
        let count = self.board.hole_count();
        if holes.len() != count {
            return Err(crate::SetupProblem::HoleCount {
                side: Side::South,
                found: holes.len() / 2,
                expected: self.per_side,
            });
        }
        let total = self.options.total_seeds();
        let on = |s: Side| -> i64 {
            holes[s.index() * self.per_side..(s.index() + 1) * self.per_side]
                .iter()
                .map(|&c| i64::from(c))
                .sum()
        };
        match self.game() {
            Game::Oware => {
                let found =
                    on(Side::South) + on(Side::North) + i64::from(stores[0]) + i64::from(stores[1]);
                if found != i64::from(total) {
                    return Err(crate::SetupProblem::SeedTotal {
                        found,
                        expected: total,
                    });
                }
            }
            Game::Mulabalaba => {
                for s in Side::ALL {
                    let found = on(s) + i64::from(stores[s.other().index()]);
                    if found != i64::from(total / 2) {
                        return Err(crate::SetupProblem::SideSeedTotal {
                            side: s,
                            found,
                            expected: total / 2,
                        });
                    }
                }
            }
        }
        let mut all = [0u8; MAX_HOLES];
        all[..count].copy_from_slice(holes);
        self.state = State {
            holes: all,
            stores,
            side,
            ply: 0,
            hash: 0,
            window_start: 0,
            outcome: None,
            moves: 0,
            unverified: 0,
        };
        self.state.hash = self.compute_hash();
        self.history.clear();
        if self.game() == Game::Oware {
            self.history.push(self.state.hash);
        }
        self.decide();
        Ok(())
    }

    /// The rule options this position is played under.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> Board {
        self.board
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> Game {
        self.options.game
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.state.side
    }

    /// Seeds in every hole by global index (see [`Board::global`]): South's holes, then North's.
    #[must_use]
    pub fn holes(&self) -> &[u8] {
        &self.state.holes[..self.board.hole_count()]
    }

    /// The holes of one side in notation order (Oware `A`..`F`, Mulabalaba 1..2N).
    #[must_use]
    pub fn row(&self, side: Side) -> &[u8] {
        let n = self.board.holes_per_side();
        &self.state.holes[side.index() * n..(side.index() + 1) * n]
    }

    /// Seeds in one hole (0 for a hole the board lacks).
    #[must_use]
    pub fn seeds(&self, hole: crate::Hole) -> u8 {
        if self.board.contains(hole) {
            self.state.holes[self.board.global(hole)]
        } else {
            0
        }
    }

    /// Seeds on `side`'s holes.
    #[must_use]
    pub fn seeds_on_side(&self, side: Side) -> u32 {
        self.row(side).iter().map(|&c| u32::from(c)).sum()
    }

    /// Seeds `side` has captured.
    #[must_use]
    pub fn captured(&self, side: Side) -> u32 {
        u32::from(self.state.stores[side.index()])
    }

    /// The scores, South's first. Oware: seeds captured, plus, once a rule that shares out the
    /// seeds left has ended the game ([`EndReason::collects_seeds`]), the seeds on each side.
    /// Mulabalaba: seeds captured.
    #[must_use]
    pub fn scores(&self) -> [u32; 2] {
        let captured = Side::ALL.map(|s| self.captured(s));
        match self.state.outcome {
            Some(o) if self.game() == Game::Oware && o.reason().collects_seeds() => {
                Side::ALL.map(|s| captured[s.index()] + self.seeds_on_side(s))
            }
            _ => captured,
        }
    }

    /// Plies played: in Mulabalaba counted from the position string's ply count, in Oware from
    /// the position this one was built from.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.state.ply
    }

    /// The Zobrist hash of the holes, the stores and the side to move (not the ply count or the
    /// history), kept up to date move by move.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.state.hash
    }

    /// Recomputes the hash from scratch (the incremental one must always equal it).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (i, &c) in self.holes().iter().enumerate() {
            h ^= KEYS.holes[usize::from(c)][i];
        }
        for s in Side::ALL {
            h ^= KEYS.stores[s.index()][usize::from(self.state.stores[s.index()])];
        }
        if self.state.side == Side::North {
            h ^= KEYS.north_to_move;
        }
        h
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

    /// Oware: the hashes of the positions since the last capture, oldest first, this one last
    /// (empty in Mulabalaba).
    #[must_use]
    pub fn repetition_window(&self) -> &[u64] {
        &self.history[(self.state.window_start as usize).min(self.history.len())..]
    }

    // ----- legal moves -------------------------------------------------------------------

    /// The legal moves as a bit set over the mover's hole indices.
    #[inline]
    pub(crate) fn legal_mask(&self) -> u32 {
        let mut mask = self.state.moves;
        let mut rest = self.state.unverified;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.endless(i) {
                mask &= !(1 << i);
            }
        }
        mask
    }

    /// Whether hole `index` of the side to move is a legal move.
    #[inline]
    fn allows(&self, index: usize) -> bool {
        let bit = 1 << index;
        self.state.moves & bit != 0 && (self.state.unverified & bit == 0 || !self.endless(index))
    }

    /// Appends every legal move to `out` (nothing once the game is over). Reuse `out` in hot
    /// loops: it is the only allocation.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        let mut mask = self.legal_mask();
        let (game, side) = (self.game(), self.state.side);
        while mask != 0 {
            out.push(Move::new(game, side, mask.trailing_zeros() as u8));
            mask &= mask - 1;
        }
    }

    /// Every legal move, in notation order (none once the game is over).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(self.board.holes_per_side());
        self.legal_moves_into(&mut v);
        v
    }

    /// How many legal moves there are, without listing them.
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        u64::from(self.legal_mask().count_ones())
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Checks a move against the rules and says which one it breaks.
    ///
    /// # Errors
    /// The first rule the move breaks: the game is over, the move is of the other game or side,
    /// the hole does not exist or is empty, or a rule of the game forbids it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_game_over() {
            return Err(IllegalMove::GameOver);
        }
        if mv.game() != self.game() {
            return Err(IllegalMove::WrongGame(self.game()));
        }
        if mv.side() != self.state.side {
            return Err(IllegalMove::NotYourTurn(mv.side()));
        }
        let i = usize::from(mv.index());
        if i >= self.board.holes_per_side() {
            return Err(IllegalMove::NoSuchHole(mv));
        }
        if self.allows(i) {
            return Ok(());
        }
        let own = self.row(self.state.side);
        if own[i] == 0 {
            return Err(IllegalMove::EmptyHole(mv));
        }
        match self.game() {
            Game::Oware => {
                if self.seeds_on_side(self.state.side.other()) == 0 {
                    Err(IllegalMove::MustFeed(mv))
                } else {
                    Err(IllegalMove::GrandSlam(mv))
                }
            }
            Game::Mulabalaba => {
                let next = own[(i + 1) % own.len()];
                if own[i] == 1 && own.iter().any(|&c| c >= 2) {
                    Err(IllegalMove::SingleSeed(mv))
                } else if own[i] == 1 && next == 0 {
                    Err(IllegalMove::NextHoleEmpty(mv))
                } else {
                    Err(IllegalMove::Endless(mv))
                }
            }
        }
    }

    /// Parses a move in notation and checks it against this position. Oware letters in either
    /// case and Mulabalaba numbers name a hole of the side to move.
    ///
    /// # Errors
    /// A syntax error for text that is not a move of this game; an illegal-move error, with the
    /// reason, for a move that cannot be played here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv: Move = text.parse().map_err(MoveError::Syntax)?;
        if mv.game() != self.game() {
            let reason = match self.game() {
                Game::Oware => format!(
                    "oware moves are house letters, A to {} (or a to {})",
                    char::from(b'A' + self.options.width - 1),
                    char::from(b'a' + self.options.width - 1)
                ),
                Game::Mulabalaba => {
                    format!(
                        "mulabalaba moves are hole numbers, 1 to {}",
                        2 * self.options.width
                    )
                }
            };
            return Err(MoveError::Syntax(MoveSyntaxError {
                text: text.to_owned(),
                reason,
            }));
        }
        let mv = mv.with_side(self.state.side);
        self.check(mv)
            .map_err(|reason| MoveError::Illegal { mv, reason })?;
        Ok(mv)
    }

    // ----- play --------------------------------------------------------------------------

    /// Plays a move after checking it.
    ///
    /// # Errors
    /// Hands the position back unchanged, with the reason, when the move is illegal.
    // The same shape as the mill crate's `play`: the position is handed back by value.
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

    /// Plays a move known to be legal (from [`Position::legal_moves`]) and returns what
    /// [`Position::undo`] needs to take it back. This is the fast path for search.
    ///
    /// The move is taken as a hole of the side to move. Playing an illegal move leaves the
    /// position inconsistent with the rules, but never panics and never loops: a Mulabalaba
    /// move that never ends counts as an endless move (a loss for the mover).
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let prev = self.state;
        let mut index = usize::from(mv.index());
        if index >= self.per_side {
            index = 0;
        }
        match self.game() {
            Game::Oware => self.play_oware(index),
            Game::Mulabalaba => self.play_mulabalaba(index, &prev),
        }
        Undo(prev)
    }

    /// Takes back the move that returned `undo`. Moves must be undone in reverse order.
    pub fn undo(&mut self, undo: Undo) {
        self.state = undo.0;
        if self.game() == Game::Oware {
            self.history.pop();
        }
    }

    /// Updates the hash for the holes `range` (wrapping at `wrap`) that may have changed since
    /// `prev`, the stores, and the side to move. Branch-free: unchanged holes cancel out.
    #[inline]
    fn rehash(&mut self, prev: &State, start: usize, len: usize, wrap: usize) {
        let mut h = self.state.hash;
        let mut i = start;
        for _ in 0..len {
            let (a, b) = (prev.holes[i], self.state.holes[i]);
            h ^= KEYS.holes[usize::from(a)][i] ^ KEYS.holes[usize::from(b)][i];
            i += 1;
            if i == wrap {
                i = 0;
            }
        }
        for s in 0..2 {
            let (a, b) = (prev.stores[s], self.state.stores[s]);
            h ^= KEYS.stores[s][usize::from(a)] ^ KEYS.stores[s][usize::from(b)];
        }
        self.state.hash = h ^ KEYS.north_to_move;
    }

    fn play_oware(&mut self, index: usize) {
        let side = self.state.side;
        let mut holes = self.state.holes;
        let nz = sow::ring_nonzero(&holes, 2 * self.per_side);
        let (captured, mut h, nz) = self.oware_apply(&mut holes, index, nz);
        self.state.holes = holes;
        if captured > 0 {
            let s = side.index();
            let before = self.state.stores[s];
            self.state.stores[s] = before.wrapping_add(captured);
            h ^= KEYS.stores[s][usize::from(before)]
                ^ KEYS.stores[s][usize::from(self.state.stores[s])];
            self.state.window_start = self.history.len() as u32;
        }
        self.state.hash = h;
        self.state.side = side.other();
        self.state.ply += 1;
        self.history.push(h);
        self.decide_oware(nz);
    }

    fn play_mulabalaba(&mut self, index: usize, prev: &State) {
        let m = self.board.holes_per_side();
        let w = self.board.width();
        let side = self.state.side;
        let (base, obase) = (side.index() * m, side.other().index() * m);
        let mut own: Own = [0; MAX_OWN];
        own[..m].copy_from_slice(&self.state.holes[base..base + m]);
        let st = &mut self.state;
        let opp = &mut st.holes[obase..obase + m];
        let Some(captured) = sow::mulabalaba_move(&mut own, opp, w, index, &mut Quiet) else {
            st.side = side.other();
            st.ply += 1;
            st.hash ^= KEYS.north_to_move;
            st.outcome = Some(Outcome::Win {
                winner: side.other(),
                reason: EndReason::EndlessMove,
            });
            st.moves = 0;
            st.unverified = 0;
            return;
        };
        st.holes[base..base + m].copy_from_slice(&own[..m]);
        st.stores[side.index()] = st.stores[side.index()].wrapping_add(captured);
        st.side = side.other();
        st.ply += 1;
        self.rehash(prev, 0, 2 * m, 2 * m);
        self.decide_mulabalaba();
    }

    // ----- Oware rules ---------------------------------------------------------------------

    /// Sows house `index` of the side to move on `holes` and captures. Returns the seeds
    /// captured, the hash with the holes and the side to move updated (not the stores), and
    /// `nz` (the bit set of non-empty ring houses before the move) brought up to date.
    #[inline(always)]
    fn oware_apply(&self, holes: &mut [u8; MAX_HOLES], index: usize, nz: u32) -> (u8, u64, u32) {
        let w = self.per_side;
        let ring = 2 * w;
        let side = self.state.side;
        let origin = side.index() * w + index;
        let sown = sow::oware_sown(origin, usize::from(holes[origin]), ring);
        let mut hashing = Hashing {
            hash: self.state.hash ^ KEYS.north_to_move,
            nz: (nz | sown) & !(1 << origin),
        };
        let opp_lo = side.other().index() * w;
        let (captures, rule) = (self.options.captures, self.options.grand_slam);
        let (captured, _) = sow::oware_move(
            &mut holes[..ring],
            origin,
            w,
            opp_lo,
            captures,
            rule,
            &mut hashing,
        );
        (captured, hashing.hash, hashing.nz)
    }

    /// Decides the end of an Oware game, in the order of the spec, and the legal moves.
    #[inline]
    fn decide_oware(&mut self, nz: u32) {
        let window = self.repetition_window();
        let earlier = &window[..window.len().saturating_sub(1)];
        let st = &self.state;
        let (outcome, moves) =
            self.oware_judge(&st.holes, nz, st.stores, st.side, st.hash, earlier);
        self.state.outcome = outcome;
        self.state.moves = moves;
    }

    /// The Oware end rules, in the order of the spec, for the position `holes`, `stores`,
    /// `side` to move, with hash `hash`; `earlier` are the hashes of the positions since the last
    /// capture before this one, oldest first. Returns the outcome, and the legal moves if the
    /// game goes on.
    #[inline(always)]
    fn oware_judge(
        &self,
        holes: &[u8; MAX_HOLES],
        nz: u32,
        stores: [u8; 2],
        side: Side,
        hash: u64,
        earlier: &[u64],
    ) -> (Option<Outcome>, u32) {
        let half = self.half;
        let [s, n] = stores;
        if s > half {
            return (
                Some(Outcome::Win {
                    winner: Side::South,
                    reason: EndReason::Majority,
                }),
                0,
            );
        }
        if n > half {
            return (
                Some(Outcome::Win {
                    winner: Side::North,
                    reason: EndReason::Majority,
                }),
                0,
            );
        }
        if s == half && n == half {
            return (
                Some(Outcome::Draw {
                    reason: EndReason::Halves,
                }),
                0,
            );
        }
        let w = self.per_side;
        let on_side = |side: Side| -> u32 {
            holes[side.index() * w..side.index() * w + w]
                .iter()
                .map(|&c| u32::from(c))
                .sum()
        };
        let collected = |reason| {
            let scores = Side::ALL.map(|side| u32::from(stores[side.index()]) + on_side(side));
            (Some(Outcome::by_scores(scores, reason)), 0)
        };
        if let Some(cycle) = self.options.cycle {
            // Only positions with the same side to move (every other one) can be equal, so
            // fewer than 2 * (cycle - 1) earlier positions cannot hold `cycle - 1` of them.
            let cycle = usize::from(cycle);
            if earlier.len() >= 2 * (cycle - 1) {
                let seen = 1 + earlier
                    .iter()
                    .rev()
                    .skip(1)
                    .step_by(2)
                    .filter(|&&h| h == hash)
                    .count();
                if seen >= cycle {
                    return collected(EndReason::Cycle);
                }
            }
        }
        let (captures, rule) = (self.options.captures, self.options.grand_slam);
        let moves = sow::oware_legal_nz(holes, nz, side.index(), w, captures, rule);
        if moves == 0 {
            let reason = if on_side(side) > 0 {
                EndReason::Famine
            } else {
                EndReason::NoSeeds
            };
            return collected(reason);
        }
        (None, moves)
    }

    /// Oware perft at depth 2, fast: plays each legal move on a copy of the holes and counts the
    /// replies, with the same kernels and end rules as [`Position::play_unchecked`].
    pub(crate) fn oware_perft2(&self) -> u64 {
        let mut mask = self.state.moves;
        let side = self.state.side;
        let window = self.repetition_window();
        let nz = sow::ring_nonzero(&self.state.holes, 2 * self.per_side);
        let mut total = 0;
        while mask != 0 {
            let index = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let mut holes = self.state.holes;
            let (captured, mut h, nz) = self.oware_apply(&mut holes, index, nz);
            let mut stores = self.state.stores;
            let earlier = if captured > 0 {
                let s = side.index();
                let before = stores[s];
                stores[s] = before.wrapping_add(captured);
                h ^= KEYS.stores[s][usize::from(before)] ^ KEYS.stores[s][usize::from(stores[s])];
                &[][..]
            } else {
                window
            };
            let (_, moves) = self.oware_judge(&holes, nz, stores, side.other(), h, earlier);
            total += u64::from(
                POPCOUNT[(moves & 0xFF) as usize] + POPCOUNT[(moves >> 8 & 0xFF) as usize],
            ) + u64::from((moves >> 16).count_ones());
        }
        total
    }

    // ----- Mulabalaba rules ----------------------------------------------------------------

    /// The moves the singleton rule and the seed counts allow, before the endless rule.
    #[inline]
    fn mulabalaba_candidates(&self) -> u32 {
        let m = self.board.holes_per_side();
        let own = self.row(self.state.side);
        let mut big = 0u32;
        let mut singles = 0u32;
        let mut stepping = 0u32;
        for (i, &c) in own.iter().enumerate() {
            big |= u32::from(c >= 2) << i;
            let single = c == 1;
            singles |= u32::from(single && own[(i + 1) % m] != 0) << i;
            stepping |= u32::from(single) << i;
        }
        if big != 0 {
            big
        } else if singles != 0 {
            singles
        } else if self.options.singleton_fallback == SingletonFallback::StepToEmpty {
            stepping
        } else {
            0
        }
    }

    /// Whether the Mulabalaba move of hole `index` of the side to move never ends (sown on a
    /// copy of the row).
    fn endless(&self, index: usize) -> bool {
        let m = self.board.holes_per_side();
        let mut copy: Own = [0; MAX_OWN];
        copy[..m].copy_from_slice(self.row(self.state.side));
        sow::relay(&mut copy, m, index, &mut Quiet) == sow::Relay::Endless
    }

    /// Decides the end of a Mulabalaba game and the moves allowed (an endless move played is
    /// decided in play). The game goes on if one candidate is not endless: candidates are
    /// checked in order until one is found, and the ones after it are left unverified (see
    /// [`State::unverified`]).
    fn decide_mulabalaba(&mut self) {
        let mut moves = self.mulabalaba_candidates();
        let mut unverified = 0;
        if self.options.endless == Endless::Illegal {
            let mut rest = moves;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if self.endless(i) {
                    moves &= !(1 << i);
                } else {
                    unverified = rest;
                    break;
                }
            }
        }
        let outcome = self.mulabalaba_outcome(moves);
        self.state.outcome = outcome;
        (self.state.moves, self.state.unverified) = if outcome.is_some() {
            (0, 0)
        } else {
            (moves, unverified)
        };
    }

    fn mulabalaba_outcome(&self, moves: u32) -> Option<Outcome> {
        let side = self.state.side;
        if moves == 0 {
            let reason = if self.seeds_on_side(side) == 0 {
                EndReason::NoSeeds
            } else {
                EndReason::NoMove
            };
            return Some(Outcome::Win {
                winner: side.other(),
                reason,
            });
        }
        if let Some(max) = self.options.max_plies
            && self.state.ply >= u32::from(max)
        {
            let on_board = Side::ALL.map(|s| self.seeds_on_side(s));
            return Some(Outcome::by_scores(on_board, EndReason::MaxPlies));
        }
        None
    }

    fn decide(&mut self) {
        match self.game() {
            Game::Oware => {
                self.decide_oware(sow::ring_nonzero(&self.state.holes, 2 * self.per_side))
            }
            Game::Mulabalaba => self.decide_mulabalaba(),
        }
    }

    /// Ends the game with `outcome` (used by a granted claim).
    pub(crate) fn set_outcome(&mut self, outcome: Outcome) {
        self.state.outcome = Some(outcome);
        self.state.moves = 0;
        self.state.unverified = 0;
    }
}

impl PartialEq for Position {
    /// Positions are equal when their options, state and repetition windows are (the ply count
    /// included).
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

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("game", &self.game())
            .field("position", &self.to_position_string())
            .field("outcome", &self.state.outcome)
            .finish_non_exhaustive()
    }
}
