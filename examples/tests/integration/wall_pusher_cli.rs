//! The `wall-pusher` program as a user runs it: the judge's output, "No way out", the exit
//! statuses, the error messages, limits.

use crate::common;

use common::text;

const SAMPLE_IN: &str = include_str!("../../data/wall-pusher-sample.in");
const SAMPLE_OUT: &str = include_str!("../../data/wall-pusher-sample.out");
const SAMPLE_CASE: &str =
    "2 3\n10 2 10 10 2 6\n3 12 11 14 9 4\n13 15 3 6 15 13\n14 11 12 9 14 11\n";
/// Every border wall closed: no exit at all.
const WALLED_IN: &str = "1 1\n3 2 2 2 2 6\n1 0 0 0 0 4\n1 0 0 0 0 4\n9 8 8 8 8 12\n";

fn wall_pusher() -> assert_cmd::Command {
    common::program("wall-pusher")
}

#[test]
fn the_sample_is_answered_byte_for_byte() {
    wall_pusher().write_stdin(SAMPLE_IN).assert().success().stdout(SAMPLE_OUT).stderr("");
}

#[test]
fn a_maze_without_exit_is_answered_no_way_out() {
    let input = format!(
        "{WALLED_IN}{SAMPLE_CASE}0 0
"
    );
    let output = common::run("wall-pusher", &["--stats"], input)
        .success()
        .stdout(format!("No way out\n{SAMPLE_OUT}"));
    let stats = text(&output.get_output().stderr);
    assert!(stats.starts_with("case=1 length=none "), "{stats}");
    assert!(stats.contains("\ncase=2 length=16 ") && stats.contains(" regions="), "{stats}");
}

#[test]
fn bad_input_is_reported_with_its_case_after_the_earlier_answers() {
    for (bad_case, problem) in [
        ("2 3\n10 2 99\n", "mask 99"),
        ("7 1\n", "outside"),
        ("2 3\n10 x\n", "not an integer"),
        ("2 3\n10 2 10\n", "ends"),
    ] {
        let output = wall_pusher().write_stdin(format!("{SAMPLE_CASE}{bad_case}")).assert();
        let message = text(&output.code(2).stdout(SAMPLE_OUT).get_output().stderr);
        assert!(message.contains("case 2") && message.contains(problem), "{message}");
    }
}

#[test]
fn options_of_other_programs_are_usage_errors() {
    for args in [&["--pdb-cache", "x.pdb"][..], &["--heuristic", "manhattan"]] {
        let output = wall_pusher().args(args).write_stdin(SAMPLE_IN).assert().code(2).stdout("");
        let stderr = text(&output.get_output().stderr);
        assert!(stderr.starts_with("error: ") && stderr.contains("--help"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_case_stopped_by_the_node_budget_is_reported_and_the_next_is_answered() {
    let input = format!("{SAMPLE_CASE}{WALLED_IN}{SAMPLE_CASE}0 0\n");
    let output = wall_pusher().args(["--max-nodes", "50"]).write_stdin(input).assert().code(3);
    let output = output.stdout("not solved\nNo way out\nnot solved\n").get_output().clone();
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with(
            "wall-pusher: case 1 not solved: the node budget was spent (--max-nodes 50); bound "
        ),
        "{stderr}"
    );
    assert!(stderr.contains("wall-pusher: case 3 not solved"), "{stderr}");
}

#[test]
fn the_time_limit_stops_even_a_proof_of_no_way_out() {
    // 74 million positions to prove that there is no way out: seconds, stopped at once.
    let input = include_str!("../../data/wall-pusher-no-way-out-74m.in");
    let output = wall_pusher().args(["--time-limit", "0.2"]).write_stdin(input).assert().code(3);
    let stderr = text(&output.stdout("not solved\n").get_output().stderr);
    assert!(
        stderr.contains("case 1 not solved: the time limit was reached (--time-limit 0.2)"),
        "{stderr}"
    );
}
