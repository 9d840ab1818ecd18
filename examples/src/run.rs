//! The loop every program runs: read a case, answer it, write the answer, and so on to the end
//! of the input or the first bad case, with the limits, statistics, trace and progress the
//! command line asks for.
//!
//! # A case a limit stops
//!
//! When `--max-nodes` or `--time-limit` stops a case's search, the program writes on standard
//! error
//!
//! ```text
//! rotation: case 3 not solved: the node budget was spent (--max-nodes 1000000); bound 12, 1000000 nodes generated
//! ```
//!
//! answers the case on standard output with the line `not solved` (in place of the whole of the
//! case's answer, whatever its usual number of lines), goes on with the next case, and exits with
//! status 3 ([`EXIT_STOPPED`](crate::EXIT_STOPPED)) at the end.

use std::fmt::Display;
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use search_core::{
    Limits, NoObserver, Observer, Problem, Progress, SearchStats, StopReason, Stopped,
};

use crate::progress::Reporter;
use crate::{CommonArgs, EXIT_BAD_INPUT, EXIT_IO, EXIT_STOPPED, Trace};

/// A program's puzzle: how to read its cases, solve one and write the answer.
pub trait Puzzle {
    /// The program's name, as messages give it.
    const PROGRAM: &'static str;
    /// The puzzle as search-core sees it (its moves are printed by `--trace`).
    type Problem: Problem<Cost = u8, Move: Display>;
    /// One case of the input.
    type Case;
    /// The answer to a case.
    type Answer;
    /// A heuristic, chosen by name on the command line.
    type Heuristic: Copy + Display;

    /// The cases of `input`, in order; an error ends them.
    fn cases(input: &str) -> impl Iterator<Item = Result<Self::Case, String>>;

    /// The heuristic for `case` (`chosen` on the command line, or the puzzle's default), ready
    /// to use (a database built or read), or why the chosen one cannot serve it.
    ///
    /// # Errors
    ///
    /// A message for a heuristic not offered for this case.
    fn heuristic(
        &self,
        chosen: Option<Self::Heuristic>,
        case: &Self::Case,
    ) -> Result<Self::Heuristic, String>;

    /// Solves `case` with `heuristic` within `limits`, `observer` watching.
    fn solve<O: Observer<Self::Problem>>(
        &self,
        case: &Self::Case,
        heuristic: Self::Heuristic,
        limits: &Limits<u8>,
        observer: O,
    ) -> Solution<Self::Answer>;

    /// Writes the answer in the output's format (with drawings, if the program was asked for
    /// them).
    ///
    /// # Errors
    ///
    /// When the output cannot be written.
    fn write_answer(
        &self,
        out: &mut dyn Write,
        case: &Self::Case,
        answer: &Self::Answer,
    ) -> io::Result<()>;

    /// The answer's number of moves, or `None` when it has none (no solution).
    fn length(answer: &Self::Answer) -> Option<usize>;
}

/// What solving a case gave: the answer or the limit that stopped it, the search's figures,
/// and any figures of the puzzle's own for `--stats` (` key=value` pairs).
#[derive(Clone, Debug)]
pub struct Solution<A> {
    /// The answer, or the limit that stopped the search and the bound it had reached.
    pub answer: Result<A, Stopped<u8>>,
    /// The search's figures.
    pub stats: SearchStats<u8>,
    /// More `--stats` figures, each as ` key=value`.
    pub more_stats: String,
}

/// Why a run ended before the end of its input.
#[derive(Debug)]
enum Failure {
    /// The input cannot be read or is malformed.
    Input(String),
    /// Standard output or standard error cannot be written.
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        Failure::Output(error)
    }
}

/// Runs `puzzle` on the input `args` names, with `heuristic` (the puzzle's default for each case
/// when `None`), and returns the exit status (see the crate documentation).
pub fn run<P: Puzzle>(puzzle: &P, args: &CommonArgs, heuristic: Option<P::Heuristic>) -> ExitCode {
    let mut stopped = false;
    match answer_all(puzzle, args, heuristic, &mut stopped) {
        Ok(()) if stopped => ExitCode::from(EXIT_STOPPED),
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => fail(&message, EXIT_BAD_INPUT),
        Err(Failure::Output(error)) => fail(&format!("cannot write: {error}"), EXIT_IO),
    }
}

/// Reports `message` on standard error as `error: message` and returns `status` to exit with.
fn fail(message: &dyn Display, status: u8) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(status)
}

