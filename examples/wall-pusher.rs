//! The Wall Pushers (UVA 10384): reads the judge's input and writes the judge's output.
//!
//! ```text
//! wall-pusher [OPTIONS] [FILE]
//! ```
//!
//! See [`USAGE`] for the options. The answers go to standard output exactly as the judge expects
//! them, one line per case, written as soon as the case is answered, unless `--pretty` adds
//! drawings of the maze (for humans, not the judge). A bad case is reported on standard error
//! with the exit status 2, after every earlier case has been answered.

use std::io::{self, Write};
use std::process::ExitCode;

use ida_examples::{
    Failure, Options, Trace, UsageError, exit_status, not_offered, options_or_exit, read_input,
    stats_line, stats_line_for, usage_error,
};
use puzzle_wall_pusher::{Answer, Maze, Solved, Step, cases, solve_with};
use search_core::NoObserver;

/// The text `--help` prints.
const USAGE: &str = "\
Usage: wall-pusher [OPTIONS] [FILE]

Solves The Wall Pushers (UVA 10384): reads cases from FILE (or standard input), each the start's
column and row (from 1) and the 24 cell masks (1 = west, 2 = north, 4 = east, 8 = south wall),
ended by 0 0, and prints for each the shortest way out as letters from WNES (among the shortest,
the first in W, N, E, S order), or 'No way out' when the player can never leave.

Options:
  --heuristic NAME   the lower bound IDA* uses; the only one is exit-distance (the default):
                       the distance to the nearest open exit, plus the leaving move
  --stats            one line per case on standard error:
                     case=N length=L generated=G expanded=E iterations=I seconds=S regions=R states=P
                     (length=none when there is no way out; generated, expanded and iterations
                     are IDA*'s, over all its runs; regions and states are the complete search's:
                     the regions of walkable cells it expanded and the positions in them, every
                     position reachable from the start when there is no way out; seconds is the
                     whole case)
  --pretty           draw the maze on standard output before and after every move of the answer,
                     ahead of the answer's line (for humans: not the judge's format)
  --trace            the IDA* search tree of every iteration on standard error
  --trace-limit N    at most N trace lines per case (default 200)
  -h, --help         this text

Exit status: 0 on success, 2 for a usage error or a bad input, 1 if the output cannot be written.
";

fn main() -> ExitCode {
    let options = match options_or_exit("wall-pusher", USAGE) {
        Ok(options) => options,
        Err(status) => return status,
    };
    if options.pdb_cache.is_some() {
        return not_offered("wall-pusher", "--pdb-cache");
    }
    if let Some(other) = options.heuristic.as_deref().filter(|&name| name != "exit-distance") {
        let error =
            UsageError(format!("unknown heuristic {other:?}: the only heuristic is exit-distance"));
        return usage_error("wall-pusher", &error);
    }
    exit_status(run(&options))
}

/// Answers every case of the input, in order, stopping at the first bad one. Each answer is
/// flushed as soon as it is known: a slow case never holds back the answers before it.
fn run(options: &Options) -> Result<(), Failure> {
    let input = read_input(options.input.as_deref()).map_err(Failure::Input)?;
    let mut out = io::stdout().lock();
    for (index, case) in cases(&input).enumerate() {
        let maze = case.map_err(|error| Failure::Input(error.to_string()))?;
        let solved = answer(options, index + 1, maze)?;
        if options.pretty {
            draw(&mut out, maze, &solved.answer)?;
        }
        write!(out, "{}", solved.answer)?;
        out.flush()?;
    }
    Ok(())
}

/// Solves one case (numbered from 1), writing its trace and statistics if asked to.
fn answer(options: &Options, case: usize, maze: Maze) -> io::Result<Solved> {
    let solved = if options.trace {
        let mut trace = Trace::new(io::stderr().lock(), options.trace_limit);
        let solved = solve_with(&maze, &mut trace);
        trace.finish()?;
        solved
    } else {
        solve_with(&maze, NoObserver)
    };
    if options.stats {
        let line = match solved.answer.steps() {
            Some(steps) => stats_line(case, steps.len(), &solved.search),
            None => stats_line_for(case, &"none", &solved.search),
        };
        writeln!(io::stderr(), "{line} regions={} states={}", solved.regions, solved.states)?;
    }
    Ok(solved)
}

/// The `--pretty` drawings: the maze at the start and after each move of the answer.
fn draw(out: &mut impl Write, mut maze: Maze, answer: &Answer) -> io::Result<()> {
    writeln!(out, "start:\n{maze}")?;
    match answer.steps() {
        Some(steps) => {
            for &step in steps {
                maze.apply(step);
                let kind = match step {
                    Step::Walk(_) => "walk",
                    Step::Push(_) => "push",
                    Step::Leave(_) => "leave",
                };
                writeln!(out, "after {step} ({kind}):\n{maze}")?;
            }
        }
        None => writeln!(out, "no sequence of moves leads out of this maze\n")?,
    }
    Ok(())
}
