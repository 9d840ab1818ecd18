//! Ranking vectors of digits, each with its own radix: orientations of a twisty puzzle's
//! pieces, colours, anything that is a fixed number of independent small choices.

/// Ranks the vectors of digits `d[0], d[1], ..., d[len - 1]` with `d[i] < radices[i]` onto
/// `0..radices[0] * ... * radices[len - 1]`: the mixed-radix number they spell, the first digit
/// the most significant, so the ranks follow the lexicographic order of the vectors.
///
/// The rank is `(...((d[0] * r[1] + d[1]) * r[2] + d[2]) ...) * r[len - 1] + d[len - 1]`: with
/// every radix 10, the vector `[4, 0, 2]` ranks 402. See Knuth, *The Art of Computer
/// Programming*, vol. 2, §4.1 ("Positional number systems"), for mixed radices.
///
/// # Example
///
/// The orientations of the 2 x 2 x 2 cube's 8 corners: each is twisted 0, 1 or 2 thirds of a turn,
/// and the twists add up to a multiple of 3 in every reachable state, so the last is determined
/// by the other seven. Ranking the first seven gives 3⁷ = 2,187 ranks, none wasted.
///
/// ```
/// use search_core::ranking::MixedRadixRanking;
///
/// let ranking = MixedRadixRanking::new(&[3; 7]);
/// assert_eq!(ranking.count(), 2_187);
/// let twists = [2, 0, 1, 1, 0, 2, 1, 2];
/// assert_eq!(twists.iter().sum::<u8>() % 3, 0);
/// let rank = ranking.rank(&twists[..7]);
/// assert_eq!(rank, 1_573); // 2011021 in base 3
///
/// let mut back = [0; 8];
/// ranking.unrank(rank, &mut back[..7]);
/// back[7] = (3 - back[..7].iter().sum::<u8>() % 3) % 3;
/// assert_eq!(back, twists);
/// ```
///
/// # Complexity
///
/// [`rank`](Self::rank) `O(len)` multiplications, [`unrank`](Self::unrank) `O(len)` divisions;
/// the value holds the radices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MixedRadixRanking {
    radices: Vec<usize>,
    count: usize,
}

impl MixedRadixRanking {
    /// The ranking of the digit vectors with `radices.len()` digits, digit `i` below
    /// `radices[i]`.
    ///
    /// # Panics
    ///
    /// If a radix is 0 or above 256 (digits are bytes), or the product of the radices does not
    /// fit in a `usize`.
    #[must_use]
    pub fn new(radices: &[usize]) -> Self {
        for &radix in radices {
            assert!(
                (1..=256).contains(&radix),
                "a radix is in 1..=256 (a byte's digits), not {radix}"
            );
        }
        let count = radices
            .iter()
            .try_fold(1_usize, |count, &radix| count.checked_mul(radix))
            .unwrap_or_else(|| {
                panic!("the product of the radices {radices:?} does not fit in a usize")
            });
        Self { radices: radices.to_vec(), count }
    }

    /// The number of digit vectors: the product of the radices, so ranks are `0..count()`.
    #[must_use]
    pub fn count(&self) -> usize {
        self.count
    }

    /// The radices, most significant first.
    #[must_use]
    pub fn radices(&self) -> &[usize] {
        &self.radices
    }

    /// The rank of `digits`, in `0..count()`.
    ///
    /// `digits` must hold one digit per radix, each below its radix; otherwise the result is
    /// meaningless (checked in debug builds).
    #[must_use]
    #[inline]
    pub fn rank(&self, digits: &[u8]) -> usize {
        debug_assert!(
            digits.len() == self.radices.len()
                && digits
                    .iter()
                    .zip(&self.radices)
                    .all(|(&digit, &radix)| usize::from(digit) < radix),
            "{digits:?} are not digits of the radices {:?}",
            self.radices
        );
        digits
            .iter()
            .zip(&self.radices)
            .fold(0, |rank, (&digit, &radix)| rank * radix + usize::from(digit))
    }

    /// Writes into `digits` the digit vector of rank `rank`: the inverse of
    /// [`rank`](Self::rank).
    ///
    /// # Panics
    ///
    /// If `digits` does not hold one digit per radix. If `rank` is not below
    /// [`count`](Self::count), the result is meaningless (checked in debug builds).
    #[expect(clippy::cast_possible_truncation, reason = "a remainder below a radix of at most 256")]
    pub fn unrank(&self, rank: usize, digits: &mut [u8]) {
        debug_assert!(rank < self.count, "rank {rank} is not below {}", self.count);
        assert_eq!(digits.len(), self.radices.len(), "one digit per radix");
        let mut rest = rank;
        for (digit, &radix) in digits.iter_mut().zip(&self.radices).rev() {
            *digit = (rest % radix) as u8;
            rest /= radix;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_follow_the_lexicographic_order_of_every_vector() {
        let ranking = MixedRadixRanking::new(&[2, 3, 1, 4]);
        assert_eq!(ranking.count(), 24);
        // Every vector, in lexicographic order, by brute force.
        let mut expected = 0;
        for a in 0..2 {
            for b in 0..3 {
                for d in 0..4 {
                    let digits = [a, b, 0, d];
                    assert_eq!(ranking.rank(&digits), expected);
                    let mut back = [9; 4];
                    ranking.unrank(expected, &mut back);
                    assert_eq!(back, digits);
                    expected += 1;
                }
            }
        }
        assert_eq!(expected, ranking.count());
    }

    #[test]
    fn edge_cases_rank_as_numbers_do() {
        let empty = MixedRadixRanking::new(&[]);
        assert_eq!((empty.count(), empty.rank(&[])), (1, 0));
        let bytes = MixedRadixRanking::new(&[256; 3]);
        assert_eq!(bytes.count(), 1 << 24);
        assert_eq!(bytes.rank(&[255; 3]), (1 << 24) - 1);
        assert_eq!(bytes.rank(&[1, 0, 0]), 1 << 16);
        let decimal = MixedRadixRanking::new(&[10; 3]);
        assert_eq!(decimal.rank(&[4, 0, 2]), 402);
        assert_eq!(decimal.radices(), [10, 10, 10]);
    }

    #[test]
    #[should_panic(expected = "does not fit in a usize")]
    fn products_beyond_a_usize_are_refused() {
        let _ = MixedRadixRanking::new(&[256; 9]);
    }

    #[test]
    #[should_panic(expected = "a radix is in 1..=256")]
    fn a_radix_of_zero_is_refused() {
        let _ = MixedRadixRanking::new(&[3, 0]);
    }
}
