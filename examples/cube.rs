//! Rubik's Cube, optimally: reads cubes, one per line (a scramble such as `R U R' U'`, or the 54
//! stickers), and writes the turns of an optimal solution for each, or `Already solved`.
//!
//! ```text
//! cube [OPTIONS] [FILE]
//! ```
//!
//! `cube --help` lists the options; `--pocket` solves 2x2x2 pocket cubes. An impossible cube is
//! reported on standard error with the exit status 2, after every earlier cube has been answered.

use std::process::ExitCode;

fn main() -> ExitCode {
    ida_examples::puzzles::cube::main()
}
