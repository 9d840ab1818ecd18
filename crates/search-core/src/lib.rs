//! A generic IDA\* framework: the traits a puzzle implements, and the drivers that search it.
//!
//! A puzzle implements [`Problem`]: its states, its moves in a fixed order, applying and undoing a
//! move in place, the inverse of a move, the goal test and the cost of a move. Separately, it
//! offers one or more admissible bounds as [`Heuristic`]s, and the caller picks one. The drivers
//! then search it:
//!
//! | driver | finds | proves "no solution" | memory |
//! |---|---|---|---|
//! | [`IdaStar`] / [`ida_star`] | the first optimal solution in move order | only on finite trees | linear in depth |
//! | [`ParallelIdaStar`] ([`IdaStar::threads`]) | the same, on several threads | only on finite trees | linear in depth, per thread |
//! | [`BudgetedSearch`] / [`budgeted_search`] | the same, without IDA\*'s blow-up on diverse costs | only on finite trees | linear in depth |
//! | [`iddfs`] | the same, without a heuristic | only on finite trees | linear in depth |
//! | [`BreadthFirst`] / [`breadth_first`] | the first solution of fewest moves | yes, on finite state spaces | every state |
//! | [`UniformCost`] / [`uniform_cost`] | a cheapest solution | yes, on finite state spaces | every state |
//!
//! Each returns a [`Report`]: an [`Outcome`] (solved, no solution, or stopped by one of the
//! [`Limits`]) and [`SearchStats`] with the work done per iteration. An [`Observer`] can watch the
//! search node by node, at no cost when there is none, and a [`Progress`] shows another thread
//! how far the search has got.
//!
//! IDA\*'s iterations can also be cut into work units, searched anywhere and put back together
//! ([`work_units`]): that is how [`ParallelIdaStar`] spreads them over threads, and how a cluster
//! could spread them over machines (`docs/scaling.md`).
//!
//! # Reading the code
//!
//! The modules form layers, and read best bottom up:
//!
//! 1. the vocabulary: `problem.rs` ([`Problem`]), `heuristic.rs` ([`Heuristic`]), `outcome.rs`
//!    ([`Outcome`], [`Report`]), `stats.rs`, `limits.rs`, `observer.rs`, `progress.rs`;
//! 2. [`textbook`]: IDA\* in about sixty lines over those traits, the algorithm as a lecture
//!    shows it;
//! 3. `engine/`: the same search made fast (`engine/iteration.rs`), and the bookkeeping every
//!    iterative driver does around an iteration (`engine/mod.rs`);
//! 4. the drivers on the engine: `ida_star.rs` ([`IdaStar`]) and its sibling `budgeted.rs`
//!    ([`BudgetedSearch`]); [`work_units`], IDA\*'s iterations cut into pieces, and the parallel
//!    driver on them;
//! 5. beside them, the searches that remember every state (`breadth_first.rs`,
//!    `uniform_cost.rs`, on `search_tree.rs`) and the heuristics built from tables
//!    ([`ranking`], [`pattern_database`]).
//!
//! # Pattern databases
//!
//! A heuristic can be a table of exact distances in an abstraction of the puzzle (Culberson and
//! Schaeffer, 1998), built from parts the crate provides:
//!
//! - a [`ranking`] numbers the abstract states `0..count`: [`SubsetRanking`] (which `k` of `n`
//!   cells, the pieces identical), [`PartialPermutationRanking`] (where `k` distinct pieces are),
//!   [`PermutationRanking`] (an arrangement of all the pieces), [`MixedRadixRanking`] (digit
//!   vectors, such as twists);
//! - the puzzle describes the abstraction's moves backwards, as an [`Abstraction`] (every move
//!   costs 1) or a [`WeightedAbstraction`] (small integer costs, 0 for moves an additive
//!   database does not count);
//! - a [`PatternDatabase`] is built by a backward search, breadth-first or by cost, on one
//!   thread or several, with one [`Builder`] ([`PatternDatabase::builder`]);
//! - a [`PatternHeuristic`] reads it with the abstraction function that ranks a state, and
//!   [`Max`] or, for disjoint costs, [`Additive`] combine several.
//!
//! [`SubsetRanking`]: ranking::SubsetRanking
//! [`PartialPermutationRanking`]: ranking::PartialPermutationRanking
//! [`PermutationRanking`]: ranking::PermutationRanking
//! [`MixedRadixRanking`]: ranking::MixedRadixRanking
//! [`Abstraction`]: pattern_database::Abstraction
//! [`WeightedAbstraction`]: pattern_database::WeightedAbstraction
//! [`PatternDatabase`]: pattern_database::PatternDatabase
//! [`PatternDatabase::builder`]: pattern_database::PatternDatabase::builder
//! [`Builder`]: pattern_database::Builder
//! [`PatternHeuristic`]: pattern_database::PatternHeuristic
//!
//! The tutorial `docs/adding-a-puzzle.md` builds one for the pancake problem, step by step.
//!
//! # Features
//!
//! - `parallel` (on by default): [`ParallelIdaStar`] and the pattern databases' builds on several
//!   threads ([`Builder::threads`](pattern_database::Builder::threads)), on the [rayon] thread pool. With
//!   `default-features = false` the crate is single-threaded and has no dependency on rayon; the
//!   work units remain.
//!
//! [rayon]: https://docs.rs/rayon
//!
//! # Dependencies in the API
//!
//! Two dependencies show in the crate's types, and are re-exported so that a puzzle crate uses
//! the very versions search-core was built with, without naming them in its own manifest:
//!
//! - [`num_traits`]: [`Cost`] is every type with its `PrimInt + Unsigned` traits, so code generic
//!   over a problem's cost needs them (`use search_core::num_traits::{One, Zero};`);
//! - [`smallvec`]: [`MoveVec`] is a `smallvec::SmallVec`, kept as it is rather than wrapped, so
//!   that its whole API (the `smallvec!` macro, `extend`, `retain`...) serves to build a list of
//!   moves.
//!
//! Their major versions are therefore part of search-core's API: moving to num-traits 0.3 or to
//! smallvec 2 will be a major release of search-core, never a minor one.
//!
//! ```
//! use search_core::num_traits::{CheckedAdd, Zero};
//! use search_core::Problem;
//!
//! /// The cost of playing `moves` from `start`, or `None` if it does not fit in the cost type.
//! fn path_cost<P: Problem>(problem: &P, start: &P::State, moves: &[P::Move]) -> Option<P::Cost> {
//!     let mut state = start.clone();
//!     moves.iter().try_fold(P::Cost::zero(), |cost, &mv| {
//!         let step = problem.cost(&state, mv);
//!         problem.apply(&mut state, mv);
//!         cost.checked_add(&step)
//!     })
//! }
//! ```
//!
//! # Example
//!
//! The 2 x 2 sliding puzzle: three tiles and a blank (`0`) in cells numbered
//! `0 1 / 2 3`; the blank moves up, left, right or down, in that order; the goal is `0 1 2 3`.
//!
//! ```
//! use search_core::{ida_star, breadth_first, Heuristic, Outcome, Problem};
//!
//! struct TwoByTwo;
//!
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! enum Blank { Up, Left, Right, Down }
//!
//! impl Blank {
//!     /// How far the blank's cell index moves.
//!     fn offset(self) -> isize {
//!         match self { Blank::Up => -2, Blank::Left => -1, Blank::Right => 1, Blank::Down => 2 }
//!     }
//! }
//!
//! impl Problem for TwoByTwo {
//!     type State = [u8; 4];
//!     type Move = Blank;
//!     type Cost = u8;
//!
//!     /// The moves from each cell, listed once: nothing is built per node.
//!     type Moves<'a> = &'static [Blank];
//!
//!     /// Up, left, right, down: the order breaks ties between shortest solutions.
//!     fn moves(&self, cells: &[u8; 4]) -> &'static [Blank] {
//!         const FROM_CELL: [&[Blank]; 4] = [
//!             &[Blank::Right, Blank::Down], &[Blank::Left, Blank::Down],
//!             &[Blank::Up, Blank::Right], &[Blank::Up, Blank::Left],
//!         ];
//!         FROM_CELL[cells.iter().position(|&tile| tile == 0).unwrap()]
//!     }
//!     fn apply(&self, cells: &mut [u8; 4], mv: Blank) {
//!         let blank = cells.iter().position(|&tile| tile == 0).unwrap();
//!         cells.swap(blank, blank.wrapping_add_signed(mv.offset()));
//!     }
//!     fn undo(&self, cells: &mut [u8; 4], mv: Blank) {
//!         self.apply(cells, self.inverse(mv).unwrap());
//!     }
//!     fn inverse(&self, mv: Blank) -> Option<Blank> {
//!         Some(match mv { Blank::Up => Blank::Down, Blank::Left => Blank::Right,
//!                         Blank::Right => Blank::Left, Blank::Down => Blank::Up })
//!     }
//!     fn is_goal(&self, cells: &[u8; 4]) -> bool { *cells == [0, 1, 2, 3] }
//! }
//!
//! /// The number of tiles out of place: each move puts at most one tile in place.
//! struct Misplaced;
//!
//! impl Heuristic<TwoByTwo> for Misplaced {
//!     fn estimate(&self, _: &TwoByTwo, cells: &[u8; 4]) -> u8 {
//!         (1..4).filter(|&cell| cells[cell] != cell as u8).count() as u8
//!     }
//! }
//!
//! let start = [3, 2, 0, 1];
//! let report = ida_star(&TwoByTwo, &Misplaced, &start);
//! let solution = report.outcome.solution().expect("this board is solvable");
//! assert_eq!(solution.moves, [Blank::Up, Blank::Right, Blank::Down, Blank::Left, Blank::Up]);
//! assert_eq!(solution.cost, 5);
//! println!("{} iterations, {} nodes generated", report.stats.iterations.len(), report.stats.generated);
//!
//! // Breadth-first search agrees, down to the tie-break.
//! assert_eq!(breadth_first(&TwoByTwo, &start).outcome.solution(), Some(solution));
//!
//! // Half of the boards cannot be solved; the complete search proves it.
//! assert_eq!(breadth_first(&TwoByTwo, &[0, 2, 1, 3]).outcome, Outcome::NoSolution);
//! ```

