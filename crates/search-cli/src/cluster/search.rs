//! `cluster run`: the whole search, iteration by iteration, through an engine, its state kept in
//! a work directory so that a run started again resumes it.
//!
//! The work directory holds `search.txt` (the search's fingerprint), `iterations.txt` (a line of
//! figures per iteration searched) and, for each iteration, `bound-B/`: `units.txt` (the split),
//! `reports/*.txt` (what the workers printed, one file per submission or task) and, once the
//! iteration's end is known, `end.txt` (the iteration as one report line). A run started again
//! takes the iterations that have an `end.txt` as they are, reads the reports of the one in
//! progress, and submits only the units that have none.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use search_core::num_traits::{CheckedAdd, Zero};
use search_core::work_units::{UnitOutcome, UnitReport, WorkUnit};
use search_core::{Heuristic, IdaStar, Problem};

use super::coordinator::{Context, Driver, stopped, write_answer};
use super::engine::{self, EngineName, Submission};
use super::files::{self, Fault, Ledger};
use super::pool::{Launch, Pool};
use super::{RunArgs, ToAnswer, local};
use crate::{CostOf, Puzzle, signals};

/// The first words of `search.txt`.
const SEARCH_HEADER: &str = "# ida-star search";

/// Below this many nodes of the previous iteration per unit, an iteration is cut into fewer
/// units: a unit costs a path replay and a line each way.
const MIN_UNIT_NODES: u64 = 512;

/// One iteration's end, as the run goes on from it.
struct Ended<C> {
    generated: u64,
    expanded: u64,
    end: UnitOutcome<C>,
    /// Its units' reports, in move order: the next split's forecast.
    reports: Vec<UnitReport<C>>,
    /// Nodes per second per worker, when measured.
    rate: Option<f64>,
}

/// The iteration's figures as one line: `B: generated=G expanded=E` and how it ended, in the
/// report format.
pub(crate) fn end_line<C: search_core::Cost>(
    bound: C,
    generated: u64,
    expanded: u64,
    end: &UnitOutcome<C>,
) -> String {
    let unit = WorkUnit { bound, path: Vec::new() };
    UnitReport { unit, generated, expanded, outcome: end.clone() }.to_string()
}

/// The moves of the solution `path` (move indices from `start`) of cost `cost` that a report of
/// `unit` gives, replayed with every step checked: the path extends the unit's, each index names
/// one of the moves of its node, each move may follow the one before it (as the search plays
/// them), the moves cost `cost` in all, which is the unit's bound (the solution of an iteration
/// of IDA* costs its bound), and the last node is a goal. Otherwise, what does not hold.
pub(crate) fn replay<P: Problem>(
    problem: &P,
    start: &P::State,
    unit: &WorkUnit<P::Cost>,
    path: &[usize],
    cost: P::Cost,
) -> Result<Vec<P::Move>, String> {
    let solution = WorkUnit { bound: cost, path: path.to_vec() };
    let wrong = |what: String| Err(format!("the solution {solution} of the unit {unit} {what}"));
    if !path.starts_with(&unit.path) {
        return wrong("does not begin with the unit's path".to_owned());
    }
    let mut state = start.clone();
    let (mut spent, mut moves) = (P::Cost::zero(), Vec::with_capacity(path.len()));
    for (step, &index) in (1..).zip(path) {
        let available = problem.moves(&state);
        let Some(&mv) = available.as_ref().get(index) else {
            let count = available.as_ref().len();
            return wrong(format!("plays at its step {step} the move {index} of {count} (from 0)"));
        };
        if moves.last().is_some_and(|&previous| !problem.may_follow(previous, mv)) {
            return wrong(format!("plays at its step {step} a move the search never plays there"));
        }
        let Some(sum) = spent.checked_add(&problem.cost(&state, mv)) else {
            return wrong(format!("costs more at its step {step} than the cost type holds"));
        };
        spent = sum;
        problem.apply(&mut state, mv);
        moves.push(mv);
    }
    if spent != cost || cost != unit.bound {
        return wrong(format!("costs {spent}, not its unit's bound"));
    }
    if !problem.is_goal(&state) {
        return wrong("does not end at a goal".to_owned());
    }
    Ok(moves)
}

