//! Answering the cases on several threads, each answer still written in the input's order.
//!
//! The main thread reads the cases and hands them, a job of consecutive cases at a time, to a
//! pool of workers, which solve them and write their answers out in memory ([`worker`]); the
//! main thread copies each job's text to the output in the input's order. The output is byte for
//! byte the one-thread output.
//!
//! - **Jobs sized by time.** Handing a job over costs a wake-up of a thread or two either way,
//!   which is more than a short case's search; so a job holds as many cases as take about
//!   [`JOB_TIME`], by the time the last finished job took per case. The first job holds one
//!   case, as does every job while the cases take long: long cases go to the threads one by one,
//!   and each thread takes the next as soon as it is free.
//! - **Bounded memory.** At most [`CASES_IN_FLIGHT_PER_THREAD`] cases per thread are read and
//!   not yet written: the main thread waits for the oldest job before it reads on, so memory
//!   stays bounded by a few jobs, whatever the size of the input.
//! - **A conversation.** Before the input waits for more, every case already read is answered
//!   and written first: a person or a program conversing with the solver gets each answer
//!   before sending the next case, as with one thread.
//! - **A long case on every free thread.** A job of one case (a long case, or the last) is
//!   searched by the parallel driver inside the batch's [`Crew`]: the case's thread searches
//!   its units and lends them to the threads that have no job, so that a long case alone in a
//!   file, in the middle or at the end of a batch, or typed by a person gets every core the
//!   other cases leave free, with the same answer and counts. The case read last is held back
//!   until the next one is read (only then is it known not to be the last): the last case before
//!   the input ends or waits is a job of its own.
//! - **Answers before a long case.** A job's answers can be written before the whole job is
//!   done: while the main thread waits for a job, it looks every [`POLL`] at what the job has
//!   answered, so a long case holds back no earlier answer for long, and the progress line
//!   follows the case being searched.

mod worker;

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::Write;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use search_core::Progress;
use search_core::work_units::Crew;

use crate::batch_outcome::BatchOutcome;
use crate::delivery::{Delivery, interrupted, ready};
use crate::input::Input;
use crate::progress::Reporter;
use crate::puzzle::{CostOf, Puzzle};
use crate::work::Work;
use worker::{Answers, Job, Shared, Task, lock};

/// How long a job should take: long enough that handing it over (waking a worker, and the main
/// thread when it is done) is a small part of it, short enough that the threads run out of work
/// at about the same time at the end of the input.
const JOB_TIME: Duration = Duration::from_millis(1);

/// The most cases in a job, however fast they are answered.
const MOST_CASES_PER_JOB: usize = 1024;

/// How many cases per thread may be read and not yet written: the bound on memory, and how far
/// the threads may run ahead of the oldest case still being searched.
const CASES_IN_FLIGHT_PER_THREAD: usize = 2 * MOST_CASES_PER_JOB;

/// How often the main thread, waiting for a job, looks at what the job has answered so far.
const POLL: Duration = Duration::from_millis(50);

/// Answers every case of `input` as [`run::answer_all`](crate::run::answer_all) does, on
/// `delivery.args.threads()` threads.
pub(crate) fn answer_all<P: Puzzle>(
    delivery: &Delivery<'_, P>,
    chosen: Option<P::Heuristic>,
    input: Input<'_>,
    reporter: Reporter,
) -> BatchOutcome {
    let threads = delivery.args.threads();
    let read_errors = input.errors();
    let (jobs, job_queue) = mpsc::channel::<Job<P>>();
    let job_queue = Mutex::new(job_queue);
    let crew = &Crew::new(threads);
    thread::scope(|scope| {
        let (done, answered) = mpsc::channel::<()>();
        for _ in 0..threads {
            let (done, job_queue) = (done.clone(), &job_queue);
            scope.spawn(move || worker::solve_jobs(delivery, crew, job_queue, &done));
        }
        drop(done);
        // Dropped when this returns, before the workers are joined: the workers stop then.
        let batch = RefCell::new(Batch::new(delivery, reporter, threads, jobs, answered));
        // If a signal ends the run during work that cannot be cancelled: every case read is
        // answered and written first, as at the end of the input.
        let deliver = || {
            let mut batch = batch.borrow_mut();
            batch.answer_every_case_read();
            batch.end.take()
        };
        // Before work that keeps this thread busy: the cases held back are not the last.
        let hand_over = || {
            let mut batch = batch.borrow_mut();
            let held = batch.next.len();
            batch.hand_over(held);
        };
        let work = &Work::new(delivery.out, delivery.interrupts, reporter, (&hand_over, &deliver));
        // Before the input waits: every case read is answered and written, then flushed. Read
        // ahead, the input waits only when nothing more has arrived, not at every block.
        let input = input
            .read_ahead()
            .before_waiting(|| {
                let mut batch = batch.borrow_mut();
                batch.answer_every_case_read();
                batch.flush();
            })
            .interruptible(delivery.interrupts.clone());
        for (index, case) in P::cases(input).enumerate() {
            let number = index + 1;
            if batch.borrow().end.is_some() {
                break;
            }
            match ready(delivery.puzzle, chosen, work, number, case) {
                Ok((heuristic, case)) => batch.borrow_mut().take(case, heuristic),
                Err(message) => {
                    // Every earlier case is answered before the bad one is reported.
                    let mut batch = batch.borrow_mut();
                    batch.answer_every_case_read();
                    let message = read_errors.message().unwrap_or(message);
                    return batch.end.take().unwrap_or(BatchOutcome::BadInput(message));
                }
            }
        }
        let mut batch = batch.borrow_mut();
        batch.answer_every_case_read();
        if let Some(end) = batch.end.take() {
            return end;
        }
        if let Some(message) = read_errors.message() {
            return BatchOutcome::BadInput(message);
        }
        match interrupted(delivery.interrupts, &read_errors) {
            // The signal came while the input waited, and a case handed over was still being
            // searched (its search called off, its answer not back yet): that is the case the
            // signal stopped, and every answer before it is written.
            Some(BatchOutcome::Signal { program, signal, case: None })
                if batch.written < batch.read =>
            {
                BatchOutcome::Signal { program, signal, case: Some(batch.written + 1) }
            }
            Some(end) => end,
            None => BatchOutcome::Answered { stopped: batch.stopped },
        }
    })
}

