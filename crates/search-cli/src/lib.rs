//! The command-line program around a puzzle solved with [search-core](search_core): a user's
//! puzzle becomes a complete program in a few lines.
//!
//! A program is a [`Puzzle`]: how to read a case, how to solve one (search-core does the
//! searching), how to print the answer, and the names of its heuristics. [`main`] is then the
//! whole program, and it comes with what every program of the repository does:
//!
//! - the input read **as it arrives**, from a file or standard input, each case answered as soon
//!   as it is read;
//! - **every core** (`--threads N`): several cases at once, or one long case on search-core's
//!   parallel IDA\*, the answers still written in the input's order;
//! - **limits** (`--max-nodes`, `--time-limit`): a stopped case is answered `not solved` and the
//!   next one is read;
//! - **figures** and **traces** (`--stats`, `--trace`, and `--trace-json FILE` in the JSON Lines
//!   format the explorer reads), a **progress line** on a terminal;
//! - **errors** that name the case (`error: case 3: ...`, exit status 2) after every earlier case
//!   has been answered, and a **clean Ctrl-C** that keeps every answer already found.
//!
//! # Example
//!
//! A number comes down to 1 by halving it (when it is even) or taking 1 away; the program reads
//! numbers, one per line, and prints the fewest steps for each.
//!
//! ```
//! use std::fmt;
//!
//! use search_cli::{BatchOutcome, Input, Puzzle, Search, CaseReportOf, answer_text};
//! use search_core::{Heuristic, MoveVec, Observer, Problem};
//!
//! /// The puzzle, for search-core: a number, and the steps that bring it down.
//! struct Countdown;
//!
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! enum Step { Halve, Minus }
//!
//! impl fmt::Display for Step {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         f.write_str(match self { Step::Halve => "/2", Step::Minus => "-1" })
//!     }
//! }
//!
//! impl Problem for Countdown {
//!     type State = u32;
//!     type Move = Step;
//!     type Cost = u8;
//!     type Moves<'a> = MoveVec<Step>;
//!
//!     fn moves(&self, &n: &u32) -> MoveVec<Step> {
//!         let mut steps = MoveVec::new();
//!         if n % 2 == 0 { steps.push(Step::Halve); }
//!         if n > 1 { steps.push(Step::Minus); }
//!         steps
//!     }
//!     fn apply(&self, n: &mut u32, step: Step) {
//!         match step { Step::Halve => *n /= 2, Step::Minus => *n -= 1 }
//!     }
//!     fn undo(&self, n: &mut u32, step: Step) {
//!         match step { Step::Halve => *n *= 2, Step::Minus => *n += 1 }
//!     }
//!     fn inverse(&self, _: Step) -> Option<Step> { None }
//!     fn is_goal(&self, &n: &u32) -> bool { n == 1 }
//! }
//!
//! /// A step takes at most one binary digit off.
//! struct Digits;
//!
//! impl Heuristic<Countdown> for Digits {
//!     fn estimate(&self, _: &Countdown, &n: &u32) -> u8 { (31 - n.leading_zeros()) as u8 }
//! }
//!
//! /// The answer, as the output writes it.
//! struct Steps(Vec<Step>);
//!
//! impl fmt::Display for Steps {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         let steps: Vec<String> = self.0.iter().map(ToString::to_string).collect();
//!         f.write_str(&steps.join(" "))
//!     }
//! }
//!
//! /// The heuristics by name (`--heuristic digits`).
//! #[derive(Clone, Copy, Debug)]
//! struct Named;
//!
//! impl fmt::Display for Named {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("digits") }
//! }
//!
//! /// The program.
//! #[derive(Default)]
//! struct Program;
//!
//! impl Puzzle for Program {
//!     const PROGRAM: &'static str = "countdown";
//!     type Problem = Countdown;
//!     type Case = u32;
//!     type Answer = Steps;
//!     type Heuristic = Named;
//!     const HEURISTICS: &'static [Named] = &[Named];
//!
//!     type CaseError = String;
//!     fn cases(input: Input<'_>) -> impl Iterator<Item = Result<u32, String>> {
//!         input.lines().enumerate().map(|(index, line)| match line.trim().parse() {
//!             Ok(n) if n > 0 => Ok(n),
//!             _ => Err(format!("case {}: {line:?} is not a number from 1 up", index + 1)),
//!         })
//!     }
//!
//!     fn solve<O: Observer<Countdown>>(
//!         &self,
//!         &n: &u32,
//!         _: Named,
//!         search: Search<'_, Countdown, O>,
//!     ) -> CaseReportOf<Self> {
//!         let report = search.ida_star(&Countdown, &Digits, &n);
//!         CaseReportOf::<Self>::from_report(report, |solution| {
//!             Steps(solution.expect("every number comes down to 1").moves)
//!         })
//!     }
//!
//!     fn length(steps: &Steps) -> Option<usize> {
//!         Some(steps.0.len())
//!     }
//! }
//!
//! // The program's `main` is one line:
//! //     fn main() -> std::process::ExitCode { search_cli::main::<Program>() }
//! // Here, the same program runs in-process on a text, as a test of it would.
//! let (end, output) = answer_text(&Program, &["countdown", "--threads", "2"], "10\n7\n1\n")?;
//! assert!(matches!(end, BatchOutcome::Answered { stopped: false }));
//! assert_eq!(output, "/2 -1 /2 /2\n-1 /2 -1 /2\n\n");
//!
//! // A bad case ends the run (status 2) after the answers before it.
//! let (end, output) = answer_text(&Program, &["countdown"], "10\nten\n")?;
//! assert_eq!(output, "/2 -1 /2 /2\n");
//! let BatchOutcome::BadInput(message) = end else { panic!("{end:?}") };
//! assert_eq!(message, r#"case 2: "ten" is not a number from 1 up"#);
//! # Ok::<(), clap::Error>(())
//! ```
//!
//! The repository's `tests/outside-program` is such a program, the pancake puzzle of its
//! tutorial (`docs/adding-a-puzzle.md`), in a crate of its own.
//!
//! # The trait, and what it leaves out
//!
//! A [`Puzzle`] names its program, its search-core [`Problem`](search_core::Problem), its case,
//! answer and heuristic types, and lists its heuristics; it reads the cases
//! ([`cases`](Puzzle::cases)), solves one ([`solve`](Puzzle::solve)) and counts an answer's moves
//! ([`length`](Puzzle::length)). Everything else has a default: the heuristic for a case (the
//! one chosen, else the first; override [`heuristic`](Puzzle::heuristic) to refuse one, or to
//! build a pattern database as [`Work::long`] work), the answer's output (its `Display` and a
//! line end; override [`write_answer`](Puzzle::write_answer) for another format or drawings),
//! and the `--help` text ([`ABOUT`](Puzzle::ABOUT)).
//!
//! `solve` is handed a [`Search`]: the case's limits, and either the `--trace` observer or the
//! threads the case may use. [`Search::ida_star`] runs search-core's IDA\* accordingly; a puzzle
//! whose answer takes searches of its own (of another problem, or several within limits of their
//! own) takes the case's search apart ([`Search::into_parts`]) and makes each of them with the
//! case's [`Settings`]. [`CaseReport::from_report`] turns search-core's report into the program's
//! solution.
//!
//! # A program with options of its own
//!
//! [`main`] gives a program the common options and `--heuristic`. A program with more (the
//! repository's `rotation --pretty`, `sliding --costs`) derives its own clap parser, flattens
//! [`CommonArgs`] into it, parses `--heuristic` with [`heuristic_parser`], and calls
//! [`run`](fn@run) with its puzzle, which it builds from its options; [`answer_all`] is the same
//! loop over any input and output, for tests. With search-cluster, that parser implements its
//! `ProgramArgs` (one method, which hands either host, the program's run or the cluster, the puzzle
//! the options choose) and the `main` is `search_cluster::program_main::<Args>()`, the cluster
//! included: the repository's four programs are that line.
//!
//! # Where the puzzle-specific code lives
//!
//! In the program's own crate, beside its `main`: this crate knows no puzzle, and a puzzle crate
//! needs no part of it. The repository's programs keep theirs in `examples/src/puzzles`, one
//! module per puzzle crate, and each program's binary calls its module's `main`. The layers:
//! search-core at the bottom; the puzzle crates and this crate above it, side by side; the
//! programs on top.
//!
//! # The parts
//!
//! The options every program has ([`cli`]), the loop that reads the cases, answers them and writes
//! the answers ([`mod@run`]), reading the input as it arrives ([`input`]) and writing the answers
//! ([`output`]), signals ([`signals`]), the progress line on a terminal ([`progress`]) and the
//! `--trace` observer ([`trace`]), the `--trace-json` format and its recorders ([`trace_json`]);
//! and the one face of a puzzle ([`Puzzle`]), which the cluster (the crate search-cluster,
//! `PROGRAM cluster ...`) hosts too.
//!
//! # Exit statuses
//!
//! | status | meaning |
//! |---|---|
//! | 0 | every case was answered |
//! | 1 | the output (or the `--trace-json` file) could not be written |
//! | 2 | a usage error, or a bad input (every earlier case was answered first) |
//! | 3 | a limit (`--max-nodes`, `--time-limit`) stopped some case; every other case was answered |
//! | 130, 143 | `SIGINT` (Ctrl-C) or `SIGTERM` stopped the run; every answer found before was written, unless a second signal (or a write of the output waiting half a second after the first) ended it at once ([`signals`]) |

