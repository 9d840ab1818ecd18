//! The Rotation Game as a program: its command line ([`Args`]), its heuristics by name
//! ([`HeuristicName`]) and its [`Puzzle`] implementation ([`Program`]); `examples/rotation.rs`
//! runs [`main`].

use std::io::{self, Write};
use std::process::ExitCode;

use crate::{Algorithm, CaseReport, CommonArgs, Input, Job, Puzzle, Search, heuristic_parser};
use clap::Parser;
use puzzle_rotation::{Answer, Board, Count, Exact, Rotation, cases_from_bytes};
use search_cli::explore::{Preset, random_walk};
use search_cluster::Host;
use search_core::Observer;

/// Solves The Rotation Game (POJ 2286, UVA 1343): reads cases of 24 symbols from FILE (or
/// standard input), ended by a lone 0, and prints for each the shortest, then
/// dictionary-smallest, moves and the symbol left in the centre.
///
/// Every --algorithm answers with the fewest moves. ida, bts, iddfs and bfs try the moves in
/// order, A to H, and give the judge's answer, the dictionary-smallest among the shortest; ucs
/// and astar break ties their own way, so their moves, and the symbol they leave in the centre,
/// may differ from the judge's (never the number of moves). bfs, ucs and astar keep every board
/// they reach: fine for answers of a few moves, gigabytes for the longest.
#[derive(Parser, Debug)]
#[command(name = "rotation", version, after_help = crate::cli::AFTER_HELP)]
pub struct Args {
    /// The options every program has.
    #[command(flatten)]
    pub common: CommonArgs,

    /// The heuristic the search uses (iddfs, bfs and ucs use none). exact (the default): a
    /// pattern database of the fewest moves that bring one symbol's 8 blocks into the centre,
    /// the least over the symbols (exact on standard boards; built with the program, so free at
    /// start-up). count: 8 minus the most common symbol's count in the centre
    #[arg(long, value_name = "NAME", value_parser = heuristic_parser(&HeuristicName::ALL))]
    pub heuristic: Option<HeuristicName>,

    /// Draw the board on standard output before and after every move of the answer, ahead of
    /// the answer's lines (for humans: not the judge's format); with --trace, also each node's
    /// board under its line of the trace
    #[arg(long)]
    pub pretty: bool,
}

search_cli::heuristic_names! {
    /// The heuristics of the Rotation Game, by the names the command line uses.
    ///
    /// ```
    /// use ida_examples::puzzles::rotation::HeuristicName;
    ///
    /// assert_eq!("count".parse(), Ok(HeuristicName::Count));
    /// assert_eq!(HeuristicName::Exact.to_string(), "exact");
    /// ```
    pub enum HeuristicName {
        /// [`Exact`], `exact`: the pattern database, built when the crate was.
        Exact = "exact",
        /// [`Count`], `count`: 8 minus the most common symbol's count in the centre.
        Count = "count",
    }
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

    type CaseError = puzzle_rotation::ParseError;
    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Board, Self::CaseError>> {
        cases_from_bytes(input.chunks())
    }

    /// Every driver: the boards are hashable, for those that keep them.
    const ALGORITHMS: &'static [Algorithm] = Algorithm::ALL;

    fn solve<O: Observer<Rotation>>(
        &self,
        board: &Board,
        heuristic: HeuristicName,
        search: Search<'_, Rotation, O>,
    ) -> CaseReport<Answer> {
        let report = match heuristic {
            HeuristicName::Exact => search.solve(&Rotation, Exact::shared(), board),
            HeuristicName::Count => search.solve(&Rotation, &Count, board),
        };
        let answer = Answer::from_outcome(board, report.outcome);
        CaseReport { answer, stats: report.stats, more_stats: String::new() }
    }

    /// Every state in `--trace-json`, drawn or not on the terminal.
    fn state_text(&self, board: &Board) -> Option<String> {
        Some(board.to_string())
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

    fn distribute<J: Job<Self>>(
        &self,
        board: &Board,
        heuristic: HeuristicName,
        job: J,
    ) -> J::Output {
        let answer = |moves: Option<Vec<_>>| {
            let moves = moves.ok_or_else(|| "a board with no solution".to_owned())?;
            Answer::from_moves(board, moves)
                .ok_or_else(|| "a solution that does not solve the board".to_owned())
        };
        match heuristic {
            HeuristicName::Exact => job.search(&Rotation, Exact::shared(), board, &answer),
            HeuristicName::Count => job.search(&Rotation, &Count, board, &answer),
        }
    }

    fn picture(&self, board: &Board) -> Option<serde_json::Value> {
        Some(serde_json::json!({"kind": "rotation", "cells": board.cells()}))
    }

    fn presets(&self) -> Vec<Preset> {
        vec![
            Preset {
                name: "the judge's first sample",
                instance: "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3",
            },
            Preset {
                name: "the judge's second sample",
                instance: "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3",
            },
        ]
    }

    /// A walk from a goal whose centre is all 1s, the other sixteen cells 2s and 3s in turn.
    fn scramble(&self, _: usize, moves: usize, seed: u64) -> Option<String> {
        let mut cells = [0_u8; puzzle_rotation::CELLS];
        let mut other = 2;
        for (cell, symbol) in cells.iter_mut().enumerate() {
            if puzzle_rotation::CENTRE.contains(&u8::try_from(cell).unwrap_or(u8::MAX)) {
                *symbol = 1;
            } else {
                *symbol = other;
                other = 5 - other;
            }
        }
        let goal = Board::from_cells(&cells)?;
        let board = random_walk(&Rotation, goal, moves, seed);
        let cells: Vec<String> = board.cells().iter().map(ToString::to_string).collect();
        Some(cells.join(" "))
    }
}

impl search_cluster::ProgramArgs for Args {
    fn choose<H: Host>(&self, host: H) -> Result<H::Output, String> {
        Ok(host.host(&Program { pretty: self.pretty }, &self.common, self.heuristic))
    }
}

/// The program: reads the command line, answers the input (or a `cluster` command), and returns
/// the exit status.
#[must_use]
pub fn main() -> ExitCode {
    search_cluster::program_main::<Args>()
}
