//! The sliding-tile puzzles (the 8-, 15- and 24-puzzle), solved optimally with the generic IDA\*
//! of [`search_core`]; Korf's 100 random 15-puzzle instances are the framework's speed test.
//!
//! # The puzzle
//!
//! A `k` x `k` board holds tiles `1..k²` and a blank, `0`. A move slides a tile next to the blank
//! into it; it is named by the direction the **blank** moves: `U`, `L`, `R`, `D`. The goal is
//! `0 1 2 ... k²-1` row by row, blank top-left (Korf 1985). Half of the boards cannot reach it
//! ([`Board::is_solvable`]); those are reported, never searched.
//!
//! Boards may also be rectangular, `width` x `height` ([`Board::rectangular`],
//! [`Sliding::rectangular`]; at least 2 x 2, at most 25 cells), with the same goal and moves; in
//! the input, a line starting with its shape, `2x3: 1 0 2 3 4 5` ([`cases`]). They are searched
//! with the [`Manhattan`] distance.
//!
//! # How it is solved
//!
//! - [`Board`] keeps the cells in a fixed array padded to 32 (indices masked with 31 need no
//!   bounds check) and the blank's cell; [`Slide`] is a blank move, its cells before and after.
//! - [`Sliding`] implements [`search_core::Problem`]: the moves from each cell, in Korf's order
//!   up, left, right, down, are a table built once and lent as slices; a move's inverse swaps its
//!   cells; the goal test compares the cells with the goal's.
//! - Four admissible heuristics implement [`search_core::Heuristic`]:
//!   - [`Manhattan`], priced per child from the parent with one tile's delta, which reproduces
//!     Korf's node counts exactly and is the speed test;
//!   - [`LinearConflict`], the Manhattan distance plus two moves per tile that must leave its
//!     goal row or column, recounted per child on the two lines a move changes;
//!   - [`DisjointDatabases`]: additive disjoint pattern databases (6-6-3 for the 15-puzzle,
//!     [`FIFTEEN_6_6_3`]) built at run time by search-core's breadth-first search
//!     ([`search_core::pattern_database::Builder::per_block`], over where a pattern's tiles are
//!     and which region the blank is in), looked up on the board and on its reflection, the larger
//!     sum taken; optionally kept in a file between runs ([`cache`]);
//!   - [`SymmetricDatabases`]: the same for the 24-puzzle, Korf and Felner's 6-6-6-6
//!     ([`TWENTY_FOUR_6_6_6_6`]), where two tables serve all eight look-ups through the board's
//!     turns and its reflection; searched fast as
//!     [`Tracked`] boards, which keep their look-ups' indices move by move ([`TrackedBound`]).
//!     The same node counts as an independent C program's, to the node; building takes
//!     minutes, so [`SymmetricDatabases::cached`] keeps them in a file.
//! - [`cases`] parses the input, one board per line; [`solve`] answers a board and [`Answer`]
//!   prints the moves as letters, or `unsolvable`.
//!
//! # One way to solve, and the builders for the rest
//!
//! [`solve`] is this crate's one way to answer a board: IDA\* on this thread with the fastest
//! heuristic for the board's size that needs no long build. Everything else about a search, the
//! heuristic, the driver (IDA\*, Budgeted Tree Search, breadth-first, A\*...), the threads, the
//! limits and an observer, is search-core's to choose, with its builders on the [`Sliding`]
//! problem (or [`Tracked`] for the 24-puzzle's databases at full speed, watched through
//! [`OnBoards`]); [`Answer::from_outcome`] then turns the driver's outcome into the answer.
//! Choosing a heuristic or a driver *by name*, as a command line does, is the programs' business,
//! not this crate's (the `sliding` program of the repository's `examples` does it).
//!
//! # Weighted tiles
//!
//! Where sliding a tile costs what a [`CostModel`] says (its number `t`, `t²`, `t³`, or a table),
//! [`WeightedSliding`] is the puzzle, with `u32` costs, and [`WeightedManhattan`] its bound (each
//! tile's distance times its cost), priced per child as [`Manhattan`] is; the other heuristics
//! count moves, not costs, and are not admissible there. The unit-cost [`Sliding`] is untouched
//! by it. With diverse costs IDA\* runs an iteration per distinct cost;
//! [`search_core::BudgetedSearch`] returns the same answers without that blow-up.
//!
//! ```
//! use puzzle_sliding::{Answer, Board, CostModel, WeightedManhattan, WeightedSliding};
//! use search_core::BudgetedSearch;
//!
//! let board = Board::new(3, &[1, 2, 0, 3, 4, 5, 6, 7, 8]).unwrap();
//! let costs: CostModel = "tile-squared".parse().unwrap();
//! let puzzle = WeightedSliding::for_board(&board, &costs).unwrap();
//! // A depth-first driver never ends on an unsolvable board: ask first.
//! assert!(board.is_solvable());
//! let report = BudgetedSearch::new(&puzzle, &WeightedManhattan).run(&board).into_report();
//! assert_eq!(report.outcome.solution().map(|solution| solution.cost), Some(4 + 1));
//! let answer = Answer::from_outcome(report.outcome).unwrap();
//! assert_eq!(answer.to_string(), "LL"); // tiles 2 then 1 slide right
//! ```
//!
//! # Example
//!
//! ```
//! use puzzle_sliding::{cases, solve, Board, Manhattan, Sliding};
//! use search_core::ida_star;
//!
//! let input = "# the 8-puzzle, then one that cannot be solved\n\
//!              3 1 2 0 4 5 6 7 8\n\
//!              1 0 2 3 4 5 6 7 8 \n\
//!              0 2 1 3 4 5 6 7 8\n";
//! let answers: Vec<String> =
//!     cases(input).map(|board| solve(&board.unwrap()).to_string()).collect();
//! assert_eq!(answers, ["U", "L", "unsolvable"]);
//!
//! // Or drive search-core directly.
//! let puzzle = Sliding::new(4);
//! let board = Board::new(4, &[4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]).unwrap();
//! let report = ida_star(&puzzle, &Manhattan, &board);
//! assert_eq!(report.outcome.solution().unwrap().cost, 1);
//! assert_eq!(report.stats.generated, 2); // the start, then U: the goal, found on generation
//! ```

mod board;
mod costs;
mod databases;
mod manhattan;
mod parse;
mod problem;
mod solve;

pub use board::{Board, MAX_CELLS, Slide};
pub use costs::model::{CostError, CostModel, UnknownCosts};
pub use costs::weighted::{WeightedManhattan, WeightedSliding};
pub use databases::cache::{self, CacheError};
pub use databases::disjoint::DisjointDatabases;
pub use databases::pattern::{FIFTEEN_6_6_3, Pattern};
pub use databases::symmetric::{MAX_REGIONS, SymmetricDatabases, TWENTY_FOUR_6_6_6_6};
pub use databases::tracked::{OnBoards, TRACKED_SLOTS, Tracked, TrackedBoard, TrackedBound};
pub use manhattan::{LinearConflict, Manhattan};
pub use parse::{
    Cases, Decoded, EXCERPT_CHARS, Grammar, LineEnds, LinePiece, ParseError, Token, cases,
    cases_from, cases_from_bytes, cases_from_text,
};
pub use problem::Sliding;
pub use solve::{Answer, solve};

/// This crate's README, its example compiled and run as a doctest so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
