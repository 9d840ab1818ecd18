//! The sliding-tile puzzles as a program: its command line ([`Args`]) and its [`Puzzle`] implementation
//! ([`Program`]); `examples/sliding.rs` runs [`main`].

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::OnceLock;

use crate::{CommonArgs, Input, Interrupts, Puzzle, Solution, Work, heuristic_parser, run};
use clap::Parser;
use puzzle_sliding::{Answer, Board, DisjointDatabases, HeuristicName, Sliding, cache, cases_from};
use search_core::{Limits, Observer};

/// Solves sliding-tile puzzles optimally: reads boards from FILE (or standard input), one per
/// line, k*k numbers row by row with 0 for the blank (k from 2 to 5: 9 numbers for the 8-puzzle,
/// 16 for the 15-puzzle, 25 for the 24-puzzle); lines starting with # and blank lines are
/// skipped. The goal is 0 1 2 ... k*k-1, blank top-left. Prints one line per board: the blank's
/// moves as letters U, D, L, R (an empty line for a board that is already solved), or
/// `unsolvable` for a board that cannot reach the goal (such a board is an answer, not an error).
#[derive(Parser, Debug)]
#[command(name = "sliding", version, after_help = crate::cli::AFTER_HELP)]
pub struct Args {
    /// The options every program has.
    #[command(flatten)]
    pub common: CommonArgs,

    /// The heuristic IDA* uses (default: the fastest for the board's size). manhattan: the
    /// Manhattan distance. linear-conflict: Manhattan plus 2 per tile that must leave its goal
    /// line (the default for 3x3 and 5x5). pdb: additive 6-6-3 pattern databases with the
    /// reflected look-up, 15-puzzle only (the default for 4x4; built on first use, a few
    /// seconds)
    #[arg(long, value_name = "sliding", value_parser = heuristic_parser::<HeuristicName>())]
    pub heuristic: Option<HeuristicName>,

    /// Keep the pattern databases in FILE: read them from it when it holds them (checked:
    /// format, partition, checksum), else build them and write it (about 12 MB); a file that
    /// cannot be used is only a warning, and a file that is not a database file is never
    /// overwritten
    #[arg(long, value_name = "FILE")]
    pub pdb_cache: Option<PathBuf>,
}

/// The sliding-tile puzzles as the program runs them.
pub struct Program {
    /// Where the databases are kept between runs (`--pdb-cache`).
    pub pdb_cache: Option<PathBuf>,
    /// Set once the 15-puzzle's databases are made (built, or read from the cache file).
    databases: OnceLock<&'static DisjointDatabases>,
}

impl Program {
    /// The program, keeping the 15-puzzle's databases in `pdb_cache` if given.
    #[must_use]
    pub fn new(pdb_cache: Option<PathBuf>) -> Program {
        Program { pdb_cache, databases: OnceLock::new() }
    }

    /// The 15-puzzle's pattern databases: built, or read from the `--pdb-cache` file, as long
    /// work (a progress line; a signal ends the program, removing a half-written file). Trouble
    /// with the file is a warning, not an error: the databases are built instead, and the
    /// answers are the same.
    fn databases(&self, work: &Work<'_>) -> &'static DisjointDatabases {
        self.databases.get_or_init(|| {
            let what = "making the 15-puzzle's pattern databases";
            let partial = self.pdb_cache.as_deref().map(cache::partial_path);
            work.long(what, partial, || {
                let Some(path) = &self.pdb_cache else {
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
            })
        })
    }
}

impl Puzzle for Program {
    const PROGRAM: &'static str = "sliding";
    type Problem = Sliding;
    type Case = Board;
    type Answer = Answer;
    type Heuristic = HeuristicName;

    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Board, String>> {
        cases_from(input.lines()).map(|case| case.map_err(|error| error.to_string()))
    }

    fn heuristic(
        &self,
        chosen: Option<HeuristicName>,
        board: &Board,
        work: &Work<'_>,
    ) -> Result<HeuristicName, String> {
        let heuristic = chosen.unwrap_or(HeuristicName::default_for(board));
        if !heuristic.supports(board) {
            return Err(format!("the {heuristic} heuristic is for 4x4 boards only"));
        }
        if heuristic == HeuristicName::PatternDatabases && board.is_solvable() {
            self.databases(work);
        }
        Ok(heuristic)
    }

    fn solve<O: Observer<Sliding>>(
        &self,
        board: &Board,
        heuristic: HeuristicName,
        limits: &Limits<u8>,
        observer: O,
    ) -> Solution<Answer> {
        let solved = heuristic.solve_with(board, limits, observer);
        Solution { answer: solved.answer, stats: solved.stats, more_stats: String::new() }
    }

    fn solve_parallel(
        &self,
        board: &Board,
        heuristic: HeuristicName,
        limits: &Limits<u8>,
        threads: usize,
    ) -> Solution<Answer> {
        let solved = heuristic.solve_parallel(board, limits, threads);
        Solution { answer: solved.answer, stats: solved.stats, more_stats: String::new() }
    }

    fn write_answer(&self, out: &mut dyn Write, _: &Board, answer: &Answer) -> io::Result<()> {
        writeln!(out, "{answer}")
    }

    fn length(answer: &Answer) -> Option<usize> {
        answer.length()
    }
}

/// The program: reads the command line, answers the input, and returns the exit status.
#[must_use]
pub fn main() -> ExitCode {
    let args = Args::parse();
    let program = Program::new(args.pdb_cache);
    let interrupts = Interrupts::install(Program::PROGRAM);
    run(&program, &args.common, args.heuristic, &interrupts)
}
