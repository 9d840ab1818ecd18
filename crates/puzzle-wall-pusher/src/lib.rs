//! The Wall Pushers (UVA 10384), solved with the generic IDA\* of [`search_core`], and proved
//! unsolvable, when it is, by a compact complete search.
//!
//! # The puzzle
//!
//! A maze of 4 rows by 6 columns of cells, walled all round but for a few gaps, the exits. The
//! player moves west, north, east or south: into the next cell when no wall is in the way; out of
//! the maze through an exit (the last move); or, when a wall inside the maze is in the way and no
//! second wall stands behind it, pushing that wall one cell on and stepping after it. A wall
//! pushed onto the border closes the exit there. The goal is to leave in the fewest moves.
//!
//! # How it is solved
//!
//! - [`Maze`] is the whole state in one `u64`: 58 wall slots, the player's cell in 5 bits, and a
//!   bit for "has left" (see the [`maze`] module for the layout). A wall between two cells is one
//!   slot, so the two sides of a wall can never disagree inside the solver.
//! - [`Step`] is a move: a [`Step::Walk`], whose inverse is the walk back; a [`Step::Push`],
//!   which has none (walking back does not pull the wall); or the final [`Step::Leave`].
//! - [`WallPusher`] implements [`search_core::Problem`]. Moves are tried in the order **W, N, E,
//!   S** (the order of the mask bits), so among the shortest answers IDA\* returns the first in
//!   that order, letter by letter. The judge accepts any shortest answer; this one is
//!   deterministic.
//! - [`ExitDistance`] implements [`search_core::Heuristic`]: the grid distance to the nearest
//!   cell with an open exit, plus one for the leaving move, or a dead end when no exit is open.
//! - [`Reachability`] is the complete search that proves "no way out": breadth-first over
//!   regions of cells the player can walk between, keyed by one `u64` each, in a hash set of its
//!   own.
//! - [`solve`] lets the two searches take turns with growing budgets (see [`solve_by`] and the
//!   [`FIRST_PROOF_BUDGET`]); [`cases`] parses the judge's input one case at a time and
//!   [`Answer`] prints an answer in the judge's format.
//!
//! # One way to solve, and the builders for the rest
//!
//! [`solve`] is this crate's one way to answer a maze: IDA\* with [`ExitDistance`] on this
//! thread, taking turns with the complete search. Everything else about the search for a way out,
//! the driver (IDA\*, Budgeted Tree Search, breadth-first, A\*...), the threads, an observer, is
//! search-core's to choose, with its builders on the [`WallPusher`] problem: [`solve_by`] runs the
//! same turns with the caller's search, whose limits it sets per turn. Choosing a heuristic or a
//! driver *by name*, as a command line does, is the programs' business, not this crate's (the
//! `wall-pusher` program of the repository's `examples` does it).
//!
//! # Example
//!
//! ```
//! use puzzle_wall_pusher::{cases, solve};
//!
//! let input = "2 3
//!              10 2 10 10 2 6
//!              3 12 11 14 9 4
//!              13 15 3 6 15 13
//!              14 11 12 9 14 11
//!              0 0";
//! let mut output = String::new();
//! for case in cases(input) {
//!     let maze = case.expect("the sample is well formed");
//!     output += &solve(&maze).to_string();
//! }
//! assert_eq!(output, "NESESEENNWNWWWWW\n");
//! ```
//!
//! # Input whose walls disagree
//!
//! The judge's format gives every wall between two cells twice, once in each cell's mask. The
//! parser rejects a case where the two disagree, with [`ParseError::WallsDisagree`] naming the
//! cell that has the wall and the side it is on: the rules say nothing about which mask to
//! believe. [`Maze::from_masks`], for callers that build mazes themselves, takes the union.

mod heuristic;
pub mod maze;
mod parse;
mod problem;
mod proof;
mod solve;

pub use heuristic::ExitDistance;
pub use maze::{CELLS, COLUMNS, Dir, Maze, ROWS, Step, disagreement};
pub use parse::{Cases, Grammar, ParseError, cases, cases_from, cases_from_bytes};
pub use problem::{Steps, WallPusher};
pub use proof::{Proof, Reachability, prove};
pub use solve::{
    Answer, CaseReport, FIRST_PROOF_BUDGET, FIRST_SEARCH_BUDGET, LAST_SEARCH_BUDGET,
    PROOF_CHECK_INTERVAL, solve, solve_by,
};

/// This crate's README, its example compiled and run as a doctest so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
