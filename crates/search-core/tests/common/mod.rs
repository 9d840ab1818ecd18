//! Toy problems shared by the integration tests (and, for `sliding`, the benchmark).
#![allow(dead_code, reason = "each test binary uses a different part of the toolbox")]

pub mod grid;
pub mod korf;
pub mod ladder;
pub mod pancakes;
pub mod sliding;

use search_core::Problem;

/// `SplitMix64`: a tiny, well-mixed generator, so tests are random yet reproducible by seed.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next_u64() % n as u64).expect("below n")
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