/// Checks every solution among `ledger`'s reports by [`replay`]: an error naming the file and
/// line of the first that does not hold. Its line matched its check, so it is what a worker of
/// this search wrote: no damage on the way, which would be searched again, but a worker that
/// cannot be believed.
pub(crate) fn check_solutions<P: Problem>(
    ledger: &Ledger<P::Cost>,
    problem: &P,
    start: &P::State,
) -> Result<(), String> {
    for (report, place) in ledger.solutions() {
        if let UnitOutcome::Solved { path, cost } = &report.outcome {
            replay(problem, start, &report.unit, path, *cost).map_err(|why| {
                format!("{place}: {why}; nothing is combined: its worker cannot be believed")
            })?;
        }
    }
    Ok(())
}

/// `cluster run`.
pub(crate) fn run<Z, P, H>(
    context: &Context<'_, Z>,
    problem: &P,
    heuristic: &H,
    start: &P::State,
    answer: &ToAnswer<'_, P::Move, Z::Answer>,
    args: &RunArgs,
) -> Result<ExitCode, String>
where
    Z: Puzzle,
    P: Problem<Cost = CostOf<Z>> + Sync,
    P::State: Sync,
    H: Heuristic<P> + Sync,
{
    let started = Instant::now();
    let mut coordinator = Coordinator::open(context, args)?;
    let search = Search { problem, heuristic, start };
    let done = iterate(&mut coordinator, &search, answer, started);
    if let Some(pool) = coordinator.pool.take() {
        pool.finish();
    }
    done
}

/// The case's search: its problem, heuristic and start.
struct Search<'a, P: Problem, H> {
    problem: &'a P,
    heuristic: &'a H,
    start: &'a P::State,
}

/// The run's iterations, from the first bound to the answer.
fn iterate<Z, P, H>(
    coordinator: &mut Coordinator<'_, '_, Z>,
    search: &Search<'_, P, H>,
    answer: &ToAnswer<'_, P::Move, Z::Answer>,
    started: Instant,
) -> Result<ExitCode, String>
where
    Z: Puzzle,
    P: Problem<Cost = CostOf<Z>> + Sync,
    P::State: Sync,
    H: Heuristic<P> + Sync,
{
    let (context, args, problem, start) =
        (coordinator.context, coordinator.args, search.problem, search.start);
    let driver = IdaStar::new(problem, search.heuristic).limits(context.limits.clone());
    let driver = &driver;
    let (mut generated, mut expanded, mut iterations) = (1_u64, 0_u64, 0_usize);
    let mut bound = search.heuristic.estimate(problem, start);
    let (mut previous, mut last, mut rate) = (Vec::new(), (0_u64, 0_u64), None);
    loop {
        if let Some(signal) = context.interrupts.signal() {
            return Ok(ExitCode::from(signals::exit_status(signal)));
        }
        let (units, forecast) = coordinator.units_for(last, rate);
        let local = forecast < args.local_below;
        let ended = coordinator.iteration(search, driver, bound, units, local, &previous)?;
        (generated, expanded, iterations) =
            (generated + ended.generated, expanded + ended.expanded, iterations + 1);
        last = (last.1, ended.generated);
        rate = ended.rate.or(rate);
        let seconds = started.elapsed().as_secs_f64();
        match ended.end {
            UnitOutcome::Solved { path, cost } => {
                let root = WorkUnit { bound, path: Vec::new() };
                let solved = answer(Some(replay(problem, start, &root, &path, cost)?))?;
                let length = Z::length(&solved).map(|length| length.to_string());
                return Ok(write_answer(
                    context, &solved, length, generated, expanded, iterations, seconds,
                ));
            }
            UnitOutcome::Stopped { reason } => return Ok(stopped::<Z>(reason, bound, generated)),
            UnitOutcome::Exhausted { next_bound: Some(next) } => bound = next,
            UnitOutcome::Exhausted { next_bound: None } => {
                let none = answer(None)?;
                let length = Z::length(&none).map(|length| length.to_string());
                return Ok(write_answer(
                    context, &none, length, generated, expanded, iterations, seconds,
                ));
            }
        }
        previous = ended.reports;
    }
}

/// The run's settings and its work directory.
struct Coordinator<'c, 'a, Z: Puzzle> {
    context: &'c Context<'a, Z>,
    args: &'c RunArgs,
    dir: PathBuf,
    cwd: PathBuf,
    worker: Vec<std::ffi::OsString>,
    engine_args: Vec<String>,
    /// `iterations.txt`, once opened.
    log: Mutex<Option<File>>,
    /// With `--pool` (and an engine other than the local one): the pool's workers, started at
    /// the first iteration that needs them (a finished run read back starts none).
    pooled: bool,
    pool: Option<Pool>,
}

