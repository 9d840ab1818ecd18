//! `cluster serve`: a worker of a pool (see [`pool`](super::pool)), which takes the units of
//! every round the coordinator publishes until it says `done`.

use std::fs::{self, File};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use search_core::work_units::UnitOutcome;
use search_core::{Heuristic, IdaStar, Problem, StopReason};

use super::coordinator::{Context, check_expected};
use super::files::{self, REPORTS_HEADER, WORKER_TRAILER};
use super::protocol::{
    CANCEL_WATCH, COORDINATOR_BEAT, Claims, DONE, WATCH, WATCH_MOST, beat, interval, parse_job,
    read_job, worker_id,
};
use crate::run::case_limits;
use crate::{CostOf, Interrupts, Puzzle, signals};

/// The job a worker is on, and the flag that calls off its unit in progress.
type Current = Mutex<(String, Arc<AtomicBool>)>;

/// Where a worker serves: the coordinator's work directory, the fingerprint expected of the
/// search, and how long the coordinator's heartbeat may stand still before the worker leaves.
pub(crate) struct Place<'a> {
    pub(crate) dir: &'a Path,
    pub(crate) expect: Option<&'a str>,
    pub(crate) timeout: Duration,
}

/// `cluster serve --dir DIR`: the pool's jobs in `DIR/pool/job.txt`, until `done`.
pub(crate) fn serve<Z, P, H>(
    context: &Context<'_, Z>,
    problem: &P,
    heuristic: &H,
    start: &P::State,
    place: &Place<'_>,
) -> Result<ExitCode, String>
where
    Z: Puzzle,
    P: Problem<Cost = CostOf<Z>>,
    H: Heuristic<P>,
{
    let (dir, timeout) = (place.dir, place.timeout);
    check_expected(&context.fingerprint, place.expect)?;
    let pool = dir.join("pool");
    let id = worker_id();
    let alive = pool.join(format!("alive-{id}.txt"));
    // Ready: the heuristic is, since the program made it before handing over the search.
    fs::write(&alive, "0\n").map_err(|error| format!("{}: {error}", alive.display()))?;
    let current: Current = Mutex::new((String::new(), Arc::new(AtomicBool::new(false))));
    let (over, abandoned) = (AtomicBool::new(false), AtomicBool::new(false));
    let job_file = pool.join("job.txt");
    let done = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            watch(context.interrupts, &job_file, &alive, &current, &over, &abandoned, timeout);
        });
        let done =
            jobs(context, problem, heuristic, start, dir, &id, &current, &abandoned, timeout);
        over.store(true, Ordering::Relaxed);
        // Woken rather than waited for: its looks can be 50 ms apart.
        watcher.thread().unpark();
        done
    });
    let _ = fs::remove_file(&alive);
    done
}

/// The iteration a job line names (a new round of the same iteration does not call off a unit).
fn iteration(job: &str) -> &str {
    job.split_once(' ').map_or(job, |(iteration, _)| iteration)
}

/// The worker's second thread: calls off the unit in progress when its iteration is over (or a
/// signal came), and beats the heartbeat.
fn watch(
    interrupts: &Interrupts,
    job_file: &Path,
    alive: &Path,
    current: &Current,
    over: &AtomicBool,
    abandoned: &AtomicBool,
    timeout: Duration,
) {
    let (mut beats, mut beaten) = (0_u64, Instant::now());
    let heart = job_file.with_file_name(COORDINATOR_BEAT);
    let mut coordinator = (String::new(), Instant::now());
    // The job last read, and since when: the looks grow further apart as it goes on.
    let mut seen = (String::new(), Instant::now());
    while !over.load(Ordering::Relaxed) {
        let job = read_job(job_file);
        if job != seen.0 {
            seen = (job.clone(), Instant::now());
        }
        let counter = read_job(&heart);
        if counter != coordinator.0 {
            coordinator = (counter, Instant::now());
        }
        let gone = coordinator.1.elapsed() > timeout;
        if gone {
            abandoned.store(true, Ordering::Relaxed);
        }
        {
            let current = current.lock().unwrap_or_else(PoisonError::into_inner);
            let (working, flag) = &*current;
            let moved_on =
                !working.is_empty() && !job.is_empty() && iteration(&job) != iteration(working);
            if moved_on || gone || interrupts.signal().is_some() {
                flag.store(true, Ordering::Relaxed);
            }
        }
        if beaten.elapsed() >= beat(timeout) {
            beats += 1;
            beaten = Instant::now();
            // A beat lost to a full disk is the next one's to make.
            let _ = fs::write(alive, format!("{beats}\n"));
        }
        std::thread::park_timeout(interval(seen.1.elapsed(), CANCEL_WATCH, WATCH_MOST));
    }
}

