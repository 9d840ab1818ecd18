//! IDA\* on a pool of threads: [`ParallelIdaStar`], made by [`IdaStar::threads`].
//!
//! # How it works
//!
//! Each iteration is cut into work units, subtrees named by their paths from the start, in move
//! order ([`IdaStar::split`]); the threads of a [rayon] pool take the units in that order, one at
//! a time, and search each with the sequential driver's own code ([`IdaStar::search_unit`]);
//! then the units' reports are put back together in move order ([`Split::combine`]). The first
//! unit in move order that holds a solution gives the answer, which is therefore the sequential
//! driver's to the last move; when no unit holds one, the next bound is the least over the units.
//!
//! Parallel IDA\* comes in two families: *stack splitting*, where an idle processor takes part
//! of a busy one's stack of untried moves (Rao, Kumar and Ramesh 1987), and *frontier
//! splitting*, where each iteration's tree is cut at a frontier of nodes searched as independent
//! pieces (Reinefeld and Schnecke 1994, AIDA\*). This is frontier splitting, because it leaves
//! the sequential loop alone (stack splitting needs the loop to share its stack), with two
//! choices of its own: the frontier is planned from the previous iteration's measured sizes, and
//! the answer is made to be the sequential one rather than any optimal one.
//!
//! # Design decisions
//!
//! - **The sequential loop, untouched, inside each unit.** A unit is searched by the same
//!   [`Iteration`] as the sequential driver's, from the unit's node: the same recursion, the same
//!   countdown. No atomic operation and no lock is on the per-node path; the threads share only
//!   counters read or written once per batch of [`Limits::CANCEL_CHECK_INTERVAL`] nodes.
//! - **The answer is the sequential one.** A unit that finds a solution publishes its index; the
//!   units after it are then of no use and are called off at their next batch, and the units
//!   not yet started are skipped. The units before it run to their end, since one of them may
//!   hold a solution that comes first in move order. So the answer never depends on timing.
//! - **The counts are the sequential ones.** The iteration's `generated` and `expanded` add up
//!   the units before the solving one in full and the solving one up to its solution, as the
//!   sequential driver counts; what later units did before they were called off is reported
//!   apart ([`SearchStats::speculative`](crate::SearchStats::speculative)). On Korf's
//!   instances the counts are still his, whatever the number of threads.
//! - **Units sized by the previous iteration.** The previous iteration's units and their node
//!   counts forecast where this iteration's work lies (each subtree grows by about the same
//!   factor); the split cuts the units that took more than `1 / (32 x threads)` of it further, so
//!   that no unit is much more than that share and the threads finish an iteration within about
//!   one unit of each other. An iteration whose previous one had fewer than
//!   [`DEFAULT_MIN_UNIT_NODES`](ParallelIdaStar::DEFAULT_MIN_UNIT_NODES) nodes per unit is cut
//!   into fewer units, down to one: a unit has a fixed cost (its path replayed, a few atomic
//!   operations), and waking the pool another.
//! - **An iteration left whole is probed.** An iteration the forecast leaves as one unit (the
//!   first always: it has no previous one) is searched on the calling thread as a probe of at
//!   most as many nodes as the iteration would need to be cut into all its units (`32 x threads
//!   x 512` by default: 32,768 on two threads). Most such iterations end within it, as before.
//!   One that does not (the first iteration of a search whose start's estimate is close to its
//!   answer, or one after a long jump of the bound) is cut into all its units at even shares and
//!   searched on every thread; the probe's nodes, at most a small part of such an iteration, are
//!   reported as speculative. Without the probe such an iteration, which may be the whole
//!   search, would run on one thread.
//! - **Units taken in move order.** In the last iteration, the solution's unit is reached as
//!   early as it would be by one thread, and little speculative work is done past it; in the
//!   other iterations, the order does not matter, as every unit is searched.
//! - **Limits across threads.** The node budget is one atomic counter that the units debit a
//!   batch at a time and credit with what they did not use; it holds to within one batch per
//!   thread. The cancel flag is read at every batch, and the bound limit before each iteration,
//!   as in the sequential driver.
//! - **No observer.** Callbacks from several threads at once would need a thread-safe observer,
//!   and the order of events would depend on timing; the parallel driver exists only for
//!   [`NoObserver`], so asking for both does not compile.
//!
//! # Where the time goes, and 64 threads
//!
//! Per iteration, the serial part is the split's walk on the calling thread (it generates about
//! as many nodes as there are units times the branching factor, with two binary searches in the
//! previous iteration's units per node), the combination of the reports, and the wait at the end
//! of the iteration for the last unit, which the sizing bounds by about one unit's share. With
//! `t` threads an iteration has up to `32 t` units, so the serial part grows in proportion to
//! `t` while each thread's share of the work shrinks as `1 / t`: its share of the parallel run's
//! time grows about as `t` squared. That is what limits small searches on many threads; a search
//! of a few hundred million nodes keeps it small at 64 threads. `docs/scaling.md` has the measured figures and what Amdahl's law makes of them.
//!
//! [rayon]: https://docs.rs/rayon

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use rayon::ThreadPool;

