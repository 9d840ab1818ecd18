//! IDA\*, iterative-deepening A\* (Korf 1985): depth-first searches under a growing bound on
//! `f = g + h`, in place, recursive near the root and with an explicit stack below.
//!
//! The algorithm in its plainest form, sixty lines to read first, is
//! [`textbook::ida_star`](crate::textbook::ida_star): this driver expands the same nodes in the
//! same order and returns the same answer, faster. The
//! driver here is the loop over the bounds; each iteration, the bounded depth-first search, is
//! the engine's (`engine/iteration.rs`), shared with [`BudgetedSearch`](crate::BudgetedSearch)
//! and the work units.
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
//!   coming back. No node owns a state. The iteration owns that state (it is moved in and out
//!   around each iteration) rather than borrowing it, so the hot loop reaches it directly.
//! - **Recursion near the root, an explicit stack below.** The depth-first search recurses, which
//!   compiles to the tightest loop (the path lives in registers and the machine's own stack), but
//!   only [`IdaStar::max_recursion`] levels deep: a deeper node's subtree is searched with an
//!   explicit stack on the heap. So a search goes as deep as memory allows, never into a stack
//!   overflow, and the usual puzzle (a solution of tens or hundreds of moves) never leaves the
//!   fast path. (The explicit stack alone was slower: `docs/performance.md`, "Design figures
//!   quoted from the code".) Each recursive call searches two levels, the children's expansion
//!   inlined into the parent's, to halve the calls, and tries a node's first four moves in
//!   straight-line code, so each has its own, better predicted, bound test.
//! - **No depth test the bound rules out.** Every move costs at least one, so no node is deeper
//!   than the bound; an iteration whose bound is below `max_recursion` runs a copy of the
//!   recursion that never tests for the switch to the explicit stack. A move that costs nothing
//!   breaks this, and the search panics on one rather than recurse without end.
//! - **Children priced before the move.** With [`Heuristic::estimate_child`], a child beyond the
//!   bound is cut off without applying and undoing its move.
//! - **Which moves may follow, tested cheaply.** Each node keeps the move that reached it and
//!   asks [`Problem::may_follow`] of each of its moves: by default "is it not the move back?",
//!   which a puzzle can answer with one comparison, or refuse more (a twisty puzzle's same face
//!   twice) to prune the tree.
//! - **Goal test on generation.** A child within the bound is tested as soon as it is generated,
//!   and the search stops there, without expanding it: Korf's convention, so node counts match
//!   the literature.
//! - **Checked arithmetic.** A child whose `g` or `f` does not fit in the cost type is pruned and
//!   never becomes a bound; when no bound is left, the answer is [`Outcome::NoSolution`].
//!
//! # Work units and threads
//!
//! An iteration can also be cut into work units, searched anywhere and put back together: see
//! [`work_units`](crate::work_units). [`IdaStar::threads`] runs the units on a pool of threads.

use crate::engine::{self, IterationOutcome, Settings};
use crate::heuristic::Heuristic;
use crate::limits::{Limits, Watch};
use crate::observer::{NoObserver, Observer};
use crate::outcome::{Outcome, Report, Solution};
use crate::problem::Problem;
use crate::stats::SearchStats;

/// Searches for the first optimal solution from `start` with IDA\*, with no limits and no observer.
///
/// A shorthand for [`IdaStar::new(problem, heuristic).run(start)`](IdaStar::run): see
/// [`IdaStar`] for the arguments' contracts, the complexity and when it panics.
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
///   reverses `apply`, inverses lead straight back, [`Problem::may_follow`] refuses only pairs
///   no first optimal solution needs, costs are positive.
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
/// - [`Outcome::Stopped`] when a limit was hit, with the bound of the running iteration, or for
///   [`Limits::max_bound`], the next bound, which exceeds it.
///
/// # Panics
///
/// If [`Problem::cost`] returns zero for a move the search tries.
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
/// # On several threads
///
/// Without an observer, `threads(n)` gives the parallel driver (with the crate's `parallel`
/// feature, on by default): the same report, searched by `n` threads. The iterations' work units
/// are available directly too, for a search spread over machines: [`split`](Self::split),
/// [`search_unit`](Self::search_unit), [`Split::combine`](crate::work_units::Split::combine).
///
/// See Korf, R. E. (1985), *Depth-first iterative-deepening: an optimal admissible tree search*,
/// Artificial Intelligence 27(1), 97-109.
#[derive(Debug)]
pub struct IdaStar<'a, P: Problem, H, O = NoObserver> {
    pub(crate) problem: &'a P,
    pub(crate) heuristic: &'a H,
    pub(crate) limits: Limits<P::Cost>,
    observer: O,
    max_recursion: usize,
}

