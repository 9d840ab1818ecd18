//! Uniform-cost search (Dijkstra's algorithm) with duplicate detection: the complete search for
//! problems whose moves cost different amounts.

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};
use std::hash::Hash;

use num_traits::{CheckedAdd, Zero};

use crate::limits::Watch;
use crate::{Limits, Outcome, Problem, Report, SearchStats, Solution, StopReason};

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
/// - [`Outcome::NoSolution`] once every reachable state has been expanded, or when no path
///   cheaper than the cost type's maximum remains.
/// - [`Outcome::Stopped`] for a limit; `bound` is the cost of the state about to be expanded,
///   which no solution undercuts.
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
        let mut nodes: Vec<Reached<P>> = vec![Reached {
            state: root.clone(),
            parent: usize::MAX,
            via: None,
            g: P::Cost::zero(),
            expanded: false,
        }];
        let mut index: HashMap<P::State, usize> = HashMap::from([(root.clone(), 0)]);
        // Entries are (g, node); a node whose g has since improved leaves a stale entry behind.
        let mut open = BinaryHeap::from([Reverse((P::Cost::zero(), 0_usize))]);
        // The cost of the nodes being expanded, as last stored in the progress.
        let mut level = P::Cost::zero();
        while let Some(Reverse((g, at))) = open.pop() {
            if nodes[at].expanded || g > nodes[at].g {
                continue;
            }
            if let Some(progress) = &self.limits.progress
                && g > level
            {
                level = g;
                progress.set_bound(&g);
            }
            if problem.is_goal(&nodes[at].state) {
                return Outcome::Solved(Solution { moves: path_to(&nodes, at), cost: g });
            }
            if self.limits.max_bound.is_some_and(|max| g > max) {
                return Outcome::Stopped { reason: StopReason::BoundLimit, bound: g };
            }
            nodes[at].expanded = true;
            totals.expanded += 1;
            let mut state = nodes[at].state.clone();
            let skip = nodes[at].via.and_then(|mv| problem.inverse(mv));
            let moves = problem.moves(&state);
            for &mv in moves.as_ref() {
                if skip == Some(mv) {
                    continue;
                }
                if let Some(reason) = watch.check(totals.generated + 1) {
                    return Outcome::Stopped { reason, bound: g };
                }
                totals.generated += 1;
                let Some(child_g) = g.checked_add(&problem.cost(&state, mv)) else {
                    continue;
                };
                problem.apply(&mut state, mv);
                let child = Reached {
                    state: state.clone(),
                    parent: at,
                    via: Some(mv),
                    g: child_g,
                    expanded: false,
                };
                match index.entry(state.clone()) {
                    Entry::Vacant(entry) => {
                        entry.insert(nodes.len());
                        open.push(Reverse((child_g, nodes.len())));
                        nodes.push(child);
                    }
                    Entry::Occupied(entry) => {
                        let known = &mut nodes[*entry.get()];
                        if !known.expanded && child_g < known.g {
                            open.push(Reverse((child_g, *entry.get())));
                            *known = child;
                        }
                    }
                }
                problem.undo(&mut state, mv);
            }
        }
        Outcome::NoSolution
    }
}

/// A state uniform-cost search has reached, by the cheapest path known so far.
struct Reached<P: Problem> {
    state: P::State,
    /// Index of the state it was reached from; `usize::MAX` for the start.
    parent: usize,
    via: Option<P::Move>,
    g: P::Cost,
    expanded: bool,
}

/// The moves from the start to `nodes[at]`.
fn path_to<P: Problem>(nodes: &[Reached<P>], mut at: usize) -> Vec<P::Move> {
    let mut moves = Vec::new();
    while let Some(mv) = nodes[at].via {
        moves.push(mv);
        at = nodes[at].parent;
    }
    moves.reverse();
    moves
}
