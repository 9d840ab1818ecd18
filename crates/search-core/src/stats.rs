//! Counting the work a search does: [`SearchStats`] and [`IterationStats`].
//!
//! # What is counted
//!
//! - A node is **generated** when a move produces it from its parent: every child whose move
//!   [may follow](crate::Problem::may_follow) the one that reached the parent (by default, every
//!   child but the one the inverse of that move would give back: its grandparent), whether or
//!   not the child turns out to be within the bound. The start counts once for the whole
//!   search, not once per iteration. The complete searches, which do not ask `may_follow`,
//!   count every child but the grandparent.
//! - A node is **expanded** when its own children are produced, that is, when the driver asks the
//!   problem for its moves. IDA* expands the start once per iteration and every other node whose
//!   `f = g + h` is within the bound (and that is not a goal).
//!
//! These are Korf's conventions (1985), so counts can be compared with the literature: with the
//! Manhattan distance on his 100 random 15-puzzle instances, IDA*'s generated counts are exactly
//! those of his paper.
//!
//! # Adding searches up
//!
//! A solver that runs several searches for one answer (a proof with a budget, then a search, say)
//! reports their work as one: `total += report.stats` appends the iterations and adds the counts
//! and times, and a sum over an iterator of stats does the same for all of them. Each search
//! counts its own start, so the sum's generated count is the nodes the searches generated
//! between them.
//!
//! # Several threads
//!
//! A parallel search reports the counts the sequential one would have, and its speculative work
//! apart: see [`SearchStats`].

use std::iter::Sum;
use std::ops::AddAssign;
use std::time::Duration;

/// The work of one IDA* iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IterationStats<C> {
    /// The iteration's bound on `f = g + h`.
    pub bound: C,
    /// Nodes generated in this iteration (the start excluded: it belongs to no iteration).
    pub generated: u64,
    /// Nodes expanded in this iteration, the start included.
    pub expanded: u64,
    /// Nodes a parallel search generated in this iteration beyond `generated`: speculative work
    /// that the sequential driver would not have done (see [`SearchStats`]). Always 0 for a
    /// sequential search.
    pub speculative: u64,
    /// Wall-clock time the iteration took.
    pub elapsed: Duration,
}

/// The work of a whole search.
///
/// Nodes are counted as Korf (1985) counts them: a node is **generated** when a move produces it
/// from its parent (every child whose move [may follow](crate::Problem::may_follow) the one that
/// reached the parent, by default all but the one the inverse move would give back, within
/// the bound or not; the start once for the whole search), and **expanded** when its own
/// children are produced.
///
/// # In a parallel search
///
/// [`ParallelIdaStar`](crate::ParallelIdaStar) reports the counts the sequential driver would
/// have reported: in each iteration, every work unit before the one holding the solution in full,
/// and that one up to its solution, whatever the threads did meanwhile. So `generated` and
/// `expanded` are the same with any number of threads, and still Korf's. The work done beyond
/// them is counted apart, in `speculative`: the units after the solving one, searched before the
/// solution was known to come first, then called off; and an iteration the driver began on one
/// thread as a probe, found larger than the probe's share, and searched again cut into units (the
/// probe's nodes). Per iteration and in all, `generated + speculative` is every node the threads
/// generated. An iteration stopped by a limit has no sequential count to match: its `generated`
/// is every node generated in it, its `speculative` 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchStats<C> {
    /// IDA*'s iterations, in order; empty for the complete searches, which have none.
    pub iterations: Vec<IterationStats<C>>,
    /// All nodes generated, the start included once.
    pub generated: u64,
    /// All nodes expanded.
    pub expanded: u64,
    /// All speculative nodes of a parallel search, beyond `generated` (see
    /// [`IterationStats::speculative`]).
    pub speculative: u64,
    /// Wall-clock time of the whole search.
    pub elapsed: Duration,
    /// The most nodes the search held in memory at once: for the complete searches
    /// (breadth-first, uniform-cost, A\*), every state reached, on the open list or the closed
    /// one (they never let go of one); 0 where the driver does not count it (IDA\*, whose memory
    /// is the current path). Sums keep the largest.
    pub peak_held: u64,
}

impl<C> SearchStats<C> {
    /// Stats of no work at all: no iterations, nothing generated or expanded, no time. The
    /// starting point of a sum, whatever the cost type.
    fn none() -> Self {
        Self {
            iterations: Vec::new(),
            generated: 0,
            expanded: 0,
            speculative: 0,
            elapsed: Duration::ZERO,
            peak_held: 0,
        }
    }

    /// Stats for a search that has so far generated the start and nothing else.
    pub(crate) fn started() -> Self {
        Self {
            iterations: Vec::new(),
            generated: 1,
            expanded: 0,
            speculative: 0,
            elapsed: Duration::ZERO,
            peak_held: 0,
        }
    }

    /// Adds one iteration's figures to the totals.
    pub(crate) fn push_iteration(&mut self, iteration: IterationStats<C>) {
        self.generated += iteration.generated;
        self.expanded += iteration.expanded;
        self.speculative += iteration.speculative;
        self.iterations.push(iteration);
    }

    /// Adds the counts (speculative ones included) and the time of another search, for `+=`.
    fn add_counts(&mut self, other: &Self) {
        self.generated += other.generated;
        self.expanded += other.expanded;
        self.speculative += other.speculative;
        self.elapsed += other.elapsed;
        self.peak_held = self.peak_held.max(other.peak_held);
    }
}

