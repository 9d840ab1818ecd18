//! Rectangular boards solved by IDA\* against the complete searches.

use std::collections::HashSet;

use puzzle_sliding::{Answer, Board, Manhattan, Sliding, solve};
use search_core::{AStar, Node, Observer, Outcome, Problem, breadth_first, ida_star};

/// Every arrangement of the tiles `0..cells`, in lexicographic order.
fn permutations(cells: u8) -> Vec<Vec<u8>> {
    let mut all = Vec::new();
    let mut current: Vec<u8> = (0..cells).collect();
    loop {
        all.push(current.clone());
        // The next permutation in lexicographic order, if any.
        let Some(i) = (1..current.len()).rev().find(|&i| current[i - 1] < current[i]) else {
            return all;
        };
        let j = (i..current.len()).rev().find(|&j| current[j] > current[i - 1]).unwrap();
        current.swap(i - 1, j);
        current[i..].reverse();
    }
}

/// Whether `moves` lead `board` to the goal.
fn reaches_goal(puzzle: &Sliding, board: &Board, moves: &[puzzle_sliding::Slide]) -> bool {
    puzzle.play(board, moves).is_some_and(|end| end.is_goal())
}

/// Every board of the shape: the solvable half solved by IDA\* (the library's `solve`, Manhattan
/// being the default there) in breadth-first search's number of moves, the other half proven
/// unsolvable by the parity test and by breadth-first search running out of positions.
fn every_board_against_breadth_first(width: usize, height: usize) {
    let puzzle = Sliding::rectangular(width, height);
    let (mut solvable, mut unsolvable) = (0, 0);
    for cells in permutations(u8::try_from(width * height).unwrap()) {
        let board = Board::rectangular(width, height, &cells).unwrap();
        let complete = breadth_first(&puzzle, &board);
        let answer = solve(&board);
        match (complete.outcome, answer) {
            (Outcome::Solved(shortest), Answer::Solved(moves)) => {
                assert!(board.is_solvable(), "{board}");
                assert_eq!(moves.len(), shortest.moves.len(), "{board}");
                assert!(reaches_goal(&puzzle, &board, &moves), "{board}");
                solvable += 1;
            }
            (Outcome::NoSolution, Answer::Unsolvable) => {
                assert!(!board.is_solvable(), "{board}");
                // Every position of the other half was reached and expanded.
                assert_eq!(complete.stats.expanded, 360, "{board}");
                unsolvable += 1;
            }
            (outcome, answer) => panic!("{board}: breadth-first {outcome:?}, IDA* {answer}"),
        }
    }
    assert_eq!((solvable, unsolvable), (360, 360));
}

#[test]
fn every_2x3_board_against_breadth_first_search() {
    every_board_against_breadth_first(2, 3);
}

#[test]
fn every_3x2_board_against_breadth_first_search() {
    every_board_against_breadth_first(3, 2);
}

/// The positions a breadth-first search from the start puts on its open list.
#[derive(Default)]
struct Reached(HashSet<Board>);

impl Observer<Sliding> for Reached {
    fn node_queued(&mut self, node: &Node<'_, Sliding>) {
        self.0.insert(*node.state);
    }
}

/// The parity test refuses exactly the positions reachable from the goal with two tiles
/// swapped, on boards of even and odd widths and heights: that half searched whole by
/// breadth-first search (it holds no goal, so the search runs to the end).
#[test]
fn the_parity_test_accepts_exactly_the_reachable_positions() {
    for (width, height) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)] {
        let puzzle = Sliding::rectangular(width, height);
        let mut swapped: Vec<u8> = Board::rectangular_goal(width, height).cells().to_vec();
        swapped.swap(1, 2);
        let swapped = Board::rectangular(width, height, &swapped).unwrap();
        let mut reached = Reached::default();
        let report = search_core::BreadthFirst::new(&puzzle).observer(&mut reached).run(&swapped);
        assert_eq!(report.outcome, Outcome::NoSolution, "{width}x{height}");
        let all = permutations(u8::try_from(width * height).unwrap());
        assert_eq!(reached.0.len() * 2, all.len(), "{width}x{height}");
        for cells in all {
            let board = Board::rectangular(width, height, &cells).unwrap();
            assert_eq!(
                board.is_solvable(),
                !reached.0.contains(&board),
                "{width}x{height} {board}"
            );
        }
    }
}

/// The board `steps` moves of a fixed pseudo-random walk from the goal (never straight back).
fn walked(puzzle: &Sliding, steps: usize, seed: u64) -> Board {
    let mut board = Board::rectangular_goal(puzzle.width(), puzzle.height());
    let mut state = seed;
    let mut back = None;
    for _ in 0..steps {
        state =
            state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let moves: Vec<_> =
            puzzle.moves(&board).iter().copied().filter(|&mv| Some(mv) != back).collect();
        let mv = moves[usize::try_from(state >> 33).unwrap() % moves.len()];
        puzzle.apply(&mut board, mv);
        back = puzzle.inverse(mv);
    }
    board
}

#[test]
fn boards_of_3x4_and_4x3_against_astar() {
    for (width, height) in [(3, 4), (4, 3)] {
        let puzzle = Sliding::rectangular(width, height);
        for seed in 1..=4 {
            let board = walked(&puzzle, 60, seed);
            let what = format!("{width}x{height} seed {seed}: {board}");
            assert!(board.is_solvable(), "{what}");
            let ida = ida_star(&puzzle, &Manhattan, &board);
            let best_first = AStar::new(&puzzle, &Manhattan).run(&board);
            let (ida, best_first) =
                (ida.outcome.into_solution(), best_first.outcome.into_solution());
            let (ida, best_first) = (ida.expect(&what), best_first.expect(&what));
            assert_eq!(ida.cost, best_first.cost, "{what}");
            assert!(reaches_goal(&puzzle, &board, &ida.moves), "{what}");
            assert!(reaches_goal(&puzzle, &board, &best_first.moves), "{what}");
            // The library's answer is IDA*'s with Manhattan, the heuristic offered there.
            let Answer::Solved(moves) = solve(&board) else { panic!("{what}") };
            assert_eq!(moves, ida.moves, "{what}");
        }
    }
}

#[test]
fn moves_come_up_left_right_down_and_the_reflection_swaps_the_sides() {
    // Blank in the middle of the left column of a 2 x 3 board: up, right, down.
    let puzzle = Sliding::rectangular(2, 3);
    let board = Board::rectangular(2, 3, &[2, 1, 0, 3, 4, 5]).unwrap();
    let letters: String = puzzle.moves(&board).iter().map(ToString::to_string).collect();
    assert_eq!(letters, "URD");
    let reflected = board.reflected();
    assert_eq!((reflected.width(), reflected.height()), (3, 2));
    assert_eq!(reflected.reflected(), board);
    assert_eq!(Board::rectangular_goal(2, 3).reflected(), Board::rectangular_goal(3, 2));
    let (flat, tall) = (Sliding::rectangular(3, 2), &puzzle);
    assert_eq!(flat.manhattan(&reflected), tall.manhattan(&board));
}