impl<'c, 'a, Z: Puzzle> Coordinator<'c, 'a, Z> {
    /// Opens (or makes) the work directory, refusing one of another search.
    fn open(context: &'c Context<'a, Z>, args: &'c RunArgs) -> Result<Self, String> {
        let dir = std::path::absolute(&args.dir)
            .map_err(|error| format!("{}: {error}", args.dir.display()))?;
        fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
        let search = dir.join("search.txt");
        let header =
            format!("{SEARCH_HEADER} program={} fingerprint={}\n", Z::PROGRAM, context.fingerprint);
        match fs::read_to_string(&search) {
            Ok(text) if text == header => {}
            Ok(_) => {
                return Err(format!(
                    "{}: the work directory of another search (another case, heuristic or \
                     settings): give another --dir, or remove this one",
                    search.display()
                ));
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                files::write_atomically(&search, &header)?;
            }
            Err(error) => return Err(format!("{}: {error}", search.display())),
        }
        let cwd =
            std::env::current_dir().map_err(|error| format!("the working directory: {error}"))?;
        let exe =
            std::env::current_exe().map_err(|error| format!("the program's path: {error}"))?;
        let mut worker = vec![exe.into_os_string()];
        worker.extend(["cluster", "work", "--expect", &context.fingerprint, "--"].map(Into::into));
        worker.extend(context.program.iter().cloned());
        let engine_args = args.engine_args.split_whitespace().map(str::to_owned).collect();
        // Opened at the first iteration to log: a finished run is read back without a write.
        let log = Mutex::new(None);
        let pooled = args.pool && args.engine != EngineName::Local;
        Ok(Coordinator { context, args, dir, cwd, worker, engine_args, log, pooled, pool: None })
    }

    /// What starts the engine's workers: `cluster work` for a submission's units, `cluster
    /// serve` for a pool.
    fn launch(&self, pool: bool) -> Launch {
        let mut worker = self.worker.clone();
        if pool {
            // `PROGRAM cluster work --expect F -- ...` becomes `PROGRAM cluster serve --dir DIR
            // --heartbeat-timeout S --expect F -- ...`.
            worker[2] = "serve".into();
            let timeout = self.args.heartbeat_timeout.as_secs_f64().to_string();
            let serve = ["--dir".into(), self.dir.clone().into_os_string()];
            worker.splice(
                3..3,
                serve.into_iter().chain(["--heartbeat-timeout".into(), timeout.into()]),
            );
        }
        Launch {
            engine: self.args.engine,
            worker,
            cwd: self.cwd.clone(),
            tasks: self.tasks(),
            engine_args: self.engine_args.clone(),
            template: self.args.command.clone(),
        }
    }

    /// Starts the pool's workers, unless they have been.
    fn start_pool(&mut self) -> Result<(), String> {
        if self.pool.is_none() {
            let launch = self.launch(true);
            let (helps, timeout) = (self.args.coordinator_helps, self.args.heartbeat_timeout);
            self.pool = Some(Pool::start(&self.dir, launch, helps, timeout)?);
        }
        Ok(())
    }

    /// Tasks per submission, or workers in the pool.
    fn tasks(&self) -> usize {
        // One task per slot is best (see `--tasks`); the slots of a cluster are not known here.
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        self.args.tasks.unwrap_or(cores).max(1)
    }

