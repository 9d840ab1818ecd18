//! The `sliding` program with weighted tiles (`--costs`): the cost models by name, [`Costs`],
//! and the [`Puzzle`] that solves them, [`Weighted`].

use std::io::{self, Write};

use clap::ValueEnum;
use puzzle_sliding::{
    Algorithm, Answer, Board, CostError, CostModel, HeuristicName, WeightedCaseReport,
    WeightedSliding, solve_costed, solve_costed_parallel,
};
use search_core::{NoObserver, Observer};

use super::boards;
use crate::{CaseReport, Input, Puzzle, Search, Work};

/// What sliding a tile costs (`--costs`): the named [`CostModel`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Costs {
    /// 1 for every tile: the classic puzzle
    Unit,
    /// t
    Tile,
    /// t*t
    TileSquared,
    /// t*t*t
    TileCubed,
}

impl Costs {
    /// The library's cost model of this name.
    #[must_use]
    pub fn model(self) -> CostModel {
        match self {
            Costs::Unit => CostModel::Unit,
            Costs::Tile => CostModel::Tile,
            Costs::TileSquared => CostModel::TileSquared,
            Costs::TileCubed => CostModel::TileCubed,
        }
    }
}

/// The sliding-tile puzzles as the program runs them when the tiles cost what `--costs` says:
/// [`WeightedSliding`], always with the weighted Manhattan distance.
pub struct Weighted {
    /// The costs (`--costs`).
    pub costs: CostModel,
    /// The driver (`--algorithm`).
    pub algorithm: Algorithm,
    /// Draw the board before and after every move (`--pretty`).
    pub pretty: bool,
}

impl Weighted {
    /// What a search gave, with the answer's cost as `--stats` prints it.
    fn solution(costed: Result<WeightedCaseReport<u32>, CostError>) -> CaseReport<Answer, u32> {
        let costed = costed.expect("a named cost model prices every tile of every board");
        let cost = match (&costed.answer, costed.cost) {
            (Ok(_), Some(cost)) => cost.to_string(),
            (Ok(_), None) => "none".to_owned(),
            (Err(_), _) => "stopped".to_owned(),
        };
        let more_stats = format!(" cost={cost}");
        CaseReport { answer: costed.answer, stats: costed.stats, more_stats }
    }
}

impl Puzzle for Weighted {
    const PROGRAM: &'static str = "sliding";
    type Problem = WeightedSliding;
    type Case = Board;
    type Answer = Answer;
    type Heuristic = HeuristicName;
    const HEURISTICS: &'static [HeuristicName] = &HeuristicName::ALL;

    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Board, String>> {
        boards(input)
    }

    /// The (weighted) Manhattan distance: the only one offered ([`Args::conflict`](super::Args::conflict) refuses the
    /// others before any case is read).
    fn heuristic(
        &self,
        chosen: Option<HeuristicName>,
        _: &Board,
        _: &Work<'_>,
    ) -> Result<HeuristicName, String> {
        match chosen {
            None | Some(HeuristicName::Manhattan) => Ok(HeuristicName::Manhattan),
            Some(heuristic) => Err(format!("the {heuristic} heuristic is for unit costs only")),
        }
    }

    const ALGORITHMS: &'static [search_cli::Algorithm] = super::ALGORITHMS;

    fn solve<O: Observer<WeightedSliding>>(
        &self,
        board: &Board,
        _: HeuristicName,
        search: Search<'_, WeightedSliding, O>,
    ) -> CaseReport<Answer, u32> {
        Self::solution(search.run(
            |limits, observer| solve_costed(board, &self.costs, self.algorithm, limits, observer),
            |limits, threads| {
                if self.algorithm == Algorithm::IdaStar {
                    solve_costed_parallel(board, &self.costs, limits, threads)
                } else {
                    // Budgeted Tree Search has no parallel driver: the case gets one thread.
                    solve_costed(board, &self.costs, self.algorithm, limits, NoObserver)
                }
            },
        ))
    }

    fn draw_state(&self, board: &Board) -> Option<String> {
        self.pretty.then(|| board.to_string())
    }

    fn write_answer(&self, out: &mut dyn Write, board: &Board, answer: &Answer) -> io::Result<()> {
        if self.pretty {
            super::draw(out, board, answer)?;
        }
        writeln!(out, "{answer}")
    }

    fn length(answer: &Answer) -> Option<usize> {
        answer.length()
    }
}