use super::crew::Crew;
use super::pools::shared_pool;
use super::share::UnitShare;
use super::split::{Split, split};
use super::unit::{UnitOutcome, UnitReport, WorkUnit, moves, search_unit};
use crate::engine;
use crate::heuristic::Heuristic;
use crate::ida_star::IdaStar;
use crate::limits::{Limits, Watch};
use crate::observer::NoObserver;
use crate::outcome::{Outcome, Report, Solution};
use crate::problem::Problem;
use crate::stats::{IterationStats, SearchStats};
use crate::stop_reason::StopReason;

/// IDA\* searching each iteration's work units on a pool of threads, with the sequential
/// driver's answer and counts: made by [`IdaStar::threads`].
///
/// # Arguments
///
/// As [`IdaStar`]'s; besides, the problem, its states and the heuristic must be shareable
/// between threads (`Sync`).
///
/// # Returns
///
/// The same [`Report`] as [`IdaStar::run`]'s, whatever the number of threads: the same outcome
/// (the first optimal solution in move order, to the last move) and the same per-iteration
/// `generated` and `expanded` counts, with besides the speculative nodes of the last iteration
/// ([`SearchStats::speculative`](crate::SearchStats::speculative)). Only a search stopped by a
/// limit differs: the node budget holds to within one batch of
/// [`Limits::CANCEL_CHECK_INTERVAL`] nodes per thread, speculative nodes count against it, and
/// the report counts every node generated.
///
/// # Panics
///
/// As [`IdaStar::run`]; also if the operating system refuses to start the pool's threads.
///
/// # Complexity
///
/// The sequential driver's work, plus per iteration a walk of the top of the tree (about
/// `32 x threads` units), and in the last iteration the speculative work of the units after the
/// solution's: at most about one unit per thread. Memory: the sequential driver's per thread, and
/// the units' paths.
///
/// # Example
///
/// ```
/// use search_core::{Blind, IdaStar, MoveVec, Problem};
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
/// let problem = Doubling { target: 1000 };
/// let sequential = IdaStar::new(&problem, &Blind).run(&1);
/// let parallel = IdaStar::new(&problem, &Blind).threads(2).run(&1);
/// assert_eq!(parallel.outcome, sequential.outcome);
/// assert_eq!(parallel.stats.generated, sequential.stats.generated);
/// ```
///
/// An observer and several threads do not go together; this does not compile:
///
/// ```compile_fail
/// use search_core::{Blind, IdaStar, MoveVec, Observer, Problem};
/// # struct Doubling { target: u32 }
/// # #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// # enum Step { AddOne, Double }
/// # impl Problem for Doubling {
/// #     type State = u32; type Move = Step; type Cost = u8; type Moves<'a> = MoveVec<Step>;
/// #     fn moves(&self, n: &u32) -> MoveVec<Step> {
/// #         let mut moves = MoveVec::new();
/// #         if *n < self.target { moves.push(Step::AddOne) }
/// #         if *n > 0 && *n * 2 <= self.target { moves.push(Step::Double) }
/// #         moves
/// #     }
/// #     fn apply(&self, n: &mut u32, s: Step) { match s { Step::AddOne => *n += 1, Step::Double => *n *= 2 } }
/// #     fn undo(&self, n: &mut u32, s: Step) { match s { Step::AddOne => *n -= 1, Step::Double => *n /= 2 } }
/// #     fn inverse(&self, _: Step) -> Option<Step> { None }
/// #     fn is_goal(&self, n: &u32) -> bool { *n == self.target }
/// # }
///
/// struct Watching;
/// impl<P: Problem> Observer<P> for Watching {}
///
/// let problem = Doubling { target: 1000 };
/// let _ = IdaStar::new(&problem, &Blind).observer(Watching).threads(2);
/// ```
///
/// See Rao, V. N., Kumar, V. and Ramesh, K. (1987), *A parallel implementation of
/// Iterative-Deepening-A\**, AAAI-87, 178-182; and Reinefeld, A. and Schnecke, V. (1994),
/// *AIDA\*: asynchronous parallel IDA\**, Canadian AI Conference, 295-302.
#[derive(Debug)]
pub struct ParallelIdaStar<'a, P: Problem, H> {
    driver: IdaStar<'a, P, H>,
    /// The threads asked for; 0 for rayon's default.
    threads: usize,
    /// How many units per thread an iteration is cut into, at most.
    units_per_thread: usize,
    /// The fewest nodes of the previous iteration per unit.
    min_unit_nodes: u64,
    /// The pool, the process's pool of this many threads, taken by the first search that needs
    /// it.
    pool: Option<Arc<ThreadPool>>,
}

