//! The command-line options every program shares, defined once with clap's derive and
//! flattened into each program's own options.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use search_core::Limits;

use crate::signals::Interrupts;

/// What every program's `--help` ends with: how integers are read, the form of a stopped case,
/// and the exit statuses.
pub const AFTER_HELP: &str = "\
An integer in the input is an optional sign (+ or -) followed by one or more ASCII decimal
digits, leading zeros allowed (+1 and 001 are 1, -0 is 0); any other token is not an integer, and
a negative integer other than 0 is out of range.

A case stopped by --max-nodes or --time-limit is answered with the line `not solved` (in place of
its whole answer) and reported on standard error with the limit and the bound it reached; the
cases after it are still answered.

Exit status: 0 when every case was answered; 1 if the output cannot be written; 2 for a usage
error or a bad input (after every earlier case has been answered); 3 when a limit stopped some
case; 130 or 143 when Ctrl-C (SIGINT) or SIGTERM stopped the run, every answer found before it
written.";

/// The options of every program.
#[derive(Args, Clone, Debug)]
pub struct CommonArgs {
    /// The input file (standard input when absent or `-`)
    #[arg(value_name = "FILE")]
    pub input: Option<PathBuf>,

    /// One line of search figures per case on standard error:
    /// case=N length=L generated=G expanded=E iterations=I seconds=S, the puzzle's own figures,
    /// and with --algorithm peak=P, the most nodes the driver held at once: open plus closed for
    /// bfs, ucs and astar, the deepest path's moves for the depth-first drivers (0 where not
    /// counted: on several threads). length=none for a case with no solution, length=stopped for
    /// a case a limit stopped
    #[arg(long)]
    pub stats: bool,

    /// The search as text on standard error: each iteration's tree for the depth-first drivers,
    /// each node queued and expanded for bfs, ucs and astar
    #[arg(long)]
    pub trace: bool,

    /// At most N trace lines per case
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub trace_limit: usize,

    /// Write every case's search, event by event, to FILE in the JSON Lines trace format of
    /// docs/trace-format.md (each case a run of its own: a header, the events, a `stats` line),
    /// which the explorer's page opens. The file is written whole or not at all: under a
    /// temporary name beside FILE, renamed once every case is answered. Cases are then solved
    /// one at a time; not with --trace
    #[arg(long, value_name = "FILE", conflicts_with = "trace")]
    pub trace_json: Option<PathBuf>,

    /// At most N events per case in the --trace-json file: past it a `truncated` line, and only
    /// the iterations' summaries and the `stats` line
    #[arg(long, value_name = "N", default_value_t = crate::trace_json::DEFAULT_EVENT_CAP)]
    pub trace_json_limit: u64,

    /// The search driver: ida (IDA*, the default), bts (Budgeted Tree Search), iddfs (iterative
    /// deepening), bfs (breadth-first), ucs (uniform-cost), astar (A*); each program offers
    /// those that fit its puzzle, and says which. Each takes --trace and --trace-json
    #[arg(long, value_name = "ALGORITHM")]
    pub algorithm: Option<crate::Algorithm>,

    /// Stop a case's search once it has generated N nodes, the start included (so N is at
    /// least 1): the case is answered `not solved` and the next one is read
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,

    /// Stop a case's search after SECONDS (a decimal number) of wall-clock time: the case is
    /// answered `not solved` and the next one is read
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,

    /// Solve on N threads (default: every core): several cases at once, each case's answer still
    /// written in the input's order; 1 answers one case at a time
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,

    /// When to show a progress line on standard error for a case that takes longer than a
    /// second: auto (when standard error is a terminal and there is no --trace), always (plain
    /// lines, once a second, when it is not a terminal), never
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ProgressMode::Auto)]
    pub progress: ProgressMode,
}

impl CommonArgs {
    /// The limits of a case that starts now: `--max-nodes`, `--time-limit` (from now), and
    /// `interrupts`' cancellation flag.
    #[must_use]
    pub fn case_limits<C>(&self, interrupts: &Interrupts) -> Limits<C> {
        let mut limits = Limits::default().cancel_flag(interrupts.cancel_flag());
        if let Some(nodes) = self.max_nodes {
            limits = limits.max_generated(nodes);
        }
        if let Some(time) = self.time_limit {
            limits = limits.deadline(Instant::now() + time);
        }
        limits
    }

    /// The number of threads to solve on: `--threads`, or every core the system offers.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            usize::from,
        )
    }
}

/// When a progress line is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProgressMode {
    /// When standard error is a terminal and the search is not traced.
    Auto,
    /// Always: redrawn on a terminal, else a plain line a second.
    Always,
    /// Never.
    Never,
}

/// A number of seconds, as `--time-limit` takes it: a finite decimal number, zero or more, that
/// a [`Duration`] holds (up to about 584 billion years).
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("{text:?} is not a number of seconds"))?;
    Duration::try_from_secs_f64(seconds).map_err(|_| {
        if seconds.is_finite() && seconds > 0.0 {
            format!("{text:?} seconds is too large: at most {} seconds", Duration::MAX.as_secs())
        } else {
            format!("{text:?} is not a number of seconds from 0 up")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_decimal_and_not_negative() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        for bad in ["-1", "soon", "inf", "NaN", ""] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn too_many_seconds_are_called_too_large() {
        let message = parse_seconds("1e30").unwrap_err();
        assert!(message.starts_with(r#""1e30" seconds is too large: at most "#), "{message}");
        assert!(parse_seconds("-1").unwrap_err().ends_with("from 0 up"));
        assert!(parse_seconds("1e9").is_ok());
    }
}
