//! Breadth-first search with duplicate detection: the complete search that finds the shortest
//! solution or proves that there is none.

use std::hash::Hash;
use std::ops::ControlFlow;

use num_traits::{Bounded, Zero};

use crate::limits::Watch;
use crate::limits::{Limits, StopReason};
use crate::outcome::{Outcome, Report, Solution};
use crate::problem::Problem;
use crate::search_tree::SearchTree;
use crate::stats::SearchStats;

/// Searches from `start` breadth-first, with no limits.
///
/// A shorthand for [`BreadthFirst::new(problem).run(start)`](BreadthFirst::run).
pub fn breadth_first<P>(problem: &P, start: &P::State) -> Report<P::Move, P::Cost>
where
    P: Problem,
    P::State: Hash + Eq,
{
    BreadthFirst::new(problem).run(start)
}

/// Breadth-first search over hashable states, remembering every state it has seen.
///
/// Unlike IDA\*, it never visits a state twice, so on a finite state space it always ends: with
/// the shortest solution, or with [`Outcome::NoSolution`] once every reachable state has been
/// expanded. That makes it the way to prove that a puzzle has no solution, and an independent
/// check of IDA\* in tests.
///
/// # Arguments
///
/// - `problem` keeps the [`Problem`] contract; its states must be `Hash + Eq`, with equal states
///   meaning equal positions.
///
/// # Returns
///
/// - [`Outcome::Solved`] with a solution of the **fewest moves**: the first such solution in move
///   order (states are expanded in the order they were found, and each is reached first by its
///   dictionary-smallest shortest path). Its cost is the least when all moves cost the same; for
///   other costs, use [`UniformCost`](crate::UniformCost).
/// - [`Outcome::NoSolution`] when every reachable state has been expanded. A path whose cost
///   does not fit in the cost type is not followed, as in every driver: the answer then means no
///   solution whose cost fits.
/// - [`Outcome::Stopped`] when [`Limits::max_generated`], the cancel flag or the deadline stopped
///   it; `bound` is then the number of moves of the states being expanded, as a cost (every
///   solution has at least that many moves, each costing at least 1).
/// - [`Outcome::Stopped`] with [`StopReason::BoundLimit`] when every state within
///   [`Limits::max_bound`] has been expanded but some path was cut off for costing more; `bound`
///   is the least cost of such a path. With equal move costs, that is a lower bound on the cost
///   of every solution, as in the other drivers; with varied costs it is not a proof (a state is
///   kept with the first path that reaches it, not the cheapest).
///
/// # Complexity
///
/// Time and memory linear in the number of reachable states (each is stored, cloned twice, and
/// expanded once). Memory is the limit in practice: bound it with [`Limits::max_generated`].
///
/// # Example
///
/// ```
/// use search_core::{breadth_first, Outcome, Problem};
///
/// /// A counter modulo 6 that can only add 2: odd targets are unreachable from 0.
/// struct AddTwo { target: u8 }
///
/// impl Problem for AddTwo {
///     type State = u8;
///     type Move = ();
///     type Cost = u8;
///     type Moves<'a> = [(); 1];
///     fn moves(&self, _: &u8) -> [(); 1] { [()] }
///     fn apply(&self, n: &mut u8, (): ()) { *n = (*n + 2) % 6 }
///     fn undo(&self, n: &mut u8, (): ()) { *n = (*n + 4) % 6 }
///     fn inverse(&self, (): ()) -> Option<()> { None }
///     fn is_goal(&self, n: &u8) -> bool { *n == self.target }
/// }
///
/// assert_eq!(breadth_first(&AddTwo { target: 4 }, &0).outcome.solution().unwrap().moves.len(), 2);
/// assert_eq!(breadth_first(&AddTwo { target: 3 }, &0).outcome, Outcome::NoSolution);
/// ```
#[derive(Debug)]
pub struct BreadthFirst<'a, P: Problem> {
    problem: &'a P,
    limits: Limits<P::Cost>,
}

impl<'a, P> BreadthFirst<'a, P>
where
    P: Problem,
    P::State: Hash + Eq,
{
    /// Breadth-first search on `problem`, with no limits.
    pub fn new(problem: &'a P) -> Self {
        Self { problem, limits: Limits::default() }
    }

    /// Replaces the limits. [`Limits::max_bound`] bounds the cost of the paths followed.
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
        // The tree numbers states in the order they are found, which is the order to expand
        // them in: level by level, each level's states in the order of their shortest paths.
        let mut tree = SearchTree::new(root);
        // The least cost of a path cut off for exceeding `max_bound`, if any was.
        let mut beyond: Option<P::Cost> = None;
        // The numbers of the states `depth` moves from the start.
        let (mut level, mut depth) = (0..1, 0_u32);
        while !level.is_empty() {
            let depth_as_cost: P::Cost = num_traits::cast(depth).unwrap_or_else(P::Cost::max_value);
            if let Some(progress) = &self.limits.progress {
                progress.set_bound(&depth);
            }
            for number in level.clone() {
                let expansion = tree.expand(problem, number, &mut watch, totals, |tree, child| {
                    if tree.find(child.state).is_some() {
                        return ControlFlow::Continue(());
                    }
                    if self.limits.max_bound.is_some_and(|max| child.g > max) {
                        beyond = Some(beyond.map_or(child.g, |least| least.min(child.g)));
                        return ControlFlow::Continue(());
                    }
                    let found = tree.insert(&child);
                    if problem.is_goal(child.state) {
                        return ControlFlow::Break(found);
                    }
                    ControlFlow::Continue(())
                });
                match expansion {
                    Ok(None) => {}
                    Ok(Some(goal)) => return Outcome::Solved(tree.solution(goal)),
                    Err(reason) => return Outcome::Stopped { reason, bound: depth_as_cost },
                }
            }
            level = level.end..tree.len();
            depth += 1;
        }
        if let Some(bound) = beyond {
            return Outcome::Stopped { reason: StopReason::BoundLimit, bound };
        }
        Outcome::NoSolution
    }
}