impl<'a, P, H> IdaStar<'a, P, H, NoObserver>
where
    P: Problem + Sync,
    P::State: Sync,
    H: Heuristic<P> + Sync,
{
    /// Searches on `threads` threads: the parallel driver, with this driver's limits and
    /// recursion depth. `1` is exactly this driver; `0` takes rayon's default (the machine's
    /// logical processors, or the `RAYON_NUM_THREADS` environment variable).
    ///
    /// Only a driver without an observer has this: see [`ParallelIdaStar`].
    pub fn threads(self, threads: usize) -> ParallelIdaStar<'a, P, H> {
        ParallelIdaStar {
            driver: self,
            threads,
            units_per_thread: ParallelIdaStar::<P, H>::DEFAULT_UNITS_PER_THREAD,
            min_unit_nodes: ParallelIdaStar::<P, H>::DEFAULT_MIN_UNIT_NODES,
            pool: None,
        }
    }
}

impl<P: Problem, H> ParallelIdaStar<'_, P, H> {
    /// How many units per thread an iteration is cut into by default, at most: enough that the
    /// threads end an iteration within about one unit, a small share, of each other.
    pub const DEFAULT_UNITS_PER_THREAD: usize = 32;

    /// The fewest nodes of the previous iteration per unit by default. Below that, an iteration
    /// is cut into fewer units (down to one, searched on the calling thread, and cut into all
    /// its units after all if it outgrows `DEFAULT_UNITS_PER_THREAD x threads` times this): a
    /// unit costs a replay of its path and a few atomic operations, and waking the pool some
    /// microseconds.
    pub const DEFAULT_MIN_UNIT_NODES: u64 = 1 << 9;
}

