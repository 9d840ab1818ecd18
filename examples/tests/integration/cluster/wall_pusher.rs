//! The Wall Pushers on a cluster: the one-process answer and counts for a maze with a way out,
//! and a maze with none answered without a search.

use std::path::Path;

use super::support::{Scratch, answer};
use crate::common::{program, text};

/// The first maze of the puzzle crate's long cases: 19 moves, its start's region touching an
/// open exit (so the program runs IDA\* once, as the cluster does).
const LONG: &str = "5 4
3 10 6 15 3 6
5 15 5 3 12 5
5 15 9 12 15 5
9 10 6 15 11 12
0 0
";

/// A maze whose exits are all closed: no way out.
const CLOSED: &str = "1 1
3 2 2 2 2 6
1 0 0 0 0 4
1 0 0 0 0 4
9 8 8 8 8 12
0 0
";

/// `wall-pusher cluster ARGS` in `cwd`.
fn cluster(cwd: &Path, args: &[&str]) -> std::process::Output {
    program("wall-pusher").current_dir(cwd).arg("cluster").args(args).output().unwrap()
}

#[test]
fn a_maze_searched_through_an_engine_gives_the_one_process_answer() {
    let scratch = Scratch::new("wall-pusher");
    let case = scratch.file("maze.txt", LONG);
    let expected = answer(
        &program("wall-pusher").args(["--threads", "1", "--stats"]).arg(&case).output().unwrap(),
    );
    assert_eq!(expected.moves.len(), 19, "{expected:?}");
    let template = "seq 0 {last} | xargs -P 2 -I TASK sh {script} TASK";
    let engines: [&[&str]; 2] = [
        &["--engine", "command", "--command", template, "--units", "16"],
        &["--engine", "command", "--command", template, "--pool", "--tasks", "2"],
    ];
    for (index, engine) in engines.into_iter().enumerate() {
        let dir = format!("work-{index}");
        let args = [&["run", "--dir", &dir][..], engine, &["--", "--stats", "maze.txt"]].concat();
        let output = cluster(&scratch.0, &args);
        assert_eq!(answer(&output), expected, "{engine:?}: {}", text(&output.stderr));
    }
}

#[test]
fn a_maze_with_no_way_out_is_answered_without_a_search() {
    let scratch = Scratch::new("wall-pusher-closed");
    scratch.file("maze.txt", CLOSED);
    let output = cluster(&scratch.0, &["run", "--dir", "work", "--", "--stats", "maze.txt"]);
    let answered = answer(&output);
    assert_eq!((answered.moves.as_str(), answered.generated), ("No way out", 0));
    let output = cluster(&scratch.0, &["split", "--bound", "3", "--", "maze.txt"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("answered without a search"), "{}", text(&output.stderr));
}
