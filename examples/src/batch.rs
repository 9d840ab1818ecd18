//! Answering the cases on several threads, each answer still written in the input's order.
//!
//! The main thread reads the cases and hands each to a pool of workers, which solve them; the
//! answers come back in any order and wait until every earlier one is written. At most a few
//! cases per thread are in flight, so memory stays bounded by a few cases, and before the input
//! waits for more, every case already read is answered and written first: a person or a program
//! conversing with the solver gets each answer before sending the next case, as with one thread.
//! The output is byte for byte the one-thread output.

use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use search_core::{NoObserver, Progress};

use crate::input::Input;
use crate::run::{Delivery, End, Puzzle, SolutionOf, Work, case_limits, ready};

/// How many cases go to a worker at once: handing cases over one by one costs a wake-up of a
/// thread each, more than a short case's search.
const CASES_PER_JOB: usize = 64;

/// How many jobs per thread may be in flight at once.
const JOBS_IN_FLIGHT_PER_THREAD: usize = 2;

/// A case for a worker.
struct Job<P: Puzzle> {
    number: usize,
    case: P::Case,
    heuristic: P::Heuristic,
    progress: Option<Arc<Progress>>,
    /// The threads to search it on: all of them for a case alone in flight (a long case, or
    /// one typed by a person), else one, the other cases keeping the other threads busy.
    threads: usize,
}

/// Cases read and not yet handed to a worker, and the queue they go to.
struct Handing<P: Puzzle> {
    jobs: Option<Sender<Vec<Job<P>>>>,
    next: Vec<Job<P>>,
}

impl<P: Puzzle> Handing<P> {
    /// Hands the cases gathered so far to a worker; a case `alone` in flight gets every thread.
    fn send(&mut self, alone: bool, threads: usize) {
        if self.next.is_empty() {
            return;
        }
        if alone && let [job] = self.next.as_mut_slice() {
            job.threads = threads;
        }
        let job = std::mem::take(&mut self.next);
        if let Some(jobs) = &self.jobs {
            jobs.send(job).expect("the workers wait for jobs until the queue is closed");
        }
    }
}

/// The cases read and not yet written, and what has come back.
struct InOrder<P: Puzzle> {
    /// Read, in order, with their progress (for the progress line while the program waits).
    pending: VecDeque<(usize, P::Case, Option<Arc<Progress>>)>,
    /// Solved, by number, waiting for the cases before them.
    finished: BTreeMap<usize, SolutionOf<P>>,
    /// Whether a limit stopped some case.
    stopped: bool,
    /// How the run must end, once something has gone wrong while writing.
    end: Option<End>,
}