impl<P, H> ParallelIdaStar<'_, P, H>
where
    P: Problem + Sync,
    P::State: Sync,
    H: Heuristic<P> + Sync,
{
    /// Replaces the limits.
    #[must_use]
    pub fn limits(mut self, limits: Limits<P::Cost>) -> Self {
        self.driver = self.driver.limits(limits);
        self
    }

    /// Sets how many levels each unit's search recurses before it goes on with an explicit stack
    /// ([`IdaStar::max_recursion`]). The pool's threads have rayon's default stack (the standard
    /// library's, 2 MiB), which the default depth suits.
    #[must_use]
    pub fn max_recursion(mut self, levels: usize) -> Self {
        self.driver = self.driver.max_recursion(levels);
        self
    }

    /// Sets the number of threads (see [`IdaStar::threads`]).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Self {
        if threads != self.threads {
            self.pool = None;
        }
        self.threads = threads;
        self
    }

    /// Sets how many units per thread an iteration is cut into, at most (default
    /// [`DEFAULT_UNITS_PER_THREAD`](Self::DEFAULT_UNITS_PER_THREAD)). More units even out the
    /// threads' shares at the end of an iteration; fewer make the split's walk, the serial part,
    /// shorter. The answer and the counts are the same whatever the setting.
    #[must_use]
    pub fn units_per_thread(mut self, units: usize) -> Self {
        self.units_per_thread = units;
        self
    }

    /// Sets the fewest nodes of the previous iteration per unit (default
    /// [`DEFAULT_MIN_UNIT_NODES`](Self::DEFAULT_MIN_UNIT_NODES)); `1` cuts even the smallest
    /// iterations, as the tests do. The answer and the counts are the same whatever the setting.
    #[must_use]
    pub fn min_unit_nodes(mut self, nodes: u64) -> Self {
        self.min_unit_nodes = nodes.max(1);
        self
    }

    /// Searches from `start`, which is left as it is. The pool's threads are started by the
    /// first search and kept for the next ones.
    ///
    /// # Panics
    ///
    /// See [`ParallelIdaStar`].
    ///
    /// Inside [`Crew::install`], the search runs on the calling thread and lends its units to the
    /// crew's idle threads (on the crew's threads, whatever the number asked for here, unless
    /// it is 1).
    pub fn run(&mut self, start: &P::State) -> Report<P::Move, P::Cost> {
        if self.threads == 1 {
            return self.driver.run(start);
        }
        let (driver, sizes) = (&self.driver, (self.units_per_thread, self.min_unit_nodes));
        let progress = driver.limits.progress.clone();
        if let Some(crew) = Crew::current() {
            if crew.threads() == 1 {
                return self.driver.run(start);
            }
            let threads = Threads::Crew(&crew);
            return Report::timed(progress.as_deref(), |stats| {
                search(driver, &threads, start, stats, sizes)
            });
        }
        let threads = self.threads;
        let pool = self.pool.get_or_insert_with(|| shared_pool(threads));
        if pool.current_num_threads() == 1 {
            return self.driver.run(start);
        }
        let threads = Threads::Pool(pool);
        Report::timed(progress.as_deref(), |stats| search(driver, &threads, start, stats, sizes))
    }
}

/// Where a search's units are searched.
enum Threads<'p> {
    /// On a pool's threads.
    Pool(&'p ThreadPool),
    /// On the calling thread, and on the crew's threads that are idle.
    Crew(&'p Crew),
}

impl Threads<'_> {
    /// How many threads may search at once.
    fn count(&self) -> usize {
        match self {
            Threads::Pool(pool) => pool.current_num_threads(),
            Threads::Crew(crew) => crew.threads(),
        }
    }
}