    /// How many units to cut the next iteration into, from the last two iterations' sizes and
    /// the workers' speed, and the forecast of its nodes (0 for the first).
    fn units_for(&self, (before, last): (u64, u64), rate: Option<f64>) -> (usize, u64) {
        let most = self.args.units.max(1);
        if last == 0 {
            return (most, 0);
        }
        #[expect(clippy::cast_precision_loss, reason = "a forecast, good to a few per cent")]
        let growth = if before == 0 { 1.0 } else { last as f64 / before as f64 };
        #[expect(clippy::cast_precision_loss, reason = "a forecast")]
        let forecast = last as f64 * growth;
        let wanted = match (self.args.unit_seconds, rate) {
            (Some(seconds), Some(rate)) if seconds > 0.0 && rate > 0.0 => {
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "clamped"
                )]
                let units = (forecast / (seconds * rate)).ceil().clamp(1.0, 1e9) as usize;
                units
            }
            _ => most,
        };
        let small = usize::try_from(last / MIN_UNIT_NODES).unwrap_or(usize::MAX).max(1);
        #[expect(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "a forecast")]
        let nodes = forecast.min(1e18) as u64;
        (wanted.min(most).min(small), nodes)
    }

    /// One iteration: its split made (or read back), its reports gathered, its missing units
    /// submitted until every unit it depends on has reported; then combined.
    fn iteration<P, H>(
        &mut self,
        search: &Search<'_, P, H>,
        driver: &Driver<'_, P, H>,
        bound: P::Cost,
        units: usize,
        local: bool,
        previous: &[UnitReport<P::Cost>],
    ) -> Result<Ended<P::Cost>, String>
    where
        P: Problem<Cost = CostOf<Z>> + Sync,
        P::State: Sync,
        H: Heuristic<P> + Sync,
    {
        let start = search.start;
        let fingerprint = &self.context.fingerprint;
        let here = self.dir.join(format!("bound-{bound}"));
        let reports_dir = here.join("reports");
        fs::create_dir_all(&reports_dir).map_err(|error| format!("{}: {error}", here.display()))?;
        let units_file = here.join("units.txt");
        let clock = Instant::now();
        // A split already written is cut again the same way: the walk's counts, which the units
        // file does not hold, are the combination's.
        let asked = match files::read_units::<P::Cost>(&units_file, fingerprint) {
            Ok((_, asked, _)) => asked,
            Err(_) if !units_file.exists() => units,
            Err(message) => return Err(message),
        };
        let split = driver.split(start, bound, asked, previous);
        if units_file.exists() {
            let (_, _, written) = files::read_units::<P::Cost>(&units_file, fingerprint)?;
            if written != split.units() {
                return Err(format!(
                    "{}: not the split this search makes of bound {bound}: the work directory \
                     was changed by other means",
                    units_file.display()
                ));
            }
        } else {
            let text = files::units_text(Z::PROGRAM, fingerprint, bound, asked, split.units());
            files::write_atomically(&units_file, &text)?;
        }
        let split_seconds = clock.elapsed().as_secs_f64();
        let clock = Instant::now();
        let mut ledger = Ledger::new(fingerprint, split.units().to_vec());
        let end_file = here.join("end.txt");
        let finished = end_file.exists();
        if !finished && self.pooled {
            // Started at the first iteration not yet over, so that the workers start while the
            // coordinator searches the small iterations itself (`--local-below`).
            self.start_pool()?;
        }
        gather(&mut ledger, &reports_dir, true)?;
        let pooled = self.pooled && !local;
        let (submissions, submitted, helped) =
            self.until_decided(search, driver, &mut ledger, &here, local)?;
        let engine_seconds = clock.elapsed().as_secs_f64();
        let clock = Instant::now();
        check_solutions(&ledger, search.problem, start)?;
        let reports = ledger.reports();
        let summary = split.combine(&reports);
        let line = end_line(bound, summary.generated, summary.expanded, &summary.outcome);
        if !finished {
            files::write_atomically(&end_file, &format!("{line}\n"))?;
        }
        let combine_seconds = clock.elapsed().as_secs_f64();
        #[expect(clippy::cast_precision_loss, reason = "a speed, good to a few per cent")]
        let rate = (ledger.worked.1 > 0.0).then(|| ledger.worked.0 as f64 / ledger.worked.1);
        let figures = format!(
            "bound={bound} engine={} units={} submitted={submitted} submissions={submissions} \
             generated={} expanded={} speculative={} split={split_seconds:.6} \
             wait={engine_seconds:.6} combine={combine_seconds:.6} worker-seconds={:.6} \
             pool={} coordinator-units={helped}\n",
            if local { "local" } else { self.args.engine.name() },
            split.units().len(),
            summary.generated,
            summary.expanded,
            summary.speculative,
            ledger.worked.1,
            if pooled { "yes" } else { "no" },
        );
        if !finished {
            let path = self.dir.join("iterations.txt");
            let mut log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
            let written = match &mut *log {
                Some(log) => log.write_all(figures.as_bytes()),
                None => File::options().create(true).append(true).open(&path).and_then(|file| {
                    (&file).write_all(figures.as_bytes()).map(|()| *log = Some(file))
                }),
            };
            written.map_err(|error| format!("{}: {error}", path.display()))?;
        }
        Ok(Ended {
            generated: summary.generated,
            expanded: summary.expanded,
            end: summary.outcome,
            reports,
            rate,
        })
    }

    /// Submits the units that have no report, again while some are lost, until the iteration's
    /// end is known: the submissions, the units submitted, and those the coordinator searched.
    fn until_decided<P, H>(
        &mut self,
        search: &Search<'_, P, H>,
        driver: &Driver<'_, P, H>,
        ledger: &mut Ledger<P::Cost>,
        here: &Path,
        local: bool,
    ) -> Result<(u32, usize, usize), String>
    where
        P: Problem<Cost = CostOf<Z>> + Sync,
        P::State: Sync,
        H: Heuristic<P> + Sync,
    {
        let start = search.start;
        let reports_dir = here.join("reports");
        let pooled = self.pooled && !local;
        let (mut submissions, mut submitted, mut helped) = (0, 0, 0);
        let mut attempt = next_attempt(here);
        while !ledger.decided() {
            if submissions > self.args.retries {
                let missing = ledger.missing();
                return Err(format!(
                    "bound {}: {} units still have no report (the first: {}) after {} \
                         submissions; see the engine's messages, then run again to resume",
                    missing[0].bound,
                    missing.len(),
                    missing[0],
                    submissions
                ));
            }
            let todo = ledger.missing();
            submitted += todo.len();
            if pooled {
                self.start_pool()?;
            }
            match &mut self.pool {
                Some(pool) if !local => {
                    let (context, problem, heuristic) =
                        (self.context, search.problem, search.heuristic);
                    helped += pool
                        .round(context, problem, heuristic, start, ledger, &todo, here, attempt)?;
                }
                _ => self.submit(driver, start, ledger, &todo, here, attempt, local)?,
            }
            if let Some(signal) = self.context.interrupts.signal() {
                eprintln!(
                    "{}: {}: the run is stopped; run it again to resume",
                    Z::PROGRAM,
                    signals::name(signal)
                );
                if let Some(pool) = self.pool.take() {
                    pool.finish();
                }
                std::process::exit(i32::from(signals::exit_status(signal)));
            }
            if pooled {
                // Workers may still be writing (units after the end, called off): only what is
                // complete is read, and a damaged file's units are searched again.
                gather_live(ledger, &reports_dir)?;
            } else {
                gather(ledger, &reports_dir, true)?;
            }
            (submissions, attempt) = (submissions + 1, attempt + 1);
        }
        Ok((submissions, submitted, helped))
    }

    /// Submits `todo` to the engine and waits for it, stopping it once the iteration's end is
    /// known (or a signal came).
    #[expect(clippy::too_many_arguments, reason = "the case's search and the submission's place")]
    fn submit<P, H>(
        &self,
        driver: &Driver<'_, P, H>,
        start: &P::State,
        ledger: &Ledger<P::Cost>,
        todo: &[WorkUnit<P::Cost>],
        here: &Path,
        attempt: u32,
        local: bool,
    ) -> Result<(), String>
    where
        P: Problem<Cost = CostOf<Z>> + Sync,
        P::State: Sync,
        H: Heuristic<P> + Sync,
    {
        let interrupts = self.context.interrupts;
        if local || self.args.engine == EngineName::Local {
            let file = here.join("reports").join(format!("local-{attempt}.txt"));
            return local::search(self.context, driver, start, ledger, todo, &file);
        }
        let lines: Vec<String> = todo.iter().map(ToString::to_string).collect();
        let tasks = self.tasks();
        let submission = Submission {
            iteration: here,
            attempt,
            units: &lines,
            worker: &self.worker,
            cwd: &self.cwd,
            tasks,
            engine_args: &self.engine_args,
            template: self.args.command.as_deref(),
            pool: false,
        };
        let reports_dir = here.join("reports");
        let mut stop = || {
            if interrupts.signal().is_some() {
                return true;
            }
            let mut fresh = ledger.clone();
            gather(&mut fresh, &reports_dir, false).is_ok() && fresh.decided()
        };
        engine::run(self.args.engine, &submission, &mut stop)
    }
}

