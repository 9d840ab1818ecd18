//! The example programs ([`puzzles`]): each binds a puzzle crate to the programs' library,
//! search-cli, which holds everything they share (re-exported here). The programs themselves are
//! the package's binaries; run one from the workspace root with
//!
//! ```text
//! cargo run --release --bin rotation -- examples/data/rotation-sample.in
//! ```

pub mod puzzles;

pub use search_cli::*;

/// The repository's README: its Rust example is compiled and run as a doctest, so it cannot drift
/// from the API. It is tested here, in a crate that is never published, because a published
/// crate may include only its own files.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

/// The tutorial `docs/adding-a-puzzle.md`, every step compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../docs/adding-a-puzzle.md")]
struct AddingAPuzzleDoctests;
