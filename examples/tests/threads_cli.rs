//! `--threads`: the same output, byte for byte, whatever the number of threads; a bad case still
//! reported after every earlier answer; a stopped case still answered in its place.

mod common;

use common::text;

const ROTATION_IN: &str = include_str!("../../crates/puzzle-rotation/tests/data/random-200.in");
const ROTATION_OUT: &str = include_str!("../../crates/puzzle-rotation/tests/data/random-200.out");
const WALL_IN: &str = include_str!("../../crates/puzzle-wall-pusher/tests/data/random-100.in");
const SLIDING_IN: &str = include_str!("../data/sliding-sample.in");
const SLIDING_OUT: &str = include_str!("../data/sliding-sample.out");

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
