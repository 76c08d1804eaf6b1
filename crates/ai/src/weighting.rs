//! Styles of play as data: multipliers, in percent, of each game's evaluation terms.
//!
//! A [`Weighting`] holds one multiplier per term for every game, so one opponent carries its
//! style into whichever game it plays. A game's terms are its evaluation's features (neutral:
//! 100%, today's evaluation) followed by its style terms, which the evaluation lacks (neutral:
//! 0%): [`crate::mancala::OWARE_STYLE_TERMS`], [`crate::mancala::MULABALABA_STYLE_TERMS`] and
//! the mill games' [`crate::morris::STYLE_TERMS`]. [`Weighting::NEUTRAL`] scores every position
//! exactly as [`crate::Game::evaluate`]; the search uses the plain evaluation (its fast path)
//! whenever no weighting is set.

use crate::{mancala, morris};

/// How many terms a mill-game weighting has: the features, then the style terms.
pub const MORRIS_TERMS: usize = morris::FEATURES.len() + morris::STYLE_TERMS.len();
/// How many terms an Oware weighting has: the features, then the style terms.
pub const OWARE_TERMS: usize = mancala::OWARE_FEATURES.len() + mancala::OWARE_STYLE_TERMS.len();
/// How many terms a Mulabalaba weighting has: the features, then the style terms.
pub const MULABALABA_TERMS: usize =
    mancala::MULABALABA_FEATURES.len() + mancala::MULABALABA_STYLE_TERMS.len();

/// The index of the term `name` in `names` (a game's features or style terms), for naming
/// terms in constants: a name that is not there fails the build (or panics at run time).
#[must_use]
pub const fn term_index(names: &[&str], name: &str) -> usize {
    let mut i = 0;
    while i < names.len() {
        let (a, b) = (names[i].as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("no such evaluation term")
}

/// Multipliers in percent of every game's evaluation terms (see the module's text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weighting {
    /// The mill games: [`morris::FEATURES`], then [`morris::STYLE_TERMS`].
    pub morris: [i16; MORRIS_TERMS],
    /// Oware: [`mancala::OWARE_FEATURES`], then [`mancala::OWARE_STYLE_TERMS`].
    pub oware: [i16; OWARE_TERMS],
    /// Mulabalaba: [`mancala::MULABALABA_FEATURES`], then [`mancala::MULABALABA_STYLE_TERMS`].
    pub mulabalaba: [i16; MULABALABA_TERMS],
}

/// 100% for the first `features` terms, 0% for the rest.
const fn neutral<const N: usize>(features: usize) -> [i16; N] {
    let mut terms = [0; N];
    let mut i = 0;
    while i < features {
        terms[i] = 100;
        i += 1;
    }
    terms
}

impl Weighting {
    /// The evaluation as it is: every feature at 100%, every style term at 0%.
    pub const NEUTRAL: Weighting = Weighting {
        morris: neutral(morris::FEATURES.len()),
        oware: neutral(mancala::OWARE_FEATURES.len()),
        mulabalaba: neutral(mancala::MULABALABA_FEATURES.len()),
    };

    /// The same with the mill games' term `term` at `percent`.
    #[must_use]
    pub const fn morris(mut self, term: usize, percent: i16) -> Weighting {
        self.morris[term] = percent;
        self
    }

    /// The same with Oware's term `term` at `percent`.
    #[must_use]
    pub const fn oware(mut self, term: usize, percent: i16) -> Weighting {
        self.oware[term] = percent;
        self
    }

    /// The same with Mulabalaba's term `term` at `percent`.
    #[must_use]
    pub const fn mulabalaba(mut self, term: usize, percent: i16) -> Weighting {
        self.mulabalaba[term] = percent;
        self
    }

    /// Whether this is [`Weighting::NEUTRAL`].
    #[must_use]
    pub fn is_neutral(&self) -> bool {
        *self == Weighting::NEUTRAL
    }
}

impl Default for Weighting {
    fn default() -> Self {
        Weighting::NEUTRAL
    }
}

/// The weighted sum of `values` (features, then style terms) with `weights` (the features' and
/// the style terms' base weights) each scaled by its percentage.
#[must_use]
pub(crate) fn weighted(values: &[i32], weights: &[i32], percent: &[i16]) -> i32 {
    values
        .iter()
        .zip(weights)
        .zip(percent)
        .map(|((v, w), p)| v * (w * i32::from(*p) / 100))
        .sum()
}