impl<'a, P: Problem, H: Heuristic<P>> IdaStar<'a, P, H> {
    /// IDA\* on `problem` guided by `heuristic`, with no limits and no observer.
    pub fn new(problem: &'a P, heuristic: &'a H) -> Self {
        Self {
            problem,
            heuristic,
            limits: Limits::default(),
            observer: NoObserver,
            max_recursion: Self::DEFAULT_MAX_RECURSION,
        }
    }
}

impl<P: Problem, H, O> IdaStar<'_, P, H, O> {
    /// How deep the search recurses by default before it goes on with an explicit stack.
    ///
    /// A level takes the size of the node's move list ([`Problem::Moves`]) plus one frame of the
    /// recursion on the thread's stack, which holds little more than the registers saved across
    /// a call (the size read in the 15-puzzle's disassembly is in `docs/performance.md`), so 256
    /// levels of any puzzle in this workspace stay well under the smallest stack a Rust thread
    /// gets by default (2 MiB), and the solutions of the usual puzzles (the 15-puzzle's take at
    /// most 80 moves) never leave the fast path.
    pub const DEFAULT_MAX_RECURSION: usize = 256;
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
        IdaStar {
            problem: self.problem,
            heuristic: self.heuristic,
            limits: self.limits,
            observer,
            max_recursion: self.max_recursion,
        }
    }

    /// Sets how many levels the search recurses before it searches deeper subtrees with an
    /// explicit stack on the heap (default [`DEFAULT_MAX_RECURSION`](Self::DEFAULT_MAX_RECURSION)).
    /// Lower it when searching on a thread with a small stack; `0` never recurses. The answer and
    /// the statistics are the same whatever the setting: only the speed changes.
    #[must_use]
    pub fn max_recursion(mut self, levels: usize) -> Self {
        self.max_recursion = levels;
        self
    }

    /// Searches from `start`, which is cloned once and left as it is.
    pub fn run(&mut self, start: &P::State) -> Report<P::Move, P::Cost> {
        let progress = self.limits.progress.clone();
        Report::timed(progress.as_deref(), |stats| self.search(start, stats))
    }

    /// What an iteration takes from this driver, besides the observer.
    pub(crate) fn settings(&self) -> Settings<'a, P, H> {
        Settings {
            problem: self.problem,
            heuristic: self.heuristic,
            max_recursion: self.max_recursion,
        }
    }

    fn search(
        &mut self,
        root: &P::State,
        totals: &mut SearchStats<P::Cost>,
    ) -> Outcome<P::Move, P::Cost> {
        let settings = self.settings();
        let start_h = match engine::check_start(
            settings,
            &mut self.observer,
            &self.limits,
            root,
            totals.generated,
        ) {
            Ok(h) => h,
            Err(outcome) => return outcome,
        };
        let mut watch = Watch::new(&self.limits, 0);
        let (mut state, mut frames, mut bound) = (root.clone(), Vec::new(), start_h);
        loop {
            if let Err(reason) = engine::may_iterate(&self.limits, bound) {
                return Outcome::Stopped { reason, bound };
            }
            let iterated = engine::iterate(
                settings,
                &mut self.observer,
                &self.limits,
                &mut watch,
                totals,
                &mut frames,
                (state, start_h),
                bound,
            );
            state = iterated.state;
            match iterated.stop {
                Some(IterationOutcome::Solved(cost)) => {
                    self.observer.solution_found(&iterated.moves, cost);
                    return Outcome::Solved(Solution { moves: iterated.moves, cost });
                }
                Some(IterationOutcome::Stopped(reason)) => {
                    return Outcome::Stopped { reason, bound };
                }
                None => match iterated.next_bound {
                    Some(next) => bound = next,
                    None => return Outcome::NoSolution,
                },
            }
        }
    }
}
