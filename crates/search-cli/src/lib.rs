//! What the puzzle programs share: the options every program has ([`cli`]), the loop that
//! reads the cases, answers them and writes the answers ([`mod@run`]), reading the input as it
//! arrives ([`input`]) and writing the answers ([`output`]), signals ([`signals`]), the progress
//! line on a terminal ([`progress`]) and the `--trace` observer ([`trace`]); and one search
//! spread over a cluster, `PROGRAM cluster ...` ([`cluster`]).
//!
//! A program is a [`Puzzle`]: how to read its cases, solve one, and write its answer. The rest
//! (limits, statistics, progress, error reports and exit statuses) is the same for every puzzle
//! and lives here, once.
//!
//! # Exit statuses
//!
//! | status | meaning |
//! |---|---|
//! | 0 | every case was answered |
//! | 1 | the output could not be written |
//! | 2 | a usage error, or a bad input (every earlier case was answered first) |
//! | 3 | a limit (`--max-nodes`, `--time-limit`) stopped some case; every other case was answered |
//! | 130, 143 | `SIGINT` (Ctrl-C) or `SIGTERM` stopped the run; every answer found before was written |

mod batch;
pub mod cli;
pub mod cluster;
pub mod input;
pub mod output;
pub mod progress;
pub mod run;
pub mod signals;
pub mod trace;

pub use cli::{CommonArgs, ProgressMode};
pub use input::Input;
pub use output::Output;
pub use run::{CostOf, End, Puzzle, Solution, SolutionOf, Work, answer_all, run};
pub use signals::Interrupts;
pub use trace::Trace;

/// The exit status when the output cannot be written.
pub const EXIT_IO: u8 = 1;

/// The exit status for a usage error or a bad input.
pub const EXIT_BAD_INPUT: u8 = 2;

/// The exit status when a limit stopped some case.
pub const EXIT_STOPPED: u8 = 3;
