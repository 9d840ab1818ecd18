//! The parallel IDA* driver gives the sequential driver's answers and counts on Korf's
//! instances, with pattern databases and with the Manhattan distance, for 1, 2, 3 and 8
//! threads; the databases built on several threads are the same tables.

use crate::common;

use std::sync::OnceLock;

use puzzle_sliding::{DisjointDatabases, Manhattan, Pattern, Sliding};
use rstest::rstest;
use search_core::{Heuristic, IdaStar, Report};

/// The thread counts every comparison runs with.
const THREADS: [usize; 4] = [1, 2, 3, 8];

/// Small 15-puzzle databases, 5-5-5, once per test binary (a fraction of a second; the 6-6-3
/// ones take seconds even in a release build, and are the benchmark's).
fn fifteen_small() -> &'static DisjointDatabases {
    static SHARED: OnceLock<DisjointDatabases> = OnceLock::new();
    SHARED.get_or_init(|| {
        let partition: [&[u8]; 3] = [&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], &[11, 12, 13, 14, 15]];
        DisjointDatabases::build(&Sliding::new(4), &partition)
    })
}

/// `(bound, generated, expanded)` of each iteration.
fn iterations(report: &Report<puzzle_sliding::Slide, u8>) -> Vec<(u8, u64, u64)> {
    report.stats.iterations.iter().map(|i| (i.bound, i.generated, i.expanded)).collect()
}

/// Every instance of `ids` from `heuristic`, sequentially and with each thread count.
fn compare<H: Heuristic<Sliding> + Sync>(
    heuristic: &H,
    chosen: impl Fn(&common::Instance) -> bool,
) {
    let puzzle = Sliding::new(4);
    let mut drivers: Vec<_> =
        THREADS.iter().map(|&threads| IdaStar::new(&puzzle, heuristic).threads(threads)).collect();
    for instance in common::korf().iter().filter(|instance| chosen(instance)) {
        let sequential = IdaStar::new(&puzzle, heuristic).run(&instance.board);
        let length = sequential.outcome.solution().map(|solution| solution.cost);
        assert_eq!(length, Some(instance.length), "instance {}", instance.id);
        for (driver, threads) in drivers.iter_mut().zip(THREADS) {
            let parallel = driver.run(&instance.board);
            let context = format!("instance {}, {threads} threads", instance.id);
            assert_eq!(parallel.outcome, sequential.outcome, "{context}");
            assert_eq!(iterations(&parallel), iterations(&sequential), "{context}");
        }
    }
}

/// With the databases, the instances the 5-5-5 databases solve in well under a million nodes:
/// a third of Korf's 100.
#[rstest]
fn korf_instances_with_pattern_databases(#[values(0, 1, 2, 3)] part: u32) {
    compare(fifteen_small(), |instance| instance.id % 4 == part && instance.nodes < 20_000_000);
}

/// With the Manhattan distance, Korf's node counts, on the instances under a million nodes.
#[test]
fn korf_instances_with_the_manhattan_distance() {
    compare(&Manhattan, |instance| instance.nodes < 1_000_000);
}

#[rstest]
#[case::eight_puzzle(3, &[1, 2, 3, 4])]
#[case::fifteen_three(4, &[13, 14, 15])]
#[case::fifteen_four(4, &[1, 4, 5, 8])]
#[case::fifteen_five(4, &[6, 7, 8, 9, 10])]
fn the_databases_built_on_several_threads_are_the_same(#[case] width: usize, #[case] tiles: &[u8]) {
    let puzzle = Sliding::new(width);
    let pattern = Pattern::new(tiles, width * width);
    let database = pattern.build(&puzzle);
    for threads in THREADS {
        assert_eq!(pattern.build_on(&puzzle, threads), database, "{threads} threads");
    }
}
