//! The parallel IDA* driver gives the sequential driver's answers and counts on every maze of
//! the shared data, for 1, 2, 3 and 8 threads: the mazes with a way out searched to their
//! answer, the others (where IDA* alone never ends) to a bound limit.

use puzzle_wall_pusher::{ExitDistance, Maze, Step, WallPusher, cases};
use rstest::rstest;
use search_core::{IdaStar, Limits, Report};

/// The thread counts every comparison runs with.
const THREADS: [usize; 4] = [1, 2, 3, 8];

/// The bound limit on mazes with no way out.
const NO_WAY_OUT_BOUND: u8 = 20;

/// `(bound, generated, expanded)` of each iteration.
fn iterations(report: &Report<Step, u8>) -> Vec<(u8, u64, u64)> {
    report.stats.iterations.iter().map(|i| (i.bound, i.generated, i.expanded)).collect()
}

#[rstest]
#[case::sample(include_str!("../data/sample.in"), include_str!("../data/sample.len"))]
#[case::random_100(include_str!("../data/random-100.in"), include_str!("../data/random-100.len"))]
#[case::long_20(include_str!("../data/long-20.in"), include_str!("../data/long-20.len"))]
#[case::exit_at_start_5(
    include_str!("../data/exit-at-start-5.in"),
    include_str!("../data/exit-at-start-5.len")
)]
#[case::no_way_out_10(include_str!("../data/no-way-out-10.in"), include_str!("../data/no-way-out-10.len"))]
fn every_maze_gets_the_sequential_answer(#[case] input: &str, #[case] lengths: &str) {
    let mazes: Vec<Maze> = cases(input).map(|case| case.unwrap()).collect();
    let lengths: Vec<&str> = lengths.split_whitespace().collect();
    assert_eq!(mazes.len(), lengths.len());
    for (number, (maze, length)) in mazes.iter().zip(lengths).enumerate() {
        let limits = if length == "none" {
            Limits::default().max_bound(NO_WAY_OUT_BOUND)
        } else {
            Limits::default()
        };
        let sequential = IdaStar::new(&WallPusher, &ExitDistance).limits(limits.clone()).run(maze);
        if length != "none" {
            let moves = sequential.outcome.solution().map(|solution| solution.moves.len());
            assert_eq!(moves.map(|moves| moves.to_string()).as_deref(), Some(length));
        }
        for threads in THREADS {
            let parallel = IdaStar::new(&WallPusher, &ExitDistance)
                .limits(limits.clone())
                .threads(threads)
                .run(maze);
            let context = format!("case {}, {threads} threads", number + 1);
            assert_eq!(parallel.outcome, sequential.outcome, "{context}");
            assert_eq!(iterations(&parallel), iterations(&sequential), "{context}");
        }
    }
}
