//! Answering a board whose tiles cost what a [`CostModel`] says: [`solve_costed`] with either
//! driver, [`solve_costed_parallel`] with IDA\* on several threads, and what they answer,
//! [`WeightedCaseReport`].

use search_core::{
    BudgetedReport, IdaStar, IterationBudget, Limits, Observer, Outcome, SearchStats, Stopped,
};

use crate::algorithm::all_regular;
use crate::{
    Algorithm, Answer, Board, CostError, CostModel, Slide, WeightedManhattan, WeightedSliding,
};

/// An answer with its cost, or why the search stopped before it had one, with the search's
/// figures: what [`solve_costed`] and [`solve_costed_parallel`] return. As [`CaseReport`](crate::CaseReport),
/// with the cost, which with weighted tiles is not the number of moves.
#[derive(Clone, Debug)]
pub struct WeightedCaseReport<C> {
    /// The answer, or the limit that stopped the search and the bound it had reached (every
    /// solution costs at least that much).
    pub answer: Result<Answer, Stopped<C>>,
    /// The solution's cost: the sum of its moves' costs; `None` for an unsolvable board or a
    /// search that stopped.
    pub cost: Option<C>,
    /// The search's figures (all zero for an unsolvable board, which is not searched).
    pub stats: SearchStats<C>,
    /// How each of `stats.iterations` was budgeted (all regular for IDA\*).
    pub budgets: Vec<IterationBudget>,
}

impl<C: Copy + Default> WeightedCaseReport<C> {
    /// The answer for a board that cannot reach the goal, which is not searched.
    fn unsolvable() -> Self {
        Self {
            answer: Ok(Answer::Unsolvable),
            cost: None,
            stats: SearchStats::default(),
            budgets: Vec::new(),
        }
    }

    /// The answer a search of a solvable board gave.
    fn from_report(report: BudgetedReport<Slide, C>) -> Self {
        let (answer, cost) = match report.outcome {
            Outcome::Solved(solution) => (Ok(Answer::Solved(solution.moves)), Some(solution.cost)),
            Outcome::Stopped { reason, bound } => (Err(Stopped { reason, bound }), None),
            Outcome::NoSolution => {
                unreachable!("a solvable board has a solution whose cost fits in the cost type")
            }
            _ => unreachable!("an outcome the searches do not return"),
        };
        Self { answer, cost, stats: report.stats, budgets: report.budgets }
    }
}

/// Solves `board` where sliding a tile costs what `costs` says, with `algorithm`, the weighted
/// Manhattan distance ([`WeightedManhattan`], the only admissible bound here: the other
/// heuristics count moves, not costs), the `limits` and the `observer` (pass `&mut observer`
/// to look at it afterwards); an unsolvable board is reported, not searched.
///
/// ```
/// use puzzle_sliding::{Algorithm, Board, CostModel, solve_costed};
/// use search_core::{Limits, NoObserver};
///
/// let board = Board::new(3, &[6, 7, 1, 4, 0, 5, 3, 8, 2]).unwrap();
/// let limits = Limits::default();
/// let cubed = CostModel::TileCubed;
/// let ida = solve_costed(&board, &cubed, Algorithm::IdaStar, &limits, NoObserver).unwrap();
/// let bts =
///     solve_costed(&board, &cubed, Algorithm::BudgetedTreeSearch, &limits, NoObserver).unwrap();
/// // The same answer: 34 moves costing 3,340...
/// assert_eq!((&bts.answer, bts.cost), (&ida.answer, ida.cost));
/// assert_eq!((bts.answer.unwrap().length(), bts.cost), (Some(34), Some(3340)));
/// // ...IDA* in 294 iterations and 848,478 nodes, Budgeted Tree Search in 22 and 32,745.
/// assert_eq!((ida.stats.iterations.len(), ida.stats.generated), (294, 848_478));
/// assert_eq!((bts.stats.iterations.len(), bts.stats.generated), (22, 32_745));
///
/// // A table too short for the board is refused.
/// let short = CostModel::Table(vec![1, 2, 3]);
/// assert!(solve_costed(&board, &short, Algorithm::IdaStar, &limits, NoObserver).is_err());
/// ```
///
/// # Errors
///
/// As [`CostModel::costs_for`]: a tile of the board missing from a table, or priced out of
/// range.
///
/// # Panics
///
/// Never: with tiles of at most [`CostModel::MAX_TILE_COST`], every bound of a solvable
/// board's search fits in `u32`.
pub fn solve_costed<O: Observer<WeightedSliding>>(
    board: &Board,
    costs: &CostModel,
    algorithm: Algorithm,
    limits: &Limits<u32>,
    observer: O,
) -> Result<WeightedCaseReport<u32>, CostError> {
    let puzzle = WeightedSliding::for_board(board, costs)?;
    if !board.is_solvable() {
        return Ok(WeightedCaseReport::unsolvable());
    }
    Ok(WeightedCaseReport::from_report(algorithm.run(
        &puzzle,
        &WeightedManhattan,
        board,
        limits,
        observer,
    )))
}

