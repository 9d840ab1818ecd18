//! Ranking permutations and partial permutations in linear time: Myrvold and Ruskey's
//! algorithm, which trades the lexicographic order of the ranks for a few swaps per entry.
//!
//! How the algorithm works is in [`PermutationRanking`]'s documentation, for the users who
//! need to know what the ranks are.
//!
//! # Design decisions
//!
//! - **Not lexicographic.** The ranks are a bijection, which is all a table indexed by rank
//!   needs; their order is that of the algorithm's digits, not the dictionary's. A database
//!   built with one ranking must be read with the same ranking (a reason to keep the ranking
//!   with the database's builder, and to test `rank(unrank(r)) == r`).
//! - **A partial permutation is the end of a full one.** Placing the `k` given values in the last
//!   `k` positions of a permutation makes the full ranking the partial one for `k = n`, and a
//!   full permutation's rank modulo `n! / (n - k)!` the rank of its last `k` entries.
//! - **Entries are bytes** (`n` at most 256), the size puzzles keep their cells and pieces in,
//!   and the work arrays live on the stack: ranking allocates nothing.

/// The most entries a ranked sequence may have: `k!` must fit in a `usize` (20 on 64-bit
/// targets, 12 on 32-bit ones), since `n! / (n - k)!` is at least `k!`.
const MAX_ENTRIES: usize = if usize::BITS >= 64 { 20 } else { 12 };

/// "Not in the last `k` positions", in the ranking's table of where each value is.
const BELOW: u8 = u8::MAX;

/// Ranks the ordered placements of `k` distinct items among `n` places, the `k`-permutations
/// of `n`, onto `0..n! / (n - k)!`, in time linear in `k` (Myrvold and Ruskey, 2001).
///
/// A placement is a slice of `k` distinct values below `n`: `cells[i]` is where item `i` is (the
/// cell of the pattern's `i`-th tile, say). It is ranked as the last `k` entries of a permutation
/// of `0..n` with [`PermutationRanking`]'s algorithm, stopped after `k` steps (see there for how
/// it works); so the ranks are not in lexicographic order either.
///
/// # Example
///
/// Where 3 marked tiles are on the 9 cells of the 8-puzzle: 9 × 8 × 7 = 504 placements.
///
/// ```
/// use search_core::ranking::PartialPermutationRanking;
///
/// let ranking = PartialPermutationRanking::new(9, 3);
/// assert_eq!(ranking.count(), 504);
/// let rank = ranking.rank(&[4, 0, 8]);
/// let mut cells = [0; 3];
/// ranking.unrank(rank, &mut cells);
/// assert_eq!(cells, [4, 0, 8]);
/// // Not lexicographic: the end of the identity permutation ranks last (every digit the largest).
/// assert_eq!(ranking.rank(&[6, 7, 8]), 503);
/// ```
///
/// # Complexity
///
/// [`rank`](Self::rank) `O(k)`, [`unrank`](Self::unrank) `O(n)`, [`new`](Self::new) `O(k)`;
/// the value holds three numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartialPermutationRanking {
    n: usize,
    k: usize,
    count: usize,
}

impl PartialPermutationRanking {
    /// The ranking of the placements of `k` distinct items among `n` places.
    ///
    /// # Panics
    ///
    /// If `n` is above 256 (values are bytes), `k` above `n`, or `n! / (n - k)!` does not fit in
    /// a `usize`.
    #[must_use]
    pub fn new(n: usize, k: usize) -> Self {
        assert!(n <= 256, "at most 256 places fit in a byte, not {n}");
        assert!(k <= n, "cannot place {k} items in {n} places");
        let count = (n - k + 1..=n)
            .try_fold(1_usize, usize::checked_mul)
            .unwrap_or_else(|| panic!("{n}! / ({n} - {k})! does not fit in a usize"));
        debug_assert!(k <= MAX_ENTRIES, "k! divides the count, which fits");
        Self { n, k, count }
    }

    /// The number of placements: `n! / (n - k)!`, so ranks are `0..count()`.
    #[must_use]
    pub fn count(&self) -> usize {
        self.count
    }

