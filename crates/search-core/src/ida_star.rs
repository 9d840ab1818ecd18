//! IDA\*, iterative-deepening A\* (Korf 1985): depth-first searches under a growing bound on
//! `f = g + h`, in place, with an explicit stack.
//!
//! # How it works
//!
//! An iteration is a depth-first search from the start that cuts off every node whose
//! `f = g + h` exceeds the iteration's bound. The first bound is the start's estimate; each next
//! bound is the least `f` that exceeded the previous one, so no iteration skips past the cost of
//! the cheapest solution. With an admissible heuristic the first solution found therefore costs
//! the least possible, and because children are tried in the problem's move order, it is the
//! first optimal solution in that order.
//!
//! # Design decisions
//!
//! - **In place.** One state is cloned from the start; moves are applied going down and undone
//!   coming back. No node owns a state.
//! - **An explicit stack**, not recursion: a search can go as deep as memory allows, never into a
//!   stack overflow. Each frame holds the node's move list (as [`Problem::moves`] returned it),
//!   the index of the next move to try, `g`, `h`, and the move not to play (the inverse of the
//!   move that reached it). The move that led to the next frame is the one its index last passed,
//!   so the path's moves need no storage of their own. The top frame lives in local variables,
//!   where the compiler can keep it in registers. (Recursion was measured: slower, see
//!   `docs/performance.md`.)
//! - **Children priced before the move.** With [`Heuristic::estimate_child`], a child beyond the
//!   bound is cut off without applying and undoing its move.
//! - **Goal test on generation.** A child within the bound is tested as soon as it is generated,
//!   and the search stops there, without expanding it: Korf's convention, so node counts match
//!   the literature.
//! - **Checked arithmetic.** A child whose `g` or `f` does not fit in the cost type is pruned and
//!   never becomes a bound; when no bound is left, the answer is [`Outcome::NoSolution`].

use std::time::Instant;

use num_traits::{Bounded, CheckedAdd, Zero};

use crate::heuristic::is_dead_end;
use crate::limits::Watch;
use crate::{
    Heuristic, IterationStats, Limits, NoObserver, Node, Observer, Outcome, Problem, Pruned,
    Report, SearchStats, Solution, StopReason,
};

/// Searches for the first optimal solution from `start` with IDA\*, with no limits and no observer.
///
/// A shorthand for [`IdaStar::new(problem, heuristic).run(start)`](IdaStar::run): see
/// [`IdaStar`] for the arguments' contracts and the complexity.
pub fn ida_star<P, H>(problem: &P, heuristic: &H, start: &P::State) -> Report<P::Move, P::Cost>
where
    P: Problem,
    H: Heuristic<P>,
{
    IdaStar::new(problem, heuristic).run(start)
}

/// IDA\* with its settings: a problem, an admissible heuristic, [`Limits`] and an [`Observer`].
///
/// # Arguments
///
/// - `problem` must keep the [`Problem`] contract: moves in a fixed order, `undo` exactly
///   reverses `apply`, inverses lead straight back, costs are positive.
/// - `heuristic` must never overestimate the cost to the nearest goal, or a solution that is not
///   optimal (or not the first optimal one in move order) may be returned.
///
/// # Returns
///
/// A [`Report`] whose outcome is
/// - [`Outcome::Solved`] with the optimal solution that comes first in move order;
/// - [`Outcome::NoSolution`] when an iteration explored every path without cutting any off, which
///   happens only when the search tree is finite (no cycles beyond move-and-inverse pairs), or
///   when no bound that fits in the cost type is left;
/// - [`Outcome::Stopped`] when a limit was hit.
///
/// # Complexity
///
/// Memory is linear in the depth of the solution: one stack frame and one list of moves per level.
/// Time is the number of nodes generated, summed over the iterations; with branching factor `b`
/// and solution depth `d` it is `O(b^d)` in the worst case, and a better heuristic cuts the
/// effective branching factor. When costs are all equal and the bound grows by one move per
/// iteration, the iterations before the last add only a constant factor.
///
/// # Example
///
/// ```
/// use search_core::{Blind, IdaStar, Limits, MoveVec, Outcome, Problem, StopReason};
///
/// /// Count up to a target by adding one or doubling.
/// struct Doubling { target: u32 }
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// enum Step { AddOne, Double }
///
/// impl Problem for Doubling {
///     type State = u32;
///     type Move = Step;
///     type Cost = u8;
///     type Moves<'a> = MoveVec<Step>;
///     fn moves(&self, n: &u32) -> MoveVec<Step> {
///         let mut moves = MoveVec::new();
///         if *n < self.target { moves.push(Step::AddOne) }
///         if *n > 0 && *n * 2 <= self.target { moves.push(Step::Double) }
///         moves
///     }
///     fn apply(&self, n: &mut u32, step: Step) {
///         match step { Step::AddOne => *n += 1, Step::Double => *n *= 2 }
///     }
///     fn undo(&self, n: &mut u32, step: Step) {
///         match step { Step::AddOne => *n -= 1, Step::Double => *n /= 2 }
///     }
///     fn inverse(&self, _: Step) -> Option<Step> { None }
///     fn is_goal(&self, n: &u32) -> bool { *n == self.target }
/// }
///
/// let problem = Doubling { target: 10 };
/// let report = IdaStar::new(&problem, &Blind).run(&1);
/// let solution = report.outcome.solution().expect("10 is reachable from 1");
/// // 1 -> 2 -> 4 -> 5 -> 10, and AddOne comes first in move order.
/// assert_eq!(solution.moves, [Step::AddOne, Step::Double, Step::AddOne, Step::Double]);
///
/// // A bound limit stops the search, with a proven lower bound on the answer.
/// let stopped = IdaStar::new(&problem, &Blind).limits(Limits::default().max_bound(2)).run(&1);
/// assert_eq!(stopped.outcome, Outcome::Stopped { reason: StopReason::BoundLimit, bound: 3 });
/// ```
///
/// See Korf, R. E. (1985), *Depth-first iterative-deepening: an optimal admissible tree search*,
/// Artificial Intelligence 27(1), 97-109.
#[derive(Debug)]
pub struct IdaStar<'a, P: Problem, H, O = NoObserver> {
    problem: &'a P,
    heuristic: &'a H,
    limits: Limits<P::Cost>,
    observer: O,
}

