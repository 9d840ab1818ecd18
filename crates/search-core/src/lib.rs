#![doc = include_str!("../README.md")]
//!
//! ## Reading the code
//!
//! The modules form layers, and read best bottom up:
//!
//! 1. the vocabulary: `problem.rs` ([`Problem`]), `heuristic.rs` ([`Heuristic`]), `outcome.rs`
//!    ([`Outcome`], [`Report`]), `stats.rs`, `limits.rs`, `observer.rs`, `progress.rs`;
//! 2. [`textbook`]: every driver's algorithm in its plainest form over those traits, as a
//!    lecture shows it, a file each (IDA\* in about sixty lines);
//! 3. `engine/`: the same search made fast (`engine/iteration.rs`), and the bookkeeping every
//!    iterative driver does around an iteration (`engine/mod.rs`);
//! 4. the drivers on the engine: `ida_star.rs` ([`IdaStar`]) and its sibling `budgeted.rs`
//!    ([`BudgetedSearch`]); [`work_units`], IDA\*'s iterations cut into pieces, and the parallel
//!    driver on them;
//! 5. beside them, the searches that remember every state (`breadth_first.rs`,
//!    `uniform_cost.rs`, `astar.rs`, on `search_tree.rs`) and the heuristics built from tables
//!    ([`ranking`], [`pattern_database`]).
//!
//! ## Pattern databases
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
//! ## Features
//!
//! - `parallel` (on by default): [`ParallelIdaStar`] and the pattern databases' builds on several
//!   threads ([`Builder::threads`](pattern_database::Builder::threads)), on the [rayon] thread pool. With
//!   `default-features = false` the crate is single-threaded and has no dependency on rayon; the
//!   work units remain.
//!
//! [rayon]: https://docs.rs/rayon
//!
//! ## Dependencies in the API
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

// The layers, bottom up: the vocabulary (a problem, its heuristics, what a search reports and
// what limits it); the bounded depth-first engine; the drivers on it; and beside them the
// complete searches and the pattern databases.
mod heuristic;
mod limits;
mod observer;
mod outcome;
mod prefetch;
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
mod best_first;
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
pub use prefetch::prefetch;
pub use problem::{Cost, MoveVec, Problem};
pub use progress::Progress;
pub use smallvec;
pub use stats::{IterationStats, SearchStats};
pub use stop_reason::StopReason;
pub use uniform_cost::{UniformCost, uniform_cost};
#[cfg(feature = "parallel")]
pub use work_units::ParallelIdaStar;