/// The parallel search of `driver` on `threads` from `start`, its statistics added to `totals`,
/// with at most `units_per_thread` units per thread, and at least `min_unit_nodes` nodes of the
/// previous iteration per unit.
fn search<P, H>(
    driver: &IdaStar<'_, P, H>,
    pool: &Threads<'_>,
    start: &P::State,
    totals: &mut SearchStats<P::Cost>,
    (units_per_thread, min_unit_nodes): (usize, u64),
) -> Outcome<P::Move, P::Cost>
where
    P: Problem + Sync,
    P::State: Sync,
    H: Heuristic<P> + Sync,
{
    let (problem, limits) = (driver.problem, &driver.limits);
    let start_h = match engine::check_start(
        driver.settings(),
        &mut NoObserver,
        limits,
        start,
        totals.generated,
    ) {
        Ok(h) => h,
        Err(outcome) => return outcome,
    };
    // What is left of the budget once the start is counted (the check above made sure it fits).
    let budget = limits.max_generated.map(|max| Arc::new(AtomicU64::new(max - totals.generated)));
    let threads = pool.count();
    // The most units an iteration is cut into, and the most nodes a probe searches before the
    // iteration it began is cut into them all (it would then have `min_unit_nodes` a unit).
    let most_units = units_per_thread.saturating_mul(threads);
    let most_probed = min_unit_nodes.saturating_mul(u64::try_from(most_units).unwrap_or(u64::MAX));
    let mut bound = start_h;
    let mut previous = Vec::new();
    loop {
        if let Err(reason) = engine::may_iterate(limits, bound) {
            return Outcome::Stopped { reason, bound };
        }
        let started = Instant::now();
        let forecast: u64 =
            previous.iter().map(|report: &UnitReport<P::Cost>| report.generated).sum();
        let units =
            usize::try_from(forecast / min_unit_nodes).unwrap_or(usize::MAX).min(most_units);
        let first_solved = Arc::new(AtomicUsize::new(usize::MAX));
        let share = |index| UnitShare {
            budget: budget.clone(),
            index,
            first_solved: Arc::clone(&first_solved),
        };
        let cut = |units, previous: &[UnitReport<P::Cost>]| {
            let mut watch = Watch::for_unit(limits, share(0));
            let split = split(driver.settings(), start, bound, units, previous, &mut watch);
            watch.release(split.generated());
            split
        };
        let searched = |split: &Split<P::Cost>| {
            if split.stopped() {
                Vec::new()
            } else {
                search_units(driver, pool, start, split, &share, &first_solved)
            }
        };
        let mut split = cut(units, &previous);
        // Nodes searched by a probe that the iteration outgrew, searched again in units.
        let mut probed = (0, 0);
        let reports = match (units <= 1 && !split.stopped(), split.units()) {
            (true, [unit]) => {
                match probe(driver, start, unit, most_probed, budget.as_deref(), &first_solved) {
                    Ok(report) => vec![report],
                    Err(outgrown) => {
                        probed = (outgrown.generated, outgrown.expanded);
                        split = cut(most_units, &[]);
                        searched(&split)
                    }
                }
            }
            _ => searched(&split),
        };
        let mut summary = split.combine(&reports);
        if let UnitOutcome::Stopped { .. } = summary.outcome {
            // A stopped iteration reports every node generated.
            summary.generated += probed.0;
            summary.expanded += probed.1;
        } else {
            summary.speculative += probed.0;
        }
        let stats = IterationStats {
            bound,
            generated: summary.generated,
            expanded: summary.expanded,
            speculative: summary.speculative,
            elapsed: started.elapsed(),
        };
        engine::record(limits, totals, stats);
        match summary.outcome {
            UnitOutcome::Solved { path, cost } => {
                return Outcome::Solved(Solution { moves: moves(problem, start, &path), cost });
            }
            UnitOutcome::Stopped { reason } => return Outcome::Stopped { reason, bound },
            UnitOutcome::Exhausted { next_bound: Some(next) } => bound = next,
            UnitOutcome::Exhausted { next_bound: None } => return Outcome::NoSolution,
        }
        previous = reports;
    }
}

