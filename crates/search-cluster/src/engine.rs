//! The engines that run the workers: GNU parallel, Slurm, or any other through a command
//! template. (The local engine, threads of the coordinator itself, lives with the coordinator.)
//!
//! Every engine is handed one submission: the units still to search, cut into tasks, and the
//! worker's command line. It writes what the workers print into the iteration's `reports`
//! directory, one file per parallel run or per task, and is polled while it runs, so that the
//! coordinator can stop it once the iteration's end is known.

use std::ffi::OsString;
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use clap::ValueEnum;

use crate::protocol::{WATCH_MOST, interval};

/// How often a running engine is polled: Slurm's queue.
const POLL: Duration = Duration::from_millis(100);

/// How often a process the coordinator started is looked at when it starts: often, since the
/// end of an iteration waits for it; later less often (see [`interval`]).
const WAIT_POLL: Duration = Duration::from_millis(5);

/// The engines `cluster run --engine` offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineName {
    /// Threads of the coordinator itself (`--threads`)
    Local,
    /// GNU parallel: `parallel --pipe` over the units, locally or over ssh (`--engine-args
    /// "--sshloginfile FILE"`)
    Parallel,
    /// Slurm: an `sbatch --array` job per submission, polled with `squeue`, stopped with `scancel`
    Slurm,
    /// Any other: `--command`'s template, which runs a task script for every task
    Command,
}

impl EngineName {
    /// The engine's name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EngineName::Local => "local",
            EngineName::Parallel => "parallel",
            EngineName::Slurm => "slurm",
            EngineName::Command => "command",
        }
    }
}

/// One submission: which units, where their reports go, and how a worker is started.
pub(crate) struct Submission<'a> {
    /// The iteration's directory (absolute): the reports go to its `reports` directory.
    pub(crate) iteration: &'a Path,
    /// The submission's number within the iteration, from 0: it names its files.
    pub(crate) attempt: u32,
    /// The units to search, one line each.
    pub(crate) units: &'a [String],
    /// The worker's command line: the program, `cluster work`, its options.
    pub(crate) worker: &'a [OsString],
    /// The directory the workers run in (the coordinator's).
    pub(crate) cwd: &'a Path,
    /// How many tasks to cut the units into.
    pub(crate) tasks: usize,
    /// The engine's own options.
    pub(crate) engine_args: &'a [String],
    /// `--command`'s template.
    pub(crate) template: Option<&'a str>,
    /// The workers are a pool's (`cluster serve`): they take their units from the work
    /// directory, not from standard input, and run until the coordinator says `done`.
    pub(crate) pool: bool,
}

/// Whether the coordinator wants the engine stopped: asked at every poll.
pub(crate) type Watch<'a> = dyn FnMut() -> bool + 'a;

impl Submission<'_> {
    /// The units dealt out to at most `tasks` tasks like cards: task `i` takes units `i`,
    /// `i + tasks`, `i + 2 tasks`, ... So the tasks running at once go through the iteration in
    /// move order together, as the threads do, and the units before a solution are all searched
    /// soon after it is found, wherever it lies; and each task's share is a sample of the whole.
    /// A pool's tasks take no units here: `tasks` of them, each with none.
    fn task_units(&self) -> Vec<Vec<&String>> {
        if self.pool {
            return vec![Vec::new(); self.tasks.max(1)];
        }
        let tasks = self.tasks.clamp(1, self.units.len().max(1));
        let mut dealt = vec![Vec::new(); tasks];
        for (index, unit) in self.units.iter().enumerate() {
            dealt[index % tasks].push(unit);
        }
        dealt
    }

    fn reports(&self) -> Result<PathBuf, String> {
        let reports = self.iteration.join("reports");
        fs::create_dir_all(&reports).map_err(|error| format!("{}: {error}", reports.display()))?;
        Ok(reports)
    }

    /// Writes one units file per task and the script that runs task `I` (`sh worker.sh I`),
    /// for Slurm and the command template; returns the script and the number of tasks.
    fn task_files(&self) -> Result<(PathBuf, usize), String> {
        let reports = self.reports()?;
        let dir = self.iteration.join(format!("tasks-{}", self.attempt));
        fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
        let tasks = self.task_units();
        for (index, units) in tasks.iter().enumerate() {
            let path = dir.join(format!("task-{index}.txt"));
            let text = lines(units);
            fs::write(&path, text).map_err(|error| format!("{}: {error}", path.display()))?;
        }
        let worker: Vec<String> =
            self.worker.iter().map(|arg| quote(&arg.to_string_lossy())).collect();
        let script = if self.pool {
            format!(
                "#!/bin/sh\n# Worker $1 of the pool: it takes its units from the work directory.\n\
                 cd {} || exit 1\nexec {} < /dev/null > {}\"$1\".log\n",
                quote(&self.cwd.to_string_lossy()),
                worker.join(" "),
                quote(&dir.join("worker-").to_string_lossy()),
            )
        } else {
            format!(
                "#!/bin/sh\n# Task $1 of this submission: its units into its reports file.\n\
                 cd {} || exit 1\nexec {} < {}\"$1\".txt > {}\"$1\".txt\n",
                quote(&self.cwd.to_string_lossy()),
                worker.join(" "),
                quote(&dir.join("task-").to_string_lossy()),
                quote(&reports.join(format!("task-{}-", self.attempt)).to_string_lossy()),
            )
        };
        let path = dir.join("worker.sh");
        fs::write(&path, script).map_err(|error| format!("{}: {error}", path.display()))?;
        Ok((path, tasks.len()))
    }
}

