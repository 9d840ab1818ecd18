//! The Rotation Game as a program: its command line ([`Args`]) and its [`Puzzle`] implementation
//! ([`Program`]); `examples/rotation.rs` runs [`main`].

use std::io::{self, Write};
use std::process::ExitCode;

use crate::{CaseReport, CommonArgs, Input, Interrupts, Puzzle, Search, heuristic_parser, run};
use clap::Parser;
use puzzle_rotation::{Answer, Board, HeuristicName, Rotation, cases_from_bytes};
use search_core::Observer;

/// Solves The Rotation Game (POJ 2286, UVA 1343): reads cases of 24 symbols from FILE (or
/// standard input), ended by a lone 0, and prints for each the shortest, then
/// dictionary-smallest, moves and the symbol left in the centre.
#[derive(Parser, Debug)]
#[command(name = "rotation", version, after_help = crate::cli::AFTER_HELP)]
pub struct Args {
    /// The options every program has.
    #[command(flatten)]
    pub common: CommonArgs,

    /// The heuristic IDA* uses. exact (the default): a pattern database of the fewest moves that
    /// bring one symbol's 8 blocks into the centre, the least over the symbols (exact on
    /// standard boards; built with the program, so free at start-up). count: 8 minus the most
    /// common symbol's count in the centre
    #[arg(long, value_name = "NAME", value_parser = heuristic_parser(&HeuristicName::ALL))]
    pub heuristic: Option<HeuristicName>,

    /// Draw the board on standard output before and after every move of the answer, ahead of
    /// the answer's lines (for humans: not the judge's format); with --trace, also each node's
    /// board under its line of the trace
    #[arg(long)]
    pub pretty: bool,
}

/// The Rotation Game as the program runs it.
pub struct Program {
    /// Draw the puzzle before and after every move (`--pretty`).
    pub pretty: bool,
}

impl Puzzle for Program {
    const PROGRAM: &'static str = "rotation";
    type Problem = Rotation;
    type Case = Board;
    type Answer = Answer;
    type Heuristic = HeuristicName;
    const HEURISTICS: &'static [HeuristicName] = &HeuristicName::ALL;

    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Board, String>> {
        cases_from_bytes(input.chunks()).map(|case| case.map_err(|error| error.to_string()))
    }

    fn solve<O: Observer<Rotation>>(
        &self,
        board: &Board,
        heuristic: HeuristicName,
        search: Search<'_, Rotation, O>,
    ) -> CaseReport<Answer> {
        let solved = search.run(
            |limits, observer| heuristic.solve_with(board, limits, observer),
            |limits, threads| heuristic.solve_parallel(board, limits, threads),
        );
        CaseReport { answer: solved.answer, stats: solved.stats, more_stats: String::new() }
    }

    fn draw_state(&self, board: &Board) -> Option<String> {
        self.pretty.then(|| board.to_string())
    }

    fn write_answer(&self, out: &mut dyn Write, board: &Board, answer: &Answer) -> io::Result<()> {
        if self.pretty {
            let mut board = *board;
            writeln!(out, "start:\n{board}")?;
            for &mv in &answer.moves {
                board.apply(mv);
                writeln!(out, "after {mv}:\n{board}")?;
            }
        }
        write!(out, "{answer}")
    }

    fn length(answer: &Answer) -> Option<usize> {
        Some(answer.moves.len())
    }
}

/// The program: reads the command line, answers the input, and returns the exit status.
#[must_use]
pub fn main() -> ExitCode {
    if crate::cluster::asked() {
        return crate::cluster::main::<Args>();
    }
    let args = Args::parse();
    let interrupts = Interrupts::install(Program::PROGRAM);
    run(&Program { pretty: args.pretty }, &args.common, args.heuristic, &interrupts)
}
