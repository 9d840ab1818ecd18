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
//! - [`cases`] parses the input, one board per line; [`solve`] answers a board with the default
//!   heuristic, [`solve_with`] with a chosen one, limits and an observer, and [`HeuristicName`]
//!   chooses a heuristic by name; [`Answer`] prints the moves as letters, or `unsolvable`.
//!   [`Algorithm`] chooses the driver by name (`ida`, `bts`): [`Algorithm::solve_with`] and
//!   [`HeuristicName::solve_by`] answer with IDA\* or with Budgeted Tree Search
//!   ([`search_core::BudgetedSearch`]), the same answer either way.
//!
//! # Weighted tiles
//!
//! Where sliding a tile costs what a [`CostModel`] says (its number `t`, `t²`, `t³`, or a table),
//! [`WeightedSliding`] is the puzzle, with `u32` costs, and [`WeightedManhattan`] its bound (each
//! tile's distance times its cost), priced per child as [`Manhattan`] is; the other heuristics
//! count moves, not costs, and are not admissible there. The unit-cost [`Sliding`] is untouched
//! by it. With diverse costs IDA\* runs an iteration per distinct cost;
//! [`search_core::BudgetedSearch`] returns the same answers without that blow-up. A program
//! chooses both by name, [`CostModel`] (`unit`, `tile`, `tile-squared`, `tile-cubed`, or a table
//! of numbers) and [`Algorithm`], then calls [`solve_costed`] (or [`solve_costed_parallel`], IDA\*
//! on several threads), which answers a [`WeightedCaseReport`]: the answer, its cost and the search's
//! figures.
//!
//! ```
//! use puzzle_sliding::{Algorithm, Board, CostModel, solve_costed};
//! use search_core::{Limits, NoObserver};
//!
//! let board = Board::new(3, &[1, 2, 0, 3, 4, 5, 6, 7, 8]).unwrap();
//! let costs: CostModel = "tile-squared".parse().unwrap();
//! let algorithm: Algorithm = "bts".parse().unwrap();
//! let solved = solve_costed(&board, &costs, algorithm, &Limits::default(), NoObserver).unwrap();
//! assert_eq!(solved.answer.unwrap().to_string(), "LL"); // tiles 2 then 1 slide right
//! assert_eq!(solved.cost, Some(4 + 1));
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

mod algorithm;
mod board;
mod costs;
mod databases;
mod manhattan;
mod parse;
mod problem;
mod solve;

pub use algorithm::{Algorithm, UnknownAlgorithm};
pub use board::{Board, MAX_CELLS, Slide};
pub use costs::model::{CostError, CostModel, UnknownCosts};
pub use costs::solve::{WeightedCaseReport, solve_costed, solve_costed_parallel};
pub use costs::weighted::{WeightedManhattan, WeightedSliding};
pub use databases::cache::{self, CacheError};
pub use databases::disjoint::DisjointDatabases;
pub use databases::pattern::{FIFTEEN_6_6_3, Pattern};
pub use databases::symmetric::{MAX_REGIONS, SymmetricDatabases, TWENTY_FOUR_6_6_6_6};
pub use databases::tracked::{Tracked, TrackedBoard, TrackedBound};
pub use manhattan::{LinearConflict, Manhattan};
pub use parse::{
    Cases, Decoded, EXCERPT_CHARS, Grammar, LineEnds, LinePiece, ParseError, Token, cases,
    cases_from, cases_from_bytes, cases_from_text,
};
pub use problem::Sliding;
pub use solve::{
    Answer, CaseReport, HeuristicName, UnknownHeuristic, solve, solve_parallel, solve_with,
};

/// This crate's README, its example compiled and run as a doctest so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