/// Searches `unit`, the whole iteration, on the calling thread, as a probe of at most `most`
/// nodes: its report, or, if the iteration needs more, the report of the probe stopped there, for
/// the iteration to be cut into units and searched on every thread.
///
/// The probe draws its nodes from the search's `budget` (nodes left, if it has one): where that
/// is `most` or less, the probe is the search itself, and a stop on the budget is the search's.
fn probe<P, H>(
    driver: &IdaStar<'_, P, H>,
    start: &P::State,
    unit: &WorkUnit<P::Cost>,
    most: u64,
    budget: Option<&AtomicU64>,
    first_solved: &Arc<AtomicUsize>,
) -> Result<UnitReport<P::Cost>, UnitReport<P::Cost>>
where
    P: Problem,
    H: Heuristic<P>,
{
    let left = budget.map_or(u64::MAX, |budget| budget.load(Ordering::Relaxed));
    let allowed = most.min(left);
    let share = UnitShare {
        budget: Some(Arc::new(AtomicU64::new(allowed))),
        index: 0,
        first_solved: Arc::clone(first_solved),
    };
    let mut watch = Watch::for_unit(&driver.limits, share);
    let report = search_unit(driver.settings(), start, unit, &mut watch, &mut Vec::new())
        .expect("the split makes only units the search reaches");
    watch.release(report.generated);
    if let Some(budget) = budget {
        // Alone on the budget: nothing else draws from it until the probe is done.
        budget.fetch_sub(report.generated, Ordering::Relaxed);
    }
    let outgrown = allowed < left
        && matches!(report.outcome, UnitOutcome::Stopped { reason: StopReason::NodeLimit });
    if outgrown { Err(report) } else { Ok(report) }
}

/// Searches the units of `split` on `pool`'s threads, in move order, and returns the reports of
/// those searched: every unit up to the first that holds a solution or was stopped, and those
/// after it that were under way by then. A single unit is searched on the calling thread.
fn search_units<P, H>(
    driver: &IdaStar<'_, P, H>,
    pool: &Threads<'_>,
    start: &P::State,
    split: &Split<P::Cost>,
    share: &(impl Fn(usize) -> UnitShare + Sync),
    first_solved: &AtomicUsize,
) -> Vec<UnitReport<P::Cost>>
where
    P: Problem + Sync,
    P::State: Sync,
    H: Heuristic<P> + Sync,
{
    let (settings, limits, units) = (driver.settings(), &driver.limits, split.units());
    let search = |index: usize, frames: &mut Vec<_>| {
        let mut watch = Watch::for_unit(limits, share(index));
        let report = search_unit(settings, start, &units[index], &mut watch, frames)
            .expect("the split makes only units the search reaches");
        watch.release(report.generated);
        report
    };
    match units {
        [] => return Vec::new(),
        [_] => return vec![search(0, &mut Vec::new())],
        _ => {}
    }
    let reports: Vec<OnceLock<UnitReport<P::Cost>>> =
        units.iter().map(|_| OnceLock::new()).collect();
    let (next, halted) = (AtomicUsize::new(0), AtomicBool::new(false));
    // Searches the next unit, if there is one still needed.
    let take = |frames: &mut Vec<_>| {
        if halted.load(Ordering::Relaxed) {
            return false;
        }
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= units.len() || index > first_solved.load(Ordering::Relaxed) {
            return false;
        }
        let report = search(index, frames);
        match report.outcome {
            UnitOutcome::Solved { .. } => {
                first_solved.fetch_min(index, Ordering::Relaxed);
            }
            // A unit called off because an earlier one holds a solution stops too, but
            // that is no reason to stop the others.
            UnitOutcome::Stopped { .. } if index <= first_solved.load(Ordering::Relaxed) => {
                halted.store(true, Ordering::Relaxed);
            }
            UnitOutcome::Stopped { .. } | UnitOutcome::Exhausted { .. } => {}
        }
        let _ = reports[index].set(report);
        true
    };
    match pool {
        Threads::Pool(pool) => {
            pool.broadcast(|_| {
                let mut frames = Vec::new();
                while take(&mut frames) {}
            });
        }
        Threads::Crew(crew) => crew.share(&take),
    }
    reports.into_iter().filter_map(OnceLock::into_inner).collect()
}
