//! The Rotation Game (POJ 2286, UVA 1343): reads the judge's input and writes the judge's output.
//!
//! ```text
//! rotation [OPTIONS] [FILE]
//! ```
//!
//! See [`USAGE`] for the options. The answers go to standard output exactly as the judge expects
//! them, unless `--pretty` adds drawings of the board (for humans, not the judge). A bad case is
//! reported on standard error with the exit status 2, after every earlier case has been answered.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use ida_examples::{
    Failure, Options, Trace, exit_status, not_offered, options_or_exit, read_input, stats_line,
    usage_error,
};
use puzzle_rotation::{Answer, Board, Count, Exact, Rotation, answer_from, cases, solve_with};
use search_core::{Heuristic, IdaStar};

/// The text `--help` prints.
const USAGE: &str = "\
Usage: rotation [OPTIONS] [FILE]

Solves The Rotation Game (POJ 2286, UVA 1343): reads cases of 24 symbols from FILE (or standard
input), ended by a lone 0, and prints for each the shortest, then dictionary-smallest, moves and
the symbol left in the centre.

Options:
  --heuristic NAME   the lower bound IDA* uses:
                     exact (the default): a pattern database of the fewest moves that bring
                       one symbol's 8 blocks into the centre, the least over the symbols (exact
                       on standard boards; built when the program was, so free at start-up)
                     count: 8 minus the most common symbol's count in the centre
  --stats            one line per case on standard error:
                     case=N length=L generated=G expanded=E iterations=I seconds=S
  --pretty           draw the board on standard output before and after every move of the
                     answer, ahead of the answer's lines (for humans: not the judge's format)
  --trace            the IDA* search tree of every iteration on standard error
  --trace-limit N    at most N trace lines per case (default 200)
  -h, --help         this text

Exit status: 0 on success, 2 for a usage error or a bad input, 1 if the output cannot be written.
";

fn main() -> ExitCode {
    let options = match options_or_exit("rotation", USAGE) {
        Ok(options) => options,
        Err(status) => return status,
    };
    if options.pdb_cache.is_some() {
        return not_offered("rotation", "--pdb-cache");
    }
    let outcome = match options.heuristic.as_deref() {
        None | Some("exact") => run(&options, &Exact::new()),
        Some("count") => run(&options, &Count),
        Some(other) => {
            let error = ida_examples::UsageError(format!(
                "unknown heuristic {other:?}: the heuristics are exact and count"
            ));
            return usage_error("rotation", &error);
        }
    };
    exit_status(outcome)
}

/// Answers every case of the input with `heuristic`, in order, stopping at the first bad one.
fn run(options: &Options, heuristic: &impl Heuristic<Rotation>) -> Result<(), Failure> {
    let input = read_input(options.input.as_deref()).map_err(Failure::Input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for (index, case) in cases(&input).enumerate() {
        let board = match case {
            Ok(board) => board,
            Err(error) => {
                // Every earlier answer must be out before the error is reported.
                out.flush()?;
                return Err(Failure::Input(error.to_string()));
            }
        };
        let answer = answer(options, heuristic, index + 1, &board)?;
        if options.pretty {
            draw(&mut out, &board, &answer)?;
        }
        write!(out, "{answer}")?;
    }
    out.flush()?;
    Ok(())
}

/// Solves one case (numbered from 1), writing its trace and statistics if asked to.
fn answer(
    options: &Options,
    heuristic: &impl Heuristic<Rotation>,
    case: usize,
    board: &Board,
) -> io::Result<Answer> {
    let (answer, stats) = if options.trace {
        let mut trace = Trace::new(io::stderr().lock(), options.trace_limit);
        let report = IdaStar::new(&Rotation, heuristic).observer(&mut trace).run(board);
        trace.finish()?;
        (answer_from(board, report.outcome), report.stats)
    } else {
        solve_with(board, heuristic)
    };
    if options.stats {
        writeln!(io::stderr(), "{}", stats_line(case, answer.moves.len(), &stats))?;
    }
    Ok(answer)
}

/// The `--pretty` drawings: the board at the start and after each move of the answer.
fn draw(out: &mut impl Write, board: &Board, answer: &Answer) -> io::Result<()> {
    let mut board = *board;
    writeln!(out, "start:\n{board}")?;
    for &mv in &answer.moves {
        board.apply(mv);
        writeln!(out, "after {mv}:\n{board}")?;
    }
    Ok(())
}
