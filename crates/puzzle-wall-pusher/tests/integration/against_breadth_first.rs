//! IDA\* (with the proof) against breadth-first search over positions, on random mazes dense
//! with walls, so that their state spaces stay small enough for `search_core::breadth_first`.
//!
//! Both searches try the moves in the same order and return the first shortest answer in that
//! order, so their answers must be equal, not only equally long. On mazes with no way out, the
//! proof must have counted exactly the positions breadth-first search expanded.

use puzzle_wall_pusher::{Answer, Maze, Proof, WallPusher, cases, prove};
use rstest::rstest;
use search_core::{BreadthFirst, Limits, Outcome, breadth_first};

use crate::checker;
use crate::common;
use checker::Board;
use common::{SplitMix64, answered, random_input};

/// Positions breadth-first search may store before the case is skipped as too big for a test.
const MAX_POSITIONS: u64 = 200_000;

#[rstest]
#[case::dense_walls_one_exit(1, 60, 1, 20)]
#[case::dense_walls_few_exits(2, 55, 3, 15)]
#[case::medium_walls(3, 45, 2, 5)]
#[case::sparse_walls_one_exit(4, 35, 1, 1)]
fn ida_star_and_the_proof_agree_with_breadth_first(
    #[case] seed: u64,
    #[case] percent: usize,
    #[case] max_exits: usize,
    #[case] at_least_no_way_out: usize,
) {
    let mut rng = SplitMix64(seed);
    let (mut solved, mut no_way_out, mut longest) = (0, 0, 0);
    for round in 0..60 {
        let input = random_input(&mut rng, percent, max_exits);
        let maze: Maze = cases(&input).next().unwrap().unwrap();
        let bfs = BreadthFirst::new(&WallPusher)
            .limits(Limits::default().max_generated(MAX_POSITIONS))
            .run(&maze);
        if matches!(bfs.outcome, Outcome::Stopped { .. }) {
            continue;
        }
        let ours = answered(maze);
        match bfs.outcome {
            Outcome::Solved(solution) => {
                assert_eq!(
                    ours.answer,
                    Ok(Answer::WayOut(solution.moves)),
                    "round {round}\n{input}"
                );
                let line = ours.answer.unwrap().to_string();
                Board::parse_all(&input)[0].check(line.trim_end()).unwrap();
                assert_eq!(prove(&maze), Proof::WayOut);
                solved += 1;
                longest = longest.max(line.len() - 1);
            }
            Outcome::NoSolution => {
                assert_eq!(ours.answer, Ok(Answer::NoWayOut), "round {round}\n{input}");
                // Once every exit is closed at the start, nothing is searched.
                if maze.open_exits() != 0 {
                    assert_eq!(ours.states, bfs.stats.expanded, "round {round}\n{input}");
                }
                no_way_out += 1;
            }
            _ => unreachable!("no limit was set"),
        }
    }
    // Each table row exercises both outcomes (the denser the walls, the more often there is no
    // way out), and some answers are not trivial.
    assert!(
        solved >= 20 && no_way_out >= at_least_no_way_out,
        "{solved} solved, {no_way_out} with no way out"
    );
    assert!(longest >= 5, "longest answer {longest}");
}

/// The proof counts every reachable position, for a maze with no way out and many of them.
#[test]
fn the_proof_counts_what_breadth_first_search_expands() {
    let input = include_str!("../data/no-way-out-10.in");
    for (number, maze) in cases(input).map(Result::unwrap).enumerate() {
        let bfs = breadth_first(&WallPusher, &maze);
        if bfs.stats.expanded > MAX_POSITIONS {
            continue;
        }
        assert_eq!(bfs.outcome, Outcome::NoSolution);
        let ours = answered(maze);
        assert_eq!(ours.states, bfs.stats.expanded, "case {}", number + 1);
    }
}
