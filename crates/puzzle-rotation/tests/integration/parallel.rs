//! The parallel IDA* driver gives the sequential driver's answers and counts on every case of
//! the shared data, with both bounds, for 1, 2, 3 and 8 threads.

use std::ops::Range;

use puzzle_rotation::{Board, Count, Exact, Move, Rotation, cases};
use rstest::rstest;
use search_core::{Heuristic, IdaStar, Report};

/// The thread counts every comparison runs with.
const THREADS: [usize; 4] = [1, 2, 3, 8];

const SAMPLE_IN: &str = include_str!("../data/sample.in");
const RANDOM_IN: &str = include_str!("../data/random-200.in");
const HARD_IN: &str = include_str!("../data/hard-30.in");

/// `(bound, generated, expanded)` of each iteration.
fn iterations(report: &Report<Move, u8>) -> Vec<(u8, u64, u64)> {
    report.stats.iterations.iter().map(|i| (i.bound, i.generated, i.expanded)).collect()
}

/// The cases `range` of `input`, sequentially and with each thread count, with `heuristic`.
fn compare<H: Heuristic<Rotation> + Sync>(heuristic: &H, input: &str, range: Range<usize>) {
    let boards: Vec<Board> = cases(input).map(|case| case.unwrap()).collect();
    let mut drivers: Vec<_> = THREADS
        .iter()
        .map(|&threads| IdaStar::new(&Rotation, heuristic).threads(threads))
        .collect();
    for number in range {
        let board = &boards[number];
        let sequential = IdaStar::new(&Rotation, heuristic).run(board);
        assert!(sequential.outcome.solution().is_some(), "case {}", number + 1);
        for (driver, threads) in drivers.iter_mut().zip(THREADS) {
            let parallel = driver.run(board);
            let context = format!("case {}, {threads} threads", number + 1);
            assert_eq!(parallel.outcome, sequential.outcome, "{context}");
            assert_eq!(iterations(&parallel), iterations(&sequential), "{context}");
        }
    }
}

/// Every case with the [`Exact`] bound (a few nodes each, but the answer must still be the
/// first in move order).
#[rstest]
#[case::sample(SAMPLE_IN)]
#[case::random_200(RANDOM_IN)]
#[case::hard_30(HARD_IN)]
fn every_case_with_the_exact_bound(#[case] input: &str) {
    let count = cases(input).count();
    compare(Exact::shared(), input, 0..count);
}

/// Every random case, and a few hard ones (millions of nodes each), with the [`Count`] bound.
#[rstest]
#[case::sample(SAMPLE_IN, 0..2)]
#[case::random_200_first_half(RANDOM_IN, 0..100)]
#[case::random_200_second_half(RANDOM_IN, 100..200)]
#[case::hard_30_first_three(HARD_IN, 0..3)]
fn the_cases_with_the_count_bound(#[case] input: &str, #[case] range: Range<usize>) {
    compare(&Count, input, range);
}
