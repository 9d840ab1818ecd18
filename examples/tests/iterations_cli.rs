//! The `iterations` program: the table of iterations per heuristic, and its command line.

mod common;

use common::text;

fn iterations() -> assert_cmd::Command {
    common::program("iterations")
}

#[test]
fn the_rotation_table_has_a_row_per_iteration_and_a_total_per_heuristic() {
    let output = common::run("iterations", &["rotation"], "").success();
    let table = text(&output.get_output().stdout);
    assert!(table.starts_with("The Rotation Game, a board 11 moves from solved\n"), "{table}");
    assert!(table.contains("| heuristic | iteration bound | generated | expanded | time |"));
    assert!(table.contains("| **count** | **answer: 11 moves** |"), "{table}");
    // The exact heuristic's first bound is the answer's length: one iteration.
    assert_eq!(table.lines().filter(|line| line.starts_with("| exact | ")).count(), 1, "{table}");
}

#[test]
fn bad_boards_and_puzzles_are_usage_errors() {
    for args in [&["chess"][..], &["rotation", "1", "2"], &["rotation"; 25], &["sliding", "1"], &[]]
    {
        iterations().args(args).assert().code(2);
    }
    let unsolvable = [
        "sliding", "0", "2", "1", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14",
        "15",
    ];
    let output = iterations().args(unsolvable).assert().code(2);
    assert!(text(&output.get_output().stderr).contains("this board cannot be solved"));
}
