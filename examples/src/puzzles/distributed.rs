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
use super::{rotation, sliding, wall_pusher};
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

impl Distributed for super::wall_pusher::Program {
    fn distribute<J: Job<Self>>(
        &self,
        maze: &puzzle_wall_pusher::Maze,
        heuristic: wall_pusher::HeuristicName,
        job: J,
    ) -> J::Output {
        use puzzle_wall_pusher::{Answer, Proof, WallPusher};
        // IDA* never ends on a maze with no way out (walking to and fro makes the tree
        // infinite), so the complete search settles that first, as the program's turns do: the
        // case is then answered without IDA*, and with a way out proved, IDA* is bound to end.
        // A cluster search runs IDA* once, so its figures are that one run's, which the
        // program's also are whenever the start's region touches an open exit.
        if puzzle_wall_pusher::prove(maze) == Proof::NoWayOut {
            return job.answered(Answer::NoWayOut);
        }
        let answer = |moves: Option<Vec<_>>| match moves {
            Some(moves) => Ok(Answer::WayOut(moves)),
            // A way out exists, but is longer than the 254 moves a `u8` cost counts: breadth-
            // first search over positions finds one, as the program does.
            None => search_core::BreadthFirst::new(&WallPusher)
                .run(maze)
                .outcome
                .into_solution()
                .map(|solution| Answer::WayOut(solution.moves))
                .ok_or_else(|| "a maze proved to have a way out has none".to_owned()),
        };
        match heuristic {
            wall_pusher::HeuristicName::ExitDistance => {
                job.search(&WallPusher, &puzzle_wall_pusher::ExitDistance, maze, &answer)
            }
        }
    }
}

impl ProgramArgs for super::wall_pusher::Args {
    type Puzzle = super::wall_pusher::Program;

    fn parse_args(argv: Vec<OsString>) -> Result<Self, clap::Error> {
        Self::try_parse_from(argv)
    }

    fn common(&self) -> &CommonArgs {
        &self.common
    }

    fn heuristic(&self) -> Option<wall_pusher::HeuristicName> {
        self.heuristic
    }

    fn puzzle(&self) -> Result<super::wall_pusher::Program, String> {
        Ok(super::wall_pusher::Program { pretty: self.pretty })
    }
}

impl Distributed for super::cube::Program {
    /// The 3x3x3 cube with Korf's databases (made on each machine: read from its cache
    /// directory, or built there).
    fn distribute<J: Job<Self>>(
        &self,
        cube: &puzzle_cube::Cube,
        heuristic: super::cube::HeuristicName,
        job: J,
    ) -> J::Output {
        let answer = |moves: Option<Vec<_>>| {
            moves
                .map(|moves| puzzle_cube::Answer { moves })
                .ok_or_else(|| "a cube with no solution".to_owned())
        };
        let korf = self.korf(None);
        let problem = puzzle_cube::Rubik::new();
        match heuristic {
            super::cube::HeuristicName::Korf => job.search(&problem, korf, cube, &answer),
            super::cube::HeuristicName::Corners => {
                job.search(&problem, &puzzle_cube::CornersOnly(korf), cube, &answer)
            }
        }
    }
}

impl ProgramArgs for super::cube::Args {
    type Puzzle = super::cube::Program;

    fn parse_args(argv: Vec<OsString>) -> Result<Self, clap::Error> {
        Self::try_parse_from(argv)
    }

    fn common(&self) -> &CommonArgs {
        &self.common
    }

    fn heuristic(&self) -> Option<super::cube::HeuristicName> {
        self.heuristic.as_deref().and_then(|name| name.parse().ok())
    }

    fn puzzle(&self) -> Result<super::cube::Program, String> {
        if self.pocket {
            return Err(
                "a cluster search is of 3x3x3 cubes: --pocket is for one machine".to_owned()
            );
        }
        if let Some(Err(error)) =
            self.heuristic.as_deref().map(str::parse::<super::cube::HeuristicName>)
        {
            return Err(format!("--heuristic: {error}"));
        }
        Ok(super::cube::Program { cache: self.cache_directory(), threads: self.common.threads() })
    }
}
