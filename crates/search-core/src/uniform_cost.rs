//! Uniform-cost search (Dijkstra's algorithm) with duplicate detection: the complete search for
//! problems whose moves cost different amounts.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;
use std::ops::ControlFlow;

use num_traits::Zero;

use crate::limits::Watch;
use crate::limits::{Limits, StopReason};
use crate::outcome::{Outcome, Report, Solution};
use crate::problem::Problem;
use crate::search_tree::SearchTree;
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
pub struct UniformCost<'a, P: Problem> {
    problem: &'a P,
    limits: Limits<P::Cost>,
}

impl<'a, P> UniformCost<'a, P>
where
    P: Problem,
    P::State: Hash + Eq,
{
    /// Uniform-cost search on `problem`, with no limits.
    pub fn new(problem: &'a P) -> Self {
        Self { problem, limits: Limits::default() }
    }

    /// Replaces the limits.
    #[must_use]
    pub fn limits(mut self, limits: Limits<P::Cost>) -> Self {
        self.limits = limits;
        self
    }

    /// Searches from `start`.
    pub fn run(&self, start: &P::State) -> Report<P::Move, P::Cost> {
        let progress = self.limits.progress.clone();
        Report::timed(progress.as_deref(), |stats| self.search(start, stats))
    }

    fn search(
        &self,
        root: &P::State,
        totals: &mut SearchStats<P::Cost>,
    ) -> Outcome<P::Move, P::Cost> {
        let problem = self.problem;
        if problem.is_goal(root) {
            return Outcome::Solved(Solution { moves: Vec::new(), cost: P::Cost::zero() });
        }
        if let Some(reason) = self.limits.interrupted() {
            return Outcome::Stopped { reason, bound: P::Cost::zero() };
        }
        let mut watch = Watch::new(&self.limits, 0);
        let mut tree = SearchTree::new(root);
        // Entries are (g, node): the priority queue of nodes to expand, cheapest first. A node
        // reached again more cheaply is queued again, leaving a stale entry behind, which is
        // skipped: its `g` is above the node's. Costs are positive, so a node is final when it
        // is first taken from the queue (every node taken later costs at least as much, and so
        // do the paths through it), and no node is expanded twice.
        let mut open = BinaryHeap::from([Reverse((P::Cost::zero(), 0_usize))]);
        // The cost of the nodes being expanded, as last stored in the progress.
        let mut level = P::Cost::zero();
        while let Some(Reverse((g, at))) = open.pop() {
            if g > tree[at].g {
                continue;
            }
            if let Some(progress) = &self.limits.progress
                && g > level
            {
                level = g;
                progress.set_bound(&g);
            }
            // Every node left costs at least `g`, so `g` is the least bound not ruled out.
            if self.limits.max_bound.is_some_and(|max| g > max) {
                return Outcome::Stopped { reason: StopReason::BoundLimit, bound: g };
            }
            if problem.is_goal(&tree[at].state) {
                return Outcome::Solved(tree.solution(at));
            }
            let expansion = tree.expand(problem, at, &mut watch, totals, |tree, child| {
                match tree.find(child.state) {
                    None => open.push(Reverse((child.g, tree.insert(&child)))),
                    Some(known) if child.g < tree[known].g => {
                        tree.reroute(known, &child);
                        open.push(Reverse((child.g, known)));
                    }
                    Some(_) => {}
                }
                ControlFlow::Continue(())
            });
            if let Err(reason) = expansion {
                return Outcome::Stopped { reason, bound: g };
            }
        }
        Outcome::NoSolution
    }
}
