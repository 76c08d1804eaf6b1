//! A stored value: the interval of seeds the side to move captures from those on the board.

use std::fmt;

/// Bounds on the seeds the side to move will take (capture, or keep when the game ends and
/// shares the seeds left) from the seeds now on the board, under best play by both sides and
/// any repetition rule, from a position with no repetition behind it. `lo == hi` is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seeds {
    /// At least this many.
    pub lo: u8,
    /// At most this many.
    pub hi: u8,
}

impl Seeds {
    /// The widest interval the one-byte format holds (`hi - lo`).
    pub const MAX_WIDTH: u8 = 7;

    /// Whether the bounds meet.
    #[must_use]
    pub const fn is_exact(self) -> bool {
        self.lo == self.hi
    }

    /// The stored byte: `lo` in the low five bits, `hi - lo` in the high three. `None` when
    /// the interval is wider than [`Seeds::MAX_WIDTH`] or `lo` above 31.
    #[must_use]
    pub const fn pack(self) -> Option<u8> {
        if self.hi < self.lo || self.hi - self.lo > Seeds::MAX_WIDTH || self.lo > 31 {
            None
        } else {
            Some(self.lo | (self.hi - self.lo) << 5)
        }
    }

    /// The interval a stored byte holds.
    #[must_use]
    pub const fn unpack(byte: u8) -> Seeds {
        let lo = byte & 31;
        Seeds {
            lo,
            hi: lo + (byte >> 5),
        }
    }

    /// The same position seen by the other side, of `on_board` seeds.
    #[must_use]
    pub const fn other_side(self, on_board: u8) -> Seeds {
        Seeds {
            lo: on_board - self.hi,
            hi: on_board - self.lo,
        }
    }
}

impl fmt::Display for Seeds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_exact() {
            write!(f, "{}", self.lo)
        } else {
            write!(f, "{}..{}", self.lo, self.hi)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_interval_the_format_holds_round_trips() {
        for lo in 0..=31u8 {
            for w in 0..=7u8 {
                let s = Seeds { lo, hi: lo + w };
                assert_eq!(Seeds::unpack(s.pack().unwrap()), s);
            }
            assert_eq!(Seeds { lo, hi: lo + 8 }.pack(), None);
        }
        assert_eq!(Seeds { lo: 3, hi: 2 }.pack(), None);
        assert_eq!(Seeds { lo: 7, hi: 9 }.to_string(), "7..9");
        assert_eq!(Seeds { lo: 4, hi: 4 }.to_string(), "4");
    }
}
