//! `cluster run --pool`: workers started once for the whole run, which take the units of every
//! iteration from files in the work directory, in place of a submission to the engine per
//! iteration.
//!
//! A submission costs the engine's start (GNU parallel is a Perl program, a Slurm array job waits
//! for the scheduler) and every worker's (the program loaded, its heuristic read): most of a
//! second on one machine, more on a cluster, paid at every iteration. A pool pays it once, and
//! the coordinator's own threads can search the first iteration's units while it starts
//! (`--coordinator-helps`). Nothing but files passes between them, in `DIR/pool/` and the
//! iterations' directories, on the shared filesystem every engine already needs:
//!
//! - `pool/job.txt`, one line, replaced whole by the coordinator: `wait`, `done`, or `bound-B R`,
//!   the round `R` of the iteration `bound-B`, whose units are in `bound-B/round-R.txt` (a units
//!   file, fingerprint and all).
//! - `bound-B/claims-R/K`: a unit is taken by making this entry for its index `K` in the round,
//!   a hard link to the claimant's token `bound-B/claims-R/by-NAME` (see [`Claims`](super::protocol::Claims)): one
//!   claimant gets it, whoever asks first. Workers go through the round in move
//!   order, as the threads do, each writing its reports to `bound-B/reports/pool-R-ID.txt` (the
//!   format of `cluster work`'s output), `ID` being the host's name and the process's number.
//! - `pool/coordinator.txt`: the coordinator's heartbeat, a counter rewritten every second (more
//!   often under a heartbeat timeout of less than five seconds); a
//!   worker whose coordinator's counter has stood still for the heartbeat timeout
//!   (`--heartbeat-timeout`, 10 s unless said otherwise) leaves (the coordinator was
//!   killed: a run started again starts a pool of its own).
//! - `pool/alive-ID.txt`: the worker's heartbeat, a counter rewritten every second while it lives.
//!   A unit claimed by a worker whose counter has not moved for the timeout is lost, and the
//!   coordinator opens a new round with every unit lost; so it does when the engine itself has
//!   ended before the iteration's end is known (the engine is then started again). Both count as
//!   a resubmission (`--retries`).
//!
//! When an iteration's end is known, the coordinator names the next round: a worker whose unit
//! belongs to an iteration that is over abandons it (its cancellation flag is set within a few
//! milliseconds) and takes the next job. At the end of the run the coordinator writes `done`, and
//! stops the engine as it stops a submission.

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use search_core::work_units::WorkUnit;
use search_core::{Heuristic, Problem};

use super::coordinator::Context;
use super::engine::{self, EngineName, Submission};
use super::files::{self, Fault, Ledger, Taken};
use super::protocol::{
    COORDINATOR, COORDINATOR_BEAT, DONE, WAIT, WATCH, WATCH_MOST, beat, interval,
};
use crate::{CostOf, Puzzle};

/// How long the engine is given to end once the workers are told `done`, before it is stopped.
const LEAVE: Duration = Duration::from_secs(2);

/// How often the coordinator looks for lost units.
const LOST_WATCH: Duration = Duration::from_millis(200);

/// The reports files of `dir` and their sizes, in name order: what changes when a report comes.
fn report_sizes(dir: &Path) -> Vec<(PathBuf, u64)> {
    let files = files::reports_files(dir).unwrap_or_default();
    files
        .into_iter()
        .map(|path| {
            let size = fs::metadata(&path).map_or(0, |metadata| metadata.len());
            (path, size)
        })
        .collect()
}

/// The number of workers that have said they are ready (their heartbeat file exists).
fn ready(pool: &Path) -> usize {
    fs::read_dir(pool).map_or(0, |entries| {
        let names = entries.filter_map(Result::ok).map(|entry| entry.file_name());
        names.filter(|name| name.to_string_lossy().starts_with("alive-")).count()
    })
}

