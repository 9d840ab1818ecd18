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

use search_core::{Heuristic, Problem};

/// The tests' seeded generator, under the name these tests have always used.
pub use test_support::SplitMix64 as Rng;

/// A problem made around another, with its states, moves and costs: a test's recorder or
/// counter of what the drivers ask.
pub trait Wrapper: Problem {
    /// The problem wrapped.
    type Inner: Problem<State = Self::State, Move = Self::Move, Cost = Self::Cost>;

    fn inner(&self) -> &Self::Inner;
}

/// The inner problem's heuristic, all of it (the fast driver prices children before their move
/// with `estimate_child`, and may stop early), for a [`Wrapper`].
pub struct Through<H>(pub H);

impl<W: Wrapper, H: Heuristic<W::Inner>> Heuristic<W> for Through<H> {
    fn estimate(&self, problem: &W, state: &W::State) -> W::Cost {
        self.0.estimate(problem.inner(), state)
    }
    fn estimate_child(
        &self,
        problem: &W,
        parent: &W::State,
        mv: W::Move,
        parent_estimate: W::Cost,
    ) -> Option<W::Cost> {
        self.0.estimate_child(problem.inner(), parent, mv, parent_estimate)
    }
    fn stops_early(&self) -> bool {
        self.0.stops_early()
    }
    fn estimate_child_until(
        &self,
        problem: &W,
        parent: &W::State,
        mv: W::Move,
        parent_estimate: W::Cost,
        enough: W::Cost,
    ) -> Option<W::Cost> {
        self.0.estimate_child_until(problem.inner(), parent, mv, parent_estimate, enough)
    }
}

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
