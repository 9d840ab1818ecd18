//! What every action of the cluster knows (the program's options, the case, the search's
//! fingerprint) and how it ends: the answer written as the program writes it, a limit reported as
//! the program reports it, or an error.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use search_cli::{CommonArgs, CostOf, EXIT_BAD_INPUT, EXIT_STOPPED, Interrupts, Puzzle};
use search_core::{IdaStar, Limits, StopReason};

/// What every action knows: the program's options, the case, the search's fingerprint.
pub(crate) struct Context<'a, Z: Puzzle> {
    pub(crate) puzzle: &'a Z,
    pub(crate) case: &'a Z::Case,
    pub(crate) common: &'a CommonArgs,
    pub(crate) fingerprint: String,
    pub(crate) limits: Limits<CostOf<Z>>,
    pub(crate) interrupts: &'a Interrupts,
    /// The program's own command line, as given after `--`.
    pub(crate) program: &'a [OsString],
}

/// The driver of a case's search, as every action uses it.
pub(crate) type Driver<'a, P, H> = IdaStar<'a, P, H>;

impl<Z: Puzzle> Context<'_, Z> {
    /// Writes `answer` on standard output as the program does.
    pub(crate) fn puzzle_write(&self, answer: &Z::Answer) -> Result<(), String> {
        let mut out = io::stdout().lock();
        self.puzzle
            .write_answer(&mut out, self.case, answer)
            .and_then(|()| out.flush())
            .map_err(|error| format!("cannot write: {error}"))
    }
}

/// Writes the search's answer and, with `--stats`, its figures (the program's `--stats` line);
/// returns the exit status.
pub(crate) fn write_answer<Z: Puzzle>(
    context: &Context<'_, Z>,
    answer: &Z::Answer,
    length: Option<String>,
    generated: u64,
    expanded: u64,
    iterations: usize,
    seconds: f64,
) -> ExitCode {
    if let Err(message) = context.puzzle_write(answer) {
        return fail(&message);
    }
    if context.common.stats {
        let length = length.unwrap_or_else(|| "none".to_owned());
        eprintln!(
            "case=1 length={length} generated={generated} expanded={expanded} \
             iterations={iterations} seconds={seconds:.6}"
        );
    }
    ExitCode::SUCCESS
}

/// Reports a search a limit stopped, as the programs do; returns the exit status.
pub(crate) fn stopped<Z: Puzzle>(
    reason: StopReason,
    bound: impl std::fmt::Display,
    generated: u64,
) -> ExitCode {
    eprintln!(
        "{}: case 1 not solved: {reason}; bound {bound}, {generated} nodes generated",
        Z::PROGRAM
    );
    println!("not solved");
    ExitCode::from(EXIT_STOPPED)
}

/// Refuses to work on a search other than the coordinator's: `expected` is its fingerprint.
pub(crate) fn check_expected(fingerprint: &str, expected: Option<&str>) -> Result<(), String> {
    match expected {
        Some(expected) if expected != fingerprint => Err(format!(
            "this worker's search is not the units' (fingerprint {fingerprint}, the units' \
             {expected}): every worker needs the coordinator's program options and case file"
        )),
        _ => Ok(()),
    }
}

/// Reports `message` on standard error and returns the bad-input status.
pub(crate) fn fail(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(EXIT_BAD_INPUT)
}
