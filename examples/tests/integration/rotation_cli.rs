//! The `rotation` program as a user runs it: the judge's output, the exit statuses, the error
//! messages, limits and progress.

use crate::common;

use common::text;

const SAMPLE_IN: &str = include_str!("../../data/rotation-sample.in");
const SAMPLE_OUT: &str = include_str!("../../data/rotation-sample.out");
const FIRST_CASE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n";
/// The first board of hard-30: 11 moves, about a million nodes with the count heuristic.
const HARD_CASE: &str = "1 2 3 1 2 3 2 2 3 3 2 2 1 1 3 2 1 1 1 3 3 3 2 1\n";

fn rotation() -> assert_cmd::Command {
    common::program("rotation")
}

#[test]
fn the_sample_is_answered_byte_for_byte_with_either_heuristic() {
    for args in [&[][..], &["--heuristic", "exact"], &["--heuristic=count"]] {
        rotation()
            .args(args)
            .write_stdin(SAMPLE_IN)
            .assert()
            .success()
            .stdout(SAMPLE_OUT)
            .stderr("");
    }
}

#[test]
fn the_input_file_may_be_named_or_a_dash() {
    rotation().arg("../examples/data/rotation-sample.in").assert().success().stdout(SAMPLE_OUT);
    rotation().arg("-").write_stdin(SAMPLE_IN).assert().success().stdout(SAMPLE_OUT);
    let missing = rotation().arg("no-such-file.in").assert().code(2).get_output().clone();
    assert!(text(&missing.stderr).starts_with("error: cannot read no-such-file.in"));
}

#[test]
fn a_missing_final_zero_is_not_an_error() {
    rotation().write_stdin(FIRST_CASE).assert().success().stdout("AC\n2\n");
}

#[test]
fn bad_input_is_reported_with_its_case_after_the_earlier_answers() {
    for (bad_case, problem) in [
        ("1 1 x\n0\n", "not an integer"),
        ("1 1 4 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n", "holds 4"),
        ("1 1 0 1\n0\n", "holds 0"),
        ("1 2 3\n", "ends"),
    ] {
        let output = rotation().write_stdin(format!("{FIRST_CASE}{bad_case}")).assert().code(2);
        let output = output.stdout("AC\n2\n").get_output().clone();
        let message = text(&output.stderr);
        assert!(message.contains("case 2") && message.contains(problem), "{message}");
    }
}

#[test]
fn stats_give_one_key_value_line_per_case() {
    let output = rotation().arg("--stats").write_stdin(SAMPLE_IN).assert().success();
    let stderr = text(&output.get_output().stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2);
    for (number, line) in lines.iter().enumerate() {
        let keys: Vec<&str> = line.split(' ').map(|pair| pair.split('=').next().unwrap()).collect();
        assert_eq!(keys, ["case", "length", "generated", "expanded", "iterations", "seconds"]);
        assert!(line.starts_with(&format!("case={} ", number + 1)), "{line}");
    }
    assert!(lines[1].contains("length=4"), "{}", lines[1]);
}

#[test]
fn the_trace_goes_through_the_same_solver() {
    let output = common::run("rotation", &["--trace", "--trace-limit", "2"], FIRST_CASE);
    let stderr = text(&output.success().stdout("AC\n2\n").get_output().stderr.clone());
    assert_eq!(
        stderr,
        "== case 1 ==\nbound=2\nstart g=0 h=2 f=2 expanded\n  A g=1 h=1 f=2 expanded\n\
         ... node lines stopped after 2 (see --trace-limit); the bounds go on\n    \
         C g=2 h=0 f=2 goal\nend of bound=2: generated=4 expanded=2 pruned=2\nsolution AC cost=2\n"
    );
}

