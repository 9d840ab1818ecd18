//! The sliding-tile puzzles (8-, 15-, 24-puzzle): reads boards, one per line, and writes the
//! blank's moves of an optimal solution for each.
//!
//! ```text
//! sliding [OPTIONS] [FILE]
//! ```
//!
//! See [`USAGE`] for the options. An unsolvable board is answered `unsolvable`: it is a fact
//! about the board, not a fault of the input, so it is an answer line and not an error. A bad
//! line is reported on standard error with the exit status 2, after every earlier board has been
//! answered.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use ida_examples::{
    Failure, Options, Trace, UsageError, exit_status, not_offered, options_or_exit, read_input,
    stats_line_for, usage_error,
};
use puzzle_sliding::{
    Answer, Board, Bound, DisjointDatabases, LinearConflict, Manhattan, Sliding, answer_from,
    boards, solve_with,
};
use search_core::{Heuristic, IdaStar, SearchStats};

/// The text `--help` prints.
const USAGE: &str = "\
Usage: sliding [OPTIONS] [FILE]

Solves sliding-tile puzzles optimally: reads boards from FILE (or standard input), one per line,
k*k numbers row by row with 0 for the blank (k from 2 to 5: 9 numbers for the 8-puzzle, 16 for
the 15-puzzle, 25 for the 24-puzzle); lines starting with # and blank lines are skipped. The goal
is 0 1 2 ... k*k-1, blank top-left. Prints one line per board: the blank's moves as letters
U, D, L, R (an empty line for a board that is already solved), or `unsolvable` for a board that
cannot reach the goal (such a board is an answer, not an error).

Options:
  --heuristic NAME   the lower bound IDA* uses (default: the fastest for the board's size):
                     manhattan: the Manhattan distance
                     linear-conflict: Manhattan plus 2 per tile that must leave its goal line
                       (the default for 3x3 and 5x5)
                     pdb: additive 6-6-3 pattern databases with the reflected look-up, 15-puzzle
                       only (the default for 4x4; built on first use, a few seconds)
  --pdb-cache FILE   keep the pattern databases in FILE: read them from it when it holds them
                     (checked: format, partition, checksum), else build them and write it
                     (about 12 MB); a file that cannot be used is only a warning, and a file
                     that is not a database file is never overwritten
  --stats            one line per board on standard error:
                     case=N length=L generated=G expanded=E iterations=I seconds=S
                     (length=none and zero counts for an unsolvable board)
  --trace            the IDA* search tree of every iteration on standard error
  --trace-limit N    at most N trace lines per board (default 200)
  -h, --help         this text

Exit status: 0 on success, 2 for a usage error or a bad input (a line that is not k*k distinct
tiles), 1 if the output cannot be written.
";

fn main() -> ExitCode {
    let options = match options_or_exit("sliding", USAGE) {
        Ok(options) => options,
        Err(status) => return status,
    };
    if options.pretty {
        return not_offered("sliding", "--pretty");
    }
    let bound = match options.heuristic.as_deref().map(str::parse::<Bound>).transpose() {
        Ok(bound) => bound,
        Err(message) => return usage_error("sliding", &UsageError(message)),
    };
    exit_status(run(&options, bound))
}

/// Answers every board of the input, in order, stopping at the first bad one.
fn run(options: &Options, bound: Option<Bound>) -> Result<(), Failure> {
    let input = read_input(options.input.as_deref()).map_err(Failure::Input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for (index, board) in boards(&input).enumerate() {
        let case = index + 1;
        let checked = board.map_err(|error| error.to_string()).and_then(|board| {
            let bound = bound.unwrap_or(Bound::fastest_for(board.width()));
            if bound.supports(board.width()) {
                Ok((board, bound))
            } else {
                Err(format!("case {case}: the pdb heuristic is for 4x4 boards only"))
            }
        });
        let (board, bound) = match checked {
            Ok(checked) => checked,
            Err(message) => {
                // Every earlier answer must be out before the error is reported.
                out.flush()?;
                return Err(Failure::Input(message));
            }
        };
        let answer = match bound {
            Bound::Manhattan => answer(options, &Manhattan, case, &board)?,
            Bound::LinearConflict => answer(options, &LinearConflict, case, &board)?,
            Bound::PatternDatabases => answer(options, databases(options), case, &board)?,
        };
        writeln!(out, "{answer}")?;
    }
    out.flush()?;
    Ok(())
}

/// The 15-puzzle's pattern databases: built, or read from the `--pdb-cache` file. Trouble with
/// the file is a warning, not an error: the databases are built instead, and the answers are
/// the same.
fn databases(options: &Options) -> &'static DisjointDatabases {
    let Some(path) = &options.pdb_cache else {
        return DisjointDatabases::fifteen();
    };
    let (databases, problem) = DisjointDatabases::fifteen_cached(path);
    if let Some(problem) = problem {
        eprintln!(
            "sliding: warning: {}: {problem}; the databases were built in this run",
            path.display()
        );
    }
    databases
}

/// Solves one board (numbered from 1), writing its trace and statistics if asked to.
fn answer(
    options: &Options,
    heuristic: &impl Heuristic<Sliding>,
    case: usize,
    board: &Board,
) -> io::Result<Answer> {
    let (answer, stats) = if options.trace && board.is_solvable() {
        let mut trace = Trace::new(io::stderr().lock(), options.trace_limit);
        let puzzle = Sliding::new(board.width());
        let report = IdaStar::new(&puzzle, heuristic).observer(&mut trace).run(board);
        trace.finish()?;
        (answer_from(report.outcome), report.stats)
    } else {
        solve_with(board, heuristic)
    };
    if options.stats {
        let stats: &SearchStats<u8> = &stats;
        let line = match answer.length() {
            Some(length) => stats_line_for(case, &length, stats),
            None => stats_line_for(case, &"none", stats),
        };
        writeln!(io::stderr(), "{line}")?;
    }
    Ok(answer)
}
