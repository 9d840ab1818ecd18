//! Iterative deepening: IDA* with the blind bound.

use crate::common;

use common::pancakes::{Pancakes, random_stack};
use common::sliding::Sliding;
use common::{Rng, all_solutions_of_length};
use rstest::rstest;
use search_core::{Outcome, breadth_first, iddfs};

#[rstest]
fn iddfs_deepens_one_move_at_a_time(#[values(1, 2, 3)] seed: u64) {
    let stack = random_stack(&mut Rng::new(seed), 6);
    let report = iddfs(&Pancakes, &stack);
    let length = report.outcome.solution().unwrap().moves.len();
    let bounds: Vec<u16> = report.stats.iterations.iter().map(|i| i.bound).collect();
    let expected: Vec<u16> = (0..=u16::try_from(length).unwrap()).collect();
    assert_eq!(bounds, expected);
}

#[rstest]
fn iddfs_returns_the_first_shortest_answer_like_breadth_first(
    #[values(31, 32, 33, 34, 35, 36)] seed: u64,
) {
    let puzzle = Sliding::new(3, 2);
    let start = puzzle.scrambled(&mut Rng::new(seed), 12);
    let deepened = iddfs(&puzzle, &start).outcome.into_solution().unwrap();
    let broad = breadth_first(&puzzle, &start).outcome.into_solution().unwrap();
    assert_eq!(deepened, broad);
    assert_eq!(
        all_solutions_of_length(&puzzle, &start, deepened.moves.len()).first(),
        Some(&deepened.moves)
    );
}

#[test]
fn iddfs_counts_each_level_of_a_uniform_tree() {
    // Pancakes of 4: three flips everywhere, and never the same flip twice in a row, so level d
    // of the tree holds 3 * 2^(d-1) nodes; iteration d generates levels 1..=d+1 up to its bound.
    let report = iddfs(&Pancakes, &vec![3, 2, 0, 1]);
    let generated: Vec<u64> = report.stats.iterations.iter().map(|i| i.generated).collect();
    assert!(matches!(report.outcome, Outcome::Solved(_)));
    let full_iterations = &generated[..generated.len() - 1];
    let expected: Vec<u64> = (0..full_iterations.len())
        .map(|d| (1..=d + 1).map(|level| 3 * (1_u64 << (level - 1))).sum())
        .collect();
    assert_eq!(full_iterations, expected);
}