    /// The rank of the placement `cells`, in `0..count()`: its `k` entries read as the last `k`
    /// entries of a permutation.
    ///
    /// `cells` must hold `k` distinct values below `n`; otherwise the result is meaningless
    /// (checked in debug builds).
    #[must_use]
    #[inline]
    pub fn rank(&self, cells: &[u8]) -> usize {
        debug_assert!(
            is_placement(cells, self.n, self.k),
            "{cells:?} is not {} distinct values below {}",
            self.k,
            self.n
        );
        let (n, k) = (self.n, self.k);
        // The last `k` positions, `first..n`, hold `cells`; they are the only ones read. Offsets
        // below are counted from `first`.
        let first = n - k;
        let mut entries = [0_u8; MAX_ENTRIES];
        entries[..k].copy_from_slice(cells);
        // `at[v - first]`: the offset of the value `v` (for `v >= first`, the only values looked
        // for), or `BELOW` when it is in a position below `first`, which no step reads.
        let mut at = [BELOW; MAX_ENTRIES];
        for (offset, &value) in cells.iter().enumerate() {
            if let Some(slot) = usize::from(value).checked_sub(first) {
                at[slot] = offset_u8(offset);
            }
        }
        let (mut rank, mut weight) = (0, 1);
        // Step `m` (from `n` down): the digit in radix `m` is the value at position `m - 1`.
        for offset in (0..k).rev() {
            let m = first + offset + 1;
            let digit = entries[offset];
            // Swap the values `digit` and `m - 1`: `m - 1` goes to position `m - 1`, which no
            // later step reads, and `digit` to where `m - 1` was.
            let was_at = at[offset];
            if was_at != BELOW {
                entries[usize::from(was_at)] = digit;
            }
            if let Some(slot) = usize::from(digit).checked_sub(first) {
                at[slot] = was_at;
            }
            rank += usize::from(digit) * weight;
            weight *= m;
        }
        rank
    }

    /// Writes into `cells` the placement of rank `rank`: the inverse of
    /// [`rank`](Self::rank).
    ///
    /// # Panics
    ///
    /// If `cells` does not hold `k` entries. If `rank` is not below [`count`](Self::count), the
    /// result is meaningless (checked in debug builds).
    pub fn unrank(&self, rank: usize, cells: &mut [u8]) {
        debug_assert!(rank < self.count, "rank {rank} is not below {}", self.count);
        assert_eq!(cells.len(), self.k, "a placement has {} entries", self.k);
        let n = self.n;
        let first = n - self.k;
        let mut permutation = [0_u8; 256];
        for (position, entry) in permutation[..n].iter_mut().enumerate() {
            *entry = offset_u8(position);
        }
        let mut rest = rank;
        for m in (first + 1..=n).rev() {
            permutation.swap(m - 1, rest % m);
            rest /= m;
        }
        cells.copy_from_slice(&permutation[first..n]);
    }
}

/// Ranks the permutations of `0..n` onto `0..n!` in linear time (Myrvold and Ruskey, 2001).
///
/// A permutation is a slice of the `n` values `0..n` in some order. The ranks are not in
/// lexicographic order: a table indexed by rank only needs a bijection, and this one takes a
/// constant number of steps per entry. This is [`PartialPermutationRanking`] with `k = n`, so a
/// permutation's rank modulo `n! / (n - k)!` is the partial rank of its last `k` entries.
///
/// # How it works
///
/// Myrvold and Ruskey, "Ranking and unranking permutations in linear time", *Information
/// Processing Letters* 79(6), 2001, <https://doi.org/10.1016/S0020-0190(01)00141-7>.
///
/// **Unranking** `r` starts from the identity `π = [0, 1, ..., n - 1]` and, for `m` from `n`
/// down to 1, swaps `π[m - 1]` with `π[r mod m]`, then divides `r` by `m`. Each step fixes the
/// entry at position `m - 1` for good: later steps only touch positions below it. So the digits
/// of `r` in the mixed radix `n, n - 1, ..., 1` (least significant first) each choose one entry.
///
/// **Ranking** reads those digits back: for `m` from `n` down to 2, the digit is the value `s`
/// at position `m - 1`, and swapping the values `s` and `m - 1` (with the inverse permutation,
/// to find where `m - 1` is in one look-up) leaves the permutation that the remaining steps
/// produced. Each step is a constant number of array operations: linear time, where a
/// lexicographic rank takes `O(n log n)` or a table of bit counts (Korf and Schultze, "Large-scale
/// parallel breadth-first search", AAAI 2005).
///
/// **Partial permutations.** The first `k` steps of the unranking fix the last `k` positions, and
/// use only the `k` least significant digits. So the ordered placements of `k` marked items
/// among `n` places ("the cells of these `k` tiles") are ranked by those `k` steps alone, onto
/// `0..n! / (n - k)!`: this is the partial permutation. Ranking it needs where the values
/// `n - k .. n` are, the only ones the `k` steps look for, so it takes `O(k)` time; unranking
/// starts from the identity of all `n` places, `O(n)`.
///
/// # Example
///
/// The 2 x 2 x 2 cube's 8 corners: with one corner held in place, the other 7 are in one of
/// 7! = 5,040 arrangements.
///
/// ```
/// use search_core::ranking::{PartialPermutationRanking, PermutationRanking};
///
/// let ranking = PermutationRanking::new(7);
/// assert_eq!(ranking.count(), 5_040);
/// // Not lexicographic: the identity ranks last, a rotation of it first.
/// assert_eq!(ranking.rank(&[0, 1, 2, 3, 4, 5, 6]), 5_039);
/// assert_eq!(ranking.rank(&[1, 2, 3, 4, 5, 6, 0]), 0);
/// let corners = [3, 6, 0, 5, 1, 2, 4];
/// let rank = ranking.rank(&corners);
/// let mut back = [0; 7];
/// ranking.unrank(rank, &mut back);
/// assert_eq!(back, corners);
/// // The last three entries alone give the rank's three least significant digits.
/// let last_three = PartialPermutationRanking::new(7, 3);
/// assert_eq!(rank % last_three.count(), last_three.rank(&corners[4..]));
/// ```
///
/// # Complexity
///
/// [`rank`](Self::rank) and [`unrank`](Self::unrank) `O(n)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PermutationRanking {
    placements: PartialPermutationRanking,
}

