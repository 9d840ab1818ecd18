//! The algorithms as a textbook writes them, one file each, over the same [`Problem`] and
//! [`Heuristic`] traits as the fast drivers.
//!
//! Read these first. Each does exactly what its driver does, node for node: it expands the same
//! nodes in the same order, generates the same children in the same order, and returns the same
//! answer, and a test checks it (`tests/integration/textbook.rs`, on sliding puzzles, pancakes,
//! weighted tiles and grids). What the drivers add is speed and control: limits, an observer,
//! statistics, work units and threads, checked arithmetic on every path, and for the depth-first
//! ones the search in place without a path vector, recursion near the root and an explicit stack
//! below, children priced before their move is made.
//!
//! | file | function | the driver it explains |
//! |---|---|---|
//! | `ida_star.rs` | [`ida_star`] | [`IdaStar`](crate::IdaStar) |
//! | `iddfs.rs` | [`iddfs`] | [`iddfs`](crate::iddfs) |
//! | `budgeted.rs` | [`budgeted_search`] | [`BudgetedSearch`](crate::BudgetedSearch) |
//! | `breadth_first.rs` | [`breadth_first`] | [`BreadthFirst`](crate::BreadthFirst) |
//! | `uniform_cost.rs` | [`uniform_cost`] | [`UniformCost`](crate::UniformCost) |
//! | `astar.rs` | [`astar`] | [`AStar`](crate::AStar) |
//!
//! The three best-first searches keep every state they reach in the same small structure,
//! `reached.rs`.
//!
//! These very files are what the explorer's page shows beside a run ([`source`] holds their text).
//! A comment `// mark: KIND` names the line below it as the one the run is at when an event of
//! that kind happens (`docs/trace-format.md`, "`code`"); the page shows the file without those
//! comments and without this header.
//!
//! ```
//! # use search_core::{Blind, MoveVec, Problem};
//! # #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! # enum Step { AddOne, Double }
//! # impl Problem for Doubling {
//! #     type State = u32;
//! #     type Move = Step;
//! #     type Cost = u8;
//! #     type Moves<'a> = MoveVec<Step>;
//! #     fn moves(&self, n: &u32) -> MoveVec<Step> {
//! #         let mut moves = MoveVec::new();
//! #         if *n < self.target { moves.push(Step::AddOne) }
//! #         if *n > 0 && *n * 2 <= self.target { moves.push(Step::Double) }
//! #         moves
//! #     }
//! #     fn apply(&self, n: &mut u32, s: Step) { match s { Step::AddOne => *n += 1, Step::Double => *n *= 2 } }
//! #     fn undo(&self, n: &mut u32, s: Step) { match s { Step::AddOne => *n -= 1, Step::Double => *n /= 2 } }
//! #     fn inverse(&self, _: Step) -> Option<Step> { None }
//! #     fn is_goal(&self, n: &u32) -> bool { *n == self.target }
//! # }
//! use search_core::{astar, breadth_first, budgeted_search, ida_star, iddfs, textbook};
//! use search_core::uniform_cost;
//!
//! /// Counting from 1 to `target` by adding one or doubling.
//! struct Doubling { target: u32 }
//!
//! // Every search answers 1 -> 2 -> 4 -> 5 -> 10, each as its driver does.
//! let (problem, start) = (Doubling { target: 10 }, 1);
//! let plain = textbook::ida_star(&problem, &Blind, &start);
//! let moves = [Step::AddOne, Step::Double, Step::AddOne, Step::Double];
//! assert_eq!(plain.solution().unwrap().moves, moves);
//! assert_eq!(plain, ida_star(&problem, &Blind, &start).outcome);
//! assert_eq!(textbook::iddfs(&problem, &start), iddfs(&problem, &start).outcome);
//! assert_eq!(
//!     textbook::budgeted_search(&problem, &Blind, &start),
//!     budgeted_search(&problem, &Blind, &start).outcome
//! );
//! assert_eq!(textbook::breadth_first(&problem, &start), breadth_first(&problem, &start).outcome);
//! assert_eq!(textbook::uniform_cost(&problem, &start), uniform_cost(&problem, &start).outcome);
//! assert_eq!(textbook::astar(&problem, &Blind, &start), astar(&problem, &Blind, &start).outcome);
//! ```

mod astar;
mod breadth_first;
mod budgeted;
mod ida_star;
mod iddfs;
mod reached;
mod uniform_cost;

pub use astar::astar;
pub use breadth_first::breadth_first;
pub use budgeted::budgeted_search;
pub use ida_star::ida_star;
pub use iddfs::iddfs;
pub use uniform_cost::uniform_cost;

#[cfg(doc)]
use crate::{heuristic::Heuristic, problem::Problem};

/// Each textbook file's text, as compiled: what a page shows beside a run of its driver.
pub mod source {
    /// `ida_star.rs`: IDA\*.
    pub const IDA_STAR: &str = include_str!("ida_star.rs");
    /// `iddfs.rs`: iterative deepening.
    pub const IDDFS: &str = include_str!("iddfs.rs");
    /// `budgeted.rs`: Budgeted Tree Search.
    pub const BUDGETED: &str = include_str!("budgeted.rs");
    /// `breadth_first.rs`: breadth-first search.
    pub const BREADTH_FIRST: &str = include_str!("breadth_first.rs");
    /// `uniform_cost.rs`: uniform-cost search.
    pub const UNIFORM_COST: &str = include_str!("uniform_cost.rs");
    /// `astar.rs`: A\*.
    pub const ASTAR: &str = include_str!("astar.rs");
    /// `reached.rs`: the states the best-first searches reach, with the way to each.
    pub const REACHED: &str = include_str!("reached.rs");
}