/// A job handed to the workers and not yet written in full.
struct InFlight<C> {
    /// The number of its first case.
    first: usize,
    answers: Shared<C>,
    /// How many of its answers are written.
    written: usize,
    /// Its cases' progress, for the progress line while the main thread waits (empty when no
    /// progress line is ever shown).
    progress: Vec<Arc<Progress>>,
}

/// How far [`Batch::write`] waits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Until {
    /// Until there is room for more cases in flight.
    Room,
    /// Until every case handed over is written.
    All,
}

/// The main thread's side of the batch: the cases read and not yet handed over, the jobs in
/// flight, and what has been written.
struct Batch<'a, 'd, P: Puzzle> {
    delivery: &'a Delivery<'d, P>,
    reporter: Reporter,
    threads: usize,
    jobs: Sender<Job<P>>,
    /// A message for every job answered in full.
    answered: Receiver<()>,
    /// Cases read and not yet handed over.
    next: Vec<Task<P>>,
    /// How many cases the next job gets.
    job_size: usize,
    /// The bytes of text per case of the last job answered in full: room made in advance for
    /// the next job's text, which then grows in place.
    text_per_case: usize,
    /// The jobs handed over and not yet written, oldest first.
    in_flight: VecDeque<InFlight<CostOf<P>>>,
    /// Cases read so far.
    read: usize,
    /// Cases written so far.
    written: usize,
    /// Whether a limit stopped some case.
    stopped: bool,
    /// How the run must end, once something has gone wrong while writing.
    end: Option<BatchOutcome>,
}

impl<'a, 'd, P: Puzzle> Batch<'a, 'd, P> {
    fn new(
        delivery: &'a Delivery<'d, P>,
        reporter: Reporter,
        threads: usize,
        jobs: Sender<Job<P>>,
        answered: Receiver<()>,
    ) -> Self {
        Batch {
            delivery,
            reporter,
            threads,
            jobs,
            answered,
            next: Vec::new(),
            job_size: 1,
            text_per_case: 0,
            in_flight: VecDeque::new(),
            read: 0,
            written: 0,
            stopped: false,
            end: None,
        }
    }

    /// Takes the next case, holding it back until the next one is read: hands the cases before
    /// it over once they make a job, and waits for the oldest job when too many cases are in
    /// flight.
    fn take(&mut self, case: P::Case, heuristic: P::Heuristic) {
        if self.next.len() >= self.job_size {
            self.hand_over(self.next.len());
            // What has come back sizes the next job.
            self.write_found();
        }
        let progress = self.reporter.is_on().then(|| Arc::new(Progress::new()));
        self.next.push(Task { case, heuristic, progress });
        self.read += 1;
        if self.read - self.written >= CASES_IN_FLIGHT_PER_THREAD * self.threads {
            self.write(Until::Room);
        }
    }

    /// Hands the first `cases` cases held back to the workers as one job: a case alone in its
    /// job is searched on every thread that is free (the others' jobs keep theirs), the cases
    /// of a longer job (short ones) on one thread each.
    fn hand_over(&mut self, cases: usize) {
        if cases == 0 {
            return;
        }
        let rest = self.next.split_off(cases);
        let tasks = std::mem::replace(&mut self.next, rest);
        let threads = if tasks.len() == 1 { self.threads } else { 1 };
        let progress = tasks.iter().filter_map(|task| task.progress.clone()).collect();
        let answers = Arc::new(Mutex::new(Answers::for_cases(tasks.len(), self.text_per_case)));
        let first = self.read - self.next.len() - tasks.len() + 1;
        let job = Job { tasks, threads, answers: Arc::clone(&answers) };
        self.jobs.send(job).expect("the workers wait for jobs until the batch ends");
        self.in_flight.push_back(InFlight { first, answers, written: 0, progress });
    }

