//! The bounded depth-first search that every iterative driver shares, and the bookkeeping around
//! it, written once.
//!
//! IDA\* ([`IdaStar`](crate::ida_star::IdaStar)), its parallel form
//! ([`work_units`](crate::work_units)) and Budgeted Tree Search
//! ([`BudgetedSearch`](crate::budgeted::BudgetedSearch)) differ only in which bounds they try and
//! what they make of an iteration's end. What each does around an iteration is the same, and lives
//! here:
//!
//! - before the first iteration, [`check_start`]: a start that is the goal, a start the heuristic
//!   rules out, limits that forbid even the start;
//! - before each iteration, [`may_iterate`]: the bound limit, the cancel flag and the deadline,
//!   and the progress told of the new bound;
//! - around each iteration, [`iterate`]: the observer told when it starts and ends, its
//!   statistics taken and added to the totals, the progress told of them;
//! - the iteration itself, [`Iteration`], in `iteration.rs`: the fast engine, whose plain
//!   counterpart is [`textbook`](crate::textbook).

mod iteration;

use std::time::Instant;

use num_traits::Zero;

use crate::heuristic::{Heuristic, is_dead_end};
use crate::limits::{Limits, Watch};
use crate::observer::Observer;
use crate::outcome::{Outcome, Solution};
use crate::problem::Problem;
use crate::stats::{IterationStats, SearchStats};
use crate::stop_reason::StopReason;
pub(crate) use iteration::{Frame, Iteration, IterationOutcome, Settings};

/// The checks every driver makes before its first iteration, from `start`, with `generated`
/// nodes counted (the start itself): `Ok` with the start's
/// estimate, the first bound, when the search must go on; `Err` with the outcome when it is over
/// before it begins (the start is a goal, the heuristic rules it out, or a limit forbids it).
pub(crate) fn check_start<P: Problem, H: Heuristic<P>, O: Observer<P>>(
    settings: Settings<'_, P, H>,
    observer: &mut O,
    limits: &Limits<P::Cost>,
    start: &P::State,
    generated: u64,
) -> Result<P::Cost, Outcome<P::Move, P::Cost>> {
    let zero = P::Cost::zero();
    if settings.problem.is_goal(start) {
        observer.solution_found(&[], zero);
        return Err(Outcome::Solved(Solution { moves: Vec::new(), cost: zero }));
    }
    let start_h = settings.heuristic.estimate(settings.problem, start);
    if is_dead_end(&start_h) {
        return Err(Outcome::NoSolution);
    }
    if let Some(reason) = Watch::new(limits, 0).check(generated) {
        return Err(Outcome::Stopped { reason, bound: start_h });
    }
    Ok(start_h)
}

/// Whether an iteration under `bound` may start: `Err` with the reason if the bound is beyond
/// [`Limits::max_bound`] or the search was cancelled or ran out of time; else the progress, if
/// any, is told of the new bound.
pub(crate) fn may_iterate<C: Copy + Ord + num_traits::ToPrimitive>(
    limits: &Limits<C>,
    bound: C,
) -> Result<(), StopReason> {
    if limits.max_bound.is_some_and(|max| bound > max) {
        return Err(StopReason::BoundLimit);
    }
    if let Some(reason) = limits.interrupted() {
        return Err(reason);
    }
    if let Some(progress) = &limits.progress {
        progress.set_bound(&bound);
    }
    Ok(())
}

/// Adds an iteration's statistics to the search's `totals`, and tells the progress, if any.
pub(crate) fn record<C: Copy>(
    limits: &Limits<C>,
    totals: &mut SearchStats<C>,
    stats: IterationStats<C>,
) {
    totals.push_iteration(stats);
    if let Some(progress) = &limits.progress {
        progress.set_totals(totals);
    }
}

/// What one iteration left behind: how it ended, its statistics, and the state.
pub(crate) struct Iterated<P: Problem> {
    /// `None` when the tree under the bound was searched in full.
    pub(crate) stop: Option<IterationOutcome<P::Cost>>,
    /// The nodes this iteration generated.
    pub(crate) generated: u64,
    /// The least `f` beyond the bound, the next bound (`None`: nothing was cut off but paths
    /// that do not fit in the cost type).
    pub(crate) next_bound: Option<P::Cost>,
    /// A solution's moves, from the start, when it found one.
    pub(crate) moves: Vec<P::Move>,
    /// The state, the start again when the tree was searched in full.
    pub(crate) state: P::State,
}

/// Runs one iteration under `bound` from `start` (whose estimate is `start_h`), after
/// [`may_iterate`], with the bookkeeping around it: the observer told when it starts and ends,
/// its statistics added to `totals` (and the progress).
#[expect(clippy::too_many_arguments, reason = "the iteration's own arguments and the totals")]
pub(crate) fn iterate<'a, P: Problem, H: Heuristic<P>, O: Observer<P>>(
    settings: Settings<'a, P, H>,
    observer: &mut O,
    limits: &Limits<P::Cost>,
    watch: &mut Watch,
    totals: &mut SearchStats<P::Cost>,
    frames: &mut Vec<Frame<'a, P>>,
    (start, start_h): (P::State, P::Cost),
    bound: P::Cost,
) -> Iterated<P> {
    observer.iteration_started(bound);
    let started = Instant::now();
    let before = totals.generated;
    let mut iteration = Iteration::new(settings, observer, bound, watch, before, frames, start);
    let stop = iteration.run(start_h);
    let (generated, expanded) = (iteration.generated() - before, iteration.expanded());
    let next_bound = iteration.next_bound();
    let (moves, state) = iteration.into_parts();
    let elapsed = started.elapsed();
    let iteration_stats = IterationStats { bound, generated, expanded, speculative: 0, elapsed };
    observer.iteration_finished(&iteration_stats);
    record(limits, totals, iteration_stats);
    Iterated { stop, generated, next_bound, moves, state }
}
