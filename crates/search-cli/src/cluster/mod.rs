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
//! A puzzle takes part by implementing [`Distributed`]: it hands a [`Job`] its problem, heuristic
//! and start, whatever their types. A program made by [`crate::main`] then calls
//! [`program_main`] instead; a program with a command line of its own implements [`ProgramArgs`]
//! for it and calls [`main`] when [`asked`] (its first argument is `cluster`).
//!
//! # A puzzle of your own on a cluster
//!
//! The crate's example puzzle ([`crate`]'s `Countdown`, hidden here) goes on a cluster with one
//! more impl, and `program_main` in place of [`crate::main`]:
//!
//! ```
//! # use std::fmt;
//! # use search_cli::{Input, Puzzle, Search, CaseReportOf};
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
//! # }
//! #
//! use search_cli::cluster::{Distributed, Generic, Job, ProgramArgs};
//!
//! impl Distributed for Program {
//!     fn distribute<J: Job<Self>>(&self, &n: &u32, _: Named, job: J) -> J::Output {
//!         let answer = |moves: Option<Vec<Step>>| moves.map(Steps).ok_or("no way down".to_owned());
//!         job.search(&Countdown, &Digits, &n, &answer)
//!     }
//! }
//!
//! // fn main() -> std::process::ExitCode { search_cli::cluster::program_main::<Program>() }
//! // reads `countdown cluster run --dir work -- --heuristic digits case.txt` as this does:
//! let argv = ["countdown", "--heuristic", "digits", "case.txt"].map(Into::into).to_vec();
//! let args = Generic::<Program>::parse_args(argv)?;
//! assert_eq!(args.common().input.as_deref(), Some(std::path::Path::new("case.txt")));
//! assert!(args.heuristic().is_some());
//! # Ok::<(), clap::Error>(())
//! ```

mod coordinator;
mod engine;
mod files;
#[cfg(test)]
mod fuzz_reports;
mod helper;
mod local;
mod pool;
mod protocol;
mod search;
mod serve;

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, FromArgMatches, Parser, Subcommand};
use search_core::{Heuristic, Problem};

use crate::{CommonArgs, CostOf, EXIT_BAD_INPUT, Puzzle};

pub use engine::EngineName;

/// A puzzle whose searches can be spread over a cluster: it shows a [`Job`] the search of a case.
pub trait Distributed: Puzzle {
    /// Runs `job` on the search of `case` with `heuristic` (made ready by
    /// [`Puzzle::heuristic`]): its problem, its heuristic and its start, or the answer when the
    /// case needs no search (an unsolvable board).
    fn distribute<J: Job<Self>>(
        &self,
        case: &Self::Case,
        heuristic: Self::Heuristic,
        job: J,
    ) -> J::Output;

    /// What else than the case and the heuristic decides the search (a cost model, say): part
    /// of the fingerprint, so that workers with other settings are refused.
    fn settings(&self) -> String {
        String::new()
    }
}

/// How a solution's moves (`None`: the case has no solution) become the puzzle's answer, or why
/// they cannot.
pub type ToAnswer<'a, M, A> = dyn Fn(Option<Vec<M>>) -> Result<A, String> + 'a;

/// Work to do with the search of one case, whatever the types of its problem and heuristic.
pub trait Job<Z: Puzzle + ?Sized> {
    /// What the job gives.
    type Output;

    /// Does the job with the case's search: `answer` turns a solution's moves (`None`: the case
    /// has no solution) into the puzzle's answer.
    fn search<P, H>(
        self,
        problem: &P,
        heuristic: &H,
        start: &P::State,
        answer: &ToAnswer<'_, P::Move, Z::Answer>,
    ) -> Self::Output
    where
        P: Problem<Cost = CostOf<Z>> + Sync,
        P::State: Sync,
        H: Heuristic<P> + Sync;

    /// The case is answered without a search.
    fn answered(self, answer: Z::Answer) -> Self::Output;
}

