//! IDA\* as a textbook writes it: one loop over the bounds, one recursive search under a bound.
//!
//! This is the algorithm of Korf (1985) in its plainest form; [`IdaStar`](crate::IdaStar) does
//! exactly this, node for node, faster.
//!
//! - [`ida_star`] is the loop over the bounds: the first bound is the start's estimate, and each
//!   next bound is the least `f = g + h` that exceeded the last, so no bound skips past the cost
//!   of the cheapest solution.
//! - `search` is one iteration: a depth-first search that cuts off every child whose `f` exceeds
//!   the bound, tests the others for the goal as soon as they are generated, and searches below
//!   those that are not.

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
    let mut path = Vec::new(); // the moves from the start: all that IDA* keeps
    if problem.is_goal(&state) {
        return Outcome::Solved(Solution { moves: path, cost: P::Cost::zero() });
    }
    let mut bound = heuristic.estimate(problem, &state);
    loop {
        // One iteration: every path whose f stays within the bound.
        let mut next_bound = None;
        let g = P::Cost::zero();
        // mark: iteration
        let found = search(problem, heuristic, &mut state, &mut path, g, bound, &mut next_bound);
        if let Some(cost) = found {
            return Outcome::Solved(Solution { moves: path, cost });
        }
        // mark: iteration_end
        match next_bound {
            // The least f cut off is the next bound.
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
    // Expand: generate the children in move order.
    // mark: expand
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
            // mark: cutoff
            Some(f) if f > bound => *next_bound = Some(next_bound.map_or(f, |next| next.min(f))),
            // Within the bound: a goal ends the search, any other node is searched below.
            Some(_) if problem.is_goal(state) => {
                path.push(mv);
                // mark: goal
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
    None // this subtree is exhausted under the bound
}
