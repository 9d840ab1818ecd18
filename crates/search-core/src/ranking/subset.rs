//! Ranking the `k`-subsets of `n` items onto consecutive integers: how a pattern database
//! indexes the positions of identical pieces (the Rotation Game's eight blocks of one symbol).

/// Ranks the `k`-subsets of `n` items (`n` at most 64), given as bit masks, onto `0..C(n, k)`.
///
/// It uses the combinatorial number system: the subset with items `c1 < c2 < ... < ck` has the
/// rank `C(c1, 1) + C(c2, 2) + ... + C(ck, k)`, computed with a table of binomial coefficients
/// built once. Ranks follow the colexicographic order of the subsets: `0b0..011` is 0.
///
/// ```
/// use search_core::ranking::SubsetRanking;
///
/// let ranking = SubsetRanking::new(24, 8);
/// assert_eq!(ranking.count(), 735_471);
/// assert_eq!(ranking.rank(0xFF), 0);
/// assert_eq!(ranking.unrank(ranking.rank(0x00FF_0000)), 0x00FF_0000);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubsetRanking {
    n: u32,
    k: u32,
    /// `binomial[i][j]` = C(i, j), for `i` in `0..=n` and `j` in `0..=k`.
    binomial: Vec<Vec<usize>>,
}

impl SubsetRanking {
    /// The ranking of the `k`-subsets of `n` items.
    ///
    /// # Panics
    ///
    /// If `n` is above 64, `k` above `n`, or C(n, k) does not fit in a `usize`.
    #[must_use]
    pub fn new(n: u32, k: u32) -> Self {
        assert!(n <= 64, "at most 64 items fit in a mask, not {n}");
        assert!(k <= n, "cannot choose {k} items out of {n}");
        let (rows, columns) = (n as usize + 1, k as usize + 1);
        let mut binomial = vec![vec![0_usize; columns]; rows];
        for i in 0..rows {
            binomial[i][0] = 1;
            for j in 1..columns.min(i + 1) {
                binomial[i][j] = binomial[i - 1][j - 1]
                    .checked_add(binomial[i - 1][j])
                    .expect("C(n, k) fits in a usize");
            }
        }
        Self { n, k, binomial }
    }

    /// The number of subsets: C(n, k).
    #[must_use]
    pub fn count(&self) -> usize {
        self.binomial[self.n as usize][self.k as usize]
    }

    /// The rank of the subset `mask` (bit `i` for item `i`), in `0..count()`.
    ///
    /// `mask` must have exactly `k` bits set, all below `n`; otherwise the result is meaningless
    /// (checked in debug builds).
    #[must_use]
    #[inline]
    pub fn rank(&self, mask: u64) -> usize {
        debug_assert_eq!(mask.count_ones(), self.k, "{mask:#x} has not {} items", self.k);
        debug_assert!(self.n == 64 || mask >> self.n == 0, "{mask:#x} has items beyond {}", self.n);
        let mut rank = 0;
        let mut rest = mask;
        let mut chosen = 1;
        while rest != 0 {
            let item = rest.trailing_zeros() as usize;
            rank += self.binomial[item][chosen];
            chosen += 1;
            rest &= rest - 1;
        }
        rank
    }

    /// The subset of rank `rank`, as a mask: the inverse of [`rank`](SubsetRanking::rank).
    ///
    /// # Panics
    ///
    /// If `rank` is not below [`count`](SubsetRanking::count) (in debug builds; in release the
    /// result is meaningless).
    #[must_use]
    pub fn unrank(&self, rank: usize) -> u64 {
        debug_assert!(rank < self.count(), "rank {rank} is not below {}", self.count());
        let mut mask = 0;
        let mut rest = rank;
        let mut chosen = self.k as usize;
        let mut item = self.n as usize;
        while chosen > 0 {
            item -= 1;
            // The largest item whose C(item, chosen) still fits in what is left of the rank.
            if self.binomial[item][chosen] <= rest {
                rest -= self.binomial[item][chosen];
                mask |= 1 << item;
                chosen -= 1;
            }
        }
        mask
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_4_subset_of_10_round_trips_and_ranks_are_a_bijection() {
        let ranking = SubsetRanking::new(10, 4);
        assert_eq!(ranking.count(), 210);
        let mut seen = vec![false; ranking.count()];
        for mask in (0_u64..1 << 10).filter(|mask| mask.count_ones() == 4) {
            let rank = ranking.rank(mask);
            assert!(rank < ranking.count());
            assert!(!seen[rank], "rank {rank} given twice");
            seen[rank] = true;
            assert_eq!(ranking.unrank(rank), mask);
        }
        assert!(seen.iter().all(|&seen| seen));
    }

    #[test]
    fn counts_are_binomial_coefficients() {
        assert_eq!(SubsetRanking::new(24, 8).count(), 735_471);
        assert_eq!(SubsetRanking::new(5, 0).count(), 1);
        assert_eq!(SubsetRanking::new(5, 5).count(), 1);
        assert_eq!(SubsetRanking::new(64, 32).count(), 1_832_624_140_942_590_534);
        assert_eq!(SubsetRanking::new(5, 0).unrank(0), 0);
        assert_eq!(SubsetRanking::new(64, 64).unrank(0), u64::MAX);
    }

    #[test]
    fn ranks_follow_colexicographic_order() {
        let ranking = SubsetRanking::new(24, 8);
        assert_eq!(ranking.rank(0xFF), 0);
        assert_eq!(ranking.rank(0x1_7F), 1);
        assert_eq!(ranking.rank(0xFF_0000), ranking.count() - 1);
    }
}