/// Answers every case of `input` as [`run::answer_all`](crate::run::answer_all) does, on
/// `delivery.args.threads()` threads.
pub(crate) fn answer_all<P: Puzzle>(
    delivery: &Delivery<'_, P>,
    chosen: Option<P::Heuristic>,
    input: Input<'_>,
    work: &Work<'_>,
) -> End {
    let threads = delivery.args.threads();
    let read_errors = input.errors();
    let (jobs, job_queue) = mpsc::channel::<Vec<Job<P>>>();
    let job_queue = Mutex::new(job_queue);
    let (done, results) = mpsc::channel::<(usize, SolutionOf<P>)>();
    thread::scope(|scope| {
        for _ in 0..threads {
            let (done, job_queue) = (done.clone(), &job_queue);
            scope.spawn(move || solve_jobs(delivery, job_queue, &done));
        }
        drop(done);
        let state = RefCell::new(InOrder::<P> {
            pending: VecDeque::new(),
            finished: BTreeMap::new(),
            stopped: false,
            end: None,
        });
        let handing = RefCell::new(Handing::<P> { jobs: Some(jobs), next: Vec::new() });
        // Before the input waits: every case read is answered and written, then flushed.
        let input = input
            .before_waiting(|| {
                let alone = state.borrow().pending.len() == 1;
                handing.borrow_mut().send(alone, threads);
                write_finished(delivery, work, &results, &mut state.borrow_mut(), 0);
                let mut state = state.borrow_mut();
                if state.end.is_none()
                    && let Err(error) = delivery.out.flush()
                {
                    state.end = Some(End::Output(error));
                }
            })
            .interruptible(delivery.interrupts.clone());
        for (index, case) in P::cases(input).enumerate() {
            let number = index + 1;
            if state.borrow().end.is_some() {
                break;
            }
            let (heuristic, case) = match ready(delivery.puzzle, chosen, work, number, case) {
                Ok(ready) => ready,
                Err(message) => {
                    // Every earlier case is answered before the bad one is reported.
                    let alone = state.borrow().pending.len() == 1;
                    handing.borrow_mut().send(alone, threads);
                    write_finished(delivery, work, &results, &mut state.borrow_mut(), 0);
                    let mut state = state.borrow_mut();
                    let message = read_errors.message().unwrap_or(message);
                    return state.end.take().unwrap_or(End::BadInput(message));
                }
            };
            let progress = work.reporter.is_on().then(|| Arc::new(Progress::new()));
            let job = Job::<P> {
                number,
                case: case.clone(),
                heuristic,
                progress: progress.clone(),
                threads: 1,
            };
            let mut handing = handing.borrow_mut();
            handing.next.push(job);
            if handing.next.len() == CASES_PER_JOB {
                handing.send(false, threads);
            }
            let mut state = state.borrow_mut();
            state.pending.push_back((number, case, progress));
            let keep = (JOBS_IN_FLIGHT_PER_THREAD * threads).saturating_sub(1) * CASES_PER_JOB;
            if state.pending.len() > keep {
                // The oldest case must be with a worker before the program waits for it.
                handing.send(false, threads);
            }
            write_finished(delivery, work, &results, &mut state, keep);
        }
        let mut handing = handing.into_inner();
        let alone = state.borrow().pending.len() == 1;
        handing.send(alone, threads);
        drop(handing.jobs.take());
        let mut state = state.borrow_mut();
        write_finished(delivery, work, &results, &mut state, 0);
        if let Some(end) = state.end.take() {
            return end;
        }
        match read_errors.message() {
            Some(message) => End::BadInput(message),
            None => End::Answered { stopped: state.stopped },
        }
    })
}

/// A worker: solves the jobs of `queue` until it is closed, and sends back each solution.
fn solve_jobs<P: Puzzle>(
    delivery: &Delivery<'_, P>,
    queue: &Mutex<Receiver<Vec<Job<P>>>>,
    done: &Sender<(usize, SolutionOf<P>)>,
) {
    loop {
        // The lock is held only to take a job: the solving runs without it.
        let jobs = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok(jobs) = jobs else { return };
        for job in jobs {
            let mut limits = case_limits(delivery.args, delivery.interrupts);
            if let Some(progress) = job.progress {
                limits = limits.progress(progress);
            }
            let solution = if job.threads > 1 {
                delivery.puzzle.solve_parallel(&job.case, job.heuristic, &limits, job.threads)
            } else {
                delivery.puzzle.solve(&job.case, job.heuristic, &limits, NoObserver)
            };
            if done.send((job.number, solution)).is_err() {
                return;
            }
        }
    }
}

/// Writes, in order, the answers of the pending cases, waiting for them until at most `keep`
/// cases are pending (all of them written for `keep == 0`), and whatever else is finished
/// without waiting. After a failure it writes nothing more and keeps the failure in
/// `state.end`.
fn write_finished<P: Puzzle>(
    delivery: &Delivery<'_, P>,
    work: &Work<'_>,
    results: &Receiver<(usize, SolutionOf<P>)>,
    state: &mut InOrder<P>,
    keep: usize,
) {
    while state.end.is_none() {
        let Some((number, _, progress)) = state.pending.front() else { return };
        let number = *number;
        // What has come back so far, without waiting.
        while let Ok((done, solution)) = results.try_recv() {
            state.finished.insert(done, solution);
        }
        let solution = match state.finished.remove(&number) {
            Some(solution) => solution,
            None if state.pending.len() > keep => {
                // The oldest case holds up the rest: wait for it, with its progress line.
                let what = format!("case {number}");
                let progress = progress.clone();
                let waited = work.reporter.watch(&what, progress.as_deref(), || {
                    loop {
                        match results.recv() {
                            Ok((done, solution)) if done == number => break Some(solution),
                            Ok((done, solution)) => {
                                state.finished.insert(done, solution);
                            }
                            Err(_) => break None,
                        }
                    }
                });
                let Some(solution) = waited else { return };
                solution
            }
            None => return,
        };
        let (_, case, _) = state.pending.pop_front().expect("the front case");
        if let Err(end) = delivery.deliver(number, &case, &solution, &mut state.stopped) {
            state.end = Some(end);
        }
    }
}