/// What starts the pool's engine: everything a [`Submission`] borrows, owned, for the engine's
/// own thread.
pub(crate) struct Launch {
    pub(crate) engine: EngineName,
    pub(crate) worker: Vec<OsString>,
    pub(crate) cwd: PathBuf,
    pub(crate) tasks: usize,
    pub(crate) engine_args: Vec<String>,
    pub(crate) template: Option<String>,
}

/// The engine running the pool's workers, on a thread of its own.
struct Running {
    thread: JoinHandle<Result<(), String>>,
    stop: Arc<AtomicBool>,
}

/// The coordinator's side of the pool.
pub(crate) struct Pool {
    dir: PathBuf,
    launch: Arc<Launch>,
    running: Option<Running>,
    /// The coordinator's heartbeat: a thread, and the flag that ends it.
    heart: Option<(JoinHandle<()>, Arc<AtomicBool>)>,
    starts: u32,
    /// Each heartbeat file's last text, and when the coordinator saw it change.
    beats: HashMap<String, (String, Instant)>,
    /// The damaged reports files already reported.
    damaged: HashSet<PathBuf>,
    /// Let the coordinator's threads search while fewer workers than tasks are ready.
    helps: bool,
    /// How long a worker's heartbeat may stand still before it is taken for dead.
    timeout: Duration,
}

impl Pool {
    /// Makes the pool's directory in the work directory `work`, with no job yet, and starts the
    /// engine's workers.
    pub(crate) fn start(
        work: &Path,
        launch: Launch,
        helps: bool,
        timeout: Duration,
    ) -> Result<Pool, String> {
        let dir = work.join("pool");
        // What a run before this one left: its heartbeats and its job.
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
        let over = Arc::new(AtomicBool::new(false));
        let (flag, heart_file) = (Arc::clone(&over), dir.join(COORDINATOR_BEAT));
        let every = beat(timeout);
        let heart = std::thread::spawn(move || {
            let mut beats = 0_u64;
            while !flag.load(Ordering::Relaxed) {
                // A beat lost to a full disk is the next one's to make.
                let _ = files::write_atomically(&heart_file, &format!("{beats}\n"));
                beats += 1;
                std::thread::park_timeout(every);
            }
        });
        let mut pool = Pool {
            dir,
            launch: Arc::new(launch),
            running: None,
            heart: Some((heart, over)),
            starts: 0,
            beats: HashMap::new(),
            damaged: HashSet::new(),
            helps,
            timeout,
        };
        pool.publish(WAIT)?;
        pool.ensure_running()?;
        Ok(pool)
    }

    fn publish(&self, job: &str) -> Result<(), String> {
        files::write_atomically(&self.dir.join("job.txt"), &format!("{job}\n"))
    }

