//! Breadth-first search: shortest answers, proofs of "no solution", limits.

use crate::common;

use common::grid::Grid;
use common::sliding::Sliding;
use common::{Rng, replay};
use rstest::rstest;
use search_core::{BreadthFirst, Limits, Outcome, Problem, StopReason, breadth_first};

/// Half of the 2 x 3 boards are unreachable (odd permutations); from one of them, breadth-first
/// search expands every one of the 360 boards it can reach and proves there is no way.
#[test]
fn an_unsolvable_board_is_proved_unsolvable_after_visiting_its_whole_component() {
    let puzzle = Sliding::new(3, 2);
    let swapped = puzzle.board(&[0, 2, 1, 3, 4, 5]);
    let report = breadth_first(&puzzle, &swapped);
    assert_eq!(report.outcome, Outcome::NoSolution);
    assert_eq!(report.stats.expanded, 360);
}

#[rstest]
fn answers_are_legal_and_reach_the_goal(#[values(41, 42, 43, 44)] seed: u64) {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.scrambled(&mut Rng::new(seed), 60);
    let solution = breadth_first(&puzzle, &start).outcome.into_solution().unwrap();
    let (end, cost) = replay(&puzzle, &start, &solution.moves);
    assert!(puzzle.is_goal(&end));
    assert_eq!(usize::from(cost), solution.moves.len());
    assert_eq!(solution.cost, cost);
}

#[test]
fn the_solved_start_is_answered_with_no_moves() {
    let puzzle = Sliding::new(2, 2);
    let report = breadth_first(&puzzle, &puzzle.goal());
    assert_eq!(report.outcome.solution().map(|s| s.moves.len()), Some(0));
}

#[test]
fn a_walled_off_goal_is_no_solution_on_a_grid() {
    let mut grid = Grid { width: 4, height: 3, cost: vec![Some(1); 12] };
    grid.cost[10] = None;
    grid.cost[7] = None;
    assert_eq!(breadth_first(&grid, &0).outcome, Outcome::NoSolution);
    grid.cost[7] = Some(1);
    assert_eq!(breadth_first(&grid, &0).outcome.solution().map(|s| s.moves.len()), Some(5));
}

#[test]
fn limits_stop_breadth_first_search() {
    let puzzle = Sliding::new(3, 2);
    let swapped = puzzle.board(&[0, 2, 1, 3, 4, 5]);
    let budget =
        BreadthFirst::new(&puzzle).limits(Limits::default().max_generated(100)).run(&swapped);
    assert!(matches!(budget.outcome, Outcome::Stopped { reason: StopReason::NodeLimit, .. }));
    assert_eq!(budget.stats.generated, 100);
    let shallow = BreadthFirst::new(&puzzle).limits(Limits::default().max_bound(5)).run(&swapped);
    assert_eq!(shallow.outcome, Outcome::Stopped { reason: StopReason::BoundLimit, bound: 6 });
}
