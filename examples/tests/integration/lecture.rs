//! The lecture instances of `examples/data/lecture`: each takes the number of IDA\* iterations
//! its file says, run through the programs as a teacher runs them (`--stats`), and the trace
//! shows the bound growing as the lecture says.

use crate::common;

use common::text;

/// The `iterations=` and `length=` of each `--stats` line of `program` run with `args` on the
/// lecture file `file`.
fn iterations_and_lengths(program: &str, args: &[&str], file: &str) -> Vec<(String, String)> {
    let path = format!("../examples/data/lecture/{file}");
    let args = [&["--stats"], args, &[path.as_str()]].concat();
    let output = common::run(program, &args, "").success().get_output().stderr.clone();
    text(&output)
        .lines()
        .map(|line| {
            let field = |name: &str| {
                let value = line.split(' ').find_map(|field| field.strip_prefix(name));
                value.unwrap_or_else(|| panic!("no {name} in {line}")).to_owned()
            };
            (field("iterations="), field("length="))
        })
        .collect()
}

fn expected(rows: &[(&str, &str)]) -> Vec<(String, String)> {
    rows.iter().map(|&(iterations, length)| (iterations.to_owned(), length.to_owned())).collect()
}

#[test]
fn the_eight_puzzles_take_three_to_five_iterations_with_manhattan() {
    let runs = iterations_and_lengths("sliding", &["--heuristic", "manhattan"], "eight-puzzle.in");
    assert_eq!(runs, expected(&[("3", "8"), ("4", "10"), ("5", "11"), ("5", "29")]));
}

#[test]
fn the_two_by_three_boards_take_four_and_five_iterations() {
    let runs = iterations_and_lengths("sliding", &[], "two-by-three.in");
    assert_eq!(runs, expected(&[("4", "13"), ("5", "14"), ("0", "none")]));
}

#[test]
fn the_fifteen_puzzle_takes_five_iterations_with_manhattan() {
    let runs =
        iterations_and_lengths("sliding", &["--heuristic", "manhattan"], "fifteen-puzzle.in");
    assert_eq!(runs, expected(&[("5", "32")]));
}

#[test]
fn the_rotation_boards_take_four_and_five_iterations_with_count() {
    let runs = iterations_and_lengths("rotation", &["--heuristic", "count"], "rotation.in");
    assert_eq!(runs, expected(&[("4", "7"), ("5", "8")]));
    // With the exact heuristic, the first iteration is the last.
    let runs = iterations_and_lengths("rotation", &["--heuristic", "exact"], "rotation.in");
    assert_eq!(runs, expected(&[("1", "7"), ("1", "8")]));
}

/// The trace of the first 8-puzzle, past its node limit: the bounds 4, 6 and 8, each iteration's
/// least f cut off the next bound, and the goal's line.
#[test]
fn the_trace_shows_the_bound_grow_by_two() {
    let path = "../examples/data/lecture/eight-puzzle.in";
    let args = ["--heuristic", "manhattan", "--trace", "--trace-limit", "0", path];
    let output = common::run("sliding", &args, "").success().get_output().clone();
    let trace = text(&output.stderr);
    let first: Vec<&str> = trace.split("== case 2 ==").next().unwrap().lines().collect();
    // The counts vary with the driver's details; the bounds are the lecture's point.
    let summaries: Vec<String> = first
        .iter()
        .map(|line| match line.split_once(": generated=") {
            Some((end, counts)) => {
                let next = counts.split_once(" next bound=").map(|(_, next)| next);
                next.map_or_else(|| end.to_owned(), |next| format!("{end} next bound={next}"))
            }
            None => (*line).to_owned(),
        })
        .collect();
    assert_eq!(
        summaries,
        [
            "== case 1 ==",
            "bound=4",
            "... node lines stopped after 0 (see --trace-limit); the bounds go on",
            "end of bound=4 next bound=6",
            "bound=6",
            "end of bound=6 next bound=8",
            "bound=8",
            "                L g=8 h=0 f=8 goal",
            "end of bound=8",
            "solution RDRDLUUL cost=8",
        ]
    );
}
