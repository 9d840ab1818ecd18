//! The `sliding` program as a user runs it: the answers, the exit statuses, the error messages.
//! `cargo test` builds the examples before it runs the tests, next to the test binary.

mod common;

use common::text;

const SAMPLE_IN: &str = include_str!("../data/sliding-sample.in");
const SAMPLE_OUT: &str = include_str!("../data/sliding-sample.out");

fn run(args: &[&str], input: &str) -> std::process::Output {
    common::run("sliding", args, input)
}

/// The sample with the formula bounds (the pattern databases, the 4x4 default, take seconds to
/// build: the benchmark covers them).
#[test]
fn the_sample_is_answered_with_either_formula_bound() {
    for args in [&["--heuristic", "manhattan"][..], &["--heuristic=linear-conflict"]] {
        let output = run(args, SAMPLE_IN);
        assert_eq!(text(&output.stdout), SAMPLE_OUT, "{args:?}");
        assert!(output.status.success());
        assert!(output.stderr.is_empty());
    }
}

#[test]
fn stats_lines_follow_the_common_format() {
    let output = run(&["--stats"], "1 2 0 3 4 5 6 7 8\n0 2 1 3 4 5 6 7 8\n");
    assert_eq!(text(&output.stdout), "LL\nunsolvable\n");
    let stderr = text(&output.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(lines[0].starts_with("case=1 length=2 generated=3 expanded=2 iterations=1 seconds="));
    assert!(lines[1].starts_with("case=2 length=none generated=0 expanded=0 iterations=0 "));
}

#[test]
fn the_trace_is_capped() {
    let output = run(&["--trace", "--trace-limit", "3"], "1 2 5 3 4 0 6 7 8\n");
    assert_eq!(text(&output.stdout), "ULL\n");
    let stderr = text(&output.stderr);
    assert_eq!(stderr.lines().count(), 4, "{stderr}");
    assert!(stderr.starts_with("bound=3\nstart g=0 h=3 f=3 expanded\n"), "{stderr}");
}

#[test]
fn bad_input_is_reported_with_its_case_and_line_after_the_earlier_answers() {
    for (bad, problem) in [
        ("1 2 x 3 4 5 6 7 8", "case 2 (line 3): token \"x\" is not an integer"),
        ("1 2 3", "case 2 (line 3): 3 numbers"),
        ("1 2 0 3 4 5 6 7 9", "case 2 (line 3): 9 is not a tile"),
        ("1 2 0 3 4 5 6 7 7", "case 2 (line 3): tile 7 appears twice"),
    ] {
        let input = format!("1 2 0 3 4 5 6 7 8\n# comment\n{bad}\n1 2 0 3 4 5 6 7 8\n");
        let output = run(&[], &input);
        assert_eq!(text(&output.stdout), "LL\n", "{bad}");
        assert_eq!(output.status.code(), Some(2), "{bad}");
        let stderr = text(&output.stderr);
        assert!(stderr.starts_with("error: ") && stderr.contains(problem), "{bad}: {stderr}");
    }
}

#[test]
fn the_databases_are_for_the_15_puzzle_only() {
    let output = run(&["--heuristic", "pdb"], "1 2 0 3 4 5 6 7 8\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("case 1: the pdb heuristic is for 4x4 boards only"));
}

/// The default bounds on the sample (pattern databases for its 15-puzzles), with a database file:
/// the first run writes it, the next reads it. (The library's tests cover damaged and foreign
/// files, on the 8-puzzle's databases, which build in milliseconds.)
#[test]
fn the_pattern_database_file_is_written_once_then_read() {
    let directory = std::env::temp_dir().join(format!("sliding-cli-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join("fifteen.pdb");
    let file = path.to_str().unwrap();

    let first = run(&["--pdb-cache", file], SAMPLE_IN);
    assert_eq!(text(&first.stdout), SAMPLE_OUT);
    assert!(first.status.success());
    assert_eq!(text(&first.stderr), "");
    // Three databases: 5,765,760 + 5,765,760 + 3,360 distances, and 64 bytes around them.
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 11_534_944);

    let second = run(&["--pdb-cache", file, "--stats"], SAMPLE_IN);
    assert_eq!(text(&second.stdout), SAMPLE_OUT);
    assert!(second.status.success());
    assert!(text(&second.stderr).lines().all(|line| line.starts_with("case=")));

    std::fs::remove_dir_all(&directory).unwrap();
}

#[test]
fn bad_command_lines_exit_with_2() {
    for args in [&["--heuristic", "misplaced"][..], &["--bogus"], &["--pretty"], &["--pdb-cache"]] {
        let output = run(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(text(&output.stderr).contains("Try 'sliding --help'."), "{args:?}");
    }
    let help = run(&["--help"], "");
    assert!(help.status.success());
    assert!(text(&help.stdout).starts_with("Usage: sliding"));
}
