//! Toy problems shared by the integration tests (and, for `sliding`, the benchmark).
#![allow(dead_code, reason = "each test binary uses a different part of the toolbox")]

pub mod broom;
pub mod corridor;
pub mod grid;
pub mod korf;
pub mod ladder;
pub mod pancakes;
pub mod sliding;
pub mod weighted;

use search_core::Problem;

/// The tests' seeded generator, under the name these tests have always used.
pub use test_support::SplitMix64 as Rng;

/// Plays `moves` from `start`, checking each is legal, and returns the end state and the cost.
pub fn replay<P: Problem>(problem: &P, start: &P::State, moves: &[P::Move]) -> (P::State, P::Cost)
where
    P::Cost: std::ops::Add<Output = P::Cost>,
{
    let mut state = start.clone();
    let mut cost = P::Cost::default();
    for &mv in moves {
        assert!(problem.legal_moves(&state).contains(&mv), "{mv:?} is not legal here");
        cost = cost + problem.cost(&state, mv);
        problem.apply(&mut state, mv);
    }
    (state, cost)
}

/// Every sequence of exactly `len` legal moves from `start` that ends on a goal, in move order,
/// found by brute force: an oracle for the tie-break, independent of every driver.
pub fn all_solutions_of_length<P: Problem>(
    problem: &P,
    start: &P::State,
    len: usize,
) -> Vec<Vec<P::Move>> {
    fn walk<P: Problem>(
        problem: &P,
        state: &mut P::State,
        left: usize,
        path: &mut Vec<P::Move>,
        out: &mut Vec<Vec<P::Move>>,
    ) {
        if left == 0 {
            if problem.is_goal(state) {
                out.push(path.clone());
            }
            return;
        }
        for mv in problem.legal_moves(state) {
            problem.apply(state, mv);
            path.push(mv);
            walk(problem, state, left - 1, path, out);
            path.pop();
            problem.undo(state, mv);
        }
    }
    let mut out = Vec::new();
    walk(problem, &mut start.clone(), len, &mut Vec::new(), &mut out);
    out
}
