//! Choosing the driver and the costs, as a program's command line does: [`Algorithm`],
//! [`solve_costed`], and what they answer, [`Costed`].

use std::fmt;
use std::str::FromStr;

use search_core::{
    BudgetPhase, BudgetedReport, BudgetedSearch, Heuristic, IdaStar, IterationBudget, Limits,
    Observer, Outcome, Problem, SearchStats, Stopped,
};

use crate::{Answer, Board, CostError, CostModel, Sliding, WeightedManhattan, WeightedSliding};

/// The drivers a board can be solved with, by the names a command line uses. Both return the
/// same answer, the first optimal solution in move order; they differ in the work.
///
/// ```
/// use puzzle_sliding::Algorithm;
///
/// assert_eq!("bts".parse(), Ok(Algorithm::BudgetedTreeSearch));
/// assert_eq!(Algorithm::IdaStar.to_string(), "ida");
/// assert!("a-star".parse::<Algorithm>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// [`IdaStar`], `ida`: the fastest where every move costs the same.
    #[default]
    IdaStar,
    /// [`BudgetedSearch`], `bts`: Budgeted Tree Search, for diverse costs, where IDA\* repeats
    /// its work in an iteration per cost.
    BudgetedTreeSearch,
}

impl Algorithm {
    /// Every driver, in the order `--help` lists them.
    pub const ALL: [Algorithm; 2] = [Algorithm::IdaStar, Algorithm::BudgetedTreeSearch];

    /// The name [`FromStr`] reads and [`Display`](fmt::Display) writes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::IdaStar => "ida",
            Algorithm::BudgetedTreeSearch => "bts",
        }
    }

    /// Searches from `start` with this driver, the `limits` and the `observer`. IDA\*'s report
    /// comes as a budgeted one whose iterations are all regular (no budget), which is what they
    /// are.
    pub fn run<P, H, O>(
        self,
        problem: &P,
        heuristic: &H,
        start: &P::State,
        limits: &Limits<P::Cost>,
        observer: O,
    ) -> BudgetedReport<P::Move, P::Cost>
    where
        P: Problem,
        H: Heuristic<P>,
        O: Observer<P>,
    {
        match self {
            Algorithm::IdaStar => {
                let mut search =
                    IdaStar::new(problem, heuristic).limits(limits.clone()).observer(observer);
                let report = search.run(start);
                let regular = IterationBudget {
                    budget: None,
                    phase: BudgetPhase::Regular,
                    out_of_budget: false,
                };
                let budgets = vec![regular; report.stats.iterations.len()];
                BudgetedReport { outcome: report.outcome, stats: report.stats, budgets }
            }
            Algorithm::BudgetedTreeSearch => BudgetedSearch::new(problem, heuristic)
                .limits(limits.clone())
                .observer(observer)
                .run(start),
        }
    }

    /// Solves `board` at unit cost with this driver, the admissible `heuristic` (any of the
    /// unit-cost puzzle's: [`Manhattan`](crate::Manhattan), [`LinearConflict`](crate::LinearConflict),
    /// [`DisjointDatabases`](crate::DisjointDatabases)), the `limits` and the `observer`; an
    /// unsolvable board is reported, not searched. The cost is the number of moves.
    ///
    /// ```
    /// use puzzle_sliding::{Algorithm, Board, Manhattan};
    /// use search_core::{Limits, NoObserver};
    ///
    /// let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap(); // 27 moves away
    /// let limits = Limits::default();
    /// let ida = Algorithm::IdaStar.solve_with(&board, &Manhattan, &limits, NoObserver);
    /// let bts = Algorithm::BudgetedTreeSearch.solve_with(&board, &Manhattan, &limits, NoObserver);
    /// assert_eq!(bts.answer, ida.answer);
    /// assert_eq!(bts.cost, Some(27));
    /// ```
    ///
    /// # Panics
    ///
    /// Never: a solvable board is at most 208 moves from the goal (for the 24-puzzle; fewer
    /// for the smaller ones), well within the `u8` cost type.
    pub fn solve_with<H, O>(
        self,
        board: &Board,
        heuristic: &H,
        limits: &Limits<u8>,
        observer: O,
    ) -> Costed<u8>
    where
        H: Heuristic<Sliding>,
        O: Observer<Sliding>,
    {
        if !board.is_solvable() {
            return Costed::unsolvable();
        }
        let puzzle = Sliding::new(board.width());
        Costed::from_report(self.run(&puzzle, heuristic, board, limits, observer))
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL.into_iter().find(|algorithm| algorithm.name() == name).ok_or_else(|| {
            let names: Vec<_> = Self::ALL.iter().map(|algorithm| algorithm.name()).collect();
            format!("unknown algorithm {name:?}: the algorithms are {}", names.join(", "))
        })
    }
}

