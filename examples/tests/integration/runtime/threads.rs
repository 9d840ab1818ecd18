//! A long case gets every thread the other cases leave free, whatever the input: alone in a
//! file, alone on a pipe, at the end of a batch or before other cases. Which threads searched is
//! read from the kernel's per-thread CPU times (`/proc/PID/task`): a case searched on one thread
//! leaves every other thread nearly idle.

use std::collections::HashMap;
use std::process::Child;
use std::thread;
use std::time::Duration;

use super::{Running, Sink};

/// Korf's 15-puzzle instance 25: two thirds of a second of processor time with the Manhattan
/// distance in the test build. Long enough that a thread woken late (a loaded machine: CI builds
/// beside the tests) still takes its share: on instance 2 (15 million nodes, about 60 ms), a CI
/// run once saw one thread take 5 of the search's 6 clock ticks.
const KORF_25: &str = "11 4 2 7 1 0 10 15 6 9 14 8 3 13 5 12\n";

/// Its answer's length and the nodes IDA* generates for it (Korf's table).
const KORF_25_STATS: &str = "length=52 generated=100734844 ";

/// The CPU time, in clock ticks, each thread of `child` has taken by the time it ends (the last
/// sample before), with the thread's name: sampled every few milliseconds.
fn thread_ticks(child: &mut Child) -> HashMap<String, (String, u64)> {
    let tasks = format!("/proc/{}/task", child.id());
    let mut ticks = HashMap::new();
    while child.try_wait().unwrap().is_none() {
        for task in std::fs::read_dir(&tasks).into_iter().flatten().flatten() {
            let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else { continue };
            // `tid (name) state ...`, the name in parentheses, utime and stime the 12th and 13th
            // fields after it.
            let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else { continue };
            let name = stat[open + 1..close].to_owned();
            let fields: Vec<&str> = stat[close + 1..].split_whitespace().collect();
            let used: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
            let tid = task.file_name().to_string_lossy().into_owned();
            ticks.insert(tid, (name, used));
        }
        thread::sleep(Duration::from_millis(5));
    }
    ticks
}

/// Runs `sliding --heuristic manhattan --stats --threads 2` with `args` over `input`, and checks
/// that two threads shared the work (each took a fifth of the CPU time at least: the long case,
/// case `long`, takes nearly all of it), and that case `long` has Korf's answer length and counts.
fn check_every_thread_searched(args: &[&str], input: &str, long: usize, what: &str) {
    let args = [&["--heuristic", "manhattan", "--stats", "--threads", "2"], args].concat();
    let mut run = Running::start("sliding", &args, input, Sink::Pipe);
    drop(run.input.take());
    let ticks = thread_ticks(&mut run.child);
    let (code, _, errors) = run.end();
    assert_eq!(code, Some(0), "{what}: {errors:?}");
    let prefix = format!("case={long} ");
    let line = errors.iter().find(|line| line.starts_with(&prefix)).expect("a --stats line");
    assert!(line.contains(KORF_25_STATS), "{what}: {line}");
    let all: u64 = ticks.values().map(|(_, used)| used).sum();
    let busy = ticks.values().filter(|&&(_, used)| used * 5 >= all).count();
    assert!(busy >= 2, "{what}: {ticks:?}");
}

#[test]
fn a_long_case_alone_in_a_file_gets_every_thread() {
    let path = std::env::temp_dir().join(format!("runtime-{}-korf-25.in", std::process::id()));
    std::fs::write(&path, KORF_25).unwrap();
    check_every_thread_searched(&[path.to_str().unwrap()], "", 1, "alone in a file");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_long_case_alone_on_a_pipe_gets_every_thread() {
    check_every_thread_searched(&[], KORF_25, 1, "alone on a pipe");
}

#[test]
fn a_long_case_at_the_end_of_a_batch_gets_every_thread() {
    check_every_thread_searched(&[], &format!("{}{KORF_25}", easy()), 61, "at the end of a batch");
}

#[test]
fn a_long_case_before_others_gets_the_threads_they_leave() {
    check_every_thread_searched(&[], &format!("{KORF_25}{}", easy()), 1, "before other cases");
}

/// Sixty boards answered in microseconds.
fn easy() -> String {
    "1 2 0 3 4 5 6 7 8\n0 2 1 3 4 5 6 7 8\n1 0 2 3 4 5 6 7 8\n".repeat(20)
}
