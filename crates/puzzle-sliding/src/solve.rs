//! Answering a board: [`solve`] with the default heuristic, [`solve_with`] with a chosen one,
//! [`HeuristicName`] to choose one by name, and the [`Answer`] in the output's format.

use std::fmt;
use std::str::FromStr;

use search_core::{
    Heuristic, IdaStar, Limits, NoObserver, Observer, Outcome, Report, SearchStats, Stopped,
};

use crate::databases::tracked::OnBoards;
use crate::{
    Algorithm, Board, DisjointDatabases, LinearConflict, Manhattan, Slide, Sliding,
    SymmetricDatabases, Tracked, TrackedBoard, TrackedBound,
};

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
}

/// An answer, or why the search stopped before it had one, with the search's figures.
#[derive(Clone, Debug)]
pub struct CaseReport {
    /// The answer, or the limit that stopped the search and the bound it had reached.
    pub answer: Result<Answer, Stopped<u8>>,
    /// The search's figures (all zero for an unsolvable board, which is not searched).
    pub stats: SearchStats<u8>,
}

/// The heuristics this crate offers, by the names a command line uses.
///
/// ```
/// use puzzle_sliding::{Board, HeuristicName};
///
/// assert_eq!("pdb".parse(), Ok(HeuristicName::PatternDatabases));
/// assert_eq!(HeuristicName::PatternDatabases.to_string(), "pdb");
/// let board = Board::new(3, &[1, 2, 0, 3, 4, 5, 6, 7, 8]).unwrap();
/// assert_eq!(HeuristicName::default_for(&board), HeuristicName::LinearConflict);
/// assert!(!HeuristicName::PatternDatabases.supports(&board)); // the 15- and 24-puzzle's only
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicName {
    /// [`Manhattan`], `manhattan`.
    Manhattan,
    /// [`LinearConflict`], `linear-conflict`.
    LinearConflict,
    /// `pdb`: [`DisjointDatabases::fifteen`] for the 15-puzzle,
    /// [`SymmetricDatabases::twenty_four`] for the 24-puzzle (searched as [`Tracked`]).
    PatternDatabases,
}

impl HeuristicName {
    /// Every heuristic, in the order `--help` lists them.
    pub const ALL: [HeuristicName; 3] =
        [HeuristicName::Manhattan, HeuristicName::LinearConflict, HeuristicName::PatternDatabases];

