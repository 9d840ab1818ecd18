//! The `sliding` program with weighted tiles (`--costs`): the cost models by name, [`Costs`],
//! and the [`Puzzle`] that solves them, [`Weighted`].

use std::io::{self, Write};

use clap::ValueEnum;
use puzzle_sliding::{Answer, Board, CostModel, WeightedManhattan, WeightedSliding};
use search_core::{Observer, SearchStats};

use super::{HeuristicName, boards};
use crate::{Algorithm, CaseReport, Input, Job, Puzzle, Search, Work};

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
    /// Draw the board before and after every move (`--pretty`).
    pub pretty: bool,
}

/// The drivers that find the cheapest answer: all but breadth-first search, which finds the
/// fewest moves.
pub const ALGORITHMS: &[Algorithm] =
    &[Algorithm::Ida, Algorithm::Bts, Algorithm::Iddfs, Algorithm::Ucs, Algorithm::Astar];

impl Puzzle for Weighted {
    const PROGRAM: &'static str = "sliding";
    type Problem = WeightedSliding;
    type Case = Board;
    type Answer = Answer;
    type Heuristic = HeuristicName;
    const HEURISTICS: &'static [HeuristicName] = &HeuristicName::ALL;

    type CaseError = puzzle_sliding::ParseError;
    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Board, Self::CaseError>> {
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

    const ALGORITHMS: &'static [Algorithm] = ALGORITHMS;

    /// The cheapest answer, with its cost for `--stats` (`cost=`; `none` for an unsolvable
    /// board, which is answered at once, and `stopped` for a case a limit stopped).
    fn solve<O: Observer<WeightedSliding>>(
        &self,
        board: &Board,
        _: HeuristicName,
        search: Search<'_, WeightedSliding, O>,
    ) -> CaseReport<Answer, u32> {
        let puzzle = WeightedSliding::for_board(board, &self.costs)
            .expect("a named cost model prices every tile of every board");
        if !board.is_solvable() {
            let (answer, stats) = (Ok(Answer::Unsolvable), SearchStats::default());
            return CaseReport { answer, stats, more_stats: " cost=none".to_owned() };
        }
        let report = search.solve(&puzzle, &WeightedManhattan, board);
        let cost = match &report.outcome {
            search_core::Outcome::Stopped { .. } => "stopped".to_owned(),
            outcome => outcome
                .solution()
                .map_or_else(|| "none".to_owned(), |solution| solution.cost.to_string()),
        };
        let answer = Answer::from_outcome(report.outcome);
        CaseReport { answer, stats: report.stats, more_stats: format!(" cost={cost}") }
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
            super::draw(out, board, answer)?;
        }
        writeln!(out, "{answer}")
    }

    fn length(answer: &Answer) -> Option<usize> {
        answer.length()
    }

    /// Refused: a cluster search is of unit costs.
    fn distribute<J: Job<Self>>(&self, _: &Board, _: HeuristicName, job: J) -> J::Output {
        job.refused("a cluster search is of unit costs: --costs is for one machine")
    }
}