    /// Starts the engine if it is not running (it ended, or never started).
    fn ensure_running(&mut self) -> Result<(), String> {
        if self.running.as_ref().is_some_and(|running| !running.thread.is_finished()) {
            return Ok(());
        }
        if let Some(ended) = self.running.take() {
            ended.thread.join().map_err(|_| "the engine's thread panicked".to_owned())??;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let (launch, dir, attempt) = (Arc::clone(&self.launch), self.dir.clone(), self.starts);
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let submission = Submission {
                iteration: &dir,
                attempt,
                units: &[],
                worker: &launch.worker,
                cwd: &launch.cwd,
                tasks: launch.tasks,
                engine_args: &launch.engine_args,
                template: launch.template.as_deref(),
                pool: true,
            };
            engine::run(launch.engine, &submission, &mut || flag.load(Ordering::Relaxed))
        });
        self.running = Some(Running { thread, stop });
        self.starts += 1;
        Ok(())
    }

    fn engine_ended(&self) -> bool {
        self.running.as_ref().is_none_or(|running| running.thread.is_finished())
    }

    /// Ends the run's pool: `done` for the workers, who leave, and the engine ends with them;
    /// one that has not ended within [`LEAVE`] is stopped (and waited for).
    pub(crate) fn finish(mut self) {
        let _ = self.publish(DONE);
        if let Some(running) = self.running.take() {
            // Waited for rather than stopped at once: stopping takes longer (a `kill`, then GNU
            // parallel's own sequence of signals to its jobs), and a worker that leaves removes
            // its heartbeat. Tasks still queued (Slurm) never see `done`: they are stopped.
            let deadline = Instant::now() + LEAVE;
            while !running.thread.is_finished() && Instant::now() < deadline {
                // The engine's thread looks at its process when woken (see `engine::wait`).
                running.thread.thread().unpark();
                std::thread::sleep(WATCH);
            }
            running.stop.store(true, Ordering::Relaxed);
            let _ = running.thread.join();
        }
        if let Some((heart, over)) = self.heart.take() {
            over.store(true, Ordering::Relaxed);
            heart.thread().unpark();
            let _ = heart.join();
        }
    }

    /// Whether the claimant `owner` is taken for dead: its heartbeat has stood still for
    /// the heartbeat timeout, or never appeared within that time since `opened`.
    fn dead(&mut self, owner: &str, opened: Instant) -> bool {
        if owner.is_empty() || owner == COORDINATOR {
            return false;
        }
        let path = self.dir.join(format!("alive-{owner}.txt"));
        let now = Instant::now();
        let Ok(text) = fs::read_to_string(&path) else {
            return now.duration_since(opened) > self.timeout;
        };
        let seen = self.beats.entry(owner.to_owned()).or_insert_with(|| (text.clone(), now));
        if seen.0 != text {
            *seen = (text, now);
        }
        now.duration_since(seen.1) > self.timeout
    }

    /// One round of an iteration: `todo` published to the workers (and searched by the
    /// coordinator's threads too while the workers start, with `helper`), until the iteration's
    /// end is known or some units are lost. Returns how many units the coordinator searched.
    #[expect(clippy::too_many_arguments, reason = "the case's search and the round's place")]
    pub(crate) fn round<Z, P, H>(
        &mut self,
        context: &Context<'_, Z>,
        problem: &P,
        heuristic: &H,
        start: &P::State,
        ledger: &Ledger<P::Cost>,
        todo: &[WorkUnit<P::Cost>],
        here: &Path,
        round: u32,
    ) -> Result<usize, String>
    where
        Z: Puzzle,
        P: Problem<Cost = CostOf<Z>> + Sync,
        P::State: Sync,
        H: Heuristic<P> + Sync,
    {
        let Some(bound) = todo.first().map(|unit| unit.bound) else { return Ok(0) };
        let fingerprint = &context.fingerprint;
        let text = files::units_text(Z::PROGRAM, fingerprint, bound, todo.len(), todo);
        files::write_atomically(&here.join(format!("round-{round}.txt")), &text)?;
        let claims = here.join(format!("claims-{round}"));
        fs::create_dir_all(&claims).map_err(|error| format!("{}: {error}", claims.display()))?;
        let name = here.file_name().map(|name| name.to_string_lossy().into_owned());
        self.publish(&format!("{} {round}", name.unwrap_or_default()))?;
        self.ensure_running()?;
        let reports = here.join("reports");
        let halted = Arc::new(AtomicBool::new(false));
        let searched_here = AtomicUsize::new(0);
        let opened = Instant::now();
        let tasks = self.launch.tasks;
        let helps = self.helps;
        let pool_dir = self.dir.clone();
        let wanted = || ready(&pool_dir) < tasks;
        std::thread::scope(|scope| {
            if helps {
                let local = reports.join(format!("local-{round}.txt"));
                let helper = super::helper::Helper {
                    limits: &context.limits,
                    fingerprint: &context.fingerprint,
                    threads: context.common.threads(),
                    program: Z::PROGRAM,
                    problem,
                    heuristic,
                    start,
                    todo,
                    claims: &claims,
                    halted: &halted,
                    wanted: &wanted,
                    watcher: std::thread::current(),
                };
                let searched_here = &searched_here;
                scope.spawn(move || helper.search(&local, searched_here));
            }
            let outcome = self.watch(context, ledger, todo, &reports, &claims, opened);
            halted.store(true, Ordering::Relaxed);
            outcome
        })?;
        Ok(searched_here.into_inner())
    }

    /// Reads the round's reports until the iteration's end is known, some units are lost, or a
    /// signal came.
    fn watch<Z: Puzzle, C: search_core::Cost>(
        &mut self,
        context: &Context<'_, Z>,
        ledger: &Ledger<C>,
        todo: &[WorkUnit<C>],
        reports: &Path,
        claims: &Path,
        opened: Instant,
    ) -> Result<(), String> {
        let mut last_check = Instant::now();
        // The reports read so far (a file read before this round is read whole once more: its
        // reports already taken are identical duplicates), and the size each file had when
        // read.
        let mut fresh = ledger.clone();
        let mut sizes: HashMap<PathBuf, u64> = HashMap::new();
        // How much of each file is taken: a grown file is read from there on.
        let mut taken: HashMap<PathBuf, Taken> = HashMap::new();
        loop {
            // Woken early by the coordinator's own threads' reports (see `Helper::watcher`).
            std::thread::park_timeout(interval(opened.elapsed(), WATCH, WATCH_MOST));
            if context.interrupts.signal().is_some() {
                return Ok(());
            }
            let mut grown = Vec::new();
            for (path, size) in report_sizes(reports) {
                if sizes.insert(path.clone(), size) != Some(size) {
                    grown.push(path);
                }
            }
            if grown.is_empty() && !self.engine_ended() && last_check.elapsed() < LOST_WATCH {
                continue;
            }
            for path in grown {
                match fresh.read_on(&path, false, taken.entry(path.clone()).or_default()) {
                    Ok(()) => {}
                    Err(Fault::Foreign(message)) => return Err(message),
                    Err(Fault::Damaged(message)) => {
                        if self.damaged.insert(path) {
                            eprintln!(
                                "warning: {message}; nothing from this file is combined: its units \
                                 are searched again"
                            );
                        }
                    }
                }
            }
            if fresh.decided() {
                return Ok(());
            }
            if self.engine_ended() {
                eprintln!(
                    "cluster: the pool's engine ended before the iteration did; it is started again"
                );
                return Ok(());
            }
            if last_check.elapsed() >= LOST_WATCH {
                last_check = Instant::now();
                if self.lost(&fresh, todo, claims, opened) {
                    return Ok(());
                }
            }
        }
    }

    /// Whether every unit of the round is claimed or reported, and some unit still missing was
    /// claimed by a worker taken for dead (or whose reports file is damaged).
    fn lost<C: search_core::Cost>(
        &mut self,
        ledger: &Ledger<C>,
        todo: &[WorkUnit<C>],
        claims: &Path,
        opened: Instant,
    ) -> bool {
        let missing: HashSet<WorkUnit<C>> = ledger.missing().into_iter().collect();
        // The claimants of missing units taken for dead, and how many units each holds.
        let mut dead: Vec<(String, usize)> = Vec::new();
        let mut damaged = false;
        for (index, unit) in todo.iter().enumerate() {
            if !missing.contains(unit) {
                continue;
            }
            let Ok(owner) = fs::read_to_string(claims.join(index.to_string())) else {
                return false;
            };
            let round = claims.file_name().map(|name| name.to_string_lossy().into_owned());
            let round = round.unwrap_or_default().replace("claims-", "");
            let file = claims.with_file_name("reports").join(format!("pool-{round}-{owner}.txt"));
            if self.damaged.contains(&file) {
                damaged = true;
            } else if let Some(held) = dead.iter_mut().find(|(name, _)| *name == owner) {
                held.1 += 1;
            } else if self.dead(&owner, opened) {
                dead.push((owner, 1));
            }
        }
        for (owner, units) in &dead {
            eprintln!(
                "cluster: the worker {owner} is taken for dead (its heartbeat has stood still for \
                 {} s): its {units} unit(s) without a report are searched again",
                self.timeout.as_secs_f64()
            );
        }
        damaged || !dead.is_empty()
    }
}
