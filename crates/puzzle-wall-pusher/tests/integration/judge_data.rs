//! The shared data: every answer is legal (checked by the tests' own implementation of the rules)
//! and as long as the independent breadth-first solver's, and the sample is answered exactly.
//!
//! The data files are copies of the shared test data, kept in `tests/data` so the tests read
//! nothing outside the crate.

use puzzle_wall_pusher::{Answer, Maze, cases, solve};
use rstest::rstest;

use crate::checker;
use crate::common::answered;
use checker::Board;

/// The mazes of an input, parsed.
fn mazes(input: &str) -> Vec<Maze> {
    cases(input).map(|case| case.expect("the shared data is well formed")).collect()
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
fn every_case_is_answered_legally_and_optimally(#[case] input: &str, #[case] lengths: &str) {
    let lengths: Vec<&str> = lengths.split_whitespace().collect();
    let mazes = mazes(input);
    let boards = Board::parse_all(input);
    assert_eq!(mazes.len(), lengths.len());
    assert_eq!(boards.len(), lengths.len());
    for (number, maze) in mazes.iter().enumerate() {
        let case = number + 1;
        let line = solve(maze).to_string();
        let line = line.trim_end();
        if lengths[number] == "none" {
            assert_eq!(line, "No way out", "case {case}");
        } else {
            assert_eq!(line.len().to_string(), lengths[number], "case {case}: {line}");
            if let Err(error) = boards[number].check(line) {
                panic!("case {case}: {line}: {error}");
            }
        }
    }
}

#[test]
fn the_sample_is_answered_exactly() {
    let mut output = String::new();
    for maze in mazes(include_str!("../data/sample.in")) {
        output += &solve(&maze).to_string();
    }
    assert_eq!(output, include_str!("../data/sample.out"));
}

/// A start with an open exit is answered in one move, the first open side in W, N, E, S order.
#[test]
fn an_exit_at_the_start_is_taken_at_once() {
    let input = include_str!("../data/exit-at-start-5.in");
    for (maze, board) in mazes(input).iter().zip(Board::parse_all(input)) {
        let line = solve(maze).to_string();
        let first_open = ['W', 'N', 'E', 'S']
            .into_iter()
            .enumerate()
            .find(|&(k, _)| {
                board.masks[maze.player()] >> k & 1 == 0 && {
                    let mut probe = board.clone();
                    probe.play(['W', 'N', 'E', 'S'][k]) == Ok(true)
                }
            })
            .map(|(_, letter)| letter)
            .unwrap();
        assert_eq!(line, format!("{first_open}\n"));
    }
}

/// The no-way-out proofs reach as many positions as the breadth-first solver would: from 1 to
/// about a million, all of which the proof counts.
#[test]
fn no_way_out_proofs_count_their_positions() {
    let counts: Vec<u64> = mazes(include_str!("../data/no-way-out-10.in"))
        .iter()
        .map(|maze| {
            let solved = answered(*maze);
            assert_eq!(solved.answer, Ok(Answer::NoWayOut));
            solved.states
        })
        .collect();
    assert!(counts.iter().any(|&states| states > 100_000), "{counts:?}");
    assert!(counts.iter().all(|&states| states >= 1), "{counts:?}");
}
