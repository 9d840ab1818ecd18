//! Breadth-first search with duplicate detection: the complete search that finds the shortest
//! solution or proves that there is none.

use std::collections::HashSet;
use std::hash::Hash;

use num_traits::{Bounded, Saturating, Zero};

use crate::limits::Watch;
use crate::{Limits, Outcome, Problem, Report, SearchStats, Solution, StopReason};

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
/// - [`Outcome::NoSolution`] when every reachable state has been expanded.
/// - [`Outcome::Stopped`] when [`Limits::max_generated`], the cancel flag or the deadline stopped
///   it, or when the next state to expand is more than [`Limits::max_bound`] moves deep; `bound`
///   is then the number of moves of the states being expanded, as a cost (every solution has at
///   least that many moves).
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

    /// Replaces the limits. [`Limits::max_bound`] counts moves, converted to the cost type.
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
        // `found[i]` is the i-th state discovered; discovery order is also expansion order.
        let mut found: Vec<Discovered<P>> =
            vec![Discovered { state: root.clone(), parent: usize::MAX, via: None, depth: 0 }];
        let mut seen: HashSet<P::State> = HashSet::from([root.clone()]);
        let mut next = 0;
        while next < found.len() {
            let depth = found[next].depth;
            let depth_as_cost: P::Cost = num_traits::cast(depth).unwrap_or_else(P::Cost::max_value);
            if self.limits.max_bound.is_some_and(|max| depth_as_cost > max) {
                return Outcome::Stopped { reason: StopReason::BoundLimit, bound: depth_as_cost };
            }
            if let Some(progress) = &self.limits.progress
                && (next == 0 || found[next - 1].depth < depth)
            {
                progress.set_bound(&depth);
            }
            let mut state = found[next].state.clone();
            let skip = found[next].via.and_then(|mv| problem.inverse(mv));
            totals.expanded += 1;
            let moves = problem.moves(&state);
            for &mv in moves.as_ref() {
                if skip == Some(mv) {
                    continue;
                }
                if let Some(reason) = watch.check(totals.generated + 1) {
                    return Outcome::Stopped { reason, bound: depth_as_cost };
                }
                totals.generated += 1;
                problem.apply(&mut state, mv);
                if !seen.contains(&state) {
                    if problem.is_goal(&state) {
                        return Outcome::Solved(solution_through(problem, &found, next, mv));
                    }
                    seen.insert(state.clone());
                    found.push(Discovered {
                        state: state.clone(),
                        parent: next,
                        via: Some(mv),
                        depth: depth + 1,
                    });
                }
                problem.undo(&mut state, mv);
            }
            next += 1;
        }
        Outcome::NoSolution
    }
}

/// A state breadth-first search has found, and how.
struct Discovered<P: Problem> {
    state: P::State,
    /// Index of the state it was found from; `usize::MAX` for the start.
    parent: usize,
    via: Option<P::Move>,
    depth: u32,
}

/// The solution that reaches `found[last]` and then plays `final_move`, with its cost.
fn solution_through<P: Problem>(
    problem: &P,
    found: &[Discovered<P>],
    last: usize,
    final_move: P::Move,
) -> Solution<P::Move, P::Cost> {
    let mut moves = vec![final_move];
    let mut at = last;
    while let Some(mv) = found[at].via {
        moves.push(mv);
        at = found[at].parent;
    }
    moves.reverse();
    let mut state = found[0].state.clone();
    let mut cost = P::Cost::zero();
    for &mv in &moves {
        cost = cost.saturating_add(problem.cost(&state, mv));
        problem.apply(&mut state, mv);
    }
    Solution { moves, cost }
}