    /// Hands over every case read, the last alone on every thread, and writes every answer.
    fn answer_every_case_read(&mut self) {
        self.hand_over(self.next.len().saturating_sub(1));
        self.hand_over(self.next.len());
        self.write(Until::All);
    }

    /// Flushes the output; a failure ends the run.
    fn flush(&mut self) {
        if self.end.is_none()
            && let Err(error) = self.delivery.out.flush()
        {
            self.end = Some(BatchOutcome::Output(error));
        }
    }

    /// Writes, in order, the answers found so far, waiting for more `until` there is room for
    /// more cases in flight or every case handed over is written. After a failure it writes
    /// nothing more and keeps the failure in `end`.
    fn write(&mut self, until: Until) {
        while self.end.is_none() {
            self.write_found();
            let waits = match until {
                Until::Room => {
                    self.read - self.written >= CASES_IN_FLIGHT_PER_THREAD * self.threads
                }
                Until::All => !self.in_flight.is_empty(),
            };
            if !waits || self.end.is_some() || !self.wait_for_oldest() {
                return;
            }
        }
    }

    /// Writes, in order, every answer found so far, and sizes the next jobs by the last job
    /// answered in full.
    fn write_found(&mut self) {
        let delivery = self.delivery;
        while let Some(job) = self.in_flight.front_mut() {
            let mut answers = lock(&job.answers);
            let Answers { answered, text, took } = &mut *answers;
            let mut start = job.written.checked_sub(1).map_or(0, |before| answered[before].end);
            for (index, found) in answered.iter_mut().enumerate().skip(job.written) {
                let number = job.first + index;
                let bytes = &text[start..found.end];
                start = found.end;
                let written = std::mem::replace(&mut found.written, Ok(()));
                let outcome = found.outcome.as_ref().map(|&length| {
                    (length, move |out: &mut dyn Write| written.and_then(|()| out.write_all(bytes)))
                });
                let (stats, more_stats) = (&found.stats, &found.more_stats);
                let delivered =
                    delivery.deliver_outcome(number, outcome, stats, more_stats, &mut self.stopped);
                job.written += 1;
                self.written += 1;
                if let Err(end) = delivered {
                    self.end = Some(end);
                    return;
                }
            }
            let Some(took) = *took else { return };
            self.job_size = job_size(answered.len(), took);
            self.text_per_case = text.len().div_ceil(answered.len().max(1));
            drop(answers);
            self.in_flight.pop_front();
        }
    }

    /// Waits until the oldest job in flight has an answer not yet written or is done, showing
    /// the progress of the case it waits for. `false` when there is nothing to wait for, or the
    /// workers have gone.
    fn wait_for_oldest(&self) -> bool {
        let Some(job) = self.in_flight.front() else { return false };
        let number = job.first + job.written;
        let progress = job.progress.get(job.written).map(Arc::as_ref);
        // An answer not yet written, or the job's end (its last answer may have been written
        // before the worker marked the job done).
        let found =
            |answers: &Answers<_>| answers.answered.len() > job.written || answers.took.is_some();
        self.reporter.watch(&format!("case {number}"), progress, || {
            while !found(&lock(&job.answers)) {
                if self.answered.recv_timeout(POLL) == Err(RecvTimeoutError::Disconnected) {
                    return false;
                }
            }
            true
        })
    }
}

/// How many cases make a job that takes about [`JOB_TIME`], when the worker took `took` over a
/// job of `cases` cases: between 1 and [`MOST_CASES_PER_JOB`].
fn job_size(cases: usize, took: Duration) -> usize {
    let per_case = took / u32::try_from(cases.max(1)).unwrap_or(u32::MAX);
    if per_case.is_zero() {
        return MOST_CASES_PER_JOB;
    }
    let size = JOB_TIME.as_nanos() / per_case.as_nanos();
    usize::try_from(size).unwrap_or(MOST_CASES_PER_JOB).clamp(1, MOST_CASES_PER_JOB)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_of_fast_cases_take_about_the_job_time() {
        // 100 cases in a tenth of the job time: ten times as many next time.
        assert_eq!(job_size(100, JOB_TIME / 10), 1000);
        assert_eq!(job_size(10, JOB_TIME * 2), 5);
        assert_eq!(job_size(1_000_000, Duration::from_nanos(1)), MOST_CASES_PER_JOB);
        assert_eq!(job_size(3, Duration::ZERO), MOST_CASES_PER_JOB);
    }

    #[test]
    fn long_cases_go_one_by_one() {
        assert_eq!(job_size(1, JOB_TIME * 1000), 1);
        assert_eq!(job_size(64, JOB_TIME * 1000), 1);
    }
}
