//! The cluster's actions: reading the program's command line and the case, making the heuristic
//! ready (a pattern database built or read once, here), and handing the case's search to the
//! action: [`split`], [`work`], [`combine`], or [`run`](super::search::run).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use search_core::num_traits::{NumCast, cast};
use search_core::work_units::{UnitOutcome, UnitReport};
use search_core::{Heuristic, IdaStar, Problem};

use search_cli::progress::Reporter;
use search_cli::{
    Algorithm, CommonArgs, CostOf, Input, Interrupts, Job, Output, Puzzle, ToAnswer, Work, signals,
};

use crate::args::{Action, RunArgs};
use crate::context::{Context, Driver, check_expected, fail, write_answer};
use crate::files::{self, Ledger, REPORTS_HEADER, WORKER_TRAILER};
use crate::program_args::{Host, ProgramArgs};
use crate::{search, serve};

/// Does `action` for the program `name` whose command line `A` parses, with the puzzle it
/// chooses.
pub(crate) fn act<A: ProgramArgs>(name: &str, action: Action) -> ExitCode {
    let program = match &action {
        Action::Split { program, .. }
        | Action::Work { program, .. }
        | Action::Serve { program, .. }
        | Action::Combine { program, .. }
        | Action::Run(RunArgs { program, .. }) => program.clone(),
    };
    let command_line = std::iter::once(OsString::from(name)).chain(program.iter().cloned());
    let args = match A::try_parse_from(command_line) {
        Ok(args) => args,
        Err(error) => error.exit(),
    };
    args.choose(Prepare { program: &program, action }).unwrap_or_else(|message| fail(&message))
}

/// An action, before the puzzle is chosen: the [`Host`] of whichever puzzle the program's
/// command line chooses.
struct Prepare<'a> {
    /// The program's command line (after `--`), handed to the workers.
    program: &'a [OsString],
    action: Action,
}

impl Host for Prepare<'_> {
    type Output = ExitCode;

    /// Reads the case, makes the heuristic ready, and hands the case's search to the action.
    fn host<Z: Puzzle>(
        self,
        puzzle: &Z,
        common: &CommonArgs,
        heuristic: Option<Z::Heuristic>,
    ) -> ExitCode {
        let name = Z::PROGRAM;
        if let Some(algorithm) = common.algorithm.filter(|&algorithm| algorithm != Algorithm::Ida) {
            return fail(&format!(
                "a cluster search is IDA*: --algorithm {algorithm} is for one machine"
            ));
        }
        let (case, text) = match one_case::<Z>(common.input.as_deref()) {
            Ok(case) => case,
            Err(message) => return fail(&message),
        };
        let interrupts = Interrupts::install(name);
        let out = Output::new(Box::new(io::sink()));
        // The coordinator holds no answers while the databases are built: nothing to hand over
        // or deliver if a signal ends it then.
        let work = Work::alone(&out, &interrupts, Reporter::new(common.progress, false));
        work.for_case(1);
        let heuristic = match puzzle.heuristic(heuristic, &case, &work) {
            Ok(heuristic) => heuristic,
            Err(message) => return fail(&format!("case 1: {message}")),
        };
        let heuristic_name = heuristic.to_string();
        let settings = puzzle.settings();
        let fingerprint = files::fingerprint(&[
            name.as_bytes(),
            heuristic_name.as_bytes(),
            settings.as_bytes(),
            &text,
        ]);
        let context = Context {
            puzzle,
            case: &case,
            common,
            fingerprint,
            limits: common.case_limits(&interrupts),
            interrupts: &interrupts,
            program: self.program,
        };
        puzzle.distribute(&case, heuristic, Act { context, action: self.action })
    }
}

/// The one case of the file `path`, and the file's bytes (fingerprinted).
fn one_case<Z: Puzzle>(path: Option<&Path>) -> Result<(Z::Case, Vec<u8>), String> {
    let path = path.filter(|path| *path != Path::new("-")).ok_or(
        "a cluster search needs its case in a FILE after the program's options (standard input \
         carries the units)",
    )?;
    let text = fs::read(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let input = Input::open(Some(path))?;
    let mut cases = Z::cases(input);
    let case = cases.next().ok_or_else(|| format!("{}: no case", path.display()))?;
    let case = case.map_err(|error| error.to_string())?;
    if cases.next().is_some() {
        return Err(format!(
            "{}: more than one case; a cluster search is of one case: one file each",
            path.display()
        ));
    }
    Ok((case, text))
}

/// An action, as a [`Job`] on the case's search.
struct Act<'a, Z: Puzzle> {
    context: Context<'a, Z>,
    action: Action,
}

