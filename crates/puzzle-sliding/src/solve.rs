//! Answering a board: [`solve`], and the [`Answer`] in the output's format, made from what any
//! search-core driver reports ([`Answer::from_outcome`]).

use std::fmt;

use search_core::{Heuristic, IdaStar, Outcome, Stopped};

use crate::{Board, DisjointDatabases, LinearConflict, Manhattan, Slide, Sliding};

/// The answer for one board: the blank's moves, or that the goal cannot be reached.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// The moves of an optimal solution, first to last (empty for the goal itself).
    Solved(Vec<Slide>),
    /// Half of the boards cannot reach the goal (see [`Board::is_solvable`]); they are not
    /// searched.
    Unsolvable,
}

/// The moves as letters (`U`, `D`, `L`, `R`, no spaces; nothing for the goal itself), or
/// `unsolvable`.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Solved(moves) => moves.iter().try_for_each(|slide| write!(f, "{slide}")),
            Self::Unsolvable => f.write_str("unsolvable"),
        }
    }
}

impl Answer {
    /// The number of moves, or `None` when unsolvable.
    #[must_use]
    pub fn length(&self) -> Option<usize> {
        match self {
            Self::Solved(moves) => Some(moves.len()),
            Self::Unsolvable => None,
        }
    }

    /// The answer a search found, or the limit that stopped it and the bound it had reached:
    /// for a caller that picks the problem ([`Sliding`], [`WeightedSliding`](crate::WeightedSliding)
    /// or [`Tracked`](crate::Tracked)), the heuristic, the driver, the threads and the limits with
    /// search-core's builders. A search that ends with no solution proved the board
    /// [unsolvable](Answer::Unsolvable), which only a complete driver (breadth-first,
    /// uniform-cost, A\*) can do: a depth-first driver (IDA\* and its kin) never ends on an
    /// unsolvable board, so ask [`Board::is_solvable`] before starting one.
    ///
    /// Every driver's answer is optimal. The first in U, L, R, D order among the optimal ones is
    /// what a driver that tries the moves in order and stops at the first solution gives: IDA\*,
    /// iterative deepening, Budgeted Tree Search, and breadth-first search at unit costs.
    /// Uniform-cost search and A\* break ties their own way.
    ///
    /// ```
    /// use puzzle_sliding::{Answer, Board, Manhattan, Sliding};
    /// use search_core::{AStar, IdaStar};
    ///
    /// let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap(); // 27 moves away
    /// let puzzle = Sliding::for_board(&board);
    /// let ida = IdaStar::new(&puzzle, &Manhattan).threads(2).run(&board);
    /// assert_eq!(Answer::from_outcome(ida.outcome).unwrap().length(), Some(27));
    /// let astar = AStar::new(&puzzle, &Manhattan).run(&board);
    /// assert_eq!(Answer::from_outcome(astar.outcome).unwrap().length(), Some(27));
    ///
    /// // Two columns, three rows, two tiles swapped: A* reaches every board it can, and stops.
    /// let swapped = Board::rectangular(2, 3, &[0, 2, 1, 3, 4, 5]).unwrap();
    /// let astar = AStar::new(&Sliding::for_board(&swapped), &Manhattan).run(&swapped);
    /// assert_eq!(Answer::from_outcome(astar.outcome), Ok(Answer::Unsolvable));
    /// ```
    ///
    /// # Errors
    ///
    /// The limit that stopped the search, and the bound it had reached (every solution costs at
    /// least that much).
    pub fn from_outcome<C>(outcome: Outcome<Slide, C>) -> Result<Answer, Stopped<C>> {
        match outcome {
            Outcome::Solved(solution) => Ok(Answer::Solved(solution.moves)),
            Outcome::NoSolution => Ok(Answer::Unsolvable),
            Outcome::Stopped { reason, bound } => Err(Stopped { reason, bound }),
            // `Outcome` may gain a way to end in a later search-core; this crate is released
            // with the search-core it is built against, which has no other.
            _ => unreachable!("an outcome this crate does not know"),
        }
    }
}

/// Solves `board` optimally with IDA\* on this thread and the fastest heuristic for its size
/// that needs no long build: the 6-6-3 pattern databases for the 15-puzzle
/// ([`DisjointDatabases::fifteen`], seconds to build on first use, well spent on any hard
/// board), linear conflicts for the other square boards, the Manhattan distance for a
/// rectangular board. An unsolvable board is reported, not searched.
///
/// This is the one way this crate solves a board. To choose another heuristic (for the
/// 24-puzzle, whose random boards only the [`SymmetricDatabases`](crate::SymmetricDatabases)
/// solve), another driver, several threads, limits, an observer or weighted tiles, run the
/// problem with search-core's builders and make the answer with [`Answer::from_outcome`].
///
/// ```
/// use puzzle_sliding::{Board, solve};
///
/// let board = Board::new(3, &[1, 2, 0, 3, 4, 5, 6, 7, 8]).unwrap();
/// assert_eq!(solve(&board).to_string(), "LL");
/// let swapped = Board::new(3, &[0, 2, 1, 3, 4, 5, 6, 7, 8]).unwrap();
/// assert_eq!(solve(&swapped).to_string(), "unsolvable");
/// ```
///
/// # Panics
///
/// Never: a solvable board is at most 208 moves from the goal (for the 24-puzzle; fewer for
/// the smaller ones), well within the `u8` cost type, and a search with no limits answers.
#[must_use]
pub fn solve(board: &Board) -> Answer {
    if !board.is_solvable() {
        return Answer::Unsolvable;
    }
    if !board.is_square() {
        ida_star(board, &Manhattan)
    } else if board.width() == 4 {
        ida_star(board, DisjointDatabases::fifteen())
    } else {
        ida_star(board, &LinearConflict)
    }
}

/// IDA\*'s answer for the solvable `board` with `heuristic`.
fn ida_star<H: Heuristic<Sliding>>(board: &Board, heuristic: &H) -> Answer {
    let report = IdaStar::new(&Sliding::for_board(board), heuristic).run(board);
    Answer::from_outcome(report.outcome).expect("a search with no limits answers")
}

#[cfg(test)]
mod tests {
    use search_core::{BreadthFirst, Limits, StopReason};

    use super::*;

    #[test]
    fn each_size_is_solved_optimally() {
        let eight = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        assert_eq!(solve(&eight).length(), Some(27));
        let rectangular = Board::rectangular(2, 3, &[1, 0, 2, 3, 4, 5]).unwrap();
        assert_eq!(solve(&rectangular).to_string(), "L");
        assert_eq!(solve(&Board::goal(5)), Answer::Solved(Vec::new()));
    }

    #[test]
    fn a_complete_search_that_finds_nothing_proves_the_board_unsolvable() {
        let swapped = Board::rectangular(2, 3, &[0, 2, 1, 3, 4, 5]).unwrap();
        let report = BreadthFirst::new(&Sliding::for_board(&swapped)).run(&swapped);
        assert_eq!(Answer::from_outcome(report.outcome), Ok(Answer::Unsolvable));
        assert_eq!(solve(&swapped), Answer::Unsolvable);
    }

    #[test]
    fn a_stopped_search_keeps_its_limit_and_bound() {
        let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        let limits = Limits::default().max_generated(100);
        let report = IdaStar::new(&Sliding::new(3), &Manhattan).limits(limits).run(&board);
        let stopped = Answer::from_outcome(report.outcome).unwrap_err();
        assert_eq!(stopped.reason, StopReason::NodeLimit);
    }
}