/// `PROGRAM cluster`: the cluster's actions, then `--` and the program's own command line.
#[derive(Parser, Debug)]
#[command(after_help = "\
Everything after -- is the program's own command line: its options and the FILE holding the one
case to search (standard input carries the units). Workers run it unchanged, in the coordinator's
working directory: a shared filesystem is assumed. See docs/scaling.md.")]
pub struct ClusterArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// The cluster's actions.
#[derive(Subcommand, Debug)]
pub enum Action {
    /// Cut one iteration into work units: a units file on standard output
    Split {
        /// The iteration's bound
        #[arg(long, value_name = "B")]
        bound: u64,
        /// How many units to aim at
        #[arg(long, value_name = "N", default_value_t = 64)]
        units: usize,
        /// The previous iteration's reports files: where it took long, cut finer
        #[arg(long, value_name = "REPORTS")]
        previous: Vec<PathBuf>,
        /// The program's command line
        #[arg(last = true, required = true)]
        program: Vec<OsString>,
    },
    /// Search the units read from standard input, one report line each on standard output
    Work {
        /// Refuse to work unless the search's fingerprint is this one (from the units file)
        #[arg(long, value_name = "FINGERPRINT")]
        expect: Option<String>,
        /// The program's command line
        #[arg(last = true, required = true)]
        program: Vec<OsString>,
    },
    /// Put an iteration's reports together: its end and its counts, on standard output
    Combine {
        /// The iteration's units file
        #[arg(long, value_name = "UNITS")]
        units_file: PathBuf,
        /// The previous iteration's reports files, as given to split
        #[arg(long, value_name = "REPORTS")]
        previous: Vec<PathBuf>,
        /// The reports files, in any order
        #[arg(value_name = "REPORTS")]
        reports: Vec<PathBuf>,
        /// The program's command line
        #[arg(last = true, required = true)]
        program: Vec<OsString>,
    },
    /// Search iteration by iteration through an engine, keeping state in a work directory
    Run(RunArgs),
    /// A worker of a pool (`run --pool` starts them): search the units the coordinator
    /// publishes in DIR, round after round, until it says done
    Serve {
        /// The coordinator's work directory (`run --dir`)
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
        /// Refuse to work unless the search's fingerprint is this one
        #[arg(long, value_name = "FINGERPRINT")]
        expect: Option<String>,
        /// Leave when the coordinator's heartbeat has stood still this long
        #[arg(long, value_name = "SECONDS", default_value = protocol::HEARTBEAT_TIMEOUT,
              value_parser = positive_seconds)]
        heartbeat_timeout: Duration,
        /// The program's command line
        #[arg(last = true, required = true)]
        program: Vec<OsString>,
    },
}

/// The options of `cluster run`.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// The work directory: units, reports and finished iterations, kept for a resumed run
    #[arg(long, value_name = "DIR")]
    pub dir: PathBuf,
    /// Where the units are searched: local (threads of this process), parallel (GNU parallel),
    /// slurm (an sbatch --array job per iteration), command (--command's template)
    #[arg(long, value_enum, default_value_t = EngineName::Local)]
    pub engine: EngineName,
    /// More options for the engine, split at white space: parallel's (-j 2, --sshloginfile
    /// FILE, -S 2/host) or sbatch's (--partition P, --time 10)
    #[arg(long, value_name = "ARGS", allow_hyphen_values = true, default_value = "")]
    pub engine_args: String,
    /// For --engine command: a shell command that runs `sh {script} I` for every task I from 0
    /// to {last} ({tasks} tasks), anywhere, and returns when they have all ended; {dir} is the
    /// iteration's directory
    #[arg(long, value_name = "TEMPLATE")]
    pub command: Option<String>,
    /// Units per iteration, at most (fewer when the previous iteration was small)
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub units: usize,
    /// Aim at units of about this many seconds each, from the workers' measured speed (then
    /// --units is the most per iteration)
    #[arg(long, value_name = "SECONDS")]
    pub unit_seconds: Option<f64>,
    /// Tasks per submission: parallel's jobs, Slurm's array tasks, the template's tasks. Best one
    /// per slot that runs a task at once (the units are dealt out to the tasks in turn, so the
    /// tasks running together go through the iteration in move order). Default: this machine's
    /// cores
    #[arg(long, value_name = "N")]
    pub tasks: Option<usize>,
    /// Search an iteration on this machine's threads (--threads) rather than through the
    /// engine when the forecast of its nodes is below NODES (the first, small iterations, whose
    /// submission would cost more than their search): the same reports and counts either way
    #[arg(long, value_name = "NODES", default_value_t = 0)]
    pub local_below: u64,
    /// Start the engine's workers once for the whole run (`cluster serve`, --tasks of them),
    /// taking every iteration's units from the work directory, rather than a submission per
    /// iteration: the engine's and the workers' start is paid once
    #[arg(long)]
    pub pool: bool,
    /// With --pool: the coordinator's threads (--threads) search units too, while fewer of the
    /// pool's workers than --tasks have started
    #[arg(long, requires = "pool")]
    pub coordinator_helps: bool,
    /// With --pool: a worker whose heartbeat (rewritten every second, or five times within a
    /// shorter timeout) has stood still this long
    /// is taken for dead, and the units it claimed are searched again; a worker leaves when the
    /// coordinator's has
    #[arg(long, value_name = "SECONDS", default_value = protocol::HEARTBEAT_TIMEOUT,
          value_parser = positive_seconds)]
    pub heartbeat_timeout: Duration,
    /// How many times units whose reports were lost are submitted again before giving up
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub retries: u32,
    /// The program's command line
    #[arg(last = true, required = true)]
    pub program: Vec<OsString>,
}

