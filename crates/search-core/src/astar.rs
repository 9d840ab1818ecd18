//! A\* search (Hart, Nilsson and Raphael, 1968): best-first search on `f = g + h`, with duplicate
//! detection, keeping every state it reaches.
//!
//! A\* is IDA\*'s ancestor and its opposite in memory. Both expand nodes in order of `f`, and with
//! the same admissible heuristic both find a cheapest solution; A\* keeps every state it has
//! reached (the open list still to expand, the closed list already expanded) and so expands each
//! state once, where IDA\* keeps only the current path and pays for it by searching the tree
//! again in every iteration. [`SearchStats::peak_held`] shows the price: the number of states A\*
//! held at the end, against the length of one path for IDA\*.

use std::hash::Hash;

use crate::best_first::best_first;
use crate::heuristic::Heuristic;
use crate::limits::Limits;
use crate::observer::{NoObserver, Observer};
use crate::outcome::{Outcome, Report};
use crate::problem::Problem;
use crate::stats::SearchStats;

/// Searches from `start` for a cheapest solution by A\* with `heuristic`, with no limits.
///
/// A shorthand for [`AStar::new(problem, heuristic).run(start)`](AStar::run).
pub fn astar<P, H>(problem: &P, heuristic: &H, start: &P::State) -> Report<P::Move, P::Cost>
where
    P: Problem,
    P::State: Hash + Eq,
    H: Heuristic<P>,
{
    AStar::new(problem, heuristic).run(start)
}

/// A\* search: states expanded in order of `f = g + h`, the least first.
///
/// # Arguments
///
/// - `problem` keeps the [`Problem`] contract; its states must be `Hash + Eq`, since every state
///   reached is kept and looked up.
/// - `heuristic` must be **admissible** (never above the cheapest cost still to pay) for the
///   answer to be a cheapest solution. It need not be consistent: a state reached again more
///   cheaply after its expansion is expanded again (A\* "reopens" it), so an admissible but
///   inconsistent heuristic still gives a cheapest solution, at the price of some repeated work.
///
/// # Returns
///
/// - [`Outcome::Solved`] with a cheapest solution. **Which one:** nodes are expanded by least
///   `f`; among equal `f`, the one with the greatest `g` (the deepest, nearest a goal by the
///   heuristic) first; among those, the one reached first. A goal is recognised when it is taken
///   for expansion, not when it is generated (only then is its cost known to be least), and its
///   path is the first cheapest one found to it: a path found later at the same cost does not
///   replace it. IDA\* may return another solution of the same cost: compare costs, not moves.
/// - [`Outcome::NoSolution`] once every reachable state has been expanded.
/// - [`Outcome::Stopped`] for a limit; `bound` is the `f` of the node about to be expanded, which
///   no solution undercuts (the least `f` on the open list, for an admissible heuristic).
///
/// [`SearchStats`] counts as the other complete searches do (generated: every child but the one
/// leading straight back; expanded: every node whose children were generated, a reopened node
/// once more each time) and adds [`peak_held`](SearchStats::peak_held), the states held on the
/// open and closed lists together when the search ended (A\* never lets go of one).
///
/// # Complexity
///
/// With a consistent heuristic, each reachable state with `f` below the answer's cost is expanded
/// once: `O(n log n)` time for the `n` states it reaches (a binary heap), memory linear in `n`.
/// The better the heuristic, the smaller `n`; with the zero heuristic A\* is uniform-cost search.
///
/// See Hart, P. E., Nilsson, N. J. and Raphael, B. (1968), *A formal basis for the heuristic
/// determination of minimum cost paths*, IEEE Transactions on Systems Science and Cybernetics
/// 4(2), 100-107.
///
/// # Example
///
/// ```
/// use search_core::{astar, Heuristic, Problem};
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
/// /// Every two cells left cost at least 5: admissible.
/// struct Jumps;
/// impl Heuristic<Line> for Jumps {
///     fn estimate(&self, line: &Line, at: &u32) -> u32 { line.goal.saturating_sub(*at) / 2 * 5 }
/// }
///
/// // Three jumps and a step (18) beat seven steps (21).
/// let report = astar(&Line { goal: 7 }, &Jumps, &0);
/// assert_eq!(report.outcome.solution().unwrap().cost, 18);
/// ```
#[derive(Debug)]
pub struct AStar<'a, P: Problem, H, O = NoObserver> {
    problem: &'a P,
    heuristic: &'a H,
    limits: Limits<P::Cost>,
    observer: O,
}

impl<'a, P, H> AStar<'a, P, H>
where
    P: Problem,
    P::State: Hash + Eq,
    H: Heuristic<P>,
{
    /// A\* on `problem` with `heuristic`, with no limits and no observer.
    pub fn new(problem: &'a P, heuristic: &'a H) -> Self {
        Self { problem, heuristic, limits: Limits::default(), observer: NoObserver }
    }
}