/// Solves `board` as [`solve_costed`] does with [`Algorithm::IdaStar`], on `threads` threads
/// (the parallel driver, [`IdaStar::threads`]): the same answer and figures, and no observer.
/// Budgeted Tree Search has no parallel driver.
///
/// ```
/// use puzzle_sliding::{Board, CostModel, solve_costed_parallel};
/// use search_core::Limits;
///
/// let board = Board::new(3, &[6, 7, 1, 4, 0, 5, 3, 8, 2]).unwrap();
/// let limits = Limits::default();
/// let solved = solve_costed_parallel(&board, &CostModel::TileCubed, &limits, 2).unwrap();
/// assert_eq!(solved.cost, Some(3340));
/// assert_eq!(solved.stats.generated, 848_478);
/// ```
///
/// # Errors
///
/// As [`solve_costed`].
///
/// # Panics
///
/// Never: see [`solve_costed`].
pub fn solve_costed_parallel(
    board: &Board,
    costs: &CostModel,
    limits: &Limits<u32>,
    threads: usize,
) -> Result<WeightedCaseReport<u32>, CostError> {
    let puzzle = WeightedSliding::for_board(board, costs)?;
    if !board.is_solvable() {
        return Ok(WeightedCaseReport::unsolvable());
    }
    let search = IdaStar::new(&puzzle, &WeightedManhattan).limits(limits.clone());
    Ok(WeightedCaseReport::from_report(all_regular(search.threads(threads).run(board))))
}

#[cfg(test)]
mod tests {
    use search_core::{BudgetPhase, NoObserver, StopReason};

    use super::*;

    #[test]
    fn unsolvable_boards_are_not_searched() {
        let swapped = Board::new(3, &[0, 2, 1, 3, 4, 5, 6, 7, 8]).unwrap();
        let limits = Limits::default();
        for algorithm in Algorithm::ALL {
            let solved = solve_costed(&swapped, &CostModel::Tile, algorithm, &limits, NoObserver);
            let solved = solved.unwrap();
            assert_eq!(solved.answer, Ok(Answer::Unsolvable));
            assert_eq!((solved.cost, solved.stats.generated), (None, 0));
        }
        let solved = solve_costed_parallel(&swapped, &CostModel::Tile, &limits, 2).unwrap();
        assert_eq!((solved.answer, solved.cost), (Ok(Answer::Unsolvable), None));
    }

    #[test]
    fn a_stopped_search_says_why_and_what_it_proved() {
        let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        let limits = Limits::default().max_generated(100);
        for algorithm in Algorithm::ALL {
            let solved =
                solve_costed(&board, &CostModel::TileSquared, algorithm, &limits, NoObserver);
            let solved = solved.unwrap();
            let stopped = solved.answer.unwrap_err();
            assert_eq!(stopped.reason, StopReason::NodeLimit);
            assert_eq!((solved.cost, solved.stats.generated), (None, 100));
        }
    }

    #[test]
    fn the_parallel_search_gives_ida_stars_answer_and_figures() {
        let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        let (costs, limits) = (CostModel::Tile, Limits::default());
        let ida = solve_costed(&board, &costs, Algorithm::IdaStar, &limits, NoObserver).unwrap();
        for threads in [1, 2, 3] {
            let parallel = solve_costed_parallel(&board, &costs, &limits, threads).unwrap();
            assert_eq!((&parallel.answer, parallel.cost), (&ida.answer, ida.cost));
            assert_eq!(parallel.stats.generated, ida.stats.generated);
            assert_eq!(parallel.budgets.len(), ida.stats.iterations.len());
            assert!(parallel.budgets.iter().all(|budget| budget.phase == BudgetPhase::Regular));
        }
    }

    #[test]
    fn a_table_that_misses_a_tile_is_refused() {
        let board = Board::new(3, &[1, 2, 0, 3, 4, 5, 6, 7, 8]).unwrap();
        let short = CostModel::Table(vec![1; 7]);
        let limits = Limits::default();
        let refused = solve_costed(&board, &short, Algorithm::IdaStar, &limits, NoObserver);
        assert_eq!(refused.unwrap_err(), CostError::Missing { tile: 8 });
        let refused = solve_costed_parallel(&board, &short, &limits, 2);
        assert_eq!(refused.unwrap_err(), CostError::Missing { tile: 8 });
    }
}