/// Answers every case of the input, in order, stopping at the first bad one; sets `stopped`
/// when a limit stopped some case.
fn answer_all<P: Puzzle>(
    puzzle: &P,
    args: &CommonArgs,
    chosen: Option<P::Heuristic>,
    stopped: &mut bool,
) -> Result<(), Failure> {
    let input = read_input(args.input.as_deref()).map_err(Failure::Input)?;
    let reporter = Reporter::new(args.progress, args.trace);
    let mut out = BufWriter::new(io::stdout().lock());
    for (index, case) in P::cases(&input).enumerate() {
        let number = index + 1;
        let checked = case.and_then(|case| match puzzle.heuristic(chosen, &case) {
            Ok(heuristic) => Ok((heuristic, case)),
            Err(message) => Err(format!("case {number}: {message}")),
        });
        let (heuristic, case) = match checked {
            Ok(checked) => checked,
            Err(message) => {
                // Every earlier answer must be out before the error is reported.
                out.flush()?;
                return Err(Failure::Input(message));
            }
        };
        let solution = solve_case(puzzle, args, reporter, number, &case, heuristic)?;
        if args.stats {
            let length: &dyn Display = match &solution.answer {
                Ok(answer) => {
                    &P::length(answer).map_or_else(|| "none".to_owned(), |n| n.to_string())
                }
                Err(_) => &"stopped",
            };
            writeln!(
                io::stderr(),
                "{}{}",
                stats_line(number, length, &solution.stats),
                solution.more_stats
            )?;
        }
        match &solution.answer {
            Ok(answer) => puzzle.write_answer(&mut out, &case, answer)?,
            Err(stop) => {
                *stopped = true;
                let limit = limit_named(args, stop.reason);
                let generated = solution.stats.generated;
                writeln!(
                    io::stderr(),
                    "{}: case {number} not solved: {}{limit}; bound {}, {generated} nodes generated",
                    P::PROGRAM,
                    stop.reason,
                    stop.bound,
                )?;
                writeln!(out, "not solved")?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// Solves one case (numbered from 1) within the command line's limits, with its trace and
/// progress if asked for.
fn solve_case<P: Puzzle>(
    puzzle: &P,
    args: &CommonArgs,
    reporter: Reporter,
    number: usize,
    case: &P::Case,
    heuristic: P::Heuristic,
) -> io::Result<Solution<P::Answer>> {
    let mut limits = Limits::default();
    if let Some(nodes) = args.max_nodes {
        limits = limits.max_generated(nodes);
    }
    if let Some(time) = args.time_limit {
        limits = limits.deadline(Instant::now() + time);
    }
    if args.trace {
        let mut trace = Trace::new(io::stderr().lock(), args.trace_limit);
        let solution = puzzle.solve(case, heuristic, &limits, &mut trace);
        trace.finish()?;
        return Ok(solution);
    }
    if !reporter.is_on() {
        return Ok(puzzle.solve(case, heuristic, &limits, NoObserver));
    }
    let progress = Arc::new(Progress::new());
    limits = limits.progress(Arc::clone(&progress));
    let what = format!("case {number}");
    Ok(reporter
        .watch(&what, Some(&progress), || puzzle.solve(case, heuristic, &limits, NoObserver)))
}

/// ` (--max-nodes N)` or ` (--time-limit S)`: the option behind a stop, as the user gave it.
fn limit_named(args: &CommonArgs, reason: StopReason) -> String {
    match reason {
        StopReason::NodeLimit => args.max_nodes.map(|n| format!(" (--max-nodes {n})")),
        StopReason::TimeLimit => {
            args.time_limit.map(|time| format!(" (--time-limit {})", time.as_secs_f64()))
        }
        _ => None,
    }
    .unwrap_or_default()
}

/// Reads the whole input: the file, or standard input when `path` is `None` or `-`. Bytes that
/// are not UTF-8 become U+FFFD, so a bad byte shows up as a bad token, not as a failure to read.
fn read_input(path: Option<&Path>) -> Result<String, String> {
    let mut bytes = Vec::new();
    match path.filter(|path| *path != Path::new("-")) {
        Some(path) => {
            bytes = std::fs::read(path)
                .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        }
        None => {
            io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|error| format!("cannot read standard input: {error}"))?;
        }
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The `--stats` line of a case (numbered from 1) whose answer has `length` moves (any text:
/// `none` for a case that has no answer, say).
///
/// ```
/// use ida_examples::run::stats_line;
/// use search_core::SearchStats;
///
/// let stats = SearchStats::<u8> { generated: 10, expanded: 3, ..Default::default() };
/// assert_eq!(
///     stats_line(1, &2, &stats),
///     "case=1 length=2 generated=10 expanded=3 iterations=0 seconds=0.000000"
/// );
/// ```
#[must_use]
pub fn stats_line<C>(case: usize, length: &dyn Display, stats: &SearchStats<C>) -> String {
    format!(
        "case={case} length={length} generated={} expanded={} iterations={} seconds={:.6}",
        stats.generated,
        stats.expanded,
        stats.iterations.len(),
        stats.elapsed.as_secs_f64()
    )
}
