//! Pattern databases: exact distances in an abstraction of a problem, tabulated once and looked
//! up as an admissible bound.
//!
//! # What a pattern database is
//!
//! An **abstraction** maps each state of a problem to a smaller *abstract state* (a *pattern*):
//! it forgets part of the state, say which tile is which among the tiles that do not matter, and
//! keeps the rest, say where the tiles that matter are. A move of the problem is a move of the
//! abstraction too, and a goal state maps to an abstract goal. So a solution of the problem maps
//! to a path of the same length in the abstraction, and the abstract distance to the nearest
//! abstract goal is a **lower bound** on the real one: an admissible heuristic, often a much
//! better one than a formula, when the abstraction keeps enough of the state.
//!
//! When the abstraction is small enough to enumerate, its distances are computed once, for every
//! abstract state, and stored in a table: the pattern database (Culberson and Schaeffer, "Pattern
//! databases", *Computational Intelligence* 14(3), 1998). The abstract states are **ranked**:
//! numbered `0..size` by a bijection the abstraction defines (one of the crate's rankings:
//! [`SubsetRanking`](crate::ranking::SubsetRanking),
//! [`PartialPermutationRanking`](crate::ranking::PartialPermutationRanking),
//! [`PermutationRanking`](crate::ranking::PermutationRanking),
//! [`MixedRadixRanking`](crate::ranking::MixedRadixRanking), or a combination), so the table is a plain vector indexed by rank. It is
//! filled by a **backward search**: start from every abstract goal at distance 0 and walk the
//! moves backwards, cheapest first (level by level when moves cost 1); the first time a rank is
//! settled is its distance. During the problem's search, the heuristic's estimate of a state is
//! one ranking and one table look-up: [`PatternHeuristic`].
//!
//! This module offers the generic part: the [`PatternDatabase`] table, the searches that fill
//! it, each over the trait a puzzle implements for its abstraction, and the heuristic that reads
//! it:
//!
//! - [`Abstraction`], whose moves all cost 1: [`Builder::build`] fills the table by
//!   breadth-first search, and with [`Builder::per_block`] a coarser table
//!   directly, in less memory (`unit_cost.rs`);
//! - [`WeightedAbstraction`], whose moves cost small integers: [`Builder::build_weighted`]
//!   fills the table by Dial's algorithm (`weighted.rs`), and with [`Builder::zero_one`]
//!   by the same search with the costs checked to be 0 or 1, the additive databases' case
//!   (`zero_one.rs`). Both traits hand the predecessors to the same callback shape,
//!   `&mut dyn FnMut`, the cost added where there is one;
//! - [`PatternHeuristic`], a database and the function that ranks a problem's state: an
//!   admissible [`Heuristic`](crate::Heuristic), to take the larger of with [`Max`](crate::Max)
//!   or, for databases that count disjoint costs, to add up with [`Additive`](crate::Additive)
//!   (`heuristic.rs`).
//!
//! # Example
//!
//! A toy abstraction: two marked pieces on a ring of 6 cells, any piece may step to a
//! neighbouring empty cell, and the goal is both pieces on cells 0 and 1. The abstract states are
//! the 2-subsets of the 6 cells, C(6, 2) = 15 of them, ranked with [`SubsetRanking`](crate::ranking::SubsetRanking).
//!
//! ```
//! use search_core::pattern_database::{Abstraction, PatternDatabase};
//! use search_core::ranking::SubsetRanking;
//!
//! struct TwoOnARing { ranking: SubsetRanking }
//!
//! impl Abstraction for TwoOnARing {
//!     fn size(&self) -> usize { self.ranking.count() }
//!     fn goals(&self) -> Vec<usize> { vec![self.ranking.rank(0b11)] }
//!     /// Steps are their own inverses here, so the predecessors are the successors.
//!     fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
//!         let cells = self.ranking.unrank(rank);
//!         for cell in (0..6).filter(|cell| cells >> cell & 1 == 1) {
//!             for next in [(cell + 1) % 6, (cell + 5) % 6] {
//!                 if cells >> next & 1 == 0 {
//!                     visit(self.ranking.rank(cells & !(1 << cell) | 1 << next));
//!                 }
//!             }
//!         }
//!     }
//! }
//!
//! let ring = TwoOnARing { ranking: SubsetRanking::new(6, 2) };
//! let database = PatternDatabase::builder().build(&ring);
//! assert_eq!(database.len(), 15);
//! assert_eq!(database.distance(ring.ranking.rank(0b00_0011)), 0);
//! // From cells 0 and 2, one step; from 1 and 2, the piece on 1 steps to 0, then the other to 1.
//! assert_eq!(database.distance(ring.ranking.rank(0b00_0101)), 1);
//! assert_eq!(database.distance(ring.ranking.rank(0b00_0110)), 2);
//! // From cells 2 and 3, four steps whichever way round: the farthest.
//! assert_eq!(database.distance(ring.ranking.rank(0b00_1100)), 4);
//! assert_eq!(database.max_distance(), 4);
//! ```

