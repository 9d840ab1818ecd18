//! The solvability test on known boards, and boards of other sizes solved.

use crate::common;

use puzzle_sliding::{Answer, Board, LinearConflict, Manhattan, Sliding, solve};
use rstest::rstest;
use search_core::{Problem, breadth_first, ida_star};

#[rstest]
#[case::goal_3(3, &[0, 1, 2, 3, 4, 5, 6, 7, 8], true)]
#[case::two_tiles_swapped_3(3, &[0, 2, 1, 3, 4, 5, 6, 7, 8], false)]
#[case::blank_moved_3(3, &[3, 1, 2, 0, 4, 5, 6, 7, 8], true)]
#[case::reversed_3(3, &[0, 8, 7, 6, 5, 4, 3, 2, 1], true)]
#[case::goal_4(4, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], true)]
#[case::fourteen_fifteen_4(4, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14], false)]
#[case::blank_down_4(4, &[4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], true)]
#[case::blank_down_swapped_4(4, &[4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14], false)]
#[case::blank_right_swapped_4(4, &[1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14], false)]
fn known_boards(#[case] width: usize, #[case] cells: &[u8], #[case] solvable: bool) {
    assert_eq!(Board::new(width, cells).unwrap().is_solvable(), solvable);
}

#[test]
fn known_5x5_boards() {
    let goal: Vec<u8> = (0..25).collect();
    assert!(Board::new(5, &goal).unwrap().is_solvable());
    let mut swapped = goal.clone();
    swapped.swap(23, 24);
    assert!(!Board::new(5, &swapped).unwrap().is_solvable());
    assert!(common::scrambled(5, 7, 101).is_solvable());
}

#[rstest]
fn the_test_agrees_with_breadth_first_search_on_the_8_puzzle(
    #[values(1, 2, 3, 4, 5, 6)] seed: u64,
) {
    let board = common::shuffled(3, seed);
    let reachable = breadth_first(&Sliding::new(3), &board).outcome.solution().is_some();
    assert_eq!(board.is_solvable(), reachable, "{board:?}");
}

#[rstest]
fn scrambled_boards_of_every_size_are_solvable(#[values(2, 3, 4, 5)] width: usize) {
    for seed in 0..10 {
        assert!(common::scrambled(width, seed, 57).is_solvable());
    }
}

#[test]
fn unsolvable_boards_are_answered_without_a_search() {
    // A search of this board by IDA* would never end: `solve` answers at once.
    let board = Board::new(3, &[0, 2, 1, 3, 4, 5, 6, 7, 8]).unwrap();
    let answer = solve(&board);
    assert_eq!(answer, Answer::Unsolvable);
    assert_eq!(answer.to_string(), "unsolvable");
    assert_eq!(answer.length(), None);
}

#[rstest]
fn an_easy_24_puzzle_is_solved(#[values(1, 2, 3)] seed: u64) {
    let puzzle = Sliding::new(5);
    let board = common::scrambled(5, seed, 30);
    let Answer::Solved(moves) = solve(&board) else { panic!("solvable") };
    assert!(moves.len() <= 30);
    assert!(puzzle.play(&board, &moves).unwrap().is_goal());
    let length = |report: search_core::Report<_, u8>| report.outcome.solution().map(|s| s.cost);
    let cost = u8::try_from(moves.len()).ok();
    assert_eq!(length(ida_star(&puzzle, &Manhattan, &board)), cost);
    assert_eq!(length(ida_star(&puzzle, &LinearConflict, &board)), cost);
    assert!(!puzzle.legal_moves(&board).is_empty());
}

#[test]
fn the_2x2_puzzle_is_solved_too() {
    let board = Board::new(2, &[3, 2, 0, 1]).unwrap();
    assert_eq!(solve(&board).to_string(), "URDLU");
}

/// An unsolvable 15-puzzle board is answered without the databases being made (they take seconds
/// to build; `DisjointDatabases::fifteen` would build them on first use).
#[test]
fn an_unsolvable_board_is_answered_without_building_the_databases() {
    let board = Board::new(4, &[1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14]).unwrap();
    let started = std::time::Instant::now();
    assert_eq!(solve(&board), Answer::Unsolvable);
    // Building the 6-6-3 databases takes seconds in any build; answering takes microseconds.
    assert!(started.elapsed() < std::time::Duration::from_millis(500), "{:?}", started.elapsed());
}