/// Runs `submission` on `engine` until it ends or `stop` says so. Workers that fail are not an
/// error here: their units simply have no report, and are submitted again.
pub(crate) fn run(
    engine: EngineName,
    submission: &Submission<'_>,
    stop: &mut Watch<'_>,
) -> Result<(), String> {
    match engine {
        EngineName::Local => unreachable!("the local engine is the coordinator's own threads"),
        EngineName::Parallel => parallel(submission, stop),
        EngineName::Slurm => slurm(submission, stop),
        EngineName::Command => command(submission, stop),
    }
}

/// GNU parallel: the units on its standard input, `--pipe` cut into one job per task, every
/// report line passed on as soon as it is written (`--line-buffer`).
fn parallel(submission: &Submission<'_>, stop: &mut Watch<'_>) -> Result<(), String> {
    if submission.pool {
        return parallel_pool(submission, stop);
    }
    let reports = submission.reports()?;
    let todo = submission.iteration.join(format!("todo-{}.txt", submission.attempt));
    // Each task's units in a run of `per` lines (`-N`), the shorter ones made up with comment
    // lines, which a worker skips.
    let tasks = submission.task_units();
    let per = tasks.first().map_or(1, Vec::len);
    let mut text = String::new();
    for units in &tasks {
        text.push_str(&lines(units));
        text.push_str(&"#\n".repeat(per - units.len()));
    }
    fs::write(&todo, text).map_err(|error| format!("{}: {error}", todo.display()))?;
    let output = reports.join(format!("parallel-{}.txt", submission.attempt));
    let open = |path: &Path, file: std::io::Result<File>| {
        file.map_err(|error| format!("{}: {error}", path.display()))
    };
    let mut command = Command::new("parallel");
    command
        .args(["--pipe", "-N", &per.to_string(), "--line-buffer", "--quote", "--workdir"])
        .arg(submission.cwd)
        .args(submission.engine_args)
        .args(submission.worker)
        .stdin(open(&todo, File::open(&todo))?)
        .stdout(open(&output, File::create(&output))?);
    let child = spawn(&mut command, "parallel")?;
    wait(child, "parallel", stop)
}

/// GNU parallel running a pool: `tasks` workers (`-N0`: no argument added to their command
/// line), their output in a log as it comes (`--ungroup`: the workers write their reports to
/// files, so nothing needs parallel's buffering, which polls the workers' output all along).
fn parallel_pool(submission: &Submission<'_>, stop: &mut Watch<'_>) -> Result<(), String> {
    let log = submission.iteration.join(format!("parallel-{}.log", submission.attempt));
    let output = File::create(&log).map_err(|error| format!("{}: {error}", log.display()))?;
    let mut command = Command::new("parallel");
    command
        .args(["-N0", "--ungroup", "--quote", "--workdir"])
        .arg(submission.cwd)
        .args(submission.engine_args)
        .args(submission.worker)
        .arg(":::")
        .args((0..submission.tasks.max(1)).map(|task| task.to_string()))
        .stdin(Stdio::null())
        .stdout(output);
    let child = spawn(&mut command, "parallel")?;
    wait(child, "parallel", stop)
}

