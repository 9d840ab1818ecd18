//! `--threads`: the same output, byte for byte, whatever the number of threads; a bad case still
//! reported after every earlier answer; a stopped case still answered in its place; a large
//! input answered in bounded memory.

use crate::common;

use common::text;

const ROTATION_IN: &str = include_str!("../../../crates/puzzle-rotation/tests/data/random-200.in");
const ROTATION_OUT: &str =
    include_str!("../../../crates/puzzle-rotation/tests/data/random-200.out");
const WALL_IN: &str = include_str!("../../../crates/puzzle-wall-pusher/tests/data/random-100.in");
const SLIDING_IN: &str = include_str!("../../data/sliding-sample.in");
const SLIDING_OUT: &str = include_str!("../../data/sliding-sample.out");

#[test]
fn every_number_of_threads_gives_the_same_output() {
    let wall_out = common::run("wall-pusher", &["--threads", "1"], WALL_IN).success();
    let wall_out = text(&wall_out.get_output().stdout);
    for threads in ["1", "2", "3", "8"] {
        common::run("rotation", &["--threads", threads], ROTATION_IN)
            .success()
            .stdout(ROTATION_OUT);
        common::run("wall-pusher", &["--threads", threads], WALL_IN)
            .success()
            .stdout(wall_out.clone());
        let sliding = ["--threads", threads, "--heuristic", "linear-conflict"];
        common::run("sliding", &sliding, SLIDING_IN).success().stdout(SLIDING_OUT);
    }
}

#[test]
fn a_bad_case_is_reported_after_every_earlier_answer() {
    let cases: Vec<&str> = ROTATION_IN.lines().take(50).collect();
    let input = format!("{}\n1 2 x\n", cases.join("\n"));
    let expected: String = ROTATION_OUT.split_inclusive('\n').take(100).collect();
    for threads in ["2", "8"] {
        let output = common::run("rotation", &["--threads", threads], input.clone()).code(2);
        let output = output.stdout(expected.clone()).get_output().clone();
        assert!(text(&output.stderr).contains("case 51: token \"x\" is not an integer"));
    }
}

#[test]
fn a_stopped_case_is_answered_in_its_place() {
    // Korf's instance 1 stopped by the node budget, between two boards answered at once.
    let input = "1 2 0 3 4 5 6 7 8\n14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n1 0 2 3 4 5 6 7 8\n";
    let args = ["--threads", "2", "--heuristic", "manhattan", "--max-nodes", "100000"];
    let output = common::run("sliding", &args, input).code(3).stdout("LL\nnot solved\nL\n");
    let stderr = text(&output.get_output().stderr);
    assert!(stderr.contains("sliding: case 2 not solved: the node budget was spent"), "{stderr}");
}

#[test]
fn zero_threads_is_a_usage_error() {
    common::run("rotation", &["--threads", "0"], "").code(2);
}

/// The 200 Rotation boards without the `0` that ends the input.
fn rotation_boards() -> &'static str {
    ROTATION_IN.strip_suffix("0\n").expect("the input ends with a lone 0")
}

/// The `--stats` lines without their times, which differ from run to run.
fn stats_without_seconds(stderr: &[u8]) -> Vec<String> {
    let stderr = text(stderr);
    stderr.lines().map(|line| line.split(" seconds=").next().unwrap().to_owned()).collect()
}

#[test]
fn many_jobs_give_the_same_answers_and_figures() {
    // Enough cases for jobs of many sizes, and blocks of input cut anywhere in a case.
    let cases = rotation_boards();
    let input = format!("{}0\n", cases.repeat(50));
    let expected = ROTATION_OUT.repeat(50);
    let runs: Vec<Vec<String>> = ["1", "2", "3"]
        .into_iter()
        .map(|threads| {
            let output = common::run("rotation", &["--threads", threads, "--stats"], input.clone());
            let output = output.success().stdout(expected.clone()).get_output().clone();
            stats_without_seconds(&output.stderr)
        })
        .collect();
    assert_eq!(runs[0].len(), 10_000);
    assert!(runs.iter().all(|run| *run == runs[0]));
}

#[cfg(target_os = "linux")]
#[test]
fn a_large_input_is_answered_in_bounded_memory() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    use std::thread;
    use std::time::Duration;

    /// The peak memory of `rotation --threads 2` over `copies` copies of the 200 boards, in kB,
    /// as the kernel reports it just before the program exits.
    fn peak_kilobytes(copies: usize) -> u64 {
        let path = common::program("rotation").get_program().to_owned();
        let mut child = Command::new(path)
            .args(["--threads", "2"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let cases = rotation_boards();
        let writer = thread::spawn(move || {
            for _ in 0..copies {
                input.write_all(cases.as_bytes()).unwrap();
            }
            input.write_all(b"0\n").unwrap();
        });
        let status = format!("/proc/{}/status", child.id());
        let mut peak = 0;
        while child.try_wait().unwrap().is_none() {
            if let Ok(status) = std::fs::read_to_string(&status)
                && let Some(line) = status.lines().find(|line| line.starts_with("VmHWM:"))
            {
                let kilobytes = line.split_whitespace().nth(1).unwrap().parse().unwrap();
                peak = peak.max(kilobytes);
            }
            thread::sleep(Duration::from_millis(5));
        }
        writer.join().unwrap();
        peak
    }

    // 200,000 boards, 9.6 MB of input, against 20,000, both more than the batch holds in
    // flight: a program that held its input, or its answers, would grow by megabytes.
    let small = peak_kilobytes(100);
    let large = peak_kilobytes(1000);
    assert!(large < small + 3 * 1024, "{small} kB for 20,000 boards, {large} kB for 200,000");
}