/// Adds another search's work to this one's: its iterations are appended after these, and its
/// generated and expanded counts and its time are added.
///
/// # Panics
///
/// If the total time overflows a [`Duration`], as `Duration`'s own `+=` does. (The counts are
/// added as `u64`s, which a search would take centuries to overflow.)
///
/// # Example
///
/// ```
/// use search_core::{breadth_first, ida_star, Blind, Problem, SearchStats};
/// # struct Halve;
/// # impl Problem for Halve {
/// #     type State = u32; type Move = (); type Cost = u8; type Moves<'a> = [(); 1];
/// #     fn moves(&self, _: &u32) -> [(); 1] { [()] }
/// #     fn apply(&self, n: &mut u32, (): ()) { *n /= 2 }
/// #     fn undo(&self, n: &mut u32, (): ()) { *n = *n * 2 }
/// #     fn inverse(&self, (): ()) -> Option<()> { None }
/// #     fn is_goal(&self, n: &u32) -> bool { *n == 1 }
/// # }
///
/// // `Halve` halves a number until it is 1: from 8, three moves.
/// let deepening = ida_star(&Halve, &Blind, &8).stats;
/// let broad = breadth_first(&Halve, &8).stats;
///
/// let mut total = SearchStats::default();
/// total += &deepening;
/// total += broad.clone();
/// assert_eq!(total.generated, deepening.generated + broad.generated);
/// assert_eq!(total.iterations, deepening.iterations); // breadth-first search has none
/// assert_eq!(total.elapsed, deepening.elapsed + broad.elapsed);
/// ```
impl<C> AddAssign for SearchStats<C> {
    fn add_assign(&mut self, mut other: Self) {
        self.iterations.append(&mut other.iterations);
        self.add_counts(&other);
    }
}

/// Adds another search's work to this one's, as `+=` by value does, cloning its iterations.
impl<C: Clone> AddAssign<&SearchStats<C>> for SearchStats<C> {
    fn add_assign(&mut self, other: &Self) {
        self.iterations.extend_from_slice(&other.iterations);
        self.add_counts(other);
    }
}

/// The work of several searches as one, as `+=` adds them up in order; no work at all for none.
///
/// ```
/// use search_core::{ida_star, Blind, Problem, SearchStats};
/// # struct Halve;
/// # impl Problem for Halve {
/// #     type State = u32; type Move = (); type Cost = u8; type Moves<'a> = [(); 1];
/// #     fn moves(&self, _: &u32) -> [(); 1] { [()] }
/// #     fn apply(&self, n: &mut u32, (): ()) { *n /= 2 }
/// #     fn undo(&self, n: &mut u32, (): ()) { *n = *n * 2 }
/// #     fn inverse(&self, (): ()) -> Option<()> { None }
/// #     fn is_goal(&self, n: &u32) -> bool { *n == 1 }
/// # }
///
/// // Halving 8, 16 and 32 down to 1 takes 3, 4 and 5 moves, so IDA* runs 4, 5 and 6 iterations
/// // (bounds 0 up to the length).
/// let searches = [8, 16, 32].iter().map(|n| ida_star(&Halve, &Blind, n).stats);
/// let total: SearchStats<u8> = searches.sum();
/// assert_eq!(total.iterations.len(), 4 + 5 + 6);
/// ```
impl<C> Sum for SearchStats<C> {
    fn sum<I: Iterator<Item = Self>>(stats: I) -> Self {
        stats.fold(Self::none(), |mut total, one| {
            total += one;
            total
        })
    }
}

/// The work of several searches as one, cloning their iterations.
impl<'a, C: Clone + 'a> Sum<&'a SearchStats<C>> for SearchStats<C> {
    fn sum<I: Iterator<Item = &'a Self>>(stats: I) -> Self {
        stats.fold(Self::none(), |mut total, one| {
            total += one;
            total
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An iteration under `bound` that generated `generated` nodes and expanded half of them.
    fn iteration(bound: u8, generated: u64) -> IterationStats<u8> {
        IterationStats {
            bound,
            generated,
            expanded: generated / 2,
            speculative: 0,
            elapsed: Duration::from_millis(generated),
        }
    }

    /// The stats of a search with these iterations, the start counted.
    fn search(iterations: &[IterationStats<u8>]) -> SearchStats<u8> {
        let mut stats = SearchStats::started();
        stats.elapsed = Duration::from_millis(1);
        for &one in iterations {
            stats.push_iteration(one);
            stats.elapsed += one.elapsed;
        }
        stats
    }

    #[test]
    fn adding_appends_the_iterations_and_adds_the_figures() {
        let first = search(&[iteration(3, 10), iteration(5, 40)]);
        let second = search(&[iteration(4, 6)]);
        let mut total = first.clone();
        total += second.clone();
        assert_eq!(total.iterations, [iteration(3, 10), iteration(5, 40), iteration(4, 6)]);
        assert_eq!(total.generated, (1 + 10 + 40) + (1 + 6));
        assert_eq!(total.expanded, (5 + 20) + 3);
        assert_eq!(total.elapsed, Duration::from_millis(51 + 7));
        let mut by_reference = first;
        by_reference += &second;
        assert_eq!(by_reference, total);
    }

    #[test]
    fn a_sum_adds_up_in_order_and_nothing_sums_to_no_work() {
        let searches =
            [search(&[iteration(1, 2)]), search(&[]), search(&[iteration(2, 8), iteration(4, 9)])];
        let mut expected = searches[0].clone();
        expected += &searches[1];
        expected += &searches[2];
        assert_eq!(searches.iter().sum::<SearchStats<u8>>(), expected);
        assert_eq!(searches.into_iter().sum::<SearchStats<u8>>(), expected);
        let nothing: SearchStats<u8> = std::iter::empty::<SearchStats<u8>>().sum();
        assert_eq!(nothing, SearchStats::default());
        assert_eq!(nothing.generated, 0);
    }
}
