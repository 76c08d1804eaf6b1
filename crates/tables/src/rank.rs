//! The combinatorial number system for Oware boards: every placement of `n` seeds in the 12
//! houses is a composition of `n` into 12 parts, written as stars and bars (11 bars among
//! `n + 11` places), and ranked by the colex rank of the bars' places.

/// Houses on an Oware board.
pub const HOUSES: usize = 12;

/// The most seeds on the board a rank is defined for.
pub const MAX_SEEDS: usize = 48;

const ROWS: usize = MAX_SEEDS + HOUSES;

/// `BINOM[a][b]` is `a` choose `b` (0 when `b > a`).
const BINOM: [[u64; HOUSES]; ROWS] = {
    let mut t = [[0u64; HOUSES]; ROWS];
    let mut a = 0;
    while a < ROWS {
        t[a][0] = 1;
        let mut b = 1;
        while b < HOUSES {
            t[a][b] = if a == 0 {
                0
            } else {
                t[a - 1][b - 1] + t[a - 1][b]
            };
            b += 1;
        }
        a += 1;
    }
    t
};

/// How many boards hold exactly `seeds` seeds: `seeds + 11` choose 11.
///
/// # Panics
/// When `seeds` is above [`MAX_SEEDS`].
#[must_use]
pub const fn count(seeds: usize) -> u64 {
    BINOM[seeds + HOUSES - 1][HOUSES - 1]
}

/// The rank of a board (`0..count(n)` for a board of `n` seeds). Houses in global order.
///
/// The caller keeps the board within [`MAX_SEEDS`] seeds.
#[must_use]
#[inline]
pub fn rank(holes: &[u8; HOUSES]) -> u64 {
    let mut r = 0;
    let mut bar = 0usize;
    for (i, &h) in holes[..HOUSES - 1].iter().enumerate() {
        bar += usize::from(h);
        // The i-th bar (0-based) stands at place `seeds so far + i`.
        r += BINOM[bar + i][i + 1];
    }
    r
}

/// The board of `seeds` seeds with rank `index` (`index < count(seeds)`).
#[must_use]
pub fn unrank(index: u64, seeds: usize) -> [u8; HOUSES] {
    from_bars(&bars_of(index, seeds))
}

/// The bars' places of the board of `seeds` seeds with rank `index`.
fn bars_of(mut index: u64, seeds: usize) -> [usize; HOUSES] {
    let mut bars = [0usize; HOUSES];
    bars[HOUSES - 1] = seeds + HOUSES - 1;
    let mut top = seeds + HOUSES - 1;
    for i in (0..HOUSES - 1).rev() {
        // The largest place p < top with C(p, i + 1) <= index.
        let mut p = top - 1;
        while BINOM[p][i + 1] > index {
            p -= 1;
        }
        index -= BINOM[p][i + 1];
        bars[i] = p;
        top = p;
    }
    bars
}

fn from_bars(bars: &[usize; HOUSES]) -> [u8; HOUSES] {
    let mut holes = [0u8; HOUSES];
    let mut prev = 0;
    for i in 0..HOUSES {
        let start = if i == 0 { 0 } else { prev + 1 };
        holes[i] = (bars[i] - start) as u8;
        prev = bars[i];
    }
    holes
}

/// Every board of `seeds` seeds in rank order, without unranking each: the bars step to the
/// next combination in colex order.
#[derive(Clone, Debug)]
pub struct Boards {
    bars: [usize; HOUSES],
    left: u64,
}

impl Boards {
    /// The boards of `seeds` seeds (at most [`MAX_SEEDS`]).
    #[must_use]
    pub fn new(seeds: usize) -> Boards {
        let mut bars = [0usize; HOUSES];
        for (i, b) in bars.iter_mut().enumerate().take(HOUSES - 1) {
            *b = i;
        }
        bars[HOUSES - 1] = seeds + HOUSES - 1;
        Boards {
            bars,
            left: count(seeds),
        }
    }

    /// The boards of `seeds` seeds from rank `start` on (none when `start` is `count(seeds)`
    /// or more).
    #[must_use]
    pub fn from_rank(seeds: usize, start: u64) -> Boards {
        let total = count(seeds);
        if start >= total {
            return Boards {
                bars: [0; HOUSES],
                left: 0,
            };
        }
        Boards {
            bars: bars_of(start, seeds),
            left: total - start,
        }
    }
}

impl Iterator for Boards {
    type Item = [u8; HOUSES];

    fn next(&mut self) -> Option<[u8; HOUSES]> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let board = from_bars(&self.bars);
        if self.left > 0 {
            let mut i = 0;
            while self.bars[i] + 1 == self.bars[i + 1] {
                i += 1;
            }
            self.bars[i] += 1;
            for (j, b) in self.bars.iter_mut().enumerate().take(i) {
                *b = j;
            }
        }
        Some(board)
    }
}

/// The board seen from the other side: North's houses become South's.
#[must_use]
#[inline]
pub fn rotate(holes: &[u8; HOUSES]) -> [u8; HOUSES] {
    let mut out = [0u8; HOUSES];
    out[..6].copy_from_slice(&holes[6..]);
    out[6..].copy_from_slice(&holes[..6]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts compositions by brute force: the number of ways to put `n` seeds in `k` houses.
    fn naive_count(n: usize, k: usize) -> u64 {
        if k == 1 {
            return 1;
        }
        (0..=n).map(|first| naive_count(n - first, k - 1)).sum()
    }

    #[test]
    fn counts_match_a_brute_force_count_and_the_issue_sizes() {
        for n in 0..=6 {
            assert_eq!(count(n), naive_count(n, HOUSES), "{n}");
        }
        // The issue's figure: boards of at most 20 seeds are 225.8 million, of 25 1.85 G.
        let upto = |m: usize| (0..=m).map(count).sum::<u64>();
        assert_eq!((upto(20) + 50_000) / 100_000, 2258);
        assert_eq!((upto(25) + 5_000_000) / 10_000_000, 185);
    }

    #[test]
    fn rank_and_unrank_round_trip_and_boards_come_in_rank_order() {
        for n in [0, 1, 2, 5, 9] {
            let mut seen = 0u64;
            for (i, board) in Boards::new(n).enumerate() {
                assert_eq!(board.iter().map(|&c| usize::from(c)).sum::<usize>(), n);
                assert_eq!(rank(&board), i as u64, "{board:?}");
                assert_eq!(unrank(i as u64, n), board);
                seen += 1;
            }
            assert_eq!(seen, count(n));
        }
        let big = [3, 0, 0, 7, 1, 0, 0, 0, 2, 0, 0, 12];
        assert_eq!(unrank(rank(&big), 25), big);
    }

    #[test]
    fn boards_from_a_rank_go_on_as_the_full_list_does() {
        for n in [0, 1, 4, 7] {
            let all: Vec<_> = Boards::new(n).collect();
            for start in [0, 1, all.len() / 3, all.len() - 1, all.len(), all.len() + 5] {
                let from: Vec<_> = Boards::from_rank(n, start as u64).collect();
                assert_eq!(from, all[start.min(all.len())..], "{n} seeds from {start}");
            }
        }
    }
}
