//! Uniform-cost search (Dijkstra's algorithm) with duplicate detection: the complete search for
//! problems whose moves cost different amounts.

use std::hash::Hash;

use crate::best_first::best_first;
use crate::heuristic::Blind;
use crate::limits::Limits;
use crate::observer::{NoObserver, Observer};
use crate::outcome::{Outcome, Report};
use crate::problem::Problem;
use crate::stats::SearchStats;

/// Searches from `start` for a cheapest solution by uniform-cost search, with no limits.
///
/// A shorthand for [`UniformCost::new(problem).run(start)`](UniformCost::run).
pub fn uniform_cost<P>(problem: &P, start: &P::State) -> Report<P::Move, P::Cost>
where
    P: Problem,
    P::State: Hash + Eq,
{
    UniformCost::new(problem).run(start)
}

/// Uniform-cost search: states expanded cheapest first, each at most once.
///
/// # Arguments
///
/// - `problem` keeps the [`Problem`] contract; its states must be `Hash + Eq`.
///
/// # Returns
///
/// - [`Outcome::Solved`] with a solution of the least cost. Among several, which one is returned
///   is not specified (ties are broken by discovery order, not by move order): compare costs, not
///   moves, with IDA\*'s answer.
/// - [`Outcome::NoSolution`] once every reachable state has been expanded. A path whose cost
///   does not fit in the cost type is not followed, as in every driver: the answer then means no
///   solution whose cost fits.
/// - [`Outcome::Stopped`] for a limit; `bound` is the cost of the state about to be expanded,
///   which no solution undercuts. For [`Limits::max_bound`], that cost exceeds it, and the state,
///   even a goal, is not expanded.
///
/// # Complexity
///
/// `O(n log n)` time for `n` reachable states (a binary heap), memory linear in `n`.
///
/// See Dijkstra, E. W. (1959), *A note on two problems in connexion with graphs*, Numerische
/// Mathematik 1, 269-271.
///
/// # Example
///
/// ```
/// use search_core::{uniform_cost, Problem};
///
/// /// Walk right along a line: a step costs 3, a jump of two cells costs 5.
/// struct Line { goal: u32 }
///
/// impl Problem for Line {
///     type State = u32;
///     type Move = u32;
///     type Cost = u32;
///     type Moves<'a> = [u32; 2];
///     fn moves(&self, _: &u32) -> [u32; 2] { [1, 2] }
///     fn apply(&self, at: &mut u32, len: u32) { *at += len }
///     fn undo(&self, at: &mut u32, len: u32) { *at -= len }
///     fn inverse(&self, _: u32) -> Option<u32> { None }
///     fn is_goal(&self, at: &u32) -> bool { *at == self.goal }
///     fn cost(&self, _: &u32, len: u32) -> u32 { if len == 1 { 3 } else { 5 } }
/// }
///
/// // Three jumps and a step (18) beat seven steps (21).
/// let report = uniform_cost(&Line { goal: 7 }, &0);
/// assert_eq!(report.outcome.solution().unwrap().cost, 18);
/// ```
#[derive(Debug)]
pub struct UniformCost<'a, P: Problem, O = NoObserver> {
    problem: &'a P,
    limits: Limits<P::Cost>,
    observer: O,
}

impl<'a, P> UniformCost<'a, P>
where
    P: Problem,
    P::State: Hash + Eq,
{
    /// Uniform-cost search on `problem`, with no limits and no observer.
    pub fn new(problem: &'a P) -> Self {
        Self { problem, limits: Limits::default(), observer: NoObserver }
    }
}

impl<'a, P, O> UniformCost<'a, P, O>
where
    P: Problem,
    P::State: Hash + Eq,
    O: Observer<P>,
{
    /// Replaces the limits.
    #[must_use]
    pub fn limits(mut self, limits: Limits<P::Cost>) -> Self {
        self.limits = limits;
        self
    }

    /// Watches the search with `observer`: [`Observer::node_queued`] for each node put on the
    /// open list (the start first, then each child not reached before, or reached again more
    /// cheaply), [`Observer::node_expanded`] for each node taken from it and expanded,
    /// [`Observer::solution_found`] at the end. Uniform-cost search has no heuristic: every
    /// node's `h` is zero. Pass `&mut observer` to inspect it afterwards.
    pub fn observer<O2: Observer<P>>(self, observer: O2) -> UniformCost<'a, P, O2> {
        UniformCost { problem: self.problem, limits: self.limits, observer }
    }

    /// Searches from `start`.
    pub fn run(mut self, start: &P::State) -> Report<P::Move, P::Cost> {
        let progress = self.limits.progress.clone();
        Report::timed(progress.as_deref(), |stats| self.search(start, stats))
    }

    fn search(
        &mut self,
        root: &P::State,
        totals: &mut SearchStats<P::Cost>,
    ) -> Outcome<P::Move, P::Cost> {
        // A* with the zero heuristic: its queue takes the least `g` first, then the node reached
        // first. A node reached again more cheaply is queued again, leaving a stale entry
        // behind, which is skipped; costs are positive, so a node is final when it is first
        // taken from the queue, and none is expanded twice.
        best_first(self.problem, &Blind, &self.limits, &mut self.observer, root, totals)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::observer::Node;
    use crate::test_grid::Grid;

    /// Counts what the driver reports, checking each node's figures as it goes.
    #[derive(Default)]
    struct Count {
        queued: u64,
        distinct: HashSet<(u8, u8)>,
        expanded: u64,
        dearest_expanded: u32,
        solved: Option<u32>,
    }

    impl Observer<Grid> for Count {
        fn node_queued(&mut self, node: &Node<'_, Grid>) {
            assert_eq!(node.depth == 0, node.via.is_none());
            assert_eq!(node.h, 0);
            self.queued += 1;
            self.distinct.insert(*node.state);
        }
        fn node_expanded(&mut self, node: &Node<'_, Grid>) {
            assert!(node.g >= self.dearest_expanded, "expanded cheapest first");
            self.dearest_expanded = node.g;
            self.expanded += 1;
        }
        fn solution_found(&mut self, _: &[(i8, i8)], cost: u32) {
            self.solved = Some(cost);
        }
    }

    #[test]
    fn the_observer_counts_equal_the_statistics() {
        let mut requeued = 0;
        for side in 2..=6 {
            let grid = Grid { side };
            let mut count = Count::default();
            let report = UniformCost::new(&grid).observer(&mut count).run(&(0, 0));
            let solution = report.outcome.solution().expect("solved");
            assert_eq!(count.solved, Some(solution.cost), "side {side}");
            assert_eq!(count.expanded, report.stats.expanded, "side {side}");
            // Each state reached is held until the end, queued once more for each cheaper path.
            assert_eq!(count.distinct.len() as u64, report.stats.peak_held, "side {side}");
            requeued += count.queued - count.distinct.len() as u64;
        }
        assert!(requeued > 0, "the grid's costs never made a state queued again");
    }

    #[test]
    fn a_start_that_is_a_goal_is_queued_and_solved() {
        let mut count = Count::default();
        let report = UniformCost::new(&Grid { side: 1 }).observer(&mut count).run(&(0, 0));
        assert_eq!(report.outcome.solution().map(|s| s.cost), Some(0));
        assert_eq!((count.queued, count.expanded, count.solved), (1, 0, Some(0)));
    }
}