/// The number of the next submission in the iteration directory `here`: one more than any whose
/// files are there.
fn next_attempt(here: &Path) -> u32 {
    let names = ["reports", "."].into_iter().filter_map(|sub| fs::read_dir(here.join(sub)).ok());
    names
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            let stem = name.split('.').next()?.to_owned();
            // `local-3`, `parallel-3`, `todo-3`, `tasks-3`, `task-3-0`.
            let number = stem.split('-').nth(1)?;
            number.parse::<u32>().ok()
        })
        .max()
        .map_or(0, |last| last + 1)
}

/// Reads the complete lines of every reports file of `dir` into `ledger`, while workers may still
/// be writing: a foreign file ends the run with its file and line, as [`gather`] does; a damaged
/// one (a garbled line) is left out and returned with its fault, for its units to be searched
/// again.
pub(crate) fn gather_live<C: search_core::Cost>(
    ledger: &mut Ledger<C>,
    dir: &Path,
) -> Result<Vec<(PathBuf, String)>, String> {
    let mut damaged = Vec::new();
    for path in files::reports_files(dir)? {
        match ledger.read(&path, false) {
            Ok(()) => {}
            Err(Fault::Damaged(message)) => damaged.push((path, message)),
            Err(Fault::Foreign(message)) => return Err(message),
        }
    }
    Ok(damaged)
}

