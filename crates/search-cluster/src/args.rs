//! The cluster's command line: `PROGRAM cluster ACTION [OPTIONS] -- [PROGRAM OPTIONS] FILE`.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::engine::EngineName;
use crate::protocol;

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

/// A number of seconds above zero (`--heartbeat-timeout`).
/// A number of seconds above zero (`--heartbeat-timeout`).
fn positive_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|duration| !duration.is_zero())
        .ok_or_else(|| format!("`{text}`: give a number of seconds above 0"))
}