impl PermutationRanking {
    /// The ranking of the permutations of `0..n`.
    ///
    /// # Panics
    ///
    /// If `n!` does not fit in a `usize` (`n` above 20 on 64-bit targets).
    #[must_use]
    pub fn new(n: usize) -> Self {
        assert!(n <= MAX_ENTRIES, "{n}! does not fit in a usize");
        Self { placements: PartialPermutationRanking::new(n, n) }
    }

    /// The number of permutations: `n!`, so ranks are `0..count()`.
    #[must_use]
    pub fn count(&self) -> usize {
        self.placements.count()
    }

    /// The rank of `permutation`, in `0..count()`.
    ///
    /// `permutation` must hold each of `0..n` once; otherwise the result is meaningless
    /// (checked in debug builds).
    #[must_use]
    #[inline]
    pub fn rank(&self, permutation: &[u8]) -> usize {
        self.placements.rank(permutation)
    }

    /// Writes into `permutation` the permutation of rank `rank`: the inverse of
    /// [`rank`](Self::rank).
    ///
    /// # Panics
    ///
    /// If `permutation` does not hold `n` entries. If `rank` is not below
    /// [`count`](Self::count), the result is meaningless (checked in debug builds).
    pub fn unrank(&self, rank: usize, permutation: &mut [u8]) {
        self.placements.unrank(rank, permutation);
    }
}

/// A position or an offset below 256 as a byte.
fn offset_u8(offset: usize) -> u8 {
    u8::try_from(offset).expect("positions are below 256")
}

