//! Answering a board: [`solve`] with the default heuristic, [`solve_with`] with a chosen one,
//! [`HeuristicName`] to choose one by name, and the [`Answer`] in the judge's format.

use std::fmt;
use std::str::FromStr;

use search_core::{
    Heuristic, IdaStar, Limits, NoObserver, Observer, Outcome, Report, SearchStats, Stopped,
};

use crate::{Board, Count, Exact, Move, Rotation};

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

/// An answer, or why the search stopped before it had one, with the search's figures.
#[derive(Clone, Debug)]
pub struct CaseReport {
    /// The answer, or the limit that stopped the search and the bound it had reached.
    pub answer: Result<Answer, Stopped<u8>>,
    /// The search's figures.
    pub stats: SearchStats<u8>,
}

/// The heuristics this crate offers, by the names a command line uses.
///
/// ```
/// use puzzle_rotation::{cases, HeuristicName};
///
/// assert_eq!("count".parse(), Ok(HeuristicName::Count));
/// assert_eq!(HeuristicName::Exact.to_string(), "exact");
/// let board = cases("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3").next().unwrap().unwrap();
/// assert_eq!(HeuristicName::default_for(&board), HeuristicName::Exact);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicName {
    /// [`Exact`], `exact`: the pattern database, built when the crate was.
    Exact,
    /// [`Count`], `count`: 8 minus the most common symbol's count in the centre.
    Count,
}

impl HeuristicName {
    /// Every heuristic, in the order `--help` lists them.
    pub const ALL: [HeuristicName; 2] = [HeuristicName::Exact, HeuristicName::Count];

    /// The name [`FromStr`] accepts and [`Display`](fmt::Display) writes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            HeuristicName::Exact => "exact",
            HeuristicName::Count => "count",
        }
    }

    /// The best heuristic for `board`: [`Exact`] for every board (its database is part of the
    /// program, so it costs nothing to start).
    #[must_use]
    pub fn default_for(_board: &Board) -> HeuristicName {
        HeuristicName::Exact
    }

    /// Whether the heuristic is offered for `board`: every heuristic is offered for every board.
    #[must_use]
    pub fn supports(self, _board: &Board) -> bool {
        true
    }

    /// [`solve_parallel`] with this heuristic.
    #[must_use]
    pub fn solve_parallel(self, board: &Board, limits: &Limits<u8>, threads: usize) -> CaseReport {
        match self {
            HeuristicName::Exact => solve_parallel(board, Exact::shared(), limits, threads),
            HeuristicName::Count => solve_parallel(board, &Count, limits, threads),
        }
    }

    /// [`solve_with`] this heuristic ([`Exact::shared`] for the database).
    pub fn solve_with<O: Observer<Rotation>>(
        self,
        board: &Board,
        limits: &Limits<u8>,
        observer: O,
    ) -> CaseReport {
        match self {
            HeuristicName::Exact => solve_with(board, Exact::shared(), limits, observer),
            HeuristicName::Count => solve_with(board, &Count, limits, observer),
        }
    }
}

impl fmt::Display for HeuristicName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for HeuristicName {
    type Err = UnknownHeuristic;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|heuristic| heuristic.name() == name)
            .ok_or_else(|| UnknownHeuristic { name: name.to_owned() })
    }
}

/// A name [`HeuristicName`]'s [`FromStr`] does not know; its message lists the names it does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownHeuristic {
    /// The name as given.
    pub name: String,
}

impl fmt::Display for UnknownHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = HeuristicName::ALL.iter().map(|heuristic| heuristic.name()).collect();
        write!(f, "unknown heuristic {:?}: the heuristics are {}", self.name, names.join(", "))
    }
}

impl std::error::Error for UnknownHeuristic {}

/// Solves `board` with IDA\* and the default heuristic ([`HeuristicName::default_for`]): the
/// shortest answer, and among those the dictionary-smallest.
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
/// Never: a search with no limits always answers.
#[must_use]
pub fn solve(board: &Board) -> Answer {
    let solved =
        HeuristicName::default_for(board).solve_with(board, &Limits::default(), NoObserver);
    solved.answer.expect("a search with no limits answers")
}

/// Solves `board` with IDA\*, the admissible `heuristic` ([`Exact`] or [`Count`], say), the
/// `limits` and the `observer` (pass `&mut observer` to look at it afterwards).
///
/// ```
/// use puzzle_rotation::{cases, solve_with, Count};
/// use search_core::{Limits, NoObserver};
///
/// let board = cases("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3").next().unwrap().unwrap();
/// let solved = solve_with(&board, &Count, &Limits::default(), NoObserver);
/// assert_eq!(solved.answer.unwrap().to_string(), "DDHH\n2\n");
/// assert!(solved.stats.generated > 0);
/// ```
///
/// # Panics
///
/// Never: every board is solvable (see the crate documentation), and IDA\* with an admissible
/// heuristic finds a solution whenever there is one.
pub fn solve_with<H, O>(
    board: &Board,
    heuristic: &H,
    limits: &Limits<u8>,
    observer: O,
) -> CaseReport
where
    H: Heuristic<Rotation>,
    O: Observer<Rotation>,
{
    let report =
        IdaStar::new(&Rotation, heuristic).limits(limits.clone()).observer(observer).run(board);
    solved(board, report)
}

/// Solves `board` as [`solve_with`] does, on `threads` threads (the parallel driver,
/// [`IdaStar::threads`]): the same answer and figures, sooner on several cores for a long search,
/// and no observer.
///
/// ```
/// use puzzle_rotation::{cases, solve_parallel, Count};
/// use search_core::Limits;
///
/// let board = cases("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3").next().unwrap().unwrap();
/// let solved = solve_parallel(&board, &Count, &Limits::default(), 2);
/// assert_eq!(solved.answer.unwrap().to_string(), "DDHH\n2\n");
/// ```
///
/// # Panics
///
/// Never: see [`solve_with`].
#[must_use]
pub fn solve_parallel<H>(
    board: &Board,
    heuristic: &H,
    limits: &Limits<u8>,
    threads: usize,
) -> CaseReport
where
    H: Heuristic<Rotation> + Sync,
{
    let report =
        IdaStar::new(&Rotation, heuristic).limits(limits.clone()).threads(threads).run(board);
    solved(board, report)
}

/// The answer a search of `board` reported.
fn solved(board: &Board, report: Report<Move, u8>) -> CaseReport {
    let answer = match report.outcome {
        // Every board is solvable (see the crate documentation), and IDA* with an admissible
        // heuristic finds a solution whenever there is one.
        Outcome::Solved(solution) => {
            Ok(Answer::from_moves(board, solution.moves).expect("a solution solves the board"))
        }
        Outcome::Stopped { reason, bound } => Err(Stopped { reason, bound }),
        Outcome::NoSolution => unreachable!("every board is solvable"),
        other => unreachable!("an outcome IDA* does not return: {other:?}"),
    };
    CaseReport { answer, stats: report.stats }
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
