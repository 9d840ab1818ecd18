//! Solving a board and printing the answer in the judge's format.

use std::fmt;

use search_core::{Heuristic, IdaStar, Outcome, SearchStats};

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
}

/// Solves `board` with IDA\* and the [`Exact`] bound (its database built once per process, by
/// [`Exact::shared`]): the shortest answer, and among those the dictionary-smallest.
///
/// For another bound, such as [`Count`](crate::Count), use [`solve_with`].
///
/// ```
/// use puzzle_rotation::{cases, solve};
///
/// let board = cases("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3").next().unwrap().unwrap();
/// assert_eq!(solve(&board).to_string(), "AC\n2\n");
/// ```
#[must_use]
pub fn solve(board: &Board) -> Answer {
    solve_with(board, Exact::shared()).0
}

/// Solves `board` with IDA\* and the given admissible `heuristic` ([`Exact`] or
/// [`Count`](crate::Count), say), and returns the search's figures too.
///
/// ```
/// use puzzle_rotation::{cases, solve_with, Count};
///
/// let board = cases("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3").next().unwrap().unwrap();
/// let (answer, stats) = solve_with(&board, &Count);
/// assert_eq!(answer.to_string(), "DDHH\n2\n");
/// assert!(stats.generated > 0);
/// ```
#[must_use]
pub fn solve_with<H: Heuristic<Rotation>>(
    board: &Board,
    heuristic: &H,
) -> (Answer, SearchStats<u8>) {
    let report = IdaStar::new(&Rotation, heuristic).run(board);
    (answer_from(board, report.outcome), report.stats)
}

/// The answer a finished search found for `board`.
///
/// # Panics
///
/// If the search did not solve the board. That cannot happen for a search with no limits: every
/// board is solvable (see the crate documentation), and IDA\* with an admissible bound finds a
/// solution whenever there is one.
#[must_use]
pub fn answer_from(board: &Board, outcome: Outcome<Move, u8>) -> Answer {
    let solution = outcome.into_solution().expect("every board is solvable");
    Answer::from_moves(board, solution.moves).expect("a solution solves the board")
}

#[cfg(test)]
mod tests {
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
}