/// Reads every reports file of `dir` into `ledger`. `finished`: the engine has ended, so a
/// damaged file (a line cut short, a garbled line, a line that does not match its check) is
/// reported in a warning, set aside (renamed `.rejected`)
/// and its units searched again, and a foreign one (another search's, a report for a unit not in
/// the split, a report that disagrees with another) ends the run with its file and line.
fn gather<C: search_core::Cost>(
    ledger: &mut Ledger<C>,
    dir: &Path,
    finished: bool,
) -> Result<(), String> {
    for path in files::reports_files(dir)? {
        match ledger.read(&path, finished) {
            Ok(()) => {}
            Err(_) if !finished => {}
            Err(Fault::Damaged(message)) => {
                let aside = PathBuf::from(format!("{}.rejected", path.display()));
                fs::rename(&path, &aside)
                    .map_err(|error| format!("{}: {error}", path.display()))?;
                eprintln!(
                    "warning: {message}; nothing from this file is combined: it is set aside as {} \
                     and its units are searched again",
                    aside.display()
                );
            }
            Err(Fault::Foreign(message)) => return Err(message),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cells 0 to 5 of a line, walked to 5 a step left or right at a time.
    struct Line;

    impl Problem for Line {
        type State = u8;
        type Move = i8;
        type Cost = u8;
        type Moves<'a> = Vec<i8>;

        fn moves(&self, &cell: &u8) -> Vec<i8> {
            [-1, 1]
                .into_iter()
                .filter(|&step| (0..=5).contains(&(cell.cast_signed() + step)))
                .collect()
        }
        fn apply(&self, cell: &mut u8, step: i8) {
            *cell = cell.wrapping_add_signed(step);
        }
        fn undo(&self, cell: &mut u8, step: i8) {
            *cell = cell.wrapping_add_signed(-step);
        }
        fn inverse(&self, step: i8) -> Option<i8> {
            Some(-step)
        }
        fn is_goal(&self, &cell: &u8) -> bool {
            cell == 5
        }
    }

    fn replayed(unit: &str, solution: &str) -> Result<Vec<i8>, String> {
        let unit: WorkUnit<u8> = unit.parse().unwrap();
        let solution: WorkUnit<u8> = solution.parse().unwrap();
        replay(&Line, &2, &unit, &solution.path, solution.bound)
    }

    #[test]
    fn a_solution_holds_only_replayed_step_by_step_to_a_goal_at_the_bound() {
        // From 2, the moves are [-1, +1]: three steps right reach 5.
        assert_eq!(replayed("3:1", "3:1.1.1"), Ok(vec![1, 1, 1]));
        let refused = |unit, solution, why: &str| {
            let error = replayed(unit, solution).unwrap_err();
            assert!(error.contains(why), "{solution}: {error}");
        };
        refused("3:1", "3:1.1.9", "plays at its step 3 the move 9 of 2 (from 0)");
        refused("3:0", "3:1.1.1", "does not begin with the unit's path");
        refused("3:1", "4:1.1.1", "costs 3, not its unit's bound");
        refused("4:1", "3:1.1.1", "costs 3, not its unit's bound");
        refused("2:1", "2:1.1", "does not end at a goal");
        // Right, then straight back: the search never plays that.
        refused("5:1", "5:1.0.1.1.1", "plays at its step 2 a move the search never plays");
    }
}