/// Whether `cells` holds `k` distinct values below `n`.
fn is_placement(cells: &[u8], n: usize, k: usize) -> bool {
    let mut seen = [false; 256];
    cells.len() == k
        && cells.iter().all(|&cell| {
            let fresh = usize::from(cell) < n && !seen[usize::from(cell)];
            seen[usize::from(cell)] = true;
            fresh
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of `k` distinct values below `n`, in lexicographic order: the brute-force
    /// enumeration the rankings are checked against.
    fn placements(n: usize, k: usize) -> Vec<Vec<u8>> {
        if k == 0 {
            return vec![Vec::new()];
        }
        let mut all = Vec::new();
        for prefix in placements(n, k - 1) {
            for value in (0..n).map(offset_u8).filter(|value| !prefix.contains(value)) {
                all.push([prefix.as_slice(), &[value]].concat());
            }
        }
        all
    }

    #[test]
    fn every_placement_of_up_to_6_places_round_trips_and_ranks_are_a_bijection() {
        for n in 0..=6 {
            for k in 0..=n {
                let ranking = PartialPermutationRanking::new(n, k);
                let all = placements(n, k);
                assert_eq!(ranking.count(), all.len(), "{k} of {n}");
                let mut seen = vec![false; ranking.count()];
                for cells in &all {
                    let rank = ranking.rank(cells);
                    assert!(rank < ranking.count());
                    assert!(!seen[rank], "rank {rank} given twice ({k} of {n})");
                    seen[rank] = true;
                    let mut back = vec![0; k];
                    ranking.unrank(rank, &mut back);
                    assert_eq!(&back, cells);
                }
                assert!(seen.iter().all(|&seen| seen));
            }
        }
    }

    /// Myrvold and Ruskey's `rank1`, transcribed from the paper as it is written (recursive,
    /// on the permutation `pi` and its inverse `inverse`, both changed): the reference the
    /// iterative, byte-sized and partial code must agree with.
    fn rank1(n: usize, pi: &mut [usize], inverse: &mut [usize]) -> usize {
        if n == 1 {
            return 0;
        }
        let s = pi[n - 1];
        pi.swap(n - 1, inverse[n - 1]);
        inverse.swap(s, n - 1);
        s + n * rank1(n - 1, pi, inverse)
    }

    #[test]
    fn every_permutation_of_8_ranks_as_in_the_paper() {
        let ranking = PermutationRanking::new(8);
        let mut seen = vec![false; ranking.count()];
        for permutation in placements(8, 8) {
            let mut pi: Vec<usize> = permutation.iter().map(|&v| usize::from(v)).collect();
            let mut inverse = vec![0; 8];
            for (position, &value) in pi.iter().enumerate() {
                inverse[value] = position;
            }
            let rank = ranking.rank(&permutation);
            assert_eq!(rank, rank1(8, &mut pi, &mut inverse), "{permutation:?}");
            assert!(!std::mem::replace(&mut seen[rank], true), "rank {rank} given twice");
            let mut back = [0; 8];
            ranking.unrank(rank, &mut back);
            assert_eq!(back.as_slice(), permutation);
        }
        assert!(seen.iter().all(|&seen| seen));
    }

    #[test]
    fn unranking_follows_the_swaps_of_myrvold_and_ruskey() {
        // n = 4, r = 13: 13 mod 4 = 1 swaps positions 3 and 1 ([0, 3, 2, 1]); 3 mod 3 = 0
        // swaps 2 and 0 ([2, 3, 0, 1]); 1 mod 2 = 1 swaps 1 and 1; the last step swaps 0 and 0.
        let mut permutation = [0; 4];
        PermutationRanking::new(4).unrank(13, &mut permutation);
        assert_eq!(permutation, [2, 3, 0, 1]);
        assert_eq!(PermutationRanking::new(4).rank(&[2, 3, 0, 1]), 13);
        // Two steps fix the last two positions: [.., 0, 1], from the two low digits 1 and 0.
        assert_eq!(PartialPermutationRanking::new(4, 2).rank(&[0, 1]), 1);
    }

    #[test]
    fn a_partial_rank_is_the_full_rank_modulo_the_count() {
        let full = PermutationRanking::new(7);
        for k in 0..=7 {
            let partial = PartialPermutationRanking::new(7, k);
            for rank in (0..full.count()).step_by(37) {
                let mut permutation = [0; 7];
                full.unrank(rank, &mut permutation);
                assert_eq!(partial.rank(&permutation[7 - k..]), rank % partial.count());
            }
        }
    }

    #[test]
    fn large_rankings_round_trip_at_their_ends() {
        // Placements among the most places a byte can name, and the most entries that fit.
        for (n, k) in [(256, 3), (256, 7), (25, 6), (48, 8), (20, 20), (21, 14)] {
            let ranking = PartialPermutationRanking::new(n, k);
            for rank in [0, 1, ranking.count() / 3, ranking.count() - 1] {
                let mut cells = vec![0; k];
                ranking.unrank(rank, &mut cells);
                assert!(is_placement(&cells, n, k));
                assert_eq!(ranking.rank(&cells), rank, "{rank} of {k} among {n}");
            }
        }
        assert_eq!(PermutationRanking::new(20).count(), 2_432_902_008_176_640_000);
        assert_eq!(PartialPermutationRanking::new(16, 6).count(), 5_765_760);
    }

    #[test]
    #[should_panic(expected = "does not fit in a usize")]
    fn counts_beyond_a_usize_are_refused() {
        let _ = PartialPermutationRanking::new(100, 21);
    }

    #[test]
    #[should_panic(expected = "not 3 distinct values below 5")]
    #[cfg(debug_assertions)]
    fn repeated_values_are_refused_in_debug_builds() {
        let _ = PartialPermutationRanking::new(5, 3).rank(&[1, 4, 1]);
    }
}
