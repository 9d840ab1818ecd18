//! The pancake problem of the tutorial `docs/adding-a-puzzle.md` as a complete program: a stack
//! per line, top first, the sizes `0..n` in some order; for each, the fewest flips that sort it
//! (the first such answer in flip order), written as the numbers of pancakes flipped.
//!
//! ```text
//! $ printf '3 5 1 0 4 2\n0 1 2\n' | pancakes
//! 2 6 4 3 5 4
//!
//! ```
//!
//! Everything else comes from search-cli: `--threads`, `--algorithm`, `--max-nodes`,
//! `--time-limit`, `--stats`, `--trace`, `--trace-json`, the progress line, answers streamed in the
//! input's order, a bad case reported as `error: case N: ...` with status 2, and a clean Ctrl-C;
//! and from search-cluster, `pancakes cluster ...`: one search spread over a cluster. Run it from the repository's root with
//! `cargo run --manifest-path tests/outside-program/Cargo.toml -- FILE`.

use std::process::ExitCode;

mod pancakes;

use pancakes::Program;

/// The program, with `pancakes cluster ...` besides (search-cluster).
fn main() -> ExitCode {
    search_cluster::main::<Program>()
}
