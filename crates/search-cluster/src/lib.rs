//! One search spread over the machines of a cluster: `PROGRAM cluster ACTION`, for every program
//! built on this crate.
//!
//! ```text
//! PROGRAM cluster split   --bound B [--units N] [--previous REPORTS]...  -- [PROGRAM OPTIONS] FILE > UNITS
//! PROGRAM cluster work    [--expect FINGERPRINT]                         -- [PROGRAM OPTIONS] FILE < UNITS > REPORTS
//! PROGRAM cluster combine --units-file UNITS [--previous REPORTS]... REPORTS... -- [PROGRAM OPTIONS] FILE
//! PROGRAM cluster run     --dir DIR [--engine local|parallel|slurm|command] [--pool] ... -- [PROGRAM OPTIONS] FILE
//! PROGRAM cluster serve   --dir DIR [--expect FINGERPRINT]               -- [PROGRAM OPTIONS] FILE
//! ```
//!
//! Everything after `--` is the program's own command line (`--heuristic`, `--pdb-cache`,
//! `--max-nodes`, `--stats`, ...) and the file holding the one case to solve; the coordinator
//! hands it to every worker unchanged, run in the coordinator's working directory (a shared
//! filesystem is assumed, as on any cluster: the case file, the pattern databases and the work
//! directory are read by the workers under the same paths).
//!
//! The one-line formats are search-core's [`WorkUnit`](search_core::work_units::WorkUnit) and
//! [`UnitReport`](search_core::work_units::UnitReport); a units file and each worker's output start with a
//! header line naming the search's fingerprint (the program, the case, the heuristic and the
//! puzzle's settings), so a report from another search is refused. `docs/scaling.md` walks
//! through a cluster run.
//!
//! `run` submits each iteration's units to the engine, or with `--pool` starts the engine's
//! workers once (`cluster serve`), which then take every iteration's units from the work
//! directory: the engine's and the workers' start is paid once per run rather than once per
//! iteration (the protocol is told in `docs/scaling.md`, "A pool of workers").
//!
//! A puzzle takes part through its [`Puzzle::distribute`]: it hands a [`Job`] its problem,
//! heuristic and start, whatever their types, and the cluster cuts that search into units. The
//! program's `main` is then [`main`], in place of [`search_cli::main`]: the same program, with
//! `PROGRAM cluster ...` besides. A program with a command line of its own (a clap
//! [`Parser`]) implements [`ProgramArgs`] for it, one method that hands a [`Host`] the puzzle the
//! options choose, and its `main` is [`program_main`]: a program that hosts two puzzle types
//! (unit or weighted costs, say) chooses between them there, and the program and the cluster
//! take either.
//!
//! The layers: search-core at the bottom, search-cli (the program) above it, this crate above
//! that; a program depends on this crate only when it offers the cluster.
//!
//! # A puzzle of your own on a cluster
//!
//! search-cli's example puzzle (its `Countdown`, hidden here but for what the cluster needs)
//! goes on a cluster with one more method of its `impl Puzzle`, and this crate's `main` in place
//! of search-cli's:
//!
//! ```
//! # use std::fmt;
//! # use search_cli::{Input, Job, Puzzle, Search, CaseReportOf};
//! # use search_core::{Heuristic, MoveVec, Observer, Problem};
//! # /// The puzzle, for search-core: a number, and the steps that bring it down.
//! # struct Countdown;
//! #
//! # #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! # enum Step { Halve, Minus }
//! #
//! # impl fmt::Display for Step {
//! #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//! #         f.write_str(match self { Step::Halve => "/2", Step::Minus => "-1" })
//! #     }
//! # }
//! #
//! # impl Problem for Countdown {
//! #     type State = u32;
//! #     type Move = Step;
//! #     type Cost = u8;
//! #     type Moves<'a> = MoveVec<Step>;
//! #
//! #     fn moves(&self, &n: &u32) -> MoveVec<Step> {
//! #         let mut steps = MoveVec::new();
//! #         if n % 2 == 0 { steps.push(Step::Halve); }
//! #         if n > 1 { steps.push(Step::Minus); }
//! #         steps
//! #     }
//! #     fn apply(&self, n: &mut u32, step: Step) {
//! #         match step { Step::Halve => *n /= 2, Step::Minus => *n -= 1 }
//! #     }
//! #     fn undo(&self, n: &mut u32, step: Step) {
//! #         match step { Step::Halve => *n *= 2, Step::Minus => *n += 1 }
//! #     }
//! #     fn inverse(&self, _: Step) -> Option<Step> { None }
//! #     fn is_goal(&self, &n: &u32) -> bool { n == 1 }
//! # }
//! #
//! # /// A step takes at most one binary digit off.
//! # struct Digits;
//! #
//! # impl Heuristic<Countdown> for Digits {
//! #     fn estimate(&self, _: &Countdown, &n: &u32) -> u8 { (31 - n.leading_zeros()) as u8 }
//! # }
//! #
//! # /// The answer, as the output writes it.
//! # struct Steps(Vec<Step>);
//! #
//! # impl fmt::Display for Steps {
//! #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//! #         let steps: Vec<String> = self.0.iter().map(ToString::to_string).collect();
//! #         f.write_str(&steps.join(" "))
//! #     }
//! # }
//! #
//! # /// The heuristics by name (`--heuristic digits`).
//! # #[derive(Clone, Copy, Debug)]
//! # struct Named;
//! #
//! # impl fmt::Display for Named {
//! #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("digits") }
//! # }
//! #
//! # /// The program.
//! # #[derive(Default)]
//! # struct Program;
//! #
//! # impl Puzzle for Program {
//! #     const PROGRAM: &'static str = "countdown";
//! #     type Problem = Countdown;
//! #     type Case = u32;
//! #     type Answer = Steps;
//! #     type Heuristic = Named;
//! #     const HEURISTICS: &'static [Named] = &[Named];
//! #
//! #     type CaseError = String;
//! #     fn cases(input: Input<'_>) -> impl Iterator<Item = Result<u32, String>> {
//! #         input.lines().enumerate().map(|(index, line)| match line.trim().parse() {
//! #             Ok(n) if n > 0 => Ok(n),
//! #             _ => Err(format!("case {}: {line:?} is not a number from 1 up", index + 1)),
//! #         })
//! #     }
//! #
//! #     fn solve<O: Observer<Countdown>>(
//! #         &self,
//! #         &n: &u32,
//! #         _: Named,
//! #         search: Search<'_, Countdown, O>,
//! #     ) -> CaseReportOf<Self> {
//! #         let report = search.ida_star(&Countdown, &Digits, &n);
//! #         CaseReportOf::<Self>::from_report(report, |solution| {
//! #             Steps(solution.expect("every number comes down to 1").moves)
//! #         })
//! #     }
//! #
//! #     fn length(steps: &Steps) -> Option<usize> {
//! #         Some(steps.0.len())
//! #     }
//!     // ... the rest of the program's `impl Puzzle`, and:
//!     fn distribute<J: Job<Self>>(&self, &n: &u32, _: Named, job: J) -> J::Output {
//!         let answer = |moves: Option<Vec<Step>>| moves.map(Steps).ok_or("no way down".to_owned());
//!         job.search(&Countdown, &Digits, &n, &answer)
//!     }
//! }
//!
//! use clap::Parser;
//! use search_cli::{CommonArgs, heuristic_parser};
//! use search_cluster::{Host, ProgramArgs};
//!
//! // fn main() -> std::process::ExitCode { search_cluster::main::<Program>() }
//! // or, with a command line of the program's own:
//! // fn main() -> std::process::ExitCode { search_cluster::program_main::<Args>() }
//!
//! /// Counts a number down to 1.
//! #[derive(Parser)]
//! #[command(name = "countdown")]
//! struct Args {
//!     #[command(flatten)]
//!     common: CommonArgs,
//!     /// The heuristic
//!     #[arg(long, value_parser = heuristic_parser(Program::HEURISTICS))]
//!     heuristic: Option<Named>,
//! }
//!
//! impl ProgramArgs for Args {
//!     fn choose<H: Host>(&self, host: H) -> Result<H::Output, String> {
//!         Ok(host.host(&Program, &self.common, self.heuristic))
//!     }
//! }
//!
//! // `countdown cluster run --dir work -- --heuristic digits case.txt` reads the program's
//! // options as this does, and hands the puzzle and the case's file to the cluster's action:
//! struct Shown;
//!
//! impl Host for Shown {
//!     type Output = String;
//!     fn host<P: Puzzle>(self, _: &P, common: &CommonArgs, chosen: Option<P::Heuristic>) -> String {
//!         let file = common.input.as_deref().unwrap_or(std::path::Path::new("-"));
//!         format!("{} {} {}", P::PROGRAM, chosen.unwrap().to_string(), file.display())
//!     }
//! }
//!
//! let args = Args::try_parse_from(["countdown", "--heuristic", "digits", "case.txt"])?;
//! assert_eq!(args.choose(Shown).unwrap(), "countdown digits case.txt");
//! # Ok::<(), clap::Error>(())
//! ```

