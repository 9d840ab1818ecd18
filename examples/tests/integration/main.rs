//! The integration tests of `examples`, as one test binary (one build and
//! one link instead of one per file): each module was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod algorithms_cli;
mod cluster;
mod fuzz;
mod iterations_cli;
mod lecture;
mod memory;
mod numbers_cli;
mod rotation_cli;
mod runtime;
mod sliding_cli;
mod sliding_costs_cli;
mod streaming_cli;
mod threads_cli;
mod traces;
mod wall_pusher_cli;