/// Slurm: one `sbatch --array` job, a task per units file, polled with `squeue` until it has
/// left the queue; `scancel` when stopped.
fn slurm(submission: &Submission<'_>, stop: &mut Watch<'_>) -> Result<(), String> {
    let (script, tasks) = submission.task_files()?;
    let logs = script.with_file_name("slurm-%a.log");
    let output = Command::new("sbatch")
        .arg("--parsable")
        .arg(format!("--array=0-{}", tasks - 1))
        .arg(format!("--output={}", logs.display()))
        .args(submission.engine_args)
        .arg("--wrap")
        .arg(format!("sh {} $SLURM_ARRAY_TASK_ID", quote(&script.to_string_lossy())))
        .stdin(Stdio::null())
        .output()
        .map_err(|error| format!("cannot run sbatch: {error}"))?;
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr);
        return Err(format!("sbatch failed ({}): {}", output.status, message.trim()));
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let job = stdout.trim().split(';').next().unwrap_or_default().to_owned();
    if job.is_empty() || !job.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(format!("sbatch gave no job id: {:?}", stdout.trim()));
    }
    let _ = fs::write(script.with_file_name("job-id"), format!("{job}\n"));
    let mut cancelled = false;
    loop {
        let queued = Command::new("squeue")
            .args(["--noheader", "--jobs", &job, "--format=%i"])
            .stderr(Stdio::null())
            .output()
            .map_err(|error| format!("cannot run squeue: {error}"))?;
        // A job that has left the queue is either not listed or no longer known at all.
        if !queued.status.success() || queued.stdout.iter().all(u8::is_ascii_whitespace) {
            return Ok(());
        }
        if !cancelled && stop() {
            let status = Command::new("scancel").arg(&job).status();
            if !status.is_ok_and(|status| status.success()) {
                return Err(format!("scancel {job} failed"));
            }
            cancelled = true;
        }
        std::thread::sleep(POLL);
    }
}

/// The command template: `{script}`, `{tasks}`, `{last}` and `{dir}` replaced, run by `sh -c`.
fn command(submission: &Submission<'_>, stop: &mut Watch<'_>) -> Result<(), String> {
    let template =
        submission.template.ok_or("--engine command needs --command TEMPLATE".to_owned())?;
    let (script, tasks) = submission.task_files()?;
    let line = template
        .replace("{script}", &quote(&script.to_string_lossy()))
        .replace("{tasks}", &tasks.to_string())
        .replace("{last}", &(tasks - 1).to_string())
        .replace("{dir}", &quote(&submission.iteration.to_string_lossy()));
    let mut command = Command::new("sh");
    command.arg("-c").arg(&line).stdin(Stdio::null());
    let child = spawn(&mut command, "the command template")?;
    wait(child, "the command template", stop)
}

/// Starts `command` in a process group of its own, so that stopping it stops what it started.
fn spawn(command: &mut Command, what: &str) -> Result<Child, String> {
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    command.spawn().map_err(|error| format!("cannot start {what}: {error}"))
}

/// Waits for `child` to end, polling `stop`; stopped, its whole process group gets `SIGTERM`,
/// and again once the child has ended, for what it started in the instant the first signal
/// came (a shell forking `sleep` as it takes the signal: the straggler would keep running, and
/// keep the coordinator's output open). The looks grow further apart as the process runs;
/// unparking the thread makes one at once.
fn wait(mut child: Child, what: &str, stop: &mut Watch<'_>) -> Result<(), String> {
    let started = Instant::now();
    // The group's leader is the child: its id is the group's. The id stays the group's while a
    // member lives, even once the leader is reaped (Linux gives no new process an id in use as
    // a group's), so the second signal reaches only the group's stragglers, if any.
    let group = format!("-{}", child.id());
    let terminate = || {
        let _ = Command::new("kill")
            .args(["-TERM", "--", &group])
            .stderr(std::process::Stdio::null())
            .status();
    };
    let mut stopped = false;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                if stopped {
                    terminate();
                } else if !status.success() {
                    eprintln!(
                        "cluster: {what} ended with {status}; units without a report are submitted again"
                    );
                }
                return Ok(());
            }
            Ok(None) => {}
            Err(error) => return Err(format!("cannot wait for {what}: {error}")),
        }
        if !stopped && stop() {
            terminate();
            stopped = true;
        }
        std::thread::park_timeout(interval(started.elapsed(), WAIT_POLL, WATCH_MOST));
    }
}

/// The units, a line each.
fn lines(units: &[&String]) -> String {
    units.iter().fold(String::new(), |mut text, unit| {
        text.push_str(unit);
        text.push('\n');
        text
    })
}

/// `text` quoted for the shell.
pub(crate) fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tasks_are_dealt_the_units_in_turn() {
        let units: Vec<String> = (0..10).map(|n| format!("41:{n}")).collect();
        let submission = Submission {
            iteration: Path::new("/x"),
            attempt: 0,
            units: &units,
            worker: &[],
            cwd: Path::new("/"),
            tasks: 4,
            engine_args: &[],
            template: None,
            pool: false,
        };
        let dealt = submission.task_units();
        let first: Vec<&str> = dealt[0].iter().map(|unit| unit.as_str()).collect();
        assert_eq!(first, ["41:0", "41:4", "41:8"]);
        let sizes: Vec<usize> = dealt.iter().map(Vec::len).collect();
        assert_eq!(sizes, [3, 3, 2, 2]);
        assert_eq!(quote("it's"), r"'it'\''s'");
    }
}