/// The worker's loop over the jobs.
#[expect(clippy::too_many_arguments, reason = "the case's search and the worker's state")]
fn jobs<Z, P, H>(
    context: &Context<'_, Z>,
    problem: &P,
    heuristic: &H,
    start: &P::State,
    dir: &Path,
    id: &str,
    current: &Current,
    abandoned: &AtomicBool,
    timeout: Duration,
) -> Result<ExitCode, String>
where
    Z: Puzzle,
    P: Problem<Cost = CostOf<Z>>,
    H: Heuristic<P>,
{
    let job_file = dir.join("pool").join("job.txt");
    let mut finished = String::new();
    loop {
        if let Some(signal) = context.interrupts.signal() {
            return Ok(ExitCode::from(signals::exit_status(signal)));
        }
        let job = read_job(&job_file);
        if job == DONE {
            return Ok(ExitCode::SUCCESS);
        }
        if abandoned.load(Ordering::Relaxed) {
            return Err(format!(
                "{}: the coordinator's heartbeat has stood still for {} s: it is gone, and so is \
                 this worker",
                job_file.with_file_name(COORDINATOR_BEAT).display(),
                timeout.as_secs_f64()
            ));
        }
        let Some((name, round)) = parse_job(&job).filter(|_| job != finished) else {
            std::thread::sleep(WATCH);
            continue;
        };
        let flag = Arc::new(AtomicBool::new(false));
        *current.lock().unwrap_or_else(PoisonError::into_inner) = (job.clone(), Arc::clone(&flag));
        let here = dir.join(name);
        let units_file = here.join(format!("round-{round}.txt"));
        let (_, _, units) = files::read_units::<P::Cost>(&units_file, &context.fingerprint)?;
        let claims = Claims::open(&here.join(format!("claims-{round}")), id)?;
        let path = here.join("reports").join(format!("pool-{round}-{id}.txt"));
        let fail = |error: std::io::Error| format!("{}: {error}", path.display());
        let mut out = File::create(&path).map_err(fail)?;
        let header = format!(
            "{REPORTS_HEADER} program={} fingerprint={}\n",
            Z::PROGRAM,
            context.fingerprint
        );
        out.write_all(header.as_bytes()).map_err(fail)?;
        let started = Instant::now();
        let (mut searched, mut generated) = (0_u64, 0_u64);
        for (index, unit) in units.iter().enumerate() {
            if flag.load(Ordering::Relaxed) {
                break;
            }
            if !claims.claim(index)? {
                continue;
            }
            // The limits are each unit's, as for `cluster work`: the time limit from its start.
            let mut limits = case_limits(context.common, context.interrupts);
            limits.cancel = Some(Arc::clone(&flag));
            let driver = IdaStar::new(problem, heuristic).limits(limits);
            let report = driver.search_unit(start, unit).map_err(|error| {
                format!("{} line {}: the unit {unit}: {error}", units_file.display(), index + 2)
            })?;
            if matches!(&report.outcome, UnitOutcome::Stopped { reason: StopReason::Cancelled }) {
                // Called off: the iteration is over, or a signal came; either way, no report.
                break;
            }
            (searched, generated) = (searched + 1, generated + report.generated);
            out.write_all(files::report_line(&context.fingerprint, &report).as_bytes())
                .and_then(|()| out.flush())
                .map_err(fail)?;
        }
        let seconds = started.elapsed().as_secs_f64();
        let trailer = format!(
            "{WORKER_TRAILER} units={searched} generated={generated} seconds={seconds:.6}\n"
        );
        out.write_all(trailer.as_bytes()).map_err(fail)?;
        finished = job;
    }
}
