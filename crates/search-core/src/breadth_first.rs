//! Breadth-first search with duplicate detection: the complete search that finds the shortest
//! solution or proves that there is none.

use std::hash::Hash;
use std::ops::ControlFlow;

use num_traits::{Bounded, Zero};

use crate::limits::Limits;
use crate::limits::Watch;
use crate::observer::{NoObserver, Node, Observer};
use crate::outcome::{Outcome, Report, Solution};
use crate::problem::Problem;
use crate::search_tree::SearchTree;
use crate::stats::SearchStats;
use crate::stop_reason::StopReason;

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
pub struct BreadthFirst<'a, P: Problem, O = NoObserver> {
    problem: &'a P,
    limits: Limits<P::Cost>,
    observer: O,
}

impl<'a, P> BreadthFirst<'a, P>
where
    P: Problem,
    P::State: Hash + Eq,
{
    /// Breadth-first search on `problem`, with no limits and no observer.
    pub fn new(problem: &'a P) -> Self {
        Self { problem, limits: Limits::default(), observer: NoObserver }
    }
}

impl<'a, P, O> BreadthFirst<'a, P, O>
where
    P: Problem,
    P::State: Hash + Eq,
    O: Observer<P>,
{
    /// Replaces the limits. [`Limits::max_bound`] bounds the cost of the paths followed.
    #[must_use]
    pub fn limits(mut self, limits: Limits<P::Cost>) -> Self {
        self.limits = limits;
        self
    }

    /// Watches the search with `observer`: [`Observer::node_queued`] for each state put on the
    /// open list (the start first, then each child not reached before, a goal included),
    /// [`Observer::node_expanded`] for each state expanded, [`Observer::solution_found`] at the
    /// end. Breadth-first search has no heuristic: every node's `h` is zero. The open list is
    /// the states queued but not yet expanded; the closed list, those expanded. Pass
    /// `&mut observer` to inspect it afterwards.
    pub fn observer<O2: Observer<P>>(self, observer: O2) -> BreadthFirst<'a, P, O2> {
        BreadthFirst { problem: self.problem, limits: self.limits, observer }
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
        let problem = self.problem;
        let zero = P::Cost::zero();
        self.observer.node_queued(&Node { state: root, depth: 0, via: None, g: zero, h: zero });
        if problem.is_goal(root) {
            self.observer.solution_found(&[], zero);
            return Outcome::Solved(Solution { moves: Vec::new(), cost: zero });
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
        let (mut level, mut depth) = (0..1, 0_usize);
        while !level.is_empty() {
            let depth_as_cost: P::Cost = num_traits::cast(depth).unwrap_or_else(P::Cost::max_value);
            if let Some(progress) = &self.limits.progress {
                progress.set_bound(&depth);
            }
            for number in level.clone() {
                let node = &tree[number];
                let via = tree.via(number);
                let node = Node { state: &node.state, depth, via, g: node.g, h: zero };
                self.observer.node_expanded(&node);
                let observer = &mut self.observer;
                let expansion = tree.expand(problem, number, &mut watch, totals, |tree, child| {
                    if tree.find(child.state).is_some() {
                        return ControlFlow::Continue(());
                    }
                    if self.limits.max_bound.is_some_and(|max| child.g > max) {
                        beyond = Some(beyond.map_or(child.g, |least| least.min(child.g)));
                        return ControlFlow::Continue(());
                    }
                    let found = tree.insert(&child);
                    observer.node_queued(&Node {
                        state: child.state,
                        depth: depth + 1,
                        via: tree.via(found),
                        g: child.g,
                        h: zero,
                    });
                    if problem.is_goal(child.state) {
                        return ControlFlow::Break(found);
                    }
                    ControlFlow::Continue(())
                });
                match expansion {
                    Ok(None) => {}
                    Ok(Some(goal)) => {
                        let solution = tree.solution(goal);
                        self.observer.solution_found(&solution.moves, solution.cost);
                        return Outcome::Solved(solution);
                    }
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

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// A `side x side` grid of cells, moving up, left, right or down, the goal the far corner;
    /// `walled` closes off the goal by making the cells beside it unenterable.
    struct Grid {
        side: u8,
        walled: bool,
    }

    impl Grid {
        fn open(&self, (r, c): (u8, u8)) -> bool {
            let far = self.side - 1;
            !(self.walled && (r, c) != (far, far) && r.max(c) == far && r.min(c) == far - 1)
        }
    }

    impl Problem for Grid {
        type State = (u8, u8);
        type Move = (i8, i8);
        type Cost = u32;
        type Moves<'a> = Vec<(i8, i8)>;
        fn moves(&self, &(r, c): &(u8, u8)) -> Vec<(i8, i8)> {
            [(-1, 0), (0, -1), (0, 1), (1, 0)]
                .into_iter()
                .filter(|&(dr, dc)| {
                    let to = (r.checked_add_signed(dr), c.checked_add_signed(dc));
                    matches!(to, (Some(r), Some(c)) if r < self.side && c < self.side
                        && self.open((r, c)))
                })
                .collect()
        }
        fn apply(&self, at: &mut (u8, u8), (dr, dc): (i8, i8)) {
            *at = (at.0.wrapping_add_signed(dr), at.1.wrapping_add_signed(dc));
        }
        fn undo(&self, at: &mut (u8, u8), (dr, dc): (i8, i8)) {
            *at = (at.0.wrapping_add_signed(-dr), at.1.wrapping_add_signed(-dc));
        }
        fn inverse(&self, (dr, dc): (i8, i8)) -> Option<(i8, i8)> {
            Some((-dr, -dc))
        }
        fn is_goal(&self, at: &(u8, u8)) -> bool {
            *at == (self.side - 1, self.side - 1)
        }
    }

    /// Counts what the driver reports, checking each node's figures as it goes.
    #[derive(Default)]
    struct Count {
        queued: HashSet<(u8, u8)>,
        expanded: u64,
        deepest_expanded: usize,
        solved: Option<(usize, u32)>,
    }

    impl Observer<Grid> for Count {
        fn node_queued(&mut self, node: &Node<'_, Grid>) {
            assert_eq!(node.depth == 0, node.via.is_none());
            assert_eq!((node.g, node.h), (u32::try_from(node.depth).unwrap(), 0));
            assert!(self.queued.insert(*node.state), "{:?} queued twice", node.state);
        }
        fn node_expanded(&mut self, node: &Node<'_, Grid>) {
            assert!(self.queued.contains(node.state), "expanded before queued");
            assert!(node.depth >= self.deepest_expanded, "expanded level by level");
            self.deepest_expanded = node.depth;
            self.expanded += 1;
        }
        fn solution_found(&mut self, moves: &[(i8, i8)], cost: u32) {
            self.solved = Some((moves.len(), cost));
        }
    }

    #[test]
    fn the_observer_counts_equal_the_statistics() {
        for side in 1..=5 {
            for walled in [false, true] {
                let grid = Grid { side, walled: walled && side > 2 };
                let mut count = Count::default();
                let report = BreadthFirst::new(&grid).observer(&mut count).run(&(0, 0));
                let what = format!("side {side}, walled {walled}");
                assert_eq!(count.expanded, report.stats.expanded, "{what}");
                if side > 1 {
                    // Every state queued is held until the end: the open and closed lists.
                    assert_eq!(count.queued.len() as u64, report.stats.peak_held, "{what}");
                }
                match report.outcome {
                    Outcome::Solved(solution) => {
                        assert_eq!(count.solved, Some((solution.moves.len(), solution.cost)));
                        assert_eq!(solution.cost, 2 * u32::from(side - 1), "{what}");
                    }
                    Outcome::NoSolution => {
                        assert!(grid.walled, "{what}");
                        assert_eq!(count.solved, None);
                        // Every reachable cell but the two walls and the goal, each expanded.
                        let reachable = u64::from(side) * u64::from(side) - 3;
                        assert_eq!(
                            (count.expanded, report.stats.peak_held),
                            (reachable, reachable)
                        );
                    }
                    Outcome::Stopped { .. } => panic!("{what}: stopped without a limit"),
                }
            }
        }
    }

    #[test]
    fn a_start_that_is_a_goal_is_queued_and_solved() {
        let mut count = Count::default();
        let report =
            BreadthFirst::new(&Grid { side: 1, walled: false }).observer(&mut count).run(&(0, 0));
        assert_eq!(report.outcome.solution().map(|s| s.cost), Some(0));
        assert_eq!((count.queued.len(), count.expanded, count.solved), (1, 0, Some((0, 0))));
    }
}
