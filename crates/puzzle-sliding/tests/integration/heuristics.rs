//! The heuristics: admissible, ordered (Manhattan <= linear conflicts, Manhattan <= databases), and
//! IDA* with each finds the optimal length that breadth-first search finds.

use crate::common;

use std::sync::OnceLock;

use puzzle_sliding::{Board, DisjointDatabases, LinearConflict, Manhattan, Pattern, Sliding};
use rstest::rstest;
use search_core::{Heuristic, breadth_first, ida_star};

/// The 8-puzzle's databases, 4-4: built in milliseconds.
fn eight() -> &'static DisjointDatabases {
    static SHARED: OnceLock<DisjointDatabases> = OnceLock::new();
    SHARED
        .get_or_init(|| DisjointDatabases::build(&Sliding::new(3), &[&[1, 2, 3, 4], &[5, 6, 7, 8]]))
}

/// Small 15-puzzle databases, 5-5-5, once per test binary (a fraction of a second): the
/// 6-6-3 ones are for the benchmark and the program.
fn fifteen_small() -> &'static DisjointDatabases {
    static SHARED: OnceLock<DisjointDatabases> = OnceLock::new();
    SHARED.get_or_init(|| {
        let partition: [&[u8]; 3] = [&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], &[11, 12, 13, 14, 15]];
        DisjointDatabases::build(&Sliding::new(4), &partition)
    })
}

/// A solvable random 8-puzzle board.
fn random_eight(seed: u64) -> Board {
    let board = common::shuffled(3, seed);
    if board.is_solvable() {
        return board;
    }
    // Swapping two tiles changes the parity of the inversions: the board becomes solvable.
    let mut cells = board.cells().to_vec();
    let tiles: Vec<usize> = (0..9).filter(|&cell| cells[cell] != 0).take(2).collect();
    cells.swap(tiles[0], tiles[1]);
    Board::new(3, &cells).unwrap()
}

#[rstest]
fn every_heuristic_finds_the_breadth_first_length_on_random_8_puzzles(
    #[values(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)] seed: u64,
) {
    let puzzle = Sliding::new(3);
    let board = random_eight(seed * 1000);
    let optimal = breadth_first(&puzzle, &board).outcome.solution().unwrap().cost;
    let length = |heuristic: &dyn Fn() -> Option<u8>| heuristic();
    let manhattan = || ida_star(&puzzle, &Manhattan, &board).outcome.solution().map(|s| s.cost);
    let conflict = || ida_star(&puzzle, &LinearConflict, &board).outcome.solution().map(|s| s.cost);
    let databases = || ida_star(&puzzle, eight(), &board).outcome.solution().map(|s| s.cost);
    for (name, found) in
        [("md", length(&manhattan)), ("lc", length(&conflict)), ("pdb", length(&databases))]
    {
        assert_eq!(found, Some(optimal), "{name} on {board:?}");
    }
    let md = Manhattan.estimate(&puzzle, &board);
    let lc = LinearConflict.estimate(&puzzle, &board);
    let pdb = eight().estimate(&puzzle, &board);
    assert!(md <= lc && lc <= optimal, "md {md} lc {lc} optimal {optimal}");
    assert!(md <= pdb && pdb <= optimal, "md {md} pdb {pdb} optimal {optimal}");
}

#[test]
fn on_korfs_instances_the_heuristics_are_ordered_and_admissible() {
    let puzzle = Sliding::new(4);
    for instance in common::korf() {
        let board = &instance.board;
        let md = Manhattan.estimate(&puzzle, board);
        let lc = LinearConflict.estimate(&puzzle, board);
        let pdb = fifteen_small().estimate(&puzzle, board);
        assert!(md <= lc && lc <= instance.length, "instance {}: {md} {lc}", instance.id);
        assert!(md <= pdb && pdb <= instance.length, "instance {}: {md} {pdb}", instance.id);
        let reflected = fifteen_small().estimate(&puzzle, &board.reflected());
        assert_eq!(pdb, reflected, "the larger of the two look-ups, either way round");
    }
}

#[rstest]
fn incremental_estimates_equal_estimates_from_scratch(#[values(3, 4, 5)] width: usize) {
    use search_core::Problem;
    let puzzle = Sliding::new(width);
    for seed in 0..20 {
        let board = common::shuffled(width, seed);
        for mv in puzzle.legal_moves(&board) {
            let mut child = board;
            puzzle.apply(&mut child, mv);
            for (name, heuristic) in
                [("md", &Manhattan as &dyn Heuristic<Sliding>), ("lc", &LinearConflict)]
            {
                let before = heuristic.estimate(&puzzle, &board);
                let priced = heuristic.estimate_child(&puzzle, &board, mv, before);
                assert_eq!(
                    priced,
                    Some(heuristic.estimate(&puzzle, &child)),
                    "{name} {board:?} {mv}"
                );
            }
        }
    }
}

#[test]
fn the_databases_solve_korf_instances_optimally() {
    let puzzle = Sliding::new(4);
    for instance in common::korf().iter().filter(|instance| instance.nodes < 20_000_000) {
        let report = ida_star(&puzzle, fifteen_small(), &instance.board);
        let length = report.outcome.solution().map(|solution| solution.cost);
        assert_eq!(length, Some(instance.length), "instance {}", instance.id);
    }
}

#[rstest]
#[case::eight_puzzle(3, &[1, 3, 5, 7])]
#[case::eight_puzzle_five(3, &[2, 4, 6, 8, 1])]
#[case::fifteen_three(4, &[13, 14, 15])]
#[case::fifteen_four(4, &[1, 4, 5, 8])]
fn the_region_search_and_the_zero_one_search_build_the_same_database(
    #[case] width: usize,
    #[case] tiles: &[u8],
) {
    let puzzle = Sliding::new(width);
    let pattern = Pattern::new(tiles, width * width);
    let database = pattern.build(&puzzle);
    assert_eq!(database, pattern.build_by_zero_one_search(&puzzle));
    assert_eq!(database.len(), pattern.arrangements());
    assert!(
        database
            .distances()
            .iter()
            .all(|&d| d != search_core::pattern_database::PatternDatabase::UNREACHABLE)
    );
}

#[test]
fn the_goal_is_zero_for_every_heuristic() {
    let puzzle = Sliding::new(4);
    let goal = Board::goal(4);
    assert_eq!(Manhattan.estimate(&puzzle, &goal), 0);
    assert_eq!(LinearConflict.estimate(&puzzle, &goal), 0);
    assert_eq!(fifteen_small().estimate(&puzzle, &goal), 0);
}
