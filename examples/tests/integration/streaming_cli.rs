//! The programs as a conversation and under signals: each answer comes out as soon as its case
//! is read, Ctrl-C and `SIGTERM` keep every answer already found, and a half-written file is
//! removed.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

const ROTATION_CASE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n";
/// Korf's instance 1: seconds of search with the Manhattan distance.
const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n";
/// Korf's instance 88, the hardest of his 100 for the Manhattan distance.
const KORF_88: &str = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4\n";

/// Starts the example `name` with `args`, its standard streams piped.
fn start(name: &str, args: &[&str]) -> Child {
    Command::new(common::program(name).get_program())
        .env("XDG_CACHE_HOME", common::cache_home())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example runs")
}

/// The next line of `out`, or `None` if none comes within a few seconds.
fn line_within_seconds(lines: &mpsc::Receiver<String>) -> Option<String> {
    lines.recv_timeout(Duration::from_secs(10)).ok()
}

/// The lines of `out`, as they come, on a channel.
fn lines_of(out: ChildStdout) -> mpsc::Receiver<String> {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            if send.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    receive
}

/// The command lines of one thread and of several: the batch reads ahead on a thread of its own,
/// and must still answer every case read before it waits.
const THREADS: [&[&str]; 2] = [&[], &["--threads", "2"]];

#[test]
fn each_case_is_answered_before_the_input_ends() {
    for threads in THREADS {
        let mut child = start("rotation", threads);
        let mut input = child.stdin.take().unwrap();
        let lines = lines_of(child.stdout.take().unwrap());
        for _ in 0..3 {
            // The input stays open: the answer must come all the same.
            input.write_all(ROTATION_CASE.as_bytes()).unwrap();
            input.flush().unwrap();
            assert_eq!(line_within_seconds(&lines).as_deref(), Some("AC"), "{threads:?}");
            assert_eq!(line_within_seconds(&lines).as_deref(), Some("2"), "{threads:?}");
        }
        drop(input);
        assert!(child.wait().unwrap().success());
    }
}

#[test]
fn a_case_split_across_writes_is_answered_once_whole() {
    // Half a case, then the rest: the first half alone must not be answered or reported.
    for threads in THREADS {
        let mut child = start("rotation", threads);
        let mut input = child.stdin.take().unwrap();
        let lines = lines_of(child.stdout.take().unwrap());
        let (first, rest) = ROTATION_CASE.split_at(20);
        input.write_all(first.as_bytes()).unwrap();
        input.flush().unwrap();
        thread::sleep(Duration::from_millis(200));
        input.write_all(format!("{rest}{ROTATION_CASE}").as_bytes()).unwrap();
        input.flush().unwrap();
        for _ in 0..2 {
            assert_eq!(line_within_seconds(&lines).as_deref(), Some("AC"), "{threads:?}");
            assert_eq!(line_within_seconds(&lines).as_deref(), Some("2"), "{threads:?}");
        }
        drop(input);
        assert!(child.wait().unwrap().success());
    }
}

#[test]
fn a_sliding_board_is_answered_per_line_and_a_maze_per_case() {
    let mut child = start("sliding", &[]);
    let mut input = child.stdin.take().unwrap();
    let lines = lines_of(child.stdout.take().unwrap());
    input.write_all(b"1 2 0 3 4 5 6 7 8\n").unwrap();
    input.flush().unwrap();
    assert_eq!(line_within_seconds(&lines).as_deref(), Some("LL"));
    drop(input);
    assert!(child.wait().unwrap().success());

    let mut child = start("wall-pusher", &[]);
    let mut input = child.stdin.take().unwrap();
    let lines = lines_of(child.stdout.take().unwrap());
    input.write_all(include_bytes!("../../data/wall-pusher-sample.in")).unwrap();
    input.flush().unwrap();
    assert_eq!(line_within_seconds(&lines).as_deref(), Some("NESESEENNWNWWWWW"));
    drop(input);
    assert!(child.wait().unwrap().success());
}

#[cfg(unix)]
mod signals {
    use super::*;

    /// Sends `signal` (by its name for `kill`) to `child`.
    fn kill(child: &Child, signal: &str) {
        let mut kill = Command::new("kill");
        kill.args([&format!("-{signal}"), &child.id().to_string()]);
        assert!(kill.status().unwrap().success());
    }

    #[test]
    fn ctrl_c_during_a_search_keeps_the_answers_found_and_exits_130() {
        for threads in THREADS {
            let args = [&["--heuristic", "manhattan"], threads].concat();
            let mut child = start("sliding", &args);
            let mut input = child.stdin.take().unwrap();
            let lines = lines_of(child.stdout.take().unwrap());
            // Korf's instance 88: far longer than the test on every thread (instance 1 is not).
            input.write_all(format!("1 2 0 3 4 5 6 7 8\n{KORF_88}").as_bytes()).unwrap();
            input.flush().unwrap();
            // The first answer is out before the long search starts (the input then waits).
            assert_eq!(line_within_seconds(&lines).as_deref(), Some("LL"));
            thread::sleep(Duration::from_millis(300));
            kill(&child, "INT");
            let output = child.wait_with_output().unwrap();
            assert_eq!(output.status.code(), Some(130));
            let stderr = common::text(&output.stderr);
            assert!(stderr.contains("sliding: SIGINT: case 2 stopped"), "{threads:?}: {stderr}");
            assert_eq!(line_within_seconds(&lines), None, "nothing after the first answer");
        }
    }

    #[test]
    fn sigterm_while_waiting_for_input_flushes_and_exits_143() {
        // Written to a pipe, with more input to come: the answer sits in the buffer until the
        // input must wait, and the signal must not lose it.
        for threads in THREADS {
            let mut child = start("rotation", threads);
            let mut input = child.stdin.take().unwrap();
            input.write_all(ROTATION_CASE.as_bytes()).unwrap();
            input.flush().unwrap();
            thread::sleep(Duration::from_millis(500));
            kill(&child, "TERM");
            let output = child.wait_with_output().unwrap();
            drop(input);
            assert_eq!(output.status.code(), Some(143), "{threads:?}");
            assert_eq!(common::text(&output.stdout), "AC\n2\n");
            assert!(common::text(&output.stderr).contains("rotation: SIGTERM: stopped"));
        }
    }

    #[test]
    fn a_signal_while_the_database_file_is_made_leaves_no_partial_file() {
        let directory = std::env::temp_dir().join(format!("sliding-signal-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let mut child = start("sliding", &["--pdb-cache", directory.to_str().unwrap()]);
        let mut input = child.stdin.take().unwrap();
        input.write_all(KORF_1.as_bytes()).unwrap();
        input.flush().unwrap();
        // The databases take seconds to build and write; stop the program in the middle.
        thread::sleep(Duration::from_millis(1500));
        kill(&child, "TERM");
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(143), "{}", common::text(&output.stderr));
        let left: Vec<_> = std::fs::read_dir(&directory)
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert!(left.iter().all(|name| !name.to_string_lossy().contains("partial")), "{left:?}");
        std::fs::remove_dir_all(&directory).unwrap();
    }
}