mod algorithm;
mod batch;
mod batch_outcome;
pub mod cli;
mod delivery;
pub mod explore;
mod heuristic_name;
pub mod input;
pub mod output;
mod program;
pub mod progress;
mod puzzle;
mod report;
pub mod run;
mod search;
pub mod signals;
pub mod trace;
pub mod trace_json;
mod work;

pub use algorithm::{Algorithm, UnknownAlgorithm};
pub use batch_outcome::BatchOutcome;
pub use cli::{CommonArgs, ProgressMode};
pub use heuristic_name::{UnknownHeuristic, heuristic_by_name};
pub use input::Input;
pub use output::Output;
pub use program::{answer_text, command, heuristic_parser, main};
pub use puzzle::{CaseReportOf, CostOf, Job, Puzzle, ToAnswer};
pub use report::CaseReport;
pub use run::{answer_all, run};
pub use search::{Search, Settings};
pub use signals::Interrupts;
pub use trace::Trace;
pub use work::Work;

/// The exit status when the output cannot be written.
pub const EXIT_IO: u8 = 1;

/// The exit status for a usage error or a bad input.
pub const EXIT_BAD_INPUT: u8 = 2;

/// The exit status when a limit stopped some case.
pub const EXIT_STOPPED: u8 = 3;

/// This crate's README, its example compiled and run as a doctest so it cannot drift from the API
/// (it includes the repository's `tests/outside-program/src/pancakes.rs`, the program written once).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
