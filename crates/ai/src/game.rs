//! The engine's own small view of a game: what search needs and nothing more.
//!
//! Each rules crate is adapted by a zero-sized type implementing [`Game`], so the rules crates
//! never know the AI exists, and the hot path stays generic (`Searcher<G: Game>`), not `dyn`.

use std::fmt::{Debug, Display};
use std::hash::Hash;

/// How a finished game ended, seen from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Nobody won.
    Draw,
}

impl Verdict {
    /// The result for `mover` of a game won by `winner` (`None`: drawn).
    #[must_use]
    pub fn for_mover<S: PartialEq>(winner: Option<S>, mover: S) -> Verdict {
        match winner {
            None => Verdict::Draw,
            Some(w) if w == mover => Verdict::Win,
            Some(_) => Verdict::Loss,
        }
    }

    /// The same result from the other side.
    #[must_use]
    pub fn flip(self) -> Verdict {
        match self {
            Verdict::Win => Verdict::Loss,
            Verdict::Loss => Verdict::Win,
            Verdict::Draw => Verdict::Draw,
        }
    }
}

/// A two-player, turn-alternating game with perfect information, as search sees it.
///
/// Every function is about the side to move; evaluation is from its point of view, so negamax
/// can negate it safely (scores stay well inside `i32`).
pub trait Game: 'static {
    /// A position.
    type State: Clone + Send + Sync + Debug;
    /// A move (one whole turn).
    type Move: Copy + Eq + Hash + Debug + Display + Send + Sync;
    /// What undoing a move needs.
    type Undo: Copy;

    /// The game's name, for reports.
    const NAME: &'static str;

    /// Appends the legal moves of `state` to `out` (none when the game is over).
    fn legal_moves(state: &Self::State, out: &mut Vec<Self::Move>);
    /// Whether `mv` is one of [`Game::legal_moves`] of `state`, told without generating them
    /// (the search tries the table's move before the others are generated).
    fn is_legal(state: &Self::State, mv: Self::Move) -> bool;
    /// Plays a legal move.
    fn play(state: &mut Self::State, mv: Self::Move) -> Self::Undo;
    /// Takes back the last move played.
    fn undo(state: &mut Self::State, undo: Self::Undo);
    /// The result, if the game is over.
    fn verdict(state: &Self::State) -> Option<Verdict>;
    /// A hash of everything that decides the future of the game.
    fn hash(state: &Self::State) -> u64;
    /// [`Game::hash`] of the position `mv` leads to, or a close guess, told without playing
    /// it; `None` where that is not cheap. The search only uses it to ask the processor for the
    /// table's entry early, so a wrong guess costs time, never a result.
    fn hash_after(_state: &Self::State, _mv: Self::Move) -> Option<u64> {
        None
    }
    /// A static score for the side to move: positive is good for it. Kept within ±100,000.
    fn evaluate(state: &Self::State) -> i32;
    /// The static score with what was learned from deeper searches added (see
    /// [`crate::net`]): the strongest settings' evaluation. Games with nothing learned give
    /// [`Game::evaluate`]'s value.
    fn evaluate_learned(state: &Self::State) -> i32 {
        Self::evaluate(state)
    }
    /// What a searcher keeps between leaves to compute [`Game::evaluate_learned`] cheaply
    /// (`()` for games that keep nothing).
    type LearnedCache: Default + Send;
    /// [`Game::evaluate_learned`], the same value, computed with the help of what `cache`
    /// kept from the positions evaluated before.
    fn evaluate_learned_cached(state: &Self::State, cache: &mut Self::LearnedCache) -> i32 {
        let _ = cache;
        Self::evaluate_learned(state)
    }
    /// The static score under a style (see [`crate::weighting`]); [`Weighting::NEUTRAL`] must
    /// give [`Game::evaluate`]'s value. Games without styles ignore the weighting.
    ///
    /// [`Weighting::NEUTRAL`]: crate::weighting::Weighting::NEUTRAL
    fn evaluate_with(state: &Self::State, weighting: &crate::weighting::Weighting) -> i32 {
        let _ = weighting;
        Self::evaluate(state)
    }
    /// 0 for the first player, 1 for the second: who is to move.
    fn side_to_move(state: &Self::State) -> usize;
    /// A number below [`Game::MOVE_KEYS`] that names the move's shape, for the history heuristic.
    fn move_key(mv: Self::Move) -> usize;
    /// How many distinct [`Game::move_key`] values there are.
    const MOVE_KEYS: usize;
    /// The move packed into the low 39 bits of a number, for the shared transposition table;
    /// [`Game::move_from_bits`] undoes it.
    fn move_bits(mv: Self::Move) -> u64;
    /// The move that [`Game::move_bits`] packed into `bits`; `None` if `bits` packs no move
    /// (a table entry torn by two threads can give such bits; the search checks a move it reads
    /// back against the legal moves before playing it).
    fn move_from_bits(bits: u64) -> Option<Self::Move>;
    /// The share, in percent, of an opponent's node budget that a search of `state` gets.
    /// Games whose nodes cost much more (Mulabalaba's relay sowing) get less, so every
    /// opponent thinks about as long in every game; the ratios between opponents stay the same.
    fn budget_percent(_state: &Self::State) -> u64 {
        100
    }
    /// A rough prior for ordering: moves that capture or shoot first.
    fn move_prior(_state: &Self::State, _mv: Self::Move) -> i32 {
        0
    }
}

/// The `Game` methods that both rules crates answer the same way (their positions share the
/// API's shape, not its types): legal moves into a buffer, play and undo, and the verdict.
macro_rules! rules_crate_methods {
    () => {
        fn legal_moves(state: &Position, out: &mut Vec<Move>) {
            state.legal_moves_into(out);
        }

        fn is_legal(state: &Position, mv: Move) -> bool {
            state.is_legal(mv)
        }

        // Inlined into the search's loop over moves: the call's register saves cost more than
        // a move's updates.
        #[inline]
        fn play(state: &mut Position, mv: Move) -> Undo {
            state.play_unchecked(mv)
        }

        fn undo(state: &mut Position, undo: Undo) {
            state.undo(undo);
        }

        fn verdict(state: &Position) -> Option<Verdict> {
            state
                .outcome()
                .map(|o| Verdict::for_mover(o.winner(), state.side_to_move()))
        }
    };
}
pub(crate) use rules_crate_methods;
