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
//! A parallel search reports the counts the sequential one would have, and its speculative work
//! apart: see [`SearchStats`].

use std::time::Duration;

/// The work of one IDA* iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
/// them (units after the solving one, searched before the solution was known to come first, then
/// called off) is counted apart, in `speculative`: per iteration and in all,
/// `generated + speculative` is every node the threads generated. A search stopped by a limit has
/// no sequential count to match: its `generated` is every node generated, its `speculative` 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
}

impl<C> SearchStats<C> {
    /// Stats for a search that has so far generated the start and nothing else.
    pub(crate) fn started() -> Self {
        Self {
            iterations: Vec::new(),
            generated: 1,
            expanded: 0,
            speculative: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// Adds one iteration's figures to the totals.
    pub(crate) fn push_iteration(&mut self, iteration: IterationStats<C>) {
        self.generated += iteration.generated;
        self.expanded += iteration.expanded;
        self.speculative += iteration.speculative;
        self.iterations.push(iteration);
    }
}
