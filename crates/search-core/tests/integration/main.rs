//! The integration tests of `search-core`, as one test binary (one build and
//! one link instead of one per file): each module was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod breadth_first;
mod budgeted;
mod cross_check;
mod ida_star;
mod iddfs;
mod limits;
mod move_pruning;
mod overflow;
mod parallel;
mod pattern_database;
mod pattern_heuristic;
mod textbook;
mod undo_by_copy;
mod uniform_cost;
mod weighted_database;
