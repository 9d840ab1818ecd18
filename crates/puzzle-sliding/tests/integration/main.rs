//! The integration tests of `puzzle-sliding`, as one test binary (one build and
//! one link instead of one per file): each module was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod fuzz;
mod heuristics;
mod korf;
mod parallel;
mod parse_errors;
mod rectangular;
mod solvability;
mod twenty_four;
mod weighted;