mod args;
mod context;
mod coordinator;
mod engine;
mod files;
#[cfg(test)]
mod fuzz_reports;
mod helper;
mod local;
mod pool;
mod program_args;
mod protocol;
mod search;
mod serve;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;
use search_cli::Puzzle;

pub use args::{Action, ClusterArgs, RunArgs};
pub use engine::EngineName;
pub use program_args::{Generic, Host, ProgramArgs};
#[doc(no_inline)]
pub use search_cli::{Job, ToAnswer};

/// The whole program of a puzzle made by [`search_cli::main`], with the cluster besides:
/// `PROGRAM cluster ...` does what the crate's documentation says, any other command line what
/// [`search_cli::main`] does. A program's `main` is this one line:
///
/// ```no_run
/// # struct Program;
/// # fn main() {}
/// # fn doc<Program: search_cli::Puzzle + Default>() -> std::process::ExitCode {
/// search_cluster::main::<Program>()
/// # }
/// ```
#[must_use]
pub fn main<P: Puzzle + Default>() -> ExitCode {
    if asked() { cluster_main::<Generic<P>>() } else { search_cli::main::<P>() }
}

/// The whole program of a puzzle with a command line of its own (`A`, its [`ProgramArgs`]), with
/// the cluster besides: `PROGRAM cluster ...` does what the crate's documentation says; any other
/// command line is parsed by `A` (a usage error is clap's, status 2), `A` chooses the puzzle (its
/// message for options that do not go together is a usage error too, status 2), and the program
/// answers its input as [`search_cli::run()`] does. A program's `main` is this one line, whether
/// its command line hosts one puzzle or chooses between several:
///
/// ```no_run
/// # fn main() {}
/// # fn doc<Args: search_cluster::ProgramArgs>() -> std::process::ExitCode {
/// search_cluster::program_main::<Args>()
/// # }
/// ```
#[must_use]
pub fn program_main<A: ProgramArgs>() -> ExitCode {
    if asked() {
        return cluster_main::<A>();
    }
    let args = A::parse();
    args.choose(Answer).unwrap_or_else(|message| {
        A::command().error(clap::error::ErrorKind::ArgumentConflict, message).exit()
    })
}