use std::borrow::Cow;

mod builder;
mod heuristic;
#[cfg(feature = "parallel")]
mod parallel;
mod unit_cost;
mod weighted;
mod zero_one;

pub use builder::Builder;
#[cfg(feature = "parallel")]
pub use builder::ParallelBuilder;
pub use heuristic::PatternHeuristic;
pub use unit_cost::Abstraction;
pub use weighted::WeightedAbstraction;

/// For every rank of an abstraction, the least cost of a path to one of its goals: a table built
/// once, looked up as an admissible bound.
///
/// Built by one [`Builder`], from [`PatternDatabase::builder`]: its [`build`](Builder::build)
/// searches breadth-first over an [`Abstraction`] (keeping only the least distance per block
/// of ranks, with [`per_block`](Builder::per_block)), its [`build_weighted`](Builder::build_weighted)
/// runs Dial's algorithm over a [`WeightedAbstraction`], whose moves cost small integers (0-1
/// breadth-first search, with [`zero_one`](Builder::zero_one)), on several threads with
/// [`threads`](Builder::threads). Or handed over ready-made with
/// [`from_static`](PatternDatabase::from_static) or
/// [`from_distances`](PatternDatabase::from_distances). [`PatternHeuristic`] reads it as an
/// admissible heuristic.
///
/// Distances are stored as `u8`: a distance of 255 or more is not supported (the builds panic),
/// and [`UNREACHABLE`](PatternDatabase::UNREACHABLE) marks a rank from which no goal can be
/// reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDatabase {
    /// Owned when built or read back, borrowed when made earlier (at build time, say) and
    /// handed over with [`from_static`](PatternDatabase::from_static).
    distances: Cow<'static, [u8]>,
}

impl PatternDatabase {
    /// The distance of a rank from which no abstract goal can be reached.
    pub const UNREACHABLE: u8 = u8::MAX;

    /// A database whose distances were computed before: typically by a [`Builder`] in a build
    /// script, written to a file and embedded with `include_bytes!`, so that a program pays
    /// nothing at start-up. The slice is used as it is, indexed by rank.
    ///
    /// ```
    /// use search_core::pattern_database::PatternDatabase;
    ///
    /// static DISTANCES: [u8; 3] = [0, 1, 2];
    /// let database = PatternDatabase::from_static(&DISTANCES);
    /// assert_eq!(database.distance(2), 2);
    /// ```
    #[must_use]
    pub const fn from_static(distances: &'static [u8]) -> Self {
        Self { distances: Cow::Borrowed(distances) }
    }

    /// A database whose distances were computed some other way (read back from a file, say),
    /// indexed by rank; [`UNREACHABLE`](PatternDatabase::UNREACHABLE) marks unreachable ranks.
    #[must_use]
    pub fn from_distances(distances: Vec<u8>) -> Self {
        Self { distances: Cow::Owned(distances) }
    }

