//! IDA\* as a textbook writes it: one loop over the bounds, one recursive search under a bound.
//!
//! This is the algorithm of Korf (1985) in its plainest form, over the same [`Problem`] and
//! [`Heuristic`] traits as the fast driver, [`IdaStar`](crate::IdaStar). Read it first: the fast
//! driver does exactly this, node for node, and a test checks that both expand the same nodes in
//! the same order and return the same answer. What the fast driver adds is speed and control:
//! the search in place without a path vector, recursion near the root and an explicit stack
//! below, children priced before their move is made, limits, an observer, work units, checked
//! arithmetic on every path (here only a dead end's estimate is checked).
//!
//! - [`ida_star`] is the loop over the bounds: the first bound is the start's estimate, and each
//!   next bound is the least `f = g + h` that exceeded the last, so no bound skips past the cost
//!   of the cheapest solution.
//! - `search` is one iteration: a depth-first search that cuts off every child whose `f` exceeds
//!   the bound, tests the others for the goal as soon as they are generated, and searches below
//!   those that are not.
//!
//! ```
//! # use search_core::{Blind, MoveVec, Problem};
//! # struct Doubling { target: u32 }
//! # #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! # enum Step { AddOne, Double }
//! # impl Problem for Doubling {
//! #     type State = u32;
//! #     type Move = Step;
//! #     type Cost = u8;
//! #     type Moves<'a> = MoveVec<Step>;
//! #     fn moves(&self, n: &u32) -> MoveVec<Step> {
//! #         let mut moves = MoveVec::new();
//! #         if *n < self.target { moves.push(Step::AddOne) }
//! #         if *n > 0 && *n * 2 <= self.target { moves.push(Step::Double) }
//! #         moves
//! #     }
//! #     fn apply(&self, n: &mut u32, s: Step) { match s { Step::AddOne => *n += 1, Step::Double => *n *= 2 } }
//! #     fn undo(&self, n: &mut u32, s: Step) { match s { Step::AddOne => *n -= 1, Step::Double => *n /= 2 } }
//! #     fn inverse(&self, _: Step) -> Option<Step> { None }
//! #     fn is_goal(&self, n: &u32) -> bool { *n == self.target }
//! # }
//! use search_core::{ida_star, textbook};
//!
//! // Counting from 1 to 10 by adding one or doubling: both searches answer 1 -> 2 -> 4 -> 5 -> 10.
//! let problem = Doubling { target: 10 };
//! let plain = textbook::ida_star(&problem, &Blind, &1);
//! assert_eq!(plain, ida_star(&problem, &Blind, &1).outcome);
//! assert_eq!(plain.solution().unwrap().moves, [Step::AddOne, Step::Double, Step::AddOne, Step::Double]);
//! ```

use num_traits::{CheckedAdd, Zero};

use crate::heuristic::Heuristic;
use crate::outcome::{Outcome, Solution};
use crate::problem::Problem;

/// Searches for the first optimal solution from `start` with IDA\*, as [`IdaStar`](crate::IdaStar)
/// does, without its limits, observer or speed. `heuristic` must never overestimate.
pub fn ida_star<P: Problem, H: Heuristic<P>>(
    problem: &P,
    heuristic: &H,
    start: &P::State,
) -> Outcome<P::Move, P::Cost> {
    let mut state = start.clone();
    let mut path = Vec::new();
    if problem.is_goal(&state) {
        return Outcome::Solved(Solution { moves: path, cost: P::Cost::zero() });
    }
    let mut bound = heuristic.estimate(problem, &state);
    loop {
        let mut next_bound = None;
        let g = P::Cost::zero();
        let found = search(problem, heuristic, &mut state, &mut path, g, bound, &mut next_bound);
        if let Some(cost) = found {
            return Outcome::Solved(Solution { moves: path, cost });
        }
        match next_bound {
            Some(next) => bound = next,
            // Nothing was cut off by the bound: the whole tree was searched.
            None => return Outcome::NoSolution,
        }
    }
}

/// Searches below `state`, which `path` reached at cost `g`, for a goal within `bound`: `Some`
/// with its cost (`path` then leads to it), or `None` with `next_bound` lowered to the least `f`
/// that exceeded the bound.
fn search<P: Problem, H: Heuristic<P>>(
    problem: &P,
    heuristic: &H,
    state: &mut P::State,
    path: &mut Vec<P::Move>,
    g: P::Cost,
    bound: P::Cost,
    next_bound: &mut Option<P::Cost>,
) -> Option<P::Cost> {
    for &mv in problem.moves(state).as_ref() {
        // Not straight back the way we came (or whatever else the problem refuses).
        if path.last().is_some_and(|&last| !problem.may_follow(last, mv)) {
            continue;
        }
        let child_g = g + problem.cost(state, mv);
        problem.apply(state, mv);
        let h = heuristic.estimate(problem, state);
        match child_g.checked_add(&h) {
            // A dead end: its estimate, the cost type's maximum, overflows. Never a bound.
            None => {}
            // Beyond the bound: cut off, and a candidate for the next bound.
            Some(f) if f > bound => *next_bound = Some(next_bound.map_or(f, |next| next.min(f))),
            // Within the bound: a goal ends the search, any other node is searched below.
            Some(_) if problem.is_goal(state) => {
                path.push(mv);
                return Some(child_g);
            }
            Some(_) => {
                path.push(mv);
                let found = search(problem, heuristic, state, path, child_g, bound, next_bound);
                if found.is_some() {
                    return found;
                }
                path.pop();
            }
        }
        problem.undo(state, mv);
    }
    None
}