impl<Z: Puzzle> Job<Z> for Act<'_, Z> {
    type Output = ExitCode;

    fn search<P, H>(
        self,
        problem: &P,
        heuristic: &H,
        start: &P::State,
        answer: &ToAnswer<'_, P::Move, Z::Answer>,
    ) -> ExitCode
    where
        P: Problem<Cost = CostOf<Z>> + Sync,
        P::State: Sync,
        H: Heuristic<P> + Sync,
    {
        let context = &self.context;
        let driver = IdaStar::new(problem, heuristic).limits(context.limits.clone());
        let done = match self.action {
            Action::Split { bound, units, previous, .. } => {
                split(context, &driver, start, bound, units, &previous)
            }
            Action::Work { expect, .. } => work(context, &driver, start, expect.as_deref()),
            Action::Combine { units_file, previous, reports, .. } => {
                combine(context, problem, &driver, start, answer, &units_file, &previous, &reports)
            }
            Action::Serve { dir, expect, heartbeat_timeout, .. } => {
                let place = serve::Place {
                    dir: &dir,
                    expect: expect.as_deref(),
                    timeout: heartbeat_timeout,
                };
                serve::serve(context, problem, heuristic, start, &place)
            }
            Action::Run(args) => search::run(context, problem, heuristic, start, answer, &args),
        };
        done.unwrap_or_else(|message| fail(&message))
    }

    fn answered(self, answer: Z::Answer) -> ExitCode {
        let context = &self.context;
        match self.action {
            Action::Work { .. } | Action::Split { .. } | Action::Serve { .. } => fail(&format!(
                "{}: the case is answered without a search, so it has no units",
                context.common.input.as_deref().unwrap_or(Path::new("-")).display()
            )),
            Action::Combine { .. } | Action::Run(_) => {
                let length = Z::length(&answer);
                write_answer(
                    context,
                    &answer,
                    length.map(|length| length.to_string()),
                    0,
                    0,
                    0,
                    0.0,
                )
            }
        }
    }

    fn refused(self, message: &str) -> ExitCode {
        fail(message)
    }
}

/// `cluster split`: the units file of one iteration, on standard output.
fn split<Z: Puzzle, P: Problem<Cost = CostOf<Z>>, H: Heuristic<P>>(
    context: &Context<'_, Z>,
    driver: &Driver<'_, P, H>,
    start: &P::State,
    bound: u64,
    units: usize,
    previous: &[PathBuf],
) -> Result<ExitCode, String> {
    let bound = cost_of::<P::Cost>(bound)?;
    let previous = previous_reports(previous, &context.fingerprint)?;
    let split = driver.split(start, bound, units, &previous);
    let text = files::units_text(Z::PROGRAM, &context.fingerprint, bound, units, split.units());
    io::stdout().write_all(text.as_bytes()).map_err(|error| format!("cannot write: {error}"))?;
    Ok(ExitCode::SUCCESS)
}

/// A bound given on the command line, in the puzzle's cost type.
fn cost_of<C: NumCast>(bound: u64) -> Result<C, String> {
    cast(bound).ok_or_else(|| format!("the bound {bound} does not fit the puzzle's costs"))
}

/// The reports of the previous iteration's files (any order, duplicates once) of the search
/// `fingerprint`: the split's forecast.
pub(crate) fn previous_reports<C: search_core::Cost>(
    paths: &[PathBuf],
    fingerprint: &str,
) -> Result<Vec<UnitReport<C>>, String> {
    let mut reports = BTreeMap::new();
    for path in paths {
        let text =
            fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
        for (index, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let report: UnitReport<C> = files::read_report(line, fingerprint)
                .map_err(|error| format!("{} line {}: {error}", path.display(), index + 1))?;
            reports.insert(report.unit.path.clone(), report);
        }
    }
    Ok(reports.into_values().collect())
}

