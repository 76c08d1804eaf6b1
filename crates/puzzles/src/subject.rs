//! What the prover needs of a game beyond the engine's [`Game`]: material, the store, how a
//! game ended, and which moves count as "the same move" for uniqueness.

use kraal_ai::{Game, Mancala, Morris};
use kraal_rules_mancala::{self as mancala, EndReason, Side, Step};
use kraal_rules_morris::{self as morris, Color};

/// A game the prover and the generator can work on.
pub trait Subject: Game {
    /// The material of side `side` (0 or 1): cows on the board and in hand, seeds captured
    /// (Oware) or seeds on one's side (Mulabalaba).
    fn material(state: &Self::State, side: usize) -> i32;
    /// The seeds in the store of `side` (Oware); 0 in the other games.
    fn store(_state: &Self::State, _side: usize) -> u32 {
        0
    }
    /// Whether a finished game ended by famine.
    fn ended_by_famine(_state: &Self::State) -> bool {
        false
    }
    /// Whether `a` and `b` are the same move for the player: a mill game's cow going from the
    /// same point to the same point, whatever it shoots; otherwise equality.
    fn same_key(a: Self::Move, b: Self::Move) -> bool {
        a == b
    }
    /// Whether `mv` (legal in `state`) captures both opposite holes, each holding seeds
    /// (Mulabalaba); false in the other games.
    fn captures_both(_state: &Self::State, _mv: Self::Move) -> bool {
        false
    }
    /// The same position with its draw counters further on (each with a note saying which),
    /// for rule sets whose draw rules may decide a proof; none by default.
    fn counter_variants(_state: &Self::State) -> Vec<(Self::State, String)> {
        Vec::new()
    }
}

const fn colour(side: usize) -> Color {
    if side == 0 {
        Color::White
    } else {
        Color::Black
    }
}

const fn mancala_side(side: usize) -> Side {
    if side == 0 { Side::South } else { Side::North }
}

impl Subject for Morris {
    fn material(state: &morris::Position, side: usize) -> i32 {
        let c = colour(side);
        state.on_board(c) as i32 + i32::from(state.in_hand(c))
    }

    fn same_key(a: morris::Move, b: morris::Move) -> bool {
        a.from() == b.from() && a.to() == b.to()
    }

    fn counter_variants(state: &morris::Position) -> Vec<(morris::Position, String)> {
        // The values a counter can take within a short line of the rule's limit, nearest the
        // limit first: a position with the counter there is reached by as many plies without
        // a shot (or with three cows a side), so it is a real position of the rule set.
        const HORIZON: u16 = 8;
        let base = state.to_setup();
        let options = *state.options();
        let mut out = Vec::new();
        let three = state.on_board(Color::White) == 3 || state.on_board(Color::Black) == 3;
        let limits = [
            (options.no_shot_draw, true),
            (
                options
                    .three_cows_draw
                    .filter(|_| three)
                    .map(|d| 2 * d.moves),
                false,
            ),
        ];
        for (limit, no_shot) in limits {
            let Some(limit) = limit else { continue };
            for v in (limit.saturating_sub(HORIZON).max(1)..limit).rev() {
                let mut setup = base.clone();
                if no_shot {
                    setup.no_shot_plies = v;
                } else {
                    setup.three_cows_plies = v;
                }
                if setup != base
                    && let Ok(p) = morris::Position::from_setup(&setup, options)
                {
                    let what = if no_shot { "no-shot" } else { "three-cows" };
                    out.push((p, format!("{what} counter set to {v}")));
                }
            }
        }
        out
    }
}

impl Subject for Mancala {
    fn material(state: &mancala::Position, side: usize) -> i32 {
        let s = mancala_side(side);
        match state.game() {
            mancala::Game::Oware => state.captured(s) as i32,
            mancala::Game::Mulabalaba => state.seeds_on_side(s) as i32,
        }
    }

    fn store(state: &mancala::Position, side: usize) -> u32 {
        match state.game() {
            mancala::Game::Oware => state.captured(mancala_side(side)),
            mancala::Game::Mulabalaba => 0,
        }
    }

    fn ended_by_famine(state: &mancala::Position) -> bool {
        state
            .outcome()
            .is_some_and(|o| o.reason() == EndReason::Famine)
    }

    fn captures_both(state: &mancala::Position, mv: mancala::Move) -> bool {
        if state.game() != mancala::Game::Mulabalaba {
            return false;
        }
        // The rules' own record of the move: a Mulabalaba move ends with at most one capture,
        // of the facing inner hole and the outer hole behind it, and only holes that held
        // seeds get a `Capture` step: two steps mean both held seeds.
        let Ok(steps) = state.steps(mv) else {
            return false;
        };
        steps
            .iter()
            .filter(|s| matches!(s, Step::Capture { seeds, .. } if *seeds > 0))
            .count()
            >= 2
    }
}
