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
//! - `bound-B/claims-R/K`: a unit is taken by creating this file for its index `K` in the round,
//!   with `O_EXCL`: one claimant gets it, whoever asks first. Workers go through the round in move
//!   order, as the threads do, each writing its reports to `bound-B/reports/pool-R-ID.txt` (the
//!   format of `cluster work`'s output), `ID` being the host's name and the process's number.
//! - `pool/coordinator.txt`: the coordinator's heartbeat, a counter rewritten every second; a
//!   worker whose coordinator's counter has stood still for [`STALE`] leaves (the coordinator was
//!   killed: a run started again starts a pool of its own).
//! - `pool/alive-ID.txt`: the worker's heartbeat, a counter rewritten every second while it lives.
//!   A unit claimed by a worker whose counter has not moved for [`STALE`] is lost, and the
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
use std::fs::{self, File};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use search_core::work_units::WorkUnit;
use search_core::{Heuristic, Problem};

use super::coordinator::Context;
use super::engine::{self, EngineName, Submission};
use super::files::{self, Fault, Ledger};
use crate::{CostOf, Puzzle};

/// How often the coordinator looks at the reports, and an idle worker at the job: every
/// iteration waits for both once, so the interval is short beside the smallest iteration worth
/// sending, and long beside the look itself (the sizes of a few files; the files are read only
/// when one has grown).
pub(crate) const WATCH: Duration = Duration::from_millis(1);

/// How often a searching worker looks whether its unit's iteration is over: a unit searched in
/// vain costs at most this long.
pub(crate) const CANCEL_WATCH: Duration = Duration::from_millis(5);

/// How often a worker rewrites its heartbeat.
pub(crate) const BEAT: Duration = Duration::from_secs(1);

/// How long a heartbeat may stand still before its worker is taken for dead: several beats, so
/// that a worker descheduled on a loaded node is not.
pub(crate) const STALE: Duration = Duration::from_secs(10);

/// The claimant's name of the coordinator's own threads.
pub(crate) const COORDINATOR: &str = "coordinator";

/// The coordinator's heartbeat file in the pool's directory, rewritten every [`BEAT`]: a worker
/// whose coordinator's heart has stood still for [`STALE`] leaves (the coordinator was killed).
pub(crate) const COORDINATOR_BEAT: &str = "coordinator.txt";

/// The job file's text while there is no job: workers wait.
pub(crate) const WAIT: &str = "wait";
/// The job file's text at the end of the run: workers leave.
pub(crate) const DONE: &str = "done";

/// The iteration's directory name and round of a job line (`bound-57 2`).
pub(crate) fn parse_job(job: &str) -> Option<(&str, u32)> {
    let (iteration, round) = job.split_once(' ')?;
    let valid = iteration.starts_with("bound-") && !iteration.contains('/');
    valid.then_some(())?;
    Some((iteration, round.parse().ok()?))
}

/// The job file's line, or an empty string while it cannot be read.
pub(crate) fn read_job(path: &Path) -> String {
    fs::read_to_string(path).map(|text| text.trim().to_owned()).unwrap_or_default()
}

/// Claims the unit `index` of a round for `claimant`: whether it is now the claimant's.
pub(crate) fn claim(claims: &Path, index: usize, claimant: &str) -> Result<bool, String> {
    let path = claims.join(index.to_string());
    match File::options().write(true).create_new(true).open(&path) {
        Ok(mut file) => {
            file.write_all(claimant.as_bytes())
                .map_err(|error| format!("{}: {error}", path.display()))?;
            Ok(true)
        }
        Err(error) if error.kind() == ErrorKind::AlreadyExists => Ok(false),
        Err(error) => Err(format!("{}: {error}", path.display())),
    }
}

/// This worker's name in the pool: the host's name and the process's number.
pub(crate) fn worker_id() -> String {
    let host = fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "host".to_owned());
    let host: String = host
        .trim()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '.' { c } else { '_' })
        .collect();
    format!("{host}.{}", std::process::id())
}

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
}

impl Pool {
    /// Makes the pool's directory in the work directory `work`, with no job yet, and starts the
    /// engine's workers.
    pub(crate) fn start(work: &Path, launch: Launch, helps: bool) -> Result<Pool, String> {
        let dir = work.join("pool");
        // What a run before this one left: its heartbeats and its job.
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
        let over = Arc::new(AtomicBool::new(false));
        let (flag, beat) = (Arc::clone(&over), dir.join(COORDINATOR_BEAT));
        let heart = std::thread::spawn(move || {
            let mut beats = 0_u64;
            while !flag.load(Ordering::Relaxed) {
                // A beat lost to a full disk is the next one's to make.
                let _ = files::write_atomically(&beat, &format!("{beats}\n"));
                beats += 1;
                std::thread::park_timeout(BEAT);
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

    /// Ends the run's pool: `done` for the workers, then the engine stopped (and waited for).
    pub(crate) fn finish(mut self) {
        let _ = self.publish(DONE);
        if let Some(running) = self.running.take() {
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
    /// [`STALE`], or never appeared within that time since `opened`.
    fn dead(&mut self, owner: &str, opened: Instant) -> bool {
        if owner.is_empty() || owner == COORDINATOR {
            return false;
        }
        let path = self.dir.join(format!("alive-{owner}.txt"));
        let now = Instant::now();
        let Ok(text) = fs::read_to_string(&path) else {
            return now.duration_since(opened) > STALE;
        };
        let seen = self.beats.entry(owner.to_owned()).or_insert_with(|| (text.clone(), now));
        if seen.0 != text {
            *seen = (text, now);
        }
        now.duration_since(seen.1) > STALE
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
        // The reports read so far (a file read again when it has grown: its reports already
        // taken are identical duplicates), and the size each file had when read.
        let mut fresh = ledger.clone();
        let mut sizes: HashMap<PathBuf, u64> = HashMap::new();
        loop {
            std::thread::sleep(WATCH);
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
                match fresh.read(&path, false) {
                    Ok(()) => {}
                    Err(Fault::Foreign(message)) => return Err(message),
                    Err(Fault::Damaged(message)) => {
                        if self.damaged.insert(path) {
                            eprintln!(
                                "error: {message}; nothing from this file is combined: its units \
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
        let mut any = false;
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
            if self.damaged.contains(&file) || self.dead(&owner, opened) {
                any = true;
            }
        }
        any
    }
}