impl<'a, P: Problem, H: Heuristic<P>> IdaStar<'a, P, H> {
    /// IDA\* on `problem` guided by `heuristic`, with no limits and no observer.
    pub fn new(problem: &'a P, heuristic: &'a H) -> Self {
        Self { problem, heuristic, limits: Limits::default(), observer: NoObserver }
    }
}

impl<'a, P: Problem, H: Heuristic<P>, O: Observer<P>> IdaStar<'a, P, H, O> {
    /// Replaces the limits.
    #[must_use]
    pub fn limits(mut self, limits: Limits<P::Cost>) -> Self {
        self.limits = limits;
        self
    }

    /// Replaces the observer. Pass `&mut observer` to look at it after the search.
    pub fn observer<O2: Observer<P>>(self, observer: O2) -> IdaStar<'a, P, H, O2> {
        IdaStar { problem: self.problem, heuristic: self.heuristic, limits: self.limits, observer }
    }

    /// Searches from `start`, which is cloned once and left as it is.
    pub fn run(&mut self, start: &P::State) -> Report<P::Move, P::Cost> {
        Report::timed(|stats| self.search(start, stats))
    }

    fn search(
        &mut self,
        root: &P::State,
        totals: &mut SearchStats<P::Cost>,
    ) -> Outcome<P::Move, P::Cost> {
        let zero = P::Cost::zero();
        let mut state = root.clone();
        if self.problem.is_goal(&state) {
            self.observer.solution_found(&[], zero);
            return Outcome::Solved(Solution { moves: Vec::new(), cost: zero });
        }
        let root_h = self.heuristic.estimate(self.problem, &state);
        if is_dead_end(&root_h) {
            return Outcome::NoSolution;
        }
        let mut watch = Watch::new(&self.limits, 0);
        if let Some(reason) = watch.check(totals.generated) {
            return Outcome::Stopped { reason, bound: root_h };
        }
        let mut path = Path::new();
        let mut bound = root_h;
        loop {
            if self.limits.max_bound.is_some_and(|max| bound > max) {
                return Outcome::Stopped { reason: StopReason::BoundLimit, bound };
            }
            if self.limits.cancelled() {
                return Outcome::Stopped { reason: StopReason::Cancelled, bound };
            }
            self.observer.iteration_started(bound);
            let iteration_started = Instant::now();
            let mut counts = Counts { generated: totals.generated, expanded: 0 };
            let end = self.iterate(&mut state, &mut path, bound, root_h, &mut watch, &mut counts);
            let iteration = IterationStats {
                bound,
                generated: counts.generated - totals.generated,
                expanded: counts.expanded,
                elapsed: iteration_started.elapsed(),
            };
            self.observer.iteration_finished(&iteration);
            totals.push_iteration(iteration);
            match end {
                IterationEnd::Solved { cost } => {
                    let moves = path.moves();
                    self.observer.solution_found(&moves, cost);
                    return Outcome::Solved(Solution { moves, cost });
                }
                IterationEnd::Exhausted { next_bound: Some(next) } => bound = next,
                IterationEnd::Exhausted { next_bound: None } => return Outcome::NoSolution,
                IterationEnd::Stopped(reason) => return Outcome::Stopped { reason, bound },
            }
        }
    }

    /// One depth-first search under `bound`. On return `state` is the start again, unless a
    /// solution was found (then `state` is the goal and `path.moves()` the solution) or a limit hit.
    ///
    /// The node on top of the path lives in the local `top`, not in `path.frames`, so the hot
    /// loop works on registers; `path.frames` holds its ancestors.
    fn iterate(
        &mut self,
        state: &mut P::State,
        path: &mut Path<'a, P>,
        bound: P::Cost,
        root_h: P::Cost,
        watch: &mut Watch,
        counts: &mut Counts,
    ) -> IterationEnd<P::Cost> {
        let (problem, heuristic) = (self.problem, self.heuristic);
        path.frames.clear();
        // The least f beyond the bound so far, valid once `pruned` is set (branch-free updates).
        let mut least_beyond = P::Cost::max_value();
        let mut pruned = false;

        counts.expanded += 1;
        let (g, h) = (P::Cost::zero(), root_h);
        self.observer.node_expanded(&Node { state: &*state, depth: 0, via: None, g, h });
        let mut top = Frame { moves: problem.moves(state), next: 0, g, h, skip: None };
        let mut countdown = watch.countdown(counts.generated);

        loop {
            let Some(mv) = top.untried() else {
                // Every move of the node on top has been tried: back up to its parent, taking
                // back the move that reached it (the parent's last move tried).
                let Some(parent) = path.frames.pop() else {
                    let next_bound = pruned.then_some(least_beyond);
                    counts.generated = watch.generated(countdown);
                    return IterationEnd::Exhausted { next_bound };
                };
                problem.undo(state, parent.last_tried());
                top = parent;
                continue;
            };
            top.next += 1;
            // (Written as a let chain rather than `top.skip == Some(mv)`: measured 4% faster.)
            if let Some(skip) = top.skip
                && skip == mv
            {
                continue;
            }

            if let Some(reason) = watch.tick(&mut countdown) {
                counts.generated = watch.generated(countdown);
                return IterationEnd::Stopped(reason);
            }
            let g = top.g.checked_add(&problem.cost(state, mv));
            // Price the child before making the move if the heuristic can; else make it first.
            let (h, moved) = if let Some(h) = heuristic.estimate_child(problem, state, mv, top.h) {
                (h, false)
            } else {
                problem.apply(state, mv);
                (heuristic.estimate(problem, state), true)
            };
            // Moves cost at least one, so a dead end's estimate (the maximum) overflows here.
            let f = g.and_then(|g| g.checked_add(&h));
            let (Some(g), Some(f)) = (g, f) else {
                self.prune(state, path.frames.len() + 1, mv, moved, g, h);
                continue;
            };
            if f > bound {
                least_beyond = least_beyond.min(f);
                pruned = true;
                self.prune(state, path.frames.len() + 1, mv, moved, Some(g), h);
                continue;
            }
            if !moved {
                problem.apply(state, mv);
            }

            path.frames.push(top);
            // An admissible estimate is zero on every goal, so only such nodes need the test.
            if h.is_zero() && problem.is_goal(state) {
                counts.generated = watch.generated(countdown);
                return IterationEnd::Solved { cost: g };
            }
            counts.expanded += 1;
            let depth = path.frames.len();
            self.observer.node_expanded(&Node { state: &*state, depth, via: Some(mv), g, h });
            top = Frame { moves: problem.moves(state), next: 0, g, h, skip: problem.inverse(mv) };
        }
    }

    /// Cuts off the child `mv` reaches at `depth`, taking the move back if it was made.
    #[inline]
    fn prune(
        &mut self,
        state: &mut P::State,
        depth: usize,
        mv: P::Move,
        moved: bool,
        g: Option<P::Cost>,
        h: P::Cost,
    ) {
        if moved {
            self.problem.undo(state, mv);
        }
        self.observer.child_pruned(&Pruned { parent: state, depth, via: mv, g, h });
    }
}

