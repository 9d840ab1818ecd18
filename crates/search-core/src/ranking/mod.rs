//! Rankings: bijections between a finite set of combinatorial objects and the integers
//! `0..count`, so that a table indexed by rank (a [pattern database](crate::pattern_database::PatternDatabase))
//! can hold one entry per object and nothing else.
//!
//! Each ranking offers the same four calls: `new` with the objects' sizes, `count`, `rank`
//! (object to integer) and `unrank` (integer to object), `unrank` being the inverse of `rank`.
//!
//! | ranking | objects | count | order of the ranks | `rank` |
//! |---|---|---|---|---|
//! | [`SubsetRanking`] | `k` of `n` items, unordered (a bit mask) | `C(n, k)` | colexicographic | `O(k)` |
//! | [`PermutationRanking`] | orderings of `n` items | `n!` | Myrvold and Ruskey's | `O(n)` |
//! | [`PartialPermutationRanking`] | `k` of `n` places, ordered | `n! / (n - k)!` | Myrvold and Ruskey's | `O(k)` |
//! | [`MixedRadixRanking`] | vectors of digits, digit `i` below `radices[i]` | the product | lexicographic | `O(len)` |
//!
//! Which one fits is the question "what does the abstraction remember?": where `k` identical
//! pieces are (a subset of the cells), where `k` distinct pieces are (a partial permutation of
//! the cells), how a full set of pieces is arranged (a permutation), or how each piece is turned
//! (a digit vector).
//!
//! # Combining rankings
//!
//! An object made of independent parts is ranked part by part, and the ranks combined as the
//! digits of a mixed-radix number: `rank = rank_a * count_b + rank_b`, of count
//! `count_a * count_b`. The 2 x 2 x 2 cube, one corner held fixed, has its 7 other corners in one
//! of 7! arrangements and their twists in one of 3⁶ (the seventh is determined):
//!
//! ```
//! use search_core::ranking::{MixedRadixRanking, PermutationRanking};
//!
//! let (places, twists) = (PermutationRanking::new(7), MixedRadixRanking::new(&[3; 6]));
//! assert_eq!(places.count() * twists.count(), 3_674_160); // the cube's positions
//!
//! let rank = |corners: &[u8; 7], turns: &[u8; 7]| {
//!     places.rank(corners) * twists.count() + twists.rank(&turns[..6])
//! };
//! assert_eq!(rank(&[1, 2, 3, 4, 5, 6, 0], &[0; 7]), 0);
//! assert_eq!(rank(&[0, 1, 2, 3, 4, 5, 6], &[2, 2, 2, 2, 2, 2, 0]), 3_674_160 - 1);
//! ```
//!
//! Knuth, *The Art of Computer Programming*, vol. 4A, §7.2.1.2 (permutations) and §7.2.1.3
//! (combinations), has the orders; Myrvold and Ruskey (2001) the linear-time permutation
//! ranking used here.

mod mixed_radix;
mod permutation;
mod subset;

pub use mixed_radix::MixedRadixRanking;
pub use permutation::{PartialPermutationRanking, PermutationRanking};
pub use subset::SubsetRanking;