/// The program's run of its input, as the [`Host`] of the puzzle its command line chose.
struct Answer;

impl Host for Answer {
    type Output = ExitCode;

    fn host<P: Puzzle>(
        self,
        puzzle: &P,
        common: &search_cli::CommonArgs,
        heuristic: Option<P::Heuristic>,
    ) -> ExitCode {
        let interrupts = search_cli::Interrupts::install(P::PROGRAM);
        search_cli::run(puzzle, common, heuristic, &interrupts)
    }
}

/// Whether the program was asked for `cluster` (its first argument).
#[must_use]
pub fn asked() -> bool {
    std::env::args_os().nth(1).is_some_and(|first| first == "cluster")
}

/// `PROGRAM cluster ...`: parses the cluster's command line (the arguments after `cluster`) and
/// does what it asks, with the program's own command line parsed by `A`. Returns the exit status:
/// 0 done, 2 a usage error or a bad file (named with its line), 3 a limit stopped the search.
#[must_use]
pub fn cluster_main<A: ProgramArgs>() -> ExitCode {
    let program = A::command().get_name().to_owned();
    let arguments = std::env::args_os().skip(2);
    let args = match ClusterArgs::try_parse_from(
        std::iter::once(OsString::from(format!("{program} cluster"))).chain(arguments),
    ) {
        Ok(args) => args,
        Err(error) => error.exit(),
    };
    coordinator::act::<A>(&program, args.action)
}

/// This crate's README, its example compiled as a doctest so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
