//! The Wall Pushers (UVA 10384): reads the judge's input and writes the judge's output.
//!
//! ```text
//! wall-pusher [OPTIONS] [FILE]
//! ```
//!
//! `wall-pusher --help` lists the options. The answers go to standard output exactly as the
//! judge expects them, one line per case, unless `--pretty` adds drawings of the maze (for
//! humans, not the judge). A bad case is reported on standard error with the exit status 2,
//! after every earlier case has been answered.

use std::process::ExitCode;

fn main() -> ExitCode {
    ida_examples::puzzles::wall_pusher::main()
}
