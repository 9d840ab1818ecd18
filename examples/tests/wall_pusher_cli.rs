//! The `wall-pusher` program as a user runs it: the judge's output, "No way out", the exit
//! statuses, the error messages.

mod common;

use common::text;

const SAMPLE_IN: &str = include_str!("../data/wall-pusher-sample.in");
const SAMPLE_OUT: &str = include_str!("../data/wall-pusher-sample.out");
const SAMPLE_CASE: &str =
    "2 3\n10 2 10 10 2 6\n3 12 11 14 9 4\n13 15 3 6 15 13\n14 11 12 9 14 11\n";
/// Every border wall closed: no exit at all.
const WALLED_IN: &str = "1 1\n3 2 2 2 2 6\n1 0 0 0 0 4\n1 0 0 0 0 4\n9 8 8 8 8 12\n";

fn run(args: &[&str], input: &str) -> std::process::Output {
    common::run("wall-pusher", args, input)
}

#[test]
fn the_sample_is_answered_byte_for_byte() {
    let output = run(&[], SAMPLE_IN);
    assert_eq!(text(&output.stdout), SAMPLE_OUT);
    assert!(output.status.success());
    assert!(output.stderr.is_empty());
}

#[test]
fn a_maze_without_exit_is_answered_no_way_out() {
    let output = run(&["--stats"], &format!("{WALLED_IN}{SAMPLE_CASE}0 0\n"));
    assert_eq!(text(&output.stdout), format!("No way out\n{SAMPLE_OUT}"));
    assert!(output.status.success());
    let stats = text(&output.stderr);
    assert!(stats.starts_with("case=1 length=none "), "{stats}");
    assert!(stats.contains("\ncase=2 length=16 "), "{stats}");
}

#[test]
fn bad_input_is_reported_with_its_case_after_the_earlier_answers() {
    for (bad_case, problem) in [
        ("2 3\n10 2 99\n", "mask 99"),
        ("7 1\n", "outside"),
        ("2 3\n10 x\n", "not an integer"),
        ("2 3\n10 2 10\n", "ends"),
    ] {
        let output = run(&[], &format!("{SAMPLE_CASE}{bad_case}"));
        assert_eq!(text(&output.stdout), SAMPLE_OUT, "{bad_case:?}");
        assert_eq!(output.status.code(), Some(2), "{bad_case:?}");
        let message = text(&output.stderr);
        assert!(message.contains("case 2"), "{message}");
        assert!(message.contains(problem), "{message}");
    }
}

#[test]
fn options_of_other_programs_are_usage_errors() {
    for args in [&["--pdb-cache", "x.pdb"][..], &["--heuristic", "manhattan"]] {
        let output = run(args, SAMPLE_IN);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(text(&output.stderr).contains("Try 'wall-pusher --help'."), "{args:?}");
    }
}
