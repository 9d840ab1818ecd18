//! The Rotation Game (POJ 2286, UVA 1343), solved with the generic IDA\* of [`search_core`].
//!
//! # The puzzle
//!
//! Twenty-four blocks, each marked 1, 2 or 3, lie on a `#`-shaped board of two columns and two
//! rows of seven cells. A move rotates one of those lines by one cell; the eight moves are named
//! `A` to `H` after the end the blocks move towards. The goal is to fill the eight centre cells
//! (where the lines cross, and next to the crossings) with one symbol, in the fewest moves; among
//! the shortest answers, the judge wants the smallest in dictionary order.
//!
//! # How it is solved
//!
//! - [`Board`] keeps one 24-bit mask per symbol, and [`Move`] knows its line and its inverse.
//! - [`Rotation`] implements [`search_core::Problem`]: boards, the eight moves in dictionary order
//!   (the order IDA\* tries them in, which makes its first shortest answer the smallest), the goal.
//! - [`Count`] implements [`search_core::Heuristic`]: 8 minus the count of the most common symbol
//!   in the centre. One move changes the centre by one cell, so the bound never overestimates.
//! - [`Exact`] implements [`search_core::Heuristic`] with a pattern database
//!   ([`search_core::pattern_database::PatternDatabase`]): for each symbol, the fewest moves that
//!   bring its 8 blocks into the centre, looked up by where they are; the least over the symbols
//!   is the exact answer length of a standard board. [`solve`] uses it, built once per process.
//! - [`cases`] parses the judge's input one case at a time, [`solve`] answers a case and
//!   [`Answer`] prints the answer in the judge's format.
//!
//! # One way to solve, and the builders for the rest
//!
//! [`solve`] is this crate's one way to answer a board: IDA\* with [`Exact`] on this thread,
//! which gives the judge's answer. Everything else about a search, the heuristic, the driver
//! (IDA\*, Budgeted Tree Search, breadth-first, A\*...), the threads, the limits and an observer,
//! is search-core's to choose, with its builders on the [`Rotation`] problem;
//! [`Answer::from_outcome`] then turns the driver's outcome into the answer. Choosing a heuristic
//! or a driver *by name*, as a command line does, is the programs' business, not this crate's
//! (the `rotation` program of the repository's `examples` does it).
//!
//! ```
//! use puzzle_rotation::{cases, Answer, Count, Rotation};
//! use search_core::{AStar, Limits};
//!
//! let board = cases("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3").next().unwrap().unwrap();
//! let report = AStar::new(&Rotation, &Count).limits(Limits::default()).run(&board);
//! let answer = Answer::from_outcome(&board, report.outcome).expect("no limit was set");
//! assert_eq!(answer.moves.len(), 2); // the fewest moves; A* breaks ties its own way
//! assert!(report.stats.peak_held > 0); // the states A* held
//! ```
//!
//! # Example
//!
//! ```
//! use puzzle_rotation::{cases, solve};
//!
//! let input = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3
//!              1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3
//!              0";
//! let mut output = String::new();
//! for case in cases(input) {
//!     let board = case.expect("the sample is well formed");
//!     output += &solve(&board).to_string();
//! }
//! assert_eq!(output, "AC\n2\nDDHH\n2\n");
//! ```
//!
//! # Boards that are not eight of each symbol
//!
//! The judge's boards hold eight blocks of each symbol. This crate accepts **any** 24 symbols
//! from 1, 2 and 3, and the goal stays the same: all eight centre cells alike. Every such board is
//! solvable, so the solver always answers:
//!
//! - 24 blocks and 3 symbols: some symbol has at least 8 blocks (were each to have 7 or fewer,
//!   there would be at most 21 blocks).
//! - Pick any 8 of that symbol's blocks. Where 8 marked blocks lie is one of C(24, 8) = 735,471
//!   arrangements, and every one of them can be moved into the centre: a breadth-first search
//!   from the centre reaches them all (the test `every_arrangement_of_eight_reaches_the_centre`
//!   checks it). Moving the 8 chosen blocks into the centre solves the board.
//!
//! A symbol with fewer than 8 blocks can never fill the centre, and the answer may end with any
//! symbol that has 8 or more; the [`Count`] heuristic stays admissible whatever the mix, since its
//! argument (one cell in, one cell out per move) does not depend on it. The [`Exact`] heuristic skips
//! symbols with fewer than 8 blocks and uses the count term for a symbol with more than 8 (its
//! database is for exactly 8 blocks), so it stays admissible too.

mod board;
mod eight_blocks;
mod exact;
mod heuristic;
mod lines;
mod parse;
mod problem;
mod solve;

pub use board::{Board, CELLS, CENTRE, Move, SYMBOLS};
pub use exact::Exact;
pub use heuristic::Count;
pub use parse::{Cases, Grammar, ParseError, cases, cases_from, cases_from_bytes};
pub use problem::Rotation;
pub use solve::{Answer, solve};

/// This crate's README, its example compiled and run as a doctest so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
