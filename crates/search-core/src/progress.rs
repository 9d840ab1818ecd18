//! [`Progress`]: a running search's figures, for a display on another thread.
//!
//! A search that is given a [`Progress`] through [`Limits::progress`](crate::Limits::progress)
//! stores its figures there as it goes, and any thread holding the same `Arc` reads them
//! whenever it likes: how deep the search has got (the bound), how many nodes it has generated,
//! how many iterations it has finished, and whether it is still running.
//!
//! # When the figures change
//!
//! Storing costs the search a relaxed atomic store, and it does so only where it already stops
//! to look at its limits, never per node:
//!
//! - when the search starts (the start generated, no iteration finished, no bound yet);
//! - every [`Limits::CANCEL_CHECK_INTERVAL`](crate::Limits::CANCEL_CHECK_INTERVAL) generated
//!   nodes, the generated count;
//! - when an IDA\* iteration starts, its bound; when it ends, the totals;
//! - when breadth-first search reaches a deeper level, or uniform-cost search a dearer cost, that
//!   depth or cost as the bound;
//! - when the search ends, its final totals, equal to those of its
//!   [`SearchStats`](crate::SearchStats).
//!
//! So a reader sees figures at most one interval of nodes old. Each figure is read on its own,
//! with a relaxed load: two of them read one after the other may come from slightly different
//! moments of the search. That suits a display; a program that needs the exact figures takes
//! them from the [`Report`](crate::Report) once the search has returned.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use num_traits::ToPrimitive;

use crate::stats::SearchStats;

/// The live figures of a search, shared with the threads that display them.
///
/// Not generic: the bound is stored as a `u64` whatever the cost type (a cost beyond
/// `u64::MAX`, possible only with `u128` costs, reads as `u64::MAX`), so one display serves
/// every puzzle.
///
/// # Example
///
/// A search on one thread, a display reading its progress on another:
///
/// ```
/// use std::sync::Arc;
/// use std::time::Duration;
/// use search_core::{Blind, IdaStar, Limits, Outcome, Problem, Progress};
///
/// /// Count up to a target by adding one or two: a tree that grows fast with the target.
/// struct Steps { target: u32 }
///
/// impl Problem for Steps {
///     type State = u32;
///     type Move = u32;
///     type Cost = u32;
///     type Moves<'a> = [u32; 2];
///     fn moves(&self, _: &u32) -> [u32; 2] { [1, 2] }
///     fn apply(&self, n: &mut u32, step: u32) { *n += step }
///     fn undo(&self, n: &mut u32, step: u32) { *n -= step }
///     fn inverse(&self, _: u32) -> Option<u32> { None }
///     fn is_goal(&self, n: &u32) -> bool { *n == self.target }
/// }
///
/// let progress = Arc::new(Progress::new());
/// let limits = Limits::default().progress(Arc::clone(&progress));
/// let problem = Steps { target: 24 };
/// let report = std::thread::scope(|scope| {
///     let search = scope.spawn(|| IdaStar::new(&problem, &Blind).limits(limits).run(&0));
///     while !search.is_finished() {
///         // A display would redraw here.
///         let (bound, nodes) = (progress.bound(), progress.generated());
///         println!("bound {bound}: {nodes} nodes");
///         std::thread::sleep(Duration::from_millis(1));
///     }
///     search.join().expect("the search does not panic")
/// });
///
/// // Once the search has returned, the figures are its report's.
/// assert!(!progress.is_running());
/// assert_eq!(progress.generated(), report.stats.generated);
/// assert_eq!(progress.iterations(), report.stats.iterations.len() as u64);
/// assert_eq!(progress.bound(), 12); // twelve steps of two: the last iteration's bound
/// assert_eq!(report.outcome.solution().map(|solution| solution.cost), Some(12));
/// ```
#[derive(Debug, Default)]
pub struct Progress {
    bound: AtomicU64,
    generated: AtomicU64,
    iterations: AtomicU64,
    running: AtomicBool,
}

