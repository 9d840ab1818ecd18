//! Where and how a case's answer goes out, the same whether the cases are solved one at a time or
//! on several threads: the answer in the input's order, its `--stats` line, and the report of a
//! limit that stopped it.

use std::fmt::Display;
use std::io::{self, Write};

use search_core::{SearchStats, StopReason, Stopped};

use crate::CommonArgs;
use crate::batch_outcome::BatchOutcome;
use crate::input::ReadErrors;
use crate::output::Output;
use crate::puzzle::{CaseReportOf, CostOf, Puzzle};
use crate::signals::Interrupts;
use crate::work::Work;

/// How the run ends when a signal stopped the input's wait for more: every case read answered.
pub(crate) fn interrupted(
    interrupts: &Interrupts,
    read_errors: &ReadErrors,
) -> Option<BatchOutcome> {
    let signal = interrupts.signal().filter(|_| read_errors.interrupted())?;
    Some(BatchOutcome::Signal { program: interrupts.program(), signal, case: None })
}

/// Case `number` as read, with the heuristic that will solve it, ready (a database made); or the
/// message that reports it: a bad case, or a heuristic not offered for it.
pub(crate) fn ready<P: Puzzle>(
    puzzle: &P,
    chosen: Option<P::Heuristic>,
    work: &Work<'_>,
    number: usize,
    case: Result<P::Case, P::CaseError>,
) -> Result<(P::Heuristic, P::Case), String> {
    let case = case.map_err(|error| error.to_string())?;
    work.for_case(number);
    match puzzle.heuristic(chosen, &case, work) {
        Ok(heuristic) => Ok((heuristic, case)),
        Err(message) => Err(format!("case {number}: {message}")),
    }
}

/// Where and how answers go out: shared by the one-case-at-a-time loop and the batch on several
/// threads, so that both write exactly the same.
pub(crate) struct Delivery<'a, P> {
    pub(crate) puzzle: &'a P,
    pub(crate) args: &'a CommonArgs,
    pub(crate) out: &'a Output,
    pub(crate) flush_each: bool,
    pub(crate) interrupts: &'a Interrupts,
}

/// A case's outcome as the output needs it: the answer's length (for `--stats`) and how to write
/// the answer, or the limit that stopped the search.
pub(crate) type Outcome<'a, C, W> = Result<(Option<usize>, W), &'a Stopped<C>>;

impl<P: Puzzle> Delivery<'_, P> {
    /// Writes case `number`'s answer, its `--stats` line and any report of a limit, in the
    /// input's order; `stopped` is set when a limit stopped it.
    ///
    /// # Errors
    ///
    /// How the run must end instead: a signal stopped the case, or the output failed.
    pub(crate) fn deliver(
        &self,
        number: usize,
        case: &P::Case,
        solution: &CaseReportOf<P>,
        stopped: &mut bool,
    ) -> Result<(), BatchOutcome> {
        let outcome = solution.answer.as_ref().map(|answer| {
            let write = |out: &mut dyn Write| self.puzzle.write_answer(out, case, answer);
            (P::length(answer), write)
        });
        self.deliver_outcome(number, outcome, &solution.stats, &solution.more_stats, stopped)
    }

    /// [`deliver`](Self::deliver) for an answer already written out by other means (into memory,
    /// on the thread that solved it): `outcome` gives its length and writes it.
    ///
    /// # Errors
    ///
    /// As [`deliver`](Self::deliver).
    pub(crate) fn deliver_outcome<W: FnOnce(&mut dyn Write) -> io::Result<()>>(
        &self,
        number: usize,
        outcome: Outcome<'_, CostOf<P>, W>,
        stats: &SearchStats<CostOf<P>>,
        more_stats: &str,
        stopped: &mut bool,
    ) -> Result<(), BatchOutcome> {
        if let (Err(stop), Some(signal)) = (&outcome, self.interrupts.signal())
            && stop.reason == StopReason::Cancelled
        {
            // The message comes once the run has ended, after every answer before this one.
            let program = P::PROGRAM;
            return Err(BatchOutcome::Signal { program, signal, case: Some(number) });
        }
        *stopped |= outcome.is_err();
        write_outcome::<P, W>(self.args, self.out, number, outcome, stats, more_stats)
            .map_err(BatchOutcome::Output)?;
        if self.flush_each {
            self.out.flush().map_err(BatchOutcome::Output)?;
        }
        Ok(())
    }
}

/// Writes a case's answer (or `not solved`) into `out`, and its `--stats` line and any report
/// of a limit on standard error.
fn write_outcome<P: Puzzle, W: FnOnce(&mut dyn Write) -> io::Result<()>>(
    args: &CommonArgs,
    out: &Output,
    number: usize,
    outcome: Outcome<'_, CostOf<P>, W>,
    stats: &SearchStats<CostOf<P>>,
    more_stats: &str,
) -> io::Result<()> {
    if args.stats {
        let length = match &outcome {
            Ok((length, _)) => length.map_or_else(|| "none".to_owned(), |n| n.to_string()),
            Err(_) => "stopped".to_owned(),
        };
        let line = stats_line(number, &length, stats);
        // Last, after the puzzle's own figures, and only when a driver was chosen: the default's
        // line keeps its form, which scripts read.
        let peak = args.algorithm.map(|_| format!(" peak={}", stats.peak_held)).unwrap_or_default();
        writeln!(io::stderr(), "{line}{more_stats}{peak}")?;
    }
    match outcome {
        Ok((_, write)) => out.write(write),
        Err(stop) => {
            let limit = limit_named(args, stop.reason);
            let generated = stats.generated;
            let nodes = if generated == 1 { "node" } else { "nodes" };
            writeln!(
                io::stderr(),
                "{}: case {number} not solved: {}{limit}; bound {}, {generated} {nodes} generated",
                P::PROGRAM,
                stop.reason,
                stop.bound,
            )?;
            out.write(|out| writeln!(out, "not solved"))
        }
    }
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

/// The `--stats` line of a case (numbered from 1) whose answer has `length` moves (any text:
/// `none` for a case that has no answer, say).
///
/// ```
/// use search_cli::run::stats_line;
/// use search_core::SearchStats;
///
/// let mut stats = SearchStats::<u8>::default();
/// (stats.generated, stats.expanded) = (10, 3);
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
