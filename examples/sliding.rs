//! The sliding-tile puzzles (8-, 15-, 24-puzzle): reads boards, one per line, and writes the
//! blank's moves of an optimal solution for each.
//!
//! ```text
//! sliding [OPTIONS] [FILE]
//! ```
//!
//! `sliding --help` lists the options. An unsolvable board is answered `unsolvable`: it is a
//! fact about the board, not a fault of the input, so it is an answer line and not an error. A
//! bad line is reported on standard error with the exit status 2, after every earlier board has
//! been answered.

use std::process::ExitCode;

fn main() -> ExitCode {
    ida_examples::puzzles::sliding::main()
}
