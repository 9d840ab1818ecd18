//! The workers' side of a batch: a [`Job`] is a run of consecutive cases, which a worker solves
//! in order, writing each answer in the output's format into the job's [`Answers`]; the main
//! thread copies the text out in the input's order.
//!
//! The answers are written where they are found, on the workers, so that the main thread, which
//! alone reads the input and writes the output, does as little as it can per case: the more of
//! the work it does, the longer the workers wait for it. And the workers wake the main thread
//! once per job, never per case: the job is the unit of handing work over, both ways.

use std::io;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use search_core::work_units::Crew;
use search_core::{Progress, SearchStats, Stopped};

use crate::delivery::Delivery;
use crate::puzzle::{CaseReportOf, CostOf, Puzzle};
use crate::search::Search;

/// A case for a worker, ready to solve.
pub(super) struct Task<P: Puzzle> {
    pub(super) case: P::Case,
    pub(super) heuristic: P::Heuristic,
    /// Where the search publishes its figures, when a progress line may show them.
    pub(super) progress: Option<Arc<Progress>>,
}

/// Consecutive cases for a worker, and where their answers go.
pub(super) struct Job<P: Puzzle> {
    pub(super) tasks: Vec<Task<P>>,
    /// The threads to search each case on: every thread for a job of one case (a long case, the
    /// last one, or one typed by a person), which it shares with the threads that have nothing
    /// else to do; else one.
    pub(super) threads: usize,
    pub(super) answers: Shared<CostOf<P>>,
}

/// A job's answers, shared by the worker that finds them and the main thread that writes them.
pub(super) type Shared<C> = Arc<Mutex<Answers<C>>>;

/// Locks a job's answers. Plain values: a panic elsewhere leaves them usable.
pub(super) fn lock<C>(answers: &Shared<C>) -> MutexGuard<'_, Answers<C>> {
    answers.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The answers of a job's cases found so far, in order, and their text.
pub(super) struct Answers<C> {
    /// One per case answered, in the job's order.
    pub(super) answered: Vec<Answered<C>>,
    /// Their answers in the output's format, one after the other.
    pub(super) text: Vec<u8>,
    /// How long the worker took over the whole job, once every case of it is answered.
    pub(super) took: Option<Duration>,
}

impl<C> Answers<C> {
    /// The answers of a job of `cases` cases, none found yet, with room for about
    /// `text_per_case` bytes of text each.
    pub(super) fn for_cases(cases: usize, text_per_case: usize) -> Self {
        let text = Vec::with_capacity(cases * text_per_case);
        Answers { answered: Vec::with_capacity(cases), text, took: None }
    }
}

/// What the main thread needs of a case's solution, its answer being written into the job's
/// text already.
pub(super) struct Answered<C> {
    /// The answer's length (for `--stats`), or the limit that stopped the search.
    pub(super) outcome: Result<Option<usize>, Stopped<C>>,
    /// The search's figures; without `--stats`, which alone lists the iterations, no list.
    pub(super) stats: SearchStats<C>,
    pub(super) more_stats: String,
    /// Where its text ends in [`Answers::text`] (it starts where the previous one ends).
    pub(super) end: usize,
    /// Whether its text could be written: a puzzle's formatting may fail, and the failure is
    /// the output's, as with one thread.
    pub(super) written: io::Result<()>,
}

/// Adds the solution of `case` to `answers`, writing its answer into their text; the list of
/// the search's iterations is kept only when `keep_iterations` (for `--stats`).
fn add<P: Puzzle>(
    answers: &mut Answers<CostOf<P>>,
    puzzle: &P,
    case: &P::Case,
    solution: CaseReportOf<P>,
    keep_iterations: bool,
) {
    let (outcome, written) = match &solution.answer {
        Ok(answer) => (Ok(P::length(answer)), puzzle.write_answer(&mut answers.text, case, answer)),
        Err(stop) => (Err(*stop), Ok(())),
    };
    let end = answers.text.len();
    let (mut stats, more_stats) = (solution.stats, solution.more_stats);
    if !keep_iterations {
        // Freed here, on the thread that allocated it: a block freed on another thread misses
        // the allocator's per-thread caches, on both threads.
        stats.iterations = Vec::new();
    }
    answers.answered.push(Answered { outcome, stats, more_stats, end, written });
}

/// A worker: solves the jobs of `queue` until it is closed, and says on `done` when each is
/// answered in full. While it solves, it is one of `crew`'s threads at work; while it waits for
/// a job, its place goes to the searches that lend their units.
pub(super) fn solve_jobs<P: Puzzle>(
    delivery: &Delivery<'_, P>,
    crew: &Crew,
    queue: &Mutex<Receiver<Job<P>>>,
    done: &Sender<()>,
) {
    loop {
        // The lock is held only to take a job: the solving runs without it.
        let job = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok(job) = job else { return };
        let start = Instant::now();
        crew.install(|| solve_job(delivery, job.tasks, job.threads, &job.answers));
        lock(&job.answers).took = Some(start.elapsed());
        // The main thread has gone (a bad case, or the output failed): nothing more to do.
        if done.send(()).is_err() {
            return;
        }
    }
}

/// Solves the cases of `tasks` in order, each on `threads` threads, into `answers`.
fn solve_job<P: Puzzle>(
    delivery: &Delivery<'_, P>,
    tasks: Vec<Task<P>>,
    threads: usize,
    answers: &Shared<CostOf<P>>,
) {
    {
        for task in tasks {
            let mut limits = delivery.args.case_limits(delivery.interrupts);
            if let Some(progress) = task.progress {
                limits = limits.progress(progress);
            }
            let puzzle = delivery.puzzle;
            let algorithm = delivery.args.algorithm.unwrap_or_default();
            let solution = puzzle.solve(
                &task.case,
                task.heuristic,
                Search::on_threads(&limits, threads)
                    .with_algorithm(algorithm)
                    .counting_peak(delivery.args.stats),
            );
            add(&mut lock(answers), puzzle, &task.case, solution, delivery.args.stats);
        }
    }
}