/// `cluster work`: every unit of standard input searched, its report on standard output as soon
/// as it is known.
fn work<Z: Puzzle, P: Problem<Cost = CostOf<Z>>, H: Heuristic<P>>(
    context: &Context<'_, Z>,
    driver: &Driver<'_, P, H>,
    start: &P::State,
    expect: Option<&str>,
) -> Result<ExitCode, String> {
    let fingerprint = &context.fingerprint;
    check_expected(fingerprint, expect)?;
    let started = Instant::now();
    let (mut units, mut generated) = (0_u64, 0_u64);
    let write = |line: String| {
        let mut out = io::stdout().lock();
        out.write_all(line.as_bytes()).and_then(|()| out.flush())
    };
    let header = format!("{REPORTS_HEADER} program={} fingerprint={fingerprint}\n", Z::PROGRAM);
    write(header).map_err(|error| format!("cannot write: {error}"))?;
    for (index, line) in io::stdin().lock().lines().enumerate() {
        let at = format!("standard input line {}", index + 1);
        let line = line.map_err(|error| format!("{at}: {error}"))?;
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let unit = line.parse().map_err(|error| format!("{at}: {error}"))?;
        let report = driver
            .search_unit(start, &unit)
            .map_err(|error| format!("{at}: the unit {unit}: {error}"))?;
        if let Some(signal) = context.interrupts.signal() {
            // A unit cut short by a signal has no report: it is searched again.
            return Ok(ExitCode::from(signals::exit_status(signal)));
        }
        (units, generated) = (units + 1, generated + report.generated);
        write(files::report_line(fingerprint, &report))
            .map_err(|error| format!("cannot write: {error}"))?;
    }
    let seconds = started.elapsed().as_secs_f64();
    let trailer =
        format!("{WORKER_TRAILER} units={units} generated={generated} seconds={seconds:.6}\n");
    write(trailer).map_err(|error| format!("cannot write: {error}"))?;
    Ok(ExitCode::SUCCESS)
}

/// `cluster combine`: the iteration's end from its units and reports, on standard output, as a
/// report of the whole iteration (`B: generated=G expanded=E next=N`, `solved=...` or
/// `stopped=...`), then the answer when it is solved.
#[expect(clippy::too_many_arguments, reason = "the case's search, and the files named")]
fn combine<Z: Puzzle, P: Problem<Cost = CostOf<Z>>, H: Heuristic<P>>(
    context: &Context<'_, Z>,
    problem: &P,
    driver: &Driver<'_, P, H>,
    start: &P::State,
    answer: &ToAnswer<'_, P::Move, Z::Answer>,
    units_file: &Path,
    previous: &[PathBuf],
    reports: &[PathBuf],
) -> Result<ExitCode, String> {
    let (bound, asked, units) = files::read_units::<P::Cost>(units_file, &context.fingerprint)?;
    let previous = previous_reports(previous, &context.fingerprint)?;
    let split = driver.split(start, bound, asked, &previous);
    if split.units() != units {
        return Err(format!(
            "{}: these are not the units of bound {bound} cut with these --previous reports: \
             give combine the --previous files split was given",
            units_file.display()
        ));
    }
    let mut ledger = Ledger::new(&context.fingerprint, units);
    for path in reports {
        ledger.read(path, true).map_err(|fault| fault.message().to_owned())?;
    }
    if !ledger.decided() {
        let missing = ledger.missing();
        return Err(format!(
            "{} units have no report (the first: {}), and the end of the iteration depends on them",
            missing.len(),
            missing[0]
        ));
    }
    search::check_solutions(&ledger, problem, start)?;
    let summary = split.combine(&ledger.reports());
    let line = search::end_line(bound, summary.generated, summary.expanded, &summary.outcome);
    let mut out = io::stdout().lock();
    writeln!(out, "{line}").map_err(|error| format!("cannot write: {error}"))?;
    if let UnitOutcome::Solved { path, cost } = &summary.outcome {
        let root = search_core::work_units::WorkUnit { bound, path: Vec::new() };
        let solved = answer(Some(search::replay(problem, start, &root, path, *cost)?))?;
        drop(out);
        context.puzzle_write(&solved)?;
    }
    Ok(ExitCode::SUCCESS)
}