// The layers, bottom up: the vocabulary (a problem, its heuristics, what a search reports and
// what limits it); the bounded depth-first engine; the drivers on it; and beside them the
// complete searches and the pattern databases.
mod heuristic;
mod limits;
mod observer;
mod outcome;
mod problem;
mod progress;
mod stats;
mod stop_reason;

mod engine;

mod budgeted;
mod ida_star;
mod iddfs;
pub mod textbook;
pub mod work_units;

mod astar;
mod breadth_first;
mod search_tree;
#[cfg(test)]
mod test_grid;
mod uniform_cost;

pub mod pattern_database;
pub mod ranking;

pub use astar::{AStar, astar};
pub use breadth_first::{BreadthFirst, breadth_first};
pub use budgeted::{BudgetPhase, BudgetedReport, BudgetedSearch, IterationBudget, budgeted_search};
pub use heuristic::{Additive, Blind, Heuristic, Max};
pub use ida_star::{IdaStar, ida_star};
pub use iddfs::iddfs;
pub use limits::Limits;
pub use num_traits;
pub use observer::{NoObserver, Node, Observer, Pruned};
pub use outcome::{Outcome, Report, Solution, Stopped};
pub use problem::{Cost, MoveVec, Problem};
pub use progress::Progress;
pub use smallvec;
pub use stats::{IterationStats, SearchStats};
pub use stop_reason::StopReason;
pub use uniform_cost::{UniformCost, uniform_cost};
#[cfg(feature = "parallel")]
pub use work_units::ParallelIdaStar;

/// This crate's README, its example compiled and run as a doctest so it cannot drift from the API.
/// (The repository's README and tutorial are doctested by the unpublished `ida-examples`: a
/// published crate may include only its own files.)
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
