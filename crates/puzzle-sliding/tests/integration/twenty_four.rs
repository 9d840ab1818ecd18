//! The 24-puzzle's machinery on databases small enough for every test run: a partition of the
//! 5x5 board into eight three-tile regions, three of them images of one another under turns of
//! the board, so that the symmetric look-ups, the tracked search and the parallel driver all run
//! on the code path of the 6-6-6-6 databases (whose build takes minutes, and is the
//! benchmark's: `benches/korf24.rs`).

use crate::common;

use std::sync::OnceLock;

use puzzle_sliding::{
    Board, DisjointDatabases, Manhattan, Sliding, SymmetricDatabases, TWENTY_FOUR_6_6_6_6, Tracked,
    TrackedBoard, TrackedBound, solve,
};
use rstest::rstest;
use search_core::{Heuristic, IdaStar, breadth_first, ida_star};

/// `{3, 4, 8}` and its images under a half turn and a quarter turn, then five more regions that
/// no symmetry relates: eight regions, the most a partition may have.
const SMALL: [&[u8]; 8] = [
    &[3, 4, 8],
    &[21, 20, 16],
    &[19, 24, 18],
    &[1, 2, 7],
    &[5, 6, 10],
    &[9, 13, 14],
    &[11, 12, 17],
    &[15, 22, 23],
];

/// The search on tracked boards with the small databases: eight regions, so 16 slots.
fn wide(puzzle: &Sliding) -> Tracked<'_, 16> {
    Tracked::with_slots(puzzle, small())
}

/// The small databases, once per test binary.
fn small() -> &'static SymmetricDatabases {
    static SHARED: OnceLock<SymmetricDatabases> = OnceLock::new();
    SHARED.get_or_init(|| SymmetricDatabases::build(&Sliding::new(5), &SMALL, 0))
}

#[test]
fn the_images_of_a_region_share_its_table() {
    let patterns = SymmetricDatabases::patterns(&Sliding::new(5), &SMALL);
    // Eight regions on the board and eight reflected: the half and the quarter turn of {3, 4, 8}
    // need no table of their own, and neither do some of the reflections.
    assert!(patterns.len() < 16 - 2, "{} tables", patterns.len());
    assert_eq!(patterns[0].tiles(), [3, 4, 8]);
    assert!(patterns.iter().all(|pattern| pattern.tiles() != [21, 20, 16]));
    // The real partition: two tables.
    assert_eq!(SymmetricDatabases::patterns(&Sliding::new(5), &TWENTY_FOUR_6_6_6_6).len(), 2);
}

/// The bound through symmetries is the bound of databases built for every region directly
/// (what the C program's `--verify-sym` checks for the 6-6-6-6 databases).
#[test]
fn symmetric_look_ups_equal_databases_built_for_every_region() {
    let puzzle = Sliding::new(5);
    let direct = DisjointDatabases::build(&puzzle, &SMALL);
    for seed in 0..300 {
        let board = common::scrambled(5, seed, 200);
        assert_eq!(
            small().estimate(&puzzle, &board),
            direct.estimate(&puzzle, &board),
            "{board:?}"
        );
    }
}

/// Boards a few random moves from the goal, with short optimal solutions.
fn near(seed: u64) -> Board {
    common::scrambled(5, seed, 16 + usize::try_from(seed % 30).unwrap())
}

#[test]
fn optimal_lengths_agree_with_breadth_first_search() {
    let puzzle = Sliding::new(5);
    let tracked = wide(&puzzle);
    for seed in 0..40 {
        let board = common::scrambled(5, seed, 12);
        let expected = breadth_first(&puzzle, &board).outcome.solution().unwrap().cost;
        let report = ida_star(&tracked, &TrackedBound, &TrackedBoard::with_slots(small(), &board));
        assert_eq!(report.outcome.solution().unwrap().cost, expected, "seed {seed}");
    }
}

#[test]
fn the_tracked_search_is_the_plain_search_to_the_node() {
    let puzzle = Sliding::new(5);
    let tracked = wide(&puzzle);
    for seed in 0..60 {
        let board = near(seed);
        let plain = ida_star(&puzzle, small(), &board);
        let fast = ida_star(&tracked, &TrackedBound, &TrackedBoard::with_slots(small(), &board));
        let moves = |report: &search_core::Report<_, u8>| {
            report.outcome.solution().map(|solution| solution.moves.clone())
        };
        assert_eq!(moves(&plain), moves(&fast), "seed {seed}");
        assert_eq!(plain.stats.iterations.len(), fast.stats.iterations.len());
        for (a, b) in plain.stats.iterations.iter().zip(&fast.stats.iterations) {
            assert_eq!((a.bound, a.generated, a.expanded), (b.bound, b.generated, b.expanded));
        }
        let manhattan = ida_star(&puzzle, &Manhattan, &board);
        assert_eq!(
            manhattan.outcome.solution().map(|solution| solution.cost),
            fast.outcome.solution().map(|solution| solution.cost),
            "seed {seed}"
        );
        assert!(small().estimate(&puzzle, &board) >= Manhattan.estimate(&puzzle, &board));
    }
}

#[rstest]
fn the_parallel_driver_gives_the_sequential_answer(#[values(2, 3, 8)] threads: usize) {
    let puzzle = Sliding::new(5);
    let tracked = wide(&puzzle);
    let mut parallel = IdaStar::new(&tracked, &TrackedBound).threads(threads);
    for seed in 100..130 {
        let start = TrackedBoard::with_slots(small(), &near(seed));
        let sequential = ida_star(&tracked, &TrackedBound, &start);
        let report = parallel.run(&start);
        assert_eq!(
            report.outcome.solution().map(|solution| &solution.moves),
            sequential.outcome.solution().map(|solution| &solution.moves),
            "seed {seed}, {threads} threads"
        );
        // Each iteration before the last searches the whole tree under its bound.
        let whole = |report: &search_core::Report<_, u8>| -> Vec<(u8, u64)> {
            let iterations = &report.stats.iterations;
            iterations[..iterations.len() - 1].iter().map(|i| (i.bound, i.generated)).collect()
        };
        assert_eq!(whole(&report), whole(&sequential), "seed {seed}");
    }
}

/// `solve` answers a 24-puzzle without its databases (minutes to build: the library never
/// starts that unasked), optimally.
#[test]
fn solve_answers_a_24_puzzle_without_its_databases() {
    let board = near(1);
    let expected = ida_star(&Sliding::new(5), &Manhattan, &board).outcome.into_solution();
    assert_eq!(solve(&board).length(), expected.map(|solution| solution.moves.len()));
}