impl<'a, P, H, O> AStar<'a, P, H, O>
where
    P: Problem,
    P::State: Hash + Eq,
    H: Heuristic<P>,
    O: Observer<P>,
{
    /// Replaces the limits.
    #[must_use]
    pub fn limits(mut self, limits: Limits<P::Cost>) -> Self {
        self.limits = limits;
        self
    }

    /// Watches the search with `observer`: [`Observer::node_queued`] for each node put on the
    /// open list (the start first), [`Observer::node_expanded`] for each node taken from it and
    /// expanded, [`Observer::solution_found`] at the end. Pass `&mut observer` to inspect it
    /// afterwards.
    pub fn observer<O2: Observer<P>>(self, observer: O2) -> AStar<'a, P, H, O2> {
        AStar { problem: self.problem, heuristic: self.heuristic, limits: self.limits, observer }
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
        best_first(self.problem, self.heuristic, &self.limits, &mut self.observer, root, totals)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::StopReason;
    use crate::heuristic::Blind;
    use crate::observer::Node;
    use crate::test_grid::Grid;
    use crate::textbook;

    /// The steps left to the far corner: each costs at least 1, so admissible and consistent.
    struct Steps;
    impl Heuristic<Grid> for Steps {
        fn estimate(&self, grid: &Grid, &(r, c): &(u8, u8)) -> u32 {
            u32::from(grid.side - 1 - r) + u32::from(grid.side - 1 - c)
        }
    }

    /// The steps left, at most 3, on even rows, and nothing on odd ones: admissible (every step
    /// costs at least 1), but not consistent (it drops by up to 3 across a step costing 1).
    struct Uneven;
    impl Heuristic<Grid> for Uneven {
        fn estimate(&self, grid: &Grid, at: &(u8, u8)) -> u32 {
            if at.0.is_multiple_of(2) { Steps.estimate(grid, at).min(3) } else { 0 }
        }
    }

    fn cost_of(report: &Report<(i8, i8), u32>) -> u32 {
        report.outcome.solution().expect("solved").cost
    }

    /// Against the textbook's uniform-cost search, a loop of its own (the fast [`UniformCost`]
    /// shares this one's).
    ///
    /// [`UniformCost`]: crate::UniformCost
    #[test]
    fn finds_the_cheapest_solution_that_uniform_cost_search_finds() {
        for side in 1..=6 {
            let grid = Grid { side };
            let cheapest = textbook::uniform_cost(&grid, &(0, 0)).solution().expect("solved").cost;
            for report in [
                astar(&grid, &Blind, &(0, 0)),
                astar(&grid, &Steps, &(0, 0)),
                astar(&grid, &Uneven, &(0, 0)),
            ] {
                assert_eq!(cost_of(&report), cheapest, "side {side}");
                let moves = &report.outcome.solution().unwrap().moves;
                let mut at = (0, 0);
                let mut paid = 0;
                for &mv in moves {
                    paid += grid.cost(&at, mv);
                    grid.apply(&mut at, mv);
                }
                assert!(grid.is_goal(&at));
                assert_eq!(paid, cheapest);
            }
        }
    }

    #[test]
    fn a_better_heuristic_expands_fewer_nodes_and_holds_fewer() {
        let grid = Grid { side: 8 };
        let blind = astar(&grid, &Blind, &(0, 0)).stats;
        let steps = astar(&grid, &Steps, &(0, 0)).stats;
        assert!(steps.expanded < blind.expanded, "{steps:?} against {blind:?}");
        assert!(steps.peak_held <= blind.peak_held);
        assert!(blind.peak_held <= 64);
        assert!(steps.peak_held > 0);
    }

    #[test]
    fn the_observer_sees_every_node_queued_and_expanded() {
        #[derive(Default)]
        struct Count {
            queued: u64,
            expanded: u64,
            solved: Option<u32>,
        }
        impl Observer<Grid> for Count {
            fn node_queued(&mut self, node: &Node<'_, Grid>) {
                assert_eq!(node.depth == 0, node.via.is_none());
                self.queued += 1;
            }
            fn node_expanded(&mut self, node: &Node<'_, Grid>) {
                assert_eq!(node.h, Steps.estimate(&Grid { side: 5 }, node.state));
                self.expanded += 1;
            }
            fn solution_found(&mut self, _: &[(i8, i8)], cost: u32) {
                self.solved = Some(cost);
            }
        }
        let grid = Grid { side: 5 };
        let mut count = Count::default();
        let report = AStar::new(&grid, &Steps).observer(&mut count).run(&(0, 0));
        assert_eq!(count.expanded, report.stats.expanded);
        assert_eq!(count.solved, Some(cost_of(&report)));
        assert!(count.queued >= report.stats.peak_held);
    }

    #[test]
    fn a_start_that_is_a_goal_costs_nothing() {
        let report = astar(&Grid { side: 1 }, &Steps, &(0, 0));
        assert_eq!(cost_of(&report), 0);
        assert_eq!((report.stats.generated, report.stats.expanded), (1, 0));
    }

    #[test]
    fn limits_stop_it_with_a_bound_no_solution_undercuts() {
        let grid = Grid { side: 6 };
        let cheapest = cost_of(&astar(&grid, &Steps, &(0, 0)));
        let limits = Limits::default().max_generated(20);
        let report = AStar::new(&grid, &Steps).limits(limits).run(&(0, 0));
        let stopped = report.outcome.stopped().expect("stopped");
        assert_eq!(stopped.reason, StopReason::NodeLimit);
        assert!(stopped.bound <= cheapest);
        let report = AStar::new(&grid, &Steps).limits(Limits::default().max_bound(4)).run(&(0, 0));
        assert_eq!(report.outcome.stopped().expect("stopped").reason, StopReason::BoundLimit);
    }
}
