//! The `rotation` program as a user runs it: the judge's output, the exit statuses, the error
//! messages. `cargo test` builds the examples before it runs the tests, next to the test binary.

mod common;

use common::text;

const SAMPLE_IN: &str = include_str!("../data/rotation-sample.in");
const SAMPLE_OUT: &str = include_str!("../data/rotation-sample.out");
const FIRST_CASE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n";

fn run(args: &[&str], input: &str) -> std::process::Output {
    common::run("rotation", args, input)
}

#[test]
fn the_sample_is_answered_byte_for_byte_with_either_bound() {
    for args in [&[][..], &["--heuristic", "exact"], &["--heuristic", "count"]] {
        let output = run(args, SAMPLE_IN);
        assert_eq!(text(&output.stdout), SAMPLE_OUT, "{args:?}");
        assert!(output.status.success());
        assert!(output.stderr.is_empty());
    }
}

#[test]
fn a_missing_final_zero_is_not_an_error() {
    let output = run(&[], FIRST_CASE);
    assert_eq!(text(&output.stdout), "AC\n2\n");
    assert!(output.status.success());
}

#[test]
fn bad_input_is_reported_with_its_case_after_the_earlier_answers() {
    for (bad_case, problem) in [
        ("1 1 x\n0\n", "not an integer"),
        ("1 1 4 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n", "holds 4"),
        ("1 1 0 1\n0\n", "holds 0"),
        ("1 2 3\n", "ends"),
    ] {
        let output = run(&[], &format!("{FIRST_CASE}{bad_case}"));
        assert_eq!(text(&output.stdout), "AC\n2\n", "{bad_case:?}");
        assert_eq!(output.status.code(), Some(2), "{bad_case:?}");
        let message = text(&output.stderr);
        assert!(message.contains("case 2"), "{message}");
        assert!(message.contains(problem), "{message}");
    }
}

#[test]
fn stats_give_one_key_value_line_per_case() {
    let output = run(&["--stats"], SAMPLE_IN);
    let lines: Vec<String> = text(&output.stderr).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2);
    for (number, line) in lines.iter().enumerate() {
        let keys: Vec<&str> = line.split(' ').map(|pair| pair.split('=').next().unwrap()).collect();
        assert_eq!(keys, ["case", "length", "generated", "expanded", "iterations", "seconds"]);
        assert!(line.starts_with(&format!("case={} ", number + 1)), "{line}");
    }
    assert!(lines[1].contains("length=4"), "{}", lines[1]);
}

#[test]
fn unknown_options_and_bounds_are_usage_errors() {
    for args in [&["--heuristic", "psychic"][..], &["--frobnicate"], &["--pdb-cache", "x.pdb"]] {
        let output = run(args, SAMPLE_IN);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
        assert!(!output.stderr.is_empty());
    }
}
