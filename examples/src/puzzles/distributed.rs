//! The programs on a cluster (`PROGRAM cluster ...`, search-cli's [`cluster`](crate::cluster)):
//! each puzzle shows a [`Job`] its problem, heuristic and start, and each command line says which
//! puzzle it makes.

use std::ffi::OsString;

use clap::Parser;
use puzzle_rotation::Rotation;
use puzzle_sliding::{
    Answer, Board, DisjointDatabases, LinearConflict, Manhattan, Sliding, SymmetricDatabases,
    Tracked, TrackedBoard, TrackedBound,
};

use super::sliding::{Costs, HeuristicName};
use super::{rotation, sliding};
use crate::cluster::{Distributed, Job, ProgramArgs};
use crate::{Algorithm, CommonArgs};

impl Distributed for sliding::Program {
    fn distribute<J: Job<Self>>(
        &self,
        board: &Board,
        heuristic: HeuristicName,
        job: J,
    ) -> J::Output {
        if !board.is_solvable() {
            return job.answered(Answer::Unsolvable);
        }
        let answer = |moves: Option<Vec<_>>| {
            moves.map(Answer::Solved).ok_or_else(|| "a solvable board with no solution".to_owned())
        };
        let puzzle = Sliding::new(board.width());
        match heuristic {
            HeuristicName::Manhattan => job.search(&puzzle, &Manhattan, board, &answer),
            HeuristicName::LinearConflict => job.search(&puzzle, &LinearConflict, board, &answer),
            HeuristicName::PatternDatabases if board.width() == 5 => {
                let databases = SymmetricDatabases::twenty_four();
                let tracked = Tracked::new(&puzzle, databases);
                let start = TrackedBoard::new(databases, board);
                job.search(&tracked, &TrackedBound, &start, &answer)
            }
            HeuristicName::PatternDatabases => {
                job.search(&puzzle, DisjointDatabases::fifteen(), board, &answer)
            }
        }
    }
}

impl ProgramArgs for sliding::Args {
    type Puzzle = sliding::Program;

    fn parse_args(argv: Vec<OsString>) -> Result<Self, clap::Error> {
        Self::try_parse_from(argv)
    }

    fn common(&self) -> &CommonArgs {
        &self.common
    }

    fn heuristic(&self) -> Option<HeuristicName> {
        self.heuristic
    }

    fn puzzle(&self) -> Result<sliding::Program, String> {
        if self.costs != Costs::Unit
            || self.common.algorithm.is_some_and(|algorithm| algorithm != Algorithm::Ida)
        {
            return Err("a cluster search is IDA* with unit costs: --costs and --algorithm bts \
                        are for one machine"
                .to_owned());
        }
        Ok(sliding::Program::new(self.cache_directory(), self.common.threads()))
    }
}

impl Distributed for rotation::Program {
    fn distribute<J: Job<Self>>(
        &self,
        board: &puzzle_rotation::Board,
        heuristic: rotation::HeuristicName,
        job: J,
    ) -> J::Output {
        let answer = |moves: Option<Vec<_>>| {
            let moves = moves.ok_or_else(|| "a board with no solution".to_owned())?;
            puzzle_rotation::Answer::from_moves(board, moves)
                .ok_or_else(|| "a solution that does not solve the board".to_owned())
        };
        match heuristic {
            rotation::HeuristicName::Exact => {
                job.search(&Rotation, puzzle_rotation::Exact::shared(), board, &answer)
            }
            rotation::HeuristicName::Count => {
                job.search(&Rotation, &puzzle_rotation::Count, board, &answer)
            }
        }
    }
}

impl ProgramArgs for rotation::Args {
    type Puzzle = rotation::Program;

    fn parse_args(argv: Vec<OsString>) -> Result<Self, clap::Error> {
        Self::try_parse_from(argv)
    }

    fn common(&self) -> &CommonArgs {
        &self.common
    }

    fn heuristic(&self) -> Option<rotation::HeuristicName> {
        self.heuristic
    }

    fn puzzle(&self) -> Result<rotation::Program, String> {
        Ok(rotation::Program { pretty: self.pretty })
    }
}
