//! The integration tests of `puzzle-wall-pusher`, as one test binary (one build and
//! one link instead of one per file): each module was a test file of its own.

#[path = "../checker/mod.rs"]
mod checker;
#[path = "../common/mod.rs"]
mod common;

mod against_breadth_first;
mod fuzz;
mod judge_data;
mod parallel;
mod parse_errors;