/// An answer with its cost, or why the search stopped before it had one, with the search's
/// figures: what [`solve_costed`] and [`Algorithm::solve_with`] return.
#[derive(Clone, Debug)]
pub struct Costed<C> {
    /// The answer, or the limit that stopped the search and the bound it had reached (every
    /// solution costs at least that much).
    pub answer: Result<Answer, Stopped<C>>,
    /// The solution's cost: the sum of its moves' costs (the number of moves at unit cost);
    /// `None` for an unsolvable board or a search that stopped.
    pub cost: Option<C>,
    /// The search's figures (all zero for an unsolvable board, which is not searched).
    pub stats: SearchStats<C>,
    /// How each of `stats.iterations` was budgeted (all regular for IDA\*).
    pub budgets: Vec<IterationBudget>,
}

impl<C: Copy + Default> Costed<C> {
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
    fn from_report(report: BudgetedReport<crate::Slide, C>) -> Self {
        let (answer, cost) = match report.outcome {
            Outcome::Solved(solution) => (Ok(Answer::Solved(solution.moves)), Some(solution.cost)),
            Outcome::Stopped { reason, bound } => (Err(Stopped { reason, bound }), None),
            Outcome::NoSolution => {
                unreachable!("a solvable board has a solution whose cost fits in the cost type")
            }
        };
        Self { answer, cost, stats: report.stats, budgets: report.budgets }
    }
}

/// Solves `board` where sliding a tile costs what `costs` says, with `algorithm`, the weighted
/// Manhattan distance ([`WeightedManhattan`]), the `limits` and the `observer` (pass
/// `&mut observer` to look at it afterwards); an unsolvable board is reported, not searched.
///
/// ```
/// use puzzle_sliding::{Algorithm, Answer, Board, CostModel, solve_costed};
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
) -> Result<Costed<u32>, CostError> {
    let puzzle = WeightedSliding::new(board.width(), costs)?;
    if !board.is_solvable() {
        return Ok(Costed::unsolvable());
    }
    Ok(Costed::from_report(algorithm.run(&puzzle, &WeightedManhattan, board, limits, observer)))
}

#[cfg(test)]
mod tests {
    use search_core::{NoObserver, StopReason};

    use super::*;
    use crate::Manhattan;

    #[test]
    fn names_are_read_and_written_back() {
        for algorithm in Algorithm::ALL {
            assert_eq!(algorithm.to_string().parse(), Ok(algorithm));
        }
        let error = "ida*".parse::<Algorithm>().unwrap_err();
        assert_eq!(error, "unknown algorithm \"ida*\": the algorithms are ida, bts");
    }

    #[test]
    fn ida_stars_iterations_are_all_regular() {
        let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        let solved =
            Algorithm::IdaStar.solve_with(&board, &Manhattan, &Limits::default(), NoObserver);
        assert_eq!(solved.budgets.len(), solved.stats.iterations.len());
        assert!(solved.budgets.iter().all(|budget| budget.phase == BudgetPhase::Regular));
    }

    #[test]
    fn unsolvable_boards_are_not_searched() {
        let swapped = Board::new(3, &[0, 2, 1, 3, 4, 5, 6, 7, 8]).unwrap();
        for algorithm in Algorithm::ALL {
            let limits = Limits::default();
            let solved = solve_costed(&swapped, &CostModel::Tile, algorithm, &limits, NoObserver);
            let solved = solved.unwrap();
            assert_eq!(solved.answer, Ok(Answer::Unsolvable));
            assert_eq!((solved.cost, solved.stats.generated), (None, 0));
        }
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
}