/// A program's command line as the cluster needs it: the options every program has, the heuristic
/// chosen, and the puzzle it makes.
pub trait ProgramArgs: Sized {
    /// Parses the program's command line (`argv[0]` is the program's name).
    ///
    /// # Errors
    ///
    /// Clap's, for a command line the program does not take.
    fn parse_args(argv: Vec<OsString>) -> Result<Self, clap::Error>;
    /// The program's puzzle.
    type Puzzle: Distributed;
    /// The options every program has.
    fn common(&self) -> &CommonArgs;
    /// The heuristic chosen (`--heuristic`), if any.
    fn heuristic(&self) -> Option<<Self::Puzzle as Puzzle>::Heuristic>;
    /// The puzzle, or why these options cannot be used.
    ///
    /// # Errors
    ///
    /// A message for options that do not go together (or with a cluster search).
    fn puzzle(&self) -> Result<Self::Puzzle, String>;
}

/// The command line of a program made by [`crate::main`]: the options every program has and
/// `--heuristic`, and the puzzle's [`Default`].
pub struct Generic<P: Puzzle> {
    common: CommonArgs,
    heuristic: Option<P::Heuristic>,
}

impl<P: Distributed + Default> ProgramArgs for Generic<P> {
    type Puzzle = P;

    fn parse_args(argv: Vec<OsString>) -> Result<Self, clap::Error> {
        let matches = crate::command::<P>().try_get_matches_from(argv)?;
        let common = CommonArgs::from_arg_matches(&matches)?;
        let heuristic = matches.get_one::<P::Heuristic>("heuristic").copied();
        Ok(Generic { common, heuristic })
    }

    fn common(&self) -> &CommonArgs {
        &self.common
    }

    fn heuristic(&self) -> Option<P::Heuristic> {
        self.heuristic
    }

    fn puzzle(&self) -> Result<P, String> {
        Ok(P::default())
    }
}

/// [`crate::main`] for a puzzle that can also be searched on a cluster: `PROGRAM cluster ...`
/// does that (see the module's documentation), any other command line what [`crate::main`] does.
#[must_use]
pub fn program_main<P: Distributed + Default>() -> ExitCode {
    if asked() { main::<Generic<P>>() } else { crate::main::<P>() }
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
pub fn main<A: ProgramArgs>() -> ExitCode {
    let program = <A::Puzzle as Puzzle>::PROGRAM;
    let arguments = std::env::args_os().skip(2);
    let args = match ClusterArgs::try_parse_from(
        std::iter::once(OsString::from(format!("{program} cluster"))).chain(arguments),
    ) {
        Ok(args) => args,
        Err(error) => error.exit(),
    };
    coordinator::act::<A>(args.action)
}

/// Reports `message` on standard error and returns the bad-input status.
/// A number of seconds above zero (`--heartbeat-timeout`).
fn positive_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|duration| !duration.is_zero())
        .ok_or_else(|| format!("`{text}`: give a number of seconds above 0"))
}

fn fail(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(EXIT_BAD_INPUT)
}
