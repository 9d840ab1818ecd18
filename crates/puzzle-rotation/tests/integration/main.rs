//! The integration tests of `puzzle-rotation`, as one test binary (one build and
//! one link instead of one per file): each module was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod against_breadth_first;
mod exact_bound;
mod fuzz;
mod judge_data;
mod parallel;
mod parse_errors;
mod solvability;