    /// The distance from `rank` to an abstract goal (the fewest moves, or for a
    /// [`WeightedAbstraction`] the least cost), or [`UNREACHABLE`](PatternDatabase::UNREACHABLE).
    ///
    /// # Panics
    ///
    /// If `rank` is not below [`len`](PatternDatabase::len).
    #[must_use]
    #[inline]
    pub fn distance(&self, rank: usize) -> u8 {
        self.distances[rank]
    }

    /// The number of ranks: the abstraction's size.
    #[must_use]
    pub fn len(&self) -> usize {
        self.distances.len()
    }

    /// Whether the abstraction has no states at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }

    /// The greatest distance of a rank from which a goal is reachable; 0 when there is none.
    #[must_use]
    pub fn max_distance(&self) -> u8 {
        self.distances.iter().copied().filter(|&d| d != Self::UNREACHABLE).max().unwrap_or(0)
    }

    /// Every distance, indexed by rank.
    #[must_use]
    pub fn distances(&self) -> &[u8] {
        &self.distances
    }

    /// The database of a coarser abstraction: the least distance in each run of `block`
    /// consecutive ranks, so rank `r` of the result covers ranks `r * block .. (r + 1) * block`.
    ///
    /// When a rank is `coarse * block + detail`, this forgets `detail`: a database built over
    /// "where the pattern tiles are, and where the blank is" becomes one over "where the pattern
    /// tiles are" whose distances are the least over the blank's cells, still admissible.
    ///
    /// ```
    /// use search_core::pattern_database::PatternDatabase;
    ///
    /// let fine = PatternDatabase::from_distances(vec![3, 1, 255, 255, 2, 4]);
    /// assert_eq!(fine.min_per_block(2).distances(), [1, 255, 2]);
    /// ```
    ///
    /// # Panics
    ///
    /// If `block` is 0 or does not divide [`len`](PatternDatabase::len).
    #[must_use]
    pub fn min_per_block(&self, block: usize) -> Self {
        assert!(
            block > 0 && self.len().is_multiple_of(block),
            "{block} does not divide {}",
            self.len()
        );
        let coarse = self.distances.chunks_exact(block);
        Self::from_distances(coarse.map(|run| run.iter().copied().min().unwrap_or(0)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_back_what_it_was_given() {
        static DISTANCES: [u8; 4] = [2, 0, 255, 1];
        let borrowed = PatternDatabase::from_static(&DISTANCES);
        let owned = PatternDatabase::from_distances(DISTANCES.to_vec());
        assert_eq!(borrowed, owned);
        assert_eq!((owned.len(), owned.distance(0), owned.distance(2)), (4, 2, 255));
        assert_eq!(owned.distances(), DISTANCES);
        // The unreachable rank is not a distance.
        assert_eq!(owned.max_distance(), 2);
        assert!(PatternDatabase::from_distances(Vec::new()).is_empty());
        assert_eq!(PatternDatabase::from_distances(vec![255; 3]).max_distance(), 0);
    }

    #[test]
    fn the_least_per_block_covers_consecutive_ranks() {
        let fine = PatternDatabase::from_distances(vec![5, 3, 4, 255, 255, 255, 0, 9]);
        assert_eq!(fine.min_per_block(1), fine);
        assert_eq!(fine.min_per_block(2).distances(), [3, 4, 255, 0]);
        assert_eq!(fine.min_per_block(4).distances(), [3, 0]);
        assert_eq!(fine.min_per_block(8).distances(), [0]);
    }

    #[test]
    #[should_panic(expected = "3 does not divide 8")]
    fn blocks_must_divide_the_table() {
        let _ = PatternDatabase::from_distances(vec![0; 8]).min_per_block(3);
    }
}
