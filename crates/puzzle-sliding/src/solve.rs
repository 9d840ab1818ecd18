//! Solving a board: [`Bound`], [`Answer`], [`solve`] and [`solve_with`].

use std::fmt;
use std::str::FromStr;

use search_core::{Heuristic, IdaStar, Outcome, SearchStats};

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
}

/// The lower bounds this crate offers, by name.
///
/// ```
/// use puzzle_sliding::Bound;
///
/// assert_eq!("pdb".parse(), Ok(Bound::PatternDatabases));
/// assert_eq!(Bound::fastest_for(4), Bound::PatternDatabases);
/// assert_eq!(Bound::fastest_for(5), Bound::LinearConflict);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// [`Manhattan`], `manhattan`.
    Manhattan,
    /// [`LinearConflict`], `linear-conflict`.
    LinearConflict,
    /// [`DisjointDatabases::fifteen`], `pdb`: the 15-puzzle only.
    PatternDatabases,
}

impl Bound {
    /// The names, as [`FromStr`] accepts them.
    pub const NAMES: [&str; 3] = ["manhattan", "linear-conflict", "pdb"];

    /// The fastest bound for boards of side `width`: the pattern databases for the 15-puzzle
    /// (where the time to build them is well spent on any hard board), linear conflicts
    /// otherwise (no databases here for other sizes).
    #[must_use]
    pub fn fastest_for(width: usize) -> Bound {
        if width == 4 { Bound::PatternDatabases } else { Bound::LinearConflict }
    }

    /// Whether the bound is offered for boards of side `width`.
    #[must_use]
    pub fn supports(self, width: usize) -> bool {
        self != Bound::PatternDatabases || width == 4
    }
}

impl FromStr for Bound {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        match name {
            "manhattan" => Ok(Bound::Manhattan),
            "linear-conflict" => Ok(Bound::LinearConflict),
            "pdb" => Ok(Bound::PatternDatabases),
            _ => Err(format!(
                "unknown heuristic {name:?}: the heuristics are {}",
                Self::NAMES.join(", ")
            )),
        }
    }
}

/// Solves `board` optimally with IDA\* and the fastest bound for its size
/// ([`Bound::fastest_for`]); an unsolvable board is reported, not searched.
///
/// ```
/// use puzzle_sliding::{Board, solve};
///
/// let board = Board::new(3, &[1, 2, 0, 3, 4, 5, 6, 7, 8]).unwrap();
/// assert_eq!(solve(&board).to_string(), "LL");
/// let swapped = Board::new(3, &[0, 2, 1, 3, 4, 5, 6, 7, 8]).unwrap();
/// assert_eq!(solve(&swapped).to_string(), "unsolvable");
/// ```
#[must_use]
pub fn solve(board: &Board) -> Answer {
    solve_by(board, Bound::fastest_for(board.width())).0
}

/// Solves `board` with the named bound; the search's figures too (all zero when unsolvable).
///
/// # Panics
///
/// If the bound is not offered for the board's size ([`Bound::supports`]).
#[must_use]
pub fn solve_by(board: &Board, bound: Bound) -> (Answer, SearchStats<u8>) {
    assert!(bound.supports(board.width()), "{bound:?} is not offered for width {}", board.width());
    match bound {
        Bound::Manhattan => solve_with(board, &Manhattan),
        Bound::LinearConflict => solve_with(board, &LinearConflict),
        Bound::PatternDatabases => solve_with(board, DisjointDatabases::fifteen()),
    }
}

/// Solves `board` with IDA\* and the given admissible `heuristic`; the search's figures too (all
/// zero when the board is unsolvable, which is not searched).
#[must_use]
pub fn solve_with<H: Heuristic<Sliding>>(
    board: &Board,
    heuristic: &H,
) -> (Answer, SearchStats<u8>) {
    if !board.is_solvable() {
        return (Answer::Unsolvable, SearchStats::default());
    }
    let report = IdaStar::new(&Sliding::new(board.width()), heuristic).run(board);
    (answer_from(report.outcome), report.stats)
}

/// The answer a finished search of a solvable board found.
///
/// # Panics
///
/// If the search did not solve the board: it cannot happen for a solvable board and a search
/// with no limits.
#[must_use]
pub fn answer_from(outcome: Outcome<Slide, u8>) -> Answer {
    Answer::Solved(outcome.into_solution().expect("a solvable board is solved").moves)
}