    /// The name [`FromStr`] accepts and [`Display`](fmt::Display) writes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            HeuristicName::Manhattan => "manhattan",
            HeuristicName::LinearConflict => "linear-conflict",
            HeuristicName::PatternDatabases => "pdb",
        }
    }

    /// The fastest heuristic for `board`'s size that needs no long build: the pattern databases
    /// for the 15-puzzle (seconds to build, well spent on any hard board), linear conflicts
    /// for the other square boards, the Manhattan distance for a rectangular board (the only
    /// heuristic offered there). For the 24-puzzle the pattern databases are the only heuristic that solves a
    /// random board, but building them takes minutes and a gigabyte: choose them explicitly
    /// (the `sliding` program makes them its default once they are kept in its cache).
    #[must_use]
    pub fn default_for(board: &Board) -> HeuristicName {
        if !board.is_square() {
            HeuristicName::Manhattan
        } else if board.width() == 4 {
            HeuristicName::PatternDatabases
        } else {
            HeuristicName::LinearConflict
        }
    }

    /// Whether the heuristic is offered for `board`'s size: the Manhattan distance for every
    /// board, linear conflicts for square ones, the pattern databases for the 15- and 24-puzzle.
    #[must_use]
    pub fn supports(self, board: &Board) -> bool {
        match self {
            HeuristicName::Manhattan => true,
            HeuristicName::LinearConflict => board.is_square(),
            HeuristicName::PatternDatabases => board.is_square() && board.width() >= 4,
        }
    }

    /// [`solve_parallel`] with this heuristic (the databases as for
    /// [`solve_with`](Self::solve_with)).
    ///
    /// # Panics
    ///
    /// If the heuristic is not offered for the board's size ([`HeuristicName::supports`]).
    #[must_use]
    pub fn solve_parallel(self, board: &Board, limits: &Limits<u8>, threads: usize) -> CaseReport {
        assert!(self.supports(board), "{self} is not offered for width {}", board.width());
        if !board.is_solvable() {
            return CaseReport { answer: Ok(Answer::Unsolvable), stats: SearchStats::default() };
        }
        match self {
            HeuristicName::Manhattan => solve_parallel(board, &Manhattan, limits, threads),
            HeuristicName::LinearConflict => {
                solve_parallel(board, &LinearConflict, limits, threads)
            }
            HeuristicName::PatternDatabases if board.width() == 5 => {
                let databases = SymmetricDatabases::twenty_four();
                let puzzle = Sliding::new(5);
                let tracked = Tracked::new(&puzzle, databases);
                let start = TrackedBoard::new(databases, board);
                let driver = IdaStar::new(&tracked, &TrackedBound).limits(limits.clone());
                solved(driver.threads(threads).run(&start))
            }
            HeuristicName::PatternDatabases => {
                solve_parallel(board, DisjointDatabases::fifteen(), limits, threads)
            }
        }
    }

    /// [`solve_with`] this heuristic (the pattern databases are [`DisjointDatabases::fifteen`]
    /// or [`SymmetricDatabases::twenty_four`], built on first use unless already made or read
    /// from a file; never for an unsolvable board, which is answered at once).
    ///
    /// # Panics
    ///
    /// If the heuristic is not offered for the board's size ([`HeuristicName::supports`]).
    pub fn solve_with<O: Observer<Sliding>>(
        self,
        board: &Board,
        limits: &Limits<u8>,
        observer: O,
    ) -> CaseReport {
        self.solve_by(Algorithm::IdaStar, board, limits, observer)
    }

    /// [`solve_with`](Self::solve_with) by the driver `algorithm` ([`Algorithm::solve_with`]):
    /// the same answer either way.
    ///
    /// ```
    /// use puzzle_sliding::{Algorithm, Board, HeuristicName};
    /// use search_core::{Limits, NoObserver};
    ///
    /// let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    /// let heuristic = HeuristicName::LinearConflict;
    /// let limits = Limits::default();
    /// let bts = heuristic.solve_by(Algorithm::BudgetedTreeSearch, &board, &limits, NoObserver);
    /// assert_eq!(bts.answer, heuristic.solve_with(&board, &limits, NoObserver).answer);
    /// ```
    ///
    /// # Panics
    ///
    /// If the heuristic is not offered for the board's size ([`HeuristicName::supports`]).
    pub fn solve_by<O: Observer<Sliding>>(
        self,
        algorithm: Algorithm,
        board: &Board,
        limits: &Limits<u8>,
        observer: O,
    ) -> CaseReport {
        assert!(self.supports(board), "{self} is not offered for width {}", board.width());
        // Checked here too, before the databases are made: an unsolvable board needs none.
        if !board.is_solvable() {
            return CaseReport { answer: Ok(Answer::Unsolvable), stats: SearchStats::default() };
        }
        match self {
            HeuristicName::Manhattan => algorithm.solve_with(board, &Manhattan, limits, observer),
            HeuristicName::LinearConflict => {
                algorithm.solve_with(board, &LinearConflict, limits, observer)
            }
            HeuristicName::PatternDatabases if board.width() == 5 => {
                let databases = SymmetricDatabases::twenty_four();
                let puzzle = Sliding::new(5);
                let tracked = Tracked::new(&puzzle, databases);
                let start = TrackedBoard::new(databases, board);
                let report =
                    algorithm.run(&tracked, &TrackedBound, &start, limits, OnBoards(observer));
                solved(report.into_report())
            }
            HeuristicName::PatternDatabases => {
                algorithm.solve_with(board, DisjointDatabases::fifteen(), limits, observer)
            }
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

/// Solves `board` optimally with IDA\* and the fastest heuristic for its size
/// ([`HeuristicName::default_for`]); an unsolvable board is reported, not searched.
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
/// Never: a search with no limits always answers.
#[must_use]
pub fn solve(board: &Board) -> Answer {
    let solved =
        HeuristicName::default_for(board).solve_with(board, &Limits::default(), NoObserver);
    solved.answer.expect("a search with no limits answers")
}

/// Solves `board` with IDA\*, the admissible `heuristic`, the `limits` and the `observer`
/// (pass `&mut observer` to look at it afterwards); an unsolvable board is reported, not
/// searched.
///
/// ```
/// use puzzle_sliding::{Board, Manhattan, solve_with};
/// use search_core::{Limits, NoObserver, StopReason};
///
/// let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap(); // 27 moves away
/// let solved = solve_with(&board, &Manhattan, &Limits::default(), NoObserver);
/// assert_eq!(solved.answer.unwrap().length(), Some(27));
///
/// let budget = Limits::default().max_generated(1000);
/// let stopped = solve_with(&board, &Manhattan, &budget, NoObserver).answer.unwrap_err();
/// assert_eq!(stopped.reason, StopReason::NodeLimit);
/// ```
///
/// # Panics
///
/// Never: a solvable board is at most 208 moves from the goal (for the 24-puzzle; fewer for
/// the smaller ones), well within the `u8` cost type.
pub fn solve_with<H, O>(
    board: &Board,
    heuristic: &H,
    limits: &Limits<u8>,
    observer: O,
) -> CaseReport
where
    H: Heuristic<Sliding>,
    O: Observer<Sliding>,
{
    if !board.is_solvable() {
        return CaseReport { answer: Ok(Answer::Unsolvable), stats: SearchStats::default() };
    }
    let puzzle = Sliding::for_board(board);
    let report =
        IdaStar::new(&puzzle, heuristic).limits(limits.clone()).observer(observer).run(board);
    solved(report)
}

/// Solves `board` as [`solve_with`] does, on `threads` threads (the parallel driver,
/// [`IdaStar::threads`]): the same answer and figures, sooner on several cores for a long search,
/// and no observer.
///
/// ```
/// use puzzle_sliding::{Board, Manhattan, solve_parallel};
/// use search_core::Limits;
///
/// let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
/// let solved = solve_parallel(&board, &Manhattan, &Limits::default(), 2);
/// assert_eq!(solved.answer.unwrap().length(), Some(27));
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
    H: Heuristic<Sliding> + Sync,
{
    if !board.is_solvable() {
        return CaseReport { answer: Ok(Answer::Unsolvable), stats: SearchStats::default() };
    }
    let puzzle = Sliding::for_board(board);
    let report =
        IdaStar::new(&puzzle, heuristic).limits(limits.clone()).threads(threads).run(board);
    solved(report)
}

/// The answer a search of a solvable board reported.
pub(crate) fn solved(report: Report<Slide, u8>) -> CaseReport {
    let answer = match report.outcome {
        Outcome::Solved(solution) => Ok(Answer::Solved(solution.moves)),
        Outcome::Stopped { reason, bound } => Err(Stopped { reason, bound }),
        Outcome::NoSolution => unreachable!("a solvable board has a solution within 255 moves"),
        other => unreachable!("an outcome IDA* does not return: {other:?}"),
    };
    CaseReport { answer, stats: report.stats }
}