/// The search path: a frame per node on it, the start first.
struct Path<'a, P: Problem + 'a> {
    frames: Vec<Frame<'a, P>>,
}

impl<'a, P: Problem + 'a> Path<'a, P> {
    fn new() -> Self {
        Self { frames: Vec::new() }
    }

    /// The moves from the start: the move each frame last tried led to the next frame.
    fn moves(&self) -> Vec<P::Move> {
        self.frames.iter().map(Frame::last_tried).collect()
    }
}

/// A node on the search path.
struct Frame<'a, P: Problem + 'a> {
    /// The node's moves, in order.
    moves: P::Moves<'a>,
    /// Index in `moves` of the next move to try.
    next: usize,
    /// Cost from the start.
    g: P::Cost,
    /// The heuristic's estimate.
    h: P::Cost,
    /// The move that would lead straight back to the parent.
    skip: Option<P::Move>,
}

impl<'a, P: Problem + 'a> Frame<'a, P> {
    /// The next move to try, if any is left.
    #[inline]
    fn untried(&self) -> Option<P::Move> {
        self.moves.as_ref().get(self.next).copied()
    }

    /// The move tried last, which (for a frame below the top) led to the frame above it.
    fn last_tried(&self) -> P::Move {
        self.moves.as_ref()[self.next - 1]
    }
}

/// Running counts: `generated` for the whole search, `expanded` for the iteration.
#[derive(Debug)]
struct Counts {
    generated: u64,
    expanded: u64,
}

/// How an iteration ended.
#[derive(Debug)]
enum IterationEnd<C> {
    Solved {
        cost: C,
    },
    /// Nothing within the bound is a goal; `next_bound` is the least `f` that exceeded it.
    Exhausted {
        next_bound: Option<C>,
    },
    Stopped(StopReason),
}
