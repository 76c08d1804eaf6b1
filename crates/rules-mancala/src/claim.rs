//! Oware's "too few seeds" ending: a player may claim the end when no capture can ever happen
//! again; the rules decide the claim exactly by searching every position reachable without a
//! capture.

use crate::board::{Game, Side};
use crate::capture;
use crate::outcome::{EndReason, Outcome};
use crate::position::Position;
use crate::sow::{self, Quiet};
use std::collections::HashSet;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// Above this many seeds on the board the claim is not searched (refused as undecided).
pub const CLAIM_MAX_SEEDS: u32 = 12;
/// The search gives up (undecided) after visiting this many positions.
pub const CLAIM_MAX_POSITIONS: usize = 2_000_000;

/// The verdict on a claim that no capture can happen again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// No sequence of legal moves from here captures anything: the claim holds.
    Granted,
    /// Some sequence of legal moves leads to a capture.
    CaptureReachable,
    /// Too many seeds (more than 12) or positions to decide: the claim is refused.
    Undecided,
}

/// Why a claim was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimRefused {
    /// The game is already over.
    GameOver,
    /// Only Oware has the claim.
    NotOware,
    /// A capture can still happen.
    CaptureReachable,
    /// The claim could not be decided (more than 12 seeds on the board, or too many positions).
    Undecided,
}

impl fmt::Display for ClaimRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ClaimRefused::GameOver => "the game is over",
            ClaimRefused::NotOware => "only oware has the claim that no capture is possible",
            ClaimRefused::CaptureReachable => "a capture can still happen, so the game goes on",
            ClaimRefused::Undecided => {
                "too many seeds are left to be sure no capture can happen, so the game goes on"
            }
        })
    }
}
impl std::error::Error for ClaimRefused {}

/// A small deterministic hasher for the search's visited set (no OS randomness).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
        }
    }
    fn write_u128(&mut self, n: u128) {
        let x = (n as u64) ^ ((n >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = (self.0 ^ x).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
        self.0 ^= self.0 >> 29;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Packs a ring of counts below 16 (at most 24 houses) and the side to move into a key.
fn key(holes: &[u8], side: usize) -> u128 {
    holes
        .iter()
        .fold(side as u128, |k, &c| k << 4 | u128::from(c))
}

impl Position {
    /// Decides whether a capture can still happen (Oware): searches every position reachable
    /// without a capture, under this position's rules. With more than 12 seeds on the board the
    /// answer is [`Claim::Undecided`]; so it is in Mulabalaba and once the game is over.
    #[must_use]
    pub fn claim_verdict(&self) -> Claim {
        if self.game() != Game::Oware || self.is_game_over() {
            return Claim::Undecided;
        }
        let seeds: u32 = Side::ALL.iter().map(|&s| self.seeds_on_side(s)).sum();
        if seeds > CLAIM_MAX_SEEDS {
            return Claim::Undecided;
        }
        let opts = *self.options();
        let w = opts.width as usize;
        let ring = 2 * w;
        let mut start = [0u8; sow::HOLES];
        start[..ring].copy_from_slice(self.holes());
        let side = self.side_to_move().index();
        let mut seen: HashSet<u128, BuildHasherDefault<KeyHasher>> = HashSet::default();
        seen.insert(key(&start[..ring], side));
        let mut stack = vec![(start, side)];
        while let Some((holes, side)) = stack.pop() {
            let mut mask = sow::oware_legal(&holes, side, w, opts.captures, opts.grand_slam);
            while mask != 0 {
                let i = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let mut next = holes;
                let last = sow::oware_sow(&mut next[..ring], side * w + i, ring, &mut Quiet);
                let chain = capture::oware_chain(&next, last, (1 - side) * w, w, opts.captures);
                if chain.is_some_and(|c| !capture::oware_taken(c, opts.grand_slam).is_empty()) {
                    return Claim::CaptureReachable;
                }
                if seen.insert(key(&next[..ring], 1 - side)) {
                    if seen.len() > CLAIM_MAX_POSITIONS {
                        return Claim::Undecided;
                    }
                    stack.push((next, 1 - side));
                }
            }
        }
        Claim::Granted
    }

    /// Claims the end of an Oware game because no capture can happen again. When the claim is
    /// granted, the game ends and each player takes the seeds on their own side (see
    /// [`Position::scores`]).
    ///
    /// # Errors
    /// Why the claim is refused: the game is over, this is not Oware, a capture can still
    /// happen, or the claim cannot be decided.
    pub fn claim_no_capture(&mut self) -> Result<Outcome, ClaimRefused> {
        if self.is_game_over() {
            return Err(ClaimRefused::GameOver);
        }
        if self.game() != Game::Oware {
            return Err(ClaimRefused::NotOware);
        }
        match self.claim_verdict() {
            Claim::Granted => {
                let scores = Side::ALL.map(|s| self.captured(s) + self.seeds_on_side(s));
                let outcome = Outcome::by_scores(scores, EndReason::NoCapturePossible);
                self.set_outcome(outcome);
                Ok(outcome)
            }
            Claim::CaptureReachable => Err(ClaimRefused::CaptureReachable),
            Claim::Undecided => Err(ClaimRefused::Undecided),
        }
    }
}
