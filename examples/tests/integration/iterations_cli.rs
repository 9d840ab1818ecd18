//! The `iterations` program: the table of iterations per heuristic, and its command line.

use crate::common;

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

#[test]
fn the_8_puzzle_is_a_board_of_9_tiles() {
    let eight = ["sliding", "8", "6", "7", "2", "5", "4", "3", "0", "1"];
    let output = iterations().args(eight).assert().success();
    let table = text(&output.get_output().stdout);
    assert!(table.starts_with("The 8-puzzle, a board "), "{table}");
    assert!(table.contains("| **linear-conflict** | **answer: "), "{table}");
    assert!(!table.contains("| pdb |"), "no databases for the 8-puzzle: {table}");
    let output = iterations().args(&eight[..5]).assert().code(2);
    let stderr = text(&output.get_output().stderr);
    assert!(stderr.contains("a board has 9 tiles (8-puzzle) or 16 (15-puzzle), not 4"), "{stderr}");
}

/// The usage line names a board's values once, not once per value.
#[test]
fn the_usage_lines_are_short() {
    for puzzle in ["rotation", "sliding"] {
        let output = iterations().args([puzzle, "--help"]).assert().success();
        let help = text(&output.get_output().stdout);
        let usage = help.lines().find(|line| line.starts_with("Usage: ")).unwrap();
        assert!(usage.len() < 80, "{usage}");
    }
    for program in ["rotation", "wall-pusher", "sliding"] {
        let output = common::program(program).arg("--help").assert().success();
        let help = text(&output.get_output().stdout);
        assert!(help.contains("--heuristic <NAME>"), "{program}: {help}");
    }
}