impl Progress {
    /// Figures all zero, and no search running.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            bound: AtomicU64::new(0),
            generated: AtomicU64::new(0),
            iterations: AtomicU64::new(0),
            running: AtomicBool::new(false),
        }
    }

    /// The bound the search is working under: the running IDA\* iteration's bound on
    /// `f = g + h`, or the depth (breadth-first) or cost (uniform-cost) of the nodes being
    /// expanded; 0 before the first. Once the search has returned, the last one.
    #[must_use]
    pub fn bound(&self) -> u64 {
        self.bound.load(Ordering::Relaxed)
    }

    /// The nodes generated so far in the whole search, the start included, counted as in
    /// [`SearchStats::generated`]: at most one
    /// [`Limits::CANCEL_CHECK_INTERVAL`](crate::Limits::CANCEL_CHECK_INTERVAL) behind while the
    /// search runs, and exactly its report's figure once it has returned.
    #[must_use]
    pub fn generated(&self) -> u64 {
        self.generated.load(Ordering::Relaxed)
    }

    /// The IDA\* iterations finished so far (a stopped iteration counts once the search has
    /// returned, as in [`SearchStats::iterations`]); always 0 for the complete searches.
    #[must_use]
    pub fn iterations(&self) -> u64 {
        self.iterations.load(Ordering::Relaxed)
    }

    /// Whether a search is running with these figures: set when it starts, cleared when it
    /// returns.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.running.load(Ordering::Relaxed)
    }

    /// Sets every figure back to zero and marks no search running, for a display that should not
    /// show the last case's figures while the next is being prepared. (A search sets its own
    /// figures when it starts, so the next search needs no reset.)
    pub fn reset(&self) {
        self.bound.store(0, Ordering::Relaxed);
        self.generated.store(0, Ordering::Relaxed);
        self.iterations.store(0, Ordering::Relaxed);
        self.running.store(false, Ordering::Relaxed);
    }

    /// A search starts, having generated its start node.
    pub(crate) fn start(&self) {
        self.reset();
        self.generated.store(1, Ordering::Relaxed);
        self.running.store(true, Ordering::Relaxed);
    }

    /// The search now works under `bound`.
    pub(crate) fn set_bound<C: ToPrimitive>(&self, bound: &C) {
        self.bound.store(bound.to_u64().unwrap_or(u64::MAX), Ordering::Relaxed);
    }

    /// The search has generated `generated` nodes so far.
    pub(crate) fn set_generated(&self, generated: u64) {
        self.generated.store(generated, Ordering::Relaxed);
    }

    /// A work unit of a parallel search is about to generate `nodes` more (a batch): the count
    /// goes up by them, to within a batch per thread, until the iteration's end sets it exactly.
    #[cfg(feature = "parallel")]
    pub(crate) fn add_generated(&self, nodes: u64) {
        self.generated.fetch_add(nodes, Ordering::Relaxed);
    }

    /// The search has done the work of `stats` so far.
    pub(crate) fn set_totals<C>(&self, stats: &SearchStats<C>) {
        self.set_generated(stats.generated);
        let iterations = u64::try_from(stats.iterations.len()).unwrap_or(u64::MAX);
        self.iterations.store(iterations, Ordering::Relaxed);
    }

    /// The search has returned, having done the work of `stats`.
    pub(crate) fn finish<C>(&self, stats: &SearchStats<C>) {
        self.set_totals(stats);
        self.running.store(false, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::stats::IterationStats;

    #[test]
    fn a_new_progress_reads_zero_and_not_running() {
        for progress in [Progress::new(), Progress::default()] {
            assert_eq!((progress.bound(), progress.generated(), progress.iterations()), (0, 0, 0));
            assert!(!progress.is_running());
        }
    }

    #[test]
    fn bounds_beyond_a_u64_saturate() {
        let progress = Progress::new();
        progress.set_bound(&7_u8);
        assert_eq!(progress.bound(), 7);
        progress.set_bound(&(u128::from(u64::MAX) + 1));
        assert_eq!(progress.bound(), u64::MAX);
    }

    #[test]
    fn a_search_sets_its_own_figures_and_reset_clears_them() {
        let progress = Progress::new();
        progress.set_bound(&9_u32);
        progress.start();
        assert_eq!((progress.bound(), progress.generated()), (0, 1));
        assert!(progress.is_running());
        let iteration = IterationStats {
            bound: 3_u8,
            generated: 10,
            expanded: 4,
            speculative: 0,
            elapsed: Duration::ZERO,
        };
        let stats = SearchStats {
            iterations: vec![iteration; 2],
            generated: 21,
            expanded: 8,
            speculative: 0,
            elapsed: Duration::ZERO,
            peak_held: 0,
        };
        progress.finish(&stats);
        assert_eq!((progress.generated(), progress.iterations()), (21, 2));
        assert!(!progress.is_running());
        progress.reset();
        assert_eq!((progress.bound(), progress.generated(), progress.iterations()), (0, 0, 0));
    }
}