#[test]
fn unknown_options_and_heuristics_are_usage_errors() {
    for args in [&["--heuristic", "psychic"][..], &["--frobnicate"], &["--pdb-cache", "x.pdb"]] {
        let output = rotation().args(args).write_stdin(SAMPLE_IN).assert().code(2).stdout("");
        let stderr = text(&output.get_output().stderr);
        assert!(stderr.starts_with("error: ") && stderr.contains("--help"), "{args:?}: {stderr}");
    }
    let output = rotation().args(["--heuristic", "psychic"]).assert().code(2);
    let stderr = text(&output.get_output().stderr);
    assert!(stderr.contains("[possible values: exact, count]"), "{stderr}");
}

#[test]
fn help_and_version_are_clap_s() {
    let help = rotation().arg("--help").assert().success().get_output().stdout.clone();
    let help = text(&help);
    assert!(help.contains("Usage: rotation [OPTIONS] [FILE]"), "{help}");
    for option in [
        "--heuristic",
        "--pretty",
        "--stats",
        "--trace",
        "--max-nodes",
        "--time-limit",
        "--progress",
    ] {
        assert!(help.contains(option), "{option}");
    }
    assert!(help.contains("Exit status: 0"), "{help}");
    let version = rotation().arg("--version").assert().success().get_output().stdout.clone();
    assert_eq!(text(&version), format!("rotation {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn a_case_stopped_by_the_node_budget_is_reported_and_the_next_is_answered() {
    let input = format!("{HARD_CASE}{FIRST_CASE}0\n");
    let mut command = rotation();
    let output = command.args(["--heuristic", "count", "--max-nodes", "1000"]).write_stdin(input);
    let output = output.assert().code(3).stdout("not solved\nAC\n2\n").get_output().clone();
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with(
            "rotation: case 1 not solved: the node budget was spent (--max-nodes 1000); bound "
        ),
        "{stderr}"
    );
    assert!(stderr.ends_with(", 1000 nodes generated\n"), "{stderr}");
}

#[test]
fn a_case_stopped_by_the_time_limit_is_reported_and_the_next_is_answered() {
    let input = format!("{HARD_CASE}{FIRST_CASE}0\n");
    let mut command = rotation();
    let output =
        command.args(["--heuristic", "count", "--time-limit", "0", "--stats"]).write_stdin(input);
    let output = output.assert().code(3).stdout("not solved\nnot solved\n").get_output().clone();
    let stderr = text(&output.stderr);
    assert!(stderr.contains("case=1 length=stopped "), "{stderr}");
    assert!(
        stderr.contains(
            "rotation: case 1 not solved: the time limit was reached (--time-limit 0); bound "
        ),
        "{stderr}"
    );
    for bad in ["-1", "soon"] {
        rotation().args(["--time-limit", bad]).assert().code(2);
    }
}

/// The node budget counts the start, so it is at least 1; a budget of 1 is spent on the start,
/// and the message counts it as one node.
#[test]
fn the_node_budget_counts_the_start_and_is_at_least_one() {
    let refused = rotation().args(["--max-nodes", "0"]).write_stdin(FIRST_CASE).assert().code(2);
    let stderr = text(&refused.get_output().stderr);
    assert!(stderr.contains("invalid value '0' for '--max-nodes <N>'"), "{stderr}");
    assert!(stderr.contains("1.."), "{stderr}");
    let mut command = rotation();
    let one = command.args(["--heuristic", "count", "--max-nodes", "1"]).write_stdin(HARD_CASE);
    let output = one.assert().code(3).stdout("not solved\n").get_output().clone();
    let stderr = text(&output.stderr);
    assert!(stderr.ends_with(", 1 node generated\n"), "{stderr}");
}

#[test]
fn a_time_limit_too_large_is_called_so() {
    let refused = rotation().args(["--time-limit", "1e30"]).write_stdin(FIRST_CASE).assert();
    let stderr = text(&refused.code(2).get_output().stderr);
    assert!(stderr.contains(r#""1e30" seconds is too large: at most "#), "{stderr}");
}
