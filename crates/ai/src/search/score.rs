//! Search scores: plain values, and wins or losses at a distance.

use crate::game::Verdict;
use std::fmt;

/// The score of a won game at the root; a win in `n` plies scores `WIN - n`.
pub(crate) const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses at a distance.
pub(crate) const WIN_BOUND: i32 = WIN - 10_000;
/// Beyond every score.
pub(crate) const INFINITY: i32 = WIN + 1;

/// The score of a finished game reached `ply` plies below the root.
pub(crate) fn verdict_score(verdict: Verdict, ply: u32) -> i32 {
    match verdict {
        Verdict::Win => WIN - ply as i32,
        Verdict::Loss => -(WIN - ply as i32),
        Verdict::Draw => 0,
    }
}

/// A score as front ends show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Score {
    /// The side to move loses in this many plies (its own turns and the opponent's).
    LossIn(u32),
    /// An evaluation: positive favours the side to move; 1,000 is about one cow or seed.
    Value(i32),
    /// The side to move wins in this many plies.
    WinIn(u32),
}

impl Score {
    /// Reads a raw search score.
    #[must_use]
    pub fn from_raw(raw: i32) -> Score {
        if raw > WIN_BOUND {
            Score::WinIn((WIN - raw) as u32)
        } else if raw < -WIN_BOUND {
            Score::LossIn((WIN + raw) as u32)
        } else {
            Score::Value(raw)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Rounded to hundredths first, so a score that rounds to nothing reads 0.00, never
            // -0.00.
            Score::Value(v) => match (f64::from(*v) / 10.0).round() as i64 {
                0 => f.write_str("0.00"),
                h => write!(
                    f,
                    "{}{}.{:02}",
                    if h < 0 { '-' } else { '+' },
                    h.abs() / 100,
                    h.abs() % 100
                ),
            },
            Score::WinIn(n) => write!(f, "win in {n}"),
            Score::LossIn(n) => write!(f, "loss in {n}"),
        }
    }
}

/// Makes a mate score relative to the node storing it (so it stays right at other depths).
pub(crate) fn to_table(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
pub(crate) fn from_table(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::Score;

    #[test]
    fn scores_read_in_hundredths_with_no_negative_zero() {
        assert_eq!(Score::Value(0).to_string(), "0.00");
        assert_eq!(Score::Value(-4).to_string(), "0.00");
        assert_eq!(Score::Value(4).to_string(), "0.00");
        assert_eq!(Score::Value(-5).to_string(), "-0.01");
        assert_eq!(Score::Value(380).to_string(), "+0.38");
        assert_eq!(Score::Value(-12_345).to_string(), "-12.35");
        assert_eq!(Score::WinIn(3).to_string(), "win in 3");
    }
}
