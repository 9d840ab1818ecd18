//! Answering a board: [`solve`], and the [`Answer`] in the judge's format, made from what any
//! search-core driver reports ([`Answer::from_outcome`]).

use std::fmt;

use search_core::{IdaStar, Outcome, Stopped};

use crate::{Board, Exact, Move, Rotation};

/// An answer to one case: the moves, and the symbol that fills the centre after them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    /// The moves, first to last; empty when the board was already solved.
    pub moves: Vec<Move>,
    /// The symbol in the centre after the moves.
    pub centre: u8,
}

/// The judge's two lines: the moves as letters with no spaces (or `No moves needed`), then the
/// centre symbol. Each line ends with a newline.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.moves.is_empty() {
            f.write_str("No moves needed")?;
        }
        for mv in &self.moves {
            write!(f, "{mv}")?;
        }
        writeln!(f)?;
        writeln!(f, "{}", self.centre)
    }
}

impl Answer {
    /// The answer made of `moves`, played from `board`; `None` if they do not solve it.
    #[must_use]
    pub fn from_moves(board: &Board, moves: Vec<Move>) -> Option<Answer> {
        let mut board = *board;
        for &mv in &moves {
            board.apply(mv);
        }
        board.centre_symbol().map(|centre| Answer { moves, centre })
    }

    /// The answer a search of `board` found, or the limit that stopped it and the bound it had
    /// reached: for a caller that picks the driver, the heuristic, the threads and the limits
    /// with search-core's builders.
    ///
    /// Any driver's answer is a shortest one. The judge's tie-break, the dictionary-smallest
    /// among the shortest, is what a driver that tries the moves in order and stops at the first
    /// solution gives: IDA\*, iterative deepening, Budgeted Tree Search and breadth-first search.
    /// Uniform-cost search and A\* break ties their own way.
    ///
    /// ```
    /// use puzzle_rotation::{cases, Answer, Count, Rotation};
    /// use search_core::{IdaStar, Limits, StopReason};
    ///
    /// let board = cases("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3").next().unwrap().unwrap();
    /// let report = IdaStar::new(&Rotation, &Count).threads(2).run(&board);
    /// assert_eq!(Answer::from_outcome(&board, report.outcome).unwrap().to_string(), "DDHH\n2\n");
    ///
    /// let budget = Limits::default().max_generated(10);
    /// let report = IdaStar::new(&Rotation, &Count).limits(budget).run(&board);
    /// let stopped = Answer::from_outcome(&board, report.outcome).unwrap_err();
    /// assert_eq!(stopped.reason, StopReason::NodeLimit);
    /// ```
    ///
    /// # Errors
    ///
    /// The limit that stopped the search, and the bound it had reached.
    ///
    /// # Panics
    ///
    /// If the outcome is not a search of `board`: a solution that does not solve it, or no
    /// solution at all, though every board is solvable (see the crate documentation).
    pub fn from_outcome(board: &Board, outcome: Outcome<Move, u8>) -> Result<Answer, Stopped<u8>> {
        match outcome {
            Outcome::Solved(solution) => Ok(Answer::from_moves(board, solution.moves)
                .expect("a solution of a search of this board solves it")),
            Outcome::Stopped { reason, bound } => Err(Stopped { reason, bound }),
            Outcome::NoSolution => panic!("every board is solvable, yet the search found none"),
            other => unreachable!("an outcome this crate does not know: {other:?}"),
        }
    }
}

/// Solves `board` with IDA\* and the [`Exact`] heuristic on this thread: the shortest answer, and
/// among those the dictionary-smallest, as the judge wants it.
///
/// This is the one way this crate solves a board. To choose another heuristic ([`Count`](crate::Count)),
/// another driver, several threads, limits or an observer, run the [`Rotation`] problem with
/// search-core's builders and make the answer with [`Answer::from_outcome`].
///
/// ```
/// use puzzle_rotation::{cases, solve};
///
/// let board = cases("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3").next().unwrap().unwrap();
/// assert_eq!(solve(&board).to_string(), "AC\n2\n");
/// ```
///
/// # Panics
///
/// Never: every board is solvable (see the crate documentation), and IDA\* with an admissible
/// heuristic and no limits finds a solution whenever there is one.
#[must_use]
pub fn solve(board: &Board) -> Answer {
    let report = IdaStar::new(&Rotation, Exact::shared()).run(board);
    Answer::from_outcome(board, report.outcome).expect("a search with no limits answers")
}

#[cfg(test)]
mod tests {
    use search_core::{BreadthFirst, StopReason};

    use super::*;

    #[test]
    fn a_solved_board_needs_no_moves() {
        let board = Board::from_cells(&[3; 24]).unwrap();
        assert_eq!(solve(&board).to_string(), "No moves needed\n3\n");
    }

    #[test]
    fn moves_that_do_not_solve_the_board_are_no_answer() {
        let mut board = Board::from_cells(&[3; 24]).unwrap();
        let mut cells = board.cells();
        cells[6] = 1;
        board = Board::from_cells(&cells).unwrap();
        assert_eq!(Answer::from_moves(&board, vec![Move::B]), None);
        assert_eq!(Answer::from_moves(&board, vec![Move::A]).map(|a| a.centre), Some(3));
    }

    #[test]
    fn any_drivers_outcome_becomes_the_answer_or_the_limit() {
        let board = Board::from_cells(&[3; 24]).unwrap();
        let mut cells = board.cells();
        cells[6] = 1;
        let board = Board::from_cells(&cells).unwrap();
        let report = BreadthFirst::new(&Rotation).run(&board);
        assert_eq!(Answer::from_outcome(&board, report.outcome).unwrap().to_string(), "A\n3\n");
        let stopped = Outcome::Stopped { reason: StopReason::TimeLimit, bound: 1 };
        assert_eq!(
            Answer::from_outcome(&board, stopped),
            Err(Stopped { reason: StopReason::TimeLimit, bound: 1 })
        );
    }
}
