//! The Rotation Game (POJ 2286, UVA 1343): reads the judge's input and writes the judge's output.
//!
//! ```text
//! rotation [OPTIONS] [FILE]
//! ```
//!
//! `rotation --help` lists the options. The answers go to standard output exactly as the judge
//! expects them, unless `--pretty` adds drawings of the board (for humans, not the judge). A bad
//! case is reported on standard error with the exit status 2, after every earlier case has been
//! answered.

use std::process::ExitCode;

fn main() -> ExitCode {
    ida_examples::puzzles::rotation::main()
}
