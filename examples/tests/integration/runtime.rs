//! The programs' run time as a user meets it: a long case gets every thread whatever the input
//! is ([`threads`]), a signal never loses an answer already found ([`signals`]), every driver a
//! program offers answers as IDA\* does ([`algorithms`]), and `--trace-json` writes the trace
//! format with the driver's own figures ([`trace_json`]).

use crate::common;

#[path = "runtime/algorithms.rs"]
mod algorithms;
#[path = "runtime/trace_json.rs"]
mod trace_json;

#[cfg(unix)]
#[path = "runtime/signals.rs"]
mod signals;
#[cfg(target_os = "linux")]
#[path = "runtime/threads.rs"]
mod threads;

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, ChildStderr, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// Korf's 15-puzzle instance 1: seconds of search with the Manhattan distance.
const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n";

/// Where a program under test writes its answers.
#[derive(Clone, Copy, Debug)]
enum Sink {
    /// A pipe the test reads.
    Pipe,
    /// A file the test reads once the program has ended.
    File,
}

/// A program started with its standard input piped (and kept open until the test drops it),
/// its answers going into a pipe or a file ([`Sink`]), and its standard error read line by line.
struct Running {
    child: Child,
    input: Option<std::process::ChildStdin>,
    errors: mpsc::Receiver<String>,
    file: Option<std::path::PathBuf>,
}

impl Running {
    /// Starts the example `name` with `args`, writing `input` on its standard input.
    fn start(name: &str, args: &[&str], input: &str, into: Sink) -> Running {
        use std::io::Write;
        static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let mut command = Command::new(common::program(name).get_program());
        command.env("XDG_CACHE_HOME", common::cache_home()).args(args);
        command.stdin(Stdio::piped()).stderr(Stdio::piped());
        let file = match into {
            Sink::Pipe => {
                command.stdout(Stdio::piped());
                None
            }
            Sink::File => {
                let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let name = format!("runtime-{}-{run}.out", std::process::id());
                let path = std::env::temp_dir().join(name);
                command.stdout(std::fs::File::create(&path).unwrap());
                Some(path)
            }
        };
        let mut child = command.spawn().expect("the example runs");
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(input.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let errors = lines_of(child.stderr.take().unwrap());
        Running { child, input: Some(stdin), errors, file }
    }

    /// Waits until `count` `--stats` lines have come on standard error, and returns every line
    /// that came, or panics after a minute.
    fn stats_lines(&self, count: usize) -> Vec<String> {
        let mut lines = Vec::new();
        while lines.iter().filter(|line: &&String| line.starts_with("case=")).count() < count {
            let line = self.errors.recv_timeout(Duration::from_secs(60));
            lines.push(line.expect("the --stats lines come"));
        }
        lines
    }

    /// Sends `signal` (by its name for `kill`).
    fn kill(&self, signal: &str) {
        let mut kill = Command::new("kill");
        kill.args([&format!("-{signal}"), &self.child.id().to_string()]);
        assert!(kill.status().unwrap().success());
    }

    /// Closes standard input, waits for the end: the exit status, the answers, and the lines
    /// of standard error not read yet.
    fn end(mut self) -> (Option<i32>, String, Vec<String>) {
        drop(self.input.take());
        let mut answers = Vec::new();
        if let Some(mut out) = self.child.stdout.take() {
            out.read_to_end(&mut answers).unwrap();
        }
        let mut answers = common::text(&answers);
        let status = self.child.wait().unwrap();
        if let Some(path) = &self.file {
            answers = std::fs::read_to_string(path).unwrap();
            std::fs::remove_file(path).unwrap();
        }
        let errors = self.errors.iter().collect();
        (status.code(), answers, errors)
    }
}

/// The lines of `errors`, as they come, on a channel.
fn lines_of(errors: ChildStderr) -> mpsc::Receiver<String> {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(errors).lines() {
            if send.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    receive
}
