//! What a search returns: an [`Outcome`] and the [`SearchStats`](crate::SearchStats) of the work.

use crate::stop_reason::StopReason;

use crate::progress::Progress;

use crate::stats::SearchStats;

/// A solution: the moves from the start to a goal, and their total cost.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution<M, C> {
    /// The moves, first to last. Empty when the start is a goal.
    pub moves: Vec<M>,
    /// The sum of the moves' costs.
    pub cost: C,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome<M, C> {
    /// A goal was reached. IDA* and the complete searches return an optimal solution.
    Solved(Solution<M, C>),
    /// Every path was followed to its end: no goal is reachable, or none whose cost fits in the
    /// cost type.
    NoSolution,
    /// A [`Limits`](crate::Limits) stopped the search before it could answer.
    Stopped {
        /// Which limit.
        reason: StopReason,
        /// A lower bound on the cost of every solution, proven by the work done: for IDA\*, the
        /// bound of the iteration that was running (or, for [`StopReason::BoundLimit`], would
        /// have run next) when the search stopped; for the complete searches, see each driver.
        bound: C,
    },
}

impl<M, C: Copy> Outcome<M, C> {
    /// Why the search stopped and the bound it had reached, if a limit stopped it.
    ///
    /// ```
    /// use search_core::{Outcome, StopReason, Stopped};
    ///
    /// let outcome = Outcome::<char, u8>::Stopped { reason: StopReason::NodeLimit, bound: 7 };
    /// assert_eq!(outcome.stopped(), Some(Stopped { reason: StopReason::NodeLimit, bound: 7 }));
    /// assert_eq!(Outcome::<char, u8>::NoSolution.stopped(), None);
    /// ```
    pub fn stopped(&self) -> Option<Stopped<C>> {
        match *self {
            Self::Stopped { reason, bound } => Some(Stopped { reason, bound }),
            Self::Solved(_) | Self::NoSolution => None,
        }
    }
}

/// A search a [`Limits`](crate::Limits) stopped: which limit, and the bound it had reached (the
/// fields of [`Outcome::Stopped`], as a value of their own for callers that pass them on).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stopped<C> {
    /// Which limit.
    pub reason: StopReason,
    /// A proven lower bound on the cost of every solution (see [`Outcome::Stopped`]).
    pub bound: C,
}

/// `REASON (bound B)`, as in "the node budget was spent (bound 42)".
impl<C: std::fmt::Display> std::fmt::Display for Stopped<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (bound {})", self.reason, self.bound)
    }
}

impl<M, C> Outcome<M, C> {
    /// The solution, if the search found one.
    pub fn solution(&self) -> Option<&Solution<M, C>> {
        match self {
            Self::Solved(solution) => Some(solution),
            Self::NoSolution | Self::Stopped { .. } => None,
        }
    }

    /// The solution, if the search found one, by value.
    pub fn into_solution(self) -> Option<Solution<M, C>> {
        match self {
            Self::Solved(solution) => Some(solution),
            Self::NoSolution | Self::Stopped { .. } => None,
        }
    }
}

/// A search's [`Outcome`] together with the [`SearchStats`] of the work it took.
#[derive(Clone, Debug)]
pub struct Report<M, C> {
    /// How the search ended.
    pub outcome: Outcome<M, C>,
    /// What it cost to get there.
    pub stats: SearchStats<C>,
}

impl<M, C> Report<M, C> {
    /// Runs `search` with fresh statistics (the start generated) and times the whole of it,
    /// marking `progress`, if any, running from start to end with the search's final figures.
    pub(crate) fn timed(
        progress: Option<&Progress>,
        search: impl FnOnce(&mut SearchStats<C>) -> Outcome<M, C>,
    ) -> Self {
        let started = std::time::Instant::now();
        if let Some(progress) = progress {
            progress.start();
        }
        let mut stats = SearchStats::started();
        let outcome = search(&mut stats);
        stats.elapsed = started.elapsed();
        if let Some(progress) = progress {
            progress.finish(&stats);
        }
        Self { outcome, stats }
    }
}
