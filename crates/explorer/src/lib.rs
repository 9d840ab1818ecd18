//! The explorer: watch IDA\* think.
//!
//! A local web server ([`server`]) serves a page, embedded in the binary, that steps through a
//! real run of one of search-core's drivers on one of the framework's puzzles: the search tree of
//! each iteration, the path that is IDA\*'s whole memory, the bound and the least `f` cut off, the
//! textbook code with the line the run is at. The run is recorded by an
//! [`Observer`](search_core::Observer) ([`recorder`]) as a trace in the format of
//! `docs/trace-format.md` ([`trace`]), which the page reads; `explore --export` writes a static
//! page with the run inside ([`export`]).
//!
//! The explorer knows no puzzle and no driver: it hosts programs' puzzles (search-cli's
//! [`Puzzle`](search_cli::Puzzle), whose methods with defaults give the page its drawings,
//! presets and random instances) in a [`Registry`], and runs search-cli's drivers. A program's
//! puzzle is on the page with one line, [`main`]:
//!
//! ```no_run
//! fn main() -> std::process::ExitCode {
//!     explorer::main(explorer::Registry::builtin() /* .with(YourProgram) */)
//! }
//! ```

pub mod assets;
pub mod cli;
pub mod export;
pub mod graph;
pub mod guard;
pub mod hosted;
pub mod registry;
pub mod run;
pub mod server;
mod stream;
pub mod textbook;

/// The trace format's writer, from the programs' library (search-cli).
pub use search_cli::trace_json as trace;
/// The recorders, from the programs' library (search-cli), which writes the same format.
pub use search_cli::trace_json::recorder;

pub use cli::main;
pub use hosted::{Entry, Hosted, Prepared, RandomInstance, RunError};
pub use registry::Registry;
pub use run::{Options, RunSummary};
pub use search_cli::Algorithm;
pub use search_cli::explore::{Preset, Sizes};

/// This crate's README, its example compiled as a doctest so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
