//! Choosing the driver by name, as a command line does: [`Algorithm`].

use std::fmt;
use std::str::FromStr;

use search_core::{
    BudgetPhase, BudgetedReport, BudgetedSearch, Heuristic, IdaStar, IterationBudget, Limits,
    Observer, Problem, Report, SearchStats,
};

use crate::solve::solved;
use crate::{Answer, Board, CaseReport, Sliding, solve_with};

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
    /// [`IdaStar`], `ida`: the fastest where every move costs the same, and the only one with a
    /// parallel driver.
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

    /// Searches from `start` with this driver, the `limits` and the `observer`, whatever the
    /// problem. IDA\*'s report comes as a budgeted one whose iterations are all regular (no
    /// budget), which is what they are, so that both drivers answer alike.
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
                all_regular(search.run(start))
            }
            Algorithm::BudgetedTreeSearch => BudgetedSearch::new(problem, heuristic)
                .limits(limits.clone())
                .observer(observer)
                .run(start),
        }
    }

    /// [`solve_with`] (unit costs, any admissible `heuristic`) with this driver: for
    /// [`Algorithm::IdaStar`] it is `solve_with` itself. An unsolvable board is reported, not
    /// searched.
    ///
    /// ```
    /// use puzzle_sliding::{Algorithm, Board, Manhattan};
    /// use search_core::{Limits, NoObserver};
    ///
    /// let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap(); // 27 moves away
    /// let limits = Limits::default();
    /// let ida = Algorithm::IdaStar.solve_with(&board, &Manhattan, &limits, NoObserver);
    /// let bts = Algorithm::BudgetedTreeSearch.solve_with(&board, &Manhattan, &limits, NoObserver);
    /// // The same answer; here, with unit costs, the same nodes too.
    /// assert_eq!(bts.answer, ida.answer);
    /// assert_eq!(bts.answer.unwrap().length(), Some(27));
    /// assert_eq!(bts.stats.generated, ida.stats.generated);
    /// ```
    ///
    /// # Panics
    ///
    /// Never: see [`solve_with`].
    pub fn solve_with<H, O>(
        self,
        board: &Board,
        heuristic: &H,
        limits: &Limits<u8>,
        observer: O,
    ) -> CaseReport
    where
        H: Heuristic<Sliding>,
        O: Observer<Sliding>,
    {
        match self {
            Algorithm::IdaStar => solve_with(board, heuristic, limits, observer),
            Algorithm::BudgetedTreeSearch => {
                if !board.is_solvable() {
                    return CaseReport {
                        answer: Ok(Answer::Unsolvable),
                        stats: SearchStats::default(),
                    };
                }
                let puzzle = Sliding::for_board(board);
                solved(self.run(&puzzle, heuristic, board, limits, observer).into_report())
            }
        }
    }
}

/// IDA\*'s `report` as a budgeted one: every iteration regular, with no budget.
pub(crate) fn all_regular<M, C>(report: Report<M, C>) -> BudgetedReport<M, C> {
    let regular =
        IterationBudget { budget: None, phase: BudgetPhase::Regular, out_of_budget: false };
    let budgets = vec![regular; report.stats.iterations.len()];
    BudgetedReport { outcome: report.outcome, stats: report.stats, budgets }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|algorithm| algorithm.name() == name)
            .ok_or_else(|| UnknownAlgorithm { name: name.to_owned() })
    }
}

/// A name [`Algorithm`]'s [`FromStr`] does not know; its message lists the names it does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownAlgorithm {
    /// The name as given.
    pub name: String,
}

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = Algorithm::ALL.iter().map(|algorithm| algorithm.name()).collect();
        write!(f, "unknown algorithm {:?}: the algorithms are {}", self.name, names.join(", "))
    }
}

impl std::error::Error for UnknownAlgorithm {}

#[cfg(test)]
mod tests {
    use search_core::{NoObserver, StopReason};

    use super::*;
    use crate::{LinearConflict, Manhattan};

    #[test]
    fn names_are_read_and_written_back() {
        for algorithm in Algorithm::ALL {
            assert_eq!(algorithm.to_string().parse(), Ok(algorithm));
        }
        let error = "ida*".parse::<Algorithm>().unwrap_err();
        assert_eq!(error.to_string(), "unknown algorithm \"ida*\": the algorithms are ida, bts");
    }

    #[test]
    fn ida_stars_iterations_are_all_regular() {
        let puzzle = Sliding::new(3);
        let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        let limits = Limits::default();
        let report = Algorithm::IdaStar.run(&puzzle, &Manhattan, &board, &limits, NoObserver);
        assert_eq!(report.budgets.len(), report.stats.iterations.len());
        assert!(report.budgets.iter().all(|budget| budget.phase == BudgetPhase::Regular));
        assert_eq!(report.outcome.solution().map(|solution| solution.cost), Some(27));
    }

    #[test]
    fn at_unit_costs_both_drivers_answer_alike() {
        let boards = [
            Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap(),
            Board::new(3, &[1, 2, 0, 3, 4, 5, 6, 7, 8]).unwrap(),
            Board::new(3, &[0, 2, 1, 3, 4, 5, 6, 7, 8]).unwrap(), // unsolvable
        ];
        for board in boards {
            let limits = Limits::default();
            let ida = Algorithm::IdaStar.solve_with(&board, &LinearConflict, &limits, NoObserver);
            let bts = Algorithm::BudgetedTreeSearch.solve_with(
                &board,
                &LinearConflict,
                &limits,
                NoObserver,
            );
            assert_eq!(bts.answer, ida.answer, "{board}");
            assert_eq!(bts.stats.generated, ida.stats.generated, "{board}");
        }
    }

    #[test]
    fn a_stopped_budgeted_search_says_why() {
        let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        let limits = Limits::default().max_generated(100);
        let solved =
            Algorithm::BudgetedTreeSearch.solve_with(&board, &Manhattan, &limits, NoObserver);
        let stopped = solved.answer.unwrap_err();
        assert_eq!(stopped.reason, StopReason::NodeLimit);
        assert_eq!(solved.stats.generated, 100);
    }
}
